/* 10 Root motion through a character controller - demo program (chapter
 * section 12).
 *
 * A walk clip's root motion, 1.4 m/s, drifts 30 degrees to the right of
 * where the character faces, toward a wall 1 m to its right. Fed straight
 * into the transform (section 11) it would walk into the wall and through
 * it; fed through the controller, the character meets the wall, keeps the
 * part of every step that runs along it, and stays on the ground. The
 * program prints the walk at 60 Hz and compares the distance covered along
 * the wall with what the clip asked for.
 */
#include <stdio.h>

#include "controller_sync.h"
#include "ikmath.h"

int main(void)
{
    ctrl_world world = {0};
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(-5.0f, -1.0f, -5.0f), v3(5.0f, 0.0f, 20.0f)); /* floor */
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(1.0f, 0.0f, -5.0f), v3(1.2f, 2.5f, 20.0f)); /* wall at x = 1 */
    const ctrl_settings settings = {0.3f, 45.0f * IK_DEG_TO_RAD, 0.2f};

    ctrl_state state = {v3(0.0f, settings.radius, 0.0f), 0.0f, 0.0f, 1};
    const float rate = 60.0f, dt = 1.0f / rate, speed = 1.4f, drift = 30.0f * IK_DEG_TO_RAD;
    /* One frame of the clip's root motion, in the character's frame. */
    const vec3 step = v3(speed * dt * sinf(drift), 0.0f, speed * dt * cosf(drift));
    const int frames = (int)(2.0f * rate);

    printf("== root motion through the controller: a walk along a wall ==\n");
    printf("  sphere radius %.2f m, wall face at x = 1.00 m, clip: %.2f m/s, %.0f deg right of forward, %.0f Hz\n\n",
           (double)settings.radius, (double)speed, (double)(drift * IK_RAD_TO_DEG), (double)rate);
    printf("  %6s %8s %8s %8s %9s %8s\n", "t (s)", "x", "y", "z", "to wall", "grounded");
    float asked_along = 0.0f, worst_overlap = -INFINITY;
    for (int f = 1; f <= frames; f++) {
        ctrl_status status = ctrl_root_motion_frame(&world, &settings, &state, step, 0.0f, dt);
        if (status != CTRL_OK) {
            printf("  frame %d: %s\n", f, ctrl_status_text(status));
            return 1;
        }
        asked_along += step.z;
        float overlap = ctrl_penetration(&world, state.center, settings.radius);
        worst_overlap = overlap > worst_overlap ? overlap : worst_overlap;
        if (f % 15 == 0)
            printf("  %6.2f %8.3f %8.3f %8.3f %9.3f %8s\n", (double)(f * dt), (double)state.center.x,
                   (double)state.center.y, (double)state.center.z,
                   (double)(1.0f - state.center.x - settings.radius), state.grounded ? "yes" : "no");
    }
    printf("\n  along the wall: clip asked %.3f m, character went %.3f m\n", (double)asked_along,
           (double)state.center.z);
    printf("  toward the wall: clip asked %.3f m, the wall stopped it at %.3f m (x = 1 - radius)\n",
           (double)(step.x * (float)frames), (double)state.center.x);
    printf("  deepest overlap with any box over the walk: %.1e m (within CTRL_PENETRATION_SLOP %.0e: never inside)\n",
           (double)worst_overlap, (double)CTRL_PENETRATION_SLOP);
    return 0;
}
