/* shims.c - 08_aim_ik's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "aim_ik.h"
#include "shims.h"

aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    static replay_call c;
    replay_begin(&c, "aim_bone");
    IN_VALUE(&c, position);
    IN_VALUE(&c, animated);
    IN_VALUE(&c, target);
    IN_VALUE(&c, weight);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(aim_status, &c, REF(aim_bone(position, animated, target, weight, out)));
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    static replay_call c;
    replay_begin(&c, "look_at_solve");
    replay_word(&c, in != NULL);
    if (in) {
        replay_word(&c, (uint32_t)in->bone_count);
        replay_in(&c, in->bones, (size_t)clamp_count(in->bone_count, LOOK_MAX_BONES) * sizeof in->bones[0]);
        IN_VALUE(&c, in->target);
        IN_VALUE(&c, in->weight);
    }
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(aim_status, &c, REF(look_at_solve(in, out)));
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    static replay_call c;
    replay_begin(&c, "wall_reach_weight");
    IN_VALUE(&c, distance);
    IN_VALUE(&c, full_weight_distance);
    IN_VALUE(&c, zero_weight_distance);
    VALUE_RESULT(float, &c, REF(wall_reach_weight(distance, full_weight_distance, zero_weight_distance)));
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    static replay_call c;
    replay_begin(&c, "wall_reach_solve");
    IN(&c, in);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(aim_status, &c, REF(wall_reach_solve(in, out)));
}
