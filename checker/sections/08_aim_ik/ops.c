/* 08 look-at and aim IK: runner side - calls the student's four functions. */
#include "protocol.h"
#include "sections/08_aim_ik/ops.h"

/* Every pointer handed to the student's code points into a box between
 * guard areas (out_guard.h): a write past bones[LOOK_MAX_BONES - 1] or
 * before out shows as damaged guard bytes, and under MEMCHECK any access
 * there stops with ASan's report. */
static void call_aim_bone(const void *request, void *response)
{
    const aim_bone_request *rq = request;
    aim_bone_response *rs = response;
    static OUT_GUARDED(quat) out;
    out.value = q4(AIM_SENTINEL, AIM_SENTINEL, AIM_SENTINEL, AIM_SENTINEL);
    OUT_GUARD_ARM(out);
    rs->status = (int)aim_bone(rq->position, rq->animated, rq->target, rq->weight, rq->null_out ? NULL : &out.value);
    rs->guard_damage = OUT_GUARD_DISARM(out);
    rs->out = out.value;
}

static void call_look_at(const void *request, void *response)
{
    const look_at_request *rq = request;
    look_at_response *rs = response;
    static OUT_GUARDED(look_at_input) in;
    static OUT_GUARDED(look_at_pose) out;
    in.value = rq->in;
    aim_fill_sentinel_pose(&out.value);
    OUT_GUARD_ARM(in);
    OUT_GUARD_ARM(out);
    rs->status = (int)look_at_solve(rq->null_in ? NULL : &in.value, rq->null_out ? NULL : &out.value);
    int damage = OUT_GUARD_DISARM(in);
    rs->guard_damage = damage + OUT_GUARD_DISARM(out);
    rs->out = out.value;
}

static void call_reach_weight(const void *request, void *response)
{
    const reach_weight_request *rq = request;
    reach_weight_response *rs = response;
    rs->weight = wall_reach_weight(rq->distance, rq->full, rq->zero);
}

static void call_wall_reach(const void *request, void *response)
{
    const wall_reach_request *rq = request;
    wall_reach_response *rs = response;
    static OUT_GUARDED(wall_reach_input) in;
    static OUT_GUARDED(wall_reach_output) out;
    in.value = rq->in;
    aim_fill_sentinel_reach(&out.value);
    OUT_GUARD_ARM(in);
    OUT_GUARD_ARM(out);
    rs->status = (int)wall_reach_solve(rq->null_in ? NULL : &in.value, rq->null_out ? NULL : &out.value);
    int damage = OUT_GUARD_DISARM(in);
    rs->guard_damage = damage + OUT_GUARD_DISARM(out);
    rs->out = out.value;
}

const runner_op RUNNER_OPS[] = {
    {OP_AIM_BONE, sizeof(aim_bone_request), sizeof(aim_bone_response), call_aim_bone},
    {OP_LOOK_AT, sizeof(look_at_request), sizeof(look_at_response), call_look_at},
    {OP_REACH_WEIGHT, sizeof(reach_weight_request), sizeof(reach_weight_response), call_reach_weight},
    {OP_WALL_REACH, sizeof(wall_reach_request), sizeof(wall_reach_response), call_wall_reach},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
