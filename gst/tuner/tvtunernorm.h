/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: norms
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TV_TUNER_NORM_H__
#define __GST_TV_TUNER_NORM_H__

#include <gst/tuner/tuner-prelude.h>

G_BEGIN_DECLS

/**
 * GST_TYPE_TV_TUNER_NORM:
 *
 * The #GType of #GstTvTunerNorm.
 *
 * Since: 1.0
 */
#define GST_TYPE_TV_TUNER_NORM (gst_tv_tuner_norm_get_type ())

GST_TV_TUNER_API
G_DECLARE_FINAL_TYPE (GstTvTunerNorm, gst_tv_tuner_norm, GST, TV_TUNER_NORM,
    GObject)

GST_TV_TUNER_API
GstTvTunerNorm * gst_tv_tuner_norm_new (const gchar * label, gint fps_n,
    gint fps_d, guint64 std_id);

GST_TV_TUNER_API
const gchar * gst_tv_tuner_norm_get_label (GstTvTunerNorm * norm);

GST_TV_TUNER_API
void gst_tv_tuner_norm_get_framerate (GstTvTunerNorm * norm, gint * fps_n,
    gint * fps_d);

GST_TV_TUNER_API
guint64 gst_tv_tuner_norm_get_std_id (GstTvTunerNorm * norm);

G_END_DECLS

#endif /* __GST_TV_TUNER_NORM_H__ */
