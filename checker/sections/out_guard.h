/* out_guard.h - guard areas around what a runner hands the student's code.
 *
 * A solution that writes feet[FOOT_COUNT], bones[LOOK_MAX_BONES] or one
 * element before an array scribbles on whatever the compiler put next to
 * it; on the runner's stack that is often nothing the checks look at. So
 * the runner places each output (and each input it passes by pointer) in a
 * box with OUT_GUARD_BYTES of a known pattern before and after it, and
 * hands the damaged-byte count back; the checks want 0 (a write that lands
 * there is a wrong answer whatever the values inside say).
 *
 * Under MEMCHECK (the runner linked with AddressSanitizer) the guards are
 * also poisoned while the student's function runs, so a read of them (a
 * loop that runs one past the end, in[-1]) stops with ASan's report naming
 * the line. The ops objects are built without sanitizers, so the ASan
 * entry points are weak references: without ASan's runtime they are NULL
 * and poisoning is skipped. */
#ifndef CHECKER_OUT_GUARD_H
#define CHECKER_OUT_GUARD_H

#include <stddef.h>
#include <string.h>

/* 64 bytes: past a whole foot_ik_foot or look_at slot written one too far
 * is not needed (the first byte off the end already shows), but a write a
 * few elements past the end still lands in the guard, not on the stack. */
#define OUT_GUARD_BYTES 64
#define OUT_GUARD_FILL 0xA5

/* A value between two guards. No padding before `value` (the guard is a
 * multiple of any alignment used here) and none after it for these
 * structs of floats and ints, so the first byte past the value is guard. */
#define OUT_GUARDED(type)                         \
    struct {                                      \
        unsigned char before[OUT_GUARD_BYTES];    \
        type value;                               \
        unsigned char after[OUT_GUARD_BYTES];     \
    }

#if defined(__GNUC__)
void __asan_poison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
#endif

static inline void out_guard_poison(void *before, void *after, int poison)
{
#if defined(__GNUC__)
    if (poison && __asan_poison_memory_region) {
        __asan_poison_memory_region(before, OUT_GUARD_BYTES);
        __asan_poison_memory_region(after, OUT_GUARD_BYTES);
    } else if (!poison && __asan_unpoison_memory_region) {
        __asan_unpoison_memory_region(before, OUT_GUARD_BYTES);
        __asan_unpoison_memory_region(after, OUT_GUARD_BYTES);
    }
#else
    (void)before;
    (void)after;
    (void)poison;
#endif
}

/* Fill both guards and poison them (before the student's call). */
#define OUT_GUARD_ARM(box)                                             \
    do {                                                               \
        memset((box).before, OUT_GUARD_FILL, OUT_GUARD_BYTES);         \
        memset((box).after, OUT_GUARD_FILL, OUT_GUARD_BYTES);          \
        out_guard_poison((box).before, (box).after, 1);                \
    } while (0)

static inline int out_guard_damage_of(const unsigned char *before, const unsigned char *after)
{
    int damaged = 0;
    for (int i = 0; i < OUT_GUARD_BYTES; i++)
        damaged += (before[i] != OUT_GUARD_FILL) + (after[i] != OUT_GUARD_FILL);
    return damaged;
}

/* Unpoison (after the call) and count the guard bytes that changed. */
#define OUT_GUARD_DISARM(box) \
    (out_guard_poison((box).before, (box).after, 0), out_guard_damage_of((box).before, (box).after))

#endif /* CHECKER_OUT_GUARD_H */
