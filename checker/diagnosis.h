/* diagnosis.h - the mistakes the checker can name.
 *
 * Every id here is proven by a deliberately buggy solution under
 * checker/tests/buggy/<id>/ that triggers exactly this diagnosis and no
 * other (make test checks it). Adding an id means adding its proof. */
#ifndef CHECKER_DIAGNOSIS_H
#define CHECKER_DIAGNOSIS_H

typedef enum {
    DIAG_NONE = 0,
    DIAG_DEGREES,           /* returned degrees where radians belong */
    DIAG_BEND_FOR_INTERIOR, /* pi - answer: bend angle vs interior angle */
    DIAG_NAN_ACOS,          /* NaN from acos of a cosine outside [-1, 1] */
    DIAG_DISTANCE_MARGIN,   /* distance clamped by a margin: ~178.4 deg at full reach */
    DIAG_POLE_SIDE,         /* middle joint bent away from the pole */
    DIAG_BONE_LENGTH,       /* a bone changed length */
    DIAG_ROOT_DRIFT,        /* the fixed root moved */
    DIAG_MULTIPLY_ORDER,    /* FK: local * parent instead of parent * local */
    DIAG_SMALLER_DEFICIT,   /* foot IK: hip drop from the smaller of the two deficits */
    DIAG_POLE_LEFT_BEHIND,  /* foot IK: knee pole not moved down with the hip drop */
    DIAG_CCD_ORDER,         /* CCD pass visits the joints root -> tip */
    DIAG_CCD_DIRECTION,     /* CCD swings target onto tip (the inverse) */
    DIAG_CCD_LENGTH_RESTORE, /* CCD without the per-pass length restore */
    DIAG_FABRIK_BACKWARD_LAST, /* FABRIK pass ends on a backward sweep: sweeps swapped or no root reset */
    DIAG_COINCIDENT_JOINTS, /* a bone collapsed: no fallback where two points coincide */
    DIAG_UP_FALLBACK,       /* two-bone: the chapter's Vector3.up fallback, itself on a vertical line */
    DIAG_TARGET_ON_ROOT,    /* two-bone: the chapter's normalized zero vector, target on the root */
    DIAG_LERP_CLAMPED,      /* FABRIK: Unity's Vector3.Lerp clamps lambda to 1, bones shrink */
    DIAG_WEIGHT_JUMP,       /* foot IK: the chapter's weight set to 0 or 1 at once, no fade */
    DIAG_DELTA_NOT_TURNED,  /* root motion: the clip's delta added in world axes, not turned by the yaw */
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
