# Alternative correct solution: the offset is turned by the sandwich product q * (v, 0) * q^-1 with quat_mul instead of quat_rotate; must pass every check.
# Applied to solutions/04_pole_vector/; must change the file.
s/    return v3_add(hip_position, quat_rotate(hip_rotation, offset));/    quat turned = quat_mul(quat_mul(hip_rotation, q4(offset.x, offset.y, offset.z, 0.0f)), quat_inverse(hip_rotation));\n    return v3_add(hip_position, v3(turned.x, turned.y, turned.z));/
