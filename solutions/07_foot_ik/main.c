/*******************************************************************************
 *
 *  07 Foot IK on uneven ground - demo program
 *
 *  Shows: a character walking forward (+Z) at 1 m/s, 60 frames a second,
 *  over a floor, a 15 cm step up, a ramp down and on to a ledge with
 *  nothing beyond it. Its animation was made on flat ground: a stride with
 *  the left foot 0.2 ahead and the right 0.2 behind, the body carried at
 *  the height of the ground under the pelvis (as a character controller's
 *  capsule would). Every 0.1 s it prints what foot IK did: the ground each
 *  foot found, its weight, its shortfall (deficit) and the hip drop, which
 *  is always the larger deficit. At the ledge the front foot loses the
 *  ground and its weight fades to 0 over 0.2 s instead of snapping.
 *
 *  Chapter: section 9, with the chapter's numbers (raycast_height 0.5,
 *  raycast_distance 1.5, foot_sole_offset 0.05).
 *
 ******************************************************************************/

#include <stdio.h>

#include "ikmath.h"
#include "terrain.h"
#include "foot_ik.h"

#define THIGH 0.45f
#define SHIN 0.45f
#define HIP_HEIGHT 0.9f   /* above the ground the animation was made on */
#define ANKLE_HEIGHT 0.05f /* the animated ankle on flat ground: the sole offset */
#define STRIDE 0.2f       /* each foot ahead of / behind the pelvis */
#define WALK_SPEED 1.0f
#define FPS 60

/* The course, along +Z (x from -2 to 2). */
static terrain make_course(void)
{
    terrain t = terrain_empty();
    terrain_patch floor = {-2.0f, 2.0f, -5.0f, 1.0f, 0.0f, 0.0f, 0.0f};
    terrain_patch step = {-2.0f, 2.0f, 1.0f, 2.0f, 0.15f, 0.0f, 0.0f};
    /* y = 0.55 - 0.2 z: 0.15 at z = 2 down to -0.05 at z = 3 (11.3 deg) */
    terrain_patch ramp = {-2.0f, 2.0f, 2.0f, 3.0f, 0.55f, 0.0f, -0.2f};
    terrain_patch landing = {-2.0f, 2.0f, 3.0f, 3.6f, -0.05f, 0.0f, 0.0f}; /* the ledge at z = 3.6 */
    terrain_add_patch(&t, floor);
    terrain_add_patch(&t, step);
    terrain_add_patch(&t, ramp);
    terrain_add_patch(&t, landing);
    return t;
}

/* Where the animation put the knee: the hip-knee-ankle triangle from the
 * law of cosines, bent toward `forward` (knees bend forward). */
static vec3 animated_knee(vec3 hip, vec3 ankle, vec3 forward)
{
    vec3 down_leg = v3_sub(ankle, hip);
    float d = v3_length(down_leg);
    vec3 axis = v3_normalize(down_leg);
    float cos_hip = (THIGH * THIGH + d * d - SHIN * SHIN) / (2.0f * THIGH * d);
    cos_hip = fminf(1.0f, fmaxf(-1.0f, cos_hip));
    vec3 side = v3_normalize_or(v3_sub(forward, v3_scale(axis, v3_dot(forward, axis))), forward);
    vec3 dir = v3_add(v3_scale(axis, cos_hip), v3_scale(side, sqrtf(1.0f - cos_hip * cos_hip)));
    return v3_add(hip, v3_scale(dir, THIGH));
}

static foot_leg make_leg(vec3 root, float side_x, float ahead)
{
    foot_leg leg;
    leg.hip = v3_add(root, v3(side_x, HIP_HEIGHT, 0.0f));
    leg.ankle = v3_add(root, v3(side_x, ANKLE_HEIGHT, ahead));
    leg.knee = animated_knee(leg.hip, leg.ankle, v3_forward());
    leg.foot_rotation = quat_identity(); /* toes along +Z, sole flat */
    leg.knee_pole = v3_add(leg.knee, v3(0.0f, 0.0f, 0.5f)); /* in front of the knee */
    leg.thigh_length = THIGH;
    leg.shin_length = SHIN;
    return leg;
}

/* The capsule stands on whatever is under the pelvis; past the ledge it
 * keeps the last height (the demo stops before it would fall). */
static float ground_under(const terrain *t, float z, float last)
{
    terrain_hit hit;
    if (terrain_raycast_down(t, v3(0.0f, 10.0f, z), 20.0f, &hit))
        return hit.point.y;
    return last;
}

/* Angle in degrees between the foot's sole normal and world up. */
static float tilt_deg(quat foot_rotation)
{
    vec3 sole_up = quat_rotate(foot_rotation, v3_up());
    float c = fminf(1.0f, fmaxf(-1.0f, v3_dot(v3_normalize(sole_up), v3_up())));
    return acosf(c) * IK_RAD_TO_DEG;
}

/* The ground the foot found, its weight and shortfall, how high the
 * ankle ended above that ground (the sole offset when planted) and how
 * far the sole tilts. */
static void print_foot(const char *name, const foot_ik_foot *f)
{
    if (f->grounded)
        printf("  %s ground %+.3f w %.2f deficit %.3f ankle +%.3f tilt %4.1f", name, f->hit_point.y, f->weight,
               f->deficit, f->ankle.y - f->hit_point.y, tilt_deg(f->foot_rotation));
    else
        printf("  %s ground  none  w %.2f deficit %.3f ankle y %+.3f     ", name, f->weight, f->deficit,
               f->ankle.y);
}

int main(void)
{
    const terrain course = make_course();
    foot_ik_input in;
    in.settings = foot_ik_default_settings();
    in.dt = 1.0f / FPS;
    for (int f = 0; f < FOOT_COUNT; f++) {
        /* Planted from the first frame; the ground is below both feet. */
        in.memory[f].weight = 1.0f;
        in.memory[f].ground_height = ANKLE_HEIGHT;
        in.memory[f].ground_normal = v3_up();
    }
    printf("Foot IK settings: raycast_height %.2f, raycast_distance %.2f, foot_sole_offset %.2f, "
           "weight_fade_rate %.1f/s\n",
           in.settings.raycast_height, in.settings.raycast_distance, in.settings.foot_sole_offset,
           in.settings.weight_fade_rate);
    printf("Course: floor y 0 to z 1, step y 0.15 to z 2, ramp down to y -0.05 at z 3, ledge at z 3.6\n\n");
    printf("  time  pelvis z  body y | left foot (0.2 ahead)%*s | right foot (0.2 behind)%*s | hip drop\n", 44, "",
           43, "");

    float body_y = 0.0f, max_error = 0.0f;
    const float stop_z = 3.5f; /* the pelvis stops 0.1 short of the ledge; the left foot is beyond it */
    int frame = 0;
    for (; frame < 4 * FPS; frame++) {
        float z = fminf(stop_z, WALK_SPEED * (float)frame / FPS);
        body_y = ground_under(&course, z, body_y);
        vec3 root = v3(0.0f, body_y, z);
        in.legs[FOOT_LEFT] = make_leg(root, -0.1f, STRIDE);
        in.legs[FOOT_RIGHT] = make_leg(root, 0.1f, -STRIDE);

        foot_ik_output out;
        foot_ik_status st = foot_ik_step(&in, &course, &out);
        if (st != FOOT_IK_OK) {
            printf("foot_ik_step: %s\n", foot_ik_status_text(st));
            return 1;
        }
        float larger = fmaxf(out.feet[0].deficit, out.feet[1].deficit);
        max_error = fmaxf(max_error, fabsf(out.hip_drop - larger));
        /* Every 0.1 s, and every frame of a fade. */
        int fading = 0;
        for (int f = 0; f < FOOT_COUNT; f++)
            fading |= out.feet[f].weight > 0.0f && out.feet[f].weight < 1.0f;
        if (frame % (FPS / 10) == 0 || fading) {
            printf("  %4.2fs  %6.3f   %+.3f |", (double)frame / FPS, z, body_y);
            print_foot("L", &out.feet[FOOT_LEFT]);
            printf(" |");
            print_foot("R", &out.feet[FOOT_RIGHT]);
            printf(" | %.3f\n", out.hip_drop);
        }
        for (int f = 0; f < FOOT_COUNT; f++)
            in.memory[f] = out.memory[f];
    }
    printf("\nhip drop vs the larger deficit, worst difference over %d frames: %.2g\n", frame, max_error);

    /* Bad input gets a status, not a NaN. */
    in.dt = 0.0f;
    foot_ik_output out;
    printf("dt = 0: %s\n", foot_ik_status_text(foot_ik_step(&in, &course, &out)));
    in.dt = 1.0f / FPS;
    in.settings.raycast_distance = -1.0f;
    printf("raycast_distance = -1: %s\n", foot_ik_status_text(foot_ik_step(&in, &course, &out)));
    return 0;
}
