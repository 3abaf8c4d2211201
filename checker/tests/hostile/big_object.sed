# HOSTILE submission "big_object": a 1 GiB initialized array, which the assembler would write as a 1 GiB object file into the stage folder unless the compiler's output size is caged.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
char hostile_big[1L << 30] = {1};
