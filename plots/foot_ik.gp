# foot_ik.gp - 07: a walk over a step, a ramp and a ledge (side view).
# Blocks of the data file (index): 0 = per frame, 1 = ground profile,
# 2/3 = legs as animated / after foot IK at three instants, 4 = their labels.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "07 Foot IK: animation ทำบนพื้นเรียบ IK วางข้อเท้าบนพื้นจริง (made on flat ground; IK puts each ankle on the real ground)" font ",14"
    # --- side view: ground, ankle paths, legs -------------------------------
    set origin 0, 0.3
    set size 1, 0.66
    set lmargin 10
    set rmargin 4
    set xrange [-0.3:4.0]
    set yrange [-0.3:1.5]
    set ytics 0, 0.25, 1.25
    set xtics 0, 0.5, 4
    set xlabel "z: ตามทางเดิน (along the walk, m)" offset 0, 0.5
    set ylabel "ความสูง y (height, m)"
    set key top center horizontal maxrows 2 Left reverse font ",12" samplen 2
    set label 11 "ขั้นขึ้น (step) +0.15 m" at 1.05, -0.12 font ",12" front
    set label 12 "ทางลาดลง (ramp) 11°" at 2.02, -0.09 font ",12" front
    set label 13 "ขอบ (ledge):\nไม่มีพื้นต่อ\n(no ground)" at 3.64, -0.09 font ",12" front
    set label 14 "เท้าซ้ายพ้นขอบ: weight ลดเป็น 0 ใน 0.2 s (กราฟล่าง)\nข้อเท้าค้างที่พื้นล่าสุด = ความสูงของ animation" \
        at 3.56, -0.19 right font ",11" front
    plot data index 1 using 1:2 with filledcurves y=-0.3 fc rgb '#e6e6e6' notitle, \
         '' index 1 using 1:2 with lines lc rgb '#000000' lw 2 title "พื้น (ground)", \
         '' index 0 using 5:6 with lines lc rgb '#0072B2' lw 1.5 dt 2 title "ข้อเท้าซ้าย animation", \
         '' index 0 using 10:11 with lines lc rgb '#D55E00' lw 1.5 dt 2 title "ข้อเท้าขวา animation", \
         '' index 2 using 1:2 with lines lc rgb '#999999' lw 1.5 dt 2 title "ขา (legs) animation", \
         '' index 0 using 7:8 with lines lc rgb '#0072B2' lw 5 title "ข้อเท้าซ้าย foot IK", \
         '' index 0 using 12:13 with lines lc rgb '#D55E00' lw 1.5 title "ข้อเท้าขวา foot IK", \
         '' index 3 using 1:2 with linespoints lc rgb '#009E73' lw 2 pt 7 ps 0.8 title "ขา (legs) foot IK", \
         '' index 4 using 1:2:3 with labels center font ",12" notitle
    unset label
    # --- hip drop and both weights against time -------------------------------
    # Against time, not z: the walk stops at z = 3.5 m at 3.5 s, so the
    # left foot's fade over the ledge (3.4-3.6 s) would collapse into a
    # vertical line at z = 3.5.
    set origin 0, 0
    set size 1, 0.3
    set xrange [0:4.0]
    set xtics 0, 0.5, 4
    set yrange [0:0.33]
    set ytics 0, 0.05, 0.2
    set y2range [0:1.7]
    set y2tics 0, 0.5, 1 font ",12"
    set ylabel "hip drop (m)"
    set y2label "IK weight"
    set xlabel "เวลา t (time, s): เดิน 1 m/s จาก z = 0 แล้วหยุดที่ z = 3.5 m ตอน 3.5 s" offset 0, 0.5
    set key top left horizontal maxrows 1 Left reverse font ",12" samplen 2
    set arrow 5 from 3.4, graph 0 to 3.4, graph 1 nohead ls 9
    set label 15 "เท้าซ้ายพ้นขอบ (3.4 s)" at 3.38, 0.13 right font ",11"
    plot data index 0 using 1:4 with lines ls 1 title "hip drop = deficit ที่มากกว่า (the larger deficit)", \
         '' index 0 using 1:9 axes x1y2 with lines ls 2 dt 2 title "weight เท้าซ้าย (fades at the ledge)", \
         '' index 0 using 1:14 axes x1y2 with lines lc rgb '#009E73' lw 1.5 dt 3 title "weight เท้าขวา"
    unset arrow 5
    unset label
    unset y2tics
    unset y2label
    unset multiplot
    set output
}
