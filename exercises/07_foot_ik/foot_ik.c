/*******************************************************************************
 *
 *  07 Foot IK on uneven ground - exercise
 *
 *  Shows: the chapter's FootIK.PlaceFoot and ComputeHipDrop as one pure
 *  function per frame. A ray down from above each animated ankle finds the
 *  real ground; the ankle's target sits on the hit point plus the sole's
 *  thickness, the foot tilts onto the surface, the body drops by the
 *  largest shortfall, and section 03's two-bone solver bends each leg to
 *  its target. The weight that blends IK with the animation fades in and
 *  out at a fixed rate per second instead of jumping, so a foot that steps
 *  off a ledge eases back to the animation.
 *
 *  Chapter: section 9 (foot IK, hip drop), section 5 (two-bone solve).
 *  foot_ik.h is the contract the checker tests; terrain.h gives you the
 *  raycast, ikmath.h the vector and quaternion tools, and
 *  ../03_two_bone/two_bone.h the two-bone solver.
 *
 ******************************************************************************/

#include "foot_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

foot_ik_settings foot_ik_default_settings(void)
{
    /* @snippet foot_ik_default_settings */
    /* TODO: return the numbers of the chapter's FootIK component (section
     * 9): raycast_height 0.5, raycast_distance 1.5, foot_sole_offset 0.05;
     * and weight_fade_rate 5 per second (the workbook's choice, see
     * foot_ik.h). The zeros below are a placeholder, not the answer. */
    foot_ik_settings s = {0.0f, 0.0f, 0.0f, 0.0f};
    return s;
    /* @end foot_ik_default_settings */
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    /* @snippet foot_ik_fade_weight */
    /* TODO: fade the IK weight instead of snapping it (section 9, the
     * paragraph after PlaceFoot: "fade rather than jump"):
     *   1. a weight that is not finite counts as 0; clamp it into 0..1;
     *   2. if rate_per_second or dt is not a finite number > 0, return
     *      the clamped weight unchanged; step = rate_per_second * dt (it
     *      may overflow to inf: that is just the whole way);
     *   3. grounded: weight + step, else weight - step; clamp into 0..1.
     * A step of rate * dt (not a fixed amount per frame) makes the fade
     * last 1/rate seconds at any frame rate. This placeholder returns 0. */
    (void)weight;
    (void)grounded;
    (void)rate_per_second;
    (void)dt;
    return 0.0f;
    /* @end foot_ik_fade_weight */
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    /* @snippet foot_ik_step */
    /* TODO: one frame of the chapter's FootIK (section 9), both feet; the
     * full contract is the comment above foot_ik_step in foot_ik.h.
     *   1. Validate in the order of foot_ik_status: NULL pointers; settings
     *      (distances ik_in_world, raycast_height and foot_sole_offset
     *      >= 0, raycast_distance > 0, weight_fade_rate finite and > 0);
     *      dt (finite, > 0); terrain_is_valid(ground); each leg (joints,
     *      pole and lengths in the world - v3_in_world / ik_in_world -
     *      rotation finite, lengths > 0); each memory (weight within 0..1,
     *      height in the world, normal finite). On error clear *out (zeros, normals up,
     *      rotations identity, weights 0) if out is not NULL and return
     *      the status.
     *   2. Per foot: terrain_raycast_down from ankle + up * raycast_height,
     *      raycast_distance long. Hit: target = hit point + up *
     *      foot_sole_offset; no hit: target = (ankle.x, remembered
     *      ground_height, ankle.z) with the remembered normal.
     *      weight = foot_ik_fade_weight(...); target_rotation =
     *      quat_from_to(up, normal) * animated rotation; deficit = weight *
     *      max(0, ankle.y - target.y); fill out->memory.
     *   3. hip_drop = the larger deficit (ComputeHipDrop in section 9).
     *   4. Per leg, everything moved down by hip_drop: weight 0 -> the
     *      animated leg as it is; else two_bone_solve(moved hip,
     *      v3_lerp(moved ankle, target, weight), moved pole, thigh, shin)
     *      and foot_rotation = quat_slerp(animated, target_rotation,
     *      weight).
     * This placeholder leaves the animation untouched with weight 0. */
    if (in == NULL || ground == NULL || out == NULL)
        return FOOT_IK_OK;
    out->hip_drop = 0.0f;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *foot = &out->feet[f];
        foot->grounded = 0;
        foot->hit_point = v3_zero();
        foot->hit_normal = v3_up();
        foot->target = leg->ankle;
        foot->target_rotation = leg->foot_rotation;
        foot->weight = 0.0f;
        foot->deficit = 0.0f;
        foot->hip = leg->hip;
        foot->knee = leg->knee;
        foot->ankle = leg->ankle;
        foot->foot_rotation = leg->foot_rotation;
        out->memory[f] = in->memory[f];
        out->memory[f].weight = 0.0f;
    }
    return FOOT_IK_OK;
    /* @end foot_ik_step */
}
