# HOSTILE submission "execveat_reference": like exec_reference, through the raw execveat system call (not the execve the cage was first built to stop), from an ifunc-free constructor.
# Expected outcome: crashed. Built on the untouched stub (exercises/02_law_of_cosines/law_of_cosines.c, read in place of the reference) by make test, so any check it passes was answered by somebody else (@ROOT@ and @BUILD@ become the workbook's folder and build folder).
1i\
#define _GNU_SOURCE\
#include <fcntl.h>\
#include <sys/syscall.h>\
#include <unistd.h>\
__attribute__((constructor)) static void borrow_answers_at(void)\
{\
    static char *const args[] = {"runner", 0};\
    static const char *const answer_keys[] = {\
        "@ROOT@/@BUILD@/selftest-runs/solutions/stage/02_law_of_cosines/runner",\
        "@ROOT@/build/check/solutions/stage/02_law_of_cosines/runner",\
        "@ROOT@/build/selftest-runs/solutions/stage/02_law_of_cosines/runner"};\
    for (unsigned i = 0; i < sizeof answer_keys / sizeof answer_keys[0]; i++)\
        syscall(SYS_execveat, AT_FDCWD, answer_keys[i], args, (char *const *)0, 0);\
}
$r exercises/02_law_of_cosines/law_of_cosines.c
d
