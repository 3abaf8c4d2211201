/* bench.c - speed of the reference solutions (make bench).
 *
 * Measures, never asserts: every figure is printed with its spread and as
 * a machine-readable line "bench NAME VALUE UNIT". Each figure is the
 * median of REPEATS timed runs over the same inputs. Built with the flags
 * students get (no -ffast-math: the references are the answer key).
 */
#define _POSIX_C_SOURCE 199309L
#include "ccd.h"
#include "fabrik.h"
#include "pole_vector.h"
#include "two_bone.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPEATS 9
#define TWO_BONE_SOLVES 1000000
#define CHAIN_SOLVES 2000

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng_state = 0xBE7C4u;
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

static spread bench_two_bone(void)
{
    two_bone_input *in = malloc(sizeof *in * TWO_BONE_SOLVES);
    if (!in) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < TWO_BONE_SOLVES; i++) {
        float l1 = uniform(0.3f, 0.6f), l2 = uniform(0.3f, 0.6f);
        vec3 root = v3(uniform(-1, 1), uniform(0.5f, 1.5f), uniform(-1, 1));
        in[i] = (two_bone_input){root, v3_add(root, v3_scale(unit_vector(), uniform(0.05f, 1.3f) * (l1 + l2))),
                                 v3_add(root, v3_scale(unit_vector(), 0.5f)), l1, l2};
    }
    double samples[REPEATS];
    for (int r = 0; r < REPEATS; r++) {
        float acc = 0.0f;
        double t0 = now();
        for (int i = 0; i < TWO_BONE_SOLVES; i++) {
            two_bone_output out;
            quat upper, lower;
            two_bone_solve(&in[i], &out);
            bone_rotations_from_positions(in[i].root, out.mid, out.tip, in[i].pole, &upper, &lower);
            acc += out.tip.x + upper.w + lower.w;
        }
        samples[r] = (now() - t0) / TWO_BONE_SOLVES * 1e9;
        sink = acc;
    }
    free(in);
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
        double t0 = now();
        for (int i = 0; i < CHAIN_SOLVES; i++) {
            ik_chain chain = chains[i];
            ik_settings settings = {IK_MAX_PASSES, 1e-3f * ik_chain_reach(&chains[i])};
            passes[i] = solve(&chain, targets[i], &settings, &report);
            sink = chain.joints[10].x;
        }
        samples[r] = (now() - t0) / CHAIN_SOLVES * 1e6;
    }
    *micro = summarize(samples, REPEATS);
    double p[CHAIN_SOLVES];
    for (int i = 0; i < CHAIN_SOLVES; i++)
        p[i] = passes[i];
    *median_passes = summarize(p, CHAIN_SOLVES).median;
    free(passes);
}

int main(void)
{
    printf("Benchmarks of the reference solutions (median of %d runs)\n\n", REPEATS);

    spread two_bone = bench_two_bone();
    report("two_bone_solve", two_bone, "ns", "positions + both bone rotations, per solve (1M targets)");

    static ik_chain chains[CHAIN_SOLVES];
    static vec3 targets[CHAIN_SOLVES];
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
    printf("  %-28s %10.3f      time, %.3f passes\n\n", "FABRIK / CCD", time_ratio, pass_ratio);

    printf("bench two_bone_solve %.1f ns\n", two_bone.median);
    printf("bench ccd_solve_10 %.2f us\n", ccd_us.median);
    printf("bench fabrik_solve_10 %.2f us\n", fabrik_us.median);
    printf("bench ccd_passes_10 %.0f passes\n", ccd_passes);
    printf("bench fabrik_passes_10 %.0f passes\n", fabrik_passes);
    printf("bench fabrik_over_ccd_time %.3f ratio\n", time_ratio);
    printf("bench fabrik_over_ccd_passes %.3f ratio\n", pass_ratio);
    return 0;
}
