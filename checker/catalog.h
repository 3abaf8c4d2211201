/* catalog.h - the checker's sections, checks, points and diagnoses as data
 * (checker --print-catalog [tsv|json] [--root DIR]; see catalog.c). */
#ifndef CHECKER_CATALOG_H
#define CHECKER_CATALOG_H

/* Reads its own options from argv; prints to stdout; returns the exit code. */
int catalog_main(int argc, char **argv);

#endif
