#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Checks the translations against the sources as they are now (the test
# po-complete runs it):
#  1. every C file under sys/, gst/, ext/ and tools/ that marks a string
#     with _() or N_() is listed in po/POTFILES, and every entry of
#     po/POTFILES exists and marks strings;
#  2. every language in po/LINGUAS has its po/<lang>.po and every .po is
#     listed;
#  3. each .po translates every message of a .pot made afresh from
#     po/POTFILES (none missing, fuzzy or untranslated) and has none the
#     sources no longer have;
#  4. msgfmt --check accepts each .po (format directives as the msgid's,
#     header).
# It reports every problem it finds, then fails if there was one.
#
#   check-po.sh SOURCE_DIR
#
# Copyright (C) 2026 the v4l2tv authors
set -eu

[ $# -eq 1 ] || { echo "usage: $0 SOURCE_DIR" >&2; exit 2; }
cd "$1"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

status=0
problem () {
  echo "FAIL: $*" >&2
  status=1
}

domain=gst-plugins-tv-1.0
# a call of _ or N_, with or without gst-indent's space before the paren
marks='(^|[^A-Za-z0-9_])N?_ ?\('

# --- 1. POTFILES ---
# the entries, without comments and blank lines
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' po/POTFILES | sort -u \
  > "$tmp/listed"
dirs=
for d in sys gst ext tools; do
  [ -d "$d" ] && dirs="$dirs $d"
done
# shellcheck disable=SC2086 # word splitting of the directory list wanted
find $dirs -type f \( -name '*.c' -o -name '*.h' \) -print | sort \
  | while read -r f; do
      if grep -qE "$marks" "$f"; then echo "$f"; fi
    done > "$tmp/marking"
for f in $(comm -23 "$tmp/marking" "$tmp/listed"); do
  problem "$f marks strings for translation but is not in po/POTFILES"
done
for f in $(cat "$tmp/listed"); do
  if [ ! -f "$f" ]; then
    problem "po/POTFILES lists $f, which does not exist"
  elif ! grep -qE "$marks" "$f"; then
    problem "po/POTFILES lists $f, which marks no string for translation"
  fi
done

# --- the messages of the sources now ---
# the keywords of meson's glib preset (po/meson.build)
xgettext --from-code=UTF-8 --language=C --no-location \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 \
  --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format \
  --flag=NC_:2:pass-c-format \
  --package-name="$domain" -o "$tmp/sources.pot" \
  $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' po/POTFILES | while read -r f; do
      [ -f "$f" ] && echo "$f"
    done)
n_msgs=$(grep -c '^msgid ' "$tmp/sources.pot")
n_msgs=$((n_msgs - 1))
[ "$n_msgs" -gt 0 ] || problem "no translatable message found in the sources"

# --- 2. LINGUAS ---
sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' po/LINGUAS | sort -u \
  > "$tmp/linguas"
[ -s "$tmp/linguas" ] || problem "po/LINGUAS lists no language"
for po in po/*.po; do
  [ -f "$po" ] || continue
  lang=$(basename "$po" .po)
  grep -qx "$lang" "$tmp/linguas" || \
    problem "$po exists but $lang is not in po/LINGUAS"
done

# --- 3. and 4. each language ---
for lang in $(cat "$tmp/linguas"); do
  po=po/$lang.po
  if [ ! -f "$po" ]; then
    problem "po/LINGUAS lists $lang but $po does not exist"
    continue
  fi
  # every message of the sources, translated and not fuzzy
  if ! msgcmp "$po" "$tmp/sources.pot" 2> "$tmp/missing"; then
    problem "$po misses translations (missing, fuzzy or untranslated; run" \
      "ninja -C build $domain-update-po and translate):"
    sed -e 's/^/  /' "$tmp/missing" >&2
  fi
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid ' \
    || true)
  if [ "$fuzzy" -gt 1 ]; then
    problem "$po has $((fuzzy - 1)) fuzzy message(s)"
  fi
  # nothing the sources no longer have (obsolete #~ entries are ignored)
  msgattrib --no-obsolete --translated "$po" > "$tmp/current.po"
  if ! msgcmp --use-untranslated --use-fuzzy "$tmp/sources.pot" \
      "$tmp/current.po" 2> "$tmp/stale"; then
    problem "$po translates messages the sources no longer have (run" \
      "ninja -C build $domain-update-po):"
    sed -e 's/^/  /' "$tmp/stale" >&2
  fi
  if ! msgfmt --check -o /dev/null "$po" 2> "$tmp/msgfmt"; then
    problem "msgfmt --check refuses $po:"
    sed -e 's/^/  /' "$tmp/msgfmt" >&2
  fi
  [ $status -ne 0 ] || echo "$lang: all $n_msgs messages translated"
done

exit $status
