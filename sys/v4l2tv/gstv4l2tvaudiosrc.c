/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:element-v4l2tvaudiosrc
 * @title: v4l2tvaudiosrc
 *
 * Captures the sound of an analog TV card, the card #v4l2tvsrc captures
 * the picture of, by the same `device`: on a real card (`/dev/videoN`)
 * its ALSA capture device, the one udev pairs with the video node (the
 * device provider's `v4l2tv.audio-device`), opened through ALSA; on the
 * built-in virtual card (`virtual:N`) the card's own sound. What the card
 * routes to its sound device is the video element's business: its
 * `audio-input` property picks the card's audio input.
 *
 * The sound is slaved to the picture (docs/design.md, "Clocks: picture and
 * sound"): the card stamps each block of samples with the time its first
 * sample was captured, on the clock the card stamps its video frames with
 * (CLOCK_MONOTONIC), and the element resamples the sound so that it has
 * exactly 48000 samples per second of that clock, whatever the sound
 * card's own crystal runs at, and timestamps it in running time by the
 * same rule as v4l2tvsrc timestamps frames. Picture and sound therefore
 * stay together for as long as the recording runs; the output is
 * contiguous (no samples dropped or repeated). With `drift-correction`
 * off the samples go out as captured, stamped from the first at the
 * nominal rate: the sound then drifts by the crystal's error (the way
 * to see that the correction works).
 *
 * Output: S16LE stereo, 48 kHz, in blocks of 10 ms.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 v4l2tvsrc device=virtual:0 input=S-Video ! queue ! videoconvert ! autovideosink \
 *     v4l2tvaudiosrc device=virtual:0 ! queue ! audioconvert ! autoaudiosink
 * ]| Shows the virtual card's S-Video input and plays its sound (a tone).
 * |[
 * gst-launch-1.0 -e v4l2tvaudiosrc device=/dev/video0 ! audioconvert ! flacenc ! filesink location=sound.flac
 * ]| Records the sound of the card at /dev/video0 (Ctrl-C ends the file).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>
#include <time.h>
#include <glib/gi18n-lib.h>

#include "gstv4l2tvaudiosrc.h"
#include "gstv4l2tvelements.h"
#include "gstv4l2tvudev.h"
#include "hw/tvhw.h"
#include "hw/tvhw-sound.h"
#include "hw/tvhw-virtual.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_audio_src_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_audio_src_debug

#define DEFAULT_PROP_DEVICE "/dev/video0"
#define DEFAULT_PROP_DRIFT_CORRECTION TRUE

#define RATE GST_TV_HW_SOUND_RATE
#define CHANNELS GST_TV_HW_SOUND_CHANNELS
/* frames in a block read from the card and in a buffer pushed */
#define BLOCK (RATE / 100)
#define BLOCK_NS (GST_SECOND / 100)
/* blocks kept for the resampler */
#define MAX_BLOCKS 8
/* the stamp filter (a delay-locked loop, two poles at the block rate):
 * its bandwidth in Hz. Wide enough to take up a crystal's error (even the
 * test's 0.5 %) within a second, narrow enough to smooth an ALSA stamp's
 * jitter */
#define DLL_BANDWIDTH 0.5
/* a stamp this far from the filter's prediction is a gap (an overrun), not
 * drift: the filter starts again */
#define RESYNC_NS (50 * GST_MSECOND)

enum
{
  PROP_0,
  PROP_DEVICE,
  PROP_ALSA_DEVICE,
  PROP_DRIFT_CORRECTION,
  PROP_SOUND_DEVICE,
};

/* one block of the card's samples, with its time on the card's clock
 * (smoothed): t0 for its first frame, and t0 of the block after it */
typedef struct
{
  gint16 data[BLOCK * CHANNELS];
  gdouble t0;
} Block;

struct _GstV4l2TvAudioSrc
{
  GstPushSrc parent;

  /* properties (object lock) */
  gchar *device;
  gchar *alsa_device;           /* NULL or empty: the card's own */
  gboolean drift_correction;
  gchar *sound_device;          /* what start() opened */

  /* the card's sound: opened in start(); flushing from any thread */
  GstTvHwSound *sound;
  gboolean correcting;          /* drift_correction at start */

  /* streaming thread: the blocks read, oldest first, and the filter */
  Block blocks[MAX_BLOCKS];
  guint n_blocks;
  gboolean dll_started;
  gdouble dll_period;           /* ns a block lasts, as measured */
  guint64 blocks_read;
  /* the output: frames pushed so far, the card's time of the first one
   * (ns), its running time, and the next frame's position in the blocks
   * (block index, frame within it) */
  guint64 out_frames;
  gdouble out_t0;
  GstClockTime pts0;
  gboolean out_started;
  gboolean discont;
};

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC,
    GST_PAD_ALWAYS,
    GST_STATIC_CAPS ("audio/x-raw, format = (string) S16LE, "
        "layout = (string) interleaved, rate = (int) 48000, "
        "channels = (int) 2, channel-mask = (bitmask) 0x3"));

G_DEFINE_TYPE (GstV4l2TvAudioSrc, gst_v4l2_tv_audio_src, GST_TYPE_PUSH_SRC);
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (v4l2tvaudiosrc, "v4l2tvaudiosrc",
    GST_RANK_NONE, GST_TYPE_V4L2_TV_AUDIO_SRC, v4l2_tv_element_init (plugin));

static void gst_v4l2_tv_audio_src_finalize (GObject * object);
static void gst_v4l2_tv_audio_src_set_property (GObject * object,
    guint prop_id, const GValue * value, GParamSpec * pspec);
static void gst_v4l2_tv_audio_src_get_property (GObject * object,
    guint prop_id, GValue * value, GParamSpec * pspec);
static gboolean gst_v4l2_tv_audio_src_start (GstBaseSrc * src);
static gboolean gst_v4l2_tv_audio_src_stop (GstBaseSrc * src);
static gboolean gst_v4l2_tv_audio_src_unlock (GstBaseSrc * src);
static gboolean gst_v4l2_tv_audio_src_unlock_stop (GstBaseSrc * src);
static gboolean gst_v4l2_tv_audio_src_query (GstBaseSrc * src,
    GstQuery * query);
static GstFlowReturn gst_v4l2_tv_audio_src_create (GstPushSrc * src,
    GstBuffer ** outbuf);

static void
gst_v4l2_tv_audio_src_class_init (GstV4l2TvAudioSrcClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseSrcClass *basesrc_class = GST_BASE_SRC_CLASS (klass);
  GstPushSrcClass *pushsrc_class = GST_PUSH_SRC_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_v4l2_tv_audio_src_debug, "v4l2tvaudiosrc", 0,
      "analog TV card sound source");

  gobject_class->finalize = gst_v4l2_tv_audio_src_finalize;
  gobject_class->set_property = gst_v4l2_tv_audio_src_set_property;
  gobject_class->get_property = gst_v4l2_tv_audio_src_get_property;

  /**
   * GstV4l2TvAudioSrc:device:
   *
   * The card, as #v4l2tvsrc's `device` names it: `/dev/videoN` (its sound
   * is the ALSA capture device udev pairs with that node), or `virtual:N`
   * for the built-in virtual TV card's own sound.
   */
  g_object_class_install_property (gobject_class, PROP_DEVICE,
      g_param_spec_string ("device", "Device",
          "The card: /dev/videoN (its ALSA sound device, found through "
          "udev), or \"virtual:N\" (N = 0-7, or a driver profile's name "
          "such as usbtv) for the built-in virtual TV card's sound",
          DEFAULT_PROP_DEVICE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  /**
   * GstV4l2TvAudioSrc:alsa-device:
   *
   * An ALSA capture device to record instead of the one udev pairs with
   * the card, named as ALSA names it (`hw:CARD=Intel,DEV=0`): for a card
   * whose sound comes through a cable to another sound card, or one udev
   * cannot pair. Its sound is slaved to the picture as the card's own
   * would be. Empty or unset (the default): the card's own sound device.
   */
  g_object_class_install_property (gobject_class, PROP_ALSA_DEVICE,
      g_param_spec_string ("alsa-device", "ALSA device",
          "An ALSA capture device to record instead of the card's own "
          "(hw:CARD=X,DEV=N): for sound that comes through another sound "
          "card; unset: the one udev pairs with the card", NULL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  /**
   * GstV4l2TvAudioSrc:drift-correction:
   *
   * Resample the sound onto the clock the card stamps its picture with,
   * so that it does not drift away from the picture however far the sound
   * card's crystal is off. Off, the samples go out as captured at the
   * nominal rate (for measuring the drift).
   */
  g_object_class_install_property (gobject_class, PROP_DRIFT_CORRECTION,
      g_param_spec_boolean ("drift-correction", "Drift correction",
          "Resample the sound onto the clock the picture is stamped with "
          "(off: the samples as captured, at the nominal rate)",
          DEFAULT_PROP_DRIFT_CORRECTION,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  g_object_class_install_property (gobject_class, PROP_SOUND_DEVICE,
      g_param_spec_string ("sound-device", "Sound device",
          "The sound device opened (from PAUSED on): the ALSA device, such "
          "as hw:CARD=Em28xx,DEV=0, or the virtual card's location", NULL,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "Analog TV card sound source", "Source/Audio/Hardware",
      "Captures the sound of an analog TV card, slaved to its picture",
      "v4l2tv authors");
  gst_element_class_add_static_pad_template (element_class, &src_template);

  basesrc_class->start = GST_DEBUG_FUNCPTR (gst_v4l2_tv_audio_src_start);
  basesrc_class->stop = GST_DEBUG_FUNCPTR (gst_v4l2_tv_audio_src_stop);
  basesrc_class->unlock = GST_DEBUG_FUNCPTR (gst_v4l2_tv_audio_src_unlock);
  basesrc_class->unlock_stop =
      GST_DEBUG_FUNCPTR (gst_v4l2_tv_audio_src_unlock_stop);
  basesrc_class->query = GST_DEBUG_FUNCPTR (gst_v4l2_tv_audio_src_query);
  pushsrc_class->create = GST_DEBUG_FUNCPTR (gst_v4l2_tv_audio_src_create);
}

static void
gst_v4l2_tv_audio_src_init (GstV4l2TvAudioSrc * self)
{
  self->device = g_strdup (DEFAULT_PROP_DEVICE);
  self->drift_correction = DEFAULT_PROP_DRIFT_CORRECTION;
  gst_base_src_set_live (GST_BASE_SRC (self), TRUE);
  gst_base_src_set_format (GST_BASE_SRC (self), GST_FORMAT_TIME);
}

static void
gst_v4l2_tv_audio_src_finalize (GObject * object)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (object);

  g_free (self->device);
  g_free (self->alsa_device);
  g_free (self->sound_device);

  G_OBJECT_CLASS (gst_v4l2_tv_audio_src_parent_class)->finalize (object);
}

static void
gst_v4l2_tv_audio_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (object);

  switch (prop_id) {
    case PROP_DEVICE:
      GST_OBJECT_LOCK (self);
      g_free (self->device);
      self->device = g_value_dup_string (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_ALSA_DEVICE:
      GST_OBJECT_LOCK (self);
      g_free (self->alsa_device);
      self->alsa_device = g_value_dup_string (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_DRIFT_CORRECTION:
      GST_OBJECT_LOCK (self);
      self->drift_correction = g_value_get_boolean (value);
      GST_OBJECT_UNLOCK (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_v4l2_tv_audio_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_DEVICE:
      g_value_set_string (value, self->device);
      break;
    case PROP_ALSA_DEVICE:
      g_value_set_string (value, self->alsa_device);
      break;
    case PROP_DRIFT_CORRECTION:
      g_value_set_boolean (value, self->drift_correction);
      break;
    case PROP_SOUND_DEVICE:
      g_value_set_string (value, self->sound_device);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

/* the sound device of the card at @device: the virtual card's own, or
 * the ALSA device udev pairs with the video node; NULL (an error posted)
 * when there is none */
static gchar *
find_sound_device (GstV4l2TvAudioSrc * self, const gchar * device)
{
  g_autoptr (GError) err = NULL;
  g_autofree gchar *card = NULL;
  GstTvHwDevice *dev;
  gchar *alsa;

  if (gst_tv_hw_location_is_virtual (device) ||
      gst_tv_hw_virtual_is_node (device))
    return g_strdup (device);

  /* the card's name, for the user, and a check that it is there */
  dev = gst_tv_hw_device_open (device, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  if (dev == NULL)
    goto no_card;
  card = g_strdup (gst_tv_hw_device_get_card (dev));
  gst_tv_hw_device_close (dev);

  alsa = gst_v4l2_tv_udev_find_audio_device (device);
  if (alsa == NULL)
    goto no_sound;
  GST_INFO_OBJECT (self, "the sound of '%s' (%s) is %s", device, card, alsa);
  return alsa;

  /* ERRORS */
no_card:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, NOT_FOUND,
        (_("Could not open device '%s' to find its sound device."), device),
        ("%s", err->message));
    return NULL;
  }
no_sound:
  {
#ifdef HAVE_GUDEV
    GST_ELEMENT_ERROR (self, RESOURCE, NOT_FOUND,
        (_("Card '%s' (%s) has no sound capture device of its own; its sound "
                "may come through a cable to another sound card: set "
                "alsa-device to that card's capture device."), card, device),
        ("udev pairs no ALSA capture device with %s", device));
#else
    GST_ELEMENT_ERROR (self, RESOURCE, NOT_FOUND,
        (_("The sound device of card '%s' (%s) cannot be found: this build "
                "has no udev support."), card, device),
        ("built without libgudev (meson option gudev)"));
#endif
    return NULL;
  }
}

static gboolean
gst_v4l2_tv_audio_src_start (GstBaseSrc * src)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (src);
  g_autoptr (GError) err = NULL;
  g_autofree gchar *device = NULL;
  g_autofree gchar *location = NULL;
  gboolean correct;

  GST_OBJECT_LOCK (self);
  device = g_strdup (self->device);
  if (self->alsa_device && *self->alsa_device)
    location = g_strdup (self->alsa_device);
  correct = self->drift_correction;
  GST_OBJECT_UNLOCK (self);

  if (device == NULL || *device == '\0')
    goto no_device;
  /* alsa-device: that one, as the card's sound */
  if (location == NULL)
    location = find_sound_device (self, device);
  if (location == NULL)
    return FALSE;
  self->sound = gst_tv_hw_sound_open (location, &err);
  if (self->sound == NULL)
    goto open_failed;

  GST_OBJECT_LOCK (self);
  g_free (self->sound_device);
  self->sound_device = g_strdup (location);
  GST_OBJECT_UNLOCK (self);

  self->correcting = correct;
  self->n_blocks = 0;
  self->dll_started = FALSE;
  self->blocks_read = 0;
  self->out_frames = 0;
  self->out_started = FALSE;
  self->discont = TRUE;
  GST_INFO_OBJECT (self, "capturing the sound of %s from %s (%s), drift "
      "correction %s", device, location,
      gst_tv_hw_sound_get_backend (self->sound), correct ? "on" : "off");
  return TRUE;

  /* ERRORS */
no_device:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, NOT_FOUND,
        (_("No device given: set the device property to the card's "
                "/dev/videoN or to virtual:N.")), (NULL));
    return FALSE;
  }
open_failed:
  {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_BUSY))
      GST_ELEMENT_ERROR (self, RESOURCE, BUSY,
          (_("The sound device '%s' of device '%s' is busy: another program "
                  "records from it."), location, device), ("%s", err->message));
    else if (g_error_matches (err, GST_TV_HW_ERROR,
            GST_TV_HW_ERROR_NOT_SUPPORTED))
      GST_ELEMENT_ERROR (self, RESOURCE, OPEN_READ,
          (_("Could not capture the sound of device '%s': this build has no "
                  "ALSA support."), device), ("%s", err->message));
    else
      GST_ELEMENT_ERROR (self, RESOURCE, OPEN_READ,
          (_("Could not open the sound device '%s' of device '%s'."),
              location, device), ("%s", err->message));
    return FALSE;
  }
}

static gboolean
gst_v4l2_tv_audio_src_stop (GstBaseSrc * src)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (src);

  g_clear_pointer (&self->sound, gst_tv_hw_sound_close);
  self->n_blocks = 0;
  return TRUE;
}

static gboolean
gst_v4l2_tv_audio_src_unlock (GstBaseSrc * src)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (src);

  if (self->sound)
    gst_tv_hw_sound_set_flushing (self->sound, TRUE);
  return TRUE;
}

static gboolean
gst_v4l2_tv_audio_src_unlock_stop (GstBaseSrc * src)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (src);

  if (self->sound)
    gst_tv_hw_sound_set_flushing (self->sound, FALSE);
  return TRUE;
}

static gboolean
gst_v4l2_tv_audio_src_query (GstBaseSrc * src, GstQuery * query)
{
  if (GST_QUERY_TYPE (query) == GST_QUERY_LATENCY) {
    /* a block is read once its last frame is captured, and the
     * resampler looks one block ahead */
    gst_query_set_latency (query, TRUE, 2 * BLOCK_NS,
        (MAX_BLOCKS + 2) * BLOCK_NS);
    return TRUE;
  }
  return GST_BASE_SRC_CLASS (gst_v4l2_tv_audio_src_parent_class)->query (src,
      query);
}

/* the running time of @stamp (CLOCK_MONOTONIC, ns), by v4l2tvsrc's rule:
 * on the monotonic system clock stamp - base time, on any other clock
 * as old as it is on CLOCK_MONOTONIC; -1 without a clock */
static gint64
running_time (GstV4l2TvAudioSrc * self, gdouble stamp)
{
  GstClock *clock;
  GstClockTime base_time;
  GstClockType type = GST_CLOCK_TYPE_REALTIME;
  gint64 rt;

  GST_OBJECT_LOCK (self);
  clock = GST_ELEMENT_CLOCK (self);
  if (clock)
    gst_object_ref (clock);
  base_time = GST_ELEMENT_CAST (self)->base_time;
  GST_OBJECT_UNLOCK (self);
  if (clock == NULL)
    return -1;

  if (GST_IS_SYSTEM_CLOCK (clock))
    g_object_get (clock, "clock-type", &type, NULL);
  if (type == GST_CLOCK_TYPE_MONOTONIC) {
    rt = (gint64) llround (stamp) - (gint64) base_time;
  } else {
    struct timespec mono;

    clock_gettime (CLOCK_MONOTONIC, &mono);
    rt = (gint64) gst_clock_get_time (clock) - (gint64) base_time -
        ((gint64) GST_TIMESPEC_TO_TIME (mono) - (gint64) llround (stamp));
  }
  gst_object_unref (clock);
  return rt;
}

/* reads one more block into the list (dropping the oldest when full) and
 * gives it its time through the stamp filter */
static GstFlowReturn
read_block (GstV4l2TvAudioSrc * self)
{
  g_autoptr (GError) err = NULL;
  GstClockTime stamp;
  Block *b;
  gdouble omega, predicted, e;

  if (self->n_blocks == MAX_BLOCKS) {
    memmove (&self->blocks[0], &self->blocks[1],
        (MAX_BLOCKS - 1) * sizeof (Block));
    self->n_blocks--;
  }
  b = &self->blocks[self->n_blocks];
  if (!gst_tv_hw_sound_read (self->sound, b->data, BLOCK, &stamp, &err))
    goto read_failed;
  self->n_blocks++;
  self->blocks_read++;

  /* the filter: a second-order delay-locked loop on the block stamps
   * (phase and period), as sound servers time their periods */
  omega = 2 * G_PI * DLL_BANDWIDTH * BLOCK / RATE;
  if (!self->dll_started) {
    self->dll_started = TRUE;
    self->dll_period = BLOCK_NS;
    b->t0 = stamp;
    return GST_FLOW_OK;
  }
  predicted = self->blocks[self->n_blocks - 2].t0 + self->dll_period;
  e = (gdouble) stamp - predicted;
  if (fabs (e) > RESYNC_NS)
    goto resync;
  b->t0 = predicted + G_SQRT2 * omega * e;
  self->dll_period += omega * omega * e;
  GST_LOG_OBJECT (self, "block %" G_GUINT64_FORMAT " stamped %" GST_TIME_FORMAT
      ", filtered %+.0f ns, %.6f of the nominal rate", self->blocks_read,
      GST_TIME_ARGS (stamp), b->t0 - stamp, BLOCK_NS / self->dll_period);
  return GST_FLOW_OK;

  /* ERRORS */
read_failed:
  {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FLUSHING))
      return GST_FLOW_FLUSHING;
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read the sound of device '%s'."),
            gst_tv_hw_sound_get_location (self->sound)), ("%s", err->message));
    return GST_FLOW_ERROR;
  }
resync:
  {
    /* a gap: the output starts again at this block */
    GST_WARNING_OBJECT (self, "sound stamp %.1f ms off the expected: a gap "
        "in the capture", e / GST_MSECOND);
    memmove (&self->blocks[0], b, sizeof (Block));
    self->n_blocks = 1;
    self->blocks[0].t0 = stamp;
    self->dll_period = BLOCK_NS;
    self->out_started = FALSE;
    self->discont = TRUE;
    return GST_FLOW_OK;
  }
}

/* frame @i (may be past the end of block @b, into the next ones) of
 * channel @c; the caller made sure it exists */
static gdouble
sample_at (GstV4l2TvAudioSrc * self, guint b, gint64 i, guint c)
{
  while (i >= BLOCK) {
    i -= BLOCK;
    b++;
  }
  while (i < 0 && b > 0) {
    i += BLOCK;
    b--;
  }
  if (i < 0)
    i = 0;
  return self->blocks[b].data[i * CHANNELS + c];
}

/* the output frame at the card's time @t: block @b holds it, at frame
 * position @x within it; cubic (Catmull-Rom) interpolation */
static void
interpolate (GstV4l2TvAudioSrc * self, guint b, gdouble x, gint16 * out)
{
  gint64 i = (gint64) floor (x);
  gdouble f = x - i;
  guint c;

  for (c = 0; c < CHANNELS; c++) {
    gdouble p0 = sample_at (self, b, i - 1, c);
    gdouble p1 = sample_at (self, b, i, c);
    gdouble p2 = sample_at (self, b, i + 1, c);
    gdouble p3 = sample_at (self, b, i + 2, c);
    gdouble v = p1 + 0.5 * f * (p2 - p0 + f * (2 * p0 - 5 * p1 + 4 * p2 - p3
            + f * (3 * (p1 - p2) + p3 - p0)));

    out[c] = (gint16) CLAMP (lrint (v), G_MININT16, G_MAXINT16);
  }
}

/* the card's time of output frame @n */
static gdouble
out_time (GstV4l2TvAudioSrc * self, guint64 n)
{
  return self->out_t0 + (gdouble) n *GST_SECOND / RATE;
}

/* the first output frame: at the first block's time, or at running time
 * 0 when the capture began before the pipeline played */
static gboolean
start_output (GstV4l2TvAudioSrc * self)
{
  gdouble t0 = self->blocks[0].t0;
  gint64 rt = running_time (self, t0);

  self->out_frames = 0;
  self->out_t0 = t0;
  if (rt < 0 && rt != -1) {
    /* skip what was captured before running time 0, whole frames */
    self->out_t0 = t0 + ceil ((gdouble) - rt * RATE / GST_SECOND) *
        GST_SECOND / RATE;
    rt = running_time (self, self->out_t0);
  }
  self->pts0 = rt >= 0 ? (GstClockTime) rt : 0;
  self->out_started = TRUE;
  GST_DEBUG_OBJECT (self, "output starts at running time %" GST_TIME_FORMAT,
      GST_TIME_ARGS (self->pts0));
  return TRUE;
}

/* drift correction: BLOCK output frames at exactly RATE per second of the
 * card's clock, from the blocks by their filtered times */
static GstFlowReturn
fill_corrected (GstV4l2TvAudioSrc * self, gint16 * out)
{
  GstFlowReturn ret;
  guint k, b = 0;

  /* the frames of this buffer, and the next two for the interpolation,
   * must lie in blocks whose end is known (a block after them) */
  for (;;) {
    gdouble last = out_time (self, self->out_frames + BLOCK + 2);

    if (self->out_started && self->n_blocks >= 2 &&
        last < self->blocks[self->n_blocks - 1].t0)
      break;
    if ((ret = read_block (self)) != GST_FLOW_OK)
      return ret;
    if (!self->out_started && self->n_blocks >= 1)
      start_output (self);
  }

  for (k = 0; k < BLOCK; k++) {
    gdouble t = out_time (self, self->out_frames + k), x;

    while (b + 1 < self->n_blocks - 1 && self->blocks[b + 1].t0 <= t)
      b++;
    /* before the oldest block kept (cannot happen once running): its
     * first frame */
    x = (t - self->blocks[b].t0) * BLOCK /
        (self->blocks[b + 1].t0 - self->blocks[b].t0);
    interpolate (self, b, MAX (x, 0), out + k * CHANNELS);
  }
  return GST_FLOW_OK;
}

/* no correction: the block as captured */
static GstFlowReturn
fill_plain (GstV4l2TvAudioSrc * self, gint16 * out)
{
  g_autoptr (GError) err = NULL;
  GstClockTime stamp;

  if (!gst_tv_hw_sound_read (self->sound, out, BLOCK, &stamp, &err))
    goto read_failed;
  if (!self->out_started) {
    self->n_blocks = 1;
    self->blocks[0].t0 = stamp;
    start_output (self);
  }
  return GST_FLOW_OK;

  /* ERRORS */
read_failed:
  {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FLUSHING))
      return GST_FLOW_FLUSHING;
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read the sound of device '%s'."),
            gst_tv_hw_sound_get_location (self->sound)), ("%s", err->message));
    return GST_FLOW_ERROR;
  }
}

static GstFlowReturn
gst_v4l2_tv_audio_src_create (GstPushSrc * src, GstBuffer ** outbuf)
{
  GstV4l2TvAudioSrc *self = GST_V4L2_TV_AUDIO_SRC (src);
  GstBuffer *buf;
  GstMapInfo map;
  GstFlowReturn ret;

  buf = gst_buffer_new_allocate (NULL, BLOCK * CHANNELS * sizeof (gint16),
      NULL);
  gst_buffer_map (buf, &map, GST_MAP_WRITE);
  if (self->correcting)
    ret = fill_corrected (self, (gint16 *) map.data);
  else
    ret = fill_plain (self, (gint16 *) map.data);
  gst_buffer_unmap (buf, &map);
  if (ret != GST_FLOW_OK) {
    gst_buffer_unref (buf);
    return ret;
  }

  GST_BUFFER_PTS (buf) = self->pts0 +
      gst_util_uint64_scale (self->out_frames, GST_SECOND, RATE);
  GST_BUFFER_DURATION (buf) = self->pts0 +
      gst_util_uint64_scale (self->out_frames + BLOCK, GST_SECOND, RATE) -
      GST_BUFFER_PTS (buf);
  GST_BUFFER_OFFSET (buf) = self->out_frames;
  GST_BUFFER_OFFSET_END (buf) = self->out_frames + BLOCK;
  if (self->discont) {
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
    self->discont = FALSE;
  }
  self->out_frames += BLOCK;
  GST_LOG_OBJECT (self, "buffer at %" GST_TIME_FORMAT,
      GST_TIME_ARGS (GST_BUFFER_PTS (buf)));
  *outbuf = buf;
  return GST_FLOW_OK;
}
