/*******************************************************************************
 *
 *  05 CCD (Cyclic Coordinate Descent) - reference solution
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
    /* Validate before any math: bad input is named here instead of turning
     * into a NaN somewhere in the middle of a pass. */
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    const int joint_count = chain->joint_count;
    const int tip = joint_count - 1;
    vec3 *joints = chain->joints;

    /* Cache the rest lengths once, before anything moves (the chapter's
     * "REST-POSE lengths, never recomputed from the bent pose"). */
    float rest_length[IK_CHAIN_MAX_JOINTS - 1];
    float reach = 0.0f;
    for (int i = 0; i < tip; i++) {
        rest_length[i] = v3_distance(joints[i], joints[i + 1]);
        reach += rest_length[i];
    }
    const int unreachable = v3_distance(target, joints[0]) > reach;

    float error = v3_distance(joints[tip], target);
    report->initial_error = error;

    int passes = 0;
    /* Checking before each pass (not after) means a chain already on the
     * target costs nothing: 0 passes. */
    while (passes < settings->max_passes && !(error < settings->tolerance)) {
        for (int i = tip - 1; i >= 0; i--) {
            vec3 pivot = joints[i];
            /* Smallest rotation swinging pivot->tip onto pivot->target.
             * quat_from_to gives identity when either vector is zero (tip or
             * target on the pivot): nothing to aim, nothing to divide. */
            quat swing = quat_from_to(v3_sub(joints[tip], pivot), v3_sub(target, pivot));
            /* Turning joint i turns everything it carries. */
            for (int k = i + 1; k <= tip; k++)
                joints[k] = v3_add(pivot, quat_rotate(swing, v3_sub(joints[k], pivot)));
        }

        /* A rotation keeps lengths only in exact arithmetic; in float every
         * rotate adds a rounding error and hundreds of them add up. Put each
         * bone back to its rest length along its current direction, root
         * outward so a fix never disturbs a bone already fixed. Rotated
         * bones keep roughly their rest length (>= IK_MIN_BONE_LENGTH), so
         * the fallback direction is only a guard. */
        for (int k = 1; k <= tip; k++) {
            vec3 direction = v3_normalize_or(v3_sub(joints[k], joints[k - 1]), v3_up());
            joints[k] = v3_add(joints[k - 1], v3_scale(direction, rest_length[k - 1]));
        }

        error = v3_distance(joints[tip], target);
        report->tip_error[passes] = error;
        passes++;
    }

    report->passes = passes;
    if (error < settings->tolerance)
        report->status = IK_REACHED;
    else if (unreachable)
        report->status = IK_UNREACHABLE;
    else
        report->status = IK_NOT_REACHED;
    return passes;
    /* @end ccd_solve */
}
