# A correct rm_heading worked out in double from the quaternion's
# components (the rotated axes written out, no quat_rotate), the same
# threshold on forward's horizontal length (1e-3).
/^float rm_heading(quat rotation)$/,/^}$/{
/^    quat q = quat_normalize(rotation);$/,/^    return rm_wrap_angle(atan2f(-side.z, side.x));$/c\
    const double n = sqrt((double)rotation.x * rotation.x + (double)rotation.y * rotation.y +\
                          (double)rotation.z * rotation.z + (double)rotation.w * rotation.w);\
    const double x = rotation.x / n, y = rotation.y / n, z = rotation.z / n, w = rotation.w / n;\
    const double fx = 2.0 * (x * z + w * y), fz = 1.0 - 2.0 * (x * x + y * y);\
    if (sqrt(fx * fx + fz * fz) >= 1e-3)\
        return rm_wrap_angle((float)atan2(fx, fz));\
    const double rx = 1.0 - 2.0 * (y * y + z * z), rz = 2.0 * (x * z - w * y);\
    return rm_wrap_angle((float)atan2(-rz, rx));
}
