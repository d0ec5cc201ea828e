#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Installs what building, running and testing v4l2tv needs on Debian 12
# (bookworm). Idempotent: does nothing when everything is there.
#   scripts/install-deps.sh          build + run + unit tests
#   scripts/install-deps.sh --all    also benchmarks, the vivid VM tests and
#                                    the fuzzers
set -eu
# v4l2tv-record (tools/) needs gstreamer1.0-libav (avenc_ffv1, --preset
# archive) and gstreamer1.0-plugins-ugly (x264enc, --preset small); its
# tests use both. gstreamer1.0-alsa: ALSA's elements for users'
# pipelines, and alsasink, with which vivid-alsa plays its tone into
# snd-aloop. mkvtoolnix: the recorder's mkvpropedit writes what matroskamux
# cannot (field order, colour elements, the exact pixel aspect) and
# attaches the capture log; its tests read the log back with mkvextract.
# gstreamer1.0-x: the X video sinks (xvimagesink, ximagesink) for the
# recorder's --preview, and textoverlay (pango) for its time and sound
# level over the picture; xvfb: the X server its tests show it on (and
# kill under it)

packages="build-essential meson ninja-build pkg-config gettext indent
  libglib2.0-dev libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  gstreamer1.0-plugins-base-apps gstreamer1.0-plugins-bad
  gstreamer1.0-libav gstreamer1.0-plugins-ugly gstreamer1.0-alsa
  liborc-0.4-dev liborc-0.4-dev-bin valgrind v4l-utils
  libgudev-1.0-dev umockdev libumockdev-dev libasound2-dev
  gobject-introspection libgirepository1.0-dev gir1.2-gstreamer-1.0
  python3-gi python3-gst-1.0 gi-docgen ffmpeg mkvtoolnix gstreamer1.0-x xvfb"
# plugins-bad: the closed-caption elements the caption tests check our
# meta against, ccconverter and friends. libgudev: the device provider
# finds each card's sound device and watches cards come and go (meson
# option gudev); umockdev: the tests of that against a mocked sysfs.
# gi-docgen: the GstTvTuner API reference (meson option api-doc).
# libasound2-dev: v4l2tvaudiosrc captures a real card's sound through
# ALSA (meson option alsa; without it only the virtual card's sound).
# ffmpeg: the recorder's caption test reads its SCC files back with
# another SCC reader (Debian 12 packages no sccparse or sccenc); its
# archive tests check its files with ffprobe and ffmpeg's framemd5.
# benchmarks compare against these; the real-kernel tests boot Debian's
# stock kernel with the vivid driver under qemu; the fuzzers (tests/fuzz)
# need clang and libFuzzer
extra_packages="libyuv-dev libswscale-dev
  qemu-system-x86 busybox-static cpio xz-utils
  clang-14 libfuzzer-14-dev"

if [ "${1:-}" = "--all" ]; then
  packages="$packages $extra_packages"
fi

missing=""
for p in $packages; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done
if [ -z "$missing" ]; then
  echo "install-deps: all packages are installed"
  exit 0
fi

echo "install-deps: installing$missing"
sudo=""
if [ "$(id -u)" != 0 ]; then
  sudo="sudo"
fi
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
