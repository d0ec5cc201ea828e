#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# tvtuner-example.py: the same as tvtuner-example.c, from Python through
# GObject introspection: drives a v4l2tvsrc through the GstTvTuner
# interface alone (no element properties), lists channels and norms,
# switches inputs and norms while playing, tunes the Television input to
# a station and off it. Exits non-zero when the card did not do what was
# asked.
#
#   tvtuner-example.py [DEVICE [STATION-HZ]]
#
# Copyright (C) 2026 the v4l2tv authors

import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstTvTuner", "1.0")
from gi.repository import Gst, GstTvTuner  # noqa: E402

Flags = GstTvTuner.TvTunerChannelFlags
failures = 0


def check(ok, what):
    global failures
    print(("ok" if ok else "FAIL") + " - " + what)
    if not ok:
        failures += 1


def check_bus(bus):
    global failures
    while True:
        msg = bus.pop_filtered(Gst.MessageType.ERROR | Gst.MessageType.WARNING)
        if msg is None:
            return
        if msg.type == Gst.MessageType.ERROR:
            err, debug = msg.parse_error()
            print("ERROR: %s (%s)" % (err.message, debug), file=sys.stderr)
            sys.exit(1)
        err, debug = msg.parse_warning()
        print("WARNING: %s (%s)" % (err.message, debug), file=sys.stderr)
        failures += 1


def wait_for(cond, bus, timeout=5.0):
    """the switch happens in the streaming thread at the next frame"""
    end = time.monotonic() + timeout
    while not cond():
        check_bus(bus)
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def show(tuner):
    print("channels:")
    current = tuner.get_channel()
    for c in tuner.list_channels():
        flags = c.get_flags()
        line = "  %d: %s %s" % (c.get_index(), c.get_label(),
                                "[input]" if flags & Flags.INPUT else "[output]")
        if flags & Flags.AUDIO:
            line += " [audio]"
        if flags & Flags.FREQUENCY:
            line += " [tuner] %.3f-%.3f MHz, now %.3f MHz, signal %d" % (
                c.get_min_frequency() / 1e6, c.get_max_frequency() / 1e6,
                tuner.get_frequency(c) / 1e6, tuner.signal_strength(c))
        if c == current:
            line += " (current)"
        print(line)
    print("norms of the current channel:")
    for n in tuner.list_norms():
        fps_n, fps_d = n.get_framerate()
        print("  %s, %d/%d fps%s" % (n.get_label(), fps_n, fps_d,
                                     " (current)" if n == tuner.get_norm()
                                     else ""))


def switch_to(tuner, bus, name, norm_name=None):
    channel = tuner.find_channel_by_name(name)
    if channel is None:
        print("(no channel %s on this card, skipped)" % name)
        return
    print("switching to %s" % name)
    check(tuner.set_channel(channel) and
          wait_for(lambda: tuner.get_channel() == channel, bus),
          "now on channel %s" % name)
    if norm_name is None:
        return
    norm = tuner.find_norm_by_name(norm_name)
    if norm is None:
        print("(%s has no norm %s, skipped)" % (name, norm_name))
        return
    print("switching to norm %s" % norm_name)
    check(tuner.set_norm(norm) and
          wait_for(lambda: tuner.get_norm() == norm, bus),
          "now on norm %s" % norm_name)


def tune(tuner, station):
    tv = next((c for c in tuner.list_channels()
               if c.get_flags() & Flags.FREQUENCY), None)
    if tv is None:
        print("(no tuner on this card, skipped)")
        return
    print("tuning %s to %.3f MHz" % (tv.get_label(), station / 1e6))
    check(tuner.set_frequency(tv, station), "tuned")
    check(abs(tuner.get_frequency(tv) - station) < 62500,
          "the tuner is on the station")
    on = tuner.signal_strength(tv)
    print("signal strength there: %d" % on)
    check(on > 0, "a station is received")
    print("tuning 3 MHz above it")
    check(tuner.set_frequency(tv, station + 3000000), "tuned")
    off = tuner.signal_strength(tv)
    print("signal strength there: %d" % off)
    check(off < on, "the signal is weaker off the station")
    check(tuner.set_frequency(tv, station), "tuned back")


def main():
    device = sys.argv[1] if len(sys.argv) > 1 else "virtual:0"
    station = int(sys.argv[2]) if len(sys.argv) > 2 else 189250000
    Gst.init(None)

    pipeline = Gst.parse_launch(
        'v4l2tvsrc name=src device="%s" ! fakesink sync=false' % device)
    src = pipeline.get_by_name("src")
    tuner = src  # the element is the GstTvTuner
    bus = pipeline.get_bus()
    src.connect("channel-changed", lambda t, c: print(
        "  [signal] channel-changed: " + c.get_label()))
    src.connect("norm-changed", lambda t, n: print(
        "  [signal] norm-changed: " + n.get_label()))
    src.connect("frequency-changed", lambda t, c, f: print(
        "  [signal] frequency-changed: %s %.3f MHz" % (c.get_label(),
                                                        f / 1e6)))
    src.connect("signal-changed", lambda t, c, s: print(
        "  [signal] signal-changed: %s %d" % (c.get_label(), s)))

    # the lists exist while the device is open, from READY on
    if pipeline.set_state(Gst.State.READY) == Gst.StateChangeReturn.FAILURE:
        check_bus(bus)
        return 1
    check(len(tuner.list_channels()) > 0, "the card has channels")
    print("in READY, before capturing:")
    show(tuner)

    if pipeline.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
        check_bus(bus)
        return 1
    pipeline.get_state(5 * Gst.SECOND)
    check_bus(bus)
    print("playing:")

    switch_to(tuner, bus, "Composite1", "NTSC")
    switch_to(tuner, bus, "S-Video", "PAL")
    show(tuner)
    switch_to(tuner, bus, "Television")
    tune(tuner, station)
    show(tuner)

    check_bus(bus)
    pipeline.set_state(Gst.State.NULL)
    print("FAILED" if failures else "all done")
    return 1 if failures else 0


sys.exit(main())
