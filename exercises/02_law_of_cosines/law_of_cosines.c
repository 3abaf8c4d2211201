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
    /* TODO (chapter sections 3 and 4): the angle inside the triangle at
     * the elbow, in radians, for bones len_upper and len_lower whose ends
     * are dist apart. The contract - bad lengths, distances out of reach,
     * a straight arm - is in law_of_cosines.h.
     * Stuck? make hint S=02 gives one step at a time, weakest first. */
    (void)len_upper;
    (void)len_lower;
    (void)dist;
    return 0.0f;
    /* @end elbow_interior_angle */
}

float shoulder_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet shoulder_angle */
    /* TODO (chapter sections 4 and 14): the angle at the root between the
     * upper bone and the line to the target, in radians. Same contract as
     * elbow_interior_angle (law_of_cosines.h), with its own rule for a
     * target on the root.
     * Stuck? make hint S=02 gives one step at a time, weakest first. */
    (void)len_upper;
    (void)len_lower;
    (void)dist;
    return 0.0f;
    /* @end shoulder_angle */
}

float elbow_bend_angle(float len_upper, float len_lower, float dist)
{
    /* @snippet elbow_bend_angle */
    /* TODO (chapter section 4, the paragraph after the worked example):
     * how far the elbow bends away from straight, the angle rigs use, in
     * radians. The contract is in law_of_cosines.h.
     * Stuck? make hint S=02 gives one step at a time, weakest first. */
    (void)len_upper;
    (void)len_lower;
    (void)dist;
    return 0.0f;
    /* @end elbow_bend_angle */
}
