/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: what v4l2tvsrc makes of one frame's VBI data, whichever node it
 * came from (raw VBI sliced by the VBI library, or the card's sliced
 * records): the captions as GstVideoCaptionMeta (CEA608_S334_1A) on the
 * video frame they came with, and the WSS aspect, held until three frames
 * in a row say otherwise, with the pixel aspect ratio it implies and the
 * `v4l2tv-wss` element message. docs/vbi.md says why each choice.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_V4L2_TV_VBI_H__
#define __GST_V4L2_TV_VBI_H__

#include <gst/gst.h>

#include "vbi/tvvbi.h"

G_BEGIN_DECLS

/**
 * GstV4l2TvVbiServices:
 * @GST_V4L2_TV_VBI_CAPTIONS: CEA-608 captions (line 21 of 525-line video)
 * @GST_V4L2_TV_VBI_WSS: the widescreen signal (line 23 of 625-line video)
 *
 * The VBI services v4l2tvsrc decodes.
 */
typedef enum
{
  GST_V4L2_TV_VBI_CAPTIONS = (1 << 0),
  GST_V4L2_TV_VBI_WSS = (1 << 1),
} GstV4l2TvVbiServices;

#define GST_V4L2_TV_VBI_ALL (GST_V4L2_TV_VBI_CAPTIONS | GST_V4L2_TV_VBI_WSS)

#define GST_TYPE_V4L2_TV_VBI_SERVICES (gst_v4l2_tv_vbi_services_get_type ())
G_GNUC_INTERNAL GType gst_v4l2_tv_vbi_services_get_type (void);

/* frames in a row that must carry a new WSS aspect before it is taken */
#define GST_V4L2_TV_VBI_WSS_FRAMES 3

/**
 * GstV4l2TvVbi:
 * The VBI state of one capture, reset when the standard changes. Used
 * by the streaming thread only.
 */
typedef struct
{
  GstV4l2TvVbiServices services;
  guint system_lines;           /* 525 or 625 */
  GstTvVbiStats stats;
  /* the WSS aspect in force: INVALID until a word has been taken */
  GstTvVbiWssAspect aspect;
  guint16 word;
  /* a different aspect seen on the last @pending_frames frames */
  GstTvVbiWssAspect pending;
  guint16 pending_word;
  guint pending_frames;
} GstV4l2TvVbi;

G_GNUC_INTERNAL void gst_v4l2_tv_vbi_reset (GstV4l2TvVbi * vbi,
    GstV4l2TvVbiServices services, guint system_lines);
G_GNUC_INTERNAL gboolean gst_v4l2_tv_vbi_frame (GstV4l2TvVbi * vbi,
    const GstTvVbiData * data, GstBuffer * buf);
G_GNUC_INTERNAL gboolean gst_v4l2_tv_vbi_is_anamorphic (const GstV4l2TvVbi *
    vbi);
G_GNUC_INTERNAL void gst_v4l2_tv_vbi_pixel_aspect (const GstV4l2TvVbi * vbi,
    gint base_n, gint base_d, gint * par_n, gint * par_d);
G_GNUC_INTERNAL GstMessage *gst_v4l2_tv_vbi_wss_message (const GstV4l2TvVbi *
    vbi, GstObject * src);
G_GNUC_INTERNAL gboolean gst_v4l2_tv_vbi_captions_from_buffer (GstBuffer * buf,
    GstTvVbiData * data);

G_END_DECLS

#endif /* __GST_V4L2_TV_VBI_H__ */
