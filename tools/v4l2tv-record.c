/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record: records an analog TV card (a tape through a USB grabber,
 * say) to Matroska, picture and sound, unattended.
 *
 *   v4l2tv-record [--device D] [--input I] [--norm N|auto]
 *                 [--audio auto|none|ALSA-DEVICE] [--duration T]
 *                 [--captions FILE.scc] [--preset archive|small] -o FILE.mkv
 *
 * Ctrl-C (SIGINT) or SIGTERM ends the recording cleanly (EOS: the file is
 * finalised); a second one stops at once. Exit status: 0 recorded, 1 the
 * recording failed, 2 bad arguments, 3 an element is missing.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <signal.h>
#include <glib-unix.h>

#include "record.h"

static gboolean
on_signal (gpointer user_data)
{
  V4l2TvRecord *rec = user_data;
  static gint count = 0;

  if (count++ == 0) {
    g_printerr ("stopping: finishing the file (Ctrl-C again to stop at "
        "once)\n");
    v4l2tv_record_stop (rec);
  } else {
    v4l2tv_record_abort (rec);
  }
  return G_SOURCE_CONTINUE;
}

static gint
exit_status (const GError * err)
{
  if (err->domain != V4L2TV_RECORD_ERROR)
    return 1;
  switch (err->code) {
    case V4L2TV_RECORD_ERROR_ARGS:
    case V4L2TV_RECORD_ERROR_UNSUPPORTED:
      return 2;
    case V4L2TV_RECORD_ERROR_MISSING:
      return 3;
    default:
      return 1;
  }
}

int
main (int argc, char **argv)
{
  g_autofree gchar *device = NULL, *input = NULL, *norm = NULL;
  g_autofree gchar *audio = NULL, *duration = NULL, *captions = NULL;
  g_autofree gchar *preset = NULL, *output = NULL;
  g_autoptr (GOptionContext) ctx = NULL;
  g_autoptr (GError) err = NULL;
  V4l2TvRecordOptions opts = { 0, };
  V4l2TvRecord *rec;
  guint sigint, sigterm;
  gint status = 0;
  GOptionEntry entries[] = {
    {"device", 'd', 0, G_OPTION_ARG_STRING, &device,
        "The card: /dev/videoN, or virtual[:N] (default /dev/video0)", "D"},
    {"input", 'i', 0, G_OPTION_ARG_STRING, &input,
        "Input to record (name or index; default the card's)", "I"},
    {"norm", 'n', 0, G_OPTION_ARG_STRING, &norm,
        "TV standard (PAL, NTSC, SECAM, PAL-M, ...) or auto (detect, and "
          "again after a signal loss); default the card's", "N"},
    {"audio", 'a', 0, G_OPTION_ARG_STRING, &audio,
          "Sound: auto (the card's own sound device), none, an ALSA device "
          "(hw:CARD=X,DEV=0), or test (a test tone, for testing only)",
        "auto|none|ALSA-DEVICE"},
    {"duration", 't', 0, G_OPTION_ARG_STRING, &duration,
        "Stop after this much video: seconds, 90s, 10m, 2h or H:MM:SS", "T"},
    {"captions", 'c', 0, G_OPTION_ARG_FILENAME, &captions,
          "Write the closed captions (CEA-608 field 1, from line 21 of "
          "525-line video) to this Scenarist SCC file; FILE-2.scc, ... follow "
          "the numbered video files. A recording without captions (625-line "
          "video, a card without VBI) writes no file and says so",
        "FILE.scc"},
    {"preset", 'p', 0, G_OPTION_ARG_STRING, &preset,
        "archive: lossless FFV1 4:2:2 + FLAC (default); small: interlaced "
          "H.264 4:2:0 + Opus", "archive|small"},
    {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
        "The Matroska file to write (after a change of standard, "
          "FILE-2.mkv, ... follow)", "FILE.mkv"},
    {NULL}
  };

  ctx = g_option_context_new ("- record an analog TV card to Matroska");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  g_option_context_set_description (ctx,
      "Ctrl-C ends the recording and finalises the file. A progress line "
      "is printed once a second.\n");
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("v4l2tv-record: %s (see --help)\n", err->message);
    return 2;
  }
  if (argc > 1) {
    g_printerr ("v4l2tv-record: unexpected argument '%s' (see --help)\n",
        argv[1]);
    return 2;
  }

  opts.device = device;
  opts.input = input;
  opts.norm = norm;
  opts.audio = audio;
  opts.captions = captions;
  opts.preset = preset;
  opts.output = output;
  opts.duration = GST_CLOCK_TIME_NONE;
  if (duration && !v4l2tv_record_parse_duration (duration, &opts.duration)) {
    g_printerr ("v4l2tv-record: bad --duration '%s': give seconds, 90s, 10m, "
        "2h or H:MM:SS\n", duration);
    return 2;
  }

  rec = v4l2tv_record_new (&opts, stdout, &err);
  if (rec == NULL) {
    g_printerr ("v4l2tv-record: %s\n", err->message);
    return exit_status (err);
  }
  sigint = g_unix_signal_add (SIGINT, on_signal, rec);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, rec);
  if (!v4l2tv_record_run (rec, &err)) {
    g_printerr ("v4l2tv-record: %s\n", err->message);
    status = exit_status (err);
  }
  g_source_remove (sigint);
  g_source_remove (sigterm);
  v4l2tv_record_free (rec);
  gst_deinit ();
  return status;
}
