/* run_checks.c - running a compiled section's CUnit suite against its
 * runner: the checks on the visible seed (all of them), the seed sweep
 * (--seed-count), the student's figure (--plot-dir) and the hidden re-run
 * of the random checks (--hidden-seed-stdin); each run is taken from the
 * grading cache when it was kept (cache.c). */
#define _GNU_SOURCE
#include "driver.h"
#include "os.h"
#include "picture.h"
#include "progress.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int check_is_random(const section_result *sr, size_t i)
{
    return (sr->def->checks[i].flags & CHECK_RANDOM) != 0;
}

static section_result *g_current;
static check_result *g_into;
static int g_repeat_seed; /* this run repeats the random checks on another seed */

static void on_test_start(const CU_pTest test, const CU_pSuite suite)
{
    (void)suite;
    memset(&CHECK_RECORD, 0, sizeof CHECK_RECORD);
    CHECK_ENV.fixed_cases_judged = 0;
    for (size_t i = 0; g_repeat_seed && i < g_current->check_count; i++)
        if (!strcmp(g_current->def->checks[i].name, test->pName))
            CHECK_ENV.fixed_cases_judged = g_current->checks[i].passed;
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
            any |= only[i] = sr->checks[i].passed && check_is_random(sr, i);
        if (!any)
            break;
        CHECK_ENV.seed = first + k;
        memset(scratch, 0, sizeof scratch);
        g_repeat_seed = 1;
        ok &= run_checks(sr, scratch, only);
        g_repeat_seed = 0;
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

/* The visible run: every check on the visible seed (and the sweep), the
 * figure, kept in the cache when the inputs alone decided it. */
static int run_visible(const options *o, section_result *sr, const char *key)
{
    char results_at[65];
    if (key[0])
        cache_results_key(o, key, "visible", CHECK_ENV.seed, NULL, 0, results_at);
    if (key[0] && cache_get_results(o, results_at, sr, sr->checks, sr->note, sizeof sr->note)) {
        picture_restore(o->list_only ? NULL : o->work, CHECK_ENV.plot_defer ? o->plot_dir : NULL, sr->def);
        return 1;
    }
    /* the failing cases' pictures are recorded in the visible run only (picture.h) */
    picture_begin(o->list_only ? NULL : o->work, CHECK_ENV.plot_defer ? o->plot_dir : NULL, sr->def);
    int ran = run_checks(sr, sr->checks, NULL) && (o->seed_count <= 1 || sweep_seeds(sr, o->seed_count));
    /* the student edition: a check whose picture needed a reference answer
     * the table lacks runs again without it, to end as it would with none */
    int redo[MAX_CHECKS];
    if (ran && picture_redo(sr->def, redo))
        ran = run_checks(sr, sr->checks, redo);
    picture_stop();
    /* an untouched stub fails every check for no mistake of the student's:
     * its pictures would say nothing (and cost a class megabytes) */
    int any_passed = 0;
    for (size_t i = 0; i < sr->check_count; i++)
        any_passed |= sr->checks[i].passed;
    char graded[4096];
    snprintf(graded, sizeof graded, "%s/%s/%s", o->dir, sr->def->slug, sr->def->source);
    int untouched = !any_passed && progress_not_started(o->stubs, sr->def->slug, sr->def->source, graded, 1);
    if (untouched)
        picture_forget(sr->def);
    if (!ran)
        fprintf(stderr, "checker: internal error: suite %s did not run every check\n", sr->def->slug);
    /* the file system's clock, which stamps the figure's files: the
     * precise one runs up to a tick (4 ms) ahead of it, and a figure
     * written within that tick looked older than its start and was not
     * kept (a cached regrade then lacked it; same_output, load 12) */
    struct timespec figure_start;
    clock_gettime(CLOCK_REALTIME_COARSE, &figure_start);
    /* nor, when grading a class, its convergence figure: a flat line of no
     * passes, 42 KB a stub's 05 and 06 (make check still draws it) */
    int figure = sr->def->figure && o->plot_dir && !(untouched && CHECK_ENV.plot_defer);
    if (figure) {
        CHECK_ENV.plot_dir = o->plot_dir;
        CHECK_NOTES[0] = '\0';
        sr->def->figure();
        snprintf(sr->note, sizeof sr->note, "%s", CHECK_NOTES);
        CHECK_ENV.plot_dir = NULL;
    }
    picture_save(CHECK_ENV.plot_defer ? o->plot_dir : NULL, sr->def); /* kept by the cache with the results */
    /* a figure whose runner could not run is not kept */
    if (key[0] && ran && results_repeatable(sr->checks, sr->check_count, NULL) &&
        (!figure || sr->note[0]))
        cache_put_results(o, results_at, sr, sr->checks, sr->note,
                          (double)figure_start.tv_sec + figure_start.tv_nsec * 1e-9 - 1e-3);
    return ran;
}

/* The same property checks on cases drawn from the hidden seed, which
 * only this process knows. */
static int run_hidden(const options *o, section_result *sr, const char *key)
{
    char results_at[65];
    int any = 0, ran = 1;
    for (size_t i = 0; i < sr->check_count; i++)
        any |= sr->hidden_ran[i] = check_is_random(sr, i);
    uint64_t visible_seed = CHECK_ENV.seed;
    CHECK_ENV.seed = o->hidden_seed;
    if (any && key[0])
        cache_results_key(o, key, "hidden", o->hidden_seed, sr->hidden_ran, sr->check_count, results_at);
    if (any && !(key[0] && cache_get_results(o, results_at, sr, sr->hidden, NULL, 0))) {
        g_repeat_seed = 1;
        ran = run_checks(sr, sr->hidden, sr->hidden_ran);
        g_repeat_seed = 0;
        if (!ran)
            fprintf(stderr, "checker: internal error: hidden run of %s incomplete\n", sr->def->slug);
        if (key[0] && ran && results_repeatable(sr->hidden, sr->check_count, sr->hidden_ran))
            cache_put_results(o, results_at, sr, sr->hidden, NULL, 0);
    }
    CHECK_ENV.seed = visible_seed;
    return ran;
}

int run_section_checks(const options *o, section_result *sr, const char *runner, const char *key)
{
    CHECK_ENV.runner_path = runner;
    CHECK_ENV.section_deadline = os_clock() + o->section_budget;
    int ok = run_visible(o, sr, key);
    if (o->hidden)
        ok &= run_hidden(o, sr, key);
    check_runner_stop();
    return ok;
}
