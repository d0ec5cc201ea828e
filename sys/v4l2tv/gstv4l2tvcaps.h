/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the caps of the standard in force, and the card's format
 * (gstv4l2tvcaps.c).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_CAPS_H__
#define __GST_V4L2_TV_CAPS_H__

#include <gst/video/video.h>

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

/* with the device lock, after the standard is set: the standard's frame
 * rate and pixel aspect (the card's when there is no standard) */
G_GNUC_INTERNAL void gst_v4l2_tv_caps_frame_rate (GstV4l2TvObject * obj,
    gint * fps_n, gint * fps_d);
G_GNUC_INTERNAL void gst_v4l2_tv_caps_pixel_aspect (GstV4l2TvObject * obj,
    gint * par_n, gint * par_d);
/* with the device lock: the caps the card produces now, one structure per
 * format (empty when none maps; @error says why an enumeration failed) */
G_GNUC_INTERNAL GstCaps *gst_v4l2_tv_caps_probe (GstV4l2TvObject * obj,
    gint fps_n, gint fps_d, GError ** error);
/* S_FMT for the fixed @caps; takes the device lock itself. Fills @info
 * with the card's buffer layout and tells whether it is GStreamer's
 * default one. Posts an error and returns FALSE if the card does not take
 * exactly that format. */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_caps_set_format (GstV4l2TvObject * obj,
    GstCaps * caps, GstVideoInfo * info, gboolean * default_layout);

G_END_DECLS

#endif /* __GST_V4L2_TV_CAPS_H__ */
