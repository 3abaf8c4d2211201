/* ik_chain_shims.h - the replay shim of a chain solver, shared by 05 and
 * 06 (checker/classroom/shims.h): the chain is in and out. */
#ifndef CHECKER_SECTIONS_IK_CHAIN_SHIMS_H
#define CHECKER_SECTIONS_IK_CHAIN_SHIMS_H

static inline void chain_region(const ik_chain *chain, size_t *bytes)
{
    *bytes = chain ? sizeof chain->joint_count + (size_t)clamp_count(chain->joint_count, IK_CHAIN_MAX_JOINTS) *
                                                     sizeof chain->joints[0]
                   : 0;
}

#define CHAIN_SHIM(name)                                                                                   \
    int name(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)                 \
    {                                                                                                      \
        static replay_call c;                                                                              \
        size_t bytes;                                                                                      \
        chain_region(chain, &bytes);                                                                       \
        replay_begin(&c, #name);                                                                           \
        replay_in(&c, chain, bytes);                                                                       \
        IN_VALUE(&c, target);                                                                              \
        IN(&c, settings);                                                                                  \
        replay_word(&c, report != NULL);                                                                   \
        replay_out(&c, chain, bytes);                                                                      \
        OUT(&c, report);                                                                                   \
        VALUE_RESULT(int, &c, REF(name(chain, target, settings, report)));                                 \
    }

#endif
