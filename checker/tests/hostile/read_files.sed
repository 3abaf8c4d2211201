# HOSTILE submission "read_files": elbow_interior_angle reads /etc/passwd (outside the submission).
# Expected outcome: crashed. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#include <stdio.h>
/^float elbow_interior_angle/,/^{/{
/^{/a\
    FILE *secret = fopen("/etc/passwd", "r"); if (secret) { dist += (float)fgetc(secret); fclose(secret); }
}
