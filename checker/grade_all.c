/* grade_all.c - grades every subfolder of a folder as one submission.
 *
 *   grade_all --subs DIR --out DIR --csv FILE [--jobs N] [--checker PATH]
 *             [--root DIR] [--objdir DIR] [--work DIR] [--bom 1]
 *                                                       (seed on stdin)
 *
 * Runs the trusted checker once per submission, JOBS at a time, each with
 * the hidden seed on its stdin, and collects: results.json (Gradescope),
 * junit.xml, scores.tsv and the log in OUT/<name>/, plus one CSV
 * gradebook row per submission. A submission that breaks even the
 * checker still gets valid files with a score of 0: one broken or hostile
 * submission never stops the batch or changes another's score.
 *
 * For a class: each submission's work folder (its staged copy, runners)
 * is removed once its results are written (--keep-work 1 keeps them, in
 * WORK); while it is graded it lives in RAM when the machine has a tmpfs
 * for it (scratch_root), else in WORK, or in --scratch DIR; the
 * gradebook is rewritten as each result arrives, so an interrupted run
 * leaves a valid one (Ctrl-C or SIGTERM kills the checkers still grading
 * and removes their work folders, stop_run); --resume 1 skips the
 * submissions an earlier run with the same seed and checker finished
 * (WORK/graded/<name> says so); --cache DIR hands the checker its cache of runners and results (cache.c),
 * kept under --cache-max-mb by removing the oldest entries. The gradebook's
 * columns are the sections checker --print-catalog lists; its last column
 * names the sections whose file is the stub's or the reference's, once
 * comments and white space are set aside. Here: scheduling and the
 * gradebook. Elsewhere: each upload's layout and the score-0 results.json
 * (grade_layout.c), the figures (grade_figures.c), the cache's bound
 * (os.c's os_trim_folder), the version (checker/version.sh).
 */
#define _GNU_SOURCE
/* Paths are bounded buffers; a truncated one fails to open and is reported. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "grade_figures.h"
#include "grade_layout.h"
#include "os.h"
#include "sections.h"
#include "sha256.h"
#include "text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_SUBMISSIONS 2000

typedef struct {
    char name[256];
    pid_t pid;
    int done;
    int exit_code;
    char same_as[256]; /* "stub:01 reference:03", see same_as() */
    int scored;        /* its scores.tsv read (read_scores): the row below */
    double values[MAX_SECTIONS], total, total_max;
} submission;

static const char *g_checker = "build/checker", *g_root = ".", *g_objdir = "build/obj", *g_work = "build/grade/work",
                  *g_timeout_ms = NULL, *g_cache = NULL;
static int g_keep_work = 0;
/* Where the submissions' work folders go (scratch_root): WORK itself, or a
 * private folder in RAM, or --scratch DIR. WORK keeps what outlives them:
 * the marks --resume reads and the figures' scripts. */
static const char *g_scratch = NULL;
static char g_stage_root[4096];
static int g_stage_in_ram = 0;

static int compare_names(const void *a, const void *b)
{
    return strcmp(((const submission *)a)->name, ((const submission *)b)->name);
}

/* Whether `dir` holds a folder named like one of the workbook's sections
 * (its name goes to `name` when asked). */
static int has_section_folder(const char *dir, char *name, size_t name_size)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) {
        char ref[1400];
        struct stat st;
        snprintf(ref, sizeof ref, "%s/solutions/%s", g_root, e->d_name);
        found = e->d_name[0] != '.' && stat(ref, &st) == 0 && S_ISDIR(st.st_mode);
        if (found && name)
            snprintf(name, name_size, "%s", e->d_name);
    }
    if (d)
        closedir(d);
    return found;
}

/* A folder name for the compiler's side of the work: only [A-Za-z0-9._-],
 * numbered so that "a b" and "a_b" stay apart. Student folder names carry
 * spaces, commas, quotes and Thai letters; compiler options and dependency
 * lists do not all survive those (measured: a space or a comma in the work
 * path scored a correct submission 0). */
static void work_name(const char *name, char *out, size_t out_size)
{
    /* named by its name's hash, not its place in the list: the same
     * student's work folder (and so the compile's paths, part of the
     * cache's keys) stays the same when a classmate is added */
    sha256_ctx c;
    unsigned char d[32];
    char hex[65];
    sha256_init(&c);
    sha256_update(&c, name, strlen(name));
    sha256_final(&c, d);
    sha256_hex(d, hex);
    int n = snprintf(out, out_size, "%.8s_", hex);
    for (const char *p = name; *p && (size_t)n + 1 < out_size; p++) {
        char c = *p;
        int plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                    c == '_' || c == '-';
        out[n++] = plain ? c : '_';
    }
    out[n] = '\0';
}

/* The folder graded for a submission: its layout found by
 * checker/submission.sh, as on Gradescope (grade_layout.c). */
static void work_dir(const submission *sub, char *work, size_t work_size);
static void submission_dir(const char *subs, const submission *sub, char *dir, size_t dir_size)
{
    char work[1024];
    work_dir(sub, work, sizeof work);
    layout_dir(g_root, subs, sub->name, work, dir, dir_size);
}

static void work_dir(const submission *sub, char *work, size_t work_size)
{
    char work_leaf[300];
    work_name(sub->name, work_leaf, sizeof work_leaf);
    snprintf(work, work_size, "%s/%s", g_stage_root, work_leaf);
}

/* WORK/graded/<work name>: the hash of what decided a submission's results
 * (seed, checker binary, name), so --resume trusts only a finished run
 * with the same seed and checker. Not beside the results, which may be
 * handed back: a 32-bit seed is found from its hash in seconds. */
static void mark_path(const submission *sub, char *path, size_t path_size)
{
    char leaf[300];
    work_name(sub->name, leaf, sizeof leaf);
    snprintf(path, path_size, "%s/graded/%s", g_work, leaf);
}

static void graded_mark(const submission *sub, unsigned long long seed, char hex[65])
{
    static unsigned char checker_digest[32];
    static int hashed;
    if (!hashed) {
        sha256_ctx c;
        sha256_init(&c);
        FILE *f = fopen(g_checker, "rb");
        char buf[65536];
        size_t n;
        while (f && (n = fread(buf, 1, sizeof buf, f)) > 0)
            sha256_update(&c, buf, n);
        if (f)
            fclose(f);
        sha256_final(&c, checker_digest);
        hashed = 1;
    }
    sha256_ctx c;
    unsigned char d[32];
    sha256_init(&c);
    sha256_update(&c, "graded v1", 9);
    sha256_update(&c, &seed, sizeof seed);
    sha256_update(&c, checker_digest, sizeof checker_digest);
    sha256_update(&c, sub->name, strlen(sub->name) + 1);
    sha256_final(&c, d);
    sha256_hex(d, hex);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

/* rm -rf, never following a link out of the folder */
static void remove_tree(const char *path) { nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

/* A submission's work folder gone (unless --keep-work 1). */
static void remove_work(const submission *sub)
{
    char work[1024];
    work_dir(sub, work, sizeof work);
    if (!g_keep_work)
        remove_tree(work);
}

/* What a command printed on stdout and stderr (at most max - 1 bytes) when
 * it exited 0, as a malloc'd string, else NULL. Run with the checker's clean
 * environment (outputs.c's command_line), so an answer is the one it would
 * have found. */
static char *command_output(const char *const *argv, size_t max)
{
    int fds[2];
    char *text = malloc(max);
    if (!text || pipe2(fds, O_CLOEXEC) != 0)
        return free(text), NULL;
    char *const env[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", NULL};
    pid_t pid = fork();
    if (pid == 0) {
        int null_fd = open("/dev/null", O_RDONLY);
        dup2(null_fd, STDIN_FILENO);
        dup2(fds[1], STDOUT_FILENO);
        dup2(fds[1], STDERR_FILENO);
        execvpe(argv[0], (char *const *)argv, env);
        _exit(127);
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t n;
    while (pid > 0 && (n = read(fds[0], text + got, max - 1 - got)) != 0)
        if (n > 0 && (got += (size_t)n) == max - 1)
            break;
        else if (n < 0 && errno != EINTR)
            break;
    close(fds[0]);
    text[got] = '\0';
    int status, exit_code = -1;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (pid > 0 && WIFEXITED(status))
        exit_code = WEXITSTATUS(status);
    if (exit_code == 0)
        return text;
    free(text);
    return NULL;
}

/* The first line of command_output(), or "unknown". */
static void command_line(const char *const *argv, char *out, size_t size)
{
    char *text = command_output(argv, 4096);
    if (text && *text)
        snprintf(out, size, "%.*s", (int)strcspn(text, "\n"), text);
    else
        snprintf(out, size, "unknown");
    free(text);
}

/* The checker's version (checker/version.sh, the one lookup), found once
 * for the class and handed to every checker (--checker-version): a bash
 * and two git processes a submission less. */
static char g_checker_version[256];
static void find_checker_version(void)
{
    char script[1200];
    snprintf(script, sizeof script, "%s/checker/version.sh", g_root);
    command_line((const char *const[]){"bash", script, g_root, NULL}, g_checker_version, sizeof g_checker_version);
}

static pid_t start_one(const submission *sub, const char *subs, const char *out, unsigned long long seed)
{
    char dir[1024], work[1024], result_dir[1024], json[1100], junit[1100], scores[1100],
        results[1100], log[1100], mark[1100];
    submission_dir(subs, sub, dir, sizeof dir);
    work_dir(sub, work, sizeof work);
    snprintf(result_dir, sizeof result_dir, "%s/%s", out, sub->name);
    snprintf(json, sizeof json, "%s/results.json", result_dir);
    snprintf(junit, sizeof junit, "%s/junit.xml", result_dir);
    snprintf(scores, sizeof scores, "%s/scores.tsv", result_dir);
    snprintf(results, sizeof results, "%s/results.tsv", result_dir);
    snprintf(log, sizeof log, "%s/log.txt", result_dir);
    mark_path(sub, mark, sizeof mark);
    mkdir(result_dir, 0755);
    remove(mark);
    remove(json);
    remove(scores);

    int seed_pipe[2];
    if (pipe(seed_pipe) != 0)
        return -1;
    pid_t grader = getpid();
    pid_t pid = fork();
    if (pid != 0) {
        /* the seed is written while this end can still read it: a checker
         * that ends before reading (one that dies at once) would otherwise
         * leave the pipe without a reader, and the write would kill
         * grade_all with SIGPIPE (test-grade's dying checker, under load) */
        if (pid > 0) {
            char text[32];
            int n = snprintf(text, sizeof text, "%llu\n", seed);
            if (write(seed_pipe[1], text, (size_t)n) != n) { /* the checker will report it */ }
        }
        close(seed_pipe[0]);
        close(seed_pipe[1]);
        return pid;
    }
    /* Die with grade_all, however it ends (Ctrl-C, SIGTERM, SIGKILL): the
     * checker's own children (the compiler's guardian, the runner) die
     * with the checker in turn, so nothing of a submission outlives us. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != grader)
        _exit(125);
    int log_fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(seed_pipe[0], STDIN_FILENO);
    if (log_fd >= 0) {
        dup2(log_fd, STDOUT_FILENO);
        dup2(log_fd, STDERR_FILENO);
    }
    close(seed_pipe[1]);
    const char *args[32] = {g_checker, "--root", g_root, "--dir", dir, "--objdir", g_objdir, "--work", work,
                            "--results", results, "--gradescope", json, "--junit", junit, "--scores", scores,
                            "--no-color", "--hidden-seed-stdin", "--plot-dir", result_dir, "--plot-defer"};
    int n = 22;
    args[n++] = "--checker-version";
    args[n++] = g_checker_version;
    if (g_cache) {
        args[n++] = "--cache";
        args[n++] = g_cache;
    }
    if (g_timeout_ms) { /* else the checker's own limits (driver.h) */
        args[n++] = "--timeout-ms";
        args[n++] = g_timeout_ms;
    }
    args[n] = NULL;
    execv(g_checker, (char *const *)args);
    _exit(127);
}

static double g_points_total; /* the most a submission can score (load_sections) */

/* Valid files even when the checker itself could not grade; the maximum is
 * the real one, so the gradebook's percentage stays honest. */
static void write_fallback(const char *out, const submission *sub)
{
    char path[1100], output[128];
    snprintf(path, sizeof path, "%s/%s/results.json", out, sub->name);
    snprintf(output, sizeof output, "The grader could not grade this submission (exit %d); see log.txt.", sub->exit_code);
    write_zero_results(path, output, g_points_total);
}

static void csv_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\n")) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            fputc('"', f);
        fputc(*p, f);
    }
    fputc('"', f);
}

/* ---- the gradebook --------------------------------------------------------- */

static char g_sections[MAX_SECTIONS][64];
static int g_section_count;

/* The gradebook's columns and the most a submission can score, as the
 * checker lists them (checker --print-catalog: points.c reads the tables):
 * the sections the checker grades (those whose solutions/<slug>/ exists,
 * as options.c's select_sections picks them), in the registry's order, and
 * every check's visible and hidden points. 0 when the checker cannot say. */
static int load_sections(void)
{
    char *catalog = command_output((const char *const[]){g_checker, "--root", g_root, "--print-catalog", "tsv", NULL}, 1 << 20);
    for (int pass = 0; pass < 2; pass++) /* the sections, then their checks */
        for (char *line = catalog, *end; line && *line; line = *end ? end + 1 : end) {
            end = line + strcspn(line, "\n");
            char slug[64], path[1200];
            double visible, hidden;
            struct stat st;
            if (pass == 0 && sscanf(line, "section\t%63[^\t\n]", slug) == 1) {
                snprintf(path, sizeof path, "%s/solutions/%s", g_root, slug);
                if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && g_section_count < MAX_SECTIONS)
                    snprintf(g_sections[g_section_count++], sizeof g_sections[0], "%s", slug);
            } else if (pass == 1 && sscanf(line, "check\t%63[^\t\n]\t%*[^\t]\t%*[^\t]\t%*[^\t]\t%lf\t%lf", slug, &visible, &hidden) == 3) {
                for (int k = 0; k < g_section_count; k++)
                    if (!strcmp(g_sections[k], slug))
                        g_points_total += visible + hidden;
            }
        }
    int listed = catalog != NULL && g_section_count > 0;
    free(catalog);
    return listed;
}

/* A C file without its comments and white space (strings and character
 * constants kept as written), so a copy of the stub or the reference with
 * its comments changed or its lines re-indented is still seen as one.
 * Returns a malloc'd text or NULL. */
static char *normalized_source(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = f ? malloc(1u << 22) : NULL;
    size_t size = text ? fread(text, 1, 1u << 22, f) : 0;
    if (f)
        fclose(f);
    char *view = text ? text_c_source_view(text, size) : NULL;
    free(text);
    if (!view)
        return NULL;
    size_t n = 0;
    char quote = 0;
    for (const char *p = view; *p; p++) {
        if (quote) {
            view[n++] = *p;
            if (*p == '\\' && p[1])
                view[n++] = *++p;
            else if (*p == quote || *p == '\n')
                quote = 0;
        } else if (*p == '"' || *p == '\'') {
            quote = *p;
            view[n++] = *p;
        } else if (!strchr(" \t\n\r\f\v", *p)) {
            view[n++] = *p;
        }
    }
    view[n] = '\0';
    return view;
}

static void same_as(const char *subs, submission *sub)
{
    static char *stub[MAX_SECTIONS], *ref[MAX_SECTIONS];
    static int loaded;
    char dir[1024];
    submission_dir(subs, sub, dir, sizeof dir);
    sub->same_as[0] = '\0';
    size_t used = 0;
    for (int k = 0; k < g_section_count; k++) {
        const char *slug = g_sections[k], *name = strchr(slug, '_') + 1;
        char path[1400];
        if (!loaded) {
            snprintf(path, sizeof path, "%s/exercises/%s/%s.c", g_root, slug, name);
            stub[k] = normalized_source(path);
            snprintf(path, sizeof path, "%s/solutions/%s/%s.c", g_root, slug, name);
            ref[k] = normalized_source(path);
        }
        snprintf(path, sizeof path, "%s/%s/%s.c", dir, slug, name);
        struct stat st;
        char *mine = lstat(path, &st) == 0 && S_ISREG(st.st_mode) ? normalized_source(path) : NULL;
        const char *what = !mine ? NULL : stub[k] && !strcmp(mine, stub[k]) ? "stub" : ref[k] && !strcmp(mine, ref[k]) ? "reference" : NULL;
        if (what && used + 20 < sizeof sub->same_as)
            used += (size_t)snprintf(sub->same_as + used, sizeof sub->same_as - used, "%s%s:%.2s", used ? " " : "", what, slug);
        free(mine);
    }
    loaded = 1;
}

/* A finished submission's row of the gradebook, from its scores.tsv: read
 * once, when it finished (the gradebook is written again after every
 * result, and reading every finished row's file each time made a class of
 * N cost N*N/2 file reads). */
static void read_scores(const char *out, submission *sub)
{
    memset(sub->values, 0, sizeof sub->values);
    sub->total = sub->total_max = 0;
    char path[1100], slug[64];
    double got, max;
    snprintf(path, sizeof path, "%s/%s/scores.tsv", out, sub->name);
    FILE *s = fopen(path, "r");
    while (s && fscanf(s, "%63s %lf %lf", slug, &got, &max) == 3) {
        for (int k = 0; k < g_section_count; k++)
            if (!strcmp(g_sections[k], slug))
                sub->values[k] = got;
        sub->total += got;
        sub->total_max += max;
    }
    if (s)
        fclose(s);
    if (sub->total_max == 0) /* not graded (the checker failed): still out of the real maximum */
        sub->total_max = g_points_total;
    sub->scored = 1;
}

/* The gradebook with a row for every finished submission, in name order:
 * written to a new file and renamed over the old, after each result, so
 * the file is whole whenever it is read (or the run is stopped). */
static int write_gradebook(const char *csv, const char *out, submission *list, int count, int bom)
{
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.part", csv);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return 0;
    /* Excel on Windows reads a CSV in the local code page, turning Thai
     * names into mojibake, unless the file starts with a UTF-8 byte-order
     * mark. Other readers (Python's csv, awk) would see the mark as part of
     * the first column's name, so it is asked for, not the default. */
    if (bom)
        fputs("\xEF\xBB\xBF", f);
    fprintf(f, "name,total,max");
    for (int k = 0; k < g_section_count; k++)
        fprintf(f, ",%s", g_sections[k]);
    fprintf(f, ",same_as\n");
    for (int i = 0; i < count; i++) {
        if (!list[i].done)
            continue;
        if (!list[i].scored)
            read_scores(out, &list[i]);
        char name[1100]; /* valid UTF-8 and one row a line, whatever the folder is called */
        text_safe_str(name, sizeof name, list[i].name, 0);
        csv_field(f, name);
        fprintf(f, ",%.2f,%.2f", list[i].total, list[i].total_max);
        for (int k = 0; k < g_section_count; k++)
            fprintf(f, ",%.2f", list[i].values[k]);
        fprintf(f, ",%s\n", list[i].same_as);
    }
    if (fclose(f) != 0 || rename(tmp, csv) != 0) {
        unlink(tmp);
        return 0;
    }
    return 1;
}

/* The run's settings (the rest are the g_ globals start_one reads). */
typedef struct {
    const char *subs, *out, *csv;
    int jobs, bom, resume;
    long long cache_max_mb;
} run_options;

static int parse_options(run_options *r, int argc, char **argv)
{
    *r = (run_options){NULL, "build/grade/results", "build/grade/gradebook.csv", 2, 0, 0, 512};
    /* each takes a value, "--subs DIR" or "--subs=DIR"; each its own val, so
     * that a prefix of two names ("--c") is refused, not taken as the first */
    static const struct option longopts[] = {
        {"subs", required_argument, NULL, 1}, {"out", required_argument, NULL, 2},
        {"csv", required_argument, NULL, 3}, {"jobs", required_argument, NULL, 4},
        {"bom", required_argument, NULL, 5}, {"checker", required_argument, NULL, 6},
        {"root", required_argument, NULL, 7}, {"objdir", required_argument, NULL, 8},
        {"work", required_argument, NULL, 9}, {"timeout-ms", required_argument, NULL, 10},
        {"cache", required_argument, NULL, 11}, {"cache-max-mb", required_argument, NULL, 12},
        {"keep-work", required_argument, NULL, 13}, {"resume", required_argument, NULL, 14},
        {"scratch", required_argument, NULL, 15}, {NULL, 0, NULL, 0}};
    int c, k;
    while ((c = getopt_long(argc, argv, "", longopts, &k)) > 0 && c != '?') {
        const char *a = longopts[k].name, *v = optarg;
        if (!strcmp(a, "subs")) r->subs = v;
        else if (!strcmp(a, "out")) r->out = v;
        else if (!strcmp(a, "csv")) r->csv = v;
        else if (!strcmp(a, "jobs")) r->jobs = atoi(v);
        else if (!strcmp(a, "bom")) r->bom = !strcmp(v, "1");
        else if (!strcmp(a, "checker")) g_checker = v;
        else if (!strcmp(a, "root")) g_root = v;
        else if (!strcmp(a, "objdir")) g_objdir = v;
        else if (!strcmp(a, "work")) g_work = v;
        else if (!strcmp(a, "timeout-ms")) g_timeout_ms = v;
        else if (!strcmp(a, "cache")) g_cache = v;
        else if (!strcmp(a, "cache-max-mb")) r->cache_max_mb = atoll(v);
        else if (!strcmp(a, "keep-work")) g_keep_work = !strcmp(v, "1");
        else if (!strcmp(a, "resume")) r->resume = !strcmp(v, "1");
        else if (!strcmp(a, "scratch")) g_scratch = v;
    }
    /* progress lines reach a log as each submission finishes */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (c != -1 || optind < argc || !r->subs || r->jobs < 1) { /* an unknown option or a stray argument too */
        fprintf(stderr, "usage: grade_all --subs DIR [--out DIR] [--csv FILE] [--jobs N] [--bom 1] [--resume 1] [--keep-work 1]\n"
                        "                 [--cache DIR [--cache-max-mb N]] [--work DIR] [--scratch DIR]  (hidden seed on stdin)\n");
        return 0;
    }
    return 1;
}

/* Where the work folders go. Each is written, compiled in, run in and
 * removed within a second or two, ~0.5 MB of small files. An ext4 without
 * a journal will not reuse an inode freed in the last 30 s
 * (dirty_expire_centisecs): each new file walks past every recently
 * removed one, reading its inode block. There, grading 300 submissions
 * spends 10 % of all CPU in recently_deleted/find_get_block_common/
 * find_inode_bit (perf), and takes 96-114 s with the work folders in RAM
 * against 119-138 s on disk (checker/bench/README.md). A RAM folder costs
 * nothing on other file systems. Named by WORK's real path, so a regrade
 * uses the same folders (a failed compile's cached record quotes its
 * path). */
static int scratch_root(int jobs)
{
    if (g_scratch || g_keep_work) {
        snprintf(g_stage_root, sizeof g_stage_root, "%s", g_scratch ? g_scratch : g_work);
        return make_dirs(g_stage_root);
    }
    char real[4096], leaf[32], hex[65];
    unsigned char d[32];
    sha256_ctx c;
    if (!realpath(g_work, real))
        snprintf(real, sizeof real, "%s", g_work);
    sha256_init(&c);
    sha256_update(&c, real, strlen(real));
    sha256_final(&c, d);
    sha256_hex(d, hex);
    snprintf(leaf, sizeof leaf, "grade-%.16s", hex);
    /* room for every job's folder many times over: a full tmpfs would
     * fail a submission's compile, not the run */
    long long need = (64LL + 32LL * jobs) << 20;
    g_stage_in_ram = os_ram_folder(leaf, need, g_stage_root, sizeof g_stage_root);
    if (g_stage_in_ram)
        printf("work folders: %s (RAM; each removed once its submission is graded)\n", g_stage_root);
    else
        snprintf(g_stage_root, sizeof g_stage_root, "%s", g_work);
    return 1;
}

/* Every folder in SUBS, in name order; -1 after saying why there are none. */
static int find_submissions(const char *subs, submission *list)
{
    int count = 0;
    DIR *d = opendir(subs);
    if (!d) {
        fprintf(stderr, "grade_all: cannot open %s\n", subs);
        return -1;
    }
    struct dirent *e;
    while ((e = readdir(d)) && count < MAX_SUBMISSIONS) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", subs, e->d_name);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            snprintf(list[count++].name, sizeof list[0].name, "%s", e->d_name);
    }
    closedir(d);
    qsort(list, (size_t)count, sizeof list[0], compare_names);
    if (count == 0) {
        fprintf(stderr, "grade_all: no submission folders in %s (each student's work is a folder inside it)\n", subs);
        return -1;
    }
    return count;
}

/* SUBS given one student's folder (or a whole workbook) by mistake would
 * grade each section folder as a student: rows of 0, no warning. */
static int is_class_folder(const char *subs)
{
    char subs_exercises[1100], subs_solutions[1100];
    struct stat subs_st;
    snprintf(subs_exercises, sizeof subs_exercises, "%s/exercises", subs);
    snprintf(subs_solutions, sizeof subs_solutions, "%s/solutions", subs);
    if (stat(subs_exercises, &subs_st) == 0 && stat(subs_solutions, &subs_st) == 0) {
        fprintf(stderr, "grade_all: %s looks like a whole workbook (it holds exercises/ and solutions/):\n"
                        "           give a folder that holds one folder per student\n", subs);
        return 0;
    }
    char section[256];
    if (has_section_folder(subs, section, sizeof section)) {
        fprintf(stderr,
                "grade_all: %s looks like one submission (it holds %s/): grade it with make grade SUB=%s,\n"
                "           or give a folder that holds one folder per student\n",
                subs, section, subs);
        return 0;
    }
    return 1;
}

/* This run's submissions (NUL-separated: names are the students'), so the
 * class summary leaves out folders an earlier class left in OUT. */
static void write_submission_list(const char *out, const submission *list, int count)
{
    char list_path[1100];
    snprintf(list_path, sizeof list_path, "%s/.submissions", out);
    FILE *lf = fopen(list_path, "w");
    for (int i = 0; lf && i < count; i++)
        fwrite(list[i].name, 1, strlen(list[i].name) + 1, lf);
    if (lf)
        fclose(lf);
}

/* What an earlier run with this seed and checker finished: marked done.
 * Returns how many. */
static int resume_finished(submission *list, int count, unsigned long long seed)
{
    int resumed = 0;
    for (int i = 0; i < count; i++) {
        char path[1100], want[65], got[80] = "";
        mark_path(&list[i], path, sizeof path);
        FILE *m = fopen(path, "r");
        if (m && fgets(got, sizeof got, m))
            got[strcspn(got, "\n")] = '\0';
        if (m)
            fclose(m);
        graded_mark(&list[i], seed, want);
        if (!strcmp(got, want)) {
            list[i].done = 1;
            resumed++;
        }
    }
    if (resumed)
        printf("resumed: %d of %d submissions were graded by the interrupted run\n", resumed, count);
    return resumed;
}

/* A submission's checker ended: its fallback files when it failed, its
 * work folder removed (a staged copy and ten runners, 0.5 MB), then the
 * mark that says it was graded with this seed. */
static void finish_one(const char *out, submission *sub, int status, unsigned long long seed)
{
    sub->done = 1;
    sub->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (sub->exit_code != 0)
        write_fallback(out, sub);
    layout_finish(out, sub->name, g_points_total);
    remove_work(sub);
    if (sub->exit_code == 0) {
        char path[1100], mark[65];
        mark_path(sub, path, sizeof path);
        graded_mark(sub, seed, mark);
        FILE *m = fopen(path, "w");
        if (m) {
            fprintf(m, "%s\n", mark);
            fclose(m);
        }
    }
}

/* The progress line after a submission finished: a bar on a terminal, a
 * line per submission in a log. */
static void print_progress(const submission *sub, int finished, int count, int resumed, double start, int tty)
{
    /* the folder's name is the student's: shown as safe text on one line
     * (text.h), cut between letters to 30 bytes on a terminal */
    char name[1100];
    text_safe_str(name, tty ? 31 : sizeof name, sub->name, 0);
    int graded_now = finished - resumed;
    double elapsed = os_clock() - start, eta = graded_now ? elapsed / graded_now * (count - finished) : 0;
    if (tty) {
        int width = 30, filled = count ? finished * width / count : width;
        printf("\r  [");
        for (int k = 0; k < width; k++)
            putchar(k < filled ? '#' : '.');
        /* \033[K: Thai takes fewer columns than bytes, so padding
         * alone can leave the end of a longer name behind */
        printf("] %d/%d graded, %d:%02d left  %-30s\033[K", finished, count, (int)eta / 60, (int)eta % 60, name);
        fflush(stdout);
    } else {
        printf("graded %d/%d %s%s\n", finished, count, name, sub->exit_code ? " (grader failed, see log.txt)" : "");
    }
}

/* Ctrl-C, SIGTERM or a closed terminal: noted here, acted on by
 * grade_submissions between waits (stop_run). */
static volatile sig_atomic_t g_stop_signal = 0;
static void note_stop(int sig) { g_stop_signal = sig; }
static const int g_stop_signals[3] = {SIGINT, SIGTERM, SIGHUP};
static int g_caught[3];

/* `on`: caught from here; else back to the default. One the run was
 * started with ignored (a background job's SIGINT, nohup's SIGHUP) stays
 * ignored. */
static void catch_stops(int on)
{
    for (int i = 0; i < 3; i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sigemptyset(&sa.sa_mask);
        sa.sa_handler = on ? note_stop : SIG_DFL; /* no SA_RESTART: waitpid returns EINTR */
        if (on && (sigaction(g_stop_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN))
            continue;
        if (on || g_caught[i])
            g_caught[i] = sigaction(g_stop_signals[i], &sa, NULL) == 0 && on;
    }
}

/* An interrupted run: the checkers still grading are killed (their cages
 * go with them, test_cage.sh) and their work folders removed, so nothing
 * is left in RAM; what finished keeps its mark for --resume. Then the run
 * ends by the signal it was sent, as it did before it caught any. */
static void stop_run(submission *list, int count)
{
    for (int i = 0; i < count; i++)
        if (!list[i].done && list[i].pid > 0)
            kill(list[i].pid, SIGKILL);
    for (int i = 0; i < count; i++) {
        if (list[i].done || list[i].pid <= 0)
            continue;
        while (waitpid(list[i].pid, NULL, 0) < 0 && errno == EINTR)
            ;
        remove_work(&list[i]);
    }
    if (g_stage_in_ram)
        rmdir(g_stage_root);
    int sig = g_stop_signal;
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

/* Grades every submission not done yet, JOBS at a time, keeping the
 * gradebook current. Returns 0 when the gradebook cannot be written. */
static int grade_submissions(const run_options *r, submission *list, int count, unsigned long long seed, int resumed,
                             double start)
{
    int tty = isatty(STDOUT_FILENO);
    int next = 0, running = 0, finished = resumed;
    catch_stops(1);
    while (finished < count) {
        if (g_stop_signal)
            stop_run(list, count);
        while (running < r->jobs && next < count) {
            if (list[next].done) {
                next++;
                continue;
            }
            /* its layout (grade_layout.c) and the gradebook's same_as,
             * found here rather than for the whole class before the first
             * checker starts: they run beside the checkers already
             * grading, not as a serial wait at the start (2.3 s for 100
             * submissions with a bash each, measured) */
            same_as(r->subs, &list[next]);
            list[next].pid = start_one(&list[next], r->subs, r->out, seed);
            if (list[next].pid < 0) {
                list[next].done = 1;
                list[next].exit_code = -1;
                finished++;
            } else {
                running++;
            }
            next++;
        }
        if (running == 0)
            continue;
        int status;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < count; i++) {
            if (list[i].pid != pid || list[i].done)
                continue;
            finish_one(r->out, &list[i], status, seed);
            running--;
            finished++;
            if (!write_gradebook(r->csv, r->out, list, count, r->bom)) {
                fprintf(stderr, "grade_all: cannot write %s\n", r->csv);
                return 0;
            }
            print_progress(&list[i], finished, count, resumed, start, tty);
        }
    }
    if (g_stop_signal) /* sent after the last wait */
        stop_run(list, count);
    /* the figures and the summary after it are stopped as before */
    catch_stops(0);
    if (tty)
        printf("\n");
    return 1;
}

int main(int argc, char **argv)
{
    /* the whole run, as the instructor waits for it: the layouts, the
     * figures and the cache's bound included */
    double start = os_clock();
    run_options r;
    if (!parse_options(&r, argc, argv))
        return 2;
    unsigned long long seed;
    if (scanf("%llu", &seed) != 1) {
        fprintf(stderr, "grade_all: expected the hidden seed on stdin\n");
        return 2;
    }
    static submission list[MAX_SUBMISSIONS];
    int count = find_submissions(r.subs, list);
    if (count < 0 || !is_class_folder(r.subs))
        return 2;
    char graded_dir[1100];
    snprintf(graded_dir, sizeof graded_dir, "%s/graded", g_work);
    if (!make_dirs(r.out) || !make_dirs(graded_dir)) {
        fprintf(stderr, "grade_all: cannot create %s\n", r.out);
        return 2;
    }
    if (!scratch_root(r.jobs)) {
        fprintf(stderr, "grade_all: cannot create %s\n", g_stage_root);
        return 2;
    }
    if (!load_sections()) {
        fprintf(stderr, "grade_all: %s --print-catalog does not list the sections to grade\n", g_checker);
        return 2;
    }
    write_submission_list(r.out, list, count);
    int resumed = r.resume ? resume_finished(list, count, seed) : 0;
    for (int i = 0; i < count; i++)
        if (list[i].done) { /* the others' when they start (grade_submissions) */
            same_as(r.subs, &list[i]);
            remove_work(&list[i]); /* a loose layout was staged in it again */
        }
    write_gradebook(r.csv, r.out, list, count, r.bom);
    find_checker_version();
    int graded = grade_submissions(&r, list, count, seed, resumed, start);
    if (g_stage_in_ram)
        rmdir(g_stage_root); /* empty unless a checker left a folder it could not remove */
    if (!graded)
        return 2;
    layout_end();
    if (!write_gradebook(r.csv, r.out, list, count, r.bom)) {
        fprintf(stderr, "grade_all: cannot write %s\n", r.csv);
        return 2;
    }
    static const char *names[MAX_SUBMISSIONS];
    for (int i = 0; i < count; i++)
        names[i] = list[i].name;
    figures_draw(g_root, g_work, r.out, names, count, r.jobs);
    if (g_cache) {
        long long kept;
        int removed;
        os_trim_folder(g_cache, r.cache_max_mb << 20, &kept, &removed);
        printf("cache: %s holds %.1f MB (bound %lld MB%s)\n", g_cache, (double)kept / (1 << 20), r.cache_max_mb,
               removed ? ", oldest entries removed" : "");
    }
    printf("graded %d submissions in %.1f s (%d jobs): %s, %s/<name>/results.json\n", count, os_clock() - start, r.jobs,
           r.csv, r.out);
    return 0;
}
