# HOSTILE submission "asm_include_passwd": an asm statement .includes /etc/passwd, so the assembler's errors would quote its lines (outside the submission).
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
$a\
__asm__(".include \\"/etc/passwd\\"");
