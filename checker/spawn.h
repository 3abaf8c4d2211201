/* spawn.h - run an untrusted program (a runner, or the compiler on a
 * student's file) with a wall-clock limit, resource limits and captured,
 * capped output. Nothing the child does can block or kill the caller:
 * a hang is killed at the deadline, a flood of output is cut, a crash is
 * reported as a signal. */
#ifndef CHECKER_SPAWN_H
#define CHECKER_SPAWN_H

#include <stddef.h>

typedef enum {
    SPAWN_EXITED,        /* exited by itself; see exit_code */
    SPAWN_SIGNALED,      /* killed by a signal of its own (crash, abort) */
    SPAWN_TIMED_OUT,     /* killed by us at the wall-clock deadline */
    SPAWN_OUTPUT_FLOOD,  /* killed by us: printed more than output_limit */
    SPAWN_RESULTS_DONE,  /* we had every result byte we asked for and stopped it */
    SPAWN_FAILED         /* could not start it at all */
} spawn_end;

typedef struct {
    const char *const *argv;   /* argv[0] is the program path */
    const void *input;         /* bytes for its stdin (may be NULL) */
    size_t input_size;
    size_t results_wanted;     /* > 0: open fd 3 and collect this many bytes */
    int timeout_ms;
    size_t output_keep;        /* bytes of stdout+stderr kept for messages */
    size_t output_limit;       /* more than this and the child is killed */
    int cpu_seconds;           /* RLIMIT_CPU, 0 = none */
    size_t address_space;      /* RLIMIT_AS in bytes, 0 = none */
    int sandbox;               /* seccomp allow-list + no file writes (sandbox.h) */
    const char *tmpdir;        /* TMPDIR for the child (NULL: none), e.g. where
                                * a compiler leaves its temporary files */
    size_t file_size;          /* RLIMIT_FSIZE in bytes, 0 = none (the sandbox sets 0 bytes) */
    /* A program that starts programs of its own (the compiler: gcc, cc1,
     * as, ld): a guardian process starts it in a process group of its own
     * and, when the tree is stopped or the caller dies (even by SIGKILL),
     * kills the whole group and removes what it left: every file in tmpdir
     * and the file `output` (a half-written runner). */
    int process_tree;
    const char *output;
    /* A process tree started in the compiler's cage (sandbox.h,
     * sandbox_fs_build): its root built on cage_root (an empty folder),
     * holding cage_readable (NULL-terminated) and what argv names
     * read-only, cage_writable writable. NULL: no cage. */
    const char *cage_root;
    const char *const *cage_readable;
    const char *cage_writable;
} spawn_request;

typedef struct {
    spawn_end end;
    int exit_code;             /* SPAWN_EXITED */
    int signal;                /* SPAWN_SIGNALED */
    char *results;             /* bytes read from fd 3 (malloc'd) */
    size_t results_size;
    char *output;              /* first output_keep bytes, NUL-terminated */
    size_t output_size;
    size_t output_total;       /* everything it printed, counted */
    double seconds;
} spawn_result;

/* Runs the program to the end (or to its limits) and reports. */
void spawn_run(const spawn_request *request, spawn_result *result);
void spawn_result_free(spawn_result *result);

/* A program kept alive across several exchanges (a runner answering one
 * check's batch after another): start it once, exchange as often as it
 * keeps answering, stop it at the end. The request's input is ignored by
 * spawn_start; each exchange brings its own. */
typedef struct spawn_proc spawn_proc;
spawn_proc *spawn_start(const spawn_request *request);
/* Sends `input`, collects `results_wanted` bytes from fd 3 within the
 * request's timeout. SPAWN_RESULTS_DONE means the program answered and is
 * still alive; any other end means it is gone (killed or exited) and the
 * handle only reports that from now on. */
void spawn_exchange(spawn_proc *proc, const void *input, size_t input_size, size_t results_wanted,
                    spawn_result *result);
int spawn_alive(const spawn_proc *proc);
/* The wall-clock limit of the exchanges from now on. */
void spawn_set_timeout(spawn_proc *proc, int timeout_ms);
void spawn_stop(spawn_proc *proc);

#endif
