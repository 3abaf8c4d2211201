/* scene.c - the chapter's closing scene (sections 11-12, and the last
 * paragraph of 12): a motion-capture walk drives a character through a
 * small level by root motion, and the character controller keeps it on
 * the ground and out of the walls.
 *
 * The CMU clip's root motion (section 09's reference) is played at 60 Hz
 * and fed frame by frame through the sphere controller (section 10's
 * reference) over uneven ground: a ramp up, a raised floor that ends in
 * a 25 cm drop, a 10 cm step and a wall the walk drifts into. Per frame it
 * writes, as whitespace columns:
 *
 *   t  path_x path_z  ctrl_x ctrl_y ctrl_z  grounded  yaw_deg  feet_y
 *
 * "path" is where the clip alone would take the character (section 11's
 * transform.position += deltaPosition on flat ground), "ctrl" where the
 * controller lets it go (section 12), feet_y the bottom of the sphere.
 * Foot IK (section 07) would run after this, per frame, on the feet; it
 * is left out here: the scene is about where the body goes.
 *
 *   scene [out.dat]    default build/plots/scene.dat, run from the workbook root
 */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "bvh.h"
#include "controller_sync.h"
#include "ikmath.h"
#include "root_motion.h"

#define CLIP_PATH "checker/data/mocap/cmu_131_01_start_walk_stop.bvh"
#define DEFAULT_OUT "build/plots/scene.dat"
#define RATE 60.0f

static void add(ctrl_world *w, ctrl_box b)
{
    if (w->box_count < CTRL_MAX_BOXES)
        w->boxes[w->box_count++] = b;
}

/* The level, laid along the walk (the clip ends about 2.6 m ahead and
 * 0.6 m to the left of where it starts, facing +Z). */
static void build_level(ctrl_world *w)
{
    memset(w, 0, sizeof *w);
    add(w, ctrl_box_min_max(v3(-6.0f, -1.0f, -6.0f), v3(6.0f, 0.0f, 8.0f)));     /* floor, y = 0 */
    add(w, ctrl_ramp(-3.0f, 3.0f, 0.6f, 1.2f, 0.0f, 0.25f, 0.3f));               /* 23 deg ramp up */
    add(w, ctrl_box_min_max(v3(-3.0f, 0.0f, 1.2f), v3(3.0f, 0.25f, 1.8f)));      /* raised floor, then a drop */
    add(w, ctrl_box_min_max(v3(-3.0f, 0.0f, 2.3f), v3(3.0f, 0.1f, 6.0f)));       /* a 10 cm step up */
    add(w, ctrl_box_min_max(v3(-1.0f, 0.0f, 1.4f), v3(-0.75f, 1.5f, 6.0f)));     /* wall on the left */
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

int main(int argc, char **argv)
{
    const char *out_path = argc > 1 ? argv[1] : DEFAULT_OUT;
    bvh_file file;
    bvh_error error = bvh_load(CLIP_PATH, &file);
    if (error.failed) {
        fprintf(stderr, "scene: cannot load %s: %s (run from the workbook root)\n", CLIP_PATH, error.message);
        return 1;
    }
    static rm_clip clip;
    rm_status rs = rm_clip_from_bvh(&file, 0, BVH_CMU_METRES_PER_UNIT, 0, &clip);
    bvh_free(&file);
    if (rs != RM_OK) {
        fprintf(stderr, "scene: %s\n", rm_status_text(rs));
        return 1;
    }
    static ctrl_world world;
    build_level(&world);
    const ctrl_settings settings = {0.35f, 45.0f * IK_DEG_TO_RAD, 0.3f};

    FILE *out;
    if (!open_output(out_path, &out)) {
        fprintf(stderr, "scene: cannot write %s: %s\n", out_path, strerror(errno));
        return 1;
    }
    fprintf(out, "# closing scene: CMU 131_01 root motion at %.0f Hz through a sphere controller (r = %.2f m)\n",
            (double)RATE, (double)settings.radius);
    fprintf(out, "# t path_x path_z ctrl_x ctrl_y ctrl_z grounded yaw_deg feet_y\n");

    rm_character path = {v3_zero(), 0.0f};
    ctrl_state body = {v3(0.0f, settings.radius, 0.0f), 0.0f, 0.0f, 1};
    const float duration = rm_duration(&clip), dt = 1.0f / RATE;
    int frames = 0, grounded_frames = 0, failures = 0;
    float grounded_time = 0.0f, walked = 0.0f, asked = 0.0f, deepest = -INFINITY, lowest = body.center.y, highest = body.center.y;
    fprintf(out, "%.4f %.4f %.4f %.4f %.4f %.4f %d %.2f %.4f\n", 0.0, 0.0, 0.0, (double)body.center.x,
            (double)body.center.y, (double)body.center.z, body.grounded, 0.0, (double)(body.center.y - settings.radius));
    for (float t = 0.0f; t < duration;) {
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
        fprintf(out, "%.4f %.4f %.4f %.4f %.4f %.4f %d %.2f %.4f\n", (double)next, (double)path.position.x,
                (double)path.position.z, (double)body.center.x, (double)body.center.y, (double)body.center.z,
                body.grounded, (double)(body.yaw * IK_RAD_TO_DEG), (double)(body.center.y - settings.radius));
        t = next;
    }
    if (fclose(out) != 0) {
        fprintf(stderr, "scene: cannot finish %s\n", out_path);
        return 1;
    }
    if (failures) {
        fprintf(stderr, "scene: a frame failed (see the statuses in sections 09/10)\n");
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
    printf("  grounded %d of %d frames (%.2f s of %.2f s); feet between %.3f and %.3f m\n", grounded_frames, frames,
           (double)grounded_time, (double)duration, (double)(lowest - settings.radius),
           (double)(highest - settings.radius));
    printf("  deepest overlap with the level: %.1e m (CTRL_PENETRATION_SLOP %.0e)\n", (double)deepest,
           (double)CTRL_PENETRATION_SLOP);
    return 0;
}
