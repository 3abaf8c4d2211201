/* options.c - the checker's command line: its options (usage() lists
 * them), their defaults and time budgets, and the sections they select. */
#define _GNU_SOURCE
/* Paths here are bounded by 4096-byte buffers; a truncated path just fails
 * to open and is reported. GCC's truncation warning cannot see that. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "driver.h"
#include "catalog.h"
#include "messages.h"
#include "text.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *g_flag_text, *g_section_text; /* what o->flags and o->selected point into */
static char g_ref[4096], g_stubs[4096], g_objdir[4096], g_work[4096], g_results[4096];

static void usage(void)
{
    fprintf(stderr,
            "usage: checker [--dir DIR] [--section SLUG]... [--seed N [--seed-count N]] [--timeout-ms N]\n"
            "               [--root DIR] [--ref DIR] [--objdir DIR] [--work DIR] [--results FILE]\n"
            "               [--stubs DIR]   (the untouched stubs, for \"not started\"; default ROOT/checker/stubs or ROOT/exercises)\n"
            "               [--seed-ignored N]   (the student edition: say that seed N was asked for and is not there)\n"
            "               [--cc CC] [--cflags FLAGS] [--all] [--list] [--color|--no-color] [--no-sandbox]\n"
            "               [--section-budget-ms N] [--budget-ms N]   (time budgets; --timeout-ms: one check)\n"
            "               [--lang th|en] [--print-messages] [--print-catalog [tsv|json]] [--plot-dir DIR [--plot-defer]]\n"
            "  grading:     [--gradescope FILE] [--prairielearn FILE] [--junit FILE] [--scores FILE] [--points FILE]\n"
            "               [--hidden-seed-stdin]   (the hidden seed is read from stdin)\n"
            "               [--cache DIR]   (reuse runners and results named by their inputs' SHA-256)\n"
            "               [--shown-dir PREFIX [--shown-loose 1]]   (an upload: files named as handed in)\n"
            "               [--hidden-shown 1]   (PrairieLearn: each hidden check in full, not a summary)\n"
            "  timing:      [--timings FILE]   (append where the run's wall and CPU time went)\n");
}

/* Every catalogue entry in both languages, for make test. */
static void print_messages(void)
{
    for (int id = 0; id < MSG_COUNT; id++) {
        printf("%s", msg_name((msg_id)id));
        for (int english = 0; english < 2; english++) {
            putchar('\t');
            for (const char *p = msg_in((msg_id)id, english); *p; p++)
                fputs(*p == '\n' ? "\\n" : (char[2]){*p, 0}, stdout);
        }
        putchar('\n');
    }
}

static void split_flags(options *o, char *text)
{
    for (char *tok = strtok(text, " \t"); tok && o->flag_count < MAX_FLAGS; tok = strtok(NULL, " \t"))
        o->flags[o->flag_count++] = tok;
}

/* The options getopt_long knows ("--dir D" and "--dir=D" alike):
 * parse_switch's, parse_value's (OUTPUTS' from its table), --print-messages
 * and --print-catalog [tsv|json]. */
static const char *const SWITCHES[] = {"all", "no-sandbox", "list", "plot-defer", "color", "no-color",
                                       "hidden-seed-stdin", "print-messages"};
static const char *const VALUES[] = {"dir", "root", "ref", "stubs", "seed-ignored", "objdir", "work", "points", "lang",
                                     "plot-dir", "cache", "timings", "cc", "checker-version", "shown-dir", "shown-loose",
                                     "hidden-shown", "cflags", "seed", "seed-count", "timeout-ms", "section-budget-ms",
                                     "budget-ms", "section"};
#define COUNT_OF(a) (sizeof(a) / sizeof *(a))

/* Each its own val (256 + its place), so that a prefix of two names
 * ("--sec") is refused as ambiguous, not taken as the first. */
static void long_options(struct option *out)
{
    int n = 0;
    for (size_t i = 0; i < COUNT_OF(SWITCHES); i++, n++)
        out[n] = (struct option){SWITCHES[i], no_argument, NULL, 256 + n};
    for (size_t i = 0; i < COUNT_OF(VALUES); i++, n++)
        out[n] = (struct option){VALUES[i], required_argument, NULL, 256 + n};
    for (int k = 0; k < OUTPUT_COUNT; k++, n++)
        out[n] = (struct option){OUTPUTS[k].option + 2, required_argument, NULL, 256 + n};
    out[n] = (struct option){"print-catalog", optional_argument, NULL, 256 + n};
    out[n + 1] = (struct option){NULL, 0, NULL, 0};
}

/* An option without a value: 1 when `a` was one, 0 when it was not, -1
 * when it failed (said why). */
static int parse_switch(options *o, const char *a)
{
    if (!strcmp(a, "--all")) o->show_all = 1;
    else if (!strcmp(a, "--no-sandbox")) CHECK_ENV.sandbox = 0;
    else if (!strcmp(a, "--list")) o->list_only = 1;
    else if (!strcmp(a, "--plot-defer")) CHECK_ENV.plot_defer = 1;
    else if (!strcmp(a, "--color")) o->color = 1;
    else if (!strcmp(a, "--no-color")) o->color = 0;
    else if (!strcmp(a, "--hidden-seed-stdin")) {
        /* read from stdin, not argv: /proc/<pid>/cmdline is readable */
        unsigned long long seed;
        if (scanf("%llu", &seed) != 1) {
            fprintf(stderr, "checker: --hidden-seed-stdin: no number on stdin\n");
            return -1;
        }
        o->hidden = 1;
        o->hidden_seed = seed;
    } else
        return 0;
    return 1;
}

/* "03_two_bone", "03" or a comma list of them. */
static void parse_sections(options *o, const char *v)
{
    free(g_section_text);
    o->selected_count = 0;
    char *list = g_section_text = strdup(v);
    for (char *tok = strtok(list, ","); tok && o->selected_count < MAX_SELECTED; tok = strtok(NULL, ","))
        o->selected[o->selected_count++] = tok;
}

/* An option with the value `v`; 0 when `a` is none. */
static int parse_value(options *o, const char *a, const char *v, int *timeout_given)
{
    for (int k = 0; k < OUTPUT_COUNT; k++)
        if (!strcmp(a, OUTPUTS[k].option)) {
            o->output[k] = v;
            return 1;
        }
    if (!strcmp(a, "--dir")) o->dir = v;
    else if (!strcmp(a, "--root")) o->root = v;
    else if (!strcmp(a, "--ref")) o->ref = v;
    else if (!strcmp(a, "--stubs")) o->stubs = v;
    else if (!strcmp(a, "--seed-ignored")) o->seed_ignored = v;
    else if (!strcmp(a, "--objdir")) o->objdir = v;
    else if (!strcmp(a, "--work")) o->work = v;
    else if (!strcmp(a, "--points")) o->points = v;
    else if (!strcmp(a, "--lang")) msg_choose_language(v);
    else if (!strcmp(a, "--plot-dir")) o->plot_dir = v;
    else if (!strcmp(a, "--cache")) o->cache = v;
    else if (!strcmp(a, "--timings")) o->timings = v;
    else if (!strcmp(a, "--cc")) o->cc = v;
    /* not in usage(): grade_all's own, what it found once for the class
     * (the checker's command line is the grader's, never a student's) */
    else if (!strcmp(a, "--checker-version")) o->checker_version = v;
    else if (!strcmp(a, "--shown-dir")) o->shown_dir = v;
    else if (!strcmp(a, "--shown-loose")) o->shown_loose = atoi(v) != 0;
    else if (!strcmp(a, "--hidden-shown")) o->hidden_shown = atoi(v) != 0;
    else if (!strcmp(a, "--cflags")) {
        free(g_flag_text);
        o->flag_count = 0;
        g_flag_text = strdup(v);
        split_flags(o, g_flag_text);
        /* sanitizers need a dynamic runtime and many system calls */
        if (strstr(v, "-fsanitize"))
            CHECK_ENV.sandbox = 0;
    }
    else if (!strcmp(a, "--seed")) CHECK_ENV.seed = strtoull(v, NULL, 10);
    else if (!strcmp(a, "--seed-count")) o->seed_count = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(a, "--timeout-ms")) { CHECK_ENV.timeout_ms = atoi(v); *timeout_given = 1; }
    else if (!strcmp(a, "--section-budget-ms")) o->section_budget = atof(v) / 1000.0;
    else if (!strcmp(a, "--budget-ms")) o->submission_budget = atof(v) / 1000.0;
    else if (!strcmp(a, "--section")) parse_sections(o, v);
    else return 0;
    return 1;
}

/* The folders nobody named, found from --root and --dir. */
static void default_paths(options *o)
{
    if (!o->ref) { snprintf(g_ref, sizeof g_ref, "%s/solutions", o->root); o->ref = g_ref; }
    if (o->ref == g_ref && access(g_ref, F_OK) != 0) /* the student edition: headers only (checker/classroom) */
        snprintf(g_ref, sizeof g_ref, "%s/checker/headers", o->root);
    /* the stubs as handed out: the student edition keeps a copy apart from
     * the student's exercises/ (checker/classroom/export.sh); else the
     * workbook's exercises/ (make check passes a snapshot, see progress.h) */
    if (!o->stubs) {
        snprintf(g_stubs, sizeof g_stubs, "%s/checker/stubs", o->root);
        if (access(g_stubs, F_OK) != 0)
            snprintf(g_stubs, sizeof g_stubs, "%s/exercises", o->root);
        o->stubs = g_stubs;
    }
    if (!o->objdir) { snprintf(g_objdir, sizeof g_objdir, "%s/build/obj", o->root); o->objdir = g_objdir; }
    if (!o->work) {
        /* one work folder per graded folder, so grading B never reuses A's runners */
        char tag[1024];
        snprintf(tag, sizeof tag, "%s", o->dir);
        for (char *p = tag; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
                *p = '_';
        snprintf(g_work, sizeof g_work, "%s/build/check/%s", o->root, tag);
        o->work = g_work;
    }
    if (!o->output[OUTPUT_RESULTS]) {
        snprintf(g_results, sizeof g_results, "%s/results.tsv", o->work);
        o->output[OUTPUT_RESULTS] = g_results;
    }
}

double budget_scale(const options *o)
{
    for (int i = 0; i < o->flag_count; i++)
        if (strstr(o->flags[i], "-fsanitize"))
            return SANITIZED_SCALE;
    return 1.0;
}

/* The budgets (see SECTION_BUDGET_S); a seed sweep of the references
 * gets them once per seed. */
static void set_budgets(options *o, int timeout_given, double started)
{
    double scale = budget_scale(o) * (o->seed_count > 1 ? o->seed_count : 1);
    if (!timeout_given)
        CHECK_ENV.timeout_ms = (int)(CHECK_ENV.timeout_ms * budget_scale(o));
    o->section_budget *= scale;
    o->submission_budget *= scale;
    o->submission_deadline = started + o->submission_budget;
    CHECK_ENV.section_budget = o->section_budget;
    CHECK_ENV.submission_budget = o->submission_budget;
    CHECK_ENV.submission_deadline = o->submission_deadline;
}

int options_parse(options *o, int argc, char **argv, double started)
{
    msg_choose_language(NULL); /* --lang changes it */
    *o = (options){.dir = "exercises", .root = ".", .cc = getenv("CC") ? getenv("CC") : "cc",
                   .section_budget = SECTION_BUDGET_S, .submission_budget = SUBMISSION_BUDGET_S};
    int timeout_given = 0;
    const char *no_color = getenv("NO_COLOR");
    o->color = isatty(STDOUT_FILENO) && !(no_color && no_color[0]);
    struct option longopts[COUNT_OF(SWITCHES) + COUNT_OF(VALUES) + OUTPUT_COUNT + 2];
    long_options(longopts);
    const char *catalog = NULL;
    int messages = 0, c, k;
    while ((c = getopt_long(argc, argv, "", longopts, &k)) >= 256) {
        char a[64];
        snprintf(a, sizeof a, "--%s", longopts[k].name);
        if (!strcmp(a, "--print-messages"))
            messages = 1;
        else if (!strcmp(a, "--print-catalog")) /* "--print-catalog json" as well as "=json" */
            catalog = optarg ? optarg : optind < argc && argv[optind][0] != '-' ? argv[optind++] : "tsv";
        else {
            int done = optarg ? parse_value(o, a, optarg, &timeout_given) : parse_switch(o, a);
            if (done < 0)
                return 2;
            if (done == 0) /* named in SWITCHES or VALUES, unknown to their parser */
                break;
        }
    }
    if (c != -1 || optind < argc) { /* an unknown option, a missing value, a stray argument */
        usage();
        return 2;
    }
    if (messages) {
        print_messages();
        return 0;
    }
    if (catalog)
        return catalog_main(o->root, catalog);
    default_paths(o);
    set_budgets(o, timeout_given, started);
    struct stat st;
    if (stat(o->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, msg(MSG_NO_FOLDER), o->dir);
        return 2;
    }
    CHECK_ENV.root = o->root;
    if (o->seed_ignored) { /* make check SEED=N in the student edition (N as typed: safe text) */
        char asked[64];
        text_safe_str(asked, sizeof asked, o->seed_ignored, 0);
        printf(msg(MSG_SEED_IGNORED), (unsigned long long)CHECK_ENV.seed, asked);
    }
    return -1;
}

void options_free(void)
{
    free(g_flag_text);
    free(g_section_text);
}

/* "03_two_bone", "03" and "3" all name section 03. */
static int section_named(const char *name, const char *slug)
{
    size_t n = strlen(name);
    if (!strcmp(name, slug) || (n == 2 && !strncmp(name, slug, 2)))
        return 1;
    return n == 1 && slug[0] == '0' && name[0] == slug[1] && name[0] >= '1' && name[0] <= '9';
}

/* Is section i written yet (its reference folder there)? Else not offered. */
static int section_offered(const options *o, size_t i)
{
    char ref_dir[4096];
    struct stat st;
    snprintf(ref_dir, sizeof ref_dir, "%s/%s", o->ref, SECTIONS[i].slug);
    return stat(ref_dir, &st) == 0;
}

/* Every name must be known: "S=02,3" must not quietly grade 02 alone. */
static void no_such_section(const options *o, const char *unknown)
{
    if (unknown)
        fprintf(stderr, msg(MSG_NO_SECTION_NAMED), unknown);
    fprintf(stderr, "%s", msg(MSG_NO_SECTION));
    for (size_t i = 0; i < SECTION_COUNT; i++)
        if (section_offered(o, i))
            fprintf(stderr, " %s", SECTIONS[i].slug);
    fprintf(stderr, "\n");
}

size_t select_sections(const options *o, section_result *out, size_t cap)
{
    size_t count = 0;
    int selected_found[MAX_SELECTED] = {0};
    for (size_t i = 0; i < SECTION_COUNT && count < cap; i++) {
        if (!section_offered(o, i))
            continue;
        int wanted = o->selected_count == 0;
        for (int k = 0; k < o->selected_count; k++)
            if (section_named(o->selected[k], SECTIONS[i].slug)) {
                wanted = 1;
                selected_found[k] = 1;
            }
        if (!wanted)
            continue;
        section_result *sr = &out[count++];
        memset(sr, 0, sizeof *sr);
        sr->def = &SECTIONS[i];
        sr->check_count = section_check_count(&SECTIONS[i]);
    }
    const char *unknown = NULL;
    for (int k = 0; k < o->selected_count; k++)
        if (!selected_found[k] && !unknown)
            unknown = o->selected[k];
    if (count == 0 || unknown) {
        no_such_section(o, unknown);
        return 0;
    }
    return count;
}

void options_shown_source(const options *o, const char *slug, const char *source, char *out, size_t size)
{
    char path[4096];
    if (!o->shown_dir)
        snprintf(path, sizeof path, "%s/%s/%s", o->dir, slug, source);
    else
        snprintf(path, sizeof path, "%s%s%s%s%s", o->shown_dir, o->shown_dir[0] ? "/" : "", o->shown_loose ? "" : slug,
                 o->shown_loose ? "" : "/", source);
    /* the submission's folder names are the student's bytes */
    text_safe_str(out, size, path, 0);
}
