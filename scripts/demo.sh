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
# On the virtual card the card's sound (v4l2tvaudiosrc) is played too, or,
# without a display, 3 s of it are written to v4l2tv-sound.wav (override
# with V4L2TV_SOUND=path). A real card's sound: see the guide, "3. Sound".
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

# the virtual card's own sound (a real card may have none)
sound=
if [ "${device#virtual}" != "$device" ]; then
  sound="v4l2tvaudiosrc device=$device"
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  play="$src ! queue ! videoconvert ! autovideosink"
  [ -n "$sound" ] && play="$play $sound ! queue ! audioconvert ! autoaudiosink"
  echo "demo: $play  (close the window or press Ctrl-C to stop)"
  # shellcheck disable=SC2086
  exec gst-launch-1.0 -e $play
fi

snapshot=${V4L2TV_SNAPSHOT:-$PWD/v4l2tv-snapshot.png}
if [ -z "$sound" ]; then
  echo "demo: no display; capturing one frame to $snapshot"
  # shellcheck disable=SC2086
  gst-launch-1.0 -q $src ! videoconvert ! pngenc snapshot=true ! \
    filesink location="$snapshot"
  echo "demo: wrote $snapshot"
  exit 0
fi
wav=${V4L2TV_SOUND:-$PWD/v4l2tv-sound.wav}
echo "demo: no display; capturing one frame to $snapshot and 3 s of sound to $wav"
# shellcheck disable=SC2086
gst-launch-1.0 -q $src ! queue ! videoconvert ! pngenc snapshot=true ! \
  filesink location="$snapshot" \
  $sound num-buffers=300 ! queue ! audioconvert ! wavenc ! \
  filesink location="$wav"
echo "demo: wrote $snapshot and $wav"
