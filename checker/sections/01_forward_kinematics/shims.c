/* shims.c - 01_forward_kinematics's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "forward_kinematics.h"
#include "shims.h"

static void in_bones(replay_call *c, const fk_bone *bones, int count)
{
    replay_word(c, (uint32_t)count);
    replay_in(c, bones, bones ? (size_t)clamp_count(count, FK_MAX_BONES) * sizeof *bones : 0);
}

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    static replay_call c;
    replay_begin(&c, "fk_validate");
    in_bones(&c, bones, count);
    replay_word(&c, bad_bone != NULL);
    OUT(&c, bad_bone);
    VALUE_RESULT(fk_status, &c, REF(fk_validate(bones, count, bad_bone)));
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    static replay_call c;
    replay_begin(&c, "fk_compute_world");
    in_bones(&c, bones, count);
    replay_word(&c, world != NULL);
    replay_out(&c, world, world ? (size_t)clamp_count(count, FK_MAX_BONES) * sizeof *world : 0);
    VALUE_RESULT(fk_status, &c, REF(fk_compute_world(bones, count, world)));
}
