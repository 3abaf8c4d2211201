/* spawn.c - see spawn.h. POSIX only: fork, pipes, poll, setrlimit. */
#define _GNU_SOURCE
#include "spawn.h"
#include "os.h"
#include "protocol.h"
#include "sandbox.h"

#include <dirent.h>
#include <grp.h>
#include <malloc.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void set_limit(int resource, rlim_t value)
{
    struct rlimit lim = {value, value};
    setrlimit(resource, &lim);
}

/* A clean environment: nothing of the grader's (a seed in MAKEFLAGS, say)
 * reaches the compiler or the runner. */
static char *const *clean_environment(const spawn_request *rq)
{
    static char tmpdir_env[4200];
    static char *env[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", NULL, NULL};
    if (rq->tmpdir) {
        snprintf(tmpdir_env, sizeof tmpdir_env, "TMPDIR=%s", rq->tmpdir);
        env[2] = tmpdir_env;
    }
    return env;
}

/* The request's resource limits, set just before the exec: the guardian
 * itself is a copy of the checker (under ASan with terabytes of shadow
 * address space reserved) and must not get them. */
static void apply_limits(const spawn_request *rq)
{
    /* 1, not 0: a limit of 1 byte also stops a core_pattern that pipes the
     * dump to a helper program (apport, systemd-coredump), which would be
     * started outside the cage for every crash */
    set_limit(RLIMIT_CORE, 1);
    if (rq->cpu_seconds > 0)
        set_limit(RLIMIT_CPU, (rlim_t)rq->cpu_seconds);
    if (rq->address_space > 0)
        set_limit(RLIMIT_AS, (rlim_t)rq->address_space);
    if (rq->file_size > 0)
        set_limit(RLIMIT_FSIZE, (rlim_t)rq->file_size);
}

/* Every file directly in `dir` (a compile's own temporary folder). */
static void empty_folder(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[4400];
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    if (d)
        closedir(d);
}

/* The guardian of a process tree (spawn.h): runs in the child, never
 * returns. PR_SET_PDEATHSIG reaches only a direct child, so gcc's cc1 and
 * as would outlive a killed checker at full CPU: the guardian is that
 * direct child, and every way the tree can end - it exits, the caller stops
 * it (SIGTERM, see finish), the caller dies, Ctrl-C - comes to it as a
 * signal it waits for, then it kills the tree's whole process group. */
static void guard_tree(const spawn_request *rq, pid_t parent)
{
    sigset_t wanted, old;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGCHLD);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGHUP);
    sigprocmask(SIG_BLOCK, &wanted, &old); /* pending until sigwait: no race */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
        _exit(125);
    /* the cage is built here, where a failure can still be said: never
     * compile uncaged when a cage was asked for */
    /* the compiler named without a folder is looked up, from inside the
     * cage, on this process's PATH (execvpe below): that entry is shown */
    const char *readable[8];
    char found[4200];
    int shown = 0;
    while (rq->cage_readable && rq->cage_readable[shown] && shown < 6)
        readable[shown] = rq->cage_readable[shown], shown++;
    const char *path = getenv("PATH");
    for (const char *dir = path; rq->cage_root && dir && *dir && !strchr(rq->argv[0], '/');) {
        size_t len = strcspn(dir, ":");
        snprintf(found, sizeof found, "%.*s/%s", (int)len, dir, rq->argv[0]);
        if (len && access(found, X_OK) == 0) {
            readable[shown++] = found;
            break;
        }
        dir += len + (dir[len] == ':');
    }
    readable[shown] = NULL;
    if (rq->cage_root && sandbox_fs_build(rq->cage_root, readable, rq->cage_writable, rq->argv) != 0) {
        char why[256];
        int n = snprintf(why, sizeof why, "checker: the compiler's cage could not be built (%s)\n", strerror(errno));
        if (write(STDERR_FILENO, why, (size_t)n) < 0)
            _exit(125);
        _exit(125);
    }
    pid_t tree = vfork(); /* see spawn_start */
    if (tree == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* the driver at least, should the guardian go */
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (rq->cage_root && sandbox_fs_enter() != 0)
            _exit(125);
        apply_limits(rq);
        execve(rq->argv[0], (char *const *)rq->argv, clean_environment(rq));
        if (!strchr(rq->argv[0], '/'))
            execvpe(rq->argv[0], (char *const *)rq->argv, clean_environment(rq));
        _exit(127);
    }
    if (tree < 0)
        _exit(125);
    setpgid(tree, tree);
    int status = 0, stopped = 0;
    for (;;) {
        int sig = 0;
        if (sigwait(&wanted, &sig) != 0)
            continue;
        if (sig != SIGCHLD) {
            stopped = 1;
            break;
        }
        if (waitpid(tree, &status, WNOHANG) == tree)
            break;
    }
    kill(-tree, SIGKILL); /* the driver's children, whatever became of it */
    if (stopped) {
        while (waitpid(tree, &status, 0) < 0 && errno == EINTR)
            ;
        if (rq->tmpdir)
            empty_folder(rq->tmpdir);
        if (rq->output)
            unlink(rq->output);
        _exit(124);
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

/* The sandboxed exec: the runner is opened first and run from that
 * descriptor, the only exec the filter allows (sandbox.c). As root (a
 * grading server, CI) the runner is also shut in its own folder first, so
 * no other runner - the reference's, a classmate's - even has a path. */
static void exec_caged(const spawn_request *rq, pid_t parent)
{
    int exe = open(rq->argv[0], O_RDONLY | O_CLOEXEC);
    if (exe < 0)
        _exit(127);
    if (geteuid() == 0) {
        char folder[4096];
        snprintf(folder, sizeof folder, "%s", rq->argv[0]);
        char *slash = strrchr(folder, '/');
        if (slash)
            *slash = '\0';
        if (chroot(slash ? (folder[0] ? folder : "/") : ".") != 0 || chdir("/") != 0)
            _exit(125);
        /* and no root inside it: nobody (the runner file is world-executable,
         * and it is run from the descriptor opened above) */
        if (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0)
            _exit(125);
        /* a change of user clears the parent-death signal: set it again */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(125);
    }
    set_limit(RLIMIT_FSIZE, 0); /* no bytes into any regular file */
    if (sandbox_enter(exe) != 0)
        _exit(125); /* fail closed: never run student code uncaged */
    syscall(SYS_execveat, SANDBOX_EXE_FD, "", rq->argv, clean_environment(rq), AT_EMPTY_PATH);
    _exit(127);
}

/* `fd` on `target` for the exec (or `target` closed when fd < 0). The
 * sources are first moved above every target (fd_high), so that no dup2
 * lands on a source not yet moved. */
static void wire_fd(int fd, int target)
{
    if (fd < 0)
        close(target);
    else
        dup2(fd, target); /* a copy without close-on-exec */
}

static int fd_high(int fd)
{
    return fd < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 10);
}

/* Every descriptor above the child's five (0-4) closed: whatever the
 * checker's caller left open without close-on-exec (a pipe, a file of
 * its own) never reaches the compiler or a runner. close_range where the
 * kernel has it (5.9), else one close a possible descriptor. */
static void close_inherited(void)
{
    int first = PROTO_DONE_FD + 1;
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned int)first, ~0u, 0u) == 0)
        return;
#endif
    struct rlimit lim;
    long last = getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY ? (long)lim.rlim_cur : 65536;
    for (long fd = first; fd < last; fd++)
        close((int)fd);
}

/* Child side: wire the pipes to 0, 1, 2, 3 and 4, set limits, exec. */
static void become_child(const spawn_request *rq, int in_fd, int out_fd, int res_fd, int done_fd, pid_t parent)
{
    setpgid(0, 0); /* its own group, so a fork bomb dies with it */
    /* Its own group also keeps Ctrl-C in the terminal from reaching it:
     * measured, a student's endless loop went on at 100 % CPU after the
     * checker was interrupted. Die with the checker instead (and do not
     * start at all if the checker is already gone). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(125);
    dup2(in_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(out_fd, STDERR_FILENO);
    res_fd = fd_high(res_fd);
    done_fd = fd_high(done_fd);
    wire_fd(res_fd, PROTO_RESULT_FD);
    wire_fd(done_fd, PROTO_DONE_FD);
    close_inherited();
    signal(SIGPIPE, SIG_DFL);
    if (rq->process_tree)
        guard_tree(rq, parent);
    apply_limits(rq);
    if (rq->sandbox)
        exec_caged(rq, parent);
    execve(rq->argv[0], (char *const *)rq->argv, clean_environment(rq));
    if (!strchr(rq->argv[0], '/'))
        execvpe(rq->argv[0], (char *const *)rq->argv, clean_environment(rq));
    _exit(127);
}

struct spawn_proc {
    spawn_request rq;
    pid_t pid;
    int in_fd, out_fd, res_fd;
    int done_fd;     /* the batch-done wake-ups (protocol.h), -1 once gone */
    size_t res_room; /* what the answer pipe holds without its writer waiting */
    int alive;
    int one_shot; /* close stdin once the input is sent: nothing more will come */
};

/* Freed buffers stay with the process instead of going back to the
 * system: otherwise every batch's request, answer and output buffers are
 * fresh pages (mmap'd, or the heap's top trimmed), a page fault for each
 * 4 KiB touched, thousands a submission (perf). */
static void keep_freed_memory(void)
{
    static int done;
    if (!done) {
        mallopt(M_MMAP_THRESHOLD, 64 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
        done = 1;
    }
}

spawn_proc *spawn_start(const spawn_request *rq)
{
    signal(SIGPIPE, SIG_IGN); /* a dead child must not kill us through its stdin */
    keep_freed_memory();
    if (rq->sandbox)
        sandbox_prepare(); /* once a process; the child fails closed without it */
    spawn_proc *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->rq = *rq;
    p->in_fd = p->out_fd = p->res_fd = p->done_fd = -1;
    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1}, res_pipe[2] = {-1, -1}, done_pipe[2] = {-1, -1};
    if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0 ||
        (rq->results_wanted && (pipe2(res_pipe, O_CLOEXEC) != 0 || pipe2(done_pipe, O_CLOEXEC) != 0))) {
        for (int i = 0; i < 2; i++) {
            if (in_pipe[i] >= 0) close(in_pipe[i]);
            if (out_pipe[i] >= 0) close(out_pipe[i]);
            if (res_pipe[i] >= 0) close(res_pipe[i]);
            if (done_pipe[i] >= 0) close(done_pipe[i]);
        }
        return p; /* not alive: exchanges report SPAWN_FAILED */
    }
    /* The requests and the answers in pipes of 1 MiB (when the system
     * allows it) instead of 64 KiB: a batch goes down in one write and the
     * runner answers it without waiting for the checker to read (a 05
     * batch of ~1 KB answers filled 64 KiB after 60 of them, and each wait
     * was a sleep and a wake-up on both sides). What a crash, a hang or a
     * flood leaves is the same: answers are kept in order either way. */
    if (rq->results_wanted) {
        fcntl(in_pipe[1], F_SETPIPE_SZ, 1 << 20);
        fcntl(res_pipe[1], F_SETPIPE_SZ, 1 << 20);
        int room = fcntl(res_pipe[1], F_GETPIPE_SZ);
        p->res_room = room > 0 ? (size_t)room : 0;
    }
    pid_t parent = getpid();
    /* vfork: the child borrows this process's memory until its exec
     * instead of copying its page tables, and this process, stopped until
     * then, has no copy-on-write faults after it (a fork of the checker
     * is ~0.8 ms of system time, and there are ~35 a submission; perf).
     * What the child does before the exec is its own (descriptors, limits,
     * signal dispositions, root folder, user, seccomp filter: a vfork
     * child shares none of them), and it never returns from
     * become_child. The guardian of a process tree runs on beside this
     * process, so it is a fork; its own child, the compiler, a vfork. */
    pid_t pid = rq->process_tree ? fork() : vfork();
    if (pid == 0)
        become_child(rq, in_pipe[0], out_pipe[1], res_pipe[1], done_pipe[1], parent);
    close(in_pipe[0]);
    close(out_pipe[1]);
    if (res_pipe[1] >= 0)
        close(res_pipe[1]);
    if (done_pipe[1] >= 0)
        close(done_pipe[1]);
    if (pid < 0) {
        close(in_pipe[1]); close(out_pipe[0]);
        if (res_pipe[0] >= 0) close(res_pipe[0]);
        if (done_pipe[0] >= 0) close(done_pipe[0]);
        return p;
    }
    setpgid(pid, pid); /* also from this side, so kill(-pid) works at once */
    p->pid = pid;
    p->in_fd = in_pipe[1];
    p->out_fd = out_pipe[0];
    p->res_fd = res_pipe[0];
    p->done_fd = done_pipe[0];
    p->alive = 1;
    fcntl(p->in_fd, F_SETFL, O_NONBLOCK);
    if (p->res_fd >= 0) /* read after a wake-up for as long as answers are there */
        fcntl(p->res_fd, F_SETFL, O_NONBLOCK);
    return p;
}

int spawn_alive(const spawn_proc *p) { return p && p->alive; }

void spawn_set_timeout(spawn_proc *p, int timeout_ms)
{
    if (p)
        p->rq.timeout_ms = timeout_ms;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* Kills (if asked) and reaps the child, recording how it ended. */
static void finish(spawn_proc *p, int killed_for, spawn_result *rs)
{
    /* a tree is stopped through its guardian, which kills the tree's own
     * group and cleans up after it (guard_tree) */
    if (killed_for >= 0)
        kill(p->rq.process_tree ? p->pid : -p->pid, p->rq.process_tree ? SIGTERM : SIGKILL);
    int status = 0;
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR)
        ;
    kill(-p->pid, SIGKILL); /* anything it left behind in its group */
    close_fd(&p->in_fd);
    close_fd(&p->out_fd);
    close_fd(&p->res_fd);
    close_fd(&p->done_fd);
    p->alive = 0;
    if (killed_for >= 0) {
        rs->end = (spawn_end)killed_for;
    } else if (WIFSIGNALED(status)) {
        rs->end = SPAWN_SIGNALED;
        rs->signal = WTERMSIG(status);
    } else {
        rs->end = SPAWN_EXITED;
        rs->exit_code = WEXITSTATUS(status);
        if ((rs->exit_code == 127 || rs->exit_code == 125) && rs->output_total == 0)
            rs->end = SPAWN_FAILED;
    }
}

/* Keeps `got` bytes of output (up to output_keep), counts them all. */
static void keep_output(const spawn_proc *p, spawn_result *rs, const char *buf, size_t got)
{
    size_t room = p->rq.output_keep - rs->output_size;
    size_t keep = got < room ? got : room;
    memcpy(rs->output + rs->output_size, buf, keep);
    rs->output_size += keep;
    rs->output_total += got;
}

/* Reads whatever output is waiting, without waiting for more. */
static void drain_output(spawn_proc *p, spawn_result *rs)
{
    struct pollfd fd = {.fd = p->out_fd, .events = POLLIN};
    char buf[8192];
    while (p->out_fd >= 0 && poll(&fd, 1, 0) > 0 && (fd.revents & POLLIN)) {
        ssize_t got = read(p->out_fd, buf, sizeof buf);
        if (got <= 0)
            break;
        keep_output(p, rs, buf, (size_t)got);
        if (p->rq.output_limit && rs->output_total > p->rq.output_limit)
            break;
    }
}

/* The request's input, as far as it has gone down the runner's stdin. */
typedef struct {
    const char *data;
    size_t size, sent;
    int feeding; /* 0 once all is sent or the reader is gone */
} input_feed;

/* What the pipe takes now; a one-shot child's stdin closes after the last byte. */
static void feed_input(spawn_proc *p, input_feed *in)
{
    ssize_t put = write(p->in_fd, in->data + in->sent, in->size - in->sent);
    if (put > 0)
        in->sent += (size_t)put;
    if (put < 0 && errno != EAGAIN && errno != EINTR)
        in->sent = in->size; /* reader gone: stop feeding */
    if (in->sent == in->size) {
        in->feeding = 0;
        if (p->one_shot)
            close_fd(&p->in_fd);
    }
}

/* One read of what it printed; 1 when that is past the request's limit. */
static int read_output(spawn_proc *p, spawn_result *rs)
{
    char buf[8192];
    ssize_t got = read(p->out_fd, buf, sizeof buf);
    if (got <= 0) {
        close_fd(&p->out_fd);
        return 0;
    }
    keep_output(p, rs, buf, (size_t)got);
    return p->rq.output_limit && rs->output_total > p->rq.output_limit;
}

/* Its answers as far as they are there now, never past the results_wanted
 * bytes asked for; the pipe closed at its end (the writer gone). */
static void read_results(spawn_proc *p, spawn_result *rs, size_t results_wanted)
{
    while (p->res_fd >= 0 && rs->results_size < results_wanted) {
        ssize_t got = read(p->res_fd, rs->results + rs->results_size, results_wanted - rs->results_size);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0 && errno == EAGAIN)
            return; /* nothing more yet */
        if (got <= 0)
            close_fd(&p->res_fd);
        else
            rs->results_size += (size_t)got;
    }
}

/* The batch-done wake-ups waiting (protocol.h), read away; the descriptor
 * closed when the runner closed its end (it ended, or closed fd 4: then
 * its answers are read as they come, as without wake-ups). */
static void read_wakeups(spawn_proc *p)
{
    char buf[256];
    ssize_t got = read(p->done_fd, buf, sizeof buf);
    if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
        close_fd(&p->done_fd);
}

void spawn_exchange(spawn_proc *p, const void *input, size_t input_size, size_t results_wanted, spawn_result *rs)
{
    const spawn_request *rq = &p->rq;
    memset(rs, 0, sizeof *rs);
    rs->output = calloc(rq->output_keep + 1, 1);
    rs->results = results_wanted ? malloc(results_wanted) : NULL;
    if (!spawn_alive(p)) {
        rs->end = SPAWN_FAILED;
        return;
    }
    double start = os_clock();
    input_feed in = {(const char *)input, input_size, 0, input_size > 0};
    if (!in.feeding && p->one_shot)
        close_fd(&p->in_fd);
    int killed_for = -1, ended = 0;
    double deadline = start + rq->timeout_ms / 1000.0;
    for (;;) {
        if (results_wanted && rs->results_size == results_wanted) {
            rs->end = SPAWN_RESULTS_DONE; /* everything we need is here: it may live on */
            /* what it printed before answering is already in the pipe */
            drain_output(p, rs);
            break;
        }
        if (p->out_fd < 0 && p->res_fd < 0) {
            ended = 1; /* it closed everything: it is gone */
            break;
        }
        double left = deadline - os_clock();
        if (left <= 0) {
            /* what it answered in time counts, as if read as it came */
            read_results(p, rs, results_wanted);
            if (results_wanted && rs->results_size == results_wanted)
                continue;
            killed_for = SPAWN_TIMED_OUT;
            break;
        }
        /* The answers are read when the runner says the batch is done
         * (or its wake-up pipe closes: it ended), not as each one comes:
         * only while they fit in the pipe, so that it never waits on a
         * full pipe for us (the answers are the same bytes either way). */
        int wait_for_done = p->done_fd >= 0 && p->res_fd >= 0 && results_wanted <= p->res_room;
        struct pollfd fds[3];
        int n = 0, in_i = -1, out_i = -1, res_i = -1, done_i = -1;
        if (in.feeding) { fds[n].fd = p->in_fd; fds[n].events = POLLOUT; in_i = n++; }
        if (p->out_fd >= 0) { fds[n].fd = p->out_fd; fds[n].events = POLLIN; out_i = n++; }
        if (wait_for_done) { fds[n].fd = p->done_fd; fds[n].events = POLLIN; done_i = n++; }
        else if (p->res_fd >= 0) { fds[n].fd = p->res_fd; fds[n].events = POLLIN; res_i = n++; }
        int ready = poll(fds, (nfds_t)n, (int)(left * 1000.0) + 1);
        if (ready < 0 && errno != EINTR) {
            killed_for = SPAWN_FAILED;
            break;
        }
        if (ready <= 0)
            continue;
        if (in_i >= 0 && fds[in_i].revents)
            feed_input(p, &in);
        if (out_i >= 0 && fds[out_i].revents && read_output(p, rs)) {
            read_results(p, rs, results_wanted); /* the answers before the flood */
            killed_for = SPAWN_OUTPUT_FLOOD;
            break;
        }
        if (res_i >= 0 && fds[res_i].revents)
            read_results(p, rs, results_wanted);
        if (done_i >= 0 && fds[done_i].revents) {
            read_wakeups(p);
            read_results(p, rs, results_wanted);
        }
    }
    rs->output[rs->output_size] = '\0';
    if (killed_for >= 0 || ended)
        finish(p, killed_for, rs);
    rs->seconds = os_clock() - start;
}

void spawn_stop(spawn_proc *p)
{
    if (!p)
        return;
    if (p->alive) {
        spawn_result ignored;
        memset(&ignored, 0, sizeof ignored);
        finish(p, SPAWN_RESULTS_DONE, &ignored);
    }
    free(p);
}

void spawn_run(const spawn_request *rq, spawn_result *rs)
{
    spawn_proc *p = spawn_start(rq);
    if (!p) {
        memset(rs, 0, sizeof *rs);
        rs->output = calloc(1, 1);
        rs->end = SPAWN_FAILED;
        return;
    }
    p->one_shot = 1;
    spawn_exchange(p, rq->input, rq->input_size, rq->results_wanted, rs);
    spawn_stop(p); /* a one-shot program that answered is not needed any more */
}

void spawn_result_free(spawn_result *rs)
{
    free(rs->results);
    free(rs->output);
    rs->results = rs->output = NULL;
}
