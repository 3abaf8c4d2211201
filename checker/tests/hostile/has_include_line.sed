# HOSTILE submission "has_include_line": __has_include picks whichever spelling of the reference's path exists on the grading machine (behind pci0000:00, behind /sys/dev/char/1:3, or plain), and "%:line" (a digraph) names it, so its lines are quoted in the errors.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test (@ROOT@ becomes the workbook's folder).
$a\
#if __has_include("/sys/devices/pci0000:00/../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c")\
#define HOSTILE_KEY "/sys/devices/pci0000:00/../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c"\
#elif __has_include("/sys/dev/char/1:3/../../../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c")\
#define HOSTILE_KEY "/sys/dev/char/1:3/../../../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c"\
#else\
#define HOSTILE_KEY "@ROOT@/solutions/02_law_of_cosines/law_of_cosines.c"\
#endif\
%:line 40 HOSTILE_KEY\
int hostile_a = hostile_b;
