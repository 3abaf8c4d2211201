# HOSTILE submission "missing_function": elbow_bend_angle is misspelled, so the program does not link.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
s/^float elbow_bend_angle(/float elbow_bent_angle(/
