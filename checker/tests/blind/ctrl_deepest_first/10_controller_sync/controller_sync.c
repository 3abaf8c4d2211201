/* Variant ctrl_deepest_first: float; in each pass the deepest overlapping
 * box not yet pushed in that pass goes next (contacts retaken every pick);
 * the k-th step's position is start + motion * k / n plus the pushes so far
 * (the same steps of motion / n, without summing n rounded steps); motion is
 * checked (NaN, too far) before start, and dt before the finiteness checks
 * in the frame (the header lists them without an order). */
#include "controller_sync.h"

#include <math.h>
#include <stddef.h>

enum { KIND_GROUND, KIND_CEILING, KIND_WALL };

static int classify(const ctrl_settings *s, const ctrl_contact *c, vec3 center, float walkable)
{
    if (c->normal.y >= walkable)
        return KIND_GROUND;
    if (c->on_edge && c->normal.y > 0.0f && c->point.y <= (center.y - s->radius) + s->step_height)
        return KIND_GROUND;
    if (c->normal.y <= -walkable)
        return KIND_CEILING;
    return KIND_WALL;
}

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    ctrl_status st = CTRL_OK;
    if (world == NULL || settings == NULL || out == NULL)
        st = CTRL_ERR_NULL;
    else if ((st = ctrl_check_world(world)) != CTRL_OK || (st = ctrl_check_settings(settings)) != CTRL_OK)
        ;
    else if (!v3_is_finite(motion))
        st = CTRL_ERR_NOT_FINITE;
    else if (v3_length_sq(motion) > CTRL_MAX_MOTION * CTRL_MAX_MOTION)
        st = CTRL_ERR_TOO_FAR;
    else if (!v3_in_world(start))
        st = CTRL_ERR_NOT_FINITE;
    ctrl_slide_result res = {v3_in_world(start) ? start : v3_zero(), 0, 0, 0};
    if (st != CTRL_OK) {
        if (out != NULL)
            *out = res;
        return st;
    }

    const float radius = settings->radius;
    const float walkable = cosf(settings->slope_limit);
    const int n = (int)fmaxf(1.0f, ceilf(v3_length(motion) / (radius / 2.0f)));
    vec3 pushes = v3_zero(); /* everything the boxes added so far */
    vec3 center = start;
    int done[CTRL_MAX_BOXES];
    for (int k = 1; k <= n; k++) {
        const vec3 before = center, pushes_before = pushes;
        const float along = (float)k / (float)n;
        center = v3_add(v3_add(start, v3_scale(motion, along)), pushes);
        for (int pass = 0; pass < CTRL_MAX_ITERATIONS; pass++) {
            for (int i = 0; i < world->box_count; i++)
                done[i] = 0;
            int pushed_any = 0;
            for (;;) {
                int pick = -1;
                float deepest = 0.0f;
                ctrl_contact best = {v3_zero(), v3_up(), 0.0f, 0};
                for (int i = 0; i < world->box_count; i++) {
                    if (done[i])
                        continue;
                    ctrl_contact c = ctrl_box_contact(&world->boxes[i], center);
                    if (!(c.distance < radius))
                        continue;
                    float depth = radius - c.distance;
                    if (pick < 0 || depth > deepest) {
                        pick = i;
                        deepest = depth;
                        best = c;
                    }
                }
                if (pick < 0)
                    break;
                done[pick] = 1;
                const int kind = classify(settings, &best, center, walkable);
                vec3 dir = kind == KIND_GROUND    ? v3_up()
                           : kind == KIND_CEILING ? best.normal
                                                  : v3_normalize_or(v3(best.normal.x, 0.0f, best.normal.z), best.normal);
                float dist = ctrl_clearance(center, best.point, radius, dir);
                if (dist < 0.0f) {
                    dir = best.normal;
                    dist = ctrl_clearance(center, best.point, radius, dir);
                }
                if (dist > 0.0f) {
                    const vec3 push = v3_scale(dir, dist);
                    center = v3_add(center, push);
                    pushes = v3_add(pushes, push);
                    pushed_any = 1;
                    if (kind == KIND_GROUND)
                        res.hit_ground = 1;
                    else if (kind == KIND_CEILING)
                        res.hit_ceiling = 1;
                    else
                        res.hit_wall = 1;
                }
            }
            if (!pushed_any)
                break;
        }
        if (ctrl_penetration(world, center, radius) > CTRL_PENETRATION_SLOP) {
            center = before;
            pushes = pushes_before;
            res.hit_wall = 1;
            break;
        }
    }
    res.center = center;
    *out = res;
    return CTRL_OK;
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    if (world == NULL || settings == NULL || state == NULL)
        return CTRL_ERR_NULL;
    ctrl_status st = ctrl_check_world(world);
    if (st == CTRL_OK)
        st = ctrl_check_settings(settings);
    if (st != CTRL_OK)
        return st;
    if (isnan(dt) || isinf(dt) || dt <= 0.0f || dt > CTRL_MAX_DT)
        return CTRL_ERR_TIME;
    if (!(v3_in_world(state->center) && isfinite(state->yaw) && isfinite(state->vertical_velocity) &&
          v3_is_finite(delta_translation) && isfinite(delta_turn)))
        return CTRL_ERR_NOT_FINITE;

    const float c = cosf(state->yaw), s = sinf(state->yaw);
    vec3 motion = v3(delta_translation.x * c + delta_translation.z * s, 0.0f,
                     delta_translation.z * c - delta_translation.x * s);
    float vv = state->vertical_velocity;
    if (state->grounded != 0 && vv < 0.0f)
        vv = CTRL_GROUNDED_VELOCITY;
    vv = vv + CTRL_GRAVITY * dt;
    motion.y = vv * dt;

    ctrl_slide_result r;
    st = ctrl_slide(world, settings, state->center, motion, &r);
    if (st != CTRL_OK)
        return st;
    *state = (ctrl_state){r.center, ctrl_wrap_angle(ctrl_wrap_angle(state->yaw) + delta_turn), vv, r.hit_ground};
    return CTRL_OK;
}
