/* Variant float_basis_skip: float math; the full aim is built as an
 * orthonormal basis (+Z on the target, +X = the level horizontal
 * perpendicular, +Y = Z x X) turned into a quaternion - the rotation
 * LookRotation(dir, up) describes; straight up/down +X = world +X, one of
 * the allowed aims. The too-close test compares the length itself. The
 * look-at skips the (no-op) turn of a bone whose weight * share is 0, after
 * its too-close test; delta is normalized after the product. */

#include "aim_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

static quat full_aim(vec3 d)
{
    vec3 f = v3_normalize(d);
    float h = hypotf(d.x, d.z);
    vec3 x = h > 0.0f ? v3(d.z / h, 0.0f, -d.x / h) : v3_right();
    vec3 y = v3_cross(f, x);
    return quat_normalize(quat_from_basis(x, y, f));
}

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    if (out == NULL)
        return AIM_INVALID;
    int bad = !v3_in_world(position);
    bad = bad || !v3_in_world(target);
    bad = bad || !quat_is_finite(animated);
    bad = bad || isnan(weight) || weight < 0.0f || weight > 1.0f;
    if (bad) {
        *out = quat_identity();
        return AIM_INVALID;
    }
    vec3 d = v3_sub(target, position);
    if (v3_length(d) < AIM_MIN_DISTANCE) {
        *out = quat_normalize(animated);
        return AIM_NO_DIRECTION;
    }
    *out = quat_slerp(animated, full_aim(d), weight);
    return AIM_OK;
}

static int unit_interval(float x)
{
    return x >= 0.0f && x <= 1.0f;
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    int valid = in != NULL && out != NULL && in->bone_count >= 1 && in->bone_count <= LOOK_MAX_BONES &&
                unit_interval(in->weight) && v3_in_world(in->target);
    for (int i = 0; valid && i < in->bone_count; i++)
        valid = unit_interval(in->bones[i].share) && v3_in_world(in->bones[i].position) &&
                quat_is_finite(in->bones[i].rotation);
    if (out == NULL)
        return AIM_INVALID;
    int n = valid ? in->bone_count : 0;
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        out->positions[i] = i < n ? in->bones[i].position : v3_zero();
        out->rotations[i] = i < n ? in->bones[i].rotation : quat_identity();
    }
    if (!valid)
        return AIM_INVALID;

    aim_status result = AIM_OK;
    for (int i = 0; i < n; i++) {
        vec3 pivot = out->positions[i];
        if (v3_length(v3_sub(in->target, pivot)) < AIM_MIN_DISTANCE) {
            result = AIM_NO_DIRECTION; /* does not turn, children not carried */
            continue;
        }
        float w = in->weight * in->bones[i].share;
        if (w == 0.0f)
            continue; /* slerp by 0 keeps the rotation: nothing to carry */
        quat old = out->rotations[i], turned;
        if (aim_bone(pivot, old, in->target, w, &turned) != AIM_OK) {
            result = AIM_NO_DIRECTION;
            continue;
        }
        quat delta = quat_normalize(quat_mul(turned, quat_conjugate(old)));
        out->rotations[i] = turned;
        for (int j = i + 1; j < n; j++) {
            vec3 offset = v3_sub(out->positions[j], pivot);
            out->positions[j] = v3_add(pivot, quat_rotate(delta, offset));
            out->rotations[j] = quat_mul(delta, out->rotations[j]);
        }
    }
    return result;
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    const float full = full_weight_distance, zero = zero_weight_distance;
    if (!(isfinite(distance) && isfinite(full) && isfinite(zero)))
        return 0.0f;
    if (!(full >= 0.0f) || !(zero > full))
        return 0.0f;
    if (distance > full && distance < zero) {
        float t = (distance - full) / (zero - full);
        return 1.0f + t * t * (2.0f * t - 3.0f);
    }
    return distance <= full ? 1.0f : 0.0f;
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    if (in == NULL || out == NULL) {
        if (out != NULL) {
            out->weight = 0.0f;
            out->goal = out->elbow = out->hand = v3_zero();
        }
        return AIM_INVALID;
    }
    int ok = 1;
    ok = ok && v3_in_world(in->shoulder) && v3_in_world(in->elbow) && v3_in_world(in->hand);
    ok = ok && v3_in_world(in->elbow_pole) && v3_in_world(in->wall_point);
    ok = ok && in->upper_length > 0.0f && ik_in_world(in->upper_length);
    ok = ok && in->lower_length > 0.0f && ik_in_world(in->lower_length);
    ok = ok && isfinite(in->full_weight_distance) && in->full_weight_distance >= 0.0f;
    ok = ok && isfinite(in->zero_weight_distance) && in->zero_weight_distance > in->full_weight_distance;
    if (!ok) {
        out->weight = 0.0f;
        out->goal = out->elbow = out->hand = v3_zero();
        return AIM_INVALID;
    }
    const float weight = wall_reach_weight(v3_length(v3_sub(in->wall_point, in->shoulder)),
                                           in->full_weight_distance, in->zero_weight_distance);
    out->weight = weight;
    if (weight <= 0.0f) {
        out->goal = in->hand;
        out->elbow = in->elbow;
        out->hand = in->hand;
        return AIM_OK;
    }
    out->goal = v3_lerp(in->hand, in->wall_point, weight);
    two_bone_input tb;
    tb.root = in->shoulder;
    tb.target = out->goal;
    tb.pole = in->elbow_pole;
    tb.len_upper = in->upper_length;
    tb.len_lower = in->lower_length;
    two_bone_output sol;
    (void)two_bone_solve(&tb, &sol);
    out->elbow = sol.mid;
    out->hand = sol.tip;
    return AIM_OK;
}
