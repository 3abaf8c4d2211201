# Planted bug proving the "degrees" diagnosis: every angle is returned in degrees instead of radians.
# Applied to solutions/02_law_of_cosines/ by make test; must change the file.
s/return acosf(cosine);/return acosf(cosine) * IK_RAD_TO_DEG;/
s/return IK_PI - elbow_interior_angle/return 180.0f - elbow_interior_angle/
s/        return IK_PI;/        return 180.0f;/
s/        return len_upper < len_lower ? IK_PI : 0.0f;/        return len_upper < len_lower ? 180.0f : 0.0f;/
