/* limb_batch.h - many two-bone limbs posed at once (make bench).
 *
 * Shows: the same answer as section 03's two_bone_solve followed by
 * section 04's bone_rotations_from_positions, limb for limb, computed eight
 * limbs side by side, the way an engine poses every leg and arm of a crowd
 * in one pass. Nothing here is an exercise: it links the reference
 * solutions, and `make test` compares it with the one-at-a-time reference
 * on 800 000 sane and hostile limbs and on every case it hands back.
 */
#ifndef LIMB_BATCH_H
#define LIMB_BATCH_H

#include "pole_vector.h"
#include "two_bone.h"

#include <stddef.h>

typedef struct {
    two_bone_output joints;   /* mid and tip, as two_bone_solve writes them */
    quat upper, lower;        /* as bone_rotations_from_positions writes them */
    two_bone_status solve;    /* what two_bone_solve returned */
    pole_status rotations;    /* what bone_rotations_from_positions returned */
} limb_pose;

/* Poses in[0 .. count-1] into out[0 .. count-1]: for each limb, two_bone_solve
 * on it, then bone_rotations_from_positions(root, mid, tip, pole). NULL with
 * a count above 0 does nothing. `in` and `out` must not overlap. */
void limb_pose_many(const two_bone_input *in, limb_pose *out, size_t count);

#endif /* LIMB_BATCH_H */
