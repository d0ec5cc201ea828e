/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the V4L2 pixel format <-> GstVideoFormat table.
 *
 * Only single-planar formats (one buffer per frame, planes one after the
 * other as V4L2 lays them out), which is what analog TV cards offer.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstv4l2tvformat.h"
#include "hw/tvhw.h"

typedef struct
{
  guint32 fourcc;
  GstVideoFormat format;
} FormatEntry;

static const FormatEntry formats[] = {
  /* *INDENT-OFF* */
  { V4L2_PIX_FMT_YUYV,    GST_VIDEO_FORMAT_YUY2 },
  { V4L2_PIX_FMT_UYVY,    GST_VIDEO_FORMAT_UYVY },
  { V4L2_PIX_FMT_YVYU,    GST_VIDEO_FORMAT_YVYU },
  { V4L2_PIX_FMT_VYUY,    GST_VIDEO_FORMAT_VYUY },
  { V4L2_PIX_FMT_GREY,    GST_VIDEO_FORMAT_GRAY8 },
  { V4L2_PIX_FMT_NV12,    GST_VIDEO_FORMAT_NV12 },
  { V4L2_PIX_FMT_NV21,    GST_VIDEO_FORMAT_NV21 },
  { V4L2_PIX_FMT_NV16,    GST_VIDEO_FORMAT_NV16 },
  { V4L2_PIX_FMT_YUV420,  GST_VIDEO_FORMAT_I420 },
  { V4L2_PIX_FMT_YVU420,  GST_VIDEO_FORMAT_YV12 },
  { V4L2_PIX_FMT_YUV422P, GST_VIDEO_FORMAT_Y42B },
  { V4L2_PIX_FMT_RGB565,  GST_VIDEO_FORMAT_RGB16 },
  { V4L2_PIX_FMT_RGB24,   GST_VIDEO_FORMAT_RGB },
  { V4L2_PIX_FMT_BGR24,   GST_VIDEO_FORMAT_BGR },
  { V4L2_PIX_FMT_XRGB32,  GST_VIDEO_FORMAT_xRGB },
  { V4L2_PIX_FMT_XBGR32,  GST_VIDEO_FORMAT_BGRx },
  /* *INDENT-ON* */
};

/* the row of @fourcc, or, with @fourcc 0, the row of @format; NULL when
 * the table has none (no row has fourcc 0 or GST_VIDEO_FORMAT_UNKNOWN) */
static const FormatEntry *
find_entry (guint32 fourcc, GstVideoFormat format)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    if (fourcc != 0 ? formats[i].fourcc == fourcc : formats[i].format == format)
      return &formats[i];
  }
  return NULL;
}

GstVideoFormat
gst_v4l2_tv_format_from_fourcc (guint32 fourcc)
{
  const FormatEntry *e = find_entry (fourcc, GST_VIDEO_FORMAT_UNKNOWN);

  return e ? e->format : GST_VIDEO_FORMAT_UNKNOWN;
}

guint32
gst_v4l2_tv_format_to_fourcc (GstVideoFormat format)
{
  const FormatEntry *e = find_entry (0, format);

  return e ? e->fourcc : 0;
}

/* video/x-raw with every format of the table */
GstCaps *
gst_v4l2_tv_format_template_caps (void)
{
  GValue list = G_VALUE_INIT, item = G_VALUE_INIT;
  GstCaps *caps;
  guint i;

  g_value_init (&list, GST_TYPE_LIST);
  g_value_init (&item, G_TYPE_STRING);
  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    g_value_set_static_string (&item,
        gst_video_format_to_string (formats[i].format));
    gst_value_list_append_value (&list, &item);
  }
  g_value_unset (&item);

  caps = gst_caps_new_simple ("video/x-raw",
      "width", GST_TYPE_INT_RANGE, 1, G_MAXINT,
      "height", GST_TYPE_INT_RANGE, 1, G_MAXINT,
      "framerate", GST_TYPE_FRACTION_RANGE, 0, 1, G_MAXINT, 1, NULL);
  gst_structure_take_value (gst_caps_get_structure (caps, 0), "format", &list);

  return caps;
}

GstVideoFormat
gst_v4l2_tv_format_of (const GstStructure * s)
{
  const gchar *format = gst_structure_get_string (s, "format");

  return format ? gst_video_format_from_string (format) :
      GST_VIDEO_FORMAT_UNKNOWN;
}

gint
gst_v4l2_tv_format_find (GstCaps * caps, GstVideoFormat format)
{
  guint i;

  for (i = 0; i < gst_caps_get_size (caps); i++)
    if (gst_v4l2_tv_format_of (gst_caps_get_structure (caps, i)) == format)
      return i;
  return -1;
}

/* the plane of @info that holds at least one component */
static guint
plane_height (const GstVideoInfo * info, guint plane)
{
  guint c;

  for (c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if ((info)->finfo->plane[c] == plane)
      return GST_VIDEO_INFO_COMP_HEIGHT (info, c);
  return 0;
}

/*
 * Rewrites the strides and offsets of @info (made from caps) for a V4L2
 * single-planar buffer whose first plane has @bytesperline: the other
 * planes follow it directly, their strides scaled like GStreamer's
 * defaults (half for I420's chroma, equal for NV12's). @is_default tells
 * whether the layout is GStreamer's own, so that no GstVideoMeta is
 * needed. FALSE if the frame does not fit in @sizeimage.
 */
gboolean
gst_v4l2_tv_format_set_layout (GstVideoInfo * info, guint bytesperline,
    gsize sizeimage, gboolean * is_default)
{
  GstVideoInfo orig = *info;
  gsize offset = 0;
  guint p;

  for (p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    gint stride = bytesperline;

    if (p > 0)
      stride = (gint) ((guint64) bytesperline *
          GST_VIDEO_INFO_PLANE_STRIDE (&orig, p) /
          GST_VIDEO_INFO_PLANE_STRIDE (&orig, 0));
    info->stride[p] = stride;
    info->offset[p] = offset;
    offset += (gsize) stride *plane_height (info, p);
  }
  info->size = offset;

  *is_default = TRUE;
  for (p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++)
    if (info->stride[p] != orig.stride[p] || info->offset[p] != orig.offset[p])
      *is_default = FALSE;

  return sizeimage == 0 || info->size <= sizeimage;
}
