/* shims.c - 02_law_of_cosines's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "law_of_cosines.h"
#include "shims.h"

#define ANGLE_SHIM(name)                                                                                   \
    float name(float len_upper, float len_lower, float dist)                                               \
    {                                                                                                      \
        static replay_call c;                                                                              \
        replay_begin(&c, #name);                                                                           \
        IN_VALUE(&c, len_upper);                                                                           \
        IN_VALUE(&c, len_lower);                                                                           \
        IN_VALUE(&c, dist);                                                                                \
        VALUE_RESULT(float, &c, REF(name(len_upper, len_lower, dist)));                                    \
    }
ANGLE_SHIM(elbow_interior_angle)
ANGLE_SHIM(shoulder_angle)
ANGLE_SHIM(elbow_bend_angle)
