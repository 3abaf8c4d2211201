/* 01 forward kinematics: runner side. */
#include "forward_kinematics.h"
#include "protocol.h"
#include "sections/01_forward_kinematics/ops.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Under MEMCHECK (AddressSanitizer) everything outside the live elements
 * is poisoned for the call, so a read past either end (bones[count],
 * world[-1]) is reported too, not only a write. Without it the guards
 * below still catch writes: they come back to the checker. This object is
 * built once by make, without the student's MEMCHECK flags, so unless it
 * is itself built with ASan (__SANITIZE_ADDRESS__, SANITIZE=1) it finds
 * the sanitizer at run time: weak references, null when ASan is not
 * linked into the runner. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
void __asan_poison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
#define POISON(p, n) (__asan_poison_memory_region ? __asan_poison_memory_region((p), (n)) : (void)0)
#define UNPOISON(p, n) (__asan_unpoison_memory_region ? __asan_unpoison_memory_region((p), (n)) : (void)0)
#endif

enum { ELEMS = FK_GUARD + FK_MAX_BONES + FK_GUARD };

/* The number of leading elements the call may touch: count when it is a
 * valid one, none otherwise (the header says a bad count is refused before
 * anything is read or written). */
static size_t live_count(int count)
{
    return count >= 1 && count <= FK_MAX_BONES ? (size_t)count : 0;
}

/* AddressSanitizer poisons in 8-byte granules and cannot poison the start
 * of one and not its end: the boundary between the live and the poisoned
 * part must fall on a multiple of 8. Each array sits 0 or 4 bytes into an
 * 8-aligned buffer so that &array[live] does (elements are 4-aligned). */
static size_t shift_for(size_t elem_size, size_t guard, size_t live)
{
    return ((guard + live) * elem_size) % 8;
}

static void call_fk(const void *request, void *response)
{
    const fk_request *rq = request;
    fk_response *rs = response;
    size_t live = live_count(rq->count);
    static _Alignas(8) unsigned char bone_buf[sizeof(fk_bone) * (FK_MAX_BONES + FK_GUARD) + 8];
    static _Alignas(8) unsigned char world_buf[sizeof(fk_transform) * ELEMS + 8];
    UNPOISON(bone_buf, sizeof bone_buf);
    UNPOISON(world_buf, sizeof world_buf);
    memset(bone_buf, 0, sizeof bone_buf);

    /* bones[0..FK_MAX_BONES - 1] as asked, zeros past them: a solution
     * that ignores the count limit reads harmless memory there. */
    size_t bone_shift = (8 - shift_for(sizeof(fk_bone), 0, live)) % 8;
    fk_bone *bones = (fk_bone *)(void *)(bone_buf + bone_shift);
    memcpy(bones, rq->bones, sizeof rq->bones);
    /* Past a valid count, bones no skeleton can have (a parent that is not
     * an earlier bone, NaN everywhere): a loop that reads bones[count]
     * refuses a good skeleton or spreads NaN, visible even without
     * MEMCHECK. A refused count keeps the bones as sent: a solution may
     * look at them before the count (the header fixes no order), and
     * reading what the caller claimed to pass is no fault. */
    if (live > 0)
        for (size_t i = live; i < FK_MAX_BONES + FK_GUARD; i++) {
            bones[i].parent = FK_MAX_BONES + 1000;
            bones[i].local_offset = v3(NAN, NAN, NAN);
            bones[i].local_rotation = q4(NAN, NAN, NAN, NAN);
        }

    size_t world_shift = (8 - shift_for(sizeof(fk_transform), FK_GUARD, live)) % 8;
    fk_transform *all = (fk_transform *)(void *)(world_buf + world_shift);
    for (int i = 0; i < ELEMS; i++) {
        all[i].position = v3(FK_SENTINEL, FK_SENTINEL, FK_SENTINEL);
        all[i].rotation = q4(FK_SENTINEL, FK_SENTINEL, FK_SENTINEL, FK_SENTINEL);
    }
    fk_transform *world = all + FK_GUARD;

    /* Poisoned: the bones past the live ones, the world before world[0]
     * and past the live elements (all of it for a refused count). */
    POISON(bones + live, sizeof bone_buf - bone_shift - live * sizeof(fk_bone));
    POISON(world_buf, world_shift + FK_GUARD * sizeof(fk_transform));
    POISON(world + live, sizeof world_buf - world_shift - (FK_GUARD + live) * sizeof(fk_transform));

    rs->compute_status = (int)fk_compute_world(rq->null_bones ? NULL : bones, rq->count,
                                               rq->null_world ? NULL : world);
    rs->bad_bone = -7;
    rs->validate_status = (int)fk_validate(rq->null_bones ? NULL : bones, rq->count, &rs->bad_bone);

    UNPOISON(bone_buf, sizeof bone_buf);
    UNPOISON(world_buf, sizeof world_buf);
    memcpy(rs->before, all, sizeof rs->before);
    memcpy(rs->world, world, sizeof rs->world);
    memcpy(rs->after, world + FK_MAX_BONES, sizeof rs->after);
}

const runner_op RUNNER_OPS[] = {
    {OP_FK, sizeof(fk_request), sizeof(fk_response), call_fk},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
