/* 05 CCD: the checks (trusted side).
 *
 * The student's ccd_solve runs in the runner; the reference (linked here)
 * picks the random cases and says what status a fixed case must end in.
 * Each check first looks, over all its cases, at what a solver must never
 * do - leave a joint NaN, move the root, change a bone's length - and only
 * then at what it must do, so a wrong chain is named before a wrong report.
 *
 * Measured on the reference over seeds 1..200 (the figures quoted below):
 * 400k reachable cases, 25.6k unreachable, 50k targets on a joint.
 */
#include "ccd.h"
#include "check.h"
#include "sections.h"
#include "sections/05_ccd/ops.h"

#include <stdio.h>
#include <string.h>

/* The tolerance every case hands to the solver, relative to the reach. */
#define SOLVE_TOL_REL 1e-3f
/* Random cases are kept only if the reference reaches them in this many
 * passes; the student gets IK_MAX_PASSES (256), 4x the room, for a
 * solution whose rounding takes a slightly different path. Measured before
 * the filter (tolerance 1e-3 * reach, target up to 0.75 * reach): 3 bones
 * median 4, p99 26, p99.9 58, worst 211 passes; 5 bones median 4, p99 45,
 * p99.9 97, and 1 case in 200k not reached in 256 at all. The filter drops
 * 0.21% of the drawn cases. */
#define REF_PASS_LIMIT 64
/* The reference leaves joints[0] bit-identical (measured drift 0); a
 * solution that rewrites it from float arithmetic may be off by rounding,
 * far below this. */
#define ROOT_TOL_REL 1e-5f
/* Bone length after solving vs rest length: reference worst 7e-7
 * relative, also when forced through all 256 passes. A CCD without the
 * per-pass length restore (step 3 of the exercise) drifts up to 4.5e-4 in
 * 256 passes and is caught, as the chapter warns. */
#define LENGTH_TOL_REL 1e-4f
/* initial_error and the last tip_error vs the distance the checker
 * measures on the returned chain: the same floats, so only rounding of the
 * distance itself (~1e-7 of the reach). */
#define REPORT_TOL_REL 1e-5f
/* The last joint CCD turns in a pass is the root, which aims root->tip at
 * the target; measured worst 2.2e-7 rad (float rounding of the swing). */
#define AIM_TOL_RAD 1e-3
/* Unreachable target, 256 passes: the reference ends with |tip - root| at
 * worst 1.000000 * reach for 3 bones and 0.999996 * reach for 5. */
#define STRAIGHT_MIN 0.99f

/* ---- describing a case ----------------------------------------------- */

static void describe(const void *request, char *out, size_t size)
{
    const ccd_request *rq = request;
    int count = rq->chain.joint_count;
    int n = snprintf(out, size, "chain %d joints:", count);
    int shown = count < 0 ? 0 : count > 6 ? 6 : count;
    for (int i = 0; i < shown && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, " %s", fmt_v3(rq->chain.joints[i]));
    if (count > shown && n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, " ...");
    if (n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, "; target %s; max_passes %d, tolerance %g",
                      fmt_v3(rq->target), rq->settings.max_passes, rq->settings.tolerance);
    if ((rq->null_chain || rq->null_settings || rq->null_report) && n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, " (ส่ง NULL แทน%s%s%s)", rq->null_chain ? " chain" : "",
                 rq->null_settings ? " settings" : "", rq->null_report ? " report" : "");
}

static const char *given_text(const ccd_request *rq)
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
    case CCD_SENTINEL_STATUS: return "ไม่ได้ตั้งค่า (report->status ไม่ถูกเขียน)";
    default: return fmt("%d (ไม่ใช่ค่าของ ik_status)", status);
    }
}

/* ---- drawing cases ----------------------------------------------------- */

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
static int reference(const ccd_request *rq, ik_chain *chain, ik_report *report)
{
    *chain = rq->chain;
    return ccd_solve(chain, rq->target, &rq->settings, report);
}

/* A reachable target for a bent chain: between the chain's inner limit
 * (nearer than longest - rest it cannot fold) plus a margin and 0.75 *
 * reach, at least 0.1 * reach from the tip as given, and solved by the
 * reference within REF_PASS_LIMIT passes. */
static ccd_request reachable_case(rng *r, int bones)
{
    for (;;) {
        ccd_request q;
        memset(&q, 0, sizeof q);
        q.chain = bent_chain(r, bones, rng_float(r, 0.5f, 2.0f), 0.4f);
        float reach = ik_chain_reach(&q.chain);
        float inner = fmaxf(0.0f, 2.0f * longest_bone(&q.chain) - reach);
        float lo = fmaxf(0.1f * reach, inner + 0.1f * reach);
        q.target = v3_add(q.chain.joints[0], v3_scale(rng_unit_v3(r), rng_float(r, lo, 0.75f * reach)));
        q.settings = settings_for(&q.chain, IK_MAX_PASSES);
        if (v3_distance(ik_chain_tip(&q.chain), q.target) < 0.1f * reach)
            continue;
        ik_chain solved;
        static ik_report rep;
        if (reference(&q, &solved, &rep) > REF_PASS_LIMIT || rep.status != IK_REACHED)
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

/* Finite joints, the root where it was, every bone its rest length - over
 * all cases, in that order, so the most specific mistake is the one named. */
static int expect_sound(const ccd_request *rq, const ccd_response *rs, int n)
{
    for (int c = 0; c < n; c++)
        for (int i = 0; i < rq[c].chain.joint_count; i++)
            if (!v3_is_finite(rs[c].chain.joints[i])) {
                check_fail(DIAG_NONE, given_text(&rq[c]),
                           "ทุก joint เป็นจำนวนจริง (finite) — ไม่มี NaN ไม่มี inf",
                           fmt("joints[%d] = %s — มีการหารด้วยศูนย์ (normalize เวกเตอร์ยาว 0 หรือ acos นอก "
                               "[-1, 1]) ที่ไหนสักแห่ง?", i, fmt_v3(rs[c].chain.joints[i])));
                return 0;
            }
    for (int c = 0; c < n; c++) {
        float reach = ik_chain_reach(&rq[c].chain);
        float moved = v3_distance(rs[c].chain.joints[0], rq[c].chain.joints[0]);
        if (!(moved <= ROOT_TOL_REL * reach)) {
            check_fail(DIAG_ROOT_DRIFT, given_text(&rq[c]),
                       fmt("joints[0] (root) อยู่ที่เดิม %s", fmt_v3(rq[c].chain.joints[0])),
                       fmt("joints[0] ย้ายไปที่ %s (ห่างจากเดิม %g)", fmt_v3(rs[c].chain.joints[0]), moved));
            return 0;
        }
    }
    for (int c = 0; c < n; c++)
        for (int i = 0; i + 1 < rq[c].chain.joint_count; i++) {
            float rest = v3_distance(rq[c].chain.joints[i], rq[c].chain.joints[i + 1]);
            float now = v3_distance(rs[c].chain.joints[i], rs[c].chain.joints[i + 1]);
            if (!(fabsf(now - rest) <= LENGTH_TOL_REL * rest)) {
                check_fail(DIAG_BONE_LENGTH, given_text(&rq[c]),
                           fmt("bone %d (joints[%d] → joints[%d]) ยาว %.6g เท่าเดิม (rest length)", i, i, i + 1, rest),
                           fmt("bone %d ยาว %.6g (เปลี่ยนไป %.3g%%)", i, now, 100.0 * (now - rest) / rest));
                return 0;
            }
        }
    return 1;
}

/* The report must describe what happened to the returned chain: the
 * return value is the pass count, errors recorded for exactly those
 * passes, the first and last of them measured on the right chain. */
static int expect_report(const ccd_request *rq, const ccd_response *rs)
{
    const ik_report *rep = &rs->report;
    float tol = REPORT_TOL_REL * ik_chain_reach(&rq->chain);
    const char *given = given_text(rq);
    if (rep->passes < 0 || rep->passes > rq->settings.max_passes) {
        check_fail(DIAG_NONE, given, fmt("report->passes อยู่ในช่วง 0..max_passes (%d)", rq->settings.max_passes),
                   fmt("report->passes = %d", rep->passes));
        return 0;
    }
    if (rs->returned != rep->passes) {
        check_fail(DIAG_NONE, given, fmt("ccd_solve คืนจำนวน passes ที่ทำ (report->passes = %d)", rep->passes),
                   fmt("คืน %d", rs->returned));
        return 0;
    }
    float initial = v3_distance(ik_chain_tip(&rq->chain), rq->target);
    if (!(fabsf(rep->initial_error - initial) <= tol)) {
        check_fail(DIAG_NONE, given, fmt("report->initial_error = |tip − target| ก่อน pass แรก = %g", initial),
                   rep->initial_error == CCD_SENTINEL ? "initial_error ไม่ถูกเขียน"
                                                      : fmt("initial_error = %g", rep->initial_error));
        return 0;
    }
    for (int k = 0; k < rep->passes; k++)
        if (!(rep->tip_error[k] >= 0.0f) || !isfinite(rep->tip_error[k])) {
            check_fail(DIAG_NONE, given,
                       fmt("tip_error[0..%d] บันทึก |tip − target| หลังแต่ละ pass (passes = %d)", rep->passes - 1,
                           rep->passes),
                       rep->tip_error[k] == CCD_SENTINEL ? fmt("tip_error[%d] ไม่ถูกเขียน", k)
                                                         : fmt("tip_error[%d] = %g", k, rep->tip_error[k]));
            return 0;
        }
    for (int k = rep->passes; k < IK_MAX_PASSES; k++)
        if (rep->tip_error[k] != CCD_SENTINEL && rep->tip_error[k] != 0.0f) {
            check_fail(DIAG_NONE, given,
                       fmt("บันทึก tip_error เท่าจำนวน passes ที่ทำจริง (%d ค่า: tip_error[pass − 1])", rep->passes),
                       fmt("tip_error[%d] = %g ถูกเขียนด้วย ทั้งที่ passes = %d — นับ passes หรือ index ผิดไปหนึ่ง?", k,
                           rep->tip_error[k], rep->passes));
            return 0;
        }
    float final = v3_distance(ik_chain_tip(&rs->chain), rq->target);
    if (rep->passes > 0 && !(fabsf(rep->tip_error[rep->passes - 1] - final) <= tol)) {
        check_fail(DIAG_NONE, given,
                   fmt("tip_error[passes − 1] = ระยะ |tip − target| ของ chain ที่คืนมา = %g", final),
                   fmt("tip_error[%d] = %g", rep->passes - 1, rep->tip_error[rep->passes - 1]));
        return 0;
    }
    return 1;
}

static int expect_status(const ccd_request *rq, const ccd_response *rs, ik_status want, const char *why)
{
    if ((int)rs->report.status == (int)want)
        return 1;
    check_fail(DIAG_NONE, given_text(rq), fmt("report->status = %s (%s)", status_name((int)want), why),
               fmt("report->status = %s, passes = %d, |tip − target| = %g", status_name((int)rs->report.status),
                   rs->report.passes, v3_distance(ik_chain_tip(&rs->chain), rq->target)));
    return 0;
}

static int expect_tip_on_target(const ccd_request *rq, const ccd_response *rs)
{
    float error = v3_distance(ik_chain_tip(&rs->chain), rq->target);
    if (error < rq->settings.tolerance)
        return 1;
    check_fail(DIAG_NONE, given_text(rq),
               fmt("ปลาย (tip) ห่าง target น้อยกว่า tolerance %g ภายใน %d passes", rq->settings.tolerance,
                   rq->settings.max_passes),
               fmt("tip ที่ %s ห่าง target %g หลัง %d passes", fmt_v3(ik_chain_tip(&rs->chain)), error,
                   rs->report.passes));
    return 0;
}

/* ---- the checks -------------------------------------------------------- */

#define REACH_CASES 100 /* per bone count */

static void reaches_targets(void)
{
    static const int BONES[] = {3, 5};
    enum { N = 2 * REACH_CASES };
    static ccd_request rq[N];
    static ccd_response rs[N];
    rng r = rng_for("reaches_targets");
    int n = 0;
    for (int b = 0; b < 2; b++)
        for (int c = 0; c < REACH_CASES; c++)
            rq[n++] = reachable_case(&r, BONES[b]);
    if (!CHECK_CALL(OP_CCD_SOLVE, rq, N, rs, describe) || !expect_sound(rq, rs, N))
        return;
    for (int c = 0; c < N; c++)
        if (!expect_tip_on_target(&rq[c], &rs[c]) ||
            !expect_status(&rq[c], &rs[c], IK_REACHED, "tip อยู่ภายใน tolerance") ||
            !expect_report(&rq[c], &rs[c]))
            return;
}

#define FAR_CASES 64

static void unreachable_target(void)
{
    /* Beyond reach CCD never gets within tolerance: it runs every pass,
     * and each pass ends with the root's turn, which aims the chain at the
     * target; pass after pass the chain straightens toward it. */
    static ccd_request rq[FAR_CASES];
    static ccd_response rs[FAR_CASES];
    rng r = rng_for("unreachable_target");
    for (int c = 0; c < FAR_CASES; c++) {
        for (;;) {
            memset(&rq[c], 0, sizeof rq[c]);
            rq[c].chain = bent_chain(&r, c < FAR_CASES / 2 ? 3 : 5, rng_float(&r, 0.5f, 2.0f), 0.4f);
            float reach = ik_chain_reach(&rq[c].chain);
            vec3 root = rq[c].chain.joints[0];
            rq[c].target = v3_add(root, v3_scale(rng_unit_v3(&r), reach * rng_float(&r, 1.2f, 3.0f)));
            rq[c].settings = settings_for(&rq[c].chain, IK_MAX_PASSES);
            /* not already aimed: the untouched chain must fail the aim */
            if (angle_between(v3_sub(ik_chain_tip(&rq[c].chain), root), v3_sub(rq[c].target, root)) > 0.1)
                break;
        }
    }
    if (!CHECK_CALL(OP_CCD_SOLVE, rq, FAR_CASES, rs, describe) || !expect_sound(rq, rs, FAR_CASES))
        return;
    for (int c = 0; c < FAR_CASES; c++) {
        vec3 root = rq[c].chain.joints[0];
        vec3 along = v3_sub(ik_chain_tip(&rs[c].chain), root);
        double aim = angle_between(along, v3_sub(rq[c].target, root));
        if (!(aim < AIM_TOL_RAD)) {
            check_fail(DIAG_NONE, given_text(&rq[c]),
                       "chain ชี้ไปทาง target: มุมระหว่าง (tip − root) กับ (target − root) < 0.001 rad",
                       fmt("มุม %.4g rad (%.2f°)", aim, aim * IK_RAD_TO_DEG));
            return;
        }
        float reach = ik_chain_reach(&rq[c].chain);
        float span = v3_length(along);
        if (!(span >= STRAIGHT_MIN * reach)) {
            check_fail(DIAG_NONE, given_text(&rq[c]),
                       fmt("หลัง %d passes chain เกือบเหยียดตรง: |tip − root| ≥ 0.99 × reach (%g)",
                           rq[c].settings.max_passes, reach),
                       fmt("|tip − root| = %g (%.3f × reach)", span, span / reach));
            return;
        }
        if (!expect_status(&rq[c], &rs[c], IK_UNREACHABLE, "target ไกลกว่า reach") ||
            !expect_report(&rq[c], &rs[c]))
            return;
        if (rs[c].report.passes != rq[c].settings.max_passes) {
            check_fail(DIAG_NONE, given_text(&rq[c]),
                       fmt("ทำครบ max_passes = %d passes (ไม่มีทางเข้าใกล้กว่า tolerance)", rq[c].settings.max_passes),
                       fmt("passes = %d", rs[c].report.passes));
            return;
        }
    }
}

#define ON_JOINT_CHAINS 5

static void target_on_joint(void)
{
    /* The target exactly on a joint of the chain, each joint in turn: the
     * pivot CCD turns about can be the target itself (a zero vector to aim
     * at), and for the tip the answer is "already there, 0 passes". Bones
     * 0.7..1 long, so even the root is reachable (the longest bone is
     * shorter than the others together). The reference reaches all 50k
     * such targets (seeds 1..200) in at most 40 passes, so the redraw
     * below is only a guard. */
    enum { MAX_CASES = ON_JOINT_CHAINS * 6 };
    static ccd_request rq[MAX_CASES];
    static ccd_response rs[MAX_CASES];
    rng r = rng_for("target_on_joint");
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
                rq[n].settings = settings_for(&chain, IK_MAX_PASSES);
                ik_chain solved;
                static ik_report rep;
                if (reference(&rq[n], &solved, &rep) > REF_PASS_LIMIT || rep.status != IK_REACHED)
                    break;
                n++;
            }
            if (n - kept == chain.joint_count)
                break;
            n = kept; /* the reference needed too long on some joint: draw another chain */
        }
    }
    if (!CHECK_CALL(OP_CCD_SOLVE, rq, (size_t)n, rs, describe) || !expect_sound(rq, rs, n))
        return;
    for (int c = 0; c < n; c++)
        if (!expect_tip_on_target(&rq[c], &rs[c]) ||
            !expect_status(&rq[c], &rs[c], IK_REACHED, "tip อยู่ภายใน tolerance") ||
            !expect_report(&rq[c], &rs[c]))
            return;
}

static void error_record(void)
{
    /* One bent chain, four questions about the report:
     *   0 - an ordinary reachable target (the reference: IK_REACHED in 3);
     *   1 - the same with max_passes 2 and tolerance 1e-6: IK_NOT_REACHED,
     *       both passes recorded (the reference is at 0.03 after pass 2);
     *   2 - the target already within tolerance: 0 passes, IK_REACHED;
     *   3 - a target beyond reach, max_passes 5: IK_UNREACHABLE, 5 passes.
     * Expected status and (for 1-3) pass count come from the reference. */
    enum { N = 4 };
    static ccd_request rq[N];
    static ccd_response rs[N];
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
        rq[c].settings = settings_for(&chain, IK_MAX_PASSES);
    }
    rq[0].target = v3(0.9f, 0.2f, 0.6f);
    rq[1].target = rq[0].target;
    rq[1].settings.max_passes = 2;
    rq[1].settings.tolerance = 1e-6f;
    rq[2].target = v3_add(ik_chain_tip(&chain), v3(0.0f, 0.0f, 0.5f * rq[2].settings.tolerance));
    rq[3].target = v3(4.0f, 3.0f, -1.0f);
    rq[3].settings.max_passes = 5;
    if (!CHECK_CALL(OP_CCD_SOLVE, rq, N, rs, describe) || !expect_sound(rq, rs, N))
        return;
    static const char *const WHY[N] = {"target เอื้อมถึง", "max_passes หมดก่อนถึง tolerance",
                                       "tip อยู่ภายใน tolerance ตั้งแต่แรก", "target ไกลกว่า reach"};
    for (int c = 0; c < N; c++) {
        ik_chain solved;
        static ik_report want;
        int want_passes = reference(&rq[c], &solved, &want);
        if (!expect_status(&rq[c], &rs[c], want.status, WHY[c]) || !expect_report(&rq[c], &rs[c]))
            return;
        if (c > 0 && rs[c].report.passes != want_passes) {
            check_fail(DIAG_NONE, given_text(&rq[c]), fmt("passes = %d (%s)", want_passes, WHY[c]),
                       fmt("passes = %d", rs[c].report.passes));
            return;
        }
    }
}

static void invalid_input(void)
{
    /* Each request breaks one rule of ik_validate. The answer is -1,
     * IK_INVALID_INPUT, passes 0, and the chain exactly as it was. */
    static const char *const WHAT[] = {
        "bone ยาว 0 (joints[1] == joints[2])", "target เป็น NaN", "joint_count = 1", "joint_count = 33",
        "joint_count = 0", "max_passes = 0", "max_passes = 257", "tolerance = 0", "tolerance เป็น NaN",
        "joints[2] เป็น inf", "chain เป็น NULL", "settings เป็น NULL", "report เป็น NULL",
    };
    enum { N = sizeof WHAT / sizeof WHAT[0] };
    static ccd_request rq[N];
    static ccd_response rs[N];
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
    if (!CHECK_CALL(OP_CCD_SOLVE, rq, N, rs, describe))
        return;
    for (int c = 0; c < N; c++) {
        char given[1200];
        snprintf(given, sizeof given, "%s — %s", WHAT[c], given_text(&rq[c]));
        if (rs[c].returned != -1) {
            check_fail(DIAG_NONE, given, "ccd_solve คืน -1 (ตรวจด้วย ik_validate ก่อนคำนวณ)",
                       fmt("คืน %d", rs[c].returned));
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
            check_fail(DIAG_NONE, given, "chain ไม่ถูกแตะเลย (ปฏิเสธก่อนคำนวณ — validate before any math)",
                       i < IK_CHAIN_MAX_JOINTS
                           ? fmt("joints[%d] ถูกเขียนเป็น %s", i, fmt_v3(rs[c].chain.joints[i]))
                           : fmt("joint_count ถูกเปลี่ยนเป็น %d", rs[c].chain.joint_count));
            return;
        }
    }
}

DEFINE_SUITE(CCD,
    {"reaches_targets", "chain งอสุ่ม 3 และ 5 bone: tip ถึง target ภายใน 256 passes, root อยู่กับที่, bone ยาวเท่าเดิม", reaches_targets},
    {"unreachable_target", "target ไกลเกิน reach (3 และ 5 bone): chain ชี้ไปหา target เกือบเหยียดตรง, status IK_UNREACHABLE", unreachable_target},
    {"target_on_joint", "target ตรงกับ joint ของ chain พอดี: ไม่มี NaN ไม่หารด้วยศูนย์ และยังถึง target", target_on_joint},
    {"error_record", "report: passes, initial_error, tip_error[] และ status ตรงกับสิ่งที่เกิดขึ้นจริง", error_record},
    {"invalid_input", "input ผิด (bone ยาว 0, NaN, joint_count/max_passes นอกช่วง, NULL): คืน -1 และไม่แตะ chain", invalid_input})
