/* ik_chain_checks.h - what the checks of the iterative solvers share.
 *
 * 05 CCD and 06 FABRIK solve the same contract (include/ik_chain.h): same
 * signature, same report, same statuses. So their runners take the same
 * request and give the same response, and their suites run the same five
 * checks (ik_chain_checks.c), told by an ik_chain_spec what differs: the
 * op, the solver's name, the reference, the pass limits, the chain sizes
 * and what the solver must do with a target beyond reach.
 *
 * Both sides include this header: a runner (sections/<slug>/ops.c) for the
 * request, the response and ik_chain_run_solve; the trusted suites for the
 * checks. Nothing here needs the checker's headers.
 */
#ifndef CHECKER_IK_CHAIN_CHECKS_H
#define CHECKER_IK_CHAIN_CHECKS_H

#include "ik_chain.h"

#include <stdint.h>
#include <string.h>

/* Written into the report before the call, so the checker can tell the
 * fields the solver filled from the ones it left alone. No real error is
 * negative and no status or pass count has these values. */
#define IK_CHAIN_SENTINEL -12345.0f
#define IK_CHAIN_SENTINEL_STATUS 77
#define IK_CHAIN_SENTINEL_PASSES -77

typedef struct {
    ik_chain chain;
    vec3 target;
    ik_settings settings;
    int null_chain;     /* pass NULL instead of the chain */
    int null_settings;  /* ... instead of the settings */
    int null_report;    /* ... instead of the report */
} ik_chain_request;

/* Guard areas around the chain and the report the solver is handed, in
 * 32-bit words. Every word holds IK_CHAIN_CANARY (a quiet NaN, so a solver
 * that reads one into its math spreads NaN into its answer) and must come
 * back unchanged: a write to joints[-1] or past the report is then a wrong
 * answer the judge names, not silent damage to the runner's stack. The
 * back areas have one word more so each guarded box ends on an 8-byte
 * boundary (AddressSanitizer poisons whole 8-byte granules, see below). */
#define IK_CHAIN_GUARD_WORDS 24 /* 8 vec3 before the chain */
#define IK_CHAIN_GUARD_BACK_WORDS 25
#define IK_CHAIN_REPORT_GUARD_WORDS 8
#define IK_CHAIN_REPORT_GUARD_BACK_WORDS 9
#define IK_CHAIN_CANARY 0x7fc0beefu

typedef struct {
    int returned;       /* what the solver returned */
    ik_chain chain;     /* the chain after the call (as given if null_chain) */
    ik_report report;   /* sentinel-filled before the call */
    /* the guard areas as the solver left them (each word IK_CHAIN_CANARY
     * if it kept to its arrays); the judge checks every word */
    uint32_t chain_front[IK_CHAIN_GUARD_WORDS];
    uint32_t chain_back[IK_CHAIN_GUARD_BACK_WORDS];
    uint32_t report_front[IK_CHAIN_REPORT_GUARD_WORDS];
    uint32_t report_back[IK_CHAIN_REPORT_GUARD_BACK_WORDS];
} ik_chain_response;

/* ccd_solve, fabrik_solve: the contract of ik_chain.h. */
typedef int (*ik_chain_solve_fn)(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

/* ---- runner side -------------------------------------------------------- */

/* Under MEMCHECK (AddressSanitizer) the guard areas are also poisoned
 * while the solver runs, so a READ of joints[-1] or of joints[32] (past a
 * chain of IK_CHAIN_MAX_JOINTS joints) is reported at its line too. Joints
 * past joint_count inside the struct are left readable: copying the whole
 * ik_chain is allowed C; the checker fills them with IK_CHAIN_CANARY
 * instead and checks they are never written.
 * The runner glue (this op, ops.o) is built once without sanitizers and
 * linked to a student's code compiled with MEMCHECK's -fsanitize=address,
 * so __SANITIZE_ADDRESS__ says nothing here. The ASan runtime's own
 * interface (sanitizer/asan_interface.h) is called through weak
 * references instead: present exactly when the runtime is linked in, null
 * otherwise (then nothing is poisoned and the canaries alone judge). */
#if defined(__GNUC__) || defined(__clang__)
void __asan_poison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
#define IK_CHAIN_POISON(p, n)                       \
    do {                                            \
        if (__asan_poison_memory_region)            \
            __asan_poison_memory_region((p), (n));  \
    } while (0)
#define IK_CHAIN_UNPOISON(p, n)                     \
    do {                                            \
        if (__asan_unpoison_memory_region)          \
            __asan_unpoison_memory_region((p), (n)); \
    } while (0)
#else
#define IK_CHAIN_POISON(p, n) ((void)(p), (void)(n))
#define IK_CHAIN_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* Fenced pages (runner side only: its ops.c defines IK_CHAIN_RUNNER and
 * _DEFAULT_SOURCE): three pages whose first and last are PROT_NONE. Every
 * third request gets its chain at the start of the middle page (a read or
 * write of joints[-1] faults at once), every third at its end (so does
 * joints[IK_CHAIN_MAX_JOINTS]); the others get the guarded, poisoned box
 * below, whose canaries name a write. A read outside the arrays is then
 * seen without MEMCHECK too: the runner crashes and the check says so. A
 * correct solver never touches those bytes; copying the whole struct stays
 * inside it. If the pages cannot be had, every request gets the box. */
#ifdef IK_CHAIN_RUNNER
#include <sys/mman.h>
#include <unistd.h>
static inline unsigned char *ik_chain_fence(size_t *page)
{
    static unsigned char *fence;
    static size_t fence_page;
    static int tried;
    if (!tried) {
        tried = 1;
        long size = sysconf(_SC_PAGESIZE);
        size_t p = size > 0 ? (size_t)size : 4096;
        void *m = mmap(NULL, 3 * p, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED && mprotect(m, p, PROT_NONE) == 0 &&
            mprotect((unsigned char *)m + 2 * p, p, PROT_NONE) == 0 && p >= 2 * sizeof(ik_chain)) {
            fence = m;
            fence_page = p;
        }
    }
    *page = fence_page;
    return fence;
}
#endif

/* The body of a runner's op: one request through `solve` (the student's). */
static inline void ik_chain_run_solve(ik_chain_solve_fn solve, const void *request, void *response)
{
    const ik_chain_request *rq = request;
    ik_chain_response *rs = response;
    /* 16-aligned and the front guards a multiple of 8 bytes long, so the
     * chain and the report start on a granule and the front guard can be
     * poisoned whole without touching joint_count or status. */
    _Alignas(16) struct {
        uint32_t front[IK_CHAIN_GUARD_WORDS];
        ik_chain chain;
        uint32_t back[IK_CHAIN_GUARD_BACK_WORDS];
    } chain_box;
    _Alignas(16) struct {
        uint32_t front[IK_CHAIN_REPORT_GUARD_WORDS];
        ik_report report;
        uint32_t back[IK_CHAIN_REPORT_GUARD_BACK_WORDS];
    } report_box;
    memset(&chain_box, 0, sizeof chain_box);
    for (int k = 0; k < IK_CHAIN_GUARD_WORDS; k++)
        chain_box.front[k] = IK_CHAIN_CANARY;
    for (int k = 0; k < IK_CHAIN_GUARD_BACK_WORDS; k++)
        chain_box.back[k] = IK_CHAIN_CANARY;
    for (int k = 0; k < IK_CHAIN_REPORT_GUARD_WORDS; k++)
        report_box.front[k] = IK_CHAIN_CANARY;
    for (int k = 0; k < IK_CHAIN_REPORT_GUARD_BACK_WORDS; k++)
        report_box.back[k] = IK_CHAIN_CANARY;
    chain_box.chain = rq->chain;
    ik_settings settings = rq->settings;

    ik_report *report = &report_box.report;
    report->status = (ik_status)IK_CHAIN_SENTINEL_STATUS;
    report->passes = IK_CHAIN_SENTINEL_PASSES;
    report->initial_error = IK_CHAIN_SENTINEL;
    for (int k = 0; k < IK_MAX_PASSES; k++)
        report->tip_error[k] = IK_CHAIN_SENTINEL;

    IK_CHAIN_POISON(chain_box.front, sizeof chain_box.front);
    IK_CHAIN_POISON(chain_box.back, sizeof chain_box.back);
    IK_CHAIN_POISON(report_box.front, sizeof report_box.front);
    IK_CHAIN_POISON(report_box.back, sizeof report_box.back);
    ik_chain *chain = &chain_box.chain;
#ifdef IK_CHAIN_RUNNER
    static unsigned turn;
    size_t page;
    unsigned char *fence = ik_chain_fence(&page);
    unsigned mode = turn++ % 3;
    if (fence && mode > 0) {
        /* ik_chain is 4-byte aligned and page - sizeof is a multiple of 4 */
        chain = (ik_chain *)(fence + page + (mode == 1 ? 0 : page - sizeof(ik_chain)));
        *chain = rq->chain;
    }
#endif
    rs->returned = solve(rq->null_chain ? NULL : chain, rq->target,
                         rq->null_settings ? NULL : &settings, rq->null_report ? NULL : report);
    if (chain != &chain_box.chain)
        chain_box.chain = *chain;
    IK_CHAIN_UNPOISON(chain_box.front, sizeof chain_box.front);
    IK_CHAIN_UNPOISON(chain_box.back, sizeof chain_box.back);
    IK_CHAIN_UNPOISON(report_box.front, sizeof report_box.front);
    IK_CHAIN_UNPOISON(report_box.back, sizeof report_box.back);
    rs->chain = chain_box.chain;
    rs->report = *report;
    memcpy(rs->chain_front, chain_box.front, sizeof rs->chain_front);
    memcpy(rs->chain_back, chain_box.back, sizeof rs->chain_back);
    memcpy(rs->report_front, report_box.front, sizeof rs->report_front);
    memcpy(rs->report_back, report_box.back, sizeof rs->report_back);
}

/* ---- trusted side: the checks (ik_chain_checks.c) ------------------------ */

#define IK_CHAIN_MAX_SIZES 4        /* chain sizes a spec may draw */
#define IK_CHAIN_MAX_FAR_CASES 32   /* unreachable_target cases per size */

typedef struct {
    uint32_t op;                 /* the runner's op that calls the solver */
    const char *solve_name;      /* "ccd_solve", as messages name it */
    ik_chain_solve_fn reference; /* the reference solver, linked into the checker */
    int solve_passes;            /* max_passes handed to the solver in drawn cases */
    int ref_pass_limit;          /* drawn cases kept only if the reference reaches
                                    them in this many passes */
    int bones[IK_CHAIN_MAX_SIZES]; /* chain sizes drawn (bones); unused slots 0 */
    int far_cases_per_size;      /* unreachable_target cases per chain size */
    /* unreachable_target, after the shared check that the chain aims at the
     * target: the solver's own answer for how straight the chain is and how
     * many passes it took. Each returns 1, or records the failure and
     * returns 0. Status and report are checked in between. */
    int (*expect_far_straight)(const ik_chain_request *rq, const ik_chain_response *rs);
    int (*expect_far_passes)(const ik_chain_request *rq, const ik_chain_response *rs);
    /* error_record: max_passes of case 1 (runs out before the tolerance)
     * and of case 3 (target beyond reach). */
    int short_passes;
    int far_passes;
    /* Mistakes only this solver can make, named where a check sees their
     * effect. Each may be NULL; each returns a diagnosis (an int, so this
     * header needs no checker header; 0 = DIAG_NONE: not this mistake) and
     * then points *why at a sentence saying what it saw.
     * explain_pass - pass_by_pass: the pose after pass 1 (`got`) is not the
     *   reference's; is it what a known wrong pass gives (within `tol`)?
     * explain_root - the root moved: is an earlier cause visible?
     * explain_length - bone `bone` changed length (not collapsed onto a
     *   neighbour, tip not snapped): a cause this solver can name? */
    int (*explain_pass)(const ik_chain_request *rq, const ik_chain *got, float tol, const char **why);
    int (*explain_root)(const ik_chain_request *rq, const ik_chain_response *rs, const char **why);
    int (*explain_length)(const ik_chain_request *rq, const ik_chain_response *rs, int bone, const char **why);
} ik_chain_spec;

/* The five checks; each suite names and titles them in its DEFINE_SUITE. */
/* Draws the student's convergence curve over the reference's on the same
 * 10-bone chains (after the checks, when CHECK_ENV.plot_dir is set) and
 * leaves the figure's path in CHECK_NOTES. */
void ik_chain_figure(const ik_chain_spec *spec, const char *slug);

void ik_chain_reaches_targets(const ik_chain_spec *spec);
void ik_chain_unreachable_target(const ik_chain_spec *spec);
void ik_chain_target_on_joint(const ik_chain_spec *spec);
void ik_chain_error_record(const ik_chain_spec *spec);
void ik_chain_invalid_input(const ik_chain_spec *spec);
/* The pose after pass 1 and after pass 2 (max_passes 1, 2) against the
 * reference's: any correct pass of the chapter's algorithm agrees. */
void ik_chain_pass_by_pass(const ik_chain_spec *spec);

/* The solver's rest lengths of a request's chain, for a suite's models. */
static inline void ik_chain_rest_lengths(const ik_chain *c, float *rest)
{
    for (int i = 0; i + 1 < c->joint_count; i++)
        rest[i] = v3_distance(c->joints[i], c->joints[i + 1]);
}

/* Largest distance between the joints of two chains of `count` joints. */
static inline float ik_chain_pose_gap(const ik_chain *a, const ik_chain *b, int count, int *worst)
{
    float gap = 0.0f;
    *worst = 0;
    for (int i = 0; i < count; i++) {
        float d = v3_distance(a->joints[i], b->joints[i]);
        if (!(d <= gap)) {
            gap = d;
            *worst = i;
        }
    }
    return gap;
}

/* The request as a message's "given" (a static buffer, for the suites'
 * own expectations). */
const char *ik_chain_given_text(const ik_chain_request *rq);

/* The answer's tip: its joint at the index the REQUEST's joint_count
 * names. The answer's own joint_count is the runner's word, not a bound
 * (each check has compared it with the request before, in expect_sound). */
static inline vec3 ik_chain_answer_tip(const ik_chain_request *rq, const ik_chain_response *rs)
{
    return rs->chain.joints[rq->chain.joint_count - 1];
}

#endif /* CHECKER_IK_CHAIN_CHECKS_H */
