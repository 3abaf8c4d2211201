/* 04 pole vector: runner side - calls the student's three functions. */
#include "pole_vector.h"
#include "protocol.h"
#include "sections/04_pole_vector/ops.h"

static void call_place(const void *request, void *response)
{
    const pole_place_request *rq = request;
    pole_place_response *rs = response;
    rs->offset = pole_offset_for((limb_kind)rq->limb, rq->distance);
    vec3 offset = rq->offset_from_limb ? rs->offset : rq->offset;
    rs->pole = pole_from_hip(rq->hip_position, rq->hip_rotation, offset);
}

static void call_rotations(const void *request, void *response)
{
    const pole_rot_request *rq = request;
    pole_rot_response *rs = response;
    quat sentinel = q4(POLE_SENTINEL, POLE_SENTINEL, POLE_SENTINEL, POLE_SENTINEL);
    quat upper = sentinel, lower = sentinel;
    rs->status = (int)bone_rotations_from_positions(rq->root, rq->mid, rq->tip, rq->pole,
                                                    (rq->null_flags & POLE_NULL_UPPER) ? NULL : &upper,
                                                    (rq->null_flags & POLE_NULL_LOWER) ? NULL : &lower);
    rs->upper = upper;
    rs->lower = lower;
}

const runner_op RUNNER_OPS[] = {
    {OP_POLE_PLACE, sizeof(pole_place_request), sizeof(pole_place_response), call_place},
    {OP_POLE_ROTATIONS, sizeof(pole_rot_request), sizeof(pole_rot_response), call_rotations},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
