# fk.gp - 01: an arm posed by forward kinematics (side view).
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set title "01 Forward kinematics: เลือกมุม แล้วมือไปตามที่มุมพาไป (choose the angles, the hand goes where they lead)"
    set size ratio -1
    set xlabel "x (m), มองจากด้านข้าง (side view)"
    set ylabel "y (m)"
    set key top left
    plot data index 0 using 1:2 with linespoints ls 9 pt 7 ps 1.5 title "ไหล่ (shoulder) 0°, ศอก (elbow) 0°", \
         '' index 1 using 1:2 with linespoints ls 1 pt 7 ps 1.5 title "ไหล่ 30°, ศอก 45°", \
         '' index 2 using 1:2 with linespoints ls 2 pt 7 ps 1.5 title "ไหล่ 60°, ศอก 100°"
    set output
}
