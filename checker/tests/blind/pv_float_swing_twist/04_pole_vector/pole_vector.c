/* Variant pv_float_swing_twist: float, no basis matrix. Each bone's rotation
 * is a swing (shortest arc +Z -> bone, quat_from_to) followed by a twist about
 * the bone whose angle is atan2 of where the swung +Y lies against the pole's
 * part across the bone; a pole with no such part leaves the swing alone.
 * Zero length: sqrtf length <= 1e-6f. The hip rotation is applied as the full
 * sandwich q v q^-1 (any non-zero q); an unknown limb kind gets no offset. */
#include "pole_vector.h"
#include <stddef.h>

vec3 pole_offset_for(limb_kind limb, float distance)
{
    switch (limb) {
    case LIMB_KNEE:
        return v3(0.0f, 0.0f, distance);
    case LIMB_ELBOW:
        return v3(0.0f, 0.0f, -distance);
    }
    return v3_zero();
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    quat v = q4(offset.x, offset.y, offset.z, 0.0f);
    quat r = quat_mul(quat_mul(hip_rotation, v), quat_inverse(hip_rotation));
    return v3_add(hip_position, v3(r.x, r.y, r.z));
}

/* Divided by its largest component: same direction, squares safely. */
static vec3 tamed(vec3 a)
{
    float m = fmaxf(fabsf(a.x), fmaxf(fabsf(a.y), fabsf(a.z)));
    return m > 0.0f ? v3_scale(a, 1.0f / m) : a;
}

static quat swing_twist(vec3 bone, vec3 to_pole)
{
    vec3 z = v3_normalize(tamed(bone));
    quat swing = quat_from_to(v3_forward(), z);

    vec3 up = tamed(to_pole);
    vec3 across = v3_sub(up, v3_scale(z, v3_dot(up, z)));
    float across_sq = v3_length_sq(across);
    if (!(across_sq > 1e-12f * v3_length_sq(up)) || across_sq == 0.0f)
        return swing; /* pole on the bone's line or on the joint: any roll */
    vec3 want_y = v3_scale(across, 1.0f / sqrtf(across_sq));

    vec3 have_y = quat_rotate(swing, v3_up());
    float sin_a = v3_dot(v3_cross(have_y, want_y), z);
    float cos_a = v3_dot(have_y, want_y);
    quat twist = quat_from_axis_angle(z, atan2f(sin_a, cos_a));
    return quat_normalize(quat_mul(twist, swing));
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation)
{
    if (upper_rotation == NULL || lower_rotation == NULL) {
        if (upper_rotation != NULL)
            *upper_rotation = quat_identity();
        if (lower_rotation != NULL)
            *lower_rotation = quat_identity();
        return POLE_DEGENERATE;
    }
    *upper_rotation = quat_identity();
    *lower_rotation = quat_identity();
    if (!v3_in_world(root) || !v3_in_world(mid) || !v3_in_world(tip) || !v3_in_world(pole))
        return POLE_DEGENERATE;

    pole_status status = POLE_OK;
    vec3 upper = v3_sub(mid, root);
    if (v3_length(upper) <= 1e-6f)
        status = POLE_DEGENERATE;
    else
        *upper_rotation = swing_twist(upper, v3_sub(pole, root));
    vec3 lower = v3_sub(tip, mid);
    if (v3_length(lower) <= 1e-6f)
        status = POLE_DEGENERATE;
    else
        *lower_rotation = swing_twist(lower, v3_sub(pole, mid));
    return status;
}
