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
    /* TODO (chapter section 9): the settings of the chapter's FootIK
     * component, and the workbook's fade rate (foot_ik.h).
     * Stuck? make hint S=07 gives one step at a time, weakest first.
     * The zeros below are a placeholder, not the answer. */
    foot_ik_settings s = {0.0f, 0.0f, 0.0f, 0.0f};
    return s;
    /* @end foot_ik_default_settings */
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    /* @snippet foot_ik_fade_weight */
    /* TODO (chapter section 9, "fade rather than jump"): move the IK weight
     * toward 1 while the foot has ground and toward 0 while it has none,
     * at rate_per_second, so the fade lasts as long at any frame rate.
     * The contract (bad weights, rates and dt) is in foot_ik.h.
     * Stuck? make hint S=07 gives one step at a time, weakest first.
     * This placeholder returns 0. */
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
    /* TODO (chapter sections 9 and 5): one frame of the chapter's FootIK
     * for both feet: find the real ground under each foot, drop the hips
     * as far as the feet need and bend each leg onto its target, blended
     * with the animation by the foot's weight - faded with
     * foot_ik_fade_weight, where the chapter's PlaceFoot snaps it to 0 or
     * 1. The full contract is the comment above foot_ik_step in foot_ik.h.
     * Stuck? make hint S=07 gives one step at a time, weakest first.
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
