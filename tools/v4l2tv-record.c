/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record: records an analog TV card (a tape through a USB grabber,
 * say) to Matroska, picture and sound, unattended.
 *
 *   v4l2tv-record [--device D] [--input I] [--norm N|auto]
 *                 [--audio auto|none|ALSA-DEVICE] [--duration T]
 *                 [--captions FILE.scc] [--preset archive|small]
 *                 [--overwrite] [--preview] [--aspect 4:3|16:9]
 *                 [--reconnect [--reconnect-timeout T]]
 *                 [--signal-loss repeat|black|wait] [--crop-top N] ...
 *                 [--brightness N] ... [--extra-controls C]
 *                 [--frequency MHZ] [--vbi-device D] -o FILE.mkv
 *
 * The source's options are v4l2tvsrc's properties of the same name (see
 * gst-inspect-1.0 v4l2tvsrc), checked before anything opens.
 *
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP ends the recording cleanly (EOS: the
 * file is finalised). Signals of one delivery are one request: the same
 * signal again, or another, while the file is being finished changes
 * nothing (coreutils timeout, a service manager and a shell forwarding to
 * the process group may each send one). Only a Ctrl-C typed at the
 * terminal once the first was announced and a grace time has passed
 * (2 s; V4L2TV_RECORD_ABORT_GRACE, seconds, for tests) stops at once,
 * leaving the file unfinished. Exit status: 0 recorded, 1 the recording
 * failed (or ended early: stopped before the disk is full, a device
 * error; what was recorded is finalised and named), 2 bad arguments,
 * 3 an element is missing.
 *
 * For tests: V4L2TV_RECORD_FREE_SPACE (bytes) pretends the output's
 * filesystem has that much free at the start, V4L2TV_RECORD_WORST_RATE
 * (bytes a second) replaces the preset's worst-case rate.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "record.h"
#include "record-preview.h"

/* each signal delivered, as the handler saw it, through a pipe to the
 * main loop */
typedef struct
{
  gint signo;
  gint code;                    /* siginfo's si_code: SI_KERNEL from the
                                 * terminal, SI_USER from kill() */
} Delivery;

typedef struct
{
  V4l2TvRecord *rec;
  gint64 announced;             /* when the stop was announced; 0: not */
  gdouble grace;                /* seconds */
} Stopper;

static gint signal_pipe[2] = { -1, -1 };

static void
on_signal (int signo, siginfo_t * info, void *context)
{
  Delivery d = { signo, info ? info->si_code : SI_USER };
  gint saved = errno;
  ssize_t n = write (signal_pipe[1], &d, sizeof (d));

  (void) n;
  errno = saved;
}

static const gchar *
signal_name (gint signo)
{
  switch (signo) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      /* TRANSLATORS: in place of SIGINT, SIGTERM or SIGHUP in "stopping
       * (%s): ..." and "already stopping: %s again is ignored ..." */
      return _("a signal");
  }
}

static void
handle_delivery (Stopper * st, const Delivery * d)
{
  gboolean typed = d->signo == SIGINT && d->code == SI_KERNEL;
  gint64 now = g_get_monotonic_time ();

  if (st->announced == 0) {
    g_printerr (_("stopping (%s): finishing the file (Ctrl-C at the terminal "
            "again, after %g s, stops at once and leaves it unfinished)\n"),
        signal_name (d->signo), st->grace);
    st->announced = now;
    v4l2tv_record_stop (st->rec);
  } else if (typed && now - st->announced >= st->grace * G_USEC_PER_SEC) {
    g_printerr (_("stopping at once (Ctrl-C again)\n"));
    v4l2tv_record_abort (st->rec);
  } else if (typed) {
    g_printerr (_("already stopping: %s again is ignored while the file is "
            "finished (within the grace time)\n"), signal_name (d->signo));
  } else {
    g_printerr (_("already stopping: %s again is ignored while the file is "
            "finished\n"), signal_name (d->signo));
  }
}

static gboolean
on_delivery (gint fd, GIOCondition condition, gpointer user_data)
{
  Delivery d;

  while (read (fd, &d, sizeof (d)) == sizeof (d))
    handle_delivery (user_data, &d);
  return G_SOURCE_CONTINUE;
}

static gboolean
catch_signals (void)
{
  struct sigaction sa;
  const gint signals[] = { SIGINT, SIGTERM, SIGHUP };
  guint i;

  if (!g_unix_open_pipe (signal_pipe, FD_CLOEXEC, NULL) ||
      !g_unix_set_fd_nonblocking (signal_pipe[0], TRUE, NULL) ||
      !g_unix_set_fd_nonblocking (signal_pipe[1], TRUE, NULL))
    return FALSE;
  memset (&sa, 0, sizeof (sa));
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset (&sa.sa_mask);
  for (i = 0; i < G_N_ELEMENTS (signals); i++)
    if (sigaction (signals[i], &sa, NULL) != 0)
      return FALSE;
  return TRUE;
}

/* the source's settings, "property=value", in the order given */
static GPtrArray *source_settings;

/* --signal-loss, --crop-top, ...: v4l2tvsrc's property of the same name,
 * its value checked by v4l2tv_record_new() */
static gboolean
on_source_option (const gchar * option, const gchar * value, gpointer data,
    GError ** error)
{
  g_ptr_array_add (source_settings, g_strdup_printf ("%s=%s", option + 2,
          value));
  return TRUE;
}

/* --frequency: MHz as v4l2-ctl -f takes it (175.25), or Hz with the
 * suffix (175250000Hz) */
static gboolean
on_frequency (const gchar * option, const gchar * value, gpointer data,
    GError ** error)
{
  gchar *end = NULL;
  gdouble v = g_ascii_strtod (value, &end);
  guint64 hz = 0;

  if (end != value && v > 0 && v < 1e11) {
    if (g_ascii_strcasecmp (end, "Hz") == 0 && v == (guint64) v)
      hz = (guint64) v;
    else if (*end == '\0' || g_ascii_strcasecmp (end, "MHz") == 0)
      hz = (guint64) (v * 1e6 + 0.5);
  }
  if (hz == 0) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
        _("bad --frequency '%s': give MHz (175.25) or Hz (175250000Hz)"),
        value);
    return FALSE;
  }
  g_ptr_array_add (source_settings, g_strdup_printf ("frequency=%"
          G_GUINT64_FORMAT, hz));
  return TRUE;
}

/* --reconnect, --reconnect-timeout (which implies it) */
static gboolean
on_reconnect (const gchar * option, const gchar * value, gpointer data,
    GError ** error)
{
  GstClockTime t;

  if (g_str_equal (option, "--reconnect-timeout")) {
    if (!v4l2tv_record_parse_duration (value, &t)) {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
          _("bad --reconnect-timeout '%s': give seconds, 90s, 10m, 2h or "
              "H:MM:SS"), value);
      return FALSE;
    }
    g_ptr_array_add (source_settings, g_strdup_printf ("reconnect-timeout=%"
            G_GUINT64_FORMAT, t));
  }
  g_ptr_array_add (source_settings, g_strdup ("on-disconnect=reconnect"));
  return TRUE;
}

/* a byte count from the environment (for tests), 0 if unset */
static guint64
env_bytes (const gchar * name)
{
  const gchar *v = g_getenv (name);

  return v ? g_ascii_strtoull (v, NULL, 10) : 0;
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
  gboolean overwrite = FALSE, preview = FALSE, preview_helper = FALSE;
  g_autofree gchar *aspect = NULL, *preview_sink = NULL;
  g_autoptr (GPtrArray) settings = source_settings =
      g_ptr_array_new_with_free_func (g_free);
  const gchar *grace;
  Stopper stopper = { NULL, 0, 2.0 };
  guint watch;
  g_autoptr (GOptionContext) ctx = NULL;
  g_autoptr (GError) err = NULL;
  V4l2TvRecordOptions opts = { 0, };
  V4l2TvRecord *rec;
  gint status = 0;
  /* the descriptions and the names of the values (D, FILE.mkv) are
   * marked N_(): the context translates them (--help) */
  GOptionEntry entries[] = {
    {"device", 'd', 0, G_OPTION_ARG_STRING, &device,
          N_("The card: /dev/videoN, or virtual[:N] (default /dev/video0)"),
          /* TRANSLATORS: the value of --device and --vbi-device */
        N_("D")},
    {"input", 'i', 0, G_OPTION_ARG_STRING, &input,
          N_("Input to record (name or index; default the card's)"),
          /* TRANSLATORS: the value of --input */
        N_("I")},
    {"norm", 'n', 0, G_OPTION_ARG_STRING, &norm,
          N_("TV standard (PAL, NTSC, SECAM, PAL-M, ...) or auto (detect, and "
              "again after a signal loss); default the card's"),
          /* TRANSLATORS: the value of --norm (a standard), and of --crop-top,
           * --brightness, ... (a number) */
        N_("N")},
    {"audio", 'a', 0, G_OPTION_ARG_STRING, &audio,
          N_("Sound: auto (the card's own sound device), none, an ALSA device "
              "(hw:CARD=X,DEV=0), or test (a test tone, for testing only)"),
          /* TRANSLATORS: the value of --audio: auto and none are literal
           * values, keep them */
        N_("auto|none|ALSA-DEVICE")},
    {"duration", 't', 0, G_OPTION_ARG_STRING, &duration,
          N_("Stop after this much video: seconds, 90s, 10m, 2h or H:MM:SS"),
          /* TRANSLATORS: the value of --duration and --reconnect-timeout (a
           * time) */
        N_("T")},
    {"captions", 'c', 0, G_OPTION_ARG_FILENAME, &captions,
          N_("Write the closed captions (CEA-608 field 1, from line 21 of "
              "525-line video) to this Scenarist SCC file; FILE-2.scc, ... "
              "follow the numbered video files. A recording without "
              "captions (625-line video, a card without VBI) writes no file "
              "and says so"),
          /* TRANSLATORS: the value of --captions: keep .scc */
        N_("FILE.scc")},
    {"preset", 'p', 0, G_OPTION_ARG_STRING, &preset,
          N_("archive: lossless FFV1 4:2:2 + FLAC (default); small: interlaced "
              "H.264 4:2:0 + Opus"),
        "archive|small"},
    {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
          N_("The Matroska file to write (after a change of standard, "
              "FILE-2.mkv, ... follow)"),
          /* TRANSLATORS: the value of --output: keep .mkv */
        N_("FILE.mkv")},
    {"overwrite", 0, 0, G_OPTION_ARG_NONE, &overwrite,
          N_("Replace an existing output or captions file, capture log, "
              "framemd5 or checksum file (and an earlier recording's numbered "
              "files, as this one reaches them); without it an existing file "
              "is never touched"),
        NULL},
    /* the preview's own process (record-preview.c), not for users */
    {"preview-helper", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE,
        &preview_helper, NULL, NULL},
    {"preview-sink", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &preview_sink, NULL, NULL},
    {"preview", 0, 0, G_OPTION_ARG_NONE, &preview,
          N_("Show the picture (and the sound's level) on screen while "
              "recording; the preview drops frames, the recording never waits "
              "for it. Without a display, a note, and the recording goes on"),
        NULL},
    {"aspect", 0, 0, G_OPTION_ARG_STRING, &aspect,
          N_("The picture's shape when the tape does not say (no widescreen "
              "signal): 16:9 for an anamorphic picture, 4:3; default the "
              "card's, and WSS's"),
        "4:3|16:9"},
    {"reconnect", 0, G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK,
          on_reconnect,
          N_("When the card goes away (a USB grabber unplugged or reset), "
              "record filler frames and go on when the same card comes back, "
              "instead of ending the recording"),
        NULL},
    {"reconnect-timeout", 0, 0, G_OPTION_ARG_CALLBACK, on_reconnect,
          N_("With --reconnect: end the recording (finalised) if the card is "
              "not back after this long (as --duration); default wait for "
              "ever"),
        N_("T")},
    {"signal-loss", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
          N_("While the card delivers no frames: repeat the last one "
              "(default), black frames, or wait (the file gets no frames "
              "then)"),
        "repeat|black|wait"},
    {"crop-top", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("Lines to crop off the top (rounded up to even)"), N_("N")},
    {"crop-bottom", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("Lines to crop off the bottom (a VCR's head-switching noise: 8 "
              "or so)"), N_("N")},
    {"crop-left", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("Columns to crop off the left"), N_("N")},
    {"crop-right", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("Columns to crop off the right"), N_("N")},
    {"brightness", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("The card's brightness control (in the card's range)"), N_("N")},
    {"contrast", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("The card's contrast control"), N_("N")},
    {"saturation", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("The card's saturation control"), N_("N")},
    {"hue", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("The card's hue control"), N_("N")},
    {"extra-controls", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
          N_("Any of the card's controls, as v4l2-ctl --list-ctrls names "
              "them: c,sharpness=2,chroma_agc=0"),
          /* TRANSLATORS: the value of --extra-controls (controls) */
        N_("C")},
    {"vbi-device", 0, 0, G_OPTION_ARG_CALLBACK, on_source_option,
        N_("The card's VBI node for captions and WSS (default: found with "
              "the card; \"\" for none)"), N_("D")},
    {"frequency", 0, 0, G_OPTION_ARG_CALLBACK, on_frequency,
          N_("Tune the input's tuner: MHz as v4l2-ctl -f takes it (175.25), "
              "or Hz (175250000Hz)"),
          /* TRANSLATORS: the value of --frequency (megahertz) */
        N_("MHZ")},
    {NULL}
  };

  /* the messages in the user's language (LC_MESSAGES, LANGUAGE); the
   * numbers in the progress lines and the capture log stay as the C
   * locale writes them (a decimal point), for the programs that read
   * them */
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
#ifdef ENABLE_NLS
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
#endif

  /* TRANSLATORS: --help's first line, after "Usage: v4l2tv-record
   * [OPTION...]" */
  ctx = g_option_context_new (N_("- record an analog TV card to Matroska"));
  /* the context translates the parameter string, the description and
   * the entries (N_()), in this domain */
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  g_option_context_set_description (ctx,
      N_("Ctrl-C (or SIGTERM, SIGHUP) ends the recording and finalises the "
          "file; the same request again is ignored, a Ctrl-C typed again "
          "after 2 s stops at once and leaves the file unfinished. The "
          "recording stops, finalised, before the disk is full. A progress "
          "line is printed once a second.\n"));
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr (_("v4l2tv-record: %s (see --help)\n"), err->message);
    return 2;
  }
  if (argc > 1) {
    g_printerr (_("v4l2tv-record: unexpected argument '%s' (see --help)\n"),
        argv[1]);
    return 2;
  }
  if (preview_helper) {
    gint status = v4l2tv_preview_helper_main (preview_sink);

    gst_deinit ();
    return status;
  }

  g_ptr_array_add (settings, NULL);

  opts.device = device;
  opts.input = input;
  opts.norm = norm;
  opts.audio = audio;
  opts.captions = captions;
  opts.preset = preset;
  opts.output = output;
  opts.overwrite = overwrite;
  opts.source_settings = (gchar **) settings->pdata;
  opts.aspect = aspect;
  opts.preview = preview;
  opts.preview_sink = (gchar *) g_getenv ("V4L2TV_RECORD_PREVIEW_SINK");
  opts.free_space = env_bytes ("V4L2TV_RECORD_FREE_SPACE");
  opts.worst_rate = env_bytes ("V4L2TV_RECORD_WORST_RATE");
  grace = g_getenv ("V4L2TV_RECORD_ABORT_GRACE");
  if (grace)
    stopper.grace = g_ascii_strtod (grace, NULL);
  opts.duration = GST_CLOCK_TIME_NONE;
  if (duration && !v4l2tv_record_parse_duration (duration, &opts.duration)) {
    g_printerr (_("v4l2tv-record: bad --duration '%s': give seconds, 90s, "
            "10m, 2h or H:MM:SS\n"), duration);
    return 2;
  }

  rec = v4l2tv_record_new (&opts, stdout, &err);
  if (rec == NULL) {
    g_printerr (_("v4l2tv-record: %s\n"), err->message);
    return exit_status (err);
  }
  stopper.rec = rec;
  if (!catch_signals ()) {
    g_printerr (_("v4l2tv-record: cannot catch signals: %s\n"),
        g_strerror (errno));
    v4l2tv_record_free (rec);
    return 1;
  }
  watch = g_unix_fd_add (signal_pipe[0], G_IO_IN, on_delivery, &stopper);
  if (!v4l2tv_record_run (rec, &err)) {
    g_printerr (_("v4l2tv-record: %s\n"), err->message);
    status = exit_status (err);
  }
  g_source_remove (watch);
  v4l2tv_record_free (rec);
  gst_deinit ();
  return status;
}
