/* os.c - the operating system helpers every program here shares (os.h). */
#define _GNU_SOURCE
#include "os.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

double os_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double os_cpu(void)
{
    struct rusage self, children;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    const struct timeval t[4] = {self.ru_utime, self.ru_stime, children.ru_utime, children.ru_stime};
    double sum = 0;
    for (int i = 0; i < 4; i++)
        sum += (double)t[i].tv_sec + (double)t[i].tv_usec * 1e-6;
    return sum;
}

int make_dirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return 0;
            *p = '/';
        }
    }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A link to the reference solution would otherwise score its full marks,
 * and one to /etc/passwd would be quoted back in the compile errors. */
int own_regular_file(const char *dir, const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    char real_dir[PATH_MAX], real_path[PATH_MAX];
    if (!realpath(dir, real_dir) || !realpath(path, real_path))
        return 0;
    size_t n = strlen(real_dir);
    return strncmp(real_path, real_dir, n) == 0 && real_path[n] == '/';
}

int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return 0;
    FILE *out = fopen(to, "wb");
    if (!out) {
        fclose(in);
        return 0;
    }
    char buf[8192];
    size_t n;
    int ok = 1;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            ok = 0;
    fclose(in);
    if (fclose(out) != 0)
        ok = 0;
    return ok;
}

int file_contains(const char *path, const char *needle)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

/* `path` made if missing, then trusted only if it is a folder of ours that
 * no one else may enter: the base folder is world-writable (sticky), so a
 * name there may have been made by someone else first. */
static int private_dir(const char *path)
{
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return 0;
    struct stat st;
    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() && (st.st_mode & 077) == 0;
}

int os_ram_folder(const char *leaf, long long need_bytes, char *out, size_t out_size)
{
    const char *bases[2] = {getenv("XDG_RUNTIME_DIR"), "/dev/shm"};
    const long tmpfs_magic = 0x01021994; /* TMPFS_MAGIC, linux/magic.h */
    for (int i = 0; i < 2; i++) {
        struct statfs fs;
        struct statvfs vfs;
        if (!bases[i] || bases[i][0] != '/' || statfs(bases[i], &fs) != 0 || (long)fs.f_type != tmpfs_magic ||
            statvfs(bases[i], &vfs) != 0)
            continue;
        /* runners are built and run there: a noexec mount (hardened
         * hosts, some containers) would fail every submission */
        if ((vfs.f_flag & (ST_NOEXEC | ST_RDONLY)) || (long long)vfs.f_bavail * (long long)vfs.f_frsize < need_bytes)
            continue;
        char mine[4096];
        int n = snprintf(mine, sizeof mine, "%s/ik-workbook-%lu", bases[i], (unsigned long)getuid());
        if (n < 0 || (size_t)n >= sizeof mine || !private_dir(mine))
            continue;
        n = snprintf(out, out_size, "%s/%s", mine, leaf);
        if (n > 0 && (size_t)n < out_size && private_dir(out))
            return 1;
    }
    return 0;
}

/* ---- os_trim_folder: every file noted, the oldest removed first ---- */

typedef struct {
    char path[512];
    time_t mtime;
    off_t size;
} trim_entry;
static trim_entry *g_entries;
static size_t g_entry_count, g_entry_cap;
static long long g_trim_bytes;

static int note_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)ftw;
    if (flag != FTW_F || strlen(path) >= sizeof g_entries[0].path)
        return 0;
    if (g_entry_count == g_entry_cap) {
        size_t cap = g_entry_cap ? 2 * g_entry_cap : 1024;
        trim_entry *more = realloc(g_entries, cap * sizeof *more);
        if (!more)
            return 1;
        g_entries = more;
        g_entry_cap = cap;
    }
    trim_entry *e = &g_entries[g_entry_count++];
    snprintf(e->path, sizeof e->path, "%s", path);
    e->mtime = st->st_mtime;
    e->size = st->st_size;
    g_trim_bytes += st->st_size;
    return 0;
}

static int older_first(const void *a, const void *b)
{
    const trim_entry *x = a, *y = b;
    return x->mtime < y->mtime ? -1 : x->mtime > y->mtime;
}

void os_trim_folder(const char *dir, long long max_bytes, long long *kept_bytes, int *removed)
{
    *removed = 0;
    g_entry_count = 0;
    g_trim_bytes = 0;
    nftw(dir, note_entry, 16, FTW_PHYS);
    qsort(g_entries, g_entry_count, sizeof g_entries[0], older_first);
    for (size_t i = 0; i < g_entry_count && g_trim_bytes > max_bytes; i++)
        if (unlink(g_entries[i].path) == 0) {
            g_trim_bytes -= g_entries[i].size;
            (*removed)++;
        }
    *kept_bytes = g_trim_bytes;
    free(g_entries);
    g_entries = NULL;
    g_entry_cap = g_entry_count = 0;
}
