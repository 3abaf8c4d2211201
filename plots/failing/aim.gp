# aim.gp - 08: a bone's (or the head's) facing against the target, in the
# plane of the animated facing and the target: as animated (grey), the
# reference's (solid blue) and yours (dashed vermilion); thin: +Y or the
# head's facing.
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title tr('aim / look-at: ', 'aim / look-at: ').case_text."\n".student_text noenhanced
    set xlabel 'm'
    set ylabel 'm'
    given_title = tr('ตาม animation (as animated)', 'as animated')
    @view
    load root.'/plots/failing/plane.gp'
    set output
}
