#!/usr/bin/env bash
# make scene: the chapter's closing scene (plots/scene.c) run on YOUR code.
# Each of 07 (foot IK), 09 (root motion) and 10 (controller) comes from DIR
# (exercises/ by default) when that section passes its checks, and from the
# reference otherwise; the program says which, every time. 01's FK and 03's
# two-bone solver are always the reference's, as when the checker grades 07
# (a bug in your 03 never fails your 07). `make plots` draws the book's
# figure from the references alone; this writes beside it:
#   build/plots/scene_yours.dat, scene_yours_summary.txt, scene_yours.svg/.png
#
#   scene.sh BUILD CHECKER OBJDIR DIR CC CFLAGS...
set -u
build=$1 checker=$2 objdir=$3 dir=${4%/}
shift 4
cc=$1
shift
out=$build/plots
mkdir -p "$out" "$build/scene-check"
srcs=(plots/scene.c solutions/01_forward_kinematics/forward_kinematics.c solutions/02_law_of_cosines/law_of_cosines.c
      solutions/03_two_bone/two_bone.c include/*.c)
whose=""
for s in 07_foot_ik 09_root_motion 10_controller_sync; do
  name=${s#*_}.c
  if [ "$(basename "$dir")" != solutions ] && [ -f "$dir/$s/$name" ] &&
     nice "$checker" --root . --dir "$dir" --section "$s" --objdir "$objdir" --work "$build/scene-check/$s" \
       --no-color > "$build/scene-check/$s.log" 2>&1; then
    srcs+=("$dir/$s/$name"); whose="$whose $s: yours ($dir/$s/$name)"$'\n'
  else
    srcs+=("solutions/$s/$name")
    if [ "$(basename "$dir")" = solutions ]; then whose="$whose $s: the reference"$'\n'
    else whose="$whose $s: the reference (yours does not pass make check S=$s yet)"$'\n'; fi
  fi
done
printf "make scene: the closing scene with\n%s" "$whose"
incs=()
for s in 01_forward_kinematics 02_law_of_cosines 03_two_bone 07_foot_ik 09_root_motion 10_controller_sync; do
  incs+=(-I"solutions/$s")
done
"$cc" "$@" -Iinclude "${incs[@]}" "${srcs[@]}" -lm -o "$out/scene_yours" || exit 1
"$out/scene_yours" "$out/scene_yours.dat" > "$out/scene_yours_summary.txt" || { cat "$out/scene_yours_summary.txt"; exit 1; }
cat "$out/scene_yours_summary.txt"
who=$(printf "%s" "$whose" | grep -c yours)
label="reference"; [ "$who" -gt 0 ] && label="yours: $who of 07/09/10"
if command -v gnuplot >/dev/null 2>&1; then
  gnuplot -e "data='$out/scene_yours.dat'; out='$out/scene_yours'; who='$label'" plots/scene.gp &&
    echo "figure: $out/scene_yours.svg (.png)"
else
  echo "gnuplot is not installed: run 'make setup' (as root) or 'sudo apt-get install -y gnuplot-nox' to draw the figure"
fi
