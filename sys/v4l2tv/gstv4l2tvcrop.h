/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the crop-top, crop-bottom, crop-left and crop-right properties
 * of v4l2tvsrc, done by the card (S_SELECTION, V4L2_SEL_TGT_CROP)
 * or else in v4l2tvsrc's conversion pass.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_CROP_H__
#define __GST_V4L2_TV_CROP_H__

#include <gst/video/video.h>

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

typedef struct _GstV4l2TvCrop GstV4l2TvCrop;
G_GNUC_INTERNAL GstV4l2TvCrop *gst_v4l2_tv_crop_new (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_crop_free (GstV4l2TvCrop * self);

/* the four properties, ids @first_prop_id (crop-top), + 1 (crop-bottom),
 * + 2 (crop-left), + 3 (crop-right) */
#define GST_V4L2_TV_CROP_N_PROPS 4
G_GNUC_INTERNAL void gst_v4l2_tv_crop_install_properties (GObjectClass *
    gobject_class, guint first_prop_id);
/* @index: prop_id - first_prop_id */
G_GNUC_INTERNAL void gst_v4l2_tv_crop_set_property (GstV4l2TvObject * obj,
    guint index, const GValue * value);
G_GNUC_INTERNAL void gst_v4l2_tv_crop_get_property (GstV4l2TvObject * obj,
    guint index, GValue * value);

/* hooks of the object, with the device lock (obj->crop NULL: no crop, as
 * on the sink): after the standard is set, before the caps are probed,
 * programs the card (FALSE with an error posted when it cannot); then the
 * frame size the caps take */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_crop_apply (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_crop_frame_size (GstV4l2TvObject * obj,
    guint * width, guint * height);

/* software cropping, for a card without a crop rectangle (or one that
 * cannot crop to exactly that one): v4l2tvsrc's pad caps are the cropped
 * size, the card's the full frame, and every frame goes through the
 * conversion pass, which reads the rectangle straight out of the card's
 * buffer (plane pointers moved, width and height made the rectangle's) */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_crop_in_software (GstV4l2TvObject *
    obj);
/* takes @caps, returns them at the cropped size */
G_GNUC_INTERNAL GstCaps *gst_v4l2_tv_crop_pad_caps (GstV4l2TvObject * obj,
    GstCaps * caps);
/* pad caps -> the same at the card's full size (a new reference) */
G_GNUC_INTERNAL GstCaps *gst_v4l2_tv_crop_card_caps (GstV4l2TvObject * obj,
    GstCaps * caps);
/* the card's layout at the cropped size (what the converter reads) */
G_GNUC_INTERNAL void gst_v4l2_tv_crop_info (GstV4l2TvObject * obj,
    GstVideoInfo * info);
/* a card frame mapped for reading -> the rectangle of it, no copy */
G_GNUC_INTERNAL void gst_v4l2_tv_crop_frame (GstV4l2TvObject * obj,
    GstVideoFrame * frame);

G_END_DECLS

#endif /* __GST_V4L2_TV_CROP_H__ */
