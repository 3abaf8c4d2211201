#!/bin/bash
# test_pictures.sh BUILD CHECKER OBJDIR - the pictures of failing cases
# (issue 17, checker/picture.c): a typical mistake's failing check names a
# picture whose SVG and PNG exist and are well-formed, a passing run draws
# nothing, and without gnuplot the run says how to get pictures in one line
# and nothing else changes (the score included).
set -u
build=$1 checker=$2 obj=$3
out=$build/test-pictures
rm -rf "$out" && mkdir -p "$out"
fail() { echo "test-pictures: $*"; exit 1; }
command -v gnuplot >/dev/null 2>&1 || { echo "test-pictures: gnuplot not installed, skipped"; exit 0; }

# A planted 09 mistake (no buggy proof names it yet): the delta added in
# the clip's frame, not turned by the character's yaw.
mkdir -p "$out/sub/yaw/09_root_motion"
cp solutions/09_root_motion/* "$out/sub/yaw/09_root_motion/"
sed -i 's/rm_rotate_yaw(delta->translation, character->yaw)/delta->translation/' "$out/sub/yaw/09_root_motion/root_motion.c"
cmp -s solutions/09_root_motion/root_motion.c "$out/sub/yaw/09_root_motion/root_motion.c" && fail "the 09 plant no longer changes the reference"

# More planted mistakes, where no buggy proof fails the check drawn:
# plant name section file sed-expression
plant() {
    mkdir -p "$out/sub/$1/$2"
    cp solutions/$2/* "$out/sub/$1/$2/"
    sed -i "$4" "$out/sub/$1/$2/$3"
    cmp -s "solutions/$2/$3" "$out/sub/$1/$2/$3" && fail "the $1 plant no longer changes solutions/$2/$3"
}
# 04: the knee's pole behind the knee (pole_offsets' first half)
plant knee_behind 04_pole_vector pole_vector.c 's/return v3(0.0f, 0.0f, distance);/return v3(0.0f, 0.0f, -distance);/'
# 04: the offset turned the other way (fails pole_offsets and pole_follows_hip)
plant turned_back 04_pole_vector pole_vector.c 's/quat_rotate(hip_rotation, offset)/quat_rotate(quat_conjugate(hip_rotation), offset)/'
# 08: the weight squared (aim_angle_shrinks), the look-at share ignored (look_at_spreads)
plant weight_squared 08_aim_ik aim_ik.c 's/quat_slerp(animated, full_aim, weight);/quat_slerp(animated, full_aim, weight * weight);/'
plant share_ignored 08_aim_ik aim_ik.c 's/in->weight \* in->bones\[i\].share/in->weight/'
# 10: a fifth of the fall each frame (walks_down_slope), step_height ignored (slopes_and_steps)
plant slow_fall 10_controller_sync controller_sync.c 's/    motion.y = vertical_velocity \* dt;/    motion.y = vertical_velocity * dt * 0.2f;/'
plant no_step 10_controller_sync controller_sync.c 's/c.point.y <= feet + settings->step_height/c.point.y <= feet/'

check_picture() { # name base
    local png=$2.png svg=$2.svg
    # make check and watch name the SVG once it is written; the PNG is
    # drawn right after by a gnuplot of its own (checker/picture.c)
    for _ in $(seq 1 100); do [ -s "$png" ] && break; sleep 0.1; done
    [ -s "$png" ] || fail "$1: $png missing or empty"
    [ -s "$svg" ] || fail "$1: $svg missing or empty"
    [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$1: $png has no PNG signature"
    python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(0 if r.tag.endswith("svg") else 1)' "$svg" \
        || fail "$1: $svg is not an SVG document"
}

# dir section expected-check (the one the report leads with: the first
# failing check that names a mistake, else the first failing) language
cases=(
  "$build/buggy/degrees 02_law_of_cosines worked_examples th"
  "$build/buggy/bend_for_interior 02_law_of_cosines worked_examples en"
  "$build/buggy/pole_side 03_two_bone chapter_arm th"
  "$build/buggy/ccd_direction 05_ccd pass_by_pass th"
  "$build/buggy/fabrik_backward_last 06_fabrik - en"
  "$out/sub/yaw 09_root_motion deltas_add_up th"
  "$build/buggy/pole_side 04_pole_vector rotations_point_bones en"
  "$out/sub/knee_behind 04_pole_vector pole_offsets th"
  "$build/buggy/smaller_deficit 07_foot_ik feet_on_slopes th"
  "$build/buggy/pole_left_behind 07_foot_ik feet_on_slopes en"
  "$build/buggy/bone_length 07_foot_ik leg_out_of_reach th"
  "$out/sub/weight_squared 08_aim_ik aim_angle_shrinks en"
  "$out/sub/share_ignored 08_aim_ik look_at_spreads th"
  "$build/buggy/bone_length 08_aim_ik wall_reach_walk_past en"
  "$out/sub/slow_fall 10_controller_sync walks_down_slope th"
  "$out/sub/no_step 10_controller_sync slopes_and_steps en"
)
n=0
for c in "${cases[@]}"; do
    read -r dir slug check lang <<<"$c"
    n=$((n + 1))
    log=$out/case$n.log
    # each folder holds the one section: its deps are the references' (checker/deps.c)
    IK_CHECKER_DEPS_FROM=$PWD/solutions "$checker" --root . --dir "$dir" --section "$slug" --objdir "$obj" --work "$out/w$n" \
      --no-color --lang "$lang" >"$log" 2>&1
    [ $? = 1 ] || { cat "$log"; fail "$dir $slug: expected exit 1 (some check fails)"; }
    line=$(grep -E 'picture of the failing case\)?: ' "$log") || { cat "$log"; fail "$dir $slug: no picture named"; }
    [ "$(grep -Ec 'picture of the failing case\)?: ' "$log")" = 1 ] || fail "$dir $slug: more than one picture line"
    base=$(sed -E 's/.*picture of the failing case\)?: (.*)\.svg .*/\1/' <<<"$line")
    [ "$check" = - ] || case "$base" in */${slug}__${check}) ;; *) fail "$dir $slug: picture $base is not of $check";; esac
    check_picture "$dir $slug" "$base"
    # gnuplot drew it without a complaint (issue 35: under the C locale the
    # templates' "set encoding utf8" warned about the degree sign every time)
    ! grep -q 'iconv' "$out/w$n/pictures/pictures.log" 2>/dev/null || fail "$dir $slug: gnuplot warned: $(head -2 "$out/w$n/pictures/pictures.log")"
done

# Grading (grade_all) draws every failing check's picture into the
# student's result folder, as SVG: the checker (--plot-defer) leaves the
# data and one script, grade_all draws every submission's in one gnuplot
# run at the end and removes the script and the data. 04's turned_back fails two
# checks, each with its picture (pole_follows_hip's is never the first).
grade_all=$(dirname "$checker")/grade_all
mkdir -p "$out/class/alice"
cp -r "$out/sub/turned_back/04_pole_vector" "$out/class/alice/"
# Graded twice with one cache, into two folders (as test-scale does): the
# second run checks nothing and still draws the same pictures (kept with the
# results in the cache, picture_save/picture_restore).
for g in graded graded2; do
    echo 7 | "$grade_all" --subs "$out/class" --out "$out/$g" --csv "$out/$g/grades.csv" --jobs 1 --checker "$checker" \
        --root . --objdir "$obj" --work "$out/grade-work" --cache "$out/grade-cache" >"$out/$g.log" 2>&1 \
        || { cat "$out/$g.log"; fail "grade_all failed"; }
    # (grading draws the SVG only, as grade_all's convergence figures)
    for check in pole_offsets pole_follows_hip; do
        svg=$out/$g/alice/pictures/04_pole_vector__$check.svg
        [ -s "$svg" ] || { ls "$out/$g/alice/pictures"; fail "$g: no SVG of $check once grade_all ended"; }
        python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(0 if r.tag.endswith("svg") else 1)' "$svg" \
            || fail "$g: $svg is not an SVG document"
        n=$((n + 1))
    done
    [ -n "$(ls "$out/$g/alice/pictures" | grep -v '\.svg$')" ] && fail "$g: more than the SVGs left: $(ls "$out/$g/alice/pictures")"
done
grep -q '^cache: .* 0 run' "$out/graded2/alice/log.txt" || fail "the cached regrade ran checks: $(grep '^cache:' "$out/graded2/alice/log.txt")"
# (the numbers, <slug>_failing_cases.rec, are the cache's: gone from the
# results once drawn; the same numbers draw the same SVG)
for check in pole_offsets pole_follows_hip; do
    cmp -s "$out/graded/alice/pictures/04_pole_vector__$check.svg" "$out/graded2/alice/pictures/04_pole_vector__$check.svg" \
        || fail "the cached regrade drew other numbers ($check)"
done
[ -n "$(ls "$out"/graded*/alice/ | grep '\.rec$')" ] && fail "the failing cases' recordings left in the results: $(ls "$out"/graded*/alice/)"
# An untouched stub has no pictures (it fails for no mistake of the student's).
"$checker" --root . --dir exercises --section 02 --objdir "$obj" --work "$out/stub" --no-color >"$out/stub.log" 2>&1
grep -q 'picture of the failing case' "$out/stub.log" && fail "an untouched stub's failure names a picture"
# ... and one line says why there is none; so does a check that draws none (01's)
grep -q '^  (ไม่มีรูป: ไฟล์ยังเป็น stub เดิม' "$out/stub.log" || fail "an untouched stub's failure does not say why it has no picture"
"$checker" --root . --dir "$build/buggy/multiply_order" --section 01 --objdir "$obj" --work "$out/nopic" --no-color --lang en >"$out/nopic.log" 2>&1
[ "$(grep -c '^  (no picture for this check: it does not draw its failing case' "$out/nopic.log")" = 1 ] \
    || { cat "$out/nopic.log"; fail "01's failure (no picture drawn) does not say why in one line"; }

# A passing run draws nothing and says nothing of pictures.
"$checker" --root . --dir solutions --section 02,03,04,05,07,08,09,10 --objdir "$obj" --work "$out/pass" --no-color >"$out/pass.log" 2>&1 \
    || { cat "$out/pass.log"; fail "the references did not pass"; }
grep -q 'picture' "$out/pass.log" && fail "a passing run mentions a picture"
[ -z "$(ls -A "$out/pass/pictures" 2>/dev/null)" ] || fail "a passing run wrote $(ls "$out/pass/pictures")"

# Without gnuplot on PATH: the same output but for one line saying how to
# get pictures, the same results (scores) file.
nognu=$out/bin-without-gnuplot
mkdir -p "$nognu"
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    [ -d "$d" ] || continue
    for f in "$d"/*; do
        b=${f##*/}
        case $b in gnuplot*) continue;; esac
        [ -e "$nognu/$b" ] || ln -s "$f" "$nognu/$b" 2>/dev/null
    done
done
for run in with without; do
    p=$PATH; [ $run = without ] && p=$nognu
    PATH=$p "$checker" --root . --dir "$build/buggy/degrees" --section 02_law_of_cosines --objdir "$obj" --work "$out/g-$run" \
        --no-color --lang en >"$out/g-$run.log" 2>&1
    echo $? >"$out/g-$run.rc"
done
cmp -s "$out/g-with.rc" "$out/g-without.rc" || fail "the exit status changed without gnuplot"
[ "$(grep -c 'install gnuplot to get a picture' "$out/g-without.log")" = 1 ] || { cat "$out/g-without.log"; fail "without gnuplot: not exactly one line saying how to get pictures"; }
grep -Eq 'picture of the failing case\)?: /' "$out/g-without.log" && fail "without gnuplot a picture is named"
diff <(grep -Ev 'picture of the failing case\)?: /' "$out/g-with.log") <(grep -v 'install gnuplot to get a picture' "$out/g-without.log") >/dev/null \
    || fail "without gnuplot the output changed beyond the one line"
cmp -s <(awk -F'\t' -v OFS='\t' '$1 == "section" { $6 = $7 = "" } 1' "$out/g-with/results.tsv") <(awk -F'\t' -v OFS='\t' '$1 == "section" { $6 = $7 = "" } 1' "$out/g-without/results.tsv") || fail "without gnuplot the results changed"
[ -z "$(ls -A "$out/g-without/pictures" 2>/dev/null | grep -v '\.dat$')" ] || fail "without gnuplot pictures were written"

echo "test-pictures: $n failing cases each named a well-formed SVG and PNG; a passing run drew nothing; without gnuplot one line, the same results"
