/* 02 law of cosines: the checks (trusted side).
 *
 * Answers are compared with the chapter's worked numbers and with the
 * reference solution on random triangles. Wrong answers are matched against
 * the classic mistakes: degrees, bend-vs-interior, NaN from acos, and the
 * distance margin of the chapter's C#. */
#include "check.h"
#include "picture.h"
#include "law_of_cosines.h"
#include "messages.h"
#include "sections.h"
#include "sections/02_law_of_cosines/ops.h"

#include <float.h>
#include <stdio.h>

/* The chapter prints 0.1 deg; half of that, against the exact angle,
 * still holds for acosf of a cosine one rounding from -1 at full reach
 * (0.02 deg off) and catches the chapter's distance margin (1.6 deg). */
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

/* The three answers of a case, in the order they are compared. `folds`
 * marks the pair (interior, bend) that add up to pi. */
typedef enum { ANGLE_ELBOW, ANGLE_SHOULDER, ANGLE_BEND, ANGLE_COUNT } angle_kind;

static const struct {
    const char *name;
    int folds;
} ANGLES[ANGLE_COUNT] = {
    [ANGLE_ELBOW] = {"elbow_interior_angle", 1},
    [ANGLE_SHOULDER] = {"shoulder_angle", 0},
    [ANGLE_BEND] = {"elbow_bend_angle", 1},
};

/* One answer of a response (the student's, or the expected one). */
static float angle_of(const loc_response *r, angle_kind kind)
{
    return kind == ANGLE_ELBOW ? r->elbow : kind == ANGLE_SHOULDER ? r->shoulder : r->bend;
}

/* Whether acosf() of an unclamped cosine can explain a NaN on this case.
 * It can only when both lengths are real triangle sides and the cosine the
 * angle needs, taken from the unclamped distance, lies outside [-1, 1] or
 * within float rounding of +-1 (where the student's own float cosine can
 * land at -1.0000001). A NaN from a zero, negative or NaN length, a NaN
 * distance or a zero denominator (0/0) arises before acos, and no clamp of
 * the cosine cures it, so that advice would send the student the wrong
 * way. Worked in double so the checker's own rounding does not decide. */
static int acos_can_nan(const loc_request *rq, angle_kind kind)
{
    double l1 = rq->len_upper, l2 = rq->len_lower, d = rq->dist;
    if (!(isfinite(l1) && l1 > 0.0 && isfinite(l2) && l2 > 0.0) || isnan(d))
        return 0;
    if (d < 0.0) /* the contract's "negative distance counts as 0" */
        d = 0.0;
    double num, den;
    if (kind == ANGLE_SHOULDER) {
        num = l1 * l1 + d * d - l2 * l2;
        den = 2.0 * l1 * d;
    } else {
        num = l1 * l1 + l2 * l2 - d * d;
        den = 2.0 * l1 * l2;
    }
    double cosine = num / den; /* NaN for 0/0 and inf/inf: no claim */
    /* A float cosine is off by a few units in the last place of the
     * largest square, relative to the denominator. */
    double slack = 8.0 * FLT_EPSILON * (l1 * l1 + l2 * l2 + d * d) / den;
    return fabs(cosine) > 1.0 - slack;
}

/* The reference's shoulder angle with the chapter C#'s mistake: D clamped
 * into [|L1 - L2| + 1e-4, L1 + L2 - 1e-4] instead of the exact range. */
static float shoulder_with_margin(const loc_request *rq)
{
    float l1 = rq->len_upper, l2 = rq->len_lower, d = rq->dist >= 0.0f ? rq->dist : 0.0f;
    float hi = l1 + l2 - 1e-4f, lo = fabsf(l1 - l2) + 1e-4f;
    if (d > hi)
        d = hi;
    if (d < lo)
        d = lo;
    return shoulder_angle(l1, l2, d);
}

/* The right answer times 57.3. Only said of an answer that is not near 0:
 * there degrees and radians are both small numbers. */
static int reads_as_degrees(float got, float want)
{
    float want_deg = want * IK_RAD_TO_DEG;
    return fabsf(want) > 0.05f && fabsf(got - want_deg) < 0.01f * fabsf(want_deg);
}

/* Names the mistake behind a wrong answer, if it is a known one. `want`
 * holds the case's expected answers (negative: not compared). */
static diagnosis diagnose(const loc_request *rq, const loc_response *rs, const loc_response *want, angle_kind kind)
{
    float got = angle_of(rs, kind), w = angle_of(want, kind);
    if (isnan(got))
        return acos_can_nan(rq, kind) ? DIAG_NAN_ACOS : DIAG_NONE;
    if (reads_as_degrees(got, w))
        return DIAG_DEGREES;
    /* No triangle (a bone of zero, negative, inf or NaN length): every
     * answer is 0, so pi there is no bend/interior mix-up. */
    if (!(isfinite(rq->len_upper) && rq->len_upper > 0.0f && isfinite(rq->len_lower) && rq->len_lower > 0.0f))
        return DIAG_NONE;
    if (ANGLES[kind].folds && fabsf(got - (IK_PI - w)) < ANGLE_TOL_RAD)
        return DIAG_BEND_FOR_INTERIOR;
    int at_limit = fabsf(w) < 1e-4f || fabsf(w - IK_PI) < 1e-4f;
    if (!at_limit || !(fabsf(got - w) < 5.0f * IK_DEG_TO_RAD))
        return DIAG_NONE;
    /* A little off at 0 is also what degrees give: 57.3 x the float noise
     * of acos near 1 (57.3 x acos(1 - 6e-8) = 0.0198). The case's other
     * answers tell the two apart: with degrees, one that is not near 0
     * reads as degrees too. */
    for (int k = 0; k < ANGLE_COUNT; k++)
        if (k != (int)kind && angle_of(want, (angle_kind)k) >= 0.0f &&
            reads_as_degrees(angle_of(rs, (angle_kind)k), angle_of(want, (angle_kind)k)))
            return DIAG_DEGREES;
    /* The elbow's pair a little off 0 or 180 deg is the advice's own
     * picture (178.4 deg), whatever the margin. */
    if (ANGLES[kind].folds)
        return DIAG_DISTANCE_MARGIN;
    /* The shoulder fails first with the elbow right when the margin sits in
     * shoulder_angle alone, or its effect on the elbow stays inside the
     * tolerance (long bones, folded arm). But a shoulder_angle alone in
     * degrees is a little off 0 as well, so name the margin only when the
     * answer is the one the chapter's 1e-4 margin gives: students' own
     * margins land within 0.5% of its effect, and over 300 seeds a
     * degrees shoulder matched it once in 900 checks. */
    float margin = shoulder_with_margin(rq);
    return fabsf(got - margin) <= 0.005f * fabsf(margin - w) ? DIAG_DISTANCE_MARGIN : DIAG_NONE;
}

/* The picture of a failing case (checker/picture.h): the triangle the
 * student's shoulder and interior angles build from the given sides, over
 * the reference's, shoulder at 0 and the target on the x axis. Nothing
 * for a case without a triangle (a bone not a positive finite length, D
 * not finite): no geometry to show, the message says it all. */
static void arc(const char *block, float cx, float cy, float r, float from, float to)
{
    /* an angle of many turns (degrees for radians) is drawn as one turn;
     * its label gives the number */
    if (to - from > 2.0f * IK_PI)
        to = from + 2.0f * IK_PI;
    if (from - to > 2.0f * IK_PI)
        to = from - 2.0f * IK_PI;
    float xy[2 * 25];
    for (int i = 0; i <= 24; i++) {
        float a = from + (to - from) * (float)i / 24.0f;
        xy[2 * i] = cx + r * cosf(a);
        xy[2 * i + 1] = cy + r * sinf(a);
    }
    picture_xy(block, xy, 25);
}

static void triangle(const char *who, float l1, float l2, float shoulder, float interior, float turn, float r)
{
    char line[32], mark[32], lab[32];
    snprintf(line, sizeof line, "%s", who);
    snprintf(mark, sizeof mark, "%smark", who);
    snprintf(lab, sizeof lab, "%slab", who);
    float ex = l1 * cosf(shoulder), ey = l1 * sinf(shoulder);
    float back = atan2f(-ey, -ex); /* the elbow's direction back to the shoulder */
    float hand = back + turn * interior;
    float pts[6] = {0, 0, ex, ey, ex + l2 * cosf(hand), ey + l2 * sinf(hand)};
    picture_xy(line, pts, 3);
    arc(mark, 0, 0, r, 0, shoulder);
    arc(mark, ex, ey, r, back, hand);
    picture_label(lab, 1.6f * r * cosf(0.5f * shoulder), 1.6f * r * sinf(0.5f * shoulder),
                  fmt("%s %.1f°", picture_tr("ไหล่ (shoulder)", "shoulder"), (double)(shoulder * IK_RAD_TO_DEG)));
    picture_label(lab, ex + 1.6f * r * cosf(back + 0.5f * turn * interior),
                  ey + 1.6f * r * sinf(back + 0.5f * turn * interior),
                  fmt("%s %.1f°", picture_tr("ศอก (elbow interior)", "elbow interior"), (double)(interior * IK_RAD_TO_DEG)));
}

static void picture_triangle(const loc_request *rq, const loc_response *rs, const loc_response *ref, const char *given)
{
    float l1 = rq->len_upper, l2 = rq->len_lower, d = rq->dist < 0.0f ? 0.0f : rq->dist;
    if (!(isfinite(l1) && l1 > 0.0f && isfinite(l2) && l2 > 0.0f && isfinite(d)) || !picture_case("triangle"))
        return;
    float s = ref->shoulder, e = ref->elbow;
    /* which way the interior angle turns from the elbow so the reference's
     * hand lands on the target; the student's angles turn the same way */
    float ex = l1 * cosf(s), ey = l1 * sinf(s), back = atan2f(-ey, -ex);
    float hp = back + e, hm = back - e;
    float dp = hypotf(ex + l2 * cosf(hp) - d, ey + l2 * sinf(hp)), dm = hypotf(ex + l2 * cosf(hm) - d, ey + l2 * sinf(hm));
    float turn = dp <= dm ? 1.0f : -1.0f;
    float r = 0.2f * fminf(l1, l2);
    float given_line[4] = {0, 0, d, 0};
    picture_xy("given", given_line, 2);
    picture_xy("target", (float[2]){d, 0}, 1);
    triangle("ref", l1, l2, s, e, turn, r);
    if (isfinite(rs->shoulder) && isfinite(rs->elbow))
        triangle("student", l1, l2, rs->shoulder, rs->elbow, turn, 1.35f * r);
    picture_text("case_text", given);
    picture_text("student_text", fmt(picture_tr("ไหล่ (shoulder) %.2f°, ศอก (interior) %.2f°, bend %.2f°",
                                                "shoulder %.2f°, interior %.2f°, bend %.2f°"),
                                     (double)(rs->shoulder * IK_RAD_TO_DEG), (double)(rs->elbow * IK_RAD_TO_DEG),
                                     (double)(rs->bend * IK_RAD_TO_DEG)));
}

/* Compares a case's answers in order (a negative want is not compared); on
 * the first mismatch records the failure and returns 0. */
static int expect_case(const loc_request *rq, const loc_response *rs, const loc_response *want, float tol)
{
    /* The reference's triangle for the picture, asked for every case and
     * not only a failing one: the student edition's replay has answers
     * only for what the reference was asked while it was recorded passing
     * (checker/classroom), so a failing case's picture is there too. */
    float d = rq->dist < 0.0f ? 0.0f : rq->dist;
    loc_response ref = {elbow_interior_angle(rq->len_upper, rq->len_lower, d), shoulder_angle(rq->len_upper, rq->len_lower, d), 0};
    for (int k = 0; k < ANGLE_COUNT; k++) {
        float got = angle_of(rs, (angle_kind)k), w = angle_of(want, (angle_kind)k);
        if (w < 0.0f || fabsf(got - w) <= tol) /* false for NaN */
            continue;
        const char *what = ANGLES[k].name;
        char given[160];
        describe(rq, given, sizeof given);
        picture_triangle(rq, rs, &ref, given);
        check_fail(diagnose(rq, rs, want, (angle_kind)k), given, fmt("%s = %s", what, fmt_deg(w)),
                   fmt("%s = %s", what, fmt_deg(got)));
        return 0;
    }
    return 1;
}

/* Against the reference solution linked into the checker. */
static int expect_reference(const loc_request *rq, const loc_response *rs, float tol)
{
    float l1 = rq->len_upper, l2 = rq->len_lower, d = rq->dist;
    loc_response want = {elbow_interior_angle(l1, l2, d), shoulder_angle(l1, l2, d), elbow_bend_angle(l1, l2, d)};
    return expect_case(rq, rs, &want, tol);
}

/* Only a defined angle in [0, pi] for each of the three: what the header
 * promises for every input when it fixes no value. */
static int expect_in_range(const loc_request *rq, const loc_response *rs)
{
    for (int k = 0; k < ANGLE_COUNT; k++) {
        float got = angle_of(rs, (angle_kind)k);
        if (got >= 0.0f && got <= IK_PI + 1e-6f) /* false for NaN */
            continue;
        char given[160];
        describe(rq, given, sizeof given);
        check_fail(isnan(got) && acos_can_nan(rq, (angle_kind)k) ? DIAG_NAN_ACOS : DIAG_NONE, given,
                   fmt(T(MSG_LOC_EXPECT_IN_RANGE), ANGLES[k].name), fmt("%s = %s", ANGLES[k].name, fmt_deg(got)));
        return 0;
    }
    return 1;
}

static void worked_examples(void)
{
    /* Chapter section 4 and the section 14 exercises (101.5 deg; 109.5 and
     * 31.6 deg; 180 and 0 deg as the chapter rounds them). Expected: the
     * exact angles, in double, so a message shows 101.54 deg, not the
     * chapter's rounding; negative: not printed in the chapter, not
     * compared. */
    static const struct { loc_request rq; int elbow, shoulder, bend; } CASES[] = {
        {{0.5f, 0.4f, 0.7f}, 1, 0, 1},
        {{0.6f, 0.5f, 0.9f}, 1, 1, 0},
        {{0.6f, 0.5f, 1.1f}, 1, 1, 1},
    };
    loc_request rq[3];
    loc_response rs[3];
    for (int i = 0; i < 3; i++)
        rq[i] = CASES[i].rq;
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, 3, rs, describe))
        return;
    for (int i = 0; i < 3; i++) {
        double l1 = rq[i].len_upper, l2 = rq[i].len_lower, d = rq[i].dist;
        double ce = fmax(-1.0, fmin(1.0, (l1 * l1 + l2 * l2 - d * d) / (2.0 * l1 * l2)));
        double cs = fmax(-1.0, fmin(1.0, (l1 * l1 + d * d - l2 * l2) / (2.0 * l1 * d)));
        loc_response want = {CASES[i].elbow ? (float)acos(ce) : -1.0f, CASES[i].shoulder ? (float)acos(cs) : -1.0f,
                             CASES[i].bend ? (float)(IK_PI - acos(ce)) : -1.0f};
        if (!expect_case(&rq[i], &rs[i], &want, WORKED_TOL_RAD))
            return;
    }
}

#define RANDOM_CASES 2000

static void random_triangles(void)
{
    static loc_request rq[RANDOM_CASES];
    static loc_response rs[RANDOM_CASES];
    rng r = check_rng();
    for (int i = 0; i < RANDOM_CASES; i++) {
        float l1 = rng_float(&r, 0.1f, 2.0f), l2 = rng_float(&r, 0.1f, 2.0f);
        float lo = fabsf(l1 - l2), hi = l1 + l2;
        /* strictly inside the reachable range, away from the steep ends */
        rq[i] = (loc_request){l1, l2, rng_float(&r, lo + 0.02f * (hi - lo), hi - 0.02f * (hi - lo))};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, RANDOM_CASES, rs, describe))
        return;
    for (int i = 0; i < RANDOM_CASES; i++)
        if (!expect_reference(&rq[i], &rs[i], ANGLE_TOL_RAD))
            return;
}

static void out_of_reach(void)
{
    /* D beyond L1 + L2: no triangle exists; the arm is straight. */
    loc_request rq[64];
    loc_response rs[64];
    rng r = check_rng();
    for (int i = 0; i < 64; i++) {
        float l1 = rng_float(&r, 0.1f, 2.0f), l2 = rng_float(&r, 0.1f, 2.0f);
        rq[i] = (loc_request){l1, l2, (l1 + l2) * rng_float(&r, 1.001f, 5.0f)};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, 64, rs, describe))
        return;
    const loc_response straight = {IK_PI, 0.0f, 0.0f};
    for (int i = 0; i < 64; i++)
        if (!expect_case(&rq[i], &rs[i], &straight, LIMIT_TOL_RAD))
            return;
}

static void too_close(void)
{
    /* D below |L1 - L2|: the arm folds. The shoulder points at the target
     * when the upper bone is longer, away from it when it is shorter. */
    loc_request rq[64];
    loc_response rs[64];
    rng r = check_rng();
    for (int i = 0; i < 64; i++) {
        float l1 = rng_float(&r, 0.1f, 2.0f), l2 = rng_float(&r, 0.1f, 2.0f);
        if (fabsf(l1 - l2) < 0.05f)
            l2 = l1 + 0.3f;
        rq[i] = (loc_request){l1, l2, fabsf(l1 - l2) * rng_float(&r, 0.0f, 0.98f)};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, 64, rs, describe))
        return;
    for (int i = 0; i < 64; i++) {
        loc_response folded = {0.0f, rq[i].len_upper > rq[i].len_lower ? 0.0f : IK_PI, IK_PI};
        if (!expect_case(&rq[i], &rs[i], &folded, LIMIT_TOL_RAD))
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
    rng r = check_rng();
    rq[n++] = (loc_request){0.6f, 0.5f, 1.1f}; /* the chapter's own section 14 case */
    for (int tries = 0; tries < 100000 && n < 32; tries++) {
        float l1 = rng_float(&r, 0.05f, 3.0f), l2 = rng_float(&r, 0.05f, 3.0f), d = l1 + l2;
        volatile float cos_elbow = (l1 * l1 + l2 * l2 - d * d) / (2.0f * l1 * l2);
        if (cos_elbow < -1.0f)
            rq[n++] = (loc_request){l1, l2, d};
    }
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, (size_t)n, rs, describe))
        return;
    const loc_response straight = {IK_PI, 0.0f, 0.0f};
    for (int i = 0; i < n; i++)
        if (!expect_case(&rq[i], &rs[i], &straight, LIMIT_TOL_RAD))
            return;
}

static void odd_inputs(void)
{
    /* Defined results for input no arm has: infinite or NaN or negative
     * distance, bones of zero, negative or NaN length. */
    static const loc_request RQ[] = {
        {0.6f, 0.5f, INFINITY},   /* straight */
        {0.6f, 0.5f, -1.0f},      /* treated as 0: folded */
        {0.6f, 0.5f, NAN},        /* no value fixed by the header: only [0, pi] */
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
    for (int i = 0; i < N; i++) {
        float l1 = rq[i].len_upper, l2 = rq[i].len_lower, d = rq[i].dist;
        if (isnan(d)) {
            if (!expect_in_range(&rq[i], &rs[i]))
                return;
            continue;
        }
        loc_response want = {elbow_interior_angle(l1, l2, d), shoulder_angle(l1, l2, d), elbow_bend_angle(l1, l2, d)};
        /* Equal bones, target on the root: the header leaves the shoulder
         * free (any angle in [0, pi]; the reference says 0, the limit as
         * D -> 0 is pi/2). */
        int shoulder_free = l1 == l2 && !(d > 0.0f);
        if (shoulder_free)
            want.shoulder = -1.0f; /* not compared */
        if (!expect_case(&rq[i], &rs[i], &want, LIMIT_TOL_RAD))
            return;
        if (shoulder_free && !(rs[i].shoulder >= 0.0f && rs[i].shoulder <= IK_PI + 1e-6f)) {
            char given[160];
            describe(&rq[i], given, sizeof given);
            check_fail(DIAG_NONE, given, fmt(T(MSG_LOC_EXPECT_IN_RANGE), "shoulder_angle"),
                       fmt("shoulder_angle = %s", fmt_deg(rs[i].shoulder)));
            return;
        }
    }
}

static void exact_boundaries(void)
{
    /* Inputs on the edges a `<` for `<=` (or a 0 for a 1) would move, in
     * dyadic numbers so every side, square and product is exact in float:
     * 2ab exactly 1 (L1 0.5, L2 1: inside, at full reach, exactly folded),
     * D exactly |L1 - L2|, a zero (and a -0) lower bone, D = -0, D = 0 with
     * L2 > L1 (|L1 - L2| taken without fabsf only shows there: the cosine
     * clamp covers every other D), an infinite bone. Against the reference at the limit tolerance: the
     * answers there are 0, pi or a plain acos of an exact cosine. */
    static const loc_request RQ[] = {
        {0.5f, 1.0f, 1.25f},       /* 2ab = 1, cosines -0.3125 and 0.6875 */
        {1.0f, 0.5f, 1.0f},        /* 2ab = 1, cosines 0.25 and 0.625 */
        {0.5f, 1.0f, 1.5f},        /* 2ab = 1, exactly at reach: straight */
        {0.5f, 1.0f, 0.5f},        /* 2ab = 1, exactly |L1 - L2|: folded, shoulder pi */
        {0.75f, 0.25f, 0.5f},      /* exactly |L1 - L2|: folded, shoulder 0 */
        {0.6f, 0.0f, 0.3f},        /* zero lower bone: 0 */
        {0.6f, -0.0f, 0.3f},
        {0.5f, 0.0f, 0.5f},        /* zero lower bone, D = L1 (a "triangle" of 0 width) */
        {0.6f, 0.5f, -0.0f},       /* -0 is 0: folded */
        {0.5f, 1.0f, 0.0f},        /* D = 0 below L2 - L1: folded, the shoulder pi (away) */
        {0.5f, 1.0f, -1.0f},
        {INFINITY, 0.5f, 0.3f},    /* no bone: 0 */
        {0.6f, INFINITY, 0.3f},
    };
    /* Sides whose squares overflow or vanish in float: the header promises
     * a defined, finite angle for every input; how a solution gets there
     * (scaling, or the reference's 0) is its own, so only [0, pi] is
     * asked. */
    static const loc_request EXTREME[] = {
        {3e19f, 3e19f, 1e19f},
        {1e38f, 1e38f, 3e38f},
        {1e-30f, 1e-30f, 1e-30f},
        {1e-44f, 1.0f, 1.0f},
        {1.0f, 1e-44f, 1.0f},
    };
    enum { N = sizeof RQ / sizeof RQ[0], NE = sizeof EXTREME / sizeof EXTREME[0] };
    loc_request rq[N + NE];
    loc_response rs[N + NE];
    for (int i = 0; i < N; i++)
        rq[i] = RQ[i];
    for (int i = 0; i < NE; i++)
        rq[N + i] = EXTREME[i];
    if (!CHECK_CALL(OP_LOC_ANGLES, rq, N + NE, rs, describe))
        return;
    for (int i = 0; i < N; i++)
        if (!expect_reference(&rq[i], &rs[i], LIMIT_TOL_RAD))
            return;
    for (int i = N; i < N + NE; i++)
        if (!expect_in_range(&rq[i], &rs[i]))
            return;
}

DEFINE_SUITE(LAW_OF_COSINES,
    {"worked_examples", "ตัวอย่างในบท: 101.5°, 109.5°/31.6°, 180°/0° (ภายใน 0.05°)", "the chapter's examples: 101.5°, 109.5°/31.6°, 180°/0° (within 0.05°)", worked_examples, CHECK_FIXED},
    {"random_triangles", "สามเหลี่ยมสุ่ม 2000 รูปที่เอื้อมถึง ตรงกับคำตอบอ้างอิง", "2000 random reachable triangles match the reference answer", random_triangles, CHECK_RANDOM},
    {"out_of_reach", "D > L1+L2: แขนเหยียดตรง (elbow 180°, shoulder 0°)", "D > L1+L2: the arm is straight (elbow 180°, shoulder 0°)", out_of_reach, CHECK_RANDOM},
    {"too_close", "D < |L1−L2|: แขนพับ (elbow 0°)", "D < |L1−L2|: the arm folds (elbow 0°)", too_close, CHECK_RANDOM},
    {"full_reach_rounding", "D = L1+L2 พอดี: cosine ปัดเศษเป็น -1.0000001 ต้องไม่ได้ NaN", "D = L1+L2 exactly: a cosine rounded to -1.0000001 must not give NaN", full_reach_rounding, CHECK_RANDOM},
    {"exact_boundaries", "ขอบพอดี: 2ab = 1, D = L1+L2 และ |L1−L2| พอดี, bone ล่างยาว 0, D = -0, bone ยาว inf, ด้านยักษ์/จิ๋ว", "exact edges: 2ab = 1, D exactly L1+L2 and |L1−L2|, a zero lower bone, D = -0, an infinite bone, giant/tiny sides", exact_boundaries, CHECK_FIXED},
    {"odd_inputs", "input แปลกๆ (D เป็น inf/NaN/ติดลบ, bone ยาว 0) ได้ผลที่กำหนดไว้", "odd inputs (D inf/NaN/negative, zero-length bone) give the specified results", odd_inputs, CHECK_FIXED})
