/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's output node (vivid's
 * vivid-vid-out.c). Its outputs and audio outputs, the "screen" (a copy
 * of the last frame it displayed, which tests read back), and the
 * loopback that feeds that picture to a capture input of the same card
 * (vivid's loop_video).
 * Standards, formats and the queue it shares with the capture node are in
 * tvhw-virtual.c; the rules are documented in tvhw-virtual.h.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define DEFAULT_OUT_STD GST_TV_HW_VIRTUAL_DEFAULT_STD
#define DEFAULT_PIXELFORMAT V4L2_PIX_FMT_YUYV

/* the outputs, documented in tvhw-virtual.h; each is cabled back to the
 * capture input named loop_input */
static const struct
{
  const gchar *name;
  guint32 type;
  v4l2_std_id std;
  guint32 audioset;
  const gchar *loop_input;
} outputs[GST_TV_HW_VIRTUAL_N_OUTPUTS] = {
  {"Composite Out", V4L2_OUTPUT_TYPE_ANALOG, V4L2_STD_ALL, 0x1, "Composite2"},
  {"S-Video Out", V4L2_OUTPUT_TYPE_ANALOG, V4L2_STD_ALL, 0x1, "S-Video"},
  {"RF Modulator", V4L2_OUTPUT_TYPE_MODULATOR, V4L2_STD_ALL, 0x2,
      "Television"},
};

/* the audio outputs, documented in tvhw-virtual.h: no capabilities */
static const GstTvHwVirtualAudioPort
    audio_outputs[GST_TV_HW_VIRTUAL_N_AUDIO_OUTPUTS] = {
  {"Line-Out", 0},
  {"Modulator Audio", 0},
};

/* card->lock held, no buffers */
void
gst_tv_hw_virtual_out_set_defaults (GstTvHwVirtualCard * card)
{
  guint i;

  card->output = 0;
  card->audio_output = 0;
  card->n_outputs = G_N_ELEMENTS (outputs);
  for (i = 0; i < G_N_ELEMENTS (outputs); i++)
    card->out_stds[i] = outputs[i].std;
  card->out.std = DEFAULT_OUT_STD;
  card->out.pixelformat = DEFAULT_PIXELFORMAT;
  gst_tv_hw_virtual_out_free (card);
}

/* card->lock held (or the card going away): the screen goes blank */
void
gst_tv_hw_virtual_out_free (GstTvHwVirtualCard * card)
{
  g_clear_pointer (&card->screen, g_free);
  memset (&card->screen_fmt, 0, sizeof (card->screen_fmt));
  card->screen_seq = 0;
  card->out_displayed = 0;
  card->out_repeated = 0;
}

v4l2_std_id
gst_tv_hw_virtual_out_std_mask (GstTvHwVirtualCard * card)
{
  return card->out_stds[card->output];
}

guint32
gst_tv_hw_virtual_out_audioset (GstTvHwVirtualCard * card)
{
  return outputs[card->output].audioset;
}

/* --- outputs --- */

gint
gst_tv_hw_virtual_out_enum_output (GstTvHwDevice * dev,
    struct v4l2_output *output)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint32 index = output->index;
  v4l2_std_id std;

  g_mutex_lock (&card->lock);
  std = index < card->n_outputs ? card->out_stds[index] : 0;
  g_mutex_unlock (&card->lock);
  if (index >= G_N_ELEMENTS (outputs) || index >= card->n_outputs)
    return -EINVAL;

  memset (output, 0, sizeof (*output));
  output->index = index;
  /* NUL-padded by the memset */
  g_strlcpy ((gchar *) output->name, outputs[index].name,
      sizeof (output->name));
  output->type = outputs[index].type;
  output->audioset = outputs[index].audioset;
  output->modulator = 0;
  output->std = std;
  output->capabilities = std != 0 ? V4L2_OUT_CAP_STD : 0;

  return 0;
}

/* card->lock held: after S_OUTPUT switched to card->output */
void
gst_tv_hw_virtual_out_switched (GstTvHwVirtualCard * card)
{
  guint index = card->output;
  v4l2_std_id std;

  /* the audio output follows: the first one of the new output's set */
  if (!(outputs[index].audioset & (1u << card->audio_output)))
    card->audio_output = g_bit_nth_lsf (outputs[index].audioset, -1);
  /* the output's standard follows the same rule as the capture's */
  std = gst_tv_hw_virtual_std_narrow (card->out.std, card->out_stds[index]);
  if (std != card->out.std) {
    card->out.std = std;
    GST_DEBUG ("card %u: output standard now 0x%" G_GINT64_MODIFIER "x",
        card->index, (guint64) std);
  }
  GST_DEBUG ("card %u: output %u (%s)", card->index, index,
      outputs[index].name);
}

/* --- audio outputs --- */

gint
gst_tv_hw_virtual_out_enumaudout (GstTvHwDevice * dev,
    struct v4l2_audioout *audout)
{
  guint32 index = audout->index;

  if (index >= G_N_ELEMENTS (audio_outputs))
    return -EINVAL;

  memset (audout, 0, sizeof (*audout));
  audout->index = index;
  g_strlcpy ((gchar *) audout->name, audio_outputs[index].name,
      sizeof (audout->name));
  return 0;
}

gint
gst_tv_hw_virtual_out_g_audout (GstTvHwDevice * dev,
    struct v4l2_audioout *audout)
{
  /* every output has audio: there is always a current audio output */
  gint ret = gst_tv_hw_virtual_audio_get (dev, &audout->index);

  return ret < 0 ? ret : gst_tv_hw_virtual_out_enumaudout (dev, audout);
}

gint
gst_tv_hw_virtual_out_s_audout (GstTvHwDevice * dev,
    const struct v4l2_audioout *audout)
{
  return gst_tv_hw_virtual_audio_set (dev, audout->index, audio_outputs,
      G_N_ELEMENTS (audio_outputs));
}

/* --- the queue's output side --- */

/* vb2's checks of an output buffer (__verify_length) and vivid's
 * buf_out_validate (the field), then what the application set */
gint
gst_tv_hw_virtual_out_prepare (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf, const struct v4l2_buffer *vbuf)
{
  if (vbuf->bytesused == 0 || vbuf->bytesused > buf->length) {
    GST_DEBUG ("card %u: output buffer %u: bytesused %u of %u refused",
        card->index, vbuf->index, vbuf->bytesused, buf->length);
    return -EINVAL;
  }
  if (vbuf->field != V4L2_FIELD_ANY && vbuf->field != V4L2_FIELD_INTERLACED) {
    GST_DEBUG ("card %u: output buffer %u: field %u refused", card->index,
        vbuf->index, vbuf->field);
    return -EINVAL;
  }
  buf->bytesused = vbuf->bytesused;
  /* the application's timestamp is not kept (vivid's output queue is
   * TIMESTAMP_MONOTONIC, not TIMESTAMP_COPY): the buffer keeps the
   * timestamp it had, and its sequence is 0, until it is displayed */
  buf->sequence = 0;
  return 0;
}

/* STREAMON: the screen is blank until the first frame of the stream */
void
gst_tv_hw_virtual_out_stream_started (GstTvHwVirtualCard * card)
{
  gst_tv_hw_virtual_out_free (card);
}

void
gst_tv_hw_virtual_out_display (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf)
{
  struct v4l2_pix_format fmt;

  gst_tv_hw_virtual_fill_pix_format (&fmt, card->out.std,
      card->out.pixelformat);
  if (card->screen == NULL || card->screen_fmt.sizeimage != fmt.sizeimage) {
    g_free (card->screen);
    card->screen = g_malloc (fmt.sizeimage);
  }
  /* the card scans the whole frame out of the buffer's memory */
  memcpy (card->screen, buf->mem, MIN (fmt.sizeimage, buf->length));
  card->screen_fmt = fmt;
  card->screen_seq = buf->sequence;
  card->out_displayed++;
}

void
gst_tv_hw_virtual_out_repeat (GstTvHwVirtualCard * card, guint32 n)
{
  card->out_repeated += n;
}

/* --- loopback --- */

gboolean
gst_tv_hw_virtual_out_loop_active (GstTvHwVirtualCard * card, guint input)
{
  if (!card->out.streaming || card->screen == NULL)
    return FALSE;
  if (input >= card->n_inputs ||
      strcmp (card->input_names[input], outputs[card->output].loop_input))
    return FALSE;
  /* an RF cable into a tuner input: only while the tuner is tuned to the
   * modulator */
  if (outputs[card->output].type == V4L2_OUTPUT_TYPE_MODULATOR &&
      card->inputs[input].type == V4L2_INPUT_TYPE_TUNER &&
      !gst_tv_hw_virtual_tuner_on_modulator (card))
    return FALSE;
  /* a decoder locks only to a signal of its own line count */
  return card->screen_fmt.height ==
      gst_tv_hw_virtual_std_height (card->cap.std);
}

/* YUYV <-> UYVY: every byte pair swaps, both ways */
static void
copy_swapped (guint8 * dest, const guint8 * src, gsize size)
{
  gsize i;

  for (i = 0; i + 1 < size; i += 2) {
    dest[i] = src[i + 1];
    dest[i + 1] = src[i];
  }
}

void
gst_tv_hw_virtual_out_loop_copy (GstTvHwVirtualCard * card, guint8 * data,
    gsize size, guint32 pixelformat)
{
  /* the same size while the loop is active; never more than the buffer */
  size = MIN (size, card->screen_fmt.sizeimage);

  if (pixelformat == card->screen_fmt.pixelformat)
    memcpy (data, card->screen, size);
  else
    copy_swapped (data, card->screen, size);
  GST_LOG ("card %u: output frame %u looped to input %u", card->index,
      card->screen_seq, card->input);
}

/* --- test API --- */

/**
 * gst_tv_hw_virtual_card_peek_output:
 * @card: a card
 * @data: (out) (transfer full) (optional): a copy of the frame on the
 *   output's screen, free with g_free()
 * @size: (out) (optional): its size (fmt.sizeimage)
 * @fmt: (out caller-allocates) (optional): its format
 * @sequence: (out) (optional): the output sequence number it was
 *   displayed at
 *
 * Reads back the last frame the output node displayed (repeats leave it
 * on screen). Brings the output up to date first (REALTIME pacing).
 *
 * Returns: FALSE, with nothing set, when the output has displayed nothing
 * since its last STREAMON (or since power-on)
 */
gboolean
gst_tv_hw_virtual_card_peek_output (GstTvHwVirtualCard * card,
    guint8 ** data, gsize * size, struct v4l2_pix_format *fmt,
    guint32 * sequence)
{
  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->out);
  if (card->screen == NULL) {
    g_mutex_unlock (&card->lock);
    return FALSE;
  }
  if (data)
    *data = g_memdup2 (card->screen, card->screen_fmt.sizeimage);
  if (size)
    *size = card->screen_fmt.sizeimage;
  if (fmt)
    *fmt = card->screen_fmt;
  if (sequence)
    *sequence = card->screen_seq;
  g_mutex_unlock (&card->lock);

  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_get_output_counts:
 * @card: a card
 * @displayed: (out) (optional): frame periods that displayed a new buffer
 * @repeated: (out) (optional): frame periods without one (the screen
 *   repeated, or stayed blank before the first buffer)
 *
 * Counts since the output's last STREAMON (0 before any); their sum is
 * the number of output frame periods that have passed. Brings the output
 * up to date first (REALTIME pacing).
 */
void
gst_tv_hw_virtual_card_get_output_counts (GstTvHwVirtualCard * card,
    guint32 * displayed, guint32 * repeated)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->out);
  if (displayed)
    *displayed = card->out_displayed;
  if (repeated)
    *repeated = card->out_repeated;
  g_mutex_unlock (&card->lock);
}
