# HOSTILE submission "exec_reference": a constructor execs the reference solution's runner of the same section, left in build/ by an earlier make check DIR=solutions or make test; it would inherit the answer channel (fds 0-3) and answer every check right.
# Expected outcome: crashed. Built on the untouched stub (exercises/02_law_of_cosines/law_of_cosines.c, read in place of the reference) by make test, so any check it passes was answered by somebody else (@ROOT@ and @BUILD@ become the workbook's folder and build folder).
1i\
#include <unistd.h>\
__attribute__((constructor)) static void borrow_answers(void)\
{\
    static char *const args[] = {"runner", 0};\
    static const char *const answer_keys[] = {\
        "@ROOT@/@BUILD@/selftest-runs/solutions/stage/02_law_of_cosines/runner",\
        "@ROOT@/build/check/solutions/stage/02_law_of_cosines/runner",\
        "@ROOT@/build/selftest-runs/solutions/stage/02_law_of_cosines/runner"};\
    for (unsigned i = 0; i < sizeof answer_keys / sizeof answer_keys[0]; i++)\
        execve(answer_keys[i], args, 0);\
}
$r exercises/02_law_of_cosines/law_of_cosines.c
d
