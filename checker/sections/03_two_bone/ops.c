/* 03 two-bone IK: runner side. */
#include "two_bone.h"
#include "protocol.h"
#include "sections/03_two_bone/ops.h"

static void call_two_bone(const void *request, void *response)
{
    const two_bone_request *rq = request;
    two_bone_response *rs = response;
    two_bone_input in = rq->in;
    rs->out.mid = rs->out.tip = v3(TWO_BONE_SENTINEL, TWO_BONE_SENTINEL, TWO_BONE_SENTINEL);
    rs->status = (int)two_bone_solve(rq->pass_null_in ? NULL : &in, rq->pass_null_out ? NULL : &rs->out);
}

const runner_op RUNNER_OPS[] = {
    {OP_TWO_BONE, sizeof(two_bone_request), sizeof(two_bone_response), call_two_bone},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
