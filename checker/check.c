/* check.c - the trusted side's process boundary and failure records. */
#define _GNU_SOURCE
#include "check.h"
#include "messages.h"
#include "os.h"
#include "protocol.h"
#include "spawn.h"
#include "text.h"

#include <CUnit/TestRun.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

check_env CHECK_ENV = {.root = ".", .seed = 1, .timeout_ms = 2000, .sandbox = 1};
char CHECK_NOTES[1024];
check_record CHECK_RECORD;

const char *outcome_id(check_outcome o)
{
    static const char *const IDS[] = {"passed", "wrong", "crashed", "timed_out", "exited",
                                      "garbage", "flooded", "not_started", "no_compile", "missing"};
    return (o >= 0 && o <= OUTCOME_MISSING) ? IDS[o] : "?";
}

/* Enough for the head of an AddressSanitizer report (MEMCHECK=1). */
#define OUTPUT_KEEP 1500
#define OUTPUT_LIMIT (1u << 20)

static void record(check_outcome outcome, diagnosis diag, const char *text)
{
    if (CHECK_RECORD.failed)
        return; /* the first failure is the one worth reading */
    CHECK_RECORD.failed = 1;
    CHECK_RECORD.outcome = outcome;
    CHECK_RECORD.diag = diag;
    /* The student's bytes in `text` were made safe where they came in;
     * copied as safe text again, a text cut at its buffer's end (by
     * snprintf, anywhere) loses a whole character, not half of one. */
    text_safe(CHECK_RECORD.text, sizeof CHECK_RECORD.text, text, strlen(text), TEXT_LINES | TEXT_CUT, NULL);
}

static const char *signal_words(int sig)
{
    switch (sig) {
    case SIGSEGV: return msg(MSG_SIG_SEGV);
    case SIGBUS: return msg(MSG_SIG_BUS);
    case SIGFPE: return msg(MSG_SIG_FPE);
    case SIGABRT: return msg(MSG_SIG_ABRT);
    case SIGXCPU: return msg(MSG_SIG_XCPU);
    case SIGKILL: return msg(MSG_SIG_KILL);
    case SIGSYS: return msg(MSG_SIG_SYS);
    case SIGXFSZ: return msg(MSG_SIG_XFSZ);
    default: return fmt(msg(MSG_SIG_OTHER), sig);
    }
}

/* Turns the head of an AddressSanitizer or UBSan report into one line:
 * what went wrong, in which function, at which line of the student's
 * file. Returns 0 when the output holds no such report. */
static int memcheck_summary(const char *output, char *out, size_t size)
{
    const char *asan = strstr(output, "ERROR: AddressSanitizer: ");
    if (asan) {
        char kind[96] = "", function[96] = "", file[256] = "";
        int line = 0;
        sscanf(asan + strlen("ERROR: AddressSanitizer: "), "%95[a-zA-Z-]", kind);
        /* the first frame inside a graded file (stage/<slug>/<name>.c) */
        for (const char *p = strstr(asan, "    #"); p; p = strstr(p + 1, "    #")) {
            const char *in = strstr(p, " in ");
            const char *eol = strchr(p, '\n');
            if (!in || (eol && in > eol))
                continue;
            char path[512] = "";
            if (sscanf(in + 4, "%95s %511[^:\n]:%d", function, path, &line) == 3 && strstr(path, "/stage/")) {
                const char *base = strrchr(path, '/');
                snprintf(file, sizeof file, "%s", base ? base + 1 : path);
                break;
            }
            line = 0;
        }
        if (file[0])
            snprintf(out, size, msg(MSG_MEMCHECK), kind, function, file, line);
        else
            snprintf(out, size, msg(MSG_MEMCHECK_UNPLACED), kind);
        return 1;
    }
    const char *ub = strstr(output, ": runtime error: ");
    if (ub) {
        /* "<path>/<file>.c:<line>:<col>: runtime error: <what>" */
        const char *start = ub;
        while (start > output && start[-1] != '\n')
            start--;
        char path[512] = "", what[160] = "", file[256] = "";
        int line = 0;
        if (sscanf(start, "%511[^:]:%d", path, &line) == 2) {
            const char *base = strrchr(path, '/');
            snprintf(file, sizeof file, "%s", base ? base + 1 : path);
        }
        sscanf(ub + strlen(": runtime error: "), "%159[^\n]", what);
        snprintf(out, size, msg(MSG_MEMCHECK), what, "-", file, line);
        return 1;
    }
    return 0;
}

static spawn_proc *g_runner;
static const char *g_runner_path;

void check_runner_stop(void)
{
    spawn_stop(g_runner);
    g_runner = NULL;
    g_runner_path = NULL;
}

/* The wall time this call may take: its own limit, cut to whatever is left
 * of the section's and the submission's budgets. Returns 0 (and records
 * why) when nothing is left: a submission that spins, sleeps or hangs in
 * every check costs its budget, not a timeout per check. */
static int time_for_call(int *timeout_ms)
{
    double now = os_clock(), left = CHECK_ENV.timeout_ms / 1000.0;
    int cut_by = 0; /* 1 the section's budget, 2 the submission's */
    if (CHECK_ENV.section_deadline > 0 && CHECK_ENV.section_deadline - now < left) {
        left = CHECK_ENV.section_deadline - now;
        cut_by = 1;
    }
    if (CHECK_ENV.submission_deadline > 0 && CHECK_ENV.submission_deadline - now < left) {
        left = CHECK_ENV.submission_deadline - now;
        cut_by = 2;
    }
    if (left >= 0.005) {
        *timeout_ms = (int)(left * 1000.0);
        return 1;
    }
    char text[1024];
    if (cut_by == 2)
        snprintf(text, sizeof text, msg(MSG_BUDGET_SUBMISSION_USED), CHECK_ENV.submission_budget);
    else
        snprintf(text, sizeof text, msg(MSG_BUDGET_SECTION_USED), CHECK_ENV.section_budget);
    record(OUTCOME_TIMED_OUT, DIAG_NONE, text);
    if (CU_get_current_test())
        CU_FAIL("time budget used up");
    return 0;
}

/* The section's runner, started when there is none alive (one runner
 * serves the section's checks one batch after another; after a crash,
 * hang or exit the next check gets a fresh one). */
static void ensure_runner(int timeout_ms)
{
    if (spawn_alive(g_runner) && g_runner_path == CHECK_ENV.runner_path)
        return;
    check_runner_stop();
    static const char *argv[2];
    argv[0] = CHECK_ENV.runner_path;
    spawn_request rq = {
        .argv = argv,
        .results_wanted = 1, /* open the answer channel */
        .timeout_ms = timeout_ms,
        .output_keep = OUTPUT_KEEP,
        .output_limit = OUTPUT_LIMIT,
        /* CPU for the whole section; each batch has its wall clock */
        .cpu_seconds = (int)CHECK_ENV.section_budget + 2,
        /* 1 GiB: far more than any section needs, far less than a 4 GiB grab */
        .address_space = CHECK_ENV.sandbox ? (size_t)1 << 30 : 0,
        .sandbox = CHECK_ENV.sandbox,
    };
    g_runner = spawn_start(&rq);
    g_runner_path = CHECK_ENV.runner_path;
}

/* Sends one batch (header and requests) and waits for its answers. */
static void exchange_batch(uint32_t op, const void *requests, size_t request_size, size_t count, size_t frame_size,
                           int timeout_ms, spawn_result *rs)
{
    size_t input_size = sizeof(proto_batch_header) + request_size * count;
    char *input = malloc(input_size);
    proto_batch_header header = {PROTO_REQUEST_MAGIC, op, (uint32_t)count, (uint32_t)request_size};
    memcpy(input, &header, sizeof header);
    memcpy(input + sizeof header, requests, request_size * count);
    ensure_runner(timeout_ms);
    spawn_set_timeout(g_runner, timeout_ms);
    spawn_exchange(g_runner, input, input_size, frame_size * count, rs);
    free(input);
}

/* Accepts answers frame by frame into `responses`; stops at the first
 * malformed one (*malformed set). Returns how many were good. */
static size_t accept_frames(const spawn_result *rs, size_t count, void *responses, size_t response_size,
                            int *malformed)
{
    size_t frame_size = sizeof(proto_frame_header) + response_size, good = 0;
    *malformed = 0;
    for (; good < count; good++) {
        size_t at = good * frame_size;
        if (at + frame_size > rs->results_size)
            break;
        proto_frame_header frame;
        memcpy(&frame, rs->results + at, sizeof frame);
        if (frame.magic != PROTO_RESPONSE_MAGIC || frame.index != good || frame.size != response_size) {
            *malformed = 1;
            break;
        }
        memcpy((char *)responses + good * response_size, rs->results + at + sizeof frame, response_size);
    }
    return good;
}

/* Every answer came back: what the code printed is kept for a wrong
 * answer's message (printf is how students debug). As safe text (text.h):
 * these bytes reach results.json, junit.xml and terminals, and the
 * 600-byte cut must not split a letter. */
static void keep_printed(const spawn_result *rs)
{
    size_t room = sizeof CHECK_RECORD.printed - CHECK_RECORD.printed_size;
    CHECK_RECORD.printed_size +=
        text_safe(CHECK_RECORD.printed + CHECK_RECORD.printed_size, room, rs->output ? rs->output : "",
                  rs->output_size, TEXT_LINES | (rs->output_total > rs->output_size ? TEXT_CUT : 0), NULL);
}

/* Why the runner did not answer every case, in words. */
static check_outcome runner_failure(const spawn_result *rs, int malformed, int timeout_ms, char *what, size_t size)
{
    if (rs->end == SPAWN_TIMED_OUT) {
        snprintf(what, size, msg(MSG_TIMED_OUT), timeout_ms / 1000.0);
        return OUTCOME_TIMED_OUT;
    }
    if (rs->end == SPAWN_SIGNALED) {
        snprintf(what, size, msg(MSG_CRASHED), signal_words(rs->signal));
        return OUTCOME_CRASHED;
    }
    if (rs->end == SPAWN_OUTPUT_FLOOD) {
        snprintf(what, size, msg(MSG_FLOODED), OUTPUT_LIMIT);
        return OUTCOME_FLOODED;
    }
    if (rs->end == SPAWN_FAILED) {
        snprintf(what, size, msg(MSG_NOT_STARTED), CHECK_ENV.runner_path);
        return OUTCOME_NOT_STARTED;
    }
    if (malformed) {
        snprintf(what, size, "%s", msg(MSG_GARBAGE));
        return OUTCOME_GARBAGE;
    }
    snprintf(what, size, msg(MSG_EXITED), rs->exit_code);
    return OUTCOME_EXITED;
}

/* Records why the batch failed: the outcome, the case it stopped at (as
 * `describe` words it) and what the code printed, and fails the check. */
static void record_runner_failure(const spawn_result *rs, int malformed, int timeout_ms, const void *requests,
                                  size_t request_size, size_t good, size_t count, describe_fn describe)
{
    char given[2048] = ""; /* 07's case is long; the text below has room */
    if (describe && good < count)
        describe((const char *)requests + good * request_size, given, sizeof given);
    char what[1200];
    check_outcome outcome = runner_failure(rs, malformed, timeout_ms, what, sizeof what);
    /* What it printed, as safe text (see keep_printed), for the message and
     * for reading a sanitizer's report out of it. An escape is at most 4
     * bytes for each byte it shows. */
    char shown[4 * OUTPUT_KEEP + 1];
    text_safe(shown, sizeof shown, rs->output ? rs->output : "", rs->output_size,
              TEXT_LINES | (rs->output_total > rs->output_size ? TEXT_CUT : 0), NULL);
    char summary[600];
    if (memcheck_summary(shown, summary, sizeof summary))
        snprintf(what, sizeof what, "%s", summary + 2); /* the sanitizer's verdict says more than the exit */
    char text[4096];
    int n = snprintf(text, sizeof text, msg(MSG_AT_CASE), what, good + 1, count);
    if (given[0])
        n += snprintf(text + n, sizeof text - (size_t)n, ": %s", given);
    if (rs->output_size > 0)
        snprintf(text + n, sizeof text - (size_t)n, msg(MSG_PRINTED), rs->output_size, shown);
    record(outcome, DIAG_NONE, text);
    if (CU_get_current_test()) /* a figure drawn after the checks is no test */
        CU_FAIL("runner did not answer every case");
}

int check_call(uint32_t op, const void *requests, size_t request_size, size_t count,
               void *responses, size_t response_size, describe_fn describe)
{
    int timeout_ms = 0;
    if (!time_for_call(&timeout_ms))
        return 0;
    spawn_result rs;
    exchange_batch(op, requests, request_size, count, sizeof(proto_frame_header) + response_size, timeout_ms, &rs);
    int malformed;
    size_t good = accept_frames(&rs, count, responses, response_size, &malformed);
    if (good == count)
        keep_printed(&rs);
    else
        record_runner_failure(&rs, malformed, timeout_ms, requests, request_size, good, count, describe);
    spawn_result_free(&rs);
    return good == count;
}

bvh_error check_bvh_load(const char *path, bvh_file *out)
{
    static char kept_path[4096];
    static bvh_file kept;
    static bvh_error kept_error; /* what that load said: no failure */
    static int have;
    if (!have || strcmp(kept_path, path) != 0) {
        bvh_file fresh;
        bvh_error e = bvh_load(path, &fresh);
        if (e.failed || strlen(path) >= sizeof kept_path) {
            *out = fresh;
            return e;
        }
        if (have)
            bvh_free(&kept);
        kept = fresh;
        kept_error = e;
        snprintf(kept_path, sizeof kept_path, "%s", path);
        have = 1;
    }
    size_t values = (size_t)kept.motion.frame_count * (size_t)kept.motion.channel_count;
    *out = kept;
    out->motion.values = malloc(values * sizeof *kept.motion.values);
    if (!out->motion.values) /* as bvh_load would: parse it afresh */
        return bvh_load(path, out);
    memcpy(out->motion.values, kept.motion.values, values * sizeof *kept.motion.values);
    return kept_error;
}

int check_no_overrun(const int *first, size_t stride, int n, const char *function)
{
    for (int k = 0; k < n; k++) {
        const int overrun = *(const int *)(const void *)((const char *)first + (size_t)k * stride);
        if (overrun != 0) {
            check_fail(DIAG_NONE, fmt(T(MSG_OVERRUN_GIVEN), function, k + 1, n), T(MSG_NO_OVERRUN),
                       fmt(T(MSG_OVERRUN_GOT), overrun));
            return 0;
        }
    }
    return 1;
}

void check_fail(diagnosis diag, const char *given, const char *expected, const char *got)
{
    char text[4096];
    int n = 0;
    if (given)
        n += snprintf(text + n, sizeof text - (size_t)n, msg(MSG_GIVEN), given);
    if (expected)
        n += snprintf(text + n, sizeof text - (size_t)n, msg(MSG_EXPECTED), expected);
    if (got)
        n += snprintf(text + n, sizeof text - (size_t)n, msg(MSG_GOT), got);
    if (diag != DIAG_NONE)
        n += snprintf(text + n, sizeof text - (size_t)n, msg(MSG_DIAGNOSIS), diagnosis_id(diag), diagnosis_advice(diag));
    if (CHECK_RECORD.printed_size > 0 && n >= 0 && (size_t)n < sizeof text) {
        if (n > 0 && text[n - 1] == '\n')
            n--;
        n += snprintf(text + n, sizeof text - (size_t)n, msg(MSG_PRINTED), CHECK_RECORD.printed_size,
                      CHECK_RECORD.printed);
    }
    if (n > (int)sizeof text - 1)
        n = (int)sizeof text - 1;
    if (n > 0 && text[n - 1] == '\n')
        text[n - 1] = '\0';
    record(OUTCOME_WRONG, diag, text);
    if (CU_get_current_test())
        CU_FAIL("wrong answer");
}

/* Thai takes 3 bytes a letter in UTF-8: 1 KiB holds a long sentence. */
#define FMT_SLOTS 16
#define FMT_SIZE 1024
static char *fmt_slot(void)
{
    static char slots[FMT_SLOTS][FMT_SIZE];
    static int next;
    next = (next + 1) % FMT_SLOTS;
    return slots[next];
}

const char *fmt(const char *format, ...)
{
    char *out = fmt_slot();
    va_list ap;
    va_start(ap, format);
    vsnprintf(out, FMT_SIZE, format, ap);
    va_end(ap);
    return out;
}

/* Four decimals, as a student reads metres; a part too small for them
 * (below 5e-5, not 0) in three significant digits instead, so a value
 * that decides a case (a target 1e-5 from a bone) is never shown as
 * 0.0000. One fmt slot a vector, as before: callers format several in
 * one message. */
static void fmt_part(char *out, size_t size, float x)
{
    snprintf(out, size, x != 0.0f && fabsf(x) < 5e-5f ? "%.3g" : "%.4f", x);
}

const char *fmt_v3(vec3 v)
{
    char x[48], y[48], z[48];
    fmt_part(x, sizeof x, v.x);
    fmt_part(y, sizeof y, v.y);
    fmt_part(z, sizeof z, v.z);
    return fmt("(%s, %s, %s)", x, y, z);
}

const char *fmt_deg(float radians)
{
    if (radians != radians)
        return "NaN";
    return fmt("%.2f° (%.5f rad)", radians * IK_RAD_TO_DEG, radians);
}

/* splitmix64: tiny, good enough for test cases, identical everywhere. */
static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

rng rng_for(const char *stream_name)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a of the name, mixed with the seed */
    for (const char *p = stream_name; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    rng r = {h ^ (CHECK_ENV.seed * 0x9E3779B97F4A7C15ull)};
    rng_next(&r);
    return r;
}

rng check_rng(void)
{
    CU_pTest test = CU_get_current_test();
    return rng_for(test && test->pName ? test->pName : "");
}

float rng_float(rng *r, float lo, float hi)
{
    double unit = (double)(rng_next(r) >> 11) / 9007199254740992.0; /* [0, 1) */
    return (float)(lo + (hi - lo) * unit);
}

vec3 rng_v3(rng *r, float lo, float hi)
{
    float x = rng_float(r, lo, hi), y = rng_float(r, lo, hi), z = rng_float(r, lo, hi);
    return v3(x, y, z);
}

vec3 rng_unit_v3(rng *r)
{
    for (;;) {
        vec3 v = rng_v3(r, -1.0f, 1.0f);
        float len_sq = v3_length_sq(v);
        if (len_sq > 0.01f && len_sq <= 1.0f)
            return v3_scale(v, 1.0f / sqrtf(len_sq));
    }
}

quat rng_quat(rng *r)
{
    vec3 axis = rng_unit_v3(r);
    return quat_from_axis_angle(axis, rng_float(r, -IK_PI, IK_PI));
}
