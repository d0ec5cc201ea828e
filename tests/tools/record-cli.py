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
# Never destroying data: an existing output, captions file or numbered
# file is refused (untouched) unless --overwrite; captions that are the
# output (however spelt) or a device node are refused; one stop request
# delivered twice (SIGTERM, SIGINT, SIGHUP from kill, a Ctrl-C at the
# terminal within the grace time) finishes the file; a stop before the
# first frame leaves a valid file or none, with no "Sticky event
# misordering"; too little free space is refused before the start.
import os
import pty
import re
import resource
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time

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


def run(args, whitelist=WHITELIST, extra=None, cwd=None):
    e = env(whitelist)
    e.update(extra or {})
    p = subprocess.run([RECORD] + args, env=e, timeout=120, cwd=cwd,
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def mkv_duration(path):
    """the Duration of @path's Segment Info (0.0: none, an unfinished
    file); matroskamux writes it when the file is finalised"""
    with open(path, 'rb') as f:
        head = f.read(4096)
    i = head.find(b'\x44\x89')
    if i < 0:
        return 0.0
    size = head[i + 2] & 0x7f if head[i + 2] & 0x80 else 0
    if size == 8:
        return struct.unpack('>d', head[i + 3:i + 11])[0]
    if size == 4:
        return struct.unpack('>f', head[i + 3:i + 7])[0]
    return 0.0


def summary_frames(text):
    m = re.search(r'^Recorded (\S+), (\d+) frames', text, re.M)
    return int(m.group(2)) if m else None


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
    # --audio auto: the virtual card's own sound (v4l2tvaudiosrc)
    rc, so, se = run(['--device', 'virtual:5', '--duration', '1', '-o', out])
    check(rc == 0 and "sound: the virtual card's" in so,
          '--audio auto takes the virtual card\'s sound (%s%s)' % (so, se))
    counts = read_file(out)
    check(counts['audio'] > 0, '--audio auto: the file has sound')
    remove_recording(out)
    # gst-libav not loaded: as if gstreamer1.0-libav were not installed
    hidden = ':'.join(x for x in WHITELIST.split(':') if x != 'gst-libav')
    rc, so, se = run(['--device', 'virtual:5', '-o', out], whitelist=hidden)
    check(rc == 3 and 'install the Debian package gstreamer1.0-libav' in se,
          'missing FFV1 encoder names its package (%s)' % se)


def start(args, extra=None):
    e = env()
    e.update(extra or {})
    return subprocess.Popen([RECORD] + args, env=e, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def wait_frames(p, n):
    """reads progress lines until @n frames; the lines read"""
    lines = []
    for line in p.stdout:
        lines.append(line.rstrip('\n'))
        m = PROGRESS.match(lines[-1])
        if m and int(m.group(4)) >= n:
            break
    return lines


def check_finished_file(out, so, what):
    frames = summary_frames(so)
    check(frames is not None and frames > 0, '%s: a summary (%s)' % (what, so))
    check(os.path.exists(out), '%s: the file is there' % what)
    if frames is None or not os.path.exists(out):
        return
    counts = read_file(out)
    check(counts['video'] == frames, '%s: the file holds the %d frames '
          'counted (%d)' % (what, frames, counts['video']))
    check(mkv_duration(out) > 0, '%s: the file is finalised (duration)' %
          what)


def test_signals_twice(tmp):
    """one stop request delivered twice, by kill(): the file is finished"""
    for i, sigs in enumerate(((signal.SIGTERM, signal.SIGTERM),
                              (signal.SIGINT, signal.SIGINT),
                              (signal.SIGHUP, signal.SIGTERM))):
        out = os.path.join(tmp, 'twice%d.mkv' % i)
        p = start(['--device', 'virtual:5', '--input', 'S-Video', '--norm',
                   'PAL', '--audio', 'test', '-o', out])
        lines = wait_frames(p, 25)
        p.send_signal(sigs[0])
        # the second once the first was announced: as late as a forwarded
        # copy can come
        err = p.stderr.readline()
        check(err.startswith('stopping'), 'the stop is announced (%s)' % err)
        p.send_signal(sigs[1])
        rest, err2 = p.communicate(timeout=120)
        so = '\n'.join(lines) + '\n' + rest
        what = '%s then %s' % (sigs[0].name, sigs[1].name)
        check(p.returncode == 0, '%s: exit status 0 (%d: %s)' %
              (what, p.returncode, err2))
        check('already stopping' in err2, '%s: the second is ignored (%s)' %
              (what, err2))
        check_finished_file(out, so, what)


def test_terminal_ctrl_c(tmp):
    """Ctrl-C typed at a terminal twice within the grace time: one stop;
    the file is finished"""
    out = os.path.join(tmp, 'tty.mkv')
    e = env()
    e['V4L2TV_RECORD_ABORT_GRACE'] = '1000'
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(RECORD, [RECORD, '--device', 'virtual:5', '--input',
                           'S-Video', '--norm', 'PAL', '--audio', 'test',
                           '-o', out], e)
    text = b''
    sent = 0
    deadline = time.monotonic() + 120     # a bound, not an assertion
    status = None
    while time.monotonic() < deadline:
        r, _, _ = select.select([fd], [], [], 1.0)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b''
            if not chunk:
                break
            text += chunk
        t = text.decode(errors='replace')
        if sent == 0 and re.search(r'frames (2[5-9]|[3-9]\d|\d{3,}) ', t):
            os.write(fd, b'\x03')
            sent = 1
        elif sent == 1 and 'stopping' in t:
            os.write(fd, b'\x03')
            sent = 2
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    # the terminal echoes each Ctrl-C as "^C"
    t = text.decode(errors='replace').replace('\r\n', '\n').replace('^C', '')
    print(t)
    check(sent == 2, 'two Ctrl-C typed')
    check(os.waitstatus_to_exitcode(status) == 0,
          'Ctrl-C twice within the grace time: exit status 0 (%d)' %
          os.waitstatus_to_exitcode(status))
    # (the second may come after the file was finished: then it is not
    # seen at all)
    check('stopping at once' not in t, 'the second Ctrl-C is ignored')
    check_finished_file(out, t, 'Ctrl-C twice at the terminal')


def test_early_stop(tmp):
    """SIGINT, SIGTERM or SIGHUP as soon as the recording starts: a valid
    file holding what the summary says, or none (nor its sidecars) and a
    failure status"""
    for i, sig in enumerate((signal.SIGINT, signal.SIGTERM, signal.SIGHUP)):
        out = os.path.join(tmp, 'early%d.mkv' % i)
        p = start(['--device', 'virtual:5', '--input', 'S-Video', '--norm',
                   'PAL', '--audio', 'test', '-o', out])
        first = p.stdout.readline()
        check(first.startswith('recording '), 'started (%s)' % first)
        p.send_signal(sig)
        so, se = p.communicate(timeout=120)
        so = first + so
        check('misordering' not in se, 'no sticky event misordering (%s)' %
              se)
        if os.path.exists(out):
            check(p.returncode == 0, 'a file, exit status 0 (%d %s)' %
                  (p.returncode, se))
            check_finished_file(out, so, 'early stop')
        else:
            check(p.returncode == 1 and 'nothing was recorded' in se,
                  'no file: exit status 1, said (%d %s)' % (p.returncode, se))
            check(not any(os.path.exists(sidecar(out, ext))
                          for ext in SIDECARS), 'no sidecars either')
            check('Recorded nothing' in so and
                  out not in so[so.find('Recorded'):],
                  'the summary names no file (%s)' % so)


def test_no_overwrite(tmp):
    """existing files are never touched without --overwrite"""
    old = b'an earlier recording'
    out = os.path.join(tmp, 'old.mkv')
    with open(out, 'wb') as f:
        f.write(old)
    base = ['--device', 'virtual:5', '--audio', 'none', '--duration', '1']
    rc, so, se = run(base + ['-o', out])
    check(rc == 2 and "the output file '%s' exists already" % out in se and
          '--overwrite' in se, 'an existing output is refused (%s)' % se)
    # a run that would fail before its first frame
    rc, so, se = run(['--device', 'virtual:5', '--audio',
                      'hw:CARD=V4l2TvNope,DEV=0', '-o', out])
    check(rc != 0, 'refused (%s)' % se)
    check(os.path.exists(out), 'the earlier recording is still there')
    if os.path.exists(out):
        with open(out, 'rb') as f:
            check(f.read() == old, 'the earlier recording is untouched')
    # an earlier run's numbered file
    new = os.path.join(tmp, 'new.mkv')
    with open(os.path.join(tmp, 'new-2.mkv'), 'wb') as f:
        f.write(old)
    rc, so, se = run(base + ['-o', new])
    check(rc == 2 and 'new-2.mkv' in se, 'an earlier numbered file is '
          'refused (%s)' % se)
    check(not os.path.exists(new), 'nothing written')
    new = os.path.join(tmp, 'other.mkv')
    # an existing captions file
    cc = os.path.join(tmp, 'old.scc')
    with open(cc, 'wb') as f:
        f.write(old)
    rc, so, se = run(base + ['--captions', cc, '-o', new])
    check(rc == 2 and "the captions file '%s' exists already" % cc in se,
          'an existing captions file is refused (%s)' % se)
    check(os.path.exists(cc), 'the captions file is still there')
    if os.path.exists(cc):
        with open(cc, 'rb') as f:
            check(f.read() == old, 'the captions file is untouched')
    check(not os.path.exists(new), 'no output after a refused captions file')
    # --overwrite replaces the output
    rc, so, se = run(['--device', 'virtual:5', '--input', 'S-Video', '--norm',
                      'PAL', '--audio', 'test', '--duration', '1',
                      '--overwrite', '-o', out])
    check(rc == 0, '--overwrite records (%s)' % se)
    check_finished_file(out, so, '--overwrite')
    # the audio device is named with the system's reason; -a '' refused
    rc, so, se = run(['--device', 'virtual:5', '--audio',
                      'hw:CARD=V4l2TvNope,DEV=0', '-o', new])
    check(rc == 1 and "sound device 'hw:CARD=V4l2TvNope,DEV=0'" in se,
          'the sound device is named (%s)' % se)
    check(se.count("sound device 'hw:CARD=V4l2TvNope,DEV=0'") == 1,
          'the sound device is named once (%s)' % se)
    check(not os.path.exists(new) and 'Recorded' not in so,
          'no file, no summary naming one (%s)' % so)
    rc, so, se = run(['--device', 'virtual:5', '--audio', '', '-o', new])
    check(rc == 2 and 'empty --audio' in se, "-a '' refused (%s)" % se)


def test_captions_sidecar(tmp):
    """captions that are the output, or not a regular file: refused"""
    rc, so, se = run(['--device', 'virtual:5', '--input', 'S-Video',
                      '--norm', 'PAL', '--audio', 'none', '--duration', '1',
                      '-c', './same.mkv', '-o', 'same.mkv'], cwd=tmp)
    check(rc == 2 and 'is the output file' in se,
          '-c ./same.mkv -o same.mkv refused (%s)' % se)
    check(not os.path.exists(os.path.join(tmp, 'same.mkv')), 'no file')
    sub = os.path.join(tmp, 'sub')
    os.mkdir(sub)
    for cc in (sub, os.path.join(sub, '..', 'sub')):
        rc, so, se = run(['--device', 'virtual:5', '--audio', 'none',
                          '--duration', '1', '-c', cc, '-o',
                          os.path.join(tmp, 'dir.mkv')])
        check(rc == 2 and 'is a directory' in se,
              'a directory as captions refused (%s)' % se)
        check(os.path.isdir(sub), 'the directory is still there')
    if os.geteuid() == 0:
        # a device node (a twin of /dev/null): never unlinked
        node = os.path.join(tmp, 'null')
        os.mknod(node, 0o666 | 0o020000, os.makedev(1, 3))
        rc, so, se = run(['--device', 'virtual:5', '--input', 'S-Video',
                          '--norm', 'PAL', '--audio', 'none', '--duration',
                          '1', '--overwrite', '-c', node, '-o',
                          os.path.join(tmp, 'node.mkv')])
        check(rc == 2 and 'is a device' in se,
              'a device node as captions refused (%s)' % se)
        check(os.path.exists(node), 'the device node is still there')
    # errors name the file and the system's reason
    rc, so, se = run(['--device', 'virtual:5', '--audio', 'none',
                      '-o', os.path.join(tmp, 'nodir', 'x.mkv')])
    check(rc == 2 and 'No such file or directory' in se and 'x.mkv' in se,
          'a missing directory is said (%s)' % se)
    rc, so, se = run(['--device', 'virtual:5', '--audio', 'none', '-o', sub])
    check(rc == 2 and 'is a directory' in se, 'a directory as the output '
          'is said (%s)' % se)


def test_sidecars(tmp):
    """the archive's sidecars: an existing one refused, untouched, unless
    --overwrite; a sidecar that is the output or the captions refused"""
    old = 'an earlier capture log\n'
    out = os.path.join(tmp, 'tape.mkv')
    log = os.path.join(tmp, 'tape.log')
    with open(log, 'w') as f:
        f.write(old)
    base = ['--device', 'virtual:5', '--input', 'S-Video', '--norm', 'PAL',
            '--audio', 'test', '--duration', '1']
    rc, so, se = run(base + ['-o', out])
    check(rc == 2 and "the capture log '%s' exists already" % log in se and
          '--overwrite' in se, 'an existing capture log is refused (%s)' % se)
    check(open(log).read() == old, 'the capture log is untouched')
    check(not os.path.exists(out), 'no output after a refused sidecar')
    rc, so, se = run(base + ['--overwrite', '-o', out])
    check(rc == 0, '--overwrite records (%s)' % se)
    check(open(log).read() != old, '--overwrite replaces the capture log')
    check_finished_file(out, so, '--overwrite with a sidecar')
    # an earlier run's numbered sidecar
    new = os.path.join(tmp, 'new.mkv')
    with open(os.path.join(tmp, 'new-2.md5'), 'w') as f:
        f.write(old)
    rc, so, se = run(base + ['-o', new])
    check(rc == 2 and 'new-2.md5' in se, 'an earlier numbered sidecar is '
          'refused (%s)' % se)
    # the output would be its own log; the captions the output's log
    rc, so, se = run(base + ['-o', os.path.join(tmp, 'self.log')])
    check(rc == 2 and 'its own capture log' in se,
          '-o x.log refused (%s)' % se)
    check(not os.path.exists(os.path.join(tmp, 'self.log')), 'no file')
    rc, so, se = run(base + ['-c', './cc.log', '-o', 'cc.mkv'], cwd=tmp)
    check(rc == 2 and 'is the capture log of' in se,
          '-c cc.log -o cc.mkv refused (%s)' % se)
    check(not os.path.exists(os.path.join(tmp, 'cc.log')), 'no file')


def limit_file_size():
    """(in the child) files of at most 3 MB: a write beyond fails with
    EFBIG, as on a full disk, the signal it raises ignored"""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (3000000, 3000000))


def test_write_fails(tmp):
    """writing the file fails mid-recording (EFBIG, as a full disk's
    ENOSPC): the error names the file, the system's reason and that it is
    not finalised; the file is kept, left as written"""
    out = os.path.join(tmp, 'big.mkv')
    p = subprocess.run([RECORD, '--device', 'virtual:5', '--input',
                        'S-Video', '--norm', 'PAL', '--audio', 'test', '-o',
                        out], env=env(), timeout=120, capture_output=True,
                       text=True, preexec_fn=limit_file_size)
    check(p.returncode == 1, 'exit status 1 (%d %s)' % (p.returncode,
                                                         p.stderr))
    check("writing '%s' failed" % out in p.stderr and
          'File too large' in p.stderr, 'the file and the reason are said '
          '(%s)' % p.stderr)
    check('%s is NOT finalised' % out in p.stderr,
          'it says the file is not finalised (%s)' % p.stderr)
    check('mkvpropedit left it as it was written' in p.stderr,
          'an unfinalised file is not edited (%s)' % p.stderr)
    check(os.path.exists(out) and os.path.getsize(out) > 0,
          'the file is kept')


def test_stop_while_finishing(tmp):
    """Ctrl-C at the terminal (SIGINT to the whole process group) while
    mkvpropedit edits the file: mkvpropedit is not killed half way (a
    stand-in on PATH that says when it starts and ends)"""
    bindir = os.path.join(tmp, 'bin')
    os.mkdir(bindir)
    mark = os.path.join(tmp, 'propedit')
    fake = os.path.join(bindir, 'mkvpropedit')
    with open(fake, 'w') as f:
        f.write('#!/bin/sh\ntouch "%s.started"\nsleep 2\ntouch "%s.done"\n'
                % (mark, mark))
    os.chmod(fake, 0o755)
    e = env()
    e['PATH'] = bindir + ':' + e.get('PATH', '/usr/bin:/bin')
    out = os.path.join(tmp, 'edit.mkv')
    p = subprocess.Popen([RECORD, '--device', 'virtual:5', '--input',
                          'S-Video', '--norm', 'PAL', '--audio', 'test',
                          '--duration', '1', '-o', out], env=e,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    deadline = time.monotonic() + 120     # a bound, not an assertion
    while (not os.path.exists(mark + '.started') and p.poll() is None and
           time.monotonic() < deadline):
        time.sleep(0.05)
    check(os.path.exists(mark + '.started'), 'mkvpropedit was run')
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGINT)
    so, se = p.communicate(timeout=120)
    check(p.returncode == 0, 'exit status 0 (%d %s)' % (p.returncode, se))
    check(os.path.exists(mark + '.done'),
          'mkvpropedit was not interrupted (%s)' % se)


def test_free_space(tmp):
    """too little room for a minute of the worst case: refused"""
    out = os.path.join(tmp, 'full.mkv')
    rc, so, se = run(['--device', 'virtual:5', '--audio', 'none', '--duration',
                      '2', '-o', out],
                     extra={'V4L2TV_RECORD_FREE_SPACE': '1000000'})
    check(rc == 1 and 'not enough free space for %s' % out in se,
          'too little free space refused (%s)' % se)
    check(not os.path.exists(out), 'no file when refused')


def test_fifo_captions(tmp):
    """a pipe as --captions (even with --overwrite): refused, left"""
    fifo = os.path.join(tmp, 'cc.scc')
    os.mkfifo(fifo)
    rc, so, se = run(['--device', 'virtual:5', '--audio', 'none',
                      '--duration', '1', '--overwrite', '-c', fifo, '-o',
                      os.path.join(tmp, 'f.mkv')])
    check(rc == 2 and 'is a pipe' in se, 'a pipe as captions refused (%s)' %
          se)
    check(os.path.exists(fifo), 'the pipe is still there')


def test_source_options(tmp):
    """the source's options reach the source (the capture log says what
    it had); bad values are refused with status 2, naming the option"""
    out = os.path.join(tmp, 'opts.mkv')
    base = ['--device', 'virtual:5', '--audio', 'none', '-o', out]
    for args, text in ((['--frequency', 'x'], "bad --frequency 'x'"),
                       (['--frequency', '1.5GHz'], "bad --frequency"),
                       (['--reconnect-timeout', 'soon'],
                        "bad --reconnect-timeout 'soon'"),
                       (['--crop-top', '-8'], "bad --crop-top '-8'"),
                       (['--signal-loss', 'snow'], 'repeat, black, wait'),
                       (['--aspect', '2.35:1'], "unknown --aspect"),
                       (['--extra-controls', ','], 'v4l2-ctl --list-ctrls')):
        rc, so, se = run(base + args)
        check(rc == 2 and text in se, '%s: status 2 and "%s" (%d %s)' %
              (' '.join(args), text, rc, se))
        check(not os.path.exists(out), '%s: no file' % ' '.join(args))
    rc, so, se = run(base + ['--duration', '1', '--input', 'Television',
                             '--norm', 'PAL', '--frequency', '189.25',
                             '--reconnect-timeout', '5', '--signal-loss',
                             'black', '--crop-bottom', '8', '--aspect', '4:3'])
    check(rc == 0, 'a recording with the source options (%s)' % se)
    with open(sidecar(out, 'log')) as f:
        log = f.read()
    check('frequency: 189.250 MHz' in log, 'tuned to E7 (%s)' % log)
    for setting in ('frequency=189250000', 'signal-loss=black',
                    'on-disconnect=reconnect',
                    'reconnect-timeout=5000000000',
                    'pixel-aspect-ratio=59/54', 'crop-bottom=8'):
        check(setting in log, '%s in the capture log (%s)' % (setting, log))
    # E7 signals 16:9 (WSS) but --aspect 4:3 holds: one file, 4:3
    check('aspect (WSS): 16:9' in log, 'the WSS is logged (%s)' % log)
    check(not os.path.exists(out[:-4] + '-2.mkv'), 'no split for the WSS')
    remove_recording(out)


TESTS = [test_sigint, test_errors, test_no_overwrite, test_captions_sidecar,
         test_sidecars, test_fifo_captions, test_free_space, test_write_fails,
         test_stop_while_finishing,
         test_signals_twice, test_terminal_ctrl_c, test_early_stop,
         test_source_options]
# record-cli.py [TEST ...]: those tests only
chosen = [t for t in TESTS if not sys.argv[1:] or t.__name__ in sys.argv[1:]]
for test in chosen:
    with tempfile.TemporaryDirectory(prefix='v4l2tv-record-cli-') as tmp:
        print('--', test.__name__)
        try:
            test(tmp)
        except Exception as e:      # a failure, and on to the next test
            check(False, '%s: %r' % (test.__name__, e))
if failures:
    print('%d failure(s)' % len(failures))
    sys.exit(1)
print('all passed')
