/* progress.h - how far a student is with a section, as make check, make
 * list, watch mode and grading all report it.
 *
 * "Not started" means one thing: the graded file is still the stub, byte
 * for byte: <stubs>/<slug>/<file>, the stubs as handed out (--stubs). In
 * grading that is the instructor's exercises/. When the student works in
 * exercises/ itself (make check), that folder is the student's work, not
 * the stub: the student edition keeps the stubs apart in checker/stubs/
 * (export.sh), and the workbook's make check passes a snapshot of the
 * commit's stubs (build/stubs, the Makefile's stubs_snapshot). Compared
 * with itself, a changed file with no check passing was "not started"
 * (issue 35). A file with one changed line
 * is an attempt, and a wrong attempt is failing; a file that does not
 * compile is failing for that reason (the row says so), never "not started"
 * - students keep the stub's TODO comment, so it cannot be the test.
 * A stub from a student edition (make classroom) is the stub plus the one
 * version line the export appends: untouched, it is "not started" too. */
#ifndef CHECKER_PROGRESS_H
#define CHECKER_PROGRESS_H

/* 1 when `graded` (the student's file) is a regular file holding exactly
 * the bytes of the stub stubs/<slug>/<source> (or those and a
 * student edition's version line) and `compiled` is non-zero; 0 otherwise,
 * also when either file cannot be read. */
int progress_not_started(const char *stubs, const char *slug, const char *source, const char *graded, int compiled);

/* 1 when the two files are regular and hold the same bytes. */
int progress_same_bytes(const char *a, const char *b);

#endif
