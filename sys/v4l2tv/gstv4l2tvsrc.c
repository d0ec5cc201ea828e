/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:element-v4l2tvsrc
 * @title: v4l2tvsrc
 *
 * v4l2tvsrc captures video from an analog TV card: the tuner, composite or
 * S-Video input of a Video4Linux2 device, or of the built-in virtual TV
 * card (`device=virtual`). It opens the device in READY and selects the
 * #GstV4l2TvSrc:input and the TV standard (#GstV4l2TvSrc:norm) when it
 * starts; left unset, both keep what the card is set to. Both can be
 * changed while playing.
 *
 * The caps follow the standard, not the largest size a scaler would offer:
 * 720x480 at 30000/1001 frames per second for the 525-line standards (NTSC,
 * PAL-M, PAL-60), 720x576 at 25/1 for the others, interleaved fields with
 * the standard's field order (bottom field first for 525 lines), the
 * pixel aspect ratio the card reports (10/11 and 59/54 by default) and
 * BT.601 colorimetry. A change of standard that changes the frame size
 * renegotiates.
 *
 * The card's own formats come first in the caps, in the card's order, and
 * are preferred whenever downstream accepts one of them. Frames in the
 * card's format are pushed without copying while the card keeps at least
 * two buffers to fill; when downstream holds on to more, frames are copied
 * instead of letting the card starve. After them come the formats the
 * conversion library (tvconvert, ORC) makes from the card's preferred
 * packed 4:2:2 format: I420, YV12, NV12, Y42B and the 32-bit RGB formats,
 * with the same size, rate, pixel aspect ratio, interlacing and field
 * order. Such frames are converted once, in the streaming thread, straight
 * from the card's buffer (given back to the card at once) into a buffer of
 * downstream's pool, or of a #GstVideoBufferPool when downstream has none;
 * no frame is copied on the way and, once the pool holds the buffers in
 * flight, nothing is allocated per frame. RGB is full range, from BT.601
 * limited-range YCbCr.
 *
 * Chroma siting of the converted YUV formats, `chroma-site=mpeg2` in their
 * caps (#GST_VIDEO_CHROMA_SITE_MPEG2: horizontally co-sited, vertically
 * centred): horizontally, chroma stays on the even luma samples, where
 * the card's BT.601 4:2:2 has it (no horizontal filter). Vertically, for
 * 4:2:0, the frames being interlaced, each field is subsampled on its
 * own: chroma lines 2j and 2j+1 belong to the top and the bottom field,
 * and chroma line 2j+f is the average of lines 4j+f and 4j+2+f, so it
 * sits half-way between two lines of its own field. The two fields are
 * 20 ms apart (16.7 ms at 525 lines): chroma averaged across them would
 * smear colour over anything that moves and leave the wrong colour in each
 * field for a deinterlacer, an encoder coding fields or an output card to
 * undo. The same rule with lines 2k and 2k+1 holds for progressive frames.
 *
 * A frame's timestamp is the running time at which the card began it, as
 * for any live capture: the time it finished it less one frame period
 * (the latency the element reports), so that a synchronised sink shows it
 * as soon as it can, and a sound recorded beside (stamped at its first
 * sample) matches it. When the card finished it is the driver's
 * timestamp while that is plausible on the clock it claims
 * (V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, not in the future, later than the
 * last frame's and, for a frame the element saw arrive, within a frame
 * period of its arrival; a stamp the driver flags
 * V4L2_BUF_FLAG_TSTAMP_SRC_SOE is when it began the frame); from the
 * first implausible one on (vivid's are ahead of the clock), the frame's
 * arrival time less the delay the driver's plausible stamps had, if any.
 * The choice and the fallback are logged once. Frames the card dropped
 * are counted in #GstV4l2TvSrc:dropped-frames and reported with a QoS
 * message.
 *
 * The element implements the #GstTvTuner interface (library
 * `gstreamer-tv-tuner-1.0`): its channels are the card's inputs (a tuner
 * input has a frequency range and a signal strength), its norms the
 * standards the current input accepts. Selecting a channel or norm through
 * it sets #GstV4l2TvSrc:input or #GstV4l2TvSrc:norm, so it behaves as the
 * properties do; channel-changed and norm-changed follow once the card
 * switched (at start for a selection made in READY). The device is open
 * from READY on, as with v4l2src: the lists are there in READY (what the
 * card is set to until the element starts) and empty in NULL. The tuner's
 * frequency is #GstV4l2TvSrc:frequency; while streaming the element reads
 * the signal strength about twice a second and emits signal-changed when
 * it changed.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 v4l2tvsrc device=virtual input=Composite1 norm=NTSC ! videoconvert ! autovideosink
 * ]| Shows the NTSC picture of the virtual card's Composite1 input.
 * |[
 * gst-launch-1.0 v4l2tvsrc device=/dev/video0 input=S-Video norm=PAL ! videoconvert ! autovideosink
 * ]| Shows a PAL camcorder or VCR plugged into the S-Video input of the first
 * capture card.
 * |[
 * gst-launch-1.0 v4l2tvsrc device=virtual:1 input=composite1 norm=NTSC num-buffers=300 ! fakesink
 * ]| Captures 300 frames (10 seconds) and throws them away.
 * |[
 * gst-launch-1.0 v4l2tvsrc device=virtual input=S-Video norm=PAL ! video/x-raw,format=I420 ! x264enc interlaced=true ! matroskamux ! filesink location=tv.mkv
 * ]| Records the S-Video input as interlaced I420, converted by the source
 * itself without a videoconvert.
 * |[
 * gst-launch-1.0 uridecodebin uri="v4l2tv://virtual?input=Composite1&norm=NTSC" ! videoconvert ! autovideosink
 * ]| Opens the first example's input through the v4l2tv URI handler, as
 * playbin and uridecodebin do (v4l2tv:///dev/videoN or v4l2tv://virtual:N,
 * then optionally ?input=NAME&norm=NORM, percent-encoded); an input the
 * card lacks is only reported when the element starts.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <time.h>
#include <glib/gi18n-lib.h>
#include <gst/video/video.h>

#include "gstv4l2tvsrc.h"
#include "gstv4l2tvelements.h"
#include "gstv4l2tvobject.h"
#include "gstv4l2tvcaps.h"
#include "gstv4l2tvnode.h"
#include "gstv4l2tvtuner.h"
#include "gstv4l2tvcrop.h"
#include "gstv4l2tvcolorbalance.h"
#include "gstv4l2tvvidorient.h"
#include "gstv4l2tvformat.h"
#include "gstv4l2tvbufferpool.h"
#include "gstv4l2tvuri.h"
#include "gstv4l2tvsignal.h"
#include "gstv4l2tvfault.h"
#include "gstv4l2tvudev.h"
#include "gstv4l2tvreconnect.h"
#include "gstv4l2tvvbi.h"
#include "gstv4l2tvvbinode.h"
#include "tvconvert.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_src_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_src_debug

/* buffers asked from the driver */
#define DEFAULT_NUM_BUFFERS 4
/* the card keeps at least this many buffers queued; frames are copied when
 * downstream holds the others */
#define MAX_MIN_QUEUED 2
/* a frame overdue for this many periods is worth a warning */
#define WAIT_PERIODS 4
#define DEFAULT_WAIT (200 * GST_MSECOND)
/* signal-loss repeat/black: the filler for a frame period goes out this
 * long after the card's frame was due (the period's timestamp, when the
 * card began it, plus one period, when it finished it; in the pipeline's
 * running time), unless the frame came. The latency is that one period,
 * so a filler has to reach a synchronised sink within its processing
 * deadline (GstBaseSink's default: 20 ms), as a frame handed over that
 * late has: 15 ms leaves it 5 ms for the way. */
#define FILLER_DELAY(period) MIN ((period) / 2, 15 * GST_MSECOND)
#define DEFAULT_SIGNAL_LOSS GST_V4L2_TV_SIGNAL_LOSS_REPEAT
/* a driver's stamp this much older than the wait its frame came in is on
 * a clock that is not the one claimed (v4l2src's bound too); a younger
 * one can be a late machine (see gst_v4l2_tv_src_implausible()) */
#define STAMP_MAX_AGE (10 * GST_SECOND)
#define DEFAULT_CORRUPTED_FRAMES GST_V4L2_TV_CORRUPTED_FRAMES_DROP

/* create(): the streaming thread was woken for a live switch */
#define GST_V4L2_TV_FLOW_SWITCH GST_FLOW_CUSTOM_SUCCESS

enum
{
  PROP_DROPPED_FRAMES = GST_V4L2_TV_OBJECT_PROP_LAST,
  PROP_SIGNAL_LOSS,
  PROP_GAP_FRAMES,
  PROP_CAPTURE_ERRORS,
  PROP_CORRUPTED_FRAMES,
  PROP_CORRUPTED_COUNT,
  PROP_AUDIO_DEVICE,
  PROP_VBI_SERVICES,
  PROP_VBI_STATS,
  PROP_PIXEL_ASPECT_RATIO,
  PROP_CROP_TOP,                /* .. PROP_CROP_RIGHT: gstv4l2tvcrop.c */
  PROP_CROP_RIGHT = PROP_CROP_TOP + GST_V4L2_TV_CROP_N_PROPS - 1,
  PROP_ON_DISCONNECT,           /* .. gstv4l2tvreconnect.c */
};

/* what the frames' timestamps come from (see gst_v4l2_tv_src_time_frame) */
typedef enum
{
  GST_V4L2_TV_STAMPS_UNDECIDED,
  GST_V4L2_TV_STAMPS_DRIVER,    /* the driver's, plausible so far */
  GST_V4L2_TV_STAMPS_ARRIVAL,   /* the arrival time, until stop */
} GstV4l2TvStamps;

struct _GstV4l2TvSrc
{
  GstPushSrc parent;

  GstV4l2TvObject *obj;

  /* the streaming thread (the state change thread while not streaming) */
  GstCaps *format_caps;         /* the src pad's caps S_FMT was done for,
                                 * NULL: to do again */
  GstVideoInfo info;            /* the card's frames, with their layout */
  GstTvConvert *convert;        /* NULL: the card's format goes out */
  GstVideoInfo out_info;        /* when converting: the pushed frames */
  GstBuffer **card_bufs;        /* when converting and streaming: one
                                 * buffer over each mapped card buffer */
  gboolean default_layout;
  gboolean tff;
  gboolean downstream_meta;
  GstClockTime duration;

  GstBufferPool *pool;          /* the card's format: its buffers, while
                                 * they exist */
  GstBufferPool *copy_pool;     /* frames copied when the card starves */
  guint n_buffers, n_queued, min_queued;
  gboolean streaming;

  gboolean have_sequence;
  guint32 last_sequence;
  GstClockTime last_frame_time; /* the card's time of that frame */
  gboolean no_picture_gap;      /* since that frame, a wait timed out
                                 * while the input had no picture */
  guint64 gap_fillers;          /* fillers pushed since that frame */
  guint64 processed;
  guint64 discarded;            /* corrupted frames dropped, and frames
                                 * that came after their filler */
  gboolean discont;

  GstClock *clock;              /* the last clock seen, and whether it */
  gboolean clock_is_monotonic;  /* runs on CLOCK_MONOTONIC */

  /* the driver's timestamps (gst_v4l2_tv_src_time_frame) */
  GstV4l2TvStamps stamps;       /* trusted yet or not, since start */
  GstClockTime last_stamp;      /* the last frame's, since STREAMON */
  GstClockTime stamp_delay;     /* the known delay: the smallest of a
                                 * trusted stamp to its arrival */
  GstClockTime wait_began;      /* the card's time before the last wait */
  GstClockTime wait_ended;      /* and as it ended with a frame ready */
  gboolean came_in_wait;        /* that frame was not ready as the wait
                                 * began (a look without waiting said so) */
  gboolean too_old;             /* the frame's stamp was older than the
                                 * wait it came in, by a period or more */
  GstClockTime frame_pts;       /* the frame just dequeued: its PTS */
  gboolean frame_early;         /* it began before running time 0 */
  gboolean dropped_late;        /* the frame before it came after its
                                 * filler, and was not pushed */
  GstClockTime frame_time;      /* and its time on the card's clock */

  GstV4l2TvSignal signal;       /* input status, filler frames */
  GstV4l2TvVbi vbi;             /* captions and WSS (gstv4l2tvvbi.c) */
  gboolean par_pending;         /* the WSS aspect changed the caps' PAR */
  gint par_n, par_d;            /* pixel-aspect-ratio; 0/1: the card's
                                 * (and WSS's); object lock */
  GstV4l2TvReconnect *reconnect;        /* on-disconnect */

  /* GST_OBJECT_LOCK */
  guint64 dropped;
  guint latency_buffers;
  GstV4l2TvSignalLoss signal_loss;
  guint64 gap_frames;
  guint64 capture_errors;
  GstV4l2TvCorruptedFrames corrupted_mode;
  guint64 corrupted;
  GstTvVbiStats vbi_stats;
  GstV4l2TvVbiMode vbi_mode;
};

#define gst_v4l2_tv_src_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstV4l2TvSrc, gst_v4l2_tv_src, GST_TYPE_PUSH_SRC,
    GST_DEBUG_CATEGORY_INIT (gst_v4l2_tv_src_debug, "v4l2tvsrc", 0,
        "analog TV video source");
    G_IMPLEMENT_INTERFACE (GST_TYPE_URI_HANDLER,
        gst_v4l2_tv_src_uri_handler_init);
    GST_V4L2_TV_NODE_INTERFACES);
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (v4l2tvsrc, "v4l2tvsrc", GST_RANK_NONE,
    GST_TYPE_V4L2_TV_SRC, v4l2_tv_element_init (plugin));

static void gst_v4l2_tv_src_finalize (GObject * object);
static void gst_v4l2_tv_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec);
static void gst_v4l2_tv_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec);
static GstStateChangeReturn gst_v4l2_tv_src_change_state (GstElement *
    element, GstStateChange transition);
static gboolean gst_v4l2_tv_src_start (GstBaseSrc * bsrc);
static gboolean gst_v4l2_tv_src_stop (GstBaseSrc * bsrc);
static GstCaps *gst_v4l2_tv_src_get_caps (GstBaseSrc * bsrc, GstCaps * filter);
static gboolean gst_v4l2_tv_src_negotiate (GstBaseSrc * bsrc);
static gboolean gst_v4l2_tv_src_set_caps (GstBaseSrc * bsrc, GstCaps * caps);
static gboolean gst_v4l2_tv_src_decide_allocation (GstBaseSrc * bsrc,
    GstQuery * query);
static gboolean gst_v4l2_tv_src_query (GstBaseSrc * bsrc, GstQuery * query);
static gboolean gst_v4l2_tv_src_unlock (GstBaseSrc * bsrc);
static gboolean gst_v4l2_tv_src_unlock_stop (GstBaseSrc * bsrc);
static GstFlowReturn gst_v4l2_tv_src_create (GstPushSrc * psrc,
    GstBuffer ** outbuf);
static GstFlowReturn gst_v4l2_tv_src_gap (GstElement * element,
    GstClockTime * wait, GstBuffer ** outbuf);
static void gst_v4l2_tv_src_set_vbi_services (GstV4l2TvSrc * self,
    GstV4l2TvVbiServices services);
static GstStructure *gst_v4l2_tv_src_get_vbi_stats (GstV4l2TvSrc * self);
static GstCaps *gst_v4l2_tv_src_set_par (GstCaps * caps, gint par_n,
    gint par_d);

/* --- formats --- */

static gboolean
list_has_string (const GValue * list, const gchar * str)
{
  guint i;

  for (i = 0; i < gst_value_list_get_size (list); i++)
    if (g_strcmp0 (g_value_get_string (gst_value_list_get_value (list, i)),
            str) == 0)
      return TRUE;
  return FALSE;
}

/* the formats of the V4L2 table, then every format tvconvert makes from
 * one of them */
static GstCaps *
gst_v4l2_tv_src_template_caps (void)
{
  GstCaps *caps = gst_v4l2_tv_format_template_caps ();
  GstStructure *s = gst_caps_get_structure (caps, 0);
  const GValue *native = gst_structure_get_value (s, "format");
  GValue list = G_VALUE_INIT, item = G_VALUE_INIT;
  guint i, j, n;

  g_value_init (&list, GST_TYPE_LIST);
  g_value_copy (native, &list);
  g_value_init (&item, G_TYPE_STRING);
  for (i = 0; i < gst_value_list_get_size (native); i++) {
    const gchar *name =
        g_value_get_string (gst_value_list_get_value (native, i));
    g_autofree GstVideoFormat *formats = NULL;

    formats = gst_tv_convert_get_formats (gst_video_format_from_string (name),
        GST_PAD_SRC, &n);
    for (j = 1; j < n; j++) {
      const gchar *other = gst_video_format_to_string (formats[j]);

      if (list_has_string (&list, other))
        continue;
      g_value_set_static_string (&item, other);
      gst_value_list_append_value (&list, &item);
    }
  }
  g_value_unset (&item);
  gst_structure_take_value (s, "format", &list);

  return caps;
}

/* the card's format conversions start from: the first one (ENUM_FMT order)
 * tvconvert makes other formats from, -1 if none */
static gint
preferred_native (GstCaps * card)
{
  guint i, n;

  for (i = 0; i < gst_caps_get_size (card); i++) {
    g_autofree GstVideoFormat *formats = NULL;

    formats = gst_tv_convert_get_formats (gst_v4l2_tv_format_of
        (gst_caps_get_structure (card, i)), GST_PAD_SRC, &n);
    if (n > 1)
      return i;
  }
  return -1;
}

/* whether tvconvert makes @format from @native */
static gboolean
converts_to (GstVideoFormat native, GstVideoFormat format)
{
  g_autofree GstVideoFormat *formats = NULL;
  guint j, n;

  formats = gst_tv_convert_get_formats (native, GST_PAD_SRC, &n);
  for (j = 1; j < n; j++)
    if (formats[j] == format)
      return TRUE;
  return FALSE;
}

/*
 * The caps structure of the card's frames @native converted to @format:
 * the same size, rate, pixel aspect, interlacing and field order, the
 * chroma siting tvconvert produces (see the top of the file) for YUV, and
 * for RGB the colorimetry of full-range RGB made with the BT.601 matrix
 * (primaries and transfer kept).
 */
static GstStructure *
converted_structure (const GstStructure * native, GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);
  GstVideoChromaSite site = gst_tv_convert_get_chroma_site (format);
  GstStructure *s = gst_structure_copy (native);
  GstVideoColorimetry cinfo;
  const gchar *colorimetry;

  gst_structure_set (s, "format", G_TYPE_STRING,
      gst_video_format_to_string (format), NULL);
  if (site != GST_VIDEO_CHROMA_SITE_UNKNOWN) {
    g_autofree gchar *str = gst_video_chroma_site_to_string (site);

    gst_structure_set (s, "chroma-site", G_TYPE_STRING, str, NULL);
  }

  colorimetry = gst_structure_get_string (s, "colorimetry");
  if (colorimetry && GST_VIDEO_FORMAT_INFO_IS_RGB (finfo)) {
    if (gst_video_colorimetry_from_string (&cinfo, colorimetry)) {
      g_autofree gchar *str = NULL;

      cinfo.range = GST_VIDEO_COLOR_RANGE_0_255;
      cinfo.matrix = GST_VIDEO_COLOR_MATRIX_RGB;
      str = gst_video_colorimetry_to_string (&cinfo);
      gst_structure_set (s, "colorimetry", G_TYPE_STRING, str, NULL);
    } else {
      gst_structure_remove_field (s, "colorimetry");
    }
  }

  return s;
}

/* what the src pad offers for the card's caps @card: every format of the
 * card first, in its order, then the formats tvconvert makes from the
 * preferred one */
static GstCaps *
gst_v4l2_tv_src_caps_from_card (GstCaps * card)
{
  GstCaps *caps = gst_caps_copy (card);
  g_autofree GstVideoFormat *formats = NULL;
  const GstStructure *native;
  gint pref = preferred_native (card);
  guint j, n;

  if (pref < 0)
    return caps;

  native = gst_caps_get_structure (card, pref);
  formats = gst_tv_convert_get_formats (gst_v4l2_tv_format_of (native),
      GST_PAD_SRC, &n);
  for (j = 1; j < n; j++) {
    if (gst_v4l2_tv_format_find (card, formats[j]) < 0)
      gst_caps_append_structure (caps, converted_structure (native,
              formats[j]));
  }

  return caps;
}

/* @caps (writable) with pixel aspect ratio @par_n/@par_d */
static GstCaps *
gst_v4l2_tv_src_set_par (GstCaps * caps, gint par_n, gint par_d)
{
  guint i;

  for (i = 0; i < gst_caps_get_size (caps); i++)
    gst_structure_set (gst_caps_get_structure (caps, i), "pixel-aspect-ratio",
        GST_TYPE_FRACTION, par_n, par_d, NULL);
  return caps;
}

/* the src pad's caps now: from the card, NULL while it is closed */
static GstCaps *
gst_v4l2_tv_src_probed_caps (GstV4l2TvSrc * self)
{
  GstCaps *card = gst_v4l2_tv_object_get_caps (self->obj);
  GstCaps *caps;
  gint par_n, par_d;

  if (card == NULL)
    return NULL;
  caps = gst_v4l2_tv_src_caps_from_card (card);
  caps = gst_v4l2_tv_crop_pad_caps (self->obj, caps);
  gst_caps_unref (card);
  GST_OBJECT_LOCK (self);
  par_n = self->par_n;
  par_d = self->par_d;
  GST_OBJECT_UNLOCK (self);
  if (par_n != 0) {
    /* the user's, whatever the card and WSS say */
    gst_v4l2_tv_src_set_par (caps, par_n, par_d);
  } else if (gst_v4l2_tv_vbi_is_anamorphic (&self->vbi)) {
    gst_v4l2_tv_vbi_pixel_aspect (&self->vbi, self->obj->par_n,
        self->obj->par_d, &par_n, &par_d);
    gst_v4l2_tv_src_set_par (caps, par_n, par_d);
  }

  return caps;
}

/*
 * The caps to set on the card for the src pad's fixed @caps: @caps
 * themselves when they are in one of the card's formats; the card's
 * preferred format when @caps are one of its conversions (@convert is set
 * then); NULL when they are neither (the card's caps changed since).
 */
static GstCaps *
gst_v4l2_tv_src_card_caps (GstV4l2TvSrc * self, GstCaps * caps,
    gboolean * convert)
{
  g_autoptr (GstCaps) card = gst_v4l2_tv_object_get_caps (self->obj);
  const GstStructure *want = gst_caps_get_structure (caps, 0);
  const GstStructure *native;
  GstVideoFormat format = gst_v4l2_tv_format_of (want);
  GstStructure *conv;
  gboolean ok;
  gint pref;

  *convert = FALSE;
  if (card == NULL)
    return NULL;
  if (gst_v4l2_tv_format_find (card, format) >= 0)
    return gst_caps_ref (caps);

  pref = preferred_native (card);
  if (pref < 0)
    return NULL;
  native = gst_caps_get_structure (card, pref);
  if (!converts_to (gst_v4l2_tv_format_of (native), format))
    return NULL;
  conv = converted_structure (native, format);
  ok = gst_structure_is_subset (want, conv);
  gst_structure_free (conv);
  if (!ok)
    return NULL;

  *convert = TRUE;
  return gst_caps_new_full (gst_structure_copy (native), NULL);
}

static void
gst_v4l2_tv_src_class_init (GstV4l2TvSrcClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseSrcClass *basesrc_class = GST_BASE_SRC_CLASS (klass);
  GstPushSrcClass *pushsrc_class = GST_PUSH_SRC_CLASS (klass);
  GstCaps *caps;

  gobject_class->finalize = gst_v4l2_tv_src_finalize;
  gobject_class->set_property = gst_v4l2_tv_src_set_property;
  gobject_class->get_property = gst_v4l2_tv_src_get_property;

  gst_v4l2_tv_object_install_properties (gobject_class,
      GST_TV_HW_NODE_VIDEO_CAPTURE);

  /**
   * GstV4l2TvSrc:dropped-frames:
   *
   * Frames the card lost while delivering, since the element started:
   * frames it captured but could not hand over (no buffer was free
   * because the pipeline was late, or the driver overran), counted from
   * the numbers skipped in the driver's frame sequence between two frames
   * it delivered (modulo 2^32: the numbers wrap around). Each such gap is
   * posted as a QoS message (format buffers: processed and dropped
   * frames, `reason` `dropped`) and marks the next buffer DISCONT.
   *
   * Not counted here: the frame periods of a gap, when the source waited
   * in vain for a frame (see #GstV4l2TvSrc:signal-loss): when the input
   * had no picture then (its status said no signal, no lock, ...), none
   * of the numbers skipped over the gap is a drop; otherwise the periods
   * filled (#GstV4l2TvSrc:gap-frames) and the one the card came back in
   * are not. Nor are corrupted frames (#GstV4l2TvSrc:corrupted-count). A jump of the sequence that the
   * time between the two frames cannot explain (more numbers than frame
   * periods elapsed plus two, or backwards) is a discontinuity of the
   * driver's counter: the frames lost are estimated from the frame
   * timestamps instead (the periods elapsed less one), and the buffer is
   * DISCONT. A driver that does not count frames is taken by its
   * timestamps alone.
   */
  g_object_class_install_property (gobject_class, PROP_DROPPED_FRAMES,
      g_param_spec_uint64 ("dropped-frames", "Dropped frames",
          "Frames the card lost while delivering since start (numbers "
          "skipped in its frame sequence, not signal gaps); each loss is "
          "also posted as a QoS message", 0,
          G_MAXUINT64, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:signal-loss:
   *
   * What goes out while the card delivers no frames (a tape gap, an
   * unplugged cable, a grabber that stops with the signal): with `repeat`
   * (the default) the last frame again, with `black` black frames, at the
   * standard's frame rate, so that the pipeline (and the audio recorded
   * beside) never stalls. A frame's timestamp is when the card began it,
   * so the card's frame of a period is due one period after the period's
   * timestamp; a filler is pushed 15 ms after that (in the pipeline's
   * running time) when no frame came. It is flagged GAP, the
   * first of a gap and the first real frame after it DISCONT; timestamps
   * go on without a jump. With `wait`, nothing is pushed until frames come
   * back. Can be changed while playing.
   *
   * The minimum latency is one frame period in every mode, as for any
   * capture (40 ms for PAL and SECAM, 33.4 ms for NTSC): the time the card
   * takes to make a frame. A filler, 15 ms later than a frame on time,
   * reaches a synchronised sink within the sink's processing deadline
   * (20 ms by default), as a frame the card hands over that late does, and
   * is shown, not dropped as late. The trade-off: a card's frame that
   * comes more than 15 ms after it was due (a driver that hands frames
   * over long after it finished them, or a machine too busy to take them)
   * is taken as missing; a filler goes out in its place, and the frame,
   * if it comes at all, is not pushed (a second buffer in one period):
   * it is counted as discarded, with a QoS message (reason `late`).
   *
   * Whatever the mode, each change of the input's status and each start
   * and end of a gap is posted as an element message named
   * `v4l2tv-signal`, with the fields:
   *
   * - `device` (string): the device
   * - `input` (string), `input-index` (guint): the current input
   * - `status` (string): `ok`, or the most severe V4L2_IN_ST_* status bit
   *   set: `no-power`, `no-signal`, `no-carrier`, `no-sync`, `no-h-lock`,
   *   `no-v-lock`, `no-equalizer`, `no-std-lock`, `no-color`,
   *   `color-kill`, `macrovision`, `no-access`, `vtr`, `hflip`, `vflip`
   * - `flags` (array of strings): every status bit set, by those names
   * - `status-bits` (guint): the driver's V4L2_IN_ST_* bits
   * - `signal` (boolean): FALSE when a bit says there is no picture
   *   (no-power, no-signal, no-carrier, no-sync, no-h-lock, no-v-lock,
   *   no-equalizer)
   * - `gap` (boolean): whether filler frames are going out
   * - `corrupted` (boolean): whether the last frame from the card was
   *   corrupted (see #GstV4l2TvSrc:corrupted-frames); each change is posted
   * - `corrupted-count` (guint64): corrupted frames since start
   * - `running-time` (guint64): when, in the pipeline's running time
   *
   * The status is read every half second of stream time while frames
   * come, and at each frame period without one. At start it is taken to
   * be `ok` with no gap: a message comes when it is otherwise.
   */
  g_object_class_install_property (gobject_class, PROP_SIGNAL_LOSS,
      g_param_spec_enum ("signal-loss", "Signal loss",
          "What to push while the card delivers no frames: the last frame "
          "again or black frames at the standard's rate (flagged GAP), or "
          "nothing (wait). A filler goes out 15 ms after "
          "the card's frame was due (its timestamp, when the card began it, "
          "plus one period), within a synchronised sink's processing "
          "deadline, so the sink shows it; a frame later than that is "
          "replaced by a filler",
          GST_TYPE_V4L2_TV_SIGNAL_LOSS, DEFAULT_SIGNAL_LOSS,
          G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
          G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:gap-frames:
   *
   * Filler frames pushed since the element started (see
   * #GstV4l2TvSrc:signal-loss): frame periods in which the card delivered
   * nothing while the source waited. The card's sequence numbers skipped
   * over such a gap are not counted in #GstV4l2TvSrc:dropped-frames.
   */
  g_object_class_install_property (gobject_class, PROP_GAP_FRAMES,
      g_param_spec_uint64 ("gap-frames", "Gap frames",
          "Filler frames pushed since start while the card delivered none",
          0, G_MAXUINT64, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:capture-errors:
   *
   * Transient capture errors since the element started: DQBUF
   * failing with EIO, each taken as a lost frame (the next buffer is
   * DISCONT). Five in a row end the capture with an error naming the
   * device and input; the fifth is counted too, so after that error the
   * property has at least the number the error names. Frames the
   * driver flags V4L2_BUF_FLAG_ERROR are pushed flagged CORRUPTED and are
   * not counted here.
   */
  g_object_class_install_property (gobject_class, PROP_CAPTURE_ERRORS,
      g_param_spec_uint64 ("capture-errors", "Capture errors",
          "Transient capture errors (EIO) since start, each a lost frame; "
          "5 in a row are an error", 0, G_MAXUINT64, 0,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:corrupted-frames:
   *
   * What to do with a frame the card did not complete: one the driver
   * flags V4L2_BUF_FLAG_ERROR (a FIFO overrun, a lost sync), or one
   * shorter than a frame (its bytesused below the format's size, 0
   * included), as USB grabbers deliver when isochronous packets are lost.
   * The rest of such a buffer holds whatever an earlier frame left there.
   *
   * With `drop` (the default) the frame is not pushed: the next one is
   * DISCONT, and while no complete frame comes the signal-loss fillers
   * keep the stream going. With `mark` it is pushed flagged
   * GST_BUFFER_FLAG_CORRUPTED, for applications that look at the flag (to
   * salvage the part that arrived, say). `drop` is the default because
   * almost no element downstream looks at that flag: encoders, muxers and
   * video sinks would record or show a torn or stale picture as a good
   * one, while a missing frame is what they already handle (v4l2src too
   * drops truncated buffers).
   *
   * Either way each such frame is counted in
   * #GstV4l2TvSrc:corrupted-count and posted as a QoS message (with the
   * fields `reason` = `corrupted` and `corrupted-count`; a dropped one is
   * in its `dropped` count, a marked one in `processed`), and the first
   * corrupted frame after complete ones, and the first complete one
   * after, change the `corrupted` field of the `v4l2tv-signal` message
   * (see #GstV4l2TvSrc:signal-loss). Can be changed while playing.
   */
  g_object_class_install_property (gobject_class, PROP_CORRUPTED_FRAMES,
      g_param_spec_enum ("corrupted-frames", "Corrupted frames",
          "What to do with frames the card did not complete (flagged "
          "V4L2_BUF_FLAG_ERROR, or short): drop them, or push them flagged "
          "CORRUPTED (mark)", GST_TYPE_V4L2_TV_CORRUPTED_FRAMES,
          DEFAULT_CORRUPTED_FRAMES, G_PARAM_READWRITE |
          GST_PARAM_MUTABLE_PLAYING | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:corrupted-count:
   *
   * Frames the card did not complete since the element started, dropped
   * or marked (see #GstV4l2TvSrc:corrupted-frames).
   */
  g_object_class_install_property (gobject_class, PROP_CORRUPTED_COUNT,
      g_param_spec_uint64 ("corrupted-count", "Corrupted count",
          "Frames the card did not complete (flagged V4L2_BUF_FLAG_ERROR, "
          "or short) since start, dropped or marked", 0, G_MAXUINT64, 0,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:audio-device:
   *
   * The ALSA capture device of the card, for alsasrc's `device` property:
   * a capture PCM of the sound card on the same USB device or PCI slot as
   * the video node (em28xx-alsa, stk1160, usbtv, saa7134-alsa, cx88-alsa),
   * by its name, "hw:CARD=Em28xx,DEV=0". Known from READY on (NULL before);
   * empty when the card has no sound device, as the virtual cards, or when
   * the module was built without libgudev. The device provider lists the
   * same as `v4l2tv.audio-device`.
   */
  g_object_class_install_property (gobject_class, PROP_AUDIO_DEVICE,
      g_param_spec_string ("audio-device", "Audio device",
          "The card's ALSA capture device (\"hw:CARD=<id>,DEV=<n>\"), from "
          "READY on; empty when it has none", NULL,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:vbi-services:
   *
   * What to take from the card's VBI node (see #GstV4l2TvSrc:vbi-device
   * and docs/vbi.md): `captions`, the CEA-608 closed captions of 525-line
   * video, attached to the frame they came with as a GstVideoCaptionMeta
   * (CEA608_S334_1A, field 1 and field 2 apart), and `wss`, the
   * widescreen signal of 625-line video: a 16:9 anamorphic picture gets
   * the pixel aspect ratio 118/81 instead of 59/54, and each change of
   * the WSS aspect is posted as a `v4l2tv-wss` element message. Both by
   * default; none (an empty flags value, "0") never opens the VBI node.
   * Set it in the NULL or READY state.
   */
  g_object_class_install_property (gobject_class, PROP_VBI_SERVICES,
      g_param_spec_flags ("vbi-services", "VBI services",
          "What to take from the card's VBI node: captions (caption meta on "
          "the frames, 525 lines), wss (the widescreen signal, 625 lines: "
          "pixel aspect ratio and a message); none turns VBI off",
          GST_TYPE_V4L2_TV_VBI_SERVICES, GST_V4L2_TV_VBI_ALL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  /**
   * GstV4l2TvSrc:vbi-stats:
   *
   * What the VBI node gave since the element started, a structure named
   * `v4l2tv-vbi-stats`: `mode` (string: `off`, `sliced` or `raw`),
   * `captions` (guint: caption byte pairs decoded),
   * `caption-parity-errors` (guint: pairs dropped for a parity error),
   * `wss` (guint: WSS words decoded), `wss-parity-errors` (guint: words
   * dropped for a bad aspect parity), `frames-lost` (guint: VBI frames a
   * transient driver error lost; as many in a row as end the video
   * capture turn VBI off with a warning instead).
   */
  g_object_class_install_property (gobject_class, PROP_VBI_STATS,
      g_param_spec_boxed ("vbi-stats", "VBI statistics",
          "What the VBI node gave since start: mode (off, sliced, raw), "
          "captions, caption-parity-errors, wss, wss-parity-errors, "
          "frames-lost", GST_TYPE_STRUCTURE,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:pixel-aspect-ratio:
   *
   * The pixel aspect ratio the caps carry instead of the card's (its
   * standard's, from the driver's crop capabilities) and the widescreen
   * signal's: for a 16:9 anamorphic tape with no WSS, 118/81 at 625
   * lines and 40/33 at 525 (59/54 and 10/11 are the 4:3 ones), or 1/1
   * with a square-pixel size downstream. 0/1 (the default): the card's, 4/3 times it while WSS
   * says the picture is anamorphic. WSS messages are posted either way.
   * Set it in the NULL or READY state.
   */
  g_object_class_install_property (gobject_class, PROP_PIXEL_ASPECT_RATIO,
      gst_param_spec_fraction ("pixel-aspect-ratio", "Pixel aspect ratio",
          "Pixel aspect ratio of the frames instead of the card's and the "
          "widescreen signal's (e.g. 118/81 for a 16:9 anamorphic PAL tape "
          "with no WSS, 40/33 for NTSC); 0/1: the card's", 0, 1, 100, 1, 0,
          1, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  gst_v4l2_tv_crop_install_properties (gobject_class, PROP_CROP_TOP);
  gst_v4l2_tv_reconnect_install_properties (gobject_class, PROP_ON_DISCONNECT);

  gst_element_class_set_static_metadata (element_class,
      "Analog TV video source", "Source/Video",
      "Captures analog TV (NTSC, PAL, SECAM) video from a Video4Linux2 card "
      "at the standard's native size, rate and field order, in the card's "
      "format or converted to planar YUV or RGB", "The v4l2tv authors");

  caps = gst_v4l2_tv_src_template_caps ();
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);

  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_change_state);
  basesrc_class->start = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_start);
  basesrc_class->stop = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_stop);
  basesrc_class->get_caps = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_get_caps);
  basesrc_class->negotiate = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_negotiate);
  basesrc_class->set_caps = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_set_caps);
  basesrc_class->decide_allocation =
      GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_decide_allocation);
  basesrc_class->query = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_query);
  basesrc_class->unlock = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_unlock);
  basesrc_class->unlock_stop = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_unlock_stop);
  pushsrc_class->create = GST_DEBUG_FUNCPTR (gst_v4l2_tv_src_create);
}

static void
gst_v4l2_tv_src_init (GstV4l2TvSrc * self)
{
  self->obj =
      gst_v4l2_tv_object_new (GST_ELEMENT (self), GST_TV_HW_NODE_VIDEO_CAPTURE);
  self->obj->crop = gst_v4l2_tv_crop_new (self->obj);
  self->duration = GST_CLOCK_TIME_NONE;
  self->latency_buffers = DEFAULT_NUM_BUFFERS;
  self->signal_loss = DEFAULT_SIGNAL_LOSS;
  self->corrupted_mode = DEFAULT_CORRUPTED_FRAMES;
  self->par_d = 1;
  gst_v4l2_tv_signal_init (&self->signal, GST_ELEMENT (self), self->obj);
  self->reconnect = gst_v4l2_tv_reconnect_new (GST_ELEMENT (self), self->obj,
      gst_v4l2_tv_src_gap);

  gst_base_src_set_live (GST_BASE_SRC (self), TRUE);
  gst_base_src_set_format (GST_BASE_SRC (self), GST_FORMAT_TIME);
}

static void
gst_v4l2_tv_src_finalize (GObject * object)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (object);

  gst_v4l2_tv_signal_release (&self->signal);
  gst_v4l2_tv_reconnect_free (self->reconnect);
  gst_v4l2_tv_object_free (self->obj);
  gst_clear_caps (&self->format_caps);
  g_clear_pointer (&self->convert, gst_tv_convert_free);
  gst_clear_object (&self->clock);

  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_v4l2_tv_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (object);

  if (gst_v4l2_tv_object_set_property_helper (self->obj, prop_id, value, pspec)
      || (prop_id >= PROP_ON_DISCONNECT &&
          gst_v4l2_tv_reconnect_set_property (self->reconnect,
              prop_id - PROP_ON_DISCONNECT, value)))
    return;

  switch (prop_id) {
    case PROP_SIGNAL_LOSS:
      GST_OBJECT_LOCK (self);
      self->signal_loss = g_value_get_enum (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_PIXEL_ASPECT_RATIO:
      GST_OBJECT_LOCK (self);
      self->par_n = gst_value_get_fraction_numerator (value);
      self->par_d = gst_value_get_fraction_denominator (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_CROP_TOP ... PROP_CROP_RIGHT:
      gst_v4l2_tv_crop_set_property (self->obj, prop_id - PROP_CROP_TOP, value);
      break;
    case PROP_CORRUPTED_FRAMES:
      GST_OBJECT_LOCK (self);
      self->corrupted_mode = g_value_get_enum (value);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_VBI_SERVICES:
      gst_v4l2_tv_src_set_vbi_services (self, g_value_get_flags (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

/* the audio-device property: looked up in sysfs (no device call), from
 * READY on */
static gchar *
gst_v4l2_tv_src_get_audio_device (GstV4l2TvSrc * self)
{
  g_autofree gchar *location = NULL;
  gchar *audio = NULL;

  /* the open node's location: NULL before READY */
  GST_OBJECT_LOCK (self);
  location = g_strdup (gst_v4l2_tv_object_get_location (self->obj));
  GST_OBJECT_UNLOCK (self);

  if (location == NULL)
    return NULL;
  if (!gst_tv_hw_location_is_virtual (location))
    audio = gst_v4l2_tv_udev_find_audio_device (location);
  return audio ? audio : g_strdup ("");
}

/* the VBI node opens with the video node: not while running */
static void
gst_v4l2_tv_src_set_vbi_services (GstV4l2TvSrc * self,
    GstV4l2TvVbiServices services)
{
  GstV4l2TvVbiServices in_force =
      gst_v4l2_tv_vbi_node_get_services (self->obj->vbi);
  GFlagsClass *klass;
  gchar *from, *to;

  if (services == in_force || !gst_v4l2_tv_object_is_running (self->obj)) {
    gst_v4l2_tv_vbi_node_set_services (self->obj->vbi, services);
    return;
  }
  klass = g_type_class_ref (GST_TYPE_V4L2_TV_VBI_SERVICES);
  from = g_flags_to_string (GST_TYPE_V4L2_TV_VBI_SERVICES, in_force);
  to = g_flags_to_string (GST_TYPE_V4L2_TV_VBI_SERVICES, services);
  GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
      (_("Cannot change %s to '%s' while the element is running: it stays "
              "'%s'. Set it in the %s state."), "vbi-services", to, from,
          "NULL or READY"),
      ("vbi-services is applied when the element starts; the change was "
          "refused"));
  g_free (from);
  g_free (to);
  g_type_class_unref (klass);
}

static GstStructure *
gst_v4l2_tv_src_get_vbi_stats (GstV4l2TvSrc * self)
{
  static const gchar *modes[] = { "off", "sliced", "raw" };
  GstStructure *s;

  GST_OBJECT_LOCK (self);
  s = gst_structure_new ("v4l2tv-vbi-stats",
      "mode", G_TYPE_STRING, modes[self->vbi_mode],
      "captions", G_TYPE_UINT, self->vbi_stats.captions,
      "caption-parity-errors", G_TYPE_UINT,
      self->vbi_stats.caption_parity_errors,
      "wss", G_TYPE_UINT, self->vbi_stats.wss,
      "wss-parity-errors", G_TYPE_UINT, self->vbi_stats.wss_parity_errors,
      "frames-lost", G_TYPE_UINT, self->vbi_stats.frames_lost, NULL);
  GST_OBJECT_UNLOCK (self);
  return s;
}

static void
gst_v4l2_tv_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (object);

  if (gst_v4l2_tv_object_get_property_helper (self->obj, prop_id, value, pspec)
      || (prop_id >= PROP_ON_DISCONNECT &&
          gst_v4l2_tv_reconnect_get_property (self->reconnect,
              prop_id - PROP_ON_DISCONNECT, value)))
    return;

  switch (prop_id) {
    case PROP_DROPPED_FRAMES:
      GST_OBJECT_LOCK (self);
      g_value_set_uint64 (value, self->dropped);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_SIGNAL_LOSS:
      GST_OBJECT_LOCK (self);
      g_value_set_enum (value, self->signal_loss);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_GAP_FRAMES:
      GST_OBJECT_LOCK (self);
      g_value_set_uint64 (value, self->gap_frames);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_CAPTURE_ERRORS:
      GST_OBJECT_LOCK (self);
      g_value_set_uint64 (value, self->capture_errors);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_PIXEL_ASPECT_RATIO:
      GST_OBJECT_LOCK (self);
      gst_value_set_fraction (value, self->par_n, self->par_d);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_CROP_TOP ... PROP_CROP_RIGHT:
      gst_v4l2_tv_crop_get_property (self->obj, prop_id - PROP_CROP_TOP, value);
      break;
    case PROP_CORRUPTED_FRAMES:
      GST_OBJECT_LOCK (self);
      g_value_set_enum (value, self->corrupted_mode);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_CORRUPTED_COUNT:
      GST_OBJECT_LOCK (self);
      g_value_set_uint64 (value, self->corrupted);
      GST_OBJECT_UNLOCK (self);
      break;
    case PROP_AUDIO_DEVICE:
      g_value_take_string (value, gst_v4l2_tv_src_get_audio_device (self));
      break;
    case PROP_VBI_SERVICES:
      g_value_set_flags (value,
          gst_v4l2_tv_vbi_node_get_services (self->obj->vbi));
      break;
    case PROP_VBI_STATS:
      g_value_take_boxed (value, gst_v4l2_tv_src_get_vbi_stats (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

/* --- buffers --- */

static gboolean
gst_v4l2_tv_src_queue_buffer (GstV4l2TvSrc * self, guint index, GError ** error)
{
  struct v4l2_buffer buf;

  memset (&buf, 0, sizeof (buf));
  buf.index = index;
  if (!gst_v4l2_tv_node_queue (self->obj, &buf, error))
    return FALSE;
  self->n_queued++;

  return TRUE;
}

/* gives the card back the buffers downstream has released */
static gboolean
gst_v4l2_tv_src_requeue (GstV4l2TvSrc * self)
{
  g_autoptr (GError) err = NULL;
  guint index;

  if (self->pool == NULL)
    return TRUE;
  while (gst_v4l2_tv_buffer_pool_pop_returned (self->pool, &index)) {
    if (!gst_v4l2_tv_src_queue_buffer (self, index, &err))
      goto qbuf_failed;
  }
  return TRUE;

  /* ERRORS */
qbuf_failed:
  {
    GST_V4L2_TV_HW_ERROR (self->obj, err, READ,
        (_("Could not read from device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)));
    return FALSE;
  }
}

/* the buffers over the card's memory that the converted path reads; only
 * the streaming thread ever holds them, and only within create() */
static void
gst_v4l2_tv_src_free_card_buffers (GstV4l2TvSrc * self)
{
  guint i;

  if (self->card_bufs == NULL)
    return;
  for (i = 0; i < self->n_buffers; i++)
    gst_clear_buffer (&self->card_bufs[i]);
  g_clear_pointer (&self->card_bufs, g_free);
}

static GstBuffer *
gst_v4l2_tv_src_new_card_buffer (GstV4l2TvSrc * self, gpointer data, gsize size)
{
  GstBuffer *buf = gst_buffer_new_wrapped_full (GST_MEMORY_FLAG_READONLY,
      data, size, 0, size, NULL, NULL);

  if (GST_VIDEO_INFO_IS_INTERLACED (&self->info)) {
    GST_BUFFER_FLAG_SET (buf, GST_VIDEO_BUFFER_FLAG_INTERLACED);
    if (self->tff)
      GST_BUFFER_FLAG_SET (buf, GST_VIDEO_BUFFER_FLAG_TFF);
  }
  return buf;
}

/* the VBI node streams with the video node: started just before its
 * STREAMON (gst_v4l2_tv_src_start_streaming_unlocked() says why), stopped
 * before its buffers go */
static void
gst_v4l2_tv_src_set_vbi_mode (GstV4l2TvSrc * self, GstV4l2TvVbiMode mode)
{
  if (mode == GST_V4L2_TV_VBI_MODE_OFF) {
    gst_v4l2_tv_vbi_node_stop (self->obj->vbi);
  } else {
    mode = gst_v4l2_tv_vbi_node_start (self->obj->vbi);
    /* a new line count (a switch): a new VBI state */
    if (self->vbi.system_lines != self->obj->lines)
      gst_v4l2_tv_vbi_reset (&self->vbi,
          gst_v4l2_tv_vbi_node_get_services (self->obj->vbi), self->obj->lines);
  }
  GST_OBJECT_LOCK (self);
  self->vbi_mode = mode;
  GST_OBJECT_UNLOCK (self);
}

/* STREAMOFF, then frames still held downstream are copied (the card no
 * longer writes them) and the buffers freed; the card keeps its settings */
static void
gst_v4l2_tv_src_stop_streaming (GstV4l2TvSrc * self)
{
  /* the frame kept for a gap may be a card buffer */
  gst_v4l2_tv_signal_release (&self->signal);
  gst_v4l2_tv_src_set_vbi_mode (self, GST_V4L2_TV_VBI_MODE_OFF);
  if (self->n_buffers == 0)
    return;

  GST_DEBUG_OBJECT (self, "stopping streaming, %u buffers downstream",
      self->pool ? gst_v4l2_tv_buffer_pool_get_outstanding (self->pool) : 0);

  if (self->streaming)
    gst_v4l2_tv_node_stream_off (self->obj);
  self->streaming = FALSE;

  /* held frames move to private memory; the pools free their buffers once
   * the last of them comes back */
  if (self->pool) {
    gst_v4l2_tv_buffer_pool_detach (self->pool);
    gst_clear_object (&self->pool);
  }
  if (self->copy_pool) {
    gst_buffer_pool_set_active (self->copy_pool, FALSE);
    gst_clear_object (&self->copy_pool);
  }
  gst_v4l2_tv_src_free_card_buffers (self);

  /* (detaching may wait for downstream to unmap a frame: not with the
   * device lock) */
  gst_v4l2_tv_node_free_buffers (self->obj);
  self->n_buffers = self->n_queued = 0;
}

/*
 * The card's format: a pool with one buffer over each card buffer, and a
 * pool for the frames copied while downstream holds so many that the card
 * would starve (repacked when the card pads its lines and downstream takes
 * no GstVideoMeta). Both recycle their buffers.
 */
static gboolean
gst_v4l2_tv_src_make_pools (GstV4l2TvSrc * self,
    const GstV4l2TvMapping * maps, guint n)
{
  GstStructure *config;

  self->pool = gst_v4l2_tv_buffer_pool_new (self->obj->kind, maps, n, NULL,
      &self->info, !self->default_layout);
  if (!gst_buffer_pool_set_active (self->pool, TRUE))
    return FALSE;

  self->copy_pool = gst_buffer_pool_new ();
  config = gst_buffer_pool_get_config (self->copy_pool);
  /* the padded size: a repacked frame is smaller, and cut down to its size
   * (the pool restores it) */
  gst_buffer_pool_config_set_params (config, self->format_caps,
      self->info.size, 0, 0);
  if (!gst_buffer_pool_set_config (self->copy_pool, config))
    return FALSE;

  return gst_buffer_pool_set_active (self->copy_pool, TRUE);
}

static gboolean
gst_v4l2_tv_src_start_streaming_unlocked (GstV4l2TvSrc * self)
{
  g_autoptr (GError) err = NULL;
  GstV4l2TvMapping *maps;
  guint n, i;

  maps = gst_v4l2_tv_node_request_buffers (self->obj, DEFAULT_NUM_BUFFERS, 1,
      self->info.size, &n);
  if (maps == NULL)
    return FALSE;

  self->n_buffers = n;
  self->n_queued = 0;
  self->min_queued = CLAMP (n - 1, 1, MAX_MIN_QUEUED);
  if (self->convert) {
    self->card_bufs = g_new0 (GstBuffer *, n);
    for (i = 0; i < n; i++)
      self->card_bufs[i] = gst_v4l2_tv_src_new_card_buffer (self,
          maps[i].data, maps[i].size);
  } else if (!gst_v4l2_tv_src_make_pools (self, maps, n)) {
    g_free (maps);
    goto pool_failed;
  }
  g_free (maps);

  for (i = 0; i < n; i++)
    if (!gst_v4l2_tv_src_queue_buffer (self, i, &err))
      goto qbuf_failed;
  /* the VBI node first: a card counts the frames of both nodes from the
   * first STREAMON of either (vivid, the virtual card), so the video's
   * first frame has its VBI frame; started after the video, the VBI would
   * miss the frames the card finished in between (a caption's first bytes
   * among them) */
  gst_v4l2_tv_src_set_vbi_mode (self, GST_V4L2_TV_VBI_MODE_SLICED);
  if (!gst_v4l2_tv_node_stream_on (self->obj))
    goto streamon_failed;

  if (self->convert)
    GST_INFO_OBJECT (self, "streaming with %u buffers, converting", n);
  else
    GST_INFO_OBJECT (self, "streaming with %u buffers, copying when fewer "
        "than %u are queued", n, self->min_queued);
  self->streaming = TRUE;
  self->have_sequence = FALSE;
  self->no_picture_gap = FALSE;
  self->gap_fillers = 0;
  self->last_frame_time = GST_CLOCK_TIME_NONE;
  /* a new STREAMON may start the card's stamps again */
  self->last_stamp = GST_CLOCK_TIME_NONE;
  self->wait_began = GST_CLOCK_TIME_NONE;
  self->wait_ended = GST_CLOCK_TIME_NONE;
  self->came_in_wait = FALSE;
  self->too_old = FALSE;
  self->dropped_late = FALSE;
  self->discont = TRUE;

  GST_OBJECT_LOCK (self);
  self->latency_buffers = n;
  GST_OBJECT_UNLOCK (self);

  return TRUE;

  /* ERRORS */
pool_failed:
  {
    gst_v4l2_tv_node_post_alloc_error (self->obj, NULL,
        "could not activate the buffer pools");
    gst_v4l2_tv_src_stop_streaming (self);
    return FALSE;
  }
qbuf_failed:
  {
    gst_v4l2_tv_node_post_alloc_error (self->obj, err, NULL);
    gst_v4l2_tv_src_stop_streaming (self);
    return FALSE;
  }
streamon_failed:
  {
    gst_v4l2_tv_src_stop_streaming (self);
    return FALSE;
  }
}

/* REQBUFS, the buffers mapped and queued, STREAMON: with the device lock,
 * so that no other thread's call comes in between */
static gboolean
gst_v4l2_tv_src_start_streaming (GstV4l2TvSrc * self)
{
  gboolean ret;

  GST_V4L2_TV_DEVICE_LOCK (self->obj);
  ret = gst_v4l2_tv_src_start_streaming_unlocked (self);
  GST_V4L2_TV_DEVICE_UNLOCK (self->obj);

  return ret;
}

/* --- state --- */

/* the device's lifecycle is the object's (open and programmed in READY) */
static GstStateChangeReturn
gst_v4l2_tv_src_change_state (GstElement * element, GstStateChange transition)
{
  return gst_v4l2_tv_node_change_state (GST_V4L2_TV_SRC (element)->obj,
      GST_ELEMENT_CLASS (parent_class), transition);
}

static gboolean
gst_v4l2_tv_src_start (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  /* the card was programmed when it opened */
  self->stamps = GST_V4L2_TV_STAMPS_UNDECIDED;
  self->stamp_delay = GST_CLOCK_TIME_NONE;
  self->processed = 0;
  self->discarded = 0;
  self->have_sequence = FALSE;
  self->downstream_meta = FALSE;
  self->par_pending = FALSE;
  gst_v4l2_tv_vbi_reset (&self->vbi,
      gst_v4l2_tv_vbi_node_get_services (self->obj->vbi), 0);
  gst_v4l2_tv_vbi_node_reset (self->obj->vbi);
  gst_v4l2_tv_signal_reset (&self->signal);
  gst_v4l2_tv_reconnect_start (self->reconnect);
  GST_OBJECT_LOCK (self);
  self->dropped = 0;
  self->gap_frames = 0;
  self->capture_errors = 0;
  self->corrupted = 0;
  memset (&self->vbi_stats, 0, sizeof (self->vbi_stats));
  GST_OBJECT_UNLOCK (self);

  return TRUE;
}

static gboolean
gst_v4l2_tv_src_stop (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  gst_v4l2_tv_src_stop_streaming (self);
  gst_clear_caps (&self->format_caps);
  g_clear_pointer (&self->convert, gst_tv_convert_free);
  gst_clear_object (&self->clock);
  self->duration = GST_CLOCK_TIME_NONE;

  return TRUE;
}

/* --- caps --- */

static GstCaps *
gst_v4l2_tv_src_get_caps (GstBaseSrc * bsrc, GstCaps * filter)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);
  GstCaps *caps;

  caps = gst_v4l2_tv_src_probed_caps (self);
  if (caps == NULL)
    caps = gst_pad_get_pad_template_caps (GST_BASE_SRC_PAD (bsrc));

  return gst_v4l2_tv_node_filter_caps (caps, filter);
}

static void
gst_v4l2_tv_src_release_for_switch (gpointer obj, gpointer user_data)
{
  GstV4l2TvSrc *self = user_data;

  gst_v4l2_tv_src_stop_streaming (self);
  /* the new input's first frame may take a while: not a gap */
  self->signal.last_pts = GST_CLOCK_TIME_NONE;
}

/* the switch of a live input/norm change, in the streaming thread */
static GstFlowReturn
gst_v4l2_tv_src_switch (GstV4l2TvSrc * self)
{
  gboolean switched;
  GstFlowReturn ret = gst_v4l2_tv_node_switch (self->obj,
      gst_v4l2_tv_src_release_for_switch, self, &switched);

  /* negotiate again: new caps if the size changed, S_FMT anyway; the WSS
   * aspect is the new input's */
  if (switched) {
    gst_clear_caps (&self->format_caps);
    gst_v4l2_tv_vbi_reset (&self->vbi,
        gst_v4l2_tv_vbi_node_get_services (self->obj->vbi), 0);
  }
  return ret;
}

/* the formats of @caps, "YUY2, I420", each once; else the caps as text
 * (downstream may take no raw video at all) */
static gchar *
caps_formats (GstCaps * caps)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  guint i, j;

  for (i = 0; i < gst_caps_get_size (caps); i++) {
    const GValue *v = gst_structure_get_value (gst_caps_get_structure (caps,
            i), "format");
    guint n = v && GST_VALUE_HOLDS_LIST (v) ? gst_value_list_get_size (v) :
        (v && G_VALUE_HOLDS_STRING (v) ? 1 : 0);

    for (j = 0; j < n; j++) {
      const GValue *f = GST_VALUE_HOLDS_LIST (v) ?
          gst_value_list_get_value (v, j) : v;

      if (G_VALUE_HOLDS_STRING (f) && !g_ptr_array_find_with_equal_func (names,
              g_value_get_string (f), g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) g_value_get_string (f));
    }
  }
  if (names->len == 0)
    return gst_caps_to_string (caps);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (gchar **) names->pdata);
}

/* downstream takes none of our caps: what we have (the standard's frame
 * size and rate, in which formats) and what it takes, and what fixes it */
static void
gst_v4l2_tv_src_no_common_format (GstV4l2TvSrc * self, GstCaps * ours)
{
  GstCaps *theirs = gst_pad_peer_query_caps (GST_BASE_SRC_PAD (self), NULL);
  GstStructure *st = gst_caps_get_structure (ours, 0);
  g_autofree gchar *have = caps_formats (ours);
  g_autofree gchar *take = theirs ? caps_formats (theirs) : g_strdup ("");
  gint width = 0, height = 0, fps_n = 0, fps_d = 1;

  gst_structure_get_int (st, "width", &width);
  gst_structure_get_int (st, "height", &height);
  gst_structure_get_fraction (st, "framerate", &fps_n, &fps_d);
  GST_ELEMENT_ERROR (self, CORE, NEGOTIATION,
      (_("Device '%s' gives %dx%d video at %d/%d frames per second as %s; "
              "the element after v4l2tvsrc takes none of these (it takes %s)."
              " Convert it after v4l2tvsrc (videoconvert, videoscale, "
              "videorate)."), gst_v4l2_tv_object_get_location (self->obj),
          width, height, fps_n, fps_d, have, take),
      ("ours %" GST_PTR_FORMAT ", downstream %" GST_PTR_FORMAT, ours, theirs));
  gst_clear_caps (&theirs);
}

/* the first of our caps that downstream accepts: the card's formats in
 * ENUM_FMT order, then the converted ones */
static gboolean
gst_v4l2_tv_src_negotiate_caps (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);
  GstCaps *ours, *peer, *caps;
  gboolean ret;

  if (gst_v4l2_tv_src_switch (self) != GST_FLOW_OK)
    return FALSE;

  ours = gst_v4l2_tv_src_probed_caps (self);
  if (ours == NULL)
    return FALSE;

  peer = gst_pad_peer_query_caps (GST_BASE_SRC_PAD (bsrc), ours);
  GST_DEBUG_OBJECT (self, "ours %" GST_PTR_FORMAT ", peer %" GST_PTR_FORMAT,
      ours, peer);
  if (peer) {
    caps = gst_caps_intersect_full (ours, peer, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (peer);
  } else {
    caps = gst_caps_ref (ours);
  }

  if (gst_caps_is_empty (caps)) {
    gst_v4l2_tv_src_no_common_format (self, ours);
    gst_caps_unref (ours);
    gst_caps_unref (caps);
    return FALSE;
  }
  gst_caps_unref (ours);

  caps = gst_caps_fixate (caps);
  GST_DEBUG_OBJECT (self, "fixated to %" GST_PTR_FORMAT, caps);
  ret = gst_base_src_set_caps (bsrc, caps);
  gst_caps_unref (caps);

  return ret;
}

/* GstBaseSrc negotiates in the streaming thread before the first
 * create(): with on-disconnect=reconnect, a card that went away in READY
 * or before the first frame is ridden out from here too. The negotiation
 * then "succeeds" with no caps; create() waits for the card and
 * negotiates again once it is back. */
static gboolean
gst_v4l2_tv_src_negotiate (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  gst_v4l2_tv_reconnect_enter (self->reconnect);
  if (gst_v4l2_tv_src_negotiate_caps (bsrc))
    return TRUE;
  if (!gst_v4l2_tv_reconnect_pending (self->reconnect))
    return FALSE;
  GST_INFO_OBJECT (self, "the card went away while negotiating");
  return TRUE;
}

/* S_FMT for the src pad's @caps, and the converter when they are not the
 * card's format; in the streaming thread, or before it runs */
static gboolean
gst_v4l2_tv_src_apply_format (GstV4l2TvSrc * self, GstCaps * caps)
{
  GstClockTime old = self->duration;
  g_autoptr (GstCaps) card_caps = NULL;
  gboolean convert;

  /* drivers refuse S_FMT while buffers exist */
  gst_v4l2_tv_src_stop_streaming (self);
  gst_clear_caps (&self->format_caps);
  g_clear_pointer (&self->convert, gst_tv_convert_free);

  {
    /* the card's pixel aspect ratio, whatever WSS made of it */
    g_autoptr (GstCaps) base = gst_v4l2_tv_src_set_par (gst_caps_copy (caps),
        self->obj->par_n, self->obj->par_d);
    g_autoptr (GstCaps) full = gst_v4l2_tv_crop_card_caps (self->obj, base);

    card_caps = gst_v4l2_tv_src_card_caps (self, full, &convert);
  }
  if (card_caps == NULL)
    goto not_ours;
  convert |= gst_v4l2_tv_crop_in_software (self->obj);
  if (!gst_v4l2_tv_caps_set_format (self->obj, card_caps, &self->info,
          &self->default_layout))
    return FALSE;

  if (convert) {
    GstVideoInfo in = self->info;

    /* made once here, used for every frame: the only allocation of the
     * converted path */
    if (!gst_video_info_from_caps (&self->out_info, caps))
      goto not_ours;
    gst_v4l2_tv_crop_info (self->obj, &in);
    self->convert = gst_tv_convert_new (&in, &self->out_info);
    if (self->convert == NULL)
      goto no_conversion;
    GST_INFO_OBJECT (self, "converting %s to %s (%s)",
        gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (&self->info)),
        gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (&self->out_info)),
        gst_tv_convert_is_fast_path (self->convert) ? "ORC fast path" :
        "GstVideoConverter");
  }

  self->format_caps = gst_caps_ref (caps);
  self->duration = gst_v4l2_tv_object_get_frame_duration (self->obj);
  self->tff = GST_VIDEO_INFO_FIELD_ORDER (&self->info) ==
      GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST;

  if (GST_CLOCK_TIME_IS_VALID (old) && old != self->duration)
    gst_element_post_message (GST_ELEMENT_CAST (self),
        gst_message_new_latency (GST_OBJECT_CAST (self)));

  return TRUE;

  /* ERRORS */
not_ours:
  {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("caps %" GST_PTR_FORMAT " are neither the card's nor converted "
            "from them", caps));
    return FALSE;
  }
no_conversion:
  {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("no conversion from %s to %s",
            gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (&self->info)),
            gst_video_format_to_string (GST_VIDEO_INFO_FORMAT
                (&self->out_info))));
    return FALSE;
  }
}

static gboolean
gst_v4l2_tv_src_set_caps (GstBaseSrc * bsrc, GstCaps * caps)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  if (self->format_caps && gst_caps_is_equal (self->format_caps, caps))
    return TRUE;
  /* only the pixel aspect ratio (WSS): the card's format stays */
  if (self->format_caps && gst_caps_is_fixed (caps)) {
    g_autoptr (GstCaps) a = gst_v4l2_tv_src_set_par (gst_caps_copy (caps),
        1, 1);
    g_autoptr (GstCaps) b =
        gst_v4l2_tv_src_set_par (gst_caps_copy (self->format_caps), 1, 1);

    if (gst_caps_is_equal (a, b)) {
      GST_INFO_OBJECT (self, "new pixel aspect ratio: %" GST_PTR_FORMAT, caps);
      gst_caps_replace (&self->format_caps, caps);
      return TRUE;
    }
  }

  return gst_v4l2_tv_src_apply_format (self, caps);
}

static gboolean
gst_v4l2_tv_src_configure_pool (GstBufferPool * pool, GstCaps * caps,
    guint size, guint min, guint max, GstAllocator * allocator,
    const GstAllocationParams * params, gboolean video_meta)
{
  GstStructure *config = gst_buffer_pool_get_config (pool);

  gst_buffer_pool_config_set_params (config, caps, size, min, max);
  gst_buffer_pool_config_set_allocator (config, allocator, params);
  if (video_meta &&
      gst_buffer_pool_has_option (pool, GST_BUFFER_POOL_OPTION_VIDEO_META))
    gst_buffer_pool_config_add_option (config,
        GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (gst_buffer_pool_set_config (pool, config))
    return TRUE;

  /* the pool changed what it could not take: fine if the frame still
   * fits */
  config = gst_buffer_pool_get_config (pool);
  if (!gst_buffer_pool_config_validate_params (config, caps, size, min, max)) {
    gst_structure_free (config);
    return FALSE;
  }
  return gst_buffer_pool_set_config (pool, config);
}

/*
 * The card's format: downstream's pool is not used, the buffers come from
 * our pool over the card's buffers (made at STREAMON); only whether
 * downstream reads GstVideoMeta matters, for drivers that pad lines.
 *
 * Converted: frames are converted into buffers of downstream's pool, or of
 * a GstVideoBufferPool of ours when downstream has none or its pool does
 * not take the frame. The pool recycles them, so that nothing is
 * allocated per frame once it holds as many buffers as are in flight.
 */
static gboolean
gst_v4l2_tv_src_decide_allocation (GstBaseSrc * bsrc, GstQuery * query)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);
  GstBufferPool *pool = NULL;
  GstAllocator *allocator = NULL;
  GstAllocationParams params;
  GstCaps *caps = NULL;
  guint size, min = 0, max = 0;
  gboolean have_pool, have_params;

  self->downstream_meta = gst_query_find_allocation_meta (query,
      GST_VIDEO_META_API_TYPE, NULL);

  if (self->convert == NULL) {
    while (gst_query_get_n_allocation_pools (query) > 0)
      gst_query_remove_nth_allocation_pool (query, 0);
    return TRUE;
  }

  gst_query_parse_allocation (query, &caps, NULL);
  if (caps == NULL)
    goto no_caps;

  have_params = gst_query_get_n_allocation_params (query) > 0;
  if (have_params)
    gst_query_parse_nth_allocation_param (query, 0, &allocator, &params);
  else
    gst_allocation_params_init (&params);

  size = self->out_info.size;
  have_pool = gst_query_get_n_allocation_pools (query) > 0;
  if (have_pool) {
    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
    size = MAX (size, self->out_info.size);
  }

  if (pool && !gst_v4l2_tv_src_configure_pool (pool, caps, size, min, max,
          allocator, &params, self->downstream_meta)) {
    GST_DEBUG_OBJECT (self, "downstream's pool %" GST_PTR_FORMAT " does not "
        "take our frames, using our own", pool);
    gst_clear_object (&pool);
  }
  if (pool == NULL) {
    size = self->out_info.size;
    pool = gst_video_buffer_pool_new ();
    if (!gst_v4l2_tv_src_configure_pool (pool, caps, size, min, max,
            allocator, &params, self->downstream_meta))
      goto config_failed;
  }
  GST_DEBUG_OBJECT (self, "converting into %" GST_PTR_FORMAT ", %u bytes, "
      "%u to %u buffers", pool, size, min, max);

  if (have_params)
    gst_query_set_nth_allocation_param (query, 0, allocator, &params);
  else
    gst_query_add_allocation_param (query, allocator, &params);
  if (have_pool)
    gst_query_set_nth_allocation_pool (query, 0, pool, size, min, max);
  else
    gst_query_add_allocation_pool (query, pool, size, min, max);

  gst_object_unref (pool);
  gst_clear_object (&allocator);

  return TRUE;

  /* ERRORS */
no_caps:
  {
    GST_ERROR_OBJECT (self, "allocation query without caps");
    return FALSE;
  }
config_failed:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS, (NULL),
        ("could not configure a buffer pool for %" GST_PTR_FORMAT, caps));
    gst_object_unref (pool);
    gst_clear_object (&allocator);
    return FALSE;
  }
}

static gboolean
gst_v4l2_tv_src_query (GstBaseSrc * bsrc, GstQuery * query)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  switch (GST_QUERY_TYPE (query)) {
    case GST_QUERY_LATENCY:{
      GstClockTime period, min;
      guint n;

      /* a frame is ours a period after it began, its timestamp (as
       * v4l2src says); the card can hold as many as it has buffers. A
       * filler frame goes out FILLER_DELAY after that, as a frame handed
       * over late would, within a sink's processing deadline. */
      period = gst_v4l2_tv_object_get_frame_duration (self->obj);
      if (!GST_CLOCK_TIME_IS_VALID (period)) {
        GST_DEBUG_OBJECT (self, "no latency before the device is open");
        return FALSE;
      }
      GST_OBJECT_LOCK (self);
      n = self->latency_buffers;
      GST_OBJECT_UNLOCK (self);
      min = period;

      GST_DEBUG_OBJECT (self, "latency min %" GST_TIME_FORMAT " max %"
          GST_TIME_FORMAT, GST_TIME_ARGS (min),
          GST_TIME_ARGS (MAX (min, n * period)));
      gst_query_set_latency (query, TRUE, min, MAX (min, n * period));
      return TRUE;
    }
    default:
      return GST_BASE_SRC_CLASS (parent_class)->query (bsrc, query);
  }
}

/* unlock() (@flushing TRUE) and unlock_stop() (FALSE) */
static gboolean
gst_v4l2_tv_src_set_flushing (GstV4l2TvSrc * self, gboolean flushing)
{
  GST_DEBUG_OBJECT (self, "%s", flushing ? "unlock" : "unlock stop");
  gst_v4l2_tv_object_set_flushing (self->obj, flushing);
  gst_v4l2_tv_reconnect_set_flushing (self->reconnect, flushing);

  return TRUE;
}

static gboolean
gst_v4l2_tv_src_unlock (GstBaseSrc * bsrc)
{
  return gst_v4l2_tv_src_set_flushing (GST_V4L2_TV_SRC (bsrc), TRUE);
}

static gboolean
gst_v4l2_tv_src_unlock_stop (GstBaseSrc * bsrc)
{
  return gst_v4l2_tv_src_set_flushing (GST_V4L2_TV_SRC (bsrc), FALSE);
}

/* --- frames --- */

static gboolean
clock_is_monotonic (GstClock * clock)
{
  GstClockType type = GST_CLOCK_TYPE_REALTIME;

  if (!GST_IS_SYSTEM_CLOCK (clock))
    return FALSE;
  g_object_get (clock, "clock-type", &type, NULL);
  return type == GST_CLOCK_TYPE_MONOTONIC;
}

/* the element's clock (a reference, NULL without one) and base time */
static GstClock *
gst_v4l2_tv_src_get_clock (GstV4l2TvSrc * self, GstClockTime * base_time)
{
  GstClock *clock;

  GST_OBJECT_LOCK (self);
  clock = GST_ELEMENT_CLOCK (self);
  if (clock)
    gst_object_ref (clock);
  *base_time = GST_ELEMENT_CAST (self)->base_time;
  GST_OBJECT_UNLOCK (self);

  return clock;
}

/* the time now on the clock the card stamps its frames on (as its
 * buffers' flags say), GST_CLOCK_TIME_NONE when it names none we can
 * read */
static GstClockTime
gst_v4l2_tv_src_card_now (GstV4l2TvSrc * self, guint32 buf_flags)
{
  GstClockTime now;

  if (self->obj->dev == NULL ||
      !gst_tv_hw_device_get_stamp_clock_time (self->obj->dev, buf_flags, &now))
    return GST_CLOCK_TIME_NONE;
  return now;
}

/*
 * Why the driver's stamp of the frame in @vbuf is not to be trusted, or
 * NULL when it is plausible on the clock it claims (@card_now is that
 * clock's time now): it is on a clock we can read, not zero, not in the
 * future, later than the last frame's (not stuck, not going back), and,
 * when the frame came while we waited (it was not ready as the wait
 * began, @came_in_wait), finished
 * (@finish: the stamp, or a period after it when the driver stamps the
 * start of a frame) less than STAMP_MAX_AGE before the wait began.
 *
 * Lateness is not implausibility. A frame finished a period or more
 * before the wait it came in (self->too_old) is believed, and teaches
 * no delay: the wait's end is read when this thread runs again, and a
 * driver that completes frames from a thread (the virtual card) can
 * itself run late. Under valgrind the virtual card's true stamps were
 * 0.16 s old for three frames in a row and 1.02 s old for one; a frame
 * period, or any count of frames, would have taken them for another
 * clock and stamped the rest of the stream on arrival, off its grid.
 * @detail gets the figures.
 */
static const gchar *
gst_v4l2_tv_src_implausible (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf, GstClockTime stamp, GstClockTime finish,
    GstClockTime card_now, gboolean came_in_wait, gchar ** detail)
{
  GstClockTime period = self->duration, began = self->wait_began;

  if (!GST_CLOCK_TIME_IS_VALID (card_now)) {
    *detail = g_strdup_printf ("timestamp flags 0x%x",
        vbuf->flags & V4L2_BUF_FLAG_TIMESTAMP_MASK);
    return "on no clock the driver names (only "
        "V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC is)";
  }
  if (stamp == 0) {
    *detail = g_strdup ("0");
    return "missing";
  }
  if (stamp > card_now) {
    *detail = g_strdup_printf ("%" GST_TIME_FORMAT " ahead of "
        "CLOCK_MONOTONIC", GST_TIME_ARGS (stamp - card_now));
    return "in the future";
  }
  if (GST_CLOCK_TIME_IS_VALID (self->last_stamp) && stamp <= self->last_stamp) {
    *detail = g_strdup_printf ("%" GST_TIME_FORMAT ", the frame before it %"
        GST_TIME_FORMAT, GST_TIME_ARGS (stamp),
        GST_TIME_ARGS (self->last_stamp));
    return stamp == self->last_stamp ? "stuck (the same value again)" :
        "going backwards";
  }
  self->too_old = came_in_wait && finish + period < began;
  if (self->too_old && began - finish > STAMP_MAX_AGE) {
    *detail = g_strdup_printf ("%" GST_TIME_FORMAT " before the wait it "
        "came in began", GST_TIME_ARGS (began - finish));
    return "too old for the frame (not on CLOCK_MONOTONIC)";
  }
  if (self->too_old)
    GST_DEBUG_OBJECT (self, "timestamps: frame %u stamped %" GST_TIME_FORMAT
        " before the wait it came in began: late", vbuf->sequence,
        GST_TIME_ARGS (began - finish));
  *detail = NULL;
  return NULL;
}

/*
 * The timestamp of the frame just dequeued in @vbuf, once per frame:
 * self->frame_pts, the running time at which the card began it (it
 * finished it one frame period later), and self->frame_time, the time it
 * finished it on the card's clock (for counting drops).
 *
 * The driver's stamp is used while it is plausible on the clock it claims
 * (gst_v4l2_tv_src_implausible()): as it is when the pipeline runs on the
 * monotonic system clock (a pipeline's default), else as old on the
 * pipeline's clock as it is on the card's (now - (card's now - stamp)).
 * The first implausible stamp makes the source stamp every frame until it
 * stops with its arrival time less the known delay (the smallest delay a
 * trusted stamp had, 0 without one), as v4l2src falls back; the choice
 * and the fallback are logged once. The known delay is learnt only from
 * frames that came while the source waited (whose arrival it saw).
 */
static void
gst_v4l2_tv_src_time_frame (GstV4l2TvSrc * self, const struct v4l2_buffer *vbuf)
{
  GstClock *clock;
  GstClockTime base_time = 0, now = GST_CLOCK_TIME_NONE, card_now, stamp;
  GstClockTime at = GST_CLOCK_TIME_NONE, delay, period = self->duration;
  GstClockTime finish;
  gboolean came_in_wait;

  stamp = GST_TIMEVAL_TO_TIME (vbuf->timestamp);
  /* the stamp is when the card finished the frame (the default,
   * V4L2_BUF_FLAG_TSTAMP_SRC_EOF), or when it began it */
  finish = stamp;
  if ((vbuf->flags & V4L2_BUF_FLAG_TSTAMP_SRC_MASK) ==
      V4L2_BUF_FLAG_TSTAMP_SRC_SOE && GST_CLOCK_TIME_IS_VALID (period))
    finish += period;
  card_now = gst_v4l2_tv_src_card_now (self, vbuf->flags);
  /* the frame was not ready when the wait began, and we know when it
   * arrived (the wait's end, read as soon as the thread ran again) */
  came_in_wait = self->came_in_wait && GST_CLOCK_TIME_IS_VALID (card_now) &&
      GST_CLOCK_TIME_IS_VALID (period) && period > 0 &&
      GST_CLOCK_TIME_IS_VALID (self->wait_began) &&
      GST_CLOCK_TIME_IS_VALID (self->wait_ended);

  if (self->stamps != GST_V4L2_TV_STAMPS_ARRIVAL) {
    g_autofree gchar *detail = NULL;
    const gchar *why = gst_v4l2_tv_src_implausible (self, vbuf, stamp,
        finish, card_now, came_in_wait, &detail);

    if (why) {
      GST_WARNING_OBJECT (self, "timestamps: the driver's stamp of frame %u "
          "is %s (%s): frames are stamped with their arrival time from now "
          "on, less %" GST_TIME_FORMAT, vbuf->sequence, why, detail,
          GST_TIME_ARGS (GST_CLOCK_TIME_IS_VALID (self->stamp_delay) ?
              self->stamp_delay : 0));
      self->stamps = GST_V4L2_TV_STAMPS_ARRIVAL;
    } else if (self->stamps == GST_V4L2_TV_STAMPS_UNDECIDED) {
      GST_INFO_OBJECT (self, "timestamps: the driver's, on CLOCK_MONOTONIC "
          "(frame %u stamped %" GST_TIME_FORMAT " before its arrival)",
          vbuf->sequence, GST_TIME_ARGS (card_now - stamp));
      self->stamps = GST_V4L2_TV_STAMPS_DRIVER;
    }
  }
  self->last_stamp = stamp;

  if (self->stamps == GST_V4L2_TV_STAMPS_DRIVER) {
    delay = card_now > finish ? card_now - finish : 0;
    /* the known delay: learnt from frames whose arrival we saw, and
     * not from one too old (late, or a clock that is not the one
     * claimed) */
    if (came_in_wait && !self->too_old &&
        (!GST_CLOCK_TIME_IS_VALID (self->stamp_delay) ||
            delay < self->stamp_delay))
      self->stamp_delay = delay;
    self->frame_time = finish;
  } else {
    delay = GST_CLOCK_TIME_IS_VALID (self->stamp_delay) ? self->stamp_delay : 0;
    self->frame_time = GST_CLOCK_TIME_IS_VALID (card_now) ? card_now :
        (GstClockTime) g_get_monotonic_time () * GST_USECOND;
  }

  clock = gst_v4l2_tv_src_get_clock (self, &base_time);
  if (clock) {
    if (clock != self->clock) {
      gst_object_replace ((GstObject **) & self->clock,
          GST_OBJECT_CAST (clock));
      self->clock_is_monotonic = clock_is_monotonic (clock);
      GST_DEBUG_OBJECT (self, "clock %" GST_PTR_FORMAT " is%s the monotonic "
          "system clock", clock, self->clock_is_monotonic ? "" : " not");
    }
    if (self->stamps == GST_V4L2_TV_STAMPS_DRIVER && self->clock_is_monotonic) {
      at = finish;
    } else {
      now = gst_clock_get_time (clock);
      at = now > delay ? now - delay : 0;
    }
    gst_object_unref (clock);
  }

  /* the card began the frame a period before it finished it */
  if (GST_CLOCK_TIME_IS_VALID (at) && GST_CLOCK_TIME_IS_VALID (period))
    at = at > period ? at - period : 0;

  self->frame_early = GST_CLOCK_TIME_IS_VALID (at) && at < base_time;
  if (!GST_CLOCK_TIME_IS_VALID (at))
    self->frame_pts = GST_CLOCK_TIME_NONE;
  else
    self->frame_pts = at > base_time ? at - base_time : 0;
}

/*
 * A QoS message for the frame at @pts that was lost (@reason "dropped":
 * by the card), corrupted ("corrupted") or came after its filler
 * ("late"): processed are the frames pushed from the card, dropped those
 * the card lost and those dropped here.
 */
static void
gst_v4l2_tv_src_post_qos (GstV4l2TvSrc * self, GstClockTime pts,
    const gchar * reason)
{
  GstMessage *msg;
  guint64 dropped, corrupted;

  GST_OBJECT_LOCK (self);
  dropped = self->dropped + self->discarded;
  corrupted = self->corrupted;
  GST_OBJECT_UNLOCK (self);

  msg = gst_message_new_qos (GST_OBJECT_CAST (self), TRUE, pts,
      GST_CLOCK_TIME_NONE, pts, self->duration);
  gst_message_set_qos_stats (msg, GST_FORMAT_BUFFERS, self->processed, dropped);
  gst_structure_set (gst_message_writable_structure (msg),
      "reason", G_TYPE_STRING, reason,
      "corrupted-count", G_TYPE_UINT64, corrupted, NULL);
  gst_element_post_message (GST_ELEMENT_CAST (self), msg);
}

/*
 * Counts the frames the card lost between the previous frame it
 * delivered and the one in @vbuf (see the dropped-frames property):
 * - the sequence numbers tell, modulo 2^32 (they wrap around);
 * - when the source waited in vain in between and read the input's
 *   status without a picture at least once (no signal: fillers went out,
 *   or with signal-loss=wait nothing), the missing numbers are that gap,
 *   not drops, even if the signal was back at a later read; without such
 *   a status, the periods filled and the one the frames came back in are
 *   not drops (the card stalled with a signal);
 * - a jump that the time between the two frames cannot explain (more
 *   than the frame periods elapsed and two, or backwards) is a
 *   discontinuity of the driver's counter, not drops: the frames lost are
 *   estimated from the timestamps instead, and the buffer is DISCONT;
 * - a driver that does not count (the same number again) is taken by
 *   its timestamps alone.
 */
static void
gst_v4l2_tv_src_count_drops (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf, GstClockTime pts)
{
  GstClockTime now = self->frame_time, period = self->duration;
  guint32 sequence = vbuf->sequence, delta;
  guint64 lost = 0, periods = G_MAXUINT64, total;
  gboolean had_sequence = self->have_sequence;
  gboolean no_picture = self->no_picture_gap;
  guint64 fillers = self->gap_fillers;
  GstClockTime then = self->last_frame_time;

  self->have_sequence = TRUE;
  self->no_picture_gap = FALSE;
  self->gap_fillers = 0;
  delta = sequence - self->last_sequence;
  self->last_sequence = sequence;
  self->last_frame_time = now;
  self->processed++;

  if (!had_sequence)
    return;

  /* the frame periods from the last frame to this one */
  if (GST_CLOCK_TIME_IS_VALID (period) && period > 0 &&
      GST_CLOCK_TIME_IS_VALID (then))
    periods = now > then ? (now - then + period / 2) / period : 0;

  if (no_picture) {
    GST_DEBUG_OBJECT (self, "frame %u after a gap without a picture: %u "
        "numbers on, not drops", sequence, delta);
    if (delta != 1)
      self->discont = TRUE;
    return;
  }
  if (delta == 0) {
    /* no count: the timestamps alone */
    if (periods != G_MAXUINT64 && periods > 1)
      lost = periods - 1;
  } else if (delta <= G_MAXINT32 && (periods == G_MAXUINT64 ||
          delta <= periods + 2)) {
    lost = delta - 1;
  } else {
    lost = periods != G_MAXUINT64 && periods > 1 ? periods - 1 : 0;
    GST_WARNING_OBJECT (self, "the card's frame sequence jumped from %u to "
        "%u in %" G_GUINT64_FORMAT " frame period(s): a discontinuity, %"
        G_GUINT64_FORMAT " frame(s) lost by the timestamps",
        self->last_sequence - delta, sequence,
        periods != G_MAXUINT64 ? periods : 0, lost);
    self->discont = TRUE;
  }
  if (fillers > 0) {
    /* the periods filled, and the one the card came back in */
    GST_DEBUG_OBJECT (self, "%" G_GUINT64_FORMAT " filler(s) before frame "
        "%u: %" G_GUINT64_FORMAT " of its missing numbers are no drops",
        fillers, sequence, MIN (lost, fillers + 1));
    lost -= MIN (lost, fillers + 1);
  }

  if (lost == 0)
    return;

  GST_OBJECT_LOCK (self);
  self->dropped += lost;
  total = self->dropped;
  GST_OBJECT_UNLOCK (self);

  GST_WARNING_OBJECT (self, "the card dropped %" G_GUINT64_FORMAT " frame(s) "
      "before frame %u, %" G_GUINT64_FORMAT " in all", lost, sequence, total);
  self->discont = TRUE;

  gst_v4l2_tv_src_post_qos (self, pts, "dropped");
}

/* a copy downstream can own for as long as it likes, in a buffer of the
 * copy pool (which keeps the GstVideoMeta of its buffers) */
static GstBuffer *
gst_v4l2_tv_src_copy (GstV4l2TvSrc * self, GstBuffer * buf, gboolean hflip,
    gboolean vflip)
{
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstMapInfo src, dst;
  GstVideoMeta *meta;
  GstBuffer *copy = NULL;

  if (gst_buffer_pool_acquire_buffer (self->copy_pool, &copy,
          NULL) != GST_FLOW_OK)
    return NULL;

  if ((hflip || vflip) && (self->default_layout || self->downstream_meta)) {
    /* the software flip (gstv4l2tvvidorient.c), same layout */
    gboolean flipped = FALSE;

    if (!gst_video_frame_map (&in, &self->info, buf, GST_MAP_READ))
      goto map_failed;
    if (gst_video_frame_map (&out, &self->info, copy, GST_MAP_WRITE)) {
      flipped = gst_tv_convert_flip_packed (&in, &out, hflip, vflip);
      gst_video_frame_unmap (&out);
    }
    gst_video_frame_unmap (&in);
    if (!flipped)
      goto map_failed;
  } else if (self->default_layout || self->downstream_meta) {
    if (!gst_buffer_map (buf, &src, GST_MAP_READ))
      goto map_failed;
    if (!gst_buffer_map (copy, &dst, GST_MAP_WRITE)) {
      gst_buffer_unmap (buf, &src);
      goto map_failed;
    }
    memcpy (dst.data, src.data, MIN (src.size, dst.size));
    gst_buffer_unmap (copy, &dst);
    gst_buffer_unmap (buf, &src);
  }
  if (self->default_layout || self->downstream_meta) {
    if (!self->default_layout && gst_buffer_get_video_meta (copy) == NULL) {
      meta = gst_buffer_add_video_meta_full (copy, GST_VIDEO_FRAME_FLAG_NONE,
          GST_VIDEO_INFO_FORMAT (&self->info),
          GST_VIDEO_INFO_WIDTH (&self->info),
          GST_VIDEO_INFO_HEIGHT (&self->info),
          GST_VIDEO_INFO_N_PLANES (&self->info), self->info.offset,
          self->info.stride);
      GST_META_FLAG_SET (meta, GST_META_FLAG_POOLED);
    }
    return copy;
  }

  /* padded lines and no GstVideoMeta downstream: repack */
  if (!gst_video_info_from_caps (&info, self->format_caps))
    goto map_failed;
  gst_buffer_set_size (copy, info.size);
  if (!gst_video_frame_map (&in, &self->info, buf, GST_MAP_READ))
    goto map_failed;
  if (!gst_video_frame_map (&out, &info, copy, GST_MAP_WRITE)) {
    gst_video_frame_unmap (&in);
    goto map_failed;
  }
  if (hflip || vflip)
    gst_tv_convert_flip_packed (&in, &out, hflip, vflip);
  else
    gst_video_frame_copy (&out, &in);
  gst_video_frame_unmap (&out);
  gst_video_frame_unmap (&in);

  return copy;

map_failed:
  gst_buffer_unref (copy);
  return NULL;
}

/* whether the card did not complete the frame in @vbuf: the driver says
 * so (V4L2_BUF_FLAG_ERROR), or it filled less than a frame */
static gboolean
gst_v4l2_tv_src_frame_corrupted (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf)
{
  return (vbuf->flags & V4L2_BUF_FLAG_ERROR) ||
      vbuf->bytesused < self->info.size;
}

/*
 * The frame in @vbuf (dequeued, its index valid) is corrupted: counted,
 * said in a QoS message and in the signal messages; with
 * corrupted-frames=drop its buffer goes back to the card at once.
 * Returns whether it was dropped (FALSE with @error set when the buffer
 * could not be queued again).
 */
static gboolean
gst_v4l2_tv_src_corrupted (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf, gboolean * dropped, GError ** error)
{
  GstClockTime pts = self->frame_pts;
  GstV4l2TvCorruptedFrames mode;
  guint64 n;

  GST_OBJECT_LOCK (self);
  mode = self->corrupted_mode;
  n = ++self->corrupted;
  GST_OBJECT_UNLOCK (self);

  *dropped = mode == GST_V4L2_TV_CORRUPTED_FRAMES_DROP;
  GST_INFO_OBJECT (self, "frame %u is corrupted (%s, %u of %" G_GSIZE_FORMAT
      " bytes), %" G_GUINT64_FORMAT " in all: %s", vbuf->sequence,
      (vbuf->flags & V4L2_BUF_FLAG_ERROR) ? "flagged ERROR" : "short",
      vbuf->bytesused, self->info.size, n, *dropped ? "dropped" : "marked");
  gst_v4l2_tv_signal_corrupted (&self->signal, TRUE, pts);

  if (*dropped) {
    /* the sequence goes on through it, the next frame is DISCONT */
    gst_v4l2_tv_src_count_drops (self, vbuf, pts);
    self->processed--;
    self->discarded++;
    self->discont = TRUE;
    if (!gst_v4l2_tv_src_queue_buffer (self, vbuf->index, error))
      return FALSE;
  }
  gst_v4l2_tv_src_post_qos (self, pts, "corrupted");

  return TRUE;
}

/*
 * Whether the frame in @vbuf has no slot of its own in the stream, and
 * goes back to the card (*@skip); the sequence goes on through it:
 * - it came after the filler of its own frame period went out (the card,
 *   or this thread, later than FILLER_DELAY): the filler holds its place.
 *   Counted (discarded, a QoS message "late"). Only with the driver's
 *   stamps, which say the frame's true period, and never twice in a row:
 *   a frame stamped on arrival has no true period (it follows the filler,
 *   and the next fillers fall in with it), and a driver that hands every
 *   frame over late would otherwise leave nothing but fillers;
 * - the card began it before the pipeline's running time 0 (as it
 *   played): at 0 it would be less than a period before the next frame,
 *   the rest of the stream off its slots. Not counted: it is not part of
 *   the stream.
 * Pushed, such a frame would put two buffers in one period. FALSE on
 * @error (the buffer could not be given back).
 */
static gboolean
gst_v4l2_tv_src_skip_frame (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf, gboolean * skip, GError ** error)
{
  GstClockTime pts = self->frame_pts, last = self->signal.last_pts;
  GstClockTime period = self->duration;
  gboolean late;

  late = self->gap_fillers > 0 && GST_CLOCK_TIME_IS_VALID (pts) &&
      GST_CLOCK_TIME_IS_VALID (last) && GST_CLOCK_TIME_IS_VALID (period) &&
      pts < last + period / 2 && self->stamps == GST_V4L2_TV_STAMPS_DRIVER &&
      !self->dropped_late;
  self->dropped_late = late;
  *skip = late || self->frame_early;
  if (!*skip)
    return TRUE;

  gst_v4l2_tv_src_count_drops (self, vbuf, pts);
  self->processed--;
  if (late) {
    GST_INFO_OBJECT (self, "frame %u (%" GST_TIME_FORMAT ") came after the "
        "filler of its frame period (%" GST_TIME_FORMAT "): dropped",
        vbuf->sequence, GST_TIME_ARGS (pts), GST_TIME_ARGS (last));
    GST_OBJECT_LOCK (self);
    self->discarded++;
    GST_OBJECT_UNLOCK (self);
    gst_v4l2_tv_src_post_qos (self, pts, "late");
  } else {
    GST_DEBUG_OBJECT (self, "frame %u began before running time 0: "
        "skipped", vbuf->sequence);
  }
  return gst_v4l2_tv_src_queue_buffer (self, vbuf->index, error);
}

/* timestamps, offsets and flags of the frame in @vbuf */
static void
gst_v4l2_tv_src_stamp (GstV4l2TvSrc * self, const struct v4l2_buffer *vbuf,
    GstClockTime pts, GstBuffer * buf)
{
  GST_BUFFER_PTS (buf) = pts;
  GST_BUFFER_DURATION (buf) = self->duration;
  GST_BUFFER_OFFSET (buf) = vbuf->sequence;
  GST_BUFFER_OFFSET_END (buf) = (guint64) vbuf->sequence + 1;
  if (GST_VIDEO_INFO_IS_INTERLACED (&self->info)) {
    GST_BUFFER_FLAG_SET (buf, GST_VIDEO_BUFFER_FLAG_INTERLACED);
    if (self->tff)
      GST_BUFFER_FLAG_SET (buf, GST_VIDEO_BUFFER_FLAG_TFF);
  }
  if (self->discont) {
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
    self->discont = FALSE;
  }
  if (gst_v4l2_tv_src_frame_corrupted (self, vbuf))
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_CORRUPTED);
}

/*
 * The converted path: the frame in card buffer @vbuf is converted once,
 * straight into a buffer of the negotiated pool, and the card buffer is
 * queued again at once. Nothing here allocates: the output buffer comes
 * back from the pool, the card buffer is read through card_bufs (made at
 * STREAMON), the GstVideoFrames live on the stack and
 * gst_tv_convert_frame() works in the lines gst_tv_convert_new() gave it
 * (tests/check/elements/v4l2tvsrc.c counts the objects created while
 * converting: none).
 */
static GstFlowReturn
gst_v4l2_tv_src_output_converted (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf, GstBuffer ** outbuf)
{
  g_autoptr (GError) err = NULL;
  GstClockTime pts = self->frame_pts;
  GstBufferPool *pool;
  GstVideoFrame in, out;
  GstBuffer *buf = NULL;
  GstFlowReturn ret = GST_FLOW_NOT_NEGOTIATED;
  gboolean converted = FALSE;

  gst_v4l2_tv_src_count_drops (self, vbuf, pts);

  pool = gst_base_src_get_buffer_pool (GST_BASE_SRC_CAST (self));
  if (pool) {
    ret = gst_buffer_pool_acquire_buffer (pool, &buf, NULL);
    gst_object_unref (pool);
  }
  if (ret == GST_FLOW_OK && gst_video_frame_map (&in, &self->info,
          self->card_bufs[vbuf->index], GST_MAP_READ)) {
    gst_v4l2_tv_crop_frame (self->obj, &in);
    if (gst_video_frame_map (&out, &self->out_info, buf, GST_MAP_WRITE)) {
      gst_v4l2_tv_orient_prepare_convert (self->obj, self->convert);
      converted = gst_tv_convert_frame (self->convert, &in, &out);
      gst_video_frame_unmap (&out);
    }
    gst_video_frame_unmap (&in);
  }

  /* the card gets its buffer back whatever happened */
  if (!gst_v4l2_tv_src_queue_buffer (self, vbuf->index, &err))
    goto qbuf_failed;
  if (ret != GST_FLOW_OK)
    goto acquire_failed;
  if (!converted)
    goto convert_failed;

  gst_v4l2_tv_src_stamp (self, vbuf, pts, buf);
  GST_LOG_OBJECT (self, "frame %u from buffer %u converted, pts %"
      GST_TIME_FORMAT, vbuf->sequence, vbuf->index, GST_TIME_ARGS (pts));
  *outbuf = buf;

  return GST_FLOW_OK;

  /* ERRORS */
qbuf_failed:
  {
    GST_V4L2_TV_HW_ERROR (self->obj, err, READ,
        (_("Could not read from device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)));
    gst_clear_buffer (&buf);
    return GST_FLOW_ERROR;
  }
acquire_failed:
  {
    /* flushing, mostly; no pool: not negotiated */
    GST_DEBUG_OBJECT (self, "no output buffer: %s", gst_flow_get_name (ret));
    return ret;
  }
convert_failed:
  {
    GST_ELEMENT_ERROR (self, STREAM, FAILED, (NULL),
        ("could not map or convert frame %u", vbuf->sequence));
    gst_buffer_unref (buf);
    return GST_FLOW_ERROR;
  }
}

/*
 * The card's format: the pool's buffer over card buffer @vbuf goes out as
 * it is, and the card gets it back once downstream releases it. Nothing
 * is allocated per frame, even when the frame is copied to keep the card
 * fed (tests/check/elements/v4l2tvsrc.c counts).
 */
static GstFlowReturn
gst_v4l2_tv_src_output (GstV4l2TvSrc * self, const struct v4l2_buffer *vbuf,
    GstBuffer ** outbuf)
{
  GstClockTime pts;
  GstBuffer *buf;
  GstFlowReturn ret;
  gboolean copy, hflip, vflip;

  if (self->convert)
    return gst_v4l2_tv_src_output_converted (self, vbuf, outbuf);

  pts = self->frame_pts;
  gst_v4l2_tv_src_count_drops (self, vbuf, pts);

  ret = gst_v4l2_tv_buffer_pool_acquire_index (self->pool, vbuf->index, &buf);
  if (ret != GST_FLOW_OK)
    goto acquire_failed;

  /* keep the card fed: copy when downstream holds too many buffers */
  /* a software flip copies every frame, flipped */
  copy = gst_v4l2_tv_orient_get_software (self->obj, &hflip, &vflip) ||
      self->n_queued < self->min_queued ||
      (!self->default_layout && !self->downstream_meta);
  if (copy) {
    GstBuffer *tmp = gst_v4l2_tv_src_copy (self, buf, hflip, vflip);

    GST_LOG_OBJECT (self, "copying frame %u: %u buffers queued, %u held "
        "downstream", vbuf->sequence, self->n_queued,
        gst_v4l2_tv_buffer_pool_get_outstanding (self->pool) - 1);
    /* buffer vbuf->index returns at once: queue it again */
    gst_buffer_unref (buf);
    buf = tmp;
    if (!gst_v4l2_tv_src_requeue (self)) {
      gst_clear_buffer (&buf);
      return GST_FLOW_ERROR;
    }
    if (buf == NULL)
      goto copy_failed;
  }
  gst_v4l2_tv_src_stamp (self, vbuf, pts, buf);

  GST_LOG_OBJECT (self, "frame %u from buffer %u, pts %" GST_TIME_FORMAT
      "%s", vbuf->sequence, vbuf->index, GST_TIME_ARGS (pts),
      copy ? " (copy)" : "");
  *outbuf = buf;

  return GST_FLOW_OK;

  /* ERRORS */
acquire_failed:
  {
    if (ret == GST_FLOW_FLUSHING)
      return ret;
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read from device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)),
        ("the driver returned buffer %u, which downstream still holds",
            vbuf->index));
    return GST_FLOW_ERROR;
  }
copy_failed:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read from device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)),
        ("could not copy frame %u", vbuf->sequence));
    return GST_FLOW_ERROR;
  }
}

/* the pipeline's running time now; GST_CLOCK_TIME_NONE without a clock */
static GstClockTime
gst_v4l2_tv_src_now (GstV4l2TvSrc * self)
{
  GstClockTime base_time, now;
  GstClock *clock = gst_v4l2_tv_src_get_clock (self, &base_time);

  if (clock == NULL)
    return GST_CLOCK_TIME_NONE;

  now = gst_clock_get_time (clock);
  gst_object_unref (clock);

  return now > base_time ? now - base_time : 0;
}

/*
 * How long to wait for a frame before a filler goes out in its place
 * (repeat, black): until FILLER_DELAY after the next frame was due (its
 * period's timestamp, when the card began it, plus one period).
 * *@pts is that period's timestamp. Without a clock or a frame rate, and
 * with signal-loss=wait, no filler: WAIT_PERIODS, then a warning.
 */
static GstClockTime
gst_v4l2_tv_src_wait_time (GstV4l2TvSrc * self, GstV4l2TvSignalLoss mode,
    GstClockTime * pts)
{
  GstClockTime period = self->duration, now, next, due;

  *pts = GST_CLOCK_TIME_NONE;
  if (!GST_CLOCK_TIME_IS_VALID (period))
    return DEFAULT_WAIT;
  if (mode == GST_V4L2_TV_SIGNAL_LOSS_WAIT ||
      !GST_CLOCK_TIME_IS_VALID (now = gst_v4l2_tv_src_now (self)))
    return WAIT_PERIODS * period;

  /* the period after the last buffer's; with none yet (no buffer since
   * start or a switch: the card may take a while to start), the one
   * that makes the first filler due WAIT_PERIODS after the wait began */
  next = self->signal.last_pts;
  if (GST_CLOCK_TIME_IS_VALID (next)) {
    next += period;
  } else {
    if (!GST_CLOCK_TIME_IS_VALID (self->signal.wait_start))
      self->signal.wait_start = now;
    due = self->signal.wait_start + WAIT_PERIODS * period;
    next = due - MIN (due, period + FILLER_DELAY (period));
  }
  *pts = next;
  due = next + period + FILLER_DELAY (period);

  /* at least a millisecond for the frame that may be there */
  return due > now + GST_MSECOND ? due - now : GST_MSECOND;
}

/* whether the filler for the period at @pts is due on the pipeline's clock:
 * the wait on the card is in CLOCK_MONOTONIC time and can end before it
 * when the pipeline runs on another clock (a test clock, an audio sink's) */
static gboolean
gst_v4l2_tv_src_filler_due (GstV4l2TvSrc * self, GstClockTime pts)
{
  GstClockTime now = gst_v4l2_tv_src_now (self);

  return GST_CLOCK_TIME_IS_VALID (now) &&
      now >= pts + self->duration + FILLER_DELAY (self->duration);
}

/* the input's status was just read in a wait that timed out: when it had
 * no picture, the frames the card skips until its next frame are no drops */
static void
gst_v4l2_tv_src_note_gap (GstV4l2TvSrc * self)
{
  if (!gst_v4l2_tv_signal_has_picture (&self->signal))
    self->no_picture_gap = TRUE;
}

/* a filler frame for the period at @pts, in place of the card's */
static GstFlowReturn
gst_v4l2_tv_src_fill (GstV4l2TvSrc * self, GstV4l2TvSignalLoss mode,
    GstClockTime pts, GstBuffer ** outbuf)
{
  GstBuffer *buf;
  guint64 n;

  /* the status is read here, and again as the gap begins: either read
   * without a picture makes the gap one of no signal (the signal can come
   * back in between) */
  gst_v4l2_tv_signal_poll (&self->signal, GST_CLOCK_TIME_NONE, pts);
  gst_v4l2_tv_src_note_gap (self);
  buf = gst_v4l2_tv_signal_make_filler (&self->signal, mode,
      self->format_caps, pts, self->duration);
  gst_v4l2_tv_src_note_gap (self);
  if (buf == NULL) {
    GST_ELEMENT_ERROR (self, STREAM, FAILED, (NULL),
        ("could not make a filler frame for %" GST_PTR_FORMAT,
            self->format_caps));
    return GST_FLOW_ERROR;
  }
  self->signal.wait_start = GST_CLOCK_TIME_NONE;

  GST_OBJECT_LOCK (self);
  n = ++self->gap_frames;
  GST_OBJECT_UNLOCK (self);
  self->gap_fillers++;
  GST_LOG_OBJECT (self, "filler frame %" G_GUINT64_FORMAT ", pts %"
      GST_TIME_FORMAT, n, GST_TIME_ARGS (pts));
  *outbuf = buf;

  return GST_FLOW_OK;
}

/* the VBI frame of video frame @vbuf: caption meta on @buf, the WSS
 * aspect followed (a message for each change, new caps at the next frame
 * when the picture turns anamorphic or back) */
static void
gst_v4l2_tv_src_vbi_frame (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf, GstBuffer * buf)
{
  GstTvVbiData data;
  gboolean anamorphic = gst_v4l2_tv_vbi_is_anamorphic (&self->vbi);

  if (gst_v4l2_tv_vbi_node_get_mode (self->obj->vbi) ==
      GST_V4L2_TV_VBI_MODE_OFF)
    return;
  if (gst_v4l2_tv_vbi_node_take (self->obj->vbi, vbuf, &data,
          &self->vbi.stats) && gst_v4l2_tv_vbi_frame (&self->vbi, &data, buf)) {
    GST_INFO_OBJECT (self, "WSS: %s (0x%04x) from frame %u",
        gst_tv_vbi_wss_aspect_name (self->vbi.aspect), self->vbi.word,
        vbuf->sequence);
    gst_element_post_message (GST_ELEMENT_CAST (self),
        gst_v4l2_tv_vbi_wss_message (&self->vbi, GST_OBJECT_CAST (self)));
    if (anamorphic != gst_v4l2_tv_vbi_is_anamorphic (&self->vbi))
      self->par_pending = TRUE;
  }
  GST_OBJECT_LOCK (self);
  self->vbi_stats = self->vbi.stats;
  if (gst_v4l2_tv_vbi_node_get_mode (self->obj->vbi) ==
      GST_V4L2_TV_VBI_MODE_OFF)
    self->vbi_mode = GST_V4L2_TV_VBI_MODE_OFF;
  GST_OBJECT_UNLOCK (self);
}

/* waits for the next frame and dequeues it; a filler frame in its place
 * when none comes in time */
static GstFlowReturn
gst_v4l2_tv_src_capture (GstV4l2TvSrc * self, GstBuffer ** outbuf)
{
  g_autoptr (GError) err = NULL;
  GstV4l2TvObject *obj = self->obj;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  struct v4l2_buffer vbuf;
  GstClockTime waited = 0;
  GstV4l2TvSignalLoss mode;
  GstFlowReturn ret;
  GstV4l2TvIoVerdict verdict;
  guint64 errors;
  gboolean dequeued, corrupted, dropped;

again:
  if (!gst_v4l2_tv_src_requeue (self))
    return GST_FLOW_ERROR;

  for (;;) {
    GstV4l2TvWaitResult res;
    GstClockTime timeout, pts;

    GST_OBJECT_LOCK (self);
    mode = self->signal_loss;
    GST_OBJECT_UNLOCK (self);
    timeout = gst_v4l2_tv_src_wait_time (self, mode, &pts);
    /* the card's time as the wait begins: a frame that comes during it
     * was finished after it (gst_v4l2_tv_src_implausible) */
    self->wait_began = gst_v4l2_tv_src_card_now (self,
        V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
    /* a look first: a frame ready now did not come in the wait, however
     * long this thread took to wait (a loaded machine, valgrind). Told
     * by its length, a wait for a frame the card finished long before
     * (a stalled pipeline) made its true stamp look like another
     * clock's, and the rest of the stream went off its frame grid. */
    res = gst_v4l2_tv_object_wait (obj, 0, &err);
    self->came_in_wait = FALSE;
    if (res == GST_V4L2_TV_WAIT_TIMEOUT && timeout > 0) {
      res = gst_v4l2_tv_object_wait (obj, timeout, &err);
      self->came_in_wait = res == GST_V4L2_TV_WAIT_READY;
    }
    self->wait_ended = res == GST_V4L2_TV_WAIT_READY ?
        gst_v4l2_tv_src_card_now (self, V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC) :
        GST_CLOCK_TIME_NONE;

    if (res == GST_V4L2_TV_WAIT_TIMEOUT) {
      if (GST_CLOCK_TIME_IS_VALID (pts)) {
        if (gst_v4l2_tv_src_filler_due (self, pts))
          return gst_v4l2_tv_src_fill (self, mode, pts, outbuf);
        continue;
      }
      waited += timeout;
      gst_v4l2_tv_signal_poll (&self->signal, GST_CLOCK_TIME_NONE,
          gst_v4l2_tv_src_now (self));
      gst_v4l2_tv_src_note_gap (self);
      /* signal-loss=wait, or no clock: say so once, keep waiting */
      if (waited == timeout)
        GST_WARNING_OBJECT (self, "no frame from '%s' for %" GST_TIME_FORMAT
            ", still waiting", location, GST_TIME_ARGS (waited));
      else
        GST_DEBUG_OBJECT (self, "no frame for %" GST_TIME_FORMAT,
            GST_TIME_ARGS (waited));
      continue;
    } else if (res == GST_V4L2_TV_WAIT_FLUSHING) {
      GST_DEBUG_OBJECT (self, "flushing");
      return GST_FLOW_FLUSHING;
    } else if (res == GST_V4L2_TV_WAIT_SWITCH) {
      if (gst_v4l2_tv_object_is_pending (obj))
        return GST_V4L2_TV_FLOW_SWITCH;
      continue;
    } else if (res == GST_V4L2_TV_WAIT_ERROR) {
      goto read_failed;
    }

    GST_V4L2_TV_DEVICE_LOCK (obj);
    dequeued = gst_v4l2_tv_node_dequeue (obj->dev, self->n_buffers, &vbuf,
        &err);
    GST_V4L2_TV_DEVICE_UNLOCK (obj);
    if (dequeued)
      break;
    verdict = gst_v4l2_tv_io_error (&self->signal.errors_in_row, err);
    if (verdict != GST_V4L2_TV_IO_FATAL) {
      /* EIO: a frame lost, counted also when it is the one too many, so
       * that the property agrees with the error's "N in a row" */
      GST_OBJECT_LOCK (self);
      errors = ++self->capture_errors;
      GST_OBJECT_UNLOCK (self);
    }
    if (verdict == GST_V4L2_TV_IO_TOO_MANY)
      goto too_many_errors;
    if (verdict == GST_V4L2_TV_IO_TRANSIENT) {
      /* a transient error: a frame lost, unless it goes on */
      GST_WARNING_OBJECT (self, "capture error on '%s' (%" G_GUINT64_FORMAT
          " in all): %s; a frame lost", location, errors, err->message);
      self->discont = TRUE;
    } else if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_TIMEOUT)) {
      goto read_failed;
    }
    g_clear_error (&err);
  }
  self->n_queued--;
  gst_v4l2_tv_src_time_frame (self, &vbuf);
  if (!gst_v4l2_tv_src_skip_frame (self, &vbuf, &dropped, &err))
    goto read_failed;
  if (dropped)
    goto again;

  corrupted = gst_v4l2_tv_src_frame_corrupted (self, &vbuf);
  if (corrupted) {
    if (!gst_v4l2_tv_src_corrupted (self, &vbuf, &dropped, &err))
      goto read_failed;
    if (dropped)
      goto again;
  }

  ret = gst_v4l2_tv_src_output (self, &vbuf, outbuf);
  if (ret == GST_FLOW_OK) {
    /* before the signal step keeps a reference: the frame is writable */
    gst_v4l2_tv_src_vbi_frame (self, &vbuf, *outbuf);
    if (!corrupted)
      gst_v4l2_tv_signal_corrupted (&self->signal, FALSE,
          GST_BUFFER_PTS (*outbuf));
    self->signal.wait_start = GST_CLOCK_TIME_NONE;
    gst_v4l2_tv_signal_frame (&self->signal, *outbuf,
        mode == GST_V4L2_TV_SIGNAL_LOSS_REPEAT);
    gst_v4l2_tv_signal_poll (&self->signal, self->duration,
        GST_BUFFER_PTS (*outbuf));
  }
  return ret;

  /* ERRORS */
read_failed:
  {
    GST_V4L2_TV_HW_ERROR (obj, err, READ,
        (_("Could not read from device '%s'."), location));
    return GST_FLOW_ERROR;
  }
too_many_errors:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read from device '%s'."), location),
        ("input '%s': %u capture errors in a row, the last: %s",
            obj->port_name ? obj->port_name : "", self->signal.errors_in_row,
            err->message));
    return GST_FLOW_ERROR;
  }
}

/* on-disconnect=reconnect, while the card is away: the filler of the
 * frame period due now, if one is */
static GstFlowReturn
gst_v4l2_tv_src_gap (GstElement * element, GstClockTime * wait,
    GstBuffer ** outbuf)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (element);
  GstV4l2TvSignalLoss mode;
  GstClockTime pts;

  GST_OBJECT_LOCK (self);
  mode = self->signal_loss;
  GST_OBJECT_UNLOCK (self);
  /* (no caps yet: the card went before the first frame) */
  if (self->format_caps == NULL)
    return GST_V4L2_TV_FLOW_NO_FILLER;
  *wait = gst_v4l2_tv_src_wait_time (self, mode, &pts);
  if (GST_CLOCK_TIME_IS_VALID (pts) && gst_v4l2_tv_src_filler_due (self, pts))
    return gst_v4l2_tv_src_fill (self, mode, pts, outbuf);
  return GST_V4L2_TV_FLOW_NO_FILLER;
}

static GstFlowReturn
gst_v4l2_tv_src_create_connected (GstPushSrc * psrc, GstBuffer ** outbuf)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (psrc);
  GstBaseSrc *bsrc = GST_BASE_SRC (psrc);
  GstFlowReturn ret;

  for (;;) {
    ret = gst_v4l2_tv_src_switch (self);
    if (ret != GST_FLOW_OK)
      return ret;

    /* WSS turned the picture anamorphic or back: new caps, same format */
    if (self->par_pending && self->format_caps) {
      self->par_pending = FALSE;
      if (!gst_base_src_negotiate (bsrc))
        return GST_FLOW_NOT_NEGOTIATED;
    }

    if (self->format_caps == NULL) {
      GstCaps *caps;
      gboolean ok;

      /* after a switch: new caps if the size changed, and S_FMT again
       * even if the caps stay (set_caps is only called when they change) */
      if (!gst_base_src_negotiate (bsrc))
        return GST_FLOW_NOT_NEGOTIATED;
      if (self->format_caps == NULL) {
        caps = gst_pad_get_current_caps (GST_BASE_SRC_PAD (bsrc));
        if (caps == NULL)
          return GST_FLOW_NOT_NEGOTIATED;
        ok = gst_v4l2_tv_src_apply_format (self, caps);
        gst_caps_unref (caps);
        if (!ok)
          return GST_FLOW_ERROR;
      }
    }

    if (!self->streaming && !gst_v4l2_tv_src_start_streaming (self))
      return GST_FLOW_ERROR;

    ret = gst_v4l2_tv_src_capture (self, outbuf);
    if (ret == GST_FLOW_OK)
      gst_v4l2_tv_tuner_poll_signal (self->obj, self->duration);
    if (ret != GST_V4L2_TV_FLOW_SWITCH)
      return ret;
  }
}

static GstFlowReturn
gst_v4l2_tv_src_create (GstPushSrc * psrc, GstBuffer ** outbuf)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (psrc);
  GstFlowReturn ret;

  /* the card went while GstBaseSrc negotiated */
  if (gst_v4l2_tv_reconnect_lost (self->reconnect))
    gst_v4l2_tv_src_stop_streaming (self);
  for (;;) {
    ret = gst_v4l2_tv_reconnect_run (self->reconnect, outbuf);
    if (ret == GST_V4L2_TV_FLOW_RECONNECTED)
      /* S_FMT again; new caps only if the format changed */
      gst_clear_caps (&self->format_caps);
    else if (ret != GST_V4L2_TV_FLOW_CONNECTED)
      return ret;

    ret = gst_v4l2_tv_src_create_connected (psrc, outbuf);
    if (ret == GST_FLOW_OK || !gst_v4l2_tv_reconnect_lost (self->reconnect))
      return ret;
    /* on-disconnect=reconnect and the card went away: its buffers go */
    gst_v4l2_tv_src_stop_streaming (self);
  }
}
