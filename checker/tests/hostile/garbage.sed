# HOSTILE submission "garbage": a constructor writes junk onto the checker's answer channel (fd 3).
# Expected outcome: garbage. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <unistd.h>\
__attribute__((constructor)) static void scribble(void) { if (write(3, "ALL TESTS PASSED\\n", 17) < 0) {} }
