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
    /* TODO (chapter section 6): the pole's offset in hip space for a knee
     * or an elbow `distance` away (pole_vector.h says which side of the
     * limb each one sits on, and what any other limb gets).
     * Stuck? make hint S=04 gives one step at a time, weakest first.
     * (The zero vector returned now is a placeholder, not the answer.) */
    (void)limb;
    (void)distance;
    return v3_zero();
    /* @end pole_offset_for */
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    /* @snippet pole_from_hip */
    /* TODO (chapter section 6): the pole's world position when it is
     * parented to the hip, given the hip's position and rotation and the
     * offset in hip space (pole_vector.h).
     * Stuck? make hint S=04 gives one step at a time, weakest first.
     * Returning the hip unchanged ignores the offset, so the knee has no
     * side to bend toward. */
    (void)hip_rotation;
    (void)offset;
    return hip_position;
    /* @end pole_from_hip */
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation)
{
    /* @snippet bone_rotations_from_positions */
    /* TODO (chapter section 5's end and section 6): the rotation of each
     * bone once its joints are placed: +Z along the bone, +Y leaning
     * toward the pole, as the chapter's LookRotation calls do. The
     * contract - NULL outputs, positions not in the world, a bone too
     * short to have a direction - is the comment above this function in
     * pole_vector.h.
     * Stuck? make hint S=04 gives one step at a time, weakest first. */
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
