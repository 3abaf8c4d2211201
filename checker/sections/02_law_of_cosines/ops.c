/* 02 law of cosines: runner side - calls the student's three functions. */
#include "law_of_cosines.h"
#include "protocol.h"
#include "sections/02_law_of_cosines/ops.h"

static void call_angles(const void *request, void *response)
{
    const loc_request *rq = request;
    loc_response *rs = response;
    rs->elbow = elbow_interior_angle(rq->len_upper, rq->len_lower, rq->dist);
    rs->shoulder = shoulder_angle(rq->len_upper, rq->len_lower, rq->dist);
    rs->bend = elbow_bend_angle(rq->len_upper, rq->len_lower, rq->dist);
}

const runner_op RUNNER_OPS[] = {
    {OP_LOC_ANGLES, sizeof(loc_request), sizeof(loc_response), call_angles},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
