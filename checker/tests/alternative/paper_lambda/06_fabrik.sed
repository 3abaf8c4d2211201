# Alternative correct solution (FABRIK in the paper's lambda form, +x fallback where two points coincide); must pass every check of 06_fabrik on many seeds.
# Applied to solutions/06_fabrik/ like the buggy/ scripts.
# the reference's named steps go with its body (unused, they would not compile with -Werror)
/@snippet fabrik_steps/,/@end fabrik_steps/d
/@snippet fabrik_solve/,/@end fabrik_solve/c\
    /* @snippet fabrik_solve */\
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)\
        return ik_reject(report);\
    /* the FABRIK paper's form: lambda = d_i / r_i, p = (1 - lambda) a +\
     * lambda b; where two points coincide, another fallback than the\
     * reference's: a fixed direction perpendicular-ish to nothing (+x) */\
    const int tip = chain->joint_count - 1;\
    vec3 *p = chain->joints;\
    const vec3 root = p[0];\
    float d[IK_CHAIN_MAX_JOINTS - 1], reach = 0.0f;\
    for (int i = 0; i < tip; i++) {\
        d[i] = v3_length(v3_sub(p[i + 1], p[i]));\
        reach += d[i];\
    }\
    float error = v3_length(v3_sub(p[tip], target));\
    report->initial_error = error;\
    if (v3_length(v3_sub(target, root)) > reach) {\
        for (int i = 0; i < tip; i++) {\
            float r = v3_length(v3_sub(target, p[i]));\
            float lambda = d[i] / r;\
            p[i + 1] = v3_add(v3_scale(p[i], 1.0f - lambda), v3_scale(target, lambda));\
        }\
        error = v3_length(v3_sub(p[tip], target));\
        report->tip_error[0] = error;\
        report->passes = 1;\
        report->status = IK_UNREACHABLE;\
        return 1;\
    }\
    int passes = 0;\
    while (passes < settings->max_passes && !(error < settings->tolerance)) {\
        p[tip] = target;\
        for (int i = tip - 1; i >= 0; i--) {\
            float r = v3_length(v3_sub(p[i + 1], p[i]));\
            if (r < 1e-6f * d[i]) {\
                p[i] = v3_add(p[i + 1], v3_scale(v3(1.0f, 0.0f, 0.0f), d[i]));\
                continue;\
            }\
            float lambda = d[i] / r;\
            p[i] = v3_add(v3_scale(p[i + 1], 1.0f - lambda), v3_scale(p[i], lambda));\
        }\
        p[0] = root;\
        for (int i = 0; i < tip; i++) {\
            float r = v3_length(v3_sub(p[i + 1], p[i]));\
            if (r < 1e-6f * d[i]) {\
                p[i + 1] = v3_add(p[i], v3_scale(v3(1.0f, 0.0f, 0.0f), d[i]));\
                continue;\
            }\
            float lambda = d[i] / r;\
            p[i + 1] = v3_add(v3_scale(p[i], 1.0f - lambda), v3_scale(p[i + 1], lambda));\
        }\
        error = v3_length(v3_sub(p[tip], target));\
        report->tip_error[passes] = error;\
        passes++;\
    }\
    report->passes = passes;\
    report->status = error < settings->tolerance ? IK_REACHED : IK_NOT_REACHED;\
    return passes;\
    /* @end fabrik_solve */
