/* replay.h - the student edition's stand-in for the reference solutions.
 *
 * The trusted checker calls the reference (solutions/<slug>/<name>.c) by
 * its real names to get expected answers. The student edition has no
 * solutions/, so each public reference function is replaced by a shim of
 * the same signature (shims.c), built two ways:
 *
 *   REPLAY_RECORD  (make classroom, instructor side) calls the real
 *                  reference, compiled with every public name prefixed by
 *                  ref_, and writes the call - its inputs, pointed-to
 *                  data included, and what came back - to the table named
 *                  by $WORKBOOK_REPLAY_RECORD;
 *   REPLAY_PLAY    (inside the export) looks the inputs up in that table,
 *                  checker/replay/visible.tsv, and hands back the recorded
 *                  outputs.
 *
 * Both builds serialise a call with the same code, so they cannot disagree
 * on what "the same inputs" means. Every field of every argument type is 4
 * bytes wide (float, int, enum), so a call is a list of 32-bit words; counts
 * are clamped to their arrays, so words past a count never matter.
 *
 * A lookup finds the exact inputs (SHA-256), else the nearest recorded call
 * of that function whose every word is the same float within 64 ulps (a
 * different compiler, libm or FMA contraction on the student's machine
 * moves the suites' own arithmetic by a few ulps; two cases of a check are
 * never that close: the suites' nearest boundary cases are 1e-4 apart).
 * A miss - inputs the reference never saw for the visible seed, e.g. a
 * diagnosis probing with the student's own numbers - returns zeros and,
 * when the check has not already failed, turns the check into one sentence:
 * not available in the student edition, the instructor's grading checks it.
 */
#ifndef CHECKER_REPLAY_H
#define CHECKER_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "sha256.h"

#define REPLAY_MAX_OUTS 6
#define REPLAY_MAX_WORDS 8192

typedef struct {
    const char *fn;
    uint32_t words[REPLAY_MAX_WORDS]; /* the inputs, large arrays as blob references */
    size_t count;
    int overflow;
    void *out[REPLAY_MAX_OUTS];
    size_t out_size[REPLAY_MAX_OUTS];
    int outs;
} replay_call;

void replay_begin(replay_call *c, const char *fn);
/* an input: `n` 32-bit words at p (NULL: recorded as absent) */
void replay_in(replay_call *c, const void *p, size_t bytes);
/* a flag or count, as one word */
void replay_word(replay_call *c, uint32_t w);
/* an output region the function writes (NULL: none); in-out regions are
 * given to both replay_in (before the call) and replay_out */
void replay_out(replay_call *c, void *p, size_t bytes);
/* REPLAY_RECORD: after the real call, writes the call to the table.
 * REPLAY_PLAY: fills the outputs from the table; zeros on a miss.
 * Returns 1 on a hit (always 1 when recording). */
int replay_end(replay_call *c);

/* The student edition's numbers, for the driver and the tests. */
typedef struct {
    unsigned long hits_exact, hits_near, misses;
} replay_stats;
replay_stats replay_counts(void);

#endif
