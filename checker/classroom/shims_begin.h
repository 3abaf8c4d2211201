/* shims_begin.h - the first include of a section's replay shims (shims.h):
 * while recording, the section's header that follows declares the real
 * reference's functions as ref_<name>. */
#ifdef REPLAY_RECORD
#include "ref_names.h" /* generated (classroom.mk): #define name ref_name */
#endif
