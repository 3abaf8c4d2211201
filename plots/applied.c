/* applied.c - data for the figures of the applied sections 07-10, from the
 * reference solutions (figures.c does 01-04; the closing scene is scene.c).
 *
 *   applied foot_ik     OUT.dat   07: a walk over a step, a ramp and a ledge, side view
 *   applied aim         OUT.dat   08: angle to the target against the weight; the look-at split
 *   applied root_path   OUT.dat   09: the CMU clip's root path from above, and its speed
 *   applied controller  OUT.dat   10: root motion into a wall, raw and through the controller
 *
 * Run from the workbook root (root_path reads the clip in checker/data/).
 * Every number is computed, none is drawn by hand; the output is the same
 * on every run.
 */
#include "aim_ik.h"
#include "bvh.h"
#include "controller_sync.h"
#include "foot_ik.h"
#include "ikmath.h"
#include "root_motion.h"
#include "terrain.h"

#include <stdio.h>
#include <string.h>

#define CLIP_PATH "checker/data/mocap/cmu_131_01_start_walk_stop.bvh"

/* ---- 07 foot IK -------------------------------------------------------------
 * The walk of section 07's program (solutions/07_foot_ik/main.c): 1 m/s,
 * 60 fps, a stride with the left foot 0.2 ahead of the pelvis and the right
 * 0.2 behind, the body carried at the height of the ground under the
 * pelvis; over a floor, a 15 cm step up, a ramp down and a ledge. */
#define FOOT_THIGH 0.45f
#define FOOT_SHIN 0.45f
#define FOOT_HIP_HEIGHT 0.9f
#define FOOT_ANKLE_HEIGHT 0.05f
#define FOOT_STRIDE 0.2f
#define FOOT_FPS 60

static terrain foot_course(void)
{
    terrain t = terrain_empty();
    terrain_add_patch(&t, (terrain_patch){-2.0f, 2.0f, -5.0f, 1.0f, 0.0f, 0.0f, 0.0f});    /* floor */
    terrain_add_patch(&t, (terrain_patch){-2.0f, 2.0f, 1.0f, 2.0f, 0.15f, 0.0f, 0.0f});    /* step up */
    terrain_add_patch(&t, (terrain_patch){-2.0f, 2.0f, 2.0f, 3.0f, 0.55f, 0.0f, -0.2f});   /* ramp down */
    terrain_add_patch(&t, (terrain_patch){-2.0f, 2.0f, 3.0f, 3.6f, -0.05f, 0.0f, 0.0f});   /* ledge at 3.6 */
    return t;
}

/* The animated knee: the hip-knee-ankle triangle bent forward. */
static vec3 foot_animated_knee(vec3 hip, vec3 ankle)
{
    vec3 down_leg = v3_sub(ankle, hip);
    float d = v3_length(down_leg);
    vec3 axis = v3_normalize(down_leg);
    float c = (FOOT_THIGH * FOOT_THIGH + d * d - FOOT_SHIN * FOOT_SHIN) / (2.0f * FOOT_THIGH * d);
    c = fminf(1.0f, fmaxf(-1.0f, c));
    vec3 forward = v3_forward();
    vec3 side = v3_normalize_or(v3_sub(forward, v3_scale(axis, v3_dot(forward, axis))), forward);
    return v3_add(hip, v3_scale(v3_add(v3_scale(axis, c), v3_scale(side, sqrtf(1.0f - c * c))), FOOT_THIGH));
}

static foot_leg foot_make_leg(vec3 root, float side_x, float ahead)
{
    foot_leg leg;
    leg.hip = v3_add(root, v3(side_x, FOOT_HIP_HEIGHT, 0.0f));
    leg.ankle = v3_add(root, v3(side_x, FOOT_ANKLE_HEIGHT, ahead));
    leg.knee = foot_animated_knee(leg.hip, leg.ankle);
    leg.foot_rotation = quat_identity();
    leg.knee_pole = v3_add(leg.knee, v3(0.0f, 0.0f, 0.5f));
    leg.thigh_length = FOOT_THIGH;
    leg.shin_length = FOOT_SHIN;
    return leg;
}

static float foot_ground(const terrain *t, float z, float fallback)
{
    terrain_hit hit;
    return terrain_raycast_down(t, v3(0.0f, 10.0f, z), 20.0f, &hit) ? hit.point.y : fallback;
}

static int write_foot_ik(FILE *out)
{
    enum { FRAMES = 4 * FOOT_FPS + 1 };
    static const int SNAPSHOT[] = {60, 150, 240}; /* t = 1.0 s (step), 2.5 s (ramp), 4.0 s (ledge) */
    enum { SNAPSHOTS = sizeof SNAPSHOT / sizeof SNAPSHOT[0] };
    const terrain course = foot_course();
    foot_ik_input in;
    in.settings = foot_ik_default_settings();
    in.dt = 1.0f / FOOT_FPS;
    for (int f = 0; f < FOOT_COUNT; f++)
        in.memory[f] = (foot_ik_memory){1.0f, FOOT_ANKLE_HEIGHT, v3_up()};
    static foot_leg legs_at[SNAPSHOTS][FOOT_COUNT];
    static foot_ik_output solved_at[SNAPSHOTS];
    static float drop_at[SNAPSHOTS], time_at[SNAPSHOTS];

    fprintf(out, "# 07 foot IK: section 07's walk, 1 m/s at %d fps, chapter settings (ray 0.5 + 1.5, sole 0.05, "
                 "fade 5/s)\n", FOOT_FPS);
    fprintf(out, "# t pelvis_z body_y hip_drop  L: anim_z anim_y ik_z ik_y weight  R: anim_z anim_y ik_z ik_y weight\n");
    float body_y = 0.0f;
    int snap = 0;
    for (int frame = 0; frame < FRAMES; frame++) {
        float t = (float)frame / FOOT_FPS, z = fminf(3.5f, t);
        body_y = foot_ground(&course, z, body_y);
        vec3 root = v3(0.0f, body_y, z);
        in.legs[FOOT_LEFT] = foot_make_leg(root, -0.1f, FOOT_STRIDE);
        in.legs[FOOT_RIGHT] = foot_make_leg(root, 0.1f, -FOOT_STRIDE);
        foot_ik_output o;
        if (foot_ik_step(&in, &course, &o) != FOOT_IK_OK)
            return 0;
        fprintf(out, "%.4f %.4f %.4f %.4f", (double)t, (double)z, (double)body_y, (double)o.hip_drop);
        for (int f = 0; f < FOOT_COUNT; f++)
            fprintf(out, "  %.4f %.4f %.4f %.4f %.3f", (double)in.legs[f].ankle.z, (double)in.legs[f].ankle.y,
                    (double)o.feet[f].ankle.z, (double)o.feet[f].ankle.y, (double)o.feet[f].weight);
        fprintf(out, "\n");
        if (snap < SNAPSHOTS && frame == SNAPSHOT[snap]) {
            memcpy(legs_at[snap], in.legs, sizeof in.legs);
            solved_at[snap] = o;
            drop_at[snap] = o.hip_drop;
            time_at[snap] = t;
            snap++;
        }
        for (int f = 0; f < FOOT_COUNT; f++)
            in.memory[f] = o.memory[f];
    }

    /* Block 1: the ground's profile along the walk, down the ledge's face
     * to the bottom of the plot (-0.3) and no further: past the ledge there
     * is no ground at all, and a line there would read as a lower floor. */
    fprintf(out, "\n\n# ground profile: z y\n");
    for (int i = 0; i <= 2150; i++) {
        float z = -0.3f + 0.002f * (float)i;
        terrain_hit hit;
        if (terrain_raycast_down(&course, v3(0.0f, 10.0f, z), 20.0f, &hit))
            fprintf(out, "%.3f %.4f\n", (double)z, (double)hit.point.y);
        else {
            fprintf(out, "%.3f %.4f\n", (double)z, -0.3);
            break;
        }
    }
    /* Blocks 2 and 3: the legs at the snapshots, animated then solved
     * (hip, knee, ankle; one polyline per leg). */
    fprintf(out, "\n\n# legs as animated at t = 1.0, 2.5, 4.0 s: z y (hip, knee, ankle)\n");
    for (int s = 0; s < SNAPSHOTS; s++)
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_leg *l = &legs_at[s][f];
            fprintf(out, "%.4f %.4f\n%.4f %.4f\n%.4f %.4f\n\n", (double)l->hip.z, (double)l->hip.y, (double)l->knee.z,
                    (double)l->knee.y, (double)l->ankle.z, (double)l->ankle.y);
        }
    fprintf(out, "\n# legs after foot IK (lowered by the hip drop): z y (hip, knee, ankle)\n");
    for (int s = 0; s < SNAPSHOTS; s++)
        for (int f = 0; f < FOOT_COUNT; f++) {
            const foot_ik_foot *l = &solved_at[s].feet[f];
            fprintf(out, "%.4f %.4f\n%.4f %.4f\n%.4f %.4f\n\n", (double)l->hip.z, (double)l->hip.y, (double)l->knee.z,
                    (double)l->knee.y, (double)l->ankle.z, (double)l->ankle.y);
        }
    /* Block 4: a label over each snapshot. */
    fprintf(out, "\n# snapshot labels: z y text\n");
    for (int s = 0; s < SNAPSHOTS; s++)
        fprintf(out, "%.3f %.3f \"%.1f s: hip drop %.2f m\"\n", (double)legs_at[s][0].hip.z,
                (double)(legs_at[s][0].hip.y + 0.1f), (double)time_at[s], (double)drop_at[s]);
    return snap == SNAPSHOTS;
}

/* ---- 08 aim IK ---------------------------------------------------------------- */

/* Angle in degrees between a bone's +Z and the direction to a target. */
static float off_target_deg(vec3 position, quat rotation, vec3 target)
{
    vec3 facing = quat_rotate(rotation, v3_forward());
    vec3 to_target = v3_normalize(v3_sub(target, position));
    return atan2f(v3_length(v3_cross(facing, to_target)), v3_dot(facing, to_target)) * IK_RAD_TO_DEG;
}

static float yaw_deg(quat rotation)
{
    vec3 f = quat_rotate(rotation, v3_forward());
    return atan2f(f.x, f.z) * IK_RAD_TO_DEG;
}

static int write_aim(FILE *out)
{
    /* Block 0: aim_bone on one bone, four targets. The first is section
     * 08's spine (leaning 8 deg, rolled 5 deg, target up and to the right). */
    const vec3 spine = v3(0.0f, 1.2f, 0.0f);
    const quat lean = quat_mul(quat_from_axis_angle(v3_forward(), 5.0f * IK_DEG_TO_RAD),
                               quat_from_axis_angle(v3_right(), 8.0f * IK_DEG_TO_RAD));
    const struct { vec3 target; quat animated; } CASES[] = {
        {{1.5f, 1.6f, 3.0f}, lean},                          /* section 08's spine */
        {{2.0f, 1.2f, 0.0f}, {0.0f, 0.0f, 0.0f, 1.0f}},      /* 90 deg to the right, level */
        {{-1.0f, 2.2f, -1.2f}, {0.0f, 0.0f, 0.0f, 1.0f}},    /* behind, to the left and up */
        {{0.3f, 1.2f, -2.0f}, {0.0f, 0.0f, 0.0f, 1.0f}},     /* almost straight behind */
    };
    enum { CASE_COUNT = sizeof CASES / sizeof CASES[0] };
    fprintf(out, "# 08 aim_bone: weight, then the angle to the target (deg) for each case:\n"
                 "# section 08's spine, 90 deg right, behind-left-up, almost behind\n");
    for (int i = 0; i <= 50; i++) {
        float w = (float)i / 50.0f;
        fprintf(out, "%.2f", (double)w);
        for (int c = 0; c < CASE_COUNT; c++) {
            quat q;
            if (aim_bone(spine, CASES[c].animated, CASES[c].target, w, &q) != AIM_OK)
                return 0;
            fprintf(out, " %.3f", (double)off_target_deg(spine, q, CASES[c].target));
        }
        fprintf(out, "\n");
    }
    /* Block 1: look_at_solve over spine, neck and head (section 08's
     * shares 0.2, 0.4, 1.0) looking at a point 90 deg to the right at eye
     * height, against the lookWeight. */
    look_at_input in;
    in.bone_count = 3;
    in.bones[0] = (look_bone){v3(0.0f, 1.10f, 0.0f), quat_identity(), 0.2f};
    in.bones[1] = (look_bone){v3(0.0f, 1.50f, 0.0f), quat_identity(), 0.4f};
    in.bones[2] = (look_bone){v3(0.0f, 1.62f, 0.02f), quat_identity(), 1.0f};
    in.target = v3(2.0f, 1.62f, 0.02f);
    fprintf(out, "\n\n# look_at_solve, target 90 deg right at eye height: weight spine_yaw neck_yaw head_yaw "
                 "head_off_target (deg)\n");
    for (int i = 0; i <= 50; i++) {
        in.weight = (float)i / 50.0f;
        look_at_pose pose;
        if (look_at_solve(&in, &pose) != AIM_OK)
            return 0;
        fprintf(out, "%.2f %.3f %.3f %.3f %.3f\n", (double)in.weight, (double)yaw_deg(pose.rotations[0]),
                (double)yaw_deg(pose.rotations[1]), (double)yaw_deg(pose.rotations[2]),
                (double)off_target_deg(pose.positions[2], pose.rotations[2], in.target));
    }
    return 1;
}

/* ---- 09 root motion ----------------------------------------------------------- */

static int write_root_path(FILE *out)
{
    static bvh_file file;
    bvh_error error = bvh_load(CLIP_PATH, &file);
    if (error.failed) {
        fprintf(stderr, "applied: cannot load %s: %s (run from the workbook root)\n", CLIP_PATH, error.message);
        return 0;
    }
    static rm_clip clip;
    rm_status st = rm_clip_from_bvh(&file, 0, BVH_CMU_METRES_PER_UNIT, 0, &clip);
    bvh_free(&file);
    if (st != RM_OK)
        return 0;
    const float duration = rm_duration(&clip);

    /* Block 0: the root's track, every frame (clip space, metres). */
    fprintf(out, "# 09 CMU 131_01 root (Hips) track, %d frames at %.0f fps: t x z heading_deg\n", clip.frame_count,
            (double)(1.0f / clip.frame_time));
    for (int i = 0; i < clip.frame_count; i++)
        fprintf(out, "%.4f %.4f %.4f %.2f\n", (double)((float)i * clip.frame_time), (double)clip.positions[i].x,
                (double)clip.positions[i].z, (double)(rm_heading(clip.rotations[i]) * IK_RAD_TO_DEG));

    /* Block 1: every second, where the root is and which way it faces
     * (an arrow 0.2 m long), labelled with the time. */
    fprintf(out, "\n\n# each second: x z dx dz label\n");
    for (int s = 0; (float)s <= duration; s++) {
        rm_root_pose pose;
        if (rm_sample(&clip, (float)s, &pose) != RM_OK)
            return 0;
        float h = rm_heading(pose.rotation);
        fprintf(out, "%.4f %.4f %.4f %.4f \"%d s\"\n", (double)pose.position.x, (double)pose.position.z,
                (double)(0.2f * sinf(h)), (double)(0.2f * cosf(h)), s);
    }

    /* Block 2: speed from the deltas at 60 Hz (what a game at 60 fps gets
     * each frame), and over a centred 0.5 s window (the stride's sway
     * averaged out). */
    enum { STEPS_MAX = 1024 };
    static float mid[STEPS_MAX], dist[STEPS_MAX], span[STEPS_MAX];
    int steps = 0;
    const float dt = 1.0f / 60.0f;
    for (float t = 0.0f; t < duration && steps < STEPS_MAX;) {
        float next = t + dt < duration ? t + dt : duration;
        rm_delta d;
        if (rm_delta_between(&clip, t, next, &d) != RM_OK)
            return 0;
        mid[steps] = 0.5f * (t + next);
        dist[steps] = sqrtf(d.translation.x * d.translation.x + d.translation.z * d.translation.z);
        span[steps] = next - t;
        steps++;
        t = next;
    }
    fprintf(out, "\n\n# speed from rm_delta_between at 60 Hz: t_mid speed_mps speed_0.5s_window_mps\n");
    float steady_distance = 0.0f, steady_time = 0.0f;
    for (int i = 0; i < steps; i++) {
        float sum = 0.0f, time = 0.0f;
        for (int j = i - 15; j <= i + 15; j++)
            if (j >= 0 && j < steps) {
                sum += dist[j];
                time += span[j];
            }
        fprintf(out, "%.4f %.4f %.4f\n", (double)mid[i], (double)(dist[i] / span[i]), (double)(sum / time));
        if (mid[i] >= 4.0f && mid[i] <= 6.0f) {
            steady_distance += dist[i];
            steady_time += span[i];
        }
    }
    /* Block 3: the steady walk (t = 4-6 s, the clip's README) and its mean speed. */
    fprintf(out, "\n\n# steady walk: t0 t1 mean_speed label\n4.0 6.0 %.3f \"steady walk %.2f m/s\"\n",
            (double)(steady_distance / steady_time), (double)(steady_distance / steady_time));
    return 1;
}

/* ---- 10 controller ----------------------------------------------------------- *
 * Section 10's program: a sphere (r 0.3) on a floor, a wall whose face is
 * at x = 1, a clip walking 1.4 m/s 30 deg to the right of forward, 60 Hz
 * for 2 s. "raw" is section 11's transform.position += deltaPosition. */
static int write_controller(FILE *out)
{
    ctrl_world world = {0};
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(-5.0f, -1.0f, -5.0f), v3(5.0f, 0.0f, 20.0f));
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(1.0f, 0.0f, -5.0f), v3(1.2f, 2.5f, 20.0f));
    const ctrl_settings settings = {0.3f, 45.0f * IK_DEG_TO_RAD, 0.2f};
    ctrl_state state = {v3(0.0f, settings.radius, 0.0f), 0.0f, 0.0f, 1};
    const float rate = 60.0f, dt = 1.0f / rate, speed = 1.4f, drift = 30.0f * IK_DEG_TO_RAD;
    const vec3 step = v3(speed * dt * sinf(drift), 0.0f, speed * dt * cosf(drift));
    rm_character raw = {v3_zero(), 0.0f};
    const rm_delta delta = {step, 0.0f};

    fprintf(out, "# 10 root motion into a wall: t raw_x raw_z ctrl_x ctrl_y ctrl_z grounded\n");
    fprintf(out, "%.4f %.4f %.4f %.4f %.4f %.4f %d\n", 0.0, 0.0, 0.0, (double)state.center.x,
            (double)state.center.y, (double)state.center.z, state.grounded);
    for (int f = 1; f <= (int)(2.0f * rate); f++) {
        if (ctrl_root_motion_frame(&world, &settings, &state, step, 0.0f, dt) != CTRL_OK ||
            rm_apply(&raw, &delta) != RM_OK)
            return 0;
        fprintf(out, "%.4f %.4f %.4f %.4f %.4f %.4f %d\n", (double)((float)f * dt), (double)raw.position.x,
                (double)raw.position.z, (double)state.center.x, (double)state.center.y, (double)state.center.z,
                state.grounded);
    }
    fprintf(out, "\n\n# the wall from above: x z (closed)\n1.0 -1.5\n1.2 -1.5\n1.2 3.0\n1.0 3.0\n1.0 -1.5\n");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: applied foot_ik|aim|root_path|controller OUT.dat\n");
        return 2;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        fprintf(stderr, "applied: cannot write %s\n", argv[2]);
        return 1;
    }
    int ok = !strcmp(argv[1], "foot_ik") ? write_foot_ik(out)
           : !strcmp(argv[1], "aim") ? write_aim(out)
           : !strcmp(argv[1], "root_path") ? write_root_path(out)
           : !strcmp(argv[1], "controller") ? write_controller(out) : -1;
    if (fclose(out) != 0 || ok != 1) {
        fprintf(stderr, "applied: %s failed\n", argv[1]);
        return 1;
    }
    return 0;
}
