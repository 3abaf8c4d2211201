/* 04 Pole vector and bone rotations (chapter sections 5 end and 6).
 *
 * Two jobs that turn section 03's positions into a posed rig:
 *  - where the pole goes: a fixed offset in the hip's (character's) space,
 *    in front for a knee, behind for an elbow, so it follows the body;
 *  - how each bone is rotated once the joints are placed: its +Z axis along
 *    the bone (toward the child joint) and its +Y axis toward the pole,
 *    like Unity's LookRotation(child - joint, pole - joint).
 */
#ifndef POLE_VECTOR_H
#define POLE_VECTOR_H

#include "ikmath.h"

typedef enum { LIMB_KNEE, LIMB_ELBOW } limb_kind;

typedef enum {
    POLE_OK = 0,
    POLE_DEGENERATE   /* a zero-length bone, a bad position or NULL output: identity written */
} pole_status;

/* Offset of the pole in hip space (+Z is the character's forward), metres:
 * `distance` (metres) in front for a knee, `distance` behind for an elbow. */
vec3 pole_offset_for(limb_kind limb, float distance);

/* World position (metres) of a pole that rides along with the hip:
 * hip_position + hip_rotation * offset, with the hip's position and
 * rotation in world space. */
vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset);

/* World rotations of the upper bone (at root) and lower bone (at mid),
 * from the joints and the pole as world-space positions (metres).
 * Each turns +Z toward the next joint and +Y toward the pole. When a bone
 * has zero length (no longer than 1e-6 m: too short for a direction, as
 * ikmath's helpers see it), identity is written for it and POLE_DEGENERATE
 * returned;
 * a pole on the bone's line still gives a valid rotation. A position that
 * is NaN, inf or beyond IK_WORLD_LIMIT: identity for both, POLE_DEGENERATE. */
pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation);

#endif /* POLE_VECTOR_H */
