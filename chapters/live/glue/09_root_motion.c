/* 09's live glue: the CMU clip's root track, scrubbed and played.
 * The clip is the root's channels of checker/data/mocap/'s take, cut out
 * by build.py into live_clip.h and read with include/bvh.c, as the
 * checker reads the whole file (rm_clip_from_bvh, BVH_CMU_METRES_PER_UNIT).
 * in: time, steps per second, start x, start z (NaN: the clip's root at
 *     frame 0), extra turn (radians).
 * out: rm_sample at the time: position [0], rotation [3], status [7];
 *     rm_heading of it [8]; the character's start yaw [9] (rm_heading of
 *     frame 0 plus the turn); steps [10]; the first failing status of
 *     rm_delta_between or rm_apply [11]; frame_time [12]; frame_count [13];
 *     the clip's load status [14]; the character's final yaw [15];
 *     the character's x z after each step from [20] (the start first);
 *     the clip's root x z per frame, as loaded, from [LIVE_CLIP_AT].
 * Returns rm_sample's status. */
#include "root_motion.h"
#include "live_glue.h"
#include "bvh.c"
#include "live_clip.h"

#define LIVE_MAX_STEPS 600
#define LIVE_CLIP_AT 1300

static rm_clip clip;
static int loaded = -1;

/* The whole steps' deltas, kept between answers: step k runs from (k-1)/hz
 * to k/hz whatever the time and the start, so dragging the start or the
 * time asks the solver only for the last, partial step (the reference
 * validates the whole clip on each call, a drag's main cost otherwise).
 * A new hz starts over; a rebuilt or trapped solver is a new instance, so
 * its memory, and this, start empty. */
static struct {
    float hz;
    int count;
    rm_delta delta[LIVE_MAX_STEPS];
    int status[LIVE_MAX_STEPS];
} whole_steps;

/* Step k of a walk at hz, from prev to next (whole: next is k/hz). */
static int delta_of_step(int k, float hz, float prev, float next, int whole, rm_delta *d)
{
    if (whole && whole_steps.hz == hz && k <= whole_steps.count) {
        *d = whole_steps.delta[k - 1];
        return whole_steps.status[k - 1];
    }
    *d = (rm_delta){v3(__builtin_nanf(""), 0.0f, 0.0f), __builtin_nanf("")};
    int s = (int)rm_delta_between(&clip, prev, next, d);
    if (whole) {
        if (whole_steps.hz != hz) {
            whole_steps.hz = hz;
            whole_steps.count = 0;
        }
        if (k == whole_steps.count + 1) {
            whole_steps.delta[k - 1] = *d;
            whole_steps.status[k - 1] = s;
            whole_steps.count = k;
        }
    }
    return s;
}

static int load(void)
{
    static bvh_file file;
    bvh_error e = bvh_parse(live_clip_bvh, sizeof live_clip_bvh - 1, &file);
    if (e.failed)
        return -2;
    int s = (int)rm_clip_from_bvh(&file, 0, BVH_CMU_METRES_PER_UNIT, 0, &clip);
    bvh_free(&file);
    return s;
}

int live_run(int op)
{
    (void)op;
    if (loaded < 0 && loaded != -2)
        loaded = load();
    live_clear_out();
    live_out_buf[14] = (float)loaded;
    if (loaded != RM_OK)
        return -1;
    float t = live_in_buf[0], hz = live_in_buf[1];
    rm_root_pose pose = {v3(__builtin_nanf(""), 0.0f, 0.0f), q4(__builtin_nanf(""), 0.0f, 0.0f, 0.0f)};
    int status = (int)rm_sample(&clip, t, &pose);
    live_put(0, pose.position);
    live_put_q(3, pose.rotation);
    live_out_buf[7] = (float)status;
    live_out_buf[8] = rm_heading(pose.rotation);
    live_out_buf[12] = clip.frame_time;
    live_out_buf[13] = (float)clip.frame_count;
    for (int i = 0; i < clip.frame_count && LIVE_CLIP_AT + 2 * i + 1 < LIVE_OUT_FLOATS; i++) {
        live_out_buf[LIVE_CLIP_AT + 2 * i] = clip.positions[i].x;
        live_out_buf[LIVE_CLIP_AT + 2 * i + 1] = clip.positions[i].z;
    }
    /* the character, fed every delta from 0 to t */
    /* no start given (NaN): on the clip's root at frame 0 */
    float x = live_in_buf[2], z = live_in_buf[3];
    if (isnan(x) || isnan(z)) {
        x = clip.positions[0].x;
        z = clip.positions[0].z;
    }
    rm_character ch = {v3(x, 0.0f, z), rm_heading(clip.rotations[0]) + live_in_buf[4]};
    live_out_buf[9] = ch.yaw;
    int count = 0, failed = 0;
    if (hz > 0.0f && t > 0.0f && t <= rm_duration(&clip)) {
        count = (int)ceilf(t * hz - 1e-4f);
        if (count > LIVE_MAX_STEPS)
            count = LIVE_MAX_STEPS;
        if (count < 1)
            count = 1;
    }
    live_out_buf[10] = (float)count;
    live_out_buf[20] = ch.position.x;
    live_out_buf[21] = ch.position.z;
    float prev = 0.0f;
    for (int k = 1; k <= count; k++) {
        float next = k == count ? t : (float)k / hz;
        rm_delta d;
        int s = delta_of_step(k, hz, prev, next, next == (float)k / hz, &d);
        if (s == RM_OK)
            s = (int)rm_apply(&ch, &d);
        if (s != RM_OK && !failed)
            failed = s;
        live_out_buf[20 + 2 * k] = ch.position.x;
        live_out_buf[21 + 2 * k] = ch.position.z;
        prev = next;
    }
    live_out_buf[11] = (float)failed;
    live_out_buf[15] = ch.yaw;
    return status;
}
