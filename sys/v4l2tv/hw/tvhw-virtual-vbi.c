/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's VBI data. What the current
 * input's frames carry in their blanking lines (CEA-608 captions on a
 * 525-line signal, WSS on a 625-line one, nothing on snow), as raw VBI
 * lines in vivid's format and as sliced records, for the VBI capture
 * nodes; and the test API that sets the caption text and the WSS word.
 * The rules are documented in tvhw-virtual.h; the line codes are the VBI
 * library's (vbi/tvvbi.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define CYCLE GST_TV_HW_VIRTUAL_CAPTION_CYCLE
#define MAX_CAPTION_ROWS 2

/* vivid's raw VBI format (vivid-vbi-cap.c) */
#define RAW_RATE 27000000
#define RAW_OFFSET 24
#define RAW_SAMPLES 1440

/* the channel plan's station with a widescreen picture (E7) */
#define WIDESCREEN_STATION 1

/* one field's captions: the text set (NULL: the numbered default) and
 * the caption being sent, latched at its first frame */
typedef struct
{
  gchar *text;
  gboolean latched;
  guint32 cycle;
  gchar *latched_text;
  GByteArray *pairs;
} CaptionField;

struct _GstTvHwVirtualVbi
{
  CaptionField field[2];
  gint wss;                     /* a word, or GST_TV_HW_VIRTUAL_WSS_* */
};

GstTvHwVirtualVbi *
gst_tv_hw_virtual_vbi_new (void)
{
  return g_new0 (GstTvHwVirtualVbi, 1);
}

static void
clear_field (CaptionField * f)
{
  g_clear_pointer (&f->text, g_free);
  g_clear_pointer (&f->latched_text, g_free);
  g_clear_pointer (&f->pairs, g_byte_array_unref);
  f->latched = FALSE;
}

void
gst_tv_hw_virtual_vbi_free (GstTvHwVirtualVbi * vbi)
{
  if (vbi == NULL)
    return;
  clear_field (&vbi->field[0]);
  clear_field (&vbi->field[1]);
  g_free (vbi);
}

/* card->lock held */
void
gst_tv_hw_virtual_vbi_set_defaults (GstTvHwVirtualCard * card)
{
  clear_field (&card->vbi->field[0]);
  clear_field (&card->vbi->field[1]);
  card->vbi->wss = GST_TV_HW_VIRTUAL_WSS_DEFAULT;
}

/* the text of caption @cycle on @field (0, 1) with the text in force */
static gchar *
caption_text (GstTvHwVirtualCard * card, guint field, guint32 cycle)
{
  const gchar *text = card->vbi->field[field].text;

  if (text != NULL)
    return g_strdup (text);
  if (field == 0)
    return g_strdup_printf ("Virtual card %u caption %u", card->index, cycle);
  return g_strdup_printf ("CC3 caption %u", cycle);
}

/* the byte pairs of @text, checked to fit one caption cycle */
static GByteArray *
encode_caption (const gchar * text, GError ** error)
{
  GByteArray *pairs;
  const gchar *p;
  guint rows = 1;

  for (p = text; *p != '\0'; p++) {
    if (*p == '\n')
      rows++;
  }
  if (rows > MAX_CAPTION_ROWS) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID,
        "caption text has %u rows: the virtual card sends at most %u", rows,
        MAX_CAPTION_ROWS);
    return NULL;
  }
  pairs = gst_tv_vbi_cc_encode_text (text, GST_TV_VBI_CC_POP_ON, 1, error);
  if (pairs == NULL)
    return NULL;
  if (pairs->len / 2 > CYCLE) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID,
        "caption text needs %u byte pairs: a caption has %u frames (special "
        "characters take two pairs each)", pairs->len / 2, CYCLE);
    g_byte_array_unref (pairs);
    return NULL;
  }
  return pairs;
}

/* card->lock held: byte pair @sequence of @field's captions */
static void
caption_pair (GstTvHwVirtualCard * card, guint field, guint32 sequence,
    guint8 * pair)
{
  CaptionField *f = &card->vbi->field[field];
  guint32 cycle = sequence / CYCLE, index = sequence % CYCLE;

  if (!f->latched || f->cycle != cycle || index == 0) {
    GError *err = NULL;

    g_free (f->latched_text);
    f->latched_text = caption_text (card, field, cycle);
    g_clear_pointer (&f->pairs, g_byte_array_unref);
    f->pairs = encode_caption (f->latched_text, &err);
    if (f->pairs == NULL) {
      /* the default text and what set_caption_text() took always fit */
      GST_ERROR ("card %u: caption '%s' not sent: %s", card->index,
          f->latched_text, err->message);
      g_clear_error (&err);
    }
    f->latched = TRUE;
    f->cycle = cycle;
  }
  if (f->pairs != NULL && index < f->pairs->len / 2) {
    pair[0] = f->pairs->data[2 * index];
    pair[1] = f->pairs->data[2 * index + 1];
  } else {
    pair[0] = pair[1] = gst_tv_vbi_cc_parity (0);
  }
}

/* card->lock held */
void
gst_tv_hw_virtual_vbi_frame (GstTvHwVirtualCard * card, guint32 sequence,
    GstTvVbiData * data, guint * system_lines)
{
  GstTvHwVirtualReception rx;
  guint lines = gst_tv_hw_virtual_std_lines (card->cap.std);

  memset (data, 0, sizeof (*data));
  if (system_lines)
    *system_lines = lines;
  if (card->n_inputs == 0)
    return;
  gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
  if (rx.quality == GST_TV_HW_VIRTUAL_QUALITY_SNOW)
    return;
  /* a decoder locks only to its own line count */
  if (gst_tv_hw_virtual_std_lines (rx.std) != lines)
    return;
  /* a looped input carries what the VBI output sent for this frame, not
   * the card's own data */
  if (rx.looped) {
    gst_tv_hw_virtual_vbi_loop_peek (card, data);
    return;
  }

  if (lines == 525) {
    caption_pair (card, 0, sequence, data->caption[0]);
    caption_pair (card, 1, sequence, data->caption[1]);
    data->has_caption[0] = data->has_caption[1] = TRUE;
  } else if (card->vbi->wss != GST_TV_HW_VIRTUAL_WSS_NONE) {
    data->has_wss = TRUE;
    if (card->vbi->wss >= 0)
      data->wss = card->vbi->wss;
    else if (card->inputs[card->input].type == V4L2_INPUT_TYPE_TUNER
        && rx.station == WIDESCREEN_STATION)
      data->wss = gst_tv_vbi_wss_word (GST_TV_VBI_WSS_16_9_ANAMORPHIC);
    else
      data->wss = gst_tv_vbi_wss_word (GST_TV_VBI_WSS_4_3_FULL);
  }
}

/* card->lock held */
void
gst_tv_hw_virtual_vbi_raw_format (GstTvHwVirtualCard * card,
    struct v4l2_vbi_format *fmt)
{
  const GstTvHwLineSystem *system =
      gst_tv_hw_virtual_std_system (card->cap.std);

  memset (fmt, 0, sizeof (*fmt));
  fmt->sampling_rate = RAW_RATE;
  fmt->offset = RAW_OFFSET;
  fmt->samples_per_line = RAW_SAMPLES;
  fmt->sample_format = V4L2_PIX_FMT_GREY;
  fmt->start[0] = system->vbi_start[0];
  fmt->start[1] = system->vbi_start[1];
  fmt->count[0] = fmt->count[1] = system->vbi_count;
}

/* card->lock held */
gboolean
gst_tv_hw_virtual_vbi_fill_raw (GstTvHwVirtualCard * card, guint32 sequence,
    guint8 * data, gsize size)
{
  struct v4l2_vbi_format fmt;
  GstTvHwVirtualReception rx;
  GstTvVbiData vbi;
  GError *err = NULL;
  guint lines;
  gsize frame_size;

  gst_tv_hw_virtual_vbi_raw_format (card, &fmt);
  frame_size = gst_tv_vbi_raw_frame_size (&fmt);
  if (size < frame_size)
    return FALSE;

  if (card->n_inputs > 0) {
    gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
    if (rx.quality == GST_TV_HW_VIRTUAL_QUALITY_SNOW) {
      /* snow: noise on every line, the same for a sequence number */
      guint32 x = sequence * 2654435761u + card->index + 1;
      gsize i;

      for (i = 0; i < frame_size; i++) {
        x = x * 1664525u + 1013904223u;
        data[i] = x >> 24;
      }
      return TRUE;
    }
  }

  gst_tv_hw_virtual_vbi_frame (card, sequence, &vbi, &lines);
  if (!gst_tv_vbi_raw_encode_frame (&fmt, lines, data, size, &vbi, &err)) {
    /* our own format: cannot happen */
    GST_ERROR ("card %u: raw VBI not generated: %s", card->index, err->message);
    g_clear_error (&err);
    return FALSE;
  }
  return TRUE;
}

/* card->lock held */
guint
gst_tv_hw_virtual_vbi_fill_sliced (GstTvHwVirtualCard * card,
    guint32 sequence, guint16 services, struct v4l2_sliced_vbi_data *recs,
    guint n_recs)
{
  GstTvVbiData vbi;

  gst_tv_hw_virtual_vbi_frame (card, sequence, &vbi, NULL);
  if (!(services & V4L2_SLICED_CAPTION_525))
    vbi.has_caption[0] = vbi.has_caption[1] = FALSE;
  if (!(services & V4L2_SLICED_WSS_625))
    vbi.has_wss = FALSE;
  return gst_tv_vbi_sliced_encode_frame (&vbi, recs, n_recs);
}

/* --- test API --- */

/**
 * gst_tv_hw_virtual_card_set_caption_text:
 * @card: a card
 * @field: 1 or 2
 * @text: (nullable): the text, at most 2 rows of 32 characters; %NULL for
 *   the default numbered captions
 * @error: where to put why @text cannot be sent
 *
 * Returns: whether the captions of @field carry @text from the next
 * caption on
 */
gboolean
gst_tv_hw_virtual_card_set_caption_text (GstTvHwVirtualCard * card,
    guint field, const gchar * text, GError ** error)
{
  GByteArray *pairs;

  g_return_val_if_fail (card != NULL, FALSE);

  if (field != 1 && field != 2) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID,
        "virtual card %u: caption field %u does not exist: 1 or 2",
        card->index, field);
    return FALSE;
  }
  if (text != NULL) {
    pairs = encode_caption (text, error);
    if (pairs == NULL) {
      g_prefix_error (error, "virtual card %u, field %u: ", card->index, field);
      return FALSE;
    }
    g_byte_array_unref (pairs);
  }

  g_mutex_lock (&card->lock);
  g_free (card->vbi->field[field - 1].text);
  card->vbi->field[field - 1].text = g_strdup (text);
  GST_DEBUG ("card %u: field %u captions '%s'", card->index, field,
      GST_STR_NULL (text));
  g_mutex_unlock (&card->lock);
  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_get_caption_text:
 * @card: a card
 * @field: 1 or 2
 * @sequence: a frame's sequence number
 *
 * Returns: (transfer full): the text of the caption frame @sequence
 * belongs to: the one latched if that caption is being sent, else the
 * text in force now; %NULL for a field that does not exist
 */
gchar *
gst_tv_hw_virtual_card_get_caption_text (GstTvHwVirtualCard * card,
    guint field, guint32 sequence)
{
  CaptionField *f;
  gchar *text;

  g_return_val_if_fail (card != NULL, NULL);
  g_return_val_if_fail (field == 1 || field == 2, NULL);

  g_mutex_lock (&card->lock);
  f = &card->vbi->field[field - 1];
  if (f->latched && f->cycle == sequence / CYCLE)
    text = g_strdup (f->latched_text);
  else
    text = caption_text (card, field - 1, sequence / CYCLE);
  g_mutex_unlock (&card->lock);
  return text;
}

/**
 * gst_tv_hw_virtual_card_set_wss:
 * @card: a card
 * @wss: a 14-bit WSS word, %GST_TV_HW_VIRTUAL_WSS_NONE or
 *   %GST_TV_HW_VIRTUAL_WSS_DEFAULT
 * @error: where to put why @wss is refused
 *
 * Returns: whether the 625-line pictures carry @wss from the next frame
 */
gboolean
gst_tv_hw_virtual_card_set_wss (GstTvHwVirtualCard * card, gint wss,
    GError ** error)
{
  g_return_val_if_fail (card != NULL, FALSE);

  if (wss > GST_TV_VBI_WSS_MASK || wss < GST_TV_HW_VIRTUAL_WSS_NONE) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID,
        "virtual card %u: WSS %d is out of range: a 14-bit word 0 .. %d, "
        "%d (none) or %d (the channel plan's)", card->index, wss,
        GST_TV_VBI_WSS_MASK, GST_TV_HW_VIRTUAL_WSS_NONE,
        GST_TV_HW_VIRTUAL_WSS_DEFAULT);
    return FALSE;
  }
  g_mutex_lock (&card->lock);
  card->vbi->wss = wss;
  GST_DEBUG ("card %u: WSS %d", card->index, wss);
  g_mutex_unlock (&card->lock);
  return TRUE;
}

void
gst_tv_hw_virtual_card_get_vbi_format (GstTvHwVirtualCard * card,
    struct v4l2_vbi_format *fmt)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (fmt != NULL);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_vbi_raw_format (card, fmt);
  g_mutex_unlock (&card->lock);
}

gboolean
gst_tv_hw_virtual_card_generate_vbi_raw (GstTvHwVirtualCard * card,
    guint32 sequence, guint8 * data, gsize size)
{
  gboolean ret;

  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (data != NULL || size == 0, FALSE);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->out);
  ret = gst_tv_hw_virtual_vbi_fill_raw (card, sequence, data, size);
  g_mutex_unlock (&card->lock);
  return ret;
}

guint
gst_tv_hw_virtual_card_generate_vbi_sliced (GstTvHwVirtualCard * card,
    guint32 sequence, struct v4l2_sliced_vbi_data *recs, guint n_recs)
{
  guint n;

  g_return_val_if_fail (card != NULL, 0);
  g_return_val_if_fail (recs != NULL || n_recs == 0, 0);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->out);
  n = gst_tv_hw_virtual_vbi_fill_sliced (card, sequence,
      GST_TV_HW_VIRTUAL_VBI_SERVICES, recs, n_recs);
  g_mutex_unlock (&card->lock);
  return n;
}
