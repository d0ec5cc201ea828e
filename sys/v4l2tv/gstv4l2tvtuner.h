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

typedef struct _GstV4l2TvTuner GstV4l2TvTuner;
G_GNUC_INTERNAL GstV4l2TvTuner *gst_v4l2_tv_tuner_new (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_tuner_free (GstV4l2TvTuner * self);

/* hooks of the object: the device was opened (channels are built, the
 * current ones read from the card), a selection was applied (norms,
 * current channel and norm, channel-changed / norm-changed), the device is
 * about to close */
G_GNUC_INTERNAL void gst_v4l2_tv_tuner_opened (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_tuner_closing (GstV4l2TvObject * obj);
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
G_GNUC_INTERNAL
void gst_v4l2_tv_tuner_set_frequency_property (GstV4l2TvObject * obj,
    const GValue * value);
G_GNUC_INTERNAL
void gst_v4l2_tv_tuner_get_frequency_property (GstV4l2TvObject * obj,
    GValue * value);

/* the GstTvTuner interface of an element that made its object with
 * gst_v4l2_tv_object_new(): G_IMPLEMENT_INTERFACE (GST_TYPE_TV_TUNER,
 * gst_v4l2_tv_tuner_interface_init) */
G_GNUC_INTERNAL
void gst_v4l2_tv_tuner_interface_init (gpointer g_iface, gpointer iface_data);

G_END_DECLS

#endif /* __GST_V4L2_TV_TUNER_H__ */
