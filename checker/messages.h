/* messages.h - every sentence the checker's own code says, in Thai (the
 * default, with the chapter's English terms) and English (LANG=en or
 * --lang en). One catalogue: no message text lives anywhere else in the
 * driver, the process boundary or the diagnoses. */
#ifndef CHECKER_MESSAGES_H
#define CHECKER_MESSAGES_H

typedef enum {
    MSG_MISSING_FILE,       /* %s src, %s slug, %s source */
    MSG_MISSING_UPLOAD,     /* %s src, %s slug, %s source: an upload without it */
    MSG_UNREADABLE_FILE,    /* %s */
    MSG_NO_COMPILER,        /* %s cc */
    MSG_COMPILE_TIMEOUT,    /* %.1f seconds */
    MSG_COMPILE_LIMITS,     /* %d MiB memory, %d MiB output, %s compiler output */
    MSG_RUNNER_REFUSED,     /* %s file, %s why */
    MSG_LINK_MISSING,       /* %s functions, %s file */
    MSG_COMPILE_ERROR,      /* %s compiler output */
    MSG_INCLUDE_OUTSIDE,    /* %s file, %s included path */
    MSG_NOT_OWN_FILE,       /* %s file */
    MSG_STATUS_DONE,
    MSG_STATUS_FAILING,
    MSG_STATUS_NOT_STARTED,
    MSG_REREAD,             /* %s chapter sections, %s the book's page of the section */
    MSG_MEMCHECK_ON,        /* the student's code was built with the sanitizers */
    MSG_NO_PICTURE,         /* a failing check that recorded no picture */
    MSG_NO_PICTURE_STUB,    /* ... because the graded file is the untouched stub */
    MSG_SEED_IGNORED,       /* %llu the edition's seed, %s the seed asked for */
    MSG_CHECKING_FOLDER,    /* %s folder */
    MSG_PROGRESS,
    MSG_PROGRESS_COUNTS,    /* %zu %zu %zu %zu */
    MSG_FIRST_FAILURE,
    MSG_LEAD_DIAGNOSED,     /* the failure shown names a mistake; an earlier check fails too */
    MSG_NEXT_STEP,          /* %s dir, %s slug, %s source, %s slug */
    MSG_ALL_PASS,
    MSG_ALL_SELECTED_PASS,
    MSG_ROW_NO_COMPILE,
    MSG_ROW_MISSING,
    MSG_GRADE_SUMMARY,      /* %zu sections, %.2f, %.2f */
    MSG_GRADE_PASSED,
    MSG_REPRODUCE_HIDDEN,   /* %s slug */
    MSG_REPRODUCE,          /* %s slug */
    MSG_GRADE_SUMMARY_VISIBLE, /* %zu sections, %.2f, %.2f: the visible tests only */
    MSG_GRADE_UNGRADABLE,   /* %s an expected file */
    MSG_PL_HIDDEN_NAME,     /* %s slug: a section's hidden checks, summarised */
    MSG_PL_HIDDEN_TEXT,     /* %d passed, %d checks, %s slug */
    MSG_PL_NOT_GRADABLE,    /* (none): why a compile error costs no attempt */
    MSG_GRADE_NOT_STARTED,  /* %s/%s the graded file, %.2f its points, %s slug */
    MSG_NO_FOLDER,          /* %s */
    MSG_NO_SECTION,
    MSG_NO_SECTION_NAMED,   /* %s the name given */
    MSG_CANNOT_STAGE,       /* %s work, %s ref */
    MSG_CHECKING_SECTION,   /* %s slug */
    MSG_DEP_MISSING,        /* %s functions, %s deps, %s deps: a link misses functions and a dep has no file */
    MSG_DEP_BROKEN,         /* %s functions, %s deps, %s deps: ... and a dep does not compile */
    MSG_DEP_FIX_FIRST,      /* %s "\n" or "", %s slug, %s failing deps, %s failing deps */
    MSG_SCORE_HEADER,
    MSG_SIG_SEGV,
    MSG_SIG_BUS,
    MSG_SIG_FPE,
    MSG_SIG_ABRT,
    MSG_SIG_XCPU,
    MSG_SIG_KILL,
    MSG_SIG_SYS,
    MSG_SIG_XFSZ,
    MSG_SIG_OTHER,          /* %d */
    MSG_TIMED_OUT,          /* %.1f seconds */
    MSG_BUDGET_SECTION_USED,    /* %.1f seconds */
    MSG_BUDGET_SUBMISSION_USED, /* %.1f seconds */
    MSG_CRASHED,            /* %s signal words */
    MSG_FLOODED,            /* %u bytes */
    MSG_NOT_STARTED,        /* %s runner */
    MSG_GARBAGE,
    MSG_EXITED,             /* %d exit code */
    MSG_AT_CASE,            /* %s what, %zu case, %zu count */
    MSG_PRINTED,            /* %zu bytes, %s output */
    MSG_GIVEN,              /* %s */
    MSG_EXPECTED,           /* %s */
    MSG_GOT,                /* %s */
    MSG_DIAGNOSIS,          /* %s id, %s advice */
    MSG_MEMCHECK,           /* %s kind, %s function, %s file, %d line */
    MSG_MEMCHECK_UNPLACED,  /* %s kind */
    MSG_HINT_NONE,          /* %s slug */
    MSG_HINT_HEADER,        /* %d k, %d n, %s slug */
    MSG_HINT_LAST,          /* %s the folder of the hints' state (build/hints, as the student's folder sees it) */
    MSG_HINT_MORE,          /* %s slug */
    MSG_HINT_FOR,           /* %s the named mistake (diagnosis) the hint was chosen for */
    MSG_HINT_IN_ORDER,      /* the hint is the weakest not shown yet */
    MSG_FIGURE,             /* %s out, %s out */
    MSG_FIGURE_NO_PASSES,   /* %s out, %s out: the student's solver ran no pass on any case */
    MSG_FIGURE_SVG,         /* %s out: grading, which draws SVG only */
    MSG_FIGURE_NO_PASSES_SVG, /* %s out: grading, the student's solver ran no pass */
    MSG_OVERRUN_GIVEN,      /* %s function, %d call, %d calls */
    MSG_NO_OVERRUN,
    MSG_OVERRUN_GOT,        /* %d bytes */
    /* each diagnosis's advice (diagnoses.def) */
#define DIAGNOSIS(name, id, sections, th, en) MSG_ADVICE_##name,
#include "diagnoses.def"
#undef DIAGNOSIS
    /* The checks' own sentences, one file per section
     * (checker/sections/<slug>/messages.def, listed in sections.def):
     * MSG(ID, "thai", "english") lines. */
#define MSG(id, th, en) id,
#define SECTION_MESSAGES
#include "sections.def"
#undef SECTION_MESSAGES
#undef MSG
    MSG_COUNT
} msg_id;

/* The text of a message id in the current language (a check's wording). */
#define T(id) msg(id)

/* "th" (default) or "en"; anything starting with "en" selects English. */
void msg_set_language(const char *lang);
/* The language chosen from --lang, else LANG, else Thai. */
void msg_choose_language(const char *flag);
const char *msg(msg_id id);
const char *msg_in(msg_id id, int english);
/* 1 when English is selected, else 0 (Thai). */
int msg_is_english(void);
const char *msg_name(msg_id id);

#endif
