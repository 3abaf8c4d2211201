# Planted bug proving the "bone_length" diagnosis: an unreachable target is answered by laying the chain straight and then snapping the tip onto the target.
# Applied to solutions/06_fabrik/ by make test; must change the file.
/^    report->tip_error\[0\] = error;$/i\    joints[tip] = target;
