/* Guard areas for the runners of sections 09 and 10 (runner side only).
 *
 * Every output the student's code writes through a pointer sits between
 * two guard areas filled with GUARD_BYTE; after the call the runner counts
 * the guard bytes that changed and sends the count back (`overrun` in the
 * response), and the checks fail any answer whose count is not 0: a
 * solution that writes out[1] or out[-1] hits a guard instead of the next
 * output slot, where nothing would see it.
 *
 * Under MEMCHECK=1 (AddressSanitizer) the guards are poisoned for the
 * call, so a read of out[-1] or out[1] stops there with a report naming
 * the line, and so are the unused tails of the arrays a request carries
 * (frames past frame_count, boxes past box_count): code that reads past
 * the live elements is named even when what it read changed nothing. */
#ifndef SECTIONS_GUARD_H
#define SECTIONS_GUARD_H

#include <stddef.h>
#include <string.h>

/* The runner glue (this file's includer) is built once, without
 * sanitizers; under MEMCHECK only the student's code and the link are. So
 * AddressSanitizer's interface is reached through weak references: linked
 * with ASan's runtime they are its functions, otherwise null and skipped. */
void __asan_poison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));

static inline void guard_poison(const volatile void *p, size_t n)
{
    if (__asan_poison_memory_region && n > 0)
        __asan_poison_memory_region(p, n);
}

static inline void guard_unpoison(const volatile void *p, size_t n)
{
    if (__asan_unpoison_memory_region && n > 0)
        __asan_unpoison_memory_region(p, n);
}

#define GUARD_POISON(p, n) guard_poison((p), (n))
#define GUARD_UNPOISON(p, n) guard_unpoison((p), (n))

/* 64 bytes each side: more than any one output struct here but the clip,
 * so writing out[1] or out[-1] of a small output lands wholly in a guard. */
#define GUARD_BYTES 64
#define GUARD_BYTE 0xA5

/* A value of type T between two guards, with no padding in between (the
 * guards are byte arrays; T's alignment divides GUARD_BYTES). */
#define GUARDED(T)                                                                                                     \
    struct {                                                                                                           \
        _Alignas(16) unsigned char before[GUARD_BYTES];                                                                \
        T value;                                                                                                       \
        unsigned char after[GUARD_BYTES];                                                                              \
    }

#define GUARD_ARM(box)                                                                                                 \
    do {                                                                                                               \
        memset((box).before, GUARD_BYTE, GUARD_BYTES);                                                                 \
        memset((box).after, GUARD_BYTE, GUARD_BYTES);                                                                  \
        GUARD_POISON((box).before, GUARD_BYTES);                                                                       \
        GUARD_POISON((box).after, GUARD_BYTES);                                                                        \
    } while (0)

static inline int guard_changed(unsigned char *before, unsigned char *after)
{
    GUARD_UNPOISON(before, GUARD_BYTES);
    GUARD_UNPOISON(after, GUARD_BYTES);
    int changed = 0;
    for (int i = 0; i < GUARD_BYTES; i++)
        changed += (before[i] != GUARD_BYTE) + (after[i] != GUARD_BYTE);
    return changed;
}

/* Changed guard bytes; the guards are unpoisoned again. */
#define GUARD_CHECK(box) guard_changed((box).before, (box).after)

#endif
