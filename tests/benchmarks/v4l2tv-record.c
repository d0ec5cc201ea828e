/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record's recorder (tools/record.[ch]) on the virtual card:
 *
 * - CPU per frame of a preset at 720x576 (PAL on S-Video: colour bars,
 *   which compress well; Composite2: snow, the worst case for a lossless
 *   coder), the card free-running so that the recorder goes as fast as the
 *   machine lets it; process CPU time (user + system, every thread) over
 *   the frames recorded;
 * - A/V drift with audiotestsrc standing in for the card's sound (the card
 *   paced in real time): the file is read back; the figure is how far the
 *   sound's timestamps strayed from its first one plus the samples before
 *   them (a player plays the samples in step with the picture's
 *   timestamps), at the end and at most. The offsets between sound and
 *   picture at the start and at the end are printed too: they say where
 *   the first buffer and EOS fell on each stream, not a drift.
 *   audiotestsrc counts its samples against the pipeline clock, so this
 *   measures what the recorder adds (timestamps, muxing), not the crystal of
 *   a real card's sound, which alsasrc slave-method=skew corrects.
 *
 *   build/tests/benchmarks/v4l2tv-record-bench [--frames 250] [--preset archive]
 *       [--drift-seconds 60]
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include <gst/gst.h>
#include <gst/audio/audio.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "record.h"

#define CARD 6
#define DEVICE "virtual:6"

static gdouble
cpu_seconds (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
      ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static V4l2TvRecord *
recorder (const gchar * input, const gchar * audio, const gchar * preset,
    GstClockTime duration, const gchar * out)
{
  V4l2TvRecordOptions opts = { 0, };
  GError *err = NULL;
  V4l2TvRecord *rec;
  FILE *devnull = fopen ("/dev/null", "w");

  opts.device = (gchar *) DEVICE;
  opts.input = (gchar *) input;
  opts.norm = (gchar *) "PAL";
  opts.audio = (gchar *) audio;
  opts.preset = (gchar *) preset;
  opts.duration = duration;
  opts.output = (gchar *) out;
  /* the progress lines go nowhere (the stream stays open: tiny leak) */
  rec = v4l2tv_record_new (&opts, devnull, &err);
  if (rec == NULL)
    g_error ("%s", err->message);
  return rec;
}

static void
cpu_per_frame (const gchar * input, const gchar * preset, guint frames,
    const gchar * dir)
{
  g_autofree gchar *out = g_build_filename (dir, "cpu.mkv", NULL);
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (CARD);
  V4l2TvRecord *rec;
  GError *err = NULL;
  gdouble cpu;
  GStatBuf st;
  guint64 n;

  gst_tv_hw_virtual_card_reset (card);
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  rec = recorder (input, "none", preset, frames * GST_SECOND / 25, out);
  cpu = cpu_seconds ();
  if (!v4l2tv_record_run (rec, &err))
    g_error ("%s", err->message);
  cpu = cpu_seconds () - cpu;
  n = v4l2tv_record_get_frames (rec);
  g_stat (out, &st);
  g_print ("| %s | %s | %" G_GUINT64_FORMAT " | %.2f | %.1f | %.1f |\n",
      preset, input, n, cpu, cpu * 1000 / n, (gdouble) st.st_size / n / 1024);
  v4l2tv_record_free (rec);
  g_unlink (out);
}

typedef struct
{
  GstClockTime v_first, v_end, a_first;
  guint64 v_frames, a_samples;
  gint rate;
  /* audio: its timestamp against its first one plus the samples before
   * it, at the last buffer and at most */
  GstClockTimeDiff a_err, a_err_max;
} Tracks;

static GstPadProbeReturn
track_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Tracks *t = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  const GstStructure *s = gst_caps_get_structure (caps, 0);

  if (gst_structure_has_name (s, "audio/x-raw")) {
    GstAudioInfo ai;

    gst_audio_info_from_caps (&ai, caps);
    if (t->a_samples == 0)
      t->a_first = GST_BUFFER_PTS (buf);
    else
      t->a_err = GST_CLOCK_DIFF (t->a_first +
          gst_util_uint64_scale (t->a_samples, GST_SECOND,
              GST_AUDIO_INFO_RATE (&ai)), GST_BUFFER_PTS (buf));
    t->a_err_max = MAX (t->a_err_max, ABS (t->a_err));
    t->a_samples += gst_buffer_get_size (buf) / GST_AUDIO_INFO_BPF (&ai);
    t->rate = GST_AUDIO_INFO_RATE (&ai);
  } else {
    if (t->v_frames == 0)
      t->v_first = GST_BUFFER_PTS (buf);
    t->v_frames++;
    t->v_end = GST_BUFFER_PTS (buf) + GST_BUFFER_DURATION (buf);
  }
  gst_caps_unref (caps);
  return GST_PAD_PROBE_OK;
}

static void
read_tracks (const gchar * file, Tracks * t)
{
  g_autofree gchar *launch = g_strdup_printf ("filesrc location=\"%s\" ! "
      "matroskademux name=d d.video_0 ! fakesink name=v sync=false "
      "async=false d.audio_0 ! flacparse ! flacdec ! fakesink name=a sync=false "
      "async=false", file);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  const gchar *sinks[] = { "v", "a" };
  GstMessage *msg;
  GstBus *bus;
  guint i;

  memset (t, 0, sizeof (*t));
  for (i = 0; i < 2; i++) {
    GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), sinks[i]);
    GstPad *pad = gst_element_get_static_pad (sink, "sink");

    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, track_probe, t, NULL);
    gst_object_unref (pad);
    gst_object_unref (sink);
  }
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  bus = gst_element_get_bus (pipeline);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (GST_MESSAGE_TYPE (msg) != GST_MESSAGE_EOS) {
    GError *err = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    g_error ("%s does not play: %s (%s)", file, err->message, debug);
  }
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

static void
drift (guint seconds, const gchar * dir)
{
  g_autofree gchar *out = g_build_filename (dir, "drift.mkv", NULL);
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (CARD);
  GstClockTimeDiff start, end;
  GstClockTime a_end;
  V4l2TvRecord *rec;
  GError *err = NULL;
  Tracks t;

  gst_tv_hw_virtual_card_reset (card);
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  rec = recorder ("S-Video", "test", "archive", seconds * GST_SECOND, out);
  if (!v4l2tv_record_run (rec, &err))
    g_error ("%s", err->message);
  read_tracks (out, &t);
  a_end = t.a_first + gst_util_uint64_scale (t.a_samples, GST_SECOND, t.rate);
  start = GST_CLOCK_DIFF (t.v_first, t.a_first);
  end = GST_CLOCK_DIFF (t.v_end, a_end);
  g_print ("A/V over %u s (%" G_GUINT64_FORMAT " frames, %" G_GUINT64_FORMAT
      " samples at %d Hz, %" G_GINT64_FORMAT " frames lost by the card):\n"
      "  the sound's timestamps against its sample count (what a player "
      "keeps in step with the picture's timestamps): %+.3f ms at the end, "
      "%.3f ms at most (one frame is 40 ms)\n"
      "  audio - video at the start %+.3f ms, at the end %+.3f ms (where "
      "the first buffer and EOS fell on each)\n", seconds, t.v_frames,
      t.a_samples, t.rate, (gint64) (seconds * 25) - (gint64) t.v_frames,
      t.a_err / 1e6, t.a_err_max / 1e6, start / 1e6, end / 1e6);
  v4l2tv_record_free (rec);
  g_unlink (out);
}

int
main (int argc, char **argv)
{
  gint frames = 250, drift_seconds = 60;
  g_autofree gchar *preset = NULL;
  g_autofree gchar *dir = NULL;
  GOptionEntry entries[] = {
    {"frames", 0, 0, G_OPTION_ARG_INT, &frames,
        "Frames per CPU measurement (default 250)", "N"},
    {"preset", 0, 0, G_OPTION_ARG_STRING, &preset,
        "archive (default) or small", "P"},
    {"drift-seconds", 0, 0, G_OPTION_ARG_INT, &drift_seconds,
        "Length of the A/V drift recording, 0: none (default 60)", "S"},
    {NULL}
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) err = NULL;

  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err) || frames <= 0 ||
      drift_seconds < 0) {
    g_printerr ("%s\n", err ? err->message : "bad --frames/--drift-seconds");
    return 2;
  }
  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  dir = g_dir_make_tmp ("v4l2tv-record-bench-XXXXXX", NULL);

  g_print ("| preset | input | frames | CPU s | CPU ms/frame | kB/frame |\n"
      "|---|---|---|---|---|---|\n");
  cpu_per_frame ("S-Video", preset ? preset : "archive", frames, dir);
  cpu_per_frame ("Composite2", preset ? preset : "archive", frames, dir);
  if (drift_seconds > 0)
    drift (drift_seconds, dir);
  g_rmdir (dir);
  return 0;
}
