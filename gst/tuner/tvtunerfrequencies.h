/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: the standard frequency tables
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TV_TUNER_FREQUENCIES_H__
#define __GST_TV_TUNER_FREQUENCIES_H__

#include <gst/tuner/tuner-prelude.h>

G_BEGIN_DECLS

GST_TV_TUNER_API
gchar ** gst_tv_tuner_list_frequency_tables (void);

GST_TV_TUNER_API
gchar ** gst_tv_tuner_frequency_table_list_channels (const gchar * table,
    GError ** error);

GST_TV_TUNER_API
gboolean gst_tv_tuner_frequency_table_lookup (const gchar * table,
    const gchar * channel, gulong * frequency, GError ** error);

GST_TV_TUNER_API
gchar * gst_tv_tuner_frequency_table_find (const gchar * table,
    gulong frequency, glong * offset, GError ** error);

G_END_DECLS

#endif /* __GST_TV_TUNER_FREQUENCIES_H__ */
