#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The whole test suite, as CI runs it:
#  1. installs what it needs (scripts/install-deps.sh --all),
#  2. builds with ORC and the GstTvTuner API reference (gi-docgen) and
#     runs every meson test (unit, ORC, docs),
#  3. runs the unit suites again under valgrind memcheck,
#  4. builds with -Dorc=disabled (the generated C fallback) and runs the
#     unit and ORC suites there too,
#  5. builds with AddressSanitizer and UndefinedBehaviorSanitizer
#     (-Db_sanitize=address,undefined) and runs every meson test but the
#     vivid suite there (any report fails the test),
#  6. builds the libFuzzer harnesses with clang, ASan and UBSan and runs
#     each for V4L2TV_FUZZ_SECONDS (default 30) seconds (tests/fuzz),
#  7. boots Debian's kernel with the vivid driver under qemu and runs the
#     real-kernel suite there (tests/vivid; skipped only where qemu or the
#     kernel package cannot be had),
#  8. checks the device-layer boundary (no ioctl outside sys/v4l2tv/hw).
# Build trees: build-tests/, build-tests-noorc/, build-tests-asan/ and
# build-tests-fuzz/ (V4L2TV_TEST_BUILD_DIR changes the prefix). The last
# lines name what failed (scripts/test-failures.py: the test, its
# assertion or report) and count the tests of every step. Exits non-zero
# on any failure.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
prefix=${V4L2TV_TEST_BUILD_DIR:-$top/build-tests}
status=0
passed=0
failed=0
skipped=0

current_step=
step () {
  current_step=$*
  echo
  echo "=== $* ==="
}

failures=$(mktemp)
trap 'rm -f "$failures"' EXIT

# run a meson test invocation and add its summary to the totals; what
# failed is kept for the end (scripts/test-failures.py)
run_meson_test () {
  dir=
  logname=testlog
  prev=
  for arg in "$@"; do
    case "$prev" in
      -C) dir=$arg ;;
      --setup) logname=testlog-$arg ;;
    esac
    prev=$arg
  done
  log=$(mktemp)
  rcfile=$(mktemp)
  { meson test --print-errorlogs "$@" 2>&1; echo $? > "$rcfile"; } | tee "$log"
  rc=$(cat "$rcfile")
  rm -f "$rcfile"
  ok=$(sed -n 's/^Ok: *\([0-9]*\) *$/\1/p' "$log" | tail -n 1)
  fail=$(sed -n 's/^Fail: *\([0-9]*\) *$/\1/p' "$log" | tail -n 1)
  timeout=$(sed -n 's/^Timeout: *\([0-9]*\) *$/\1/p' "$log" | tail -n 1)
  skip=$(sed -n 's/^Skipped: *\([0-9]*\) *$/\1/p' "$log" | tail -n 1)
  upass=$(sed -n 's/^Unexpected Pass: *\([0-9]*\) *$/\1/p' "$log" | tail -n 1)
  rm -f "$log"
  passed=$((passed + ${ok:-0}))
  failed=$((failed + ${fail:-0} + ${timeout:-0} + ${upass:-0}))
  skipped=$((skipped + ${skip:-0}))
  if [ "$rc" != 0 ] || [ -z "$ok" ]; then
    status=1
    [ -z "$ok" ] && failed=$((failed + 1))
    /usr/bin/python3 "$top/scripts/test-failures.py" "$current_step" \
      "$dir/meson-logs/$logname.json" >> "$failures"
  fi
}

step "dependencies"
"$top/scripts/install-deps.sh" --all || exit 1

step "build (ORC)"
if [ ! -f "$prefix/build.ninja" ]; then
  meson setup "$prefix" "$top" -Dorc=enabled -Dapi-doc=enabled || exit 1
fi
ninja -C "$prefix" || exit 1

step "tests (ORC)"
run_meson_test -C "$prefix" --no-suite vivid

step "unit tests under valgrind memcheck"
run_meson_test -C "$prefix" --setup valgrind --suite check

step "build (-Dorc=disabled)"
if [ ! -f "$prefix-noorc/build.ninja" ]; then
  meson setup "$prefix-noorc" "$top" -Dorc=disabled || exit 1
fi
ninja -C "$prefix-noorc" || exit 1

step "tests (-Dorc=disabled)"
run_meson_test -C "$prefix-noorc" --no-suite vivid --no-suite docs

step "build (ASan+UBSan)"
if [ ! -f "$prefix-asan/build.ninja" ]; then
  meson setup "$prefix-asan" "$top" -Db_sanitize=address,undefined || exit 1
fi
ninja -C "$prefix-asan" || exit 1

step "tests under ASan+UBSan"
# ASan stops at its first report by default; UBSan only prints: make it
# fail the test too. Tests that load the plugin into uninstrumented
# programs (the plugin scanner, python3, gst-inspect-1.0) get the ASan
# runtime preloaded by the build (meson.build, sanitizer_env).
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export UBSAN_OPTIONS
# ASan makes every forked check (hundreds, in the URI and fault suites)
# a few times slower: the same hang guards, three times as long
run_meson_test -C "$prefix-asan" --no-suite vivid --timeout-multiplier 3
unset UBSAN_OPTIONS

step "fuzzers (libFuzzer, ASan+UBSan, ${V4L2TV_FUZZ_SECONDS:-30} s each)"
# a build of its own: every library instrumented for libFuzzer and the
# sanitizers; only what the fuzzers link
if [ ! -f "$prefix-fuzz/build.ninja" ]; then
  CC=clang-14 meson setup "$prefix-fuzz" "$top" -Dfuzzing=enabled \
    -Db_sanitize=address,undefined -Db_lundef=false -Dtests=disabled \
    -Dexamples=disabled -Ddoc=disabled -Dintrospection=disabled \
    -Dnls=disabled || exit 1
fi
ninja -C "$prefix-fuzz" || exit 1
run_meson_test -C "$prefix-fuzz" --suite fuzz --num-processes 2

step "real-kernel tests (vivid under qemu)"
skipped_before=$skipped
run_meson_test -C "$prefix" --suite vivid
if [ "$skipped" != "$skipped_before" ]; then
  echo "the vivid suite was skipped (no qemu or no kernel package here)"
  # CI installs both, so there a skip is a failure, not a pass
  if [ "${CI:-}" = true ]; then
    status=1
    failed=$((failed + skipped - skipped_before))
  fi
fi

step "device-layer boundary"
leaks=$(git -C "$top" grep -nE '\bioctl *\(|VIDIOC_' -- 'sys/*.c' 'sys/*.h' \
  'gst/*.c' 'gst/*.h' ':!sys/v4l2tv/hw' ':!sys/v4l2tv/ext' 2>/dev/null)
if [ -n "$leaks" ]; then
  echo "ioctl/VIDIOC_ used outside sys/v4l2tv/hw:"
  echo "$leaks"
  status=1
  failed=$((failed + 1))
else
  echo "only sys/v4l2tv/hw talks to the device"
  passed=$((passed + 1))
fi

if [ -s "$failures" ]; then
  echo
  echo "=== what failed ==="
  cat "$failures"
fi

echo
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
