/* live_glue.h - what every live figure's glue shares (chapters/live/).
 *
 * The page's Worker writes a request's numbers into live_in(), calls
 * live_run(op) and reads the answer from live_out(): plain float arrays, so
 * one small Worker serves every section and no struct layout crosses into
 * JavaScript. The glue is trusted (it is the workbook's); the section file
 * linked with it is the student's, compiled for wasm32.
 */
#ifndef LIVE_GLUE_H
#define LIVE_GLUE_H

#include "ikmath.h"

/* The names the Worker calls; a native compile (an editor's) just sees C. */
#ifdef __wasm__
#define LIVE_EXPORT(name) __attribute__((export_name(name)))
#else
#define LIVE_EXPORT(name)
#endif

#define LIVE_IN_FLOATS 256
/* 4096: 09 sends the clip's path and the character's, 10 its walk; the
 * page asks for only as many floats as its figure reads. */
#define LIVE_OUT_FLOATS 4096

/* Static, not malloc'd: a student's heap bug can then only reach them, not
 * the pointers the Worker was told about. */
static float live_in_buf[LIVE_IN_FLOATS];
static float live_out_buf[LIVE_OUT_FLOATS];

LIVE_EXPORT("live_in") float *live_in(void) { return live_in_buf; }
LIVE_EXPORT("live_out") float *live_out(void) { return live_out_buf; }

/* Each glue defines this: read live_in_buf, call the section, fill
 * live_out_buf; the return value goes to the page as it is. */
LIVE_EXPORT("live_run") int live_run(int op);

static inline vec3 live_v3(int at) { return v3(live_in_buf[at], live_in_buf[at + 1], live_in_buf[at + 2]); }

static inline void live_put(int at, vec3 v)
{
    live_out_buf[at] = v.x;
    live_out_buf[at + 1] = v.y;
    live_out_buf[at + 2] = v.z;
}

static inline quat live_q4(int at)
{
    return q4(live_in_buf[at], live_in_buf[at + 1], live_in_buf[at + 2], live_in_buf[at + 3]);
}

static inline void live_put_q(int at, quat q)
{
    live_out_buf[at] = q.x;
    live_out_buf[at + 1] = q.y;
    live_out_buf[at + 2] = q.z;
    live_out_buf[at + 3] = q.w;
}

/* A count the page sent, kept within lo..hi (the page keeps it there; the
 * bound only keeps the glue's loops in its buffers). */
static inline int live_count(int at, int lo, int hi)
{
    float f = live_in_buf[at];
    int n = f >= (float)lo && f <= (float)hi ? (int)f : lo;
    return n;
}

/* The answer starts as NaN everywhere, so what the section never wrote
 * shows as "not written" rather than as last call's numbers. */
static inline void live_clear_out(void)
{
    for (int i = 0; i < LIVE_OUT_FLOATS; i++)
        live_out_buf[i] = __builtin_nanf("");
}

#endif /* LIVE_GLUE_H */
