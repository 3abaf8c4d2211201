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

#include <stddef.h>

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

/* The compiler's cage: a root of its own. The compiler reads whatever a
 * source names (#include, #line, __has_include, #pragma GCC dependency,
 * .incbin), so it is started where nothing else exists: a private mount
 * namespace whose root is an empty tmpfs holding, read-only, the toolchain
 * (/usr and its links, /etc/alternatives, /etc/ld.so.cache, /dev/null),
 * every file or folder the command line names (the given headers, the
 * staged headers, the glue objects), and, writable, the one folder of this
 * compile (its staged source, temporary files and runner). No references,
 * no other submission, no /proc, no /sys. As root it then runs as nobody;
 * as another user the namespace is a user namespace of its own.
 *
 * 1 when this machine lets the checker build one (asked once, in a child);
 * 0 when it does not (no mount namespaces: a container without
 * CAP_SYS_ADMIN, user namespaces switched off), and `why` says why.
 * IK_CHECKER_COMPILE_CAGE=off in the checker's environment makes it 0:
 * the tests use it to prove what the output scan holds on its own. */
int sandbox_fs_available(char *why, size_t why_size);

/* In the compiler's guardian (a process of its own, before it starts the
 * compiler): builds the cage on `mountpoint` (an empty folder) from the
 * `readable` folders (NULL-terminated, may be NULL) and what the compile's
 * argv names, `writable` the one folder it may write. 0 when built, -1
 * (and errno) when not: then the caller must not start the compiler. */
int sandbox_fs_build(const char *mountpoint, const char *const *readable, const char *writable,
                     const char *const *argv);

/* In the compiler's process (vfork child of the guardian): into the
 * cage's root, at the same working folder, as nobody when root. System
 * calls only. 0 when in, -1 when not (the caller exits). */
int sandbox_fs_enter(void);

#endif
