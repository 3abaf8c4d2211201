/* 09 root motion: runner side. */
#include "root_motion.h"
#include "protocol.h"
#include "sections/09_root_motion/guard.h"
#include "sections/09_root_motion/ops.h"

#include <math.h>
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

/* The clip between guards: a solution that writes past its arrays (or the
 * struct) changes a guard. The frames past frame_count are not the clip's:
 * under AddressSanitizer they are poisoned for the call, so reading or
 * writing one is reported. */
typedef GUARDED(rm_clip) guarded_clip;

static int live_frames(const rm_clip *clip)
{
    return clip->frame_count < 0 ? 0 : clip->frame_count > RM_MAX_FRAMES ? RM_MAX_FRAMES : clip->frame_count;
}

/* The guards and the poison around a clip already in the box. */
static void clip_guard(guarded_clip *box)
{
    GUARD_ARM(*box);
    const int n = live_frames(&box->value);
    GUARD_POISON(&box->value.positions[n], sizeof box->value.positions[0] * (size_t)(RM_MAX_FRAMES - n));
    GUARD_POISON(&box->value.rotations[n], sizeof box->value.rotations[0] * (size_t)(RM_MAX_FRAMES - n));
}

static void clip_arm(guarded_clip *box, const rm_clip *from)
{
    box->value = *from;
    clip_guard(box);
}

static int clip_disarm(guarded_clip *box)
{
    GUARD_UNPOISON(box->value.positions, sizeof box->value.positions);
    GUARD_UNPOISON(box->value.rotations, sizeof box->value.rotations);
    return GUARD_CHECK(*box);
}

/* The clip is copied out of the request: a solution that writes through
 * its const pointer cannot change what the checker sent. */
static void call_validate(const void *request, void *response)
{
    static guarded_clip clip;
    const rm_validate_request *rq = request;
    rm_validate_response *rs = response;
    clip_arm(&clip, &rq->clip);
    rs->status = (int)rm_validate(rq->pass_null ? NULL : &clip.value);
    rs->overrun = clip_disarm(&clip);
}

static void call_heading(const void *request, void *response)
{
    const rm_heading_request *rq = request;
    rm_heading_response *rs = response;
    rs->heading = rm_heading(rq->rotation);
}

static void call_sample(const void *request, void *response)
{
    static guarded_clip clip;
    const rm_sample_request *rq = request;
    rm_sample_response *rs = response;
    clip_arm(&clip, &rq->clip);
    int count = rq->count < 0 ? 0 : rq->count > RM_OP_SAMPLES ? RM_OP_SAMPLES : rq->count;
    for (int i = 0; i < count; i++) {
        GUARDED(rm_root_pose) out;
        out.value = sentinel_pose();
        GUARD_ARM(out);
        rs->status[i] = (int)rm_sample(rq->pass_null_clip ? NULL : &clip.value, rq->times[i],
                                       rq->pass_null_out ? NULL : &out.value);
        rs->overrun += GUARD_CHECK(out);
        rs->poses[i] = out.value;
    }
    rs->overrun += clip_disarm(&clip);
}

static void call_delta(const void *request, void *response)
{
    static guarded_clip clip;
    const rm_delta_request *rq = request;
    rm_delta_response *rs = response;
    clip_arm(&clip, &rq->clip);
    GUARDED(rm_delta) out;
    out.value = sentinel_delta();
    GUARD_ARM(out);
    rs->status = (int)rm_delta_between(rq->pass_null_clip ? NULL : &clip.value, rq->t0, rq->t1,
                                       rq->pass_null_out ? NULL : &out.value);
    rs->overrun = GUARD_CHECK(out) + clip_disarm(&clip);
    rs->delta = out.value;
}

/* The same with the clip rebuilt from its first frames, the rest NaN as
 * the checks send a whole clip's tail (ops.h). */
static void call_short_delta(const void *request, void *response)
{
    static guarded_clip clip;
    rm_clip *whole = &clip.value;
    const rm_short_delta_request *rq = request;
    rm_delta_response *rs = response;
    whole->frame_count = rq->frame_count;
    whole->frame_time = rq->frame_time;
    whole->looping = rq->looping;
    const int n = rq->frame_count < 0 ? 0 : rq->frame_count > RM_OP_SHORT_FRAMES ? RM_OP_SHORT_FRAMES : rq->frame_count;
    memcpy(whole->positions, rq->positions, sizeof whole->positions[0] * (size_t)n);
    memcpy(whole->rotations, rq->rotations, sizeof whole->rotations[0] * (size_t)n);
    for (int i = n; i < RM_MAX_FRAMES; i++) {
        whole->positions[i] = v3(NAN, NAN, NAN);
        whole->rotations[i] = q4(NAN, NAN, NAN, NAN);
    }
    clip_guard(&clip);
    GUARDED(rm_delta) out;
    out.value = sentinel_delta();
    GUARD_ARM(out);
    rs->status = (int)rm_delta_between(&clip.value, rq->t0, rq->t1, &out.value);
    rs->overrun = GUARD_CHECK(out) + clip_disarm(&clip);
    rs->delta = out.value;
}

static void call_apply(const void *request, void *response)
{
    const rm_apply_request *rq = request;
    rm_apply_response *rs = response;
    GUARDED(rm_delta) delta;
    GUARDED(rm_character) character;
    delta.value = rq->delta;
    character.value = rq->character;
    GUARD_ARM(delta);
    GUARD_ARM(character);
    rs->status = (int)rm_apply(rq->pass_null_character ? NULL : &character.value,
                               rq->pass_null_delta ? NULL : &delta.value);
    rs->overrun = GUARD_CHECK(delta) + GUARD_CHECK(character);
    rs->character = character.value;
}

static void call_play(const void *request, void *response)
{
    static guarded_clip clip;
    const rm_play_request *rq = request;
    rm_play_response *rs = response;
    clip_arm(&clip, &rq->clip);
    int steps = rq->step_count < 0 ? 0 : rq->step_count > RM_OP_STEPS ? RM_OP_STEPS : rq->step_count;
    GUARDED(rm_character) character;
    character.value = rq->start;
    for (int i = 0; i < steps; i++) {
        GUARDED(rm_delta) delta;
        delta.value = sentinel_delta();
        GUARD_ARM(delta);
        GUARD_ARM(character);
        rs->delta_status[i] = (int)rm_delta_between(&clip.value, rq->times[i], rq->times[i + 1], &delta.value);
        rs->apply_status[i] = (int)rm_apply(&character.value, &delta.value);
        rs->overrun += GUARD_CHECK(delta) + GUARD_CHECK(character);
        rs->deltas[i] = delta.value;
        rs->characters[i] = character.value;
    }
    rs->overrun += clip_disarm(&clip);
}

static void call_bake(const void *request, void *response)
{
    static guarded_clip clip;
    const rm_bake_request *rq = request;
    rm_bake_response *rs = response;
    clip_arm(&clip, &rq->clip);
    rs->status = (int)rm_bake_in_place(rq->pass_null ? NULL : &clip.value);
    rs->overrun = clip_disarm(&clip);
    rs->clip = clip.value;
}

const runner_op RUNNER_OPS[] = {
    {OP_RM_VALIDATE, sizeof(rm_validate_request), sizeof(rm_validate_response), call_validate},
    {OP_RM_HEADING, sizeof(rm_heading_request), sizeof(rm_heading_response), call_heading},
    {OP_RM_SAMPLE, sizeof(rm_sample_request), sizeof(rm_sample_response), call_sample},
    {OP_RM_DELTA, sizeof(rm_delta_request), sizeof(rm_delta_response), call_delta},
    {OP_RM_APPLY, sizeof(rm_apply_request), sizeof(rm_apply_response), call_apply},
    {OP_RM_PLAY, sizeof(rm_play_request), sizeof(rm_play_response), call_play},
    {OP_RM_BAKE, sizeof(rm_bake_request), sizeof(rm_bake_response), call_bake},
    {OP_RM_SHORT_DELTA, sizeof(rm_short_delta_request), sizeof(rm_delta_response), call_short_delta},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
