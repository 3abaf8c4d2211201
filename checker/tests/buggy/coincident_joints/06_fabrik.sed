# Planted bug proving the "coincident_joints" diagnosis: where two points of a sweep coincide there is no fallback direction (the zero vector instead), so the joint is put on its neighbour and the bone collapses.
# Applied to solutions/06_fabrik/ by make test; must change the file.
s/, old_direction);/, v3_scale(old_direction, 0.0f));/
