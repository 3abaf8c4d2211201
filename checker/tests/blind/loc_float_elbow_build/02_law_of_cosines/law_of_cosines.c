/* Variant loc_float_elbow_build: float, no cosine and no acos. After an
 * exact power-of-two scaling (longer bone near 1) the triangle is built in
 * a plane: shoulder at the origin, target on +x at D, the elbow's foot on
 * that line measured from both ends (each clamped to its bone's length,
 * which turns out-of-reach and too-close targets into the straight and
 * folded arm), its height from the end with the smaller rounding error.
 * Each angle is
 * atan2 of the cross and dot products of its two sides.
 * D = +inf or NaN: straight; D <= 0: folded; equal bones there: pi / 2. */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

enum { SHAPE_BAD, SHAPE_STRAIGHT, SHAPE_FOLDED, SHAPE_BUILT };

typedef struct {
    float from_shoulder; /* elbow's foot, measured from the shoulder along +x */
    float from_target;   /* the same foot, measured from the target along -x */
    float height;        /* elbow's distance from the shoulder-target line */
} elbow_spot;

/* p^2 - q^2 + r^2, the cancelling pair of squares differenced exactly;
 * *size gets the sum of the magnitudes added, its rounding error's scale. */
static float sq_sum(float p, float q, float r, float *size)
{
    float pair, rest;
    if (fabsf(p - q) <= fabsf(r - q)) {
        pair = (p - q) * (p + q);
        rest = r * r;
    } else {
        pair = (r - q) * (r + q);
        rest = p * p;
    }
    *size = fabsf(pair) + rest;
    return pair + rest;
}

static float clamp_reach(float x, float len)
{
    if (!(x < len)) x = len; /* also NaN from inf / inf: far out of reach */
    if (x < -len) x = -len;
    return x;
}

static int build(float len_upper, float len_lower, float dist, elbow_spot *out)
{
    if (!(isfinite(len_upper) && isfinite(len_lower) && len_upper > 0.0f && len_lower > 0.0f))
        return SHAPE_BAD;
    if (!(dist > 0.0f))
        return isnan(dist) ? SHAPE_STRAIGHT : SHAPE_FOLDED;
    int e = ilogbf(len_upper > len_lower ? len_upper : len_lower);
    float a = ldexpf(len_upper, -e), b = ldexpf(len_lower, -e), d = ldexpf(dist, -e);
    if (isinf(d))
        return SHAPE_STRAIGHT;
    /* Two circles: |E| = a, |E - T| = b, T = (d, 0). */
    float size_s, size_t;
    float fs = clamp_reach(sq_sum(a, b, d, &size_s) / (2.0f * d), a);
    float ft = clamp_reach(sq_sum(b, a, d, &size_t) / (2.0f * d), b);
    /* The height from the end whose h^2 = len^2 - foot^2 carries the
     * smaller rounding error (about len * size / d): near a full bone
     * length a foot's last digits decide the whole root. Two roots, not
     * the root of a product: a^2 may underflow. */
    float h;
    if (a * size_s <= b * size_t)
        h = sqrtf(a - fs) * sqrtf(a + fs);
    else
        h = sqrtf(b - ft) * sqrtf(b + ft);
    out->from_shoulder = fs;
    out->from_target = ft;
    out->height = h;
    return SHAPE_BUILT;
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    elbow_spot s;
    switch (build(len_upper, len_lower, dist, &s)) {
    case SHAPE_STRAIGHT: return IK_PI;
    case SHAPE_BUILT: {
        /* elbow -> shoulder = (-fs, -h), elbow -> target = (ft, -h) */
        float cross = s.height * (s.from_shoulder + s.from_target);
        float dot = s.height * s.height - s.from_shoulder * s.from_target;
        return atan2f(fabsf(cross), dot);
    }
    default: return 0.0f; /* bad lengths, folded */
    }
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    elbow_spot s;
    switch (build(len_upper, len_lower, dist, &s)) {
    case SHAPE_FOLDED:
        if (len_upper == len_lower)
            return 0.5f * IK_PI; /* free: every direction reaches */
        return len_upper < len_lower ? IK_PI : 0.0f;
    case SHAPE_BUILT:
        /* shoulder -> elbow = (fs, h), shoulder -> target along +x */
        return atan2f(s.height, s.from_shoulder);
    default: return 0.0f; /* bad lengths, straight */
    }
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    elbow_spot s;
    switch (build(len_upper, len_lower, dist, &s)) {
    case SHAPE_FOLDED: return IK_PI;
    case SHAPE_BUILT: {
        /* upper bone direction (fs, h), lower bone direction (ft, -h) */
        float cross = s.height * (s.from_shoulder + s.from_target);
        float dot = s.from_shoulder * s.from_target - s.height * s.height;
        return atan2f(fabsf(cross), dot);
    }
    default: return 0.0f; /* bad lengths, straight */
    }
}
