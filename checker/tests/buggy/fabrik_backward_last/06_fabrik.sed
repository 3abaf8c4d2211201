# Planted bug proving the "fabrik_backward_last" diagnosis: a pass runs the forward sweep (root reset included) first and the backward sweep second, so it ends with the root pulled away and the tip on the target. (Leaving out the root reset, the old root_drift/06_fabrik.sed, gives the very same chains and the same diagnosis.)
# Applied to solutions/06_fabrik/ by make test; must change the file.
/^        backward_sweep(chain, target, rest_length);$/{
N
s/^\(.*\)\n\(.*\)$/\2\n\1/
}
