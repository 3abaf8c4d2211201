# Planted bug proving the "bone_length" diagnosis: the tip is always snapped onto the target, even when it is out of reach or too close.
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/^    out->tip = v3_add(root, v3(ldexpf(tip.x, reach_exp).*$/    out->tip = in->target;/
