/*******************************************************************************
 *
 *  06 FABRIK (Forward And Backward Reaching IK) - exercise
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
    /* TODO: implement FABRIK as in chapter section 8 (contract in fabrik.h):
     *  1. Call ik_validate first. If it is not IK_INPUT_OK, return
     *     ik_reject(report) (ik_chain.h): -1, the report says
     *     IK_INVALID_INPUT, and the chain stays untouched.
     *  2. Record the rest bone lengths, the reach (their sum) and the root.
     *     report->initial_error = |tip - target|.
     *  3. If |target - root| > reach: lay the chain straight from the root
     *     toward the target (joint k at the sum of the first k rest lengths
     *     along the unit direction), store tip_error[0], passes 1, status
     *     IK_UNREACHABLE, return 1.
     *  4. Otherwise, for pass = 0 .. max_passes-1: stop if |tip - target| <
     *     tolerance. Backward sweep: tip = target, then for i = count-2
     *     down to 0 put joint i at rest_length[i] from joint i+1 along
     *     (joint i - joint i+1). Forward sweep: joint 0 = the root, then for
     *     i = 0 .. count-2 put joint i+1 at rest_length[i] from joint i
     *     along (joint i+1 - joint i). Where the two points coincide there
     *     is no direction: use the bone's direction from before the sweep
     *     (v3_normalize_or), never divide by zero. Store tip_error[pass].
     *  5. passes = number of passes run; status IK_REACHED if the final
     *     error < tolerance, else IK_NOT_REACHED. Return passes.
     * The placeholder below moves nothing and always says "not reached". */
    if (report) {
        report->status = IK_NOT_REACHED;
        report->passes = 0;
        report->initial_error = (ik_validate(chain, target, settings, report) == IK_INPUT_OK)
                                    ? v3_distance(ik_chain_tip(chain), target)
                                    : 0.0f;
    }
    return 0;
    /* @end fabrik_solve */
}
