/* grade_layout.h - which layout a class's upload has, for grade_all.
 *
 * One source of truth for the layouts: checker/submission.sh, which
 * Gradescope's run_autograder and make grade source too, answers for each
 * submission (its find_submission, in one bash for the class, or in a bash
 * of its own when that one fails), so grade_all recognises exactly what
 * they do - section folders at the top, a whole workbook or a student
 * edition (its exercises/), either inside one wrapping folder, or the
 * graded files loose (staged into the submission's work folder) - and
 * never follows a symbolic link.
 */
#ifndef CHECKER_GRADE_LAYOUT_H
#define CHECKER_GRADE_LAYOUT_H

#include <stddef.h>

/* The folder the checker grades for the upload SUBS/NAME, laid out like
 * exercises/, into dir. WORK is the submission's own work folder (removed
 * with it): loose files are staged into WORK/upload, and an upload that
 * matches no layout gets that folder empty. Found once per NAME and
 * remembered, so asking again stages nothing again. */
void layout_dir(const char *root, const char *subs, const char *name, const char *work, char *dir, size_t dir_size);

/* After the checker graded NAME: OUT/NAME/layout.txt says which layout
 * was found (and the version of a student edition); for an upload that
 * matched none, OUT/NAME/results.json becomes score 0 out of MAX_SCORE with
 * the one message saying what was expected (as run_autograder writes it). */
void layout_finish(const char *out, const char *name, double max_score);

/* PATH becomes a valid Gradescope results.json scoring 0 out of MAX_SCORE
 * that says OUTPUT (made safe text): the one fallback grade_all writes,
 * in the shape run_autograder writes its own (the maximum in extra_data:
 * Gradescope's format has none at the top). */
void write_zero_results(const char *path, const char *output, double max_score);

/* The class's layout bash told to end, and waited for (grade_all, when
 * every upload has been laid out). */
void layout_end(void);

#endif
