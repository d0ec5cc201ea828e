/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the objects and lists the elements hand to applications without
 * a reference (GstTvTuner's and GstColorBalance's lists, channels and
 * norms), kept for the element's lifetime.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __V4L2TV_KEPT_H__
#define __V4L2TV_KEPT_H__

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _GstV4l2TvKept GstV4l2TvKept;

/* whether two objects of one kind say the same to an application */
typedef gboolean (*GstV4l2TvKeptSameFunc) (gpointer a, gpointer b);

G_GNUC_INTERNAL
GstV4l2TvKept *gst_v4l2_tv_kept_new (void);

G_GNUC_INTERNAL
void gst_v4l2_tv_kept_free (GstV4l2TvKept * kept);

G_GNUC_INTERNAL
gpointer gst_v4l2_tv_kept_object (GstV4l2TvKept * kept, gpointer object,
    GstV4l2TvKeptSameFunc same);

G_GNUC_INTERNAL
gboolean gst_v4l2_tv_kept_has (GstV4l2TvKept * kept, gpointer object);

G_GNUC_INTERNAL
const GList *gst_v4l2_tv_kept_list (GstV4l2TvKept * kept, GList * list);

G_END_DECLS

#endif /* __V4L2TV_KEPT_H__ */
