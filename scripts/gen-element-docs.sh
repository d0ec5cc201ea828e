#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Writes the element reference (docs/plugin-v4l2tv.md) from what the
# freshly built plugin says about itself through gst-inspect-1.0, the way
# GStreamer's docs read its plugin cache from the registry.
#
#   gen-element-docs.sh PLUGIN_DIR OUTPUT          write OUTPUT
#   gen-element-docs.sh --check PLUGIN_DIR OUTPUT  fail if OUTPUT is stale
set -eu

. "$(dirname "$0")/docs-common.sh"
docs_args "PLUGIN_DIR OUTPUT" "$@"
plugin_dir=$source

# only our plugin, from the build tree, with a registry of its own
GST_PLUGIN_SYSTEM_PATH_1_0=
GST_PLUGIN_PATH_1_0=$plugin_dir
GST_REGISTRY_1_0=$tmp/registry.bin
GST_INSPECT_NO_COLORS=1
PAGER=cat
GST_PAGER=cat
export GST_PLUGIN_SYSTEM_PATH_1_0 GST_PLUGIN_PATH_1_0 GST_REGISTRY_1_0 \
  GST_INSPECT_NO_COLORS PAGER GST_PAGER
unset GST_PLUGIN_LOADING_WHITELIST GST_REGISTRY || true

inspect () {
  # the file name depends on where the tree was built: leave it out
  gst-inspect-1.0 --no-colors "$@" | sed -e '/^  Filename /d' \
    -e 's/[[:space:]]*$//'
}

inspect v4l2tv > "$tmp/plugin.txt" || {
  echo "gen-element-docs: gst-inspect-1.0 found no plugin v4l2tv in $plugin_dir" >&2
  exit 1
}
elements=$(gst-inspect-1.0 --no-colors v4l2tv | \
  sed -n 's/^  \([a-z0-9]*\): .*/\1/p' | sort)

{
  echo "# v4l2tv element reference"
  echo
  echo "Generated from the built plugin by \`ninja -C build update-docs\`"
  echo "(scripts/gen-element-docs.sh); do not edit by hand. The test"
  echo "\`docs-stale\` fails when this file no longer matches the plugin."
  echo
  echo "## Plugin"
  echo
  echo '```'
  cat "$tmp/plugin.txt"
  echo '```'
  for e in $elements; do
    # device providers: gst-inspect-1.0 (1.22) shows only elements
    gst-inspect-1.0 "$e" > /dev/null 2>&1 || continue
    echo
    echo "## $e"
    echo
    echo '```'
    inspect "$e"
    echo '```'
  done
  # the device provider: gst-inspect-1.0 does not show it, its devices
  # say what their properties are; the virtual card 0's (the same on every
  # machine; real cards, listed too, are left out)
  echo
  echo "## v4l2tvdeviceprovider"
  echo
  echo "The devices listed for the virtual card 0"
  echo "(\`V4L2TV_VIRTUAL_DEVICES=1 gst-device-monitor-1.0 Video/Source Video/Sink\`);"
  echo "a card's node is listed with the same properties, its \`device.path\`"
  echo "/dev/videoN and \`v4l2tv.audio-device\` its ALSA capture device (empty"
  echo "when it has none)."
  echo
  echo '```'
  V4L2TV_VIRTUAL_DEVICES=1 gst-device-monitor-1.0 Video/Source Video/Sink |
    sed -e 's/[[:space:]]*$//' | awk '
      /^Device found:$/ { if (keep) printf "%s", block; block = ""; keep = 0 }
      /device\.path = virtual:0$/ { keep = 1 }
      { block = block $0 "\n" }
      END { if (keep) printf "%s", block }' | sed -e '/^$/N;/^\n$/D'
  echo '```'
} > "$tmp/out.md"

if [ "$check" = yes ]; then
  if ! diff -u "$output" "$tmp/out.md"; then
    echo "docs-stale: $output does not match the plugin; run 'ninja -C <builddir> update-docs' and commit it" >&2
    exit 1
  fi
  echo "docs: $output is up to date"
else
  cp "$tmp/out.md" "$output"
  echo "wrote $output"
fi
