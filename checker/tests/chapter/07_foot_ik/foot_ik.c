/* Port of chapter section 9: FootIK (raycastHeight 0.5, raycastDistance 1.5,
 * footSoleOffset 0.05), FootIK.PlaceFoot (ray down from the animated foot +
 * up * raycastHeight; hit -> target = hit + up * footSoleOffset, tilt =
 * FromToRotation(up, normal), weights 1; miss -> weights 0), ComputeHipDrop
 * and `animator.bodyPosition -= Vector3.up * hipDrop`; the leg itself is
 * bent with section 03's two_bone_solve (the chapter's section-5 solver). */
#include "foot_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

foot_ik_settings foot_ik_default_settings(void)
{
    foot_ik_settings s;
    s.raycast_height = 0.5f;     /* chapter: public float raycastHeight = 0.5f; */
    s.raycast_distance = 1.5f;   /* chapter: public float raycastDistance = 1.5f; */
    s.foot_sole_offset = 0.05f;  /* chapter: public float footSoleOffset = 0.05f; */
    s.weight_fade_rate = 5.0f;   /* not from the chapter: the workbook's rate (foot_ik.h) */
    return s;
}

/* Not from the chapter (its code sets the weights to 1 or 0): foot_ik.h's fade. */
float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    if (!isfinite(weight))
        weight = 0.0f;
    if (weight < 0.0f)
        weight = 0.0f;
    if (weight > 1.0f)
        weight = 1.0f;
    if (!(isfinite(rate_per_second) && rate_per_second > 0.0f && isfinite(dt) && dt > 0.0f))
        return weight;
    float step = rate_per_second * dt;
    weight = grounded ? weight + step : weight - step;
    if (!(weight > 0.0f))
        weight = 0.0f;
    if (weight > 1.0f)
        weight = 1.0f;
    return weight;
}

/* Not from the chapter: foot_ik.h's cleared output on an error. */
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

static int distance_ok(float d) { return ik_in_world(d) && d >= 0.0f; }

static foot_ik_status validate(const foot_ik_input *in, const terrain *ground)
{
    const foot_ik_settings *s = &in->settings;
    if (!distance_ok(s->raycast_height) || !distance_ok(s->raycast_distance) || !distance_ok(s->foot_sole_offset) ||
        !(s->raycast_distance > 0.0f) || !isfinite(s->weight_fade_rate) || !(s->weight_fade_rate > 0.0f))
        return FOOT_IK_BAD_SETTINGS;
    if (!isfinite(in->dt) || !(in->dt > 0.0f))
        return FOOT_IK_BAD_TIME_STEP;
    if (!terrain_is_valid(ground))
        return FOOT_IK_BAD_TERRAIN;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        if (!v3_in_world(leg->hip) || !v3_in_world(leg->knee) || !v3_in_world(leg->ankle) ||
            !v3_in_world(leg->knee_pole) || !quat_is_finite(leg->foot_rotation) || !ik_in_world(leg->thigh_length) ||
            !ik_in_world(leg->shin_length) || !(leg->thigh_length > 0.0f) || !(leg->shin_length > 0.0f))
            return FOOT_IK_BAD_LEG;
    }
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_ik_memory *m = &in->memory[f];
        if (!(m->weight >= 0.0f && m->weight <= 1.0f) || !ik_in_world(m->ground_height) ||
            !v3_is_finite(m->ground_normal))
            return FOOT_IK_BAD_MEMORY;
    }
    return FOOT_IK_OK;
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    if (in == NULL || ground == NULL || out == NULL) {
        if (out != NULL)
            clear_output(out);
        return FOOT_IK_NULL;
    }
    foot_ik_status st = validate(in, ground);
    if (st != FOOT_IK_OK) {
        clear_output(out);
        return st;
    }
    const foot_ik_settings *s = &in->settings;

    /* chapter: PlaceFoot(AvatarIKGoal.LeftFoot); PlaceFoot(AvatarIKGoal.RightFoot); */
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *foot = &out->feet[f];
        foot_ik_memory mem = in->memory[f];

        vec3 animatedPos = leg->ankle;               /* chapter: Vector3 animatedPos = animator.GetIKPosition(foot); */
        /* chapter: Vector3 rayOrigin = animatedPos + Vector3.up * raycastHeight; */
        vec3 rayOrigin = v3_add(animatedPos, v3_scale(v3_up(), s->raycast_height));

        terrain_hit hit;
        /* chapter: if (Physics.Raycast(rayOrigin, Vector3.down, out RaycastHit hit, raycastDistance, groundMask)) */
        if (terrain_raycast_down(ground, rayOrigin, s->raycast_distance, &hit)) {
            /* chapter: Vector3 targetPos = hit.point + Vector3.up * footSoleOffset; */
            vec3 targetPos = v3_add(hit.point, v3_scale(v3_up(), s->foot_sole_offset));
            foot->grounded = 1;
            foot->hit_point = hit.point;
            foot->hit_normal = hit.normal;
            foot->target = targetPos;
            /* chapter: SetIKPositionWeight(foot, 1f); SetIKRotationWeight(foot, 1f); */
            foot->weight = 1.0f;
            mem.ground_height = targetPos.y;      /* not from the chapter: the memory foot_ik.h keeps */
            mem.ground_normal = hit.normal;
        } else {
            foot->grounded = 0;
            foot->hit_point = v3_zero();
            foot->hit_normal = v3_up();
            /* not from the chapter: foot_ik.h's target when nothing is hit */
            foot->target = v3(animatedPos.x, mem.ground_height, animatedPos.z);
            /* chapter: SetIKPositionWeight(foot, 0f); SetIKRotationWeight(foot, 0f); */
            foot->weight = 0.0f;
        }
        vec3 normal = foot->grounded ? hit.normal : v3_normalize_or(mem.ground_normal, v3_up());
        /* chapter: Quaternion tiltToSurface = Quaternion.FromToRotation(Vector3.up, hit.normal); */
        quat tiltToSurface = quat_from_to(v3_up(), normal);
        /* chapter: SetIKRotation(foot, tiltToSurface * animator.GetIKRotation(foot)); */
        foot->target_rotation = quat_mul(tiltToSurface, leg->foot_rotation);

        /* chapter (ComputeHipDrop): Mathf.Max(0f, GetIKPosition(foot).y - targetY)
         * (weighted as foot_ik.h says; the chapter's weight is 1 on a hit, 0 on a miss) */
        float drop = animatedPos.y - foot->target.y;
        if (!(drop > 0.0f))
            drop = 0.0f;
        foot->deficit = foot->weight * drop;

        mem.weight = foot->weight;
        out->memory[f] = mem;
    }

    /* chapter: return Mathf.Max(leftDrop, rightDrop); */
    float hipDrop = out->feet[FOOT_LEFT].deficit > out->feet[FOOT_RIGHT].deficit ? out->feet[FOOT_LEFT].deficit
                                                                                  : out->feet[FOOT_RIGHT].deficit;
    out->hip_drop = hipDrop;

    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *foot = &out->feet[f];
        /* chapter: animator.bodyPosition -= Vector3.up * hipDrop; */
        vec3 down = v3_scale(v3_up(), hipDrop);
        vec3 hip = v3_sub(leg->hip, down);
        vec3 knee = v3_sub(leg->knee, down);
        vec3 ankle = v3_sub(leg->ankle, down);
        vec3 pole = v3_sub(leg->knee_pole, down);
        foot->hip = hip;
        if (foot->weight == 0.0f) {
            /* chapter: weight 0 -> "let the plain animation play" */
            foot->knee = knee;
            foot->ankle = ankle;
            foot->foot_rotation = leg->foot_rotation;
            continue;
        }
        /* chapter: SetIKPosition(foot, targetPos) with SetIKPositionWeight(foot, w):
         * the goal blended by the weight, bent by section 5's solver */
        two_bone_input tb = {hip, v3_lerp(ankle, foot->target, foot->weight), pole, leg->thigh_length,
                             leg->shin_length};
        two_bone_output res;
        two_bone_solve(&tb, &res);
        foot->knee = res.mid;
        foot->ankle = res.tip;
        /* chapter: SetIKRotation with SetIKRotationWeight(foot, w) */
        foot->foot_rotation = quat_slerp(leg->foot_rotation, foot->target_rotation, foot->weight);
    }
    return FOOT_IK_OK;
}
