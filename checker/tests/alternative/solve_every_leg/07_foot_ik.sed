# Alternative correct solution: every leg goes through two_bone_solve, even at weight 0 (its goal is then the animated ankle moved down with the body, and the knee lands where the animation's, bent toward its pole, already is).
# Applied to solutions/07_foot_ik/ like a buggy sed; must pass every check.
s/^    if (foot->weight == 0.0f) {$/    if (0) {/
