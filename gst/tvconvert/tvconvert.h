/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvconvert: colourspace conversion between the packed 4:2:2 formats of
 * analog TV cards and what pipelines want, with ORC kernels.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TV_CONVERT_H__
#define __GST_TV_CONVERT_H__

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/**
 * GstTvConvert:
 *
 * Opaque converter between two #GstVideoInfo of the same size. Fast paths
 * (ORC kernels) exist for the pairs in the table of tvconvert.c; any other
 * pair is handed to a #GstVideoConverter created at the same time.
 */
typedef struct _GstTvConvert GstTvConvert;

GstTvConvert *     gst_tv_convert_new              (const GstVideoInfo * in_info,
                                                    const GstVideoInfo * out_info);

void               gst_tv_convert_free             (GstTvConvert * convert);

gboolean           gst_tv_convert_frame            (GstTvConvert * convert,
                                                    const GstVideoFrame * src,
                                                    GstVideoFrame * dest);

gboolean           gst_tv_convert_is_fast_path     (const GstTvConvert * convert);

gboolean           gst_tv_convert_has_fast_path    (GstVideoFormat in_format,
                                                    GstVideoFormat out_format,
                                                    gboolean interlaced);

GstVideoFormat *   gst_tv_convert_get_formats      (GstVideoFormat native,
                                                    GstPadDirection direction,
                                                    guint * n_formats);

GstVideoChromaSite gst_tv_convert_get_chroma_site  (GstVideoFormat format);

gboolean           gst_tv_convert_set_flip         (GstTvConvert * convert,
                                                    gboolean hflip,
                                                    gboolean vflip);

gboolean           gst_tv_convert_flip_packed      (const GstVideoFrame * src,
                                                    GstVideoFrame * dest,
                                                    gboolean hflip,
                                                    gboolean vflip);

void               gst_tv_convert_mirror_422       (guint8 * dest,
                                                    const guint8 * src,
                                                    guint pairs,
                                                    gboolean uyvy);

G_END_DECLS

#endif /* __GST_TV_CONVERT_H__ */
