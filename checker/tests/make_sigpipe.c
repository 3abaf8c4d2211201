/* make_sigpipe.c - GNU make 4.3 handling SIGPIPE as make 4.4 does, for
 * make test-student (Debian 12 has make 4.3 only).
 *   SHIM_SIGPIPE=fatal|ignore LD_PRELOAD=make_sigpipe.so make ...
 * make 4.3 dies of SIGPIPE at once (the default action). make 4.4.1 lists
 * it among its fatal signals: its handler, fatal_error_signal, is the one
 * 4.3 already installs for SIGXFSZ, and takes the same path for both
 * (neither is one of the "user wanted to kill make" signals): it waits for
 * the jobs still running, printing "Waiting for unfinished jobs" and their
 * failures, then signals itself again. So "fatal" installs for SIGPIPE what
 * make installs for SIGXFSZ. make 4.4.0 ignores SIGPIPE: "ignore". */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);
int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
    if (!real_sigaction)
        real_sigaction = (int (*)(int, const struct sigaction *, struct sigaction *))dlsym(RTLD_NEXT, "sigaction");
    int r = real_sigaction(sig, act, old);
    const char *mode = getenv("SHIM_SIGPIPE");
    if (r == 0 && sig == SIGXFSZ && act && act->sa_handler != SIG_IGN && act->sa_handler != SIG_DFL && mode) {
        struct sigaction pipe_act = *act;
        if (!strcmp(mode, "ignore"))
            pipe_act.sa_handler = SIG_IGN;
        real_sigaction(SIGPIPE, &pipe_act, NULL);
    }
    return r;
}
