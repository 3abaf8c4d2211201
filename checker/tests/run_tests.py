#!/usr/bin/env python3
"""run_tests.py - make test's test targets, a few at a time (the Makefile's
test rule; docs/HACKING.md, "What make test proves").

    run_tests.py --make MAKE --jobs 2 --logs DIR [--apart A:B ...] TARGET...

Runs `MAKE --no-print-directory TARGET` for every TARGET, at most --jobs at
once, in the order given (longest first, so that the last one to finish is
a short one), except that two targets named together by an --apart A:B
never run at the same time (they write the same files, or one rebuilds what
the other reads). Each target's output goes to DIR/TARGET.log while it
runs; when it ends, the whole of it is printed in one piece (so two tests'
lines never mix) under a line with its name, its wall and CPU time (user +
system of all its processes) and, when it failed, its exit status.
A failing target stops the start of new ones; those running are let finish
(their output printed too), then the failures are named again and the exit
status is 1. DIR/times.tsv gets one line per target (name, seconds, CPU
seconds, exit status).

The sub-makes get MAKEFLAGS without the parent's -j and jobserver (they run
as under a plain `make test-plain`; a make called inside a test script would
otherwise warn that the jobserver is unavailable).
"""
import argparse
import os
import re
import subprocess
import sys
import time


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--make", default="make")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--logs", required=True)
    p.add_argument("--apart", action="append", default=[], metavar="A:B")
    p.add_argument("targets", nargs="+")
    return p.parse_args()


def child_env():
    env = dict(os.environ)
    flags = env.get("MAKEFLAGS", "")
    # drop -jN / -j, --jobs=N and the jobserver's file descriptors
    flags = re.sub(r"(^|\s)(-j\d*|--jobs(=\d+)?|--jobserver-(auth|fds)=\S+)(?=\s|$)", " ", flags)
    # a leading word of single-letter flags ("j2k" style, no dash) loses its j too
    words = flags.split()
    if words and not words[0].startswith("-") and "=" not in words[0]:
        first = re.sub(r"j\d*", "", words[0])
        words = ([first] if first else []) + words[1:]
    env["MAKEFLAGS"] = " ".join(words)
    env.pop("MFLAGS", None)
    return env


def main():
    o = parse_args()
    apart = set()
    for pair in o.apart:
        a, _, b = pair.partition(":")
        apart.add((a, b))
        apart.add((b, a))
    dup = sorted({t for t in o.targets if o.targets.count(t) > 1})
    if dup:
        sys.exit("run_tests: targets named twice: " + " ".join(dup))
    os.makedirs(o.logs, exist_ok=True)
    env = child_env()
    waiting = list(o.targets)
    running = {}  # target -> (process, log file, start time)
    done = []     # (target, seconds, status)
    failed = []
    t_start = time.time()

    def may_start(t):
        return all((t, r) not in apart for r in running)

    while waiting or running:
        while not failed and len(running) < o.jobs:
            nxt = next((t for t in waiting if may_start(t)), None)
            if nxt is None:
                break
            waiting.remove(nxt)
            log = open(os.path.join(o.logs, nxt + ".log"), "wb")
            proc = subprocess.Popen([o.make, "--no-print-directory", nxt], stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=env)
            running[nxt] = (proc, log, time.time())
        if failed and not running:
            break
        # wait for any one of the running targets to end (wait4: its CPU
        # time too, user + system of every process it waited for)
        ended = []
        while not ended:
            for t, (p, _, _) in running.items():
                pid, status, ru = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    p.returncode = os.waitstatus_to_exitcode(status)
                    ended.append((t, ru.ru_utime + ru.ru_stime))
            if not ended:
                time.sleep(0.2)
        for t, cpu in ended:
            proc, log, t0 = running.pop(t)
            log.close()
            secs = time.time() - t0
            done.append((t, secs, proc.returncode, cpu))
            with open(os.path.join(o.logs, t + ".log"), "rb") as f:
                out = f.read()
            head = "---- %s: %.1f s (CPU %.1f s)%s ----\n" % (t, secs, cpu, "" if proc.returncode == 0 else ", FAILED (exit %d)" % proc.returncode)
            sys.stdout.buffer.write(head.encode() + out + (b"" if out.endswith(b"\n") or not out else b"\n"))
            sys.stdout.flush()
            if proc.returncode != 0:
                failed.append(t)
    wall = time.time() - t_start
    with open(os.path.join(o.logs, "times.tsv"), "w") as f:
        f.write("target\tseconds\tcpu_seconds\texit\n")
        for t, secs, rc, cpu in done:
            f.write("%s\t%.1f\t%.1f\t%d\n" % (t, secs, cpu, rc))
    cpu = sum(c for _, _, _, c in done)
    if failed:
        skipped = " (not started: %s)" % " ".join(waiting) if waiting else ""
        print("make test: FAILED: %s (the whole output of each is above, and in %s)%s"
              % (" ".join(failed), " ".join("%s/%s.log" % (o.logs, t) for t in failed), skipped))
        return 1
    print("make test: %d test targets passed in %.0f s, %d at a time (CPU %.0f s; load average %s); times in %s/times.tsv"
          % (len(done), wall, o.jobs, cpu, " ".join(open("/proc/loadavg").read().split()[:3]) if os.path.exists("/proc/loadavg") else "?", o.logs))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        # the targets got the same SIGINT (one process group): let them end
        try:
            while True:
                os.wait()
        except (ChildProcessError, KeyboardInterrupt):
            pass
        sys.exit("make test: interrupted")
