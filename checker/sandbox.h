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

/* Returns 0 once the filter is loaded, -1 if the kernel refused it. The
 * only exec it allows is execveat(exe_fd, "", ..., AT_EMPTY_PATH): the
 * runner, opened close-on-exec by the caller. */
int sandbox_enter(int exe_fd);

#endif
