# triangle.gp - 02: the arm's triangle, shoulder at 0, the target on the x
# axis at D; the elbow and hand your angles give over the reference's, both
# angles marked (shoulder at the root, interior at the elbow).
given_title = tr('D: ไหล่ถึงเป้าหมาย (shoulder to target)', 'D: shoulder to target')
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title tr("สามเหลี่ยมของแขน (the arm's triangle): ", "the arm's triangle: ").case_text."\n".tr('ของคุณ (yours): ', 'yours: ').student_text noenhanced
    @view
    load root.'/plots/failing/plane.gp'
    set output
}
