/* Variant pv_float_lookrot: float, ikmath's quat_look_rotation
 * (bone, pole - joint) for each bone, zero length tested on the squared length
 * (<= IK_EPSILON_SQ = (1e-6)^2). A NULL output: identity into the other one
 * ("identity written"), POLE_DEGENERATE. Positions are validated first. An
 * unknown limb kind gets no offset; the hip rotation is used as given. */
#include "pole_vector.h"
#include <stddef.h>

vec3 pole_offset_for(limb_kind limb, float distance)
{
    if (limb == LIMB_KNEE)
        return v3(0.0f, 0.0f, distance);
    if (limb == LIMB_ELBOW)
        return v3(0.0f, 0.0f, -distance);
    return v3_zero();
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    return v3_add(hip_position, quat_rotate(hip_rotation, offset));
}

static int bone_rotation(vec3 joint, vec3 child, vec3 pole, quat *rotation)
{
    vec3 bone = v3_sub(child, joint);
    if (!(v3_length_sq(bone) > IK_EPSILON_SQ)) {
        *rotation = quat_identity();
        return 0;
    }
    *rotation = quat_look_rotation(bone, v3_sub(pole, joint));
    return 1;
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation)
{
    int placed = v3_in_world(root) && v3_in_world(mid) && v3_in_world(tip) && v3_in_world(pole);
    if (!placed || upper_rotation == NULL || lower_rotation == NULL) {
        if (upper_rotation)
            *upper_rotation = quat_identity();
        if (lower_rotation)
            *lower_rotation = quat_identity();
        return POLE_DEGENERATE;
    }
    int ok_upper = bone_rotation(root, mid, pole, upper_rotation);
    int ok_lower = bone_rotation(mid, tip, pole, lower_rotation);
    return (ok_upper && ok_lower) ? POLE_OK : POLE_DEGENERATE;
}
