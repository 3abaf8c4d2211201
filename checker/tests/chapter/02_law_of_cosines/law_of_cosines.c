/* Port of chapter section 4 (law of cosines: cos(elbow) and cos(rootAngle),
 * as worked in section 14) with the clamping of section 5's TwoBoneIK.Solve
 * (distance clamped to [minReach + 0.0001, maxReach - 0.0001], cosine
 * clamped to -1..1 before Mathf.Acos). */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

/* Unity's Mathf.Clamp, as the chapter calls it: min is tested first. */
static float mathf_clamp(float value, float min, float max)
{
    if (value < min)
        value = min;
    else if (value > max)
        value = max;
    return value;
}

/* Not from the chapter: law_of_cosines.h wants 0 for bone lengths that are
 * not positive and finite (and a finite angle for every input). */
static int bad_input(float len_upper, float len_lower, float dist)
{
    return !(len_upper > 0.0f) || !isfinite(len_upper) || !(len_lower > 0.0f) || !isfinite(len_lower) ||
           isnan(dist);
}

/* The section-5 distance clamp, carried over to every angle. */
static float clamped_dist(float len_upper, float len_lower, float dist)
{
    float maxReach = len_upper + len_lower;          /* chapter: float maxReach = lenUpper + lenLower; */
    float minReach = fabsf(len_upper - len_lower);   /* chapter: float minReach = Mathf.Abs(lenUpper - lenLower); */
    /* chapter: float dist = Mathf.Clamp(rawDist, minReach + 0.0001f, maxReach - 0.0001f); */
    return mathf_clamp(dist, minReach + 0.0001f, maxReach - 0.0001f);
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    if (bad_input(len_upper, len_lower, dist))
        return 0.0f;
    float d = clamped_dist(len_upper, len_lower, dist);
    /* chapter (section 4/14): cos(elbowAngle) = (L1^2 + L2^2 - D^2) / (2*L1*L2) */
    float cosElbow = (len_upper * len_upper + len_lower * len_lower - d * d) / (2.0f * len_upper * len_lower);
    /* chapter: Mathf.Acos(Mathf.Clamp(cos..., -1f, 1f)) */
    return acosf(mathf_clamp(cosElbow, -1.0f, 1.0f));
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    if (bad_input(len_upper, len_lower, dist))
        return 0.0f;
    float d = clamped_dist(len_upper, len_lower, dist);
    /* chapter: float cosRootAngle = (lenUpper * lenUpper + dist * dist - lenLower * lenLower)
     *                               / (2f * lenUpper * dist); */
    float cosRootAngle = (len_upper * len_upper + d * d - len_lower * len_lower) / (2.0f * len_upper * d);
    /* chapter: float rootAngle = Mathf.Acos(Mathf.Clamp(cosRootAngle, -1f, 1f)); */
    return acosf(mathf_clamp(cosRootAngle, -1.0f, 1.0f));
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    if (bad_input(len_upper, len_lower, dist))
        return 0.0f;
    /* chapter (section 4 prose): straight arm is 180 degrees, so the bend
     * from straight is 180 - interior (101.5 -> 78.5) */
    return IK_PI - elbow_interior_angle(len_upper, len_lower, dist);
}
