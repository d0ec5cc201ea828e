#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# check-man-options.sh PROGRAM MAN_PAGE: fails when an option that
# PROGRAM --help lists is not described in MAN_PAGE (as \-\-name), or when
# the man page names an option the program does not have; and, where
# groff is installed, when the page has a formatting warning.
set -eu
program=$1
page=$2
status=0

help_opts=$("$program" --help | sed -n 's/^  *\(-[a-zA-Z], \)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' |
  grep -v '^help' | sort -u)
[ -n "$help_opts" ] || { echo "check-man-options: no option in $program --help" >&2; exit 1; }
for o in $help_opts; do
  escaped=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
  if ! grep -q -- "\\\\-\\\\-$escaped\\b" "$page"; then
    echo "check-man-options: --$o is not in $page" >&2
    status=1
  fi
done
# the other way round: every \-\-name in the page is an option
page_opts=$(grep -o '\\-\\-[a-z][a-z\\-]*' "$page" | sed 's/\\//g; s/^--//; s/-$//' | sort -u)
for o in $page_opts; do
  case " $(echo $help_opts) list-ctrls " in
    *" $o "*) ;;
    *) echo "check-man-options: $page names --$o, which the program does not have" >&2
       status=1 ;;
  esac
done
if command -v groff > /dev/null; then
  # groff as it is installed: no sanitizer runtime preloaded into it
  warnings=$(env -u LD_PRELOAD groff -man -ww -z "$page" 2>&1) || true
  if [ -n "$warnings" ]; then
    echo "check-man-options: groff warns about $page:" >&2
    echo "$warnings" >&2
    status=1
  fi
fi
[ $status = 0 ] && echo "check-man-options: $(echo "$help_opts" | wc -l) options described"
exit $status
