/* 08 look-at and aim IK: the checks (trusted side).
 *
 * One bone aimed with LookRotation + Slerp (weight 0 is the animation,
 * weight 1 faces the target with no roll, the angle shrinks steadily in
 * between, targets behind or on the bone stay finite and upright), a
 * look-at spread over a chain, and a hand reaching a wall point whose
 * weight eases in and out with distance. Every answer is also compared
 * with the reference linked into the checker. The arm is solved by the
 * REFERENCE two_bone_solve in the runner. One mistake is named: an arm
 * that changed length (bone_length), e.g. a hand snapped onto a point it
 * cannot reach. */
#include "aim_ik.h"
#include "check.h"
#include "messages.h"
#include "picture.h"
#include "sections.h"
#include "sections/08_aim_ik/ops.h"
#include "sections/limb_shape.h"
#include "two_bone.h"

#include <stdio.h>
#include <string.h>

/* ---- tolerances ---------------------------------------------------------
 *
 * Measured with a harness that replays every generator below over 200
 * seeds: the reference against the properties checked, and two other
 * correct implementations against the reference - (A) the look rotation
 * built from yaw and pitch angles (atan2, asin), Slerp written as
 * a * (a^-1 b)^t through an axis and an angle, children carried as
 * after * (before^-1 * child); (B) the contract's quat_look_rotation and
 * quat_slerp with A's way of carrying children.
 *
 * +Z on the target at weight 1: reference 4.7e-7 rad, A 9.0e-6 rad (asin
 * near the vertical). 1e-4 rad (0.006 deg) is 11x A; aiming from the
 * wrong point or at the wrong target is off by degrees. */
#define AXIS_TOL 1e-4f
/* One bone's rotation against the reference, any weight: A 9.0e-6 rad,
 * B 8.4e-8 rad (1.6e-6 rad for A near a half turn). 1e-4 rad; a weight
 * applied twice, the long arc, a lerp for the slerp or FromToRotation's
 * roll are degrees off. */
#define ROT_TOL 1e-4f
/* A chain's rotations: each bone aims from where its parents left it, and
 * a look direction close to the vertical turns the parents' rounding
 * (1.6e-6 m in a joint) into a larger roll: A 2.8e-5 rad, B 1.9e-5 rad.
 * 3e-4 rad (0.017 deg), 10x that; a bone not carried or carried the wrong
 * way is degrees off. */
#define CHAIN_ROT_TOL 3e-4f
/* +X level at weight 1 (no roll): sin of the roll, reference 1.8e-7, A
 * 3.9e-7. 1e-4 (0.006 deg); a FromToRotation aim keeps the animation's
 * roll, degrees here. */
#define LEVEL_TOL 1e-4f
/* Joint positions of a chain (offsets up to 0.5 m turned about joints up
 * to 4 m from the origin): A and B within 2.1e-6 m. 3e-5 m. */
#define POS_TOL 3e-5f
/* Distances between joints kept while the chain turns: 9.1e-7 m measured
 * for the reference. 1e-5 m; turning a child about the origin instead of
 * its parent's joint changes them by centimetres. */
#define LEN_TOL 1e-5f
/* The smooth-step weight: 1 - t^2 (3 - 2t) and 1 - 3t^2 + 2t^3 differ by
 * up to 3.6e-7. 1e-5; a linear ramp instead is 0.1 off mid-way. */
#define WEIGHT_TOL 1e-5f
/* The arm, as section 03: the tip within 1e-4 of the reach of a reachable
 * goal (measured 2.1e-7), lengths within 1e-4 relative (measured 1.1e-5:
 * the reference solver near full reach, where the wall point often is). */
#define TIP_TOL 1e-4f
#define ARM_LEN_TOL 1e-4f
/* Weight 0 leaves the arm as animated: the reference copies it; an arm
 * solved anyway toward its own hand (the checker's animated elbows bend
 * toward their poles) lands within 2.9e-7 m. 1e-5 m. */
#define ANIM_TOL 1e-5f

/* ---- describing cases ------------------------------------------------- */

static const char *fmt_q(quat q) { return fmt("(%.4f, %.4f, %.4f, %.4f)", q.x, q.y, q.z, q.w); }

/* What comes back from the runner is the student's process writing into
 * the response: any bytes at all. No answer of this section carries a
 * count or an index (how many bones, which slots: always the request's,
 * and every array is LOOK_MAX_BONES long). Its one enum, status, is only
 * compared with the status expected and printed through status_name,
 * which names a value outside aim_status "no such value" and never looks
 * anything up with it. Every float is tested as !(x <= tol) or after
 * unit_and_finite, so NaN fails as a wrong answer, and a rotation with
 * NaN (or never written, or not unit) is named as such before any angle
 * is measured from it. */
static const char *status_name(int s)
{
    return (s >= AIM_OK && s <= AIM_INVALID) ? fmt("%d (%s)", s, aim_status_text((aim_status)s))
                                             : fmt(T(MSG_AIM_NO_SUCH_VALUE), s);
}

static const char *written(quat q, const char *name)
{
    return q.x == AIM_SENTINEL ? fmt(T(MSG_AIM_NOT_WRITTEN), name, AIM_SENTINEL)
                               : fmt("%s = %s", name, fmt_q(q));
}

/* ---- the picture of a failing case (checker/picture.h) ------------------
 *
 * aim_bone: in the plane through the bone of its animated facing (+Z) and
 * the target: the animated facing (grey), the reference's facing and
 * yours, each as long as the way to the target, and short +Y (up) marks.
 * look_at_solve: the chain (spine, neck, head) as given, the reference's
 * and yours, each head's facing toward the target. wall_reach_solve: the
 * arm in the plane of shoulder, goal and pole (picture_limb), the
 * animated arm and the wall point. The fail_* functions are handed only
 * the request: each check remembers where its requests and the student's
 * answers are (PICTURE_REMEMBER) and a failing request finds its answer by index. */

/* A unit vector square to `axis`, toward `hint` where it can. */
static vec3 square_toward(vec3 axis, vec3 hint)
{
    vec3 h = v3_sub(hint, v3_scale(axis, v3_dot(hint, axis)));
    if (v3_length(h) > 1e-5f)
        return v3_normalize(h);
    vec3 any = fabsf(axis.y) < 0.9f ? v3_up() : v3_right();
    return v3_normalize(v3_sub(any, v3_scale(axis, v3_dot(any, axis))));
}

static void facing_ray(const char *block, const char *mark, vec3 at, quat q, float len)
{
    if (!quat_is_finite(q) || !(sqrtf(quat_dot(q, q)) > 1e-3f))
        return;
    q = quat_normalize(q);
    picture_points(block, (vec3[]){at, v3_add(at, v3_scale(quat_rotate(q, v3_forward()), len))}, 2);
    if (mark)
        picture_points(mark, (vec3[]){at, v3_add(at, v3_scale(quat_rotate(q, v3_up()), 0.25f * len))}, 2);
}

static void aim_picture(const aim_bone_request *rq)
{
    int i = picture_answer_index(rq, sizeof *rq);
    if (i < 0 || rq->null_out || !v3_is_finite(rq->position) || !v3_is_finite(rq->target) ||
        !quat_is_finite(rq->animated) || !isfinite(rq->weight))
        return;
    const aim_bone_response *rs = (const aim_bone_response *)picture_answers() + i;
    quat want;
    if (aim_bone(rq->position, rq->animated, rq->target, rq->weight, &want) != AIM_OK || !picture_case("aim"))
        return;
    vec3 facing = quat_rotate(quat_normalize(rq->animated), v3_forward());
    picture_plane(rq->position, facing, square_toward(facing, v3_sub(rq->target, rq->position)));
    float len = v3_distance(rq->target, rq->position);
    len = len > 1e-3f && len < 1e3f ? len : 1.0f;
    facing_ray("given", NULL, rq->position, rq->animated, len);
    facing_ray("ref", "refmark", rq->position, want, len);
    facing_ray("student", "studentmark", rq->position, rs->out, len);
    picture_points("target", &rq->target, 1);
    float x, y;
    picture_project(rq->position, &x, &y);
    picture_label("givenlab", x, y, "bone");
    vec3 w = v3_add(rq->position, v3_scale(quat_rotate(quat_normalize(want), v3_forward()), len));
    picture_project(w, &x, &y);
    picture_label("reflab", x, y, picture_tr("+Z ที่ควรเป็น (should face)", "should face"));
    if (quat_is_finite(rs->out) && sqrtf(quat_dot(rs->out, rs->out)) > 1e-3f) {
        vec3 g = v3_add(rq->position, v3_scale(quat_rotate(quat_normalize(rs->out), v3_forward()), len));
        picture_project(g, &x, &y);
        picture_label("studentlab", x, y, picture_tr("+Z ของคุณ (yours)", "your +Z"));
    }
    picture_text("case_text", fmt("aim_bone, weight %g", (double)rq->weight));
    picture_text("student_text", picture_tr("เส้นยาว = +Z (facing), เส้นสั้น = +Y (up); มองในระนาบของ +Z เดิมกับเป้าหมาย",
                                            "long = +Z (facing), short = +Y (up); in the plane of the animated +Z and the target"));
}

static void look_picture(const look_at_request *rq)
{
    int i = picture_answer_index(rq, sizeof *rq);
    const look_at_input *in = &rq->in;
    if (i < 0 || rq->null_in || rq->null_out || in->bone_count < 1 || in->bone_count > LOOK_MAX_BONES ||
        !v3_is_finite(in->target))
        return;
    const look_at_response *rs = (const look_at_response *)picture_answers() + i;
    static look_at_pose want;
    if (look_at_solve(in, &want) != AIM_OK || !picture_case("aim"))
        return;
    int n = in->bone_count;
    vec3 base = in->bones[0].position, given[LOOK_MAX_BONES];
    for (int k = 0; k < n; k++)
        given[k] = in->bones[k].position;
    vec3 up = v3_sub(given[n - 1], base);
    vec3 x = v3_sub(in->target, base);
    x = v3_length(x) > 1e-5f ? v3_normalize(x) : v3_forward();
    picture_plane(base, x, square_toward(x, v3_length(up) > 1e-5f ? up : v3_up()));
    float len = fmaxf(0.3f, 0.5f * v3_distance(in->target, given[n - 1]));
    if (!(len < 1e3f))
        len = 1.0f;
    picture_points("given", given, n);
    facing_ray("given", NULL, given[n - 1], in->bones[n - 1].rotation, len);
    picture_points("ref", want.positions, n);
    facing_ray("refmark", NULL, want.positions[n - 1], want.rotations[n - 1], len);
    int finite = 1;
    for (int k = 0; k < n; k++)
        finite &= v3_is_finite(rs->out.positions[k]);
    if (finite) {
        picture_points("student", rs->out.positions, n);
        facing_ray("studentmark", NULL, rs->out.positions[n - 1], rs->out.rotations[n - 1], len);
    }
    picture_points("target", &in->target, 1);
    float px, py;
    picture_project(base, &px, &py);
    picture_label("givenlab", px, py, "spine");
    picture_project(want.positions[n - 1], &px, &py);
    picture_label("reflab", px, py, picture_tr("หัว (head)", "head"));
    if (finite) {
        picture_project(rs->out.positions[n - 1], &px, &py);
        picture_label("studentlab", px, py, picture_tr("หัวของคุณ (your head)", "your head"));
    }
    picture_text("case_text", fmt("look_at_solve, %d bone, weight %g", n, (double)in->weight));
    picture_text("student_text", picture_tr("เส้นบาง = ทิศที่หัวหัน (+Z, the head's facing)", "thin lines: the head's facing (+Z)"));
}

static void reach_picture(const wall_reach_request *rq)
{
    int i = picture_answer_index(rq, sizeof *rq);
    const wall_reach_input *in = &rq->in;
    if (i < 0 || rq->null_in || rq->null_out)
        return;
    const wall_reach_response *rs = (const wall_reach_response *)picture_answers() + i;
    wall_reach_output want;
    if (wall_reach_solve(in, &want) != AIM_OK)
        return;
    picture_limb(fmt("wall_reach_solve, weight %.3f (%s %.3f)", (double)want.weight,
                     picture_tr("ของคุณ (yours)", "yours"), (double)rs->out.weight),
                 in->shoulder, want.goal, in->elbow_pole, want.elbow, want.hand, rs->out.elbow, rs->out.hand);
    picture_points("wall", &in->wall_point, 1);
    float x, y;
    picture_project(in->wall_point, &x, &y);
    picture_label("givenlab", x, y, picture_tr("จุดบนกำแพง (wall point)", "wall point"));
    picture_project(in->hand, &x, &y);
    picture_label("givenlab", x, y, picture_tr("มือตาม animation (animated hand)", "animated hand"));
}

static void describe_aim(const void *request, char *out, size_t size)
{
    const aim_bone_request *rq = request;
    /* the distance that decides AIM_NO_DIRECTION, in significant digits */
    snprintf(out, size, "aim_bone(position %s, animated %s, target %s (%.3g m away), weight %g, %s)", fmt_v3(rq->position),
             fmt_q(rq->animated), fmt_v3(rq->target), v3_distance(rq->target, rq->position), rq->weight,
             rq->null_out ? "NULL" : "&out");
}

static int fail_aim(const aim_bone_request *rq, diagnosis d, const char *expected, const char *got)
{
    aim_picture(rq);
    char given[512];
    describe_aim(rq, given, sizeof given);
    check_fail(d, given, expected, got);
    return 0;
}

static void describe_look(const void *request, char *out, size_t size)
{
    const look_at_request *rq = request;
    const look_at_input *in = &rq->in;
    int n = snprintf(out, size, "look_at_solve(%s: target %s, weight %g, %d bone",
                     rq->null_in ? "in = NULL" : "in", fmt_v3(in->target), in->weight, in->bone_count);
    for (int i = 0; i < in->bone_count && i < LOOK_MAX_BONES && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, "; [%d] position %s rotation %s share %g", i,
                      fmt_v3(in->bones[i].position), fmt_q(in->bones[i].rotation), in->bones[i].share);
    if (n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, ")%s", rq->null_out ? ", out = NULL" : "");
}

static int fail_look(const look_at_request *rq, diagnosis d, const char *expected, const char *got)
{
    look_picture(rq);
    char given[2048];
    describe_look(rq, given, sizeof given);
    check_fail(d, given, expected, got);
    return 0;
}

static void describe_reach(const void *request, char *out, size_t size)
{
    const wall_reach_request *rq = request;
    const wall_reach_input *in = &rq->in;
    snprintf(out, size,
             "wall_reach_solve: shoulder %s, elbow %s, hand %s, elbow_pole %s, upper %g, lower %g, wall_point %s, "
             "full_weight_distance %g, zero_weight_distance %g%s%s",
             fmt_v3(in->shoulder), fmt_v3(in->elbow), fmt_v3(in->hand), fmt_v3(in->elbow_pole), in->upper_length,
             in->lower_length, fmt_v3(in->wall_point), in->full_weight_distance, in->zero_weight_distance,
             rq->null_in ? " (in = NULL)" : "", rq->null_out ? " (out = NULL)" : "");
}

static int fail_reach(const wall_reach_request *rq, diagnosis d, const char *expected, const char *got)
{
    reach_picture(rq);
    char given[1024];
    describe_reach(rq, given, sizeof given);
    check_fail(d, given, expected, got);
    return 0;
}

/* ---- geometry ------------------------------------------------------------ */

/* Angle between two directions, accurate near 0 (acos is not). */
static float angle_between(vec3 a, vec3 b) { return atan2f(v3_length(v3_cross(a, b)), v3_dot(a, b)); }

static vec3 facing_of(quat q) { return quat_rotate(q, v3_forward()); }

static float off_target(vec3 position, quat q, vec3 target)
{
    return angle_between(facing_of(q), v3_sub(target, position));
}

/* The identity rotation: (0, 0, 0, 1), or (0, 0, 0, -1), the same rotation
 * written the other way (a right answer either way). Every component is
 * looked at: (5, 0, 0, 1) has w = 1 and is no rotation at all. */
static int is_identity(quat q) { return q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && fabsf(q.w) == 1.0f; }

static int unit_and_finite(quat q) { return quat_is_finite(q) && fabsf(sqrtf(quat_dot(q, q)) - 1.0f) <= 1e-4f; }

/* Pitch and roll within +-max_tilt: a bone leaning a little. */
static quat tilt(rng *r, float max_tilt)
{
    quat pitch = quat_from_axis_angle(v3_right(), rng_float(r, -max_tilt, max_tilt));
    quat roll = quat_from_axis_angle(v3_forward(), rng_float(r, -max_tilt, max_tilt));
    return quat_mul(pitch, roll);
}

/* An animated rotation that stands roughly upright: any heading, then a
 * lean of up to max_tilt. */
static quat upright_rotation(rng *r, float max_tilt)
{
    /* Draws in statements of their own, in the order gcc drew them inside
     * the call (last argument first): C leaves that order to the compiler,
     * and clang (macOS) draws left to right, other cases than the student
     * edition recorded (its shims.c). */
    quat lean = tilt(r, max_tilt);
    return quat_mul(quat_from_axis_angle(v3_up(), rng_float(r, -IK_PI, IK_PI)), lean);
}

/* A direction up to `max_elevation` above or below the horizon. */
static vec3 direction(rng *r, float max_elevation)
{
    float az = rng_float(r, -IK_PI, IK_PI), el = rng_float(r, -max_elevation, max_elevation);
    return v3(cosf(el) * sinf(az), sinf(el), cosf(el) * cosf(az));
}

static aim_bone_request aim_request(vec3 position, quat animated, vec3 target, float weight)
{
    aim_bone_request rq;
    memset(&rq, 0, sizeof rq);
    rq.position = position;
    rq.animated = animated;
    rq.target = target;
    rq.weight = weight;
    return rq;
}

/* ---- one bone ------------------------------------------------------------ */

/* Nothing written (or, under MEMCHECK, touched) outside what the call was
 * handed: the runner's guard areas around it (out_guard.h) are intact. */
static const char *guard_damage_text(int damage) { return fmt(T(MSG_AIM_GUARD_DAMAGED), damage); }

static int expect_aim_status(const aim_bone_request *rq, const aim_bone_response *rs, aim_status want, const char *why)
{
    if (rs->guard_damage != 0)
        return fail_aim(rq, DIAG_NONE, T(MSG_AIM_GUARD_INTACT), guard_damage_text(rs->guard_damage));
    if (rs->status == (int)want)
        return 1;
    return fail_aim(rq, DIAG_NONE, fmt("status %s (%s)", status_name(want), why), fmt("status %s", status_name(rs->status)));
}

static int expect_unit(const aim_bone_request *rq, const aim_bone_response *rs)
{
    if (unit_and_finite(rs->out))
        return 1;
    return fail_aim(rq, DIAG_NONE, T(MSG_AIM_UNIT_OUT),
                    fmt("%s, |q| = %.6f%s", written(rs->out, "out"), sqrtf(quat_dot(rs->out, rs->out)),
                        quat_is_finite(rs->out) ? "" : T(MSG_AIM_HINT_NAN)));
}

/* Weight 0: the animation, untouched. */
static int expect_unchanged(const aim_bone_request *rq, const aim_bone_response *rs)
{
    float err = quat_angle_between(rs->out, rq->animated);
    if (err <= ROT_TOL)
        return 1;
    return fail_aim(rq, DIAG_NONE, fmt(T(MSG_AIM_WEIGHT0_ANIMATION), fmt_q(rq->animated)),
                    fmt(T(MSG_AIM_OFF_BY), written(rs->out, "out"), fmt_deg(err)));
}

/* Weight 1: +Z exactly on the target, +X level. */
static int expect_full_aim(const aim_bone_request *rq, const aim_bone_response *rs, int check_level)
{
    vec3 dir = v3_normalize(v3_sub(rq->target, rq->position));
    float err = off_target(rq->position, rs->out, rq->target);
    if (!(err <= AXIS_TOL)) {
        const char *why = quat_angle_between(rs->out, rq->animated) <= ROT_TOL
                              ? T(MSG_AIM_HINT_STILL_ANIMATION)
                              : angle_between(facing_of(rs->out), v3_neg(dir)) <= AXIS_TOL
                                    ? T(MSG_AIM_HINT_FACING_AWAY)
                                    : "";
        return fail_aim(rq, DIAG_NONE,
                        fmt(T(MSG_AIM_WEIGHT1_ON_TARGET), fmt_v3(dir), AXIS_TOL * IK_RAD_TO_DEG),
                        fmt(T(MSG_AIM_Z_OFF_TARGET), fmt_v3(facing_of(rs->out)), fmt_deg(err), why));
    }
    if (!check_level)
        return 1;
    vec3 x = quat_rotate(rs->out, v3_right()), y = quat_rotate(rs->out, v3_up());
    if (!(fabsf(x.y) <= LEVEL_TOL) || !(y.y >= 0.0f))
        return fail_aim(rq, DIAG_NONE,
                        T(MSG_AIM_WEIGHT1_NO_ROLL),
                        fmt(T(MSG_AIM_ROLL_FROMTO),
                            fmt_v3(x), asinf(fminf(1.0f, fmaxf(-1.0f, x.y))) * IK_RAD_TO_DEG, fmt_v3(y)));
    return 1;
}

static int expect_like_reference(const aim_bone_request *rq, const aim_bone_response *rs)
{
    quat want;
    aim_bone(rq->position, rq->animated, rq->target, rq->weight, &want);
    float err = quat_angle_between(rs->out, want);
    if (err <= ROT_TOL)
        return 1;
    return fail_aim(rq, DIAG_NONE,
                    fmt(T(MSG_AIM_SLERP_REFERENCE), rq->weight,
                        fmt_q(want), ROT_TOL * IK_RAD_TO_DEG),
                    fmt(T(MSG_AIM_OFF_BY), written(rs->out, "out"), fmt_deg(err)));
}

#define ENDPOINT_CASES 400

static void aim_weight_endpoints(void)
{
    /* Each case twice: weight 0 (nothing moves) and weight 1 (faces the
     * target exactly). Any animated rotation, targets all around. */
    static aim_bone_request rq[2 * ENDPOINT_CASES];
    static aim_bone_response rs[2 * ENDPOINT_CASES];
    rng r = check_rng();
    for (int i = 0; i < ENDPOINT_CASES; i++) {
        vec3 p = rng_v3(&r, -3.0f, 3.0f);
        quat animated = rng_quat(&r);
        float distance = rng_float(&r, 0.05f, 10.0f); /* before the direction: see upright_rotation */
        vec3 target = v3_add(p, v3_scale(rng_unit_v3(&r), distance));
        rq[2 * i] = aim_request(p, animated, target, 0.0f);
        rq[2 * i + 1] = aim_request(p, animated, target, 1.0f);
    }
    PICTURE_REMEMBER(rq, rs, 2 * ENDPOINT_CASES);
    if (!CHECK_CALL(OP_AIM_BONE, rq, 2 * ENDPOINT_CASES, rs, describe_aim))
        return;
    for (int i = 0; i < 2 * ENDPOINT_CASES; i++) {
        if (!expect_aim_status(&rq[i], &rs[i], AIM_OK, T(MSG_AIM_TARGET_AWAY)) || !expect_unit(&rq[i], &rs[i]))
            return;
        if (i % 2 == 0 ? !expect_unchanged(&rq[i], &rs[i]) : !expect_full_aim(&rq[i], &rs[i], 0))
            return;
    }
}

#define SWEEP_CASES 100
#define SWEEP_STEPS 11

static void aim_angle_shrinks(void)
{
    /* Weights 0, 0.1, ..., 1 on the same bone and target: the angle
     * between +Z and the target must fall at every step, to 0. */
    static aim_bone_request rq[SWEEP_CASES * SWEEP_STEPS];
    static aim_bone_response rs[SWEEP_CASES * SWEEP_STEPS];
    rng r = check_rng();
    for (int i = 0; i < SWEEP_CASES; i++) {
        vec3 p = rng_v3(&r, -3.0f, 3.0f);
        quat animated = rng_quat(&r);
        vec3 target;
        do { /* at least 10 deg to turn, so every step is clearly smaller */
            float distance = rng_float(&r, 0.2f, 8.0f); /* before the direction: see upright_rotation */
            target = v3_add(p, v3_scale(rng_unit_v3(&r), distance));
        } while (off_target(p, animated, target) < 10.0f * IK_DEG_TO_RAD);
        for (int k = 0; k < SWEEP_STEPS; k++)
            rq[i * SWEEP_STEPS + k] = aim_request(p, animated, target, (float)k / (SWEEP_STEPS - 1));
    }
    PICTURE_REMEMBER(rq, rs, SWEEP_CASES * SWEEP_STEPS);
    if (!CHECK_CALL(OP_AIM_BONE, rq, SWEEP_CASES * SWEEP_STEPS, rs, describe_aim))
        return;
    for (int i = 0; i < SWEEP_CASES; i++) {
        float before = 0.0f;
        for (int k = 0; k < SWEEP_STEPS; k++) {
            const aim_bone_request *q = &rq[i * SWEEP_STEPS + k];
            const aim_bone_response *s = &rs[i * SWEEP_STEPS + k];
            if (!expect_aim_status(q, s, AIM_OK, T(MSG_AIM_TARGET_AWAY)) || !expect_unit(q, s))
                return;
            float angle = off_target(q->position, s->out, q->target);
            if (k > 0 && !(angle < before)) {
                fail_aim(q, DIAG_NONE,
                         fmt(T(MSG_AIM_ANGLE_SHRINKS), q->weight - 0.1f,
                             q->weight, fmt_deg(before)),
                         fmt(T(MSG_AIM_ANGLE), fmt_deg(angle),
                             fabsf(angle - before) <= AXIS_TOL ? T(MSG_AIM_HINT_WEIGHT_NO_EFFECT) : ""));
                return;
            }
            if (!expect_like_reference(q, s))
                return;
            before = angle;
        }
        if (!(before <= AXIS_TOL)) {
            fail_aim(&rq[i * SWEEP_STEPS + SWEEP_STEPS - 1], DIAG_NONE, T(MSG_AIM_WEIGHT1_ANGLE_ZERO),
                     fmt(T(MSG_AIM_ANGLE_ONLY), fmt_deg(before)));
            return;
        }
    }
}

#define UPRIGHT_CASES 300

static void aim_keeps_upright(void)
{
    /* Upright bones (pitch and roll within 20 deg), targets anywhere up to
     * 60 deg above or below the horizon, behind included: at weight 1 the
     * bone has no roll; at every weight (the chapter's 0.6 among them) its
     * +Y still points up and it follows the reference's arc. */
    static const float weights[] = {0.25f, 0.5f, AIM_SPINE_WEIGHT, 0.75f, 1.0f};
    enum { W = sizeof weights / sizeof weights[0] };
    static aim_bone_request rq[UPRIGHT_CASES * W];
    static aim_bone_response rs[UPRIGHT_CASES * W];
    rng r = check_rng();
    for (int i = 0; i < UPRIGHT_CASES; i++) {
        vec3 p = rng_v3(&r, -3.0f, 3.0f);
        quat animated = upright_rotation(&r, 20.0f * IK_DEG_TO_RAD);
        float distance = rng_float(&r, 0.3f, 8.0f); /* before the direction: see upright_rotation */
        vec3 target = v3_add(p, v3_scale(direction(&r, 60.0f * IK_DEG_TO_RAD), distance));
        for (int k = 0; k < W; k++)
            rq[i * W + k] = aim_request(p, animated, target, weights[k]);
    }
    PICTURE_REMEMBER(rq, rs, UPRIGHT_CASES * W);
    if (!CHECK_CALL(OP_AIM_BONE, rq, UPRIGHT_CASES * W, rs, describe_aim))
        return;
    /* Weight 1 first (the point of the check), then the arc. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < UPRIGHT_CASES; i++)
            for (int k = pass == 0 ? W - 1 : 0; k < (pass == 0 ? W : W - 1); k++) {
                const aim_bone_request *q = &rq[i * W + k];
                const aim_bone_response *s = &rs[i * W + k];
                if (!expect_aim_status(q, s, AIM_OK, T(MSG_AIM_TARGET_AWAY)) || !expect_unit(q, s))
                    return;
                if (k == W - 1) {
                    if (!expect_full_aim(q, s, 1))
                        return;
                    continue;
                }
                vec3 y = quat_rotate(s->out, v3_up());
                if (!(y.y > 0.0f)) {
                    fail_aim(q, DIAG_NONE, fmt(T(MSG_AIM_STILL_UPRIGHT), q->weight),
                             fmt(T(MSG_AIM_FLIPPED), fmt_v3(y)));
                    return;
                }
                if (!expect_like_reference(q, s))
                    return;
            }
}

static void aim_degenerate_targets(void)
{
    const vec3 p = v3(0.5f, 1.5f, -0.25f);
    const quat facing_z = quat_identity();
    const quat turned = quat_from_axis_angle(v3_up(), 0.5f); /* faces 28.6 deg to the right */
    enum {
        BEHIND_FULL, BEHIND_HALF, BEHIND_TURNED, ABOVE_FULL, ABOVE_HALF, BELOW_FULL, ON_BONE, NEAR_BONE, FAR, CLOSE,
        BELOW_HALF, OVER_MIN, UNDER_MIN, ON_BONE_SCALED, N
    };
    aim_bone_request rq[N];
    aim_bone_response rs[N];
    rq[BEHIND_FULL] = aim_request(p, facing_z, v3_add(p, v3(0.0f, 0.0f, -2.0f)), 1.0f);
    rq[BEHIND_HALF] = aim_request(p, facing_z, v3_add(p, v3(0.0f, 0.0f, -2.0f)), 0.5f);
    rq[BEHIND_TURNED] = aim_request(p, turned, v3_sub(p, v3_scale(facing_of(turned), 3.0f)), 1.0f);
    rq[ABOVE_FULL] = aim_request(p, facing_z, v3_add(p, v3(0.0f, 2.0f, 0.0f)), 1.0f);
    rq[ABOVE_HALF] = aim_request(p, facing_z, v3_add(p, v3(0.0f, 2.0f, 0.0f)), 0.5f);
    rq[BELOW_FULL] = aim_request(p, turned, v3_add(p, v3(0.0f, -1.0f, 0.0f)), 1.0f);
    rq[ON_BONE] = aim_request(p, turned, p, 0.6f);
    rq[NEAR_BONE] = aim_request(v3_zero(), turned, v3(1e-7f, 0.0f, 0.0f), 1.0f);
    rq[FAR] = aim_request(p, turned, v3(8000.0f, 300.0f, -6000.0f), 1.0f);
    rq[CLOSE] = aim_request(p, facing_z, v3_add(p, v3(0.0f, 0.001f, -0.002f)), 1.0f);
    rq[BELOW_HALF] = aim_request(p, turned, v3_add(p, v3(0.0f, -1.0f, 0.0f)), 0.5f);
    /* Either side of the rule's edge by far more than any rounding of the
     * distance (length, length squared, hypot: ~1e-7 relative): 1.001 of
     * AIM_MIN_DISTANCE is aimed, 0.999 of it is not. Exactly at it either
     * answer is right. */
    rq[OVER_MIN] = aim_request(v3_zero(), turned, v3(0.0f, 0.0f, -1.001f * AIM_MIN_DISTANCE), 1.0f);
    rq[UNDER_MIN] = aim_request(v3_zero(), turned, v3(0.999f * AIM_MIN_DISTANCE, 0.0f, 0.0f), 1.0f);
    /* A finite animated rotation need not be unit: kept, normalized. */
    rq[ON_BONE_SCALED] = aim_request(p, q4(2.5f * turned.x, 2.5f * turned.y, 2.5f * turned.z, 2.5f * turned.w), p, 0.6f);
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_AIM_BONE, rq, N, rs, describe_aim))
        return;
    for (int i = 0; i < N; i++) {
        int no_direction = i == ON_BONE || i == NEAR_BONE || i == UNDER_MIN || i == ON_BONE_SCALED;
        if (!expect_aim_status(&rq[i], &rs[i], no_direction ? AIM_NO_DIRECTION : AIM_OK,
                               no_direction ? T(MSG_AIM_TARGET_ON_BONE)
                                            : T(MSG_AIM_TARGET_AWAY)) ||
            !expect_unit(&rq[i], &rs[i]))
            return;
        if (no_direction) {
            if (!expect_unchanged(&rq[i], &rs[i]))
                return;
            continue;
        }
        if (i == ABOVE_HALF || i == BELOW_HALF) {
            /* Straight up the full aim's heading is free (aim_ik.h), and
             * half way toward full aims of other headings is 45..60 deg
             * off the target. So: the full aim this answer is half way to,
             * b = q a^-1 q (slerp(a, b, 1/2) = a (a^-1 b)^(1/2)), must face
             * the target, and the turn from a to q be at most a quarter
             * turn (half of a shortest arc; the long arc's half is more).
             * b compounds q's error three times over (q twice, a once):
             * 3 AXIS_TOL; measured for the reference, 9.5e-7 rad over 360
             * animated headings. +Y stays up for every heading of the full
             * aim (y.y 0.5 at worst, measured every 30 deg). */
            quat a = quat_normalize(rq[i].animated), q = rs[i].out;
            quat b = quat_mul(q, quat_mul(quat_conjugate(a), q));
            float off = off_target(rq[i].position, b, rq[i].target), arc = quat_angle_between(a, q);
            vec3 y = quat_rotate(q, v3_up());
            if (!(off <= 3.0f * AXIS_TOL) || !(arc <= 0.5f * IK_PI + AXIS_TOL) || !(y.y > 0.0f)) {
                fail_aim(&rq[i], DIAG_NONE, T(MSG_AIM_HALF_WAY_UP),
                         fmt(T(MSG_AIM_HALF_WAY_UP_GOT), fmt_q(q), fmt_deg(off), fmt_deg(arc), fmt_v3(y)));
                return;
            }
            continue;
        }
        if (i == BEHIND_HALF) {
            /* Half way along the shortest arc: a quarter turn off both ends,
             * still upright. */
            vec3 f = facing_of(rs[i].out), y = quat_rotate(rs[i].out, v3_up());
            float off = off_target(rq[i].position, rs[i].out, rq[i].target);
            float want = 0.5f * IK_PI;
            if (!(fabsf(off - want) <= AXIS_TOL) || !(y.y > 0.0f)) {
                fail_aim(&rq[i], DIAG_NONE,
                         fmt(T(MSG_AIM_HALF_WAY), fmt_deg(want)),
                         fmt(T(MSG_AIM_HALF_WAY_GOT), fmt_v3(f), fmt_deg(off), fmt_v3(y)));
                return;
            }
            continue;
        }
        /* Straight up or down there is no level +X to keep; elsewhere
         * there is. */
        if (!expect_full_aim(&rq[i], &rs[i], i != ABOVE_FULL && i != BELOW_FULL))
            return;
    }
}

static void aim_invalid_input(void)
{
    const vec3 p = v3(0.0f, 1.5f, 0.0f), target = v3(1.0f, 1.7f, 2.0f);
    const quat animated = quat_from_axis_angle(v3_up(), 0.3f);
    enum { NAN_POSITION, INF_TARGET, NAN_ROTATION, NEGATIVE_WEIGHT, HEAVY_WEIGHT, NAN_WEIGHT, NULL_OUT, FAR_POSITION,
           FAR_TARGET, INF_ROTATION, INF_WEIGHT, BARELY_HEAVY, N };
    static const char *const what[N] = {"position = NaN", "target = inf", "animated = NaN", "weight = -0.1",
                                        "weight = 1.1", "weight = NaN", "out = NULL",
                                        "position.x = 1e30 (> IK_WORLD_LIMIT)", "target.y = -2e18 (> IK_WORLD_LIMIT)",
                                        "animated.w = inf", "weight = inf", "weight = 1 + 1 ulp"};
    aim_bone_request rq[N];
    aim_bone_response rs[N];
    rq[NAN_POSITION] = aim_request(v3(NAN, 1.5f, 0.0f), animated, target, 0.5f);
    rq[INF_TARGET] = aim_request(p, animated, v3(1.0f, INFINITY, 2.0f), 0.5f);
    rq[NAN_ROTATION] = aim_request(p, q4(0.0f, NAN, 0.0f, 1.0f), target, 0.5f);
    rq[NEGATIVE_WEIGHT] = aim_request(p, animated, target, -0.1f);
    rq[HEAVY_WEIGHT] = aim_request(p, animated, target, 1.1f);
    rq[NAN_WEIGHT] = aim_request(p, animated, target, NAN);
    rq[NULL_OUT] = aim_request(p, animated, target, 0.5f);
    rq[NULL_OUT].null_out = 1;
    rq[FAR_POSITION] = aim_request(v3(1e30f, 1.5f, 0.0f), animated, target, 0.5f);
    rq[FAR_TARGET] = aim_request(p, animated, v3(1.0f, -2.0f * IK_WORLD_LIMIT, 2.0f), 0.5f);
    rq[INF_ROTATION] = aim_request(p, q4(0.0f, 0.0f, 0.0f, INFINITY), target, 0.5f);
    rq[INF_WEIGHT] = aim_request(p, animated, target, INFINITY);
    rq[BARELY_HEAVY] = aim_request(p, animated, target, nextafterf(1.0f, 2.0f));
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_AIM_BONE, rq, N, rs, describe_aim))
        return;
    for (int i = 0; i < N; i++) {
        if (!expect_aim_status(&rq[i], &rs[i], AIM_INVALID, fmt(T(MSG_AIM_CHECK_INPUT), what[i])))
            return;
        if (i == NULL_OUT)
            continue;
        quat q = rs[i].out;
        if (!is_identity(q)) {
            fail_aim(&rq[i], DIAG_NONE, fmt("%s → *out = identity (0, 0, 0, 1)", what[i]), written(q, "out"));
            return;
        }
    }
}

/* ---- look-at over a chain ------------------------------------------------ */

static const char *bone_name(int i, int n)
{
    if (n == 3)
        return i == 0 ? "bone 0 (spine)" : i == 1 ? "bone 1 (neck)" : "bone 2 (head)";
    return fmt("bone %d", i);
}

/* A spine-neck-head chain of a standing character (any heading, a little
 * sway in each bone), or any chain of 1..8 bones going up. */
static look_at_input random_chain(rng *r, int human)
{
    look_at_input in;
    memset(&in, 0, sizeof in);
    /* z, y, x: the order gcc drew them in v3(...) (see upright_rotation) */
    float root_z = rng_float(r, -3.0f, 3.0f), root_y = rng_float(r, -0.5f, 0.5f), root_x = rng_float(r, -3.0f, 3.0f);
    vec3 root = v3(root_x, root_y, root_z);
    quat facing = quat_from_axis_angle(v3_up(), rng_float(r, -IK_PI, IK_PI));
    if (human) {
        in.bone_count = 3;
        const vec3 offsets[3] = {v3(0.0f, 1.1f, 0.0f), v3(0.0f, 1.5f, 0.0f), v3(0.0f, 1.62f, 0.03f)};
        for (int i = 0; i < 3; i++) {
            in.bones[i].position = v3_add(root, quat_rotate(facing, offsets[i]));
            in.bones[i].rotation = quat_mul(facing, tilt(r, 0.1f)); /* idle sway, 6 deg */
        }
        in.bones[0].share = rng_float(r, 0.1f, 0.4f);
        in.bones[1].share = rng_float(r, 0.2f, 0.6f);
        in.bones[2].share = 1.0f;
    } else {
        in.bone_count = 1 + (int)rng_float(r, 0.0f, (float)LOOK_MAX_BONES);
        vec3 at = v3_add(root, v3(0.0f, 1.0f, 0.0f));
        for (int i = 0; i < in.bone_count; i++) {
            in.bones[i].position = at;
            in.bones[i].rotation = quat_mul(facing, tilt(r, 0.3f));
            in.bones[i].share = rng_float(r, 0.0f, 1.0f);
            float dz = rng_float(r, -0.1f, 0.1f), dy = rng_float(r, 0.05f, 0.3f), dx = rng_float(r, -0.1f, 0.1f);
            at = v3_add(at, v3(dx, dy, dz));
        }
        if (rng_float(r, 0.0f, 1.0f) < 0.5f)
            in.bones[in.bone_count - 1].share = 1.0f;
    }
    vec3 head = in.bones[in.bone_count - 1].position;
    float distance = rng_float(r, 0.5f, 6.0f); /* before the direction: see upright_rotation */
    in.target = v3_add(head, v3_scale(direction(r, 1.2f), distance));
    in.weight = AIM_LOOK_WEIGHT;
    return in;
}

static look_at_request look_request(const look_at_input *in)
{
    look_at_request rq;
    memset(&rq, 0, sizeof rq);
    rq.in = *in;
    return rq;
}

static int expect_look_status(const look_at_request *rq, const look_at_response *rs, aim_status want, const char *why)
{
    if (rs->guard_damage != 0)
        return fail_look(rq, DIAG_NONE, T(MSG_AIM_GUARD_INTACT), guard_damage_text(rs->guard_damage));
    if (rs->status == (int)want)
        return 1;
    return fail_look(rq, DIAG_NONE, fmt("status %s (%s)", status_name(want), why), fmt("status %s", status_name(rs->status)));
}

/* Every bone as the reference places it; joints keep their distances. */
/* The reference's pose for a request, as expect_chain compares with it. */
static void reference_look(const look_at_request *rq, look_at_pose *want)
{
    aim_fill_sentinel_pose(want);
    look_at_solve(&rq->in, want);
}

/* expect_chain against the reference's pose already computed for it
 * (reference_look). */
/* Finite, unit rotations and every joint as far from its parent as
 * before: what any look-at keeps, whichever heading it picks where the
 * header leaves one free. */
static int expect_chain_shape(const look_at_request *rq, const look_at_response *rs)
{
    const look_at_input *in = &rq->in;
    const int n = in->bone_count;
    for (int i = 0; i < n; i++) {
        if (!v3_is_finite(rs->out.positions[i]) || !unit_and_finite(rs->out.rotations[i]))
            return fail_look(rq, DIAG_NONE, fmt(T(MSG_AIM_BONE_FINITE), bone_name(i, n)),
                             fmt("position %s, %s", fmt_v3(rs->out.positions[i]), written(rs->out.rotations[i], "rotation")));
    }
    for (int i = 1; i < n; i++) {
        float was = v3_distance(in->bones[i].position, in->bones[i - 1].position);
        float now = v3_distance(rs->out.positions[i], rs->out.positions[i - 1]);
        if (!(fabsf(now - was) <= LEN_TOL))
            /* No name: a look-at uses no lengths and reaches for nothing
             * (the target is only looked at), so the bone_length advice
             * (rest lengths, snapping onto the target) has nothing to say
             * about it; a joint moved apart from its parent comes from a
             * turn about the wrong pivot or a child left unturned. */
            return fail_look(rq, DIAG_NONE,
                             fmt(T(MSG_AIM_DISTANCE_KEPT), i - 1, i, was),
                             fmt(T(MSG_AIM_DISTANCE_GOT),
                                 now, fmt_v3(rs->out.positions[i - 1]), fmt_v3(rs->out.positions[i])));
    }
    return 1;
}

static int expect_chain_like(const look_at_request *rq, const look_at_response *rs, const look_at_pose *ref)
{
    const look_at_input *in = &rq->in;
    const int n = in->bone_count;
    const look_at_pose want = *ref;
    if (!expect_chain_shape(rq, rs))
        return 0;
    for (int i = 0; i < n; i++) {
        float rot_err = quat_angle_between(rs->out.rotations[i], want.rotations[i]);
        float pos_err = v3_distance(rs->out.positions[i], want.positions[i]);
        if (rot_err <= CHAIN_ROT_TOL && pos_err <= POS_TOL)
            continue;
        const char *why = "";
        if (quat_angle_between(rs->out.rotations[i], quat_normalize(in->bones[i].rotation)) <= CHAIN_ROT_TOL &&
            in->weight * in->bones[i].share > 0.0f)
            why = T(MSG_AIM_HINT_NOT_TURNED);
        else if (pos_err > POS_TOL && i > 0)
            why = T(MSG_AIM_HINT_WRONG_POSITION);
        return fail_look(rq, DIAG_NONE,
                         fmt(T(MSG_AIM_CHAIN_EXPECTED),
                             bone_name(i, n), fmt_v3(want.positions[i]), fmt_q(want.rotations[i]),
                             in->weight * in->bones[i].share),
                         fmt(T(MSG_AIM_CHAIN_GOT), fmt_v3(rs->out.positions[i]),
                             fmt_q(rs->out.rotations[i]), pos_err, fmt_deg(rot_err), why));
    }
    return 1;
}

static int expect_chain(const look_at_request *rq, const look_at_response *rs)
{
    look_at_pose want;
    reference_look(rq, &want);
    return expect_chain_like(rq, rs, &want);
}

#define CHAIN_CASES 150

static void look_at_spreads(void)
{
    /* Each chain three times: lookWeight 0 (nothing moves), the chapter's
     * 0.7 and 1 (the last bone, share 1, ends on the target). */
    static const float weights[3] = {0.0f, AIM_LOOK_WEIGHT, 1.0f};
    static look_at_request rq[CHAIN_CASES * 3];
    static look_at_response rs[CHAIN_CASES * 3];
    rng r = check_rng();
    for (int i = 0; i < CHAIN_CASES; i++) {
        look_at_input in = random_chain(&r, i % 3 != 2);
        for (int k = 0; k < 3; k++) {
            in.weight = weights[k];
            rq[i * 3 + k] = look_request(&in);
        }
    }
    PICTURE_REMEMBER(rq, rs, CHAIN_CASES * 3);
    if (!CHECK_CALL(OP_LOOK_AT, rq, CHAIN_CASES * 3, rs, describe_look))
        return;
    /* The full look first: it is what the stub and most mistakes miss. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < CHAIN_CASES * 3; i++) {
            const look_at_request *q = &rq[i];
            const look_at_input *in = &q->in;
            int last = in->bone_count - 1;
            int full = in->weight == 1.0f && in->bones[last].share == 1.0f;
            if ((pass == 0) != full)
                continue;
            if (!expect_look_status(q, &rs[i], AIM_OK, T(MSG_AIM_TARGET_ON_NO_BONE)))
                return;
            if (full) {
                /* NaN, a rotation never written or not unit has no angle
                 * to tell: expect_chain names it. */
                if (!v3_is_finite(rs[i].out.positions[last]) || !unit_and_finite(rs[i].out.rotations[last])) {
                    expect_chain(q, &rs[i]);
                    return;
                }
                float err = off_target(rs[i].out.positions[last], rs[i].out.rotations[last], in->target);
                if (!(err <= AXIS_TOL)) {
                    fail_look(q, DIAG_NONE,
                              fmt(T(MSG_AIM_LOOK_FULL),
                                  bone_name(last, in->bone_count), AXIS_TOL * IK_RAD_TO_DEG),
                              fmt(T(MSG_AIM_LOOK_FULL_GOT), fmt_deg(err), fmt_v3(rs[i].out.positions[last]),
                                  fmt_q(rs[i].out.rotations[last])));
                    return;
                }
            }
            if (!expect_chain(q, &rs[i]))
                return;
        }
}

#define LOOK_SWEEP_CASES 60
#define LOOK_SWEEP_STEPS 11

/* The head's angle to the target does not fall at every step of lookWeight
 * in general, so the sweep asks it to fall only where the contract's own
 * head angle (the reference's) does. Each bone aims from its own joint:
 * the spine 0.5 m below the head can see a near target much further off
 * than the head does, and spine and neck together then turn the head past
 * the target, its own Slerp bringing it back. Seed 3689349306, chain 45:
 * spine 32.6 deg off (share 0.30), neck 25.9 (0.56), head 13.8 (1); the
 * head's angle is 13.80 deg at lookWeight 0, 0.453 at 0.63, 0.655 at 0.79
 * and 0 at 1, in float as in double-precision math of the header's steps.
 * Over seeds 1..10 000, 171 hold such a chain (172 of 600 000), the same
 * ones in float and in double, and the reference's head is within 1.1e-6
 * rad of the double math throughout: a property of the contract, not a
 * mistake of the reference (measure_look_sweep.c beside this file).
 *
 * A step is checked when the reference's angle falls by more than an
 * answer that expect_chain accepts can be off at both ends: its head turned
 * within CHAIN_ROT_TOL of the reference's, so its +Z too, and its joint
 * within POS_TOL, which turns the direction to a target d away by at most
 * asin(POS_TOL / d) <= POS_TOL / (d - POS_TOL). LOOK_ANGLE_ROUNDING is
 * what computing those in float adds at one end: the rotation test
 * (quat_angle_between, 1.6e-7 rad from double) and the two angles to the
 * target (off_target, 2.5e-7 each), 6.6e-7 together over the same 10 000
 * seeds. So a right answer never fails the step test, and one that skips
 * the weight (no change) or turns the wrong way is named before the pose
 * comparison says which bone is off. */
#define LOOK_ANGLE_ROUNDING 1e-6f

static float look_head_slack(float head_to_target)
{
    /* A head (nearly) on the target: its direction could be anywhere, and
     * no two angles differ by more than a half turn. */
    if (!(head_to_target > 2.0f * POS_TOL))
        return IK_PI;
    return CHAIN_ROT_TOL + POS_TOL / (head_to_target - POS_TOL) + LOOK_ANGLE_ROUNDING;
}

static void look_at_weight_sweep(void)
{
    /* lookWeight 0, 0.1, ..., 1 on one spine-neck-head chain: every pose
     * is the reference's, and the head's angle to the target falls at
     * every step where the reference's falls (see above). */
    static look_at_request rq[LOOK_SWEEP_CASES * LOOK_SWEEP_STEPS];
    static look_at_response rs[LOOK_SWEEP_CASES * LOOK_SWEEP_STEPS];
    rng r = check_rng();
    for (int i = 0; i < LOOK_SWEEP_CASES; i++) {
        /* In front of the character (within 100 deg of where the head
         * faces, 50 deg above or below): what a look-at is for. Behind
         * it, a weight below 1 must pick a side to turn, and spine and
         * head may pick differently from one weight to the next. */
        look_at_input in = random_chain(&r, 1);
        vec3 head = in.bones[2].position, f = facing_of(in.bones[2].rotation);
        float heading = atan2f(f.x, f.z);
        do {
            float az = heading + rng_float(&r, -100.0f, 100.0f) * IK_DEG_TO_RAD;
            float el = rng_float(&r, -50.0f, 50.0f) * IK_DEG_TO_RAD;
            in.target = v3_add(head, v3_scale(v3(cosf(el) * sinf(az), sinf(el), cosf(el) * cosf(az)),
                                              rng_float(&r, 0.5f, 6.0f)));
        } while (off_target(head, in.bones[2].rotation, in.target) < 10.0f * IK_DEG_TO_RAD);
        for (int k = 0; k < LOOK_SWEEP_STEPS; k++) {
            in.weight = (float)k / (LOOK_SWEEP_STEPS - 1);
            rq[i * LOOK_SWEEP_STEPS + k] = look_request(&in);
        }
    }
    PICTURE_REMEMBER(rq, rs, LOOK_SWEEP_CASES * LOOK_SWEEP_STEPS);
    if (!CHECK_CALL(OP_LOOK_AT, rq, LOOK_SWEEP_CASES * LOOK_SWEEP_STEPS, rs, describe_look))
        return;
    for (int i = 0; i < LOOK_SWEEP_CASES; i++) {
        float before = 0.0f, ref_before = 0.0f, slack_before = 0.0f;
        for (int k = 0; k < LOOK_SWEEP_STEPS; k++) {
            const look_at_request *q = &rq[i * LOOK_SWEEP_STEPS + k];
            const look_at_response *s = &rs[i * LOOK_SWEEP_STEPS + k];
            if (!expect_look_status(q, s, AIM_OK, T(MSG_AIM_TARGET_ON_NO_BONE)))
                return;
            /* A head with NaN, never written or not unit has no angle to
             * measure: expect_chain names what is wrong with it. */
            if (!v3_is_finite(s->out.positions[2]) || !unit_and_finite(s->out.rotations[2])) {
                expect_chain(q, s);
                return;
            }
            look_at_pose want; /* the same call as expect_chain's, made once */
            reference_look(q, &want);
            float ref_angle = off_target(want.positions[2], want.rotations[2], q->in.target);
            float slack = look_head_slack(v3_distance(q->in.target, want.positions[2]));
            float angle = off_target(s->out.positions[2], s->out.rotations[2], q->in.target);
            if (k > 0 && ref_before - ref_angle > slack_before + slack && !(angle < before)) {
                fail_look(q, DIAG_NONE,
                          fmt(T(MSG_AIM_LOOK_ANGLE_SHRINKS), q->in.weight, fmt_deg(before), fmt_deg(ref_before),
                              fmt_deg(ref_angle)),
                          fmt(T(MSG_AIM_ANGLE), fmt_deg(angle), fabsf(angle - before) <= AXIS_TOL ? T(MSG_AIM_HINT_NO_CHANGE) : ""));
                return;
            }
            if (!expect_chain_like(q, s, &want))
                return;
            before = angle;
            ref_before = ref_angle;
            slack_before = slack;
        }
    }
}

static void look_at_degenerate(void)
{
    rng r = check_rng();
    look_at_input human = random_chain(&r, 1);
    look_at_input single = random_chain(&r, 0);
    single.bone_count = 1;
    single.bones[0].share = 1.0f;
    enum {
        ON_SPINE, BEHIND, STRAIGHT_UP, ONE_BONE, MAX_BONES, ZERO_SHARE, SCALED_ROTATIONS, UNUSED_JUNK, NO_BONES, TOO_MANY, HEAVY_SHARE, NEGATIVE_SHARE,
        NAN_WEIGHT, NAN_ROTATION, INF_TARGET, NULL_IN, NULL_OUT, HEAVY_WEIGHT, NEGATIVE_WEIGHT, FAR_POSITION, INF_POSITION,
        FAR_TARGET, NAN_SHARE, N
    };
    static look_at_request rq[N];
    static look_at_response rs[N];
    for (int i = 0; i < N; i++)
        rq[i] = look_request(&human);
    rq[ON_SPINE].in.target = human.bones[0].position;
    rq[ON_SPINE].in.weight = 1.0f;
    vec3 behind = v3_sub(human.bones[2].position, v3_scale(facing_of(human.bones[2].rotation), 2.0f));
    rq[BEHIND].in.target = v3(behind.x, human.bones[2].position.y, behind.z);
    rq[BEHIND].in.weight = 1.0f;
    rq[STRAIGHT_UP].in.target = v3_add(human.bones[2].position, v3(0.0f, 3.0f, 0.0f));
    rq[STRAIGHT_UP].in.weight = 1.0f;
    rq[ONE_BONE] = look_request(&single);
    rq[ONE_BONE].in.weight = 1.0f;
    look_at_input many = random_chain(&r, 0);
    many.bone_count = LOOK_MAX_BONES;
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        many.bones[i].position = v3_add(human.bones[0].position, v3(0.0f, 0.1f * (float)i, 0.0f));
        many.bones[i].rotation = human.bones[0].rotation;
        many.bones[i].share = 0.3f;
    }
    many.bones[LOOK_MAX_BONES - 1].share = 1.0f;
    many.weight = 1.0f;
    rq[MAX_BONES] = look_request(&many);
    rq[NO_BONES].in.bone_count = 0;
    rq[TOO_MANY].in.bone_count = LOOK_MAX_BONES + 1;
    rq[HEAVY_SHARE].in.bones[1].share = 1.5f;
    rq[NEGATIVE_SHARE].in.bones[0].share = -0.1f;
    rq[NAN_WEIGHT].in.weight = NAN;
    rq[NAN_ROTATION].in.bones[2].rotation.x = NAN;
    rq[INF_TARGET].in.target.z = INFINITY;
    rq[NULL_IN].null_in = 1;
    rq[NULL_OUT].null_out = 1;
    /* Past bone_count nothing is read: shares, positions and rotations
     * there that would be rejected in a used bone change nothing. */
    rq[UNUSED_JUNK].in.weight = 1.0f;
    for (int k = human.bone_count; k < LOOK_MAX_BONES; k++) {
        rq[UNUSED_JUNK].in.bones[k].share = k % 2 ? 5.0f : NAN;
        rq[UNUSED_JUNK].in.bones[k].position = v3(NAN, 1e30f, INFINITY);
        rq[UNUSED_JUNK].in.bones[k].rotation = q4(NAN, 0.0f, INFINITY, 0.0f);
    }
    /* The ends of share's 0..1 both used (the spine takes none of the
     * turn), and finite rotations that are not unit (normalized first,
     * so every joint still turns about its own). */
    rq[ZERO_SHARE].in.bones[0].share = 0.0f;
    rq[ZERO_SHARE].in.weight = 1.0f;
    rq[SCALED_ROTATIONS].in.weight = 1.0f;
    for (int k = 0; k < human.bone_count; k++) {
        quat q = human.bones[k].rotation;
        float scale = 0.6f + 0.7f * (float)k;
        rq[SCALED_ROTATIONS].in.bones[k].rotation = q4(scale * q.x, scale * q.y, scale * q.z, scale * q.w);
    }
    rq[HEAVY_WEIGHT].in.weight = 1.5f;
    rq[NEGATIVE_WEIGHT].in.weight = -0.2f;
    rq[FAR_POSITION].in.bones[1].position.x = 1e30f;
    rq[INF_POSITION].in.bones[0].position.y = -INFINITY;
    rq[FAR_TARGET].in.target.y = 2.0f * IK_WORLD_LIMIT;
    rq[NAN_SHARE].in.bones[2].share = NAN;
    const char *const what[N] = {
        T(MSG_AIM_WHAT_ON_SPINE), T(MSG_AIM_WHAT_BEHIND), T(MSG_AIM_WHAT_ABOVE_HEAD), T(MSG_AIM_WHAT_ONE_BONE),
        T(MSG_AIM_WHAT_MAX_BONES), "bones[0].share = 0", T(MSG_AIM_WHAT_SCALED_ROTATIONS), T(MSG_AIM_WHAT_UNUSED_JUNK), "bone_count = 0", "bone_count = 9", "share = 1.5",
        "share = -0.1", "weight = NaN", "rotation = NaN", "target = inf", "in = NULL", "out = NULL", "weight = 1.5",
        "weight = -0.2", "bones[1].position.x = 1e30 (> IK_WORLD_LIMIT)", "bones[0].position.y = -inf",
        "target.y = 2e18 (> IK_WORLD_LIMIT)", "bones[2].share = NaN",
    };
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_LOOK_AT, rq, N, rs, describe_look))
        return;
    for (int i = 0; i < N; i++) {
        const look_at_request *q = &rq[i];
        if (i <= UNUSED_JUNK) {
            aim_status want = i == ON_SPINE ? AIM_NO_DIRECTION : AIM_OK;
            if (!expect_look_status(q, &rs[i], want,
                                    fmt("%s%s", what[i],
                                        i == ON_SPINE ? T(MSG_AIM_SPINE_NO_DIRECTION) : "")) ||
                /* Straight above the head its heading is free (aim_ik.h:
                 * any full aim with +Z on the target), and with it where
                 * the bones end up: the shape, and the head on the target
                 * below, are what every choice keeps. */
                !(i == STRAIGHT_UP ? expect_chain_shape(q, &rs[i]) : expect_chain(q, &rs[i])))
                return;
            int last = q->in.bone_count - 1;
            float err = off_target(rs[i].out.positions[last], rs[i].out.rotations[last], q->in.target);
            if (i != ON_SPINE && !(err <= AXIS_TOL)) {
                fail_look(q, DIAG_NONE, fmt(T(MSG_AIM_LAST_BONE_ON_TARGET), what[i]),
                          fmt(T(MSG_AIM_OFF_TARGET), fmt_deg(err)));
                return;
            }
            /* Entries past bone_count are cleared. */
            for (int k = q->in.bone_count; k < LOOK_MAX_BONES; k++)
                if (v3_length(rs[i].out.positions[k]) != 0.0f || !is_identity(rs[i].out.rotations[k])) {
                    fail_look(q, DIAG_NONE, fmt(T(MSG_AIM_SLOT_CLEARED), k),
                              fmt("position %s, %s", fmt_v3(rs[i].out.positions[k]), written(rs[i].out.rotations[k], "rotation")));
                    return;
                }
            continue;
        }
        if (!expect_look_status(q, &rs[i], AIM_INVALID, fmt(T(MSG_AIM_CHECK_INPUT), what[i])))
            return;
        if (q->null_out)
            continue;
        for (int k = 0; k < LOOK_MAX_BONES; k++)
            if (v3_length(rs[i].out.positions[k]) != 0.0f || !is_identity(rs[i].out.rotations[k])) {
                fail_look(q, DIAG_NONE, fmt(T(MSG_AIM_LOOK_CLEARED), what[i]),
                          fmt(T(MSG_AIM_SLOT_GOT), k, fmt_v3(rs[i].out.positions[k]),
                              written(rs[i].out.rotations[k], "rotation")));
                return;
            }
    }
}

/* ---- the hand on the wall ------------------------------------------------ */

static float expected_reach_weight(float d, float full, float zero)
{
    if (!isfinite(d) || !isfinite(full) || !isfinite(zero) || !(full >= 0.0f) || !(zero > full))
        return 0.0f;
    float t = (d - full) / (zero - full);
    if (t <= 0.0f)
        return 1.0f;
    if (t >= 1.0f)
        return 0.0f;
    return 1.0f - t * t * (3.0f - 2.0f * t);
}

static void describe_weight(const void *request, char *out, size_t size)
{
    const reach_weight_request *rq = request;
    snprintf(out, size, "wall_reach_weight(distance %g, full_weight_distance %g, zero_weight_distance %g)", rq->distance,
             rq->full, rq->zero);
}

#define PROFILE_PAIRS 4
#define PROFILE_STEPS 400

static void reach_weight_profile(void)
{
    /* Distances from 0 to twice the zero-weight distance in small steps,
     * for a few profiles, then bad parameters. */
    static const float pairs[PROFILE_PAIRS][2] = {{0.58f, 0.93f}, {0.0f, 1.0f}, {0.7f, 0.71f}, {1.2f, 3.0f}};
    enum { EDGE = 9, N = PROFILE_PAIRS * PROFILE_STEPS + EDGE };
    static reach_weight_request rq[N];
    static reach_weight_response rs[N];
    int n = 0;
    for (int p = 0; p < PROFILE_PAIRS; p++)
        for (int k = 0; k < PROFILE_STEPS; k++)
            rq[n++] = (reach_weight_request){2.0f * pairs[p][1] * (float)k / (PROFILE_STEPS - 1), pairs[p][0], pairs[p][1]};
    const reach_weight_request edge[EDGE] = {
        {0.5f, 0.6f, 0.6f}, {0.5f, 0.8f, 0.6f}, {0.5f, -0.1f, 0.6f}, {NAN, 0.6f, 0.9f}, {0.5f, NAN, 0.9f},
        {0.5f, 0.6f, NAN},  {0.5f, 0.6f, INFINITY}, {INFINITY, 0.6f, 0.9f}, {-INFINITY, 0.6f, 0.9f},
    };
    for (int i = 0; i < EDGE; i++)
        rq[n++] = edge[i];
    if (!CHECK_CALL(OP_REACH_WEIGHT, rq, N, rs, describe_weight))
        return;
    for (int i = 0; i < N; i++) {
        const reach_weight_request *q = &rq[i];
        float want = expected_reach_weight(q->distance, q->full, q->zero), got = rs[i].weight;
        char given[256];
        describe_weight(q, given, sizeof given);
        if (!(fabsf(got - want) <= WEIGHT_TOL)) {
            const char *rule = i >= PROFILE_PAIRS * PROFILE_STEPS
                                   ? T(MSG_AIM_RULE_INVALID)
                               : q->distance <= q->full ? T(MSG_AIM_RULE_NEAR)
                               : q->distance >= q->zero ? T(MSG_AIM_RULE_FAR)
                                                        : T(MSG_AIM_RULE_BETWEEN);
            float t = (q->distance - q->full) / (q->zero - q->full);
            check_fail(DIAG_NONE, given, fmt("weight %.6f (%s)", want, rule),
                       fmt("weight %.6f%s", got,
                           i < PROFILE_PAIRS * PROFILE_STEPS && t > 0.0f && t < 1.0f && fabsf(got - (1.0f - t)) <= WEIGHT_TOL
                               ? T(MSG_AIM_HINT_LINEAR)
                               : ""));
            return;
        }
        /* Between neighbours: never rising, never more than the smooth
         * step's steepest slope (1.5 / (zero - full)) allows. */
        if (i % PROFILE_STEPS != 0 && i < PROFILE_PAIRS * PROFILE_STEPS) {
            float before = rs[i - 1].weight, step = q->distance - rq[i - 1].distance;
            float limit = 1.5f * step / (q->zero - q->full) + WEIGHT_TOL;
            if (!(got <= before + WEIGHT_TOL) || !(before - got <= limit)) {
                check_fail(DIAG_NONE, given,
                           fmt(T(MSG_AIM_WEIGHT_FALLS), before,
                               rq[i - 1].distance, limit),
                           fmt("weight %.5f", got));
                return;
            }
        }
    }
}

/* A character walking along a wall past the point (at 1.2 m/s, 60 fps);
 * the arm hangs with a slight swing, its elbow bending toward a pole
 * behind and outside the shoulder, as the reference solver bends it. */
static int walk_past_wall(rng *r, wall_reach_request *rq, int max_frames, float zero_over_reach)
{
    float upper = rng_float(r, 0.25f, 0.35f), lower = upper * rng_float(r, 0.85f, 1.1f), reach = upper + lower;
    /* The point at most 0.45 from the shoulder's line of walk, inside the
     * shortest arm's reach (0.46): the weight always gets to 1. */
    float wall_x = rng_float(r, 0.4f, 0.6f), height = rng_float(r, 1.1f, 1.6f);
    vec3 point = v3(wall_x, height + rng_float(r, -0.15f, 0.1f), 2.0f);
    int n = 0;
    for (; n < max_frames; n++) {
        float t = (float)n / 60.0f;
        vec3 shoulder = v3(0.18f, height, 1.2f * t);
        float swing = 0.3f * sinf(6.0f * t);
        vec3 pole = v3_add(shoulder, v3(0.3f, -0.2f, -0.5f));
        vec3 hand = v3_add(shoulder, v3_scale(v3_normalize(v3(0.1f, -1.0f, swing)), 0.9f * reach));
        two_bone_input arm = {shoulder, hand, pole, upper, lower};
        two_bone_output placed;
        two_bone_solve(&arm, &placed);
        memset(&rq[n], 0, sizeof rq[n]);
        rq[n].in = (wall_reach_input){shoulder, placed.mid, placed.tip, pole, upper, lower, point, reach,
                                      zero_over_reach * reach};
        if (shoulder.z > point.z + zero_over_reach * reach + 0.2f)
            break;
    }
    return n;
}

/* Whether wrong arm lengths are the ones the bone_length advice is about
 * (as section 03 decides it): the hand nearer the goal, or the wall point,
 * than any arm with the rest lengths hanging from the shoulder can get -
 * snapped onto a point out of reach, or the arm stretched toward it.
 * Lengths swapped in the solve, elbow and hand blended instead of the goal
 * leave the hand where an arm can reach, and there "do not snap the hand"
 * would mislead. */
static int hand_stretched_to_goal(const wall_reach_input *in, vec3 want_goal, vec3 hand)
{
    const float l1 = in->upper_length, l2 = in->lower_length, reach = l1 + l2;
    vec3 points[2] = {want_goal, in->wall_point};
    for (int p = 0; p < 2; p++) {
        float raw = v3_distance(points[p], in->shoulder);
        float gap = fmaxf(raw - reach, fabsf(l1 - l2) - raw);
        if (v3_distance(hand, points[p]) < gap - TIP_TOL * reach)
            return 1;
    }
    return 0;
}

static int expect_reach_frame(const wall_reach_request *q, const wall_reach_response *s)
{
    const wall_reach_input *in = &q->in;
    wall_reach_output want;
    aim_fill_sentinel_reach(&want);
    wall_reach_solve(in, &want);
    const wall_reach_output *got = &s->out;
    const float reach = in->upper_length + in->lower_length;
    if (s->guard_damage != 0)
        return fail_reach(q, DIAG_NONE, T(MSG_AIM_GUARD_INTACT), guard_damage_text(s->guard_damage));
    if (s->status != AIM_OK)
        return fail_reach(q, DIAG_NONE, "status AIM_OK", fmt("status %s", status_name(s->status)));
    if (!(fabsf(got->weight - want.weight) <= WEIGHT_TOL))
        return fail_reach(q, DIAG_NONE,
                          fmt("weight = wall_reach_weight(|wall_point − shoulder| = %.4f, %g, %g) = %.5f",
                              v3_distance(in->wall_point, in->shoulder), in->full_weight_distance,
                              in->zero_weight_distance, want.weight),
                          fmt("weight %.5f", got->weight));
    if (want.weight == 0.0f) {
        if (!(v3_distance(got->elbow, in->elbow) <= ANIM_TOL) || !(v3_distance(got->hand, in->hand) <= ANIM_TOL))
            return fail_reach(q, DIAG_NONE, T(MSG_AIM_FAR_ANIMATION),
                              fmt("elbow %s, hand %s", fmt_v3(got->elbow), fmt_v3(got->hand)));
        return 1;
    }
    if (!(v3_distance(got->goal, want.goal) <= TIP_TOL * reach))
        return fail_reach(q, DIAG_NONE, fmt("goal = lerp(hand, wall_point, %.4f) = %s", want.weight, fmt_v3(want.goal)),
                          fmt("goal %s", fmt_v3(got->goal)));
    float upper = v3_distance(got->elbow, in->shoulder), lower = v3_distance(got->hand, got->elbow);
    if (!(fabsf(upper - in->upper_length) <= ARM_LEN_TOL * in->upper_length) ||
        !(fabsf(lower - in->lower_length) <= ARM_LEN_TOL * in->lower_length))
        return fail_reach(q, hand_stretched_to_goal(in, want.goal, got->hand) ? DIAG_BONE_LENGTH : DIAG_NONE,
                          fmt("|elbow − shoulder| = %.5f, |hand − elbow| = %.5f", in->upper_length, in->lower_length),
                          fmt(T(MSG_AIM_ARM_LENGTH_GOT),
                              upper, lower, fmt_v3(got->goal), v3_distance(got->goal, in->shoulder), reach));
    /* The reference's arm, or one 03's contract allows for the same goal
     * (limb_shape.h): the arm is placed by the student's own 03. */
    int as_reference = v3_distance(got->hand, want.hand) <= TIP_TOL * reach &&
                       v3_distance(got->elbow, want.elbow) <= TIP_TOL * reach;
    if (!as_reference && !limb_has_solve_shape(in->shoulder, want.goal, in->elbow_pole, in->upper_length,
                                               in->lower_length, got->elbow, got->hand))
        return fail_reach(q, DIAG_NONE,
                          fmt("weight %.4f → two_bone_solve(shoulder, goal %s, elbow_pole, upper, lower): elbow %s, hand %s",
                              want.weight, fmt_v3(want.goal), fmt_v3(want.elbow), fmt_v3(want.hand)),
                          fmt("elbow %s, hand %s%s", fmt_v3(got->elbow), fmt_v3(got->hand),
                              v3_distance(got->hand, in->hand) == 0.0f ? T(MSG_AIM_HINT_ARM_ANIMATION) : ""));
    return 1;
}

#define WALKS 4
#define WALK_FRAMES 240

static void wall_reach_walk_past(void)
{
    static wall_reach_request rq[WALKS * WALK_FRAMES];
    static wall_reach_response rs[WALKS * WALK_FRAMES];
    int first[WALKS + 1];
    rng r = check_rng();
    int n = 0;
    /* A different fade-out distance on each walk (the first is the one
     * every walk used to have), so a zero_weight_distance read from the
     * wrong field or a ratio written into the code shows. */
    static const float zero_over_reach[WALKS] = {1.6f, 1.25f, 2.2f, 1.05f};
    for (int w = 0; w < WALKS; w++) {
        first[w] = n;
        n += walk_past_wall(&r, &rq[n], WALK_FRAMES, zero_over_reach[w]);
    }
    first[WALKS] = n;
    PICTURE_REMEMBER(rq, rs, (size_t)n);
    if (!CHECK_CALL(OP_WALL_REACH, rq, (size_t)n, rs, describe_reach))
        return;
    for (int w = 0; w < WALKS; w++) {
        float peak = 0.0f;
        for (int i = first[w]; i < first[w + 1]; i++) {
            if (!expect_reach_frame(&rq[i], &rs[i]))
                return;
            peak = fmaxf(peak, rs[i].out.weight);
            /* Frame to frame, the weight moves no faster than the smooth
             * step allows over the distance walked. */
            if (i > first[w]) {
                const wall_reach_input *a = &rq[i - 1].in, *b = &rq[i].in;
                float moved = fabsf(v3_distance(b->wall_point, b->shoulder) - v3_distance(a->wall_point, a->shoulder));
                float limit = 1.5f * moved / (b->zero_weight_distance - b->full_weight_distance) + WEIGHT_TOL;
                if (!(fabsf(rs[i].out.weight - rs[i - 1].out.weight) <= limit)) {
                    fail_reach(&rq[i], DIAG_NONE,
                               fmt(T(MSG_AIM_WEIGHT_SMOOTH), rs[i - 1].out.weight, limit),
                               fmt("weight %.5f", rs[i].out.weight));
                    return;
                }
            }
        }
        if (!(rs[first[w]].out.weight == 0.0f) || !(rs[first[w + 1] - 1].out.weight == 0.0f) || !(peak == 1.0f)) {
            fail_reach(&rq[first[w]], DIAG_NONE, T(MSG_AIM_WALK_PROFILE),
                       fmt(T(MSG_AIM_WALK_PROFILE_GOT), rs[first[w]].out.weight, peak,
                           rs[first[w + 1] - 1].out.weight));
            return;
        }
    }
}

static void wall_reach_invalid(void)
{
    rng r = check_rng();
    wall_reach_request good[WALK_FRAMES];
    int frames = walk_past_wall(&r, good, WALK_FRAMES, 1.6f);
    const wall_reach_input base = good[frames / 2].in; /* near the point */
    enum { NULL_IN, NULL_OUT, NAN_SHOULDER, INF_POINT, NAN_POLE, ZERO_UPPER, NEG_LOWER, NEG_FULL, ZERO_BELOW_FULL, NAN_ZERO,
           ZERO_IS_FULL, INF_FULL, INF_BOTH, FAR_SHOULDER, FAR_POLE, INF_UPPER, FAR_LOWER, NAN_ELBOW, INF_HAND,
           /* and the one end of the distances that is valid */
           ZERO_LOWER, FULL_ZERO, N };
    static const char *const what[N] = {"in = NULL", "out = NULL", "shoulder = NaN", "wall_point = inf",
                                        "elbow_pole = NaN", "upper_length = 0", "lower_length = -0.3",
                                        "full_weight_distance = -0.1", "zero_weight_distance < full_weight_distance",
                                        "zero_weight_distance = NaN", "zero_weight_distance = full_weight_distance",
                                        "full_weight_distance = inf", "full_weight_distance = zero_weight_distance = inf",
                                        "shoulder.z = 1e30 (> IK_WORLD_LIMIT)", "elbow_pole.x = -2e18 (> IK_WORLD_LIMIT)",
                                        "upper_length = inf", "lower_length = 1e30 (> IK_WORLD_LIMIT)", "elbow = NaN",
                                        "hand = -inf", "lower_length = 0", "full_weight_distance = 0"};
    wall_reach_request rq[N];
    wall_reach_response rs[N];
    for (int i = 0; i < N; i++) {
        memset(&rq[i], 0, sizeof rq[i]);
        rq[i].in = base;
    }
    rq[NULL_IN].null_in = 1;
    rq[NULL_OUT].null_out = 1;
    rq[NAN_SHOULDER].in.shoulder.x = NAN;
    rq[INF_POINT].in.wall_point.y = INFINITY;
    rq[NAN_POLE].in.elbow_pole.z = NAN;
    rq[ZERO_UPPER].in.upper_length = 0.0f;
    rq[NEG_LOWER].in.lower_length = -0.3f;
    rq[NEG_FULL].in.full_weight_distance = -0.1f;
    rq[ZERO_BELOW_FULL].in.zero_weight_distance = 0.5f * base.full_weight_distance;
    rq[NAN_ZERO].in.zero_weight_distance = NAN;
    rq[ZERO_IS_FULL].in.zero_weight_distance = base.full_weight_distance;
    rq[INF_FULL].in.full_weight_distance = INFINITY;
    rq[INF_BOTH].in.full_weight_distance = INFINITY;
    rq[INF_BOTH].in.zero_weight_distance = INFINITY;
    rq[FAR_SHOULDER].in.shoulder.z = 1e30f;
    rq[FAR_POLE].in.elbow_pole.x = -2.0f * IK_WORLD_LIMIT;
    rq[INF_UPPER].in.upper_length = INFINITY;
    rq[FAR_LOWER].in.lower_length = 1e30f;
    rq[NAN_ELBOW].in.elbow.y = NAN;
    rq[INF_HAND].in.hand.x = -INFINITY;
    rq[ZERO_LOWER].in.lower_length = 0.0f;
    rq[FULL_ZERO].in.full_weight_distance = 0.0f; /* >= 0 is allowed: weight 1 only on the point itself */
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_WALL_REACH, rq, N, rs, describe_reach))
        return;
    for (int i = 0; i < N; i++) {
        if (rs[i].guard_damage != 0) {
            fail_reach(&rq[i], DIAG_NONE, T(MSG_AIM_GUARD_INTACT), guard_damage_text(rs[i].guard_damage));
            return;
        }
        if (i == FULL_ZERO) {
            if (!expect_reach_frame(&rq[i], &rs[i]))
                return;
            continue;
        }
        if (rs[i].status != AIM_INVALID) {
            fail_reach(&rq[i], DIAG_NONE, fmt("%s → status %s", what[i], status_name(AIM_INVALID)),
                       fmt("status %s", status_name(rs[i].status)));
            return;
        }
        if (i == NULL_OUT)
            continue;
        const wall_reach_output *o = &rs[i].out;
        if (o->weight != 0.0f || v3_length(o->goal) != 0.0f || v3_length(o->elbow) != 0.0f || v3_length(o->hand) != 0.0f) {
            fail_reach(&rq[i], DIAG_NONE, fmt(T(MSG_AIM_REACH_CLEARED), what[i]),
                       fmt("weight %g, goal %s, elbow %s, hand %s%s", o->weight, fmt_v3(o->goal), fmt_v3(o->elbow),
                           fmt_v3(o->hand), o->weight == AIM_SENTINEL ? T(MSG_AIM_HINT_PLACEHOLDER) : ""));
            return;
        }
    }
}

DEFINE_SUITE(AIM_IK,
    {"aim_weight_endpoints", "aim weight 0 = animation เดิม, weight 1 = +Z ชี้ไปที่ target พอดี (400 แบบ)", "aim weight 0 = the animation, weight 1 = +Z points exactly at the target (400 cases)", aim_weight_endpoints, CHECK_RANDOM},
    {"aim_angle_shrinks", "weight 0 → 1: มุมระหว่าง +Z กับ target ลดลงทุกขั้นตาม arc สั้นสุดของ Slerp", "weight 0 → 1: the angle between +Z and the target shrinks each step along Slerp's shortest arc", aim_angle_shrinks, CHECK_RANDOM},
    {"aim_keeps_upright", "LookRotation กับ up ของโลก: weight 1 ไม่มี roll, ทุก weight (รวม aimWeight 0.6) ยังตั้งตรง", "LookRotation with world up: no roll at weight 1, upright at every weight (including aimWeight 0.6)", aim_keeps_upright, CHECK_RANDOM},
    {"aim_degenerate_targets", "target ข้างหลัง, ตรงบน/ล่าง (heading ใดก็ได้), ทับ bone: ไม่ flip ไม่มี NaN", "target behind, straight above/below (any heading), on the bone: no flip, no NaN", aim_degenerate_targets, CHECK_FIXED},
    {"aim_invalid_input", "NaN, inf, weight นอก 0..1, out = NULL: AIM_INVALID และ identity", "NaN, inf, weight outside 0..1, out = NULL: AIM_INVALID and identity", aim_invalid_input, CHECK_FIXED},
    {"look_at_spreads", "look-at กระจายไป spine/neck/head ตาม share: lookWeight 0, 0.7, 1 ตรงกับคำตอบอ้างอิง", "look-at spread over spine/neck/head by share: lookWeight 0, 0.7, 1 match the reference", look_at_spreads, CHECK_RANDOM},
    {"look_at_weight_sweep", "lookWeight 0 → 1: ทุก pose ตรงกับคำตอบอ้างอิง หัวหันเข้าหา target มากขึ้นในทุกขั้นที่ของคำตอบอ้างอิงหันเข้า", "lookWeight 0 → 1: every pose is the reference's; the head turns further toward the target at every step the reference's does", look_at_weight_sweep, CHECK_RANDOM},
    {"look_at_degenerate", "target ทับ bone/ข้างหลัง/เหนือหัว, chain 1 และ 8 bone, input เสีย: ไม่มี NaN", "target on a bone/behind/above the head, chains of 1 and 8 bones, bad input: no NaN", look_at_degenerate, CHECK_RANDOM},
    {"reach_weight_profile", "weight ของมือแตะกำแพง: 1 ในระยะเอื้อม, 0 เมื่อไกล, smoothstep ต่อเนื่องระหว่างกลาง", "wall-touch hand weight: 1 within reach, 0 when far, continuous smoothstep in between", reach_weight_profile, CHECK_FIXED},
    {"wall_reach_walk_past", "เดินผ่านกำแพง: weight ค่อยๆ ขึ้นแล้วลง มือถึงจุดบนกำแพง แขนยาวคงที่", "walking past a wall: weight rises then falls, hand reaches the wall point, arm lengths kept", wall_reach_walk_past, CHECK_RANDOM},
    {"wall_reach_invalid", "มือแตะกำแพงกับ input เสีย (NaN, inf, นอกโลก, ความยาว ≤ 0, zero ≤ full, NULL): AIM_INVALID; full_weight_distance 0 ใช้ได้", "wall touch with bad input (NaN, inf, beyond the world, length ≤ 0, zero ≤ full, NULL): AIM_INVALID; full_weight_distance 0 is valid", wall_reach_invalid, CHECK_RANDOM})
