/* Variant fk_double_buffered: the whole chain is composed in double (own
 * quaternion product and q*v*q^-1 rotation) into a local buffer, rounded to
 * float once per bone, and copied out only at the end. Validation checks
 * the count before the NULL pointer (the header fixes no order between the
 * two), and inside each bone the numbers before the parent; bones are still
 * visited in index order, so *bad_bone is the first offending bone. */
#include "forward_kinematics.h"

#include <math.h>
#include <stddef.h>

typedef struct { double x, y, z; } dvec;
typedef struct { double x, y, z, w; } dquat;

static int coord_ok(float c)
{
    /* NaN fails every comparison, inf exceeds the limit. */
    return fabs((double)c) <= (double)IK_WORLD_LIMIT;
}

static int bone_numbers_ok(const fk_bone *b)
{
    const quat q = b->local_rotation;
    return coord_ok(b->local_offset.x) && coord_ok(b->local_offset.y) &&
           coord_ok(b->local_offset.z) && isfinite(q.x) && isfinite(q.y) &&
           isfinite(q.z) && isfinite(q.w);
}

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    int bad = -1;
    fk_status status = FK_OK;
    if (count < 1 || count > FK_MAX_BONES) {
        status = FK_ERR_BAD_COUNT;
    } else if (bones == NULL) {
        status = FK_ERR_NULL;
    } else {
        for (int i = 0; i < count && status == FK_OK; ++i) {
            if (!bone_numbers_ok(&bones[i]))
                status = FK_ERR_NOT_FINITE;
            else if (!(bones[i].parent == -1 || (bones[i].parent >= 0 && bones[i].parent < i)))
                status = FK_ERR_BAD_PARENT;
            if (status != FK_OK)
                bad = i;
        }
    }
    if (bad_bone != NULL)
        *bad_bone = bad;
    return status;
}

static dquat dq_mul(dquat a, dquat b)
{
    dquat r;
    r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    return r;
}

/* q * (v, 0) * conj(q), spelled out. */
static dvec dq_rotate(dquat q, dvec v)
{
    dquat p = {v.x, v.y, v.z, 0.0};
    dquat c = {-q.x, -q.y, -q.z, q.w};
    dquat r = dq_mul(dq_mul(q, p), c);
    dvec out = {r.x, r.y, r.z};
    return out;
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    fk_status status = fk_validate(bones, count, NULL);
    if (status == FK_OK && world == NULL)
        status = FK_ERR_NULL;
    if (status != FK_OK)
        return status;

    dvec pos[FK_MAX_BONES];
    dquat rot[FK_MAX_BONES];
    for (int i = 0; i < count; ++i) {
        const fk_bone *b = &bones[i];
        dvec off = {b->local_offset.x, b->local_offset.y, b->local_offset.z};
        dquat lr = {b->local_rotation.x, b->local_rotation.y, b->local_rotation.z,
                    b->local_rotation.w};
        if (b->parent == -1) {
            pos[i] = off;
            rot[i] = lr;
        } else {
            int p = b->parent;
            dvec moved = dq_rotate(rot[p], off);
            pos[i].x = pos[p].x + moved.x;
            pos[i].y = pos[p].y + moved.y;
            pos[i].z = pos[p].z + moved.z;
            rot[i] = dq_mul(rot[p], lr);
        }
    }
    for (int i = 0; i < count; ++i) {
        world[i].position = v3((float)pos[i].x, (float)pos[i].y, (float)pos[i].z);
        world[i].rotation = q4((float)rot[i].x, (float)rot[i].y, (float)rot[i].z, (float)rot[i].w);
    }
    return FK_OK;
}
