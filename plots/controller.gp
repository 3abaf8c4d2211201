# controller.gp - 10: a clip's root motion drifting into a wall, added to
# the transform (section 11) and through the sphere controller (section 12).
# Blocks: 0 = per frame (t raw_x raw_z ctrl_x ctrl_y ctrl_z grounded), 1 = the wall.
load 'plots/common.gp'
radius = 0.3
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "10 Controller sync: clip เดิน 1.4 m/s เฉียงขวา 30° เข้ากำแพงที่ x = 1 (into a wall; 60 Hz, 2 s)"
    # --- from above --------------------------------------------------------------
    set origin 0, 0
    set size 0.47, 0.95
    set size ratio -1
    set title "มองจากด้านบน (from above)" font ",15"
    set xrange [-0.45:1.75]
    set yrange [-1.25:2.75]
    set xtics -0.5, 0.5, 1.5
    set ytics 0, 0.5, 2.5
    set xlabel "x (m), เข้าหากำแพง (toward the wall)"
    set ylabel "z (m), ตามแนวกำแพง (along the wall)"
    set key at graph 0.02, graph 0.02 left bottom vertical font ",12" Left reverse samplen 2
    plot data index 1 using 1:2 with filledcurves closed fc rgb '#555555' fs solid 0.6 title "กำแพง (wall)", \
         '' index 0 every 15 using 4:6:(radius) with circles lc rgb '#0072B2' fs transparent solid 0.12 border lc rgb '#0072B2' \
            title "ทรงกลม (sphere) r 0.3 ทุก 0.25 s", \
         '' index 0 using 4:6 with lines ls 1 lw 4 title "ผ่าน controller", \
         '' index 0 using 2:3 with lines ls 2 lw 2 title "transform += delta (ทะลุกำแพง)"
    # --- over time ---------------------------------------------------------------------
    set origin 0.47, 0
    set size 0.53, 0.95
    set size noratio
    set title "ตำแหน่งตามเวลา (position over time)" font ",15"
    set xrange [0:2]
    set yrange [0:2.9]
    set xtics 0, 0.5, 2
    set ytics 0, 0.5, 2.5
    set xlabel "เวลา (time, s)"
    set ylabel "เมตร (metres)"
    set key inside top left vertical maxrows auto font ",12" Left reverse samplen 2
    set arrow 1 from 0, 0.7 to 2, 0.7 nohead ls 9
    set label 1 "x = 1 − r = 0.7" at 1.98, 0.62 right font ",12"
    plot data index 0 using 1:3 with lines ls 2 dt 2 lw 5 title "z (along), transform += delta", \
         '' index 0 using 1:6 with lines ls 1 lw 2 title "z (along), controller: ได้ครบ (all of it)", \
         '' index 0 using 1:2 with lines lc rgb '#E69F00' dt 2 lw 3 title "x (toward), transform += delta", \
         '' index 0 using 1:4 with lines lc rgb '#56B4E9' lw 3 title "x (toward), controller: หยุดที่กำแพง (stopped)"
    unset arrow
    unset label
    unset multiplot
    set output
}
