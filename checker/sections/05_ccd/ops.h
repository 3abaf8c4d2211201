/* 05 CCD: the one operation its runner offers. Its request and
 * response are the ones every ik_chain solver shares
 * (sections/ik_chain_checks.h). */
#ifndef OPS_CCD_H
#define OPS_CCD_H

#include "sections/ik_chain_checks.h"

enum { OP_CCD_SOLVE = 1 };

#endif
