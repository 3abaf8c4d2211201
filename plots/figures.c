/* figures.c - data for the section figures, from the reference solutions.
 *
 *   figures fk     OUT.dat   01: an arm posed by forward kinematics, side view
 *   figures angles OUT.dat   02: elbow and shoulder angle against distance D
 *   figures triangle OUT.dat 03: the shoulder-elbow-target triangle, side view
 *   figures pole   OUT.dat   03/04: the pole swept around the root->target line
 */
#include "forward_kinematics.h"
#include "law_of_cosines.h"
#include "pole_vector.h"
#include "two_bone.h"

#include <stdio.h>
#include <string.h>

/* 01: a three-bone arm (upper arm, forearm, hand) at three poses: the joints
 * follow their parents, and only the angles were chosen. */
static int write_fk(FILE *out)
{
    static const float POSES[3][2] = {{0.0f, 0.0f}, {30.0f, 45.0f}, {60.0f, 100.0f}};
    for (int p = 0; p < 3; p++) {
        fk_bone arm[4] = {
            {-1, v3(0.0f, 1.4f, 0.0f), quat_from_axis_angle(v3(0.0f, 0.0f, 1.0f), POSES[p][0] * IK_DEG_TO_RAD)},
            {0, v3(0.5f, 0.0f, 0.0f), quat_from_axis_angle(v3(0.0f, 0.0f, 1.0f), POSES[p][1] * IK_DEG_TO_RAD)},
            {1, v3(0.4f, 0.0f, 0.0f), quat_identity()},
            {2, v3(0.15f, 0.0f, 0.0f), quat_identity()},
        };
        fk_transform world[4];
        if (fk_compute_world(arm, 4, world) != FK_OK)
            return 0;
        fprintf(out, "# shoulder %.0f deg, elbow %.0f deg: x y\n", (double)POSES[p][0], (double)POSES[p][1]);
        for (int i = 0; i < 4; i++)
            fprintf(out, "%.5f %.5f\n", (double)world[i].position.x, (double)world[i].position.y);
        fprintf(out, "\n\n");
    }
    return 1;
}

/* 02: L1 = 0.6, L2 = 0.5 (section 14), D from 0 past L1 + L2. */
static int write_angles(FILE *out)
{
    const float l1 = 0.6f, l2 = 0.5f;
    fprintf(out, "# D elbow_deg shoulder_deg bend_deg (L1 = 0.6, L2 = 0.5)\n");
    for (int i = 0; i <= 260; i++) {
        float d = 1.3f * (float)i / 260.0f;
        fprintf(out, "%.5f %.4f %.4f %.4f\n", (double)d,
                (double)(elbow_interior_angle(l1, l2, d) * IK_RAD_TO_DEG),
                (double)(shoulder_angle(l1, l2, d) * IK_RAD_TO_DEG),
                (double)(elbow_bend_angle(l1, l2, d) * IK_RAD_TO_DEG));
    }
    fprintf(out, "\n\n# worked examples (section 14): D elbow_deg shoulder_deg\n");
    static const float WORKED[] = {0.9f, 1.1f};
    for (int i = 0; i < 2; i++)
        fprintf(out, "%.3f %.2f %.2f\n", (double)WORKED[i],
                (double)(elbow_interior_angle(l1, l2, WORKED[i]) * IK_RAD_TO_DEG),
                (double)(shoulder_angle(l1, l2, WORKED[i]) * IK_RAD_TO_DEG));
    return 1;
}

/* 03: chapter 03's worked example solved by the reference (L1 = 0.5,
 * L2 = 0.4, target 0.7 m away, forward and down; the pole behind and
 * down), drawn from the side: z across, y up (every point has x = 0.2).
 * Blocks: 0 = shoulder, elbow, target (z y name); 1 = the two bones;
 * 2 = the line D; 3 = the pole and the dashed line to it; 4 = the arc of
 * the shoulder angle; 5 = the arc of the elbow angle; 6 = side labels
 * (z y text). */
static void arc(FILE *out, vec3 centre, vec3 from, vec3 to, float radius)
{
    /* from `from` toward `to` (both directions from centre) in the y-z plane */
    float a0 = atan2f(from.y, from.z), a1 = atan2f(to.y, to.z);
    if (a1 - a0 > IK_PI) a1 -= 2.0f * IK_PI;
    if (a0 - a1 > IK_PI) a1 += 2.0f * IK_PI;
    for (int i = 0; i <= 24; i++) {
        float a = a0 + (a1 - a0) * (float)i / 24.0f;
        fprintf(out, "%.5f %.5f\n", (double)(centre.z + radius * cosf(a)), (double)(centre.y + radius * sinf(a)));
    }
    fprintf(out, "\n\n");
}

static int write_triangle(FILE *out)
{
    const vec3 root = v3(0.2f, 1.4f, 0.0f);
    const two_bone_input in = {root, v3_add(root, v3(0.0f, -0.42f, 0.56f)), v3_add(root, v3(0.0f, -0.3f, -0.5f)),
                               0.5f, 0.4f};
    two_bone_output o;
    if (two_bone_solve(&in, &o) != TWO_BONE_REACHED)
        return 0;
    const float d = v3_distance(in.root, in.target);
    const float shoulder = shoulder_angle(in.len_upper, in.len_lower, d) * IK_RAD_TO_DEG;
    const float elbow = elbow_interior_angle(in.len_upper, in.len_lower, d) * IK_RAD_TO_DEG;
    fprintf(out, "# 03 worked example: L1 %.2f L2 %.2f D %.3f shoulder %.2f deg elbow %.2f deg; z y name\n",
            (double)in.len_upper, (double)in.len_lower, (double)d, (double)shoulder, (double)elbow);
    fprintf(out, "%.5f %.5f S\n%.5f %.5f E\n%.5f %.5f T\n\n\n", (double)in.root.z, (double)in.root.y,
            (double)o.mid.z, (double)o.mid.y, (double)o.tip.z, (double)o.tip.y);
    fprintf(out, "# bones: z y\n%.5f %.5f\n%.5f %.5f\n%.5f %.5f\n\n\n", (double)in.root.z, (double)in.root.y,
            (double)o.mid.z, (double)o.mid.y, (double)o.tip.z, (double)o.tip.y);
    fprintf(out, "# D: z y\n%.5f %.5f\n%.5f %.5f\n\n\n", (double)in.root.z, (double)in.root.y, (double)in.target.z,
            (double)in.target.y);
    fprintf(out, "# pole: z y (root, pole)\n%.5f %.5f\n%.5f %.5f\n\n\n", (double)in.root.z, (double)in.root.y,
            (double)in.pole.z, (double)in.pole.y);
    fprintf(out, "# shoulder angle arc\n");
    arc(out, in.root, v3_sub(in.target, in.root), v3_sub(o.mid, in.root), 0.12f);
    fprintf(out, "# elbow angle arc\n");
    arc(out, o.mid, v3_sub(in.root, o.mid), v3_sub(o.tip, o.mid), 0.07f);
    /* labels beside each side, pushed off its middle away from the triangle */
    const vec3 centre = v3_scale(v3_add(v3_add(in.root, o.mid), o.tip), 1.0f / 3.0f);
    const vec3 ends[3][2] = {{in.root, o.mid}, {o.mid, o.tip}, {in.root, o.tip}};
    const char *names[3] = {"L1", "L2", "D"};
    const float lengths[3] = {in.len_upper, in.len_lower, d};
    fprintf(out, "# side labels: z y text\n");
    for (int i = 0; i < 3; i++) {
        vec3 m = v3_scale(v3_add(ends[i][0], ends[i][1]), 0.5f);
        vec3 away = v3_normalize(v3_sub(m, centre));
        vec3 at = v3_add(m, v3_scale(away, 0.06f));
        fprintf(out, "%.5f %.5f \"%s = %.2f m\"\n", (double)at.z, (double)at.y, names[i], (double)lengths[i]);
    }
    fprintf(out, "%.5f %.5f \"θ_S = %.2f°\"\n", (double)(in.root.z + 0.2f), (double)(in.root.y - 0.09f), (double)shoulder);
    fprintf(out, "%.5f %.5f \"θ_E = %.2f°\"\n", (double)(o.mid.z + 0.17f), (double)(o.mid.y + 0.065f), (double)elbow);
    return 1;
}

/* 03/04: the hip turns about the root->target line; the knee pole rides
 * with it, the knee swings on a circle, the foot stays on the target. The
 * points are drawn in the plane across that line (u, v). */
static int write_pole(FILE *out)
{
    const vec3 root = v3(0.0f, 1.0f, 0.0f), target = v3(0.2f, 0.25f, 0.3f);
    const float l1 = 0.45f, l2 = 0.42f;
    vec3 axis = v3_normalize(v3_sub(target, root));
    vec3 u = v3_any_perpendicular(axis), v = v3_cross(axis, u);
    fprintf(out, "# step knee_u knee_v pole_u pole_v tip_u tip_v\n");
    for (int step = 0; step <= 24; step++) {
        quat hip = quat_from_axis_angle(axis, (float)step * 15.0f * IK_DEG_TO_RAD);
        vec3 pole = pole_from_hip(root, hip, v3_add(pole_offset_for(LIMB_KNEE, 0.5f), v3_scale(u, 0.0f)));
        /* keep the pole off the line: offset it across the axis too */
        pole = v3_add(pole, quat_rotate(hip, v3_scale(u, 0.3f)));
        two_bone_input in = {root, target, pole, l1, l2};
        two_bone_output solved;
        if (two_bone_solve(&in, &solved) == TWO_BONE_INVALID)
            return 0;
        vec3 k = v3_sub(solved.mid, root), p = v3_sub(pole, root), t = v3_sub(solved.tip, root);
        fprintf(out, "%d %.5f %.5f %.5f %.5f %.5f %.5f\n", step, (double)v3_dot(k, u), (double)v3_dot(k, v),
                (double)v3_dot(p, u), (double)v3_dot(p, v), (double)v3_dot(t, u), (double)v3_dot(t, v));
    }
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: figures fk|angles|triangle|pole OUT.dat\n");
        return 2;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        fprintf(stderr, "figures: cannot write %s\n", argv[2]);
        return 1;
    }
    int ok = !strcmp(argv[1], "fk") ? write_fk(out)
           : !strcmp(argv[1], "angles") ? write_angles(out)
           : !strcmp(argv[1], "triangle") ? write_triangle(out)
           : !strcmp(argv[1], "pole") ? write_pole(out) : -1;
    if (fclose(out) != 0 || ok != 1) {
        fprintf(stderr, "figures: %s failed\n", argv[1]);
        return 1;
    }
    return 0;
}
