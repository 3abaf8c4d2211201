# HOSTILE submission "crash": prints markup and control bytes (for the JSON/XML writers), then writes through a NULL pointer inside elbow_interior_angle (SIGSEGV).
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    printf("<failure> & \\"quotes\\" 'apos' \\001\\033[31m ]]> {\\"score\\": 100}\\n"); fflush(stdout);\
    volatile float *nowhere = (volatile float *)0; *nowhere = dist;
}
