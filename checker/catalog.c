/* catalog.c - `checker --print-catalog [tsv|json] [--root DIR]`: what the
 * checker knows about its sections, for the book (chapters/filters/book.lua
 * via chapters/book.mk) and the tests (checker/tests/test_sections.sh), so
 * neither parses C. Reads nothing but the registry, the suites' tables, the
 * diagnoses, the message catalogue and each section's points
 * (<root>/checker/sections/<slug>/points.tsv, gathered by points.c).
 *
 * TSV, one record a line, the kind first; tabs, newlines and backslashes in
 * a field written \t, \n and \\ (the book turns them back):
 *   section    slug  graded-file  title  chapter  deps(comma list or -)  figure(0/1)
 *   check      slug  name  title(Thai)  title(English)  visible  hidden
 *              (visible and hidden are "-" when the check has no points row)
 *   diagnosis  id  sections(space list)  advice-message-id  advice(Thai)  advice(English)
 * JSON: {"sections": [{..., "checks": [...]}], "diagnoses": [...]} with the
 * same fields (points null when the row is missing). */
#include "catalog.h"

#include "diagnosis.h"
#include "driver.h"
#include "messages.h"
#include "sections.h"

#include <stdio.h>
#include <string.h>

/* ---- TSV ------------------------------------------------------------------ */

static void tsv_field(const char *text)
{
    putchar('\t');
    for (const char *p = text ? text : ""; *p; p++) {
        if (*p == '\t')
            fputs("\\t", stdout);
        else if (*p == '\n')
            fputs("\\n", stdout);
        else if (*p == '\\')
            fputs("\\\\", stdout);
        else
            putchar(*p);
    }
}

static void deps_text(const section_def *s, char *out, size_t size)
{
    out[0] = 0;
    for (int d = 0; d < MAX_DEPS && s->deps[d]; d++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", d ? "," : "", s->deps[d]);
    if (!out[0])
        snprintf(out, size, "-");
}

static void print_tsv(void)
{
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        const section_def *s = &SECTIONS[i];
        char deps[512];
        deps_text(s, deps, sizeof deps);
        fputs("section", stdout);
        tsv_field(s->slug), tsv_field(s->source), tsv_field(s->title), tsv_field(s->chapter), tsv_field(deps);
        tsv_field(s->figure ? "1" : "0");
        putchar('\n');
    }
    for (size_t i = 0; i < SECTION_COUNT; i++)
        for (const check_def *c = SECTIONS[i].checks; c->name; c++) {
            double visible, hidden;
            fputs("check", stdout);
            tsv_field(SECTIONS[i].slug), tsv_field(c->name), tsv_field(c->title), tsv_field(c->title_en);
            if (points_of(SECTIONS[i].slug, c->name, &visible, &hidden))
                printf("\t%g\t%g\n", visible, hidden);
            else
                fputs("\t-\t-\n", stdout);
        }
    for (int d = 1; d < DIAG_COUNT; d++) {
        msg_id advice = (msg_id)diagnosis_advice_id((diagnosis)d);
        fputs("diagnosis", stdout);
        tsv_field(diagnosis_id((diagnosis)d)), tsv_field(diagnosis_sections((diagnosis)d));
        tsv_field(msg_name(advice)), tsv_field(msg_in(advice, 0)), tsv_field(msg_in(advice, 1));
        putchar('\n');
    }
}

/* ---- JSON ----------------------------------------------------------------- */

/* The texts are the checker's own (valid UTF-8): only quotes, backslashes
 * and control characters need escaping. */
static void json_string(const char *text)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20)
            printf("\\u%04x", *p);
        else
            putchar(*p);
    }
    putchar('"');
}

static void json_field(const char *name, const char *value, int comma)
{
    printf("%s\"%s\": ", comma ? ", " : "", name);
    json_string(value);
}

static void print_json_checks(const section_def *s)
{
    fputs(", \"checks\": [", stdout);
    for (const check_def *c = s->checks; c->name; c++) {
        double visible, hidden;
        printf("%s\n      {", c == s->checks ? "" : ",");
        json_field("name", c->name, 0), json_field("title", c->title, 1), json_field("title_en", c->title_en, 1);
        if (points_of(s->slug, c->name, &visible, &hidden))
            printf(", \"visible\": %g, \"hidden\": %g}", visible, hidden);
        else
            fputs(", \"visible\": null, \"hidden\": null}", stdout);
    }
    fputs("]}", stdout);
}

static void print_json(void)
{
    fputs("{\"sections\": [", stdout);
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        const section_def *s = &SECTIONS[i];
        printf("%s\n    {", i ? "," : "");
        json_field("slug", s->slug, 0), json_field("source", s->source, 1), json_field("title", s->title, 1);
        json_field("chapter", s->chapter, 1);
        fputs(", \"deps\": [", stdout);
        for (int d = 0; d < MAX_DEPS && s->deps[d]; d++) {
            fputs(d ? ", " : "", stdout);
            json_string(s->deps[d]);
        }
        printf("], \"figure\": %s", s->figure ? "true" : "false");
        print_json_checks(s);
    }
    fputs("],\n  \"diagnoses\": [", stdout);
    for (int d = 1; d < DIAG_COUNT; d++) {
        msg_id advice = (msg_id)diagnosis_advice_id((diagnosis)d);
        printf("%s\n    {", d > 1 ? "," : "");
        json_field("id", diagnosis_id((diagnosis)d), 0), json_field("sections", diagnosis_sections((diagnosis)d), 1);
        json_field("advice_id", msg_name(advice), 1), json_field("advice", msg_in(advice, 0), 1);
        json_field("advice_en", msg_in(advice, 1), 1);
        putchar('}');
    }
    fputs("]}\n", stdout);
}

int catalog_main(const char *root, const char *format)
{
    if (strcmp(format, "tsv") && strcmp(format, "json")) {
        fprintf(stderr, "checker: --print-catalog takes tsv or json (got '%s')\n", format);
        return 2;
    }
    points_read(root, NULL);
    if (!strcmp(format, "tsv"))
        print_tsv();
    else
        print_json();
    return fflush(stdout) == 0 ? 0 : 2;
}
