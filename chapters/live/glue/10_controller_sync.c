/* 10's live glue: a sphere moved through a few boxes (a step, a ramp, a
 * wall), once by a dragged motion and frame by frame by a walk.
 * in: start centre [0], goal centre [3] (the motion is goal - start),
 *     walk frames [6], dt [7], walk speed [8] (m/s along +Z),
 *     radius [9], slope limit [10], step height [11].
 * out: ctrl_slide's end [0], hit_ground [3], hit_wall [4], hit_ceiling
 *     [5], status [6]; from the given helpers, never the student's code:
 *     the end's overlap [7] and the start's [8] (ctrl_penetration), 1 at
 *     [9] when the straight way start -> goal touches no box; the walk's
 *     first failing status [10], frames run [11], its deepest overlap
 *     [12], final yaw [13]; box count [14]; each box's outline in the
 *     x = 0 plane (z y of four corners) from [20]; the walk, z y grounded
 *     per frame, from [100] (the start first).
 * Returns ctrl_slide's status. ctrl_slide and ctrl_root_motion_frame
 * are the student's. */
#include "controller_sync.h"
#include "live_glue.h"

#define LIVE_WALK_FRAMES 240

static ctrl_world world;

static void build_world(void)
{
    world.box_count = 0;
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(-2.0f, -1.0f, -2.0f), v3(2.0f, 0.0f, 7.0f));   /* floor */
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(-2.0f, 0.0f, 1.2f), v3(2.0f, 0.2f, 2.2f));     /* a step */
    world.boxes[world.box_count++] = ctrl_ramp(-2.0f, 2.0f, 2.6f, 3.8f, 0.0f, 0.5f, 0.4f);              /* a ramp */
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(-2.0f, 0.0f, 3.8f), v3(2.0f, 0.5f, 4.8f));     /* its top */
    world.boxes[world.box_count++] = ctrl_box_min_max(v3(-2.0f, 0.0f, 5.4f), v3(2.0f, 2.0f, 5.8f));     /* a wall */
}

/* 1 when a sphere moved straight from a to b never overlaps a box
 * (sampled every radius / 32: a corner skimmed between two samples
 * overlaps it by under 0.1 mm). */
static int clear_way(vec3 a, vec3 b, float r)
{
    float length = v3_distance(a, b);
    int n = 1 + (int)(length / (r / 32.0f));
    if (n > 20000)
        n = 20000;
    for (int i = 0; i <= n; i++)
        if (ctrl_penetration(&world, v3_lerp(a, b, (float)i / (float)n), r) > 0.0f)
            return 0;
    return 1;
}

int live_run(int op)
{
    (void)op;
    if (world.box_count == 0)
        build_world();
    ctrl_settings settings = {live_in_buf[9], live_in_buf[10], live_in_buf[11]};
    vec3 start = live_v3(0), goal = live_v3(3);
    ctrl_slide_result res = {v3(__builtin_nanf(""), 0.0f, 0.0f), -1, -1, -1};
    live_clear_out();
    int status = (int)ctrl_slide(&world, &settings, start, v3_sub(goal, start), &res);
    live_put(0, res.center);
    live_out_buf[3] = (float)res.hit_ground;
    live_out_buf[4] = (float)res.hit_wall;
    live_out_buf[5] = (float)res.hit_ceiling;
    live_out_buf[6] = (float)status;
    live_out_buf[7] = v3_is_finite(res.center) ? ctrl_penetration(&world, res.center, settings.radius) : __builtin_nanf("");
    live_out_buf[8] = ctrl_penetration(&world, start, settings.radius);
    live_out_buf[9] = (float)clear_way(start, goal, settings.radius);
    live_out_buf[14] = (float)world.box_count;
    for (int i = 0; i < world.box_count; i++) {
        const ctrl_box *b = &world.boxes[i];
        quat q = quat_normalize(b->rotation);
        static const float corner[4][2] = {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
        for (int c = 0; c < 4; c++) {
            vec3 p = v3_add(b->center, quat_rotate(q, v3(0.0f, corner[c][0] * b->half_extents.y,
                                                         corner[c][1] * b->half_extents.z)));
            live_out_buf[20 + 8 * i + 2 * c] = p.z;
            live_out_buf[21 + 8 * i + 2 * c] = p.y;
        }
    }
    /* the walk: the clip's steady delta, frame after frame */
    int frames = live_count(6, 0, LIVE_WALK_FRAMES);
    float dt = live_in_buf[7];
    ctrl_state state = {start, 0.0f, 0.0f, 0};
    int failed = 0, run = 0;
    float deepest = -INFINITY;
    live_out_buf[100] = state.center.z;
    live_out_buf[101] = state.center.y;
    live_out_buf[102] = 0.0f;
    for (int i = 1; i <= frames; i++) {
        int s = (int)ctrl_root_motion_frame(&world, &settings, &state, v3(0.0f, 0.0f, live_in_buf[8] * dt), 0.0f, dt);
        if (s != CTRL_OK) {
            failed = s;
            break;
        }
        run = i;
        if (v3_is_finite(state.center)) {
            float depth = ctrl_penetration(&world, state.center, settings.radius);
            if (!(depth <= deepest))
                deepest = depth;
        } else {
            deepest = __builtin_nanf("");
        }
        live_out_buf[100 + 3 * i] = state.center.z;
        live_out_buf[101 + 3 * i] = state.center.y;
        live_out_buf[102 + 3 * i] = (float)state.grounded;
    }
    live_out_buf[10] = (float)failed;
    live_out_buf[11] = (float)run;
    live_out_buf[12] = deepest;
    live_out_buf[13] = state.yaw;
    return status;
}
