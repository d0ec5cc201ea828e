/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's capture node. Its inputs
 * and audio inputs, what they receive (QUERYSTD, status: the signal, the
 * tuner's station, the loop, forced status bits) and the frames it
 * captures: the generator's picture of the current input, or the output
 * node's picture when the output loops to that input
 * (tvhw-virtual-out.c), through the controls (tvhw-virtual-ctrls.c). Standards,
 * formats and the queue it shares with the output node are in
 * tvhw-virtual.c.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define DEFAULT_STD GST_TV_HW_VIRTUAL_DEFAULT_STD
#define DEFAULT_PIXELFORMAT V4L2_PIX_FMT_YUYV

static const GstTvHwVirtualInput *
cur_input (GstTvHwVirtualCard * card)
{
  return &card->inputs[card->input];
}

/* the audio inputs, documented in tvhw-virtual.h (vivid's) */
static const GstTvHwVirtualAudioPort
    audio_inputs[GST_TV_HW_VIRTUAL_N_AUDIO_INPUTS] = {
  {"TV", V4L2_AUDCAP_STEREO},
  {"Line-In", V4L2_AUDCAP_STEREO},
};

/* card->lock held: keeps the capture standard within what the current
 * input accepts, and the audio input within its audioset (after an input
 * switch or a new input list): the first audio input of the set */
void
gst_tv_hw_virtual_cap_fix_std (GstTvHwVirtualCard * card)
{
  guint32 audioset = cur_input (card)->audioset;
  v4l2_std_id std;

  if (audioset != 0 && !(audioset & (1u << card->audio_input))) {
    card->audio_input = g_bit_nth_lsf (audioset, -1);
    GST_DEBUG ("card %u: audio input now %u", card->index, card->audio_input);
  }

  std = gst_tv_hw_virtual_std_narrow (card->cap.std, cur_input (card)->std);
  if (std == card->cap.std)
    return;
  card->cap.std = std;
  card->cap.crop.width = 0;
  GST_DEBUG ("card %u: standard now 0x%" G_GINT64_MODIFIER "x",
      card->index, (guint64) std);
}

/* card->lock held, no buffers */
void
gst_tv_hw_virtual_cap_set_defaults (GstTvHwVirtualCard * card)
{
  card->input = 0;
  card->audio_input = 0;
  card->cap.std = DEFAULT_STD;
  card->cap.pixelformat = DEFAULT_PIXELFORMAT;
  card->cap.crop.width = 0;
}

/* --- reception --- */

/* card->lock held (the output brought up to date by the caller where it
 * matters): what input @index gets now */
void
gst_tv_hw_virtual_cap_receive (GstTvHwVirtualCard * card, guint index,
    GstTvHwVirtualReception * rx)
{
  const GstTvHwVirtualInput *in = &card->inputs[index];
  guint32 forced = card->forced_status[index];
  guint32 status = 0;

  memset (rx, 0, sizeof (*rx));
  rx->pattern = MIN (index, 3);

  if (gst_tv_hw_virtual_out_loop_active (card, index)) {
    /* the output's picture, whatever the input's own signal */
    rx->looped = TRUE;
    rx->quality = GST_TV_HW_VIRTUAL_QUALITY_COLOUR;
    rx->std = card->out.std;
    if (in->type == V4L2_INPUT_TYPE_TUNER) {
      rx->afc = (gint32) card->tv_freq - (gint32) card->mod_freq;
      rx->rxsubchans = card->mod_txsubchans & V4L2_TUNER_SUB_STEREO ?
          V4L2_TUNER_SUB_STEREO : V4L2_TUNER_SUB_MONO;
    }
  } else if (in->type == V4L2_INPUT_TYPE_TUNER) {
    gst_tv_hw_virtual_tuner_receive (card, in->signal_std, rx);
  } else {
    rx->quality = in->signal_std != 0 ? GST_TV_HW_VIRTUAL_QUALITY_COLOUR :
        GST_TV_HW_VIRTUAL_QUALITY_SNOW;
    rx->std = in->signal_std;
  }

  /* what the decoder reports by itself */
  if (rx->quality == GST_TV_HW_VIRTUAL_QUALITY_SNOW)
    status = V4L2_IN_ST_NO_SIGNAL;
  else if (rx->quality == GST_TV_HW_VIRTUAL_QUALITY_GRAY)
    status = V4L2_IN_ST_COLOR_KILL;

  /* forced status bits win over the signal and the loop */
  if (forced & GST_TV_HW_VIRTUAL_ST_NO_PICTURE) {
    rx->quality = GST_TV_HW_VIRTUAL_QUALITY_SNOW;
    rx->std = 0;
    rx->station = 0;
    rx->rxsubchans = 0;
    rx->afc = 0;
  } else if (forced & GST_TV_HW_VIRTUAL_ST_NO_COLOUR &&
      rx->quality == GST_TV_HW_VIRTUAL_QUALITY_COLOUR) {
    rx->quality = GST_TV_HW_VIRTUAL_QUALITY_GRAY;
  }
  rx->status = status | forced;

  switch (rx->quality) {
    case GST_TV_HW_VIRTUAL_QUALITY_COLOUR:
      rx->signal = 0xffff;
      break;
    case GST_TV_HW_VIRTUAL_QUALITY_GRAY:
      rx->signal = 0x8000;
      break;
    default:
      rx->signal = 0;
      break;
  }
}

/* card->lock held */
gboolean
gst_tv_hw_virtual_cap_frame_wanted (GstTvHwVirtualCard * card)
{
  GstTvHwVirtualReception rx;

  if (card->no_signal_frames)
    return TRUE;
  gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
  return rx.quality != GST_TV_HW_VIRTUAL_QUALITY_SNOW;
}

/* --- inputs --- */

gint
gst_tv_hw_virtual_cap_enum_input (GstTvHwDevice * dev, struct v4l2_input *input)
{
  GstTvHwVirtualCard *card = CARD (dev);
  const GstTvHwVirtualInput *in;
  GstTvHwVirtualReception rx;
  guint32 index = input->index;

  g_mutex_lock (&card->lock);
  if (index >= card->n_inputs) {
    g_mutex_unlock (&card->lock);
    return -EINVAL;
  }
  in = &card->inputs[index];
  gst_tv_hw_virtual_node_update (card, &card->out);
  gst_tv_hw_virtual_cap_receive (card, index, &rx);

  memset (input, 0, sizeof (*input));
  input->index = index;
  /* input_names[] is zero-filled beyond the string: NUL padding */
  memcpy (input->name, card->input_names[index], sizeof (input->name));
  input->type = in->type;
  input->audioset = in->audioset;
  input->tuner = 0;
  input->std = in->std;
  /* a driver that leaves status zero (usbtv_enum_input()) */
  input->status = card->profile != NULL && !card->profile->input_status ?
      0 : rx.status;
  input->capabilities = in->std != 0 ? V4L2_IN_CAP_STD : 0;
  g_mutex_unlock (&card->lock);

  return 0;
}

/* card->lock held: after S_INPUT switched to card->input */
void
gst_tv_hw_virtual_cap_switched (GstTvHwVirtualCard * card)
{
  card->cap.crop.width = 0;
  gst_tv_hw_virtual_cap_fix_std (card);
  gst_tv_hw_virtual_ctrls_input_changed (card);
  GST_DEBUG ("card %u: input %u (%s)", card->index, card->input,
      card->input_names[card->input]);
}

gint
gst_tv_hw_virtual_cap_querystd (GstTvHwDevice * dev, v4l2_std_id * std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  const GstTvHwVirtualInput *in;
  GstTvHwVirtualReception rx;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  in = cur_input (card);
  gst_tv_hw_virtual_node_update (card, &card->out);
  gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
  /* the signal's standard, what the output sends, or a station's; 0
   * (V4L2_STD_UNKNOWN) without a picture */
  if (in->std == 0)
    ret = -ENODATA;
  else if (card->profile != NULL && card->profile->querystd_lines_only &&
      rx.std != 0)
    /* a decoder that sees the field rate only (saa711x_querystd() on the
     * SAA7113): all of the input's standards of that line system */
    *std = in->std & ((rx.std & V4L2_STD_525_60) ? V4L2_STD_525_60 :
        V4L2_STD_625_50);
  else
    *std = rx.std & in->std;
  g_mutex_unlock (&card->lock);

  return ret;
}

/* --- audio inputs --- */

/* the audio inputs of @card: a driver profile's own, or the generic
 * card's */
static const GstTvHwVirtualAudioPort *
card_audio_inputs (GstTvHwVirtualCard * card, guint * n)
{
  if (card->profile != NULL) {
    *n = card->profile->n_audio_inputs;
    return card->profile->audio_inputs;
  }
  *n = G_N_ELEMENTS (audio_inputs);
  return audio_inputs;
}

gint
gst_tv_hw_virtual_cap_enumaudio (GstTvHwDevice * dev, struct v4l2_audio *audio)
{
  guint32 index = audio->index;
  guint n;
  const GstTvHwVirtualAudioPort *ports = card_audio_inputs (CARD (dev), &n);

  if (index >= n)
    return -EINVAL;

  memset (audio, 0, sizeof (*audio));
  audio->index = index;
  g_strlcpy ((gchar *) audio->name, ports[index].name, sizeof (audio->name));
  audio->capability = ports[index].capability;
  return 0;
}

gint
gst_tv_hw_virtual_cap_g_audio (GstTvHwDevice * dev, struct v4l2_audio *audio)
{
  gint ret = gst_tv_hw_virtual_audio_get (dev, &audio->index);

  return ret < 0 ? ret : gst_tv_hw_virtual_cap_enumaudio (dev, audio);
}

gint
gst_tv_hw_virtual_cap_s_audio (GstTvHwDevice * dev,
    const struct v4l2_audio *audio)
{
  guint n;
  const GstTvHwVirtualAudioPort *ports = card_audio_inputs (CARD (dev), &n);

  return gst_tv_hw_virtual_audio_set (dev, audio->index, ports, n);
}

/* --- frames --- */

static void fill_whole (GstTvHwVirtualCard * card, GstTvHwVirtualBuffer * buf);

/* card->lock held: frame buf->sequence of the current input into @buf,
 * whose length is the size of a frame at the capture standard, or less
 * when the standard changed after it was queued */
void
gst_tv_hw_virtual_cap_fill (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf)
{
  gboolean cropped = gst_tv_hw_virtual_node_cropped (&card->cap);
  GstTvHwVirtualBuffer whole = *buf;

  whole.length = GST_TV_HW_VIRTUAL_WIDTH * 2 *
      gst_tv_hw_virtual_std_height (card->cap.std);
  if (!cropped && buf->length >= whole.length) {
    fill_whole (card, buf);
    return;
  }
  /* the whole frame apart, then the crop rectangle out of it
   * (tvhw-virtual-crop.c), or what fits of it in a buffer queued before a
   * larger standard was set (em28xx allows S_STD with buffers, and
   * em28xx_copy_video() stops at the buffer's end) */
  whole.mem = g_malloc (whole.length);
  fill_whole (card, &whole);
  if (cropped) {
    gst_tv_hw_virtual_cap_crop_copy (card, buf->mem, whole.mem);
    buf->bytesused = gst_tv_hw_virtual_node_sizeimage (&card->cap);
  } else {
    memcpy (buf->mem, whole.mem, buf->length);
    buf->bytesused = buf->length;
  }
  g_free (whole.mem);
}

static void
fill_whole (GstTvHwVirtualCard * card, GstTvHwVirtualBuffer * buf)
{
  guint height = gst_tv_hw_virtual_std_height (card->cap.std);
  guint stride = GST_TV_HW_VIRTUAL_WIDTH * 2;
  GstTvHwVirtualReception rx;

  gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
  if (rx.looped && rx.quality != GST_TV_HW_VIRTUAL_QUALITY_SNOW) {
    gst_tv_hw_virtual_out_loop_copy (card, buf->mem, buf->length,
        card->cap.pixelformat);
    if (rx.quality == GST_TV_HW_VIRTUAL_QUALITY_GRAY)
      gst_tv_hw_virtual_gen_kill_colour (buf->mem, card->cap.pixelformat,
          GST_TV_HW_VIRTUAL_WIDTH, height, stride);
  } else {
    gst_tv_hw_virtual_gen_fill (card->gen, buf->mem, card->cap.pixelformat,
        GST_TV_HW_VIRTUAL_WIDTH, height, stride, card->input, rx.pattern,
        rx.station, rx.quality, buf->sequence);
    /* the sync marker: a white frame once a second, with the sound's
     * beep (tvhw-virtual-sound.c) */
    if (rx.quality != GST_TV_HW_VIRTUAL_QUALITY_SNOW &&
        gst_tv_hw_virtual_sound_flash_period (card, card->cap.next_seq))
      gst_tv_hw_virtual_gen_flash (buf->mem, card->cap.pixelformat,
          GST_TV_HW_VIRTUAL_WIDTH, height, stride);
  }
  /* the decoder's picture controls and flips */
  gst_tv_hw_virtual_ctrls_apply (card, buf->mem, card->cap.pixelformat,
      GST_TV_HW_VIRTUAL_WIDTH, height, stride);
  buf->bytesused = buf->length;
}
