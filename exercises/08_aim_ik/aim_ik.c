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
    /* TODO (chapter section 10): turn a bone to face the target,
     * blended with its animated rotation by weight. The contract (bad
     * input, a target too close to aim at) is in aim_ik.h.
     * Stuck? make hint S=08 gives one step at a time, weakest first.
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
    /* TODO (chapter section 10, the paragraph after LookAtIK): spread a
     * look at the target over a chain of bones (spine, neck, head), each
     * taking its share of the turn, parent first. The contract is in
     * aim_ik.h.
     * Stuck? make hint S=08 gives one step at a time, weakest first.
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
    /* TODO (chapter section 10, "fade its weight in when close enough"):
     * how much the hand wants the wall at this distance: 1 when near, 0
     * when far, easing smoothly in between. The contract is in aim_ik.h.
     * Stuck? make hint S=08 gives one step at a time, weakest first.
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
    /* TODO (chapter sections 10 and 5): put the hand on the wall point,
     * weighted by how near the wall is, with section 03's two-bone
     * solver. The contract is in aim_ik.h.
     * Stuck? make hint S=08 gives one step at a time, weakest first.
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
