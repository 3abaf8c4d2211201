# HOSTILE submission "include_reference": the whole file is an #include of the workbook's reference solution, spelled through a macro (outside the submission).
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test (@ROOT@ becomes the workbook's folder).
1i\
#define ANSWER_KEY "@ROOT@/solutions/02_law_of_cosines/law_of_cosines.c"\
#include ANSWER_KEY
d
