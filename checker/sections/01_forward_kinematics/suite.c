/* 01 forward kinematics: the checks (trusted side). */
#include "check.h"
#include "forward_kinematics.h"
#include "messages.h"
#include "sections.h"
#include "sections/01_forward_kinematics/ops.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Each level of the hierarchy adds a float rounding of ~1e-7 relative to
 * the rotation and position; 64 levels stay far below 1e-4 of the
 * skeleton's size and 1e-3 rad of rotation. */
#define POS_TOL 1e-4f
#define ROT_TOL 1e-3f

/* A bone's local rotation as the checks build it: an angle about an axis
 * (identity as "none"); a quaternion that is not a finite unit one as its
 * four numbers. */
static const char *fmt_rotation(quat q)
{
    float len = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    if (!isfinite(len) || fabsf(len - 1.0f) > 1e-3f)
        return fmt("(%.4f, %.4f, %.4f, %.4f)", q.x, q.y, q.z, q.w);
    if (q.w < 0.0f) /* q and -q are the same rotation: the angle in [0, 180] */
        q = (quat){-q.x, -q.y, -q.z, -q.w};
    float s = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z);
    if (s < 1e-6f)
        return "none";
    float angle = 2.0f * atan2f(s, q.w);
    return fmt("%.1f° about (%.3f, %.3f, %.3f)", angle * IK_RAD_TO_DEG, q.x / s, q.y / s, q.z / s);
}

/* The case as given: the bones (offset and rotation, the first four) and
 * any NULL pointer passed instead of the bones or the world array, so a
 * crash on the NULL case names that case. */
static void describe(const void *request, char *out, size_t size)
{
    const fk_request *rq = request;
    int n = snprintf(out, size, T(MSG_FK_GIVEN_SKELETON), rq->count);
    if (rq->null_bones && n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, " bones = NULL");
    for (int i = 0; !rq->null_bones && i < rq->count && i < 4 && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, " [%d] parent %d offset %s rotation %s", i, rq->bones[i].parent,
                      fmt_v3(rq->bones[i].local_offset), fmt_rotation(rq->bones[i].local_rotation));
    if (!rq->null_bones && rq->count > 4 && n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, " ...");
    if (rq->null_world && n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, ", world = NULL");
}

/* The answer with the rotations composed the wrong way round, to
 * recognise that mistake by its result. */
static void world_swapped_order(const fk_request *rq, fk_transform *world)
{
    for (int i = 0; i < rq->count; i++) {
        const fk_bone *b = &rq->bones[i];
        if (b->parent < 0) {
            world[i].position = b->local_offset;
            world[i].rotation = b->local_rotation;
            continue;
        }
        const fk_transform *p = &world[b->parent];
        world[i].rotation = quat_mul(b->local_rotation, p->rotation);
        world[i].position = v3_add(p->position, quat_rotate(p->rotation, b->local_offset));
    }
}

static int same_pose(const fk_transform *a, const fk_transform *b, int count, float scale, int *first_bad)
{
    for (int i = 0; i < count; i++) {
        if (!(v3_distance(a[i].position, b[i].position) <= POS_TOL * scale) ||
            !(quat_angle_between(a[i].rotation, b[i].rotation) <= ROT_TOL) || !quat_is_finite(a[i].rotation)) {
            *first_bad = i;
            return 0;
        }
    }
    return 1;
}

static float skeleton_scale(const fk_request *rq)
{
    float s = 1.0f;
    for (int i = 0; i < rq->count; i++)
        s += v3_length(rq->bones[i].local_offset);
    return s;
}

/* Whether an element still holds the sentinel the runner wrote, bit for
 * bit (a student's NaN or a copy of a neighbour is not it). */
static int untouched(const fk_transform *t)
{
    fk_transform s;
    memset(&s, 0, sizeof s);
    s.position = v3(FK_SENTINEL, FK_SENTINEL, FK_SENTINEL);
    s.rotation = q4(FK_SENTINEL, FK_SENTINEL, FK_SENTINEL, FK_SENTINEL);
    return memcmp(&s.position, &t->position, sizeof s.position) == 0 &&
           memcmp(&s.rotation, &t->rotation, sizeof s.rotation) == 0;
}

/* Nothing written outside world[0..count-1]: the elements past the
 * skeleton and the guard areas the runner keeps on both sides of the
 * array. Every case of every check goes through here (a bad count's
 * world[] is the refusal checks' own business: they say it better). On a
 * write, records the failure and returns 0. */
static int expect_inside(const fk_request *rq, const fk_response *rs)
{
    int live = rq->count >= 1 && rq->count <= FK_MAX_BONES && !rq->null_world ? rq->count : 0;
    int first = live;
    if (rq->count < 1 || rq->count > FK_MAX_BONES)
        first = FK_MAX_BONES; /* only the guards */
    int bad = 0;
    for (int i = 0; i < FK_GUARD && !bad; i++)
        if (!untouched(&rs->before[i]))
            bad = i - FK_GUARD; /* world[-8..-1] */
    for (int i = first; i < FK_MAX_BONES && !bad; i++)
        if (!untouched(&rs->world[i]))
            bad = i;
    for (int i = 0; i < FK_GUARD && !bad; i++)
        if (!untouched(&rs->after[i]))
            bad = FK_MAX_BONES + i;
    if (!bad)
        return 1;
    const fk_transform *t = bad < 0 ? &rs->before[bad + FK_GUARD]
                            : bad < FK_MAX_BONES ? &rs->world[bad] : &rs->after[bad - FK_MAX_BONES];
    char given[1024];
    describe(rq, given, sizeof given);
    check_fail(DIAG_NONE, given, fmt(T(MSG_FK_EXPECT_INSIDE), rq->count > 0 ? rq->count - 1 : 0),
               fmt(T(MSG_FK_GOT_PAST_END), bad, fmt_v3(t->position), rq->count));
    return 0;
}

/* Checks every case's world pose against the reference. */
static void expect_poses(const fk_request *rq, const fk_response *rs, int n)
{
    static fk_transform want[FK_MAX_BONES], swapped[FK_MAX_BONES];
    for (int c = 0; c < n; c++) {
        char given[1024]; /* the case in words, only when it is wrong (printf was most of 01's checks) */
        if (!expect_inside(&rq[c], &rs[c]))
            return;
        if (rs[c].compute_status != FK_OK) {
            describe(&rq[c], given, sizeof given);
            check_fail(DIAG_NONE, given, T(MSG_FK_EXPECT_OK),
                       fmt("status %d (%s)", rs[c].compute_status, fk_status_text((fk_status)rs[c].compute_status)));
            return;
        }
        fk_compute_world(rq[c].bones, rq[c].count, want);
        float scale = skeleton_scale(&rq[c]);
        int bad = 0;
        if (same_pose(rs[c].world, want, rq[c].count, scale, &bad))
            continue;
        world_swapped_order(&rq[c], swapped);
        int unused;
        diagnosis d = same_pose(rs[c].world, swapped, rq[c].count, scale, &unused) ? DIAG_MULTIPLY_ORDER : DIAG_NONE;
        const char *parent = rq[c].bones[bad].parent < 0 ? "root" : fmt("parent %d", rq[c].bones[bad].parent);
        describe(&rq[c], given, sizeof given);
        check_fail(d, given,
                   fmt("bone %d (%s): position %s, rotation (%.4f, %.4f, %.4f, %.4f)", bad, parent,
                       fmt_v3(want[bad].position), want[bad].rotation.x, want[bad].rotation.y,
                       want[bad].rotation.z, want[bad].rotation.w),
                   fmt("bone %d: position %s, rotation (%.4f, %.4f, %.4f, %.4f)", bad,
                       fmt_v3(rs[c].world[bad].position), rs[c].world[bad].rotation.x,
                       rs[c].world[bad].rotation.y, rs[c].world[bad].rotation.z, rs[c].world[bad].rotation.w));
        return;
    }
}

static fk_bone bone(int parent, vec3 offset, quat rotation)
{
    fk_bone b = {parent, offset, rotation};
    return b;
}

static void arm_pose(void)
{
    /* Shoulder turned 30 deg about Y, elbow bent 45 deg about X: the hand is
     * wherever that chain of rotations takes it (section 1). */
    static fk_request rq[1];
    static fk_response rs[1];
    memset(rq, 0, sizeof rq);
    rq[0].count = 3;
    rq[0].bones[0] = bone(-1, v3(0.0f, 1.4f, 0.0f), quat_from_axis_angle(v3_up(), 30.0f * IK_DEG_TO_RAD));
    rq[0].bones[1] = bone(0, v3(0.0f, 0.0f, 0.5f), quat_from_axis_angle(v3_right(), 45.0f * IK_DEG_TO_RAD));
    rq[0].bones[2] = bone(1, v3(0.0f, 0.0f, 0.4f), quat_identity());
    if (CHECK_CALL(OP_FK, rq, 1, rs, describe))
        expect_poses(rq, rs, 1);
}

#define RANDOM_SKELETONS 200

static void random_skeletons(void)
{
    static fk_request rq[RANDOM_SKELETONS];
    static fk_response rs[RANDOM_SKELETONS];
    memset(rq, 0, sizeof rq);
    rng r = check_rng();
    for (int c = 0; c < RANDOM_SKELETONS; c++) {
        int count = 1 + (int)rng_float(&r, 0.0f, (float)FK_MAX_BONES - 0.01f);
        rq[c].count = count;
        for (int i = 0; i < count; i++) {
            /* mostly chains (deep), sometimes branches or extra roots */
            float pick = rng_float(&r, 0.0f, 1.0f);
            int parent = i == 0 || pick < 0.03f ? -1 : pick < 0.7f ? i - 1 : (int)rng_float(&r, 0.0f, (float)i - 0.01f);
            /* Draws in statements of their own, in the order gcc drew them inside
             * the call (last argument first): C leaves that order to the compiler,
             * and clang (macOS) draws left to right, other cases than the student
             * edition recorded (its shims.c). */
            quat rotation = rng_quat(&r);
            rq[c].bones[i] = bone(parent, rng_v3(&r, -1.0f, 1.0f), rotation);
        }
    }
    if (CHECK_CALL(OP_FK, rq, RANDOM_SKELETONS, rs, describe))
        expect_poses(rq, rs, RANDOM_SKELETONS);
}

static void ring_of_bones(void)
{
    /* 64 bones, each 1 unit long and turned 360/64 deg about Z from its
     * parent: the joints must lie on one circle, radius 1 / (2 sin(pi/64)),
     * and the last bone's rotation is almost a full turn. */
    static fk_request rq[1];
    static fk_response rs[1];
    memset(rq, 0, sizeof rq);
    float step = 2.0f * IK_PI / FK_MAX_BONES;
    rq[0].count = FK_MAX_BONES;
    rq[0].bones[0] = bone(-1, v3_zero(), quat_identity());
    for (int i = 1; i < FK_MAX_BONES; i++)
        rq[0].bones[i] = bone(i - 1, v3(1.0f, 0.0f, 0.0f), quat_from_axis_angle(v3(0.0f, 0.0f, 1.0f), step));
    if (!CHECK_CALL(OP_FK, rq, 1, rs, describe) || !expect_inside(rq, rs))
        return;
    float radius = 1.0f / (2.0f * sinf(step * 0.5f));
    /* The first bone runs from the origin along +X (the root is not
     * turned); each later one turns left by `step`, so the centre sits on
     * the first chord's perpendicular bisector, above it. */
    vec3 centre = v3(0.5f, radius * cosf(step * 0.5f), 0.0f);
    for (int i = 0; i < FK_MAX_BONES; i++) {
        float bone_len = i > 0 ? v3_distance(rs[0].world[i].position, rs[0].world[i - 1].position) : 1.0f;
        if (!(fabsf(bone_len - 1.0f) <= POS_TOL * 10.0f)) {
            check_fail(DIAG_NONE, T(MSG_FK_RING_GIVEN),
                       fmt(T(MSG_FK_RING_EXPECT_LENGTH), i, i - 1),
                       fmt(T(MSG_FK_RING_GOT_LENGTH), bone_len, i, fmt_v3(rs[0].world[i].position)));
            return;
        }
        float d = v3_distance(rs[0].world[i].position, centre);
        if (!(fabsf(d - radius) <= POS_TOL * radius * 10.0f)) {
            check_fail(DIAG_NONE, fmt(T(MSG_FK_RING_GIVEN_TURN), step * IK_RAD_TO_DEG),
                       fmt(T(MSG_FK_RING_EXPECT_CIRCLE), i, radius, fmt_v3(centre)),
                       fmt(T(MSG_FK_RING_GOT_CIRCLE), i, fmt_v3(rs[0].world[i].position), d));
            return;
        }
    }
}

static void bad_parent_rejected(void)
{
    /* A parent that is not an earlier bone must be refused before any math,
     * leaving the output pose untouched. */
    static fk_request rq[4];
    static fk_response rs[4];
    static const int BAD_INDEX[4] = {2, 1, 3, 0};
    static const int BAD_PARENT[4] = {2, 5, -2, 0};
    memset(rq, 0, sizeof rq);
    for (int c = 0; c < 4; c++) {
        rq[c].count = 4;
        for (int i = 0; i < 4; i++)
            rq[c].bones[i] = bone(i - 1, v3(0.0f, 0.5f, 0.0f), quat_identity());
        rq[c].bones[BAD_INDEX[c]].parent = BAD_PARENT[c];
    }
    if (!CHECK_CALL(OP_FK, rq, 4, rs, describe))
        return;
    for (int c = 0; c < 4; c++) {
        const char *given = fmt(T(MSG_FK_GIVEN_BAD_PARENT), BAD_INDEX[c], BAD_PARENT[c]);
        if (rs[c].compute_status != FK_ERR_BAD_PARENT || rs[c].validate_status != FK_ERR_BAD_PARENT) {
            check_fail(DIAG_NONE, given, T(MSG_FK_EXPECT_BAD_PARENT),
                       fmt("fk_compute_world → %s, fk_validate → %s",
                           fk_status_text((fk_status)rs[c].compute_status),
                           fk_status_text((fk_status)rs[c].validate_status)));
            return;
        }
        if (rs[c].bad_bone != BAD_INDEX[c]) {
            check_fail(DIAG_NONE, given, fmt(T(MSG_FK_EXPECT_BAD_BONE), BAD_INDEX[c]),
                       fmt("bad_bone = %d", rs[c].bad_bone));
            return;
        }
        for (int i = 0; i < 4; i++)
            if (rs[c].world[i].position.x != FK_SENTINEL) {
                check_fail(DIAG_NONE, given, T(MSG_FK_EXPECT_UNTOUCHED_VALIDATE),
                           fmt(T(MSG_FK_GOT_WORLD_WRITTEN), i, fmt_v3(rs[c].world[i].position)));
                return;
            }
        if (!expect_inside(&rq[c], &rs[c]))
            return;
    }
}

/* The cases of bad_input_rejected: what is wrong, the status both
 * functions must return and the bone fk_validate must name (-1: none). */
enum {
    BI_COUNT_0, BI_COUNT_65, BI_NULL_BONES, BI_NULL_WORLD, BI_NAN_OFFSET, BI_FAR_OFFSET, BI_INF_OFFSET,
    BI_NAN_ROTATION, BI_INF_ROTATION, BI_MINUS_INF_ROTATION, BI_CASES
};

static void bad_input_rejected(void)
{
    static fk_request rq[BI_CASES];
    static fk_response rs[BI_CASES];
    /* bone_bad: which bone carries the fault, -1 when none does */
    static const struct { fk_status want; int bad_bone; } CASE[BI_CASES] = {
        [BI_COUNT_0] = {FK_ERR_BAD_COUNT, -1},
        [BI_COUNT_65] = {FK_ERR_BAD_COUNT, -1},
        [BI_NULL_BONES] = {FK_ERR_NULL, -1},
        [BI_NULL_WORLD] = {FK_ERR_NULL, -2}, /* fk_validate gets good bones: FK_OK, not compared */
        [BI_NAN_OFFSET] = {FK_ERR_NOT_FINITE, 1},
        [BI_FAR_OFFSET] = {FK_ERR_NOT_FINITE, 2},
        [BI_INF_OFFSET] = {FK_ERR_NOT_FINITE, 0},
        [BI_NAN_ROTATION] = {FK_ERR_NOT_FINITE, 2},
        [BI_INF_ROTATION] = {FK_ERR_NOT_FINITE, 1},
        [BI_MINUS_INF_ROTATION] = {FK_ERR_NOT_FINITE, 2},
    };
    const char *const GIVEN[BI_CASES] = {
        [BI_COUNT_0] = "count = 0",
        [BI_COUNT_65] = "count = FK_MAX_BONES + 1 (65)",
        [BI_NULL_BONES] = T(MSG_FK_GIVEN_NULL_BONES),
        [BI_NULL_WORLD] = T(MSG_FK_GIVEN_NULL_WORLD),
        [BI_NAN_OFFSET] = T(MSG_FK_GIVEN_NAN_OFFSET),
        [BI_FAR_OFFSET] = T(MSG_FK_GIVEN_FAR_OFFSET),
        [BI_INF_OFFSET] = T(MSG_FK_GIVEN_INF_OFFSET),
        [BI_NAN_ROTATION] = T(MSG_FK_GIVEN_NAN_ROTATION),
        [BI_INF_ROTATION] = T(MSG_FK_GIVEN_INF_ROTATION),
        [BI_MINUS_INF_ROTATION] = T(MSG_FK_GIVEN_MINUS_INF_ROTATION),
    };
    memset(rq, 0, sizeof rq);
    for (int c = 0; c < BI_CASES; c++) {
        for (int i = 0; i < FK_MAX_BONES; i++)
            rq[c].bones[i] = bone(i - 1, v3(0.0f, 0.5f, 0.0f), quat_identity());
        rq[c].count = 3;
    }
    rq[BI_COUNT_0].count = 0;
    rq[BI_COUNT_65].count = FK_MAX_BONES + 1;
    rq[BI_NULL_BONES].null_bones = 1;
    rq[BI_NULL_WORLD].null_world = 1;
    rq[BI_NAN_OFFSET].bones[1].local_offset.x = NAN;
    /* finite, but past IK_WORLD_LIMIT (1e18): the header refuses it, and
     * a chain of them reaches inf */
    rq[BI_FAR_OFFSET].bones[2].local_offset.y = 1e30f;
    rq[BI_INF_OFFSET].bones[0].local_offset.z = INFINITY;
    rq[BI_NAN_ROTATION].bones[2].local_rotation.w = NAN;
    rq[BI_INF_ROTATION].bones[1].local_rotation.y = INFINITY;
    rq[BI_MINUS_INF_ROTATION].bones[2].local_rotation.x = -INFINITY;
    if (!CHECK_CALL(OP_FK, rq, BI_CASES, rs, describe))
        return;
    for (int c = 0; c < BI_CASES; c++) {
        fk_status want = CASE[c].want;
        int validate_compared = c != BI_NULL_WORLD;
        if (rs[c].compute_status != (int)want || (validate_compared && rs[c].validate_status != (int)want)) {
            const char *expected = validate_compared ? fmt(T(MSG_FK_EXPECT_BOTH_RETURN), fk_status_text(want))
                                                     : fmt(T(MSG_FK_EXPECT_COMPUTE_RETURNS), fk_status_text(want));
            check_fail(DIAG_NONE, GIVEN[c], expected,
                       fmt("fk_compute_world → %s, fk_validate → %s",
                           fk_status_text((fk_status)rs[c].compute_status),
                           fk_status_text((fk_status)rs[c].validate_status)));
            return;
        }
        if (validate_compared && rs[c].bad_bone != CASE[c].bad_bone) {
            check_fail(DIAG_NONE, GIVEN[c],
                       CASE[c].bad_bone < 0 ? T(MSG_FK_EXPECT_NO_BAD_BONE) : fmt(T(MSG_FK_EXPECT_BAD_BONE), CASE[c].bad_bone),
                       fmt("bad_bone = %d", rs[c].bad_bone));
            return;
        }
        if (rs[c].world[0].position.x != FK_SENTINEL) {
            check_fail(DIAG_NONE, GIVEN[c], T(MSG_FK_EXPECT_UNTOUCHED), T(MSG_FK_GOT_WORLD0_WRITTEN));
            return;
        }
        for (int i = 0; i < FK_MAX_BONES; i++)
            if (!untouched(&rs[c].world[i])) {
                check_fail(DIAG_NONE, GIVEN[c], T(MSG_FK_EXPECT_UNTOUCHED),
                           fmt(T(MSG_FK_GOT_WORLD_WRITTEN), i, fmt_v3(rs[c].world[i].position)));
                return;
            }
        if (!expect_inside(&rq[c], &rs[c]))
            return;
    }
}

/* Skeletons of every size, each on its own: a solution that writes
 * world[count] (a loop to <= count), or past a full 64-bone array, is
 * seen in the elements past the skeleton or in the guard after it. */
static void writes_stay_inside(void)
{
    static const int COUNTS[] = {1, 2, 3, 7, 31, 63, FK_MAX_BONES};
    enum { N = sizeof COUNTS / sizeof COUNTS[0] };
    static fk_request rq[N];
    static fk_response rs[N];
    memset(rq, 0, sizeof rq);
    rng r = check_rng();
    for (int c = 0; c < N; c++) {
        rq[c].count = COUNTS[c];
        for (int i = 0; i < COUNTS[c]; i++) {
            quat rotation = rng_quat(&r); /* first, as gcc drew it (see random_skeletons) */
            rq[c].bones[i] = bone(i - 1, rng_v3(&r, -1.0f, 1.0f), rotation);
        }
    }
    if (CHECK_CALL(OP_FK, rq, N, rs, describe))
        expect_poses(rq, rs, N);
}

DEFINE_SUITE(FORWARD_KINEMATICS,
    {"arm_pose", "แขน 3 bone: ไหล่หมุน 30° ศอกงอ 45° — ตำแหน่งและ rotation ในโลก", "3-bone arm: shoulder turned 30°, elbow bent 45° — world positions and rotations", arm_pose, CHECK_FIXED},
    {"random_skeletons", "skeleton สุ่ม 200 ชุด (สูงสุด 64 bone, มีกิ่งและหลาย root)", "200 random skeletons (up to 64 bones, with branches and several roots)", random_skeletons, CHECK_RANDOM},
    {"ring_of_bones", "64 bone หมุนทีละ 5.625°: ทุก joint อยู่บนวงกลมเดียวกัน", "64 bones each turned 5.625°: every joint lies on the same circle", ring_of_bones, CHECK_FIXED},
    {"bad_parent_rejected", "parent index ผิด ต้องได้ FK_ERR_BAD_PARENT และไม่แตะ world[]", "bad parent index gives FK_ERR_BAD_PARENT and leaves world[] untouched", bad_parent_rejected, CHECK_FIXED},
    {"bad_input_rejected", "count ผิด, NULL, NaN/inf หรือ offset นอกโลก (1e30) ต้องถูกปฏิเสธก่อนคำนวณ และ bad_bone ถูกต้อง", "a bad count, NULL, NaN/inf or an offset outside the world (1e30) is rejected before any computation, with the right bad_bone", bad_input_rejected, CHECK_FIXED},
    {"writes_stay_inside", "skeleton 1..64 bone: ไม่เขียนเลย world[count-1] (ไม่แตะ world[count])", "skeletons of 1..64 bones: nothing written past world[count-1] (world[count] untouched)", writes_stay_inside, CHECK_RANDOM})
