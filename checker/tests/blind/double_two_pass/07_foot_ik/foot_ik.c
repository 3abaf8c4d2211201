/* Variant double_two_pass: the fade, the shortfalls, the hip drop and the
 * ankle goal's blend are computed in double and rounded once to float.
 * Pass one gathers both feet (ray, weight, tilt) into locals, pass two
 * places the legs. A foot with no hit stores its remembered normal
 * normalized (same direction, which is all that counts per the header).
 * Validation checks the right leg before the left (order within a status
 * class is not fixed by the header). */

#include "foot_ik.h"

#include <stddef.h>

#include "../03_two_bone/two_bone.h"

foot_ik_settings foot_ik_default_settings(void)
{
    return (foot_ik_settings){.raycast_height = 0.5f,
                              .raycast_distance = 1.5f,
                              .foot_sole_offset = 0.05f,
                              .weight_fade_rate = 5.0f};
}

static double clamp01(double x)
{
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    double w = isfinite(weight) ? clamp01((double)weight) : 0.0;
    int usable = isfinite(rate_per_second) && isfinite(dt) && rate_per_second > 0.0f && dt > 0.0f;
    if (usable) {
        double step = (double)rate_per_second * (double)dt;
        w = clamp01(grounded ? w + step : w - step);
    }
    return (float)w;
}

static int setting_distance_bad(float d)
{
    return !(d >= 0.0f && d <= IK_WORLD_LIMIT);
}

static foot_ik_status validate(const foot_ik_input *in, const terrain *ground)
{
    if (in == NULL || ground == NULL)
        return FOOT_IK_NULL;
    const foot_ik_settings *s = &in->settings;
    if (setting_distance_bad(s->foot_sole_offset) || setting_distance_bad(s->raycast_height) ||
        setting_distance_bad(s->raycast_distance) || s->raycast_distance <= 0.0f ||
        !(s->weight_fade_rate > 0.0f && s->weight_fade_rate <= FLT_MAX))
        return FOOT_IK_BAD_SETTINGS;
    if (!(in->dt > 0.0f && in->dt <= FLT_MAX))
        return FOOT_IK_BAD_TIME_STEP;
    if (!terrain_is_valid(ground))
        return FOOT_IK_BAD_TERRAIN;
    for (int f = FOOT_COUNT - 1; f >= 0; f--) {
        const foot_leg *l = &in->legs[f];
        if (!(l->shin_length > 0.0f && l->shin_length <= IK_WORLD_LIMIT) ||
            !(l->thigh_length > 0.0f && l->thigh_length <= IK_WORLD_LIMIT))
            return FOOT_IK_BAD_LEG;
        if (!v3_in_world(l->knee_pole) || !v3_in_world(l->ankle) || !v3_in_world(l->knee) ||
            !v3_in_world(l->hip) || !quat_is_finite(l->foot_rotation))
            return FOOT_IK_BAD_LEG;
    }
    for (int f = FOOT_COUNT - 1; f >= 0; f--) {
        const foot_ik_memory *m = &in->memory[f];
        if (!v3_is_finite(m->ground_normal) || !ik_in_world(m->ground_height) || m->weight < 0.0f ||
            m->weight > 1.0f || isnan(m->weight))
            return FOOT_IK_BAD_MEMORY;
    }
    return FOOT_IK_OK;
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    if (out == NULL)
        return FOOT_IK_NULL;
    foot_ik_status st = validate(in, ground);
    if (st != FOOT_IK_OK) {
        foot_ik_foot blank;
        blank.grounded = 0;
        blank.hit_point = blank.target = blank.hip = blank.knee = blank.ankle = v3_zero();
        blank.hit_normal = v3_up();
        blank.target_rotation = blank.foot_rotation = quat_identity();
        blank.weight = blank.deficit = 0.0f;
        out->hip_drop = 0.0f;
        for (int f = 0; f < FOOT_COUNT; f++) {
            out->feet[f] = blank;
            out->memory[f] = (foot_ik_memory){0.0f, 0.0f, v3_up()};
        }
        return st;
    }

    const foot_ik_settings *s = &in->settings;
    double deficit[FOOT_COUNT];
    double drop = 0.0;

    /* Pass one: what each foot finds. */
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        const foot_ik_memory *mem = &in->memory[f];
        foot_ik_foot *o = &out->feet[f];
        terrain_hit hit;
        vec3 origin = v3(leg->ankle.x, leg->ankle.y + s->raycast_height, leg->ankle.z);
        int grounded = terrain_raycast_down(ground, origin, s->raycast_distance, &hit);
        vec3 normal;
        o->grounded = grounded ? 1 : 0;
        if (grounded) {
            o->hit_point = hit.point;
            o->hit_normal = hit.normal;
            o->target = v3(hit.point.x, hit.point.y + s->foot_sole_offset, hit.point.z);
            normal = hit.normal;
            out->memory[f].ground_height = o->target.y;
        } else {
            o->hit_point = v3_zero();
            o->hit_normal = v3_up();
            o->target = v3(leg->ankle.x, mem->ground_height, leg->ankle.z);
            normal = v3_normalize_or(mem->ground_normal, v3_up());
            out->memory[f].ground_height = mem->ground_height;
        }
        out->memory[f].ground_normal = normal;
        o->weight = foot_ik_fade_weight(mem->weight, grounded, s->weight_fade_rate, in->dt);
        out->memory[f].weight = o->weight;
        o->target_rotation = quat_mul(quat_from_to(v3_up(), normal), leg->foot_rotation);
        double gap = (double)leg->ankle.y - (double)o->target.y;
        deficit[f] = (double)o->weight * (gap > 0.0 ? gap : 0.0);
        o->deficit = (float)deficit[f];
        if (deficit[f] > drop)
            drop = deficit[f];
    }
    out->hip_drop = (float)drop;

    /* Pass two: the body down by the drop, each leg onto its goal. */
    for (int f = 0; f < FOOT_COUNT; f++) {
        const foot_leg *leg = &in->legs[f];
        foot_ik_foot *o = &out->feet[f];
        vec3 hip = v3(leg->hip.x, (float)((double)leg->hip.y - drop), leg->hip.z);
        vec3 knee = v3(leg->knee.x, (float)((double)leg->knee.y - drop), leg->knee.z);
        vec3 pole = v3(leg->knee_pole.x, (float)((double)leg->knee_pole.y - drop), leg->knee_pole.z);
        double ax = leg->ankle.x, ay = (double)leg->ankle.y - drop, az = leg->ankle.z;
        o->hip = hip;
        if (!(o->weight > 0.0f)) {
            o->knee = knee;
            o->ankle = v3((float)ax, (float)ay, (float)az);
            o->foot_rotation = leg->foot_rotation;
            continue;
        }
        double w = o->weight;
        vec3 goal = v3((float)(ax + (o->target.x - ax) * w), (float)(ay + (o->target.y - ay) * w),
                       (float)(az + (o->target.z - az) * w));
        two_bone_input tb = {hip, goal, pole, leg->thigh_length, leg->shin_length};
        two_bone_output sol;
        two_bone_solve(&tb, &sol);
        o->knee = sol.mid;
        o->ankle = sol.tip;
        o->foot_rotation = quat_slerp(leg->foot_rotation, o->target_rotation, o->weight);
    }
    return FOOT_IK_OK;
}
