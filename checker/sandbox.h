/* sandbox.h - the cage a runner lives in (Linux seccomp + rlimits).
 *
 * Called in the child between fork and exec. The allow-list covers what a
 * statically linked program doing pure computation needs: reading its
 * requests on stdin, writing to stdout, stderr and the answer pipe (fd 3),
 * memory, signals to itself, clocks and exit. Anything else - opening a
 * file, creating a process, a socket, signalling another process, starting
 * another program - kills the runner with SIGSYS, which the checker scores
 * like a wrong answer. */
#ifndef CHECKER_SANDBOX_H
#define CHECKER_SANDBOX_H

/* Where sandbox_enter moves the runner's descriptor: the filter's one
 * allowed exec names it (not 0-4, the runner's pipes, protocol.h). */
#define SANDBOX_EXE_FD 5

/* Builds the filter once, in the checker before it forks a runner (libseccomp
 * allocates; a vfork child must not). 0 when ready, -1 if it could not be
 * built; asking again returns the first answer. */
int sandbox_prepare(void);

/* In the child: returns 0 once the filter is loaded, -1 if it was not
 * prepared or the kernel refused it (the caller then exits: never run
 * uncaged). The only exec it allows is execveat(SANDBOX_EXE_FD, "", ...,
 * AT_EMPTY_PATH): exe_fd, the runner opened close-on-exec by the caller,
 * is moved there. No allocation: safe between vfork and exec. */
int sandbox_enter(int exe_fd);

#endif
