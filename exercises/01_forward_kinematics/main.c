/* 01 Forward kinematics - demo program (chapter section 1).
 *
 * Poses a three-bone arm (shoulder -> elbow -> hand) by choosing joint
 * angles, then lets forward kinematics say where each joint lands in the
 * world. Then it feeds in a broken skeleton (a bone whose parent comes
 * after it) to show the error the validator reports.
 *
 * Coordinates follow the chapter's Unity convention: +Y up, +Z forward.
 * The arm rests along +X; turning about +Z raises it toward +Y.
 */
#include <stdio.h>

#include "forward_kinematics.h"

enum { SHOULDER, ELBOW, HAND, ARM_BONES };

static const char *const BONE_NAMES[ARM_BONES] = {"shoulder", "elbow", "hand"};

static void print_pose(const fk_bone *arm, float shoulder_deg, float elbow_deg)
{
    fk_transform world[ARM_BONES];
    fk_status status = fk_compute_world(arm, ARM_BONES, world);
    printf("shoulder raised %.1f deg, elbow bent %.1f deg -> %s\n",
           (double)shoulder_deg, (double)elbow_deg, fk_status_text(status));
    if (status != FK_OK)
        return;
    for (int i = 0; i < ARM_BONES; ++i) {
        /* The world rotation's angle about the single axis (+Z) used here. */
        float world_deg = quat_angle_between(quat_identity(), world[i].rotation) * IK_RAD_TO_DEG;
        printf("  %-8s world position (%7.4f, %7.4f, %7.4f)  turned %6.2f deg\n",
               BONE_NAMES[i], (double)world[i].position.x, (double)world[i].position.y,
               (double)world[i].position.z, (double)world_deg);
    }
}

int main(void)
{
    const vec3 turn_axis = v3(0.0f, 0.0f, 1.0f);
    const float upper_arm = 0.5f; /* section 4's L1 */
    const float forearm = 0.4f;   /* section 4's L2 */

    printf("== Forward kinematics: angles in, positions out ==\n");

    /* Only rotations are chosen; the hand's position is never set directly. */
    const float poses_deg[2][2] = {{30.0f, 45.0f}, {30.0f, 90.0f}};
    for (int p = 0; p < 2; ++p) {
        float shoulder_deg = poses_deg[p][0];
        float elbow_deg = poses_deg[p][1];
        fk_bone arm[ARM_BONES] = {
            /* root: the shoulder sits 1.4 m up, its rotation raises the arm */
            {-1, v3(0.0f, 1.4f, 0.0f), quat_from_axis_angle(turn_axis, shoulder_deg * IK_DEG_TO_RAD)},
            /* the elbow is one upper arm along the shoulder's +X */
            {SHOULDER, v3(upper_arm, 0.0f, 0.0f), quat_from_axis_angle(turn_axis, elbow_deg * IK_DEG_TO_RAD)},
            /* the hand is one forearm along the elbow's +X; its own turn
             * tilts the hand but does not move it */
            {ELBOW, v3(forearm, 0.0f, 0.0f), quat_from_axis_angle(turn_axis, -20.0f * IK_DEG_TO_RAD)},
        };
        print_pose(arm, shoulder_deg, elbow_deg);
    }
    printf("Changing only the elbow angle moved the hand: the hand position is\n"
           "a result of the angles, never an input (section 1).\n\n");

    printf("== A broken skeleton ==\n");
    fk_bone broken[ARM_BONES] = {
        {-1, v3(0.0f, 1.4f, 0.0f), quat_identity()},
        {HAND, v3(upper_arm, 0.0f, 0.0f), quat_identity()}, /* parent stored AFTER it */
        {ELBOW, v3(forearm, 0.0f, 0.0f), quat_identity()},
    };
    int bad_bone = -1;
    fk_status status = fk_validate(broken, ARM_BONES, &bad_bone);
    printf("the elbow claims the hand (bone %d) as its parent\n", HAND);
    printf("fk_validate: %s (bad bone = %d)\n", fk_status_text(status), bad_bone);

    fk_transform world[ARM_BONES];
    for (int i = 0; i < ARM_BONES; ++i) {
        world[i].position = v3(-9.0f, -9.0f, -9.0f); /* marker: "not written" */
        world[i].rotation = quat_identity();
    }
    status = fk_compute_world(broken, ARM_BONES, world);
    /* An error must leave the caller's transforms exactly as they were. */
    int untouched = world[0].position.x == -9.0f && world[0].position.y == -9.0f &&
                    world[0].position.z == -9.0f;
    printf("fk_compute_world: %s; world[0] = (%.1f, %.1f, %.1f) %s\n",
           fk_status_text(status), (double)world[0].position.x,
           (double)world[0].position.y, (double)world[0].position.z,
           untouched ? "(untouched, as it should be)" : "(overwritten!)");
    return 0;
}
