/* 03 Two-bone IK - exercise (chapter section 5).
 *
 * The closed-form solve for a two-bone limb, working with positions rather
 * than rig-specific bone axes: aim at the target, swing the upper bone off
 * that line by the shoulder angle (section 02's law of cosines) toward the
 * pole, and place the tip along the line at the clamped distance.
 *
 * The function below is a stub: it compiles and runs, but leaves both
 * joints on the root until you fill it in. two_bone.h documents the
 * contract the checker tests.
 */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    /* @snippet two_bone_solve */
    /* TODO: read chapter section 5 (two-bone IK in code) and section 4
     * (why the distance must be clamped), then:
     *   1. in or out NULL -> TWO_BONE_INVALID (if out is not NULL, set
     *      mid = tip = zero vector). Any root/target/pole or length not
     *      in the world (v3_in_world / ik_in_world: NaN, inf or beyond
     *      IK_WORLD_LIMIT), or a length <= 0 -> TWO_BONE_INVALID with
     *      mid = tip = root (zero vector if the root itself is not).
     *   2. to_target = target - root, raw = its length,
     *      dir = v3_normalize(to_target); if raw < 1e-6 (target on the
     *      root) use dir = v3_normalize_or(pole - root, v3_forward()).
     *   3. dist = raw clamped into [|L1 - L2|, L1 + L2] exactly (no 1e-4
     *      margin as in the chapter's C#).
     *   4. root_angle = shoulder_angle(L1, L2, dist) from section 02.
     *   5. bend_axis = cross(dir, v3_normalize(pole - root)); if its squared
     *      length < 1e-8 use cross(dir, v3_up()), and if that is also
     *      < 1e-8 use cross(dir, v3_right()).
     *   6. mid = root + quat_rotate(quat_from_axis_angle(bend_axis,
     *      root_angle), dir) * L1;  tip = root + dir * dist.
     *   7. return TWO_BONE_TOO_FAR if raw > L1 + L2, TWO_BONE_TOO_CLOSE if
     *      raw < |L1 - L2|, else TWO_BONE_REACHED.
     * This stub leaves both joints on the root and claims success. */
    if (in == NULL || out == NULL)
        return TWO_BONE_REACHED;
    out->mid = in->root;
    out->tip = in->root;
    return TWO_BONE_REACHED;
    /* @end two_bone_solve */
}
