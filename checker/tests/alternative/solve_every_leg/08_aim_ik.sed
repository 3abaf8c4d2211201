# Alternative correct solution: the arm goes through two_bone_solve even at weight 0 (its goal is then the animated hand, which the animated elbow already reaches).
# Applied to solutions/08_aim_ik/ like a buggy sed; must pass every check.
s/^    if (out->weight == 0.0f) {$/    if (0) {/
