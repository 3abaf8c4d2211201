#!/usr/bin/env bash
# make_class.sh - a made-up class to grade: make_class.sh DIR N
# Student i (1..N) hands in, deterministically by i: the untouched stubs
# (every 7th), or the reference with some of the buggy solutions of
# checker/tests/buggy/ applied (each proves one named mistake), a section
# missing (every 5th), a compile error (every 11th), and a comment of its
# own in every file so that no two students' files are the same bytes.
# Used by make test-scale and to look at the class summary by hand.
set -euo pipefail
dir=$1 n=$2
mapfile -t bugs < <(ls checker/tests/buggy/*/*.sed | sort)
rm -rf "$dir" && mkdir -p "$dir"
for i in $(seq 1 "$n"); do
  s=$(printf '%s/student%03d' "$dir" "$i")
  if [ $((i % 7)) = 0 ]; then cp -r exercises "$s"; continue; fi
  cp -r solutions "$s"
  rm -f "$s"/*/*.h
  for k in 0 1 2; do   # up to three mistakes, picked by i
    b=${bugs[$(((i * (k + 3) + k * 5) % ${#bugs[@]}))]}
    [ $(((i + k) % 3)) = 0 ] || continue
    slug=$(basename "$b" .sed) name=${slug#*_}
    sed -f "$b" "$s/$slug/$name.c" > "$s/$slug/$name.c.new" && mv "$s/$slug/$name.c.new" "$s/$slug/$name.c"
  done
  [ $((i % 5)) = 1 ] && rm -rf "$s/08_aim_ik"
  [ $((i % 11)) = 3 ] && echo 'int broken = ;' >> "$s/04_pole_vector/pole_vector.c"
  for f in "$s"/*/*.c; do echo "/* handed in by student $i */" >> "$f"; done
done
