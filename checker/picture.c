/* picture.c - records the failing case of a check and draws it after the
 * section's checks (see picture.h). */
#define _GNU_SOURCE
/* Paths are bounded buffers; a truncated one just fails to open. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "picture.h"
#include "check.h"
#include "messages.h"
#include "spawn.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The few sentences this file says (Thai with the English terms, and
 * English for --lang en), kept here together rather than in the section
 * blocks of the messages .def: they belong to no one section. */
static const char *say(int which)
{
    static const char *const TEXT[][2] = {
        {"  รูปของกรณีที่ไม่ผ่าน (picture of the failing case): %s.svg (และ .png)\n",
         "  picture of the failing case: %s.svg (and .png)\n"},
        {"  (ติดตั้ง gnuplot แล้วจะได้รูปของกรณีที่ไม่ผ่าน (a picture of the failing case): sudo apt-get install gnuplot-nox)\n",
         "  (install gnuplot to get a picture of the failing case: sudo apt-get install gnuplot-nox)\n"},
        /* grading draws SVG only (see draw()) */
        {"  รูปของกรณีที่ไม่ผ่าน (picture of the failing case): %s.svg\n",
         "  picture of the failing case: %s.svg\n"},
    };
    return TEXT[which][msg_is_english() ? 1 : 0];
}

/* One section has at most 32 checks (checker.c's MAX_CHECKS). */
#define MAX_PICTURES 320 /* every check of every section */
#define VARS_SIZE 4096

/* One named block of the data file: its polylines (or labels) separated
 * by blank lines; a picture's blocks are written one after the other. */
#define MAX_BLOCKS 96 /* 05/06: ten blocks a pass, five passes */
#define BLOCK_LIMIT (256 * 1024) /* a block past this is cut: never a real case */
typedef struct {
    char name[40];
    char *text;
    size_t used, cap;
} block;

typedef struct {
    char slug[64];
    char check[64];
    char base[2200]; /* the picture's path without .svg/.png, once drawn */
    char kind[32];
    block blocks[MAX_BLOCKS];
    int block_count;
    block *at; /* where append() writes */
    char vars[VARS_SIZE];
    size_t vars_used;
    int truncated;
    /* the view: the trusted blocks' extent (reference, given), then the
     * student's points that lie not too far outside it */
    float lo[2], hi[2];
    int have_box;
    int pending; /* recorded, not drawn yet */
    int drawn;   /* both files written by gnuplot */
} picture;

static picture *g_pictures[MAX_PICTURES];
static int g_count;
static int g_recording;
static picture *g_open; /* the running check's picture, if it opened one */
static const char *g_open_check;
static char g_dir[2048];
static char g_slug[64];
static vec3 g_origin = {0, 0, 0}, g_ax = {1, 0, 0}, g_ay = {0, 1, 0};
static int g_note_said;
static int g_all; /* grading: every failing check's picture, into the student's result folder */
static int picture_refused(const char *slug, const char *check); /* the student edition's, at the end */
static int draw_warm(const char *script, spawn_result *rs);        /* gnuplot started early, at the end */
static void picture_print_refused(void);

/* Student points far outside the trusted view would shrink the picture
 * to nothing: the view grows to at most this many times the trusted
 * extent, and what lies beyond is cut (the numbers are in the message). */
#define VIEW_GROWTH 3.0f

static void append(picture *p, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void append(picture *p, const char *format, ...)
{
    block *b = p->at;
    if (!b)
        return;
    char line[512];
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(line, sizeof line, format, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line || b->used + (size_t)n + 1 > BLOCK_LIMIT) {
        p->truncated = 1;
        return;
    }
    if (b->used + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096;
        while (cap < b->used + (size_t)n + 1)
            cap *= 2;
        char *grown = realloc(b->text, cap);
        if (!grown) {
            p->truncated = 1;
            return;
        }
        b->text = grown;
        b->cap = cap;
    }
    memcpy(b->text + b->used, line, (size_t)n + 1);
    b->used += (size_t)n;
}

/* Opens block `name` for append(): a new one, or another polyline of an
 * existing one. */
static void open_block(picture *p, const char *name)
{
    for (int i = 0; i < p->block_count; i++)
        if (!strcmp(p->blocks[i].name, name)) {
            p->at = &p->blocks[i];
            append(p, "\n"); /* a blank line: a new polyline in the same block */
            return;
        }
    if (p->block_count == MAX_BLOCKS) {
        p->at = NULL;
        p->truncated = 1;
        return;
    }
    block *b = &p->blocks[p->block_count++];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    p->at = b;
}

static void append_var(picture *p, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void append_var(picture *p, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(p->vars + p->vars_used, sizeof p->vars - p->vars_used, format, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof p->vars - p->vars_used)
        p->vars_used += (size_t)n;
    else
        p->vars[p->vars_used] = '\0';
}

/* A number safe to print for gnuplot: NaN for anything not finite, huge
 * values clamped (still far outside any view). */
static double safe(double v)
{
    if (!isfinite(v))
        return NAN;
    return v > 1e6 ? 1e6 : v < -1e6 ? -1e6 : v;
}

static int trusted_block(const char *block)
{
    return strncmp(block, "student", 7) != 0;
}

/* The scenery (07's ground, 10's boxes, a 120 m floor) is drawn where the
 * view is, it does not make it: blocks named ground... never widen it. */
static int scenery_block(const char *block)
{
    return strncmp(block, "ground", 6) == 0;
}

static void grow_box(picture *p, const char *block, float x, float y)
{
    if (!isfinite(x) || !isfinite(y))
        return;
    if (trusted_block(block) && !scenery_block(block)) {
        if (!p->have_box) {
            p->lo[0] = p->hi[0] = x;
            p->lo[1] = p->hi[1] = y;
            p->have_box = 1;
        }
        p->lo[0] = fminf(p->lo[0], x), p->hi[0] = fmaxf(p->hi[0], x);
        p->lo[1] = fminf(p->lo[1], y), p->hi[1] = fmaxf(p->hi[1], y);
    }
}

/* The student's points widen the view afterwards (picture_draw), within
 * VIEW_GROWTH of the trusted extent; kept as a second pass over the data. */

int picture_case(const char *kind)
{
    CU_pTest test = CU_get_current_test();
    if (!g_recording || !test || !test->pName)
        return 0;
    if (g_open_check && !strcmp(g_open_check, test->pName))
        return 0; /* this check's picture is open already: the first case wins */
    if (picture_refused(g_slug, test->pName))
        return 0;
    for (int i = 0; i < g_count; i++)
        if (!strcmp(g_pictures[i]->slug, g_slug) && !strcmp(g_pictures[i]->check, test->pName))
            return 0;
    if (g_count == MAX_PICTURES)
        return 0;
    picture *p = malloc(sizeof *p);
    if (!p)
        return 0;
    g_pictures[g_count++] = p;
    p->vars[0] = p->base[0] = '\0';
    p->vars_used = 0;
    p->block_count = 0;
    p->at = NULL;
    p->truncated = p->have_box = p->drawn = 0;
    p->pending = 1;
    snprintf(p->slug, sizeof p->slug, "%s", g_slug);
    snprintf(p->check, sizeof p->check, "%s", test->pName);
    snprintf(p->kind, sizeof p->kind, "%s", kind);
    g_open = p;
    g_open_check = p->check;
    g_origin = (vec3){0, 0, 0}, g_ax = (vec3){1, 0, 0}, g_ay = (vec3){0, 1, 0};
    return 1;
}

/* The open picture of the running check, or NULL. */
static picture *current(void)
{
    CU_pTest test = CU_get_current_test();
    if (!g_recording || !g_open || !test || !test->pName || strcmp(g_open->check, test->pName))
        return NULL;
    return g_open;
}

const char *picture_tr(const char *thai, const char *english)
{
    return msg_is_english() ? english : thai;
}

void picture_plane(vec3 origin, vec3 x_axis, vec3 y_axis)
{
    g_origin = origin;
    g_ax = x_axis;
    g_ay = y_axis;
}

void picture_project(vec3 p, float *x, float *y)
{
    vec3 d = v3_sub(p, g_origin);
    *x = v3_dot(d, g_ax);
    *y = v3_dot(d, g_ay);
}

void picture_points(const char *block, const vec3 *points, int count)
{
    picture *p = current();
    if (!p)
        return;
    open_block(p, block);
    for (int i = 0; i < count; i++) {
        float x, y;
        picture_project(points[i], &x, &y);
        grow_box(p, block, x, y);
        append(p, "%.6g %.6g\n", safe(x), safe(y));
    }
}

void picture_xy(const char *block, const float *xy, int count)
{
    picture *p = current();
    if (!p)
        return;
    open_block(p, block);
    for (int i = 0; i < count; i++) {
        grow_box(p, block, xy[2 * i], xy[2 * i + 1]);
        append(p, "%.6g %.6g\n", safe(xy[2 * i]), safe(xy[2 * i + 1]));
    }
}

void picture_label(const char *block, float x, float y, const char *text)
{
    picture *p = current();
    if (!p)
        return;
    /* labels of one block are lines of one polyline: no blank line between */
    int found = 0;
    for (int i = 0; i < p->block_count; i++)
        found |= !strcmp(p->blocks[i].name, block);
    if (found) {
        for (int i = 0; i < p->block_count; i++)
            if (!strcmp(p->blocks[i].name, block))
                p->at = &p->blocks[i];
    } else
        open_block(p, block);
    char clean[256];
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < sizeof clean; c++) /* our own text; no quote may end it early */
        if (*c != '"' && *c != '\n' && *c != '\\')
            clean[n++] = *c;
    clean[n] = '\0';
    append(p, "%.6g %.6g \"%s\"\n", safe(x), safe(y), clean);
}

void picture_number(const char *name, double value)
{
    picture *p = current();
    if (p)
        append_var(p, "%s = %.9g\n", name, isfinite(value) ? safe(value) : 0.0);
}

/* gnuplot reads '...' strings literally except that '' is one quote. */
static void quoted(char *out, size_t size, const char *text)
{
    size_t n = 0;
    if (size < 3)
        return;
    out[n++] = '\'';
    for (const char *c = text; *c && n + 3 < size; c++) {
        if (*c == '\n')
            continue;
        if (*c == '\'')
            out[n++] = '\'';
        out[n++] = *c;
    }
    out[n++] = '\'';
    out[n] = '\0';
}

void picture_text(const char *name, const char *text)
{
    picture *p = current();
    if (!p)
        return;
    char q[1024];
    quoted(q, sizeof q, text);
    append_var(p, "%s = %s\n", name, q);
}

/* ---- pictures shared by several sections -------------------------------- */

/* A unit vector square to `axis` (unit), as near `hint` as it can be. */
static vec3 square_to(vec3 axis, vec3 hint)
{
    vec3 h = v3_sub(hint, v3_scale(axis, v3_dot(hint, axis)));
    float l = v3_length(h);
    if (isfinite(l) && l > 1e-6f)
        return v3_scale(h, 1.0f / l);
    vec3 any = fabsf(axis.x) < 0.9f ? v3(1, 0, 0) : v3(0, 1, 0);
    return v3_normalize(v3_sub(any, v3_scale(axis, v3_dot(any, axis))));
}

void picture_limb(const char *title, vec3 root, vec3 target, vec3 pole, vec3 ref_mid, vec3 ref_tip, vec3 mid, vec3 tip)
{
    if (!v3_is_finite(root) || !v3_is_finite(target) || !v3_is_finite(pole) || !picture_case("limb"))
        return;
    vec3 x = v3_sub(target, root);
    float lx = v3_length(x);
    x = lx > 1e-6f && isfinite(lx) ? v3_scale(x, 1.0f / lx) : square_to(v3(0, 0, 1), v3_sub(ref_mid, root));
    vec3 y = square_to(x, v3_sub(pole, root));
    if (v3_length(v3_sub(v3_sub(pole, root), v3_scale(x, v3_dot(v3_sub(pole, root), x)))) < 1e-6f)
        y = square_to(x, v3_sub(ref_mid, root)); /* the pole on the line: the reference's bend */
    picture_plane(root, x, y);
    picture_points("given", (vec3[]){root, target}, 2);
    picture_points("target", &target, 1);
    picture_points("pole", &pole, 1);
    picture_points("ref", (vec3[]){root, ref_mid, ref_tip}, 3);
    if (v3_is_finite(mid) && v3_is_finite(tip))
        picture_points("student", (vec3[]){root, mid, tip}, 3);
    float px, py;
    picture_project(root, &px, &py);
    picture_label("givenlab", px, py, picture_tr("ราก (root)", "root"));
    picture_project(ref_mid, &px, &py);
    picture_label("reflab", px, py, picture_tr("ศอก (elbow)", "elbow"));
    if (v3_is_finite(mid)) {
        picture_project(mid, &px, &py);
        picture_label("studentlab", px, py, picture_tr("ศอกของคุณ (your elbow)", "your elbow"));
        vec3 normal = v3_cross(x, y);
        picture_text("student_text", fmt(picture_tr("ศอกของคุณห่างจากระนาบ (off the plane) %.3g", "your elbow off the plane by %.3g"),
                                         (double)v3_dot(v3_sub(mid, root), normal)));
    } else
        picture_text("student_text", picture_tr("ศอกของคุณไม่ใช่ตัวเลขจำกัด (not finite)", "your elbow is not finite"));
    picture_text("case_text", title);
}

/* ---- the driver's side ------------------------------------------------- */

static void remove_stale(const char *dir, const char *slug)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t n = strlen(slug);
    struct dirent *e;
    while ((e = readdir(d)))
        if (!strncmp(e->d_name, slug, n) && !strncmp(e->d_name + n, "__", 2)) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
}

static void begin(const char *work, const char *result_dir, const section_def *section, int keep);

void picture_begin(const char *work, const char *result_dir, const section_def *section)
{
    begin(work, result_dir, section, 0);
}

/* As picture_begin, but the section's files stay: they may be the very
 * pictures about to be restored. */
static void picture_begin_kept(const char *work, const char *result_dir, const section_def *section)
{
    begin(work, result_dir, section, 1);
}

static void begin(const char *work, const char *result_dir, const section_def *section, int keep)
{
    char dir[2048] = "";
    if (work)
        snprintf(dir, sizeof dir, "%s/pictures", result_dir ? result_dir : work);
    int kept = 0;
    for (int i = 0; i < g_count; i++) {
        if (!strcmp(g_pictures[i]->slug, section->slug)) {
            for (int b = 0; b < g_pictures[i]->block_count; b++)
                free(g_pictures[i]->blocks[b].text);
            free(g_pictures[i]);
        }
        else
            g_pictures[kept++] = g_pictures[i];
    }
    g_count = kept;
    g_open = NULL;
    g_open_check = NULL;
    g_recording = work != NULL;
    g_all = result_dir != NULL;
    snprintf(g_dir, sizeof g_dir, "%s", dir);
    snprintf(g_slug, sizeof g_slug, "%s", section->slug);
    if (work && !keep)
        remove_stale(dir, section->slug);
}

void picture_stop(void)
{
    g_recording = 0;
    g_open = NULL;
    g_open_check = NULL;
}

static int make_dir(const char *path)
{
    char tmp[2048];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *c = tmp + 1; *c; c++)
        if (*c == '/') {
            *c = '\0';
            if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
                return 0;
            *c = '/';
        }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

static int have_gnuplot(void)
{
    static int known = -1;
    if (known >= 0)
        return known;
    const char *path = getenv("PATH");
    known = 0;
    for (const char *p = path ? path : ""; !known && *p;) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char exe[4096];
        snprintf(exe, sizeof exe, "%.*s/gnuplot", (int)len, len ? p : ".");
        known = access(exe, X_OK) == 0;
        p += len + (end ? 1 : 0);
    }
    return known;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (long)st.st_size : -1;
}

/* The student's points widen the view within VIEW_GROWTH of the trusted
 * extent (read back from the data written). */
static void student_box(picture *p, float lo[2], float hi[2])
{
    float w = fmaxf(p->hi[0] - p->lo[0], p->hi[1] - p->lo[1]);
    if (!(w > 0))
        w = 1;
    float cx = 0.5f * (p->lo[0] + p->hi[0]), cy = 0.5f * (p->lo[1] + p->hi[1]);
    float limit = 0.5f * w * VIEW_GROWTH;
    lo[0] = p->lo[0], hi[0] = p->hi[0], lo[1] = p->lo[1], hi[1] = p->hi[1];
    for (int b = 0; b < p->block_count; b++) {
        if (trusted_block(p->blocks[b].name) || !p->blocks[b].text)
            continue;
        for (const char *line = p->blocks[b].text; *line;) {
            const char *end = strchr(line, '\n');
            float x, y;
            if (sscanf(line, "%f %f", &x, &y) == 2 && isfinite(x) && isfinite(y) && fabsf(x - cx) <= limit &&
                fabsf(y - cy) <= limit) {
                lo[0] = fminf(lo[0], x), hi[0] = fmaxf(hi[0], x);
                lo[1] = fminf(lo[1], y), hi[1] = fmaxf(hi[1], y);
            }
            if (!end)
                break;
            line = end + 1;
        }
    }
}

/* Starts `gnuplot script` and does not wait for it: its own session (a
 * redraw that ends the checker's process group does not end it), no
 * terminal or pipe of ours held open (make and watch see the checker end
 * when it ends), no zombie (the middle child exits at once), and the
 * script removed once drawn. */
static void draw_detached(const char *script, const char *after)
{
    pid_t middle = fork();
    if (middle < 0)
        return;
    if (middle == 0) {
        if (setsid() < 0) { /* nothing: still detached enough below */ }
        pid_t drawer = fork();
        if (drawer == 0) {
            int null = open("/dev/null", O_RDWR);
            if (null >= 0) {
                dup2(null, 0), dup2(null, 1), dup2(null, 2);
                if (null > 2)
                    close(null);
            }
            for (int fd = 3; fd < 256; fd++)
                close(fd);
            execlp("sh", "sh", "-c", GNUPLOT_LOCALE " nice gnuplot \"$1\"; rm -f \"$1\"; . \"$2\"; rm -f \"$2\"", "sh", script, after,
                   (char *)NULL);
            _exit(127);
        }
        _exit(0);
    }
    waitpid(middle, NULL, 0);
}

/* Writes the script drawing the pending pictures (every one, or just
 * `only`) in `formats`, their data files with it when `data` is set;
 * returns how many pictures it holds. */
static int write_script(const char *script, const picture *only, const char *formats, int data, const char *suffix)
{
    FILE *gp = fopen(script, "w");
    if (!gp)
        return 0;
    char root[4096], qroot[4200], dir_abs[4096];
    if (!realpath(CHECK_ENV.root, root))
        snprintf(root, sizeof root, "%s", CHECK_ENV.root);
    if (!realpath(g_dir, dir_abs))
        snprintf(dir_abs, sizeof dir_abs, "%s", g_dir);
    quoted(qroot, sizeof qroot, root);
    fprintf(gp, "# the failing cases' pictures (checker/picture.c)\n");
    int written = 0;
    for (int i = 0; i < g_count; i++) {
        picture *p = g_pictures[i];
        if (!p->pending || (only && p != only))
            continue;
        char base[4096], dat[4200], qdat[4300], qbase[4300], qcheck[200];
        snprintf(base, sizeof base, "%s/%s__%s", dir_abs, p->slug, p->check);
        snprintf(p->base, sizeof p->base, "%s", base);
        snprintf(dat, sizeof dat, "%s.dat", base);
        if (data) {
            FILE *f = fopen(dat, "w");
            if (!f)
                continue;
            for (int b = 0; b < p->block_count; b++)
                fprintf(f, "# =%s=\n%s\n\n", p->blocks[b].name, p->blocks[b].text ? p->blocks[b].text : "");
            if (fclose(f) != 0)
                continue;
        }
        float lo[2] = {0, 0}, hi[2] = {1, 1};
        if (p->have_box)
            student_box(p, lo, hi);
        quoted(qdat, sizeof qdat, dat);
        char out[4200];
        snprintf(out, sizeof out, "%s%s", base, suffix);
        quoted(qbase, sizeof qbase, out);
        quoted(qcheck, sizeof qcheck, p->check);
        /* reset session: no setting or variable of the picture before (a
         * template's w, aspect, every ...) leaks into this one */
        fprintf(gp, "\nreset session\nroot = %s\nlang = '%s'\nformats = '%s'\n", qroot, msg_is_english() ? "en" : "th",
                formats);
        fprintf(gp, "data = %s\nout = %s\nslug = '%s'\ncheck = %s\n", qdat, qbase, p->slug, qcheck);
        fprintf(gp, "xmin = %.6g; xmax = %.6g; ymin = %.6g; ymax = %.6g\n", lo[0], hi[0], lo[1], hi[1]);
        fprintf(gp, "blocks = ' ");
        for (int b = 0; b < p->block_count; b++)
            fprintf(gp, "%s ", p->blocks[b].name);
        fprintf(gp, "'\n");
        fputs(p->vars, gp);
        fprintf(gp, "load root.'/plots/failing/common.gp'\nload root.'/plots/failing/%s.gp'\n", p->kind);
        p->drawn = 1; /* for now: tried; confirmed by the caller */
        written++;
    }
    return fclose(gp) == 0 ? written : 0;
}

/* Draws the pending pictures (every one, or just `only`) in one gnuplot
 * run. Grading: the script (SVG only) and the data are written, and
 * grade_all draws them. Otherwise (make check, watch) the SVG only is
 * drawn in the feedback's time, and a second gnuplot started detached
 * draws the PNG right after: pngcairo's fonts cost ~100 ms a picture, SVG
 * ~3 ms (bench-pictures). */
/* Every picture of this draw (all, or only `only`) done with. */
static void clear_pending(const picture *only)
{
    for (int i = 0; i < g_count; i++)
        if (!only || g_pictures[i] == only)
            g_pictures[i]->pending = 0;
}

/* s in single quotes for sh, each ' as '\'' (cut to fit size). */
static void shell_quote(char *q, size_t size, const char *s)
{
    size_t n = 0;
    q[n++] = '\'';
    for (const char *c = s; *c && n + 6 < size; c++) {
        if (*c == '\'') {
            memcpy(q + n, "'\\''", 4);
            n += 4;
        } else
            q[n++] = *c;
    }
    q[n++] = '\'';
    q[n] = '\0';
}

/* The PNGs of the pictures drawn, in a gnuplot run that is not waited for. */
static void draw_png_later(const picture *only)
{
    /* a script of its own (the next redraw may write pictures.gp while this one still reads it) */
    char later[4200], after[4200];
    snprintf(later, sizeof later, "%s/pictures-png.%ld.gp", g_dir, (long)getpid());
    snprintf(after, sizeof after, "%s/pictures-png.%ld.sh", g_dir, (long)getpid());
    /* Each PNG is drawn as <base>.next.png and moved into place only
     * while its SVG is still there: a redraw that started meanwhile
     * removed this run's pictures (stale), and a late PNG must not
     * bring one back. */
    FILE *sh = fopen(after, "w");
    if (!sh)
        return;
    for (int i = 0; i < g_count; i++) {
        picture *p = g_pictures[i];
        if (!p->pending || (only && p != only) || !p->drawn)
            continue;
        char q[4400];
        shell_quote(q, sizeof q, p->base);
        fprintf(sh, "b=%s; if [ -s \"$b.svg\" ]; then mv -f \"$b.next.png\" \"$b.png\"; else rm -f \"$b.next.png\"; fi\n", q);
    }
    if (fclose(sh) == 0 && write_script(later, only, "png", 0, ".next"))
        draw_detached(later, after);
}

/* gnuplot's complaints, for whoever wrote a template. */
static void keep_gnuplot_log(const spawn_result *rs)
{
    char dir_abs[4096];
    if (!realpath(g_dir, dir_abs))
        snprintf(dir_abs, sizeof dir_abs, "%s", g_dir);
    if (rs->output_size > 0) {
        char log[4200];
        snprintf(log, sizeof log, "%s/pictures.log", dir_abs);
        FILE *l = fopen(log, "w");
        if (l) {
            fwrite(rs->output, 1, rs->output_size, l);
            fclose(l);
        }
    } else {
        /* gnuplot said nothing this time: an older run's complaints go */
        char log[4200];
        snprintf(log, sizeof log, "%s/pictures.log", dir_abs);
        unlink(log);
    }
}

static void draw(const picture *only)
{
    g_recording = 0;
    int mine = 0;
    for (int i = 0; i < g_count; i++)
        mine += g_pictures[i]->pending && (!only || g_pictures[i] == only);
    if (mine == 0 || !have_gnuplot() || !make_dir(g_dir))
        return;
    char script[4096];
    snprintf(script, sizeof script, "%s/pictures.gp", g_dir);
    /* grading: SVG only, as grade_all's convergence figures (a PNG is
     * ~70 KB a picture, the SVG ~40 KB, in every student's folder) */
    if (!write_script(script, only, "svg", 1, ""))
        return;
    if (g_all) {
        /* Grading (--plot-defer): grade_all draws every submission's
         * pictures in one gnuplot run at the end, as it draws the
         * convergence figures (grade_figures.c's figures_draw): a gnuplot
         * start per submission would cost the class minutes. */
        clear_pending(only);
        return;
    }
    spawn_result rs;
    if (!draw_warm(script, &rs)) {
        /* env: spawn_run's environment says LC_ALL=C (GNUPLOT_LOCALE, picture.h) */
        const char *argv[] = {"env", GNUPLOT_LOCALE, "gnuplot", script, NULL};
        spawn_request rq = {.argv = argv, .timeout_ms = 30000, .output_keep = 2000, .output_limit = 1u << 16};
        spawn_run(&rq, &rs);
    }
    /* One bad template must not hide the others' pictures: each picture
     * counts as drawn when its files are there and not empty (the PNG,
     * when it follows, is not waited for). */
    for (int i = 0; i < g_count; i++) {
        picture *p = g_pictures[i];
        if (!p->pending || (only && p != only))
            continue;
        char svg[4300];
        snprintf(svg, sizeof svg, "%s.svg", p->base);
        p->drawn = p->drawn && file_size(svg) > 0;
    }
    draw_png_later(only);
    clear_pending(only);
    keep_gnuplot_log(&rs);
    spawn_result_free(&rs);
}

/* ---- grading's cache (checker/cache.c) ------------------------------------
 *
 * A section whose results come from the cache runs no check, so records no
 * picture. Its pictures are kept with its results instead: picture_save
 * writes them into <plot_dir>/<slug>_failing_cases.rec, a file the cache
 * keeps with the results as it keeps a section's figure files, and brings
 * back on a hit; picture_restore reads them again. Text: a line per
 * picture, then its variables and blocks, each with its byte count. */
static void rec_path(char *out, size_t size, const char *plot_dir, const char *slug)
{
    snprintf(out, size, "%s/%s_failing_cases.rec", plot_dir, slug);
}

void picture_forget(const section_def *section)
{
    int kept = 0;
    for (int i = 0; i < g_count; i++) {
        if (!strcmp(g_pictures[i]->slug, section->slug)) {
            for (int b = 0; b < g_pictures[i]->block_count; b++)
                free(g_pictures[i]->blocks[b].text);
            free(g_pictures[i]);
        } else
            g_pictures[kept++] = g_pictures[i];
    }
    g_count = kept;
}

void picture_save(const char *plot_dir, const section_def *section)
{
    if (!g_all || !plot_dir)
        return;
    char path[4096];
    rec_path(path, sizeof path, plot_dir, section->slug);
    int any = 0;
    for (int i = 0; i < g_count; i++)
        any |= !strcmp(g_pictures[i]->slug, section->slug);
    if (!any) {
        unlink(path); /* an earlier grade's, stale now */
        return;
    }
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    fprintf(f, "failing cases 1\n");
    for (int i = 0; i < g_count; i++) {
        const picture *p = g_pictures[i];
        if (strcmp(p->slug, section->slug) != 0)
            continue;
        fprintf(f, "picture %s %s %d %.9g %.9g %.9g %.9g %d %zu\n", p->check, p->kind, p->have_box, p->lo[0], p->lo[1],
                p->hi[0], p->hi[1], p->block_count, p->vars_used);
        fwrite(p->vars, 1, p->vars_used, f);
        for (int b = 0; b < p->block_count; b++) {
            fprintf(f, "\nblock %s %zu\n", p->blocks[b].name, p->blocks[b].used);
            if (p->blocks[b].used)
                fwrite(p->blocks[b].text, 1, p->blocks[b].used, f);
        }
        fputc('\n', f);
    }
    if (fclose(f) != 0)
        unlink(path);
}

static int read_text(FILE *f, char **out, size_t n, size_t limit)
{
    if (n >= limit)
        return 0;
    char *t = malloc(n + 1);
    if (!t || fread(t, 1, n, f) != n) {
        free(t);
        return 0;
    }
    t[n] = '\0';
    *out = t;
    return 1;
}

/* Newer than `than` (seconds), and there. */
static int fresh(const char *path, double than)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0 && (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9 >= than;
}

void picture_restore(const char *work, const char *plot_dir, const section_def *section)
{
    picture_begin_kept(work, plot_dir, section);
    picture_stop();
    if (!g_all || !plot_dir)
        return;
    char path[4096];
    rec_path(path, sizeof path, plot_dir, section->slug);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    struct stat rec_st;
    double rec_time = fstat(fileno(f), &rec_st) == 0 ? (double)rec_st.st_mtim.tv_sec + rec_st.st_mtim.tv_nsec * 1e-9 : 0;
    int version = 0;
    if (fscanf(f, "failing cases %d\n", &version) != 1 || version != 1) {
        fclose(f);
        return;
    }
    char check[64], kind[32];
    int have_box, blocks;
    float lo0, lo1, hi0, hi1;
    size_t vars;
    while (g_count < MAX_PICTURES &&
           fscanf(f, "picture %63s %31s %d %f %f %f %f %d %zu", check, kind, &have_box, &lo0, &lo1, &hi0, &hi1, &blocks,
                  &vars) == 9 &&
           fgetc(f) == '\n') {
        picture *p = calloc(1, sizeof *p);
        if (!p || blocks < 0 || blocks > MAX_BLOCKS || vars >= VARS_SIZE || fread(p->vars, 1, vars, f) != vars) {
            free(p);
            break;
        }
        p->vars[vars] = '\0';
        p->vars_used = vars;
        int ok = 1;
        for (int b = 0; ok && b < blocks; b++) {
            char name[40];
            size_t used;
            ok = fscanf(f, "\nblock %39s %zu", name, &used) == 2 && fgetc(f) == '\n' &&
                 (used == 0 || read_text(f, &p->blocks[b].text, used, BLOCK_LIMIT));
            if (ok) {
                snprintf(p->blocks[b].name, sizeof p->blocks[b].name, "%s", name);
                p->blocks[b].used = p->blocks[b].cap = used;
                p->block_count = b + 1;
            }
        }
        if (!ok || fgetc(f) != '\n') {
            for (int b = 0; b < p->block_count; b++)
                free(p->blocks[b].text);
            free(p);
            break;
        }
        snprintf(p->slug, sizeof p->slug, "%s", section->slug);
        snprintf(p->check, sizeof p->check, "%s", check);
        snprintf(p->kind, sizeof p->kind, "%s", kind);
        p->have_box = have_box;
        p->lo[0] = lo0, p->lo[1] = lo1, p->hi[0] = hi0, p->hi[1] = hi1;
        /* drawn already from these very numbers (a regrade into the same
         * folder): kept, not drawn again */
        char svg[4300];
        snprintf(p->base, sizeof p->base, "%s/%s__%s", g_dir, p->slug, p->check);
        snprintf(svg, sizeof svg, "%s.svg", p->base);
        p->drawn = fresh(svg, rec_time);
        p->pending = !p->drawn;
        g_pictures[g_count++] = p;
    }
    fclose(f);
}

void picture_draw(void)
{
    g_recording = 0;
    if (g_all)
        draw(NULL);
}

void picture_print(const char *slug, const char *check, int stub)
{
    if (picture_refused(slug, check) && have_gnuplot()) {
        picture_print_refused();
        return;
    }
    for (int i = 0; i < g_count; i++) {
        picture *p = g_pictures[i];
        if (strcmp(p->check, check) != 0 || strcmp(p->slug, slug) != 0)
            continue;
        if (p->pending)
            draw(p);
        if (!have_gnuplot()) {
            if (!g_note_said)
                printf("%s", say(1));
            g_note_said = 1;
        } else if (p->drawn) {
            printf(say(g_all ? 2 : 0), p->base);
        }
        return;
    }
    /* no picture: one line on why (issue 35), never silence */
    printf("%s\n", msg(stub ? MSG_NO_PICTURE_STUB : MSG_NO_PICTURE));
}

picture_batch g_picture_batch;

int picture_answer_index(const void *rq, size_t size_rq)
{
    uintptr_t at = (uintptr_t)rq, base = (uintptr_t)g_picture_batch.rq;
    if (!g_picture_batch.rq || size_rq != g_picture_batch.size_rq || at < base || (at - base) % size_rq != 0 ||
        (at - base) / size_rq >= (uintptr_t)g_picture_batch.count)
        return -1;
    return (int)((at - base) / size_rq);
}

const void *picture_answers(void) { return g_picture_batch.rs; }

/* ---- the student edition (checker/classroom/replay.c) ----------------------
 *
 * There the reference's answers come from a table recorded on the visible
 * seed. A picture may ask the reference about its case in a way the check
 * did not (05/06: the chain after 1, 2, ... passes) and the table may not
 * have it. Such a picture is dropped, never drawn from zeros, and the
 * check must end as it would with no picture at all: the replay stops it
 * (picture_reference_missed), and the driver runs it again with its
 * picture off (picture_redo). picture_print then says in one line why
 * there is no picture. Separate from the rest: only the export's replay
 * calls picture_reference_missed. */
static char g_no_picture[MAX_PICTURES][2][64]; /* slug, check: no picture, and why said */
static int g_no_picture_count, g_redo_pending;

static int no_picture(const char *slug, const char *check)
{
    for (int i = 0; i < g_no_picture_count; i++)
        if (!strcmp(g_no_picture[i][0], slug) && !strcmp(g_no_picture[i][1], check))
            return 1;
    return 0;
}

int picture_reference_missed(void)
{
    picture *p = current();
    if (!p)
        return 0;
    if (!no_picture(p->slug, p->check) && g_no_picture_count < MAX_PICTURES) {
        snprintf(g_no_picture[g_no_picture_count][0], 64, "%s", p->slug);
        snprintf(g_no_picture[g_no_picture_count][1], 64, "%s", p->check);
        g_no_picture_count++;
    }
    g_redo_pending = 1;
    for (int i = 0; i < g_count; i++)
        if (g_pictures[i] == p) {
            for (int b = 0; b < p->block_count; b++)
                free(p->blocks[b].text);
            free(p);
            g_pictures[i] = g_pictures[--g_count];
            break;
        }
    g_open = NULL;
    g_open_check = NULL;
    return 1;
}

int picture_redo(const section_def *section, int *only)
{
    int any = 0;
    for (int i = 0; section->checks[i].name; i++)
        any |= only[i] = g_redo_pending && no_picture(section->slug, section->checks[i].name);
    g_redo_pending = 0;
    return any;
}

/* picture_case's refusal and picture_print's line for such a check. */
static int picture_refused(const char *slug, const char *check)
{
    return g_no_picture_count > 0 && no_picture(slug, check);
}

static void picture_print_refused(void)
{
    printf("%s", msg_is_english()
                     ? "  (no picture of this case in the student edition: the reference's answer it needs was not "
                       "recorded; the instructor's tree draws it)\n"
                     : "  (ฉบับผู้เรียนไม่มีรูปของกรณีนี้ (no picture in the student edition): ไม่ได้บันทึกคำตอบอ้างอิงที่รูปต้องใช้ "
                       "— ในชุดของผู้สอนมีรูปนี้)\n");
}

/* ---- gnuplot started early (make check, watch) ------------------------------
 *
 * gnuplot's own start (82 shared libraries, ~20 ms CPU) was a third of a
 * picture's time in watch's redraw. When the section failed last time
 * (the work folder's results.tsv says so), picture_warm_up starts gnuplot
 * before the compile, reading its commands from a pipe, so it has started
 * by the time the picture is there; draw_warm hands it the script and
 * waits for it as spawn_run did. A run that draws nothing closes the pipe
 * (at exit) and that gnuplot ends on its own. */
static pid_t g_warm_pid = -1;
static int g_warm_fd = -1;
static char g_warm_log[4200];

/* At exit, a gnuplot started for nothing (the run drew no picture): its
 * pipe closed, it ends on its own; its log goes. */
static void warm_unused(void)
{
    if (g_warm_pid > 0) {
        close(g_warm_fd);
        unlink(g_warm_log);
        g_warm_pid = -1;
    }
}

void picture_warm_up(const char *work, const char *slug)
{
    if (g_warm_pid > 0 || !work || !have_gnuplot())
        return;
    char results[4200], line[512], want[128];
    snprintf(results, sizeof results, "%s/results.tsv", work);
    snprintf(want, sizeof want, "section\t%s\tfailing\t", slug);
    FILE *f = fopen(results, "r");
    int failing = 0;
    while (f && !failing && fgets(line, sizeof line, f))
        failing = !strncmp(line, want, strlen(want));
    if (f)
        fclose(f);
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/pictures", work);
    int fds[2];
    if (!failing || !make_dir(dir) || pipe(fds) != 0)
        return;
    snprintf(g_warm_log, sizeof g_warm_log, "%s/pictures-warm.%ld.log", dir, (long)getpid());
    pid_t pid = fork();
    if (pid == 0) {
        int log = open(g_warm_log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fds[0], 0);
        if (log >= 0)
            dup2(log, 1), dup2(log, 2);
        for (int fd = 3; fd < 256; fd++)
            close(fd);
        /* the environment spawn_run gives gnuplot (spawn.c) */
        char *const env[] = {"PATH=/usr/local/bin:/usr/bin:/bin", GNUPLOT_LOCALE, NULL};
        char *const argv[] = {"gnuplot", NULL};
        execvpe("gnuplot", argv, env);
        _exit(127);
    }
    close(fds[0]);
    if (pid < 0) {
        close(fds[1]);
        return;
    }
    fcntl(fds[1], F_SETFD, FD_CLOEXEC); /* no compiler or runner inherits it */
    g_warm_fd = fds[1];
    g_warm_pid = pid;
    static int registered;
    if (!registered)
        registered = atexit(warm_unused) == 0;
}

static int draw_warm(const char *script, spawn_result *rs)
{
    if (g_warm_pid <= 0)
        return 0;
    pid_t pid = g_warm_pid;
    g_warm_pid = -1;
    char q[4400], cmd[4500];
    quoted(q, sizeof q, script);
    int n = snprintf(cmd, sizeof cmd, "load %s\n", q);
    int sent = write(g_warm_fd, cmd, (size_t)n) == n;
    close(g_warm_fd);
    g_warm_fd = -1;
    int status = 0, done = 0;
    for (int waited_ms = 0; sent && waited_ms < 30000 && !done; waited_ms++) {
        done = waitpid(pid, &status, WNOHANG) == pid;
        if (!done)
            usleep(1000);
    }
    if (!done) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    memset(rs, 0, sizeof *rs);
    /* what it said, as spawn_run would have kept it (keep_gnuplot_log) */
    FILE *log = fopen(g_warm_log, "r");
    char *said = malloc(2001);
    size_t got = log && said ? fread(said, 1, 2000, log) : 0;
    if (log)
        fclose(log);
    unlink(g_warm_log);
    if (said)
        said[got] = '\0';
    rs->output = said; /* freed by spawn_result_free */
    rs->output_size = got;
    rs->end = done ? SPAWN_EXITED : SPAWN_TIMED_OUT;
    return sent; /* not sent: gnuplot is gone, draw it the usual way */
}
