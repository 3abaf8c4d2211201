/* diagnosis.c - a diagnosis's id, advice and sections, from diagnoses.def. */
#include "diagnosis.h"
#include "messages.h"

static const struct {
    const char *id;
    msg_id advice;
    const char *sections;
} DIAGNOSES[DIAG_COUNT] = {
    [DIAG_NONE] = {"-", MSG_COUNT, ""},
#define DIAGNOSIS(name, id, sections, th, en) [DIAG_##name] = {id, MSG_ADVICE_##name, sections},
#include "diagnoses.def"
#undef DIAGNOSIS
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
    return (d > 0 && d < DIAG_COUNT) ? DIAGNOSES[d].sections : "";
}
