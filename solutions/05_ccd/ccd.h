/* 05 CCD - Cyclic Coordinate Descent (chapter section 7).
 *
 * One pass visits the joints from the one nearest the tip back to the root.
 * At each joint it turns everything beyond that joint by the smallest
 * rotation that swings the direction joint->tip onto joint->target. Passes
 * repeat until the tip is within tolerance or the pass limit is reached.
 */
#ifndef CCD_H
#define CCD_H

#include "ik_chain.h"

/* Moves chain->joints[1..] toward `target`; joints[0] never moves and every
 * bone keeps its length. Before each pass, stops if |tip - target| <
 * tolerance. Fills *report (status, passes, initial_error, tip_error[k]
 * after pass k+1) and returns the number of passes run.
 * Invalid input (see ik_validate): returns -1, status IK_INVALID_INPUT,
 * chain untouched. A target beyond reach is still solved (the chain ends up
 * aimed at it) and reported as IK_UNREACHABLE.
 * Where joint->tip or joint->target is the zero vector there is nothing to
 * aim: turning nothing (quat_from_to's identity) or any other turn is the
 * solver's choice, and the checks accept it; they compare the pose pass
 * by pass only on chains where no such vector comes close to zero.
 * Every other joint turns, however small its angle (no skip threshold):
 * the pose after pass 1 and 2 is compared with the chapter's CCD to 1e-4
 * of the reach.
 * The chapter's CCD turns Transforms, whose children keep their offsets,
 * so its bones cannot change length; here the chain is positions, and
 * hundreds of float turns let the lengths creep (the checks allow 0.01 %):
 * after each pass put every bone back to its rest length along its
 * current direction, root outward (or keep the offsets at rest length).
 * Nothing but joints[0..joint_count-1] and the report is read or written. */
int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

#endif /* CCD_H */
