/* selftest.c - the project's own tests (make test).
 *
 * Proves the checker in both directions and keeps it honest:
 *  - ikmath.h's own unit tests, and text.c's (untrusted bytes made into
 *    safe text: valid UTF-8, cut between characters, controls escaped);
 *  - every reference solution passes every check;
 *  - every untouched stub fails every check of its section;
 *  - every diagnosis the checker can name is triggered, alone, by the
 *    buggy solution made for it from checker/tests/buggy/<id>/<slug>.sed;
 *  - hostile submissions (checker/tests/hostile/<case>.sed: crash, hang,
 *    exit, garbage, output flood, fake summary, fake results file, killing
 *    the parent, 4 GiB, fork loop, stack overflow, reading files, no
 *    compile, missing function, printing bytes that are not UTF-8, a Thai
 *    line cut at the 600-byte limit or terminal escapes, a TIS-620 comment
 *    quoted in a compile error; plus a missing file) are scored as
 *    failures with the right reason while the run goes on;
 *  - exercises/ and solutions/ mirror each other file for file.
 * The last line is "N passed, N failed".
 */
#define _GNU_SOURCE
#include "diagnosis.h"
#include "sandbox.h"
#include "spawn.h"

#include <CUnit/Basic.h>
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void add_ikmath_suite(void);
void add_bvh_suite(void);
void add_text_suite(void);
void add_sandbox_suite(void);

static const char *g_checker = "build/checker", *g_root = ".", *g_objdir = "build/obj",
                  *g_work = "build/selftest-runs", *g_cflags = "",
                  *g_buggy = "build/buggy", *g_hostile = "build/hostile";

typedef struct {
    int exit_code;
    int ended_normally;
    char results[64 * 1024];
    char output[4000]; /* the start of what it printed */
} checker_run;

static int read_file(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
    return 1;
}

/* Runs the checker binary on `dir` (optionally one or more sections) and
 * loads its results file. */
static void run_checker(const char *dir, const char *sections, const char *tag, int timeout_ms, checker_run *run)
{
    char work[1024], results[1100], timeout[32], deps[1100];
    /* the buggy and hostile folders hold one section: its deps (03's 02,
     * 07's and 08's 02 and 03) are the references' (checker/deps.c); set
     * through env(1), since spawn_run hands a clean environment on */
    snprintf(deps, sizeof deps, "IK_CHECKER_DEPS_FROM=%s/solutions", g_root);
    snprintf(work, sizeof work, "%s/%s", g_work, tag);
    snprintf(results, sizeof results, "%s/results.tsv", work);
    snprintf(timeout, sizeof timeout, "%d", timeout_ms);
    remove(results);
    const char *argv[32];
    int n = 0;
    argv[n++] = "/usr/bin/env";
    argv[n++] = deps;
    argv[n++] = g_checker;
    argv[n++] = "--root"; argv[n++] = g_root;
    argv[n++] = "--dir"; argv[n++] = dir;
    argv[n++] = "--objdir"; argv[n++] = g_objdir;
    argv[n++] = "--work"; argv[n++] = work;
    argv[n++] = "--timeout-ms"; argv[n++] = timeout;
    argv[n++] = "--no-color";
    if (g_cflags[0]) { argv[n++] = "--cflags"; argv[n++] = g_cflags; }
    if (sections) { argv[n++] = "--section"; argv[n++] = sections; }
    argv[n] = NULL;
    spawn_request rq = {.argv = argv, .timeout_ms = 600000, .output_keep = 4000, .output_limit = 1u << 24};
    spawn_result rs;
    spawn_run(&rq, &rs);
    run->ended_normally = rs.end == SPAWN_EXITED;
    run->exit_code = rs.exit_code;
    if (!run->ended_normally || rs.exit_code == 2)
        fprintf(stderr, "\n[checker on %s ended %d/%d]\n%s\n", dir, rs.end, rs.exit_code, rs.output);
    snprintf(run->output, sizeof run->output, "%s", rs.output ? rs.output : "");
    spawn_result_free(&rs);
    if (!read_file(results, run->results, sizeof run->results))
        run->results[0] = '\0';
}

/* Calls fn(fields, count) for each line of the results with `kind`. */
typedef void (*line_fn)(char **fields, int count, void *ctx);
static int for_each_line(const checker_run *run, const char *kind, line_fn fn, void *ctx)
{
    char copy[sizeof run->results];
    memcpy(copy, run->results, sizeof copy);
    int lines = 0;
    char *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *fields[8];
        int count = 0;
        char *fsave = NULL;
        for (char *f = strtok_r(line, "\t", &fsave); f && count < 8; f = strtok_r(NULL, "\t", &fsave))
            fields[count++] = f;
        if (count > 0 && strcmp(fields[0], kind) == 0) {
            fn(fields, count, ctx);
            lines++;
        }
    }
    return lines;
}

typedef struct { int pass, fail, other_outcome; const char *want_outcome; char diags[512]; } tally;

/* Is `got` one of the outcomes in `list` ("wrong" or "wrong or timed_out")? */
static int outcome_allowed(const char *list, const char *got)
{
    size_t n = strlen(got);
    for (const char *at = list; (at = strstr(at, got)) != NULL; at += n)
        if ((at == list || at[-1] == ' ') && (at[n] == '\0' || at[n] == ' '))
            return 1;
    return 0;
}

static void count_check(char **f, int n, void *ctx)
{
    tally *t = ctx;
    if (n < 6)
        return;
    if (!strcmp(f[3], "pass")) t->pass++;
    else t->fail++;
    if (t->want_outcome && !outcome_allowed(t->want_outcome, f[4])) {
        t->other_outcome++;
        fprintf(stderr, "\n  %s/%s: outcome %s, expected %s", f[1], f[2], f[4], t->want_outcome);
    }
    if (strcmp(f[5], "-") != 0 && !strstr(t->diags, f[5]) && strlen(t->diags) + strlen(f[5]) + 2 < sizeof t->diags) {
        strcat(t->diags, f[5]);
        strcat(t->diags, " ");
    }
}

static void test_solutions_pass(void)
{
    static checker_run run;
    run_checker("solutions", NULL, "solutions", 20000, &run);
    tally t = {0};
    int lines = for_each_line(&run, "check", count_check, &t);
    CU_ASSERT_TRUE(run.ended_normally);
    CU_ASSERT_EQUAL(run.exit_code, 0);
    CU_ASSERT_TRUE(lines >= 30);
    CU_ASSERT_EQUAL(t.fail, 0);
    CU_ASSERT_EQUAL(t.pass, lines);
}

static void test_stubs_fail_every_check(void)
{
    static checker_run run;
    run_checker("exercises", NULL, "exercises", 20000, &run);
    tally t = {.want_outcome = "wrong"};
    int lines = for_each_line(&run, "check", count_check, &t);
    CU_ASSERT_TRUE(run.ended_normally);
    CU_ASSERT_EQUAL(run.exit_code, 1);
    CU_ASSERT_TRUE(lines >= 30);
    CU_ASSERT_EQUAL(t.pass, 0);            /* a check that passes a stub is a bug */
    CU_ASSERT_EQUAL(t.other_outcome, 0);   /* stubs run cleanly: wrong, never crashed */
    if (t.pass)
        fprintf(stderr, "\n  a stub passed a check:\n%s", run.results);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void test_diagnoses_proven(void)
{
    for (int d = 1; d < DIAG_COUNT; d++) {
        const char *id = diagnosis_id((diagnosis)d);
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", g_buggy, id);
        if (!is_dir(dir)) {
            fprintf(stderr, "\n  diagnosis '%s' has no buggy solution proving it (%s)", id, dir);
            CU_FAIL("diagnosis without proof");
            continue;
        }
        DIR *dh = opendir(dir);
        struct dirent *e;
        int sections = 0;
        while (dh && (e = readdir(dh))) {
            if (e->d_name[0] == '.')
                continue;
            static checker_run run;
            char tag[600];
            snprintf(tag, sizeof tag, "buggy_%s_%s", id, e->d_name);
            run_checker(dir, e->d_name, tag, 20000, &run);
            tally t = {0};
            for_each_line(&run, "check", count_check, &t);
            char want[128];
            snprintf(want, sizeof want, "%s ", id);
            CU_ASSERT_TRUE(run.ended_normally && run.exit_code == 1);
            CU_ASSERT_TRUE(t.fail > 0);
            if (strcmp(t.diags, want) != 0) {
                fprintf(stderr, "\n  buggy/%s/%s: diagnoses '%s', expected exactly '%s'", id, e->d_name, t.diags, id);
                CU_FAIL("diagnosis not exactly the planted one");
            }
            sections++;
        }
        if (dh)
            closedir(dh);
        CU_ASSERT_TRUE(sections > 0);
    }
}

/* Runs one hostile submission (a folder holding `section`/) and expects
 * every check failed with `outcome`, the checker itself unharmed. */
static void expect_hostile(const char *dir, const char *section, const char *tag, const char *outcome)
{
    static checker_run run;
    /* 1.5 s per runner keeps the hang case quick; the others finish in ms */
    run_checker(dir, section, tag, 1500, &run);
    tally t = {.want_outcome = outcome};
    int lines = for_each_line(&run, "check", count_check, &t);
    CU_ASSERT_TRUE(run.ended_normally);
    CU_ASSERT_EQUAL(run.exit_code, 1);
    CU_ASSERT_TRUE(lines > 0);
    CU_ASSERT_EQUAL(t.other_outcome, 0);
    CU_ASSERT_EQUAL(t.pass, 0);
    if (t.other_outcome || t.pass || lines == 0)
        fprintf(stderr, "\n  hostile %s: expected every check %s", tag, outcome);
}

/* Every case in checker/tests/hostile/<case>.sed, built under g_hostile;
 * the expected outcome is on the script's second line, the section it
 * attacks on a "# Section: " line (02 when there is none). */
static void test_hostile_submissions(void)
{
    char scripts[512];
    snprintf(scripts, sizeof scripts, "%s/checker/tests/hostile", g_root);
    DIR *dh = opendir(scripts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dh);
    struct dirent *e;
    int cases = 0;
    while ((e = readdir(dh))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".sed") != 0)
            continue;
        char path[1024], text[4096], name[256], outcome[128] = "", section[64] = "02_law_of_cosines";
        snprintf(name, sizeof name, "%.*s", (int)(len - 4), e->d_name);
        snprintf(path, sizeof path, "%s/%s", scripts, e->d_name);
        read_file(path, text, sizeof text);
        const char *at = strstr(text, "Expected outcome: ");
        if (at)
            sscanf(at + strlen("Expected outcome: "), "%127[a-z_ ]", outcome);
        const char *named = strstr(text, "\n# Section: ");
        if (named)
            sscanf(named + strlen("\n# Section: "), "%63[0-9a-z_]", section);
        CU_ASSERT_TRUE(outcome[0] != '\0');
        /* an attack only the compiler's cage stops (sandbox.h): where this
         * machine cannot build one, the checker says so, and the case is
         * left out with a line saying why */
        char why[160];
        if (strstr(text, "Needs: compile cage") && !sandbox_fs_available(why, sizeof why)) {
            fprintf(stderr, "\n  hostile %s left out: no compiler's cage here (%s)", name, why);
            continue;
        }
        char dir[1024], tag[300];
        snprintf(dir, sizeof dir, "%s/%s", g_hostile, name);
        snprintf(tag, sizeof tag, "hostile_%s", name);
        expect_hostile(dir, section, tag, outcome);
        cases++;
    }
    closedir(dh);
    CU_ASSERT_TRUE(cases >= 13);
    /* the forger must not have left its file anywhere we can see */
    char forged[512];
    snprintf(forged, sizeof forged, "%s/hostile_fake_results.json", g_root);
    struct stat st;
    CU_ASSERT_NOT_EQUAL(stat(forged, &st), 0);
}

static void test_hostile_missing_file(void)
{
    char dir[512], section[600];
    snprintf(dir, sizeof dir, "%s/missing_file", g_work);
    snprintf(section, sizeof section, "%s/02_law_of_cosines", dir);
    mkdir(g_work, 0755);
    mkdir(dir, 0755);
    mkdir(section, 0755);
    expect_hostile(dir, "02_law_of_cosines", "hostile_missing_file", "missing");
}

static int copy_file(const char *from, const char *to)
{
    static char buf[1 << 20];
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    if (!in || !out) {
        if (in) fclose(in);
        return 0;
    }
    size_t n = fread(buf, 1, sizeof buf, in);
    int ok = fwrite(buf, 1, n, out) == n;
    fclose(in);
    return fclose(out) == 0 && ok;
}

/* A function of the header missing from the student's file: the message
 * names it in words ("no function elbow_bend_angle"), not as the linker's
 * wall of "undefined reference" (ld.gold quotes the name differently from
 * ld.bfd, and for a while nothing was named). */
static void test_missing_function_named(void)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/missing_function", g_hostile);
    static checker_run run;
    run_checker(dir, "02", "missing_function_named", 5000, &run);
    CU_ASSERT_EQUAL(run.exit_code, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(run.output, "elbow_bend_angle"));
    CU_ASSERT_PTR_NULL(strstr(run.output, "undefined reference"));
}

static void test_run_goes_on(void)
{
    /* A crashing 02 next to a correct 03: 03 is still graded, and passes. */
    char dir[512], path[600], from[600];
    snprintf(dir, sizeof dir, "%s/mixed", g_work);
    snprintf(path, sizeof path, "%s/02_law_of_cosines", dir);
    mkdir(g_work, 0755);
    mkdir(dir, 0755);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/02_law_of_cosines/law_of_cosines.c", dir);
    snprintf(from, sizeof from, "%s/crash/02_law_of_cosines/law_of_cosines.c", g_hostile);
    CU_ASSERT_TRUE_FATAL(copy_file(from, path));
    snprintf(path, sizeof path, "%s/03_two_bone", dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/03_two_bone/two_bone.c", dir);
    snprintf(from, sizeof from, "%s/solutions/03_two_bone/two_bone.c", g_root);
    CU_ASSERT_TRUE_FATAL(copy_file(from, path));
    static checker_run run;
    run_checker(dir, "02,03", "mixed", 5000, &run);
    CU_ASSERT_EQUAL(run.exit_code, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(run.results, "section\t02_law_of_cosines\tfailing"));
    CU_ASSERT_PTR_NOT_NULL(strstr(run.results, "section\t03_two_bone\tdone"));
}

/* exercises/NN and solutions/NN: same files; headers, programs and the
 * section Makefile identical. */
static void test_layout_mirrors(void)
{
    char sol[512];
    snprintf(sol, sizeof sol, "%s/solutions", g_root);
    DIR *dh = opendir(sol);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dh);
    struct dirent *e;
    int sections = 0;
    while ((e = readdir(dh))) {
        if (e->d_name[0] == '.')
            continue;
        sections++;
        char a_dir[1024], b_dir[1024];
        snprintf(a_dir, sizeof a_dir, "%s/solutions/%s", g_root, e->d_name);
        snprintf(b_dir, sizeof b_dir, "%s/exercises/%s", g_root, e->d_name);
        for (int side = 0; side < 2; side++) {
            DIR *fh = opendir(side ? b_dir : a_dir);
            CU_ASSERT_PTR_NOT_NULL(fh);
            struct dirent *f;
            while (fh && (f = readdir(fh))) {
                if (f->d_name[0] == '.')
                    continue;
                char mine[2048], other[2048];
                snprintf(mine, sizeof mine, "%s/%s", side ? b_dir : a_dir, f->d_name);
                snprintf(other, sizeof other, "%s/%s", side ? a_dir : b_dir, f->d_name);
                struct stat st;
                if (stat(other, &st) != 0) {
                    fprintf(stderr, "\n  %s has no twin %s", mine, other);
                    CU_FAIL("layouts differ");
                    continue;
                }
                size_t len = strlen(f->d_name);
                int must_match = (len > 2 && !strcmp(f->d_name + len - 2, ".h")) || !strcmp(f->d_name, "main.c") ||
                                 !strcmp(f->d_name, "Makefile");
                if (must_match && side == 0) {
                    static char x[1 << 18], y[1 << 18];
                    read_file(mine, x, sizeof x);
                    read_file(other, y, sizeof y);
                    if (strcmp(x, y) != 0) {
                        fprintf(stderr, "\n  %s and %s differ", mine, other);
                        CU_FAIL("shared file differs between exercises and solutions");
                    }
                }
            }
            if (fh)
                closedir(fh);
        }
    }
    closedir(dh);
    CU_ASSERT_TRUE(sections >= 6);
}

int main(int argc, char **argv)
{
    /* each takes a value, "--root DIR" or "--root=DIR"; each its own val, so
     * that a prefix of two names ("--c") is refused, not taken as the first */
    static const struct option longopts[] = {
        {"checker", required_argument, NULL, 1}, {"root", required_argument, NULL, 2},
        {"objdir", required_argument, NULL, 3}, {"work", required_argument, NULL, 4},
        {"cflags", required_argument, NULL, 5}, {"buggy", required_argument, NULL, 6},
        {"hostile", required_argument, NULL, 7}, {NULL, 0, NULL, 0}};
    int c, k;
    while ((c = getopt_long(argc, argv, "", longopts, &k)) > 0 && c != '?') {
        const char *a = longopts[k].name, *v = optarg;
        if (!strcmp(a, "checker")) g_checker = v;
        else if (!strcmp(a, "root")) g_root = v;
        else if (!strcmp(a, "objdir")) g_objdir = v;
        else if (!strcmp(a, "work")) g_work = v;
        else if (!strcmp(a, "cflags")) g_cflags = v;
        else if (!strcmp(a, "buggy")) g_buggy = v;
        else if (!strcmp(a, "hostile")) g_hostile = v;
    }
    if (c != -1 || optind < argc) { /* an unknown option, a missing value, a stray argument */
        fprintf(stderr, "usage: selftest [--checker PATH] [--root DIR] [--objdir DIR] [--work DIR] [--cflags FLAGS]\n"
                        "                [--buggy DIR] [--hostile DIR]\n");
        return 2;
    }
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    add_ikmath_suite();
    add_bvh_suite();
    add_text_suite();
    add_sandbox_suite();
    CU_pSuite s = CU_add_suite("checker", NULL, NULL);
    CU_add_test(s, "layout_mirrors", test_layout_mirrors);
    CU_add_test(s, "solutions_pass_every_check", test_solutions_pass);
    CU_add_test(s, "stubs_fail_every_check", test_stubs_fail_every_check);
    CU_add_test(s, "diagnoses_proven_by_buggy_solutions", test_diagnoses_proven);
    CU_add_test(s, "hostile_submissions_scored_as_failures", test_hostile_submissions);
    CU_add_test(s, "hostile_missing_file", test_hostile_missing_file);
    CU_add_test(s, "run_goes_on_after_a_crash", test_run_goes_on);
    CU_add_test(s, "missing_function_named", test_missing_function_named);

    unsigned expected = 0;
    for (CU_pSuite suite = CU_get_registry()->pSuite; suite; suite = suite->pNext)
        expected += suite->uiNumberOfTests;
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    /* CU_basic_run_tests reports success even when tests fail: read the
     * counters ourselves, before cleanup zeroes them. */
    unsigned run = CU_get_number_of_tests_run();
    unsigned failed = CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    unsigned not_run = expected > run ? expected - run : 0;
    printf("\n%u passed, %u failed\n", run - failed, failed + not_run);
    return (failed || not_run) ? 1 : 0;
}
