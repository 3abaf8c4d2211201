/* shims.c - 10_controller_sync's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "controller_sync.h"
#include "shims.h"

static void in_world(replay_call *c, const ctrl_world *world)
{
    replay_word(c, world != NULL);
    if (!world)
        return;
    replay_word(c, (uint32_t)world->box_count);
    replay_in(c, world->boxes, (size_t)clamp_count(world->box_count, CTRL_MAX_BOXES) * sizeof world->boxes[0]);
}

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    static replay_call c;
    replay_begin(&c, "ctrl_slide");
    in_world(&c, world);
    IN(&c, settings);
    IN_VALUE(&c, start);
    IN_VALUE(&c, motion);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(ctrl_status, &c, REF(ctrl_slide(world, settings, start, motion, out)));
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    static replay_call c;
    replay_begin(&c, "ctrl_root_motion_frame");
    in_world(&c, world);
    IN(&c, settings);
    IN(&c, state);
    IN_VALUE(&c, delta_translation);
    IN_VALUE(&c, delta_turn);
    IN_VALUE(&c, dt);
    OUT(&c, state);
    VALUE_RESULT(ctrl_status, &c, REF(ctrl_root_motion_frame(world, settings, state, delta_translation, delta_turn, dt)));
}
