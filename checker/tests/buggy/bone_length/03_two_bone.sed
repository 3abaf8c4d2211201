# Planted bug proving the "bone_length" diagnosis: the tip is always snapped onto the target, even when it is out of reach or too close.
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/^    out->tip = v3_add(root, v3_scale(aim, tip_scale));/    out->tip = in->target;/
