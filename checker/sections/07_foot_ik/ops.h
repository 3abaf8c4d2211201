/* 07 foot IK: the operations its runner offers. */
#ifndef OPS_FOOT_IK_H
#define OPS_FOOT_IK_H

#include "foot_ik.h"
#include "sections/out_guard.h"
#include "terrain.h"

enum { OP_FOOT_DEFAULTS = 1, OP_FOOT_FADE = 2, OP_FOOT_STEP = 3, OP_FOOT_WALK = 4, OP_FOOT_CLIP = 5 };

/* Written into every output field before the student's code runs, so a
 * field it never writes is told apart from one it writes. No weight,
 * distance or coordinate the checks use comes near it. */
#define FOOT_SENTINEL 4242.0f
#define FOOT_SENTINEL_INT 4242

/* foot_ik_default_settings() */
typedef struct {
    int unused;
} foot_defaults_request;

typedef struct {
    foot_ik_settings settings;
} foot_defaults_response;

/* foot_ik_fade_weight(weight, grounded, rate, dt) */
typedef struct {
    float weight;
    int grounded;
    float rate;
    float dt;
} foot_fade_request;

typedef struct {
    float weight;
} foot_fade_response;

/* foot_ik_step(&in, &ground, &out); the flags pass NULL instead. */
enum { FOOT_NULL_IN = 1, FOOT_NULL_GROUND = 2, FOOT_NULL_OUT = 4 };

typedef struct {
    foot_ik_input in;
    terrain ground;
    int null_flags;
} foot_step_request;

typedef struct {
    int status;
    foot_ik_output out;   /* FOOT_SENTINEL wherever it was never written */
    int guard_damage;     /* guard bytes changed around in, ground and out (out_guard.h) */
} foot_step_response;

/* A walk: frame_count calls of foot_ik_step in one runner, each frame
 * fed the memory the one before returned - the loop a game runs, so a
 * weight that jumps anywhere along the way shows (foot_walk_run below). */
#define FOOT_WALK_MAX_FRAMES 200

typedef struct {
    foot_ik_input first;
    terrain ground;
    int frame_count;      /* 1 .. FOOT_WALK_MAX_FRAMES */
    float dt[FOOT_WALK_MAX_FRAMES];
    vec3 offset[FOOT_WALK_MAX_FRAMES];
} foot_walk_request;

/* What one frame of a walk answered. */
typedef struct {
    int status;
    int grounded[FOOT_COUNT];
    float weight[FOOT_COUNT];
    float deficit[FOOT_COUNT];
    float hip_drop;
    vec3 target[FOOT_COUNT];
    vec3 hip[FOOT_COUNT];
    vec3 knee[FOOT_COUNT];
    vec3 ankle[FOOT_COUNT];
    quat foot_rotation[FOOT_COUNT];
    int guard_damage;     /* guard bytes changed around in, ground and out (out_guard.h) */
} foot_walk_frame;

typedef struct {
    foot_walk_frame frames[FOOT_WALK_MAX_FRAMES];
} foot_walk_response;

static inline void foot_fill_sentinel(foot_ik_output *out)
{
    const vec3 v = v3(FOOT_SENTINEL, FOOT_SENTINEL, FOOT_SENTINEL);
    const quat q = q4(FOOT_SENTINEL, FOOT_SENTINEL, FOOT_SENTINEL, FOOT_SENTINEL);
    out->hip_drop = FOOT_SENTINEL;
    for (int f = 0; f < FOOT_COUNT; f++) {
        foot_ik_foot *foot = &out->feet[f];
        foot->grounded = FOOT_SENTINEL_INT;
        foot->hit_point = foot->hit_normal = foot->target = v;
        foot->target_rotation = foot->foot_rotation = q;
        foot->weight = foot->deficit = FOOT_SENTINEL;
        foot->hip = foot->knee = foot->ankle = v;
        out->memory[f].weight = out->memory[f].ground_height = FOOT_SENTINEL;
        out->memory[f].ground_normal = v;
    }
}

/* One foot_ik_step with every pointer it is given boxed between guards
 * (out_guard.h): the runner's call, and each frame of a walk or the clip. */
static inline foot_ik_status foot_guarded_step(const foot_ik_input *given_in, const terrain *given_ground, int null_flags,
                                               foot_ik_output *result, int *guard_damage)
{
    static OUT_GUARDED(foot_ik_input) in;
    static OUT_GUARDED(terrain) ground;
    static OUT_GUARDED(foot_ik_output) out;
    in.value = *given_in;
    ground.value = *given_ground;
    foot_fill_sentinel(&out.value);
    OUT_GUARD_ARM(in);
    OUT_GUARD_ARM(ground);
    OUT_GUARD_ARM(out);
    foot_ik_status status = foot_ik_step((null_flags & FOOT_NULL_IN) ? NULL : &in.value,
                                         (null_flags & FOOT_NULL_GROUND) ? NULL : &ground.value,
                                         (null_flags & FOOT_NULL_OUT) ? NULL : &out.value);
    int damage = OUT_GUARD_DISARM(in);
    damage += OUT_GUARD_DISARM(ground);
    damage += OUT_GUARD_DISARM(out);
    *result = out.value;
    *guard_damage = damage;
    return status;
}

/* What one frame answered, kept for the checks. */
static inline void foot_record_frame(foot_walk_frame *fr, foot_ik_status status, const foot_ik_output *out)
{
    fr->status = (int)status;
    fr->hip_drop = out->hip_drop;
    for (int f = 0; f < FOOT_COUNT; f++) {
        fr->grounded[f] = out->feet[f].grounded;
        fr->weight[f] = out->feet[f].weight;
        fr->deficit[f] = out->feet[f].deficit;
        fr->target[f] = out->feet[f].target;
        fr->hip[f] = out->feet[f].hip;
        fr->knee[f] = out->feet[f].knee;
        fr->ankle[f] = out->feet[f].ankle;
        fr->foot_rotation[f] = out->feet[f].foot_rotation;
    }
}

/* Plays a walk through foot_ik_step: the student's in the runner, the
 * reference in the checker (the same loop on both sides, so the checker
 * replays exactly the frames the runner played). Frame k takes `first`
 * with every joint and pole moved by offset[k], dt[k], and the memory the
 * previous frame returned. */
static inline void foot_walk_run(const foot_walk_request *rq, foot_walk_response *rs)
{
    int frames = rq->frame_count;
    if (frames < 0)
        frames = 0;
    if (frames > FOOT_WALK_MAX_FRAMES)
        frames = FOOT_WALK_MAX_FRAMES;
    foot_ik_memory memory[FOOT_COUNT] = {rq->first.memory[0], rq->first.memory[1]};
    for (int k = 0; k < frames; k++) {
        foot_ik_input in = rq->first;
        for (int f = 0; f < FOOT_COUNT; f++) {
            foot_leg *leg = &in.legs[f];
            leg->hip = v3_add(leg->hip, rq->offset[k]);
            leg->knee = v3_add(leg->knee, rq->offset[k]);
            leg->ankle = v3_add(leg->ankle, rq->offset[k]);
            leg->knee_pole = v3_add(leg->knee_pole, rq->offset[k]);
            in.memory[f] = memory[f];
        }
        in.dt = rq->dt[k];
        foot_ik_output out;
        int damage;
        foot_ik_status status = foot_guarded_step(&in, &rq->ground, 0, &out, &damage);
        foot_record_frame(&rs->frames[k], status, &out);
        rs->frames[k].guard_damage = damage;
        for (int f = 0; f < FOOT_COUNT; f++)
            memory[f] = out.memory[f];
    }
}

/* The real clip (checker/data/mocap/, CMU 131_01) through foot_ik_step: a
 * stretch of the walk at one frame rate, each frame bringing its own
 * animated legs (the checker ran forward kinematics on the clip) and the
 * memory the frame before returned - the loop foot_clip_run plays on both
 * sides, as foot_walk_run does. 120 frames: 2 s at 60 Hz, 18 KB a
 * request, 19 KB an answer. */
#define FOOT_CLIP_MAX_FRAMES 120

typedef struct {
    foot_ik_settings settings;
    foot_ik_memory memory[FOOT_COUNT];  /* before the first frame */
    terrain ground;
    float dt;                           /* seconds per frame, every frame */
    float clip_time;                    /* the clip's time at the first frame (for messages only) */
    int frame_count;                    /* 1 .. FOOT_CLIP_MAX_FRAMES */
    foot_leg legs[FOOT_CLIP_MAX_FRAMES][FOOT_COUNT];
} foot_clip_request;

typedef struct {
    foot_walk_frame frames[FOOT_CLIP_MAX_FRAMES];
} foot_clip_response;

static inline void foot_clip_run(const foot_clip_request *rq, foot_clip_response *rs)
{
    int frames = rq->frame_count;
    if (frames < 0)
        frames = 0;
    if (frames > FOOT_CLIP_MAX_FRAMES)
        frames = FOOT_CLIP_MAX_FRAMES;
    foot_ik_memory memory[FOOT_COUNT] = {rq->memory[0], rq->memory[1]};
    for (int k = 0; k < frames; k++) {
        foot_ik_input in;
        for (int f = 0; f < FOOT_COUNT; f++) {
            in.legs[f] = rq->legs[k][f];
            in.memory[f] = memory[f];
        }
        in.settings = rq->settings;
        in.dt = rq->dt;
        foot_ik_output out;
        int damage;
        foot_ik_status status = foot_guarded_step(&in, &rq->ground, 0, &out, &damage);
        foot_record_frame(&rs->frames[k], status, &out);
        rs->frames[k].guard_damage = damage;
        for (int f = 0; f < FOOT_COUNT; f++)
            memory[f] = out.memory[f];
    }
}

#endif
