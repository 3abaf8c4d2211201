/* 07 foot IK: runner side - calls the student's three functions. */
#include "protocol.h"
#include "sections/07_foot_ik/ops.h"

static void call_defaults(const void *request, void *response)
{
    (void)request;
    foot_defaults_response *rs = response;
    rs->settings = foot_ik_default_settings();
}

static void call_fade(const void *request, void *response)
{
    const foot_fade_request *rq = request;
    foot_fade_response *rs = response;
    rs->weight = foot_ik_fade_weight(rq->weight, rq->grounded, rq->rate, rq->dt);
}

static void call_step(const void *request, void *response)
{
    const foot_step_request *rq = request;
    foot_step_response *rs = response;
    rs->status = (int)foot_guarded_step(&rq->in, &rq->ground, rq->null_flags, &rs->out, &rs->guard_damage);
}

static void call_walk(const void *request, void *response)
{
    foot_walk_run(request, response);
}

static void call_clip(const void *request, void *response)
{
    foot_clip_run(request, response);
}

const runner_op RUNNER_OPS[] = {
    {OP_FOOT_DEFAULTS, sizeof(foot_defaults_request), sizeof(foot_defaults_response), call_defaults},
    {OP_FOOT_FADE, sizeof(foot_fade_request), sizeof(foot_fade_response), call_fade},
    {OP_FOOT_STEP, sizeof(foot_step_request), sizeof(foot_step_response), call_step},
    {OP_FOOT_WALK, sizeof(foot_walk_request), sizeof(foot_walk_response), call_walk},
    {OP_FOOT_CLIP, sizeof(foot_clip_request), sizeof(foot_clip_response), call_clip},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
