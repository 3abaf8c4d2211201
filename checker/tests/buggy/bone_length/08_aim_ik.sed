# Planted bug proving the "bone_length" diagnosis: the hand is snapped onto its goal instead of taking the solver's tip, so an arm reaching for a wall point beyond its length stretches.
# Applied to solutions/08_aim_ik/ by make test; must change the file.
s/^    out->hand = placed.tip;/    out->hand = solve.target;/
