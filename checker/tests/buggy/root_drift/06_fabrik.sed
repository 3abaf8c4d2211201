# Planted bug proving the "root_drift" diagnosis: the forward sweep does not put the root back (joints[0] = root; is missing).
# Applied to solutions/06_fabrik/ by make test; must change the file.
s/^\( *\)joints\[0\] = root;/\1\/* joints[0] = root; missing *\//
