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
    /* TODO (chapter section 8): move the chain's joints so its tip
     * reaches the target with FABRIK's backward and forward sweeps, and
     * fill the report truthfully. The contract - the report, when to
     * stop, bad input, a target out of reach, joints that coincide - is
     * the comment above fabrik_solve in fabrik.h and ik_chain.h (Unity's
     * Vector3.Lerp in the chapter clamps its t; v3_lerp does not).
     * Stuck? make hint S=06 gives one step at a time, weakest first.
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
