/* watch.c - the student's companion: watch mode and hints.
 *
 *   watch [--poll] [--checker PATH] [--root DIR] [--dir DIR] [--objdir DIR] [--work DIR] [--on-save CMD]
 *   watch --hint SLUG [--root DIR] [--results RESULTS.TSV]
 *
 * Watch re-checks the section being edited on every save and redraws one
 * screen: the section, its state, the first failing check in full and the
 * next step. It listens with inotify, or polls modification times once a
 * second where inotify is missing or the folder is on a network share
 * (--poll forces polling). Editors' swap and backup files are ignored.
 * On a terminal, keys work like rustlings': n next section, h hint,
 * l list, q quit.
 *
 * Hints live in checker/sections/<slug>/hints.md, separated by lines "---", from
 * "reread section N" to the formula; each --hint shows one more: the one
 * for the failure the student sees, when a hint is for it (hints.h),
 * remembering which were shown in build/hints/<slug>.count.
 */
#define _GNU_SOURCE
/* Paths are bounded buffers; a truncated one just fails to open. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "hints.h"
#include "messages.h"
#include "os.h"
#include "spawn.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAX_WATCHED 32

static const char *g_checker = "build/checker", *g_root = ".", *g_dir = "exercises", *g_objdir = "build/obj",
                  *g_work = "build/check/exercises";
/* make hint: the results of the student's last make check (the next hint
 * follows the failure it showed); NULL: hints in order. */
static const char *g_results;
/* --stubs DIR: passed on to the checker ("not started", progress.h) */
static const char *g_stubs;
/* WORKBOOK_TIMINGS=FILE (make bench-pictures): each redraw appends where
 * its time went - watch's own line, and the checker's (--timings). */
static const char *g_timings;
/* --on-save CMD: a shell command run after each redraw, WATCH_SECTION set
 * to the section (make watch rebuilds the book's live figure with it, so
 * an open page shows the saved code within a second). */
static const char *g_on_save;

/* ---- hints ---------------------------------------------------------------- */

/* The section's hints: checker/sections/<slug>/hints.md (Thai, also the
 * book's), or with English messages hints.en.md beside it, the same hints in
 * the same order (make test checks the counts match); Thai if it is
 * missing. */
static FILE *open_hints(const char *slug)
{
    char path[1024];
    if (msg_is_english()) {
        snprintf(path, sizeof path, "%s/checker/sections/%s/hints.en.md", g_root, slug);
        FILE *f = fopen(path, "r");
        if (f)
            return f;
    }
    snprintf(path, sizeof path, "%s/checker/sections/%s/hints.md", g_root, slug);
    return fopen(path, "r");
}

/* Prints one hint: its title, a blank line and its body, the math
 * rendered for the terminal (hints.h), blank lines around it dropped. */
static void print_hint(const hint_file *h, int k)
{
    static char text[2 * sizeof h->hint[0].body];
    hint_render_math(text, sizeof text, h->hint[k].title);
    printf("%s\n", text);
    const char *body = h->hint[k].body;
    body += strspn(body, " \t\r\n");
    hint_render_math(text, sizeof text, body);
    size_t n = strlen(text);
    while (n > 0 && strchr(" \t\r\n", text[n - 1]))
        text[--n] = '\0';
    if (n > 0)
        printf("\n%s\n", text);
}

/* Which hints were shown: build/hints/<slug>.count holds their numbers
 * ("shown 1 3"); an older file holds how many were shown, in order. */
static void read_shown(const char *state, int *shown, int count)
{
    memset(shown, 0, sizeof(int) * HINTS_MAX);
    FILE *f = fopen(state, "r");
    if (!f)
        return;
    char word[16];
    int k;
    if (fscanf(f, "%15s", word) == 1) {
        if (!strcmp(word, "shown")) {
            while (fscanf(f, "%d", &k) == 1)
                if (k >= 1 && k <= count)
                    shown[k - 1] = 1;
        } else {
            k = atoi(word);
            for (int i = 0; i < k && i < count; i++)
                shown[i] = 1;
        }
    }
    fclose(f);
}

/* Shows the next hint of a section: the one for the failure the student
 * sees now (results_path: the checker's results.tsv; NULL or missing: the
 * next in order), see hints.h. */
static int show_next_hint(const char *slug, const char *results_path)
{
    char state_dir[1024], state[1200];
    snprintf(state_dir, sizeof state_dir, "%s/build/hints", g_root);
    snprintf(state, sizeof state, "%s/%s.count", state_dir, slug);
    static hint_file h;
    FILE *f = open_hints(slug);
    int total = hints_load(f, &h);
    if (f)
        fclose(f);
    if (total == 0) {
        printf(msg(MSG_HINT_NONE), slug);
        printf("\n");
        return 1;
    }
    int shown[HINTS_MAX];
    read_shown(state, shown, total);
    hint_failure now;
    int known = results_path && hint_failure_from_results(results_path, slug, &now);
    const char *why;
    int k = hint_choose(&h, shown, known ? &now : NULL, &why);
    printf(msg(MSG_HINT_HEADER), k + 1, total, slug);
    /* which rule chose it (hints.h): the named mistake, or the order */
    printf("\n");
    if (why)
        printf(msg(MSG_HINT_FOR), why);
    else
        printf("%s", msg(MSG_HINT_IN_ORDER));
    printf("\n\n");
    print_hint(&h, k);
    shown[k] = 1;
    int left = 0;
    for (int i = 0; i < total; i++)
        left += !shown[i];
    printf("\n");
    if (left == 0)
        printf(msg(MSG_HINT_LAST), state_dir);
    printf("\n");
    if (left > 0) {
        printf(msg(MSG_HINT_MORE), slug);
        printf("\n");
    }
    mkdir(state_dir, 0755);
    f = fopen(state, "w");
    if (f) {
        fprintf(f, "shown");
        for (int i = 0; i < total; i++)
            if (shown[i])
                fprintf(f, " %d", i + 1);
        fprintf(f, "\n");
        fclose(f);
    }
    return 0;
}

/* ---- running the checker --------------------------------------------------- */

static int compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The sections on offer: the reference folders solutions/NN_slug (in the
 * student edition, which has none, the headers' checker/headers/NN_slug). */
static int list_sections(char slugs[][64], int cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/solutions", g_root);
    DIR *d = opendir(path);
    if (!d && snprintf(path, sizeof path, "%s/checker/headers", g_root) > 0)
        d = opendir(path);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) && n < cap)
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && e->d_name[2] == '_')
            snprintf(slugs[n++], 64, "%s", e->d_name);
    if (d)
        closedir(d);
    qsort(slugs, (size_t)n, 64, compare_strings);
    return n;
}

/* Runs the checker (list mode or one section) and prints what it said. */
static void run_checker(const char *slug, int list, int color)
{
    const char *argv[24];
    int n = 0;
    argv[n++] = g_checker;
    argv[n++] = "--root"; argv[n++] = g_root;
    argv[n++] = "--dir"; argv[n++] = g_dir;
    argv[n++] = "--objdir"; argv[n++] = g_objdir;
    argv[n++] = "--work"; argv[n++] = g_work;
    if (g_stubs) { argv[n++] = "--stubs"; argv[n++] = g_stubs; }
    argv[n++] = color ? "--color" : "--no-color";
    if (list)
        argv[n++] = "--list";
    if (slug) { argv[n++] = "--section"; argv[n++] = slug; }
    const char *lang = getenv("WORKBOOK_LANG");
    if (lang) { argv[n++] = "--lang"; argv[n++] = lang; }
    if (g_timings && !list) { argv[n++] = "--timings"; argv[n++] = g_timings; }
    argv[n] = NULL;
    spawn_request rq = {.argv = argv, .timeout_ms = 300000, .output_keep = 64 * 1024, .output_limit = 1u << 24};
    spawn_result rs;
    spawn_run(&rq, &rs);
    /* drop the "checking ..." progress lines: the screen is redrawn anyway */
    for (char *line = rs.output; line && *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line + 1) : strlen(line);
        if (!strstr(line, "...\n") || (end && strstr(line, "...") > end))
            fwrite(line, 1, len, stdout);
        line += len;
    }
    spawn_result_free(&rs);
}

/* ---- watching files -------------------------------------------------------- */

static int is_editor_noise(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || name[0] == '.' || name[0] == '#' || name[len - 1] == '~')
        return 1;
    if (!strcmp(name, "4913")) /* vim's write test */
        return 1;
    return !(len > 2 && (!strcmp(name + len - 2, ".c") || !strcmp(name + len - 2, ".h")));
}

/* Network and FUSE file systems do not deliver inotify events. */
static int on_network_share(const char *path)
{
    struct statfs fs;
    if (statfs(path, &fs) != 0)
        return 0;
    switch ((unsigned long)fs.f_type) {
    case 0x6969UL:     /* NFS */
    case 0x517BUL:     /* SMB */
    case 0xFF534D42UL: /* CIFS */
    case 0xFE534D42UL: /* SMB2 */
    case 0x65735546UL: /* FUSE (sshfs, ...) */
    case 0x01021997UL: /* 9p (WSL's Windows drives) */
        return 1;
    default:
        return 0;
    }
}

/* Newest modification time of the graded files of one section. */
static time_t section_mtime(const char *slug)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", g_dir, slug);
    DIR *d = opendir(path);
    time_t newest = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (is_editor_noise(e->d_name))
            continue;
        char file[1400];
        struct stat st;
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        if (stat(file, &st) == 0 && st.st_mtime > newest)
            newest = st.st_mtime;
    }
    if (d)
        closedir(d);
    return newest;
}

static struct termios g_saved_tty;
static int g_raw;

static void restore_tty(void)
{
    if (g_raw)
        tcsetattr(STDIN_FILENO, TCSANOW, &g_saved_tty);
}

static double epoch_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The redraw's line of WORKBOOK_TIMINGS: when the save was seen (the
 * inotify event read), when the redraw began (the save settled), when
 * the screen was written; CPU of the checker and everything it waited
 * for (compiler, runner, gnuplot's SVG; not the detached PNG). */
static void note_timing(const char *slug, double seen, double began, double cpu_before)
{
    FILE *f = g_timings ? fopen(g_timings, "a") : NULL;
    if (!f)
        return;
    fprintf(f, "watch section=%s seen=%.6f began=%.6f end=%.6f cpu=%.4f\n", slug, seen, began, epoch_now(),
            os_cpu() - cpu_before);
    fclose(f);
}

static void redraw(const char *slug, int index, int count, int redraws, int tty)
{
    if (tty)
        printf("\033[2J\033[H");
    else
        printf("\n======================================================================\n");
    printf("make watch #%d — %s (%d/%d)%s\n", redraws, slug, index + 1, count,
           tty ? "   [n] next  [h] hint  [l] list  [q] quit" : "");
    run_checker(slug, 0, tty && !getenv("NO_COLOR"));
    fflush(stdout);
    if (g_on_save) {
        const char *argv[] = {"/bin/sh", "-c", g_on_save, NULL};
        setenv("WATCH_SECTION", slug, 1);
        /* its output is kept off the screen: the figure shows what it built */
        spawn_request rq = {.argv = argv, .timeout_ms = 60000, .output_keep = 4096, .output_limit = 1u << 20};
        spawn_result rs;
        spawn_run(&rq, &rs);
        spawn_result_free(&rs);
    }
}

/* The sections' folders watched for saves: inotify, or polling their
 * times once a second (--poll, or on a network share). */
typedef struct {
    int inotify_fd;
    int watch_ids[MAX_WATCHED];
    time_t mtimes[MAX_WATCHED];
} watcher;

/* The section a student named: "3", "03" or "03_two_bone", like make
 * check; -1 when none is. */
static int section_index(const char *name, char offered[][64], int count)
{
    char padded[8] = "";
    if (strlen(name) == 1) /* "3" for 03, like make check */
        snprintf(padded, sizeof padded, "0%s", name);
    for (int i = 0; i < count; i++) /* accept "03" for 03_two_bone */
        if (name[0] && (!strncmp(offered[i], name, strlen(name)) || (padded[0] && !strncmp(offered[i], padded, 2))))
            return i;
    return -1;
}

static void say_no_such_section(char offered[][64], int count)
{
    fprintf(stderr, "%s", msg(MSG_NO_SECTION));
    for (int i = 0; i < count; i++)
        fprintf(stderr, " %s", offered[i]);
    fprintf(stderr, "\n");
}

/* --hint SECTION */
static int hint_mode(const char *hint, char offered[][64], int count)
{
    int i = section_index(hint, offered, count);
    if (i >= 0)
        return show_next_hint(offered[i], g_results);
    /* not a section: say so and list them, as make check does */
    say_no_such_section(offered, count);
    return 2;
}

/* The first section that is not done yet (every section's state refreshed
 * quietly first), else the first. */
static int first_not_done(char offered[][64], int count)
{
    int current = 0, found = 0;
    char results[1200], line[512];
    snprintf(results, sizeof results, "%s/results.tsv", g_work);
    run_checker(NULL, 1, 0);
    FILE *f = fopen(results, "r");
    while (f && !found && fgets(line, sizeof line, f))
        if (!strncmp(line, "section\t", 8) && !strstr(line, "\tdone\t"))
            for (int i = 0; i < count; i++)
                if (!strncmp(line + 8, offered[i], strlen(offered[i]))) {
                    current = i;
                    found = 1;
                }
    if (f)
        fclose(f);
    return current;
}

/* Keys without Enter on a terminal (put back at exit). */
static void raw_keys(int tty)
{
    if (!tty || tcgetattr(STDIN_FILENO, &g_saved_tty) != 0)
        return;
    struct termios raw = g_saved_tty;
    raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    g_raw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
    atexit(restore_tty);
}

static void watch_start(watcher *w, char offered[][64], int count, int force_poll)
{
    w->inotify_fd = -1;
    if (!force_poll && !on_network_share(g_dir))
        w->inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    for (int i = 0; i < count && w->inotify_fd >= 0; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", g_dir, offered[i]);
        w->watch_ids[i] = inotify_add_watch(w->inotify_fd, path, IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE);
    }
    for (int i = 0; i < count; i++)
        w->mtimes[i] = section_mtime(offered[i]);
}

/* The section whose file was saved since the last look, or -1. */
static int read_events(watcher *w, int count, int *changed);

static int saved_section(watcher *w, char offered[][64], int count, int ready, const struct pollfd *ino, int *whole)
{
    int changed = -1;
    *whole = 0;
    if (ino && ready > 0 && ino->revents) {
        *whole = read_events(w, count, &changed);
    } else if (w->inotify_fd < 0) {
        for (int i = 0; i < count; i++) {
            time_t t = section_mtime(offered[i]);
            if (t != w->mtimes[i]) {
                w->mtimes[i] = t;
                changed = i;
            }
        }
    }
    return changed;
}

/* How long a save settles before the redraw. Editors save in a burst of
 * events (vim: create the file, write it, close it, remove the backup;
 * most editors: one close after writing). The redraw starts once the
 * burst is over: SETTLE_QUIET_MS with no event after a file was closed
 * written or moved into place (the file is whole), and at most
 * SETTLE_MAX_MS after the first event whatever comes (a fixed 150 ms
 * before; an event after the redraw started only draws once more). */
#define SETTLE_QUIET_MS 15
#define SETTLE_MAX_MS 150

/* Reads the queued events into *changed (the section saved, if any);
 * returns whether one of them left a whole file (closed after writing,
 * moved in). */
static int read_events(watcher *w, int count, int *changed)
{
    char buf[4096] __attribute__((aligned(8)));
    int whole = 0;
    ssize_t len = read(w->inotify_fd, buf, sizeof buf);
    for (char *p = buf; len > 0 && p < buf + len;) {
        struct inotify_event *ev = (struct inotify_event *)(void *)p;
        if (ev->len && !is_editor_noise(ev->name))
            for (int i = 0; i < count; i++)
                if (w->watch_ids[i] == ev->wd) {
                    *changed = i;
                    whole |= (ev->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) != 0;
                }
        p += sizeof *ev + ev->len;
    }
    return whole;
}

/* Waits for a save's burst of events to end (see SETTLE_QUIET_MS);
 * polling (no inotify) just waits SETTLE_MAX_MS. `whole`: the first
 * look's events already left a whole file. */
static void settle(watcher *w, int count, int *changed, int whole)
{
    if (w->inotify_fd < 0) {
        usleep(SETTLE_MAX_MS * 1000);
        return;
    }
    double start = os_clock();
    for (;;) {
        double left_ms = SETTLE_MAX_MS - (os_clock() - start) * 1000.0;
        if (left_ms <= 0)
            return;
        int wait_ms = whole ? SETTLE_QUIET_MS : (int)left_ms + 1;
        struct pollfd ino = {.fd = w->inotify_fd, .events = POLLIN};
        int ready = poll(&ino, 1, wait_ms < left_ms ? wait_ms : (int)left_ms + 1);
        if (ready < 0 && errno != EINTR)
            return;
        if (ready == 0)
            return; /* quiet: the burst is over (or the longest wait is) */
        if (ready > 0)
            whole |= read_events(w, count, changed);
    }
}

/* One key: n next section, h its next hint, l the list; 0 for q (quit). */
static int on_key(char key, char offered[][64], int count, int *current, int *redraws, int tty)
{
    if (key == 'q')
        return 0;
    if (key == 'n') {
        *current = (*current + 1) % count;
        redraw(offered[*current], *current, count, ++*redraws, tty);
    } else if (key == 'h') {
        printf("\n");
        char results[1200]; /* the failure on screen: the last redraw's */
        snprintf(results, sizeof results, "%s/results.tsv", g_work);
        show_next_hint(offered[*current], results);
        fflush(stdout);
    } else if (key == 'l') {
        if (tty)
            printf("\033[2J\033[H");
        run_checker(NULL, 1, tty && !getenv("NO_COLOR"));
        fflush(stdout);
    }
    return 1;
}

/* Redraws the section saved or picked, until q (or poll fails). */
static void watch_loop(watcher *w, char offered[][64], int count, int current, int tty)
{
    int redraws = 1;
    redraw(offered[current], current, count, redraws, tty);
    printf("%s\n", w->inotify_fd >= 0 ? "(inotify)" : "(polling every second)");
    fflush(stdout);
    for (;;) {
        struct pollfd fds[2];
        int n = 0, key_i = -1, ino_i = -1;
        if (g_raw) { fds[n].fd = STDIN_FILENO; fds[n].events = POLLIN; key_i = n++; }
        if (w->inotify_fd >= 0) { fds[n].fd = w->inotify_fd; fds[n].events = POLLIN; ino_i = n++; }
        int ready = poll(fds, (nfds_t)n, 1000);
        if (ready < 0 && errno != EINTR)
            break;
        int whole;
        int changed = saved_section(w, offered, count, ready, ino_i >= 0 ? &fds[ino_i] : NULL, &whole);
        if (changed >= 0) {
            double seen = epoch_now();
            settle(w, count, &changed, whole); /* let the editor finish its rename dance */
            current = changed;
            double began = epoch_now(), cpu = os_cpu();
            redraw(offered[current], current, count, ++redraws, tty);
            note_timing(offered[current], seen, began, cpu);
            continue;
        }
        if (key_i >= 0 && ready > 0 && fds[key_i].revents) {
            char key;
            if (read(STDIN_FILENO, &key, 1) != 1)
                continue;
            if (!on_key(key, offered, count, &current, &redraws, tty))
                break;
        }
    }
}

int main(int argc, char **argv)
{
    const char *hint = NULL, *start = NULL;
    int force_poll = 0;
    /* "--dir DIR" or "--dir=DIR"; each its own val, so that a prefix of two
     * names ("--s") is refused, not taken as the first */
    static const struct option longopts[] = {
        {"poll", no_argument, NULL, 1}, {"hint", required_argument, NULL, 2},
        {"results", required_argument, NULL, 3}, {"checker", required_argument, NULL, 4},
        {"root", required_argument, NULL, 5}, {"dir", required_argument, NULL, 6},
        {"objdir", required_argument, NULL, 7}, {"work", required_argument, NULL, 8},
        {"stubs", required_argument, NULL, 9}, {"section", required_argument, NULL, 10},
        {"on-save", required_argument, NULL, 11}, {NULL, 0, NULL, 0}};
    int c, k;
    while ((c = getopt_long(argc, argv, "", longopts, &k)) > 0 && c != '?') {
        const char *a = longopts[k].name, *v = optarg;
        if (!strcmp(a, "poll")) force_poll = 1;
        else if (!strcmp(a, "hint")) hint = v;
        else if (!strcmp(a, "results")) g_results = v;
        else if (!strcmp(a, "checker")) g_checker = v;
        else if (!strcmp(a, "root")) g_root = v;
        else if (!strcmp(a, "dir")) g_dir = v;
        else if (!strcmp(a, "objdir")) g_objdir = v;
        else if (!strcmp(a, "work")) g_work = v;
        else if (!strcmp(a, "stubs")) g_stubs = v;
        else if (!strcmp(a, "section")) start = v;
        else if (!strcmp(a, "on-save")) g_on_save = v;
    }
    if (c != -1 || optind < argc) { /* an unknown option, a missing value, a stray argument */
        fprintf(stderr, "usage: watch [--poll] [--checker PATH] [--root DIR] [--dir DIR] [--objdir DIR] [--work DIR]\n"
                        "             [--stubs DIR] [--section SLUG] [--on-save COMMAND]\n"
                        "       watch --hint SLUG [--root DIR] [--results RESULTS.TSV]\n");
        return 2;
    }
    msg_choose_language(getenv("WORKBOOK_LANG"));
    g_timings = getenv("WORKBOOK_TIMINGS");
    static char offered[MAX_WATCHED][64];
    int count = list_sections(offered, MAX_WATCHED);
    if (hint)
        return hint_mode(hint, offered, count);
    if (count == 0)
        return 2;
    /* make watch S=02 opens at 02; else at the first section not done */
    int current = start ? section_index(start, offered, count) : first_not_done(offered, count);
    if (current < 0) {
        say_no_such_section(offered, count);
        return 2;
    }
    int tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    raw_keys(tty);
    static watcher w;
    watch_start(&w, offered, count, force_poll);
    watch_loop(&w, offered, count, current, tty);
    return 0;
}
