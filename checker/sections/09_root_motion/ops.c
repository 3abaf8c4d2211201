/* 09 root motion: runner side. */
#include "root_motion.h"
#include "protocol.h"
#include "sections/09_root_motion/ops.h"

#include <string.h>

static rm_root_pose sentinel_pose(void)
{
    rm_root_pose p;
    p.position = v3(RM_SENTINEL, RM_SENTINEL, RM_SENTINEL);
    p.rotation = q4(RM_SENTINEL, RM_SENTINEL, RM_SENTINEL, RM_SENTINEL);
    return p;
}

static rm_delta sentinel_delta(void)
{
    rm_delta d;
    d.translation = v3(RM_SENTINEL, RM_SENTINEL, RM_SENTINEL);
    d.turn = RM_SENTINEL;
    return d;
}

/* The clip is copied out of the request: a solution that writes through
 * its const pointer cannot change what the checker sent. */
static void call_validate(const void *request, void *response)
{
    static rm_clip clip;
    const rm_validate_request *rq = request;
    rm_validate_response *rs = response;
    clip = rq->clip;
    rs->status = (int)rm_validate(rq->pass_null ? NULL : &clip);
}

static void call_heading(const void *request, void *response)
{
    const rm_heading_request *rq = request;
    rm_heading_response *rs = response;
    rs->heading = rm_heading(rq->rotation);
}

static void call_sample(const void *request, void *response)
{
    static rm_clip clip;
    const rm_sample_request *rq = request;
    rm_sample_response *rs = response;
    clip = rq->clip;
    int count = rq->count < 0 ? 0 : rq->count > RM_OP_SAMPLES ? RM_OP_SAMPLES : rq->count;
    for (int i = 0; i < count; i++) {
        rs->poses[i] = sentinel_pose();
        rs->status[i] = (int)rm_sample(rq->pass_null_clip ? NULL : &clip, rq->times[i],
                                       rq->pass_null_out ? NULL : &rs->poses[i]);
    }
}

static void call_delta(const void *request, void *response)
{
    static rm_clip clip;
    const rm_delta_request *rq = request;
    rm_delta_response *rs = response;
    clip = rq->clip;
    rs->delta = sentinel_delta();
    rs->status = (int)rm_delta_between(rq->pass_null_clip ? NULL : &clip, rq->t0, rq->t1,
                                       rq->pass_null_out ? NULL : &rs->delta);
}

static void call_apply(const void *request, void *response)
{
    const rm_apply_request *rq = request;
    rm_apply_response *rs = response;
    rm_delta delta = rq->delta;
    rs->character = rq->character;
    rs->status = (int)rm_apply(rq->pass_null_character ? NULL : &rs->character, rq->pass_null_delta ? NULL : &delta);
}

static void call_play(const void *request, void *response)
{
    static rm_clip clip;
    const rm_play_request *rq = request;
    rm_play_response *rs = response;
    clip = rq->clip;
    int steps = rq->step_count < 0 ? 0 : rq->step_count > RM_OP_STEPS ? RM_OP_STEPS : rq->step_count;
    rm_character character = rq->start;
    for (int i = 0; i < steps; i++) {
        rm_delta delta = sentinel_delta();
        rs->delta_status[i] = (int)rm_delta_between(&clip, rq->times[i], rq->times[i + 1], &delta);
        rs->deltas[i] = delta;
        rs->apply_status[i] = (int)rm_apply(&character, &delta);
        rs->characters[i] = character;
    }
}

static void call_bake(const void *request, void *response)
{
    const rm_bake_request *rq = request;
    rm_bake_response *rs = response;
    rs->clip = rq->clip;
    rs->status = (int)rm_bake_in_place(rq->pass_null ? NULL : &rs->clip);
}

const runner_op RUNNER_OPS[] = {
    {OP_RM_VALIDATE, sizeof(rm_validate_request), sizeof(rm_validate_response), call_validate},
    {OP_RM_HEADING, sizeof(rm_heading_request), sizeof(rm_heading_response), call_heading},
    {OP_RM_SAMPLE, sizeof(rm_sample_request), sizeof(rm_sample_response), call_sample},
    {OP_RM_DELTA, sizeof(rm_delta_request), sizeof(rm_delta_response), call_delta},
    {OP_RM_APPLY, sizeof(rm_apply_request), sizeof(rm_apply_response), call_apply},
    {OP_RM_PLAY, sizeof(rm_play_request), sizeof(rm_play_response), call_play},
    {OP_RM_BAKE, sizeof(rm_bake_request), sizeof(rm_bake_response), call_bake},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
