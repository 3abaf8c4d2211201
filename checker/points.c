/* points.c - the points of every check and what each graded check scored:
 * its visible points, and its hidden ones when it was re-run with the
 * hidden seed. Each section prices its own checks in its own folder,
 * checker/sections/<slug>/points.tsv (check, visible, hidden); they are
 * gathered here for every section of the registry, for grading and for
 * the catalog alike. --points FILE replaces them with one table for all
 * (section, check, visible, hidden). A check missing from the table stops
 * grading: a check nobody priced must not count as 0 quietly. */
#define _GNU_SOURCE
#include "driver.h"

#include <stdio.h>
#include <string.h>

#define MAX_POINT_ROWS 512

typedef struct {
    char slug[64], check[64];
    double visible, hidden;
} point_row;

static point_row g_points[MAX_POINT_ROWS];
static int g_point_count;

/* One table's rows; `slug` NULL: the section is each row's first field. */
static int read_table(const char *path, const char *slug)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    while (fgets(line, sizeof line, f) && g_point_count < MAX_POINT_ROWS) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        point_row *r = &g_points[g_point_count];
        int got = slug ? sscanf(line, "%63s %lf %lf", r->check, &r->visible, &r->hidden)
                       : sscanf(line, "%63s %63s %lf %lf", r->slug, r->check, &r->visible, &r->hidden);
        if (got == (slug ? 3 : 4)) {
            if (slug)
                snprintf(r->slug, sizeof r->slug, "%s", slug);
            g_point_count++;
        }
    }
    fclose(f);
    return 1;
}

void points_path(char *out, size_t size, const char *root, const char *slug)
{
    snprintf(out, size, "%s/checker/sections/%s/points.tsv", root, slug);
}

int points_read(const char *root, const char *file)
{
    g_point_count = 0;
    if (file)
        return read_table(file, NULL);
    int all = 1;
    for (size_t i = 0; i < SECTION_COUNT; i++) {
        char path[4096];
        points_path(path, sizeof path, root, SECTIONS[i].slug);
        all &= read_table(path, SECTIONS[i].slug);
    }
    return all;
}

int points_of(const char *slug, const char *check, double *visible, double *hidden)
{
    for (int i = 0; i < g_point_count; i++)
        if (!strcmp(g_points[i].slug, slug) && !strcmp(g_points[i].check, check)) {
            *visible = g_points[i].visible, *hidden = g_points[i].hidden;
            return 1;
        }
    return 0;
}

int graded_checks(const section_result *sr, graded_check *out, int cap)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < sr->check_count && n < cap; i++) {
            double visible = 0.0, hidden = 0.0;
            points_of(sr->def->slug, sr->def->checks[i].name, &visible, &hidden);
            double max = pass ? hidden : visible;
            if (pass && max <= 0.0)
                continue;
            const check_result *r = pass ? &sr->hidden[i] : &sr->checks[i];
            int passed = pass ? (sr->hidden_ran[i] && r->passed) : r->passed;
            out[n++] = (graded_check){r, sr->def->checks[i].name, i, pass, passed ? max : 0.0, max};
        }
    return n;
}

int points_load(const options *o, const section_result *results, size_t count)
{
    if (!points_read(o->root, o->points) && o->points) {
        fprintf(stderr, "checker: cannot read the points table %s\n", o->points);
        return 0;
    }
    for (size_t s = 0; s < count; s++)
        for (size_t i = 0; i < results[s].check_count; i++) {
            const char *slug = results[s].def->slug, *check = results[s].def->checks[i].name;
            double visible, hidden;
            if (points_of(slug, check, &visible, &hidden))
                continue;
            char path[4096];
            if (o->points)
                snprintf(path, sizeof path, "%s", o->points);
            else
                points_path(path, sizeof path, o->root, slug);
            fprintf(stderr, "checker: %s has no row for %s %s\n", path, slug, check);
            return 0;
        }
    return 1;
}
