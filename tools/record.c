/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record: the recorder (tools/record.h).
 *
 * One segment is one pipeline and one file:
 *
 *   v4l2tvsrc ! video/x-raw,format=Y42B|I420 ! queue ! avenc_ffv1|x264enc
 *     ! matroskamux name=mux ! filesink
 *   v4l2tvaudiosrc|audiotestsrc ! audioconvert ! audioresample
 *     ! audio/x-raw,format=S16LE,rate=48000 ! queue ! flacenc|opusenc ! mux.
 *
 * The sound (docs/design.md, "Clocks: picture and sound"): --audio auto
 * takes the card's own sound through v4l2tvaudiosrc (the virtual card's,
 * or the ALSA device udev pairs with the video node), which resamples it
 * onto the clock the card stamps its frames with, so that it stays with
 * the picture for hours. An ALSA device named with --audio (a card whose
 * sound comes through a cable into another sound card) goes through the
 * same element, as its alsa-device: resampled the same way.
 *
 * The source converts the card's packed 4:2:2 itself (no videoconvert to
 * guess a format); the caps keep interlace-mode and field-order, and
 * matroskamux writes FlagInterlaced from them. A change of standard while
 * recording (PAL to NTSC) changes the frame size, which Matroska cannot
 * carry in one track: the segment ends with EOS (its file is finalised)
 * and a new one starts in a numbered file (FILE-2.mkv, ...) at the new
 * standard. With --norm auto the standard is detected again whenever the
 * signal comes back after a loss (a tape gap), which is where a tape can
 * change standard. A change of the pixel aspect ratio alone (the source
 * follows the widescreen signal, WSS: 16:9 anamorphic or not) ends the
 * file the same way: a Matroska track has one display aspect.
 *
 * --captions FILE.scc: the source attaches the card's line 21 captions to
 * each video frame as GstVideoCaptionMeta (CEA608_S334_1A, field bit);
 * the video probe takes field 1's byte pair of each frame (CC1/CC2, what
 * Scenarist SCC holds) and writes it to the segment's SCC file itself
 * (gst-plugins-bad has no SCC writer: sccenc is gst-plugins-rs, not in
 * Debian 12), timed by the frame's place in the file at 30000/1001 as
 * SCC's drop-frame timecodes count. Null pairs (0x80 0x80) end an SCC
 * line; the next pair starts a new one at its own timecode. Each numbered
 * video file gets its numbered SCC file (FILE-2.scc, ...); a file that
 * received no caption (a 625-line tape, a card without VBI) is removed at
 * its end, so "no SCC file" means "no captions".
 *
 * Nothing is lost or destroyed: every file is created by this run with
 * O_EXCL (the muxer writes through fdsink into that descriptor; an
 * existing file is refused unless --overwrite), and only files this run
 * created are ever removed (one that holds no frame). Every end goes
 * through an EOS drain, so the frames in the queues and encoders reach
 * the file and Matroska gets its duration and cues: a stop (EOS into the
 * sources), --duration, a device error or unplug (EOS into the sources,
 * waited for DRAIN_TIMEOUT_SECONDS), and a disk about to fill (free space
 * checked each second). A stop before the first frame has nothing to
 * finalise: no frame goes on and the file is removed. Otherwise the
 * error names the file that is not finalised and why. The frames counted
 * are those that reached the muxer.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <gst/video/video.h>

#include "record.h"
#include "record-archive.h"
#include "record-preview.h"

#define AUDIO_RATE 48000
#define VIDEO_QUEUE_TIME (2 * GST_SECOND)
#define ARCHIVE_SLICES 24
/* a new pixel aspect (WSS) must hold this long (stream time) before the
 * file is split for it: a worn tape's flapping flag splits nothing */
#define ASPECT_HOLD (3 * GST_SECOND)
/* except at the very start of a recording: the source reads the WSS in
 * its first three frames, and a recording that starts on a 16:9
 * programme has them in a file of their own at once */
#define ASPECT_FIRST_FRAMES 5
/* after a device error: how long the EOS drain may take */
#define DRAIN_TIMEOUT_SECONDS 30
/* --duration: how long the sound's EOS waits for the sound to reach the
 * file's end after the picture has */
#define SOUND_END_TIMEOUT_SECONDS 10
/* free space: a minute of the worst case to start (or, for a shorter
 * --duration, that much and the reserve); while recording, the run stops
 * (finalised) when less than RESERVE_SECONDS of it are left */
#define START_SECONDS 60
#define RESERVE_SECONDS 10

/* (not G_DEFINE_QUARK: gst-indent spaces out the hyphens of its name) */
GQuark
v4l2tv_record_error_quark (void)
{
  return g_quark_from_static_string ("v4l2tv-record-error-quark");
}

typedef struct
{
  const gchar *name;
  const gchar *video_format;    /* what the source converts to */
  const gchar *video_encoder;
  const gchar *audio_encoder;
  const gchar *description;     /* N_(): English in the capture log */
  gboolean lossless;            /* a framemd5 file: the frames come back */
  guint64 worst_rate;           /* bytes a second, at most */
} Preset;

/* the worst case of lossless FFV1: the raw 4:2:2 picture (720x576 at 25
 * frames, 8 bits; 525 lines at 30000/1001 is a little less) and FLAC's
 * raw 48 kHz stereo; of x264 at 4000 kbit/s average: twice that, and
 * Opus at 128 kbit/s */
#define RAW_422_RATE (720 * 576 * 2 * 25)
#define RAW_AUDIO_RATE (AUDIO_RATE * 2 * 2)

/* *INDENT-OFF* */
static const Preset presets[] = {
  {"archive", "Y42B", "avenc_ffv1", "flacenc",
      N_("lossless FFV1 4:2:2 and FLAC"), TRUE,
      RAW_422_RATE + RAW_AUDIO_RATE},
  {"small", "I420", "x264enc", "opusenc",
      N_("interlaced H.264 4:2:0 and Opus"), FALSE,
      8000000 / 8 + 128000 / 8},
};

/* where each element we may use comes from in Debian */
static const struct
{
  const gchar *element;
  const gchar *package;
} packages[] = {
  {"avenc_ffv1", "gstreamer1.0-libav"},
  {"x264enc", "gstreamer1.0-plugins-ugly"},
  {"flacenc", "gstreamer1.0-plugins-good"},
  {"opusenc", "gstreamer1.0-plugins-base"},
  {"matroskamux", "gstreamer1.0-plugins-good"},
  {"alsasrc", "gstreamer1.0-alsa"},
  {"audiotestsrc", "gstreamer1.0-plugins-base"},
  {"audioconvert", "gstreamer1.0-plugins-base"},
  {"audioresample", "gstreamer1.0-plugins-base"},
  {"queue", "libgstreamer1.0-0"},
  {"capsfilter", "libgstreamer1.0-0"},
  {"fdsink", "libgstreamer1.0-0"},
};

#define SCC_HEADER "Scenarist_SCC V1.0"
#define SCC_NULL 0x80           /* a null byte (0x00 with its parity bit) */
/* *INDENT-ON* */

/* a property of v4l2tvsrc to set on each file's source */
typedef struct
{
  gchar *name;
  GValue value;
} Setting;

struct _V4l2TvRecord
{
  V4l2TvRecordOptions opts;
  FILE *out;
  const Preset *preset;
  gboolean norm_auto;
  gchar *norm;                  /* of the next segment */
  /* NULL: none; "v4l2tvaudiosrc" (auto, an ALSA device) or
   * "audiotestsrc" */
  gchar *audio_source;
  gchar *audio_device;          /* v4l2tvaudiosrc's alsa-device, or the
                                 * card's own as the source says */
  GPtrArray *files;             /* created by this run, each holding frames
                                 * (the last: the one being written) */
  gint out_fd;                  /* the segment's file, -1: none */
  GHashTable *created;          /* every path this run created (resolved):
                                 * never replaced, even with --overwrite */
  gboolean seg_file;            /* the segment created its file (the
                                 * last of files) */
  guint64 worst_rate;           /* bytes a second, at most */
  guint64 last_size;            /* of the files, at the last tick */
  guint64 peak_rate;            /* the most written in a second */
  gboolean disk_stop;           /* stopped for want of space */
  gboolean no_drift_correction; /* v4l2tvaudiosrc's, off (tests) */
  GArray *settings;             /* of Setting: the source's, checked */
  V4l2TvPreview *preview;       /* --preview, NULL: none */
  gboolean had_preview;         /* its counts, when it ended: */
  guint64 preview_pushed, preview_shown;
  gint aspect_n, aspect_d;      /* --aspect: 4/3 or 16/9; 0/0: none */

  GMainLoop *loop;
  guint tick_id;
  V4l2TvRecordTickFunc tick;
  gpointer tick_data;

  /* one per file (files), the capture log and the sidecars */
  GPtrArray *archives;
  V4l2TvArchive *archive;       /* the segment's */

  /* the segment */
  GstElement *pipeline, *src, *mux, *asrc;
  guint bus_watch;
  gboolean stopping;            /* EOS asked for: the end */
  gboolean aborted;
  gboolean draining;            /* after a device error: waiting for the
                                 * EOS drain */
  gboolean got_eos;             /* the segment's file is finalised */
  guint drain_id;               /* the drain's time limit */
  guint audio_eos_id;           /* EOS into the sound when it is ready, or
                                 * at this time limit */
  gboolean audio_eos_pending;   /* the lock: EOS into the sound at its
                                 * first buffer out */
  gboolean src_eos_pending;     /* EOS into the video source with the
                                 * sound's (send_eos) */
  gboolean sound_ended;         /* the lock: the sound reached the file's
                                 * length (--duration) */
  gchar *not_final;             /* why the last file is not finalised */
  GError *error;
  gchar *signal_status;         /* "ok", "no-signal", ... */
  gboolean signal_lost;
  gboolean have_level;          /* the lock */
  gdouble level_db;             /* the lock: RMS of the last second */
  gdouble level_sum;            /* the sound's streaming thread */
  guint64 level_samples;

  /* --captions: the segment's SCC file, written by the video streaming
   * thread while the pipeline runs */
  FILE *scc;
  gchar *scc_file;
  gint64 scc_next;              /* the frame a pair must have to go on the
                                 * open line; -1: no line open */
  gboolean scc_line;            /* a caption line was started */
  gboolean scc_failed;          /* a write failed: captions off */
  GPtrArray *scc_files;         /* the SCC files kept (with captions) */
  guint64 prev_captions;        /* frames with captions, earlier segments */

  /* the totals of the segments before this one */
  guint64 prev_frames, prev_dropped, prev_gap, prev_corrupted, prev_errors;
  guint64 prev_muxed;
  GstClockTime prev_time;

  /* the video streaming thread writes these, with the lock */
  GMutex lock;
  GstCaps *caps;                /* the segment's video caps */
  GstCaps *new_caps;            /* non-NULL: switching to these */
  guint64 frames;               /* in this segment, into the encoder */
  guint64 muxed;                /* in this segment, into the muxer */
  gboolean audio_flowing;       /* the sound reached its encoder */
  gboolean stopped_early;       /* stopped before the first frame: no
                                 * frame goes on */
  GstCaps *pending_caps;        /* a new pixel aspect, not held yet */
  GstClockTime pending_since;   /* its first frame's time */
  guint64 captions;             /* frames with a caption pair, in it */
  gint carry_par_n, carry_par_d;        /* the pixel aspect the next file
                                         * starts with (0: the source's) */
  GstClockTime first_pts, end;
  gboolean done;                /* --duration reached */
  gboolean video_eos;           /* EOS sent into the video branch */
};

gboolean
v4l2tv_record_get_preview_counts (V4l2TvRecord * rec, guint64 * pushed,
    guint64 * shown)
{
  if (rec->preview) {
    /* while it runs: as far as the helper has told */
    v4l2tv_preview_get_counts (rec->preview, pushed, shown);
    return TRUE;
  }
  if (!rec->had_preview)
    return FALSE;
  *pushed = rec->preview_pushed;
  *shown = rec->preview_shown;
  return TRUE;
}

/* the preview's end, once the recording's: its helper's last notes are
 * out before the summary; its counts kept */
static void
end_preview (V4l2TvRecord * rec)
{
  if (rec->preview == NULL)
    return;
  v4l2tv_preview_close (rec->preview);
  v4l2tv_preview_get_counts (rec->preview, &rec->preview_pushed,
      &rec->preview_shown);
  rec->had_preview = TRUE;
  g_clear_pointer (&rec->preview, v4l2tv_preview_free);
}

const gchar *
v4l2tv_record_package_of (const gchar * element_name)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (packages); i++)
    if (g_str_equal (packages[i].element, element_name))
      return packages[i].package;
  return NULL;
}

gboolean
v4l2tv_record_parse_duration (const gchar * str, GstClockTime * time)
{
  gdouble parts[3], secs = 0, mult = 1;
  gchar **fields;
  guint n, i;
  gboolean ok = TRUE;
  gsize len;

  if (str == NULL || *str == '\0')
    return FALSE;
  len = strlen (str);
  if (strchr ("smh", str[len - 1]) && !strchr (str, ':')) {
    mult = str[len - 1] == 's' ? 1 : str[len - 1] == 'm' ? 60 : 3600;
    len--;
  }
  {
    g_autofree gchar *num = g_strndup (str, len);

    fields = g_strsplit (num, ":", -1);
  }
  n = g_strv_length (fields);
  if (n == 0 || n > 3)
    ok = FALSE;
  for (i = 0; ok && i < n; i++) {
    gchar *end = NULL;

    if (fields[i][0] == '\0' || !g_ascii_isdigit (fields[i][0])) {
      ok = FALSE;
      break;
    }
    parts[i] = g_ascii_strtod (fields[i], &end);
    if (*end != '\0' || parts[i] < 0 || (i > 0 && parts[i] >= 60))
      ok = FALSE;
  }
  g_strfreev (fields);
  if (!ok)
    return FALSE;
  for (i = 0; i < n; i++)
    secs = secs * 60 + parts[i];
  secs *= mult;
  if (secs <= 0 || secs > 1e6 * 3600)
    return FALSE;
  *time = (GstClockTime) (secs * GST_SECOND);
  return TRUE;
}

/* the error for an element that is not installed, naming the package */
static void
set_missing (const gchar * factory, GError ** error)
{
  const gchar *package = v4l2tv_record_package_of (factory);

  if (g_str_equal (factory, "v4l2tvsrc") ||
      g_str_equal (factory, "v4l2tvaudiosrc"))
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_MISSING,
        _("the element '%s' is missing: install gst-plugins-tv (this "
            "module), or point GST_PLUGIN_PATH at its build"), factory);
  else if (package)
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_MISSING,
        _("the element '%s' is missing: install the Debian package %s"),
        factory, package);
  else
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_MISSING,
        _("the element '%s' is missing"), factory);
}

static GstElement *
make (const gchar * factory, const gchar * name, GError ** error)
{
  GstElement *e = gst_element_factory_make (factory, name);

  if (e == NULL)
    set_missing (factory, error);
  return e;
}

/* that the elements exist before anything opens */
static gboolean
check_elements (V4l2TvRecord * rec, GError ** error)
{
  const gchar *needed[] = { "v4l2tvsrc", rec->preset->video_encoder,
    "matroskamux", "fdsink", "queue", "capsfilter",
    rec->preset->audio_encoder, "audioconvert", "audioresample",
    rec->audio_source
  };
  guint i, n = G_N_ELEMENTS (needed);

  /* the audio elements only when there may be sound */
  if (rec->audio_source == NULL)
    n = G_N_ELEMENTS (needed) - 4;
  for (i = 0; i < n; i++) {
    GstElementFactory *f = gst_element_factory_find (needed[i]);

    if (f == NULL) {
      set_missing (needed[i], error);
      return FALSE;
    }
    gst_object_unref (f);
  }
  return TRUE;
}

static gboolean
check_norm (const gchar * norm, GError ** error)
{
  g_autoptr (GstElement) src = gst_element_factory_make ("v4l2tvsrc", NULL);
  GParamSpec *pspec;
  GEnumClass *klass;
  GString *valid;
  guint i;

  if (src == NULL)
    return TRUE;                /* check_elements says so */
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src), "norm");
  klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
  if (g_enum_get_value_by_nick (klass, norm) != NULL)
    return TRUE;
  for (i = 0; i < klass->n_values; i++)
    if (g_ascii_strcasecmp (klass->values[i].value_nick, norm) == 0)
      return TRUE;
  valid = g_string_new (NULL);
  for (i = 0; i < klass->n_values; i++) {
    if (g_str_equal (klass->values[i].value_nick, "current"))
      continue;
    g_string_append_printf (valid, "%s%s", valid->len ? ", " : "",
        klass->values[i].value_nick);
  }
  g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
      _("unknown --norm '%s'; valid: %s"), norm, valid->str);
  g_string_free (valid, TRUE);
  return FALSE;
}

static void
set_norm (GstElement * src, const gchar * norm)
{
  GParamSpec *pspec =
      g_object_class_find_property (G_OBJECT_GET_CLASS (src), "norm");
  GEnumClass *klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
  guint i;

  for (i = 0; i < klass->n_values; i++)
    if (g_ascii_strcasecmp (klass->values[i].value_nick, norm) == 0)
      g_object_set (src, "norm", klass->values[i].value, NULL);
}

static gchar *
get_norm_nick (GstElement * src)
{
  GParamSpec *pspec =
      g_object_class_find_property (G_OBJECT_GET_CLASS (src), "norm");
  GEnumClass *klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
  GEnumValue *v;
  gint norm;

  g_object_get (src, "norm", &norm, NULL);
  v = g_enum_get_value (klass, norm);
  /* NULL for "current": whatever the card is set to */
  return v && v->value != 0 ? g_strdup (v->value_nick) : NULL;
}

/* --- the source's settings (--signal-loss, --crop-top, --hue, ...) --- */

/* properties the recorder sets itself, or that make no sense here */
static const gchar *const own_properties[] = { "name", "parent", "device",
  "input", "norm", "num-buffers", "do-timestamp", "blocksize", "typefind",
  "pixel-aspect-ratio", NULL
};

static void
setting_clear (Setting * setting)
{
  g_free (setting->name);
  g_value_unset (&setting->value);
}

/* the nicks of @pspec's enum, "a, b, c" */
static gchar *
enum_nicks (GParamSpec * pspec)
{
  GEnumClass *klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < klass->n_values; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "",
        klass->values[i].value_nick);
  return g_string_free (s, FALSE);
}

/* @str as a value of @pspec into @value (initialised); FALSE with an
 * error that names --@pspec and what it takes */
static gboolean
setting_parse (GParamSpec * pspec, const gchar * str, GValue * value,
    GError ** error)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);
  g_autofree gchar *valid = NULL;

  g_value_init (value, type);
  if (G_IS_PARAM_SPEC_ENUM (pspec)) {
    GEnumClass *klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
    guint i;

    for (i = 0; i < klass->n_values; i++)
      if (g_ascii_strcasecmp (klass->values[i].value_nick, str) == 0) {
        g_value_set_enum (value, klass->values[i].value);
        return TRUE;
      }
    valid = enum_nicks (pspec);
  } else if (type == G_TYPE_STRING) {
    g_value_set_string (value, str);
    return TRUE;
  } else if (type == GST_TYPE_STRUCTURE) {
    GstStructure *st = *str ? gst_structure_from_string (str, NULL) : NULL;

    if (st) {
      g_value_take_boxed (value, st);
      return TRUE;
    }
    valid = g_strdup (_("NAME,control=value,... as v4l2-ctl --list-ctrls "
            "names the controls (e.g. c,brightness=140,hue=5)"));
  } else if (G_IS_PARAM_SPEC_INT (pspec) || G_IS_PARAM_SPEC_UINT (pspec) ||
      G_IS_PARAM_SPEC_ULONG (pspec) || G_IS_PARAM_SPEC_UINT64 (pspec)) {
    gint64 min, max, n = 0;
    guint64 umax = 0, u = 0;
    gboolean ok;

    if (G_IS_PARAM_SPEC_INT (pspec)) {
      min = G_PARAM_SPEC_INT (pspec)->minimum;
      max = G_PARAM_SPEC_INT (pspec)->maximum;
      ok = g_ascii_string_to_signed (str, 10, min, max, &n, NULL);
      if (ok)
        g_value_set_int (value, n);
      /* G_MININT is "unset" for the colour controls: not a value */
      if (min == G_MININT)
        min++;
      /* TRANSLATORS: what a number option takes, in "bad --%s '%s': give
       * %s" */
      valid = g_strdup_printf (_("an integer from %" PRId64 " to %" PRId64
              " (the card's range applies, clamped with a warning)"),
          (int64_t) min, (int64_t) max);
      ok = ok && n >= min;
    } else {
      if (G_IS_PARAM_SPEC_UINT (pspec))
        umax = G_PARAM_SPEC_UINT (pspec)->maximum;
      else if (G_IS_PARAM_SPEC_ULONG (pspec))
        umax = G_PARAM_SPEC_ULONG (pspec)->maximum;
      else
        umax = G_PARAM_SPEC_UINT64 (pspec)->maximum;
      ok = g_ascii_string_to_unsigned (str, 10, 0, umax, &u, NULL);
      if (ok && G_IS_PARAM_SPEC_UINT (pspec))
        g_value_set_uint (value, u);
      else if (ok && G_IS_PARAM_SPEC_ULONG (pspec))
        g_value_set_ulong (value, u);
      else if (ok)
        g_value_set_uint64 (value, u);
      /* TRANSLATORS: what a number option takes, in "bad --%s '%s': give
       * %s" */
      valid = g_strdup_printf (_("a whole number from 0 to %" PRIu64),
          (uint64_t) umax);
    }
    if (ok)
      return TRUE;
  } else if (gst_value_deserialize (value, str)) {
    return TRUE;
  }
  g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
      _("bad --%s '%s': give %s"), pspec->name, str,
      valid ? valid : g_type_name (type));
  g_value_unset (value);
  return FALSE;
}

/* opts->source_settings into rec->settings, each checked against
 * v4l2tvsrc's property */
static gboolean
parse_settings (V4l2TvRecord * rec, gchar ** settings, GError ** error)
{
  g_autoptr (GstElement) src = NULL;
  guint i;

  rec->settings = g_array_new (FALSE, TRUE, sizeof (Setting));
  g_array_set_clear_func (rec->settings, (GDestroyNotify) setting_clear);
  if (settings == NULL || settings[0] == NULL)
    return TRUE;
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  if (src == NULL)
    return TRUE;                /* check_elements says so */
  for (i = 0; settings[i]; i++) {
    const gchar *eq = strchr (settings[i], '=');
    g_autofree gchar *name = eq ? g_strndup (settings[i], eq - settings[i])
        : g_strdup (settings[i]);
    GParamSpec *pspec =
        g_object_class_find_property (G_OBJECT_GET_CLASS (src), name);
    Setting setting = { NULL, G_VALUE_INIT };

    if (eq == NULL || pspec == NULL || !(pspec->flags & G_PARAM_WRITABLE) ||
        g_strv_contains (own_properties, name)) {
      g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
          _("'%s' is not a source setting (PROPERTY=VALUE of v4l2tvsrc "
              "other than the recorder's own options)"), settings[i]);
      return FALSE;
    }
    if (!setting_parse (pspec, eq + 1, &setting.value, error))
      return FALSE;
    setting.name = g_strdup (pspec->name);
    g_array_append_val (rec->settings, setting);
  }
  return TRUE;
}

static gboolean
parse_aspect (V4l2TvRecord * rec, const gchar * aspect, GError ** error)
{
  if (aspect == NULL)
    return TRUE;
  if (g_str_equal (aspect, "4:3") || g_str_equal (aspect, "4/3")) {
    rec->aspect_n = 4;
    rec->aspect_d = 3;
  } else if (g_str_equal (aspect, "16:9") || g_str_equal (aspect, "16/9")) {
    rec->aspect_n = 16;
    rec->aspect_d = 9;
  } else {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("unknown --aspect '%s'; valid: 4:3, 16:9 (the picture's shape on "
            "screen; 16:9 is an anamorphic picture, as WSS would say)"),
        aspect);
    return FALSE;
  }
  return TRUE;
}

/* the settings on a new source, before it opens */
static void
apply_settings (V4l2TvRecord * rec, GstElement * src)
{
  guint i;

  for (i = 0; i < rec->settings->len; i++) {
    Setting *setting = &g_array_index (rec->settings, Setting, i);

    g_object_set_property (G_OBJECT (src), setting->name, &setting->value);
  }
}

/* --aspect on the open source: the pixel aspect of its standard (4:3,
 * from the card) for 4:3, 4/3 times it for a 16:9 anamorphic picture
 * (59/54 and 118/81 at 625 lines, 10/11 and 40/33 at 525) */
static void
apply_aspect (V4l2TvRecord * rec, GstElement * src)
{
  g_autoptr (GstPad) pad = NULL;
  g_autoptr (GstCaps) caps = NULL;
  gint n = 0, d = 0;

  if (rec->aspect_n == 0)
    return;
  pad = gst_element_get_static_pad (src, "src");
  caps = gst_pad_query_caps (pad, NULL);
  if (caps == NULL || gst_caps_is_empty (caps) || gst_caps_is_any (caps) ||
      !gst_structure_get_fraction (gst_caps_get_structure (caps, 0),
          "pixel-aspect-ratio", &n, &d) || n == 0)
    n = d = 1;
  if (rec->aspect_n == 16)
    gst_util_fraction_multiply (n, d, 4, 3, &n, &d);
  g_object_set (src, "pixel-aspect-ratio", n, d, NULL);
}

/* --- the files: this run writes and removes only files it created --- */

/* FILE.mkv, then FILE-2.mkv, FILE-3.mkv, ... */
static gchar *
segment_file (const gchar * output, guint n)
{
  const gchar *dot = strrchr (output, '.');
  const gchar *slash = strrchr (output, '/');

  if (n == 0)
    return g_strdup (output);
  if (dot == NULL || (slash && dot < slash) || dot == output)
    return g_strdup_printf ("%s-%u", output, n + 1);
  return g_strdup_printf ("%.*s-%u%s", (gint) (dot - output), output, n + 1,
      dot);
}

/* what is in the way of a file to write */
static const gchar *
file_kind (mode_t mode)
{
  if (S_ISDIR (mode))
    /* TRANSLATORS: what is in the way of a file to write, in "the %s
     * '%s' is %s, not a file to write: give another file name" */
    return _("a directory");
  if (S_ISLNK (mode))
    return _("a symbolic link");
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("a device");
  if (S_ISFIFO (mode))
    return _("a pipe");
  if (S_ISSOCK (mode))
    return _("a socket");
  return _("not a regular file");
}

/* whether this run may create @path (@what, N_(): "output file", ...): it
 * does not exist, or it is a regular file and --overwrite was given */
static gboolean
check_new_file (const gchar * path, const gchar * what, gboolean overwrite,
    GError ** error)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    return TRUE;                /* creating it says what is wrong */
  if (!S_ISREG (st.st_mode)) {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        /* TRANSLATORS: the kind of file ("output file", ...), its name,
         * and what is there instead ("a directory", ...) */
        _("the %s '%s' is %s, not a file to write: give another file name"),
        _(what), path, file_kind (st.st_mode));
    return FALSE;
  }
  if (!overwrite) {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("the %s '%s' exists already: give another file name, or "
            "--overwrite to replace it"), _(what), path);
    return FALSE;
  }
  return TRUE;
}

static gchar *resolve_path (const gchar * path);

/* whether @path is free of this run's own files: one this run created is
 * never replaced (--overwrite is for an earlier run's), e.g. the captions
 * of a later file whose name is the first file's */
static gboolean
check_not_created (V4l2TvRecord * rec, const gchar * path, const gchar * what,
    GError ** error)
{
  g_autofree gchar *resolved = resolve_path (path);

  if (!g_hash_table_contains (rec->created, resolved))
    return TRUE;
  g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_FAILED,
      _("the %s '%s' is a file this recording wrote already: it is kept; "
          "give the output and the captions names that do not meet"),
      _(what), path);
  return FALSE;
}

static void
add_created (V4l2TvRecord * rec, const gchar * path)
{
  g_hash_table_add (rec->created, resolve_path (path));
}

/* creates @path for this run, with O_EXCL: never an existing file (with
 * --overwrite an existing regular file of an earlier run is removed
 * first); the file descriptor, or -1 with an error naming the file and
 * the system's reason */
static gint
create_file (V4l2TvRecord * rec, const gchar * path, const gchar * what,
    GError ** error)
{
  gboolean overwrite = rec->opts.overwrite;
  gint fd, saved;

  if (!check_not_created (rec, path, what, error) ||
      !check_new_file (path, what, overwrite, error))
    return -1;
  if (overwrite && g_unlink (path) != 0 && errno != ENOENT) {
    saved = errno;
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("cannot replace the %s '%s': %s"), _(what), path, g_strerror (saved));
    return -1;
  }
  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    saved = errno;
    if (saved == EEXIST)
      g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
          _("the %s '%s' exists already: give another file name, or "
              "--overwrite to replace it"), _(what), path);
    else
      g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
          _("cannot write the %s '%s': %s"), _(what), path, g_strerror (saved));
  } else {
    add_created (rec, path);
  }
  return fd;
}

/* @path absolute, its directory's symbolic links resolved (the file
 * itself need not exist) */
static gchar *
resolve_path (const gchar * path)
{
  g_autofree gchar *dir = g_path_get_dirname (path);
  g_autofree gchar *base = g_path_get_basename (path);
  char *real = realpath (dir, NULL);
  gchar *resolved;

  if (real == NULL)
    return g_canonicalize_filename (path, NULL);
  resolved = g_build_filename (real, base, NULL);
  free (real);
  return resolved;
}

/* whether @a and @b name the same file, however spelt */
static gboolean
same_file (const gchar * a, const gchar * b)
{
  struct stat sa, sb;
  g_autofree gchar *ra = NULL, *rb = NULL;

  if (g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  ra = resolve_path (a);
  rb = resolve_path (b);
  return g_str_equal (ra, rb);
}

/* an earlier run's numbered files beside @path (FILE-2.mkv, ...): this
 * run would write into them after a change of standard */
static gboolean
check_numbered (const gchar * path, const gchar * what, gboolean overwrite,
    GError ** error)
{
  g_autofree gchar *dir = g_path_get_dirname (path);
  g_autofree gchar *base = g_path_get_basename (path);
  const gchar *dot = strrchr (base, '.');
  gsize stem = dot && dot != base ? (gsize) (dot - base) : strlen (base);
  const gchar *ext = base + stem;
  const gchar *name;
  gboolean ok = TRUE;
  GDir *d;

  if (overwrite || (d = g_dir_open (dir, 0, NULL)) == NULL)
    return TRUE;
  while (ok && (name = g_dir_read_name (d))) {
    gsize len = strlen (name), i;

    if (len <= stem + 1 + strlen (ext) || strncmp (name, base, stem) != 0 ||
        name[stem] != '-' || !g_str_has_suffix (name, ext))
      continue;
    for (i = stem + 1; i < len - strlen (ext); i++)
      if (!g_ascii_isdigit (name[i]))
        break;
    if (i < len - strlen (ext))
      continue;
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        /* TRANSLATORS: the second and the third %s are the same kind of
         * file ("output file", ...) */
        _("'%s' (an earlier recording's %s after a change of standard) is "
            "beside the %s '%s': give another file name, or --overwrite to "
            "replace them"), name, _(what), _(what), path);
    ok = FALSE;
  }
  g_dir_close (d);
  return ok;
}

/* the output's sidecars (tape.log, tape.md5, tape.framemd5 for the
 * lossless preset, and an earlier run's tape-2.log, ...): none may be
 * the output or the captions, and none may exist (unless --overwrite) */
static gboolean
check_sidecars (V4l2TvRecord * rec, GError ** error)
{
  const gchar *exts[] = { "log", "md5", "framemd5" };
  const gchar *whats[] = { N_("capture log"), N_("checksum file"),
    N_("framemd5 file")
  };
  guint i, n = rec->preset->lossless ? 3 : 2;

  for (i = 0; i < n; i++) {
    g_autofree gchar *sidecar = v4l2tv_archive_sidecar (rec->opts.output,
        exts[i]);

    if (same_file (sidecar, rec->opts.output)) {
      g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
          _("the output file %s would be its own %s: give it a name ending "
              "in .mkv"), rec->opts.output, _(whats[i]));
      return FALSE;
    }
    if (rec->opts.captions && same_file (sidecar, rec->opts.captions)) {
      g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
          _("--captions %s is the %s of %s: give the captions a file of "
              "their own (FILE.scc)"), rec->opts.captions, _(whats[i]),
          rec->opts.output);
      return FALSE;
    }
    if (!check_new_file (sidecar, whats[i], rec->opts.overwrite, error) ||
        !check_numbered (sidecar, whats[i], rec->opts.overwrite, error))
      return FALSE;
  }
  return TRUE;
}

V4l2TvRecord *
v4l2tv_record_new (const V4l2TvRecordOptions * opts, FILE * out,
    GError ** error)
{
  V4l2TvRecord *rec;
  const gchar *preset = opts->preset ? opts->preset : "archive";
  const gchar *audio = opts->audio ? opts->audio : "auto";
  guint i;

  if (opts->output == NULL || *opts->output == '\0') {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("no output file: give -o FILE.mkv"));
    return NULL;
  }
  if (opts->captions && *opts->captions == '\0') {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("empty --captions: give --captions FILE.scc"));
    return NULL;
  }
  if (opts->captions && same_file (opts->captions, opts->output)) {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("--captions %s is the output file %s too: give the captions a "
            "file of their own (FILE.scc)"), opts->captions, opts->output);
    return NULL;
  }
  if (opts->audio && *opts->audio == '\0') {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("empty --audio: give auto, none, test or an ALSA device "
            "(hw:CARD=X,DEV=0)"));
    return NULL;
  }
  /* TRANSLATORS: the kinds of file ("output file", "captions file",
   * "capture log", ...) go into the messages about files ("the %s '%s'
   * exists already: ...") */
  if (!check_new_file (opts->output, N_("output file"), opts->overwrite,
          error) ||
      !check_numbered (opts->output, N_("output file"), opts->overwrite, error))
    return NULL;
  if (opts->captions && (!check_new_file (opts->captions,
              N_("captions file"), opts->overwrite, error) ||
          !check_numbered (opts->captions, N_("captions file"),
              opts->overwrite, error)))
    return NULL;

  rec = g_new0 (V4l2TvRecord, 1);
  g_mutex_init (&rec->lock);
  rec->out = out ? out : stdout;
  rec->files = g_ptr_array_new_with_free_func (g_free);
  rec->archives = g_ptr_array_new_with_free_func ((GDestroyNotify)
      v4l2tv_archive_free);
  rec->out_fd = -1;
  rec->created = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  rec->pending_since = GST_CLOCK_TIME_NONE;
  rec->first_pts = GST_CLOCK_TIME_NONE;
  rec->opts.device = g_strdup (opts->device ? opts->device : "/dev/video0");
  rec->opts.input = g_strdup (opts->input);
  rec->opts.norm = g_strdup (opts->norm);
  rec->opts.audio = g_strdup (audio);
  rec->opts.duration = opts->duration;
  rec->opts.preset = g_strdup (preset);
  rec->opts.output = g_strdup (opts->output);
  rec->opts.captions = g_strdup (opts->captions);
  rec->opts.overwrite = opts->overwrite;
  rec->opts.free_space = opts->free_space;
  rec->opts.worst_rate = opts->worst_rate;
  rec->opts.preview = opts->preview;
  rec->opts.preview_sink = g_strdup (opts->preview_sink);
  rec->scc_files = g_ptr_array_new_with_free_func (g_free);
  rec->scc_next = -1;
  rec->norm = g_strdup (opts->norm);
  rec->norm_auto = opts->norm && g_ascii_strcasecmp (opts->norm, "auto") == 0;

  for (i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_str_equal (presets[i].name, preset))
      rec->preset = &presets[i];
  if (rec->preset == NULL) {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("unknown --preset '%s'; valid: archive (%s), small (%s)"), preset,
        _(presets[0].description), _(presets[1].description));
    goto fail;
  }
  rec->worst_rate = opts->worst_rate ? opts->worst_rate :
      rec->preset->worst_rate;
  if (!check_sidecars (rec, error))
    goto fail;

  if (g_str_equal (audio, "none")) {
    rec->audio_source = NULL;
  } else if (g_str_equal (audio, "test")) {
    rec->audio_source = g_strdup ("audiotestsrc");
  } else if (g_str_equal (audio, "auto")) {
    /* resolved when the device is open: the card's sound, if it has */
    rec->audio_source = g_strdup ("v4l2tvaudiosrc");
  } else {
    /* another sound card's capture device (a card whose sound comes
     * through a cable): through v4l2tvaudiosrc too, resampled onto the
     * picture's clock like the card's own */
    rec->audio_source = g_strdup ("v4l2tvaudiosrc");
    rec->audio_device = g_strdup (audio);
  }

  if (!check_elements (rec, error))
    goto fail;
  if (opts->norm && !check_norm (opts->norm, error))
    goto fail;
  if (!parse_settings (rec, opts->source_settings, error) ||
      !parse_aspect (rec, opts->aspect, error))
    goto fail;
  return rec;

fail:
  v4l2tv_record_free (rec);
  return NULL;
}

static void scc_close (V4l2TvRecord * rec, guint64 captions);

static void
teardown (V4l2TvRecord * rec)
{
  guint64 captions;

  if (rec->pipeline) {
    gst_element_set_state (rec->pipeline, GST_STATE_NULL);
    if (rec->bus_watch)
      g_source_remove (rec->bus_watch);
    rec->bus_watch = 0;
    gst_clear_object (&rec->src);
    gst_clear_object (&rec->mux);
    gst_clear_object (&rec->asrc);
    gst_clear_object (&rec->pipeline);
  }
  if (rec->out_fd >= 0)
    close (rec->out_fd);
  rec->out_fd = -1;
  if (rec->drain_id)
    g_source_remove (rec->drain_id);
  rec->drain_id = 0;
  if (rec->audio_eos_id)
    g_source_remove (rec->audio_eos_id);
  rec->audio_eos_id = 0;
  /* the streaming threads have stopped: the SCC file is ours */
  g_mutex_lock (&rec->lock);
  captions = rec->captions;
  rec->prev_captions += captions;
  rec->captions = 0;
  gst_clear_caps (&rec->caps);
  gst_clear_caps (&rec->new_caps);
  gst_clear_caps (&rec->pending_caps);
  rec->pending_since = GST_CLOCK_TIME_NONE;
  rec->audio_flowing = FALSE;
  g_mutex_unlock (&rec->lock);
  scc_close (rec, captions);
}

void
v4l2tv_record_free (V4l2TvRecord * rec)
{
  if (rec == NULL)
    return;
  teardown (rec);
  g_clear_pointer (&rec->preview, v4l2tv_preview_free);
  if (rec->tick_id)
    g_source_remove (rec->tick_id);
  g_clear_pointer (&rec->loop, g_main_loop_unref);
  g_free (rec->opts.device);
  g_free (rec->opts.input);
  g_free (rec->opts.norm);
  g_free (rec->opts.audio);
  g_free (rec->opts.preset);
  g_free (rec->opts.output);
  g_free (rec->opts.captions);
  g_free (rec->opts.preview_sink);
  if (rec->settings)
    g_array_unref (rec->settings);
  g_ptr_array_unref (rec->scc_files);
  g_free (rec->norm);
  g_free (rec->audio_source);
  g_free (rec->audio_device);
  g_free (rec->signal_status);
  g_free (rec->not_final);
  g_ptr_array_unref (rec->files);
  g_ptr_array_unref (rec->archives);
  g_hash_table_unref (rec->created);
  g_clear_error (&rec->error);
  g_mutex_clear (&rec->lock);
  g_free (rec);
}

/**
 * v4l2tv_record_set_audio_drift_correction:
 * @rec: a recorder not running yet
 * @enabled: whether v4l2tvaudiosrc resamples the card's sound onto the
 *   picture's clock (the default)
 *
 * For tests that show the drift the correction removes.
 */
void
v4l2tv_record_set_audio_drift_correction (V4l2TvRecord * rec, gboolean enabled)
{
  rec->no_drift_correction = !enabled;
}

void
v4l2tv_record_set_tick (V4l2TvRecord * rec, V4l2TvRecordTickFunc func,
    gpointer user_data)
{
  rec->tick = func;
  rec->tick_data = user_data;
}

GstElement *
v4l2tv_record_get_source (V4l2TvRecord * rec)
{
  return rec->src ? gst_object_ref (rec->src) : NULL;
}

const gchar *
v4l2tv_record_get_signal (V4l2TvRecord * rec)
{
  return rec->signal_status ? rec->signal_status : "ok";
}

/* a count of the earlier segments plus the one of this segment that the
 * streaming thread writes */
static guint64
total (V4l2TvRecord * rec, const guint64 * prev, const guint64 * now)
{
  guint64 sum;

  g_mutex_lock (&rec->lock);
  sum = *prev + *now;
  g_mutex_unlock (&rec->lock);
  return sum;
}

guint64
v4l2tv_record_get_frames (V4l2TvRecord * rec)
{
  return total (rec, &rec->prev_muxed, &rec->muxed);
}

guint64
v4l2tv_record_get_captions (V4l2TvRecord * rec)
{
  return total (rec, &rec->prev_captions, &rec->captions);
}

static const gchar *
nth_file (GPtrArray * files, guint i)
{
  return i < files->len ? g_ptr_array_index (files, i) : NULL;
}

guint
v4l2tv_record_get_n_caption_files (V4l2TvRecord * rec)
{
  return rec->scc_files->len;
}

const gchar *
v4l2tv_record_get_caption_file (V4l2TvRecord * rec, guint i)
{
  return nth_file (rec->scc_files, i);
}

guint
v4l2tv_record_get_n_files (V4l2TvRecord * rec)
{
  return rec->files->len;
}

const gchar *
v4l2tv_record_get_file (V4l2TvRecord * rec, guint i)
{
  return nth_file (rec->files, i);
}

static void
post_app (GstElement * from, const gchar * name)
{
  gst_element_post_message (from,
      gst_message_new_application (GST_OBJECT_CAST (from),
          gst_structure_new_empty (name)));
}

/* --- the SCC sidecar --- */

/* SMPTE drop-frame timecode of frame @n at 30000/1001: frame numbers 0
 * and 1 of each minute are skipped, except every tenth minute */
static void
scc_timecode (guint64 n, gchar * buf, gsize len)
{
  guint64 d = n / 17982, m = n % 17982;

  n += 18 * d + (m < 2 ? 0 : 2 * ((m - 2) / 1798));
  g_snprintf (buf, len, "%02u:%02u:%02u;%02u", (guint) (n / 108000),
      (guint) (n / 1800 % 60), (guint) (n / 30 % 60), (guint) (n % 30));
}

/* field 1's byte pair in @buf's caption meta (S334-1A with the field
 * bit, or raw 608, which is field 1); FALSE when it has none */
static gboolean
caption_pair (GstBuffer * buf, guint8 pair[2])
{
  gpointer state = NULL;
  GstMeta *meta;

  while ((meta = gst_buffer_iterate_meta_filtered (buf, &state,
              GST_VIDEO_CAPTION_META_API_TYPE))) {
    GstVideoCaptionMeta *cc = (GstVideoCaptionMeta *) meta;
    gsize i;

    if (cc->caption_type == GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A) {
      for (i = 0; i + 3 <= cc->size; i += 3)
        if (cc->data[i] & 0x80) {
          pair[0] = cc->data[i + 1];
          pair[1] = cc->data[i + 2];
          return TRUE;
        }
    } else if (cc->caption_type == GST_VIDEO_CAPTION_TYPE_CEA608_RAW &&
        cc->size >= 2) {
      pair[0] = cc->data[0];
      pair[1] = cc->data[1];
      return TRUE;
    }
  }
  return FALSE;
}

/* opens the segment's SCC file: FALSE with an error naming it */
static gboolean
scc_open (V4l2TvRecord * rec, GError ** error)
{
  gint fd;

  rec->scc_file = segment_file (rec->opts.captions, rec->files->len);
  fd = create_file (rec, rec->scc_file, N_("captions file"), error);
  if (fd < 0) {
    g_clear_pointer (&rec->scc_file, g_free);
    return FALSE;
  }
  rec->scc = fdopen (fd, "w");
  if (rec->scc == NULL) {
    gint saved = errno;

    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_ARGS,
        _("cannot write the captions file '%s': %s"), rec->scc_file,
        g_strerror (saved));
    close (fd);
    g_unlink (rec->scc_file);
    g_clear_pointer (&rec->scc_file, g_free);
    return FALSE;
  }
  rec->scc_next = -1;
  rec->scc_line = FALSE;
  rec->scc_failed = FALSE;
  /* each caption line starts with a blank line (scc_write), and the
   * file ends with a newline (scc_close) */
  fputs (SCC_HEADER "\n", rec->scc);
  return TRUE;
}

/* the pair of frame @frame (counted from the file's first frame): a null
 * pair ends the open line; a pair that does not follow the line's last
 * frame starts a new line at its own timecode. The video streaming
 * thread. */
static void
scc_write (V4l2TvRecord * rec, guint64 frame, const guint8 pair[2])
{
  gchar tc[32];

  if (rec->scc == NULL || rec->scc_failed)
    return;
  if ((pair[0] & 0x7f) == 0 && (pair[1] & 0x7f) == 0) {
    rec->scc_next = -1;
    return;
  }
  if (rec->scc_next != (gint64) frame) {
    scc_timecode (frame, tc, sizeof (tc));
    fprintf (rec->scc, "%s\n%s\t%02x%02x", rec->scc_line ? "\n" : "", tc,
        pair[0], pair[1]);
    rec->scc_line = TRUE;
  } else {
    fprintf (rec->scc, " %02x%02x", pair[0], pair[1]);
  }
  rec->scc_next = frame + 1;
  if (ferror (rec->scc)) {
    g_printerr (_("warning: writing %s failed: %s; no more captions are "
            "written\n"), rec->scc_file, g_strerror (errno));
    rec->scc_failed = TRUE;
  }
}

/* closes the segment's SCC file: kept when it holds a caption, removed
 * when none came */
static void
scc_close (V4l2TvRecord * rec, guint64 captions)
{
  if (rec->scc == NULL)
    return;
  if (rec->scc_line)
    fputs ("\n", rec->scc);
  if (fclose (rec->scc) != 0 && !rec->scc_failed)
    g_printerr (_("warning: writing %s failed: %s\n"), rec->scc_file,
        g_strerror (errno));
  rec->scc = NULL;
  if (captions > 0)
    g_ptr_array_add (rec->scc_files, g_steal_pointer (&rec->scc_file));
  else
    g_unlink (rec->scc_file);
  g_clear_pointer (&rec->scc_file, g_free);
}

static gboolean only_aspect_changed (GstCaps * a, GstCaps * b);

/* the file's picture ended at a split: its sound ends there too (the
 * running time of the last frame's end on @pad); FALSE when that is not
 * known */
static gboolean
end_sound_at_picture (V4l2TvRecord * rec, GstPad * pad)
{
  GstEvent *ev = gst_pad_get_sticky_event (pad, GST_EVENT_SEGMENT, 0);
  GstClockTime end = GST_CLOCK_TIME_NONE;
  const GstSegment *seg;

  if (ev == NULL || rec->archive == NULL) {
    gst_clear_event (&ev);
    return FALSE;
  }
  gst_event_parse_segment (ev, &seg);
  g_mutex_lock (&rec->lock);
  if (seg->format == GST_FORMAT_TIME
      && GST_CLOCK_TIME_IS_VALID (rec->first_pts))
    end = gst_segment_to_running_time (seg, GST_FORMAT_TIME, rec->end);
  g_mutex_unlock (&rec->lock);
  gst_event_unref (ev);
  return GST_CLOCK_TIME_IS_VALID (end) &&
      v4l2tv_archive_end_at (rec->archive, end);
}

/* the video streaming thread, before the encoder: counts the frames, ends
 * the recording at --duration, notices a change of standard */
static GstPadProbeReturn
video_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;
  GstPadProbeReturn ret = GST_PAD_PROBE_OK;
  gboolean post_switch = FALSE, post_done = FALSE, have_pair = FALSE;
  guint8 pair[2];
  guint64 frame = 0;
  GstCaps *preview_caps = NULL;

  g_mutex_lock (&rec->lock);
  if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
    GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);

    /* a new pixel aspect that has held long enough: this file ends */
    if (rec->pending_caps && !rec->new_caps && !rec->done &&
        GST_BUFFER_PTS_IS_VALID (buf)) {
      if (!GST_CLOCK_TIME_IS_VALID (rec->pending_since))
        rec->pending_since = GST_BUFFER_PTS (buf);
      else if (GST_BUFFER_PTS (buf) >= rec->pending_since + ASPECT_HOLD) {
        rec->new_caps = g_steal_pointer (&rec->pending_caps);
        rec->pending_since = GST_CLOCK_TIME_NONE;
        if (!rec->video_eos)
          post_switch = rec->video_eos = TRUE;
      }
    }
    /* --duration: the file holds the frames that start before it, by
     * their timestamps alone (a buffer's duration may be unset). Only a
     * frame that would go into the file counts: those the source gives
     * while a file ends at a split (until its sound has got there) are
     * not this file's, and must not end the next one. */
    if (!rec->done && !rec->new_caps && !rec->stopped_early &&
        GST_CLOCK_TIME_IS_VALID (rec->opts.duration) &&
        GST_BUFFER_PTS_IS_VALID (buf) &&
        GST_CLOCK_TIME_IS_VALID (rec->first_pts) &&
        GST_BUFFER_PTS (buf) >= rec->first_pts &&
        rec->prev_time + GST_BUFFER_PTS (buf) - rec->first_pts >=
        rec->opts.duration)
      rec->done = TRUE;
    if (rec->new_caps || rec->done || rec->stopped_early) {
      ret = GST_PAD_PROBE_DROP;
      /* the frame after the last one: the video ends here */
      if (rec->done && !rec->video_eos)
        post_done = rec->video_eos = TRUE;
    } else {
      rec->frames++;
      if (rec->preview && rec->caps)
        preview_caps = gst_caps_ref (rec->caps);
      if (GST_BUFFER_PTS_IS_VALID (buf)) {
        if (!GST_CLOCK_TIME_IS_VALID (rec->first_pts))
          rec->first_pts = GST_BUFFER_PTS (buf);
        if (rec->scc && caption_pair (buf, pair)) {
          have_pair = TRUE;
          /* the frame's place in the file, at SCC's 30000/1001 */
          frame = gst_util_uint64_scale_round (GST_BUFFER_PTS (buf) -
              rec->first_pts, 30000, 1001 * GST_SECOND);
          if ((pair[0] & 0x7f) || (pair[1] & 0x7f))
            rec->captions++;
        }
        rec->end = GST_BUFFER_PTS (buf) +
            (GST_BUFFER_DURATION_IS_VALID (buf) ? GST_BUFFER_DURATION (buf) :
            0);
      }
    }
  } else {
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);

    if (GST_EVENT_TYPE (event) == GST_EVENT_CAPS) {
      GstCaps *caps;

      gst_event_parse_caps (event, &caps);
      if (rec->caps == NULL && rec->carry_par_n) {
        /* the file after a change of aspect: a new source gives the old
         * aspect until it has read the WSS again (three frames); the new
         * one holds from the first frame, so that it is not a change */
        GstCaps *fixed = gst_caps_copy (caps);

        gst_caps_set_simple (fixed, "pixel-aspect-ratio", GST_TYPE_FRACTION,
            rec->carry_par_n, rec->carry_par_d, NULL);
        rec->carry_par_n = 0;
        rec->caps = fixed;
        gst_event_unref (event);
        GST_PAD_PROBE_INFO_DATA (info) = gst_event_new_caps (fixed);
      } else if (rec->caps == NULL) {
        rec->caps = gst_caps_ref (caps);
      } else if (gst_caps_is_equal (rec->caps, caps)) {
        /* back to the file's aspect before the new one held */
        gst_clear_caps (&rec->pending_caps);
        rec->pending_since = GST_CLOCK_TIME_NONE;
      } else if (only_aspect_changed (rec->caps, caps) && !rec->new_caps &&
          (rec->files->len > 1 || rec->frames >= ASPECT_FIRST_FRAMES)) {
        /* a new pixel aspect (WSS): the file goes on with its own (the
         * frames are the same size) until the new one has held for
         * ASPECT_HOLD; a flapping flag (a worn tape) splits nothing */
        if (rec->pending_caps == NULL ||
            !gst_caps_is_equal (rec->pending_caps, caps)) {
          gst_caps_replace (&rec->pending_caps, caps);
          rec->pending_since = GST_CLOCK_TIME_NONE;
        }
        ret = GST_PAD_PROBE_DROP;
      } else {
        /* Matroska cannot change the frame size in a track: this file
         * ends here, the next one starts with these caps */
        gst_clear_caps (&rec->pending_caps);
        if (rec->new_caps == NULL && !rec->video_eos)
          post_switch = rec->video_eos = TRUE;
        gst_caps_replace (&rec->new_caps, caps);
        ret = GST_PAD_PROBE_DROP;
      }
    }
  }
  g_mutex_unlock (&rec->lock);

  if (have_pair)
    scc_write (rec, frame, pair);
  /* the frame going into the file, on screen too if the preview has time */
  if (preview_caps) {
    v4l2tv_preview_push (rec->preview, preview_caps,
        GST_PAD_PROBE_INFO_BUFFER (info));
    gst_caps_unref (preview_caps);
  }

  /* a split: the file's sound ends where its picture does (at
   * --duration the archive knows that end already) */
  if (post_switch && !end_sound_at_picture (rec, pad)) {
    g_mutex_lock (&rec->lock);
    rec->sound_ended = TRUE;    /* nothing to wait for */
    g_mutex_unlock (&rec->lock);
  }
  /* EOS into the video branch at once, from this thread: the muxer stops
   * waiting for video, so the sound drains and its source can take the
   * EOS the main thread sends it next (sent the other way round, that EOS
   * waits for the sound source's push, blocked in a full queue before a
   * muxer that waits for video that no longer comes) */
  if (post_switch || post_done) {
    GstPad *peer = gst_pad_get_peer (pad);

    if (peer) {
      gst_pad_send_event (peer, gst_event_new_eos ());
      gst_object_unref (peer);
    }
  }
  if (post_switch)
    post_app (rec->src, "v4l2tv-record-switch");
  if (post_done)
    post_app (rec->src, "v4l2tv-record-done");
  return ret;
}

/* the video streaming thread, at the muxer: the frames the file holds */
static GstPadProbeReturn
mux_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;

  g_mutex_lock (&rec->lock);
  rec->muxed++;
  g_mutex_unlock (&rec->lock);
  return GST_PAD_PROBE_OK;
}

/* records the caps' interlacing in the file's tags: matroskamux 1.22
 * writes FlagInterlaced but no FieldOrder element */
static GstPadProbeReturn
tag_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  const GstStructure *s;
  const gchar *mode, *order;
  gchar *comment;
  GstCaps *caps;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &caps);
  s = gst_caps_get_structure (caps, 0);
  mode = gst_structure_get_string (s, "interlace-mode");
  order = gst_structure_get_string (s, "field-order");
  comment = g_strdup_printf ("v4l2tv-record: interlace-mode=%s%s%s",
      mode ? mode : "progressive", order ? ", field-order=" : "",
      order ? order : "");
  gst_tag_setter_add_tags (GST_TAG_SETTER (rec->mux), GST_TAG_MERGE_REPLACE,
      GST_TAG_COMMENT, comment, NULL);
  g_free (comment);
  return GST_PAD_PROBE_OK;
}

static gboolean bus_cb (GstBus * bus, GstMessage * msg, gpointer user_data);

/* the file being written */
static const gchar *
current_file (V4l2TvRecord * rec)
{
  return rec->files->len ? g_ptr_array_index (rec->files,
      rec->files->len - 1) : rec->opts.output;
}

/* an error message's text, with what it is about: the sound device, or
 * the file, and the system's reason (the last line of the debug text,
 * "Recording open error on device 'hw:...': No such file or directory") */
static gchar *
describe_error (V4l2TvRecord * rec, GstMessage * msg)
{
  g_autoptr (GError) err = NULL;
  g_autofree gchar *debug = NULL;
  GstObject *from = GST_MESSAGE_SRC (msg);
  const gchar *detail = NULL;

  gst_message_parse_error (msg, &err, &debug);
  if (debug && strrchr (debug, '\n'))
    detail = strrchr (debug, '\n') + 1;
  if (rec->asrc && from == GST_OBJECT_CAST (rec->asrc)) {
    const gchar *device = rec->audio_device ? rec->audio_device :
        _("(test tone)");

    /* v4l2tvaudiosrc's own errors name the sound device already */
    if (strstr (err->message, device))
      return detail ? g_strdup_printf ("%s (%s)", err->message, detail) :
          g_strdup (err->message);
    if (detail)
      return g_strdup_printf (_("sound device '%s': %s (%s)"), device,
          err->message, detail);
    return g_strdup_printf (_("sound device '%s': %s"), device, err->message);
  }
  if (g_str_equal (GST_OBJECT_NAME (from), "sink"))
    return g_strdup_printf (_("writing '%s' failed: %s"), current_file (rec),
        detail ? detail : err->message);
  if (rec->src && from == GST_OBJECT_CAST (rec->src))
    return g_strdup_printf ("%s%s%s%s", err->message,
        detail && *detail ? " (" : "", detail && *detail ? detail : "",
        detail && *detail ? ")" : "");
  return g_strdup_printf ("%s (%s)", err->message, GST_OBJECT_NAME (from));
}

static gboolean
take_bus_error (V4l2TvRecord * rec, V4l2TvRecordError code, GError ** error)
{
  g_autoptr (GstBus) bus = gst_element_get_bus (rec->pipeline);
  g_autoptr (GstMessage) msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  g_autofree gchar *text = NULL;

  if (msg == NULL) {
    g_set_error (error, V4L2TV_RECORD_ERROR, code,
        _("device '%s' could not be started"), rec->opts.device);
    return FALSE;
  }
  text = describe_error (rec, msg);
  g_set_error_literal (error, V4L2TV_RECORD_ERROR, code, text);
  return FALSE;
}

/* the sound's level, RMS over a second of S16LE samples */
static GstPadProbeReturn
level_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstMapInfo map;
  gsize i, n;

  if (!gst_buffer_map (buf, &map, GST_MAP_READ))
    return GST_PAD_PROBE_OK;
  n = map.size / 2;
  for (i = 0; i < n; i++) {
    gdouble v = (gint16) GST_READ_UINT16_LE (map.data + 2 * i) / 32768.0;

    rec->level_sum += v * v;
  }
  gst_buffer_unmap (buf, &map);
  rec->level_samples += n;
  /* a second of samples, whatever the number of channels */
  if (rec->level_samples >= AUDIO_RATE) {
    gdouble rms = sqrt (rec->level_sum / rec->level_samples);

    g_mutex_lock (&rec->lock);
    rec->level_db = rms > 0 ? MAX (20 * log10 (rms), -99.0) : -99.0;
    rec->have_level = TRUE;
    g_mutex_unlock (&rec->lock);
    rec->level_sum = 0;
    rec->level_samples = 0;
  }
  return GST_PAD_PROBE_OK;
}

/* the sound before the encoder: the file's sound starts with its first
 * frame and ends with --duration (the end is told to the main thread,
 * which waits for it before the sound's EOS); dropouts go into the
 * capture log */
static GstPadProbeReturn
archive_audio_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;
  gboolean ended, first_end = FALSE;

  if (rec->archive == NULL)
    return GST_PAD_PROBE_OK;
  GST_PAD_PROBE_INFO_DATA (info) = v4l2tv_archive_audio (rec->archive, pad,
      GST_PAD_PROBE_INFO_BUFFER (info), &ended);
  if (ended) {
    g_mutex_lock (&rec->lock);
    first_end = !rec->sound_ended;
    rec->sound_ended = TRUE;
    g_mutex_unlock (&rec->lock);
  }
  if (first_end)
    post_app (rec->asrc, "v4l2tv-record-sound-end");
  return GST_PAD_PROBE_INFO_DATA (info) ? GST_PAD_PROBE_OK :
      GST_PAD_PROBE_HANDLED;
}

/* the encoder's first sound out: a stop that came before it has its EOS
 * go into the sound now. flacenc given EOS before it has made a block
 * (4608 samples: the sound of the file's first frames is dropped until
 * the first frame, above) pushes a segment before its caps, "Sticky
 * event misordering"; the level element warns of an EOS before its
 * first buffer too. */
static GstPadProbeReturn
audio_out_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;

  g_mutex_lock (&rec->lock);
  if (!rec->audio_flowing) {
    rec->audio_flowing = TRUE;
    if (rec->audio_eos_pending)
      post_app (rec->asrc, "v4l2tv-record-audio-eos");
  }
  g_mutex_unlock (&rec->lock);
  return GST_PAD_PROBE_REMOVE;
}

/* the frames at the encoder's input: the file's clock and framemd5 */
static GstPadProbeReturn
archive_video_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;

  if (rec->archive)
    v4l2tv_archive_video (rec->archive, pad, GST_PAD_PROBE_INFO_BUFFER (info));
  return GST_PAD_PROBE_OK;
}

static gboolean
link_audio (V4l2TvRecord * rec, const gchar * device, GError ** error)
{
  GstElement *asrc, *conv, *res, *acaps, *aq, *aenc;
  GstPad *pad;
  g_autoptr (GstCaps) caps = NULL;

  if (!(asrc = make (rec->audio_source, "asrc", error)))
    return FALSE;
  if (g_str_equal (rec->audio_source, "v4l2tvaudiosrc")) {
    /* the card's sound (or @device, --audio's ALSA device), resampled
     * onto the picture's clock */
    g_object_set (asrc, "device", rec->opts.device, "drift-correction",
        !rec->no_drift_correction, NULL);
    if (device)
      g_object_set (asrc, "alsa-device", device, NULL);
  } else {
    g_object_set (asrc, "is-live", TRUE, "freq", 1000.0, "volume", 0.25, NULL);
  }
  conv = make ("audioconvert", NULL, error);
  res = make ("audioresample", NULL, error);
  acaps = make ("capsfilter", NULL, error);
  aq = make ("queue", NULL, error);
  aenc = make (rec->preset->audio_encoder, "aenc", error);
  g_assert (conv && res && acaps && aq && aenc);
  caps = gst_caps_new_simple ("audio/x-raw", "format", G_TYPE_STRING,
      "S16LE", "rate", G_TYPE_INT, AUDIO_RATE, NULL);
  g_object_set (acaps, "caps", caps, NULL);
  g_object_set (aq, "max-size-buffers", 0, "max-size-bytes", 0,
      "max-size-time", (guint64) VIDEO_QUEUE_TIME, NULL);
  if (g_str_equal (rec->preset->audio_encoder, "opusenc"))
    g_object_set (aenc, "bitrate", 128000, NULL);
  gst_bin_add_many (GST_BIN (rec->pipeline), asrc, conv, res, acaps, aq,
      aenc, NULL);
  rec->asrc = gst_object_ref (asrc);
  pad = gst_element_get_static_pad (acaps, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, level_probe, rec, NULL);
  gst_object_unref (pad);
  pad = gst_element_get_static_pad (aenc, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, archive_audio_probe, rec,
      NULL);
  gst_object_unref (pad);
  pad = gst_element_get_static_pad (aenc, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, audio_out_probe, rec,
      NULL);
  gst_object_unref (pad);
  if (!gst_element_link_many (asrc, conv, res, acaps, aq, aenc, rec->mux, NULL)) {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_FAILED,
        _("could not link the sound of '%s' (%s) to %s"), rec->opts.device,
        device ? device : _("test tone"), rec->preset->audio_encoder);
    return FALSE;
  }
  return TRUE;
}

/* the ALSA device for --audio: the explicit one, the source's
 * audio-device property (auto: v4l2tvaudiosrc captures it), or NULL for
 * no sound or the virtual card's */
static const gchar *
resolve_audio (V4l2TvRecord * rec)
{
  if (rec->audio_source == NULL || rec->audio_device)
    return rec->audio_device;
  if (g_str_equal (rec->audio_source, "audiotestsrc"))
    return NULL;
  /* auto: the virtual card has its own sound */
  if (g_str_has_prefix (rec->opts.device, "virtual")) {
    fputs (_("sound: the virtual card's\n"), rec->out);
    return NULL;
  }
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (rec->src),
          "audio-device")) {
    g_autofree gchar *dev = NULL;

    g_object_get (rec->src, "audio-device", &dev, NULL);
    if (dev && *dev) {
      rec->audio_device = g_steal_pointer (&dev);
      fprintf (rec->out, _("sound: %s (the card's sound device)\n"),
          rec->audio_device);
      return rec->audio_device;
    }
  }
  g_printerr (_("warning: no sound device found for %s; recording video "
          "only\n"), rec->opts.device);
  g_clear_pointer (&rec->audio_source, g_free);
  return NULL;
}

static gboolean
start_segment (V4l2TvRecord * rec, GError ** error)
{
  GstElement *vcaps, *vq, *venc, *sink;
  g_autoptr (GstCaps) caps = NULL;
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GstPad) pad = NULL;
  gchar *file = segment_file (rec->opts.output, rec->files->len);
  g_autoptr (GError) archive_error = NULL;
  const gchar *audio_device;

  rec->got_eos = FALSE;
  rec->audio_eos_pending = FALSE;
  rec->sound_ended = FALSE;
  rec->src_eos_pending = FALSE;

  /* first: a captions file that cannot be written stops the recording
   * before it starts */
  if (rec->opts.captions && !scc_open (rec, error)) {
    g_free (file);
    return FALSE;
  }
  rec->pipeline = gst_pipeline_new ("v4l2tv-record");
  if (!(rec->src = make ("v4l2tvsrc", "src", error)))
    goto fail;
  gst_object_ref (rec->src);
  g_object_set (rec->src, "device", rec->opts.device, NULL);
  if (rec->opts.input)
    g_object_set (rec->src, "input", rec->opts.input, NULL);
  if (rec->norm)
    set_norm (rec->src, rec->norm);
  apply_settings (rec, rec->src);
  gst_bin_add (GST_BIN (rec->pipeline), rec->src);

  /* opens the device: a wrong device, input or norm fails here, with the
   * element's error (which lists the valid choices) */
  if (gst_element_set_state (rec->pipeline, GST_STATE_READY) ==
      GST_STATE_CHANGE_FAILURE) {
    take_bus_error (rec, V4L2TV_RECORD_ERROR_DEVICE, error);
    goto fail;
  }
  apply_aspect (rec, rec->src);

  /* the file: created by this run (O_EXCL), listed from now on */
  rec->out_fd = create_file (rec, file, N_("output file"), error);
  if (rec->out_fd < 0)
    goto fail;
  g_ptr_array_add (rec->files, file);
  file = NULL;
  rec->seg_file = TRUE;

  if (!(vcaps = make ("capsfilter", NULL, error)) ||
      !(vq = make ("queue", NULL, error)) ||
      !(venc = make (rec->preset->video_encoder, "venc", error)) ||
      !(rec->mux = make ("matroskamux", "mux", error)) ||
      !(sink = make ("fdsink", "sink", error)))
    goto fail;
  gst_object_ref (rec->mux);
  /* the file's time starts at its first frame (and sound): the pipeline's
   * running time there is the card's warm-up, and matroskamux writes the
   * Duration from the first timestamp: a file starting at 0.2 s had its
   * last 0.2 s of sound cut by players that end at the Duration */
  g_object_set (rec->mux, "offset-to-zero", TRUE, NULL);
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      rec->preset->video_format, NULL);
  g_object_set (vcaps, "caps", caps, NULL);
  g_object_set (vq, "max-size-buffers", 0, "max-size-bytes", 0,
      "max-size-time", (guint64) VIDEO_QUEUE_TIME, NULL);
  if (g_str_equal (rec->preset->video_encoder, "avenc_ffv1")) {
    /* FFV1 version 3 (slice CRCs: damage in an archive is found),
     * intra-only (each frame a keyframe: a damaged frame harms no other),
     * 24 slices as vrecord (threads, and damage stays in its slice) */
    g_object_set (venc, "slicecrc", TRUE, "gop-size", 1, "slices",
        ARCHIVE_SLICES, NULL);
    gst_util_set_object_arg (G_OBJECT (venc), "threads", "auto");
  } else {
    g_object_set (venc, "interlaced", TRUE, "bitrate", 4000, NULL);
    gst_util_set_object_arg (G_OBJECT (venc), "speed-preset", "veryfast");
  }
  g_object_set (sink, "fd", rec->out_fd, NULL);
  gst_bin_add_many (GST_BIN (rec->pipeline), vcaps, vq, venc, rec->mux, sink,
      NULL);
  if (!gst_element_link_many (rec->src, vcaps, vq, venc, rec->mux, sink, NULL)) {
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_FAILED,
        _("could not link v4l2tvsrc to %s and matroskamux"),
        rec->preset->video_encoder);
    goto fail;
  }
  pad = gst_element_get_static_pad (vcaps, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER |
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, video_probe, rec, NULL);
  gst_clear_object (&pad);
  pad = gst_element_get_static_pad (venc, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, tag_probe,
      rec, NULL);
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, archive_video_probe,
      rec, NULL);
  gst_clear_object (&pad);
  {
    g_autoptr (GstPad) out = gst_element_get_static_pad (venc, "src");

    pad = gst_pad_get_peer (out);
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, mux_probe, rec, NULL);
  }

  audio_device = resolve_audio (rec);
  if (rec->audio_source && !link_audio (rec, audio_device, error))
    goto fail;

  /* the capture log and the sidecars, beside the file (never an existing
   * one, unless --overwrite; never one this run wrote) */
  {
    const gchar *exts[] = { "log", "framemd5", "md5" };
    guint i;

    for (i = 0; i < G_N_ELEMENTS (exts); i++) {
      g_autofree gchar *sidecar = v4l2tv_archive_sidecar (current_file (rec),
          exts[i]);

      if (!check_not_created (rec, sidecar, N_("sidecar file"), error))
        goto fail;
    }
    rec->archive = v4l2tv_archive_new (current_file (rec),
        rec->preset->lossless, rec->opts.overwrite, rec->out, &archive_error);
    if (rec->archive == NULL) {
      /* an existing sidecar, a directory that is not there: as for -o */
      g_set_error_literal (error, V4L2TV_RECORD_ERROR,
          V4L2TV_RECORD_ERROR_ARGS, archive_error->message);
      goto fail;
    }
    /* the file's sound ends with --duration, as its picture does */
    if (GST_CLOCK_TIME_IS_VALID (rec->opts.duration))
      v4l2tv_archive_set_length (rec->archive, rec->opts.duration -
          MIN (rec->prev_time, rec->opts.duration));
    for (i = 0; i < G_N_ELEMENTS (exts); i++) {
      g_autofree gchar *sidecar = v4l2tv_archive_sidecar (current_file (rec),
          exts[i]);

      add_created (rec, sidecar);
    }
  }
  g_ptr_array_add (rec->archives, rec->archive);
  {
    GstElement *aenc = gst_bin_get_by_name (GST_BIN (rec->pipeline), "aenc");
    g_autofree gchar *preset = g_strdup_printf ("%s (%s)", rec->preset->name,
        rec->preset->description);

    v4l2tv_archive_describe (rec->archive, rec->src, rec->norm, preset, venc,
        aenc, rec->audio_source == NULL ? NULL : audio_device ? audio_device :
        "test tone", rec->files->len > 1 ? g_ptr_array_index (rec->files,
            rec->files->len - 2) : NULL);
    gst_clear_object (&aenc);
  }

  bus = gst_element_get_bus (rec->pipeline);
  rec->bus_watch = gst_bus_add_watch (bus, bus_cb, rec);
  if (gst_element_set_state (rec->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    take_bus_error (rec, V4L2TV_RECORD_ERROR_DEVICE, error);
    goto fail;
  }
  return TRUE;

fail:
  g_free (file);
  return FALSE;
}

static void
finish_segment (V4l2TvRecord * rec)
{
  guint64 dropped = 0, gap = 0, corrupted = 0, errors = 0;

  if (rec->src)
    g_object_get (rec->src, "dropped-frames", &dropped, "gap-frames", &gap,
        "corrupted-count", &corrupted, "capture-errors", &errors, NULL);
  rec->prev_dropped += dropped;
  rec->prev_gap += gap;
  rec->prev_corrupted += corrupted;
  rec->prev_errors += errors;
  g_mutex_lock (&rec->lock);
  rec->prev_frames += rec->frames;
  rec->prev_muxed += rec->muxed;
  if (GST_CLOCK_TIME_IS_VALID (rec->first_pts))
    rec->prev_time += rec->end - rec->first_pts;
  rec->frames = 0;
  rec->muxed = 0;
  rec->video_eos = FALSE;
  rec->first_pts = GST_CLOCK_TIME_NONE;
  rec->end = 0;
  g_mutex_unlock (&rec->lock);
}

static void
describe_caps (GstCaps * caps, GString * s)
{
  const GstStructure *st;
  gint w = 0, h = 0, n = 0, d = 1;
  const gchar *mode;

  if (caps == NULL)
    return;
  st = gst_caps_get_structure (caps, 0);
  gst_structure_get_int (st, "width", &w);
  gst_structure_get_int (st, "height", &h);
  gst_structure_get_fraction (st, "framerate", &n, &d);
  mode = gst_structure_get_string (st, "interlace-mode");
  g_string_append_printf (s, "%dx%d%s%.4g", w, h,
      mode && !g_str_equal (mode, "progressive") ? "i" : "p",
      d ? (gdouble) n / d : 0.0);
}

static gchar *
norm_text (V4l2TvRecord * rec)
{
  g_autofree gchar *norm = NULL;
  GString *s = g_string_new (NULL);

  if (rec->src) {
    if (rec->norm_auto)
      g_object_get (rec->src, "detected-norm", &norm, NULL);
    else
      norm = get_norm_nick (rec->src);
  }
  g_string_append_printf (s, "%s ", norm ? norm :
      rec->norm_auto ? "(none detected)" : "(the card's)");
  g_mutex_lock (&rec->lock);
  describe_caps (rec->caps, s);
  g_mutex_unlock (&rec->lock);
  return g_string_free (s, FALSE);
}

static guint64
files_size (V4l2TvRecord * rec)
{
  guint64 size = 0;
  guint i;

  for (i = 0; i < rec->files->len; i++) {
    GStatBuf st;

    if (g_stat (g_ptr_array_index (rec->files, i), &st) == 0)
      size += st.st_size;
  }
  return size;
}

/* @size as g_format_size() says it ("681.6 kB"), with a plain space
 * before the unit: GLib's is a no-break space (U+00A0), which a C locale
 * terminal and a log read as two stray bytes */
static gchar *
format_size (guint64 size)
{
  g_autofree gchar *text = g_format_size (size);
  g_auto (GStrv) parts = g_strsplit (text, "\u00a0", -1);

  return g_strjoinv (" ", parts);
}

static void
format_time (GstClockTime t, gchar * buf, gsize len)
{
  guint64 s = t / GST_SECOND;

  g_snprintf (buf, len, "%02u:%02u:%02u", (guint) (s / 3600),
      (guint) (s / 60 % 60), (guint) (s % 60));
}

static void
get_counts (V4l2TvRecord * rec, guint64 * frames, guint64 * dropped,
    guint64 * gap, guint64 * corrupted, guint64 * errors, GstClockTime * time)
{
  guint64 d = 0, g = 0, c = 0, e = 0;

  if (rec->src)
    g_object_get (rec->src, "dropped-frames", &d, "gap-frames", &g,
        "corrupted-count", &c, "capture-errors", &e, NULL);
  *dropped = rec->prev_dropped + d;
  *gap = rec->prev_gap + g;
  *corrupted = rec->prev_corrupted + c;
  *errors = rec->prev_errors + e;
  g_mutex_lock (&rec->lock);
  *frames = rec->prev_muxed + rec->muxed;
  *time = rec->prev_time;
  if (GST_CLOCK_TIME_IS_VALID (rec->first_pts))
    *time += rec->end - rec->first_pts;
  g_mutex_unlock (&rec->lock);
}

static void check_space (V4l2TvRecord * rec);

static gboolean
tick_cb (gpointer user_data)
{
  V4l2TvRecord *rec = user_data;
  guint64 frames, dropped, gap, corrupted, errors;
  GstClockTime time;
  g_autofree gchar *norm = norm_text (rec);
  g_autofree gchar *size = format_size (files_size (rec));
  gchar t[32];

  get_counts (rec, &frames, &dropped, &gap, &corrupted, &errors, &time);
  format_time (time, t, sizeof (t));
  fprintf (rec->out, "[%s] frames %" G_GUINT64_FORMAT "  dropped %"
      G_GUINT64_FORMAT "  gap %" G_GUINT64_FORMAT "  signal %s  norm %s  "
      "size %s", t, frames, dropped, gap,
      v4l2tv_record_get_signal (rec), norm, size);
  if (rec->opts.captions)
    fprintf (rec->out, "  captions %" G_GUINT64_FORMAT,
        v4l2tv_record_get_captions (rec));
  if (rec->audio_source) {
    gboolean have;
    gdouble db;

    g_mutex_lock (&rec->lock);
    have = rec->have_level;
    db = rec->level_db;
    g_mutex_unlock (&rec->lock);
    if (have)
      fprintf (rec->out, "  audio %.1f dB", db);
    else
      fprintf (rec->out, "  audio -");
    if (rec->preview) {
      g_autofree gchar *text = have ?
          /* TRANSLATORS: the text over the preview's picture: the time
           * recorded (HH:MM:SS) and the sound's level */
          g_strdup_printf (_("REC %s  sound %.1f dB"), t, db) :
          g_strdup_printf (_("REC %s  sound -"), t);

      v4l2tv_preview_set_text (rec->preview, text);
    }
  } else if (rec->preview) {
    g_autofree gchar *text = g_strdup_printf (_("REC %s  no sound"), t);

    v4l2tv_preview_set_text (rec->preview, text);
  }
  fprintf (rec->out, "\n");
  fflush (rec->out);
  check_space (rec);
  if (rec->tick)
    rec->tick (rec, rec->tick_data);
  return G_SOURCE_CONTINUE;
}

static void
print_summary (V4l2TvRecord * rec)
{
  guint64 frames, dropped, gap, corrupted, errors;
  GstClockTime time;
  g_autofree gchar *size = format_size (files_size (rec));
  gchar t[32];
  guint i;

  get_counts (rec, &frames, &dropped, &gap, &corrupted, &errors, &time);
  format_time (time, t, sizeof (t));
  if (rec->files->len == 0)
    fputs (_("Recorded nothing: no file written\n"), rec->out);
  else
    fprintf (rec->out, g_dngettext (GETTEXT_PACKAGE,
            /* TRANSLATORS: the time recorded (HH:MM:SS), the frames, the
             * size; the files are listed below */
            "Recorded %s, %" PRIu64 " frames, %s in %u file:\n",
            "Recorded %s, %" PRIu64 " frames, %s in %u files:\n",
            rec->files->len), t, (uint64_t) frames, size, rec->files->len);
  for (i = 0; i < rec->files->len; i++)
    fprintf (rec->out, "  %s\n", (gchar *) g_ptr_array_index (rec->files, i));
  fprintf (rec->out, _("dropped %" PRIu64 ", gap frames %" PRIu64
          ", corrupted %" PRIu64 ", capture errors %" PRIu64 "\n"),
      (uint64_t) dropped, (uint64_t) gap, (uint64_t) corrupted,
      (uint64_t) errors);
  if (rec->opts.captions && rec->scc_files->len == 0) {
    fprintf (rec->out, _("captions: none received (no %s written)\n"),
        rec->opts.captions);
  } else if (rec->opts.captions) {
    fprintf (rec->out, g_dngettext (GETTEXT_PACKAGE,
            "captions: %" PRIu64 " frames with captions in %u file:\n",
            "captions: %" PRIu64 " frames with captions in %u files:\n",
            rec->scc_files->len), (uint64_t) v4l2tv_record_get_captions (rec),
        rec->scc_files->len);
    for (i = 0; i < rec->scc_files->len; i++)
      fprintf (rec->out, "  %s\n",
          (gchar *) g_ptr_array_index (rec->scc_files, i));
  }
  fflush (rec->out);
}

/* --norm auto: the signal is back after a loss; the tape may have
 * changed standard. norm "current" then "auto" makes the source detect
 * again at its next frame (the same value twice would be no request). */
static void
redetect (V4l2TvRecord * rec)
{
  g_object_set (rec->src, "norm", 0, NULL);
  set_norm (rec->src, "auto");
}

static void
handle_element (V4l2TvRecord * rec, GstMessage * msg)
{
  const GstStructure *s = gst_message_get_structure (msg);

  if (gst_structure_has_name (s, "v4l2tv-signal")) {
    gboolean signal = TRUE;
    const gchar *status = gst_structure_get_string (s, "status");

    gst_structure_get_boolean (s, "signal", &signal);
    g_free (rec->signal_status);
    rec->signal_status = g_strdup (status ? status : "?");
    if (!signal) {
      rec->signal_lost = TRUE;
    } else if (rec->signal_lost) {
      rec->signal_lost = FALSE;
      if (rec->norm_auto)
        redetect (rec);
    }
  } else if (gst_structure_has_name (s, "v4l2tv-norm-detected")) {
    const gchar *chosen = gst_structure_get_string (s, "chosen");
    gboolean fallback = FALSE;

    gst_structure_get_boolean (s, "fallback", &fallback);
    if (!fallback)
      fprintf (rec->out, _("norm detected: %s\n"), chosen ? chosen : "?");
  }
}

/* whether @a and @b differ in their pixel aspect ratio only */
static gboolean
only_aspect_changed (GstCaps * a, GstCaps * b)
{
  g_autoptr (GstCaps) a1 = gst_caps_copy (a);
  g_autoptr (GstCaps) b1 = gst_caps_copy (b);

  gst_structure_remove_field (gst_caps_get_structure (a1, 0),
      "pixel-aspect-ratio");
  gst_structure_remove_field (gst_caps_get_structure (b1, 0),
      "pixel-aspect-ratio");
  return gst_caps_is_equal (a1, b1);
}

/* the segment's file is finished and closed: its capture log ends with
 * @why, its post-processing starts (mkvpropedit only on a @finalised
 * file: one that is not is left as written) */
static void
finish_archive (V4l2TvRecord * rec, const gchar * why, gboolean finalised)
{
  if (rec->archive)
    v4l2tv_archive_finish (rec->archive, why, finalised);
  rec->archive = NULL;
}

/* file @i holds no frame: it and its sidecars go (this run made them) */
static void
discard_file (V4l2TvRecord * rec, guint i)
{
  V4l2TvArchive *a = i < rec->archives->len ?
      g_ptr_array_index (rec->archives, i) : NULL;

  g_unlink (g_ptr_array_index (rec->files, i));
  if (a)
    v4l2tv_archive_discard (a);
  if (a == rec->archive)
    rec->archive = NULL;
}

/* ends the segment: its counts into the totals, its pipeline gone; its
 * file (and sidecars) removed if it holds no frame (this run created
 * it). TRUE: the segment's file is kept (its capture log is still open:
 * finish_archive ends it). */
static gboolean
end_segment (V4l2TvRecord * rec)
{
  guint64 muxed;
  gboolean had_file = rec->seg_file;

  g_mutex_lock (&rec->lock);
  muxed = rec->muxed;
  g_mutex_unlock (&rec->lock);
  finish_segment (rec);
  teardown (rec);
  rec->seg_file = FALSE;
  if (had_file && muxed == 0) {
    discard_file (rec, rec->files->len - 1);
    g_ptr_array_remove_index (rec->files, rec->files->len - 1);
    if (rec->archives->len > rec->files->len)
      g_ptr_array_remove_index (rec->archives, rec->archives->len - 1);
    return FALSE;
  }
  return had_file;
}

static void
next_segment (V4l2TvRecord * rec)
{
  g_autoptr (GError) err = NULL;
  g_autoptr (GstCaps) caps = NULL;
  g_autoptr (GstCaps) old = NULL;
  GString *desc = g_string_new (NULL);
  /* the capture log's words (English); the user's are below */
  const gchar *what = "the standard changed";
  gboolean aspect = FALSE;
  gint n = 1, d = 1;

  g_mutex_lock (&rec->lock);
  caps = rec->new_caps ? gst_caps_ref (rec->new_caps) : NULL;
  old = rec->caps ? gst_caps_ref (rec->caps) : NULL;
  g_mutex_unlock (&rec->lock);
  if (caps && old && only_aspect_changed (old, caps)) {
    /* the widescreen signal (WSS) said 16:9 anamorphic, or no longer */
    gst_structure_get_fraction (gst_caps_get_structure (caps, 0),
        "pixel-aspect-ratio", &n, &d);
    g_string_printf (desc, ", pixel aspect %d/%d", n, d);
    what = "the picture's aspect changed";
    aspect = TRUE;
    rec->carry_par_n = n;
    rec->carry_par_d = d;
  }
  if (!rec->norm_auto) {
    g_free (rec->norm);
    rec->norm = get_norm_nick (rec->src);
  }
  {
    g_autofree gchar *done = g_strdup (current_file (rec));
    g_autofree gchar *file = NULL;
    g_autofree gchar *why = NULL;
    gboolean kept = end_segment (rec);
    GString *now = g_string_new (NULL);

    file = segment_file (rec->opts.output, rec->files->len);
    describe_caps (caps, now);
    if (kept && aspect)
      /* TRANSLATORS: "now" is followed by the new picture format
       * (720x480i29.97) */
      fprintf (rec->out, _("the picture's aspect changed (now %s, pixel "
              "aspect %d/%d): %s is finished, recording on in %s\n"),
          now->str, n, d, done, file);
    else if (kept)
      fprintf (rec->out, _("the standard changed (now %s): %s is finished, "
              "recording on in %s\n"), now->str, done, file);
    else if (aspect)
      fprintf (rec->out, _("the picture's aspect changed (now %s, pixel "
              "aspect %d/%d): %s held no frame and is removed, recording on "
              "in %s\n"), now->str, n, d, done, file);
    else
      fprintf (rec->out, _("the standard changed (now %s): %s held no frame "
              "and is removed, recording on in %s\n"), now->str, done, file);
    if (kept) {
      why = g_strdup_printf ("file split: %s (now %s%s); continues in %s",
          what, now->str, desc->str, file);
      finish_archive (rec, why, TRUE);
    }
    g_string_free (now, TRUE);
  }
  g_string_free (desc, TRUE);
  if (!start_segment (rec, &err)) {
    g_propagate_error (&rec->error, g_steal_pointer (&err));
    g_main_loop_quit (rec->loop);
  }
}

/* the sources end their streams: EOS into each source rather than into
 * the pipeline. Sending an event holds the element's state lock until the
 * source's streaming thread lets go of its stream lock; that thread can
 * be waiting, through the full queue, on the file sink, which waits in
 * preroll for the pipeline's pending change to PLAYING, which needs the
 * pipeline's state lock: held here, that was a deadlock (seen on a busy
 * machine under valgrind, x264enc taking long for its first frames). A
 * source's own state lock is needed only after the sinks have gone to
 * PLAYING. The sound's EOS waits for its first buffer (flacenc given EOS
 * before any sound sends a segment without caps: "Sticky event
 * misordering"), two seconds at most. Where the file's picture has
 * ended by itself (--duration, a split), it waits for the sound to reach
 * that end too, which can come after the picture's (the sound's buffers
 * and encoder lag it on a busy machine: 0.7 s under valgrind),
 * SOUND_END_TIMEOUT_SECONDS at most. */
static gboolean audio_eos_timeout (gpointer user_data);

/* whether the sound may have its EOS now (the lock) */
static gboolean
sound_ready_for_eos (V4l2TvRecord * rec)
{
  return rec->audio_flowing && (!rec->video_eos || rec->sound_ended);
}

/* EOS into the sound now (TRUE; also when there is none), or once it is
 * ready for it (FALSE: a timer waits) */
static gboolean
end_sound (V4l2TvRecord * rec)
{
  gboolean ready, ended;

  if (rec->asrc == NULL)
    return TRUE;
  if (rec->audio_eos_id)
    return FALSE;
  g_mutex_lock (&rec->lock);
  ready = sound_ready_for_eos (rec);
  ended = !rec->video_eos || rec->sound_ended;
  rec->audio_eos_pending = !rec->audio_flowing;
  g_mutex_unlock (&rec->lock);
  if (ready)
    gst_element_send_event (rec->asrc, gst_event_new_eos ());
  else
    rec->audio_eos_id = g_timeout_add_seconds (ended ? 2 :
        SOUND_END_TIMEOUT_SECONDS, audio_eos_timeout, rec);
  return ready;
}

/* Where the file's picture has ended by itself (--duration), the video
 * source runs on (its frames are dropped) until the sound has its EOS:
 * the virtual card makes sound only as far as its picture has gone, and
 * a source stopped at once left the sound 0.3 s short of the end under
 * valgrind on a loaded machine. */
static void
send_eos (V4l2TvRecord * rec)
{
  gboolean picture_ended;

  g_mutex_lock (&rec->lock);
  picture_ended = rec->video_eos;
  g_mutex_unlock (&rec->lock);
  if (!picture_ended) {
    gst_element_send_event (rec->src, gst_event_new_eos ());
    end_sound (rec);
  } else if (end_sound (rec)) {
    gst_element_send_event (rec->src, gst_event_new_eos ());
  } else {
    rec->src_eos_pending = TRUE;
  }
}

/* the sound's first buffer out or its end: its EOS if it was waiting for
 * that */
static void
send_audio_eos_when_ready (V4l2TvRecord * rec)
{
  gboolean ready;

  if (rec->audio_eos_id == 0)
    return;
  g_mutex_lock (&rec->lock);
  ready = sound_ready_for_eos (rec);
  g_mutex_unlock (&rec->lock);
  if (ready) {
    g_source_remove (rec->audio_eos_id);
    audio_eos_timeout (rec);
  }
}

static gboolean
audio_eos_timeout (gpointer user_data)
{
  V4l2TvRecord *rec = user_data;

  rec->audio_eos_id = 0;
  if (rec->asrc)
    gst_element_send_event (rec->asrc, gst_event_new_eos ());
  if (rec->src_eos_pending && rec->src)
    gst_element_send_event (rec->src, gst_event_new_eos ());
  rec->src_eos_pending = FALSE;
  return G_SOURCE_REMOVE;
}

/* after a device error, the EOS drain did not finish in time */
static gboolean
drain_timeout (gpointer user_data)
{
  V4l2TvRecord *rec = user_data;

  rec->drain_id = 0;
  g_free (rec->not_final);
  rec->not_final = g_strdup_printf (_("its EOS drain did not finish within "
          "%d s of the error"), DRAIN_TIMEOUT_SECONDS);
  g_main_loop_quit (rec->loop);
  return G_SOURCE_REMOVE;
}

/* an error: from a source (the card unplugged, a device error, the sound
 * device gone), the frames recorded so far are finalised (EOS through
 * the encoders and the muxer: frames in the queues reach the file, which
 * gets its duration and cues), within DRAIN_TIMEOUT_SECONDS; from the
 * encoders, the muxer or the file, nothing more can be written */
static void
handle_error (V4l2TvRecord * rec, GstMessage * msg)
{
  GstObject *from = GST_MESSAGE_SRC (msg);
  gboolean source = from == GST_OBJECT_CAST (rec->src) ||
      (rec->asrc && from == GST_OBJECT_CAST (rec->asrc));
  gboolean nothing;

  if (rec->error == NULL) {
    g_autofree gchar *text = describe_error (rec, msg);

    rec->error = g_error_new_literal (V4L2TV_RECORD_ERROR,
        V4L2TV_RECORD_ERROR_FAILED, text);
  }
  if (rec->draining)
    return;                     /* the source's own flow error follows */
  g_mutex_lock (&rec->lock);
  nothing = rec->frames == 0;
  if (nothing || !source)
    rec->stopped_early = TRUE;  /* no frame goes on */
  g_mutex_unlock (&rec->lock);
  if (nothing) {
    g_main_loop_quit (rec->loop);
  } else if (!source) {
    g_free (rec->not_final);
    rec->not_final = g_strdup (rec->error->message);
    g_main_loop_quit (rec->loop);
  } else {
    rec->draining = TRUE;
    rec->stopping = TRUE;
    g_printerr (_("error: %s; finishing %s with the frames recorded\n"),
        rec->error->message, current_file (rec));
    send_eos (rec);
    rec->drain_id = g_timeout_add_seconds (DRAIN_TIMEOUT_SECONDS,
        drain_timeout, rec);
  }
}

static gboolean
bus_cb (GstBus * bus, GstMessage * msg, gpointer user_data)
{
  V4l2TvRecord *rec = user_data;

  if (rec->archive)
    v4l2tv_archive_message (rec->archive, msg);
  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ERROR:
      handle_error (rec, msg);
      break;
    case GST_MESSAGE_WARNING:{
      g_autoptr (GError) err = NULL;

      gst_message_parse_warning (msg, &err, NULL);
      g_printerr (_("warning: %s\n"), err->message);
      break;
    }
    case GST_MESSAGE_EOS:{
      gboolean switching;

      g_mutex_lock (&rec->lock);
      switching = rec->new_caps != NULL;
      g_mutex_unlock (&rec->lock);
      rec->got_eos = TRUE;
      if (switching && !rec->stopping) {
        next_segment (rec);
        return G_SOURCE_REMOVE; /* that bus is gone */
      }
      g_main_loop_quit (rec->loop);
      break;
    }
    case GST_MESSAGE_ELEMENT:
      handle_element (rec, msg);
      break;
    case GST_MESSAGE_APPLICATION:{
      const GstStructure *s = gst_message_get_structure (msg);

      if (gst_structure_has_name (s, "v4l2tv-record-done"))
        v4l2tv_record_stop (rec);
      else if (gst_structure_has_name (s, "v4l2tv-record-switch"))
        /* the video branch has its EOS (video_probe): the sound's once it
         * has reached the picture's end */
        end_sound (rec);
      else if (gst_structure_has_name (s, "v4l2tv-record-audio-eos") ||
          gst_structure_has_name (s, "v4l2tv-record-sound-end"))
        send_audio_eos_when_ready (rec);
      break;
    }
    default:
      break;
  }
  return G_SOURCE_CONTINUE;
}

void
v4l2tv_record_stop (V4l2TvRecord * rec)
{
  gboolean nothing;

  if (rec->stopping || rec->pipeline == NULL)
    return;
  rec->stopping = TRUE;
  /* stopped before the first frame reached the encoder: there is nothing
   * to finalise, and no frame goes on; the file, which holds none, is
   * removed (EOS into elements that have not started leaves a file that
   * is no Matroska, and GStreamer's "Sticky event misordering") */
  g_mutex_lock (&rec->lock);
  nothing = rec->frames == 0;
  if (nothing)
    rec->stopped_early = TRUE;
  g_mutex_unlock (&rec->lock);
  if (nothing)
    g_main_loop_quit (rec->loop);
  else
    send_eos (rec);
}

void
v4l2tv_record_abort (V4l2TvRecord * rec)
{
  rec->aborted = TRUE;
  if (rec->loop)
    g_main_loop_quit (rec->loop);
}

/* the bytes free on the output's filesystem (for an unprivileged
 * writer); FALSE: unknown */
static gboolean
get_free_space (V4l2TvRecord * rec, guint64 * avail)
{
  g_autofree gchar *dir = g_path_get_dirname (rec->opts.output);
  struct statvfs vfs;

  if (rec->opts.free_space) {
    guint64 written = files_size (rec);

    *avail = rec->opts.free_space > written ?
        rec->opts.free_space - written : 0;
    return TRUE;
  }
  if (statvfs (dir, &vfs) != 0)
    return FALSE;
  *avail = (guint64) vfs.f_bavail * vfs.f_frsize;
  return TRUE;
}

/* before the start: room for a minute of the preset's worst case, or for
 * the whole of a shorter --duration and the reserve kept while recording
 * (two seconds on a 500 MB tmpfs must not be refused for want of a
 * minute) */
static gboolean
check_space_to_start (V4l2TvRecord * rec, GError ** error)
{
  guint64 avail, seconds = START_SECONDS, need;
  g_autofree gchar *dir = g_path_get_dirname (rec->opts.output);
  g_autofree gchar *has = NULL, *needs = NULL;

  if (GST_CLOCK_TIME_IS_VALID (rec->opts.duration)) {
    /* whole seconds, rounded up */
    guint64 d = (rec->opts.duration + GST_SECOND - 1) / GST_SECOND;

    seconds = MIN (seconds, d + RESERVE_SECONDS);
  }
  need = seconds * rec->worst_rate;
  if (!get_free_space (rec, &avail) || avail >= need)
    return TRUE;
  has = format_size (avail);
  needs = format_size (need);
  if (seconds < START_SECONDS)
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_FAILED,
        /* TRANSLATORS: the file, its directory, the free space; "of the
         * %s preset": archive or small; the space it takes */
        _("not enough free space for %s: its filesystem (%s) has %s free, "
            "and the %" PRIu64 " s asked for and %d s kept in reserve of the "
            "%s preset can take %s"), rec->opts.output, dir, has,
        (uint64_t) (seconds - RESERVE_SECONDS), RESERVE_SECONDS,
        rec->preset->name, needs);
  else
    g_set_error (error, V4L2TV_RECORD_ERROR, V4L2TV_RECORD_ERROR_FAILED,
        _("not enough free space for %s: its filesystem (%s) has %s free, "
            "and a minute of the %s preset can take %s"), rec->opts.output,
        dir, has, rec->preset->name, needs);
  return FALSE;
}

/* once a second while recording: stops (EOS, the file finalised) while
 * RESERVE_SECONDS of the worst case (or of the fastest second written so
 * far, if more) are still free */
static void
check_space (V4l2TvRecord * rec)
{
  guint64 size = files_size (rec), avail, reserve;

  if (size > rec->last_size)
    rec->peak_rate = MAX (rec->peak_rate, size - rec->last_size);
  rec->last_size = size;
  if (rec->stopping || !get_free_space (rec, &avail))
    return;
  reserve = RESERVE_SECONDS * MAX (rec->worst_rate, rec->peak_rate);
  if (avail < reserve) {
    g_autofree gchar *has = format_size (avail);
    g_autofree gchar *keep = format_size (reserve);

    rec->disk_stop = TRUE;
    g_clear_error (&rec->error);
    rec->error = g_error_new (V4L2TV_RECORD_ERROR,
        V4L2TV_RECORD_ERROR_FAILED, _("stopped before the disk is full: the "
            "filesystem of %s has %s free, less than the %s kept in reserve"),
        current_file (rec), has, keep);
    g_printerr (_("%s; finishing the file\n"), rec->error->message);
    v4l2tv_record_stop (rec);
  }
}

gboolean
v4l2tv_record_run (V4l2TvRecord * rec, GError ** error)
{
  gboolean kept, finalised;

  rec->loop = g_main_loop_new (NULL, FALSE);
  if (!check_space_to_start (rec, error))
    return FALSE;
  /* the preview's notes come before the recording's lines; without a
   * display, NULL: recording goes on */
  if (rec->opts.preview && rec->preview == NULL)
    rec->preview = v4l2tv_preview_new (rec->opts.preview_sink, rec->out);
  if (!start_segment (rec, error)) {
    /* nothing was written: the file (and the sidecars) this run created
     * are removed */
    end_segment (rec);
    end_preview (rec);
    return FALSE;
  }
  fprintf (rec->out, _("recording %s to %s (%s); Ctrl-C stops\n"),
      rec->opts.device, rec->opts.output, _(rec->preset->description));
  fflush (rec->out);
  rec->tick_id = g_timeout_add_seconds (1, tick_cb, rec);
  g_main_loop_run (rec->loop);
  g_source_remove (rec->tick_id);
  rec->tick_id = 0;

  finalised = rec->got_eos;
  kept = end_segment (rec);
  /* no frame comes any more (the pipeline is down) */
  end_preview (rec);
  if (kept && !finalised && rec->not_final == NULL)
    rec->not_final = g_strdup (rec->aborted ?
        _("stopped at once (interrupted again)") :
        _("the recording ended without its EOS"));
  if (rec->error == NULL && rec->aborted)
    rec->error = g_error_new_literal (V4L2TV_RECORD_ERROR,
        V4L2TV_RECORD_ERROR_FAILED, _("stopped at once (interrupted again)"));
  if (rec->error == NULL && rec->files->len == 0)
    rec->error = g_error_new (V4L2TV_RECORD_ERROR,
        V4L2TV_RECORD_ERROR_FAILED, _("stopped before the first frame: "
            "nothing was recorded (no %s written)"), rec->opts.output);
  {
    g_autofree gchar *why = NULL;
    guint i;

    /* the capture log's words (English), with the reason as the user
     * reads it */
    if (kept && !finalised)
      why = g_strdup_printf ("the file is NOT finalised: %s", rec->not_final);
    else if (rec->error)
      why = g_strdup_printf ("the recording failed: %s", rec->error->message);
    else
      why = g_strdup ("the recording ended");
    /* which file is finalised, and which is not and why */
    if (rec->error && kept) {
      g_autofree gchar *old = rec->error->message;

      if (finalised)
        rec->error->message = g_strdup_printf (_("%s; %s is finalised with "
                "the frames recorded"), old, current_file (rec));
      else if (g_str_equal (old, rec->not_final))
        rec->error->message = g_strdup_printf (_("%s; %s is NOT finalised: "
                "it may have no duration and no index"), old,
            current_file (rec));
      else
        rec->error->message = g_strdup_printf (_("%s; %s is NOT finalised "
                "(%s): it may have no duration and no index"), old,
            current_file (rec), rec->not_final);
    }
    if (kept)
      finish_archive (rec, why, finalised);
    for (i = 0; i < rec->archives->len; i++)
      v4l2tv_archive_wait (g_ptr_array_index (rec->archives, i));
  }
  print_summary (rec);
  if (rec->error) {
    g_propagate_error (error, g_steal_pointer (&rec->error));
    return FALSE;
  }
  return TRUE;
}
