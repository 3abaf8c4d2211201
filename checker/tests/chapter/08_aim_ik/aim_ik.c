/* Port of chapter section 10: the spine-aim LateUpdate (aimDir =
 * (target - bone).normalized, fullAim = LookRotation(aimDir, Vector3.up),
 * rotation = Slerp(rotation, fullAim, aimWeight)), LookAtIK's weight
 * (SetLookAtWeight(lookWeight)), and the hand-on-a-wall reach (section 5's
 * two-bone solver aimed at a fixed point, its weight faded in and out). */
#include "aim_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    /* Not from the chapter: aim_ik.h's validation. */
    if (out == NULL)
        return AIM_INVALID;
    if (!quat_is_finite(animated) || !v3_in_world(position) || !v3_in_world(target) ||
        !(weight >= 0.0f && weight <= 1.0f)) {
        *out = quat_identity();
        return AIM_INVALID;
    }
    if (v3_distance(target, position) < AIM_MIN_DISTANCE) {
        *out = quat_normalize(animated);
        return AIM_NO_DIRECTION;
    }
    /* chapter: Vector3 aimDir = (aimTarget.position - spineBone.position).normalized; */
    vec3 aimDir = v3_normalize(v3_sub(target, position));
    /* chapter: Quaternion fullAim = Quaternion.LookRotation(aimDir, Vector3.up); */
    quat fullAim = quat_look_rotation(aimDir, v3_up());
    /* chapter: spineBone.rotation = Quaternion.Slerp(spineBone.rotation, fullAim, aimWeight); */
    *out = quat_slerp(animated, fullAim, weight);
    return AIM_OK;
}

static void clear_pose(look_at_pose *out)
{
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        out->positions[i] = v3_zero();
        out->rotations[i] = quat_identity();
    }
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    /* Not from the chapter (Unity spreads SetLookAtWeight internally): aim_ik.h. */
    if (in == NULL || out == NULL) {
        if (out != NULL)
            clear_pose(out);
        return AIM_INVALID;
    }
    int ok = in->bone_count >= 1 && in->bone_count <= LOOK_MAX_BONES && v3_in_world(in->target) &&
             in->weight >= 0.0f && in->weight <= 1.0f;
    for (int i = 0; ok && i < in->bone_count; i++) {
        const look_bone *b = &in->bones[i];
        ok = v3_in_world(b->position) && quat_is_finite(b->rotation) && b->share >= 0.0f && b->share <= 1.0f;
    }
    clear_pose(out);
    if (!ok)
        return AIM_INVALID;

    int n = in->bone_count;
    for (int i = 0; i < n; i++) {
        out->positions[i] = in->bones[i].position;
        out->rotations[i] = quat_normalize(in->bones[i].rotation);
    }
    aim_status result = AIM_OK;
    for (int i = 0; i < n; i++) {
        quat old = out->rotations[i], aimed;
        /* chapter: animator.SetLookAtWeight(lookWeight); SetLookAtPosition(lookTarget.position);
         * each bone takes lookWeight * its share */
        aim_status st = aim_bone(out->positions[i], old, in->target, in->weight * in->bones[i].share, &aimed);
        if (st != AIM_OK) {
            result = AIM_NO_DIRECTION;
            continue;
        }
        quat delta = quat_mul(aimed, quat_conjugate(old));
        out->rotations[i] = aimed;
        for (int k = i + 1; k < n; k++) {
            out->positions[k] = v3_add(out->positions[i], quat_rotate(delta, v3_sub(out->positions[k], out->positions[i])));
            out->rotations[k] = quat_normalize(quat_mul(delta, out->rotations[k]));
        }
    }
    return result;
}

/* Not from the chapter (it only says "fade in when close, out when
 * walking away"): aim_ik.h's smooth step. */
float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    if (!isfinite(distance) || !isfinite(full_weight_distance) || !isfinite(zero_weight_distance) ||
        !(full_weight_distance >= 0.0f) || !(zero_weight_distance > full_weight_distance))
        return 0.0f;
    if (distance <= full_weight_distance)
        return 1.0f;
    if (distance >= zero_weight_distance)
        return 0.0f;
    float t = (distance - full_weight_distance) / (zero_weight_distance - full_weight_distance);
    if (t < 0.0f)
        t = 0.0f;
    if (t > 1.0f)
        t = 1.0f;
    return 1.0f - t * t * (3.0f - 2.0f * t);
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    /* Not from the chapter: aim_ik.h's validation. */
    if (in == NULL || out == NULL) {
        if (out != NULL) {
            out->weight = 0.0f;
            out->goal = out->elbow = out->hand = v3_zero();
        }
        return AIM_INVALID;
    }
    if (!v3_in_world(in->shoulder) || !v3_in_world(in->elbow) || !v3_in_world(in->hand) ||
        !v3_in_world(in->elbow_pole) || !v3_in_world(in->wall_point) || !ik_in_world(in->upper_length) ||
        !ik_in_world(in->lower_length) || !(in->upper_length > 0.0f) || !(in->lower_length > 0.0f) ||
        !isfinite(in->full_weight_distance) || !isfinite(in->zero_weight_distance) ||
        !(in->full_weight_distance >= 0.0f) || !(in->zero_weight_distance > in->full_weight_distance)) {
        out->weight = 0.0f;
        out->goal = out->elbow = out->hand = v3_zero();
        return AIM_INVALID;
    }
    /* chapter: "fade its weight in when the character is close enough ... out again when it walks away" */
    float weight = wall_reach_weight(v3_distance(in->wall_point, in->shoulder), in->full_weight_distance,
                                     in->zero_weight_distance);
    out->weight = weight;
    out->goal = v3_lerp(in->hand, in->wall_point, weight);
    if (weight == 0.0f) {
        /* chapter: weight 0 -> the animation as it is */
        out->elbow = in->elbow;
        out->hand = in->hand;
        return AIM_OK;
    }
    /* chapter: "the two-bone solver from section 5, with the target set to that fixed point" */
    two_bone_input tb = {in->shoulder, out->goal, in->elbow_pole, in->upper_length, in->lower_length};
    two_bone_output res;
    two_bone_solve(&tb, &res);
    out->elbow = res.mid;
    out->hand = res.tip;
    return AIM_OK;
}
