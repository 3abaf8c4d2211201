/* Port of chapter section 8, FabrikSolver.Solve: out of reach -> stretch
 * straight at the target with Lerp(points[i], target, boneLengths[i] / r)
 * and return; else up to `iterations` passes, each an early-exit test, the
 * backward pass (tip snapped to target) and the forward pass (root snapped
 * back), every joint placed with Vector3.Lerp and lambda = boneLength / r. */
#include "fabrik.h"

/* Unity's Vector3.Lerp, which the chapter calls: t is clamped to 0..1
 * (Mathf.Clamp01) before a + (b - a) * t. */
static vec3 unity_lerp(vec3 a, vec3 b, float t)
{
    if (t < 0.0f)
        t = 0.0f;
    else if (t > 1.0f)
        t = 1.0f;
    return v3_lerp(a, b, t);
}

/* Not from the chapter: fabrik.h forbids a division by zero when two
 * points coincide; the joint then goes its bone's length along +y. */
static vec3 place(vec3 from, vec3 toward, float len, float r)
{
    if (!(r > 0.0f))
        return v3_add(from, v3_scale(v3_up(), len));
    float lambda = len / r;                 /* chapter: float lambda = boneLengths[i] / r; */
    return unity_lerp(from, toward, lambda); /* chapter: Vector3.Lerp(..., ..., lambda) */
}

int fabrik_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    /* Not from the chapter: ik_chain.h's validation. */
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)
        return ik_reject(report);

    int n = chain->joint_count;
    vec3 *points = chain->joints;
    float boneLengths[IK_CHAIN_MAX_JOINTS];  /* chapter: boneLengths[i] = distance(points[i], points[i+1]) */
    for (int i = 0; i + 1 < n; i++)
        boneLengths[i] = v3_distance(points[i], points[i + 1]);
    report->initial_error = v3_distance(points[n - 1], target);

    vec3 rootPos = points[0];                               /* chapter: Vector3 rootPos = points[0]; */
    float totalLength = 0.0f;                               /* chapter: float totalLength = 0f; */
    for (int i = 0; i < n - 1; i++)
        totalLength += boneLengths[i];                      /* chapter: totalLength += boneLengths[i]; */

    /* chapter: if (Vector3.Distance(rootPos, target) > totalLength) */
    if (v3_distance(rootPos, target) > totalLength) {
        for (int i = 0; i < n - 1; i++) {                   /* chapter: for (int i = 0; i < points.Length - 1; i++) */
            float r = v3_distance(target, points[i]);       /* chapter: float r = Vector3.Distance(target, points[i]); */
            /* chapter: points[i + 1] = Vector3.Lerp(points[i], target, lambda); */
            points[i + 1] = place(points[i], target, boneLengths[i], r);
        }
        /* chapter: return;  (fabrik.h: one pass, tip_error[0], IK_UNREACHABLE) */
        report->tip_error[0] = v3_distance(points[n - 1], target);
        report->passes = 1;
        report->status = IK_UNREACHABLE;
        return 1;
    }

    int passes = 0;
    for (int pass = 0; pass < settings->max_passes; pass++) {   /* chapter: for (int pass = 0; pass < iterations; pass++) */
        /* chapter: if (Vector3.Distance(points[points.Length - 1], target) < tolerance) break; */
        if (v3_distance(points[n - 1], target) < settings->tolerance)
            break;

        points[n - 1] = target;                             /* chapter: points[points.Length - 1] = target; */
        for (int i = n - 2; i >= 0; i--) {                  /* chapter: for (int i = points.Length - 2; i >= 0; i--) */
            float r = v3_distance(points[i + 1], points[i]);  /* chapter: float r = Vector3.Distance(points[i + 1], points[i]); */
            /* chapter: points[i] = Vector3.Lerp(points[i + 1], points[i], lambda); */
            points[i] = place(points[i + 1], points[i], boneLengths[i], r);
        }

        points[0] = rootPos;                                /* chapter: points[0] = rootPos; */
        for (int i = 0; i < n - 1; i++) {                   /* chapter: for (int i = 0; i < points.Length - 1; i++) */
            float r = v3_distance(points[i + 1], points[i]);  /* chapter: float r = Vector3.Distance(points[i + 1], points[i]); */
            /* chapter: points[i + 1] = Vector3.Lerp(points[i], points[i + 1], lambda); */
            points[i + 1] = place(points[i], points[i + 1], boneLengths[i], r);
        }

        report->tip_error[passes] = v3_distance(points[n - 1], target);
        passes++;
    }

    /* Not from the chapter: the status ik_chain.h asks for. */
    report->passes = passes;
    report->status = v3_distance(points[n - 1], target) < settings->tolerance ? IK_REACHED : IK_NOT_REACHED;
    return passes;
}
