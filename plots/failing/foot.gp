# foot.gp - 07: each leg seen from the side (x along the facing, y up), the
# left leg's panel beside the right's: the ground under the foot, its ray
# (down to what it hit), the leg as animated, the reference's leg with its
# ankle target and yours (hip, knee, ankle).
w = 1300
h = 700
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot layout 1, 2 title tr('foot IK มองจากด้านข้าง (seen from the side): ', 'foot IK seen from the side: ').case_text."\n".student_text noenhanced
    set xlabel tr('ไปข้างหน้า (forward, m)', 'forward (m)')
    set ylabel tr('ขึ้น (up, m)', 'up (m)')
    given_title = tr('ขาตาม animation (as animated)', 'leg as animated')
    TARGET = tr('เป้าหมายของข้อเท้า (ankle target)', 'ankle target')
    aspect = 0.85
    @view
    # one key for both panels, above them; the panels' margins fixed so they line up
    set tmargin at screen 0.74
    set bmargin at screen 0.09
    set key at screen 0.5, 0.85 center center vertical maxrows 2 width 1 samplen 2
    set title tr('ขาซ้าย (left leg)', 'left leg')
    sfx = '.l'
    load root.'/plots/failing/plane.gp'
    set key off
    set title tr('ขาขวา (right leg)', 'right leg')
    sfx = '.r'
    load root.'/plots/failing/plane.gp'
    unset multiplot
    set output
}
