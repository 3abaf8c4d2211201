/* 04's live glue: in limb (0 knee, 1 elbow), distance, hip yaw (radians),
 * hip, mid, tip (xyz each); out offset [0], pole [3], upper rotation [6],
 * lower rotation [10]; returns bone_rotations_from_positions' status.
 * The pole the bones lean toward is the one the section's own
 * pole_from_hip placed, as a rig would use it. */
#include "pole_vector.h"
#include "live_glue.h"

int live_run(int op)
{
    (void)op;
    limb_kind limb = live_in_buf[0] > 0.5f ? LIMB_ELBOW : LIMB_KNEE;
    vec3 hip = live_v3(3), mid = live_v3(6), tip = live_v3(9);
    quat turn = quat_from_axis_angle(v3_up(), live_in_buf[2]);
    quat upper = q4(__builtin_nanf(""), 0.0f, 0.0f, 0.0f), lower = upper;
    live_clear_out();
    vec3 offset = pole_offset_for(limb, live_in_buf[1]);
    vec3 pole = pole_from_hip(hip, turn, offset);
    int status = (int)bone_rotations_from_positions(hip, mid, tip, pole, &upper, &lower);
    live_put(0, offset);
    live_put(3, pole);
    live_put_q(6, upper);
    live_put_q(10, lower);
    return status;
}
