# common.gp - the look of every picture of a failing case (checker/picture.c
# writes the script that loads this, then plots/failing/<kind>.gp).
# Given: data, out (path without extension), lang ('th' or 'en'), check,
# blocks (' name name ... ': the data's blocks), xmin..ymax (the view),
# formats ('svg png', or one of them: the kind templates loop over it).
set encoding utf8
if (!exists("formats")) formats = 'svg png'
tr(th, en) = (lang eq 'en') ? en : th
if (!exists("w")) w = 1000
if (!exists("h")) h = 760
svg = "set terminal svg size w,h dynamic font 'DejaVu Sans,15' linewidth 1.5 background '#ffffff'; set output out.'.svg'"
png = "set terminal pngcairo size w,h font 'DejaVu Sans,12' linewidth 1.5 background '#ffffff'; set output out.'.png'"
YOURS = tr('ของคุณ (yours)', 'yours')
REF = tr('คำตอบอ้างอิง (reference)', 'reference')
TARGET = tr('เป้าหมาย (target)', 'target')
POLE = tr('pole (ศอกงอเข้าหาจุดนี้, the elbow bends toward it)', 'pole (the elbow bends toward it)')
if (!exists("GROUND")) GROUND = tr('พื้น (ground)', 'ground')
if (!exists("RAY")) RAY = tr('ray ลงล่าง (the ray down)', 'the ray down')
if (!exists("WALL")) WALL = tr('จุดบนกำแพง (wall point)', 'wall point')
if (!exists("given_title")) given_title = tr('ที่ให้มา (given)', 'given')
if (!exists("sfx")) sfx = ''
# the reference solid blue, the student's dashed vermilion (a colour-blind
# safe pair, told apart by the dash too when printed in grey)
set style line 1 lc rgb '#0072B2' lw 3.5 pt 7 ps 1.3
set style line 2 lc rgb '#D55E00' lw 2.5 dt (8, 5) pt 9 ps 1.6
set style line 3 lc rgb '#555555' lw 1.5 dt 3 pt 6 ps 1.0
set style line 4 lc rgb '#009E73' lw 3 pt 3 ps 3
set style line 5 lc rgb '#0072B2' lw 1.5
set style line 6 lc rgb '#D55E00' lw 1.5
set style line 7 lc rgb '#CC79A7' pt 13 ps 2.5
set style line 8 lc rgb '#8C5A2B' lw 3
set style line 9 lc rgb '#999999' lw 1.2 dt 2
set grid lc rgb '#e4e4e4'
set key opaque box lc rgb '#cccccc' samplen 3 spacing 1.2
has(b) = strstrt(blocks, ' '.b.sfx.' ') > 0
blk(b) = '='.b.sfx.'='
# An equal-aspect view of the case, 12 % margin around it, the shorter
# side widened to the plot area's shape (about `aspect` wide per high:
# the key sits above the plot) so a long thin case still fills it.
if (!exists("aspect")) aspect = 1.55
if (!exists("every")) every = 1
# computed when @view runs, so a template's own `aspect` counts
fit = "pad = 0.12 * ((xmax - xmin > ymax - ymin ? xmax - xmin : ymax - ymin) + 1e-9); vx0 = xmin - pad; vx1 = xmax + pad; vy0 = ymin - pad; vy1 = ymax + pad; if ((vx1 - vx0) < aspect * (vy1 - vy0)) { g = 0.5 * (aspect * (vy1 - vy0) - (vx1 - vx0)); vx0 = vx0 - g; vx1 = vx1 + g } else { g = 0.5 * ((vx1 - vx0) / aspect - (vy1 - vy0)); vy0 = vy0 - g; vy1 = vy1 + g }"
view = "eval(fit); set size ratio -1; set xrange [vx0 : vx1]; set yrange [vy0 : vy1]; set key outside top center horizontal"
