# HOSTILE submission "asm_typo": not an attack, a mistake: the student's own inline asm does not assemble. The assembler's error about the student's file must be shown like any compile error, not taken for a file read from outside the submission.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
$a\
void asm_typo(void) { __asm__("movq_typo %rax, %rax"); }
