/* CCD solved in double: the joints are copied to doubles, each turn is an
 * axis (tip x target) and an angle acos(clamped cosine) applied by Rodrigues'
 * formula, and the floats are written back once at the end. Own validation
 * (settings, count, joints, target, bones: same tests as ik_validate, other
 * order). A target strictly beyond the reach (double sum) is IK_UNREACHABLE
 * whatever the final error; no direction to aim: the joint is left as it is. */
#include "ccd.h"

typedef struct { double x, y, z; } dvec;

static dvec dsub(dvec a, dvec b) { return (dvec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static double ddot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static dvec dcross(dvec a, dvec b)
{
    return (dvec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static double dlen(dvec a) { return sqrt(ddot(a, a)); }

static int valid(const ik_chain *chain, vec3 target, const ik_settings *settings, const ik_report *report)
{
    if (!report || !settings || !chain)
        return 0;
    if (settings->max_passes < 1 || settings->max_passes > IK_MAX_PASSES)
        return 0;
    if (!isfinite(settings->tolerance) || !(settings->tolerance > 0.0f))
        return 0;
    if (chain->joint_count < 2 || chain->joint_count > IK_CHAIN_MAX_JOINTS)
        return 0;
    for (int i = 0; i < chain->joint_count; i++)
        if (!v3_in_world(chain->joints[i]))
            return 0;
    if (!v3_in_world(target))
        return 0;
    for (int i = 1; i < chain->joint_count; i++)
        if (!(v3_distance(chain->joints[i - 1], chain->joints[i]) >= IK_MIN_BONE_LENGTH))
            return 0;
    return 1;
}

/* Turns p[from..n-1] about p[pivot] so that (tip - pivot) points along
 * (goal - pivot). */
static void ccd_turn(dvec *p, int pivot, int n, dvec goal)
{
    dvec a = dsub(p[n - 1], p[pivot]);
    dvec b = dsub(goal, p[pivot]);
    double la = dlen(a), lb = dlen(b);
    if (!(la > 1e-15) || !(lb > 1e-15))
        return; /* nothing to aim */
    dvec axis = dcross(a, b);
    double s = dlen(axis);
    double c = ddot(a, b) / (la * lb);
    if (c > 1.0) c = 1.0;
    if (c < -1.0) c = -1.0;
    double angle = acos(c);
    if (s > 1e-14 * la * lb) {
        axis = (dvec){axis.x / s, axis.y / s, axis.z / s};
    } else if (c < 0.0) {
        /* opposite: half turn about some axis perpendicular to a */
        dvec helper = fabs(a.x) < 0.9 * la ? (dvec){1.0, 0.0, 0.0} : (dvec){0.0, 1.0, 0.0};
        axis = dcross(a, helper);
        double l = dlen(axis);
        axis = (dvec){axis.x / l, axis.y / l, axis.z / l};
        angle = 3.14159265358979323846;
    } else {
        return; /* already aimed */
    }
    double cs = cos(angle), sn = sin(angle);
    for (int k = pivot + 1; k < n; k++) {
        dvec v = dsub(p[k], p[pivot]);
        dvec kxv = dcross(axis, v);
        double kv = ddot(axis, v) * (1.0 - cs);
        p[k] = (dvec){p[pivot].x + v.x * cs + kxv.x * sn + axis.x * kv,
                      p[pivot].y + v.y * cs + kxv.y * sn + axis.y * kv,
                      p[pivot].z + v.z * cs + kxv.z * sn + axis.z * kv};
    }
}

int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    if (!valid(chain, target, settings, report))
        return ik_reject(report);

    const int n = chain->joint_count;
    dvec p[IK_CHAIN_MAX_JOINTS];
    for (int i = 0; i < n; i++)
        p[i] = (dvec){chain->joints[i].x, chain->joints[i].y, chain->joints[i].z};
    const dvec goal = {target.x, target.y, target.z};

    double reach = 0.0;
    for (int i = 0; i + 1 < n; i++)
        reach += dlen(dsub(p[i + 1], p[i]));
    const int beyond_reach = dlen(dsub(goal, p[0])) > reach;

    const double tolerance = settings->tolerance;
    double error = dlen(dsub(p[n - 1], goal));
    report->initial_error = (float)error;

    int passes = 0;
    for (; passes < settings->max_passes; passes++) {
        if (error < tolerance)
            break;
        for (int i = n - 2; i >= 0; i--)
            ccd_turn(p, i, n, goal);
        error = dlen(dsub(p[n - 1], goal));
        report->tip_error[passes] = (float)error;
    }

    for (int i = 1; i < n; i++)
        chain->joints[i] = v3((float)p[i].x, (float)p[i].y, (float)p[i].z);

    report->passes = passes;
    if (beyond_reach)
        report->status = IK_UNREACHABLE;
    else
        report->status = error < tolerance ? IK_REACHED : IK_NOT_REACHED;
    return passes;
}
