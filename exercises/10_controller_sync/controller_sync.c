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
    /* TODO (chapter section 12: "controller.Move(motion); // now respects
     * walls, slopes, steps"): move the character's sphere by motion
     * through the boxes without ever ending inside one, sliding along
     * what it hits and stepping onto low ledges. The contract is the
     * comment above ctrl_slide in controller_sync.h; its helpers give
     * you the geometry.
     * Stuck? make hint S=10 gives one step at a time, weakest first.
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
    /* TODO (chapter section 12, RootMotionController.OnAnimatorMove): one
     * frame of the clip's step through the controller: the step turned
     * into the world, gravity, the move, the turn. The contract is the
     * comment above this function in controller_sync.h.
     * Stuck? make hint S=10 gives one step at a time, weakest first.
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
