# HOSTILE submission "interp_reference": no system call at all: a ".interp" section names the reference's runner as the program's interpreter, so the kernel itself would load and start that runner (by path, before this program's first instruction), which would answer every check right.
# Expected outcome: no_compile. Built on the untouched stub (exercises/02_law_of_cosines/law_of_cosines.c, read in place of the reference) by make test, so any check it passes was answered by somebody else (@ROOT@ and @BUILD@ become the workbook's folder and build folder).
1i\
__attribute__((section(".interp"), used)) static const char interpreter[] =\
    "@ROOT@/@BUILD@/selftest-runs/solutions/stage/02_law_of_cosines/runner";
$r exercises/02_law_of_cosines/law_of_cosines.c
d
