# triangle.gp - 03: the shoulder-elbow-target triangle of chapter 03's
# worked example, solved by the reference and drawn from the side.
# Blocks (plots/figures.c, mode triangle): 0 = S, E, T; 1 = the bones;
# 2 = the line D; 3 = root -> pole; 4/5 = the shoulder/elbow angle arcs;
# 6 = side and angle labels.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set title "03 สามเหลี่ยมไหล่–ข้อศอก–target (shoulder–elbow–target): L1 = 0.5, L2 = 0.4, D = 0.7 m, มองจากด้านข้าง (side view)"
    set size ratio -1
    set xrange [-0.62:0.98]
    set yrange [0.82:1.52]
    set xtics -0.6, 0.2, 0.8
    set ytics 0.9, 0.1, 1.5
    set xlabel "z: ไปข้างหน้า (forward, m)"
    set ylabel "y: ขึ้น (up, m)"
    set key at graph 0.02, graph 0.03 left bottom vertical font ",12" Left reverse samplen 2
    set style textbox opaque noborder margins 1, 1
    set label 1 "ไหล่ S (shoulder, root)\nไม่ขยับ" at 0.02, 1.44 left font ",13" front
    set label 2 "ข้อศอก E (elbow, mid)" at 0.19, 0.88 left font ",13" front
    set label 3 "target T = มือ (tip)" at 0.59, 1.0 left font ",13" front
    set label 4 "pole: ข้อศอกงอไปฝั่งนี้\n(the elbow bends toward it)" at -0.58, 1.19 left font ",12" front
    plot data index 4 using 1:2 with lines lc rgb '#009E73' lw 2 notitle, \
         '' index 5 using 1:2 with lines lc rgb '#CC79A7' lw 2 notitle, \
         '' index 3 using 1:2 with lines ls 9 title "root → pole", \
         '' index 3 every ::1::1 using 1:2 with points pt 6 ps 2 lc rgb '#777777' notitle, \
         '' index 2 using 1:2 with lines lc rgb '#555555' lw 1.5 dt 2 title "D: เส้นตรงไหล่ → target (ไม่มี bone)", \
         '' index 1 using 1:2 with linespoints ls 1 lw 4 pt 7 ps 1.8 title "bone ท่อนบน L1 และท่อนล่าง L2", \
         '' index 0 every ::2::2 using 1:2 with points pt 9 ps 2.5 lc rgb '#D55E00' title "target", \
         '' index 6 every ::0::2 using 1:2:3 with labels boxed center font ",13" notitle, \
         '' index 6 every ::3::3 using 1:2:3 with labels boxed center font ",13" tc rgb '#009E73' notitle, \
         '' index 6 every ::4::4 using 1:2:3 with labels boxed center font ",13" tc rgb '#CC79A7' notitle
    unset label
    set output
}
