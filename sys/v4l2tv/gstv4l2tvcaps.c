/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the caps of the standard in force, and the card's format.
 *
 * After the object has selected the port and the standard, the caps the
 * card produces (or takes) are the standard's picture (hw/tvhw-std.c: size,
 * rate, field order, pixel aspect, colorimetry) in each format ENUM_FMT
 * lists and TRY_FMT keeps; a pixel aspect from CROPCAP and a rate from
 * G_PARM where there is no standard. S_FMT then programs one of them.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gstv4l2tvcaps.h"
#include "gstv4l2tvcrop.h"
#include "gstv4l2tvformat.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

#define IS_CAPTURE(obj) (!gst_tv_hw_node_kind_is_output ((obj)->kind))

/* the frame rate of the standard in force; without one, the card's
 * (G_PARM), else 0/1 (variable) */
void
gst_v4l2_tv_caps_frame_rate (GstV4l2TvObject * obj, gint * fps_n, gint * fps_d)
{
  struct v4l2_streamparm parm;
  struct v4l2_fract *tpf;
  guint num, den;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  if (obj->std && gst_tv_hw_std_frame_period (obj->std, &num, &den)) {
    *fps_n = den;
    *fps_d = num;
    return;
  }

  memset (&parm, 0, sizeof (parm));
  parm.type = gst_tv_hw_device_get_buf_type (obj->dev);
  tpf = IS_CAPTURE (obj) ? &parm.parm.capture.timeperframe :
      &parm.parm.output.timeperframe;
  if (gst_tv_hw_device_get_parm (obj->dev, &parm, NULL) &&
      tpf->numerator > 0 && tpf->denominator > 0) {
    *fps_n = tpf->denominator;
    *fps_d = tpf->numerator;
    return;
  }

  /* unknown: variable frame rate */
  *fps_n = 0;
  *fps_d = 1;
}

/* CROPCAP's pixelaspect is y/x: 11/10 for 525 lines is a PAR of 10/11 */
void
gst_v4l2_tv_caps_pixel_aspect (GstV4l2TvObject * obj, gint * par_n,
    gint * par_d)
{
  g_autoptr (GError) err = NULL;
  const GstTvHwLineSystem *system;
  struct v4l2_cropcap cropcap;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  memset (&cropcap, 0, sizeof (cropcap));
  cropcap.type = gst_tv_hw_device_get_buf_type (obj->dev);
  if (gst_tv_hw_device_cropcap (obj->dev, &cropcap, &err) &&
      cropcap.pixelaspect.numerator > 0 &&
      cropcap.pixelaspect.denominator > 0) {
    *par_n = cropcap.pixelaspect.denominator;
    *par_d = cropcap.pixelaspect.numerator;
    return;
  }

  GST_DEBUG_OBJECT (obj->element, "no pixel aspect from CROPCAP (%s)",
      err ? err->message : "0/0");
  system = gst_tv_hw_line_system (obj->lines);
  *par_n = system ? system->par_n : 1;
  *par_d = system ? system->par_d : 1;
}

/* the field order V4L2_FIELD_INTERLACED stands for: the standard's (bottom
 * field first for the 525-line ones), or without a standard the one of
 * the system whose picture has @height lines */
static gboolean
interlaced_is_tff (GstV4l2TvObject * obj, guint height)
{
  const GstTvHwLineSystem *system = gst_tv_hw_line_system (obj->lines);

  if (system == NULL)
    system = gst_tv_hw_line_system (height ==
        gst_tv_hw_line_system (525)->height ? 525 : 625);
  return system->top_field_first;
}

/* the caps structure for a V4L2 format, NULL if it cannot be expressed */
static GstStructure *
structure_from_pix (GstV4l2TvObject * obj, const struct v4l2_pix_format *pix,
    gint fps_n, gint fps_d)
{
  GstVideoFormat format = gst_v4l2_tv_format_from_fourcc (pix->pixelformat);
  GstStructure *s;
  guint32 field = pix->field;

  if (format == GST_VIDEO_FORMAT_UNKNOWN || pix->width == 0 || pix->height == 0)
    return NULL;

  if (field == V4L2_FIELD_ANY)
    field = obj->std ? V4L2_FIELD_INTERLACED : V4L2_FIELD_NONE;

  s = gst_structure_new ("video/x-raw",
      "format", G_TYPE_STRING, gst_video_format_to_string (format),
      "width", G_TYPE_INT, (gint) pix->width,
      "height", G_TYPE_INT, (gint) pix->height,
      "framerate", GST_TYPE_FRACTION, fps_n, fps_d,
      "pixel-aspect-ratio", GST_TYPE_FRACTION, obj->par_n, obj->par_d, NULL);

  switch (field) {
    case V4L2_FIELD_NONE:
      gst_structure_set (s, "interlace-mode", G_TYPE_STRING, "progressive",
          NULL);
      break;
    case V4L2_FIELD_INTERLACED:
    case V4L2_FIELD_INTERLACED_TB:
    case V4L2_FIELD_INTERLACED_BT:{
      gboolean tff = field == V4L2_FIELD_INTERLACED_TB ||
          (field == V4L2_FIELD_INTERLACED &&
          interlaced_is_tff (obj, pix->height));

      gst_structure_set (s, "interlace-mode", G_TYPE_STRING, "interleaved",
          "field-order", G_TYPE_STRING, gst_video_field_order_to_string (tff ?
              GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST :
              GST_VIDEO_FIELD_ORDER_BOTTOM_FIELD_FIRST), NULL);
      break;
    }
    default:
      /* separate fields (alternate, sequential): not handled yet */
      GST_DEBUG_OBJECT (obj->element, "field %u not supported", field);
      gst_structure_free (s);
      return NULL;
  }

  if (obj->std && gst_tv_hw_line_system (obj->lines))
    gst_structure_set (s, "colorimetry", G_TYPE_STRING,
        gst_tv_hw_line_system (obj->lines)->colorimetry, NULL);

  return s;
}

/* the caps the card produces now: per format, the standard's native frame
 * size as TRY_FMT adjusts it (a scaler could offer any size; analog video
 * has one), rate and pixel aspect of the standard */
GstCaps *
gst_v4l2_tv_caps_probe (GstV4l2TvObject * obj, gint fps_n, gint fps_d,
    GError ** error)
{
  guint32 buf_type = gst_tv_hw_device_get_buf_type (obj->dev);
  guint width = 0, height = 0, i;
  struct v4l2_format cur;
  GstCaps *caps;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  caps = gst_caps_new_empty ();

  memset (&cur, 0, sizeof (cur));
  cur.type = buf_type;
  if (gst_tv_hw_device_get_fmt (obj->dev, &cur, NULL)) {
    width = cur.fmt.pix.width;
    height = cur.fmt.pix.height;
  }
  if (gst_tv_hw_line_system (obj->lines)) {
    width = gst_tv_hw_line_system (obj->lines)->width;
    height = gst_tv_hw_line_system (obj->lines)->height;
  }
  gst_v4l2_tv_crop_frame_size (obj, &width, &height);

  for (i = 0;; i++) {
    g_autoptr (GError) err = NULL;
    struct v4l2_fmtdesc desc;
    struct v4l2_format fmt;
    GstStructure *s;

    memset (&desc, 0, sizeof (desc));
    desc.index = i;
    desc.type = buf_type;
    if (!gst_tv_hw_device_enum_fmt (obj->dev, i, &desc, &err)) {
      if (err) {
        GST_WARNING_OBJECT (obj->element, "ENUM_FMT: %s", err->message);
        g_propagate_error (error, g_steal_pointer (&err));
      }
      break;
    }
    if (gst_v4l2_tv_format_from_fourcc (desc.pixelformat) ==
        GST_VIDEO_FORMAT_UNKNOWN) {
      GST_DEBUG_OBJECT (obj->element, "skipping format %" GST_FOURCC_FORMAT,
          GST_FOURCC_ARGS (desc.pixelformat));
      continue;
    }

    memset (&fmt, 0, sizeof (fmt));
    fmt.type = buf_type;
    fmt.fmt.pix.width = width;
    fmt.fmt.pix.height = height;
    fmt.fmt.pix.pixelformat = desc.pixelformat;
    fmt.fmt.pix.field = obj->std ? V4L2_FIELD_INTERLACED : V4L2_FIELD_ANY;
    if (!gst_tv_hw_device_try_fmt (obj->dev, &fmt, &err)) {
      if (!g_error_matches (err, GST_TV_HW_ERROR,
              GST_TV_HW_ERROR_NOT_SUPPORTED)) {
        GST_DEBUG_OBJECT (obj->element, "TRY_FMT %" GST_FOURCC_FORMAT ": %s",
            GST_FOURCC_ARGS (desc.pixelformat), err->message);
        continue;
      }
      /* no TRY_FMT: trust the request */
    }
    if (fmt.fmt.pix.pixelformat != desc.pixelformat)
      continue;

    s = structure_from_pix (obj, &fmt.fmt.pix, fps_n, fps_d);
    if (s)
      caps = gst_caps_merge_structure (caps, s);
  }

  return caps;
}

/* the error for a format the card does not take: @err when S_FMT failed,
 * else @debug (taken) says what the card made of it */
static void
format_refused (GstV4l2TvObject * obj, const GstVideoInfo * info,
    const GError * err, gchar * debug, const gchar * function, gint line)
{
  gchar *text = g_strdup_printf (_("Device '%s' does not accept the video "
          "format %s %dx%d."), gst_v4l2_tv_object_get_location (obj),
      gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)),
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info));

  if (err)
    gst_v4l2_tv_object_post_hw_error (obj, GST_MESSAGE_ERROR, err,
        GST_RESOURCE_ERROR_SETTINGS, text, __FILE__, function, line);
  else
    gst_element_message_full (obj->element, GST_MESSAGE_ERROR,
        GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS, text, debug,
        __FILE__, function, line);
}

/*
 * S_FMT for the fixed @caps (one of ours; for an output, upstream's caps
 * in one of the card's formats). Fills @info with the card's buffer layout
 * and tells whether it is GStreamer's default one. Posts an error and
 * returns FALSE if the card does not take exactly that format.
 */
gboolean
gst_v4l2_tv_caps_set_format (GstV4l2TvObject * obj, GstCaps * caps,
    GstVideoInfo * info, gboolean * default_layout)
{
  g_autoptr (GError) err = NULL;
  GstStructure *want, *got = NULL;
  struct v4l2_format fmt;
  guint32 field = V4L2_FIELD_NONE;
  gboolean ok;

  if (!gst_video_info_from_caps (info, caps))
    goto bad_caps;

  if (!IS_CAPTURE (obj) && obj->std) {
    /* an analog output always sends interlaced fields in the standard's
     * order; a progressive frame goes out as two fields of one instant */
    field = V4L2_FIELD_INTERLACED;
  } else if (GST_VIDEO_INFO_IS_INTERLACED (info)) {
    gboolean tff = GST_VIDEO_INFO_FIELD_ORDER (info) ==
        GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST;

    if (GST_VIDEO_INFO_FIELD_ORDER (info) == GST_VIDEO_FIELD_ORDER_UNKNOWN ||
        tff == interlaced_is_tff (obj, GST_VIDEO_INFO_HEIGHT (info)))
      field = V4L2_FIELD_INTERLACED;
    else
      field = tff ? V4L2_FIELD_INTERLACED_TB : V4L2_FIELD_INTERLACED_BT;
  }

  memset (&fmt, 0, sizeof (fmt));
  fmt.type = gst_tv_hw_device_get_buf_type (obj->dev);
  fmt.fmt.pix.width = GST_VIDEO_INFO_WIDTH (info);
  fmt.fmt.pix.height = GST_VIDEO_INFO_HEIGHT (info);
  fmt.fmt.pix.pixelformat =
      gst_v4l2_tv_format_to_fourcc (GST_VIDEO_INFO_FORMAT (info));
  fmt.fmt.pix.field = field;

  GST_DEBUG_OBJECT (obj->element, "S_FMT %" GST_FOURCC_FORMAT " %ux%u field "
      "%u", GST_FOURCC_ARGS (fmt.fmt.pix.pixelformat), fmt.fmt.pix.width,
      fmt.fmt.pix.height, field);
  GST_V4L2_TV_DEVICE_LOCK (obj);
  ok = gst_tv_hw_device_set_fmt (obj->dev, &fmt, &err);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
  if (!ok)
    goto set_fmt_failed;

  if (IS_CAPTURE (obj)) {
    /* the card must produce what the caps say, the rest of the caps being
     * the standard's */
    want = gst_caps_get_structure (caps, 0);
    got = structure_from_pix (obj, &fmt.fmt.pix, obj->fps_n, obj->fps_d);
    if (got == NULL || !gst_structure_is_subset (want, got))
      goto format_changed;
    gst_structure_free (got);
  } else if (fmt.fmt.pix.pixelformat !=
      gst_v4l2_tv_format_to_fourcc (GST_VIDEO_INFO_FORMAT (info)) ||
      fmt.fmt.pix.width != (guint) GST_VIDEO_INFO_WIDTH (info) ||
      fmt.fmt.pix.height != (guint) GST_VIDEO_INFO_HEIGHT (info)) {
    /* an output takes the caps upstream chose (they may lack fields the
     * card's caps have): only the buffer layout has to be the same */
    goto format_changed;
  }

  if (!gst_v4l2_tv_format_set_layout (info, fmt.fmt.pix.bytesperline,
          fmt.fmt.pix.sizeimage, default_layout))
    goto bad_layout;

  GST_INFO_OBJECT (obj->element, "format %" GST_FOURCC_FORMAT " %ux%u, "
      "%u bytes per line, %u bytes per frame%s",
      GST_FOURCC_ARGS (fmt.fmt.pix.pixelformat), fmt.fmt.pix.width,
      fmt.fmt.pix.height, fmt.fmt.pix.bytesperline, fmt.fmt.pix.sizeimage,
      *default_layout ? "" : " (padded lines: needs video meta)");
  return TRUE;

  /* ERRORS */
bad_caps:
  {
    GST_ERROR_OBJECT (obj->element, "invalid caps %" GST_PTR_FORMAT, caps);
    return FALSE;
  }
set_fmt_failed:
  {
    format_refused (obj, info, err, NULL, GST_FUNCTION, __LINE__);
    return FALSE;
  }
format_changed:
  {
    format_refused (obj, info, NULL, g_strdup_printf ("S_FMT gave %"
            GST_FOURCC_FORMAT " %ux%u field %u",
            GST_FOURCC_ARGS (fmt.fmt.pix.pixelformat), fmt.fmt.pix.width,
            fmt.fmt.pix.height, fmt.fmt.pix.field), GST_FUNCTION, __LINE__);
    if (got)
      gst_structure_free (got);
    return FALSE;
  }
bad_layout:
  {
    format_refused (obj, info, NULL, g_strdup_printf ("%u bytes per line do "
            "not fit in %u bytes per frame", fmt.fmt.pix.bytesperline,
            fmt.fmt.pix.sizeimage), GST_FUNCTION, __LINE__);
    return FALSE;
  }
}
