# HOSTILE submission "thai_cut": an honest Thai debug line of 763 bytes, longer than the 599 a wrong answer's message keeps, laid out so that the cut falls inside a Thai letter (3 bytes in UTF-8: 7 + 197 * 3 + 1); then a wrong answer.
# Expected outcome: wrong. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    static int told; /* twice only: 763 bytes for each of 2000 cases would flood */\
    if (told++ < 2) {\
        printf("debug: ");\
        for (int i = 0; i < 36; i++)\
            printf("ระยะทาง");\
        printf("\\n");\
    }\
    return -1.0f;
}
