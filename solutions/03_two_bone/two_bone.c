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

/* v / 2^e with e chosen so the largest part of v lands in [0.5, 1): a
 * direction at a scale where squaring it is safe. Exact (a power of two);
 * the zero vector stays zero (frexpf gives 0 its exponent 0). */
static vec3 scaled_to_unit(vec3 v, int *e)
{
    frexpf(fmaxf(fabsf(v.x), fmaxf(fabsf(v.y), fabsf(v.z))), e);
    return v3(ldexpf(v.x, -*e), ldexpf(v.y, -*e), ldexpf(v.z, -*e));
}

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

    /* The solve runs in units of the limb's reach, a power of two so every
     * scaling is exact: a 1e18 limb and a 1e-25 one get the answer a limb
     * of reach ~1 gets. In metres the squares below would overflow float
     * (sides beyond ~1e19) or vanish into 0 (below ~1e-19), and a fixed
     * threshold ("target on the root" under 1e-6) would mean a different
     * thing at every scale. `reach_exp` is the reach's exponent. */
    const vec3 root = in->root;
    int reach_exp;
    frexpf(len_upper + len_lower, &reach_exp);
    const float upper = ldexpf(len_upper, -reach_exp), lower = ldexpf(len_lower, -reach_exp);

    /* Directions only need their own scale: the target's and the pole's
     * offsets from the root are brought to a largest part in [0.5, 1)
     * (exactly, powers of two again), and the target's distance is kept
     * apart in reach units. A target exactly on the root gives no line, so
     * aim at the pole instead (or +Z if the pole is there too): the folded
     * arm only needs a consistent one. */
    int target_exp, pole_exp;
    const vec3 aim_raw = scaled_to_unit(v3_sub(in->target, root), &target_exp);
    const vec3 to_pole = scaled_to_unit(v3_sub(in->pole, root), &pole_exp);
    const int target_on_root = aim_raw.x == 0.0f && aim_raw.y == 0.0f && aim_raw.z == 0.0f;
    vec3 aim = aim_raw;
    if (target_on_root)
        aim = v3_length_sq(to_pole) > 0.0f ? to_pole : v3_forward();
    const float aim_sq = v3_length_sq(aim);
    const float inv_aim_sq = 1.0f / aim_sq;

    /* The target's squared distance in reach units. The same rounding as
     * in metres (only powers of two differ), so the limits below are the
     * exact ones. Far beyond reach it may overflow to inf, a hair from the
     * root vanish to 0: either is on the right side of both limits, and
     * only the side matters there. */
    const float raw_sq = target_on_root ? 0.0f : ldexpf(aim_sq, 2 * (target_exp - reach_exp));

    /* Clamp into the distances a real triangle allows (section 4), exactly,
     * without the chapter's 1e-4 margin. The solve works with the squared
     * distance D^2 throughout: the law of cosines needs nothing else, and
     * the two square roots it cannot avoid come last, side by side, instead
     * of one waiting for another. */
    const float max_reach = upper + lower;
    const float min_reach = upper - lower; /* only its square is used */
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
    const float along = 0.5f * ((upper - lower) * (upper + lower) + dist_sq);
    /* NaN for D = 0 (0 / 0): that is at the lower limit, zeroed below. */
    float height_sq = upper * upper - along * (along / dist_sq);
    /* At or beyond either limit the arm is straight (or folded), so the
     * elbow is on the line, exactly. The sum above would give L1^2 minus
     * its own rounding, +1 ulp where 0 is right, and the square root below
     * magnifies that: measured up to 4.5e-4 of the reach off the line (a
     * 0.26 deg bend) over 1M random limbs, more than 1e-5 on 38 %. */
    if (raw_sq >= max_reach * max_reach || raw_sq <= min_reach * min_reach || !(height_sq > 0.0f))
        height_sq = 0.0f;

    /* The bend happens in the plane through root, target and pole: swing
     * toward the part of root->pole that is square to the aim line, so the
     * elbow lands on the pole's side. */
    vec3 bend = v3_sub(to_pole, v3_scale(aim, v3_dot(to_pole, aim) * inv_aim_sq));
    float bend_sq = v3_length_sq(bend);
    const float pole_sq = v3_length_sq(to_pole);
    /* Pole on the line (or at the root) leaves no plane: pick one with a
     * world axis, and a second one in case the limb points along +Y. The
     * test is relative to the pole's distance, so it means an angle. */
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
    const float tip_scale = sqrtf(dist_sq * inv_aim_sq);
    const float bend_scale = sqrtf(height_sq) / sqrtf(bend_sq);
    const float along_scale = dist_sq > 0.0f ? along / dist_sq * tip_scale : upper * sqrtf(inv_aim_sq);
    /* Back to metres: the same powers of two the other way. */
    const vec3 mid = v3_add(v3_scale(aim, along_scale), v3_scale(bend, bend_scale));
    out->mid = v3_add(root, v3(ldexpf(mid.x, reach_exp), ldexpf(mid.y, reach_exp), ldexpf(mid.z, reach_exp)));
    const vec3 tip = v3_scale(aim, tip_scale);
    out->tip = v3_add(root, v3(ldexpf(tip.x, reach_exp), ldexpf(tip.y, reach_exp), ldexpf(tip.z, reach_exp)));

    if (raw_sq > max_reach * max_reach)
        return TWO_BONE_TOO_FAR;
    if (raw_sq < min_reach * min_reach)
        return TWO_BONE_TOO_CLOSE;
    return TWO_BONE_REACHED;
    /* @end two_bone_solve */
}
