/* grade_figures.c - a graded class's figures: every submission's
 * convergence figures (05/06, from the numbers the checker left) and
 * failing-case pictures (checker/picture.c's scripts) in one gnuplot
 * script, drawn by up to JOBS gnuplots side by side, each SVG then written
 * smaller (svg_small.c), and the numbers they were drawn from removed
 * (the cache keeps them). */
#define _GNU_SOURCE
#include "grade_figures.h"

#include "svg_small.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *g_fig_root = ".", *g_fig_work = ".";

/* gnuplot reads '...' strings literally except that '' is one quote. */
static void gp_quoted(FILE *gp, const char *text, size_t len)
{
    fputc('\'', gp);
    for (size_t i = 0; i < len && text[i]; i++) {
        if (text[i] == '\'')
            fputc('\'', gp);
        fputc(text[i], gp);
    }
    fputc('\'', gp);
}

/* One submission's convergence figures (05/06) not drawn yet from their
 * numbers, as lines of the gnuplot script; returns how many. */
static int script_figures(FILE *gp, const char *dir)
{
    int figures = 0;
    DIR *dh = opendir(dir);
    struct dirent *de;
    while (dh && (de = readdir(dh))) {
        size_t len = strlen(de->d_name);
        const char *suffix = "_vs_reference.dat";
        if (len <= strlen(suffix) || strcmp(de->d_name + len - strlen(suffix), suffix) != 0)
            continue;
        char data[1400], solver[64] = "solver", svg[1400];
        snprintf(data, sizeof data, "%s/%s", dir, de->d_name);
        /* drawn already from these very numbers (a regrade, a resume) */
        struct stat data_st, svg_st;
        snprintf(svg, sizeof svg, "%.*s.svg", (int)(strlen(data) - 4), data);
        if (stat(data, &data_st) == 0 && stat(svg, &svg_st) == 0 &&
            (svg_st.st_mtim.tv_sec > data_st.st_mtim.tv_sec ||
             (svg_st.st_mtim.tv_sec == data_st.st_mtim.tv_sec && svg_st.st_mtim.tv_nsec >= data_st.st_mtim.tv_nsec)))
            continue;
        FILE *df = fopen(data, "r");
        if (df) {
            if (fscanf(df, "# solver %63s", solver) != 1)
                snprintf(solver, sizeof solver, "solver");
            fclose(df);
        }
        char plot_script[1200];
        snprintf(plot_script, sizeof plot_script, "%s/plots/student_vs_reference.gp", g_fig_root);
        fputs("data=", gp);
        gp_quoted(gp, data, strlen(data));
        fputs("; out=", gp);
        gp_quoted(gp, data, strlen(data) - 4);
        fputs("; solver=", gp);
        gp_quoted(gp, solver, strlen(solver));
        fputs("; root=", gp);
        gp_quoted(gp, g_fig_root, strlen(g_fig_root));
        fputs("; formats='svg'; load ", gp);
        gp_quoted(gp, plot_script, strlen(plot_script));
        fputc('\n', gp);
        figures++;
    }
    if (dh)
        closedir(dh);
    return figures;
}

/* Runs gnuplot on the script's lines, split into up to JOBS parts that
 * run side by side (figures.K.gp, each its output to figures.K.log): one
 * gnuplot at the end of a run, after the last checker, drew 200 figures in
 * 1.3 s with the other core idle. Each line stands alone (it sets what it
 * draws, or starts with `reset session`), so any cut between lines draws
 * the same. 1 when every part ran to the end. */
static int run_gnuplot(const char *script, int jobs)
{
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        printf("figures: gnuplot not available, the .dat files are beside each results.json\n");
        return 0;
    }
    FILE *in = fopen(script, "r");
    char *line = NULL, **lines = NULL;
    size_t line_cap = 0, count = 0, cap = 0;
    ssize_t got;
    while (in && (got = getline(&line, &line_cap, in)) > 0) {
        if (count == cap) {
            size_t more = cap ? 2 * cap : 256;
            char **bigger = realloc(lines, more * sizeof *bigger);
            if (!bigger)
                break;
            lines = bigger;
            cap = more;
        }
        lines[count++] = strdup(line);
    }
    free(line);
    if (in)
        fclose(in);
    int parts = jobs < 1 ? 1 : jobs > 16 ? 16 : jobs;
    if ((size_t)parts > count)
        parts = count ? (int)count : 1;
    pid_t pids[16];
    char part_script[16][1300], part_log[16][1300];
    int ok = 1;
    for (int p = 0; p < parts; p++) {
        pids[p] = -1;
        snprintf(part_script[p], sizeof part_script[p], "%s/figures.%d.gp", g_fig_work, p + 1);
        snprintf(part_log[p], sizeof part_log[p], "%s/figures.%d.log", g_fig_work, p + 1);
        FILE *out = fopen(part_script[p], "w");
        for (size_t i = count * (size_t)p / (size_t)parts; out && i < count * (size_t)(p + 1) / (size_t)parts; i++)
            fputs(lines[i] ? lines[i] : "", out);
        if (!out || fclose(out) != 0) {
            ok = 0;
            continue;
        }
        pids[p] = fork();
        if (pids[p] == 0) {
            int fd = open(part_log[p], O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                dup2(fd, STDOUT_FILENO);
                dup2(fd, STDERR_FILENO);
            }
            execlp("env", "env", "LC_ALL=C.UTF-8", "gnuplot", part_script[p], (char *)NULL); /* picture.h: GNUPLOT_LOCALE */
            _exit(127);
        }
    }
    for (size_t i = 0; i < count; i++)
        free(lines[i]);
    free(lines);
    for (int p = 0; p < parts; p++) {
        int status = 0;
        if (pids[p] < 0 || waitpid(pids[p], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            printf("figures: gnuplot failed on %s (see %s); the .dat files are beside each results.json\n",
                   part_script[p], part_log[p]);
            ok = 0;
        }
    }
    return ok;
}

/* After the gnuplot run: every SVG it drew (modified since `drawing`), in
 * the results folders and their pictures/, written smaller (svg_small.h:
 * a failing-case picture of 07 59 -> 28 KB, drawn the same), and the
 * convergence figures' data beside a figure drawn from it removed (4 KB,
 * 8 KB of disk, a figure: the numbers stay in the cache, which puts them
 * back for a regrade, and the figure is drawn again from them). Returns 1. */
static int finish_figures(const char *out, const char *const *names, int count, time_t drawing)
{
    for (int i = 0; i < count; i++)
        for (int pictures = 0; pictures < 2; pictures++) {
            char dir[1200];
            snprintf(dir, sizeof dir, "%s/%s%s", out, names[i], pictures ? "/pictures" : "");
            DIR *d = opendir(dir);
            struct dirent *e;
            while (d && (e = readdir(d))) {
                size_t len = strlen(e->d_name);
                char path[1500], data[1500];
                struct stat st;
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                if (len <= 4 || strcmp(e->d_name + len - 4, ".svg") || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
                    st.st_mtim.tv_sec < drawing)
                    continue;
                svg_small(path);
                snprintf(data, sizeof data, "%.*s.dat", (int)(strlen(path) - 4), path);
                if (!pictures && st.st_size > 0 && len > 17 && !strcmp(e->d_name + len - 17, "_vs_reference.svg"))
                    unlink(data);
            }
            if (d)
                closedir(d);
        }
    return 1;
}

/* The failing cases' numbers (<slug>_failing_cases.rec, picture.c) are
 * written beside the results only for the cache to keep with them: once
 * the checker has ended they are the cache's, and the pictures are drawn,
 * so the results folder does not keep them (up to 27 KB a section). */
static void drop_recordings(const char *out, const char *const *names, int count)
{
    for (int i = 0; i < count; i++) {
        char dir[1100];
        snprintf(dir, sizeof dir, "%s/%s", out, names[i]);
        DIR *d = opendir(dir);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            size_t len = strlen(e->d_name);
            char path[1500];
            if (len > 18 && !strcmp(e->d_name + len - 18, "_failing_cases.rec") &&
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
                unlink(path);
        }
        if (d)
            closedir(d);
    }
}

void figures_draw(const char *root, const char *work, const char *out, const char *const *names, int count, int jobs)
{
    g_fig_root = root, g_fig_work = work;
    char script[1200];
    snprintf(script, sizeof script, "%s/figures.gp", g_fig_work);
    FILE *gp = fopen(script, "w");
    int figures = 0;
    for (int i = 0; gp && i < count; i++) {
        char dir[1100];
        snprintf(dir, sizeof dir, "%s/%s", out, names[i]);
        figures += script_figures(gp, dir);
    }
    /* The failing cases' pictures (checker/picture.c), last: each of their
     * scripts starts every picture with `reset session`. Removed once
     * drawn, so a regrade whose results came from the cache keeps the
     * pictures drawn then and draws nothing again. */
    char (*drawn)[1200] = calloc(count > 0 ? (size_t)count : 1, sizeof *drawn);
    int pictures = 0;
    for (int i = 0; gp && drawn && i < count; i++) {
        snprintf(drawn[pictures], sizeof drawn[pictures], "%s/%s/pictures/pictures.gp", out, names[i]);
        if (access(drawn[pictures], R_OK) != 0)
            continue;
        fputs("load ", gp);
        gp_quoted(gp, drawn[pictures], strlen(drawn[pictures]));
        fputc('\n', gp);
        pictures++;
    }
    if (gp)
        fclose(gp);
    time_t drawing = time(NULL);
    if (figures + pictures > 0 && run_gnuplot(script, jobs) && finish_figures(out, names, count, drawing))
        for (int i = 0; i < pictures; i++) {
            /* the script and its data files: the numbers stay in the
             * cache's <section>_failing_cases.rec beside the results */
            char dir[1200];
            snprintf(dir, sizeof dir, "%.*s", (int)(strlen(drawn[i]) - strlen("/pictures.gp")), drawn[i]);
            DIR *d = opendir(dir);
            struct dirent *e;
            while (d && (e = readdir(d))) {
                size_t len = strlen(e->d_name);
                if (len > 4 && !strcmp(e->d_name + len - 4, ".dat")) {
                    char path[1500];
                    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                    unlink(path);
                }
            }
            if (d)
                closedir(d);
            unlink(drawn[i]);
        }
    free(drawn);
    drop_recordings(out, names, count);
}

