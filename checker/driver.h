/* driver.h - what the files of the trusted checker program (build/checker)
 * share: its options, one section's results, and each file's entry points.
 *
 * The data flow, one file per step (checker.c's main reads as it):
 *   options.c     parse the command line, pick the sections to grade
 *   compile.c     stage the student's file beside the contract headers and
 *                 compile it into a runner, caged (compile_guard.c: what
 *                 that compile may read)
 *   cache.c       the grading cache: runners and results named by the
 *                 SHA-256 of their inputs (--cache)
 *   run_checks.c  run a section's CUnit suite against the runner: the
 *                 visible seed, the seed sweep, the hidden re-run
 *   report.c      the terminal report (table, progress, first failure)
 *   points.c      the points table and what each check scored
 *   outputs.c     every output file (results.tsv, Gradescope, JUnit,
 *                 scores), one table of formats
 * Not part of this program only: os.c (clock, folders, files), text.c,
 * check.c (what a suite calls), spawn.c and sandbox.c (the cage).
 */
#ifndef CHECKER_DRIVER_H
#define CHECKER_DRIVER_H

#include "check.h"
#include "sections.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* The output files, in the order they are written (outputs.c). */
typedef enum { OUTPUT_GRADESCOPE, OUTPUT_PRAIRIELEARN, OUTPUT_JUNIT, OUTPUT_SCORES, OUTPUT_RESULTS, OUTPUT_COUNT } output_kind;

typedef struct {
    const char *dir;          /* the submission, laid out like exercises/ */
    const char *root;         /* the workbook (include/, checker/) */
    const char *ref;          /* reference headers (solutions/) */
    const char *stubs;        /* the untouched stubs, laid out like exercises/ ("not started", progress.h) */
    const char *seed_ignored; /* --seed-ignored N: the student edition was asked for seed N (it has one) */
    const char *objdir;       /* prebuilt trusted objects */
    const char *work;         /* where staging and runners go */
    const char *output[OUTPUT_COUNT]; /* each output file, NULL: not written
                                       * (the results file always is) */
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
    const char *points;       /* --points FILE: one table for all, or NULL: each section's */
    int hidden;               /* re-run random checks with a hidden seed */
    uint64_t hidden_seed;
    unsigned seed_count;      /* random checks on seeds seed .. seed+seed_count-1 */
    double section_budget;    /* seconds: one section's checks */
    double submission_budget; /* seconds: every compile and check of the run */
    double submission_deadline;
    const char *cache;        /* the grading cache (--cache), or NULL: none */
    const char *timings;      /* --timings FILE: where the run's time went, appended (report.c) */
    const char *checker_version; /* --checker-version TEXT: grade_all's, found once for its run
                                  * (outputs.c's checker_version), or NULL: found here */
    /* an upload (Gradescope, PrairieLearn, make grade): the graded files
     * are named in messages as the student handed them in, not by the
     * folder the grader laid them out in (--shown-dir PREFIX, "" for the
     * top of the upload; --shown-loose 1: handed in without their NN_slug/
     * folders), and a missing file's advice is to hand it in */
    const char *shown_dir;    /* NULL: not an upload, paths under --dir */
    int shown_loose;
    /* PrairieLearn has no visibility: its hidden checks are one summary
     * test per section (passed of how many, no inputs) until the
     * instructor's release (--hidden-shown 1, which the entrypoint passes
     * from that date on) */
    int hidden_shown;
} options;

typedef enum { STATUS_DONE, STATUS_FAILING, STATUS_NOT_STARTED } section_status;

/* A section's deps (deps.c): the student's own source staged for the
 * runner (compile.c), and "fix 03 first" after a section's status
 * (checker.c). */
int deps_stage_own(const char *dir, const char *work, const char *dep, char *path, size_t size);
void deps_section_done(const char *slug, const char *const deps[], section_status status, int compiled, char *note,
                       size_t note_size);

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
    int compiled;                     /* its checks ran (else each holds the compile's record) */
    char note[1024];                  /* e.g. the student's figure */
    double compile_seconds, check_seconds; /* where grading time goes */
    double compile_cpu, check_cpu;    /* the same in CPU seconds (--timings) */
} section_result;

/* ---- options.c ---- */
/* Fills `o` from the command line; returns -1 to go on, else the exit
 * status (a usage error, --print-messages). */
int options_parse(options *o, int argc, char **argv, double started);
/* The student's graded file of section `s` as messages name it: under
 * --dir, or as handed in (shown_dir), as one line of safe text (text.h). */
void options_shown_source(const options *o, const char *slug, const char *source, char *out, size_t size);
/* Sanitized builds run (and compile) several times slower. */
double budget_scale(const options *o);
/* The sections the options name (all by default) into `out`; returns how
 * many, or 0 after saying on stderr what is wrong. */
size_t select_sections(const options *o, section_result *out, size_t cap);
void options_free(void);

/* ---- compile.c ---- */
/* Copies every reference header into work/stage/<slug>/. */
int stage_headers(const options *o);
/* Stages and compiles one section's runner. Returns 1 on success;
 * otherwise fills `record` with what the student needs to see. `key` gets
 * the runner's cache name ("" without a cache). */
int compile_section(const options *o, const section_def *s, char *runner, size_t runner_size,
                    check_record *record, char key[65]);

/* ---- compile_guard.c: what a student's compile may read ---- */
/* Asks the compiler for its system include folders (once); its -v words
 * go to `identity` (SHA-256), the compiler's name in the cache keys. */
void guard_load_system_dirs(const options *o, const char *specs_flag, unsigned char identity[32]);
/* The same in two steps, for the cache (cache_compiler_identity): the
 * compiler's -v output (malloc'd; `exited_ok` when it ran and exited 0),
 * then the folders and the identity from it. */
char *guard_ask_system_dirs(const options *o, const char *specs_flag, size_t *size, int *exited_ok);
void guard_set_system_dirs(const options *o, const char *output, size_t size, unsigned char identity[32]);
int guard_system_dirs_loaded(void);
/* The first file the compile read (or its diagnostics or the assembler
 * named) outside include/, the stage and the system folders, into `out`;
 * 0 when there is none. */
int guard_read_outside(const options *o, const char *output, const char *as_deps, const char *staged,
                       const char *stage_dir, char *out, size_t out_size);
/* A "#line" directive or "# <n>" line marker in the staged source that
 * names a file (or anything but a line number), however spelled
 * (digraph, trigraph, spliced, a macro): 1 and the directive in `out`.
 * No student needs one, and with a file name it makes the compiler quote
 * that file in its errors. */
int guard_line_markers(const char *staged, char *out, size_t out_size);
/* The compiler's output without -H's lists, for the student to read. */
void guard_without_include_lists(const char *output, char *out, size_t out_size);

/* ---- cache.c ---- */
/* Looks the compiler's identity up (or asks it) before a cached compile. */
void cache_compiler_identity(const options *o, const char *specs_flag);
/* The first line of "cc --version", kept under the compiler's name: 1
 * when it was; put keeps one. */
int cache_get_compiler_version(const options *o, char *out, size_t size);
void cache_put_compiler_version(const options *o, const char *text);
void cache_runner_key(const options *o, const char *const *argv, char key[65]);
void cache_results_key(const options *o, const char *runner, const char *what, uint64_t seed, const int *only,
                       size_t count, char key[65]);
/* 1: a kept runner, copied to `runner`; 0: a kept failed compile, in
 * `record`; -1: not kept. */
int cache_get_compile(const options *o, const char *key, const char *runner, check_record *record);
/* Keeps the runner (`runner` not NULL) or the failed compile's record. */
void cache_put_compile(const options *o, const char *key, const char *runner, const check_record *record);
int cache_get_results(const options *o, const char *key, const section_result *sr, check_result *r, char *note,
                      size_t note_size);
void cache_put_results(const options *o, const char *key, const section_result *sr, const check_result *r,
                       const char *note, double figure_start);
/* Results a rerun might not repeat: the machine's load decides them. */
int results_repeatable(const check_result *r, size_t count, const int *only);
void cache_print_stats(void);
/* The compiler's identity, which guard_load_system_dirs() fills. */
unsigned char *cache_cc_identity(void);

/* ---- run_checks.c ---- */
/* Is check i of the section declared CHECK_RANDOM? */
int check_is_random(const section_result *sr, size_t i);
/* Runs a compiled section's checks (visible seed, seed sweep, figure,
 * hidden re-run; from the cache when kept) into `sr`. Returns 0 when
 * CUnit did not run every check: a checker bug. */
int run_section_checks(const options *o, section_result *sr, const char *runner, const char *key);

/* ---- report.c ---- */
void print_report(const options *o, const section_result *results, size_t count);
/* The path of the section's page in the student edition of the book, as
 * seen from where the checker runs (root "." or ../.. in a section folder). */
void report_book_page(char *out, size_t size, const char *root, const char *slug);
/* --timings FILE: appends one line saying where this run's time went, wall
 * and CPU: compiling, the checks, drawing the picture the report names
 * (checker/bench/watch_pictures.sh reads it). `started`: os_clock() at the
 * start of main. */
void write_timings(const options *o, const section_result *results, size_t count, double started);
/* The points table on the terminal (make grade). */
void print_scores(const section_result *results, size_t count);

/* ---- points.c ---- */
/* Reads the points table and makes sure every graded check has a row;
 * returns 0 after saying on stderr what is wrong. */
int points_load(const options *o, const section_result *results, size_t count);
/* Gathers every section's checker/sections/<slug>/points.tsv under `root`,
 * or reads `file` (section, check, visible, hidden) when it is not NULL;
 * 0 when a table could not be read. */
int points_read(const char *root, const char *file);
/* A section's own table, <root>/checker/sections/<slug>/points.tsv. */
void points_path(char *out, size_t size, const char *root, const char *slug);
/* The points of a check, from what points_read read; 0: it has no row. */
int points_of(const char *slug, const char *check, double *visible, double *hidden);

typedef struct {
    const check_result *result;
    const char *name;
    size_t index;      /* the check's place in its section's table */
    int hidden;
    double points, max;
} graded_check;
/* Every graded check (visible, then hidden) of a section. */
int graded_checks(const section_result *sr, graded_check *out, int cap);

/* ---- outputs.c ---- */
/* One output format: its name, the option naming its file, whether it is a
 * grading output (needs the points table), and its writer. */
typedef struct {
    const char *name;
    const char *option;
    int grading;
    void (*write)(FILE *f, const options *o, const section_result *results, size_t count, double seconds);
} output_format;
extern const output_format OUTPUTS[OUTPUT_COUNT];
/* Is any grading output (one that needs the points table) asked for? */
int outputs_grading(const options *o);
/* Writes every output file asked for; 0 when one could not be written
 * (said on stderr). `seconds`: the run's time so far. */
int outputs_write(const options *o, const section_result *results, size_t count, double seconds);

#endif
