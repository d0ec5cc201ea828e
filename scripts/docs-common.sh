# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Sourced by the generators of docs/ (gen-element-docs.sh, gen-pictures.sh),
# which take the same arguments: [--check] SOURCE OUTPUT.
#
#   docs_args "SOURCE OUTPUT" "$@"
#
# sets check (yes with --check, else no), source and output, and tmp: a
# directory of their own, removed when the script exits.

docs_args () {
  usage=$1
  shift
  check=no
  if [ "${1:-}" = "--check" ]; then
    check=yes
    shift
  fi
  [ $# -eq 2 ] || { echo "usage: $0 [--check] $usage" >&2; exit 2; }
  source=$1
  output=$2
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT INT TERM
}
