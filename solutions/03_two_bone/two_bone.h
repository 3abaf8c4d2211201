/* 03 Two-bone IK (chapter section 5).
 *
 * Closed-form solve for a two-bone limb (shoulder-elbow-hand, hip-knee-
 * foot): given the fixed root, the target for the tip, a pole position
 * that says which way the middle joint bends, and the two rest-pose bone
 * lengths, compute where the middle joint and the tip go.
 *
 * The solve works with positions, not angles: the rig then points its bones
 * at them (section 04). The angles come from section 02's functions, which
 * this section may call.
 */
#ifndef TWO_BONE_H
#define TWO_BONE_H

#include "ikmath.h"
#include "../02_law_of_cosines/law_of_cosines.h"

/* World space: +Y up, +Z forward, metres, as everywhere in the workbook. */
typedef struct {
    vec3 root;        /* shoulder / hip, world space, metres: never moved */
    vec3 target;      /* where the tip should end up, world space, metres */
    vec3 pole;        /* hint, world space, metres: the middle joint bends toward this point */
    float len_upper;  /* rest length root -> mid, metres, cached once, > 0 */
    float len_lower;  /* rest length mid -> tip, metres, > 0 */
} two_bone_input;

typedef struct {
    vec3 mid;         /* elbow / knee, world space, metres */
    vec3 tip;         /* hand / foot, world space, metres */
} two_bone_output;

typedef enum {
    TWO_BONE_REACHED = 0,   /* tip is on the target */
    TWO_BONE_TOO_FAR,       /* target beyond L1 + L2: straight arm aimed at it */
    TWO_BONE_TOO_CLOSE,     /* target nearer than |L1 - L2|: folded arm */
    TWO_BONE_INVALID        /* bad input: out->mid and out->tip = root */
} two_bone_status;

static inline const char *two_bone_status_text(two_bone_status s)
{
    switch (s) {
    case TWO_BONE_REACHED: return "reached";
    case TWO_BONE_TOO_FAR: return "target out of reach: arm straightened toward it";
    case TWO_BONE_TOO_CLOSE: return "target too close to the root: arm folded";
    case TWO_BONE_INVALID: return "invalid input (NULL, NaN/inf or beyond IK_WORLD_LIMIT, or bone length <= 0)";
    }
    return "unknown status";
}

/* Solves the limb. Bad input (NULL, NaN/inf, a coordinate or length beyond
 * IK_WORLD_LIMIT, a bone length <= 0) returns TWO_BONE_INVALID and, when
 * out is not NULL, sets both joints to the root (the origin if the root
 * itself is bad).
 * A target at the root or a pole on the root->target line is not an error:
 * the solver picks a fallback direction (any one: the checks accept every
 * direction) and still keeps both lengths. A pole within about 1e-4 rad of
 * the line may be taken as on it (its side is lost in float rounding).
 * Beyond L1 + L2 the arm is straight, aimed at the target; nearer than
 * |L1 - L2| it is folded flat: the elbow on the root->target line (the
 * checks allow a 0.5 degree bend, float rounding of a clamped cosine).
 * Exactly at a limit either status is right. Clamp D to exactly
 * [|L1 - L2|, L1 + L2]: the chapter's listing clamps it to
 * [minReach + 0.0001, maxReach - 0.0001], which bends a straight arm by
 * about a degree and leaves the hand 0.1 mm short - the workbook asks for
 * the exact limits (clamp the cosine into [-1, 1] as well).
 * Answers are checked for limbs from 1 mm to 1 km long (a game's sizes);
 * at other sizes only the bad-input rules above are. */
two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out);

#endif /* TWO_BONE_H */
