/*******************************************************************************
 *
 *  08 Look-at and aim IK - demo program
 *
 *  Shows the three cases of chapter section 10:
 *   1. the spine aiming a weapon with the chapter's aimWeight 0.6: how far
 *      the weight takes it toward the full aim, and that the full aim is
 *      level (no roll);
 *   2. a head looking at a bird that circles the character, with the
 *      chapter's lookWeight 0.7 spread over spine, neck and head: each
 *      bone's turn, and the head's angle to the bird, every 0.25 s - even
 *      when the bird passes behind, nothing flips;
 *   3. a hand reaching a point on a wall as the character walks past: the
 *      weight eases in by distance, the hand lands on the point, and eases
 *      out again as the character walks on.
 *
 ******************************************************************************/

#include <stdio.h>

#include "ikmath.h"
#include "aim_ik.h"

/* Angle in degrees between a bone's +Z and the direction to a target. */
static float off_target_deg(vec3 position, quat rotation, vec3 target)
{
    vec3 facing = quat_rotate(rotation, v3_forward());
    vec3 to_target = v3_normalize(v3_sub(target, position));
    return atan2f(v3_length(v3_cross(facing, to_target)), v3_dot(facing, to_target)) * IK_RAD_TO_DEG;
}

/* Heading of a bone's +Z about +Y, degrees (0 = +Z, 90 = +X). */
static float yaw_deg(quat rotation)
{
    vec3 f = quat_rotate(rotation, v3_forward());
    return atan2f(f.x, f.z) * IK_RAD_TO_DEG;
}

/* How far a bone's +X tips out of level: its roll, degrees. */
static float roll_deg(quat rotation)
{
    vec3 x = quat_rotate(rotation, v3_right());
    return asinf(fminf(1.0f, fmaxf(-1.0f, x.y))) * IK_RAD_TO_DEG;
}

static void spine_aim(void)
{
    /* The locomotion leans the spine 8 deg forward and rolls it 5 deg. */
    const vec3 spine = v3(0.0f, 1.2f, 0.0f);
    const quat animated = quat_mul(quat_from_axis_angle(v3_forward(), 5.0f * IK_DEG_TO_RAD),
                                   quat_from_axis_angle(v3_right(), 8.0f * IK_DEG_TO_RAD));
    const vec3 target = v3(1.5f, 1.6f, 3.0f);
    printf("1. Spine aim (aimWeight %.1f), target %.1f m away, up and to the right:\n", AIM_SPINE_WEIGHT,
           v3_distance(target, spine));
    const float weights[] = {0.0f, 0.3f, AIM_SPINE_WEIGHT, 1.0f};
    for (int i = 0; i < 4; i++) {
        quat q;
        aim_status st = aim_bone(spine, animated, target, weights[i], &q);
        printf("   weight %.1f: %-2s off target %5.1f deg, roll %5.2f deg\n", weights[i],
               st == AIM_OK ? "" : "!", off_target_deg(spine, q, target), roll_deg(q));
    }
    quat q;
    printf("   target on the bone: %s\n", aim_status_text(aim_bone(spine, animated, spine, 0.6f, &q)));
    printf("   weight 1.5: %s\n\n", aim_status_text(aim_bone(spine, animated, target, 1.5f, &q)));
}

static void head_follows_bird(void)
{
    look_at_input in;
    in.bone_count = 3;
    /* Spine, neck, head of a character facing +Z; the head takes all that
     * is left, so with lookWeight 1 it would end exactly on the bird. */
    in.bones[0] = (look_bone){v3(0.0f, 1.10f, 0.0f), quat_identity(), 0.2f};
    in.bones[1] = (look_bone){v3(0.0f, 1.50f, 0.0f), quat_identity(), 0.4f};
    in.bones[2] = (look_bone){v3(0.0f, 1.62f, 0.02f), quat_identity(), 1.0f};
    in.weight = AIM_LOOK_WEIGHT;

    printf("2. Look-at (lookWeight %.1f; shares spine %.1f, neck %.1f, head %.1f): a bird circling at 2 m, "
           "60 deg/s\n", in.weight, in.bones[0].share, in.bones[1].share, in.bones[2].share);
    printf("   time  bird at  spine  neck   head  (yaw, deg) | head off bird | head roll\n");
    const float fps = 30.0f;
    for (int frame = 0; frame <= 6 * (int)fps; frame++) {
        float t = (float)frame / fps;
        float angle = (20.0f + 60.0f * t) * IK_DEG_TO_RAD; /* starts front-right, goes all the way round */
        in.target = v3(2.0f * sinf(angle), 1.8f, 2.0f * cosf(angle));
        look_at_pose pose;
        aim_status st = look_at_solve(&in, &pose);
        if (st != AIM_OK) {
            printf("   look_at_solve: %s\n", aim_status_text(st));
            return;
        }
        if (frame % (int)(fps / 2) == 0)
            printf("   %4.1fs %7.1f %6.1f %6.1f %6.1f          | %9.1f     | %6.2f\n", t,
                   atan2f(in.target.x, in.target.z) * IK_RAD_TO_DEG, yaw_deg(pose.rotations[0]),
                   yaw_deg(pose.rotations[1]), yaw_deg(pose.rotations[2]),
                   off_target_deg(pose.positions[2], pose.rotations[2], in.target), roll_deg(pose.rotations[2]));
    }
    printf("   (lookWeight 0.7 leaves the head short of the bird; behind the character the turn takes the\n"
           "   shorter way round, so it swaps sides there instead of spinning.)\n\n");
}

static void hand_on_wall(void)
{
    /* Walking +Z at 1.2 m/s beside a wall at x = 0.55; the right shoulder
     * is 0.18 from the body's centre. The point is at chest height. */
    const float upper = 0.30f, lower = 0.28f, reach = upper + lower;
    const vec3 point = v3(0.55f, 1.30f, 2.0f);
    printf("3. Hand on a wall: arm %.2f + %.2f, full weight within %.2f m of the shoulder, none beyond %.2f m\n",
           upper, lower, reach, 1.6f * reach);
    printf("   time  shoulder z  distance  weight  hand to point\n");
    const float fps = 60.0f;
    for (int frame = 0; frame <= (int)(3.4f * fps); frame++) {
        float t = (float)frame / fps;
        vec3 shoulder = v3(0.18f, 1.40f, 0.0f + 1.2f * t);
        wall_reach_input in = {
            .shoulder = shoulder,
            .elbow = v3_add(shoulder, v3(0.04f, -0.30f, -0.02f)), /* arm hanging, a slight swing */
            .hand = v3_add(shoulder, v3(0.06f, -0.57f, 0.05f)),
            .elbow_pole = v3_add(shoulder, v3(0.3f, -0.2f, -0.5f)), /* behind and outward */
            .upper_length = upper,
            .lower_length = lower,
            .wall_point = point,
            .full_weight_distance = reach,
            .zero_weight_distance = 1.6f * reach,
        };
        /* Make the animated elbow exactly upper_length from the shoulder. */
        in.elbow = v3_add(shoulder, v3_scale(v3_normalize(v3_sub(in.elbow, shoulder)), upper));
        in.hand = v3_add(in.elbow, v3_scale(v3_normalize(v3_sub(in.hand, in.elbow)), lower));
        wall_reach_output out;
        if (wall_reach_solve(&in, &out) != AIM_OK) {
            printf("   wall_reach_solve failed\n");
            return;
        }
        if (frame % 6 == 0 && out.weight > 0.0f)
            printf("   %4.2fs  %8.2f   %7.3f   %5.3f   %.3f\n", t, shoulder.z, v3_distance(point, shoulder), out.weight,
                   v3_distance(out.hand, point));
        else if (frame % 30 == 0)
            printf("   %4.2fs  %8.2f   %7.3f   %5.3f   (arm as animated)\n", t, shoulder.z,
                   v3_distance(point, shoulder), out.weight);
    }
}

int main(void)
{
    spine_aim();
    head_follows_bird();
    hand_on_wall();
    return 0;
}
