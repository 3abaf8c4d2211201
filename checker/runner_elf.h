/* runner_elf.h - the checker's look at a linked runner before it runs it.
 *
 * A caged runner's first instructions forbid every exec (runner_main.c),
 * but only if they are the first instructions: the file's entry point must
 * be runner_entry, and no program interpreter may be named (the kernel would
 * load and start that program, found by path, before the entry point). The
 * student's code is linked into the file, so the file is untrusted input:
 * every offset is checked against its size. */
#ifndef CHECKER_RUNNER_ELF_H
#define CHECKER_RUNNER_ELF_H

#include <stddef.h>

/* 1 when `path` is a 64-bit ELF program without PT_INTERP whose entry point
 * is the symbol `entry_symbol`; else 0 with the reason in `why`. */
int runner_elf_check(const char *path, const char *entry_symbol, char *why, size_t why_size);

#endif
