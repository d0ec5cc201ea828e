/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: v4l2tvsrc rides out a card that goes away and comes back (a USB
 * grabber off the bus and back, often as another /dev/videoN): with
 * on-disconnect=reconnect the stream goes on with the signal-loss fillers
 * while the card is away, the same card (its bus_info and card name) is
 * looked for at every location the hardware layer lists, reopened,
 * programmed as before, and capture resumes.
 */
#ifndef __GST_V4L2_TV_RECONNECT_H__
#define __GST_V4L2_TV_RECONNECT_H__

#include <gst/gst.h>

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

/**
 * GstV4l2TvOnDisconnect:
 * @GST_V4L2_TV_ON_DISCONNECT_ERROR: the disconnect is an error that ends
 *   the stream
 * @GST_V4L2_TV_ON_DISCONNECT_RECONNECT: fillers while the card is away,
 *   then the same card is reopened
 *
 * What v4l2tvsrc does when its card goes away while it streams.
 */
typedef enum
{
  GST_V4L2_TV_ON_DISCONNECT_ERROR,
  GST_V4L2_TV_ON_DISCONNECT_RECONNECT,
} GstV4l2TvOnDisconnect;

#define GST_TYPE_V4L2_TV_ON_DISCONNECT (gst_v4l2_tv_on_disconnect_get_type ())
G_GNUC_INTERNAL GType gst_v4l2_tv_on_disconnect_get_type (void);

/* gst_v4l2_tv_reconnect_run(): the card is there, capture */
#define GST_V4L2_TV_FLOW_CONNECTED GST_FLOW_CUSTOM_SUCCESS_1
/* gst_v4l2_tv_reconnect_run(): the card is back: S_FMT (and caps, if the
 * format changed) again, then capture */
#define GST_V4L2_TV_FLOW_RECONNECTED GST_FLOW_CUSTOM_SUCCESS_2
/* GstV4l2TvGapFunc: no filler is due yet */
#define GST_V4L2_TV_FLOW_NO_FILLER GST_FLOW_CUSTOM_SUCCESS

/* the source's filler for a frame period without the card: if one is due
 * now, in *@outbuf (GST_FLOW_OK); otherwise GST_V4L2_TV_FLOW_NO_FILLER and
 * *@wait, how long until one may be due */
typedef GstFlowReturn (*GstV4l2TvGapFunc) (GstElement * element,
    GstClockTime * wait, GstBuffer ** outbuf);

/* the properties, from @first_prop on (on-disconnect, reconnect-timeout) */
#define GST_V4L2_TV_RECONNECT_N_PROPS 2

typedef struct _GstV4l2TvReconnect GstV4l2TvReconnect;

G_GNUC_INTERNAL
GstV4l2TvReconnect *gst_v4l2_tv_reconnect_new (GstElement * element,
    GstV4l2TvObject * obj, GstV4l2TvGapFunc gap);
G_GNUC_INTERNAL void gst_v4l2_tv_reconnect_free (GstV4l2TvReconnect * rc);

G_GNUC_INTERNAL
void gst_v4l2_tv_reconnect_install_properties (GObjectClass * klass,
    guint first_prop);
/* FALSE when @prop_id is none of them */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_reconnect_set_property (GstV4l2TvReconnect * rc,
    guint prop_id, const GValue * value);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_reconnect_get_property (GstV4l2TvReconnect * rc,
    guint prop_id, GValue * value);

/* any thread, from gst_v4l2_tv_object_post_hw_error(): TRUE (the error is
 * not posted) when @err says the card of @element went away, the element
 * reconnects, and the caller is its streaming thread */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_reconnect_intercept (GstElement * element,
    const GError * err);

/* any thread: unlock() / unlock_stop() */
G_GNUC_INTERNAL
void gst_v4l2_tv_reconnect_set_flushing (GstV4l2TvReconnect * rc,
    gboolean flushing);

/* the streaming thread (the state change thread while not streaming) */

/* start(): a device opened afresh is connected */
G_GNUC_INTERNAL void gst_v4l2_tv_reconnect_start (GstV4l2TvReconnect * rc);
/* before each frame: GST_V4L2_TV_FLOW_CONNECTED, or
 * GST_V4L2_TV_FLOW_RECONNECTED once the card is back; while it is away,
 * a filler (GST_FLOW_OK), GST_FLOW_FLUSHING, or GST_FLOW_ERROR (the
 * reconnect-timeout ran out, or the card came back and refused its
 * settings: posted) */
G_GNUC_INTERNAL
GstFlowReturn gst_v4l2_tv_reconnect_run (GstV4l2TvReconnect * rc,
    GstBuffer ** outbuf);
/* after a frame failed: whether the card went away (the source then
 * releases its buffers; the next run() closes the device) */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_reconnect_lost (GstV4l2TvReconnect * rc);
/* GstBaseSrc's negotiation, which its streaming thread runs before the
 * first create(): from here on a disconnect is this thread's to ride out
 * (the card may go in READY, or before the first frame) */
G_GNUC_INTERNAL void gst_v4l2_tv_reconnect_enter (GstV4l2TvReconnect * rc);
/* whether the card went away since the last run() or lost(), without
 * taking note of it: a failed negotiation was the disconnect */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_reconnect_pending (GstV4l2TvReconnect * rc);

G_END_DECLS

#endif /* __GST_V4L2_TV_RECONNECT_H__ */
