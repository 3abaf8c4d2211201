# HOSTILE submission "answer_negative_count": ccd_solve solves honestly, then writes chain->joint_count = -3 into its answer, so a judge that takes the tip as joints[joint_count - 1] of the answer reads checker memory in front of it into its messages.
# Expected outcome: wrong. Applied to solutions/05_ccd/ccd.c by make test.
# Section: 05_ccd
s/^int ccd_solve(/static int honest_ccd_solve(/
$a\
\
int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)\
{\
    int passes = honest_ccd_solve(chain, target, settings, report);\
    if (chain)\
        chain->joint_count = -3;\
    return passes;\
}
