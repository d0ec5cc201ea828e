/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: a GstBufferPool whose buffers are a card's mapped capture
 * buffers, handed out by index after DQBUF.
 */
#ifndef __GST_V4L2_TV_CAPTURE_POOL_H__
#define __GST_V4L2_TV_CAPTURE_POOL_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "gstv4l2tvallocator.h"

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_CAPTURE_POOL (gst_v4l2_tv_capture_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvCapturePool, gst_v4l2_tv_capture_pool,
    GST, V4L2_TV_CAPTURE_POOL, GstBufferPool)

G_GNUC_INTERNAL
GstBufferPool *gst_v4l2_tv_capture_pool_new (GstV4l2TvAllocator * allocator,
    guint n_buffers, const GstVideoInfo * info, gboolean video_meta);
G_GNUC_INTERNAL
GstFlowReturn gst_v4l2_tv_capture_pool_acquire (GstBufferPool * pool,
    guint index, GstBuffer ** buffer);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_capture_pool_pop_returned (GstBufferPool * pool,
    guint * index);
G_GNUC_INTERNAL
guint gst_v4l2_tv_capture_pool_get_outstanding (GstBufferPool * pool);
G_GNUC_INTERNAL
void gst_v4l2_tv_capture_pool_detach (GstBufferPool * pool);

G_END_DECLS

#endif /* __GST_V4L2_TV_CAPTURE_POOL_H__ */
