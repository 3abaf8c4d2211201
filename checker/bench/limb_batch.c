/* limb_batch.c - section 03's two-bone solve and section 04's two bone
 * rotations, eight limbs at a time (see limb_batch.h).
 *
 * Why it is faster than one limb at a time, with the same formulas: the
 * work of one limb is a long chain (square roots and divisions waiting on
 * each other), so one limb per call keeps the CPU waiting. Eight limbs laid
 * out lane by lane ("structure of arrays") are eight independent chains,
 * and a plain loop over the lanes, with no branch in it, is something gcc
 * and clang turn into SIMD instructions by themselves at -O2 (four floats
 * per instruction with the default x86-64 flags). No intrinsics, no
 * -ffast-math: portable C11, the flags students get.
 *
 * Each lane follows the reference's common path step by step, in the same
 * order, so it computes the same numbers: one loop over the lanes per step
 * of two_bone.c (aim_lanes, triangle_lanes, bend_lanes, place_lanes), then
 * section 04's inputs and rotations. Small loops with no branch in them are
 * what gcc 12 vectorizes at -O2 (-fopt-info-vec lists every step's loop).
 * Whatever the common path cannot trust (bad input, a target on the root, a
 * pole near the aim line, a bone too short to have a direction, ...) is
 * only flagged inside the loops; the flagged limbs are then posed again by
 * the reference functions themselves. So rare cases need no second copy of
 * their careful code, and a flagged lane may compute NaN or inf meanwhile
 * (dividing by zero on the way, which IEEE float defines and the default
 * flags do not trap): it is thrown away.
 */
#include "limb_batch.h"

#include <math.h>

#define LIMB_LANES 8 /* make bench: 23.5 ns a limb; 4 lanes 28.8 ns (one SSE vector), 16 lanes 24.0 ns */

typedef struct { float x[LIMB_LANES], y[LIMB_LANES], z[LIMB_LANES]; } vec3_lanes;
typedef struct { float x[LIMB_LANES], y[LIMB_LANES], z[LIMB_LANES], w[LIMB_LANES]; } quat_lanes;

_Static_assert(TWO_BONE_REACHED == 0, "pose_eight writes REACHED as 0");

static void pose_one(const two_bone_input *in, limb_pose *out)
{
    out->solve = two_bone_solve(in, &out->joints);
    out->rotations = bone_rotations_from_positions(in->root, out->joints.mid, out->joints.tip, in->pole,
                                                   &out->upper, &out->lower);
}

/* The quick path of quat_look_rotation (ikmath.h) for every lane; `rare`
 * gets set where that function would take its careful path instead. The
 * tests are joined with `&`, not `&&`: a short-circuit is a branch, and a
 * branch in the loop stops the compiler from vectorizing it. */
static void look_rotation_lanes(const vec3_lanes *restrict forward, const vec3_lanes *restrict up,
                                quat_lanes *restrict rotation, int *restrict rare)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        const float fx = forward->x[l], fy = forward->y[l], fz = forward->z[l];
        const float ux = up->x[l], uy = up->y[l], uz = up->z[l];
        const float forward_sq = fx * fx + fy * fy + fz * fz;
        float side_x = uy * fz - uz * fy, side_y = uz * fx - ux * fz, side_z = ux * fy - uy * fx; /* up x forward */
        const float side_len_sq = side_x * side_x + side_y * side_y + side_z * side_z;
        const float scale_sq = (ux * ux + uy * uy + uz * uz) * forward_sq;
        /* The forward test is also section 04's "bone too short" test:
         * POLE_MIN_BONE_LENGTH squared is IK_EPSILON_SQ. */
        int careful = !((forward_sq > IK_EPSILON_SQ) & (side_len_sq > 1e-4f * scale_sq) & (scale_sq <= 3.0e38f) &
                        (side_len_sq >= FLT_MIN));

        const float inv_forward = 1.0f / sqrtf(forward_sq);
        const float zx = fx * inv_forward, zy = fy * inv_forward, zz = fz * inv_forward;
        const float inv_side = 1.0f / sqrtf(side_len_sq);
        side_x *= inv_side;
        side_y *= inv_side;
        side_z *= inv_side;

        /* Swing +Z onto z, then roll about z until +X lies on the side
         * axis: ikmath.h explains each line. */
        const float side_sq = zx * zx + zy * zy;
        const float z_up = 0.5f * (zz + fabsf(zz));
        const float k = 1.0f + fabsf(zz);
        const float swing_w = side_sq + 2.0f * z_up * (1.0f + zz);
        careful |= !(swing_w > 1e-10f);
        const float shared = k * (zx * side_x + zy * side_y) + side_z * swing_w;
        const float roll_cos = swing_w * side_x - zx * shared;
        const float roll_sin = swing_w * side_y - zy * shared;
        const float m = swing_w + fabsf(roll_cos);
        const float pick = 0.5f * copysignf(1.0f, roll_cos);
        const float roll_w = (0.5f + pick) * m + (0.5f - pick) * roll_sin;
        const float roll_z = (0.5f + pick) * roll_sin + (0.5f - pick) * m;
        const float wx = -zy * k, wy = zx * k;
        const float qx = roll_w * wx + wy * roll_z, qy = roll_w * wy - wx * roll_z;
        const float qz = swing_w * roll_z, qw = swing_w * roll_w;
        const float inv = 1.0f / sqrtf(qx * qx + qy * qy + qz * qz + qw * qw);
        rotation->x[l] = qx * inv;
        rotation->y[l] = qy * inv;
        rotation->z[l] = qz * inv;
        rotation->w[l] = qw * inv;
        rare[l] |= careful;
    }
}

/* ikmath.h's v3_in_world with `&` for its `&&` (see above), on a point
 * held lane by lane. */
static int in_world3(float x, float y, float z)
{
    return ik_in_world(x) & ik_in_world(y) & ik_in_world(z);
}

/* Whether v is subnormal or near it (not 0), below 2^-100: products and
 * sums of such terms round on the subnormal grid, which the reference's
 * scaled terms do not. `&` for `&&`, as in_world3. */
static int subnormal(float v)
{
    return (v != 0.0f) & (fabsf(v) < 0x1p-100f);
}

/* Eight limbs as the solve sees them, lane by lane: the inputs, what each
 * step leaves for the next (named as in two_bone.c) and the answers. */
typedef struct {
    vec3_lanes root, target, pole;           /* as given */
    float len_upper[LIMB_LANES], len_lower[LIMB_LANES];
    vec3_lanes aim, to_pole;                 /* root -> target, root -> pole */
    float raw_sq[LIMB_LANES];                /* D^2 */
    float inv_aim_sq[LIMB_LANES];            /* 1 / D^2 */
    float dist_sq[LIMB_LANES];               /* D^2 clamped into reach */
    int on_limit[LIMB_LANES];                /* D^2 at or beyond a limit: the arm straight or folded */
    float along_per_dist_sq[LIMB_LANES];     /* the elbow's distance along the line / D^2 */
    float height_sq[LIMB_LANES];             /* and off it, squared */
    vec3_lanes bend;                         /* toward the pole, square to the line, not unit */
    float bend_sq[LIMB_LANES];
    vec3_lanes mid, tip;                     /* the answer's joints */
    vec3_lanes upper_bone, lower_bone, upper_up, lower_up; /* section 04's look-at inputs */
    int solve[LIMB_LANES];                   /* the status, two_bone_status */
    int rare[LIMB_LANES];                    /* posed by the reference instead */
} limb_lanes;

/* From one struct per limb to one array per coordinate. */
static void gather_lanes(const two_bone_input *restrict in, limb_lanes *restrict lanes)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        lanes->root.x[l] = in[l].root.x, lanes->root.y[l] = in[l].root.y, lanes->root.z[l] = in[l].root.z;
        lanes->target.x[l] = in[l].target.x, lanes->target.y[l] = in[l].target.y, lanes->target.z[l] = in[l].target.z;
        lanes->pole.x[l] = in[l].pole.x, lanes->pole.y[l] = in[l].pole.y, lanes->pole.z[l] = in[l].pole.z;
        lanes->len_upper[l] = in[l].len_upper;
        lanes->len_lower[l] = in[l].len_lower;
    }
}

/* Step 1 (aim_at_target, clamp_to_reach): the input check, the aim line, D^2
 * clamped into reach and the status. */
static void aim_lanes(limb_lanes *restrict lanes)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        const float rx = lanes->root.x[l], ry = lanes->root.y[l], rz = lanes->root.z[l];
        const float l1 = lanes->len_upper[l], l2 = lanes->len_lower[l];
        int bad = !(in_world3(rx, ry, rz) & in_world3(lanes->target.x[l], lanes->target.y[l], lanes->target.z[l]) &
                    in_world3(lanes->pole.x[l], lanes->pole.y[l], lanes->pole.z[l]) & ik_in_world(l1) &
                    (l1 > 0.0f) & ik_in_world(l2) & (l2 > 0.0f));
        const float tx = lanes->target.x[l] - rx, ty = lanes->target.y[l] - ry, tz = lanes->target.z[l] - rz;
        lanes->aim.x[l] = tx, lanes->aim.y[l] = ty, lanes->aim.z[l] = tz;
        lanes->to_pole.x[l] = lanes->pole.x[l] - rx;
        lanes->to_pole.y[l] = lanes->pole.y[l] - ry;
        lanes->to_pole.z[l] = lanes->pole.z[l] - rz;
        const float raw_sq = tx * tx + ty * ty + tz * tz;
        bad |= !(raw_sq > 1e-12f); /* target on the root: the reference aims at the pole */
        lanes->raw_sq[l] = raw_sq;
        lanes->inv_aim_sq[l] = 1.0f / raw_sq;

        const float max_reach = l1 + l2;
        const float min_reach = fabsf(l1 - l2);
        float dist_sq = raw_sq > max_reach * max_reach ? max_reach * max_reach : raw_sq;
        dist_sq = dist_sq < min_reach * min_reach ? min_reach * min_reach : dist_sq;
        lanes->dist_sq[l] = dist_sq;
        /* | not ||: no branches, so the loop stays vectorizable. */
        lanes->on_limit[l] = (raw_sq >= max_reach * max_reach) | (raw_sq <= min_reach * min_reach);
        /* The status as arithmetic: a nested ?: on ints kept gcc from
         * vectorizing this loop. At most one test holds (min <= max). */
        lanes->solve[l] = (int)TWO_BONE_TOO_FAR * (raw_sq > max_reach * max_reach) +
                          (int)TWO_BONE_TOO_CLOSE * (raw_sq < min_reach * min_reach);
        lanes->rare[l] = bad;
    }
}

/* Step 2 (shoulder_triangle): the elbow's distances along the line and off
 * it, without the angle. */
static void triangle_lanes(limb_lanes *restrict lanes)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        const float l1 = lanes->len_upper[l], l2 = lanes->len_lower[l];
        const float dist_sq = lanes->dist_sq[l];
        /* dist_sq is 0 (the reference's folded-flat case) only when
         * (L1 + L2)^2 underflows, L1 + L2 below ~2.6e-23 m: the lane then
         * holds 0/0 = NaN, which place_lanes' world test flags. */
        const float along = 0.5f * ((l1 - l2) * (l1 + l2) + dist_sq); /* as the reference: no cancelling squares */
        const float along_per_dist_sq = along / dist_sq;
        const float height_sq = l1 * l1 - along * along_per_dist_sq;
        /* As the reference: at or beyond either limit the elbow is on the
         * line (section 03, issue 15), so its height is 0 there. */
        const int on_line = lanes->on_limit[l] | !(height_sq > 0.0f);
        lanes->along_per_dist_sq[l] = along_per_dist_sq;
        lanes->height_sq[l] = on_line ? 0.0f : height_sq;
    }
}

/* Step 3 (bend_direction): the part of root->pole square to the aim line. */
static void bend_lanes(limb_lanes *restrict lanes)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        const float tx = lanes->aim.x[l], ty = lanes->aim.y[l], tz = lanes->aim.z[l];
        const float px = lanes->to_pole.x[l], py = lanes->to_pole.y[l], pz = lanes->to_pole.z[l];
        const float pole_along = (px * tx + py * ty + pz * tz) * lanes->inv_aim_sq[l];
        const float bx = px - tx * pole_along, by = py - ty * pole_along, bz = pz - tz * pole_along;
        const float bend_sq = bx * bx + by * by + bz * bz;
        const float pole_sq = px * px + py * py + pz * pz;
        lanes->bend.x[l] = bx, lanes->bend.y[l] = by, lanes->bend.z[l] = bz;
        lanes->bend_sq[l] = bend_sq;
        /* Where the reference picks another bend or squares it up again. */
        lanes->rare[l] |= !((bend_sq >= 1e-2f * pole_sq) & (bend_sq >= FLT_MIN));
    }
}

/* Step 4 (place_joints): the tip D along the line, the elbow along and off
 * it. */
static void place_lanes(limb_lanes *restrict lanes)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        const float rx = lanes->root.x[l], ry = lanes->root.y[l], rz = lanes->root.z[l];
        const float tx = lanes->aim.x[l], ty = lanes->aim.y[l], tz = lanes->aim.z[l];
        const float px = lanes->to_pole.x[l], py = lanes->to_pole.y[l], pz = lanes->to_pole.z[l];
        const float bx = lanes->bend.x[l], by = lanes->bend.y[l], bz = lanes->bend.z[l];
        const float dist_sq = lanes->dist_sq[l], inv_aim_sq = lanes->inv_aim_sq[l];
        /* If the product overflows (a target a hair from a giant limb's
         * root), the tip is inf and the world test below flags the lane. */
        const float tip_scale = sqrtf(dist_sq * inv_aim_sq);
        /* A tiny limb reaching for a target ~1e18 away: the square of the
         * tip's scale is subnormal and loses bits here, while the reference
         * (working in units of the reach) does not. */
        int bad = !(dist_sq * inv_aim_sq >= FLT_MIN);
        const float bend_scale = sqrtf(lanes->height_sq[l]) / sqrtf(lanes->bend_sq[l]);
        const float along_scale = lanes->along_per_dist_sq[l] * tip_scale;
        const float ax = tx * along_scale, ay = ty * along_scale, az = tz * along_scale;
        const float cx = bx * bend_scale, cy = by * bend_scale, cz = bz * bend_scale;
        const float ox = tx * tip_scale, oy = ty * tip_scale, oz = tz * tip_scale;
        /* The reference scales every direction to ~1 first (exactly, by
         * powers of two) and back last: where a term here is subnormal it
         * keeps bits this loop rounds away. Rare (coordinates below ~1e-30). */
        bad |= subnormal(tx) | subnormal(ty) | subnormal(tz) | subnormal(px) | subnormal(py) | subnormal(pz) |
               subnormal(bx) | subnormal(by) | subnormal(bz) | subnormal(ax) | subnormal(ay) | subnormal(az) |
               subnormal(cx) | subnormal(cy) | subnormal(cz) | subnormal(ox) | subnormal(oy) | subnormal(oz) |
               subnormal(ax + cx) | subnormal(ay + cy) | subnormal(az + cz) | subnormal(rx) | subnormal(ry) | subnormal(rz);
        const float mx = rx + (ax + cx);
        const float my = ry + (ay + cy);
        const float mz = rz + (az + cz);
        const float kx = rx + ox, ky = ry + oy, kz = rz + oz;
        /* Section 04 gives identity to joints outside the world. */
        bad |= !(in_world3(mx, my, mz) & in_world3(kx, ky, kz));
        lanes->mid.x[l] = mx, lanes->mid.y[l] = my, lanes->mid.z[l] = mz;
        lanes->tip.x[l] = kx, lanes->tip.y[l] = ky, lanes->tip.z[l] = kz;
        lanes->rare[l] |= bad;
    }
}

/* Section 04's inputs: each bone from its joints, and the pole seen from
 * the bone's start (bone_rotations_from_positions' look-at). */
static void bone_lanes(limb_lanes *restrict lanes)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        const float rx = lanes->root.x[l], ry = lanes->root.y[l], rz = lanes->root.z[l];
        const float mx = lanes->mid.x[l], my = lanes->mid.y[l], mz = lanes->mid.z[l];
        const float kx = lanes->tip.x[l], ky = lanes->tip.y[l], kz = lanes->tip.z[l];
        lanes->upper_bone.x[l] = mx - rx, lanes->upper_bone.y[l] = my - ry, lanes->upper_bone.z[l] = mz - rz;
        lanes->lower_bone.x[l] = kx - mx, lanes->lower_bone.y[l] = ky - my, lanes->lower_bone.z[l] = kz - mz;
        lanes->upper_up.x[l] = lanes->to_pole.x[l];
        lanes->upper_up.y[l] = lanes->to_pole.y[l];
        lanes->upper_up.z[l] = lanes->to_pole.z[l];
        lanes->lower_up.x[l] = lanes->pole.x[l] - mx;
        lanes->lower_up.y[l] = lanes->pole.y[l] - my;
        lanes->lower_up.z[l] = lanes->pole.z[l] - mz;
    }
}

/* Back to one struct per limb; flagged limbs go to the reference. */
static void scatter_lanes(const two_bone_input *restrict in, const limb_lanes *restrict lanes,
                          const quat_lanes *restrict upper, const quat_lanes *restrict lower,
                          limb_pose *restrict out)
{
    for (int l = 0; l < LIMB_LANES; l++) {
        if (lanes->rare[l]) {
            pose_one(&in[l], &out[l]);
            continue;
        }
        out[l].joints.mid = v3(lanes->mid.x[l], lanes->mid.y[l], lanes->mid.z[l]);
        out[l].joints.tip = v3(lanes->tip.x[l], lanes->tip.y[l], lanes->tip.z[l]);
        out[l].upper = (quat){upper->x[l], upper->y[l], upper->z[l], upper->w[l]};
        out[l].lower = (quat){lower->x[l], lower->y[l], lower->z[l], lower->w[l]};
        out[l].solve = (two_bone_status)lanes->solve[l];
        out[l].rotations = POLE_OK;
    }
}

/* Eight limbs, in[0..7]: the steps of two_bone_solve's and
 * bone_rotations_from_positions' common paths, each over every lane. */
static void pose_eight(const two_bone_input *restrict in, limb_pose *restrict out)
{
    limb_lanes lanes;
    gather_lanes(in, &lanes);
    aim_lanes(&lanes);
    triangle_lanes(&lanes);
    bend_lanes(&lanes);
    place_lanes(&lanes);
    bone_lanes(&lanes);
    quat_lanes upper, lower;
    look_rotation_lanes(&lanes.upper_bone, &lanes.upper_up, &upper, lanes.rare);
    look_rotation_lanes(&lanes.lower_bone, &lanes.lower_up, &lower, lanes.rare);
    scatter_lanes(in, &lanes, &upper, &lower, out);
}

void limb_pose_many(const two_bone_input *in, limb_pose *out, size_t count)
{
    if (in == NULL || out == NULL)
        return;
    size_t i = 0;
    for (; count - i >= LIMB_LANES; i += LIMB_LANES)
        pose_eight(in + i, out + i);
    for (; i < count; i++) /* the last few, fewer than eight */
        pose_one(&in[i], &out[i]);
}
