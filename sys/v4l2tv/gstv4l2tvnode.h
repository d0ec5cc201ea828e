/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the lifecycle of a node, written once for every node kind.
 *
 * open/configure (READY) and close: gst_v4l2_tv_node_change_state(), which
 * runs the object's gst_v4l2_tv_object_change_state_pre/_post around the
 * element's parent class; allocate: gst_v4l2_tv_node_request_buffers()
 * (REQBUFS and every buffer mapped); stream: gst_v4l2_tv_node_queue(),
 * gst_v4l2_tv_node_stream_on(); switch: gst_v4l2_tv_object_switch();
 * stop: gst_v4l2_tv_node_stream_off(), gst_v4l2_tv_node_free_buffers().
 * The buffer type of each call is the one of the object's node kind
 * (GstTvHwNodeKind), and each error names the direction of the node
 * (capture or output). Each takes the device lock itself (it is
 * recursive: a caller may already hold it).
 */
#ifndef __GST_V4L2_TV_NODE_H__
#define __GST_V4L2_TV_NODE_H__

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

/* one mapped card buffer */
typedef struct
{
  gpointer data;
  gsize size;
} GstV4l2TvMapping;

G_GNUC_INTERNAL
GstStateChangeReturn gst_v4l2_tv_node_change_state (GstV4l2TvObject * obj,
    GstElementClass * parent_class, GstStateChange transition);

/* REQBUFS @count, then maps each buffer; at least @min buffers of at least
 * @frame_size bytes each. Returns the mappings (g_free() them; they stay
 * valid until gst_v4l2_tv_node_free_buffers()) and their number in @n, or
 * NULL with an error posted and no buffers left */
G_GNUC_INTERNAL
GstV4l2TvMapping *gst_v4l2_tv_node_request_buffers (GstV4l2TvObject * obj,
    guint count, guint min, gsize frame_size, guint * n);
/* REQBUFS 0 (a failure is only a warning) */
G_GNUC_INTERNAL
void gst_v4l2_tv_node_free_buffers (GstV4l2TvObject * obj);

/* QBUF of @vbuf (index and, on output, bytesused/field/timestamp filled
 * in); its type and memory are set here */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_node_queue (GstV4l2TvObject * obj,
    struct v4l2_buffer *vbuf, GError ** error);
/* STREAMON; FALSE with an error posted */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_node_stream_on (GstV4l2TvObject * obj);
/* STREAMOFF: every buffer comes back from the card (a failure is only a
 * warning) */
G_GNUC_INTERNAL
void gst_v4l2_tv_node_stream_off (GstV4l2TvObject * obj);

G_END_DECLS

#endif /* __GST_V4L2_TV_NODE_H__ */
