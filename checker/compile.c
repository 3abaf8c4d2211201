/* compile.c - staging and compiling one section's runner.
 *
 * The student's file is copied next to the reference headers (the header
 * is the contract: a student's edited copy is ignored) and compiled with
 * the trusted glue into a runner: caged (time, memory, file size, a
 * process tree of its own), with every file it read held to the allowed
 * places (compile_guard.c), and its runner checked before it runs
 * (runner_elf.c). The cache (cache.c) may hand back a kept runner or a
 * kept failed compile instead.
 */
#define _GNU_SOURCE
/* Paths here are bounded by 4096-byte buffers; a truncated path just fails
 * to open and is reported. GCC's truncation warning cannot see that. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "driver.h"
#include "messages.h"
#include "os.h"
#include "progress.h"
#include "runner_elf.h"
#include "sandbox.h"
#include "spawn.h"
#include "text.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int musl_specs(const options *o, char *flag, size_t flag_size);

/* Whether the helpers' copy of include/ is staged (stage/include/): set by
 * stage_fast_headers, read by build_command. */
static int g_fast_headers;

/* The given headers with their static inline helpers as prototypes, the
 * definitions compiled once into the musl glue (checker/fast_headers.sh,
 * make built them in <objdir>/musl/fast/): staged as stage/include/<h>,
 * each under "#line 1 "<root>/include/<h>"", so the compiler names and
 * quotes include/<h> itself in a diagnostic, at the header's own lines and
 * columns. Only with the musl runners (the helpers are in their glue), and
 * only while every include/<h> is still what make built them from: else
 * the student's file gets include/ as it is (slower, the same results). */
static void stage_fast_headers(const options *o)
{
    char fast[4096], specs[4200], to_dir[4096];
    g_fast_headers = 0;
    if (!musl_specs(o, specs, sizeof specs) || strpbrk(o->root, "\"\\\n"))
        return; /* (a root #line could not spell as it is) */
    snprintf(fast, sizeof fast, "%s/musl/fast", o->objdir);
    DIR *d = opendir(fast);
    if (!d)
        return;
    int ok = 1, headers = 0;
    struct dirent *e;
    while (ok && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 7 || strcmp(e->d_name + len - 6, ".h.src") != 0)
            continue;
        char src[8192], given[8192];
        snprintf(src, sizeof src, "%s/%s", fast, e->d_name);
        snprintf(given, sizeof given, "%s/include/%.*s", o->root, (int)(len - 4), e->d_name);
        ok = progress_same_bytes(src, given); /* progress.c: regular files, same bytes */
        headers++;
    }
    closedir(d);
    snprintf(to_dir, sizeof to_dir, "%s/stage/include", o->work);
    if (!ok || headers == 0 || !make_dirs(to_dir))
        return;
    d = opendir(fast);
    while (ok && d && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 7 || strcmp(e->d_name + len - 6, ".h.src") != 0)
            continue;
        char from[8192], to[8192];
        snprintf(from, sizeof from, "%s/%.*s", fast, (int)(len - 4), e->d_name);
        snprintf(to, sizeof to, "%s/%.*s", to_dir, (int)(len - 4), e->d_name);
        FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
        ok = in && out && fprintf(out, "#line 1 \"%s/include/%.*s\"\n", o->root, (int)(len - 4), e->d_name) > 0;
        char buf[8192];
        size_t n;
        while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
            ok = fwrite(buf, 1, n, out) == n;
        if (in)
            fclose(in);
        if (out && fclose(out) != 0)
            ok = 0;
    }
    if (d)
        closedir(d);
    g_fast_headers = ok;
}

/* Copies every reference header into work/stage/<slug>/, so the student's
 * file and the sections it includes see exactly the contract. */
int stage_headers(const options *o)
{
    stage_fast_headers(o);
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

/* Turns a linker's "undefined reference to `foo'" wall into names: ld.bfd
 * opens the name with a backquote, ld.gold (the musl runners' linker) with
 * a plain quote, "undefined reference to 'foo'". */
static void name_missing_functions(const char *log, char *out, size_t out_size)
{
    size_t n = 0;
    out[0] = '\0';
    const char *p = log;
    while ((p = strstr(p, "undefined reference to ")) != NULL) {
        p += strlen("undefined reference to ");
        if (*p != '`' && *p != '\'')
            continue;
        p++;
        const char *end = strchr(p, '\'');
        if (!end)
            break;
        char name[128]; /* named in the student's source: safe text, one line */
        text_safe(name, sizeof name, p, (size_t)(end - p), 0, NULL);
        if (!strstr(out, name) && n + strlen(name) + 3 < out_size)
            n += (size_t)snprintf(out + n, out_size - n, "%s%s", n ? ", " : "", name);
        p = end;
    }
}

/* "-specs=<musl-gcc.specs>" when the runners can be built against musl:
 * caged runners (static) from the default gcc, with the musl glue that
 * make left in <objdir>/musl. Not for another compiler or sanitizers. */
static int musl_specs(const options *o, char *flag, size_t flag_size)
{
    if (!CHECK_ENV.sandbox || !(strcmp(o->cc, "cc") == 0 || strcmp(o->cc, "gcc") == 0))
        return 0;
    char path[4096], specs[4096];
    snprintf(path, sizeof path, "%s/musl/runner_main.o", o->objdir);
    if (!file_exists(path))
        return 0;
    snprintf(path, sizeof path, "%s/musl/specs", o->objdir);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int ok = fgets(specs, sizeof specs, f) != NULL;
    fclose(f);
    specs[strcspn(specs, "\n")] = '\0';
    if (!ok || !file_exists(specs))
        return 0;
    snprintf(flag, flag_size, "-specs=%s", specs);
    return 1;
}

/* This compile's wall-clock limit: its own, cut to what is left of the
 * submission's budget. */
static double compile_limit(const options *o)
{
    double limit = COMPILE_LIMIT_S * budget_scale(o);
    double left = o->submission_deadline - os_clock();
    return left < limit ? left : limit;
}

/* Did the compiler die of its cage (memory, file size, CPU) rather than of
 * an error in the code? gcc's driver names a killed cc1 or as that way. */
static int compiler_hit_limit(const spawn_result *rs)
{
    static const char *const signs[] = {"terminated program", "out of memory", "memory exhausted",
                                        "File size limit", "virtual memory exhausted", "cannot allocate"};
    if (rs->end == SPAWN_EXITED && rs->exit_code >= 128)
        return 1; /* the guardian saw the driver itself killed by a signal */
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (rs->output && strstr(rs->output, signs[i]))
            return 1;
    return 0;
}

/* One compile: its paths and its command line. */
typedef struct {
    char src[1024], staged[4096], src_shown[2048];
    char include_fast[4096], include_root[4096], include_stage[4096], ops_obj[4096], main_obj[4096], common_lib[4096];
    char deps_absent[256]; /* the deps with no file of the student's, "02_law_of_cosines, 03_two_bone" */
    char deps_broken[256]; /* the deps this run found not to compile */
    const section_def *dep_staged[MAX_DEPS]; /* the deps linked in, deps[i] their objects (own.o); NULL ends */
    char dep_keys[MAX_DEPS][80];             /* what names deps[i] in the cache key: its compile's key */
    char deps[MAX_DEPS][4096], specs_flag[4200], musl_objdir[4096], as_deps[4200], tmp_dir[4200];
    char link_specs_flag[4200];
    const char *specs; /* specs_flag when linking against musl, else NULL */
    int direct_link;   /* the driver runs gold itself: see direct_link_specs */
    const char *argv[64];
    char cage_root[4200], cage_stage[4200], cage_own[4200];
    const char *cage_readable[2];
} compile_job;

/* Copies the student's file into the stage; 0 (and the reason in
 * `record`) when it is missing, not the student's own or unreadable. */
static int stage_source(const options *o, const section_def *s, compile_job *j, check_record *record)
{
    snprintf(j->src, sizeof j->src, "%s/%s/%s", o->dir, s->slug, s->source);
    snprintf(j->staged, sizeof j->staged, "%s/stage/%s/%s", o->work, s->slug, s->source);
    /* every message below quotes the file as the student knows it, as one
     * line of safe text (options_shown_source) */
    options_shown_source(o, s->slug, s->source, j->src_shown, sizeof j->src_shown);
    memset(record, 0, sizeof *record);
    record->failed = 1;

    if (!file_exists(j->src)) {
        record->outcome = OUTCOME_MISSING;
        snprintf(record->text, sizeof record->text, msg(o->shown_dir ? MSG_MISSING_UPLOAD : MSG_MISSING_FILE), j->src_shown,
                 s->slug, s->source);
        return 0;
    }
    if (!own_regular_file(o->dir, j->src)) {
        record->outcome = OUTCOME_NO_COMPILE;
        snprintf(record->text, sizeof record->text, msg(MSG_NOT_OWN_FILE), j->src_shown);
        return 0;
    }
    if (!copy_file(j->src, j->staged)) {
        record->outcome = OUTCOME_MISSING;
        snprintf(record->text, sizeof record->text, msg(MSG_UNREADABLE_FILE), j->src_shown);
        return 0;
    }
    char marker[1024], marker_shown[2048]; /* the student's bytes: one line of safe text */
    if (guard_line_markers(j->staged, marker, sizeof marker)) {
        record->outcome = OUTCOME_NO_COMPILE;
        text_safe_str(marker_shown, sizeof marker_shown, marker, 0);
        snprintf(record->text, sizeof record->text, msg(MSG_INCLUDE_OUTSIDE), j->src_shown, marker_shown);
        return 0;
    }
    return 1;
}

/* The linker collect2 finds for -fuse-ld=gold, and the one the musl
 * runners' link.specs names. */
#define LD_GOLD "/usr/bin/ld.gold"
/* The compiler's output kept for messages (run_compiler). */
#define COMPILE_OUTPUT_KEEP (1u << 16)

/* "-specs=<objdir>/musl/link.specs" (make wrote it: "*linker:" is
 * LD_GOLD) when the musl runner is linked by gold straight from the gcc
 * driver. gcc's driver otherwise runs collect2, which only runs gold with
 * the same arguments (-fuse-ld=gold aside) - with no LTO, no -frepo and a
 * static ELF there is nothing else for it to do - and prints one line when
 * gold fails (collect2_lines puts it back). One process less a section,
 * the same runner byte for byte (its cost: checker/bench/README.md). Not
 * with --cflags: an -flto or -v there needs collect2. */
static int direct_link_specs(const options *o, const compile_job *j, char *flag, size_t flag_size)
{
    char path[4200];
    if (!j->specs || o->flag_count || access(LD_GOLD, X_OK) != 0)
        return 0;
    snprintf(path, sizeof path, "%s/link.specs", j->musl_objdir);
    if (!file_exists(path))
        return 0;
    snprintf(flag, flag_size, "-specs=%s", path);
    return 1;
}

/* The driver's own line for a linker killed by a signal, in rs->output:
 * "<cc>: fatal error: <what> signal terminated program <ld>" (then
 * "compilation terminated.") or "<cc>: internal compiler error: <what>
 * ..." (then where to report a bug); <cc> is o->cc's basename, the
 * driver's progname. The driver prints it last: only the last such line,
 * two lines at most before the end, counts. Its start, and the signal in
 * `sig`; NULL if none. */
static char *driver_signal_line(const options *o, const spawn_result *rs, int *sig)
{
    const char *base = strrchr(o->cc, '/') ? strrchr(o->cc, '/') + 1 : o->cc;
    size_t base_len = strlen(base);
    char tail[256];
    snprintf(tail, sizeof tail, " signal terminated program %s\n", LD_GOLD);
    char *at = rs->output + rs->output_size;
    for (int newlines = 0; at > rs->output; at--)
        if (at[-1] == '\n' && ++newlines == 4)
            break; /* at the start of the third line from the end */
    for (; *at; at++) {
        if ((at != rs->output && at[-1] != '\n') || strncmp(at, base, base_len) != 0 ||
            strncmp(at + base_len, ": ", 2) != 0)
            continue;
        const char *what = at + base_len + 2, *eol = strchr(what, '\n'), *end = strstr(what, tail);
        if (!strncmp(what, "fatal error: ", 13))
            what += 13;
        else if (!strncmp(what, "internal compiler error: ", 25))
            what += 25;
        else
            continue;
        if (!end || end > eol)
            continue;
        for (int s = 1; s < NSIG; s++) {
            const char *name = strsignal(s); /* the checker never sets a locale: the C one's text, as the compiler's */
            if (name && strlen(name) == (size_t)(end - what) && !strncmp(what, name, (size_t)(end - what)))
                return *sig = s, at;
        }
    }
    return NULL;
}

/* What collect2 printed when gold failed, put back where it stood (last),
 * so a link error reads exactly as with collect2. The link ran when the
 * assembler finished (it writes as.d, --MD, only then) and the driver
 * still failed. Gold exits 1 on any error: "ld returned 1 exit status".
 * Killed by a signal (a runner over the file-size cage, say), the driver
 * says so in its own words: swapped back for collect2's (its strsignal
 * under LC_ALL=C, as spawn.c runs the compiler). An output cut at
 * COMPILE_OUTPUT_KEEP never showed collect2's line: left as it is. */
static void collect2_lines(const options *o, const compile_job *j, spawn_result *rs)
{
    if (!j->direct_link || rs->end != SPAWN_EXITED || rs->exit_code <= 0 || rs->exit_code >= 128 ||
        !rs->output || rs->output_total != rs->output_size || !file_exists(j->as_deps))
        return;
    char line[512];
    int sig = 0;
    char *driver = driver_signal_line(o, rs, &sig);
    if (driver) {
        snprintf(line, sizeof line, "collect2: fatal error: ld terminated with signal %d [%s]\ncompilation terminated.\n",
                 sig, strsignal(sig));
        rs->output_size = rs->output_total = (size_t)(driver - rs->output); /* the driver's lines were last */
    } else {
        snprintf(line, sizeof line, "collect2: error: ld returned 1 exit status\n");
    }
    size_t n = strlen(line), room = rs->output_size < COMPILE_OUTPUT_KEEP ? COMPILE_OUTPUT_KEEP - rs->output_size : 0;
    size_t kept = n < room ? n : room;
    memcpy(rs->output + rs->output_size, line, kept);
    rs->output_size += kept;
    rs->output[rs->output_size] = '\0';
    rs->output_total += n;
}

/* The compiler's flags: the student's code as a small, hardened batch. */
static int add_flags(const options *o, compile_job *j, int argc)
{
    const char **argv = j->argv;
    argv[argc++] = o->cc;
    if (j->specs)
        argv[argc++] = j->specs;
    argv[argc++] = "-std=c11";
    argv[argc++] = "-fno-math-errno"; /* as the Makefile: same results, no errno */
    /* -O0 and no -g: compiling dominates grading a class, and these are
     * small batches (MEMCHECK adds -g through its flags) */
    argv[argc++] = "-O0";
    /* no -pipe: with it the assembler runs beside cc1 and its messages can
     * land inside cc1's -H guard list on the shared stderr (hostile/asm_typo,
     * about 1 run in 6 under load), which the compile-error filter then
     * cannot strip; without it cc1 ends before `as` starts. The .s file goes
     * to TMPDIR, the stage's tmp/ (spawn.c), which the guard counts as the
     * student's. Measured: 30 compiles of 05's file, 86-90 ms either way. */
    /* gold links a static runner ~30 % faster than bfd; both are binutils'.
     * GCC would also load its LTO plugin into the linker for every runner
     * (there is no LTO here): skipping it saved ~3 ms CPU a link, measured.
     * clang does not know the flag and would warn. */
    if (access(LD_GOLD, X_OK) == 0) {
        argv[argc++] = j->direct_link ? j->link_specs_flag : "-fuse-ld=gold";
        if (!strstr(o->cc, "clang"))
            argv[argc++] = "-fno-use-linker-plugin";
    }
    argv[argc++] = "-Wall";
    argv[argc++] = "-Wextra";
    argv[argc++] = "-fdiagnostics-color=never";
    argv[argc++] = "-H"; /* list every file opened: see compile_guard.c */
    unlink(j->as_deps);
    /* clang's built-in assembler would read .incbin/.include files without
     * listing them: have clang hand its assembly to GNU as like gcc does.
     * It writes that assembly to a temporary file, kept in the stage (see
     * tmp_dir), which the guard counts as the student's. */
    if (strstr(o->cc, "clang"))
        argv[argc++] = "-fno-integrated-as";
    /* -Xassembler, not -Wa,--MD,<path>: -Wa splits its argument at every
     * comma, and a work folder may be named after a student "a,b" */
    argv[argc++] = "-Xassembler";
    argv[argc++] = "--MD";
    argv[argc++] = "-Xassembler";
    argv[argc++] = j->as_deps;
    if (CHECK_ENV.sandbox) {
        argv[argc++] = "-static"; /* nothing to load at start: the cage forbids opening files */
        /* the runner's first instructions forbid exec (runner_main.c) */
        argv[argc++] = "-Wl,-e,runner_entry";
    }
    for (int i = 0; i < o->flag_count; i++)
        argv[argc++] = o->flags[i];
    return argc;
}

/* The paths every compile of section `s` shares: musl's specs when make
 * built the runner glue for it (see the Makefile: the same gcc, pointed at
 * musl's headers and libc), the include folders and the glue objects. */
static void job_paths(const options *o, const section_def *s, compile_job *j, const char *as_list)
{
    const char *objdir = o->objdir;
    j->specs = NULL;
    if (musl_specs(o, j->specs_flag, sizeof j->specs_flag)) {
        snprintf(j->musl_objdir, sizeof j->musl_objdir, "%s/musl", o->objdir);
        objdir = j->musl_objdir;
        j->specs = j->specs_flag;
    }
    if (j->specs && g_fast_headers) /* before include/: see stage_fast_headers */
        snprintf(j->include_fast, sizeof j->include_fast, "-I%s/stage/include", o->work);
    snprintf(j->include_root, sizeof j->include_root, "-I%s/include", o->root);
    snprintf(j->include_stage, sizeof j->include_stage, "-I%s/stage/%s", o->work, s->slug);
    snprintf(j->ops_obj, sizeof j->ops_obj, "%s/ops/%s.o", objdir, s->slug);
    snprintf(j->main_obj, sizeof j->main_obj, "%s/runner_main.o", objdir);
    snprintf(j->common_lib, sizeof j->common_lib, "%s/libcommon.a", objdir);
    snprintf(j->as_deps, sizeof j->as_deps, "%s/stage/%s/%s", o->work, s->slug, as_list);
}

/* The flags and include folders of every compile, the first argc of argv. */
static int compile_flags(const options *o, compile_job *j)
{
    int argc = add_flags(o, j, 0);
    if (j->specs && g_fast_headers)
        j->argv[argc++] = j->include_fast;
    j->argv[argc++] = j->include_root;
    j->argv[argc++] = j->include_stage;
    return argc;
}

/* The message for a compile that failed: the tool's or the budget's fault,
 * a limit of the cage, missing functions, or the student's errors. */
static void explain_failure(const options *o, const compile_job *j, const spawn_result *rs, double limit,
                            check_record *record)
{
    record->outcome = OUTCOME_NO_COMPILE;
    char missing[512];
    name_missing_functions(rs->output, missing, sizeof missing);
    if (rs->end == SPAWN_FAILED)
        snprintf(record->text, sizeof record->text, msg(MSG_NO_COMPILER), o->cc);
    else if (rs->end == SPAWN_TIMED_OUT && limit < COMPILE_LIMIT_S * budget_scale(o))
        snprintf(record->text, sizeof record->text, msg(MSG_BUDGET_SUBMISSION_USED), o->submission_budget);
    else if (rs->end == SPAWN_TIMED_OUT)
        snprintf(record->text, sizeof record->text, msg(MSG_COMPILE_TIMEOUT), limit);
    else if (compiler_hit_limit(rs)) {
        char listed[3000], shown[3000];
        guard_without_include_lists(rs->output, listed, sizeof listed);
        text_safe_str(shown, sizeof shown, listed, TEXT_LINES | TEXT_CUT); /* as below */
        snprintf(record->text, sizeof record->text, msg(MSG_COMPILE_LIMITS), COMPILE_MEMORY_MIB, COMPILE_OUTPUT_MIB,
                 shown);
    } else if (missing[0] && j->deps_broken[0])
        snprintf(record->text, sizeof record->text, msg(MSG_DEP_BROKEN), missing, j->deps_broken, j->deps_broken);
    else if (missing[0] && j->deps_absent[0])
        snprintf(record->text, sizeof record->text, msg(MSG_DEP_MISSING), missing, j->deps_absent, j->deps_absent);
    else if (missing[0])
        snprintf(record->text, sizeof record->text, msg(MSG_LINK_MISSING), missing, j->src_shown);
    else {
        char listed[3000], named[3000], shown[3000];
        guard_without_include_lists(rs->output, listed, sizeof listed);
        /* name the student's own file, not the staged copy: an editor
         * jumps to "file:line" and the copy is overwritten next run */
        text_replace_all(listed, j->staged, j->src_shown, named, sizeof named);
        /* and a dep's object (a multiple definition, say) under its file's name */
        for (int i = 0; i < MAX_DEPS && j->dep_staged[i]; i++) {
            char dep_shown[2048], renamed[3000];
            options_shown_source(o, j->dep_staged[i]->slug, j->dep_staged[i]->source, dep_shown, sizeof dep_shown);
            text_replace_all(named, j->deps[i], dep_shown, renamed, sizeof renamed);
            memcpy(named, renamed, sizeof named);
        }
        /* The compiler quotes the student's lines byte for byte (a
         * comment saved in TIS-620, an escape in a string): shown as
         * safe text, and a cut above loses whole characters only. */
        text_safe_str(shown, sizeof shown, named, TEXT_LINES | TEXT_CUT);
        snprintf(record->text, sizeof record->text, msg(MSG_COMPILE_ERROR), shown);
    }
}

/* The compiler's root of its own (sandbox.h): the toolchain, what its
 * command line names, the stage's headers (a section's header includes
 * another's as "../03_two_bone/two_bone.h") read-only, and this section's
 * stage folder writable; the references, the replay data, the build and
 * every other file are not there to be read. Wherever the machine allows
 * it; as root where it does not, one line says so (the compile's output
 * is still held to the allowed places, compile_guard.c). */
static void cage_compile(const options *o, const section_def *s, compile_job *j, spawn_request *rq)
{
    char why[160];
    if (!sandbox_fs_available(why, sizeof why))
        return;
    snprintf(j->cage_root, sizeof j->cage_root, "%s/cage", o->work);
    snprintf(j->cage_stage, sizeof j->cage_stage, "%s/stage", o->work);
    snprintf(j->cage_own, sizeof j->cage_own, "%s/stage/%s", o->work, s->slug);
    make_dirs(j->cage_root); /* if it cannot be made the cage is not built and the compile fails, never runs uncaged */
    j->cage_readable[0] = j->cage_stage;
    j->cage_readable[1] = NULL;
    rq->cage_root = j->cage_root;
    rq->cage_readable = j->cage_readable;
    rq->cage_writable = j->cage_own;
}

/* Runs the compile in its cage; 0 (and why in `record`) when the
 * submission's budget has no time left for it. */
static int run_compiler(const options *o, const section_def *s, compile_job *j, const char *runner,
                        spawn_result *rs, double *limit, check_record *record)
{
    if (!guard_system_dirs_loaded())
        guard_load_system_dirs(o, j->specs, cache_cc_identity());
    /* the compiler's temporary files go to a folder of this compile's own,
     * emptied if the compile is killed (spawn.h, process_tree) */
    snprintf(j->tmp_dir, sizeof j->tmp_dir, "%s/stage/%s/tmp", o->work, s->slug);
    if (!make_dirs(j->tmp_dir)) /* then the stage folder itself, as before */
        snprintf(j->tmp_dir, sizeof j->tmp_dir, "%s/stage/%s", o->work, s->slug);
    *limit = compile_limit(o);
    if (*limit < 0.05) {
        record->outcome = OUTCOME_TIMED_OUT;
        snprintf(record->text, sizeof record->text, msg(MSG_BUDGET_SUBMISSION_USED), o->submission_budget);
        return 0;
    }
    /* enough to keep -H's whole list (a few KB) beside the first errors */
    spawn_request rq = {.argv = j->argv, .timeout_ms = (int)(*limit * 1000), .output_keep = COMPILE_OUTPUT_KEEP,
                        .output_limit = 1u << 20, .tmpdir = j->tmp_dir,
                        .cpu_seconds = (int)*limit + 1, .address_space = (size_t)COMPILE_MEMORY_MIB << 20,
                        .file_size = (size_t)COMPILE_OUTPUT_MIB << 20, .process_tree = 1, .output = runner};
    cage_compile(o, s, j, &rq);
    spawn_run(&rq, rs);
    return 1;
}

/* Did the compile read outside the allowed places? Then the runner is
 * thrown away and `record` says which file. */
static int read_outside(const options *o, const compile_job *j, const spawn_result *rs, int ok,
                        const char *runner, check_record *record, int *unchecked)
{
    char outside[1024];
    /* A list cut short cannot be vouched for: only a file that includes
     * hundreds of headers gets here. */
    *unchecked = ok && rs->output_total > rs->output_size;
    if (!guard_read_outside(o, rs->output, j->as_deps, j->staged, j->tmp_dir, outside, sizeof outside) &&
        !*unchecked)
        return 0;
    unlink(runner);
    record->outcome = OUTCOME_NO_COMPILE;
    char outside_shown[2048]; /* a name the student's source chose */
    text_safe_str(outside_shown, sizeof outside_shown, outside, 0);
    snprintf(record->text, sizeof record->text, msg(MSG_INCLUDE_OUTSIDE), j->src_shown,
             *unchecked ? "(too many #include lines to check)" : outside_shown);
    return 1;
}

/* Judges a finished compile: a runner that may run, or why not. */
static int judge_compile(const options *o, const compile_job *j, spawn_result *rs, double limit,
                         const char *runner, check_record *record, const char *key)
{
    int ok = rs->end == SPAWN_EXITED && rs->exit_code == 0 && file_exists(runner), unchecked;
    if (read_outside(o, j, rs, ok, runner, record, &unchecked)) {
        if (key[0] && rs->end == SPAWN_EXITED && !unchecked)
            cache_put_compile(o, key, NULL, record);
        return 0;
    }
    char refused[1024];
    if (!ok) {
        collect2_lines(o, j, rs); /* after the guard read the output as it was */
        explain_failure(o, j, rs, limit, record);
    } else if (CHECK_ENV.sandbox && !runner_elf_check(runner, "runner_entry", refused, sizeof refused)) {
        unlink(runner);
        ok = 0;
        record->outcome = OUTCOME_NO_COMPILE;
        snprintf(record->text, sizeof record->text, msg(MSG_RUNNER_REFUSED), j->src_shown, refused);
    } else {
        record->failed = 0;
        chmod(runner, 0755); /* run as nobody when the checker is root (spawn.c) */
    }
    /* kept when the code decided it, not the machine's load (see cache.c) */
    if (key[0] && ok)
        cache_put_compile(o, key, runner, NULL);
    else if (key[0] && rs->end == SPAWN_EXITED && !compiler_hit_limit(rs) && record->outcome == OUTCOME_NO_COMPILE)
        cache_put_compile(o, key, NULL, record);
    return ok;
}

/* ---- the sections a section builds on ------------------------------------
 * A dep's own file (deps.c stages it) is compiled once a run, alone, to an
 * object, stage/<dep>/own.o, under the same cage and guard as a graded file:
 * its line markers refused, its -H list and its assembler's list held to
 * the allowed places (a compile's assembler list is one file's, so the dep
 * is never compiled inside another section's compile, where an .incbin of
 * it would go unseen). Every runner that builds on it links that object.
 * 1 with the object's path, 0 when the student has no such file, -1 when
 * it does not compile or is refused: the section is then built without it,
 * and a link that misses a function says which file to write or fix. */
typedef struct {
    int built;    /* dep_compile ran for this section, this run */
    int state;    /* what it returned */
    char key[65]; /* its compile's cache key, with --cache */
} dep_memo;
static dep_memo g_dep_memo[MAX_SECTIONS]; /* by the section's place in SECTIONS */

static int dep_compile(const options *o, const section_def *d, const char *obj, char key[65])
{
    static compile_job job; /* beside compile_section's own: it is built while that one waits */
    compile_job *j = &job;
    check_record record;
    memset(&record, 0, sizeof record);
    int staged = deps_stage_own(o->dir, o->work, d->slug, j->staged, sizeof j->staged);
    if (staged != 1)
        return staged;
    char marker[1024];
    if (guard_line_markers(j->staged, marker, sizeof marker))
        return -1;
    job_paths(o, d, j, "own.as.d");
    j->direct_link = 0; /* no link here */
    int argc = compile_flags(o, j);
    j->argv[argc++] = "-c";
    j->argv[argc++] = j->staged;
    j->argv[argc++] = "-o";
    j->argv[argc++] = obj;
    j->argv[argc] = NULL;
    unlink(obj);
    key[0] = '\0';
    if (o->cache) {
        cache_compiler_identity(o, j->specs);
        cache_runner_key(o, j->argv, key);
        int kept = cache_get_compile(o, key, obj, &record);
        if (kept >= 0)
            return kept ? 1 : -1;
    }
    spawn_result rs;
    double limit;
    if (!run_compiler(o, d, j, obj, &rs, &limit, &record))
        return -1;
    int ok = rs.end == SPAWN_EXITED && rs.exit_code == 0 && file_exists(obj), unchecked;
    if (read_outside(o, j, &rs, ok, obj, &record, &unchecked)) {
        ok = 0;
        if (key[0] && rs.end == SPAWN_EXITED && !unchecked)
            cache_put_compile(o, key, NULL, &record);
    } else if (key[0] && ok) {
        cache_put_compile(o, key, obj, NULL);
    } else if (key[0] && rs.end == SPAWN_EXITED && !compiler_hit_limit(&rs)) {
        record.outcome = OUTCOME_NO_COMPILE; /* its own section says why */
        cache_put_compile(o, key, NULL, &record);
    }
    spawn_result_free(&rs);
    return ok ? 1 : -1;
}

static int dep_object(const options *o, const char *slug, char *obj, size_t obj_size, const char **key)
{
    const section_def *d = section_find(slug);
    if (!d)
        return 0;
    snprintf(obj, obj_size, "%s/stage/%s/own.o", o->work, d->slug);
    dep_memo *m = &g_dep_memo[d - SECTIONS];
    if (!m->built) {
        m->state = dep_compile(o, d, obj, m->key);
        m->built = 1;
    }
    *key = m->key;
    return m->state;
}

/* The whole command line: flags, the objects of the student's own files
 * of the sections it builds on (those there are), the staged source and
 * the trusted glue. */
static void build_command(const options *o, const section_def *s, compile_job *j, const char *runner)
{
    job_paths(o, s, j, "as.d");
    j->direct_link = direct_link_specs(o, j, j->link_specs_flag, sizeof j->link_specs_flag);
    int argc = compile_flags(o, j);
    const char **argv = j->argv;
    j->deps_absent[0] = j->deps_broken[0] = '\0';
    int linked = 0;
    memset(j->dep_staged, 0, sizeof j->dep_staged);
    for (int i = 0; i < MAX_DEPS && s->deps[i]; i++) {
        const char *dep_key;
        int built = dep_object(o, s->deps[i], j->deps[linked], sizeof j->deps[linked], &dep_key);
        if (built != 1) {
            char *list = built < 0 ? j->deps_broken : j->deps_absent; /* both sizeof j->deps_absent */
            _Static_assert(sizeof j->deps_broken == sizeof j->deps_absent, "one size for both lists");
            size_t used = strlen(list);
            snprintf(list + used, sizeof j->deps_absent - used, "%s%s", used ? ", " : "", s->deps[i]);
            continue;
        }
        j->dep_staged[linked] = section_find(s->deps[i]);
        snprintf(j->dep_keys[linked], sizeof j->dep_keys[linked], "dep-object %s", dep_key);
        argv[argc++] = j->deps[linked++];
    }
    argv[argc++] = j->staged;
    argv[argc++] = j->ops_obj;
    argv[argc++] = j->main_obj;
    if (file_exists(j->common_lib))
        argv[argc++] = j->common_lib; /* the given helpers a section may call */
    argv[argc++] = "-lm";
    argv[argc++] = "-o";
    argv[argc++] = runner;
    argv[argc] = NULL;
}

/* As root on a machine without the cage, one line says so: at the first
 * section, whether its runner is compiled or comes from the cache, so a
 * cached regrade's log is the first grade's. */
static void say_if_uncaged(void)
{
    static int told;
    char why[160];
    if (!told++ && geteuid() == 0 && !sandbox_fs_available(why, sizeof why))
        fprintf(stderr, "checker: compiles are not caged on this machine (%s); their output is still checked\n", why);
}

int compile_section(const options *o, const section_def *s, char *runner, size_t runner_size,
                    check_record *record, char key[65])
{
    say_if_uncaged();
    static compile_job job; /* ~60 KB of paths: one compile at a time */
    compile_job *j = &job;
    key[0] = '\0';
    snprintf(runner, runner_size, "%s/stage/%s/runner", o->work, s->slug);
    if (!stage_source(o, s, j, record))
        return 0;
    build_command(o, s, j, runner);
    unlink(runner);
    if (o->cache) {
        cache_compiler_identity(o, j->specs);
        /* a dep's object holds the stage's path (the source's name in its
         * symbols), so the key names it by its compile's own key instead */
        const char *key_argv[64];
        for (int i = 0, d = 0; (key_argv[i] = j->argv[i]) != NULL; i++)
            if (d < MAX_DEPS && j->dep_staged[d] && j->argv[i] == j->deps[d])
                key_argv[i] = j->dep_keys[d++];
        cache_runner_key(o, key_argv, key);
        int kept = cache_get_compile(o, key, runner, record);
        if (kept >= 0)
            return kept;
    }
    spawn_result rs;
    double limit;
    if (!run_compiler(o, s, j, runner, &rs, &limit, record))
        return 0;
    int ok = judge_compile(o, j, &rs, limit, runner, record, key);
    spawn_result_free(&rs);
    return ok;
}
