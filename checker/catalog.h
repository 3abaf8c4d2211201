/* catalog.h - the checker's sections, checks, points and diagnoses as data
 * (checker --print-catalog [tsv|json] [--root DIR]; see catalog.c). */
#ifndef CHECKER_CATALOG_H
#define CHECKER_CATALOG_H

/* Prints the catalog of the tree at root as "tsv" or "json" to stdout;
 * returns the exit code. */
int catalog_main(const char *root, const char *format);

#endif
