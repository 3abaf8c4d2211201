/*******************************************************************************
 *
 *  04 Pole vector and bone rotations - demo program
 *
 *  Shows: a knee pole parented to the hip follows the character as it
 *  turns; the chapter's exercise arm (L1 = 0.6, L2 = 0.5, hand 0.9 from the
 *  shoulder, section 14) posed with its elbow bending toward an elbow pole
 *  behind the body; each bone's rotation checked (+Z along the bone, +Y
 *  toward the pole); and the two awkward inputs: a zero-length bone and a
 *  pole lying on the bone's own line.
 *
 *  Chapter: sections 5 (LookRotation at the end) and 6 (pole vector).
 *  Degrees in the messages, radians inside.
 *
 ******************************************************************************/

#include <stdio.h>

#include "ikmath.h"
#include "pole_vector.h"

/* Angle in degrees between two directions; 0 if either has none. */
static float angle_deg(vec3 a, vec3 b)
{
    vec3 ua = v3_normalize(a);
    vec3 ub = v3_normalize(b);
    float c = v3_dot(ua, ub);
    if (c > 1.0f) c = 1.0f;
    if (c < -1.0f) c = -1.0f;
    return acosf(c) * IK_RAD_TO_DEG;
}

static const char *status_text(pole_status s)
{
    return s == POLE_OK ? "POLE_OK" : "POLE_DEGENERATE";
}

/* How well a bone rotation does its job: +Z on the bone, and +Y pointing at
 * the pole once the part of (pole - joint) along the bone is removed. */
static void print_bone_check(const char *name, quat rotation, vec3 joint, vec3 child, vec3 pole)
{
    vec3 bone_dir = v3_normalize(v3_sub(child, joint));
    vec3 to_pole = v3_sub(pole, joint);
    vec3 pole_across_bone = v3_sub(to_pole, v3_scale(bone_dir, v3_dot(to_pole, bone_dir)));
    vec3 z_axis = quat_rotate(rotation, v3_forward());
    vec3 y_axis = quat_rotate(rotation, v3_up());
    printf("  %-5s q = (%+.3f, %+.3f, %+.3f, %+.3f)  +Z off the bone: %6.3f deg  "
           "+Y off the pole: %6.3f deg\n",
           name, rotation.x, rotation.y, rotation.z, rotation.w,
           angle_deg(z_axis, bone_dir), angle_deg(y_axis, pole_across_bone));
}

/* The chapter's exercise arm once posed: its joints, its elbow pole, and
 * the bone rotations computed for it (the awkward inputs start from them). */
typedef struct {
    float len_upper;
    vec3 shoulder, elbow, hand, reach_dir, pole;
    quat upper_rotation, lower_rotation;
} arm_pose;

/* ---- 1. A knee pole that rides on the hip ------------------------- */
static void show_knee_pole(vec3 elbow_offset)
{
    const vec3 hip = v3(0.1f, 0.9f, 0.0f);
    const float knee_pole_distance = 0.25f; /* about a knee's width ahead */
    const vec3 knee_offset = pole_offset_for(LIMB_KNEE, knee_pole_distance);

    printf("Pole offsets in hip space: knee (%+.2f, %+.2f, %+.2f), "
           "elbow (%+.2f, %+.2f, %+.2f)\n",
           knee_offset.x, knee_offset.y, knee_offset.z,
           elbow_offset.x, elbow_offset.y, elbow_offset.z);
    printf("Knee pole in world space as the character turns (hip at %.2f, %.2f, %.2f):\n",
           hip.x, hip.y, hip.z);
    for (int step = 0; step <= 2; step++) {
        float yaw_deg = 90.0f * (float)step;
        quat facing = quat_from_axis_angle(v3_up(), yaw_deg * IK_DEG_TO_RAD);
        vec3 pole = pole_from_hip(hip, facing, knee_offset);
        printf("  facing %5.1f deg -> pole (%+.3f, %+.3f, %+.3f)\n",
               yaw_deg, pole.x, pole.y, pole.z);
    }
}

/* ---- 2. The chapter's exercise arm, posed and rotated -------------- */
static arm_pose pose_exercise_arm(vec3 elbow_offset)
{
    /* L1 = 0.6, L2 = 0.5, hand target 0.9 from the shoulder: the law of
     * cosines (section 4) gives the shoulder angle between the upper arm
     * and the line to the target. The arm reaches out sideways (+X); the
     * elbow pole is behind the body (-Z), so the elbow bends backward. */
    arm_pose arm;
    arm.len_upper = 0.6f;
    const float len_lower = 0.5f;
    const float reach_distance = 0.9f;
    arm.shoulder = v3(0.2f, 1.4f, 0.0f);
    const quat body_facing = quat_identity();
    arm.reach_dir = v3_right();
    arm.pole = pole_from_hip(arm.shoulder, body_facing, elbow_offset);

    float cos_shoulder = (arm.len_upper * arm.len_upper + reach_distance * reach_distance -
                          len_lower * len_lower) / (2.0f * arm.len_upper * reach_distance);
    float shoulder_angle = acosf(cos_shoulder);
    /* Bend toward the pole: the part of (pole - shoulder) across the reach line. */
    vec3 to_pole = v3_sub(arm.pole, arm.shoulder);
    vec3 bend_dir = v3_normalize_or(v3_sub(to_pole, v3_scale(arm.reach_dir, v3_dot(to_pole, arm.reach_dir))),
                                    v3_up());
    vec3 upper_dir = v3_add(v3_scale(arm.reach_dir, cosf(shoulder_angle)),
                            v3_scale(bend_dir, sinf(shoulder_angle)));
    arm.elbow = v3_add(arm.shoulder, v3_scale(upper_dir, arm.len_upper));
    arm.hand = v3_add(arm.shoulder, v3_scale(arm.reach_dir, reach_distance));

    printf("\nArm L1 = %.1f, L2 = %.1f, hand %.1f from the shoulder, elbow pole behind:\n",
           arm.len_upper, len_lower, reach_distance);
    printf("  shoulder angle %.1f deg, elbow interior angle %.1f deg (chapter: 31.6 and 109.5)\n",
           shoulder_angle * IK_RAD_TO_DEG,
           angle_deg(v3_sub(arm.shoulder, arm.elbow), v3_sub(arm.hand, arm.elbow)));
    printf("  elbow at (%+.3f, %+.3f, %+.3f): bent %s\n", arm.elbow.x, arm.elbow.y, arm.elbow.z,
           arm.elbow.z < -1e-3f ? "backward, toward the pole"
                                 : "NOT backward: the pole gave it no side to bend to");
    printf("  bone lengths %.4f and %.4f\n", v3_distance(arm.shoulder, arm.elbow),
           v3_distance(arm.elbow, arm.hand));

    pole_status status = bone_rotations_from_positions(arm.shoulder, arm.elbow, arm.hand, arm.pole,
                                                       &arm.upper_rotation, &arm.lower_rotation);
    printf("  bone_rotations_from_positions: %s\n", status_text(status));
    print_bone_check("upper", arm.upper_rotation, arm.shoulder, arm.elbow, arm.pole);
    print_bone_check("lower", arm.lower_rotation, arm.elbow, arm.hand, arm.pole);
    return arm;
}

/* ---- 3. Awkward input -------------------------------------------- */
static void show_awkward_input(arm_pose arm)
{
    printf("\nAwkward input:\n");
    pole_status status = bone_rotations_from_positions(arm.shoulder, arm.shoulder, arm.hand, arm.pole,
                                                       &arm.upper_rotation, &arm.lower_rotation);
    printf("  elbow on the shoulder: %s, upper = identity? %s\n", status_text(status),
           quat_angle_between(arm.upper_rotation, quat_identity()) < 1e-6f ? "yes" : "no");
    print_bone_check("lower", arm.lower_rotation, arm.shoulder, arm.hand, arm.pole);

    /* A pole straight down the bone gives LookRotation no "up" to lean to:
     * the bone still gets a proper rotation with +Z on it. */
    vec3 pole_on_line = v3_add(arm.shoulder, v3_scale(arm.reach_dir, 2.0f));
    vec3 straight_elbow = v3_add(arm.shoulder, v3_scale(arm.reach_dir, arm.len_upper));
    status = bone_rotations_from_positions(arm.shoulder, straight_elbow, arm.hand, pole_on_line,
                                           &arm.upper_rotation, &arm.lower_rotation);
    printf("  pole on the bone's line: %s, upper +Z off the bone: %.3f deg, |q| = %.6f\n",
           status_text(status),
           angle_deg(quat_rotate(arm.upper_rotation, v3_forward()), arm.reach_dir),
           sqrtf(quat_dot(arm.upper_rotation, arm.upper_rotation)));
    status = bone_rotations_from_positions(arm.shoulder, arm.elbow, arm.hand, arm.pole, NULL,
                                           &arm.lower_rotation);
    printf("  NULL output pointer: %s\n", status_text(status));
}

int main(void)
{
    const vec3 elbow_offset = pole_offset_for(LIMB_ELBOW, 0.3f);
    show_knee_pole(elbow_offset);
    arm_pose arm = pose_exercise_arm(elbow_offset);
    show_awkward_input(arm);
    return 0;
}
