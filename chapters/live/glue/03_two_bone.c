/* 03's live glue: in root, target, pole (xyz each), L1, L2; out mid, tip;
 * returns the status. */
#include "two_bone.h"
#include "live_glue.h"

int live_run(int op)
{
    (void)op;
    two_bone_input in = {live_v3(0), live_v3(3), live_v3(6), live_in_buf[9], live_in_buf[10]};
    two_bone_output out;
    live_clear_out();
    out.mid = v3(live_out_buf[0], live_out_buf[1], live_out_buf[2]);
    out.tip = out.mid;
    int status = (int)two_bone_solve(&in, &out);
    live_put(0, out.mid);
    live_put(3, out.tip);
    return status;
}
