/* 02 Law of cosines (chapter sections 3, 4 and 14).
 *
 * The arm is a triangle: upper bone L1 (shoulder to elbow), lower bone L2
 * (elbow to hand) and the straight line D from the shoulder to the target.
 * For a triangle with sides a, b, c and the interior angle C opposite c:
 *
 *     c^2 = a^2 + b^2 - 2ab cos C   =>   C = acos((a^2 + b^2 - c^2) / (2ab))
 *
 * All angles are radians; the three lengths share one unit (metres in the
 * workbook; only their ratios matter). Every function returns a defined, finite angle
 * for every input: a target out of reach (D > L1 + L2) gives the straight
 * arm, a target too close (D < |L1 - L2|) the folded arm, and bone
 * lengths that are not positive and finite (0, negative, NaN, inf) give 0.
 * One answer is free: with equal bones and D = 0 the shoulder sits on the
 * target, so every direction points at it, and shoulder_angle may return
 * any angle in [0, pi] (the elbow is still folded: interior 0, bend pi).
 */
#ifndef LAW_OF_COSINES_H
#define LAW_OF_COSINES_H

/* Interior angle at the elbow, between the two bones: pi when straight. */
float elbow_interior_angle(float len_upper, float len_lower, float dist);

/* Interior angle at the shoulder (root), between the upper bone and the
 * straight line to the target: 0 when the arm points straight at it. */
float shoulder_angle(float len_upper, float len_lower, float dist);

/* How far the elbow bends away from straight: pi - interior angle.
 * This is what most rigs call "the elbow angle" (78.5 deg in section 4's
 * example where the interior angle is 101.5 deg). */
float elbow_bend_angle(float len_upper, float len_lower, float dist);

#endif /* LAW_OF_COSINES_H */
