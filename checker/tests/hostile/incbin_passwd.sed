# HOSTILE submission "incbin_passwd": an asm statement embeds /etc/passwd into the program with .incbin (read by the assembler, outside the submission).
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
$a\
__asm__(".section .rodata\\n.incbin \\"/etc/passwd\\"\\n.text");
