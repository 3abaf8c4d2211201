/* shims.c - 06_fabrik's replay shims for the student edition
 * (checker/classroom/shims.h). */
#include "shims_begin.h"
#include "fabrik.h"
#include "shims.h"
#include "sections/ik_chain_shims.h"

CHAIN_SHIM(fabrik_solve)
