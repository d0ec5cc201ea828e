/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the VBI companion node of a GstV4l2TvObject (docs/vbi.md).
 *
 * The card's VBI node (/dev/vbiN, or the virtual card's VBI kinds), owned
 * by the object beside its video node and guarded by the same device lock
 * (docs/design.md). Direction-agnostic: a capture object gets the card's
 * VBI capture node (sliced when the slicer has the service at the
 * standard in force, raw otherwise), an output object its sliced VBI
 * output node.
 *
 * Lifecycle: gst_v4l2_tv_vbi_node_open() when the video node opened
 * (finds the node, or takes the `vbi-device` property), _start() after
 * the video node's STREAMON (S_FMT for the standard in force, REQBUFS,
 * map, QBUF, STREAMON), _stop() before the video node's buffers go (and
 * in gst_v4l2_tv_object_switch(), so that a new input or standard finds
 * no VBI buffers), _close() with the video node. Every failure is one
 * GST_ELEMENT_WARNING naming the VBI node and the reason, and VBI stays
 * off until the element goes back to READY (_reset()); the video goes on.
 * A card without a VBI node (and no `vbi-device`) is VBI off in silence.
 *
 * Each function takes the device lock itself (it is recursive).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_VBI_NODE_H__
#define __GST_V4L2_TV_VBI_NODE_H__

#include "gstv4l2tvobject.h"
#include "gstv4l2tvvbi.h"

G_BEGIN_DECLS

typedef struct _GstV4l2TvVbiNode GstV4l2TvVbiNode;

/* the VBI frames a capture keeps while waiting for their video frame */
#define GST_V4L2_TV_VBI_NODE_QUEUE 4

/**
 * GstV4l2TvVbiMode:
 * @GST_V4L2_TV_VBI_MODE_OFF: no VBI stream
 * @GST_V4L2_TV_VBI_MODE_SLICED: the card slices (sliced VBI records)
 * @GST_V4L2_TV_VBI_MODE_RAW: raw VBI lines, sliced by the VBI library
 */
typedef enum
{
  GST_V4L2_TV_VBI_MODE_OFF,
  GST_V4L2_TV_VBI_MODE_SLICED,
  GST_V4L2_TV_VBI_MODE_RAW,
} GstV4l2TvVbiMode;

G_GNUC_INTERNAL GstV4l2TvVbiNode *gst_v4l2_tv_vbi_node_new (GstV4l2TvObject *
    obj);
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_free (GstV4l2TvVbiNode * vbi);

/* the `vbi-device` property: NULL finds the card's own node, "" turns VBI
 * off, anything else is the node to use. Any thread, no lock. */
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_set_device (GstV4l2TvVbiNode * vbi,
    const gchar * device);
G_GNUC_INTERNAL gchar *gst_v4l2_tv_vbi_node_get_device (GstV4l2TvVbiNode *
    vbi);
/* the services wanted (0: VBI off, the node is never opened); before
 * open */
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_set_services (GstV4l2TvVbiNode *
    vbi, GstV4l2TvVbiServices services);
G_GNUC_INTERNAL GstV4l2TvVbiServices
gst_v4l2_tv_vbi_node_get_services (GstV4l2TvVbiNode * vbi);

/* the video node just opened (with the device lock): finds and opens the
 * VBI node; a failure is a warning (VBI off), never the element's */
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_open (GstV4l2TvVbiNode * vbi);
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_close (GstV4l2TvVbiNode * vbi);
/* forget a failure: the next start tries again (READY->PAUSED) */
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_reset (GstV4l2TvVbiNode * vbi);
/* the location of the open VBI node, NULL when none */
G_GNUC_INTERNAL const gchar *gst_v4l2_tv_vbi_node_get_location
    (GstV4l2TvVbiNode * vbi);

/* the streaming thread, after the video node's STREAMON: streams the VBI
 * node for the standard in force (obj->lines). Returns the mode (OFF
 * with a warning posted when the node failed, or in silence when there
 * is nothing to stream: no node, no service at this standard). */
G_GNUC_INTERNAL GstV4l2TvVbiMode gst_v4l2_tv_vbi_node_start (GstV4l2TvVbiNode
    * vbi);
/* STREAMOFF, REQBUFS 0, the queue of frames emptied */
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_node_stop (GstV4l2TvVbiNode * vbi);
G_GNUC_INTERNAL GstV4l2TvVbiMode gst_v4l2_tv_vbi_node_get_mode
    (GstV4l2TvVbiNode * vbi);

/* capture, the streaming thread, after the video frame @video was
 * dequeued: dequeues what the VBI node has, decodes each VBI frame into
 * the queue (its buffer goes back to the card at once), drops the frames
 * older than @video and returns in @data the one of @video: FALSE when
 * there is none. Frames are matched by timestamp where the driver stamps
 * both (the VBI frame whose time is from three quarters of a period
 * before the video frame's end to a quarter after it), by sequence number
 * otherwise.
 * When the VBI stream is in step and its frame is not there yet, it waits
 * for it once, up to half a frame period, without the device lock (vivid
 * completes a frame's VBI buffer just after its video buffer). @stats is
 * added to. */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_vbi_node_take (GstV4l2TvVbiNode * vbi,
    const struct v4l2_buffer *video, GstTvVbiData * data,
    GstTvVbiStats * stats);

/* output, the streaming thread: sends @data's captions as one buffer of
 * sliced records (a buffer the card gave back, never a wait), with the
 * video frame's @timestamp (its running time, GST_CLOCK_TIME_NONE: none);
 * FALSE when nothing was sent (no free buffer, VBI off) */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_vbi_node_send (GstV4l2TvVbiNode * vbi,
    const GstTvVbiData * data, GstClockTime timestamp);

G_END_DECLS

#endif /* __GST_V4L2_TV_VBI_NODE_H__ */
