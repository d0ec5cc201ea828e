/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstTvTuner interface of v4l2tvsrc and v4l2tvsink, on the
 * shared GstV4l2TvObject, and the "frequency" property.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_TUNER_H__
#define __GST_V4L2_TV_TUNER_H__

#include <gst/tuner/tuner.h>

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

GST_V4L2_TV_DECLARE_PART (GstV4l2TvTuner, gst_v4l2_tv_tuner);

/* hooks of the object: the device was opened (channels are built, the
 * current ones read from the card), a selection was applied (norms,
 * current channel and norm, channel-changed / norm-changed), the device is
 * about to close */
GST_V4L2_TV_DECLARE_PART_HOOKS (gst_v4l2_tv_tuner);
G_GNUC_INTERNAL void gst_v4l2_tv_tuner_applied (GstV4l2TvObject * obj);

/* when the device opens, after the selection: tunes to the frequency
 * property (FALSE with an error posted if it cannot) */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_tuner_start (GstV4l2TvObject * obj);

/* the streaming thread, after each frame of @duration: reads the signal
 * strength about twice a second of stream and emits signal-changed */
G_GNUC_INTERNAL void gst_v4l2_tv_tuner_poll_signal (GstV4l2TvObject * obj,
    GstClockTime duration);

/* the "frequency" property, installed with id @prop_id */
G_GNUC_INTERNAL void gst_v4l2_tv_tuner_install_properties (GObjectClass *
    gobject_class, guint prop_id, GstTvHwNodeKind kind);
GST_V4L2_TV_DECLARE_PART_PROPERTY (gst_v4l2_tv_tuner, frequency);

/* the GstTvTuner interface of an element that made its object with
 * gst_v4l2_tv_object_new(): G_IMPLEMENT_INTERFACE (GST_TYPE_TV_TUNER,
 * gst_v4l2_tv_tuner_interface_init) */
GST_V4L2_TV_DECLARE_INTERFACE_INIT (gst_v4l2_tv_tuner_interface_init);

G_END_DECLS

#endif /* __GST_V4L2_TV_TUNER_H__ */
