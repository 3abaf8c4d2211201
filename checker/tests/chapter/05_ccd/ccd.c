/* Port of chapter section 7, CCDSolver.Solve: passes up to `iterations`,
 * early exit when the tip is within tolerance at the start of a pass,
 * joints from tip-1 back to the root, delta = FromToRotation(toTip,
 * toTarget) applied as joint.rotation = delta * joint.rotation. */
#include "ccd.h"

/* The chapter's joints are Transforms in a hierarchy: each child keeps its
 * local offset, and a joint's world rotation turns everything below it.
 * Modelled here as each bone's rest offset (world space at entry) and the
 * world rotation its joint has gained: joints[k + 1] = joints[k] +
 * rotation[k] * offset[k]. */
static void place_children(ik_chain *chain, const quat *rotation, const vec3 *offset, int from)
{
    for (int k = from; k + 1 < chain->joint_count; k++)
        chain->joints[k + 1] = v3_add(chain->joints[k], quat_rotate(rotation[k], offset[k]));
}

int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    /* Not from the chapter: ik_chain.h's validation. */
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    int n = chain->joint_count;
    vec3 *joints = chain->joints;
    vec3 offset[IK_CHAIN_MAX_JOINTS];
    quat rotation[IK_CHAIN_MAX_JOINTS];
    for (int k = 0; k + 1 < n; k++) {
        offset[k] = v3_sub(joints[k + 1], joints[k]);
        rotation[k] = quat_identity();
    }
    /* Not from the chapter: the report's reach test and initial error. */
    int unreachable = v3_distance(joints[0], target) > ik_chain_reach(chain);
    report->initial_error = v3_distance(joints[n - 1], target);

    int passes = 0;
    /* chapter: Transform tip = joints[joints.Length - 1];  (joints[n - 1], read afresh) */
    for (int pass = 0; pass < settings->max_passes; pass++) {   /* chapter: for (int pass = 0; pass < iterations; pass++) */
        /* chapter: if (Vector3.Distance(tip.position, target) < tolerance) return; */
        if (v3_distance(joints[n - 1], target) < settings->tolerance)
            break;

        for (int i = n - 2; i >= 0; i--) {                      /* chapter: for (int i = joints.Length - 2; i >= 0; i--) */
            vec3 toTip = v3_sub(joints[n - 1], joints[i]);      /* chapter: Vector3 toTip = tip.position - joint.position; */
            vec3 toTarget = v3_sub(target, joints[i]);          /* chapter: Vector3 toTarget = target - joint.position; */
            quat delta = quat_from_to(toTip, toTarget);         /* chapter: Quaternion delta = Quaternion.FromToRotation(toTip, toTarget); */
            /* chapter: joint.rotation = delta * joint.rotation;
             * (the children's world rotations follow, their local offsets stay) */
            for (int k = i; k + 1 < n; k++)
                rotation[k] = quat_normalize(quat_mul(delta, rotation[k]));
            place_children(chain, rotation, offset, i);
        }

        report->tip_error[passes] = v3_distance(joints[n - 1], target);
        passes++;
    }

    /* Not from the chapter: the status ccd.h / ik_chain.h ask for. */
    report->passes = passes;
    if (unreachable)
        report->status = IK_UNREACHABLE;
    else if (v3_distance(joints[n - 1], target) < settings->tolerance)
        report->status = IK_REACHED;
    else
        report->status = IK_NOT_REACHED;
    return passes;
}
