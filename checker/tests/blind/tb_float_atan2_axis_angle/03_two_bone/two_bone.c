/* Variant tb_float_atan2_axis_angle: float; the triangle is solved in units
 * of the reach (L1 + L2 = 1, so any limb size squares safely), the shoulder
 * angle is atan2f(height, along) and the line direction is turned by it about
 * the bend axis (target dir x pole dir) with a quaternion, like the chapter's
 * AngleAxis. Limits count as REACHED (strict > / <). Pole on the line: the
 * chapter's fallback axis (x world up, else x world right). */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

/* Direction of a (unit), or zero; length returned through *len. Divides by
 * the largest component first so tiny and huge vectors both work. */
static vec3 direction_of(vec3 a, float *len)
{
    float m = fmaxf(fabsf(a.x), fmaxf(fabsf(a.y), fabsf(a.z)));
    if (m == 0.0f) {
        *len = 0.0f;
        return v3_zero();
    }
    vec3 s = v3_scale(a, 1.0f / m);
    float l = sqrtf(v3_dot(s, s));
    *len = l * m;
    return v3_scale(s, 1.0f / l);
}

static int length_ok(float l) { return l > 0.0f && ik_in_world(l); }

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    if (out == NULL)
        return TWO_BONE_INVALID;
    if (in == NULL) {
        out->mid = out->tip = v3_zero();
        return TWO_BONE_INVALID;
    }
    {
        int bad = !length_ok(in->len_upper) || !length_ok(in->len_lower);
        int root_ok = v3_in_world(in->root);
        bad = bad || !root_ok || !v3_in_world(in->target) || !v3_in_world(in->pole);
        if (bad) {
            out->mid = out->tip = root_ok ? in->root : v3_zero();
            return TWO_BONE_INVALID;
        }
    }

    const float l1 = in->len_upper, l2 = in->len_lower;
    const float reach = l1 + l2;

    float dist, pole_dist;
    vec3 dir = direction_of(v3_sub(in->target, in->root), &dist);
    vec3 pole_dir = direction_of(v3_sub(in->pole, in->root), &pole_dist);
    if (dist == 0.0f) /* target on the root: lean toward the pole, or down */
        dir = pole_dist > 0.0f ? pole_dir : v3(0.0f, -1.0f, 0.0f);

    /* The triangle with the reach as unit. */
    const float p = l1 / reach, q = l2 / reach;
    float t = dist / reach;
    two_bone_status status = TWO_BONE_REACHED;
    const float t_min = fabsf(p - q);
    if (dist > reach) {
        status = TWO_BONE_TOO_FAR;
        t = 1.0f;
    } else if (dist < fabsf(l1 - l2)) {
        status = TWO_BONE_TOO_CLOSE;
        t = t_min;
    }

    float angle;
    if (t > 0.0f) {
        float along = ((p - q) * (p + q) + t * t) / (2.0f * t); /* elbow's distance along the line */
        float height_sq = (p - along) * (p + along);
        float height = height_sq > 0.0f ? sqrtf(height_sq) : 0.0f;
        angle = atan2f(height, along);
    } else {
        angle = 0.0f; /* equal bones, target on the root: folded any way */
    }

    /* Bend axis: perpendicular to the line and the pole. */
    vec3 axis = v3_cross(dir, pole_dir);
    float axis_sq = v3_length_sq(axis);
    if (!(axis_sq > 1e-10f)) { /* pole within ~1e-5 rad of the line */
        axis = v3_cross(dir, v3_up());
        if (v3_length_sq(axis) < 1e-6f)
            axis = v3_cross(dir, v3_right());
    }
    quat turn = quat_from_axis_angle(axis, angle);
    vec3 mid_dir = quat_rotate(turn, dir);

    out->mid = v3_add(in->root, v3_scale(mid_dir, l1));
    out->tip = v3_add(in->root, v3_scale(dir, t * reach));
    return status;
}
