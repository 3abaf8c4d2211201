# HOSTILE submission "pragma_dependency": "#pragma GCC dependency" names the reference: gcc stops with "No such file" where it does not exist and compiles silently where it does (and warns when it is newer), so the verdict tells the student whether, and since when, the grader holds the references. In the compiler's cage it never exists.
# Expected outcome: no_compile. Needs: compile cage. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test (@ROOT@ becomes the workbook's folder).
1i\
#pragma GCC dependency "@ROOT@/solutions/02_law_of_cosines/law_of_cosines.c"
