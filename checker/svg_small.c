/* svg_small.c - see svg_small.h.
 *
 * What gnuplot 5.4's svg terminal writes, measured on the pictures of a
 * graded class (checker/tests/make_class.sh, 8 students): of a
 * 59 KB failing-case picture of 07, 35 KB were the opening tags of 313
 * groups, most of them empty (a tic's or a grid line's unused line styles)
 * and each repeating one of eight style sets
 * (fill="none" color="black" stroke="currentColor" stroke-width="1.50"
 * stroke-linecap="butt" stroke-linejoin="miter"). Three rewrites, each
 * leaving what is drawn and how as it was:
 *   - a group holding nothing but white space is dropped (it draws nothing,
 *     and nothing refers to it: gnuplot's groups have no id);
 *   - a group whose attributes are all style properties (the six above)
 *     gets them once, as a class in a <style> sheet: an inherited property
 *     is the same whether the parent got it from an attribute or a class,
 *     and a child's own attribute still overrides it (the group itself has
 *     no other declaration for the sheet to override);
 *   - white space at the start of a line outside <text> (SVG ignores white
 *     space between elements), and the trailing spaces of a path's d.
 * A file that is not gnuplot's, or already has a <style>, is left alone. */
#define _GNU_SOURCE
#include "svg_small.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SVG_LIMIT (16u << 20) /* gnuplot's are 30-60 KB: anything this big is left alone */
#define MAX_CLASSES 64

typedef struct {
    char *p;
    size_t n, cap;
    int ok;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (!b->ok)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->cap + n + 1) * 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->ok = 0;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static void put_str(buf *b, const char *s) { put(b, s, strlen(s)); }

static int blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int starts(const char *s, size_t left, const char *word)
{
    size_t n = strlen(word);
    return left >= n && memcmp(s, word, n) == 0;
}

/* "<g" opening a group at s (not "<gx..."). */
static int group_open(const char *s, size_t left)
{
    return left >= 3 && s[0] == '<' && s[1] == 'g' && (blank(s[2]) || s[2] == '>');
}

/* One pass dropping groups that hold only white space; how many went. */
static size_t drop_empty_groups(const char *in, size_t n, buf *out)
{
    size_t removed = 0, i = 0;
    while (i < n) {
        const char *lt = memchr(in + i, '<', n - i);
        size_t at = lt ? (size_t)(lt - in) : n;
        put(out, in + i, at - i);
        i = at;
        if (i >= n)
            break;
        if (group_open(in + i, n - i)) {
            const char *gt = memchr(in + i, '>', n - i);
            if (gt && gt[-1] != '/') {
                size_t j = (size_t)(gt - in) + 1;
                while (j < n && blank(in[j]))
                    j++;
                if (starts(in + j, n - j, "</g>")) {
                    j += 4;
                    if (j < n && in[j] == '\n')
                        j++;
                    i = j;
                    removed++;
                    continue;
                }
            }
        }
        put(out, in + i, 1);
        i++;
    }
    return removed;
}

typedef struct {
    char attrs[512]; /* the group's attributes as written */
} style_class;

static int style_property(const char *name, size_t len)
{
    static const char *const names[] = {"fill",        "color",       "stroke",    "stroke-width", "stroke-linecap",
                                        "stroke-linejoin", "font-family", "font-size", "text-anchor"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strlen(names[k]) == len && !memcmp(names[k], name, len))
            return 1;
    return 0;
}

/* Are a group's attributes (the text between "<g" and ">") all style
 * properties with plain values? A transform="..." first (a text's place)
 * is allowed and stays an attribute: its length goes to `*keep`. */
static int only_style(const char *a, size_t n, size_t *keep)
{
    size_t i = 0;
    int any = 0;
    *keep = 0;
    while (i < n && blank(a[i]))
        i++;
    if (starts(a + i, n - i, "transform=\"")) {
        const char *q = memchr(a + i + 11, '"', n - i - 11);
        if (!q)
            return 0;
        i = *keep = (size_t)(q - a) + 1;
    }
    for (;;) {
        while (i < n && blank(a[i]))
            i++;
        if (i == n)
            return any;
        size_t name = i;
        while (i < n && ((a[i] >= 'a' && a[i] <= 'z') || a[i] == '-'))
            i++;
        if (!style_property(a + name, i - name) || i + 1 >= n || a[i] != '=' || (a[i + 1] != '"' && a[i + 1] != '\''))
            return 0;
        char q = a[i + 1];
        i += 2;
        while (i < n && a[i] != q) {
            if (a[i] == ';' || a[i] == '}' || a[i] == '{' || a[i] == '<' || a[i] == '\\' || a[i] == '/' || a[i] == '*')
                return 0;
            i++;
        }
        if (i == n)
            return 0;
        i++;
        any = 1;
    }
}

/* The class's rule: ".gN{name:value;...}" (a bare stroke-width in px,
 * the user unit, as CSS wants a unit). */
static void put_rule(buf *b, int k, const char *a)
{
    char head[32];
    snprintf(head, sizeof head, ".g%d{", k);
    put_str(b, head);
    size_t n = strlen(a), i = 0;
    int first = 1;
    while (i < n) {
        while (i < n && blank(a[i]))
            i++;
        if (i == n)
            break;
        size_t name = i;
        while (a[i] != '=')
            i++;
        size_t name_len = i - name;
        char q = a[i + 1];
        size_t value = i + 2, end = value;
        while (a[end] != q)
            end++;
        if (!first)
            put_str(b, ";");
        first = 0;
        put(b, a + name, name_len);
        put_str(b, ":");
        int quote = memchr(a + value, ' ', end - value) != NULL;
        if (quote)
            put_str(b, "'");
        put(b, a + value, end - value);
        if (quote)
            put_str(b, "'");
        int bare = end > value && strspn(a + value, "0123456789.") == end - value;
        if (bare && ((name_len == 12 && !memcmp(a + name, "stroke-width", 12)) ||
                     (name_len == 9 && !memcmp(a + name, "font-size", 9))))
            put_str(b, "px");
        i = end + 1;
    }
    put_str(b, "}");
}

/* A number of gnuplot's paths in hundredths (it writes at most two
 * decimals); 0 when it is not one. */
static int hundredths(const char **p, const char *end, long *v)
{
    const char *s = *p;
    int neg = s < end && *s == '-';
    s += neg;
    long whole = 0, frac = 0;
    int digits = 0, decimals = 0;
    while (s < end && *s >= '0' && *s <= '9' && digits < 9)
        whole = whole * 10 + (*s++ - '0'), digits++;
    if (s < end && *s == '.') {
        s++;
        while (s < end && *s >= '0' && *s <= '9' && decimals < 3)
            frac = frac * 10 + (*s++ - '0'), decimals++;
    }
    if (!digits || decimals > 2 || (s < end && ((*s >= '0' && *s <= '9') || *s == '.' || *s == 'e' || *s == 'E')))
        return 0;
    if (decimals == 1)
        frac *= 10;
    *v = (neg ? -1 : 1) * (whole * 100 + (decimals ? frac : 0));
    *p = s;
    return 1;
}

/* v hundredths, as short as it reads: 3.4 for 3.40, 3 for 3.00. */
static void put_hundredths(buf *b, long v, int separate)
{
    char text[32];
    long a = v < 0 ? -v : v;
    int n = snprintf(text, sizeof text, "%s%s%ld", separate && v >= 0 ? " " : "", v < 0 ? "-" : "", a / 100);
    if (a % 100)
        snprintf(text + n, sizeof text - (size_t)n, a % 10 ? ".%02ld" : ".%ld", a % 10 ? a % 100 : a % 100 / 10);
    put_str(b, text);
}

/* A path's d of gnuplot's (M, L and Z, absolute "x,y" pairs of at most
 * two decimals) as short as it reads: "L" once for a run of points, no
 * trailing zeros, a space or the minus sign between numbers. The same
 * numbers, so the same points: Chromium draws every picture of a graded
 * class pixel for pixel as before. (Tried and not kept, each moving a few
 * pixels' anti-aliasing by 1-33 levels: coordinates relative to the point
 * before, which a renderer adds up in float; leaving out the points
 * inside a straight run of 07's ground, sampled every 3.6 px - 4 % of the
 * pictures' bytes.) 0 (and nothing written) when d is anything else. */
static int put_compact(buf *out, const char *d, const char *end)
{
    buf b = {NULL, 0, 0, 1};
    char last = 0;
    int ok = 1, any = 0;
    const char *p = d;
    while (ok && p < end) {
        while (p < end && blank(*p))
            p++;
        if (p == end)
            break;
        char c = *p++;
        if (c == 'Z' || c == 'z') {
            put_str(&b, "Z");
            last = 'Z';
            continue;
        }
        long px, py;
        while (p < end && blank(*p))
            p++;
        ok = (c == 'M' || c == 'L') && hundredths(&p, end, &px) && p < end && *p++ == ',' && hundredths(&p, end, &py);
        if (!ok)
            break;
        /* pairs after an M or an L are lines to: only an M, or an L after
         * anything else, is spelled */
        int spell = c == 'M' || !(last == 'L' || last == 'M');
        if (spell) {
            char letter[2] = {c, 0};
            put_str(&b, letter);
        }
        put_hundredths(&b, px, !spell);
        put_hundredths(&b, py, 1);
        last = c;
        any = 1;
    }
    if (ok && any)
        put(out, b.p, b.n);
    free(b.p);
    return ok && any && b.ok;
}

/* A tag as it is, but for a path's d='...' (see put_compact, else only
 * the spaces gnuplot leaves at its end). */
static void put_tag(buf *out, const char *t, size_t n)
{
    const char *d = NULL;
    for (size_t i = 1; i + 3 < n; i++)
        if (blank(t[i - 1]) && t[i] == 'd' && t[i + 1] == '=' && t[i + 2] == '\'') {
            d = t + i;
            break;
        }
    const char *q = d ? memchr(d + 3, '\'', n - (size_t)(d + 3 - t)) : NULL;
    if (!q) {
        put(out, t, n);
        return;
    }
    put(out, t, (size_t)(d + 3 - t));
    if (!put_compact(out, d + 3, q)) {
        const char *keep = q;
        while (keep > d + 3 && keep[-1] == ' ')
            keep--;
        put(out, d + 3, (size_t)(keep - (d + 3)));
    }
    put(out, q, n - (size_t)(q - t));
}

/* The second pass: classes for style-only groups, no indentation outside
 * <text>, no trailing spaces in d='...'. `svg_end` gets where the <svg>
 * tag ends in the output (the sheet goes there). */
static int restyle(const char *in, size_t n, buf *out, style_class *classes, int *class_count, size_t *svg_end)
{
    size_t i = 0;
    int in_text = 0;
    *svg_end = 0;
    while (i < n) {
        char c = in[i];
        if (c == '\n') {
            put(out, "\n", 1);
            i++;
            if (!in_text)
                while (i < n && (in[i] == ' ' || in[i] == '\t'))
                    i++;
            continue;
        }
        if (c != '<') {
            size_t run = i;
            while (run < n && in[run] != '<' && in[run] != '\n')
                run++;
            put(out, in + i, run - i);
            i = run;
            continue;
        }
        if (starts(in + i, n - i, "<!--")) {
            const char *end = strstr(in + i, "-->");
            size_t to = end ? (size_t)(end - in) + 3 : n;
            put(out, in + i, to - i);
            i = to;
            continue;
        }
        if (starts(in + i, n - i, "<text") && (blank(in[i + 5]) || in[i + 5] == '>'))
            in_text = 1;
        else if (starts(in + i, n - i, "</text>"))
            in_text = 0;
        const char *gt = memchr(in + i, '>', n - i);
        if (!gt)
            return 0;
        size_t tag_end = (size_t)(gt - in) + 1;
        if (!*svg_end && starts(in + i, n - i, "<svg") && blank(in[i + 4])) {
            put(out, in + i, tag_end - i);
            *svg_end = out->n;
            i = tag_end;
            continue;
        }
        size_t keep = 0;
        if (group_open(in + i, n - i) && gt[-1] != '/' && only_style(in + i + 2, tag_end - 1 - (i + 2), &keep)) {
            const char *attrs = in + i + 2 + keep;
            size_t len = tag_end - 1 - (i + 2) - keep;
            int k = 0;
            while (k < *class_count && !(strlen(classes[k].attrs) == len && !memcmp(classes[k].attrs, attrs, len)))
                k++;
            if (k == *class_count && k < MAX_CLASSES && len < sizeof classes[0].attrs) {
                memcpy(classes[k].attrs, attrs, len);
                classes[k].attrs[len] = '\0';
                (*class_count)++;
            }
            if (k < *class_count) {
                char tag[32];
                put_str(out, "<g");
                put(out, in + i + 2, keep);
                snprintf(tag, sizeof tag, " class=\"g%d\">", k);
                put_str(out, tag);
                i = tag_end;
                continue;
            }
        }
        put_tag(out, in + i, tag_end - i);
        i = tag_end;
    }
    return *svg_end != 0;
}

int svg_small(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    buf in = {NULL, 0, 0, 1};
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0 && in.n <= SVG_LIMIT)
        put(&in, chunk, got);
    fclose(f);
    int ok = in.ok && in.n > 0 && in.n <= SVG_LIMIT && starts(in.p, in.n, "<?xml") &&
             strstr(in.p, "<desc>Produced by GNUPLOT") && !strstr(in.p, "<style") && strlen(in.p) == in.n;
    buf a = {NULL, 0, 0, 1}, b = {NULL, 0, 0, 1}, out = {NULL, 0, 0, 1};
    /* nested empty groups: until a pass drops none */
    const char *from = in.p;
    size_t from_n = in.n;
    for (int pass = 0; ok && pass < 8; pass++) {
        buf *to = pass % 2 ? &b : &a;
        to->n = 0;
        size_t removed = drop_empty_groups(from, from_n, to);
        ok = to->ok;
        from = to->p;
        from_n = to->n;
        if (removed == 0)
            break;
    }
    static style_class classes[MAX_CLASSES];
    int class_count = 0;
    size_t svg_end = 0;
    buf body = {NULL, 0, 0, 1};
    ok = ok && restyle(from, from_n, &body, classes, &class_count, &svg_end) && body.ok;
    if (ok) {
        put(&out, body.p, svg_end);
        if (class_count) {
            put_str(&out, "\n<style type=\"text/css\">");
            for (int k = 0; k < class_count; k++)
                put_rule(&out, k, classes[k].attrs);
            put_str(&out, "</style>");
        }
        put(&out, body.p + svg_end, body.n - svg_end);
        ok = out.ok;
    }
    if (ok) {
        char tmp[4200];
        snprintf(tmp, sizeof tmp, "%s.small", path);
        FILE *w = fopen(tmp, "wb");
        ok = w && fwrite(out.p, 1, out.n, w) == out.n;
        if (w && fclose(w) != 0)
            ok = 0;
        if (ok)
            ok = rename(tmp, path) == 0;
        if (!ok)
            remove(tmp);
    }
    free(in.p);
    free(a.p);
    free(b.p);
    free(body.p);
    free(out.p);
    return ok;
}
