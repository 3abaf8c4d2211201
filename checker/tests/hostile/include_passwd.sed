# HOSTILE submission "include_passwd": #include "/etc/passwd", so the compile errors would quote the file (outside the submission).
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include "/etc/passwd"
