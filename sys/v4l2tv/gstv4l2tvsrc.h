/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsrc: captures analog TV video from a Video4Linux2 card.
 */
#ifndef __GST_V4L2_TV_SRC_H__
#define __GST_V4L2_TV_SRC_H__

#include <gst/base/gstpushsrc.h>

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_SRC (gst_v4l2_tv_src_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvSrc, gst_v4l2_tv_src, GST, V4L2_TV_SRC,
    GstPushSrc)

G_END_DECLS

#endif /* __GST_V4L2_TV_SRC_H__ */
