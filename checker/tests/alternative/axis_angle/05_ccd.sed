# Alternative correct solution (CCD swinging by atan2 angle and axis instead of quat_from_to, another restore fallback); must pass every check of 05_ccd on many seeds.
# Applied to solutions/05_ccd/ like the buggy/ scripts.
/@snippet ccd_solve/,/@end ccd_solve/c\
    /* @snippet ccd_solve */\
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)\
        return ik_reject(report);\
    /* swing as an angle (atan2 of |a x b| and a . b) about the normalized\
     * cross product, not quat_from_to; restore falls back to the bone\
     * before, not +y */\
    const int tip = chain->joint_count - 1;\
    vec3 *j = chain->joints;\
    float rest[IK_CHAIN_MAX_JOINTS - 1], reach = 0.0f;\
    for (int i = 0; i < tip; i++) {\
        rest[i] = v3_length(v3_sub(j[i + 1], j[i]));\
        reach += rest[i];\
    }\
    const int unreachable = v3_length(v3_sub(target, j[0])) > reach;\
    float error = v3_length(v3_sub(target, j[tip]));\
    report->initial_error = error;\
    int passes;\
    for (passes = 0; passes < settings->max_passes; passes++) {\
        if (error < settings->tolerance)\
            break;\
        for (int i = tip - 1; i >= 0; i--) {\
            vec3 a = v3_sub(j[tip], j[i]), b = v3_sub(target, j[i]);\
            vec3 axis = v3_cross(a, b);\
            float angle = atan2f(v3_length(axis), v3_dot(a, b));\
            if (v3_length_sq(axis) <= 1e-30f || angle == 0.0f)\
                continue;\
            quat q = quat_from_axis_angle(axis, angle);\
            for (int k = i + 1; k <= tip; k++)\
                j[k] = v3_add(j[i], quat_rotate(q, v3_sub(j[k], j[i])));\
        }\
        vec3 before = v3_up();\
        for (int k = 1; k <= tip; k++) {\
            vec3 d = v3_normalize_or(v3_sub(j[k], j[k - 1]), before);\
            before = d;\
            j[k] = v3_add(j[k - 1], v3_scale(d, rest[k - 1]));\
        }\
        error = v3_length(v3_sub(target, j[tip]));\
        report->tip_error[passes] = error;\
    }\
    report->passes = passes;\
    report->status = error < settings->tolerance ? IK_REACHED : unreachable ? IK_UNREACHABLE : IK_NOT_REACHED;\
    return passes;\
    /* @end ccd_solve */
