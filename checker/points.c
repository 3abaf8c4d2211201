/* points.c - the one points table (checker/points.tsv, or --points) and
 * what each graded check scored: its visible points, and its hidden ones
 * when it was re-run with the hidden seed. A check missing from the table
 * stops grading: a check nobody priced must not count as 0 quietly. */
#define _GNU_SOURCE
#include "driver.h"

#include <stdio.h>
#include <string.h>

#define MAX_POINT_ROWS 256

typedef struct {
    char slug[64], check[64];
    double visible, hidden;
} point_row;

static point_row g_points[MAX_POINT_ROWS];
static int g_point_count;

/* The one points table: "section<TAB>check<TAB>visible<TAB>hidden". */
static int load_points(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    while (fgets(line, sizeof line, f) && g_point_count < MAX_POINT_ROWS) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        point_row *r = &g_points[g_point_count];
        if (sscanf(line, "%63s %63s %lf %lf", r->slug, r->check, &r->visible, &r->hidden) == 4)
            g_point_count++;
    }
    fclose(f);
    return 1;
}

static const point_row *points_for(const char *slug, const char *check)
{
    for (int i = 0; i < g_point_count; i++)
        if (!strcmp(g_points[i].slug, slug) && !strcmp(g_points[i].check, check))
            return &g_points[i];
    return NULL;
}

int graded_checks(const section_result *sr, graded_check *out, int cap)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < sr->check_count && n < cap; i++) {
            const point_row *row = points_for(sr->def->slug, sr->def->checks[i].name);
            double max = row ? (pass ? row->hidden : row->visible) : 0.0;
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
    if (!load_points(o->points)) {
        fprintf(stderr, "checker: cannot read the points table %s\n", o->points);
        return 0;
    }
    for (size_t s = 0; s < count; s++)
        for (size_t i = 0; i < results[s].check_count; i++)
            if (!points_for(results[s].def->slug, results[s].def->checks[i].name)) {
                fprintf(stderr, "checker: %s has no row for %s %s\n", o->points, results[s].def->slug,
                        results[s].def->checks[i].name);
                return 0;
            }
    return 1;
}
