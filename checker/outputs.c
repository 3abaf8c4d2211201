/* outputs.c - every file the checker writes for other tools, behind one
 * table of formats (OUTPUTS below): the results file make list and
 * grade_all read, and the grading outputs for course tools - Gradescope's
 * results.json, JUnit XML, the scores per section. A new format is a
 * writer here and a row in the table (its option is parsed from the row).
 */
#define _GNU_SOURCE
#include "driver.h"
#include "messages.h"
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
                    r->passed ? "-" : diagnosis_id(r->record.diag), r->record.used_rng ? "random" : "fixed");
        }
    }
}

/* Gradescope's results.json (--gradescope). */
static void write_gradescope(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    (void)o;
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
}

/* JUnit XML (--junit): a suite per section, a case per graded check. */
static void write_junit(FILE *f, const options *o, const section_result *results, size_t count, double seconds)
{
    (void)o;
    (void)seconds;
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
