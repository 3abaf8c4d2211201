# convergence.gp - the headline figure: CCD vs FABRIK tip error per pass.
#   gnuplot -e "data='build/plots/convergence.dat'; out='build/plots/convergence'" plots/convergence.gp
# Blocks of the data file (index): 2c = CCD and 2c+1 = FABRIK for chain c
# (3, 5, 10, 20 bones), 8/9 = passes-to-tolerance, 10/11 = unreachable.
# One key for all six panels, in the band under the title: inside a panel
# it sat on the curves.
load 'plots/common.gp'
bones = "3 5 10 20"

do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot title "CCD กับ FABRIK: ความคลาดเคลื่อนของปลายต่อ pass (tip error per pass; median และแถบ 10–90 % ของ 200 targets)"
    set logscale y
    set format y "10^{%T}"
    set yrange [1e-7:3]
    set xrange [0:64]
    set xlabel "pass" offset 0, 0.4
    set ylabel "tip error / reach" offset 1, 0
    unset key
    # six panels placed by hand (not "layout"), so the shared key below can
    # be an empty plot as wide as the figure
    set size 1.0/3, 0.43
    do for [c=0:3] {
        set origin (c % 3) / 3.0, (c < 3 ? 0.45 : 0.0)
        set title word(bones, c + 1)." bones" offset 0, -0.4
        plot data index 2*c using 1:3:4 with filledcurves fc rgb '#0072B2' fs transparent solid 0.2 noborder notitle, \
             '' index 2*c using 1:2 with lines ls 1 title "CCD (05)", \
             '' index 2*c+1 using 1:3:4 with filledcurves fc rgb '#D55E00' fs transparent solid 0.2 noborder notitle, \
             '' index 2*c+1 using 1:2 with lines ls 2 title "FABRIK (06)", \
             1e-3 with lines ls 9 title "tolerance 10^{-3} ของ reach"
    }
    set origin 1.0/3, 0.0
    set yrange [0.5:400]
    set format y "%g"
    set xrange [0:22]
    set xlabel "จำนวน bone (bones in chain)"
    set ylabel "passes (257 = ไม่ถึงใน 256)"
    set title "passes ถึง tolerance (median, 10–90 %)"
    plot data index 8 using 1:2:3:4 with yerrorlines ls 1 title "CCD", \
         '' index 9 using 1:2:3:4 with yerrorlines ls 2 title "FABRIK"
    set origin 2.0/3, 0.0
    set logscale y
    set format y "10^{%T}"
    set yrange [1e-9:3]
    set xrange [0:64]
    set xlabel "pass"
    set ylabel "(error − best possible) / reach"
    set title "เอื้อมไม่ถึง (unreachable), 10 bones"
    plot data index 10 using 1:2 with lines ls 1 title "CCD", \
         '' index 11 using 1:2 with lines ls 2 title "FABRIK"
    # the shared key: an empty full-width plot, so the key fits in one row
    set origin 0, 0
    set size 1, 1
    unset logscale y
    unset border
    unset tics
    unset grid
    unset xlabel
    unset ylabel
    unset title
    set xrange [0:1]
    set yrange [0:1]
    set key at screen 0.5, screen 0.945 center top horizontal maxrows 1 font ",13" samplen 2 width 2
    plot NaN with lines ls 1 title "CCD (05)", NaN with lines ls 2 title "FABRIK (06)", \
         NaN with filledcurves fc rgb '#888888' fs transparent solid 0.3 noborder title "10–90 % ของ targets", \
         NaN with lines ls 9 title "tolerance 10^{-3} ของ reach"
    set border
    set tics
    set grid
    unset multiplot
    set output
}
