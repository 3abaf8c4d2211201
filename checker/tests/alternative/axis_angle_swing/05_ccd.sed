# A correct 05 written another way: each joint's swing built from an axis
# (a x b) and an angle (atan2 of |a x b| and a.b) instead of ikmath.h's
# quat_from_to half-angle trick. The same smallest rotation, rounded
# differently: any pass-by-pass or end-state check must accept it.
# Applied by make test-alternatives.
/^int ccd_solve(/i\
/* The smallest rotation turning direction `from` onto `to`, as an axis and\
 * an angle. Nearly opposite directions have no reliable cross product:\
 * a half turn about any perpendicular. A zero vector: nothing to turn. */\
static quat swing_axis_angle(vec3 from, vec3 to)\
{\
    vec3 a = v3_normalize(from), b = v3_normalize(to);\
    if (v3_length_sq(a) == 0.0f || v3_length_sq(b) == 0.0f)\
        return quat_identity();\
    vec3 axis = v3_cross(a, b);\
    float s = v3_length(axis), c = v3_dot(a, b);\
    if (s < 1e-6f && c < 0.0f)\
        return quat_from_axis_angle(v3_any_perpendicular(a), IK_PI);\
    return quat_from_axis_angle(axis, atan2f(s, c));\
}\

s|quat swing = quat_from_to(v3_sub(joints\[tip\], pivot), v3_sub(target, pivot));|quat swing = swing_axis_angle(v3_sub(joints[tip], pivot), v3_sub(target, pivot));|
