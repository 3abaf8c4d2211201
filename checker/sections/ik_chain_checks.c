/* ik_chain_checks.c - the checks of 05 CCD and 06 FABRIK (trusted side).
 *
 * The student's solver runs in the runner; the reference (linked here)
 * picks the random cases and says what status a fixed case must end in.
 * Each check first looks, over all its cases, at what a solver must never
 * do - leave a joint NaN, move the root, change a bone's length - and only
 * then at what it must do, so a wrong chain is named before a wrong report.
 *
 * What differs between the solvers comes from the suite's ik_chain_spec;
 * the figures behind those values are in each suite. Measured on the
 * references over seeds 1..200 (the figures quoted below).
 */
#include "check.h"
#include "picture.h"
#include "sections/ik_chain_checks.h"
#include "messages.h"
#include "spawn.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tolerance every case hands to the solver, relative to the reach. */
#define SOLVE_TOL_REL 1e-3f
/* The references leave joints[0] bit-identical (measured drift 0): CCD
 * never turns it, FABRIK puts it back in every forward sweep. A solution
 * that rewrites or computes it from float arithmetic may be off by
 * rounding, far below this. */
#define ROOT_TOL_REL 1e-5f
/* Bone length after solving vs rest length.
 * CCD: reference worst 7e-7 relative, also when forced through all 256
 * passes. A CCD without the per-pass length restore (step 3 of the
 * exercise) drifts up to 4.5e-4 in 256 passes and is caught, as the
 * chapter warns.
 * FABRIK: reference worst 8.6e-7 relative (also forced through all 256
 * passes), 3.4e-6 for a 10-bone chain laid straight toward an unreachable
 * target (joint k placed at the float sum of k lengths from the root). */
#define LENGTH_TOL_REL 1e-4f
/* initial_error and the last tip_error vs the distance the checker
 * measures on the returned chain: the same floats, so only rounding of the
 * distance itself (~1e-7 of the reach). */
#define REPORT_TOL_REL 1e-5f
/* Unreachable target: the angle between root->tip and root->target.
 * CCD: the last joint CCD turns in a pass is the root, which aims
 * root->tip at the target; measured worst 2.2e-7 rad (float rounding of
 * the swing).
 * FABRIK: the chain laid straight toward it; measured worst 1.7e-7 rad. */
#define AIM_TOL_RAD 1e-3

/* ---- describing a case ----------------------------------------------- */

static void describe(const void *request, char *out, size_t size)
{
    const ik_chain_request *rq = request;
    int count = rq->chain.joint_count;
    int n = snprintf(out, size, T(MSG_CHAIN_GIVEN_JOINTS), count);
    int shown = count < 0 ? 0 : count > 6 ? 6 : count;
    for (int i = 0; i < shown && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, " %s", fmt_v3(rq->chain.joints[i]));
    if (count > shown && n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, " ...");
    if (n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, "; target %s; max_passes %d, tolerance %g",
                      fmt_v3(rq->target), rq->settings.max_passes, rq->settings.tolerance);
    if ((rq->null_chain || rq->null_settings || rq->null_report) && n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, T(MSG_CHAIN_GIVEN_NULL), rq->null_chain ? " chain" : "",
                 rq->null_settings ? " settings" : "", rq->null_report ? " report" : "");
}

const char *ik_chain_given_text(const ik_chain_request *rq)
{
    static char buf[1024];
    describe(rq, buf, sizeof buf);
    return buf;
}

static const char *status_name(int status)
{
    switch (status) {
    case IK_REACHED: return "IK_REACHED";
    case IK_NOT_REACHED: return "IK_NOT_REACHED";
    case IK_UNREACHABLE: return "IK_UNREACHABLE";
    case IK_INVALID_INPUT: return "IK_INVALID_INPUT";
    case IK_CHAIN_SENTINEL_STATUS: return T(MSG_CHAIN_STATUS_UNSET);
    default: return fmt(T(MSG_CHAIN_STATUS_UNKNOWN), status);
    }
}

/* ---- drawing cases ----------------------------------------------------- */

/* Joints past joint_count hold IK_CHAIN_CANARY (a quiet NaN): a solver
 * that reads one into its math spreads NaN, one that writes one is seen
 * by expect_sound (the answer must hand them back bit for bit). */
static void seal_unused(ik_chain *c)
{
    for (int i = c->joint_count < 0 ? 0 : c->joint_count; i < IK_CHAIN_MAX_JOINTS; i++) {
        uint32_t bits[3] = {IK_CHAIN_CANARY, IK_CHAIN_CANARY, IK_CHAIN_CANARY};
        memcpy(&c->joints[i], bits, sizeof c->joints[i]);
    }
}

/* How many chain sizes the spec draws (its bones[] up to the first 0). */
static int size_count(const ik_chain_spec *s)
{
    int n = 0;
    while (n < IK_CHAIN_MAX_SIZES && s->bones[n] > 0)
        n++;
    assert(n > 0);
    return n;
}

/* A bent chain: each bone scale * [min_len, 1] long and turned 25..110 deg
 * from the one before about a random axis, so no two bones are in line and
 * the chain is never straight. */
static ik_chain bent_chain(rng *r, int bones, float scale, float min_len)
{
    ik_chain c;
    memset(&c, 0, sizeof c);
    c.joint_count = bones + 1;
    c.joints[0] = rng_v3(r, -2.0f, 2.0f);
    vec3 dir = rng_unit_v3(r);
    for (int i = 0; i < bones; i++) {
        if (i > 0) {
            vec3 axis;
            do
                axis = v3_cross(dir, rng_unit_v3(r));
            while (v3_length(axis) < 0.2f);
            float turn = rng_float(r, 25.0f, 110.0f) * IK_DEG_TO_RAD;
            dir = v3_normalize(quat_rotate(quat_from_axis_angle(axis, turn), dir));
        }
        c.joints[i + 1] = v3_add(c.joints[i], v3_scale(dir, scale * rng_float(r, min_len, 1.0f)));
    }
    seal_unused(&c);
    return c;
}

static float longest_bone(const ik_chain *c)
{
    float longest = 0.0f;
    for (int i = 0; i + 1 < c->joint_count; i++)
        longest = fmaxf(longest, v3_distance(c->joints[i], c->joints[i + 1]));
    return longest;
}

static ik_settings settings_for(const ik_chain *c, int max_passes)
{
    ik_settings s = {max_passes, SOLVE_TOL_REL * ik_chain_reach(c)};
    return s;
}

/* What the reference makes of a request. */
static int reference(const ik_chain_spec *s, const ik_chain_request *rq, ik_chain *chain, ik_report *report)
{
    *chain = rq->chain;
    return s->reference(chain, rq->target, &rq->settings, report);
}

/* Whether the reference reaches a request's target within the spec's
 * ref_pass_limit passes (the filter of the drawn cases). Asked with
 * max_passes ref_pass_limit + 1, not the request's own: a reference's
 * passes do not depend on the limit until it stops (both loop while
 * passes < max_passes and not within tolerance), so the answer is the
 * same, and a case it needs long for costs ref_pass_limit + 1 passes, not
 * up to solve_passes (05's 31-bone cases dropped so ran 70..220 passes,
 * 3/4 of the checker's CCD passes in reaches_targets; seeds 1 and 7). */
static int reference_within_limit(const ik_chain_spec *s, const ik_chain_request *rq)
{
    ik_chain_request q = *rq;
    if (q.settings.max_passes > s->ref_pass_limit + 1)
        q.settings.max_passes = s->ref_pass_limit + 1;
    ik_chain solved;
    static ik_report rep;
    return reference(s, &q, &solved, &rep) <= s->ref_pass_limit && rep.status == IK_REACHED;
}

/* ---- the picture of a failing case (checker/picture.h) ------------------ */

/* The chain after each of the first CHAIN_PICTURE_PASSES passes, the
 * student's (top row) beside the reference's (bottom row), each panel over
 * the chain as given and the target. The passes are the student's solver
 * run again on the case with max_passes 1, 2, ... (one more runner call,
 * made only when the check has failed). Drawn in the plane through the
 * root that holds the target and the given chain's joint farthest from
 * the root->target line. */
#define CHAIN_PICTURE_PASSES 5


/* The chain's reach: the sum of its bones as given. */
static float reach_of(const ik_chain *c)
{
    float r = 0.0f;
    for (int i = 1; i < c->joint_count && i < IK_CHAIN_MAX_JOINTS; i++)
        r += v3_distance(c->joints[i], c->joints[i - 1]);
    return isfinite(r) ? r : 0.0f;
}

static void chain_picture(const ik_chain_spec *s, const ik_chain_request *rq, const ik_chain *final)
{
    const ik_chain *c = &rq->chain;
    if (rq->null_chain || rq->null_settings || c->joint_count < 2 || c->joint_count > IK_CHAIN_MAX_JOINTS ||
        !v3_is_finite(rq->target) || !picture_case("chain"))
        return;
    int passes = rq->settings.max_passes < 1 ? 1 : rq->settings.max_passes;
    if (passes > CHAIN_PICTURE_PASSES)
        passes = CHAIN_PICTURE_PASSES;
    static ik_chain_request q[CHAIN_PICTURE_PASSES];
    static ik_chain_response a[CHAIN_PICTURE_PASSES];
    for (int p = 0; p < passes; p++) {
        q[p] = *rq;
        q[p].null_report = 0;
        q[p].settings.max_passes = p + 1;
    }
    int student = CHECK_CALL(s->op, q, (size_t)passes, a, describe);
    vec3 root = c->joints[0], x = v3_sub(rq->target, root);
    float far = -1.0f;
    vec3 bend = v3(0, 1, 0);
    x = v3_length(x) > 0.0f ? v3_normalize(x) : v3(1, 0, 0);
    for (int i = 1; i < c->joint_count; i++) {
        vec3 d = v3_sub(c->joints[i], root);
        vec3 off = v3_sub(d, v3_scale(x, v3_dot(d, x)));
        if (v3_length(off) > far)
            far = v3_length(off), bend = off;
    }
    vec3 y = far > 1e-6f ? v3_normalize(bend) : v3_normalize(v3_cross(x, fabsf(x.z) < 0.9f ? v3(0, 0, 1) : v3(1, 0, 0)));
    picture_plane(root, x, y);
    for (int p = 0; p < passes; p++) {
        char name[32];
        ik_chain want;
        static ik_report rep;
        ik_chain_request one = *rq;
        one.settings.max_passes = p + 1;
        reference(s, &one, &want, &rep);
        snprintf(name, sizeof name, "given.r%d", p + 1);
        picture_points(name, c->joints, c->joint_count);
        snprintf(name, sizeof name, "target.r%d", p + 1);
        picture_points(name, &rq->target, 1);
        snprintf(name, sizeof name, "ref.r%d", p + 1);
        picture_points(name, want.joints, want.joint_count);
        /* the top row: yours over the reference's, so a small difference shows */
        snprintf(name, sizeof name, "ref.s%d", p + 1);
        picture_points(name, want.joints, want.joint_count);
        snprintf(name, sizeof name, "given.s%d", p + 1);
        picture_points(name, c->joints, c->joint_count);
        float rx, ry;
        picture_project(root, &rx, &ry);
        for (int row = 0; row < 2; row++) {
            snprintf(name, sizeof name, "givenlab.%c%d", row ? 'r' : 's', p + 1);
            picture_label(name, rx, ry, picture_tr("ราก (root)", "root"));
        }
        snprintf(name, sizeof name, "target.s%d", p + 1);
        picture_points(name, &rq->target, 1);
        const ik_chain *mine = student ? &a[p].chain : p + 1 == passes ? final : NULL;
        if (mine && mine->joint_count == c->joint_count) {
            snprintf(name, sizeof name, "student.s%d", p + 1);
            picture_points(name, mine->joints, c->joint_count);
            if (v3_is_finite(mine->joints[0]) && v3_distance(mine->joints[0], root) > 1e-3f * (1.0f + reach_of(c))) {
                float sx, sy;
                picture_project(mine->joints[0], &sx, &sy);
                snprintf(name, sizeof name, "studentlab.s%d", p + 1);
                picture_label(name, sx, sy, picture_tr("root ของคุณ (yours)", "your root"));
            }
        }
    }
    picture_number("passes", passes);
    picture_text("solver", s->solve_name);
    picture_text("case_text", fmt(picture_tr("%d bone, เป้าหมาย (target) %s", "%d bones, target %s"), c->joint_count - 1, fmt_v3(rq->target)));
}

/* A reachable target for a bent chain: between the chain's inner limit
 * (nearer than longest - rest it cannot fold) plus a margin and 0.75 *
 * reach, at least 0.1 * reach from the tip as given, and solved by the
 * reference within the spec's ref_pass_limit passes. */
static ik_chain_request reachable_case(const ik_chain_spec *s, rng *r, int bones)
{
    for (;;) {
        ik_chain_request q;
        memset(&q, 0, sizeof q);
        q.chain = bent_chain(r, bones, rng_float(r, 0.5f, 2.0f), 0.4f);
        float reach = ik_chain_reach(&q.chain);
        float inner = fmaxf(0.0f, 2.0f * longest_bone(&q.chain) - reach);
        float lo = fmaxf(0.1f * reach, inner + 0.1f * reach);
        /* Draws in statements of their own, in the order gcc drew them inside
         * the call (last argument first): C leaves that order to the compiler,
         * and clang (macOS) draws left to right, other cases than the student
         * edition recorded (its shims.c). */
        float distance = rng_float(r, lo, 0.75f * reach);
        q.target = v3_add(q.chain.joints[0], v3_scale(rng_unit_v3(r), distance));
        q.settings = settings_for(&q.chain, s->solve_passes);
        if (v3_distance(ik_chain_tip(&q.chain), q.target) < 0.1f * reach)
            continue;
        if (!reference_within_limit(s, &q))
            continue;
        return q;
    }
}

/* ---- what every solved chain must satisfy ---------------------------- */

static double angle_between(vec3 a, vec3 b)
{
    double cx = (double)a.y * b.z - (double)a.z * b.y;
    double cy = (double)a.z * b.x - (double)a.x * b.z;
    double cz = (double)a.x * b.y - (double)a.y * b.x;
    double dot = (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z;
    return atan2(sqrt(cx * cx + cy * cy + cz * cz), dot);
}

/* Whether a changed bone length is the one the bone_length advice is
 * about: the tip put exactly onto the target (snapped there, or left there by a
 * FABRIK whose lengths are measured from the bent pose, which gives the
 * same chain) while every other bone kept its rest length, so only the
 * last bone took up the difference. A wrong rest-length index, a direction
 * left unnormalized, a sweep that skips a joint or an unreachable chain
 * laid out with the wrong sums change other bones (or leave the tip off
 * the target): there "do not snap the tip" would mislead. */
static int tip_snapped_to_target(const ik_chain_request *rq, const ik_chain_response *rs)
{
    int tip = rq->chain.joint_count - 1;
    for (int i = 0; i + 1 < tip; i++) {
        float rest = v3_distance(rq->chain.joints[i], rq->chain.joints[i + 1]);
        float now = v3_distance(rs->chain.joints[i], rs->chain.joints[i + 1]);
        if (!(fabsf(now - rest) <= LENGTH_TOL_REL * rest))
            return 0;
    }
    /* On it to rounding (a snapped tip is bit-identical to the target), not
     * merely within the solve's tolerance: a solver that converged with
     * some other bone changed the length by chance stays unnamed. */
    return v3_distance(rs->chain.joints[tip], rq->target) <= REPORT_TOL_REL * ik_chain_reach(&rq->chain);
}

/* The joint count as asked, finite joints, the root where it was, every
 * bone its rest length - over all cases, in that order, so the most
 * specific mistake is the one named. The count comes first: it is the
 * answer's own say over how many joints it has, and nothing after this
 * may trust it (a count of 0x40000000 would send the checker 12 GiB past
 * the answer; a negative one into the memory in front of it). */
/* The first guard word the solver changed, or -1. */
static int guard_hit(const uint32_t *words, int count)
{
    for (int k = 0; k < count; k++)
        if (words[k] != IK_CHAIN_CANARY)
            return k;
    return -1;
}

/* Writes outside the arrays the solver was given: the guard areas the
 * runner puts around the chain and the report (ik_chain_run_solve), and
 * the joints past joint_count. Looked at first: a stray write may have hit
 * joint_count or anything after. */
static int expect_in_bounds(const ik_chain_request *rq, const ik_chain_response *rs)
{
    /* the case in words only when it is wrong: written for every case,
     * passing or not, it was a tenth of the checker's CPU on 05 and 06
     * (printf of the joints, by perf) */
#define given ik_chain_given_text(rq)
    int k;
    if ((k = guard_hit(rs->chain_front, IK_CHAIN_GUARD_WORDS)) >= 0) {
        /* word k of the front guard is (GUARD_WORDS - k) words before
         * joint_count, i.e. inside joints[-1] for the last 2 words */
        int before = IK_CHAIN_GUARD_WORDS - k;
        check_fail(DIAG_NONE, given, T(MSG_CHAIN_EXPECT_IN_BOUNDS),
                   fmt(T(MSG_CHAIN_GOT_WROTE_BEFORE), 4 * before, 1 + (4 * before - 4) / 12));
        return 0;
    }
    if ((k = guard_hit(rs->chain_back, IK_CHAIN_GUARD_BACK_WORDS)) >= 0) {
        check_fail(DIAG_NONE, given, T(MSG_CHAIN_EXPECT_IN_BOUNDS),
                   fmt(T(MSG_CHAIN_GOT_WROTE_AFTER_CHAIN), IK_CHAIN_MAX_JOINTS + k / 3, IK_CHAIN_MAX_JOINTS));
        return 0;
    }
    if ((k = guard_hit(rs->report_front, IK_CHAIN_REPORT_GUARD_WORDS)) >= 0 ||
        (k = guard_hit(rs->report_back, IK_CHAIN_REPORT_GUARD_BACK_WORDS)) >= 0) {
        check_fail(DIAG_NONE, given, T(MSG_CHAIN_EXPECT_IN_BOUNDS), T(MSG_CHAIN_GOT_WROTE_OUTSIDE_REPORT));
        return 0;
    }
#undef given
    return 1;
}

/* A bone this much shorter than its rest length has collapsed: its two
 * joints lie on each other (a right solver keeps every bone within
 * LENGTH_TOL_REL; a stretched or squashed bone is off by far less than
 * all of its length). */
#define COLLAPSED_REL 1e-3f

/* The joint count as asked, finite joints, the root where it was, every
 * bone its rest length - over all cases, in that order, so the most
 * specific mistake is the one named. The count comes first: it is the
 * answer's own say over how many joints it has, and nothing after this
 * may trust it (a count of 0x40000000 would send the checker 12 GiB past
 * the answer; a negative one into the memory in front of it). Before it,
 * only the guard areas, which do not depend on the count. */
static int expect_sound(const ik_chain_spec *s, const ik_chain_request *rq, const ik_chain_response *rs, int n)
{
    for (int c = 0; c < n; c++)
        if (!expect_in_bounds(&rq[c], &rs[c]))
            return 0;
    for (int c = 0; c < n; c++)
        if (rs[c].chain.joint_count != rq[c].chain.joint_count) {
            check_fail(DIAG_NONE, ik_chain_given_text(&rq[c]),
                       fmt(T(MSG_CHAIN_EXPECT_JOINT_COUNT), rq[c].chain.joint_count),
                       fmt(T(MSG_CHAIN_GOT_COUNT_CHANGED), rs[c].chain.joint_count));
            return 0;
        }
    for (int c = 0; c < n; c++)
        for (int i = rq[c].chain.joint_count; i < IK_CHAIN_MAX_JOINTS; i++)
            if (memcmp(&rs[c].chain.joints[i], &rq[c].chain.joints[i], sizeof(vec3)) != 0) {
                check_fail(DIAG_NONE, ik_chain_given_text(&rq[c]), T(MSG_CHAIN_EXPECT_IN_BOUNDS),
                           fmt(T(MSG_CHAIN_GOT_WROTE_PAST_COUNT), i, rq[c].chain.joint_count));
                return 0;
            }
    for (int c = 0; c < n; c++)
        for (int i = 0; i < rq[c].chain.joint_count; i++)
            if (!v3_is_finite(rs[c].chain.joints[i])) {
                check_fail(DIAG_NONE, ik_chain_given_text(&rq[c]),
                           T(MSG_CHAIN_EXPECT_FINITE),
                           fmt(T(MSG_CHAIN_GOT_NOT_FINITE), i, fmt_v3(rs[c].chain.joints[i])));
                return 0;
            }
    for (int c = 0; c < n; c++) {
        float reach = ik_chain_reach(&rq[c].chain);
        float moved = v3_distance(rs[c].chain.joints[0], rq[c].chain.joints[0]);
        if (!(moved <= ROOT_TOL_REL * reach)) {
            /* cause before effect: a root moved by a pass in the wrong
             * order is named as that (the spec's explain_root) */
            const char *why = NULL;
            int diag = s->explain_root ? s->explain_root(&rq[c], &rs[c], &why) : DIAG_NONE;
            const char *got = fmt(T(MSG_CHAIN_GOT_ROOT_MOVED), fmt_v3(rs[c].chain.joints[0]), moved);
            chain_picture(s, &rq[c], &rs[c].chain);
            check_fail(diag ? (diagnosis)diag : DIAG_ROOT_DRIFT, ik_chain_given_text(&rq[c]),
                       fmt(T(MSG_CHAIN_EXPECT_ROOT), fmt_v3(rq[c].chain.joints[0])),
                       diag && why ? fmt("%s — %s", got, why) : got);
            return 0;
        }
    }
    for (int c = 0; c < n; c++)
        for (int i = 0; i + 1 < rq[c].chain.joint_count; i++) {
            float rest = v3_distance(rq[c].chain.joints[i], rq[c].chain.joints[i + 1]);
            float now = v3_distance(rs[c].chain.joints[i], rs[c].chain.joints[i + 1]);
            if (!(fabsf(now - rest) <= LENGTH_TOL_REL * rest)) {
                /* the most specific cause first: a bone of no length is two
                 * joints on each other (no fallback direction where two
                 * points coincided); only then a tip snapped onto the
                 * target; then what the solver's own suite can name */
                const char *why = NULL;
                int diag = DIAG_NONE;
                if (now <= COLLAPSED_REL * rest)
                    diag = DIAG_COINCIDENT_JOINTS;
                else if (tip_snapped_to_target(&rq[c], &rs[c]))
                    diag = DIAG_BONE_LENGTH;
                else if (s->explain_length)
                    diag = s->explain_length(&rq[c], &rs[c], i, &why);
                const char *got = fmt(T(MSG_CHAIN_GOT_LENGTH), i, now, 100.0 * (now - rest) / rest);
                chain_picture(s, &rq[c], &rs[c].chain);
                check_fail((diagnosis)diag, ik_chain_given_text(&rq[c]),
                           fmt(T(MSG_CHAIN_EXPECT_LENGTH), i, i, i + 1, rest),
                           why ? fmt("%s — %s", got, why) : got);
                return 0;
            }
        }
    return 1;
}

/* The report must describe what happened to the returned chain: the
 * return value is the pass count, errors recorded for exactly those
 * passes, the first and last of them measured on the right chain. */
static int expect_report(const ik_chain_spec *s, const ik_chain_request *rq, const ik_chain_response *rs)
{
    const ik_report *rep = &rs->report;
    float tol = REPORT_TOL_REL * ik_chain_reach(&rq->chain);
#define given ik_chain_given_text(rq) /* in words only when wrong: see expect_in_bounds */
    /* passes indexes tip_error[] below: bounded by the request and by the
     * array itself, whatever max_passes a request may one day carry */
    if (rep->passes < 0 || rep->passes > rq->settings.max_passes || rep->passes > IK_MAX_PASSES) {
        check_fail(DIAG_NONE, given, fmt(T(MSG_CHAIN_EXPECT_PASSES_RANGE), rq->settings.max_passes),
                   fmt("report->passes = %d", rep->passes));
        return 0;
    }
    if (rs->returned != rep->passes) {
        check_fail(DIAG_NONE, given, fmt(T(MSG_CHAIN_EXPECT_RETURNS_PASSES), s->solve_name, rep->passes),
                   fmt(T(MSG_CHAIN_GOT_RETURNS), rs->returned));
        return 0;
    }
    float initial = v3_distance(ik_chain_tip(&rq->chain), rq->target);
    if (!(fabsf(rep->initial_error - initial) <= tol)) {
        check_fail(DIAG_NONE, given, fmt(T(MSG_CHAIN_EXPECT_INITIAL), initial),
                   rep->initial_error == IK_CHAIN_SENTINEL ? T(MSG_CHAIN_GOT_INITIAL_UNWRITTEN)
                                                           : fmt("initial_error = %g", rep->initial_error));
        return 0;
    }
    for (int k = 0; k < rep->passes; k++)
        if (!(rep->tip_error[k] >= 0.0f) || !isfinite(rep->tip_error[k])) {
            check_fail(DIAG_NONE, given,
                       fmt(T(MSG_CHAIN_EXPECT_TIP_ERRORS), rep->passes - 1, rep->passes),
                       rep->tip_error[k] == IK_CHAIN_SENTINEL ? fmt(T(MSG_CHAIN_GOT_TIP_ERROR_UNWRITTEN), k)
                                                              : fmt("tip_error[%d] = %g", k, rep->tip_error[k]));
            return 0;
        }
    for (int k = rep->passes; k < IK_MAX_PASSES; k++)
        if (rep->tip_error[k] != IK_CHAIN_SENTINEL && rep->tip_error[k] != 0.0f) {
            check_fail(DIAG_NONE, given,
                       fmt(T(MSG_CHAIN_EXPECT_TIP_ERROR_COUNT), rep->passes),
                       fmt(T(MSG_CHAIN_GOT_TIP_ERROR_EXTRA), k, rep->tip_error[k], rep->passes));
            return 0;
        }
    float final = v3_distance(ik_chain_answer_tip(rq, rs), rq->target);
    if (rep->passes > 0 && !(fabsf(rep->tip_error[rep->passes - 1] - final) <= tol)) {
        check_fail(DIAG_NONE, given,
                   fmt(T(MSG_CHAIN_EXPECT_LAST_ERROR), final),
                   fmt("tip_error[%d] = %g", rep->passes - 1, rep->tip_error[rep->passes - 1]));
        return 0;
    }
    return 1;
#undef given
}

static int expect_status(const ik_chain_request *rq, const ik_chain_response *rs, ik_status want, const char *why)
{
    if ((int)rs->report.status == (int)want)
        return 1;
    check_fail(DIAG_NONE, ik_chain_given_text(rq), fmt("report->status = %s (%s)", status_name((int)want), why),
               fmt("report->status = %s, passes = %d, |tip − target| = %g", status_name((int)rs->report.status),
                   rs->report.passes, v3_distance(ik_chain_answer_tip(rq, rs), rq->target)));
    return 0;
}

static int expect_tip_on_target(const ik_chain_spec *s, const ik_chain_request *rq, const ik_chain_response *rs)
{
    float error = v3_distance(ik_chain_answer_tip(rq, rs), rq->target);
    if (error < rq->settings.tolerance)
        return 1;
    chain_picture(s, rq, &rs->chain);
    check_fail(DIAG_NONE, ik_chain_given_text(rq),
               fmt(T(MSG_CHAIN_EXPECT_TIP_ON_TARGET), rq->settings.tolerance, rq->settings.max_passes),
               fmt(T(MSG_CHAIN_GOT_TIP_OFF_TARGET), fmt_v3(ik_chain_answer_tip(rq, rs)), error,
                   rs->report.passes));
    return 0;
}

/* ---- the checks -------------------------------------------------------- */

#define REACH_CASES 100 /* per chain size */
#define REACH_CASES_LONG 10 /* per chain size of more than FAR_LONG_BONES bones */
#define FAR_LONG_BONES 16

void ik_chain_reaches_targets(const ik_chain_spec *s)
{
    static ik_chain_request rq[IK_CHAIN_MAX_SIZES * REACH_CASES];
    static ik_chain_response rs[IK_CHAIN_MAX_SIZES * REACH_CASES];
    int sizes = size_count(s);
    rng r = check_rng();
    int n = 0;
    /* a chain of IK_CHAIN_MAX_JOINTS joints gets fewer cases: a wrong
     * solver that never converges runs every pass on each of them */
    for (int b = 0; b < sizes; b++)
        for (int c = 0; c < (s->bones[b] > FAR_LONG_BONES ? REACH_CASES_LONG : REACH_CASES); c++)
            rq[n++] = reachable_case(s, &r, s->bones[b]);
    if (!CHECK_CALL(s->op, rq, (size_t)n, rs, describe) || !expect_sound(s, rq, rs, n))
        return;
    for (int c = 0; c < n; c++)
        if (!expect_tip_on_target(s, &rq[c], &rs[c]) ||
            !expect_status(&rq[c], &rs[c], IK_REACHED, T(MSG_CHAIN_WHY_WITHIN_TOL)) ||
            !expect_report(s, &rq[c], &rs[c]))
            return;
}

#define FAR_CASES_LONG 1

void ik_chain_unreachable_target(const ik_chain_spec *s)
{
    /* Targets 1.2..3 * reach from the root, far_cases_per_size for each
     * chain size. Whatever else the solver does with them (the spec's
     * expect_far_straight and expect_far_passes), it must end with the
     * chain aimed at the target, IK_UNREACHABLE and a true report. */
    static ik_chain_request rq[IK_CHAIN_MAX_SIZES * IK_CHAIN_MAX_FAR_CASES];
    static ik_chain_response rs[IK_CHAIN_MAX_SIZES * IK_CHAIN_MAX_FAR_CASES];
    assert(s->far_cases_per_size > 0 && s->far_cases_per_size <= IK_CHAIN_MAX_FAR_CASES);
    /* A chain of IK_CHAIN_MAX_JOINTS joints costs a CCD 31 * 30 / 2
     * rotations a pass, 256 passes (65 ms a case in the caged -O0
     * runner, and this check is re-run for every seed): it gets
     * FAR_CASES_LONG cases; error_record's case 7 is the long chain a
     * drift shows on, once per run. */
    int size_of[IK_CHAIN_MAX_SIZES * IK_CHAIN_MAX_FAR_CASES];
    int n = 0;
    for (int b = 0; b < size_count(s); b++)
        for (int k = 0; k < (s->bones[b] > FAR_LONG_BONES ? FAR_CASES_LONG : s->far_cases_per_size); k++)
            size_of[n++] = s->bones[b];
    rng r = check_rng();
    for (int c = 0; c < n; c++) {
        int bones = size_of[c];
        for (;;) {
            memset(&rq[c], 0, sizeof rq[c]);
            rq[c].chain = bent_chain(&r, bones, rng_float(&r, 0.5f, 2.0f), 0.4f);
            float reach = ik_chain_reach(&rq[c].chain);
            vec3 root = rq[c].chain.joints[0];
            float distance = reach * rng_float(&r, 1.2f, 3.0f); /* before the direction: see reachable_case */
            rq[c].target = v3_add(root, v3_scale(rng_unit_v3(&r), distance));
            rq[c].settings = settings_for(&rq[c].chain, s->solve_passes);
            /* not already aimed: the untouched chain must fail the aim */
            if (angle_between(v3_sub(ik_chain_tip(&rq[c].chain), root), v3_sub(rq[c].target, root)) > 0.1)
                break;
        }
    }
    if (!CHECK_CALL(s->op, rq, (size_t)n, rs, describe) || !expect_sound(s, rq, rs, n))
        return;
    for (int c = 0; c < n; c++) {
        vec3 root = rq[c].chain.joints[0];
        vec3 along = v3_sub(ik_chain_answer_tip(&rq[c], &rs[c]), root);
        double aim = angle_between(along, v3_sub(rq[c].target, root));
        if (!(aim < AIM_TOL_RAD)) {
            check_fail(DIAG_NONE, ik_chain_given_text(&rq[c]),
                       T(MSG_CHAIN_EXPECT_AIM),
                       fmt(T(MSG_CHAIN_GOT_AIM), aim, aim * IK_RAD_TO_DEG));
            return;
        }
        if (!s->expect_far_straight(&rq[c], &rs[c]))
            return;
        if (!expect_status(&rq[c], &rs[c], IK_UNREACHABLE, T(MSG_CHAIN_WHY_BEYOND_REACH)) ||
            !expect_report(s, &rq[c], &rs[c]))
            return;
        if (!s->expect_far_passes(&rq[c], &rs[c]))
            return;
    }
}

#define ON_JOINT_CHAINS 5

void ik_chain_target_on_joint(const ik_chain_spec *s)
{
    /* The target exactly on a joint of the chain, each joint in turn: a
     * zero vector turns up inside the solver (see each suite for where),
     * and for the tip the answer is "already there, 0 passes". Bones
     * 0.7..1 long, so even the root is reachable (the longest bone is
     * shorter than the others together). A chain the reference does not
     * bring onto every one of its joints within ref_pass_limit passes is
     * drawn again. */
    enum { MAX_CASES = ON_JOINT_CHAINS * 6 };
    static ik_chain_request rq[MAX_CASES];
    static ik_chain_response rs[MAX_CASES];
    rng r = check_rng();
    int n = 0;
    for (int k = 0; k < ON_JOINT_CHAINS; k++) {
        int bones = k < 3 ? 3 : 5;
        for (;;) {
            ik_chain chain = bent_chain(&r, bones, rng_float(&r, 0.5f, 2.0f), 0.7f);
            int kept = n;
            for (int j = 0; j < chain.joint_count; j++) {
                memset(&rq[n], 0, sizeof rq[n]);
                rq[n].chain = chain;
                rq[n].target = chain.joints[j];
                rq[n].settings = settings_for(&chain, s->solve_passes);
                if (!reference_within_limit(s, &rq[n]))
                    break;
                n++;
            }
            if (n - kept == chain.joint_count)
                break;
            n = kept; /* the reference needed too long on some joint: draw another chain */
        }
    }
    if (!CHECK_CALL(s->op, rq, (size_t)n, rs, describe) || !expect_sound(s, rq, rs, n))
        return;
    for (int c = 0; c < n; c++)
        if (!expect_tip_on_target(s, &rq[c], &rs[c]) ||
            !expect_status(&rq[c], &rs[c], IK_REACHED, T(MSG_CHAIN_WHY_WITHIN_TOL)) ||
            !expect_report(s, &rq[c], &rs[c]))
            return;
}

/* error_record's case 4: a straight chain along +y and a target on it,
 * TOL_AT below the tip, with a tolerance 1 % under it. A power of two, so
 * the error is TOL_AT however it is computed (float or double, sqrt of the
 * sum of squares or a length of a difference), clearly not within the
 * tolerance ("stop once |tip - target| < tolerance"; an error of exactly
 * the tolerance is not asked: < or <= may decide it). From every pivot
 * the target lies in the tip's own direction, so a correct pass moves
 * nothing: CCD's swings are the identity; FABRIK's backward sweep shifts
 * the chain by TOL_AT and the forward sweep shifts it back, exactly
 * (integers minus 2^-10 are floats). Measured: the references end every
 * pass with the error exactly TOL_AT. So: not reached, every pass run. */
#define TOL_AT 0x1p-10f
#define TOL_AT_TOLERANCE (0.99f * TOL_AT)

/* A fixed bent chain of IK_CHAIN_MAX_JOINTS joints (no random draw, so
 * error_record stays a fixed check): bone i 0.5..1 long, each turned
 * from the one before. Picked of 20 such chains and targets as the one a
 * CCD without the per-pass length restore drifts most on: 256 passes
 * toward (60, 0, 0) leave a bone off by 4.0e-4 of its length, 4x
 * LENGTH_TOL_REL (over the 20: 1.2e-4 .. 4.0e-4). */
static ik_chain long_chain(void)
{
    ik_chain c;
    memset(&c, 0, sizeof c);
    c.joint_count = IK_CHAIN_MAX_JOINTS;
    for (int i = 1; i < IK_CHAIN_MAX_JOINTS; i++) {
        float k = (float)i;
        vec3 dir = v3_normalize(v3(sinf(2.3f * k), cosf(1.9f * k), sinf(0.7f * k + 0.5f)));
        float len = 0.5f + 0.5f * (0.5f + 0.5f * sinf(1.3f * k));
        c.joints[i] = v3_add(c.joints[i - 1], v3_scale(dir, len));
    }
    seal_unused(&c);
    return c;
}

/* error_record's cases, numbered as in ik_chain_error_record below. */
enum { RECORD_CASES = 8, RECORD_AT_TOL = 4 };

/* The requests of error_record: one bent chain, each case's target and
 * settings (see ik_chain_error_record for what each asks). */
static void record_cases(const ik_chain_spec *s, ik_chain_request *rq)
{
    memset(rq, 0, sizeof *rq * RECORD_CASES);
    ik_chain chain;
    memset(&chain, 0, sizeof chain);
    chain.joint_count = 4;
    chain.joints[0] = v3(0.0f, 0.0f, 0.0f);
    chain.joints[1] = v3(0.0f, 1.0f, 0.0f);
    chain.joints[2] = v3(0.8f, 1.6f, 0.0f);
    chain.joints[3] = v3(1.5f, 1.2f, 0.0f);
    seal_unused(&chain);
    for (int c = 0; c < RECORD_CASES; c++) {
        rq[c].chain = chain;
        rq[c].settings = settings_for(&chain, s->solve_passes);
    }
    rq[0].target = v3(0.9f, 0.2f, 0.6f);
    rq[1].target = rq[0].target;
    rq[1].settings.max_passes = s->short_passes;
    rq[1].settings.tolerance = 1e-6f;
    rq[2].target = v3_add(ik_chain_tip(&chain), v3(0.0f, 0.0f, 0.5f * rq[2].settings.tolerance));
    rq[3].target = v3(4.0f, 3.0f, -1.0f);
    rq[3].settings.max_passes = s->far_passes;
    for (int i = 1; i < 4; i++)
        rq[4].chain.joints[i] = v3(0.0f, (float)i, 0.0f);
    rq[4].target = v3(0.0f, 3.0f - TOL_AT, 0.0f);
    rq[4].settings = (ik_settings){3, TOL_AT_TOLERANCE};
    {
        float reach = ik_chain_reach(&chain);
        vec3 back = v3_normalize(v3_sub(chain.joints[0], chain.joints[1]));
        rq[5].target = v3_add(chain.joints[0], v3_scale(back, 0.95f * reach));
        rq[5].settings = (ik_settings){s->short_passes, 1e-6f};
    }
    rq[6].chain.joints[1] = v3(1.0f, 0.0f, 0.0f);
    rq[6].chain.joints[2] = v3(1.0f, 1.0f, 0.0f);
    rq[6].chain.joints[3] = v3(1.0f, 1.0f, 1.0f);
    rq[6].target = v3(0.0f, 0.0f, 0.999f * 3.0f);
    rq[6].settings = (ik_settings){s->short_passes, 1e-6f};
    rq[7].chain = long_chain();
    rq[7].target = v3(60.0f, 0.0f, 0.0f);
    rq[7].settings = settings_for(&rq[7].chain, IK_MAX_PASSES);
}

/* Every case but 4: the status, the report and (but for case 0) the pass
 * count the reference gives. 0 once one fails (the check is failed). */
static int record_as_reference(const ik_chain_spec *s, const ik_chain_request *rq, const ik_chain_response *rs,
                               const char *const *why)
{
    for (int c = 0; c < RECORD_CASES; c++) {
        if (c == RECORD_AT_TOL)
            continue; /* record_at_tolerance, on its own chain */
        ik_chain solved;
        static ik_report want;
        int want_passes = reference(s, &rq[c], &solved, &want);
        if (!expect_status(&rq[c], &rs[c], want.status, why[c]) || !expect_report(s, &rq[c], &rs[c]))
            return 0;
        if (c > 0 && rs[c].report.passes != want_passes) {
            check_fail(DIAG_NONE, ik_chain_given_text(&rq[c]), fmt("passes = %d (%s)", want_passes, why[c]),
                       fmt("passes = %d", rs[c].report.passes));
            return 0;
        }
    }
    return 1;
}

/* Case 4, judged on the answer's own chain, not on the reference's
 * rounding: an error over the tolerance is not within it, so the first
 * pass must run, and the status says what the returned chain shows:
 * IK_REACHED only if its error fell below the tolerance, else
 * IK_NOT_REACHED after all 3 passes. */
static void record_at_tolerance(const ik_chain_spec *s, const ik_chain_request *q, const ik_chain_response *a,
                                const char *why)
{
    float final = v3_distance(ik_chain_answer_tip(q, a), q->target);
    int below = final < q->settings.tolerance;
    if (a->report.passes < 1 || (!below && a->report.passes != q->settings.max_passes)) {
        check_fail(DIAG_NONE, ik_chain_given_text(q), fmt(T(MSG_CHAIN_EXPECT_AT_TOL_PASSES), q->settings.max_passes),
                   fmt("passes = %d, |tip − target| = %g", a->report.passes, final));
        return;
    }
    if (!expect_status(q, a, below ? IK_REACHED : IK_NOT_REACHED, below ? T(MSG_CHAIN_WHY_WITHIN_TOL) : why))
        return;
    expect_report(s, q, a);
}

void ik_chain_error_record(const ik_chain_spec *s)
{
    /* One bent chain, four questions about the report:
     *   0 - an ordinary reachable target: IK_REACHED;
     *   1 - the same with max_passes short_passes and tolerance 1e-6:
     *       IK_NOT_REACHED, every pass recorded;
     *   2 - the target already within tolerance: 0 passes, IK_REACHED;
     *   3 - a target beyond reach, max_passes far_passes: IK_UNREACHABLE.
     * Expected status and (for 1-3) pass count come from the reference;
     * what it does with each is in the suite. And the boundary of the
     * tolerance (TOL_AT above):
     *   4 - the error 1 % over the tolerance, and no pass changes it, 3
     *       passes allowed;
     * and of reach, each with short_passes and tolerance 1e-6, so no
     * solver gets there and the status must say why:
     *   5 - a target within reach of the root (0.95 * reach, behind it)
     *       but farther than reach from joints[1]: IK_NOT_REACHED, the
     *       reach is measured from the root;
     *   6 - a target 0.1 % inside reach (bones along the axes, lengths 1,
     *       target (0, 0, 2.997)): not beyond reach, IK_NOT_REACHED (at
     *       exactly the reach either status is right);
     * and the longest chain there is, worked hard:
     *   7 - IK_CHAIN_MAX_JOINTS joints (long_chain), a target beyond
     *       reach, max_passes 256: every pass runs, and the bones must
     *       still have their lengths (a CCD without the per-pass restore
     *       drifts past LENGTH_TOL_REL here, see long_chain). */
    static ik_chain_request rq[RECORD_CASES];
    static ik_chain_response rs[RECORD_CASES];
    record_cases(s, rq);
    if (!CHECK_CALL(s->op, rq, RECORD_CASES, rs, describe) || !expect_sound(s, rq, rs, RECORD_CASES))
        return;
    const char *const WHY[RECORD_CASES] = {T(MSG_CHAIN_WHY_REACHABLE), T(MSG_CHAIN_WHY_OUT_OF_PASSES),
                                           T(MSG_CHAIN_WHY_ALREADY_THERE), T(MSG_CHAIN_WHY_BEYOND_REACH),
                                           T(MSG_CHAIN_WHY_AT_TOLERANCE), T(MSG_CHAIN_WHY_REACH_FROM_ROOT),
                                           T(MSG_CHAIN_WHY_AT_REACH), T(MSG_CHAIN_WHY_BEYOND_REACH)};
    if (record_as_reference(s, rq, rs, WHY))
        record_at_tolerance(s, &rq[RECORD_AT_TOL], &rs[RECORD_AT_TOL], WHY[RECORD_AT_TOL]);
}

void ik_chain_invalid_input(const ik_chain_spec *s)
{
    /* Each request breaks one rule of ik_validate. The answer is -1,
     * IK_INVALID_INPUT, passes 0, and the chain exactly as it was. */
    const char *const WHAT[] = {
        T(MSG_CHAIN_WHAT_ZERO_BONE), T(MSG_CHAIN_WHAT_NAN_TARGET), "joint_count = 1", "joint_count = 33",
        "joint_count = 0", "max_passes = 0", "max_passes = 257", "tolerance = 0", T(MSG_CHAIN_WHAT_NAN_TOLERANCE),
        T(MSG_CHAIN_WHAT_INF_JOINT), T(MSG_CHAIN_WHAT_NULL_CHAIN), T(MSG_CHAIN_WHAT_NULL_SETTINGS),
        T(MSG_CHAIN_WHAT_NULL_REPORT),
    };
    enum { N = sizeof WHAT / sizeof WHAT[0] };
    static ik_chain_request rq[N];
    static ik_chain_response rs[N];
    memset(rq, 0, sizeof rq);
    ik_chain chain;
    memset(&chain, 0, sizeof chain);
    chain.joint_count = 4;
    chain.joints[0] = v3(0.0f, 0.0f, 0.0f);
    chain.joints[1] = v3(0.0f, 1.0f, 0.0f);
    chain.joints[2] = v3(0.8f, 1.6f, 0.0f);
    chain.joints[3] = v3(1.5f, 1.2f, 0.0f);
    for (int c = 0; c < N; c++) {
        rq[c].chain = chain;
        /* joints past joint_count are filled too, so reading them is no excuse */
        for (int i = 4; i < IK_CHAIN_MAX_JOINTS; i++)
            rq[c].chain.joints[i] = v3(1.5f, 1.2f + 0.5f * (float)(i - 3), 0.0f);
        rq[c].target = v3(0.9f, 0.2f, 0.6f);
        rq[c].settings = (ik_settings){IK_MAX_PASSES, 1e-3f};
    }
    rq[0].chain.joints[2] = rq[0].chain.joints[1];
    rq[1].target.y = NAN;
    rq[2].chain.joint_count = 1;
    rq[3].chain.joint_count = IK_CHAIN_MAX_JOINTS + 1;
    rq[4].chain.joint_count = 0;
    rq[5].settings.max_passes = 0;
    rq[6].settings.max_passes = IK_MAX_PASSES + 1;
    rq[7].settings.tolerance = 0.0f;
    rq[8].settings.tolerance = NAN;
    rq[9].chain.joints[2].x = INFINITY;
    rq[10].null_chain = 1;
    rq[11].null_settings = 1;
    rq[12].null_report = 1;
    if (!CHECK_CALL(s->op, rq, N, rs, describe))
        return;
    for (int c = 0; c < N; c++) {
        char given[1200];
        snprintf(given, sizeof given, "%s — %s", WHAT[c], ik_chain_given_text(&rq[c]));
        if (rs[c].returned != -1) {
            check_fail(DIAG_NONE, given, fmt(T(MSG_CHAIN_EXPECT_RETURNS_MINUS1), s->solve_name),
                       fmt(T(MSG_CHAIN_GOT_RETURNS), rs[c].returned));
            return;
        }
        if (!rq[c].null_report && ((int)rs[c].report.status != IK_INVALID_INPUT || rs[c].report.passes != 0)) {
            check_fail(DIAG_NONE, given, "report->status = IK_INVALID_INPUT, report->passes = 0",
                       fmt("report->status = %s, passes = %d", status_name((int)rs[c].report.status),
                           rs[c].report.passes));
            return;
        }
        if (memcmp(&rs[c].chain, &rq[c].chain, sizeof rq[c].chain) != 0) {
            int i = 0;
            while (i < IK_CHAIN_MAX_JOINTS &&
                   memcmp(&rs[c].chain.joints[i], &rq[c].chain.joints[i], sizeof(vec3)) == 0)
                i++;
            check_fail(DIAG_NONE, given, T(MSG_CHAIN_EXPECT_UNTOUCHED),
                       i < IK_CHAIN_MAX_JOINTS
                           ? fmt(T(MSG_CHAIN_GOT_JOINT_WRITTEN), i, fmt_v3(rs[c].chain.joints[i]))
                           : fmt(T(MSG_CHAIN_GOT_COUNT_CHANGED), rs[c].chain.joint_count));
            return;
        }
    }
}

/* ---- pass by pass --------------------------------------------------- */

/* pass_by_pass draws PASS_CASES chains of each size the spec draws and of
 * IK_CHAIN_MAX_JOINTS joints, each solved with max_passes 1 and 2 and a
 * tolerance no float solver reaches in 2 passes (PASS_TOL_REL * reach),
 * and compares every joint with the reference's after the same passes.
 * One pass of the chapter's algorithm is a fixed function of the chain and
 * the target; solutions differ only in rounding, and only where the pass
 * is well conditioned does rounding stay rounding. So a case is kept only
 * if moving the target and every joint by PERTURB_REL * reach moves the
 * reference's joints by at most PASS_AMPLIFY times that after either
 * pass, and only if the reference runs both passes.
 * PASS_TOL_REL: the tolerance on the joints, relative to the reach.
 * Measured over seeds 1..100 (1200 cases per size and pass) against the
 * alternative solutions (checker/tests/alternative), worst joint gap to
 * the reference / reach after pass 1 and 2:
 *   CCD double precision inside   9.5e-7, 1.4e-6
 *   CCD atan2 angle + axis        1.6e-6, 3.6e-6
 *   FABRIK double inside          6.5e-7, 5.6e-7
 *   FABRIK the paper's lambda     6.9e-7, 5.9e-7
 * so 1e-4 leaves a factor of 28 for other roundings; a wrong order or
 * direction is off by a good part of the reach. */
#define PASS_CASES 12
#define PASS_DEPTH 2
#define PASS_SOLVE_TOL_REL 1e-9f
#define PERTURB_REL 1e-5f
#define PASS_AMPLIFY 20.0f
#define PASS_TOL_REL 1e-4f

static void run_reference_passes(const ik_chain_spec *s, const ik_chain_request *rq, int passes, ik_chain *out,
                                 int *ran)
{
    ik_chain_request q = *rq;
    q.settings.max_passes = passes;
    static ik_report rep;
    *ran = reference(s, &q, out, &rep);
}

/* Whether the reference's first PASS_DEPTH passes are well conditioned on
 * this case (see above) and run in full; its poses after them in
 * want[0..PASS_DEPTH-1], which the check compares the student's with. */
static int pass_case_ok(const ik_chain_spec *s, rng *r, const ik_chain_request *rq, ik_chain *want)
{
    float reach = ik_chain_reach(&rq->chain);
    ik_chain_request moved = *rq;
    float delta = PERTURB_REL * reach;
    moved.target = v3_add(moved.target, v3_scale(rng_unit_v3(r), delta));
    for (int i = 0; i < moved.chain.joint_count; i++)
        moved.chain.joints[i] = v3_add(moved.chain.joints[i], v3_scale(rng_unit_v3(r), delta));
    for (int p = 1; p <= PASS_DEPTH; p++) {
        ik_chain a, b;
        int ran_a, ran_b, worst;
        run_reference_passes(s, rq, p, &a, &ran_a);
        run_reference_passes(s, &moved, p, &b, &ran_b);
        if (ran_a != p || ran_b != p)
            return 0;
        if (!(ik_chain_pose_gap(&a, &b, rq->chain.joint_count, &worst) <= PASS_AMPLIFY * delta))
            return 0;
        want[p - 1] = a;
    }
    return 1;
}

void ik_chain_pass_by_pass(const ik_chain_spec *s)
{
    enum { MAX_CASES = (IK_CHAIN_MAX_SIZES + 1) * PASS_CASES };
    static ik_chain_request base[MAX_CASES];
    static ik_chain want[MAX_CASES][PASS_DEPTH]; /* the reference's poses (pass_case_ok) */
    static ik_chain_request rq[MAX_CASES * PASS_DEPTH];
    static ik_chain_response rs[MAX_CASES * PASS_DEPTH];
    int sizes[IK_CHAIN_MAX_SIZES + 1], size_n = size_count(s);
    for (int b = 0; b < size_n; b++)
        sizes[b] = s->bones[b];
    if (sizes[size_n - 1] != IK_CHAIN_MAX_JOINTS - 1)
        sizes[size_n++] = IK_CHAIN_MAX_JOINTS - 1;
    rng r = check_rng();
    int n = 0;
    for (int b = 0; b < size_n; b++)
        for (int c = 0; c < PASS_CASES; c++) {
            for (;;) {
                ik_chain_request q;
                memset(&q, 0, sizeof q);
                q.chain = bent_chain(&r, sizes[b], rng_float(&r, 0.5f, 2.0f), 0.4f);
                float reach = ik_chain_reach(&q.chain);
                float inner = fmaxf(0.0f, 2.0f * longest_bone(&q.chain) - reach);
                float lo = fmaxf(0.1f * reach, inner + 0.1f * reach);
                float distance = rng_float(&r, lo, 0.75f * reach); /* before the direction: see reachable_case */
                q.target = v3_add(q.chain.joints[0], v3_scale(rng_unit_v3(&r), distance));
                q.settings = (ik_settings){1, PASS_SOLVE_TOL_REL * reach};
                if (v3_distance(ik_chain_tip(&q.chain), q.target) < 0.1f * reach || !pass_case_ok(s, &r, &q, want[n]))
                    continue;
                base[n++] = q;
                break;
            }
        }
    for (int c = 0; c < n; c++)
        for (int p = 0; p < PASS_DEPTH; p++) {
            rq[c * PASS_DEPTH + p] = base[c];
            rq[c * PASS_DEPTH + p].settings.max_passes = p + 1;
        }
    const int total = n * PASS_DEPTH;
    if (!CHECK_CALL(s->op, rq, (size_t)total, rs, describe) || !expect_sound(s, rq, rs, total))
        return;
    /* pass 1 over every case before pass 2: the first pass that goes
     * wrong is the one to talk about */
    for (int p = 0; p < PASS_DEPTH; p++)
        for (int c = 0; c < n; c++) {
            const ik_chain_request *q = &rq[c * PASS_DEPTH + p];
            const ik_chain_response *a = &rs[c * PASS_DEPTH + p];
            int worst;
            float tol = PASS_TOL_REL * ik_chain_reach(&q->chain);
            float gap = ik_chain_pose_gap(&want[c][p], &a->chain, q->chain.joint_count, &worst);
            if (gap <= tol)
                continue;
            const char *why = NULL;
            /* the suite's wrong-pass models are of one pass */
            int diag = p == 0 && s->explain_pass ? s->explain_pass(q, &a->chain, tol, &why) : DIAG_NONE;
            const char *got = fmt(T(MSG_CHAIN_GOT_PASS_POSE), worst, fmt_v3(a->chain.joints[worst]), gap);
            chain_picture(s, q, &a->chain);
            check_fail((diagnosis)diag, ik_chain_given_text(q),
                       fmt(T(MSG_CHAIN_EXPECT_PASS_POSE), p + 1, s->solve_name, tol, worst,
                           fmt_v3(want[c][p].joints[worst])),
                       why ? fmt("%s — %s", got, why) : got);
            return;
        }
}

/* ---- the student's own convergence figure ------------------------------ */

/* 50 chains give a steady median and 10-90 % band; the figure is drawn
 * for every graded submission, where 100 cost 50 ms of CCD at -O0. */
#define FIGURE_CASES 50
#define FIGURE_PASSES 48

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* One block of the figure's data: median and 10-90 % band per pass. */
static void write_curve(FILE *f, const char *name, float curves[][FIGURE_PASSES + 1])
{
    fprintf(f, "# %s: pass median p10 p90 (tip error / reach)\n", name);
    for (int p = 0; p <= FIGURE_PASSES; p++) {
        float column[FIGURE_CASES];
        for (int i = 0; i < FIGURE_CASES; i++)
            column[i] = curves[i][p];
        qsort(column, FIGURE_CASES, sizeof column[0], compare_floats);
        fprintf(f, "%d %.6e %.6e %.6e\n", p, (double)column[FIGURE_CASES / 2], (double)column[FIGURE_CASES / 10],
                (double)column[FIGURE_CASES * 9 / 10]);
    }
    fprintf(f, "\n\n");
}

/* The error curve a report describes, made safe to draw: the student's
 * numbers are untrusted, so anything not a finite error is drawn at the
 * top of the plot, and a solver that stopped early stays where it stopped. */
static void curve_from_report(const ik_report *report, int returned, float reach, float *curve)
{
    float last = isfinite(report->initial_error) && report->initial_error >= 0 ? report->initial_error / reach : 1e3f;
    int ran = returned < 0 ? 0 : returned > FIGURE_PASSES ? FIGURE_PASSES : returned;
    curve[0] = last;
    for (int p = 1; p <= FIGURE_PASSES; p++) {
        if (p <= ran) {
            float e = report->tip_error[p - 1];
            last = isfinite(e) && e >= 0 ? e / reach : 1e3f;
        }
        curve[p] = fminf(fmaxf(last, 1e-9f), 1e3f);
    }
}

void ik_chain_figure(const ik_chain_spec *s, const char *slug)
{
    if (!CHECK_ENV.plot_dir)
        return;
    static ik_chain_request rq[FIGURE_CASES];
    static ik_chain_response rs[FIGURE_CASES];
    static float student[FIGURE_CASES][FIGURE_PASSES + 1], ref[FIGURE_CASES][FIGURE_PASSES + 1];
    /* the same 10-bone chains and targets for both solvers, every run */
    rng r = rng_for("convergence_figure");
    for (int i = 0; i < FIGURE_CASES; i++) {
        memset(&rq[i], 0, sizeof rq[i]);
        rq[i].chain = bent_chain(&r, 10, 1.0f, 0.5f);
        float reach = ik_chain_reach(&rq[i].chain);
        float distance = rng_float(&r, 0.2f, 0.9f) * reach; /* before the direction: see reachable_case */
        rq[i].target = v3_add(rq[i].chain.joints[0], v3_scale(rng_unit_v3(&r), distance));
        rq[i].settings = (ik_settings){FIGURE_PASSES, 1e-9f * reach};
    }
    if (!CHECK_CALL(s->op, rq, FIGURE_CASES, rs, describe))
        return; /* its checks already said why */
    /* an untouched stub runs no pass: there is no curve of the student's
     * to show yet, and the note must not promise one (issue 17) */
    int any_pass = 0;
    for (int i = 0; i < FIGURE_CASES; i++)
        any_pass |= rs[i].returned > 0;
    const msg_id note = any_pass ? MSG_FIGURE : MSG_FIGURE_NO_PASSES;
    for (int i = 0; i < FIGURE_CASES; i++) {
        float reach = ik_chain_reach(&rq[i].chain);
        curve_from_report(&rs[i].report, rs[i].returned, reach, student[i]);
        ik_chain chain;
        static ik_report report;
        int ran = reference(s, &rq[i], &chain, &report);
        curve_from_report(&report, ran, reach, ref[i]);
    }
    char data[1024], out[1024], script[1024];
    snprintf(data, sizeof data, "%s/%s_vs_reference.dat", CHECK_ENV.plot_dir, slug);
    snprintf(out, sizeof out, "%s/%s_vs_reference", CHECK_ENV.plot_dir, slug);
    snprintf(script, sizeof script, "%s/plots/student_vs_reference.gp", CHECK_ENV.root);
    FILE *f = fopen(data, "w");
    if (!f)
        return;
    fprintf(f, "# solver %s\n", s->solve_name);
    write_curve(f, "yours", student);
    write_curve(f, "reference", ref);
    /* the figure speaks the checker's language (plots/student_vs_reference.gp) */
    fprintf(f, "# language: 1 English, 0 Thai with the English terms\n%d\n\n\n", msg_is_english());
    fclose(f);
    if (CHECK_ENV.plot_defer) {
        /* grade-all draws every submission's figures in one gnuplot run, as SVG only */
        snprintf(CHECK_NOTES, sizeof CHECK_NOTES, msg(any_pass ? MSG_FIGURE_SVG : MSG_FIGURE_NO_PASSES_SVG), out);
        return;
    }
    char expr[3400];
    snprintf(expr, sizeof expr, "data='%s'; out='%s'; solver='%s'; root='%s'", data, out, s->solve_name, CHECK_ENV.root);
    const char *argv[] = {"env", GNUPLOT_LOCALE, "gnuplot", "-e", expr, script, NULL}; /* picture.h */
    spawn_request sq = {.argv = argv, .timeout_ms = 30000, .output_keep = 200, .output_limit = 1u << 16};
    spawn_result sr;
    spawn_run(&sq, &sr);
    if (sr.end == SPAWN_EXITED && sr.exit_code == 0)
        snprintf(CHECK_NOTES, sizeof CHECK_NOTES, msg(note), out, out);
    spawn_result_free(&sr);
}
