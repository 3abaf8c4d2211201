# Alternative correct solution: straight above or below the bone, where world up gives no heading, the look takes world +Z as its up instead of quat_look_rotation's own choice (aim_ik.h leaves that yaw free).
# Applied to solutions/08_aim_ik/ like a buggy sed; must pass every check.
s/^    quat full_aim = quat_look_rotation(aim_dir, v3_up());$/    vec3 hint = v3_length_sq(v3_cross(v3_up(), aim_dir)) <= 1e-10f * v3_length_sq(aim_dir) ? v3_forward() : v3_up();\n    quat full_aim = quat_look_rotation(aim_dir, hint);/
