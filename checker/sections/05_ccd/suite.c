#include "check.h"
#include "sections.h"
static void pending(void) { check_fail(DIAG_NONE, NULL, NULL, "pending"); }
DEFINE_SUITE(CCD, {"pending", "pending", pending})
