/* 06 FABRIK: the one operation its runner offers. */
#ifndef OPS_FABRIK_H
#define OPS_FABRIK_H

#include "ik_chain.h"

enum { OP_FABRIK_SOLVE = 1 };

/* Written into the report before the call, so the checker can tell the
 * fields the solver filled from the ones it left alone. No real error is
 * negative and no status or pass count has these values. */
#define FABRIK_SENTINEL -12345.0f
#define FABRIK_SENTINEL_STATUS 77
#define FABRIK_SENTINEL_PASSES -77

typedef struct {
    ik_chain chain;
    vec3 target;
    ik_settings settings;
    int null_chain;     /* pass NULL instead of the chain */
    int null_settings;  /* ... instead of the settings */
    int null_report;    /* ... instead of the report */
} fabrik_request;

typedef struct {
    int returned;       /* what fabrik_solve returned */
    ik_chain chain;     /* the chain after the call (as given if null_chain) */
    ik_report report;   /* sentinel-filled before the call */
} fabrik_response;

#endif
