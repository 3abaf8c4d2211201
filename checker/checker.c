/* checker.c - grades one folder laid out like exercises/.
 *
 *   checker --dir exercises [--section 03_two_bone]... [--seed N]
 *
 * For each section: copy the student's file next to the reference headers
 * (the header is the contract, a student's edited copy is ignored),
 * compile it into a runner with the trusted glue, run the section's CUnit
 * suite against that runner, and print a table plus the first failing
 * check in full. Exit status: 0 all checks pass, 1 some fail, 2 the
 * checker itself could not do its job.
 */
#define _GNU_SOURCE
/* Paths here are bounded by 4096-byte buffers; a truncated path just fails
 * to open and is reported. GCC's truncation warning cannot see that. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "check.h"
#include "sections.h"
#include "spawn.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_CHECKS 32
#define MAX_SELECTED 16
#define MAX_FLAGS 32
#define COMPILE_TIMEOUT_MS 60000

typedef struct {
    const char *dir;          /* the submission, laid out like exercises/ */
    const char *root;         /* the workbook (include/, checker/) */
    const char *ref;          /* reference headers (solutions/) */
    const char *objdir;       /* prebuilt trusted objects */
    const char *work;         /* where staging and runners go */
    const char *results;      /* results file */
    const char *cc;
    const char *flags[MAX_FLAGS];
    int flag_count;
    const char *selected[MAX_SELECTED];
    int selected_count;
    int show_all;
    int color;
} options;

typedef enum { STATUS_DONE, STATUS_FAILING, STATUS_NOT_STARTED } section_status;

typedef struct {
    int passed;
    check_record record;
} check_result;

typedef struct {
    const section_def *def;
    section_status status;
    size_t check_count;
    size_t passed;
    check_result checks[MAX_CHECKS];
} section_result;

/* ---- small file helpers ---------------------------------------------- */

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int make_dirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return 0;
            *p = '/';
        }
    }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return 0;
    FILE *out = fopen(to, "wb");
    if (!out) {
        fclose(in);
        return 0;
    }
    char buf[8192];
    size_t n;
    int ok = 1;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            ok = 0;
    fclose(in);
    if (fclose(out) != 0)
        ok = 0;
    return ok;
}

static int file_contains(const char *path, const char *needle)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

/* ---- staging and compiling -------------------------------------------- */

/* Copies every reference header into work/stage/<slug>/, so the student's
 * file and the sections it includes see exactly the contract. */
static int stage_headers(const options *o)
{
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        char from_dir[4096], to_dir[4096];
        snprintf(from_dir, sizeof from_dir, "%s/%s", o->ref, SECTIONS[i].slug);
        snprintf(to_dir, sizeof to_dir, "%s/stage/%s", o->work, SECTIONS[i].slug);
        if (!make_dirs(to_dir))
            return 0;
        DIR *d = opendir(from_dir);
        if (!d)
            continue; /* a section not written yet */
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t len = strlen(e->d_name);
            if (len < 3 || strcmp(e->d_name + len - 2, ".h") != 0)
                continue;
            char from[8192], to[8192];
            snprintf(from, sizeof from, "%s/%s", from_dir, e->d_name);
            snprintf(to, sizeof to, "%s/%s", to_dir, e->d_name);
            if (!copy_file(from, to)) {
                closedir(d);
                return 0;
            }
        }
        closedir(d);
    }
    return 1;
}

/* Turns a linker's "undefined reference to `foo'" wall into names. */
static void name_missing_functions(const char *log, char *out, size_t out_size)
{
    size_t n = 0;
    out[0] = '\0';
    const char *p = log;
    while ((p = strstr(p, "undefined reference to `")) != NULL) {
        p += strlen("undefined reference to `");
        const char *end = strchr(p, '\'');
        if (!end)
            break;
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)(end - p), p);
        if (!strstr(out, name) && n + strlen(name) + 3 < out_size)
            n += (size_t)snprintf(out + n, out_size - n, "%s%s", n ? ", " : "", name);
        p = end;
    }
}

/* Compiles one section's runner. Returns 1 on success; otherwise fills
 * `record` with what the student needs to see. */
static int compile_section(const options *o, const section_def *s, char *runner, size_t runner_size,
                           check_record *record)
{
    char src[1024], staged[4096];
    snprintf(src, sizeof src, "%s/%s/%s", o->dir, s->slug, s->source);
    snprintf(staged, sizeof staged, "%s/stage/%s/%s", o->work, s->slug, s->source);
    snprintf(runner, runner_size, "%s/stage/%s/runner", o->work, s->slug);
    memset(record, 0, sizeof *record);
    record->failed = 1;

    if (!file_exists(src)) {
        record->outcome = OUTCOME_MISSING;
        snprintf(record->text, sizeof record->text,
                 "  ไม่พบไฟล์ %s — ต้องมีไฟล์นี้ (คัดลอกจาก exercises/%s/%s ของ workbook ได้)", src, s->slug,
                 s->source);
        return 0;
    }
    if (!copy_file(src, staged)) {
        record->outcome = OUTCOME_MISSING;
        snprintf(record->text, sizeof record->text, "  อ่านไฟล์ %s ไม่ได้", src);
        return 0;
    }

    char include_root[4096], include_stage[4096], ops_obj[4096], main_obj[4096], common_lib[4096];
    char deps[MAX_DEPS][4096];
    snprintf(include_root, sizeof include_root, "-I%s/include", o->root);
    snprintf(include_stage, sizeof include_stage, "-I%s/stage/%s", o->work, s->slug);
    snprintf(ops_obj, sizeof ops_obj, "%s/ops/%s.o", o->objdir, s->slug);
    snprintf(main_obj, sizeof main_obj, "%s/runner_main.o", o->objdir);
    snprintf(common_lib, sizeof common_lib, "%s/libcommon.a", o->objdir);

    const char *argv[64];
    int argc = 0;
    argv[argc++] = o->cc;
    argv[argc++] = "-std=c11";
    argv[argc++] = "-O1";
    argv[argc++] = "-g";
    argv[argc++] = "-Wall";
    argv[argc++] = "-Wextra";
    argv[argc++] = "-fdiagnostics-color=never";
    for (int i = 0; i < o->flag_count; i++)
        argv[argc++] = o->flags[i];
    argv[argc++] = include_root;
    argv[argc++] = include_stage;
    argv[argc++] = staged;
    for (int i = 0; i < MAX_DEPS && s->deps[i]; i++) {
        snprintf(deps[i], sizeof deps[i], "%s/ref/%s.o", o->objdir, s->deps[i]);
        argv[argc++] = deps[i];
    }
    argv[argc++] = ops_obj;
    argv[argc++] = main_obj;
    if (file_exists(common_lib))
        argv[argc++] = common_lib; /* the given helpers a section may call */
    argv[argc++] = "-lm";
    argv[argc++] = "-o";
    argv[argc++] = runner;
    argv[argc] = NULL;

    unlink(runner);
    spawn_request rq = {.argv = argv, .timeout_ms = COMPILE_TIMEOUT_MS, .output_keep = 3000,
                        .output_limit = 1u << 20};
    spawn_result rs;
    spawn_run(&rq, &rs);
    int ok = rs.end == SPAWN_EXITED && rs.exit_code == 0 && file_exists(runner);
    if (!ok) {
        record->outcome = OUTCOME_NO_COMPILE;
        char missing[512];
        name_missing_functions(rs.output, missing, sizeof missing);
        if (rs.end == SPAWN_FAILED)
            snprintf(record->text, sizeof record->text, "  เรียก compiler '%s' ไม่ได้ — ติดตั้ง gcc หรือกำหนด CC=",
                     o->cc);
        else if (rs.end == SPAWN_TIMED_OUT)
            snprintf(record->text, sizeof record->text, "  คอมไพล์นานเกิน %d วินาที จึงถูกหยุด",
                     COMPILE_TIMEOUT_MS / 1000);
        else if (missing[0])
            snprintf(record->text, sizeof record->text,
                     "  คอมไพล์ผ่านแต่ link ไม่ได้: ไม่พบฟังก์ชัน %s ใน %s\n"
                     "  ทุกฟังก์ชันใน header ต้องมีอยู่ (ชื่อและ parameter ตรงกับ header)", missing, src);
        else
            snprintf(record->text, sizeof record->text,
                     "  คอมไพล์ไม่ผ่าน (compile error) — ข้อความจาก compiler:\n%s", rs.output);
    } else {
        record->failed = 0;
    }
    spawn_result_free(&rs);
    return ok;
}

/* ---- running a suite under CUnit -------------------------------------- */

static section_result *g_current;

static void on_test_start(const CU_pTest test, const CU_pSuite suite)
{
    (void)test;
    (void)suite;
    memset(&CHECK_RECORD, 0, sizeof CHECK_RECORD);
}

static void on_test_complete(const CU_pTest test, const CU_pSuite suite, const CU_pFailureRecord failure)
{
    (void)suite;
    for (size_t i = 0; i < g_current->check_count; i++) {
        if (strcmp(g_current->def->checks[i].name, test->pName) != 0)
            continue;
        check_result *r = &g_current->checks[i];
        r->passed = failure == NULL;
        r->record = CHECK_RECORD;
        if (!r->passed && !r->record.failed) { /* a bare CUnit assertion */
            r->record.failed = 1;
            r->record.outcome = OUTCOME_WRONG;
            snprintf(r->record.text, sizeof r->record.text, "  %s (%s:%u)", failure->strCondition,
                     failure->strFileName, failure->uiLineNumber);
        }
    }
}

static int run_suite(section_result *sr)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 0;
    CU_pSuite suite = CU_add_suite(sr->def->slug, NULL, NULL);
    for (size_t i = 0; suite && i < sr->check_count; i++)
        CU_add_test(suite, sr->def->checks[i].name, sr->def->checks[i].run);
    CU_set_test_start_handler(on_test_start);
    CU_set_test_complete_handler(on_test_complete);
    g_current = sr;
    CU_run_suite(suite);
    /* Read the counters before cleanup: CU_cleanup_registry zeroes them. */
    unsigned run = CU_get_number_of_tests_run();
    unsigned failed = CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    size_t passed = 0;
    for (size_t i = 0; i < sr->check_count; i++)
        passed += sr->checks[i].passed;
    /* A suite that ran fewer tests than it has, or whose counts disagree,
     * is a checker bug, not a student's failure. */
    return run == sr->check_count && failed == sr->check_count - passed;
}

/* ---- reporting --------------------------------------------------------- */

static const char *c_on(const options *o, const char *code) { return o->color ? code : ""; }

static const char *status_words(section_status s)
{
    switch (s) {
    case STATUS_DONE: return "ผ่านแล้ว (done)";
    case STATUS_FAILING: return "ยังไม่ผ่าน (failing)";
    case STATUS_NOT_STARTED: return "ยังไม่เริ่ม (not started)";
    }
    return "?";
}

static const check_result *first_failure(const section_result *sr, size_t *index)
{
    for (size_t i = 0; i < sr->check_count; i++)
        if (!sr->checks[i].passed) {
            *index = i;
            return &sr->checks[i];
        }
    return NULL;
}

static void print_failure(const options *o, const section_result *sr, size_t i)
{
    const check_def *c = &sr->def->checks[i];
    const check_result *r = &sr->checks[i];
    printf("%s✗ %s › %s%s — %s\n", c_on(o, "\033[1;31m"), sr->def->slug, c->name, c_on(o, "\033[0m"), c->title);
    printf("%s\n", r->record.text);
    printf("  อ่านทบทวน: บท 9.3 %s\n", sr->def->chapter);
}

static void print_report(const options *o, section_result *results, size_t count)
{
    size_t done = 0, checks = 0, passed = 0;
    printf("\nตรวจ %s/\n\n", o->dir);
    for (size_t s = 0; s < count; s++) {
        const section_result *sr = &results[s];
        const char *mark = sr->status == STATUS_DONE ? "✓" : "✗";
        const char *color = sr->status == STATUS_DONE ? "\033[32m" : sr->status == STATUS_FAILING ? "\033[31m" : "\033[33m";
        printf("  %s%s %-22s %2zu/%-2zu %s%s", c_on(o, color), mark, sr->def->slug, sr->passed, sr->check_count,
               status_words(sr->status), c_on(o, "\033[0m"));
        size_t i;
        const check_result *f = first_failure(sr, &i);
        if (f)
            printf(" — %s", sr->def->checks[i].title);
        printf("\n");
        done += sr->status == STATUS_DONE;
        checks += sr->check_count;
        passed += sr->passed;
    }
    const int width = 30;
    int filled = checks ? (int)(passed * width / checks) : 0;
    printf("\n  ความคืบหน้า (progress) [");
    for (int i = 0; i < width; i++)
        printf("%s", i < filled ? "#" : ".");
    printf("] %zu/%zu sections, %zu/%zu checks\n\n", done, count, passed, checks);

    int shown = 0;
    for (size_t s = 0; s < count; s++) {
        for (size_t i = 0; i < results[s].check_count; i++) {
            if (results[s].checks[i].passed || (shown && !o->show_all))
                continue;
            if (!shown)
                printf("ข้อแรกที่ยังไม่ผ่าน (first failing check):\n");
            else
                printf("\n");
            print_failure(o, &results[s], i);
            if (!shown)
                printf("  ขั้นต่อไป: แก้ %s/%s/%s แล้วรัน make check S=%s\n", o->dir, results[s].def->slug,
                       results[s].def->source, results[s].def->slug);
            shown++;
            if (!o->show_all)
                break;
        }
    }
    if (!shown)
        printf("%sทุก section ผ่านครบแล้ว เยี่ยมมาก! (all checks pass)%s\n", c_on(o, "\033[1;32m"), c_on(o, "\033[0m"));
}

static int write_results(const options *o, section_result *results, size_t count)
{
    FILE *f = fopen(o->results, "w");
    if (!f)
        return 0;
    for (size_t s = 0; s < count; s++) {
        const section_result *sr = &results[s];
        static const char *const STATUS_ID[] = {"done", "failing", "not_started"};
        fprintf(f, "section\t%s\t%s\t%zu\t%zu\n", sr->def->slug, STATUS_ID[sr->status], sr->passed, sr->check_count);
        for (size_t i = 0; i < sr->check_count; i++) {
            const check_result *r = &sr->checks[i];
            fprintf(f, "check\t%s\t%s\t%s\t%s\t%s\n", sr->def->slug, sr->def->checks[i].name,
                    r->passed ? "pass" : "fail", r->passed ? "passed" : outcome_id(r->record.outcome),
                    r->passed ? "-" : diagnosis_id(r->record.diag));
        }
    }
    return fclose(f) == 0;
}

/* ---- main -------------------------------------------------------------- */

static void usage(void)
{
    fprintf(stderr,
            "usage: checker [--dir DIR] [--section SLUG]... [--seed N] [--timeout-ms N]\n"
            "               [--root DIR] [--ref DIR] [--objdir DIR] [--work DIR] [--results FILE]\n"
            "               [--cc CC] [--cflag FLAG]... [--all] [--color|--no-color]\n");
}

static void split_flags(options *o, char *text)
{
    for (char *tok = strtok(text, " \t"); tok && o->flag_count < MAX_FLAGS; tok = strtok(NULL, " \t"))
        o->flags[o->flag_count++] = tok;
}

int main(int argc, char **argv)
{
    options o = {.dir = "exercises", .root = ".", .cc = getenv("CC") ? getenv("CC") : "cc"};
    const char *no_color = getenv("NO_COLOR");
    o.color = isatty(STDOUT_FILENO) && !(no_color && no_color[0]);
    char *flag_text = NULL, *section_text = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--all")) { o.show_all = 1; continue; }
        if (!strcmp(a, "--color")) { o.color = 1; continue; }
        if (!strcmp(a, "--no-color")) { o.color = 0; continue; }
        if (!v) { usage(); return 2; }
        i++;
        if (!strcmp(a, "--dir")) o.dir = v;
        else if (!strcmp(a, "--root")) o.root = v;
        else if (!strcmp(a, "--ref")) o.ref = v;
        else if (!strcmp(a, "--objdir")) o.objdir = v;
        else if (!strcmp(a, "--work")) o.work = v;
        else if (!strcmp(a, "--results")) o.results = v;
        else if (!strcmp(a, "--cc")) o.cc = v;
        else if (!strcmp(a, "--cflags")) { flag_text = strdup(v); split_flags(&o, flag_text); }
        else if (!strcmp(a, "--seed")) CHECK_ENV.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--timeout-ms")) CHECK_ENV.timeout_ms = atoi(v);
        else if (!strcmp(a, "--section")) {
            /* accepts "03_two_bone", "03" or a comma list */
            free(section_text);
            o.selected_count = 0;
            char *list = section_text = strdup(v);
            for (char *tok = strtok(list, ","); tok && o.selected_count < MAX_SELECTED; tok = strtok(NULL, ","))
                o.selected[o.selected_count++] = tok;
        } else { usage(); return 2; }
    }

    char ref[4096], objdir[4096], work[4096], results[4096];
    if (!o.ref) { snprintf(ref, sizeof ref, "%s/solutions", o.root); o.ref = ref; }
    if (!o.objdir) { snprintf(objdir, sizeof objdir, "%s/build/obj", o.root); o.objdir = objdir; }
    if (!o.work) {
        /* one work folder per graded folder, so grading B never reuses A's runners */
        char tag[1024];
        snprintf(tag, sizeof tag, "%s", o.dir);
        for (char *p = tag; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
                *p = '_';
        snprintf(work, sizeof work, "%s/build/check/%s", o.root, tag);
        o.work = work;
    }
    if (!o.results) { snprintf(results, sizeof results, "%s/results.tsv", o.work); o.results = results; }

    struct stat st;
    if (stat(o.dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "checker: ไม่พบโฟลเดอร์ '%s' (folder not found)\n", o.dir);
        return 2;
    }

    CHECK_ENV.root = o.root;
    section_result results_list[16];
    size_t count = 0;
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        char ref_dir[4096];
        struct stat ref_st;
        snprintf(ref_dir, sizeof ref_dir, "%s/%s", o.ref, SECTIONS[i].slug);
        if (stat(ref_dir, &ref_st) != 0)
            continue; /* not written yet: not offered */
        int wanted = o.selected_count == 0;
        for (int k = 0; k < o.selected_count; k++) {
            size_t n = strlen(o.selected[k]);
            if (!strcmp(o.selected[k], SECTIONS[i].slug) || (n == 2 && !strncmp(o.selected[k], SECTIONS[i].slug, 2)))
                wanted = 1;
        }
        if (!wanted)
            continue;
        section_result *sr = &results_list[count++];
        memset(sr, 0, sizeof *sr);
        sr->def = &SECTIONS[i];
        sr->check_count = section_check_count(&SECTIONS[i]);
    }
    if (count == 0) {
        fprintf(stderr, "checker: ไม่มี section ชื่อนั้น (no such section) — section ที่มี:");
        for (size_t i = 0; i < SECTION_COUNT; i++) {
            char ref_dir[4096];
            struct stat ref_st;
            snprintf(ref_dir, sizeof ref_dir, "%s/%s", o.ref, SECTIONS[i].slug);
            if (stat(ref_dir, &ref_st) == 0)
                fprintf(stderr, " %s", SECTIONS[i].slug);
        }
        fprintf(stderr, "\n");
        return 2;
    }
    if (!make_dirs(o.work) || !stage_headers(&o)) {
        fprintf(stderr, "checker: เตรียมโฟลเดอร์ %s ไม่ได้ (cannot stage headers from %s)\n", o.work, o.ref);
        return 2;
    }

    int internal_error = 0;
    for (size_t s = 0; s < count; s++) {
        section_result *sr = &results_list[s];
        char runner[4096];
        check_record compile_record;
        fprintf(stderr, "  กำลังตรวจ %s ...\n", sr->def->slug);
        if (!compile_section(&o, sr->def, runner, sizeof runner, &compile_record)) {
            for (size_t i = 0; i < sr->check_count; i++)
                sr->checks[i].record = compile_record;
        } else {
            CHECK_ENV.runner_path = runner;
            if (!run_suite(sr)) {
                fprintf(stderr, "checker: internal error: suite %s did not run every check\n", sr->def->slug);
                internal_error = 1;
            }
        }
        char src[4096];
        snprintf(src, sizeof src, "%s/%s/%s", o.dir, sr->def->slug, sr->def->source);
        sr->passed = 0;
        for (size_t i = 0; i < sr->check_count; i++)
            sr->passed += sr->checks[i].passed;
        if (sr->passed == sr->check_count)
            sr->status = STATUS_DONE;
        else if (sr->passed == 0 && (!file_exists(src) || file_contains(src, "TODO")))
            sr->status = STATUS_NOT_STARTED;
        else
            sr->status = STATUS_FAILING;
    }

    print_report(&o, results_list, count);
    if (!write_results(&o, results_list, count)) {
        fprintf(stderr, "checker: cannot write %s\n", o.results);
        internal_error = 1;
    }
    free(flag_text);
    free(section_text);
    if (internal_error)
        return 2;
    for (size_t s = 0; s < count; s++)
        if (results_list[s].status != STATUS_DONE)
            return 1;
    return 0;
}
