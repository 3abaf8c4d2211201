# Planted bug proving the "pole_side" diagnosis: the elbow swings away from the pole (sine taken with the wrong sign).
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/v3_add(v3_scale(dir_to_target, cos_root), v3_scale(bend_dir, sin_root))/v3_sub(v3_scale(dir_to_target, cos_root), v3_scale(bend_dir, sin_root))/
