/* Variant double_yaw_pitch_lazy: the full aim is built in double as a yaw
 * about +Y then a pitch about +X (the same level, roll-free rotation
 * LookRotation(dir, up) gives; straight up/down it is one allowed choice)
 * and blended with a double shortest-arc slerp. The too-close test takes a
 * double square root. The look-at keeps one rigid transform of all turns so
 * far and applies it to each bone when it is reached (lazy carry). The wall
 * weight is the same smooth step written (1 - t)^2 (1 + 2t), in double. */

#include "aim_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

typedef struct { double x, y, z, w; } dquat;
typedef struct { double x, y, z; } dvec;

static dquat dq_from(quat q) { return (dquat){q.x, q.y, q.z, q.w}; }
static quat dq_to(dquat q) { return (quat){(float)q.x, (float)q.y, (float)q.z, (float)q.w}; }
static double dq_dot(dquat a, dquat b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }

static dquat dq_normalize(dquat q)
{
    double n = dq_dot(q, q);
    if (!(n > 1e-12) || !isfinite(n)) {
        /* Tiny: no rotation in it. Huge (square overflows double): scale. */
        if (!(n > 1e-12))
            return (dquat){0.0, 0.0, 0.0, 1.0};
        double m = fmax(fmax(fabs(q.x), fabs(q.y)), fmax(fabs(q.z), fabs(q.w)));
        q = (dquat){q.x / m, q.y / m, q.z / m, q.w / m};
        n = dq_dot(q, q);
    }
    double inv = 1.0 / sqrt(n);
    return (dquat){q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}

static dquat dq_mul(dquat a, dquat b)
{
    return (dquat){a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                   a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

static dquat dq_conj(dquat q) { return (dquat){-q.x, -q.y, -q.z, q.w}; }

static dvec dq_rotate(dquat q, dvec v)
{
    /* v + 2w (u x v) + 2 u x (u x v) */
    double tx = 2.0 * (q.y * v.z - q.z * v.y);
    double ty = 2.0 * (q.z * v.x - q.x * v.z);
    double tz = 2.0 * (q.x * v.y - q.y * v.x);
    return (dvec){v.x + q.w * tx + (q.y * tz - q.z * ty), v.y + q.w * ty + (q.z * tx - q.x * tz),
                  v.z + q.w * tz + (q.x * ty - q.y * tx)};
}

static dquat dq_slerp(dquat a, dquat b, double t)
{
    a = dq_normalize(a);
    b = dq_normalize(b);
    double d = dq_dot(a, b);
    if (d < 0.0) {
        b = (dquat){-b.x, -b.y, -b.z, -b.w};
        d = -d;
    }
    double wa, wb;
    if (d > 0.9999) {
        wa = 1.0 - t;
        wb = t;
    } else {
        double theta = acos(d), s = sin(theta);
        wa = sin((1.0 - t) * theta) / s;
        wb = sin(t * theta) / s;
    }
    return dq_normalize((dquat){a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb});
}

/* +Z onto (dx, dy, dz) with +X level: yaw about +Y, then pitch about +X. */
static dquat aim_rotation(double dx, double dy, double dz)
{
    double yaw = atan2(dx, dz);
    double pitch = atan2(-dy, sqrt(dx * dx + dz * dz));
    double cy = cos(0.5 * yaw), sy = sin(0.5 * yaw);
    double cp = cos(0.5 * pitch), sp = sin(0.5 * pitch);
    return (dquat){cy * sp, sy * cp, -sy * sp, cy * cp};
}

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    if (out == NULL)
        return AIM_INVALID;
    if (!(weight >= 0.0f && weight <= 1.0f) || !v3_in_world(target) || !v3_in_world(position) ||
        !quat_is_finite(animated)) {
        *out = quat_identity();
        return AIM_INVALID;
    }
    double dx = (double)target.x - position.x, dy = (double)target.y - position.y,
           dz = (double)target.z - position.z;
    if (sqrt(dx * dx + dy * dy + dz * dz) < (double)AIM_MIN_DISTANCE) {
        *out = quat_normalize(animated);
        return AIM_NO_DIRECTION;
    }
    *out = dq_to(dq_slerp(dq_from(animated), aim_rotation(dx, dy, dz), weight));
    return AIM_OK;
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    if (out != NULL)
        for (int i = 0; i < LOOK_MAX_BONES; i++) {
            out->positions[i] = v3_zero();
            out->rotations[i] = quat_identity();
        }
    if (in == NULL || out == NULL)
        return AIM_INVALID;
    if (in->bone_count < 1 || in->bone_count > LOOK_MAX_BONES)
        return AIM_INVALID;
    if (!v3_in_world(in->target) || !(in->weight >= 0.0f && in->weight <= 1.0f))
        return AIM_INVALID;
    for (int i = in->bone_count - 1; i >= 0; i--) {
        const look_bone *b = &in->bones[i];
        if (!(b->share >= 0.0f && b->share <= 1.0f) || !quat_is_finite(b->rotation) || !v3_in_world(b->position))
            return AIM_INVALID;
    }

    /* Every turn so far as one rigid motion: p -> R p + t, q -> R q. */
    dquat R = {0.0, 0.0, 0.0, 1.0};
    dvec t = {0.0, 0.0, 0.0};
    aim_status result = AIM_OK;
    for (int i = 0; i < in->bone_count; i++) {
        const look_bone *b = &in->bones[i];
        dvec rp = dq_rotate(R, (dvec){b->position.x, b->position.y, b->position.z});
        dvec c = {rp.x + t.x, rp.y + t.y, rp.z + t.z};
        dquat current = dq_normalize(dq_mul(R, dq_from(b->rotation)));
        vec3 cf = v3((float)c.x, (float)c.y, (float)c.z);
        quat qf = dq_to(current);
        quat turned;
        out->positions[i] = cf;
        if (aim_bone(cf, qf, in->target, in->weight * b->share, &turned) != AIM_OK) {
            out->rotations[i] = qf;
            result = AIM_NO_DIRECTION;
            continue;
        }
        out->rotations[i] = turned;
        dquat delta = dq_normalize(dq_mul(dq_from(turned), dq_conj(current)));
        dvec off = dq_rotate(delta, (dvec){t.x - c.x, t.y - c.y, t.z - c.z});
        t = (dvec){c.x + off.x, c.y + off.y, c.z + off.z};
        R = dq_normalize(dq_mul(delta, R));
    }
    return result;
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    double d = distance, full = full_weight_distance, zero = zero_weight_distance;
    if (isnan(d) || isinf(d) || isnan(full) || isinf(full) || isnan(zero) || isinf(zero))
        return 0.0f;
    if (!(full >= 0.0 && zero > full))
        return 0.0f;
    if (d >= zero)
        return 0.0f;
    if (d <= full)
        return 1.0f;
    double t = (d - full) / (zero - full);
    double u = 1.0 - t;
    return (float)(u * u * (1.0 + 2.0 * t));
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    if (out != NULL)
        *out = (wall_reach_output){0.0f, v3_zero(), v3_zero(), v3_zero()};
    if (in == NULL || out == NULL)
        return AIM_INVALID;
    if (!(in->upper_length > 0.0f && in->upper_length <= IK_WORLD_LIMIT) ||
        !(in->lower_length > 0.0f && in->lower_length <= IK_WORLD_LIMIT))
        return AIM_INVALID;
    if (!(isfinite(in->full_weight_distance) && isfinite(in->zero_weight_distance) &&
          in->full_weight_distance >= 0.0f && in->zero_weight_distance > in->full_weight_distance))
        return AIM_INVALID;
    const vec3 points[5] = {in->wall_point, in->elbow_pole, in->hand, in->elbow, in->shoulder};
    for (int i = 0; i < 5; i++)
        if (!v3_in_world(points[i]))
            return AIM_INVALID;

    double dx = (double)in->wall_point.x - in->shoulder.x, dy = (double)in->wall_point.y - in->shoulder.y,
           dz = (double)in->wall_point.z - in->shoulder.z;
    float w = wall_reach_weight((float)sqrt(dx * dx + dy * dy + dz * dz), in->full_weight_distance,
                                in->zero_weight_distance);
    out->weight = w;
    if (!(w > 0.0f)) {
        out->goal = in->hand;
        out->elbow = in->elbow;
        out->hand = in->hand;
        return AIM_OK;
    }
    double wd = w;
    out->goal = v3((float)(in->hand.x + ((double)in->wall_point.x - in->hand.x) * wd),
                   (float)(in->hand.y + ((double)in->wall_point.y - in->hand.y) * wd),
                   (float)(in->hand.z + ((double)in->wall_point.z - in->hand.z) * wd));
    two_bone_input tb = {in->shoulder, out->goal, in->elbow_pole, in->upper_length, in->lower_length};
    two_bone_output sol;
    two_bone_solve(&tb, &sol);
    out->elbow = sol.mid;
    out->hand = sol.tip;
    return AIM_OK;
}
