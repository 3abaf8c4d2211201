/* protocol.h - how the trusted checker talks to a runner process.
 *
 * Student code is untrusted: it is compiled into a separate "runner"
 * executable and never linked into the process that decides the score.
 * The checker writes one batch of fixed-size requests to the runner's
 * stdin; the runner answers each with a framed response on file
 * descriptor 3. Anything the student's code prints goes to stdout/stderr,
 * which the checker only shows back as a hint, never parses.
 *
 * Requests and responses are plain structs from each section's ops.h
 * (checker/sections/<slug>/ops.h), copied as bytes: both sides are built
 * by the same compiler from the same headers. The checker still validates
 * every frame (magic, index, size) because the runner may be broken or
 * hostile.
 */
#ifndef CHECKER_PROTOCOL_H
#define CHECKER_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#define PROTO_REQUEST_MAGIC 0x51524B49u  /* "IKRQ" */
#define PROTO_RESPONSE_MAGIC 0x53524B49u /* "IKRS" */
#define PROTO_RESULT_FD 3
/* One byte written here after the last answer of each batch: a wake-up
 * call, nothing more. The checker then reads the batch's answers from fd 3
 * in one go instead of waking for each of them (a submission's checks are
 * ~30 000 answers, and each wake-up was a context switch on both sides).
 * The byte decides nothing: the answers are read and checked from fd 3
 * exactly as before, and a runner that never writes it (crashed, hung,
 * hostile) is waited for as before (spawn.c). */
#define PROTO_DONE_FD 4
#define PROTO_MAX_BATCH 100000u
#define PROTO_MAX_RECORD (64u * 1024u)

typedef struct {
    uint32_t magic;
    uint32_t op;
    uint32_t count;
    uint32_t request_size;
} proto_batch_header;

typedef struct {
    uint32_t magic;
    uint32_t index;
    uint32_t size;
} proto_frame_header;

/* One operation a section's runner offers: the checker asks for it by id.
 * `call` unpacks the request, calls the student's function(s) and packs the
 * response; it runs inside the runner only. */
typedef struct {
    uint32_t op;
    size_t request_size;
    size_t response_size;
    void (*call)(const void *request, void *response);
} runner_op;

/* Each section's ops.c defines these two (the runner links exactly one). */
extern const runner_op RUNNER_OPS[];
extern const size_t RUNNER_OP_COUNT;

#endif /* CHECKER_PROTOCOL_H */
