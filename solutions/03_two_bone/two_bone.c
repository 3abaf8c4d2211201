/* 03 Two-bone IK - reference solution (chapter section 5).
 *
 * Shows the closed-form solve for a two-bone limb working with positions,
 * not rig-specific bone axes: aim at the target, swing the upper bone away
 * from that line by the shoulder angle (section 02's law of cosines) toward
 * the pole, and place the tip along the line at the clamped distance. The
 * angle itself is never computed: its cosine and sine, scaled by L1, are
 * the elbow's distances along and off the line, straight from D^2.
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
     * root (or the origin when even the root is unusable). "In the world"
     * (ikmath.h) also rules out NaN and inf, and keeps every square below
     * from overflowing. */
    const float len_upper = in->len_upper;
    const float len_lower = in->len_lower;
    if (!v3_in_world(in->root) || !v3_in_world(in->target) || !v3_in_world(in->pole) ||
        !(ik_in_world(len_upper) && len_upper > 0.0f) ||
        !(ik_in_world(len_lower) && len_lower > 0.0f)) {
        vec3 park = v3_in_world(in->root) ? in->root : v3_zero();
        out->mid = park;
        out->tip = park;
        return TWO_BONE_INVALID;
    }

    const vec3 root = in->root;
    const vec3 to_target = v3_sub(in->target, root);
    const vec3 to_pole = v3_sub(in->pole, root);
    const float raw_sq = v3_length_sq(to_target);

    /* The line to aim along; its length does not matter. A target sitting
     * on the root gives no line, so aim at the pole instead (or +Z if the
     * pole is there too): the folded arm only needs a consistent one. */
    vec3 aim = to_target;
    float aim_sq = raw_sq;
    if (!(raw_sq > 1e-12f)) {
        aim = v3_normalize_or(to_pole, v3_forward());
        aim_sq = 1.0f;
    }
    const float inv_aim_sq = 1.0f / aim_sq;

    /* Clamp into the distances a real triangle allows (section 4), exactly,
     * without the chapter's 1e-4 margin. The solve works with the squared
     * distance D^2 throughout: the law of cosines needs nothing else, and
     * the two square roots it cannot avoid come last, side by side, instead
     * of one waiting for another (this runs for every limb, every frame:
     * measured 47 -> 27 ns a solve). */
    const float max_reach = len_upper + len_lower;
    const float min_reach = fabsf(len_upper - len_lower);
    float dist_sq = raw_sq > max_reach * max_reach ? max_reach * max_reach : raw_sq;
    dist_sq = dist_sq < min_reach * min_reach ? min_reach * min_reach : dist_sq;

    /* Section 02's triangle, without the angle: the elbow sits
     * L1 cos(shoulder) = along / D down the aim line and
     * L1 sin(shoulder) = sqrt(height_sq) off it, where the law of cosines
     * gives along = (L1^2 + D^2 - L2^2) / 2. Clamping height_sq at 0 plays
     * the part of clamping the cosine into [-1, 1]. D = 0 happens only with
     * equal bones folded flat: the elbow then goes straight along the line.
     * L1^2 - L2^2 is taken as (L1 - L2)(L1 + L2): with nearly equal bones
     * the two squares cancel, and their rounding (an ulp of L1^2) divided by
     * a small D put a folded elbow up to 49 % off its bone length; L1 - L2
     * has no rounding at all when the bones are within 2x of each other. */
    const float along = 0.5f * ((len_upper - len_lower) * (len_upper + len_lower) + dist_sq);
    float along_per_dist_sq = 0.0f, height_sq = 0.0f;
    if (dist_sq > 0.0f) {
        along_per_dist_sq = along / dist_sq;
        height_sq = len_upper * len_upper - along * along_per_dist_sq;
    }
    if (height_sq < 0.0f)
        height_sq = 0.0f;

    /* The bend happens in the plane through root, target and pole: swing
     * toward the part of root->pole that is square to the aim line, so the
     * elbow lands on the pole's side. */
    vec3 bend = v3_sub(to_pole, v3_scale(aim, v3_dot(to_pole, aim) * inv_aim_sq));
    float bend_sq = v3_length_sq(bend);
    const float pole_sq = v3_length_sq(to_pole);
    /* Pole on the line (or at the root) leaves no plane: pick one with a
     * world axis, and a second one in case the limb points along +Y. The
     * test is relative to the pole's distance, so it means an angle; a
     * bend whose square is not even a normal float (a pole some 1e-19 m
     * from the line) is rounding noise, as good as none. */
    if (!(bend_sq > 1e-8f * pole_sq && bend_sq >= FLT_MIN)) {
        bend = v3_sub(v3_up(), v3_scale(aim, aim.y * inv_aim_sq));
        if (v3_length_sq(bend) < 1e-8f)
            bend = v3_sub(v3_right(), v3_scale(aim, aim.x * inv_aim_sq));
        bend_sq = v3_length_sq(bend);
    }
    /* With the pole within a few degrees of the aim line the subtraction
     * above loses most of its digits, leaving `bend` visibly off square
     * with the aim (and the arm up to 3e-4 too long): square it up once
     * more. Rare, so it costs nothing the rest of the time. */
    if (bend_sq < 1e-2f * pole_sq) {
        bend = v3_sub(bend, v3_scale(aim, v3_dot(bend, aim) * inv_aim_sq));
        bend_sq = v3_length_sq(bend);
    }

    /* tip = root + D along the line; elbow = root + (along / D) along the
     * line + sqrt(height_sq) along the bend. `aim` and `bend` are not unit
     * length, so each scale divides by theirs. Because L1, L2 and D form a
     * real triangle, the tip ends exactly L2 from the elbow (section 5). */
    float tip_scale = sqrtf(dist_sq * inv_aim_sq);
    /* A target a hair from the root of a folded giant (D^2 ~ 1e36 over an
     * aim of 1e-6) overflows that product: take the roots apart. Rare, so
     * the usual case keeps its single root. */
    if (!(tip_scale <= FLT_MAX))
        tip_scale = sqrtf(dist_sq) * sqrtf(inv_aim_sq);
    /* Two roots rather than the root of the quotient: a long limb over a
     * short bend (1e36 / 1e-38) would overflow the quotient. */
    const float bend_scale = sqrtf(height_sq) / sqrtf(bend_sq);
    float along_scale = along_per_dist_sq * tip_scale;
    if (!(dist_sq > 0.0f))
        along_scale = len_upper * sqrtf(inv_aim_sq);
    out->mid = v3_add(root, v3_add(v3_scale(aim, along_scale), v3_scale(bend, bend_scale)));
    out->tip = v3_add(root, v3_scale(aim, tip_scale));

    if (raw_sq > max_reach * max_reach)
        return TWO_BONE_TOO_FAR;
    if (raw_sq < min_reach * min_reach)
        return TWO_BONE_TOO_CLOSE;
    return TWO_BONE_REACHED;
    /* @end two_bone_solve */
}
