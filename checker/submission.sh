#!/usr/bin/env bash
# submission.sh - what an upload holds and where its graded files are, for
# checker/gradescope/run_autograder and make grade (source it, then
#   find_submission UPLOAD STAGING ROOT
# sets SUB_DIR (the folder to grade, laid out like exercises/), SUB_LAYOUT
# (one sentence: which layout was found), SUB_VERSION (the workbook version
# the student edition stamped on it, or empty) and, when nothing matches,
# SUB_ERROR (one message saying what was expected) with SUB_DIR empty, and
# how the student knows the graded folder: SUB_SHOWN (its path inside the
# upload, "" for the top) and SUB_LOOSE (1: the graded files were handed in
# loose, without their NN_slug/ folders), for the checker's --shown-dir and
# --shown-loose: messages then name the student's own files.
#
# The layouts, as they really arrive (Gradescope drag-and-drop, a zip of a
# GitHub repository, a clone):
#   sections   NN_slug/ folders at the top (a leftover exercises/ of stubs
#              beside them is ignored)
#   workbook   an exercises/ folder at the top: a whole workbook, or a
#              student edition (checker/replay/VERSION names its version)
#   wrapped    one folder around either (workbook-main/, a zip's top folder;
#              __MACOSX/ and dot files do not count), looked into once
#   loose      the graded files themselves (two_bone.c, ...: their names
#              are unique), at the top or in the one wrapping folder; copied
#              into STAGING/NN_slug/
# Never through a symbolic link: a linked folder is not looked into, a
# linked file is not copied (the checker then says the file is missing).

# the graded file of every section, from the contract's headers: NN_slug name.c
_sub_sections() {
  local d
  for d in "$1"/solutions/[0-9][0-9]_* "$1"/checker/headers/[0-9][0-9]_*; do
    [ -d "$d" ] || continue
    local s=${d##*/}
    echo "$s ${s#*_}.c"
  done | sort -u
}

# the entries of a folder that count (not __MACOSX, not dot files)
_sub_entries() { find "$1" -mindepth 1 -maxdepth 1 ! -name '.*' ! -name '__MACOSX' -printf '%f\n' 2>/dev/null | sort; }

# (what "ls -d DIR/[0-9][0-9]_*/" said, without a process: grade_all asks
# this for every submission)
_sub_has_sections() {
  local d
  for d in "$1"/[0-9][0-9]_*/; do [ -e "$d" ] && return 0; done
  return 1
}

_sub_version_of() { # the stamp of a student edition: its VERSION file, or the line in its graded files
  local dir=$1 v=""
  [ -f "$dir/checker/replay/VERSION" ] && [ ! -L "$dir/checker/replay/VERSION" ] && v=$(head -c 100 "$dir/checker/replay/VERSION" | head -n 1 | tr -cd '0-9a-f+changes')
  # the first stamp grep finds, after its @ (bash's own, not head and sed:
  # two processes less for every submission grade_all lays out)
  [ -z "$v" ] && { v=$(grep -h -o -m 1 'student edition @[0-9a-f]\{7,40\}\(+changes\)\{0,1\}' -r --include='*.c' "$dir" 2>/dev/null); v=${v%%$'\n'*}; v=${v##*@}; }
  printf '%s' "$v"
}

find_submission() {
  local upload=$1 staging=$2 root=$3 at=$1 wrapped="" entries inside=""
  SUB_DIR="" SUB_LAYOUT="" SUB_VERSION="" SUB_ERROR="" SUB_SHOWN="" SUB_LOOSE=0
  local sections
  sections=$(_sub_sections "$root")
  for pass in 1 2; do
    if _sub_has_sections "$at"; then
      SUB_DIR=$at SUB_LAYOUT="section folders (NN_slug/) at the top${wrapped:+ of $wrapped}" SUB_SHOWN=$inside
    elif [ -d "$at/exercises" ] && [ ! -L "$at/exercises" ]; then
      SUB_DIR=$at/exercises SUB_SHOWN=${inside:+$inside/}exercises
      if [ -f "$at/checker/replay/VERSION" ]; then SUB_LAYOUT="a student edition of the workbook${wrapped:+ in $wrapped}: its exercises/"
      else SUB_LAYOUT="a whole workbook${wrapped:+ in $wrapped}: its exercises/"; fi
    else
      # loose graded files
      local found=0 s name
      while read -r s name; do
        [ -n "$s" ] || continue
        if [ -f "$at/$name" ] && [ ! -L "$at/$name" ]; then
          [ $found = 0 ] && { rm -rf "$staging"; mkdir -p "$staging"; }
          mkdir -p "$staging/$s" && cp "$at/$name" "$staging/$s/$name" && found=$((found + 1))
        fi
      done <<<"$sections"
      if [ $found -gt 0 ]; then
        SUB_DIR=$staging SUB_LAYOUT="$found graded file(s) handed in loose${wrapped:+ in $wrapped}" SUB_SHOWN=$inside SUB_LOOSE=1
      fi
    fi
    [ -n "$SUB_DIR" ] && break
    # one wrapping folder: look into it once
    entries=$(_sub_entries "$at")
    if [ "$pass" = 1 ] && [ -n "$entries" ] && [ "$(printf '%s\n' "$entries" | wc -l)" = 1 ] && [ -d "$at/$entries" ] && [ ! -L "$at/$entries" ]; then
      wrapped="one wrapping folder '$(printf '%s' "$entries" | tr -cd '[:print:]' | head -c 60)/'"
      at=$at/$entries inside=$entries
      continue
    fi
    break
  done
  if [ -z "$SUB_DIR" ]; then
    local names shown
    names=$(printf '%s\n' "$sections" | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $2 }')
    shown=$(_sub_entries "$upload" | head -n 8 | tr -cd '[:print:]\n' | paste -sd ' ' | head -c 200)
    SUB_ERROR="ไม่พบงานในรูปแบบที่ตรวจได้ (no gradable files found): ส่งไฟล์ที่ตรวจ ($names) แยกเป็นไฟล์ หรือโฟลเดอร์ NN_slug/ หรือ exercises/ ของ workbook (ใส่ในโฟลเดอร์ครอบได้หนึ่งชั้น) — expected the graded files ($names) loose, or the NN_slug/ folders, or the workbook's exercises/, optionally inside one wrapping folder; the upload holds: ${shown:-nothing}"
    return 1
  fi
  SUB_VERSION=$(_sub_version_of "$at")
  return 0
}

# The sentence for a version other than the grader's ("" when the same or
# unknown).
version_note() { # SUBMISSION_VERSION GRADER_VERSION
  local sub=$1 grader=$2
  [ -n "$sub" ] && [ -n "$grader" ] || return 0
  [ "${sub%+changes}" = "${grader%+changes}" ] && return 0
  printf 'งานนี้ทำจาก workbook รุ่น %s แต่ตรวจด้วยรุ่น %s: ถ้า check หรือ header เปลี่ยนระหว่างสองรุ่น ผลอาจต่างจากที่เห็นใน make check — this submission was made from workbook version %s and is graded with version %s: where checks or headers changed between them, results can differ from what make check showed.' \
    "${sub:0:12}" "${grader:0:12}" "${sub:0:12}" "${grader:0:12}"
}
