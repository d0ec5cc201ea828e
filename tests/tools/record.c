/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The recorder behind v4l2tv-record (tools/record.[ch]), in-process on the
 * virtual card, with the elements registered here so that the test drives
 * the card's test API: a change of standard mid-recording ends one
 * finalised file and goes on in a numbered one; an input without signal
 * records at the standard's rate; --duration cuts at exactly that much
 * video; --captions writes the caption meta of the frames to an SCC file
 * that decodes back to the text, the card's own captions as those put on
 * the frames by the test (one per video file after a change of standard),
 * and none when no caption came; the errors (device, input,
 * norm, captions file, arguments) and a missing encoder named with its
 * Debian package. Never losing data: the card unplugged mid-recording,
 * a device error (DQBUF failing until the source gives up) and a disk
 * about to fill end the run with the file finalised (every
 * frame counted is in it, and it has its duration); a stop in the first
 * moments leaves a valid file or none (no "Sticky event misordering": a
 * warning fails the test); a flapping WSS flag splits nothing; a busy
 * card names no file; captions that are the output by another spelling
 * are refused.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"
#include "vbi/tvvbi.h"
#include "record.h"

#define CARD 3
#define DEVICE "virtual:3"
#define S_VIDEO 2

static gchar *tmpdir;

static gchar *
tmp_file (const gchar * name)
{
  return g_build_filename (tmpdir, name, NULL);
}

typedef struct
{
  guint64 frames;
  gint width, height, fps_n, fps_d, par_n, par_d;
  gchar *interlace_mode;
  gchar *comment;
  guint audio_buffers;
  GstClockTime first_pts, end;  /* of the video */
  GstClockTime prev_end;        /* of the frame before the last */
} FileInfo;

static GstPadProbeReturn
count_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  FileInfo *fi = user_data;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  const GstStructure *s = gst_caps_get_structure (caps, 0);

  if (gst_structure_has_name (s, "video/x-ffv") ||
      gst_structure_has_name (s, "video/x-h264")) {
    GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
    GstClockTime end = GST_BUFFER_PTS (buf) + GST_BUFFER_DURATION (buf);

    fi->frames++;
    if (fi->frames == 1 || GST_BUFFER_PTS (buf) < fi->first_pts)
      fi->first_pts = GST_BUFFER_PTS (buf);

    /* the two latest ends, in presentation order (H.264 reorders) */
    if (end > fi->end) {
      fi->prev_end = fi->end;
      fi->end = end;
    } else if (end > fi->prev_end) {
      fi->prev_end = end;
    }
    if (fi->width == 0) {
      gst_structure_get_int (s, "width", &fi->width);
      gst_structure_get_int (s, "height", &fi->height);
      gst_structure_get_fraction (s, "framerate", &fi->fps_n, &fi->fps_d);
      gst_structure_get_fraction (s, "pixel-aspect-ratio", &fi->par_n,
          &fi->par_d);
      fi->interlace_mode =
          g_strdup (gst_structure_get_string (s, "interlace-mode"));
    }
  } else {
    fi->audio_buffers++;
  }
  gst_caps_unref (caps);
  return GST_PAD_PROBE_OK;
}

static void
pad_added (GstElement * demux, GstPad * pad, gpointer user_data)
{
  GstElement *pipeline = GST_ELEMENT (gst_element_get_parent (demux));
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);
  GstPad *sinkpad;

  /* no preroll: one demuxer thread feeds both sinks */
  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  gst_bin_add (GST_BIN (pipeline), sink);
  gst_element_sync_state_with_parent (sink);
  sinkpad = gst_element_get_static_pad (sink, "sink");
  fail_unless_equals_int (gst_pad_link (pad, sinkpad), GST_PAD_LINK_OK);
  gst_pad_add_probe (sinkpad, GST_PAD_PROBE_TYPE_BUFFER, count_probe,
      user_data, NULL);
  gst_object_unref (sinkpad);
  gst_object_unref (pipeline);
}

/* reads @file to its end through matroskademux: a finalised, playable
 * file; what its tracks hold */
static void
read_file (const gchar * file, FileInfo * fi)
{
  GstElement *pipeline, *src, *demux;
  GstMessage *msg;
  GstBus *bus;
  GstTagList *tags = NULL;

  memset (fi, 0, sizeof (*fi));
  pipeline = gst_pipeline_new (NULL);
  src = gst_element_factory_make ("filesrc", NULL);
  demux = gst_element_factory_make ("matroskademux", NULL);
  g_object_set (src, "location", file, NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, demux, NULL);
  fail_unless (gst_element_link (src, demux));
  g_signal_connect (demux, "pad-added", G_CALLBACK (pad_added), fi);
  v4l2tv_check_track (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  bus = gst_element_get_bus (pipeline);
  while ((msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
              GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_TAG))) {
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_TAG) {
      gchar *comment = NULL;

      gst_message_parse_tag (msg, &tags);
      if (gst_tag_list_get_string (tags, GST_TAG_COMMENT, &comment)) {
        g_free (fi->comment);
        fi->comment = comment;
      }
      gst_tag_list_unref (tags);
      gst_message_unref (msg);
      continue;
    }
    fail_unless (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
        "%s does not play to its end", file);
    gst_message_unref (msg);
    break;
  }
  fail_unless (msg != NULL, "%s: no EOS", file);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

/* @n big-endian bytes at @p, a byte at a time (GST_READ_DOUBLE_BE loads
 * 8 bytes at once, from any address: UBSan stops at a misaligned one) */
static guint64
read_be (const guint8 * p, guint n)
{
  guint64 v = 0;
  guint k;

  for (k = 0; k < n; k++)
    v = v << 8 | p[k];
  return v;
}

/* the Duration of @file's Segment Info: matroskamux writes it when the
 * file is finalised (0 in a file that is not) */
static gdouble
mkv_duration (const gchar * file)
{
  g_autofree gchar *data = NULL;
  const guint8 *p;
  gsize len, i;

  fail_unless (g_file_get_contents (file, &data, &len, NULL), "%s", file);
  for (i = 0; i + 11 <= MIN (len, 4096); i++) {
    p = (const guint8 *) data + i;
    if (p[0] != 0x44 || p[1] != 0x89)
      continue;
    if (p[2] == 0x88) {
      guint64 bits = read_be (p + 3, 8);
      gdouble d;

      memcpy (&d, &bits, sizeof (d));
      return d;
    }
    if (p[2] == 0x84) {
      guint32 bits = (guint32) read_be (p + 3, 4);
      gfloat f;

      memcpy (&f, &bits, sizeof (f));
      return f;
    }
  }
  return 0;
}

static void
file_info_clear (FileInfo * fi)
{
  g_free (fi->interlace_mode);
  g_free (fi->comment);
}

/* the end of a recording test: what it read, the recorder, its file name;
 * the card is closed */
static void
end_recording_test (V4l2TvRecord * rec, gchar * out, FileInfo * a, FileInfo * b)
{
  file_info_clear (a);
  if (b)
    file_info_clear (b);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
  g_free (out);
}

/* after a norm change: reads both files, a 625-line one then a 525-line
 * one, which hold every frame the recorder counted */
static void
read_two_files (V4l2TvRecord * rec, FileInfo * a, FileInfo * b)
{
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 2);
  read_file (v4l2tv_record_get_file (rec, 0), a);
  read_file (v4l2tv_record_get_file (rec, 1), b);
  fail_unless_equals_int (a->height, 576);
  fail_unless_equals_int (a->fps_n, 25);
  fail_unless_equals_int (b->height, 480);
  fail_unless_equals_int (b->fps_n, 30000);
  fail_unless_equals_int (b->fps_d, 1001);
  fail_unless_equals_uint64 (a->frames + b->frames,
      v4l2tv_record_get_frames (rec));
}

/* The preset the recordings use: archive (FFV1), except under valgrind,
 * where small (x264): gst-libav's libavcodec pulls in libhwy, whose
 * constructor runs RDTSCP, an instruction valgrind 3.19 does not know
 * (SIGILL as the plugin loads). */
static const gchar *
test_preset (void)
{
  return g_getenv ("GST_TV_UNDER_VALGRIND") ? "small" : "archive";
}

static V4l2TvRecord *
new_recorder_cc (const gchar * input, const gchar * norm, const gchar * audio,
    GstClockTime duration, const gchar * output, const gchar * captions)
{
  V4l2TvRecordOptions opts = { 0, };
  GError *err = NULL;
  V4l2TvRecord *rec;

  opts.device = (gchar *) DEVICE;
  opts.input = (gchar *) input;
  opts.norm = (gchar *) norm;
  opts.audio = (gchar *) audio;
  opts.duration = duration;
  opts.output = (gchar *) output;
  opts.captions = (gchar *) captions;
  opts.preset = (gchar *) test_preset ();
  rec = v4l2tv_record_new (&opts, stdout, &err);
  fail_unless (rec != NULL, "%s", err ? err->message : "");
  return rec;
}

static V4l2TvRecord *
new_recorder_opts (V4l2TvRecordOptions * opts)
{
  GError *err = NULL;
  V4l2TvRecord *rec;

  opts->device = (gchar *) DEVICE;
  opts->preset = (gchar *) test_preset ();
  rec = v4l2tv_record_new (opts, stdout, &err);
  fail_unless (rec != NULL, "%s", err ? err->message : "");
  return rec;
}

static V4l2TvRecord *
new_recorder (const gchar * input, const gchar * norm, const gchar * audio,
    GstClockTime duration, const gchar * output)
{
  return new_recorder_cc (input, norm, audio, duration, output, NULL);
}

/* --- captions: a stand-in for the card's VBI on an input without it ---
 *
 * A probe on the current source's pad attaches S334-1A caption meta to
 * each frame, as v4l2tvsrc does with a card's line 21: field 1 carries
 * CAPTION_TEXT on CC1 (then null pairs), field 2 a text on CC3, which SCC
 * does not hold. Installed from the tick, on each new segment's source. */
#define CAPTION_TEXT "Recorder test\ncaption 1"

typedef struct
{
  GByteArray *field1, *field2;
  guint next;
} CaptionFeed;

static void
caption_feed_free (gpointer data)
{
  CaptionFeed *feed = data;

  g_byte_array_unref (feed->field1);
  g_byte_array_unref (feed->field2);
  g_free (feed);
}

static GstPadProbeReturn
caption_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  CaptionFeed *feed = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstTvVbiData data = { {TRUE, TRUE}, {{0x80, 0x80}, {0x80, 0x80}}, };
  guint8 triplets[6];
  guint size, i = 2 * feed->next++;

  if (i + 2 <= feed->field1->len)
    memcpy (data.caption[0], feed->field1->data + i, 2);
  if (i + 2 <= feed->field2->len)
    memcpy (data.caption[1], feed->field2->data + i, 2);
  size = gst_tv_vbi_s334_1a_pack (&data, triplets);
  buf = gst_buffer_make_writable (buf);
  gst_buffer_add_video_caption_meta (buf,
      GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A, triplets, size);
  GST_PAD_PROBE_INFO_DATA (info) = buf;
  return GST_PAD_PROBE_OK;
}

typedef struct
{
  GstElement *fed;              /* the source with the probe (no ref) */
  guint sources;                /* how many were fed */
  guint ticks;
} CaptionFeeder;

/* the current source gets the probe, once */
static void
feed_captions (V4l2TvRecord * rec, CaptionFeeder * feeder)
{
  GstElement *src = v4l2tv_record_get_source (rec);
  CaptionFeed *feed;
  GstPad *pad;

  if (src == NULL || src == feeder->fed) {
    gst_clear_object (&src);
    return;
  }
  feed = g_new0 (CaptionFeed, 1);
  feed->field1 = gst_tv_vbi_cc_encode_text (CAPTION_TEXT,
      GST_TV_VBI_CC_POP_ON, 1, NULL);
  feed->field2 = gst_tv_vbi_cc_encode_text ("Field two", GST_TV_VBI_CC_POP_ON,
      1, NULL);
  fail_unless (feed->field1 && feed->field2);
  pad = gst_element_get_static_pad (src, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, caption_probe, feed,
      caption_feed_free);
  gst_object_unref (pad);
  feeder->fed = src;
  feeder->sources++;
  gst_object_unref (src);
}

/* the frame number of an SCC drop-frame timecode "HH:MM:SS;FF" */
static guint64
scc_frame (guint h, guint m, guint sec, guint f)
{
  guint64 minutes = 60 * h + m;

  return ((minutes * 60 + sec) * 30 + f) - 2 * (minutes - minutes / 10);
}

/* reads an SCC file: its header, lines "HH:MM:SS;FF<tab>xxxx xxxx ..."
 * each after a blank line,
 * timecodes after the previous line's last pair; the pairs through a CC1
 * decoder: the texts it showed, in order. @pairs: how many pairs it
 * holds. */
static GPtrArray *
read_scc (const gchar * file, guint64 * pairs)
{
  g_autoptr (GstTvVbiCcDecoder) dec = gst_tv_vbi_cc_decoder_new (1);
  g_autofree gchar *contents = NULL;
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  gchar **lines;
  gint64 next = 0;
  guint i;

  fail_unless (g_file_get_contents (file, &contents, NULL, NULL), "%s", file);
  lines = g_strsplit (contents, "\n", -1);
  fail_unless_equals_string (lines[0], "Scenarist_SCC V1.0");
  *pairs = 0;
  for (i = 1; lines[i]; i++) {
    guint h, m, sec, f;
    gchar **words;
    guint j;

    /* a blank line before each caption line, a newline at the end */
    fail_unless_equals_int (lines[i][0] == '\0', i % 2 == 1 ||
        lines[i + 1] == NULL);
    if (lines[i][0] == '\0')
      continue;
    fail_unless (sscanf (lines[i], "%2u:%2u:%2u;%2u\t", &h, &m, &sec,
            &f) == 4 && lines[i][11] == '\t', "bad SCC line '%s'", lines[i]);
    fail_unless (scc_frame (h, m, sec, f) >= (guint64) next,
        "'%s' goes back in time", lines[i]);
    words = g_strsplit (lines[i] + 12, " ", -1);
    for (j = 0; words[j]; j++) {
      guint b1, b2;

      fail_unless (strlen (words[j]) == 4 &&
          sscanf (words[j], "%2x%2x", &b1, &b2) == 2, "bad pair '%s'",
          words[j]);
      if (gst_tv_vbi_cc_decoder_feed (dec, b1, b2)) {
        gchar *now = gst_tv_vbi_cc_decoder_get_text (dec);

        if (*now)
          g_ptr_array_add (texts, now);
        else
          g_free (now);
      }
      (*pairs)++;
    }
    next = scc_frame (h, m, sec, f) + j;
    g_strfreev (words);
  }
  fail_unless_equals_int (gst_tv_vbi_cc_decoder_get_parity_errors (dec), 0);
  g_strfreev (lines);
  return texts;
}

/* an SCC file read by another program: FFmpeg's SCC demuxer and CEA-608
 * decoder (Debian 12 has neither gst-plugins-rs' sccparse nor sccenc) make
 * SubRip of it; the cues' texts, without FFmpeg's font and position
 * marks, in order, their start times rising */
static GPtrArray *
read_scc_with_ffmpeg (const gchar * file)
{
  g_autofree gchar *ffmpeg = g_find_program_in_path ("ffmpeg");
  g_autofree gchar *out = NULL, *err = NULL;
  g_autoptr (GRegex) marks = g_regex_new ("<[^>]*>|\\{[^}]*\\}", 0, 0, NULL);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  GString *cue = NULL;
  gchar **lines;
  gint status = 0;
  guint i, last_ms = 0;

  fail_unless (ffmpeg != NULL, "ffmpeg is missing (Debian package ffmpeg): "
      "scripts/install-deps.sh installs it");
  {
    const gchar *argv[] = { ffmpeg, "-nostdin", "-v", "error", "-i", file,
      "-f", "srt", "-", NULL
    };
    GError *e = NULL;

    fail_unless (g_spawn_sync (NULL, (gchar **) argv, NULL,
            G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &e), "%s",
        e ? e->message : "");
  }
  fail_unless (g_spawn_check_wait_status (status, NULL),
      "ffmpeg could not read %s: %s", file, err);
  lines = g_strsplit (out, "\n", -1);
  for (i = 0; lines[i]; i++) {
    guint h, m, sec, ms;

    g_strchomp (lines[i]);
    if (sscanf (lines[i], "%u:%u:%u,%u -->", &h, &m, &sec, &ms) == 4) {
      guint at = ((h * 60 + m) * 60 + sec) * 1000 + ms;

      fail_unless (texts->len == 0 || at > last_ms, "cue '%s' goes back",
          lines[i]);
      last_ms = at;
      cue = g_string_new (NULL);
    } else if (cue != NULL && lines[i][0] != '\0') {
      gchar *plain = g_regex_replace_literal (marks, lines[i], -1, 0, "",
          0, NULL);

      if (cue->len)
        g_string_append_c (cue, '\n');
      g_string_append (cue, plain);
      g_free (plain);
    } else if (cue != NULL) {
      g_ptr_array_add (texts, g_string_free (cue, FALSE));
      cue = NULL;
    }
  }
  if (cue != NULL)
    g_ptr_array_add (texts, g_string_free (cue, FALSE));
  g_strfreev (lines);
  return texts;
}

/* the pairs of CAPTION_TEXT that are not null */
static guint64
caption_text_pairs (void)
{
  GByteArray *a = gst_tv_vbi_cc_encode_text (CAPTION_TEXT,
      GST_TV_VBI_CC_POP_ON, 1, NULL);
  guint64 n = 0;
  guint i;

  for (i = 0; i + 1 < a->len; i += 2)
    if ((a->data[i] & 0x7f) || (a->data[i + 1] & 0x7f))
      n++;
  g_byte_array_unref (a);
  return n;
}

static void
check_scc (const gchar * file, guint64 expected_pairs)
{
  guint64 pairs;
  GPtrArray *texts = read_scc (file, &pairs);

  fail_unless (texts->len > 0, "%s shows no caption", file);
  fail_unless_equals_string (g_ptr_array_index (texts, texts->len - 1),
      CAPTION_TEXT);
  fail_unless_equals_uint64 (pairs, expected_pairs);
  g_ptr_array_unref (texts);
}

typedef struct
{
  guint ticks;
  gboolean changed;
  guint64 switched_at;          /* frames when the second file began */
  CaptionFeeder feeder;
} NormChange;

/* once a second: the standard changes after a second of PAL and a
 * caption, the recording stops after half a second of NTSC and a
 * caption */
static void
norm_change_tick (V4l2TvRecord * rec, gpointer user_data)
{
  NormChange *nc = user_data;
  GstElement *src = v4l2tv_record_get_source (rec);

  nc->ticks++;
  feed_captions (rec, &nc->feeder);
  /* the change once the first file has the whole caption */
  if (!nc->changed && v4l2tv_record_get_frames (rec) >= 25 &&
      v4l2tv_record_get_captions (rec) >= caption_text_pairs ()) {
    gst_util_set_object_arg (G_OBJECT (src), "norm", "NTSC");
    nc->changed = TRUE;
  } else if (v4l2tv_record_get_n_files (rec) == 2) {
    /* some NTSC picture and sound in the second file, then stop */
    if (nc->switched_at == 0)
      nc->switched_at = v4l2tv_record_get_frames (rec) + 1;
    else if (v4l2tv_record_get_frames (rec) >= nc->switched_at + 15 &&
        v4l2tv_record_get_captions (rec) >= 2 * caption_text_pairs ())
      v4l2tv_record_stop (rec);
  }
  fail_unless (nc->ticks < 600, "no second file");
  gst_object_unref (src);
}

GST_START_TEST (test_norm_change)
{
  gchar *out = tmp_file ("norm.mkv");
  gchar *cc = tmp_file ("norm.scc");
  V4l2TvRecord *rec;
  GError *err = NULL;
  NormChange nc = { 0, };
  FileInfo a, b;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder_cc ("S-Video", "PAL", "test", GST_CLOCK_TIME_NONE, out,
      cc);
  v4l2tv_record_set_tick (rec, norm_change_tick, &nc);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  read_two_files (rec, &a, &b);
  fail_unless_equals_string (v4l2tv_record_get_file (rec, 0), out);
  fail_unless (g_str_has_suffix (v4l2tv_record_get_file (rec, 1),
          "norm-2.mkv"));
  fail_unless (a.frames >= 25);
  fail_unless (b.frames > 0);
  fail_unless (a.audio_buffers > 0 && b.audio_buffers > 0);
  fail_unless_equals_string (a.interlace_mode, "interleaved");
  fail_unless_equals_string (b.interlace_mode, "interleaved");
  fail_unless (a.comment && strstr (a.comment, "top-field-first"));
  fail_unless (b.comment && strstr (b.comment, "bottom-field-first"));
  /* each video file has its SCC file, with the captions of its frames
   * (the stand-in's text starts again on each segment's source) */
  fail_unless_equals_int (nc.feeder.sources, 2);
  fail_unless_equals_int (v4l2tv_record_get_n_caption_files (rec), 2);
  fail_unless_equals_string (v4l2tv_record_get_caption_file (rec, 0), cc);
  fail_unless (g_str_has_suffix (v4l2tv_record_get_caption_file (rec, 1),
          "norm-2.scc"));
  check_scc (v4l2tv_record_get_caption_file (rec, 0), caption_text_pairs ());
  check_scc (v4l2tv_record_get_caption_file (rec, 1), caption_text_pairs ());
  fail_unless_equals_uint64 (v4l2tv_record_get_captions (rec),
      2 * caption_text_pairs ());
  g_free (cc);
  end_recording_test (rec, out, &a, &b);
}

GST_END_TEST;

/* --norm auto: a tape gap, then the signal comes back in another
 * standard: detected again, and a new file */
typedef struct
{
  GstTvHwVirtualCard *card;
  guint ticks, step;
  guint64 switched_at;          /* frames when the second file began */
} AutoChange;

static void
auto_change_tick (V4l2TvRecord * rec, gpointer user_data)
{
  AutoChange *ac = user_data;

  ac->ticks++;
  if (ac->step == 0 && v4l2tv_record_get_frames (rec) >= 25) {
    gst_tv_hw_virtual_card_set_signal (ac->card, S_VIDEO, 0);
    ac->step = 1;
  } else if (ac->step == 1 &&
      g_strcmp0 (v4l2tv_record_get_signal (rec), "ok") != 0) {
    /* the recorder saw the gap: the tape goes on in NTSC */
    gst_tv_hw_virtual_card_set_signal (ac->card, S_VIDEO, V4L2_STD_NTSC_M);
    ac->step = 2;
  } else if (ac->step == 2 && v4l2tv_record_get_n_files (rec) == 2) {
    ac->switched_at = v4l2tv_record_get_frames (rec) + 1;
    ac->step = 3;
  } else if (ac->step == 3 &&
      v4l2tv_record_get_frames (rec) >= ac->switched_at + 15) {
    /* some NTSC picture in the second file */
    v4l2tv_record_stop (rec);
    ac->step = 4;
  }
  fail_unless (ac->ticks < 600, "no second file");
}

GST_START_TEST (test_norm_auto_redetects)
{
  gchar *out = tmp_file ("auto.mkv");
  V4l2TvRecord *rec;
  GError *err = NULL;
  AutoChange ac = { 0, };
  FileInfo a, b;

  ac.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder ("S-Video", "auto", "none", GST_CLOCK_TIME_NONE, out);
  v4l2tv_record_set_tick (rec, auto_change_tick, &ac);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  read_two_files (rec, &a, &b);
  fail_unless_equals_int (a.audio_buffers, 0);
  end_recording_test (rec, out, &a, &b);
}

GST_END_TEST;

/* no signal: snow at the standard's rate, and --duration cuts at exactly
 * that much video. FREERUN pacing (the card's own timeline, no frame
 * dropped however slow the machine, valgrind included): every period
 * before 2 s is in the file, none after */
GST_START_TEST (test_no_signal_rate)
{
  gchar *out = tmp_file ("nosignal.mkv");
  GstClockTime duration;
  V4l2TvRecord *rec;
  GError *err = NULL;
  FileInfo fi;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  fail_unless (v4l2tv_record_parse_duration ("2", &duration));
  rec = new_recorder ("Composite2", "NTSC", "none", duration, out);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  read_file (out, &fi);
  /* 2 s of 30000/1001 frames: the frame that reaches 2 s is the 60th,
   * and the last */
  fail_unless_equals_uint64 (fi.frames, 60);
  fail_unless_equals_uint64 (v4l2tv_record_get_frames (rec), fi.frames);
  fail_unless (fi.end - fi.first_pts >= 2 * GST_SECOND,
      "%" G_GUINT64_FORMAT " frames from %" GST_TIME_FORMAT " end at %"
      GST_TIME_FORMAT ", the one before at %" GST_TIME_FORMAT, fi.frames,
      GST_TIME_ARGS (fi.first_pts), GST_TIME_ARGS (fi.end),
      GST_TIME_ARGS (fi.prev_end));
  fail_unless (fi.prev_end - fi.first_pts < 2 * GST_SECOND);
  fail_unless_equals_int (fi.height, 480);
  fail_unless_equals_int (fi.fps_n, 30000);
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* once a second: captions onto the frames; the recording stops (as at
 * Ctrl-C) once the whole caption was written, however slow the machine */
static void
feed_captions_tick (V4l2TvRecord * rec, gpointer user_data)
{
  CaptionFeeder *feeder = user_data;

  feed_captions (rec, feeder);
  if (v4l2tv_record_get_captions (rec) >= caption_text_pairs ())
    v4l2tv_record_stop (rec);
  fail_unless (++feeder->ticks < 600, "no captions");
}

/* records @input at @norm with --captions @cc, for @seconds or (NULL)
 * until @feeder, which puts captions on the frames, stops it; reads the
 * video file */
static V4l2TvRecord *
record_captions (const gchar * input, const gchar * norm,
    const gchar * seconds, const gchar * out, const gchar * cc,
    CaptionFeeder * feeder, FileInfo * fi)
{
  GstClockTime duration = GST_CLOCK_TIME_NONE;
  V4l2TvRecord *rec;
  GError *err = NULL;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  fail_unless (seconds == NULL ||
      v4l2tv_record_parse_duration (seconds, &duration));
  rec = new_recorder_cc (input, norm, "none", duration, out, cc);
  if (feeder)
    v4l2tv_record_set_tick (rec, feed_captions_tick, feeder);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  read_file (out, fi);
  return rec;
}

/* --captions on an NTSC input: the frames' caption meta (field 1) in an
 * SCC file that decodes back to the text; field 2 left out; stopped as
 * by Ctrl-C, the SCC file is finished */
GST_START_TEST (test_captions)
{
  gchar *out = tmp_file ("cc.mkv");
  gchar *cc = tmp_file ("cc.scc");
  CaptionFeeder feeder = { 0, };
  V4l2TvRecord *rec;
  FileInfo fi;

  rec = record_captions ("Composite2", "NTSC", NULL, out, cc, &feeder, &fi);
  fail_unless_equals_int (feeder.sources, 1);
  fail_unless_equals_int (v4l2tv_record_get_n_caption_files (rec), 1);
  fail_unless_equals_string (v4l2tv_record_get_caption_file (rec, 0), cc);
  check_scc (cc, caption_text_pairs ());
  fail_unless_equals_uint64 (v4l2tv_record_get_captions (rec),
      caption_text_pairs ());
  g_free (cc);
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* once a second: stops the recording when 60 frames brought captions
 * from the card (one caption and more: a caption every 60 frames) */
static void
card_captions_tick (V4l2TvRecord * rec, gpointer user_data)
{
  guint *ticks = user_data;

  if (v4l2tv_record_get_captions (rec) >= 60)
    v4l2tv_record_stop (rec);
  fail_unless (++*ticks < 600, "no captions from the card");
}

/* the card's own captions (NTSC Composite1: "Virtual card N caption c" on
 * CC1, CC3 text on field 2) through v4l2tvsrc's caption meta into the SCC
 * file; in FREERUN pacing, so that a slow machine (valgrind) drops no
 * frame and with it no pair of caption bytes */
GST_START_TEST (test_captions_card)
{
  gchar *out = tmp_file ("card.mkv");
  gchar *cc = tmp_file ("card.scc");
  g_autoptr (GRegex) re =
      g_regex_new ("^Virtual card " G_STRINGIFY (CARD) " caption [0-9]+$",
      0, 0, NULL);
  GError *err = NULL;
  V4l2TvRecord *rec;
  GPtrArray *texts, *ff;
  guint64 pairs;
  guint ticks = 0, i;
  FileInfo fi;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  rec = new_recorder_cc ("Composite1", "NTSC", "none", GST_CLOCK_TIME_NONE,
      out, cc);
  v4l2tv_record_set_tick (rec, card_captions_tick, &ticks);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  read_file (out, &fi);
  fail_unless_equals_int (v4l2tv_record_get_n_caption_files (rec), 1);
  texts = read_scc (cc, &pairs);
  fail_unless_equals_uint64 (pairs, v4l2tv_record_get_captions (rec));
  /* FREERUN: no frame is dropped, not even on a busy machine, and the
   * recording starts with the card's frame 0, where its first caption
   * begins: every caption is whole */
  fail_unless (texts->len > 0);
  for (i = 0; i < texts->len; i++) {
    const gchar *t = g_ptr_array_index (texts, i);

    fail_if (strstr (t, "CC3") != NULL, "field 2 in the SCC file: '%s'", t);
    fail_unless (g_regex_match (re, t, 0, NULL), "caption %u of %u: '%s'",
        i, texts->len, t);
  }
  /* and another SCC reader sees the same captions */
  ff = read_scc_with_ffmpeg (cc);
  fail_unless_equals_int (ff->len, texts->len);
  for (i = 0; i < texts->len; i++)
    fail_unless_equals_string (g_ptr_array_index (ff, i),
        g_ptr_array_index (texts, i));
  g_ptr_array_unref (ff);
  g_ptr_array_unref (texts);
  g_free (cc);
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* once a second: after a second of 4:3 the card's WSS says 16:9
 * anamorphic; the recording stops half a second into the second file */
typedef struct
{
  GstTvHwVirtualCard *card;
  guint ticks, step;
  guint64 switched_at;
} WssChange;

static void
wss_change_tick (V4l2TvRecord * rec, gpointer user_data)
{
  WssChange *wc = user_data;

  wc->ticks++;
  if (wc->step == 0 && v4l2tv_record_get_frames (rec) >= 25) {
    fail_unless (gst_tv_hw_virtual_card_set_wss (wc->card,
            gst_tv_vbi_wss_word (GST_TV_VBI_WSS_16_9_ANAMORPHIC), NULL));
    wc->step = 1;
  } else if (wc->step == 1 && v4l2tv_record_get_n_files (rec) == 2) {
    wc->switched_at = v4l2tv_record_get_frames (rec);
    wc->step = 2;
  } else if (wc->step == 2 &&
      v4l2tv_record_get_frames (rec) >= wc->switched_at + 12) {
    v4l2tv_record_stop (rec);
    wc->step = 3;
  }
  fail_unless (wc->ticks < 600, "no second file");
}

/* WSS 16:9 anamorphic mid-recording: the source's pixel aspect changes,
 * the file ends and the next one has the 16:9 pixel aspect */
GST_START_TEST (test_wss_change)
{
  gchar *out = tmp_file ("wss.mkv");
  WssChange wc = { 0, };
  V4l2TvRecord *rec;
  GError *err = NULL;
  FileInfo a, b;

  wc.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder ("S-Video", "PAL", "none", GST_CLOCK_TIME_NONE, out);
  v4l2tv_record_set_tick (rec, wss_change_tick, &wc);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 2);
  read_file (v4l2tv_record_get_file (rec, 0), &a);
  read_file (v4l2tv_record_get_file (rec, 1), &b);
  fail_unless_equals_int (a.height, 576);
  fail_unless_equals_int (b.height, 576);
  /* Matroska keeps a display width, whole pixels: the aspect comes back
   * within a pixel */
  fail_unless (fabs ((gdouble) a.par_n / a.par_d - 59.0 / 54) < 0.005);
  fail_unless (fabs ((gdouble) b.par_n / b.par_d - 118.0 / 81) < 0.005);
  fail_unless_equals_uint64 (a.frames + b.frames,
      v4l2tv_record_get_frames (rec));
  end_recording_test (rec, out, &a, &b);
}

GST_END_TEST;

/* --captions where no caption comes (625 lines): no error, no file */
GST_START_TEST (test_captions_none)
{
  gchar *out = tmp_file ("pal.mkv");
  gchar *cc = tmp_file ("pal.scc");
  V4l2TvRecord *rec;
  FileInfo fi;

  rec = record_captions ("S-Video", "PAL", "1", out, cc, NULL, &fi);
  /* a busy machine (valgrind) may drop frames: some, all in the file */
  fail_unless (fi.frames > 0);
  fail_unless_equals_uint64 (v4l2tv_record_get_frames (rec), fi.frames);
  fail_unless_equals_uint64 (v4l2tv_record_get_captions (rec), 0);
  fail_unless_equals_int (v4l2tv_record_get_n_caption_files (rec), 0);
  fail_if (g_file_test (cc, G_FILE_TEST_EXISTS));
  g_free (cc);
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* A card that fails mid-recording, after 25 frames: the run ends with an
 * error that names the device and says the file is finalised, and the
 * file holds every frame counted (the frames in the queue and the encoder
 * reach it) and its sound. */
typedef void (*CardFailure) (GstTvHwVirtualCard * card);

typedef struct
{
  GstTvHwVirtualCard *card;
  CardFailure break_card;
  guint ticks;
  gboolean failed;
} Failure;

static void
failure_tick (V4l2TvRecord * rec, gpointer user_data)
{
  Failure *f = user_data;

  if (!f->failed && v4l2tv_record_get_frames (rec) >= 25) {
    f->break_card (f->card);
    f->failed = TRUE;
  }
  fail_unless (++f->ticks < 600, "the card's failure did not end the "
      "recording");
}

/* records @name until @break_card makes the card fail; the error's text (free
 * it) */
static gchar *
record_until_failure (const gchar * name, CardFailure break_card)
{
  gchar *out = tmp_file (name), *message;
  Failure f = { NULL, break_card, 0, FALSE };
  V4l2TvRecord *rec;
  GError *err = NULL;
  FileInfo fi;

  f.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder ("S-Video", "PAL", "test", GST_CLOCK_TIME_NONE, out);
  v4l2tv_record_set_tick (rec, failure_tick, &f);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (f.failed);
  fail_unless (strstr (err->message, DEVICE) != NULL, "%s", err->message);
  message = g_strdup_printf ("%s is finalised", name);
  fail_unless (strstr (err->message, message) != NULL, "%s", err->message);
  g_free (message);
  message = g_strdup (err->message);
  g_error_free (err);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 1);
  read_file (out, &fi);
  fail_unless (fi.frames >= 25);
  fail_unless_equals_uint64 (fi.frames, v4l2tv_record_get_frames (rec));
  fail_unless (fi.audio_buffers > 0);
  fail_unless (mkv_duration (out) > 0, "%s is not finalised", out);
  gst_tv_hw_virtual_card_replug (f.card);
  end_recording_test (rec, out, &fi, NULL);
  return message;
}

/* the card unplugged */
GST_START_TEST (test_unplug)
{
  g_free (record_until_failure ("unplug.mkv", gst_tv_hw_virtual_card_unplug));
}

GST_END_TEST;

/* DQBUF fails with EIO, again and again, until the source gives up */
static void
fail_dqbuf (GstTvHwVirtualCard * card)
{
  gst_tv_hw_virtual_card_inject_faults (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO, 1000000);
}

/* the card fails: the error has the system's reason too */
GST_START_TEST (test_device_error)
{
  gchar *message = record_until_failure ("fault.mkv", fail_dqbuf);

  fail_unless (strstr (message, g_strerror (EIO)) != NULL, "%s", message);
  g_free (message);
}

GST_END_TEST;

static void
disk_tick (V4l2TvRecord * rec, gpointer user_data)
{
  guint *ticks = user_data;

  fail_unless (++*ticks < 600, "not stopped before the disk is full");
}

/* a filesystem with room for a minute of the worst case, and not much
 * more (pretended, V4l2TvRecordOptions.free_space): the run stops while
 * there is room, the file finalised; less room than a minute (or than a
 * short duration and the reserve): refused */
GST_START_TEST (test_disk_space)
{
  gchar *out = tmp_file ("disk.mkv"), *short_out = tmp_file ("disk-2s.mkv");
  V4l2TvRecordOptions opts = { 0, };
  V4l2TvRecord *rec;
  GError *err = NULL;
  guint ticks = 0;
  FileInfo fi;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  opts.input = (gchar *) "S-Video";
  opts.norm = (gchar *) "PAL";
  opts.audio = (gchar *) "none";
  opts.duration = GST_CLOCK_TIME_NONE;
  opts.output = out;
  /* a worst case of 1 kB a second: 60 kB to start; while recording the
   * reserve is 10 s of it or of the fastest second written, so the run
   * stops once some frames are in the file, whatever the encoder's rate
   * (FFV1, or x264 under valgrind) */
  opts.worst_rate = 1000;
  opts.free_space = 50 * 1000;
  rec = new_recorder_opts (&opts);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (strstr (err->message, "not enough free space for") != NULL,
      "%s", err->message);
  g_clear_error (&err);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 0);
  fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
  v4l2tv_record_free (rec);

  /* a 2 s --duration needs room for itself and the 10 s reserve, 12 kB
   * here: 11 kB is refused, naming the duration */
  opts.duration = 2 * GST_SECOND;
  opts.free_space = 11 * 1000;
  rec = new_recorder_opts (&opts);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (strstr (err->message, "has 11.0 kB free, and the 2 s "
          "asked for and 10 s kept in reserve of the ") != NULL, "%s",
      err->message);
  fail_unless (g_str_has_suffix (err->message, " preset can take "
          "12.0 kB"), "%s", err->message);
  g_clear_error (&err);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 0);
  fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
  v4l2tv_record_free (rec);

  /* 12 kB: it starts (and stops on the first seconds' size, or at 2 s) */
  opts.free_space = 12 * 1000;
  opts.output = short_out;
  rec = new_recorder_opts (&opts);
  if (!v4l2tv_record_run (rec, &err)) {
    fail_unless (strstr (err->message, "stopped before the disk is full") !=
        NULL, "%s", err->message);
    g_clear_error (&err);
  }
  fail_unless (v4l2tv_record_get_frames (rec) > 0);
  fail_unless (g_file_test (short_out, G_FILE_TEST_IS_REGULAR));
  v4l2tv_record_free (rec);
  g_free (short_out);
  opts.output = out;
  opts.duration = GST_CLOCK_TIME_NONE;

  opts.free_space = 60 * 1000;
  rec = new_recorder_opts (&opts);
  v4l2tv_record_set_tick (rec, disk_tick, &ticks);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (strstr (err->message, "stopped before the disk is full") !=
      NULL, "%s", err->message);
  fail_unless (strstr (err->message, "is finalised") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  read_file (out, &fi);
  fail_unless (fi.frames > 0);
  fail_unless_equals_uint64 (fi.frames, v4l2tv_record_get_frames (rec));
  fail_unless (mkv_duration (out) > 0, "%s is not finalised", out);
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* the WSS flag flaps (a worn tape): 4:3 and 16:9 in turn, each for less
 * than the hold time; the recording stays in one file. MANUAL pacing, the
 * frames emitted here one at a time: the flag's changes are counted in
 * frames (stream time), whatever the machine's load or valgrind */
typedef struct
{
  GstTvHwVirtualCard *card;
  V4l2TvRecord *rec;
  gboolean wide;
  guint emitted;
  guint changes;
  guint ticks;
} Flap;

#define FLAP_FIRST 25           /* frames before the first change */
#define FLAP_EVERY 10           /* 0.4 s of PAL, less than the hold time */
#define FLAP_FRAMES 175

/* the next frame once the source took the last; the flag changes before
 * every FLAP_EVERY-th frame; the recording stops after FLAP_FRAMES */
static gboolean
flap_emit_cb (gpointer user_data)
{
  Flap *f = user_data;

  if (!gst_tv_hw_virtual_card_frames_taken (f->card))
    return G_SOURCE_CONTINUE;
  if (f->emitted == FLAP_FRAMES)
    v4l2tv_record_stop (f->rec);
  if (f->emitted >= FLAP_FIRST && f->emitted < FLAP_FRAMES &&
      (f->emitted - FLAP_FIRST) % FLAP_EVERY == 0) {
    f->wide = !f->wide;
    f->changes++;
    fail_unless (gst_tv_hw_virtual_card_set_wss (f->card,
            gst_tv_vbi_wss_word (f->wide ? GST_TV_VBI_WSS_16_9_ANAMORPHIC :
                GST_TV_VBI_WSS_4_3_FULL), NULL));
  }
  /* (after the stop too: the source may be waiting for one) */
  gst_tv_hw_virtual_card_emit_frames (f->card, 1);
  f->emitted++;
  return G_SOURCE_CONTINUE;
}

static void
flap_tick (V4l2TvRecord * rec, gpointer user_data)
{
  Flap *f = user_data;

  fail_unless (++f->ticks < 600, "no %u frames", FLAP_FRAMES);
}

GST_START_TEST (test_wss_flap)
{
  gchar *out = tmp_file ("flap.mkv");
  Flap f = { 0, };
  V4l2TvRecord *rec;
  GError *err = NULL;
  FileInfo fi;
  guint id;

  f.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  rec = new_recorder ("S-Video", "PAL", "none", GST_CLOCK_TIME_NONE, out);
  f.rec = rec;
  v4l2tv_record_set_tick (rec, flap_tick, &f);
  id = g_timeout_add (1, flap_emit_cb, &f);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  g_source_remove (id);
  fail_unless_equals_int (f.changes, (FLAP_FRAMES - FLAP_FIRST) / FLAP_EVERY);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 1);
  read_file (out, &fi);
  fail_unless (fabs ((gdouble) fi.par_n / fi.par_d - 59.0 / 54) < 0.005);
  fail_unless (fi.frames >= FLAP_FRAMES);
  fail_unless_equals_uint64 (fi.frames, v4l2tv_record_get_frames (rec));
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* stopped in the first moments (before or just after the first frames):
 * a finalised file holding every frame counted, or no file and a
 * failure that says nothing was recorded */
static gboolean
stop_cb (gpointer user_data)
{
  v4l2tv_record_stop (user_data);
  return G_SOURCE_REMOVE;
}

GST_START_TEST (test_early_stop)
{
  const guint delays[] = { 0, 40, 80, 120, 160, 200 };
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  for (i = 0; i < G_N_ELEMENTS (delays); i++) {
    gchar *name = g_strdup_printf ("early%u.mkv", i);
    gchar *out = tmp_file (name);
    V4l2TvRecord *rec;
    GError *err = NULL;
    FileInfo fi = { 0, };

    rec = new_recorder ("S-Video", "PAL", "test", GST_CLOCK_TIME_NONE, out);
    g_timeout_add (delays[i], stop_cb, rec);
    if (v4l2tv_record_run (rec, &err)) {
      read_file (out, &fi);
      fail_unless (fi.frames > 0);
      fail_unless_equals_uint64 (fi.frames, v4l2tv_record_get_frames (rec));
      fail_unless (mkv_duration (out) > 0, "%s is not finalised", out);
    } else {
      fail_unless (strstr (err->message, "nothing was recorded") != NULL,
          "%s", err->message);
      fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 0);
      fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
      g_error_free (err);
    }
    file_info_clear (&fi);
    v4l2tv_record_free (rec);
    g_free (out);
    g_free (name);
  }
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* stopped, then stopped at once before the file was finished (a second
 * Ctrl-C): the error says which file is not finalised, and why */
static void
abort_tick (V4l2TvRecord * rec, gpointer user_data)
{
  guint *ticks = user_data;

  if (v4l2tv_record_get_frames (rec) >= 25) {
    v4l2tv_record_stop (rec);
    v4l2tv_record_abort (rec);
  }
  fail_unless (++*ticks < 600, "no 25 frames");
}

GST_START_TEST (test_abort)
{
  gchar *out = tmp_file ("abort.mkv");
  V4l2TvRecord *rec;
  GError *err = NULL;
  guint ticks = 0;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = new_recorder ("S-Video", "PAL", "none", GST_CLOCK_TIME_NONE, out);
  v4l2tv_record_set_tick (rec, abort_tick, &ticks);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (strstr (err->message, "stopped at once") != NULL, "%s",
      err->message);
  fail_unless (strstr (err->message, "abort.mkv is NOT finalised") != NULL,
      "%s", err->message);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 1);
  fail_unless (g_file_test (out, G_FILE_TEST_EXISTS));
  g_error_free (err);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
  g_free (out);
}

GST_END_TEST;

/* the card busy (another program streams from it): a clear error, and no
 * file named or left */
GST_START_TEST (test_busy)
{
  gchar *out = tmp_file ("busy.mkv");
  GstTvHwVirtualCard *card;
  GstElement *other;
  V4l2TvRecord *rec;
  GError *err = NULL;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  other = gst_parse_launch ("v4l2tvsrc device=" DEVICE " ! fakesink", NULL);
  fail_unless (other != NULL);
  fail_unless (gst_element_set_state (other, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (other, NULL, NULL,
          V4L2TV_CHECK_WAIT) == GST_STATE_CHANGE_SUCCESS);
  rec = new_recorder ("S-Video", "PAL", "none", GST_CLOCK_TIME_NONE, out);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (strstr (err->message, DEVICE) != NULL, "%s", err->message);
  fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 0);
  fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
  g_clear_error (&err);
  v4l2tv_record_free (rec);
  gst_element_set_state (other, GST_STATE_NULL);
  gst_object_unref (other);

  /* busy when streaming starts (REQBUFS, in the streaming thread, after
   * the recording began): the summary names no file */
  {
    V4l2TvRecordOptions opts = { 0, };
    gchar *text = NULL;
    gsize len = 0;
    FILE *mem = open_memstream (&text, &len);

    gst_tv_hw_virtual_card_inject_fault (card,
        GST_TV_HW_VIRTUAL_FAULT_REQBUFS, EBUSY);
    opts.device = (gchar *) DEVICE;
    opts.input = (gchar *) "S-Video";
    opts.norm = (gchar *) "PAL";
    opts.audio = (gchar *) "none";
    opts.duration = GST_CLOCK_TIME_NONE;
    opts.output = out;
    opts.preset = (gchar *) test_preset ();
    rec = v4l2tv_record_new (&opts, mem, &err);
    fail_unless (rec != NULL);
    fail_if (v4l2tv_record_run (rec, &err));
    fclose (mem);
    fail_unless (strstr (err->message, DEVICE) != NULL, "%s", err->message);
    fail_unless_equals_int (v4l2tv_record_get_n_files (rec), 0);
    fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
    fail_unless (strstr (text, "busy.mkv") == NULL ||
        strstr (text, "Recorded") == NULL ||
        strstr (strstr (text, "Recorded"), "busy.mkv") == NULL,
        "the summary names a file never written: %s", text);
    g_error_free (err);
    free (text);
    v4l2tv_record_free (rec);
  }
  v4l2tv_check_card_closed (CARD);
  g_free (out);
}

GST_END_TEST;

static void
check_new_fails (V4l2TvRecordOptions * opts, gint code, const gchar * text)
{
  GError *err = NULL;

  fail_unless (v4l2tv_record_new (opts, stdout, &err) == NULL);
  fail_unless (g_error_matches (err, V4L2TV_RECORD_ERROR, code), "%s",
      err->message);
  fail_unless (strstr (err->message, text) != NULL, "'%s' not in '%s'", text,
      err->message);
  g_error_free (err);
}

static void
check_run_fails (V4l2TvRecordOptions * opts, const gchar * text)
{
  GError *err = NULL;
  V4l2TvRecord *rec = v4l2tv_record_new (opts, stdout, &err);

  fail_unless (rec != NULL);
  fail_if (v4l2tv_record_run (rec, &err));
  fail_unless (g_error_matches (err, V4L2TV_RECORD_ERROR,
          V4L2TV_RECORD_ERROR_DEVICE), "%s", err->message);
  fail_unless (strstr (err->message, text) != NULL, "'%s' not in '%s'", text,
      err->message);
  /* nothing recorded, no empty file left */
  fail_if (g_file_test (opts->output, G_FILE_TEST_EXISTS));
  g_error_free (err);
  v4l2tv_record_free (rec);
}

GST_START_TEST (test_errors)
{
  gchar *out = tmp_file ("error.mkv");
  V4l2TvRecordOptions opts = { 0, };
  GstClockTime t;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  opts.device = (gchar *) DEVICE;
  opts.audio = (gchar *) "none";
  opts.duration = GST_CLOCK_TIME_NONE;
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "-o FILE.mkv");
  opts.output = out;
  opts.preset = (gchar *) "tiny";
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "archive");
  opts.preset = NULL;
  opts.norm = (gchar *) "PALL";
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "SECAM-L");
  opts.norm = NULL;
  opts.captions = (gchar *) "";
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "--captions FILE.scc");
  opts.captions = out;
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "a file of their own");
  {
    /* the same file by another spelling */
    gchar *again = g_build_filename (tmpdir, ".", "error.mkv", NULL);

    opts.captions = again;
    check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "a file of their own");
    g_free (again);
  }
  /* a captions file that cannot be written: named, nothing recorded */
  opts.captions = (gchar *) "/v4l2tv-no-such-dir/cc.scc";
  {
    GError *err = NULL;
    V4l2TvRecord *rec = v4l2tv_record_new (&opts, stdout, &err);

    fail_unless (rec != NULL);
    fail_if (v4l2tv_record_run (rec, &err));
    fail_unless (g_error_matches (err, V4L2TV_RECORD_ERROR,
            V4L2TV_RECORD_ERROR_ARGS), "%s", err->message);
    fail_unless (strstr (err->message, "cannot write the captions file "
            "'/v4l2tv-no-such-dir/cc.scc'") != NULL, "%s", err->message);
    fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
    g_error_free (err);
    v4l2tv_record_free (rec);
  }
  opts.captions = NULL;

  /* the element's own errors, which name the device and the choices */
  opts.input = (gchar *) "Composite9";
  check_run_fails (&opts, "Composite1");
  opts.input = (gchar *) "Composite1";
  opts.norm = (gchar *) "SECAM";
  opts.device = (gchar *) "/dev/v4l2tv-no-such-video";
  check_run_fails (&opts, "/dev/v4l2tv-no-such-video");

  fail_unless (v4l2tv_record_parse_duration ("1:30", &t));
  fail_unless_equals_uint64 (t, 90 * GST_SECOND);
  fail_unless (v4l2tv_record_parse_duration ("2h", &t));
  fail_unless_equals_uint64 (t, 7200 * GST_SECOND);
  fail_unless (v4l2tv_record_parse_duration ("1:00:00.5", &t));
  fail_unless_equals_uint64 (t, 3600500 * GST_MSECOND);
  fail_if (v4l2tv_record_parse_duration ("", &t));
  fail_if (v4l2tv_record_parse_duration ("abc", &t));
  fail_if (v4l2tv_record_parse_duration ("1:75", &t));
  fail_if (v4l2tv_record_parse_duration ("0", &t));
  fail_if (v4l2tv_record_parse_duration ("-5", &t));
  g_free (out);
}

GST_END_TEST;

/* the source's options (--crop-bottom, --signal-loss, --hue, --aspect):
 * on the source of the file, and in the file */
GST_START_TEST (test_source_settings)
{
  gchar *out = tmp_file ("settings.mkv");
  gchar *settings[] = { (gchar *) "crop-bottom=8",
    (gchar *) "signal-loss=BLACK", (gchar *) "hue=5", NULL
  };
  V4l2TvRecordOptions opts = { 0, };
  V4l2TvRecord *rec;
  GError *err = NULL;
  FileInfo fi;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  opts.input = (gchar *) "S-Video";
  opts.norm = (gchar *) "PAL";
  opts.audio = (gchar *) "none";
  opts.output = out;
  opts.source_settings = settings;
  opts.aspect = (gchar *) "16:9";
  fail_unless (v4l2tv_record_parse_duration ("1", &opts.duration));
  rec = new_recorder_opts (&opts);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  {
    /* the capture log says what the source had */
    gchar *log = tmp_file ("settings.log");
    gchar *text = NULL;

    fail_unless (g_file_get_contents (log, &text, NULL, NULL));
    fail_unless_text (strstr (text, "hue=5 signal-loss=black "
            "pixel-aspect-ratio=118/81 crop-bottom=8") != NULL, text);
    fail_unless_text (strstr (text, "SATURATION=128 HUE=5\n") != NULL, text);
    g_free (text);
    g_free (log);
  }
  read_file (out, &fi);
  fail_unless_equals_int (fi.height, 568);
  fail_unless (fi.par_n * 81 == fi.par_d * 118, "%d/%d", fi.par_n, fi.par_d);
  end_recording_test (rec, out, &fi, NULL);

  /* 525 lines: the standard's own 16:9 pixel aspect */
  out = tmp_file ("settings-ntsc.mkv");
  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  opts.norm = (gchar *) "NTSC";
  opts.output = out;
  opts.source_settings = NULL;
  rec = new_recorder_opts (&opts);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  read_file (out, &fi);
  fail_unless_equals_int (fi.height, 480);
  fail_unless (fi.par_n * 33 == fi.par_d * 40, "%d/%d", fi.par_n, fi.par_d);
  end_recording_test (rec, out, &fi, NULL);
}

GST_END_TEST;

/* a wrong source option: refused before anything opens, naming the
 * option and what it takes */
GST_START_TEST (test_source_settings_errors)
{
  gchar *out = tmp_file ("bad-settings.mkv");
  const gchar *bad[][2] = {
    {"crop-top=-5", "--crop-top '-5': give a whole number from 0"},
    {"crop-left=x", "--crop-left 'x'"},
    {"signal-loss=snow", "repeat, black, wait"},
    {"hue=", "--hue ''"},
    {"brightness=-2147483648", "an integer from -2147483647"},
    {"extra-controls=", "v4l2-ctl --list-ctrls"},
    {"frequency=1e9", "--frequency '1e9'"},
    {"reconnect-timeout=-1", "--reconnect-timeout"},
    {"device=/dev/video1", "not a source setting"},
    {"pixel-aspect-ratio=1/1", "not a source setting"},
    {"no-such-property=1", "not a source setting"},
    {"crop-top", "not a source setting"},
  };
  V4l2TvRecordOptions opts = { 0, };
  guint i;

  opts.device = (gchar *) DEVICE;
  opts.audio = (gchar *) "none";
  opts.duration = GST_CLOCK_TIME_NONE;
  opts.output = out;
  for (i = 0; i < G_N_ELEMENTS (bad); i++) {
    gchar *settings[] = { (gchar *) "hue=3", (gchar *) bad[i][0], NULL };

    opts.source_settings = settings;
    check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, bad[i][1]);
  }
  opts.source_settings = NULL;
  opts.aspect = (gchar *) "5:4";
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_ARGS, "valid: 4:3, 16:9");
  fail_if (g_file_test (out, G_FILE_TEST_EXISTS));
  g_free (out);
}

GST_END_TEST;

/* the options of a --preview recording of @input at @norm into @out,
 * without sound */
static void
preview_options (V4l2TvRecordOptions * opts, const gchar * input,
    const gchar * norm, gchar * out)
{
  opts->device = (gchar *) DEVICE;
  opts->preset = (gchar *) test_preset ();
  opts->input = (gchar *) input;
  opts->norm = (gchar *) norm;
  opts->audio = (gchar *) "none";
  opts->output = out;
  opts->preview = TRUE;
}

/* --preview on @sink (NULL: the display's own): 1 s of NTSC on a FREERUN
 * card (no frame dropped however slow the machine) is 30 frames in the
 * file, whatever the preview does; the recorder's lines in @text */
static V4l2TvRecord *
record_with_preview (const gchar * name, const gchar * sink, gchar ** text)
{
  gchar *out = tmp_file (name);
  V4l2TvRecordOptions opts = { 0, };
  V4l2TvRecord *rec;
  GError *err = NULL;
  gsize len = 0;
  FILE *mem = open_memstream (text, &len);
  FileInfo fi;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  preview_options (&opts, "Composite2", "NTSC", out);
  opts.preview_sink = (gchar *) sink;
  fail_unless (v4l2tv_record_parse_duration ("1", &opts.duration));
  rec = v4l2tv_record_new (&opts, mem, &err);
  fail_unless (rec != NULL, "%s", err ? err->message : "");
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  fclose (mem);
  read_file (out, &fi);
  fail_unless_equals_uint64 (fi.frames, 30);
  fail_unless_equals_uint64 (v4l2tv_record_get_frames (rec), 30);
  file_info_clear (&fi);
  g_free (out);
  return rec;
}

/* an X server of its own: Xvfb picks a free display (-displayfd) and says
 * which; without the sanitizer runtime preloaded into it (ASan builds) */
static GPid
start_xvfb (gchar ** display)
{
  /* -noreset: an X server with no client left starts again, refusing
   * clients for a moment (the preview's first try, xvimagesink, is its
   * only client and leaves); a desktop always has clients */
  gchar *argv[] = { (gchar *) "Xvfb", (gchar *) "-displayfd", (gchar *) "1",
    (gchar *) "-nolisten", (gchar *) "tcp", (gchar *) "-noreset",
    (gchar *) "-screen", (gchar *) "0", (gchar *) "800x600x24", NULL
  };
  gchar **envp = g_get_environ ();
  GError *err = NULL;
  GPid pid;
  gint out;
  gchar number[16];
  gsize len = 0;

  envp = g_environ_unsetenv (envp, "LD_PRELOAD");
  fail_unless (g_spawn_async_with_pipes (NULL, argv, envp,
          G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
          G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, NULL, &out, NULL,
          &err), "Xvfb (package xvfb, scripts/install-deps.sh): %s",
      err ? err->message : "");
  g_strfreev (envp);
  /* the display number and a newline, once it listens */
  while (len + 1 < sizeof (number)) {
    ssize_t n = read (out, number + len, 1);

    if (n <= 0 || number[len] == '\n')
      break;
    len++;
  }
  close (out);
  number[len] = '\0';
  fail_unless (len > 0, "Xvfb gave no display number");
  *display = g_strdup_printf (":%s", number);
  return pid;
}

static void
stop_xvfb (GPid pid)
{
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
}

/* once the preview shows frames (a helper slow to start, under ASan,
 * shows its first after seconds), its X server is killed; the recording
 * goes on for 50 frames more, then stops */
typedef struct
{
  GPid xvfb;
  gboolean killed;
  guint64 killed_at;
  guint ticks;
} XvfbKiller;

static void
kill_xvfb_tick (V4l2TvRecord * rec, gpointer user_data)
{
  XvfbKiller *k = user_data;
  guint64 frames = v4l2tv_record_get_frames (rec), pushed = 0, shown = 0;

  v4l2tv_record_get_preview_counts (rec, &pushed, &shown);
  if (!k->killed && frames >= 10 && shown >= 1) {
    stop_xvfb (k->xvfb);
    k->killed = TRUE;
    k->killed_at = frames;
  } else if (k->killed && frames >= k->killed_at + 50) {
    v4l2tv_record_stop (rec);
  }
  fail_unless (++k->ticks < 60, "the preview showed no frame (%"
      G_GUINT64_FORMAT " recorded, %" G_GUINT64_FORMAT " sent to it)",
      frames, pushed);
}

/* PAL with --preview on @xvfb's display, which dies once it shows
 * frames: the recording goes on, and every frame the recorder counted is
 * in the file, finalised */
static V4l2TvRecord *
record_until_xvfb_dies (GPid xvfb, gchar ** text)
{
  gchar *out = tmp_file ("preview-xdies.mkv");
  V4l2TvRecordOptions opts = { 0, };
  XvfbKiller k = { xvfb, FALSE, 0 };
  V4l2TvRecord *rec;
  GError *err = NULL;
  gsize len = 0;
  FILE *mem = open_memstream (text, &len);
  FileInfo fi;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  preview_options (&opts, "S-Video", "PAL", out);
  opts.duration = GST_CLOCK_TIME_NONE;
  rec = v4l2tv_record_new (&opts, mem, &err);
  fail_unless (rec != NULL, "%s", err ? err->message : "");
  v4l2tv_record_set_tick (rec, kill_xvfb_tick, &k);
  fail_unless (v4l2tv_record_run (rec, &err), "%s", err ? err->message : "");
  fclose (mem);
  if (!k.killed)
    stop_xvfb (xvfb);
  fail_unless (k.killed, "the recording ended before its display died");
  read_file (out, &fi);
  /* frames after the display died are in the file too (a REALTIME card
   * may drop some under valgrind: no exact count) */
  fail_unless (fi.frames > 10, "%" G_GUINT64_FORMAT, fi.frames);
  fail_unless_equals_uint64 (v4l2tv_record_get_frames (rec), fi.frames);
  file_info_clear (&fi);
  g_free (out);
  return rec;
}

GST_START_TEST (test_preview)
{
  V4l2TvRecord *rec;
  guint64 pushed, shown;
  gchar *text = NULL;

  /* a display that shows every frame it gets */
  rec = record_with_preview ("preview.mkv", "fakesink sync=false", &text);
  fail_unless (v4l2tv_record_get_preview_counts (rec, &pushed, &shown));
  fail_unless_equals_uint64 (pushed, 30);
  /* deinterlaced: a picture for each field */
  fail_unless (shown >= 1 && shown <= 2 * 30, "%" G_GUINT64_FORMAT, shown);
  fail_unless_text (strstr (text, "--preview") == NULL, text);
  free (text);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);

  /* a display stuck after its first frame: the recording does not wait */
  rec = record_with_preview ("preview-stuck.mkv",
      "appsink max-buffers=1 drop=false sync=false", &text);
  fail_unless (v4l2tv_record_get_preview_counts (rec, &pushed, &shown));
  fail_unless_equals_uint64 (pushed, 30);
  fail_unless (shown >= 1 && shown <= 2, "%" G_GUINT64_FORMAT, shown);
  free (text);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);

  /* a display that fails (at its first picture: a helper slow to start,
   * ASan, gets only the frame being sent when the recording ends): a
   * note, and the recording goes on */
  rec = record_with_preview ("preview-error.mkv",
      "identity error-after=1 ! fakesink sync=false", &text);
  fail_unless_text (strstr (text, "--preview: the preview stopped") != NULL,
      text);
  fail_unless_text (strstr (text, "the recording goes on") != NULL, text);
  free (text);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);

  /* a real X display (Xvfb): the display's own sink shows the frames */
  {
    gchar *display = NULL, *display2 = NULL;
    GPid xvfb = start_xvfb (&display);

    g_setenv ("DISPLAY", display, TRUE);
    g_unsetenv ("WAYLAND_DISPLAY");
    rec = record_with_preview ("preview-x.mkv", NULL, &text);
    stop_xvfb (xvfb);
    fail_unless_text (v4l2tv_record_get_preview_counts (rec, &pushed, &shown),
        text);
    fail_unless_text (pushed == 30, text);
    fail_unless (shown >= 1 && shown <= 2 * 30, "%" G_GUINT64_FORMAT, shown);
    fail_unless_text (strstr (text, "--preview") == NULL, text);
    free (text);
    v4l2tv_record_free (rec);
    v4l2tv_check_card_closed (CARD);

    /* the X server dies while recording: the preview ends with a note,
     * the recording goes on to its end */
    xvfb = start_xvfb (&display2);
    g_setenv ("DISPLAY", display2, TRUE);
    rec = record_until_xvfb_dies (xvfb, &text);
    fail_unless_text (strstr (text, "--preview: the preview ended") != NULL,
        text);
    free (text);
    v4l2tv_record_free (rec);
    v4l2tv_check_card_closed (CARD);
    g_free (display2);

    /* a display that is not there: a note naming it, no crash at exit
     * (autovideosink went on to DirectFB, whose thread crashed then) */
    g_setenv ("DISPLAY", ":v4l2tv-no-such-display", TRUE);
    rec = record_with_preview ("preview-nox.mkv", NULL, &text);
    fail_unless (v4l2tv_record_get_preview_counts (rec, &pushed, &shown));
    fail_unless_equals_uint64 (shown, 0);
    fail_unless_text (strstr (text, "no video sink could open the display "
            "':v4l2tv-no-such-display' (tried: xvimagesink, ximagesink") !=
        NULL, text);
    free (text);
    v4l2tv_record_free (rec);
    v4l2tv_check_card_closed (CARD);
    g_free (display);
  }

  /* no display at all: a note, and no preview */
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  rec = record_with_preview ("preview-none.mkv", NULL, &text);
  fail_if (v4l2tv_record_get_preview_counts (rec, &pushed, &shown));
  fail_unless_text (strstr (text, "--preview: no display") != NULL, text);
  free (text);
  v4l2tv_record_free (rec);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* an encoder that is not installed: named with its Debian package */
GST_START_TEST (test_missing_encoder)
{
  GstRegistry *registry = gst_registry_get ();
  const gchar *gone[] = { "avenc_ffv1", "x264enc" };
  V4l2TvRecordOptions opts = { 0, };
  GstPluginFeature *f;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (gone); i++) {
    f = gst_registry_lookup_feature (registry, gone[i]);
    if (f) {
      gst_registry_remove_feature (registry, f);
      gst_object_unref (f);
    }
  }
  opts.device = (gchar *) DEVICE;
  opts.audio = (gchar *) "none";
  opts.output = (gchar *) "never.mkv";
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_MISSING,
      "'avenc_ffv1' is missing: install the Debian package gstreamer1.0-libav");
  opts.preset = (gchar *) "small";
  check_new_fails (&opts, V4L2TV_RECORD_ERROR_MISSING,
      "'x264enc' is missing: install the Debian package "
      "gstreamer1.0-plugins-ugly");
  fail_unless_equals_string (v4l2tv_record_package_of ("alsasrc"),
      "gstreamer1.0-alsa");
}

GST_END_TEST;

static void
setup_tmpdir (void)
{
  tmpdir = g_dir_make_tmp ("v4l2tv-record-XXXXXX", NULL);
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

/* under valgrind: gst-libav's typefinders out of the registry. Reading a
 * recording back runs the typefinders, and loading gst-libav pulls in
 * libhwy, whose start-up code valgrind 3.19 cannot run (SIGILL, killing
 * the whole suite); its encoders stay listed, unloaded (the tests use the
 * small preset under valgrind) */
static void
drop_libav_typefinders (void)
{
  GstRegistry *registry = gst_registry_get ();
  GList *l, *features = gst_registry_get_feature_list_by_plugin (registry,
      "libav");

  for (l = features; l; l = l->next) {
    if (GST_IS_TYPE_FIND_FACTORY (l->data))
      gst_registry_remove_feature (registry, l->data);
  }
  gst_plugin_feature_list_free (features);
}

static Suite *
record_suite (void)
{
  Suite *s = suite_create ("v4l2tv-record");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  if (g_getenv ("GST_TV_UNDER_VALGRIND"))
    drop_libav_typefinders ();
  tcase_add_checked_fixture (tc, setup_tmpdir, remove_tmpdir);
  v4l2tv_check_add_teardown (tc);
  tcase_set_timeout (tc, 120);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_norm_change);
  tcase_add_test (tc, test_norm_auto_redetects);
  tcase_add_test (tc, test_no_signal_rate);
  tcase_add_test (tc, test_captions);
  tcase_add_test (tc, test_captions_none);
  tcase_add_test (tc, test_captions_card);
  tcase_add_test (tc, test_wss_change);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_unplug);
  tcase_add_test (tc, test_device_error);
  tcase_add_test (tc, test_disk_space);
  tcase_add_test (tc, test_wss_flap);
  tcase_add_test (tc, test_early_stop);
  tcase_add_test (tc, test_busy);
  tcase_add_test (tc, test_abort);
  /* last: it takes encoders out of the registry */
  tcase_add_test (tc, test_source_settings);
  tcase_add_test (tc, test_source_settings_errors);
  tcase_add_test (tc, test_preview);
  tcase_add_test (tc, test_missing_encoder);
  return s;
}

GST_CHECK_MAIN (record);
