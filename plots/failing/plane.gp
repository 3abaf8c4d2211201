# plane.gp - draws the standard blocks of a case in its plane (loaded by the
# kind templates, after their titles; sfx picks one panel's blocks):
#   ground (brown), ray (thin grey): 07's terrain and rays, 10's boxes;
#   given/givenlab  the input (grey dotted), target (green cross), pole (purple),
#   ref/refmark/reflab  the reference (solid blue), student/studentmark/
#   studentlab  the student's result (dashed vermilion).
cmd = ''
if (has('ground')) { cmd = cmd.sprintf("data index '%s' with lines ls 8 title GROUND, ", blk('ground')) }
if (has('ray')) { cmd = cmd.sprintf("data index '%s' with lines ls 9 title RAY, ", blk('ray')) }
if (has('given')) { cmd = cmd.sprintf("data index '%s' with linespoints ls 3 title given_title, ", blk('given')) }
if (has('refmark')) { cmd = cmd.sprintf("data index '%s' with lines ls 5 notitle, ", blk('refmark')) }
if (has('ref')) { cmd = cmd.sprintf("data index '%s' with linespoints ls 1 pi every title REF, ", blk('ref')) }
if (has('studentmark')) { cmd = cmd.sprintf("data index '%s' with lines ls 6 notitle, ", blk('studentmark')) }
if (has('student')) { cmd = cmd.sprintf("data index '%s' with linespoints ls 2 pi every title YOURS, ", blk('student')) }
if (has('target')) { cmd = cmd.sprintf("data index '%s' with points ls 4 title TARGET, ", blk('target')) }
if (has('wall')) { cmd = cmd.sprintf("data index '%s' with points lc rgb '#000000' pt 5 ps 1.8 title WALL, ", blk('wall')) }
if (has('pole')) { cmd = cmd.sprintf("data index '%s' with points ls 7 title POLE, ", blk('pole')) }
if (has('givenlab')) { cmd = cmd.sprintf("data index '%s' using 1:2:3 with labels tc rgb '#333333' offset 0,-1 notitle, ", blk('givenlab')) }
if (has('reflab')) { cmd = cmd.sprintf("data index '%s' using 1:2:3 with labels tc rgb '#0072B2' offset 0,1 notitle, ", blk('reflab')) }
if (has('studentlab')) { cmd = cmd.sprintf("data index '%s' using 1:2:3 with labels tc rgb '#D55E00' offset 0,-2 notitle, ", blk('studentlab')) }
if (strlen(cmd) > 2) { eval('plot '.cmd[1:strlen(cmd) - 2]) }
