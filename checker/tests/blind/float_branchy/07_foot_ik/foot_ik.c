/* Variant float_branchy: all arithmetic in float, one loop per foot that
 * finishes each foot (ray, weight, tilt, deficit) before the hip drop.
 * The fade is written with explicit if-branches and clamps; a foot with no
 * hit leaves its remembered normal exactly as it was given (the header only
 * says the memory takes a new normal on a hit). The weight-0 leg is tested
 * with `weight == 0.0f` (the fade never yields a negative weight). */

#include "foot_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

foot_ik_settings foot_ik_default_settings(void)
{
    foot_ik_settings s;
    s.raycast_height = 0.5f;
    s.raycast_distance = 1.5f;
    s.foot_sole_offset = 0.05f;
    s.weight_fade_rate = 5.0f;
    return s;
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    float w = weight;
    if (!isfinite(w))
        w = 0.0f;
    if (w < 0.0f)
        w = 0.0f;
    if (w > 1.0f)
        w = 1.0f;
    if (!isfinite(rate_per_second) || !(rate_per_second > 0.0f) || !isfinite(dt) || !(dt > 0.0f))
        return w;
    float step = rate_per_second * dt;
    if (grounded)
        w += step;
    else
        w -= step;
    if (w < 0.0f)
        w = 0.0f;
    if (w > 1.0f)
        w = 1.0f;
    return w;
}

static void clear_output(foot_ik_output *out)
{
    out->hip_drop = 0.0f;
    for (int f = 0; f < FOOT_COUNT; f++) {
        foot_ik_foot *o = &out->feet[f];
        o->grounded = 0;
        o->hit_point = v3_zero();
        o->hit_normal = v3_up();
        o->target = v3_zero();
        o->target_rotation = quat_identity();
        o->weight = 0.0f;
        o->deficit = 0.0f;
        o->hip = v3_zero();
        o->knee = v3_zero();
        o->ankle = v3_zero();
        o->foot_rotation = quat_identity();
        out->memory[f].weight = 0.0f;
        out->memory[f].ground_height = 0.0f;
        out->memory[f].ground_normal = v3_up();
    }
}

static int distance_ok(float d)
{
    return ik_in_world(d) && d >= 0.0f;
}

static int settings_ok(const foot_ik_settings *s)
{
    if (!distance_ok(s->raycast_height) || !distance_ok(s->raycast_distance) || !distance_ok(s->foot_sole_offset))
        return 0;
    if (!(s->raycast_distance > 0.0f))
        return 0;
    if (!isfinite(s->weight_fade_rate) || !(s->weight_fade_rate > 0.0f))
        return 0;
    return 1;
}

static int leg_ok(const foot_leg *l)
{
    if (!v3_in_world(l->hip) || !v3_in_world(l->knee) || !v3_in_world(l->ankle) || !v3_in_world(l->knee_pole))
        return 0;
    if (!quat_is_finite(l->foot_rotation))
        return 0;
    if (!ik_in_world(l->thigh_length) || !ik_in_world(l->shin_length))
        return 0;
    return l->thigh_length > 0.0f && l->shin_length > 0.0f;
}

static int memory_ok(const foot_ik_memory *m)
{
    if (!(m->weight >= 0.0f && m->weight <= 1.0f))
        return 0;
    if (!ik_in_world(m->ground_height))
        return 0;
    return v3_is_finite(m->ground_normal);
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    if (out == NULL)
        return FOOT_IK_NULL;
    foot_ik_status status = FOOT_IK_OK;
    if (in == NULL || ground == NULL)
        status = FOOT_IK_NULL;
    else if (!settings_ok(&in->settings))
        status = FOOT_IK_BAD_SETTINGS;
    else if (!isfinite(in->dt) || !(in->dt > 0.0f))
        status = FOOT_IK_BAD_TIME_STEP;
    else if (!terrain_is_valid(ground))
        status = FOOT_IK_BAD_TERRAIN;
    else if (!leg_ok(&in->legs[FOOT_LEFT]) || !leg_ok(&in->legs[FOOT_RIGHT]))
        status = FOOT_IK_BAD_LEG;
    else if (!memory_ok(&in->memory[FOOT_LEFT]) || !memory_ok(&in->memory[FOOT_RIGHT]))
        status = FOOT_IK_BAD_MEMORY;
    if (status != FOOT_IK_OK) {
        clear_output(out);
        return status;
    }

    const foot_ik_settings *s = &in->settings;
    const vec3 up = v3_up();
    float drop = 0.0f;

    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        const foot_ik_memory *mem = &in->memory[f];
        foot_ik_foot *o = &out->feet[f];
        foot_ik_memory *next = &out->memory[f];

        vec3 origin = v3_add(leg->ankle, v3_scale(up, s->raycast_height));
        terrain_hit hit;
        vec3 normal;
        *next = *mem;
        if (terrain_raycast_down(ground, origin, s->raycast_distance, &hit)) {
            o->grounded = 1;
            o->hit_point = hit.point;
            o->hit_normal = hit.normal;
            o->target = v3_add(hit.point, v3_scale(up, s->foot_sole_offset));
            normal = hit.normal;
            next->ground_height = o->target.y;
            next->ground_normal = hit.normal;
        } else {
            o->grounded = 0;
            o->hit_point = v3_zero();
            o->hit_normal = up;
            o->target = v3(leg->ankle.x, mem->ground_height, leg->ankle.z);
            normal = v3_normalize_or(mem->ground_normal, up);
        }
        o->weight = foot_ik_fade_weight(mem->weight, o->grounded, s->weight_fade_rate, in->dt);
        next->weight = o->weight;
        o->target_rotation = quat_mul(quat_from_to(up, normal), leg->foot_rotation);
        float shortfall = leg->ankle.y - o->target.y;
        if (shortfall < 0.0f)
            shortfall = 0.0f;
        o->deficit = o->weight * shortfall;
        if (o->deficit > drop)
            drop = o->deficit;
    }
    out->hip_drop = drop;

    const vec3 down = v3(0.0f, -drop, 0.0f);
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *o = &out->feet[f];
        vec3 hip = v3_add(leg->hip, down);
        vec3 pole = v3_add(leg->knee_pole, down);
        vec3 anim_ankle = v3_add(leg->ankle, down);
        o->hip = hip;
        if (o->weight == 0.0f) {
            o->knee = v3_add(leg->knee, down);
            o->ankle = anim_ankle;
            o->foot_rotation = leg->foot_rotation;
            continue;
        }
        two_bone_input tb;
        tb.root = hip;
        tb.target = v3_lerp(anim_ankle, o->target, o->weight);
        tb.pole = pole;
        tb.len_upper = leg->thigh_length;
        tb.len_lower = leg->shin_length;
        two_bone_output sol;
        two_bone_solve(&tb, &sol);
        o->knee = sol.mid;
        o->ankle = sol.tip;
        o->foot_rotation = quat_slerp(leg->foot_rotation, o->target_rotation, o->weight);
    }
    return FOOT_IK_OK;
}
