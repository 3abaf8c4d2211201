/* 03 two-bone IK: the checks (trusted side).
 *
 * Properties rather than exact positions, so any correct solve passes:
 * bones keep their rest lengths, the tip lands on the target (or on the
 * root->target ray at full reach), the elbow lies in the plane of root,
 * target and pole, on the pole's side. */
#include "check.h"
#include "picture.h"
#include "messages.h"
#include "sections.h"
#include "sections/03_two_bone/ops.h"

#include <stdio.h>
#include <string.h>

/* Measured on the reference over 1M random limbs with L1/L2 in 1/4..4:
 * worst relative length error 6.8e-6, tip 3.6e-5 * (L1 + L2) from the
 * target (the float acos of small angles). 1e-4 leaves a 3x margin. */
#define LEN_TOL 1e-4f
#define TIP_TOL 1e-4f
/* Out-of-plane error measured at 5e-6 * L1. */
#define PLANE_TOL 1e-4f
/* At or beyond a limit (out of reach, too close) the arm is straight or
 * folded: the elbow on the root->target line, to within a bend of
 * LINE_BEND_DEG seen from the root. Measured over 2M random too-far and
 * too-close limbs (bones within 1/4..4 of each other, folded ones at least
 * 10 % apart, as the checks draw them), float throughout: the elbow from
 * acosf of the clamped shoulder cosine bends at most 0.06 deg (the cosine
 * a rounding below 1 or above -1), built from the elbow's height
 * sqrtf(L1^2 - along^2) 0.05 deg, the shoulder from the elbow's angle by
 * the sine rule 0.31 deg (a folded arm with near-equal bones); double
 * bends nothing measurable. The chapter's 1e-4 margin bends 0.26-5.9 deg
 * on the same limbs (over 0.5 deg on 89 %), and leaves the tip 0.1 mm
 * short: named distance_margin (chapter_margin below). */
#define LINE_BEND_DEG 0.5

/* Distances in double, so the checks' own rounding never decides. */
typedef struct { double x, y, z; } dvec;

static dvec dsub(vec3 a, vec3 b) { return (dvec){(double)a.x - b.x, (double)a.y - b.y, (double)a.z - b.z}; }
static double ddot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double dlen(dvec a) { return sqrt(ddot(a, a)); }
static double ddist(vec3 a, vec3 b) { return dlen(dsub(a, b)); }
static dvec dscale(dvec a, double k) { return (dvec){a.x * k, a.y * k, a.z * k}; }
static dvec dminus(dvec a, dvec b) { return (dvec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static dvec dcross(dvec a, dvec b)
{
    return (dvec){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static dvec dunit(dvec a)
{
    double l = dlen(a);
    return l > 0.0 ? dscale(a, 1.0 / l) : a;
}
/* The part of v square to the unit `axis`. */
static dvec dperp(dvec v, dvec axis) { return dminus(v, dscale(axis, ddot(v, axis))); }

/* A position as messages print it: fmt_v3 at the scales of the usual
 * cases (so their text is unchanged), %g for a giant or tiny limb. */
static const char *fmt_pos(vec3 v)
{
    float m = fmaxf(fabsf(v.x), fmaxf(fabsf(v.y), fabsf(v.z)));
    if (m == 0.0f || (m >= 1e-3f && m <= 1e6f))
        return fmt_v3(v);
    return fmt("(%.6g, %.6g, %.6g)", v.x, v.y, v.z);
}

/* The case as given: a NULL pointer is an input too, so a crash on the
 * NULL case names that case, not the input struct it never passed. */
static void describe(const void *request, char *out, size_t size)
{
    const two_bone_request *rq = request;
    if (rq->pass_null_in)
        snprintf(out, size, "two_bone_solve(in = NULL, %s)", rq->pass_null_out ? "out = NULL" : "&out");
    else
        snprintf(out, size, "root %s, target %s, pole %s, L1 = %g, L2 = %g%s", fmt_pos(rq->in.root),
                 fmt_pos(rq->in.target), fmt_pos(rq->in.pole), rq->in.len_upper, rq->in.len_lower,
                 rq->pass_null_out ? ", out = NULL" : "");
}

static two_bone_request request(vec3 root, vec3 target, vec3 pole, float l1, float l2)
{
    two_bone_request rq;
    memset(&rq, 0, sizeof rq);
    rq.in = (two_bone_input){root, target, pole, l1, l2};
    return rq;
}

static int fail_case(const two_bone_request *rq, diagnosis d, const char *expected, const char *got)
{
    char given[512];
    describe(rq, given, sizeof given);
    check_fail(d, given, expected, got);
    return 0;
}

/* The same, with the picture of the case (checker/picture.h): the limb in
 * the plane of root, target and pole, the student's elbow over the
 * reference's. Bad input (03's invalid_input) has no limb to draw. */
static int fail_case_rs(const two_bone_request *rq, const two_bone_response *rs, diagnosis d, const char *expected,
                        const char *got)
{
    const two_bone_input *in = &rq->in;
    two_bone_output want;
    if (!rq->pass_null_in && !rq->pass_null_out && isfinite(in->len_upper) && in->len_upper > 0.0f &&
        isfinite(in->len_lower) && in->len_lower > 0.0f && two_bone_solve(in, &want) != TWO_BONE_INVALID) {
        char given[512];
        describe(rq, given, sizeof given);
        picture_limb(given, in->root, in->target, in->pole, want.mid, want.tip, rs->out.mid, rs->out.tip);
    }
    return fail_case(rq, d, expected, got);
}

/* Whether wrong bone lengths are the ones the bone_length advice is about:
 * the tip pulled nearer the target than any pose with the rest lengths can
 * reach (snapped onto an unreachable target, or the bones stretched toward
 * it). Any such pose keeps the tip between |L1 - L2| and L1 + L2 from the
 * root, so its gap to the target is at least `gap`. A tip that sits where
 * the rest lengths allow, with the elbow misplaced (the shoulder angle in
 * degrees, the lengths swapped in shoulder_angle), also changes
 * |tip - mid|, but there the fault is the angle, and "do not snap the tip"
 * would mislead. */
static int stretched_to_target(const two_bone_request *rq, const two_bone_response *rs)
{
    const two_bone_input *in = &rq->in;
    double reach = (double)in->len_upper + in->len_lower;
    double raw = ddist(in->target, in->root);
    double gap = fmax(raw - reach, fabs((double)in->len_upper - in->len_lower) - raw);
    return ddist(rs->out.tip, in->target) < gap - TIP_TOL * reach;
}

/* Finite joints and both rest lengths kept. */
static int expect_lengths(const two_bone_request *rq, const two_bone_response *rs)
{
    const two_bone_input *in = &rq->in;
    if (!v3_is_finite(rs->out.mid) || !v3_is_finite(rs->out.tip))
        return fail_case_rs(rq, rs, DIAG_NONE, T(MSG_TB_EXPECT_FINITE),
                         fmt(T(MSG_TB_GOT_NOT_FINITE), fmt_pos(rs->out.mid), fmt_pos(rs->out.tip)));
    double upper = ddist(rs->out.mid, in->root), lower = ddist(rs->out.tip, rs->out.mid);
    /* relative, so a tiny limb's joints are not taken for a stub's */
    if (upper < 1e-6 * in->len_upper && lower < 1e-6 * in->len_lower)
        return fail_case_rs(rq, rs, DIAG_NONE, T(MSG_TB_EXPECT_PLACED), T(MSG_TB_GOT_STUB));
    if (fabs(upper - in->len_upper) > LEN_TOL * in->len_upper ||
        fabs(lower - in->len_lower) > LEN_TOL * in->len_lower) {
        /* %.5f at the usual scales (the text stays as it was), %g else */
        int usual = in->len_upper >= 1e-3f && in->len_upper <= 1e6f;
        const char *f = usual ? "|mid - root| = %.5f, |tip - mid| = %.5f" : "|mid - root| = %.6g, |tip - mid| = %.6g";
        return fail_case_rs(rq, rs, stretched_to_target(rq, rs) ? DIAG_BONE_LENGTH : DIAG_NONE,
                         fmt(f, in->len_upper, in->len_lower),
                         fmt("%s (mid %s, tip %s)", fmt(f, upper, lower), fmt_pos(rs->out.mid), fmt_pos(rs->out.tip)));
    }
    return 1;
}

static int expect_status(const two_bone_request *rq, const two_bone_response *rs, two_bone_status want)
{
    if (rs->status == (int)want)
        return 1;
    return fail_case_rs(rq, rs, DIAG_NONE, fmt("status %s", two_bone_status_text(want)),
                     fmt("status %d (%s)", rs->status,
                         rs->status >= 0 && rs->status <= TWO_BONE_INVALID ? two_bone_status_text((two_bone_status)rs->status) : "?"));
}

/* The elbow in the root/target/pole plane, bent toward the pole. */
static int expect_pole_side(const two_bone_request *rq, const two_bone_response *rs)
{
    const two_bone_input *in = &rq->in;
    dvec axis = dunit(dsub(in->target, in->root));
    dvec to_pole = dsub(in->pole, in->root), to_mid = dsub(rs->out.mid, in->root);
    dvec pole_perp = dperp(to_pole, axis), mid_perp = dperp(to_mid, axis);
    dvec normal = dunit(dcross(axis, pole_perp));
    double off_plane = fabs(ddot(to_mid, normal));
    if (off_plane > PLANE_TOL * in->len_upper)
        return fail_case_rs(rq, rs, DIAG_NONE, T(MSG_TB_EXPECT_IN_PLANE),
                         fmt(T(MSG_TB_GOT_OFF_PLANE), fmt_pos(rs->out.mid), off_plane));
    if (ddot(mid_perp, pole_perp) < 0.0)
        return fail_case_rs(rq, rs, DIAG_POLE_SIDE, T(MSG_TB_EXPECT_POLE_SIDE),
                         fmt(T(MSG_TB_GOT_WRONG_SIDE), fmt_pos(rs->out.mid)));
    return 1;
}

/* The chapter's TwoBoneIK.Solve clamps D to [minReach + 0.0001,
 * maxReach - 0.0001]: a target past either end gets a tip 1e-4 m inside
 * it, on the line. 3e-5 m either side is far more than float rounding of
 * the tip at a game's sizes and far less than the margin. */
static diagnosis chapter_margin(const two_bone_request *rq, const two_bone_response *rs)
{
    const two_bone_input *in = &rq->in;
    double raw = ddist(in->target, in->root), tip = ddist(rs->out.tip, in->root);
    double hi = (double)in->len_upper + in->len_lower - 1e-4, lo = fabs((double)in->len_upper - in->len_lower) + 1e-4;
    int short_of_reach = raw > hi && fabs(tip - hi) < 3e-5, short_of_fold = raw < lo && fabs(tip - lo) < 3e-5;
    return short_of_reach || short_of_fold ? DIAG_DISTANCE_MARGIN : DIAG_NONE;
}

/* The tip `dist` from the root on the root->target ray (the target itself
 * when dist is the target's distance), within TIP_TOL of the reach. */
static int expect_tip_along(const two_bone_request *rq, const two_bone_response *rs, double dist, const char *what)
{
    const two_bone_input *in = &rq->in;
    double reach = (double)in->len_upper + in->len_lower;
    dvec dir = dunit(dsub(in->target, in->root));
    dvec tip = dsub(rs->out.tip, in->root);
    double miss = dlen(dminus(tip, dscale(dir, dist)));
    if (miss <= TIP_TOL * reach) /* false for NaN */
        return 1;
    vec3 want = v3((float)(in->root.x + dir.x * dist), (float)(in->root.y + dir.y * dist), (float)(in->root.z + dir.z * dist));
    const char *away = reach >= 1e-3 && reach <= 1e6 ? fmt(T(MSG_TB_GOT_TIP), fmt_pos(rs->out.tip), miss)
                                                     : fmt(T(MSG_TB_GOT_TIP_G), fmt_pos(rs->out.tip), miss);
    return fail_case_rs(rq, rs, chapter_margin(rq, rs), fmt(T(MSG_TB_EXPECT_TIP_AT), what, fmt_pos(want)), away);
}

static int expect_tip_at_target(const two_bone_request *rq, const two_bone_response *rs)
{
    return expect_tip_along(rq, rs, ddist(rq->in.target, rq->in.root), "target");
}

/* A straight or folded arm: the elbow on the root->target line, bent by
 * at most LINE_BEND_DEG seen from the root. Called after expect_lengths
 * and the tip, so together they place the elbow L1 from the root, on the
 * line, at the one point of it that is L2 from the tip. */
static int expect_elbow_on_line(const two_bone_request *rq, const two_bone_response *rs, const char *arm)
{
    const two_bone_input *in = &rq->in;
    dvec axis = dunit(dsub(in->target, in->root));
    double off = dlen(dperp(dsub(rs->out.mid, in->root), axis));
    double bend_deg = asin(fmin(1.0, off / in->len_upper)) * IK_RAD_TO_DEG;
    if (bend_deg <= LINE_BEND_DEG) /* false for NaN */
        return 1;
    return fail_case_rs(rq, rs, chapter_margin(rq, rs), fmt(T(MSG_TB_EXPECT_ON_LINE), arm, LINE_BEND_DEG),
                     fmt(T(MSG_TB_GOT_OFF_LINE), fmt_pos(rs->out.mid), off, bend_deg));
}

/* Past a limit: the straight arm aimed at the target, or the folded one,
 * with its status. */
static int expect_straight(const two_bone_request *rq, const two_bone_response *rs)
{
    return expect_tip_along(rq, rs, (double)rq->in.len_upper + rq->in.len_lower, T(MSG_TB_WHAT_STRAIGHT)) &&
           expect_elbow_on_line(rq, rs, T(MSG_TB_ARM_STRAIGHT)) && expect_status(rq, rs, TWO_BONE_TOO_FAR);
}

static int expect_folded(const two_bone_request *rq, const two_bone_response *rs)
{
    return expect_tip_along(rq, rs, fabs((double)rq->in.len_upper - rq->in.len_lower), T(MSG_TB_WHAT_FOLDED)) &&
           expect_elbow_on_line(rq, rs, T(MSG_TB_ARM_FOLDED)) && expect_status(rq, rs, TWO_BONE_TOO_CLOSE);
}

/* A random limb with realistic proportions (L1/L2 within 1/4..4). */
static void random_limb(rng *r, vec3 *root, float *l1, float *l2)
{
    *root = rng_v3(r, -5.0f, 5.0f);
    *l1 = rng_float(r, 0.2f, 2.0f);
    *l2 = *l1 * rng_float(r, 0.25f, 4.0f);
}

static vec3 pole_off_line(rng *r, vec3 root, vec3 target)
{
    vec3 dir = v3_normalize(v3_sub(target, root));
    for (;;) {
        vec3 p = rng_unit_v3(r);
        if (v3_length(v3_cross(p, dir)) > 0.2f) /* clearly off the line */
            return v3_add(root, v3_scale(p, rng_float(r, 0.3f, 3.0f)));
    }
}

static void chapter_arm(void)
{
    /* Section 4's arm: upper 0.5, forearm 0.4, target 0.7 from the shoulder,
     * elbow hint behind (-Z). */
    two_bone_request rq[1] = {request(v3(0.0f, 1.4f, 0.0f), v3(0.7f, 1.4f, 0.0f), v3(0.3f, 1.4f, -1.0f), 0.5f, 0.4f)};
    two_bone_response rs[1];
    if (!CHECK_CALL(OP_TWO_BONE, rq, 1, rs, describe))
        return;
    if (expect_lengths(rq, rs) && expect_tip_at_target(rq, rs) && expect_pole_side(rq, rs))
        expect_status(rq, rs, TWO_BONE_REACHED);
}

#define RANDOM_CASES 2000

static void reachable_targets(void)
{
    static two_bone_request rq[RANDOM_CASES];
    static two_bone_response rs[RANDOM_CASES];
    rng r = check_rng();
    for (int i = 0; i < RANDOM_CASES; i++) {
        vec3 root;
        float l1, l2;
        random_limb(&r, &root, &l1, &l2);
        float lo = fabsf(l1 - l2), hi = l1 + l2;
        /* Draws in statements of their own, in the order gcc drew them inside
         * the call (last argument first): C leaves that order to the compiler,
         * and clang (macOS) draws left to right, other cases than the student
         * edition recorded (its shims.c). */
        float distance = rng_float(&r, lo + 0.01f * hi, 0.99f * hi);
        vec3 target = v3_add(root, v3_scale(rng_unit_v3(&r), distance));
        rq[i] = request(root, target, pole_off_line(&r, root, target), l1, l2);
    }
    if (!CHECK_CALL(OP_TWO_BONE, rq, RANDOM_CASES, rs, describe))
        return;
    for (int i = 0; i < RANDOM_CASES; i++)
        if (!expect_lengths(&rq[i], &rs[i]) || !expect_tip_at_target(&rq[i], &rs[i]) ||
            !expect_pole_side(&rq[i], &rs[i]) || !expect_status(&rq[i], &rs[i], TWO_BONE_REACHED))
            return;
}

static void out_of_reach(void)
{
    /* Beyond L1 + L2 the arm straightens along the root->target ray. */
    enum { N = 200 };
    static two_bone_request rq[N];
    static two_bone_response rs[N];
    rng r = check_rng();
    for (int i = 0; i < N; i++) {
        vec3 root;
        float l1, l2;
        random_limb(&r, &root, &l1, &l2);
        float distance = (l1 + l2) * rng_float(&r, 1.01f, 4.0f); /* before the direction: see reachable_targets */
        vec3 target = v3_add(root, v3_scale(rng_unit_v3(&r), distance));
        rq[i] = request(root, target, pole_off_line(&r, root, target), l1, l2);
    }
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++)
        if (!expect_lengths(&rq[i], &rs[i]) || !expect_straight(&rq[i], &rs[i]))
            return;
}

static void too_close(void)
{
    /* Nearer than |L1 - L2| the arm folds; the tip stays on the ray at
     * distance |L1 - L2|. */
    enum { N = 200 };
    static two_bone_request rq[N];
    static two_bone_response rs[N];
    rng r = check_rng();
    for (int i = 0; i < N; i++) {
        vec3 root;
        float l1, l2;
        random_limb(&r, &root, &l1, &l2);
        if (fabsf(l1 - l2) < 0.1f * l1)
            l2 = 2.0f * l1;
        float distance = fabsf(l1 - l2) * rng_float(&r, 0.05f, 0.95f); /* before the direction: see reachable_targets */
        vec3 target = v3_add(root, v3_scale(rng_unit_v3(&r), distance));
        rq[i] = request(root, target, pole_off_line(&r, root, target), l1, l2);
    }
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++)
        if (!expect_lengths(&rq[i], &rs[i]) || !expect_folded(&rq[i], &rs[i]))
            return;
}

static void pole_on_target_line(void)
{
    /* A pole on the root->target line gives no bend plane: the solver must
     * fall back to some plane and still bend the elbow off the line. */
    enum { N = 9 };
    vec3 root = v3(0.0f, 1.0f, 0.0f);
    /* a hair off the line: 1e-4 and 1e-3 rad (a Gram-Schmidt bend
     * direction loses most of its digits there unless squared up again) */
    vec3 along = v3_normalize(v3(0.6f, 0.0f, 0.2f));
    vec3 side = v3_normalize(v3_cross(along, v3_up()));
    two_bone_request rq[N] = {
        request(root, v3(0.6f, 1.0f, 0.2f), v3_add(root, v3_add(along, v3_scale(side, 1e-4f))), 0.5f, 0.4f),
        request(root, v3(0.6f, 1.0f, 0.2f), v3_add(root, v3_add(v3_scale(along, 2.0f), v3_scale(side, 2e-3f))), 0.5f, 0.4f),
        request(root, v3(0.6f, 1.0f, 0.2f), v3(1.2f, 1.0f, 0.4f), 0.5f, 0.4f),   /* beyond the target */
        request(root, v3(0.6f, 1.0f, 0.2f), v3(0.3f, 1.0f, 0.1f), 0.5f, 0.4f),   /* between */
        request(root, v3(0.6f, 1.0f, 0.2f), v3(-0.6f, 1.0f, -0.2f), 0.5f, 0.4f), /* behind the root */
        request(root, v3(0.6f, 1.0f, 0.2f), root, 0.5f, 0.4f),                   /* on the root */
        request(root, v3(0.0f, 1.7f, 0.0f), v3(0.0f, 2.5f, 0.0f), 0.5f, 0.4f),   /* straight up, pole above */
        request(root, v3(0.7f, 1.0f, 0.0f), v3(1.4f, 1.0f, 0.0f), 0.5f, 0.4f),   /* along +X, pole beyond */
        /* tilted (neither square to +Y nor along it), pole beyond on it */
        request(v3_zero(), v3(0.25f, 0.5f, 0.125f), v3(0.5f, 1.0f, 0.25f), 0.5f, 0.4f),
    };
    two_bone_response rs[N];
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++) {
        vec3 axis = v3_normalize(v3_sub(rq[i].in.target, rq[i].in.root));
        vec3 to_mid = v3_sub(rs[i].out.mid, rq[i].in.root);
        float off_line = v3_length(v3_sub(to_mid, v3_scale(axis, v3_dot(to_mid, axis))));
        int on_line = !(off_line >= 0.1f * rq[i].in.len_upper);
        /* Straight up, the chapter's second plane, cross(dir, up), is no
         * plane either: its elbow stays on the line, whatever it does to
         * the lower bone after (named before the lengths). */
        if (on_line && fabsf(axis.y) > 0.999f) {
            fail_case_rs(&rq[i], &rs[i], DIAG_UP_FALLBACK, T(MSG_TB_EXPECT_OFF_LINE),
                         fmt(T(MSG_TB_GOT_ON_LINE), fmt_v3(rs[i].out.mid), off_line));
            return;
        }
        if (!expect_lengths(&rq[i], &rs[i]) || !expect_tip_at_target(&rq[i], &rs[i]))
            return;
        if (on_line) {
            fail_case_rs(&rq[i], &rs[i], DIAG_NONE, T(MSG_TB_EXPECT_OFF_LINE),
                      fmt(T(MSG_TB_GOT_ON_LINE), fmt_v3(rs[i].out.mid), off_line));
            return;
        }
    }
}

static void target_at_root(void)
{
    /* No direction to the target at all: any fold is fine, NaN is not. */
    enum { N = 3 };
    vec3 root = v3(0.2f, 1.0f, -0.3f);
    two_bone_request rq[N] = {
        request(root, root, v3(0.2f, 1.0f, 0.7f), 0.5f, 0.4f),
        request(root, root, root, 0.3f, 0.6f),
        request(root, root, v3(0.2f, 2.0f, -0.3f), 0.45f, 0.45f),
    };
    two_bone_response rs[N];
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++) {
        float fold = fabsf(rq[i].in.len_upper - rq[i].in.len_lower);
        float d = v3_distance(rs[i].out.tip, root);
        /* Both joints left on the root: what a normalized zero vector
         * (the chapter's toTarget.normalized here) places. */
        if (v3_distance(rs[i].out.mid, root) < 1e-6f && v3_distance(rs[i].out.tip, root) < 1e-6f) {
            fail_case_rs(&rq[i], &rs[i], DIAG_TARGET_ON_ROOT, T(MSG_TB_EXPECT_PLACED),
                         fmt("mid %s, tip %s", fmt_v3(rs[i].out.mid), fmt_v3(rs[i].out.tip)));
            return;
        }
        if (!expect_lengths(&rq[i], &rs[i]))
            return;
        if (fabsf(d - fold) > TIP_TOL * (rq[i].in.len_upper + rq[i].in.len_lower)) {
            fail_case_rs(&rq[i], &rs[i], DIAG_NONE, fmt(T(MSG_TB_EXPECT_FOLD), fold),
                      fmt(T(MSG_TB_GOT_TIP_DIST), fmt_v3(rs[i].out.tip), d));
            return;
        }
        /* Equal bones put a target on the root exactly at the fold
         * limit, where either status is right (two_bone.h). */
        if (fold == 0.0f && rs[i].status == TWO_BONE_TOO_CLOSE)
            continue;
        if (!expect_status(&rq[i], &rs[i], fold > 0.0f ? TWO_BONE_TOO_CLOSE : TWO_BONE_REACHED))
            return;
    }
}

/* Limbs at the ends of the sizes the header checks: 1 mm and 1 km (reach
 * 1e-3..4e-3 and 1e3..4e3). Drawn at unit scale and multiplied, so they are
 * the usual reachable, out-of-reach and too-close limbs; the same
 * properties must hold, relative to the reach. A solve that calls a target
 * "on the root" below a fixed 1e-2, or clamps with a fixed margin, fails. */
#define SCALE_KINDS 3
#define SCALE_PER_KIND 12

static void limb_scale(void)
{
    static const float SCALES[2] = {1e3f, 1e-3f};
    enum { N = 2 * SCALE_KINDS * SCALE_PER_KIND + 2 * SCALE_KINDS + 2 };
    static two_bone_request rq[N];
    static two_bone_response rs[N];
    rng r = check_rng();
    int n = 0;
    for (int sc = 0; sc < 2; sc++)
        for (int kind = 0; kind < SCALE_KINDS; kind++)
            for (int k = 0; k < SCALE_PER_KIND; k++) {
                vec3 root = rng_v3(&r, -0.5f, 0.5f);
                float l1 = rng_float(&r, 0.5f, 2.0f), l2 = l1 * rng_float(&r, 0.5f, 2.0f);
                if (kind == 2 && fabsf(l1 - l2) < 0.2f * l1)
                    l2 = 2.0f * l1;
                float lo = fabsf(l1 - l2), hi = l1 + l2;
                float dist = kind == 0 ? rng_float(&r, lo + 0.01f * hi, 0.99f * hi)
                             : kind == 1 ? hi * rng_float(&r, 1.01f, 1.4f)
                                         : lo * rng_float(&r, 0.05f, 0.95f);
                vec3 target = v3_add(root, v3_scale(rng_unit_v3(&r), dist));
                vec3 pole = pole_off_line(&r, root, target);
                float s = SCALES[sc];
                rq[n++] = request(v3_scale(root, s), v3_scale(target, s), v3_scale(pole, s), l1 * s, l2 * s);
            }
    /* And along the axes from the origin, targets and poles on the
     * negative sides: a scale taken from one coordinate, or from the
     * smallest, fails there (a zero or negative part is no size). One of
     * each kind at each scale. */
    static const vec3 AXIS_TARGET[SCALE_KINDS] = {{-0.8f, 0.0f, 0.0f}, {0.0f, -5.0f, 0.0f}, {0.0f, 0.0f, -0.05f}};
    static const vec3 AXIS_POLE[SCALE_KINDS] = {{0.0f, -1.0f, 0.0f}, {0.0f, 0.0f, -1.0f}, {-1.0f, 0.0f, 0.0f}};
    for (int sc = 0; sc < 2; sc++)
        for (int kind = 0; kind < SCALE_KINDS; kind++) {
            float s = SCALES[sc];
            rq[n++] = request(v3_zero(), v3_scale(AXIS_TARGET[kind], s), v3_scale(AXIS_POLE[kind], s),
                              0.6f * s, (kind == 2 ? 0.4f : 0.5f) * s);
        }
    /* Equal bones, reachable: |L1 - L2| = 0 is no size to scale by. */
    for (int sc = 0; sc < 2; sc++)
        rq[n++] = request(v3_zero(), v3_scale(v3(0.7f, 0.0f, 0.0f), SCALES[sc]), v3_scale(v3(0.0f, 1.0f, 0.0f), SCALES[sc]),
                          0.5f * SCALES[sc], 0.5f * SCALES[sc]);
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++) {
        int kind = i < 2 * SCALE_KINDS * SCALE_PER_KIND ? (i / SCALE_PER_KIND) % SCALE_KINDS
                   : i < N - 2 ? (i % SCALE_KINDS) : 0;
        if (!expect_lengths(&rq[i], &rs[i]))
            return;
        int ok = kind == 0 ? expect_tip_at_target(&rq[i], &rs[i]) && expect_pole_side(&rq[i], &rs[i]) &&
                                 expect_status(&rq[i], &rs[i], TWO_BONE_REACHED)
                 : kind == 1 ? expect_straight(&rq[i], &rs[i])
                             : expect_folded(&rq[i], &rs[i]);
        if (!ok)
            return;
    }
}

/* How far inside or outside a limit near_limits puts its targets, as a
 * part of the reach: thousands of times the float rounding of D (~2e-7
 * relative), so every correct solve, float or double, < or <=, gives the
 * same status; an exact limit decides nothing (the header lets either
 * status stand there). */
#define NEAR_LIMIT 1e-3f
#define NEAR_RANDOM 24

static void near_limits(void)
{
    /* Just inside L1 + L2 and |L1 - L2|: reached, the tip on the target.
     * Just outside: too far (straight) or too close (folded), the elbow on
     * the line. Random limbs, the four kinds in turn, along random
     * directions. */
    enum { N = 4 * NEAR_RANDOM };
    static two_bone_request rq[N];
    static two_bone_response rs[N];
    rng r = check_rng();
    for (int i = 0; i < N; i++) {
        vec3 root;
        float l1, l2;
        random_limb(&r, &root, &l1, &l2);
        if (fabsf(l1 - l2) < 0.1f * l1)
            l2 = 2.0f * l1;
        float reach = l1 + l2, fold = fabsf(l1 - l2), step = NEAR_LIMIT * reach;
        float limits[4] = {reach - step, reach + step, fold + step, fold - step};
        float distance = limits[i % 4]; /* before the direction: see reachable_targets */
        vec3 target = v3_add(root, v3_scale(rng_unit_v3(&r), distance));
        rq[i] = request(root, target, pole_off_line(&r, root, target), l1, l2);
    }
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++) {
        int ok = expect_lengths(&rq[i], &rs[i]);
        switch (i % 4) {
        case 0:
        case 2:
            ok = ok && expect_tip_at_target(&rq[i], &rs[i]) && expect_pole_side(&rq[i], &rs[i]) &&
                 expect_status(&rq[i], &rs[i], TWO_BONE_REACHED);
            break;
        case 1:
            ok = ok && expect_straight(&rq[i], &rs[i]);
            break;
        default:
            ok = ok && expect_folded(&rq[i], &rs[i]);
        }
        if (!ok)
            return;
    }
}

static void invalid_input(void)
{
    enum { N = 7 };
    vec3 root = v3(0.0f, 1.0f, 0.0f), target = v3(0.5f, 1.2f, 0.3f), pole = v3(0.0f, 1.0f, 1.0f);
    two_bone_request rq[N] = {
        request(root, target, pole, 0.0f, 0.4f),
        request(root, target, pole, 0.5f, 0.0f),
        request(root, target, pole, 0.5f, -0.4f),
        request(root, target, pole, NAN, 0.4f),
        request(root, v3(NAN, 0.0f, 0.0f), pole, 0.5f, 0.4f),
        request(root, target, v3(0.0f, INFINITY, 0.0f), 0.5f, 0.4f),
        request(root, target, pole, 0.5f, 0.4f),
    };
    rq[6].pass_null_in = 1;
    two_bone_response rs[N];
    if (!CHECK_CALL(OP_TWO_BONE, rq, N, rs, describe))
        return;
    for (int i = 0; i < N; i++) {
        if (!expect_status(&rq[i], &rs[i], TWO_BONE_INVALID))
            return;
        vec3 want = rq[i].pass_null_in ? v3_zero() : root;
        if (v3_distance(rs[i].out.mid, want) > 0.0f || v3_distance(rs[i].out.tip, want) > 0.0f) {
            fail_case(&rq[i], DIAG_NONE, fmt("mid = tip = %s", fmt_v3(want)),
                      fmt("mid %s, tip %s", fmt_v3(rs[i].out.mid), fmt_v3(rs[i].out.tip)));
            return;
        }
    }
}

DEFINE_SUITE(TWO_BONE,
    {"chapter_arm", "แขนในบท (L1 0.5, L2 0.4, target ห่าง 0.7): ถึง target, ยาวคงที่, งอไปทาง pole", "the chapter's arm (L1 0.5, L2 0.4, target 0.7 away): reaches target, lengths kept, bends toward pole", chapter_arm, CHECK_FIXED},
    {"reachable_targets", "2000 target ที่เอื้อมถึง: ความยาว bone, tip บน target, ข้อศอกฝั่ง pole", "2000 reachable targets: bone lengths, tip on target, elbow on the pole side", reachable_targets, CHECK_RANDOM},
    {"out_of_reach", "target ไกลเกิน L1+L2: แขนเหยียดตรงชี้ไปหา target", "target beyond L1+L2: the arm is straight, pointing at the target", out_of_reach, CHECK_RANDOM},
    {"too_close", "target ใกล้กว่า |L1−L2|: แขนพับ ความยาวคงที่", "target closer than |L1−L2|: the arm folds, lengths kept", too_close, CHECK_RANDOM},
    {"limb_scale", "ขายาว ~1 km และสั้น ~1 mm: ความยาว, tip, ข้อศอก เหมือนขาปกติ", "a limb ~1 km long and one ~1 mm long: lengths, tip and elbow as for a usual limb", limb_scale, CHECK_RANDOM},
    {"near_limits", "target ห่างจาก L1+L2 หรือ |L1−L2| เพียง 0.1% ของระยะเอื้อม ทั้งด้านในและด้านนอก: สถานะและท่าแขนถูกต้อง", "targets 0.1% of the reach inside and outside L1+L2 and |L1−L2|: the right status and pose", near_limits, CHECK_RANDOM},
    {"pole_on_target_line", "pole อยู่บนเส้น root→target: ใช้ fallback แล้วยังงอได้", "pole on the root→target line: uses the fallback and still bends", pole_on_target_line, CHECK_FIXED},
    {"target_at_root", "target ทับ root: ไม่มี NaN ความยาวคงที่", "target on the root: no NaN, lengths kept", target_at_root, CHECK_FIXED},
    {"invalid_input", "bone ยาว 0/ติดลบ/NaN หรือ input เป็น NULL: TWO_BONE_INVALID", "zero/negative/NaN bone length or NULL input: TWO_BONE_INVALID", invalid_input, CHECK_FIXED})
