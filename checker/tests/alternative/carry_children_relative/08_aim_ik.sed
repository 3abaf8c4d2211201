# Alternative correct solution: each later bone carried as after * (before^-1 * child) - its rotation relative to the turning bone kept - instead of delta * child.
# Applied to solutions/08_aim_ik/ like a buggy sed; must pass every check.
s/^            out->rotations\[j\] = quat_normalize(quat_mul(delta, out->rotations\[j\]));$/            out->rotations[j] = quat_normalize(quat_mul(after, quat_mul(quat_conjugate(before), out->rotations[j])));/
