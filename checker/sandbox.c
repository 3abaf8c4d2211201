/* sandbox.c - see sandbox.h. */
#define _GNU_SOURCE
#include "sandbox.h"
#include "protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
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
    SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep), SCMP_SYS(sched_yield),
    SCMP_SYS(exit), SCMP_SYS(exit_group),
};

/* The futex operations a runner may use (args[1] without its private and
 * realtime-clock flags): waiting and waking on its own words. The
 * priority-inheritance ones (LOCK_PI, UNLOCK_PI, TRYLOCK_PI,
 * WAIT_REQUEUE_PI, CMP_REQUEUE_PI, LOCK_PI2) read a thread id from the
 * word and tie the runner to that task, any task on the machine: no
 * runner needs them, so they kill it like any other refused call. */
static const unsigned int FUTEX_OPS_ALLOWED[] = {
    0 /* WAIT */, 1 /* WAKE */, 3 /* REQUEUE */, 4 /* CMP_REQUEUE */, 5 /* WAKE_OP */,
    9 /* WAIT_BITSET */, 10 /* WAKE_BITSET */,
};
/* The operation's bits: the kernel takes op & ~(PRIVATE 128 | CLOCK_REALTIME
 * 256); every operation it knows is below 128, and an op with a higher bit
 * set is one it does not know (ENOSYS), so these bits decide. */
#define FUTEX_OP_BITS 0x7fu

/* Asked about by the C runtime, harmless to refuse: answered with an
 * error instead of a kill, so printf to a pipe still works. */
static const int REFUSED_SYSCALLS[] = {
    SCMP_SYS(readlink), SCMP_SYS(ioctl), SCMP_SYS(prlimit64), SCMP_SYS(getrlimit),
    /* glibc's fstat is newfstatat(fd, "", ..., AT_EMPTY_PATH), but a path
     * given to it is looked up whatever the flags: no lookups at all */
    SCMP_SYS(newfstatat),
};

/* The filter, built by libseccomp once in the checker (sandbox_prepare)
 * and kept as the BPF program it compiles to: a runner's child, between
 * vfork and exec, then only hands the kernel these instructions. Building
 * it there instead cost every runner 1-1.7 ms (measured: 300 forks, each
 * sandboxed or not) and ran libseccomp's mallocs in a vfork child. */
static struct sock_filter g_program[BPF_MAXINSNS];
static unsigned short g_program_length;
static int g_prepared; /* 1 ready, -1 refused */
static unsigned int g_arch; /* the kernel's AUDIT_ARCH_ value of this build, from libseccomp */

static int build_filter(scmp_filter_ctx ctx)
{
    int rc = 0;
    for (size_t i = 0; i < sizeof FREE_SYSCALLS / sizeof FREE_SYSCALLS[0]; i++)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, FREE_SYSCALLS[i], 0);
    for (size_t i = 0; i < sizeof REFUSED_SYSCALLS / sizeof REFUSED_SYSCALLS[0]; i++)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), REFUSED_SYSCALLS[i], 0);

    for (size_t i = 0; i < sizeof FUTEX_OPS_ALLOWED / sizeof FUTEX_OPS_ALLOWED[0]; i++)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(futex), 1,
                               SCMP_A1(SCMP_CMP_MASKED_EQ, FUTEX_OP_BITS, FUTEX_OPS_ALLOWED[i]));

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
     * descriptor the cage opened (close-on-exec, so gone once it runs),
     * always moved to SANDBOX_EXE_FD so that one program serves every
     * runner. The runner's own entry code then forbids every exec
     * (runner_main.c): no student code ever runs while this rule could
     * still apply. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(execveat), 2,
                           SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)SANDBOX_EXE_FD, 0),
                           SCMP_A4(SCMP_CMP_EQ, (scmp_datum_t)AT_EMPTY_PATH, 0));
    /* Stacking a further filter only ever takes rights away; the entry
     * code needs it, and so does the second filter below. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(seccomp), 2, SCMP_A0(SCMP_CMP_EQ, 1 /* SET_MODE_FILTER */, 0),
                           SCMP_A1(SCMP_CMP_EQ, 0, 0));
    /* Anonymous memory only: a file mapping would need an fd it cannot open. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1,
                           SCMP_A4(SCMP_CMP_EQ, (scmp_datum_t)(unsigned int)-1, 0));
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1, SCMP_A4(SCMP_CMP_EQ, (scmp_datum_t)-1, 0));
    /* abort() and raise() signal their own process; nothing else may be
     * signalled. The pid differs in every child, so this filter lets the
     * three calls through and own_signals_only(), stacked on it, keeps them
     * to the process itself (the kernel applies the stricter answer). */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 0);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 0);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tkill), 0);
    return rc;
}

int sandbox_prepare(void)
{
    if (g_prepared)
        return g_prepared > 0 ? 0 : -1;
    g_prepared = -1;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx)
        return -1;
    int fd = memfd_create("runner_filter", MFD_CLOEXEC);
    int rc = fd < 0 || build_filter(ctx) != 0 || seccomp_export_bpf(ctx, fd) != 0 ? -1 : 0;
    seccomp_release(ctx);
    off_t size = rc == 0 ? lseek(fd, 0, SEEK_END) : -1;
    if (size <= 0 || size % (off_t)sizeof g_program[0] != 0 || size > (off_t)sizeof g_program ||
        pread(fd, g_program, (size_t)size, 0) != size)
        rc = -1;
    if (fd >= 0)
        close(fd);
    if (rc != 0)
        return -1;
    g_program_length = (unsigned short)(size / (off_t)sizeof g_program[0]);
    g_arch = seccomp_arch_native();
    g_prepared = 1;
    return 0;
}

/* The second filter: kill, tgkill and tkill only with this process's own
 * id as their first argument (all 64 bits of it); every other call is
 * left to the first filter. Written out here because the id is only known
 * in the child. */
static int own_signals_only(pid_t self)
{
    /* the two 32-bit halves of args[0], wherever this machine keeps them */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    enum { LOW_HALF = 0, HIGH_HALF = 4 };
#else
    enum { LOW_HALF = 4, HIGH_HALF = 0 };
#endif
    enum { NR = offsetof(struct seccomp_data, nr), ARCH = offsetof(struct seccomp_data, arch),
           ARG0_LOW = offsetof(struct seccomp_data, args[0]) + LOW_HALF,
           ARG0_HIGH = offsetof(struct seccomp_data, args[0]) + HIGH_HALF };
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARCH),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, g_arch, 1, 0), /* another ABI: the first filter kills it too */
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, NR),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tkill, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG0_LOW),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)self, 0, 2),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG0_HIGH),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {(unsigned short)(sizeof code / sizeof code[0]), code};
    return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

int sandbox_enter(int exe_fd)
{
    if (g_prepared != 1)
        return -1; /* fail closed: the caller never runs the runner uncaged */
    if (exe_fd != SANDBOX_EXE_FD && dup3(exe_fd, SANDBOX_EXE_FD, O_CLOEXEC) != SANDBOX_EXE_FD)
        return -1;
    /* Without no_new_privs an unprivileged process may not load a filter,
     * and it also keeps setuid programs from gaining anything. */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    struct sock_fprog prog = {g_program_length, g_program};
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
        return -1;
    return own_signals_only(getpid()) == 0 ? 0 : -1;
}
