/* text.c - untrusted bytes made into safe text (see text.h). */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t text_decode(const unsigned char *p, size_t n, unsigned *cp, int *cut)
{
    unsigned lead = p[0], value;
    /* the second byte's range depends on the lead (Unicode table 3-7):
     * that is what rules out overlong forms (E0 80..9F, F0 80..8F),
     * surrogates (ED A0..BF) and code points past U+10FFFF (F4 90..) */
    unsigned lo = 0x80, hi = 0xBF;
    size_t len;
    if (cut)
        *cut = 0;
    if (lead < 0x80) {
        *cp = lead;
        return 1;
    }
    if (lead < 0xC2 || lead > 0xF4) { /* a continuation byte, C0/C1 (always overlong), F5.. */
        *cp = TEXT_REPLACEMENT;
        return 1;
    }
    if (lead < 0xE0) {
        len = 2;
        value = lead & 0x1Fu;
    } else if (lead < 0xF0) {
        len = 3;
        value = lead & 0x0Fu;
        lo = lead == 0xE0 ? 0xA0 : 0x80;
        hi = lead == 0xED ? 0x9F : 0xBF;
    } else {
        len = 4;
        value = lead & 0x07u;
        lo = lead == 0xF0 ? 0x90 : 0x80;
        hi = lead == 0xF4 ? 0x8F : 0xBF;
    }
    for (size_t k = 1; k < len; k++) {
        if (k >= n) { /* valid so far, and the input ends */
            if (cut)
                *cut = 1;
            *cp = TEXT_REPLACEMENT;
            return k;
        }
        unsigned next = p[k];
        if (next < lo || next > hi) { /* this byte starts the next unit */
            *cp = TEXT_REPLACEMENT;
            return k;
        }
        value = (value << 6) | (next & 0x3Fu);
        lo = 0x80;
        hi = 0xBF;
    }
    *cp = value;
    return len;
}

size_t text_encode(unsigned cp, char out[4])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Characters a terminal or a viewer acts on, or that XML 1.0 forbids. */
static int must_escape(unsigned cp, unsigned flags)
{
    if (cp == '\n' || cp == '\t')
        return !(flags & TEXT_LINES);
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
           /* bidirectional marks, embeddings, overrides and isolates:
            * they reorder what follows as it is displayed ("Trojan Source") */
           cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069) ||
           cp == 0x2028 || cp == 0x2029 || /* line breaks other than '\n' */
           cp == 0xFFFE || cp == 0xFFFF;   /* not XML characters */
}

size_t text_escape(unsigned cp, unsigned flags, char out[8])
{
    if (!must_escape(cp, flags))
        return 0;
    /* as the student would write the byte in C: \x for ASCII, \u beyond */
    return (size_t)snprintf(out, 8, cp < 0x80 ? "\\x%02x" : "\\u%04x", cp);
}

size_t text_safe(char *out, size_t out_size, const void *in, size_t n, unsigned flags, size_t *used)
{
    const unsigned char *p = in;
    size_t at = 0, written = 0;
    if (out_size == 0) {
        if (used)
            *used = 0;
        return 0;
    }
    while (at < n) {
        unsigned cp;
        int cut;
        size_t len = text_decode(p + at, n - at, &cp, &cut);
        if (cut && (flags & TEXT_CUT))
            break; /* the rest of that character was never kept */
        char unit[8];
        size_t unit_len = text_escape(cp, flags, unit);
        if (unit_len == 0)
            unit_len = text_encode(cp, unit);
        if (unit_len > out_size - 1 - written)
            break;
        memcpy(out + written, unit, unit_len);
        written += unit_len;
        at += len;
    }
    out[written] = '\0';
    if (used)
        *used = at;
    return written;
}

size_t text_safe_str(char *out, size_t out_size, const char *in, unsigned flags)
{
    return text_safe(out, out_size, in, strlen(in), flags, NULL);
}

void text_replace_all(const char *text, const char *from, const char *to, char *out, size_t out_size)
{
    size_t n = 0, from_len = strlen(from), to_len = strlen(to);
    while (*text && n + 1 < out_size) {
        if (from_len && strncmp(text, from, from_len) == 0 && n + to_len + 1 < out_size) {
            memcpy(out + n, to, to_len);
            n += to_len;
            text += from_len;
        } else {
            out[n++] = *text++;
        }
    }
    out[n] = '\0';
}

char *text_c_source_view(const char *text, size_t size)
{
    char *a = malloc(size + 1), *b = malloc(size + 1);
    if (!a || !b)
        return free(a), free(b), NULL;
    size_t n = 0;
    for (size_t i = 0; i < size; i++) { /* trigraphs */
        if (text[i] == '?' && i + 2 < size && text[i + 1] == '?' && strchr("=/'()!<>-", text[i + 2])) {
            static const char from[] = "=/'()!<>-", to[] = "#\\^[]|{}~";
            a[n++] = to[strchr(from, text[i + 2]) - from];
            i += 2;
        } else {
            a[n++] = text[i];
        }
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) { /* splices */
        if (a[i] == '\\') {
            size_t k = i + 1;
            while (k < n && (a[k] == ' ' || a[k] == '\t' || a[k] == '\r'))
                k++;
            if (k < n && a[k] == '\n') {
                i = k;
                continue;
            }
        }
        b[m++] = a[i];
    }
    n = 0;
    for (size_t i = 0; i < m; i++) { /* comments, literals */
        if (b[i] == '/' && i + 1 < m && b[i + 1] == '*') {
            const char *end = NULL;
            for (size_t k = i + 2; k + 1 < m && !end; k++)
                if (b[k] == '*' && b[k + 1] == '/')
                    end = b + k;
            a[n++] = ' ';
            i = end ? (size_t)(end - b) + 1 : m;
        } else if (b[i] == '/' && i + 1 < m && b[i + 1] == '/') {
            while (i < m && b[i] != '\n')
                i++;
            a[n++] = ' ';
            if (i < m)
                a[n++] = '\n';
        } else if (b[i] == '"' || b[i] == '\'') {
            char quote = b[i];
            a[n++] = b[i++];
            for (; i < m && b[i] != quote && b[i] != '\n'; i++) {
                if (b[i] == '\\' && i + 1 < m && b[i + 1] != '\n')
                    a[n++] = b[i++];
                a[n++] = b[i];
            }
            if (i < m)
                a[n++] = b[i];
        } else {
            a[n++] = b[i];
        }
    }
    a[n] = '\0';
    free(b);
    return a;
}
