/*******************************************************************************
 *
 *  08 Look-at and aim IK - exercise
 *
 *  Shows: the chapter's last pattern three times - solve fully, then blend
 *  with the animation by a weight. A bone aims with LookRotation(target -
 *  bone, up) and Slerp; a look-at spreads that turn over spine, neck and
 *  head; a hand reaches a point on a wall with the two-bone solver, its
 *  weight easing in and out with distance.
 *
 *  Chapter: section 10 (look-at, aim, hand on a wall), section 5 (two-bone
 *  solve). aim_ik.h is the contract the checker tests; ikmath.h has
 *  quat_look_rotation and quat_slerp, ../03_two_bone/two_bone.h the
 *  two-bone solver.
 *
 ******************************************************************************/

#include "aim_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    /* @snippet aim_bone */
    /* TODO: the chapter's aim in LateUpdate (section 10):
     *   1. out NULL -> AIM_INVALID. position or target not in the world
     *      (v3_in_world: NaN, inf or beyond IK_WORLD_LIMIT), animated not
     *      finite, or weight not within 0..1 (NaN too) -> *out = identity,
     *      AIM_INVALID.
     *   2. target within AIM_MIN_DISTANCE of position -> *out =
     *      quat_normalize(animated), AIM_NO_DIRECTION.
     *   3. full = quat_look_rotation(target - position, v3_up())
     *      (Quaternion.LookRotation(aimDir, Vector3.up)), then
     *      *out = quat_slerp(animated, full, weight); AIM_OK.
     * This placeholder keeps the animated rotation: it never aims. */
    (void)position;
    (void)target;
    (void)weight;
    if (out != NULL)
        *out = animated;
    return AIM_OK;
    /* @end aim_bone */
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    /* @snippet look_at_solve */
    /* TODO: spread the look over the chain, parent first (section 10, the
     * paragraph after LookAtIK: eyes, head and some spine turn together).
     *   1. If out is not NULL, clear it: every position zero, every
     *      rotation identity (all LOOK_MAX_BONES entries).
     *   2. in or out NULL, bone_count outside 1..LOOK_MAX_BONES, a
     *      position or the target not in the world (v3_in_world), a
     *      rotation not finite, weight or a share outside 0..1 ->
     *      AIM_INVALID.
     *   3. Copy each bone's position and normalized rotation to out.
     *   4. For i = 0 .. bone_count-1: aim_bone(out position i, out
     *      rotation i, target, weight * share i, &after). AIM_NO_DIRECTION
     *      -> remember it for the return value and go on to the next bone.
     *      Otherwise delta = after * conjugate(before); for every j > i:
     *      position j = position i + rotate(delta, position j - position i),
     *      rotation j = normalize(delta * rotation j); rotation i = after.
     *   5. Return AIM_NO_DIRECTION if any bone had no direction, else
     *      AIM_OK.
     * This placeholder copies the animated pose: nothing turns. */
    if (in == NULL || out == NULL)
        return AIM_OK;
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        int used = i < in->bone_count;
        out->positions[i] = used ? in->bones[i].position : v3_zero();
        out->rotations[i] = used ? in->bones[i].rotation : quat_identity();
    }
    return AIM_OK;
    /* @end look_at_solve */
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    /* @snippet wall_reach_weight */
    /* TODO: how much the hand wants the wall (section 10, "fade its weight
     * in when close enough ... fade out again as they walk away"):
     *   1. anything not finite, full < 0 or zero <= full -> 0;
     *   2. t = (distance - full) / (zero - full); t <= 0 -> 1; t >= 1 -> 0;
     *   3. otherwise 1 - t * t * (3 - 2 t) (a smoothstep: no jump, no kink).
     * This placeholder never reaches: it returns 0. */
    (void)distance;
    (void)full_weight_distance;
    (void)zero_weight_distance;
    return 0.0f;
    /* @end wall_reach_weight */
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    /* @snippet wall_reach_solve */
    /* TODO: the hand on the wall with section 5's two-bone solver:
     *   1. If out is not NULL, set weight 0 and goal, elbow, hand to zero.
     *      in or out NULL, a point or length not in the world
     *      (v3_in_world / ik_in_world), a length not > 0, or distances
     *      wall_reach_weight would reject -> AIM_INVALID.
     *   2. weight = wall_reach_weight(|wall_point - shoulder|, full, zero);
     *      goal = v3_lerp(hand, wall_point, weight).
     *   3. weight 0 -> elbow and hand as animated. Otherwise
     *      two_bone_solve(shoulder, goal, elbow_pole, upper, lower) gives
     *      elbow (mid) and hand (tip). Return AIM_OK.
     * This placeholder leaves the arm as animated with weight 0. */
    if (in == NULL || out == NULL)
        return AIM_OK;
    out->weight = 0.0f;
    out->goal = in->hand;
    out->elbow = in->elbow;
    out->hand = in->hand;
    return AIM_OK;
    /* @end wall_reach_solve */
}
