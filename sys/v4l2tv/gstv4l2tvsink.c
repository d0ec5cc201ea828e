/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:element-v4l2tvsink
 * @title: v4l2tvsink
 *
 * v4l2tvsink plays video out of an analog TV output: the composite,
 * S-Video or RF modulator output of a Video4Linux2 card, or of the built-in
 * virtual TV card (`device=virtual`). It selects the #GstV4l2TvSink:output
 * and the TV standard (#GstV4l2TvSink:norm) when it starts; left unset,
 * both keep what the card is set to.
 *
 * It takes the standard's native picture: 720x480 at 30000/1001 frames per
 * second for the 525-line standards (bottom field first), 720x576 at 25/1
 * for the others (top field first), in the card's own formats or in any
 * format the conversion library turns into them (I420, YV12, NV12, ...);
 * progressive frames go out as two fields of the same instant. Frames in
 * the card's format are drawn by upstream straight into the card's memory
 * when it uses the buffer pool the sink offers, and copied once otherwise;
 * other formats are converted into the card's memory, field by field for
 * interlaced video, in the streaming thread.
 *
 * A frame leaves the connector at the card's next frame start after it is
 * queued, so the sink adds one frame period to the pipeline's latency (its
 * #GstBaseSink:render-delay) and queues each frame that much before it is
 * due (running time plus latency): it is on the screen by then, at most a
 * period early. Late frames are dropped by the usual #GstBaseSink rules
 * (#GstBaseSink:max-lateness and #GstBaseSink:processing-deadline, 20 ms
 * together; QoS on). The card repeats its last picture when no new frame
 * came in time. EOS is posted once the last frame has been displayed.
 *
 * The element implements the #GstTvTuner interface: its channels are the
 * card's outputs (an RF modulator output has a frequency range, see
 * #GstV4l2TvSink:frequency), its norms the standards the current output
 * accepts; selecting them sets #GstV4l2TvSink:output or
 * #GstV4l2TvSink:norm. The device is open from READY on, so are the lists;
 * they are empty in NULL.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 videotestsrc ! v4l2tvsink device=/dev/video1 output="S-Video 0" norm=PAL
 * ]| Plays a test pattern out of the S-Video output of a PAL card.
 * |[
 * gst-launch-1.0 videotestsrc pattern=ball ! v4l2tvsink device=virtual:1 output="Composite Out" norm=NTSC \
 *     v4l2tvsrc device=virtual:1 input=Composite2 norm=NTSC ! videoconvert ! autovideosink
 * ]| Sends a test pattern through the virtual card's loopback cable, from
 * its composite output to its Composite2 input, and shows what comes back.
 * |[
 * sink = gst_element_make_from_uri (GST_URI_SINK, "v4l2tv://virtual:1?output=Composite%20Out&norm=NTSC", NULL, &error);
 * ]| Makes the sink of the second example from its URI (v4l2tv:///dev/videoN
 * or v4l2tv://virtual:N, then optionally ?output=NAME&norm=NORM,
 * percent-encoded); an output the card lacks is only reported when the
 * element starts.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstv4l2tvsink.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gst/video/video.h>

#include "tvconvert.h"
#include "gstv4l2tvelements.h"
#include "gstv4l2tvobject.h"
#include "gstv4l2tvcaps.h"
#include "gstv4l2tvnode.h"
#include "gstv4l2tvfault.h"
#include "gstv4l2tvtuner.h"
#include "gstv4l2tvcolorbalance.h"
#include "gstv4l2tvvidorient.h"
#include "gstv4l2tvformat.h"
#include "gstv4l2tvbufferpool.h"
#include "gstv4l2tvuri.h"
#include "gstv4l2tvvbi.h"
#include "gstv4l2tvvbinode.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_sink_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_sink_debug

/* buffers asked from the driver: one on the screen, one or two queued, and
 * headroom for upstream drawing into them */
#define DEFAULT_NUM_BUFFERS 6
/* fewer is not enough to show one frame while the next is queued */
#define MIN_BUFFERS 2
/* waits for the card are done in slices of this many frame periods */
#define WAIT_PERIODS 4
#define DEFAULT_WAIT (200 * GST_MSECOND)
/* a card that displays nothing for this long has stalled */
#define STALL_TIMEOUT (2 * GST_SECOND)
/* after a norm or output switch the application asked for, frames of the
 * old size are dropped without a word while upstream adapts: those still
 * on their way when it was asked to (a queue holds up to a second of
 * them). Only as many more say that upstream does not adapt: a warning.
 * (Frames, not time: two seconds at NTSC's rate.) */
#define MISMATCH_GRACE_FRAMES 60

struct _GstV4l2TvSink
{
  GstVideoSink parent;

  GstV4l2TvObject *obj;

  /* the streaming thread (the state change thread while not streaming) */
  GstCaps *caps;                /* upstream's, NULL: none yet */
  GstCaps *refused;             /* the caps configure() failed on last */
  gboolean configured;          /* S_FMT and buffers done for @caps */
  GstVideoInfo in_info;         /* upstream's frames */
  GstVideoInfo card_info;       /* the card's buffers */
  gboolean native;              /* upstream sends the card's format */
  gboolean default_layout;
  GstTvConvert *convert;        /* when not native */
  GstClockTime duration;
  GstClockTime auto_render_delay;
  guint mismatch_frames;        /* of the old size since a switch */
  gboolean mismatch_warned;

  GstBufferPool *pool;          /* GST_OBJECT_LOCK for other threads */
  GstBuffer **queued;           /* per card buffer, while at the card */
  guint n_buffers, n_queued;
  gboolean streaming;
  /* the VBI node was started with this stream (it may have found nothing
   * to send: the node's mode says) */
  gboolean vbi_started;
  GstBuffer *prerolled;         /* shown by preroll, not again by render */

  gboolean have_sequence;
  guint32 last_sequence;
  guint64 shown, repeated;
  guint errors_in_row;          /* transient EIO since the last success */
  /* the output's error is posted: no frame and no drain touches the card
   * again, so nothing posts a second one (streaming thread; reset by
   * start() and a flush) */
  gboolean failed;
};

#define gst_v4l2_tv_sink_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstV4l2TvSink, gst_v4l2_tv_sink,
    GST_TYPE_VIDEO_SINK, GST_DEBUG_CATEGORY_INIT (gst_v4l2_tv_sink_debug,
        "v4l2tvsink", 0, "analog TV video sink");
    G_IMPLEMENT_INTERFACE (GST_TYPE_URI_HANDLER,
        gst_v4l2_tv_sink_uri_handler_init);
    GST_V4L2_TV_NODE_INTERFACES);
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (v4l2tvsink, "v4l2tvsink",
    GST_RANK_NONE, GST_TYPE_V4L2_TV_SINK, v4l2_tv_element_init (plugin));

static void gst_v4l2_tv_sink_finalize (GObject * object);
static void gst_v4l2_tv_sink_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec);
static void gst_v4l2_tv_sink_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec);
static GstStateChangeReturn gst_v4l2_tv_sink_change_state (GstElement *
    element, GstStateChange transition);
static gboolean gst_v4l2_tv_sink_start (GstBaseSink * bsink);
static gboolean gst_v4l2_tv_sink_stop (GstBaseSink * bsink);
static GstCaps *gst_v4l2_tv_sink_get_caps (GstBaseSink * bsink,
    GstCaps * filter);
static gboolean gst_v4l2_tv_sink_set_info (GstVideoSink * vsink,
    GstCaps * caps, const GstVideoInfo * info);
static gboolean gst_v4l2_tv_sink_propose_allocation (GstBaseSink * bsink,
    GstQuery * query);
static gboolean gst_v4l2_tv_sink_event (GstBaseSink * bsink, GstEvent * event);
static gboolean gst_v4l2_tv_sink_query (GstBaseSink * bsink, GstQuery * query);
static gboolean gst_v4l2_tv_sink_unlock (GstBaseSink * bsink);
static gboolean gst_v4l2_tv_sink_unlock_stop (GstBaseSink * bsink);
static GstFlowReturn gst_v4l2_tv_sink_preroll (GstBaseSink * bsink,
    GstBuffer * buf);
static GstFlowReturn gst_v4l2_tv_sink_show_frame (GstVideoSink * vsink,
    GstBuffer * buf);

static void
gst_v4l2_tv_sink_class_init (GstV4l2TvSinkClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseSinkClass *basesink_class = GST_BASE_SINK_CLASS (klass);
  GstVideoSinkClass *videosink_class = GST_VIDEO_SINK_CLASS (klass);
  GstCaps *caps;

  gobject_class->finalize = gst_v4l2_tv_sink_finalize;
  gobject_class->set_property = gst_v4l2_tv_sink_set_property;
  gobject_class->get_property = gst_v4l2_tv_sink_get_property;

  /**
   * GstV4l2TvSink:output:
   *
   * The connector to send to: its name as the driver reports it
   * (case-insensitive, e.g. "Composite Out" or "s-video out") or its
   * index. When unset the card keeps the output it was on. An unknown name
   * fails with an error that lists the card's outputs;
   * `v4l2-ctl -d /dev/videoN --list-outputs` lists them too.
   *
   * Setting it (or #GstV4l2TvSink:norm) while playing switches at the next
   * frame; when the frame size changes, upstream is asked to renegotiate
   * and frames of the old size are dropped until it does, without a
   * warning (the switch was asked for): only when upstream has sent more
   * than 60 of them (two seconds of NTSC) does a warning say that it does
   * not adapt.
   */
  gst_v4l2_tv_object_install_properties (gobject_class,
      GST_TV_HW_NODE_VIDEO_OUTPUT);

  gst_element_class_set_static_metadata (element_class,
      "Analog TV video sink", "Sink/Video",
      "Plays video out of the analog TV output (composite, S-Video, RF) of a "
      "Video4Linux2 card at the standard's native size, rate and field order",
      "The v4l2tv authors");

  caps = gst_v4l2_tv_format_template_caps ();
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);

  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_change_state);
  basesink_class->start = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_start);
  basesink_class->stop = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_stop);
  basesink_class->get_caps = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_get_caps);
  basesink_class->propose_allocation =
      GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_propose_allocation);
  basesink_class->event = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_event);
  basesink_class->query = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_query);
  basesink_class->unlock = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_unlock);
  basesink_class->unlock_stop =
      GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_unlock_stop);
  /* instead of GstVideoSink's: a frame shown at preroll is not shown again
   * when it is rendered */
  basesink_class->preroll = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_preroll);
  videosink_class->set_info = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_set_info);
  videosink_class->show_frame = GST_DEBUG_FUNCPTR (gst_v4l2_tv_sink_show_frame);
}

static void
gst_v4l2_tv_sink_init (GstV4l2TvSink * self)
{
  self->obj =
      gst_v4l2_tv_object_new (GST_ELEMENT (self), GST_TV_HW_NODE_VIDEO_OUTPUT);
  self->duration = GST_CLOCK_TIME_NONE;
}

static void
gst_v4l2_tv_sink_finalize (GObject * object)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (object);

  gst_v4l2_tv_object_free (self->obj);
  gst_clear_caps (&self->caps);
  gst_clear_caps (&self->refused);

  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_v4l2_tv_sink_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (object);

  /* all its properties are the shared ones */
  if (!gst_v4l2_tv_object_set_property_helper (self->obj, prop_id, value,
          pspec))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
gst_v4l2_tv_sink_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (object);

  if (!gst_v4l2_tv_object_get_property_helper (self->obj, prop_id, value,
          pspec))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

/* --- the card's buffers --- */

/* STREAMOFF: every buffer comes back from the card, the picture stays */
static void
gst_v4l2_tv_sink_streamoff (GstV4l2TvSink * self)
{
  guint i;

  if (self->queued == NULL)
    return;

  /* the VBI node's buffers go before the video node's */
  if (self->vbi_started)
    gst_v4l2_tv_vbi_node_stop (self->obj->vbi);
  self->vbi_started = FALSE;
  if (self->streaming || self->n_queued > 0)
    gst_v4l2_tv_node_stream_off (self->obj);

  for (i = 0; i < self->n_buffers; i++)
    gst_clear_buffer (&self->queued[i]);
  self->n_queued = 0;
  self->streaming = FALSE;
  self->have_sequence = FALSE;
}

/* frees the card's buffers; frames upstream still holds in the pool's
 * buffers are moved into private memory first */
static void
gst_v4l2_tv_sink_free_buffers (GstV4l2TvSink * self)
{
  GstBufferPool *pool;

  if (self->pool == NULL)
    return;

  GST_DEBUG_OBJECT (self, "freeing the card's buffers (%" G_GUINT64_FORMAT
      " frames shown, %" G_GUINT64_FORMAT " periods repeated)", self->shown,
      self->repeated);
  gst_v4l2_tv_sink_streamoff (self);

  GST_OBJECT_LOCK (self);
  pool = self->pool;
  self->pool = NULL;
  GST_OBJECT_UNLOCK (self);
  gst_v4l2_tv_buffer_pool_detach (pool);
  gst_object_unref (pool);
  g_clear_pointer (&self->queued, g_free);
  self->n_buffers = 0;

  gst_v4l2_tv_node_free_buffers (self->obj);
}

/* REQBUFS and the buffers mapped (the node's), in a pool that hands them
 * upstream */
static gboolean
gst_v4l2_tv_sink_alloc_buffers (GstV4l2TvSink * self, GstCaps * card_caps)
{
  GstV4l2TvMapping *maps;
  GstBufferPool *pool;
  guint n;

  maps = gst_v4l2_tv_node_request_buffers (self->obj, DEFAULT_NUM_BUFFERS,
      MIN_BUFFERS, self->card_info.size, &n);
  if (maps == NULL)
    return FALSE;

  self->n_buffers = n;
  self->queued = g_new0 (GstBuffer *, n);
  self->n_queued = 0;
  pool = gst_v4l2_tv_buffer_pool_new (self->obj->kind, maps, n, card_caps,
      &self->card_info, FALSE);
  g_free (maps);
  GST_OBJECT_LOCK (self);
  self->pool = pool;
  GST_OBJECT_UNLOCK (self);

  return TRUE;
}

/* --- state --- */

/* the device's lifecycle is the object's (open and programmed in READY) */
static GstStateChangeReturn
gst_v4l2_tv_sink_change_state (GstElement * element, GstStateChange transition)
{
  return gst_v4l2_tv_node_change_state (GST_V4L2_TV_SINK (element)->obj,
      GST_ELEMENT_CLASS (parent_class), transition);
}

static gboolean
gst_v4l2_tv_sink_start (GstBaseSink * bsink)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);

  /* the card was programmed when it opened */
  self->shown = self->repeated = 0;
  self->errors_in_row = 0;
  self->failed = FALSE;
  self->mismatch_frames = 0;
  self->mismatch_warned = FALSE;

  return TRUE;
}

static void
gst_v4l2_tv_sink_clear_format (GstV4l2TvSink * self)
{
  gst_v4l2_tv_sink_free_buffers (self);
  g_clear_pointer (&self->convert, gst_tv_convert_free);
  self->configured = FALSE;
}

static gboolean
gst_v4l2_tv_sink_stop (GstBaseSink * bsink)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);

  gst_clear_buffer (&self->prerolled);
  gst_v4l2_tv_sink_clear_format (self);
  gst_clear_caps (&self->caps);
  gst_clear_caps (&self->refused);
  self->duration = GST_CLOCK_TIME_NONE;

  return TRUE;
}

/* --- caps --- */

/*
 * What the sink takes, from what the card takes (@card, one structure per
 * native format at the standard's size, rate, pixel aspect and field
 * order): the native formats first, then the formats the conversion
 * library turns into one of them, then both again as progressive frames,
 * which go out as two fields of one instant.
 */
static GstCaps *
gst_v4l2_tv_sink_caps_from_card (GstCaps * card)
{
  GstCaps *ret = gst_caps_new_empty ();
  GstCaps *seen = gst_caps_new_empty ();
  guint i, j, n;

  /* the native formats; @seen holds one structure per format listed */
  for (i = 0; i < gst_caps_get_size (card); i++) {
    GstStructure *s = gst_caps_get_structure (card, i);

    gst_caps_append_structure (ret, gst_structure_copy (s));
    gst_caps_append_structure (seen, gst_structure_new ("f", "format",
            G_TYPE_STRING, gst_structure_get_string (s, "format"), NULL));
  }

  /* what converts into them, next to the native format it becomes */
  for (i = 0; i < gst_caps_get_size (card); i++) {
    GstStructure *s = gst_caps_get_structure (card, i);
    g_autofree GstVideoFormat *formats = NULL;
    GValue list = G_VALUE_INIT, item = G_VALUE_INIT;
    GstStructure *conv;

    formats = gst_tv_convert_get_formats (gst_v4l2_tv_format_of (s),
        GST_PAD_SINK, &n);
    g_value_init (&list, GST_TYPE_LIST);
    g_value_init (&item, G_TYPE_STRING);
    for (j = 1; j < n; j++) {
      if (gst_v4l2_tv_format_find (seen, formats[j]) >= 0)
        continue;
      g_value_set_static_string (&item,
          gst_video_format_to_string (formats[j]));
      gst_value_list_append_value (&list, &item);
      gst_caps_append_structure (seen, gst_structure_new ("f", "format",
              G_TYPE_STRING, gst_video_format_to_string (formats[j]), NULL));
    }
    g_value_unset (&item);
    if (gst_value_list_get_size (&list) == 0) {
      g_value_unset (&list);
      continue;
    }
    conv = gst_structure_copy (s);
    gst_structure_take_value (conv, "format", &list);
    gst_caps_append_structure (ret, conv);
  }
  gst_caps_unref (seen);

  /* the same as progressive frames */
  n = gst_caps_get_size (ret);
  for (i = 0; i < n; i++) {
    GstStructure *s = gst_caps_get_structure (ret, i);
    GstStructure *p;

    if (g_strcmp0 (gst_structure_get_string (s, "interlace-mode"),
            "interleaved") != 0)
      continue;
    p = gst_structure_copy (s);
    gst_structure_set (p, "interlace-mode", G_TYPE_STRING, "progressive", NULL);
    gst_structure_remove_field (p, "field-order");
    gst_caps_append_structure (ret, p);
  }

  return ret;
}

/*
 * Whether caps the card cannot take are let through to set_info, which
 * posts an error that says what the card needs (the standard's size and
 * rate, a format it converts): only before the first caps, and only once
 * upstream has shown it has nothing the card takes (a filter that meets
 * none of the card's caps, fixed caps that do not fit). Negotiation would
 * fail then anyway, with no more than upstream's "not-negotiated". Once
 * the sink has caps, and for a live norm switch, the answers are strict,
 * so that upstream renegotiates.
 */
static gboolean
gst_v4l2_tv_sink_explain_refusal (GstV4l2TvSink * self)
{
  return !gst_pad_has_current_caps (GST_BASE_SINK_PAD (self));
}

static GstCaps *
gst_v4l2_tv_sink_get_caps (GstBaseSink * bsink, GstCaps * filter)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);
  GstCaps *card, *caps;

  card = gst_v4l2_tv_object_get_caps (self->obj);
  if (card) {
    caps = gst_v4l2_tv_sink_caps_from_card (card);
  } else {
    caps = gst_pad_get_pad_template_caps (GST_BASE_SINK_PAD (bsink));
  }
  caps = gst_v4l2_tv_node_filter_caps (caps, filter);
  if (card && filter && gst_caps_is_empty (caps) &&
      gst_v4l2_tv_sink_explain_refusal (self)) {
    /* upstream has nothing the card takes: its own caps, so that the
     * caps event comes and set_info says why they do not fit */
    GstCaps *templ = gst_pad_get_pad_template_caps (GST_BASE_SINK_PAD (bsink));

    gst_caps_unref (caps);
    caps = gst_caps_intersect_full (filter, templ, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (templ);
    GST_DEBUG_OBJECT (self, "nothing upstream has fits the card: offering "
        "%" GST_PTR_FORMAT " to explain the refusal", caps);
  }
  gst_clear_caps (&card);
  GST_LOG_OBJECT (self, "caps %" GST_PTR_FORMAT, caps);

  return caps;
}

/* the card's format for frames in @info: the same one, or else the first
 * of the card's formats (ENUM_FMT order) the fast paths convert to, or
 * else the first (GstVideoConverter converts) */
static const GstStructure *
gst_v4l2_tv_sink_card_structure (GstCaps * card, const GstVideoInfo * info)
{
  GstVideoFormat in = GST_VIDEO_INFO_FORMAT (info);
  gboolean interlaced = GST_VIDEO_INFO_IS_INTERLACED (info);
  guint i, n = gst_caps_get_size (card);

  for (i = 0; i < n; i++)
    if (gst_v4l2_tv_format_of (gst_caps_get_structure (card, i)) == in)
      return gst_caps_get_structure (card, i);
  for (i = 0; i < n; i++)
    if (gst_tv_convert_has_fast_path (in, gst_v4l2_tv_format_of
            (gst_caps_get_structure (card, i)), interlaced))
      return gst_caps_get_structure (card, i);
  return n > 0 ? gst_caps_get_structure (card, 0) : NULL;
}

/* S_FMT for upstream's @caps and the buffers; posts an error and returns
 * FALSE if the card does not take them. After a live switch (@live),
 * frames that no longer have the standard's size set @mismatch: the
 * switch was asked for, upstream is asked to adapt, and only when more
 * than MISMATCH_GRACE_FRAMES of them came does a warning say so, once. */
static gboolean
gst_v4l2_tv_sink_configure (GstV4l2TvSink * self, GstCaps * caps,
    const GstVideoInfo * info, gboolean live, gboolean * mismatch)
{
  const gchar *location = gst_v4l2_tv_object_get_location (self->obj);
  g_autoptr (GstCaps) card = NULL;
  g_autoptr (GstCaps) card_caps = NULL;
  const GstStructure *s;
  GstVideoFormat format;
  GstClockTime delay;
  gint width = 0, height = 0, fps_n = 0, fps_d = 1;

  *mismatch = FALSE;
  gst_v4l2_tv_sink_clear_format (self);

  card = gst_v4l2_tv_object_get_caps (self->obj);
  if (card == NULL || (s = gst_v4l2_tv_sink_card_structure (card,
              info)) == NULL)
    goto no_card;
  gst_structure_get_int (s, "width", &width);
  gst_structure_get_int (s, "height", &height);
  if (width != GST_VIDEO_INFO_WIDTH (info) ||
      height != GST_VIDEO_INFO_HEIGHT (info))
    goto wrong_size;
  /* caps without a rate go out at the standard's */
  if (!live && gst_structure_get_fraction (s, "framerate", &fps_n, &fps_d) &&
      gst_structure_has_field (gst_caps_get_structure (caps, 0), "framerate")
      && gst_util_fraction_compare (fps_n, fps_d, GST_VIDEO_INFO_FPS_N (info),
          GST_VIDEO_INFO_FPS_D (info)) != 0)
    goto wrong_rate;
  format = gst_v4l2_tv_format_of (s);

  /* the card's buffers hold upstream's frames in the card's format */
  card_caps = gst_caps_copy (caps);
  gst_caps_set_simple (card_caps, "format", G_TYPE_STRING,
      gst_video_format_to_string (format), NULL);
  if (!gst_v4l2_tv_caps_set_format (self->obj, card_caps, &self->card_info,
          &self->default_layout))
    return FALSE;

  self->in_info = *info;
  self->native = GST_VIDEO_INFO_FORMAT (info) == format;
  if (!self->native) {
    self->convert = gst_tv_convert_new (&self->in_info, &self->card_info);
    if (self->convert == NULL)
      goto no_conversion;
    GST_INFO_OBJECT (self, "converting %s to %s (%s)",
        gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)),
        gst_video_format_to_string (format),
        gst_tv_convert_is_fast_path (self->convert) ? "ORC fast path" :
        "GstVideoConverter");
  }

  if (!gst_v4l2_tv_sink_alloc_buffers (self, card_caps))
    return FALSE;

  /* a frame leaves at the card's next frame start after it is queued, at
   * most one period later: hand it over that much earlier, and report it
   * as latency. A render-delay the application set is left alone. */
  self->duration = gst_v4l2_tv_object_get_frame_duration (self->obj);
  delay = gst_base_sink_get_render_delay (GST_BASE_SINK (self));
  if (GST_CLOCK_TIME_IS_VALID (self->duration) &&
      (delay == 0 || delay == self->auto_render_delay)) {
    self->auto_render_delay = self->duration;
    gst_base_sink_set_render_delay (GST_BASE_SINK (self), self->duration);
  }

  GST_VIDEO_SINK_WIDTH (self) = width;
  GST_VIDEO_SINK_HEIGHT (self) = height;
  self->configured = TRUE;
  self->mismatch_frames = 0;
  self->mismatch_warned = FALSE;

  return TRUE;

  /* ERRORS */
no_card:
  {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("the device is not open or offers no format"));
    return FALSE;
  }
wrong_size:
  {
    *mismatch = live;
    if (!live) {
      GST_ELEMENT_ERROR (self, CORE, NEGOTIATION,
          (_("The video is %dx%d but output '%s' of device '%s' needs %dx%d "
                  "for its standard; scale it (videoscale) or select "
                  "another norm."), GST_VIDEO_INFO_WIDTH (info),
              GST_VIDEO_INFO_HEIGHT (info), self->obj->port_name, location,
              width, height),
          ("%dx%d frames, the standard needs %dx%d; caps %" GST_PTR_FORMAT,
              GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info), width,
              height, caps));
    } else if (++self->mismatch_frames <= MISMATCH_GRACE_FRAMES) {
      GST_DEBUG_OBJECT (self, "%dx%d frame after the switch to %dx%d (%u)",
          GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info), width,
          height, self->mismatch_frames);
    } else if (!self->mismatch_warned) {
      GST_ELEMENT_WARNING (self, STREAM, FORMAT,
          (_("The video is %dx%d but output '%s' of device '%s' now needs "
                  "%dx%d; frames are dropped until upstream adapts."),
              GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
              self->obj->port_name, location, width, height),
          ("%u frames of the old size since the switch; caps %"
              GST_PTR_FORMAT, self->mismatch_frames, caps));
      self->mismatch_warned = TRUE;
    }
    return FALSE;
  }
wrong_rate:
  {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION,
        (_("The video has %d/%d frames per second but output '%s' of "
                "device '%s' needs %d/%d for its standard; change the rate "
                "(videorate) or select another norm."),
            GST_VIDEO_INFO_FPS_N (info), GST_VIDEO_INFO_FPS_D (info),
            self->obj->port_name, location, fps_n, fps_d),
        ("%d/%d frames per second, the standard needs %d/%d; caps %"
            GST_PTR_FORMAT, GST_VIDEO_INFO_FPS_N (info),
            GST_VIDEO_INFO_FPS_D (info), fps_n, fps_d, caps));
    return FALSE;
  }
no_conversion:
  {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION,
        (_("Video in format %s cannot be converted to %s, the format of "
                "output '%s' of device '%s'; convert it (videoconvert)."),
            gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)),
            gst_video_format_to_string (format), self->obj->port_name,
            location), ("no conversion from %s to %s",
            gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)),
            gst_video_format_to_string (format)));
    return FALSE;
  }
}

static gboolean
gst_v4l2_tv_sink_set_info (GstVideoSink * vsink, GstCaps * caps,
    const GstVideoInfo * info)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (vsink);
  gboolean mismatch;

  GST_DEBUG_OBJECT (self, "caps %" GST_PTR_FORMAT, caps);
  if (self->configured && self->caps && gst_caps_is_equal (self->caps, caps))
    return TRUE;

  /* a refused caps event stays pending on the pad and comes again with
   * the next buffer: the error has been posted once already */
  if (self->refused && gst_caps_is_equal (self->refused, caps))
    return FALSE;

  gst_caps_replace (&self->caps, caps);
  if (gst_v4l2_tv_sink_configure (self, caps, info, FALSE, &mismatch)) {
    gst_clear_caps (&self->refused);
    return TRUE;
  }
  gst_caps_replace (&self->refused, caps);
  return FALSE;
}

/*
 * Upstream's caps need not carry every field of ours (colorimetry, field
 * order, frame rate): caps that intersect ours are taken, and set_info
 * checks format, size and rate. GstBaseSink itself would want a subset.
 * The pixel aspect ratio is only a preference: the card has no scaler, so
 * frames of the right size with another one go out as they are. Before
 * the first caps, caps that fit the pad template but not the card are
 * taken too, so that set_info posts the error that says why
 * (gst_v4l2_tv_sink_explain_refusal()).
 */
static gboolean
gst_v4l2_tv_sink_query (GstBaseSink * bsink, GstQuery * query)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);

  switch (GST_QUERY_TYPE (query)) {
    case GST_QUERY_ACCEPT_CAPS:{
      GstCaps *caps, *ours;
      gboolean ret;
      guint i;

      gst_query_parse_accept_caps (query, &caps);
      ret = gst_caps_is_fixed (caps);
      if (ret) {
        GstCaps *any_par = gst_caps_copy (caps);

        gst_structure_remove_field (gst_caps_get_structure (any_par, 0),
            "pixel-aspect-ratio");
        ours = gst_pad_query_caps (GST_BASE_SINK_PAD (bsink), NULL);
        ours = gst_caps_make_writable (ours);
        for (i = 0; i < gst_caps_get_size (ours); i++)
          gst_structure_remove_field (gst_caps_get_structure (ours, i),
              "pixel-aspect-ratio");
        ret = gst_caps_can_intersect (any_par, ours);
        gst_caps_unref (ours);
        gst_caps_unref (any_par);
        if (!ret && gst_v4l2_tv_sink_explain_refusal (self)) {
          ours = gst_pad_get_pad_template_caps (GST_BASE_SINK_PAD (bsink));
          ret = gst_caps_can_intersect (caps, ours);
          gst_caps_unref (ours);
          if (ret)
            GST_DEBUG_OBJECT (self, "not the card's caps: taken to explain "
                "the refusal");
        }
      }
      GST_DEBUG_OBJECT (self, "%s %" GST_PTR_FORMAT, ret ? "accepting" :
          "refusing", caps);
      gst_query_set_accept_caps_result (query, ret);
      return TRUE;
    }
    default:
      return GST_BASE_SINK_CLASS (parent_class)->query (bsink, query);
  }
}

/*
 * Offers the card's buffers to upstream when it sends the card's own
 * format in GStreamer's default layout, so that frames are drawn straight
 * into them. Frames in any buffer with a GstVideoMeta are read too.
 */
static gboolean
gst_v4l2_tv_sink_propose_allocation (GstBaseSink * bsink, GstQuery * query)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);
  GstBufferPool *pool = NULL;
  GstCaps *caps;

  gst_query_parse_allocation (query, &caps, NULL);
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);

  GST_OBJECT_LOCK (self);
  if (self->pool && self->native && self->default_layout && caps &&
      self->caps && gst_caps_is_equal (caps, self->caps))
    pool = gst_object_ref (self->pool);
  GST_OBJECT_UNLOCK (self);

  if (pool) {
    GST_DEBUG_OBJECT (self, "offering the card's %u buffers", self->n_buffers);
    gst_query_add_allocation_pool (query, pool, self->card_info.size,
        MIN_BUFFERS, self->n_buffers);
    gst_object_unref (pool);
  }

  return TRUE;
}

/* --- waiting for the card --- */

/*
 * TRUE the first time the output fails, when its error is to be posted;
 * FALSE once it has been. An error ends the output: EOS follows it from
 * upstream, and its drain would meet the same dead card again.
 */
static gboolean
gst_v4l2_tv_sink_fail (GstV4l2TvSink * self)
{
  if (self->failed) {
    GST_DEBUG_OBJECT (self, "the output's error is posted already");
    return FALSE;
  }
  self->failed = TRUE;
  return TRUE;
}

static GstFlowReturn
gst_v4l2_tv_sink_write_error (GstV4l2TvSink * self, GError * err)
{
  const gchar *location = gst_v4l2_tv_object_get_location (self->obj);

  if (!gst_v4l2_tv_sink_fail (self))
    return GST_FLOW_ERROR;
  if (self->errors_in_row >= GST_V4L2_TV_MAX_IO_ERRORS)
    GST_ELEMENT_ERROR (self, RESOURCE, WRITE,
        (_("Could not write to device '%s'."), location),
        ("output '%s': %u errors in a row, the last: %s",
            self->obj->port_name ? self->obj->port_name : "",
            self->errors_in_row, err->message));
  else
    GST_V4L2_TV_HW_ERROR (self->obj, err, WRITE,
        (_("Could not write to device '%s'."), location));

  return GST_FLOW_ERROR;
}

/* the shared policy (gstv4l2tvfault.h): TRUE when @err is a transient
 * error that only costs a frame, FALSE when it ends the output */
static gboolean
gst_v4l2_tv_sink_transient (GstV4l2TvSink * self, const GError * err)
{
  if (gst_v4l2_tv_io_error (&self->errors_in_row, err) !=
      GST_V4L2_TV_IO_TRANSIENT)
    return FALSE;
  GST_WARNING_OBJECT (self, "output error on '%s' (%u in a row): %s",
      gst_v4l2_tv_object_get_location (self->obj), self->errors_in_row,
      err->message);
  return TRUE;
}

/* a buffer the card has displayed goes back to the pool */
static void
gst_v4l2_tv_sink_displayed (GstV4l2TvSink * self,
    const struct v4l2_buffer *vbuf)
{
  if (vbuf->index >= self->n_buffers || self->queued[vbuf->index] == NULL) {
    GST_WARNING_OBJECT (self, "the driver returned buffer %u, which was not "
        "queued", vbuf->index);
    return;
  }
  gst_clear_buffer (&self->queued[vbuf->index]);
  self->n_queued--;
  self->shown++;

  /* the card repeats its picture for the periods it had no frame */
  if (self->have_sequence && vbuf->sequence > self->last_sequence + 1) {
    guint32 gap = vbuf->sequence - self->last_sequence - 1;

    self->repeated += gap;
    GST_DEBUG_OBJECT (self, "the card repeated its picture for %u "
        "period(s) before frame %u", gap, vbuf->sequence);
  }
  self->have_sequence = TRUE;
  self->last_sequence = vbuf->sequence;
  GST_LOG_OBJECT (self, "buffer %u displayed at frame %u", vbuf->index,
      vbuf->sequence);
}

/*
 * Dequeues the buffers the card has displayed. With @block, and none yet,
 * waits for one, in slices of a few frame periods, until unlock() or until
 * the card has displayed nothing for STALL_TIMEOUT.
 */
static GstFlowReturn
gst_v4l2_tv_sink_reclaim (GstV4l2TvSink * self, gboolean block)
{
  GstV4l2TvObject *obj = self->obj;
  GstClockTime slice, waited = 0;
  guint got = 0;

  slice = GST_CLOCK_TIME_IS_VALID (self->duration) ?
      WAIT_PERIODS * self->duration : DEFAULT_WAIT;

  for (;;) {
    g_autoptr (GError) err = NULL;
    GstV4l2TvWaitResult res;

    while (self->n_queued > 0) {
      struct v4l2_buffer vbuf;
      gboolean dequeued;

      GST_V4L2_TV_DEVICE_LOCK (obj);
      dequeued = gst_v4l2_tv_node_dequeue (obj->dev, self->n_buffers, &vbuf,
          &err);
      GST_V4L2_TV_DEVICE_UNLOCK (obj);
      if (!dequeued) {
        if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_TIMEOUT)) {
          g_clear_error (&err);
          break;
        }
        if (!gst_v4l2_tv_sink_transient (self, err))
          return gst_v4l2_tv_sink_write_error (self, err);
        g_clear_error (&err);
        continue;
      }
      self->errors_in_row = 0;
      gst_v4l2_tv_sink_displayed (self, &vbuf);
      got++;
    }

    if (!block || got > 0 || self->n_queued == 0 || !self->streaming)
      return GST_FLOW_OK;

    res = gst_v4l2_tv_object_wait (obj, slice, &err);
    switch (res) {
      case GST_V4L2_TV_WAIT_READY:
      case GST_V4L2_TV_WAIT_SWITCH:
        /* a switch is handled at the next frame */
        break;
      case GST_V4L2_TV_WAIT_FLUSHING:
        GST_DEBUG_OBJECT (self, "flushing");
        return GST_FLOW_FLUSHING;
      case GST_V4L2_TV_WAIT_TIMEOUT:
        waited += slice;
        GST_DEBUG_OBJECT (self, "no frame displayed for %" GST_TIME_FORMAT,
            GST_TIME_ARGS (waited));
        if (waited >= STALL_TIMEOUT)
          goto stalled;
        break;
      case GST_V4L2_TV_WAIT_ERROR:
        if (!gst_v4l2_tv_sink_transient (self, err))
          return gst_v4l2_tv_sink_write_error (self, err);
        break;
    }
  }

  /* ERRORS */
stalled:
  {
    if (!gst_v4l2_tv_sink_fail (self))
      return GST_FLOW_ERROR;
    GST_ELEMENT_ERROR (self, RESOURCE, WRITE,
        (_("Could not write to device '%s'."),
            gst_v4l2_tv_object_get_location (obj)),
        ("the card displayed none of its %u queued frames in %"
            GST_TIME_FORMAT, self->n_queued, GST_TIME_ARGS (waited)));
    return GST_FLOW_ERROR;
  }
}

/* a pool buffer nobody holds, to copy or convert a frame into */
static GstFlowReturn
gst_v4l2_tv_sink_acquire (GstV4l2TvSink * self, GstBuffer ** frame)
{
  GstBufferPoolAcquireParams params = { 0, };
  GstFlowReturn ret;

  if (!gst_buffer_pool_is_active (self->pool) &&
      !gst_buffer_pool_set_active (self->pool, TRUE))
    goto activate_failed;

  params.flags = GST_BUFFER_POOL_ACQUIRE_FLAG_DONTWAIT;
  for (;;) {
    ret = gst_buffer_pool_acquire_buffer (self->pool, frame, &params);
    if (ret != GST_FLOW_EOS)
      return ret;
    if (self->n_queued == 0) {
      /* every card buffer is held upstream: wait until one comes back
       * (unlock() sets the pool flushing) */
      GST_DEBUG_OBJECT (self, "waiting for upstream to release a buffer");
      return gst_buffer_pool_acquire_buffer (self->pool, frame, NULL);
    }
    ret = gst_v4l2_tv_sink_reclaim (self, TRUE);
    if (ret != GST_FLOW_OK)
      return ret;
  }

  /* ERRORS */
activate_failed:
  {
    gst_v4l2_tv_node_post_alloc_error (self->obj, NULL,
        "could not activate the buffer pool");
    return GST_FLOW_ERROR;
  }
}

/* --- frames --- */

/* copies or converts @buf into the card buffer @frame */
static gboolean
gst_v4l2_tv_sink_fill (GstV4l2TvSink * self, GstBuffer * buf, GstBuffer * frame)
{
  GstVideoFrame in, out;
  gboolean ret;

  if (!gst_video_frame_map (&in, &self->in_info, buf, GST_MAP_READ))
    return FALSE;
  if (!gst_video_frame_map (&out, &self->card_info, frame, GST_MAP_WRITE)) {
    gst_video_frame_unmap (&in);
    return FALSE;
  }
  if (self->convert)
    ret = gst_tv_convert_frame (self->convert, &in, &out);
  else
    ret = gst_video_frame_copy (&out, &in);
  gst_video_frame_unmap (&out);
  gst_video_frame_unmap (&in);

  return ret;
}

/* the running time of upstream's @buf, which the card's buffers carry
 * (the driver hands it back with them, TIMESTAMP_COPY: for the debug log) */
static GstClockTime
gst_v4l2_tv_sink_running_time (GstV4l2TvSink * self, GstBuffer * buf)
{
  return gst_segment_to_running_time (&GST_BASE_SINK (self)->segment,
      GST_FORMAT_TIME, GST_BUFFER_PTS (buf));
}

static GstFlowReturn
gst_v4l2_tv_sink_queue (GstV4l2TvSink * self, GstBuffer * frame, guint index,
    GstBuffer * buf)
{
  g_autoptr (GError) err = NULL;
  struct v4l2_buffer vbuf;
  GstClockTime rt;

  memset (&vbuf, 0, sizeof (vbuf));
  vbuf.index = index;
  vbuf.bytesused = self->card_info.size;
  vbuf.field = self->obj->std || GST_VIDEO_INFO_IS_INTERLACED
      (&self->card_info) ? V4L2_FIELD_INTERLACED : V4L2_FIELD_NONE;
  rt = gst_v4l2_tv_sink_running_time (self, buf);
  if (GST_CLOCK_TIME_IS_VALID (rt))
    GST_TIME_TO_TIMEVAL (rt, vbuf.timestamp);

  GST_V4L2_TV_DEVICE_LOCK (self->obj);
  if (!gst_v4l2_tv_node_queue (self->obj, &vbuf, &err)) {
    GST_V4L2_TV_DEVICE_UNLOCK (self->obj);
    gst_buffer_unref (frame);
    if (!gst_v4l2_tv_sink_transient (self, err))
      return gst_v4l2_tv_sink_write_error (self, err);
    /* the frame is lost */
    return GST_FLOW_OK;
  }
  self->errors_in_row = 0;
  self->queued[index] = frame;
  self->n_queued++;
  GST_LOG_OBJECT (self, "frame %" GST_TIME_FORMAT " in buffer %u, %u queued",
      GST_TIME_ARGS (rt), index, self->n_queued);

  if (!self->streaming) {
    if (!gst_v4l2_tv_node_stream_on (self->obj)) {
      GST_V4L2_TV_DEVICE_UNLOCK (self->obj);
      gst_v4l2_tv_sink_streamoff (self);
      return GST_FLOW_ERROR;
    }
    GST_INFO_OBJECT (self, "output started");
    self->streaming = TRUE;
  }
  GST_V4L2_TV_DEVICE_UNLOCK (self->obj);

  return GST_FLOW_OK;
}

/*
 * The captions of @buf go out with it through the card's sliced VBI
 * output node (docs/vbi.md "Output"), started once the video streams: the
 * line 21 pairs of its caption meta, of any type, and a null pair (0x80
 * 0x80, which keeps a caption decoder in step) on a field without one,
 * with the video frame's timestamp (the driver numbers both frames).
 * The node warns once and turns itself off on a failure; the video goes
 * on whatever happens here.
 */
static void
gst_v4l2_tv_sink_send_captions (GstV4l2TvSink * self, GstBuffer * buf)
{
  GstV4l2TvVbiNode *vbi = self->obj->vbi;
  GstTvVbiData data;
  guint f;

  if (!self->streaming)
    return;
  if (!self->vbi_started) {
    GstV4l2TvVbiMode mode = gst_v4l2_tv_vbi_node_start (vbi);

    self->vbi_started = TRUE;
    GST_DEBUG_OBJECT (self, "captions %s", mode == GST_V4L2_TV_VBI_MODE_OFF ?
        "off (no sliced VBI output node, none at this standard, or failed)" :
        "go out through the sliced VBI output node");
  }
  if (gst_v4l2_tv_vbi_node_get_mode (vbi) != GST_V4L2_TV_VBI_MODE_SLICED)
    return;

  gst_v4l2_tv_vbi_captions_from_buffer (buf, &data);
  for (f = 0; f < 2; f++) {
    if (data.has_caption[f])
      continue;
    data.has_caption[f] = TRUE;
    data.caption[f][0] = data.caption[f][1] = 0x80;
  }
  if (!gst_v4l2_tv_vbi_node_send (vbi, &data,
          gst_v4l2_tv_sink_running_time (self, buf)))
    GST_LOG_OBJECT (self, "no captions went out with this frame");
}

static void
gst_v4l2_tv_sink_release_for_switch (gpointer obj, gpointer user_data)
{
  gst_v4l2_tv_sink_clear_format (user_data);
}

/* a new output or norm set while playing */
static GstFlowReturn
gst_v4l2_tv_sink_switch (GstV4l2TvSink * self)
{
  gboolean switched;
  GstFlowReturn ret = gst_v4l2_tv_node_switch (self->obj,
      gst_v4l2_tv_sink_release_for_switch, self, &switched);

  /* new caps if the size changed (outside the device lock: the event goes
   * upstream) */
  if (switched)
    gst_pad_push_event (GST_BASE_SINK_PAD (self), gst_event_new_reconfigure ());
  return ret;
}

static GstFlowReturn
gst_v4l2_tv_sink_show (GstV4l2TvSink * self, GstBuffer * buf)
{
  GstBuffer *frame = NULL;
  GstFlowReturn ret;
  gboolean mismatch;
  gint index = -1;

  if (self->failed)
    return GST_FLOW_ERROR;
  ret = gst_v4l2_tv_sink_switch (self);
  if (ret != GST_FLOW_OK)
    return ret;
  if (!self->configured) {
    /* after a switch: the same caps again if they still fit */
    if (self->caps == NULL)
      return GST_FLOW_NOT_NEGOTIATED;
    if (!gst_v4l2_tv_sink_configure (self, self->caps, &self->in_info, TRUE,
            &mismatch)) {
      if (!mismatch)
        return GST_FLOW_ERROR;
      GST_LOG_OBJECT (self, "dropping a frame of the old size");
      return GST_FLOW_OK;
    }
  }

  if (self->native)
    index = gst_v4l2_tv_buffer_pool_get_index (self->pool, buf);

  if (index >= 0) {
    /* upstream drew into a card buffer */
    if (self->queued[index]) {
      GST_LOG_OBJECT (self, "buffer %d is already at the card", index);
      return GST_FLOW_OK;
    }
    frame = gst_buffer_ref (buf);
  } else {
    ret = gst_v4l2_tv_sink_acquire (self, &frame);
    if (ret != GST_FLOW_OK)
      return ret;
    index = gst_v4l2_tv_buffer_pool_get_index (self->pool, frame);
    if (index < 0 || self->queued[index] != NULL) {
      gst_buffer_unref (frame);
      goto bad_pool_buffer;
    }
    if (!gst_v4l2_tv_sink_fill (self, buf, frame)) {
      gst_buffer_unref (frame);
      goto fill_failed;
    }
  }

  ret = gst_v4l2_tv_sink_queue (self, frame, index, buf);
  if (ret != GST_FLOW_OK)
    return ret;
  gst_v4l2_tv_sink_send_captions (self, buf);

  /* give back what the card has displayed; upstream's next buffer may
   * come from the pool in this very thread, so keep one free */
  ret = gst_v4l2_tv_sink_reclaim (self, FALSE);
  if (ret == GST_FLOW_OK &&
      gst_v4l2_tv_buffer_pool_get_available (self->pool) == 0)
    ret = gst_v4l2_tv_sink_reclaim (self, TRUE);

  return ret;

  /* ERRORS */
bad_pool_buffer:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, WRITE,
        (_("Could not write to device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)),
        ("the pool gave a buffer that is not a free card buffer"));
    return GST_FLOW_ERROR;
  }
fill_failed:
  {
    GST_ELEMENT_ERROR (self, STREAM, FORMAT, (NULL),
        ("could not map or convert a frame of %" G_GSIZE_FORMAT " bytes",
            gst_buffer_get_size (buf)));
    return GST_FLOW_ERROR;
  }
}

static GstFlowReturn
gst_v4l2_tv_sink_preroll (GstBaseSink * bsink, GstBuffer * buf)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);
  gboolean show = TRUE;
  GstFlowReturn ret;

  g_object_get (self, "show-preroll-frame", &show, NULL);
  if (!show)
    return GST_FLOW_OK;

  ret = gst_v4l2_tv_sink_show (self, buf);
  if (ret == GST_FLOW_OK)
    gst_buffer_replace (&self->prerolled, buf);

  return ret;
}

static GstFlowReturn
gst_v4l2_tv_sink_show_frame (GstVideoSink * vsink, GstBuffer * buf)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (vsink);

  /* the preroll frame is on its way already */
  if (self->prerolled == buf) {
    gst_clear_buffer (&self->prerolled);
    return GST_FLOW_OK;
  }
  gst_clear_buffer (&self->prerolled);

  return gst_v4l2_tv_sink_show (self, buf);
}

/*
 * EOS once the last frame has left the connector: waits until the card
 * has displayed every queued frame, at most a period per frame and two
 * more. Drivers that keep the frame on the screen until the next one
 * comes never give the last one back, so running out of time is no error.
 */
static void
gst_v4l2_tv_sink_drain (GstV4l2TvSink * self)
{
  GstClockTime period = GST_CLOCK_TIME_IS_VALID (self->duration) ?
      self->duration : DEFAULT_WAIT;
  gint64 end;

  if (!self->streaming || self->n_queued == 0 || self->failed)
    return;

  GST_DEBUG_OBJECT (self, "draining %u frame(s)", self->n_queued);
  end = g_get_monotonic_time () + (self->n_queued + 2) * period / GST_USECOND;
  while (self->n_queued > 0) {
    g_autoptr (GError) err = NULL;
    gint64 left = end - g_get_monotonic_time ();
    GstV4l2TvWaitResult res;

    if (gst_v4l2_tv_sink_reclaim (self, FALSE) != GST_FLOW_OK)
      return;
    if (self->n_queued == 0 || left <= 0)
      break;
    res = gst_v4l2_tv_object_wait (self->obj, left * GST_USECOND, &err);
    if (res == GST_V4L2_TV_WAIT_FLUSHING || res == GST_V4L2_TV_WAIT_ERROR)
      break;
  }
  GST_DEBUG_OBJECT (self, "drained, %u frame(s) still at the card",
      self->n_queued);
}

static gboolean
gst_v4l2_tv_sink_event (GstBaseSink * bsink, GstEvent * event)
{
  GstV4l2TvSink *self = GST_V4L2_TV_SINK (bsink);

  switch (GST_EVENT_TYPE (event)) {
    case GST_EVENT_EOS:
      gst_v4l2_tv_sink_drain (self);
      break;
    case GST_EVENT_FLUSH_STOP:
      /* frames from before the flush are not shown */
      gst_clear_buffer (&self->prerolled);
      gst_v4l2_tv_sink_streamoff (self);
      self->failed = FALSE;
      break;
    default:
      break;
  }

  return GST_BASE_SINK_CLASS (parent_class)->event (bsink, event);
}

/* unlock() (@flushing TRUE) and unlock_stop() (FALSE) */
static gboolean
gst_v4l2_tv_sink_set_flushing (GstV4l2TvSink * self, gboolean flushing)
{
  GstBufferPool *pool = NULL;

  GST_DEBUG_OBJECT (self, "%s", flushing ? "unlock" : "unlock stop");
  gst_v4l2_tv_object_set_flushing (self->obj, flushing);

  GST_OBJECT_LOCK (self);
  if (self->pool)
    pool = gst_object_ref (self->pool);
  GST_OBJECT_UNLOCK (self);

  if (pool) {
    if (gst_buffer_pool_is_active (pool))
      gst_buffer_pool_set_flushing (pool, flushing);
    gst_object_unref (pool);
  }

  return TRUE;
}

static gboolean
gst_v4l2_tv_sink_unlock (GstBaseSink * bsink)
{
  return gst_v4l2_tv_sink_set_flushing (GST_V4L2_TV_SINK (bsink), TRUE);
}

static gboolean
gst_v4l2_tv_sink_unlock_stop (GstBaseSink * bsink)
{
  return gst_v4l2_tv_sink_set_flushing (GST_V4L2_TV_SINK (bsink), FALSE);
}
