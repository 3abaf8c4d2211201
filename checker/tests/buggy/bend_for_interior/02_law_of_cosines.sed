# Planted bug proving the "bend_for_interior" diagnosis: elbow_interior_angle returns the bend from straight (pi - interior), so elbow_bend_angle returns the interior angle.
# Applied to solutions/02_law_of_cosines/ by make test; must change the file.
s/    return angle_opposite(len_upper, len_lower, reachable_distance(len_upper, len_lower, dist));/    return IK_PI - angle_opposite(len_upper, len_lower, reachable_distance(len_upper, len_lower, dist));/
