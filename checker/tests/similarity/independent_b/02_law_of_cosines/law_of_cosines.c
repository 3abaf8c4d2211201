#include "law_of_cosines.h"
#include <math.h>
#include "ikmath.h"

// Law of cosines, written with one helper that does everything.
static float angle_opposite(float x, float y, float opposite)
{
    double c = ((double)x * x + (double)y * y - (double)opposite * opposite) / (2.0 * x * y);
    c = c < -1.0 ? -1.0 : (c > 1.0 ? 1.0 : c);
    return (float)acos(c);
}

static int bad(float l1, float l2) { return !(l1 > 0.0f) || !(l2 > 0.0f) || isinf(l1) || isinf(l2); }

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    return bad(len_upper, len_lower) ? 0.0f : IK_PI - elbow_interior_angle(len_upper, len_lower, dist);
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    if (bad(len_upper, len_lower)) return 0.0f;
    float d = dist >= 0.0f ? dist : 0.0f;
    d = fminf(fmaxf(d, fabsf(len_upper - len_lower)), len_upper + len_lower);
    return angle_opposite(len_upper, len_lower, d);
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    if (bad(len_upper, len_lower)) return 0.0f;
    float d = dist >= 0.0f ? dist : 0.0f;
    d = fminf(fmaxf(d, fabsf(len_upper - len_lower)), len_upper + len_lower);
    if (len_upper * d == 0.0f) return 0.0f;
    return angle_opposite(len_upper, d, len_lower);
}
