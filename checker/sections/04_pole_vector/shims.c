/* shims.c - 04_pole_vector's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "pole_vector.h"
#include "shims.h"

vec3 pole_offset_for(limb_kind limb, float distance)
{
    static replay_call c;
    replay_begin(&c, "pole_offset_for");
    IN_VALUE(&c, limb);
    IN_VALUE(&c, distance);
    VALUE_RESULT(vec3, &c, REF(pole_offset_for(limb, distance)));
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    static replay_call c;
    replay_begin(&c, "pole_from_hip");
    IN_VALUE(&c, hip_position);
    IN_VALUE(&c, hip_rotation);
    IN_VALUE(&c, offset);
    VALUE_RESULT(vec3, &c, REF(pole_from_hip(hip_position, hip_rotation, offset)));
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole, quat *upper_rotation,
                                          quat *lower_rotation)
{
    static replay_call c;
    replay_begin(&c, "bone_rotations_from_positions");
    IN_VALUE(&c, root);
    IN_VALUE(&c, mid);
    IN_VALUE(&c, tip);
    IN_VALUE(&c, pole);
    replay_word(&c, (upper_rotation != NULL) | (lower_rotation != NULL) << 1);
    OUT(&c, upper_rotation);
    OUT(&c, lower_rotation);
    VALUE_RESULT(pole_status, &c, REF(bone_rotations_from_positions(root, mid, tip, pole, upper_rotation, lower_rotation)));
}
