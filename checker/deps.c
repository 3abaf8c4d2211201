/* deps.c - sections that build on another run on the student's own code
 * for it, in every tree.
 *
 * 03 calls 02's functions when it likes; 07 and 08 place their limbs with
 * 03's two_bone_solve. Their runners link the student's own 02 and 03,
 * never the reference: a reference object inside a student's process can
 * be read (its machine code printed from a constructor), and the student
 * edition has none to link. The checks of 07 and 08 accept any limb 03's
 * contract allows (sections/limb_shape.h), so a correct 07 passes on any
 * 03 that passes its own checks; when a dep still fails, the dependent
 * section that fails says "fix it first". */
#define _GNU_SOURCE
#include "driver.h"
#include "messages.h"
#include "os.h"
#include "sections.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_KNOWN 64
static struct {
    char slug[64];
    int passed, compiled;
} g_known[MAX_KNOWN];
static int g_known_count;

/* The student's own <dep>/<file>.c, staged beside the trusted headers
 * (work/stage/<dep>/, where its #include "<name>.h" finds the contract,
 * not the student's edited copy). 0 when there is none, -1 when this run
 * already found that it does not compile: the section is built without it
 * (a 03 need not call 02), and a link that then misses a function says
 * which file to write or fix (MSG_DEP_MISSING, MSG_DEP_BROKEN).
 *
 * IK_CHECKER_DEPS_FROM=<folder> takes the deps from that folder instead:
 * the project's tests grade one section's file alone (a buggy proof, a
 * blind solution, a hostile case) beside the references' 02 and 03. It is
 * the caller's choice, like --dir; grading never sets it. */
int deps_stage_own(const char *dir, const char *work, const char *dep, char *path, size_t size)
{
    const section_def *d = section_find(dep);
    const char *from = getenv("IK_CHECKER_DEPS_FROM");
    char src[4096];
    struct stat st;
    if (!d)
        return 0;
    if (from && from[0])
        dir = from;
    for (int k = 0; k < g_known_count; k++)
        if (!strcmp(g_known[k].slug, dep) && !g_known[k].compiled)
            return -1;
    snprintf(src, sizeof src, "%s/%s/%s", dir, dep, d->source);
    snprintf(path, size, "%s/stage/%s/%s", work, dep, d->source);
    return lstat(src, &st) == 0 && S_ISREG(st.st_mode) && copy_file(src, path);
}


/* After a section's status: a started section that fails while a dep
 * fails too says "fix <dep> first" (an untouched stub needs no such line:
 * it is simply not started). */
void deps_section_done(const char *slug, const char *const deps[], section_status status, int compiled, char *note,
                       size_t note_size)
{
    const int passed = status == STATUS_DONE;
    char failing[256] = "";
    size_t n = 0;
    for (int i = 0; i < MAX_DEPS && deps[i]; i++)
        for (int k = 0; k < g_known_count; k++)
            if (!strcmp(g_known[k].slug, deps[i]) && !g_known[k].passed && n + strlen(deps[i]) + 3 < sizeof failing)
                n += (size_t)snprintf(failing + n, sizeof failing - n, "%s%s", n ? ", " : "", deps[i]);
    if (status == STATUS_FAILING && failing[0]) {
        size_t used = strlen(note);
        snprintf(note + used, note_size - used, msg(MSG_DEP_FIX_FIRST), used ? "\n" : "", slug, failing, failing);
    }
    if (g_known_count < MAX_KNOWN) {
        snprintf(g_known[g_known_count].slug, sizeof g_known[0].slug, "%s", slug);
        g_known[g_known_count].compiled = compiled;
        g_known[g_known_count++].passed = passed;
    }
}
