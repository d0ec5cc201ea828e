/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: zero-copy GstMemory over a card's mapped capture buffers.
 */
#ifndef __GST_V4L2_TV_ALLOCATOR_H__
#define __GST_V4L2_TV_ALLOCATOR_H__

#include <gst/gst.h>

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_ALLOCATOR (gst_v4l2_tv_allocator_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvAllocator, gst_v4l2_tv_allocator,
    GST, V4L2_TV_ALLOCATOR, GstAllocator)

G_GNUC_INTERNAL
GstV4l2TvAllocator *gst_v4l2_tv_allocator_new (guint n_buffers);
G_GNUC_INTERNAL
void gst_v4l2_tv_allocator_set_mapping (GstV4l2TvAllocator * self,
    guint index, gpointer data, gsize size);
G_GNUC_INTERNAL
GstMemory *gst_v4l2_tv_allocator_wrap (GstV4l2TvAllocator * self,
    guint index, gsize size);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_allocator_pop_returned (GstV4l2TvAllocator * self,
    guint * index);
G_GNUC_INTERNAL
guint gst_v4l2_tv_allocator_get_outstanding (GstV4l2TvAllocator * self);
G_GNUC_INTERNAL
void gst_v4l2_tv_allocator_detach (GstV4l2TvAllocator * self);

G_END_DECLS

#endif /* __GST_V4L2_TV_ALLOCATOR_H__ */
