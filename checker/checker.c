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
 *
 * This file is the data flow only; each step lives in its own file (see
 * driver.h for the map).
 */
#define _GNU_SOURCE
#include "driver.h"
#include "messages.h"
#include "os.h"
#include "picture.h"
#include "progress.h"

#include <stdio.h>
#include <string.h>

/* Done, failing, or not started: the graded file still the stub, byte for
 * byte (progress.h); a wrong attempt or a file that does not compile is
 * failing (issue 17). */
static section_status section_status_of(const options *o, const section_result *sr, int compiled)
{
    char src[4096];
    snprintf(src, sizeof src, "%s/%s/%s", o->dir, sr->def->slug, sr->def->source);
    if (sr->passed == sr->check_count)
        return STATUS_DONE;
    if (sr->passed == 0 && progress_not_started(o->stubs, sr->def->slug, sr->def->source, src, compiled))
        return STATUS_NOT_STARTED;
    return STATUS_FAILING;
}

/* Stage, compile and run one section's checks into `sr`. Returns 0 on a
 * checker bug (CUnit did not run every check). */
static int grade_section(const options *o, section_result *sr)
{
    char runner[4096], key[65];
    check_record compile_record;
    int ok = 1;
    fprintf(stderr, msg(MSG_CHECKING_SECTION), sr->def->slug);
    /* make check and watch (not grading, not the list): gnuplot starts now */
    picture_warm_up(o->list_only || CHECK_ENV.plot_defer || outputs_grading(o) ? NULL : o->work, sr->def->slug);
    double compile_start = os_clock(), compile_cpu = os_cpu();
    int compiled = compile_section(o, sr->def, runner, sizeof runner, &compile_record, key);
    sr->compile_seconds = os_clock() - compile_start;
    sr->compile_cpu = os_cpu() - compile_cpu;
    if (!compiled) {
        /* the one reason fails every check, visible and hidden */
        for (size_t i = 0; i < sr->check_count; i++)
            sr->checks[i].record = sr->hidden[i].record = compile_record;
    } else {
        sr->compiled = 1;
        ok = run_section_checks(o, sr, runner, key);
        sr->check_seconds = os_clock() - compile_start - sr->compile_seconds;
        sr->check_cpu = os_cpu() - compile_cpu - sr->compile_cpu;
    }
    sr->passed = 0;
    for (size_t i = 0; i < sr->check_count; i++)
        sr->passed += sr->checks[i].passed;
    sr->status = section_status_of(o, sr, compiled);
    deps_section_done(sr->def->slug, sr->def->deps, sr->status, sr->compiled, sr->note, sizeof sr->note);
    return ok;
}

int main(int argc, char **argv)
{
    double started = os_clock();
    options o;
    int status = options_parse(&o, argc, argv, started);
    if (status >= 0)
        return status;
    static section_result results[MAX_SECTIONS];
    size_t count = select_sections(&o, results, MAX_SECTIONS);
    if (count == 0)
        return 2;
    if (!make_dirs(o.work) || !stage_headers(&o)) {
        fprintf(stderr, msg(MSG_CANNOT_STAGE), o.work, o.ref);
        return 2;
    }
    int internal_error = 0;
    for (size_t s = 0; s < count; s++)
        internal_error |= !grade_section(&o, &results[s]);
    if (o.cache)
        cache_print_stats();
    picture_draw(); /* grading: every failing check's picture, after every check (never in a check's budget) */
    print_report(&o, results, count);
    int grading = outputs_grading(&o);
    if (grading) {
        if (!points_load(&o, results, count))
            return 2;
        print_scores(results, count);
    }
    internal_error |= !outputs_write(&o, results, count, os_clock() - started);
    write_timings(&o, results, count, started);
    options_free();
    if (internal_error)
        return 2;
    if (grading)
        return 0; /* grading finished: the score is in the files, not the exit status */
    for (size_t s = 0; s < count; s++)
        if (results[s].status != STATUS_DONE)
            return 1;
    return 0;
}
