/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstColorBalance interface of v4l2tvsrc and v4l2tvsink, on
 * the card's V4L2 brightness, contrast, saturation and hue controls, and
 * the "brightness", "contrast", "saturation" and "hue" properties.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_COLOR_BALANCE_H__
#define __GST_V4L2_TV_COLOR_BALANCE_H__

#include <gst/video/colorbalance.h>

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

typedef struct _GstV4l2TvBalance GstV4l2TvBalance;
G_GNUC_INTERNAL
GstV4l2TvBalance *gst_v4l2_tv_balance_new (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_balance_free (GstV4l2TvBalance * self);

/* hooks of the object: the device was opened (the channels are built
 * from the card's controls and the properties that were set are
 * applied), the device is about to close */
G_GNUC_INTERNAL void gst_v4l2_tv_balance_opened (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_balance_closing (GstV4l2TvObject * obj);
/* with the device lock: the card switched port, the ranges may differ */
G_GNUC_INTERNAL void gst_v4l2_tv_balance_port_changed_unlocked
    (GstV4l2TvObject * obj);

/* the four properties, GST_V4L2_TV_OBJECT_PROP_BRIGHTNESS, _CONTRAST,
 * _SATURATION and _HUE */
#define GST_V4L2_TV_BALANCE_N_PROPS 4
/* the properties' default, "unset": the card's value is kept (G_MININT,
 * as every other int is a value some card may take: hue ranges are often
 * centred on 0) */
#define GST_V4L2_TV_BALANCE_UNSET G_MININT
G_GNUC_INTERNAL void gst_v4l2_tv_balance_install_properties (GObjectClass *
    gobject_class);
/* FALSE when @prop_id is not one of the four */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_balance_set_property (GstV4l2TvObject *
    obj, guint prop_id, const GValue * value);
G_GNUC_INTERNAL gboolean gst_v4l2_tv_balance_get_property (GstV4l2TvObject *
    obj, guint prop_id, GValue * value);

/* G_IMPLEMENT_INTERFACE (GST_TYPE_COLOR_BALANCE,
 * gst_v4l2_tv_balance_interface_init) */
G_GNUC_INTERNAL
void gst_v4l2_tv_balance_interface_init (gpointer g_iface, gpointer iface_data);

G_END_DECLS

#endif /* __GST_V4L2_TV_COLOR_BALANCE_H__ */
