#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# v4l2tv-record as a user runs it, on the virtual card: Ctrl-C (SIGINT)
# after some frames leaves a finalised Matroska file with interlaced FFV1
# holding every frame the summary counted; progress lines come once a
# second; --captions without captions (PAL) says so and leaves no file;
# bad arguments, an unwritable captions file, a wrong input and a missing
# encoder fail with a clear message and their exit status. No wall-clock assertion: the
# recording is stopped by what the progress lines say.
import os
import re
import signal
import subprocess
import sys
import tempfile

import gi
gi.require_version('Gst', '1.0')
from gi.repository import Gst  # noqa: E402

RECORD = os.environ['V4L2TV_RECORD']
WHITELIST = os.environ['V4L2TV_RECORD_WHITELIST']
PROGRESS = re.compile(r'^\[(\d\d):(\d\d):(\d\d)\] frames (\d+)  dropped (\d+)'
                      r'  gap (\d+)  signal (\S+)  norm (.+)  size (.+?)'
                      r'(  audio (-|-?[\d.]+ dB))?$')
CAPTIONS = re.compile(r'  size .+  captions (\d+)(  audio|$)')
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL:', what)


def env(whitelist=WHITELIST):
    e = dict(os.environ)
    e['GST_PLUGIN_LOADING_WHITELIST'] = whitelist
    # ASan builds (tests/tools/meson.build): this python3 runs with leak
    # detection off, the recorder with its own options (leaks checked)
    if 'V4L2TV_RECORD_ASAN_OPTIONS' in e:
        e['ASAN_OPTIONS'] = e['V4L2TV_RECORD_ASAN_OPTIONS']
    return e


def run(args, whitelist=WHITELIST):
    p = subprocess.run([RECORD] + args, env=env(whitelist), timeout=120,
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def read_file(path):
    """plays @path to its end: (video frames, audio buffers, video caps)"""
    Gst.init(None)
    pipeline = Gst.parse_launch(
        'filesrc location="%s" ! matroskademux name=d '
        'd.video_0 ! fakesink name=v sync=false async=false '
        'd.audio_0 ! fakesink name=a sync=false async=false' % path)
    counts = {'video': 0, 'audio': 0, 'caps': None}

    def probe(pad, info, kind):
        counts[kind] += 1
        if kind == 'video':
            counts['caps'] = pad.get_current_caps().get_structure(0)
        return Gst.PadProbeReturn.OK

    for kind, name in (('video', 'v'), ('audio', 'a')):
        pipeline.get_by_name(name).get_static_pad('sink').add_probe(
            Gst.PadProbeType.BUFFER, probe, kind)
    pipeline.set_state(Gst.State.PLAYING)
    msg = pipeline.get_bus().timed_pop_filtered(
        60 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    ok = msg is not None and msg.type == Gst.MessageType.EOS
    pipeline.set_state(Gst.State.NULL)
    check(ok, '%s plays to its end' % path)
    return counts


SIDECARS = ('log', 'framemd5', 'md5')


def sidecar(path, ext):
    return os.path.splitext(path)[0] + '.' + ext


def remove_recording(path):
    """removes a recording and its sidecars (a run never overwrites them)"""
    for p in [path] + [sidecar(path, ext) for ext in SIDECARS]:
        if os.path.exists(p):
            os.unlink(p)


def test_sigint(tmp):
    out = os.path.join(tmp, 'tape.mkv')
    p = subprocess.Popen([RECORD, '--device', 'virtual:5', '--input',
                          'S-Video', '--norm', 'PAL', '--audio', 'test',
                          '-o', out], env=env(), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    lines = []
    for line in p.stdout:
        lines.append(line.rstrip('\n'))
        m = PROGRESS.match(lines[-1])
        if m and int(m.group(4)) >= 50:
            p.send_signal(signal.SIGINT)
            break
    rest, err = p.communicate(timeout=120)
    lines += rest.splitlines()
    print('\n'.join(lines))
    print(err, file=sys.stderr)
    check(p.returncode == 0, 'exit status 0 after SIGINT (%d)' % p.returncode)
    progress = [m for m in map(PROGRESS.match, lines) if m]
    check(len(progress) >= 2, 'progress lines printed')
    check(all(m.group(7) == 'ok' for m in progress), 'signal ok')
    check(all(m.group(8).startswith('PAL 720x576i25') for m in progress),
          'norm PAL 720x576i25 in the progress lines')
    check(all(m.group(11) is not None for m in progress), 'audio level shown')
    summary = [re.match(r'^Recorded (\S+), (\d+) frames', x) for x in lines]
    summary = [m for m in summary if m]
    check(len(summary) == 1, 'one summary')
    if not summary:
        return
    frames = int(summary[0].group(2))
    check(frames >= 50, 'at least the 50 frames seen before SIGINT')
    counts = read_file(out)
    check(counts['video'] == frames,
          'the file holds every frame counted (%d, %d)' %
          (counts['video'], frames))
    check(counts['audio'] > 0, 'the file has sound')
    s = counts['caps']
    check(s is not None and s.get_name() == 'video/x-ffv', 'FFV1 video')
    check(s is not None and s.get_string('interlace-mode') == 'interleaved',
          'interlaced')
    check(s is not None and s.get_int('height')[1] == 576, '576 lines')
    # the archive's sidecars, after Ctrl-C too
    for ext in SIDECARS:
        check(os.path.exists(sidecar(out, ext)), 'FILE.%s written' % ext)
    framemd5 = [x for x in open(sidecar(out, 'framemd5')) if x[0] != '#']
    check(len(framemd5) == frames, 'a framemd5 line for each frame (%d)' %
          len(framemd5))


def test_errors(tmp):
    out = os.path.join(tmp, 'err.mkv')
    rc, so, se = run(['--device', 'virtual:5'])
    check(rc == 2 and '-o FILE.mkv' in se, 'no -o: status 2 (%s)' % se)
    rc, so, se = run(['--device', 'virtual:5', '--duration', 'soon', '-o',
                      out])
    check(rc == 2 and "bad --duration 'soon'" in se, 'bad duration')
    rc, so, se = run(['--device', 'virtual:5', '--bogus', '-o', out])
    check(rc == 2, 'unknown option: status 2')
    cc = os.path.join(tmp, 'pal.scc')
    rc, so, se = run(['--device', 'virtual:5', '--input', 'S-Video', '--norm',
                      'PAL', '--audio', 'none', '--duration', '3',
                      '--captions', cc, '-o', out])
    check(rc == 0 and 'captions: none received (no %s written)' % cc in so,
          'PAL with --captions: none received (%s %s)' % (so, se))
    check(not os.path.exists(cc), 'no SCC file without captions')
    counts = [m for m in map(CAPTIONS.search, so.splitlines()) if m]
    check(counts and all(m.group(1) == '0' for m in counts),
          'the progress lines count the captions (%s)' % so)
    remove_recording(out)
    bad = os.path.join(tmp, 'no-such-dir', 'cc.scc')
    rc, so, se = run(['--device', 'virtual:5', '--audio', 'none',
                      '--captions', bad, '-o', out])
    check(rc == 2 and "cannot write the captions file '%s'" % bad in se,
          'an unwritable captions file is named (%s)' % se)
    check(not os.path.exists(out), 'no video file after a captions error')
    rc, so, se = run(['--device', 'virtual:5', '--input', 'Composite9',
                      '--audio', 'none', '-o', out])
    check(rc == 1 and 'Composite9' in se and 'Composite1' in se,
          'wrong input lists the inputs (%s)' % se)
    check(not os.path.exists(out), 'no empty file after an error')
    rc, so, se = run(['--device', 'virtual:5', '--audio', 'none',
                      '--duration', '1', '-o', out])
    check(rc == 0, 'a 1 s recording (%s)' % se)
    remove_recording(out)
    rc, so, se = run(['--device', 'virtual:5', '--duration', '1', '-o', out])
    check(rc == 0 and 'no sound device found for virtual:5' in se,
          '--audio auto without a sound device warns (%s)' % se)
    # gst-libav not loaded: as if gstreamer1.0-libav were not installed
    hidden = ':'.join(x for x in WHITELIST.split(':') if x != 'gst-libav')
    rc, so, se = run(['--device', 'virtual:5', '-o', out], whitelist=hidden)
    check(rc == 3 and 'install the Debian package gstreamer1.0-libav' in se,
          'missing FFV1 encoder names its package (%s)' % se)


with tempfile.TemporaryDirectory(prefix='v4l2tv-record-cli-') as tmp:
    test_sigint(tmp)
    test_errors(tmp)
if failures:
    print('%d failure(s)' % len(failures))
    sys.exit(1)
print('all passed')
