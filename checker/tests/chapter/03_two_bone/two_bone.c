/* Port of chapter section 5, TwoBoneIK.Solve (the static closed-form
 * solver: 0.0001 distance margin, Acos of the clamped cosine, bendAxis =
 * Cross(dirToTarget, dirToPole) with the Vector3.up fallback, AngleAxis,
 * mid = root + dirToMid * lenUpper, tip = root + dirToTarget * dist). */
#include "two_bone.h"

#include <math.h>
#include <stddef.h>

/* Unity's Mathf.Clamp, as the chapter calls it: min is tested first. */
static float mathf_clamp(float value, float min, float max)
{
    if (value < min)
        value = min;
    else if (value > max)
        value = max;
    return value;
}

two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    /* Not from the chapter: two_bone.h's validation of bad input. */
    if (in == NULL || out == NULL) {
        if (out != NULL)
            out->mid = out->tip = v3_zero();
        return TWO_BONE_INVALID;
    }
    if (!v3_in_world(in->root) || !v3_in_world(in->target) || !v3_in_world(in->pole) ||
        !ik_in_world(in->len_upper) || !ik_in_world(in->len_lower) || !(in->len_upper > 0.0f) ||
        !(in->len_lower > 0.0f)) {
        vec3 r = v3_in_world(in->root) ? in->root : v3_zero();
        out->mid = out->tip = r;
        return TWO_BONE_INVALID;
    }

    vec3 root = in->root, target = in->target, pole = in->pole;
    float lenUpper = in->len_upper, lenLower = in->len_lower;

    vec3 toTarget = v3_sub(target, root);          /* chapter: Vector3 toTarget = target - root; */
    float rawDist = v3_length(toTarget);           /* chapter: float rawDist = toTarget.magnitude; */

    float maxReach = lenUpper + lenLower;          /* chapter: float maxReach = lenUpper + lenLower; */
    float minReach = fabsf(lenUpper - lenLower);   /* chapter: float minReach = Mathf.Abs(lenUpper - lenLower); */
    /* chapter: float dist = Mathf.Clamp(rawDist, minReach + 0.0001f, maxReach - 0.0001f); */
    float dist = mathf_clamp(rawDist, minReach + 0.0001f, maxReach - 0.0001f);

    vec3 dirToTarget = v3_normalize(toTarget);     /* chapter: Vector3 dirToTarget = toTarget.normalized; */

    /* chapter: float cosRootAngle = (lenUpper * lenUpper + dist * dist - lenLower * lenLower)
     *                               / (2f * lenUpper * dist); */
    float cosRootAngle = (lenUpper * lenUpper + dist * dist - lenLower * lenLower) / (2.0f * lenUpper * dist);
    /* chapter: float rootAngle = Mathf.Acos(Mathf.Clamp(cosRootAngle, -1f, 1f)); */
    float rootAngle = acosf(mathf_clamp(cosRootAngle, -1.0f, 1.0f));

    vec3 dirToPole = v3_normalize(v3_sub(pole, root));   /* chapter: Vector3 dirToPole = (pole - root).normalized; */
    vec3 bendAxis = v3_cross(dirToTarget, dirToPole);    /* chapter: Vector3 bendAxis = Vector3.Cross(dirToTarget, dirToPole); */
    if (v3_length_sq(bendAxis) < 0.000001f)              /* chapter: if (bendAxis.sqrMagnitude < 0.000001f) */
        bendAxis = v3_cross(dirToTarget, v3_up());       /* chapter: bendAxis = Vector3.Cross(dirToTarget, Vector3.up); */
    bendAxis = v3_normalize(bendAxis);                   /* chapter: bendAxis.Normalize(); */

    /* chapter: Quaternion rot = Quaternion.AngleAxis(rootAngle * Mathf.Rad2Deg, bendAxis);
     * (degrees there, radians here) */
    quat rot = quat_from_axis_angle(bendAxis, rootAngle);
    vec3 dirToMid = quat_rotate(rot, dirToTarget);      /* chapter: Vector3 dirToMid = rot * dirToTarget; */

    out->mid = v3_add(root, v3_scale(dirToMid, lenUpper));   /* chapter: mid = root + dirToMid * lenUpper; */
    out->tip = v3_add(root, v3_scale(dirToTarget, dist));    /* chapter: tip = root + dirToTarget * dist; */

    /* Not from the chapter: the status two_bone.h asks for. */
    if (rawDist > maxReach)
        return TWO_BONE_TOO_FAR;
    if (rawDist < minReach)
        return TWO_BONE_TOO_CLOSE;
    return TWO_BONE_REACHED;
}
