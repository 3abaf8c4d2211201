/* Variant fk_float_one_pass: float math through ikmath.h, one walk over the
 * array writing straight into world (safe: validation ran first, so an error
 * never touches it). Validation checks NULL before the count, and for each
 * bone its parent before its numbers; the first bad bone by index wins,
 * which is what "the first offending bone" says. Offsets are tested per
 * coordinate against IK_WORLD_LIMIT (v3_in_world, the header's own test). */
#include "forward_kinematics.h"

#include <stddef.h>

static void report(int *bad_bone, int index)
{
    if (bad_bone != NULL)
        *bad_bone = index;
}

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    report(bad_bone, -1);
    if (bones == NULL)
        return FK_ERR_NULL;
    if (count < 1 || count > FK_MAX_BONES)
        return FK_ERR_BAD_COUNT;
    for (int i = 0; i < count; ++i) {
        const fk_bone *b = &bones[i];
        if (b->parent < -1 || b->parent >= i) {
            report(bad_bone, i);
            return FK_ERR_BAD_PARENT;
        }
        if (!v3_in_world(b->local_offset) || !quat_is_finite(b->local_rotation)) {
            report(bad_bone, i);
            return FK_ERR_NOT_FINITE;
        }
    }
    return FK_OK;
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    if (world == NULL)
        return FK_ERR_NULL;
    fk_status status = fk_validate(bones, count, NULL);
    if (status != FK_OK)
        return status;
    for (int i = 0; i < count; ++i) {
        const fk_bone *b = &bones[i];
        if (b->parent < 0) {
            world[i].position = b->local_offset;
            world[i].rotation = b->local_rotation;
        } else {
            const fk_transform *p = &world[b->parent];
            world[i].position = v3_add(p->position, quat_rotate(p->rotation, b->local_offset));
            world[i].rotation = quat_mul(p->rotation, b->local_rotation);
        }
    }
    return FK_OK;
}
