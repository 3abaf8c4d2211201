/*******************************************************************************
 *
 *  06 FABRIK (Forward And Backward Reaching IK) - demo program
 *
 *  Shows: a five-bone chain (a tail or a spine, 0.4 per bone, reach 2.0)
 *  solved with the chapter's settings (10 passes, tolerance 0.01): the tip
 *  error after each pass, the bone lengths afterwards and how much each
 *  joint ended up bent (FABRIK spreads the bend along the chain; compare
 *  with 05). Then a target out of reach (answered in one pass with the
 *  chain straight toward it) and an invalid target.
 *
 *  Chapter: section 8. Degrees in the messages, radians inside.
 *
 *  The program itself is include/ik_chain_demo.h, shared with 05.
 *
 ******************************************************************************/

#include "ik_chain_demo.h"
#include "fabrik.h"

int main(void) { return ik_chain_demo("FABRIK", fabrik_solve); }
