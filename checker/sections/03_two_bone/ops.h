/* 03 two-bone IK: the operation its runner offers. */
#ifndef OPS_TWO_BONE_H
#define OPS_TWO_BONE_H

#include "two_bone.h"

enum { OP_TWO_BONE = 1 };

#define TWO_BONE_SENTINEL 777.0f

typedef struct {
    two_bone_input in;
    int pass_null_in;
    int pass_null_out;
} two_bone_request;

typedef struct {
    int status;
    two_bone_output out;
} two_bone_response;

#endif
