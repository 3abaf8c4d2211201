# chain.gp - 05/06: the chain after each pass, yours over the reference's
# (top row) and the reference's alone (bottom row), over the chain as given
# (grey) and the target.
w = 360 * passes + 260
h = 900
do for [fmt in formats] {
    if (fmt eq "svg") { @svg } else { @png }
    set multiplot layout 2, passes title solver.': '.tr('โซ่หลังแต่ละรอบ (the chain after each pass)', 'the chain after each pass')."\n".case_text."\n".tr('ส้มประ = ของคุณ (yours), น้ำเงินทึบ = อ้างอิง (reference), เทาจุด = โซ่ที่ให้มา (given), กากบาทเขียว = เป้าหมาย (target)', 'dashed vermilion = yours, solid blue = reference, grey dotted = the chain as given, green cross = target') noenhanced
    aspect = 1.2
    @view
    set key off
    unset xtics
    unset ytics
    given_title = tr('โซ่ที่ให้มา (given)', 'the chain as given')
    do for [p = 1:passes] {
        set title tr('ของคุณ + อ้างอิง (yours + reference), pass ', 'yours + reference, pass ').p
        sfx = sprintf('.s%d', p)
        load root.'/plots/failing/plane.gp'
        set key off
    }
    do for [p = 1:passes] {
        set title tr('อ้างอิง (reference), รอบ (pass) ', 'reference, pass ').p
        sfx = sprintf('.r%d', p)
        load root.'/plots/failing/plane.gp'
        set key off
    }
    unset multiplot
    set output
}
