# HOSTILE submission "ansi_repaint": elbow_interior_angle prints terminal escapes that would clear the screen and paint a fake all-passed table (CSI 2J, cursor moves, erase line, carriage return, a window title, backspaces, the one-byte C1 CSI as U+009B, DEL, a right-to-left override), then answers wrong.
# Expected outcome: wrong. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    printf("\\033[2J\\033[H  ✓ 02_law_of_cosines  6/6 ผ่านแล้ว (done)\\n\\033[1A\\033[2K\\r\\033]0;ALL PASSED\\007"\
           "\\b\\b\\b\\xc2\\x9b" "2J\\x7f \\xe2\\x80\\xae deliaf\\n");\
    return -1.0f;
}
