/* test_limb_batch.c - limb_pose_many gives what the reference gives
 * (make test).
 *
 * The benchmark's batched two-bone figure (checker/bench/limb_batch.c) only
 * counts if the batch poses every limb exactly as section 03's
 * two_bone_solve followed by section 04's bone_rotations_from_positions
 * would. This runs both on the same limbs and compares every field:
 *   - random sane limbs of many sizes and proportions;
 *   - mostly sane limbs with hostile numbers mixed in (NaN, inf, huge,
 *     denormal, zero and negative lengths);
 *   - one limb for each way the batch hands a limb back to the reference
 *     (target on the root, pole on the aim line or on the root, equal bones
 *     folded flat, joints pushed outside the world, bones at the
 *     1e-6 "too short" line, forward almost straight down -Z, up parallel
 *     to a bone), each in every lane position of a batch;
 *   - every count from 0 to 40 and NULL arrays: nothing past `count` is
 *     written, and the last few limbs are posed too.
 *
 * How equal: the batch runs the reference's formulas in the reference's
 * order. On x86-64 without FMA (the flags students get) no instruction can
 * fuse a multiply and an add, so both give the same bits and the test asks
 * for exactly that. Elsewhere a compiler may fuse a*b + c in one and not in
 * the other, a rounding apart; see SAME_POSITION.
 *
 *   test_limb_batch SEED COUNT
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limb_batch.h"

#if defined(__x86_64__) && !defined(__FMA__)
#define BITWISE 1
#else
#define BITWISE 0
#endif
/* Elsewhere (or with -mfma and clang, whose default contracts a*b + c
 * within one expression, which the batch writes in one line and the
 * reference across helper calls) results can differ by a rounding: a
 * joint by an ulp or so of the limb's coordinates; a rotation, computed
 * from the same joints, by a few ulps grown up to ~100 times where up is
 * near the quick path's "almost parallel" limit. A rare-case test tipping
 * the other way hands the limb to the reference's careful path, which
 * agrees with the quick one to ~1e-6. So joints within 1e-5 of the limb's
 * size, rotation components within 1e-4 (see compare()). */
#define SAME_POSITION 1e-5f
#define SAME_ROTATION 1e-4f

/* ---- rng ---- */
static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static float unif(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() % 1000001) / 1000000.0f; }
static int chance(int pct) { return (int)(rnd() % 100) < pct; }
static vec3 random_direction(void)
{
    for (;;) {
        vec3 v = v3(unif(-1, 1), unif(-1, 1), unif(-1, 1));
        float len_sq = v3_length_sq(v);
        if (len_sq > 1e-4f && len_sq <= 1.0f)
            return v3_scale(v, 1.0f / sqrtf(len_sq));
    }
}
static float hostile(void)
{
    static const float table[] = {0.0f,   -0.0f,   1e-45f,  1e-40f, 1e-20f, -1e-20f,  1e-7f,    1e-6f,
                                  1e-5f,  1e17f,   9e17f,   1e18f,  -1e18f, 1.01e18f, 1e19f,    1e30f,
                                  -1e30f, FLT_MAX, FLT_MIN, -1.0f,  NAN,    INFINITY, -INFINITY};
    return table[rnd() % (sizeof table / sizeof table[0])];
}

/* A limb at a random place and size: bones from 1/5 to 5 times each
 * other, the whole limb from 1 mm to 1 km, the target from well inside to
 * well beyond reach, the pole anywhere around the root. */
static two_bone_input sane_limb(void)
{
    float size = powf(10.0f, unif(-3.0f, 3.0f));
    float l1 = size * unif(0.2f, 1.0f), l2 = size * unif(0.2f, 1.0f);
    vec3 root = v3_scale(v3(unif(-1, 1), unif(-1, 1), unif(-1, 1)), size * unif(0.0f, 100.0f));
    vec3 target = v3_add(root, v3_scale(random_direction(), unif(0.0f, 1.5f) * (l1 + l2)));
    vec3 pole = v3_add(root, v3_scale(random_direction(), size * unif(0.01f, 3.0f)));
    return (two_bone_input){root, target, pole, l1, l2};
}

static two_bone_input hostile_limb(void)
{
    two_bone_input limb = sane_limb();
    float *field[] = {&limb.root.x,   &limb.root.y,   &limb.root.z, &limb.target.x, &limb.target.y, &limb.target.z,
                      &limb.pole.x,   &limb.pole.y,   &limb.pole.z, &limb.len_upper, &limb.len_lower};
    int changes = 1 + (int)(rnd() % 3);
    for (int i = 0; i < changes; i++)
        *field[rnd() % 11] = hostile();
    return limb;
}

/* ---- the limbs the batch must hand back to the reference ---- */
static two_bone_input edge_limb(int which)
{
    const vec3 root = v3(0.1f, 1.0f, -0.2f);
    two_bone_input limb = {root, v3_add(root, v3(0.3f, -0.5f, 0.2f)), v3_add(root, v3(0.0f, 0.0f, 1.0f)), 0.45f, 0.4f};
    switch (which) {
    case 0: break; /* an ordinary limb, for comparison */
    case 1: limb.target = root; break;                                           /* target on the root */
    case 2: limb.pole = v3_add(root, v3(0.6f, -1.0f, 0.4f)); break;               /* pole on the aim line */
    case 3: limb.pole = v3_add(root, v3(0.6f, -1.0f, 0.46f)); break;              /* pole 2 degrees off it */
    case 4: limb.pole = root; break;                                             /* pole on the root */
    case 5: limb.len_lower = limb.len_upper; limb.target = root; break;          /* equal bones, folded flat */
    case 6: limb.len_lower = limb.len_upper; limb.target = v3_add(root, v3(1e-7f, 0, 0)); break;
    case 7: /* every input in the world, but the folded limb pushes mid and tip out of it */
        limb.root = v3(9.9e17f, 0.0f, 0.0f);
        limb.target = v3(9.95e17f, 0.0f, 0.0f);
        limb.pole = v3(9.9e17f, 1e16f, 0.0f);
        limb.len_upper = 3e17f;
        limb.len_lower = 1e17f;
        break;
    case 8: limb.len_upper = 1e-6f; break;                                       /* the "too short" line */
    case 9: limb.len_upper = 1.0001e-6f; limb.len_lower = 1e-6f; break;
    case 10: limb.target = v3_add(root, v3(1e-6f, 0.0f, -0.7f)); limb.pole = v3_add(root, v3(0, 1, 0)); break; /* down -Z */
    case 11: limb.target = v3_add(root, v3(0.0f, 0.0f, -0.85f)); limb.pole = v3_add(root, v3(0, 1, 0)); break; /* straight, -Z */
    case 12: limb.pole = v3_add(root, v3(1e17f, 0.0f, 3e16f)); break;           /* pole far away */
    case 13: limb.len_upper = 0.0f; break;
    case 14: limb.len_lower = -0.4f; break;
    case 15: limb.target.y = NAN; break;
    case 16: limb.pole.z = INFINITY; break;
    case 17: limb.root.x = 1.5e18f; break;
    case 18: limb.target = v3_add(root, v3(0.0f, -0.85f, 0.0f)); break;         /* exactly at full reach */
    case 19: limb.target = v3_add(root, v3(0.0f, -0.05f, 0.0f)); break;         /* exactly at |L1 - L2| */
    case 20: /* pole 1e-20 from the root (at the origin, so the offset is not rounded away) */
        limb.root = v3(0.0f, 0.0f, 0.0f);
        limb.target = v3(0.3f, -0.5f, 0.2f);
        limb.pole = v3(1e-20f, 0.0f, 1e-20f);
        break;
    case 21: limb.len_upper = 30.0f; limb.len_lower = 1.0f; break;              /* very unequal bones */
    case 22: /* Found by a search near the world's edge: the tip ends just
              * outside it, yet both bones would pass the look rotation's own
              * tests; only section 04's world test sends it to identity. */
        limb.root = v3(0x1.bc16d4p+59f, 0x1.dab1f4p+38f, 0x1.6ceee8p+37f);
        limb.target = v3(0x1.bc16d6p+59f, 0x1.c5f124p+38f, 0x1.e94262p+37f);
        limb.pole = v3(0x1.bc16d4p+59f, 0x1.daad8p+38f, 0x1.6cdbbap+37f);
        limb.len_upper = 0x1.3a2754p+27f;
        limb.len_lower = 0x1.55c7bp+37f;
        break;
    case 23: limb.len_upper = limb.len_lower = 1e-30f; break;                 /* (L1 + L2)^2 underflows to 0 */
    case 24: /* pole 2e-19 from the root: a bend 03 can use, an up too short for the quick look rotation */
        limb.root = v3(0.0f, 0.0f, 0.0f);
        limb.target = v3(0.3f, -0.5f, 0.2f);
        limb.pole = v3(0.0f, 0.0f, 2e-19f);
        break;
    }
    return limb;
}
#define EDGE_LIMBS 25

/* ---- comparison ---- */
static long compared, bit_identical, mismatches;

static int same_float(float a, float b, float tolerance)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (BITWISE)
        return memcmp(&a, &b, sizeof a) == 0;
    if (a == b) /* also two equal infinities, whose difference is NaN */
        return 1;
    return fabsf(a - b) <= tolerance;
}

static float limb_size(const two_bone_input *in)
{
    float size = 1.0f;
    const float v[] = {in->root.x, in->root.y, in->root.z, in->len_upper, in->len_lower};
    for (int i = 0; i < 5; i++)
        if (isfinite(v[i]) && fabsf(v[i]) > size)
            size = fabsf(v[i]);
    return size;
}

static void report_mismatch(const char *what, const two_bone_input *in, const limb_pose *want, const limb_pose *got)
{
    if (++mismatches > 5)
        return;
    printf("MISMATCH (%s): root (%a, %a, %a) target (%a, %a, %a) pole (%a, %a, %a) lengths %a %a\n", what,
           (double)in->root.x, (double)in->root.y, (double)in->root.z, (double)in->target.x, (double)in->target.y,
           (double)in->target.z, (double)in->pole.x, (double)in->pole.y, (double)in->pole.z, (double)in->len_upper,
           (double)in->len_lower);
    printf("  reference: mid (%g, %g, %g) upper (%g, %g, %g, %g) lower (%g, %g, %g, %g) status %d/%d\n",
           (double)want->joints.mid.x, (double)want->joints.mid.y, (double)want->joints.mid.z, (double)want->upper.x,
           (double)want->upper.y, (double)want->upper.z, (double)want->upper.w, (double)want->lower.x,
           (double)want->lower.y, (double)want->lower.z, (double)want->lower.w, (int)want->solve,
           (int)want->rotations);
    printf("  batch:     mid (%g, %g, %g) upper (%g, %g, %g, %g) lower (%g, %g, %g, %g) status %d/%d\n",
           (double)got->joints.mid.x, (double)got->joints.mid.y, (double)got->joints.mid.z, (double)got->upper.x,
           (double)got->upper.y, (double)got->upper.z, (double)got->upper.w, (double)got->lower.x,
           (double)got->lower.y, (double)got->lower.z, (double)got->lower.w, (int)got->solve, (int)got->rotations);
}

static void compare(const char *what, const two_bone_input *in, const limb_pose *got)
{
    limb_pose want;
    want.solve = two_bone_solve(in, &want.joints);
    want.rotations = bone_rotations_from_positions(in->root, want.joints.mid, want.joints.tip, in->pole, &want.upper,
                                                   &want.lower);
    const float w[14] = {want.joints.mid.x, want.joints.mid.y, want.joints.mid.z, want.joints.tip.x, want.joints.tip.y,
                         want.joints.tip.z, want.upper.x,      want.upper.y,      want.upper.z,      want.upper.w,
                         want.lower.x,      want.lower.y,      want.lower.z,      want.lower.w};
    const float g[14] = {got->joints.mid.x, got->joints.mid.y, got->joints.mid.z, got->joints.tip.x, got->joints.tip.y,
                         got->joints.tip.z, got->upper.x,      got->upper.y,      got->upper.z,      got->upper.w,
                         got->lower.x,      got->lower.y,      got->lower.z,      got->lower.w};
    compared++;
    const int identical = memcmp(w, g, sizeof w) == 0 && want.solve == got->solve && want.rotations == got->rotations;
    bit_identical += identical;
    if (BITWISE) {
        if (!identical)
            report_mismatch(what, in, &want, got);
        return;
    }
    /* A rounding apart: the joints are compared with the reference's, and
     * the rotations with the reference's rotations of the batch's OWN
     * joints. A short bone's direction comes from the difference of two
     * nearby joints, so an ulp in a joint can turn it visibly; comparing
     * through the reference's joints would measure that, not the batch. */
    const float size = limb_size(in);
    int same = want.solve == got->solve;
    for (int i = 0; i < 6 && same; i++)
        same = same_float(w[i], g[i], SAME_POSITION * size);
    limb_pose own = want;
    own.rotations = bone_rotations_from_positions(in->root, got->joints.mid, got->joints.tip, in->pole, &own.upper,
                                                  &own.lower);
    const float o[8] = {own.upper.x, own.upper.y, own.upper.z, own.upper.w,
                        own.lower.x, own.lower.y, own.lower.z, own.lower.w};
    same = same && own.rotations == got->rotations;
    for (int i = 0; i < 8 && same; i++)
        same = same_float(o[i], g[6 + i], SAME_ROTATION);
    if (!same)
        report_mismatch(what, in, &want, got);
}

#define BATCH 1000
static two_bone_input limbs[BATCH];
static limb_pose poses[BATCH + 8];

/* Every byte from `from` on still holds the fill pattern. */
static int untouched_from(int from)
{
    const unsigned char *bytes = (const unsigned char *)&poses[from];
    const size_t size = sizeof poses - (size_t)from * sizeof poses[0];
    for (size_t b = 0; b < size; b++)
        if (bytes[b] != 0xA5)
            return 0;
    return 1;
}

static void run_batch(const char *what, int n)
{
    memset(poses, 0xA5, sizeof poses);
    limb_pose_many(limbs, poses, (size_t)n);
    for (int i = 0; i < n; i++)
        compare(what, &limbs[i], &poses[i]);
    if (!untouched_from(n)) {
        printf("MISMATCH (%s): limb_pose_many(..., %d) wrote past the last limb\n", what, n);
        mismatches++;
    }
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
    long count = argc > 2 ? atol(argv[2]) : 200000;
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;

    /* Sane, then hostile, in batches of BATCH (a multiple of 8, so every
     * limb goes through the eight-lane path). */
    for (long done = 0; done < count; done += BATCH) {
        for (int i = 0; i < BATCH; i++)
            limbs[i] = sane_limb();
        run_batch("random limb", BATCH);
    }
    for (long done = 0; done < count; done += BATCH) {
        for (int i = 0; i < BATCH; i++)
            limbs[i] = chance(70) ? hostile_limb() : sane_limb();
        run_batch("hostile limb", BATCH);
    }

    /* Each edge limb in each lane of a batch of eight, among ordinary
     * limbs, so the lanes beside it are posed by the quick path. */
    for (int which = 0; which < EDGE_LIMBS; which++)
        for (int lane = 0; lane < 8; lane++) {
            for (int i = 0; i < 8; i++)
                limbs[i] = edge_limb(0);
            limbs[lane] = edge_limb(which);
            run_batch("edge limb", 8);
        }

    /* Every count up to 40: the tail after the last full eight. */
    for (int n = 0; n <= 40; n++) {
        for (int i = 0; i < n; i++)
            limbs[i] = chance(20) ? edge_limb((int)(rnd() % EDGE_LIMBS)) : sane_limb();
        run_batch("count", n);
    }
    /* NULL arrays: nothing to read or write, no crash. */
    memset(poses, 0xA5, sizeof poses);
    limb_pose_many(NULL, poses, 8);
    limb_pose_many(limbs, NULL, 8);
    if (!untouched_from(0)) {
        printf("MISMATCH (NULL): limb_pose_many(NULL, poses, 8) wrote to poses\n");
        mismatches++;
    }

    printf("limb_batch (seed %llu): %ld limbs compared with the reference, %ld bit for bit (%s), %ld mismatch%s\n",
           (unsigned long long)seed, compared, bit_identical,
           BITWISE ? "required on x86-64 without FMA" : "not required here", mismatches, mismatches == 1 ? "" : "es");
    return mismatches ? 1 : 0;
}
