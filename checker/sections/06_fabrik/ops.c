/* 06 FABRIK: runner side - calls the student's fabrik_solve. */
#include "fabrik.h"
#include "protocol.h"
#include "sections/06_fabrik/ops.h"

#include <string.h>

/* Slack past the chain and the report: a solution that ignores
 * joint_count = 33 or writes tip_error[max_passes] scribbles here instead
 * of on the runner's stack, and the check reports the wrong answer. */
#define SLACK 8

static void call_solve(const void *request, void *response)
{
    const fabrik_request *rq = request;
    fabrik_response *rs = response;
    struct {
        ik_chain chain;
        vec3 slack[SLACK];
    } chain_box;
    struct {
        ik_report report;
        float slack[SLACK];
    } report_box;
    memset(&chain_box, 0, sizeof chain_box);
    chain_box.chain = rq->chain;
    ik_settings settings = rq->settings;

    ik_report *report = &report_box.report;
    report->status = (ik_status)FABRIK_SENTINEL_STATUS;
    report->passes = FABRIK_SENTINEL_PASSES;
    report->initial_error = FABRIK_SENTINEL;
    for (int k = 0; k < IK_MAX_PASSES; k++)
        report->tip_error[k] = FABRIK_SENTINEL;
    for (int k = 0; k < SLACK; k++)
        report_box.slack[k] = FABRIK_SENTINEL;

    rs->returned = fabrik_solve(rq->null_chain ? NULL : &chain_box.chain, rq->target,
                             rq->null_settings ? NULL : &settings, rq->null_report ? NULL : report);
    rs->chain = chain_box.chain;
    rs->report = *report;
}

const runner_op RUNNER_OPS[] = {
    {OP_FABRIK_SOLVE, sizeof(fabrik_request), sizeof(fabrik_response), call_solve},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
