/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record: the capture log, the framemd5 file and the finishing of
 * a recorded file (record-archive.h).
 *
 * The file's clock. A file's frames sit on the frame grid of its
 * standard: v4l2tvsrc stamps each frame by its place in the card's frame
 * sequence, so a frame the card lost leaves a hole one frame long, not a
 * shifted picture. Frame n of the file is the one at n frame periods
 * after the file's first frame (its running time, rounded to the nearest
 * frame); an event is placed on the same grid by its running time (the
 * source's messages carry it), or at the file's current end when it has
 * none.
 *
 * The capture log's order. It is written as things happen, each line
 * flushed, so a recording that dies leaves a log of everything up to
 * then. The source's messages reach it before their frames reach the
 * encoder (they wait in the queue, seconds when the machine is loaded),
 * and a hole is only seen when the frame after it comes: in that order
 * the events are not in time order. When the file is finished, the log
 * is written again with its events sorted by frame (a new file renamed
 * over it; if that fails the first one stays). Frames the source said it
 * lost or dropped after the file's last frame (its messages say where)
 * are the file's last hole: the log names them, and the file's end is
 * after them, so that every event of the file lies within it.
 *
 * framemd5. FFmpeg reads a Matroska file's timestamps in milliseconds and
 * gives each decoded frame to the framemd5 muxer in the time base
 * 1/frame rate, as the nearest frame to its time after the file's start
 * (its earliest timestamp, of any track), with duration 1. The sound is
 * kept from starting before the first video frame
 * (v4l2tv_archive_audio), so the file's start is the first frame's time
 * and FFmpeg's frame numbers are ours. The MD5 is of the picture as
 * planes without padding (what FFmpeg's rawvideo gives: yuv422p is the
 * Y, U and V planes of Y42B, each line as wide as the picture); FFV1 is
 * lossless, so the frame that went into the encoder is the one that comes
 * out of the decoder.
 *
 * mkvpropedit (mkvtoolnix): the FieldOrder (1 top field first, 6 bottom
 * field first: ffprobe's tt and bb), the colour elements (primaries,
 * matrix and transfer: BT.470 System B, G (5) for 625 lines, SMPTE 170M
 * (6) for 525; range 1, broadcast), and the display size whose ratio to
 * the picture's size is the pixel aspect ratio of the caps exactly
 * (59:54 and 10:11, 118:81 and 40:33 for 16:9 anamorphic): matroskamux
 * rounds the display width to a whole number of pixels at the picture's
 * height (786x576, 131:120). The capture log goes in as an attachment
 * (text/plain).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <gst/audio/audio.h>
#include <gst/video/video.h>
#include <gst/video/colorbalance.h>
#include <gst/tuner/tuner.h>

#include "hw/tvhw-std.h"
#include "record-archive.h"

#define LOG_FORMAT "v4l2tv-record capture log, format 1"
#define FRAMEMD5_HEADER "#format: frame checksums\n#version: 2\n#hash: MD5\n"
#define READ_CHUNK (1 << 20)
/* the sound held while the first frame is on its way to the encoder */
#define EARLY_SOUND (2 * GST_SECOND)

struct _V4l2TvArchive
{
  gchar *file, *log_file, *framemd5_file, *md5_file;
  FILE *out;

  GMutex lock;
  FILE *log;                    /* the lock */
  GArray *lines;                /* the lock: the log's lines (LogLine) */
  guint section;                /* the lock: where the log is (Section) */
  gint64 source_last;           /* the lock: the last frame the source's
                                 * messages placed (-1: none) */
  FILE *framemd5;               /* the video streaming thread */
  gboolean write_failed;        /* the lock: said once */

  /* the file's clock, from its first frame (the lock) */
  gboolean started;
  GstClockTime rt0;
  GstClockTime length;          /* from rt0, or NONE: as the picture goes */
  GstVideoInfo info;
  gint64 next;                  /* the frame after the last one */
  guint64 frames;
  gboolean audio_started;

  /* the sound's streaming thread: what came before the first frame */
  GQueue early;                 /* GstBuffer */
  guint64 early_samples;

  /* the source's state as its last v4l2tv-signal said (main thread) */
  gchar *status;
  gboolean gap, corrupted;

  GThread *thread;
  gboolean ok;                  /* of the post-processing */
  gboolean md5_written;
  GString *report;              /* what it did, for @out */
  GString *warnings;            /* what went wrong, for stderr */
  gboolean finished;
  gboolean finalised;           /* the muxer finished the file */
};

/* the log's parts, in their order */
typedef enum
{
  SECTION_HEAD,                 /* what was recorded and how */
  SECTION_EVENTS,               /* "events (...):" and the events */
  SECTION_TAIL                  /* the counts at the end */
} Section;

/* a line of the log and where it goes when the log is sorted */
typedef struct
{
  Section section;
  gint64 frame;                 /* in SECTION_EVENTS */
  guint seq;                    /* the order it was written in */
  gchar *text;
} LogLine;

static void
log_line_clear (gpointer data)
{
  g_free (((LogLine *) data)->text);
}

/* whether "mkvpropedit is missing" was said (once per process) */
static gint missing_said = 0;

gchar *
v4l2tv_archive_sidecar (const gchar * file, const gchar * ext)
{
  const gchar *dot = strrchr (file, '.');
  const gchar *slash = strrchr (file, '/');

  if (dot == NULL || (slash && dot < slash) || dot == file ||
      (slash && dot == slash + 1))
    return g_strdup_printf ("%s.%s", file, ext);
  return g_strdup_printf ("%.*s.%s", (gint) (dot - file), file, ext);
}

/* whether this run may create @path (@what, N_(): "capture log", ...): it
 * is not there, or it is a regular file and @overwrite (it is then
 * removed); never a directory, device, pipe or symbolic link */
static gboolean
make_room (const gchar * path, const gchar * what, gboolean overwrite,
    GError ** error)
{
  struct stat st;
  gint saved;

  if (lstat (path, &st) != 0)
    return TRUE;                /* creating it says what is wrong */
  if (!S_ISREG (st.st_mode)) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
        _("the %s '%s' is there and is not a regular file: give another "
            "file name"), _(what), path);
    return FALSE;
  }
  if (!overwrite) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
        _("the %s '%s' exists already: give another file name, or "
            "--overwrite to replace it"), _(what), path);
    return FALSE;
  }
  if (g_unlink (path) != 0 && errno != ENOENT) {
    saved = errno;
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
        _("cannot replace the %s '%s': %s"), _(what), path, g_strerror (saved));
    return FALSE;
  }
  return TRUE;
}

/* a new file at @path, never an existing one (O_EXCL); @what (N_())
 * names it in the error */
static FILE *
create_new (const gchar * path, const gchar * what, GError ** error)
{
  gint fd, saved;
  FILE *f;

  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    saved = errno;
    if (saved == EEXIST)
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
          _("the %s '%s' exists already: give another file name, or "
              "--overwrite to replace it"), _(what), path);
    else
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
          _("cannot create the %s '%s': %s"), _(what), path,
          g_strerror (saved));
    return NULL;
  }
  f = fdopen (fd, "w");
  if (f == NULL) {
    saved = errno;
    close (fd);
    g_unlink (path);
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
        _("cannot write the %s '%s': %s"), _(what), path, g_strerror (saved));
  }
  return f;
}

V4l2TvArchive *
v4l2tv_archive_new (const gchar * file, gboolean framemd5,
    gboolean overwrite, FILE * out, GError ** error)
{
  V4l2TvArchive *a = g_new0 (V4l2TvArchive, 1);

  g_mutex_init (&a->lock);
  a->file = g_strdup (file);
  a->out = out ? out : stdout;
  a->log_file = v4l2tv_archive_sidecar (file, "log");
  a->md5_file = v4l2tv_archive_sidecar (file, "md5");
  a->report = g_string_new (NULL);
  a->warnings = g_string_new (NULL);
  a->ok = TRUE;
  a->status = g_strdup ("ok");
  a->lines = g_array_new (FALSE, FALSE, sizeof (LogLine));
  g_array_set_clear_func (a->lines, log_line_clear);
  a->source_last = -1;
  a->length = GST_CLOCK_TIME_NONE;
  /* the checksum file is written at the end: that it can be is known
   * now (with --overwrite, an earlier one goes now: it is not this
   * file's checksum) */
  if (!make_room (a->md5_file, N_("checksum file"), overwrite, error))
    goto fail;
  if (framemd5) {
    a->framemd5_file = v4l2tv_archive_sidecar (file, "framemd5");
    if (make_room (a->framemd5_file, N_("framemd5 file"), overwrite, error))
      a->framemd5 = create_new (a->framemd5_file, N_("framemd5 file"), error);
    if (a->framemd5 == NULL) {
      g_clear_pointer (&a->framemd5_file, g_free);
      goto fail;
    }
  }
  if (make_room (a->log_file, N_("capture log"), overwrite, error))
    a->log = create_new (a->log_file, N_("capture log"), error);
  if (a->log == NULL) {
    g_clear_pointer (&a->log_file, g_free);
    goto fail;
  }
  return a;

fail:
  v4l2tv_archive_discard (a);
  v4l2tv_archive_free (a);
  return NULL;
}

/* --- the log ---
 *
 * A record for programs and archivists: its keys, events and words are
 * English whatever the user's language (no _() here). */

/* the lock: a line in the log at @frame (in SECTION_EVENTS), flushed (the
 * log of a recording that dies holds what happened up to then) */
static void
log_line_at (V4l2TvArchive * a, gint64 frame, const gchar * line)
{
  LogLine l = { a->section, frame, a->lines->len, NULL };

  if (a->log == NULL)
    return;
  l.text = g_strdup (line);
  g_array_append_val (a->lines, l);
  fputs (line, a->log);
  fputc ('\n', a->log);
  if (fflush (a->log) != 0 && !a->write_failed) {
    a->write_failed = TRUE;
    g_printerr (_("warning: writing %s failed: %s\n"), a->log_file,
        g_strerror (errno));
  }
}

/* the lock: a line that is not an event: after the line before it */
static void
log_line (V4l2TvArchive * a, const gchar * line)
{
  gint64 frame = 0;

  if (a->lines->len > 0)
    frame = g_array_index (a->lines, LogLine, a->lines->len - 1).frame;
  log_line_at (a, frame, line);
}

static void
log_printf (V4l2TvArchive * a, const gchar * format, ...)
G_GNUC_PRINTF (2, 3);

     static void log_printf (V4l2TvArchive * a, const gchar * format, ...)
{
  va_list args;
  gchar *line;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  log_line (a, line);
  g_free (line);
}

/* the lock: the frame of the file at running time @rt (NONE: the file's
 * end) */
static gint64
frame_at (V4l2TvArchive * a, GstClockTime rt)
{
  GstVideoInfo *info = &a->info;

  if (!a->started)
    return 0;
  if (!GST_CLOCK_TIME_IS_VALID (rt))
    return a->next;
  if (rt <= a->rt0)
    return 0;
  return gst_util_uint64_scale_round (rt - a->rt0, info->fps_n,
      (guint64) info->fps_d * GST_SECOND);
}

/* the lock: an event at frame @n */
static void
log_event (V4l2TvArchive * a, gint64 n, const gchar * text)
{
  GstClockTime t = 0;
  guint64 ms;
  gchar *line;

  if (a->started && a->info.fps_n > 0)
    t = gst_util_uint64_scale_round (n, (guint64) a->info.fps_d * GST_SECOND,
        a->info.fps_n);
  ms = (t + GST_MSECOND / 2) / GST_MSECOND;
  line = g_strdup_printf ("%02u:%02u:%02u.%03u frame %" G_GINT64_FORMAT
      ": %s", (guint) (ms / 3600000), (guint) (ms / 60000 % 60),
      (guint) (ms / 1000 % 60), (guint) (ms % 1000), n, text);
  log_line_at (a, n, line);
  g_free (line);
}

static void
event_at (V4l2TvArchive * a, GstClockTime rt, const gchar * text)
{
  g_mutex_lock (&a->lock);
  log_event (a, frame_at (a, rt), text);
  g_mutex_unlock (&a->lock);
}

/* an event of the video source's at running time @rt: a frame period
 * of the file's, even when no frame of it reaches the file */
static void
source_event_at (V4l2TvArchive * a, GstClockTime rt, const gchar * text)
{
  gint64 n;

  g_mutex_lock (&a->lock);
  n = frame_at (a, rt);
  if (a->started && GST_CLOCK_TIME_IS_VALID (rt))
    a->source_last = MAX (a->source_last, n);
  log_event (a, n, text);
  g_mutex_unlock (&a->lock);
}

void
v4l2tv_archive_note (V4l2TvArchive * a, const gchar * format, ...)
{
  va_list args;
  gchar *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  event_at (a, GST_CLOCK_TIME_NONE, text);
  g_free (text);
}

/* "name=value" for each property of @obj that is not at its default
 * (@skip: more names to leave out) */
static gchar *
changed_properties (GObject * obj, const gchar * const *skip)
{
  GParamSpec **specs;
  guint n, i;
  GString *s = g_string_new (NULL);

  specs = g_object_class_list_properties (G_OBJECT_GET_CLASS (obj), &n);
  for (i = 0; i < n; i++) {
    GParamSpec *p = specs[i];
    GValue v = G_VALUE_INIT;
    gchar *str;

    if ((p->flags & (G_PARAM_READABLE | G_PARAM_WRITABLE)) !=
        (G_PARAM_READABLE | G_PARAM_WRITABLE) ||
        g_str_equal (p->name, "name") || g_str_equal (p->name, "parent") ||
        (skip && g_strv_contains (skip, p->name)))
      continue;
    g_value_init (&v, p->value_type);
    g_object_get_property (obj, p->name, &v);
    if (!g_param_value_defaults (p, &v)) {
      str = gst_value_serialize (&v);
      if (str)
        g_string_append_printf (s, "%s%s=%s", s->len ? " " : "", p->name, str);
      g_free (str);
    }
    g_value_unset (&v);
  }
  g_free (specs);
  return g_string_free (s, FALSE);
}

/* "avenc_ffv1 (gst-libav 1.22.0)" */
static gchar *
element_version (GstElement * e)
{
  GstElementFactory *f = gst_element_get_factory (e);
  const gchar *plugin_name;
  GstPlugin *plugin;
  gchar *s;

  if (f == NULL)
    return g_strdup (GST_OBJECT_NAME (e));
  plugin_name = gst_plugin_feature_get_plugin_name (GST_PLUGIN_FEATURE (f));
  plugin = plugin_name ? gst_registry_find_plugin (gst_registry_get (),
      plugin_name) : NULL;
  if (plugin == NULL)
    return g_strdup (GST_OBJECT_NAME (f));
  s = g_strdup_printf ("%s (%s %s, %s)", GST_OBJECT_NAME (f),
      gst_plugin_get_package (plugin), gst_plugin_get_version (plugin),
      gst_plugin_get_name (plugin));
  gst_object_unref (plugin);
  return s;
}

/* the card's driver and bus from the device provider (as
 * gst-device-monitor-1.0 lists them) */
static void
card_identity (const gchar * device, gchar ** driver, gchar ** bus)
{
  GstDeviceProvider *p =
      gst_device_provider_factory_get_by_name ("v4l2tvdeviceprovider");
  GList *devices, *l;

  if (p == NULL)
    return;
  devices = gst_device_provider_get_devices (p);
  for (l = devices; l; l = l->next) {
    GstStructure *props = gst_device_get_properties (l->data);
    const gchar *path = props ?
        gst_structure_get_string (props, "device.path") : NULL;

    if (path && g_str_equal (path, device) && *driver == NULL) {
      *driver = g_strdup (gst_structure_get_string (props,
              "v4l2.device.driver"));
      *bus = g_strdup (gst_structure_get_string (props,
              "v4l2.device.bus_info"));
    }
    if (props)
      gst_structure_free (props);
  }
  g_list_free_full (devices, gst_object_unref);
  gst_object_unref (p);
}

/* the colour controls as the card has them now */
static gchar *
controls_text (GstElement * src)
{
  GString *s = g_string_new (NULL);
  const GList *l;

  if (GST_IS_COLOR_BALANCE (src))
    for (l = gst_color_balance_list_channels (GST_COLOR_BALANCE (src)); l;
        l = l->next) {
      GstColorBalanceChannel *ch = l->data;

      g_string_append_printf (s, "%s%s=%d", s->len ? " " : "", ch->label,
          gst_color_balance_get_value (GST_COLOR_BALANCE (src), ch));
    }
  return g_string_free (s, FALSE);
}

void
v4l2tv_archive_describe (V4l2TvArchive * a, GstElement * src,
    const gchar * norm, const gchar * preset, GstElement * venc,
    GstElement * aenc, const gchar * sound, const gchar * previous)
{
  g_autofree gchar *device = NULL, *card = NULL, *driver = NULL;
  g_autofree gchar *bus = NULL, *controls = NULL, *settings = NULL;
  g_autofree gchar *vdesc = NULL, *vset = NULL, *adesc = NULL;
  g_autofree gchar *aset = NULL, *gst = gst_version_string ();
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree gchar *started = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  const gchar *const skip_src[] = { "device", "do-timestamp", "blocksize",
    "num-buffers", "typefind", NULL
  };
  gchar *input = NULL, *chosen = NULL, *frequency = NULL;

  g_object_get (src, "device", &device, "device-name", &card, NULL);
  card_identity (device, &driver, &bus);
  if (GST_IS_TV_TUNER (src)) {
    GstTvTuner *tuner = GST_TV_TUNER (src);
    GstTvTunerChannel *ch = gst_tv_tuner_get_channel (tuner);
    GstTvTunerNorm *n = gst_tv_tuner_get_norm (tuner);

    if (ch) {
      input = g_strdup_printf ("%s (%u)", gst_tv_tuner_channel_get_label (ch),
          gst_tv_tuner_channel_get_index (ch));
      if (gst_tv_tuner_channel_get_flags (ch) & GST_TV_TUNER_CHANNEL_FREQUENCY)
        frequency = g_strdup_printf ("%.3f MHz",
            gst_tv_tuner_get_frequency (tuner, ch) / 1e6);
      else
        frequency = g_strdup ("- (the input has no tuner)");
    }
    if (n)
      chosen = g_strdup (gst_tv_tuner_norm_get_label (n));
  }
  controls = controls_text (src);
  settings = changed_properties (G_OBJECT (src), skip_src);
  vdesc = element_version (venc);
  vset = changed_properties (G_OBJECT (venc), NULL);
  if (aenc) {
    adesc = element_version (aenc);
    aset = changed_properties (G_OBJECT (aenc), NULL);
  }

  g_mutex_lock (&a->lock);
  log_line (a, LOG_FORMAT);
  log_printf (a, "file: %s", a->file);
  if (previous)
    log_printf (a, "continues: %s", previous);
  log_printf (a, "started: %s", started);
  log_printf (a, "software: v4l2tv-record %s, %s", PACKAGE_VERSION, gst);
  log_printf (a, "device: %s", device ? device : "?");
  log_printf (a, "driver: %s", driver ? driver : "(unknown)");
  log_printf (a, "card: %s", card ? card : "(unknown)");
  log_printf (a, "bus: %s", bus ? bus : "(unknown)");
  log_printf (a, "input: %s", input ? input : "(the card's)");
  log_printf (a, "standard requested: %s", norm ? norm : "(the card's)");
  log_printf (a, "standard: %s", chosen ? chosen : "(unknown)");
  log_printf (a, "frequency: %s", frequency ? frequency : "(unknown)");
  log_printf (a, "controls: %s", *controls ? controls : "(none)");
  log_printf (a, "source settings: %s", *settings ? settings : "(defaults)");
  log_printf (a, "preset: %s", preset);
  log_printf (a, "video encoder: %s: %s", vdesc, *vset ? vset : "(defaults)");
  if (aenc)
    log_printf (a, "audio encoder: %s: %s", adesc, *aset ? aset : "(defaults)");
  log_printf (a, "sound: %s", sound ? sound : "none");
  log_printf (a, "framemd5: %s", a->framemd5_file ? a->framemd5_file :
      "(none: a lossy preset)");
  log_line (a, "events (file time, frame: event):");
  a->section = SECTION_EVENTS;
  g_mutex_unlock (&a->lock);
  g_free (input);
  g_free (chosen);
  g_free (frequency);
}

/* --- the frames --- */

/* the lock: the frames from the file's next one to @n (not included) are
 * missing */
static void
log_hole (V4l2TvArchive * a, gint64 n)
{
  gchar *text = g_strdup_printf ("dropped: %" G_GINT64_FORMAT " frame%s "
      "missing (frames %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT "): the "
      "card lost %s; the file has no frame here", n - a->next,
      n - a->next == 1 ? "" : "s", a->next, n - 1,
      n - a->next == 1 ? "it" : "them");

  log_event (a, a->next, text);
  g_free (text);
}

static GstClockTime
running_time (GstPad * pad, GstClockTime ts)
{
  GstEvent *ev = gst_pad_get_sticky_event (pad, GST_EVENT_SEGMENT, 0);
  const GstSegment *seg;
  GstClockTime rt = ts;

  if (ev) {
    gst_event_parse_segment (ev, &seg);
    if (seg->format == GST_FORMAT_TIME)
      rt = gst_segment_to_running_time (seg, GST_FORMAT_TIME, ts);
    gst_event_unref (ev);
  }
  return rt;
}

static void
write_framemd5_header (V4l2TvArchive * a)
{
  GstVideoInfo *info = &a->info;
  gint tb_g = gst_util_greatest_common_divisor (info->fps_d, info->fps_n);
  gint sar_g = gst_util_greatest_common_divisor (info->par_n, info->par_d);

  fprintf (a->framemd5, FRAMEMD5_HEADER "#tb 0: %d/%d\n"
      "#media_type 0: video\n#codec_id 0: rawvideo\n#dimensions 0: %dx%d\n"
      "#sar 0: %d/%d\n#stream#, dts,        pts, duration,     size, hash\n",
      info->fps_d / tb_g, info->fps_n / tb_g, info->width, info->height,
      info->par_n / sar_g, info->par_d / sar_g);
}

/* the MD5 of @buf's planes without padding, and their size */
static gboolean
frame_md5 (GstVideoInfo * info, GstBuffer * buf, gchar ** md5, gsize * size)
{
  GstVideoFrame frame;
  GChecksum *sum;
  guint p, y;

  if (!gst_video_frame_map (&frame, info, buf, GST_MAP_READ))
    return FALSE;
  sum = g_checksum_new (G_CHECKSUM_MD5);
  *size = 0;
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++) {
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (&frame, p);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p);
    gsize width = GST_VIDEO_FRAME_COMP_WIDTH (&frame, p) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, p);
    guint height = GST_VIDEO_FRAME_COMP_HEIGHT (&frame, p);

    for (y = 0; y < height; y++)
      g_checksum_update (sum, data + (gsize) y * stride, width);
    *size += width * height;
  }
  gst_video_frame_unmap (&frame);
  *md5 = g_strdup (g_checksum_get_string (sum));
  g_checksum_free (sum);
  return TRUE;
}

void
v4l2tv_archive_video (V4l2TvArchive * a, GstPad * pad, GstBuffer * buf)
{
  GstClockTime rt = running_time (pad, GST_BUFFER_PTS (buf));
  gboolean first = FALSE;
  gchar *md5 = NULL;
  gsize size = 0;
  gint64 n;

  g_mutex_lock (&a->lock);
  if (!a->started) {
    GstCaps *caps = gst_pad_get_current_caps (pad);

    if (caps == NULL || !gst_video_info_from_caps (&a->info, caps) ||
        a->info.fps_n <= 0 || !GST_CLOCK_TIME_IS_VALID (rt)) {
      g_mutex_unlock (&a->lock);
      gst_clear_caps (&caps);
      return;
    }
    gst_caps_unref (caps);
    a->started = TRUE;
    a->rt0 = rt;
    first = TRUE;
  }
  n = frame_at (a, rt);
  if (n > a->next) {
    /* a hole in the grid: frames the card lost (or corrupted ones the
     * source dropped); the file's timestamps skip them */
    log_hole (a, n);
  } else if (n < a->next) {
    gchar *text = g_strdup_printf ("a frame off the frame grid (running "
        "time %" GST_TIME_FORMAT ")", GST_TIME_ARGS (rt));

    log_event (a, n, text);
    g_free (text);
  }
  if (first) {
    GstVideoInfo *info = &a->info;
    gchar *text = g_strdup_printf ("first frame: %dx%d %s%s%s, %d/%d frames "
        "per second, pixel aspect %d:%d, %s",
        info->width, info->height,
        gst_video_interlace_mode_to_string (GST_VIDEO_INFO_INTERLACE_MODE
            (info)),
        GST_VIDEO_INFO_FIELD_ORDER (info) != GST_VIDEO_FIELD_ORDER_UNKNOWN ?
        " " : "",
        GST_VIDEO_INFO_FIELD_ORDER (info) != GST_VIDEO_FIELD_ORDER_UNKNOWN ?
        gst_video_field_order_to_string (GST_VIDEO_INFO_FIELD_ORDER (info)) :
        "", info->fps_n, info->fps_d, info->par_n, info->par_d,
        gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)));

    log_event (a, 0, text);
    g_free (text);
  }
  a->next = n + 1;
  a->frames++;
  g_mutex_unlock (&a->lock);

  if (a->framemd5 == NULL)
    return;
  if (first)
    write_framemd5_header (a);
  if (!frame_md5 (&a->info, buf, &md5, &size)) {
    g_printerr (_("warning: %s: frame %" PRId64 " could not be read; no "
            "MD5 for it\n"), a->framemd5_file, (int64_t) n);
    return;
  }
  fprintf (a->framemd5, "0, %10" G_GINT64_FORMAT ", %10" G_GINT64_FORMAT
      ", %8d, %8" G_GSIZE_FORMAT ", %s\n", n, n, 1, size, md5);
  g_free (md5);
}

void
v4l2tv_archive_set_length (V4l2TvArchive * a, GstClockTime length)
{
  g_mutex_lock (&a->lock);
  a->length = length;
  g_mutex_unlock (&a->lock);
}

gboolean
v4l2tv_archive_end_at (V4l2TvArchive * a, GstClockTime rt)
{
  gboolean ok;

  g_mutex_lock (&a->lock);
  ok = a->started && rt >= a->rt0;
  if (ok && (!GST_CLOCK_TIME_IS_VALID (a->length) || rt - a->rt0 < a->length))
    a->length = rt - a->rt0;
  g_mutex_unlock (&a->lock);
  return ok;
}

/* the part of @pad's stream time that goes into the file: from its first
 * frame, for its length; FALSE before the first frame */
static gboolean
file_segment (V4l2TvArchive * a, GstPad * pad, GstSegment * file)
{
  GstEvent *ev = gst_pad_get_sticky_event (pad, GST_EVENT_SEGMENT, 0);
  const GstSegment *seg;
  gboolean ok = FALSE;

  gst_segment_init (file, GST_FORMAT_TIME);
  if (ev == NULL)
    return FALSE;
  gst_event_parse_segment (ev, &seg);
  g_mutex_lock (&a->lock);
  if (a->started && seg->format == GST_FORMAT_TIME) {
    file->start = gst_segment_position_from_running_time (seg,
        GST_FORMAT_TIME, a->rt0);
    if (GST_CLOCK_TIME_IS_VALID (a->length))
      file->stop = gst_segment_position_from_running_time (seg,
          GST_FORMAT_TIME, a->rt0 + a->length);
    ok = GST_CLOCK_TIME_IS_VALID (file->start);
  }
  g_mutex_unlock (&a->lock);
  gst_event_unref (ev);
  return ok;
}

/* @next after @buf, in one buffer when it follows it; else
 * @next alone (the file's sound starts after the hole) */
static GstBuffer *
join_sound (GstBuffer * buf, GstBuffer * next, const GstAudioInfo * info)
{
  guint64 n = gst_buffer_get_size (buf) / GST_AUDIO_INFO_BPF (info);
  guint64 m = gst_buffer_get_size (next) / GST_AUDIO_INFO_BPF (info);
  GstClockTime end = GST_BUFFER_PTS (buf) + gst_util_uint64_scale_round (n,
      GST_SECOND, GST_AUDIO_INFO_RATE (info));
  GstClockTimeDiff off = GST_CLOCK_DIFF (end, GST_BUFFER_PTS (next));

  /* within a sample: a clipped buffer's time is where the clip was, not
   * its first sample's */
  if (ABS (off) > GST_SECOND / GST_AUDIO_INFO_RATE (info)) {
    gst_buffer_unref (buf);
    return next;
  }
  buf = gst_buffer_append (buf, next);
  GST_BUFFER_DURATION (buf) = gst_util_uint64_scale_round (n + m, GST_SECOND,
      GST_AUDIO_INFO_RATE (info));
  GST_BUFFER_OFFSET_END (buf) = GST_BUFFER_OFFSET_NONE;
  return buf;
}

/* the sound that came before the file's first frame had reached its
 * encoder (the picture's way there is longer): the last EARLY_SOUND of
 * it is held, as the file's first samples may be in it */
static void
hold_early_sound (V4l2TvArchive * a, GstBuffer * buf, const GstAudioInfo * info)
{
  a->early_samples += gst_buffer_get_size (buf) / GST_AUDIO_INFO_BPF (info);
  g_queue_push_tail (&a->early, buf);
  while (a->early_samples > gst_util_uint64_scale (EARLY_SOUND,
          GST_AUDIO_INFO_RATE (info), GST_SECOND)) {
    GstBuffer *old = g_queue_pop_head (&a->early);

    a->early_samples -= gst_buffer_get_size (old) / GST_AUDIO_INFO_BPF (info);
    gst_buffer_unref (old);
  }
}

/* the first sound in the file: what is held of it, then @buf (the part
 * of each that is in @file) */
static GstBuffer *
take_early_sound (V4l2TvArchive * a, GstBuffer * buf, const GstSegment * file,
    const GstAudioInfo * info)
{
  GstBuffer *out = NULL, *b;

  while ((b = g_queue_pop_head (&a->early))) {
    b = gst_audio_buffer_clip (b, file, GST_AUDIO_INFO_RATE (info),
        GST_AUDIO_INFO_BPF (info));
    if (b)
      out = out ? join_sound (out, b, info) : b;
  }
  a->early_samples = 0;
  if (out == NULL || buf == NULL) {
    gst_clear_buffer (&out);
    return buf;
  }
  return join_sound (out, buf, info);
}

GstBuffer *
v4l2tv_archive_audio (V4l2TvArchive * a, GstPad * pad, GstBuffer * buf,
    gboolean * ended)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);
  gboolean discont = GST_BUFFER_IS_DISCONT (buf), started;
  GstSegment file;
  GstAudioInfo info;

  *ended = FALSE;
  if (caps == NULL || !gst_audio_info_from_caps (&info, caps) ||
      !GST_BUFFER_PTS_IS_VALID (buf)) {
    gst_clear_caps (&caps);
    gst_buffer_unref (buf);
    return NULL;
  }
  gst_caps_unref (caps);
  started = file_segment (a, pad, &file);
  if (!started) {
    hold_early_sound (a, buf, &info);
    return NULL;
  }
  *ended = GST_CLOCK_TIME_IS_VALID (file.stop) && GST_BUFFER_PTS (buf) +
      gst_util_uint64_scale (gst_buffer_get_size (buf) /
      GST_AUDIO_INFO_BPF (&info), GST_SECOND, GST_AUDIO_INFO_RATE (&info)) >=
      file.stop;
  buf = gst_audio_buffer_clip (buf, &file, GST_AUDIO_INFO_RATE (&info),
      GST_AUDIO_INFO_BPF (&info));
  if (!g_queue_is_empty (&a->early))
    buf = take_early_sound (a, buf, &file, &info);
  if (buf == NULL)
    return NULL;
  g_mutex_lock (&a->lock);
  if (a->audio_started && discont)
    log_event (a, frame_at (a, running_time (pad, GST_BUFFER_PTS (buf))),
        "sound dropout: samples were lost before this point");
  a->audio_started = TRUE;
  g_mutex_unlock (&a->lock);
  return buf;
}

/* --- the bus --- */

static void
signal_message (V4l2TvArchive * a, const GstStructure * s)
{
  const gchar *status = gst_structure_get_string (s, "status");
  gboolean signal = TRUE, gap = FALSE, corrupted = FALSE;
  guint64 rt = GST_CLOCK_TIME_NONE, count = 0;
  gchar *text;

  gst_structure_get_boolean (s, "signal", &signal);
  gst_structure_get_boolean (s, "gap", &gap);
  gst_structure_get_boolean (s, "corrupted", &corrupted);
  gst_structure_get_uint64 (s, "running-time", &rt);
  gst_structure_get_uint64 (s, "corrupted-count", &count);
  if (status && g_strcmp0 (status, a->status) != 0) {
    if (g_str_equal (status, "ok"))
      text = g_strdup ("signal: ok (the picture is back)");
    else
      text = g_strdup_printf ("signal: %s%s", status, signal ? "" :
          " (no picture)");
    source_event_at (a, rt, text);
    g_free (text);
    g_free (a->status);
    a->status = g_strdup (status);
  }
  if (gap != a->gap)
    source_event_at (a, rt, gap ? "gap begins: the card delivers no frames; "
        "filler frames follow" : "gap ends: frames from the card again");
  a->gap = gap;
  if (corrupted != a->corrupted) {
    text = g_strdup_printf ("%s (%" G_GUINT64_FORMAT " incomplete frames "
        "since the start)", corrupted ? "corrupted frames begin" :
        "corrupted frames end", count);
    source_event_at (a, rt, text);
    g_free (text);
  }
  a->corrupted = corrupted;
}

void
v4l2tv_archive_message (V4l2TvArchive * a, GstMessage * msg)
{
  const GstStructure *s = gst_message_get_structure (msg);
  gchar *text = NULL;
  GstClockTime rt = GST_CLOCK_TIME_NONE;

  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ELEMENT:
      if (gst_structure_has_name (s, "v4l2tv-signal")) {
        signal_message (a, s);
      } else if (gst_structure_has_name (s, "v4l2tv-norm-detected")) {
        gboolean fallback = FALSE;

        gst_structure_get_boolean (s, "fallback", &fallback);
        text = g_strdup_printf ("standard %s: %s (candidates: %s)",
            fallback ? "not detected, kept" : "detected",
            gst_structure_get_string (s, "chosen"),
            gst_structure_get_string (s, "detected"));
      } else if (gst_structure_has_name (s, "v4l2tv-wss")) {
        text = g_strdup_printf ("aspect (WSS): %s",
            gst_structure_get_string (s, "aspect"));
      } else if (gst_structure_has_name (s, "v4l2tv-disconnected")) {
        text = g_strdup_printf ("disconnected: the card '%s' (%s) went "
            "away from %s; filler frames until it is back",
            gst_structure_get_string (s, "card"),
            gst_structure_get_string (s, "bus-info"),
            gst_structure_get_string (s, "device"));
      } else if (gst_structure_has_name (s, "v4l2tv-reconnected")) {
        text = g_strdup_printf ("reconnected: the card '%s' (%s) is back, "
            "at %s", gst_structure_get_string (s, "card"),
            gst_structure_get_string (s, "bus-info"),
            gst_structure_get_string (s, "device"));
      }
      break;
    case GST_MESSAGE_QOS:{
      const gchar *reason = s ? gst_structure_get_string (s, "reason") : NULL;

      gst_message_parse_qos (msg, NULL, &rt, NULL, NULL, NULL);
      /* "dropped": the hole in the frames says where (the message
       * comes with the frame after it) */
      if (g_strcmp0 (reason, "corrupted") == 0)
        source_event_at (a, rt, "corrupted: the card did not complete "
            "this frame");
      break;
    }
    case GST_MESSAGE_WARNING:
    case GST_MESSAGE_ERROR:{
      GError *err = NULL;

      if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING)
        gst_message_parse_warning (msg, &err, NULL);
      else
        gst_message_parse_error (msg, &err, NULL);
      text = g_strdup_printf ("%s: %s (%s)",
          GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING ? "warning" :
          "error", err->message, GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)));
      g_error_free (err);
      break;
    }
    default:
      break;
  }
  if (text)
    event_at (a, rt, text);
  g_free (text);
}

/* --- the end of the file --- */

/* the display size whose ratio to @w x @h is the pixel aspect @par_n /
 * @par_d exactly, at least as high as the picture */
static void
display_size (gint w, gint h, gint par_n, gint par_d, guint64 * dw,
    guint64 * dh)
{
  guint64 n = (guint64) w * par_n, d = (guint64) h *par_d, g, k;

  g = gst_util_greatest_common_divisor_int64 (n, d);
  n /= g;
  d /= g;
  k = (h + d - 1) / d;
  *dw = n * k;
  *dh = d * k;
}

static void
add_set (GPtrArray * args, const gchar * format, ...)
G_GNUC_PRINTF (2, 3);

/* "--set" "NAME=VALUE" */
     static void add_set (GPtrArray * args, const gchar * format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_ptr_array_add (args, g_strdup ("--set"));
  g_ptr_array_add (args, g_strdup_vprintf (format, ap));
  va_end (ap);
}

/* mkvpropedit's arguments for the file */
static GPtrArray *
propedit_args (V4l2TvArchive * a, const gchar * program)
{
  GPtrArray *args = g_ptr_array_new_with_free_func (g_free);
  GstVideoInfo *info = &a->info;
  /* the standard's line system, known by its frame rate */
  const GstTvHwLineSystem *system =
      gst_tv_hw_line_system_for_rate (info->fps_n, info->fps_d);
  guint order = 0;
  guint64 dw, dh;

  if (GST_VIDEO_INFO_IS_INTERLACED (info))
    switch (GST_VIDEO_INFO_FIELD_ORDER (info)) {
      case GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST:
        order = 1;
        break;
      case GST_VIDEO_FIELD_ORDER_BOTTOM_FIELD_FIRST:
        order = 6;
        break;
      default:
        order = 2;              /* undetermined */
        break;
    }
  display_size (info->width, info->height, info->par_n, info->par_d, &dw, &dh);
  g_ptr_array_add (args, g_strdup (program));
  g_ptr_array_add (args, g_strdup (a->file));
  g_ptr_array_add (args, g_strdup ("--edit"));
  g_ptr_array_add (args, g_strdup ("track:v1"));
  add_set (args, "interlaced=%u", GST_VIDEO_INFO_IS_INTERLACED (info) ? 1 : 2);
  add_set (args, "field-order=%u", order);
  if (system != NULL) {
    add_set (args, "color-primaries=%u", system->colour_primaries);
    add_set (args, "color-matrix-coefficients=%u", system->matrix);
    add_set (args, "color-transfer-characteristics=%u", system->transfer);
  }
  add_set (args, "color-range=%u", 1);
  add_set (args, "display-unit=%u", 0);
  add_set (args, "display-width=%" G_GUINT64_FORMAT, dw);
  add_set (args, "display-height=%" G_GUINT64_FORMAT, dh);
  g_ptr_array_add (args, g_strdup ("--attachment-name"));
  g_ptr_array_add (args, g_path_get_basename (a->log_file));
  g_ptr_array_add (args, g_strdup ("--attachment-description"));
  g_ptr_array_add (args, g_strdup ("v4l2tv-record capture log"));
  g_ptr_array_add (args, g_strdup ("--attachment-mime-type"));
  g_ptr_array_add (args, g_strdup ("text/plain"));
  g_ptr_array_add (args, g_strdup ("--add-attachment"));
  g_ptr_array_add (args, g_strdup (a->log_file));
  g_ptr_array_add (args, NULL);
  return args;
}

/* in the child, before mkvpropedit runs: it edits the file in place, and
 * a stop request must not kill it half way (a Ctrl-C at the terminal goes
 * to the whole process group, a service manager's SIGTERM to every
 * process of the service): its own process group, the stop signals
 * ignored (async-signal-safe calls only) */
static void
propedit_child_setup (gpointer user_data)
{
  setpgid (0, 0);
  signal (SIGINT, SIG_IGN);
  signal (SIGTERM, SIG_IGN);
  signal (SIGHUP, SIG_IGN);
}

static gboolean
propedit (V4l2TvArchive * a)
{
  g_autofree gchar *program = g_find_program_in_path ("mkvpropedit");
  g_autofree gchar *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  GPtrArray *args;
  gint status = 0;
  gboolean ok;

  if (program == NULL) {
    if (g_atomic_int_compare_and_exchange (&missing_said, 0, 1))
      g_string_append_printf (a->warnings, _("warning: mkvpropedit is not "
              "installed (Debian package mkvtoolnix): %s and the files after "
              "it have no field order, no colour elements of their "
              "standard, a rounded pixel aspect, and their capture logs are "
              "not attached (they are beside them)\n"), a->file);
    return FALSE;
  }
  args = propedit_args (a, program);
  ok = g_spawn_sync (NULL, (gchar **) args->pdata, NULL,
      G_SPAWN_DEFAULT, propedit_child_setup, NULL, &out, &err, &status, &error);
  /* status 1: warnings only */
  if (ok && !g_spawn_check_wait_status (status, NULL) &&
      !(WIFEXITED (status) && WEXITSTATUS (status) == 1))
    ok = FALSE;
  if (!ok)
    g_string_append_printf (a->warnings, _("warning: mkvpropedit could not "
            "finish %s: %s%s\n"), a->file, error ? error->message : "",
        err && *err ? g_strstrip (err) : out ? g_strstrip (out) : "");
  g_ptr_array_unref (args);
  return ok;
}

static gboolean
write_md5 (V4l2TvArchive * a)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *name = g_path_get_basename (a->file);
  GChecksum *sum;
  guint8 *chunk;
  gssize n;
  gint fd, saved = 0;
  FILE *f;

  fd = g_open (a->file, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) {
    g_string_append_printf (a->warnings, _("warning: cannot read %s for "
            "its checksum: %s\n"), a->file, g_strerror (errno));
    return FALSE;
  }
  sum = g_checksum_new (G_CHECKSUM_MD5);
  chunk = g_malloc (READ_CHUNK);
  while ((n = read (fd, chunk, READ_CHUNK)) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      saved = errno;
      break;
    }
    g_checksum_update (sum, chunk, n);
  }
  close (fd);
  g_free (chunk);
  if (saved) {
    g_string_append_printf (a->warnings, _("warning: reading %s for its "
            "checksum failed: %s\n"), a->file, g_strerror (saved));
    g_checksum_free (sum);
    return FALSE;
  }
  f = create_new (a->md5_file, N_("checksum file"), &error);
  if (f) {
    fprintf (f, "%s  %s\n", g_checksum_get_string (sum), name);
    a->md5_written = TRUE;
    if (fclose (f) != 0) {
      saved = errno;
      g_string_append_printf (a->warnings,
          _("warning: writing %s failed: %s\n"), a->md5_file,
          g_strerror (saved));
    }
  } else {
    g_string_append_printf (a->warnings, _("warning: %s\n"), error->message);
  }
  g_checksum_free (sum);
  return f != NULL && saved == 0;
}

static gpointer
post_process (gpointer data)
{
  V4l2TvArchive *a = data;
  gboolean edited = FALSE, summed;
  g_autofree gchar *sidecars = NULL;

  if (a->started && a->finalised)
    edited = propedit (a);
  else if (a->started)
    g_string_append_printf (a->warnings, _("warning: %s is not finalised: "
            "mkvpropedit left it as it was written (no field order, no "
            "colour elements of its standard, a rounded pixel aspect, and "
            "its capture log is not attached: it is beside it)\n"), a->file);
  summed = write_md5 (a);
  a->ok = summed && (edited || !a->started);
  sidecars = g_strdup_printf ("%s%s%s%s%s", a->log_file,
      a->framemd5_file ? ", " : "", a->framemd5_file ? a->framemd5_file : "",
      summed ? ", " : "", summed ? a->md5_file : "");
  if (edited)
    /* TRANSLATORS: the file, then its sidecar files (FILE.log, ...) */
    g_string_append_printf (a->report, _("%s: field order, colour and pixel "
            "aspect set, capture log attached; %s\n"), a->file, sidecars);
  else
    g_string_append_printf (a->report, "%s: %s\n", a->file, sidecars);
  return NULL;
}

static gint
log_line_compare (gconstpointer pa, gconstpointer pb)
{
  const LogLine *x = pa, *y = pb;

  if (x->section != y->section)
    return x->section < y->section ? -1 : 1;
  if (x->frame != y->frame)
    return x->frame < y->frame ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* the lock: the finished log (closed, every line written) again, its
 * events in time order, when they were not; a new file renamed over it,
 * as readable as it. When that fails, the log stays as it was written. */
static void
rewrite_sorted (V4l2TvArchive * a)
{
  g_autofree gchar *tmp = NULL;
  struct stat st;
  FILE *f = NULL;
  gboolean sorted = TRUE, ok;
  gint fd, saved = 0;
  guint i;

  for (i = 1; i < a->lines->len && sorted; i++)
    sorted = log_line_compare (&g_array_index (a->lines, LogLine, i - 1),
        &g_array_index (a->lines, LogLine, i)) < 0;
  if (sorted)
    return;
  g_array_sort (a->lines, log_line_compare);

  tmp = g_strdup_printf ("%s.XXXXXX", a->log_file);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd >= 0 && stat (a->log_file, &st) == 0)
    fchmod (fd, st.st_mode & 0777);
  if (fd >= 0 && (f = fdopen (fd, "w")) == NULL)
    close (fd);
  ok = f != NULL;
  for (i = 0; ok && i < a->lines->len; i++)
    ok = fputs (g_array_index (a->lines, LogLine, i).text, f) >= 0 &&
        fputc ('\n', f) != EOF;
  if (!ok)
    saved = errno;
  if (f && fclose (f) != 0 && ok) {
    ok = FALSE;
    saved = errno;
  }
  if (ok && g_rename (tmp, a->log_file) != 0) {
    ok = FALSE;
    saved = errno;
  }
  if (!ok) {
    if (fd >= 0)
      g_unlink (tmp);
    g_printerr (_("warning: %s: its events could not be put in time order "
            "(%s); they are in the order they were seen\n"), a->log_file,
        g_strerror (saved));
  }
}

void
v4l2tv_archive_finish (V4l2TvArchive * a, const gchar * why, gboolean finalised)
{
  gint saved = 0;

  if (a->finished)
    return;
  a->finished = TRUE;
  a->finalised = finalised;
  g_mutex_lock (&a->lock);
  if (a->started && a->source_last >= a->next) {
    /* frames lost after the last one that came: the file's last hole */
    log_hole (a, a->source_last + 1);
    a->next = a->source_last + 1;
  }
  log_event (a, a->next, why);
  a->section = SECTION_TAIL;
  log_line (a, "");
  log_printf (a, "frames: %" G_GUINT64_FORMAT, a->frames);
  log_printf (a, "file frames (with the holes the card left): %"
      G_GINT64_FORMAT, a->next);
  if (a->log) {
    if (fclose (a->log) != 0 && !a->write_failed) {
      a->write_failed = TRUE;
      g_printerr (_("warning: writing %s failed: %s\n"), a->log_file,
          g_strerror (errno));
    }
    a->log = NULL;
    /* a log not all written is left as it is */
    if (!a->write_failed)
      rewrite_sorted (a);
  }
  g_array_set_size (a->lines, 0);
  g_mutex_unlock (&a->lock);
  if (a->framemd5 && fclose (a->framemd5) != 0) {
    saved = errno;
    g_printerr (_("warning: writing %s failed: %s\n"), a->framemd5_file,
        g_strerror (saved));
  }
  a->framemd5 = NULL;
  a->thread = g_thread_new ("v4l2tv-archive", post_process, a);
}

void
v4l2tv_archive_discard (V4l2TvArchive * a)
{
  g_mutex_lock (&a->lock);
  if (a->log)
    fclose (a->log);
  a->log = NULL;
  g_mutex_unlock (&a->lock);
  if (a->framemd5)
    fclose (a->framemd5);
  a->framemd5 = NULL;
  a->finished = TRUE;
  v4l2tv_archive_wait (a);
  /* only what this run created */
  if (a->log_file)
    g_unlink (a->log_file);
  if (a->framemd5_file)
    g_unlink (a->framemd5_file);
  if (a->md5_written)
    g_unlink (a->md5_file);
}

gboolean
v4l2tv_archive_wait (V4l2TvArchive * a)
{
  gchar **lines;
  guint i;

  if (a->thread) {
    g_thread_join (a->thread);
    a->thread = NULL;
    /* the warnings came first (post_process) */
    lines = g_strsplit (a->warnings->str, "\n", -1);
    for (i = 0; lines[i]; i++)
      if (*lines[i])
        g_printerr ("%s\n", lines[i]);
    g_strfreev (lines);
    lines = g_strsplit (a->report->str, "\n", -1);
    for (i = 0; lines[i]; i++)
      if (*lines[i])
        fprintf (a->out, "%s\n", lines[i]);
    fflush (a->out);
    g_strfreev (lines);
    g_string_truncate (a->warnings, 0);
    g_string_truncate (a->report, 0);
  }
  return a->ok;
}

void
v4l2tv_archive_free (V4l2TvArchive * a)
{
  if (a == NULL)
    return;
  v4l2tv_archive_wait (a);
  g_mutex_lock (&a->lock);
  if (a->log)
    fclose (a->log);
  g_mutex_unlock (&a->lock);
  if (a->framemd5)
    fclose (a->framemd5);
  g_free (a->file);
  g_free (a->log_file);
  g_free (a->framemd5_file);
  g_free (a->md5_file);
  g_free (a->status);
  g_string_free (a->report, TRUE);
  g_string_free (a->warnings, TRUE);
  g_array_unref (a->lines);
  g_queue_clear_full (&a->early, (GDestroyNotify) gst_buffer_unref);
  g_mutex_clear (&a->lock);
  g_free (a);
}
