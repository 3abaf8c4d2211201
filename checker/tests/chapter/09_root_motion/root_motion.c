/* Port of chapter section 11, RootMotionMover.OnAnimatorMove
 * (transform.position += animator.deltaPosition;
 *  transform.rotation *= animator.deltaRotation) as rm_apply. The other
 * functions have no chapter listing and follow root_motion.h. */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

/* Unit quaternion of any non-zero finite q (scaled first, so tiny and huge
 * ones keep their direction); identity for zero or non-finite. */
static quat unit_quat(quat q)
{
    if (!quat_is_finite(q))
        return quat_identity();
    float m = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w)));
    if (!(m > 0.0f))
        return quat_identity();
    double x = q.x / (double)m, y = q.y / (double)m, z = q.z / (double)m, w = q.w / (double)m;
    double inv = 1.0 / sqrt(x * x + y * y + z * z + w * w);
    return (quat){(float)(x * inv), (float)(y * inv), (float)(z * inv), (float)(w * inv)};
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
        quat q = clip->rotations[i];
        if (!v3_in_world(clip->positions[i]) || !quat_is_finite(q) ||
            (q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 0.0f))
            return RM_ERR_NOT_FINITE;
    }
    return RM_OK;
}

static float wrap_pi(float h)
{
    h = rm_wrap_angle(h);
    if (h <= -IK_PI)
        h = IK_PI;
    return h;
}

float rm_heading(quat rotation)
{
    if (!quat_is_finite(rotation) ||
        (rotation.x == 0.0f && rotation.y == 0.0f && rotation.z == 0.0f && rotation.w == 0.0f))
        return 0.0f;
    quat q = unit_quat(rotation);
    vec3 f = quat_rotate(q, v3_forward());
    if (sqrtf(f.x * f.x + f.z * f.z) >= 1e-3f)
        return wrap_pi(atan2f(f.x, f.z));
    vec3 r = quat_rotate(q, v3_right());
    return wrap_pi(atan2f(-r.z, r.x));
}

/* The pose at clip time t, 0 <= t <= duration, no wrapping. */
static rm_root_pose pose_at(const rm_clip *clip, double t)
{
    double u = t / (double)clip->frame_time;
    int last = clip->frame_count - 1;
    int i = (int)floor(u);
    if (i < 0)
        i = 0;
    if (i > last - 1)
        i = last - 1;
    double a = u - i;
    if (a < 0.0)
        a = 0.0;
    if (a > 1.0)
        a = 1.0;
    rm_root_pose p;
    p.position = v3_lerp(clip->positions[i], clip->positions[i + 1], (float)a);
    p.rotation = unit_quat(quat_slerp(unit_quat(clip->rotations[i]), unit_quat(clip->rotations[i + 1]), (float)a));
    return p;
}

static rm_root_pose frame_pose(const rm_clip *clip, int i)
{
    rm_root_pose p = {clip->positions[i], unit_quat(clip->rotations[i])};
    return p;
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    rm_status st = (clip == NULL || out == NULL) ? RM_ERR_NULL : rm_validate(clip);
    if (st != RM_OK) {
        if (out != NULL) {
            out->position = v3_zero();
            out->rotation = quat_identity();
        }
        return st;
    }
    if (!isfinite(time)) {
        *out = frame_pose(clip, 0);
        return RM_ERR_TIME;
    }
    double dur = rm_duration(clip);
    double t = time;
    if (clip->looping) {
        t = fmod(t, dur);
        if (t < 0.0)
            t += dur;
        if (t >= dur)
            t = 0.0;
    } else if (t < 0.0) {
        *out = frame_pose(clip, 0);
        return RM_ERR_TIME;
    } else if (t > dur) {
        *out = frame_pose(clip, clip->frame_count - 1);
        return RM_ERR_TIME;
    }
    *out = pose_at(clip, t);
    return RM_OK;
}

/* Motion from clip time a to b (0 <= a <= b <= duration), one pass. */
static rm_delta segment(const rm_clip *clip, double a, double b)
{
    rm_root_pose p0 = pose_at(clip, a), p1 = pose_at(clip, b);
    float h0 = rm_heading(p0.rotation), h1 = rm_heading(p1.rotation);
    rm_delta d;
    d.translation = rm_rotate_yaw(v3_sub(p1.position, p0.position), -h0);
    d.turn = wrap_pi(h1 - h0);
    return d;
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    rm_status st = (clip == NULL || out == NULL) ? RM_ERR_NULL : rm_validate(clip);
    if (st == RM_OK && (!isfinite(t0) || !isfinite(t1) || !(t0 <= t1)))
        st = RM_ERR_TIME;
    double dur = 0.0;
    if (st == RM_OK) {
        dur = rm_duration(clip);
        if (clip->looping ? ((double)t1 - (double)t0 > dur) : (t0 < 0.0f || (double)t1 > dur))
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
        *out = segment(clip, t0, t1);
        return RM_OK;
    }
    double span = (double)t1 - (double)t0;
    double u0 = fmod((double)t0, dur);
    if (u0 < 0.0)
        u0 += dur;
    if (u0 >= dur)
        u0 = 0.0;
    if (u0 + span <= dur) {
        *out = segment(clip, u0, u0 + span);
        return RM_OK;
    }
    double u1 = u0 + span - dur;
    if (u1 > dur)
        u1 = dur;
    rm_delta first = segment(clip, u0, dur), second = segment(clip, 0.0, u1);
    out->translation = v3_add(first.translation, rm_rotate_yaw(second.translation, first.turn));
    out->turn = wrap_pi(first.turn + second.turn);
    return RM_OK;
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    /* Not from the chapter: root_motion.h's validation. */
    if (character == NULL || delta == NULL)
        return RM_ERR_NULL;
    if (!v3_in_world(character->position) || !isfinite(character->yaw) || !v3_in_world(delta->translation) ||
        !isfinite(delta->turn))
        return RM_ERR_NOT_FINITE;
    /* chapter: transform.position += animator.deltaPosition;
     * (deltaPosition is world space in Unity: the clip's step turned by the character's facing) */
    character->position = v3_add(character->position, rm_rotate_yaw(delta->translation, character->yaw));
    /* chapter: transform.rotation *= animator.deltaRotation;  (a turn about +Y: yaw + turn) */
    character->yaw = wrap_pi(rm_wrap_angle(character->yaw) + rm_wrap_angle(delta->turn));
    return RM_OK;
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    rm_status st = rm_validate(clip);
    if (st != RM_OK)
        return st;
    for (int i = 0; i < clip->frame_count; i++) {
        quat q = unit_quat(clip->rotations[i]);
        float h = rm_heading(q);
        clip->positions[i].x = 0.0f;
        clip->positions[i].z = 0.0f;
        clip->rotations[i] = quat_normalize(quat_mul(quat_from_axis_angle(v3_up(), -h), q));
    }
    return RM_OK;
}
