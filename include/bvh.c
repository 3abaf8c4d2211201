/* bvh.c - the BVH loader (see bvh.h for the format and the contract).
 *
 * The parser reads the HIERARCHY as a stream of tokens (line breaks do not
 * matter there) and the MOTION rows line by line (one frame per line is
 * the rule the format relies on, so a short or long row is an error, not
 * silently shifted data). Every error carries the line where it was found.
 * Nothing is allocated until the frame count has been checked against the
 * bytes actually left in the file, so a lying "Frames: 2000000000" cannot
 * make the loader reserve gigabytes.
 */
#include "bvh.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ------------------------------------------------------------ */

static bvh_error error_at(int line, const char *format, ...)
{
    bvh_error e;
    memset(&e, 0, sizeof e);
    e.failed = 1;
    e.line = line;
    char text[BVH_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    if (line > 0)
        snprintf(e.message, sizeof e.message, "line %d: %.180s", line, text);
    else
        snprintf(e.message, sizeof e.message, "%.190s", text);
    return e;
}

static bvh_error no_error(void)
{
    bvh_error e;
    memset(&e, 0, sizeof e);
    return e;
}

/* ---- tokens --------------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t length;
    size_t pos;
    int line;
} lexer;

typedef struct {
    const char *start;
    size_t length;      /* 0 at the end of the text */
    int line;
} token;

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
static int is_brace(char c) { return c == '{' || c == '}'; }

/* The next whitespace-separated word; braces are words of their own even
 * when glued to a name ("Hips{"). */
static token next_token(lexer *lx)
{
    while (lx->pos < lx->length && is_space(lx->text[lx->pos])) {
        if (lx->text[lx->pos] == '\n' && lx->line < INT_MAX)
            lx->line++;
        lx->pos++;
    }
    token t = {lx->text + lx->pos, 0, lx->line};
    if (lx->pos < lx->length && is_brace(lx->text[lx->pos])) {
        t.length = 1;
        lx->pos++;
        return t;
    }
    while (lx->pos < lx->length && !is_space(lx->text[lx->pos]) && !is_brace(lx->text[lx->pos])) {
        lx->pos++;
        t.length++;
    }
    return t;
}

static int token_is(const token *t, const char *word)
{
    size_t n = strlen(word);
    return t->length == n && memcmp(t->start, word, n) == 0;
}

/* A token shown in a message: at most 24 characters, control bytes as '?'. */
typedef struct { char text[32]; } quoted;

static quoted quote(const token *t)
{
    quoted q;
    size_t n = t->length < 24 ? t->length : 24;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t->start[i];
        q.text[i] = (c < 32 || c >= 127) ? '?' : (char)c;
    }
    if (t->length > 24) {
        memcpy(q.text + n, "...", 3);
        n += 3;
    }
    q.text[n] = '\0';
    return q;
}

/* The line an "ends too early" error points at: the last line that has
 * anything on it (a final '\n' does not start a line worth showing). */
static int last_line(const lexer *lx)
{
    int line = lx->line;
    if (lx->length > 0 && lx->text[lx->length - 1] == '\n' && line > 1)
        line--;
    return line;
}

/* ---- numbers ------------------------------------------------------------ */

typedef enum { NUMBER_OK, NUMBER_NOT_A_NUMBER, NUMBER_NOT_FINITE } number_result;

/* Clinger's fast path: a plain decimal ("-12.345") with at most 15 digits
 * is an exact integer over an exact power of ten, so one IEEE division
 * gives the correctly rounded value, the same double strtod returns. The
 * clip holds ~60 000 such numbers and the checker reads it for every
 * submission it grades; strtod was 5 % of grading a class. Anything else
 * (exponents, long digit strings, "nan") goes to strtod. */
static int parse_plain_decimal(const char *s, size_t n, double *out)
{
    static const double power_of_ten[16] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    size_t i = 0;
    int negative = 0, digits = 0, decimals = -1;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        negative = s[i++] == '-';
    uint64_t mantissa = 0;
    for (; i < n; i++) {
        if (s[i] == '.' && decimals < 0) {
            decimals = 0;
            continue;
        }
        if (s[i] < '0' || s[i] > '9' || ++digits > 15)
            return 0;
        mantissa = mantissa * 10 + (uint64_t)(s[i] - '0');
        if (decimals >= 0)
            decimals++;
    }
    if (digits == 0)
        return 0;
    double v = (double)mantissa / power_of_ten[decimals < 0 ? 0 : decimals];
    *out = negative ? -v : v;
    return 1;
}

static number_result parse_float(const token *t, float *out)
{
    double fast;
    if (parse_plain_decimal(t->start, t->length, &fast)) {
        *out = (float)fast;
        return NUMBER_OK;
    }
    char buf[64];
    if (t->length == 0 || t->length >= sizeof buf)
        return NUMBER_NOT_A_NUMBER;
    memcpy(buf, t->start, t->length);
    buf[t->length] = '\0';
    char *end = NULL;
    double v = strtod(buf, &end);
    if (end != buf + t->length)
        return NUMBER_NOT_A_NUMBER; /* "1.5x", "abc", an embedded '\0' */
    if (!isfinite(v) || fabs(v) > FLT_MAX)
        return NUMBER_NOT_FINITE;   /* "nan", "inf", "1e40" */
    *out = (float)v;
    return NUMBER_OK;
}

static int parse_int(const token *t, long lo, long hi, long *out)
{
    char buf[32];
    if (t->length == 0 || t->length >= sizeof buf)
        return 0;
    memcpy(buf, t->start, t->length);
    buf[t->length] = '\0';
    char *end = NULL;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (end != buf + t->length || errno != 0 || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

/* ---- HIERARCHY ------------------------------------------------------------ */

static const char *const CHANNEL_NAMES[6] = {"Xposition", "Yposition", "Zposition",
                                             "Xrotation", "Yrotation", "Zrotation"};

const char *bvh_channel_name(bvh_channel channel)
{
    return (channel >= BVH_X_POSITION && channel <= BVH_Z_ROTATION) ? CHANNEL_NAMES[channel] : "?";
}

static int channel_from_token(const token *t, bvh_channel *out)
{
    for (int i = 0; i < 6; i++)
        if (token_is(t, CHANNEL_NAMES[i])) {
            *out = (bvh_channel)i;
            return 1;
        }
    return 0;
}

static int is_structure_word(const token *t)
{
    return token_is(t, "{") || token_is(t, "}") || token_is(t, "JOINT") || token_is(t, "End") ||
           token_is(t, "OFFSET") || token_is(t, "CHANNELS") || token_is(t, "MOTION") || token_is(t, "ROOT");
}

/* Reads three numbers after OFFSET. */
static bvh_error read_offset(lexer *lx, const token *keyword, vec3 *out)
{
    float v[3];
    for (int i = 0; i < 3; i++) {
        token t = next_token(lx);
        if (t.length == 0)
            return error_at(last_line(lx), "file ends inside OFFSET (3 numbers expected)");
        number_result r = parse_float(&t, &v[i]);
        if (r == NUMBER_NOT_FINITE)
            return error_at(t.line, "OFFSET value '%s' is not a finite number", quote(&t).text);
        if (r != NUMBER_OK) {
            if (is_structure_word(&t))
                return error_at(keyword->line, "OFFSET has %d numbers, 3 expected", i);
            return error_at(t.line, "OFFSET value '%s' is not a number", quote(&t).text);
        }
    }
    *out = v3(v[0], v[1], v[2]);
    return no_error();
}

static bvh_error read_channels(lexer *lx, const token *keyword, bvh_joint *joint)
{
    token t = next_token(lx);
    long count = 0;
    if (t.length == 0)
        return error_at(last_line(lx), "file ends after CHANNELS");
    if (!parse_int(&t, LONG_MIN, LONG_MAX, &count))
        return error_at(t.line, "CHANNELS count '%s' is not a whole number", quote(&t).text);
    if (count < 0 || count > 6)
        return error_at(t.line, "CHANNELS %ld: a joint has 0 to 6 channels", count);
    for (int i = 0; i < (int)count; i++) {
        token name = next_token(lx);
        if (name.length == 0)
            return error_at(last_line(lx), "file ends inside CHANNELS");
        bvh_channel c;
        if (!channel_from_token(&name, &c)) {
            if (is_structure_word(&name))
                return error_at(keyword->line, "CHANNELS says %ld but lists %d channel names", count, i);
            return error_at(name.line, "unknown channel '%s' (expected Xposition, Yposition, Zposition, "
                            "Xrotation, Yrotation or Zrotation)", quote(&name).text);
        }
        for (int k = 0; k < i; k++)
            if (joint->channels[k] == c)
                return error_at(name.line, "channel %s listed twice in joint '%s'", CHANNEL_NAMES[c], joint->name);
        joint->channels[i] = c;
    }
    joint->channel_count = (int)count;
    return no_error();
}

/* After ROOT or JOINT: the name, then '{'. */
static bvh_error open_joint(lexer *lx, const token *keyword, bvh_skeleton *sk, int parent)
{
    token name = next_token(lx);
    if (name.length == 0)
        return error_at(last_line(lx), "file ends after %s (a joint name and '{' expected)",
                        quote(keyword).text);
    if (is_brace(name.start[0]))
        return error_at(name.line, "%s has no name", quote(keyword).text);
    if (name.length >= BVH_NAME_SIZE)
        return error_at(name.line, "joint name '%s' is longer than %d characters", quote(&name).text,
                        BVH_NAME_SIZE - 1);
    token brace = next_token(lx);
    if (!token_is(&brace, "{"))
        return error_at(brace.length ? brace.line : last_line(lx), "expected '{' after %s %s, found '%s'",
                        quote(keyword).text, quote(&name).text, brace.length ? quote(&brace).text : "end of file");
    bvh_joint *j = &sk->joints[sk->joint_count++];
    memset(j, 0, sizeof *j);
    memcpy(j->name, name.start, name.length);
    j->name[name.length] = '\0';
    j->parent = parent;
    return no_error();
}

static bvh_error read_end_site(lexer *lx, const token *keyword, bvh_joint *joint)
{
    static const char *const EXPECTED[4] = {"Site", "{", "OFFSET", "}"};
    vec3 offset = v3_zero();
    for (int step = 0; step < 4; step++) {
        token t = next_token(lx);
        if (t.length == 0)
            return error_at(last_line(lx), "file ends inside the End Site of joint '%s'", joint->name);
        if (!token_is(&t, EXPECTED[step]))
            return error_at(t.line, "End Site of joint '%s': expected '%s', found '%s'", joint->name,
                            EXPECTED[step], quote(&t).text);
        if (step == 2) {
            bvh_error e = read_offset(lx, &t, &offset);
            if (e.failed)
                return e;
        }
    }
    if (joint->has_end_site)
        return error_at(keyword->line, "joint '%s' has a second End Site", joint->name);
    joint->has_end_site = 1;
    joint->end_site = offset;
    return no_error();
}

static bvh_error parse_hierarchy(lexer *lx, bvh_skeleton *sk)
{
    token t = next_token(lx);
    if (t.length == 0)
        return error_at(1, "the file is empty");
    if (!token_is(&t, "HIERARCHY"))
        return error_at(t.line, "expected HIERARCHY, found '%s'", quote(&t).text);
    t = next_token(lx);
    if (t.length == 0)
        return error_at(last_line(lx), "file ends after HIERARCHY (ROOT expected)");
    if (!token_is(&t, "ROOT"))
        return error_at(t.line, "expected ROOT, found '%s'", quote(&t).text);
    bvh_error e = open_joint(lx, &t, sk, -1);
    if (e.failed)
        return e;

    /* Open joints, innermost last; what each has seen so far. */
    int stack[BVH_MAX_JOINTS];
    unsigned char seen_offset[BVH_MAX_JOINTS] = {0}, seen_channels[BVH_MAX_JOINTS] = {0};
    int depth = 1;
    stack[0] = 0;
    while (depth > 0) {
        int current = stack[depth - 1];
        bvh_joint *joint = &sk->joints[current];
        t = next_token(lx);
        if (t.length == 0)
            return error_at(last_line(lx), "file ends inside joint '%s' (a '}' is missing)", joint->name);
        if (token_is(&t, "OFFSET")) {
            if (seen_offset[current])
                return error_at(t.line, "joint '%s' has a second OFFSET", joint->name);
            e = read_offset(lx, &t, &joint->offset);
            seen_offset[current] = 1;
        } else if (token_is(&t, "CHANNELS")) {
            if (seen_channels[current])
                return error_at(t.line, "joint '%s' has a second CHANNELS", joint->name);
            e = read_channels(lx, &t, joint);
            seen_channels[current] = 1;
        } else if (token_is(&t, "JOINT")) {
            if (sk->joint_count >= BVH_MAX_JOINTS)
                return error_at(t.line, "too many joints: this loader takes at most %d", BVH_MAX_JOINTS);
            e = open_joint(lx, &t, sk, current);
            if (!e.failed)
                stack[depth++] = sk->joint_count - 1;
        } else if (token_is(&t, "End")) {
            e = read_end_site(lx, &t, joint);
        } else if (token_is(&t, "}")) {
            if (!seen_offset[current])
                return error_at(t.line, "joint '%s' has no OFFSET", joint->name);
            depth--;
        } else {
            bvh_channel c;
            if (channel_from_token(&t, &c) && seen_channels[current])
                return error_at(t.line, "CHANNELS says %d but lists more channel names ('%s')",
                                joint->channel_count, quote(&t).text);
            return error_at(t.line, "unknown keyword '%s' in joint '%s' (expected OFFSET, CHANNELS, "
                            "JOINT, End Site or '}')", quote(&t).text, joint->name);
        }
        if (e.failed)
            return e;
    }

    int channels = 0;
    for (int i = 0; i < sk->joint_count; i++) {
        sk->joints[i].first_channel = channels;
        channels += sk->joints[i].channel_count;
    }
    sk->channel_count = channels;
    return no_error();
}

/* ---- MOTION -------------------------------------------------------------- */

/* "Frames:" or "Frames :" (some exporters put a space before the colon). */
static int read_label(lexer *lx, const char *label, token *first)
{
    *first = next_token(lx);
    size_t n = strlen(label);
    if (first->length == n + 1 && memcmp(first->start, label, n) == 0 && first->start[n] == ':')
        return 1;
    if (!token_is(first, label))
        return 0;
    token colon = next_token(lx);
    return token_is(&colon, ":");
}

/* Skips spaces and tabs (not line breaks). */
static void skip_blanks(lexer *lx)
{
    while (lx->pos < lx->length && (lx->text[lx->pos] == ' ' || lx->text[lx->pos] == '\t' ||
                                    lx->text[lx->pos] == '\r' || lx->text[lx->pos] == '\v' ||
                                    lx->text[lx->pos] == '\f'))
        lx->pos++;
}

/* One token on the current line; length 0 at the end of the line. */
static token next_on_line(lexer *lx)
{
    skip_blanks(lx);
    token t = {lx->text + lx->pos, 0, lx->line};
    while (lx->pos < lx->length && !is_space(lx->text[lx->pos])) {
        lx->pos++;
        t.length++;
    }
    return t;
}

static void end_line(lexer *lx)
{
    if (lx->pos < lx->length && lx->text[lx->pos] == '\n') {
        lx->pos++;
        if (lx->line < INT_MAX)
            lx->line++;
    }
}

/* What the MOTION header says: how many frames, and how long each lasts. */
typedef struct {
    long frames;
    int frames_line; /* where "Frames:" is, for the errors about the count */
    float frame_time;
} motion_header;

/* "MOTION", "Frames: n" and "Frame Time: t", each checked. */
static bvh_error parse_motion_header(lexer *lx, const bvh_skeleton *sk, motion_header *h)
{
    token t = next_token(lx);
    if (t.length == 0)
        return error_at(last_line(lx), "file ends after the HIERARCHY (MOTION expected)");
    if (token_is(&t, "ROOT"))
        return error_at(t.line, "a second ROOT: this loader takes one skeleton per file");
    if (!token_is(&t, "MOTION"))
        return error_at(t.line, "unknown keyword '%s' after the skeleton (MOTION expected)", quote(&t).text);
    if (sk->channel_count == 0)
        return error_at(t.line, "the skeleton has no CHANNELS, so frames would hold no values");

    token label;
    if (!read_label(lx, "Frames", &label))
        return error_at(label.length ? label.line : last_line(lx), "expected 'Frames:' after MOTION");
    h->frames_line = label.line;
    t = next_token(lx);
    long frames = 0;
    if (t.length == 0)
        return error_at(last_line(lx), "file ends after 'Frames:'");
    if (!parse_int(&t, LONG_MIN, LONG_MAX, &frames))
        return error_at(t.line, "frame count '%s' is not a whole number", quote(&t).text);
    if (frames < 1 || frames > INT_MAX)
        return error_at(t.line, "Frames: %ld (at least 1 frame expected)", frames);
    h->frames = frames;

    /* The label is two words: "Frame Time:". */
    label = next_token(lx);
    if (!token_is(&label, "Frame") || !read_label(lx, "Time", &label))
        return error_at(label.length ? label.line : last_line(lx), "expected 'Frame Time:' after the frame count");
    t = next_token(lx);
    float frame_time = 0.0f;
    if (t.length == 0)
        return error_at(last_line(lx), "file ends after 'Frame Time:'");
    number_result r = parse_float(&t, &frame_time);
    if (r != NUMBER_OK)
        return error_at(t.line, "frame time '%s' is not a %snumber", quote(&t).text,
                        r == NUMBER_NOT_FINITE ? "finite " : "");
    if (!(frame_time > 0.0f))
        return error_at(t.line, "frame time %g: must be more than 0 seconds", (double)frame_time);
    h->frame_time = frame_time;
    token extra = next_on_line(lx);
    if (extra.length > 0)
        return error_at(extra.line, "unexpected '%s' after the frame time", quote(&extra).text);
    end_line(lx);
    return no_error();
}

/* Frame f (of frames) into row: exactly channel_count numbers on one line. */
static bvh_error read_frame(lexer *lx, float *row, int channel_count, long f, long frames)
{
    /* Blank lines between rows are tolerated. */
    for (;;) {
        skip_blanks(lx);
        if (lx->pos < lx->length && lx->text[lx->pos] == '\n') {
            end_line(lx);
            continue;
        }
        break;
    }
    if (lx->pos >= lx->length)
        return error_at(last_line(lx), "file ends after %ld of %ld frames (truncated?)", f, frames);
    bvh_error e = no_error();
    int count = 0;
    for (;;) {
        token v = next_on_line(lx);
        if (v.length == 0)
            break;
        if (count == channel_count) {
            e = error_at(v.line, "frame %ld has more than %d values", f + 1, channel_count);
            break;
        }
        number_result r = parse_float(&v, &row[count]);
        if (r != NUMBER_OK) {
            e = error_at(v.line, "frame %ld, value %d: '%s' is not a %snumber", f + 1, count + 1,
                         quote(&v).text, r == NUMBER_NOT_FINITE ? "finite " : "");
            break;
        }
        count++;
    }
    if (!e.failed && count < channel_count)
        e = error_at(lx->line, "frame %ld has %d values, the skeleton needs %d", f + 1, count, channel_count);
    end_line(lx);
    return e;
}

static bvh_error parse_motion(lexer *lx, const bvh_skeleton *sk, bvh_motion *motion)
{
    motion_header h = {0, 0, 0.0f}; /* filled on success; zero keeps gcc -O2 sure of it */
    bvh_error e = parse_motion_header(lx, sk, &h);
    if (e.failed)
        return e;

    /* Every value takes at least one character and one separator: refuse a
     * frame count the rest of the file cannot possibly hold, before
     * allocating anything. */
    const long long values = (long long)h.frames * sk->channel_count;
    const long long room = (long long)(lx->length - lx->pos);
    if (2 * values - 1 > room)
        return error_at(h.frames_line, "Frames: %ld rows of %d values cannot fit in the %lld bytes left "
                        "(truncated file?)", h.frames, sk->channel_count, room);
    float *data = malloc((size_t)values * sizeof *data);
    if (!data)
        return error_at(h.frames_line, "out of memory for %ld frames", h.frames);

    for (long f = 0; f < h.frames && !e.failed; f++)
        e = read_frame(lx, data + f * sk->channel_count, sk->channel_count, f, h.frames);
    if (!e.failed) {
        token t = next_token(lx);
        if (t.length > 0)
            e = error_at(t.line, "unexpected '%s' after the last frame (Frames: %ld)", quote(&t).text, h.frames);
    }
    if (e.failed) {
        free(data);
        return e;
    }
    motion->frame_count = (int)h.frames;
    motion->frame_time = h.frame_time;
    motion->channel_count = sk->channel_count;
    motion->values = data;
    return no_error();
}

/* ---- entry points ----------------------------------------------------------- */

bvh_error bvh_parse(const char *text, size_t length, bvh_file *out)
{
    if (!out)
        return error_at(0, "no output given (out is NULL)");
    memset(out, 0, sizeof *out);
    if (!text)
        return error_at(0, "no text given (NULL)");
    if (length > BVH_MAX_BYTES) {
        int line = 1;
        for (size_t i = 0; i < BVH_MAX_BYTES; i++)
            line += text[i] == '\n';
        return error_at(line, "the file is larger than %u bytes (BVH_MAX_BYTES): refused", BVH_MAX_BYTES);
    }
    lexer lx = {text, length, 0, 1};
    bvh_error e = parse_hierarchy(&lx, &out->skeleton);
    if (!e.failed)
        e = parse_motion(&lx, &out->skeleton, &out->motion);
    if (e.failed)
        memset(out, 0, sizeof *out); /* parse_motion frees its own buffer */
    return e;
}

bvh_error bvh_load(const char *path, bvh_file *out)
{
    if (!out)
        return error_at(0, "no output given (out is NULL)");
    memset(out, 0, sizeof *out);
    if (!path)
        return error_at(0, "no path given (NULL)");
    FILE *f = fopen(path, "rb");
    if (!f)
        return error_at(0, "cannot open '%.120s': %s", path, strerror(errno));
    /* One byte past the limit tells "too large" apart from "exactly at it"
     * without reading the rest of a huge file. */
    char *buf = malloc((size_t)BVH_MAX_BYTES + 1);
    if (!buf) {
        fclose(f);
        return error_at(0, "out of memory reading '%.120s'", path);
    }
    size_t n = fread(buf, 1, (size_t)BVH_MAX_BYTES + 1, f);
    int read_failed = ferror(f);
    fclose(f);
    bvh_error e;
    if (read_failed)
        e = error_at(0, "cannot read '%.120s'", path);
    else
        e = bvh_parse(buf, n, out);
    free(buf);
    return e;
}

void bvh_free(bvh_file *file)
{
    if (!file)
        return;
    free(file->motion.values);
    memset(file, 0, sizeof *file);
}

int bvh_find_joint(const bvh_skeleton *skeleton, const char *name)
{
    if (!skeleton || !name)
        return -1;
    for (int i = 0; i < skeleton->joint_count && i < BVH_MAX_JOINTS; i++)
        if (strcmp(skeleton->joints[i].name, name) == 0)
            return i;
    return -1;
}

const float *bvh_frame_values(const bvh_file *file, int frame)
{
    if (!file || !file->motion.values || frame < 0 || frame >= file->motion.frame_count)
        return NULL;
    return file->motion.values + (size_t)frame * (size_t)file->motion.channel_count;
}

int bvh_joint_local(const bvh_file *file, int frame, int joint, vec3 *translation, quat *rotation)
{
    const float *row = bvh_frame_values(file, frame);
    if (!row || joint < 0 || joint >= file->skeleton.joint_count)
        return 0;
    const bvh_joint *j = &file->skeleton.joints[joint];
    vec3 t = j->offset;
    quat q = quat_identity();
    for (int c = 0; c < j->channel_count; c++) {
        float value = row[j->first_channel + c];
        switch (j->channels[c]) {
        case BVH_X_POSITION: t.x += value; break;
        case BVH_Y_POSITION: t.y += value; break;
        case BVH_Z_POSITION: t.z += value; break;
        /* Listed first = outermost: "Z Y X" builds Rz * Ry * Rx, so X
         * turns the joint first (quat_mul(a, b) applies b, then a). */
        case BVH_X_ROTATION: q = quat_mul(q, quat_from_axis_angle(v3_right(), value * IK_DEG_TO_RAD)); break;
        case BVH_Y_ROTATION: q = quat_mul(q, quat_from_axis_angle(v3_up(), value * IK_DEG_TO_RAD)); break;
        case BVH_Z_ROTATION: q = quat_mul(q, quat_from_axis_angle(v3_forward(), value * IK_DEG_TO_RAD)); break;
        }
    }
    if (translation)
        *translation = t;
    if (rotation)
        *rotation = quat_normalize(q);
    return 1;
}

int bvh_frame_local(const bvh_file *file, int frame, bvh_local *out, int capacity)
{
    if (!bvh_frame_values(file, frame) || !out || capacity < file->skeleton.joint_count)
        return -1;
    for (int i = 0; i < file->skeleton.joint_count; i++) {
        out[i].parent = file->skeleton.joints[i].parent;
        bvh_joint_local(file, frame, i, &out[i].local_offset, &out[i].local_rotation);
    }
    return file->skeleton.joint_count;
}
