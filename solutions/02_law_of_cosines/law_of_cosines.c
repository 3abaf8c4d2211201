/* 02 Law of cosines - reference solution (chapter sections 3, 4 and 14).
 *
 * Shows how the three sides of the shoulder-elbow-target triangle (upper
 * bone L1, lower bone L2, straight distance D) give every angle inside it,
 * with no search and no iteration:
 *
 *     C = acos((a^2 + b^2 - c^2) / (2ab))   (C is opposite side c)
 *
 * Two guards keep acos defined for every input:
 *   1. D is clamped into the range a real triangle allows, [|L1-L2|, L1+L2].
 *   2. The cosine itself is clamped into [-1, 1], because float rounding can
 *      still land it at -1.0000001 when D == L1 + L2 exactly.
 * The chapter's C# instead shrinks D by a 1e-4 margin. Do not copy that:
 * acos is steep near -1, so the margin costs about 1.6 degrees and a fully
 * stretched arm (section 14: 0.6, 0.5, 1.1) reports ~178.4 instead of 180.
 */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

/* A bone of length 0, negative, NaN or infinite is no triangle side. */
static int bones_valid(float len_upper, float len_lower)
{
    return isfinite(len_upper) && len_upper > 0.0f && isfinite(len_lower) && len_lower > 0.0f;
}

/* The distance a real triangle allows (section 4): too far means the
 * straight arm, too close the folded arm. Clamped exactly, with no margin;
 * a negative or NaN distance counts as "at the root". */
static float reachable_distance(float len_upper, float len_lower, float dist)
{
    if (!(dist >= 0.0f))
        dist = 0.0f;
    float max_reach = len_upper + len_lower;
    float min_reach = fabsf(len_upper - len_lower);
    if (dist > max_reach)
        dist = max_reach;
    if (dist < min_reach)
        dist = min_reach;
    return dist;
}

/* The law of cosines: the interior angle between sides a and b, opposite
 * side c. Never NaN. */
static float angle_opposite(float a, float b, float c)
{
    float denominator = 2.0f * a * b;
    /* a side of 0 only happens for equal bones folded onto the root: the
     * triangle has collapsed and any direction works, so report 0 */
    if (denominator == 0.0f)
        return 0.0f;
    /* a^2 - c^2 taken as (a - c)(a + c): for the shoulder that is
     * L1^2 - L2^2, and with nearly equal bones the two squares cancel down
     * to their rounding. Over a small D that put a folded shoulder up to
     * 0.8 rad (46 deg) off; a - c has no rounding when the two are within
     * 2x of each other. */
    float cosine = ((a - c) * (a + c) + b * b) / denominator;
    /* Only when the squares overflow or underflow float (sides beyond
     * ~1e19 or below ~1e-19): answer 0, never NaN. */
    if (isnan(cosine))
        return 0.0f;
    /* Rounding can push the cosine a hair past +-1 even after the distance
     * was clamped; acosf would then return NaN. */
    if (cosine < -1.0f)
        cosine = -1.0f;
    if (cosine > 1.0f)
        cosine = 1.0f;
    return acosf(cosine);
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet elbow_interior_angle */
    if (!bones_valid(len_upper, len_lower))
        return 0.0f;
    /* The side opposite the elbow is the shoulder-target line D. */
    return angle_opposite(len_upper, len_lower, reachable_distance(len_upper, len_lower, dist));
    /* @end elbow_interior_angle */
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet shoulder_angle */
    if (!bones_valid(len_upper, len_lower))
        return 0.0f;
    /* The shoulder sits between the upper bone (L1) and the line to the
     * target (D); the side opposite it is the lower bone (L2). */
    return angle_opposite(len_upper, reachable_distance(len_upper, len_lower, dist), len_lower);
    /* @end shoulder_angle */
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet elbow_bend_angle */
    /* Same "no triangle" answer as the other two: 0, not pi - 0. */
    if (!bones_valid(len_upper, len_lower))
        return 0.0f;
    /* Rigs measure "how far from straight"; a straight arm's interior angle
     * is pi, so the bend is what is missing from pi (section 4). */
    return IK_PI - elbow_interior_angle(len_upper, len_lower, dist);
    /* @end elbow_bend_angle */
}
