#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The pictures of the user guide (docs/pictures/*.png), written by the
# built docs/gen-pictures from the virtual card.
#
#   gen-pictures.sh GEN_PICTURES DIR          write the pictures into DIR
#   gen-pictures.sh --check GEN_PICTURES DIR  fail if DIR's are stale
#
# The check compares the pixels, not the bytes: a PNG that another zlib
# compressed differently is still the same picture. A picture missing on
# either side, or one left over in DIR that the program no longer writes,
# is stale too.
set -eu

. "$(dirname "$0")/docs-common.sh"
docs_args "GEN_PICTURES DIR" "$@"
gen=$source
dir=$output

# the elements are registered in the program: no plugin of ours from a
# path, a registry of its own (system plugins: videoscale, pngenc, ...)
GST_REGISTRY_1_0=$tmp/registry.bin
export GST_REGISTRY_1_0
unset GST_PLUGIN_PATH_1_0 GST_PLUGIN_PATH V4L2TV_VIRTUAL_PACING || true

mkdir "$tmp/new"
"$gen" "$tmp/new" > "$tmp/log" 2>&1 || {
  cat "$tmp/log" >&2
  echo "gen-pictures: $gen failed" >&2
  exit 1
}

if [ "$check" = no ]; then
  mkdir -p "$dir"
  rm -f "$dir"/*.png
  cp "$tmp"/new/*.png "$dir"/
  ls "$tmp"/new/*.png | sed "s|^$tmp/new/|wrote $dir/|"
  exit 0
fi

# the decoded RGB pixels of a PNG
pixels () {
  gst-launch-1.0 -q filesrc location="$1" ! pngdec ! videoconvert ! \
    video/x-raw,format=RGB ! filesink location="$2"
}

stale=0
for new in "$tmp"/new/*.png; do
  name=$(basename "$new")
  old=$dir/$name
  if [ ! -f "$old" ]; then
    echo "pictures-stale: $old is missing" >&2
    stale=1
    continue
  fi
  cmp -s "$old" "$new" && continue
  pixels "$old" "$tmp/old.rgb"
  pixels "$new" "$tmp/new.rgb"
  if ! cmp -s "$tmp/old.rgb" "$tmp/new.rgb"; then
    echo "pictures-stale: $old shows another picture than the virtual card gives now" >&2
    stale=1
  fi
done
for old in "$dir"/*.png; do
  [ -f "$old" ] || continue
  if [ ! -f "$tmp/new/$(basename "$old")" ]; then
    echo "pictures-stale: $old is no longer generated" >&2
    stale=1
  fi
done
if [ "$stale" != 0 ]; then
  echo "pictures-stale: run 'ninja -C <builddir> update-pictures' and commit docs/pictures" >&2
  exit 1
fi
echo "pictures: $(ls "$tmp"/new/*.png | wc -l) pictures in $dir are up to date"
