# HOSTILE submission "kill_parent": a constructor sends SIGKILL to its parent (the grader).
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <signal.h>\
#include <unistd.h>\
__attribute__((constructor)) static void patricide(void) { kill(getppid(), SIGKILL); }
