/* 02 - my law of cosines. */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

static int lengths_ok(float a, float b)
{
    return isfinite(a) && isfinite(b) && a > 0.0f && b > 0.0f;
}

static float clamp_distance(float a, float b, float d)
{
    float lo = fabsf(a - b), hi = a + b;
    if (!(d >= 0.0f))
        d = 0.0f;
    if (d < lo)
        d = lo;
    if (d > hi)
        d = hi;
    return d;
}

static float safe_acos(float c)
{
    if (c > 1.0f)
        c = 1.0f;
    else if (c < -1.0f)
        c = -1.0f;
    return acosf(c);
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    if (!lengths_ok(len_upper, len_lower))
        return 0.0f;
    float d = clamp_distance(len_upper, len_lower, dist);
    float num = len_upper * len_upper + len_lower * len_lower - d * d;
    return safe_acos(num / (2.0f * len_upper * len_lower));
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    if (!lengths_ok(len_upper, len_lower))
        return 0.0f;
    float d = clamp_distance(len_upper, len_lower, dist);
    float den = 2.0f * len_upper * d;
    if (den == 0.0f)
        return 0.0f;
    float num = len_upper * len_upper + d * d - len_lower * len_lower;
    return safe_acos(num / den);
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    if (!lengths_ok(len_upper, len_lower))
        return 0.0f;
    return IK_PI - elbow_interior_angle(len_upper, len_lower, dist);
}
