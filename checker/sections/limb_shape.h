/* limb_shape.h - section 03's contract as a shape, for the sections that
 * place limbs with the student's own two_bone_solve (07's legs, 08's arm).
 * Trusted side only.
 *
 * 03 is judged by properties, so two accepted solves can differ: each tip
 * within 1e-4 of the reach of the target (or of the full-reach point on
 * the root->target ray), each middle joint in the root/target/pole plane.
 * Where a limb is nearly straight, a tip 1e-4 of the reach away slides the
 * middle joint along its circle much further: the real clip's knees
 * differed from the reference's by 1e-4 of the leg, the wall reach's
 * elbow by 5e-3 m, for 03s that pass every 03 check. So 07 and 08 accept a
 * limb that is the reference's, or one with the shape 03's contract gives
 * for the goal, pole and bones the section chose: a correct 07 passes with
 * any accepted 03, while a wrong goal, pole or bone still moves the tip or
 * the plane far past these tolerances. */
#ifndef CHECKER_LIMB_SHAPE_H
#define CHECKER_LIMB_SHAPE_H

#include "ikmath.h"

#include <math.h>

/* 03's own tolerances (TIP_TOL, LEN_TOL, PLANE_TOL: 1e-4 of the reach or
 * the bone, 3x the reference's worst) with half as much again for the
 * goal the dependent section computes in its own order (a lerp and a body
 * offset: a few ulps of a 2 m limb, far below this). */
#define LIMB_SHAPE_TOL 1.5e-4
/* 03's LINE_BEND_DEG: a straight or folded limb may bend this much either
 * way, so there the pole's side does not decide. */
#define LIMB_SHAPE_LINE_DEG 0.5

typedef struct { double x, y, z; } limb_dvec;

static inline limb_dvec limb_d(vec3 a, vec3 b)
{
    return (limb_dvec){(double)a.x - b.x, (double)a.y - b.y, (double)a.z - b.z};
}
static inline double limb_dot(limb_dvec a, limb_dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline limb_dvec limb_axpy(limb_dvec a, double k, limb_dvec b)
{
    return (limb_dvec){a.x + k * b.x, a.y + k * b.y, a.z + k * b.z};
}
static inline limb_dvec limb_unit(limb_dvec a)
{
    double l = sqrt(limb_dot(a, a));
    return l > 0.0 ? (limb_dvec){a.x / l, a.y / l, a.z / l} : a;
}

/* Whether root -> mid -> tip is a pose 03's contract allows for this goal,
 * pole and bone lengths: both bones their length, the tip on the goal (or,
 * past a limit, on the root->goal ray at the nearest reachable distance),
 * the middle joint in the root/goal/pole plane and on the pole's side
 * unless the limb is straight or folded. False for anything not finite. */
static inline int limb_has_solve_shape(vec3 root, vec3 goal, vec3 pole, float len_upper, float len_lower, vec3 mid,
                                       vec3 tip)
{
    const double l1 = len_upper, l2 = len_lower, reach = l1 + l2, tol = LIMB_SHAPE_TOL;
    limb_dvec to_mid = limb_d(mid, root), to_tip = limb_d(tip, mid), to_goal = limb_d(goal, root);
    if (!(fabs(sqrt(limb_dot(to_mid, to_mid)) - l1) <= tol * l1) ||
        !(fabs(sqrt(limb_dot(to_tip, to_tip)) - l2) <= tol * l2))
        return 0;
    double dist = sqrt(limb_dot(to_goal, to_goal));
    if (!(dist > 0.0))
        return 0;
    limb_dvec axis = limb_unit(to_goal);
    double along = fmin(fmax(dist, fabs(l1 - l2)), reach);
    limb_dvec miss = limb_axpy(limb_d(tip, root), -along, axis);
    if (!(sqrt(limb_dot(miss, miss)) <= tol * reach))
        return 0;
    limb_dvec to_pole = limb_d(pole, root);
    limb_dvec pole_perp = limb_axpy(to_pole, -limb_dot(to_pole, axis), axis);
    limb_dvec mid_perp = limb_axpy(to_mid, -limb_dot(to_mid, axis), axis);
    double bend_deg = asin(fmin(1.0, sqrt(limb_dot(mid_perp, mid_perp)) / l1)) * IK_RAD_TO_DEG;
    if (bend_deg <= LIMB_SHAPE_LINE_DEG)
        return 1;
    /* a pole on the root->goal line leaves the plane to 03's fallback */
    if (!(sqrt(limb_dot(pole_perp, pole_perp)) > tol * reach))
        return 1;
    limb_dvec side = limb_unit(pole_perp);
    limb_dvec normal = {axis.y * side.z - axis.z * side.y, axis.z * side.x - axis.x * side.z,
                        axis.x * side.y - axis.y * side.x};
    return fabs(limb_dot(to_mid, normal)) <= tol * l1 && limb_dot(mid_perp, side) > 0.0;
}

#endif
