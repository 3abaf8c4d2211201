/*******************************************************************************
 *
 *  08 Look-at and aim IK - reference solution
 *
 *  Shows: the chapter's last pattern three times - solve fully, then blend
 *  with the animation by a weight. A bone aims with LookRotation(target -
 *  bone, up) and Slerp; a look-at spreads that turn over spine, neck and
 *  head; a hand reaches a point on a wall with the two-bone solver, its
 *  weight easing in and out with distance.
 *
 *  Chapter: section 10 (look-at, aim, hand on a wall), section 5 (two-bone
 *  solve).
 *
 ******************************************************************************/

#include "aim_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    /* @snippet aim_bone */
    if (out == NULL)
        return AIM_INVALID;
    /* `!(w >= 0 && w <= 1)` also turns a NaN weight away; "in the world"
     * (ikmath.h) turns away NaN, inf and points too far to subtract. */
    if (!v3_in_world(position) || !v3_in_world(target) || !quat_is_finite(animated) ||
        !(weight >= 0.0f && weight <= 1.0f)) {
        *out = quat_identity();
        return AIM_INVALID;
    }
    vec3 aim_dir = v3_sub(target, position);
    if (!(v3_length(aim_dir) >= AIM_MIN_DISTANCE)) {
        *out = quat_normalize(animated);
        return AIM_NO_DIRECTION;
    }
    /* LookRotation with the world's up, not FromToRotation from the
     * bone's current forward: that would aim +Z just as well, but carry
     * whatever roll the animation had (or gain some), while this keeps
     * the bone's +X level, the way a head stays upright. */
    quat full_aim = quat_look_rotation(aim_dir, v3_up());
    /* Slerp takes the shorter arc (q and -q are the same rotation), so a
     * target behind the bone turns it the short way, never through a
     * flip. */
    *out = quat_slerp(animated, full_aim, weight);
    return AIM_OK;
    /* @end aim_bone */
}

/* @snippet look_at_helpers */
static int look_input_ok(const look_at_input *in)
{
    if (in->bone_count < 1 || in->bone_count > LOOK_MAX_BONES || !v3_in_world(in->target) ||
        !(in->weight >= 0.0f && in->weight <= 1.0f))
        return 0;
    for (int i = 0; i < in->bone_count; i++) {
        const look_bone *b = &in->bones[i];
        if (!v3_in_world(b->position) || !quat_is_finite(b->rotation) || !(b->share >= 0.0f && b->share <= 1.0f))
            return 0;
    }
    return 1;
}

static void clear_pose(look_at_pose *out)
{
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        out->positions[i] = v3_zero();
        out->rotations[i] = quat_identity();
    }
}
/* @end look_at_helpers */

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    /* @snippet look_at_solve */
    if (out != NULL)
        clear_pose(out);
    if (in == NULL || out == NULL || !look_input_ok(in))
        return AIM_INVALID;

    const int n = in->bone_count;
    for (int i = 0; i < n; i++) {
        out->positions[i] = in->bones[i].position;
        out->rotations[i] = quat_normalize(in->bones[i].rotation);
    }

    aim_status status = AIM_OK;
    for (int i = 0; i < n; i++) {
        /* Each bone aims from where its parents' turns left it, so the
         * head only makes up what the spine and neck did not: with the
         * last share 1 and weight 1 it ends exactly on the target. */
        quat before = out->rotations[i];
        quat after;
        if (aim_bone(out->positions[i], before, in->target, in->weight * in->bones[i].share, &after) ==
            AIM_NO_DIRECTION) {
            status = AIM_NO_DIRECTION;
            continue;
        }
        /* The turn this bone made, as a world rotation about its joint:
         * everything it carries (the bones after it) turns with it. */
        quat delta = quat_mul(after, quat_conjugate(before));
        const vec3 pivot = out->positions[i];
        for (int j = i + 1; j < n; j++) {
            out->positions[j] = v3_add(pivot, quat_rotate(delta, v3_sub(out->positions[j], pivot)));
            out->rotations[j] = quat_normalize(quat_mul(delta, out->rotations[j]));
        }
        out->rotations[i] = after;
    }
    return status;
    /* @end look_at_solve */
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    /* @snippet wall_reach_weight */
    if (!isfinite(distance) || !isfinite(full_weight_distance) || !isfinite(zero_weight_distance) ||
        !(full_weight_distance >= 0.0f) || !(zero_weight_distance > full_weight_distance))
        return 0.0f;
    float t = (distance - full_weight_distance) / (zero_weight_distance - full_weight_distance);
    if (t <= 0.0f)
        return 1.0f;
    if (t >= 1.0f)
        return 0.0f;
    /* Smoothstep: zero slope at both ends, so the weight neither jumps nor
     * kinks as the character crosses either distance. */
    return 1.0f - t * t * (3.0f - 2.0f * t);
    /* @end wall_reach_weight */
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    /* @snippet wall_reach_solve */
    if (out != NULL) {
        out->weight = 0.0f;
        out->goal = out->elbow = out->hand = v3_zero();
    }
    if (in == NULL || out == NULL)
        return AIM_INVALID;
    if (!v3_in_world(in->shoulder) || !v3_in_world(in->elbow) || !v3_in_world(in->hand) ||
        !v3_in_world(in->elbow_pole) || !v3_in_world(in->wall_point) || !ik_in_world(in->upper_length) ||
        !(in->upper_length > 0.0f) || !ik_in_world(in->lower_length) || !(in->lower_length > 0.0f) ||
        !isfinite(in->full_weight_distance) || !isfinite(in->zero_weight_distance) ||
        !(in->full_weight_distance >= 0.0f) || !(in->zero_weight_distance > in->full_weight_distance))
        return AIM_INVALID;

    /* The weight depends on where the character is, not on time: walking
     * up fades it in, walking away fades it out, at any frame rate. */
    out->weight = wall_reach_weight(v3_distance(in->wall_point, in->shoulder), in->full_weight_distance,
                                    in->zero_weight_distance);
    out->goal = v3_lerp(in->hand, in->wall_point, out->weight);
    if (out->weight == 0.0f) {
        out->elbow = in->elbow;
        out->hand = in->hand;
        return AIM_OK;
    }
    /* Blend the goal, not the joints: the solved arm keeps its lengths at
     * every weight, and out of reach it straightens toward the wall. */
    two_bone_input solve = {in->shoulder, out->goal, in->elbow_pole, in->upper_length, in->lower_length};
    two_bone_output placed;
    two_bone_solve(&solve, &placed);
    out->elbow = placed.mid;
    out->hand = placed.tip;
    return AIM_OK;
    /* @end wall_reach_solve */
}
