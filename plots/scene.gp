# scene.gp - the closing scene: the CMU clip's root motion through the
# controller over the level, with foot IK on top (data: plots/scene.c).
# Blocks: 0 = per frame (columns in plots/scene.c), 1 = the level from
# above, one outline per piece (floor, ramp, raised floor, step, wall).
load 'plots/common.gp'
if (!exists("who")) who = "reference"
planted(w, c, v) = (w == 1 && c == 1) ? v : NaN
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "ฉากปิดบท (closing scene, ".who."): root motion ของ CMU 131\\_01 → controller ทรงกลม → foot IK บนทางลาด ขอบ ขั้น และกำแพง"
    # --- from above ------------------------------------------------------------------
    set origin 0, 0
    set size 0.4, 0.95
    set size ratio -1
    set title "มองจากด้านบน (from above)" font ",15"
    set xrange [-1.15:1.15]
    set yrange [-0.35:4.0]
    set xtics -1, 0.5, 1
    set ytics 0, 0.5, 3
    set xlabel "x (m)"
    set ylabel "z (m), ไปข้างหน้า (forward)"
    set key at graph 0.99, graph 0.99 right top horizontal maxrows 2 font ",12" Left reverse samplen 1.5 spacing 1
    set label 1 "ทางลาด\n(ramp)" at 0.75, 0.9 center font ",12" front
    set label 2 "พื้นยก\n(raised)" at 0.75, 1.5 center font ",12" front
    set label 3 "ขั้น (step)" at 0.75, 2.45 center font ",12" front
    set label 4 "กำแพง (wall)" at -0.875, 3.0 center rotate by 90 font ",12" front
    plot data index 1 every :::1::1 using 1:2 with filledcurves closed fc rgb '#d4d4d4' fs solid 1 notitle, \
         '' index 1 every :::2::2 using 1:2 with filledcurves closed fc rgb '#bdbdbd' fs solid 1 notitle, \
         '' index 1 every :::3::3 using 1:2 with filledcurves closed fc rgb '#e6e6e6' fs solid 1 notitle, \
         '' index 1 every :::4::4 using 1:2 with filledcurves closed fc rgb '#555555' fs solid 1 notitle, \
         '' index 0 using 2:3 with lines ls 2 lw 2 title "clip อย่างเดียว (clip alone)", \
         '' index 0 using 4:6 with lines ls 1 lw 3 title "ผ่าน controller", \
         '' index 0 using (planted($20, $21, $16)):18 with points pt 7 ps 0.5 lc rgb '#009E73' title "เท้าซ้ายวางพื้น (planted)", \
         '' index 0 using (planted($29, $30, $25)):27 with points pt 5 ps 0.5 lc rgb '#CC79A7' title "เท้าขวาวางพื้น (planted)"
    unset label
    # --- ankle heights over time -------------------------------------------------------
    set origin 0.4, 0.4
    set size 0.6, 0.55
    set size noratio
    set title "ความสูงข้อเท้า: animation (เส้นประ) และหลัง foot IK (เส้นทึบ)" font ",15"
    set xrange [0:8.3]
    set yrange [-0.05:0.85]
    set xtics 0, 1, 8
    set ytics 0, 0.2, 0.8
    set xlabel "เวลา (time, s)" offset 0, 0.5
    set ylabel "y (m)"
    set key inside top left vertical maxrows auto font ",12" Left reverse samplen 2
    plot data index 0 using 1:9 with filledcurves y=-0.05 fc rgb '#e6e6e6' title "พื้นใต้ตัว (ground under the body)", \
         '' index 0 using 1:14 with lines lc rgb '#009E73' lw 1.5 dt 2 notitle, \
         '' index 0 using 1:23 with lines lc rgb '#CC79A7' lw 1.5 dt 2 notitle, \
         '' index 0 using 1:17 with lines lc rgb '#009E73' lw 2 title "ข้อเท้าซ้าย (left ankle)", \
         '' index 0 using 1:26 with lines lc rgb '#CC79A7' lw 2 title "ข้อเท้าขวา (right ankle)"
    # --- hip drop over time -------------------------------------------------------------
    set origin 0.4, 0
    set size 0.6, 0.4
    set title "hip drop: foot IK ลดตัวลงเท่าไร (how far it lowers the body)" font ",15"
    set yrange [0:0.1]
    set ytics 0, 0.02, 0.08
    set xlabel "เวลา (time, s)" offset 0, 0
    set ylabel "hip drop (m)"
    set key inside top left vertical maxrows auto font ",12" Left reverse samplen 2
    plot data index 0 using 1:10 with lines ls 1 lw 2 title "hip drop (deficit ที่มากกว่าของสองเท้า)"
    unset multiplot
    set output
}
