# Planted bug proving the "bone_length" diagnosis: the ankle is snapped onto its IK goal instead of taking the solver's tip, so a leg that cannot reach its target stretches.
# Applied to solutions/07_foot_ik/ by make test; must change the file.
s/^    foot->ankle = placed.tip;/    foot->ankle = solve.target;/
