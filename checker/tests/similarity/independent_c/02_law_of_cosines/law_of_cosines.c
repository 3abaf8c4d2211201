/* Section 02, solved with a small struct for the triangle. */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

typedef struct {
    float upper, lower, reach;
    int valid;
} triangle;

static triangle make_triangle(float upper, float lower, float reach)
{
    triangle t = {upper, lower, reach, 1};
    if (!isfinite(upper) || !isfinite(lower) || upper <= 0 || lower <= 0) {
        t.valid = 0;
        return t;
    }
    if (isnan(reach) || reach < 0)
        t.reach = 0;
    float shortest = upper > lower ? upper - lower : lower - upper;
    float longest = upper + lower;
    t.reach = t.reach < shortest ? shortest : t.reach > longest ? longest : t.reach;
    return t;
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    triangle t = make_triangle(len_upper, len_lower, dist);
    if (!t.valid)
        return 0;
    float cosine = (t.upper * t.upper + t.lower * t.lower - t.reach * t.reach) / (2 * t.upper * t.lower);
    cosine = fmaxf(-1.0f, fminf(1.0f, cosine));
    return acosf(cosine);
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    triangle t = make_triangle(len_upper, len_lower, dist);
    if (!t.valid || t.upper * t.reach == 0)
        return 0;
    float cosine = (t.upper * t.upper + t.reach * t.reach - t.lower * t.lower) / (2 * t.upper * t.reach);
    cosine = fmaxf(-1.0f, fminf(1.0f, cosine));
    return acosf(cosine);
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    triangle t = make_triangle(len_upper, len_lower, dist);
    if (!t.valid)
        return 0;
    return IK_PI - elbow_interior_angle(len_upper, len_lower, dist);
}
