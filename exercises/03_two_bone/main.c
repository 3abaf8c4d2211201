/* 03 Two-bone IK - demo program (chapter sections 4 and 5).
 *
 * The chapter's arm (upper arm L1 = 0.5, forearm L2 = 0.4) reaches for a
 * target 0.7 from the shoulder, forward and down, with the pole placed
 * behind the body so the elbow bends backward like a real one. It prints
 * where the elbow and hand land, checks that both bones kept their length,
 * and measures the angles back from the positions to compare them with the
 * law of cosines (section 02). Then the same arm is asked for a target
 * 1.5 away, out of reach: it straightens toward it instead.
 */
#include <stdio.h>

#include "ikmath.h"
#include "../02_law_of_cosines/law_of_cosines.h"
#include "two_bone.h"

/* Angle between two directions, for reading angles back off positions. */
static float angle_between(vec3 a, vec3 b)
{
    float cosine = v3_dot(v3_normalize(a), v3_normalize(b));
    if (cosine < -1.0f)
        cosine = -1.0f;
    if (cosine > 1.0f)
        cosine = 1.0f;
    return acosf(cosine);
}

static void print_v3(const char *label, vec3 v)
{
    printf("  %-7s (%7.4f, %7.4f, %7.4f)\n", label, (double)v.x, (double)v.y, (double)v.z);
}

static void solve_and_report(const char *title, const two_bone_input *in)
{
    two_bone_output out;
    two_bone_status status = two_bone_solve(in, &out);
    float raw_dist = v3_distance(in->root, in->target);

    printf("== %s ==\n", title);
    printf("  target %.3f from the shoulder, reach %.3f..%.3f -> %s\n", (double)raw_dist,
           (double)fabsf(in->len_upper - in->len_lower),
           (double)(in->len_upper + in->len_lower), two_bone_status_text(status));
    print_v3("root", in->root);
    print_v3("target", in->target);
    print_v3("pole", in->pole);
    print_v3("elbow", out.mid);
    print_v3("hand", out.tip);
    printf("  bone lengths kept: |elbow-root| = %.6f (L1 %.2f), |hand-elbow| = %.6f (L2 %.2f)\n",
           (double)v3_distance(out.mid, in->root), (double)in->len_upper,
           (double)v3_distance(out.tip, out.mid), (double)in->len_lower);
    printf("  hand to target gap: %.6f\n", (double)v3_distance(out.tip, in->target));

    /* The same angles two ways: from the triangle's side lengths
     * (section 02), and measured off the solved positions. */
    vec3 upper = v3_sub(out.mid, in->root);
    vec3 lower = v3_sub(out.tip, out.mid);
    float shoulder_measured = angle_between(upper, v3_sub(in->target, in->root));
    float interior_measured = angle_between(v3_neg(upper), lower);
    printf("  shoulder angle: law of cosines %6.2f deg, measured %6.2f deg\n",
           (double)(shoulder_angle(in->len_upper, in->len_lower, raw_dist) * IK_RAD_TO_DEG),
           (double)(shoulder_measured * IK_RAD_TO_DEG));
    printf("  elbow interior: law of cosines %6.2f deg, measured %6.2f deg (bend %.2f deg)\n",
           (double)(elbow_interior_angle(in->len_upper, in->len_lower, raw_dist) * IK_RAD_TO_DEG),
           (double)(interior_measured * IK_RAD_TO_DEG),
           (double)(elbow_bend_angle(in->len_upper, in->len_lower, raw_dist) * IK_RAD_TO_DEG));

    /* Which way did the elbow go? Compare the parts of the elbow and the
     * pole that stick out sideways from the shoulder->target line. */
    vec3 line = v3_normalize(v3_sub(in->target, in->root));
    vec3 to_pole = v3_sub(in->pole, in->root);
    vec3 elbow_side = v3_sub(upper, v3_scale(line, v3_dot(upper, line)));
    vec3 pole_side = v3_sub(to_pole, v3_scale(line, v3_dot(to_pole, line)));
    if (v3_length(elbow_side) < 1e-3f * in->len_upper)
        printf("  elbow sits on the shoulder->target line (arm straight or folded)\n\n");
    else
        printf("  elbow bends %s the pole\n\n",
               v3_dot(elbow_side, pole_side) > 0.0f ? "toward" : "AWAY from");
}

int main(void)
{
    const vec3 shoulder = v3(0.2f, 1.4f, 0.0f);

    /* Forward (+Z) and down (-Y): (0, -0.42, 0.56) is exactly 0.7 long. */
    two_bone_input reach = {
        .root = shoulder,
        .target = v3_add(shoulder, v3(0.0f, -0.42f, 0.56f)),
        .pole = v3_add(shoulder, v3(0.0f, -0.3f, -0.5f)), /* behind and below */
        .len_upper = 0.5f,
        .len_lower = 0.4f,
    };
    solve_and_report("reachable: the chapter's arm, target 0.7 away", &reach);

    two_bone_input too_far = reach;
    too_far.target = v3_add(shoulder, v3(0.0f, -0.9f, 1.2f)); /* 1.5 away */
    solve_and_report("unreachable: target 1.5 away", &too_far);
    return 0;
}
