# HOSTILE submission "flood": elbow_interior_angle prints forever (1 GB and more).
# Expected outcome: flooded. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    for (;;) printf("debug: L1=%f L2=%f D=%f\\n", len_upper, len_lower, dist);
}
