/* sections.h - the graded sections, as listed in sections.def (the one
 * registry). Slugs are fixed: the same names are used by exercises/,
 * solutions/, checker/sections/, the chapters and the plots. */
#ifndef CHECKER_SECTIONS_H
#define CHECKER_SECTIONS_H

#include <stddef.h>

typedef struct {
    const char *name;     /* stable id, e.g. "worked_examples" */
    const char *title;    /* one line for the student (Thai) */
    const char *title_en; /* the same line in English (--lang en) */
    void (*run)(void);    /* the CUnit test body */
    unsigned flags;       /* CHECK_RANDOM or CHECK_FIXED, said for every check */
} check_def;

/* The check draws its cases from the seed (check_rng): the driver sweeps it
 * over --seed-count seeds and, when grading, runs it again on cases drawn
 * from the hidden seed, for its hidden points. A grading decision, so it
 * is declared here, beside the check, not inferred from the drawing. */
#define CHECK_RANDOM 1u
#define CHECK_FIXED 0u /* the same cases whatever the seed */

#define MAX_DEPS 4

typedef struct {
    const char *slug;               /* "03_two_bone" */
    const char *source;             /* graded file inside the slug folder */
    const char *title;              /* Thai title */
    const char *chapter;            /* chapter sections to reread, "§5" */
    const char *deps[MAX_DEPS];     /* sections whose student file's object is linked into its runner (deps.c) */
    const check_def *checks;        /* ends with a {NULL} entry */
    void (*figure)(void);           /* optional: draws the student's own figure */
} section_def;

extern const section_def SECTIONS[];
extern const size_t SECTION_COUNT;

/* How many sections the registry lists, as a constant, for every table
 * sized by sections (the checker's results, grade_all's gradebook). */
enum {
#define SECTION(num, name, SUITE, title, chapter, deps, figure) SECTION_SLOT_##SUITE,
#include "sections.def"
#undef SECTION
    MAX_SECTIONS
};

/* One suite per section, defined in sections/<slug>/suite.c as
 * SUITE_CHECKS, and SUITE_FIGURE where sections.def says FIGURE (05 and 06:
 * the student's convergence curve over the reference's). */
#define SECTION_FIGURE_DECL_NO_FIGURE(SUITE)
#define SECTION_FIGURE_DECL_FIGURE(SUITE) void SUITE##_FIGURE(void);
#define SECTION(num, name, SUITE, title, chapter, deps, figure) \
    extern const check_def SUITE##_CHECKS[];                    \
    SECTION_FIGURE_DECL_##figure(SUITE)
#include "sections.def"
#undef SECTION

#define DEFINE_SUITE(name, ...) const check_def name##_CHECKS[] = {__VA_ARGS__, {NULL, NULL, NULL, NULL, 0}};

size_t section_check_count(const section_def *section);
const section_def *section_find(const char *slug);

#endif
