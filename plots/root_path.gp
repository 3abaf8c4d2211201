# root_path.gp - 09: the CMU clip's root (Hips) path from above and its speed.
# Blocks: 0 = the root track per frame (t x z heading), 1 = each second
# (x z and a heading arrow), 2 = speed from the 60 Hz deltas, 3 = the steady walk.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "09 Root motion: เส้นทางของ root ใน CMU 131\\_01 (เริ่ม เดิน หยุด; start, walk, stop), 994 frames ที่ 120 fps"
    # --- from above --------------------------------------------------------------
    set origin 0, 0
    set size 0.4, 0.95
    set size ratio -1
    set title "เส้นทาง root มองจากด้านบน (from above, clip space)" font ",15"
    set xrange [-0.3:1.3]
    set yrange [-2.2:1.1]
    set xtics -0.5, 0.5, 1.5
    set ytics -2, 0.5, 1
    set xlabel "x (m)"
    set ylabel "z (m), ไปข้างหน้า (forward)"
    set key top left font ",12" Left reverse samplen 2
    set style textbox opaque noborder
    plot data index 0 using 2:3 with lines ls 1 title "Hips ทุก frame", \
         '' index 1 using 1:2:3:4 with vectors head filled size 0.05,25 lc rgb '#D55E00' lw 2 title "ทิศที่หัน (facing) ทุกวินาที", \
         '' index 1 using 1:2 with points pt 7 ps 1.2 lc rgb '#000000' notitle, \
         '' index 1 using 1:($0 < 8 ? $2 : NaN):5 with labels left offset 1, -0.4 boxed font ",12" notitle
    # --- speed over time -------------------------------------------------------------
    set origin 0.4, 0
    set size 0.6, 0.95
    set size noratio
    set title "ความเร็วของ root จาก rm\\_delta\\_between ที่ 60 Hz" font ",15"
    set xrange [0:8.5]
    set yrange [0:2.0]
    set xtics 0, 1, 8
    set ytics 0, 0.25, 1.75
    set xlabel "เวลา (time, s)"
    set ylabel "ความเร็วแนวราบ (horizontal speed, m/s)"
    set key top left font ",12" Left reverse samplen 2
    set object 1 rect from 4, graph 0 to 6, graph 1 back fc rgb '#e8f1f8' fs solid 1.0 noborder
    set object 2 rect from 2.5, graph 0 to 3.8, graph 1 back fc rgb '#fbeee6' fs solid 1.0 noborder
    set label 1 "หันราว 100° แล้วกลับ\nก้มลง ยืนขึ้น\n(turns, bends, stands)" at 3.15, 1.72 center font ",12"
    plot data index 2 using 1:2 with lines lc rgb '#9ecae1' lw 1 title "ต่อ frame 60 Hz", \
         '' index 2 using 1:3 with lines ls 1 lw 3 title "เฉลี่ย 0.5 s", \
         '' index 3 using 1:3:($2 - $1):(0) with vectors nohead ls 2 lw 3 title "ช่วงเดินคงที่ (steady walk, 4–6 s): ค่าเฉลี่ย", \
         '' index 3 using ($2 + 0.1):3:(sprintf("%.2f m/s", $3)) with labels left font ",12" tc rgb '#D55E00' notitle
    unset object 1
    unset object 2
    unset label
    unset multiplot
    set output
}
