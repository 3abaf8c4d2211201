# limb.gp - 03/04: a two-bone limb in the plane of root, target and pole
# (x along root->target, y toward the pole side): the root->target line,
# the pole, the reference's elbow and yours.
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title case_text."\n".student_text noenhanced
    set xlabel tr('ตามเส้น root → target', 'along root → target')
    set ylabel tr('ไปทาง pole (toward the pole)', 'toward the pole')
    given_title = tr('เส้น root → target', 'root → target line')
    @view
    load root.'/plots/failing/plane.gp'
    set output
}
