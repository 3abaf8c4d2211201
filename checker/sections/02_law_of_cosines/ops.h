/* 02 law of cosines: the one operation its runner offers. */
#ifndef OPS_LAW_OF_COSINES_H
#define OPS_LAW_OF_COSINES_H

enum { OP_LOC_ANGLES = 1 };

typedef struct { float len_upper, len_lower, dist; } loc_request;
typedef struct { float elbow, shoulder, bend; } loc_response;

#endif
