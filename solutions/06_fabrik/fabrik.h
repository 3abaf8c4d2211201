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
 * Two points that coincide during a sweep never cause a division by zero:
 * the joint goes at its bone's length along a fallback direction, and which
 * one is the solver's choice (the bone's direction before the sweep, +y,
 * toward the target ...) - the checks accept any unit direction there and
 * compare sweeps pass by pass only where no two points come close.
 * A pass is the backward sweep, then the forward sweep; nothing but
 * joints[0..joint_count-1] and the report is read or written.
 * Every sweep puts a joint at exactly its bone's length from its
 * neighbour. The chapter's listing does it with Unity's Vector3.Lerp and
 * lambda = length / r, but that Lerp clamps lambda to 1, which leaves a
 * joint nearer its neighbour than its bone where it was (the bone comes
 * out short): use v3_lerp, which does not clamp, or neighbour + direction
 * * length. */
int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

#endif /* FABRIK_H */
