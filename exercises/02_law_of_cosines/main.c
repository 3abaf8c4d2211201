/* 02 Law of cosines - demo program (chapter sections 4 and 14).
 *
 * Prints the chapter's worked triangles (arm lengths L1, L2 and the
 * shoulder-to-target distance D) with the elbow's interior angle, how far
 * the elbow bends from straight, and the shoulder angle. Then one target
 * out of reach and one too close, which must still give clean angles.
 * Angles are radians inside the functions; degrees only when printing.
 */
#include <stdio.h>

#include "ikmath.h"
#include "law_of_cosines.h"

typedef struct {
    const char *label;
    float len_upper, len_lower, dist;
} arm_case;

int main(void)
{
    const arm_case cases[] = {
        {"section 4 worked example", 0.5f, 0.4f, 0.7f},
        {"section 14 exercise, bent", 0.6f, 0.5f, 0.9f},
        {"section 14 exercise, full reach", 0.6f, 0.5f, 1.1f},
        {"unreachable (D > L1 + L2)", 0.5f, 0.4f, 1.5f},
        {"too close (D < |L1 - L2|)", 0.5f, 0.4f, 0.05f},
    };
    const int case_count = (int)(sizeof cases / sizeof cases[0]);

    printf("%-32s %5s %5s %5s | %9s %9s %9s\n", "case", "L1", "L2", "D",
           "elbow", "bend", "shoulder");
    for (int i = 0; i < case_count; ++i) {
        const arm_case *c = &cases[i];
        float interior = elbow_interior_angle(c->len_upper, c->len_lower, c->dist);
        float bend = elbow_bend_angle(c->len_upper, c->len_lower, c->dist);
        float shoulder = shoulder_angle(c->len_upper, c->len_lower, c->dist);
        printf("%-32s %5.2f %5.2f %5.2f | %7.2f d %7.2f d %7.2f d\n", c->label,
               (double)c->len_upper, (double)c->len_lower, (double)c->dist,
               (double)(interior * IK_RAD_TO_DEG), (double)(bend * IK_RAD_TO_DEG),
               (double)(shoulder * IK_RAD_TO_DEG));
    }
    printf("(elbow = interior angle, 180 when straight; bend = 180 - elbow, what\n"
           " most rigs call \"the elbow angle\"; d = degrees)\n");
    /* Not a bug: 0.5f + 0.4f rounds to a float a hair below the true sum,
     * and acos near -1 magnifies that 1e-7 into a few hundredths of a
     * degree. The arm is still straight to the eye. */
    printf("(the unreachable row is 179.96, not 180: float rounds L1 + L2 = 0.9 a\n"
           " hair short and acos near -1 turns that 1e-7 into 0.04 deg)\n\n");

    /* Why the functions clamp the cosine and not the distance: redo the
     * full-reach case the way the chapter's C# does, shrinking D by 1e-4. */
    const float len_upper = 0.6f, len_lower = 0.5f;
    const float margin_dist = len_upper + len_lower - 0.0001f;
    float margin_cosine = (len_upper * len_upper + len_lower * len_lower -
                           margin_dist * margin_dist) / (2.0f * len_upper * len_lower);
    printf("full reach with the chapter's 1e-4 distance margin: cos = %.6f -> %.2f deg\n",
           (double)margin_cosine, (double)(acosf(margin_cosine) * IK_RAD_TO_DEG));
    printf("full reach with the cosine clamped instead:          %.2f deg\n",
           (double)(elbow_interior_angle(len_upper, len_lower, len_upper + len_lower) *
                    IK_RAD_TO_DEG));
    printf("(acos is steep near -1: a 0.0001 shorter reach costs over a degree)\n");
    return 0;
}
