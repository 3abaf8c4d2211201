/* Variant loc_double_acos_branches: double arithmetic (the square of any
 * float is exact in double and cannot overflow), acos of the law-of-cosines
 * cosine clamped to [-1, 1]; the clamp itself makes out of reach straight
 * and too close folded. Explicit branches only where the formula has no
 * value: D = +inf or NaN (straight), D <= 0 (folded; a negative D is below
 * |L1 - L2|). Equal bones with the target on the shoulder: shoulder 0. */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

#define PI_D 3.14159265358979323846

typedef enum { ARM_BAD, ARM_STRAIGHT, ARM_FOLDED, ARM_FORMULA } arm_case;

static int bone_ok(float len) { return isfinite(len) && len > 0.0f; }

static arm_case classify(float len_upper, float len_lower, float dist)
{
    if (!bone_ok(len_upper) || !bone_ok(len_lower))
        return ARM_BAD;
    if (isnan(dist) || dist == INFINITY)
        return ARM_STRAIGHT;
    if (dist <= 0.0f)
        return ARM_FOLDED;
    return ARM_FORMULA;
}

static double clamped_acos(double c)
{
    if (c > 1.0) c = 1.0;
    if (c < -1.0) c = -1.0;
    return acos(c);
}

/* C opposite side c: the two squares of opposite sign meet first. */
static double angle_opposite(double a, double b, double c)
{
    return clamped_acos(((a * a - c * c) + b * b) / (2.0 * a * b));
}

static double interior_d(float len_upper, float len_lower, float dist)
{
    return angle_opposite(len_upper, len_lower, dist);
}

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    switch (classify(len_upper, len_lower, dist)) {
    case ARM_BAD: return 0.0f;
    case ARM_STRAIGHT: return (float)PI_D;
    case ARM_FOLDED: return 0.0f;
    case ARM_FORMULA: break;
    }
    return (float)interior_d(len_upper, len_lower, dist);
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    switch (classify(len_upper, len_lower, dist)) {
    case ARM_BAD: return 0.0f;
    case ARM_STRAIGHT: return 0.0f;
    case ARM_FOLDED:
        /* Folded: the hand lies along the upper bone when the upper bone
         * is the longer one, behind the shoulder when it is the shorter. */
        return len_upper < len_lower ? (float)PI_D : 0.0f;
    case ARM_FORMULA: break;
    }
    return (float)angle_opposite(len_upper, dist, len_lower);
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    switch (classify(len_upper, len_lower, dist)) {
    case ARM_BAD: return 0.0f;
    case ARM_STRAIGHT: return 0.0f;
    case ARM_FOLDED: return (float)PI_D;
    case ARM_FORMULA: break;
    }
    return (float)(PI_D - interior_d(len_upper, len_lower, dist));
}
