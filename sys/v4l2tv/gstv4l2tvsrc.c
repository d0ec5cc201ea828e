/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:element-v4l2tvsrc
 * @title: v4l2tvsrc
 *
 * v4l2tvsrc captures video from an analog TV card: the tuner, composite or
 * S-Video input of a Video4Linux2 device, or of the built-in virtual TV
 * card (`device=virtual`). It selects the #GstV4l2TvSrc:input and the TV
 * standard (#GstV4l2TvSrc:norm) when it starts; left unset, both keep what
 * the card is set to. Both can be changed while playing.
 *
 * The caps follow the standard, not the largest size a scaler would offer:
 * 720x480 at 30000/1001 frames per second for the 525-line standards (NTSC,
 * PAL-M, PAL-60), 720x576 at 25/1 for the others, interleaved fields with
 * the standard's field order (bottom field first for 525 lines), the
 * pixel aspect ratio the card reports (10/11 and 59/54 by default) and
 * BT.601 colorimetry. A change of standard that changes the frame size
 * renegotiates.
 *
 * Frames are pushed without copying while the card keeps at least two
 * buffers to fill; when downstream holds on to more, frames are copied
 * instead of letting the card starve. Timestamps are the driver's capture
 * times in running time; frames the card dropped are counted in
 * #GstV4l2TvSrc:dropped-frames and reported with a QoS message.
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
#include "gstv4l2tvformat.h"
#include "gstv4l2tvallocator.h"

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

/* create(): the streaming thread was woken for a live switch */
#define GST_V4L2_TV_FLOW_SWITCH GST_FLOW_CUSTOM_SUCCESS

enum
{
  PROP_DROPPED_FRAMES = GST_V4L2_TV_OBJECT_PROP_LAST,
};

struct _GstV4l2TvSrc
{
  GstPushSrc parent;

  GstV4l2TvObject *obj;

  /* the streaming thread (the state change thread while not streaming) */
  GstCaps *format_caps;         /* caps set with S_FMT, NULL: to do again */
  GstVideoInfo info;            /* with the card's buffer layout */
  gboolean default_layout;
  gboolean tff;
  gboolean downstream_meta;
  GstClockTime duration;

  GstV4l2TvAllocator *allocator;        /* while buffers exist */
  guint n_buffers, n_queued, min_queued;
  gboolean streaming;

  gboolean have_sequence;
  guint32 last_sequence;
  guint64 processed;
  gboolean discont;

  GstClock *clock;              /* the last clock seen, and whether it */
  gboolean clock_is_monotonic;  /* runs on CLOCK_MONOTONIC */

  /* GST_OBJECT_LOCK */
  guint64 dropped;
  guint latency_buffers;
};

#define gst_v4l2_tv_src_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstV4l2TvSrc, gst_v4l2_tv_src, GST_TYPE_PUSH_SRC,
    GST_DEBUG_CATEGORY_INIT (gst_v4l2_tv_src_debug, "v4l2tvsrc", 0,
        "analog TV video source"));
GST_ELEMENT_REGISTER_DEFINE_WITH_CODE (v4l2tvsrc, "v4l2tvsrc", GST_RANK_NONE,
    GST_TYPE_V4L2_TV_SRC, v4l2_tv_element_init (plugin));

static void gst_v4l2_tv_src_finalize (GObject * object);
static void gst_v4l2_tv_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec);
static void gst_v4l2_tv_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec);
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

  gst_v4l2_tv_object_install_properties (gobject_class, GST_TV_HW_CAPTURE);

  /**
   * GstV4l2TvSrc:dropped-frames:
   *
   * Frames the card captured but could not hand over because no buffer
   * was free, counted from the gaps in the driver's frame sequence numbers
   * since the element started. Each gap is also posted as a QoS message
   * (format buffers: processed and dropped frames) and marks the next
   * buffer DISCONT.
   */
  g_object_class_install_property (gobject_class, PROP_DROPPED_FRAMES,
      g_param_spec_uint64 ("dropped-frames", "Dropped frames",
          "Frames the card dropped since start (gaps in its frame sequence "
          "numbers); each gap is also posted as a QoS message", 0,
          G_MAXUINT64, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "Analog TV video source", "Source/Video",
      "Captures analog TV (NTSC, PAL, SECAM) video from a Video4Linux2 card "
      "at the standard's native size, rate and field order",
      "The v4l2tv authors");

  caps = gst_v4l2_tv_format_template_caps ();
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);

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
  self->obj = gst_v4l2_tv_object_new (GST_ELEMENT (self), GST_TV_HW_CAPTURE);
  self->duration = GST_CLOCK_TIME_NONE;
  self->latency_buffers = DEFAULT_NUM_BUFFERS;

  gst_base_src_set_live (GST_BASE_SRC (self), TRUE);
  gst_base_src_set_format (GST_BASE_SRC (self), GST_FORMAT_TIME);
}

static void
gst_v4l2_tv_src_finalize (GObject * object)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (object);

  gst_v4l2_tv_object_free (self->obj);
  gst_clear_caps (&self->format_caps);
  gst_clear_object (&self->clock);

  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_v4l2_tv_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (object);

  if (!gst_v4l2_tv_object_set_property_helper (self->obj, prop_id, value,
          pspec))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
gst_v4l2_tv_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (object);

  if (gst_v4l2_tv_object_get_property_helper (self->obj, prop_id, value, pspec))
    return;

  switch (prop_id) {
    case PROP_DROPPED_FRAMES:
      GST_OBJECT_LOCK (self);
      g_value_set_uint64 (value, self->dropped);
      GST_OBJECT_UNLOCK (self);
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
  buf.type = gst_tv_hw_device_get_buf_type (self->obj->dev);
  buf.memory = V4L2_MEMORY_MMAP;
  if (!gst_tv_hw_device_queue_buffer (self->obj->dev, &buf, error))
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

  while (gst_v4l2_tv_allocator_pop_returned (self->allocator, &index)) {
    if (!gst_v4l2_tv_src_queue_buffer (self, index, &err))
      goto qbuf_failed;
  }
  return TRUE;

  /* ERRORS */
qbuf_failed:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read from device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)), ("%s", err->message));
    return FALSE;
  }
}

/* STREAMOFF, then frames still held downstream are copied (the card no
 * longer writes them) and the buffers freed; the card keeps its settings */
static void
gst_v4l2_tv_src_stop_streaming (GstV4l2TvSrc * self)
{
  g_autoptr (GError) err = NULL;
  GstTvHwDevice *dev = self->obj->dev;
  guint32 actual;

  if (self->allocator == NULL)
    return;

  GST_DEBUG_OBJECT (self, "stopping streaming, %u buffers downstream",
      gst_v4l2_tv_allocator_get_outstanding (self->allocator));

  if (self->streaming && !gst_tv_hw_device_stream_off (dev, &err)) {
    GST_WARNING_OBJECT (self, "STREAMOFF: %s", err->message);
    g_clear_error (&err);
  }
  self->streaming = FALSE;

  gst_v4l2_tv_allocator_detach (self->allocator);
  gst_clear_object (&self->allocator);

  if (!gst_tv_hw_device_request_buffers (dev, 0, &actual, &err))
    GST_WARNING_OBJECT (self, "freeing buffers: %s", err->message);
  self->n_buffers = self->n_queued = 0;
}

static gboolean
gst_v4l2_tv_src_start_streaming (GstV4l2TvSrc * self)
{
  g_autoptr (GError) err = NULL;
  GstTvHwDevice *dev = self->obj->dev;
  const gchar *location = gst_v4l2_tv_object_get_location (self->obj);
  guint32 n = 0, i;
  gpointer data;
  gsize size = 0;

  if (!gst_tv_hw_device_request_buffers (dev, DEFAULT_NUM_BUFFERS, &n, &err))
    goto reqbufs_failed;
  if (n == 0)
    goto no_buffers;

  self->allocator = gst_v4l2_tv_allocator_new (n);
  self->n_buffers = n;
  self->n_queued = 0;
  self->min_queued = CLAMP (n - 1, 1, MAX_MIN_QUEUED);

  for (i = 0; i < n; i++) {
    if (!gst_tv_hw_device_map_buffer (dev, i, &data, &size, &err))
      goto map_failed;
    if (size < self->info.size)
      goto too_small;
    gst_v4l2_tv_allocator_set_mapping (self->allocator, i, data, size);
  }
  for (i = 0; i < n; i++)
    if (!gst_v4l2_tv_src_queue_buffer (self, i, &err))
      goto map_failed;

  if (!gst_tv_hw_device_stream_on (dev, &err))
    goto streamon_failed;

  GST_INFO_OBJECT (self, "streaming with %u buffers, copying when fewer "
      "than %u are queued", n, self->min_queued);
  self->streaming = TRUE;
  self->have_sequence = FALSE;
  self->discont = TRUE;

  GST_OBJECT_LOCK (self);
  self->latency_buffers = n;
  GST_OBJECT_UNLOCK (self);

  return TRUE;

  /* ERRORS */
reqbufs_failed:
  {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_BUSY))
      GST_ELEMENT_ERROR (self, RESOURCE, BUSY,
          (_("Device '%s' is busy."), location), ("%s", err->message));
    else
      GST_ELEMENT_ERROR (self, RESOURCE, READ,
          (_("Could not get capture buffers from device '%s'."), location),
          ("%s", err->message));
    return FALSE;
  }
no_buffers:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not get capture buffers from device '%s'."), location),
        ("the driver granted no buffers"));
    return FALSE;
  }
map_failed:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not get capture buffers from device '%s'."), location),
        ("%s", err->message));
    gst_v4l2_tv_src_stop_streaming (self);
    return FALSE;
  }
too_small:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not get capture buffers from device '%s'."), location),
        ("buffer %u has %" G_GSIZE_FORMAT " bytes, a frame %" G_GSIZE_FORMAT,
            i, size, self->info.size));
    gst_v4l2_tv_src_stop_streaming (self);
    return FALSE;
  }
streamon_failed:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        (_("Could not start capturing from device '%s'."), location),
        ("%s", err->message));
    gst_v4l2_tv_src_stop_streaming (self);
    return FALSE;
  }
}

/* --- state --- */

static gboolean
gst_v4l2_tv_src_start (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);
  GstV4l2TvSelection sel;

  /* open, then the input (S_INPUT, G_INPUT), then the standard (S_STD,
   * G_STD); the format follows in set_caps */
  if (!gst_v4l2_tv_object_open (self->obj))
    return FALSE;
  if (!gst_v4l2_tv_object_resolve (self->obj, &sel, FALSE))
    goto failed;
  if (!gst_v4l2_tv_object_apply (self->obj, &sel))
    goto failed;
  gst_v4l2_tv_selection_clear (&sel);

  self->processed = 0;
  self->have_sequence = FALSE;
  self->downstream_meta = FALSE;
  GST_OBJECT_LOCK (self);
  self->dropped = 0;
  GST_OBJECT_UNLOCK (self);

  return TRUE;

failed:
  gst_v4l2_tv_selection_clear (&sel);
  gst_v4l2_tv_object_close (self->obj);
  return FALSE;
}

static gboolean
gst_v4l2_tv_src_stop (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  gst_v4l2_tv_src_stop_streaming (self);
  gst_clear_caps (&self->format_caps);
  gst_clear_object (&self->clock);
  self->duration = GST_CLOCK_TIME_NONE;
  gst_v4l2_tv_object_close (self->obj);

  return TRUE;
}

/* --- caps --- */

static GstCaps *
gst_v4l2_tv_src_get_caps (GstBaseSrc * bsrc, GstCaps * filter)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);
  GstCaps *caps;

  caps = gst_v4l2_tv_object_get_caps (self->obj);
  if (caps == NULL)
    caps = gst_pad_get_pad_template_caps (GST_BASE_SRC_PAD (bsrc));

  if (filter) {
    GstCaps *tmp = gst_caps_intersect_full (filter, caps,
        GST_CAPS_INTERSECT_FIRST);

    gst_caps_unref (caps);
    caps = tmp;
  }

  return caps;
}

/* the switch of a live input/norm change, in the streaming thread */
static GstFlowReturn
gst_v4l2_tv_src_switch (GstV4l2TvSrc * self)
{
  GstV4l2TvSelection sel;
  GstFlowReturn ret = GST_FLOW_OK;

  /* an unknown input or unsupported norm only warns: capture goes on */
  if (!gst_v4l2_tv_object_resolve (self->obj, &sel, TRUE))
    return GST_FLOW_OK;

  if (gst_v4l2_tv_object_selection_changes (self->obj, &sel)) {
    GST_INFO_OBJECT (self, "switching to input %u '%s'", sel.port_index,
        sel.port_name);
    /* drivers refuse S_INPUT/S_STD while buffers exist */
    gst_v4l2_tv_src_stop_streaming (self);
    if (gst_v4l2_tv_object_apply (self->obj, &sel))
      gst_clear_caps (&self->format_caps);
    else
      ret = GST_FLOW_ERROR;
  }
  gst_v4l2_tv_selection_clear (&sel);

  return ret;
}

/* the card's first format (in ENUM_FMT order) that downstream accepts */
static gboolean
gst_v4l2_tv_src_negotiate (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);
  GstCaps *ours, *peer, *caps;
  gboolean ret;

  if (gst_v4l2_tv_object_is_pending (self->obj) &&
      gst_v4l2_tv_src_switch (self) != GST_FLOW_OK)
    return FALSE;

  ours = gst_v4l2_tv_object_get_caps (self->obj);
  if (ours == NULL)
    return FALSE;

  peer = gst_pad_peer_query_caps (GST_BASE_SRC_PAD (bsrc), ours);
  GST_DEBUG_OBJECT (self, "ours %" GST_PTR_FORMAT ", peer %" GST_PTR_FORMAT,
      ours, peer);
  if (peer) {
    caps = gst_caps_intersect_full (ours, peer, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (peer);
    gst_caps_unref (ours);
  } else {
    caps = ours;
  }

  if (gst_caps_is_empty (caps)) {
    GST_WARNING_OBJECT (self, "downstream accepts none of our formats");
    gst_caps_unref (caps);
    return FALSE;
  }

  caps = gst_caps_fixate (caps);
  GST_DEBUG_OBJECT (self, "fixated to %" GST_PTR_FORMAT, caps);
  ret = gst_base_src_set_caps (bsrc, caps);
  gst_caps_unref (caps);

  return ret;
}

static gboolean
gst_v4l2_tv_src_apply_format (GstV4l2TvSrc * self, GstCaps * caps)
{
  GstClockTime old = self->duration;

  /* drivers refuse S_FMT while buffers exist */
  gst_v4l2_tv_src_stop_streaming (self);
  gst_clear_caps (&self->format_caps);

  if (!gst_v4l2_tv_object_set_format (self->obj, caps, &self->info,
          &self->default_layout))
    return FALSE;

  self->format_caps = gst_caps_ref (caps);
  self->duration = gst_v4l2_tv_object_get_frame_duration (self->obj);
  self->tff = GST_VIDEO_INFO_FIELD_ORDER (&self->info) ==
      GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST;

  if (GST_CLOCK_TIME_IS_VALID (old) && old != self->duration)
    gst_element_post_message (GST_ELEMENT_CAST (self),
        gst_message_new_latency (GST_OBJECT_CAST (self)));

  return TRUE;
}

static gboolean
gst_v4l2_tv_src_set_caps (GstBaseSrc * bsrc, GstCaps * caps)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  if (self->format_caps && gst_caps_is_equal (self->format_caps, caps))
    return TRUE;

  return gst_v4l2_tv_src_apply_format (self, caps);
}

/* no pool: buffers wrap the card's memory; only whether downstream reads
 * GstVideoMeta matters, for drivers that pad lines */
static gboolean
gst_v4l2_tv_src_decide_allocation (GstBaseSrc * bsrc, GstQuery * query)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  self->downstream_meta = gst_query_find_allocation_meta (query,
      GST_VIDEO_META_API_TYPE, NULL);

  return TRUE;
}

static gboolean
gst_v4l2_tv_src_query (GstBaseSrc * bsrc, GstQuery * query)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  switch (GST_QUERY_TYPE (query)) {
    case GST_QUERY_LATENCY:{
      GstClockTime period;
      guint n;

      /* a frame is ours a period after it began; the card can hold as many
       * as it has buffers */
      period = gst_v4l2_tv_object_get_frame_duration (self->obj);
      if (!GST_CLOCK_TIME_IS_VALID (period)) {
        GST_DEBUG_OBJECT (self, "no latency before the device is open");
        return FALSE;
      }
      GST_OBJECT_LOCK (self);
      n = self->latency_buffers;
      GST_OBJECT_UNLOCK (self);

      GST_DEBUG_OBJECT (self, "latency min %" GST_TIME_FORMAT " max %"
          GST_TIME_FORMAT, GST_TIME_ARGS (period), GST_TIME_ARGS (n * period));
      gst_query_set_latency (query, TRUE, period, n * period);
      return TRUE;
    }
    default:
      return GST_BASE_SRC_CLASS (parent_class)->query (bsrc, query);
  }
}

static gboolean
gst_v4l2_tv_src_unlock (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  GST_DEBUG_OBJECT (self, "unlock");
  gst_v4l2_tv_object_unlock (self->obj);

  return TRUE;
}

static gboolean
gst_v4l2_tv_src_unlock_stop (GstBaseSrc * bsrc)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (bsrc);

  GST_DEBUG_OBJECT (self, "unlock stop");
  gst_v4l2_tv_object_unlock_stop (self->obj);

  return TRUE;
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

/*
 * The running time at which the frame was captured. Drivers stamp frames
 * on CLOCK_MONOTONIC; on the system clock in monotonic mode (a pipeline's
 * default) that is ts - base_time. On any other clock, the frame is as
 * old on it as it is on CLOCK_MONOTONIC: now - base_time - (monotonic now
 * - ts).
 */
static GstClockTime
gst_v4l2_tv_src_running_time (GstV4l2TvSrc * self,
    const struct v4l2_buffer *vbuf)
{
  GstClock *clock;
  GstClockTime base_time, ts, now, delay = 0;
  gboolean monotonic_ts = (vbuf->flags & V4L2_BUF_FLAG_TIMESTAMP_MASK) ==
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;

  GST_OBJECT_LOCK (self);
  clock = GST_ELEMENT_CLOCK (self);
  if (clock)
    gst_object_ref (clock);
  base_time = GST_ELEMENT_CAST (self)->base_time;
  GST_OBJECT_UNLOCK (self);

  if (clock == NULL)
    return GST_CLOCK_TIME_NONE;

  if (clock != self->clock) {
    gst_object_replace ((GstObject **) & self->clock, GST_OBJECT_CAST (clock));
    self->clock_is_monotonic = clock_is_monotonic (clock);
    GST_DEBUG_OBJECT (self, "clock %" GST_PTR_FORMAT " is%s the monotonic "
        "system clock", clock, self->clock_is_monotonic ? "" : " not");
  }

  ts = GST_TIMEVAL_TO_TIME (vbuf->timestamp);
  if (monotonic_ts && self->clock_is_monotonic) {
    now = ts;
  } else {
    now = gst_clock_get_time (clock);
    if (monotonic_ts) {
      struct timespec mono;
      GstClockTime mono_now;

      clock_gettime (CLOCK_MONOTONIC, &mono);
      mono_now = GST_TIMESPEC_TO_TIME (mono);
      delay = mono_now > ts ? mono_now - ts : 0;
    }
  }
  gst_object_unref (clock);

  return now > base_time + delay ? now - base_time - delay : 0;
}

static void
gst_v4l2_tv_src_count_drops (GstV4l2TvSrc * self, guint32 sequence,
    GstClockTime pts)
{
  GstMessage *msg;
  guint64 lost = 0, total;

  if (self->have_sequence && sequence > self->last_sequence + 1)
    lost = sequence - self->last_sequence - 1;
  self->have_sequence = TRUE;
  self->last_sequence = sequence;
  self->processed++;

  if (lost == 0)
    return;

  GST_OBJECT_LOCK (self);
  self->dropped += lost;
  total = self->dropped;
  GST_OBJECT_UNLOCK (self);

  GST_WARNING_OBJECT (self, "the card dropped %" G_GUINT64_FORMAT " frame(s) "
      "before frame %u, %" G_GUINT64_FORMAT " in all", lost, sequence, total);
  self->discont = TRUE;

  msg = gst_message_new_qos (GST_OBJECT_CAST (self), TRUE, pts,
      GST_CLOCK_TIME_NONE, pts, self->duration);
  gst_message_set_qos_stats (msg, GST_FORMAT_BUFFERS, self->processed, total);
  gst_element_post_message (GST_ELEMENT_CAST (self), msg);
}

/* a copy downstream can own for as long as it likes */
static GstBuffer *
gst_v4l2_tv_src_copy (GstV4l2TvSrc * self, GstBuffer * buf)
{
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstBuffer *copy;

  if (self->default_layout || self->downstream_meta)
    return gst_buffer_copy_deep (buf);

  /* padded lines and no GstVideoMeta downstream: repack */
  if (!gst_video_info_from_caps (&info, self->format_caps))
    return NULL;
  copy = gst_buffer_new_allocate (NULL, info.size, NULL);
  if (!gst_video_frame_map (&in, &self->info, buf, GST_MAP_READ))
    goto map_failed;
  if (!gst_video_frame_map (&out, &info, copy, GST_MAP_WRITE)) {
    gst_video_frame_unmap (&in);
    goto map_failed;
  }
  gst_video_frame_copy (&out, &in);
  gst_video_frame_unmap (&out);
  gst_video_frame_unmap (&in);
  gst_buffer_copy_into (copy, buf,
      GST_BUFFER_COPY_FLAGS | GST_BUFFER_COPY_TIMESTAMPS, 0, -1);

  return copy;

map_failed:
  gst_buffer_unref (copy);
  return NULL;
}

static GstFlowReturn
gst_v4l2_tv_src_output (GstV4l2TvSrc * self, const struct v4l2_buffer *vbuf,
    GstBuffer ** outbuf)
{
  GstClockTime pts = gst_v4l2_tv_src_running_time (self, vbuf);
  GstMemory *mem;
  GstBuffer *buf;
  gboolean copy;

  gst_v4l2_tv_src_count_drops (self, vbuf->sequence, pts);

  mem = gst_v4l2_tv_allocator_wrap (self->allocator, vbuf->index,
      self->info.size);
  if (mem == NULL)
    goto wrap_failed;
  buf = gst_buffer_new ();
  gst_buffer_append_memory (buf, mem);
  GST_BUFFER_FLAG_UNSET (buf, GST_BUFFER_FLAG_TAG_MEMORY);
  if (!self->default_layout)
    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_INFO_FORMAT (&self->info), GST_VIDEO_INFO_WIDTH (&self->info),
        GST_VIDEO_INFO_HEIGHT (&self->info),
        GST_VIDEO_INFO_N_PLANES (&self->info), self->info.offset,
        self->info.stride);

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
  if (vbuf->flags & V4L2_BUF_FLAG_ERROR)
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_CORRUPTED);

  /* keep the card fed: copy when downstream holds too many buffers */
  copy = self->n_queued < self->min_queued ||
      (!self->default_layout && !self->downstream_meta);
  if (copy) {
    GstBuffer *tmp = gst_v4l2_tv_src_copy (self, buf);

    GST_LOG_OBJECT (self, "copying frame %u: %u buffers queued, %u held "
        "downstream", vbuf->sequence, self->n_queued,
        gst_v4l2_tv_allocator_get_outstanding (self->allocator) - 1);
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

  GST_LOG_OBJECT (self, "frame %u from buffer %u, pts %" GST_TIME_FORMAT
      "%s", vbuf->sequence, vbuf->index, GST_TIME_ARGS (pts),
      copy ? " (copy)" : "");
  *outbuf = buf;

  return GST_FLOW_OK;

  /* ERRORS */
wrap_failed:
  {
    GST_ELEMENT_ERROR (self, RESOURCE, READ,
        (_("Could not read from device '%s'."),
            gst_v4l2_tv_object_get_location (self->obj)),
        ("the driver returned buffer %u, which is still in use", vbuf->index));
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

/* waits for the next frame and dequeues it */
static GstFlowReturn
gst_v4l2_tv_src_capture (GstV4l2TvSrc * self, GstBuffer ** outbuf)
{
  g_autoptr (GError) err = NULL;
  GstV4l2TvObject *obj = self->obj;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  struct v4l2_buffer vbuf;
  GstClockTime timeout, waited = 0;

  if (!gst_v4l2_tv_src_requeue (self))
    return GST_FLOW_ERROR;

  timeout = GST_CLOCK_TIME_IS_VALID (self->duration) ?
      WAIT_PERIODS * self->duration : DEFAULT_WAIT;

  for (;;) {
    GstV4l2TvWaitResult res = gst_v4l2_tv_object_wait (obj, timeout, &err);

    if (res == GST_V4L2_TV_WAIT_TIMEOUT) {
      waited += timeout;
      /* no signal, or a stalled driver: say so once, keep waiting */
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

    memset (&vbuf, 0, sizeof (vbuf));
    vbuf.type = gst_tv_hw_device_get_buf_type (obj->dev);
    vbuf.memory = V4L2_MEMORY_MMAP;
    if (gst_tv_hw_device_dequeue_buffer (obj->dev, &vbuf, &err))
      break;
    if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_TIMEOUT))
      goto read_failed;
    g_clear_error (&err);
  }
  self->n_queued--;

  return gst_v4l2_tv_src_output (self, &vbuf, outbuf);

  /* ERRORS */
read_failed:
  {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_DISCONNECTED))
      GST_ELEMENT_ERROR (self, RESOURCE, READ,
          (_("Device '%s' was disconnected."), location), ("%s", err->message));
    else
      GST_ELEMENT_ERROR (self, RESOURCE, READ,
          (_("Could not read from device '%s'."), location),
          ("%s", err->message));
    return GST_FLOW_ERROR;
  }
}

static GstFlowReturn
gst_v4l2_tv_src_create (GstPushSrc * psrc, GstBuffer ** outbuf)
{
  GstV4l2TvSrc *self = GST_V4L2_TV_SRC (psrc);
  GstBaseSrc *bsrc = GST_BASE_SRC (psrc);
  GstFlowReturn ret;

  for (;;) {
    if (gst_v4l2_tv_object_is_pending (self->obj)) {
      ret = gst_v4l2_tv_src_switch (self);
      if (ret != GST_FLOW_OK)
        return ret;
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
    if (ret != GST_V4L2_TV_FLOW_SWITCH)
      return ret;
  }
}
