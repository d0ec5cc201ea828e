#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The unit suites under load, as on a busy CI machine: several suites at
# once, under valgrind memcheck, ROUNDS times, with a CPU-bound busy loop
# running beside them for the whole run. A test that depends on how fast
# the machine is, or that hangs when one of its assertions fails, shows up
# here rather than once a month in CI.
#
#   scripts/stress-tests.sh [-j JOBS] [-n ROUNDS] [-t TEST] [--native]
#                           [--no-hog] [BUILDDIR]
#
#   -j JOBS    how many at once (default 4)
#   -n ROUNDS  how many times (default 3)
#   -t TEST    instead of the whole 'check' suite JOBS at a time, JOBS
#              copies of this one test at once (e.g. -t elements_v4l2tvsink)
#   --native   without valgrind
#   --no-hog   without the busy loop
#   BUILDDIR   default build-tests (scripts/run-tests.sh's), set up and
#              built when missing
#
# The timeouts are those of the meson tests (tests/check/meson.build)
# times 3 for the load, so a hang still fails. Prints each round's counts
# and time and a summary; exits non-zero when any round failed. The logs
# are BUILDDIR/meson-logs/stress-*.txt.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
jobs=4
rounds=3
one_test=
valgrind=yes
hog=yes
builddir=

while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -n) rounds=$2; shift 2 ;;
    -t) one_test=$2; shift 2 ;;
    --native) valgrind=no; shift ;;
    --no-hog) hog=no; shift ;;
    -h|--help) sed -n '3,26p' "$0"; exit 0 ;;
    -*) echo "stress-tests: unknown option $1" >&2; exit 2 ;;
    *) builddir=$1; shift ;;
  esac
done
builddir=${builddir:-$top/build-tests}

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$top" || exit 1
fi
ninja -C "$builddir" || exit 1

setup_args=
multiplier=3
if [ $valgrind = yes ]; then
  setup_args="--setup valgrind"
  multiplier=30   # the valgrind setup's 10, times 3
fi

hog_pid=
stop_hog () {
  if [ -n "$hog_pid" ]; then
    kill "$hog_pid" 2>/dev/null
    wait "$hog_pid" 2>/dev/null
    hog_pid=
  fi
}
trap 'stop_hog' EXIT
trap 'stop_hog; exit 130' INT TERM

if [ $hog = yes ]; then
  # one CPU-bound process at normal priority: on a 2-core machine the
  # tests get one core and a half at best
  sh -c 'while :; do :; done' &
  hog_pid=$!
  echo "busy loop: pid $hog_pid"
fi

# meson's summary of a log: "ok fail" (timeouts and unexpected passes
# count as failures)
counts () {
  ok=$(sed -n 's/^Ok: *\([0-9]*\) *$/\1/p' "$1" | tail -n 1)
  fail=$(sed -n 's/^Fail: *\([0-9]*\) *$/\1/p' "$1" | tail -n 1)
  tmo=$(sed -n 's/^Timeout: *\([0-9]*\) *$/\1/p' "$1" | tail -n 1)
  upass=$(sed -n 's/^Unexpected Pass: *\([0-9]*\) *$/\1/p' "$1" | tail -n 1)
  echo "${ok:-0} $((${fail:-0} + ${tmo:-0} + ${upass:-0}))"
}

failed_rounds=0
total_ok=0
total_fail=0
r=1
while [ $r -le "$rounds" ]; do
  start=$(date +%s)
  round_ok=0
  round_fail=0
  if [ -n "$one_test" ]; then
    # JOBS meson runs of the same test at once, each with its own log
    pids=
    i=1
    while [ $i -le "$jobs" ]; do
      # shellcheck disable=SC2086
      meson test -C "$builddir" --no-rebuild $setup_args \
        --timeout-multiplier $multiplier --logbase "stress-$r-$i" \
        "$one_test" > "$builddir/meson-logs/stress-$r-$i.out" 2>&1 &
      pids="$pids $!"
      i=$((i + 1))
    done
    for p in $pids; do
      wait "$p"
    done
    i=1
    while [ $i -le "$jobs" ]; do
      # shellcheck disable=SC2046
      set -- $(counts "$builddir/meson-logs/stress-$r-$i.out")
      [ "$1" = 0 ] && [ "$2" = 0 ] && set -- 0 1   # no summary: it failed
      round_ok=$((round_ok + $1))
      round_fail=$((round_fail + $2))
      i=$((i + 1))
    done
  else
    # shellcheck disable=SC2086
    meson test -C "$builddir" --no-rebuild $setup_args --suite check \
      --num-processes "$jobs" --timeout-multiplier $multiplier \
      --logbase "stress-$r" > "$builddir/meson-logs/stress-$r.out" 2>&1
    # shellcheck disable=SC2046
    set -- $(counts "$builddir/meson-logs/stress-$r.out")
    [ "$1" = 0 ] && [ "$2" = 0 ] && set -- 0 1
    round_ok=$1
    round_fail=$2
  fi
  end=$(date +%s)
  echo "round $r: $round_ok passed, $round_fail failed, $((end - start)) s"
  if [ "$round_fail" != 0 ]; then
    failed_rounds=$((failed_rounds + 1))
    grep -h -E '^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT|ERROR)' \
      "$builddir"/meson-logs/stress-"$r"*.out
  fi
  total_ok=$((total_ok + round_ok))
  total_fail=$((total_fail + round_fail))
  r=$((r + 1))
done

stop_hog
echo
echo "$rounds rounds ($jobs at once, valgrind: $valgrind, busy loop: $hog):" \
  "$failed_rounds failed; $total_ok tests passed, $total_fail failed"
[ $failed_rounds = 0 ]
