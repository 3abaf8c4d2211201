/* test_sandbox.c - CUnit tests for checker/sandbox.c, the runner's cage.
 * Registered by selftest.c through add_sandbox_suite().
 *
 * The filter is built once (sandbox_prepare) and a second, hand-written
 * one keeps signals to the process itself; each case below is a child
 * that enters the cage and makes one call, and the test reads how the
 * child ended: the call allowed (its exit code), refused with an error,
 * or the child killed by SIGSYS. The hostile submissions (selftest.c) test
 * the same cage through real runners; these name each rule on its own,
 * the pid rule's two halves included.
 */
#define _GNU_SOURCE
#include "sandbox.h"

#include <CUnit/CUnit.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void add_sandbox_suite(void);

enum call {
    CALL_NOTHING,      /* exit(7) once caged: the cage itself lets it live */
    CALL_ABORT,        /* abort(): tgkill to itself, allowed */
    CALL_RAISE_SELF,   /* kill(getpid(), SIGUSR1) */
    CALL_KILL_PARENT,  /* kill(getppid(), 0): another process */
    CALL_TGKILL_PARENT,
    CALL_KILL_HIGH_BITS, /* its own pid with bits above 32 set: not its pid */
    CALL_OPEN_FILE,    /* openat a file */
    CALL_EXEC_OTHER_FD, /* execveat a descriptor other than SANDBOX_EXE_FD */
    CALL_IOCTL,        /* refused with EPERM: exit(9) when it was */
    CALL_WRITE_FD_9,   /* write to a descriptor it was not given */
    CALL_FUTEX_WAKE,   /* FUTEX_WAKE | FUTEX_PRIVATE_FLAG on its own word: allowed, exit(10) */
    CALL_FUTEX_PI,     /* futex_pi_op (below) on a word naming the parent */
};

/* The priority-inheritance futex operations, each refused: LOCK_PI,
 * UNLOCK_PI, TRYLOCK_PI, WAIT_REQUEUE_PI, CMP_REQUEUE_PI, LOCK_PI2, the
 * last with FUTEX_PRIVATE_FLAG (128) as the C library would pass it. */
static const int FUTEX_PI_OPS[] = {6, 7, 8, 11, 12, 13, 6 | 128, 13 | 128};
static int futex_pi_op;

/* Runs CALL in a caged child; returns its wait status (or -1). */
static int caged(enum call call)
{
    int exe = open("/bin/true", O_RDONLY | O_CLOEXEC);
    int other = open("/bin/true", O_RDONLY);
    pid_t pid = fork();
    if (pid == 0) {
        if (dup2(other, 9) < 0 || sandbox_enter(exe) != 0)
            _exit(100);
        switch (call) {
        case CALL_NOTHING:
            _exit(7);
        case CALL_ABORT:
            abort();
        case CALL_RAISE_SELF:
            signal(SIGUSR1, SIG_DFL);
            kill(getpid(), SIGUSR1);
            _exit(8);
        case CALL_KILL_PARENT:
            kill(getppid(), 0);
            _exit(8);
        case CALL_TGKILL_PARENT:
            syscall(SYS_tgkill, (long)getppid(), (long)getppid(), 0L);
            _exit(8);
        case CALL_KILL_HIGH_BITS:
            syscall(SYS_kill, (long)((1ULL << 32) | (unsigned long long)getpid()), (long)SIGUSR1);
            _exit(8);
        case CALL_OPEN_FILE:
            syscall(SYS_openat, (long)AT_FDCWD, "/etc/hostname", (long)O_RDONLY);
            _exit(8);
        case CALL_EXEC_OTHER_FD: {
            char *argv[] = {"true", NULL}, *envp[] = {NULL};
            syscall(SYS_execveat, (long)other, "", argv, envp, (long)AT_EMPTY_PATH);
            _exit(8);
        }
        case CALL_IOCTL:
            _exit(syscall(SYS_ioctl, 0L, 0L, 0L) == -1 && errno == EPERM ? 9 : 8);
        case CALL_WRITE_FD_9:
            syscall(SYS_write, 9L, "x", 1L);
            _exit(8);
        case CALL_FUTEX_WAKE: {
            static int word;
            _exit(syscall(SYS_futex, &word, 1L | 128L, 1L, NULL, NULL, 0L) >= 0 ? 10 : 8);
        }
        case CALL_FUTEX_PI: {
            /* TRYLOCK_PI on a word that names a live task returns at once;
             * LOCK_PI would wait: either way the child lives unless killed */
            static int word, other;
            word = (int)getppid();
            struct timespec soon = {0, 1000000};
            syscall(SYS_futex, &word, (long)futex_pi_op, 1L, &soon, &other, 0L);
            _exit(8);
        }
        }
        _exit(101);
    }
    if (exe >= 0)
        close(exe);
    if (other >= 0)
        close(other);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return status;
}

static int exited_with(int status, int code)
{
    return status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == code;
}

static int killed_by(int status, int sig)
{
    return status >= 0 && WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

static void test_prepared_once(void)
{
    CU_ASSERT_EQUAL(sandbox_prepare(), 0);
    CU_ASSERT_EQUAL(sandbox_prepare(), 0); /* asked again: the same answer */
}

static void test_caged_child_lives(void)
{
    CU_ASSERT_TRUE(exited_with(caged(CALL_NOTHING), 7));
    CU_ASSERT_TRUE(exited_with(caged(CALL_IOCTL), 9));
}

static void test_own_signals_allowed(void)
{
    CU_ASSERT_TRUE(killed_by(caged(CALL_ABORT), SIGABRT));
    CU_ASSERT_TRUE(killed_by(caged(CALL_RAISE_SELF), SIGUSR1));
}

static void test_other_processes_refused(void)
{
    CU_ASSERT_TRUE(killed_by(caged(CALL_KILL_PARENT), SIGSYS));
    CU_ASSERT_TRUE(killed_by(caged(CALL_TGKILL_PARENT), SIGSYS));
    CU_ASSERT_TRUE(killed_by(caged(CALL_KILL_HIGH_BITS), SIGSYS));
}

static void test_files_and_execs_refused(void)
{
    CU_ASSERT_TRUE(killed_by(caged(CALL_OPEN_FILE), SIGSYS));
    CU_ASSERT_TRUE(killed_by(caged(CALL_EXEC_OTHER_FD), SIGSYS));
    CU_ASSERT_TRUE(killed_by(caged(CALL_WRITE_FD_9), SIGSYS));
}

static void test_futex_pi_refused(void)
{
    CU_ASSERT_TRUE(exited_with(caged(CALL_FUTEX_WAKE), 10));
    for (size_t i = 0; i < sizeof FUTEX_PI_OPS / sizeof FUTEX_PI_OPS[0]; i++) {
        futex_pi_op = FUTEX_PI_OPS[i];
        int status = caged(CALL_FUTEX_PI);
        CU_ASSERT_TRUE(killed_by(status, SIGSYS));
        if (!killed_by(status, SIGSYS))
            fprintf(stderr, "\n  futex op %d was not refused (status %d)", futex_pi_op, status);
    }
}

void add_sandbox_suite(void)
{
    CU_pSuite s = CU_add_suite("sandbox", NULL, NULL);
    CU_add_test(s, "the filter is built once", test_prepared_once);
    CU_add_test(s, "a caged child lives, an ioctl refused with EPERM", test_caged_child_lives);
    CU_add_test(s, "abort and raise signal the runner itself", test_own_signals_allowed);
    CU_add_test(s, "no signal to another process, all 64 bits of the pid compared", test_other_processes_refused);
    CU_add_test(s, "no file, no other exec, no other descriptor", test_files_and_execs_refused);
    CU_add_test(s, "futex: wake allowed, every priority-inheritance operation refused", test_futex_pi_refused);
}
