/* 01 Forward kinematics (chapter section 1).
 *
 * A skeleton is an array of bones stored parent before child. Each bone
 * knows its parent's index (-1 for a root), its offset from the parent in
 * the parent's space, and its rotation relative to the parent. Forward
 * kinematics turns those local values into world positions and rotations:
 *
 *     world_rot[i] = world_rot[parent] * local_rotation[i]
 *     world_pos[i] = world_pos[parent] + world_rot[parent] * local_offset[i]
 *
 * A root's world transform is its local one.
 */
#ifndef FORWARD_KINEMATICS_H
#define FORWARD_KINEMATICS_H

#include "ikmath.h"

#define FK_MAX_BONES 64

typedef struct {
    int parent;          /* index of the parent bone, -1 for a root */
    vec3 local_offset;   /* position relative to the parent, parent space, metres */
    quat local_rotation; /* unit quaternion, relative to the parent (parent space) */
} fk_bone;

typedef struct {
    vec3 position;       /* world space, metres */
    quat rotation;       /* world space, unit quaternion */
} fk_transform;

typedef enum {
    FK_OK = 0,
    FK_ERR_NULL,          /* bones or world is NULL */
    FK_ERR_BAD_COUNT,     /* count outside 1..FK_MAX_BONES */
    FK_ERR_BAD_PARENT,    /* parent < -1, or not an earlier bone */
    FK_ERR_NOT_FINITE     /* an offset or rotation holds NaN or infinity, or an offset is beyond IK_WORLD_LIMIT */
} fk_status;

static inline const char *fk_status_text(fk_status s)
{
    switch (s) {
    case FK_OK: return "ok";
    case FK_ERR_NULL: return "bones or world is NULL";
    case FK_ERR_BAD_COUNT: return "bone count must be 1..FK_MAX_BONES";
    case FK_ERR_BAD_PARENT: return "a parent index is not -1 or an earlier bone";
    case FK_ERR_NOT_FINITE: return "an offset or rotation is NaN or infinite, or an offset is beyond IK_WORLD_LIMIT";
    }
    return "unknown status";
}

/* Checks the skeleton without computing anything. On error, *bad_bone (if
 * not NULL) receives the index of the first offending bone, or -1 when the
 * problem is not a single bone (NULL pointer, bad count). */
fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone);

/* Fills world[0..count-1]. Validates first: on any error, world is left
 * untouched and the error is returned. */
fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world);

#endif /* FORWARD_KINEMATICS_H */
