/* 02's live glue: in L1, L2, D; out the three angles (radians). */
#include "law_of_cosines.h"
#include "live_glue.h"

int live_run(int op)
{
    (void)op;
    float l1 = live_in_buf[0], l2 = live_in_buf[1], d = live_in_buf[2];
    live_clear_out();
    live_out_buf[0] = elbow_interior_angle(l1, l2, d);
    live_out_buf[1] = shoulder_angle(l1, l2, d);
    live_out_buf[2] = elbow_bend_angle(l1, l2, d);
    return 0;
}
