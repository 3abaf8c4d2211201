/* sandbox.c - see sandbox.h. */
#define _GNU_SOURCE
#include "sandbox.h"
#include "protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
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

/* ---- the compiler's cage (sandbox.h) ------------------------------------ */

/* The user a compile runs as when the checker is root: nobody, owning
 * nothing outside the compile's own folder. */
#define CAGE_UID 65534
#define CAGE_GID 65534

static char g_cage_root[PATH_MAX]; /* the new root's mountpoint, as the guardian sees it */
static char g_cage_cwd[PATH_MAX];  /* the working folder, the same path inside */

static int write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* A mount namespace of its own, its mounts private (none reaches the
 * machine's): plain as root; as another user inside a user namespace that
 * maps only that user, so nothing gains a right it did not have. */
static int own_mount_namespace(void)
{
    if (geteuid() == 0) {
        if (unshare(CLONE_NEWNS) != 0)
            return -1;
    } else {
        uid_t uid = geteuid();
        gid_t gid = getegid();
        char map[64];
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
            return -1;
        snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
        if (write_text("/proc/self/uid_map", map) != 0 || write_text("/proc/self/setgroups", "deny") != 0)
            return -1;
        snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
        if (write_text("/proc/self/gid_map", map) != 0)
            return -1;
    }
    return mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

int sandbox_fs_available(char *why, size_t why_size)
{
    static int known = -1;
    static char reason[160];
    const char *setting = getenv("IK_CHECKER_COMPILE_CAGE");
    if (known < 0 && setting && !strcmp(setting, "off")) {
        /* for the tests of what holds without it (the output scan) */
        known = 0;
        snprintf(reason, sizeof reason, "IK_CHECKER_COMPILE_CAGE=off");
    }
    if (known < 0) {
        int pipefd[2];
        known = 0;
        snprintf(reason, sizeof reason, "could not ask");
        if (pipe2(pipefd, O_CLOEXEC) == 0) {
            pid_t pid = fork();
            if (pid == 0) {
                int err = own_mount_namespace() == 0 ? 0 : errno;
                if (write(pipefd[1], &err, sizeof err) < 0)
                    _exit(1);
                _exit(0);
            }
            close(pipefd[1]);
            int err = -1;
            if (pid > 0 && read(pipefd[0], &err, sizeof err) == (ssize_t)sizeof err && err == 0)
                known = 1;
            else if (err > 0)
                snprintf(reason, sizeof reason, "no mount namespace: %s", strerror(err));
            close(pipefd[0]);
            if (pid > 0)
                while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                    ;
        }
    }
    if (why && why_size)
        snprintf(why, why_size, "%s", known ? "" : reason);
    return known;
}

/* `path` made absolute against `cwd` and cleared of "." and ".." by its
 * letters alone (a ".." never climbs above "/", so no target lands outside
 * the cage's root). */
static int absolute_path(const char *path, const char *cwd, char *out, size_t out_size)
{
    char joined[2 * PATH_MAX];
    if (snprintf(joined, sizeof joined, "%s/%s", path[0] == '/' ? "" : cwd, path) >= (int)sizeof joined)
        return -1;
    size_t n = 0;
    out[0] = '\0';
    for (char *save = NULL, *part = strtok_r(joined, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        if (!strcmp(part, "."))
            continue;
        if (!strcmp(part, "..")) {
            while (n > 0 && out[n - 1] != '/')
                n--;
            if (n > 0)
                n--;
            out[n] = '\0';
            continue;
        }
        size_t len = strlen(part);
        if (n + len + 2 > out_size)
            return -1;
        out[n++] = '/';
        memcpy(out + n, part, len);
        n += len;
        out[n] = '\0';
    }
    if (n == 0)
        snprintf(out, out_size, "/");
    return 0;
}

static int path_is_within(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (n == 1 && dir[0] == '/')
        return 1;
    return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* Every folder of `path` (inside the cage's tmpfs) made. */
static int make_parents(char *path, int last_too)
{
    for (char *slash = strchr(path + 1, '/'); ; slash = strchr(slash + 1, '/')) {
        if (slash)
            *slash = '\0';
        struct stat st;
        int made = (slash || last_too) ? mkdir(path, 0755) : 0;
        int there = made == 0 || errno == EEXIST || (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
        if (slash)
            *slash = '/';
        if (!there)
            return -1;
        if (!slash)
            return 0;
    }
}

/* The flags a read-only remount must keep: inside a user namespace the
 * kernel refuses to drop nosuid, nodev, noexec or an atime rule the mount
 * was given outside it. */
static unsigned long kept_flags(const char *path)
{
    struct statvfs st;
    unsigned long flags = MS_NOSUID | MS_NODEV;
    if (statvfs(path, &st) != 0)
        return flags;
    if (st.f_flag & ST_NOEXEC)
        flags |= MS_NOEXEC;
    if (st.f_flag & ST_NOATIME)
        flags |= MS_NOATIME;
    if (st.f_flag & ST_NODIRATIME)
        flags |= MS_NODIRATIME;
    if (st.f_flag & ST_RELATIME)
        flags |= MS_RELATIME;
    return flags;
}

/* `source` (a folder, a file or a symbolic link) shown at the same path in
 * the cage, read-only unless `writable`. */
static int show(const char *source, int writable)
{
    char abs[PATH_MAX], target[2 * PATH_MAX], link[PATH_MAX];
    struct stat st;
    if (absolute_path(source, g_cage_cwd, abs, sizeof abs) != 0 || lstat(source, &st) != 0)
        return -1;
    if (snprintf(target, sizeof target, "%s%s", g_cage_root, abs) >= (int)sizeof target)
        return -1;
    if (S_ISLNK(st.st_mode)) { /* /bin -> usr/bin on a merged /usr: the same link */
        ssize_t n = readlink(source, link, sizeof link - 1);
        if (n < 0 || make_parents(target, 0) != 0)
            return -1;
        link[n] = '\0';
        return symlink(link, target) == 0 || errno == EEXIST ? 0 : -1;
    }
    if (S_ISDIR(st.st_mode)) {
        if (make_parents(target, 1) != 0)
            return -1;
    } else {
        if (make_parents(target, 0) != 0)
            return -1;
        int fd = open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST && errno != EROFS)
            return -1;
        if (fd >= 0)
            close(fd);
    }
    if (mount(source, target, NULL, MS_BIND, NULL) != 0)
        return -1;
    if (writable)
        return 0;
    return mount(NULL, target, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | kept_flags(source), NULL);
}

/* The toolchain: what any compile needs, whatever it compiles. */
static const char *const TOOLCHAIN[] = {
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
    "/etc/alternatives", "/etc/ld.so.cache", "/dev/null",
};

/* The file or folder an argument names: "-I<dir>", "-specs=<file>", or a
 * plain argument (a source, an object, an archive); NULL for an option. */
static const char *named_path(const char *arg)
{
    if (!strncmp(arg, "-I", 2) && arg[2])
        return arg + 2;
    if (!strncmp(arg, "-specs=", 7))
        return arg + 7;
    return arg[0] == '-' ? NULL : arg;
}

int sandbox_fs_build(const char *mountpoint, const char *const *readable, const char *writable,
                     const char *const *argv)
{
    char shown[64][PATH_MAX], abs[PATH_MAX], writable_abs[PATH_MAX];
    int count = 0;
    if (!getcwd(g_cage_cwd, sizeof g_cage_cwd) || !realpath(mountpoint, g_cage_root) ||
        absolute_path(writable, g_cage_cwd, writable_abs, sizeof writable_abs) != 0)
        return -1;
    if (own_mount_namespace() != 0)
        return -1;
    if (mount("cage", g_cage_root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=256k") != 0)
        return -1;
    for (size_t i = 0; i < sizeof TOOLCHAIN / sizeof TOOLCHAIN[0]; i++) {
        struct stat st;
        if (lstat(TOOLCHAIN[i], &st) != 0)
            continue; /* not on this machine */
        if (show(TOOLCHAIN[i], 0) != 0)
            return -1;
        snprintf(shown[count++], PATH_MAX, "%s", TOOLCHAIN[i]);
    }
    /* what the caller names and the command line names, once each, the
     * compile's own folder last */
    int extra = 0;
    while (readable && readable[extra])
        extra++;
    for (int i = 1 - extra; (i < 1 || argv[i]) && count < 63; i++) {
        const char *path = i < 1 ? readable[i - 1 + extra] : named_path(argv[i]);
        struct stat st;
        if (!path || (i > 1 && !strcmp(argv[i - 1], "-o")) || stat(path, &st) != 0 ||
            absolute_path(path, g_cage_cwd, abs, sizeof abs) != 0 || path_is_within(abs, writable_abs))
            continue;
        int covered = 0;
        for (int k = 0; k < count && !covered; k++)
            covered = path_is_within(abs, shown[k]);
        if (covered)
            continue;
        if (show(path, 0) != 0)
            return -1;
        snprintf(shown[count++], PATH_MAX, "%s", abs);
    }
    if (show(writable, 1) != 0)
        return -1;
    /* the working folder, empty unless something above shows it: make
     * run from inside a section folder compiles with paths from there */
    char cwd_inside[2 * PATH_MAX];
    snprintf(cwd_inside, sizeof cwd_inside, "%s%s", g_cage_root, g_cage_cwd);
    if (make_parents(cwd_inside, 1) != 0)
        return -1;
    /* nothing more is made in the cage's own root */
    if (mount(NULL, g_cage_root, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0)
        return -1;
    if (geteuid() == 0) { /* its own folder is the one place nobody may write */
        char tmp[PATH_MAX + 8];
        snprintf(tmp, sizeof tmp, "%s/tmp", writable);
        if (chown(writable, CAGE_UID, CAGE_GID) != 0)
            return -1;
        if (chown(tmp, CAGE_UID, CAGE_GID) != 0 && errno != ENOENT)
            return -1;
    }
    return 0;
}

int sandbox_fs_enter(void)
{
    if (chroot(g_cage_root) != 0 || chdir(g_cage_cwd) != 0)
        return -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    if (getuid() == 0 || geteuid() == 0) {
        if (setgroups(0, NULL) != 0 || setgid(CAGE_GID) != 0 || setuid(CAGE_UID) != 0)
            return -1;
        /* a change of user clears the parent-death signal: set it again */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
            return -1;
    }
    return 0;
}
