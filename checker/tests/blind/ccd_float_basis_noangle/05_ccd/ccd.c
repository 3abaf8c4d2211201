/* CCD in float with no angle at all: each joint's turn is a 3x3 matrix from
 * the unit directions (cos = dot, sin = |cross|, axis = cross), applied to the
 * bone vectors beyond the joint, chained back up at their cached rest lengths
 * (no float creep). A joint->tip or joint->target under 1e-6 m has no
 * direction: that joint is skipped (the header leaves it to the solver).
 * Status: within tolerance first, then strictly beyond reach. */
#include "ccd.h"

typedef struct { vec3 r0, r1, r2; } mat3; /* rows */

static vec3 m3_apply(const mat3 *m, vec3 v) { return v3(v3_dot(m->r0, v), v3_dot(m->r1, v), v3_dot(m->r2, v)); }

/* Rotation taking direction a onto direction b; 0 when either has none. */
static int aim_matrix(vec3 a, vec3 b, mat3 *m)
{
    if (!(v3_length_sq(a) > IK_EPSILON_SQ) || !(v3_length_sq(b) > IK_EPSILON_SQ))
        return 0;
    vec3 u = v3_normalize(a), v = v3_normalize(b);
    float c = v3_dot(u, v);
    vec3 w = v3_cross(u, v);
    w = v3_sub(w, v3_scale(u, v3_dot(w, u))); /* keep the axis square to u */
    float s = v3_length(w);
    vec3 k;
    if (c < 0.0f && s < 1e-6f) {
        k = v3_any_perpendicular(u); /* opposite: half turn, any axis */
        c = -1.0f;
        s = 0.0f;
    } else if (s == 0.0f) {
        return 0; /* exactly aligned: the identity */
    } else {
        k = v3_scale(w, 1.0f / s);
        float h = sqrtf(c * c + s * s);
        c /= h;
        s /= h;
    }
    /* 1 - cos without cancellation near cos = 1 */
    float t = c > 0.0f ? s * s / (1.0f + c) : 1.0f - c;
    m->r0 = v3(c + t * k.x * k.x, t * k.x * k.y - s * k.z, t * k.x * k.z + s * k.y);
    m->r1 = v3(t * k.y * k.x + s * k.z, c + t * k.y * k.y, t * k.y * k.z - s * k.x);
    m->r2 = v3(t * k.z * k.x - s * k.y, t * k.z * k.y + s * k.x, c + t * k.z * k.z);
    return 1;
}

int ccd_solve(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)
{
    ik_input_error problem = ik_validate(chain, target, settings, report);
    if (problem != IK_INPUT_OK)
        return ik_reject(report);

    const int last = chain->joint_count - 1;
    vec3 *j = chain->joints;
    const float tolerance = settings->tolerance;
    const int out_of_reach = v3_distance(target, j[0]) > ik_chain_reach(chain);
    float rest[IK_CHAIN_MAX_JOINTS];
    for (int i = 0; i < last; i++)
        rest[i] = v3_distance(j[i], j[i + 1]);

    report->initial_error = v3_distance(j[last], target);
    float error = report->initial_error;
    int pass = 0;
    while (pass < settings->max_passes) {
        if (error < tolerance)
            break;
        for (int i = last - 1; i >= 0; i--) {
            mat3 m;
            if (!aim_matrix(v3_sub(j[last], j[i]), v3_sub(target, j[i]), &m))
                continue;
            vec3 old_prev = j[i];
            for (int k = i + 1; k <= last; k++) {
                vec3 bone = v3_sub(j[k], old_prev);
                old_prev = j[k];
                vec3 turned = v3_normalize_or(m3_apply(&m, bone), bone);
                j[k] = v3_add(j[k - 1], v3_scale(turned, rest[k - 1]));
            }
        }
        error = v3_distance(j[last], target);
        report->tip_error[pass] = error;
        pass++;
    }

    report->passes = pass;
    report->status = error < tolerance ? IK_REACHED : out_of_reach ? IK_UNREACHABLE : IK_NOT_REACHED;
    return pass;
}
