/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: signal loss in v4l2tvsrc.
 *
 * The status of the current input (struct v4l2_input.status from
 * ENUMINPUT) is read every half second of stream time while frames
 * come, and at each frame period without one. Each change of it, and each
 * start and end of a gap (filler frames going out), is posted as a
 * "v4l2tv-signal" element message (fields documented in gstv4l2tvsrc.c).
 *
 * Filler frames are shallow copies of one frame made when the gap begins:
 * the last frame pushed, copied out of its buffer (a card buffer in the
 * card's format, which must go back to the card), or black. They are made
 * in GStreamer's default layout of the negotiated caps, so they need no
 * GstVideoMeta.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstv4l2tvsignal.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* how often the input's status is read while frames come */
#define POLL_INTERVAL (500 * GST_MSECOND)

/* the status bits that mean there is no picture to capture */
#define NO_PICTURE_BITS (V4L2_IN_ST_NO_POWER | V4L2_IN_ST_NO_SIGNAL | \
    V4L2_IN_ST_NO_H_LOCK | V4L2_IN_ST_NO_V_LOCK | V4L2_IN_ST_NO_SYNC | \
    V4L2_IN_ST_NO_EQU | V4L2_IN_ST_NO_CARRIER)

/* the V4L2_IN_ST_* bits by name, the most severe first: "status" is the
 * first one set */
/* *INDENT-OFF* */
static const struct
{
  guint32 bit;
  const gchar *name;
} status_bits[] = {
  {V4L2_IN_ST_NO_POWER, "no-power"},
  {V4L2_IN_ST_NO_SIGNAL, "no-signal"},
  {V4L2_IN_ST_NO_CARRIER, "no-carrier"},
  {V4L2_IN_ST_NO_SYNC, "no-sync"},
  {V4L2_IN_ST_NO_H_LOCK, "no-h-lock"},
  {V4L2_IN_ST_NO_V_LOCK, "no-v-lock"},
  {V4L2_IN_ST_NO_EQU, "no-equalizer"},
  {V4L2_IN_ST_NO_STD_LOCK, "no-std-lock"},
  {V4L2_IN_ST_NO_COLOR, "no-color"},
  {V4L2_IN_ST_COLOR_KILL, "color-kill"},
  {V4L2_IN_ST_MACROVISION, "macrovision"},
  {V4L2_IN_ST_NO_ACCESS, "no-access"},
  {V4L2_IN_ST_VTR, "vtr"},
  {V4L2_IN_ST_HFLIP, "hflip"},
  {V4L2_IN_ST_VFLIP, "vflip"},
};
/* *INDENT-ON* */

GType
gst_v4l2_tv_signal_loss_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {GST_V4L2_TV_SIGNAL_LOSS_REPEAT, "Repeat the last frame", "repeat"},
    {GST_V4L2_TV_SIGNAL_LOSS_BLACK, "Black frames", "black"},
    {GST_V4L2_TV_SIGNAL_LOSS_WAIT, "Push nothing, wait for the card",
        "wait"},
    {0, NULL, NULL},
  };

  return gst_v4l2_tv_register_enum (&type, "GstV4l2TvSignalLoss", values);
}

GType
gst_v4l2_tv_corrupted_frames_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {GST_V4L2_TV_CORRUPTED_FRAMES_MARK, "Push them flagged CORRUPTED",
        "mark"},
    {GST_V4L2_TV_CORRUPTED_FRAMES_DROP, "Drop them", "drop"},
    {0, NULL, NULL},
  };

  return gst_v4l2_tv_register_enum (&type, "GstV4l2TvCorruptedFrames", values);
}

void
gst_v4l2_tv_signal_init (GstV4l2TvSignal * sig, GstElement * element,
    GstV4l2TvObject * obj)
{
  memset (sig, 0, sizeof (*sig));
  sig->element = element;
  sig->obj = obj;
  sig->last_pts = GST_CLOCK_TIME_NONE;
  sig->wait_start = GST_CLOCK_TIME_NONE;
}

/* drops the frames held; done before the card's buffers go away */
void
gst_v4l2_tv_signal_release (GstV4l2TvSignal * sig)
{
  gst_clear_buffer (&sig->last);
  gst_clear_buffer (&sig->filler);
}

/* back to the state at start: status ok, no gap, nothing pushed */
void
gst_v4l2_tv_signal_reset (GstV4l2TvSignal * sig)
{
  GstElement *element = sig->element;
  GstV4l2TvObject *obj = sig->obj;

  gst_v4l2_tv_signal_release (sig);
  gst_v4l2_tv_signal_init (sig, element, obj);
}

static void
gst_v4l2_tv_signal_post (GstV4l2TvSignal * sig, GstClockTime running_time)
{
  GValue flags = G_VALUE_INIT;
  const gchar *status = "ok";
  GstStructure *s;
  guint i;

  g_value_init (&flags, GST_TYPE_ARRAY);
  for (i = 0; i < G_N_ELEMENTS (status_bits); i++) {
    GValue name = G_VALUE_INIT;

    if (!(sig->status & status_bits[i].bit))
      continue;
    if (g_str_equal (status, "ok"))
      status = status_bits[i].name;
    g_value_init (&name, G_TYPE_STRING);
    g_value_set_static_string (&name, status_bits[i].name);
    gst_value_array_append_and_take_value (&flags, &name);
  }

  s = gst_structure_new ("v4l2tv-signal",
      "device", G_TYPE_STRING, gst_v4l2_tv_object_get_location (sig->obj),
      "input", G_TYPE_STRING, sig->obj->port_name ? sig->obj->port_name : "",
      "input-index", G_TYPE_UINT, sig->obj->port_index,
      "status", G_TYPE_STRING, status,
      "signal", G_TYPE_BOOLEAN, !(sig->status & NO_PICTURE_BITS),
      "status-bits", G_TYPE_UINT, sig->status,
      "gap", G_TYPE_BOOLEAN, sig->gap,
      "corrupted", G_TYPE_BOOLEAN, sig->corrupted,
      "corrupted-count", G_TYPE_UINT64, sig->corrupted_count,
      "running-time", G_TYPE_UINT64, (guint64) running_time, NULL);
  gst_structure_take_value (s, "flags", &flags);

  GST_INFO_OBJECT (sig->element, "input '%s': %" GST_PTR_FORMAT,
      sig->obj->port_name, s);
  gst_element_post_message (sig->element,
      gst_message_new_element (GST_OBJECT_CAST (sig->element), s));
  sig->posted = TRUE;
}

/* reads the status now and posts it if it changed */
static void
gst_v4l2_tv_signal_update (GstV4l2TvSignal * sig, gboolean gap,
    GstClockTime running_time)
{
  struct v4l2_input input;
  guint32 status = sig->status;
  GstTvHwDevice *dev = sig->obj->dev;

  sig->since_poll = 0;
  GST_V4L2_TV_DEVICE_LOCK (sig->obj);
  if (dev && gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE &&
      gst_tv_hw_device_enum_input (dev, sig->obj->port_index, &input, NULL))
    status = input.status;
  GST_V4L2_TV_DEVICE_UNLOCK (sig->obj);

  if (status == sig->status && gap == sig->gap)
    return;
  sig->status = status;
  sig->gap = gap;
  gst_v4l2_tv_signal_post (sig, running_time);
}

/*
 * @elapsed of stream time went by; the status is read every POLL_INTERVAL
 * of it, and at once when @elapsed is GST_CLOCK_TIME_NONE (a frame period
 * without a frame).
 */
void
gst_v4l2_tv_signal_poll (GstV4l2TvSignal * sig, GstClockTime elapsed,
    GstClockTime running_time)
{
  if (GST_CLOCK_TIME_IS_VALID (elapsed)) {
    sig->since_poll += elapsed;
    if (sig->since_poll < POLL_INTERVAL)
      return;
  } else {
    sig->stalled = TRUE;
  }
  gst_v4l2_tv_signal_update (sig, sig->gap, running_time);
}

/*
 * A frame from the card is about to be pushed in @buf (ours alone): it
 * ends a gap (and is marked DISCONT then), its timestamp is kept after the
 * fillers', and, when @keep, it becomes the frame a gap repeats. After
 * periods without a frame, the status is read again at once.
 */
void
gst_v4l2_tv_signal_frame (GstV4l2TvSignal * sig, GstBuffer * buf, gboolean keep)
{
  sig->errors_in_row = 0;
  if (GST_CLOCK_TIME_IS_VALID (sig->last_pts) &&
      GST_BUFFER_PTS_IS_VALID (buf) && GST_BUFFER_PTS (buf) <= sig->last_pts)
    GST_BUFFER_PTS (buf) = sig->last_pts + 1;
  sig->last_pts = GST_BUFFER_PTS (buf);

  if (sig->gap || sig->stalled) {
    if (sig->gap)
      GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
    gst_clear_buffer (&sig->filler);
    GST_INFO_OBJECT (sig->element, "frames are back");
    sig->stalled = FALSE;
    gst_v4l2_tv_signal_update (sig, FALSE, sig->last_pts);
  }
  gst_buffer_replace (&sig->last, keep ? buf : NULL);
}

/* whether the input's status, as last read, lets a picture through (no
 * bit of NO_PICTURE_BITS) */
gboolean
gst_v4l2_tv_signal_has_picture (GstV4l2TvSignal * sig)
{
  return !(sig->status & NO_PICTURE_BITS);
}

/*
 * A frame came from the card, @corrupted or not (marked or dropped, see
 * v4l2tvsrc's corrupted-frames): the first corrupted frame after good ones
 * and the first good one after corrupted ones are posted, with the count
 * so far.
 */
void
gst_v4l2_tv_signal_corrupted (GstV4l2TvSignal * sig, gboolean corrupted,
    GstClockTime running_time)
{
  if (corrupted)
    sig->corrupted_count++;
  if (corrupted == sig->corrupted)
    return;
  sig->corrupted = corrupted;
  if (corrupted)
    GST_WARNING_OBJECT (sig->element, "corrupted frames from '%s' input "
        "'%s'", gst_v4l2_tv_object_get_location (sig->obj),
        sig->obj->port_name);
  else
    GST_INFO_OBJECT (sig->element, "complete frames are back");
  gst_v4l2_tv_signal_post (sig, running_time);
}

/* black in every component: Y 16, Cb/Cr 128 (limited range), RGB 0,
 * alpha opaque */
static void
fill_black (GstVideoFrame * frame)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  const GstVideoFormatInfo *uinfo =
      gst_video_format_get_info (finfo->unpack_format);
  gboolean yuv = GST_VIDEO_FORMAT_INFO_IS_YUV (uinfo);
  gboolean wide = GST_VIDEO_FORMAT_INFO_DEPTH (uinfo, 0) > 8;
  guint width = GST_VIDEO_FRAME_WIDTH (frame);
  guint height = GST_VIDEO_FRAME_HEIGHT (frame);
  gpointer line;
  guint x, y;

  line = g_malloc (width * (wide ? 8 : 4));
  for (x = 0; x < width; x++) {
    if (wide) {
      guint16 *p = (guint16 *) line + 4 * x;

      p[0] = 0xffff;
      p[1] = yuv ? 16 << 8 : 0;
      p[2] = p[3] = yuv ? 128 << 8 : 0;
    } else {
      guint8 *p = (guint8 *) line + 4 * x;

      p[0] = 0xff;
      p[1] = yuv ? 16 : 0;
      p[2] = p[3] = yuv ? 128 : 0;
    }
  }
  for (y = 0; y < height; y++)
    finfo->pack_func (finfo, GST_VIDEO_PACK_FLAG_NONE, line, 0,
        frame->data, frame->info.stride, frame->info.chroma_site, y, width);
  g_free (line);
}

/* the frame a gap repeats, in the default layout of @info */
static GstBuffer *
make_filler_frame (GstV4l2TvSignal * sig, GstV4l2TvSignalLoss mode,
    GstVideoInfo * info)
{
  GstVideoFrame in, out;
  GstBuffer *buf;
  gboolean copied = FALSE;

  buf = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info), NULL);
  if (buf == NULL || !gst_video_frame_map (&out, info, buf, GST_MAP_WRITE)) {
    gst_clear_buffer (&buf);
    return NULL;
  }
  /* the last frame, through its GstVideoMeta when it has one */
  if (mode == GST_V4L2_TV_SIGNAL_LOSS_REPEAT && sig->last &&
      gst_video_frame_map (&in, info, sig->last, GST_MAP_READ)) {
    copied = gst_video_frame_copy (&out, &in);
    gst_video_frame_unmap (&in);
  }
  if (!copied)
    fill_black (&out);
  gst_video_frame_unmap (&out);
  GST_DEBUG_OBJECT (sig->element, "filler frame: %s",
      copied ? "the last frame" : "black");

  /* the last frame is in the filler now: its card buffer can go back */
  gst_clear_buffer (&sig->last);

  return buf;
}

/*
 * A filler frame for the frame period at @pts, in @caps (the negotiated
 * caps): a new buffer sharing the memory of the gap's frame, flagged GAP,
 * DISCONT on the first of a gap. NULL when no frame can be made.
 */
GstBuffer *
gst_v4l2_tv_signal_make_filler (GstV4l2TvSignal * sig,
    GstV4l2TvSignalLoss mode, GstCaps * caps, GstClockTime pts,
    GstClockTime duration)
{
  GstVideoInfo info;
  GstBuffer *buf;
  gboolean first = !sig->gap;

  if (sig->filler == NULL) {
    if (caps == NULL || !gst_video_info_from_caps (&info, caps))
      return NULL;
    sig->filler = make_filler_frame (sig, mode, &info);
    if (sig->filler == NULL)
      return NULL;
    GST_BUFFER_FLAG_SET (sig->filler, GST_BUFFER_FLAG_GAP);
    if (GST_VIDEO_INFO_IS_INTERLACED (&info)) {
      GST_BUFFER_FLAG_SET (sig->filler, GST_VIDEO_BUFFER_FLAG_INTERLACED);
      if (GST_VIDEO_INFO_FIELD_ORDER (&info) ==
          GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST)
        GST_BUFFER_FLAG_SET (sig->filler, GST_VIDEO_BUFFER_FLAG_TFF);
    }
  }

  buf = gst_buffer_copy (sig->filler);
  GST_BUFFER_PTS (buf) = pts;
  GST_BUFFER_DTS (buf) = GST_CLOCK_TIME_NONE;
  GST_BUFFER_DURATION (buf) = duration;
  GST_BUFFER_OFFSET (buf) = GST_BUFFER_OFFSET_NONE;
  GST_BUFFER_OFFSET_END (buf) = GST_BUFFER_OFFSET_NONE;
  if (first)
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
  sig->last_pts = pts;

  if (first) {
    GST_WARNING_OBJECT (sig->element, "no frames from '%s' input '%s': "
        "pushing %s frames", gst_v4l2_tv_object_get_location (sig->obj),
        sig->obj->port_name, mode == GST_V4L2_TV_SIGNAL_LOSS_REPEAT ?
        "repeated" : "black");
    gst_v4l2_tv_signal_update (sig, TRUE, pts);
  }

  return buf;
}
