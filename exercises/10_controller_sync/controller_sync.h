/* 10 Root motion through a character controller (chapter section 12).
 *
 * Section 11's "transform.position += animator.deltaPosition" walks
 * through walls: nothing between the clip and the transform knows the
 * world is there. The chapter's fix hands the clip's delta to a
 * CharacterController instead, in OnAnimatorMove, and adds the gravity
 * the clip does not carry:
 *
 *     Vector3 motion = animator.deltaPosition;
 *     if (controller.isGrounded && verticalVelocity < 0f)
 *         verticalVelocity = -2f;
 *     verticalVelocity += Physics.gravity.y * Time.deltaTime;
 *     motion.y = verticalVelocity * Time.deltaTime;
 *     controller.Move(motion);            // walls, slopes, steps
 *     transform.rotation *= animator.deltaRotation;
 *
 * Here the controller is a sphere and the world a handful of boxes (a box
 * can be turned, which makes ramps and angled walls). You write its Move -
 * collide and slide: move in small steps, push out of whatever it
 * overlaps - and the frame above. The geometry is given: where a box is
 * closest to a point, and how far to move to clear a point.
 *
 * Conventions: metres, seconds, radians; +Y up; a yaw (heading) of 0
 * faces +Z and a yaw h faces (sin h, 0, cos h), like section 09.
 */
#ifndef CONTROLLER_SYNC_H
#define CONTROLLER_SYNC_H

#include "ikmath.h"

#define CTRL_MAX_BOXES 32
#define CTRL_GRAVITY (-9.81f)          /* Physics.gravity.y */
#define CTRL_GROUNDED_VELOCITY (-2.0f) /* the chapter's verticalVelocity = -2 while grounded */
#define CTRL_MAX_ITERATIONS 4          /* push-out passes after each small step */
#define CTRL_PENETRATION_SLOP 1e-4f    /* overlap left after the pushes that still counts as clear */
#define CTRL_MAX_MOTION 50.0f          /* longest move one call takes, metres */
#define CTRL_MAX_DT 0.25f              /* longest frame, seconds */
/* Smallest sphere: ctrl_slide moves in steps of radius / 2, so the longest
 * motion takes at most CTRL_MAX_MOTION / (CTRL_MIN_RADIUS / 2) = 10000 of
 * them. "Any radius > 0" let 1e-9 m ask for 1e11 steps (a hang) and 1e-22 m
 * for more than an int holds. */
#define CTRL_MIN_RADIUS 0.01f
#define CTRL_MIN_SLOPE_LIMIT (5.0f * IK_DEG_TO_RAD)
#define CTRL_MAX_SLOPE_LIMIT (85.0f * IK_DEG_TO_RAD)

/* A box: centre, half sizes along its own axes, and its rotation (identity
 * for an axis-aligned box; a box turned about X or Z is a ramp). */
typedef struct {
    vec3 center;         /* world space, metres */
    vec3 half_extents;   /* metres, along the box's own axes, each > 0 */
    quat rotation;       /* box space -> world space, any non-zero length */
} ctrl_box;

typedef struct {
    int box_count;       /* 0..CTRL_MAX_BOXES */
    ctrl_box boxes[CTRL_MAX_BOXES];
} ctrl_world;

typedef struct {
    float radius;        /* the sphere, CTRL_MIN_RADIUS..10 m */
    float slope_limit;   /* steepest walkable slope, CTRL_MIN_SLOPE_LIMIT..CTRL_MAX_SLOPE_LIMIT rad */
    float step_height;   /* tallest ledge walked onto, metres, 0 <= step_height < radius */
} ctrl_settings;

/* The character between frames. */
typedef struct {
    vec3 center;             /* world space, metres: the sphere's centre; its lowest point is the feet */
    float yaw;               /* heading about world +Y, radians, (-pi, pi] */
    float vertical_velocity; /* m/s, the chapter's verticalVelocity */
    int grounded;            /* 1 when the last move ended standing on something */
} ctrl_state;

/* What a collide-and-slide move did. */
typedef struct {
    vec3 center;             /* world space, metres: where the sphere ended */
    int hit_ground;          /* pushed up by ground or a step */
    int hit_wall;            /* pushed sideways by a wall or a too-steep slope, or stopped */
    int hit_ceiling;         /* pushed by a surface facing down */
} ctrl_slide_result;

typedef enum {
    CTRL_OK = 0,
    CTRL_ERR_NULL,           /* a pointer argument is NULL */
    CTRL_ERR_WORLD,          /* box_count out of range, or a box with NaN/inf, a centre or size beyond
                                IK_WORLD_LIMIT, half size <= 0, zero rotation */
    CTRL_ERR_SETTINGS,       /* radius, slope_limit or step_height out of range or not finite */
    CTRL_ERR_NOT_FINITE,     /* NaN/inf in a position, motion, delta, yaw or velocity; a position beyond IK_WORLD_LIMIT */
    CTRL_ERR_TOO_FAR,        /* a motion longer than CTRL_MAX_MOTION */
    CTRL_ERR_TIME            /* dt not finite, <= 0 or > CTRL_MAX_DT */
} ctrl_status;

static inline const char *ctrl_status_text(ctrl_status s)
{
    switch (s) {
    case CTRL_OK: return "ok";
    case CTRL_ERR_NULL: return "a pointer argument is NULL";
    case CTRL_ERR_WORLD: return "bad world (box count, NaN, beyond IK_WORLD_LIMIT, half size <= 0 or zero rotation)";
    case CTRL_ERR_SETTINGS: return "bad settings (radius, slope_limit or step_height)";
    case CTRL_ERR_NOT_FINITE: return "NaN/inf in a position, motion, delta, yaw or velocity, or a position beyond IK_WORLD_LIMIT";
    case CTRL_ERR_TOO_FAR: return "motion longer than CTRL_MAX_MOTION";
    case CTRL_ERR_TIME: return "dt must be finite, > 0 and <= CTRL_MAX_DT";
    }
    return "unknown status";
}

/* ---- given: geometry and checks (not graded) ----------------------------- */

/* Where a box is closest to a point. */
typedef struct {
    vec3 point;      /* world space, metres: the closest point on the box's surface */
    vec3 normal;     /* world space, unit, out of the box toward the point */
    float distance;  /* metres, from the point to the surface; negative when the point is inside */
    int on_edge;     /* the closest point is on an edge or a corner, not inside a face */
} ctrl_contact;

static inline ctrl_contact ctrl_box_contact(const ctrl_box *box, vec3 point)
{
    quat q = quat_normalize(box->rotation);
    vec3 local = quat_rotate(quat_conjugate(q), v3_sub(point, box->center));
    vec3 h = box->half_extents;
    vec3 clamped = v3(fmaxf(-h.x, fminf(h.x, local.x)), fmaxf(-h.y, fminf(h.y, local.y)),
                      fmaxf(-h.z, fminf(h.z, local.z)));
    vec3 outside = v3_sub(local, clamped);
    ctrl_contact c;
    vec3 normal_local, point_local;
    float out_sq = v3_length_sq(outside);
    if (out_sq > 1e-12f) {
        c.distance = sqrtf(out_sq);
        normal_local = v3_scale(outside, 1.0f / c.distance);
        point_local = clamped;
        c.on_edge = (local.x != clamped.x) + (local.y != clamped.y) + (local.z != clamped.z) >= 2;
    } else {
        /* Inside (or on the surface): the nearest face, top first on a tie. */
        float to_x = h.x - fabsf(local.x), to_y = h.y - fabsf(local.y), to_z = h.z - fabsf(local.z);
        point_local = local;
        if (to_y <= to_x && to_y <= to_z) {
            normal_local = v3(0.0f, local.y >= 0.0f ? 1.0f : -1.0f, 0.0f);
            point_local.y = normal_local.y * h.y;
            c.distance = -to_y;
        } else if (to_x <= to_z) {
            normal_local = v3(local.x >= 0.0f ? 1.0f : -1.0f, 0.0f, 0.0f);
            point_local.x = normal_local.x * h.x;
            c.distance = -to_x;
        } else {
            normal_local = v3(0.0f, 0.0f, local.z >= 0.0f ? 1.0f : -1.0f);
            point_local.z = normal_local.z * h.z;
            c.distance = -to_z;
        }
        c.on_edge = 0;
    }
    c.normal = quat_rotate(q, normal_local);
    c.point = v3_add(box->center, quat_rotate(q, point_local));
    return c;
}

/* How far a sphere of `radius` at `center` must move along the unit
 * `direction` so that `point` is exactly `radius` away (0 when it already
 * is, or more). Negative when moving that way can never get it clear (the
 * direction runs along the point's side): push along the normal instead. */
static inline float ctrl_clearance(vec3 center, vec3 point, float radius, vec3 direction)
{
    vec3 v = v3_sub(center, point);
    float b = v3_dot(v, direction);
    float disc = b * b - (v3_length_sq(v) - radius * radius);
    if (disc < 0.0f)
        return -1.0f;
    float s = -b + sqrtf(disc);
    return s > 0.0f ? s : 0.0f;
}

static inline ctrl_status ctrl_check_world(const ctrl_world *world)
{
    if (!world)
        return CTRL_ERR_NULL;
    if (world->box_count < 0 || world->box_count > CTRL_MAX_BOXES)
        return CTRL_ERR_WORLD;
    for (int i = 0; i < world->box_count; i++) {
        const ctrl_box *b = &world->boxes[i];
        if (!v3_in_world(b->center) || !v3_in_world(b->half_extents) || !quat_is_finite(b->rotation) ||
            !(b->half_extents.x > 0.0f && b->half_extents.y > 0.0f && b->half_extents.z > 0.0f) ||
            !(quat_dot(b->rotation, b->rotation) > IK_EPSILON_SQ))
            return CTRL_ERR_WORLD;
    }
    return CTRL_OK;
}

static inline ctrl_status ctrl_check_settings(const ctrl_settings *settings)
{
    if (!settings)
        return CTRL_ERR_NULL;
    if (!(settings->radius >= CTRL_MIN_RADIUS && settings->radius <= 10.0f) ||
        !(settings->slope_limit >= CTRL_MIN_SLOPE_LIMIT && settings->slope_limit <= CTRL_MAX_SLOPE_LIMIT) ||
        !(settings->step_height >= 0.0f && settings->step_height < settings->radius))
        return CTRL_ERR_SETTINGS;
    return CTRL_OK;
}

/* How deep a sphere overlaps the world: the largest radius - distance over
 * the boxes (<= 0 when it touches nothing). */
static inline float ctrl_penetration(const ctrl_world *world, vec3 center, float radius)
{
    float deepest = -INFINITY;
    for (int i = 0; i < world->box_count; i++) {
        float depth = radius - ctrl_box_contact(&world->boxes[i], center).distance;
        if (depth > deepest)
            deepest = depth;
    }
    return deepest;
}

/* The same angle in (-pi, pi]. */
static inline float ctrl_wrap_angle(float radians)
{
    if (!isfinite(radians))
        return radians;
    float wrapped = fmodf(radians, 2.0f * IK_PI);
    if (wrapped > IK_PI)
        wrapped -= 2.0f * IK_PI;
    else if (wrapped <= -IK_PI)
        wrapped += 2.0f * IK_PI;
    return wrapped;
}

/* Builders for worlds. */
static inline ctrl_box ctrl_box_min_max(vec3 min, vec3 max)
{
    ctrl_box b = {v3_scale(v3_add(min, max), 0.5f), v3_scale(v3_sub(max, min), 0.5f), quat_identity()};
    return b;
}

/* A box turned `yaw` about +Y (an angled wall or pillar). */
static inline ctrl_box ctrl_box_turned(vec3 center, vec3 half_extents, float yaw)
{
    ctrl_box b = {center, half_extents, quat_from_axis_angle(v3_up(), yaw)};
    return b;
}

/* A ramp along Z between x_min and x_max whose top surface runs from
 * height y_start at z_start to y_end at z_end; the box hangs `thickness`
 * below that surface. */
static inline ctrl_box ctrl_ramp(float x_min, float x_max, float z_start, float z_end, float y_start, float y_end,
                                 float thickness)
{
    float dz = z_end - z_start, dy = y_end - y_start;
    float length = sqrtf(dz * dz + dy * dy);
    quat tilt = quat_from_axis_angle(v3_right(), -atan2f(dy, dz));
    vec3 top_middle = v3(0.5f * (x_min + x_max), 0.5f * (y_start + y_end), 0.5f * (z_start + z_end));
    vec3 up = quat_rotate(tilt, v3_up());
    ctrl_box b = {v3_sub(top_middle, v3_scale(up, 0.5f * thickness)),
                  v3(0.5f * (x_max - x_min), 0.5f * thickness, 0.5f * length), tilt};
    return b;
}

/* ---- what you write ------------------------------------------------------- */

/* Collide and slide: moves the sphere from `start` by `motion`, never
 * ending inside a box.
 *  1. Validate: NULL -> CTRL_ERR_NULL; ctrl_check_world and
 *     ctrl_check_settings; start not in the world (NaN, inf or beyond
 *     IK_WORLD_LIMIT) or motion not finite -> CTRL_ERR_NOT_FINITE;
 *     |motion| > CTRL_MAX_MOTION -> CTRL_ERR_TOO_FAR.
 *     On error *out (when not NULL) = start (the origin if start is not
 *     in the world) with no hits.
 *  2. Small steps: n = max(1, ceil(|motion| / (radius / 2))); each step
 *     moves the centre by motion / n, so it can never skip over a wall.
 *  3. After each step, up to CTRL_MAX_ITERATIONS passes over the boxes;
 *     every box with contact distance < radius pushes the sphere out (in
 *     any order within a pass - first to last, last to first, deepest
 *     first: yours to choose, and the checks accept every order; the
 *     contact is taken afresh before each push):
 *       ground (normal.y >= cos(slope_limit)), or a step (on_edge, contact
 *       point no higher than the feet + step_height, normal.y > 0):
 *         straight up, hit_ground;
 *       a ceiling (normal.y <= -cos(slope_limit)): along the normal,
 *         hit_ceiling;
 *       anything else (walls, too-steep slopes): sideways, along the
 *         normal's horizontal part, hit_wall.
 *     The distance is ctrl_clearance(centre, contact point, radius,
 *     direction); when it is negative, push along the normal instead. A
 *     pass that pushes nothing ends the passes.
 *  4. If the sphere still overlaps a box by more than
 *     CTRL_PENETRATION_SLOP, undo that step, set hit_wall and stop.
 * Pushing up on ground keeps the horizontal motion exact on flat ground
 * and keeps the controller from sliding down walkable slopes; pushing
 * sideways on walls keeps the motion along the wall and never climbs a
 * slope that is too steep. */
ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out);

/* One frame of root motion through the controller (the chapter's
 * OnAnimatorMove). `delta_translation` is section 09's rm_delta
 * translation (the character's frame) and `delta_turn` its turn.
 *  1. Validate: NULL -> CTRL_ERR_NULL; world, settings; state, delta or
 *     turn not finite, or the centre beyond IK_WORLD_LIMIT ->
 *     CTRL_ERR_NOT_FINITE; dt -> CTRL_ERR_TIME.
 *  2. motion = delta_translation turned by state->yaw about +Y, with its y
 *     dropped (the clip's bob stays in the pose);
 *     if grounded and vertical_velocity < 0: vertical_velocity =
 *     CTRL_GROUNDED_VELOCITY; vertical_velocity += CTRL_GRAVITY * dt;
 *     motion.y = vertical_velocity * dt.
 *  3. ctrl_slide; centre = its end, grounded = its hit_ground.
 *  4. yaw = ctrl_wrap_angle(ctrl_wrap_angle(yaw) + delta_turn) (wrapped
 *     first: two huge finite angles could add up to inf).
 * On any error the state is left as it was. */
ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt);

#endif /* CONTROLLER_SYNC_H */
