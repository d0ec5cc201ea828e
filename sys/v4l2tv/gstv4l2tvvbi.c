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

/* --- the sink: caption meta back into line 21 pairs --- */

/* cc_data triplets (CEA-708: marker bits, cc_valid, cc_type; two bytes):
 * the valid CEA-608 ones, cc_type 0 for field 1 and 1 for field 2 */
static void
cc_data_to_pairs (const guint8 * cc, gsize size, GstTvVbiData * data)
{
  gsize i;

  for (i = 0; i + 3 <= size; i += 3) {
    guint cc_type = cc[i] & 0x3;

    if (!(cc[i] & 0x4) || cc_type > 1)
      continue;
    data->has_caption[cc_type] = TRUE;
    data->caption[cc_type][0] = cc[i + 1];
    data->caption[cc_type][1] = cc[i + 2];
  }
}

/* the cc_data section of a CEA-708 caption distribution packet (SMPTE
 * 334-2): 0x96 0x69, length, frame rate, flags, sequence (2), then
 * sections; cc_data is 0x72, 0xe0 | cc_count, the triplets */
static gboolean
cdp_to_pairs (const guint8 * cdp, gsize size, GstTvVbiData * data)
{
  gsize len, count;

  if (size < 7 || cdp[0] != 0x96 || cdp[1] != 0x69)
    return FALSE;
  len = MIN (cdp[2], size);
  /* the time code section, when the flags say there is one, comes
   * first: 0x71 and 4 bytes */
  size = 7;
  if (cdp[4] & 0x80) {
    if (len < size + 5 || cdp[size] != 0x71)
      return FALSE;
    size += 5;
  }
  if (!(cdp[4] & 0x40) || len < size + 2 || cdp[size] != 0x72)
    return FALSE;
  count = cdp[size + 1] & 0x1f;
  if (len < size + 2 + 3 * count)
    return FALSE;
  cc_data_to_pairs (cdp + size + 2, 3 * count, data);
  return TRUE;
}

/**
 * gst_v4l2_tv_vbi_captions_from_buffer:
 * @buf: a frame for the sink
 * @data: (out): the line 21 pairs its caption meta carries (WSS cleared)
 *
 * Reads every GstVideoCaptionMeta of @buf: CEA608_S334_1A (field bit
 * kept), CEA608_RAW (pairs of field 1), CEA708_RAW (cc_data: cc_type 0
 * and 1 are fields 1 and 2, DTVCC is skipped) and CEA708_CDP (its cc_data
 * section). A later meta wins for a field.
 *
 * Returns: TRUE when a field got a pair
 */
gboolean
gst_v4l2_tv_vbi_captions_from_buffer (GstBuffer * buf, GstTvVbiData * data)
{
  GstVideoCaptionMeta *meta;
  gpointer state = NULL;

  g_return_val_if_fail (GST_IS_BUFFER (buf), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  memset (data, 0, sizeof (*data));
  while ((meta = (GstVideoCaptionMeta *)
          gst_buffer_iterate_meta_filtered (buf, &state,
              GST_VIDEO_CAPTION_META_API_TYPE))) {
    GstTvVbiData one = { {0} };
    guint f;

    switch (meta->caption_type) {
      case GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A:
        if (!gst_tv_vbi_s334_1a_unpack (meta->data, meta->size, &one))
          continue;
        break;
      case GST_VIDEO_CAPTION_TYPE_CEA608_RAW:
        if (meta->size < 2)
          continue;
        /* one pair a frame; more would be another frame's */
        one.has_caption[0] = TRUE;
        one.caption[0][0] = meta->data[0];
        one.caption[0][1] = meta->data[1];
        break;
      case GST_VIDEO_CAPTION_TYPE_CEA708_RAW:
        cc_data_to_pairs (meta->data, meta->size, &one);
        break;
      case GST_VIDEO_CAPTION_TYPE_CEA708_CDP:
        if (!cdp_to_pairs (meta->data, meta->size, &one))
          continue;
        break;
      default:
        continue;
    }
    for (f = 0; f < 2; f++) {
      if (!one.has_caption[f])
        continue;
      data->has_caption[f] = TRUE;
      data->caption[f][0] = one.caption[f][0];
      data->caption[f][1] = one.caption[f][1];
    }
  }
  return data->has_caption[0] || data->has_caption[1];
}
