/* Variant loc_float_kahan_atan2: float only, lengths scaled by a power of
 * two (exact) so the longer bone is near 1, angles from atan2 of 4 * area
 * (Kahan's stable Heron) over the law-of-cosines numerator: no acos and no
 * cosine to clamp. Whether a triangle exists is read from the sign of
 * Kahan's factor z - (x - y); the longest side then says straight (D) or
 * folded (a bone). NaN D is read as the folded arm, like a negative D;
 * equal bones on the target give shoulder 0. The bend is atan2 with the
 * numerator negated (pi - C directly). */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

enum { REGION_FOLDED = -1, REGION_TRIANGLE = 0, REGION_STRAIGHT = 1 };

typedef struct {
    int valid;       /* both bone lengths positive and finite */
    int region;
    float a, b, d;   /* scaled sides */
    float area4;     /* 4 * triangle area of the scaled sides */
} tri;

static tri make_tri(float len_upper, float len_lower, float dist)
{
    tri t = {0, REGION_TRIANGLE, 0.0f, 0.0f, 0.0f, 0.0f};
    if (!(len_upper > 0.0f && len_upper < INFINITY && len_lower > 0.0f && len_lower < INFINITY))
        return t;
    t.valid = 1;
    if (isnan(dist) || dist < 0.0f) {
        t.region = REGION_FOLDED;
        return t;
    }
    int e = ilogbf(fmaxf(len_upper, len_lower));
    t.a = ldexpf(len_upper, -e);
    t.b = ldexpf(len_lower, -e);
    t.d = ldexpf(dist, -e);
    /* Kahan: sort x >= y >= z, then
     * 4K = sqrt((x + (y + z)) (z - (x - y)) (z + (x - y)) (x + (y - z))). */
    float x = t.a, y = t.b, z = t.d, tmp;
    if (x < y) { tmp = x; x = y; y = tmp; }
    if (y < z) { tmp = y; y = z; z = tmp; }
    if (x < y) { tmp = x; x = y; y = tmp; }
    float gap = z - (x - y);
    if (gap < 0.0f) {
        /* x > y + z: the longest side is unique; D longest = out of reach. */
        t.region = x == t.d ? REGION_STRAIGHT : REGION_FOLDED;
        return t;
    }
    /* The two outer factors are near 1; the inner two may be tiny, and
     * their product could underflow: take their roots apart. */
    t.area4 = sqrtf((x + (y + z)) * (x + (y - z))) * sqrtf(gap) * sqrtf(z + (x - y));
    return t;
}

/* p^2 + q^2 - c^2 (c the side opposite the angle): c's square is taken
 * off the closer of p, q first, where the difference is exact. */
static float cos_numerator(float p, float q, float c)
{
    return fabsf(p - c) <= fabsf(q - c) ? (p - c) * (p + c) + q * q
                                        : (q - c) * (q + c) + p * p;
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    tri t = make_tri(len_upper, len_lower, dist);
    if (!t.valid || t.region == REGION_FOLDED)
        return 0.0f;
    if (t.region == REGION_STRAIGHT)
        return IK_PI;
    return atan2f(t.area4, cos_numerator(t.a, t.b, t.d));
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    tri t = make_tri(len_upper, len_lower, dist);
    if (!t.valid || t.region == REGION_STRAIGHT)
        return 0.0f;
    if (t.region == REGION_FOLDED)
        return len_upper < len_lower ? IK_PI : 0.0f;
    return atan2f(t.area4, cos_numerator(t.a, t.d, t.b));
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    tri t = make_tri(len_upper, len_lower, dist);
    if (!t.valid || t.region == REGION_STRAIGHT)
        return 0.0f;
    if (t.region == REGION_FOLDED)
        return IK_PI;
    return atan2f(t.area4, -cos_numerator(t.a, t.b, t.d));
}
