/* 08 look-at and aim IK: the operations its runner offers. */
#ifndef OPS_AIM_IK_H
#define OPS_AIM_IK_H

#include "aim_ik.h"
#include "sections/out_guard.h"

enum { OP_AIM_BONE = 1, OP_LOOK_AT = 2, OP_REACH_WEIGHT = 3, OP_WALL_REACH = 4 };

/* Written into every output before the student's code runs, so an output
 * it never writes is told apart from one it writes. */
#define AIM_SENTINEL 5151.0f

/* aim_bone(position, animated, target, weight, null_out ? NULL : &out) */
typedef struct {
    vec3 position;
    quat animated;
    vec3 target;
    float weight;
    int null_out;
} aim_bone_request;

typedef struct {
    int status;
    quat out;
    int guard_damage;     /* guard bytes changed around out (out_guard.h) */
} aim_bone_response;

/* look_at_solve(null_in ? NULL : &in, null_out ? NULL : &out) */
typedef struct {
    look_at_input in;
    int null_in;
    int null_out;
} look_at_request;

typedef struct {
    int status;
    look_at_pose out;
    int guard_damage;     /* guard bytes changed around in and out (out_guard.h) */
} look_at_response;

/* wall_reach_weight(distance, full, zero) */
typedef struct {
    float distance;
    float full;
    float zero;
} reach_weight_request;

typedef struct {
    float weight;
} reach_weight_response;

/* wall_reach_solve(null_in ? NULL : &in, null_out ? NULL : &out) */
typedef struct {
    wall_reach_input in;
    int null_in;
    int null_out;
} wall_reach_request;

typedef struct {
    int status;
    wall_reach_output out;
    int guard_damage;     /* guard bytes changed around in and out (out_guard.h) */
} wall_reach_response;

static inline void aim_fill_sentinel_pose(look_at_pose *pose)
{
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        pose->positions[i] = v3(AIM_SENTINEL, AIM_SENTINEL, AIM_SENTINEL);
        pose->rotations[i] = q4(AIM_SENTINEL, AIM_SENTINEL, AIM_SENTINEL, AIM_SENTINEL);
    }
}

static inline void aim_fill_sentinel_reach(wall_reach_output *out)
{
    out->weight = AIM_SENTINEL;
    out->goal = out->elbow = out->hand = v3(AIM_SENTINEL, AIM_SENTINEL, AIM_SENTINEL);
}

#endif
