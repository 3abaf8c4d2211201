# aim.gp - 08: how far a bone is from its target against the weight, and
# a look-at shared by spine, neck and head.
# Blocks: 0 = aim_bone, weight then the angle for four targets;
#         1 = look_at_solve, weight then the yaw of spine, neck, head.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot layout 1,2 title "08 Aim IK: Slerp เข้าหาการเล็งเต็มตาม weight มุมที่เหลือลดลงสม่ำเสมอจนเป็น 0 (the angle left shrinks steadily)"
    set xrange [0:1]
    set xtics 0, 0.2, 1
    set xlabel "weight (aimWeight ของบทสำหรับ spine)"
    # --- one bone ---------------------------------------------------------------
    set title "aim\\_bone: bone เดียว target สี่จุด (one bone, four targets)" font ",15"
    set arrow 1 from 0.6, graph 0 to 0.6, graph 1 nohead ls 9
    set ylabel "มุมถึง target (angle to the target, °)"
    set yrange [0:230]
    set ytics 0, 30, 180
    set label 1 "aimWeight 0.6" at 0.59, 185 right font ",12"
    set key top right font ",12" Left reverse samplen 2
    plot data index 0 using 1:5 with lines lc rgb '#CC79A7' lw 2 title "target เกือบข้างหลัง (almost behind, 171°)", \
         '' index 0 using 1:4 with lines lc rgb '#009E73' lw 2 title "ข้างหลัง ซ้าย และสูง (130°)", \
         '' index 0 using 1:3 with lines ls 2 title "90° ทางขวา (to the right)", \
         '' index 0 using 1:2 with lines ls 1 lw 3 title "spine ของ section 08 (29.7°)", \
         '' index 0 using 1:(abs($1 - 0.3) < 1e-3 || abs($1 - 0.6) < 1e-3 || $1 == 0 || $1 == 1 ? $2 : NaN) \
            with points pt 7 ps 1.5 lc rgb '#000000' title "ตารางของ section 08 (w = 0, 0.3, 0.6, 1)"
    unset label
    # --- look-at over three bones -------------------------------------------------
    set title "look\\_at\\_solve: spine คอ หัว (shares 0.2, 0.4, 1)" font ",15"
    unset arrow
    set arrow 2 from 0.7, graph 0 to 0.7, graph 1 nohead ls 9
    set ylabel "yaw ของ bone (degrees)"
    set xlabel "lookWeight"
    set yrange [0:125]
    set ytics 0, 15, 90
    set label 2 "lookWeight 0.7" at 0.69, 100 right font ",12"
    set key top left font ",12" Left reverse samplen 2
    plot data index 1 using 1:4 with lines ls 2 lw 3 title "หัว (head)", \
         '' index 1 using 1:3 with lines lc rgb '#009E73' lw 2 title "คอ (neck)", \
         '' index 1 using 1:2 with lines ls 1 title "spine", \
         90 with lines ls 9 lc rgb '#000000' title "ทิศของ target (bearing, 90°)"
    unset label
    unset arrow
    unset multiplot
    set output
}
