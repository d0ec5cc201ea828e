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
#include "gstv4l2tvtuner.h"
#include "gstv4l2tvcolorbalance.h"
#include "gstv4l2tvvidorient.h"

G_BEGIN_DECLS

/* one mapped card buffer */
typedef struct
{
  gpointer data;
  gsize size;
} GstV4l2TvMapping;

/* the interfaces every element over a node has, for
 * G_DEFINE_TYPE_WITH_CODE */
#define GST_V4L2_TV_NODE_INTERFACES                                     \
    G_IMPLEMENT_INTERFACE (GST_TYPE_TV_TUNER,                           \
        gst_v4l2_tv_tuner_interface_init);                              \
    G_IMPLEMENT_INTERFACE (GST_TYPE_COLOR_BALANCE,                      \
        gst_v4l2_tv_balance_interface_init);                            \
    G_IMPLEMENT_INTERFACE (GST_TYPE_VIDEO_ORIENTATION,                  \
        gst_v4l2_tv_orient_interface_init);                             \
    G_IMPLEMENT_INTERFACE (GST_TYPE_VIDEO_DIRECTION,                    \
        gst_v4l2_tv_direction_interface_init)

G_GNUC_INTERNAL
GstStateChangeReturn gst_v4l2_tv_node_change_state (GstV4l2TvObject * obj,
    GstElementClass * parent_class, GstStateChange transition);

/* @caps (transfer full) narrowed to @filter (may be NULL), @filter's order
 * first, as get_caps answers */
G_GNUC_INTERNAL
GstCaps *gst_v4l2_tv_node_filter_caps (GstCaps * caps, GstCaps * filter);

/* the streaming thread, at a frame boundary: carries out a switch asked
 * for (gst_v4l2_tv_object_switch(), @release freeing the element's
 * buffers first); @switched says whether the node switched. GST_FLOW_ERROR
 * (posted) when the card could not be programmed */
G_GNUC_INTERNAL
GstFlowReturn gst_v4l2_tv_node_switch (GstV4l2TvObject * obj,
    GFunc release, gpointer user_data, gboolean * switched);

/*
 * The buffer cycle of every node, video and VBI, capture and output, on
 * the node's handle @dev, with the device lock held:
 *
 * gst_v4l2_tv_node_map(): REQBUFS @count, then each buffer mapped; at
 * least @min buffers of at least @frame_size bytes each. The mappings
 * (g_free() them; they stay valid until the node's buffers are freed) and
 * their number in @n, or NULL with @error and no buffers left.
 * gst_v4l2_tv_node_unmap(): REQBUFS 0.
 * gst_v4l2_tv_node_dequeue(): DQBUF, the one place buffers come back from
 * a card; an index past the @n_buffers granted (a driver bug) is an error
 * (GST_TV_HW_ERROR_FAILED), never an index into the caller's arrays.
 * QBUF, STREAMON and STREAMOFF are the hardware layer's calls as they are.
 */
G_GNUC_INTERNAL
GstV4l2TvMapping *gst_v4l2_tv_node_map (GstTvHwDevice * dev, guint count,
    guint min, gsize frame_size, guint * n, GError ** error);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_node_unmap (GstTvHwDevice * dev, GError ** error);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_node_dequeue (GstTvHwDevice * dev, guint n_buffers,
    struct v4l2_buffer *vbuf, GError ** error);

/* the video node's (obj->dev): the device lock taken here, and the
 * element's error posted. REQBUFS @count, then maps each buffer; at least
 * @min buffers of at least @frame_size bytes each. Returns the mappings (g_free() them; they stay
 * valid until gst_v4l2_tv_node_free_buffers()) and their number in @n, or
 * NULL with an error posted and no buffers left */
G_GNUC_INTERNAL
GstV4l2TvMapping *gst_v4l2_tv_node_request_buffers (GstV4l2TvObject * obj,
    guint count, guint min, gsize frame_size, guint * n);
/* the error posted when the node's buffers could not be had: "Could not
 * get capture (output) buffers", with why from @err (the card's), or else
 * with @debug (a buffer pool over them could not be activated) */
G_GNUC_INTERNAL
void gst_v4l2_tv_node_post_alloc_error (GstV4l2TvObject * obj,
    const GError * err, const gchar * debug);
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
