/* shims.c - 07_foot_ik's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "foot_ik.h"
#include "shims.h"

foot_ik_settings foot_ik_default_settings(void)
{
    static replay_call c;
    replay_begin(&c, "foot_ik_default_settings");
    VALUE_RESULT(foot_ik_settings, &c, REF(foot_ik_default_settings()));
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    static replay_call c;
    replay_begin(&c, "foot_ik_fade_weight");
    IN_VALUE(&c, weight);
    IN_VALUE(&c, grounded);
    IN_VALUE(&c, rate_per_second);
    IN_VALUE(&c, dt);
    VALUE_RESULT(float, &c, REF(foot_ik_fade_weight(weight, grounded, rate_per_second, dt)));
}

static void in_terrain(replay_call *c, const terrain *t)
{
    replay_word(c, t != NULL);
    if (!t)
        return;
    replay_word(c, (uint32_t)t->patch_count);
    replay_in(c, t->patches, (size_t)clamp_count(t->patch_count, TERRAIN_MAX_PATCHES) * sizeof t->patches[0]);
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    static replay_call c;
    replay_begin(&c, "foot_ik_step");
    IN(&c, in);
    in_terrain(&c, ground);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(foot_ik_status, &c, REF(foot_ik_step(in, ground, out)));
}
