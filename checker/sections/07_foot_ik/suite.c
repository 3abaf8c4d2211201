/* 07 foot IK: the checks (trusted side).
 *
 * A standing or walking character whose animation was made on flat ground
 * is put on ramps, stairs and a ledge (include/terrain.h). The checks ask
 * for the chapter's results - ankles on the hit point plus the sole
 * offset, feet tilted onto the surface, the hip dropped by exactly the
 * larger deficit, weights that fade at their rate per second at any frame
 * rate, and the animation left alone once a foot has no ground - and
 * compare every number with the reference foot_ik_step linked into the
 * checker. The legs are solved by the REFERENCE two_bone_solve in the
 * runner, so a bug in the student's section 03 never fails this section.
 * Last, the real motion-capture clip (CMU 131_01, its steady walk) posed
 * by forward kinematics frame by frame walks over a ramp and a step: real
 * feet, real frames (real_clip_feet).
 * Each step is compared cause before effect: the feet's rays, weights and
 * targets, then the hip drop and the hips, then the legs, so a knee off
 * because its hip is gets the hip's message. Three mistakes are named, each
 * only when the answer is the one that mistake gives: a leg that changed
 * length (bone_length), e.g. an ankle snapped onto a target the leg cannot
 * reach; a hip drop from the smaller deficit (smaller_deficit); a knee
 * bent toward a pole left where the animation put it (pole_left_behind).
 * The runner boxes every pointer it hands foot_ik_step between guard areas
 * (out_guard.h): a write past feet[] or memory[] fails. */
#include "bvh.h"
#include "check.h"
#include "foot_ik.h"
#include "picture.h"
#include "forward_kinematics.h"
#include "messages.h"
#include "mocap_legs.h"
#include "sections.h"
#include "sections/07_foot_ik/ops.h"
#include "sections/limb_shape.h"
#include "terrain.h"
#include "two_bone.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The chapter's PlaceFoot sets the weight to 1 on a hit and 0 on a miss,
 * with no fade: a wrong weight that is exactly that is the chapter's
 * code, named so. */
static diagnosis weight_diag(float got, int grounded)
{
    return got == (grounded ? 1.0f : 0.0f) ? DIAG_WEIGHT_JUMP : DIAG_NONE;
}


/* ---- tolerances ---------------------------------------------------------
 *
 * Measured with a harness that replays every generator below over 200
 * seeds (about 140k feet and 600 walks): the reference against the
 * properties checked, and an alternative correct implementation (fade in
 * double, lerp written (1 - t) a + t b, the drop subtracted after the
 * blend, the tilt built from an axis and an angle, legs solved even at
 * weight 0) against the reference.
 *
 * Settings are constants: any way of writing 0.5f, 1.5f, 0.05f, 5.0f is
 * the same float (1.0f / 20.0f included), so the comparison is exact to
 * the last bit but one. */
#define SETTING_TOL 1e-7f

/* A fade step is weight +- rate * dt, clamped. Float against double: 6e-8
 * per step, 1.8e-7 accumulated over a whole walk. 1e-5 is 55x that, while
 * the smallest real mistake (a per-frame step instead of rate * dt, or the
 * previous frame's weight used) is off by rate * dt >= 0.035 here. */
#define WEIGHT_TOL 1e-5f

/* Ankle on its target: the reference two_bone_solve's tip is within
 * 3.6e-5 * (L1 + L2) of a reachable target over any limb (section 03's
 * measurement); on these legs the worst measured was 1.8e-7 * (L1 + L2).
 * 1e-4 * (L1 + L2) (section 03's tolerance, 0.09 mm on a 0.9 m leg) is far
 * below anything visible and far below every real mistake: a missing sole
 * offset is 2 to 10 cm off, a ray from the wrong height misses the tread. */
#define TIP_TOL 1e-4f
/* Bone lengths: section 03's 1e-4 relative (measured 1.2e-6 here). */
#define LEN_TOL 1e-4f
/* Heights that are sums and differences of the inputs (hit + offset,
 * the deficits, the hip drop, a hip moved down by it): float against a
 * double computation 2.4e-7 m, the alternative 3e-8 m. 1e-5 m is 40x that
 * and a hundredth of a millimetre; a drop from the wrong foot or an
 * unweighted deficit is off by centimetres. */
#define HEIGHT_TOL 1e-5f
/* Foot rotation against from_to(up, normal) * animated: 1.5e-7 rad for the
 * reference, 3.2e-7 rad for the axis-angle tilt. 1e-4 rad (0.006 deg) is
 * 300x that; the wrong multiplication order or a missing tilt is off by
 * the slope's angle itself (a degree or more here). */
#define ROT_TOL 1e-4f
/* Joints against the reference replaying the same frames: the alternative
 * lands within 6.3e-6 * (L1 + L2) on single frames (a folded leg turns a
 * goal's rounding into a larger knee move) and 4.1e-7 * (L1 + L2) on the
 * walks. 1e-4 * (L1 + L2), as for the tip. */
#define JOINT_TOL 1e-4f
/* "Left to the animation": the reference copies the animated joints moved
 * by the hip drop; a solution that solves the leg even at weight 0 lands
 * within 6e-7 m (the checker's knees already bend toward their poles).
 * 1e-5 m; a leg still pulled toward its old target is off by centimetres. */
#define ANIM_TOL 1e-5f

static const foot_ik_settings CHAPTER = {0.5f, 1.5f, 0.05f, 5.0f};

/* ---- describing cases ------------------------------------------------- */

static const char *fmt_q(quat q) { return fmt("(%.4f, %.4f, %.4f, %.4f)", q.x, q.y, q.z, q.w); }

static const char *side_name(int f) { return f == FOOT_LEFT ? T(MSG_FOOT_LEFT_FOOT) : T(MSG_FOOT_RIGHT_FOOT); }

static const char *status_name(int s)
{
    return (s >= FOOT_IK_OK && s <= FOOT_IK_BAD_MEMORY) ? fmt("%d (%s)", s, foot_ik_status_text((foot_ik_status)s))
                                                        : fmt(T(MSG_FOOT_NO_SUCH_VALUE), s);
}

static const char *describe_terrain(const terrain *t)
{
    static char out[1024];
    if (t->patch_count == 0)
        return T(MSG_FOOT_NO_GROUND_AT_ALL);
    size_t n = (size_t)snprintf(out, sizeof out, "%d patch:", t->patch_count);
    for (int i = 0; i < t->patch_count && i < 3 && n < 900; i++) {
        const terrain_patch *p = &t->patches[i];
        n += (size_t)snprintf(out + n, sizeof out - n, " [x %.2f..%.2f, z %.2f..%.2f: y = %.3f%+.3fx%+.3fz]", p->min_x,
                              p->max_x, p->min_z, p->max_z, p->height, p->slope_x, p->slope_z);
    }
    if (t->patch_count > 3 && n < 1000)
        snprintf(out + n, sizeof out - n, " ...");
    return out;
}

static void describe_leg(char *out, size_t size, const char *name, const foot_leg *leg, const foot_ik_memory *m)
{
    snprintf(out, size, "%s: hip %s, knee %s, ankle %s, thigh %.3f, shin %.3f, memory weight %.3f", name,
             fmt_v3(leg->hip), fmt_v3(leg->knee), fmt_v3(leg->ankle), leg->thigh_length, leg->shin_length,
             m->weight);
}

static void describe_input(const foot_ik_input *in, const terrain *ground, char *out, size_t size)
{
    char left[400], right[400];
    describe_leg(left, sizeof left, T(MSG_FOOT_LEFT), &in->legs[0], &in->memory[0]);
    describe_leg(right, sizeof right, T(MSG_FOOT_RIGHT), &in->legs[1], &in->memory[1]);
    snprintf(out, size, T(MSG_FOOT_INPUT_GIVEN),
             in->settings.raycast_height, in->settings.raycast_distance, in->settings.foot_sole_offset,
             in->settings.weight_fade_rate, in->dt, left, right, describe_terrain(ground));
}

/* A NULL pointer is an input too: said first, so a crash on the NULL case
 * names that case even where the rest of the text is cut. */
static void describe_step(const void *request, char *out, size_t size)
{
    const foot_step_request *rq = request;
    int n = 0;
    if (rq->null_flags)
        n = snprintf(out, size, "foot_ik_step(%s, %s, %s); ", (rq->null_flags & FOOT_NULL_IN) ? "in = NULL" : "&in",
                     (rq->null_flags & FOOT_NULL_GROUND) ? "ground = NULL" : "&ground",
                     (rq->null_flags & FOOT_NULL_OUT) ? "out = NULL" : "&out");
    if (n >= 0 && (size_t)n < size)
        describe_input(&rq->in, &rq->ground, out + n, size - (size_t)n);
}

static void describe_walk(const void *request, char *out, size_t size)
{
    const foot_walk_request *rq = request;
    char first[1500];
    describe_input(&rq->first, &rq->ground, first, sizeof first);
    snprintf(out, size, T(MSG_FOOT_WALK_GIVEN), rq->frame_count, first);
}

static void step_picture(const foot_step_request *rq);

static int fail_step(const foot_step_request *rq, diagnosis d, const char *expected, const char *got)
{
    char given[3000];
    describe_step(rq, given, sizeof given);
    step_picture(rq);
    check_fail(d, given, expected, got);
    return 0;
}

/* ---- building characters ----------------------------------------------
 *
 * A character whose walk was animated on a flat floor: both hips at one
 * height over the floor point under the pelvis, each ankle at the floor
 * plus the sole offset (so on the animation's own floor IK changes
 * nothing), knees solved toward a pole in front of them by the reference
 * two_bone_solve (so a knee bends toward its pole, as section 04 makes
 * it). */
typedef struct {
    vec3 floor;                 /* the animation's floor under the pelvis */
    float yaw;                  /* facing: radians about +Y from +Z */
    float thigh, shin;
    float ahead[FOOT_COUNT];    /* each ankle this far in front of the hips */
    float reach;                /* the farther ankle's distance from its hip / (thigh + shin) */
    quat foot_tilt[FOOT_COUNT]; /* animated foot rotation before the facing */
} stance;

static foot_leg make_leg(vec3 hip, vec3 ankle, vec3 pole, quat rotation, float thigh, float shin)
{
    two_bone_input solve = {hip, ankle, pole, thigh, shin};
    two_bone_output placed;
    two_bone_solve(&solve, &placed);
    foot_leg leg = {hip, placed.mid, ankle, rotation, pole, thigh, shin};
    return leg;
}

static foot_ik_input stance_input(const stance *s, foot_ik_settings settings, float memory_weight)
{
    foot_ik_input in;
    memset(&in, 0, sizeof in);
    const float scale = (s->thigh + s->shin) / 0.9f;
    const quat facing = quat_from_axis_angle(v3_up(), s->yaw);
    float farthest = fmaxf(fabsf(s->ahead[0]), fabsf(s->ahead[1]));
    float full = s->reach * (s->thigh + s->shin);
    float vertical = sqrtf(full * full - farthest * farthest);
    for (int f = 0; f < FOOT_COUNT; f++) {
        float side = (f == FOOT_LEFT ? -0.1f : 0.1f) * scale;
        vec3 ankle_local = v3(side, settings.foot_sole_offset, s->ahead[f]);
        vec3 hip_local = v3(side, settings.foot_sole_offset + vertical, 0.0f);
        /* Well ahead of the knee, barely below the hip: even a leg folded
         * up a stair (its ankle 38 deg or more below the hip's horizon)
         * stays 25 deg or more away from the pole's direction, so the
         * knee's side is always well defined. A little outward too (knees
         * splay), so the bend plane is not vertical and a pole left behind
         * when the body drops turns the knee. */
        vec3 pole_local = v3_add(hip_local, v3_scale(v3(side * 2.0f, -0.2f, 1.0f), scale));
        vec3 hip = v3_add(s->floor, quat_rotate(facing, hip_local));
        vec3 ankle = v3_add(s->floor, quat_rotate(facing, ankle_local));
        vec3 pole = v3_add(s->floor, quat_rotate(facing, pole_local));
        in.legs[f] = make_leg(hip, ankle, pole, quat_mul(facing, s->foot_tilt[f]), s->thigh, s->shin);
        in.memory[f].weight = memory_weight;
        in.memory[f].ground_height = ankle.y;
        in.memory[f].ground_normal = v3_up();
    }
    in.settings = settings;
    in.dt = 1.0f / 60.0f;
    return in;
}

static stance random_stance(rng *r, vec3 floor, float yaw)
{
    stance s;
    s.floor = floor;
    s.yaw = yaw;
    s.thigh = rng_float(r, 0.35f, 0.55f);
    s.shin = s.thigh * rng_float(r, 0.85f, 1.15f);
    float scale = (s.thigh + s.shin) / 0.9f;
    s.ahead[0] = rng_float(r, -0.25f, 0.25f) * scale;
    s.ahead[1] = rng_float(r, -0.25f, 0.25f) * scale;
    s.reach = rng_float(r, 0.82f, 0.95f);
    /* Draws in statements of their own, in the order gcc drew them inside
     * the call (last argument first): C leaves that order to the compiler,
     * and clang (macOS) draws left to right, other cases than the student
     * edition recorded (its shims.c). */
    for (int f = 0; f < FOOT_COUNT; f++) {
        float angle = rng_float(r, -0.14f, 0.14f); /* +-8 deg */
        s.foot_tilt[f] = quat_from_axis_angle(rng_unit_v3(r), angle);
    }
    return s;
}

/* Some settings other than the chapter's, so numbers written into the
 * code instead of read from the settings show. */
static foot_ik_settings random_settings(rng *r)
{
    foot_ik_settings s = CHAPTER;
    if (rng_float(r, 0.0f, 1.0f) < 0.5f) {
        s.raycast_height = rng_float(r, 0.4f, 0.7f);
        s.raycast_distance = rng_float(r, 1.2f, 2.0f);
        s.foot_sole_offset = rng_float(r, 0.02f, 0.1f);
        s.weight_fade_rate = rng_float(r, 2.0f, 10.0f);
    }
    return s;
}

static terrain one_patch(terrain_patch p)
{
    terrain t = terrain_empty();
    terrain_add_patch(&t, p);
    return t;
}

/* A big ramp whose surface under the pelvis is `lift` above the floor. */
static terrain ramp_under(vec3 floor, float lift, float slope_x, float slope_z)
{
    terrain_patch p = {floor.x - 20.0f, floor.x + 20.0f, floor.z - 20.0f, floor.z + 20.0f,
                       floor.y + lift - slope_x * floor.x - slope_z * floor.z, slope_x, slope_z};
    return one_patch(p);
}

/* Two treads meeting under the pelvis, across the facing direction (yaw a
 * multiple of 90 deg): `ahead_lift` above the floor in front, `behind_lift`
 * behind. A missing tread (has_* = 0) leaves a ledge. */
static terrain stairs_under(vec3 floor, float yaw, float ahead_lift, float behind_lift, int has_ahead, int has_behind)
{
    vec3 f = quat_rotate(quat_from_axis_angle(v3_up(), yaw), v3_forward());
    terrain t = terrain_empty();
    for (int part = 0; part < 2; part++) {
        if (!(part == 0 ? has_ahead : has_behind))
            continue;
        float lift = part == 0 ? ahead_lift : behind_lift;
        int positive = (part == 0) == ((fabsf(f.x) > 0.5f ? f.x : f.z) > 0.0f);
        terrain_patch p = {floor.x - 20.0f, floor.x + 20.0f, floor.z - 20.0f, floor.z + 20.0f, floor.y + lift, 0.0f,
                           0.0f};
        if (fabsf(f.x) > 0.5f) {
            if (positive)
                p.min_x = floor.x;
            else
                p.max_x = floor.x;
        } else {
            if (positive)
                p.min_z = floor.z;
            else
                p.max_z = floor.z;
        }
        terrain_add_patch(&t, p);
    }
    return t;
}

static foot_step_request step_request(const foot_ik_input *in, const terrain *ground)
{
    foot_step_request rq;
    memset(&rq, 0, sizeof rq);
    rq.in = *in;
    rq.ground = *ground;
    return rq;
}

static void reference_step(const foot_step_request *rq, foot_step_response *rs)
{
    memset(rs, 0, sizeof *rs);
    foot_fill_sentinel(&rs->out);
    rs->status = (int)foot_ik_step(&rq->in, &rq->ground, &rs->out);
}

/* ---- the picture of a failing case (checker/picture.h) ------------------
 *
 * Seen from the side (x: the facing direction along the ground, y: up):
 * the ground under each foot, each foot's ray, the legs as animated (grey
 * dotted), the reference's legs (solid blue) with its ankle targets, and
 * the student's (dashed vermilion): hip, knee and ankle of both legs. The
 * fail_* functions below draw it; they are handed only the request, so
 * each check remembers where its requests and the student's answers are
 * (remember_*) and a failing request finds its answer by its index. */

static int leg_drawable(const foot_leg *l)
{
    return v3_is_finite(l->hip) && v3_is_finite(l->knee) && v3_is_finite(l->ankle) && v3_is_finite(l->knee_pole) &&
           v3_length(l->hip) < IK_WORLD_LIMIT && v3_length(l->ankle) < IK_WORLD_LIMIT;
}

static void foot_picture(const foot_leg legs[FOOT_COUNT], const foot_ik_settings *set, const terrain *ground,
                         const foot_walk_frame *want, const foot_walk_frame *got, const char *title)
{
    if (!leg_drawable(&legs[0]) || !leg_drawable(&legs[1]) || !terrain_is_valid(ground) ||
        !isfinite(set->raycast_height) || !isfinite(set->raycast_distance) || want->status != FOOT_IK_OK ||
        !picture_case("foot"))
        return;
    /* forward: the knee's pole side, level (the poles stand in front of the knees) */
    vec3 ahead = v3_sub(legs[0].knee_pole, legs[0].hip);
    ahead.y = 0.0f;
    ahead = v3_length(ahead) > 1e-6f ? v3_normalize(ahead) : v3_forward();
    vec3 mid = v3_scale(v3_add(legs[0].hip, legs[1].hip), 0.5f);
    picture_plane(v3(mid.x, 0.0f, mid.z), ahead, v3_up());
    float reach = legs[0].thigh_length + legs[0].shin_length;
    if (!(reach > 0.0f) || !isfinite(reach) || reach > 10.0f)
        reach = 1.0f;
    /* one panel a leg (blocks <name>.l, <name>.r): side by side they do not hide each other */
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *l = &legs[f];
        const char *sfx = f == FOOT_LEFT ? "l" : "r";
        char name[32];
#define BLOCK(what) (snprintf(name, sizeof name, "%s.%s", (what), sfx), name)
        /* the ground along this foot's line, 0.6 leg lengths either side of the hips */
        enum { SAMPLES = 121 };
        vec3 line[SAMPLES];
        int n = 0;
        vec3 side = v3_sub(l->ankle, v3_scale(ahead, v3_dot(v3_sub(l->ankle, mid), ahead)));
        for (int i = 0; i < SAMPLES; i++) {
            vec3 p = v3_add(side, v3_scale(ahead, reach * (-0.6f + 1.2f * (float)i / (SAMPLES - 1))));
            p.y = l->ankle.y + 2.0f * reach;
            terrain_hit hit;
            if (terrain_raycast_down(ground, p, 6.0f * reach, &hit))
                line[n++] = hit.point;
            else if (n > 0) { /* a gap (a ledge): a new polyline */
                picture_points(BLOCK("ground"), line, n);
                n = 0;
            }
        }
        if (n > 0)
            picture_points(BLOCK("ground"), line, n);
        /* the ray, down to what it hit (its whole length when it hit nothing) */
        vec3 from = v3_add(l->ankle, v3_scale(v3_up(), set->raycast_height));
        terrain_hit hit;
        vec3 to = terrain_raycast_down(ground, from, set->raycast_distance, &hit)
                      ? hit.point
                      : v3_sub(from, v3_scale(v3_up(), set->raycast_distance));
        picture_points(BLOCK("ray"), (vec3[]){from, to}, 2);
        picture_points(BLOCK("given"), (vec3[]){l->hip, l->knee, l->ankle}, 3);
        picture_points(BLOCK("ref"), (vec3[]){want->hip[f], want->knee[f], want->ankle[f]}, 3);
        picture_points(BLOCK("target"), &want->target[f], 1);
        if (v3_is_finite(got->hip[f]) && v3_is_finite(got->knee[f]) && v3_is_finite(got->ankle[f]))
            picture_points(BLOCK("student"), (vec3[]){got->hip[f], got->knee[f], got->ankle[f]}, 3);
        float x, y;
        picture_project(want->hip[f], &x, &y);
        picture_label(BLOCK("reflab"), x, y, "hip");
        if (v3_is_finite(got->hip[f]) && v3_distance(got->hip[f], want->hip[f]) > 0.01f * reach) {
            picture_project(got->hip[f], &x, &y);
            picture_label(BLOCK("studentlab"), x, y, picture_tr("hip ของคุณ (yours)", "your hip"));
        }
        /* a knee off sideways (a pole left behind) does not show from the
         * side: the label says by how much, and how much of it is sideways */
        vec3 off = v3_sub(got->knee[f], want->knee[f]);
        /* (ANIM_TOL: what the checks let pass; below a millimetre the label
         * is all that shows it) */
        if (v3_is_finite(off) && v3_length(off) > ANIM_TOL && v3_length(off) < 10.0f * reach) {
            float sideways = fabsf(v3_dot(off, v3_cross(ahead, v3_up())));
            picture_project(got->knee[f], &x, &y);
            picture_label(BLOCK("studentlab"), x, y,
                          fmt(picture_tr("เข่าของคุณห่าง %.2f mm (ด้านข้าง, sideways %.2f mm)",
                                         "your knee %.2f mm off (%.2f mm sideways)"),
                              1000.0 * (double)v3_length(off), 1000.0 * (double)sideways));
        }
#undef BLOCK
    }
    picture_text("case_text", title);
    picture_text("student_text",
                 fmt(picture_tr("hip drop: อ้างอิง (reference) %.3f, ของคุณ (yours) %.3f; weight ซ้าย/ขวา (left/right): "
                                "อ้างอิง %.2f/%.2f, ของคุณ %.2f/%.2f",
                                "hip drop: reference %.3f, yours %.3f; weights left/right: reference %.2f/%.2f, yours "
                                "%.2f/%.2f"),
                     (double)want->hip_drop, (double)got->hip_drop, (double)want->weight[0], (double)want->weight[1],
                     (double)got->weight[0], (double)got->weight[1]));
}

static void step_picture(const foot_step_request *rq)
{
    int i = picture_answer_index(rq, sizeof *rq);
    if (i < 0 || rq->null_flags)
        return;
    const foot_step_response *rs = (const foot_step_response *)picture_answers() + i;
    static foot_step_response ref;
    reference_step(rq, &ref);
    foot_walk_frame want, got;
    foot_record_frame(&want, (foot_ik_status)ref.status, &ref.out);
    foot_record_frame(&got, (foot_ik_status)rs->status, &rs->out);
    foot_picture(rq->in.legs, &rq->in.settings, &rq->ground, &want, &got,
                 picture_tr("หนึ่ง frame (one frame)", "one frame"));
}

/* ---- what a placed foot must satisfy ------------------------------------ */

static int output_finite(const foot_ik_output *o)
{
    if (!isfinite(o->hip_drop))
        return 0;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_ik_foot *p = &o->feet[f];
        if (!v3_is_finite(p->target) || !v3_is_finite(p->hip) || !v3_is_finite(p->knee) || !v3_is_finite(p->ankle) ||
            !quat_is_finite(p->foot_rotation) || !quat_is_finite(p->target_rotation) || !isfinite(p->weight) ||
            !isfinite(p->deficit))
            return 0;
    }
    return 1;
}

/* Nothing written (or, where the student's code runs, read under
 * MEMCHECK) outside in, ground and out: the guard areas the runner put
 * around them (out_guard.h) are as it filled them. */
static int guard_intact(int damage) { return damage == 0; }

static int expect_guard(const foot_step_request *rq, const foot_step_response *rs)
{
    if (guard_intact(rs->guard_damage))
        return 1;
    return fail_step(rq, DIAG_NONE, T(MSG_FOOT_GUARD_INTACT), fmt(T(MSG_FOOT_GUARD_DAMAGED), rs->guard_damage));
}

static int expect_status_ok(const foot_step_request *rq, const foot_step_response *rs)
{
    if (!expect_guard(rq, rs))
        return 0;
    if (rs->status != FOOT_IK_OK)
        return fail_step(rq, DIAG_NONE, T(MSG_FOOT_STATUS_OK_VALID), fmt("status %s", status_name(rs->status)));
    if (!output_finite(&rs->out))
        return fail_step(rq, DIAG_NONE, T(MSG_FOOT_OUTPUT_FINITE),
                         fmt(T(MSG_FOOT_OUTPUT_NOT_FINITE),
                             rs->out.hip_drop, fmt_v3(rs->out.feet[0].ankle), fmt_v3(rs->out.feet[1].ankle)));
    return 1;
}

/* Whether wrong leg lengths are the ones the bone_length advice is about
 * (as section 03 decides it): the ankle nearer the leg's IK goal, or its
 * ground target, than any leg with the rest lengths hanging from the
 * (reference's, lowered) hip can get - snapped onto a goal out of reach,
 * or the leg stretched toward it. The goal is the reference's:
 * lerp(animated ankle lowered by the hip drop, target, weight). Lengths
 * swapped in the solve, a hip or knee that missed the hip drop, joints
 * blended instead of the goal leave the ankle where a leg can reach, and
 * there "do not snap the ankle" would mislead. */
static int ankle_stretched_to_goal(const foot_leg *leg, vec3 want_hip, vec3 want_target, float want_weight,
                                   float want_drop, vec3 ankle)
{
    const float l1 = leg->thigh_length, l2 = leg->shin_length, reach = l1 + l2;
    vec3 goal = v3_lerp(v3_add(leg->ankle, v3(0.0f, -want_drop, 0.0f)), want_target, want_weight);
    vec3 points[2] = {goal, want_target};
    for (int p = 0; p < 2; p++) {
        float raw = v3_distance(points[p], want_hip);
        float gap = fmaxf(raw - reach, fabsf(l1 - l2) - raw);
        if (v3_distance(ankle, points[p]) < gap - TIP_TOL * reach)
            return 1;
    }
    return 0;
}

static int expect_lengths(const foot_step_request *rq, const foot_ik_foot *got, const foot_step_response *ref, int f)
{
    const foot_leg *leg = &rq->in.legs[f];
    const foot_ik_foot *want = &ref->out.feet[f];
    float thigh = v3_distance(got->knee, got->hip), shin = v3_distance(got->ankle, got->knee);
    if (fabsf(thigh - leg->thigh_length) <= LEN_TOL * leg->thigh_length &&
        fabsf(shin - leg->shin_length) <= LEN_TOL * leg->shin_length)
        return 1;
    diagnosis d = ankle_stretched_to_goal(leg, want->hip, want->target, want->weight, ref->out.hip_drop, got->ankle)
                      ? DIAG_BONE_LENGTH
                      : DIAG_NONE;
    return fail_step(rq, d,
                     fmt("%s: |knee − hip| = thigh %.5f, |ankle − knee| = shin %.5f", side_name(f), leg->thigh_length,
                         leg->shin_length),
                     fmt(T(MSG_FOOT_LENGTHS_GOT),
                         thigh, shin, fmt_v3(got->hip), fmt_v3(got->knee), fmt_v3(got->ankle)));
}

/* The chapter's PlaceFoot at weight 1, in the order cause -> effect: first
 * what the foot asks for (the ray found the ground, the weight, the target
 * on hit + up * foot_sole_offset), then the hip drop those give (the body's
 * move, expect_hip_drop), and only then the leg placed from them
 * (expect_leg_placed): the ankle on the target (never below it: the sole
 * stays out of the ground), both bones their length, the knee, and the
 * foot tilted onto the surface on top of its animated rotation. A knee
 * is compared only once its hip is known to be right, so a knee that is
 * off because the hip is is blamed on the hip. */
static int expect_foot_target(const foot_step_request *rq, const foot_step_response *rs, const foot_step_response *ref,
                              int f)
{
    const foot_ik_foot *got = &rs->out.feet[f], *want = &ref->out.feet[f];
    const foot_leg *leg = &rq->in.legs[f];
    const float sole = rq->in.settings.foot_sole_offset;
    if (got->grounded != 1 || !(v3_distance(got->hit_point, want->hit_point) <= HEIGHT_TOL) ||
        !(v3_distance(got->hit_normal, want->hit_normal) <= ROT_TOL))
        return fail_step(rq, DIAG_NONE,
                         fmt(T(MSG_FOOT_RAY_HITS),
                             side_name(f), fmt_v3(v3_add(leg->ankle, v3(0.0f, rq->in.settings.raycast_height, 0.0f))),
                             fmt_v3(want->hit_point), fmt_v3(want->hit_normal)),
                         fmt("grounded = %d, hit_point %s, hit_normal %s", got->grounded, fmt_v3(got->hit_point),
                             fmt_v3(got->hit_normal)));
    if (!(fabsf(got->weight - want->weight) <= WEIGHT_TOL))
        return fail_step(rq, weight_diag(got->weight, want->grounded), fmt(T(MSG_FOOT_WEIGHT_FADES_IN), side_name(f),
                                            want->weight, rq->in.memory[f].weight),
                         fmt("weight %.6f", got->weight));
    if (!(v3_distance(got->target, want->target) <= HEIGHT_TOL))
        return fail_step(rq, DIAG_NONE,
                         fmt("%s: IK target = hit point + up × foot_sole_offset (%g) = %s", side_name(f), sole,
                             fmt_v3(want->target)),
                         fmt("target %s%s", fmt_v3(got->target),
                             fabsf(got->target.y - want->hit_point.y) <= HEIGHT_TOL ? T(MSG_FOOT_HINT_NO_SOLE_OFFSET) : ""));
    return 1;
}

/* The leg the reference placed, or one that 03's contract allows for the
 * same hip, goal and pole (limb_shape.h): the legs are placed by the
 * student's own two_bone_solve, and accepted solves differ near a straight
 * leg. `body` is how far the animated leg moved with the body (a walk's
 * offset and the hip drop). At weight 0 only the animated pose is right. */
static int leg_as_solved(const foot_leg *leg, vec3 body, float weight, vec3 target, vec3 want_knee, vec3 want_ankle,
                         vec3 knee, vec3 ankle)
{
    const float reach = leg->thigh_length + leg->shin_length;
    if (v3_distance(knee, want_knee) <= JOINT_TOL * reach && v3_distance(ankle, want_ankle) <= JOINT_TOL * reach)
        return 1;
    vec3 goal = v3_lerp(v3_add(leg->ankle, body), target, weight);
    return weight > 0.0f && limb_has_solve_shape(v3_add(leg->hip, body), goal, v3_add(leg->knee_pole, body),
                                                 leg->thigh_length, leg->shin_length, knee, ankle);
}

/* Where the knee goes when the pole is left where the animation put it
 * instead of moving down with the body: the one knee the pole_left_behind
 * advice is about. Only asked when the hip is already known to be right. */
static vec3 knee_with_pole_left_behind(const foot_leg *leg, const foot_ik_foot *want, float hip_drop)
{
    vec3 goal = v3_lerp(v3_add(leg->ankle, v3(0.0f, -hip_drop, 0.0f)), want->target, want->weight);
    two_bone_input solve = {want->hip, goal, leg->knee_pole, leg->thigh_length, leg->shin_length};
    two_bone_output placed;
    two_bone_solve(&solve, &placed);
    return placed.mid;
}

static int expect_leg_placed(const foot_step_request *rq, const foot_step_response *rs, const foot_step_response *ref,
                             int f)
{
    const foot_ik_foot *got = &rs->out.feet[f], *want = &ref->out.feet[f];
    const foot_leg *leg = &rq->in.legs[f];
    const float sole = rq->in.settings.foot_sole_offset;
    const float reach = leg->thigh_length + leg->shin_length;
    float gap = v3_distance(got->ankle, want->target);
    if (!(gap <= TIP_TOL * reach)) {
        const char *why = v3_distance(got->ankle, leg->ankle) <= TIP_TOL * reach
                              ? T(MSG_FOOT_HINT_ANKLE_ANIMATED)
                              : "";
        return fail_step(rq, DIAG_NONE,
                         fmt(T(MSG_FOOT_ANKLE_ON_TARGET), side_name(f), fmt_v3(want->target),
                             TIP_TOL * reach),
                         fmt(T(MSG_FOOT_ANKLE_OFF_TARGET), fmt_v3(got->ankle), gap, why));
    }
    /* The sole must not be under the surface right below the ankle. */
    terrain_hit below;
    if (terrain_raycast_down(&rq->ground, v3_add(got->ankle, v3(0.0f, 0.5f, 0.0f)), 2.0f, &below) &&
        !(got->ankle.y - sole >= below.point.y - TIP_TOL * reach))
        return fail_step(rq, DIAG_NONE,
                         fmt(T(MSG_FOOT_SOLE_ABOVE), side_name(f),
                             below.point.y),
                         fmt(T(MSG_FOOT_SOLE_BELOW), got->ankle.y,
                             below.point.y - (got->ankle.y - sole)));
    if (!expect_lengths(rq, got, ref, f))
        return 0;
    if (!leg_as_solved(leg, v3(0.0f, -ref->out.hip_drop, 0.0f), want->weight, want->target, want->knee, want->ankle,
                       got->knee, got->ankle)) {
        /* The hip is right (expect_hip_drop came first), the ankle is on
         * its target and both bones keep their length: what is left to
         * differ is the side the knee bends to, which the pole decides. */
        int behind = v3_distance(got->knee, knee_with_pole_left_behind(leg, want, ref->out.hip_drop)) <=
                     JOINT_TOL * reach;
        return fail_step(rq, behind ? DIAG_POLE_LEFT_BEHIND : DIAG_NONE,
                         fmt(T(MSG_FOOT_KNEE_EXPECTED),
                             side_name(f), fmt_v3(want->knee), ref->out.hip_drop),
                         fmt(T(MSG_FOOT_KNEE_GOT), fmt_v3(got->knee),
                             v3_distance(got->knee, want->knee),
                             behind ? T(MSG_FOOT_HINT_POLE_LEFT_BEHIND) : ""));
    }
    quat tilt = quat_from_to(v3_up(), want->hit_normal);
    quat want_rot = quat_mul(tilt, leg->foot_rotation);
    float err = quat_angle_between(got->foot_rotation, want_rot);
    if (!(err <= ROT_TOL)) {
        const char *why = quat_angle_between(got->foot_rotation, leg->foot_rotation) <= ROT_TOL
                              ? T(MSG_FOOT_HINT_NOT_TILTED)
                          : quat_angle_between(got->foot_rotation, quat_mul(leg->foot_rotation, tilt)) <= ROT_TOL
                              ? T(MSG_FOOT_HINT_MULTIPLY_ORDER)
                          : quat_angle_between(got->foot_rotation, tilt) <= ROT_TOL
                              ? T(MSG_FOOT_HINT_TILT_ONLY)
                              : "";
        return fail_step(rq, DIAG_NONE,
                         fmt(T(MSG_FOOT_ROTATION_EXPECTED), side_name(f),
                             fmt_v3(want->hit_normal), fmt_q(leg->foot_rotation), fmt_q(want_rot),
                             ROT_TOL * IK_RAD_TO_DEG),
                         fmt(T(MSG_FOOT_ROTATION_GOT), fmt_q(got->foot_rotation), fmt_deg(err), why));
    }
    return 1;
}

/* Whether a wrong hip drop is the smaller of the two deficits the
 * solution itself reported (both checked right before) and not the larger:
 * the smaller_deficit advice. Two deficits this close cannot tell. */
static int took_smaller_deficit(float got_drop, float d0, float d1)
{
    return fabsf(d0 - d1) > 2.0f * HEIGHT_TOL && fabsf(got_drop - fminf(d0, d1)) <= HEIGHT_TOL;
}

/* hip_drop = the larger deficit; every hip moved down by exactly that. */
static int expect_hip_drop(const foot_step_request *rq, const foot_step_response *rs, const foot_step_response *ref)
{
    const foot_ik_output *got = &rs->out, *want = &ref->out;
    for (int f = 0; f < FOOT_COUNT; f++)
        if (!(fabsf(got->feet[f].deficit - want->feet[f].deficit) <= HEIGHT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt("%s: deficit = weight × max(0, animated ankle y − target y) = %.4f × max(0, %.4f − %.4f) "
                                 "= %.5f",
                                 side_name(f), want->feet[f].weight, rq->in.legs[f].ankle.y, want->feet[f].target.y,
                                 want->feet[f].deficit),
                             fmt("deficit %.5f", got->feet[f].deficit));
    if (!(fabsf(got->hip_drop - want->hip_drop) <= HEIGHT_TOL)) {
        float d0 = want->feet[0].deficit, d1 = want->feet[1].deficit;
        int smaller = took_smaller_deficit(got->hip_drop, d0, d1);
        const char *why = smaller ? T(MSG_FOOT_HINT_SMALLER_DEFICIT)
                          : fabsf(got->hip_drop) <= HEIGHT_TOL ? T(MSG_FOOT_HINT_HIP_NOT_LOWERED)
                                                                : "";
        return fail_step(rq, smaller ? DIAG_SMALLER_DEFICIT : DIAG_NONE,
                         fmt(T(MSG_FOOT_HIP_DROP_EXPECTED), d0, d1, want->hip_drop),
                         fmt("hip_drop %.5f%s", got->hip_drop, why));
    }
    for (int f = 0; f < FOOT_COUNT; f++) {
        vec3 want_hip = v3_sub(rq->in.legs[f].hip, v3(0.0f, want->hip_drop, 0.0f));
        if (!(v3_distance(got->feet[f].hip, want_hip) <= HEIGHT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt(T(MSG_FOOT_HIP_LOWERED), side_name(f), want->hip_drop, fmt_v3(want_hip)),
                             fmt("hip %s", fmt_v3(got->feet[f].hip)));
    }
    return 1;
}

/* ---- the checks ----------------------------------------------------------- */

static void chapter_defaults(void)
{
    foot_defaults_request rq[1] = {{0}};
    foot_defaults_response rs[1];
    if (!CHECK_CALL(OP_FOOT_DEFAULTS, rq, 1, rs, NULL))
        return;
    const foot_ik_settings *s = &rs[0].settings;
    if (!(fabsf(s->raycast_height - CHAPTER.raycast_height) <= SETTING_TOL) ||
        !(fabsf(s->raycast_distance - CHAPTER.raycast_distance) <= SETTING_TOL) ||
        !(fabsf(s->foot_sole_offset - CHAPTER.foot_sole_offset) <= SETTING_TOL) ||
        !(fabsf(s->weight_fade_rate - CHAPTER.weight_fade_rate) <= SETTING_TOL))
        check_fail(DIAG_NONE, "foot_ik_default_settings()",
                   T(MSG_FOOT_CHAPTER_DEFAULTS),
                   fmt("raycast_height %g, raycast_distance %g, foot_sole_offset %g, weight_fade_rate %g",
                       s->raycast_height, s->raycast_distance, s->foot_sole_offset, s->weight_fade_rate));
}

static void describe_fade(const void *request, char *out, size_t size)
{
    const foot_fade_request *rq = request;
    snprintf(out, size, "foot_ik_fade_weight(weight %g, grounded %d, rate %g/s, dt %g s)", rq->weight, rq->grounded,
             rq->rate, rq->dt);
}

static float expected_fade(float w, int grounded, float rate, float dt)
{
    if (!isfinite(w))
        w = 0.0f;
    w = fminf(1.0f, fmaxf(0.0f, w));
    /* The factors are tested, not the product: a finite rate times a
     * finite dt may overflow to inf, which is simply the whole way. */
    if (!(isfinite(rate) && rate > 0.0f && isfinite(dt) && dt > 0.0f))
        return w;
    float step = rate * dt;
    return fminf(1.0f, fmaxf(0.0f, grounded ? w + step : w - step));
}

static void fade_weight(void)
{
    /* Whole fades frame by frame at 30, 60 and 144 fps and at a jittery
     * frame rate, in and out, then the edge cases. */
    enum { FADES = 4, FADE_FRAMES = 40, EDGE = 15, N = FADES * 2 * FADE_FRAMES + EDGE };
    static foot_fade_request rq[N];
    static foot_fade_response rs[N];
    rng r = check_rng();
    const float frame_rates[FADES] = {30.0f, 60.0f, 144.0f, 0.0f};
    int n = 0;
    for (int k = 0; k < FADES; k++) {
        float rate = k == 3 ? 2.5f : CHAPTER.weight_fade_rate;
        for (int dir = 0; dir < 2; dir++) {
            float w = dir == 0 ? 1.0f : 0.0f; /* out, then back in */
            for (int i = 0; i < FADE_FRAMES; i++) {
                float dt = frame_rates[k] > 0.0f ? 1.0f / frame_rates[k] : rng_float(&r, 1.0f / 144.0f, 1.0f / 20.0f);
                rq[n] = (foot_fade_request){w, dir, rate, dt};
                w = expected_fade(w, dir, rate, dt);
                n++;
            }
        }
    }
    const foot_fade_request edge[EDGE] = {
        {0.5f, 1, 5.0f, 0.5f},  {0.5f, 0, 5.0f, 0.5f},  /* one long frame: clamped to 1 and to 0 */
        {1.4f, 0, 5.0f, 0.01f}, {-0.3f, 1, 5.0f, 0.01f}, /* outside 0..1: clamped first */
        {NAN, 1, 5.0f, 0.01f},  {INFINITY, 0, 5.0f, 0.01f},
        {0.6f, 1, 5.0f, 0.0f},  {0.6f, 0, 5.0f, -0.02f}, /* no time passed, time backwards */
        {0.6f, 1, -5.0f, 0.01f}, {0.6f, 0, NAN, 0.01f},
        {0.6f, 1, 5.0f, INFINITY}, {0.3f, 7, 5.0f, 0.02f}, /* any non-zero is "grounded" */
        {0.3f, 1, 1e30f, 1e10f}, /* both fine, their product overflows: the whole way, to 1 */
        {0.6f, 1, 0.5f, 0.1f},   /* a rate under 1 per second is a rate too */
        {0.6f, 1, 0.0f, 0.1f},   /* rate 0 (not > 0): nothing changes */
    };
    for (int i = 0; i < EDGE; i++)
        rq[n++] = edge[i];
    if (!CHECK_CALL(OP_FOOT_FADE, rq, N, rs, describe_fade))
        return;
    for (int i = 0; i < N; i++) {
        float want = expected_fade(rq[i].weight, rq[i].grounded, rq[i].rate, rq[i].dt);
        float got = rs[i].weight;
        if (fabsf(got - want) <= WEIGHT_TOL)
            continue;
        char given[256];
        describe_fade(&rq[i], given, sizeof given);
        const char *why = "";
        float step = rq[i].rate * rq[i].dt;
        if (i < FADES * 2 * FADE_FRAMES && isfinite(got) && fabsf(got - rq[i].weight) > step + WEIGHT_TOL)
            why = fmt(T(MSG_FOOT_HINT_WEIGHT_JUMP), fabsf(got - rq[i].weight),
                      step);
        else if (i < FADES * 2 * FADE_FRAMES && fabsf(got - rq[i].weight) <= WEIGHT_TOL)
            why = T(MSG_FOOT_HINT_WEIGHT_UNCHANGED);
        check_fail(DIAG_NONE, given,
                   fmt("weight %.6f (%s)", want,
                       i < FADES * 2 * FADE_FRAMES ? T(MSG_FOOT_RULE_FADE)
                                                   : T(MSG_FOOT_RULE_ODD_INPUT)),
                   fmt("weight %.6f%s", got, why));
        return;
    }
}

#define SLOPE_CASES 300

static void feet_on_slopes(void)
{
    static foot_step_request rq[SLOPE_CASES];
    static foot_step_response rs[SLOPE_CASES];
    rng r = check_rng();
    for (int i = 0; i < SLOPE_CASES; i++) {
        vec3 floor = rng_v3(&r, -5.0f, 5.0f);
        stance s = random_stance(&r, floor, rng_float(&r, -IK_PI, IK_PI));
        foot_ik_settings settings = random_settings(&r);
        /* Up to 27 deg either way; the ground under the pelvis 2..15 cm
         * above or below the animation's floor, so the feet always move. */
        float lift = rng_float(&r, 0.02f, 0.15f);
        lift *= rng_float(&r, 0.0f, 1.0f) < 0.5f ? -1.0f : 1.0f;
        float slope_z = rng_float(&r, -0.5f, 0.5f); /* before slope_x: see random_stance */
        float slope_x = rng_float(&r, -0.5f, 0.5f);
        terrain t = ramp_under(floor, lift, slope_x, slope_z);
        foot_ik_input in = stance_input(&s, settings, 1.0f);
        rq[i] = step_request(&in, &t);
    }
    PICTURE_REMEMBER(rq, rs, SLOPE_CASES);
    if (!CHECK_CALL(OP_FOOT_STEP, rq, SLOPE_CASES, rs, describe_step))
        return;
    for (int i = 0; i < SLOPE_CASES; i++) {
        foot_step_response ref;
        reference_step(&rq[i], &ref);
        if (!expect_status_ok(&rq[i], &rs[i]) || !expect_foot_target(&rq[i], &rs[i], &ref, FOOT_LEFT) ||
            !expect_foot_target(&rq[i], &rs[i], &ref, FOOT_RIGHT) || !expect_hip_drop(&rq[i], &rs[i], &ref) ||
            !expect_leg_placed(&rq[i], &rs[i], &ref, FOOT_LEFT) || !expect_leg_placed(&rq[i], &rs[i], &ref, FOOT_RIGHT))
            return;
    }
}

#define STEP_CASES 300

static void feet_on_steps(void)
{
    static foot_step_request rq[STEP_CASES];
    static foot_step_response rs[STEP_CASES];
    rng r = check_rng();
    for (int i = 0; i < STEP_CASES; i++) {
        vec3 floor = rng_v3(&r, -5.0f, 5.0f);
        float yaw = (float)((int)rng_float(&r, 0.0f, 4.0f)) * 0.5f * IK_PI;
        stance s = random_stance(&r, floor, yaw);
        /* One foot clearly on each tread. */
        float scale = (s.thigh + s.shin) / 0.9f, a = rng_float(&r, 0.12f, 0.25f) * scale;
        int left_ahead = rng_float(&r, 0.0f, 1.0f) < 0.5f;
        s.ahead[FOOT_LEFT] = left_ahead ? a : -a;
        s.ahead[FOOT_RIGHT] = left_ahead ? -a : a;
        float ahead_lift, behind_lift;
        do {
            ahead_lift = rng_float(&r, -0.2f, 0.2f); /* a real stair: up to 40 cm between treads */
            behind_lift = rng_float(&r, -0.2f, 0.2f);
        } while (fabsf(ahead_lift - behind_lift) < 0.05f || fmaxf(-ahead_lift, -behind_lift) < 0.02f);
        terrain t = stairs_under(floor, yaw, ahead_lift, behind_lift, 1, 1);
        foot_ik_input in = stance_input(&s, random_settings(&r), 1.0f);
        rq[i] = step_request(&in, &t);
    }
    PICTURE_REMEMBER(rq, rs, STEP_CASES);
    if (!CHECK_CALL(OP_FOOT_STEP, rq, STEP_CASES, rs, describe_step))
        return;
    for (int i = 0; i < STEP_CASES; i++) {
        foot_step_response ref;
        reference_step(&rq[i], &ref);
        if (!expect_status_ok(&rq[i], &rs[i]) || !expect_foot_target(&rq[i], &rs[i], &ref, FOOT_LEFT) ||
            !expect_foot_target(&rq[i], &rs[i], &ref, FOOT_RIGHT) || !expect_hip_drop(&rq[i], &rs[i], &ref) ||
            !expect_leg_placed(&rq[i], &rs[i], &ref, FOOT_LEFT) || !expect_leg_placed(&rq[i], &rs[i], &ref, FOOT_RIGHT))
            return;
    }
}

#define DROP_CASES 400

static void hip_drop_largest_deficit(void)
{
    /* Ramps, stairs and ledges; weights part way through a fade; ground
     * above the animated foot (no deficit) as well as below; a foot with
     * no ground keeping its remembered height while it fades out. */
    static foot_step_request rq[DROP_CASES];
    static foot_step_response rs[DROP_CASES];
    /* the reference's answer to each kept case, from the draw (the check
     * compares with it: the same call, so the same floats) */
    static foot_step_response want_of[DROP_CASES];
    rng r = check_rng();
    for (int i = 0; i < DROP_CASES; i++) {
        foot_step_response *probe = &want_of[i];
        do {
            vec3 floor = rng_v3(&r, -5.0f, 5.0f);
            float yaw = (float)((int)rng_float(&r, 0.0f, 4.0f)) * 0.5f * IK_PI;
            stance s = random_stance(&r, floor, yaw);
            float scale = (s.thigh + s.shin) / 0.9f, a = rng_float(&r, 0.12f, 0.25f) * scale;
            s.ahead[FOOT_LEFT] = a;
            s.ahead[FOOT_RIGHT] = -a;
            foot_ik_input in = stance_input(&s, random_settings(&r), 1.0f);
            terrain t;
            int kind = i % 3;
            /* the last argument drawn first: see random_stance */
            if (kind == 0) {
                float slope_z = rng_float(&r, -0.5f, 0.5f), slope_x = rng_float(&r, -0.5f, 0.5f);
                float lift = rng_float(&r, -0.15f, 0.15f);
                t = ramp_under(floor, lift, slope_x, slope_z);
            } else {
                float behind = rng_float(&r, -0.2f, 0.2f), ahead = rng_float(&r, -0.2f, 0.2f);
                t = stairs_under(floor, yaw, ahead, behind, kind == 1 || i % 2, kind == 1 || !(i % 2));
            }
            for (int f = 0; f < FOOT_COUNT; f++) {
                in.memory[f].weight = rng_float(&r, 0.0f, 1.0f) < 0.3f ? 1.0f : rng_float(&r, 0.0f, 1.0f);
                in.memory[f].ground_height = in.legs[f].ankle.y - rng_float(&r, -0.1f, 0.2f);
                in.memory[f].ground_normal = v3_add(v3_up(), rng_v3(&r, -0.3f, 0.3f)); /* the last slope */
            }
            in.dt = rng_float(&r, 1.0f / 144.0f, 1.0f / 24.0f);
            rq[i] = step_request(&in, &t);
            reference_step(&rq[i], probe);
        } while (!(probe->out.hip_drop > 0.01f)); /* a drop to see: an untouched body is not an answer */
    }
    PICTURE_REMEMBER(rq, rs, DROP_CASES);
    if (!CHECK_CALL(OP_FOOT_STEP, rq, DROP_CASES, rs, describe_step))
        return;
    for (int i = 0; i < DROP_CASES; i++) {
        const foot_step_response *ref = &want_of[i];
        if (!expect_status_ok(&rq[i], &rs[i]))
            return;
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_ik_foot *got = &rs[i].out.feet[f], *want = &ref->out.feet[f];
            if (!(fabsf(got->weight - want->weight) <= WEIGHT_TOL)) {
                fail_step(&rq[i], weight_diag(got->weight, want->grounded),
                          fmt("%s: weight = foot_ik_fade_weight(memory %.4f, grounded %d, rate, dt) = %.5f", side_name(f),
                              rq[i].in.memory[f].weight, want->grounded, want->weight),
                          fmt("weight %.5f", got->weight));
                return;
            }
            if (!(v3_distance(got->target, want->target) <= HEIGHT_TOL)) {
                fail_step(&rq[i], DIAG_NONE,
                          fmt("%s: target %s (%s)", side_name(f), fmt_v3(want->target),
                              want->grounded ? "hit point + up × foot_sole_offset"
                                             : T(MSG_FOOT_TARGET_NO_GROUND)),
                          fmt("target %s", fmt_v3(got->target)));
                return;
            }
            if (!(quat_angle_between(got->target_rotation, want->target_rotation) <= ROT_TOL)) {
                fail_step(&rq[i], DIAG_NONE,
                          fmt("%s: target_rotation = from_to(up, %s) * animated = %s", side_name(f),
                              want->grounded ? fmt("hit normal %s", fmt_v3(want->hit_normal))
                                             : fmt(T(MSG_FOOT_REMEMBERED_NORMAL), fmt_v3(rq[i].in.memory[f].ground_normal)),
                              fmt_q(want->target_rotation)),
                          fmt("target_rotation %s", fmt_q(got->target_rotation)));
                return;
            }
        }
        if (!expect_hip_drop(&rq[i], &rs[i], ref))
            return;
    }
}

/* The angle between two unit directions, accurate near 0 (acos is not). */
static float angle_of(vec3 a, vec3 b) { return atan2f(v3_length(v3_cross(a, b)), v3_dot(a, b)); }

/* Every number of a step against the reference, in the order cause ->
 * effect: each foot's ray, weight, target and tilt, then the hip drop and
 * the hips, then each leg. For cases where no property pins the answer
 * more simply than the reference does. */
static int expect_like_reference_step(const foot_step_request *rq, const foot_step_response *rs,
                                      const foot_step_response *ref)
{
    if (!expect_status_ok(rq, rs))
        return 0;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_ik_foot *got = &rs->out.feet[f], *want = &ref->out.feet[f];
        const foot_leg *leg = &rq->in.legs[f];
        if (got->grounded != want->grounded)
            return fail_step(rq, DIAG_NONE,
                             fmt(T(MSG_FOOT_CLIP_RAY), side_name(f),
                                 fmt_v3(v3_add(leg->ankle, v3(0.0f, rq->in.settings.raycast_height, 0.0f))),
                                 rq->in.settings.raycast_distance,
                                 want->grounded ? T(MSG_FOOT_RAY_HIT) : T(MSG_FOOT_RAY_MISS), want->grounded),
                             fmt("grounded = %d", got->grounded));
        if (!(v3_distance(got->hit_point, want->hit_point) <= HEIGHT_TOL) ||
            !(v3_distance(got->hit_normal, want->hit_normal) <= ROT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt(T(MSG_FOOT_HIT_EXPECTED), side_name(f), fmt_v3(want->hit_point), fmt_v3(want->hit_normal),
                                 want->grounded ? T(MSG_FOOT_GROUND_FOUND) : T(MSG_FOOT_HIT_NONE)),
                             fmt("hit_point %s, hit_normal %s", fmt_v3(got->hit_point), fmt_v3(got->hit_normal)));
        if (!(fabsf(got->weight - want->weight) <= WEIGHT_TOL))
            return fail_step(rq, weight_diag(got->weight, want->grounded),
                             fmt("%s: weight = foot_ik_fade_weight(memory %.4f, grounded %d, rate, dt) = %.5f",
                                 side_name(f), rq->in.memory[f].weight, want->grounded, want->weight),
                             fmt("weight %.5f", got->weight));
        if (!(v3_distance(got->target, want->target) <= HEIGHT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt("%s: target %s (%s)", side_name(f), fmt_v3(want->target),
                                 want->grounded ? "hit point + up × foot_sole_offset" : T(MSG_FOOT_TARGET_NO_GROUND)),
                             fmt("target %s", fmt_v3(got->target)));
        if (!(quat_angle_between(got->target_rotation, want->target_rotation) <= ROT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt("%s: target_rotation = from_to(up, %s) * animated = %s", side_name(f),
                                 want->grounded ? fmt("hit normal %s", fmt_v3(want->hit_normal))
                                                : fmt(T(MSG_FOOT_REMEMBERED_NORMAL),
                                                      fmt_v3(rq->in.memory[f].ground_normal)),
                                 fmt_q(want->target_rotation)),
                             fmt("target_rotation %s", fmt_q(got->target_rotation)));
    }
    /* What the next frame is handed. The remembered normal's length is
     * free (the header asks only for its direction, normalized when used,
     * up when it has none), so directions are compared. */
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_ik_memory *got = &rs->out.memory[f], *want = &ref->out.memory[f];
        vec3 got_dir = v3_normalize_or(got->ground_normal, v3_up());
        vec3 want_dir = v3_normalize_or(want->ground_normal, v3_up());
        if (!(fabsf(got->weight - want->weight) <= WEIGHT_TOL) ||
            !(fabsf(got->ground_height - want->ground_height) <= HEIGHT_TOL) || !v3_is_finite(got->ground_normal) ||
            !(angle_of(got_dir, want_dir) <= ROT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt(T(MSG_FOOT_MEMORY_EXPECTED), side_name(f), want->weight, want->ground_height,
                                 fmt_v3(want_dir),
                                 ref->out.feet[f].grounded ? T(MSG_FOOT_GROUND_FOUND) : T(MSG_FOOT_NO_GROUND_REMEMBERED)),
                             fmt("memory weight %.5f, ground_height %.5f, ground_normal %s", got->weight,
                                 got->ground_height, fmt_v3(got->ground_normal)));
    }
    if (!expect_hip_drop(rq, rs, ref))
        return 0;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_ik_foot *got = &rs->out.feet[f], *want = &ref->out.feet[f];
        const foot_leg *leg = &rq->in.legs[f];
        if (!leg_as_solved(leg, v3(0.0f, -ref->out.hip_drop, 0.0f), want->weight, want->target, want->knee, want->ankle,
                           got->knee, got->ankle) ||
            !(quat_angle_between(got->foot_rotation, want->foot_rotation) <= ROT_TOL))
            return fail_step(rq, DIAG_NONE,
                             fmt(T(MSG_FOOT_WALK_POSE_EXPECTED), side_name(f), want->weight,
                                 want->grounded ? T(MSG_FOOT_GROUND_FOUND) : T(MSG_FOOT_NO_GROUND_REMEMBERED),
                                 fmt_v3(want->knee), fmt_v3(want->ankle), fmt_q(want->foot_rotation)),
                             fmt("knee %s, ankle %s, rotation %s", fmt_v3(got->knee), fmt_v3(got->ankle),
                                 fmt_q(got->foot_rotation)));
    }
    return 1;
}

#define EDGE_ROUNDS 20

static void edge_settings(void)
{
    /* The ends of every range the header allows, each on its own so a
     * `> 0` written for `>= 0` or a setting read from the wrong field
     * shows: raycast_height 0 (the ray starts at the ankle: ground 5 cm
     * below is found, ground 5 cm above is not), foot_sole_offset 0
     * (the target is the hit point itself), a fade that goes all the way
     * in one frame (rate * dt = 1 exactly, from weight 0), a memory
     * weight of exactly 0 and 1 with no ground, a remembered normal of
     * zero length (no direction: up) and one not of unit length
     * (normalized), a ray only a millimetre long, a fade rate under 1 per
     * second, and a ray that starts over a metre up. */
    enum { HEIGHT0_BELOW, HEIGHT0_ABOVE, SOLE0, ONE_FRAME_FADE, LEDGE_ZERO_NORMAL, LEDGE_LONG_NORMAL, LEDGE_WEIGHT0,
           SHORT_RAY, SLOW_FADE, HIGH_RAY, KINDS };
    static foot_step_request rq[EDGE_ROUNDS * KINDS];
    static foot_step_response rs[EDGE_ROUNDS * KINDS];
    rng r = check_rng();
    for (int i = 0; i < EDGE_ROUNDS * KINDS; i++) {
        int kind = i % KINDS;
        vec3 floor = rng_v3(&r, -5.0f, 5.0f);
        float yaw = (float)((int)rng_float(&r, 0.0f, 4.0f)) * 0.5f * IK_PI;
        stance st = random_stance(&r, floor, yaw);
        foot_ik_settings set = random_settings(&r);
        float lift = rng_float(&r, 0.03f, 0.08f); /* how far the ground is below the animation's */
        float slope_z = rng_float(&r, -0.3f, 0.3f); /* before slope_x: see random_stance */
        float slope_x = rng_float(&r, -0.3f, 0.3f);
        terrain t = ramp_under(floor, -lift, slope_x, slope_z);
        float memory_weight = 1.0f;
        if (kind == HEIGHT0_BELOW || kind == HEIGHT0_ABOVE)
            set.raycast_height = 0.0f;
        if (kind == HEIGHT0_ABOVE)
            t = ramp_under(floor, rng_float(&r, 0.1f, 0.15f), 0.0f, 0.0f); /* above both ankles */
        if (kind == SOLE0)
            set.foot_sole_offset = 0.0f;
        if (kind == ONE_FRAME_FADE) {
            memory_weight = 0.0f;
            set.weight_fade_rate = 4.0f;
        }
        if (kind == SHORT_RAY) {
            /* The ray from 2 cm above each ankle, 1 mm long: the ground
             * 3..8 cm below the animation's floor is beyond it, no hit. */
            set.raycast_height = 0.02f;
            set.raycast_distance = 0.001f;
        }
        if (kind == SLOW_FADE) {
            memory_weight = 0.5f;
            set.weight_fade_rate = 0.5f; /* under 1 per second: a slow fade is still a fade */
        }
        if (kind == HIGH_RAY) {
            /* A ray from higher than 1 m (over the hips) and long enough
             * to reach below the ankle: the height is only where it
             * starts. */
            set.raycast_height = rng_float(&r, 1.2f, 1.5f);
            set.raycast_distance = set.raycast_height + 1.0f;
        }
        if (kind >= LEDGE_ZERO_NORMAL && kind <= LEDGE_WEIGHT0)
            t = stairs_under(floor, yaw, -lift, -lift, 0, 1); /* nothing in front: the front foot hangs */
        foot_ik_input in = stance_input(&st, set, memory_weight);
        if (kind == ONE_FRAME_FADE)
            in.dt = 0.25f;
        for (int f = 0; f < FOOT_COUNT; f++) {
            if (kind == LEDGE_ZERO_NORMAL)
                in.memory[f].ground_normal = v3_zero();
            if (kind == LEDGE_LONG_NORMAL) {
                float z = rng_float(&r, -1.0f, 1.0f); /* before x: see random_stance */
                in.memory[f].ground_normal = v3(rng_float(&r, -1.0f, 1.0f), 3.0f, z);
            }
            if (kind == LEDGE_WEIGHT0)
                in.memory[f].weight = 0.0f;
            if (kind >= LEDGE_ZERO_NORMAL && kind <= LEDGE_WEIGHT0)
                in.memory[f].ground_height = in.legs[f].ankle.y - rng_float(&r, 0.0f, 0.1f);
        }
        rq[i] = step_request(&in, &t);
    }
    PICTURE_REMEMBER(rq, rs, EDGE_ROUNDS * KINDS);
    if (!CHECK_CALL(OP_FOOT_STEP, rq, EDGE_ROUNDS * KINDS, rs, describe_step))
        return;
    for (int i = 0; i < EDGE_ROUNDS * KINDS; i++) {
        foot_step_response ref;
        reference_step(&rq[i], &ref);
        if (!expect_like_reference_step(&rq[i], &rs[i], &ref))
            return;
    }
}

/* ---- walks ------------------------------------------------------------- */

/* A character walking straight ahead (+Z) from z = start to z = turn at
 * `speed`, standing `hold` seconds, and back; frame times from `fps` (0:
 * random between 1/144 and 1/20 s). */
static int walk_offsets(foot_walk_request *rq, rng *r, float fps, float start, float turn, float speed, float hold)
{
    float t = 0.0f, go = (turn - start) / speed;
    int k = 0;
    for (; k < FOOT_WALK_MAX_FRAMES; k++) {
        float dt = fps > 0.0f ? 1.0f / fps : rng_float(r, 1.0f / 144.0f, 1.0f / 20.0f);
        t += dt;
        float z = t < go ? start + speed * t
                  : t < go + hold ? turn
                                  : turn - speed * (t - go - hold);
        if (t > 2.0f * go + hold + 0.05f)
            break;
        rq->dt[k] = dt;
        rq->offset[k] = v3(0.0f, 0.0f, z);
    }
    rq->frame_count = k;
    return k;
}

/* Frame k of a walk: the legs as animated that frame, the reference's
 * walk played again here to that frame, the student's frame k. */
static void walk_picture(const foot_walk_request *rq, int k)
{
    int i = picture_answer_index(rq, sizeof *rq);
    if (i < 0 || k < 0 || k >= rq->frame_count || rq->frame_count > FOOT_WALK_MAX_FRAMES)
        return;
    const foot_walk_response *rs = (const foot_walk_response *)picture_answers() + i;
    static foot_walk_response ref;
    foot_walk_run(rq, &ref);
    foot_leg legs[FOOT_COUNT];
    for (int f = 0; f < FOOT_COUNT; f++) {
        legs[f] = rq->first.legs[f];
        legs[f].hip = v3_add(legs[f].hip, rq->offset[k]);
        legs[f].knee = v3_add(legs[f].knee, rq->offset[k]);
        legs[f].ankle = v3_add(legs[f].ankle, rq->offset[k]);
        legs[f].knee_pole = v3_add(legs[f].knee_pole, rq->offset[k]);
    }
    foot_picture(legs, &rq->first.settings, &rq->ground, &ref.frames[k], &rs->frames[k],
                 fmt(picture_tr("frame %d จาก %d ของการเดิน (of the walk)", "frame %d of the walk's %d"), k + 1,
                     rq->frame_count));
}

static int fail_walk(const foot_walk_request *rq, int k, diagnosis d, const char *expected, const char *got)
{
    char given[3000], first[2500];
    walk_picture(rq, k);
    describe_input(&rq->first, &rq->ground, first, sizeof first);
    snprintf(given, sizeof given,
             T(MSG_FOOT_WALK_FRAME_GIVEN),
             rq->frame_count, k + 1, rq->dt[k], rq->offset[k].z, first);
    check_fail(d, given, expected, got);
    return 0;
}

/* A floor ending in a ledge at z = 0 (nothing beyond); the animation's
 * floor `lift` above it where the pelvis starts. */
static foot_walk_request ledge_walk(rng *r, float lift, int start_weight, foot_ik_settings settings)
{
    foot_walk_request rq;
    memset(&rq, 0, sizeof rq);
    stance s = random_stance(r, v3(0.0f, 0.0f, 0.0f), 0.0f);
    float scale = (s.thigh + s.shin) / 0.9f;
    s.ahead[FOOT_LEFT] = 0.2f * scale;
    s.ahead[FOOT_RIGHT] = -0.2f * scale;
    rq.first = stance_input(&s, settings, (float)start_weight);
    /* Tilted a little (3 and 5 deg), so the normal a foot remembers when
     * it walks off the ledge is not simply up. */
    terrain_patch floor = {-10.0f, 10.0f, -10.0f, 0.0f, -lift, 0.05f, 0.08f};
    rq.ground = one_patch(floor);
    return rq;
}

static int expect_walk_frame_ok(const foot_walk_request *rq, const foot_walk_response *rs, int k)
{
    const foot_walk_frame *fr = &rs->frames[k];
    if (!guard_intact(fr->guard_damage))
        return fail_walk(rq, k, DIAG_NONE, T(MSG_FOOT_GUARD_INTACT), fmt(T(MSG_FOOT_GUARD_DAMAGED), fr->guard_damage));
    if (fr->status != FOOT_IK_OK)
        return fail_walk(rq, k, DIAG_NONE, T(MSG_FOOT_STATUS_OK_EVERY_FRAME), fmt("status %s", status_name(fr->status)));
    for (int f = 0; f < FOOT_COUNT; f++)
        if (!isfinite(fr->weight[f]) || fr->weight[f] < 0.0f || fr->weight[f] > 1.0f)
            return fail_walk(rq, k, DIAG_NONE, fmt(T(MSG_FOOT_WEIGHT_IN_RANGE), side_name(f)),
                             fmt("weight %g", fr->weight[f]));
    return 1;
}

/* Frame-to-frame weights: never more than rate * dt apart, and exactly the
 * reference's (the same fade played through the same frames). */
static int expect_walk_weights(const foot_walk_request *rq, const foot_walk_response *rs, const foot_walk_response *ref)
{
    const float rate = rq->first.settings.weight_fade_rate;
    for (int k = 0; k < rq->frame_count; k++) {
        if (!expect_walk_frame_ok(rq, rs, k))
            return 0;
        for (int f = 0; f < FOOT_COUNT; f++) {
            float before = k == 0 ? rq->first.memory[f].weight : rs->frames[k - 1].weight[f];
            float got = rs->frames[k].weight[f], want = ref->frames[k].weight[f];
            float change = fabsf(got - before), limit = rate * rq->dt[k];
            if (!(change <= limit + WEIGHT_TOL))
                return fail_walk(rq, k, weight_diag(got, ref->frames[k].grounded[f]),
                                 fmt(T(MSG_FOOT_WEIGHT_STEP_LIMIT),
                                     side_name(f), rate, rq->dt[k], limit),
                                 fmt(T(MSG_FOOT_WEIGHT_CHANGE_HINT), before, got, change,
                                     got == 0.0f || got == 1.0f ? T(MSG_FOOT_HINT_WEIGHT_SNAP) : ""));
            if (!(fabsf(got - want) <= WEIGHT_TOL))
                return fail_walk(rq, k, weight_diag(got, ref->frames[k].grounded[f]),
                                 fmt(T(MSG_FOOT_WEIGHT_EXPECTED), side_name(f), want,
                                     ref->frames[k].grounded[f] ? T(MSG_FOOT_GROUND_FADE_IN) : T(MSG_FOOT_NO_GROUND_FADE_OUT), before),
                                 fmt("weight %.5f", got));
        }
    }
    return 1;
}

static void weights_continuous_walk(void)
{
    /* Walk off the ledge at z = 0 and back at 30, 60 and 144 fps and at a
     * jittery frame rate; one walk starts with weight 0 and fades in. */
    enum { N = 4 };
    static foot_walk_request rq[N];
    static foot_walk_response rs[N], ref[N];
    rng r = check_rng();
    const float fps[N] = {30.0f, 60.0f, 144.0f, 0.0f};
    for (int i = 0; i < N; i++) {
        foot_ik_settings settings = CHAPTER;
        if (i == 3)
            settings.weight_fade_rate = 2.5f; /* a rate that is not the default */
        rq[i] = ledge_walk(&r, 0.03f, i != 1, settings);
        walk_offsets(&rq[i], &r, fps[i], -0.5f, 0.5f, 2.0f, 0.25f);
    }
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_FOOT_WALK, rq, N, rs, describe_walk))
        return;
    for (int i = 0; i < N; i++) {
        foot_walk_run(&rq[i], &ref[i]);
        if (!expect_walk_weights(&rq[i], &rs[i], &ref[i]))
            return;
    }
}

/* A walk's or the clip's frame: the hip drop is the smaller of the two
 * deficits, which are both the reference's. */
static int frame_took_smaller_deficit(const foot_walk_frame *got, const foot_walk_frame *want)
{
    for (int f = 0; f < FOOT_COUNT; f++)
        if (!(fabsf(got->deficit[f] - want->deficit[f]) <= HEIGHT_TOL))
            return 0;
    return took_smaller_deficit(got->hip_drop, want->deficit[0], want->deficit[1]);
}

/* While a foot is planted its ankle is on the target; after its weight
 * has reached 0 the leg is the animation's, moved down by the hip drop;
 * in between, every joint follows the reference frame by frame. */
static int expect_walk_poses(const foot_walk_request *rq, const foot_walk_response *rs, const foot_walk_response *ref)
{
    for (int k = 0; k < rq->frame_count; k++) {
        const foot_walk_frame *got = &rs->frames[k], *want = &ref->frames[k];
        if (!(fabsf(got->hip_drop - want->hip_drop) <= HEIGHT_TOL)) {
            int smaller = frame_took_smaller_deficit(got, want);
            return fail_walk(rq, k, smaller ? DIAG_SMALLER_DEFICIT : DIAG_NONE,
                             fmt(T(MSG_FOOT_WALK_HIP_DROP), want->hip_drop),
                             fmt("hip_drop %.5f%s", got->hip_drop, smaller ? T(MSG_FOOT_HINT_SMALLER_DEFICIT) : ""));
        }
        /* The body before the legs: a knee off because its hip is must be
         * named as the hip. */
        for (int f = 0; f < FOOT_COUNT; f++) {
            vec3 hip = v3_add(rq->first.legs[f].hip, v3_add(rq->offset[k], v3(0.0f, -want->hip_drop, 0.0f)));
            if (!(v3_distance(got->hip[f], hip) <= HEIGHT_TOL))
                return fail_walk(rq, k, DIAG_NONE, fmt(T(MSG_FOOT_HIP_LOWERED), side_name(f), want->hip_drop, fmt_v3(hip)),
                                 fmt("hip %s", fmt_v3(got->hip[f])));
        }
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_leg *leg = &rq->first.legs[f];
            float reach = leg->thigh_length + leg->shin_length;
            vec3 offset = v3_add(rq->offset[k], v3(0.0f, -want->hip_drop, 0.0f));
            if (want->weight[f] == 0.0f) {
                vec3 knee = v3_add(leg->knee, offset), ankle = v3_add(leg->ankle, offset);
                if (!(v3_distance(got->knee[f], knee) <= ANIM_TOL) || !(v3_distance(got->ankle[f], ankle) <= ANIM_TOL) ||
                    !(quat_angle_between(got->foot_rotation[f], leg->foot_rotation) <= ROT_TOL))
                    return fail_walk(rq, k, DIAG_NONE,
                                     fmt(T(MSG_FOOT_WEIGHT0_ANIMATION),
                                         side_name(f), want->hip_drop, fmt_v3(knee), fmt_v3(ankle),
                                         fmt_q(leg->foot_rotation)),
                                     fmt("knee %s, ankle %s, rotation %s (weight %.4f)", fmt_v3(got->knee[f]),
                                         fmt_v3(got->ankle[f]), fmt_q(got->foot_rotation[f]), got->weight[f]));
                continue;
            }
            if (want->weight[f] == 1.0f && want->grounded[f] &&
                !(v3_distance(got->ankle[f], want->target[f]) <= TIP_TOL * reach))
                return fail_walk(rq, k, DIAG_NONE,
                                 fmt(T(MSG_FOOT_GROUNDED_ON_TARGET), side_name(f),
                                     fmt_v3(want->target[f])),
                                 fmt(T(MSG_FOOT_ANKLE_OFF), fmt_v3(got->ankle[f]),
                                     v3_distance(got->ankle[f], want->target[f])));
            if (!leg_as_solved(leg, offset, want->weight[f], want->target[f], want->knee[f], want->ankle[f], got->knee[f],
                               got->ankle[f]) ||
                !(quat_angle_between(got->foot_rotation[f], want->foot_rotation[f]) <= ROT_TOL))
                return fail_walk(rq, k, DIAG_NONE,
                                 fmt(T(MSG_FOOT_WALK_POSE_EXPECTED),
                                     side_name(f), want->weight[f], want->grounded[f] ? T(MSG_FOOT_GROUND_FOUND) : T(MSG_FOOT_NO_GROUND_REMEMBERED),
                                     fmt_v3(want->knee[f]), fmt_v3(want->ankle[f]), fmt_q(want->foot_rotation[f])),
                                 fmt("knee %s, ankle %s, rotation %s", fmt_v3(got->knee[f]), fmt_v3(got->ankle[f]),
                                     fmt_q(got->foot_rotation[f])));
        }
    }
    return 1;
}

static void ledge_fades_to_animation(void)
{
    /* Both feet walk past the ledge and stand over nothing; then the
     * front foot alone hangs over it while the back foot stands on ground
     * lower than the animation's (so the body drops and the hanging leg
     * goes down with it, untouched). */
    enum { N = 3 };
    static foot_walk_request rq[N];
    static foot_walk_response rs[N], ref[N];
    rng r = check_rng();
    rq[0] = ledge_walk(&r, 0.04f, 1, CHAPTER);
    walk_offsets(&rq[0], &r, 60.0f, -0.5f, 0.7f, 1.5f, 0.5f);
    rq[1] = ledge_walk(&r, 0.08f, 1, CHAPTER);
    walk_offsets(&rq[1], &r, 60.0f, -0.6f, 0.0f, 1.2f, 0.6f);
    /* Not the chapter's settings on the last walk, so a sole offset, ray
     * or rate written into the code shows here too. */
    const foot_ik_settings other = {0.6f, 1.3f, 0.08f, 7.0f};
    rq[2] = ledge_walk(&r, -0.05f, 1, other);
    walk_offsets(&rq[2], &r, 0.0f, -0.6f, 0.7f, 1.5f, 0.5f);
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_FOOT_WALK, rq, N, rs, describe_walk))
        return;
    for (int i = 0; i < N; i++) {
        foot_walk_run(&rq[i], &ref[i]);
        if (!expect_walk_weights(&rq[i], &rs[i], &ref[i]) || !expect_walk_poses(&rq[i], &rs[i], &ref[i]))
            return;
    }
}

#define REACH_CASES 60

static void leg_out_of_reach(void)
{
    /* The animation over-stretched the leg (a blend between two clips can):
     * the ankle 3..30% beyond thigh + shin from the hip. The hip drop only
     * makes up for the ground being lower than the animation's, so the
     * leg stays out of reach: it straightens toward its target, keeping
     * both lengths. */
    static foot_step_request rq[REACH_CASES];
    static foot_step_response rs[REACH_CASES];
    rng r = check_rng();
    for (int i = 0; i < REACH_CASES; i++) {
        vec3 floor = rng_v3(&r, -5.0f, 5.0f);
        stance s = random_stance(&r, floor, rng_float(&r, -IK_PI, IK_PI));
        foot_ik_input in = stance_input(&s, random_settings(&r), 1.0f);
        int f = i % 2;
        foot_leg *leg = &in.legs[f];
        float reach = leg->thigh_length + leg->shin_length;
        vec3 flat_dir = v3_normalize_or(v3(leg->ankle.x - leg->hip.x, 0.0f, leg->ankle.z - leg->hip.z), v3_forward());
        float vertical = leg->hip.y - leg->ankle.y;
        float want = reach * rng_float(&r, 1.03f, 1.3f);
        float horizontal = sqrtf(fmaxf(0.0f, want * want - vertical * vertical));
        leg->ankle = v3_add(v3(leg->hip.x, leg->ankle.y, leg->hip.z), v3_scale(flat_dir, horizontal));
        leg->knee = v3_add(leg->hip, v3_scale(v3_normalize(v3_sub(leg->ankle, leg->hip)), leg->thigh_length));
        /* Flat ground 2 cm under the animation's: both feet ask for the
         * same 2 cm drop, so the stretched leg stays out of reach while its
         * target is not its animated ankle. */
        terrain t = ramp_under(floor, -0.02f, 0.0f, 0.0f);
        rq[i] = step_request(&in, &t);
    }
    PICTURE_REMEMBER(rq, rs, REACH_CASES);
    if (!CHECK_CALL(OP_FOOT_STEP, rq, REACH_CASES, rs, describe_step))
        return;
    for (int i = 0; i < REACH_CASES; i++) {
        int f = i % 2;
        if (!expect_status_ok(&rq[i], &rs[i]))
            return;
        const foot_leg *leg = &rq[i].in.legs[f];
        const foot_ik_foot *got = &rs[i].out.feet[f];
        float reach = leg->thigh_length + leg->shin_length;
        if (v3_distance(got->ankle, leg->ankle) <= TIP_TOL * reach) {
            fail_step(&rq[i], DIAG_NONE,
                      fmt(T(MSG_FOOT_LEG_STRAIGHTENS), side_name(f)),
                      fmt(T(MSG_FOOT_ANKLE_STILL_ANIMATED), fmt_v3(got->ankle)));
            return;
        }
        foot_step_response ref;
        reference_step(&rq[i], &ref);
        if (!expect_lengths(&rq[i], got, &ref, f))
            return;
        vec3 target = ref.out.feet[f].target;
        vec3 straight = v3_add(got->hip, v3_scale(v3_normalize(v3_sub(target, got->hip)), reach));
        if (!(v3_distance(got->ankle, straight) <= TIP_TOL * reach)) {
            fail_step(&rq[i], DIAG_NONE,
                      fmt(T(MSG_FOOT_OUT_OF_REACH), side_name(f),
                          fmt_v3(target), reach, fmt_v3(straight)),
                      fmt("ankle %s", fmt_v3(got->ankle)));
            return;
        }
    }
}

/* ---- the real clip ----------------------------------------------------------
 *
 * CMU 131_01 (checker/data/mocap/, start-walk-stop at 120 fps), its steady
 * walk from 4 s to 6 s. Forward kinematics (section 01's reference) poses
 * the clip's legs every frame, in metres (1 unit = 0.0254 / 0.45 m, Y up),
 * where the clip put them: the walk goes about 2 m along +Z, x 0.1..0.6 m.
 * The body stays at the clip's recorded height (its floor is y = 0) and
 * the ground departs from that floor by centimetres, as it does under a
 * character controller that keeps the body on the ground (section 10, the
 * closing scene plots/scene.c): foot IK is what puts each foot on the
 * ground actually under it. From the first frame's feet forward:
 *   - the clip's own floor, y = 0;
 *   - from z = -1.3 a ramp tilted 10 deg (8.5 deg across the walk, 5.7
 *     along it), 3 cm above the clip's floor where the left foot plants on
 *     it (a few cm of step up or down at its start, depending on x);
 *   - from z = -0.5 a 10 cm step down onto a floor 3.5 cm below the clip's,
 *     where the right foot and then the left plant (the hip drop).
 * Both edges lie where both feet are high in their swing (ankles 0.19 m
 * up or more within 12 cm of the edge), so a foot meets an edge only in
 * the air.
 *
 * The settings are the closing scene's, for the same reasons (see its
 * note). The chapter's raycast_distance 1.5 m reaches 1 m below the ankle,
 * so every swinging foot would find the ground and be pinned onto it (on
 * these runs: every foot planted on every frame, the hips dropped up to
 * 36 cm to reach the swinging foot down), and its 5 cm sole offset would
 * pull every planted foot 5 cm down (the clip's ankles stand 0.09-0.12 m
 * over its floor). So:
 *   - foot_sole_offset = the clip's own standing ankle height: over the
 *     stretch, the median of the lower ankle (0.0995 m);
 *   - raycast_height 0.5 m, the chapter's: above anything here;
 *   - raycast_distance = raycast_height + sole offset + CLIP_CONTACT_REACH:
 *     the ray finds ground at most 6 cm below the sole, so a foot near the
 *     ground plants and a swinging foot does not (its weight fades out);
 *   - weight_fade_rate 20 per second (3 frames at 60 Hz): at the default
 *     5 a landing foot sinks while its weight climbs (the reference's
 *     soles up to 2.3 cm under the ground on these runs) and a lifting
 *     foot's remembered ground drags the hips down.
 * Before the first frame each foot's memory is what a running IK would
 * hold: weight 1 on the ground its ray finds, weight 0 (and the clip's
 * floor) for the foot in the air.
 *
 * Three runs of the walk, so the fade is seen at three frame rates: every
 * 2nd frame (60 Hz, 4.0-6.0 s), every frame (120 Hz, 4.0-5.0 s) and every
 * 4th (30 Hz, 4.0-6.0 s). On them the reference plants each foot on the
 * tilted ramp and on both floors (142 planted foot-frames of 240 at 60 Hz),
 * drops the hips by up to 5.7 cm, and fades a weight through 0..1 at
 * every step (25 foot-frames strictly between 0 and 1 at 60 Hz), with no
 * ground under the swinging foot for most of its swing; one leg cannot
 * reach its goal and straightens (an ankle snapped onto it shows).
 *
 * Measured on these runs, for the reference and for the alternative
 * implementation described at the top of this file, each playing its own
 * chain of frames:
 *   - soles: the lowest sole (ankle - sole offset) is 8.2e-8 m under the
 *     surface right below it, for both (hit + offset - offset rounded);
 *     CLIP_SOLE_TOL 1e-5 m is 120x that. Real mistakes sink centimetres:
 *     the animation left alone sinks 3.2 cm into the ramp, a missing sole
 *     offset 10 cm;
 *   - weights: within 7.5e-9 of each other, and no frame changes a weight
 *     by more than rate * dt + 3e-8: WEIGHT_TOL;
 *   - hip drop: exactly the larger deficit in both (0 difference), within
 *     9e-10 m of each other: HEIGHT_TOL;
 *   - bone lengths: 6.8e-7 relative at most (the legs as FK posed them,
 *     which a leg at weight 0 keeps): LEN_TOL;
 *   - joints: the alternative within 1.3e-6 * (L1 + L2) of the reference,
 *     rotations within 9.3e-8 rad: JOINT_TOL (77x) and ROT_TOL (1000x);
 *   - every animated ankle is at least 1.5e-4 m from the height at which
 *     its ray would start or stop reaching the ground (over 1000x the
 *     rounding of these heights), so which feet are grounded is the same
 *     for any correct solution: it is compared exactly.
 * The same numbers with gcc and clang. */
#define CLIP_CONTACT_REACH 0.06f
#define CLIP_FADE_RATE 20.0f
#define CLIP_SOLE_TOL HEIGHT_TOL
#define CLIP_FIRST_FRAME 480 /* 4 s */
#define CLIP_LAST_FRAME 720  /* 6 s */

/* The clip's legs and their posing (FK of a frame, the knee pole, the
 * median) are include/mocap_legs.h's, shared with the closing scene. */
typedef mocap_legs clip_legs;

static int clip_load(bvh_file *file, clip_legs *legs)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/checker/data/mocap/cmu_131_01_start_walk_stop.bvh", CHECK_ENV.root);
    bvh_error e = check_bvh_load(path, file);
    if (e.failed) {
        check_fail(DIAG_NONE, path, T(MSG_FOOT_LOAD_REAL_CLIP), fmt(T(MSG_FOOT_CANNOT_LOAD), e.message));
        return 0;
    }
    if (!mocap_find_legs(&file->skeleton, legs) || file->motion.frame_count <= CLIP_LAST_FRAME) {
        check_fail(DIAG_NONE, path, T(MSG_FOOT_CLIP_HAS_LEGS),
                   fmt(T(MSG_FOOT_CLIP_JOINT_MISSING), file->motion.frame_count));
        bvh_free(file);
        return 0;
    }
    return 1;
}

/* One animated leg, world space in metres, where the clip put it. */
static foot_leg clip_leg(const fk_transform *world, const clip_legs *legs, int f)
{
    foot_leg leg;
    leg.hip = world[legs->joint[f][0]].position;
    leg.knee = world[legs->joint[f][1]].position;
    leg.ankle = world[legs->joint[f][2]].position;
    leg.foot_rotation = quat_normalize(world[legs->joint[f][2]].rotation);
    leg.knee_pole = mocap_knee_pole(leg.hip, leg.knee, leg.ankle, v3_forward());
    leg.thigh_length = legs->thigh[f];
    leg.shin_length = legs->shin[f];
    return leg;
}

/* The clip's standing ankle height: over 4..6 s, the lower of the two
 * ankles at every frame, and the median of that. 0 when a frame fails. */
static float clip_standing_ankle(const bvh_file *file, const clip_legs *legs)
{
    static float lower[CLIP_LAST_FRAME - CLIP_FIRST_FRAME + 1];
    int n = 0;
    for (int i = CLIP_FIRST_FRAME; i <= CLIP_LAST_FRAME; i++) {
        fk_transform world[FK_MAX_BONES];
        if (!mocap_pose_frame(file, i, world))
            return 0.0f;
        lower[n++] = fminf(world[legs->joint[FOOT_LEFT][2]].position.y, world[legs->joint[FOOT_RIGHT][2]].position.y);
    }
    return mocap_median(lower, n);
}

static terrain clip_ground(void)
{
    terrain t = terrain_empty();
    /* y = height + slope_x x + slope_z z; x -3..3 m covers the walk. */
    const terrain_patch floor = {-3.0f, 3.0f, -4.0f, -1.3f, 0.0f, 0.0f, 0.0f};
    const terrain_patch ramp = {-3.0f, 3.0f, -1.3f, -0.5f, 0.072f, 0.15f, 0.1f}; /* 0.03 at (0.24, -0.78) */
    const terrain_patch lower = {-3.0f, 3.0f, -0.5f, 4.0f, -0.035f, 0.0f, 0.0f};
    terrain_add_patch(&t, floor);
    terrain_add_patch(&t, ramp);
    terrain_add_patch(&t, lower);
    return t;
}

/* One run: `count` frames from CLIP_FIRST_FRAME, every `stride`-th. */
static int clip_run_request(const bvh_file *file, const clip_legs *legs, float sole, int stride, int count,
                            foot_clip_request *rq)
{
    memset(rq, 0, sizeof *rq);
    rq->settings.raycast_height = 0.5f;
    rq->settings.foot_sole_offset = sole;
    rq->settings.raycast_distance = rq->settings.raycast_height + sole + CLIP_CONTACT_REACH;
    rq->settings.weight_fade_rate = CLIP_FADE_RATE;
    rq->ground = clip_ground();
    rq->dt = (float)stride * file->motion.frame_time;
    rq->clip_time = (float)CLIP_FIRST_FRAME * file->motion.frame_time;
    rq->frame_count = count;
    for (int k = 0; k < count; k++) {
        fk_transform world[FK_MAX_BONES];
        if (!mocap_pose_frame(file, CLIP_FIRST_FRAME + k * stride, world))
            return 0;
        for (int f = 0; f < FOOT_COUNT; f++)
            rq->legs[k][f] = clip_leg(world, legs, f);
    }
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &rq->legs[0][f];
        terrain_hit hit;
        if (terrain_raycast_down(&rq->ground, v3_add(leg->ankle, v3(0.0f, rq->settings.raycast_height, 0.0f)),
                                 rq->settings.raycast_distance, &hit))
            rq->memory[f] = (foot_ik_memory){1.0f, hit.point.y + sole, hit.normal};
        else
            rq->memory[f] = (foot_ik_memory){0.0f, sole, v3_up()};
    }
    return 1;
}

static const char *clip_run_text(const foot_clip_request *rq)
{
    return fmt(T(MSG_FOOT_CLIP_RUN), 1.0 / (double)rq->dt,
               (double)rq->dt, rq->frame_count, (double)rq->clip_time);
}

static void describe_clip(const void *request, char *out, size_t size)
{
    const foot_clip_request *rq = request;
    const foot_ik_settings *s = &rq->settings;
    snprintf(out, size, T(MSG_FOOT_CLIP_GIVEN),
             clip_run_text(rq), s->raycast_height, s->raycast_distance, s->foot_sole_offset, s->weight_fade_rate,
             describe_terrain(&rq->ground));
}

/* Frame k of the real clip, as walk_picture. */
static void clip_picture(const foot_clip_request *rq, int k)
{
    int i = picture_answer_index(rq, sizeof *rq);
    if (i < 0 || k < 0 || k >= rq->frame_count || rq->frame_count > FOOT_CLIP_MAX_FRAMES)
        return;
    const foot_clip_response *rs = (const foot_clip_response *)picture_answers() + i;
    static foot_clip_response ref;
    foot_clip_run(rq, &ref);
    foot_picture(rq->legs[k], &rq->settings, &rq->ground, &ref.frames[k], &rs->frames[k],
                 fmt(picture_tr("frame %d จาก %d ของคลิปจริง (of the real clip)", "frame %d of the real clip's %d"),
                     k + 1, rq->frame_count));
}

static int fail_clip(const foot_clip_request *rq, int k, diagnosis d, const char *expected, const char *got)
{
    char run[1500], given[3000];
    clip_picture(rq, k);
    describe_clip(rq, run, sizeof run);
    const foot_leg *l = rq->legs[k], *r = rq->legs[k] + 1;
    snprintf(given, sizeof given,
             T(MSG_FOOT_CLIP_FRAME_GIVEN),
             run, k + 1, (double)(rq->clip_time + (float)k * rq->dt), fmt_v3(l->hip), fmt_v3(l->knee),
             fmt_v3(l->ankle), fmt_v3(r->hip), fmt_v3(r->knee), fmt_v3(r->ankle));
    check_fail(d, given, expected, got);
    return 0;
}

static int clip_frame_finite(const foot_walk_frame *fr)
{
    if (!isfinite(fr->hip_drop))
        return 0;
    for (int f = 0; f < FOOT_COUNT; f++)
        if (!isfinite(fr->weight[f]) || !isfinite(fr->deficit[f]) || !v3_is_finite(fr->hip[f]) ||
            !v3_is_finite(fr->knee[f]) || !v3_is_finite(fr->ankle[f]) || !quat_is_finite(fr->foot_rotation[f]))
            return 0;
    return 1;
}

/* Frame by frame, what the issue asks of real feet - soles never under
 * the surface, weights that never jump, the hip drop exactly the larger
 * deficit, legs that keep their length - and every number the reference
 * gives when it plays the same frames. */
static int expect_clip(const foot_clip_request *rq, const foot_clip_response *rs, const foot_clip_response *ref)
{
    const float rate = rq->settings.weight_fade_rate, sole = rq->settings.foot_sole_offset;
    for (int k = 0; k < rq->frame_count; k++) {
        const foot_walk_frame *got = &rs->frames[k], *want = &ref->frames[k];
        const foot_leg *legs = rq->legs[k];
        if (!guard_intact(got->guard_damage))
            return fail_clip(rq, k, DIAG_NONE, T(MSG_FOOT_GUARD_INTACT), fmt(T(MSG_FOOT_GUARD_DAMAGED), got->guard_damage));
        if (got->status != FOOT_IK_OK)
            return fail_clip(rq, k, DIAG_NONE, T(MSG_FOOT_STATUS_OK_EVERY_FRAME), fmt("status %s", status_name(got->status)));
        if (!clip_frame_finite(got))
            return fail_clip(rq, k, DIAG_NONE, T(MSG_FOOT_OUTPUT_FINITE),
                             fmt(T(MSG_FOOT_OUTPUT_NOT_FINITE), got->hip_drop,
                                 fmt_v3(got->ankle[0]), fmt_v3(got->ankle[1])));
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_leg *leg = &legs[f];
            if (got->grounded[f] != want->grounded[f])
                return fail_clip(rq, k, DIAG_NONE,
                                 fmt(T(MSG_FOOT_CLIP_RAY),
                                     side_name(f), fmt_v3(v3_add(leg->ankle, v3(0.0f, rq->settings.raycast_height, 0.0f))),
                                     rq->settings.raycast_distance, want->grounded[f] ? T(MSG_FOOT_RAY_HIT) : T(MSG_FOOT_RAY_MISS),
                                     want->grounded[f]),
                                 fmt("grounded = %d", got->grounded[f]));
            float thigh = v3_distance(got->knee[f], got->hip[f]), shin = v3_distance(got->ankle[f], got->knee[f]);
            if (!(fabsf(thigh - leg->thigh_length) <= LEN_TOL * leg->thigh_length) ||
                !(fabsf(shin - leg->shin_length) <= LEN_TOL * leg->shin_length))
                return fail_clip(rq, k,
                                 ankle_stretched_to_goal(leg, want->hip[f], want->target[f], want->weight[f],
                                                         want->hip_drop, got->ankle[f])
                                     ? DIAG_BONE_LENGTH
                                     : DIAG_NONE,
                                 fmt("%s: |knee − hip| = thigh %.5f, |ankle − knee| = shin %.5f", side_name(f),
                                     leg->thigh_length, leg->shin_length),
                                 fmt(T(MSG_FOOT_LENGTHS_GOT),
                                     thigh, shin, fmt_v3(got->hip[f]), fmt_v3(got->knee[f]), fmt_v3(got->ankle[f])));
            if (!(got->weight[f] >= 0.0f && got->weight[f] <= 1.0f))
                return fail_clip(rq, k, DIAG_NONE, fmt(T(MSG_FOOT_WEIGHT_IN_RANGE), side_name(f)),
                                 fmt("weight %g", got->weight[f]));
            float before = k == 0 ? rq->memory[f].weight : rs->frames[k - 1].weight[f];
            float change = fabsf(got->weight[f] - before), limit = rate * rq->dt;
            if (!(change <= limit + WEIGHT_TOL))
                return fail_clip(rq, k, weight_diag(got->weight[f], want->grounded[f]),
                                 fmt(T(MSG_FOOT_WEIGHT_STEP_LIMIT),
                                     side_name(f), rate, rq->dt, limit),
                                 fmt(T(MSG_FOOT_WEIGHT_CHANGE), before, got->weight[f], change));
            if (!(fabsf(got->weight[f] - want->weight[f]) <= WEIGHT_TOL))
                return fail_clip(rq, k, weight_diag(got->weight[f], want->grounded[f]),
                                 fmt(T(MSG_FOOT_WEIGHT_EXPECTED), side_name(f), want->weight[f],
                                     want->grounded[f] ? T(MSG_FOOT_GROUND_FADE_IN) : T(MSG_FOOT_NO_GROUND_FADE_OUT), before),
                                 fmt("weight %.5f", got->weight[f]));
            if (!(fabsf(got->deficit[f] - want->deficit[f]) <= HEIGHT_TOL))
                return fail_clip(rq, k, DIAG_NONE,
                                 fmt("%s: deficit = weight × max(0, animated ankle y − target y) = %.4f × max(0, %.4f − %.4f) "
                                     "= %.5f",
                                     side_name(f), want->weight[f], leg->ankle.y, want->target[f].y, want->deficit[f]),
                                 fmt("deficit %.5f", got->deficit[f]));
        }
        float larger = fmaxf(got->deficit[0], got->deficit[1]);
        if (!(fabsf(got->hip_drop - larger) <= HEIGHT_TOL) || !(fabsf(got->hip_drop - want->hip_drop) <= HEIGHT_TOL)) {
            int smaller = frame_took_smaller_deficit(got, want);
            return fail_clip(rq, k, smaller ? DIAG_SMALLER_DEFICIT : DIAG_NONE,
                             fmt(T(MSG_FOOT_HIP_DROP_EXPECTED), want->deficit[0],
                                 want->deficit[1], want->hip_drop),
                             fmt("%s%s", fmt(T(MSG_FOOT_CLIP_HIP_DROP_GOT), got->hip_drop, got->deficit[0],
                                 got->deficit[1]), smaller ? T(MSG_FOOT_HINT_SMALLER_DEFICIT) : ""));
        }
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_leg *leg = &legs[f];
            vec3 hip = v3_sub(leg->hip, v3(0.0f, want->hip_drop, 0.0f));
            if (!(v3_distance(got->hip[f], hip) <= HEIGHT_TOL))
                return fail_clip(rq, k, DIAG_NONE,
                                 fmt(T(MSG_FOOT_HIP_LOWERED), side_name(f), want->hip_drop, fmt_v3(hip)),
                                 fmt("hip %s", fmt_v3(got->hip[f])));
            /* The sole must not be under the surface right below the ankle. */
            terrain_hit below;
            if (terrain_raycast_down(&rq->ground, v3_add(got->ankle[f], v3(0.0f, 0.5f, 0.0f)), 2.0f, &below) &&
                !(got->ankle[f].y - sole >= below.point.y - CLIP_SOLE_TOL))
                return fail_clip(rq, k, DIAG_NONE,
                                 fmt(T(MSG_FOOT_CLIP_SOLE_ABOVE),
                                     side_name(f), sole, below.point.y, want->weight[f]),
                                 fmt(T(MSG_FOOT_CLIP_SOLE_SUNK), fmt_v3(got->ankle[f]),
                                     below.point.y - (got->ankle[f].y - sole)));
            if (!leg_as_solved(leg, v3(0.0f, -want->hip_drop, 0.0f), want->weight[f], want->target[f], want->knee[f],
                               want->ankle[f], got->knee[f], got->ankle[f]) ||
                !(quat_angle_between(got->foot_rotation[f], want->foot_rotation[f]) <= ROT_TOL))
                return fail_clip(rq, k, DIAG_NONE,
                                 fmt("%s (weight %.4f, %s): knee %s, ankle %s, rotation %s", side_name(f), want->weight[f],
                                     want->weight[f] == 0.0f ? T(MSG_FOOT_CLIP_RULE_ANIMATION)
                                     : want->grounded[f]      ? T(MSG_FOOT_CLIP_RULE_GOAL)
                                                              : T(MSG_FOOT_CLIP_RULE_NO_GROUND),
                                     fmt_v3(want->knee[f]), fmt_v3(want->ankle[f]), fmt_q(want->foot_rotation[f])),
                                 fmt("knee %s, ankle %s, rotation %s", fmt_v3(got->knee[f]), fmt_v3(got->ankle[f]),
                                     fmt_q(got->foot_rotation[f])));
        }
    }
    return 1;
}

static void real_clip_feet(void)
{
    /* stride (source frames per step) and frame count of each run */
    static const int RUNS[][2] = {{2, 120}, {1, 120}, {4, 60}};
    enum { N = sizeof RUNS / sizeof RUNS[0] };
    static bvh_file file;
    static foot_clip_request rq[N];
    static foot_clip_response rs[N], ref[N];
    clip_legs legs;
    if (!clip_load(&file, &legs))
        return;
    float sole = clip_standing_ankle(&file, &legs);
    int built = sole > 0.0f;
    for (int i = 0; i < N && built; i++)
        built = clip_run_request(&file, &legs, sole, RUNS[i][0], RUNS[i][1], &rq[i]);
    bvh_free(&file);
    if (!built) {
        check_fail(DIAG_NONE, T(MSG_FOOT_REAL_CLIP), T(MSG_FOOT_CLIP_FK_OK), T(MSG_FOOT_CLIP_FK_FAILED));
        return;
    }
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_FOOT_CLIP, rq, N, rs, describe_clip))
        return;
    for (int i = 0; i < N; i++) {
        memset(&ref[i], 0, sizeof ref[i]);
        foot_clip_run(&rq[i], &ref[i]);
        if (!expect_clip(&rq[i], &rs[i], &ref[i]))
            return;
    }
}

/* The identity rotation: (0, 0, 0, 1), or (0, 0, 0, -1), the same rotation
 * written the other way. Every component is looked at: (5, 0, 0, 1) has
 * w = 1 and is no rotation at all. */
static int is_identity(quat q) { return q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && fabsf(q.w) == 1.0f; }

static void invalid_input(void)
{
    enum {
        NULL_IN, NULL_GROUND, NULL_OUT, NEG_HEIGHT, ZERO_DISTANCE, NAN_SOLE, NEG_RATE, INF_RATE, ZERO_DT, NEG_DT, NAN_DT,
        TOO_MANY_PATCHES, EMPTY_PATCH, NAN_HIP, ZERO_THIGH, NEG_SHIN, INF_ROTATION, NAN_POLE, HEAVY_WEIGHT,
        NAN_WEIGHT, NAN_NORMAL, INF_HEIGHT,
        /* Out of the world (finite but beyond IK_WORLD_LIMIT), infinities
         * in every kind of field, the lower bounds, and two mistakes at
         * once (the first in foot_ik_status's order wins). */
        FAR_KNEE, INF_ANKLE, FAR_POLE, INF_THIGH, FAR_DISTANCE, FAR_HEIGHT_SETTING, NEG_SOLE, NEG_MEMORY_WEIGHT,
        FAR_MEMORY_HEIGHT, INF_NORMAL, NAN_PATCH, SETTINGS_AND_DT, DT_AND_TERRAIN, LEG_AND_MEMORY, ZERO_RATE, ZERO_SHIN, N
    };
    static foot_step_request rq[N];
    static foot_step_response rs[N];
    rng r = check_rng();
    stance s = random_stance(&r, v3(0.0f, 0.0f, 0.0f), 0.0f);
    foot_ik_input good = stance_input(&s, CHAPTER, 1.0f);
    terrain ground = ramp_under(v3(0.0f, 0.0f, 0.0f), -0.05f, 0.0f, 0.0f);
    static const int want[N] = {
        FOOT_IK_NULL, FOOT_IK_NULL, FOOT_IK_NULL, FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_SETTINGS,
        FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_TIME_STEP, FOOT_IK_BAD_TIME_STEP, FOOT_IK_BAD_TIME_STEP,
        FOOT_IK_BAD_TERRAIN, FOOT_IK_BAD_TERRAIN, FOOT_IK_BAD_LEG, FOOT_IK_BAD_LEG, FOOT_IK_BAD_LEG, FOOT_IK_BAD_LEG,
        FOOT_IK_BAD_LEG, FOOT_IK_BAD_MEMORY, FOOT_IK_BAD_MEMORY, FOOT_IK_BAD_MEMORY, FOOT_IK_BAD_MEMORY,
        FOOT_IK_BAD_LEG, FOOT_IK_BAD_LEG, FOOT_IK_BAD_LEG, FOOT_IK_BAD_LEG, FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_SETTINGS,
        FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_MEMORY, FOOT_IK_BAD_MEMORY, FOOT_IK_BAD_MEMORY, FOOT_IK_BAD_TERRAIN,
        FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_TIME_STEP, FOOT_IK_BAD_LEG, FOOT_IK_BAD_SETTINGS, FOOT_IK_BAD_LEG,
    };
    const char *const what[N] = {
        "in = NULL", "ground = NULL", "out = NULL", "raycast_height = -0.1", "raycast_distance = 0",
        "foot_sole_offset = NaN", "weight_fade_rate = -5", "weight_fade_rate = inf", "dt = 0", "dt = -1/60", "dt = NaN",
        "terrain.patch_count = 17", T(MSG_FOOT_GIVEN_EMPTY_PATCH), T(MSG_FOOT_GIVEN_NAN_HIP), "thigh_length = 0",
        "shin_length = -0.4", "foot_rotation = inf", "knee_pole = NaN", "memory weight = 1.5", "memory weight = NaN",
        "memory ground_normal = NaN", "memory ground_height = inf",
        "knee.x = 1e30 (> IK_WORLD_LIMIT)", "ankle.z = -inf", "knee_pole.y = 2e18 (> IK_WORLD_LIMIT)",
        "thigh_length = inf", "raycast_distance = 1e30 (> IK_WORLD_LIMIT)", "raycast_height = 2e18 (> IK_WORLD_LIMIT)",
        "foot_sole_offset = -0.01", "memory weight = -0.1", "memory ground_height = -1e30 (> IK_WORLD_LIMIT)",
        "memory ground_normal.y = inf", "terrain patch height = NaN", "raycast_height = -1, dt = 0",
        "dt = NaN, terrain.patch_count = -1", "thigh_length = -1, memory weight = 2", "weight_fade_rate = 0",
        "shin_length = 0",
    };
    for (int i = 0; i < N; i++)
        rq[i] = step_request(&good, &ground);
    rq[NULL_IN].null_flags = FOOT_NULL_IN;
    rq[NULL_GROUND].null_flags = FOOT_NULL_GROUND;
    rq[NULL_OUT].null_flags = FOOT_NULL_OUT;
    rq[NEG_HEIGHT].in.settings.raycast_height = -0.1f;
    rq[ZERO_DISTANCE].in.settings.raycast_distance = 0.0f;
    rq[NAN_SOLE].in.settings.foot_sole_offset = NAN;
    rq[NEG_RATE].in.settings.weight_fade_rate = -5.0f;
    rq[INF_RATE].in.settings.weight_fade_rate = INFINITY;
    rq[ZERO_DT].in.dt = 0.0f;
    rq[NEG_DT].in.dt = -1.0f / 60.0f;
    rq[NAN_DT].in.dt = NAN;
    rq[TOO_MANY_PATCHES].ground.patch_count = TERRAIN_MAX_PATCHES + 1;
    rq[EMPTY_PATCH].ground.patches[0].min_x = 30.0f;
    rq[NAN_HIP].in.legs[FOOT_LEFT].hip.y = NAN;
    rq[ZERO_THIGH].in.legs[FOOT_RIGHT].thigh_length = 0.0f;
    rq[NEG_SHIN].in.legs[FOOT_LEFT].shin_length = -0.4f;
    rq[INF_ROTATION].in.legs[FOOT_RIGHT].foot_rotation.w = INFINITY;
    rq[NAN_POLE].in.legs[FOOT_LEFT].knee_pole.z = NAN;
    rq[HEAVY_WEIGHT].in.memory[FOOT_RIGHT].weight = 1.5f;
    rq[NAN_WEIGHT].in.memory[FOOT_LEFT].weight = NAN;
    rq[NAN_NORMAL].in.memory[FOOT_RIGHT].ground_normal.x = NAN;
    rq[INF_HEIGHT].in.memory[FOOT_LEFT].ground_height = INFINITY;
    rq[FAR_KNEE].in.legs[FOOT_RIGHT].knee.x = 1e30f;
    rq[INF_ANKLE].in.legs[FOOT_LEFT].ankle.z = -INFINITY;
    rq[FAR_POLE].in.legs[FOOT_RIGHT].knee_pole.y = 2.0f * IK_WORLD_LIMIT;
    rq[INF_THIGH].in.legs[FOOT_LEFT].thigh_length = INFINITY;
    rq[FAR_DISTANCE].in.settings.raycast_distance = 1e30f;
    rq[FAR_HEIGHT_SETTING].in.settings.raycast_height = 2.0f * IK_WORLD_LIMIT;
    rq[NEG_SOLE].in.settings.foot_sole_offset = -0.01f;
    rq[NEG_MEMORY_WEIGHT].in.memory[FOOT_LEFT].weight = -0.1f;
    rq[FAR_MEMORY_HEIGHT].in.memory[FOOT_RIGHT].ground_height = -1e30f;
    rq[INF_NORMAL].in.memory[FOOT_LEFT].ground_normal.y = INFINITY;
    rq[NAN_PATCH].ground.patches[0].height = NAN;
    rq[SETTINGS_AND_DT].in.settings.raycast_height = -1.0f;
    rq[SETTINGS_AND_DT].in.dt = 0.0f;
    rq[DT_AND_TERRAIN].in.dt = NAN;
    rq[DT_AND_TERRAIN].ground.patch_count = -1;
    rq[LEG_AND_MEMORY].in.legs[FOOT_RIGHT].thigh_length = -1.0f;
    rq[LEG_AND_MEMORY].in.memory[FOOT_LEFT].weight = 2.0f;
    rq[ZERO_RATE].in.settings.weight_fade_rate = 0.0f;
    rq[ZERO_SHIN].in.legs[FOOT_LEFT].shin_length = 0.0f;
    PICTURE_REMEMBER(rq, rs, N);
    if (!CHECK_CALL(OP_FOOT_STEP, rq, N, rs, describe_step))
        return;
    for (int i = 0; i < N; i++) {
        if (!expect_guard(&rq[i], &rs[i]))
            return;
        if (rs[i].status != want[i]) {
            fail_step(&rq[i], DIAG_NONE, fmt(T(MSG_FOOT_INVALID_STATUS), what[i],
                                             status_name(want[i])),
                      fmt("status %s", status_name(rs[i].status)));
            return;
        }
        if (rq[i].null_flags & FOOT_NULL_OUT)
            continue;
        /* Cleared: nothing half-computed, nothing left unwritten. */
        const foot_ik_output *o = &rs[i].out;
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_ik_foot *p = &o->feet[f];
            const foot_ik_memory *m = &o->memory[f];
            vec3 zero = v3_zero(), up = v3_up();
            int cleared = o->hip_drop == 0.0f && p->grounded == 0 && p->weight == 0.0f && p->deficit == 0.0f &&
                          v3_distance(p->hit_point, zero) == 0.0f && v3_distance(p->hit_normal, up) == 0.0f &&
                          v3_distance(p->target, zero) == 0.0f && v3_distance(p->hip, zero) == 0.0f &&
                          v3_distance(p->knee, zero) == 0.0f && v3_distance(p->ankle, zero) == 0.0f &&
                          is_identity(p->foot_rotation) && is_identity(p->target_rotation) &&
                          m->weight == 0.0f && m->ground_height == 0.0f && v3_distance(m->ground_normal, up) == 0.0f;
            if (!cleared) {
                fail_step(&rq[i], DIAG_NONE,
                          fmt(T(MSG_FOOT_OUT_CLEARED),
                              what[i]),
                          fmt("%s: ankle %s, knee %s, weight %g, memory weight %g, foot_rotation %s, hip_drop %g%s",
                              side_name(f), fmt_v3(p->ankle), fmt_v3(p->knee), p->weight, m->weight,
                              fmt_q(p->foot_rotation), o->hip_drop,
                              p->weight == FOOT_SENTINEL || m->weight == FOOT_SENTINEL
                                  ? fmt(T(MSG_FOOT_HINT_PLACEHOLDER), FOOT_SENTINEL)
                                  : ""));
                return;
            }
        }
    }
}

DEFINE_SUITE(FOOT_IK,
    {"chapter_defaults", "ค่าเริ่มต้นตามบท: raycastHeight 0.5, raycastDistance 1.5, footSoleOffset 0.05 (fade 5/วินาที)", "the chapter's defaults: raycastHeight 0.5, raycastDistance 1.5, footSoleOffset 0.05 (fade 5/second)", chapter_defaults, CHECK_FIXED},
    {"fade_weight", "IK weight ค่อยๆ fade ด้วย rate × dt ที่ 30/60/144 fps แล้ว clamp ใน 0..1 ไม่กระโดด", "IK weight fades by rate × dt at 30/60/144 fps, clamped to 0..1, no jumps", fade_weight, CHECK_RANDOM},
    {"feet_on_slopes", "บนทางลาด 300 แบบ: ankle อยู่บน hit + sole offset, เท้าเอียงตาม normal, พื้นรองเท้าไม่จม", "300 slopes: ankle at hit + sole offset, foot tilted to the normal, sole not sunk in", feet_on_slopes, CHECK_RANDOM},
    {"feet_on_steps", "บนบันได 300 แบบ: เท้าแต่ละข้างอยู่บนขั้นของตัวเอง ขายาวคงที่ hip drop ถูก", "300 stairs: each foot on its own step, leg lengths kept, correct hip drop", feet_on_steps, CHECK_RANDOM},
    {"hip_drop_largest_deficit", "hip drop = deficit ที่มากที่สุดของสองเท้า (คูณ weight) ไม่มีขาไหนเอื้อมเกิน", "hip drop = the larger deficit of the two feet (times weight), no leg overreaches", hip_drop_largest_deficit, CHECK_RANDOM},
    {"edge_settings", "ค่าที่ขอบช่วง: raycast_height 0 และเกิน 1 m, foot_sole_offset 0, fade ครบในเฟรมเดียวและ rate ต่ำกว่า 1/วินาที, memory weight 0/1 ตอนไม่มีพื้น, normal ที่จำไว้ยาว 0 หรือไม่ใช่ 1, ray สั้น 1 mm", "range ends: raycast_height 0 and over 1 m, foot_sole_offset 0, a fade done in one frame and one under 1/s, memory weight 0/1 with no ground, a remembered normal of length 0 or not 1, a 1 mm ray", edge_settings, CHECK_RANDOM},
    {"weights_continuous_walk", "เดินตกขอบแล้วกลับ ที่ 30/60/144 fps และ fps แกว่ง: weight ต่อเนื่องทุกเฟรม", "walking off a ledge and back at 30/60/144 fps and jittery fps: weight continuous every frame", weights_continuous_walk, CHECK_RANDOM},
    {"ledge_fades_to_animation", "ไม่มีพื้นใต้เท้า: weight fade ลงนุ่มๆ แล้วขากลับเป็น animation เดิมทุกประการ", "no ground under the foot: weight fades smoothly and the leg returns exactly to the animation", ledge_fades_to_animation, CHECK_RANDOM},
    {"leg_out_of_reach", "animation เหยียดขาเกินความยาว: ขาเหยียดตรงไปหา target ความยาว bone คงที่", "animation overstretches the leg: leg straight toward the target, bone lengths kept", leg_out_of_reach, CHECK_RANDOM},
    {"real_clip_feet", "clip จริง (CMU 131_01) เดินบนทางลาดและขั้นบันได: พื้นรองเท้าไม่จม weight ต่อเนื่อง hip drop = deficit ที่มากที่สุด ขายาวคงที่", "the real clip (CMU 131_01) over a ramp and a step: soles never sunk, weights continuous, hip drop = the largest deficit, bone lengths kept", real_clip_feet, CHECK_FIXED},
    {"invalid_input", "NaN, ระยะติดลบ, dt ≤ 0, weight นอก 0..1, terrain เสีย, NULL: status ที่ถูกและ output ที่ล้างแล้ว", "NaN, negative distances, dt ≤ 0, weight outside 0..1, broken terrain, NULL: right status, cleared output", invalid_input, CHECK_RANDOM})
