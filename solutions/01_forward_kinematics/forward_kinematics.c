/* 01 Forward kinematics - reference solution (chapter section 1).
 *
 * Shows how a skeleton stored as "parent index + local offset + local
 * rotation" becomes world positions and rotations, walking the array once
 * from the root down. Angles are the input; where the hand ends up is only
 * the output (section 1: "it is a result, not an input").
 *
 * fk_validate() rejects every skeleton the walk could not handle safely, so
 * fk_compute_world() never reads a parent that has not been computed yet.
 */
#include "forward_kinematics.h"

#include <stddef.h>

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    /* @snippet fk_validate */
    /* Report "no single bone" until a specific bone is found guilty. */
    if (bad_bone != NULL)
        *bad_bone = -1;

    if (bones == NULL)
        return FK_ERR_NULL;
    if (count < 1 || count > FK_MAX_BONES)
        return FK_ERR_BAD_COUNT;

    for (int i = 0; i < count; ++i) {
        /* Parents must come first: the single forward walk in
         * fk_compute_world() relies on world[parent] being ready, and this
         * rule also makes cycles (a bone its own ancestor) impossible. */
        if (bones[i].parent < -1 || bones[i].parent >= i) {
            if (bad_bone != NULL)
                *bad_bone = i;
            return FK_ERR_BAD_PARENT;
        }
        /* One NaN would spread to every descendant; stop it at the source
         * and name the bone that carries it. An offset beyond the world
         * (ikmath.h) would add up to inf down the chain: the same. */
        if (!v3_in_world(bones[i].local_offset) ||
            !quat_is_finite(bones[i].local_rotation)) {
            if (bad_bone != NULL)
                *bad_bone = i;
            return FK_ERR_NOT_FINITE;
        }
    }
    return FK_OK;
    /* @end fk_validate */
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    /* @snippet fk_compute_world */
    if (world == NULL)
        return FK_ERR_NULL;

    /* Validate everything before writing anything, so a bad skeleton
     * leaves the caller's previous pose intact. */
    fk_status status = fk_validate(bones, count, NULL);
    if (status != FK_OK)
        return status;

    for (int i = 0; i < count; ++i) {
        const fk_bone *bone = &bones[i];
        if (bone->parent < 0) {
            /* A root hangs from nothing: its local values are world values. */
            world[i].position = bone->local_offset;
            world[i].rotation = bone->local_rotation;
            continue;
        }
        const fk_transform *parent = &world[bone->parent];
        /* The child's rotation is its own turn applied inside the parent's
         * frame: "local first, then parent" = quat_mul(parent, local). */
        world[i].rotation = quat_mul(parent->rotation, bone->local_rotation);
        /* The offset is stored in the parent's space, so turn it with the
         * parent's world rotation before adding it to the parent's position. */
        world[i].position = v3_add(parent->position,
                                   quat_rotate(parent->rotation, bone->local_offset));
    }
    return FK_OK;
    /* @end fk_compute_world */
}
