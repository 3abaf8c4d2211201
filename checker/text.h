/* text.h - untrusted bytes made into safe text.
 *
 * What a student's code prints, what the compiler quotes from a student's
 * file and the names of a submission's folders are bytes anybody chose.
 * They end up in results.json (Gradescope reads it with Python's json,
 * which refuses a file that is not UTF-8), in junit.xml (XML parsers refuse
 * it too) and on a student's or an instructor's terminal, which obeys
 * control characters: "\033[2J" clears the screen and a submission could
 * paint its own score table. text_safe() turns such bytes into text every
 * one of those readers takes as it is:
 *
 *  - valid UTF-8 only: a byte or run that is not UTF-8 (a stray 0xff, an
 *    overlong form, a UTF-16 surrogate, a code point past U+10FFFF, a
 *    TIS-620 comment) becomes U+FFFD, one per "maximal subpart" as Unicode
 *    recommends and Python's decoder does, so both count the same;
 *  - a cut never falls inside a character (or inside an escape below);
 *  - controls shown, not obeyed: C0 controls and DEL as "\xHH" (tab and
 *    newline kept with TEXT_LINES), C1 controls (U+0080-U+009F; some
 *    terminals take U+009B as CSI), the bidirectional overrides that can
 *    reorder a line as it is displayed, U+2028/U+2029 and XML's forbidden
 *    U+FFFE/U+FFFF as "\uHHHH".
 *
 * Why "\x1b" and not a picture such as U+241B: it is ASCII, so every font,
 * terminal and web page shows it; it is how the student wrote the byte in
 * C (printf("\x1b[2J")), so they recognise it; and there are no pictures
 * for C1 or bidirectional controls. An escape cannot be told apart from a
 * student who printed a backslash and "x1b" - it is shown, never parsed.
 */
#ifndef CHECKER_TEXT_H
#define CHECKER_TEXT_H

#include <stddef.h>

#define TEXT_REPLACEMENT 0xFFFDu

/* Flags for text_safe() and text_escape(). */
#define TEXT_LINES 1u /* keep '\n' and '\t' (printed output, compiler errors);
                       * without it they are escaped too, so a name stays one
                       * line and cannot fake a row of a table */
#define TEXT_CUT 2u   /* the input was cut short (a capped buffer): a character
                       * missing only its last bytes at the very end is left
                       * out, not shown as U+FFFD */

/* Decodes one character at p (n >= 1 bytes). Stores its code point in *cp,
 * or U+FFFD when the bytes are not UTF-8, and returns how many bytes it
 * took: the whole character, or the longest start of one that could still
 * have been valid (at least 1). *cut (may be NULL) is set to 1 when those
 * bytes were a valid start that the end of the input cut off, else 0. */
size_t text_decode(const unsigned char *p, size_t n, unsigned *cp, int *cut);

/* Encodes a code point (at most U+10FFFF, not a surrogate) as UTF-8 into
 * out; returns its length, 1 to 4. */
size_t text_encode(unsigned cp, char out[4]);

/* The visible stand-in for a character that must not be shown as itself
 * (see above): writes it NUL-terminated to out and returns its length (4
 * or 6), or returns 0 when the character may be shown as it is. */
size_t text_escape(unsigned cp, unsigned flags, char out[8]);

/* Copies n untrusted bytes (NULs included) from in to out as safe text:
 * at most out_size - 1 bytes and a NUL (nothing when out_size is 0). Each
 * character, U+FFFD or escape goes in whole or not at all: at the first
 * that does not fit, the copy stops. Returns the bytes written, without
 * the NUL; *used (may be NULL) gets how many input bytes they stand for.
 * Safe text copied again comes out unchanged. */
size_t text_safe(char *out, size_t out_size, const void *in, size_t n, unsigned flags, size_t *used);

/* text_safe() of a NUL-terminated string. */
size_t text_safe_str(char *out, size_t out_size, const char *in, unsigned flags);

/* `text` with every `from` replaced by `to` into out, cut to fit (plain
 * bytes: for paths and names inside text already made safe). */
void text_replace_all(const char *text, const char *from, const char *to, char *out, size_t out_size);

/* A C source as the preprocessor reads it: trigraphs replaced (-std=c11
 * keeps them: "??=" is "#", "??/" a backslash), lines spliced (a
 * backslash, spaces allowed, then a newline), each comment one space,
 * string and character literals kept whole. The compile guard reads the
 * directives in it; grade_all compares it with the stub and the reference.
 * Returns a malloc'd, NUL-terminated text or NULL. */
char *text_c_source_view(const char *text, size_t size);

#endif
