/* test_hints.c - the hints as a terminal shows them (checker/hints.c).
 *
 *   test_hints ROOT            the tests; exit 0 when all pass
 *   test_hints ROOT --table    also every math snippet of every hints file
 *                              with its terminal rendering
 *
 * 1. Math: the cases below are every kind of snippet the hints use
 *    (grep -oh '\$[^$]*\$' on checker/sections/<slug>/hints.md and hints.en.md); then
 *    every snippet of every hints file must render with no TeX left:
 *    no backslash, $, ^, { or }.
 * 2. Choice: the next hint follows the current failure's named mistake,
 *    then its check, then its outcome, then file order (hints.h).
 * 3. The real files: every tag names a diagnosis, a check of that section
 *    or an outcome, so a renamed check cannot leave a hint unreachable.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "hints.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int g_pass, g_fail;

static void expect_render(const char *tex, const char *want)
{
    char out[1024];
    hint_render_math(out, sizeof out, tex);
    if (!strcmp(out, want)) {
        g_pass++;
        return;
    }
    g_fail++;
    fprintf(stderr, "test_hints: FAIL: %s -> \"%s\", expected \"%s\"\n", tex, out, want);
}

static void test_math(void)
{
    expect_render("$L_1$", "L₁");
    expect_render("$D \\ge 0$", "D ≥ 0");
    expect_render("$\\beta = \\pi$", "β = π");
    expect_render("$178.45^\\circ$", "178.45°");
    expect_render("$\\le 0$", "≤ 0");
    expect_render("$D \\le |L_1 - L_2|$", "D ≤ |L₁ - L₂|");
    expect_render("$[|L_1 - L_2|, L_1 + L_2]$", "[|L₁ - L₂|, L₁ + L₂]");
    expect_render("$D_c = D$", "D_c = D");
    expect_render("$10^{-25}$", "10⁻²⁵");
    expect_render("$10^{18}$", "10¹⁸");
    expect_render("$\\cos C = (a^2 + b^2 - c^2) / (2ab)$", "cos C = (a² + b² - c²) / (2ab)");
    expect_render("$-\\cos\\alpha$", "-cos α");
    expect_render("$\\sin = \\cos$", "sin = cos");
    expect_render("$\\pi - 0$", "π - 0");
    expect_render("$\\Delta t$", "Δt");
    expect_render("$g\\,\\Delta t$", "g Δt");
    expect_render("$i = 1 \\dots n$", "i = 1 … n");
    expect_render("$i = n-1 \\dots 0$", "i = n-1 … 0");
    expect_render("$t - T\\lfloor t/T \\rfloor$", "t - T⌊t/T⌋");
    expect_render("$t_1 - t_0 = T$", "t₁ - t₀ = T");
    expect_render("$w = 1 - u^2(3 - 2u)$", "w = 1 - u²(3 - 2u)");
    expect_render("$= \\operatorname{atan2}(1, 0) = 90^\\circ$", "= atan2(1, 0) = 90°");
    expect_render("$\\hat{\\mathbf p}_\\perp$", "p̂⊥");
    expect_render("$\\mathbf m = \\mathbf r + L_1(\\cos\\theta_S\\,\\hat{\\mathbf d} + \\sin\\theta_S\\,\\hat{\\mathbf p}_\\perp)$",
                  "m = r + L₁(cos θ_S d̂ + sin θ_S p̂⊥)");
    expect_render("$|tip - target| <$ tolerance", "|tip - target| < tolerance");
    expect_render("$(0, 0, -d)$", "(0, 0, -d)");
    /* prose around math, code left as it is, and what is not math */
    expect_render("the side $L_2$ is `len_lower` ($x_1$ in `a $b$ c`)", "the side L₂ is `len_lower` (x₁ in `a $b$ c`)");
    expect_render("costs $5 and $10 each", "costs $5 and $10 each");
    expect_render("a \\$ sign", "a $ sign");
    expect_render("$x^{ab}$ and $x_{10}$", "x^(ab) and x₁₀");
}

/* Every $...$ of a file rendered: no TeX left. */
static void test_file_math(const char *path, int table)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        g_fail++;
        fprintf(stderr, "test_hints: FAIL: cannot read %s\n", path);
        return;
    }
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    int code = 0;
    for (char *p = text; *p; p++) {
        if (*p == '`')
            code = !code;
        if (code || *p != '$')
            continue;
        char *close = strchr(p + 1, '$');
        if (!close)
            break;
        char snippet[512], out[1024];
        snprintf(snippet, sizeof snippet, "%.*s", (int)(close - p + 1), p);
        hint_render_math(out, sizeof out, snippet);
        int left = strpbrk(out, "\\$^{}") != NULL;
        if (left) {
            g_fail++;
            fprintf(stderr, "test_hints: FAIL: %s: %s -> \"%s\" (TeX left)\n", path, snippet, out);
        } else {
            g_pass++;
        }
        if (table)
            printf("%-60s  %s\n", snippet, out);
        p = close;
    }
}

static hint_file g_h;

static int choose(const char *diag, const char *check, const char *outcome, const int *shown)
{
    hint_failure now = {"", "", ""};
    snprintf(now.diag, sizeof now.diag, "%s", diag);
    snprintf(now.check, sizeof now.check, "%s", check);
    snprintf(now.outcome, sizeof now.outcome, "%s", outcome);
    const char *why;
    return hint_choose(&g_h, shown, &now, &why);
}

static void expect_choice(int got, int want, const char *what)
{
    if (got == want) {
        g_pass++;
        return;
    }
    g_fail++;
    fprintf(stderr, "test_hints: FAIL: %s: hint %d chosen, expected %d\n", what, got + 1, want + 1);
}

static void test_choice(void)
{
    static const char FILE_TEXT[] = "# one\n\nfirst\n\n---\n\n# two\n<!-- for: chapter_arm -->\n\nsecond\n\n---\n\n"
                                    "# three\n<!-- for: distance_margin, nan_acos -->\n\nthird\n\n---\n\n"
                                    "# four\n<!-- for: no_compile -->\nfourth\n---\n# five\n<!-- for: distance_margin -->\nfifth\n";
    FILE *f = fmemopen((void *)FILE_TEXT, sizeof FILE_TEXT - 1, "r");
    int count = hints_load(f, &g_h);
    fclose(f);
    expect_choice(count, 5, "five hints read");
    expect_choice(strstr(g_h.hint[2].body, "<!--") != NULL, 0, "the tag line is not part of the body");
    expect_choice(hint_is_for(g_h.hint[2].tags, "nan_acos"), 1, "tags split at commas");
    int shown[HINTS_MAX] = {0};
    expect_choice(choose("", "", "", shown), 0, "no failure known: the first");
    /* the named mistake wins over file order */
    expect_choice(choose("distance_margin", "chapter_arm", "wrong", shown), 2, "the mistake's hint first");
    shown[2] = 1;
    expect_choice(choose("distance_margin", "chapter_arm", "wrong", shown), 4, "then the mistake's next hint");
    shown[4] = 1;
    /* no hint left for it: weakest first, a check's tag calls nothing */
    expect_choice(choose("distance_margin", "chapter_arm", "wrong", shown), 0, "then the weakest left, not the check's");
    shown[0] = 1;
    expect_choice(choose("-", "chapter_arm", "wrong", shown), 1, "then in order");
    expect_choice(choose("-", "other_check", "no_compile", shown), 1, "an outcome calls no hint either");
    for (int k = 0; k < 5; k++)
        shown[k] = 1;
    expect_choice(choose("distance_margin", "", "", shown), 4, "all shown: the strongest for the mistake again");
    expect_choice(choose("", "", "", shown), 4, "all shown, no failure: the last");
    /* Issue 35: three calls on one failure with no named mistake gave 3/5,
     * 1/5, 2/5 (a check's tag first). Every call without a named mistake
     * is the weakest not shown yet, and the rule is said (why) only when a
     * mistake chose the hint. */
    int order[HINTS_MAX] = {0};
    for (int call = 0; call < 5; call++) {
        hint_failure now = {"chapter_arm", "wrong", "-"}; /* a tagged check */
        const char *why = "x";
        int k = hint_choose(&g_h, order, &now, &why);
        expect_choice(k, call, "no named mistake: call by call, weakest first");
        expect_choice(why != NULL, 0, "no named mistake: no mistake named as the reason");
        order[k] = 1;
    }
    int fresh[HINTS_MAX] = {0};
    hint_failure named = {"chapter_arm", "wrong", "nan_acos"};
    const char *why = NULL;
    expect_choice(hint_choose(&g_h, fresh, &named, &why), 2, "nan_acos: its hint, out of order");
    expect_choice(why && !strcmp(why, "nan_acos"), 1, "the reason named is the mistake");
}

/* The failure the hints follow is the one the report leads with: the
 * first failing check that names a mistake, else the first failing one. */
static void test_failure_from_results(void)
{
    char path[] = "/tmp/test_hints_results.XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        g_fail++;
        return;
    }
    static const char TSV[] = "section\t05_ccd\tfailing\n"
                              "check\t05_ccd\tinvalid_input\tpass\t-\t-\tfixed\n"
                              "check\t05_ccd\tunreachable_target\tfail\twrong\t-\tfixed\n"
                              "check\t05_ccd\tpass_by_pass\tfail\twrong\tccd_order\tfixed\n"
                              "check\t05_ccd\tbone_length\tfail\twrong\tbone_length\tfixed\n"
                              "check\t06_fabrik\tinvalid_input\tfail\twrong\t-\tfixed\n"
                              "section\t02_law_of_cosines\tnot_started\t0\t7\t0.010\t0.010\n"
                              "check\t02_law_of_cosines\tworked_examples\tfail\twrong\t-\tfixed\n"
                              "check\t02_law_of_cosines\tout_of_reach\tfail\twrong\tbend_for_interior\tfixed\n";
    if (write(fd, TSV, sizeof TSV - 1) != (ssize_t)(sizeof TSV - 1))
        g_fail++;
    close(fd);
    hint_failure got;
    expect_choice(hint_failure_from_results(path, "05_ccd", &got), 1, "05's failure found");
    expect_choice(!strcmp(got.check, "pass_by_pass") && !strcmp(got.diag, "ccd_order"), 1,
                  "the first failing check that names a mistake (pass_by_pass, ccd_order), not unreachable_target");
    expect_choice(hint_failure_from_results(path, "06_fabrik", &got), 1, "06's failure found");
    expect_choice(!strcmp(got.check, "invalid_input"), 1, "no mistake named: the first failing check");
    expect_choice(hint_failure_from_results(path, "02_law_of_cosines", &got), 1, "02's failure found");
    expect_choice(!strcmp(got.check, "worked_examples") && !strcmp(got.diag, "-"), 1,
                  "an untouched stub: the first failing check, its coincidental diagnosis not followed");
    unlink(path);
}

/* Tags of the real files name something that exists. */
static void test_tags(const char *root)
{
    char dir[1024];
    const char *outcomes = " crashed timed_out exited garbage flooded not_started no_compile missing wrong ";
    /* the diagnosis ids, from the buggy proofs' folder names */
    char diags[4096] = " ";
    snprintf(dir, sizeof dir, "%s/checker/tests/buggy", root);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.' && strlen(diags) + strlen(e->d_name) + 2 < sizeof diags) {
            strcat(diags, e->d_name);
            strcat(diags, " ");
        }
    if (d)
        closedir(d);
    for (int lang = 0; lang < 2; lang++) {
        snprintf(dir, sizeof dir, "%s/checker/sections", root);
        d = opendir(dir);
        while (d && (e = readdir(d))) {
            char path[2048], suite[2048], slug[256];
            snprintf(slug, sizeof slug, "%s", e->d_name);
            snprintf(path, sizeof path, "%s/%s/%s", dir, slug, lang ? "hints.en.md" : "hints.md");
            snprintf(suite, sizeof suite, "%s/checker/sections/%s/suite.c", root, slug);
            if (slug[0] < '0' || slug[0] > '9' || access(path, R_OK) != 0)
                continue; /* not a section folder */
            FILE *f = fopen(path, "r");
            static hint_file h;
            int count = hints_load(f, &h);
            if (f)
                fclose(f);
            static char suite_text[1 << 20];
            FILE *sf = fopen(suite, "r");
            size_t len = sf ? fread(suite_text, 1, sizeof suite_text - 1, sf) : 0;
            suite_text[len] = '\0';
            if (sf)
                fclose(sf);
            for (int k = 0; k < count; k++) {
                char tags[512];
                snprintf(tags, sizeof tags, "%s", h.hint[k].tags);
                for (char *name = strtok(tags, " "); name; name = strtok(NULL, " ")) {
                    char quoted[80], spaced[80];
                    snprintf(quoted, sizeof quoted, "{\"%s\",", name);
                    snprintf(spaced, sizeof spaced, " %s ", name);
                    if (strstr(suite_text, quoted) || strstr(diags, spaced) || strstr(outcomes, spaced)) {
                        g_pass++;
                    } else {
                        g_fail++;
                        fprintf(stderr, "test_hints: FAIL: %s hint %d is for '%s': no such diagnosis, check of %s or outcome\n",
                                path, k + 1, name, slug);
                    }
                }
            }
            test_file_math(path, 0);
        }
        if (d)
            closedir(d);
    }
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    int table = argc > 2 && !strcmp(argv[2], "--table");
    test_math();
    test_choice();
    test_failure_from_results();
    test_tags(root);
    if (table) {
        char path[1024];
        for (int lang = 0; lang < 2; lang++) {
            snprintf(path, sizeof path, "%s/checker/sections", root);
            DIR *d = opendir(path);
            struct dirent *e;
            while (d && (e = readdir(d))) {
                char file[2048];
                snprintf(file, sizeof file, "%s/%s/%s", path, e->d_name, lang ? "hints.en.md" : "hints.md");
                if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && access(file, R_OK) == 0)
                    test_file_math(file, 1);
            }
            if (d)
                closedir(d);
        }
    }
    printf("test_hints: %d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
