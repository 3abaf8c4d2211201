/* outputs.c - every file the checker writes for other tools, behind one
 * table of formats (OUTPUTS below): the results file make list and
 * grade_all read, and the grading outputs for course tools - Gradescope's
 * results.json, PrairieLearn's external-grader results.json, JUnit XML,
 * the scores per section. A new format is a
 * writer here and a row in the table (its option is parsed from the row).
 */
#define _GNU_SOURCE
#include "driver.h"
#include "messages.h"
#include "spawn.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The results file (--results): a row per section and per check. */
static void write_results(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    (void)o;
    (void)seconds;
    for (size_t s = 0; s < count; s++) {
        const section_result *sr = &results[s];
        static const char *const STATUS_ID[] = {"done", "failing", "not_started"};
        fprintf(f, "section\t%s\t%s\t%zu\t%zu\t%.3f\t%.3f\n", sr->def->slug, STATUS_ID[sr->status], sr->passed,
                sr->check_count, sr->compile_seconds, sr->check_seconds);
        for (size_t i = 0; i < sr->check_count; i++) {
            const check_result *r = &sr->checks[i];
            fprintf(f, "check\t%s\t%s\t%s\t%s\t%s\t%s\n", sr->def->slug, sr->def->checks[i].name,
                    r->passed ? "pass" : "fail", r->passed ? "passed" : outcome_id(r->record.outcome),
                    r->passed ? "-" : diagnosis_id(r->record.diag),
                    sr->compiled && check_is_random(sr, i) ? "random" : "fixed");
        }
    }
}

/* ---- what the course platforms show (Gradescope, PrairieLearn) ---- */

/* The check's one line for the student, in the chosen language. */
static const char *check_title(const section_result *sr, size_t i)
{
    const check_def *c = &sr->def->checks[i];
    return msg_is_english() ? c->title_en : c->title;
}

static int test_passed(const graded_check *g)
{
    return g->points >= g->max && g->max > 0 ? 1 : (g->max == 0 ? g->result->passed : 0);
}

/* A failed test's text: what failed, where to reread, how to reproduce. */
static void failure_text(const section_result *sr, const check_record *r, int hidden, char *out, size_t size)
{
    char reread[1024], again[256], page[512];
    report_book_page(page, sizeof page, ".", sr->def->slug); /* the student's own tree */
    snprintf(reread, sizeof reread, msg(MSG_REREAD), sr->def->chapter, page);
    snprintf(again, sizeof again, msg(hidden ? MSG_REPRODUCE_HIDDEN : MSG_REPRODUCE), sr->def->slug);
    snprintf(out, size, "%s\n%s\n%s", r->text, reread, again);
}

/* A section that did not compile (or whose file is missing) is one test
 * worth all its points, not the same message once per check. */
static void section_failure(const section_result *sr, char *name, size_t name_size, double *max)
{
    const check_record *r = &sr->checks[0].record;
    snprintf(name, name_size, "%s › %s", sr->def->slug,
             msg(r->outcome == OUTCOME_MISSING ? MSG_ROW_MISSING : MSG_ROW_NO_COMPILE));
    graded_check g[2 * MAX_CHECKS];
    int n = graded_checks(sr, g, 2 * MAX_CHECKS);
    *max = 0;
    for (int k = 0; k < n; k++)
        *max += g[k].max;
}

/* An untouched stub that scored nothing ("not started", checker.c) is one
 * test worth all its points too: the stub's one harmless wrong value,
 * failed once per check with the check's given/expected/got, tells the
 * student nothing make check S=<slug> would not, and in a class it made
 * most of the results' bytes (a stub's results.json was 114 KB of 132
 * failed tests; issue 18). Any point scored keeps the per-check tests. */
static int section_not_started(const section_result *sr, double *max)
{
    if (!sr->compiled || sr->status != STATUS_NOT_STARTED)
        return 0;
    graded_check g[2 * MAX_CHECKS];
    int n = graded_checks(sr, g, 2 * MAX_CHECKS);
    *max = 0;
    for (int k = 0; k < n; k++) {
        if (g[k].points > 0)
            return 0;
        *max += g[k].max;
    }
    return 1;
}

/* Its one test's name and text. */
static void not_started_test(const section_result *sr, double max, char *name, size_t name_size, char *out,
                             size_t out_size)
{
    char reread[1024], page[512];
    report_book_page(page, sizeof page, ".", sr->def->slug); /* the student's own tree */
    snprintf(name, name_size, "%s › %s", sr->def->slug, msg(MSG_STATUS_NOT_STARTED));
    snprintf(reread, sizeof reread, msg(MSG_REREAD), sr->def->chapter, page);
    int n = snprintf(out, out_size, msg(MSG_GRADE_NOT_STARTED), sr->def->slug, sr->def->source, max, sr->def->slug);
    if (n >= 0 && (size_t)n < out_size)
        snprintf(out + n, out_size - (size_t)n, "\n%s", reread);
}

typedef struct {
    double score, max;                 /* every graded check */
    double visible_score, visible_max; /* the visible ones */
    int hidden_tests;
} totals;

static totals totals_of(const section_result *results, size_t count)
{
    totals t = {0, 0, 0, 0, 0};
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        double ignored;
        int one_test = !results[s].compiled || section_not_started(&results[s], &ignored);
        for (int k = 0; k < n; k++) {
            t.score += g[k].points;
            t.max += g[k].max;
            /* a section that did not compile, or not started, is one visible test */
            int hidden = g[k].hidden && !one_test;
            t.hidden_tests += hidden;
            if (!hidden) {
                t.visible_score += g[k].points;
                t.visible_max += g[k].max;
            }
        }
    }
    return t;
}

/* One line a command printed (its first), or "unknown". */
static void command_line(const char *const *argv, char *out, size_t size)
{
    spawn_request rq = {.argv = argv, .timeout_ms = 5000, .output_keep = 4096, .output_limit = 1u << 16};
    spawn_result rs;
    spawn_run(&rq, &rs);
    if (rs.end == SPAWN_EXITED && rs.exit_code == 0 && rs.output && rs.output_size > 0)
        snprintf(out, size, "%.*s", (int)strcspn(rs.output, "\n"), rs.output);
    else
        snprintf(out, size, "unknown");
    spawn_result_free(&rs);
}

/* The checker's version, as checker/version.sh finds it (the one lookup:
 * <root>/VERSION, else the git commit, "+changes" when tracked files
 * differ), or "unknown". grade_all finds it once for the class and hands
 * it over (--checker-version): a bash and two git processes a submission
 * less. */
static void checker_version(const options *o, char *out, size_t size)
{
    if (o->checker_version) { /* grade_all found it so, once for its whole run */
        snprintf(out, size, "%s", o->checker_version);
        return;
    }
    char script[4096];
    snprintf(script, sizeof script, "%s/checker/version.sh", o->root);
    command_line((const char *const[]){"bash", script, o->root, NULL}, out, size);
}

/* Gradescope's extra_data (staff only): the checker's version, the
 * compiler and its version, whether the random checks were also graded on
 * a hidden seed, and the most the submission could score. Nothing derived
 * from the seed: a plain hash of a 32-bit seed (or of a date, as seeds are
 * often chosen) is undone by trying them all, and results.json reaches
 * whoever the platform shows it to. */
static void write_extra_data(FILE *f, const options *o, double max_score)
{
    char version[256], compiler[512];
    checker_version(o, version, sizeof version);
    if (!cache_get_compiler_version(o, compiler, sizeof compiler)) {
        command_line((const char *const[]){o->cc, "--version", NULL}, compiler, sizeof compiler);
        if (strcmp(compiler, "unknown") != 0)
            cache_put_compiler_version(o, compiler);
    }
    fprintf(f, ",\n  \"extra_data\": {\"checker_version\": ");
    json_string(f, version);
    fprintf(f, ", \"compiler\": ");
    json_string(f, o->cc);
    fprintf(f, ", \"compiler_version\": ");
    json_string(f, compiler);
    fprintf(f, ", \"seed\": \"%s\", \"max_score\": %.2f}", o->hidden ? "hidden" : "visible", max_score);
}

/* One of Gradescope's tests. */
static void gradescope_test(FILE *f, int *first, const char *name, const char *number, double score, double max,
                            int passed, const char *out, int hidden, const char *slug)
{
    fprintf(f, "%s\n    {\"name\": ", *first ? "" : ",");
    *first = 0;
    json_string(f, name);
    fprintf(f, ", \"number\": \"%s\", \"score\": %.2f, \"max_score\": %.2f, \"status\": \"%s\", \"output\": ", number,
            score, max, passed ? "passed" : "failed");
    json_string(f, out);
    fprintf(f, ", \"tags\": [");
    json_string(f, slug);
    fprintf(f, "], \"visibility\": \"%s\"}", hidden ? "after_due_date" : "visible");
}

/* A section's tests: one per graded check, or the one that says it did
 * not compile. */
static void gradescope_section(FILE *f, const section_result *sr, int *first)
{
    static char out[8192];
    char name[512], num[32];
    if (!sr->compiled) {
        double max;
        section_failure(sr, name, sizeof name, &max);
        snprintf(num, sizeof num, "%d.1", atoi(sr->def->slug));
        failure_text(sr, &sr->checks[0].record, 0, out, sizeof out);
        gradescope_test(f, first, name, num, 0, max, 0, out, 0, sr->def->slug);
        return;
    }
    double max;
    if (section_not_started(sr, &max)) {
        not_started_test(sr, max, name, sizeof name, out, sizeof out);
        snprintf(num, sizeof num, "%d.1", atoi(sr->def->slug));
        gradescope_test(f, first, name, num, 0, max, 0, out, 0, sr->def->slug);
        return;
    }
    graded_check g[2 * MAX_CHECKS];
    int n = graded_checks(sr, g, 2 * MAX_CHECKS);
    for (int k = 0; k < n; k++) {
        snprintf(name, sizeof name, "%s › %s — %s%s", sr->def->slug, g[k].name, check_title(sr, g[k].index),
                 g[k].hidden ? " (hidden)" : "");
        snprintf(num, sizeof num, "%d.%d", atoi(sr->def->slug), k + 1);
        int passed = test_passed(&g[k]);
        if (passed)
            snprintf(out, sizeof out, "%s", msg(MSG_GRADE_PASSED));
        else
            failure_text(sr, &g[k].result->record, g[k].hidden, out, sizeof out);
        gradescope_test(f, first, name, num, g[k].points, g[k].max, passed, out, g[k].hidden, sr->def->slug);
    }
}

/* Gradescope's results.json (--gradescope). While hidden tests wait for
 * the due date (after_due_date), the output sums the visible ones only:
 * a total with the hidden points in it would tell the student the hidden
 * score. */
static void write_gradescope(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    totals t = totals_of(results, count);
    /* Gradescope's results format has no top-level maximum (its specs list
     * score, execution_time, output, visibility, stdout_visibility,
     * extra_data and tests): the assignment's points are set on Gradescope,
     * and the maximum goes to extra_data for staff and scripts */
    fprintf(f, "{\n  \"score\": %.2f,\n  \"execution_time\": %.2f,\n  \"output\": ", t.score, seconds);
    char summary[512];
    if (t.hidden_tests)
        snprintf(summary, sizeof summary, msg(MSG_GRADE_SUMMARY_VISIBLE), count, t.visible_score, t.visible_max);
    else
        snprintf(summary, sizeof summary, msg(MSG_GRADE_SUMMARY), count, t.score, t.max);
    json_string(f, summary);
    write_extra_data(f, o, t.max);
    fprintf(f, ",\n  \"tests\": [");
    int first = 1;
    for (size_t s = 0; s < count; s++)
        gradescope_section(f, &results[s], &first);
    fprintf(f, "\n  ]\n}\n");
}

/* One of PrairieLearn's tests. */
static void prairielearn_test(FILE *f, int *first, const char *name, double points, double max, const char *message,
                              const char *out)
{
    fprintf(f, "%s\n    {\"name\": ", *first ? "" : ",");
    *first = 0;
    json_string(f, name);
    fprintf(f, ", \"points\": %.2f, \"max_points\": %.2f, \"message\": ", points, max);
    json_string(f, message);
    fprintf(f, ", \"output\": ");
    json_string(f, out);
    fprintf(f, "}");
}

static void prairielearn_section(FILE *f, const options *o, const section_result *sr, int *first)
{
    static char out[8192];
    char name[512];
    if (!sr->compiled) {
        double max;
        section_failure(sr, name, sizeof name, &max);
        failure_text(sr, &sr->checks[0].record, 0, out, sizeof out);
        prairielearn_test(f, first, name, 0, max, msg(sr->checks[0].record.outcome == OUTCOME_MISSING ? MSG_ROW_MISSING
                                                                                                      : MSG_ROW_NO_COMPILE),
                          out);
        return;
    }
    double max;
    if (section_not_started(sr, &max)) {
        not_started_test(sr, max, name, sizeof name, out, sizeof out);
        prairielearn_test(f, first, name, 0, max, msg(MSG_STATUS_NOT_STARTED), out);
        return;
    }
    graded_check g[2 * MAX_CHECKS];
    int n = graded_checks(sr, g, 2 * MAX_CHECKS);
    int hidden_count = 0, hidden_passed = 0;
    double hidden_points = 0, hidden_max = 0;
    for (int k = 0; k < n; k++) {
        int passed = test_passed(&g[k]);
        if (g[k].hidden && !o->hidden_shown) { /* summarised below, no inputs */
            hidden_count++;
            hidden_passed += passed;
            hidden_points += g[k].points;
            hidden_max += g[k].max;
            continue;
        }
        snprintf(name, sizeof name, "%s › %s — %s%s", sr->def->slug, g[k].name, check_title(sr, g[k].index),
                 g[k].hidden ? " (hidden)" : "");
        if (passed)
            snprintf(out, sizeof out, "%s", msg(MSG_GRADE_PASSED));
        else
            failure_text(sr, &g[k].result->record, g[k].hidden, out, sizeof out);
        prairielearn_test(f, first, name, g[k].points, g[k].max,
                          passed ? msg(MSG_GRADE_PASSED) : msg(MSG_STATUS_FAILING), out);
    }
    if (hidden_count > 0) {
        snprintf(name, sizeof name, msg(MSG_PL_HIDDEN_NAME), sr->def->slug);
        snprintf(out, sizeof out, msg(MSG_PL_HIDDEN_TEXT), hidden_passed, hidden_count, sr->def->slug);
        prairielearn_test(f, first, name, hidden_points, hidden_max,
                          hidden_passed == hidden_count ? msg(MSG_GRADE_PASSED) : msg(MSG_STATUS_FAILING), out);
    }
}

/* A section the student handed in that did not compile (not a missing
 * file): PrairieLearn's own example of a submission that is not gradable. */
static int compile_failed(const section_result *sr)
{
    return !sr->compiled && sr->checks[0].record.outcome != OUTCOME_MISSING;
}

/* PrairieLearn's external-grader results.json (--prairielearn): a score
 * in [0, 1] and the tests. A submission with no graded file at all, or
 * with a handed-in file that does not compile, is "gradable": false with
 * format_errors (PrairieLearn then counts no attempt against the student);
 * the compiler's messages are the format errors. */
static void write_prairielearn(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    (void)seconds;
    size_t found = 0, broken = 0;
    for (size_t s = 0; s < count; s++) {
        found += results[s].checks[0].record.outcome != OUTCOME_MISSING || results[s].compiled;
        broken += compile_failed(&results[s]);
    }
    if (found == 0 && count > 0) {
        char expected[512], why[1024];
        snprintf(expected, sizeof expected, "%s/%s", results[0].def->slug, results[0].def->source);
        snprintf(why, sizeof why, msg(MSG_GRADE_UNGRADABLE), expected);
        fprintf(f, "{\n  \"gradable\": false,\n  \"format_errors\": [");
        json_string(f, why);
        fprintf(f, "],\n  \"message\": ");
        json_string(f, why);
        fprintf(f, "\n}\n");
        return;
    }
    if (broken > 0) {
        static char out[8192];
        char name[512];
        double max;
        fprintf(f, "{\n  \"gradable\": false,\n  \"format_errors\": [");
        int first = 1;
        for (size_t s = 0; s < count; s++) {
            if (!compile_failed(&results[s]))
                continue;
            section_failure(&results[s], name, sizeof name, &max);
            failure_text(&results[s], &results[s].checks[0].record, 0, out, sizeof out);
            fprintf(f, "%s", first ? "" : ", ");
            first = 0;
            json_string(f, out);
        }
        fprintf(f, "],\n  \"message\": ");
        json_string(f, msg(MSG_PL_NOT_GRADABLE));
        fprintf(f, "\n}\n");
        return;
    }
    totals t = totals_of(results, count);
    char summary[512];
    snprintf(summary, sizeof summary, msg(MSG_GRADE_SUMMARY), count, t.score, t.max);
    fprintf(f, "{\n  \"gradable\": true,\n  \"score\": %.4f,\n  \"message\": ", t.max > 0 ? t.score / t.max : 0.0);
    json_string(f, summary);
    fprintf(f, ",\n  \"tests\": [");
    int first = 1;
    for (size_t s = 0; s < count; s++)
        prairielearn_section(f, o, &results[s], &first);
    fprintf(f, "\n  ]\n}\n");
}

/* A JUnit case's failure: the outcome's id, then the text. */
static void junit_case(FILE *f, const char *slug, const char *name, const char *hidden, const char *failure_id,
                       const char *text)
{
    fprintf(f, "    <testcase classname=\"");
    xml_text(f, slug);
    fprintf(f, "\" name=\"");
    xml_text(f, name);
    fprintf(f, "%s\"", hidden);
    if (!failure_id) {
        fprintf(f, "/>\n");
        return;
    }
    fprintf(f, ">\n      <failure message=\"%s\">", failure_id);
    xml_text(f, text);
    fprintf(f, "</failure>\n    </testcase>\n");
}

static int junit_failed(const graded_check *g)
{
    return g->hidden ? !(g->points > 0 || g->max == 0) : !g->result->passed;
}

/* JUnit XML (--junit): a suite per section, a case per graded check (one
 * for a section not started, as on the course platforms). */
static void write_junit(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    (void)o;
    (void)seconds;
    int tests = 0, failures = 0;
    double max;
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        if (section_not_started(&results[s], &max)) {
            tests++, failures++;
            continue;
        }
        for (int k = 0; k < n; k++) {
            tests++;
            failures += junit_failed(&g[k]);
        }
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ik-workbook\" tests=\"%d\" failures=\"%d\">\n",
            tests, failures);
    for (size_t s = 0; s < count; s++) {
        const char *slug = results[s].def->slug;
        fprintf(f, "  <testsuite name=\"");
        xml_text(f, slug);
        if (section_not_started(&results[s], &max)) {
            static char name[512], out[8192];
            not_started_test(&results[s], max, name, sizeof name, out, sizeof out);
            fprintf(f, "\" tests=\"1\" failures=\"1\">\n");
            junit_case(f, slug, msg(MSG_STATUS_NOT_STARTED), "", "untouched_stub", out);
            fprintf(f, "  </testsuite>\n");
            continue;
        }
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        int suite_failures = 0;
        for (int k = 0; k < n; k++)
            suite_failures += junit_failed(&g[k]);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\">\n", n, suite_failures);
        for (int k = 0; k < n; k++)
            junit_case(f, slug, g[k].name, g[k].hidden ? " (hidden)" : "",
                       junit_failed(&g[k]) ? outcome_id(g[k].result->record.outcome) : NULL,
                       g[k].result->record.text);
        fprintf(f, "  </testsuite>\n");
    }
    fprintf(f, "</testsuites>\n");
}

/* "slug points max" per section, for the gradebook. */
static void write_scores(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    (void)o;
    (void)seconds;
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
}

/* The formats, in the order they are written. `grading`: needs the points
 * table, and a failure to write one stops the grading outputs after it. */
const output_format OUTPUTS[OUTPUT_COUNT] = {
    [OUTPUT_GRADESCOPE] = {"gradescope", "--gradescope", 1, write_gradescope},
    [OUTPUT_PRAIRIELEARN] = {"prairielearn", "--prairielearn", 1, write_prairielearn},
    [OUTPUT_JUNIT] = {"junit", "--junit", 1, write_junit},
    [OUTPUT_SCORES] = {"scores", "--scores", 1, write_scores},
    [OUTPUT_RESULTS] = {"results", "--results", 0, write_results},
};

int outputs_grading(const options *o)
{
    for (int k = 0; k < OUTPUT_COUNT; k++)
        if (OUTPUTS[k].grading && o->output[k])
            return 1;
    return 0;
}

static int write_one(const options *o, output_kind k, const section_result *results, size_t count, double seconds)
{
    FILE *f = fopen(o->output[k], "w");
    if (!f)
        return 0;
    OUTPUTS[k].write(f, o, results, count, seconds);
    return fclose(f) == 0;
}

int outputs_write(const options *o, const section_result *results, size_t count, double seconds)
{
    int ok = 1;
    for (int k = 0; k < OUTPUT_COUNT; k++) {
        if (!OUTPUTS[k].grading || !o->output[k])
            continue;
        if (!write_one(o, (output_kind)k, results, count, seconds)) {
            fprintf(stderr, "checker: cannot write the grading files\n");
            ok = 0;
            break;
        }
    }
    for (int k = 0; k < OUTPUT_COUNT; k++)
        if (!OUTPUTS[k].grading && !write_one(o, (output_kind)k, results, count, seconds)) {
            fprintf(stderr, "checker: cannot write %s\n", o->output[k]);
            ok = 0;
        }
    return ok;
}
