# angles.gp - 02: elbow and shoulder angle against the distance D.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set title "02 Law of cosines: มุมที่ข้อศอกและไหล่ตามระยะ D (L1 = 0.6, L2 = 0.5)"
    set xlabel "D: ระยะไหล่ → target (distance shoulder → target)"
    set ytics 0, 30, 180
    set ylabel "มุม (angle, degrees)"
    set yrange [-5:250]  # headroom above 180 degrees for the key
    set xrange [0:1.3]
    set arrow 1 from 0.1, graph 0 to 0.1, graph 1 nohead ls 9
    set arrow 2 from 1.1, graph 0 to 1.1, graph 1 nohead ls 9
    set label 1 "|L1−L2|" at 0.11, 100
    set label 2 "L1+L2" at 1.11, 100
    set key top center horizontal maxcols 3 font ",13"
    plot data index 0 using 1:2 with lines ls 1 title "ข้อศอก มุมภายใน (elbow, interior)", \
         '' index 0 using 1:3 with lines ls 2 title "ไหล่ (shoulder)", \
         '' index 0 using 1:4 with lines ls 3 title "งอจากแนวตรง (bend from straight)", \
         '' index 1 using 1:2 with points pt 7 ps 2 lc rgb '#000000' title "ตัวอย่าง §14 (109.5°, 180°)", \
         '' index 1 using 1:3 with points pt 5 ps 2 lc rgb '#000000' title "ตัวอย่าง §14 (31.6°, 0°)"
    unset arrow
    unset label
    set output
}
