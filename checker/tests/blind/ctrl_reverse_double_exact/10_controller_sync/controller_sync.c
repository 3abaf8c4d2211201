/* Variant ctrl_reverse_double_exact: the centre is carried in double
 * between steps and pushes (contacts are still the given float helpers);
 * boxes visited last to first; settings checked before the world (the
 * header lists both without an order); the normal fallback pushes
 * radius - distance; a box counts as pushed only when it moved the sphere;
 * an undone step also takes back its hit flags, then sets hit_wall. */
#include "controller_sync.h"

#include <math.h>
#include <stddef.h>

typedef struct { double x, y, z; } dvec;

static vec3 to_f(dvec d) { return v3((float)d.x, (float)d.y, (float)d.z); }

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    if (out) {
        out->center = v3_in_world(start) ? start : v3_zero();
        out->hit_ground = 0;
        out->hit_wall = 0;
        out->hit_ceiling = 0;
    }
    if (!world || !settings || !out)
        return CTRL_ERR_NULL;
    ctrl_status st = ctrl_check_settings(settings);
    if (st == CTRL_OK)
        st = ctrl_check_world(world);
    if (st != CTRL_OK)
        return st;
    if (!v3_in_world(start) || !isfinite(motion.x) || !isfinite(motion.y) || !isfinite(motion.z))
        return CTRL_ERR_NOT_FINITE;
    const double mx = motion.x, my = motion.y, mz = motion.z;
    const double length = sqrt(mx * mx + my * my + mz * mz);
    if (length > (double)CTRL_MAX_MOTION)
        return CTRL_ERR_TOO_FAR;

    const double radius = settings->radius;
    const double walkable = cos((double)settings->slope_limit);
    double steps = ceil(length / (radius / 2.0));
    const int n = steps < 1.0 ? 1 : (int)steps;
    const dvec step = {mx / n, my / n, mz / n};
    dvec c = {start.x, start.y, start.z};
    int ground = 0, wall = 0, ceiling = 0;
    for (int k = 0; k < n; k++) {
        const dvec before = c;
        const int g0 = ground, w0 = wall, c0 = ceiling;
        c.x += step.x;
        c.y += step.y;
        c.z += step.z;
        for (int pass = 0; pass < CTRL_MAX_ITERATIONS; pass++) {
            int moved = 0;
            for (int b = world->box_count - 1; b >= 0; b--) {
                vec3 cf = to_f(c);
                ctrl_contact ct = ctrl_box_contact(&world->boxes[b], cf);
                if (!(ct.distance < settings->radius))
                    continue;
                const double feet = c.y - radius;
                vec3 dir;
                int *flag;
                if ((double)ct.normal.y >= walkable ||
                    (ct.on_edge && (double)ct.point.y <= feet + settings->step_height && ct.normal.y > 0.0f)) {
                    dir = v3_up();
                    flag = &ground;
                } else if ((double)ct.normal.y <= -walkable) {
                    dir = ct.normal;
                    flag = &ceiling;
                } else {
                    double hx = ct.normal.x, hz = ct.normal.z, hl = sqrt(hx * hx + hz * hz);
                    dir = hl > 0.0 ? v3((float)(hx / hl), 0.0f, (float)(hz / hl)) : ct.normal;
                    flag = &wall;
                }
                double dist = ctrl_clearance(cf, ct.point, settings->radius, dir);
                if (dist < 0.0) {
                    dir = ct.normal;
                    dist = radius - (double)ct.distance;
                }
                if (dist > 0.0) {
                    c.x += dir.x * dist;
                    c.y += dir.y * dist;
                    c.z += dir.z * dist;
                    *flag = 1;
                    moved = 1;
                }
            }
            if (!moved)
                break;
        }
        if (ctrl_penetration(world, to_f(c), settings->radius) > CTRL_PENETRATION_SLOP) {
            c = before;
            ground = g0;
            ceiling = c0;
            wall = w0 | 1;
            break;
        }
    }
    out->center = to_f(c);
    out->hit_ground = ground;
    out->hit_wall = wall;
    out->hit_ceiling = ceiling;
    return CTRL_OK;
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    if (!world || !settings || !state)
        return CTRL_ERR_NULL;
    ctrl_status st = ctrl_check_settings(settings);
    if (st == CTRL_OK)
        st = ctrl_check_world(world);
    if (st != CTRL_OK)
        return st;
    if (!v3_in_world(state->center) || !isfinite(state->yaw) || !isfinite(state->vertical_velocity) ||
        !v3_is_finite(delta_translation) || !isfinite(delta_turn))
        return CTRL_ERR_NOT_FINITE;
    if (!(dt > 0.0f && dt <= CTRL_MAX_DT))
        return CTRL_ERR_TIME;

    /* delta turned by yaw about +Y; its y dropped */
    const double yaw = state->yaw, c = cos(yaw), s = sin(yaw);
    const double x = delta_translation.x, z = delta_translation.z;
    double vv = state->vertical_velocity;
    if (state->grounded && vv < 0.0)
        vv = CTRL_GROUNDED_VELOCITY;
    vv += (double)CTRL_GRAVITY * dt;
    const vec3 motion = v3((float)(x * c + z * s), (float)(vv * dt), (float)(z * c - x * s));

    ctrl_slide_result r;
    st = ctrl_slide(world, settings, state->center, motion, &r);
    if (st != CTRL_OK)
        return st;
    state->center = r.center;
    state->grounded = r.hit_ground;
    state->vertical_velocity = (float)vv;
    state->yaw = ctrl_wrap_angle(ctrl_wrap_angle(state->yaw) + delta_turn);
    return CTRL_OK;
}
