/* convergence.c - measures how the reference CCD (05) and FABRIK (06)
 * converge, for the plots.
 *
 *   convergence OUT.dat [SUMMARY.txt]
 *   convergence curl OUT.dat     the chain after each pass (05's curl figure)
 *
 * For chains of 3, 5, 10 and 20 bones it solves one fixed set of random
 * reachable targets (seeded, so every run draws the same ones) with both
 * solvers, records the tip error after every pass, and writes:
 *  - per chain and solver, the median and 10-90 % band of the tip error
 *    (relative to the chain's reach) after each pass;
 *  - passes needed to reach the tolerance (1e-3 of reach), per chain;
 *  - the unreachable case: how far the tip stays from the best it can do.
 * It prints one line per chain:
 *   convergence N bones: CCD median A passes, FABRIK median B passes
 */
#include "ccd.h"
#include "fabrik.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TARGETS 200
#define PASSES 256           /* every pass is recorded: tolerance is tiny */
#define PLOT_PASSES 64       /* the curves show the first 64 */
#define TOLERANCE_OF_REACH 1e-3f

static const int CHAIN_BONES[] = {3, 5, 10, 20};
enum { CHAIN_SIZES = sizeof CHAIN_BONES / sizeof CHAIN_BONES[0] };

typedef int (*solver_fn)(ik_chain *, vec3, const ik_settings *, ik_report *);
static const struct { const char *name; solver_fn solve; } SOLVERS[] = {
    {"CCD", ccd_solve},
    {"FABRIK", fabrik_solve},
};

/* splitmix64: the same targets on every machine and every run. */
static uint64_t next_u64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float uniform(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)((double)(next_u64(s) >> 11) / 9007199254740992.0);
}

static vec3 unit_vector(uint64_t *s)
{
    for (;;) {
        vec3 v = v3(uniform(s, -1, 1), uniform(s, -1, 1), uniform(s, -1, 1));
        float len = v3_length(v);
        if (len > 0.1f && len <= 1.0f)
            return v3_scale(v, 1.0f / len);
    }
}

/* A gently bent chain: each bone turns up to ~35 degrees from the last, so
 * no chain starts straight (a fixed point of both solvers). */
static void make_chain(uint64_t *s, int bones, ik_chain *chain)
{
    chain->joint_count = bones + 1;
    chain->joints[0] = v3_zero();
    vec3 dir = v3_up();
    for (int i = 1; i <= bones; i++) {
        dir = v3_normalize(v3_add(dir, v3_scale(unit_vector(s), 0.6f)));
        chain->joints[i] = v3_add(chain->joints[i - 1], v3_scale(dir, uniform(s, 0.5f, 1.5f)));
    }
}

static int compare_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Value at fraction q of a sorted array (nearest rank). */
static float quantile(const float *sorted, int n, float q)
{
    int i = (int)(q * (float)(n - 1) + 0.5f);
    return sorted[i];
}

/* 05's curl figure: one planar chain (8 bones of 0.25 m, reach 2 m, each
 * bone tipped 4 degrees further toward +x than the last) and a target in
 * its plane, solved pass by pass by both solvers with the chapter's
 * tolerance (0.01 m). Writes, per solver, the chain before and after each
 * pass (x y per joint, one block per pass), then the bend at each inner
 * joint after the last pass (degrees): CCD's grows toward the tip. */
#define CURL_BONES 8
#define CURL_PASSES 3
static float curl_bend_deg(const ik_chain *c, int i)
{
    vec3 a = v3_normalize(v3_sub(c->joints[i], c->joints[i - 1]));
    vec3 b = v3_normalize(v3_sub(c->joints[i + 1], c->joints[i]));
    float d = fminf(1.0f, fmaxf(-1.0f, v3_dot(a, b)));
    return acosf(d) * IK_RAD_TO_DEG;
}

static int write_curl(const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return 0;
    ik_chain start;
    start.joint_count = CURL_BONES + 1;
    start.joints[0] = v3_zero();
    for (int i = 1; i <= CURL_BONES; i++) {
        float tilt = 4.0f * IK_DEG_TO_RAD * (float)i;
        start.joints[i] = v3_add(start.joints[i - 1], v3_scale(v3(sinf(tilt), cosf(tilt), 0.0f), 0.25f));
    }
    const vec3 target = v3(1.4f, 0.9f, 0.0f);
    fprintf(out, "# 05 curl: %d bones of 0.25 m, target (%.2f, %.2f); blocks: per solver, passes 0..%d (x y)\n",
            CURL_BONES, (double)target.x, (double)target.y, CURL_PASSES);
    float bends[2][CURL_BONES];
    for (int k = 0; k < 2; k++) {
        ik_chain chain = start;
        for (int p = 0; p <= CURL_PASSES; p++) {
            if (p > 0) {
                /* one pass at a time: the solver goes on from where it stopped */
                ik_settings one = {1, 1e-9f};
                static ik_report report;
                SOLVERS[k].solve(&chain, target, &one, &report);
            }
            fprintf(out, "# %s after pass %d\n", SOLVERS[k].name, p);
            for (int i = 0; i < chain.joint_count; i++)
                fprintf(out, "%.5f %.5f\n", (double)chain.joints[i].x, (double)chain.joints[i].y);
            fprintf(out, "\n\n");
        }
        for (int i = 1; i < CURL_BONES; i++)
            bends[k][i] = curl_bend_deg(&chain, i);
    }
    fprintf(out, "# bend after pass %d (degrees): joint CCD FABRIK\n", CURL_PASSES);
    for (int i = 1; i < CURL_BONES; i++)
        fprintf(out, "%d %.2f %.2f\n", i, (double)bends[0][i], (double)bends[1][i]);
    fprintf(out, "\n\n# target\n%.3f %.3f\n", (double)target.x, (double)target.y);
    return fclose(out) == 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "curl") == 0)
        return write_curl(argv[2]) ? 0 : 1;
    const char *out_path = argc > 1 ? argv[1] : "build/plots/convergence.dat";
    const char *summary_path = argc > 2 ? argv[2] : NULL;
    FILE *out = fopen(out_path, "w");
    if (!out) {
        fprintf(stderr, "convergence: cannot write %s\n", out_path);
        return 1;
    }
    FILE *summary = summary_path ? fopen(summary_path, "w") : NULL;

    static float error[2][TARGETS][PASSES + 1]; /* relative to reach; [0] = before any pass */
    static int passes_needed[2][CHAIN_SIZES][TARGETS];
    ik_settings settings = {PASSES, 1e-9f};
    static ik_report report;

    fprintf(out, "# tip error / reach after each pass: median, 10 %%, 90 %% over %d targets\n", TARGETS);
    for (int c = 0; c < CHAIN_SIZES; c++) {
        uint64_t seed = 0x5EED0000u + (uint64_t)CHAIN_BONES[c];
        for (int t = 0; t < TARGETS; t++) {
            ik_chain start;
            make_chain(&seed, CHAIN_BONES[c], &start);
            float reach = ik_chain_reach(&start);
            vec3 target = v3_scale(unit_vector(&seed), reach * uniform(&seed, 0.1f, 0.95f));
            for (int k = 0; k < 2; k++) {
                ik_chain chain = start;
                settings.tolerance = 1e-9f * reach;
                int ran = SOLVERS[k].solve(&chain, target, &settings, &report);
                error[k][t][0] = report.initial_error / reach;
                /* a solver that stopped early stays where it stopped */
                for (int p = 1; p <= PASSES; p++)
                    error[k][t][p] = p <= ran ? report.tip_error[p - 1] / reach : error[k][t][p - 1];
                int needed = PASSES + 1; /* "not within the limit" */
                for (int p = 0; p <= PASSES; p++)
                    if (error[k][t][p] < TOLERANCE_OF_REACH) {
                        needed = p;
                        break;
                    }
                passes_needed[k][c][t] = needed;
            }
        }
        for (int k = 0; k < 2; k++) {
            fprintf(out, "# chain %d bones, %s\n# pass median p10 p90\n", CHAIN_BONES[c], SOLVERS[k].name);
            for (int p = 0; p <= PLOT_PASSES; p++) {
                float column[TARGETS];
                for (int t = 0; t < TARGETS; t++)
                    column[t] = error[k][t][p];
                qsort(column, TARGETS, sizeof column[0], compare_float);
                /* log-scale plots cannot show 0: floor at 1e-9 */
                fprintf(out, "%d %.6e %.6e %.6e\n", p, (double)fmaxf(quantile(column, TARGETS, 0.5f), 1e-9f),
                        (double)fmaxf(quantile(column, TARGETS, 0.1f), 1e-9f),
                        (double)fmaxf(quantile(column, TARGETS, 0.9f), 1e-9f));
            }
            fprintf(out, "\n\n");
        }
    }

    /* Passes to tolerance per chain size: median and 10-90 % band. */
    int median[2][CHAIN_SIZES];
    for (int k = 0; k < 2; k++) {
        fprintf(out, "# passes to reach 1e-3 of reach, %s\n# bones median p10 p90 (%d = not within %d)\n",
                SOLVERS[k].name, PASSES + 1, PASSES);
        for (int c = 0; c < CHAIN_SIZES; c++) {
            int sorted[TARGETS];
            memcpy(sorted, passes_needed[k][c], sizeof sorted);
            qsort(sorted, TARGETS, sizeof sorted[0], compare_int);
            median[k][c] = sorted[(TARGETS - 1) / 2];
            fprintf(out, "%d %d %d %d\n", CHAIN_BONES[c], median[k][c], sorted[TARGETS / 10],
                    sorted[TARGETS * 9 / 10]);
        }
        fprintf(out, "\n\n");
    }

    /* Unreachable: a 10-bone chain and a target 1.5x its reach. The best
     * any solver can do is reach - |target - root| short; plot the excess. */
    {
        uint64_t seed = 0xFA11u;
        ik_chain start;
        make_chain(&seed, 10, &start);
        float reach = ik_chain_reach(&start);
        vec3 target = v3_scale(unit_vector(&seed), 1.5f * reach);
        float best = v3_length(target) - reach;
        for (int k = 0; k < 2; k++) {
            ik_chain chain = start;
            settings.tolerance = 1e-9f * reach;
            int ran = SOLVERS[k].solve(&chain, target, &settings, &report);
            fprintf(out, "# unreachable 10-bone chain, %s: pass excess/reach\n", SOLVERS[k].name);
            float last = report.initial_error;
            for (int p = 0; p <= PLOT_PASSES; p++) {
                if (p > 0 && p <= ran)
                    last = report.tip_error[p - 1];
                fprintf(out, "%d %.6e\n", p, (double)fmaxf((last - best) / reach, 1e-9f));
            }
            fprintf(out, "\n\n");
        }
    }

    for (int c = 0; c < CHAIN_SIZES; c++) {
        char line[160];
        snprintf(line, sizeof line, "convergence %d bones: CCD median %d passes, FABRIK median %d passes",
                 CHAIN_BONES[c], median[0][c], median[1][c]);
        printf("%s\n", line);
        if (summary)
            fprintf(summary, "%s\n", line);
    }
    if (summary)
        fclose(summary);
    return fclose(out) == 0 ? 0 : 1;
}
