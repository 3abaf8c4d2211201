/* Placeholder until this section is written: the driver does not offer a
 * section whose solutions/ folder is missing. */
#include "check.h"
#include "sections.h"
static void not_written(void) { check_fail(DIAG_NONE, NULL, NULL, "section not written yet"); }
DEFINE_SUITE(AIM_IK, {"not_written", "ยังไม่มี section นี้", not_written})
