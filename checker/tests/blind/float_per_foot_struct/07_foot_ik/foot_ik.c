/* Variant float_per_foot_struct: float math; a helper finds each foot's
 * ground into a small struct. The fade uses fminf/fmaxf clamps; the tilt is
 * normalized after the product (a rotation, same as the product for a unit
 * animated rotation); the ankle goal is blended as a(1 - w) + b w, which
 * lands exactly on the target at w = 1. No-hit memory keeps the remembered
 * normal normalized. A leg counts as animation-only when weight <= 0. */

#include "foot_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

foot_ik_settings foot_ik_default_settings(void)
{
    foot_ik_settings s = {0.5f, 1.5f, 0.05f, 5.0f};
    return s;
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    float w = isfinite(weight) ? fminf(1.0f, fmaxf(0.0f, weight)) : 0.0f;
    if (!(isfinite(rate_per_second) && rate_per_second > 0.0f))
        return w;
    if (!(isfinite(dt) && dt > 0.0f))
        return w;
    float delta = rate_per_second * dt;
    float next = grounded ? w + delta : w - delta;
    return fminf(1.0f, fmaxf(0.0f, next));
}

typedef struct {
    int grounded;
    vec3 hit_point, hit_normal, target, normal;
} ground_probe;

static ground_probe probe(const terrain *ground, const foot_leg *leg, const foot_ik_memory *mem,
                          const foot_ik_settings *s)
{
    ground_probe p;
    terrain_hit hit;
    vec3 origin = v3_add(leg->ankle, v3_scale(v3_up(), s->raycast_height));
    p.grounded = terrain_raycast_down(ground, origin, s->raycast_distance, &hit) != 0;
    if (p.grounded) {
        p.hit_point = hit.point;
        p.hit_normal = hit.normal;
        p.target = v3_add(hit.point, v3_scale(v3_up(), s->foot_sole_offset));
        p.normal = hit.normal;
    } else {
        p.hit_point = v3_zero();
        p.hit_normal = v3_up();
        p.target = leg->ankle;
        p.target.y = mem->ground_height;
        p.normal = v3_normalize_or(mem->ground_normal, v3_up());
    }
    return p;
}

static int world_length(float x)
{
    return x > 0.0f && ik_in_world(x);
}

static foot_ik_status check_leg(const foot_leg *l)
{
    if (!world_length(l->thigh_length) || !world_length(l->shin_length))
        return FOOT_IK_BAD_LEG;
    if (!quat_is_finite(l->foot_rotation))
        return FOOT_IK_BAD_LEG;
    const vec3 points[4] = {l->hip, l->knee, l->ankle, l->knee_pole};
    for (int i = 0; i < 4; i++)
        if (!v3_in_world(points[i]))
            return FOOT_IK_BAD_LEG;
    return FOOT_IK_OK;
}

static foot_ik_status check_memory(const foot_ik_memory *m)
{
    if (!v3_is_finite(m->ground_normal))
        return FOOT_IK_BAD_MEMORY;
    if (!ik_in_world(m->ground_height))
        return FOOT_IK_BAD_MEMORY;
    if (!(m->weight >= 0.0f) || !(m->weight <= 1.0f))
        return FOOT_IK_BAD_MEMORY;
    return FOOT_IK_OK;
}

static foot_ik_status check_all(const foot_ik_input *in, const terrain *ground)
{
    if (in == NULL || ground == NULL)
        return FOOT_IK_NULL;
    const foot_ik_settings *s = &in->settings;
    const float dists[3] = {s->raycast_height, s->raycast_distance, s->foot_sole_offset};
    for (int i = 0; i < 3; i++)
        if (!ik_in_world(dists[i]) || dists[i] < 0.0f)
            return FOOT_IK_BAD_SETTINGS;
    if (!(s->raycast_distance > 0.0f) || !isfinite(s->weight_fade_rate) || s->weight_fade_rate <= 0.0f)
        return FOOT_IK_BAD_SETTINGS;
    if (!isfinite(in->dt) || in->dt <= 0.0f)
        return FOOT_IK_BAD_TIME_STEP;
    if (!terrain_is_valid(ground))
        return FOOT_IK_BAD_TERRAIN;
    for (int f = 0; f < FOOT_COUNT; f++)
        if (check_leg(&in->legs[f]) != FOOT_IK_OK)
            return FOOT_IK_BAD_LEG;
    for (int f = 0; f < FOOT_COUNT; f++)
        if (check_memory(&in->memory[f]) != FOOT_IK_OK)
            return FOOT_IK_BAD_MEMORY;
    return FOOT_IK_OK;
}

static vec3 blend(vec3 a, vec3 b, float w)
{
    float k = 1.0f - w;
    return v3(a.x * k + b.x * w, a.y * k + b.y * w, a.z * k + b.z * w);
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    foot_ik_status st = check_all(in, ground);
    if (out == NULL)
        return FOOT_IK_NULL;
    if (st != FOOT_IK_OK) {
        out->hip_drop = 0.0f;
        for (int f = 0; f < FOOT_COUNT; f++) {
            out->feet[f] = (foot_ik_foot){0};
            out->feet[f].hit_normal = v3_up();
            out->feet[f].target_rotation = quat_identity();
            out->feet[f].foot_rotation = quat_identity();
            out->memory[f] = (foot_ik_memory){0.0f, 0.0f, v3_up()};
        }
        return st;
    }

    const foot_ik_settings *s = &in->settings;
    ground_probe probes[FOOT_COUNT];
    float hip_drop = 0.0f;
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *o = &out->feet[f];
        ground_probe p = probe(ground, leg, &in->memory[f], s);
        probes[f] = p;
        o->grounded = p.grounded;
        o->hit_point = p.hit_point;
        o->hit_normal = p.hit_normal;
        o->target = p.target;
        o->weight = foot_ik_fade_weight(in->memory[f].weight, p.grounded, s->weight_fade_rate, in->dt);
        o->target_rotation = quat_normalize(quat_mul(quat_from_to(v3_up(), p.normal), leg->foot_rotation));
        o->deficit = o->weight * fmaxf(0.0f, leg->ankle.y - p.target.y);
        hip_drop = fmaxf(hip_drop, o->deficit);

        out->memory[f].weight = o->weight;
        out->memory[f].ground_height = p.grounded ? p.target.y : in->memory[f].ground_height;
        out->memory[f].ground_normal = p.normal;
    }
    out->hip_drop = hip_drop;

    const vec3 lower = v3_scale(v3_up(), hip_drop);
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *o = &out->feet[f];
        vec3 animated_ankle = v3_sub(leg->ankle, lower);
        o->hip = v3_sub(leg->hip, lower);
        if (o->weight <= 0.0f) {
            o->knee = v3_sub(leg->knee, lower);
            o->ankle = animated_ankle;
            o->foot_rotation = leg->foot_rotation;
            continue;
        }
        two_bone_input tb;
        tb.root = o->hip;
        tb.target = blend(animated_ankle, probes[f].target, o->weight);
        tb.pole = v3_sub(leg->knee_pole, lower);
        tb.len_upper = leg->thigh_length;
        tb.len_lower = leg->shin_length;
        two_bone_output sol;
        (void)two_bone_solve(&tb, &sol);
        o->knee = sol.mid;
        o->ankle = sol.tip;
        o->foot_rotation = quat_slerp(leg->foot_rotation, o->target_rotation, o->weight);
    }
    return FOOT_IK_OK;
}
