/* 06's live glue (the chain's numbers: ik_chain_glue.h). */
#include "fabrik.h"
#include "ik_chain_glue.h"

int live_run(int op)
{
    (void)op;
    return live_chain_run(fabrik_solve);
}
