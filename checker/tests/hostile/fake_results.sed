# HOSTILE submission "fake_results": a constructor tries to write a fake results file next to the grader.
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>\
__attribute__((constructor)) static void forge(void) { FILE *f = fopen("hostile_fake_results.json", "w"); if (f) { fputs("score 100 of 100", f); fclose(f); } }
