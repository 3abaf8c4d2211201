/* 09 Root motion - exercise (chapter sections 11-12).
 *
 * Read the root's track like any animation curve (lerp positions, slerp
 * rotations), turn the difference between two samples into a delta in the
 * character's own frame, apply it the way the chapter's OnAnimatorMove
 * does, and bake the travel out of a clip to make it play in place.
 *
 * Every function below is a stub: it compiles and runs, but answers
 * "everything is fine, nothing moved". root_motion.h documents the
 * contract the checker tests; its given helpers (rm_duration,
 * rm_wrap_angle, rm_rotate_yaw) are there for you to use.
 */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

rm_status rm_validate(const rm_clip *clip)
{
    /* @snippet rm_validate */
    /* TODO: read the header's rules for rm_clip, then return, in this
     * order: RM_ERR_NULL for NULL; RM_ERR_FRAME_COUNT unless
     * 2 <= frame_count <= RM_MAX_FRAMES; RM_ERR_FRAME_TIME unless
     * frame_time is finite and > 0 and rm_duration(clip) is finite;
     * RM_ERR_NOT_FINITE if any of the first frame_count positions is not
     * in the world (v3_in_world: NaN, inf or beyond IK_WORLD_LIMIT), a
     * rotation holds NaN/inf or a rotation has (near) zero length
     * (quat_dot(q, q) <= IK_EPSILON_SQ). Otherwise RM_OK.
     * This stub accepts everything. */
    (void)clip;
    return RM_OK;
    /* @end rm_validate */
}

float rm_heading(quat rotation)
{
    /* @snippet rm_heading */
    /* TODO: chapter section 11 (the root bone carries the character's
     * turning): the heading is where the root faces on the ground.
     *   1. NaN/inf or zero-length rotation -> 0.
     *   2. forward = quat_rotate(quat_normalize(rotation), +Z).
     *   3. If forward.x^2 + forward.z^2 > 1e-6: atan2f(forward.x, forward.z).
     *      Otherwise (root pitched straight up/down) use the side axis:
     *      side = rotated +X, heading = atan2f(-side.z, side.x).
     *   4. Return it wrapped with rm_wrap_angle.
     * This stub says every root faces +Z. */
    (void)rotation;
    return 0.0f;
    /* @end rm_heading */
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    /* @snippet rm_sample */
    /* TODO: chapter section 11 (a clip is values sampled many times per
     * second; in between you interpolate).
     *   1. status = rm_validate(clip); out NULL -> RM_ERR_NULL; a bad
     *      status -> out = origin + identity, return it.
     *   2. Time NaN/inf -> out = frame 0, RM_ERR_TIME.
     *   3. Looping: fold time into [0, duration) (floorf; guard the
     *      rounding at both ends). Non-looping: time outside
     *      [0, duration] -> out = pose at the nearest end, RM_ERR_TIME.
     *   4. frames = time / frame_time; i = floor, clamped to
     *      0..frame_count-2; t = frames - i clamped to 0..1;
     *      position = v3_lerp, rotation = quat_slerp of frames i, i+1.
     * This stub leaves the root at the origin. */
    (void)clip;
    (void)time;
    if (out != NULL) {
        out->position = v3_zero();
        out->rotation = quat_identity();
    }
    return RM_OK;
    /* @end rm_sample */
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    /* @snippet rm_delta_between */
    /* TODO: chapter section 11 (Animator.deltaPosition/deltaRotation) and
     * 12 (the delta goes to the character, wherever it faces).
     *   1. Validate like rm_sample; out NULL -> RM_ERR_NULL; on any error
     *      out = zero translation, zero turn. Times NaN/inf, t1 < t0 ->
     *      RM_ERR_TIME. Non-looping: t0 < 0 or t1 > duration ->
     *      RM_ERR_TIME. Looping: t1 - t0 > duration -> RM_ERR_TIME.
     *   2. Inside one pass (a <= b): sample both ends WITHOUT wrapping
     *      (b == duration is the last frame), h = rm_heading(pose at a):
     *      translation = rm_rotate_yaw(p(b) - p(a), -h),
     *      turn = rm_wrap_angle(rm_heading(pose at b) - h).
     *   3. Looping: fold t0 into [0, duration) = start, end = start +
     *      (t1 - t0). end <= duration: one pass. Otherwise two parts,
     *      first = start..duration, second = 0..end-duration, chained:
     *      translation = first.translation + rm_rotate_yaw(second.translation,
     *      first.turn), turn = wrapped sum.
     * This stub says the root never moves. */
    (void)clip;
    (void)t0;
    (void)t1;
    if (out != NULL) {
        out->translation = v3_zero();
        out->turn = 0.0f;
    }
    return RM_OK;
    /* @end rm_delta_between */
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    /* @snippet rm_apply */
    /* TODO: chapter section 11, OnAnimatorMove:
     *   transform.position += deltaPosition; transform.rotation *= deltaRotation;
     * Here: NULL -> RM_ERR_NULL; NaN/inf in the character or the delta,
     * or its position or translation not in the world (v3_in_world) ->
     * RM_ERR_NOT_FINITE (leave the character alone). Otherwise
     * position += rm_rotate_yaw(translation, yaw), then
     * yaw = rm_wrap_angle(rm_wrap_angle(yaw) + turn) (wrapping first keeps
     * two huge angles from adding up to inf).
     * This stub leaves the character where it is. */
    (void)character;
    (void)delta;
    return RM_OK;
    /* @end rm_apply */
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    /* @snippet rm_bake_in_place */
    /* TODO: chapter section 12 (in-place animation, "Bake Into Pose").
     * Validate first (on error return the status, change nothing). Then
     * for every frame: q = quat_normalize(rotation), h = rm_heading(q),
     * rotation = quat_from_axis_angle(+Y, -h) * q, position.x = 0,
     * position.z = 0 (keep position.y: the bob stays in the pose).
     * This stub leaves the clip as it was. */
    (void)clip;
    return RM_OK;
    /* @end rm_bake_in_place */
}
