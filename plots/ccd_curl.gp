# ccd_curl.gp - 05: CCD curls the bones near the tip, FABRIK spreads the bend
# (the chapter's section 7). Data: plots/convergence.c, mode "curl".
# Blocks: 0-3 CCD after passes 0..3, 4-7 FABRIK after passes 0..3,
# 8 = bend at each inner joint after pass 3 (joint CCD FABRIK), 9 = target.
load 'plots/common.gp'
pass_colour(p) = p == 0 ? '#bbbbbb' : p == 1 ? '#9ecae1' : p == 2 ? '#4292c6' : '#08306b'
do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "05 CCD ม้วนงอแถวปลาย (curls near the tip), FABRIK (06) กระจายการงอทั้งเส้น: 8 bones × 0.25 m, 3 passes"
    # --- the chains, pass by pass ------------------------------------------------
    do for [k=0:1] {
        set origin 0.31 * k, 0.0
        set size 0.33, 0.92
        set size ratio -1
        set title (k == 0 ? "CCD (05)" : "FABRIK (06)") font ",15"
        set xrange [-0.2:1.7]
        set yrange [-0.1:2.1]
        set xtics 0, 0.5, 1.5
        set ytics 0, 0.5, 2
        set xlabel "x (m)"
        set ylabel (k == 0 ? "y (m)" : "")
        # one key for both chain panels, in the free band under the title
        if (k == 0) { set key at screen 0.33, screen 0.885 center top horizontal maxrows 1 font ",12" Left reverse samplen 2 } else { unset key }
        plot for [p=0:3] data index 4*k+p using 1:2 with linespoints lc rgb pass_colour(p) lw (p == 3 ? 3 : 1.5) \
                 pt 7 ps (p == 3 ? 0.9 : 0.6) title (p == 0 ? "ก่อนเริ่ม (start)" : sprintf("หลัง pass %d", p)), \
             '' index 9 using 1:2 with points pt 9 ps 2.5 lc rgb '#D55E00' title "target"
    }
    # --- how much each joint bends after pass 3 -------------------------------------
    set key
    set origin 0.64, 0.0
    set size 0.36, 0.92
    set size noratio
    set title "มุมงอที่แต่ละ joint หลัง pass 3 (bend)" font ",15"
    set xrange [0.4:7.6]
    set yrange [0:110]
    set xtics 1, 1, 7
    set ytics 0, 15, 105
    set xlabel "joint (1 = ใกล้ root, 7 = ใกล้ปลาย/tip)"
    set ylabel "มุมงอ (bend, degrees)"
    set key at graph 0.03, graph 0.97 left top vertical font ",12" Left reverse samplen 2
    set style fill solid 0.85 noborder
    set boxwidth 0.38
    plot data index 8 using ($1 - 0.2):2 with boxes lc rgb '#0072B2' title "CCD", \
         '' index 8 using ($1 + 0.2):3 with boxes lc rgb '#D55E00' title "FABRIK", \
         '' index 8 using ($1 - 0.2):2:(sprintf("%.0f°", $2)) with labels offset 0, 0.7 font ",11" notitle
    unset multiplot
    set output
}
