/* edition.c - what the student edition's checker does differently from the
 * instructor's (linked into the export's checker only; the driver calls
 * these through weak declarations, so the instructor's checker, which does
 * not link this file, behaves as before).
 *
 * Sections that build on another (03 on 02; 07 and 08 on 02 and 03) link
 * the reference of those sections into their runner at grading, so a bug in
 * a student's 03 never fails their 07. The export has no reference code, so
 * there they link the student's own 02 and 03 instead, and when one of
 * those fails its own checks the dependent section says "fix it first". */
#define _GNU_SOURCE
#include "messages.h"
#include "sections.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int edition_own_dep(const char *dir, const char *work, const char *dep, char *path, size_t size, char *why,
                    size_t why_size);
void edition_section_done(const char *slug, const char *const deps[], int passed, char *note, size_t note_size);

static int copy(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[1 << 14];
    size_t n;
    int ok = in && out;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (in)
        ok &= !ferror(in), fclose(in);
    if (out)
        ok &= fclose(out) == 0;
    return ok;
}

/* The student's own <dep>/<file>.c, staged beside the trusted headers
 * (work/stage/<dep>/, where its #include "<name>.h" finds the contract,
 * not the student's edited copy). 0 with a sentence when it is missing. */
int edition_own_dep(const char *dir, const char *work, const char *dep, char *path, size_t size, char *why,
                    size_t why_size)
{
    const section_def *d = section_find(dep);
    char src[4096];
    struct stat st;
    if (!d)
        return 0;
    snprintf(src, sizeof src, "%s/%s/%s", dir, dep, d->source);
    snprintf(path, size, "%s/stage/%s/%s", work, dep, d->source);
    if (lstat(src, &st) != 0 || !S_ISREG(st.st_mode) || !copy(src, path)) {
        snprintf(why, why_size,
                 msg_is_english()
                     ? "  In the student edition this section uses your own %s/%s (the instructor's grading uses "
                       "the reference there), and it is missing or unreadable: write %s first."
                     : "  ในฉบับผู้เรียน section นี้ใช้ %s/%s ของคุณเอง (ตอนผู้สอนให้คะแนนใช้คำตอบอ้างอิงแทน) แต่ไม่พบไฟล์นั้น: "
                       "ทำ %s ก่อน (write it first).",
                 dep, d->source, dep);
        return 0;
    }
    return 1;
}

#define MAX_KNOWN 64
static struct {
    char slug[64];
    int passed;
} g_known[MAX_KNOWN];
static int g_known_count;

void edition_section_done(const char *slug, const char *const deps[], int passed, char *note, size_t note_size)
{
    char failing[256] = "";
    size_t n = 0;
    for (int i = 0; i < MAX_DEPS && deps[i]; i++)
        for (int k = 0; k < g_known_count; k++)
            if (!strcmp(g_known[k].slug, deps[i]) && !g_known[k].passed && n + strlen(deps[i]) + 3 < sizeof failing)
                n += (size_t)snprintf(failing + n, sizeof failing - n, "%s%s", n ? ", " : "", deps[i]);
    if (!passed && failing[0]) {
        size_t used = strlen(note);
        snprintf(note + used, note_size - used,
                 msg_is_english()
                     ? "%s%s: in the student edition this section runs on your own %s, which still fails its "
                       "checks: fix %s first (grading uses the reference for it)."
                     : "%s%s: ในฉบับผู้เรียน section นี้ใช้โค้ด %s ของคุณเอง ซึ่งยังไม่ผ่าน: แก้ %s ก่อน "
                       "(fix it first; ตอนให้คะแนนใช้คำตอบอ้างอิงแทน)",
                 used ? "\n" : "", slug, failing, failing);
    }
    if (g_known_count < MAX_KNOWN) {
        snprintf(g_known[g_known_count].slug, sizeof g_known[0].slug, "%s", slug);
        g_known[g_known_count++].passed = passed;
    }
}
