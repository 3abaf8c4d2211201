/* grade_layout.c - a class's uploads laid out by checker/submission.sh
 * (see grade_layout.h). */
#define _GNU_SOURCE
#include "grade_layout.h"
#include "os.h"
#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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
    "[ -z \"$SUB_VERSION\" ] || note=$(version_note \"$SUB_VERSION\" \"$(bash \"$1/checker/version.sh\" \"$1\")\")\n"
    "printf '%s\\0' \"$SUB_DIR\" \"$SUB_LAYOUT\" \"$SUB_ERROR\" \"$SUB_VERSION\" \"$note\"\n";

/* The same, for a whole class in one bash: submission.sh sourced once, its
 * list of sections found once (the same list for every upload), then one
 * upload a request, its two paths NUL-terminated on stdin, its five
 * answers NUL-terminated on stdout. A layout in a bash of its own costs
 * ~10 ms, ~6 of them the bash, a `sort` and the sourcing (20 runs each,
 * measured), and a regrade that compiles nothing is mostly layouts. */
static const char *const SERVER_SCRIPT =
    "source \"$1/checker/submission.sh\" || exit 3\n"
    "_sub_known=$(_sub_sections \"$1\")\n"
    "_sub_sections() { printf '%s\\n' \"$_sub_known\"; }\n"
    "grader_known=\"\"\n"
    "while IFS= read -r -d '' upload && IFS= read -r -d '' staging; do\n"
    "  find_submission \"$upload\" \"$staging\" \"$1\"\n"
    "  note=\"\"\n"
    "  if [ -n \"$SUB_VERSION\" ]; then\n"
    "    [ -n \"$grader_known\" ] || { grader=$(bash \"$1/checker/version.sh\" \"$1\"); grader_known=1; }\n"
    "    note=$(version_note \"$SUB_VERSION\" \"$grader\")\n"
    "  fi\n"
    "  printf '%s\\0' \"$SUB_DIR\" \"$SUB_LAYOUT\" \"$SUB_ERROR\" \"$SUB_VERSION\" \"$note\"\n"
    "done\n";

static pid_t g_server = -1;
static int g_server_in = -1, g_server_out = -1, g_server_broken;

/* The five answers in BUF[0..N): each NUL-terminated. 1 when all five
 * were there (malloc'd into answer), else 0 with nothing kept. */
static int split_answers(const char *buf, size_t n, char *answer[5])
{
    size_t at = 0;
    for (int k = 0; k < 5; k++) {
        const char *end = at < n ? memchr(buf + at, '\0', n - at) : NULL;
        if (!end) {
            for (int j = 0; j < k; j++)
                free(answer[j]);
            return 0;
        }
        answer[k] = strdup(buf + at);
        at = (size_t)(end - buf) + 1;
    }
    return 1;
}

static void server_stop(void)
{
    if (g_server_in >= 0)
        close(g_server_in);
    if (g_server_out >= 0)
        close(g_server_out);
    g_server_in = g_server_out = -1;
    /* killed only while it is still our child not waited for: grade_all's
     * waitpid(-1) may have reaped it already, and its pid may be another
     * process's by now */
    if (g_server > 0 && waitpid(g_server, NULL, WNOHANG) == 0) {
        kill(g_server, SIGKILL);
        waitpid(g_server, NULL, 0);
    }
    g_server = -1;
    g_server_broken = 1; /* from now on a bash of its own for each upload */
}

void layout_end(void)
{
    if (g_server_in >= 0)
        close(g_server_in); /* its read ends: the bash leaves its loop */
    g_server_in = -1;
    if (g_server > 0)
        waitpid(g_server, NULL, 0); /* -1 at once if grade_all reaped it already */
    if (g_server_out >= 0)
        close(g_server_out);
    g_server = -1;
    g_server_out = -1;
}

static int server_start(const char *root)
{
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0)
        return 0;
    if (pipe2(from, O_CLOEXEC) != 0) {
        close(to[0]);
        close(to[1]);
        return 0;
    }
    g_server = fork();
    if (g_server == 0) {
        dup2(to[0], STDIN_FILENO);
        dup2(from[1], STDOUT_FILENO);
        signal(SIGPIPE, SIG_DFL);
        execlp("bash", "bash", "-c", SERVER_SCRIPT, "bash", root, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    g_server_in = to[1];
    g_server_out = from[0];
    if (g_server < 0) {
        server_stop();
        return 0;
    }
    return 1;
}

/* Writes all of BUF to the server; SIGPIPE held back, so a bash that died
 * is an error here, not the end of grade_all. */
static int server_write(const char *buf, size_t n)
{
    sigset_t pipe_only, old;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigprocmask(SIG_BLOCK, &pipe_only, &old);
    int ok = 1;
    while (n > 0) {
        ssize_t put = write(g_server_in, buf, n);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0) {
            ok = 0;
            break;
        }
        buf += put;
        n -= (size_t)put;
    }
    if (!ok) { /* take back the SIGPIPE the failed write raised, if any */
        struct timespec none = {0, 0};
        while (sigtimedwait(&pipe_only, NULL, &none) == SIGPIPE) {}
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return ok;
}

/* One upload through the class's bash: 1 with the five answers, 0 when
 * that bash is not (or no longer) there; the caller then runs a bash of
 * its own for this upload. */
static int ask_server(const char *root, const char *upload, const char *staging, char *answer[5])
{
    if (g_server_broken || (g_server < 0 && !server_start(root)))
        return 0;
    size_t up = strlen(upload) + 1, st = strlen(staging) + 1;
    char *request = malloc(up + st);
    if (!request)
        return 0;
    memcpy(request, upload, up);
    memcpy(request + up, staging, st);
    int sent = server_write(request, up + st);
    free(request);
    size_t cap = 1 << 14, n = 0;
    char *buf = sent ? malloc(cap) : NULL;
    int nuls = 0;
    while (buf && nuls < 5) {
        if (n == cap) { /* an answer past the cap (never, in practice): no guess at its end */
            free(buf);
            buf = NULL;
            break;
        }
        ssize_t got = read(g_server_out, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            free(buf);
            buf = NULL;
            break;
        }
        for (ssize_t i = 0; i < got; i++)
            nuls += buf[n + (size_t)i] == '\0';
        n += (size_t)got;
    }
    /* exactly five answers and nothing after them: anything else means the
     * bash is not answering as asked, and it is not asked again */
    if (!buf || nuls != 5 || buf[n - 1] != '\0' || !split_answers(buf, n, answer)) {
        free(buf);
        server_stop();
        return 0;
    }
    free(buf);
    return 1;
}

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
    int ok = split_answers(buf, n, answer);
    free(buf);
    return ok;
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
        if (!more) { /* graded as it stands, with no layout */
            snprintf(dir, dir_size, "%s", upload);
            return;
        }
        g_found = more;
        g_found_cap = cap;
    }
    char *a[5];
    if (!ask_server(root, upload, staging, a) && !run_find(root, upload, staging, a)) {
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
    snprintf(path, sizeof path, "%s/%s/results.json", out, name);
    write_zero_results(path, f->error, max_score);
}

void write_zero_results(const char *path, const char *output, double max_score)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *j = fopen(tmp, "w");
    if (!j)
        return;
    fprintf(j, "{\n  \"score\": 0,\n  \"execution_time\": 0,\n  \"output\": ");
    json_string(j, output);
    fprintf(j, ",\n  \"extra_data\": {\"max_score\": %.2f},\n  \"tests\": []\n}\n", max_score);
    if (fclose(j) != 0 || rename(tmp, path) != 0)
        unlink(tmp);
}
