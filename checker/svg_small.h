/* svg_small.h - a gnuplot SVG written smaller, drawn the same.
 *
 * grade_all draws every student's figures and failing-case pictures into
 * the results handed back; gnuplot's SVG repeats a 110-byte style on every
 * group and leaves empty groups for every tic and grid line (a 07 picture:
 * 59 KB, of which 8 KB are the lines drawn). svg_small rewrites the file
 * with the empty groups gone, each group's style given once as a class,
 * and no indentation: the same elements with the same computed style. */
#ifndef CHECKER_SVG_SMALL_H
#define CHECKER_SVG_SMALL_H

/* Rewrites `path` in place when it is an SVG gnuplot wrote (else leaves it
 * alone). Returns 1 when it was rewritten. */
int svg_small(const char *path);

#endif
