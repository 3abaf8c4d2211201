/* 09 Root motion - demo program (chapter sections 11-12).
 *
 * Loads the CMU "start, walk, stop" clip (or the BVH named on the command
 * line), takes its root (Hips) track in metres, and reports the root
 * motion in it: where the root starts and ends, how far it travels, how
 * fast it walks in the steady part. Then it plays the clip's root motion
 * onto a character standing at the origin facing +Z, at several frame
 * rates, to show the deltas add up to the same walk whatever the step, and
 * finally bakes the clip into pose to show it then stays in place.
 *
 * Run it from the workbook root (make run S=09_root_motion does).
 */
#include <stdio.h>

#include "bvh.h"
#include "ikmath.h"
#include "root_motion.h"

#define DEFAULT_CLIP "checker/data/mocap/cmu_131_01_start_walk_stop.bvh"

static float horizontal_length(vec3 v) { return sqrtf(v.x * v.x + v.z * v.z); }

/* Plays [0, duration] in steps of `step` seconds (the last one shorter)
 * onto a character at the origin facing +Z. Returns the character. */
static rm_character play(const rm_clip *clip, float step, int *steps, int *errors)
{
    rm_character character = {v3_zero(), 0.0f};
    const float duration = rm_duration(clip);
    *steps = 0;
    *errors = 0;
    for (float t = 0.0f; t < duration;) {
        float next = t + step < duration ? t + step : duration;
        rm_delta delta;
        if (rm_delta_between(clip, t, next, &delta) != RM_OK || rm_apply(&character, &delta) != RM_OK)
            (*errors)++;
        (*steps)++;
        t = next;
    }
    return character;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : DEFAULT_CLIP;
    bvh_file file;
    bvh_error error = bvh_load(path, &file);
    if (error.failed) {
        fprintf(stderr, "cannot load %s: %s\n", path, error.message);
        return 1;
    }
    static rm_clip clip; /* about 28 KB: kept off the stack */
    rm_status status = rm_clip_from_bvh(&file, 0, BVH_CMU_METRES_PER_UNIT, 0, &clip);
    if (status != RM_OK) {
        fprintf(stderr, "cannot take the root track: %s (%d frames)\n", rm_status_text(status),
                file.motion.frame_count);
        bvh_free(&file);
        return 1;
    }
    const float duration = rm_duration(&clip);
    printf("== root motion of %s ==\n", path);
    printf("  %d joints, %d frames at %.1f fps: %.3f s; root joint '%s', 1 unit = %.5f m\n",
           file.skeleton.joint_count, clip.frame_count, (double)(1.0f / clip.frame_time), (double)duration,
           file.skeleton.joints[0].name, (double)BVH_CMU_METRES_PER_UNIT);
    printf("  rm_validate: %s\n", rm_status_text(rm_validate(&clip)));

    rm_root_pose first, last;
    rm_sample(&clip, 0.0f, &first);
    rm_sample(&clip, duration, &last);
    vec3 travel = v3_sub(last.position, first.position);
    printf("  start: root at (%.3f, %.3f, %.3f) m, heading %6.1f deg\n", (double)first.position.x,
           (double)first.position.y, (double)first.position.z, (double)(rm_heading(first.rotation) * IK_RAD_TO_DEG));
    printf("  end:   root at (%.3f, %.3f, %.3f) m, heading %6.1f deg\n", (double)last.position.x,
           (double)last.position.y, (double)last.position.z, (double)(rm_heading(last.rotation) * IK_RAD_TO_DEG));
    printf("  net horizontal travel (dx, dz) = (%.3f, %.3f) m: %.3f m\n", (double)travel.x, (double)travel.z,
           (double)horizontal_length(travel));

    /* Path length and the steady walk's speed, frame by frame. */
    float path_length = 0.0f, steady = 0.0f;
    float lowest = first.position.y, highest = first.position.y;
    for (int i = 1; i < clip.frame_count; i++) {
        float t0 = (float)(i - 1) * clip.frame_time, t1 = (float)i * clip.frame_time;
        rm_delta d;
        rm_delta_between(&clip, t0, t1, &d);
        path_length += horizontal_length(d.translation);
        if (t0 >= 4.0f && t1 <= 6.0f) /* the README's steady walk, t = 4-6 s */
            steady += horizontal_length(d.translation);
        if (clip.positions[i].y < lowest)
            lowest = clip.positions[i].y;
        if (clip.positions[i].y > highest)
            highest = clip.positions[i].y;
    }
    printf("  path length %.3f m; steady walk (4-6 s) %.2f m/s; root height %.3f..%.3f m\n\n",
           (double)path_length, (double)(steady / 2.0f), (double)lowest, (double)highest);

    /* The same walk at any frame rate: deltas add up to the clip. */
    printf("played onto a character at the origin facing +Z:\n");
    const float rates[] = {30.0f, 60.0f, 144.0f, 120.0f / 7.0f};
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        int steps, errors;
        rm_character c = play(&clip, 1.0f / rates[r], &steps, &errors);
        printf("  %6.2f Hz: %4d steps -> at (%.3f, %.3f) m, yaw %6.1f deg, %.3f m from the start%s\n",
               (double)rates[r], steps, (double)c.position.x, (double)c.position.z,
               (double)(c.yaw * IK_RAD_TO_DEG), (double)horizontal_length(c.position),
               errors ? " (some steps failed)" : "");
    }

    /* Bake into pose: the root now stays over the origin. */
    rm_bake_in_place(&clip);
    float drift = 0.0f, max_heading = 0.0f;
    for (int i = 0; i < clip.frame_count; i++) {
        float h = horizontal_length(clip.positions[i]), heading = fabsf(rm_heading(clip.rotations[i]));
        drift = h > drift ? h : drift;
        max_heading = heading > max_heading ? heading : max_heading;
    }
    printf("\nbaked into pose: root at most %.4f m from the origin, heading at most %.2f deg, "
           "height still %.3f..%.3f m\n",
           (double)drift, (double)(max_heading * IK_RAD_TO_DEG), (double)lowest, (double)highest);
    bvh_free(&file);
    return 0;
}
