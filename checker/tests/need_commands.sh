#!/usr/bin/env bash
# need_commands.sh - is every command the tests call installed? (run first by
# make test, and by the test scripts for the commands they call)
#   need_commands.sh                  every command and file in the table below
#   need_commands.sh unzip jq ...     only these (each must be in the table)
#   need_commands.sh --self-test      only: every package of the table is in
#                                     the Makefile list its row names
#   need_commands.sh --audit          also list words of the Makefiles and test
#                                     scripts that are commands here but not
#                                     in the table (a hint, never a failure)
# Options before the names: --lists "PACKAGES_CHECK" "PACKAGES_MORE" gives the
# Makefile's lists (make passes "$(PACKAGES_CHECK)" "$(PACKAGES_MORE)");
# without it they are read from the Makefile's PACKAGES_ lines.
#
# A missing command is named with the Debian package that provides it and
# the Makefile list it belongs to, so a list that forgot one shows up as
# "unzip: command not found" nowhere, but here, first, with the fix.
# Exit 0 when all are present, 1 when any is missing, 2 when the table and
# the Makefile lists disagree (or a name is not in the table).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2

# The one table: what the project's Makefiles, tests and Gradescope scripts
# call, and the package of the Makefile's lists that brings it.
#   kind  name        package        list
# kind: cmd (found with command -v) or file (a path, may hold a glob).
# list: check (PACKAGES_CHECK: make check needs it), more (PACKAGES_MORE:
# make test, book or plots), or base (part of every Debian, even debootstrap
# minbase: Essential or Priority required; named for other systems only).
# A command that comes as a dependency names the listed package that pulls
# it in (ar and as come with gcc, through binutils).
TABLE='
cmd   make        make           check
cmd   cc          gcc            check
cmd   gcc         gcc            check
cmd   ar          gcc            check
cmd   as          gcc            check
cmd   musl-gcc    musl-tools     check
file  /usr/include/CUnit/CUnit.h        libcunit1-dev       check
file  /usr/include/seccomp.h            libseccomp-dev      check
cmd   clang       clang          more
file  /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a  libclang-rt-14-dev  more
file  /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.asan-*.a    libclang-rt-14-dev  more
cmd   gnuplot     gnuplot-nox    more
cmd   xmllint     libxml2-utils  more
cmd   jq          jq             more
cmd   python3     python3        more
cmd   zip         zip            more
cmd   unzip       unzip          more
cmd   tmux        tmux           more
cmd   pgrep       procps         more
cmd   pkill       procps         more
cmd   pandoc      pandoc         more
cmd   chromium    chromium       more
cmd   wasm-ld-14  lld-14         more
file  /usr/lib/wasm32-wasi/libc.a       wasi-libc           more
file  /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a  libclang-rt-14-dev-wasm32  more
cmd   fc-list     fontconfig     more
file  /usr/share/fonts/*/tlwg/Loma.*     fonts-thai-tlwg     more
file  /usr/include/zlib.h               zlib1g-dev          more
cmd   sim_c       similarity-tester  more
cmd   git         git            more
cmd   bash        bash           base
cmd   sed         sed            base
cmd   grep        grep           base
cmd   awk         mawk           base
cmd   find        findutils      base
cmd   xargs       findutils      base
cmd   cmp         diffutils      base
cmd   diff        diffutils      base
cmd   script      bsdutils       base
cmd   unshare     util-linux     base
cmd   setpriv     util-linux     base
cmd   dpkg-query  dpkg           base
cmd   apt-get     apt            base
cmd   basename    coreutils      base
cmd   cat         coreutils      base
cmd   chmod       coreutils      base
cmd   comm        coreutils      base
cmd   cp          coreutils      base
cmd   cut         coreutils      base
cmd   date        coreutils      base
cmd   dirname     coreutils      base
cmd   du          coreutils      base
cmd   env         coreutils      base
cmd   head        coreutils      base
cmd   iconv       libc-bin       base
cmd   id          coreutils      base
cmd   ln          coreutils      base
cmd   ls          coreutils      base
cmd   mkdir       coreutils      base
cmd   mktemp      coreutils      base
cmd   mv          coreutils      base
cmd   nproc       coreutils      base
cmd   od          coreutils      base
cmd   realpath    coreutils      base
cmd   rm          coreutils      base
cmd   seq         coreutils      base
cmd   sleep       coreutils      base
cmd   sort        coreutils      base
cmd   stat        coreutils      base
cmd   tail        coreutils      base
cmd   tee         coreutils      base
cmd   timeout     coreutils      base
cmd   touch       coreutils      base
cmd   tr          coreutils      base
cmd   wc          coreutils      base
'
# Words of those files that are commands on some machines but are not called
# as commands there (prose in comments, make functions, package names), for
# --audit. git is called by make gradescope only when present (it copies the
# folders otherwise), so it is not needed either.
NOT_CALLED='apt c++ clangd column convert debootstrap dir dpkg editor file git gnuplot-nox install last ld link look
  mawk more open perf prove size split strings strip top w wall watch which write'

lists_given=0 list_check="" list_more=""
mode=check
while [ $# -gt 0 ]; do
  case $1 in
    --lists) [ $# -ge 3 ] || { echo "need_commands: --lists needs two lists" >&2; exit 2; }
             list_check=$2 list_more=$3 lists_given=1; shift 3 ;;
    --self-test) mode=self; shift ;;
    --audit) mode=audit; shift ;;
    --) shift; break ;;
    *) break ;;
  esac
done
if [ $lists_given = 0 ]; then
  list_check=$(sed -n 's/^PACKAGES_CHECK[[:space:]]*:*=[[:space:]]*//p' Makefile)
  list_more=$(sed -n 's/^PACKAGES_MORE[[:space:]]*:*=[[:space:]]*//p' Makefile)
fi

# ---- the table against the Makefile's lists -------------------------------
status=0
if [ -z "$list_check" ] || [ -z "$list_more" ]; then
  echo "need_commands: cannot read PACKAGES_CHECK / PACKAGES_MORE from the Makefile" >&2
  exit 2
fi
in_list() { case " $2 " in *" $1 "*) return 0;; esac; return 1; }
while read -r kind name pkg list; do
  [ -n "$kind" ] || continue
  case $list in
    check) in_list "$pkg" "$list_check" || { echo "need_commands: table: $name needs $pkg, which is not in PACKAGES_CHECK" >&2; status=2; } ;;
    more) in_list "$pkg" "$list_more" || in_list "$pkg" "$list_check" \
            || { echo "need_commands: table: $name needs $pkg, which is in neither PACKAGES_CHECK nor PACKAGES_MORE" >&2; status=2; } ;;
    base) ;;
    *) echo "need_commands: table: $name has no list (check, more or base): '$list'" >&2; status=2 ;;
  esac
done <<< "$TABLE"
[ $status = 0 ] || exit $status
# The check itself works: lists without unzip are caught, naming it (with
# --self-test, and on a full run such as make test's).
if [ -z "${NEED_COMMANDS_INNER:-}" ] && { [ $mode = self ] || [ $# = 0 ]; }; then
  out=$(NEED_COMMANDS_INNER=1 bash "$0" --lists "${list_check/unzip/}" "${list_more/unzip/}" --self-test 2>&1)
  [ $? = 2 ] && grep -q "unzip needs unzip" <<< "$out" \
    || { echo "need_commands: self-test: lists without unzip were not caught: $out" >&2; exit 2; }
fi
[ $mode = self ] && { echo "need_commands: every package of the table is in the Makefile's lists (and a list without unzip is caught)"; exit 0; }

# ---- present? ---------------------------------------------------------------
want=" $* "
missing=0 checked=0 unknown=""
for n in "$@"; do
  awk -v n="$n" '$2 == n { found = 1 } END { exit !found }' <<< "$TABLE" || unknown="$unknown $n"
done
if [ -n "$unknown" ]; then
  echo "need_commands: not in the table of checker/tests/need_commands.sh:$unknown (add a row naming its package)" >&2
  exit 2
fi
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
present() { # kind name
  if [ "$1" = cmd ]; then command -v "$2" >/dev/null 2>&1; return; fi
  compgen -G "$2" >/dev/null
}
while read -r kind name pkg list; do
  [ -n "$kind" ] || continue
  [ $# = 0 ] || in_list "$name" "$want" || continue
  checked=$((checked + 1))
  present "$kind" "$name" && continue
  missing=$((missing + 1))
  what="command '$name'"; [ "$kind" = file ] && what="file $name"
  case $list in
    check) where="PACKAGES_CHECK of the Makefile" ;;
    more) where="PACKAGES_MORE of the Makefile" ;;
    *) where="part of every Debian install" ;;
  esac
  if command -v dpkg-query >/dev/null 2>&1 && installed "$pkg"; then
    echo "need_commands: ขาด (missing) $what, yet Debian package $pkg ($where) is installed: is its folder on PATH? (or the table in checker/tests/need_commands.sh names the wrong package)" >&2
  else
    echo "need_commands: ขาด (missing) $what: install Debian package $pkg ($where) — make setup (as root), or: sudo apt-get install -y $pkg" >&2
  fi
done <<< "$TABLE"
if [ $missing -gt 0 ]; then
  echo "need_commands: $missing of $checked needed commands and files are missing" >&2
  exit 1
fi

# ---- audit: words that are commands here but not in the table ------------
if [ $mode = audit ]; then
  files="Makefile checker/section.mk chapters/book.mk plots/plots.mk checker/tests/*.mk checker/tests/*.sh chapters/tests/*.sh checker/gradescope/*"
  for w in $(grep -ohE '(^|[[:space:];|&({`$])[a-z][a-z0-9_.+-]*' $files 2>/dev/null | sed -E 's/^[^a-z]//' | sort -u); do
    awk -v n="$w" '$2 == n { found = 1 } END { exit !found }' <<< "$TABLE" && continue
    in_list "$w" "$(echo $NOT_CALLED)" && continue
    [ "$(type -t "$w" 2>/dev/null)" = file ] && echo "need_commands: audit: '$w' is a command here ($(command -v "$w")) but not in the table (a word in a comment?)"
  done
fi
echo "need_commands: all $checked needed commands and files are installed"
