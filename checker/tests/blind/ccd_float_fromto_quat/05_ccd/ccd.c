/* CCD, float throughout, turns from ikmath's quat_from_to (identity where
 * joint->tip or joint->target has no direction, as the header allows) applied
 * to the offsets of every joint beyond the pivot; after each pass the bones
 * are laid back to their cached rest lengths, root outward (no float creep).
 * Status: tip within tolerance wins (IK_REACHED); otherwise a target strictly
 * farther from the root than the summed bone lengths is IK_UNREACHABLE. */
#include "ccd.h"

static void turn_beyond(ik_chain *chain, int pivot, quat q)
{
    const vec3 p = chain->joints[pivot];
    for (int k = pivot + 1; k < chain->joint_count; k++)
        chain->joints[k] = v3_add(p, quat_rotate(q, v3_sub(chain->joints[k], p)));
}

int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    const int n = chain->joint_count;
    float rest[IK_CHAIN_MAX_JOINTS - 1];
    for (int i = 0; i + 1 < n; i++)
        rest[i] = v3_distance(chain->joints[i], chain->joints[i + 1]);
    const float reach = ik_chain_reach(chain);
    const int beyond_reach = v3_distance(chain->joints[0], target) > reach;

    float error = v3_distance(chain->joints[n - 1], target);
    report->initial_error = error;

    int passes = 0;
    while (passes < settings->max_passes && !(error < settings->tolerance)) {
        for (int i = n - 2; i >= 0; i--) {
            vec3 to_tip = v3_sub(chain->joints[n - 1], chain->joints[i]);
            vec3 to_target = v3_sub(target, chain->joints[i]);
            turn_beyond(chain, i, quat_from_to(to_tip, to_target));
        }
        for (int i = 0; i + 1 < n; i++) {
            vec3 bone = v3_sub(chain->joints[i + 1], chain->joints[i]);
            vec3 dir = v3_normalize_or(bone, v3_up());
            chain->joints[i + 1] = v3_add(chain->joints[i], v3_scale(dir, rest[i]));
        }
        error = v3_distance(chain->joints[n - 1], target);
        report->tip_error[passes++] = error;
    }

    report->passes = passes;
    if (error < settings->tolerance)
        report->status = IK_REACHED;
    else if (beyond_reach)
        report->status = IK_UNREACHABLE;
    else
        report->status = IK_NOT_REACHED;
    return passes;
}
