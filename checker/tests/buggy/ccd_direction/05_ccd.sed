# Planted bug proving the "ccd_direction" diagnosis: the swing turns joint->target onto joint->tip (the inverse rotation), so every pass moves the tip away.
# Applied to solutions/05_ccd/ by make test; must change the file.
s/quat swing = quat_from_to(v3_sub(joints\[tip\], pivot), v3_sub(target, pivot));/quat swing = quat_from_to(v3_sub(target, pivot), v3_sub(joints[tip], pivot));/
