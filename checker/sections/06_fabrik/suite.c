/* 06 FABRIK: the checks (trusted side).
 *
 * The five checks are the ones every ik_chain solver gets
 * (sections/ik_chain_checks.c); this file says what is FABRIK's own: the
 * pass limits, the chain sizes, and its answer to a target beyond reach.
 *
 * Measured on the reference over seeds 1..200 (the figures quoted below):
 * 419k reachable cases, 38.4k unreachable, 50k targets on a joint.
 */
#include "fabrik.h"
#include "check.h"
#include "messages.h"
#include "sections.h"
#include "sections/06_fabrik/ops.h"

/* The pass limit handed to the solver, and the cases kept: only those the
 * reference reaches in REF_PASS_LIMIT passes, so a solution whose rounding
 * takes a slightly different path has 4x the room. Measured before the
 * filter (tolerance 1e-3 * reach, target up to 0.75 * reach):
 *   10 bones: median 1, p99 3, p99.9 6, worst 46 passes;
 *    5 bones: median 1, p99 8, p99.9 24, worst 138;
 *    3 bones: median 2, p99 35, p99.9 121, and some never reach - FABRIK
 *             crawls when 3 bones must fold toward a target near the root
 *             (8% of targets at 0.2..0.3 * reach need more than 16 passes).
 * The filter drops 1.1% of the drawn cases. */
#define SOLVE_PASSES 64
#define REF_PASS_LIMIT 16
/* Unreachable target: the chain laid straight toward it. Measured worst:
 * aim 1.7e-7 rad, a joint 1.8e-7 * reach off the ray, |tip - root| off the
 * reach by 2.7e-7 * reach. */
#define STRAIGHT_TOL_REL 1e-4f

/* Beyond reach FABRIK skips the sweeps: one pass lays the chain straight
 * from the root toward the target, each joint at the sum of the rest
 * lengths before it. */
static int far_straight(const ik_chain_request *rq, const ik_chain_response *rs)
{
    vec3 root = rq->chain.joints[0];
    vec3 along = v3_sub(ik_chain_answer_tip(rq, rs), root);
    float reach = ik_chain_reach(&rq->chain);
    float tol = STRAIGHT_TOL_REL * reach;
    vec3 dir = v3_normalize(v3_sub(rq->target, root));
    for (int i = 1; i < rq->chain.joint_count; i++) {
        vec3 offset = v3_sub(rs->chain.joints[i], root);
        float off_ray = v3_length(v3_cross(offset, dir));
        if (!(off_ray <= tol) || !(v3_dot(offset, dir) > 0.0f)) {
            check_fail(DIAG_NONE, ik_chain_given_text(rq),
                       T(MSG_FAB_STRAIGHT_ON_LINE),
                       fmt(T(MSG_FAB_JOINT_OFF_LINE), i, fmt_v3(rs->chain.joints[i]), off_ray));
            return 0;
        }
    }
    float span = v3_length(along);
    if (!(fabsf(span - reach) <= tol)) {
        check_fail(DIAG_NONE, ik_chain_given_text(rq),
                   fmt(T(MSG_FAB_STRAIGHT_REACH), reach),
                   fmt("|tip − root| = %g (%.4f × reach)", span, span / reach));
        return 0;
    }
    return 1;
}

static int far_passes(const ik_chain_request *rq, const ik_chain_response *rs)
{
    if (rs->report.passes != 1) {
        check_fail(DIAG_NONE, ik_chain_given_text(rq),
                   T(MSG_FAB_ONE_PASS),
                   fmt("passes = %d", rs->report.passes));
        return 0;
    }
    return 1;
}

/* ---- the mistakes only a FABRIK makes ---------------------------------- */

/* A pass with the sweeps swapped: forward (root back in place, walk to the
 * tip) first, then backward (tip onto the target, walk to the root). The
 * reference's float steps; the cases pass_by_pass keeps never have two
 * points coincide, so the fallback is only a guard. */
static void fabrik_forward_first(ik_chain *c, vec3 target)
{
    float rest[IK_CHAIN_MAX_JOINTS - 1];
    ik_chain_rest_lengths(c, rest);
    const int tip = c->joint_count - 1;
    for (int i = 0; i < tip; i++)
        c->joints[i + 1] = v3_add(c->joints[i], v3_scale(v3_normalize_or(v3_sub(c->joints[i + 1], c->joints[i]), v3_up()), rest[i]));
    c->joints[tip] = target;
    for (int i = tip - 1; i >= 0; i--)
        c->joints[i] = v3_add(c->joints[i + 1], v3_scale(v3_normalize_or(v3_sub(c->joints[i], c->joints[i + 1]), v3_up()), rest[i]));
}

static int explain_pass(const ik_chain_request *rq, const ik_chain *got, float tol, const char **why)
{
    int worst;
    ik_chain model = rq->chain;
    fabrik_forward_first(&model, rq->target);
    if (ik_chain_pose_gap(&model, got, rq->chain.joint_count, &worst) <= tol) {
        *why = T(MSG_FAB_WHY_SWEEP_MODEL);
        return DIAG_FABRIK_BACKWARD_LAST;
    }
    return DIAG_NONE;
}

/* The root moved. Cause before effect: if the tip is on the target to
 * rounding (SNAP_REL; any backward sweep starts with tip = target, so a
 * pass that ends on it leaves the tip there bit for bit) and every bone
 * kept its rest length, the pass ended on the backward sweep: the root
 * reset the student may well have written never had the last word. A
 * forward sweep without the root reset (root_drift) leaves the tip off by
 * about as much as the root moved, more than ROOT_TOL_REL * reach. */
#define SNAP_REL 1e-6f
#define SWEEP_LENGTH_TOL_REL 1e-4f
static int explain_root(const ik_chain_request *rq, const ik_chain_response *rs, const char **why)
{
    float reach = ik_chain_reach(&rq->chain);
    if (!(v3_distance(ik_chain_answer_tip(rq, rs), rq->target) <= SNAP_REL * reach))
        return DIAG_NONE;
    for (int i = 0; i + 1 < rq->chain.joint_count; i++) {
        float rest = v3_distance(rq->chain.joints[i], rq->chain.joints[i + 1]);
        float now = v3_distance(rs->chain.joints[i], rs->chain.joints[i + 1]);
        if (!(fabsf(now - rest) <= SWEEP_LENGTH_TOL_REL * rest))
            return DIAG_NONE;
    }
    *why = T(MSG_FAB_WHY_BACKWARD_LAST);
    return DIAG_FABRIK_BACKWARD_LAST;
}

/* The chapter's FabrikSolver.Solve as written for Unity, whose
 * Vector3.Lerp clamps t into [0, 1]: where two joints are nearer than
 * their bone, lambda = length / r > 1 is cut to 1 and the joint stays put,
 * so bones only ever shrink. */
static vec3 lerp_clamped(vec3 a, vec3 b, float t)
{
    return v3_lerp(a, b, t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t);
}

static void fabrik_chapter_clamped(ik_chain *c, vec3 target, const ik_settings *settings)
{
    float rest[IK_CHAIN_MAX_JOINTS - 1], total = 0.0f;
    ik_chain_rest_lengths(c, rest);
    const int tip = c->joint_count - 1;
    for (int i = 0; i < tip; i++)
        total += rest[i];
    const vec3 rootPos = c->joints[0]; /* the listing's names */
    if (v3_distance(rootPos, target) > total) {
        for (int i = 0; i < tip; i++)
            c->joints[i + 1] = lerp_clamped(c->joints[i], target, rest[i] / v3_distance(target, c->joints[i]));
        return;
    }
    for (int pass = 0; pass < settings->max_passes; pass++) {
        if (v3_distance(c->joints[tip], target) < settings->tolerance)
            break;
        c->joints[tip] = target;
        for (int i = tip - 1; i >= 0; i--)
            c->joints[i] = lerp_clamped(c->joints[i + 1], c->joints[i], rest[i] / v3_distance(c->joints[i + 1], c->joints[i]));
        c->joints[0] = rootPos;
        for (int i = 0; i < tip; i++)
            c->joints[i + 1] = lerp_clamped(c->joints[i], c->joints[i + 1], rest[i] / v3_distance(c->joints[i + 1], c->joints[i]));
    }
}

/* A bone off its length: named lerp_clamped only when the whole pose is
 * the clamped chapter's, to 1e-4 of the reach. */
static int explain_length(const ik_chain_request *rq, const ik_chain_response *rs, int bone, const char **why)
{
    (void)bone;
    int worst;
    ik_chain model = rq->chain;
    fabrik_chapter_clamped(&model, rq->target, &rq->settings);
    if (ik_chain_pose_gap(&model, &rs->chain, rq->chain.joint_count, &worst) <= 1e-4f * ik_chain_reach(&rq->chain)) {
        *why = T(MSG_FAB_WHY_LERP_CLAMPED);
        return DIAG_LERP_CLAMPED;
    }
    return DIAG_NONE;
}

static const ik_chain_spec FABRIK_SPEC = {
    .op = OP_FABRIK_SOLVE,
    .solve_name = "fabrik_solve",
    .reference = fabrik_solve,
    .solve_passes = SOLVE_PASSES,
    .ref_pass_limit = REF_PASS_LIMIT,
    .bones = {3, 5, 10, IK_CHAIN_MAX_JOINTS - 1},
    .far_cases_per_size = 20,
    .expect_far_straight = far_straight,
    .expect_far_passes = far_passes,
    /* error_record on its fixed chain, as the reference answers it:
     *   0 - IK_REACHED in 1 pass;
     *   1 - max_passes 1, tolerance 1e-6: IK_NOT_REACHED, one pass
     *       recorded (the reference is at 4.8e-4 after pass 1, but already
     *       at 6e-7 after pass 2, too close to call);
     *   2 - already within tolerance: 0 passes, IK_REACHED;
     *   3 - beyond reach: IK_UNREACHABLE in 1 pass. */
    .short_passes = 1,
    .far_passes = SOLVE_PASSES,
    .explain_pass = explain_pass,
    .explain_root = explain_root,
    .explain_length = explain_length,
};

/* target_on_joint: the backward sweep puts the tip onto a joint, so two
 * points of a sweep coincide (a zero vector to normalize). The reference
 * reaches all 50k such targets (seeds 1..200), 0.9% of them in more than
 * 16 passes, worst 55: those chains are drawn again. */
static void reaches_targets(void) { ik_chain_reaches_targets(&FABRIK_SPEC); }
static void unreachable_target(void) { ik_chain_unreachable_target(&FABRIK_SPEC); }
static void target_on_joint(void) { ik_chain_target_on_joint(&FABRIK_SPEC); }
static void error_record(void) { ik_chain_error_record(&FABRIK_SPEC); }
static void invalid_input(void) { ik_chain_invalid_input(&FABRIK_SPEC); }
static void pass_by_pass(void) { ik_chain_pass_by_pass(&FABRIK_SPEC); }

void FABRIK_FIGURE(void) { ik_chain_figure(&FABRIK_SPEC, "06_fabrik"); }

DEFINE_SUITE(FABRIK,
    {"reaches_targets", "chain งอสุ่ม 3, 5, 10 และ 31 bone: tip ถึง target ภายใน 64 passes, root อยู่กับที่, bone ยาวเท่าเดิม", "random bent chains of 3, 5, 10 and 31 bones: tip reaches target within 64 passes, root stays, bone lengths kept", reaches_targets, CHECK_RANDOM},
    {"unreachable_target", "target ไกลเกิน reach: chain เหยียดตรงชี้ไปหา target ใน pass เดียว, status IK_UNREACHABLE", "target beyond reach: chain straight toward target in one pass, status IK_UNREACHABLE", unreachable_target, CHECK_RANDOM},
    {"target_on_joint", "target ตรงกับ joint ของ chain พอดี: ไม่มี NaN ไม่หารด้วยศูนย์ และยังถึง target", "target exactly on a chain joint: no NaN, no division by zero, and the target is still reached", target_on_joint, CHECK_RANDOM},
    {"error_record", "report: passes, initial_error, tip_error[] และ status ตรงกับสิ่งที่เกิดขึ้นจริง", "report: passes, initial_error, tip_error[] and status match what actually happened", error_record, CHECK_FIXED},
    {"invalid_input", "input ผิด (bone ยาว 0, NaN, joint_count/max_passes นอกช่วง, NULL): คืน -1 และไม่แตะ chain", "bad input (zero-length bone, NaN, joint_count/max_passes out of range, NULL): returns -1, chain untouched", invalid_input, CHECK_FIXED},
    {"pass_by_pass", "pose หลัง pass 1 และ 2 ตรงกับ FABRIK ตามบท (backward sweep แล้ว forward sweep) ทั้ง chain 3, 5, 10 และ 31 bone", "pose after pass 1 and 2 matches the chapter's FABRIK (backward sweep, then forward), chains of 3, 5, 10 and 31 bones", pass_by_pass, CHECK_RANDOM})
