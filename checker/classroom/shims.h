/* shims.h - what every section's replay shims share
 * (checker/sections/<slug>/shims.c, one shim per public reference function:
 * the same signature, the inputs and pointed-to data serialised, the
 * outputs recorded (REPLAY_RECORD, calling the real reference as
 * ref_<name>) or replayed (REPLAY_PLAY); replay.h). Counts are clamped to
 * their arrays, so a bad count (the suites probe with them) reads nothing
 * past an array.
 *
 * A shim file includes shims_begin.h, its section's header, then this:
 * while recording, the header is read with every public name renamed
 * ref_<name> (the real reference's), and the names are given back here for
 * the shims to take. */
#ifndef CHECKER_CLASSROOM_SHIMS_H
#define CHECKER_CLASSROOM_SHIMS_H

#ifdef REPLAY_RECORD
#include "ref_unnames.h" /* generated (classroom.mk): #undef of every public name */
/* the real call, made only while recording */
#define REF(call) ref_##call
#define DO_CALL(r, expr) ((r) = (expr))
#else
#define DO_CALL(r, expr) ((void)0)
#endif

#include "replay.h"

#include <string.h>

/* The shims are the public functions: while recording, the header's
 * prototypes are under ref_ names. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#endif

static inline int clamp_count(int n, int max) { return n < 0 ? 0 : n > max ? max : n; }

#define IN(c, p) replay_in((c), (p), (p) ? sizeof *(p) : 0)
#define IN_VALUE(c, v) replay_in((c), &(v), sizeof(v))
#define OUT(c, p) replay_out((c), (p), (p) ? sizeof *(p) : 0)

/* A function of a few values returning one: all of 02, and the like. */
#define VALUE_RESULT(type, c, expr)                                                                        \
    do {                                                                                                   \
        type r_;                                                                                           \
        memset(&r_, 0, sizeof r_);                                                                         \
        replay_out((c), &r_, sizeof r_);                                                                   \
        DO_CALL(r_, expr);                                                                                 \
        replay_end(c);                                                                                     \
        return r_;                                                                                         \
    } while (0)

#endif
