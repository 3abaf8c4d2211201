/* 02 Law of cosines - exercise (chapter sections 3, 4 and 14).
 *
 * The three sides of the shoulder-elbow-target triangle (upper bone L1,
 * lower bone L2, straight distance D) give every angle inside it, with no
 * search and no iteration:
 *
 *     C = acos((a^2 + b^2 - c^2) / (2ab))   (C is opposite side c)
 *
 * All three functions below are stubs returning 0: they compile and run but
 * give wrong angles until you fill them in. law_of_cosines.h documents the
 * contract; all angles are radians.
 */
#include "law_of_cosines.h"

#include <math.h>

#include "ikmath.h"

float elbow_interior_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet elbow_interior_angle */
    /* TODO: read chapter sections 3 and 4 (law of cosines), then:
     *   - if either length is not finite or not > 0, return 0.
     *   - if !(dist >= 0) (negative or NaN), use dist = 0.
     *   - clamp dist into [|L1 - L2|, L1 + L2] EXACTLY (no margin).
     *   - cosine = (L1^2 + L2^2 - dist^2) / (2 L1 L2): dist is the side
     *     opposite the elbow.
     *   - clamp the COSINE into [-1, 1] and return acosf(cosine).
     * WARNING: do not copy the chapter's `dist - 0.0001f` margin. acos is
     * steep near -1, so that margin turns a straight arm (section 14:
     * 0.6, 0.5, 1.1) into ~178.4 deg instead of 180. Clamping the cosine is
     * what keeps acosf away from NaN when rounding gives -1.0000001.
     * Expected: (0.5, 0.4, 0.7) -> 101.5 deg, (0.6, 0.5, 0.9) -> 109.5 deg. */
    (void)len_upper;
    (void)len_lower;
    (void)dist;
    return 0.0f;
    /* @end elbow_interior_angle */
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet shoulder_angle */
    /* TODO: read chapter sections 4 and 14 (law of cosines, exercises).
     * Same guards and the same exact clamp of dist as
     * elbow_interior_angle, but this angle sits at the root, between the
     * upper bone (L1) and the line to the target (dist); the side opposite
     * it is the lower bone (L2):
     *   cosine = (L1^2 + dist^2 - L2^2) / (2 L1 dist)
     * If the denominator 2 L1 dist is 0 (equal bones, target at the root),
     * return 0. Clamp the COSINE into [-1, 1] before acosf (do not shrink
     * dist by a margin like the chapter's 1e-4 instead).
     * Expected: (0.6, 0.5, 0.9) -> 31.6 deg, (0.6, 0.5, 1.1) -> 0 deg. */
    (void)len_upper;
    (void)len_lower;
    (void)dist;
    return 0.0f;
    /* @end shoulder_angle */
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet elbow_bend_angle */
    /* TODO: read chapter section 4 (the paragraph after the worked
     * example). Rigs measure how far the elbow bends away from straight:
     * bend = pi - interior angle (use IK_PI and elbow_interior_angle).
     * Bad lengths (not finite or <= 0) return 0 here too, not pi.
     * Expected: (0.5, 0.4, 0.7) -> 78.5 deg. */
    (void)len_upper;
    (void)len_lower;
    (void)dist;
    return 0.0f;
    /* @end elbow_bend_angle */
}
