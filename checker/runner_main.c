/* runner_main.c - the main() of every runner process.
 *
 * Reads batches from stdin, calls the student's function once per request
 * and writes one framed response per request to fd 3, each at once, so
 * that if request 17 crashes the checker still holds the answers to 0..16
 * and can say which case killed the runner.
 */
#include "protocol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int read_exact(void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t got = read(STDIN_FILENO, p, n);
        if (got <= 0)
            return 0;
        p += got;
        n -= (size_t)got;
    }
    return 1;
}

static int write_exact(const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t put = write(PROTO_RESULT_FD, p, n);
        if (put <= 0)
            return 0;
        p += put;
        n -= (size_t)put;
    }
    return 1;
}

int main(void)
{
    /* The student's printf goes out at once: on a pipe stdout would be
     * fully buffered, so what a check printed would reach the checker a
     * check late, in pieces, or never (lost when a crash ends the runner). */
    setvbuf(stdout, NULL, _IONBF, 0);
    /* One batch after another until the checker closes stdin: one runner
     * serves every check of a section. */
    proto_batch_header header;
    while (read_exact(&header, sizeof header)) {
        if (header.magic != PROTO_REQUEST_MAGIC || header.count > PROTO_MAX_BATCH)
            return 90;

        const runner_op *op = NULL;
        for (size_t i = 0; i < RUNNER_OP_COUNT; i++)
            if (RUNNER_OPS[i].op == header.op)
                op = &RUNNER_OPS[i];
        if (!op || op->request_size != header.request_size || op->response_size > PROTO_MAX_RECORD)
            return 91;

        void *request = malloc(op->request_size);
        void *response = malloc(op->response_size);
        if (!request || !response)
            return 92;

        for (uint32_t i = 0; i < header.count; i++) {
            if (!read_exact(request, op->request_size))
                return 93;
            memset(response, 0, op->response_size);
            op->call(request, response);
            proto_frame_header frame = {PROTO_RESPONSE_MAGIC, i, (uint32_t)op->response_size};
            if (!write_exact(&frame, sizeof frame) || !write_exact(response, op->response_size))
                return 94;
        }
        free(request);
        free(response);
    }
    return 0;
}
