/* picture.h - a picture of the case a check failed on (issue 17).
 *
 * A suite, at the point it reports a failure, records the case as named
 * blocks of points (the student's result, the reference's, the given
 * input) and a few numbers and labels; nothing is drawn then. After the
 * section's checks (the hidden run included, so drawing never eats a
 * check's time budget) the driver writes one data file and one gnuplot
 * script per failing check and runs gnuplot once for all of them:
 *   <dir>/<slug>__<check>.{svg,png}
 * drawn by the template plots/failing/<kind>.gp. A passing check records
 * nothing and a run without failures draws nothing.
 *
 * Only the visible run records (picture_begin .. picture_stop): a case of
 * the hidden seed is never drawn. The first picture_case() of a check wins,
 * like check_fail(). Every number is the student's untrusted output or
 * derived from it: non-finite values are written as NaN (gnuplot skips
 * them) and huge ones are clamped, so a picture can look odd but never
 * break the script. */
#ifndef CHECKER_PICTURE_H
#define CHECKER_PICTURE_H

#include "ikmath.h"
#include "sections.h"

/* The locale every gnuplot of the checker runs in: the templates say "set
 * encoding utf8" (Thai labels measured in characters), and under the C
 * locale gnuplot then warns "iconv failed to convert degree sign" into
 * pictures.log on every drawing (issue 35); under C.UTF-8 it does not,
 * and numbers print the same ('.' for the decimal point). */
#define GNUPLOT_LOCALE "LC_ALL=C.UTF-8"

/* ---- the suites' side -------------------------------------------------- */

/* Starts the running check's picture of kind `kind` (a template
 * plots/failing/<kind>.gp). Returns 1 when this call opened it (record the
 * blocks now), 0 when nothing is recorded (outside the visible run, no
 * running check, or the check already has its picture). */
int picture_case(const char *kind);

/* 3D points given afterwards are drawn in the plane through `origin`
 * spanned by the unit vectors x_axis, y_axis (orthogonal). Default: the
 * x-y plane. */
void picture_plane(vec3 origin, vec3 x_axis, vec3 y_axis);
/* A named block of points (one polyline). Names are unique in a picture
 * and no name contains another (gnuplot finds a block by substring). */
void picture_points(const char *block, const vec3 *points, int count);
void picture_xy(const char *block, const float *xy, int count); /* x0 y0 x1 y1 ... */
/* One label in block `block` (a block of labels), at (x, y) of the plane. */
void picture_label(const char *block, float x, float y, const char *text);
/* A gnuplot number variable, e.g. the number of passes. */
void picture_number(const char *name, double value);
/* A gnuplot string variable (shown as is, not enhanced text). */
void picture_text(const char *name, const char *text);
/* A label's words in the run's language: Thai with the English term, or
 * English (--lang en). */
const char *picture_tr(const char *thai, const char *english);
/* In the picture's plane: the projection of a 3D point. */
void picture_project(vec3 p, float *x, float *y);

/* A two-bone limb (03, 04): drawn in the plane of root, target and pole
 * (x along root->target, y toward the pole): the root->target line, the
 * pole, both elbows and tips. Opens the picture itself (kind "limb");
 * `title` names the case. */
void picture_limb(const char *title, vec3 root, vec3 target, vec3 pole, vec3 ref_mid, vec3 ref_tip, vec3 mid, vec3 tip);

/* ---- the driver's side ------------------------------------------------- */

/* Before the visible run of a section's checks: pictures go to
 * <result_dir>/pictures when grading (the student's result folder), else
 * <work>/pictures (created when a picture is drawn); an earlier run's
 * pictures of this section there are removed (they are stale now). work
 * NULL: record nothing (make list). */
void picture_begin(const char *work, const char *result_dir, const section_def *section);
/* After the visible run: nothing more is recorded. */
void picture_stop(void);
/* Grading with the cache: after the visible run, writes the section's
 * pictures into <plot_dir>/<slug>_failing_cases.rec, which the cache keeps
 * with the section's results (as a figure file) and brings back on a hit;
 * instead of picture_begin when the results come from the cache, reads
 * them back (pictures already drawn from them are kept, not redrawn). */
void picture_save(const char *plot_dir, const section_def *section);
/* Drops the section's pictures (an untouched stub's). */
void picture_forget(const section_def *section);
void picture_restore(const char *work, const char *plot_dir, const section_def *section);
/* After every section's checks, when grading: writes every failing
 * check's picture as data and one script, <dir>/pictures.gp (SVG only),
 * which grade_all draws with every other submission's in one gnuplot run.
 * Otherwise nothing: make check and watch show one failure, and
 * picture_print draws just the pictures it names (the SVG at once, the PNG
 * by a detached gnuplot right after). */
void picture_draw(void);
/* In the failure's feedback: draws the check's picture if it is not yet
 * drawn and prints the line naming it, or, when gnuplot is missing, once
 * per run the line saying how to get pictures; one line saying why when
 * the check has no picture. stub: the section is the untouched stub ("not
 * started"), the reason then (its status, not picture_forget: a section
 * whose results came from the grading cache forgot nothing). */
void picture_print(const char *slug, const char *check, int stub);

/* The student edition (picture.c's last part): the replay found no recorded
 * answer for what the running check's open picture asked the reference;
 * 1 when a picture was open (dropped now: the check is to be run again
 * without it), 0 otherwise. picture_redo flags in `only` (one int per
 * check of the section) those to run again, their pictures off; 0 when none. */
int picture_reference_missed(void);

/* make check and watch: starts gnuplot before section `slug` compiles when
 * it failed last time (work's results.tsv), so the first failing check's
 * picture does not wait for gnuplot's own start. work NULL: nothing. */
void picture_warm_up(const char *work, const char *slug);
int picture_redo(const section_def *section, int *only);

/* The failing-case drawers of 07, 08 and 10 are handed only the request
 * that failed: each check remembers where its batch of requests and the
 * student's answers are, and a failing request finds its answer by its
 * index in that batch (-1 when it is not one of them). */
typedef struct {
    const void *rq, *rs;
    size_t size_rq;
    int count;
} picture_batch;
extern picture_batch g_picture_batch;
/* inline: gcc then sees that only the pointers are kept (an answer array
 * not yet filled by check_call is not read here) */
static inline void picture_remember(const void *rq, size_t size_rq, const void *rs, int count)
{
    g_picture_batch.rq = rq, g_picture_batch.rs = rs, g_picture_batch.size_rq = size_rq, g_picture_batch.count = count;
}
#define PICTURE_REMEMBER(rq, rs, n) picture_remember((rq), sizeof *(rq), (rs), (int)(n))
int picture_answer_index(const void *rq, size_t size_rq);
const void *picture_answers(void);

#endif
