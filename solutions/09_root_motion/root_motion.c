/* 09 Root motion - reference solution (chapter sections 11-12).
 *
 * The root's track is sampled like any animation curve (lerp positions,
 * slerp rotations), and root motion is the difference between two samples
 * expressed in the frame of the root's heading at the first one. Measuring
 * in that frame is what lets a clip recorded walking along +Z move a
 * character that faces anywhere, and it is also what makes the deltas add
 * up: applying them one after another to a character that starts on the
 * clip's root retraces the clip exactly, whatever the step sizes.
 */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

rm_status rm_validate(const rm_clip *clip)
{
    /* @snippet rm_validate */
    if (clip == NULL)
        return RM_ERR_NULL;
    if (clip->frame_count < 2 || clip->frame_count > RM_MAX_FRAMES)
        return RM_ERR_FRAME_COUNT;
    /* A huge frame time can overflow the duration even when it is finite. */
    if (!(isfinite(clip->frame_time) && clip->frame_time > 0.0f) || !isfinite(rm_duration(clip)))
        return RM_ERR_FRAME_TIME;
    for (int i = 0; i < clip->frame_count; i++) {
        quat q = clip->rotations[i];
        if (!v3_in_world(clip->positions[i]) || !quat_is_finite(q) || !(quat_dot(q, q) > IK_EPSILON_SQ))
            return RM_ERR_NOT_FINITE;
    }
    return RM_OK;
    /* @end rm_validate */
}

float rm_heading(quat rotation)
{
    /* @snippet rm_heading */
    if (!quat_is_finite(rotation) || !(quat_dot(rotation, rotation) > IK_EPSILON_SQ))
        return 0.0f;
    quat q = quat_normalize(rotation);
    vec3 forward = quat_rotate(q, v3_forward());
    /* The heading is where the root faces on the ground, so the up/down
     * part of forward is dropped. A root pitched straight up or down has
     * no horizontal forward left; its side axis still knows the heading. */
    if (forward.x * forward.x + forward.z * forward.z > 1e-6f)
        return rm_wrap_angle(atan2f(forward.x, forward.z));
    vec3 side = quat_rotate(q, v3_right());
    return rm_wrap_angle(atan2f(-side.z, side.x));
    /* @end rm_heading */
}

/* The pose at a time inside one pass, 0 <= time <= duration, no wrapping:
 * time == duration gives the last frame (the loop's end, not its start). */
static rm_root_pose pose_in_pass(const rm_clip *clip, float time)
{
    float frames = time / clip->frame_time;
    int i = (int)floorf(frames);
    if (i < 0)
        i = 0;
    if (i > clip->frame_count - 2)
        i = clip->frame_count - 2;
    float t = frames - (float)i;
    if (t < 0.0f)
        t = 0.0f;
    if (t > 1.0f)
        t = 1.0f;
    rm_root_pose pose;
    pose.position = v3_lerp(clip->positions[i], clip->positions[i + 1], t);
    pose.rotation = quat_slerp(clip->rotations[i], clip->rotations[i + 1], t);
    return pose;
}

/* Time folded into one pass of a looping clip: [0, duration). */
static float wrap_time(float time, float duration)
{
    float folded = time - floorf(time / duration) * duration;
    /* Rounding can land exactly on (or a hair past) either end. */
    if (!(folded >= 0.0f) || folded >= duration)
        folded = 0.0f;
    return folded;
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    /* @snippet rm_sample */
    rm_status status = rm_validate(clip);
    if (out == NULL)
        return RM_ERR_NULL;
    if (status != RM_OK) {
        out->position = v3_zero();
        out->rotation = quat_identity();
        return status;
    }
    const float duration = rm_duration(clip);
    if (!isfinite(time)) {
        *out = pose_in_pass(clip, 0.0f);
        return RM_ERR_TIME;
    }
    if (clip->looping) {
        *out = pose_in_pass(clip, wrap_time(time, duration));
        return RM_OK;
    }
    if (time < 0.0f || time > duration) {
        *out = pose_in_pass(clip, time < 0.0f ? 0.0f : duration);
        return RM_ERR_TIME;
    }
    *out = pose_in_pass(clip, time);
    return RM_OK;
    /* @end rm_sample */
}

/* Motion between two times of the same pass, 0 <= a <= b <= duration. */
static rm_delta delta_in_pass(const rm_clip *clip, float a, float b)
{
    rm_root_pose from = pose_in_pass(clip, a), to = pose_in_pass(clip, b);
    float heading_from = rm_heading(from.rotation);
    rm_delta d;
    d.translation = rm_rotate_yaw(v3_sub(to.position, from.position), -heading_from);
    d.turn = rm_wrap_angle(rm_heading(to.rotation) - heading_from);
    return d;
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    /* @snippet rm_delta_between */
    rm_status status = rm_validate(clip);
    if (out == NULL)
        return RM_ERR_NULL;
    out->translation = v3_zero();
    out->turn = 0.0f;
    if (status != RM_OK)
        return status;
    const float duration = rm_duration(clip);
    if (!isfinite(t0) || !isfinite(t1) || t1 < t0)
        return RM_ERR_TIME;
    if (!clip->looping) {
        if (t0 < 0.0f || t1 > duration)
            return RM_ERR_TIME;
        *out = delta_in_pass(clip, t0, t1);
        return RM_OK;
    }
    if (t1 - t0 > duration)
        return RM_ERR_TIME;

    /* Fold the start into the pass and carry the span: the end may run
     * past the loop point, but by at most one pass. */
    const float start = wrap_time(t0, duration);
    const float end = start + (t1 - t0);
    if (end <= duration) {
        *out = delta_in_pass(clip, start, end);
        return RM_OK;
    }
    /* Across the loop point: finish this pass, then start the next one.
     * The next pass is measured from the clip's first frame, whose
     * heading is the heading the character has after the first part:
     * turn the second part by the first part's turn before adding it. */
    float rest = end - duration;
    if (rest > duration)
        rest = duration;
    rm_delta first = delta_in_pass(clip, start, duration);
    rm_delta second = delta_in_pass(clip, 0.0f, rest);
    out->translation = v3_add(first.translation, rm_rotate_yaw(second.translation, first.turn));
    out->turn = rm_wrap_angle(first.turn + second.turn);
    return RM_OK;
    /* @end rm_delta_between */
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    /* @snippet rm_apply */
    if (character == NULL || delta == NULL)
        return RM_ERR_NULL;
    /* Positions in the world (ikmath.h), so their sum is finite too. */
    if (!v3_in_world(character->position) || !isfinite(character->yaw) || !v3_in_world(delta->translation) ||
        !isfinite(delta->turn))
        return RM_ERR_NOT_FINITE;
    /* The chapter's two lines: position += deltaPosition (turned into the
     * world by where the character faces now), rotation *= deltaRotation.
     * The yaw is wrapped before the turn is added: two huge finite angles
     * could add up to inf. */
    character->position = v3_add(character->position, rm_rotate_yaw(delta->translation, character->yaw));
    character->yaw = rm_wrap_angle(rm_wrap_angle(character->yaw) + delta->turn);
    return RM_OK;
    /* @end rm_apply */
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    /* @snippet rm_bake_in_place */
    rm_status status = rm_validate(clip);
    if (status != RM_OK)
        return status;
    for (int i = 0; i < clip->frame_count; i++) {
        quat q = quat_normalize(clip->rotations[i]);
        float heading = rm_heading(q);
        /* Turning by -heading about +Y leaves the lean and sway but faces
         * the root along +Z; dropping x and z keeps only the bob. */
        clip->rotations[i] = quat_mul(quat_from_axis_angle(v3_up(), -heading), q);
        clip->positions[i].x = 0.0f;
        clip->positions[i].z = 0.0f;
    }
    return RM_OK;
    /* @end rm_bake_in_place */
}
