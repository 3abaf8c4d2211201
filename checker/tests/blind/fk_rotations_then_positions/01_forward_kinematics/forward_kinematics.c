/* Variant fk_rotations_then_positions: two passes in float, first every
 * world rotation (each product re-normalized, so a long chain of unit
 * quaternions does not drift off unit length), then every world position
 * from the finished parent rotations. Validation is one loop over the bones
 * in index order (first offending bone wins); world and bones are both
 * checked for NULL before the count in fk_compute_world. */
#include "forward_kinematics.h"

#include <stddef.h>

static fk_status check_bone(const fk_bone *bones, int i)
{
    const fk_bone b = bones[i];
    int parent_ok = b.parent == -1 || (b.parent > -1 && b.parent < i);
    int numbers_ok = v3_in_world(b.local_offset) && quat_is_finite(b.local_rotation);
    if (!parent_ok)
        return FK_ERR_BAD_PARENT;
    if (!numbers_ok)
        return FK_ERR_NOT_FINITE;
    return FK_OK;
}

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    int dummy;
    int *out = bad_bone != NULL ? bad_bone : &dummy;
    *out = -1;
    if (bones == NULL)
        return FK_ERR_NULL;
    if (!(count >= 1 && count <= FK_MAX_BONES))
        return FK_ERR_BAD_COUNT;
    for (int i = 0; i < count; ++i) {
        fk_status s = check_bone(bones, i);
        if (s != FK_OK) {
            *out = i;
            return s;
        }
    }
    return FK_OK;
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    if (bones == NULL || world == NULL)
        return FK_ERR_NULL;
    fk_status status = fk_validate(bones, count, NULL);
    if (status != FK_OK)
        return status;

    /* Pass 1: rotations, parents always done before children. */
    for (int i = 0; i < count; ++i) {
        int p = bones[i].parent;
        quat r = p < 0 ? bones[i].local_rotation
                       : quat_mul(world[p].rotation, bones[i].local_rotation);
        world[i].rotation = quat_normalize(r);
    }
    /* Pass 2: positions. */
    for (int i = 0; i < count; ++i) {
        int p = bones[i].parent;
        if (p < 0)
            world[i].position = bones[i].local_offset;
        else
            world[i].position = v3_add(world[p].position,
                                       quat_rotate(world[p].rotation, bones[i].local_offset));
    }
    return FK_OK;
}
