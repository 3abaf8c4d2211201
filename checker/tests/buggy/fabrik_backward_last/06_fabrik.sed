# Planted bug proving the "fabrik_backward_last" diagnosis: a pass runs the forward sweep (root reset included) first and the backward sweep second, so it ends with the root pulled away and the tip on the target. (Leaving out the root reset, the old root_drift/06_fabrik.sed, gives the very same chains and the same diagnosis.)
# Applied to solutions/06_fabrik/ by make test; must change the file.
/^        vec3 moved_child_was = joints\[tip\];$/,/^        }$/{
H
d
}
/^        vec3 moved_parent_was = joints\[0\];$/,/^        }$/{
/^        }$/{
p
x
s/^\n//
}
}
