/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: sliced VBI records (struct v4l2_sliced_vbi_data) of
 * the two services we carry, V4L2_SLICED_CAPTION_525 (data[0..1]: the
 * two bytes as sent, parity included) and V4L2_SLICED_WSS_625 (data[0]:
 * b0..b7, data[1]: b8..b13), as the V4L2 spec lays them out; and the
 * captions as SMPTE S334-1 Annex A triplets, GStreamer's
 * GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "vbi/tvvbi.h"

void
gst_tv_vbi_sliced_pack_caption (struct v4l2_sliced_vbi_data *rec,
    guint field, guint8 b1, guint8 b2)
{
  g_return_if_fail (rec != NULL);
  g_return_if_fail (field <= 1);

  memset (rec, 0, sizeof (*rec));
  rec->id = V4L2_SLICED_CAPTION_525;
  rec->field = field;
  rec->line = GST_TV_VBI_CAPTION_LINE;
  rec->data[0] = b1;
  rec->data[1] = b2;
}

void
gst_tv_vbi_sliced_pack_wss (struct v4l2_sliced_vbi_data *rec, guint16 word)
{
  g_return_if_fail (rec != NULL);

  memset (rec, 0, sizeof (*rec));
  rec->id = V4L2_SLICED_WSS_625;
  rec->field = 0;
  rec->line = GST_TV_VBI_WSS_LINE;
  rec->data[0] = word & 0xff;
  rec->data[1] = (word >> 8) & 0x3f;
}

gboolean
gst_tv_vbi_sliced_unpack_caption (const struct v4l2_sliced_vbi_data *rec,
    guint * field, guint8 * b1, guint8 * b2)
{
  g_return_val_if_fail (rec != NULL, FALSE);

  if (rec->id != V4L2_SLICED_CAPTION_525 || rec->field > 1)
    return FALSE;
  /* line 0: the driver does not know the line */
  if (rec->line != 0 && rec->line != GST_TV_VBI_CAPTION_LINE)
    return FALSE;
  if (field)
    *field = rec->field;
  if (b1)
    *b1 = rec->data[0];
  if (b2)
    *b2 = rec->data[1];
  return TRUE;
}

gboolean
gst_tv_vbi_sliced_unpack_wss (const struct v4l2_sliced_vbi_data *rec,
    guint16 * word)
{
  g_return_val_if_fail (rec != NULL, FALSE);

  if (rec->id != V4L2_SLICED_WSS_625 || rec->field != 0)
    return FALSE;
  if (rec->line != 0 && rec->line != GST_TV_VBI_WSS_LINE)
    return FALSE;
  if (word)
    *word = (rec->data[0] | (rec->data[1] << 8)) & GST_TV_VBI_WSS_MASK;
  return TRUE;
}

guint
gst_tv_vbi_sliced_encode_frame (const GstTvVbiData * data,
    struct v4l2_sliced_vbi_data *recs, guint n_recs)
{
  guint n = 0, field;

  g_return_val_if_fail (data != NULL, 0);
  g_return_val_if_fail (recs != NULL || n_recs == 0, 0);

  if (n_recs == 0)
    return 0;
  memset (recs, 0, n_recs * sizeof (*recs));
  for (field = 0; field < 2; field++) {
    if (data->has_caption[field] && n < n_recs) {
      gst_tv_vbi_sliced_pack_caption (&recs[n++], field,
          data->caption[field][0], data->caption[field][1]);
    }
  }
  if (data->has_wss && n < n_recs)
    gst_tv_vbi_sliced_pack_wss (&recs[n++], data->wss);
  return n;
}

void
gst_tv_vbi_sliced_decode_frame (const struct v4l2_sliced_vbi_data *recs,
    guint n_recs, GstTvVbiData * data, GstTvVbiStats * stats)
{
  guint i;

  g_return_if_fail (recs != NULL || n_recs == 0);
  g_return_if_fail (data != NULL);

  memset (data, 0, sizeof (*data));
  for (i = 0; i < n_recs; i++) {
    guint field;
    guint8 b1, b2;
    guint16 word;

    if (recs[i].id == 0)
      continue;
    if (gst_tv_vbi_sliced_unpack_caption (&recs[i], &field, &b1, &b2)) {
      if (gst_tv_vbi_cc_parity_ok (b1) && gst_tv_vbi_cc_parity_ok (b2)) {
        data->has_caption[field] = TRUE;
        data->caption[field][0] = b1;
        data->caption[field][1] = b2;
        if (stats)
          stats->captions++;
      } else if (stats) {
        stats->caption_parity_errors++;
      }
    } else if (gst_tv_vbi_sliced_unpack_wss (&recs[i], &word)) {
      if (gst_tv_vbi_wss_aspect (word) != GST_TV_VBI_WSS_INVALID) {
        data->has_wss = TRUE;
        data->wss = word;
        if (stats)
          stats->wss++;
      } else if (stats) {
        stats->wss_parity_errors++;
      }
    }
  }
}

/* S334-1A: line offsets from line 9 (field 1) and 272 (field 2) */
#define S334_FIELD1 0x80
#define S334_LINE_OFFSET (GST_TV_VBI_CAPTION_LINE - 9)

guint
gst_tv_vbi_s334_1a_pack (const GstTvVbiData * data, guint8 * out)
{
  guint n = 0, field;

  g_return_val_if_fail (data != NULL, 0);
  g_return_val_if_fail (out != NULL, 0);

  for (field = 0; field < 2; field++) {
    if (!data->has_caption[field])
      continue;
    out[n++] = (field == 0 ? S334_FIELD1 : 0) | S334_LINE_OFFSET;
    out[n++] = data->caption[field][0];
    out[n++] = data->caption[field][1];
  }
  return n;
}

gboolean
gst_tv_vbi_s334_1a_unpack (const guint8 * in, gsize size, GstTvVbiData * data)
{
  gsize i;

  g_return_val_if_fail (in != NULL || size == 0, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  data->has_caption[0] = data->has_caption[1] = FALSE;
  if (size % 3 != 0)
    return FALSE;
  for (i = 0; i < size; i += 3) {
    guint field = (in[i] & S334_FIELD1) ? 0 : 1;

    if ((in[i] & 0x1f) != S334_LINE_OFFSET)
      continue;
    data->has_caption[field] = TRUE;
    data->caption[field][0] = in[i + 1];
    data->caption[field][1] = in[i + 2];
  }
  return TRUE;
}
