# HOSTILE submission "include_dev_zero": #include "/dev/zero", an endless file: the compiler would grow toward all of the machine's memory unless its memory is caged.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include "/dev/zero"
