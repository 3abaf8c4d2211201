# Alternative correct solution (CCD in double precision inside, its own quaternion math); must pass every check of 05_ccd on many seeds.
# Applied to solutions/05_ccd/ like the buggy/ scripts.
/@snippet ccd_solve/,/@end ccd_solve/c\
    /* @snippet ccd_solve */\
    if (ik_validate(chain, target, settings, report) != IK_INPUT_OK)\
        return ik_reject(report);\
    /* double precision inside: positions in double, floats only on the way out */\
    const int n = chain->joint_count, tip = n - 1;\
    double p[IK_CHAIN_MAX_JOINTS][3], t[3] = {target.x, target.y, target.z}, rest[IK_CHAIN_MAX_JOINTS], reach = 0.0;\
    for (int i = 0; i < n; i++) {\
        p[i][0] = chain->joints[i].x; p[i][1] = chain->joints[i].y; p[i][2] = chain->joints[i].z;\
    }\
    for (int i = 0; i < tip; i++) {\
        double dx = p[i + 1][0] - p[i][0], dy = p[i + 1][1] - p[i][1], dz = p[i + 1][2] - p[i][2];\
        rest[i] = sqrt(dx * dx + dy * dy + dz * dz);\
        reach += rest[i];\
    }\
    double rx = t[0] - p[0][0], ry = t[1] - p[0][1], rz = t[2] - p[0][2];\
    const int unreachable = sqrt(rx * rx + ry * ry + rz * rz) > reach;\
    float error = v3_distance(chain->joints[tip], target);\
    report->initial_error = error;\
    int passes = 0;\
    while (passes < settings->max_passes && !(error < settings->tolerance)) {\
        for (int i = tip - 1; i >= 0; i--) {\
            double a[3], b[3];\
            for (int k = 0; k < 3; k++) { a[k] = p[tip][k] - p[i][k]; b[k] = t[k] - p[i][k]; }\
            double la = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]), lb = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);\
            if (la < 1e-12 || lb < 1e-12)\
                continue;\
            for (int k = 0; k < 3; k++) { a[k] /= la; b[k] /= lb; }\
            double c[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};\
            double w = 1.0 + a[0] * b[0] + a[1] * b[1] + a[2] * b[2];\
            if (w < 1e-12) { /* opposite: half turn about any perpendicular */\
                double h[3] = {fabs(a[0]) < 0.9 ? 1.0 : 0.0, fabs(a[0]) < 0.9 ? 0.0 : 1.0, 0.0};\
                c[0] = a[1] * h[2] - a[2] * h[1]; c[1] = a[2] * h[0] - a[0] * h[2]; c[2] = a[0] * h[1] - a[1] * h[0];\
                w = 0.0;\
            }\
            double qn = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2] + w * w);\
            double qx = c[0] / qn, qy = c[1] / qn, qz = c[2] / qn, qw = w / qn;\
            for (int k = i + 1; k <= tip; k++) {\
                double v[3] = {p[k][0] - p[i][0], p[k][1] - p[i][1], p[k][2] - p[i][2]};\
                double tx = 2.0 * (qy * v[2] - qz * v[1]), ty = 2.0 * (qz * v[0] - qx * v[2]), tz = 2.0 * (qx * v[1] - qy * v[0]);\
                p[k][0] = p[i][0] + v[0] + qw * tx + (qy * tz - qz * ty);\
                p[k][1] = p[i][1] + v[1] + qw * ty + (qz * tx - qx * tz);\
                p[k][2] = p[i][2] + v[2] + qw * tz + (qx * ty - qy * tx);\
            }\
        }\
        for (int k = 1; k <= tip; k++) {\
            double d[3] = {p[k][0] - p[k - 1][0], p[k][1] - p[k - 1][1], p[k][2] - p[k - 1][2]};\
            double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);\
            if (l < 1e-12) { d[0] = 0.0; d[1] = 1.0; d[2] = 0.0; l = 1.0; }\
            for (int j = 0; j < 3; j++)\
                p[k][j] = p[k - 1][j] + d[j] / l * rest[k - 1];\
        }\
        for (int k = 1; k <= tip; k++)\
            chain->joints[k] = v3((float)p[k][0], (float)p[k][1], (float)p[k][2]);\
        error = v3_distance(chain->joints[tip], target);\
        report->tip_error[passes] = error;\
        passes++;\
    }\
    report->passes = passes;\
    report->status = error < settings->tolerance ? IK_REACHED : unreachable ? IK_UNREACHABLE : IK_NOT_REACHED;\
    return passes;\
    /* @end ccd_solve */
