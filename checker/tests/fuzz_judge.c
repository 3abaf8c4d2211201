/* fuzz_judge.c - libFuzzer over the judge: each section's checks reading
 * answers a hostile runner could send (make fuzz, make test-fuzz).
 *
 * The checker trusts nothing that comes back over the pipe, so every field
 * of every answer - counts, indices, statuses, sizes - must be checked
 * against the request before the suite uses it. This harness puts the
 * suites to that test without a runner process: one binary per section
 * links the section's trusted suite, check.c, the reference solutions and
 * the section's runner ops (checker/sections/<slug>/ops.c), and replaces
 * check_call() with one that
 *   1. computes the REAL answers in process, through RUNNER_OPS[].call on
 *      each request, as the runner does with the reference linked in
 *      (once per distinct batch, then copied: real_answers);
 *   2. overwrites bytes of them as the fuzz input says (the answers a
 *      broken or hostile submission could write into its frames), or has
 *      the call fail like a crashed runner;
 *   3. hands them to the suite, which compares them as it always does.
 * AddressSanitizer and UBSan stop the run at the first read past an
 * array, signed overflow or bad shift the judge makes on such an answer.
 *
 * The seam: check.c is compiled with -Dcheck_call=check_call_process, so
 * its own check_call (the pipe to a runner) keeps its code and gives up
 * its name to the one below; check_fail, fmt, the rng and the record are
 * check.c's own. Nothing in check.c changes for the fuzz build.
 *
 * Input: byte 0 picks the check (one more than the section has for 05 and
 * 06: their convergence figure), byte 1 the seed (1..4) and the language,
 * then 12-byte mutation records:
 *     u8 call    which check_call of this check it applies to (0..7)
 *     u8 kind    what it does (MUT_* below)
 *     u16 spare  a second operand for some kinds
 *     u32 where  byte offset into that call's answers (mod their size);
 *                for MUT_COUNT the answer (mod their number)
 *     u32 value  the operand
 * A run in which no record touched an answer must pass its check: the
 * real answers are right, so a failure there is a harness or suite bug
 * (the harness aborts to say so).
 *
 * Built by checker/tests/fuzz.mk; FUZZ_SUITE names the section's suite
 * (CCD for 05_ccd), FUZZ_FIGURE its figure when it has one.
 */
#define _GNU_SOURCE /* mkdtemp */
#include "check.h"
#include "diagnosis.h"
#include "messages.h"
#include "protocol.h"
#include "sections.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FUZZ_SUITE
#error "build with -DFUZZ_SUITE=<the section's DEFINE_SUITE name> (see checker/tests/fuzz.mk)"
#endif
#define FUZZ_CAT(a, b) a##b
#define FUZZ_XCAT(a, b) FUZZ_CAT(a, b)
#define FUZZ_CHECKS FUZZ_XCAT(FUZZ_SUITE, _CHECKS)

/* check.c's own check_call, renamed by the build (never called here). */
int check_call_process(uint32_t op, const void *requests, size_t request_size, size_t count, void *responses,
                       size_t response_size, describe_fn describe);

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    MUT_BYTE,        /* answers[where] = value & 0xff */
    MUT_WORD,        /* the aligned 4 bytes at where = value */
    MUT_INT,         /* the aligned int at where = INTERESTING_INTS[value] */
    MUT_FLOAT,       /* the aligned float at where = interesting_float(value) */
    MUT_NUDGE,       /* the aligned float at where moved (int8)value ulps */
    MUT_COPY,        /* the aligned 4 bytes at where = those at spare * 4 */
    MUT_FILL,        /* spare bytes from where = value & 0xff */
    MUT_FAIL,        /* the call fails, as when the runner crashed */
    MUT_PRINTED,     /* the 4 bytes of value join what the student printed */
    MUT_COUNT,       /* in answer where % count, the spare-th non-zero small int = INTERESTING_INTS[value] */
    MUT_COUNT0,      /* the same, zeros included (a status 0, an index 0) */
    MUT_KINDS
};
_Static_assert(MUT_COUNT == 9, "fuzz.mk's seed records name MUT_COUNT as kind 9");

/* Counts, indices and statuses are small integers in a real answer, and a
 * float's bits almost never are (they would be a denormal): MUT_COUNT
 * finds those fields without knowing the layout. A record at a blind
 * offset breaks the 05 answer's joint_count about once in 1300; MUT_COUNT
 * picks it one time in 3 (returned, joint_count, passes). */
#define INT_LIKE_LIMIT 100000

/* Counts and indices at and just past every limit a suite knows of, and
 * the values that break arithmetic on them. */
static const int32_t INTERESTING_INTS[] = {
    0, 1, -1, 2, -2, -3, 3, 4, 5, 7, 31, 32, 33, 63, 64, 65, 100, 119, 120, 121, 127, 128, 129, 199, 200, 201,
    255, 256, 257, 1023, 1024, 1025, 1499, 1500, 1501, 1599, 1600, 1601, 4242, 65535, 65536, 0x40000000,
    0x3fffffff, 0x7fffffff, -0x7fffffff - 1, -0x40000000, 77, -77, 12345, 100000, 100001,
};
#define INTERESTING_INT_COUNT (sizeof INTERESTING_INTS / sizeof INTERESTING_INTS[0])

static float interesting_float(uint32_t k)
{
    static const float FLOATS[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 1e-6f, 1e-30f, 1.4e-45f, 1e18f, 1.1e18f,
                                   3.4e38f, -3.4e38f, 4242.0f, 4321.0f, 8765.0f, 12345.0f, 777.0f, -12345.0f,
                                   3.14159265f, -3.14159265f, 1e-5f, 1e-4f};
    const uint32_t n = sizeof FLOATS / sizeof FLOATS[0];
    k %= n + 3;
    return k < n ? FLOATS[k] : k == n ? NAN : k == n + 1 ? INFINITY : -INFINITY;
}

typedef struct {
    uint8_t call, kind;
    uint16_t spare;
    uint32_t where, value;
} mutation;

#define MAX_MUTATIONS 64
static mutation g_mut[MAX_MUTATIONS];
static size_t g_mut_count;
static unsigned g_call;      /* check_calls so far in this check */
static int g_touched;        /* a record applied to an answer (or failed a call) */

/* ---- the seam: check_call with real answers, then the input's ---------- */

static const runner_op *find_op(uint32_t op)
{
    for (size_t i = 0; i < RUNNER_OP_COUNT; i++)
        if (RUNNER_OPS[i].op == op)
            return &RUNNER_OPS[i];
    return NULL;
}

/* A trusted-side mistake (the suite asked for something no runner could
 * answer): not a student's failure, so the harness stops on it. */
static void judge_bug(const char *what, uint32_t op)
{
    fprintf(stderr, "fuzz_judge: the suite's call of op %u: %s\n", op, what);
    abort();
}

static int int_like(const unsigned char *p, int with_zero)
{
    int32_t v;
    memcpy(&v, p, 4);
    return (v != 0 || with_zero) && v >= -INT_LIKE_LIMIT && v <= INT_LIKE_LIMIT;
}

/* The k-th (mod their number) int-like word of one answer; NULL if none. */
static unsigned char *int_like_word(unsigned char *answer, size_t size, size_t k, int with_zero)
{
    size_t n = 0;
    for (size_t w = 0; w + 4 <= size; w += 4)
        n += (size_t)int_like(answer + w, with_zero);
    if (n == 0)
        return NULL;
    k %= n;
    for (size_t w = 0; w + 4 <= size; w += 4)
        if (int_like(answer + w, with_zero) && k-- == 0)
            return answer + w;
    return NULL;
}

static void apply(const mutation *m, unsigned char *answers, size_t count, size_t size)
{
    const size_t total = count * size;
    if (m->kind % MUT_KINDS == MUT_COUNT || m->kind % MUT_KINDS == MUT_COUNT0) {
        unsigned char *p = int_like_word(answers + (m->where % count) * size, size, m->spare,
                                         m->kind % MUT_KINDS == MUT_COUNT0);
        int32_t v = INTERESTING_INTS[m->value % INTERESTING_INT_COUNT];
        if (p)
            memcpy(p, &v, 4);
        return;
    }
    size_t at = m->where % total;
    size_t word = at & ~(size_t)3; /* every answer field is 4-byte aligned */
    if (word + 4 > total)
        word = 0;
    uint32_t bits;
    float f;
    int32_t i;
    switch (m->kind % MUT_KINDS) {
    case MUT_BYTE: answers[at] = (unsigned char)m->value; break;
    case MUT_WORD: memcpy(answers + word, &m->value, 4); break;
    case MUT_INT:
        i = INTERESTING_INTS[m->value % INTERESTING_INT_COUNT];
        memcpy(answers + word, &i, 4);
        break;
    case MUT_FLOAT:
        f = interesting_float(m->value);
        memcpy(answers + word, &f, 4);
        break;
    case MUT_NUDGE:
        memcpy(&bits, answers + word, 4);
        bits += (uint32_t)(int32_t)(int8_t)m->value; /* wraps: any bit pattern is a float */
        memcpy(answers + word, &bits, 4);
        break;
    case MUT_COPY: {
        size_t from = ((size_t)m->spare * 4) % total;
        if (from + 4 > total)
            from = 0;
        memmove(answers + word, answers + from, 4);
        break;
    }
    case MUT_FILL: {
        size_t n = m->spare % 256;
        if (n > total - at)
            n = total - at;
        memset(answers + at, (int)(m->value & 0xff), n);
        break;
    }
    default: break; /* MUT_FAIL and MUT_PRINTED act on the call, not the answers */
    }
}

/* The real answers to a batch, as the runner gives them (runner_main.c:
 * each answer zeroed, then the op). A check asks the same batches every
 * time for a given seed, so each distinct batch is computed once and
 * copied after that: the real-clip checks of 07, 09 and 10 spend as long
 * in the ops as in the checks themselves. */
typedef struct {
    uint64_t key;
    uint32_t op;
    size_t count, size;
    unsigned char *answers;
} cached_batch;
#define CACHE_SLOTS 128
static cached_batch g_cache[CACHE_SLOTS];

static uint64_t batch_key(uint32_t op, const unsigned char *asked, size_t bytes)
{
    uint64_t h = 1469598103934665603ull ^ op; /* FNV-1a */
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ asked[i]) * 1099511628211ull;
    return h;
}

static void real_answers(const runner_op *o, const unsigned char *asked, size_t count, unsigned char *answers)
{
    const size_t size = o->response_size, total = count * size;
    uint64_t key = batch_key(o->op, asked, count * o->request_size);
    cached_batch *slot = &g_cache[key % CACHE_SLOTS];
    if (slot->answers && slot->key == key && slot->op == o->op && slot->count == count && slot->size == size) {
        memcpy(answers, slot->answers, total);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        memset(answers + i * size, 0, size);
        o->call(asked + i * o->request_size, answers + i * size);
    }
    unsigned char *copy = realloc(slot->answers, total);
    if (!copy)
        return; /* not kept: computed again next time */
    memcpy(copy, answers, total);
    *slot = (cached_batch){key, o->op, count, size, copy};
}

int check_call(uint32_t op, const void *requests, size_t request_size, size_t count, void *responses,
               size_t response_size, describe_fn describe)
{
    const runner_op *o = find_op(op);
    if (!o)
        judge_bug("no such op in the section's RUNNER_OPS", op);
    if (o->request_size != request_size || o->response_size != response_size)
        judge_bug("request or response size differs from RUNNER_OPS", op);
    if (count > PROTO_MAX_BATCH || response_size > PROTO_MAX_RECORD)
        judge_bug("batch over the protocol's limits (the runner refuses it)", op);
    unsigned call = g_call++;
    if (count == 0)
        return 1;

    unsigned char *answers = responses;
    const unsigned char *asked = requests;
    real_answers(o, asked, count, answers);

    int fail = 0;
    for (size_t k = 0; k < g_mut_count; k++) {
        const mutation *m = &g_mut[k];
        if (m->call % 8 != call)
            continue;
        g_touched = 1;
        if (m->kind % MUT_KINDS == MUT_FAIL) {
            fail = 1;
        } else if (m->kind % MUT_KINDS == MUT_PRINTED) {
            /* printf output is shown back in messages, never parsed: any bytes */
            size_t room = sizeof CHECK_RECORD.printed - 1 - CHECK_RECORD.printed_size;
            size_t take = room < 4 ? room : 4;
            memcpy(CHECK_RECORD.printed + CHECK_RECORD.printed_size, &m->value, take);
            CHECK_RECORD.printed_size += take;
            CHECK_RECORD.printed[CHECK_RECORD.printed_size] = '\0';
        } else {
            apply(m, answers, count, response_size);
        }
    }
    if (!fail)
        return 1;

    /* The runner "crashed" at some case: the real check_call names it. */
    size_t at = (size_t)call % count;
    char given[512] = "";
    if (describe)
        describe(asked + at * request_size, given, sizeof given);
    if (!CHECK_RECORD.failed) {
        CHECK_RECORD.failed = 1;
        CHECK_RECORD.outcome = OUTCOME_CRASHED;
        CHECK_RECORD.diag = DIAG_NONE;
        snprintf(CHECK_RECORD.text, sizeof CHECK_RECORD.text, "  fuzz: the runner failed at case %zu: %s", at + 1,
                 given);
    }
    if (CU_get_current_test())
        CU_FAIL("runner did not answer every case");
    return 0;
}

/* ---- running one check -------------------------------------------------- */

static size_t g_check_count;
static char g_plot_dir[1024];

static void on_test_start(const CU_pTest test, const CU_pSuite suite)
{
    (void)test;
    (void)suite;
    memset(&CHECK_RECORD, 0, sizeof CHECK_RECORD); /* as the driver does (run_checks.c) */
}

static int g_passed;
static void on_test_complete(const CU_pTest test, const CU_pSuite suite, const CU_pFailureRecord failure)
{
    (void)test;
    (void)suite;
    g_passed = failure == NULL;
}

/* Runs check `k` under CUnit as the driver does; returns 1 if it passed. */
static int run_check(size_t k)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        abort();
    CU_pSuite suite = CU_add_suite("fuzz", NULL, NULL);
    CU_add_test(suite, FUZZ_CHECKS[k].name, FUZZ_CHECKS[k].run);
    CU_set_test_start_handler(on_test_start);
    CU_set_test_complete_handler(on_test_complete);
    g_passed = 0;
    CU_run_suite(suite);
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (ran != 1)
        judge_bug("CUnit did not run the check", 0);
    return g_passed;
}

static void remove_plots(void)
{
    if (!g_plot_dir[0])
        return;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s_vs_reference.dat", g_plot_dir, FUZZ_SLUG);
    remove(path);
    rmdir(g_plot_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    while (FUZZ_CHECKS[g_check_count].name)
        g_check_count++;
    const char *root = getenv("FUZZ_ROOT"); /* the workbook, for the clip 07, 09 and 10 read */
    CHECK_ENV.root = root && root[0] ? root : ".";
    CHECK_ENV.runner_path = "(in process)";
    /* The figure's data file, one folder per process (libFuzzer's -jobs
     * run several): under FUZZ_PLOT_DIR (fuzz.mk: build/fuzz), where one
     * left by a crash is out of the way, else under /tmp. */
    const char *base = getenv("FUZZ_PLOT_DIR");
    snprintf(g_plot_dir, sizeof g_plot_dir, "%s/fuzz_judge.XXXXXX", base && base[0] ? base : "/tmp");
    if (!mkdtemp(g_plot_dir))
        g_plot_dir[0] = '\0';
    atexit(remove_plots);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#ifdef FUZZ_FIGURE
    const size_t choices = g_check_count + 1; /* the last: the student's convergence figure */
#else
    const size_t choices = g_check_count;
#endif
    size_t pick = size > 0 ? data[0] % choices : 0;
    uint8_t setup = size > 1 ? data[1] : 0;
    CHECK_ENV.seed = 1 + setup % 4;
    msg_set_language(setup & 4 ? "en" : "th");
    g_mut_count = 0;
    for (size_t at = 2; at + 12 <= size && g_mut_count < MAX_MUTATIONS; at += 12) {
        mutation *m = &g_mut[g_mut_count++];
        m->call = data[at];
        m->kind = data[at + 1];
        memcpy(&m->spare, data + at + 2, 2);
        memcpy(&m->where, data + at + 4, 4);
        memcpy(&m->value, data + at + 8, 4);
    }
    g_call = 0;
    g_touched = 0;

    if (pick == g_check_count) {
#ifdef FUZZ_FIGURE
        /* the figure reads the student's report to draw it: data file only */
        memset(&CHECK_RECORD, 0, sizeof CHECK_RECORD);
        CHECK_ENV.plot_dir = g_plot_dir[0] ? g_plot_dir : NULL;
        CHECK_ENV.plot_defer = 1;
        CHECK_NOTES[0] = '\0';
        FUZZ_FIGURE();
        CHECK_ENV.plot_dir = NULL;
#endif
        return 0;
    }

    int passed = run_check(pick);
    /* What the driver will read of the record must make sense. */
    if (!passed && !CHECK_RECORD.failed)
        judge_bug("the check failed with no record (a bare CUnit assertion?)", 0);
    if (CHECK_RECORD.failed) {
        if (CHECK_RECORD.outcome != OUTCOME_WRONG && CHECK_RECORD.outcome != OUTCOME_CRASHED)
            judge_bug("a failure recorded with an outcome no answer can cause", 0);
        if ((int)CHECK_RECORD.diag < 0 || CHECK_RECORD.diag >= DIAG_COUNT)
            judge_bug("a diagnosis outside the enum", 0);
        if (memchr(CHECK_RECORD.text, '\0', sizeof CHECK_RECORD.text) == NULL)
            judge_bug("the failure text is not terminated", 0);
        (void)diagnosis_id(CHECK_RECORD.diag);
        (void)diagnosis_advice(CHECK_RECORD.diag);
    }
    if (!g_touched && !passed) {
        fprintf(stderr, "fuzz_judge: %s › %s failed on the reference's own answers (seed %llu):\n%s\n", FUZZ_SLUG,
                FUZZ_CHECKS[pick].name, (unsigned long long)CHECK_ENV.seed, CHECK_RECORD.text);
        abort();
    }
    return 0;
}
