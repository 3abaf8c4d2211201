/* bench.c - speed of the reference solutions (make bench).
 *
 * Measures, never asserts: every figure is printed with its spread and as
 * a machine-readable line "bench NAME VALUE UNIT". Each figure is the
 * median of REPEATS timed runs over the same inputs. Built with the flags
 * students get (no -ffast-math: the references are the answer key).
 */
#define _POSIX_C_SOURCE 199309L
#include "bvh.h"
#include "ccd.h"
#include "fabrik.h"
#include "limb_batch.h"
#include "os.h"
#include "forward_kinematics.h"
#include "pole_vector.h"
#include "root_motion.h"
#include "two_bone.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPEATS 9
#define TWO_BONE_SOLVES 1000000
#define CHAIN_SOLVES 2000
#define CLIP_PATH "checker/data/mocap/cmu_131_01_start_walk_stop.bvh"
#define FK_PASSES 20          /* passes over the whole clip per timed run */
#define ROOT_MOTION_PASSES 20 /* whole-clip extractions per timed run */
#define ROOT_MOTION_RATE 60.0f

/* Each benchmark starts the generator from its own seed, so its inputs do
 * not depend on which benchmarks ran before it (every two-bone row times
 * the same 1 M limbs). */
#define TWO_BONE_SEED 0xBE7C4u
#define CHAIN_SEED 0xC4A1Bu
static uint64_t rng_state = TWO_BONE_SEED;
static float uniform(float lo, float hi)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * (float)((double)(z >> 11) / 9007199254740992.0);
}

static vec3 unit_vector(void)
{
    for (;;) {
        vec3 v = v3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
        float len = v3_length(v);
        if (len > 0.1f && len <= 1.0f)
            return v3_scale(v, 1.0f / len);
    }
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct { double median, low, high; } spread;

static spread summarize(double *samples, int n)
{
    qsort(samples, (size_t)n, sizeof *samples, compare_double);
    spread s = {samples[n / 2], samples[0], samples[n - 1]};
    return s;
}

static void report(const char *name, spread s, const char *unit, const char *what)
{
    printf("  %-28s %10.2f %-4s (min %.2f, max %.2f)  %s\n", name, s.median, unit, s.low, s.high, what);
}

/* Something the optimizer must believe is used. */
static volatile float sink;

/* How the 1 M limbs are run through the two calls. ONE_AT_A_TIME is the
 * headline figure: each limb's rotations are computed from its positions
 * right away, so the processor can overlap one limb's chain of square
 * roots and divisions with the next only as far as its window reaches.
 * TWO_PASSES runs a block of limbs through two_bone_solve, then the same
 * block through bone_rotations_from_positions, as an engine that poses many
 * limbs would: the same work, the chains no longer back to back.
 * BATCHED gives the same block to limb_pose_many (limb_batch.c), which
 * does both calls' work eight limbs side by side and gives the same
 * results (make test checks it).
 * POSITIONS_ONLY shows where the time of the full solve goes. */
typedef enum { POSITIONS_ONLY, ONE_AT_A_TIME, TWO_PASSES, BATCHED } two_bone_order;
#define TWO_PASS_BLOCK 256

static spread bench_two_bone(two_bone_order order)
{
    two_bone_input *in = malloc(sizeof *in * TWO_BONE_SOLVES);
    two_bone_output *block = malloc(sizeof *block * TWO_PASS_BLOCK);
    quat *upper = malloc(sizeof *upper * TWO_PASS_BLOCK), *lower = malloc(sizeof *lower * TWO_PASS_BLOCK);
    limb_pose *poses = malloc(sizeof *poses * TWO_PASS_BLOCK);
    if (!in || !block || !upper || !lower || !poses) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    rng_state = TWO_BONE_SEED;
    for (int i = 0; i < TWO_BONE_SOLVES; i++) {
        float l1 = uniform(0.3f, 0.6f), l2 = uniform(0.3f, 0.6f);
        vec3 root = v3(uniform(-1, 1), uniform(0.5f, 1.5f), uniform(-1, 1));
        in[i] = (two_bone_input){root, v3_add(root, v3_scale(unit_vector(), uniform(0.05f, 1.3f) * (l1 + l2))),
                                 v3_add(root, v3_scale(unit_vector(), 0.5f)), l1, l2};
    }
    double samples[REPEATS];
    for (int r = 0; r < REPEATS; r++) {
        float acc = 0.0f;
        double t0 = os_clock();
        if (order == BATCHED) {
            for (int start = 0; start < TWO_BONE_SOLVES; start += TWO_PASS_BLOCK) {
                const int n = TWO_BONE_SOLVES - start < TWO_PASS_BLOCK ? TWO_BONE_SOLVES - start : TWO_PASS_BLOCK;
                limb_pose_many(in + start, poses, (size_t)n);
                acc += poses[0].joints.mid.y + poses[n - 1].upper.w + poses[0].lower.w;
            }
        } else if (order == TWO_PASSES) {
            for (int start = 0; start < TWO_BONE_SOLVES; start += TWO_PASS_BLOCK) {
                const two_bone_input *part = in + start;
                /* 1 M is not a multiple of the block: the last one is short. */
                const int n = TWO_BONE_SOLVES - start < TWO_PASS_BLOCK ? TWO_BONE_SOLVES - start : TWO_PASS_BLOCK;
                for (int i = 0; i < n; i++)
                    two_bone_solve(&part[i], &block[i]);
                for (int i = 0; i < n; i++)
                    bone_rotations_from_positions(part[i].root, block[i].mid, block[i].tip, part[i].pole, &upper[i],
                                                  &lower[i]);
                acc += block[0].mid.y + upper[n - 1].w + lower[0].w;
            }
        } else {
            for (int i = 0; i < TWO_BONE_SOLVES; i++) {
                two_bone_output out;
                quat up = {0, 0, 0, 0}, low = {0, 0, 0, 0};
                two_bone_solve(&in[i], &out);
                if (order == ONE_AT_A_TIME)
                    bone_rotations_from_positions(in[i].root, out.mid, out.tip, in[i].pole, &up, &low);
                acc += out.mid.y + out.tip.x + up.w + low.w;
            }
        }
        samples[r] = (os_clock() - t0) / TWO_BONE_SOLVES * 1e9;
        sink = acc;
    }
    free(in);
    free(block);
    free(upper);
    free(lower);
    free(poses);
    return summarize(samples, REPEATS);
}

typedef int (*solver_fn)(ik_chain *, vec3, const ik_settings *, ik_report *);

/* A gently bent 10-bone chain and a reachable target, the same for both. */
static void chain_case(ik_chain *chain, vec3 *target)
{
    chain->joint_count = 11;
    chain->joints[0] = v3_zero();
    vec3 dir = v3_up();
    for (int i = 1; i <= 10; i++) {
        dir = v3_normalize(v3_add(dir, v3_scale(unit_vector(), 0.6f)));
        chain->joints[i] = v3_add(chain->joints[i - 1], v3_scale(dir, uniform(0.5f, 1.5f)));
    }
    *target = v3_scale(unit_vector(), ik_chain_reach(chain) * uniform(0.1f, 0.9f));
}

static void bench_chain(solver_fn solve, ik_chain *chains, vec3 *targets, spread *micro, double *median_passes)
{
    static ik_report report;
    double samples[REPEATS];
    int *passes = malloc(sizeof *passes * CHAIN_SOLVES);
    for (int r = 0; r < REPEATS; r++) {
        double t0 = os_clock();
        for (int i = 0; i < CHAIN_SOLVES; i++) {
            ik_chain chain = chains[i];
            ik_settings settings = {IK_MAX_PASSES, 1e-3f * ik_chain_reach(&chains[i])};
            passes[i] = solve(&chain, targets[i], &settings, &report);
            sink = chain.joints[10].x;
        }
        samples[r] = (os_clock() - t0) / CHAIN_SOLVES * 1e6;
    }
    *micro = summarize(samples, REPEATS);
    double p[CHAIN_SOLVES];
    for (int i = 0; i < CHAIN_SOLVES; i++)
        p[i] = passes[i];
    *median_passes = summarize(p, CHAIN_SOLVES).median;
    free(passes);
}

/* ---- the real clip (make bench runs from the workbook root) -------------- */

static bvh_file clip_file;

static void load_clip(void)
{
    bvh_error error = bvh_load(CLIP_PATH, &clip_file);
    if (error.failed) {
        fprintf(stderr, "bench: cannot load %s: %s (run from the workbook root)\n", CLIP_PATH, error.message);
        exit(1);
    }
    if (clip_file.skeleton.joint_count > FK_MAX_BONES) {
        fprintf(stderr, "bench: %d joints, more than FK_MAX_BONES\n", clip_file.skeleton.joint_count);
        exit(1);
    }
}

/* Section 01's fk_compute_world over every frame of the clip: the local
 * transforms are decoded once (bvh_frame_local: Euler angles to
 * quaternions), then timed FK passes over all frames. Also times decode +
 * FK together, what a player does per frame. Both in ns per bone. */
static void bench_fk_clip(spread *fk_ns, spread *decode_fk_ns)
{
    const int frames = clip_file.motion.frame_count, joints = clip_file.skeleton.joint_count;
    fk_bone *bones = malloc(sizeof *bones * (size_t)frames * (size_t)joints);
    if (!bones) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    for (int f = 0; f < frames; f++) {
        bvh_local local[BVH_MAX_JOINTS];
        bvh_frame_local(&clip_file, f, local, BVH_MAX_JOINTS);
        for (int j = 0; j < joints; j++)
            bones[(size_t)f * (size_t)joints + (size_t)j] =
                (fk_bone){local[j].parent, local[j].local_offset, local[j].local_rotation};
    }
    const double bone_count = (double)frames * joints;
    double samples[REPEATS];
    fk_transform world[FK_MAX_BONES];
    for (int r = 0; r < REPEATS; r++) {
        float acc = 0.0f;
        int failures = 0;
        double t0 = os_clock();
        for (int p = 0; p < FK_PASSES; p++)
            for (int f = 0; f < frames; f++) {
                failures += fk_compute_world(&bones[(size_t)f * (size_t)joints], joints, world) != FK_OK;
                acc += world[joints - 1].position.x;
            }
        samples[r] = (os_clock() - t0) / (FK_PASSES * bone_count) * 1e9;
        sink = acc;
        if (failures) {
            fprintf(stderr, "bench: fk_compute_world failed on the clip\n");
            exit(1);
        }
    }
    *fk_ns = summarize(samples, REPEATS);
    for (int r = 0; r < REPEATS; r++) {
        float acc = 0.0f;
        double t0 = os_clock();
        for (int p = 0; p < FK_PASSES; p++)
            for (int f = 0; f < frames; f++) {
                bvh_local local[BVH_MAX_JOINTS];
                fk_bone frame[FK_MAX_BONES];
                bvh_frame_local(&clip_file, f, local, BVH_MAX_JOINTS);
                for (int j = 0; j < joints; j++)
                    frame[j] = (fk_bone){local[j].parent, local[j].local_offset, local[j].local_rotation};
                fk_compute_world(frame, joints, world);
                acc += world[joints - 1].position.x;
            }
        samples[r] = (os_clock() - t0) / (FK_PASSES * bone_count) * 1e9;
        sink = acc;
    }
    *decode_fk_ns = summarize(samples, REPEATS);
    free(bones);
}

/* Section 09's root motion over the whole clip, as a game at 60 Hz takes
 * it: rm_delta_between for each frame's span from 0 to the end (497
 * deltas, the last one shorter) and rm_apply onto a character. In us per
 * whole clip. rm_validate is timed alone too: rm_delta_between checks the
 * whole clip (every frame) on every call. */
static void bench_root_motion(spread *clip_us, spread *validate_us, int *deltas, float *travelled)
{
    static rm_clip clip;
    if (rm_clip_from_bvh(&clip_file, 0, BVH_CMU_METRES_PER_UNIT, 0, &clip) != RM_OK) {
        fprintf(stderr, "bench: the clip has no root track\n");
        exit(1);
    }
    const float duration = rm_duration(&clip), dt = 1.0f / ROOT_MOTION_RATE;
    double samples[REPEATS];
    rm_character character = {v3_zero(), 0.0f};
    for (int r = 0; r < REPEATS; r++) {
        int failures = 0;
        double t0 = os_clock();
        for (int p = 0; p < ROOT_MOTION_PASSES; p++) {
            character = (rm_character){v3_zero(), 0.0f};
            *deltas = 0;
            for (float t = 0.0f; t < duration;) {
                float next = t + dt < duration ? t + dt : duration;
                rm_delta delta;
                failures += rm_delta_between(&clip, t, next, &delta) != RM_OK;
                failures += rm_apply(&character, &delta) != RM_OK;
                (*deltas)++;
                t = next;
            }
            sink = character.position.z;
        }
        samples[r] = (os_clock() - t0) / ROOT_MOTION_PASSES * 1e6;
        if (failures) {
            fprintf(stderr, "bench: root motion failed on the clip\n");
            exit(1);
        }
    }
    *clip_us = summarize(samples, REPEATS);
    *travelled = sqrtf(character.position.x * character.position.x + character.position.z * character.position.z);
    enum { VALIDATIONS = 2000 };
    for (int r = 0; r < REPEATS; r++) {
        int bad = 0;
        double t0 = os_clock();
        for (int i = 0; i < VALIDATIONS; i++)
            bad += rm_validate(&clip) != RM_OK;
        samples[r] = (os_clock() - t0) / VALIDATIONS * 1e6;
        sink = (float)bad;
    }
    *validate_us = summarize(samples, REPEATS);
}

int main(void)
{
    printf("Benchmarks of the reference solutions (median of %d runs)\n\n", REPEATS);

    spread two_bone = bench_two_bone(ONE_AT_A_TIME);
    report("two_bone_solve", two_bone, "ns", "positions + both bone rotations, per solve (1M targets)");
    spread two_passes = bench_two_bone(TWO_PASSES);
    report("two_bone_solve two passes", two_passes, "ns", "the same, 256 limbs solved, then their rotations");
    spread batched = bench_two_bone(BATCHED);
    report("two_bone_solve batched", batched, "ns", "the same, 256 limbs at a time through limb_pose_many");
    spread positions = bench_two_bone(POSITIONS_ONLY);
    report("two_bone_solve positions", positions, "ns", "the same solves without the two bone rotations");

    static ik_chain chains[CHAIN_SOLVES];
    static vec3 targets[CHAIN_SOLVES];
    rng_state = CHAIN_SEED;
    for (int i = 0; i < CHAIN_SOLVES; i++)
        chain_case(&chains[i], &targets[i]);
    spread ccd_us, fabrik_us;
    double ccd_passes, fabrik_passes;
    bench_chain(ccd_solve, chains, targets, &ccd_us, &ccd_passes);
    bench_chain(fabrik_solve, chains, targets, &fabrik_us, &fabrik_passes);
    report("ccd_solve 10 bones", ccd_us, "us", "per solve, tolerance 1e-3 of reach");
    report("fabrik_solve 10 bones", fabrik_us, "us", "per solve, same chains and targets");
    printf("  %-28s %10.0f      CCD, %.0f FABRIK (median over %d targets)\n", "passes 10 bones", ccd_passes,
           fabrik_passes, CHAIN_SOLVES);
    double time_ratio = fabrik_us.median / ccd_us.median, pass_ratio = fabrik_passes / ccd_passes;
    printf("  %-28s %10.3f      time, %.3f passes\n", "FABRIK / CCD", time_ratio, pass_ratio);

    load_clip();
    const int clip_frames = clip_file.motion.frame_count, clip_joints = clip_file.skeleton.joint_count;
    spread fk_ns, decode_fk_ns;
    bench_fk_clip(&fk_ns, &decode_fk_ns);
    char what[160];
    snprintf(what, sizeof what, "per bone: CMU 131_01, %d joints x %d frames, decoded once", clip_joints, clip_frames);
    report("fk_compute_world clip", fk_ns, "ns", what);
    report("bvh_frame_local + fk", decode_fk_ns, "ns", "per bone: Euler decode every frame, then FK");
    spread rm_us, validate_us;
    int deltas;
    float travelled;
    bench_root_motion(&rm_us, &validate_us, &deltas, &travelled);
    snprintf(what, sizeof what, "whole clip: %d rm_delta_between at %.0f Hz + rm_apply (%.3f m)", deltas,
             (double)ROOT_MOTION_RATE, (double)travelled);
    report("root motion extraction", rm_us, "us", what);
    snprintf(what, sizeof what, "one call (%d frames); every rm_delta_between makes one", clip_frames);
    report("rm_validate clip", validate_us, "us", what);
    printf("  %-28s %10.1f %%    of the extraction is validation (%d x rm_validate / total)\n\n",
           "validation share", 100.0 * deltas * validate_us.median / rm_us.median, deltas);
    bvh_free(&clip_file);

    printf("bench two_bone_solve %.1f ns\n", two_bone.median);
    printf("bench two_bone_solve_two_passes %.1f ns\n", two_passes.median);
    printf("bench two_bone_solve_batched %.1f ns\n", batched.median);
    printf("bench two_bone_positions %.1f ns\n", positions.median);
    printf("bench ccd_solve_10 %.2f us\n", ccd_us.median);
    printf("bench fabrik_solve_10 %.2f us\n", fabrik_us.median);
    printf("bench ccd_passes_10 %.0f passes\n", ccd_passes);
    printf("bench fabrik_passes_10 %.0f passes\n", fabrik_passes);
    printf("bench fabrik_over_ccd_time %.3f ratio\n", time_ratio);
    printf("bench fabrik_over_ccd_passes %.3f ratio\n", pass_ratio);
    printf("bench fk_clip_per_bone %.2f ns\n", fk_ns.median);
    printf("bench decode_fk_clip_per_bone %.2f ns\n", decode_fk_ns.median);
    printf("bench root_motion_clip_60hz %.1f us\n", rm_us.median);
    printf("bench rm_validate_clip %.2f us\n", validate_us.median);
    return 0;
}
