# HOSTILE submission "fork_loop": elbow_interior_angle forks forever.
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <unistd.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    for (;;) fork();
}
