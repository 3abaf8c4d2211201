/* 09 Root motion - exercise (chapter sections 11-12).
 *
 * Read the root's track like any animation curve (lerp positions, slerp
 * rotations), turn the difference between two samples into a delta in the
 * character's own frame, apply it the way the chapter's OnAnimatorMove
 * does, and bake the travel out of a clip to make it play in place.
 *
 * Every function below is a stub: it compiles and runs, but answers
 * "everything is fine, nothing moved". root_motion.h documents the
 * contract the checker tests; its given helpers (rm_duration,
 * rm_wrap_angle, rm_rotate_yaw) are there for you to use.
 */
#include "root_motion.h"

#include <math.h>
#include <stddef.h>

rm_status rm_validate(const rm_clip *clip)
{
    /* @snippet rm_validate */
    /* TODO: whether a clip can be played at all; root_motion.h's rules
     * for rm_clip say what is valid and which error comes first.
     * Stuck? make hint S=09 gives one step at a time, weakest first.
     * This stub accepts everything. */
    (void)clip;
    return RM_OK;
    /* @end rm_validate */
}

float rm_heading(quat rotation)
{
    /* @snippet rm_heading */
    /* TODO (chapter section 11: the root bone carries the character's
     * turning): which way the root faces on the ground, as an angle
     * about +Y. The contract (including a root pitched straight up) is
     * in root_motion.h.
     * Stuck? make hint S=09 gives one step at a time, weakest first.
     * This stub says every root faces +Z. */
    (void)rotation;
    return 0.0f;
    /* @end rm_heading */
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    /* @snippet rm_sample */
    /* TODO (chapter section 11: a clip is values sampled many times per
     * second, and in between you interpolate): the root's pose at any
     * time, looping or not. The contract (times outside the clip, bad
     * clips) is in root_motion.h.
     * Stuck? make hint S=09 gives one step at a time, weakest first.
     * This stub leaves the root at the origin. */
    (void)clip;
    (void)time;
    if (out != NULL) {
        out->position = v3_zero();
        out->rotation = quat_identity();
    }
    return RM_OK;
    /* @end rm_sample */
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    /* @snippet rm_delta_between */
    /* TODO (chapter sections 11 and 12: Animator.deltaPosition and
     * deltaRotation, given to the character wherever it faces): how far
     * the root moved and turned between two times, in the character's
     * own frame, across the loop point too. The contract is in
     * root_motion.h.
     * Stuck? make hint S=09 gives one step at a time, weakest first.
     * This stub says the root never moves. */
    (void)clip;
    (void)t0;
    (void)t1;
    if (out != NULL) {
        out->translation = v3_zero();
        out->turn = 0.0f;
    }
    return RM_OK;
    /* @end rm_delta_between */
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    /* @snippet rm_apply */
    /* TODO (chapter section 11, OnAnimatorMove): move and turn the
     * character by a delta. The contract (bad input leaves the character
     * alone) is in root_motion.h.
     * Stuck? make hint S=09 gives one step at a time, weakest first.
     * This stub leaves the character where it is. */
    (void)character;
    (void)delta;
    return RM_OK;
    /* @end rm_apply */
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    /* @snippet rm_bake_in_place */
    /* TODO (chapter section 12: in-place animation, "Bake Into Pose"):
     * take the travel and the turning out of the clip, keeping the bob.
     * The contract is in root_motion.h.
     * Stuck? make hint S=09 gives one step at a time, weakest first.
     * This stub leaves the clip as it was. */
    (void)clip;
    return RM_OK;
    /* @end rm_bake_in_place */
}
