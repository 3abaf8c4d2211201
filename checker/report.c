/* report.c - what the student (or the instructor) reads on the terminal:
 * one row per section, the progress bar, the first failing check in full
 * (every one with --all), the notes (a figure's path) and, when grading,
 * the points per section. Everything the student chose is printed as safe
 * text (text.h): no byte of theirs can act on the terminal. */
#define _GNU_SOURCE
#include "driver.h"
#include "messages.h"
#include "os.h"
#include "picture.h"
#include "text.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* The picture's share of the run (drawn when its failure is printed). */
static double g_picture_wall, g_picture_cpu;

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

/* The failing check the report leads with: the first one that names a
 * mistake (a diagnosis says what to change; a check failing for the same
 * mistake without naming it tells less), else the first failing one. A
 * root-to-tip CCD fails unreachable_target first by a tolerance, but it is
 * pass_by_pass that names ccd_order. An untouched stub made no mistake:
 * a diagnosis its answers happen to match (02's zeros are pi minus pi) is
 * not led with. watch.c's hints follow the same check
 * (hint_failure_from_results). */
static const check_result *first_failure(const section_result *sr, size_t *index)
{
    const check_result *first = NULL;
    for (size_t i = 0; i < sr->check_count; i++) {
        if (sr->checks[i].passed)
            continue;
        if (sr->checks[i].record.diag != DIAG_NONE && sr->status != STATUS_NOT_STARTED) {
            *index = i;
            return &sr->checks[i];
        }
        if (!first) {
            *index = i;
            first = &sr->checks[i];
        }
    }
    return first;
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
    double wall = os_clock(), cpu = os_cpu();
    picture_print(sr->def->slug, c->name, sr->status == STATUS_NOT_STARTED);
    g_picture_wall += os_clock() - wall;
    g_picture_cpu += os_cpu() - cpu;
    char page[4200];
    report_book_page(page, sizeof page, o->root, sr->def->slug);
    printf(msg(MSG_REREAD), sr->def->chapter, page);
    printf("\n");
}

/* Where the student finds the section's page of the book (the chapter 9.3
 * itself is not in the workbook, nor in the student edition): the student
 * edition of the book as make book writes it, in either tree, from the
 * folder the checker was run in (root: "." or ../.. from a section). */
void report_book_page(char *out, size_t size, const char *root, const char *slug)
{
    if (!root || !strcmp(root, "."))
        snprintf(out, size, "build/book/student/%s.html", slug);
    else
        snprintf(out, size, "%s/build/book/student/%s.html", root, slug);
}

/* 1 when no check before `lead` fails (the lead is the first failing one). */
static int lead_is_first(const section_result *sr, size_t lead)
{
    for (size_t i = 0; i < lead; i++)
        if (!sr->checks[i].passed)
            return 0;
    return 1;
}

/* One section's row: mark, slug, checks passed, status and, cut to fit in
 * 80 columns, why it fails (the failure is shown in full below). */
static void print_row(const options *o, const section_result *sr)
{
    const char *mark = sr->status == STATUS_DONE ? "✓" : "✗";
    const char *color = sr->status == STATUS_DONE ? "\033[32m" : sr->status == STATUS_FAILING ? "\033[31m" : "\033[33m";
    printf("  %s%s %-22s %2zu/%-2zu %s%s", c_on(o, color), mark, sr->def->slug, sr->passed, sr->check_count,
           status_words(sr->status), c_on(o, "\033[0m"));
    size_t i;
    const check_result *f = first_failure(sr, &i);
    if (f) {
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
}

static void print_progress(size_t done, size_t count, size_t passed, size_t checks)
{
    const int width = 24; /* the whole line stays within 80 columns */
    int filled = checks ? (int)(passed * width / checks) : 0;
    printf("\n  %s [", msg(MSG_PROGRESS));
    for (int i = 0; i < width; i++)
        printf("%s", i < filled ? "#" : ".");
    printf("] ");
    printf(msg(MSG_PROGRESS_COUNTS), done, count, passed, checks);
    printf("\n\n");
}

/* The first failing check in full, and what to do next; every failing
 * check with --all. */
static void print_failures(const options *o, const section_result *results, size_t count, const char *dir)
{
    int shown = 0;
    for (size_t s = 0; s < count && !o->list_only && (!shown || o->show_all); s++) {
        size_t lead;
        if (!first_failure(&results[s], &lead))
            continue;
        /* the leading failure first (first_failure), then with --all the rest in order */
        for (size_t k = 0; k <= results[s].check_count; k++) {
            size_t i = k == 0 ? lead : k - 1;
            if ((k > 0 && i == lead) || results[s].checks[i].passed || (shown && !o->show_all))
                continue;
            if (!shown) /* the heading says why this check and not the first failing one */
                printf("%s\n", msg(lead_is_first(&results[s], lead) ? MSG_FIRST_FAILURE : MSG_LEAD_DIAGNOSED));
            else
                printf("\n");
            print_failure(o, &results[s], i);
            if (!shown) {
                printf(msg(MSG_NEXT_STEP), dir, results[s].def->slug, results[s].def->source, results[s].def->slug);
                printf("\n");
            }
            shown++;
        }
    }
}

void print_report(const options *o, const section_result *results, size_t count)
{
    size_t done = 0, checks = 0, passed = 0;
    /* the folder's name may be a student's (grade_all): safe text, one line */
    char dir[4096];
    text_safe_str(dir, sizeof dir, o->dir, 0);
    printf(msg(MSG_CHECKING_FOLDER), dir);
    for (size_t s = 0; s < count; s++) {
        print_row(o, &results[s]);
        done += results[s].status == STATUS_DONE;
        checks += results[s].check_count;
        passed += results[s].passed;
    }
    print_progress(done, count, passed, checks);
    print_failures(o, results, count, dir);
    if (done == count) /* S=02 passing is not the whole workbook passing */
        printf("%s%s%s\n", c_on(o, "\033[1;32m"), msg(o->selected_count ? MSG_ALL_SELECTED_PASS : MSG_ALL_PASS),
               c_on(o, "\033[0m"));
    for (size_t s = 0; s < count && !o->list_only; s++)
        if (results[s].note[0])
            printf("\n%s\n", results[s].note);
    /* make check MEMCHECK=1: say the sanitizers ran, also when they found nothing */
    for (int k = 0; k < o->flag_count; k++)
        if (strstr(o->flags[k], "-fsanitize")) {
            printf("\n%s\n", msg(MSG_MEMCHECK_ON));
            break;
        }
}

void print_scores(const section_result *results, size_t count)
{
    printf("%s", msg(MSG_SCORE_HEADER));
    double total = 0, total_max = 0;
    for (size_t s = 0; s < count; s++) {
        graded_check g[2 * MAX_CHECKS];
        int n = graded_checks(&results[s], g, 2 * MAX_CHECKS);
        double got = 0, max = 0, hidden_got = 0, hidden_max = 0;
        for (int k = 0; k < n; k++) {
            got += g[k].points;
            max += g[k].max;
            if (g[k].hidden) {
                hidden_got += g[k].points;
                hidden_max += g[k].max;
            }
        }
        printf("  %-22s %6.2f / %-6.2f (hidden %.2f / %.2f)\n", results[s].def->slug, got, max, hidden_got,
               hidden_max);
        total += got;
        total_max += max;
    }
    printf("  %-22s %6.2f / %-6.2f\n", "total", total, total_max);
}

void write_timings(const options *o, const section_result *results, size_t count, double started)
{
    if (!o->timings)
        return;
    FILE *f = fopen(o->timings, "a");
    if (!f)
        return;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    double wall = os_clock() - started, end = (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
    double compile = 0, compile_cpu = 0, checks = 0, checks_cpu = 0;
    for (size_t s = 0; s < count; s++) {
        compile += results[s].compile_seconds, compile_cpu += results[s].compile_cpu;
        checks += results[s].check_seconds, checks_cpu += results[s].check_cpu;
    }
    /* wall/cpu seconds; start and end are the epoch (to meet a save's time) */
    fprintf(f, "checker start=%.6f end=%.6f sections=%zu first=%s compile=%.4f/%.4f checks=%.4f/%.4f picture=%.4f/%.4f total=%.4f/%.4f\n",
            end - wall, end, count, count ? results[0].def->slug : "-", compile, compile_cpu, checks, checks_cpu,
            g_picture_wall, g_picture_cpu, wall, os_cpu());
    fclose(f);
}
