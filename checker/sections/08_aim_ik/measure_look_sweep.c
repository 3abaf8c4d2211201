/* Measures what suite.c's look_at_weight_sweep comment says (issue 14):
 * replays that check's chains and targets for a range of seeds and follows
 * the head's angle to the target over lookWeight 0, 0.1, ..., 1 twice - in
 * the float reference and in double-precision math of the steps the header
 * (aim_ik.h) spells out - then reports each chain on which it does not fall
 * at every step, and the rounding of the float angles the check measures.
 * Not built by make; a measuring tool, like the numbers it backs:
 *
 *   gcc -std=c11 -O2 -fno-math-errno -Iinclude -Isolutions/08_aim_ik \
 *       checker/sections/08_aim_ik/measure_look_sweep.c solutions/08_aim_ik/aim_ik.c \
 *       solutions/03_two_bone/two_bone.c solutions/02_law_of_cosines/law_of_cosines.c -lm -o measure
 *   ./measure 1 10000         chains whose head angle rises somewhere, and the rounding
 *   ./measure 3689349306 1    the same, with each such chain's angle every 0.01 of weight
 *
 * The generator is copied from suite.c and the random stream from
 * checker/check.c (rng_for, rng_float): keep them in step. */
#include "aim_ik.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the checker's random cases (check.c, suite.c) ------------------------ */

typedef struct { uint64_t state; } rng;
static uint64_t g_seed;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static rng rng_for(const char *name)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    rng r = {h ^ (g_seed * 0x9E3779B97F4A7C15ull)};
    rng_next(&r);
    return r;
}

static float rng_float(rng *r, float lo, float hi)
{
    double unit = (double)(rng_next(r) >> 11) / 9007199254740992.0;
    return (float)(lo + (hi - lo) * unit);
}

static quat tilt(rng *r, float max_tilt)
{
    quat pitch = quat_from_axis_angle(v3_right(), rng_float(r, -max_tilt, max_tilt));
    quat roll = quat_from_axis_angle(v3_forward(), rng_float(r, -max_tilt, max_tilt));
    return quat_mul(pitch, roll);
}

static vec3 direction(rng *r, float max_elevation)
{
    float az = rng_float(r, -IK_PI, IK_PI), el = rng_float(r, -max_elevation, max_elevation);
    return v3(cosf(el) * sinf(az), sinf(el), cosf(el) * cosf(az));
}

static float angle_between(vec3 a, vec3 b) { return atan2f(v3_length(v3_cross(a, b)), v3_dot(a, b)); }
static vec3 facing_of(quat q) { return quat_rotate(q, v3_forward()); }
static float off_target(vec3 position, quat q, vec3 target) { return angle_between(facing_of(q), v3_sub(target, position)); }

/* suite.c's random_chain(r, 1): a standing spine-neck-head chain. */
static look_at_input human_chain(rng *r)
{
    look_at_input in;
    memset(&in, 0, sizeof in);
    /* z, y, x: one draw a statement, as in suite.c */
    float root_z = rng_float(r, -3.0f, 3.0f), root_y = rng_float(r, -0.5f, 0.5f), root_x = rng_float(r, -3.0f, 3.0f);
    vec3 root = v3(root_x, root_y, root_z);
    quat facing = quat_from_axis_angle(v3_up(), rng_float(r, -IK_PI, IK_PI));
    in.bone_count = 3;
    const vec3 offsets[3] = {v3(0.0f, 1.1f, 0.0f), v3(0.0f, 1.5f, 0.0f), v3(0.0f, 1.62f, 0.03f)};
    for (int i = 0; i < 3; i++) {
        in.bones[i].position = v3_add(root, quat_rotate(facing, offsets[i]));
        in.bones[i].rotation = quat_mul(facing, tilt(r, 0.1f));
    }
    in.bones[0].share = rng_float(r, 0.1f, 0.4f);
    in.bones[1].share = rng_float(r, 0.2f, 0.6f);
    in.bones[2].share = 1.0f;
    vec3 head = in.bones[2].position;
    float distance = rng_float(r, 0.5f, 6.0f);
    in.target = v3_add(head, v3_scale(direction(r, 1.2f), distance));
    in.weight = AIM_LOOK_WEIGHT;
    return in;
}

/* The rest of look_at_weight_sweep's draw: a target in front of the head. */
static void sweep_target(rng *r, look_at_input *in)
{
    vec3 head = in->bones[2].position, f = facing_of(in->bones[2].rotation);
    float heading = atan2f(f.x, f.z);
    do {
        float az = heading + rng_float(r, -100.0f, 100.0f) * IK_DEG_TO_RAD;
        float el = rng_float(r, -50.0f, 50.0f) * IK_DEG_TO_RAD;
        in->target = v3_add(head, v3_scale(v3(cosf(el) * sinf(az), sinf(el), cosf(el) * cosf(az)), rng_float(r, 0.5f, 6.0f)));
    } while (off_target(head, in->bones[2].rotation, in->target) < 10.0f * IK_DEG_TO_RAD);
}

/* ---- the header's steps in double ------------------------------------------ */

typedef struct { double x, y, z; } d3;
typedef struct { double x, y, z, w; } dq;

static d3 d3_of(vec3 v) { return (d3){v.x, v.y, v.z}; }
static dq dq_of(quat q) { return (dq){q.x, q.y, q.z, q.w}; }
static d3 d_add(d3 a, d3 b) { return (d3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static d3 d_sub(d3 a, d3 b) { return (d3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static d3 d_scale(d3 a, double s) { return (d3){a.x * s, a.y * s, a.z * s}; }
static double d_dot(d3 a, d3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static d3 d_cross(d3 a, d3 b) { return (d3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static double d_length(d3 a) { return sqrt(d_dot(a, a)); }
static d3 d_normalize(d3 a) { return d_scale(a, 1.0 / d_length(a)); }
static double d_angle(d3 a, d3 b) { return atan2(d_length(d_cross(a, b)), d_dot(a, b)); }

static dq dq_normalize(dq q)
{
    double l = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return (dq){q.x / l, q.y / l, q.z / l, q.w / l};
}

static dq dq_mul(dq a, dq b)
{
    return (dq){a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

static dq dq_conjugate(dq q) { return (dq){-q.x, -q.y, -q.z, q.w}; }

static d3 dq_rotate(dq q, d3 v)
{
    d3 u = {q.x, q.y, q.z};
    d3 t = d_scale(d_cross(u, v), 2.0);
    return d_add(d_add(v, d_scale(t, q.w)), d_cross(u, t));
}

static double dq_angle_between(dq a, dq b)
{
    dq d = dq_mul(dq_conjugate(dq_normalize(a)), dq_normalize(b));
    return 2.0 * atan2(sqrt(d.x * d.x + d.y * d.y + d.z * d.z), fabs(d.w));
}

static dq dq_from_basis(d3 x, d3 y, d3 z)
{
    double tr = x.x + y.y + z.z, s;
    dq q;
    if (tr > 0) {
        s = 2 * sqrt(tr + 1);
        q = (dq){(y.z - z.y) / s, (z.x - x.z) / s, (x.y - y.x) / s, 0.25 * s};
    } else if (x.x > y.y && x.x > z.z) {
        s = 2 * sqrt(1 + x.x - y.y - z.z);
        q = (dq){0.25 * s, (y.x + x.y) / s, (z.x + x.z) / s, (y.z - z.y) / s};
    } else if (y.y > z.z) {
        s = 2 * sqrt(1 + y.y - x.x - z.z);
        q = (dq){(y.x + x.y) / s, 0.25 * s, (z.y + y.z) / s, (z.x - x.z) / s};
    } else {
        s = 2 * sqrt(1 + z.z - x.x - y.y);
        q = (dq){(z.x + x.z) / s, (z.y + y.z) / s, 0.25 * s, (x.y - y.x) / s};
    }
    return dq_normalize(q);
}

/* LookRotation(forward, world up): +Z on forward, +X level. */
static dq dq_look(d3 forward)
{
    d3 z = d_normalize(forward), x = d_normalize(d_cross((d3){0, 1, 0}, z)), y = d_cross(z, x);
    return dq_from_basis(x, y, z);
}

static dq dq_slerp(dq a, dq b, double t)
{
    a = dq_normalize(a);
    b = dq_normalize(b);
    double d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (d < 0) {
        b = (dq){-b.x, -b.y, -b.z, -b.w};
        d = -d;
    }
    if (d > 1 - 1e-15)
        return b;
    double th = acos(d), s = sin(th), wa = sin((1 - t) * th) / s, wb = sin(t * th) / s;
    return (dq){a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb};
}

/* look_at_solve's steps (aim_ik.h) at weight w: the head's joint, rotation
 * and angle to the target. */
static double look_double(const look_at_input *in, double w, dq *head_rotation)
{
    d3 p[LOOK_MAX_BONES];
    dq q[LOOK_MAX_BONES];
    const int n = in->bone_count;
    for (int i = 0; i < n; i++) {
        p[i] = d3_of(in->bones[i].position);
        q[i] = dq_normalize(dq_of(in->bones[i].rotation));
    }
    const d3 t = d3_of(in->target);
    for (int i = 0; i < n; i++) {
        dq after = dq_slerp(q[i], dq_look(d_sub(t, p[i])), w * in->bones[i].share);
        dq delta = dq_mul(after, dq_conjugate(q[i]));
        for (int j = i + 1; j < n; j++) {
            p[j] = d_add(p[i], dq_rotate(delta, d_sub(p[j], p[i])));
            q[j] = dq_normalize(dq_mul(delta, q[j]));
        }
        q[i] = after;
    }
    if (head_rotation)
        *head_rotation = q[n - 1];
    return d_angle(dq_rotate(q[n - 1], (d3){0, 0, 1}), d_sub(t, p[n - 1]));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FIRST_SEED [COUNT]\n", argv[0]);
        return 2;
    }
    const uint64_t first = strtoull(argv[1], NULL, 10), count = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    const double deg = 180.0 / 3.14159265358979323846;
    uint64_t seeds_rising = 0, chains_rising = 0, float_only = 0, double_only = 0;
    double worst_off_target = 0, worst_angle_between = 0, worst_reference = 0;
    for (g_seed = first; g_seed < first + count; g_seed++) {
        rng r = rng_for("look_at_weight_sweep");
        int seed_rises = 0;
        for (int c = 0; c < 60; c++) {
            look_at_input in = human_chain(&r);
            sweep_target(&r, &in);
            float before = 0.0f;
            double before_double = 0.0;
            int rises = 0, rises_double = 0;
            for (int k = 0; k <= 10; k++) {
                in.weight = (float)k / 10.0f;
                look_at_pose out;
                look_at_solve(&in, &out);
                float angle = off_target(out.positions[2], out.rotations[2], in.target);
                dq head;
                double angle_double = look_double(&in, in.weight, &head);
                rises |= k > 0 && !(angle < before);
                rises_double |= k > 0 && !(angle_double < before_double);
                before = angle;
                before_double = angle_double;
                /* How far the float angles the check takes are from double
                 * math on the same float pose, and the reference from the
                 * header's steps in double. */
                d3 facing = dq_rotate(dq_of(out.rotations[2]), (d3){0, 0, 1});
                double exact = d_angle(facing, d_sub(d3_of(in.target), d3_of(out.positions[2])));
                worst_off_target = fmax(worst_off_target, fabs(angle - exact));
                quat nudged = quat_normalize(q4(out.rotations[2].x + 1e-4f, out.rotations[2].y, out.rotations[2].z,
                                                out.rotations[2].w));
                worst_angle_between = fmax(worst_angle_between,
                                           fabs(quat_angle_between(out.rotations[2], nudged) -
                                                dq_angle_between(dq_of(out.rotations[2]), dq_of(nudged))));
                worst_reference = fmax(worst_reference, dq_angle_between(dq_of(out.rotations[2]), head));
            }
            if (!rises && !rises_double)
                continue;
            chains_rising++;
            seed_rises = 1;
            float_only += rises && !rises_double;
            double_only += rises_double && !rises;
            printf("seed %llu chain %d: the head's angle rises in %s;", (unsigned long long)g_seed, c,
                   rises && rises_double ? "float and double" : rises ? "float only" : "double only");
            for (int b = 0; b < 3; b++)
                printf(" bone %d %.2f deg off (share %.3f);", b,
                       off_target(in.bones[b].position, in.bones[b].rotation, in.target) * deg, in.bones[b].share);
            printf(" target %.3f m from the head\n", v3_distance(in.target, in.bones[2].position));
            if (count == 1)
                for (int k = 0; k <= 100; k++) {
                    in.weight = (float)k / 100.0f;
                    look_at_pose out;
                    look_at_solve(&in, &out);
                    printf("  lookWeight %.2f: float %.5f deg, double %.5f deg\n", in.weight,
                           off_target(out.positions[2], out.rotations[2], in.target) * deg,
                           look_double(&in, in.weight, NULL) * deg);
                }
        }
        seeds_rising += (uint64_t)seed_rises;
    }
    printf("seeds %llu..%llu: %llu seeds, %llu chains where the head's angle rises (%llu in float only, %llu in double "
           "only)\n",
           (unsigned long long)first, (unsigned long long)(first + count - 1), (unsigned long long)seeds_rising,
           (unsigned long long)chains_rising, (unsigned long long)float_only, (unsigned long long)double_only);
    printf("rounding: off_target %.3g rad from double, quat_angle_between %.3g rad, the reference's head %.3g rad from "
           "the header's steps in double\n",
           worst_off_target, worst_angle_between, worst_reference);
    return 0;
}
