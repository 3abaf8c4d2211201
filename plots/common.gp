# common.gp - shared look for every figure: readable at slide size,
# colour-blind-safe pair for the two solvers, no timestamps anywhere.
# Callers set `out` (path without extension) and call `@svg` / `@png`.
svg = "set terminal svg size 1200,800 dynamic font 'DejaVu Sans,16' linewidth 2 background '#ffffff'; set output out.'.svg'"
png = "set terminal pngcairo size 1200,800 font 'DejaVu Sans,14' linewidth 2 background '#ffffff'; set output out.'.png'"
set style line 1 lc rgb '#0072B2' lw 2        # CCD / reference / first series
set style line 2 lc rgb '#D55E00' lw 2        # FABRIK / student / second series
set style line 3 lc rgb '#009E73' lw 2 dt 2   # marks
set style line 9 lc rgb '#999999' lw 1 dt 3   # tolerance lines
set encoding utf8   # key boxes measure Thai text in characters, not bytes
set grid lc rgb '#dddddd'
set key opaque box lc rgb '#cccccc'
