/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstVideoOrientation and GstVideoDirection interfaces of
 * v4l2tvsrc and v4l2tvsink (the flips), on the card's V4L2_CID_HFLIP and
 * V4L2_CID_VFLIP controls.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_VID_ORIENT_H__
#define __GST_V4L2_TV_VID_ORIENT_H__

#include <gst/video/videoorientation.h>
#include <gst/video/videodirection.h>

#include "gstv4l2tvobject.h"
#include "tvconvert.h"

G_BEGIN_DECLS

typedef struct _GstV4l2TvOrient GstV4l2TvOrient;
G_GNUC_INTERNAL GstV4l2TvOrient *gst_v4l2_tv_orient_new (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_orient_free (GstV4l2TvOrient * self);

/* hooks of the object: the device was opened (the flips that were asked
 * for are set), it is about to close */
G_GNUC_INTERNAL void gst_v4l2_tv_orient_opened (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_orient_closing (GstV4l2TvObject * obj);

/* the streaming thread of v4l2tvsrc: the flips done in software (the card
 * has no control for them), TRUE if any; gives @convert the flips for the
 * next frame (a warning, once, when it cannot flip) */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_orient_get_software (GstV4l2TvObject *
    obj, gboolean * hflip, gboolean * vflip);
G_GNUC_INTERNAL void gst_v4l2_tv_orient_prepare_convert (GstV4l2TvObject *
    obj, GstTvConvert * convert);

/* the GstVideoDirection "video-direction" property, as @prop_id */
G_GNUC_INTERNAL void gst_v4l2_tv_orient_install_properties (GObjectClass *
    gobject_class, guint prop_id);
G_GNUC_INTERNAL
void gst_v4l2_tv_orient_set_direction_property (GstV4l2TvObject * obj,
    const GValue * value);
G_GNUC_INTERNAL
void gst_v4l2_tv_orient_get_direction_property (GstV4l2TvObject * obj,
    GValue * value);

/* G_IMPLEMENT_INTERFACE (GST_TYPE_VIDEO_ORIENTATION,
 * gst_v4l2_tv_orient_interface_init) and (GST_TYPE_VIDEO_DIRECTION,
 * gst_v4l2_tv_direction_interface_init) */
G_GNUC_INTERNAL
void gst_v4l2_tv_orient_interface_init (gpointer g_iface, gpointer iface_data);
G_GNUC_INTERNAL
void gst_v4l2_tv_direction_interface_init (gpointer g_iface,
    gpointer iface_data);

G_END_DECLS

#endif /* __GST_V4L2_TV_VID_ORIENT_H__ */
