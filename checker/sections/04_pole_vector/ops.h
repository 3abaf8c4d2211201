/* 04 pole vector: the two operations its runner offers. */
#ifndef OPS_POLE_VECTOR_H
#define OPS_POLE_VECTOR_H

#include "pole_vector.h"

enum { OP_POLE_PLACE = 1, OP_POLE_ROTATIONS = 2 };

/* Written into the outputs before the student's code runs, so an output it
 * never writes is told apart from one it writes as identity. */
#define POLE_SENTINEL 12345.0f

/* pole_offset_for(limb, distance), then pole_from_hip(hip, rotation, o),
 * where o is `offset` - or, with offset_from_limb set, the student's own
 * pole_offset_for answer (the whole chain a rig runs every frame). */
typedef struct {
    int limb;              /* limb_kind */
    float distance;
    vec3 hip_position;
    quat hip_rotation;
    vec3 offset;
    int offset_from_limb;
} pole_place_request;

typedef struct {
    vec3 offset;           /* pole_offset_for */
    vec3 pole;             /* pole_from_hip */
} pole_place_response;

/* bone_rotations_from_positions; the flags pass NULL for an output. */
enum { POLE_NULL_UPPER = 1, POLE_NULL_LOWER = 2 };

typedef struct {
    vec3 root, mid, tip, pole;
    int null_flags;
} pole_rot_request;

typedef struct {
    int status;            /* pole_status */
    quat upper;            /* POLE_SENTINEL in every part if never written */
    quat lower;
} pole_rot_response;

#endif
