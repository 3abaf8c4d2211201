/* 07's live glue: the ground under each foot and a run of frames.
 * in: frames (1..LIVE_FOOT_FRAMES), dt, start weight, fade rate,
 *     left patch (min_z, max_z, height, slope_z) [4],
 *     right patch (min_z, max_z, height, slope_z) [8],
 *     per leg from [12], 22 floats each: hip, knee, ankle (xyz),
 *     foot rotation (xyzw), knee pole (xyz), thigh, shin, then the
 *     ground height and normal the memory starts with (4).
 * out: per foot from [f * 40]: grounded, hit point, hit normal, target,
 *     target rotation (4), weight, deficit, hip, knee, ankle, foot rotation
 *     (4); hip_drop [80]; the frame that failed [81] (-1: none);
 *     the weights frame by frame from [100], left and right.
 * Returns the result of the last frame run. foot_ik_step is the
 * student's, and so is the two_bone_solve it calls (their 03). */
#include "foot_ik.h"
#include "live_glue.h"
#include "terrain.c"

#define LIVE_FOOT_FRAMES 120

static void put_foot(int at, const foot_ik_foot *f)
{
    live_out_buf[at] = (float)f->grounded;
    live_put(at + 1, f->hit_point);
    live_put(at + 4, f->hit_normal);
    live_put(at + 7, f->target);
    live_put_q(at + 10, f->target_rotation);
    live_out_buf[at + 14] = f->weight;
    live_out_buf[at + 15] = f->deficit;
    live_put(at + 16, f->hip);
    live_put(at + 19, f->knee);
    live_put(at + 22, f->ankle);
    live_put_q(at + 25, f->foot_rotation);
}

int live_run(int op)
{
    (void)op;
    static foot_ik_input in;
    static foot_ik_output out;
    static terrain ground;
    int frames = live_count(0, 1, LIVE_FOOT_FRAMES);
    ground = terrain_empty();
    for (int p = 0; p < 2; p++) {
        const float *g = &live_in_buf[4 + 4 * p];
        terrain_patch patch = {-1.0f, 1.0f, g[0], g[1], g[2], 0.0f, g[3]};
        if (g[1] > g[0])
            terrain_add_patch(&ground, patch);
    }
    in.dt = live_in_buf[1];
    in.settings = foot_ik_default_settings();
    in.settings.weight_fade_rate = live_in_buf[3];
    for (int f = 0; f < FOOT_COUNT; f++) {
        const int at = 12 + 22 * f;
        foot_leg *leg = &in.legs[f];
        leg->hip = live_v3(at);
        leg->knee = live_v3(at + 3);
        leg->ankle = live_v3(at + 6);
        leg->foot_rotation = live_q4(at + 9);
        leg->knee_pole = live_v3(at + 13);
        leg->thigh_length = live_in_buf[at + 16];
        leg->shin_length = live_in_buf[at + 17];
        in.memory[f].weight = live_in_buf[2];
        in.memory[f].ground_height = live_in_buf[at + 18];
        in.memory[f].ground_normal = live_v3(at + 19);
    }
    live_clear_out();
    /* every byte 0xff: what foot_ik_step never writes reads as NaN (or -1) */
    __builtin_memset(&out, 0xff, sizeof out);
    live_out_buf[81] = -1.0f;
    int result = FOOT_IK_OK;
    for (int i = 0; i < frames; i++) {
        result = (int)foot_ik_step(&in, &ground, &out);
        if (result != FOOT_IK_OK) {
            live_out_buf[81] = (float)i;
            break;
        }
        live_out_buf[100 + 2 * i] = out.feet[0].weight;
        live_out_buf[101 + 2 * i] = out.feet[1].weight;
        in.memory[0] = out.memory[0];
        in.memory[1] = out.memory[1];
    }
    put_foot(0, &out.feet[0]);
    put_foot(40, &out.feet[1]);
    live_out_buf[80] = out.hip_drop;
    return result;
}
