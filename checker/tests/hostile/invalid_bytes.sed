# HOSTILE submission "invalid_bytes": elbow_interior_angle prints bytes that are not UTF-8 (0xff, an overlong '/', a UTF-16 surrogate, a code point past U+10FFFF, a lone continuation byte, 0xfe, a NUL), then answers wrong.
# Expected outcome: wrong. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    static const char junk[] = "debug \\xff \\xc0\\xaf \\xed\\xa0\\x80 \\xf4\\x90\\x80\\x80 \\x80 \\xfe\\0 after the NUL\\n";\
    fwrite(junk, 1, sizeof junk - 1, stdout);\
    return -1.0f;
}
