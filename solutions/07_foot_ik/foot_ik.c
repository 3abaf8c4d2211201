/*******************************************************************************
 *
 *  07 Foot IK on uneven ground - reference solution
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
 *
 ******************************************************************************/

#include "foot_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

foot_ik_settings foot_ik_default_settings(void)
{
    /* @snippet foot_ik_default_settings */
    foot_ik_settings s;
    s.raycast_height = 0.5f;    /* start the ray this far above the foot */
    s.raycast_distance = 1.5f;  /* reaches 1 m below the animated ankle */
    s.foot_sole_offset = 0.05f; /* keeps the sole out of the ground */
    /* Not in the chapter (its Unity code snaps the weight to 0 or 1): 5
     * per second fades fully in 0.2 s, short enough to keep up with a
     * walk, long enough to span several frames even at 144 fps. */
    s.weight_fade_rate = 5.0f;
    return s;
    /* @end foot_ik_default_settings */
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    /* @snippet foot_ik_fade_weight */
    if (!isfinite(weight))
        weight = 0.0f;
    weight = fminf(1.0f, fmaxf(0.0f, weight));
    /* The step is a rate times a time, not a fixed amount per frame, so
     * the fade takes the same 1/rate seconds at 30 or 144 fps. The two
     * factors are tested, not their product: a finite rate times a finite
     * dt may overflow to inf, which only means "the whole way". */
    if (!(isfinite(rate_per_second) && rate_per_second > 0.0f && isfinite(dt) && dt > 0.0f))
        return weight;
    float step = rate_per_second * dt;
    weight += grounded ? step : -step;
    return fminf(1.0f, fmaxf(0.0f, weight));
    /* @end foot_ik_fade_weight */
}

/* ---- validation ------------------------------------------------------- */

/* @snippet foot_ik_validate */
static int settings_ok(const foot_ik_settings *s)
{
    /* Lengths in the world (ikmath.h), which rejects NaN and inf too. */
    return ik_in_world(s->raycast_height) && s->raycast_height >= 0.0f && ik_in_world(s->raycast_distance) &&
           s->raycast_distance > 0.0f && ik_in_world(s->foot_sole_offset) && s->foot_sole_offset >= 0.0f &&
           isfinite(s->weight_fade_rate) && s->weight_fade_rate > 0.0f;
}

static int leg_ok(const foot_leg *leg)
{
    return v3_in_world(leg->hip) && v3_in_world(leg->knee) && v3_in_world(leg->ankle) &&
           v3_in_world(leg->knee_pole) && quat_is_finite(leg->foot_rotation) && ik_in_world(leg->thigh_length) &&
           leg->thigh_length > 0.0f && ik_in_world(leg->shin_length) && leg->shin_length > 0.0f;
}

static int memory_ok(const foot_ik_memory *m)
{
    return isfinite(m->weight) && m->weight >= 0.0f && m->weight <= 1.0f && ik_in_world(m->ground_height) &&
           v3_is_finite(m->ground_normal);
}

static foot_ik_status validate(const foot_ik_input *in, const terrain *ground, const foot_ik_output *out)
{
    if (in == NULL || ground == NULL || out == NULL)
        return FOOT_IK_NULL;
    if (!settings_ok(&in->settings))
        return FOOT_IK_BAD_SETTINGS;
    if (!(isfinite(in->dt) && in->dt > 0.0f))
        return FOOT_IK_BAD_TIME_STEP;
    if (!terrain_is_valid(ground))
        return FOOT_IK_BAD_TERRAIN;
    for (int f = 0; f < FOOT_COUNT; f++)
        if (!leg_ok(&in->legs[f]))
            return FOOT_IK_BAD_LEG;
    for (int f = 0; f < FOOT_COUNT; f++)
        if (!memory_ok(&in->memory[f]))
            return FOOT_IK_BAD_MEMORY;
    return FOOT_IK_OK;
}

/* A defined, obviously-not-a-pose answer for rejected input: the caller
 * keeps its animated pose; nothing here can carry a NaN forward. */
static void clear_output(foot_ik_output *out)
{
    out->hip_drop = 0.0f;
    for (int f = 0; f < FOOT_COUNT; f++) {
        foot_ik_foot *foot = &out->feet[f];
        foot->grounded = 0;
        foot->hit_point = v3_zero();
        foot->hit_normal = v3_up();
        foot->target = v3_zero();
        foot->target_rotation = quat_identity();
        foot->weight = 0.0f;
        foot->deficit = 0.0f;
        foot->hip = foot->knee = foot->ankle = v3_zero();
        foot->foot_rotation = quat_identity();
        out->memory[f].weight = 0.0f;
        out->memory[f].ground_height = 0.0f;
        out->memory[f].ground_normal = v3_up();
    }
}
/* @end foot_ik_validate */

/* ---- the frame's steps ------------------------------------------------ */

/* The chapter's OnAnimatorIK, one step per function, in the order
 * foot_ik_step calls them (the shape of ozz-animation's IK jobs: validate,
 * then named steps):
 *   1. find_ground: PlaceFoot's raycast, the ankle's target on the ground;
 *   2. plan_foot:   the weight's fade, the foot's tilt, its shortfall and
 *                   the memory for the next frame;
 *   3. the hip drop, ComputeHipDrop: the larger shortfall (in foot_ik_step);
 *   4. place_leg:   the body lowered, then section 03's two-bone solve. */
/* @snippet foot_ik_steps */

/* Step 1: a ray down from above the animated ankle. Fills the foot's
 * grounded, hit_point, hit_normal and target, and returns the normal the
 * foot tilts onto. */
static vec3 find_ground(const foot_ik_input *in, const terrain *ground, int f, foot_ik_foot *foot)
{
    const foot_ik_settings *s = &in->settings;
    const vec3 up = v3_up();
    const foot_leg *leg = &in->legs[f];
    const foot_ik_memory *before = &in->memory[f];

    vec3 ray_origin = v3_add(leg->ankle, v3_scale(up, s->raycast_height));
    terrain_hit hit;
    foot->grounded = terrain_raycast_down(ground, ray_origin, s->raycast_distance, &hit);
    vec3 normal;
    if (foot->grounded) {
        foot->hit_point = hit.point;
        foot->hit_normal = hit.normal;
        foot->target = v3_add(hit.point, v3_scale(up, s->foot_sole_offset));
        normal = hit.normal;
    } else {
        /* Nothing below: keep the last ground's height under the
         * animated foot while the weight fades, so the foot eases back
         * to the animation instead of being yanked to it. */
        foot->hit_point = v3_zero();
        foot->hit_normal = up;
        foot->target = v3(leg->ankle.x, before->ground_height, leg->ankle.z);
        normal = v3_normalize_or(before->ground_normal, up);
    }
    return normal;
}

/* Step 2: everything else one foot needs before the legs are placed, and
 * what the next frame remembers of it. */
static const foot_ik_foot *plan_foot(const foot_ik_input *in, const terrain *ground, int f, foot_ik_output *out)
{
    const foot_ik_settings *s = &in->settings;
    const vec3 up = v3_up();
    const foot_leg *leg = &in->legs[f];
    const foot_ik_memory *before = &in->memory[f];
    foot_ik_foot *foot = &out->feet[f];

    const vec3 normal = find_ground(in, ground, f, foot);
    foot->weight = foot_ik_fade_weight(before->weight, foot->grounded, s->weight_fade_rate, in->dt);
    /* FromToRotation(up, normal) * GetIKRotation: tilt on top of the
     * animated foot, so the toes still point where the clip put them. */
    foot->target_rotation = quat_mul(quat_from_to(up, normal), quat_normalize(leg->foot_rotation));
    /* The chapter's ComputeHipDrop, with each target blended by its
     * weight: a fading foot asks for a fading share of the drop. */
    foot->deficit = foot->weight * fmaxf(0.0f, leg->ankle.y - foot->target.y);

    out->memory[f].weight = foot->weight;
    out->memory[f].ground_height = foot->grounded ? foot->target.y : before->ground_height;
    out->memory[f].ground_normal = normal;
    return foot;
}

/* Step 4, one leg: the body (and every joint of a leg that follows the
 * animation) moves down by the hip drop; the rest is section 03. */
static void place_leg(const foot_leg *leg, vec3 drop, foot_ik_foot *foot)
{
    foot->hip = v3_add(leg->hip, drop);
    const vec3 animated_ankle = v3_add(leg->ankle, drop);
    if (foot->weight == 0.0f) {
        /* Weight 0 means "trust the animation": the leg keeps its
         * animated pose relative to the body. */
        foot->knee = v3_add(leg->knee, drop);
        foot->ankle = animated_ankle;
        foot->foot_rotation = leg->foot_rotation;
        return;
    }
    /* SetIKPositionWeight blends the goal, not the joints, so the
     * solved leg keeps its bone lengths at every weight. */
    two_bone_input solve = {
        .root = foot->hip,
        .target = v3_lerp(animated_ankle, foot->target, foot->weight),
        .pole = v3_add(leg->knee_pole, drop),
        .len_upper = leg->thigh_length,
        .len_lower = leg->shin_length,
    };
    two_bone_output placed;
    two_bone_solve(&solve, &placed);
    foot->knee = placed.mid;
    foot->ankle = placed.tip;
    foot->foot_rotation = quat_slerp(leg->foot_rotation, foot->target_rotation, foot->weight);
}
/* @end foot_ik_steps */

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    /* @snippet foot_ik_step */
    foot_ik_status status = validate(in, ground, out);
    if (status != FOOT_IK_OK) {
        if (out != NULL)
            clear_output(out);
        return status;
    }
    const vec3 up = v3_up();

    /* Pass 1, per foot: ground, target, weight and shortfall. Both feet
     * must be known before either leg is placed, because the hip drop
     * that moves both legs' roots is the larger of the two shortfalls. */
    float hip_drop = 0.0f;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_ik_foot *foot = plan_foot(in, ground, f, out);
        hip_drop = fmaxf(hip_drop, foot->deficit);
    }
    out->hip_drop = hip_drop;

    /* Pass 2, per leg: placed with both legs' roots lowered by the drop. */
    const vec3 drop = v3_scale(up, -hip_drop);
    for (int f = 0; f < FOOT_COUNT; f++)
        place_leg(&in->legs[f], drop, &out->feet[f]);
    return FOOT_IK_OK;
    /* @end foot_ik_step */
}
