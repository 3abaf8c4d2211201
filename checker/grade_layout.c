/* grade_layout.c - a class's uploads laid out by checker/submission.sh
 * (see grade_layout.h). */
#define _GNU_SOURCE
#include "grade_layout.h"
#include "os.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* What find_submission said about one upload. */
typedef struct {
    char *name, *dir, *layout, *error, *version, *note;
} layout_found;

static layout_found *g_found;
static size_t g_found_count, g_found_cap;

/* find_submission in a bash of its own; its answers come back NUL-separated
 * (folder names hold spaces and newlines): SUB_DIR, SUB_LAYOUT, SUB_ERROR,
 * SUB_VERSION and the sentence naming another version than the grader's. */
static const char *const SCRIPT =
    "source \"$1/checker/submission.sh\" || exit 3\n"
    "find_submission \"$2\" \"$3\" \"$1\"\n"
    "note=\"\"\n"
    "[ -z \"$SUB_VERSION\" ] || note=$(version_note \"$SUB_VERSION\" "
    "\"$(cat \"$1/VERSION\" 2>/dev/null || git -C \"$1\" rev-parse HEAD 2>/dev/null)\")\n"
    "printf '%s\\0' \"$SUB_DIR\" \"$SUB_LAYOUT\" \"$SUB_ERROR\" \"$SUB_VERSION\" \"$note\"\n";

/* Runs the script; fills the five answers (malloc'd) and returns 1, or 0
 * when bash could not be run or did not answer. */
static int run_find(const char *root, const char *upload, const char *staging, char *answer[5])
{
    int out[2];
    if (pipe(out) != 0)
        return 0;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        close(out[1]);
        execlp("bash", "bash", "-c", SCRIPT, "bash", root, upload, staging, (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    size_t cap = 1 << 14, n = 0;
    char *buf = malloc(cap);
    ssize_t got;
    char spill[512]; /* past the cap (never, in practice): read on, so bash never blocks on a full pipe */
    while (pid > 0 && (got = buf && n < cap ? read(out[0], buf + n, cap - n) : read(out[0], spill, sizeof spill)) > 0)
        if (buf && n < cap)
            n += (size_t)got;
    close(out[0]);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || !buf) {
        free(buf);
        return 0;
    }
    size_t at = 0;
    for (int k = 0; k < 5; k++) {
        const char *end = at < n ? memchr(buf + at, '\0', n - at) : NULL;
        if (!end) {
            for (int j = 0; j < k; j++)
                free(answer[j]);
            free(buf);
            return 0;
        }
        answer[k] = strdup(buf + at);
        at = (size_t)(end - buf) + 1;
    }
    free(buf);
    return 1;
}

static const layout_found *find(const char *name)
{
    for (size_t i = 0; i < g_found_count; i++)
        if (!strcmp(g_found[i].name, name))
            return &g_found[i];
    return NULL;
}

void layout_dir(const char *root, const char *subs, const char *name, const char *work, char *dir, size_t dir_size)
{
    char upload[1100], staging[1100];
    snprintf(upload, sizeof upload, "%s/%s", subs, name);
    snprintf(staging, sizeof staging, "%s/upload", work);
    const layout_found *known = find(name);
    if (known) {
        snprintf(dir, dir_size, "%s", known->dir);
        return;
    }
    if (g_found_count == g_found_cap) {
        size_t cap = g_found_cap ? 2 * g_found_cap : 64;
        layout_found *more = realloc(g_found, cap * sizeof *more);
        if (!more) { /* graded as it stands, like before there were layouts */
            snprintf(dir, dir_size, "%s", upload);
            return;
        }
        g_found = more;
        g_found_cap = cap;
    }
    char *a[5];
    if (!run_find(root, upload, staging, a)) {
        /* bash missing or submission.sh broken: the instructor's problem,
         * said in layout.txt; the upload is graded as section folders */
        a[0] = strdup(upload);
        a[1] = strdup("not determined: checker/submission.sh could not be run (graded as section folders)");
        a[2] = strdup("");
        a[3] = strdup("");
        a[4] = strdup("");
    }
    if (!a[0][0]) { /* no layout: the checker grades an empty folder */
        make_dirs(staging);
        free(a[0]);
        a[0] = strdup(staging);
    }
    layout_found *f = &g_found[g_found_count++];
    *f = (layout_found){strdup(name), a[0], a[1], a[2], a[3], a[4]};
    snprintf(dir, dir_size, "%s", f->dir);
}

/* TEXT as a JSON string (made safe text first: one line's worth of
 * controls escaped, valid UTF-8). */
static void json_string(FILE *f, const char *text)
{
    size_t size = 4 * strlen(text) + 16;
    char *safe = malloc(size);
    if (!safe) {
        fputs("\"\"", f);
        return;
    }
    text_safe_str(safe, size, text, TEXT_LINES);
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)safe; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
    free(safe);
}

void layout_finish(const char *out, const char *name, double max_score)
{
    const layout_found *f = find(name);
    if (!f)
        return;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s/layout.txt", out, name);
    FILE *t = fopen(path, "w");
    if (t) {
        char line[2400];
        text_safe_str(line, sizeof line, f->error[0] ? f->error : f->layout, 0);
        fprintf(t, "%s: %s\n", f->error[0] ? "no layout" : "layout", line);
        if (f->version[0]) {
            text_safe_str(line, sizeof line, f->version, 0);
            fprintf(t, "version: %s\n", line);
        }
        if (f->note[0]) {
            text_safe_str(line, sizeof line, f->note, 0);
            fprintf(t, "%s\n", line);
        }
        fclose(t);
    }
    if (!f->error[0])
        return;
    /* the one message, as run_autograder writes it for Gradescope: the
     * checker's tests of an empty folder would say "missing" ten times */
    char tmp[1300];
    snprintf(path, sizeof path, "%s/%s/results.json", out, name);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *j = fopen(tmp, "w");
    if (!j)
        return;
    fprintf(j, "{\n  \"score\": 0,\n  \"max_score\": %.2f,\n  \"execution_time\": 0,\n  \"output\": ", max_score);
    json_string(j, f->error);
    fprintf(j, ",\n  \"tests\": []\n}\n");
    if (fclose(j) != 0 || rename(tmp, path) != 0)
        unlink(tmp);
}
