# HOSTILE submission "no_compile": a syntax error (a missing semicolon).
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
0,/float max_reach = len_upper + len_lower;/s//float max_reach = len_upper + len_lower/
