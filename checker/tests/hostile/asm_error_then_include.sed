# HOSTILE submission "asm_error_then_include": an assembler error in the student's own file first, so the "Assembler messages:" header names that file, then .include of /etc/passwd, whose lines would follow under the same header.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
$a\
__asm__(".error \\"first an error of my own\\"\\n.include \\"/etc/passwd\\"");
