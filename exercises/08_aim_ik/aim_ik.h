/* 08 Look-at and aim IK (chapter section 10).
 *
 * The same pattern as foot IK, pointed at a target instead of the ground:
 * compute the fully solved result, then blend it with the animated pose by
 * a 0..1 weight instead of replacing the pose.
 *  - aim_bone: one bone (a spine bone aiming a weapon, a head) turned
 *    toward a target: the full aim is LookRotation(target - bone, world
 *    up), and Slerp takes the shortest arc from the animated rotation
 *    toward it, as far as the weight says.
 *  - look_at_solve: a look-at spread over a chain (spine, neck, head),
 *    each bone taking its share of the turn that is left, as Unity's
 *    SetLookAtWeight does with its body/head weights.
 *  - wall_reach_*: a hand reaching a fixed point (a wall, a button) with
 *    section 03's two-bone solver, its weight fading in as the character
 *    comes near and out as it walks away.
 *
 * A bone's +Z axis is where it faces and +Y its up, as in section 04.
 * World space, +Y up, radians.
 */
#ifndef AIM_IK_H
#define AIM_IK_H

#include "ikmath.h"

/* The chapter's weights: LookAtIK.lookWeight and the spine's aimWeight. */
#define AIM_LOOK_WEIGHT 0.7f
#define AIM_SPINE_WEIGHT 0.6f

/* A target nearer than this to a bone (|target - position| <
 * AIM_MIN_DISTANCE) gives it no direction to face. 1e-5 m, not less:
 * quat_look_rotation takes a forward of 1e-6 or shorter for no direction
 * (ikmath.h's IK_EPSILON_SQ) and returns identity, which would not face a
 * target that is, by this rule, far enough to aim at. */
#define AIM_MIN_DISTANCE 1e-5f

#define LOOK_MAX_BONES 8

typedef enum {
    AIM_OK = 0,
    AIM_NO_DIRECTION,  /* the target sits on a bone: that bone keeps its animated rotation */
    AIM_INVALID        /* rejected before any math: see each function */
} aim_status;

static inline const char *aim_status_text(aim_status s)
{
    switch (s) {
    case AIM_OK: return "ok";
    case AIM_NO_DIRECTION: return "the target is on the bone: no direction to aim, animation kept";
    case AIM_INVALID: return "invalid input (NULL, NaN/inf or beyond IK_WORLD_LIMIT, a weight outside 0..1, a bad count or length)";
    }
    return "unknown status";
}

/* ---- one bone ------------------------------------------------------------
 *
 * full = quat_look_rotation(target - position, v3_up()), then
 * *out = quat_slerp(animated, full, weight): weight 0 is the animation,
 * weight 1 faces the target exactly with no roll (+X level), and the angle
 * to the target shrinks steadily in between. Straight above or below the
 * bone (target - position along up) no heading is level: there any full
 * aim with +Z on the target is allowed (quat_look_rotation's own choice is
 * one), and the blend takes the shortest arc toward the one chosen.
 *  - out NULL: AIM_INVALID, nothing written;
 *  - animated not finite, position or target NaN, inf or beyond
 *    IK_WORLD_LIMIT, or weight not within 0..1 (NaN included):
 *    AIM_INVALID, *out = identity;
 *  - target nearer than AIM_MIN_DISTANCE to position: AIM_NO_DIRECTION,
 *    *out = the animated rotation (normalized). */
aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out);

/* ---- look-at over a chain ------------------------------------------------ */

typedef struct {
    vec3 position;   /* world space, metres: the joint, the point the bone turns about */
    quat rotation;   /* world space: the rotation from the animation */
    float share;     /* 0..1 (no unit): the part of the turn still left that this bone takes */
} look_bone;

typedef struct {
    int bone_count;                   /* 1 .. LOOK_MAX_BONES, parent first (spine, neck, head) */
    look_bone bones[LOOK_MAX_BONES];  /* bones[i + 1] is the child of bones[i] */
    vec3 target;                      /* world space, metres */
    float weight;                     /* the chapter's lookWeight, 0..1 */
} look_at_input;

typedef struct {
    vec3 positions[LOOK_MAX_BONES];   /* world space, metres */
    quat rotations[LOOK_MAX_BONES];   /* world space */
} look_at_pose;

/* Bone by bone from the parent: aim bone i with aim_bone(its current
 * position, its current rotation, target, weight * share, ...), then carry
 * every later bone along by the turn it made (delta = new * conjugate(old)
 * about bone i's position: each child's offset from it and its rotation
 * are turned by delta). With weight 1 and the last share 1 the last bone
 * faces the target exactly; with weight 0 nothing moves.
 *  - in or out NULL, bone_count outside 1..LOOK_MAX_BONES, anything not
 *    finite, a position beyond IK_WORLD_LIMIT, weight or a share outside
 *    0..1: AIM_INVALID and, when out is
 *    not NULL, every position zero and every rotation identity;
 *  - a bone the target sits on does not turn (its children are not
 *    carried); the others still do, and the result is AIM_NO_DIRECTION;
 *  - entries past bone_count: zero and identity. */
aim_status look_at_solve(const look_at_input *in, look_at_pose *out);

/* ---- a hand reaching a fixed point ---------------------------------------- */

/* Positions in world space, metres; lengths and distances in metres. */
typedef struct {
    vec3 shoulder, elbow, hand;       /* world, m: the animated arm */
    vec3 elbow_pole;                  /* world, m: the elbow bends toward this (section 04) */
    float upper_length, lower_length; /* rest lengths, metres, > 0 */
    vec3 wall_point;                  /* world, m: where the palm should go */
    float full_weight_distance;       /* metres: shoulder to point at or under this: weight 1 (>= 0) */
    float zero_weight_distance;       /* metres: at or beyond this: weight 0 (> full_weight_distance) */
} wall_reach_input;

typedef struct {
    float weight;     /* 0..1: wall_reach_weight of the shoulder-to-point distance */
    vec3 goal;        /* world, m: v3_lerp(animated hand, wall_point, weight) */
    vec3 elbow, hand; /* world, m: the arm as placed */
} wall_reach_output;

/* 1 at or under full, 0 at or beyond zero, and between them the smooth
 * step 1 - t^2 (3 - 2t) with t = (distance - full) / (zero - full): no jump
 * and no kink, so the hand eases in and out. Bad input (anything NaN,
 * full < 0, zero <= full, infinities) gives 0. */
float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance);

/* weight = wall_reach_weight(|wall_point - shoulder|, ...). Weight 0: the
 * arm is the animation's (elbow and hand as given). Otherwise the hand's
 * goal is v3_lerp(hand, wall_point, weight), solved with section 03's
 * two_bone_solve(shoulder, goal, elbow_pole, upper, lower).
 * NULL, anything not finite, a point or length beyond IK_WORLD_LIMIT, a
 * length <= 0 or distances as
 * wall_reach_weight rejects them: AIM_INVALID and, when out is not NULL,
 * weight 0 and every vector zero. */
aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out);

#endif /* AIM_IK_H */
