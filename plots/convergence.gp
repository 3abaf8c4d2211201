# convergence.gp - the headline figure: CCD vs FABRIK tip error per pass.
#   gnuplot -e "data='build/plots/convergence.dat'; out='build/plots/convergence'" plots/convergence.gp
# Blocks of the data file (index): 2c = CCD and 2c+1 = FABRIK for chain c
# (3, 5, 10, 20 bones), 8/9 = passes-to-tolerance, 10/11 = unreachable.
load 'plots/common.gp'
set key top right font ",12" samplen 2
bones = "3 5 10 20"

do for [fmt in "svg png"] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot layout 2,3 title "Convergence: CCD vs FABRIK (median and 10–90 % band over 200 targets)"
    set logscale y
    set format y "10^{%T}"
    set yrange [1e-7:3]
    set xrange [0:64]
    set xlabel "pass"
    set ylabel "tip error / reach"
    do for [c=0:3] {
        set title word(bones, c + 1)." bones"
        plot data index 2*c using 1:3:4 with filledcurves fc rgb '#0072B2' fs transparent solid 0.2 noborder notitle, \
             '' index 2*c using 1:2 with lines ls 1 title "CCD", \
             '' index 2*c+1 using 1:3:4 with filledcurves fc rgb '#D55E00' fs transparent solid 0.2 noborder notitle, \
             '' index 2*c+1 using 1:2 with lines ls 2 title "FABRIK", \
             1e-3 with lines ls 9 title "tolerance"
    }
    set yrange [0.5:400]
    set format y "%g"
    set xrange [0:22]
    set xlabel "bones in chain"
    set ylabel "passes to 10^{-3} of reach (257 = not within 256)"
    set title "Passes to tolerance (median, 10–90 %)"
    plot data index 8 using 1:2:3:4 with yerrorlines ls 1 title "CCD", \
         '' index 9 using 1:2:3:4 with yerrorlines ls 2 title "FABRIK"
    set logscale y
    set format y "10^{%T}"
    set yrange [1e-9:3]
    set xrange [0:64]
    set xlabel "pass"
    set ylabel "(error − best possible) / reach"
    set title "Unreachable target, 10 bones"
    plot data index 10 using 1:2 with lines ls 1 title "CCD", \
         '' index 11 using 1:2 with lines ls 2 title "FABRIK"
    unset multiplot
    unset logscale y
    set output
}
