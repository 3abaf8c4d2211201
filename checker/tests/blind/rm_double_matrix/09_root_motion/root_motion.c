/* Variant rm_double_matrix: all interpolation and deltas in double; the
 * heading reads the rotation matrix columns of the unnormalized quaternion
 * (no normalization, relative 1e-3 test); a "zero rotation" is one with
 * |q|^2 <= IK_EPSILON_SQ (the project's own test in ctrl_check_world); a
 * NULL out is reported before the clip is validated; its own double slerp;
 * baking normalizes every rotation it turns. */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

typedef struct { double x, y, z, w; } dquat;
typedef struct { double x, y, z; } dvec;

static dquat dq_unit(quat q)
{
    dquat d = {q.x, q.y, q.z, q.w};
    double n = sqrt(d.x * d.x + d.y * d.y + d.z * d.z + d.w * d.w);
    if (!(n > 0.0) || !isfinite(n)) {
        dquat id = {0.0, 0.0, 0.0, 1.0};
        return id;
    }
    d.x /= n; d.y /= n; d.z /= n; d.w /= n;
    return d;
}

static dquat dq_slerp(dquat a, dquat b, double t)
{
    double d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (d < 0.0) {
        b.x = -b.x; b.y = -b.y; b.z = -b.z; b.w = -b.w;
        d = -d;
    }
    double wa, wb;
    if (d > 0.99999) {
        wa = 1.0 - t;
        wb = t;
    } else {
        double theta = acos(d), s = sin(theta);
        wa = sin((1.0 - t) * theta) / s;
        wb = sin(t * theta) / s;
    }
    dquat r = {a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb};
    double n = sqrt(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
    r.x /= n; r.y /= n; r.z /= n; r.w /= n;
    return r;
}

static quat dq_to_quat(dquat d) { return q4((float)d.x, (float)d.y, (float)d.z, (float)d.w); }

rm_status rm_validate(const rm_clip *clip)
{
    if (!clip)
        return RM_ERR_NULL;
    if (!(clip->frame_count >= 2 && clip->frame_count <= RM_MAX_FRAMES))
        return RM_ERR_FRAME_COUNT;
    if (!(clip->frame_time > 0.0f && clip->frame_time <= FLT_MAX) || !isfinite(rm_duration(clip)))
        return RM_ERR_FRAME_TIME;
    for (int i = 0; i < clip->frame_count; i++)
        if (!v3_in_world(clip->positions[i]))
            return RM_ERR_NOT_FINITE;
    for (int i = 0; i < clip->frame_count; i++) {
        quat q = clip->rotations[i];
        if (!quat_is_finite(q) || !(quat_dot(q, q) > IK_EPSILON_SQ))
            return RM_ERR_NOT_FINITE;
    }
    return RM_OK;
}

/* Heading of an unnormalized rotation, in double. */
static double heading_d(quat rotation)
{
    if (!quat_is_finite(rotation))
        return 0.0;
    double x = rotation.x, y = rotation.y, z = rotation.z, w = rotation.w;
    double n2 = x * x + y * y + z * z + w * w;
    if (!(n2 > 0.0))
        return 0.0;
    /* q (0,0,1) q* = n2 * (rotated +Z); likewise for +X. */
    double fx = 2.0 * (x * z + w * y), fz = w * w + z * z - x * x - y * y;
    double h;
    if (sqrt(fx * fx + fz * fz) < 1e-3 * n2) {
        double rx = w * w + x * x - y * y - z * z, rz = 2.0 * (x * z - w * y);
        h = atan2(-rz, rx);
    } else {
        h = atan2(fx, fz);
    }
    return h;
}

float rm_heading(quat rotation)
{
    return rm_wrap_angle((float)heading_d(rotation));
}

typedef struct {
    dvec p;
    dquat q;
} dpose;

/* Pose at s in [0, duration] (clamped); clip valid. */
static dpose pose_at(const rm_clip *clip, double s)
{
    const int last = clip->frame_count - 1;
    double u = s / (double)clip->frame_time;
    int i;
    double f;
    if (!(u > 0.0)) {
        i = 0;
        f = 0.0;
    } else if (!(u < (double)last)) {
        i = last - 1;
        f = 1.0;
    } else {
        double fl = floor(u);
        i = (int)fl;
        f = u - fl;
    }
    vec3 a = clip->positions[i], b = clip->positions[i + 1];
    dpose r;
    r.p.x = a.x + ((double)b.x - a.x) * f;
    r.p.y = a.y + ((double)b.y - a.y) * f;
    r.p.z = a.z + ((double)b.z - a.z) * f;
    r.q = dq_slerp(dq_unit(clip->rotations[i]), dq_unit(clip->rotations[i + 1]), f);
    return r;
}

static rm_root_pose to_pose(dpose d)
{
    rm_root_pose p;
    p.position = v3((float)d.p.x, (float)d.p.y, (float)d.p.z);
    p.rotation = dq_to_quat(d.q);
    return p;
}

static double wrap_time(double t, double duration)
{
    double w = fmod(t, duration);
    if (w < 0.0)
        w += duration;
    if (w >= duration)
        w = 0.0;
    return w;
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    if (out == NULL)
        return RM_ERR_NULL;
    rm_status st = rm_validate(clip);
    if (st != RM_OK) {
        out->position = v3_zero();
        out->rotation = quat_identity();
        return st;
    }
    const double duration = rm_duration(clip);
    if (isnan(time) || isinf(time)) {
        *out = to_pose(pose_at(clip, 0.0));
        return RM_ERR_TIME;
    }
    double t = time;
    rm_status result = RM_OK;
    if (clip->looping) {
        t = wrap_time(t, duration);
    } else if (t < 0.0) {
        t = 0.0;
        result = RM_ERR_TIME;
    } else if (t > duration) {
        t = duration;
        result = RM_ERR_TIME;
    }
    *out = to_pose(pose_at(clip, t));
    return result;
}

/* Motion a -> b within one pass, in the frame of a's heading (double). */
static void part(const rm_clip *clip, double a, double b, dvec *translation, double *turn)
{
    dpose pa = pose_at(clip, a), pb = pose_at(clip, b);
    double ha = heading_d(dq_to_quat(pa.q)), hb = heading_d(dq_to_quat(pb.q));
    double dx = pb.p.x - pa.p.x, dy = pb.p.y - pa.p.y, dz = pb.p.z - pa.p.z;
    /* Turn by -ha about +Y. */
    double c = cos(ha), s = sin(ha);
    translation->x = dx * c - dz * s;
    translation->y = dy;
    translation->z = dx * s + dz * c;
    *turn = hb - ha;
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    rm_status st = out == NULL ? RM_ERR_NULL : rm_validate(clip);
    if (st == RM_OK) {
        if (!isfinite(t0) || !isfinite(t1) || t1 < t0)
            st = RM_ERR_TIME;
        else if (clip->looping) {
            if ((double)t1 - (double)t0 > (double)rm_duration(clip))
                st = RM_ERR_TIME;
        } else if (t0 < 0.0f || t1 > rm_duration(clip)) {
            st = RM_ERR_TIME;
        }
    }
    if (st != RM_OK) {
        if (out) {
            out->translation = v3_zero();
            out->turn = 0.0f;
        }
        return st;
    }
    const double duration = rm_duration(clip);
    dvec tr;
    double turn;
    if (!clip->looping) {
        part(clip, t0, t1, &tr, &turn);
    } else {
        double s0 = wrap_time(t0, duration);
        double s1 = s0 + ((double)t1 - (double)t0);
        if (s1 <= duration) {
            part(clip, s0, s1, &tr, &turn);
        } else {
            dvec tr2;
            double turn2;
            part(clip, s0, duration, &tr, &turn);
            part(clip, 0.0, s1 - duration, &tr2, &turn2);
            /* Second part turned by the first part's turn, then added. */
            double c = cos(turn), s = sin(turn);
            tr.x += tr2.x * c + tr2.z * s;
            tr.y += tr2.y;
            tr.z += -tr2.x * s + tr2.z * c;
            turn += turn2;
        }
    }
    out->translation = v3((float)tr.x, (float)tr.y, (float)tr.z);
    out->turn = rm_wrap_angle((float)remainder(turn, 2.0 * 3.14159265358979323846));
    return RM_OK;
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    if (!character || !delta)
        return RM_ERR_NULL;
    if (!v3_in_world(delta->translation) || !isfinite(delta->turn) || !v3_in_world(character->position) ||
        !isfinite(character->yaw))
        return RM_ERR_NOT_FINITE;
    double yaw = character->yaw, c = cos(yaw), s = sin(yaw);
    vec3 t = delta->translation;
    vec3 p = character->position;
    character->position = v3((float)((double)p.x + t.x * c + t.z * s), (float)((double)p.y + t.y),
                             (float)((double)p.z - t.x * s + t.z * c));
    character->yaw = rm_wrap_angle((float)((double)rm_wrap_angle(character->yaw) + (double)rm_wrap_angle(delta->turn)));
    return RM_OK;
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    rm_status st = rm_validate(clip);
    if (st != RM_OK)
        return st;
    for (int i = 0; i < clip->frame_count; i++) {
        double h = heading_d(clip->rotations[i]);
        dquat q = dq_unit(clip->rotations[i]);
        double sy = sin(-0.5 * h), cw = cos(-0.5 * h);
        /* (0, sy, 0, cw) * q */
        dquat r = {cw * q.x + sy * q.z, cw * q.y + sy * q.w, cw * q.z - sy * q.x, cw * q.w - sy * q.y};
        clip->rotations[i] = dq_to_quat(r);
        clip->positions[i].x = 0.0f;
        clip->positions[i].z = 0.0f;
    }
    return RM_OK;
}
