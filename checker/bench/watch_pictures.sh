#!/bin/bash
# watch_pictures.sh BUILD CHECKER OBJDIR [WATCH] - watch mode's save ->
# redraw with the picture of the failing case written (issue 17's goal:
# <= 0.5 s at the 90th percentile on the 2-core machine).
#
# It runs the real watch (build/watch, inotify, its output to a file) on a
# typical mistake of each section 02-10 and saves the student's file
# SAVES times (a new comment, so the runner is compiled again, as after a
# real edit; one save before them warms up and is not counted). Each save
# is timed from just before the write to the end of the redraw, when the
# screen is written; the redraw counts only if the picture it names (the
# SVG: the PNG is drawn right after by a detached gnuplot, checker/picture.c)
# was written by then. Where the time goes, from WORKBOOK_TIMINGS (watch's
# line and the checker's --timings line, checker/report.c):
#   wake     the write -> watch has read the inotify event
#   settle   the event -> the redraw starts (the editor's burst is over)
#   start    -> the checker runs (its process started)
#   compile  the student's file into a runner (caged compiler, linker)
#   checks   the section's checks (the runner answering, the judge)
#   picture  gnuplot drawing the first failing check's SVG
#   rest     the rest of the checker (staging, report, results.tsv) and
#            watch printing the screen
#   total    the write -> the screen written; png: -> the PNG there too
# wall time in ms, p50 and p90 per section and over every save, and CPU
# time (the checker and every process it waited for) beside the wall
# time: the machine is shared, and CPU time is what a quieter machine
# would see. The load average is printed with each section and at the end.
set -u
build=$1 checker=$2 obj=$3 watch=${4:-$build/watch}
out=$build/bench-pictures
rm -rf "$out" && mkdir -p "$out"
command -v gnuplot >/dev/null 2>&1 || { echo "bench-pictures: gnuplot not installed, skipped"; exit 0; }
SAVES=${SAVES:-10}
load() { cut -d' ' -f1-3 /proc/loadavg; }
load_start=$(load)
mkdir -p "$out/sub"
# case:section - a buggy proof (checker/tests/buggy/) or a mistake planted below
CASES="degrees:02_law_of_cosines pole_side:03_two_bone pole_side:04_pole_vector ccd_direction:05_ccd
fabrik_backward_last:06_fabrik smaller_deficit:07_foot_ik bone_length:08_aim_ik yaw:09_root_motion
slow_fall:10_controller_sync"
for c in $CASES; do
    [ -d "$build/buggy/${c%%:*}/${c#*:}" ] && mkdir -p "$out/sub/${c%%:*}" && cp -r "$build/buggy/${c%%:*}/${c#*:}" "$out/sub/${c%%:*}/"
done
mkdir -p "$out/sub/yaw" && cp -r solutions/09_root_motion "$out/sub/yaw/"
sed -i 's/rm_rotate_yaw(delta->translation, character->yaw)/delta->translation/' "$out/sub/yaw/09_root_motion/root_motion.c"
mkdir -p "$out/sub/slow_fall" && cp -r solutions/10_controller_sync "$out/sub/slow_fall/"
sed -i 's/    motion.y = vertical_velocity \* dt;/    motion.y = vertical_velocity * dt * 0.2f;/' "$out/sub/slow_fall/10_controller_sync/controller_sync.c"
for c in $CASES; do
    cmp -s "solutions/${c#*:}/"*.c "$out/sub/${c%%:*}/${c#*:}/"*.c 2>/dev/null && { echo "bench-pictures: ${c%%:*} does not change ${c#*:}"; exit 1; }
done

# Waits until file $1 has more than $2 lines starting with "watch " ($3 s at most).
wait_lines() {
    local i
    for i in $(seq 1 $(($3 * 100))); do
        [ "$(grep -c '^watch ' "$1" 2>/dev/null)" -gt "$2" ] && return 0
        sleep 0.01
    done
    return 1
}

rows=$out/saves.tsv
: >"$rows"
for c in $CASES; do
    name=${c%%:*} slug=${c#*:} dir=$out/sub/${c%%:*}
    file=$(ls "$dir/$slug"/*.c | grep -v '/main\.c$' | head -1)
    times=$out/timings-$name.txt log=$out/watch-$name.log
    : >"$times"
    WORKBOOK_TIMINGS=$times "$watch" --checker "$checker" --root . --dir "$dir" --objdir "$obj" --work "$out/w-$name" \
        </dev/null >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 3000); do grep -q '^(inotify)' "$log" && break; sleep 0.01; done
    grep -q '^(inotify)' "$log" || { echo "bench-pictures: watch did not start with inotify"; cat "$log"; kill "$pid"; exit 1; }
    for i in $(seq 0 "$SAVES"); do
        seen=$(grep -c '^watch ' "$times")
        t0=$EPOCHREALTIME
        echo "/* save $i */" >>"$file"
        wait_lines "$times" "$seen" 60 || { echo "bench-pictures: $slug save $i: no redraw"; kill "$pid"; exit 1; }
        w=$(grep '^watch ' "$times" | tail -1) k=$(grep '^checker ' "$times" | tail -1)
        # the picture the redraw names: written before the screen was
        svg=$(sed -nE 's/.*picture of the failing case\)?: (\/.*)\.svg .*/\1.svg/p' "$log" | tail -1)
        end=$(echo "$w" | sed -E 's/.* end=([0-9.]+).*/\1/')
        if [ -z "$svg" ] || [ ! -s "$svg" ] ||
           ! awk -v a="$(stat -c %.6Y "$svg")" -v t0="$t0" -v e="$end" 'BEGIN { exit !(a >= t0 && a <= e + 0.001) }'; then
            echo "bench-pictures: $slug save $i: no picture written before the redraw ended"; tail -30 "$log"; kill "$pid"; exit 1
        fi
        png=${svg%.svg}.png pt=0
        for _ in $(seq 1 1000); do
            [ -s "$png" ] && pt=$(stat -c %.6Y "$png") && awk -v a="$pt" -v t0="$t0" 'BEGIN { exit !(a >= t0) }' && break
            pt=0; sleep 0.01
        done
        [ "$i" = 0 ] && continue # the warm-up save
        awk -v slug="$slug" -v t0="$t0" -v w="$w" -v k="$k" -v png="$pt" 'BEGIN {
            n = split(w, f, " "); for (i = 2; i <= n; i++) { split(f[i], kv, "="); W[kv[1]] = kv[2] }
            n = split(k, f, " "); for (i = 2; i <= n; i++) { split(f[i], kv, "="); K[kv[1]] = kv[2] }
            split(K["compile"], c, "/"); split(K["checks"], x, "/"); split(K["picture"], p, "/")
            ms = 1000
            printf "%s wake %.1f settle %.1f start %.1f compile %.1f compile_cpu %.1f checks %.1f checks_cpu %.1f", slug,
                (W["seen"] - t0) * ms, (W["began"] - W["seen"]) * ms, (K["start"] - W["began"]) * ms, c[1] * ms, c[2] * ms,
                x[1] * ms, x[2] * ms
            printf " picture %.1f picture_cpu %.1f rest %.1f total %.1f total_cpu %.1f png %.1f\n", p[1] * ms, p[2] * ms,
                (W["end"] - K["start"] - c[1] - x[1] - p[1]) * ms, (W["end"] - t0) * ms, W["cpu"] * ms,
                (png > 0 ? (png - t0) * ms : -1) }' >>"$rows"
    done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    echo "bench-pictures: $slug done, load $(load)"
done

# p50 and p90 (nearest rank) of each phase, per section and over all saves
report() { # label rows...
    awk -v label="$1" '
    { n++; for (i = 2; i < NF; i += 2) { col[$i] = 1; val[$i, n] = $(i + 1) } }
    function pct(name, p,   k, m, a, i, j, t) {
        m = 0; for (k = 1; k <= n; k++) a[++m] = val[name, k]
        for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        k = int(p * m); if (k < p * m) k++; if (k < 1) k = 1
        return a[k] }
    END {
        printf "bench-pictures: %-18s %2d saves  wall ms p50/p90 (cpu ms p50/p90)\n", label, n
        split("wake settle start compile checks picture rest total png", names, " ")
        line = ""
        for (i = 1; i <= 9; i++) {
            name = names[i]
            s = sprintf("%s %d/%d", name, pct(name, 0.5), pct(name, 0.9))
            cpu = name == "total" ? "total_cpu" : name "_cpu"
            if ((cpu, 1) in val) s = s sprintf(" (%d/%d)", pct(cpu, 0.5), pct(cpu, 0.9))
            line = line (i == 1 ? "" : ", ") s
        }
        print "  " line
    }'
}
for c in $CASES; do
    slug=${c#*:}
    grep "^$slug " "$rows" | report "$slug"
done
report "all sections" <"$rows"
load_end=$(load)
awk -v load="$load_start -> $load_end" -v cores="$(nproc)" '{ for (i = 2; i < NF; i += 2) if ($i == "total") t[++n] = $(i + 1); else if ($i == "total_cpu") c[n + 1] = $(i + 1) }
    END {
        for (i = 2; i <= n; i++) { x = t[i]; for (j = i - 1; j >= 1 && t[j] > x; j--) t[j + 1] = t[j]; t[j + 1] = x }
        k = int(0.9 * n); if (k < 0.9 * n) k++
        m = int(0.5 * n); if (m < 0.5 * n) m++
        printf "bench watch_redraw_with_picture_p50 %d ms\n", t[m]
        printf "bench watch_redraw_with_picture_p90 %d ms (%d saves over 02-10, %d cores, load average %s; goal 500 ms: %s)\n",
            t[k], n, cores, load, t[k] <= 500 ? "met" : "not met" }' "$rows"
