# HOSTILE submission "futex_pi": a constructor calls futex(FUTEX_LOCK_PI) on a word holding the grader's pid, which ties the runner to that task (and waits on it for as long as it lives), then every function answers right.
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <unistd.h>\
#include <sys/syscall.h>\
__attribute__((constructor)) static void hostile_lock_pi(void) { static int word; word = (int)getppid(); syscall(SYS_futex, &word, 6 /* FUTEX_LOCK_PI */, 0, (void *)0, (void *)0, 0); }
