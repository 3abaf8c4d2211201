/* 06 FABRIK - Forward And Backward Reaching IK (chapter section 8).
 *
 * Works on joint positions directly. A pass is two sweeps: backward (put
 * the tip on the target, then walk to the root restoring each bone length)
 * and forward (put the root back where it belongs, then walk to the tip
 * restoring lengths again). A target beyond reach is answered at once with
 * the chain laid straight toward it.
 */
#ifndef FABRIK_H
#define FABRIK_H

#include "ik_chain.h"

/* Same contract as ccd_solve (05): joints[0] fixed, bone lengths kept,
 * report filled, returns passes run or -1 for invalid input (chain
 * untouched). Unreachable target: the straight chain aimed at it in one
 * pass (passes = 1, tip_error[0] recorded), status IK_UNREACHABLE.
 * Two points that coincide during a sweep never cause a division by zero. */
int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

#endif /* FABRIK_H */
