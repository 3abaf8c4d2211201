/* ik_chain_checks.h - what the checks of the iterative solvers share.
 *
 * 05 CCD and 06 FABRIK solve the same contract (include/ik_chain.h): same
 * signature, same report, same statuses. So their runners take the same
 * request and give the same response, and their suites run the same five
 * checks (ik_chain_checks.c), told by an ik_chain_spec what differs: the
 * op, the solver's name, the reference, the pass limits, the chain sizes
 * and what the solver must do with a target beyond reach.
 *
 * Both sides include this header: a runner (sections/<slug>/ops.c) for the
 * request, the response and ik_chain_run_solve; the trusted suites for the
 * checks. Nothing here needs the checker's headers.
 */
#ifndef CHECKER_IK_CHAIN_CHECKS_H
#define CHECKER_IK_CHAIN_CHECKS_H

#include "ik_chain.h"

#include <stdint.h>
#include <string.h>

/* Written into the report before the call, so the checker can tell the
 * fields the solver filled from the ones it left alone. No real error is
 * negative and no status or pass count has these values. */
#define IK_CHAIN_SENTINEL -12345.0f
#define IK_CHAIN_SENTINEL_STATUS 77
#define IK_CHAIN_SENTINEL_PASSES -77

typedef struct {
    ik_chain chain;
    vec3 target;
    ik_settings settings;
    int null_chain;     /* pass NULL instead of the chain */
    int null_settings;  /* ... instead of the settings */
    int null_report;    /* ... instead of the report */
} ik_chain_request;

typedef struct {
    int returned;       /* what the solver returned */
    ik_chain chain;     /* the chain after the call (as given if null_chain) */
    ik_report report;   /* sentinel-filled before the call */
} ik_chain_response;

/* ccd_solve, fabrik_solve: the contract of ik_chain.h. */
typedef int (*ik_chain_solve_fn)(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

/* ---- runner side -------------------------------------------------------- */

/* Slack past the chain and the report: a solution that ignores
 * joint_count = 33 or writes tip_error[max_passes] scribbles here instead
 * of on the runner's stack, and the check reports the wrong answer. */
#define IK_CHAIN_SLACK 8

/* The body of a runner's op: one request through `solve` (the student's). */
static inline void ik_chain_run_solve(ik_chain_solve_fn solve, const void *request, void *response)
{
    const ik_chain_request *rq = request;
    ik_chain_response *rs = response;
    struct {
        ik_chain chain;
        vec3 slack[IK_CHAIN_SLACK];
    } chain_box;
    struct {
        ik_report report;
        float slack[IK_CHAIN_SLACK];
    } report_box;
    memset(&chain_box, 0, sizeof chain_box);
    chain_box.chain = rq->chain;
    ik_settings settings = rq->settings;

    ik_report *report = &report_box.report;
    report->status = (ik_status)IK_CHAIN_SENTINEL_STATUS;
    report->passes = IK_CHAIN_SENTINEL_PASSES;
    report->initial_error = IK_CHAIN_SENTINEL;
    for (int k = 0; k < IK_MAX_PASSES; k++)
        report->tip_error[k] = IK_CHAIN_SENTINEL;
    for (int k = 0; k < IK_CHAIN_SLACK; k++)
        report_box.slack[k] = IK_CHAIN_SENTINEL;

    rs->returned = solve(rq->null_chain ? NULL : &chain_box.chain, rq->target,
                         rq->null_settings ? NULL : &settings, rq->null_report ? NULL : report);
    rs->chain = chain_box.chain;
    rs->report = *report;
}

/* ---- trusted side: the checks (ik_chain_checks.c) ------------------------ */

#define IK_CHAIN_MAX_SIZES 3        /* chain sizes a spec may draw */
#define IK_CHAIN_MAX_FAR_CASES 32   /* unreachable_target cases per size */

typedef struct {
    uint32_t op;                 /* the runner's op that calls the solver */
    const char *solve_name;      /* "ccd_solve", as messages name it */
    ik_chain_solve_fn reference; /* the reference solver, linked into the checker */
    int solve_passes;            /* max_passes handed to the solver in drawn cases */
    int ref_pass_limit;          /* drawn cases kept only if the reference reaches
                                    them in this many passes */
    int bones[IK_CHAIN_MAX_SIZES]; /* chain sizes drawn (bones); unused slots 0 */
    int far_cases_per_size;      /* unreachable_target cases per chain size */
    /* unreachable_target, after the shared check that the chain aims at the
     * target: the solver's own answer for how straight the chain is and how
     * many passes it took. Each returns 1, or records the failure and
     * returns 0. Status and report are checked in between. */
    int (*expect_far_straight)(const ik_chain_request *rq, const ik_chain_response *rs);
    int (*expect_far_passes)(const ik_chain_request *rq, const ik_chain_response *rs);
    /* error_record: max_passes of case 1 (runs out before the tolerance)
     * and of case 3 (target beyond reach). */
    int short_passes;
    int far_passes;
} ik_chain_spec;

/* The five checks; each suite names and titles them in its DEFINE_SUITE. */
/* Draws the student's convergence curve over the reference's on the same
 * 10-bone chains (after the checks, when CHECK_ENV.plot_dir is set) and
 * leaves the figure's path in CHECK_NOTES. */
void ik_chain_figure(const ik_chain_spec *spec, const char *slug);

void ik_chain_reaches_targets(const ik_chain_spec *spec);
void ik_chain_unreachable_target(const ik_chain_spec *spec);
void ik_chain_target_on_joint(const ik_chain_spec *spec);
void ik_chain_error_record(const ik_chain_spec *spec);
void ik_chain_invalid_input(const ik_chain_spec *spec);

/* The request as a message's "given" (a static buffer, for the suites'
 * own expectations). */
const char *ik_chain_given_text(const ik_chain_request *rq);

/* The answer's tip: its joint at the index the REQUEST's joint_count
 * names. The answer's own joint_count is the runner's word, not a bound
 * (each check has compared it with the request before, in expect_sound). */
static inline vec3 ik_chain_answer_tip(const ik_chain_request *rq, const ik_chain_response *rs)
{
    return rs->chain.joints[rq->chain.joint_count - 1];
}

#endif /* CHECKER_IK_CHAIN_CHECKS_H */
