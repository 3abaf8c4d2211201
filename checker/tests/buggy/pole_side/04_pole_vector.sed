# Planted bug proving the "pole_side" diagnosis: the up vector given to quat_look_rotation is joint - pole instead of pole - joint, so each bone's +Y points away from the pole (+Z is still along the bone).
# Applied to solutions/04_pole_vector/ by make test; must change the file.
s/quat_look_rotation(upper_bone, v3_sub(pole, root))/quat_look_rotation(upper_bone, v3_sub(root, pole))/
s/quat_look_rotation(lower_bone, v3_sub(pole, mid))/quat_look_rotation(lower_bone, v3_sub(mid, pole))/
