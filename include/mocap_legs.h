/* mocap_legs.h - the legs of the workbook's motion-capture clip (CMU 131_01,
 * checker/data/mocap/), posed by forward kinematics: written once for section
 * 07's checks on the real clip (checker/sections/07_foot_ik/suite.c) and the
 * closing scene (plots/scene.c), so both read the clip the same way.
 *
 * Not part of any exercise. Header-only (static inline) because it calls
 * section 01's fk_compute_world and fills section 07's foot_leg: whoever
 * includes it has solutions/01_forward_kinematics and solutions/07_foot_ik
 * on the include path and links section 01's reference.
 */
#ifndef MOCAP_LEGS_H
#define MOCAP_LEGS_H

#include <stdlib.h>

#include "bvh.h"
#include "foot_ik.h"
#include "forward_kinematics.h"
#include "ikmath.h"

/* Both legs of the clip's skeleton. */
typedef struct {
    int joint[FOOT_COUNT][3];                  /* joint indices: hip (the thigh's root), knee, ankle */
    float thigh[FOOT_COUNT], shin[FOOT_COUNT]; /* rest lengths hip -> knee and knee -> ankle, metres */
} mocap_legs;

/* Finds both legs by the CMU joint names and measures their rest lengths.
 * Returns 0 when a joint is missing (legs then partly filled). */
static inline int mocap_find_legs(const bvh_skeleton *skeleton, mocap_legs *legs)
{
    static const char *const NAMES[FOOT_COUNT][3] = {{"LeftHip", "LeftKnee", "LeftAnkle"},
                                                     {"RightHip", "RightKnee", "RightAnkle"}};
    for (int f = 0; f < FOOT_COUNT; f++) {
        for (int j = 0; j < 3; j++)
            legs->joint[f][j] = bvh_find_joint(skeleton, NAMES[f][j]);
        if (legs->joint[f][0] < 0 || legs->joint[f][1] < 0 || legs->joint[f][2] < 0)
            return 0;
        /* Rest lengths: a joint's OFFSET from its parent never changes. */
        legs->thigh[f] = v3_length(skeleton->joints[legs->joint[f][1]].offset) * BVH_CMU_METRES_PER_UNIT;
        legs->shin[f] = v3_length(skeleton->joints[legs->joint[f][2]].offset) * BVH_CMU_METRES_PER_UNIT;
    }
    return 1;
}

/* Forward kinematics of one frame: world[0 .. joint_count - 1] in the clip's
 * space (its floor y = 0, Y up), positions in metres. Returns 0 for a frame
 * out of range or a skeleton larger than FK_MAX_BONES. */
static inline int mocap_pose_frame(const bvh_file *file, int frame, fk_transform *world)
{
    bvh_local local[BVH_MAX_JOINTS];
    int n = bvh_frame_local(file, frame, local, BVH_MAX_JOINTS);
    if (n < 1 || n > FK_MAX_BONES)
        return 0;
    fk_bone bones[FK_MAX_BONES];
    for (int i = 0; i < n; i++)
        bones[i] = (fk_bone){local[i].parent, local[i].local_offset, local[i].local_rotation};
    if (fk_compute_world(bones, n, world) != FK_OK)
        return 0;
    for (int i = 0; i < n; i++)
        world[i].position = v3_scale(world[i].position, BVH_CMU_METRES_PER_UNIT);
    return 1;
}

/* A knee pole for an animated leg (positions in one space, metres): 0.5 m
 * out from the hip-ankle line through the animated knee, so a solved knee
 * bends the way the clip bent it; toward `straight` when the leg is
 * straight (the knee within 1 mm of the line). */
static inline vec3 mocap_knee_pole(vec3 hip, vec3 knee, vec3 ankle, vec3 straight)
{
    vec3 axis = v3_normalize_or(v3_sub(ankle, hip), v3_neg(v3_up()));
    vec3 along = v3_add(hip, v3_scale(axis, v3_dot(v3_sub(knee, hip), axis)));
    vec3 bend = v3_sub(knee, along);
    vec3 out = v3_length(bend) > 1e-3f ? v3_normalize(bend) : straight;
    return v3_add(knee, v3_scale(out, 0.5f));
}

static inline int mocap_compare_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The median of values[0 .. n - 1] (n >= 1): the middle one, values[n / 2],
 * after sorting them in place. */
static inline float mocap_median(float *values, int n)
{
    qsort(values, (size_t)n, sizeof values[0], mocap_compare_float);
    return values[n / 2];
}

#endif /* MOCAP_LEGS_H */
