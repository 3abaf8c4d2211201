/* 10 Root motion through a character controller - reference solution
 * (chapter section 12).
 *
 * The controller moves in steps no longer than half its radius: a sphere
 * that starts clear of a box and moves less than its radius cannot get its
 * centre inside the box, so every overlap is shallow and pushes back out
 * on the side it came from, whatever the speed or the frame rate. Which
 * way to push depends on what was hit: straight up for ground (horizontal
 * motion stays exact, and standing on a slope does not slide), sideways
 * for walls and too-steep slopes (the motion along the wall is kept, the
 * slope is not climbed), along the normal for ceilings.
 */
#include "controller_sync.h"

#include <math.h>
#include <stddef.h>

/* One pass of pushes; returns 1 when it moved the sphere. */
static int push_out_once(const ctrl_world *world, const ctrl_settings *settings, vec3 *center,
                         ctrl_slide_result *hits)
{
    const float walkable = cosf(settings->slope_limit);
    int pushed = 0;
    for (int i = 0; i < world->box_count; i++) {
        ctrl_contact c = ctrl_box_contact(&world->boxes[i], *center);
        if (!(c.distance < settings->radius))
            continue;
        const float feet = center->y - settings->radius;
        vec3 direction;
        if (c.normal.y >= walkable ||
            (c.on_edge && c.normal.y > 0.0f && c.point.y <= feet + settings->step_height)) {
            direction = v3_up();
            hits->hit_ground = 1;
        } else if (c.normal.y <= -walkable) {
            direction = c.normal;
            hits->hit_ceiling = 1;
        } else {
            direction = v3_normalize_or(v3(c.normal.x, 0.0f, c.normal.z), c.normal);
            hits->hit_wall = 1;
        }
        float distance = ctrl_clearance(*center, c.point, settings->radius, direction);
        if (distance < 0.0f) {
            direction = c.normal;
            distance = ctrl_clearance(*center, c.point, settings->radius, direction);
        }
        if (distance > 0.0f) {
            *center = v3_add(*center, v3_scale(direction, distance));
            pushed = 1;
        }
    }
    return pushed;
}

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    /* @snippet ctrl_slide */
    if (out != NULL) {
        out->center = v3_in_world(start) ? start : v3_zero();
        out->hit_ground = out->hit_wall = out->hit_ceiling = 0;
    }
    if (world == NULL || settings == NULL || out == NULL)
        return CTRL_ERR_NULL;
    ctrl_status status = ctrl_check_world(world);
    if (status == CTRL_OK)
        status = ctrl_check_settings(settings);
    if (status != CTRL_OK)
        return status;
    if (!v3_in_world(start) || !v3_is_finite(motion))
        return CTRL_ERR_NOT_FINITE;
    const float length = v3_length(motion);
    if (length > CTRL_MAX_MOTION)
        return CTRL_ERR_TOO_FAR;

    /* Steps of at most half the radius: the centre never crosses a wall. */
    int steps = (int)ceilf(length / (0.5f * settings->radius));
    if (steps < 1)
        steps = 1;
    const vec3 step = v3_scale(motion, 1.0f / (float)steps);
    vec3 center = start;
    /* Up to 10 000 small steps added to a large position: each add rounds
     * the same way, and a step under half an ulp of the position is lost
     * whole (a 49 m walk at 4 km height, in 9 800 steps, lost its whole
     * 1 m rise: each step's 0.1 mm of it was under half an ulp of 4096).
     * `carry` keeps what
     * each add dropped and puts it into the next step (Kahan summation):
     * the end is then within a few ulps of start + motion. */
    vec3 carry = v3_zero();
    for (int s = 0; s < steps; s++) {
        const vec3 before = center;
        const vec3 wanted = v3_sub(step, carry);
        center = v3_add(center, wanted);
        carry = v3_sub(v3_sub(center, before), wanted);
        int pass = 0, moved;
        do
            moved = push_out_once(world, settings, &center, out);
        while (moved && ++pass < CTRL_MAX_ITERATIONS);
        /* Wedged between boxes that push against each other: keep the
         * last place that was clear rather than end inside one. Only the
         * passes running out can leave it wedged: every box closer than
         * the radius pushes it by radius - distance > 0, so a pass that
         * moved nothing found no overlap (no need to sweep the boxes
         * again for ctrl_penetration). */
        if (moved && ctrl_penetration(world, center, settings->radius) > CTRL_PENETRATION_SLOP) {
            center = before;
            out->hit_wall = 1;
            break;
        }
    }
    out->center = center;
    return CTRL_OK;
    /* @end ctrl_slide */
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    /* @snippet ctrl_root_motion_frame */
    if (world == NULL || settings == NULL || state == NULL)
        return CTRL_ERR_NULL;
    ctrl_status status = ctrl_check_world(world);
    if (status == CTRL_OK)
        status = ctrl_check_settings(settings);
    if (status != CTRL_OK)
        return status;
    if (!v3_in_world(state->center) || !isfinite(state->yaw) || !isfinite(state->vertical_velocity) ||
        !v3_is_finite(delta_translation) || !isfinite(delta_turn))
        return CTRL_ERR_NOT_FINITE;
    if (!(dt > 0.0f && dt <= CTRL_MAX_DT))
        return CTRL_ERR_TIME;

    /* The clip's step on the ground, turned from the character's frame
     * into the world; its bob stays in the pose, gravity owns y. */
    vec3 flat = v3(delta_translation.x, 0.0f, delta_translation.z);
    vec3 motion = quat_rotate(quat_from_axis_angle(v3_up(), state->yaw), flat);
    float vertical_velocity = state->vertical_velocity;
    if (state->grounded && vertical_velocity < 0.0f)
        vertical_velocity = CTRL_GROUNDED_VELOCITY; /* keeps it pressed onto the ground */
    vertical_velocity += CTRL_GRAVITY * dt;
    motion.y = vertical_velocity * dt;

    ctrl_slide_result moved;
    status = ctrl_slide(world, settings, state->center, motion, &moved);
    if (status != CTRL_OK)
        return status;
    state->center = moved.center;
    state->grounded = moved.hit_ground;
    state->vertical_velocity = vertical_velocity;
    /* Wrapped before the turn is added: two huge finite angles could add
     * up to inf. */
    state->yaw = ctrl_wrap_angle(ctrl_wrap_angle(state->yaw) + delta_turn);
    return CTRL_OK;
    /* @end ctrl_root_motion_frame */
}
