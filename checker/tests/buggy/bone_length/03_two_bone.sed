# Planted bug proving the "bone_length" diagnosis: the tip is always snapped onto the target, even when it is out of reach or too close.
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/^    place_joints(&limb, dist_sq, elbow, bend, out);$/&\n    out->tip = in->target;/
