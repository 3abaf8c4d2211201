# pole.gp - 04: where a pole goes, seen from the character's side: the
# plane of the hip's own +Z (forward, right) and +Y (up), the hip's axes
# grey, the pole where it should be and where yours is, each from the hip.
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title case_text."\n".student_text noenhanced
    set xlabel tr('+Z ของ hip (forward)', 'the hip +Z (forward)')
    set ylabel tr('+Y ของ hip (up)', 'the hip +Y (up)')
    given_title = tr('แกนของ hip (the hip axes)', 'the hip axes')
    POLE = tr('pole ที่ควรเป็น (where the pole should be)', 'where the pole should be')
    @view
    load root.'/plots/failing/plane.gp'
    set output
}
