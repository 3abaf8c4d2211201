/* shims.c - 09_root_motion's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "root_motion.h"
#include "shims.h"

static void in_clip(replay_call *c, const rm_clip *clip)
{
    replay_word(c, clip != NULL);
    if (!clip)
        return;
    size_t n = (size_t)clamp_count(clip->frame_count, RM_MAX_FRAMES);
    replay_word(c, (uint32_t)clip->frame_count);
    IN_VALUE(c, clip->frame_time);
    IN_VALUE(c, clip->looping);
    replay_in(c, clip->positions, n * sizeof clip->positions[0]);
    replay_in(c, clip->rotations, n * sizeof clip->rotations[0]);
}

static void out_clip(replay_call *c, rm_clip *clip)
{
    size_t n = clip ? (size_t)clamp_count(clip->frame_count, RM_MAX_FRAMES) : 0;
    replay_out(c, clip ? clip->positions : NULL, n * sizeof clip->positions[0]);
    replay_out(c, clip ? clip->rotations : NULL, n * sizeof clip->rotations[0]);
}

rm_status rm_validate(const rm_clip *clip)
{
    static replay_call c;
    replay_begin(&c, "rm_validate");
    in_clip(&c, clip);
    VALUE_RESULT(rm_status, &c, REF(rm_validate(clip)));
}

float rm_heading(quat rotation)
{
    static replay_call c;
    replay_begin(&c, "rm_heading");
    IN_VALUE(&c, rotation);
    VALUE_RESULT(float, &c, REF(rm_heading(rotation)));
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    static replay_call c;
    replay_begin(&c, "rm_sample");
    in_clip(&c, clip);
    IN_VALUE(&c, time);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(rm_status, &c, REF(rm_sample(clip, time, out)));
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    static replay_call c;
    replay_begin(&c, "rm_delta_between");
    in_clip(&c, clip);
    IN_VALUE(&c, t0);
    IN_VALUE(&c, t1);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(rm_status, &c, REF(rm_delta_between(clip, t0, t1, out)));
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    static replay_call c;
    replay_begin(&c, "rm_apply");
    IN(&c, character);
    IN(&c, delta);
    OUT(&c, character);
    VALUE_RESULT(rm_status, &c, REF(rm_apply(character, delta)));
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    static replay_call c;
    replay_begin(&c, "rm_bake_in_place");
    in_clip(&c, clip);
    out_clip(&c, clip);
    VALUE_RESULT(rm_status, &c, REF(rm_bake_in_place(clip)));
}
