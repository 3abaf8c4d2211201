/* 07 Foot IK on uneven ground (chapter section 9).
 *
 * A walk cycle is made on flat ground; on a ramp or a stair its feet float
 * or sink. Each frame, for each foot: cast a ray straight down from a
 * little above the animated ankle, put the ankle's IK target on the hit
 * point (plus the sole's thickness), tilt the foot to the surface, and let
 * the two-bone solver of section 03 bend the leg to reach it. Then lower
 * the whole body by the largest shortfall (the hip drop), so no leg has to
 * reach further down than the animation already does.
 *
 * The IK result is blended with the animation by a weight per foot. The
 * weight never jumps: with ground under the foot it rises toward 1, with
 * none (stepping off a ledge) it falls toward 0, by `weight_fade_rate` per
 * second (the chapter's PlaceFoot sets it to 1 or 0 at once; its text asks
 * for the fade, and so does the workbook). The weight and the last ground found are the only things carried
 * from one frame to the next, and the caller carries them: pass
 * out->memory back in as the next frame's in->memory.
 *
 * Conventions as everywhere in the workbook: +Y up, +Z forward, world
 * space, metres and seconds.
 */
#ifndef FOOT_IK_H
#define FOOT_IK_H

#include "ikmath.h"
#include "terrain.h"

enum { FOOT_LEFT = 0, FOOT_RIGHT = 1, FOOT_COUNT = 2 };

typedef struct {
    float raycast_height;    /* metres: the ray starts this far above the animated ankle (>= 0) */
    float raycast_distance;  /* metres: and is this long, pointing down (> 0) */
    float foot_sole_offset;  /* metres: ankle target = hit point + this much up (>= 0) */
    float weight_fade_rate;  /* IK weight change per second, 1/s (> 0) */
} foot_ik_settings;

/* One leg as the animation posed it this frame: positions in world space,
 * metres; rotations in world space. */
typedef struct {
    vec3 hip;                /* leg root, world, m: moves down with the body by the hip drop */
    vec3 knee;               /* world, m */
    vec3 ankle;              /* world, m: Unity's animator.GetIKPosition(foot) */
    quat foot_rotation;      /* world: animator.GetIKRotation(foot) */
    vec3 knee_pole;          /* world, m: the knee bends toward this point (section 04's pole) */
    float thigh_length;      /* rest length hip -> knee, metres (> 0) */
    float shin_length;       /* rest length knee -> ankle, metres (> 0) */
} foot_leg;

/* What one foot remembers between frames. Start with weight 0 (the IK
 * fades in) or 1 (the foot starts planted), ground_normal = up. */
typedef struct {
    float weight;            /* IK weight 0..1 used on the last frame (no unit) */
    float ground_height;     /* world y of the last IK target found (hit + sole offset), metres */
    vec3 ground_normal;      /* surface normal under that target, world space: only its direction
                                counts (normalized when used, up when it has none) */
} foot_ik_memory;

typedef struct {
    foot_leg legs[FOOT_COUNT];
    foot_ik_memory memory[FOOT_COUNT];  /* the previous frame's out->memory */
    foot_ik_settings settings;
    float dt;                            /* seconds since the previous frame (> 0) */
} foot_ik_input;

/* One foot's result: positions in world space, metres; rotations in world
 * space. */
typedef struct {
    int grounded;            /* 1 when this frame's ray hit the ground */
    vec3 hit_point;          /* world, m: the ray's hit (zero vector when not grounded) */
    vec3 hit_normal;         /* world, unit: the surface normal there (up when not grounded) */
    vec3 target;             /* world, m: the ankle's IK target, see foot_ik_step */
    quat target_rotation;    /* world: from_to(up, normal) * animated foot rotation */
    float weight;            /* IK weight used this frame, 0..1 (no unit) */
    float deficit;           /* metres: weight * max(0, animated ankle y - target y) */
    vec3 hip, knee, ankle;   /* world, m: the leg as placed */
    quat foot_rotation;      /* world: slerp(animated, target_rotation, weight) */
} foot_ik_foot;

typedef struct {
    float hip_drop;                      /* metres, >= 0: how far the body was lowered */
    foot_ik_foot feet[FOOT_COUNT];
    foot_ik_memory memory[FOOT_COUNT];   /* hand this to the next frame */
} foot_ik_output;

typedef enum {
    FOOT_IK_OK = 0,
    FOOT_IK_NULL,            /* in, ground or out is NULL */
    FOOT_IK_BAD_SETTINGS,    /* a setting not finite, a distance < 0 or beyond IK_WORLD_LIMIT, raycast_distance or rate <= 0 */
    FOOT_IK_BAD_TIME_STEP,   /* dt not finite or <= 0 */
    FOOT_IK_BAD_TERRAIN,     /* terrain_is_valid() says no */
    FOOT_IK_BAD_LEG,         /* a joint, pole or length not in the world (NaN, inf, beyond IK_WORLD_LIMIT),
                                a rotation not finite, or a bone length not > 0 */
    FOOT_IK_BAD_MEMORY       /* a weight outside 0..1, a height not in the world, or a normal not finite */
} foot_ik_status;

static inline const char *foot_ik_status_text(foot_ik_status s)
{
    switch (s) {
    case FOOT_IK_OK: return "ok";
    case FOOT_IK_NULL: return "in, ground or out is NULL";
    case FOOT_IK_BAD_SETTINGS: return "bad settings: distances must be 0..IK_WORLD_LIMIT, raycast_distance and "
                                      "weight_fade_rate > 0";
    case FOOT_IK_BAD_TIME_STEP: return "dt must be a finite number of seconds > 0";
    case FOOT_IK_BAD_TERRAIN: return "the terrain is invalid (see terrain_is_valid)";
    case FOOT_IK_BAD_LEG: return "a leg has a joint, pole or length that is NaN, inf or beyond IK_WORLD_LIMIT, "
                                 "a non-finite rotation, or a bone length <= 0";
    case FOOT_IK_BAD_MEMORY: return "memory: weight must be within 0..1, height within IK_WORLD_LIMIT, normal finite";
    }
    return "unknown status";
}

/* The chapter's FootIK values: raycast_height 0.5, raycast_distance 1.5,
 * foot_sole_offset 0.05; and the workbook's weight_fade_rate 5 per second
 * (a full fade in 0.2 s, a few frames at any frame rate). */
foot_ik_settings foot_ik_default_settings(void);

/* One frame of the weight's fade: weight + rate * dt when grounded, else
 * weight - rate * dt, clamped to 0..1. Never a jump: the change is at most
 * rate * dt. Bad input is harmless: a weight that is not finite counts as
 * 0, one outside 0..1 is clamped first, and a rate or dt that is not a
 * finite number > 0 changes nothing. */
float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt);

/* One frame of foot IK for both feet.
 *
 * Validates first, in the order of foot_ik_status (NULL, settings, dt,
 * terrain, legs, memory). On any error nothing is solved and, when out is
 * not NULL, *out is cleared: hip_drop 0, every vector zero except normals
 * (up), every rotation identity, every weight 0, grounded 0.
 *
 * Otherwise, for each foot:
 *  - ray: from ankle + up * raycast_height, down, raycast_distance long
 *    (terrain_raycast_down);
 *  - hit: target = hit point + up * foot_sole_offset, normal = hit normal,
 *    and the memory takes the target's height and the normal;
 *    no hit: target = the animated ankle at the remembered ground_height
 *    (x and z follow the animation), normal = the remembered normal
 *    (normalized, up if it has no direction): the foot keeps the last
 *    ground it stood on while its weight fades out;
 *  - weight = foot_ik_fade_weight(memory weight, grounded, rate, dt);
 *  - target_rotation = quat_from_to(up, normal) * animated foot rotation
 *    (the tilt applied on top of the animation);
 *  - deficit = weight * max(0, animated ankle y - target y).
 * hip_drop = the larger deficit: lowering the body that much lets both
 * legs reach their targets without reaching further than the animation.
 * Then each leg: its hip, knee and pole move down by hip_drop. A leg with
 * weight 0 is the animation's, moved down with the body (knee and ankle
 * down by hip_drop, foot rotation as animated). Otherwise its ankle goal =
 * v3_lerp(animated ankle moved down by hip_drop, target, weight), solved
 * with section 03's two_bone_solve (root = moved hip, pole = moved pole,
 * the two rest lengths); foot_rotation = quat_slerp(animated,
 * target_rotation, weight). */
foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out);

#endif /* FOOT_IK_H */
