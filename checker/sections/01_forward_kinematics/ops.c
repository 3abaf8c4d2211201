/* 01 forward kinematics: runner side. */
#include "forward_kinematics.h"
#include "protocol.h"
#include "sections/01_forward_kinematics/ops.h"

#include <string.h>

/* Slack past FK_MAX_BONES: a solution that ignores the count limit reads
 * and writes harmless memory here instead of crashing the whole check. */
#define SLACK 8

static void call_fk(const void *request, void *response)
{
    const fk_request *rq = request;
    fk_response *rs = response;
    fk_bone bones[FK_MAX_BONES + SLACK];
    fk_transform world[FK_MAX_BONES + SLACK];
    memset(bones, 0, sizeof bones);
    memcpy(bones, rq->bones, sizeof rq->bones);
    for (int i = 0; i < FK_MAX_BONES + SLACK; i++) {
        world[i].position = v3(FK_SENTINEL, FK_SENTINEL, FK_SENTINEL);
        world[i].rotation = q4(FK_SENTINEL, FK_SENTINEL, FK_SENTINEL, FK_SENTINEL);
    }
    rs->compute_status = (int)fk_compute_world(bones, rq->count, world);
    rs->bad_bone = -7;
    rs->validate_status = (int)fk_validate(bones, rq->count, &rs->bad_bone);
    memcpy(rs->world, world, sizeof rs->world);
}

const runner_op RUNNER_OPS[] = {
    {OP_FK, sizeof(fk_request), sizeof(fk_response), call_fk},
};
const size_t RUNNER_OP_COUNT = sizeof RUNNER_OPS / sizeof RUNNER_OPS[0];
