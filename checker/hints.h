/* hints.h - a section's hints for the terminal (make hint, watch's h).
 *
 * One source for the book and the terminal: checker/sections/<slug>/hints.md
 * (and hints.en.md beside it), hints separated by lines starting with
 * "---", each opening with a "# title" line, weakest first. The book
 * (chapters/filters/book.lua) shows them with pandoc, which typesets the
 * TeX math between $...$; a terminal cannot, so hint_render_math() turns
 * it into Unicode text: $L_1$ -> L₁, $D \ge 0$ -> D ≥ 0, $\beta = \pi$ ->
 * β = π, $178.45^\circ$ -> 178.45°.
 *
 * A hint may say which failures it is about, on a line of its own after
 * the title (an HTML comment: the book does not show it):
 *
 *     <!-- for: distance_margin full_reach_rounding -->
 *
 * naming diagnosis ids (diagnoses.def). The next hint is the weakest one
 * not shown yet that is for the named mistake of the failure on screen
 * (the one the report leads with; an untouched stub names none), else
 * the weakest not shown yet: hints
 * come in file order unless a named mistake calls for one, and the
 * terminal says which of the two rules chose it. Names that are not a
 * diagnosis (a check's name, an outcome) call no hint: a check fails for
 * many mistakes, and its tagged hint may be about another one. */
#ifndef CHECKER_HINTS_H
#define CHECKER_HINTS_H

#include <stddef.h>
#include <stdio.h>

#define HINTS_MAX 24

typedef struct {
    int count;
    struct {
        char title[512];
        char tags[512]; /* the "for:" names, each followed by one space */
        char body[6144];
    } hint[HINTS_MAX];
} hint_file;

/* The failure the student is looking at (any part may be "" or "-"). */
typedef struct {
    char check[64];
    char outcome[32];
    char diag[64];
} hint_failure;

/* Reads a hints file; returns the number of hints (0 when there is none). */
int hints_load(FILE *f, hint_file *h);

/* 1 when `tags` (as hint_file keeps them) names `name`. */
int hint_is_for(const char *tags, const char *name);

/* The hint to show next, 0-based: see the rule above. shown[k] non-zero
 * for each hint shown already. *why gets the name it was chosen for, or
 * NULL. When every hint was shown: the strongest for the failure, or the
 * last one. */
int hint_choose(const hint_file *h, const int *shown, const hint_failure *now, const char **why);

/* The failing check of `slug` the report leads with, from a checker's
 * results.tsv: the first that names a mistake, else the first failing;
 * 1 when one was found (the file may be missing or older than the code). */
int hint_failure_from_results(const char *results_path, const char *slug, hint_failure *out);

/* The TeX math in `in` ($...$ outside `code`) as Unicode text; the rest is
 * copied as it is. Writes at most out_size - 1 bytes and a NUL; returns
 * the length. */
size_t hint_render_math(char *out, size_t out_size, const char *in);

#endif
