/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: one frame's VBI data made into caption meta and a WSS aspect
 * (gstv4l2tvvbi.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/video/video.h>

#include "gstv4l2tvvbi.h"

GType
gst_v4l2_tv_vbi_services_get_type (void)
{
  static GType type = 0;
  static const GFlagsValue values[] = {
    {GST_V4L2_TV_VBI_CAPTIONS, "CEA-608 closed captions (525 lines)",
        "captions"},
    {GST_V4L2_TV_VBI_WSS, "Widescreen signalling (625 lines)", "wss"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_flags_register_static ("GstV4l2TvVbiServices", values);

    g_once_init_leave (&type, t);
  }
  return type;
}

void
gst_v4l2_tv_vbi_reset (GstV4l2TvVbi * vbi, GstV4l2TvVbiServices services,
    guint system_lines)
{
  g_return_if_fail (vbi != NULL);

  memset (vbi, 0, sizeof (*vbi));
  vbi->services = services;
  vbi->system_lines = system_lines;
  vbi->aspect = vbi->pending = GST_TV_VBI_WSS_INVALID;
}

/* the caption pairs of @data on @buf; FALSE when it has none */
static gboolean
attach_captions (const GstTvVbiData * data, GstBuffer * buf)
{
  guint8 triplets[6];
  guint size;

  size = gst_tv_vbi_s334_1a_pack (data, triplets);
  if (size == 0)
    return FALSE;
  gst_buffer_add_video_caption_meta (buf,
      GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A, triplets, size);
  return TRUE;
}

/* the WSS word of this frame; TRUE when it changes the aspect in force */
static gboolean
track_wss (GstV4l2TvVbi * vbi, const GstTvVbiData * data)
{
  GstTvVbiWssAspect aspect;

  /* a frame without WSS is a dropout, not a change */
  if (!data->has_wss)
    return FALSE;
  aspect = gst_tv_vbi_wss_aspect (data->wss);
  if (aspect == GST_TV_VBI_WSS_INVALID)
    return FALSE;
  if (aspect == vbi->aspect) {
    /* the other groups (subtitles, surround) may change alone */
    vbi->word = data->wss;
    vbi->pending_frames = 0;
    return FALSE;
  }
  if (aspect != vbi->pending) {
    vbi->pending = aspect;
    vbi->pending_frames = 0;
  }
  vbi->pending_word = data->wss;
  if (++vbi->pending_frames < GST_V4L2_TV_VBI_WSS_FRAMES)
    return FALSE;
  vbi->aspect = aspect;
  vbi->word = vbi->pending_word;
  vbi->pending = GST_TV_VBI_WSS_INVALID;
  vbi->pending_frames = 0;
  return TRUE;
}

/**
 * gst_v4l2_tv_vbi_frame:
 * @vbi: the capture's VBI state
 * @data: what the VBI node delivered for the frame (already sliced)
 * @buf: (transfer none): the video frame, writable
 *
 * Attaches the captions of @data to @buf (when captions are among the
 * services) and follows the WSS aspect (when WSS is).
 *
 * Returns: TRUE when the WSS aspect in force changed with this frame:
 * the caller posts gst_v4l2_tv_vbi_wss_message() and, when
 * gst_v4l2_tv_vbi_is_anamorphic() changed too, renegotiates.
 */
gboolean
gst_v4l2_tv_vbi_frame (GstV4l2TvVbi * vbi, const GstTvVbiData * data,
    GstBuffer * buf)
{
  g_return_val_if_fail (vbi != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (GST_IS_BUFFER (buf), FALSE);

  if ((vbi->services & GST_V4L2_TV_VBI_CAPTIONS) && vbi->system_lines == 525)
    attach_captions (data, buf);
  if ((vbi->services & GST_V4L2_TV_VBI_WSS) && vbi->system_lines == 625)
    return track_wss (vbi, data);
  return FALSE;
}

/* only 16:9 full format fills the frame with a stretched picture; the
 * letterbox and 14:9 codes are 4:3 pictures (docs/vbi.md) */
gboolean
gst_v4l2_tv_vbi_is_anamorphic (const GstV4l2TvVbi * vbi)
{
  g_return_val_if_fail (vbi != NULL, FALSE);

  return vbi->aspect == GST_TV_VBI_WSS_16_9_ANAMORPHIC;
}

/**
 * gst_v4l2_tv_vbi_pixel_aspect:
 * @vbi: the capture's VBI state
 * @base_n: the 4:3 pixel aspect ratio the card reports (59/54 at 625
 *   lines), numerator
 * @base_d: its denominator
 * @par_n: (out): the pixel aspect ratio of the picture in force
 * @par_d: (out): its denominator
 *
 * The 4:3 one, or 4/3 times it for a 16:9 anamorphic picture (118/81 at
 * 625 lines).
 */
void
gst_v4l2_tv_vbi_pixel_aspect (const GstV4l2TvVbi * vbi, gint base_n,
    gint base_d, gint * par_n, gint * par_d)
{
  g_return_if_fail (vbi != NULL);
  g_return_if_fail (par_n != NULL && par_d != NULL);

  *par_n = base_n;
  *par_d = base_d;
  if (gst_v4l2_tv_vbi_is_anamorphic (vbi)
      && !gst_util_fraction_multiply (base_n, base_d, 4, 3, par_n, par_d)) {
    *par_n = base_n;
    *par_d = base_d;
  }
}

/**
 * gst_v4l2_tv_vbi_wss_message:
 * @vbi: the capture's VBI state
 * @src: the element posting it
 *
 * Returns: (transfer full): the `v4l2tv-wss` element message for the
 * aspect in force: `aspect` (string, the group's name), `word` (uint, the
 * 14 bits), `anamorphic` (boolean, whether the caps' pixel aspect ratio
 * follows), `letterbox` (boolean, a letterbox code: bars an application
 * may crop)
 */
GstMessage *
gst_v4l2_tv_vbi_wss_message (const GstV4l2TvVbi * vbi, GstObject * src)
{
  gboolean letterbox;

  g_return_val_if_fail (vbi != NULL, NULL);

  switch (vbi->aspect) {
    case GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE:
    case GST_TV_VBI_WSS_14_9_LETTERBOX_TOP:
    case GST_TV_VBI_WSS_16_9_LETTERBOX_CENTRE:
    case GST_TV_VBI_WSS_16_9_LETTERBOX_TOP:
    case GST_TV_VBI_WSS_ABOVE_16_9_LETTERBOX_CENTRE:
      letterbox = TRUE;
      break;
    default:
      letterbox = FALSE;
      break;
  }
  return gst_message_new_element (src, gst_structure_new ("v4l2tv-wss",
          "aspect", G_TYPE_STRING, gst_tv_vbi_wss_aspect_name (vbi->aspect),
          "word", G_TYPE_UINT, (guint) vbi->word,
          "anamorphic", G_TYPE_BOOLEAN, gst_v4l2_tv_vbi_is_anamorphic (vbi),
          "letterbox", G_TYPE_BOOLEAN, letterbox, NULL));
}
