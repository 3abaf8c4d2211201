/* 10 controller sync: the operations its runner offers. A request carries
 * its world (32 boxes at most, 1.3 KB) and, for a run, one bounded list of
 * frames, so a whole walk at 144 Hz is one request and one response. */
#ifndef OPS_CONTROLLER_SYNC_H
#define OPS_CONTROLLER_SYNC_H

#include "controller_sync.h"

enum { OP_CTRL_SLIDE = 1, OP_CTRL_RUN, OP_CTRL_FRAME };

/* Written into outputs before the student's code runs. */
#define CTRL_SENTINEL 8765.0f

/* 8.3 s of the real clip at 144 Hz is 1192 frames; the response (28
 * bytes a frame) stays under the protocol's 64 KiB record. */
#define CTRL_RUN_FRAMES 1500

typedef struct {
    ctrl_world world;
    ctrl_settings settings;
    vec3 start;
    vec3 motion;
    int pass_null_world;
    int pass_null_settings;
    int pass_null_out;
} ctrl_slide_request;

/* `overrun`: guard bytes around the outputs that the code changed
 * (sections/09_root_motion/guard.h); the checks fail any. */
typedef struct {
    int status;
    ctrl_slide_result result;
    int overrun;
} ctrl_slide_response;

/* Frame i calls ctrl_root_motion_frame(deltas[i], turns[i], dts[i]) on the
 * state carried over from frame i - 1 (frame 0 starts from `start`). */
typedef struct {
    ctrl_world world;
    ctrl_settings settings;
    ctrl_state start;
    int frame_count;
    float dts[CTRL_RUN_FRAMES];
    vec3 deltas[CTRL_RUN_FRAMES];
    float turns[CTRL_RUN_FRAMES];
    int pass_null_world;
    int pass_null_settings;
    int pass_null_state;
} ctrl_run_request;

typedef struct {
    int status[CTRL_RUN_FRAMES];
    ctrl_state states[CTRL_RUN_FRAMES]; /* after frame i */
    int overrun;
} ctrl_run_response;

/* One frame, the same call as a one-frame ctrl_run_request (bad input's
 * cases): 1.4 KB a case each way instead of 31 KB out and 42 KB back. */
typedef struct {
    ctrl_world world;
    ctrl_settings settings;
    ctrl_state start;
    float dt;
    vec3 delta;
    float turn;
    int pass_null_world;
    int pass_null_settings;
    int pass_null_state;
} ctrl_frame_request;

typedef struct {
    int status;
    ctrl_state state; /* after the frame */
    int overrun;
} ctrl_frame_response;

#endif
