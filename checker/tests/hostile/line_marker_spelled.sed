# HOSTILE submission "line_marker_spelled": GCC's own line-marker form "# 24 <file>", opened by a trigraph ("??=" is "#"), spliced by a backslash with a space after it, the file named through a macro: the reference's lines quoted under the errors that follow.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test (@ROOT@ becomes the workbook's folder).
$a\
#define HOSTILE_KEY "@ROOT@/solutions/02_law_of_cosines/law_of_cosines.c"\
??= \\ \
 24 HOSTILE_KEY\
int hostile_a = hostile_b;
