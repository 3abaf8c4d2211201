# ctrl.gp - 10: the controller's sphere from above (x right, z up the page)
# beside the same from the side (along the way the reference moved, y up):
# the boxes' edges, the path (or the slide) of the reference and yours,
# both spheres' outlines where the check failed.
w = 1400
h = 760
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot layout 1, 2 title tr('character controller: ', 'character controller: ').case_text."\n".student_text noenhanced
    GROUND = tr('กล่อง (the boxes)', 'the boxes')
    given_title = tr('motion ที่ขอ (asked for)', 'the motion asked for')
    TARGET = tr('ที่ที่ควรอยู่ (where it should be)', 'where it should be')
    aspect = 1.0
    @view
    set tmargin at screen 0.76
    set bmargin at screen 0.09
    set key at screen 0.5, 0.85 center center vertical maxrows 2 width 1 samplen 2
    set title tr('มองจากด้านบน (from above)', 'from above')
    set xlabel 'x (m)'
    set ylabel 'z (m)'
    sfx = '.t'
    load root.'/plots/failing/plane.gp'
    set key off
    set title tr('มองจากด้านข้าง (from the side)', 'from the side')
    set xlabel tr('ไปข้างหน้า (forward, m)', 'forward (m)')
    set ylabel 'y (m)'
    sfx = '.s'
    load root.'/plots/failing/plane.gp'
    unset multiplot
    set output
}
