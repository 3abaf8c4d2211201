/* grade_figures.h - a graded class's figures, for grade_all. */
#ifndef CHECKER_GRADE_FIGURES_H
#define CHECKER_GRADE_FIGURES_H

/* Every submission's (OUT/<name>/) convergence figures and failing-case
 * pictures not drawn yet, drawn by up to JOBS gnuplots (one script, cut
 * in JOBS parts, in WORK) rather than one gnuplot a figure; the SVGs
 * written smaller, the numbers drawn from removed. ROOT: the workbook
 * (plots/student_vs_reference.gp). */
void figures_draw(const char *root, const char *work, const char *out, const char *const *names, int count, int jobs);

#endif
