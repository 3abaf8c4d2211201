/* Variant ctrl_forward_clearance: float; boxes visited first to last in
 * every pass; the normal fallback distance is ctrl_clearance along the
 * normal; any box found closer than the radius counts as a push (sets its
 * hit flag) even if the clearance rounds to 0; an undone step keeps the
 * flags its pushes set; the frame turns the delta with quat_rotate about +Y. */
#include "controller_sync.h"

#include <math.h>
#include <stddef.h>

static void clear_result(ctrl_slide_result *out, vec3 center)
{
    out->center = center;
    out->hit_ground = out->hit_wall = out->hit_ceiling = 0;
}

/* One pass over the boxes; returns whether anything pushed. */
static int push_pass(const ctrl_world *world, const ctrl_settings *settings, vec3 *center, ctrl_slide_result *res)
{
    const float radius = settings->radius;
    const float walkable = cosf(settings->slope_limit);
    int pushed = 0;
    for (int i = 0; i < world->box_count; i++) {
        ctrl_contact c = ctrl_box_contact(&world->boxes[i], *center);
        if (!(c.distance < radius))
            continue;
        const float feet = center->y - radius;
        vec3 dir;
        int kind; /* 0 ground, 1 ceiling, 2 wall */
        if (c.normal.y >= walkable ||
            (c.on_edge && c.point.y <= feet + settings->step_height && c.normal.y > 0.0f)) {
            dir = v3_up();
            kind = 0;
        } else if (c.normal.y <= -walkable) {
            dir = c.normal;
            kind = 1;
        } else {
            dir = v3_normalize_or(v3(c.normal.x, 0.0f, c.normal.z), c.normal);
            kind = 2;
        }
        float dist = ctrl_clearance(*center, c.point, radius, dir);
        if (dist < 0.0f) {
            dir = c.normal;
            dist = ctrl_clearance(*center, c.point, radius, dir);
            if (dist < 0.0f)
                dist = 0.0f;
        }
        *center = v3_add(*center, v3_scale(dir, dist));
        if (kind == 0)
            res->hit_ground = 1;
        else if (kind == 1)
            res->hit_ceiling = 1;
        else
            res->hit_wall = 1;
        pushed = 1;
    }
    return pushed;
}

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    const vec3 fallback = v3_in_world(start) ? start : v3_zero();
    if (out != NULL)
        clear_result(out, fallback);
    if (world == NULL || settings == NULL || out == NULL)
        return CTRL_ERR_NULL;
    ctrl_status st = ctrl_check_world(world);
    if (st != CTRL_OK)
        return st;
    st = ctrl_check_settings(settings);
    if (st != CTRL_OK)
        return st;
    if (!v3_in_world(start) || !v3_is_finite(motion))
        return CTRL_ERR_NOT_FINITE;
    const float length = v3_length(motion);
    if (!(length <= CTRL_MAX_MOTION))
        return CTRL_ERR_TOO_FAR;

    const float radius = settings->radius;
    int n = (int)ceilf(length / (radius * 0.5f));
    if (n < 1)
        n = 1;
    const vec3 step = v3_scale(motion, 1.0f / (float)n);
    vec3 center = start;
    for (int k = 0; k < n; k++) {
        const vec3 before = center;
        center = v3_add(center, step);
        for (int pass = 0; pass < CTRL_MAX_ITERATIONS; pass++)
            if (!push_pass(world, settings, &center, out))
                break;
        if (ctrl_penetration(world, center, radius) > CTRL_PENETRATION_SLOP) {
            center = before;
            out->hit_wall = 1;
            break;
        }
    }
    out->center = center;
    return CTRL_OK;
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    if (world == NULL || settings == NULL || state == NULL)
        return CTRL_ERR_NULL;
    ctrl_status st = ctrl_check_world(world);
    if (st != CTRL_OK)
        return st;
    st = ctrl_check_settings(settings);
    if (st != CTRL_OK)
        return st;
    if (!v3_in_world(state->center) || !isfinite(state->yaw) || !isfinite(state->vertical_velocity) ||
        !v3_is_finite(delta_translation) || !isfinite(delta_turn))
        return CTRL_ERR_NOT_FINITE;
    if (!isfinite(dt) || !(dt > 0.0f) || dt > CTRL_MAX_DT)
        return CTRL_ERR_TIME;

    vec3 motion = quat_rotate(quat_from_axis_angle(v3_up(), state->yaw), delta_translation);
    motion.y = 0.0f;
    float vv = state->vertical_velocity;
    if (state->grounded && vv < 0.0f)
        vv = CTRL_GROUNDED_VELOCITY;
    vv += CTRL_GRAVITY * dt;
    motion.y = vv * dt;

    ctrl_slide_result res;
    st = ctrl_slide(world, settings, state->center, motion, &res);
    if (st != CTRL_OK)
        return st;
    state->center = res.center;
    state->grounded = res.hit_ground;
    state->vertical_velocity = vv;
    state->yaw = ctrl_wrap_angle(ctrl_wrap_angle(state->yaw) + delta_turn);
    return CTRL_OK;
}
