/* 05 CCD: runner side - calls the student's ccd_solve. */
/* the fenced pages of ik_chain_run_solve need mmap (POSIX) */
#define _DEFAULT_SOURCE
#define IK_CHAIN_RUNNER 1
#include "ccd.h"
#include "protocol.h"
#include "sections/05_ccd/ops.h"

static void call_solve(const void *request, void *response)
{
    ik_chain_run_solve(ccd_solve, request, response);
}

const runner_op RUNNER_OPS[] = {
    {OP_CCD_SOLVE, sizeof(ik_chain_request), sizeof(ik_chain_response), call_solve},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
