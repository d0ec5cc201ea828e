/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: a GstBufferPool whose buffers are a card's mapped output
 * buffers, so that upstream can draw straight into them.
 */
#ifndef __GST_V4L2_TV_BUFFER_POOL_H__
#define __GST_V4L2_TV_BUFFER_POOL_H__

#include <gst/gst.h>

#include "gstv4l2tvallocator.h"

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_BUFFER_POOL (gst_v4l2_tv_buffer_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvBufferPool, gst_v4l2_tv_buffer_pool,
    GST, V4L2_TV_BUFFER_POOL, GstBufferPool)

G_GNUC_INTERNAL
GstBufferPool *gst_v4l2_tv_buffer_pool_new (GstV4l2TvAllocator * allocator,
    guint n_buffers, GstCaps * caps, gsize size);
G_GNUC_INTERNAL
gint gst_v4l2_tv_buffer_pool_get_index (GstBufferPool * pool,
    GstBuffer * buffer);
G_GNUC_INTERNAL
guint gst_v4l2_tv_buffer_pool_get_available (GstBufferPool * pool);

G_END_DECLS

#endif /* __GST_V4L2_TV_BUFFER_POOL_H__ */
