/* 01 Forward kinematics - exercise (chapter section 1).
 *
 * Turn a skeleton stored as "parent index + local offset + local rotation"
 * into world positions and rotations, walking the array once from the root
 * down. Angles are the input; where the hand ends up is only the output.
 *
 * Both functions below are stubs: they compile and run, but give wrong
 * answers until you fill them in. forward_kinematics.h documents the exact
 * contract the checker tests.
 */
#include "forward_kinematics.h"

#include <stddef.h>

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    /* @snippet fk_validate */
    /* TODO (chapter section 1): decide whether the skeleton can be
     * computed at all, and if not, which bone is the first bad one. The
     * contract - which errors, in which order, what *bad_bone says - is
     * the comment above fk_validate in forward_kinematics.h.
     * Stuck? make hint S=01 gives one step at a time, weakest first.
     * This stub accepts every skeleton, even broken ones. */
    (void)bones;
    (void)count;
    if (bad_bone != NULL)
        *bad_bone = -1;
    return FK_OK;
    /* @end fk_validate */
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    /* @snippet fk_compute_world */
    /* TODO (chapter section 1): the world position and rotation of every
     * bone, from each bone's parent and its local offset and rotation.
     * The contract is the comment above fk_compute_world in
     * forward_kinematics.h (bad input: the same error as fk_validate,
     * world untouched).
     * Stuck? make hint S=01 gives one step at a time, weakest first.
     * This stub puts every bone at the origin with no rotation. */
    (void)bones;
    /* Even a stub must not write past the caller's array. */
    if (world == NULL || count < 1 || count > FK_MAX_BONES)
        return FK_OK;
    for (int i = 0; i < count; ++i) {
        world[i].position = v3_zero();
        world[i].rotation = quat_identity();
    }
    return FK_OK;
    /* @end fk_compute_world */
}
