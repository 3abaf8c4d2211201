/* diagnosis.h - the mistakes the checker can name, listed with their
 * advice and sections in diagnoses.def. */
#ifndef CHECKER_DIAGNOSIS_H
#define CHECKER_DIAGNOSIS_H

typedef enum {
    DIAG_NONE = 0,
#define DIAGNOSIS(name, id, sections, th, en) DIAG_##name,
#include "diagnoses.def"
#undef DIAGNOSIS
    DIAG_COUNT
} diagnosis;

/* Stable machine id ("degrees", "pole_side", ...) used in results files
 * and as the folder name of the buggy solution that proves it. */
const char *diagnosis_id(diagnosis d);
/* What went wrong and what to do, for the student (Thai, chapter terms
 * in English). */
const char *diagnosis_advice(diagnosis d);
/* The advice's message id (MSG_COUNT for DIAG_NONE), as an int so this
 * header needs no messages.h. */
int diagnosis_advice_id(diagnosis d);
/* The sections whose checks can name it, space separated ("" when none is
 * listed): each has its proof checker/tests/buggy/<id>/<slug>.sed, and
 * make test-sections fails when the two disagree. */
const char *diagnosis_sections(diagnosis d);

#endif
