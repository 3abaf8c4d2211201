# HOSTILE submission "alloc_4g": elbow_interior_angle grabs 4 GiB and touches it.
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdlib.h>\
#include <string.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    volatile char *hog = malloc((size_t)4 << 30); for (size_t at = 0; at < ((size_t)4 << 30); at += 4096) hog[at] = 1; dist += (float)hog[12345];
}
