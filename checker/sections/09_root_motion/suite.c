/* 09 root motion: the checks (trusted side).
 *
 * Most checks are properties that hold for any correct solution, computed
 * here from the clip itself (the reference's rm_sample and rm_heading
 * serve only as an interpolating ruler):
 *  - a character that starts on the clip's root and receives every delta
 *    stands on the clip's root after every step, at any step size;
 *  - a looping clip carries the character one loop further per pass,
 *    turned by the loop's turn, with no jump at the loop point;
 *  - the real CMU clip moves the root by the README's independent figure;
 *  - a baked clip has no travel and no heading left, and keeps its bob.
 * Clips come from two sources: procedural walks built here (a turning walk
 * whose heading crosses +-180 degrees, a straight loop and a turning loop,
 * with sway, bob, pelvis wobble and lean) and the real clip, loaded with
 * include/bvh.h from the workbook. Their frames past frame_count hold NaN
 * (code reading past the clip answers NaN), and every answer's guard count
 * (writes outside the outputs, sections/09_root_motion/guard.h) is read.
 */
#include "bvh.h"
#include "check.h"
#include "picture.h"
#include "messages.h"
#include "root_motion.h"
#include "sections.h"
#include "sections/09_root_motion/ops.h"

#include <stdio.h>
#include <string.h>

/* Tolerances, measured on the reference over seeds 1..50 (every check):
 *  - a character fed every delta of a playback drifts from the clip's
 *    root by at most 7.9e-6 m and 2.4e-6 rad (the longest playback is
 *    1192 steps: the real clip at 144 Hz). POS_TOL and ANGLE_TOL leave
 *    25x and 80x on that for a solution that rounds differently, and stay
 *    below the smallest mistake planted in the reference: crossing the
 *    loop point without turning the next pass by the first part's turn
 *    puts the character 0.5 mm off in that one step of the turning loop
 *    (and more every pass); sampling a neighbouring frame instead of
 *    interpolating is 2.4 cm off; an unwrapped turn 360 degrees.
 *  - one sample, heading or delta against the value worked out here: at
 *    most 8.4e-7 m and 9.5e-7 rad; SAMPLE_* leave 12x and 20x.
 *  - rm_apply on characters up to 20 m from the origin: 2.0e-6 m (one
 *    float rounding of 20 is 1.9e-6); APPLY_POS_TOL leaves 10x. */
#define POS_TOL 2e-4f
#define ANGLE_TOL 2e-4f
#define SAMPLE_POS_TOL 1e-5f
#define SAMPLE_ANGLE_TOL 2e-5f
#define APPLY_POS_TOL 2e-5f

/* ---- procedural walks -------------------------------------------------- */

typedef struct {
    int frames;
    double fps;
    int looping;
    double speed;          /* m/s along the path */
    double turn_rate;      /* rad/s */
    double start_heading;  /* rad */
    double start_x, start_z;
    double cycles;         /* gait cycles per pass (whole for a loop) */
    double wobble;         /* pelvis yaw swing, rad */
} walk_spec;

/* The root walks a circular arc (a line when turn_rate is 0) with the
 * gait's sway, bob, pelvis wobble and lean on top. Every periodic term
 * completes whole cycles per pass, so a looping walk's last frame is its
 * first one moved along the arc: a seamless loop. */
/* The frames past frame_count are not the clip's: the checks fill them
 * with NaN, so code that reads one (frame i + 1 at the very end, a loop
 * to RM_MAX_FRAMES) answers NaN instead of a harmless zero. */
static void poison_tail(rm_clip *clip)
{
    for (int i = clip->frame_count < 0 ? 0 : clip->frame_count; i < RM_MAX_FRAMES; i++) {
        clip->positions[i] = v3(NAN, NAN, NAN);
        clip->rotations[i] = q4(NAN, NAN, NAN, NAN);
    }
}

static void build_walk(const walk_spec *w, rm_clip *clip)
{
    memset(clip, 0, sizeof *clip);
    clip->frame_count = w->frames;
    clip->frame_time = (float)(1.0 / w->fps);
    clip->looping = w->looping;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < w->frames; i++) {
        double s = i / w->fps;
        double phase = 2.0 * pi * w->cycles * (double)i / (double)(w->frames - 1);
        double h = w->start_heading + w->turn_rate * s;
        double x, z;
        if (fabs(w->turn_rate) < 1e-12) {
            x = w->start_x + w->speed * s * sin(w->start_heading);
            z = w->start_z + w->speed * s * cos(w->start_heading);
        } else {
            double r = w->speed / w->turn_rate;
            x = w->start_x + r * (cos(w->start_heading) - cos(h));
            z = w->start_z + r * (sin(h) - sin(w->start_heading));
        }
        /* Sway along the character's side axis (+X turned by h). */
        double sway = 0.035 * sin(phase);
        x += sway * cos(h);
        z -= sway * sin(h);
        double y = 0.95 + 0.025 * cos(2.0 * phase);
        clip->positions[i] = v3((float)x, (float)y, (float)z);
        /* Heading h plus wobble; lean (about X) after a roll (about Z)
         * keeps the forward axis in the heading's vertical plane. */
        quat yaw = quat_from_axis_angle(v3_up(), (float)(h + w->wobble * sin(phase)));
        quat lean = quat_from_axis_angle(v3_right(), (float)(0.08 + 0.03 * sin(2.0 * phase)));
        quat roll = quat_from_axis_angle(v3_forward(), (float)(0.05 * sin(phase)));
        quat q = quat_mul(yaw, quat_mul(lean, roll));
        /* The header allows any non-zero length: some frames are not unit. */
        if (i % 7 == 3)
            q = q4(q.x * 1.5f, q.y * 1.5f, q.z * 1.5f, q.w * 1.5f);
        clip->rotations[i] = q;
    }
    poison_tail(clip);
}

/* A walk is the same clip every time its spec is asked for: built once per
 * process (the checks ask for one ~170 times a run, visible and hidden;
 * character_frame alone 130 times, its biggest cost), then copied. The
 * specs are the static ones below, so the spec's address is the key. */
static void make_walk(const walk_spec *w, rm_clip *clip)
{
    static struct {
        const walk_spec *spec;
        rm_clip clip;
    } made[8];
    static int made_count;
    int k = 0;
    while (k < made_count && made[k].spec != w)
        k++;
    if (k == made_count) {
        if (made_count == (int)(sizeof made / sizeof made[0])) {
            build_walk(w, clip); /* more specs than slots: build, as before */
            return;
        }
        build_walk(w, &made[k].clip);
        made[k].spec = w;
        made_count++;
    }
    memcpy(clip, &made[k].clip, sizeof *clip);
}

/* 2 s of a walk turning left at 0.6 rad/s from a heading of 2.5 rad: the
 * heading crosses +180 degrees (and wraps to -180) halfway. */
static const walk_spec TURNING_WALK = {121, 60.0, 0, 1.4, 0.6, 2.5, 1.0, -2.0, 2.0, 0.06};
/* A 1 s loop walking straight, slightly off +Z. */
static const walk_spec STRAIGHT_LOOP = {61, 60.0, 1, 1.4, 0.0, 0.3, 0.0, 0.0, 1.0, 0.06};
/* A 1 s loop turning 1 rad per pass, starting near -180 degrees. */
static const walk_spec TURNING_LOOP = {49, 48.0, 1, 1.2, 1.0, -2.9, 3.0, 1.0, 1.0, 0.06};

/* 20 frames at 33 fps: duration / frame_time rounds to 19 + 1.9e-6 in
 * float (found by search), so sampling at the very end lands a hair past
 * the last frame and must be clamped onto it, not wrapped or dropped back
 * to the frame before. */
static const walk_spec ROUNDING_WALK = {20, 33.0, 0, 1.4, 0.6, 2.5, 1.0, -2.0, 1.0, 0.06};

/* The longest clip allowed, RM_MAX_FRAMES frames (8.5 s at 120 Hz),
 * turning gently; played once or as a loop. */
static const walk_spec LONGEST_WALK = {RM_MAX_FRAMES, 120.0, 0, 1.4, 0.3, 0.5, 0.0, 0.0, 8.0, 0.06};
static const walk_spec LONGEST_LOOP = {RM_MAX_FRAMES, 120.0, 1, 1.4, 0.3, 0.5, 0.0, 0.0, 8.0, 0.06};

/* The real clip's root track in metres; 0 (after check_fail) if missing. */
static int load_real_clip(rm_clip *clip, bvh_file *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/checker/data/mocap/cmu_131_01_start_walk_stop.bvh", CHECK_ENV.root);
    bvh_error e = check_bvh_load(path, file);
    if (e.failed) {
        check_fail(DIAG_NONE, path, T(MSG_RM_LOAD_REAL_CLIP), fmt(T(MSG_RM_CANNOT_LOAD), e.message));
        return 0;
    }
    rm_status s = rm_clip_from_bvh(file, 0, BVH_CMU_METRES_PER_UNIT, 0, clip);
    if (s != RM_OK) {
        check_fail(DIAG_NONE, path, T(MSG_RM_REAL_ROOT_TRACK), rm_status_text(s));
        bvh_free(file);
        return 0;
    }
    poison_tail(clip);
    return 1;
}


/* ---- formatting -------------------------------------------------------- */

static const char *status_name(int s)
{
    static const char *const NAMES[] = {"RM_OK", "RM_ERR_NULL", "RM_ERR_FRAME_COUNT", "RM_ERR_FRAME_TIME",
                                        "RM_ERR_NOT_FINITE", "RM_ERR_TIME"};
    return s >= 0 && s <= RM_ERR_TIME ? NAMES[s] : fmt(T(MSG_RM_NO_SUCH_STATUS), s);
}

static const char *clip_text(const rm_clip *clip)
{
    return fmt(T(MSG_RM_CLIP_TEXT), clip->frame_count, 1.0 / clip->frame_time,
               (double)rm_duration(clip), clip->looping ? T(MSG_RM_LOOPING) : T(MSG_RM_NOT_LOOPING));
}

static const char *character_text(rm_character c)
{
    return fmt("position %s, yaw %s", fmt_v3(c.position), fmt_deg(c.yaw));
}

/* The cases of the refusal checks as given, for a runner that dies on
 * one (check_call names the case it died on): a NULL pointer is an input
 * too. The clip as its raw fields: it may be one the reference refuses. */
static const char *raw_clip_text(const rm_clip *clip)
{
    return fmt("clip: frame_count %d, frame_time %g, looping %d", clip->frame_count, (double)clip->frame_time,
               clip->looping);
}

static void describe_validate(const void *request, char *out, size_t size)
{
    const rm_validate_request *rq = request;
    snprintf(out, size, "rm_validate(%s)", rq->pass_null ? "clip = NULL" : raw_clip_text(&rq->clip));
}

static void describe_delta(const void *request, char *out, size_t size)
{
    const rm_delta_request *rq = request;
    snprintf(out, size, "rm_delta_between(%s, t0 %g, t1 %g, %s)", rq->pass_null_clip ? "clip = NULL" : raw_clip_text(&rq->clip),
             (double)rq->t0, (double)rq->t1, rq->pass_null_out ? "out = NULL" : "&out");
}

/* As describe_delta words the same case sent whole. */
static void describe_short_delta(const void *request, char *out, size_t size)
{
    const rm_short_delta_request *rq = request;
    snprintf(out, size, "rm_delta_between(clip: frame_count %d, frame_time %g, looping %d, t0 %g, t1 %g, &out)",
             rq->frame_count, (double)rq->frame_time, rq->looping, (double)rq->t0, (double)rq->t1);
}

static void describe_apply(const void *request, char *out, size_t size)
{
    const rm_apply_request *rq = request;
    snprintf(out, size, "rm_apply(%s, %s)",
             rq->pass_null_character ? "character = NULL" : fmt("character: %s", character_text(rq->character)),
             rq->pass_null_delta ? "delta = NULL"
                                 : fmt("delta: translation %s, turn %g", fmt_v3(rq->delta.translation), (double)rq->delta.turn));
}

static void describe_bake(const void *request, char *out, size_t size)
{
    const rm_bake_request *rq = request;
    snprintf(out, size, "rm_bake_in_place(%s)", rq->pass_null ? "clip = NULL" : raw_clip_text(&rq->clip));
}

static float angle_diff(float a, float b) { return fabsf(rm_wrap_angle(a - b)); }

static int same_status(int got, rm_status want, const char *given)
{
    if (got == (int)want)
        return 1;
    check_fail(DIAG_NONE, given, fmt("status %s (%s)", status_name((int)want), rm_status_text(want)),
               fmt("status %s", status_name(got)));
    return 0;
}

/* ---- where the character should be: the clip unrolled ------------------- */

/* The root at time t inside one pass (0..duration; t == duration is the
 * last frame, even for a loop), interpolated here from the frames: lerp
 * and slerp at the fraction between the two frames around t. */
static rm_root_pose pose_in_pass(const rm_clip *clip, double t)
{
    double frames = t / (double)clip->frame_time;
    int k = (int)floor(frames);
    if (k < 0)
        k = 0;
    if (k > clip->frame_count - 2)
        k = clip->frame_count - 2;
    float f = (float)(frames - k);
    f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
    rm_root_pose pose = {v3_lerp(clip->positions[k], clip->positions[k + 1], f),
                         quat_slerp(clip->rotations[k], clip->rotations[k + 1], f)};
    return pose;
}

/* The same on the ground: position and heading (the reference's
 * rm_heading is the ruler for headings). */
static rm_character pass_pose(const rm_clip *clip, double t)
{
    rm_root_pose pose = pose_in_pass(clip, t);
    rm_character c = {pose.position, rm_heading(pose.rotation)};
    return c;
}

/* Where a character that starts on the clip's root at time 0 stands at
 * time t, for a looping clip played on and on: whole passes first (each
 * moves it by the loop's displacement in its own frame and turns it by the
 * loop's turn), then the part of the current pass. Computed from the
 * clip's first and last frames, independently of rm_delta_between. */
static rm_character unrolled(const rm_clip *clip, double t)
{
    const double duration = (double)rm_duration(clip);
    rm_character start = pass_pose(clip, 0.0), end = pass_pose(clip, duration);
    vec3 loop_move = rm_rotate_yaw(v3_sub(end.position, start.position), -start.yaw);
    float loop_turn = rm_wrap_angle(end.yaw - start.yaw);
    int passes = clip->looping ? (int)floor(t / duration) : 0;
    double inside = t - passes * duration;
    if (inside > duration) /* a non-looping clip never goes past its end */
        inside = duration;
    rm_character c = start;
    for (int k = 0; k < passes; k++) {
        c.position = v3_add(c.position, rm_rotate_yaw(loop_move, c.yaw));
        c.yaw = rm_wrap_angle(c.yaw + loop_turn);
    }
    rm_character now = pass_pose(clip, inside);
    c.position = v3_add(c.position, rm_rotate_yaw(v3_sub(now.position, start.position), c.yaw - start.yaw));
    c.yaw = rm_wrap_angle(c.yaw + now.yaw - start.yaw);
    return c;
}

/* ---- playbacks ------------------------------------------------------------ */

/* Step times from 0 to `end`: `rate` Hz, or uneven steps of 2..45 ms when
 * rate is 0. The last time is exactly `end`. Returns the step count. */
static int step_times(float *times, float end, float rate, rng *r)
{
    int n = 0;
    double t = 0.0;
    times[0] = 0.0f;
    while (n < RM_OP_STEPS) {
        t += rate > 0.0f ? 1.0 / rate : rng_float(r, 0.002f, 0.045f);
        /* stop a hair early rather than leave a sliver of a step */
        if (t >= (double)end - 1e-4 || n == RM_OP_STEPS - 1) {
            times[++n] = end;
            break;
        }
        times[++n] = (float)t;
    }
    return n;
}

static const char *rate_text(float rate) { return rate > 0.0f ? fmt("%.0f Hz", (double)rate) : T(MSG_RM_UNEVEN_STEPS); }

/* "Which playback, which step": built only when a step fails. */
static const char *playback_given(const rm_play_request *rq, int i, const char *what)
{
    return fmt(T(MSG_RM_PLAYBACK_GIVEN), what, clip_text(&rq->clip), i + 1,
               rq->step_count, (double)rq->times[i], (double)rq->times[i + 1], character_text(rq->start));
}

/* The picture of a failing playback (checker/picture.h): the root's path
 * seen from above (x right, z up the page), the student's over the
 * reference's, from the start to the step that failed and on to the end,
 * with the start and the failing step marked. */
static void path_picture(const rm_play_request *rq, const rm_play_response *rs, int failed, const char *what)
{
    if (rq->step_count < 1 || rq->step_count > RM_OP_STEPS || !picture_case("root_path"))
        return;
    const rm_clip *clip = &rq->clip;
    rm_character origin = unrolled(clip, 0.0);
    float turn = rq->start.yaw - origin.yaw;
    static float want[2 * (RM_OP_STEPS + 1)], got[2 * (RM_OP_STEPS + 1)];
    want[0] = got[0] = rq->start.position.x;
    want[1] = got[1] = rq->start.position.z;
    for (int k = 0; k < rq->step_count; k++) {
        rm_character root = unrolled(clip, (double)rq->times[k + 1]);
        vec3 w = v3_add(rq->start.position, rm_rotate_yaw(v3_sub(root.position, origin.position), turn));
        want[2 * k + 2] = w.x, want[2 * k + 3] = w.z;
        got[2 * k + 2] = rs->characters[k].position.x, got[2 * k + 3] = rs->characters[k].position.z;
    }
    picture_xy("ref", want, rq->step_count + 1);
    picture_xy("student", got, rq->step_count + 1);
    picture_xy("target", &want[2 * failed + 2], 1);
    picture_label("givenlab", want[0], want[1], picture_tr("เริ่ม (start)", "start"));
    picture_label("reflab", want[2 * failed + 2], want[2 * failed + 3],
                  fmt(picture_tr("step %d: ควรอยู่ที่นี่ (should be here)", "step %d: should be here"), failed + 1));
    picture_label("studentlab", got[2 * failed + 2], got[2 * failed + 3],
                  fmt(picture_tr("step %d ของคุณ (yours)", "your step %d"), failed + 1));
    picture_text("case_text", what);
}

/* Checks a playback step by step against where the character should be.
 * `from` is where the character started (the clip's root at time 0, or
 * anywhere: the expected poses are moved along with it). */
static int expect_playback(const rm_play_request *rq, const rm_play_response *rs, const char *what_in)
{
    /* fmt()'s rotating buffers are reused long before a 1000-step
     * playback is checked: keep the caller's words on this stack. */
    char what[256];
    snprintf(what, sizeof what, "%s", what_in);
    const rm_clip *clip = &rq->clip;
    rm_character origin = unrolled(clip, 0.0);
    for (int i = 0; i < rq->step_count; i++) {
        if (rs->delta_status[i] != (int)RM_OK)
            return same_status(rs->delta_status[i], RM_OK, playback_given(rq, i, what));
        if (rs->apply_status[i] != (int)RM_OK)
            return same_status(rs->apply_status[i], RM_OK, playback_given(rq, i, what));
        /* The clip's root at this time, carried over to where the
         * character started: same offset, turned by the yaw difference. */
        rm_character root = unrolled(clip, (double)rq->times[i + 1]);
        float turn = rq->start.yaw - origin.yaw;
        rm_character want = {v3_add(rq->start.position, rm_rotate_yaw(v3_sub(root.position, origin.position), turn)),
                             rm_wrap_angle(root.yaw + turn)};
        rm_character got = rs->characters[i];
        float off = v3_distance(got.position, want.position);
        if (!(off <= POS_TOL) || !(angle_diff(got.yaw, want.yaw) <= ANGLE_TOL)) {
            const char *hint = "";
            if (i > 0 && v3_distance(rs->characters[i - 1].position,
                                     v3_add(rq->start.position,
                                            rm_rotate_yaw(v3_sub(unrolled(clip, (double)rq->times[i]).position,
                                                                 origin.position), turn))) <= POS_TOL)
                hint = T(MSG_RM_HINT_JUMP);
            double duration = (double)rm_duration(clip);
            double loop_at = ceil((double)rq->times[i] / duration) * duration;
            if (clip->looping && loop_at > (double)rq->times[i] && loop_at <= (double)rq->times[i + 1])
                hint = fmt(T(MSG_RM_HINT_LOOP_POINT), hint,
                           loop_at);
            char given[600]; /* copied out: the two texts below use many of fmt()'s buffers */
            snprintf(given, sizeof given, "%s", playback_given(rq, i, what));
            path_picture(rq, rs, i, what);
            /* Named when this step is the student's own delta added
             * unturned (world axes) where the yaw would have turned it. */
            const rm_character before = i == 0 ? rq->start : rs->characters[i - 1];
            const vec3 step = rs->deltas[i].translation;
            const diagnosis d =
                v3_distance(got.position, v3_add(before.position, step)) <= POS_TOL &&
                        !(v3_distance(got.position, v3_add(before.position, rm_rotate_yaw(step, before.yaw))) <= POS_TOL)
                    ? DIAG_DELTA_NOT_TURNED
                    : DIAG_NONE;
            check_fail(d, given, fmt(T(MSG_RM_ON_ROOT),
                                             character_text(want)),
                       fmt(T(MSG_RM_PLAYBACK_GOT), character_text(got),
                           (double)off, hint, fmt_v3(rs->deltas[i].translation), fmt_deg(rs->deltas[i].turn)));
            return 0;
        }
    }
    return 1;
}

/* Fills a playback request over [0, end]. */
static void playback(rm_play_request *rq, const rm_clip *clip, rm_character start, float end, float rate, rng *r)
{
    rq->clip = *clip;
    rq->start = start;
    rq->step_count = step_times(rq->times, end, rate, r);
}

/* ---- the checks ------------------------------------------------------------- */

static void validate_clip(void)
{
    enum { N = 18 };
    static rm_validate_request rq[N];
    static rm_validate_response rs[N];
    static const rm_status WANT[N] = {RM_OK, RM_OK, RM_ERR_FRAME_COUNT, RM_ERR_FRAME_COUNT, RM_ERR_FRAME_COUNT,
                                      RM_ERR_FRAME_COUNT, RM_ERR_FRAME_TIME, RM_ERR_FRAME_TIME, RM_ERR_FRAME_TIME,
                                      RM_ERR_FRAME_TIME, RM_ERR_NOT_FINITE, RM_ERR_NOT_FINITE, RM_ERR_NOT_FINITE,
                                      RM_ERR_NULL, RM_OK, RM_OK, RM_ERR_NOT_FINITE, RM_ERR_NOT_FINITE};
    const char *const GIVEN[N] = {
        T(MSG_RM_GIVEN_TURNING_WALK), T(MSG_RM_GIVEN_LOOP), "frame_count = 0",
        T(MSG_RM_GIVEN_ONE_FRAME), "frame_count = RM_MAX_FRAMES + 1", "frame_count = -3",
        "frame_time = 0", "frame_time = -1/60", "frame_time = NaN", T(MSG_RM_GIVEN_HUGE_FRAME_TIME),
        "positions[40].y = NaN", "rotations[120] = (inf, 0, 0, 1)", "rotations[7] = (0, 0, 0, 0)",
        "clip = NULL", "frame_count = RM_MAX_FRAMES", T(MSG_RM_GIVEN_TWO_FRAMES), "positions[0].x = NaN",
        "rotations[120] = (0, 0, 0, 0) (the last frame)"};
    memset(rq, 0, sizeof rq);
    for (int i = 0; i < N; i++)
        make_walk(i == 1 ? &STRAIGHT_LOOP : &TURNING_WALK, &rq[i].clip);
    rq[2].clip.frame_count = 0;
    rq[3].clip.frame_count = 1;
    rq[4].clip.frame_count = RM_MAX_FRAMES + 1;
    rq[5].clip.frame_count = -3;
    rq[6].clip.frame_time = 0.0f;
    rq[7].clip.frame_time = -1.0f / 60.0f;
    rq[8].clip.frame_time = NAN;
    rq[9].clip.frame_time = 1e38f;
    rq[10].clip.positions[40].y = NAN;
    rq[11].clip.rotations[120] = q4(INFINITY, 0.0f, 0.0f, 1.0f);
    rq[12].clip.rotations[7] = q4(0.0f, 0.0f, 0.0f, 0.0f);
    rq[13].pass_null = 1;
    make_walk(&LONGEST_WALK, &rq[14].clip);
    rq[15].clip.frame_count = 2; /* the turning walk's first two frames */
    poison_tail(&rq[15].clip);
    rq[16].clip.positions[0].x = NAN;
    rq[17].clip.rotations[120] = q4(0.0f, 0.0f, 0.0f, 0.0f);
    if (!CHECK_CALL(OP_RM_VALIDATE, rq, N, rs, describe_validate) || !NO_OVERRUN(rs, N, "rm_validate"))
        return;
    for (int i = 0; i < N; i++)
        if (!same_status(rs[i].status, WANT[i], fmt("rm_validate: %s", GIVEN[i])))
            return;
}

/* The header's rule, worked out here in double for the cases near its
 * threshold: forward's horizontal part when it is at least 1e-3 long,
 * else the side axis. Those cases sit at 2x and 0.5x the threshold, far
 * from where rounding could pick the other branch. */
static float header_heading(quat q)
{
    const double n = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
    const double x = q.x / n, y = q.y / n, z = q.z / n, w = q.w / n;
    const double fx = 2.0 * (x * z + w * y), fz = 1.0 - 2.0 * (x * x + y * y);
    const double rx = 1.0 - 2.0 * (y * y + z * z), rz = 2.0 * (x * z - w * y);
    return (float)(sqrt(fx * fx + fz * fz) >= 1e-3 ? atan2(fx, fz) : atan2(-rz, rx));
}

/* A heading read from a forward axis only 1.2e-3..2e-3 off vertical: float
 * rounding of the rotated axis (a few 6e-8 in each component) turns it by
 * up to ~1e-4 rad at that length (measured at 2e-3: the float value 3e-5
 * from the double one). 3e-4 leaves 3x; the side axis it must not use is
 * the roll (0.2..0.6 rad) away. */
#define NEAR_VERTICAL_TOL 3e-4f

static void heading_of_root(void)
{
    /* 400 random rotations, then 5 with no heading (zero, NaN, inf: the
     * header's heading 0, exactly) and 8 pitched to within 2e-3, 1.2e-3,
     * 8.5e-4 or 5e-4 rad of straight up or down with a roll, where forward and the side
     * axis give headings that differ by the roll. */
    enum { RANDOM = 400, N = RANDOM + 13 };
    static rm_heading_request rq[N];
    static rm_heading_response rs[N];
    static float want[N];
    static const char *kind[N];
    rng r = check_rng();
    for (int i = 0; i < RANDOM; i++) {
        float yaw = rng_float(&r, -IK_PI, IK_PI);
        quat q = quat_from_axis_angle(v3_up(), yaw);
        kind[i] = T(MSG_RM_KIND_YAW);
        if (i % 4 == 1) {
            /* Lean and roll (roll first) keep forward in the yaw's vertical
             * plane: the heading is still exactly `yaw`. */
            /* Draws in statements of their own, in the order gcc drew them inside
             * the call (last argument first): C leaves that order to the compiler,
             * and clang (macOS) draws left to right, other cases than the student
             * edition recorded (its shims.c). */
            float roll = rng_float(&r, -0.6f, 0.6f), lean = rng_float(&r, -1.2f, 1.2f);
            q = quat_mul(q, quat_mul(quat_from_axis_angle(v3_right(), lean), quat_from_axis_angle(v3_forward(), roll)));
            kind[i] = "yaw + lean + roll";
        } else if (i % 4 == 2) {
            /* Forward straight up or down: the side axis tells the heading. */
            q = quat_mul(q, quat_from_axis_angle(v3_right(), (i % 8 == 2 ? -0.5f : 0.5f) * IK_PI));
            kind[i] = T(MSG_RM_KIND_PITCH_90);
        } else if (i % 4 == 3) {
            float scale = rng_float(&r, 0.2f, 5.0f);
            q = q4(q.x * scale, q.y * scale, q.z * scale, q.w * scale);
            kind[i] = T(MSG_RM_KIND_NON_UNIT);
        }
        rq[i].rotation = q;
        want[i] = yaw;
    }
    const quat NONE[5] = {q4(0.0f, 0.0f, 0.0f, 0.0f), q4(0.0f, 0.3f, 0.0f, NAN), q4(INFINITY, 0.0f, 0.0f, 1.0f),
                          q4(0.0f, 0.5f, -INFINITY, 0.5f), q4(NAN, NAN, NAN, NAN)};
    for (int k = 0; k < 5; k++) {
        rq[RANDOM + k].rotation = NONE[k];
        want[RANDOM + k] = 0.0f;
        kind[RANDOM + k] = T(MSG_RM_KIND_NO_HEADING);
    }
    for (int k = 0; k < 8; k++) {
        const int i = RANDOM + 5 + k;
        const float off = k >= 6 ? (k == 6 ? 1.2e-3f : 8.5e-4f) : k % 2 ? 5e-4f : 2e-3f, pitch = (k < 4 ? 0.5f : -0.5f) * IK_PI - (k < 4 ? off : -off);
        /* the roll first, then the yaw: the order gcc drew them (see above) */
        float roll = (k % 3 ? 1.0f : -1.0f) * rng_float(&r, 0.2f, 0.6f), yaw = rng_float(&r, -IK_PI, IK_PI);
        quat q = quat_mul(quat_from_axis_angle(v3_up(), yaw),
                          quat_mul(quat_from_axis_angle(v3_right(), pitch), quat_from_axis_angle(v3_forward(), roll)));
        rq[i].rotation = q;
        want[i] = header_heading(q);
        kind[i] = fmt(T(MSG_RM_KIND_NEAR_VERTICAL), (double)off);
    }
    if (!CHECK_CALL(OP_RM_HEADING, rq, N, rs, NULL) || !NO_OVERRUN(rs, N, "rm_heading"))
        return;
    for (int i = 0; i < N; i++) {
        quat q = rq[i].rotation;
        const int none = i >= RANDOM && i < RANDOM + 5;
        const float tol = i >= RANDOM + 5 ? NEAR_VERTICAL_TOL : SAMPLE_ANGLE_TOL;
        if (!isfinite(rs[i].heading) || !(angle_diff(rs[i].heading, want[i]) <= tol) ||
            (none && rs[i].heading != 0.0f)) {
            check_fail(DIAG_NONE, fmt("rm_heading(%.4f, %.4f, %.4f, %.4f) — %s", q.x, q.y, q.z, q.w, kind[i]),
                       fmt("heading %s", fmt_deg(want[i])), fmt("heading %s", fmt_deg(rs[i].heading)));
            return;
        }
    }
}

/* Times to sample: every frame exactly, then random times in between. */
static void fill_sample_times(rm_sample_request *rq, rng *r, float lo, float hi)
{
    const rm_clip *clip = &rq->clip;
    int n = 0;
    for (int i = 0; i < clip->frame_count && n < RM_OP_SAMPLES / 2; i += 3)
        rq->times[n++] = (float)i * clip->frame_time;
    while (n < RM_OP_SAMPLES)
        rq->times[n++] = rng_float(r, lo, hi);
    rq->count = n;
}

/* expect_pose's verdict without its words: the checks format the case
 * (fmt, a few µs each, hundreds of times a run) only for a failing one. */
static int pose_passes(const rm_sample_response *rs, int i, rm_root_pose want)
{
    if (rs->status[i] != (int)RM_OK)
        return 0;
    rm_root_pose got = rs->poses[i];
    float off = v3_distance(got.position, want.position);
    float turned = quat_is_finite(got.rotation) ? quat_angle_between(got.rotation, want.rotation) : NAN;
    return off <= SAMPLE_POS_TOL && turned <= SAMPLE_ANGLE_TOL && fabsf(quat_dot(got.rotation, got.rotation) - 1.0f) <= 1e-4f;
}

static int expect_pose(const rm_sample_request *rq, const rm_sample_response *rs, int i, rm_root_pose want,
                       const char *why)
{
    const char *given = fmt("rm_sample(%s, time = %.5f s)", clip_text(&rq->clip), (double)rq->times[i]);
    if (!same_status(rs->status[i], RM_OK, given))
        return 0;
    rm_root_pose got = rs->poses[i];
    float off = v3_distance(got.position, want.position);
    float turned = quat_is_finite(got.rotation) ? quat_angle_between(got.rotation, want.rotation) : NAN;
    if (off <= SAMPLE_POS_TOL && turned <= SAMPLE_ANGLE_TOL && fabsf(quat_dot(got.rotation, got.rotation) - 1.0f) <= 1e-4f)
        return 1;
    check_fail(DIAG_NONE, given,
               fmt(T(MSG_RM_POSE_EXPECTED), why, fmt_v3(want.position),
                   want.rotation.x, want.rotation.y, want.rotation.z, want.rotation.w),
               fmt(T(MSG_RM_POSE_GOT), fmt_v3(got.position),
                   (double)off, got.rotation.x, got.rotation.y, got.rotation.z, got.rotation.w, fmt_deg(turned)));
    return 0;
}

static void sample_between_frames(void)
{
    enum { N = 2 };
    static rm_sample_request rq[N];
    static rm_sample_response rs[N];
    rng r = check_rng();
    memset(rq, 0, sizeof rq);
    make_walk(&TURNING_WALK, &rq[0].clip);
    make_walk(&ROUNDING_WALK, &rq[1].clip);
    for (int c = 0; c < N; c++) {
        fill_sample_times(&rq[c], &r, 0.0f, rm_duration(&rq[c].clip));
        rq[c].times[RM_OP_SAMPLES - 1] = rm_duration(&rq[c].clip); /* the very end */
    }
    if (!CHECK_CALL(OP_RM_SAMPLE, rq, N, rs, NULL) || !NO_OVERRUN(rs, N, "rm_sample"))
        return;
    for (int c = 0; c < N; c++)
    for (int i = 0; i < rq[c].count; i++) {
        const rm_clip *clip = &rq[c].clip;
        /* At exactly the end, < or <= decides the status and either is
         * right (outside the clip the header answers the nearest end's
         * pose too): the pose, the last frame, is what is judged. */
        if (rq[c].times[i] == rm_duration(clip) && rs[c].status[i] == (int)RM_ERR_TIME)
            rs[c].status[i] = RM_OK;
        /* Between frames k and k+1 at fraction f: lerp and slerp. */
        double frames = (double)rq[c].times[i] / (double)clip->frame_time;
        int k = (int)floor(frames);
        if (k > clip->frame_count - 2)
            k = clip->frame_count - 2;
        float f = (float)(frames - k);
        rm_root_pose want = pose_in_pass(clip, rq[c].times[i]);
        if (pose_passes(&rs[c], i, want))
            continue;
        const char *why = f < 1e-6f ? fmt(T(MSG_RM_ON_FRAME), k) : fmt(T(MSG_RM_BETWEEN_FRAMES), k, k + 1, (double)f);
        if (!expect_pose(&rq[c], &rs[c], i, want, why))
            return;
    }
}

static void sample_wraps_loop(void)
{
    /* Two 1 s loops and the 8.5 s one (with a duration of 1, folding by
     * time / duration and by time * duration agree). */
    enum { C = 3 };
    static rm_sample_request rq[C];
    static rm_sample_response rs[C];
    rng r = check_rng();
    memset(rq, 0, sizeof rq);
    make_walk(&STRAIGHT_LOOP, &rq[0].clip);
    make_walk(&TURNING_LOOP, &rq[1].clip);
    make_walk(&LONGEST_LOOP, &rq[2].clip);
    static float inside[C][RM_OP_SAMPLES];
    for (int c = 0; c < C; c++) {
        float duration = rm_duration(&rq[c].clip);
        /* The 8.5 s loop at 32 times, every shift 5 times or more: each
         * time there is a whole-clip rm_validate of RM_MAX_FRAMES frames,
         * and at 128 it was 90 % of this check's runner time for no mutant
         * more (make mutants S=09_root_motion MUTANTS=all kills the same
         * mutants at 128 and at 32). */
        rq[c].count = c == 2 ? 32 : RM_OP_SAMPLES;
        for (int i = 0; i < rq[c].count; i++) {
            /* a time in the pass, then shifted by -2..3 whole passes */
            inside[c][i] = rng_float(&r, 0.0f, 0.98f * duration) + 0.01f * duration;
            int passes = (i % 6) - 2;
            rq[c].times[i] = inside[c][i] + (float)passes * duration;
        }
    }
    if (!CHECK_CALL(OP_RM_SAMPLE, rq, C, rs, NULL) || !NO_OVERRUN(rs, C, "rm_sample"))
        return;
    for (int c = 0; c < C; c++)
        for (int i = 0; i < rq[c].count; i++) {
            /* Shifting by whole passes rounds the time's last bits (at most
             * 5e-7 s here, 7e-7 m of walk): inside SAMPLE_POS_TOL. */
            rm_root_pose want = pose_in_pass(&rq[c].clip, inside[c][i]);
            if (!pose_passes(&rs[c], i, want) && !expect_pose(&rq[c], &rs[c], i, want,
                             fmt(T(MSG_RM_WRAPS), (double)rq[c].times[i],
                                 (double)inside[c][i])))
                return;
        }
}

static void deltas_add_up(void)
{
    static const float RATES[] = {30.0f, 60.0f, 144.0f, 0.0f};
    enum { N = sizeof RATES / sizeof RATES[0] };
    static rm_play_request rq[N];
    static rm_play_response rs[N];
    rng r = check_rng();
    static rm_clip clip;
    make_walk(&TURNING_WALK, &clip);
    rm_character start = unrolled(&clip, 0.0);
    /* Only the uneven steps are drawn from the seed (step_times): on a
     * repeat the even rates' plays were judged already. */
    int which[N], n = 0;
    for (int i = 0; i < N; i++)
        if (!(CHECK_ENV.fixed_cases_judged && RATES[i] > 0.0f)) {
            playback(&rq[n], &clip, start, rm_duration(&clip), RATES[i], &r);
            which[n++] = i;
        }
    if (!CHECK_CALL(OP_RM_PLAY, rq, (size_t)n, rs, NULL) || !NO_OVERRUN(rs, n, "rm_delta_between + rm_apply"))
        return;
    for (int k = 0; k < n; k++)
        if (!expect_playback(&rq[k], &rs[k], fmt(T(MSG_RM_PLAY_TURNING), rate_text(RATES[which[k]]))))
            return;
}

static void loop_three_times(void)
{
    static const float RATES[] = {30.0f, 144.0f, 23.0f, 0.0f};
    enum { R = sizeof RATES / sizeof RATES[0], N = 2 * R };
    static rm_play_request rq[N];
    static rm_play_response rs[N];
    rng r = check_rng();
    static rm_clip clips[2];
    make_walk(&STRAIGHT_LOOP, &clips[0]);
    make_walk(&TURNING_LOOP, &clips[1]);
    /* Only the uneven steps are drawn from the seed (step_times): on a
     * repeat the even rates' plays, and the straight loop's three lengths
     * below (read off its 30 Hz play), were judged already. */
    const int again = CHECK_ENV.fixed_cases_judged;
    int which[N], n = 0;
    for (int i = 0; i < N; i++) {
        const rm_clip *clip = &clips[i / R];
        if (again && RATES[i % R] > 0.0f)
            continue;
        playback(&rq[n], clip, unrolled(clip, 0.0), 3.0f * rm_duration(clip), RATES[i % R], &r);
        which[n++] = i;
    }
    if (!CHECK_CALL(OP_RM_PLAY, rq, (size_t)n, rs, NULL) || !NO_OVERRUN(rs, n, "rm_delta_between + rm_apply"))
        return;
    for (int k = 0; k < n; k++) {
        const int i = which[k];
        if (!expect_playback(&rq[k], &rs[k],
                             fmt(T(MSG_RM_PLAY_LOOP_3), i < R ? T(MSG_RM_STRAIGHT_LOOP) : T(MSG_RM_TURNING_LOOP),
                                 rate_text(RATES[i % R]))))
            return;
    }
    if (again)
        return;
    /* The straight loop, said plainly: three passes move three loop
     * lengths, in a straight line. */
    const rm_clip *straight = &clips[0];
    vec3 one = v3_sub(straight->positions[straight->frame_count - 1], straight->positions[0]);
    vec3 want = v3_add(rq[0].start.position, v3_scale(one, 3.0f));
    vec3 got = rs[0].characters[rq[0].step_count - 1].position;
    if (!(v3_distance(got, want) <= POS_TOL))
        check_fail(DIAG_NONE, T(MSG_RM_STRAIGHT_3_AT_30),
                   fmt(T(MSG_RM_THREE_PASSES), fmt_v3(one), fmt_v3(want)), fmt(T(MSG_RM_ARRIVES), fmt_v3(got)));
}

static void real_clip(void)
{
    /* 144 Hz is played on the generated walks (deltas_add_up); here it
     * would be 1 200 more whole-clip calls, 40 % of grading this section,
     * for no step size the other rates do not already cover. 60 Hz is
     * played by the character elsewhere below: from the clip's own root
     * too it was 497 more whole-clip calls (a third of this check's now:
     * each rm_delta_between validates all 994 frames) that killed no
     * mutant the other three plays leave alive (make mutants
     * S=09_root_motion MUTANTS=all kills the same mutants with it and
     * without). */
    static const float RATES[] = {30.0f, 0.0f};
    enum { R = sizeof RATES / sizeof RATES[0], N = R + 1 };
    static rm_play_request rq[N];
    static rm_play_response rs[N];
    static rm_clip clip;
    bvh_file file;
    if (!load_real_clip(&clip, &file))
        return;
    bvh_free(&file);
    rng r = check_rng();
    rm_character start = unrolled(&clip, 0.0);
    /* And a character elsewhere, facing +X: the same walk, turned, at 60 Hz. */
    rm_character elsewhere = {v3(10.0f, 0.0f, -4.0f), 0.5f * IK_PI};
    /* Only the uneven steps are drawn from the seed (step_times): on a
     * repeat the 30 Hz play, the one elsewhere and the README's figure
     * (read off the 30 Hz play) were judged already - two thirds of this
     * check's 1 100 whole-clip calls. */
    const int again = CHECK_ENV.fixed_cases_judged;
    int which[N], n = 0;
    for (int i = 0; i < N; i++) {
        const float rate = i < R ? RATES[i] : 60.0f;
        if (again && rate > 0.0f)
            continue;
        playback(&rq[n], &clip, i < R ? start : elsewhere, rm_duration(&clip), rate, &r);
        which[n++] = i;
    }
    if (!CHECK_CALL(OP_RM_PLAY, rq, (size_t)n, rs, NULL) || !NO_OVERRUN(rs, n, "rm_delta_between + rm_apply"))
        return;
    for (int k = 0; k < n; k++)
        if (!expect_playback(&rq[k], &rs[k], which[k] < R ? fmt(T(MSG_RM_PLAY_REAL), rate_text(RATES[which[k]]))
                                                          : T(MSG_RM_PLAY_REAL_ELSEWHERE)))
            return;
    if (again)
        return;
    /* The README's independent figure: the Hips move (-3.00, 45.86) units
     * on the ground from the first frame to the last. It is rounded to
     * 0.01 units, and the character's float drift is below POS_TOL. */
    vec3 got = v3_sub(rs[0].characters[rq[0].step_count - 1].position, start.position);
    vec3 want = v3_scale(v3(-3.00f, 0.0f, 45.86f), BVH_CMU_METRES_PER_UNIT);
    float off = sqrtf((got.x - want.x) * (got.x - want.x) + (got.z - want.z) * (got.z - want.z));
    if (!(off <= 0.01f * BVH_CMU_METRES_PER_UNIT + POS_TOL))
        check_fail(DIAG_NONE, T(MSG_RM_REAL_30),
                   fmt(T(MSG_RM_REAL_MOVES), (double)want.x,
                       (double)want.z),
                   fmt("(dx, dz) = (%.4f, %.4f) m", (double)got.x, (double)got.z));
}

/* character_frame's case in words, for a failing one only. */
static const char *delta_given(const rm_clip *clip, float t0, float t1)
{
    return fmt("rm_delta_between(%s, t0 = %.4f, t1 = %.4f)", clip_text(clip), (double)t0, (double)t1);
}

/* rm_delta_between(clip, t0, t1) for a clip of at most RM_OP_SHORT_FRAMES
 * frames, sent without its tail (ops.h). */
static void short_delta(rm_short_delta_request *rq, const rm_clip *clip, float t0, float t1)
{
    memset(rq, 0, sizeof *rq);
    rq->frame_count = clip->frame_count;
    rq->frame_time = clip->frame_time;
    rq->looping = clip->looping;
    const int n = clip->frame_count < 0 ? 0 : clip->frame_count > RM_OP_SHORT_FRAMES ? RM_OP_SHORT_FRAMES : clip->frame_count;
    memcpy(rq->positions, clip->positions, sizeof rq->positions[0] * (size_t)n);
    memcpy(rq->rotations, clip->rotations, sizeof rq->rotations[0] * (size_t)n);
    rq->t0 = t0;
    rq->t1 = t1;
}

static const char *apply_given(rm_character c, rm_delta d)
{
    return fmt(T(MSG_RM_APPLY_GIVEN), character_text(c), fmt_v3(d.translation), fmt_deg(d.turn));
}

static void character_frame(void)
{
    /* Part 1: rm_delta_between on its own, pairs of times up to 0.4 s
     * apart, in the turning walk and across the turning loop's loop point. */
    enum { RANDOM = 120, D = RANDOM + 10 };
    static rm_delta_request drq[D]; /* the clips: only the boundaries' */
    static rm_short_delta_request srq[RANDOM];
    static rm_delta_response drs[D];
    static rm_clip walk, loop;
    const rm_clip *clips[D];
    rng r = check_rng();
    make_walk(&TURNING_WALK, &walk);
    make_walk(&TURNING_LOOP, &loop);
    for (int i = 0; i < RANDOM; i++) {
        const rm_clip *clip = clips[i] = i % 2 ? &loop : &walk;
        float duration = rm_duration(clip);
        if (i % 2) {
            drq[i].t0 = rng_float(&r, 0.7f, 1.9f) * duration; /* often across a loop point */
            drq[i].t1 = drq[i].t0 + rng_float(&r, 0.0f, 0.4f);
        } else {
            drq[i].t0 = rng_float(&r, 0.0f, duration - 0.4f);
            drq[i].t1 = drq[i].t0 + rng_float(&r, 0.0f, 0.4f);
        }
        short_delta(&srq[i], clip, drq[i].t0, drq[i].t1);
    }
    /* Near the boundaries, 0.1 % inside them (at an edge itself < or <=
     * may decide, and either is right): a loop's span of 0.999 of a
     * duration (one duration is the most the header allows), from 0, from
     * the loop point, from inside a pass and two passes on; a zero span at
     * the loop point; nearly the whole of the longest clip (RM_MAX_FRAMES
     * frames) and 10 ms before its end, and nearly one duration of it
     * looped. They draw nothing from the seed: on a repeat they were
     * judged already. */
    const int d = CHECK_ENV.fixed_cases_judged ? RANDOM : D;
    if (d == D) {
        memset(&drq[RANDOM], 0, sizeof drq[0] * (D - RANDOM));
        static const float LOOP_STARTS[4] = {0.0f, 1.0f, 0.5f, 2.0f}; /* in durations */
        for (int k = 0; k < 4; k++) {
            rm_clip *clip = &drq[RANDOM + k].clip;
            make_walk(&TURNING_LOOP, clip);
            drq[RANDOM + k].t0 = LOOP_STARTS[k] * rm_duration(clip);
            drq[RANDOM + k].t1 = drq[RANDOM + k].t0 + 0.999f * rm_duration(clip);
        }
        make_walk(&STRAIGHT_LOOP, &drq[RANDOM + 4].clip);
        drq[RANDOM + 4].t0 = drq[RANDOM + 4].t1 = rm_duration(&drq[RANDOM + 4].clip);
        make_walk(&LONGEST_WALK, &drq[RANDOM + 5].clip);
        drq[RANDOM + 5].t1 = 0.999f * rm_duration(&drq[RANDOM + 5].clip);
        make_walk(&LONGEST_WALK, &drq[RANDOM + 6].clip);
        drq[RANDOM + 6].t1 = 0.999f * rm_duration(&drq[RANDOM + 6].clip);
        drq[RANDOM + 6].t0 = drq[RANDOM + 6].t1 - 0.01f;
        make_walk(&LONGEST_LOOP, &drq[RANDOM + 7].clip);
        drq[RANDOM + 7].t0 = 0.5f;
        drq[RANDOM + 7].t1 = 0.5f + 0.999f * rm_duration(&drq[RANDOM + 7].clip);
        make_walk(&LONGEST_LOOP, &drq[RANDOM + 8].clip);
        drq[RANDOM + 8].t0 = 0.0f;
        drq[RANDOM + 8].t1 = 0.999f * rm_duration(&drq[RANDOM + 8].clip);
        make_walk(&TURNING_WALK, &drq[RANDOM + 9].clip);
        drq[RANDOM + 9].t1 = 0.999f * rm_duration(&drq[RANDOM + 9].clip);
        for (int i = RANDOM; i < D; i++)
            clips[i] = &drq[i].clip;
    }
    /* The drawn cases' clips (49 and 121 frames) go without their tails
     * (ops.h), the boundaries' whole: two batches, judged in one order. */
    if (!CHECK_CALL(OP_RM_SHORT_DELTA, srq, RANDOM, drs, describe_short_delta) ||
        (d == D && !CHECK_CALL(OP_RM_DELTA, &drq[RANDOM], D - RANDOM, &drs[RANDOM], describe_delta)) ||
        !NO_OVERRUN(drs, d, "rm_delta_between"))
        return;
    for (int i = 0; i < d; i++) {
        const rm_clip *clip = clips[i];
        if (drs[i].status != (int)RM_OK) {
            same_status(drs[i].status, RM_OK, delta_given(clip, drq[i].t0, drq[i].t1));
            return;
        }
        rm_character a = unrolled(clip, drq[i].t0), b = unrolled(clip, drq[i].t1);
        vec3 want = rm_rotate_yaw(v3_sub(b.position, a.position), -a.yaw);
        float want_turn = rm_wrap_angle(b.yaw - a.yaw);
        rm_delta got = drs[i].delta;
        vec3 world = v3_sub(b.position, a.position);
        if (!(v3_distance(got.translation, want) <= SAMPLE_POS_TOL) ||
            !(angle_diff(got.turn, want_turn) <= SAMPLE_ANGLE_TOL) || !(fabsf(got.turn) <= IK_PI + 1e-6f)) {
            const char *given = delta_given(clip, drq[i].t0, drq[i].t1);
            const char *hint = v3_distance(got.translation, world) <= SAMPLE_POS_TOL
                                   ? T(MSG_RM_HINT_CLIP_SPACE)
                                   : "";
            check_fail(DIAG_NONE, given,
                       fmt(T(MSG_RM_DELTA_EXPECTED), fmt_v3(want), fmt_deg(a.yaw),
                           fmt_deg(want_turn)),
                       fmt("translation %s, turn %s%s", fmt_v3(got.translation), fmt_deg(got.turn), hint));
            return;
        }
    }

    /* Part 2: rm_apply, the chapter's two lines. */
    enum { A = 200 };
    static rm_apply_request arq[A];
    static rm_apply_response ars[A];
    memset(arq, 0, sizeof arq);
    /* The plain case first: a clip's 1 m forward, a character facing +X. */
    arq[0].character = (rm_character){v3(2.0f, 0.0f, 3.0f), 0.5f * IK_PI};
    arq[0].delta = (rm_delta){v3(0.0f, 0.0f, 1.0f), 0.0f};
    for (int i = 1; i < A; i++) {
        /* one draw a statement: an initializer list's order is unspecified too */
        arq[i].character.position = rng_v3(&r, -20.0f, 20.0f);
        arq[i].character.yaw = rng_float(&r, -IK_PI, IK_PI);
        arq[i].delta.translation = rng_v3(&r, -0.5f, 0.5f);
        arq[i].delta.turn = rng_float(&r, -1.0f, 1.0f);
    }
    if (!CHECK_CALL(OP_RM_APPLY, arq, A, ars, describe_apply) || !NO_OVERRUN(ars, A, "rm_apply"))
        return;
    for (int i = 0; i < A; i++) {
        const rm_character c = arq[i].character;
        const rm_delta d = arq[i].delta;
        if (ars[i].status != (int)RM_OK) {
            same_status(ars[i].status, RM_OK, apply_given(c, d));
            return;
        }
        /* Worked out here, not by the reference: the translation turned by
         * the character's yaw (a heading h faces (sin h, 0, cos h)). */
        float s = sinf(c.yaw), co = cosf(c.yaw);
        vec3 world = v3(d.translation.x * co + d.translation.z * s, d.translation.y,
                        -d.translation.x * s + d.translation.z * co);
        rm_character want = {v3_add(c.position, world), rm_wrap_angle(c.yaw + d.turn)};
        rm_character got = ars[i].character;
        if (!(v3_distance(got.position, want.position) <= APPLY_POS_TOL) ||
            !(angle_diff(got.yaw, want.yaw) <= SAMPLE_ANGLE_TOL) || !(fabsf(got.yaw) <= IK_PI + 1e-6f)) {
            const char *given = apply_given(c, d);
            const char *hint = v3_distance(got.position, v3_add(c.position, d.translation)) <= APPLY_POS_TOL && i > 0
                                   ? T(MSG_RM_HINT_NOT_TURNED)
                                   : "";
            check_fail(DIAG_NONE, given,
                       fmt(T(MSG_RM_APPLY_EXPECTED),
                           character_text(want)),
                       fmt("%s%s", character_text(got), hint));
            return;
        }
    }
}

/* A baked frame in words, for a failing one only (1 115 frames a run). */
/* The header's heading rule as the checker's own ruler, so the check
 * measures any output (the student edition carries no reference to ask):
 * where the turned +Z points on the ground, or, for a root facing
 * straight up or down, where the turned +X points; 0 for a rotation with
 * no direction. */
static float ground_heading(quat rotation)
{
    const float norm_sq = quat_dot(rotation, rotation);
    if (!(norm_sq > IK_EPSILON_SQ) || !quat_is_finite(rotation))
        return 0.0f;
    const quat unit = quat_normalize(rotation);
    const vec3 ahead = quat_rotate(unit, v3(0.0f, 0.0f, 1.0f));
    if (ahead.z * ahead.z + ahead.x * ahead.x > 1e-6f)
        return atan2f(ahead.x, ahead.z);
    const vec3 side = quat_rotate(unit, v3(1.0f, 0.0f, 0.0f));
    return atan2f(-side.z, side.x);
}

static const char *bake_given(const char *name, int i, vec3 before)
{
    return fmt(T(MSG_RM_BAKE_GIVEN), name, i, fmt_v3(before));
}

static void bake_in_place(void)
{
    enum { N = 2 };
    static rm_bake_request rq[N];
    static rm_bake_response rs[N];
    memset(rq, 0, sizeof rq);
    make_walk(&TURNING_WALK, &rq[0].clip);
    bvh_file file;
    if (!load_real_clip(&rq[1].clip, &file))
        return;
    bvh_free(&file);
    if (!CHECK_CALL(OP_RM_BAKE, rq, N, rs, NULL) || !NO_OVERRUN(rs, N, "rm_bake_in_place"))
        return;
    for (int c = 0; c < N; c++) {
        const rm_clip *before = &rq[c].clip, *after = &rs[c].clip;
        const char *name = c == 0 ? T(MSG_RM_NAME_TURNING_WALK) : T(MSG_RM_NAME_REAL_CLIP);
        if (!same_status(rs[c].status, RM_OK, fmt("rm_bake_in_place(%s)", name)))
            return;
        /* A bake moves frames, never the clip's timing. The frames below
         * are counted by the request; the answer's own count is checked
         * here, not trusted, so no later use of it can read past a clip. */
        if (after->frame_count != before->frame_count || !(after->frame_time == before->frame_time) ||
            (after->looping != 0) != (before->looping != 0)) {
            check_fail(DIAG_NONE, fmt("rm_bake_in_place(%s)", name),
                       fmt(T(MSG_RM_BAKE_KEEPS_TIMING), before->frame_count, (double)before->frame_time,
                           before->looping),
                       fmt("frame_count %d, frame_time %g, looping %d", after->frame_count, (double)after->frame_time,
                           after->looping));
            return;
        }
        /* The frames past frame_count are not the clip's: left as sent. */
        const size_t tail = (size_t)(RM_MAX_FRAMES - before->frame_count);
        if (memcmp(&after->positions[before->frame_count], &before->positions[before->frame_count],
                   tail * sizeof before->positions[0]) != 0 ||
            memcmp(&after->rotations[before->frame_count], &before->rotations[before->frame_count],
                   tail * sizeof before->rotations[0]) != 0) {
            check_fail(DIAG_NONE, fmt("rm_bake_in_place(%s)", name), T(MSG_RM_BAKE_TAIL_KEPT),
                       T(MSG_RM_BAKE_TAIL_CHANGED));
            return;
        }
        for (int i = 0; i < before->frame_count; i++) {
            vec3 p = after->positions[i];
            if (p.x != 0.0f || p.z != 0.0f || p.y != before->positions[i].y) {
                const char *given = bake_given(name, i, before->positions[i]);
                check_fail(DIAG_NONE, given,
                           fmt(T(MSG_RM_BAKE_ROOT), (double)before->positions[i].y),
                           fmt("root %s", fmt_v3(p)));
                return;
            }
            quat q = after->rotations[i];
            float heading = ground_heading(q);
            quat original = quat_normalize(before->rotations[i]);
            quat restored = quat_mul(quat_from_axis_angle(v3_up(), ground_heading(original)), quat_normalize(q));
            float kept = quat_is_finite(q) ? quat_angle_between(restored, original) : NAN;
            if (!(fabsf(heading) <= SAMPLE_ANGLE_TOL) || !(kept <= SAMPLE_ANGLE_TOL)) {
                const char *given = bake_given(name, i, before->positions[i]);
                check_fail(DIAG_NONE, given,
                           T(MSG_RM_BAKE_ROTATION),
                           fmt(T(MSG_RM_BAKE_ROTATION_GOT), fmt_deg(heading), fmt_deg(kept)));
                return;
            }
        }
    }
}

static void bad_input(void)
{
    static rm_clip walk, loop;
    make_walk(&TURNING_WALK, &walk);
    make_walk(&STRAIGHT_LOOP, &loop);
    const float duration = rm_duration(&walk);

    /* rm_delta_between: bad times and bad clips give a zero delta. */
    enum { D = 13 };
    static rm_delta_request drq[D];
    static rm_delta_response drs[D];
    static const rm_status DWANT[D] = {RM_ERR_TIME, RM_ERR_TIME, RM_ERR_TIME, RM_ERR_TIME, RM_ERR_TIME,
                                       RM_ERR_TIME, RM_ERR_FRAME_COUNT, RM_ERR_FRAME_COUNT, RM_ERR_FRAME_TIME,
                                       RM_ERR_FRAME_TIME, RM_ERR_NOT_FINITE, RM_ERR_NULL, RM_ERR_NULL};
    const char *const DGIVEN[D] = {
        T(MSG_RM_GIVEN_PAST_END), T(MSG_RM_GIVEN_BEFORE_START), T(MSG_RM_GIVEN_BACKWARDS),
        "t0 = NaN", "t1 = inf", T(MSG_RM_GIVEN_OVER_ONE_PASS), T(MSG_RM_GIVEN_NO_FRAMES),
        "frame_count = 1", "frame_time = 0", "frame_time = −0.02", "positions[5].x = NaN", "clip = NULL",
        "out = NULL"};
    memset(drq, 0, sizeof drq);
    for (int i = 0; i < D; i++) {
        drq[i].clip = i == 5 ? loop : walk;
        drq[i].t0 = 0.2f;
        drq[i].t1 = 0.3f;
    }
    drq[0].t1 = duration + 0.1f;
    drq[1].t0 = -0.1f;
    drq[2].t0 = 0.5f;
    drq[3].t0 = NAN;
    drq[4].t1 = INFINITY;
    drq[5].t1 = drq[5].t0 + 1.5f * rm_duration(&loop);
    drq[6].clip.frame_count = 0;
    drq[7].clip.frame_count = 1;
    drq[8].clip.frame_time = 0.0f;
    drq[9].clip.frame_time = -0.02f;
    drq[10].clip.positions[5].x = NAN;
    drq[11].pass_null_clip = 1;
    drq[12].pass_null_out = 1;
    if (!CHECK_CALL(OP_RM_DELTA, drq, D, drs, describe_delta) || !NO_OVERRUN(drs, D, "rm_delta_between"))
        return;
    for (int i = 0; i < D; i++) {
        const char *given = fmt("rm_delta_between: %s", DGIVEN[i]);
        if (!same_status(drs[i].status, DWANT[i], given))
            return;
        rm_delta d = drs[i].delta;
        if (!drq[i].pass_null_out && (d.translation.x != 0.0f || d.translation.y != 0.0f ||
                                      d.translation.z != 0.0f || d.turn != 0.0f)) {
            check_fail(DIAG_NONE, given, T(MSG_RM_ZERO_DELTA),
                       fmt("translation %s, turn %g", fmt_v3(d.translation), (double)d.turn));
            return;
        }
    }

    /* rm_sample: a defined pose with every error. */
    static rm_sample_request srq[3];
    static rm_sample_response srs[3];
    memset(srq, 0, sizeof srq);
    srq[0].clip = walk;
    srq[0].count = 4;
    srq[0].times[0] = duration + 1.0f;
    srq[0].times[1] = -1.0f;
    srq[0].times[2] = NAN;
    srq[0].times[3] = -INFINITY;
    srq[1].clip = walk;
    srq[1].clip.frame_count = 0;
    srq[1].count = 1;
    srq[1].times[0] = 0.5f;
    /* A clip shorter than a second (2 frames, 1/60 s), asked at 0.5 s. */
    srq[2].clip = walk;
    srq[2].clip.frame_count = 2;
    poison_tail(&srq[2].clip);
    srq[2].count = 1;
    srq[2].times[0] = 0.5f;
    if (!CHECK_CALL(OP_RM_SAMPLE, srq, 3, srs, NULL) || !NO_OVERRUN(srs, 3, "rm_sample"))
        return;
    const rm_root_pose first = pose_in_pass(&walk, 0.0), last = pose_in_pass(&walk, (double)duration),
                       short_last = pose_in_pass(&srq[2].clip, (double)rm_duration(&srq[2].clip)),
                       none = {v3_zero(), quat_identity()};
    const rm_root_pose SWANT[6] = {last, first, first, first, none, short_last};
    const char *const SGIVEN[6] = {T(MSG_RM_GIVEN_TIME_PAST_END), "time = −1 s", "time = NaN",
                                   "time = −inf", "frame_count = 0", T(MSG_RM_GIVEN_SHORT_PAST_END)};
    const char *const SWHY[6] = {T(MSG_RM_WHY_LAST_FRAME), T(MSG_RM_WHY_FIRST_FRAME_NEAREST), T(MSG_RM_WHY_FIRST_FRAME),
                                 T(MSG_RM_WHY_FIRST_FRAME), "origin + identity", T(MSG_RM_WHY_LAST_FRAME)};
    for (int k = 0; k < 6; k++) {
        int c = k < 4 ? 0 : k - 3, i = k < 4 ? k : 0;
        const char *given = fmt("rm_sample: %s", SGIVEN[k]);
        if (!same_status(srs[c].status[i], k == 4 ? RM_ERR_FRAME_COUNT : RM_ERR_TIME, given))
            return;
        const rm_root_pose got = srs[c].poses[i];
        const float turned = quat_is_finite(got.rotation) ? quat_angle_between(got.rotation, SWANT[k].rotation) : NAN;
        if (!(v3_distance(got.position, SWANT[k].position) <= SAMPLE_POS_TOL) || !(turned <= SAMPLE_ANGLE_TOL)) {
            const quat w = SWANT[k].rotation;
            check_fail(DIAG_NONE, given,
                       fmt("*out = %s: position %s, rotation (%.4f, %.4f, %.4f, %.4f)", SWHY[k],
                           fmt_v3(SWANT[k].position), w.x, w.y, w.z, w.w),
                       fmt("position %s, rotation (%.4f, %.4f, %.4f, %.4f)", fmt_v3(got.position), got.rotation.x,
                           got.rotation.y, got.rotation.z, got.rotation.w));
            return;
        }
    }

    /* rm_apply: the character stays put. rm_bake_in_place: the clip too. */
    enum { A = 4 };
    static rm_apply_request arq[A];
    static rm_apply_response ars[A];
    memset(arq, 0, sizeof arq);
    for (int i = 0; i < A; i++) {
        arq[i].character = (rm_character){v3(1.0f, 0.0f, 2.0f), 0.3f};
        arq[i].delta = (rm_delta){v3(0.0f, 0.0f, 0.05f), 0.01f};
    }
    arq[0].delta.turn = NAN;
    arq[1].character.position.y = INFINITY;
    arq[2].pass_null_delta = 1;
    arq[3].pass_null_character = 1;
    static const rm_status AWANT[A] = {RM_ERR_NOT_FINITE, RM_ERR_NOT_FINITE, RM_ERR_NULL, RM_ERR_NULL};
    static const char *const AGIVEN[A] = {"delta.turn = NaN", "character.position.y = inf", "delta = NULL",
                                          "character = NULL"};
    if (!CHECK_CALL(OP_RM_APPLY, arq, A, ars, describe_apply) || !NO_OVERRUN(ars, A, "rm_apply"))
        return;
    for (int i = 0; i < A; i++) {
        const char *given = fmt("rm_apply: %s", AGIVEN[i]);
        if (!same_status(ars[i].status, AWANT[i], given))
            return;
        if (memcmp(&ars[i].character, &arq[i].character, sizeof ars[i].character) != 0) {
            check_fail(DIAG_NONE, given, fmt(T(MSG_RM_CHARACTER_UNTOUCHED), character_text(arq[i].character)),
                       character_text(ars[i].character));
            return;
        }
    }
    static rm_bake_request brq[2];
    static rm_bake_response brs[2];
    memset(brq, 0, sizeof brq);
    brq[0].clip = walk;
    brq[0].clip.rotations[30] = q4(0.0f, NAN, 0.0f, 1.0f);
    brq[1].pass_null = 1;
    if (!CHECK_CALL(OP_RM_BAKE, brq, 2, brs, describe_bake) || !NO_OVERRUN(brs, 2, "rm_bake_in_place"))
        return;
    if (!same_status(brs[0].status, RM_ERR_NOT_FINITE, T(MSG_RM_BAKE_NAN)) ||
        !same_status(brs[1].status, RM_ERR_NULL, "rm_bake_in_place(NULL)"))
        return;
    if (memcmp(brs[0].clip.positions, brq[0].clip.positions, sizeof brq[0].clip.positions) != 0)
        check_fail(DIAG_NONE, T(MSG_RM_BAKE_NAN),
                   T(MSG_RM_CLIP_UNTOUCHED), T(MSG_RM_POSITIONS_CHANGED));
}

DEFINE_SUITE(ROOT_MOTION,
    {"validate_clip", "rm_validate: เฟรมไม่พอ, frame_time ≤ 0 หรือ NaN, ข้อมูลมี NaN หรือ rotation ศูนย์ ต้องถูกปฏิเสธ", "rm_validate: too few frames, frame_time ≤ 0 or NaN, NaN data or zero rotation are rejected", validate_clip, CHECK_FIXED},
    {"heading_of_root", "rm_heading: heading ของ root จาก rotation (เอียง, ก้ม 90°, quaternion ไม่ยาว 1)", "rm_heading: the root's heading from its rotation (tilted, pitched 90°, non-unit quaternion)", heading_of_root, CHECK_RANDOM},
    {"sample_between_frames", "rm_sample: lerp ตำแหน่งและ slerp rotation ระหว่างเฟรม", "rm_sample: lerp position and slerp rotation between frames", sample_between_frames, CHECK_RANDOM},
    {"sample_wraps_loop", "rm_sample: clip แบบ loop วนเวลากลับเข้ารอบ [0, duration)", "rm_sample: a looping clip wraps time back into [0, duration)", sample_wraps_loop, CHECK_RANDOM},
    {"deltas_add_up", "delta ทุก step รวมกันได้การเคลื่อนที่ของ clip ที่ 30/60/144 Hz และ step ไม่เท่ากัน", "per-step deltas add up to the clip's motion at 30/60/144 Hz and with uneven steps", deltas_add_up, CHECK_RANDOM},
    {"loop_three_times", "loop เล่น 3 รอบ: ไปได้ 3 เท่า ไม่กระโดดตรงจุด loop (เดินตรงและเดินเลี้ยว)", "loop played 3 times: goes 3 times as far, no jump at the loop point (straight and turning walks)", loop_three_times, CHECK_RANDOM},
    {"real_clip", "clip จริง CMU 131_01: root motion ตรงกับการเคลื่อนที่ของ Hips (−3.00, 45.86) units", "real CMU clip 131_01: root motion matches the Hips' movement (−3.00, 45.86) units", real_clip, CHECK_RANDOM},
    {"character_frame", "delta อยู่ใน frame ของตัวละคร: clip เดินไป +Z ตัวละครที่หัน +X ก็เดินไป +X", "deltas in the character's frame: a clip walking +Z moves a character facing +X along +X", character_frame, CHECK_RANDOM},
    {"bake_in_place", "Bake Into Pose: root อยู่กับที่ ไม่หัน แต่ยังโยกขึ้นลงและเอียงเหมือนเดิม", "Bake Into Pose: root stays in place, doesn't turn, but still bobs and tilts as before", bake_in_place, CHECK_FIXED},
    {"bad_input", "input ผิด (ไม่มีเฟรม, NaN, frame_time ≤ 0, เวลานอก clip): status ชัดเจน output ที่กำหนดไว้", "bad input (no frames, NaN, frame_time ≤ 0, time outside the clip): clear status, specified output", bad_input, CHECK_FIXED})
