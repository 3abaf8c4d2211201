/* check.h - what a section's suite (trusted side) uses to run one check:
 * call the student's runner, compare against the reference, and record a
 * failure a student can act on. Suites are CUnit tests; this file adds the
 * process boundary and the words. */
#ifndef CHECKER_CHECK_H
#define CHECKER_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <CUnit/CUnit.h>

#include "bvh.h"
#include "diagnosis.h"
#include "ikmath.h"

typedef enum {
    OUTCOME_PASSED = 0,
    OUTCOME_WRONG,        /* ran fine, answer wrong */
    OUTCOME_CRASHED,      /* killed by a signal of its own */
    OUTCOME_TIMED_OUT,    /* wall-clock limit */
    OUTCOME_EXITED,       /* called exit()/returned from the runner early */
    OUTCOME_GARBAGE,      /* unreadable answer frames */
    OUTCOME_FLOODED,      /* printed too much */
    OUTCOME_NOT_STARTED,  /* the runner could not be started */
    OUTCOME_NO_COMPILE,   /* the section did not compile */
    OUTCOME_MISSING       /* the section's source file is missing */
} check_outcome;

const char *outcome_id(check_outcome o);

/* Set by the driver before each suite runs. */
typedef struct {
    const char *root;          /* the workbook, for data files the suites read */
    const char *runner_path;
    uint64_t seed;
    int timeout_ms;            /* one check's batch, at most (--timeout-ms) */
    /* Time budgets (os_clock() seconds, set by the driver): a section's
     * checks stop at section_deadline, every section's at
     * submission_deadline, whatever the student's code does. A check cut
     * short fails and says which budget cut it. */
    double section_deadline;
    double section_budget;     /* seconds, for the message */
    double submission_deadline;
    double submission_budget;
    int sandbox;               /* runners caged by seccomp (off under sanitizers) */
    const char *plot_dir;      /* where a section may draw the student's figure; NULL: none */
    int plot_defer;            /* write the figure's data only; the caller draws them all at once */
    /* 1 while a random check runs again on another seed (the hidden seed,
     * --seed-count's later seeds) after it passed on the first one (in this
     * process or in the cached results): the cases it does not draw from
     * the seed are the same cases, already judged, and a check may skip
     * them. 0 in the first run and for a check that failed there, so a
     * failure on a fixed case still costs the hidden points too. */
    int fixed_cases_judged;
} check_env;
extern check_env CHECK_ENV;

/* Lines a section adds for the student after its checks (a figure's path). */
extern char CHECK_NOTES[1024];

/* Filled by the running check; reset by the driver before each check. */
typedef struct {
    int failed;
    check_outcome outcome;
    diagnosis diag;
    char text[4096];
    char printed[600];         /* what the student's code printed during this check */
    size_t printed_size;
} check_record;
extern check_record CHECK_RECORD;

/* Formats request `index` for a message ("given: ..."). */
typedef void (*describe_fn)(const void *request, char *out, size_t out_size);

/* Runs `count` requests of one op in a fresh runner process and fills
 * `responses`. Returns 1 when every answer came back well-formed; else
 * records why (crash, hang, exit, garbage: which case, what it printed),
 * fails the current CUnit test and returns 0. */
int check_call(uint32_t op, const void *requests, size_t request_size, size_t count,
               void *responses, size_t response_size, describe_fn describe);

/* Ends the runner kept alive between check_call()s (after each section). */
void check_runner_stop(void);

#define CHECK_CALL(op, reqs, count, resps, describe) \
    check_call((op), (reqs), sizeof *(reqs), (count), (resps), sizeof *(resps), (describe))

/* Records a wrong answer (the first one per check wins) and fails the
 * current CUnit test. Any of the strings may be NULL. */
void check_fail(diagnosis diag, const char *given, const char *expected, const char *got);

/* Runners that count the guard bytes around every output the code changed
 * (sections/09_root_motion/guard.h) answer with an `overrun` field in each
 * response: any non-zero count is a write before or past an output. Fails
 * the check on the first such call and returns 0; 1 when none. */
int check_no_overrun(const int *first, size_t stride, int n, const char *function);
#define NO_OVERRUN(rs, n, function) check_no_overrun(&(rs)[0].overrun, sizeof(rs)[0], (n), (function))

/* Small formatting helpers with rotating static buffers (trusted side). */
const char *fmt_v3(vec3 v);
const char *fmt_deg(float radians);
const char *fmt(const char *format, ...);

/* Deterministic random cases: every check draws from its own stream, named
 * by the check and mixed with the seed, so adding a check never changes
 * another's cases. Drawing marks nothing: a check that draws is declared
 * CHECK_RANDOM in its suite's table (sections.h), which is what re-runs it
 * with the hidden seed. */
typedef struct { uint64_t state; } rng;
/* The running check's stream (its name in the suite's table). */
rng check_rng(void);
/* A named stream, for cases drawn outside a check (a section's figure). */
rng rng_for(const char *stream_name);
float rng_float(rng *r, float lo, float hi);
vec3 rng_v3(rng *r, float lo, float hi);
vec3 rng_unit_v3(rng *r);
quat rng_quat(rng *r);

/* bvh_load, parsed once per process and path: 07, 09 and 10 load the
 * real clip in several checks, visible and hidden, and each parse is
 * ~3 % of a submission's CPU (perf). Each call gets its own
 * copy, to bvh_free as after bvh_load; a failed load is not kept. */
bvh_error check_bvh_load(const char *path, bvh_file *out);

#endif
