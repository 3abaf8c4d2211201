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
    /* TODO (chapter section 7): move the chain's joints so its tip
     * reaches the target with CCD, joint by joint and pass by pass, and
     * fill the report truthfully. The contract - what the report holds,
     * when to stop, bad input, a target out of reach - is the comment
     * above ccd_solve in ccd.h and ik_chain.h; unlike the chapter's
     * Transforms, positions let bone lengths creep (ccd.h says what to do).
     * Stuck? make hint S=05 gives one step at a time, weakest first.
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
