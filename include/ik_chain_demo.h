/* ik_chain_demo.h - the demo program of sections 05 and 06 (make run S=05 or
 * S=06), written once for both iterative solvers.
 *
 * Given complete to students, like ik_chain.h; each section's main.c only
 * names its solver:
 *
 *     int main(void) { return ik_chain_demo("CCD", ccd_solve); }
 *
 * It shows a five-bone chain (a tail or a spine, 0.4 m per bone, reach
 * 2.0 m) solved with the chapter's settings (10 passes, tolerance 0.01 m):
 * the tip error after each pass, the bone lengths afterwards and how much
 * each joint ended up bent. Then a target out of reach and an invalid
 * target. Degrees in the messages, radians inside.
 */
#ifndef IK_CHAIN_DEMO_H
#define IK_CHAIN_DEMO_H

#include <stdio.h>

#include "ik_chain.h"

#define IK_DEMO_BONE_COUNT 5
#define IK_DEMO_BONE_LENGTH 0.4f /* metres */

/* ccd_solve's and fabrik_solve's shape. */
typedef int (*ik_chain_solver)(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

static inline const char *ik_demo_status_text(ik_status s)
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
static inline float ik_demo_angle_deg(vec3 a, vec3 b)
{
    float c = v3_dot(v3_normalize(a), v3_normalize(b));
    if (c > 1.0f) c = 1.0f;
    if (c < -1.0f) c = -1.0f;
    return acosf(c) * IK_RAD_TO_DEG;
}

/* A tail standing up from the origin, each bone tipped 15 degrees further
 * toward +Z than the one before: bent, so the solver has a pose to undo. */
static inline ik_chain ik_demo_tail(void)
{
    ik_chain chain;
    chain.joint_count = IK_DEMO_BONE_COUNT + 1;
    chain.joints[0] = v3_zero();
    for (int i = 1; i <= IK_DEMO_BONE_COUNT; i++) {
        float tilt = 15.0f * IK_DEG_TO_RAD * (float)i;
        vec3 direction = v3(0.0f, cosf(tilt), sinf(tilt));
        chain.joints[i] = v3_add(chain.joints[i - 1], v3_scale(direction, IK_DEMO_BONE_LENGTH));
    }
    return chain;
}

static inline void ik_demo_print_report(const ik_report *report, int returned)
{
    printf("  returned %d, status %s, initial error %.4f\n",
           returned, ik_demo_status_text(report->status), report->initial_error);
    for (int pass = 0; pass < report->passes; pass++)
        printf("    after pass %2d: tip error %.5f\n", pass + 1, report->tip_error[pass]);
}

/* Bone lengths (should all still be IK_DEMO_BONE_LENGTH) and the bend at
 * each inner joint: the angle between the bone coming in and the bone going
 * out. */
static inline void ik_demo_print_shape(const ik_chain *chain)
{
    printf("  bone lengths:");
    for (int i = 0; i + 1 < chain->joint_count; i++)
        printf(" %.5f", v3_distance(chain->joints[i], chain->joints[i + 1]));
    printf("\n  bend at joints 1..%d (deg):", chain->joint_count - 2);
    for (int i = 1; i + 1 < chain->joint_count; i++)
        printf(" %6.1f", ik_demo_angle_deg(v3_sub(chain->joints[i], chain->joints[i - 1]),
                                           v3_sub(chain->joints[i + 1], chain->joints[i])));
    printf("\n");
}

/* The whole demo for one solver, `name` as printed ("CCD", "FABRIK").
 * Returns main's exit status. */
static inline int ik_chain_demo(const char *name, ik_chain_solver solve)
{
    const ik_settings settings = {10, 0.01f}; /* the chapter's iterations/tolerance */
    ik_report report;

    ik_chain chain = ik_demo_tail();
    vec3 target = v3(1.0f, 1.2f, 0.6f);
    printf("%s, %d bones of %.1f (reach %.1f), target (%.1f, %.1f, %.1f) "
           "at %.3f from the root:\n",
           name, IK_DEMO_BONE_COUNT, IK_DEMO_BONE_LENGTH, ik_chain_reach(&chain), target.x, target.y, target.z,
           v3_distance(target, chain.joints[0]));
    int passes = solve(&chain, target, &settings, &report);
    ik_demo_print_report(&report, passes);
    ik_demo_print_shape(&chain);

    chain = ik_demo_tail();
    float reach = ik_chain_reach(&chain);
    target = v3(3.0f, 2.0f, -1.0f);
    printf("\nTarget (%.1f, %.1f, %.1f), %.2f x reach away:\n", target.x, target.y, target.z,
           v3_distance(target, chain.joints[0]) / reach);
    passes = solve(&chain, target, &settings, &report);
    printf("  returned %d, status %s, initial error %.4f, final error %.4f\n", passes,
           ik_demo_status_text(report.status), report.initial_error,
           passes > 0 ? report.tip_error[passes - 1] : report.initial_error);
    vec3 root_to_tip = v3_sub(ik_chain_tip(&chain), chain.joints[0]);
    printf("  tip aimed %.3f deg off the target direction, |tip - root| = %.4f x reach\n",
           ik_demo_angle_deg(root_to_tip, v3_sub(target, chain.joints[0])),
           v3_length(root_to_tip) / reach);

    chain = ik_demo_tail();
    target = v3(NAN, 0.0f, 0.0f);
    passes = solve(&chain, target, &settings, &report);
    printf("\nNaN target (ik_validate says: %s):\n  returned %d, status %s\n",
           ik_input_error_text(ik_validate(&chain, target, &settings, &report)), passes,
           ik_demo_status_text(report.status));
    return 0;
}

#endif /* IK_CHAIN_DEMO_H */
