/* 10 controller sync: runner side. */
#include "controller_sync.h"
#include "protocol.h"
#include "sections/09_root_motion/guard.h" /* the guard areas, shared with 09 */
#include "sections/10_controller_sync/ops.h"

/* The world between guards; the boxes past box_count are not the world's,
 * and under AddressSanitizer they are poisoned for the call (reading one
 * is reported). */
typedef GUARDED(ctrl_world) guarded_world;

static void world_arm(guarded_world *box, const ctrl_world *from)
{
    box->value = *from;
    GUARD_ARM(*box);
    const int n = box->value.box_count < 0               ? 0
                  : box->value.box_count > CTRL_MAX_BOXES ? CTRL_MAX_BOXES
                                                          : box->value.box_count;
    GUARD_POISON(&box->value.boxes[n], sizeof box->value.boxes[0] * (size_t)(CTRL_MAX_BOXES - n));
}

static int world_disarm(guarded_world *box)
{
    GUARD_UNPOISON(box->value.boxes, sizeof box->value.boxes);
    return GUARD_CHECK(*box);
}

/* World and settings are copied out of the request: a solution that
 * writes through its const pointers cannot change what the checker sent. */
static void call_slide(const void *request, void *response)
{
    static guarded_world world;
    const ctrl_slide_request *rq = request;
    ctrl_slide_response *rs = response;
    world_arm(&world, &rq->world);
    GUARDED(ctrl_settings) settings;
    GUARDED(ctrl_slide_result) out;
    settings.value = rq->settings;
    out.value.center = v3(CTRL_SENTINEL, CTRL_SENTINEL, CTRL_SENTINEL);
    out.value.hit_ground = out.value.hit_wall = out.value.hit_ceiling = -1;
    GUARD_ARM(settings);
    GUARD_ARM(out);
    rs->status = (int)ctrl_slide(rq->pass_null_world ? NULL : &world.value,
                                 rq->pass_null_settings ? NULL : &settings.value, rq->start, rq->motion,
                                 rq->pass_null_out ? NULL : &out.value);
    rs->overrun = GUARD_CHECK(settings) + GUARD_CHECK(out) + world_disarm(&world);
    rs->result = out.value;
}

static void call_run(const void *request, void *response)
{
    static guarded_world world;
    const ctrl_run_request *rq = request;
    ctrl_run_response *rs = response;
    world_arm(&world, &rq->world);
    GUARDED(ctrl_settings) settings;
    GUARDED(ctrl_state) state;
    settings.value = rq->settings;
    state.value = rq->start;
    int frames = rq->frame_count < 0 ? 0 : rq->frame_count > CTRL_RUN_FRAMES ? CTRL_RUN_FRAMES : rq->frame_count;
    for (int i = 0; i < frames; i++) {
        GUARD_ARM(settings);
        GUARD_ARM(state);
        rs->status[i] = (int)ctrl_root_motion_frame(rq->pass_null_world ? NULL : &world.value,
                                                    rq->pass_null_settings ? NULL : &settings.value,
                                                    rq->pass_null_state ? NULL : &state.value, rq->deltas[i],
                                                    rq->turns[i], rq->dts[i]);
        rs->overrun += GUARD_CHECK(settings) + GUARD_CHECK(state);
        rs->states[i] = state.value;
    }
    rs->overrun += world_disarm(&world);
}

static void call_frame(const void *request, void *response)
{
    static guarded_world world;
    const ctrl_frame_request *rq = request;
    ctrl_frame_response *rs = response;
    world_arm(&world, &rq->world);
    GUARDED(ctrl_settings) settings;
    GUARDED(ctrl_state) state;
    settings.value = rq->settings;
    state.value = rq->start;
    GUARD_ARM(settings);
    GUARD_ARM(state);
    rs->status = (int)ctrl_root_motion_frame(rq->pass_null_world ? NULL : &world.value,
                                             rq->pass_null_settings ? NULL : &settings.value,
                                             rq->pass_null_state ? NULL : &state.value, rq->delta, rq->turn, rq->dt);
    rs->overrun = GUARD_CHECK(settings) + GUARD_CHECK(state) + world_disarm(&world);
    rs->state = state.value;
}

const runner_op RUNNER_OPS[] = {
    {OP_CTRL_SLIDE, sizeof(ctrl_slide_request), sizeof(ctrl_slide_response), call_slide},
    {OP_CTRL_RUN, sizeof(ctrl_run_request), sizeof(ctrl_run_response), call_run},
    {OP_CTRL_FRAME, sizeof(ctrl_frame_request), sizeof(ctrl_frame_response), call_frame},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
