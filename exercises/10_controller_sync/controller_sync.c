/* 10 Root motion through a character controller - exercise (chapter
 * section 12).
 *
 * Write the controller's Move (collide and slide) and the chapter's
 * OnAnimatorMove around it: the clip's step, turned into the world, with
 * gravity added and the small constant down-push while grounded.
 *
 * Both functions below are stubs: they compile and run, but the character
 * never moves. controller_sync.h documents the contract the checker tests
 * and gives you the geometry: ctrl_box_contact, ctrl_clearance,
 * ctrl_check_world, ctrl_check_settings, ctrl_penetration, ctrl_wrap_angle.
 */
#include "controller_sync.h"

#include <math.h>
#include <stddef.h>

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    /* @snippet ctrl_slide */
    /* TODO: chapter section 12 ("controller.Move(motion); // now respects
     * walls, slopes, steps") - the header lists the four steps:
     *   1. validate (NULL, ctrl_check_world, ctrl_check_settings, start
     *      in the world (v3_in_world), motion finite, |motion| <=
     *      CTRL_MAX_MOTION); on error out = start (origin if start is not
     *      in the world), no hits;
     *   2. n = max(1, ceil(|motion| / (radius / 2))) small steps of motion / n;
     *   3. after each step up to CTRL_MAX_ITERATIONS passes: for every box
     *      with ctrl_box_contact(...).distance < radius, pick the push
     *      direction (ground or step: +Y; ceiling: the normal; otherwise the
     *      normal's horizontal part), move by ctrl_clearance(centre,
     *      contact point, radius, direction) (negative: use the normal), and
     *      set the matching hit flag; stop when a pass pushes nothing;
     *   4. still overlapping by more than CTRL_PENETRATION_SLOP
     *      (ctrl_penetration): undo the step, hit_wall = 1, stop.
     * This stub never moves and hits nothing. */
    (void)world;
    (void)settings;
    (void)motion;
    if (out != NULL) {
        out->center = start;
        out->hit_ground = out->hit_wall = out->hit_ceiling = 0;
    }
    return CTRL_OK;
    /* @end ctrl_slide */
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    /* @snippet ctrl_root_motion_frame */
    /* TODO: chapter section 12, RootMotionController.OnAnimatorMove:
     *   1. validate (NULL, world, settings, finite state/delta/turn with
     *      the centre in the world (v3_in_world), dt in (0, CTRL_MAX_DT]);
     *      on error leave *state alone;
     *   2. motion = (delta_translation.x, 0, delta_translation.z) turned by
     *      state->yaw about +Y;
     *      if (grounded && vertical_velocity < 0) vertical_velocity = -2
     *      (CTRL_GROUNDED_VELOCITY); vertical_velocity += CTRL_GRAVITY * dt;
     *      motion.y = vertical_velocity * dt;
     *   3. ctrl_slide(world, settings, centre, motion, &r); centre = r.center,
     *      grounded = r.hit_ground (keep the new vertical_velocity);
     *   4. yaw = ctrl_wrap_angle(ctrl_wrap_angle(yaw) + delta_turn)
     *      ("transform.rotation *= animator.deltaRotation").
     * This stub leaves the character where it was. */
    (void)world;
    (void)settings;
    (void)state;
    (void)delta_translation;
    (void)delta_turn;
    (void)dt;
    return CTRL_OK;
    /* @end ctrl_root_motion_frame */
}
