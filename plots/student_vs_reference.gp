# student_vs_reference.gp - the student's convergence curve over the
# reference's, drawn by the checker after make check on 05 or 06.
#   gnuplot -e "data='...'; out='...'; solver='ccd_solve'; root='.'" plots/student_vs_reference.gp
# formats='svg' (grade-all) skips the PNG: half the drawing for a class.
load root.'/plots/common.gp'
if (!exists("formats")) formats = "svg png"
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    # 50 = FIGURE_CASES in checker/sections/ik_chain_checks.c
    set title solver.": your convergence vs the reference (50 chains of 10 bones, median and 10–90 %)" noenhanced
    set logscale y
    set format y "10^{%T}"
    set yrange [1e-7:3]
    set xrange [0:48]
    set xlabel "pass"
    set ylabel "tip error / reach"
    set key bottom left
    plot data index 1 using 1:3:4 with filledcurves fc rgb '#0072B2' fs transparent solid 0.2 noborder notitle, \
         '' index 1 using 1:2 with lines ls 1 title "reference", \
         '' index 0 using 1:3:4 with filledcurves fc rgb '#D55E00' fs transparent solid 0.2 noborder notitle, \
         '' index 0 using 1:2 with lines ls 2 title "yours", \
         1e-3 with lines ls 9 title "tolerance used by the checks"
    set output
}
