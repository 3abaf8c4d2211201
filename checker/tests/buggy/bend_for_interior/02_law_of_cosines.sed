# Planted bug proving the "bend_for_interior" diagnosis: elbow_interior_angle returns the bend from straight (pi - interior), so elbow_bend_angle returns the interior angle.
# Applied to solutions/02_law_of_cosines/ by make test; must change the file.
s/    return angle_opposite(len_upper, len_lower, reach);/    return IK_PI - angle_opposite(len_upper, len_lower, reach);/
/    if (reach == len_upper + len_lower)$/{n;s/        return IK_PI;/        return 0.0f;/}
/    if (reach == fabsf(len_upper - len_lower))$/{n;s/        return 0.0f;/        return IK_PI;/}
