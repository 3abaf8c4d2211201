/* Variant tb_float_acos_sec02: float throughout; the shoulder angle comes
 * from section 02's shoulder_angle() on the clamped D (acos of a clamped
 * cosine), the elbow is u*cos + v*sin of it. Limits count as out of range
 * (>= / <=, the header allows either status there). Validation checks the
 * positions before the lengths. Pole on the line: ikmath's any-perpendicular. */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

static int in_world(vec3 p) { return v3_in_world(p); }

/* Unit vector along a, computed after dividing by its largest component so
 * tiny and huge vectors keep their direction; the zero vector stays zero. */
static vec3 unit_or_zero(vec3 a, float *length)
{
    float m = fmaxf(fabsf(a.x), fmaxf(fabsf(a.y), fabsf(a.z)));
    if (!(m > 0.0f)) {
        *length = 0.0f;
        return v3_zero();
    }
    vec3 s = v3_scale(a, 1.0f / m);
    float l = v3_length(s);
    *length = l * m;
    return v3_scale(s, 1.0f / l);
}

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    if (in == NULL || out == NULL) {
        if (out != NULL)
            out->mid = out->tip = v3_zero();
        return TWO_BONE_INVALID;
    }
    if (!in_world(in->root) || !in_world(in->target) || !in_world(in->pole) ||
        !(in->len_upper > 0.0f && ik_in_world(in->len_upper)) ||
        !(in->len_lower > 0.0f && ik_in_world(in->len_lower))) {
        vec3 fill = in_world(in->root) ? in->root : v3_zero();
        out->mid = fill;
        out->tip = fill;
        return TWO_BONE_INVALID;
    }

    const float l1 = in->len_upper, l2 = in->len_lower;
    const float max_reach = l1 + l2;
    const float min_reach = fabsf(l1 - l2);

    float dist;
    vec3 u = unit_or_zero(v3_sub(in->target, in->root), &dist);

    two_bone_status status;
    float d;
    if (dist >= max_reach) {
        status = TWO_BONE_TOO_FAR;
        d = max_reach;
    } else if (dist <= min_reach) {
        status = TWO_BONE_TOO_CLOSE;
        d = min_reach;
    } else {
        status = TWO_BONE_REACHED;
        d = dist;
    }

    float pole_dist;
    vec3 w = unit_or_zero(v3_sub(in->pole, in->root), &pole_dist);
    if (dist == 0.0f) /* no line: any direction will do; +X */
        u = v3_right();

    vec3 across = v3_sub(w, v3_scale(u, v3_dot(w, u)));
    vec3 v;
    if (v3_length_sq(across) > 1e-10f) { /* sin of the pole's angle above 1e-5 */
        /* A short `across` carries the rounding of w and u: take its part
         * along u out once more so v is square to the line. */
        v = v3_normalize(across);
        v = v3_normalize(v3_sub(v, v3_scale(u, v3_dot(v, u))));
    } else
        v = v3_any_perpendicular(u);

    float angle = shoulder_angle(l1, l2, d);
    vec3 mid_dir = v3_add(v3_scale(u, cosf(angle)), v3_scale(v, sinf(angle)));
    out->mid = v3_add(in->root, v3_scale(mid_dir, l1));
    out->tip = v3_add(in->root, v3_scale(u, d));
    return status;
}
