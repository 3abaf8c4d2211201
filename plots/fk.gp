# fk.gp - 01: an arm posed by forward kinematics (side view).
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set title "01 Forward kinematics: choose the angles, the hand goes where they lead"
    set size ratio -1
    set xlabel "x (m)"
    set ylabel "y (m)"
    set key top left
    plot data index 0 using 1:2 with linespoints ls 9 pt 7 ps 1.5 title "0°, 0°", \
         '' index 1 using 1:2 with linespoints ls 1 pt 7 ps 1.5 title "shoulder 30°, elbow 45°", \
         '' index 2 using 1:2 with linespoints ls 2 pt 7 ps 1.5 title "shoulder 60°, elbow 100°"
    set output
}
