/* sections.c - the table of sections, built from sections.def (which
 * sections exist, what file each grades, what it needs). Nothing else in the
 * driver knows the list. A section whose reference folder (solutions/<slug>)
 * does not exist yet is skipped by the driver. */
#include "sections.h"

#include <string.h>

#define NO_DEPS {NULL}
#define DEPS(...) {__VA_ARGS__}
#define SECTION_FIGURE_NO_FIGURE(SUITE) NULL
#define SECTION_FIGURE_FIGURE(SUITE) SUITE##_FIGURE
#define SECTION(num, name, SUITE, title, chapter, deps, figure) \
    {#num "_" #name, #name ".c", title, chapter, deps, SUITE##_CHECKS, SECTION_FIGURE_##figure(SUITE)},

const section_def SECTIONS[] = {
#include "sections.def"
};
#undef SECTION
const size_t SECTION_COUNT = sizeof SECTIONS / sizeof SECTIONS[0];

size_t section_check_count(const section_def *section)
{
    size_t n = 0;
    while (section->checks[n].name)
        n++;
    return n;
}

const section_def *section_find(const char *slug)
{
    for (size_t i = 0; i < SECTION_COUNT; i++)
        if (strcmp(SECTIONS[i].slug, slug) == 0)
            return &SECTIONS[i];
    return NULL;
}
