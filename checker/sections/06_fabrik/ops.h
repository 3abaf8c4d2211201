/* 06 FABRIK: the one operation its runner offers. Its request and
 * response are the ones every ik_chain solver shares
 * (sections/ik_chain_checks.h). */
#ifndef OPS_FABRIK_H
#define OPS_FABRIK_H

#include "sections/ik_chain_checks.h"

enum { OP_FABRIK_SOLVE = 1 };

#endif
