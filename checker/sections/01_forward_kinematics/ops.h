/* 01 forward kinematics: the operation its runner offers. */
#ifndef OPS_FORWARD_KINEMATICS_H
#define OPS_FORWARD_KINEMATICS_H

#include "forward_kinematics.h"

enum { OP_FK = 1 };

/* A pose the student's code must leave alone when it rejects a skeleton. */
#define FK_SENTINEL 12345.0f

typedef struct {
    int count;
    fk_bone bones[FK_MAX_BONES];
} fk_request;

typedef struct {
    int compute_status;
    int validate_status;
    int bad_bone;
    fk_transform world[FK_MAX_BONES];
} fk_response;

#endif
