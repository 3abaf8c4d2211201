/* Variant tb_double_vector_build: all the geometry in double, no angle at all.
 * The elbow is built from its two coordinates in the bend plane (a along the
 * root->target line, h across it toward the pole), D clamped to exactly
 * [|L1 - L2|, L1 + L2]; limits count as REACHED (the header allows either).
 * Pole on the line (sin < 1e-9) or target on the root: fallback axes. */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

typedef struct { double x, y, z; } dvec;

static dvec dv(vec3 a) { dvec r = {a.x, a.y, a.z}; return r; }
static dvec dsub(dvec a, dvec b) { dvec r = {a.x - b.x, a.y - b.y, a.z - b.z}; return r; }
static dvec dscale(dvec a, double s) { dvec r = {a.x * s, a.y * s, a.z * s}; return r; }
static double ddot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static dvec dcross(dvec a, dvec b)
{
    dvec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}

static int good_point(vec3 p) { return fabsf(p.x) <= IK_WORLD_LIMIT && fabsf(p.y) <= IK_WORLD_LIMIT && fabsf(p.z) <= IK_WORLD_LIMIT; }
static int good_length(float l) { return l > 0.0f && l <= IK_WORLD_LIMIT; }

/* Some unit vector perpendicular to unit u. */
static dvec perpendicular(dvec u)
{
    dvec axis = {0.0, 0.0, 0.0};
    double ax = fabs(u.x), ay = fabs(u.y), az = fabs(u.z);
    if (ax <= ay && ax <= az)
        axis.x = 1.0;
    else if (ay <= az)
        axis.y = 1.0;
    else
        axis.z = 1.0;
    dvec p = dcross(u, axis);
    return dscale(p, 1.0 / sqrt(ddot(p, p)));
}

static vec3 to_float(dvec root, dvec off)
{
    return v3((float)(root.x + off.x), (float)(root.y + off.y), (float)(root.z + off.z));
}

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    if (in == NULL) {
        if (out != NULL)
            out->mid = out->tip = v3_zero();
        return TWO_BONE_INVALID;
    }
    if (!good_point(in->root)) {
        if (out != NULL)
            out->mid = out->tip = v3_zero();
        return TWO_BONE_INVALID;
    }
    if (out == NULL)
        return TWO_BONE_INVALID;
    if (!good_length(in->len_upper) || !good_length(in->len_lower) || !good_point(in->target) ||
        !good_point(in->pole)) {
        out->mid = out->tip = in->root;
        return TWO_BONE_INVALID;
    }

    const double l1 = in->len_upper, l2 = in->len_lower;
    const dvec root = dv(in->root);
    const dvec to_target = dsub(dv(in->target), root);
    const double dist = sqrt(ddot(to_target, to_target));
    const double max_reach = l1 + l2, min_reach = fabs(l1 - l2);

    two_bone_status status = TWO_BONE_REACHED;
    double d = dist;
    if (dist > max_reach) {
        status = TWO_BONE_TOO_FAR;
        d = max_reach;
    } else if (dist < min_reach) {
        status = TWO_BONE_TOO_CLOSE;
        d = min_reach;
    }

    const dvec to_pole = dsub(dv(in->pole), root);
    const double pole_len = sqrt(ddot(to_pole, to_pole));

    /* The line's direction: toward the target, else toward the pole, else up. */
    dvec u;
    if (dist > 0.0)
        u = dscale(to_target, 1.0 / dist);
    else if (pole_len > 0.0)
        u = dscale(to_pole, 1.0 / pole_len);
    else {
        dvec up = {0.0, 1.0, 0.0};
        u = up;
    }

    /* The bend direction: the pole's part across the line. */
    dvec across = dsub(to_pole, dscale(u, ddot(to_pole, u)));
    double across_len = sqrt(ddot(across, across));
    dvec v;
    if (across_len > 1e-9 * pole_len && across_len > 0.0)
        v = dscale(across, 1.0 / across_len);
    else
        v = perpendicular(u);

    /* Elbow coordinates: a along u, h along v. */
    double a, h;
    if (d > 0.0) {
        a = ((l1 - l2) * (l1 + l2) + d * d) / (2.0 * d);
        double h_sq = (l1 - a) * (l1 + a);
        h = h_sq > 0.0 ? sqrt(h_sq) : 0.0;
    } else {
        /* Equal bones, target on the root: folded, elbow anywhere at L1. */
        a = l1;
        h = 0.0;
    }

    dvec mid_off = {u.x * a + v.x * h, u.y * a + v.y * h, u.z * a + v.z * h};
    out->mid = to_float(root, mid_off);
    out->tip = to_float(root, dscale(u, d));
    return status;
}
