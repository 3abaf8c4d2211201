# Alternative correct solution (FABRIK in double precision inside, fallback from the pose before the sweep); must pass every check of 06_fabrik on many seeds.
# Applied to solutions/06_fabrik/ like the buggy/ scripts.
# the reference's named steps go with its body (unused, they would not compile with -Werror)
/@snippet fabrik_steps/,/@end fabrik_steps/d
1i\
#include <string.h>
/@snippet fabrik_solve/,/@end fabrik_solve/c\
    /* @snippet fabrik_solve */\
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)\
        return ik_reject(report);\
    /* double precision inside; where two points coincide, fall back to\
     * the direction toward the root (backward) or the tip (forward) of\
     * the pose before the sweep */\
    const int n = chain->joint_count, tip = n - 1;\
    double p[IK_CHAIN_MAX_JOINTS][3], t[3] = {target.x, target.y, target.z}, rest[IK_CHAIN_MAX_JOINTS], reach = 0.0;\
    for (int i = 0; i < n; i++) {\
        p[i][0] = chain->joints[i].x; p[i][1] = chain->joints[i].y; p[i][2] = chain->joints[i].z;\
    }\
    const double r0[3] = {p[0][0], p[0][1], p[0][2]};\
    for (int i = 0; i < tip; i++) {\
        double dx = p[i + 1][0] - p[i][0], dy = p[i + 1][1] - p[i][1], dz = p[i + 1][2] - p[i][2];\
        rest[i] = sqrt(dx * dx + dy * dy + dz * dz);\
        reach += rest[i];\
    }\
    float error = v3_distance(chain->joints[tip], target);\
    report->initial_error = error;\
    double tx = t[0] - r0[0], ty = t[1] - r0[1], tz = t[2] - r0[2], td = sqrt(tx * tx + ty * ty + tz * tz);\
    if (td > reach) {\
        double along = 0.0;\
        for (int k = 1; k <= tip; k++) {\
            along += rest[k - 1];\
            chain->joints[k] = v3((float)(r0[0] + tx / td * along), (float)(r0[1] + ty / td * along), (float)(r0[2] + tz / td * along));\
        }\
        error = v3_distance(chain->joints[tip], target);\
        report->tip_error[0] = error;\
        report->passes = 1;\
        report->status = IK_UNREACHABLE;\
        return 1;\
    }\
    int passes = 0;\
    while (passes < settings->max_passes && !(error < settings->tolerance)) {\
        double old[IK_CHAIN_MAX_JOINTS][3];\
        memcpy(old, p, sizeof old);\
        for (int k = 0; k < 3; k++) p[tip][k] = t[k];\
        for (int i = tip - 1; i >= 0; i--) {\
            double d[3] = {p[i][0] - p[i + 1][0], p[i][1] - p[i + 1][1], p[i][2] - p[i + 1][2]};\
            double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);\
            if (l < 1e-9) {\
                for (int k = 0; k < 3; k++) d[k] = old[i][k] - old[i + 1][k];\
                l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);\
            }\
            for (int k = 0; k < 3; k++) p[i][k] = p[i + 1][k] + d[k] / l * rest[i];\
        }\
        memcpy(old, p, sizeof old);\
        for (int k = 0; k < 3; k++) p[0][k] = r0[k];\
        for (int i = 0; i < tip; i++) {\
            double d[3] = {p[i + 1][0] - p[i][0], p[i + 1][1] - p[i][1], p[i + 1][2] - p[i][2]};\
            double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);\
            if (l < 1e-9) {\
                for (int k = 0; k < 3; k++) d[k] = old[i + 1][k] - old[i][k];\
                l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);\
            }\
            for (int k = 0; k < 3; k++) p[i + 1][k] = p[i][k] + d[k] / l * rest[i];\
        }\
        for (int k = 1; k <= tip; k++)\
            chain->joints[k] = v3((float)p[k][0], (float)p[k][1], (float)p[k][2]);\
        error = v3_distance(chain->joints[tip], target);\
        report->tip_error[passes] = error;\
        passes++;\
    }\
    report->passes = passes;\
    report->status = error < settings->tolerance ? IK_REACHED : IK_NOT_REACHED;\
    return passes;\
    /* @end fabrik_solve */
