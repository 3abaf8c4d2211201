/* diagnosis.c - ids of the named mistakes and where their advice lives in
 * the message catalogue. */
#include "diagnosis.h"
#include "messages.h"

static const struct {
    const char *id;
    msg_id advice;
} DIAGNOSES[DIAG_COUNT] = {
    [DIAG_NONE] = {"-", MSG_COUNT},
    [DIAG_DEGREES] = {"degrees", MSG_ADVICE_DEGREES},
    [DIAG_BEND_FOR_INTERIOR] = {"bend_for_interior", MSG_ADVICE_BEND_FOR_INTERIOR},
    [DIAG_NAN_ACOS] = {"nan_acos", MSG_ADVICE_NAN_ACOS},
    [DIAG_DISTANCE_MARGIN] = {"distance_margin", MSG_ADVICE_DISTANCE_MARGIN},
    [DIAG_POLE_SIDE] = {"pole_side", MSG_ADVICE_POLE_SIDE},
    [DIAG_BONE_LENGTH] = {"bone_length", MSG_ADVICE_BONE_LENGTH},
    [DIAG_ROOT_DRIFT] = {"root_drift", MSG_ADVICE_ROOT_DRIFT},
    [DIAG_MULTIPLY_ORDER] = {"multiply_order", MSG_ADVICE_MULTIPLY_ORDER},
    [DIAG_SMALLER_DEFICIT] = {"smaller_deficit", MSG_ADVICE_SMALLER_DEFICIT},
    [DIAG_POLE_LEFT_BEHIND] = {"pole_left_behind", MSG_ADVICE_POLE_LEFT_BEHIND},
    [DIAG_CCD_ORDER] = {"ccd_order", MSG_ADVICE_CCD_ORDER},
    [DIAG_CCD_DIRECTION] = {"ccd_direction", MSG_ADVICE_CCD_DIRECTION},
    [DIAG_CCD_LENGTH_RESTORE] = {"ccd_length_restore", MSG_ADVICE_CCD_LENGTH_RESTORE},
    [DIAG_FABRIK_BACKWARD_LAST] = {"fabrik_backward_last", MSG_ADVICE_FABRIK_BACKWARD_LAST},
    [DIAG_COINCIDENT_JOINTS] = {"coincident_joints", MSG_ADVICE_COINCIDENT_JOINTS},
    [DIAG_UP_FALLBACK] = {"up_fallback", MSG_ADVICE_UP_FALLBACK},
    [DIAG_TARGET_ON_ROOT] = {"target_on_root", MSG_ADVICE_TARGET_ON_ROOT},
    [DIAG_LERP_CLAMPED] = {"lerp_clamped", MSG_ADVICE_LERP_CLAMPED},
    [DIAG_WEIGHT_JUMP] = {"weight_jump", MSG_ADVICE_WEIGHT_JUMP},
    [DIAG_DELTA_NOT_TURNED] = {"delta_not_turned", MSG_ADVICE_DELTA_NOT_TURNED},
};

/* Where each is proven (checker/tests/buggy/<id>/<slug>.sed); designated,
 * so a new diagnosis missing here is an empty list that
 * checker/tests/test_sections.sh names, not a compile error. */
static const char *const SECTIONS_OF[DIAG_COUNT] = {
    [DIAG_DEGREES] = "02_law_of_cosines",
    [DIAG_BEND_FOR_INTERIOR] = "02_law_of_cosines",
    [DIAG_NAN_ACOS] = "02_law_of_cosines",
    [DIAG_DISTANCE_MARGIN] = "02_law_of_cosines 03_two_bone",
    [DIAG_POLE_SIDE] = "03_two_bone 04_pole_vector",
    [DIAG_BONE_LENGTH] = "03_two_bone 05_ccd 06_fabrik 07_foot_ik 08_aim_ik",
    [DIAG_ROOT_DRIFT] = "05_ccd",
    [DIAG_MULTIPLY_ORDER] = "01_forward_kinematics",
    [DIAG_SMALLER_DEFICIT] = "07_foot_ik",
    [DIAG_POLE_LEFT_BEHIND] = "07_foot_ik",
    [DIAG_CCD_ORDER] = "05_ccd",
    [DIAG_CCD_DIRECTION] = "05_ccd",
    [DIAG_CCD_LENGTH_RESTORE] = "05_ccd",
    [DIAG_FABRIK_BACKWARD_LAST] = "06_fabrik",
    [DIAG_COINCIDENT_JOINTS] = "06_fabrik",
    [DIAG_UP_FALLBACK] = "03_two_bone",
    [DIAG_TARGET_ON_ROOT] = "03_two_bone",
    [DIAG_LERP_CLAMPED] = "06_fabrik",
    [DIAG_WEIGHT_JUMP] = "07_foot_ik",
    [DIAG_DELTA_NOT_TURNED] = "09_root_motion",
};

const char *diagnosis_id(diagnosis d)
{
    return (d >= 0 && d < DIAG_COUNT) ? DIAGNOSES[d].id : "?";
}

const char *diagnosis_advice(diagnosis d)
{
    return (d > 0 && d < DIAG_COUNT) ? msg(DIAGNOSES[d].advice) : "";
}

int diagnosis_advice_id(diagnosis d)
{
    return (d > 0 && d < DIAG_COUNT) ? (int)DIAGNOSES[d].advice : (int)MSG_COUNT;
}

const char *diagnosis_sections(diagnosis d)
{
    return (d > 0 && d < DIAG_COUNT && SECTIONS_OF[d]) ? SECTIONS_OF[d] : "";
}
