/* Variant rm_float_search_chain: float; the heading uses the closed-form
 * matrix columns of the max-abs-scaled quaternion (no quat_rotate); frames
 * are found by binary search on i * frame_time; a looping time that rounds
 * up to duration is kept just below it (still in [0, duration)); a loop
 * crossing is chained by playing both parts onto a scratch character with
 * rm_apply's rule; bad times are checked before a NULL out; bake normalizes. */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

static quat scaled(quat q, int *ok)
{
    float m = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w)));
    *ok = quat_is_finite(q) && m > 0.0f;
    if (!*ok)
        return quat_identity();
    return q4(q.x / m, q.y / m, q.z / m, q.w / m);
}

rm_status rm_validate(const rm_clip *clip)
{
    if (clip == NULL)
        return RM_ERR_NULL;
    const int n = clip->frame_count;
    if (n < 2 || n > RM_MAX_FRAMES)
        return RM_ERR_FRAME_COUNT;
    const float ft = clip->frame_time;
    if (isnan(ft) || isinf(ft) || ft <= 0.0f)
        return RM_ERR_FRAME_TIME;
    if (isinf(rm_duration(clip)))
        return RM_ERR_FRAME_TIME;
    for (int i = n - 1; i >= 0; i--) {
        int ok;
        (void)scaled(clip->rotations[i], &ok);
        if (!ok || !v3_in_world(clip->positions[i]))
            return RM_ERR_NOT_FINITE;
    }
    return RM_OK;
}

float rm_heading(quat rotation)
{
    int ok;
    quat q = scaled(rotation, &ok);
    if (!ok)
        return 0.0f;
    const float x = q.x, y = q.y, z = q.z, w = q.w;
    const float n2 = x * x + y * y + z * z + w * w; /* 1..4 after scaling */
    /* rotated +Z and +X, each times n2 */
    const float fx = 2.0f * (x * z + w * y), fz = (w * w + z * z) - (x * x + y * y);
    float h;
    if (sqrtf(fx * fx + fz * fz) < 1e-3f * n2) {
        const float rx = (w * w + x * x) - (y * y + z * z), rz = 2.0f * (x * z - w * y);
        h = atan2f(-rz, rx);
    } else {
        h = atan2f(fx, fz);
    }
    if (h <= -IK_PI)
        h = IK_PI;
    return h;
}

static quat unit_of(quat q)
{
    int ok;
    return quat_normalize(scaled(q, &ok));
}

/* Pose at s (clamped to the clip), clip valid. */
static rm_root_pose pose_at(const rm_clip *clip, float s)
{
    const int last = clip->frame_count - 1;
    const float ft = clip->frame_time;
    /* largest i in [0, last - 1] with i * ft <= s */
    int lo = 0, hi = last - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if ((float)mid * ft <= s)
            lo = mid;
        else
            hi = mid - 1;
    }
    float f = (s - (float)lo * ft) / ft;
    if (!(f > 0.0f))
        f = 0.0f;
    if (f > 1.0f)
        f = 1.0f;
    rm_root_pose p;
    vec3 a = clip->positions[lo], b = clip->positions[lo + 1];
    p.position = v3(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f);
    p.rotation = quat_slerp(unit_of(clip->rotations[lo]), unit_of(clip->rotations[lo + 1]), f);
    return p;
}

static float loop_time(float time, float duration)
{
    float t = fmodf(time, duration);
    if (t < 0.0f) {
        t += duration;
        if (t >= duration) /* rounded up: stay inside the pass */
            t = nextafterf(duration, 0.0f);
    }
    return t;
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    rm_status st = rm_validate(clip);
    if (st != RM_OK || out == NULL) {
        if (out != NULL) {
            out->position = v3_zero();
            out->rotation = quat_identity();
        }
        return st != RM_OK ? st : RM_ERR_NULL;
    }
    if (!isfinite(time)) {
        out->position = clip->positions[0];
        out->rotation = unit_of(clip->rotations[0]);
        return RM_ERR_TIME;
    }
    const float duration = rm_duration(clip);
    if (clip->looping) {
        *out = pose_at(clip, loop_time(time, duration));
        return RM_OK;
    }
    if (time >= 0.0f && time <= duration) {
        *out = pose_at(clip, time);
        return RM_OK;
    }
    *out = pose_at(clip, time < 0.0f ? 0.0f : duration);
    return RM_ERR_TIME;
}

/* Moves a scratch character (facing `yaw`, at `pos`) by the clip's motion
 * from a to b inside one pass. */
static void play_part(const rm_clip *clip, float a, float b, vec3 *pos, float *yaw)
{
    rm_root_pose pa = pose_at(clip, a), pb = pose_at(clip, b);
    float ha = rm_heading(pa.rotation), hb = rm_heading(pb.rotation);
    vec3 local = rm_rotate_yaw(v3_sub(pb.position, pa.position), -ha);
    *pos = v3_add(*pos, rm_rotate_yaw(local, *yaw));
    *yaw += rm_wrap_angle(hb - ha);
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    rm_status st = rm_validate(clip);
    if (st == RM_OK) {
        const float duration = rm_duration(clip);
        if (!isfinite(t0) || !isfinite(t1) || t0 > t1)
            st = RM_ERR_TIME;
        else if (!clip->looping && (t0 < 0.0f || t1 > duration))
            st = RM_ERR_TIME;
        else if (clip->looping && !((t1 - t0) <= duration))
            st = RM_ERR_TIME;
        else if (out == NULL)
            st = RM_ERR_NULL;
    } else if (out == NULL) {
        return st;
    }
    if (st != RM_OK) {
        if (out != NULL) {
            out->translation = v3_zero();
            out->turn = 0.0f;
        }
        return st;
    }
    vec3 pos = v3_zero();
    float yaw = 0.0f;
    if (!clip->looping) {
        play_part(clip, t0, t1, &pos, &yaw);
    } else {
        const float duration = rm_duration(clip);
        const float s0 = loop_time(t0, duration);
        const float s1 = s0 + (t1 - t0);
        if (s1 <= duration) {
            play_part(clip, s0, s1, &pos, &yaw);
        } else {
            play_part(clip, s0, duration, &pos, &yaw);
            play_part(clip, 0.0f, s1 - duration, &pos, &yaw);
        }
    }
    out->translation = pos;
    out->turn = rm_wrap_angle(yaw);
    return RM_OK;
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    if (character == NULL || delta == NULL)
        return RM_ERR_NULL;
    const vec3 p = character->position, t = delta->translation;
    const float yaw = character->yaw, turn = delta->turn;
    if (!(v3_in_world(p) && v3_in_world(t) && isfinite(yaw) && isfinite(turn)))
        return RM_ERR_NOT_FINITE;
    const float c = cosf(yaw), s = sinf(yaw);
    character->position = v3(p.x + (t.x * c + t.z * s), p.y + t.y, p.z + (t.z * c - t.x * s));
    character->yaw = rm_wrap_angle(rm_wrap_angle(yaw) + rm_wrap_angle(turn));
    return RM_OK;
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    const rm_status st = rm_validate(clip);
    if (st != RM_OK)
        return st;
    for (int i = 0; i < clip->frame_count; i++) {
        const float half = -0.5f * rm_heading(clip->rotations[i]);
        const quat turn_back = q4(0.0f, sinf(half), 0.0f, cosf(half));
        clip->rotations[i] = quat_normalize(quat_mul(turn_back, unit_of(clip->rotations[i])));
        clip->positions[i] = v3(0.0f, clip->positions[i].y, 0.0f);
    }
    return RM_OK;
}
