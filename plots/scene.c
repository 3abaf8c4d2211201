/* scene.c - the chapter's closing scene (sections 11-12, and the last
 * paragraph of 12): a motion-capture walk drives a character through a
 * small level by root motion, the character controller keeps it on the
 * ground and out of the walls, and foot IK puts its feet on the ground it
 * actually stands on.
 *
 * Every frame (60 Hz):
 *  1. the CMU clip's root motion (section 09's reference) moves the sphere
 *     controller (section 10's reference) over uneven ground: a ramp up, a
 *     raised floor that ends in a 25 cm drop, a 10 cm step and a wall the
 *     walk drifts into;
 *  2. forward kinematics (section 01's reference) poses the clip's 31
 *     joints at that time, and the pose is placed where the controller
 *     stands: its horizontal travel and heading are taken out (they are
 *     the root motion, already spent on the controller) and the rest sits
 *     on the sphere's lowest point, turned to the controller's yaw;
 *  3. foot IK (section 07's reference) runs on both legs against the same
 *     level as terrain patches (built from one table with the controller's
 *     boxes, so the two cannot disagree), lowering the body by the hip
 *     drop.
 *
 * The clip was recorded on flat ground (its ankles stand 0.08-0.15 m up
 * and swing up to 0.57 m). Section 07 pins every foot its ray finds to the
 * ground, so the ray is set to reach only 6 cm below the sole: a foot near
 * the ground (the stance foot) finds it, a swinging foot does not, and its
 * weight fades out as at a ledge. The sole offset is the clip's own ankle
 * height when standing (the median over frames of the lower ankle), and
 * the weights fade 4x faster than section 07's default (see
 * WEIGHT_FADE_RATE).
 *
 * Per frame it writes, as whitespace columns (block 0; block 1 is the
 * level seen from above, one closed outline per piece):
 *
 *   1 t  2 path_x  3 path_z  4 ctrl_x  5 ctrl_y  6 ctrl_z  7 grounded
 *   8 yaw_deg  9 sphere_bottom_y  10 hip_drop  11 hips_anim_y  12 hips_ik_y
 *   13-21 left foot:  anim_x anim_y anim_z  ik_x ik_y ik_z  ground_y weight contact
 *   22-30 right foot: the same
 *
 * "path" is where the clip alone would take the character (section 11's
 * transform.position += deltaPosition on flat ground), "ctrl" where the
 * controller lets it go (section 12). The feet are ankle joints in world
 * metres, "anim" as the clip placed them and "ik" after foot IK;
 * ground_y is the ground under the IK ankle, weight the foot's IK weight
 * and contact 1 when its ray found the ground this frame.
 *
 *   scene [out.dat]    default build/plots/scene.dat, run from the workbook root
 */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bvh.h"
#include "controller_sync.h"
#include "foot_ik.h"
#include "forward_kinematics.h"
#include "ikmath.h"
#include "mocap_legs.h"
#include "root_motion.h"
#include "terrain.h"

#define CLIP_PATH "checker/data/mocap/cmu_131_01_start_walk_stop.bvh"
#define DEFAULT_OUT "build/plots/scene.dat"
#define RATE 60.0f
#define RAMP_THICKNESS 0.3f
/* Foot IK: the ray starts above the highest rise in the level (0.25 m) and
 * reaches CONTACT_REACH below the sole: the clip's stance ankles sit
 * 0.08-0.15 m up, its swing ankles mostly higher. */
#define RAY_START_ABOVE_ANKLE 0.4f
#define CONTACT_REACH 0.06f
/* Section 07's default fade (5 per second, 0.2 s) is too slow for a real
 * stride: a landing foot sinks up to 5 cm into the ground while its weight
 * climbs, and a foot lifting off drags the hips down up to 16 cm while its
 * weight falls. 20 per second fades in 3 frames at 60 Hz. */
#define WEIGHT_FADE_RATE 20.0f
#define UNDER_GROUND_TOLERANCE 0.01f

/* ---- the level: one table, two views of it --------------------------------
 * Each piece covers x0..x1, z0..z1 from above. A flat piece is a box from
 * `bottom` up to `top_start`; a ramp (top_start != top_end) rises along +Z
 * from top_start at z0 to top_end at z1 and hangs RAMP_THICKNESS below. */
typedef struct {
    const char *name;
    float x0, x1, z0, z1, bottom, top_start, top_end;
} level_piece;

/* Laid along the walk (the clip ends about 2.5 m ahead and 0.6 m to the
 * left of where it starts, facing +Z). */
static const level_piece LEVEL[] = {
    {"floor", -6.0f, 6.0f, -6.0f, 8.0f, -1.0f, 0.0f, 0.0f},
    {"ramp up (23 deg)", -3.0f, 3.0f, 0.6f, 1.2f, 0.0f, 0.0f, 0.25f},
    {"raised floor, then a 25 cm drop", -3.0f, 3.0f, 1.2f, 1.8f, 0.0f, 0.25f, 0.25f},
    {"10 cm step up", -3.0f, 3.0f, 2.3f, 6.0f, 0.0f, 0.1f, 0.1f},
    {"wall on the left", -1.0f, -0.75f, 1.4f, 6.0f, 0.0f, 1.5f, 1.5f},
};
enum { LEVEL_PIECES = sizeof LEVEL / sizeof LEVEL[0] };

static int build_level(ctrl_world *world, terrain *ground)
{
    memset(world, 0, sizeof *world);
    *ground = terrain_empty();
    for (int i = 0; i < LEVEL_PIECES; i++) {
        const level_piece *p = &LEVEL[i];
        if (world->box_count >= CTRL_MAX_BOXES)
            return 0;
        float slope = (p->top_end - p->top_start) / (p->z1 - p->z0);
        if (p->top_start == p->top_end)
            world->boxes[world->box_count++] = ctrl_box_min_max(v3(p->x0, p->bottom, p->z0), v3(p->x1, p->top_start, p->z1));
        else
            world->boxes[world->box_count++] =
                ctrl_ramp(p->x0, p->x1, p->z0, p->z1, p->top_start, p->top_end, RAMP_THICKNESS);
        /* The top surface, y = top_start + slope (z - z0), as a patch. */
        terrain_patch top = {p->x0, p->x1, p->z0, p->z1, p->top_start - slope * p->z0, 0.0f, slope};
        if (!terrain_add_patch(ground, top))
            return 0;
    }
    return 1;
}

/* The ground under a foot as foot IK sees it: the highest surface that is
 * not above the point RAY_START_ABOVE_ANKLE over the ankle (-INFINITY where
 * there is none). A wall's top, far above, does not count as ground. */
static float ground_under(const terrain *ground, vec3 ankle)
{
    terrain_hit hit;
    return terrain_raycast_down(ground, v3_add(ankle, v3(0.0f, RAY_START_ABOVE_ANKLE, 0.0f)), 20.0f, &hit)
               ? hit.point.y
               : -INFINITY;
}

/* How far a point is inside a piece of the level that rises above the
 * ground under it (a wall), measured across the wall's footprint; 0 when
 * it is in none. */
static float inside_wall(const terrain *ground, vec3 ankle)
{
    float deepest = 0.0f;
    for (int i = 0; i < ground->patch_count; i++) {
        const terrain_patch *p = &ground->patches[i];
        if (ankle.x < p->min_x || ankle.x >= p->max_x || ankle.z < p->min_z || ankle.z >= p->max_z ||
            terrain_patch_height(p, ankle.x, ankle.z) <= ankle.y + RAY_START_ABOVE_ANKLE)
            continue;
        float depth = fminf(fminf(ankle.x - p->min_x, p->max_x - ankle.x), fminf(ankle.z - p->min_z, p->max_z - ankle.z));
        deepest = fmaxf(deepest, depth);
    }
    return deepest;
}

/* ---- the clip's pose, placed where the controller stands ------------------ */

/* The clip's legs and their posing are include/mocap_legs.h's, shared
 * with section 07's checks on the same clip. The hips are the root joint. */
#define HIPS_JOINT 0

/* The clip's stance ankle height: over every frame the lower of the two
 * ankles, and the median of that. */
static float standing_ankle_height(const bvh_file *file, const mocap_legs *legs)
{
    static float lower[RM_MAX_FRAMES];
    int n = 0;
    for (int i = 0; i < file->motion.frame_count && n < RM_MAX_FRAMES; i++) {
        fk_transform world[FK_MAX_BONES];
        if (!mocap_pose_frame(file, i, world))
            continue;
        lower[n++] = fminf(world[legs->joint[0][2]].position.y, world[legs->joint[1][2]].position.y);
    }
    if (n == 0)
        return 0.05f;
    return mocap_median(lower, n);
}

/* A clip-space point placed in the world: the root's horizontal travel
 * taken out, turned from the clip's heading to the controller's yaw, set
 * on the sphere's lowest point. */
typedef struct {
    vec3 root_xz;   /* the clip root's horizontal position at this time */
    quat turn;      /* clip heading -> controller yaw */
    vec3 feet;      /* the sphere's lowest point */
} placement;

static vec3 place(const placement *p, vec3 clip_point)
{
    return v3_add(p->feet, quat_rotate(p->turn, v3_sub(clip_point, p->root_xz)));
}

static foot_leg make_leg(const placement *p, const fk_transform *world, const mocap_legs *legs, int f,
                         vec3 forward)
{
    foot_leg leg;
    leg.hip = place(p, world[legs->joint[f][0]].position);
    leg.knee = place(p, world[legs->joint[f][1]].position);
    leg.ankle = place(p, world[legs->joint[f][2]].position);
    leg.foot_rotation = quat_normalize(quat_mul(p->turn, world[legs->joint[f][2]].rotation));
    /* Forward (the controller's) when the leg is straight. */
    leg.knee_pole = mocap_knee_pole(leg.hip, leg.knee, leg.ankle, forward);
    leg.thigh_length = legs->thigh[f];
    leg.shin_length = legs->shin[f];
    return leg;
}

static int open_output(const char *path, FILE **out)
{
    if (strcmp(path, DEFAULT_OUT) == 0) {
        /* The default lives under build/, which may not exist yet. */
        if ((mkdir("build", 0755) != 0 && errno != EEXIST) || (mkdir("build/plots", 0755) != 0 && errno != EEXIST))
            return 0;
    }
    *out = fopen(path, "w");
    return *out != NULL;
}

/* What the run measured, for the summary. */
typedef struct {
    int rows, planted_rows[FOOT_COUNT];
    float largest_drop, largest_drop_t, largest_drop_z;
    float lowest_sole[2];       /* [0] animated, [1] IK: sole - ground, lowest over both feet */
    int under_frames[2];        /* foot-poses with a sole more than the tolerance under the ground */
    int in_wall[2];             /* foot-poses with the ankle inside the wall's footprint */
    float deepest_in_wall[2];
} scene_stats;

/* Poses the clip at time t where the controller stands, runs foot IK, and
 * writes one row. */
static int solve_and_write(FILE *out, const bvh_file *file, const rm_clip *clip, const mocap_legs *legs,
                           const terrain *ground, float t, float dt, const rm_character *path,
                           const ctrl_state *body, float radius, foot_ik_input *ik, scene_stats *stats)
{
    int frame = (int)lroundf(t / file->motion.frame_time);
    if (frame >= file->motion.frame_count)
        frame = file->motion.frame_count - 1;
    fk_transform world[FK_MAX_BONES];
    rm_root_pose root;
    if (!mocap_pose_frame(file, frame, world) || rm_sample(clip, t, &root) != RM_OK)
        return 0;
    placement p = {v3(root.position.x, 0.0f, root.position.z),
                   quat_from_axis_angle(v3_up(), body->yaw - rm_heading(root.rotation)),
                   v3(body->center.x, body->center.y - radius, body->center.z)};
    vec3 forward = rm_rotate_yaw(v3_forward(), body->yaw);
    for (int f = 0; f < FOOT_COUNT; f++)
        ik->legs[f] = make_leg(&p, world, legs, f, forward);
    ik->dt = dt;
    foot_ik_output solved;
    foot_ik_status st = foot_ik_step(ik, ground, &solved);
    if (st != FOOT_IK_OK) {
        fprintf(stderr, "scene: foot_ik_step at t = %.3f: %s\n", (double)t, foot_ik_status_text(st));
        return 0;
    }
    for (int f = 0; f < FOOT_COUNT; f++)
        ik->memory[f] = solved.memory[f];

    vec3 hips = place(&p, world[HIPS_JOINT].position);
    fprintf(out, "%.4f %.4f %.4f %.4f %.4f %.4f %d %.2f %.4f %.4f %.4f %.4f", (double)t, (double)path->position.x,
            (double)path->position.z, (double)body->center.x, (double)body->center.y, (double)body->center.z,
            body->grounded, (double)(body->yaw * IK_RAD_TO_DEG), (double)(body->center.y - radius),
            (double)solved.hip_drop, (double)hips.y, (double)(hips.y - solved.hip_drop));
    for (int f = 0; f < FOOT_COUNT; f++) {
        vec3 a = ik->legs[f].ankle, b = solved.feet[f].ankle;
        float under_b = ground_under(ground, b);
        fprintf(out, "  %.4f %.4f %.4f %.4f %.4f %.4f %.4f %.3f %d", (double)a.x, (double)a.y, (double)a.z,
                (double)b.x, (double)b.y, (double)b.z, (double)under_b, (double)solved.feet[f].weight,
                solved.feet[f].grounded);
        /* The sole is sole_offset under the ankle; compare it with the
         * ground right under each ankle. */
        const vec3 ankles[2] = {a, b};
        for (int k = 0; k < 2; k++) {
            float g = ground_under(ground, ankles[k]), wall = inside_wall(ground, ankles[k]);
            if (wall > 0.0f) {
                stats->in_wall[k]++;
                stats->deepest_in_wall[k] = fmaxf(stats->deepest_in_wall[k], wall);
            }
            if (!isfinite(g))
                continue;
            float clearance = ankles[k].y - ik->settings.foot_sole_offset - g;
            stats->lowest_sole[k] = fminf(stats->lowest_sole[k], clearance);
            stats->under_frames[k] += clearance < -UNDER_GROUND_TOLERANCE;
        }
        stats->planted_rows[f] += solved.feet[f].grounded && solved.feet[f].weight == 1.0f;
    }
    fprintf(out, "\n");
    if (solved.hip_drop > stats->largest_drop) {
        stats->largest_drop = solved.hip_drop;
        stats->largest_drop_t = t;
        stats->largest_drop_z = body->center.z;
    }
    stats->rows++;
    return 1;
}

/* Block 1: the level from above, one closed outline per piece. */
static void write_level(FILE *out)
{
    fprintf(out, "\n\n# level from above: x z (one closed outline per piece)\n");
    for (int i = 0; i < LEVEL_PIECES; i++) {
        const level_piece *p = &LEVEL[i];
        fprintf(out, "# %s\n%.2f %.2f\n%.2f %.2f\n%.2f %.2f\n%.2f %.2f\n%.2f %.2f\n\n", p->name, (double)p->x0,
                (double)p->z0, (double)p->x1, (double)p->z0, (double)p->x1, (double)p->z1, (double)p->x0,
                (double)p->z1, (double)p->x0, (double)p->z0);
    }
}

int main(int argc, char **argv)
{
    const char *out_path = argc > 1 ? argv[1] : DEFAULT_OUT;
    static bvh_file file;
    bvh_error error = bvh_load(CLIP_PATH, &file);
    if (error.failed) {
        fprintf(stderr, "scene: cannot load %s: %s (run from the workbook root)\n", CLIP_PATH, error.message);
        return 1;
    }
    static rm_clip clip;
    mocap_legs legs;
    rm_status rs = rm_clip_from_bvh(&file, 0, BVH_CMU_METRES_PER_UNIT, 0, &clip);
    if (rs != RM_OK || !mocap_find_legs(&file.skeleton, &legs)) {
        fprintf(stderr, "scene: %s\n", rs != RM_OK ? rm_status_text(rs) : "the clip has no LeftHip/LeftKnee/... legs");
        bvh_free(&file);
        return 1;
    }
    static ctrl_world world;
    static terrain ground;
    if (!build_level(&world, &ground)) {
        fprintf(stderr, "scene: the level does not fit CTRL_MAX_BOXES / TERRAIN_MAX_PATCHES\n");
        bvh_free(&file);
        return 1;
    }
    const ctrl_settings settings = {0.35f, 45.0f * IK_DEG_TO_RAD, 0.3f};

    foot_ik_input ik;
    memset(&ik, 0, sizeof ik);
    ik.settings = foot_ik_default_settings();
    ik.settings.foot_sole_offset = standing_ankle_height(&file, &legs);
    ik.settings.raycast_height = RAY_START_ABOVE_ANKLE;
    ik.settings.raycast_distance = RAY_START_ABOVE_ANKLE + ik.settings.foot_sole_offset + CONTACT_REACH;
    ik.settings.weight_fade_rate = WEIGHT_FADE_RATE;
    for (int f = 0; f < FOOT_COUNT; f++) /* standing on the floor at the start */
        ik.memory[f] = (foot_ik_memory){1.0f, ik.settings.foot_sole_offset, v3_up()};

    FILE *out;
    if (!open_output(out_path, &out)) {
        fprintf(stderr, "scene: cannot write %s: %s\n", out_path, strerror(errno));
        bvh_free(&file);
        return 1;
    }
    fprintf(out, "# closing scene: CMU 131_01 root motion at %.0f Hz through a sphere controller (r = %.2f m),\n"
                 "# foot IK on top (sole offset %.3f m, ray from %.2f m above the ankle, %.3f m long)\n",
            (double)RATE, (double)settings.radius, (double)ik.settings.foot_sole_offset,
            (double)ik.settings.raycast_height, (double)ik.settings.raycast_distance);
    fprintf(out, "# t path_x path_z ctrl_x ctrl_y ctrl_z grounded yaw_deg sphere_bottom_y hip_drop hips_anim_y "
                 "hips_ik_y  L: anim_x anim_y anim_z ik_x ik_y ik_z ground_y weight contact  R: (the same)\n");

    rm_character path = {v3_zero(), 0.0f};
    ctrl_state body = {v3(0.0f, settings.radius, 0.0f), 0.0f, 0.0f, 1};
    const float duration = rm_duration(&clip), dt = 1.0f / RATE;
    int frames = 0, grounded_frames = 0, failures = 0;
    float grounded_time = 0.0f, walked = 0.0f, asked = 0.0f, deepest = -INFINITY, lowest = body.center.y,
          highest = body.center.y;
    scene_stats stats = {0, {0, 0}, 0.0f, 0.0f, 0.0f, {INFINITY, INFINITY}, {0, 0}, {0, 0}, {0.0f, 0.0f}};
    if (!solve_and_write(out, &file, &clip, &legs, &ground, 0.0f, dt, &path, &body, settings.radius, &ik, &stats))
        failures++;
    for (float t = 0.0f; t < duration && !failures;) {
        float next = t + dt < duration ? t + dt : duration;
        rm_delta delta;
        if (rm_delta_between(&clip, t, next, &delta) != RM_OK) {
            failures++;
            break;
        }
        rm_apply(&path, &delta);
        vec3 before = body.center;
        if (ctrl_root_motion_frame(&world, &settings, &body, delta.translation, delta.turn, next - t) != CTRL_OK) {
            failures++;
            break;
        }
        frames++;
        grounded_frames += body.grounded;
        grounded_time += body.grounded ? next - t : 0.0f;
        walked += sqrtf((body.center.x - before.x) * (body.center.x - before.x) +
                        (body.center.z - before.z) * (body.center.z - before.z));
        asked += sqrtf(delta.translation.x * delta.translation.x + delta.translation.z * delta.translation.z);
        float overlap = ctrl_penetration(&world, body.center, settings.radius);
        deepest = overlap > deepest ? overlap : deepest;
        lowest = body.center.y < lowest ? body.center.y : lowest;
        highest = body.center.y > highest ? body.center.y : highest;
        if (!solve_and_write(out, &file, &clip, &legs, &ground, next, next - t, &path, &body, settings.radius, &ik,
                             &stats))
            failures++;
        t = next;
    }
    write_level(out);
    bvh_free(&file);
    if (fclose(out) != 0) {
        fprintf(stderr, "scene: cannot finish %s\n", out_path);
        return 1;
    }
    if (failures) {
        fprintf(stderr, "scene: a frame failed (see the statuses in sections 07/09/10)\n");
        return 1;
    }
    float net_path = sqrtf(path.position.x * path.position.x + path.position.z * path.position.z);
    float net_body = sqrtf(body.center.x * body.center.x + body.center.z * body.center.z);
    printf("closing scene: %d frames at %.0f Hz (%.2f s of CMU 131_01) -> %s\n", frames, (double)RATE,
           (double)duration, out_path);
    printf("  the clip asked for %.2f m of steps (%.2f m from start to end);\n", (double)asked, (double)net_path);
    printf("  the controller walked %.2f m (%.2f m from start to end), ending at (%.2f, %.2f, %.2f) m\n",
           (double)walked, (double)net_body, (double)body.center.x, (double)body.center.y, (double)body.center.z);
    printf("  where the clip alone would end: (%.2f, %.2f) - the wall on the left took %.2f m of it\n",
           (double)path.position.x, (double)path.position.z,
           (double)sqrtf((path.position.x - body.center.x) * (path.position.x - body.center.x) +
                         (path.position.z - body.center.z) * (path.position.z - body.center.z)));
    printf("  grounded %d of %d frames (%.2f s of %.2f s); sphere bottom between %.3f and %.3f m\n",
           grounded_frames, frames, (double)grounded_time, (double)duration, (double)(lowest - settings.radius),
           (double)(highest - settings.radius));
    printf("  deepest overlap with the level: %.1e m (CTRL_PENETRATION_SLOP %.0e)\n", (double)deepest,
           (double)CTRL_PENETRATION_SLOP);
    printf("  foot IK (section 07) on %d poses: sole offset %.3f m (the clip's standing ankle), ray from %.2f m above "
           "the ankle to %.2f m below the sole, weights fade at %.0f/s;\n",
           stats.rows, (double)ik.settings.foot_sole_offset, (double)ik.settings.raycast_height,
           (double)CONTACT_REACH, (double)ik.settings.weight_fade_rate);
    printf("  feet planted (contact, weight 1): left %d, right %d poses; largest hip drop %.3f m at t = %.2f s "
           "(z = %.2f m)\n",
           stats.planted_rows[0], stats.planted_rows[1], (double)stats.largest_drop, (double)stats.largest_drop_t,
           (double)stats.largest_drop_z);
    for (int k = 0; k < 2; k++) /* float noise around 0 prints as 0 */
        stats.lowest_sole[k] = fabsf(stats.lowest_sole[k]) < 5e-4f ? 0.0f : stats.lowest_sole[k];
    printf("  soles against the ground under them: animated lowest %+.3f m (%d foot-poses over %.0f cm under), "
           "with IK lowest %+.3f m (%d)\n",
           (double)stats.lowest_sole[0], stats.under_frames[0], (double)(UNDER_GROUND_TOLERANCE * 100.0f),
           (double)stats.lowest_sole[1], stats.under_frames[1]);
    if (stats.in_wall[0] || stats.in_wall[1])
        printf("  ankles inside the wall's footprint: animated %d foot-poses (up to %.3f m), with IK %d (up to %.3f m)\n",
               stats.in_wall[0], (double)stats.deepest_in_wall[0], stats.in_wall[1], (double)stats.deepest_in_wall[1]);
    printf("  %s\n", stats.under_frames[1] == 0 ? "with foot IK the feet are never under the ground"
                                                 : "with foot IK some feet still end under the ground");
    return 0;
}
