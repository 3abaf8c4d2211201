/* spawn.c - see spawn.h. POSIX only: fork, pipes, poll, setrlimit. */
#define _GNU_SOURCE
#include "spawn.h"
#include "protocol.h"
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void set_limit(int resource, rlim_t value)
{
    struct rlimit lim = {value, value};
    setrlimit(resource, &lim);
}

/* Child side: wire the pipes to 0, 1, 2 and 3, set limits, exec. */
static void become_child(const spawn_request *rq, int in_fd, int out_fd, int res_fd)
{
    setpgid(0, 0); /* its own group, so a fork bomb dies with it */
    dup2(in_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(out_fd, STDERR_FILENO);
    if (res_fd >= 0) {
        if (res_fd == PROTO_RESULT_FD)
            fcntl(res_fd, F_SETFD, 0); /* dup2 onto itself keeps CLOEXEC */
        else
            dup2(res_fd, PROTO_RESULT_FD);
    } else {
        close(PROTO_RESULT_FD);
    }
    set_limit(RLIMIT_CORE, 0);
    if (rq->cpu_seconds > 0)
        set_limit(RLIMIT_CPU, (rlim_t)rq->cpu_seconds);
    if (rq->address_space > 0)
        set_limit(RLIMIT_AS, (rlim_t)rq->address_space);
    signal(SIGPIPE, SIG_DFL);
    /* A clean environment: nothing of the grader's (a seed in MAKEFLAGS,
     * say) reaches the compiler or the runner. */
    static char *const CLEAN_ENV[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", NULL};
    if (rq->sandbox) {
        set_limit(RLIMIT_FSIZE, 0); /* no bytes into any regular file */
        if (sandbox_enter() != 0)
            _exit(125); /* fail closed: never run student code uncaged */
    }
    execve(rq->argv[0], (char *const *)rq->argv, CLEAN_ENV);
    if (!strchr(rq->argv[0], '/'))
        execvpe(rq->argv[0], (char *const *)rq->argv, CLEAN_ENV);
    _exit(127);
}

void spawn_run(const spawn_request *rq, spawn_result *rs)
{
    memset(rs, 0, sizeof *rs);
    rs->output = calloc(rq->output_keep + 1, 1);
    rs->results = rq->results_wanted ? malloc(rq->results_wanted) : NULL;
    signal(SIGPIPE, SIG_IGN); /* a dead child must not kill us through its stdin */

    int in_pipe[2], out_pipe[2], res_pipe[2] = {-1, -1};
    if (pipe2(in_pipe, O_CLOEXEC) != 0) {
        rs->end = SPAWN_FAILED;
        return;
    }
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        close(in_pipe[0]); close(in_pipe[1]);
        rs->end = SPAWN_FAILED;
        return;
    }
    if (rq->results_wanted && pipe2(res_pipe, O_CLOEXEC) != 0) {
        close(in_pipe[0]); close(in_pipe[1]); close(out_pipe[0]); close(out_pipe[1]);
        rs->end = SPAWN_FAILED;
        return;
    }

    double start = now_seconds();
    pid_t pid = fork();
    if (pid < 0) {
        rs->end = SPAWN_FAILED;
        close(in_pipe[0]); close(in_pipe[1]); close(out_pipe[0]); close(out_pipe[1]);
        if (res_pipe[0] >= 0) { close(res_pipe[0]); close(res_pipe[1]); }
        return;
    }
    if (pid == 0)
        become_child(rq, in_pipe[0], out_pipe[1], res_pipe[1]);

    setpgid(pid, pid); /* also from this side, so kill(-pid) works at once */
    close(in_pipe[0]);
    close(out_pipe[1]);
    if (res_pipe[1] >= 0)
        close(res_pipe[1]);

    int in_fd = in_pipe[1], out_fd = out_pipe[0], res_fd = res_pipe[0];
    fcntl(in_fd, F_SETFL, O_NONBLOCK);
    size_t input_sent = 0;
    if (rq->input_size == 0) {
        close(in_fd);
        in_fd = -1;
    }

    int killed_for = -1;
    double deadline = start + rq->timeout_ms / 1000.0;
    while (out_fd >= 0 || res_fd >= 0) {
        if (res_fd >= 0 && rs->results_size == rq->results_wanted) {
            killed_for = SPAWN_RESULTS_DONE; /* everything we need is here */
            break;
        }
        double left = deadline - now_seconds();
        if (left <= 0) {
            killed_for = SPAWN_TIMED_OUT;
            break;
        }
        struct pollfd fds[3];
        int n = 0, in_i = -1, out_i = -1, res_i = -1;
        if (in_fd >= 0) { fds[n].fd = in_fd; fds[n].events = POLLOUT; in_i = n++; }
        if (out_fd >= 0) { fds[n].fd = out_fd; fds[n].events = POLLIN; out_i = n++; }
        if (res_fd >= 0) { fds[n].fd = res_fd; fds[n].events = POLLIN; res_i = n++; }
        int ready = poll(fds, (nfds_t)n, (int)(left * 1000.0) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (in_i >= 0 && fds[in_i].revents) {
            ssize_t put = write(in_fd, (const char *)rq->input + input_sent, rq->input_size - input_sent);
            if (put > 0)
                input_sent += (size_t)put;
            if (put < 0 && errno != EAGAIN && errno != EINTR)
                input_sent = rq->input_size; /* reader gone: stop feeding */
            if (input_sent == rq->input_size) {
                close(in_fd);
                in_fd = -1;
            }
        }
        if (out_i >= 0 && fds[out_i].revents) {
            char buf[8192];
            ssize_t got = read(out_fd, buf, sizeof buf);
            if (got <= 0) {
                close(out_fd);
                out_fd = -1;
            } else {
                size_t room = rq->output_keep - rs->output_size;
                size_t keep = (size_t)got < room ? (size_t)got : room;
                memcpy(rs->output + rs->output_size, buf, keep);
                rs->output_size += keep;
                rs->output_total += (size_t)got;
                if (rq->output_limit && rs->output_total > rq->output_limit) {
                    killed_for = SPAWN_OUTPUT_FLOOD;
                    break;
                }
            }
        }
        if (res_i >= 0 && fds[res_i].revents) {
            ssize_t got = read(res_fd, rs->results + rs->results_size, rq->results_wanted - rs->results_size);
            if (got <= 0) {
                close(res_fd);
                res_fd = -1;
            } else {
                rs->results_size += (size_t)got;
            }
        }
    }

    if (killed_for >= 0)
        kill(-pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (killed_for < 0)
        kill(-pid, SIGKILL); /* anything it left behind in its group */
    if (in_fd >= 0) close(in_fd);
    if (out_fd >= 0) close(out_fd);
    if (res_fd >= 0) close(res_fd);
    rs->output[rs->output_size] = '\0';
    rs->seconds = now_seconds() - start;

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

void spawn_result_free(spawn_result *rs)
{
    free(rs->results);
    free(rs->output);
    rs->results = rs->output = NULL;
}
