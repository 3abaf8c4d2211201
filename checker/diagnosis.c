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
};

const char *diagnosis_id(diagnosis d)
{
    return (d >= 0 && d < DIAG_COUNT) ? DIAGNOSES[d].id : "?";
}

const char *diagnosis_advice(diagnosis d)
{
    return (d > 0 && d < DIAG_COUNT) ? msg(DIAGNOSES[d].advice) : "";
}
