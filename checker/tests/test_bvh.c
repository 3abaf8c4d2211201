/* test_bvh.c - CUnit tests for the BVH loader (include/bvh.h). Registered
 * by selftest.c through add_bvh_suite(); paths are relative to the
 * workbook root, where make test runs.
 *
 *  - the real CMU clip: sizes, channel layouts, frame 0 and the net root
 *    displacement given independently in checker/data/mocap/README.md;
 *  - two small valid files: rotation order as the file lists it, CRLF line
 *    ends, "Frames :", ".25", blank rows, no final newline;
 *  - every malformed file in checker/tests/bvh/ is refused with the line
 *    it names, and leaves the output empty;
 *  - generated cases kept out of git: one joint over BVH_MAX_JOINTS, a
 *    10 MB file (refused by size, quickly), the real clip cut at random
 *    points, random bytes flipped (never a crash; ASan/UBSan see leaks).
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, for the 10 MB file */
#include <CUnit/CUnit.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bvh.h"

void add_bvh_suite(void);

#define CLIP_PATH "checker/data/mocap/cmu_131_01_start_walk_stop.bvh"
#define BAD_DIR "checker/tests/bvh/"

/* Rotations built from exact 90-degree turns: float sin/cos of pi/2 leave
 * ~1e-7; 1e-5 is far below any mistake (a wrong order is off by 1). */
#define TOL 1e-5f

static uint64_t rng_state;
static uint64_t rng_next(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *size = (size_t)n;
    }
    return buf;
}

static int is_empty(const bvh_file *f)
{
    return f->motion.values == NULL && f->motion.frame_count == 0 && f->skeleton.joint_count == 0;
}

static int near_v3(vec3 a, vec3 b, float tol) { return v3_distance(a, b) <= tol; }

/* ---- the real clip --------------------------------------------------------- */

static void test_real_clip(void)
{
    bvh_file f;
    bvh_error e = bvh_load(CLIP_PATH, &f);
    CU_ASSERT_FALSE_FATAL(e.failed);
    CU_ASSERT_EQUAL(f.skeleton.joint_count, 31);
    CU_ASSERT_EQUAL(f.skeleton.channel_count, 6 + 30 * 3);
    CU_ASSERT_EQUAL(f.motion.frame_count, 994);
    CU_ASSERT_EQUAL(f.motion.channel_count, 96);
    CU_ASSERT_DOUBLE_EQUAL(f.motion.frame_time, 0.0083333, 1e-9);

    int hips = bvh_find_joint(&f.skeleton, "Hips");
    CU_ASSERT_EQUAL(hips, 0);
    CU_ASSERT_EQUAL(f.skeleton.joints[0].parent, -1);
    const bvh_channel root_order[6] = {BVH_X_POSITION, BVH_Y_POSITION, BVH_Z_POSITION,
                                       BVH_Z_ROTATION, BVH_Y_ROTATION, BVH_X_ROTATION};
    CU_ASSERT_EQUAL(f.skeleton.joints[0].channel_count, 6);
    CU_ASSERT_EQUAL(memcmp(f.skeleton.joints[0].channels, root_order, sizeof root_order), 0);

    /* The arms list Z X Y, unlike the rest: the layout is per joint. */
    int shoulder = bvh_find_joint(&f.skeleton, "LeftShoulder");
    CU_ASSERT_TRUE_FATAL(shoulder > 0);
    const bvh_joint *s = &f.skeleton.joints[shoulder];
    CU_ASSERT_EQUAL(s->channels[0], BVH_Z_ROTATION);
    CU_ASSERT_EQUAL(s->channels[1], BVH_X_ROTATION);
    CU_ASSERT_EQUAL(s->channels[2], BVH_Y_ROTATION);
    CU_ASSERT_EQUAL(strcmp(f.skeleton.joints[s->parent].name, "LeftCollar"), 0);
    CU_ASSERT_TRUE(near_v3(s->offset, v3(3.05381f, 1.47088f, -0.01697f), 1e-6f));
    CU_ASSERT_EQUAL(f.skeleton.joints[bvh_find_joint(&f.skeleton, "LeftHip")].parent,
                    bvh_find_joint(&f.skeleton, "LHipJoint"));
    int end_sites = 0;
    for (int i = 0; i < f.skeleton.joint_count; i++) {
        end_sites += f.skeleton.joints[i].has_end_site;
        CU_ASSERT_TRUE(f.skeleton.joints[i].parent < i); /* parent before child */
    }
    CU_ASSERT_EQUAL(end_sites, 7);
    CU_ASSERT_EQUAL(bvh_find_joint(&f.skeleton, "Tail"), -1);

    /* Frame 0 (README): Hips at (5.23, 16.9002, -33.8986), then
     * Zrotation -5.4029, Yrotation 9.8098, Xrotation 10.4956. */
    const float *row = bvh_frame_values(&f, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(row);
    CU_ASSERT_EQUAL(row[0], 5.23f);
    CU_ASSERT_EQUAL(row[1], 16.9002f);
    CU_ASSERT_EQUAL(row[2], -33.8986f);
    vec3 t;
    quat q;
    CU_ASSERT_TRUE(bvh_joint_local(&f, 0, hips, &t, &q));
    CU_ASSERT_TRUE(near_v3(t, v3(5.23f, 16.9002f, -33.8986f), 1e-6f));
    quat want = quat_mul(quat_mul(quat_from_axis_angle(v3_forward(), -5.4029f * IK_DEG_TO_RAD),
                                  quat_from_axis_angle(v3_up(), 9.8098f * IK_DEG_TO_RAD)),
                         quat_from_axis_angle(v3_right(), 10.4956f * IK_DEG_TO_RAD));
    CU_ASSERT_TRUE(quat_angle_between(q, want) < 1e-5f);

    /* Net root displacement first -> last frame, XZ (README): about
     * (-3.00, 45.86) units, i.e. about 2.6 m of walking. */
    vec3 first, last;
    bvh_joint_local(&f, 0, hips, &first, NULL);
    bvh_joint_local(&f, f.motion.frame_count - 1, hips, &last, NULL);
    CU_ASSERT_DOUBLE_EQUAL(last.x - first.x, -3.00, 0.01);
    CU_ASSERT_DOUBLE_EQUAL(last.z - first.z, 45.86, 0.01);
    float metres = sqrtf((last.x - first.x) * (last.x - first.x) + (last.z - first.z) * (last.z - first.z)) *
                   BVH_CMU_METRES_PER_UNIT;
    CU_ASSERT_DOUBLE_EQUAL(metres, 2.59, 0.01);

    /* The whole frame in FK shape. */
    bvh_local local[BVH_MAX_JOINTS];
    CU_ASSERT_EQUAL(bvh_frame_local(&f, 993, local, BVH_MAX_JOINTS), 31);
    CU_ASSERT_EQUAL(bvh_frame_local(&f, 994, local, BVH_MAX_JOINTS), -1);
    CU_ASSERT_EQUAL(bvh_frame_local(&f, 0, local, 30), -1);
    CU_ASSERT_EQUAL(local[shoulder].parent, s->parent);
    CU_ASSERT_TRUE(near_v3(local[shoulder].local_offset, s->offset, 0.0f));
    CU_ASSERT_PTR_NULL(bvh_frame_values(&f, -1));
    CU_ASSERT_PTR_NULL(bvh_frame_values(&f, 994));
    CU_ASSERT_FALSE(bvh_joint_local(&f, 0, 31, &t, &q));
    bvh_free(&f);
    CU_ASSERT_TRUE(is_empty(&f));
    bvh_free(&f); /* twice is harmless */
}

/* ---- small valid files --------------------------------------------------------- */

static void test_rotation_order(void)
{
    bvh_file f;
    bvh_error e = bvh_load(BAD_DIR "valid_minimal.bvh", &f);
    CU_ASSERT_FALSE_FATAL(e.failed);
    CU_ASSERT_EQUAL(f.skeleton.joint_count, 2);
    CU_ASSERT_EQUAL(f.skeleton.channel_count, 9);
    CU_ASSERT_EQUAL(f.motion.frame_count, 2);
    CU_ASSERT_EQUAL(f.motion.frame_time, 0.5f);
    CU_ASSERT_EQUAL(f.skeleton.joints[1].first_channel, 6);
    CU_ASSERT_TRUE(f.skeleton.joints[1].has_end_site);
    CU_ASSERT_TRUE(near_v3(f.skeleton.joints[1].end_site, v3(0, 1, 0), 0.0f));

    vec3 t;
    quat q;
    /* Frame 1, Hips "Zrotation Yrotation Xrotation" = 0 90 0: +Z turns to +X. */
    bvh_joint_local(&f, 0, 0, &t, &q);
    CU_ASSERT_TRUE(near_v3(t, v3(1, 2, 3), 0.0f)); /* OFFSET 0 + position channels */
    CU_ASSERT_TRUE(near_v3(quat_rotate(q, v3_forward()), v3(1, 0, 0), TOL));
    /* Frame 2, Hips Z 90, Y 90: Rz * Ry takes +Z to +X (Ry first), then to
     * +Y (Rz). The other order would leave +X. */
    bvh_joint_local(&f, 1, 0, &t, &q);
    CU_ASSERT_TRUE(near_v3(t, v3(4, 5, 6), 0.0f));
    CU_ASSERT_TRUE(near_v3(quat_rotate(q, v3_forward()), v3(0, 1, 0), TOL));
    /* Spine lists "Xrotation Yrotation Zrotation" = 90 90 0: Rx * Ry takes
     * +Z to +X (Ry), which Rx keeps. Ry * Rx would give -Y. */
    bvh_joint_local(&f, 1, 1, &t, &q);
    CU_ASSERT_TRUE(near_v3(t, v3(0, 1, 0), 0.0f)); /* no position channels: the OFFSET */
    CU_ASSERT_TRUE(near_v3(quat_rotate(q, v3_forward()), v3(1, 0, 0), TOL));
    bvh_free(&f);
}

static void test_crlf_and_spacing(void)
{
    bvh_file f;
    bvh_error e = bvh_load(BAD_DIR "valid_crlf.bvh", &f);
    CU_ASSERT_FALSE_FATAL(e.failed);
    CU_ASSERT_EQUAL(f.skeleton.joint_count, 1);
    CU_ASSERT_EQUAL(f.motion.frame_count, 2);
    CU_ASSERT_EQUAL(f.motion.frame_time, 0.25f);
    const float *row = bvh_frame_values(&f, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(row);
    CU_ASSERT_EQUAL(row[0], 4.0f);
    CU_ASSERT_EQUAL(row[2], 6.0f);
    bvh_free(&f);
}

/* The loader reads plain decimals without strtod (a fast path, see
 * parse_float in bvh.c). Every number must still come out exactly as
 * (float)strtod reads it: random spellings of 1..18 digits, signs, a
 * leading or trailing point, exponents (which take the strtod path). */
static void test_numbers_match_strtod(void)
{
    enum { ROWS = 4000 };
    static char text[ROWS * 3 * 40 + 512], spelled[ROWS * 3][40];
    rng_state = 0x5EED5u;
    size_t n = (size_t)snprintf(text, sizeof text,
                                "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
                                "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: %d\nFrame Time: 0.008333\n",
                                ROWS);
    for (int i = 0; i < ROWS * 3; i++) {
        char *w = spelled[i];
        int len = 0, digits = 1 + (int)(rng_next() % 18), point = (int)(rng_next() % (unsigned)(digits + 2)) - 1;
        uint64_t style = rng_next() % 8;
        if (style == 0)
            w[len++] = '-';
        if (style == 1)
            w[len++] = '+';
        for (int d = 0; d < digits; d++) {
            if (d == point)
                w[len++] = '.';
            w[len++] = (char)('0' + rng_next() % 10);
        }
        if (point == digits)
            w[len++] = '.';
        if (style == 2)
            len += snprintf(w + len, 8, "e%d", (int)(rng_next() % 21) - 10);
        w[len] = '\0';
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", w, i % 3 == 2 ? "\n" : " ");
    }
    bvh_file f;
    bvh_error e = bvh_parse(text, n, &f);
    if (e.failed)
        fprintf(stderr, "\n  %s", e.message);
    CU_ASSERT_FALSE_FATAL(e.failed);
    int mismatches = 0;
    for (int i = 0; i < ROWS * 3; i++) {
        float want = (float)strtod(spelled[i], NULL), got = bvh_frame_values(&f, i / 3)[i % 3];
        if (memcmp(&want, &got, sizeof got) != 0 && mismatches++ < 3)
            fprintf(stderr, "\n  '%s' read as %.9g, strtod says %.9g", spelled[i], (double)got, (double)want);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    bvh_free(&f);
}

/* ---- malformed files ------------------------------------------------------------ */

static const struct {
    const char *file;
    int line;
    const char *words; /* part of the message */
} MALFORMED[] = {
    {"empty.bvh", 1, "empty"},
    {"truncated_hierarchy.bvh", 14, "file ends inside joint 'Hips'"},
    {"truncated_motion.bvh", 20, "file ends after 2 of 3 frames"},
    {"channels_too_few_names.bvh", 9, "CHANNELS says 3 but lists 2"},
    {"channels_too_many_names.bvh", 9, "CHANNELS says 2 but lists more"},
    {"channels_count_over_six.bvh", 5, "0 to 6 channels"},
    {"channels_unknown_name.bvh", 9, "unknown channel 'Wrotation'"},
    {"offset_not_number.bvh", 8, "'one' is not a number"},
    {"offset_missing.bvh", 13, "joint 'Spine' has no OFFSET"},
    {"unknown_keyword.bvh", 8, "unknown keyword 'SCALE'"},
    {"motion_misspelled.bvh", 16, "unknown keyword 'MOTON'"},
    {"frames_zero.bvh", 17, "at least 1 frame"},
    {"frames_count_lies.bvh", 17, "cannot fit"},
    {"frame_time_negative.bvh", 18, "more than 0 seconds"},
    {"value_not_number.bvh", 20, "'0.0.1' is not a number"},
    {"value_nan.bvh", 19, "'nan' is not a finite number"},
    {"row_too_few_values.bvh", 20, "frame 2 has 8 values, the skeleton needs 9"},
    {"row_too_many_values.bvh", 19, "frame 1 has more than 9 values"},
    {"rows_beyond_frames.bvh", 21, "after the last frame"},
};

static void expect_refused(const char *what, bvh_error e, const bvh_file *f, int line, const char *words)
{
    char prefix[32];
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    int ok = e.failed && e.line == line && strncmp(e.message, prefix, strlen(prefix)) == 0 &&
             strstr(e.message, words) != NULL && is_empty(f);
    if (!ok)
        fprintf(stderr, "\n  %s: failed=%d line=%d message '%s' (want line %d, '%s')", what, e.failed, e.line,
                e.message, line, words);
    CU_ASSERT_TRUE(ok);
}

static void test_malformed_files(void)
{
    for (size_t i = 0; i < sizeof MALFORMED / sizeof MALFORMED[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, BAD_DIR "%s", MALFORMED[i].file);
        bvh_file f;
        memset(&f, 0x5A, sizeof f); /* stale junk must not survive a failed load */
        bvh_error e = bvh_load(path, &f);
        expect_refused(path, e, &f, MALFORMED[i].line, MALFORMED[i].words);
        bvh_free(&f);
    }
}

static void test_bad_arguments(void)
{
    bvh_file f;
    bvh_error e = bvh_load(BAD_DIR "no_such_file.bvh", &f);
    CU_ASSERT_TRUE(e.failed && e.line == 0 && strstr(e.message, "cannot open") && is_empty(&f));
    e = bvh_load(NULL, &f);
    CU_ASSERT_TRUE(e.failed && is_empty(&f));
    e = bvh_load(CLIP_PATH, NULL);
    CU_ASSERT_TRUE(e.failed);
    e = bvh_parse(NULL, 10, &f);
    CU_ASSERT_TRUE(e.failed && is_empty(&f));
    e = bvh_parse("HIERARCHY", 9, NULL);
    CU_ASSERT_TRUE(e.failed);
    /* A directory opens on Linux but cannot be read as a file. */
    e = bvh_load(BAD_DIR, &f);
    CU_ASSERT_TRUE(e.failed && is_empty(&f));
    bvh_free(NULL);
    CU_ASSERT_EQUAL(bvh_find_joint(NULL, "Hips"), -1);
    CU_ASSERT_PTR_NULL(bvh_frame_values(NULL, 0));
    CU_ASSERT_EQUAL(bvh_frame_local(NULL, 0, NULL, 0), -1);
    CU_ASSERT_STRING_EQUAL(bvh_channel_name(BVH_Z_ROTATION), "Zrotation");
}

/* ---- generated cases ---------------------------------------------------------------- */

/* A chain of `joints` joints, one per line after the ROOT line: the JOINT
 * number k (k = 1..) sits on line k + 2. */
static char *chain_file(int joints, size_t *size)
{
    size_t cap = (size_t)joints * 80 + 256;
    char *buf = malloc(cap);
    size_t n = (size_t)snprintf(buf, cap, "HIERARCHY\nROOT j0 { OFFSET 0 0 0 CHANNELS 1 Zrotation\n");
    for (int k = 1; k < joints; k++)
        n += (size_t)snprintf(buf + n, cap - n, "JOINT j%d { OFFSET 0 1 0\n", k);
    for (int k = 0; k < joints; k++)
        n += (size_t)snprintf(buf + n, cap - n, "}");
    n += (size_t)snprintf(buf + n, cap - n, "\nMOTION\nFrames: 1\nFrame Time: 0.1\n5\n");
    *size = n;
    return buf;
}

static void test_joint_limit(void)
{
    size_t size;
    char *text = chain_file(BVH_MAX_JOINTS, &size);
    bvh_file f;
    bvh_error e = bvh_parse(text, size, &f);
    CU_ASSERT_FALSE(e.failed);
    CU_ASSERT_EQUAL(f.skeleton.joint_count, BVH_MAX_JOINTS);
    CU_ASSERT_EQUAL(f.skeleton.joints[BVH_MAX_JOINTS - 1].parent, BVH_MAX_JOINTS - 2);
    bvh_free(&f);
    free(text);

    /* One more: refused at the JOINT that does not fit (joint number 128,
     * counting the ROOT as 0, is on line 130). */
    text = chain_file(BVH_MAX_JOINTS + 1, &size);
    e = bvh_parse(text, size, &f);
    expect_refused("129 joints", e, &f, BVH_MAX_JOINTS + 2, "too many joints");
    free(text);
}

/* The real clip's header, then its rows over and over: 10 MB. */
static char *huge_text(const char *clip, size_t clip_size, size_t target)
{
    const char *rows = strstr(clip, "Frame Time:");
    rows = strchr(rows, '\n') + 1;
    char *buf = malloc(target + 1);
    size_t head = (size_t)(rows - clip), n = 0;
    memcpy(buf, clip, head);
    n = head;
    while (n < target) {
        size_t chunk = clip_size - head;
        if (chunk > target - n)
            chunk = target - n;
        memcpy(buf + n, rows, chunk);
        n += chunk;
    }
    buf[n] = '\0';
    return buf;
}

static void test_ten_megabytes(void)
{
    size_t clip_size;
    char *clip = read_all(CLIP_PATH, &clip_size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(clip);
    const size_t target = 10u * 1000u * 1000u;
    char *big = huge_text(clip, clip_size, target);

    /* In memory: refused before any parsing. */
    bvh_file f;
    clock_t start = clock();
    bvh_error e = bvh_parse(big, target, &f);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    CU_ASSERT_TRUE(e.failed && strstr(e.message, "larger than") && is_empty(&f));
    CU_ASSERT_TRUE(e.line > 1); /* the line where the limit falls */
    CU_ASSERT_TRUE(seconds < 1.0);

    /* From a file: only BVH_MAX_BYTES + 1 bytes are ever read. */
    char path[] = "/tmp/bvh_10mb_XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_TRUE_FATAL(fd >= 0);
    FILE *out = fdopen(fd, "wb");
    CU_ASSERT_TRUE(out && fwrite(big, 1, target, out) == target);
    if (out)
        fclose(out);
    start = clock();
    e = bvh_load(path, &f);
    seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    CU_ASSERT_TRUE(e.failed && strstr(e.message, "larger than") && is_empty(&f));
    CU_ASSERT_TRUE(seconds < 1.0);
    remove(path);
    if (e.failed == 0)
        bvh_free(&f);
    free(big);
    free(clip);
}

static void test_truncated_anywhere(void)
{
    /* Cut the real clip anywhere before its last row: always an error,
     * never a crash or a leak. (A cut inside the last row's last number
     * still leaves a well-formed file, so those cuts are not drawn.) */
    size_t size;
    char *clip = read_all(CLIP_PATH, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(clip);
    size_t last_row = size - 1;
    while (last_row > 0 && (clip[last_row] == '\n' || clip[last_row] == '\r'))
        last_row--;
    while (last_row > 0 && clip[last_row - 1] != '\n')
        last_row--;
    rng_state = 12345;
    int accepted = 0;
    for (int i = 0; i < 100; i++) {
        size_t cut = (size_t)(rng_next() % last_row);
        bvh_file f;
        bvh_error e = bvh_parse(clip, cut, &f);
        if (!e.failed) {
            accepted++;
            fprintf(stderr, "\n  a cut at byte %zu of %zu was accepted", cut, size);
        }
        CU_ASSERT_TRUE(e.failed ? is_empty(&f) : 1);
        bvh_free(&f);
    }
    CU_ASSERT_EQUAL(accepted, 0);
    free(clip);
}

static void test_random_corruption(void)
{
    /* Flip random bytes of a small valid file: whatever comes out (loaded
     * or refused), nothing crashes, a refusal names a line inside the file,
     * and a success has consistent sizes. */
    size_t size;
    char *good = read_all(BAD_DIR "valid_minimal.bvh", &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(good);
    int lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += good[i] == '\n';
    char *copy = malloc(size);
    rng_state = 777;
    int consistent = 1;
    for (int trial = 0; trial < 3000; trial++) {
        memcpy(copy, good, size);
        int flips = 1 + (int)(rng_next() % 3);
        for (int k = 0; k < flips; k++)
            copy[rng_next() % size] = (char)(rng_next() & 0xFF);
        bvh_file f;
        bvh_error e = bvh_parse(copy, size, &f);
        if (e.failed)
            consistent &= is_empty(&f) && e.line >= 1 && e.line <= lines + 2 && e.message[0] != '\0';
        else
            consistent &= f.motion.values != NULL && f.motion.frame_count >= 1 &&
                          f.motion.channel_count == f.skeleton.channel_count && f.skeleton.joint_count >= 1;
        bvh_free(&f);
    }
    CU_ASSERT_TRUE(consistent);
    free(copy);
    free(good);
}

void add_bvh_suite(void)
{
    CU_pSuite s = CU_add_suite("bvh", NULL, NULL);
    if (!s)
        return;
    CU_add_test(s, "real clip: 31 joints, 994 frames, README figures", test_real_clip);
    CU_add_test(s, "rotation order as the file lists it", test_rotation_order);
    CU_add_test(s, "CRLF, 'Frames :', blank rows, no final newline", test_crlf_and_spacing);
    CU_add_test(s, "every number read exactly as strtod reads it", test_numbers_match_strtod);
    CU_add_test(s, "malformed files refused with their line", test_malformed_files);
    CU_add_test(s, "bad arguments and missing files", test_bad_arguments);
    CU_add_test(s, "BVH_MAX_JOINTS accepted, one more refused", test_joint_limit);
    CU_add_test(s, "10 MB file refused quickly", test_ten_megabytes);
    CU_add_test(s, "real clip cut anywhere: refused", test_truncated_anywhere);
    CU_add_test(s, "random byte flips: no crash, consistent result", test_random_corruption);
}
