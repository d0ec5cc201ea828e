/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsink: plays video out of the analog output of a Video4Linux2 card.
 */
#ifndef __GST_V4L2_TV_SINK_H__
#define __GST_V4L2_TV_SINK_H__

#include <gst/video/gstvideosink.h>

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_SINK (gst_v4l2_tv_sink_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvSink, gst_v4l2_tv_sink, GST, V4L2_TV_SINK,
    GstVideoSink)

G_END_DECLS

#endif /* __GST_V4L2_TV_SINK_H__ */
