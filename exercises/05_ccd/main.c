/*******************************************************************************
 *
 *  05 CCD (Cyclic Coordinate Descent) - demo program
 *
 *  Shows: a five-bone chain (a tail or a spine, 0.4 per bone, reach 2.0)
 *  solved with the chapter's settings (10 passes, tolerance 0.01): the tip
 *  error after each pass, the bone lengths afterwards and how much each
 *  joint ended up bent (CCD tends to curl the bones near the tip; compare
 *  with 06). Then a target out of reach (the chain should end up aimed at
 *  it) and an invalid target.
 *
 *  Chapter: section 7. Degrees in the messages, radians inside.
 *
 *  The program itself is include/ik_chain_demo.h, shared with 06.
 *
 ******************************************************************************/

#include "ik_chain_demo.h"
#include "ccd.h"

int main(void) { return ik_chain_demo("CCD", ccd_solve); }
