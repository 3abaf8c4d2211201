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
    /* TODO: read chapter section 1 (forward kinematics) and the comments in
     * forward_kinematics.h, then check the skeleton in this order:
     *   1. bones == NULL                   -> FK_ERR_NULL,       *bad_bone = -1
     *   2. count outside 1..FK_MAX_BONES   -> FK_ERR_BAD_COUNT,  *bad_bone = -1
     *   3. for each bone i, in order:
     *        parent not in -1..i-1         -> FK_ERR_BAD_PARENT, *bad_bone = i
     *        offset NaN/inf or beyond IK_WORLD_LIMIT, or rotation NaN/inf
     *                                      -> FK_ERR_NOT_FINITE, *bad_bone = i
     *        (v3_in_world / quat_is_finite from ikmath.h)
     *   4. otherwise FK_OK with *bad_bone = -1.
     * Only write *bad_bone when bad_bone is not NULL.
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
    /* TODO: read chapter section 1 (forward kinematics), then:
     *   - world == NULL -> FK_ERR_NULL.
     *   - call fk_validate() first; on any error return it and leave world
     *     untouched.
     *   - walk i = 0..count-1 (parents come before children):
     *       root (parent == -1): world = local offset and rotation.
     *       child: rotation = quat_mul(parent_world_rot, local_rotation)
     *              position = parent_world_pos
     *                         + quat_rotate(parent_world_rot, local_offset)
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
