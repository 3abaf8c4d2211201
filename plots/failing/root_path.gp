# root_path.gp - 09: the root's path seen from above (x, z), yours over
# the reference's, the start and the first step that went wrong marked.
every = 10
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set title tr('เส้นทางของ root มองจากด้านบน (the root path from above): ', 'the root path from above: ').case_text noenhanced
    set xlabel 'x (m)'
    set ylabel 'z (m)'
    TARGET = tr('step แรกที่ผิด (the first wrong step)', 'the first wrong step')
    @view
    load root.'/plots/failing/plane.gp'
    set output
}
