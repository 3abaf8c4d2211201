/* FABRIK in double: joints copied to doubles, each placed by moving from its
 * neighbour toward its old spot by the ratio rest/current distance; a
 * coincident pair falls back to +y. Unreachable (strictly beyond the double
 * sum of rest lengths): each joint is stepped toward the target by its bone's
 * length, one pass. Validation is ik_validate's; floats written back at the
 * end, errors measured in double. */
#include "fabrik.h"

typedef struct { double x, y, z; } dpt;

static double ddist(dpt a, dpt b)
{
    double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

/* The point at distance `len` from `anchor` on the way to `toward`. */
static dpt place(dpt anchor, dpt toward, double len)
{
    double r = ddist(anchor, toward);
    if (!(r > 1e-12))
        return (dpt){anchor.x, anchor.y + len, anchor.z};
    double t = len / r;
    return (dpt){anchor.x + (toward.x - anchor.x) * t, anchor.y + (toward.y - anchor.y) * t,
                 anchor.z + (toward.z - anchor.z) * t};
}

int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    const int n = chain->joint_count;
    dpt p[IK_CHAIN_MAX_JOINTS];
    double len[IK_CHAIN_MAX_JOINTS];
    for (int i = 0; i < n; i++)
        p[i] = (dpt){chain->joints[i].x, chain->joints[i].y, chain->joints[i].z};
    double reach = 0.0;
    for (int i = 0; i + 1 < n; i++) {
        len[i] = ddist(p[i], p[i + 1]);
        reach += len[i];
    }
    const dpt goal = {target.x, target.y, target.z};
    const dpt root = p[0];
    const double tol = settings->tolerance;

    double error = ddist(p[n - 1], goal);
    report->initial_error = (float)error;
    int passes = 0;
    ik_status status;

    if (ddist(root, goal) > reach) {
        for (int i = 0; i + 1 < n; i++)
            p[i + 1] = place(p[i], goal, len[i]);
        error = ddist(p[n - 1], goal);
        report->tip_error[passes++] = (float)error;
        status = IK_UNREACHABLE;
    } else {
        while (passes < settings->max_passes) {
            if (error < tol)
                break;
            p[n - 1] = goal;
            for (int i = n - 2; i >= 0; i--)
                p[i] = place(p[i + 1], p[i], len[i]);
            p[0] = root;
            for (int i = 0; i + 1 < n; i++)
                p[i + 1] = place(p[i], p[i + 1], len[i]);
            error = ddist(p[n - 1], goal);
            report->tip_error[passes++] = (float)error;
        }
        status = error < tol ? IK_REACHED : IK_NOT_REACHED;
    }

    for (int i = 1; i < n; i++)
        chain->joints[i] = v3((float)p[i].x, (float)p[i].y, (float)p[i].z);
    report->passes = passes;
    report->status = status;
    return passes;
}
