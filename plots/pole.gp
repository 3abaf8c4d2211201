# pole.gp - 03/04: the pole sweep, seen along the root -> target line.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set title "03/04 Pole vector: hip หมุน เข่าวนรอบเส้น root→target\nเท้าอยู่กับที่ (the knee circles the line, the foot stays)"
    set size ratio -1
    set xlabel "ขวางเส้น root→target (across the line, m)"
    set ylabel "ขวางเส้น (across the line, m)"
    set key outside right
    plot data using 4:5 with linespoints ls 9 pt 6 title "pole (หมุนตาม hip)", \
         '' using 2:3 with linespoints ls 1 pt 7 title "เข่า (knee)", \
         '' using 6:7 with points pt 9 ps 3 lc rgb '#D55E00' title "เท้า (foot) อยู่บน target"
    set output
}
