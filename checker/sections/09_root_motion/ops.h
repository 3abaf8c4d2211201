/* 09 root motion: the operations its runner offers. Every request carries
 * the clip it works on (about 28 KB) and a bounded list of times, so a
 * whole playback at 144 Hz is one request and one response. */
#ifndef OPS_ROOT_MOTION_H
#define OPS_ROOT_MOTION_H

#include "root_motion.h"

enum {
    OP_RM_VALIDATE = 1,
    OP_RM_HEADING,
    OP_RM_SAMPLE,
    OP_RM_DELTA,
    OP_RM_APPLY,
    OP_RM_PLAY,
    OP_RM_BAKE,
    OP_RM_SHORT_DELTA
};

/* Written into every output before the student's code runs, so an output
 * left untouched is recognisable.
 *
 * Every response's `overrun` counts the guard bytes around the outputs
 * that the student's code changed (sections/09_root_motion/guard.h): a
 * write before or past an output. The checks fail any nonzero count. */
#define RM_SENTINEL 4321.0f

#define RM_OP_SAMPLES 128
/* 8.3 s of the real clip at 144 Hz is 1192 steps; the response
 * (40 bytes a step) stays under the protocol's 64 KiB record. */
#define RM_OP_STEPS 1600

typedef struct {
    rm_clip clip;
    int pass_null;
} rm_validate_request;

typedef struct {
    int status;
    int overrun;
} rm_validate_response;

typedef struct {
    quat rotation;
} rm_heading_request;

typedef struct {
    float heading;
    int overrun;
} rm_heading_response;

/* rm_sample at `count` times of one clip. */
typedef struct {
    rm_clip clip;
    int count;
    float times[RM_OP_SAMPLES];
    int pass_null_clip;
    int pass_null_out;
} rm_sample_request;

typedef struct {
    int status[RM_OP_SAMPLES];
    rm_root_pose poses[RM_OP_SAMPLES];
    int overrun;
} rm_sample_response;

typedef struct {
    rm_clip clip;
    float t0, t1;
    int pass_null_clip;
    int pass_null_out;
} rm_delta_request;

typedef struct {
    int status;
    rm_delta delta;
    int overrun;
} rm_delta_response;

/* rm_delta_between on a clip of at most RM_OP_SHORT_FRAMES frames, sent
 * without the frames past frame_count: the runner fills those with NaN,
 * as the checks fill every clip's tail, before the code sees the clip.
 * character_frame's 120 drawn cases are clips of 49 and 121 frames: 3.6 KB
 * a case instead of 28.7 KB (issue 18: 3.4 MB a run, the largest part of
 * that check's cost). The answer is an rm_delta_response. */
#define RM_OP_SHORT_FRAMES 128

typedef struct {
    int frame_count; /* as rm_clip's; only the first RM_OP_SHORT_FRAMES frames are sent */
    float frame_time;
    int looping;
    vec3 positions[RM_OP_SHORT_FRAMES];
    quat rotations[RM_OP_SHORT_FRAMES];
    float t0, t1;
} rm_short_delta_request;

typedef struct {
    rm_character character;
    rm_delta delta;
    int pass_null_character;
    int pass_null_delta;
} rm_apply_request;

typedef struct {
    int status;
    rm_character character;
    int overrun;
} rm_apply_response;

/* A playback: step i is rm_delta_between(times[i], times[i + 1]) then
 * rm_apply onto the character, which starts at `start`. */
typedef struct {
    rm_clip clip;
    rm_character start;
    int step_count;
    float times[RM_OP_STEPS + 1];
} rm_play_request;

typedef struct {
    int delta_status[RM_OP_STEPS];
    int apply_status[RM_OP_STEPS];
    rm_delta deltas[RM_OP_STEPS];
    rm_character characters[RM_OP_STEPS]; /* after step i */
    int overrun;
} rm_play_response;

typedef struct {
    rm_clip clip;
    int pass_null;
} rm_bake_request;

typedef struct {
    int status;
    rm_clip clip;
    int overrun;
} rm_bake_response;

#endif
