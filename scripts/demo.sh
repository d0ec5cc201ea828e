#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The main job: build the plugin (if needed) and capture from a TV card.
#   scripts/demo.sh [DEVICE [INPUT [NORM]]]
# DEVICE is "virtual" (the built-in virtual TV card, the default),
# "virtual:N" or a real node such as /dev/video0; INPUT an input name or
# index (default Composite1 on the virtual card, the card's current input
# otherwise); NORM a standard such as NTSC, PAL, SECAM (default NTSC on the
# virtual card, the card's current one otherwise).
# With a display the video is shown in a window; without one a snapshot is
# written to v4l2tv-snapshot.png (override with V4L2TV_SNAPSHOT=path).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build=${V4L2TV_BUILD_DIR:-$top/build}
device=${1:-virtual}
if [ "${device#virtual}" != "$device" ]; then
  input=${2:-Composite1}
  norm=${3:-NTSC}
else
  input=${2:-}
  norm=${3:-}
fi

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$top"
fi
ninja -C "$build"

GST_PLUGIN_PATH_1_0="$build/sys/v4l2tv${GST_PLUGIN_PATH_1_0:+:$GST_PLUGIN_PATH_1_0}"
export GST_PLUGIN_PATH_1_0

src="v4l2tvsrc device=$device"
[ -n "$input" ] && src="$src input=$input"
[ -n "$norm" ] && src="$src norm=$norm"

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "demo: $src ! videoconvert ! autovideosink  (close the window or press Ctrl-C to stop)"
  # shellcheck disable=SC2086
  exec gst-launch-1.0 -e $src ! videoconvert ! autovideosink
fi

snapshot=${V4L2TV_SNAPSHOT:-$PWD/v4l2tv-snapshot.png}
echo "demo: no display; capturing one frame to $snapshot"
# shellcheck disable=SC2086
gst-launch-1.0 -q $src ! videoconvert ! pngenc snapshot=true ! \
  filesink location="$snapshot"
echo "demo: wrote $snapshot"
