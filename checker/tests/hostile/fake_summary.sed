# HOSTILE submission "fake_summary": a constructor prints a fake all-passed summary and exits 0 before any check runs.
# Expected outcome: exited. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>\
#include <stdlib.h>\
__attribute__((constructor)) static void fake(void) { printf("38 passed, 0 failed\\nALL CHECKS PASSED\\n"); exit(0); }
