/* hints.c - a section's hints for the terminal (see hints.h). */
#include "hints.h"

#include <ctype.h>
#include <string.h>

/* ---- reading a hints file --------------------------------------------- */

static void append(char *to, size_t size, const char *text)
{
    size_t have = strlen(to), add = strlen(text);
    if (have + add >= size)
        add = have + 1 < size ? size - 1 - have : 0;
    memcpy(to + have, text, add);
    to[have + add] = '\0';
}

/* "<!-- for: a b, c -->" -> "a b c " in tags; 1 when the line is one. */
static int tag_line(const char *line, char *tags, size_t size)
{
    const char *p = line + strspn(line, " \t");
    if (strncmp(p, "<!--", 4) != 0)
        return 0;
    p += 4;
    p += strspn(p, " \t");
    if (strncmp(p, "for:", 4) != 0)
        return 0;
    p += 4;
    const char *end = strstr(p, "-->");
    if (!end)
        return 0;
    while (p < end) {
        p += strspn(p, " \t,");
        size_t n = strcspn(p, " \t,");
        if (p + n > end)
            n = (size_t)(end - p);
        if (n > 0 && n < 64) {
            char name[66];
            memcpy(name, p, n);
            name[n] = ' ';
            name[n + 1] = '\0';
            append(tags, size, name);
        }
        p += n;
    }
    return 1;
}

int hints_load(FILE *f, hint_file *h)
{
    memset(h, 0, sizeof *h);
    if (!f)
        return 0;
    char line[2048];
    int k = 0, started = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "---", 3) == 0) {
            if (k + 1 >= HINTS_MAX)
                break;
            k++;
            started = 0;
            continue;
        }
        started = 1;
        if (!h->hint[k].title[0] && strncmp(line, "# ", 2) == 0) {
            const char *title = line + 2 + strspn(line + 2, " \t");
            snprintf(h->hint[k].title, sizeof h->hint[k].title, "%.*s", (int)strcspn(title, "\r\n"), title);
            continue;
        }
        if (tag_line(line, h->hint[k].tags, sizeof h->hint[k].tags))
            continue;
        append(h->hint[k].body, sizeof h->hint[k].body, line);
    }
    h->count = k + (started || k > 0 ? 1 : 0);
    return h->count;
}

int hint_is_for(const char *tags, const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || !strcmp(name, "-"))
        return 0;
    for (const char *p = tags; (p = strstr(p, name)); p += n)
        if ((p == tags || p[-1] == ' ') && p[n] == ' ')
            return 1;
    return 0;
}

int hint_choose(const hint_file *h, const int *shown, const hint_failure *now, const char **why)
{
    /* Only a named mistake calls a hint out of order: a check fails for
     * many reasons and an outcome (wrong, crashed) says little of which,
     * so a hint tagged with a check's name may be about another mistake
     * than the one on screen (issue 35: 05's unreachable_target called the
     * validation hint for a root-to-tip CCD). */
    const char *mistake = now && now->diag[0] && strcmp(now->diag, "-") != 0 ? now->diag : "";
    *why = NULL;
    for (int k = 0; k < h->count; k++)
        if (!shown[k] && hint_is_for(h->hint[k].tags, mistake)) {
            *why = mistake;
            return k;
        }
    for (int k = 0; k < h->count; k++)
        if (!shown[k])
            return k;
    /* all shown: the strongest one for this mistake again, or the last */
    for (int k = h->count - 1; k >= 0; k--)
        if (hint_is_for(h->hint[k].tags, mistake)) {
            *why = mistake;
            return k;
        }
    return h->count > 0 ? h->count - 1 : 0;
}

int hint_failure_from_results(const char *results_path, const char *slug, hint_failure *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(results_path, "r");
    if (!f)
        return 0;
    char line[1024];
    int found = 0;
    size_t n = strlen(slug);
    /* the failure the report leads with (report.c's first_failure): the
     * first failing check that names a mistake, else the first failing;
     * an untouched stub's (not started) diagnoses are coincidences */
    int stub = 0;
    while (found < 2 && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "section\t", 8) && !strncmp(line + 8, slug, n) && line[8 + n] == '\t')
            stub = !strncmp(line + 9 + n, "not_started\t", 12);
        /* check <slug> <name> pass|fail <outcome> <diag> <random|fixed> */
        if (strncmp(line, "check\t", 6) != 0 || strncmp(line + 6, slug, n) != 0 || line[6 + n] != '\t')
            continue;
        char name[64], result[16], outcome[32], diag[64];
        if (sscanf(line + 7 + n, "%63[^\t]\t%15[^\t]\t%31[^\t]\t%63[^\t\n]", name, result, outcome, diag) != 4 ||
            strcmp(result, "fail") != 0)
            continue;
        int named = strcmp(diag, "-") != 0 && !stub;
        if (found == 0 || named) {
            snprintf(out->check, sizeof out->check, "%s", name);
            snprintf(out->outcome, sizeof out->outcome, "%s", outcome);
            snprintf(out->diag, sizeof out->diag, "%s", stub ? "-" : diag);
            found = named ? 2 : 1;
        }
    }
    fclose(f);
    return found > 0;
}

/* ---- TeX math as terminal text ------------------------------------------ */

typedef struct {
    char *p;
    size_t cap, len;
} sink;

static void put(sink *s, const char *text, size_t n)
{
    if (s->cap == 0)
        return;
    if (n > s->cap - 1 - s->len)
        n = s->cap - 1 - s->len;
    memcpy(s->p + s->len, text, n);
    s->len += n;
    s->p[s->len] = '\0';
}

static void puts_(sink *s, const char *text) { put(s, text, strlen(text)); }

static int ends_with_space(const sink *s) { return s->len > 0 && s->p[s->len - 1] == ' '; }

/* How a command's symbol sits among its neighbours. */
enum { ORD, /* a letter-like symbol: a space after it before a letter is dropped (\Delta t -> Δt) */
       REL, /* a relation or operator: spaces kept (\ge 0 -> ≥ 0) */
       FUN, /* a function name: a space before a letter that follows (\cos\alpha -> cos α) */
       OPEN, CLOSE, /* brackets: no space inside (\lfloor t \rfloor -> ⌊t⌋) */
       ARG,  /* takes an argument, shown plain (\mathbf p -> p) */
       ACCENT, /* takes an argument, shown with a combining mark (\hat d -> d̂) */
       SPACE, DROP };

static const struct {
    const char *name, *text;
    int kind;
} COMMANDS[] = {
    {"alpha", "α", ORD}, {"beta", "β", ORD}, {"gamma", "γ", ORD}, {"delta", "δ", ORD}, {"epsilon", "ε", ORD},
    {"theta", "θ", ORD}, {"lambda", "λ", ORD}, {"mu", "μ", ORD}, {"pi", "π", ORD}, {"sigma", "σ", ORD},
    {"tau", "τ", ORD}, {"phi", "φ", ORD}, {"omega", "ω", ORD}, {"Delta", "Δ", ORD}, {"Theta", "Θ", ORD},
    {"Sigma", "Σ", ORD}, {"Omega", "Ω", ORD}, {"circ", "°", ORD}, {"perp", "⊥", ORD}, {"infty", "∞", ORD},
    {"ge", "≥", REL}, {"geq", "≥", REL}, {"le", "≤", REL}, {"leq", "≤", REL}, {"ne", "≠", REL},
    {"neq", "≠", REL}, {"approx", "≈", REL}, {"times", "×", REL}, {"cdot", "·", REL}, {"pm", "±", REL},
    {"to", "→", REL}, {"rightarrow", "→", REL}, {"in", "∈", REL}, {"dots", "…", REL}, {"ldots", "…", REL},
    {"cdots", "⋯", REL}, {"cos", "cos", FUN}, {"sin", "sin", FUN}, {"tan", "tan", FUN}, {"arccos", "arccos", FUN},
    {"arcsin", "arcsin", FUN}, {"arctan", "arctan", FUN}, {"log", "log", FUN}, {"exp", "exp", FUN},
    {"min", "min", FUN}, {"max", "max", FUN}, {"sqrt", "√", ORD}, {"lfloor", "⌊", OPEN}, {"rfloor", "⌋", CLOSE},
    {"lceil", "⌈", OPEN}, {"rceil", "⌉", CLOSE}, {"mathbf", "", ARG}, {"mathrm", "", ARG}, {"mathit", "", ARG},
    {"text", "", ARG}, {"operatorname", "", ARG}, {"boldsymbol", "", ARG}, {"hat", "\xcc\x82", ACCENT},
    {"vec", "\xe2\x83\x97", ACCENT}, {"bar", "\xcc\x84", ACCENT}, {"quad", " ", SPACE}, {"qquad", " ", SPACE},
    {"left", "", DROP}, {"right", "", DROP},
};

/* Superscript and subscript forms of the characters that have one. */
static const char *script_of(char c, int super)
{
    static const char *const SUP[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    static const char *const SUB[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    if (c >= '0' && c <= '9')
        return super ? SUP[c - '0'] : SUB[c - '0'];
    switch (c) {
    case '+': return super ? "⁺" : "₊";
    case '-': return super ? "⁻" : "₋";
    case '=': return super ? "⁼" : "₌";
    case '(': return super ? "⁽" : "₍";
    case ')': return super ? "⁾" : "₎";
    case 'n': return super ? "ⁿ" : NULL;
    case 'i': return super ? "ⁱ" : NULL;
    default: return NULL;
    }
}

static void render(sink *s, const char *p, const char *end);

/* One argument (a {group}, a command or one character) starting at *pp,
 * after any spaces; rendered into out. */
static void render_argument(const char **pp, const char *end, char *out, size_t size)
{
    const char *p = *pp;
    while (p < end && *p == ' ')
        p++;
    const char *from = p, *to;
    if (p < end && *p == '{') {
        int depth = 0;
        for (to = p; to < end; to++) {
            depth += *to == '{' ? 1 : *to == '}' ? -1 : 0;
            if (depth == 0)
                break;
        }
        from = p + 1;
        p = to < end ? to + 1 : end;
    } else if (p < end && *p == '\\') {
        to = p + 1;
        while (to < end && isalpha((unsigned char)*to))
            to++;
        if (to == p + 1 && to < end)
            to++;
        p = to;
    } else if (p < end) {
        to = p + 1;
        while (to < end && ((unsigned char)*to & 0xC0) == 0x80) /* the rest of a UTF-8 letter */
            to++;
        p = to;
    } else {
        to = p;
    }
    sink arg = {out, size, 0};
    out[0] = '\0';
    render(&arg, from, to);
    /* inner spaces of a group stay; its ends do not */
    while (arg.len > 0 && out[arg.len - 1] == ' ')
        out[--arg.len] = '\0';
    *pp = p;
}

static void script(sink *s, const char **pp, const char *end, int super)
{
    char arg[256];
    render_argument(pp, end, arg, sizeof arg);
    if (super && !strcmp(arg, "°")) { /* 178.45^\circ */
        puts_(s, arg);
        return;
    }
    int all = arg[0] != '\0';
    for (const char *c = arg; *c && all; c++)
        all = script_of(*c, super) != NULL;
    if (all) {
        for (const char *c = arg; *c; c++)
            puts_(s, script_of(*c, super));
        return;
    }
    if (!super && ((unsigned char)arg[0] & 0x80)) { /* \hat p_\perp: p̂⊥ */
        puts_(s, arg);
        return;
    }
    int one = strlen(arg) == 1;
    puts_(s, super ? "^" : "_");
    if (!one)
        puts_(s, "(");
    puts_(s, arg);
    if (!one)
        puts_(s, ")");
}

static int is_letter_start(const char *p, const char *end)
{
    return p < end && (isalnum((unsigned char)*p) || *p == '\\' || ((unsigned char)*p & 0x80));
}

/* The command named at p (just after its backslash), its argument if it
 * takes one, rendered by its kind; returns where the text goes on. */
static const char *render_command(sink *s, const char *p, const char *end)
{
    const char *name = p;
    while (p < end && isalpha((unsigned char)*p))
        p++;
    size_t n = (size_t)(p - name);
    if (n == 0) { /* \, \; \: \  \{ \} \$ \\ */
        if (p < end) {
            char sym = *p++;
            if (sym == ',' || sym == ';' || sym == ':' || sym == ' ' || sym == '!') {
                if (!ends_with_space(s) && sym != '!')
                    puts_(s, " ");
            } else {
                put(s, &sym, 1);
            }
        }
        return p;
    }
    int found = -1;
    for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0] && found < 0; k++)
        if (strlen(COMMANDS[k].name) == n && !strncmp(COMMANDS[k].name, name, n))
            found = (int)k;
    if (found < 0) { /* unknown: its name, which still reads */
        put(s, name, n);
        return p;
    }
    const char *text = COMMANDS[found].text;
    switch (COMMANDS[found].kind) {
    case ORD:
    case OPEN:
        puts_(s, text);
        if (COMMANDS[found].kind == OPEN || (p < end && *p == ' ' && is_letter_start(p + 1, end)))
            while (p < end && *p == ' ')
                p++;
        break;
    case CLOSE:
        while (ends_with_space(s))
            s->p[--s->len] = '\0';
        puts_(s, text);
        break;
    case REL:
        puts_(s, text);
        break;
    case FUN:
        puts_(s, text);
        if (is_letter_start(p, end))
            puts_(s, " ");
        break;
    case ARG:
    case ACCENT: {
        char arg[256];
        render_argument(&p, end, arg, sizeof arg);
        if (COMMANDS[found].kind == ACCENT && arg[0]) {
            /* the mark goes on the first letter */
            size_t first = 1;
            while (((unsigned char)arg[first] & 0xC0) == 0x80)
                first++;
            put(s, arg, first);
            puts_(s, text);
            puts_(s, arg + first);
        } else {
            puts_(s, arg);
        }
        break;
    }
    case SPACE:
        if (!ends_with_space(s))
            puts_(s, " ");
        break;
    default:
        break;
    }
    return p;
}

static void render(sink *s, const char *p, const char *end)
{
    while (p < end) {
        char c = *p++;
        if (c == '\\') {
            p = render_command(s, p, end);
        } else if (c == '^' || c == '_') {
            script(s, &p, end, c == '^');
        } else if (c == '{' || c == '}') {
            /* grouping only */
        } else if (c == '~' || c == ' ' || c == '\n' || c == '\t') {
            if (!ends_with_space(s) && s->len > 0)
                puts_(s, " ");
        } else {
            put(s, &c, 1);
        }
    }
}

size_t hint_render_math(char *out, size_t out_size, const char *in)
{
    sink s = {out, out_size, 0};
    if (out_size == 0)
        return 0;
    out[0] = '\0';
    const char *p = in;
    while (*p) {
        if (*p == '`') { /* code as it is, backticks and all */
            const char *close = strchr(p + 1, '`');
            size_t n = close ? (size_t)(close - p + 1) : strlen(p);
            put(&s, p, n);
            p += n;
            continue;
        }
        if (p[0] == '\\' && p[1] == '$') {
            puts_(&s, "$");
            p += 2;
            continue;
        }
        if (*p == '$') {
            /* pandoc's rule: no space right inside either $, and the
             * closing one not followed by a digit ($5 and $10 is prose) */
            const char *close = NULL;
            if (p[1] && p[1] != ' ' && p[1] != '$' && p[1] != '\n')
                for (const char *q = p + 1; *q; q++) {
                    if (*q == '\\' && q[1]) {
                        q++;
                        continue;
                    }
                    if (*q == '$' && q[-1] != ' ' && !isdigit((unsigned char)q[1])) {
                        close = q;
                        break;
                    }
                }
            if (close) {
                size_t start = s.len;
                render(&s, p + 1, close);
                while (s.len > start && s.p[s.len - 1] == ' ')
                    s.p[--s.len] = '\0';
                p = close + 1;
                continue;
            }
        }
        put(&s, p, 1);
        p++;
    }
    return s.len;
}
