# Planted bug proving the "degrees" diagnosis: every angle is returned in degrees instead of radians.
# Applied to solutions/02_law_of_cosines/ by make test; must change the file.
s/return acosf(cosine);/return acosf(cosine) * IK_RAD_TO_DEG;/
s/return IK_PI - elbow_interior_angle/return 180.0f - elbow_interior_angle/
