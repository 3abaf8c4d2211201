# sweep.gp - 04's pole_follows_hip: seen along the hip -> target line (the
# hip at the centre), the knee at each 15 degree turn of the hip, the
# reference's and yours, the failing step marked.
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title case_text."\n".student_text noenhanced
    set xlabel tr('ตั้งฉากกับเส้น hip → target (across it, m)', 'across hip → target (m)')
    set ylabel tr('ตั้งฉากอีกแกน (across it, m)', 'across hip → target, the other way (m)')
    given_title = tr('เส้น hip → target (ชี้เข้าจอ, into the page)', 'hip → target (into the page)')
    TARGET = tr('step ที่ผิด (the failing step)', 'the failing step')
    @view
    load root.'/plots/failing/plane.gp'
    set output
}
