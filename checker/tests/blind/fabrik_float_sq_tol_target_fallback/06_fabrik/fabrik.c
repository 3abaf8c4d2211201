/* FABRIK in float, deciding by squared distances taken in double (so a tiny
 * tolerance cannot underflow): |d|^2 < tol^2 stops, |root - target|^2 >
 * reach^2 is out of reach. Coincident points fall back to the root->target
 * direction (+y if the target sits on the root). tip_error is cleared once
 * the input is accepted. Unreachable: one pass, the rest lengths laid end to
 * end from the root along the root->target line. */
#include <string.h>

#include "fabrik.h"

static double dist_sq(vec3 a, vec3 b)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y, dz = (double)a.z - b.z;
    return dx * dx + dy * dy + dz * dz;
}

int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);
    memset(report->tip_error, 0, sizeof report->tip_error);

    const int count = chain->joint_count;
    vec3 *pt = chain->joints;
    const vec3 base = pt[0];
    float rest[IK_CHAIN_MAX_JOINTS];
    float total = 0.0f;
    for (int b = 0; b + 1 < count; b++) {
        rest[b] = v3_distance(pt[b], pt[b + 1]);
        total += rest[b];
    }
    const vec3 aim = v3_normalize_or(v3_sub(target, base), v3_up());
    const double tol_sq = (double)settings->tolerance * settings->tolerance;

    double err_sq = dist_sq(pt[count - 1], target);
    report->initial_error = v3_distance(pt[count - 1], target);

    if (dist_sq(target, base) > (double)total * total) {
        vec3 at = base;
        for (int b = 0; b + 1 < count; b++) {
            at = v3_add(at, v3_scale(aim, rest[b]));
            pt[b + 1] = at;
        }
        report->tip_error[0] = v3_distance(pt[count - 1], target);
        report->passes = 1;
        report->status = IK_UNREACHABLE;
        return 1;
    }

    int pass = 0;
    while (pass < settings->max_passes && err_sq >= tol_sq) {
        /* backward: tip onto the target, then each joint toward its old spot */
        pt[count - 1] = target;
        for (int b = count - 2; b >= 0; b--) {
            vec3 d = v3_normalize_or(v3_sub(pt[b], pt[b + 1]), v3_neg(aim));
            pt[b] = v3_add(pt[b + 1], v3_scale(d, rest[b]));
        }
        /* forward: root back home, then out to the tip */
        pt[0] = base;
        for (int b = 0; b + 1 < count; b++) {
            vec3 d = v3_normalize_or(v3_sub(pt[b + 1], pt[b]), aim);
            pt[b + 1] = v3_add(pt[b], v3_scale(d, rest[b]));
        }
        err_sq = dist_sq(pt[count - 1], target);
        report->tip_error[pass++] = v3_distance(pt[count - 1], target);
    }
    report->passes = pass;
    report->status = err_sq < tol_sq ? IK_REACHED : IK_NOT_REACHED;
    return pass;
}
