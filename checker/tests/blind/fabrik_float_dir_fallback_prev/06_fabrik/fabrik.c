/* FABRIK in float: every joint is placed as neighbour + unit direction * rest
 * length; where two points coincide the fallback is that bone's direction as
 * it was when the sweep began. A target strictly farther than the summed rest
 * lengths is answered in one pass: root + cumulative length along the
 * root->target direction. Stops before a pass once |tip - target| < tol. */
#include "fabrik.h"

static void backward_sweep(vec3 *j, const float *len, int last, vec3 target)
{
    vec3 before[IK_CHAIN_MAX_JOINTS];
    for (int i = 0; i < last; i++)
        before[i] = v3_normalize_or(v3_sub(j[i], j[i + 1]), v3_up());
    j[last] = target;
    for (int i = last - 1; i >= 0; i--) {
        vec3 dir = v3_normalize_or(v3_sub(j[i], j[i + 1]), before[i]);
        j[i] = v3_add(j[i + 1], v3_scale(dir, len[i]));
    }
}

static void forward_sweep(vec3 *j, const float *len, int last, vec3 root)
{
    vec3 before[IK_CHAIN_MAX_JOINTS];
    for (int i = 0; i < last; i++)
        before[i] = v3_normalize_or(v3_sub(j[i + 1], j[i]), v3_up());
    j[0] = root;
    for (int i = 0; i < last; i++) {
        vec3 dir = v3_normalize_or(v3_sub(j[i + 1], j[i]), before[i]);
        j[i + 1] = v3_add(j[i], v3_scale(dir, len[i]));
    }
}

int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    vec3 *j = chain->joints;
    const int last = chain->joint_count - 1;
    const vec3 root = j[0];
    float len[IK_CHAIN_MAX_JOINTS];
    float reach = 0.0f;
    for (int i = 0; i < last; i++) {
        len[i] = v3_distance(j[i], j[i + 1]);
        reach += len[i];
    }

    report->initial_error = v3_distance(j[last], target);

    if (v3_distance(root, target) > reach) {
        vec3 dir = v3_normalize_or(v3_sub(target, root), v3_up());
        float along = 0.0f;
        for (int i = 0; i < last; i++) {
            along += len[i];
            j[i + 1] = v3_add(root, v3_scale(dir, along));
        }
        report->tip_error[0] = v3_distance(j[last], target);
        report->passes = 1;
        report->status = IK_UNREACHABLE;
        return 1;
    }

    float error = report->initial_error;
    int passes = 0;
    for (; passes < settings->max_passes && !(error < settings->tolerance); passes++) {
        backward_sweep(j, len, last, target);
        forward_sweep(j, len, last, root);
        error = v3_distance(j[last], target);
        report->tip_error[passes] = error;
    }
    report->passes = passes;
    report->status = error < settings->tolerance ? IK_REACHED : IK_NOT_REACHED;
    return passes;
}
