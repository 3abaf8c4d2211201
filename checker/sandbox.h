/* sandbox.h - the cage a runner lives in (Linux seccomp + rlimits).
 *
 * Called in the child between fork and exec. The allow-list covers what a
 * statically linked program doing pure computation needs: reading its
 * requests on stdin, writing to stdout, stderr and the answer pipe (fd 3),
 * memory, signals to itself, clocks and exit. Anything else - opening a
 * file, creating a process, a socket, signalling another process - kills
 * the runner with SIGSYS, which the checker scores like a wrong answer. */
#ifndef CHECKER_SANDBOX_H
#define CHECKER_SANDBOX_H

/* Returns 0 once the filter is loaded, -1 if the kernel refused it. */
int sandbox_enter(void);

#endif
