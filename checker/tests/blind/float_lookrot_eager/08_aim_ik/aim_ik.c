/* Variant float_lookrot_eager: float math with ikmath's quat_look_rotation
 * and quat_slerp; the too-close test compares squared lengths. The look-at
 * carries every later bone right away after each turn (eager), with
 * delta = new * conjugate(old normalized) so a non-unit animated rotation
 * still turns its children rigidly. The wall weight is 1 - t^2 (3 - 2t). */

#include "aim_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    if (out == NULL)
        return AIM_INVALID;
    if (!quat_is_finite(animated) || !v3_in_world(position) || !v3_in_world(target) ||
        !(weight >= 0.0f && weight <= 1.0f)) {
        *out = quat_identity();
        return AIM_INVALID;
    }
    vec3 to_target = v3_sub(target, position);
    if (v3_length_sq(to_target) < AIM_MIN_DISTANCE * AIM_MIN_DISTANCE) {
        *out = quat_normalize(animated);
        return AIM_NO_DIRECTION;
    }
    quat full = quat_look_rotation(to_target, v3_up());
    *out = quat_slerp(animated, full, weight);
    return AIM_OK;
}

static void clear_pose(look_at_pose *out)
{
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        out->positions[i] = v3_zero();
        out->rotations[i] = quat_identity();
    }
}

static int look_input_ok(const look_at_input *in)
{
    if (in->bone_count < 1 || in->bone_count > LOOK_MAX_BONES)
        return 0;
    if (!(in->weight >= 0.0f && in->weight <= 1.0f) || !v3_in_world(in->target))
        return 0;
    for (int i = 0; i < in->bone_count; i++) {
        const look_bone *b = &in->bones[i];
        if (!v3_in_world(b->position) || !quat_is_finite(b->rotation) || !(b->share >= 0.0f && b->share <= 1.0f))
            return 0;
    }
    return 1;
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    if (in == NULL || out == NULL) {
        if (out != NULL)
            clear_pose(out);
        return AIM_INVALID;
    }
    if (!look_input_ok(in)) {
        clear_pose(out);
        return AIM_INVALID;
    }
    clear_pose(out);
    const int n = in->bone_count;
    for (int i = 0; i < n; i++) {
        out->positions[i] = in->bones[i].position;
        out->rotations[i] = in->bones[i].rotation;
    }
    aim_status result = AIM_OK;
    for (int i = 0; i < n; i++) {
        quat old = out->rotations[i];
        quat turned;
        aim_status st = aim_bone(out->positions[i], old, in->target, in->weight * in->bones[i].share, &turned);
        if (st != AIM_OK) {
            result = AIM_NO_DIRECTION;
            continue;
        }
        quat delta = quat_mul(turned, quat_conjugate(quat_normalize(old)));
        out->rotations[i] = turned;
        const vec3 pivot = out->positions[i];
        for (int j = i + 1; j < n; j++) {
            out->positions[j] = v3_add(pivot, quat_rotate(delta, v3_sub(out->positions[j], pivot)));
            out->rotations[j] = quat_mul(delta, out->rotations[j]);
        }
    }
    return result;
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    if (!isfinite(distance) || !isfinite(full_weight_distance) || !isfinite(zero_weight_distance))
        return 0.0f;
    if (full_weight_distance < 0.0f || zero_weight_distance <= full_weight_distance)
        return 0.0f;
    if (distance <= full_weight_distance)
        return 1.0f;
    if (distance >= zero_weight_distance)
        return 0.0f;
    float t = (distance - full_weight_distance) / (zero_weight_distance - full_weight_distance);
    return 1.0f - t * t * (3.0f - 2.0f * t);
}

static void clear_reach(wall_reach_output *out)
{
    out->weight = 0.0f;
    out->goal = v3_zero();
    out->elbow = v3_zero();
    out->hand = v3_zero();
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    if (out == NULL)
        return AIM_INVALID;
    if (in == NULL) {
        clear_reach(out);
        return AIM_INVALID;
    }
    int ok = v3_in_world(in->shoulder) && v3_in_world(in->elbow) && v3_in_world(in->hand) &&
             v3_in_world(in->elbow_pole) && v3_in_world(in->wall_point) && ik_in_world(in->upper_length) &&
             ik_in_world(in->lower_length) && in->upper_length > 0.0f && in->lower_length > 0.0f &&
             isfinite(in->full_weight_distance) && isfinite(in->zero_weight_distance) &&
             in->full_weight_distance >= 0.0f && in->zero_weight_distance > in->full_weight_distance;
    if (!ok) {
        clear_reach(out);
        return AIM_INVALID;
    }
    float w = wall_reach_weight(v3_distance(in->wall_point, in->shoulder), in->full_weight_distance,
                                in->zero_weight_distance);
    out->weight = w;
    out->goal = v3_lerp(in->hand, in->wall_point, w);
    if (w == 0.0f) {
        out->elbow = in->elbow;
        out->hand = in->hand;
        return AIM_OK;
    }
    two_bone_input tb = {in->shoulder, out->goal, in->elbow_pole, in->upper_length, in->lower_length};
    two_bone_output sol;
    two_bone_solve(&tb, &sol);
    out->elbow = sol.mid;
    out->hand = sol.tip;
    return AIM_OK;
}
