/* runner_elf.c - see runner_elf.h. Reads the ELF file with plain C: the
 * headers are laid out by the ELF specification (elf.h), nothing is run. */
#include "runner_elf.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A runner is tens of KB (musl) to about 1 MB (glibc, static). */
#define RUNNER_MAX_BYTES (64u << 20)

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    unsigned char *data = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n > 0 && (unsigned long)n <= RUNNER_MAX_BYTES && fseek(f, 0, SEEK_SET) == 0) {
            data = malloc((size_t)n);
            if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
                free(data);
                data = NULL;
            }
            *size = (size_t)n;
        }
    }
    fclose(f);
    return data;
}

/* Does [offset, offset + count * each) lie inside the file? */
static int inside(size_t size, unsigned long long offset, unsigned long long count, unsigned long long each)
{
    return each == 0 || (offset <= size && count <= (size - offset) / each);
}

/* The value of the one global function definition named `name` in the
 * file's symbol table, or 0 when there is none or more than one (a
 * student's own static function of that name is no entry point). */
static unsigned long long symbol_value(const unsigned char *data, size_t size, const Elf64_Ehdr *eh, const char *name)
{
    if (eh->e_shentsize != sizeof(Elf64_Shdr) || !inside(size, eh->e_shoff, eh->e_shnum, sizeof(Elf64_Shdr)))
        return 0;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(data + eh->e_shoff);
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_entsize != sizeof(Elf64_Sym) || sh[i].sh_link >= eh->e_shnum)
            continue;
        const Elf64_Shdr *strtab = &sh[sh[i].sh_link];
        if (!inside(size, sh[i].sh_offset, sh[i].sh_size / sizeof(Elf64_Sym), sizeof(Elf64_Sym)) ||
            !inside(size, strtab->sh_offset, strtab->sh_size, 1))
            continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(data + sh[i].sh_offset);
        const char *names = (const char *)(data + strtab->sh_offset);
        size_t name_len = strlen(name);
        unsigned long long value = 0;
        int found = 0;
        for (size_t k = 0; k < sh[i].sh_size / sizeof(Elf64_Sym); k++)
            if (sym[k].st_name < strtab->sh_size && strtab->sh_size - sym[k].st_name > name_len &&
                memcmp(names + sym[k].st_name, name, name_len + 1) == 0 && sym[k].st_shndx != SHN_UNDEF &&
                ELF64_ST_BIND(sym[k].st_info) == STB_GLOBAL && ELF64_ST_TYPE(sym[k].st_info) == STT_FUNC) {
                value = sym[k].st_value;
                found++;
            }
        return found == 1 ? value : 0;
    }
    return 0;
}

int runner_elf_check(const char *path, const char *entry_symbol, char *why, size_t why_size)
{
    size_t size = 0;
    unsigned char *data = read_all(path, &size);
    const char *problem = NULL;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)data;
    if (!data || size < sizeof(Elf64_Ehdr) || memcmp(data, ELFMAG, SELFMAG) != 0 || data[EI_CLASS] != ELFCLASS64)
        problem = "not a 64-bit ELF program";
    else if (eh->e_phentsize != sizeof(Elf64_Phdr) || !inside(size, eh->e_phoff, eh->e_phnum, sizeof(Elf64_Phdr)))
        problem = "unreadable program headers";
    else {
        const Elf64_Phdr *ph = (const Elf64_Phdr *)(data + eh->e_phoff);
        /* An interpreter would be loaded, from a path, and run before the
         * runner's own entry: a ".interp" section naming another runner
         * would be that runner, answering every check. */
        for (unsigned i = 0; i < eh->e_phnum && !problem; i++)
            if (ph[i].p_type == PT_INTERP)
                problem = "it names a program interpreter (PT_INTERP)";
        if (!problem && (eh->e_entry == 0 || eh->e_entry != symbol_value(data, size, eh, entry_symbol)))
            problem = "its entry point is not the runner's own";
    }
    if (problem)
        snprintf(why, why_size, "%s", problem);
    free(data);
    return problem == NULL;
}
