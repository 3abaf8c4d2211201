/* 03 Two-bone IK - reference solution (chapter section 5).
 *
 * Shows the closed-form solve for a two-bone limb working with positions,
 * not rig-specific bone axes: aim at the target, swing the upper bone away
 * from that line by the shoulder angle (section 02's law of cosines) toward
 * the pole, and place the tip along the line at the clamped distance.
 * Because the clamped distance and both bone lengths form a real triangle,
 * the tip ends exactly one lower-bone length from the elbow: the triangle
 * closes every frame with no correction step.
 */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    /* @snippet two_bone_solve */
    if (in == NULL || out == NULL) {
        if (out != NULL) {
            out->mid = v3_zero();
            out->tip = v3_zero();
        }
        return TWO_BONE_INVALID;
    }

    /* Bad input still gets a defined answer: both joints parked on the
     * root (or the origin when even the root is unusable). */
    const float len_upper = in->len_upper;
    const float len_lower = in->len_lower;
    if (!v3_is_finite(in->root) || !v3_is_finite(in->target) || !v3_is_finite(in->pole) ||
        !(isfinite(len_upper) && len_upper > 0.0f) ||
        !(isfinite(len_lower) && len_lower > 0.0f)) {
        vec3 park = v3_is_finite(in->root) ? in->root : v3_zero();
        out->mid = park;
        out->tip = park;
        return TWO_BONE_INVALID;
    }

    const vec3 root = in->root;
    const vec3 to_target = v3_sub(in->target, root);
    const float raw_dist = v3_length(to_target);

    /* Direction to aim the limb along. A target sitting on the root has
     * none, so aim at the pole instead (or +Z if the pole is there too):
     * any direction works, the folded arm only needs a consistent one. */
    vec3 dir_to_target = v3_normalize(to_target);
    if (raw_dist < 1e-6f)
        dir_to_target = v3_normalize_or(v3_sub(in->pole, root), v3_forward());

    /* Clamp to the distances a real triangle allows (section 4). Exactly,
     * without the chapter's 1e-4 margin: clamping the cosine below is what
     * keeps the math defined. */
    const float max_reach = len_upper + len_lower;
    const float min_reach = fabsf(len_upper - len_lower);
    float dist = raw_dist;
    if (dist > max_reach)
        dist = max_reach;
    if (dist < min_reach)
        dist = min_reach;

    /* How far the upper bone swings off the root->target line: the
     * shoulder angle of section 02. Only its cosine and sine are needed to
     * place the elbow, and the law of cosines gives the cosine directly, so
     * skip the acos -> sin/cos round trip (this runs for every limb, every
     * frame). Clamping the cosine keeps sqrt and the elbow defined. */
    float cos_root = 1.0f; /* dist == 0 only with equal bones: folded flat */
    if (dist > 0.0f)
        cos_root = (len_upper * len_upper + dist * dist - len_lower * len_lower) / (2.0f * len_upper * dist);
    if (cos_root > 1.0f)
        cos_root = 1.0f;
    if (cos_root < -1.0f)
        cos_root = -1.0f;
    const float sin_root = sqrtf(1.0f - cos_root * cos_root);

    /* The bend happens in the plane through root, target and pole: swing
     * toward the part of the pole direction that is square to the aim line
     * (so the elbow lands on the pole's side). Its length does not matter
     * yet: one normalize at the end (every sqrt counts on this hot path). */
    const vec3 to_pole = v3_sub(in->pole, root);
    vec3 bend_dir = v3_sub(to_pole, v3_scale(dir_to_target, v3_dot(to_pole, dir_to_target)));
    /* Pole on the line (or at the root) leaves no plane: pick one with a
     * world axis, and a second one in case the limb points along +Y. The
     * test is relative to the pole's distance, so it means an angle. */
    if (!(v3_length_sq(bend_dir) > 1e-8f * v3_length_sq(to_pole)))
        bend_dir = v3_sub(v3_up(), v3_scale(dir_to_target, dir_to_target.y));
    if (v3_length_sq(bend_dir) < 1e-8f)
        bend_dir = v3_sub(v3_right(), v3_scale(dir_to_target, dir_to_target.x));
    /* With the pole a hair off the aim line the subtraction above loses
     * most of its digits, leaving bend_dir visibly off square with the aim
     * (and the arm 3e-4 too long): square it up once more, then normalize. */
    bend_dir = v3_normalize(v3_sub(bend_dir, v3_scale(dir_to_target, v3_dot(bend_dir, dir_to_target))));

    const vec3 dir_to_mid = v3_add(v3_scale(dir_to_target, cos_root), v3_scale(bend_dir, sin_root));
    out->mid = v3_add(root, v3_scale(dir_to_mid, len_upper));
    /* L1, L2 and dist satisfy the law of cosines, so this point is
     * len_lower away from mid by construction (section 5). */
    out->tip = v3_add(root, v3_scale(dir_to_target, dist));

    if (raw_dist > max_reach)
        return TWO_BONE_TOO_FAR;
    if (raw_dist < min_reach)
        return TWO_BONE_TOO_CLOSE;
    return TWO_BONE_REACHED;
    /* @end two_bone_solve */
}
