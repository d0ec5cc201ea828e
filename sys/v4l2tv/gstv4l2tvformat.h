/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the V4L2 pixel format <-> GstVideoFormat table shared by the
 * elements, and the single-planar V4L2 buffer layout.
 */
#ifndef __GST_V4L2_TV_FORMAT_H__
#define __GST_V4L2_TV_FORMAT_H__

#include <gst/video/video.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL
GstVideoFormat gst_v4l2_tv_format_from_fourcc (guint32 fourcc);
G_GNUC_INTERNAL
guint32 gst_v4l2_tv_format_to_fourcc (GstVideoFormat format);
G_GNUC_INTERNAL
GstCaps *gst_v4l2_tv_format_template_caps (void);
/* the format the "format" field of @s names, UNKNOWN without one */
G_GNUC_INTERNAL
GstVideoFormat gst_v4l2_tv_format_of (const GstStructure * s);
/* the index of the first structure of @caps in @format, -1 if none is */
G_GNUC_INTERNAL
gint gst_v4l2_tv_format_find (GstCaps * caps, GstVideoFormat format);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_format_set_layout (GstVideoInfo * info,
    guint bytesperline, gsize sizeimage, gboolean * is_default);

G_END_DECLS

#endif /* __GST_V4L2_TV_FORMAT_H__ */
