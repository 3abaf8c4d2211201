/* 05's and 06's live glue share this: in joint_count, max_passes,
 * tolerance, target (xyz), joints (xyz each); out status, passes,
 * initial_error, the joints from [3], tip_error from [LIVE_TIP_ERROR]. */
#ifndef LIVE_IK_CHAIN_GLUE_H
#define LIVE_IK_CHAIN_GLUE_H

#include "ik_chain.h"
#include "live_glue.h"

#define LIVE_TIP_ERROR (3 + 3 * IK_CHAIN_MAX_JOINTS)

typedef int (*live_chain_solver)(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report);

static int live_chain_run(live_chain_solver solve)
{
    static ik_chain chain;
    static ik_report report;
    int n = (int)live_in_buf[0];
    /* the page sends 2..8 joints; the bound only keeps the copy in the buffer */
    if (n < 2 || n > IK_CHAIN_MAX_JOINTS)
        n = 2;
    ik_settings settings = {(int)live_in_buf[1], live_in_buf[2]};
    vec3 target = live_v3(3);
    chain.joint_count = n;
    for (int i = 0; i < n; i++)
        chain.joints[i] = live_v3(6 + 3 * i);
    report.status = IK_NOT_REACHED;
    report.passes = 0;
    report.initial_error = 0.0f;
    for (int i = 0; i < IK_MAX_PASSES; i++)
        report.tip_error[i] = __builtin_nanf("");
    live_clear_out();
    int ret = solve(&chain, target, &settings, &report);
    live_out_buf[0] = (float)report.status;
    live_out_buf[1] = (float)report.passes;
    live_out_buf[2] = report.initial_error;
    for (int i = 0; i < n; i++)
        live_put(3 + 3 * i, chain.joints[i]);
    int shown = report.passes < 0 ? 0 : report.passes > IK_MAX_PASSES ? IK_MAX_PASSES : report.passes;
    for (int i = 0; i < shown && LIVE_TIP_ERROR + i < LIVE_OUT_FLOATS; i++)
        live_out_buf[LIVE_TIP_ERROR + i] = report.tip_error[i];
    return ret;
}

#endif /* LIVE_IK_CHAIN_GLUE_H */
