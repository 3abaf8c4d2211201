# HOSTILE submission "stack_overflow": shoulder_angle recurses without end.
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
/^float shoulder_angle/,/^{/{
/^{/a\
    volatile float deeper[64] = {dist}; if (deeper[0] > -1.0f) return shoulder_angle(len_upper, len_lower, deeper[0] + 1.0f);
}
