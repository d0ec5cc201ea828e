#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Smoke test of the tuner library's introspection data: the typelib loads
# from the build tree (GI_TYPELIB_PATH, LD_LIBRARY_PATH), and its types,
# flags, signals, constructors and functions are usable from Python (the
# frequency tables: names, lookups both ways, errors that list the valid
# names).
#
# Copyright (C) 2026 the v4l2tv authors

import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstTvTuner", "1.0")
from gi.repository import GLib, GObject, Gst, GstTvTuner  # noqa: E402

passes = 0
failures = 0


def check(cond, what):
    global passes, failures
    if cond:
        print("ok -", what)
        passes += 1
    else:
        print("FAIL -", what)
        failures += 1


def error_of(func, *args):
    try:
        func(*args)
    except GLib.Error as e:
        return e
    return None


Gst.init(None)

# types and their names (distinct from gst-plugins-good's GstTuner*)
tuner_type = GstTvTuner.TvTuner.__gtype__
channel_type = GstTvTuner.TvTunerChannel.__gtype__
norm_type = GstTvTuner.TvTunerNorm.__gtype__
flags_type = GstTvTuner.TvTunerChannelFlags.__gtype__
check(tuner_type.name == "GstTvTuner", "GstTvTuner type name")
check(tuner_type.is_interface(), "GstTvTuner is an interface")
check(channel_type.name == "GstTvTunerChannel", "GstTvTunerChannel type name")
check(norm_type.name == "GstTvTunerNorm", "GstTvTunerNorm type name")
check(flags_type.name == "GstTvTunerChannelFlags", "flags type name")

# flags
F = GstTvTuner.TvTunerChannelFlags
check(int(F.INPUT) == 1 and int(F.OUTPUT) == 2 and int(F.FREQUENCY) == 4
      and int(F.AUDIO) == 8, "channel flags values")
check(GstTvTuner.TV_TUNER_SIGNAL_MAX == 65535, "TV_TUNER_SIGNAL_MAX")

# the methods applications call are there
for name in ("list_channels", "set_channel", "get_channel", "list_norms",
             "set_norm", "get_norm", "set_frequency", "get_frequency",
             "signal_strength", "find_channel_by_name",
             "find_norm_by_name"):
    check(callable(getattr(GstTvTuner.TvTuner, name, None)),
          "GstTvTuner." + name)

# channels
ch = GstTvTuner.TvTunerChannel.new("Composite1", F.INPUT | F.AUDIO, 1)
check(ch.get_label() == "Composite1", "channel label")
check(ch.get_flags() == F.INPUT | F.AUDIO, "channel flags")
check(ch.get_index() == 1, "channel index")
tv = GObject.new(GstTvTuner.TvTunerChannel, label="Television",
                 flags=F.INPUT | F.FREQUENCY, index=0,
                 freq_multiplicator=62500.0, min_frequency=44000000,
                 max_frequency=958000000)
check(tv.get_min_frequency() == 44000000
      and tv.get_max_frequency() == 958000000, "channel frequency range")
check(tv.props.freq_multiplicator == 62500.0, "freq-multiplicator")
check(tv.get_max_signal() == 65535, "channel max-signal default")

got = []
tv.connect("frequency-changed", lambda c, f: got.append(f))
tv.emit("frequency-changed", 175250000)
check(got == [175250000], "channel frequency-changed carries Hz")

# an implementation written in Python: the interface's signals and the
# emit helpers implementations call (no virtual function is implemented, so
# the wrappers give neutral answers)
class EmptyTuner(GObject.Object, GstTvTuner.TvTuner):
    pass


t = EmptyTuner()
check(isinstance(t, GstTvTuner.TvTuner), "a Python class implements TvTuner")
for name in ("channel-changed", "norm-changed", "frequency-changed",
             "signal-changed"):
    check(GObject.signal_lookup(name, tuner_type) != 0,
          "GstTvTuner::" + name)
for name in ("frequency-changed", "signal-changed"):
    check(GObject.signal_lookup(name, channel_type) != 0,
          "GstTvTunerChannel::" + name)
seen = []
t.connect("channel-changed", lambda tuner, c: seen.append(("channel", c)))
t.connect("frequency-changed",
          lambda tuner, c, f: seen.append(("frequency", c, f)))
t.connect("signal-changed", lambda tuner, c, s: seen.append(("signal", c, s)))
t.channel_changed(ch)
t.frequency_changed(tv, 175250000)
t.signal_changed(tv, 65535)
check(seen == [("channel", ch), ("frequency", tv, 175250000),
               ("signal", tv, 65535)], "tuner signals from the emit helpers")
check(got == [175250000, 175250000],
      "channel frequency-changed from the emit helper")
check(not t.list_channels() and t.get_channel() is None
      and not t.list_norms() and t.get_norm() is None
      and t.find_channel_by_name("Television") is None
      and not t.set_channel(ch), "unimplemented functions")

# norms
norm = GstTvTuner.TvTunerNorm.new("NTSC-M", 30000, 1001, 0x1000)
check(norm.get_label() == "NTSC-M", "norm label")
n, d = norm.get_framerate()
check((n, d) == (30000, 1001), "norm framerate")
# the framerate property takes a Gst.Fraction (PyGObject 3.42 cannot read a
# GstFraction property back through a typelib: use get_framerate())
pal = GObject.new(GstTvTuner.TvTunerNorm, label="PAL",
                  framerate=Gst.Fraction(25, 1), std_id=0xff)
check(tuple(pal.get_framerate()) == (25, 1) and pal.get_std_id() == 0xff,
      "norm from properties")
check(norm.get_std_id() == 0x1000 and norm.props.std_id == 0x1000,
      "norm std-id")

# frequency tables
T = GstTvTuner.TvTuner

tables = T.list_frequency_tables()
check(len(tables) == 18 and "europe-west" in tables and "us-cable" in tables
      and "russia" in tables, "list_frequency_tables: %s" % tables)

# lookups return (True, frequency in Hz); any case
for table, channel, hz in (("europe-west", "E2", 48250000),
                           ("europe-west", "e7", 189250000),
                           ("europe-west", "SE12", 238250000),
                           ("europe-west", "E21", 471250000),
                           ("us-bcast", "3", 61250000),
                           ("us-cable", "95", 91250000),
                           ("japan-bcast", "1", 91250000),
                           ("france", "KB", 116750000),
                           ("australia", "5A", 138250000),
                           ("russia", "R12", 223250000)):
    ok, f = T.frequency_table_lookup(table, channel)
    check(ok and f == hz, "%s %s: %d Hz" % (table, channel, f))

channels = T.frequency_table_list_channels("europe-west")
check(channels[:7] == ["E2", "E3", "E4", "S01", "S02", "S03", "E5"]
      and channels[-1] == "69" and len(channels) == 104,
      "europe-west channels")

# the channel of a fine-tuned station
name, offset = T.frequency_table_find("europe-west", 189500000)
check((name, offset) == ("E7", 250000), "find 189.5 MHz: %s %+d" % (name,
                                                                   offset))
name, offset = T.frequency_table_find("us-bcast", 55000000)
check((name, offset) == ("2", -250000), "find 55 MHz: %s %+d" % (name,
                                                                offset))

# errors
e = error_of(T.frequency_table_lookup, "europe-west", "E99")
check(e is not None and e.matches(Gst.ResourceError.quark(),
                                  Gst.ResourceError.NOT_FOUND)
      and e.message.startswith("no channel 'E99' in europe-west; its "
                               "channels: E2, E3, E4, S01,"),
      "wrong channel: %s" % (e.message[:80] if e else None))
e = error_of(T.frequency_table_lookup, "mars", "E5")
check(e is not None and e.message.startswith(
    "no frequency table 'mars'; the tables: us-bcast, us-cable,")
    and e.message.endswith("russia"), "wrong table: %s" %
    (e.message[:70] if e else None))
check(error_of(T.frequency_table_list_channels, "mars") is not None
      and error_of(T.frequency_table_find, "mars", 0) is not None,
      "wrong table in list_channels and find")

print("%d passed, %d failed" % (passes, failures))
sys.exit(1 if failures else 0)
