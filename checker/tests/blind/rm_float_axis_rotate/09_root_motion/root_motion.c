/* Variant rm_float_axis_rotate: float arithmetic throughout; the heading
 * rotates +Z (or +X) by the max-abs-scaled, normalized quaternion with
 * quat_rotate; a "zero rotation" is one whose four components are all 0;
 * looping time wraps with fmodf into [0, duration) (a value that rounds up
 * to duration becomes 0); the clip is validated before the NULL out check;
 * baking keeps each rotation's length (a non-unit rotation stays allowed). */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

/* Unit quaternion for any finite non-zero q (scaled first, so tiny or huge
 * lengths keep their direction). */
static quat unit_rotation(quat q)
{
    float m = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w)));
    if (!(m > 0.0f) || !isfinite(m))
        return quat_identity();
    float inv = 1.0f / m;
    quat s = {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
    return quat_normalize(s);
}

static int rotation_ok(quat q)
{
    if (!quat_is_finite(q))
        return 0;
    return !(q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 0.0f);
}

rm_status rm_validate(const rm_clip *clip)
{
    if (clip == NULL)
        return RM_ERR_NULL;
    if (clip->frame_count < 2 || clip->frame_count > RM_MAX_FRAMES)
        return RM_ERR_FRAME_COUNT;
    if (!isfinite(clip->frame_time) || !(clip->frame_time > 0.0f) || !isfinite(rm_duration(clip)))
        return RM_ERR_FRAME_TIME;
    for (int i = 0; i < clip->frame_count; i++) {
        if (!v3_in_world(clip->positions[i]) || !rotation_ok(clip->rotations[i]))
            return RM_ERR_NOT_FINITE;
    }
    return RM_OK;
}

float rm_heading(quat rotation)
{
    if (!rotation_ok(rotation))
        return 0.0f;
    quat q = unit_rotation(rotation);
    vec3 f = quat_rotate(q, v3_forward());
    float horizontal = sqrtf(f.x * f.x + f.z * f.z);
    float h;
    if (horizontal < 1e-3f) {
        vec3 r = quat_rotate(q, v3_right());
        h = atan2f(-r.z, r.x);
    } else {
        h = atan2f(f.x, f.z);
    }
    return rm_wrap_angle(h); /* atan2 may give -pi: (-pi, pi] wants +pi */
}

/* The pose at s, 0 <= s <= duration (clamped), clip valid. */
static rm_root_pose pose_in_pass(const rm_clip *clip, float s)
{
    const int last = clip->frame_count - 1;
    float u = s / clip->frame_time;
    int i;
    float f;
    if (!(u > 0.0f)) {
        i = 0;
        f = 0.0f;
    } else if (!(u < (float)last)) {
        i = last - 1;
        f = 1.0f;
    } else {
        float fl = floorf(u);
        i = (int)fl;
        f = u - fl;
        if (i >= last) {
            i = last - 1;
            f = 1.0f;
        }
    }
    rm_root_pose p;
    p.position = v3_lerp(clip->positions[i], clip->positions[i + 1], f);
    p.rotation = quat_slerp(unit_rotation(clip->rotations[i]), unit_rotation(clip->rotations[i + 1]), f);
    return p;
}

static float wrap_time(float time, float duration)
{
    float t = fmodf(time, duration);
    if (t < 0.0f)
        t += duration;
    if (t >= duration)
        t = 0.0f;
    return t;
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    rm_status st = rm_validate(clip);
    if (st == RM_OK && out == NULL)
        st = RM_ERR_NULL;
    if (st != RM_OK) {
        if (out != NULL) {
            out->position = v3_zero();
            out->rotation = quat_identity();
        }
        return st;
    }
    const float duration = rm_duration(clip);
    if (!isfinite(time)) {
        out->position = clip->positions[0];
        out->rotation = unit_rotation(clip->rotations[0]);
        return RM_ERR_TIME;
    }
    if (clip->looping) {
        *out = pose_in_pass(clip, wrap_time(time, duration));
        return RM_OK;
    }
    if (time < 0.0f) {
        *out = pose_in_pass(clip, 0.0f);
        return RM_ERR_TIME;
    }
    if (time > duration) {
        *out = pose_in_pass(clip, duration);
        return RM_ERR_TIME;
    }
    *out = pose_in_pass(clip, time);
    return RM_OK;
}

/* Motion from a to b inside one pass, in the frame of a's heading. */
static rm_delta part_delta(const rm_clip *clip, float a, float b)
{
    rm_root_pose pa = pose_in_pass(clip, a), pb = pose_in_pass(clip, b);
    float ha = rm_heading(pa.rotation), hb = rm_heading(pb.rotation);
    rm_delta d;
    d.translation = rm_rotate_yaw(v3_sub(pb.position, pa.position), -ha);
    d.turn = rm_wrap_angle(hb - ha);
    return d;
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    rm_status st = rm_validate(clip);
    if (st == RM_OK && out == NULL)
        st = RM_ERR_NULL;
    if (st == RM_OK) {
        const float duration = rm_duration(clip);
        if (!isfinite(t0) || !isfinite(t1) || t1 < t0)
            st = RM_ERR_TIME;
        else if (clip->looping ? !(t1 - t0 <= duration) : (t0 < 0.0f || t1 > duration))
            st = RM_ERR_TIME;
    }
    if (st != RM_OK) {
        if (out != NULL) {
            out->translation = v3_zero();
            out->turn = 0.0f;
        }
        return st;
    }
    if (!clip->looping) {
        *out = part_delta(clip, t0, t1);
        return RM_OK;
    }
    const float duration = rm_duration(clip);
    float s0 = wrap_time(t0, duration);
    float s1 = s0 + (t1 - t0);
    if (s1 <= duration) {
        *out = part_delta(clip, s0, s1);
        return RM_OK;
    }
    rm_delta first = part_delta(clip, s0, duration);
    rm_delta second = part_delta(clip, 0.0f, s1 - duration);
    out->translation = v3_add(first.translation, rm_rotate_yaw(second.translation, first.turn));
    out->turn = rm_wrap_angle(first.turn + second.turn);
    return RM_OK;
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    if (character == NULL || delta == NULL)
        return RM_ERR_NULL;
    if (!v3_in_world(character->position) || !isfinite(character->yaw) || !v3_in_world(delta->translation) ||
        !isfinite(delta->turn))
        return RM_ERR_NOT_FINITE;
    character->position = v3_add(character->position, rm_rotate_yaw(delta->translation, character->yaw));
    character->yaw = rm_wrap_angle(rm_wrap_angle(character->yaw) + delta->turn);
    return RM_OK;
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    rm_status st = rm_validate(clip);
    if (st != RM_OK)
        return st;
    for (int i = 0; i < clip->frame_count; i++) {
        float h = rm_heading(clip->rotations[i]);
        clip->rotations[i] = quat_mul(quat_from_axis_angle(v3_up(), -h), clip->rotations[i]);
        clip->positions[i].x = 0.0f;
        clip->positions[i].z = 0.0f;
    }
    return RM_OK;
}
