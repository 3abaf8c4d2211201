# Planted bug proving the "bone_length" diagnosis: after each pass the tip is moved onto the target, stretching or squashing the last bone.
# Applied to solutions/05_ccd/ by make test; must change the file.
/^        error = v3_distance(joints\[tip\], target);$/i\        joints[tip] = target;
