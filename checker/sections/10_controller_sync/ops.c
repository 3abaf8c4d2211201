/* 10 controller sync: runner side. */
#include "controller_sync.h"
#include "protocol.h"
#include "sections/10_controller_sync/ops.h"

/* World and settings are copied out of the request: a solution that
 * writes through its const pointers cannot change what the checker sent. */
static void call_slide(const void *request, void *response)
{
    const ctrl_slide_request *rq = request;
    ctrl_slide_response *rs = response;
    ctrl_world world = rq->world;
    ctrl_settings settings = rq->settings;
    rs->result.center = v3(CTRL_SENTINEL, CTRL_SENTINEL, CTRL_SENTINEL);
    rs->result.hit_ground = rs->result.hit_wall = rs->result.hit_ceiling = -1;
    rs->status = (int)ctrl_slide(rq->pass_null_world ? NULL : &world, rq->pass_null_settings ? NULL : &settings,
                                 rq->start, rq->motion, rq->pass_null_out ? NULL : &rs->result);
}

static void call_run(const void *request, void *response)
{
    const ctrl_run_request *rq = request;
    ctrl_run_response *rs = response;
    ctrl_world world = rq->world;
    ctrl_settings settings = rq->settings;
    ctrl_state state = rq->start;
    int frames = rq->frame_count < 0 ? 0 : rq->frame_count > CTRL_RUN_FRAMES ? CTRL_RUN_FRAMES : rq->frame_count;
    for (int i = 0; i < frames; i++) {
        rs->status[i] = (int)ctrl_root_motion_frame(rq->pass_null_world ? NULL : &world,
                                                    rq->pass_null_settings ? NULL : &settings,
                                                    rq->pass_null_state ? NULL : &state, rq->deltas[i],
                                                    rq->turns[i], rq->dts[i]);
        rs->states[i] = state;
    }
}

const runner_op RUNNER_OPS[] = {
    {OP_CTRL_SLIDE, sizeof(ctrl_slide_request), sizeof(ctrl_slide_response), call_slide},
    {OP_CTRL_RUN, sizeof(ctrl_run_request), sizeof(ctrl_run_response), call_run},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
