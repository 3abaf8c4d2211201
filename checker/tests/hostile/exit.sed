# HOSTILE submission "exit": elbow_bend_angle calls exit(0), as if everything had passed.
# Expected outcome: exited. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdlib.h>
/^float elbow_bend_angle/,/^{/{
/^{/a\
    exit(0);
}
