/* 02 law of cosines: the checks (trusted side).
 *
 * Answers are compared with the chapter's worked numbers and with the
 * reference solution on random triangles. Wrong answers are matched against
 * the classic mistakes: degrees, bend-vs-interior, NaN from acos, and the
 * distance margin of the chapter's C#. */
#include "check.h"
#include "law_of_cosines.h"
#include "sections.h"
#include "sections/02_law_of_cosines/ops.h"

#include <stdio.h>

/* The chapter rounds to 0.1 deg; the issue asks for 0.05 deg. */
#define WORKED_TOL_RAD (0.05f * IK_DEG_TO_RAD)
/* Against the reference: float acos near +-1 turns a 1e-7 error in the
 * cosine into ~sqrt(2e-7) = 4.5e-4 rad, so allow 2e-3 rad (0.11 deg). */
#define ANGLE_TOL_RAD 2e-3f
/* At the reach limits (straight or folded arm) the float cosine itself is
 * off by up to ~1e-6 and acos is steepest there: the reference measured up
 * to 0.15 deg from exact 180/0 over 1M random arms. 0.3 deg still catches
 * the distance-margin mistake (0.7..1.6 deg off). */
#define LIMIT_TOL_RAD (0.3f * IK_DEG_TO_RAD)

static void describe(const void *request, char *out, size_t size)
{
    const loc_request *rq = request;
    snprintf(out, size, "L1 = %g, L2 = %g, D = %g", rq->len_upper, rq->len_lower, rq->dist);
}

/* Names the mistake behind a wrong angle, if it is a known one. `folds`
 * says the angle is one of the pair (interior, bend) that add up to pi. */
static diagnosis diagnose(float got, float want, int folds)
{
    if (isnan(got))
        return DIAG_NAN_ACOS;
    float want_deg = want * IK_RAD_TO_DEG;
    if (fabsf(want) > 0.05f && fabsf(got - want_deg) < 0.01f * fabsf(want_deg))
        return DIAG_DEGREES;
    if (folds && fabsf(got - (IK_PI - want)) < ANGLE_TOL_RAD)
        return DIAG_BEND_FOR_INTERIOR;
    int at_limit = fabsf(want) < 1e-4f || fabsf(want - IK_PI) < 1e-4f;
    if (at_limit && fabsf(got - want) < 5.0f * IK_DEG_TO_RAD)
        return DIAG_DISTANCE_MARGIN;
    return DIAG_NONE;
}

/* Compares one answer; on mismatch records the failure and returns 0. */
static int expect_angle(const loc_request *rq, const char *what, float got, float want, float tol, int folds)
{
    if (fabsf(got - want) <= tol) /* false for NaN */
        return 1;
    char given[160];
    describe(rq, given, sizeof given);
    check_fail(diagnose(got, want, folds), given, fmt("%s = %s", what, fmt_deg(want)),
               fmt("%s = %s", what, fmt_deg(got)));
    return 0;
}

static int expect_all(const loc_request *rq, const loc_response *rs, float tol)
{
    return expect_angle(rq, "elbow_interior_angle", rs->elbow,
                        elbow_interior_angle(rq->len_upper, rq->len_lower, rq->dist), tol, 1) &&
           expect_angle(rq, "shoulder_angle", rs->shoulder,
                        shoulder_angle(rq->len_upper, rq->len_lower, rq->dist), tol, 0) &&
           expect_angle(rq, "elbow_bend_angle", rs->bend,
                        elbow_bend_angle(rq->len_upper, rq->len_lower, rq->dist), tol, 1);
}

static void worked_examples(void)
{
    /* Chapter section 4 and the section 14 exercises, in degrees as printed. */
    static const struct { loc_request rq; float elbow, shoulder, bend; } CASES[] = {
        {{0.5f, 0.4f, 0.7f}, 101.5f, -1.0f, 78.5f},
        {{0.6f, 0.5f, 0.9f}, 109.5f, 31.6f, -1.0f},
        {{0.6f, 0.5f, 1.1f}, 180.0f, 0.0f, 0.0f},
    };
    loc_request rq[3];
    loc_response rs[3];
    for (int i = 0; i < 3; i++)
        rq[i] = CASES[i].rq;
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, 3, rs, describe))
        return;
    for (int i = 0; i < 3; i++) {
        if (!expect_angle(&rq[i], "elbow_interior_angle", rs[i].elbow, CASES[i].elbow * IK_DEG_TO_RAD,
                          WORKED_TOL_RAD, 1))
            return;
        if (CASES[i].shoulder >= 0 &&
            !expect_angle(&rq[i], "shoulder_angle", rs[i].shoulder, CASES[i].shoulder * IK_DEG_TO_RAD,
                          WORKED_TOL_RAD, 0))
            return;
        if (CASES[i].bend >= 0 &&
            !expect_angle(&rq[i], "elbow_bend_angle", rs[i].bend, CASES[i].bend * IK_DEG_TO_RAD,
                          WORKED_TOL_RAD, 1))
            return;
    }
}

#define RANDOM_CASES 2000

static void random_triangles(void)
{
    static loc_request rq[RANDOM_CASES];
    static loc_response rs[RANDOM_CASES];
    rng r = rng_for("random_triangles");
    for (int i = 0; i < RANDOM_CASES; i++) {
        float l1 = rng_float(&r, 0.1f, 2.0f), l2 = rng_float(&r, 0.1f, 2.0f);
        float lo = fabsf(l1 - l2), hi = l1 + l2;
        /* strictly inside the reachable range, away from the steep ends */
        rq[i] = (loc_request){l1, l2, rng_float(&r, lo + 0.02f * (hi - lo), hi - 0.02f * (hi - lo))};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, RANDOM_CASES, rs, describe))
        return;
    for (int i = 0; i < RANDOM_CASES; i++)
        if (!expect_all(&rq[i], &rs[i], ANGLE_TOL_RAD))
            return;
}

static void out_of_reach(void)
{
    /* D beyond L1 + L2: no triangle exists; the arm is straight. */
    loc_request rq[64];
    loc_response rs[64];
    rng r = rng_for("out_of_reach");
    for (int i = 0; i < 64; i++) {
        float l1 = rng_float(&r, 0.1f, 2.0f), l2 = rng_float(&r, 0.1f, 2.0f);
        rq[i] = (loc_request){l1, l2, (l1 + l2) * rng_float(&r, 1.001f, 5.0f)};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, 64, rs, describe))
        return;
    for (int i = 0; i < 64; i++)
        if (!expect_angle(&rq[i], "elbow_interior_angle", rs[i].elbow, IK_PI, LIMIT_TOL_RAD, 1) ||
            !expect_angle(&rq[i], "shoulder_angle", rs[i].shoulder, 0.0f, LIMIT_TOL_RAD, 0) ||
            !expect_angle(&rq[i], "elbow_bend_angle", rs[i].bend, 0.0f, LIMIT_TOL_RAD, 1))
            return;
}

static void too_close(void)
{
    /* D below |L1 - L2|: the arm folds. The shoulder points at the target
     * when the upper bone is longer, away from it when it is shorter. */
    loc_request rq[64];
    loc_response rs[64];
    rng r = rng_for("too_close");
    for (int i = 0; i < 64; i++) {
        float l1 = rng_float(&r, 0.1f, 2.0f), l2 = rng_float(&r, 0.1f, 2.0f);
        if (fabsf(l1 - l2) < 0.05f)
            l2 = l1 + 0.3f;
        rq[i] = (loc_request){l1, l2, fabsf(l1 - l2) * rng_float(&r, 0.0f, 0.98f)};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, 64, rs, describe))
        return;
    for (int i = 0; i < 64; i++) {
        float shoulder = rq[i].len_upper > rq[i].len_lower ? 0.0f : IK_PI;
        if (!expect_angle(&rq[i], "elbow_interior_angle", rs[i].elbow, 0.0f, LIMIT_TOL_RAD, 1) ||
            !expect_angle(&rq[i], "shoulder_angle", rs[i].shoulder, shoulder, LIMIT_TOL_RAD, 0) ||
            !expect_angle(&rq[i], "elbow_bend_angle", rs[i].bend, IK_PI, LIMIT_TOL_RAD, 1))
            return;
    }
}

static void full_reach_rounding(void)
{
    /* D exactly L1 + L2 in float: the cosine computed in float often lands
     * just outside [-1, 1] (-1.0000001). acos of that is NaN unless the
     * cosine is clamped; a distance margin instead gives ~178 deg. The
     * cases are found, not typed in, so they hold on any float unit. */
    loc_request rq[32];
    loc_response rs[32];
    int n = 0;
    rng r = rng_for("full_reach_rounding");
    rq[n++] = (loc_request){0.6f, 0.5f, 1.1f}; /* the chapter's own section 14 case */
    for (int tries = 0; tries < 100000 && n < 32; tries++) {
        float l1 = rng_float(&r, 0.05f, 3.0f), l2 = rng_float(&r, 0.05f, 3.0f), d = l1 + l2;
        volatile float cos_elbow = (l1 * l1 + l2 * l2 - d * d) / (2.0f * l1 * l2);
        if (cos_elbow < -1.0f)
            rq[n++] = (loc_request){l1, l2, d};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, (size_t)n, rs, describe))
        return;
    for (int i = 0; i < n; i++)
        if (!expect_angle(&rq[i], "elbow_interior_angle", rs[i].elbow, IK_PI, LIMIT_TOL_RAD, 1) ||
            !expect_angle(&rq[i], "shoulder_angle", rs[i].shoulder, 0.0f, LIMIT_TOL_RAD, 0) ||
            !expect_angle(&rq[i], "elbow_bend_angle", rs[i].bend, 0.0f, LIMIT_TOL_RAD, 1))
            return;
}

static void odd_inputs(void)
{
    /* Defined results for input no arm has: infinite or NaN or negative
     * distance, bones of zero, negative or NaN length. */
    static const loc_request RQ[] = {
        {0.6f, 0.5f, INFINITY},   /* straight */
        {0.6f, 0.5f, -1.0f},      /* treated as 0: folded */
        {0.6f, 0.5f, NAN},        /* treated as 0: folded */
        {0.5f, 0.5f, 0.0f},       /* target on the root, equal bones */
        {0.0f, 0.5f, 0.3f},       /* zero-length bone: 0 */
        {-0.6f, 0.5f, 0.3f},
        {0.6f, NAN, 0.3f},
    };
    enum { N = sizeof RQ / sizeof RQ[0] };
    loc_request rq[N];
    loc_response rs[N];
    for (int i = 0; i < N; i++)
        rq[i] = RQ[i];
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++)
        if (!expect_all(&rq[i], &rs[i], LIMIT_TOL_RAD))
            return;
}

DEFINE_SUITE(LAW_OF_COSINES,
    {"worked_examples", "ตัวอย่างในบท: 101.5°, 109.5°/31.6°, 180°/0° (ภายใน 0.05°)", "the chapter's examples: 101.5°, 109.5°/31.6°, 180°/0° (within 0.05°)", worked_examples},
    {"random_triangles", "สามเหลี่ยมสุ่ม 2000 รูปที่เอื้อมถึง ตรงกับคำตอบอ้างอิง", "2000 random reachable triangles match the reference answer", random_triangles},
    {"out_of_reach", "D > L1+L2: แขนเหยียดตรง (elbow 180°, shoulder 0°)", "D > L1+L2: the arm is straight (elbow 180°, shoulder 0°)", out_of_reach},
    {"too_close", "D < |L1−L2|: แขนพับ (elbow 0°)", "D < |L1−L2|: the arm folds (elbow 0°)", too_close},
    {"full_reach_rounding", "D = L1+L2 พอดี: cosine ปัดเศษเป็น -1.0000001 ต้องไม่ได้ NaN", "D = L1+L2 exactly: a cosine rounded to -1.0000001 must not give NaN", full_reach_rounding},
    {"odd_inputs", "input แปลกๆ (D เป็น inf/NaN/ติดลบ, bone ยาว 0) ได้ผลที่กำหนดไว้", "odd inputs (D inf/NaN/negative, zero-length bone) give the specified results", odd_inputs})
