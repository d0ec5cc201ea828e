/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: one GstBufferPool over a card's mapped buffers, for a capture
 * node (zero-copy frames pushed downstream) and for an output node (the
 * pool the sink proposes, so that upstream draws into the card's memory).
 */
#ifndef __GST_V4L2_TV_BUFFER_POOL_H__
#define __GST_V4L2_TV_BUFFER_POOL_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "gstv4l2tvnode.h"

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_BUFFER_POOL (gst_v4l2_tv_buffer_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvBufferPool, gst_v4l2_tv_buffer_pool,
    GST, V4L2_TV_BUFFER_POOL, GstBufferPool)

G_GNUC_INTERNAL
GstBufferPool *gst_v4l2_tv_buffer_pool_new (GstTvHwNodeKind kind,
    const GstV4l2TvMapping * maps, guint n_buffers, GstCaps * caps,
    const GstVideoInfo * info, gboolean video_meta);
G_GNUC_INTERNAL
void gst_v4l2_tv_buffer_pool_detach (GstBufferPool * pool);
G_GNUC_INTERNAL
guint gst_v4l2_tv_buffer_pool_get_outstanding (GstBufferPool * pool);

/* capture */
G_GNUC_INTERNAL
GstFlowReturn gst_v4l2_tv_buffer_pool_acquire_index (GstBufferPool * pool,
    guint index, GstBuffer ** buffer);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_buffer_pool_pop_returned (GstBufferPool * pool,
    guint * index);

/* output */
G_GNUC_INTERNAL
gint gst_v4l2_tv_buffer_pool_get_index (GstBufferPool * pool,
    GstBuffer * buffer);
G_GNUC_INTERNAL
guint gst_v4l2_tv_buffer_pool_get_available (GstBufferPool * pool);

G_END_DECLS

#endif /* __GST_V4L2_TV_BUFFER_POOL_H__ */
