/*******************************************************************************
 *
 *  04 Pole vector and bone rotations - exercise
 *
 *  Shows: where a knee/elbow pole goes (a fixed offset in the hip's space,
 *  so it turns with the character), and how a bone is rotated once its
 *  joints are placed: +Z along the bone, +Y leaning toward the pole, the
 *  same job Unity's Quaternion.LookRotation(child - joint, pole - joint)
 *  does in the chapter's TwoBoneIKLimb.
 *
 *  Chapter: section 6 (pole vector), end of section 5 (the LookRotation
 *  calls). Everything you need is in ikmath.h.
 *
 ******************************************************************************/

#include "pole_vector.h"
#include <stddef.h> /* NULL, for the checks the task asks for */

vec3 pole_offset_for(limb_kind limb, float distance)
{
    /* @snippet pole_offset_for */
    /* TODO: return the pole's offset in hip space (+Z = the character's
     * forward). Read chapter section 6: a knee's pole sits `distance` in
     * front, (0, 0, +distance); an elbow's sits `distance` behind,
     * (0, 0, -distance). For any other `limb` value return the zero vector.
     * (The zero vector returned now is a placeholder, not the answer.) */
    (void)limb;
    (void)distance;
    return v3_zero();
    /* @end pole_offset_for */
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    /* @snippet pole_from_hip */
    /* TODO: return the pole's world position when it is parented to the hip
     * (chapter section 6): hip_position + hip_rotation applied to offset
     * (quat_rotate). Returning the hip unchanged ignores the offset, so the
     * knee has no side to bend toward. */
    (void)hip_rotation;
    (void)offset;
    return hip_position;
    /* @end pole_from_hip */
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation)
{
    /* @snippet bone_rotations_from_positions */
    /* TODO: rotate each bone like the two LookRotation calls at the end of
     * chapter section 5 (the pole's role: section 6):
     *   upper = quat_look_rotation(mid - root, pole - root)
     *   lower = quat_look_rotation(tip - mid,  pole - mid)
     * If either output pointer is NULL, write identity to the other one (if
     * it is not NULL) and return POLE_DEGENERATE. If any position is not in
     * the world (v3_in_world: NaN, inf or beyond IK_WORLD_LIMIT), write
     * identity to both and return POLE_DEGENERATE. A bone no longer than 1e-6
     * gets the identity rotation and makes the result POLE_DEGENERATE, but
     * the other bone is still computed. Otherwise return POLE_OK. */
    (void)root;
    (void)mid;
    (void)tip;
    (void)pole;
    if (upper_rotation)
        *upper_rotation = quat_identity();
    if (lower_rotation)
        *lower_rotation = quat_identity();
    return POLE_OK;
    /* @end bone_rotations_from_positions */
}
