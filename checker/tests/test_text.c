/* test_text.c - CUnit tests for checker/text.c (untrusted bytes made into
 * safe text). Registered by selftest.c through add_text_suite().
 *
 * The expected replacements are Python's: for every invalid input below,
 * bytes.decode("utf-8", "replace") gives the same U+FFFD count, because
 * both follow Unicode's "maximal subpart" practice; results.json is read
 * by Python on Gradescope. The random test checks the output with a UTF-8
 * validator of its own, written from the byte ranges of Unicode's table
 * 3-7 rather than by decoding, so a bug in text_decode cannot hide there.
 */
#include "text.h"

#include <CUnit/CUnit.h>
#include <stdint.h>
#include <string.h>

void add_text_suite(void);

#define FFFD "\xef\xbf\xbd"

/* ---- helpers ----------------------------------------------------------- */

static char g_out[8192];

static const char *safe(const char *in, size_t n, size_t out_size, unsigned flags, size_t *used)
{
    memset(g_out, 'Z', sizeof g_out); /* anything past the NUL must stay untouched */
    size_t len = text_safe(g_out, out_size, in, n, flags, used);
    CU_ASSERT_TRUE(out_size == 0 || (len < out_size && g_out[len] == '\0' && strlen(g_out) == len));
    if (out_size < sizeof g_out)
        CU_ASSERT_EQUAL(g_out[out_size], 'Z');
    return g_out;
}

#define SAFE(literal, flags) safe((literal), sizeof(literal) - 1, sizeof g_out, (flags), NULL)

/* Well-formed UTF-8 by table 3-7 of the Unicode standard, byte ranges only. */
static int valid_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned b = s[i];
        size_t need;
        unsigned lo = 0x80, hi = 0xBF;
        if (b <= 0x7F) need = 0;
        else if (b >= 0xC2 && b <= 0xDF) need = 1;
        else if (b == 0xE0) { need = 2; lo = 0xA0; }
        else if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) need = 2;
        else if (b == 0xED) { need = 2; hi = 0x9F; }
        else if (b == 0xF0) { need = 3; lo = 0x90; }
        else if (b >= 0xF1 && b <= 0xF3) need = 3;
        else if (b == 0xF4) { need = 3; hi = 0x8F; }
        else return 0;
        if (need > n - i - 1) /* not enough bytes left */
            return 0;
        for (size_t k = 1; k <= need; k++) {
            unsigned c = s[i + k];
            if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF))
                return 0;
        }
        i += need + 1;
    }
    return 1;
}

/* No byte a terminal obeys: C0 (but \n and \t when allowed), DEL, C1. */
static int no_controls(const unsigned char *s, size_t n, int lines_ok)
{
    for (size_t i = 0; i < n; i++) {
        if ((s[i] < 0x20 && !(lines_ok && (s[i] == '\n' || s[i] == '\t'))) || s[i] == 0x7F)
            return 0;
        if (s[i] == 0xC2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F)
            return 0;
    }
    return 1;
}

/* ---- tests --------------------------------------------------------------- */

static void test_valid_text_unchanged(void)
{
    CU_ASSERT_STRING_EQUAL(SAFE("plain ASCII: {\"score\": 1}", TEXT_LINES), "plain ASCII: {\"score\": 1}");
    CU_ASSERT_STRING_EQUAL(SAFE("มุมข้อศอก 101.5°\n\tok", TEXT_LINES), "มุมข้อศอก 101.5°\n\tok");
    CU_ASSERT_STRING_EQUAL(SAFE("\xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf", 0), "\xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf");
    /* every code point but surrogates decodes from its encoding, whole */
    int bad = 0;
    for (unsigned cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        char enc[4];
        size_t len = text_encode(cp, enc);
        unsigned back;
        int cut;
        size_t took = text_decode((const unsigned char *)enc, len, &back, &cut);
        size_t want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        bad += back != cp || took != len || len != want || cut || !valid_utf8((const unsigned char *)enc, len);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_invalid_bytes_replaced(void)
{
    static const struct { const char *in; size_t n; const char *want; } CASES[] = {
        {"\xff", 1, FFFD},
        {"a\xfe" "b", 3, "a" FFFD "b"},
        {"\x80", 1, FFFD},                                 /* a lone continuation byte */
        {"\xc0\xaf", 2, FFFD FFFD},                        /* '/' overlong in two bytes */
        {"\xc1\xbf", 2, FFFD FFFD},                        /* U+007F overlong */
        {"\xe0\x80\xaf", 3, FFFD FFFD FFFD},               /* '/' overlong in three */
        {"\xe0\x9f\xbf", 3, FFFD FFFD FFFD},               /* U+07FF overlong */
        {"\xf0\x8f\xbf\xbf", 4, FFFD FFFD FFFD FFFD},      /* U+FFFF overlong */
        {"\xed\xa0\x80", 3, FFFD FFFD FFFD},               /* surrogate U+D800 */
        {"\xed\xbf\xbf", 3, FFFD FFFD FFFD},               /* surrogate U+DFFF */
        {"\xf4\x90\x80\x80", 4, FFFD FFFD FFFD FFFD},      /* U+110000 */
        {"\xf5\x80\x80\x80", 4, FFFD FFFD FFFD FFFD},
        {"\xe0\xb8" "A", 3, FFFD "A"},                     /* half a Thai letter: one U+FFFD */
        {"\xf0\x9f\x98" "A", 4, FFFD "A"},
        {"\xe0\xb8\xa1\xe0\xb8", 5, "\xe0\xb8\xa1" FFFD},  /* cut at the end, not said to be */
        /* "ระยะ" in TIS-620 (0xa1-0xfb): not UTF-8, one U+FFFD per byte */
        {"\xc3\xd0\xc2\xd0", 4, FFFD FFFD FFFD FFFD},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        size_t used;
        const char *got = safe(CASES[i].in, CASES[i].n, sizeof g_out, TEXT_LINES, &used);
        CU_ASSERT_STRING_EQUAL(got, CASES[i].want);
        CU_ASSERT_EQUAL(used, CASES[i].n);
    }
    /* TEXT_CUT: a character cut off at the very end is left out, not
     * replaced (only there: an invalid byte at the end is still U+FFFD) */
    size_t used;
    CU_ASSERT_STRING_EQUAL(safe("\xe0\xb8\xa1\xe0\xb8", 5, sizeof g_out, TEXT_CUT, &used), "\xe0\xb8\xa1");
    CU_ASSERT_EQUAL(used, 3);
    CU_ASSERT_STRING_EQUAL(safe("ab\xf0\x9f\x98", 5, sizeof g_out, TEXT_CUT, NULL), "ab");
    CU_ASSERT_STRING_EQUAL(safe("ab\xff", 3, sizeof g_out, TEXT_CUT, NULL), "ab" FFFD);
    CU_ASSERT_STRING_EQUAL(safe("\xe0\xb8" "A", 3, sizeof g_out, TEXT_CUT, NULL), FFFD "A");
    /* the NUL is a byte like the others: what follows it is kept */
    CU_ASSERT_STRING_EQUAL(safe("a\0b", 3, sizeof g_out, TEXT_LINES, NULL), "a\\x00b");
}

static void test_controls_shown_not_obeyed(void)
{
    CU_ASSERT_STRING_EQUAL(SAFE("\x1b[2J\x1b[H", TEXT_LINES), "\\x1b[2J\\x1b[H");
    CU_ASSERT_STRING_EQUAL(SAFE("done\r\b\a\x7f", TEXT_LINES), "done\\x0d\\x08\\x07\\x7f");
    CU_ASSERT_STRING_EQUAL(SAFE("\xc2\x9b" "2J \xc2\x85", TEXT_LINES), "\\u009b2J \\u0085"); /* C1: CSI, NEL */
    CU_ASSERT_STRING_EQUAL(SAFE("a\xe2\x80\xae" "b\xe2\x81\xa6", TEXT_LINES), "a\\u202eb\\u2066"); /* bidi */
    CU_ASSERT_STRING_EQUAL(SAFE("\xe2\x80\xa8\xef\xbf\xbe\xef\xbf\xbf", TEXT_LINES), "\\u2028\\ufffe\\uffff");
    CU_ASSERT_STRING_EQUAL(SAFE("a\nb\tc", TEXT_LINES), "a\nb\tc");
    CU_ASSERT_STRING_EQUAL(SAFE("a\nb\tc", 0), "a\\x0ab\\x09c"); /* a name stays one line */
    /* U+00A0 and up are text, not controls; escapes are plain ASCII */
    CU_ASSERT_STRING_EQUAL(SAFE("\xc2\xa0\xc2\xb0", 0), "\xc2\xa0\xc2\xb0");
    char e[8];
    CU_ASSERT_EQUAL(text_escape(0x1B, 0, e), 4);
    CU_ASSERT_STRING_EQUAL(e, "\\x1b");
    CU_ASSERT_EQUAL(text_escape(0x9B, 0, e), 6);
    CU_ASSERT_STRING_EQUAL(e, "\\u009b");
    CU_ASSERT_EQUAL(text_escape('\n', TEXT_LINES, e), 0);
    CU_ASSERT_EQUAL(text_escape(0x0E21, 0, e), 0);
}

static void test_cuts_fall_between_characters(void)
{
    size_t used;
    /* "กข" is 6 bytes: 6 of room (5 + NUL) hold only "ก" */
    CU_ASSERT_STRING_EQUAL(safe("กข", 6, 6, 0, &used), "ก");
    CU_ASSERT_EQUAL(used, 3);
    CU_ASSERT_STRING_EQUAL(safe("กข", 6, 7, 0, &used), "กข");
    CU_ASSERT_EQUAL(used, 6);
    /* an escape goes whole or not at all, and so does U+FFFD */
    CU_ASSERT_STRING_EQUAL(safe("a\x1b", 2, 5, 0, &used), "a");
    CU_ASSERT_EQUAL(used, 1);
    CU_ASSERT_STRING_EQUAL(safe("a\x1b", 2, 6, 0, NULL), "a\\x1b");
    CU_ASSERT_STRING_EQUAL(safe("a\xff", 2, 4, 0, NULL), "a");
    CU_ASSERT_STRING_EQUAL(safe("a\xff", 2, 5, 0, NULL), "a" FFFD);
    CU_ASSERT_STRING_EQUAL(safe("abc", 3, 1, 0, &used), "");
    CU_ASSERT_EQUAL(used, 0);
    CU_ASSERT_EQUAL(text_safe(g_out, 0, "abc", 3, 0, &used), 0);
    CU_ASSERT_EQUAL(used, 0);
    /* the hostile "thai_cut" submission's line in a 600-byte record:
     * "debug: " and 3-byte letters, 599 bytes of room end inside the 198th */
    char line[800];
    int n = snprintf(line, sizeof line, "debug: ");
    for (int i = 0; i < 36; i++)
        n += snprintf(line + n, sizeof line - (size_t)n, "ระยะทาง");
    safe(line, (size_t)n, 600, TEXT_LINES, &used);
    CU_ASSERT_EQUAL(strlen(g_out), 7 + 197 * 3);
    CU_ASSERT_EQUAL(used, 7 + 197 * 3);
    CU_ASSERT_TRUE(valid_utf8((const unsigned char *)g_out, strlen(g_out)));
}

static uint64_t g_rng = 1;
static uint64_t next_random(void) /* splitmix64 */
{
    uint64_t z = (g_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void test_random_bytes_become_safe_text(void)
{
    /* bytes drawn mostly from the troublesome ranges: controls, 0x80-0xff
     * and the pieces of real Thai, emoji and C1 characters */
    static const unsigned char PIECES[] = {0x00, 0x1b, 0x0a, 0x09, 0x0d, 0x7f, 0x80, 0x9b, 0xbf, 0xc0, 0xc2,
                                           0xdf, 0xe0, 0xb8, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 'a'};
    int invalid = 0, unsafe = 0, changed_again = 0, bad_used = 0;
    for (int trial = 0; trial < 20000; trial++) {
        unsigned char in[64];
        size_t n = (size_t)(next_random() % sizeof in);
        for (size_t i = 0; i < n; i++) {
            uint64_t r = next_random();
            in[i] = r % 3 ? PIECES[(r >> 8) % sizeof PIECES] : (unsigned char)(r >> 16);
        }
        unsigned flags = (unsigned)(next_random() % 4);
        size_t room = trial % 2 ? sizeof g_out : 1 + (size_t)(next_random() % 80);
        size_t used;
        safe((const char *)in, n, room, flags, &used);
        size_t len = strlen(g_out);
        invalid += !valid_utf8((const unsigned char *)g_out, len);
        unsafe += !no_controls((const unsigned char *)g_out, len, (flags & TEXT_LINES) != 0);
        /* with room to spare every byte is accounted for, but a cut tail */
        bad_used += used > n || (room == sizeof g_out && used != n && !(flags & TEXT_CUT));
        static char again[8192];
        text_safe(again, sizeof again, g_out, len, flags, NULL);
        changed_again += strcmp(again, g_out) != 0;
    }
    CU_ASSERT_EQUAL(invalid, 0);
    CU_ASSERT_EQUAL(unsafe, 0);
    CU_ASSERT_EQUAL(changed_again, 0);
    CU_ASSERT_EQUAL(bad_used, 0);
}

void add_text_suite(void)
{
    CU_pSuite s = CU_add_suite("text", NULL, NULL);
    if (!s)
        return;
    CU_add_test(s, "valid UTF-8 unchanged, every code point", test_valid_text_unchanged);
    CU_add_test(s, "invalid bytes become U+FFFD as Python counts them", test_invalid_bytes_replaced);
    CU_add_test(s, "controls shown, not obeyed", test_controls_shown_not_obeyed);
    CU_add_test(s, "cuts fall between characters", test_cuts_fall_between_characters);
    CU_add_test(s, "random bytes become safe text", test_random_bytes_become_safe_text);
}
