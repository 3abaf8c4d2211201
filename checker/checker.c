/* checker.c - grades one folder laid out like exercises/.
 *
 *   checker --dir exercises [--section 03_two_bone]... [--seed N]
 *
 * For each section: copy the student's file next to the reference headers
 * (the header is the contract, a student's edited copy is ignored),
 * compile it into a runner with the trusted glue, run the section's CUnit
 * suite against that runner, and print a table plus the first failing
 * check in full. Exit status: 0 all checks pass, 1 some fail, 2 the
 * checker itself could not do its job.
 */
#define _GNU_SOURCE
/* Paths here are bounded by 4096-byte buffers; a truncated path just fails
 * to open and is reported. GCC's truncation warning cannot see that. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "check.h"
#include "messages.h"
#include "runner_elf.h"
#include "sections.h"
#include "sha256.h"
#include "spawn.h"
#include "text.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_CHECKS 32
#define MAX_SELECTED 16
#define MAX_FLAGS 32
/* What one section's compile may cost. The references compile in 0.05 to
 * 0.4 s on the 2-core machine (musl; quiet to busy), and up to 6 s while
 * the machine ran five times more work than it has cores (load 11): 8 s
 * keeps a correct section safe on a busy machine, and the submission's
 * budget below cuts it further. Memory and file size cage the whole
 * compiler tree (gcc, cc1, as, ld each get the limit): cc1 needs ~100 MB
 * for a section, a runner is 30 KB to 1 MB. */
#define COMPILE_LIMIT_S 8.0
#define COMPILE_MEMORY_MIB 1024
#define COMPILE_OUTPUT_MIB 64
/* The checks' budgets, in seconds. One section's checks take 0.01 to
 * 0.24 s for the reference (09 and 10 replay the real clip; measured on
 * the 2-core machine while it was busy), its hidden re-run as long again,
 * and up to 3 s at load 11: 6 s per section is 12 times the busy figure
 * and twice the overloaded one; one check's batch gets 2 s (check.c). A
 * submission's sections share 25 s, so one that spins, sleeps or bombs the
 * preprocessor in every section costs about that, under the 30 s a
 * submission may cost in all. Sanitized runners (MEMCHECK, make test's
 * sanitized run) are slower: SANITIZED_SCALE. */
#define SECTION_BUDGET_S 6.0
#define SUBMISSION_BUDGET_S 25.0
#define SANITIZED_SCALE 6.0

typedef struct {
    const char *dir;          /* the submission, laid out like exercises/ */
    const char *root;         /* the workbook (include/, checker/) */
    const char *ref;          /* reference headers (solutions/) */
    const char *objdir;       /* prebuilt trusted objects */
    const char *work;         /* where staging and runners go */
    const char *results;      /* results file */
    const char *cc;
    const char *flags[MAX_FLAGS];
    int flag_count;
    const char *selected[MAX_SELECTED];
    int selected_count;
    int show_all;
    int list_only;            /* the table and progress only (make list) */
    const char *plot_dir;     /* where sections draw the student's figures */
    int color;
    /* grading (make grade): outputs for course tools and the hidden run */
    const char *points;       /* the points table */
    const char *gradescope;   /* results.json in Gradescope's format */
    const char *junit;        /* JUnit XML */
    const char *scores;       /* one line per section: slug points max */
    int hidden;               /* re-run random checks with a hidden seed */
    uint64_t hidden_seed;
    unsigned seed_count;      /* random checks on seeds seed .. seed+seed_count-1 */
    double section_budget;    /* seconds: one section's checks */
    double submission_budget; /* seconds: every compile and check of the run */
    double submission_deadline;
    const char *cache;        /* the grading cache (--cache), or NULL: none */
} options;

typedef enum { STATUS_DONE, STATUS_FAILING, STATUS_NOT_STARTED } section_status;

typedef struct {
    int passed;
    check_record record;
} check_result;

typedef struct {
    const section_def *def;
    section_status status;
    size_t check_count;
    size_t passed;
    check_result checks[MAX_CHECKS];
    int hidden_ran[MAX_CHECKS];       /* this check was re-run with the hidden seed */
    check_result hidden[MAX_CHECKS];
    char note[1024];                  /* e.g. the student's figure */
    double compile_seconds, check_seconds; /* where grading time goes */
} section_result;

/* "03_two_bone", "03" and "3" all name section 03. */
static int section_named(const char *name, const char *slug)
{
    size_t n = strlen(name);
    if (!strcmp(name, slug) || (n == 2 && !strncmp(name, slug, 2)))
        return 1;
    return n == 1 && slug[0] == '0' && name[0] == slug[1] && name[0] >= '1' && name[0] <= '9';
}

/* The student edition's differences (checker/classroom/edition.c), linked
 * into the export's checker only. */
int edition_own_dep(const char *dir, const char *work, const char *dep, char *path, size_t size, char *why,
                    size_t why_size) __attribute__((weak));
void edition_section_done(const char *slug, const char *const deps[], int passed, char *note, size_t note_size)
    __attribute__((weak));

/* ---- small file helpers ---------------------------------------------- */

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A graded file must be the student's own bytes: a regular file, not a
 * symbolic link, whose real path lies inside the submission folder. A link
 * to the reference solution would otherwise score its full marks, and one
 * to /etc/passwd would be quoted back in the compile errors. */
static int own_regular_file(const char *dir, const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    char real_dir[PATH_MAX], real_path[PATH_MAX];
    if (!realpath(dir, real_dir) || !realpath(path, real_path))
        return 0;
    size_t n = strlen(real_dir);
    return strncmp(real_path, real_dir, n) == 0 && real_path[n] == '/';
}

static int make_dirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return 0;
            *p = '/';
        }
    }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return 0;
    FILE *out = fopen(to, "wb");
    if (!out) {
        fclose(in);
        return 0;
    }
    char buf[8192];
    size_t n;
    int ok = 1;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            ok = 0;
    fclose(in);
    if (fclose(out) != 0)
        ok = 0;
    return ok;
}

static int file_contains(const char *path, const char *needle)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

/* ---- staging and compiling -------------------------------------------- */

/* Copies every reference header into work/stage/<slug>/, so the student's
 * file and the sections it includes see exactly the contract. */
static int stage_headers(const options *o)
{
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        char from_dir[4096], to_dir[4096];
        snprintf(from_dir, sizeof from_dir, "%s/%s", o->ref, SECTIONS[i].slug);
        snprintf(to_dir, sizeof to_dir, "%s/stage/%s", o->work, SECTIONS[i].slug);
        if (!make_dirs(to_dir))
            return 0;
        DIR *d = opendir(from_dir);
        if (!d)
            continue; /* a section not written yet */
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t len = strlen(e->d_name);
            if (len < 3 || strcmp(e->d_name + len - 2, ".h") != 0)
                continue;
            char from[8192], to[8192];
            snprintf(from, sizeof from, "%s/%s", from_dir, e->d_name);
            snprintf(to, sizeof to, "%s/%s", to_dir, e->d_name);
            if (!copy_file(from, to)) {
                closedir(d);
                return 0;
            }
        }
        closedir(d);
    }
    return 1;
}

/* Turns a linker's "undefined reference to `foo'" wall into names. */
static void name_missing_functions(const char *log, char *out, size_t out_size)
{
    size_t n = 0;
    out[0] = '\0';
    const char *p = log;
    while ((p = strstr(p, "undefined reference to `")) != NULL) {
        p += strlen("undefined reference to `");
        const char *end = strchr(p, '\'');
        if (!end)
            break;
        char name[128]; /* named in the student's source: safe text, one line */
        text_safe(name, sizeof name, p, (size_t)(end - p), 0, NULL);
        if (!strstr(out, name) && n + strlen(name) + 3 < out_size)
            n += (size_t)snprintf(out + n, out_size - n, "%s%s", n ? ", " : "", name);
        p = end;
    }
}

/* "-specs=<musl-gcc.specs>" when the runners can be built against musl:
 * caged runners (static) from the default gcc, with the musl glue that
 * make left in <objdir>/musl. Not for another compiler or sanitizers. */
static int musl_specs(const options *o, char *flag, size_t flag_size)
{
    if (!CHECK_ENV.sandbox || !(strcmp(o->cc, "cc") == 0 || strcmp(o->cc, "gcc") == 0))
        return 0;
    char path[4096], specs[4096];
    snprintf(path, sizeof path, "%s/musl/runner_main.o", o->objdir);
    if (!file_exists(path))
        return 0;
    snprintf(path, sizeof path, "%s/musl/specs", o->objdir);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int ok = fgets(specs, sizeof specs, f) != NULL;
    fclose(f);
    specs[strcspn(specs, "\n")] = '\0';
    if (!ok || !file_exists(specs))
        return 0;
    snprintf(flag, flag_size, "-specs=%s", specs);
    return 1;
}

/* ---- what a student's file may #include ----------------------------------
 * The compiler reads whatever the source names: "#include" of the reference
 * solution (or of a classmate's staged file during grade-all) would hand in
 * somebody else's code, and "#include </etc/passwd>" would print that file
 * back in the compile errors. The compile runs with -H, which makes the
 * preprocessor list every file it opened (macros and all); each must lie in
 * the workbook's include/, this run's stage/ (the section headers) or one of
 * the compiler's own system directories, or the section scores 0. */

#define MAX_SYSTEM_DIRS 24
static unsigned char g_cc_identity[32]; /* SHA-256 of the compiler's own -v words */
static char g_system_dirs[MAX_SYSTEM_DIRS][1024];
static int g_system_dir_count = -1;

/* The compiler's "#include <...> search starts here:" list, asked once. */
static void load_system_dirs(const options *o, const char *specs_flag)
{
    g_system_dir_count = 0;
    const char *argv[8];
    int argc = 0;
    argv[argc++] = o->cc;
    if (specs_flag)
        argv[argc++] = specs_flag;
    argv[argc++] = "-xc";
    argv[argc++] = "-E";
    argv[argc++] = "-v";
    argv[argc++] = "/dev/null";
    argv[argc] = NULL;
    spawn_request rq = {.argv = argv, .timeout_ms = (int)(COMPILE_LIMIT_S * 1000), .output_keep = 16384,
                        .output_limit = 1u << 20, .process_tree = 1};
    spawn_result rs;
    spawn_run(&rq, &rs);
    /* the same words name the compiler in the grading cache's keys: its
     * version, target, configuration and the cc1 it runs */
    sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, o->cc, strlen(o->cc) + 1);
    if (rs.output)
        sha256_update(&c, rs.output, rs.output_size);
    sha256_final(&c, g_cc_identity);
    const char *at = rs.output ? strstr(rs.output, "#include <...> search starts here:") : NULL;
    for (const char *line = at ? strchr(at, '\n') : NULL; line && g_system_dir_count < MAX_SYSTEM_DIRS;
         line = strchr(line, '\n')) {
        line++;
        if (*line != ' ')
            break; /* "End of search list." */
        char dir[1024];
        size_t n = strcspn(line + 1, "\n");
        snprintf(dir, sizeof dir, "%.*s", (int)n, line + 1);
        if (realpath(dir, g_system_dirs[g_system_dir_count]))
            g_system_dir_count++;
    }
    spawn_result_free(&rs);
    /* A compiler that does not print the list (a wrapper, say) must not
     * turn every <math.h> into a refusal: fall back to the usual prefix. */
    if (g_system_dir_count == 0)
        snprintf(g_system_dirs[g_system_dir_count++], sizeof g_system_dirs[0], "/usr");
}

static int path_is_under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return n > 0 && strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* The line after `line` in a NUL-terminated text, or NULL at the end. */
static const char *next_line(const char *line)
{
    const char *end = strchr(line, '\n');
    return end ? end + 1 : NULL;
}

/* Is `line` one of -H's "... path" lines? Returns the path or NULL. */
static const char *included_path(const char *line)
{
    if (line[0] != '.')
        return NULL;
    while (*line == '.')
        line++;
    return *line == ' ' ? line + 1 : NULL;
}

/* The first file the compile opened outside the allowed places, copied to
 * `out` (as the compiler spelled it); 0 when there is none. */
/* May a compile read `name`: in the workbook's include/, this run's stage/
 * or a system directory? A name that is no file at all is allowed only when
 * `missing_ok` (nothing can be read from it). */
static int path_allowed(const options *o, const char *name, int missing_ok)
{
    char include_dir[4096], stage_dir[4096], where[4096], real[PATH_MAX];
    if (!realpath(name, real))
        return missing_ok;
    snprintf(where, sizeof where, "%s/include", o->root);
    if (!realpath(where, include_dir))
        include_dir[0] = '\0';
    snprintf(where, sizeof where, "%s/stage", o->work);
    if (!realpath(where, stage_dir))
        stage_dir[0] = '\0';
    int allowed = path_is_under(real, include_dir) || path_is_under(real, stage_dir);
    for (int i = 0; !allowed && i < g_system_dir_count; i++)
        allowed = path_is_under(real, g_system_dirs[i]);
    return allowed;
}

static int include_outside(const options *o, const char *output, char *out, size_t out_size)
{
    for (const char *line = output; line && *line; line = next_line(line)) {
        const char *path = included_path(line);
        if (!path)
            continue;
        char name[4096];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(path, "\n"), path);
        if (!path_allowed(o, name, 0)) {
            snprintf(out, out_size, "%s", name);
            return 1;
        }
    }
    return 0;
}

/* A diagnostic quotes the line it is about from the file it names, and
 * "#line 1 \"<any path>\"" (or a "# 1 <path>" marker, however spelled:
 * digraphs, trigraphs, spliced lines) makes gcc name, and quote, any file:
 * the reference solution line by line. So every "<file>:<line>:" that
 * starts a line of the compiler's output must be a file the compile may
 * read (or none at all). */
static int diagnostic_outside(const options *o, const char *output, char *out, size_t out_size)
{
    for (const char *line = output; line && *line; line = next_line(line)) {
        size_t len = strcspn(line, "\n");
        if (line[0] == ' ' || included_path(line))
            continue; /* a quoted source line or caret, or -H's list */
        for (size_t i = 1; i + 2 < len; i++) {
            if (line[i] != ':' || line[i + 1] < '0' || line[i + 1] > '9')
                continue;
            size_t j = i + 1;
            while (j < len && line[j] >= '0' && line[j] <= '9')
                j++;
            if (j < len && (line[j] == ':' || line[j] == ',')) {
                char name[4096];
                snprintf(name, sizeof name, "%.*s", (int)i, line);
                const char *from = strstr(name, "from ");
                const char *file = from ? from + 5 : name; /* "In file included from x:3," */
                if (!path_allowed(o, file, 1)) {
                    snprintf(out, out_size, "%s", file);
                    return 1;
                }
            }
            break; /* only the first "<file>:<n>" of a line names its file */
        }
    }
    return 0;
}

/* The assembler reads files too: ".incbin" and ".include" in an asm
 * statement are beyond the preprocessor's -H. With -Wa,--MD the assembler
 * names what it read; anything but the source itself is outside. When it
 * fails it writes no list, but its errors name the file they are about
 * ("/etc/passwd:13: Error: ...", quoting its lines): any file other than
 * its own input "{standard input}" counts too. */
/* Is `path` the submission's own: its staged source (full or base name,
 * as gcc's .file directive names it) or a file in its stage folder (the
 * assembly clang hands to GNU as)? */
static int own_assembler_input(const char *path, size_t len, const char *source, const char *stage_dir)
{
    const char *base = strrchr(source, '/') ? strrchr(source, '/') + 1 : source;
    size_t dir_len = strlen(stage_dir);
    if ((len == strlen(source) && strncmp(path, source, len) == 0) ||
        (len == strlen(base) && strncmp(path, base, len) == 0))
        return 1;
    if (!(len > dir_len + 1 && strncmp(path, stage_dir, dir_len) == 0 && path[dir_len] == '/'))
        return 0;
    /* a plain name right in the stage folder: not a sub-folder, "." or ".." */
    const char *leaf = path + dir_len + 1;
    size_t leaf_len = len - dir_len - 1;
    return !memchr(leaf, '/', leaf_len) && !(leaf_len == 1 && leaf[0] == '.') &&
           !(leaf_len == 2 && leaf[0] == '.' && leaf[1] == '.');
}

static int assembler_read_outside(const char *output, const char *deps_path, const char *source,
                                  const char *stage_dir, char *out, size_t out_size)
{
    /* Every line the assembler wrote names its file: the header
     * "<file>: Assembler messages:" once, then "<file>:<line>: Error: ..."
     * (capitalized, no column: the compiler's own say "error:" with a
     * column). The header alone is not enough: after one error in the
     * student's file, an .include'd file's lines would follow under it. */
    static const char *const kinds[] = {": Error: ", ": Warning: ", ": Fatal error: ", ": Info: "};
    for (const char *line = output; line && *line; line = next_line(line)) {
        size_t len = strcspn(line, "\n"), name_len = 0;
        const char *tail = ": Assembler messages:";
        size_t tail_len = strlen(tail);
        if (len > tail_len && strncmp(line + len - tail_len, tail, tail_len) == 0)
            name_len = len - tail_len;
        for (size_t k = 0; !name_len && k < sizeof kinds / sizeof kinds[0]; k++) {
            const char *hit = strstr(line, kinds[k]);
            if (!hit || hit >= line + len)
                continue;
            const char *digits = hit;
            while (digits > line && digits[-1] >= '0' && digits[-1] <= '9')
                digits--;
            if (digits < hit && digits > line && digits[-1] == ':')
                name_len = (size_t)(digits - 1 - line);
        }
        if (name_len && strncmp(line, "{standard input}", 16) != 0 &&
            !own_assembler_input(line, name_len, source, stage_dir)) {
            snprintf(out, out_size, "%.*s", (int)name_len, line);
            return 1;
        }
    }
    /* "target.o: read-file ... source.c", maybe over several lines, with
     * make's escapes: "\ " is a space inside a name, "\" + newline goes on */
    FILE *f = fopen(deps_path, "r");
    if (!f)
        return 0;
    char word[4096];
    size_t len = 0;
    int found = 0, in_target = 1, c;
    do {
        c = fgetc(f);
        if (c == '\\') {
            int next = fgetc(f);
            if (next == ' ' || next == '\\' || next == '#') {
                if (len + 1 < sizeof word)
                    word[len++] = (char)next;
                continue;
            }
            if (next == '\n')
                c = ' ';
            else if (next != EOF)
                ungetc(next, f);
        }
        if (c == EOF || c == ' ' || c == '\t' || c == '\n') {
            if (len == 0)
                continue;
            word[len] = '\0';
            len = 0;
            if (in_target) { /* the object file, up to its ':' */
                in_target = word[strlen(word) - 1] != ':';
                continue;
            }
            if (!own_assembler_input(word, strlen(word), source, stage_dir)) {
                snprintf(out, out_size, "%s", word);
                found = 1;
            }
        } else if (len + 1 < sizeof word) {
            word[len++] = (char)c;
        }
    } while (c != EOF && !found);
    fclose(f);
    return found;
}

/* `text` with every `from` replaced by `to`, cut to fit. */
static void replace_all(const char *text, const char *from, const char *to, char *out, size_t out_size)
{
    size_t n = 0, from_len = strlen(from), to_len = strlen(to);
    while (*text && n + 1 < out_size) {
        if (from_len && strncmp(text, from, from_len) == 0 && n + to_len + 1 < out_size) {
            memcpy(out + n, to, to_len);
            n += to_len;
            text += from_len;
        } else {
            out[n++] = *text++;
        }
    }
    out[n] = '\0';
}

/* The compiler's output without -H's lists, for the student to read. */
static void without_include_lists(const char *output, char *out, size_t out_size)
{
    size_t n = 0;
    int guard_list = 0;
    out[0] = '\0';
    for (const char *line = output; line && *line; line = next_line(line)) {
        size_t len = strcspn(line, "\n");
        if (strncmp(line, "Multiple include guards may be useful for:", 42) == 0) {
            guard_list = 1;
            continue;
        }
        /* the guard list is bare paths; a diagnostic has a ':' */
        if (included_path(line) || (guard_list && !memchr(line, ':', len)))
            continue;
        guard_list = 0;
        if (n + len + 2 >= out_size)
            break;
        memcpy(out + n, line, len);
        n += len;
        out[n++] = '\n';
        out[n] = '\0';
    }
}

/* Sanitized builds run (and compile) several times slower. */
static double budget_scale(const options *o)
{
    for (int i = 0; i < o->flag_count; i++)
        if (strstr(o->flags[i], "-fsanitize"))
            return SANITIZED_SCALE;
    return 1.0;
}

/* This compile's wall-clock limit: its own, cut to what is left of the
 * submission's budget. */
static double compile_limit(const options *o)
{
    double limit = COMPILE_LIMIT_S * budget_scale(o);
    double left = o->submission_deadline - check_clock();
    return left < limit ? left : limit;
}

/* Did the compiler die of its cage (memory, file size, CPU) rather than of
 * an error in the code? gcc's driver names a killed cc1 or as that way. */
static int compiler_hit_limit(const spawn_result *rs)
{
    static const char *const signs[] = {"terminated program", "out of memory", "memory exhausted",
                                        "File size limit", "virtual memory exhausted", "cannot allocate"};
    if (rs->end == SPAWN_EXITED && rs->exit_code >= 128)
        return 1; /* the guardian saw the driver itself killed by a signal */
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (rs->output && strstr(rs->output, signs[i]))
            return 1;
    return 0;
}

/* ---- the grading cache (--cache DIR) --------------------------------------
 * Regrading a class recompiles nothing that did not change. A runner is
 * named by the SHA-256 of everything that goes into it: the compiler's
 * identity (its -v words: version, target, configuration), every argument
 * of the compile, the bytes of every file an argument names (the student's
 * staged source, the trusted objects, the specs file), every file in the
 * -I folders and the stage (see runner_key), the checker's own binary (so
 * a changed suite, message or cage misses) and whether runners are caged.
 * A failed compile is kept as its record (its message), a good one as the
 * runner.
 * Only what the inputs decide is kept: a compile cut by a time or memory
 * limit, or a check that timed out or could not start its runner, depends
 * on the machine's load and is done again next time.
 *
 * A section's results are kept too, named by the runner's hash, the seed
 * (visible, or the hidden one for the hidden re-run), the budgets, the
 * language and the data files the suites read: the same file graded again
 * with the same seed (the untouched stub of every student, a regrade after
 * a fix elsewhere) runs no check. A section's figure files (05, 06) are
 * kept beside its results and put back. The cache is the instructor's:
 * runners cannot open files and a compile may read only include/, the
 * stage and the system headers (see include_outside), so a submission
 * cannot read or plant an entry. grade_all bounds its size (oldest out). */

static unsigned char g_self_digest[32];
static int g_self_hashed;
static unsigned char g_data_digest[32];
static int g_data_hashed;
static struct {
    int runners_reused, runners_compiled, results_reused, results_run;
} g_cache_stats;

static void hash_bytes(sha256_ctx *c, const void *p, size_t n)
{
    uint64_t len = n;
    sha256_update(c, &len, sizeof len);
    sha256_update(c, p, n);
}

static void hash_text(sha256_ctx *c, const char *text) { hash_bytes(c, text, strlen(text)); }

/* The file's bytes (length first), or a mark that it is not a readable
 * regular file. Returns 1 when it was a regular file. */
static int hash_file_at(sha256_ctx *c, const char *path, int follow)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0)
            close(fd);
        hash_text(c, "<not a file>");
        return 0;
    }
    uint64_t len = (uint64_t)st.st_size;
    sha256_update(c, &len, sizeof len);
    char buf[65536];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        sha256_update(c, buf, (size_t)n);
    close(fd);
    return 1;
}

static int hash_file(sha256_ctx *c, const char *path) { return hash_file_at(c, path, 0); }

static int not_dot(const struct dirent *e) { return e->d_name[0] != '.'; }

/* Every regular file of a folder in name order (its path from `dir` with
 * it), and with `recurse` its folders' too; `suffix` keeps only names
 * ending so. A folder holding no such file adds nothing: the compiler's
 * tmp/ folder exists or not depending on whether that section compiled. */
static void hash_dir_at(sha256_ctx *c, const char *dir, const char *rel, const char *suffix, int recurse,
                        const char *const *skip)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, not_dot, alphasort);
    for (int i = 0; i < n; i++) {
        char path[4096], name[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        snprintf(name, sizeof name, "%s%s%s", rel, rel[0] ? "/" : "", names[i]->d_name);
        size_t len = strlen(names[i]->d_name), sl = suffix ? strlen(suffix) : 0;
        int skipped = 0;
        for (int k = 0; skip && skip[k]; k++)
            skipped |= !strcmp(names[i]->d_name, skip[k]);
        struct stat st;
        if (skipped) {
            /* left out: see runner_key */
        } else if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (recurse)
                hash_dir_at(c, path, name, suffix, recurse, skip);
        } else if (S_ISREG(st.st_mode) && (!suffix || (len >= sl && !strcmp(names[i]->d_name + len - sl, suffix)))) {
            hash_text(c, name);
            hash_file(c, path);
        }
        free(names[i]);
    }
    free(names);
}

static void hash_dir(sha256_ctx *c, const char *dir, const char *suffix, int recurse, const char *const *skip)
{
    hash_dir_at(c, dir, "", suffix, recurse, skip);
    hash_text(c, "<end of folder>");
}

/* The checker's own version: its binary, suites, messages and cage. */
static const unsigned char *self_digest(void)
{
    if (!g_self_hashed) {
        sha256_ctx c;
        sha256_init(&c);
        hash_file_at(&c, "/proc/self/exe", 1); /* a link to the binary */
        sha256_final(&c, g_self_digest);
        g_self_hashed = 1;
    }
    return g_self_digest;
}

/* The data files the suites read (the motion capture clip). */
static const unsigned char *data_digest(const options *o)
{
    if (!g_data_hashed) {
        sha256_ctx c;
        char dir[4096];
        sha256_init(&c);
        snprintf(dir, sizeof dir, "%s/checker/data", o->root);
        hash_dir(&c, dir, NULL, 1, NULL);
        sha256_final(&c, g_data_digest);
        g_data_hashed = 1;
    }
    return g_data_digest;
}

/* The runner's name. Paths inside this run's work folder are hashed as
 * "@WORK@/...": the same file graded in another student's work folder (the
 * untouched stub, a copy) names the same runner, and a regrade in a new
 * work folder finds it. What the compile could read there is hashed by
 * content: the whole stage (every section's staged header and the sources
 * staged so far, which a file may include), but not what compiling leaves
 * behind (runner, as.d, tmp/), which a kept runner does not. */
static void runner_key(const options *o, const char *const *argv, char key[65])
{
    sha256_ctx c;
    sha256_init(&c);
    hash_text(&c, "runner v1");
    sha256_update(&c, self_digest(), 32);
    sha256_update(&c, g_cc_identity, 32);
    hash_text(&c, CHECK_ENV.sandbox ? "caged" : "uncaged");
    size_t work_len = strlen(o->work);
    for (int i = 0; argv[i]; i++) {
        const char *a = argv[i], *in = strstr(a, o->work);
        char shown[4200];
        if (in && (in[work_len] == '/' || in[work_len] == '\0'))
            snprintf(shown, sizeof shown, "%.*s@WORK@%s", (int)(in - a), a, in + work_len);
        else
            snprintf(shown, sizeof shown, "%s", a);
        hash_text(&c, shown);
        if (!strncmp(a, "-I", 2))
            hash_dir(&c, a + 2, NULL, 0, (const char *const[]){"runner", "as.d", "tmp", NULL});
        else if (!strncmp(a, "-specs=", 7))
            hash_file(&c, a + 7);
        else
            hash_file(&c, a);
    }
    char stage[4096];
    snprintf(stage, sizeof stage, "%s/stage", o->work);
    hash_dir(&c, stage, NULL, 1, (const char *const[]){"runner", "as.d", "tmp", NULL});
    unsigned char d[32];
    sha256_final(&c, d);
    sha256_hex(d, key);
}

/* A failed compile's record quotes the student's path and may quote the
 * stage's: kept under the runner's name with both. */
static void compile_key(const options *o, const char *runner, char key[65])
{
    sha256_ctx c;
    sha256_init(&c);
    hash_text(&c, "compile v1");
    hash_text(&c, runner);
    hash_text(&c, o->work);
    hash_text(&c, o->dir);
    hash_text(&c, msg(MSG_COMPILE_ERROR)); /* the language */
    unsigned char d[32];
    sha256_final(&c, d);
    sha256_hex(d, key);
}

static void results_key(const options *o, const char *runner, const char *what, uint64_t seed, const int *only,
                        size_t count, char key[65])
{
    sha256_ctx c;
    sha256_init(&c);
    hash_text(&c, "results v1");
    hash_text(&c, runner);
    hash_text(&c, what);
    sha256_update(&c, self_digest(), 32);
    sha256_update(&c, data_digest(o), 32);
    uint64_t numbers[5] = {seed, o->seed_count, (uint64_t)CHECK_ENV.timeout_ms, (uint64_t)(o->section_budget * 1000),
                           (uint64_t)CHECK_ENV.plot_defer};
    sha256_update(&c, numbers, sizeof numbers);
    /* whether figures are drawn, not where: the note names the place as
     * @PLOT@ (see cache_put_results) */
    hash_text(&c, o->plot_dir ? "<figures>" : "<no figures>");
    hash_text(&c, msg(MSG_COMPILE_ERROR)); /* the language */
    for (size_t i = 0; only && i < count; i++)
        sha256_update(&c, &only[i], sizeof only[i]);
    unsigned char d[32];
    sha256_final(&c, d);
    sha256_hex(d, key);
}

static void cache_path(const options *o, const char *kind, const char *key, char *out, size_t out_size)
{
    snprintf(out, out_size, "%s/%s/%.2s/%s", o->cache, kind, key, key);
}

/* A new entry is written beside its place and renamed into it: a reader
 * (a parallel job) sees a whole entry or none. */
static FILE *cache_create(const options *o, const char *kind, const char *key, char *tmp, size_t tmp_size)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s/%.2s", o->cache, kind, key);
    if (!make_dirs(dir))
        return NULL;
    snprintf(tmp, tmp_size, "%s/.new.%s.XXXXXX", dir, key);
    int fd = mkstemp(tmp);
    return fd < 0 ? NULL : fdopen(fd, "wb");
}

static void cache_commit(const options *o, const char *kind, const char *key, FILE *f, const char *tmp, int ok)
{
    char path[4096];
    cache_path(o, kind, key, path, sizeof path);
    if (fclose(f) != 0 || !ok || rename(tmp, path) != 0)
        unlink(tmp);
}

static void put_u32(FILE *f, uint32_t v) { fwrite(&v, sizeof v, 1, f); }
static int get_u32(FILE *f, uint32_t *v) { return fread(v, sizeof *v, 1, f) == 1; }
static void put_blob(FILE *f, const void *p, size_t n)
{
    put_u32(f, (uint32_t)n);
    if (n)
        fwrite(p, 1, n, f);
}
/* A blob of at most cap bytes; text blobs get a NUL after them. */
static int get_blob(FILE *f, void *p, size_t cap, size_t *n, int text)
{
    uint32_t len;
    if (!get_u32(f, &len) || len + (size_t)text > cap || (len && fread(p, 1, len, f) != len))
        return 0;
    if (text)
        ((char *)p)[len] = '\0';
    *n = len;
    return 1;
}

static const uint32_t CACHE_MAGIC = 0x31434b49, CACHE_END = 0x21444e45; /* "IKC1", "END!" */

static void put_record(FILE *f, int passed, const check_record *r)
{
    put_u32(f, (uint32_t)passed);
    put_u32(f, (uint32_t)r->failed);
    put_u32(f, (uint32_t)r->used_rng);
    put_u32(f, (uint32_t)r->outcome);
    put_u32(f, (uint32_t)r->diag);
    put_blob(f, r->text, strlen(r->text));
    put_blob(f, r->printed, r->printed_size);
}

static int get_record(FILE *f, int *passed, check_record *r)
{
    uint32_t v[5];
    size_t n;
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 5; i++)
        if (!get_u32(f, &v[i]))
            return 0;
    if (v[0] > 1 || v[1] > 1 || v[2] > 1 || v[3] > OUTCOME_MISSING || v[4] >= DIAG_COUNT)
        return 0;
    *passed = (int)v[0];
    r->failed = (int)v[1];
    r->used_rng = (int)v[2];
    r->outcome = (check_outcome)v[3];
    r->diag = (diagnosis)v[4];
    return get_blob(f, r->text, sizeof r->text, &n, 1) && get_blob(f, r->printed, sizeof r->printed, &r->printed_size, 0);
}

static void cache_touch(const char *path) { utimensat(AT_FDCWD, path, NULL, 0); }

/* The compiler's identity is its -v words (load_system_dirs), which cost
 * a compiler run. With a cache they are kept under the name of the
 * compiler's file as found on PATH - its real path, inode, size and times,
 * any of which a reinstall changes - so a checker that compiles nothing
 * runs no compiler at all. */
static int g_cc_known;
static void compiler_identity(const options *o, const char *specs_flag)
{
    if (g_cc_known)
        return;
    char found[4096] = "", real[PATH_MAX], path[4096], key[65] = "";
    if (strchr(o->cc, '/'))
        snprintf(found, sizeof found, "%s", o->cc);
    else {
        const char *dirs = getenv("PATH");
        while (dirs && *dirs && !found[0]) {
            size_t n = strcspn(dirs, ":");
            snprintf(path, sizeof path, "%.*s/%s", (int)n, dirs, o->cc);
            if (access(path, X_OK) == 0)
                snprintf(found, sizeof found, "%s", path);
            dirs += n + (dirs[n] == ':');
        }
    }
    struct stat st;
    if (o->cache && found[0] && realpath(found, real) && stat(real, &st) == 0) {
        sha256_ctx c;
        unsigned char d[32];
        sha256_init(&c);
        hash_text(&c, "compiler v1");
        hash_text(&c, o->cc);
        hash_text(&c, real);
        uint64_t facts[6] = {(uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
                             (uint64_t)st.st_mtim.tv_sec * 1000000000u + (uint64_t)st.st_mtim.tv_nsec,
                             (uint64_t)st.st_ctim.tv_sec * 1000000000u + (uint64_t)st.st_ctim.tv_nsec, 0};
        sha256_update(&c, facts, sizeof facts);
        hash_text(&c, specs_flag ? specs_flag : "<no specs>");
        if (specs_flag)
            hash_file(&c, specs_flag + strlen("-specs="));
        sha256_final(&c, d);
        sha256_hex(d, key);
        cache_path(o, "compiler", key, path, sizeof path);
        FILE *f = fopen(path, "rb");
        int ok = f && fread(g_cc_identity, 1, 32, f) == 32 && fgetc(f) == EOF;
        if (f)
            fclose(f);
        if (ok) {
            g_cc_known = 1;
            return;
        }
    }
    load_system_dirs(o, specs_flag);
    g_cc_known = 1;
    char tmp[4200];
    FILE *f = key[0] ? cache_create(o, "compiler", key, tmp, sizeof tmp) : NULL;
    if (f)
        cache_commit(o, "compiler", key, f, tmp, fwrite(g_cc_identity, 1, 32, f) == 32);
}

/* 1: a kept runner, copied to `runner`; 0: a kept failed compile, in
 * `record`; -1: not kept. */
static int cache_get_compile(const options *o, const char *key, const char *runner, check_record *record)
{
    char path[4096];
    cache_path(o, "runner", key, path, sizeof path);
    if (file_exists(path) && copy_file(path, runner)) {
        chmod(runner, 0755);
        cache_touch(path);
        return 1;
    }
    char failed_key[65];
    compile_key(o, key, failed_key);
    cache_path(o, "compile", failed_key, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint32_t magic = 0, end = 0;
    int passed, ok = get_u32(f, &magic) && magic == CACHE_MAGIC && get_record(f, &passed, record) &&
                     get_u32(f, &end) && end == CACHE_END;
    fclose(f);
    if (!ok)
        return -1;
    cache_touch(path);
    return 0;
}

static void cache_put_compile(const options *o, const char *key, const char *runner, const check_record *record)
{
    char tmp[4200], failed_key[65];
    compile_key(o, key, failed_key);
    if (!runner)
        key = failed_key;
    FILE *f = cache_create(o, runner ? "runner" : "compile", key, tmp, sizeof tmp);
    if (!f)
        return;
    int ok = 1;
    if (runner) {
        FILE *in = fopen(runner, "rb");
        char buf[65536];
        size_t n;
        ok = in != NULL;
        while (in && (n = fread(buf, 1, sizeof buf, in)) > 0)
            ok &= fwrite(buf, 1, n, f) == n;
        if (in)
            fclose(in);
    } else {
        put_u32(f, CACHE_MAGIC);
        put_record(f, 0, record);
        put_u32(f, CACHE_END);
    }
    cache_commit(o, runner ? "runner" : "compile", key, f, tmp, ok);
}

/* Results a rerun might not repeat: the machine's load decides them. */
static int results_repeatable(const check_result *r, size_t count, const int *only)
{
    for (size_t i = 0; i < count; i++)
        if ((!only || only[i]) &&
            (r[i].record.outcome == OUTCOME_TIMED_OUT || r[i].record.outcome == OUTCOME_NOT_STARTED))
            return 0;
    return 1;
}

/* The files a section's figure wrote into plot_dir this run: its slug's. */
#define MAX_FIGURE_FILES 4
static void cache_put_results(const options *o, const char *key, const section_result *sr, const check_result *r,
                              const char *note, double figure_start)
{
    char tmp[4200];
    FILE *f = cache_create(o, "results", key, tmp, sizeof tmp);
    if (!f)
        return;
    put_u32(f, CACHE_MAGIC);
    put_u32(f, (uint32_t)sr->check_count);
    for (size_t i = 0; i < sr->check_count; i++)
        put_record(f, r[i].passed, &r[i].record);
    char kept_note[2048] = "";
    if (note && o->plot_dir)
        replace_all(note, o->plot_dir, "@PLOT@", kept_note, sizeof kept_note);
    else if (note)
        snprintf(kept_note, sizeof kept_note, "%s", note);
    put_blob(f, kept_note, strlen(kept_note));
    int ok = 1;
    char names[MAX_FIGURE_FILES][256];
    int files = 0;
    size_t slug_len = strlen(sr->def->slug);
    DIR *d = note && o->plot_dir ? opendir(o->plot_dir) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", o->plot_dir, e->d_name);
        if (strncmp(e->d_name, sr->def->slug, slug_len) || e->d_name[slug_len] != '_' || lstat(path, &st) != 0 ||
            !S_ISREG(st.st_mode) || (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9 < figure_start)
            continue;
        if (files == MAX_FIGURE_FILES || st.st_size > (1 << 20))
            ok = 0; /* not what a figure writes: keep nothing */
        else
            snprintf(names[files++], sizeof names[0], "%s", e->d_name);
    }
    if (d)
        closedir(d);
    put_u32(f, (uint32_t)files);
    for (int k = 0; ok && k < files; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", o->plot_dir, names[k]);
        FILE *in = fopen(path, "rb");
        static char data[1 << 20];
        size_t n = in ? fread(data, 1, sizeof data, in) : 0;
        ok &= in != NULL;
        if (in)
            fclose(in);
        put_blob(f, names[k], strlen(names[k]));
        put_blob(f, data, n);
    }
    put_u32(f, CACHE_END);
    cache_commit(o, "results", key, f, tmp, ok);
}

static int cache_get_results(const options *o, const char *key, const section_result *sr, check_result *r,
                             char *note, size_t note_size)
{
    char path[4096];
    cache_path(o, "results", key, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    static check_result got[MAX_CHECKS];
    static char data[1 << 20];
    char names[MAX_FIGURE_FILES][256];
    static char datas_note[2048];
    size_t sizes[MAX_FIGURE_FILES];
    uint32_t magic = 0, count = 0, files = 0, end = 0;
    size_t n;
    int ok = get_u32(f, &magic) && magic == CACHE_MAGIC && get_u32(f, &count) && count == sr->check_count;
    for (size_t i = 0; ok && i < count; i++)
        ok = get_record(f, &got[i].passed, &got[i].record);
    ok = ok && get_blob(f, datas_note, sizeof datas_note, &n, 1) && get_u32(f, &files) && files <= MAX_FIGURE_FILES;
    /* figure files: read all before writing any */
    long data_at = ok ? ftell(f) : -1;
    for (uint32_t k = 0; ok && k < files; k++)
        ok = get_blob(f, names[k], sizeof names[k], &n, 1) && !strchr(names[k], '/') &&
             get_blob(f, data, sizeof data, &sizes[k], 0);
    ok = ok && get_u32(f, &end) && end == CACHE_END && (files == 0 || o->plot_dir);
    if (ok && files && fseek(f, data_at, SEEK_SET) == 0) {
        for (uint32_t k = 0; ok && k < files; k++) {
            ok = get_blob(f, names[k], sizeof names[k], &n, 1) && get_blob(f, data, sizeof data, &sizes[k], 0);
            char out[4096];
            snprintf(out, sizeof out, "%s/%s", o->plot_dir, names[k]);
            /* the same bytes already there (a regrade) are left alone, so
             * grade_all sees the figure drawn from them is up to date */
            static char old[1 << 20];
            FILE *r0 = ok ? fopen(out, "rb") : NULL;
            size_t old_size = r0 ? fread(old, 1, sizeof old, r0) : 0;
            int same = r0 && old_size == sizes[k] && fgetc(r0) == EOF && !memcmp(old, data, sizes[k]);
            if (r0)
                fclose(r0);
            if (same)
                continue;
            FILE *w = ok ? fopen(out, "wb") : NULL;
            ok = w && fwrite(data, 1, sizes[k], w) == sizes[k];
            if (w)
                ok &= fclose(w) == 0;
        }
    }
    fclose(f);
    if (!ok)
        return 0;
    memcpy(r, got, sizeof got[0] * count);
    if (note && o->plot_dir)
        replace_all(datas_note, "@PLOT@", o->plot_dir, note, note_size);
    else if (note)
        snprintf(note, note_size, "%s", datas_note);
    cache_touch(path);
    return 1;
}

/* Compiles one section's runner. Returns 1 on success; otherwise fills
 * `record` with what the student needs to see. */
static int compile_section(const options *o, const section_def *s, char *runner, size_t runner_size,
                           check_record *record, char key[65])
{
    key[0] = '\0';
    char src[1024], staged[4096];
    snprintf(src, sizeof src, "%s/%s/%s", o->dir, s->slug, s->source);
    snprintf(staged, sizeof staged, "%s/stage/%s/%s", o->work, s->slug, s->source);
    snprintf(runner, runner_size, "%s/stage/%s/runner", o->work, s->slug);
    /* the submission's folder names are the student's bytes: every message
     * below quotes them as one line of safe text (text.h) */
    char src_shown[2048];
    text_safe_str(src_shown, sizeof src_shown, src, 0);
    memset(record, 0, sizeof *record);
    record->failed = 1;

    if (!file_exists(src)) {
        record->outcome = OUTCOME_MISSING;
        snprintf(record->text, sizeof record->text, msg(MSG_MISSING_FILE), src_shown, s->slug, s->source);
        return 0;
    }
    if (!own_regular_file(o->dir, src)) {
        record->outcome = OUTCOME_NO_COMPILE;
        snprintf(record->text, sizeof record->text, msg(MSG_NOT_OWN_FILE), src_shown);
        return 0;
    }
    if (!copy_file(src, staged)) {
        record->outcome = OUTCOME_MISSING;
        snprintf(record->text, sizeof record->text, msg(MSG_UNREADABLE_FILE), src_shown);
        return 0;
    }

    char include_root[4096], include_stage[4096], ops_obj[4096], main_obj[4096], common_lib[4096];
    char deps[MAX_DEPS][4096], specs_flag[4200];
    /* musl when make built the runner glue for it (see the Makefile): the
     * same gcc, pointed at musl's headers and libc by its specs file. */
    const char *objdir = o->objdir;
    char musl_objdir[4096];
    if (musl_specs(o, specs_flag, sizeof specs_flag)) {
        snprintf(musl_objdir, sizeof musl_objdir, "%s/musl", o->objdir);
        objdir = musl_objdir;
    }
    snprintf(include_root, sizeof include_root, "-I%s/include", o->root);
    snprintf(include_stage, sizeof include_stage, "-I%s/stage/%s", o->work, s->slug);
    snprintf(ops_obj, sizeof ops_obj, "%s/ops/%s.o", objdir, s->slug);
    snprintf(main_obj, sizeof main_obj, "%s/runner_main.o", objdir);
    snprintf(common_lib, sizeof common_lib, "%s/libcommon.a", objdir);

    const char *argv[64];
    int argc = 0;
    argv[argc++] = o->cc;
    if (objdir == musl_objdir)
        argv[argc++] = specs_flag;
    argv[argc++] = "-std=c11";
    argv[argc++] = "-fno-math-errno"; /* as the Makefile: same results, no errno */
    /* -O0 and no -g: compiling dominates grading a class, and these are
     * small batches (MEMCHECK adds -g through its flags) */
    argv[argc++] = "-O0";
    argv[argc++] = "-pipe";
    /* gold links a static runner ~30 % faster than bfd; both are binutils'.
     * GCC would also load its LTO plugin into the linker for every runner
     * (there is no LTO here): skipping it saved ~3 ms CPU a link, measured.
     * clang does not know the flag and would warn. */
    if (access("/usr/bin/ld.gold", X_OK) == 0) {
        argv[argc++] = "-fuse-ld=gold";
        if (!strstr(o->cc, "clang"))
            argv[argc++] = "-fno-use-linker-plugin";
    }
    argv[argc++] = "-Wall";
    argv[argc++] = "-Wextra";
    argv[argc++] = "-fdiagnostics-color=never";
    argv[argc++] = "-H"; /* list every file opened: see include_outside */
    char as_deps[4200];
    snprintf(as_deps, sizeof as_deps, "%s/stage/%s/as.d", o->work, s->slug);
    unlink(as_deps);
    /* clang's built-in assembler would read .incbin/.include files without
     * listing them: have clang hand its assembly to GNU as like gcc does.
     * It writes that assembly to a temporary file, kept in the stage (see
     * tmpdir below), which assembler_read_outside counts as the student's. */
    if (strstr(o->cc, "clang"))
        argv[argc++] = "-fno-integrated-as";
    /* -Xassembler, not -Wa,--MD,<path>: -Wa splits its argument at every
     * comma, and a work folder may be named after a student "a,b" */
    argv[argc++] = "-Xassembler";
    argv[argc++] = "--MD";
    argv[argc++] = "-Xassembler";
    argv[argc++] = as_deps;
    if (CHECK_ENV.sandbox) {
        argv[argc++] = "-static"; /* nothing to load at start: the cage forbids opening files */
        /* the runner's first instructions forbid exec (runner_main.c) */
        argv[argc++] = "-Wl,-e,runner_entry";
    }
    for (int i = 0; i < o->flag_count; i++)
        argv[argc++] = o->flags[i];
    argv[argc++] = include_root;
    argv[argc++] = include_stage;
    /* the student edition has no reference: the student's own sources
     * (checker/classroom/edition.c), before the graded file, so the
     * assembler's list checked below is the graded file's */
    int own_deps[MAX_DEPS] = {0};
    for (int i = 0; i < MAX_DEPS && s->deps[i]; i++) {
        snprintf(deps[i], sizeof deps[i], "%s/ref/%s.o", objdir, s->deps[i]);
        if (!file_exists(deps[i]) && edition_own_dep &&
            !(own_deps[i] = edition_own_dep(o->dir, o->work, s->deps[i], deps[i], sizeof deps[i], record->text,
                                            sizeof record->text)))
            return record->outcome = OUTCOME_MISSING, 0;
        if (own_deps[i])
            argv[argc++] = deps[i];
    }
    argv[argc++] = staged;
    for (int i = 0; i < MAX_DEPS && s->deps[i]; i++)
        if (!own_deps[i])
            argv[argc++] = deps[i];
    argv[argc++] = ops_obj;
    argv[argc++] = main_obj;
    if (file_exists(common_lib))
        argv[argc++] = common_lib; /* the given helpers a section may call */
    argv[argc++] = "-lm";
    argv[argc++] = "-o";
    argv[argc++] = runner;
    argv[argc] = NULL;

    unlink(runner);
    if (o->cache) {
        compiler_identity(o, objdir == musl_objdir ? specs_flag : NULL);
        runner_key(o, argv, key);
        int kept = cache_get_compile(o, key, runner, record);
        if (kept >= 0) {
            g_cache_stats.runners_reused++;
            return kept;
        }
        g_cache_stats.runners_compiled++;
    }
    if (g_system_dir_count < 0)
        load_system_dirs(o, objdir == musl_objdir ? specs_flag : NULL);
    /* the compiler's temporary files go to a folder of this compile's own,
     * emptied if the compile is killed (spawn.h, process_tree) */
    char tmp_dir[4200];
    snprintf(tmp_dir, sizeof tmp_dir, "%s/stage/%s/tmp", o->work, s->slug);
    if (!make_dirs(tmp_dir)) /* then the stage folder itself, as before */
        snprintf(tmp_dir, sizeof tmp_dir, "%s/stage/%s", o->work, s->slug);
    double limit = compile_limit(o);
    if (limit < 0.05) {
        record->outcome = OUTCOME_TIMED_OUT;
        snprintf(record->text, sizeof record->text, msg(MSG_BUDGET_SUBMISSION_USED), o->submission_budget);
        return 0;
    }
    /* enough to keep -H's whole list (a few KB) beside the first errors */
    spawn_request rq = {.argv = argv, .timeout_ms = (int)(limit * 1000), .output_keep = 1u << 16,
                        .output_limit = 1u << 20, .tmpdir = tmp_dir,
                        .cpu_seconds = (int)limit + 1, .address_space = (size_t)COMPILE_MEMORY_MIB << 20,
                        .file_size = (size_t)COMPILE_OUTPUT_MIB << 20, .process_tree = 1, .output = runner};
    spawn_result rs;
    spawn_run(&rq, &rs);
    int ok = rs.end == SPAWN_EXITED && rs.exit_code == 0 && file_exists(runner);
    char outside[1024];
    /* A list cut short cannot be vouched for: only a file that includes
     * hundreds of headers gets here. */
    int unchecked = ok && rs.output_total > rs.output_size;
    if (include_outside(o, rs.output, outside, sizeof outside) ||
        diagnostic_outside(o, rs.output, outside, sizeof outside) ||
        assembler_read_outside(rs.output, as_deps, staged, tmp_dir, outside, sizeof outside) || unchecked) {
        unlink(runner);
        record->outcome = OUTCOME_NO_COMPILE;
        char outside_shown[2048]; /* a name the student's source chose */
        text_safe_str(outside_shown, sizeof outside_shown, outside, 0);
        snprintf(record->text, sizeof record->text, msg(MSG_INCLUDE_OUTSIDE), src_shown,
                 unchecked ? "(too many #include lines to check)" : outside_shown);
        if (key[0] && rs.end == SPAWN_EXITED && !unchecked)
            cache_put_compile(o, key, NULL, record);
        spawn_result_free(&rs);
        return 0;
    }
    if (!ok) {
        record->outcome = OUTCOME_NO_COMPILE;
        char missing[512];
        name_missing_functions(rs.output, missing, sizeof missing);
        if (rs.end == SPAWN_FAILED)
            snprintf(record->text, sizeof record->text, msg(MSG_NO_COMPILER), o->cc);
        else if (rs.end == SPAWN_TIMED_OUT && limit < COMPILE_LIMIT_S * budget_scale(o))
            snprintf(record->text, sizeof record->text, msg(MSG_BUDGET_SUBMISSION_USED), o->submission_budget);
        else if (rs.end == SPAWN_TIMED_OUT)
            snprintf(record->text, sizeof record->text, msg(MSG_COMPILE_TIMEOUT), limit);
        else if (compiler_hit_limit(&rs)) {
            char listed[3000], shown[3000];
            without_include_lists(rs.output, listed, sizeof listed);
            text_safe_str(shown, sizeof shown, listed, TEXT_LINES | TEXT_CUT); /* as below */
            snprintf(record->text, sizeof record->text, msg(MSG_COMPILE_LIMITS), COMPILE_MEMORY_MIB, COMPILE_OUTPUT_MIB,
                     shown);
        } else if (missing[0])
            snprintf(record->text, sizeof record->text, msg(MSG_LINK_MISSING), missing, src_shown);
        else {
            char listed[3000], named[3000], shown[3000];
            without_include_lists(rs.output, listed, sizeof listed);
            /* name the student's own file, not the staged copy: an editor
             * jumps to "file:line" and the copy is overwritten next run */
            replace_all(listed, staged, src_shown, named, sizeof named);
            /* The compiler quotes the student's lines byte for byte (a
             * comment saved in TIS-620, an escape in a string): shown as
             * safe text, and a cut above loses whole characters only. */
            text_safe_str(shown, sizeof shown, named, TEXT_LINES | TEXT_CUT);
            snprintf(record->text, sizeof record->text, msg(MSG_COMPILE_ERROR), shown);
        }
    } else if (CHECK_ENV.sandbox && !runner_elf_check(runner, "runner_entry", outside, sizeof outside)) {
        unlink(runner);
        ok = 0;
        record->outcome = OUTCOME_NO_COMPILE;
        snprintf(record->text, sizeof record->text, msg(MSG_RUNNER_REFUSED), src_shown, outside);
    } else {
        record->failed = 0;
        chmod(runner, 0755); /* run as nobody when the checker is root (spawn.c) */
    }
    /* kept when the code decided it, not the machine's load (see above) */
    if (key[0] && ok)
        cache_put_compile(o, key, runner, NULL);
    else if (key[0] && rs.end == SPAWN_EXITED && !compiler_hit_limit(&rs) && record->outcome == OUTCOME_NO_COMPILE)
        cache_put_compile(o, key, NULL, record);
    spawn_result_free(&rs);
    return ok;
}

/* ---- running a suite under CUnit -------------------------------------- */

static section_result *g_current;
static check_result *g_into;

static void on_test_start(const CU_pTest test, const CU_pSuite suite)
{
    (void)test;
    (void)suite;
    memset(&CHECK_RECORD, 0, sizeof CHECK_RECORD);
}

static void on_test_complete(const CU_pTest test, const CU_pSuite suite, const CU_pFailureRecord failure)
{
    (void)suite;
    for (size_t i = 0; i < g_current->check_count; i++) {
        if (strcmp(g_current->def->checks[i].name, test->pName) != 0)
            continue;
        check_result *r = &g_into[i];
        r->passed = failure == NULL;
        r->record = CHECK_RECORD;
        if (!r->passed && !r->record.failed) { /* a bare CUnit assertion */
            r->record.failed = 1;
            r->record.outcome = OUTCOME_WRONG;
            snprintf(r->record.text, sizeof r->record.text, "  %s (%s:%u)", failure->strCondition,
                     failure->strFileName, failure->uiLineNumber);
        }
    }
}

/* Runs the section's checks (all, or those flagged in `only`) as one CUnit
 * suite, recording each into `into`. Returns 0 when CUnit did not run
 * exactly what was registered - a checker bug, not a student's failure. */
static int run_checks(section_result *sr, check_result *into, const int *only)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 0;
    CU_pSuite suite = CU_add_suite(sr->def->slug, NULL, NULL);
    unsigned registered = 0;
    for (size_t i = 0; suite && i < sr->check_count; i++)
        if (!only || only[i]) {
            CU_add_test(suite, sr->def->checks[i].name, sr->def->checks[i].run);
            registered++;
        }
    CU_set_test_start_handler(on_test_start);
    CU_set_test_complete_handler(on_test_complete);
    g_current = sr;
    g_into = into;
    CU_run_suite(suite);
    /* Read the counters before cleanup: CU_cleanup_registry zeroes them. */
    unsigned run = CU_get_number_of_tests_run();
    unsigned failed = CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    unsigned passed = 0;
    for (size_t i = 0; i < sr->check_count; i++)
        if (!only || only[i])
            passed += (unsigned)into[i].passed;
    return run == registered && failed == registered - passed;
}

/* Runs the random checks that passed on the first seed again on the next
 * seed_count - 1 seeds (a fairness sweep: the reference must pass them
 * all); the first seed a check fails on replaces its result, named in the
 * message. Compiled once, so thousands of seeds cost only the checks. */
static int sweep_seeds(section_result *sr, unsigned seed_count)
{
    static check_result scratch[MAX_CHECKS];
    int only[MAX_CHECKS], ok = 1;
    uint64_t first = CHECK_ENV.seed;
    for (unsigned k = 1; k < seed_count; k++) {
        int any = 0;
        for (size_t i = 0; i < sr->check_count; i++)
            any |= only[i] = sr->checks[i].passed && sr->checks[i].record.used_rng;
        if (!any)
            break;
        CHECK_ENV.seed = first + k;
        memset(scratch, 0, sizeof scratch);
        ok &= run_checks(sr, scratch, only);
        for (size_t i = 0; i < sr->check_count; i++) {
            if (!only[i] || scratch[i].passed)
                continue;
            sr->checks[i] = scratch[i];
            char text[sizeof scratch[i].record.text];
            snprintf(text, sizeof text, "  (SEED=%llu)\n%s", (unsigned long long)CHECK_ENV.seed, scratch[i].record.text);
            snprintf(sr->checks[i].record.text, sizeof sr->checks[i].record.text, "%s", text);
        }
    }
    CHECK_ENV.seed = first;
    return ok;
}

/* ---- reporting --------------------------------------------------------- */

static const char *c_on(const options *o, const char *code) { return o->color ? code : ""; }

static const char *status_words(section_status s)
{
    switch (s) {
    case STATUS_DONE: return msg(MSG_STATUS_DONE);
    case STATUS_FAILING: return msg(MSG_STATUS_FAILING);
    case STATUS_NOT_STARTED: return msg(MSG_STATUS_NOT_STARTED);
    }
    return "?";
}

/* Columns a UTF-8 string takes on a terminal: Thai vowel and tone marks
 * (and other combining marks) sit on the letter before them. */
static int is_combining(unsigned cp)
{
    return cp == 0x0E31 || (cp >= 0x0E34 && cp <= 0x0E3A) || (cp >= 0x0E47 && cp <= 0x0E4E) ||
           (cp >= 0x0300 && cp <= 0x036F);
}

/* Decodes one UTF-8 character at p into *cp; returns its byte length. */
static int utf8_next(const unsigned char *p, unsigned *cp)
{
    int len = *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 1;
    unsigned v = len == 1 ? *p : len == 2 ? (*p & 0x1Fu) : len == 3 ? (*p & 0x0Fu) : (*p & 0x07u);
    for (int k = 1; k < len && p[k]; k++)
        v = (v << 6) | (p[k] & 0x3Fu);
    *cp = v;
    return len;
}

static int display_width(const char *text)
{
    int width = 0;
    unsigned cp;
    for (const unsigned char *p = (const unsigned char *)text; *p; p += utf8_next(p, &cp))
        width += !is_combining((utf8_next(p, &cp), cp));
    return width;
}

/* Prints `text`, cut with "…" so it takes at most `columns` columns. */
static void print_fitted(const char *text, int columns)
{
    if (display_width(text) <= columns) {
        fputs(text, stdout);
        return;
    }
    int used = 0;
    unsigned cp;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        int len = utf8_next(p, &cp);
        int width = !is_combining(cp);
        if (used + width > columns - 1) /* room for the ellipsis */
            break;
        fwrite(p, 1, (size_t)len, stdout);
        used += width;
        p += len;
    }
    /* a combining mark right after the cut still belongs to the last letter */
    fputs("…", stdout);
}

static const check_result *first_failure(const section_result *sr, size_t *index)
{
    for (size_t i = 0; i < sr->check_count; i++)
        if (!sr->checks[i].passed) {
            *index = i;
            return &sr->checks[i];
        }
    return NULL;
}

static void print_failure(const options *o, const section_result *sr, size_t i)
{
    const check_def *c = &sr->def->checks[i];
    const check_result *r = &sr->checks[i];
    printf("%s✗ %s › %s%s — %s\n", c_on(o, "\033[1;31m"), sr->def->slug, c->name, c_on(o, "\033[0m"),
           msg_is_english() ? c->title_en : c->title);
    /* Made safe where it came in; printed through text_safe once more, so
     * no byte the student chose can act on the terminal (belt and braces). */
    char text[sizeof r->record.text];
    text_safe_str(text, sizeof text, r->record.text, TEXT_LINES);
    printf("%s\n", text);
    printf(msg(MSG_REREAD), sr->def->chapter);
    printf("\n");
}

static void print_report(const options *o, section_result *results, size_t count)
{
    size_t done = 0, checks = 0, passed = 0;
    /* the folder's name may be a student's (grade_all): safe text, one line */
    char dir[4096];
    text_safe_str(dir, sizeof dir, o->dir, 0);
    printf(msg(MSG_CHECKING_FOLDER), dir);
    for (size_t s = 0; s < count; s++) {
        const section_result *sr = &results[s];
        const char *mark = sr->status == STATUS_DONE ? "✓" : "✗";
        const char *color = sr->status == STATUS_DONE ? "\033[32m" : sr->status == STATUS_FAILING ? "\033[31m" : "\033[33m";
        printf("  %s%s %-22s %2zu/%-2zu %s%s", c_on(o, color), mark, sr->def->slug, sr->passed, sr->check_count,
               status_words(sr->status), c_on(o, "\033[0m"));
        size_t i;
        const check_result *f = first_failure(sr, &i);
        if (f) {
            /* keep the row within 80 columns: the failure is shown in full below */
            printf(" — ");
            int row = 2 + 2 + 22 + 1 + 5 + 1 + display_width(status_words(sr->status)) + 3;
            const check_def *c = &sr->def->checks[i];
            /* a file that does not compile (or is missing) fails every check
             * for that one reason: say it rather than the first check's title */
            const char *why = f->record.outcome == OUTCOME_NO_COMPILE ? msg(MSG_ROW_NO_COMPILE)
                              : f->record.outcome == OUTCOME_MISSING  ? msg(MSG_ROW_MISSING)
                              : msg_is_english()                       ? c->title_en
                                                                       : c->title;
            print_fitted(why, 80 - row - 1); /* one spare column for wide glyphs */
        }
        printf("\n");
        done += sr->status == STATUS_DONE;
        checks += sr->check_count;
        passed += sr->passed;
    }
    const int width = 24; /* the whole line stays within 80 columns */
    int filled = checks ? (int)(passed * width / checks) : 0;
    printf("\n  %s [", msg(MSG_PROGRESS));
    for (int i = 0; i < width; i++)
        printf("%s", i < filled ? "#" : ".");
    printf("] ");
    printf(msg(MSG_PROGRESS_COUNTS), done, count, passed, checks);
    printf("\n\n");

    int shown = 0;
    for (size_t s = 0; s < count && !o->list_only; s++) {
        for (size_t i = 0; i < results[s].check_count; i++) {
            if (results[s].checks[i].passed || (shown && !o->show_all))
                continue;
            if (!shown)
                printf("%s\n", msg(MSG_FIRST_FAILURE));
            else
                printf("\n");
            print_failure(o, &results[s], i);
            if (!shown) {
                printf(msg(MSG_NEXT_STEP), dir, results[s].def->slug, results[s].def->source, results[s].def->slug);
                printf("\n");
            }
            shown++;
            if (!o->show_all)
                break;
        }
    }
    if (done == count) /* S=02 passing is not the whole workbook passing */
        printf("%s%s%s\n", c_on(o, "\033[1;32m"), msg(o->selected_count ? MSG_ALL_SELECTED_PASS : MSG_ALL_PASS),
               c_on(o, "\033[0m"));
    for (size_t s = 0; s < count && !o->list_only; s++)
        if (results[s].note[0])
            printf("\n%s\n", results[s].note);
}

static int write_results(const options *o, section_result *results, size_t count)
{
    FILE *f = fopen(o->results, "w");
    if (!f)
        return 0;
    for (size_t s = 0; s < count; s++) {
        const section_result *sr = &results[s];
        static const char *const STATUS_ID[] = {"done", "failing", "not_started"};
        fprintf(f, "section\t%s\t%s\t%zu\t%zu\t%.3f\t%.3f\n", sr->def->slug, STATUS_ID[sr->status], sr->passed,
                sr->check_count, sr->compile_seconds, sr->check_seconds);
        for (size_t i = 0; i < sr->check_count; i++) {
            const check_result *r = &sr->checks[i];
            fprintf(f, "check\t%s\t%s\t%s\t%s\t%s\t%s\n", sr->def->slug, sr->def->checks[i].name,
                    r->passed ? "pass" : "fail", r->passed ? "passed" : outcome_id(r->record.outcome),
                    r->passed ? "-" : diagnosis_id(r->record.diag), r->record.used_rng ? "random" : "fixed");
        }
    }
    return fclose(f) == 0;
}


/* ---- grading outputs ----------------------------------------------------- */

#define MAX_POINT_ROWS 256

typedef struct {
    char slug[64], check[64];
    double visible, hidden;
} point_row;

static point_row g_points[MAX_POINT_ROWS];
static int g_point_count;

/* The one points table: "section<TAB>check<TAB>visible<TAB>hidden". */
static int load_points(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    while (fgets(line, sizeof line, f) && g_point_count < MAX_POINT_ROWS) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        point_row *r = &g_points[g_point_count];
        if (sscanf(line, "%63s %63s %lf %lf", r->slug, r->check, &r->visible, &r->hidden) == 4)
            g_point_count++;
    }
    fclose(f);
    return 1;
}

static const point_row *points_for(const char *slug, const char *check)
{
    for (int i = 0; i < g_point_count; i++)
        if (!strcmp(g_points[i].slug, slug) && !strcmp(g_points[i].check, check))
            return &g_points[i];
    return NULL;
}

/* JSON string body: quotes, backslashes and every control character
 * escaped, so a student's printed bytes cannot break the file. Only valid
 * UTF-8 comes out, whatever it is given (the texts were made safe where
 * they came in; this is belt and braces): Gradescope reads the file with
 * Python's json, which refuses the whole file for one stray byte, so a
 * byte that is not UTF-8 is written as U+FFFD. */
static void json_string(FILE *f, const char *text)
{
    fputc('"', f);
    const unsigned char *p = (const unsigned char *)text;
    for (size_t left = strlen(text), len; left > 0; p += len, left -= len) {
        unsigned cp;
        len = text_decode(p, left, &cp, NULL);
        char utf8[4];
        if (cp == '"' || cp == '\\')
            fprintf(f, "\\%c", (int)cp);
        else if (cp == '\n')
            fputs("\\n", f);
        else if (cp == '\t')
            fputs("\\t", f);
        else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) /* C0, DEL, C1 */
            fprintf(f, "\\u%04x", cp);
        else
            fwrite(utf8, 1, text_encode(cp, utf8), f);
    }
    fputc('"', f);
}

/* XML text and attribute body: the five entities, and only valid UTF-8
 * (xmllint and JUnit readers refuse the file otherwise; a byte that is not
 * UTF-8 is written as U+FFFD). Characters XML 1.0 forbids even as "&#...;"
 * (C0 controls but tab and newline, U+FFFE, U+FFFF) and the others a
 * terminal or a viewer obeys are written as text_escape spells them, as the
 * terminal shows them. */
static void xml_text(FILE *f, const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    for (size_t left = strlen(text), len; left > 0; p += len, left -= len) {
        unsigned cp;
        len = text_decode(p, left, &cp, NULL);
        char shown[8];
        size_t shown_len;
        switch (cp) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            shown_len = text_escape(cp, TEXT_LINES, shown);
            if (shown_len == 0)
                shown_len = text_encode(cp, shown);
            fwrite(shown, 1, shown_len, f);
        }
    }
}

typedef struct {
    const check_result *result;
    const char *name;
    int hidden;
    double points, max;
} graded_check;

/* Visits every graded check (visible, then hidden) of a section. */
static int graded_checks(const section_result *sr, graded_check *out, int cap)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < sr->check_count && n < cap; i++) {
            const point_row *row = points_for(sr->def->slug, sr->def->checks[i].name);
            double max = row ? (pass ? row->hidden : row->visible) : 0.0;
            if (pass && max <= 0.0)
                continue;
            const check_result *r = pass ? &sr->hidden[i] : &sr->checks[i];
            int passed = pass ? (sr->hidden_ran[i] && r->passed) : r->passed;
            out[n++] = (graded_check){r, sr->def->checks[i].name, pass, passed ? max : 0.0, max};
        }
    return n;
}

static int write_gradescope(const options *o, section_result *results, size_t count, double seconds)
{
    FILE *f = fopen(o->gradescope, "w");
    if (!f)
        return 0;
    double score = 0, max = 0;
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        for (int k = 0; k < n; k++) {
            score += g[k].points;
            max += g[k].max;
        }
    }
    fprintf(f, "{\n  \"score\": %.2f,\n  \"max_score\": %.2f,\n  \"execution_time\": %.2f,\n  \"output\": ", score, max,
            seconds);
    char summary[512];
    snprintf(summary, sizeof summary, msg(MSG_GRADE_SUMMARY), count, score, max);
    json_string(f, summary);
    fprintf(f, ",\n  \"tests\": [");
    int first = 1;
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        int number = 0;
        for (int k = 0; k < n; k++) {
            const section_result *sr = &results[s];
            char name[256], num[32], out[8192];
            snprintf(name, sizeof name, "%s › %s%s", sr->def->slug, g[k].name, g[k].hidden ? " (hidden)" : "");
            snprintf(num, sizeof num, "%d.%d", atoi(sr->def->slug), ++number);
            int passed = g[k].points >= g[k].max && g[k].max > 0 ? 1 : (g[k].max == 0 ? g[k].result->passed : 0);
            if (passed)
                snprintf(out, sizeof out, "%s", msg(MSG_GRADE_PASSED));
            else {
                char reread[256], again[256];
                snprintf(reread, sizeof reread, msg(MSG_REREAD), sr->def->chapter);
                snprintf(again, sizeof again, msg(g[k].hidden ? MSG_REPRODUCE_HIDDEN : MSG_REPRODUCE), sr->def->slug);
                snprintf(out, sizeof out, "%s\n%s\n%s", g[k].result->record.text, reread, again);
            }
            fprintf(f, "%s\n    {\"name\": ", first ? "" : ",");
            first = 0;
            json_string(f, name);
            fprintf(f, ", \"number\": \"%s\", \"score\": %.2f, \"max_score\": %.2f, \"status\": \"%s\", \"output\": ", num,
                    g[k].points, g[k].max, passed ? "passed" : "failed");
            json_string(f, out);
            fprintf(f, ", \"visibility\": \"%s\"}", g[k].hidden ? "after_due_date" : "visible");
        }
    }
    fprintf(f, "\n  ]\n}\n");
    return fclose(f) == 0;
}

static int write_junit(const options *o, section_result *results, size_t count)
{
    FILE *f = fopen(o->junit, "w");
    if (!f)
        return 0;
    int tests = 0, failures = 0;
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        for (int k = 0; k < n; k++) {
            tests++;
            failures += g[k].hidden ? !(g[k].points > 0 || g[k].max == 0) : !g[k].result->passed;
        }
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ik-workbook\" tests=\"%d\" failures=\"%d\">\n",
            tests, failures);
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        int suite_failures = 0;
        for (int k = 0; k < n; k++)
            suite_failures += g[k].hidden ? !(g[k].points > 0 || g[k].max == 0) : !g[k].result->passed;
        fprintf(f, "  <testsuite name=\"");
        xml_text(f, results[s].def->slug);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\">\n", n, suite_failures);
        for (int k = 0; k < n; k++) {
            int failed = g[k].hidden ? !(g[k].points > 0 || g[k].max == 0) : !g[k].result->passed;
            fprintf(f, "    <testcase classname=\"");
            xml_text(f, results[s].def->slug);
            fprintf(f, "\" name=\"");
            xml_text(f, g[k].name);
            fprintf(f, "%s\"", g[k].hidden ? " (hidden)" : "");
            if (!failed) {
                fprintf(f, "/>\n");
                continue;
            }
            fprintf(f, ">\n      <failure message=\"%s\">", outcome_id(g[k].result->record.outcome));
            xml_text(f, g[k].result->record.text);
            fprintf(f, "</failure>\n    </testcase>\n");
        }
        fprintf(f, "  </testsuite>\n");
    }
    fprintf(f, "</testsuites>\n");
    return fclose(f) == 0;
}

/* "slug points max" per section, for the gradebook. */
static int write_scores(const options *o, section_result *results, size_t count)
{
    FILE *f = fopen(o->scores, "w");
    if (!f)
        return 0;
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        double got = 0, max = 0;
        for (int k = 0; k < n; k++) {
            got += g[k].points;
            max += g[k].max;
        }
        fprintf(f, "%s\t%.2f\t%.2f\n", results[s].def->slug, got, max);
    }
    return fclose(f) == 0;
}

/* ---- main -------------------------------------------------------------- */

static void usage(void)
{
    fprintf(stderr,
            "usage: checker [--dir DIR] [--section SLUG]... [--seed N [--seed-count N]] [--timeout-ms N]\n"
            "               [--root DIR] [--ref DIR] [--objdir DIR] [--work DIR] [--results FILE]\n"
            "               [--cc CC] [--cflags FLAGS] [--all] [--list] [--color|--no-color] [--no-sandbox]\n"
            "               [--section-budget-ms N] [--budget-ms N]   (time budgets; --timeout-ms: one check)\n"
            "               [--lang th|en] [--print-messages] [--plot-dir DIR [--plot-defer]]\n"
            "  grading:     [--gradescope FILE] [--junit FILE] [--scores FILE] [--points FILE]\n"
            "               [--hidden-seed-stdin]   (the hidden seed is read from stdin)\n"
            "               [--cache DIR]   (reuse runners and results named by their inputs' SHA-256)\n");
}

static void split_flags(options *o, char *text)
{
    for (char *tok = strtok(text, " \t"); tok && o->flag_count < MAX_FLAGS; tok = strtok(NULL, " \t"))
        o->flags[o->flag_count++] = tok;
}

int main(int argc, char **argv)
{
    double started = check_clock();
    const char *lang_flag = NULL;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--lang"))
            lang_flag = argv[i + 1];
    msg_choose_language(lang_flag);
    options o = {.dir = "exercises", .root = ".", .cc = getenv("CC") ? getenv("CC") : "cc",
                 .section_budget = SECTION_BUDGET_S, .submission_budget = SUBMISSION_BUDGET_S};
    int timeout_given = 0;
    const char *no_color = getenv("NO_COLOR");
    o.color = isatty(STDOUT_FILENO) && !(no_color && no_color[0]);
    char *flag_text = NULL, *section_text = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--all")) { o.show_all = 1; continue; }
        if (!strcmp(a, "--no-sandbox")) { CHECK_ENV.sandbox = 0; continue; }
        if (!strcmp(a, "--list")) { o.list_only = 1; continue; }
        if (!strcmp(a, "--plot-defer")) { CHECK_ENV.plot_defer = 1; continue; }
        if (!strcmp(a, "--print-messages")) {
            /* every catalogue entry in both languages, for make test */
            for (int id = 0; id < MSG_COUNT; id++) {
                printf("%s", msg_name((msg_id)id));
                for (int english = 0; english < 2; english++) {
                    putchar('\t');
                    for (const char *p = msg_in((msg_id)id, english); *p; p++)
                        fputs(*p == '\n' ? "\\n" : (char[2]){*p, 0}, stdout);
                }
                putchar('\n');
            }
            return 0;
        }
        if (!strcmp(a, "--hidden-seed-stdin")) {
            /* read from stdin, not argv: /proc/<pid>/cmdline is readable */
            unsigned long long seed;
            if (scanf("%llu", &seed) != 1) {
                fprintf(stderr, "checker: --hidden-seed-stdin: no number on stdin\n");
                return 2;
            }
            o.hidden = 1;
            o.hidden_seed = seed;
            continue;
        }
        if (!strcmp(a, "--color")) { o.color = 1; continue; }
        if (!strcmp(a, "--no-color")) { o.color = 0; continue; }
        if (!v) { usage(); return 2; }
        i++;
        if (!strcmp(a, "--dir")) o.dir = v;
        else if (!strcmp(a, "--root")) o.root = v;
        else if (!strcmp(a, "--ref")) o.ref = v;
        else if (!strcmp(a, "--objdir")) o.objdir = v;
        else if (!strcmp(a, "--work")) o.work = v;
        else if (!strcmp(a, "--results")) o.results = v;
        else if (!strcmp(a, "--points")) o.points = v;
        else if (!strcmp(a, "--gradescope")) o.gradescope = v;
        else if (!strcmp(a, "--junit")) o.junit = v;
        else if (!strcmp(a, "--scores")) o.scores = v;
        else if (!strcmp(a, "--lang")) { /* read before the loop */ }
        else if (!strcmp(a, "--plot-dir")) o.plot_dir = v;
        else if (!strcmp(a, "--cache")) o.cache = v;
        else if (!strcmp(a, "--cc")) o.cc = v;
        else if (!strcmp(a, "--cflags")) {
            free(flag_text);
            o.flag_count = 0;
            flag_text = strdup(v);
            split_flags(&o, flag_text);
            /* sanitizers need a dynamic runtime and many system calls */
            if (strstr(v, "-fsanitize"))
                CHECK_ENV.sandbox = 0;
        }
        else if (!strcmp(a, "--seed")) CHECK_ENV.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seed-count")) o.seed_count = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(a, "--timeout-ms")) { CHECK_ENV.timeout_ms = atoi(v); timeout_given = 1; }
        else if (!strcmp(a, "--section-budget-ms")) o.section_budget = atof(v) / 1000.0;
        else if (!strcmp(a, "--budget-ms")) o.submission_budget = atof(v) / 1000.0;
        else if (!strcmp(a, "--section")) {
            /* accepts "03_two_bone", "03" or a comma list */
            free(section_text);
            o.selected_count = 0;
            char *list = section_text = strdup(v);
            for (char *tok = strtok(list, ","); tok && o.selected_count < MAX_SELECTED; tok = strtok(NULL, ","))
                o.selected[o.selected_count++] = tok;
        } else { usage(); return 2; }
    }

    char ref[4096], objdir[4096], work[4096], results[4096];
    if (!o.ref) { snprintf(ref, sizeof ref, "%s/solutions", o.root); o.ref = ref; }
    if (o.ref == ref && access(ref, F_OK) != 0) /* the student edition: headers only (checker/classroom) */
        snprintf(ref, sizeof ref, "%s/checker/headers", o.root);
    if (!o.objdir) { snprintf(objdir, sizeof objdir, "%s/build/obj", o.root); o.objdir = objdir; }
    if (!o.work) {
        /* one work folder per graded folder, so grading B never reuses A's runners */
        char tag[1024];
        snprintf(tag, sizeof tag, "%s", o.dir);
        for (char *p = tag; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
                *p = '_';
        snprintf(work, sizeof work, "%s/build/check/%s", o.root, tag);
        o.work = work;
    }
    if (!o.results) { snprintf(results, sizeof results, "%s/results.tsv", o.work); o.results = results; }

    /* The budgets (see SECTION_BUDGET_S); a seed sweep of the references
     * gets them once per seed. */
    double scale = budget_scale(&o) * (o.seed_count > 1 ? o.seed_count : 1);
    if (!timeout_given)
        CHECK_ENV.timeout_ms = (int)(CHECK_ENV.timeout_ms * budget_scale(&o));
    o.section_budget *= scale;
    o.submission_budget *= scale;
    o.submission_deadline = started + o.submission_budget;
    CHECK_ENV.section_budget = o.section_budget;
    CHECK_ENV.submission_budget = o.submission_budget;
    CHECK_ENV.submission_deadline = o.submission_deadline;

    struct stat st;
    if (stat(o.dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, msg(MSG_NO_FOLDER), o.dir);
        return 2;
    }

    CHECK_ENV.root = o.root;
    section_result results_list[16];
    size_t count = 0;
    int selected_found[MAX_SELECTED] = {0};
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        char ref_dir[4096];
        struct stat ref_st;
        snprintf(ref_dir, sizeof ref_dir, "%s/%s", o.ref, SECTIONS[i].slug);
        if (stat(ref_dir, &ref_st) != 0)
            continue; /* not written yet: not offered */
        int wanted = o.selected_count == 0;
        for (int k = 0; k < o.selected_count; k++)
            if (section_named(o.selected[k], SECTIONS[i].slug)) {
                wanted = 1;
                selected_found[k] = 1;
            }
        if (!wanted)
            continue;
        section_result *sr = &results_list[count++];
        memset(sr, 0, sizeof *sr);
        sr->def = &SECTIONS[i];
        sr->check_count = section_check_count(&SECTIONS[i]);
    }
    const char *unknown = NULL;
    for (int k = 0; k < o.selected_count; k++)
        if (!selected_found[k] && !unknown)
            unknown = o.selected[k];
    if (count == 0 || unknown) {
        /* every name must be known: "S=02,3" must not quietly grade 02 alone */
        if (unknown)
            fprintf(stderr, msg(MSG_NO_SECTION_NAMED), unknown);
        fprintf(stderr, "%s", msg(MSG_NO_SECTION));
        for (size_t i = 0; i < SECTION_COUNT; i++) {
            char ref_dir[4096];
            struct stat ref_st;
            snprintf(ref_dir, sizeof ref_dir, "%s/%s", o.ref, SECTIONS[i].slug);
            if (stat(ref_dir, &ref_st) == 0)
                fprintf(stderr, " %s", SECTIONS[i].slug);
        }
        fprintf(stderr, "\n");
        return 2;
    }
    if (!make_dirs(o.work) || !stage_headers(&o)) {
        fprintf(stderr, msg(MSG_CANNOT_STAGE), o.work, o.ref);
        return 2;
    }

    int internal_error = 0;
    for (size_t s = 0; s < count; s++) {
        section_result *sr = &results_list[s];
        char runner[4096], key[65], results_at[65];
        check_record compile_record;
        fprintf(stderr, msg(MSG_CHECKING_SECTION), sr->def->slug);
        double compile_start = check_clock();
        int compiled = compile_section(&o, sr->def, runner, sizeof runner, &compile_record, key);
        sr->compile_seconds = check_clock() - compile_start;
        if (!compiled) {
            for (size_t i = 0; i < sr->check_count; i++)
                sr->checks[i].record = sr->hidden[i].record = compile_record;
        } else {
            CHECK_ENV.runner_path = runner;
            CHECK_ENV.section_deadline = check_clock() + o.section_budget;
            if (key[0])
                results_key(&o, key, "visible", CHECK_ENV.seed, NULL, 0, results_at);
            if (key[0] && cache_get_results(&o, results_at, sr, sr->checks, sr->note, sizeof sr->note)) {
                g_cache_stats.results_reused++;
            } else {
                int ran = run_checks(sr, sr->checks, NULL) && (o.seed_count <= 1 || sweep_seeds(sr, o.seed_count));
                if (!ran) {
                    fprintf(stderr, "checker: internal error: suite %s did not run every check\n", sr->def->slug);
                    internal_error = 1;
                }
                struct timespec figure_start;
                clock_gettime(CLOCK_REALTIME, &figure_start);
                if (sr->def->figure && o.plot_dir) {
                    CHECK_ENV.plot_dir = o.plot_dir;
                    CHECK_NOTES[0] = '\0';
                    sr->def->figure();
                    snprintf(sr->note, sizeof sr->note, "%s", CHECK_NOTES);
                    CHECK_ENV.plot_dir = NULL;
                }
                if (key[0]) {
                    g_cache_stats.results_run++;
                    /* a figure whose runner could not run is not kept */
                    if (ran && results_repeatable(sr->checks, sr->check_count, NULL) &&
                        (!sr->def->figure || !o.plot_dir || sr->note[0]))
                        cache_put_results(&o, results_at, sr, sr->checks, sr->note,
                                          (double)figure_start.tv_sec + figure_start.tv_nsec * 1e-9 - 1e-3);
                }
            }
            if (o.hidden) {
                /* The same property checks on cases drawn from the hidden
                 * seed, which only this process knows. */
                int any = 0;
                for (size_t i = 0; i < sr->check_count; i++)
                    any |= sr->hidden_ran[i] = sr->checks[i].record.used_rng;
                uint64_t visible_seed = CHECK_ENV.seed;
                CHECK_ENV.seed = o.hidden_seed;
                if (any && key[0])
                    results_key(&o, key, "hidden", o.hidden_seed, sr->hidden_ran, sr->check_count, results_at);
                if (any && key[0] && cache_get_results(&o, results_at, sr, sr->hidden, NULL, 0)) {
                    g_cache_stats.results_reused++;
                } else if (any) {
                    int ran = run_checks(sr, sr->hidden, sr->hidden_ran);
                    if (!ran) {
                        fprintf(stderr, "checker: internal error: hidden run of %s incomplete\n", sr->def->slug);
                        internal_error = 1;
                    }
                    if (key[0]) {
                        g_cache_stats.results_run++;
                        if (ran && results_repeatable(sr->hidden, sr->check_count, sr->hidden_ran))
                            cache_put_results(&o, results_at, sr, sr->hidden, NULL, 0);
                    }
                }
                CHECK_ENV.seed = visible_seed;
            }
            check_runner_stop();
            sr->check_seconds = check_clock() - compile_start - sr->compile_seconds;
        }
        char src[4096];
        snprintf(src, sizeof src, "%s/%s/%s", o.dir, sr->def->slug, sr->def->source);
        sr->passed = 0;
        for (size_t i = 0; i < sr->check_count; i++)
            sr->passed += sr->checks[i].passed;
        if (sr->passed == sr->check_count)
            sr->status = STATUS_DONE;
        else if (sr->passed == 0 && (!file_exists(src) || file_contains(src, "TODO")))
            sr->status = STATUS_NOT_STARTED;
        else
            sr->status = STATUS_FAILING;
        if (edition_section_done) /* the student edition's "fix 03 first" (checker/classroom/edition.c) */
            edition_section_done(sr->def->slug, sr->def->deps, sr->status == STATUS_DONE, sr->note, sizeof sr->note);
    }

    if (o.cache)
        fprintf(stderr, "cache: %d runners reused, %d compiled; %d section runs reused, %d run\n",
                g_cache_stats.runners_reused, g_cache_stats.runners_compiled, g_cache_stats.results_reused,
                g_cache_stats.results_run);
    print_report(&o, results_list, count);
    int grading = o.gradescope || o.junit || o.scores;
    if (grading) {
        char points_path[4096];
        if (!o.points) {
            snprintf(points_path, sizeof points_path, "%s/checker/points.tsv", o.root);
            o.points = points_path;
        }
        if (!load_points(o.points)) {
            fprintf(stderr, "checker: cannot read the points table %s\n", o.points);
            return 2;
        }
        for (size_t s = 0; s < count; s++)
            for (size_t i = 0; i < results_list[s].check_count; i++)
                if (!points_for(results_list[s].def->slug, results_list[s].def->checks[i].name)) {
                    fprintf(stderr, "checker: %s has no row for %s %s\n", o.points, results_list[s].def->slug,
                            results_list[s].def->checks[i].name);
                    return 2;
                }
        printf("%s", msg(MSG_SCORE_HEADER));
        double total = 0, total_max = 0;
        for (size_t s = 0; s < count; s++) {
            graded_check g[2 * MAX_CHECKS];
            int n = graded_checks(&results_list[s], g, 2 * MAX_CHECKS);
            double got = 0, max = 0, hidden_got = 0, hidden_max = 0;
            for (int k = 0; k < n; k++) {
                got += g[k].points;
                max += g[k].max;
                if (g[k].hidden) {
                    hidden_got += g[k].points;
                    hidden_max += g[k].max;
                }
            }
            printf("  %-22s %6.2f / %-6.2f (hidden %.2f / %.2f)\n", results_list[s].def->slug, got, max, hidden_got,
                   hidden_max);
            total += got;
            total_max += max;
        }
        printf("  %-22s %6.2f / %-6.2f\n", "total", total, total_max);
        double seconds = (double)(check_clock() - started);
        if ((o.gradescope && !write_gradescope(&o, results_list, count, seconds)) ||
            (o.junit && !write_junit(&o, results_list, count)) || (o.scores && !write_scores(&o, results_list, count))) {
            fprintf(stderr, "checker: cannot write the grading files\n");
            internal_error = 1;
        }
    }
    if (!write_results(&o, results_list, count)) {
        fprintf(stderr, "checker: cannot write %s\n", o.results);
        internal_error = 1;
    }
    free(flag_text);
    free(section_text);
    if (internal_error)
        return 2;
    if (grading)
        return 0; /* grading finished: the score is in the files, not the exit status */
    for (size_t s = 0; s < count; s++)
        if (results_list[s].status != STATUS_DONE)
            return 1;
    return 0;
}
