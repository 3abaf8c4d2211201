# foot_ik.gp - 07: a walk over a step, a ramp and a ledge (side view).
# Blocks of the data file (index): 0 = per frame, 1 = ground profile,
# 2/3 = legs as animated / after foot IK at three instants, 4 = their labels.
load 'plots/common.gp'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "07 Foot IK: the animation was made on flat ground; IK puts each ankle on the real ground"
    # --- side view: ground, ankle paths, legs -------------------------------
    set origin 0, 0.3
    set size 1, 0.66
    set lmargin 10
    set rmargin 4
    set xrange [-0.3:4.0]
    set yrange [-0.3:1.5]
    set ytics 0, 0.25, 1.25
    set xtics 0, 0.5, 4
    set xlabel "z: along the walk (m)" offset 0, 0.5
    set ylabel "height y (m)"
    set key top center horizontal maxrows 2 Left reverse font ",12" samplen 2
    set label 11 "step +0.15 m" at 1.05, -0.12 font ",12" front
    set label 12 "ramp down 11°" at 2.25, -0.12 font ",12" front
    set label 13 "ledge" at 3.62, -0.22 font ",12" front
    plot data index 1 using 1:2 with filledcurves y=-0.3 fc rgb '#e6e6e6' notitle, \
         '' index 1 using 1:2 with lines lc rgb '#000000' lw 2 title "ground", \
         '' index 0 using 5:6 with lines lc rgb '#0072B2' lw 1.5 dt 2 title "left ankle, animated", \
         '' index 0 using 10:11 with lines lc rgb '#D55E00' lw 1.5 dt 2 title "right ankle, animated", \
         '' index 2 using 1:2 with lines lc rgb '#999999' lw 1.5 dt 2 title "legs, animated", \
         '' index 0 using 7:8 with lines lc rgb '#0072B2' lw 5 title "left ankle, foot IK", \
         '' index 0 using 12:13 with lines lc rgb '#D55E00' lw 1.5 title "right ankle, foot IK", \
         '' index 3 using 1:2 with linespoints lc rgb '#009E73' lw 2 pt 7 ps 0.8 title "legs, foot IK", \
         '' index 4 using 1:2:3 with labels center font ",12" notitle
    unset label
    # --- hip drop and the left foot's weight against the pelvis ----------------
    set origin 0, 0
    set size 1, 0.3
    set yrange [0:0.25]
    set ytics 0, 0.05, 0.2
    set y2range [0:1.3]
    set y2tics 0, 0.5, 1 font ",12"
    set ylabel "hip drop (m)"
    set y2label "IK weight"
    set xlabel "z of the pelvis (m)" offset 0, 0.5
    set key top left horizontal Left reverse font ",12"
    plot data index 0 using 2:4 with lines ls 1 title "hip drop = larger deficit", \
         '' index 0 using 2:9 axes x1y2 with lines ls 2 dt 2 title "left foot's weight (fades at the ledge)"
    unset y2tics
    unset y2label
    unset multiplot
    set output
}
