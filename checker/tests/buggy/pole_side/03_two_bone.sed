# Planted bug proving the "pole_side" diagnosis: the bend axis is cross(pole, target) instead of cross(target, pole): the elbow bends away from the pole.
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/v3_cross(dir_to_target, dir_to_pole)/v3_cross(dir_to_pole, dir_to_target)/
