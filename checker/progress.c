/* progress.c - "not started" by content (see progress.h). */
#define _POSIX_C_SOURCE 200809L /* lstat */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int progress_same_bytes(const char *a, const char *b)
{
    struct stat sa, sb;
    /* lstat: a link to the stub is not the student's file (it is graded
     * as missing anyway) */
    if (lstat(a, &sa) != 0 || lstat(b, &sb) != 0 || !S_ISREG(sa.st_mode) || !S_ISREG(sb.st_mode) ||
        sa.st_size != sb.st_size)
        return 0;
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    char ba[8192], bb[8192];
    while (same) {
        size_t na = fread(ba, 1, sizeof ba, fa), nb = fread(bb, 1, sizeof bb, fb);
        if (na != nb || memcmp(ba, bb, na) != 0)
            same = 0;
        if (na == 0 || na < sizeof ba)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

int progress_not_started(const char *root, const char *slug, const char *source, const char *graded, int compiled)
{
    if (!compiled)
        return 0;
    char stub[4096];
    if ((size_t)snprintf(stub, sizeof stub, "%s/exercises/%s/%s", root, slug, source) >= sizeof stub)
        return 0;
    return progress_same_bytes(graded, stub);
}
