# Planted for MEMCHECK=1: elbow_interior_angle writes one float past a 4-float
# heap block (AddressSanitizer: heap-buffer-overflow). Without sanitizers it
# usually goes unnoticed - which is why MEMCHECK exists.
1i\
#include <stdlib.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    volatile float *scratch = malloc(4 * sizeof *scratch); if (scratch) { scratch[4] = dist; free((void *)scratch); }
}
