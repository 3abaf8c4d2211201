/* Port of chapter section 12, RootMotionController.OnAnimatorMove
 * (grounded && v < 0 -> v = -2; v += gravity * dt; motion.y = v * dt;
 * controller.Move(motion); transform.rotation *= deltaRotation) as
 * ctrl_root_motion_frame. ctrl_slide (the CharacterController's Move) has
 * no chapter listing and follows controller_sync.h. */
#include "controller_sync.h"

#include <math.h>
#include <stddef.h>

static void slide_fail(ctrl_slide_result *out, vec3 start)
{
    if (out != NULL) {
        out->center = v3_in_world(start) ? start : v3_zero();
        out->hit_ground = out->hit_wall = out->hit_ceiling = 0;
    }
}

/* Not from the chapter: controller_sync.h's collide and slide. */
ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    if (world == NULL || settings == NULL || out == NULL) {
        slide_fail(out, start);
        return CTRL_ERR_NULL;
    }
    ctrl_status st = ctrl_check_world(world);
    if (st == CTRL_OK)
        st = ctrl_check_settings(settings);
    if (st == CTRL_OK && (!v3_in_world(start) || !v3_is_finite(motion)))
        st = CTRL_ERR_NOT_FINITE;
    float len = v3_length(motion);
    if (st == CTRL_OK && !(len <= CTRL_MAX_MOTION))
        st = CTRL_ERR_TOO_FAR;
    if (st != CTRL_OK) {
        slide_fail(out, start);
        return st;
    }

    const float radius = settings->radius;
    const float cos_limit = cosf(settings->slope_limit);
    int n = (int)ceilf(len / (radius * 0.5f));
    if (n < 1)
        n = 1;
    vec3 center = start;
    vec3 pushes = v3_zero();   /* every push so far: the path is start + motion * (s + 1) / n + pushes */
    int hit_ground = 0, hit_wall = 0, hit_ceiling = 0;

    for (int s = 0; s < n; s++) {
        vec3 before = center;
        center = v3_add(v3_add(start, v3_scale(motion, (float)(s + 1) / (float)n)), pushes);
        for (int pass = 0; pass < CTRL_MAX_ITERATIONS; pass++) {
            int pushed = 0;
            for (int b = 0; b < world->box_count; b++) {
                ctrl_contact c = ctrl_box_contact(&world->boxes[b], center);
                if (!(c.distance < radius))
                    continue;
                float feet = center.y - radius;
                vec3 dir;
                if (c.normal.y >= cos_limit ||
                    (c.on_edge && c.point.y <= feet + settings->step_height && c.normal.y > 0.0f)) {
                    dir = v3_up();
                    hit_ground = 1;
                } else if (c.normal.y <= -cos_limit) {
                    dir = c.normal;
                    hit_ceiling = 1;
                } else {
                    dir = v3_normalize_or(v3(c.normal.x, 0.0f, c.normal.z), c.normal);
                    hit_wall = 1;
                }
                float d = ctrl_clearance(center, c.point, radius, dir);
                if (d < 0.0f) {
                    dir = c.normal;
                    d = ctrl_clearance(center, c.point, radius, dir);
                    if (d < 0.0f)
                        d = radius - c.distance;
                }
                center = v3_add(center, v3_scale(dir, d));
                pushes = v3_add(pushes, v3_scale(dir, d));
                pushed = 1;
            }
            if (!pushed)
                break;
        }
        if (world->box_count > 0 && ctrl_penetration(world, center, radius) > CTRL_PENETRATION_SLOP) {
            center = before;
            hit_wall = 1;
            break;
        }
    }
    out->center = center;
    out->hit_ground = hit_ground;
    out->hit_wall = hit_wall;
    out->hit_ceiling = hit_ceiling;
    return CTRL_OK;
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    /* Not from the chapter: controller_sync.h's validation. */
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
    if (!isfinite(dt) || !(dt > 0.0f) || !(dt <= CTRL_MAX_DT))
        return CTRL_ERR_TIME;

    /* chapter: Vector3 motion = animator.deltaPosition;
     * (world space in Unity: the clip's step turned by the character's yaw; its y is replaced below) */
    vec3 motion = quat_rotate(quat_from_axis_angle(v3_up(), state->yaw), delta_translation);
    motion.y = 0.0f;

    float verticalVelocity = state->vertical_velocity;
    /* chapter: if (controller.isGrounded && verticalVelocity < 0f) verticalVelocity = -2f; */
    if (state->grounded && verticalVelocity < 0.0f)
        verticalVelocity = CTRL_GROUNDED_VELOCITY;
    /* chapter: verticalVelocity += Physics.gravity.y * Time.deltaTime; */
    verticalVelocity += CTRL_GRAVITY * dt;
    /* chapter: motion.y = verticalVelocity * Time.deltaTime; */
    motion.y = verticalVelocity * dt;

    /* chapter: controller.Move(motion); */
    ctrl_slide_result res;
    st = ctrl_slide(world, settings, state->center, motion, &res);
    if (st != CTRL_OK)
        return st;   /* not from the chapter: the state is left as it was */

    state->center = res.center;
    state->grounded = res.hit_ground;
    state->vertical_velocity = verticalVelocity;
    /* chapter: transform.rotation *= animator.deltaRotation;  (a turn about +Y) */
    state->yaw = ctrl_wrap_angle(ctrl_wrap_angle(state->yaw) + delta_turn);
    return CTRL_OK;
}
