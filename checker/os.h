/* os.h - what every program of the checker asks of the operating system,
 * defined once: the monotonic clock, folders made, files tested and
 * copied. Linked into build/checker, grade_all, watch, the selftest and
 * the bench. */
#ifndef CHECKER_OS_H
#define CHECKER_OS_H

#include <stddef.h>

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

/* A private folder for short-lived files on a RAM-backed file system:
 * BASE/ik-workbook-<uid>/LEAF, where BASE is $XDG_RUNTIME_DIR or /dev/shm,
 * whichever first is a tmpfs that lets programs run (not noexec), is
 * writable and has `need_bytes` free. Both folders are made 0700 and must
 * be ours, real folders (not links) and closed to others: BASE is shared
 * with every user. 1 with the path in `out`; 0 when no such place exists
 * (the caller keeps its files on disk). */
int os_ram_folder(const char *leaf, long long need_bytes, char *out, size_t out_size);

/* The folder kept under `max_bytes`: its files removed oldest-modified
 * first (the grading cache touches an entry when it uses one, cache.c, so
 * the least recently used go first). What is left and how many went. */
void os_trim_folder(const char *dir, long long max_bytes, long long *kept_bytes, int *removed);

/* Does a line of the file (the first 1023 bytes of each) hold `needle`? */
int file_contains(const char *path, const char *needle);

#endif
