/* 01 forward kinematics: the operation its runner offers. */
#ifndef OPS_FORWARD_KINEMATICS_H
#define OPS_FORWARD_KINEMATICS_H

#include "forward_kinematics.h"

enum { OP_FK = 1 };

/* A pose the student's code must leave alone when it rejects a skeleton,
 * and in every element past the ones it was asked for. */
#define FK_SENTINEL 12345.0f

/* Guard areas before world[0] and after world[FK_MAX_BONES - 1] in the
 * runner; their contents come back so the checker sees a write past
 * either end (world[count] of a full skeleton, world[-1]). The elements
 * world[count..FK_MAX_BONES - 1] of a shorter skeleton come back anyway. */
#define FK_GUARD 8

typedef struct {
    int count;
    int null_bones;  /* pass NULL instead of the bones */
    int null_world;  /* pass NULL instead of world to fk_compute_world */
    fk_bone bones[FK_MAX_BONES];
} fk_request;

typedef struct {
    int compute_status;
    int validate_status;
    int bad_bone;
    fk_transform before[FK_GUARD];          /* guard: just before world[0] */
    fk_transform world[FK_MAX_BONES];
    fk_transform after[FK_GUARD];           /* guard: just past world[FK_MAX_BONES - 1] */
} fk_response;

#endif
