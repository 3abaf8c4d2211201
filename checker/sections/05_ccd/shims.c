/* shims.c - 05_ccd's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "ccd.h"
#include "shims.h"
#include "sections/ik_chain_shims.h"

CHAIN_SHIM(ccd_solve)
