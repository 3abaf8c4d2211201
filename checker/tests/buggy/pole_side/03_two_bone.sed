# Planted bug proving the "pole_side" diagnosis: the elbow swings away from the pole (the offset along the bend taken with the wrong sign).
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/v3_add(v3_scale(limb->aim, along_scale), v3_scale(bend, bend_scale))/v3_sub(v3_scale(limb->aim, along_scale), v3_scale(bend, bend_scale))/
