/* os.h - what every program of the checker asks of the operating system,
 * defined once: the monotonic clock, folders made, files tested and
 * copied. Linked into build/checker, grade_all, watch, the selftest and
 * the bench. */
#ifndef CHECKER_OS_H
#define CHECKER_OS_H

/* Monotonic seconds: every deadline and timing here uses this clock. */
double os_clock(void);

/* CPU seconds (user + system) of this process and of the children it has
 * waited for (a compiler, a runner once stopped, gnuplot): for timings. */
double os_cpu(void);

/* mkdir -p: 1 when the folder exists afterwards. No shell is involved, so
 * a folder named after a student may hold quotes or spaces. */
int make_dirs(const char *path);

/* A regular file (following links). */
int file_exists(const char *path);

/* A graded file must be the student's own bytes: a regular file, not a
 * symbolic link, whose real path lies inside the folder `dir`. */
int own_regular_file(const char *dir, const char *path);

/* Copies `from` to `to` (created or emptied); 1 on success. */
int copy_file(const char *from, const char *to);

/* Does a line of the file (the first 1023 bytes of each) hold `needle`? */
int file_contains(const char *path, const char *needle);

#endif
