# HOSTILE submission "hang": shoulder_angle loops forever.
# Expected outcome: timed_out. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
/^float shoulder_angle/,/^{/{
/^{/a\
    for (volatile int spin = 0; spin >= 0; spin = 0) {}
}
