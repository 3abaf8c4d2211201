/* compile_guard.c - what a student's compile may read.
 *
 * The compiler reads whatever the source names: "#include" of the reference
 * solution (or of a classmate's staged file during grade-all) would hand in
 * somebody else's code, and "#include </etc/passwd>" would print that file
 * back in the compile errors. The compile runs with -H, which makes the
 * preprocessor list every file it opened (macros and all); each must lie in
 * the workbook's include/, this run's stage/ (the section headers) or one of
 * the compiler's own system directories, or the section scores 0. The
 * compiler's diagnostics and the assembler are held to the same places. */
#define _GNU_SOURCE
#include "driver.h"
#include "sha256.h"
#include "spawn.h"
#include "text.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SYSTEM_DIRS 24
static char g_system_dirs[MAX_SYSTEM_DIRS][1024];
static int g_system_dir_count = -1;

int guard_system_dirs_loaded(void) { return g_system_dir_count >= 0; }

/* The compiler's -v words for the system folders: "cc -E -v /dev/null"'s
 * output (NUL-terminated, `*size` bytes kept), or NULL when it printed
 * nothing. A whole cc1 start (~9 ms of CPU with gcc, ~30 with clang):
 * with a cache it is asked once per compiler (cache_compiler_identity). */
char *guard_ask_system_dirs(const options *o, const char *specs_flag, size_t *size, int *exited_ok)
{
    const char *argv[8];
    int argc = 0;
    argv[argc++] = o->cc;
    if (specs_flag)
        argv[argc++] = specs_flag;
    argv[argc++] = "-xc";
    argv[argc++] = "-E";
    argv[argc++] = "-v";
    argv[argc++] = "/dev/null";
    argv[argc] = NULL;
    spawn_request rq = {.argv = argv, .timeout_ms = (int)(COMPILE_LIMIT_S * 1000), .output_keep = 16384,
                        .output_limit = 1u << 20, .process_tree = 1};
    spawn_result rs;
    spawn_run(&rq, &rs);
    *size = rs.output ? rs.output_size : 0;
    *exited_ok = rs.end == SPAWN_EXITED && rs.exit_code == 0;
    char *output = rs.output;
    rs.output = NULL;
    spawn_result_free(&rs);
    return output;
}

/* The compiler's "#include <...> search starts here:" list, from what
 * guard_ask_system_dirs got (asked now or kept in the cache). */
void guard_set_system_dirs(const options *o, const char *output, size_t size, unsigned char identity[32])
{
    g_system_dir_count = 0;
    /* the same words name the compiler in the grading cache's keys: its
     * version, target, configuration and the cc1 it runs */
    sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, o->cc, strlen(o->cc) + 1);
    if (output)
        sha256_update(&c, output, size);
    sha256_final(&c, identity);
    const char *at = output ? strstr(output, "#include <...> search starts here:") : NULL;
    for (const char *line = at ? strchr(at, '\n') : NULL; line && g_system_dir_count < MAX_SYSTEM_DIRS;
         line = strchr(line, '\n')) {
        line++;
        if (*line != ' ')
            break; /* "End of search list." */
        char dir[1024];
        size_t n = strcspn(line + 1, "\n");
        snprintf(dir, sizeof dir, "%.*s", (int)n, line + 1);
        if (realpath(dir, g_system_dirs[g_system_dir_count]))
            g_system_dir_count++;
    }
    /* A compiler that does not print the list (a wrapper, say) must not
     * turn every <math.h> into a refusal: fall back to the usual prefix. */
    if (g_system_dir_count == 0)
        snprintf(g_system_dirs[g_system_dir_count++], sizeof g_system_dirs[0], "/usr");
}

void guard_load_system_dirs(const options *o, const char *specs_flag, unsigned char identity[32])
{
    size_t size;
    int exited_ok;
    char *output = guard_ask_system_dirs(o, specs_flag, &size, &exited_ok);
    guard_set_system_dirs(o, output, size, identity);
    free(output);
}

static int path_is_under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return n > 0 && strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* The line after `line` in a NUL-terminated text, or NULL at the end. */
static const char *next_line(const char *line)
{
    const char *end = strchr(line, '\n');
    return end ? end + 1 : NULL;
}

/* Is `line` one of -H's "... path" lines? Returns the path or NULL. */
static const char *included_path(const char *line)
{
    if (line[0] != '.')
        return NULL;
    while (*line == '.')
        line++;
    return *line == ' ' ? line + 1 : NULL;
}

/* May a compile read `name`: in the workbook's include/, this run's stage/
 * or a system directory? A name that is no file at all is allowed only when
 * `missing_ok` (nothing can be read from it). */
static int path_allowed(const options *o, const char *name, int missing_ok)
{
    char include_dir[4096], stage_dir[4096], where[4096], real[PATH_MAX];
    if (!realpath(name, real))
        return missing_ok;
    snprintf(where, sizeof where, "%s/include", o->root);
    if (!realpath(where, include_dir))
        include_dir[0] = '\0';
    snprintf(where, sizeof where, "%s/stage", o->work);
    if (!realpath(where, stage_dir))
        stage_dir[0] = '\0';
    int allowed = path_is_under(real, include_dir) || path_is_under(real, stage_dir);
    for (int i = 0; !allowed && i < g_system_dir_count; i++)
        allowed = path_is_under(real, g_system_dirs[i]);
    return allowed;
}

/* The first file the compile opened outside the allowed places, copied to
 * `out` (as the compiler spelled it); 0 when there is none. */
static int include_outside(const options *o, const char *output, char *out, size_t out_size)
{
    for (const char *line = output; line && *line; line = next_line(line)) {
        const char *path = included_path(line);
        if (!path)
            continue;
        char name[4096];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(path, "\n"), path);
        if (!path_allowed(o, name, 0)) {
            snprintf(out, out_size, "%s", name);
            return 1;
        }
    }
    return 0;
}

/* A diagnostic quotes the line it is about from the file it names, and
 * "#line 1 \"<any path>\"" (or a "# 1 <path>" marker, however spelled:
 * digraphs, trigraphs, spliced lines) makes gcc name, and quote, any file:
 * the reference solution line by line. So the name that starts a line of
 * the compiler's output must be a file the compile may read (or none at
 * all). A name may itself hold ":<digits>:" ("/sys/devices/pci0000:00/..",
 * "/sys/dev/char/1:3/..", a student's folder "x:1"), so every prefix that
 * ends where a ":<line>:" or ":<line>," could start is a candidate, and
 * each must pass. (guard_line_markers refuses the markers before the
 * compile; this is the second line.) */
static int diagnostic_outside(const options *o, const char *output, char *out, size_t out_size)
{
    static const char included_from[] = "In file included from ";
    for (const char *line = output; line && *line; line = next_line(line)) {
        size_t len = strcspn(line, "\n");
        if (line[0] == ' ' || included_path(line))
            continue; /* a quoted source line or caret, or -H's list */
        size_t start = strncmp(line, included_from, sizeof included_from - 1) ? 0 : sizeof included_from - 1;
        for (size_t i = start + 1; i + 2 < len; i++) {
            if (line[i] != ':' || line[i + 1] < '0' || line[i + 1] > '9')
                continue;
            size_t j = i + 1;
            while (j < len && line[j] >= '0' && line[j] <= '9')
                j++;
            if (j >= len || (line[j] != ':' && line[j] != ','))
                continue;
            char name[4096];
            snprintf(name, sizeof name, "%.*s", (int)(i - start), line + start);
            if (!path_allowed(o, name, 1)) {
                snprintf(out, out_size, "%s", name);
                return 1;
            }
        }
    }
    return 0;
}

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')
        p++;
    return p;
}

int guard_line_markers(const char *staged, char *out, size_t out_size)
{
    FILE *f = fopen(staged, "rb");
    if (!f)
        return 0; /* the compile then says why it cannot read it */
    static char text[1 << 20];
    size_t size = fread(text, 1, sizeof text, f);
    fclose(f);
    char *view = text_c_source_view(text, size);
    if (!view)
        return snprintf(out, out_size, "(out of memory)"), 1;
    int found = 0;
    for (const char *line = view; line && *line && !found; line = next_line(line)) {
        const char *p = skip_blanks(line);
        if (*p == '#')
            p++;
        else if (p[0] == '%' && p[1] == ':')
            p += 2;
        else
            continue;
        p = skip_blanks(p);
        int is_line = !strncmp(p, "line", 4) && !(isalnum((unsigned char)p[4]) || p[4] == '_' || p[4] == '$');
        if (!is_line && !isdigit((unsigned char)*p))
            continue; /* another directive, or none */
        const char *rest = is_line ? p + 4 : p, *end = rest + strcspn(rest, "\n");
        /* allowed: a line number alone, and nothing after it */
        const char *q = skip_blanks(rest);
        int digits = 0;
        while (isdigit((unsigned char)*q))
            q++, digits++;
        q = skip_blanks(q);
        if (digits && q == end)
            continue;
        snprintf(out, out_size, "%.*s%.*s", is_line ? 5 : 2, is_line ? "#line" : "# ", (int)(end - rest), rest);
        found = 1;
    }
    free(view);
    return found;
}

/* The assembler reads files too: ".incbin" and ".include" in an asm
 * statement are beyond the preprocessor's -H. With -Wa,--MD the assembler
 * names what it read; anything but the source itself is outside. When it
 * fails it writes no list, but its errors name the file they are about
 * ("/etc/passwd:13: Error: ...", quoting its lines): any file other than
 * its own input "{standard input}" counts too. */
/* Is `path` the submission's own: its staged source (full or base name,
 * as gcc's .file directive names it) or a file in its stage folder (the
 * assembly clang hands to GNU as)? */
static int own_assembler_input(const char *path, size_t len, const char *source, const char *stage_dir)
{
    const char *base = strrchr(source, '/') ? strrchr(source, '/') + 1 : source;
    size_t dir_len = strlen(stage_dir);
    if ((len == strlen(source) && strncmp(path, source, len) == 0) ||
        (len == strlen(base) && strncmp(path, base, len) == 0))
        return 1;
    if (!(len > dir_len + 1 && strncmp(path, stage_dir, dir_len) == 0 && path[dir_len] == '/'))
        return 0;
    /* a plain name right in the stage folder: not a sub-folder, "." or ".." */
    const char *leaf = path + dir_len + 1;
    size_t leaf_len = len - dir_len - 1;
    return !memchr(leaf, '/', leaf_len) && !(leaf_len == 1 && leaf[0] == '.') &&
           !(leaf_len == 2 && leaf[0] == '.' && leaf[1] == '.');
}

static int assembler_read_outside(const char *output, const char *deps_path, const char *source,
                                  const char *stage_dir, char *out, size_t out_size)
{
    /* Every line the assembler wrote names its file: the header
     * "<file>: Assembler messages:" once, then "<file>:<line>: Error: ..."
     * (capitalized, no column: the compiler's own say "error:" with a
     * column). The header alone is not enough: after one error in the
     * student's file, an .include'd file's lines would follow under it. */
    static const char *const kinds[] = {": Error: ", ": Warning: ", ": Fatal error: ", ": Info: "};
    for (const char *line = output; line && *line; line = next_line(line)) {
        size_t len = strcspn(line, "\n"), name_len = 0;
        const char *tail = ": Assembler messages:";
        size_t tail_len = strlen(tail);
        if (len > tail_len && strncmp(line + len - tail_len, tail, tail_len) == 0)
            name_len = len - tail_len;
        for (size_t k = 0; !name_len && k < sizeof kinds / sizeof kinds[0]; k++) {
            const char *hit = strstr(line, kinds[k]);
            if (!hit || hit >= line + len)
                continue;
            const char *digits = hit;
            while (digits > line && digits[-1] >= '0' && digits[-1] <= '9')
                digits--;
            if (digits < hit && digits > line && digits[-1] == ':')
                name_len = (size_t)(digits - 1 - line);
        }
        if (name_len && strncmp(line, "{standard input}", 16) != 0 &&
            !own_assembler_input(line, name_len, source, stage_dir)) {
            snprintf(out, out_size, "%.*s", (int)name_len, line);
            return 1;
        }
    }
    /* "target.o: read-file ... source.c", maybe over several lines, with
     * make's escapes: "\ " is a space inside a name, "\" + newline goes on */
    FILE *f = fopen(deps_path, "r");
    if (!f)
        return 0;
    char word[4096];
    size_t len = 0;
    int found = 0, in_target = 1, c;
    do {
        c = fgetc(f);
        if (c == '\\') {
            int next = fgetc(f);
            if (next == ' ' || next == '\\' || next == '#') {
                if (len + 1 < sizeof word)
                    word[len++] = (char)next;
                continue;
            }
            if (next == '\n')
                c = ' ';
            else if (next != EOF)
                ungetc(next, f);
        }
        if (c == EOF || c == ' ' || c == '\t' || c == '\n') {
            if (len == 0)
                continue;
            word[len] = '\0';
            len = 0;
            if (in_target) { /* the object file, up to its ':' */
                in_target = word[strlen(word) - 1] != ':';
                continue;
            }
            if (!own_assembler_input(word, strlen(word), source, stage_dir)) {
                snprintf(out, out_size, "%s", word);
                found = 1;
            }
        } else if (len + 1 < sizeof word) {
            word[len++] = (char)c;
        }
    } while (c != EOF && !found);
    fclose(f);
    return found;
}


void guard_without_include_lists(const char *output, char *out, size_t out_size)
{
    size_t n = 0;
    int guard_list = 0;
    out[0] = '\0';
    for (const char *line = output; line && *line; line = next_line(line)) {
        size_t len = strcspn(line, "\n");
        if (strncmp(line, "Multiple include guards may be useful for:", 42) == 0) {
            guard_list = 1;
            continue;
        }
        /* the guard list is bare paths; a diagnostic has a ':' */
        if (included_path(line) || (guard_list && !memchr(line, ':', len)))
            continue;
        guard_list = 0;
        if (n + len + 2 >= out_size)
            break;
        memcpy(out + n, line, len);
        n += len;
        out[n++] = '\n';
        out[n] = '\0';
    }
}

int guard_read_outside(const options *o, const char *output, const char *as_deps, const char *staged,
                       const char *stage_dir, char *out, size_t out_size)
{
    return include_outside(o, output, out, out_size) || diagnostic_outside(o, output, out, out_size) ||
           assembler_read_outside(output, as_deps, staged, stage_dir, out, out_size);
}
