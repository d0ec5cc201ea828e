/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the "extra-controls" property of v4l2tvsrc and v4l2tvsink: any
 * V4L2 control of the card by name, as v4l2src's extra-controls.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_EXTRA_CTRLS_H__
#define __GST_V4L2_TV_EXTRA_CTRLS_H__

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

typedef struct _GstV4l2TvExtraCtrls GstV4l2TvExtraCtrls;
G_GNUC_INTERNAL
GstV4l2TvExtraCtrls *gst_v4l2_tv_extra_ctrls_new (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_extra_ctrls_free (GstV4l2TvExtraCtrls * self);

G_GNUC_INTERNAL void gst_v4l2_tv_extra_ctrls_install_property (GObjectClass *
    gobject_class, guint prop_id);
/* applied at once when the device is open (a warning on the bus if the
 * card does not take them: nothing is changed then) */
G_GNUC_INTERNAL void gst_v4l2_tv_extra_ctrls_set_property (GstV4l2TvObject *
    obj, const GValue * value);
G_GNUC_INTERNAL void gst_v4l2_tv_extra_ctrls_get_property (GstV4l2TvObject *
    obj, GValue * value);

/* hook of the object, with the device lock, after the element's own
 * settings (port, standard, tuner): applies the property; FALSE with an
 * error posted if the card does not take it (nothing is changed then) */
G_GNUC_INTERNAL gboolean gst_v4l2_tv_extra_ctrls_opened (GstV4l2TvObject *
    obj);

/* "Hue", "Chroma AGC", "Contrast, Adjust" -> "hue", "chroma_agc",
 * "contrast_adjust": lower case, runs of other characters one '_', none
 * at either end (as v4l2src names them); a new string */
G_GNUC_INTERNAL gchar *gst_v4l2_tv_extra_ctrls_normalise (const gchar * name);

G_END_DECLS

#endif /* __GST_V4L2_TV_EXTRA_CTRLS_H__ */
