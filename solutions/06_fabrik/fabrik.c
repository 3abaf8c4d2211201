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

int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    /* @snippet fabrik_solve */
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    const int joint_count = chain->joint_count;
    const int tip = joint_count - 1;
    vec3 *joints = chain->joints;
    const vec3 root = joints[0];

    float rest_length[IK_CHAIN_MAX_JOINTS - 1];
    float reach = 0.0f;
    for (int i = 0; i < tip; i++) {
        rest_length[i] = v3_distance(joints[i], joints[i + 1]);
        reach += rest_length[i];
    }

    float error = v3_distance(joints[tip], target);
    report->initial_error = error;

    float target_distance = v3_distance(target, root);
    if (target_distance > reach) {
        /* Out of reach: the best any chain can do is point straight at the
         * target, so skip the sweeps. Each joint is placed at its cumulative
         * rest length along one unit direction, so lengths are exact. The
         * target is farther than reach > 0 from the root, so the direction
         * exists; the fallback is only a guard. */
        vec3 direction = v3_normalize_or(v3_sub(target, root), v3_up());
        float along = 0.0f;
        for (int k = 1; k <= tip; k++) {
            along += rest_length[k - 1];
            joints[k] = v3_add(root, v3_scale(direction, along));
        }
        error = v3_distance(joints[tip], target);
        report->tip_error[0] = error;
        report->passes = 1;
        report->status = IK_UNREACHABLE;
        return 1;
    }

    int passes = 0;
    while (passes < settings->max_passes && !(error < settings->tolerance)) {
        /* Backward sweep: tip onto the target, then each joint pulled onto
         * the line toward its old spot, at its bone's length from the joint
         * after it. `moved_child_was` remembers where joint i+1 stood before
         * this sweep moved it: if joint i now coincides with the new i+1,
         * the bone's old direction (old i+1 -> i) is used instead, so there
         * is no 0/0 and the length still comes out exact. */
        vec3 moved_child_was = joints[tip];
        joints[tip] = target;
        for (int i = tip - 1; i >= 0; i--) {
            vec3 old_direction = v3_normalize_or(v3_sub(joints[i], moved_child_was), v3_up());
            vec3 direction = v3_normalize_or(v3_sub(joints[i], joints[i + 1]), old_direction);
            moved_child_was = joints[i];
            joints[i] = v3_add(joints[i + 1], v3_scale(direction, rest_length[i]));
        }

        /* Forward sweep: the root goes back where it is fixed, then each
         * joint is pulled toward its backward-sweep spot at its bone's
         * length from the joint before it. Same fallback, mirrored. Ending
         * on this sweep is why the root never moves and every bone length is
         * exact after every pass. */
        vec3 moved_parent_was = joints[0];
        joints[0] = root;
        for (int i = 0; i < tip; i++) {
            vec3 old_direction = v3_normalize_or(v3_sub(joints[i + 1], moved_parent_was), v3_up());
            vec3 direction = v3_normalize_or(v3_sub(joints[i + 1], joints[i]), old_direction);
            moved_parent_was = joints[i + 1];
            joints[i + 1] = v3_add(joints[i], v3_scale(direction, rest_length[i]));
        }

        error = v3_distance(joints[tip], target);
        report->tip_error[passes] = error;
        passes++;
    }

    report->passes = passes;
    if (error < settings->tolerance)
        report->status = IK_REACHED;
    else
        /* Within reach, yet the pass limit ran out (or the target is
         * closer to the root than the chain can fold, e.g. nearer than
         * |L1 - L2| for two bones). */
        report->status = IK_NOT_REACHED;
    return passes;
    /* @end fabrik_solve */
}
