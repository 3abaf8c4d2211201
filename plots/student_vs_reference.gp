# student_vs_reference.gp - the student's convergence curve over the
# reference's, drawn by the checker after make check on 05 or 06.
#   gnuplot -e "data='...'; out='...'; solver='ccd_solve'; root='.'" plots/student_vs_reference.gp
# formats='svg' (grade-all) skips the PNG: half the drawing for a class.
# grade-all loads this once per figure in one gnuplot run: everything set
# here is set again (or unset) every time.
load root.'/plots/common.gp'
if (!exists("formats")) formats = "svg png"
# Block 0 = yours, 1 = the reference: pass median p10 p90 per line;
# block 2, when there, the language the checker spoke: 1 English
# (LANG=en), 0 Thai with the English terms. Read from the data, not a
# variable, so one grade-all run can draw figures in both. (Every block
# ends in two blank lines, which stats counts as one block more: an older
# file without the language counts 3.)
stats data nooutput
svr_en = 0
if (STATS_blocks > 3) { stats data index 2 using (svr_en = int($1), 0) nooutput }
svr_tr(th, en) = svr_en ? en : th
# Identical curves (every number as written, 7 digits) would hide the
# reference under yours: count the differences, and say so when there are
# none. The x axis ends two passes after the last one where a curve (its
# 90 % line) is still above the plot's floor, 10^-7 (at least 5 passes):
# FABRIK is done in a handful of the 48 passes recorded.
set autoscale xy   # stats keeps to the ranges a previous figure left set
unset logscale y
stats data index 1 using 1 nooutput
svr_n = int(STATS_records)
array svr_ref[3 * svr_n]
stats data index 1 using (svr_ref[3 * $0 + 1] = $2, svr_ref[3 * $0 + 2] = $3, svr_ref[3 * $0 + 3] = $4, 0) nooutput
svr_diff = 0
svr_last = 0
stats data index 0 using (svr_diff = svr_diff + ($0 >= svr_n) + ($0 < svr_n ? ($2 != svr_ref[3 * $0 + 1]) + \
      ($3 != svr_ref[3 * $0 + 2]) + ($4 != svr_ref[3 * $0 + 3]) : 0), svr_last = ($4 > 1e-7 && $1 > svr_last ? $1 : svr_last), 0) nooutput
svr_diff = svr_diff + (int(STATS_records) != svr_n)
stats data index 1 using (svr_last = ($4 > 1e-7 && $1 > svr_last ? $1 : svr_last), 0) nooutput
svr_xmax = svr_last + 2 < 5 ? 5 : (svr_last + 2 > svr_n - 1 ? svr_n - 1 : svr_last + 2)
svr_dt = svr_diff == 0 ? 2 : 1
svr_same = svr_tr("เส้นของคุณทับเส้นอ้างอิงพอดี (identical):\nทุก pass ได้ตัวเลขเท่ากัน จึงเห็นเป็นเส้นเดียว", \
                  "your curve lies exactly on the reference (identical):\nevery pass gave the same numbers, so you see one line")
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title solver.svr_tr(": ของคุณ (yours) เทียบกับคำตอบอ้างอิง (reference), 50 chains × 10 bones, median และแถบ 10–90 %", \
                            ": yours against the reference, 50 chains × 10 bones, median and the 10–90 % band") noenhanced
    set logscale y
    set format y "10^{%T}"
    set yrange [1e-7:3]
    set xrange [0:svr_xmax]
    if (svr_xmax < svr_n - 1) {
        set xlabel sprintf(svr_tr("pass (แสดงถึง pass %d จาก %d ที่บันทึก: หลังจากนั้นทุกเส้นต่ำกว่า 10^{-7})", \
                                  "pass (shown up to pass %d of the %d recorded: every curve is below 10^{-7} after it)"), svr_xmax, svr_n - 1)
    } else { set xlabel "pass" }
    set ylabel svr_tr("ระยะ tip ถึง target ÷ reach (tip error / reach)", "tip error / reach")
    set key outside bottom center horizontal maxcols 3 font ",13" samplen 2 # under the plot: never on a curve
    set bmargin 6
    unset label
    if (svr_diff == 0) {
        set style textbox opaque margins 2, 2 border lc rgb '#D55E00'
        set label 1 svr_same at graph 0.97, graph 0.76 right front font ",14" tc rgb '#D55E00' boxed
    }
    plot data index 1 using 1:3:4 with filledcurves fc rgb '#0072B2' fs transparent solid 0.2 noborder notitle, \
         '' index 1 using 1:2 with lines ls 1 lw 5 title svr_tr("คำตอบอ้างอิง (reference)", "reference"), \
         '' index 0 using 1:3:4 with filledcurves fc rgb '#D55E00' fs transparent solid 0.2 noborder notitle, \
         '' index 0 using 1:2 with lines ls 2 dt svr_dt title svr_tr("ของคุณ (yours)", "yours"), \
         1e-3 with lines ls 9 title svr_tr("tolerance ที่ check ใช้ (10^{-3} of reach)", "the check's tolerance (10^{-3} of reach)")
    unset label
    set output
}
unset logscale y
set bmargin
