/*******************************************************************************
 *
 *  05 CCD (Cyclic Coordinate Descent) - exercise
 *
 *  Shows: the simplest iterative IK solver. Each pass walks from the joint
 *  nearest the tip back to the root; at every joint it swings the rest of
 *  the chain by the smallest rotation that turns (joint -> tip) onto
 *  (joint -> target). Passes repeat until the tip is within tolerance or
 *  the pass limit runs out.
 *
 *  Chapter: section 7. The chapter rotates Unity Transforms; here the chain
 *  is only joint positions, so "rotate the joint" means "rotate every joint
 *  beyond it about it".
 *
 ******************************************************************************/

#include "ccd.h"

int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    /* @snippet ccd_solve */
    /* TODO: implement CCD as in chapter section 7 (contract in ccd.h):
     *  1. Call ik_validate first. If it is not IK_INPUT_OK, return
     *     ik_reject(report) (ik_chain.h): -1, the report says
     *     IK_INVALID_INPUT, and the chain stays untouched.
     *  2. Record the rest bone lengths and the reach (their sum) before
     *     anything moves. The target is unreachable if |target - root| >
     *     reach. report->initial_error = |tip - target|.
     *  3. For pass = 0 .. max_passes-1: stop if |tip - target| < tolerance.
     *     Otherwise, for joint i = joint_count-2 down to 0: q =
     *     quat_from_to(tip - joint i, target - joint i), and rotate every
     *     joint k > i about joint i by q. After the joints, put each bone
     *     back to its rest length along its current direction, root outward
     *     (float rotations drift). Store |tip - target| in tip_error[pass].
     *  4. passes = number of passes run; status IK_REACHED if the final
     *     error < tolerance, else IK_UNREACHABLE if the target is out of
     *     reach, else IK_NOT_REACHED. Return passes.
     * The placeholder below moves nothing and always says "not reached". */
    if (report) {
        report->status = IK_NOT_REACHED;
        report->passes = 0;
        report->initial_error = (ik_validate(chain, target, settings, report) == IK_INPUT_OK)
                                    ? v3_distance(ik_chain_tip(chain), target)
                                    : 0.0f;
    }
    return 0;
    /* @end ccd_solve */
}
