/*******************************************************************************
 *
 *  06 FABRIK (Forward And Backward Reaching IK) - reference solution
 *
 *  Shows: an iterative solver that moves joint positions instead of
 *  rotating joints. Each pass is two sweeps: backward (snap the tip onto the
 *  target, then walk to the root putting each joint back at its bone's
 *  length from the one after it) and forward (snap the root back where it
 *  belongs, then walk to the tip doing the same). A target beyond reach is
 *  answered at once: the chain laid straight toward it.
 *
 *  Chapter: section 8. Rotations for a rig would be computed afterwards from
 *  the final positions, as in section 04.
 *
 ******************************************************************************/

#include "fabrik.h"

/* The chapter's Solve, one step per function, in the order fabrik_solve
 * calls them (the shape of ozz-animation's IK jobs: validate, then named
 * steps), each on the chain's joints[0..tip], the chapter's points[]:
 *   1. measure_bones:      each bone's rest length and the chain's reach;
 *   2. lay_straight_at:    a target beyond reach, answered at once;
 *   3. backward_sweep:     tip onto the target, then toward the root;
 *   4. forward_sweep:      root back in its place, then toward the tip;
 * passes of 3 and 4 until the tip is within tolerance or the passes run
 * out (reach_status). */
/* @snippet fabrik_steps */

/* Step 1: the bones' lengths before the solve (the sweeps restore them)
 * and their sum, the farthest the tip can be from the root. */
static float measure_bones(const ik_chain *chain, float *rest_length)
{
    const int tip = chain->joint_count - 1;
    const vec3 *joints = chain->joints;
    float reach = 0.0f;
    for (int i = 0; i < tip; i++) {
        rest_length[i] = v3_distance(joints[i], joints[i + 1]);
        reach += rest_length[i];
    }
    return reach;
}

/* Step 2, out of reach: the best any chain can do is point straight at the
 * target, so skip the sweeps. Each joint is placed at its cumulative rest
 * length along one unit direction, so lengths are exact. The target is
 * farther than reach > 0 from the root, so the direction exists; the
 * fallback is only a guard. */
static int lay_straight_at(ik_chain *chain, vec3 target, const float *rest_length, ik_report *report)
{
    const int tip = chain->joint_count - 1;
    vec3 *joints = chain->joints;
    const vec3 root = joints[0];
    vec3 direction = v3_normalize_or(v3_sub(target, root), v3_up());
    float along = 0.0f;
    for (int i = 0; i < tip; i++) {
        along += rest_length[i];
        joints[i + 1] = v3_add(root, v3_scale(direction, along));
    }
    float error = v3_distance(joints[tip], target);
    report->tip_error[0] = error;
    report->passes = 1;
    report->status = IK_UNREACHABLE;
    return 1;
}

/* Step 3, the backward sweep: tip onto the target, then each joint pulled
 * onto the line toward its old spot, at its bone's length from the joint
 * after it. `moved_child_was` remembers where joint i+1 stood before this
 * sweep moved it: if joint i now coincides with the new i+1, the bone's old
 * direction (old i+1 -> i) is used instead, so there is no 0/0 and the
 * length still comes out exact. */
static void backward_sweep(ik_chain *chain, vec3 target, const float *rest_length)
{
    const int tip = chain->joint_count - 1;
    vec3 *joints = chain->joints;
    vec3 moved_child_was = joints[tip];
    joints[tip] = target;
    for (int i = tip - 1; i >= 0; i--) {
        vec3 old_direction = v3_normalize_or(v3_sub(joints[i], moved_child_was), v3_up());
        vec3 direction = v3_normalize_or(v3_sub(joints[i], joints[i + 1]), old_direction);
        moved_child_was = joints[i];
        joints[i] = v3_add(joints[i + 1], v3_scale(direction, rest_length[i]));
    }
}

/* Step 4, the forward sweep: the root goes back where it is fixed, then
 * each joint is pulled toward its backward-sweep spot at its bone's length
 * from the joint before it. Same fallback, mirrored. Ending on this sweep
 * is why the root never moves and every bone length is exact after every
 * pass. */
static void forward_sweep(ik_chain *chain, vec3 root, const float *rest_length)
{
    const int tip = chain->joint_count - 1;
    vec3 *joints = chain->joints;
    vec3 moved_parent_was = joints[0];
    joints[0] = root;
    for (int i = 0; i < tip; i++) {
        vec3 old_direction = v3_normalize_or(v3_sub(joints[i + 1], moved_parent_was), v3_up());
        vec3 direction = v3_normalize_or(v3_sub(joints[i + 1], joints[i]), old_direction);
        moved_parent_was = joints[i + 1];
        joints[i + 1] = v3_add(joints[i], v3_scale(direction, rest_length[i]));
    }
}

/* The status once the passes stop. */
static ik_status reach_status(float error, const ik_settings *settings)
{
    if (error < settings->tolerance)
        return IK_REACHED;
    /* Within reach, yet the pass limit ran out (or the target is closer
     * to the root than the chain can fold, e.g. nearer than |L1 - L2| for
     * two bones). */
    return IK_NOT_REACHED;
}
/* @end fabrik_steps */

int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    /* @snippet fabrik_solve */
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    const int tip = chain->joint_count - 1;
    vec3 *joints = chain->joints;
    const vec3 root = joints[0];

    float rest_length[IK_CHAIN_MAX_JOINTS - 1];
    const float reach = measure_bones(chain, rest_length);

    float error = v3_distance(joints[tip], target);
    report->initial_error = error;

    float target_distance = v3_distance(target, root);
    if (target_distance > reach)
        return lay_straight_at(chain, target, rest_length, report);

    int passes = 0;
    while (passes < settings->max_passes && !(error < settings->tolerance)) {
        backward_sweep(chain, target, rest_length);
        forward_sweep(chain, root, rest_length);
        error = v3_distance(joints[tip], target);
        report->tip_error[passes] = error;
        passes++;
    }

    report->passes = passes;
    report->status = reach_status(error, settings);
    return passes;
    /* @end fabrik_solve */
}
