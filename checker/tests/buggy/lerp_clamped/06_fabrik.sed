# Planted bug proving the "lerp_clamped" diagnosis: a joint nearer its neighbour than its bone stays put, as the chapter's Vector3.Lerp with lambda clamped to 1 leaves it.
# Applied to solutions/06_fabrik/ by make test; must change the file.
s/^        joints\[i\] = v3_add(joints\[i + 1\], v3_scale(direction, rest_length\[i\]));$/        if (!(v3_distance(joints[i], joints[i + 1]) < rest_length[i]))\n            joints[i] = v3_add(joints[i + 1], v3_scale(direction, rest_length[i]));/
s/^        joints\[i + 1\] = v3_add(joints\[i\], v3_scale(direction, rest_length\[i\]));$/        if (!(v3_distance(joints[i + 1], joints[i]) < rest_length[i]))\n            joints[i + 1] = v3_add(joints[i], v3_scale(direction, rest_length[i]));/
