/* cache.c - the grading cache (--cache DIR).
 *
 * Regrading a class recompiles nothing that did not change. A runner is
 * named by the SHA-256 of everything that goes into it: the compiler's
 * identity (its -v words: version, target, configuration), every argument
 * of the compile, the bytes of every file an argument names (the student's
 * staged source, the trusted objects, the specs file), every file in the
 * -I folders and the stage (see runner_key), the checker's own binary (so
 * a changed suite, message or cage misses) and whether runners are caged.
 * A failed compile is kept as its record (its message), a good one as the
 * runner.
 * Only what the inputs decide is kept: a compile cut by a time or memory
 * limit, or a check that timed out or could not start its runner, depends
 * on the machine's load and is done again next time.
 *
 * A section's results are kept too, named by the runner's hash, the seed
 * (visible, or the hidden one for the hidden re-run), the budgets, the
 * language and the data files the suites read: the same file graded again
 * with the same seed (the untouched stub of every student, a regrade after
 * a fix elsewhere) runs no check. A section's figure files (05, 06) are
 * kept beside its results and put back. The cache is the instructor's:
 * runners cannot open files and a compile may read only include/, the
 * stage and the system headers (see include_outside), so a submission
 * cannot read or plant an entry. grade_all bounds its size (oldest out). */
#define _GNU_SOURCE
#include "driver.h"
#include "messages.h"
#include "os.h"
#include "sha256.h"
#include "text.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static unsigned char g_cc_identity[32]; /* SHA-256 of the compiler's own -v words */

static unsigned char g_self_digest[32];
static int g_self_hashed;
static unsigned char g_data_digest[32];
static int g_data_hashed;
static struct {
    int runners_reused, runners_compiled, results_reused, results_run;
} g_cache_stats;

static void hash_bytes(sha256_ctx *c, const void *p, size_t n)
{
    uint64_t len = n;
    sha256_update(c, &len, sizeof len);
    sha256_update(c, p, n);
}

static void hash_text(sha256_ctx *c, const char *text) { hash_bytes(c, text, strlen(text)); }

/* ---- each file's own SHA-256, read once ------------------------------------
 * A runner's key names the same files section after section (the stage,
 * the include folders, libcommon.a, the specs file), and every checker
 * process would hash its own 2.2 MB binary and the 0.7 MB clip: hashed
 * whole each time, that is 16 % of the CPU of a regrade with a new hidden
 * seed (perf). A key takes a file's digest instead of its bytes, and the
 * digest is read once per file and process, known by its inode, size and
 * both change times (anything written to it moves one of them). The
 * trusted files - everything outside this run's work folder and the
 * submission: the checker, the clip, the glue objects, include/, the specs
 * file - are also kept in the cache folder under those, for the next
 * process, which would otherwise hash ~0.5 MB of small ones again
 * (~2 ms). Never a file of the work folder
 * (the staged copies are new files each run, so nothing would be found)
 * or of the submission. A file changed less than a second ago is not kept:
 * change times tick coarsely, and a rewrite of the same size within the
 * same tick would otherwise keep its old name. */
#define DIGEST_MEMO 512
#define DIGEST_SETTLED_NS 1000000000ull
typedef struct {
    uint64_t facts[5];
    unsigned char d[32];
} file_digest;
static file_digest g_digests[DIGEST_MEMO];
static int g_digest_count;
static const options *g_digest_cache; /* where large files' digests are kept */

static void file_facts(const struct stat *st, uint64_t facts[5])
{
    facts[0] = (uint64_t)st->st_dev;
    facts[1] = (uint64_t)st->st_ino;
    facts[2] = (uint64_t)st->st_size;
    facts[3] = (uint64_t)st->st_mtim.tv_sec * 1000000000u + (uint64_t)st->st_mtim.tv_nsec;
    facts[4] = (uint64_t)st->st_ctim.tv_sec * 1000000000u + (uint64_t)st->st_ctim.tv_nsec;
}

static void cache_path(const options *o, const char *kind, const char *key, char *out, size_t out_size);
static FILE *cache_create(const options *o, const char *kind, const char *key, char *tmp, size_t tmp_size);
static void cache_commit(const options *o, const char *kind, const char *key, FILE *f, const char *tmp, int ok);

/* May the digest of `path` be kept in the cache folder? See above. */
static int path_under(const char *path, const char *dir)
{
    size_t n = dir ? strlen(dir) : 0;
    return n > 0 && strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static int digest_may_be_kept(const char *path, const struct stat *st)
{
    if (!g_digest_cache || path_under(path, g_digest_cache->work) || path_under(path, g_digest_cache->dir))
        return 0;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t now_ns = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec,
             changed = (uint64_t)st->st_ctim.tv_sec * 1000000000u + (uint64_t)st->st_ctim.tv_nsec;
    return changed + DIGEST_SETTLED_NS < now_ns;
}

static void digest_of(int fd, const struct stat *st, int may_keep, unsigned char d[32])
{
    uint64_t facts[5];
    file_facts(st, facts);
    for (int i = 0; i < g_digest_count; i++)
        if (!memcmp(g_digests[i].facts, facts, sizeof facts)) {
            memcpy(d, g_digests[i].d, 32);
            return;
        }
    char key[65] = "", path[4096];
    int kept = 0;
    if (may_keep) {
        sha256_ctx k;
        unsigned char kd[32];
        sha256_init(&k);
        sha256_update(&k, "digest v1", 9);
        sha256_update(&k, facts, sizeof facts);
        sha256_final(&k, kd);
        sha256_hex(kd, key);
        cache_path(g_digest_cache, "digest", key, path, sizeof path);
        FILE *f = fopen(path, "rb");
        kept = f && fread(d, 1, 32, f) == 32 && fgetc(f) == EOF;
        if (f)
            fclose(f);
    }
    if (!kept) {
        sha256_ctx c;
        sha256_init(&c);
        char buf[65536];
        ssize_t n;
        while ((n = read(fd, buf, sizeof buf)) > 0)
            sha256_update(&c, buf, (size_t)n);
        sha256_final(&c, d);
        char tmp[4200];
        FILE *f = key[0] ? cache_create(g_digest_cache, "digest", key, tmp, sizeof tmp) : NULL;
        if (f)
            cache_commit(g_digest_cache, "digest", key, f, tmp, fwrite(d, 1, 32, f) == 32);
    }
    if (g_digest_count < DIGEST_MEMO) {
        memcpy(g_digests[g_digest_count].facts, facts, sizeof facts);
        memcpy(g_digests[g_digest_count++].d, d, 32);
    }
}

/* The file's length and digest, or a mark that it is not a readable
 * regular file. Returns 1 when it was a regular file. */
static int hash_file_at(sha256_ctx *c, const char *path, int follow)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0)
            close(fd);
        hash_text(c, "<not a file>");
        return 0;
    }
    uint64_t len = (uint64_t)st.st_size;
    unsigned char d[32];
    digest_of(fd, &st, digest_may_be_kept(path, &st), d);
    sha256_update(c, &len, sizeof len);
    sha256_update(c, d, sizeof d);
    close(fd);
    return 1;
}

static int hash_file(sha256_ctx *c, const char *path) { return hash_file_at(c, path, 0); }

static int not_dot(const struct dirent *e) { return e->d_name[0] != '.'; }

/* Every regular file of a folder in name order (its path from `dir` with
 * it), and with `recurse` its folders' too; `suffix` keeps only names
 * ending so. A folder holding no such file adds nothing: the compiler's
 * tmp/ folder exists or not depending on whether that section compiled. */
static void hash_dir_at(sha256_ctx *c, const char *dir, const char *rel, const char *suffix, int recurse,
                        const char *const *skip)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, not_dot, alphasort);
    for (int i = 0; i < n; i++) {
        char path[4096], name[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        snprintf(name, sizeof name, "%s%s%s", rel, rel[0] ? "/" : "", names[i]->d_name);
        size_t len = strlen(names[i]->d_name), sl = suffix ? strlen(suffix) : 0;
        int skipped = 0;
        for (int k = 0; skip && skip[k]; k++)
            skipped |= !strcmp(names[i]->d_name, skip[k]);
        struct stat st;
        if (skipped) {
            /* left out: see runner_key */
        } else if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (recurse)
                hash_dir_at(c, path, name, suffix, recurse, skip);
        } else if (S_ISREG(st.st_mode) && (!suffix || (len >= sl && !strcmp(names[i]->d_name + len - sl, suffix)))) {
            hash_text(c, name);
            hash_file(c, path);
        }
        free(names[i]);
    }
    free(names);
}

static void hash_dir(sha256_ctx *c, const char *dir, const char *suffix, int recurse, const char *const *skip)
{
    hash_dir_at(c, dir, "", suffix, recurse, skip);
    hash_text(c, "<end of folder>");
}

/* The checker's own version: its binary, suites, messages and cage. */
static const unsigned char *self_digest(void)
{
    if (!g_self_hashed) {
        sha256_ctx c;
        sha256_init(&c);
        hash_file_at(&c, "/proc/self/exe", 1); /* a link to the binary */
        sha256_final(&c, g_self_digest);
        g_self_hashed = 1;
    }
    return g_self_digest;
}

/* The data files the suites read (the motion capture clip). */
static const unsigned char *data_digest(const options *o)
{
    if (!g_data_hashed) {
        sha256_ctx c;
        char dir[4096];
        sha256_init(&c);
        snprintf(dir, sizeof dir, "%s/checker/data", o->root);
        hash_dir(&c, dir, NULL, 1, NULL);
        sha256_final(&c, g_data_digest);
        g_data_hashed = 1;
    }
    return g_data_digest;
}

/* The runner's name. Paths inside this run's work folder are hashed as
 * "@WORK@/...": the same file graded in another student's work folder (the
 * untouched stub, a copy) names the same runner, and a regrade in a new
 * work folder finds it. What the compile could read there is hashed by
 * content: the whole stage (every section's staged header and the sources
 * staged so far, which a file may include), but not what compiling leaves
 * behind (runner, as.d, tmp/), which a kept runner does not. */
void cache_runner_key(const options *o, const char *const *argv, char key[65])
{
    sha256_ctx c;
    sha256_init(&c);
    hash_text(&c, "runner v2"); /* v2: files by their digests */
    g_digest_cache = o->cache ? o : NULL;
    sha256_update(&c, self_digest(), 32);
    sha256_update(&c, g_cc_identity, 32);
    hash_text(&c, CHECK_ENV.sandbox ? "caged" : "uncaged");
    size_t work_len = strlen(o->work);
    for (int i = 0; argv[i]; i++) {
        const char *a = argv[i], *in = strstr(a, o->work);
        char shown[4200];
        if (in && (in[work_len] == '/' || in[work_len] == '\0'))
            snprintf(shown, sizeof shown, "%.*s@WORK@%s", (int)(in - a), a, in + work_len);
        else
            snprintf(shown, sizeof shown, "%s", a);
        hash_text(&c, shown);
        if (!strncmp(a, "-I", 2))
            hash_dir(&c, a + 2, NULL, 0, (const char *const[]){"runner", "as.d", "tmp", "own.o", "own.as.d", NULL});
        else if (!strncmp(a, "-specs=", 7))
            hash_file(&c, a + 7);
        else
            hash_file(&c, a);
    }
    char stage[4096];
    snprintf(stage, sizeof stage, "%s/stage", o->work);
    hash_dir(&c, stage, NULL, 1, (const char *const[]){"runner", "as.d", "tmp", "own.o", "own.as.d", NULL});
    unsigned char d[32];
    sha256_final(&c, d);
    sha256_hex(d, key);
}

/* A failed compile's record quotes the student's path and may quote the
 * stage's: kept under the runner's name with both. */
static void compile_key(const options *o, const char *runner, char key[65])
{
    sha256_ctx c;
    sha256_init(&c);
    hash_text(&c, "compile v1");
    hash_text(&c, runner);
    hash_text(&c, o->work);
    hash_text(&c, o->dir);
    hash_text(&c, o->shown_dir ? o->shown_dir : "\n(not an upload)"); /* the name messages give the file */
    hash_text(&c, o->shown_loose ? "loose" : "folders");
    hash_text(&c, msg(MSG_COMPILE_ERROR)); /* the language */
    unsigned char d[32];
    sha256_final(&c, d);
    sha256_hex(d, key);
}

void cache_results_key(const options *o, const char *runner, const char *what, uint64_t seed, const int *only,
                       size_t count, char key[65])
{
    sha256_ctx c;
    sha256_init(&c);
    hash_text(&c, "results v2");
    g_digest_cache = o->cache ? o : NULL;
    hash_text(&c, runner);
    hash_text(&c, what);
    sha256_update(&c, self_digest(), 32);
    sha256_update(&c, data_digest(o), 32);
    uint64_t numbers[5] = {seed, o->seed_count, (uint64_t)CHECK_ENV.timeout_ms, (uint64_t)(o->section_budget * 1000),
                           (uint64_t)CHECK_ENV.plot_defer};
    sha256_update(&c, numbers, sizeof numbers);
    /* whether figures are drawn, not where: the note names the place as
     * @PLOT@ (see cache_put_results) */
    hash_text(&c, o->plot_dir ? "<figures>" : "<no figures>");
    hash_text(&c, msg(MSG_COMPILE_ERROR)); /* the language */
    for (size_t i = 0; only && i < count; i++)
        sha256_update(&c, &only[i], sizeof only[i]);
    unsigned char d[32];
    sha256_final(&c, d);
    sha256_hex(d, key);
}

static void cache_path(const options *o, const char *kind, const char *key, char *out, size_t out_size)
{
    snprintf(out, out_size, "%s/%s/%.2s/%s", o->cache, kind, key, key);
}

/* A new entry is written beside its place and renamed into it: a reader
 * (a parallel job) sees a whole entry or none. */
static FILE *cache_create(const options *o, const char *kind, const char *key, char *tmp, size_t tmp_size)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s/%.2s", o->cache, kind, key);
    if (!make_dirs(dir))
        return NULL;
    snprintf(tmp, tmp_size, "%s/.new.%s.XXXXXX", dir, key);
    int fd = mkstemp(tmp);
    return fd < 0 ? NULL : fdopen(fd, "wb");
}

static void cache_commit(const options *o, const char *kind, const char *key, FILE *f, const char *tmp, int ok)
{
    char path[4096];
    cache_path(o, kind, key, path, sizeof path);
    if (fclose(f) != 0 || !ok || rename(tmp, path) != 0)
        unlink(tmp);
}

static void put_u32(FILE *f, uint32_t v) { fwrite(&v, sizeof v, 1, f); }
static int get_u32(FILE *f, uint32_t *v) { return fread(v, sizeof *v, 1, f) == 1; }
static void put_blob(FILE *f, const void *p, size_t n)
{
    put_u32(f, (uint32_t)n);
    if (n)
        fwrite(p, 1, n, f);
}
/* A blob of at most cap bytes; text blobs get a NUL after them. */
static int get_blob(FILE *f, void *p, size_t cap, size_t *n, int text)
{
    uint32_t len;
    if (!get_u32(f, &len) || len + (size_t)text > cap || (len && fread(p, 1, len, f) != len))
        return 0;
    if (text)
        ((char *)p)[len] = '\0';
    *n = len;
    return 1;
}

static const uint32_t CACHE_MAGIC = 0x32434b49, CACHE_END = 0x21444e45; /* "IKC2", "END!" */

static void put_record(FILE *f, int passed, const check_record *r)
{
    put_u32(f, (uint32_t)passed);
    put_u32(f, (uint32_t)r->failed);
    put_u32(f, (uint32_t)r->outcome);
    put_u32(f, (uint32_t)r->diag);
    put_blob(f, r->text, strlen(r->text));
    put_blob(f, r->printed, r->printed_size);
}

static int get_record(FILE *f, int *passed, check_record *r)
{
    uint32_t v[4];
    size_t n;
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 4; i++)
        if (!get_u32(f, &v[i]))
            return 0;
    if (v[0] > 1 || v[1] > 1 || v[2] > OUTCOME_MISSING || v[3] >= DIAG_COUNT)
        return 0;
    *passed = (int)v[0];
    r->failed = (int)v[1];
    r->outcome = (check_outcome)v[2];
    r->diag = (diagnosis)v[3];
    return get_blob(f, r->text, sizeof r->text, &n, 1) && get_blob(f, r->printed, sizeof r->printed, &r->printed_size, 0);
}

static void cache_touch(const char *path) { utimensat(AT_FDCWD, path, NULL, 0); }

/* The name under which what the compiler says about itself is kept: the
 * compiler's file as found on PATH - its real path, inode, size and times,
 * any of which a reinstall changes - and `what` (which question). "" when
 * there is no cache or the compiler is not found. */
static void compiler_key(const options *o, const char *what, const char *specs_flag, char key[65])
{
    char found[4096] = "", real[PATH_MAX], path[4096];
    key[0] = '\0';
    if (!o->cache)
        return;
    if (strchr(o->cc, '/'))
        snprintf(found, sizeof found, "%s", o->cc);
    else {
        const char *dirs = getenv("PATH");
        while (dirs && *dirs && !found[0]) {
            size_t n = strcspn(dirs, ":");
            snprintf(path, sizeof path, "%.*s/%s", (int)n, dirs, o->cc);
            if (access(path, X_OK) == 0)
                snprintf(found, sizeof found, "%s", path);
            dirs += n + (dirs[n] == ':');
        }
    }
    struct stat st;
    if (!found[0] || !realpath(found, real) || stat(real, &st) != 0)
        return;
    sha256_ctx c;
    unsigned char d[32];
    sha256_init(&c);
    hash_text(&c, what);
    hash_text(&c, o->cc);
    hash_text(&c, real);
    uint64_t facts[6] = {(uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
                         (uint64_t)st.st_mtim.tv_sec * 1000000000u + (uint64_t)st.st_mtim.tv_nsec,
                         (uint64_t)st.st_ctim.tv_sec * 1000000000u + (uint64_t)st.st_ctim.tv_nsec, 0};
    sha256_update(&c, facts, sizeof facts);
    hash_text(&c, specs_flag ? specs_flag : "<no specs>");
    if (specs_flag)
        hash_file(&c, specs_flag + strlen("-specs="));
    sha256_final(&c, d);
    sha256_hex(d, key);
}

/* The compiler's identity and its system include folders both come from
 * its -v words (guard_ask_system_dirs), which cost a cc1 start. With a
 * cache the words are kept under compiler_key, with the identity they
 * give as a check of the entry, so a checker runs no compiler for them:
 * none at all when it compiles nothing, and none beside the compiles. */
#define CC_WORDS_MAX 16384 /* what guard_ask_system_dirs keeps */
static int g_cc_known;
void cache_compiler_identity(const options *o, const char *specs_flag)
{
    if (g_cc_known)
        return;
    char key[65], path[4096];
    g_digest_cache = o->cache ? o : NULL;
    compiler_key(o, "compiler v2", specs_flag, key); /* v2: the words, not only their hash */
    if (key[0]) {
        static char words[CC_WORDS_MAX + 1];
        unsigned char kept_identity[32];
        uint32_t size = 0;
        cache_path(o, "compiler", key, path, sizeof path);
        FILE *f = fopen(path, "rb");
        int ok = f && fread(kept_identity, 1, 32, f) == 32 && get_u32(f, &size) && size <= CC_WORDS_MAX &&
                 fread(words, 1, size, f) == size && fgetc(f) == EOF;
        if (f)
            fclose(f);
        if (ok) {
            words[size] = '\0';
            guard_set_system_dirs(o, words, size, g_cc_identity);
            if (!memcmp(kept_identity, g_cc_identity, 32)) {
                g_cc_known = 1;
                return;
            }
        }
    }
    size_t size;
    int exited_ok;
    char *words = guard_ask_system_dirs(o, specs_flag, &size, &exited_ok);
    guard_set_system_dirs(o, words, size, g_cc_identity);
    g_cc_known = 1;
    /* only an answer the compiler finished: one cut by a limit (the
     * machine's load) is asked again next time */
    char tmp[4200];
    FILE *f = key[0] && words && exited_ok && size <= CC_WORDS_MAX ? cache_create(o, "compiler", key, tmp, sizeof tmp)
                                                                    : NULL;
    if (f) {
        int ok = fwrite(g_cc_identity, 1, 32, f) == 32;
        put_u32(f, (uint32_t)size);
        ok &= fwrite(words, 1, size, f) == size;
        cache_commit(o, "compiler", key, f, tmp, ok);
    }
    free(words);
}

/* The first line of "cc --version" (Gradescope's extra_data), kept like
 * the identity: a process per submission less (~1.4 ms with gcc, ~28
 * with clang). 1 when it was kept. */
int cache_get_compiler_version(const options *o, char *out, size_t size)
{
    char key[65], path[4096];
    compiler_key(o, "compiler version v1", NULL, key);
    if (!key[0])
        return 0;
    cache_path(o, "compiler", key, path, sizeof path);
    FILE *f = fopen(path, "rb");
    size_t n = f && size > 1 ? fread(out, 1, size - 1, f) : 0;
    /* one line of text, whole: anything else is asked again */
    int ok = f && n > 0 && fgetc(f) == EOF && !memchr(out, '\0', n) && !memchr(out, '\n', n);
    if (f)
        fclose(f);
    out[ok ? n : 0] = '\0';
    return ok;
}

void cache_put_compiler_version(const options *o, const char *text)
{
    char key[65], tmp[4200];
    compiler_key(o, "compiler version v1", NULL, key);
    FILE *f = key[0] && text[0] && !strchr(text, '\n') ? cache_create(o, "compiler", key, tmp, sizeof tmp) : NULL;
    if (f)
        cache_commit(o, "compiler", key, f, tmp, fputs(text, f) >= 0);
}

/* 1: a kept runner, copied to `runner`; 0: a kept failed compile, in
 * `record`; -1: not kept. */
static int lookup_compile(const options *o, const char *key, const char *runner, check_record *record)
{
    char path[4096];
    cache_path(o, "runner", key, path, sizeof path);
    if (file_exists(path) && copy_file(path, runner)) {
        chmod(runner, 0755);
        cache_touch(path);
        return 1;
    }
    char failed_key[65];
    compile_key(o, key, failed_key);
    cache_path(o, "compile", failed_key, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint32_t magic = 0, end = 0;
    int passed, ok = get_u32(f, &magic) && magic == CACHE_MAGIC && get_record(f, &passed, record) &&
                     get_u32(f, &end) && end == CACHE_END;
    fclose(f);
    if (!ok)
        return -1;
    cache_touch(path);
    return 0;
}

void cache_put_compile(const options *o, const char *key, const char *runner, const check_record *record)
{
    char tmp[4200], failed_key[65];
    compile_key(o, key, failed_key);
    if (!runner)
        key = failed_key;
    FILE *f = cache_create(o, runner ? "runner" : "compile", key, tmp, sizeof tmp);
    if (!f)
        return;
    int ok = 1;
    if (runner) {
        FILE *in = fopen(runner, "rb");
        char buf[65536];
        size_t n;
        ok = in != NULL;
        while (in && (n = fread(buf, 1, sizeof buf, in)) > 0)
            ok &= fwrite(buf, 1, n, f) == n;
        if (in)
            fclose(in);
    } else {
        put_u32(f, CACHE_MAGIC);
        put_record(f, 0, record);
        put_u32(f, CACHE_END);
    }
    cache_commit(o, runner ? "runner" : "compile", key, f, tmp, ok);
}

/* Results a rerun might not repeat: the machine's load decides them. */
int results_repeatable(const check_result *r, size_t count, const int *only)
{
    for (size_t i = 0; i < count; i++)
        if ((!only || only[i]) &&
            (r[i].record.outcome == OUTCOME_TIMED_OUT || r[i].record.outcome == OUTCOME_NOT_STARTED))
            return 0;
    return 1;
}

/* The files a section's figure wrote into plot_dir this run: its slug's. */
#define MAX_FIGURE_FILES 4
void cache_put_results(const options *o, const char *key, const section_result *sr, const check_result *r,
                       const char *note, double figure_start)
{
    char tmp[4200];
    FILE *f = cache_create(o, "results", key, tmp, sizeof tmp);
    if (!f)
        return;
    put_u32(f, CACHE_MAGIC);
    put_u32(f, (uint32_t)sr->check_count);
    for (size_t i = 0; i < sr->check_count; i++)
        put_record(f, r[i].passed, &r[i].record);
    char kept_note[2048] = "";
    if (note && o->plot_dir)
        text_replace_all(note, o->plot_dir, "@PLOT@", kept_note, sizeof kept_note);
    else if (note)
        snprintf(kept_note, sizeof kept_note, "%s", note);
    put_blob(f, kept_note, strlen(kept_note));
    int ok = 1;
    char names[MAX_FIGURE_FILES][256];
    int files = 0;
    size_t slug_len = strlen(sr->def->slug);
    DIR *d = note && o->plot_dir ? opendir(o->plot_dir) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", o->plot_dir, e->d_name);
        if (strncmp(e->d_name, sr->def->slug, slug_len) || e->d_name[slug_len] != '_' || lstat(path, &st) != 0 ||
            !S_ISREG(st.st_mode) || (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9 < figure_start)
            continue;
        if (files == MAX_FIGURE_FILES || st.st_size > (1 << 20))
            ok = 0; /* not what a figure writes: keep nothing */
        else
            snprintf(names[files++], sizeof names[0], "%s", e->d_name);
    }
    if (d)
        closedir(d);
    put_u32(f, (uint32_t)files);
    for (int k = 0; ok && k < files; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", o->plot_dir, names[k]);
        FILE *in = fopen(path, "rb");
        static char data[1 << 20];
        size_t n = in ? fread(data, 1, sizeof data, in) : 0;
        ok &= in != NULL;
        if (in)
            fclose(in);
        put_blob(f, names[k], strlen(names[k]));
        put_blob(f, data, n);
    }
    put_u32(f, CACHE_END);
    cache_commit(o, "results", key, f, tmp, ok);
}

static int lookup_results(const options *o, const char *key, const section_result *sr, check_result *r, char *note,
                          size_t note_size)
{
    char path[4096];
    cache_path(o, "results", key, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    static check_result got[MAX_CHECKS];
    static char data[1 << 20];
    char names[MAX_FIGURE_FILES][256];
    static char datas_note[2048];
    size_t sizes[MAX_FIGURE_FILES];
    uint32_t magic = 0, count = 0, files = 0, end = 0;
    size_t n;
    int ok = get_u32(f, &magic) && magic == CACHE_MAGIC && get_u32(f, &count) && count == sr->check_count;
    for (size_t i = 0; ok && i < count; i++)
        ok = get_record(f, &got[i].passed, &got[i].record);
    ok = ok && get_blob(f, datas_note, sizeof datas_note, &n, 1) && get_u32(f, &files) && files <= MAX_FIGURE_FILES;
    /* figure files: read all before writing any */
    long data_at = ok ? ftell(f) : -1;
    for (uint32_t k = 0; ok && k < files; k++)
        ok = get_blob(f, names[k], sizeof names[k], &n, 1) && !strchr(names[k], '/') &&
             get_blob(f, data, sizeof data, &sizes[k], 0);
    ok = ok && get_u32(f, &end) && end == CACHE_END && (files == 0 || o->plot_dir);
    if (ok && files && fseek(f, data_at, SEEK_SET) == 0) {
        for (uint32_t k = 0; ok && k < files; k++) {
            ok = get_blob(f, names[k], sizeof names[k], &n, 1) && get_blob(f, data, sizeof data, &sizes[k], 0);
            char out[4096];
            snprintf(out, sizeof out, "%s/%s", o->plot_dir, names[k]);
            /* the same bytes already there (a regrade) are left alone, so
             * grade_all sees the figure drawn from them is up to date */
            static char old[1 << 20];
            FILE *r0 = ok ? fopen(out, "rb") : NULL;
            size_t old_size = r0 ? fread(old, 1, sizeof old, r0) : 0;
            int same = r0 && old_size == sizes[k] && fgetc(r0) == EOF && !memcmp(old, data, sizes[k]);
            if (r0)
                fclose(r0);
            if (same)
                continue;
            FILE *w = ok ? fopen(out, "wb") : NULL;
            ok = w && fwrite(data, 1, sizes[k], w) == sizes[k];
            if (w)
                ok &= fclose(w) == 0;
        }
    }
    fclose(f);
    if (!ok)
        return 0;
    memcpy(r, got, sizeof got[0] * count);
    if (note && o->plot_dir)
        text_replace_all(datas_note, "@PLOT@", o->plot_dir, note, note_size);
    else if (note)
        snprintf(note, note_size, "%s", datas_note);
    cache_touch(path);
    return 1;
}

int cache_get_compile(const options *o, const char *key, const char *runner, check_record *record)
{
    int kept = lookup_compile(o, key, runner, record);
    if (kept >= 0)
        g_cache_stats.runners_reused++;
    else
        g_cache_stats.runners_compiled++;
    return kept;
}

int cache_get_results(const options *o, const char *key, const section_result *sr, check_result *r, char *note,
                      size_t note_size)
{
    int kept = lookup_results(o, key, sr, r, note, note_size);
    if (kept)
        g_cache_stats.results_reused++;
    else
        g_cache_stats.results_run++;
    return kept;
}

unsigned char *cache_cc_identity(void) { return g_cc_identity; }

void cache_print_stats(void)
{
    fprintf(stderr, "cache: %d runners reused, %d compiled; %d section runs reused, %d run\n",
            g_cache_stats.runners_reused, g_cache_stats.runners_compiled, g_cache_stats.results_reused,
            g_cache_stats.results_run);
}
