/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record's preservation master (tools/record-archive.[ch]),
 * in-process on the virtual card, checked with other tools: ffprobe reads
 * each standard's file as FFV1 with every frame a key frame, its field
 * order, colour elements and exact pixel aspect; the framemd5 sidecar is
 * what `ffmpeg -f framemd5` makes of the finished file; FILE.md5 is the
 * file's MD5 in md5sum's format; the capture log is beside the file and
 * attached to it (mkvextract gives it back); a run with a card drop, a
 * gap without signal and a change of standard has those events in its
 * logs at the frames where the file shows them; two recordings of the
 * same frames (MANUAL pacing) have the same framemd5; an existing sidecar
 * is never overwritten.
 *
 * Under valgrind the recordings use the small preset (x264): gst-libav's
 * libavcodec pulls in libhwy, whose constructor runs RDTSCP, which
 * valgrind 3.19 does not know (tests/tools/record.c says the same). The
 * checks of what only FFV1 has (intra-only, the framemd5 sidecar) then
 * cannot run; the tests that need it are left out of the suite there, and
 * the others check everything else on the H.264 file.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <gst/check/gstcheck.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"
#include "record.h"
#include "record-archive.h"
#include "vbi/tvvbi.h"

#define CARD 4
#define DEVICE "virtual:4"
#define COMPOSITE1 1
#define S_VIDEO 2

static gchar *tmpdir;

static gboolean
under_valgrind (void)
{
  return g_getenv ("GST_TV_UNDER_VALGRIND") != NULL;
}

static const gchar *
test_preset (void)
{
  return under_valgrind ()? "small" : "archive";
}

static gchar *
tmp_file (const gchar * name)
{
  return g_build_filename (tmpdir, name, NULL);
}

/* runs @argv (a program and its arguments, NULL-terminated): its
 * standard output; fails unless it exits 0 */
static gchar *
run (const gchar * const *argv)
{
  g_autoptr (GError) err = NULL;
  g_autofree gchar *errout = NULL;
  gchar *out = NULL;
  gint status = 0;

  fail_unless (g_spawn_sync (NULL, (gchar **) argv, NULL,
          G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &errout, &status, &err),
      "%s: %s", argv[0], err ? err->message : "");
  fail_unless (g_spawn_check_wait_status (status, NULL), "%s %s failed: %s",
      argv[0], argv[1], errout);
  return out;
}

static gchar *
read_text (const gchar * file)
{
  gchar *text = NULL;

  fail_unless (g_file_get_contents (file, &text, NULL, NULL),
      "%s cannot be read", file);
  return text;
}

static V4l2TvRecord *
new_recorder (const gchar * input, const gchar * norm, const gchar * audio,
    const gchar * duration, const gchar * output)
{
  V4l2TvRecordOptions opts = { 0, };
  GError *err = NULL;
  V4l2TvRecord *rec;

  opts.device = (gchar *) DEVICE;
  opts.input = (gchar *) input;
  opts.norm = (gchar *) norm;
  opts.audio = (gchar *) audio;
  opts.duration = GST_CLOCK_TIME_NONE;
  if (duration)
    fail_unless (v4l2tv_record_parse_duration (duration, &opts.duration));
  opts.output = (gchar *) output;
  opts.preset = (gchar *) test_preset ();
  rec = v4l2tv_record_new (&opts, stdout, &err);
  fail_unless (rec != NULL, "%s", err ? err->message : "");
  return rec;
}

static void
record (V4l2TvRecord * rec)
{
  GError *err = NULL;

  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
}

/* --- ffprobe --- */

typedef struct
{
  GHashTable *stream;           /* the video stream's key=value */
  guint frames, key_frames;
} Probe;

static void
probe_file (const gchar * file, Probe * p)
{
  const gchar *argv[] = { "ffprobe", "-v", "error", "-select_streams", "v:0",
    "-show_streams", "-show_frames", file, NULL
  };
  g_autofree gchar *out = run (argv);
  gchar **lines = g_strsplit (out, "\n", -1);
  gboolean in_stream = FALSE;
  guint i;

  p->stream = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  p->frames = p->key_frames = 0;
  for (i = 0; lines[i]; i++) {
    gchar *eq = strchr (lines[i], '=');

    if (g_str_equal (lines[i], "[STREAM]"))
      in_stream = TRUE;
    else if (g_str_equal (lines[i], "[/STREAM]"))
      in_stream = FALSE;
    else if (g_str_equal (lines[i], "[FRAME]"))
      p->frames++;
    else if (g_str_equal (lines[i], "key_frame=1"))
      p->key_frames++;
    else if (in_stream && eq)
      g_hash_table_insert (p->stream, g_strndup (lines[i], eq - lines[i]),
          g_strdup (eq + 1));
  }
  g_strfreev (lines);
}

static void
check_stream (Probe * p, const gchar * key, const gchar * value)
{
  fail_unless_equals_string (g_hash_table_lookup (p->stream, key), value);
}

/* the video track's elements as mkvinfo lists them ("Field order: 1 (top
 * field displayed first, ...)" -> "Field order" = "1 (top ...)") */
static GHashTable *
mkvinfo_track (const gchar * file)
{
  const gchar *argv[] = { "mkvinfo", "-a", file, NULL };
  g_autofree gchar *out = run (argv);
  gchar **lines = g_strsplit (out, "\n", -1);
  GHashTable *t = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      g_free);
  guint i;

  for (i = 0; lines[i]; i++) {
    const gchar *l = lines[i];
    const gchar *colon;

    while (*l == '|' || *l == ' ' || *l == '+')
      l++;
    colon = strstr (l, ": ");
    if (colon && !g_hash_table_contains (t, l))
      g_hash_table_insert (t, g_strndup (l, colon - l), g_strdup (colon + 2));
  }
  g_strfreev (lines);
  return t;
}

static void
check_element (GHashTable * t, const gchar * key, const gchar * value)
{
  const gchar *v = g_hash_table_lookup (t, key);

  fail_unless (v != NULL && g_str_has_prefix (v, value), "%s: '%s', not "
      "'%s'", key, v, value);
}

/* a finished file of @lines (625 or 525) with @frames frames: the
 * elements mkvpropedit wrote (mkvinfo), and what ffprobe reads */
static void
check_metadata (const gchar * file, guint lines, guint64 frames)
{
  const gchar *colour = lines == 625 ? "bt470bg" : "smpte170m";
  const gchar *code = lines == 625 ? "5" : "6";
  GHashTable *t = mkvinfo_track (file);
  guint64 dw, dh, w = 720, h = lines == 625 ? 576 : 480;
  Probe p;

  /* the container's elements, whatever the codec */
  check_element (t, "Field order", lines == 625 ? "1 (top field" :
      "6 (bottom field");
  check_element (t, "Interlaced", "1");
  check_element (t, "Color primaries", code);
  check_element (t, "Color matrix coefficients", code);
  check_element (t, "Color transfer", code);
  check_element (t, "Color range", "1");
  check_element (t, "Display unit", "0");
  dw = g_ascii_strtoull (g_hash_table_lookup (t, "Display width"), NULL, 10);
  dh = g_ascii_strtoull (g_hash_table_lookup (t, "Display height"), NULL, 10);
  /* the pixel aspect exactly: (dw / w) / (dh / h) */
  if (lines == 625)
    fail_unless (dw * h * 54 == dh * w * 59, "%" G_GUINT64_FORMAT "x%"
        G_GUINT64_FORMAT " is not 59:54", dw, dh);
  else
    fail_unless (dw * h * 11 == dh * w * 10, "%" G_GUINT64_FORMAT "x%"
        G_GUINT64_FORMAT " is not 10:11", dw, dh);
  g_hash_table_unref (t);

  probe_file (file, &p);
  fail_unless_equals_uint64 (p.frames, frames);
  check_stream (&p, "height", lines == 625 ? "576" : "480");
  check_stream (&p, "field_order", lines == 625 ? "tt" : "bb");
  if (!under_valgrind ()) {
    check_stream (&p, "codec_name", "ffv1");
    check_stream (&p, "pix_fmt", "yuv422p");
    /* intra-only */
    fail_unless_equals_int (p.key_frames, p.frames);
    /* what the container says (FFV1 has none of it in its stream) */
    check_stream (&p, "color_primaries", colour);
    check_stream (&p, "color_space", colour);
    check_stream (&p, "color_transfer", colour);
    check_stream (&p, "color_range", "tv");
    check_stream (&p, "sample_aspect_ratio", lines == 625 ? "59:54" : "10:11");
  } else {
    /* the small preset: H.264's own colour description (x264 takes the
     * caps' colorimetry) is what ffprobe shows instead of the container's */
    check_stream (&p, "codec_name", "h264");
  }
  g_hash_table_unref (p.stream);
}

/* --- the sidecars --- */

static gchar *
sidecar (const gchar * file, const gchar * ext)
{
  return v4l2tv_archive_sidecar (file, ext);
}

/* FILE.md5: the file's MD5 and name, as md5sum writes them */
static void
check_md5 (const gchar * file)
{
  g_autofree gchar *md5_file = sidecar (file, "md5");
  g_autofree gchar *text = read_text (md5_file);
  g_autofree gchar *contents = NULL, *name = g_path_get_basename (file);
  g_autofree gchar *md5 = NULL, *expected = NULL;
  gsize len;

  fail_unless (g_file_get_contents (file, &contents, &len, NULL));
  md5 = g_compute_checksum_for_data (G_CHECKSUM_MD5, (guchar *) contents, len);
  expected = g_strdup_printf ("%s  %s\n", md5, name);
  fail_unless_equals_string (text, expected);
}

/* the capture log, and the same text attached to the file */
static gchar *
check_log (const gchar * file)
{
  g_autofree gchar *log_file = sidecar (file, "log");
  g_autofree gchar *copy = g_strconcat (log_file, ".attached", NULL);
  g_autofree gchar *target = g_strconcat ("1:", copy, NULL);
  const gchar *argv[] = { "mkvextract", file, "attachments", target, NULL };
  g_autofree gchar *out = run (argv);
  gchar *text = read_text (log_file);
  g_autofree gchar *attached = read_text (copy);

  fail_unless_equals_string (attached, text);
  g_unlink (copy);
  fail_unless (g_str_has_prefix (text, "v4l2tv-record capture log, format "
          "1\n"));
  return text;
}

/* `ffmpeg -i FILE [-fflags +bitexact] -f framemd5 -` */
static gchar *
ffmpeg_framemd5 (const gchar * file, gboolean bitexact)
{
  const gchar *argv[] = { "ffmpeg", "-nostdin", "-v", "error", "-i", file,
    "-f", "framemd5", "-", NULL, NULL, NULL, NULL, NULL
  };

  if (bitexact) {
    /* the video only, without the #software line */
    argv[6] = "-map";
    argv[7] = "0:v";
    argv[8] = "-fflags";
    argv[9] = "+bitexact";
    argv[10] = "-f";
    argv[11] = "framemd5";
    argv[12] = "-";
  }
  return run (argv);
}

/* the lines of stream 0 (the video) in ffmpeg's framemd5 output: the
 * header lines that are not about another stream ("#tb 1: ..."), without
 * #software, and the video frames' lines */
static gchar *
video_lines (const gchar * framemd5)
{
  gchar **lines = g_strsplit (framemd5, "\n", -1);
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; lines[i]; i++) {
    const gchar *l = lines[i];
    const gchar *sp = strchr (l, ' ');
    guint stream = 0;

    if (*l == '\0' || g_str_has_prefix (l, "#software:"))
      continue;
    /* "#tb 1: ..." names a stream, "#version: 2" does not */
    if (l[0] == '#' && sp && strchr (l, ':') > sp && g_ascii_isdigit (sp[1]))
      stream = atoi (sp + 1);
    else if (l[0] != '#')
      stream = atoi (l);
    if (stream == 0)
      g_string_append_printf (s, "%s\n", l);
  }
  g_strfreev (lines);
  return g_string_free (s, FALSE);
}

/* the frames in a framemd5 text */
static guint64
count_frames (const gchar * framemd5)
{
  gchar **lines = g_strsplit (framemd5, "\n", -1);
  guint64 n = 0;
  guint i;

  for (i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "0,"))
      n++;
  g_strfreev (lines);
  return n;
}

/* @a and @b are the same text; else fails naming the first line where
 * they differ (check's messages are short) */
static void
check_same_lines (const gchar * a, const gchar * b, const gchar * what)
{
  gchar **la = g_strsplit (a, "\n", -1);
  gchar **lb = g_strsplit (b, "\n", -1);
  guint i;

  for (i = 0; la[i] && lb[i]; i++)
    fail_unless (g_str_equal (la[i], lb[i]), "%s, line %u: '%s' vs '%s'",
        what, i + 1, la[i], lb[i]);
  fail_unless (la[i] == NULL && lb[i] == NULL, "%s: %u lines vs %u", what,
      g_strv_length (la), g_strv_length (lb));
  g_strfreev (la);
  g_strfreev (lb);
}

/* the framemd5 sidecar is what ffmpeg makes of the finished file: byte
 * for byte the video-only bitexact output, and the video lines of the
 * plain command */
static gchar *
check_framemd5 (const gchar * file, guint64 frames)
{
  g_autofree gchar *framemd5_file = sidecar (file, "framemd5");
  g_autofree gchar *exact = ffmpeg_framemd5 (file, TRUE);
  g_autofree gchar *plain = ffmpeg_framemd5 (file, FALSE);
  g_autofree gchar *plain_video = video_lines (plain);
  gchar *text = read_text (framemd5_file);

  check_same_lines (text, exact, "framemd5 vs ffmpeg -map 0:v -fflags "
      "+bitexact");
  check_same_lines (text, plain_video, "framemd5 vs the video lines of "
      "ffmpeg -f framemd5");
  fail_unless_equals_uint64 (count_frames (text), frames);
  return text;
}

/* --- each standard --- */

static void
check_standard (const gchar * input, const gchar * norm, const gchar * name,
    guint lines)
{
  g_autofree gchar *out = tmp_file (name);
  g_autofree gchar *log = NULL;
  V4l2TvRecord *rec;
  guint64 frames;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder (input, norm, "test", "1", out);
  record (rec);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 1);
  frames = v4l2tv_record_get_frames (rec);
  fail_unless (frames > 0);
  check_metadata (out, lines, frames);
  check_md5 (out);
  log = check_log (out);
  fail_unless_text (strstr (log, "\ndevice: " DEVICE "\n"), log);
  fail_unless_text (strstr (log, "\ndriver: tvhw-virtual\n"), log);
  fail_unless_text (strstr (log, "\nbus: platform:virtual-4\n"), log);
  fail_unless_text (strstr (log, lines == 625 ? "\ninput: S-Video (2)\n" :
          "\ninput: Composite1 (1)\n"), log);
  fail_unless_text (strstr (log, "\nstarted: 20"), log);
  fail_unless_text (strstr (log, "\nsoftware: v4l2tv-record " PACKAGE_VERSION
          ", GStreamer 1."), log);
  fail_unless_text (strstr (log, lines == 625 ? "frame 0: first frame: 720x576 "
          "interleaved top-field-first, 25/1" : "frame 0: first frame: "
          "720x480 interleaved bottom-field-first, 30000/1001"), log);
  if (!under_valgrind ()) {
    fail_unless_text (strstr (log, "gop-size=1"), log);
    fail_unless_text (strstr (log, "slices=24"), log);
    g_free (check_framemd5 (out, frames));
  }
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_625)
{
  check_standard ("S-Video", "PAL", "pal.mkv", 625);
}

GST_END_TEST;

GST_START_TEST (test_525)
{
  check_standard ("Composite1", "NTSC", "ntsc.mkv", 525);
}

GST_END_TEST;

/* 16:9 anamorphic (WSS): the file after the source has read it states
 * 118:81 exactly */
GST_START_TEST (test_625_wide)
{
  g_autofree gchar *out = tmp_file ("wide.mkv");
  g_autofree gchar *log = NULL;
  GstTvHwVirtualCard *card;
  V4l2TvRecord *rec;
  GHashTable *t;
  guint64 dw, dh;
  Probe p;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  fail_unless (gst_tv_hw_virtual_card_set_wss (card,
          gst_tv_vbi_wss_word (GST_TV_VBI_WSS_16_9_ANAMORPHIC), NULL));
  rec = new_recorder ("S-Video", "PAL", "none", "1", out);
  record (rec);
  /* the first frames, before the WSS was read three times, in a file of
   * their own */
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 2);
  t = mkvinfo_track (v4l2tv_record_get_file (rec, 1));
  /* 118:81 exactly at 720x576 */
  dw = g_ascii_strtoull (g_hash_table_lookup (t, "Display width"), NULL, 10);
  dh = g_ascii_strtoull (g_hash_table_lookup (t, "Display height"), NULL, 10);
  fail_unless (dw * 576 * 81 == dh * 720 * 118, "%" G_GUINT64_FORMAT "x%"
      G_GUINT64_FORMAT, dw, dh);
  check_element (t, "Field order", "1 (top field");
  g_hash_table_unref (t);
  if (!under_valgrind ()) {
    probe_file (v4l2tv_record_get_file (rec, 0), &p);
    check_stream (&p, "sample_aspect_ratio", "59:54");
    g_hash_table_unref (p.stream);
    probe_file (v4l2tv_record_get_file (rec, 1), &p);
    check_stream (&p, "sample_aspect_ratio", "118:81");
    check_stream (&p, "color_primaries", "bt470bg");
    g_hash_table_unref (p.stream);
  }
  log = check_log (v4l2tv_record_get_file (rec, 0));
  fail_unless_text (strstr (log, ": aspect (WSS): 16:9 full format (anamorphic)"
          "\n"), log);
  fail_unless_text (strstr (log, ": file split: the picture's aspect changed"),
      log);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- the events of a run --- */

typedef struct
{
  GstTvHwVirtualCard *card;
  guint ticks, step;
  guint64 mark;
} Events;

static guint64
src_count (V4l2TvRecord * rec, const gchar * name)
{
  GstElement *src = v4l2tv_record_get_source (rec);
  guint64 n = 0;

  if (src) {
    g_object_get (src, name, &n, NULL);
    gst_object_unref (src);
  }
  return n;
}

/* a sound buffer marked DISCONT, as alsasrc marks the one after samples
 * it lost (an overrun) */
static GstPadProbeReturn
discont_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstBuffer *buf = gst_buffer_make_writable (GST_PAD_PROBE_INFO_BUFFER (info));

  GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
  GST_PAD_PROBE_INFO_DATA (info) = buf;
  return GST_PAD_PROBE_REMOVE;
}

/* the sound source of @rec's pipeline gets discont_probe */
static void
sound_dropout (V4l2TvRecord * rec)
{
  GstElement *src = v4l2tv_record_get_source (rec);
  GstObject *pipeline = gst_object_get_parent (GST_OBJECT (src));
  GstElement *asrc = gst_bin_get_by_name (GST_BIN (pipeline), "asrc");
  GstPad *pad = gst_element_get_static_pad (asrc, "src");

  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, discont_probe, NULL, NULL);
  gst_object_unref (pad);
  gst_object_unref (asrc);
  gst_object_unref (pipeline);
  gst_object_unref (src);
}

/* once a second: a sound dropout, a gap without signal, the signal back,
 * a corrupted frame, a change of standard, then some NTSC and the end */
static void
events_tick (V4l2TvRecord * rec, gpointer user_data)
{
  Events *ev = user_data;
  guint64 frames = v4l2tv_record_get_frames (rec);

  ev->ticks++;
  if (ev->step == 0 && frames >= 10) {
    sound_dropout (rec);
    ev->step = 1;
  }
  if (ev->step == 1) {
    gst_tv_hw_virtual_card_set_no_signal_frames (ev->card, FALSE);
    gst_tv_hw_virtual_card_set_signal (ev->card, S_VIDEO, 0);
    ev->step = 2;
  } else if (ev->step == 2 && src_count (rec, "gap-frames") >= 5 &&
      g_strcmp0 (v4l2tv_record_get_signal (rec), "ok") != 0) {
    gst_tv_hw_virtual_card_set_signal (ev->card, S_VIDEO, V4L2_STD_PAL_BG);
    ev->step = 3;
  } else if (ev->step == 3 &&
      g_strcmp0 (v4l2tv_record_get_signal (rec), "ok") == 0) {
    /* a frame the card does not complete (the source drops it) */
    gst_tv_hw_virtual_card_corrupt_frames (ev->card, 1);
    ev->step = 4;
  } else if (ev->step == 4 && src_count (rec, "corrupted-count") >= 1) {
    GstElement *src = v4l2tv_record_get_source (rec);

    ev->mark = frames;
    gst_util_set_object_arg (G_OBJECT (src), "norm", "NTSC");
    gst_object_unref (src);
    ev->step = 5;
  } else if (ev->step == 5 && v4l2tv_record_get_n_files (rec) == 2) {
    ev->mark = frames;
    ev->step = 6;
  } else if (ev->step == 6 && frames >= ev->mark + 10) {
    v4l2tv_record_stop (rec);
    ev->step = 7;
  }
  fail_unless (ev->ticks < 600, "stuck at step %u", ev->step);
}

typedef struct
{
  gint64 frame;
  guint64 ms;
  gchar *text;
} LogEvent;

static void
log_event_free (gpointer data)
{
  LogEvent *e = data;

  g_free (e->text);
  g_free (e);
}

/* the events of a capture log; each time must be its frame's at @num /
 * @den frames a second, and they must be in time order */
static GPtrArray *
parse_events (const gchar * log, guint64 num, guint64 den)
{
  GPtrArray *events = g_ptr_array_new_with_free_func (log_event_free);
  gchar **lines = g_strsplit (log, "\n", -1);
  gboolean in_events = FALSE;
  guint i;

  for (i = 0; lines[i]; i++) {
    guint h, m, s, ms;
    gint64 frame;
    gint used = 0;
    LogEvent *e;

    if (g_str_equal (lines[i], "events (file time, frame: event):")) {
      in_events = TRUE;
      continue;
    }
    if (lines[i][0] == '\0')
      in_events = FALSE;        /* the end of the events */
    if (!in_events)
      continue;
    fail_unless (sscanf (lines[i], "%2u:%2u:%2u.%3u frame %" G_GINT64_FORMAT
            ": %n", &h, &m, &s, &ms, &frame, &used) == 5 && used > 0,
        "not an event line: '%s'", lines[i]);
    e = g_new0 (LogEvent, 1);
    e->frame = frame;
    e->ms = ((h * 60 + m) * 60 + s) * 1000 + ms;
    e->text = g_strdup (lines[i] + used);
    /* the time is the frame's, in milliseconds */
    fail_unless_equals_uint64 (e->ms, gst_util_uint64_scale_round (frame,
            1000 * den, num));
    if (events->len > 0)
      fail_unless_text (frame >= ((LogEvent *) g_ptr_array_index (events,
                  events->len - 1))->frame, log);
    g_ptr_array_add (events, e);
  }
  g_strfreev (lines);
  return events;
}

/* the first event from @from on (NULL: the first) that starts with
 * @prefix */
static LogEvent *
find_event (GPtrArray * events, const gchar * prefix, LogEvent * from)
{
  guint i = 0;

  if (from)
    fail_unless (g_ptr_array_find (events, from, &i));
  for (; i < events->len; i++) {
    LogEvent *e = g_ptr_array_index (events, i);

    if (g_str_has_prefix (e->text, prefix))
      return e;
  }
  return NULL;
}

/* the "dropped" event whose frames include @frame, NULL if none */
static LogEvent *
hole_at (GPtrArray * events, gint64 frame)
{
  guint i;

  for (i = 0; i < events->len; i++) {
    LogEvent *e = g_ptr_array_index (events, i);
    const gchar *range = strstr (e->text, "(frames ");
    gint64 first = -1, last = -1;

    if (g_str_has_prefix (e->text, "dropped: ") && range &&
        sscanf (range, "(frames %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
            ")", &first, &last) == 2 && first <= frame && frame <= last)
      return e;
  }
  return NULL;
}

/* the MD5 of the frame at @pts in a framemd5 text, NULL when the file
 * has no frame there */
static gchar *
md5_at (const gchar * framemd5, gint64 pts)
{
  gchar **lines = g_strsplit (framemd5, "\n", -1);
  gchar *md5 = NULL;
  guint i;

  for (i = 0; lines[i] && md5 == NULL; i++) {
    gint64 dts, p, dur;
    guint size;
    gchar hash[33];

    if (sscanf (lines[i], "0, %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ", %"
            G_GINT64_FORMAT ", %u, %32s", &dts, &p, &dur, &size, hash) == 5 &&
        p == pts)
      md5 = g_strdup (hash);
  }
  g_strfreev (lines);
  return md5;
}

GST_START_TEST (test_events)
{
  g_autofree gchar *out = tmp_file ("events.mkv");
  g_autofree gchar *log1 = NULL, *log2 = NULL, *fm1 = NULL, *fm2 = NULL;
  GPtrArray *ev1, *ev2;
  LogEvent *lost, *gap, *gap_end, *back, *split, *first, *corrupt, *hole;
  gchar *a, *b;
  Events ev = { 0, };
  V4l2TvRecord *rec;
  guint i;

  ev.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder ("S-Video", "PAL", "test", NULL, out);
  v4l2tv_record_set_tick (rec, events_tick, &ev);
  record (rec);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 2);

  /* what ffmpeg decodes from each file (the sidecar equals it) */
  fm1 = ffmpeg_framemd5 (v4l2tv_record_get_file (rec, 0), TRUE);
  fm2 = ffmpeg_framemd5 (v4l2tv_record_get_file (rec, 1), TRUE);
  log1 = check_log (v4l2tv_record_get_file (rec, 0));
  log2 = check_log (v4l2tv_record_get_file (rec, 1));
  ev1 = parse_events (log1, 25, 1);
  ev2 = parse_events (log2, 30000, 1001);

  /* a frame the card lost (none expected, but a loaded machine may see
   * some): the file has no frame there */
  for (i = 0; i < ev1->len; i++) {
    LogEvent *e = g_ptr_array_index (ev1, i);

    if (g_str_has_prefix (e->text, "dropped: ")) {
      a = md5_at (fm1, e->frame);
      fail_unless (a == NULL, "frame %" G_GINT64_FORMAT " is in the file",
          e->frame);
    }
  }
  fail_unless_text (find_event (ev1, "sound dropout: ", NULL) != NULL, log1);

  /* the gap without signal: the fillers (signal-loss=repeat) repeat the
   * last frame from its start to its end */
  lost = find_event (ev1, "signal: no-signal (no picture)", NULL);
  fail_unless_text (lost != NULL, log1);
  /* the gap that began with it (a loaded machine may have had gaps of
   * a frame or two before) */
  gap = NULL;
  for (i = 0; i < ev1->len; i++) {
    LogEvent *e = g_ptr_array_index (ev1, i);

    if (g_str_has_prefix (e->text, "gap begins: ") && (gap == NULL ||
            ABS (e->frame - lost->frame) < ABS (gap->frame - lost->frame)))
      gap = e;
  }
  fail_unless_text (gap != NULL, log1);
  gap_end = find_event (ev1, "gap ends: ", gap);
  back = find_event (ev1, "signal: ok (the picture is back)", lost);
  fail_unless_text (gap_end && back, log1);
  fail_unless (gap->frame >= 10);
  fail_unless (gap_end->frame > gap->frame + 1);
  fail_unless (back->frame > gap->frame);
  if (!under_valgrind ()) {
    gint64 f;

    a = md5_at (fm1, gap->frame - 1);
    for (f = gap->frame; f < gap_end->frame; f++) {
      b = md5_at (fm1, f);
      fail_unless (b != NULL, "no frame %" G_GINT64_FORMAT, f);
      fail_unless_equals_string (b, a);
      g_free (b);
    }
    b = md5_at (fm1, gap_end->frame);
    fail_unless (b != NULL && g_strcmp0 (a, b) != 0,
        "frame %" G_GINT64_FORMAT " still repeats", gap_end->frame);
    g_free (a);
    g_free (b);
  }

  /* the corrupted frame: the source drops it; in its place the file has
   * a hole, or the frame before again when the source filled the period
   * (a gap of a frame) */
  corrupt = find_event (ev1, "corrupted: ", NULL);
  fail_unless_text (corrupt != NULL, log1);
  fail_unless (corrupt->frame > gap_end->frame);
  a = md5_at (fm1, corrupt->frame);
  if (a != NULL && !under_valgrind ()) {
    b = md5_at (fm1, corrupt->frame - 1);
    fail_unless (b != NULL, "no frame %" G_GINT64_FORMAT " before the "
        "filler", corrupt->frame - 1);
    fail_unless_equals_string (a, b);
    g_free (b);
  }
  /* a hole, or a gap of one frame, is in the log at that frame */
  hole = a ? NULL : hole_at (ev1, corrupt->frame);
  for (i = 0; a && i < ev1->len; i++) {
    LogEvent *e = g_ptr_array_index (ev1, i);

    if (e->frame == corrupt->frame &&
        g_str_has_prefix (e->text, "gap begins: "))
      hole = e;
  }
  fail_unless_text (hole != NULL, log1);
  g_free (a);
  fail_unless (find_event (ev1, "corrupted frames begin", NULL) != NULL);

  /* the change of standard: the first file ends after its last frame
   * (or after the frames lost after it, a loaded machine's), the second
   * continues it */
  split = find_event (ev1, "file split: the standard changed", NULL);
  fail_unless_text (split != NULL, log1);
  fail_unless (strstr (split->text, "continues in "));
  fail_unless (g_str_has_suffix (split->text, "events-2.mkv"));
  a = md5_at (fm1, split->frame - 1);
  b = md5_at (fm1, split->frame);
  fail_unless_text ((a != NULL || hole_at (ev1, split->frame - 1)) &&
      b == NULL, log1);
  g_free (a);
  fail_unless (split == g_ptr_array_index (ev1, ev1->len - 1));
  fail_unless_text (strstr (log2, "\ncontinues: "), log2);
  first = find_event (ev2, "first frame: 720x480 interleaved "
      "bottom-field-first", NULL);
  fail_unless_text (first != NULL && first->frame == 0, log2);
  fail_unless (find_event (ev2, "the recording ended", NULL) != NULL);
  check_metadata (v4l2tv_record_get_file (rec, 0), 625, count_frames (fm1));
  check_md5 (v4l2tv_record_get_file (rec, 1));

  g_ptr_array_unref (ev1);
  g_ptr_array_unref (ev2);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- the log's order, from the archive's own interface --- */

/* a frame of 16x16 I420 at frame period @n, through @pad to @a */
static void
archive_frame (V4l2TvArchive * a, GstPad * pad, guint n)
{
  GstBuffer *buf = gst_buffer_new_allocate (NULL, 16 * 16 * 3 / 2, NULL);

  gst_buffer_memset (buf, 0, n, 16 * 16 * 3 / 2);
  GST_BUFFER_PTS (buf) = n * GST_SECOND / 25;
  GST_BUFFER_DURATION (buf) = GST_SECOND / 25;
  v4l2tv_archive_video (a, pad, buf);
  gst_buffer_unref (buf);
}

/* what the source posts: its signal at frame period @n, or (@status
 * NULL) a corrupted frame there */
static void
archive_source_message (V4l2TvArchive * a, GstElement * src,
    const gchar * status, guint n)
{
  GstClockTime rt = n * GST_SECOND / 25;
  GstMessage *msg;

  if (status) {
    msg = gst_message_new_element (GST_OBJECT (src),
        gst_structure_new ("v4l2tv-signal", "status", G_TYPE_STRING, status,
            "signal", G_TYPE_BOOLEAN, FALSE, "gap", G_TYPE_BOOLEAN, TRUE,
            "running-time", G_TYPE_UINT64, rt, NULL));
  } else {
    msg = gst_message_new_qos (GST_OBJECT (src), TRUE, rt,
        GST_CLOCK_TIME_NONE, rt, GST_SECOND / 25);
    gst_structure_set (gst_message_writable_structure (msg), "reason",
        G_TYPE_STRING, "corrupted", NULL);
  }
  v4l2tv_archive_message (a, msg);
  gst_message_unref (msg);
}

/* The source's messages come before their frames reach the encoder, and
 * a hole is seen when the frame after it comes: the log, finished, has
 * its events in time order anyway. A corrupted frame after the last one
 * is the file's last hole; the file ends after it. Nothing else is left
 * in the directory, and the log is as readable as the file was made. */
GST_START_TEST (test_log_order)
{
  g_autofree gchar *out = tmp_file ("order.mkv");
  g_autofree gchar *log_file = sidecar (out, "log");
  g_autofree gchar *log = NULL;
  const gchar *expected[] = {
    "first frame: 16x16 progressive, 25/1 frames per second, pixel aspect "
        "1:1, I420",
    "dropped: 3 frames missing (frames 5 to 7): the card lost them; the "
        "file has no frame here",
    "signal: no-signal (no picture)",
    "gap begins: the card delivers no frames; filler frames follow",
    "dropped: 4 frames missing (frames 9 to 12): the card lost them; the "
        "file has no frame here",
    "corrupted: the card did not complete this frame",
    "the recording ended",
  };
  const gint64 frames[] = { 0, 5, 6, 6, 9, 12, 13 };
  GstElement *src, *venc;
  GstEvent *events_in[3];
  GstCaps *caps;
  GPtrArray *events;
  V4l2TvArchive *a;
  GstSegment seg;
  GError *err = NULL;
  GstPad *pad;
  GDir *dir;
  const gchar *name;
  struct stat st;
  mode_t mask;
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  venc = gst_element_factory_make ("identity", NULL);
  g_object_set (src, "device", DEVICE, NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (g_file_set_contents (out, "", 0, NULL));
  a = v4l2tv_archive_new (out, TRUE, FALSE, NULL, &err);
  fail_unless (a != NULL, "%s", err ? err->message : "");
  v4l2tv_archive_describe (a, src, "PAL", "test", venc, NULL, "none", NULL);

  pad = gst_pad_new ("sink", GST_PAD_SINK);
  gst_pad_set_active (pad, TRUE);
  gst_segment_init (&seg, GST_FORMAT_TIME);
  caps = gst_caps_from_string ("video/x-raw,format=I420,width=16,height=16,"
      "framerate=25/1");
  events_in[0] = gst_event_new_stream_start ("order");
  events_in[1] = gst_event_new_caps (caps);
  events_in[2] = gst_event_new_segment (&seg);
  for (i = 0; i < G_N_ELEMENTS (events_in); i++) {
    fail_unless_equals_int (gst_pad_store_sticky_event (pad, events_in[i]),
        GST_FLOW_OK);
    gst_event_unref (events_in[i]);
  }
  gst_caps_unref (caps);

  for (i = 0; i < 3; i++)
    archive_frame (a, pad, i);
  /* the signal goes at frame 6, seen before frames 3 and 4 */
  archive_source_message (a, src, "no-signal", 6);
  archive_frame (a, pad, 3);
  archive_frame (a, pad, 4);
  /* frames 5 to 7 are lost; 8 is the last one */
  archive_frame (a, pad, 8);
  archive_source_message (a, src, NULL, 12);
  v4l2tv_archive_finish (a, "the recording ended", FALSE);
  v4l2tv_archive_wait (a);
  v4l2tv_archive_free (a);

  log = read_text (log_file);
  events = parse_events (log, 25, 1);
  fail_unless_text (events->len == G_N_ELEMENTS (expected), log);
  for (i = 0; i < events->len; i++) {
    LogEvent *e = g_ptr_array_index (events, i);

    fail_unless_equals_string (e->text, expected[i]);
    fail_unless_equals_int64 (e->frame, frames[i]);
  }
  g_ptr_array_unref (events);
  fail_unless_text (g_str_has_suffix (log, "\n\nframes: 6\nfile frames "
          "(with the holes the card left): 13\n"), log);

  /* no file but the recording's */
  dir = g_dir_open (tmpdir, 0, NULL);
  while ((name = g_dir_read_name (dir)))
    fail_unless (g_str_equal (name, "order.mkv") ||
        g_str_equal (name, "order.log") || g_str_equal (name, "order.md5") ||
        g_str_equal (name, "order.framemd5"), "%s is left", name);
  g_dir_close (dir);
  mask = umask (0);
  umask (mask);
  fail_unless (g_stat (log_file, &st) == 0);
  fail_unless_equals_int (st.st_mode & 0777, 0666 & ~mask);

  gst_pad_set_active (pad, FALSE);
  gst_object_unref (pad);
  gst_element_set_state (src, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (venc);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- the same frames, the same framemd5 --- */

typedef struct
{
  GstTvHwVirtualCard *card;
  guint emitted;
  gint64 stall_us;              /* frame STALL_AT comes this late */
  gint64 taken_at;              /* when the frame before it was taken */
} Emitter;

#define DROP_AT 5
#define STALL_AT 1
/* longer than a frame period and the source's filler delay (55 ms) */
#define STALL_US (300 * G_TIME_SPAN_MILLISECOND)

/* MANUAL pacing: the next frame once the source took the last; the card
 * loses frame DROP_AT. With a stall, frame STALL_AT comes that long after
 * the source took the frame before it, as when this thread does not run
 * for a while on a loaded machine: the card's time stands still, the
 * pipeline's clock goes on. */
static gboolean
emit_cb (gpointer user_data)
{
  Emitter *em = user_data;
  gint64 now;

  if (!gst_tv_hw_virtual_card_frames_taken (em->card))
    return G_SOURCE_CONTINUE;
  if (em->emitted == STALL_AT && em->stall_us > 0) {
    now = g_get_monotonic_time ();
    if (em->taken_at == 0)
      em->taken_at = now;
    if (now < em->taken_at + em->stall_us)
      return G_SOURCE_CONTINUE;
  }
  if (em->emitted == DROP_AT) {
    gst_tv_hw_virtual_card_drop_frames (em->card, 1);
    gst_tv_hw_virtual_card_emit_frames (em->card, 2);
    em->emitted += 2;
  } else {
    gst_tv_hw_virtual_card_emit_frames (em->card, 1);
    em->emitted++;
  }
  return G_SOURCE_CONTINUE;
}

/* 12 frame periods of PAL, of which the card loses one: the file has 11
 * frames on the grid, a hole where the lost one was, and the capture log
 * says so at that frame; with a stall of @stall_us before frame STALL_AT,
 * the same.
 *
 * The source waits for the card's frames (signal-loss=wait): in MANUAL
 * pacing the card's time is the test's, not the pipeline clock's, and a
 * frame comes only while the source waits for it. With fillers
 * (signal-loss=repeat, the default), a frame later than its period on the
 * pipeline clock (this thread slow to emit it) had a filler in its place,
 * and the next late one followed its own filler in the same period: 12
 * frames in the file, not 11, on a loaded machine. */
static gchar *
record_manual (const gchar * name, gint64 stall_us)
{
  g_autofree gchar *out = tmp_file (name);
  g_autofree gchar *log = NULL, *a = NULL, *b = NULL, *c = NULL;
  gchar *settings[] = { (gchar *) "signal-loss=wait", NULL };
  V4l2TvRecordOptions opts = { 0, };
  Emitter em = { 0, };
  V4l2TvRecord *rec;
  GPtrArray *events;
  LogEvent *drop;
  GError *err = NULL;
  gchar *text;
  guint id, i;

  em.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  em.stall_us = stall_us;
  opts.device = (gchar *) DEVICE;
  opts.input = (gchar *) "S-Video";
  opts.norm = (gchar *) "PAL";
  opts.audio = (gchar *) "none";
  fail_unless (v4l2tv_record_parse_duration ("0.48", &opts.duration));
  opts.output = out;
  opts.preset = (gchar *) test_preset ();
  opts.source_settings = settings;
  rec = v4l2tv_record_new (&opts, stdout, &err);
  fail_unless (rec != NULL, "%s", err ? err->message : "");
  id = g_timeout_add (1, emit_cb, &em);
  record (rec);
  g_source_remove (id);
  /* the stall, if any, was there */
  fail_unless (em.emitted > STALL_AT && (stall_us == 0 || em.taken_at > 0));
  fail_unless_equals_uint64 (v4l2tv_record_get_frames (rec), 11);
  text = check_framemd5 (out, 11);
  a = md5_at (text, DROP_AT - 1);
  b = md5_at (text, DROP_AT);
  c = md5_at (text, 11);
  fail_unless_text (a != NULL && b == NULL && c != NULL, text);
  log = check_log (out);
  events = parse_events (log, 25, 1);
  drop = find_event (events, "dropped: ", NULL);
  fail_unless_text (drop != NULL, log);
  fail_unless_equals_int (drop->frame, DROP_AT);
  for (i = 0; i < events->len; i++) {
    LogEvent *e = g_ptr_array_index (events, i);

    fail_unless_text (e == drop || !g_str_has_prefix (e->text, "dropped: "),
        log);
  }
  g_ptr_array_unref (events);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
  return text;
}

/* the same frames make the same framemd5, however late the card's frames
 * come on the pipeline's clock */
GST_START_TEST (test_same_frames_same_framemd5)
{
  g_autofree gchar *one = record_manual ("one.mkv", 0);
  g_autofree gchar *two = record_manual ("two.mkv", STALL_US);

  check_same_lines (one, two, "two recordings' framemd5");
}

GST_END_TEST;

/* --- never overwritten --- */

/* an existing sidecar (log, md5, framemd5; or an earlier run's
 * exists-2.log) is refused with its name before anything is written;
 * one that comes between the start of the program and the recording is
 * refused by O_EXCL, and the output this run had created is removed;
 * --overwrite replaces it */
static V4l2TvRecord *
new_recorder_checked (const gchar * output, gboolean overwrite, GError ** err)
{
  V4l2TvRecordOptions opts = { 0, };

  opts.device = (gchar *) DEVICE;
  opts.input = (gchar *) "S-Video";
  opts.norm = (gchar *) "PAL";
  opts.audio = (gchar *) "none";
  fail_unless (v4l2tv_record_parse_duration ("1", &opts.duration));
  opts.output = (gchar *) output;
  opts.preset = (gchar *) test_preset ();
  opts.overwrite = overwrite;
  return v4l2tv_record_new (&opts, stdout, err);
}

GST_START_TEST (test_existing_sidecar)
{
  const gchar *exts[] = { "log", "md5", "framemd5" };
  g_autofree gchar *out = tmp_file ("exists.mkv");
  g_autofree gchar *out2 = tmp_file ("exists-2.mkv");
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (exts); i++) {
    g_autofree gchar *side = sidecar (out, exts[i]);
    g_autofree gchar *side2 = sidecar (out2, exts[i]);
    g_autofree gchar *text = NULL;
    V4l2TvRecord *rec;
    GError *err = NULL;

    if (under_valgrind () && g_str_equal (exts[i], "framemd5"))
      continue;                 /* the small preset writes none */

    /* there before the start: an argument error naming it */
    fail_unless (g_file_set_contents (side, "precious\n", -1, NULL));
    rec = new_recorder_checked (out, FALSE, &err);
    fail_unless (rec == NULL);
    fail_unless (g_error_matches (err, V4L2TV_RECORD_ERROR,
            V4L2TV_RECORD_ERROR_ARGS), "%s", err->message);
    fail_unless (strstr (err->message, side) != NULL, "%s", err->message);
    fail_unless (strstr (err->message, "exists already") != NULL &&
        strstr (err->message, "--overwrite") != NULL, "%s", err->message);
    g_clear_error (&err);
    text = read_text (side);
    fail_unless_equals_string (text, "precious\n");
    g_clear_pointer (&text, g_free);
    fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
    g_unlink (side);

    /* an earlier run's numbered sidecar */
    fail_unless (g_file_set_contents (side2, "precious\n", -1, NULL));
    rec = new_recorder_checked (out, FALSE, &err);
    fail_unless (rec == NULL);
    fail_unless (strstr (err->message, "exists-2.") != NULL, "%s",
        err->message);
    g_clear_error (&err);
    text = read_text (side2);
    fail_unless_equals_string (text, "precious\n");
    g_clear_pointer (&text, g_free);
    g_unlink (side2);

    /* made after the checks (by another program): O_EXCL refuses it,
     * the output this run created goes, the sidecar stays */
    v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
    rec = new_recorder_checked (out, FALSE, &err);
    fail_unless (rec != NULL, "%s", err ? err->message : "");
    fail_unless (g_file_set_contents (side, "precious\n", -1, NULL));
    fail_if (v4l2tv_record_run (rec, &err));
    fail_unless (g_error_matches (err, V4L2TV_RECORD_ERROR,
            V4L2TV_RECORD_ERROR_ARGS), "%s", err->message);
    fail_unless (strstr (err->message, side) != NULL, "%s", err->message);
    fail_unless (strstr (err->message, "exists already") != NULL, "%s",
        err->message);
    g_clear_error (&err);
    text = read_text (side);
    fail_unless_equals_string (text, "precious\n");
    g_clear_pointer (&text, g_free);
    fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
    v4l2tv_record_free (rec);
    v4l2tv_check_card_closed (CARD);

    /* --overwrite: replaced by this recording's */
    v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
    rec = new_recorder_checked (out, TRUE, &err);
    fail_unless (rec != NULL, "%s", err ? err->message : "");
    fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
    text = read_text (side);
    fail_if (g_str_equal (text, "precious\n"), "%s not replaced", side);
    fail_unless (g_file_test (out, G_FILE_TEST_EXISTS));
    v4l2tv_record_free (rec);
    v4l2tv_check_card_closed (CARD);
    for (j = 0; j < G_N_ELEMENTS (exts); j++) {
      g_autofree gchar *s = sidecar (out, exts[j]);

      g_unlink (s);
    }
    g_unlink (out);
  }
}

GST_END_TEST;

/* --- without mkvpropedit --- */

/* no mkvpropedit on PATH: the file is recorded and kept with its log
 * beside it, its checksum and framemd5; it only lacks what mkvpropedit
 * writes */
GST_START_TEST (test_no_mkvpropedit)
{
  g_autofree gchar *out = tmp_file ("plain.mkv");
  g_autofree gchar *log_file = sidecar (out, "log");
  g_autofree gchar *path = g_strdup (g_getenv ("PATH"));
  g_autofree gchar *empty = tmp_file ("no-programs");
  g_autofree gchar *log = NULL;
  V4l2TvRecord *rec;
  GHashTable *t;

  fail_unless (g_mkdir (empty, 0755) == 0);
  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder ("S-Video", "PAL", "none", "1", out);
  g_setenv ("PATH", empty, TRUE);
  record (rec);
  g_setenv ("PATH", path, TRUE);
  g_rmdir (empty);
  check_md5 (out);
  log = read_text (log_file);
  fail_unless_text (strstr (log, "\nframes: "), log);
  if (!under_valgrind ()) {
    /* the frames as ffmpeg has them; only the #sar line differs: the
     * file's pixel aspect is matroskamux's rounded one (131/120) */
    g_autofree gchar *framemd5_file = sidecar (out, "framemd5");
    g_autofree gchar *text = read_text (framemd5_file);
    g_autofree gchar *exact = ffmpeg_framemd5 (out, TRUE);
    g_autofree gchar *a = strstr (text, "\n0,") ? g_strdup (strstr (text,
            "\n0,")) : NULL;
    g_autofree gchar *b = strstr (exact, "\n0,") ? g_strdup (strstr (exact,
            "\n0,")) : NULL;

    fail_unless (a != NULL);
    fail_unless_equals_string (a, b);
    fail_unless (strstr (text, "#sar 0: 59/54\n"));
    fail_unless (strstr (exact, "#sar 0: 131/120\n"));
  }
  /* no FieldOrder, no display size: matroskamux's rounded one */
  t = mkvinfo_track (out);
  fail_if (g_hash_table_contains (t, "Field order"));
  check_element (t, "Display width", "786");
  g_hash_table_unref (t);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static void
setup_tmpdir (void)
{
  tmpdir = g_dir_make_tmp ("v4l2tv-archive-XXXXXX", NULL);
  fail_unless (tmpdir != NULL);
}

static void
remove_tmpdir (void)
{
  GDir *dir = g_dir_open (tmpdir, 0, NULL);
  const gchar *name;

  while (dir && (name = g_dir_read_name (dir))) {
    gchar *path = g_build_filename (tmpdir, name, NULL);

    g_unlink (path);
    g_free (path);
  }
  if (dir)
    g_dir_close (dir);
  g_rmdir (tmpdir);
  g_clear_pointer (&tmpdir, g_free);
}

static Suite *
record_archive_suite (void)
{
  Suite *s = suite_create ("v4l2tv-record-archive");
  TCase *tc = tcase_create ("general");

  /* the device provider lists the virtual cards: the log's driver and
   * bus */
  g_setenv ("V4L2TV_VIRTUAL_DEVICES", "8", TRUE);
  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_DEVICE_PROVIDER_REGISTER (v4l2tvdeviceprovider, NULL);
  tcase_add_checked_fixture (tc, setup_tmpdir, remove_tmpdir);
  v4l2tv_check_add_teardown (tc);
  tcase_set_timeout (tc, 120);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_625);
  tcase_add_test (tc, test_525);
  tcase_add_test (tc, test_625_wide);
  tcase_add_test (tc, test_events);
  tcase_add_test (tc, test_log_order);
  /* FFV1 only (see the top) */
  if (!under_valgrind ())
    tcase_add_test (tc, test_same_frames_same_framemd5);
  tcase_add_test (tc, test_existing_sidecar);
  tcase_add_test (tc, test_no_mkvpropedit);
  return s;
}

GST_CHECK_MAIN (record_archive);
