/*******************************************************************************
 *
 *  05 CCD (Cyclic Coordinate Descent) - demo program
 *
 *  Shows: a five-bone chain (a tail or a spine, 0.4 per bone, reach 2.0)
 *  solved with the chapter's settings (10 passes, tolerance 0.01): the tip
 *  error after each pass, the bone lengths afterwards and how much each
 *  joint ended up bent (CCD tends to curl the bones near the tip; compare
 *  with 06). Then a target out of reach (the chain should end up aimed at
 *  it) and an invalid target.
 *
 *  Chapter: section 7. Degrees in the messages, radians inside.
 *
 ******************************************************************************/

#include <stdio.h>

#include "ik_chain.h"
#include "ccd.h"

#define BONE_COUNT 5
#define BONE_LENGTH 0.4f

static const char *status_text(ik_status s)
{
    switch (s) {
    case IK_REACHED: return "IK_REACHED";
    case IK_NOT_REACHED: return "IK_NOT_REACHED";
    case IK_UNREACHABLE: return "IK_UNREACHABLE";
    case IK_INVALID_INPUT: return "IK_INVALID_INPUT";
    }
    return "?";
}

/* Angle in degrees between two directions; 0 if either has none. */
static float angle_deg(vec3 a, vec3 b)
{
    float c = v3_dot(v3_normalize(a), v3_normalize(b));
    if (c > 1.0f) c = 1.0f;
    if (c < -1.0f) c = -1.0f;
    return acosf(c) * IK_RAD_TO_DEG;
}

/* A tail standing up from the origin, each bone tipped 15 degrees further
 * toward +Z than the one before: bent, so the solver has a pose to undo. */
static ik_chain make_tail(void)
{
    ik_chain chain;
    chain.joint_count = BONE_COUNT + 1;
    chain.joints[0] = v3_zero();
    for (int i = 1; i <= BONE_COUNT; i++) {
        float tilt = 15.0f * IK_DEG_TO_RAD * (float)i;
        vec3 direction = v3(0.0f, cosf(tilt), sinf(tilt));
        chain.joints[i] = v3_add(chain.joints[i - 1], v3_scale(direction, BONE_LENGTH));
    }
    return chain;
}

static void print_report(const ik_report *report, int returned)
{
    printf("  returned %d, status %s, initial error %.4f\n",
           returned, status_text(report->status), report->initial_error);
    for (int pass = 0; pass < report->passes; pass++)
        printf("    after pass %2d: tip error %.5f\n", pass + 1, report->tip_error[pass]);
}

/* Bone lengths (should all still be BONE_LENGTH) and the bend at each inner
 * joint: the angle between the bone coming in and the bone going out. */
static void print_shape(const ik_chain *chain)
{
    printf("  bone lengths:");
    for (int i = 0; i + 1 < chain->joint_count; i++)
        printf(" %.5f", v3_distance(chain->joints[i], chain->joints[i + 1]));
    printf("\n  bend at joints 1..%d (deg):", chain->joint_count - 2);
    for (int i = 1; i + 1 < chain->joint_count; i++)
        printf(" %6.1f", angle_deg(v3_sub(chain->joints[i], chain->joints[i - 1]),
                                   v3_sub(chain->joints[i + 1], chain->joints[i])));
    printf("\n");
}

int main(void)
{
    const ik_settings settings = {10, 0.01f}; /* the chapter's iterations/tolerance */
    ik_report report;

    ik_chain chain = make_tail();
    vec3 target = v3(1.0f, 1.2f, 0.6f);
    printf("CCD, %d bones of %.1f (reach %.1f), target (%.1f, %.1f, %.1f) "
           "at %.3f from the root:\n",
           BONE_COUNT, BONE_LENGTH, ik_chain_reach(&chain), target.x, target.y, target.z,
           v3_distance(target, chain.joints[0]));
    int passes = ccd_solve(&chain, target, &settings, &report);
    print_report(&report, passes);
    print_shape(&chain);

    chain = make_tail();
    float reach = ik_chain_reach(&chain);
    target = v3(3.0f, 2.0f, -1.0f);
    printf("\nTarget (%.1f, %.1f, %.1f), %.2f x reach away:\n", target.x, target.y, target.z,
           v3_distance(target, chain.joints[0]) / reach);
    passes = ccd_solve(&chain, target, &settings, &report);
    printf("  returned %d, status %s, initial error %.4f, final error %.4f\n", passes,
           status_text(report.status), report.initial_error,
           passes > 0 ? report.tip_error[passes - 1] : report.initial_error);
    vec3 root_to_tip = v3_sub(ik_chain_tip(&chain), chain.joints[0]);
    printf("  tip aimed %.3f deg off the target direction, |tip - root| = %.4f x reach\n",
           angle_deg(root_to_tip, v3_sub(target, chain.joints[0])),
           v3_length(root_to_tip) / reach);

    chain = make_tail();
    target = v3(NAN, 0.0f, 0.0f);
    passes = ccd_solve(&chain, target, &settings, &report);
    printf("\nNaN target (ik_validate says: %s):\n  returned %d, status %s\n",
           ik_input_error_text(ik_validate(&chain, target, &settings, &report)), passes,
           status_text(report.status));
    return 0;
}
