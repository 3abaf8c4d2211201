/* 08's live glue: a look-at over a chain and a hand reaching a wall.
 * in: bone count, look weight, look target [2], then per bone from [5]
 *     position (xyz), rotation (xyzw), share (8 floats each, up to
 *     LOOK_MAX_BONES); the arm from [80]: shoulder, elbow, hand, elbow
 *     pole, wall point (xyz each), upper and lower length, full and zero
 *     weight distances.
 * out: positions [0] (xyz per bone), rotations [24] (xyzw per bone), the
 *     look status [56]; the wall reach from [60]: weight, goal, elbow,
 *     hand, status [70].
 * Returns the look-at's status. look_at_solve and wall_reach_solve are the
 * student's, and so is the two_bone_solve the reach calls (their 03). */
#include "aim_ik.h"
#include "live_glue.h"

int live_run(int op)
{
    (void)op;
    static look_at_input look;
    static look_at_pose pose;
    static wall_reach_input reach;
    static wall_reach_output placed;
    look.bone_count = live_count(0, 1, LOOK_MAX_BONES);
    look.weight = live_in_buf[1];
    look.target = live_v3(2);
    for (int i = 0; i < look.bone_count; i++) {
        const int at = 5 + 8 * i;
        look.bones[i].position = live_v3(at);
        look.bones[i].rotation = live_q4(at + 3);
        look.bones[i].share = live_in_buf[at + 7];
    }
    reach.shoulder = live_v3(80);
    reach.elbow = live_v3(83);
    reach.hand = live_v3(86);
    reach.elbow_pole = live_v3(89);
    reach.wall_point = live_v3(92);
    reach.upper_length = live_in_buf[95];
    reach.lower_length = live_in_buf[96];
    reach.full_weight_distance = live_in_buf[97];
    reach.zero_weight_distance = live_in_buf[98];
    live_clear_out();
    for (int i = 0; i < LOOK_MAX_BONES; i++) {
        pose.positions[i] = v3(__builtin_nanf(""), 0.0f, 0.0f);
        pose.rotations[i] = q4(__builtin_nanf(""), 0.0f, 0.0f, 0.0f);
    }
    placed.weight = __builtin_nanf("");
    placed.goal = placed.elbow = placed.hand = pose.positions[0];
    int status = (int)look_at_solve(&look, &pose);
    for (int i = 0; i < look.bone_count; i++) {
        live_put(3 * i, pose.positions[i]);
        live_put_q(24 + 4 * i, pose.rotations[i]);
    }
    live_out_buf[56] = (float)status;
    live_out_buf[70] = (float)wall_reach_solve(&reach, &placed);
    live_out_buf[60] = placed.weight;
    live_put(61, placed.goal);
    live_put(64, placed.elbow);
    live_put(67, placed.hand);
    return status;
}
