/* ik_chain.h - the chain, settings and report shared by the iterative
 * solvers (05 CCD and 06 FABRIK), so the two can be compared pass for pass.
 *
 * Given complete to students, like ikmath.h. A chain is only joint
 * positions: joints[0] is the fixed root, joints[joint_count - 1] the tip
 * (end effector). The distances between neighbours on entry are the rest
 * bone lengths the solver must keep.
 */
#ifndef IK_CHAIN_H
#define IK_CHAIN_H

#include "ikmath.h"

#define IK_CHAIN_MAX_JOINTS 32
#define IK_MAX_PASSES 256
/* A bone shorter than this has no direction to rotate: rejected up front. */
#define IK_MIN_BONE_LENGTH 1e-5f

typedef struct {
    int joint_count;                 /* 2 .. IK_CHAIN_MAX_JOINTS */
    vec3 joints[IK_CHAIN_MAX_JOINTS];  /* world space, metres */
} ik_chain;

typedef struct {
    int max_passes;                  /* 1 .. IK_MAX_PASSES */
    float tolerance;                 /* metres: stop once |tip - target| < tolerance */
} ik_settings;

typedef enum {
    IK_REACHED = 0,       /* tip within tolerance */
    IK_NOT_REACHED,       /* pass limit used up before tolerance */
    IK_UNREACHABLE,       /* target beyond the chain's reach: chain aims at it */
    IK_INVALID_INPUT      /* rejected before any math; chain untouched */
} ik_status;

typedef struct {
    ik_status status;
    int passes;                      /* passes actually run (0 if none needed) */
    float initial_error;             /* |tip - target| before the first pass, metres */
    float tip_error[IK_MAX_PASSES];  /* |tip - target| after pass 1, 2, ..., metres */
} ik_report;

typedef enum {
    IK_INPUT_OK = 0,
    IK_INPUT_NULL,
    IK_INPUT_BAD_JOINT_COUNT,
    IK_INPUT_NOT_FINITE,
    IK_INPUT_ZERO_LENGTH_BONE,
    IK_INPUT_BAD_SETTINGS
} ik_input_error;

static inline const char *ik_input_error_text(ik_input_error e)
{
    switch (e) {
    case IK_INPUT_OK: return "ok";
    case IK_INPUT_NULL: return "chain, settings or report is NULL";
    case IK_INPUT_BAD_JOINT_COUNT: return "joint_count must be 2..IK_CHAIN_MAX_JOINTS";
    case IK_INPUT_NOT_FINITE: return "a joint or the target is NaN, infinite or beyond IK_WORLD_LIMIT";
    case IK_INPUT_ZERO_LENGTH_BONE: return "a bone is shorter than IK_MIN_BONE_LENGTH";
    case IK_INPUT_BAD_SETTINGS: return "max_passes must be 1..IK_MAX_PASSES and tolerance > 0";
    }
    return "unknown error";
}

/* The validate step every solver runs before any math (ozz-animation style):
 * bad input is named here, never discovered later as a NaN. */
static inline ik_input_error ik_validate(const ik_chain *chain, vec3 target,
                                         const ik_settings *settings, const ik_report *report)
{
    if (!chain || !settings || !report)
        return IK_INPUT_NULL;
    if (chain->joint_count < 2 || chain->joint_count > IK_CHAIN_MAX_JOINTS)
        return IK_INPUT_BAD_JOINT_COUNT;
    if (!(settings->max_passes >= 1 && settings->max_passes <= IK_MAX_PASSES) ||
        !(settings->tolerance > 0.0f) || !isfinite(settings->tolerance))
        return IK_INPUT_BAD_SETTINGS;
    /* In the world (ikmath.h): not NaN or inf, and near enough that the
     * distances the solvers square stay finite. */
    if (!v3_in_world(target))
        return IK_INPUT_NOT_FINITE;
    for (int i = 0; i < chain->joint_count; i++)
        if (!v3_in_world(chain->joints[i]))
            return IK_INPUT_NOT_FINITE;
    for (int i = 0; i + 1 < chain->joint_count; i++)
        if (!(v3_distance(chain->joints[i], chain->joints[i + 1]) >= IK_MIN_BONE_LENGTH))
            return IK_INPUT_ZERO_LENGTH_BONE;
    return IK_INPUT_OK;
}

/* What a solver answers to input ik_validate refused: the report (when
 * there is one) says so, the chain stays untouched, and the solver
 * returns this function's -1. */
static inline int ik_reject(ik_report *report)
{
    if (report) {
        report->status = IK_INVALID_INPUT;
        report->passes = 0;
        report->initial_error = 0.0f;
    }
    return -1;
}

/* Sum of the bone lengths: how far the tip can ever be from the root. */
static inline float ik_chain_reach(const ik_chain *chain)
{
    float reach = 0.0f;
    for (int i = 0; i + 1 < chain->joint_count; i++)
        reach += v3_distance(chain->joints[i], chain->joints[i + 1]);
    return reach;
}

static inline vec3 ik_chain_tip(const ik_chain *chain) { return chain->joints[chain->joint_count - 1]; }

#endif /* IK_CHAIN_H */
