/* 03 Two-bone IK - reference solution (chapter section 5).
 *
 * The chapter's solve, one step per function (chapters/03_two_bone.md,
 * "math"), in the order two_bone_solve calls them:
 *   1. aim_at_target:     the direction d from the root to the target and
 *                         the distance D, clamped into the distances a real
 *                         triangle allows (clamp_to_reach);
 *   2. shoulder_triangle: section 02's law of cosines at the shoulder;
 *   3. bend_direction:    the side the elbow bends to, the part of
 *                         root->pole square to the line (the chapter's
 *                         n x d, see its Rodrigues step);
 *   4. place_joints:      the elbow L1 from the root, turned off the line
 *                         toward the pole by the shoulder angle; the tip D
 *                         along the line. Because D, L1 and L2 form a real
 *                         triangle, the tip ends exactly L2 from the elbow:
 *                         the triangle closes with no correction step.
 *
 * Where it differs from the chapter's C#, so that every limb the header
 * allows gets its answer to float rounding:
 *   - the angle is never computed: its cosine and sine, scaled by L1, are
 *     the elbow's distances along and off the line, straight from D^2 (the
 *     chapter's Rodrigues step shows it is the same point). acosf of a
 *     cosine one rounding below 1 would bend a straight arm.
 *   - no 1e-4 margin in the clamp: the limits are exact.
 *   - everything runs in units of the limb's reach, scaled by powers of two
 *     (exact), so the squares neither overflow nor vanish from 1e-25 to 1e18.
 * How fast it is, and why it is written with D^2: checker/bench/README.md.
 */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

/* The limb as the solve sees it: offsets from the root, in world axes, in
 * units of the limb's reach (metres / 2^reach_exp). */
typedef struct {
    vec3 root;          /* world space, metres, as given: both answers start here */
    int reach_exp;      /* L1 + L2 metres is in [2^(reach_exp - 1), 2^reach_exp) */
    float upper, lower; /* L1 and L2, reach units */
    float max_sq;       /* (L1 + L2)^2: the farthest the tip can be, squared */
    float min_sq;       /* (L1 - L2)^2: the nearest, squared */
    vec3 aim;           /* root -> target, world axes, not unit length (its largest part
                         * in [0.5, 1)); root -> pole, or +Z, when the target is on the root */
    float inv_aim_sq;   /* 1 / |aim|^2 */
    vec3 to_pole;       /* root -> pole, world axes, scaled like aim by its own power of two */
    float raw_sq;       /* D^2: root -> target distance squared, reach units^2 (0 on the root) */
} scaled_limb;

/* How far the elbow sits from the root along the aim line and off it. */
typedef struct {
    float along;     /* D L1 cos(shoulder angle) = (L1^2 + D^2 - L2^2) / 2, reach units^2 */
    float height_sq; /* (L1 sin(shoulder angle))^2, reach units^2 */
} elbow_offset;

/* Validation: NULL, NaN, inf, beyond IK_WORLD_LIMIT ("in the world",
 * ikmath.h), a bone length <= 0. Inside the world every square below stays
 * finite. */
static int input_is_valid(const two_bone_input *in, const two_bone_output *out)
{
    return in != NULL && out != NULL && v3_in_world(in->root) && v3_in_world(in->target) &&
           v3_in_world(in->pole) && ik_in_world(in->len_upper) && in->len_upper > 0.0f &&
           ik_in_world(in->len_lower) && in->len_lower > 0.0f;
}

/* Bad input still gets a defined answer: both joints parked on the root, or
 * on the origin when even the root is unusable. */
static two_bone_status reject(const two_bone_input *in, two_bone_output *out)
{
    if (out != NULL) {
        const vec3 park = in != NULL && v3_in_world(in->root) ? in->root : v3_zero();
        out->mid = park;
        out->tip = park;
    }
    return TWO_BONE_INVALID;
}

/* v / 2^e with e chosen so the largest part of v lands in [0.5, 1): a
 * direction at a scale where squaring it is safe. Exact (a power of two);
 * the zero vector stays zero (frexpf gives 0 its exponent 0). */
static vec3 scaled_to_unit(vec3 v, int *e)
{
    frexpf(fmaxf(fabsf(v.x), fmaxf(fabsf(v.y), fabsf(v.z))), e);
    return v3(ldexpf(v.x, -*e), ldexpf(v.y, -*e), ldexpf(v.z, -*e));
}

/* Reach units to metres: the same power of two the other way. */
static vec3 in_metres(vec3 v, int reach_exp)
{
    return v3(ldexpf(v.x, reach_exp), ldexpf(v.y, reach_exp), ldexpf(v.z, reach_exp));
}

/* The bone lengths in units of the reach, a power of two so every scaling
 * is exact: a 1e18 limb and a 1e-25 one get the answer a limb of reach ~1
 * gets. In metres the squares would overflow float (sides beyond ~1e19) or
 * vanish into 0 (below ~1e-19). */
static scaled_limb limb_in_reach_units(const two_bone_input *in)
{
    scaled_limb limb = {.root = in->root};
    frexpf(in->len_upper + in->len_lower, &limb.reach_exp);
    limb.upper = ldexpf(in->len_upper, -limb.reach_exp);
    limb.lower = ldexpf(in->len_lower, -limb.reach_exp);
    const float max_reach = limb.upper + limb.lower;
    const float min_reach = limb.upper - limb.lower; /* only its square is used */
    limb.max_sq = max_reach * max_reach;
    limb.min_sq = min_reach * min_reach;
    return limb;
}

/* Step 1: d and D. Directions only need their own scale: the target's and
 * the pole's offsets are brought to a largest part in [0.5, 1), and D is
 * kept apart, in reach units. A target exactly on the root gives no line,
 * so aim at the pole instead (or +Z if the pole is there too): the folded
 * arm only needs a consistent one. D^2 rounds as it would in metres (only
 * powers of two differ), so the limits are the exact ones; far beyond reach
 * it may overflow to inf, a hair from the root vanish to 0: either is on
 * the right side of both limits, and only the side matters there. */
static void aim_at_target(const two_bone_input *in, scaled_limb *limb)
{
    int target_exp, pole_exp;
    const vec3 to_target = scaled_to_unit(v3_sub(in->target, in->root), &target_exp);
    limb->to_pole = scaled_to_unit(v3_sub(in->pole, in->root), &pole_exp);
    const int target_on_root = to_target.x == 0.0f && to_target.y == 0.0f && to_target.z == 0.0f;
    limb->aim = to_target;
    if (target_on_root)
        limb->aim = v3_length_sq(limb->to_pole) > 0.0f ? limb->to_pole : v3_forward();
    const float aim_sq = v3_length_sq(limb->aim);
    limb->inv_aim_sq = 1.0f / aim_sq;
    limb->raw_sq = target_on_root ? 0.0f : ldexpf(aim_sq, 2 * (target_exp - limb->reach_exp));
}

/* Step 1: D_c^2, D^2 clamped into [(L1 - L2)^2, (L1 + L2)^2] (section 4),
 * exactly, without the chapter's 1e-4 margin. */
static float clamp_to_reach(const scaled_limb *limb)
{
    float dist_sq = limb->raw_sq > limb->max_sq ? limb->max_sq : limb->raw_sq;
    dist_sq = dist_sq < limb->min_sq ? limb->min_sq : dist_sq;
    return dist_sq;
}

/* Step 2: section 02's triangle, without the angle. The law of cosines
 * gives along = L1 D cos(shoulder), so the elbow sits along / D down the
 * line and sqrt(height_sq) = L1 sin(shoulder) off it. Clamping height_sq
 * at 0 plays the part of clamping the cosine into [-1, 1]. L1^2 - L2^2 is
 * taken as (L1 - L2)(L1 + L2): with nearly equal bones the two squares
 * cancel, and their rounding, divided by a small D, would fold the elbow
 * far off its bone length. */
static elbow_offset shoulder_triangle(const scaled_limb *limb, float dist_sq)
{
    elbow_offset elbow;
    elbow.along = 0.5f * ((limb->upper - limb->lower) * (limb->upper + limb->lower) + dist_sq);
    /* NaN for D = 0 (0 / 0), which only equal bones folded flat reach: at
     * the lower limit, zeroed below. */
    elbow.height_sq = limb->upper * limb->upper - elbow.along * (elbow.along / dist_sq);
    /* At or beyond either limit the arm is straight (or folded): the elbow
     * is on the line, exactly. The sum above would leave L1^2 minus its own
     * rounding, and the square root of that is visibly off the line. */
    if (limb->raw_sq >= limb->max_sq || limb->raw_sq <= limb->min_sq || !(elbow.height_sq > 0.0f))
        elbow.height_sq = 0.0f;
    return elbow;
}

/* Step 3: the bend happens in the plane through root, target and pole: the
 * elbow swings toward the part of root->pole square to the aim line, so it
 * lands on the pole's side (the chapter's n x d). Not unit length. */
static vec3 bend_direction(const scaled_limb *limb)
{
    const vec3 aim = limb->aim;
    vec3 bend = v3_sub(limb->to_pole, v3_scale(aim, v3_dot(limb->to_pole, aim) * limb->inv_aim_sq));
    float bend_sq = v3_length_sq(bend);
    const float pole_sq = v3_length_sq(limb->to_pole);
    /* Pole on the line (or at the root) leaves no plane: pick one with a
     * world axis, and a second one in case the limb points along +Y. The
     * test is relative to the pole's distance, so it means an angle. */
    if (!(bend_sq > 1e-8f * pole_sq && bend_sq >= FLT_MIN)) {
        bend = v3_sub(v3_up(), v3_scale(aim, aim.y * limb->inv_aim_sq));
        if (v3_length_sq(bend) < 1e-8f)
            bend = v3_sub(v3_right(), v3_scale(aim, aim.x * limb->inv_aim_sq));
        bend_sq = v3_length_sq(bend);
    }
    /* With the pole within a few degrees of the aim line the subtraction
     * above loses most of its digits, leaving `bend` off square with the
     * aim: square it up once more. */
    if (bend_sq < 1e-2f * pole_sq)
        bend = v3_sub(bend, v3_scale(aim, v3_dot(bend, aim) * limb->inv_aim_sq));
    return bend;
}

/* Step 4: tip = root + D along the line; elbow = root + (along / D) along
 * the line + sqrt(height_sq) along the bend, which is the chapter's
 * root + L1 Rot(n, shoulder) d. `aim` and `bend` are not unit length, so
 * each scale divides by theirs. With D = 0 (equal bones folded flat) the
 * elbow goes L1 straight along the line. */
static void place_joints(const scaled_limb *limb, float dist_sq, elbow_offset elbow, vec3 bend,
                         two_bone_output *out)
{
    const float tip_scale = sqrtf(dist_sq * limb->inv_aim_sq);
    const float bend_scale = sqrtf(elbow.height_sq) / sqrtf(v3_length_sq(bend));
    const float along_scale =
        dist_sq > 0.0f ? elbow.along / dist_sq * tip_scale : limb->upper * sqrtf(limb->inv_aim_sq);
    const vec3 mid = v3_add(v3_scale(limb->aim, along_scale), v3_scale(bend, bend_scale));
    out->mid = v3_add(limb->root, in_metres(mid, limb->reach_exp));
    const vec3 tip = v3_scale(limb->aim, tip_scale);
    out->tip = v3_add(limb->root, in_metres(tip, limb->reach_exp));
}

/* The status compares the unclamped distance with the limits. */
static two_bone_status reach_status(const scaled_limb *limb)
{
    if (limb->raw_sq > limb->max_sq)
        return TWO_BONE_TOO_FAR;
    if (limb->raw_sq < limb->min_sq)
        return TWO_BONE_TOO_CLOSE;
    return TWO_BONE_REACHED;
}

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    /* @snippet two_bone_solve */
    if (!input_is_valid(in, out))
        return reject(in, out);

    scaled_limb limb = limb_in_reach_units(in);
    aim_at_target(in, &limb);
    const float dist_sq = clamp_to_reach(&limb);
    const elbow_offset elbow = shoulder_triangle(&limb, dist_sq);
    const vec3 bend = bend_direction(&limb);
    place_joints(&limb, dist_sq, elbow, bend, out);
    return reach_status(&limb);
    /* @end two_bone_solve */
}
