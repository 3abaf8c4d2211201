/* 04 pole vector: the checks (trusted side).
 *
 * Where the pole goes (hip space, in front for a knee, behind for an
 * elbow, turning with the hip) and how the bones are rotated once section
 * 03 has placed the joints (+Z along the bone, +Y toward the pole). The
 * joints are placed by the checker (the reference two_bone_solve, on the
 * seed's own limbs) and the rotations are rebuilt into positions by the
 * checker's own forward kinematics, so only this section's code is graded. One known mistake is named: a +Y axis that points away from
 * the pole (pole_side). */
#include "check.h"
#include "picture.h"
#include "forward_kinematics.h"
#include "messages.h"
#include "sections.h"
#include "sections/04_pole_vector/ops.h"
#include "two_bone.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Pole placement is one quat_rotate and one add in float: a few ulps
 * (~1e-7) of |hip| + |offset|. A student who writes the rotation another
 * way (q * v * q^-1 with quat_mul, a matrix) lands within ~1e-6 of that.
 * 1e-5 of the scale forgives any of those and still catches every real
 * mistake (unrotated offset, inverse rotation, wrong side), which is off by
 * the order of |offset| itself. */
#define PLACE_TOL 1e-5f

/* Bone axes: measured on the reference over 200k random limbs like the
 * ones below, +Z is within 5.7e-7 rad of the bone and +Y within 3.1e-6 rad
 * of the pole's perpendicular; another correct construction (quat_from_to
 * then a twist, a basis of cross products) adds a few 1e-6 at most. 1e-3
 * rad (0.06 deg) is 300x that and still speaks to any real direction
 * mistake (a wrong axis, a twist, a flipped up is off by degrees). */
#define AXIS_TOL_RAD 1e-3f
/* A rotation must be a unit quaternion: float normalization leaves |q|
 * within ~1e-7 of 1 (1.8e-7 measured); an unnormalized product or sum is
 * off by far more. */
#define UNIT_TOL 1e-4f
/* Identity is written as constants (or comes out of a zero-angle
 * rotation exactly); a computed or unwritten rotation is nowhere near. */
#define IDENTITY_TOL 1e-5f

/* Positions rebuilt through FK from the student's rotations: two
 * quat_rotate/quat_mul steps in float, measured at most 9.4e-7 * (L1 + L2)
 * with the reference's rotations over 200k limbs. 1e-4 of the limb's
 * length (the tolerance section 03 uses for its joints) is 100x that and
 * far below anything a viewer would see; a bone whose +Z misses by even
 * 0.01 deg is off by 1.7e-4 of its length. */
#define REBUILD_TOL 1e-4f

/* The pole sweep solves with the reference two_bone_solve: its tip is
 * within 3.6e-5 * (L1 + L2) of the target (section 03's measurement over
 * random limbs; 4e-9 on this leg), so 1e-4 * (L1 + L2) as in section 03.
 * The elbow's distance from and projection onto the root->target line come
 * out of the same solve (measured to vary by 6e-8 over the sweep). */
#define SWEEP_POS_TOL 1e-4f
/* Successive elbows 15 deg apart about the root->target line. The elbow
 * sits 0.21 from the line and its position is good to ~1e-7, so its angle
 * about the line is good to ~1e-6 rad (measured 2.3e-5 deg off 15 deg with
 * the reference pole). 0.05 deg (the tolerance of the chapter's worked
 * angles in section 02) is 2000x that, while a pole that does not turn with
 * the hip moves the elbow 0 deg per step and an inverse rotation -15 deg. */
#define SWEEP_STEP_DEG 15.0f
#define SWEEP_STEP_TOL_DEG 0.05f
#define SWEEP_STEPS 24

/* ---- describing cases ------------------------------------------------- */

static const char *limb_name(int limb)
{
    return limb == LIMB_KNEE ? "LIMB_KNEE" : limb == LIMB_ELBOW ? "LIMB_ELBOW" : "?";
}

static const char *fmt_q(quat q) { return fmt("(%.4f, %.4f, %.4f, %.4f)", q.x, q.y, q.z, q.w); }

static const char *status_name(int s)
{
    return s == POLE_OK ? "POLE_OK" : s == POLE_DEGENERATE ? "POLE_DEGENERATE" : fmt(T(MSG_POLE_NO_SUCH_STATUS), s);
}

static void describe_place(const void *request, char *out, size_t size)
{
    const pole_place_request *rq = request;
    if (rq->offset_from_limb)
        snprintf(out, size, "pole_from_hip(hip %s, hip_rotation %s, pole_offset_for(%s, %g))",
                 fmt_v3(rq->hip_position), fmt_q(rq->hip_rotation), limb_name(rq->limb), rq->distance);
    else
        snprintf(out, size, "pole_offset_for(%s, %g); pole_from_hip(hip %s, hip_rotation %s, offset %s)",
                 limb_name(rq->limb), rq->distance, fmt_v3(rq->hip_position), fmt_q(rq->hip_rotation),
                 fmt_v3(rq->offset));
}

static void describe_rot(const void *request, char *out, size_t size)
{
    const pole_rot_request *rq = request;
    snprintf(out, size, "bone_rotations_from_positions(root %s, mid %s, tip %s, pole %s, %s, %s)",
             fmt_v3(rq->root), fmt_v3(rq->mid), fmt_v3(rq->tip), fmt_v3(rq->pole),
             (rq->null_flags & POLE_NULL_UPPER) ? "NULL" : "&upper",
             (rq->null_flags & POLE_NULL_LOWER) ? "NULL" : "&lower");
}

static int fail_rot(const pole_rot_request *rq, diagnosis d, const char *expected, const char *got)
{
    char given[768];
    describe_rot(rq, given, sizeof given);
    check_fail(d, given, expected, got);
    return 0;
}

/* ---- geometry helpers ------------------------------------------------- */

/* Angle between two directions, accurate near 0 (acos is not). */
static float angle_between(vec3 a, vec3 b)
{
    return atan2f(v3_length(v3_cross(a, b)), v3_dot(a, b));
}

/* The part of v perpendicular to the unit direction `axis`. */
static vec3 perpendicular_part(vec3 v, vec3 axis)
{
    return v3_sub(v, v3_scale(axis, v3_dot(v, axis)));
}

/* ---- bone rotation checks --------------------------------------------- */

static int expect_status(const pole_rot_request *rq, int got, pole_status want, const char *why)
{
    if (got == (int)want)
        return 1;
    return fail_rot(rq, DIAG_NONE, fmt(T(MSG_POLE_EXPECT_RETURNS_WHY), status_name(want), why),
                    fmt(T(MSG_POLE_GOT_RETURNS), status_name(got)));
}

static int expect_identity(const pole_rot_request *rq, const char *name, quat q, const char *why)
{
    if (fabsf(q.x) <= IDENTITY_TOL && fabsf(q.y) <= IDENTITY_TOL && fabsf(q.z) <= IDENTITY_TOL &&
        fabsf(fabsf(q.w) - 1.0f) <= IDENTITY_TOL)
        return 1;
    const char *got = q.x == POLE_SENTINEL ? fmt(T(MSG_POLE_NOT_WRITTEN), name, POLE_SENTINEL)
                                           : fmt("%s = %s", name, fmt_q(q));
    return fail_rot(rq, DIAG_NONE, fmt("%s = identity (0, 0, 0, 1) — %s", name, why), got);
}

/* The picture of a failing bone rotation (checker/picture.h): the limb as
 * given in the plane of root, tip and pole, and at the failing bone's
 * middle its axes: the reference's +Z (along the bone) and +Y (toward the
 * pole), and the student's (the rotation applied to +Z and +Y). */
static void bone_picture(const pole_rot_request *rq, const char *name, quat q, vec3 joint, vec3 child)
{
    if (rq->null_flags || !quat_is_finite(q) || !v3_is_finite(rq->root) || !v3_is_finite(rq->mid) ||
        !v3_is_finite(rq->tip) || !v3_is_finite(rq->pole) || !picture_case("limb"))
        return;
    vec3 x = v3_sub(rq->tip, rq->root);
    x = v3_length(x) > 1e-6f ? v3_normalize(x) : v3(1, 0, 0);
    vec3 y = perpendicular_part(v3_sub(rq->pole, rq->root), x);
    y = v3_length(y) > 1e-6f ? v3_normalize(y) : v3_normalize(perpendicular_part(v3_sub(rq->mid, rq->root), x));
    picture_plane(rq->root, x, y);
    picture_points("given", (vec3[]){rq->root, rq->mid, rq->tip}, 3);
    picture_points("pole", &rq->pole, 1);
    float len = 0.35f * v3_distance(child, joint);
    vec3 at = v3_scale(v3_add(joint, child), 0.5f), bone = v3_normalize(v3_sub(child, joint));
    vec3 up = v3_normalize(perpendicular_part(v3_sub(rq->pole, joint), bone));
    picture_points("ref", (vec3[]){v3_add(at, v3_scale(bone, len)), at, v3_add(at, v3_scale(up, len))}, 3);
    vec3 qz = quat_rotate(q, v3_forward()), qy = quat_rotate(q, v3_up());
    picture_points("student", (vec3[]){v3_add(at, v3_scale(qz, len)), at, v3_add(at, v3_scale(qy, len))}, 3);
    float px, py;
    picture_project(v3_add(at, v3_scale(up, len)), &px, &py);
    picture_label("reflab", px, py, "+Y");
    picture_project(v3_add(at, v3_scale(qy, len)), &px, &py);
    picture_label("studentlab", px, py, picture_tr("+Y ของคุณ (yours)", "your +Y"));
    picture_project(rq->root, &px, &py);
    picture_label("givenlab", px, py, "root");
    char given[768];
    describe_rot(rq, given, sizeof given);
    picture_text("case_text", given);
    picture_text("student_text", fmt(picture_tr("แกนของ bone %s: +Z ตาม bone, +Y ไปทาง pole (the bone's axes)",
                                                "the %s bone's axes: +Z along the bone, +Y toward the pole"), name));
}

/* A unit rotation with +Z along joint->child and, when check_up is set,
 * +Y leaning toward the pole: on the pole's side of the bone, in the plane
 * of the bone and the pole (what LookRotation(child - joint, pole - joint)
 * gives). `other_joint` (the root, for the lower bone) names the other
 * mistake that can leave +Y in the plane but away from the pole: the up
 * vector taken from the wrong joint, pole - root for the lower bone. (For
 * the upper bone, pole - mid has the same perpendicular part as
 * pole - root, so that slip does no harm there.) */
static int expect_bone(const pole_rot_request *rq, const char *name, quat q, vec3 joint, vec3 child, vec3 pole,
                       int check_up, const vec3 *other_joint)
{
    float len = sqrtf(quat_dot(q, q));
    if (!quat_is_finite(q) || !(fabsf(len - 1.0f) <= UNIT_TOL)) {
        const char *got = q.x == POLE_SENTINEL
                              ? fmt(T(MSG_POLE_NOT_WRITTEN), name, POLE_SENTINEL)
                              : fmt("%s = %s, |q| = %.6f%s", name, fmt_q(q), len,
                                    quat_is_finite(q) ? "" : T(MSG_POLE_HINT_NAN));
        bone_picture(rq, name, q, joint, child);
        return fail_rot(rq, DIAG_NONE, fmt(T(MSG_POLE_EXPECT_UNIT), name), got);
    }

    vec3 bone = v3_normalize(v3_sub(child, joint));
    vec3 z = quat_rotate(q, v3_forward());
    float z_err = angle_between(z, bone);
    if (!(z_err <= AXIS_TOL_RAD)) {
        bone_picture(rq, name, q, joint, child);
        return fail_rot(rq, DIAG_NONE,
                        fmt(T(MSG_POLE_EXPECT_Z), name, fmt_v3(bone), AXIS_TOL_RAD * IK_RAD_TO_DEG),
                        fmt(T(MSG_POLE_GOT_Z), name, fmt_v3(z), fmt_deg(z_err), name, fmt_q(q)));
    }
    if (!check_up)
        return 1;

    vec3 perp = v3_normalize(perpendicular_part(v3_sub(pole, joint), bone));
    vec3 normal = v3_normalize(v3_cross(bone, perp));
    vec3 y = quat_rotate(q, v3_up());
    float toward = v3_dot(y, perp);
    float off_plane = asinf(fminf(1.0f, fabsf(v3_dot(y, normal))));
    if (!(toward > 0.0f)) {
        /* In the plane but on the far side: the up vector was turned around
         * (joint - pole instead of pole - joint, or a negated axis). */
        int wrong_joint = 0;
        if (other_joint) {
            vec3 alt = v3_normalize(perpendicular_part(v3_sub(pole, *other_joint), bone));
            wrong_joint = angle_between(y, alt) <= AXIS_TOL_RAD;
        }
        diagnosis d = off_plane <= AXIS_TOL_RAD && !wrong_joint ? DIAG_POLE_SIDE : DIAG_NONE;
        const char *hint = wrong_joint ? T(MSG_POLE_HINT_WRONG_JOINT)
                           : d == DIAG_POLE_SIDE ? T(MSG_POLE_HINT_UP_REVERSED)
                                                 : "";
        bone_picture(rq, name, q, joint, child);
        return fail_rot(rq, d,
                        fmt(T(MSG_POLE_EXPECT_Y_TOWARD), name, fmt_v3(perp)),
                        fmt(T(MSG_POLE_GOT_Y_AWAY), name, fmt_v3(y), toward, hint));
    }
    if (!(off_plane <= AXIS_TOL_RAD)) {
        bone_picture(rq, name, q, joint, child);
        return fail_rot(rq, DIAG_NONE,
                        fmt(T(MSG_POLE_EXPECT_Y_PLANE), name, fmt_v3(perp), AXIS_TOL_RAD * IK_RAD_TO_DEG),
                        fmt(T(MSG_POLE_GOT_Y_TWIST), name, fmt_v3(y), fmt_deg(off_plane)));
    }
    return 1;
}

/* ---- random limbs ------------------------------------------------------- */

typedef struct {
    vec3 root, mid, tip, pole;
} limb_pose;

/* A reachable limb solved by the reference, with a pole that clearly
 * leans off both bones (at least ~6 deg from each bone's line, so the
 * direction of "toward the pole" is well defined to float precision). */
static limb_pose random_limb(rng *r)
{
    for (;;) {
        float l1 = rng_float(r, 0.2f, 1.5f), l2 = rng_float(r, 0.2f, 1.5f);
        float lo = fabsf(l1 - l2), hi = l1 + l2;
        float d = rng_float(r, lo + 0.05f * (hi - lo), hi - 0.05f * (hi - lo));
        vec3 root = rng_v3(r, -1.0f, 1.0f);
        vec3 target = v3_add(root, v3_scale(rng_unit_v3(r), d));
        vec3 pole = v3_add(root, rng_v3(r, -2.0f, 2.0f));
        two_bone_input in = {root, target, pole, l1, l2};
        two_bone_output out;
        if (two_bone_solve(&in, &out) != TWO_BONE_REACHED)
            continue;
        limb_pose p = {root, out.mid, out.tip, pole};
        vec3 up_u = v3_sub(pole, root), up_l = v3_sub(pole, out.mid);
        vec3 bu = v3_normalize(v3_sub(out.mid, root)), bl = v3_normalize(v3_sub(out.tip, out.mid));
        if (v3_length(up_u) < 0.05f || v3_length(up_l) < 0.05f ||
            v3_length(perpendicular_part(up_u, bu)) < 0.1f * v3_length(up_u) ||
            v3_length(perpendicular_part(up_l, bl)) < 0.1f * v3_length(up_l))
            continue;
        return p;
    }
}

static pole_rot_request rot_request(vec3 root, vec3 mid, vec3 tip, vec3 pole, int null_flags)
{
    pole_rot_request rq;
    memset(&rq, 0, sizeof rq);
    rq.root = root;
    rq.mid = mid;
    rq.tip = tip;
    rq.pole = pole;
    rq.null_flags = null_flags;
    return rq;
}

/* ---- the checks ----------------------------------------------------------- */

static int expect_v3(const pole_place_request *rq, const char *what, vec3 got, vec3 want, float scale,
                     const char *hint)
{
    if (v3_distance(got, want) <= PLACE_TOL * scale) /* false for NaN */
        return 1;
    char given[768];
    describe_place(rq, given, sizeof given);
    check_fail(DIAG_NONE, given, fmt("%s = %s", what, fmt_v3(want)), fmt("%s = %s%s", what, fmt_v3(got), hint));
    return 0;
}

/* The picture of a failing pole placement (checker/picture.h), seen from
 * the character's side: the plane through the hip spanned by the hip's
 * own +Z (forward) and +Y (up), the hip's axes drawn grey, the pole where
 * it should be and where yours is, each joined to the hip. pole_offsets'
 * first half (the offset in the hip's own space) is drawn in that space
 * (hip at 0, the hip's axes the plot's axes). */
static void place_picture(const pole_place_request *rq, vec3 want, vec3 got, int local, const char *what)
{
    if (!v3_is_finite(rq->hip_position) || !quat_is_finite(rq->hip_rotation) || !v3_is_finite(want) ||
        !picture_case("pole"))
        return;
    quat turn = local ? quat_identity() : quat_normalize(rq->hip_rotation);
    vec3 at = local ? v3_zero() : rq->hip_position;
    vec3 z = quat_rotate(turn, v3_forward()), y = quat_rotate(turn, v3_up());
    picture_plane(at, z, y);
    float len = fmaxf(0.25f, 1.4f * v3_distance(want, at));
    picture_points("given", (vec3[]){v3_add(at, v3_scale(z, len)), at, v3_add(at, v3_scale(y, len))}, 3);
    picture_points("pole", &want, 1);
    picture_points("ref", (vec3[]){at, want}, 2);
    if (v3_is_finite(got))
        picture_points("student", (vec3[]){at, got}, 2);
    float px, py;
    picture_project(v3_add(at, v3_scale(z, len)), &px, &py);
    picture_label("givenlab", px, py, picture_tr("+Z ของ hip (forward)", "the hip's +Z (forward)"));
    picture_project(v3_add(at, v3_scale(y, len)), &px, &py);
    picture_label("givenlab", px, py, picture_tr("+Y ของ hip (up)", "the hip's +Y (up)"));
    picture_project(at, &px, &py);
    picture_label("givenlab", px, py, "hip");
    picture_project(want, &px, &py);
    picture_label("reflab", px, py, fmt("%s %s", what, picture_tr("ควรอยู่ที่นี่ (should be here)", "should be here")));
    if (v3_is_finite(got)) {
        picture_project(got, &px, &py);
        picture_label("studentlab", px, py, fmt(picture_tr("%s ของคุณ (yours)", "your %s"), what));
        picture_text("student_text",
                     fmt(picture_tr("%s ของคุณห่างจากระนาบ +Z/+Y ของ hip (off the plane) %.3g",
                                    "your %s off the hip's +Z/+Y plane by %.3g"),
                         what, (double)v3_dot(v3_sub(got, at), v3_cross(z, y))));
    } else
        picture_text("student_text", fmt(picture_tr("%s ของคุณไม่ใช่ตัวเลขจำกัด (not finite)", "your %s is not finite"), what));
    picture_text("case_text", fmt("%s, %s %s, distance %.3g", local ? "pole_offset_for" : "pole_from_hip",
                                  picture_tr("limb", "limb"), rq->limb == LIMB_KNEE ? "knee" : "elbow",
                                  (double)rq->distance));
}

#define PLACE_CASES 40

static void pole_offsets(void)
{
    static const float DISTANCES[] = {0.3f, 0.05f, 0.5f, 1.0f, 2.5f};
    enum { ND = sizeof DISTANCES / sizeof DISTANCES[0] };
    pole_place_request rq[PLACE_CASES];
    pole_place_response rs[PLACE_CASES];
    memset(rq, 0, sizeof rq);
    rng r = check_rng();
    for (int i = 0; i < PLACE_CASES; i++) {
        rq[i].limb = (i % 2) ? LIMB_ELBOW : LIMB_KNEE;
        rq[i].distance = DISTANCES[(i / 2) % ND];
        rq[i].hip_position = rng_v3(&r, -2.0f, 2.0f);
        rq[i].hip_rotation = rng_quat(&r);
        rq[i].offset = rng_v3(&r, -1.0f, 1.0f);
    }
    if (!CHECK_CALL(OP_POLE_PLACE, rq, PLACE_CASES, rs, describe_place))
        return;
    for (int i = 0; i < PLACE_CASES; i++) {
        vec3 want = pole_offset_for((limb_kind)rq[i].limb, rq[i].distance);
        int swapped = v3_distance(rs[i].offset, v3_neg(want)) <= PLACE_TOL * (1.0f + rq[i].distance);
        const char *hint = !swapped ? ""
                           : rq[i].limb == LIMB_KNEE ? T(MSG_POLE_HINT_KNEE_FRONT)
                                                     : T(MSG_POLE_HINT_ELBOW_BACK);
        if (v3_distance(rs[i].offset, want) > PLACE_TOL * (1.0f + rq[i].distance) || !v3_is_finite(rs[i].offset))
            place_picture(&rq[i], want, rs[i].offset, 1, "offset");
        if (!expect_v3(&rq[i], "pole_offset_for", rs[i].offset, want, 1.0f + rq[i].distance, hint))
            return;
    }
    for (int i = 0; i < PLACE_CASES; i++) {
        vec3 want = v3_add(rq[i].hip_position, quat_rotate(rq[i].hip_rotation, rq[i].offset));
        vec3 unrotated = v3_add(rq[i].hip_position, rq[i].offset);
        float scale = 1.0f + v3_length(rq[i].hip_position) + v3_length(rq[i].offset);
        const char *hint = v3_distance(rs[i].pole, unrotated) <= PLACE_TOL * scale
                               ? T(MSG_POLE_HINT_UNROTATED)
                           : v3_distance(rs[i].pole, rq[i].hip_position) <= PLACE_TOL * scale
                               ? T(MSG_POLE_HINT_NO_OFFSET)
                               : "";
        if (!(v3_distance(rs[i].pole, want) <= PLACE_TOL * scale))
            place_picture(&rq[i], want, rs[i].pole, 0, "pole");
        if (!expect_v3(&rq[i], "pole_from_hip", rs[i].pole, want, scale, hint))
            return;
    }
}

/* The picture of a failing sweep: seen along the hip->target line (the
 * hip at the centre), the knee at each step up to the failing one, the
 * reference's (its poles) and yours (your poles, the reference solver),
 * the failing step marked. */
static void sweep_picture(vec3 hip, vec3 target, vec3 axis, float l1, float l2, const pole_place_request *rq,
                          const pole_place_response *rs, int steps, int failed, const char *what)
{
    if (!picture_case("sweep"))
        return;
    vec3 x = perpendicular_part(v3_forward(), axis);
    x = v3_length(x) > 1e-6f ? v3_normalize(x) : v3_normalize(perpendicular_part(v3_right(), axis));
    picture_plane(hip, x, v3_cross(axis, x));
    static vec3 want[SWEEP_STEPS + 1], got[SWEEP_STEPS + 1];
    int n = 0;
    for (int k = 0; k < steps && k < SWEEP_STEPS; k++, n++) {
        two_bone_output out;
        two_bone_input a = {hip, target, pole_from_hip(hip, rq[k].hip_rotation, pole_offset_for(LIMB_KNEE, 0.3f)), l1, l2};
        two_bone_solve(&a, &out);
        want[k] = out.mid;
        two_bone_input b = {hip, target, rs[k].pole, l1, l2};
        got[k] = v3_is_finite(rs[k].pole) && two_bone_solve(&b, &out) != TWO_BONE_INVALID ? out.mid : v3(NAN, NAN, NAN);
    }
    picture_points("given", (vec3[]){hip, target}, 2);
    picture_points("ref", want, n);
    picture_points("student", got, n);
    if (failed >= 0 && failed < n) {
        picture_points("target", &want[failed], 1);
        float px, py;
        if (failed > 0) {
            picture_project(want[0], &px, &py);
            picture_label("givenlab", px, py, "step 1");
        }
        picture_project(want[failed], &px, &py);
        picture_label("reflab", px, py, fmt(picture_tr("เข่า step %d (the knee)", "the knee at step %d"), failed + 1));
        if (v3_is_finite(got[failed])) {
            picture_project(got[failed], &px, &py);
            picture_label("studentlab", px, py, fmt(picture_tr("เข่าของคุณ step %d (yours)", "your knee at step %d"), failed + 1));
        }
    }
    float px, py;
    picture_project(hip, &px, &py);
    picture_label("givenlab", px, py, picture_tr("hip (มองตามเส้น hip → target, along hip → target)", "hip (seen along hip → target)"));
    picture_text("case_text", what);
    picture_text("student_text", picture_tr("เข่าทีละ 15° รอบเส้น hip → target (the knee at each 15° step)",
                                            "the knee at each 15° step about hip → target"));
}

static void pole_follows_hip(void)
{
    /* A leg: the hip is the root, the foot's target is fixed below it, and
     * the character turns about the hip->target line 15 deg per step. The
     * knee pole rides on the hip, so the knee must swing around that line
     * with it, while the foot stays on the target. */
    const vec3 hip = v3(0.1f, 1.0f, -0.2f), target = v3(0.25f, 0.3f, 0.05f);
    const float l1 = 0.45f, l2 = 0.42f, reach = l1 + l2;
    const vec3 axis = v3_normalize(v3_sub(target, hip));
    const quat facing = quat_from_axis_angle(v3_up(), 30.0f * IK_DEG_TO_RAD);
    pole_place_request rq[SWEEP_STEPS];
    pole_place_response rs[SWEEP_STEPS];
    memset(rq, 0, sizeof rq);
    for (int k = 0; k < SWEEP_STEPS; k++) {
        rq[k].limb = LIMB_KNEE;
        rq[k].distance = 0.3f;
        rq[k].hip_position = hip;
        rq[k].hip_rotation = quat_mul(quat_from_axis_angle(axis, (float)k * SWEEP_STEP_DEG * IK_DEG_TO_RAD), facing);
        rq[k].offset_from_limb = 1;
    }
    if (!CHECK_CALL(OP_POLE_PLACE, rq, SWEEP_STEPS, rs, describe_place))
        return;

    vec3 mids[SWEEP_STEPS];
    float radius0 = 0.0f, along0 = 0.0f;
    for (int k = 0; k < SWEEP_STEPS; k++) {
        const char *given =
            fmt(T(MSG_POLE_SWEEP_GIVEN), l1, l2, fmt_v3(hip), fmt_v3(target), k * 15, k + 1, SWEEP_STEPS);
        vec3 want_pole = pole_from_hip(hip, rq[k].hip_rotation, pole_offset_for(LIMB_KNEE, 0.3f));
        two_bone_input in = {hip, target, rs[k].pole, l1, l2};
        two_bone_output out;
        two_bone_status st = two_bone_solve(&in, &out);
        const char *got_pole = fmt(T(MSG_POLE_SWEEP_GOT_POLE), fmt_v3(rs[k].pole), fmt_v3(want_pole));
        if (!(v3_distance(out.tip, target) <= SWEEP_POS_TOL * reach)) {
            sweep_picture(hip, target, axis, l1, l2, rq, rs, k + 1, k,
                          fmt(picture_tr("hip หมุนทีละ 15° (turned in 15° steps): step %d", "the hip turned in 15° steps: step %d"), k + 1));
            check_fail(DIAG_NONE, given, fmt(T(MSG_POLE_SWEEP_EXPECT_FOOT), fmt_v3(target)),
                       fmt(T(MSG_POLE_SWEEP_GOT_FOOT), got_pole, two_bone_status_text(st), fmt_v3(out.tip)));
            return;
        }
        vec3 rel = v3_sub(out.mid, hip);
        float along = v3_dot(rel, axis), radius = v3_length(perpendicular_part(rel, axis));
        if (k == 0) {
            radius0 = radius;
            along0 = along;
        } else if (!(fabsf(radius - radius0) <= SWEEP_POS_TOL * reach) ||
                   !(fabsf(along - along0) <= SWEEP_POS_TOL * reach)) {
            sweep_picture(hip, target, axis, l1, l2, rq, rs, k + 1, k,
                          fmt(picture_tr("hip หมุนทีละ 15° (turned in 15° steps): step %d", "the hip turned in 15° steps: step %d"), k + 1));
            check_fail(DIAG_NONE, given,
                       fmt(T(MSG_POLE_SWEEP_EXPECT_CIRCLE), radius0, along0),
                       fmt(T(MSG_POLE_SWEEP_GOT_CIRCLE), got_pole, fmt_v3(out.mid), radius, along));
            return;
        }
        mids[k] = out.mid;
    }
    for (int k = 1; k <= SWEEP_STEPS; k++) {
        /* k == SWEEP_STEPS closes the circle: step 23 back to step 0. */
        int a = k - 1, b = k % SWEEP_STEPS;
        vec3 ua = perpendicular_part(v3_sub(mids[a], hip), axis), ub = perpendicular_part(v3_sub(mids[b], hip), axis);
        float step = atan2f(v3_dot(axis, v3_cross(ua, ub)), v3_dot(ua, ub)) * IK_RAD_TO_DEG;
        if (!(fabsf(step - SWEEP_STEP_DEG) <= SWEEP_STEP_TOL_DEG)) {
            const char *why = fabsf(step) <= SWEEP_STEP_TOL_DEG
                                  ? T(MSG_POLE_HINT_KNEE_STILL)
                              : fabsf(step + SWEEP_STEP_DEG) <= SWEEP_STEP_TOL_DEG
                                  ? T(MSG_POLE_HINT_KNEE_REVERSED)
                                  : "";
            /* the knees up to the failing step only: a knee turning the wrong way shows as two arcs */
            sweep_picture(hip, target, axis, l1, l2, rq, rs, b == 0 ? SWEEP_STEPS : b + 1, b,
                          fmt(picture_tr("hip หมุนทีละ 15° (turned in 15° steps): step %d → %d", "the hip turned in 15° steps: step %d → %d"), a + 1, b + 1));
            check_fail(DIAG_NONE,
                       fmt(T(MSG_POLE_SWEEP_GIVEN_STEP), l1, l2, fmt_v3(hip), fmt_v3(target), a + 1, b + 1),
                       fmt(T(MSG_POLE_SWEEP_EXPECT_STEP), SWEEP_STEP_DEG, SWEEP_STEP_TOL_DEG),
                       fmt(T(MSG_POLE_SWEEP_GOT_STEP), step, fmt_v3(rs[a].pole), fmt_v3(rs[b].pole),
                           fmt_v3(mids[a]), fmt_v3(mids[b]), why));
            return;
        }
    }
}

#define ROT_CASES 300

static void rotations_point_bones(void)
{
    static pole_rot_request rq[ROT_CASES];
    static pole_rot_response rs[ROT_CASES];
    rng r = check_rng();
    for (int i = 0; i < ROT_CASES; i++) {
        limb_pose p = random_limb(&r);
        rq[i] = rot_request(p.root, p.mid, p.tip, p.pole, 0);
    }
    if (!CHECK_CALL(OP_POLE_ROTATIONS, rq, ROT_CASES, rs, describe_rot))
        return;
    for (int i = 0; i < ROT_CASES; i++) {
        const pole_rot_request *q = &rq[i];
        if (!expect_bone(q, "upper", rs[i].upper, q->root, q->mid, q->pole, 1, NULL) ||
            !expect_bone(q, "lower", rs[i].lower, q->mid, q->tip, q->pole, 1, &q->root) ||
            !expect_status(q, rs[i].status, POLE_OK, T(MSG_POLE_WHY_BOTH_LONG)))
            return;
    }
}

#define REBUILD_CASES 200

static void rotations_rebuild_positions(void)
{
    static pole_rot_request rq[REBUILD_CASES];
    static pole_rot_response rs[REBUILD_CASES];
    rng r = check_rng();
    for (int i = 0; i < REBUILD_CASES; i++) {
        limb_pose p = random_limb(&r);
        rq[i] = rot_request(p.root, p.mid, p.tip, p.pole, 0);
    }
    if (!CHECK_CALL(OP_POLE_ROTATIONS, rq, REBUILD_CASES, rs, describe_rot))
        return;
    for (int i = 0; i < REBUILD_CASES; i++) {
        const pole_rot_request *q = &rq[i];
        /* The bones' actual lengths (not the rest lengths given to the
         * solve), so only the rotations are being tested. */
        float l1 = v3_distance(q->mid, q->root), l2 = v3_distance(q->tip, q->mid);
        quat upper = rs[i].upper, lower = rs[i].lower;
        /* Forward kinematics of the two bones, by the checker's own few
         * lines (section 01's rule: a child turns inside its parent), not
         * by a reference function: the ruler must answer for any output,
         * and the student edition carries no reference. Each bone lies
         * along its local +Z; the lower bone's local turn is
         * inverse(upper) * lower, so its world turn is upper times that. */
        const char *setup = fmt(T(MSG_POLE_REBUILD_SETUP), fmt_v3(q->root), l1, l2);
        if (!quat_is_finite(upper) || !quat_is_finite(lower) || !v3_in_world(q->root)) {
            fail_rot(q, DIAG_NONE, fmt(T(MSG_POLE_REBUILD_EXPECT_OK), setup),
                     fmt(T(MSG_POLE_REBUILD_GOT_REFUSED), fk_status_text(FK_ERR_NOT_FINITE), fmt_q(upper), fmt_q(lower)));
            return;
        }
        quat lower_world = quat_mul(upper, quat_mul(quat_inverse(upper), lower));
        fk_transform world[3];
        world[1].position = v3_add(q->root, quat_rotate(upper, v3(0.0f, 0.0f, l1)));
        world[2].position = v3_add(world[1].position, quat_rotate(lower_world, v3(0.0f, 0.0f, l2)));
        float tol = REBUILD_TOL * (l1 + l2);
        if (!(v3_distance(world[1].position, q->mid) <= tol) || !(v3_distance(world[2].position, q->tip) <= tol)) {
            fail_rot(q, DIAG_NONE,
                     fmt(T(MSG_POLE_REBUILD_EXPECT_JOINTS), setup, fmt_v3(q->mid), fmt_v3(q->tip)),
                     fmt(T(MSG_POLE_REBUILD_GOT_JOINTS), fmt_v3(world[1].position), fmt_v3(world[2].position),
                         fmt_q(upper), fmt_q(lower)));
            return;
        }
    }
}

static void degenerate_input(void)
{
    /* Dyadic coordinates: the bones, and the poles on a bone's line, are
     * exact in float. */
    const vec3 root = v3(0.0f, 1.0f, 0.0f), mid = v3(0.5f, 0.5f, 0.25f), tip = v3(0.75f, 0.75f, 1.0f);
    const vec3 pole = v3(1.0f, 1.0f, 1.0f);
    enum {
        ZERO_UPPER, ZERO_LOWER, TINY_LOWER, POLE_ON_UPPER, POLE_ON_LOWER, POLE_AT_ROOT,
        NULL_UPPER, NULL_LOWER, NULL_BOTH, TINY_UPPER,
        /* positions the header refuses: identity for both bones */
        NAN_ROOT, INF_MID, FAR_TIP, NAN_POLE, FAR_POLE, MINUS_INF_TIP, N
    };
    pole_rot_request rq[N];
    pole_rot_response rs[N];
    rq[ZERO_UPPER] = rot_request(mid, mid, tip, pole, 0);
    rq[ZERO_LOWER] = rot_request(root, mid, mid, pole, 0);
    /* 1e-8 long, a hundredth of the 1e-6 the header names (no bone at its
     * exact length is asked: either answer is right there); near the
     * origin so the tiny length survives float rounding. */
    rq[TINY_LOWER] = rot_request(v3(-0.5f, 0.5f, 0.25f), v3_zero(), v3(0.0f, 1e-8f, 0.0f), pole, 0);
    rq[TINY_UPPER] = rot_request(v3_zero(), v3(0.0f, 0.0f, 1e-8f), v3(0.5f, 0.5f, 0.25f), pole, 0);
    rq[POLE_ON_UPPER] = rot_request(root, mid, tip, v3(1.0f, 0.0f, 0.5f), 0);  /* root + 2 (mid - root) */
    rq[POLE_ON_LOWER] = rot_request(root, mid, tip, v3(1.25f, 1.25f, 2.5f), 0); /* mid + 3 (tip - mid) */
    rq[POLE_AT_ROOT] = rot_request(root, mid, tip, root, 0);
    rq[NULL_UPPER] = rot_request(root, mid, tip, pole, POLE_NULL_UPPER);
    rq[NULL_LOWER] = rot_request(root, mid, tip, pole, POLE_NULL_LOWER);
    rq[NULL_BOTH] = rot_request(root, mid, tip, pole, POLE_NULL_UPPER | POLE_NULL_LOWER);
    rq[NAN_ROOT] = rot_request(v3(NAN, 1.0f, 0.0f), mid, tip, pole, 0);
    rq[INF_MID] = rot_request(root, v3(0.5f, INFINITY, 0.25f), tip, pole, 0);
    /* finite but beyond IK_WORLD_LIMIT (1e18): a tip 1e30 away still has
     * a direction in float, and a pole 2e18 away too; the header refuses
     * both all the same */
    rq[FAR_TIP] = rot_request(root, mid, v3(0.75f, 0.75f, 1e30f), pole, 0);
    rq[NAN_POLE] = rot_request(root, mid, tip, v3(1.0f, NAN, 1.0f), 0);
    rq[FAR_POLE] = rot_request(root, mid, tip, v3(-2e18f, 1.0f, 1.0f), 0);
    rq[MINUS_INF_TIP] = rot_request(root, mid, v3(-INFINITY, 0.75f, 1.0f), pole, 0);
    if (!CHECK_CALL(OP_POLE_ROTATIONS, rq, N, rs, describe_rot))
        return;

    const pole_rot_request *q = &rq[ZERO_UPPER];
    if (!expect_status(q, rs[ZERO_UPPER].status, POLE_DEGENERATE, T(MSG_POLE_WHY_UPPER_ZERO)) ||
        !expect_identity(q, "upper", rs[ZERO_UPPER].upper, T(MSG_POLE_WHY_ZERO_NO_DIR)) ||
        !expect_bone(q, "lower", rs[ZERO_UPPER].lower, q->mid, q->tip, q->pole, 1, &q->root))
        return;
    q = &rq[ZERO_LOWER];
    if (!expect_status(q, rs[ZERO_LOWER].status, POLE_DEGENERATE, T(MSG_POLE_WHY_LOWER_ZERO)) ||
        !expect_identity(q, "lower", rs[ZERO_LOWER].lower, T(MSG_POLE_WHY_ZERO_NO_DIR)) ||
        !expect_bone(q, "upper", rs[ZERO_LOWER].upper, q->root, q->mid, q->pole, 1, NULL))
        return;
    q = &rq[TINY_LOWER];
    if (!expect_status(q, rs[TINY_LOWER].status, POLE_DEGENERATE, T(MSG_POLE_WHY_LOWER_TINY)) ||
        !expect_identity(q, "lower", rs[TINY_LOWER].lower, T(MSG_POLE_WHY_TINY_IS_ZERO)) ||
        !expect_bone(q, "upper", rs[TINY_LOWER].upper, q->root, q->mid, q->pole, 1, NULL))
        return;
    q = &rq[TINY_UPPER];
    if (!expect_status(q, rs[TINY_UPPER].status, POLE_DEGENERATE, T(MSG_POLE_WHY_UPPER_TINY)) ||
        !expect_identity(q, "upper", rs[TINY_UPPER].upper, T(MSG_POLE_WHY_TINY_IS_ZERO)) ||
        !expect_bone(q, "lower", rs[TINY_UPPER].lower, q->mid, q->tip, q->pole, 1, &q->root))
        return;
    /* A pole on a bone's line gives that bone no side to lean to: any
     * finite unit rotation with +Z along the bone is right. */
    q = &rq[POLE_ON_UPPER];
    if (!expect_status(q, rs[POLE_ON_UPPER].status, POLE_OK, T(MSG_POLE_WHY_POLE_ON_BONE)) ||
        !expect_bone(q, "upper", rs[POLE_ON_UPPER].upper, q->root, q->mid, q->pole, 0, NULL) ||
        !expect_bone(q, "lower", rs[POLE_ON_UPPER].lower, q->mid, q->tip, q->pole, 1, &q->root))
        return;
    q = &rq[POLE_ON_LOWER];
    if (!expect_status(q, rs[POLE_ON_LOWER].status, POLE_OK, T(MSG_POLE_WHY_POLE_ON_BONE)) ||
        !expect_bone(q, "upper", rs[POLE_ON_LOWER].upper, q->root, q->mid, q->pole, 1, NULL) ||
        !expect_bone(q, "lower", rs[POLE_ON_LOWER].lower, q->mid, q->tip, q->pole, 0, &q->root))
        return;
    q = &rq[POLE_AT_ROOT];
    if (!expect_status(q, rs[POLE_AT_ROOT].status, POLE_OK, T(MSG_POLE_WHY_POLE_AT_ROOT)) ||
        !expect_bone(q, "upper", rs[POLE_AT_ROOT].upper, q->root, q->mid, q->pole, 0, NULL) ||
        !expect_bone(q, "lower", rs[POLE_AT_ROOT].lower, q->mid, q->tip, q->pole, 1, &q->root))
        return;
    q = &rq[NULL_UPPER];
    if (!expect_status(q, rs[NULL_UPPER].status, POLE_DEGENERATE, T(MSG_POLE_WHY_NULL_OUTPUT)) ||
        !expect_identity(q, "lower", rs[NULL_UPPER].lower, T(MSG_POLE_WHY_OTHER_IDENTITY)))
        return;
    q = &rq[NULL_LOWER];
    if (!expect_status(q, rs[NULL_LOWER].status, POLE_DEGENERATE, T(MSG_POLE_WHY_NULL_OUTPUT)) ||
        !expect_identity(q, "upper", rs[NULL_LOWER].upper, T(MSG_POLE_WHY_OTHER_IDENTITY)))
        return;
    q = &rq[NULL_BOTH];
    if (!expect_status(q, rs[NULL_BOTH].status, POLE_DEGENERATE, T(MSG_POLE_WHY_BOTH_NULL)))
        return;
    for (int c = NAN_ROOT; c <= MINUS_INF_TIP; c++) {
        q = &rq[c];
        if (!expect_status(q, rs[c].status, POLE_DEGENERATE, T(MSG_POLE_WHY_BAD_POSITION)) ||
            !expect_identity(q, "upper", rs[c].upper, T(MSG_POLE_WHY_BAD_POSITION_IDENTITY)) ||
            !expect_identity(q, "lower", rs[c].lower, T(MSG_POLE_WHY_BAD_POSITION_IDENTITY)))
            return;
    }
}

DEFINE_SUITE(POLE_VECTOR,
    {"pole_offsets", "pole ของ knee อยู่หน้า (+Z) ของ elbow อยู่หลัง (−Z); pole_from_hip = hip + hip_rotation * offset", "knee pole in front (+Z), elbow pole behind (−Z); pole_from_hip = hip + hip_rotation * offset", pole_offsets, CHECK_RANDOM},
    {"pole_follows_hip", "hip หมุนรอบเส้น root→target ทีละ 15° × 24: เท้าอยู่กับที่ เข่าหมุนตามบนวงกลมเดียว", "hip turned about root→target in 15° steps × 24: foot stays, knee follows on one circle", pole_follows_hip, CHECK_FIXED},
    {"rotations_point_bones", "+Z ของแต่ละ bone ชี้ไปหา joint ถัดไป และ +Y เอียงเข้าหา pole (300 ขาสุ่ม)", "each bone's +Z points at the next joint and +Y leans toward the pole (300 random legs)", rotations_point_bones, CHECK_RANDOM},
    {"rotations_rebuild_positions", "rotation ที่ได้ ส่งเข้า forward kinematics แล้วได้ root, mid, tip เดิม", "the rotations fed through forward kinematics give back root, mid and tip", rotations_rebuild_positions, CHECK_RANDOM},
    {"degenerate_input", "bone ยาว 0, pole บนเส้น bone, output เป็น NULL, ตำแหน่ง NaN/inf หรือนอกโลก: ไม่มี NaN ไม่ crash", "zero-length bone, pole on the bone line, NULL output, a NaN/inf or out-of-world position: no NaN, no crash", degenerate_input, CHECK_FIXED})
