/* sandbox.c - see sandbox.h. */
#define _GNU_SOURCE
#include "sandbox.h"
#include "protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <unistd.h>

/* Allowed with no condition on their arguments: memory, signals to the
 * own thread, clocks, and the bookkeeping a static C runtime does when it
 * starts (TLS, robust futex list, rseq). */
static const int FREE_SYSCALLS[] = {
    SCMP_SYS(brk), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(madvise),
    SCMP_SYS(arch_prctl), SCMP_SYS(set_tid_address), SCMP_SYS(set_robust_list), SCMP_SYS(rseq),
    SCMP_SYS(getrandom), SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn),
    SCMP_SYS(sigaltstack), SCMP_SYS(gettid), SCMP_SYS(getpid), SCMP_SYS(getppid),
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday), SCMP_SYS(time),
    SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep), SCMP_SYS(sched_yield), SCMP_SYS(futex),
    SCMP_SYS(exit), SCMP_SYS(exit_group),
};

/* Asked about by the C runtime, harmless to refuse: answered with an
 * error instead of a kill, so printf to a pipe still works. */
static const int REFUSED_SYSCALLS[] = {
    SCMP_SYS(readlink), SCMP_SYS(ioctl), SCMP_SYS(prlimit64), SCMP_SYS(getrlimit),
    /* glibc's fstat is newfstatat(fd, "", ..., AT_EMPTY_PATH), but a path
     * given to it is looked up whatever the flags: no lookups at all */
    SCMP_SYS(newfstatat),
};

int sandbox_enter(int exe_fd)
{
    /* Without no_new_privs an unprivileged process may not load a filter,
     * and it also keeps setuid programs from gaining anything. */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < sizeof FREE_SYSCALLS / sizeof FREE_SYSCALLS[0]; i++)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, FREE_SYSCALLS[i], 0);
    for (size_t i = 0; i < sizeof REFUSED_SYSCALLS / sizeof REFUSED_SYSCALLS[0]; i++)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), REFUSED_SYSCALLS[i], 0);

    /* I/O only on the descriptors the runner was given. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 1, SCMP_A0(SCMP_CMP_EQ, 0, 0));
    for (int fd = 1; fd <= 3; fd++) {
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fd, 0));
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(writev), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fd, 0));
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(fstat), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fd, 0));
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(lseek), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fd, 0));
    }
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(fstat), 1, SCMP_A0(SCMP_CMP_EQ, 0, 0));
    /* and the batch-done byte (protocol.h, PROTO_DONE_FD): a pipe to the
     * checker, which only wakes it */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
                           SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)PROTO_DONE_FD, 0));
    /* The one exec the filter lets through: the runner itself, from the
     * descriptor the cage opened (close-on-exec, so gone once it runs).
     * The runner's own entry code then forbids every exec (runner_main.c):
     * no student code ever runs while this rule could still apply. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(execveat), 2, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)exe_fd, 0),
                           SCMP_A4(SCMP_CMP_EQ, (scmp_datum_t)AT_EMPTY_PATH, 0));
    /* Stacking a further filter only ever takes rights away; the entry
     * code needs it. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(seccomp), 2, SCMP_A0(SCMP_CMP_EQ, 1 /* SET_MODE_FILTER */, 0),
                           SCMP_A1(SCMP_CMP_EQ, 0, 0));
    /* Anonymous memory only: a file mapping would need an fd it cannot open. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1,
                           SCMP_A4(SCMP_CMP_EQ, (scmp_datum_t)(unsigned int)-1, 0));
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1, SCMP_A4(SCMP_CMP_EQ, (scmp_datum_t)-1, 0));
    /* abort() and raise() signal their own process; nothing else may be signalled. */
    pid_t self = getpid();
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self, 0));
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self, 0));
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self, 0));

    if (rc != 0 || seccomp_load(ctx) != 0) {
        seccomp_release(ctx);
        return -1;
    }
    seccomp_release(ctx);
    return 0;
}
