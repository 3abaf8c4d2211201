/* replay.c - recording and replaying the reference's answers (replay.h).
 * Built with -DREPLAY_RECORD into the instructor's recording checker and
 * with -DREPLAY_PLAY into the student edition's checker.
 *
 * The table, one record a line (hex words):
 *   # seed <n>                       the seed the calls were recorded on
 *   B <sha256> <words>               a large array (more than BLOB_WORDS words), once
 *   E <fn> <sha256 of inputs> <input words> <output words>
 * In <input words>/<output words> a large array is written as ~<sha256>
 * and every segment starts with its word count. */
#define _GNU_SOURCE
#include "replay.h"

#include "check.h"
#include "messages.h"
#include "picture.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(REPLAY_RECORD) == defined(REPLAY_PLAY)
#error "build replay.c with exactly one of -DREPLAY_RECORD and -DREPLAY_PLAY"
#endif

/* A segment longer than this is stored once as a blob: the real clip (up to
 * 7168 words) is an input of hundreds of calls. */
#define BLOB_WORDS 128
/* Every item of a list starts with a tag word: its kind (high byte) and
 * its word count (low 24 bits), so a list is read from its start with no
 * doubt about what a word is. */
#define TAG(kind, n) ((uint32_t)(kind) << 24 | (uint32_t)(n))
#define TAG_KIND(t) ((t) >> 24)
#define TAG_COUNT(t) ((t) & 0xFFFFFFu)
enum { ITEM_WORD = 1, ITEM_NULL = 2, ITEM_INLINE = 3, ITEM_BLOB = 4 };

static replay_stats g_stats;
replay_stats replay_counts(void) { return g_stats; }

static void put_word(replay_call *c, uint32_t w)
{
    if (c->count < REPLAY_MAX_WORDS)
        c->words[c->count++] = w;
    else
        c->overflow = 1;
}

static void hash_words(const uint32_t *w, size_t n, unsigned char digest[32])
{
    sha256_ctx h;
    sha256_init(&h);
    sha256_update(&h, w, n * sizeof *w);
    sha256_final(&h, digest);
}

#ifdef REPLAY_RECORD
static FILE *g_table;
/* blobs already written (their first 8 bytes), so each is written once */
static uint64_t *g_blobs;
static size_t g_blob_count, g_blob_cap;

static FILE *table(void)
{
    if (!g_table) {
        const char *path = getenv("WORKBOOK_REPLAY_RECORD");
        if (!path || !*path) {
            fprintf(stderr, "checker (recording): WORKBOOK_REPLAY_RECORD is not set\n");
            exit(2);
        }
        g_table = fopen(path, "a");
        if (!g_table) {
            perror(path);
            exit(2);
        }
        fprintf(g_table, "# seed %llu\n", (unsigned long long)CHECK_ENV.seed);
    }
    return g_table;
}

static void write_hex(FILE *f, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%08x", w[i]);
}

static void write_blob(const uint32_t *w, size_t n, const unsigned char digest[32])
{
    uint64_t id;
    memcpy(&id, digest, sizeof id);
    for (size_t i = 0; i < g_blob_count; i++)
        if (g_blobs[i] == id)
            return;
    if (g_blob_count == g_blob_cap) {
        g_blob_cap = g_blob_cap ? 2 * g_blob_cap : 256;
        g_blobs = realloc(g_blobs, g_blob_cap * sizeof *g_blobs);
        if (!g_blobs)
            exit(2);
    }
    g_blobs[g_blob_count++] = id;
    char hex[65];
    sha256_hex(digest, hex);
    fprintf(table(), "B %s ", hex);
    write_hex(table(), w, n);
    fputc('\n', table());
}
#endif

/* One segment: its word count, then the words or a blob reference. */
#ifdef REPLAY_PLAY
static void keep_query_blob(uint32_t *w, size_t n, const unsigned char d[32]);
#endif
static void put_segment(replay_call *c, const void *p, size_t bytes)
{
    size_t n = bytes / 4;
    uint32_t *w = n ? malloc(n * 4) : NULL;
    if (n && !w)
        exit(2);
    if (n)
        memcpy(w, p, n * 4);
    if (n > BLOB_WORDS) {
        put_word(c, TAG(ITEM_BLOB, n));
        unsigned char d[32];
        hash_words(w, n, d);
#ifdef REPLAY_RECORD
        write_blob(w, n, d);
#else
        keep_query_blob(w, n, d);
        w = NULL; /* kept until the next call */
#endif
        for (int i = 0; i < 8; i++) {
            uint32_t x;
            memcpy(&x, d + 4 * i, 4);
            put_word(c, x);
        }
    } else {
        put_word(c, TAG(ITEM_INLINE, n));
        for (size_t i = 0; i < n; i++)
            put_word(c, w[i]);
    }
    free(w);
}

#ifdef REPLAY_PLAY
static void forget_query_blobs(void);
#endif
void replay_begin(replay_call *c, const char *fn)
{
#ifdef REPLAY_PLAY
    forget_query_blobs();
#endif
    c->fn = fn;
    c->count = 0;
    c->overflow = 0;
    c->outs = 0;
}

void replay_word(replay_call *c, uint32_t w)
{
    put_word(c, TAG(ITEM_WORD, 1));
    put_word(c, w);
}

void replay_in(replay_call *c, const void *p, size_t bytes)
{
    if (p)
        put_segment(c, p, bytes);
    else
        put_word(c, TAG(ITEM_NULL, 0));
}

void replay_out(replay_call *c, void *p, size_t bytes)
{
    if (c->outs < REPLAY_MAX_OUTS) {
        c->out[c->outs] = p;
        c->out_size[c->outs] = p ? bytes : 0;
        c->outs++;
    } else
        c->overflow = 1;
}

#ifdef REPLAY_RECORD
int replay_end(replay_call *c)
{
    if (c->overflow) {
        fprintf(stderr, "checker (recording): %s: a call too large to record\n", c->fn);
        exit(2);
    }
    unsigned char key[32];
    hash_words(c->words, c->count, key);
    replay_call out;
    replay_begin(&out, c->fn);
    for (int i = 0; i < c->outs; i++)
        put_segment(&out, c->out[i], c->out_size[i]);
    char hex[65];
    sha256_hex(key, hex);
    FILE *f = table();
    fprintf(f, "E %s %s ", c->fn, hex);
    write_hex(f, c->words, c->count);
    fputc(' ', f);
    write_hex(f, out.words, out.count);
    fputc('\n', f);
    g_stats.hits_exact++;
    return 1;
}
#else
/* ---- the student edition: the table, loaded on the first call ---------- */
typedef struct {
    char fn[48];
    unsigned char key[32];
    uint32_t *in, *out;
    size_t in_count, out_count;
} entry;
typedef struct {
    unsigned char key[32];
    uint32_t *w;
    size_t count;
} blob;

/* 64 ulps unless WORKBOOK_REPLAY_NEAR_ULPS says otherwise (for measuring
 * how far another compiler moves the suites' numbers; see replay.h) */
static uint32_t g_near_ulps = 64;
static entry *g_entries;
static size_t g_entry_count;
static blob *g_blob_list;
static size_t g_blob_list_count;
static int g_loaded;        /* 1 loaded, -1 no table */
static unsigned long long g_table_seed;

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    return -1;
}

static int parse_key(const char *s, unsigned char key[32])
{
    for (int i = 0; i < 32; i++) {
        int a = hexval((unsigned char)s[2 * i]), b = a < 0 ? -1 : hexval((unsigned char)s[2 * i + 1]);
        if (b < 0)
            return 0;
        key[i] = (unsigned char)(a * 16 + b);
    }
    return 1;
}

static uint32_t *parse_words(const char *s, size_t len, size_t *count)
{
    if (len % 8)
        return NULL;
    size_t n = len / 8;
    uint32_t *w = malloc((n ? n : 1) * sizeof *w);
    if (!w)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t x = 0;
        for (int k = 0; k < 8; k++) {
            int v = hexval((unsigned char)s[8 * i + k]);
            if (v < 0) {
                free(w);
                return NULL;
            }
            x = x * 16 + (uint32_t)v;
        }
        w[i] = x;
    }
    *count = n;
    return w;
}

static int by_key(const void *a, const void *b)
{
    return memcmp(((const entry *)a)->key, ((const entry *)b)->key, 32);
}
static int blob_by_key(const void *a, const void *b)
{
    return memcmp(((const blob *)a)->key, ((const blob *)b)->key, 32);
}

/* The entries by function and input length, for the near search. */
static const entry **g_by_shape;

static int shape_cmp(const char *fn, size_t count, const entry *e)
{
    int k = strcmp(fn, e->fn);
    return k ? k : count < e->in_count ? -1 : count > e->in_count;
}
static int by_shape(const void *a, const void *b)
{
    const entry *x = *(const entry *const *)a, *y = *(const entry *const *)b;
    return shape_cmp(x->fn, x->in_count, y);
}

/* A "B <key> <words>" line: one large array, appended to g_blob_list
 * (bcap: its capacity). 0 when the line is damaged. */
static int read_blob_line(char *line, ssize_t len, size_t *bcap)
{
    if (g_blob_list_count == *bcap) {
        *bcap = *bcap ? 2 * *bcap : 64;
        g_blob_list = realloc(g_blob_list, *bcap * sizeof *g_blob_list);
    }
    blob *b = &g_blob_list[g_blob_list_count];
    if (!g_blob_list || !parse_key(line + 2, b->key) || line[66] != ' ' ||
        !(b->w = parse_words(line + 67, (size_t)len - 67, &b->count)))
        return 0;
    g_blob_list_count++;
    return 1;
}

/* An "E <function> <key> <input words> <output words>" line: one recorded
 * call, appended to g_entries (cap: its capacity). 0 when the line is
 * damaged or memory runs out. */
static int read_entry_line(char *line, size_t *cap)
{
    char *fn = line + 2, *sp = strchr(fn, ' ');
    char *k = sp ? sp + 1 : NULL, *in = k && strlen(k) > 65 ? k + 65 : NULL;
    char *sp2 = in ? strchr(in, ' ') : NULL;
    if (!sp || (size_t)(sp - fn) >= sizeof g_entries[0].fn || !in || k[64] != ' ' || !sp2)
        return 0;
    if (g_entry_count == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        g_entries = realloc(g_entries, *cap * sizeof *g_entries);
        if (!g_entries)
            return 0;
    }
    entry *e = &g_entries[g_entry_count];
    memcpy(e->fn, fn, (size_t)(sp - fn));
    e->fn[sp - fn] = '\0';
    if (!parse_key(k, e->key) || !(e->in = parse_words(in, (size_t)(sp2 - in), &e->in_count)) ||
        !(e->out = parse_words(sp2 + 1, strlen(sp2 + 1), &e->out_count)))
        return 0;
    g_entry_count++;
    return 1;
}

/* The table sorted for the lookups: entries and blobs by key, and the
 * entries by shape for the near search. */
static void index_table(void)
{
    qsort(g_entries, g_entry_count, sizeof *g_entries, by_key);
    qsort(g_blob_list, g_blob_list_count, sizeof *g_blob_list, blob_by_key);
    g_by_shape = malloc((g_entry_count ? g_entry_count : 1) * sizeof *g_by_shape);
    if (!g_by_shape) {
        g_entry_count = 0;
        return;
    }
    for (size_t i = 0; i < g_entry_count; i++)
        g_by_shape[i] = &g_entries[i];
    qsort(g_by_shape, g_entry_count, sizeof *g_by_shape, by_shape);
    g_loaded = 1;
}

static void load(void)
{
    if (g_loaded)
        return;
    g_loaded = -1;
    const char *near = getenv("WORKBOOK_REPLAY_NEAR_ULPS");
    if (near && *near)
        g_near_ulps = (uint32_t)strtoul(near, NULL, 10);
    char path[4096];
    snprintf(path, sizeof path, "%s/checker/replay/visible.tsv", CHECK_ENV.root);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    size_t cap = 0, bcap = 0;
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t len;
    int bad = 0;
    while ((len = getline(&line, &line_cap, f)) > 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (!strncmp(line, "# seed ", 7)) {
            g_table_seed = strtoull(line + 7, NULL, 10);
            continue;
        }
        if (line[0] == 'B' && line[1] == ' ' && len > 68) {
            if (!read_blob_line(line, len, &bcap)) {
                bad = 1;
                break;
            }
            continue;
        }
        if (line[0] != 'E' || line[1] != ' ' || !read_entry_line(line, &cap)) {
            bad = 1;
            break;
        }
    }
    free(line);
    fclose(f);
    if (bad) {
        fprintf(stderr, "checker: %s is damaged: the student edition's recorded answers cannot be read\n", path);
        g_entry_count = 0;
        return;
    }
    index_table();
}

/* The query's own large arrays: when they differ from the recorded ones by
 * ulps they are not in the table, and are compared from here. */
#define QUERY_BLOBS 8
static blob g_query_blobs[QUERY_BLOBS];
static size_t g_query_blob_count;

static void keep_query_blob(uint32_t *w, size_t n, const unsigned char d[32])
{
    if (g_query_blob_count == QUERY_BLOBS) {
        free(w);
        return; /* not compared near: an exact match still works */
    }
    blob *b = &g_query_blobs[g_query_blob_count++];
    memcpy(b->key, d, 32);
    b->w = w;
    b->count = n;
}

static void forget_query_blobs(void)
{
    for (size_t i = 0; i < g_query_blob_count; i++)
        free(g_query_blobs[i].w);
    g_query_blob_count = 0;
}

static const blob *find_blob(const uint32_t *ref)
{
    blob want;
    memcpy(want.key, ref, 32);
    for (size_t i = 0; i < g_query_blob_count; i++)
        if (!memcmp(g_query_blobs[i].key, want.key, 32))
            return &g_query_blobs[i];
    return g_blob_list_count ? bsearch(&want, g_blob_list, g_blob_list_count, sizeof want, blob_by_key) : NULL;
}

/* How far apart two words are as floats, in ulps; 0 for the same bits;
 * UINT32_MAX when they are not near floats at all (a different int, a NaN,
 * a sign change away from zero, a tiny or huge value's different bits). */
static uint32_t ulps_apart(uint32_t a, uint32_t b)
{
    if (a == b)
        return 0;
    float fa, fb;
    memcpy(&fa, &a, 4);
    memcpy(&fb, &b, 4);
    /* counts and flags are ints: as floats they are subnormal (or zero),
     * and must match exactly, as must NaN and infinity */
    if (!isnormal(fa) || !isnormal(fb) || (a >> 31) != (b >> 31))
        return UINT32_MAX;
    uint32_t ma = a & 0x7FFFFFFFu, mb = b & 0x7FFFFFFFu;
    return ma > mb ? ma - mb : mb - ma;
}

#define NEAR_ULPS g_near_ulps

/* Two large arrays' distance, remembered: the real clip is an input of a
 * thousand calls, and compared word by word against every recorded call it
 * would cost minutes. */
#define BLOB_MEMO 64
static struct {
    unsigned char a[32], b[32];
    uint32_t apart;
    int used;
} g_blob_memo[BLOB_MEMO];
static unsigned g_blob_memo_next;

static uint32_t blobs_apart(const uint32_t *ka, const uint32_t *kb, size_t n)
{
    if (!memcmp(ka, kb, 32))
        return 0;
    for (int i = 0; i < BLOB_MEMO; i++)
        if (g_blob_memo[i].used && !memcmp(g_blob_memo[i].a, ka, 32) && !memcmp(g_blob_memo[i].b, kb, 32))
            return g_blob_memo[i].apart;
    const blob *p = find_blob(ka), *q = find_blob(kb);
    uint32_t worst = 0;
    if (!p || !q || p->count != n || q->count != n)
        worst = UINT32_MAX;
    for (size_t k = 0; worst <= NEAR_ULPS && k < n; k++) {
        uint32_t d = ulps_apart(p->w[k], q->w[k]);
        if (d > worst)
            worst = d;
    }
    unsigned slot = g_blob_memo_next++ % BLOB_MEMO;
    memcpy(g_blob_memo[slot].a, ka, 32);
    memcpy(g_blob_memo[slot].b, kb, 32);
    g_blob_memo[slot].apart = worst;
    g_blob_memo[slot].used = 1;
    return worst;
}

/* The largest ulp distance between two input lists of the same shape,
 * blobs compared word by word; UINT32_MAX when they differ in shape. */
static uint32_t inputs_apart(const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
    if (an != bn)
        return UINT32_MAX;
    uint32_t worst = 0;
    size_t i = 0;
    while (i < an) {
        uint32_t tag = a[i];
        if (tag != b[i])
            return UINT32_MAX;
        size_t n = TAG_COUNT(tag);
        const uint32_t *x = a + i + 1, *y = b + i + 1;
        size_t len = TAG_KIND(tag) == ITEM_BLOB ? 8 : TAG_KIND(tag) == ITEM_NULL ? 0 : n;
        if (i + 1 + len > an)
            return UINT32_MAX;
        if (TAG_KIND(tag) == ITEM_BLOB) {
            uint32_t d = blobs_apart(x, y, n);
            if (d > NEAR_ULPS)
                return UINT32_MAX;
            if (d > worst)
                worst = d;
            i += 9;
            continue;
        }
        for (size_t k = 0; k < len; k++) {
            uint32_t d = ulps_apart(x[k], y[k]);
            if (d > NEAR_ULPS)
                return UINT32_MAX;
            if (d > worst)
                worst = d;
        }
        i += 1 + (TAG_KIND(tag) == ITEM_BLOB ? 8 : len);
    }
    return worst;
}

static const entry *find_near(const replay_call *c, uint32_t *apart)
{
    const entry *best = NULL;
    uint32_t best_d = UINT32_MAX;
    size_t lo = 0, hi = g_entry_count;
    while (lo < hi) { /* the first entry of this shape */
        size_t mid = lo + (hi - lo) / 2;
        if (shape_cmp(c->fn, c->count, g_by_shape[mid]) > 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo; i < g_entry_count && shape_cmp(c->fn, c->count, g_by_shape[i]) == 0; i++) {
        const entry *e = g_by_shape[i];
        uint32_t d = inputs_apart(e->in, e->in_count, c->words, c->count);
        if (d < best_d) {
            best_d = d;
            best = e;
        }
    }
    *apart = best_d;
    return best;
}

/* Writes a recorded output list back into the call's regions; 0 when it
 * does not fit them (a table from another version of the checker). */
static int fill_outputs(const replay_call *c, const entry *e)
{
    size_t at = 0;
    for (int i = 0; i < c->outs; i++) {
        if (at >= e->out_count)
            return 0;
        uint32_t tag = e->out[at++];
        size_t n = TAG_COUNT(tag);
        const uint32_t *w;
        if (TAG_KIND(tag) == ITEM_NULL)
            n = 0, w = NULL;
        else if (TAG_KIND(tag) == ITEM_BLOB) {
            const blob *b = at + 8 <= e->out_count ? find_blob(e->out + at) : NULL;
            if (!b || b->count != n)
                return 0;
            w = b->w;
            at += 8;
        } else if (TAG_KIND(tag) == ITEM_INLINE) {
            if (at + n > e->out_count)
                return 0;
            w = e->out + at;
            at += n;
        } else
            return 0;
        if (n * 4 != c->out_size[i])
            return 0;
        if (n)
            memcpy(c->out[i], w, n * 4);
    }
    return at == e->out_count;
}

static void not_available(const replay_call *c, const char *why_th, const char *why_en)
{
    g_stats.misses++;
    for (int i = 0; i < c->outs; i++)
        if (c->out[i])
            memset(c->out[i], 0, c->out_size[i]);
    /* Outside a check (a figure) the zeros are all. In a check that has
     * already failed the verdict stands (the first failure is the one
     * recorded); before, the zeros might decide it, so the check becomes
     * the sentence below. Either way it ends here (CUnit's fatal failure
     * leaves the test function): a suite that draws cases until the
     * reference accepts one would otherwise draw forever on zeros. */
    if (!CU_get_current_test())
        return;
    /* asked for a picture (picture.c drops it): the check runs again
     * without the picture and ends as it would with none */
    if (picture_reference_missed()) {
        CU_FAIL_FATAL("a picture's reference answer not in the student edition");
        return;
    }
    if (CHECK_RECORD.failed) {
        CU_FAIL_FATAL("a reference answer not in the student edition");
        return;
    }
    CHECK_RECORD.failed = 1;
    CHECK_RECORD.outcome = OUTCOME_WRONG;
    CHECK_RECORD.diag = DIAG_NONE;
    snprintf(CHECK_RECORD.text, sizeof CHECK_RECORD.text,
             msg_is_english()
                 ? "  Not available in the student edition: this check needs the reference's answer to %s for a "
                   "case %s; the instructor's grading checks it."
                 : "  ตรวจในฉบับผู้เรียนไม่ได้ (not available in the student edition): check นี้ต้องใช้คำตอบอ้างอิงของ %s "
                   "%s — ผู้สอนตรวจข้อนี้ตอนให้คะแนน (the instructor's grading checks it).",
             c->fn, msg_is_english() ? why_en : why_th);
    CU_FAIL_FATAL("not available in the student edition");
}

int replay_end(replay_call *c)
{
    load();
    if (c->overflow)
        return not_available(c, "ในกรณีที่ใหญ่เกินกว่าจะบันทึกได้", "too large to record"), 0;
    if (g_loaded < 0)
        return not_available(c, "แต่ไม่มีตารางคำตอบ (checker/replay/visible.tsv หายไป)",
                             "that has no table (checker/replay/visible.tsv is missing)"),
               0;
    if (CHECK_ENV.seed != g_table_seed)
        return not_available(c, "ที่ seed อื่น: ฉบับผู้เรียนมีแต่กรณีของ seed ที่เห็นได้ (the visible seed only)",
                             "on another seed: the student edition has the visible seed's cases only"),
               0;
    entry want;
    hash_words(c->words, c->count, want.key);
    const entry *e = g_entry_count ? bsearch(&want, g_entries, g_entry_count, sizeof want, by_key) : NULL;
    if (e && strcmp(e->fn, c->fn) == 0 && fill_outputs(c, e)) {
        g_stats.hits_exact++;
        return 1;
    }
    uint32_t apart;
    e = find_near(c, &apart);
    if (e && apart <= NEAR_ULPS && fill_outputs(c, e)) {
        g_stats.hits_near++;
        return 1;
    }
    if (getenv("WORKBOOK_REPLAY_DEBUG")) /* why a lookup missed: the nearest recorded call */
    {
        fprintf(stderr, "replay: %s missed (%zu words; nearest %s %u ulps):", c->fn, c->count, e ? "at" : "none",
                e ? apart : 0);
        for (size_t i = 0; i < c->count && i < 64; i++)
            fprintf(stderr, " %08x", c->words[i]);
        fputc('\n', stderr);
    }
    not_available(c, "ในกรณีที่คำตอบอ้างอิงไม่เคยเจอใน seed ที่เห็นได้ (โค้ดของคุณพาไปทางอื่น)",
                  "the reference never met on the visible seed (your code led elsewhere)");
    return 0;
}
#endif
