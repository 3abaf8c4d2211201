# pole.gp - 03/04: the pole sweep, seen along the root -> target line.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set title "03/04 Pole vector: the hip turns, the knee circles the root→target line, the foot stays"
    set size ratio -1
    set xlabel "across the line (m)"
    set ylabel "across the line (m)"
    set key outside right
    plot data using 4:5 with linespoints ls 9 pt 6 title "pole (rides with the hip)", \
         '' using 2:3 with linespoints ls 1 pt 7 title "knee", \
         '' using 6:7 with points pt 9 ps 3 lc rgb '#D55E00' title "foot (on target)"
    set output
}
