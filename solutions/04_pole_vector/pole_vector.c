/*******************************************************************************
 *
 *  04 Pole vector and bone rotations - reference solution
 *
 *  Shows: where a knee/elbow pole goes (a fixed offset in the hip's space,
 *  so it turns with the character), and how a bone is rotated once its
 *  joints are placed: +Z along the bone, +Y leaning toward the pole, the
 *  same job Unity's Quaternion.LookRotation(child - joint, pole - joint)
 *  does in the chapter's TwoBoneIKLimb.
 *
 *  Chapter: section 6 (pole vector), end of section 5 (the LookRotation
 *  calls).
 *
 ******************************************************************************/

#include "pole_vector.h"

/* A bone shorter than this has no direction for its +Z axis to follow.
 * Its square is IK_EPSILON_SQ, below which quat_look_rotation sees no
 * direction either, so the tests below use the same strict `>`: a bone of
 * exactly this length would otherwise pass here and get identity there. */
#define POLE_MIN_BONE_LENGTH 1e-6f

vec3 pole_offset_for(limb_kind limb, float distance)
{
    /* @snippet pole_offset_for */
    /* Knees bend forward and elbows bend backward, so the hint sits in
     * front of (+Z) or behind (-Z) the character, in the hip's own space. */
    switch (limb) {
    case LIMB_KNEE:
        return v3(0.0f, 0.0f, distance);
    case LIMB_ELBOW:
        return v3(0.0f, 0.0f, -distance);
    }
    /* Not a limb this function knows: no side to prefer. */
    return v3_zero();
    /* @end pole_offset_for */
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    /* @snippet pole_from_hip */
    /* The chapter parents an empty GameObject to the hip: its world position
     * is the parent's position plus the offset turned by the parent's
     * rotation. Turning the offset is what keeps the knee pointing where the
     * character faces, whichever way the leg is reaching. */
    return v3_add(hip_position, quat_rotate(hip_rotation, offset));
    /* @end pole_from_hip */
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation)
{
    /* @snippet bone_rotations_from_positions */
    if (!upper_rotation || !lower_rotation) {
        /* Write what can be written, so the caller never reads garbage. */
        if (upper_rotation)
            *upper_rotation = quat_identity();
        if (lower_rotation)
            *lower_rotation = quat_identity();
        return POLE_DEGENERATE;
    }

    /* A position that is NaN, inf or outside the world (ikmath.h) gives
     * no direction to trust: identity for both bones, as the header says. */
    if (!v3_in_world(root) || !v3_in_world(mid) || !v3_in_world(tip) || !v3_in_world(pole)) {
        *upper_rotation = quat_identity();
        *lower_rotation = quat_identity();
        return POLE_DEGENERATE;
    }

    pole_status status = POLE_OK;
    vec3 upper_bone = v3_sub(mid, root);
    vec3 lower_bone = v3_sub(tip, mid);

    /* LookRotation(forward, up): +Z goes exactly along the bone; +Y only
     * leans toward the pole (it is made perpendicular to the bone), which is
     * why each bone uses the direction from ITS OWN joint to the pole. The
     * `!(x > min)` form also sends a NaN length down the identity path. */
    if (!(v3_length_sq(upper_bone) > POLE_MIN_BONE_LENGTH * POLE_MIN_BONE_LENGTH)) {
        *upper_rotation = quat_identity();
        status = POLE_DEGENERATE;
    } else {
        *upper_rotation = quat_look_rotation(upper_bone, v3_sub(pole, root));
    }

    /* The other bone is still posed: one collapsed bone should not leave
     * its neighbour pointing nowhere. */
    if (!(v3_length_sq(lower_bone) > POLE_MIN_BONE_LENGTH * POLE_MIN_BONE_LENGTH)) {
        *lower_rotation = quat_identity();
        status = POLE_DEGENERATE;
    } else {
        *lower_rotation = quat_look_rotation(lower_bone, v3_sub(pole, mid));
    }
    return status;
    /* @end bone_rotations_from_positions */
}
