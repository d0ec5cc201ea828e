/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's tuner and modulator.
 *
 * Tuner 0 belongs to the capture node's tuner inputs (vivid's TV tuner:
 * the same name, range, capabilities and audio modes), modulator 0 to the
 * output node's RF Modulator output. The tuner receives a small channel
 * plan: a station's picture near its frequency, snow elsewhere (vivid
 * puts a fake channel every 6 MHz instead). The plan, the ranges and the
 * errno rules are documented in tvhw-virtual.h.
 *
 * As the V4L2 core does, G_TUNER and G_MODULATOR add
 * V4L2_TUNER_CAP_FREQ_BANDS, G_FREQUENCY fills in the type, and
 * S_FREQUENCY refuses a type other than V4L2_TUNER_ANALOG_TV on a video
 * node with EINVAL.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define TUNER_CAPS (V4L2_TUNER_CAP_NORM | V4L2_TUNER_CAP_STEREO | \
    V4L2_TUNER_CAP_LANG1 | V4L2_TUNER_CAP_LANG2)
#define MODULATOR_CAPS (V4L2_TUNER_CAP_NORM | V4L2_TUNER_CAP_STEREO)
#define MODULATOR_SUBCHANS (V4L2_TUNER_SUB_MONO | V4L2_TUNER_SUB_STEREO)

/* the channel plan, documented in tvhw-virtual.h; station i shows test
 * pattern i, so station 0 at the power-on frequency gives the picture the
 * Television input always had */
static const GstTvHwVirtualStation stations[] = {
  {"E5", 2804, 0, V4L2_TUNER_SUB_STEREO},
  {"E7", 3028, 0, V4L2_TUNER_SUB_LANG1 | V4L2_TUNER_SUB_LANG2},
  {"US4", 1076, V4L2_STD_NTSC_M, V4L2_TUNER_SUB_MONO | V4L2_TUNER_SUB_SAP},
  {"E21", 7540, V4L2_STD_PAL_I, V4L2_TUNER_SUB_STEREO},
  {"E30", 8692, V4L2_STD_SECAM_L, V4L2_TUNER_SUB_MONO},
};

/* card->lock held, no handle open */
void
gst_tv_hw_virtual_tuner_set_defaults (GstTvHwVirtualCard * card)
{
  card->tv_freq = GST_TV_HW_VIRTUAL_DEFAULT_FREQ;
  card->tv_audmode = V4L2_TUNER_MODE_STEREO;
  card->mod_freq = GST_TV_HW_VIRTUAL_DEFAULT_FREQ;
  card->mod_txsubchans = V4L2_TUNER_SUB_STEREO;
}

gboolean
gst_tv_hw_virtual_tuner_present (GstTvHwVirtualCard * card)
{
  guint i;

  for (i = 0; i < card->n_inputs; i++) {
    if (card->inputs[i].type == V4L2_INPUT_TYPE_TUNER)
      return TRUE;
  }
  return FALSE;
}

static gint32
freq_distance (guint32 a, guint32 b)
{
  return (gint32) a - (gint32) b;
}

gboolean
gst_tv_hw_virtual_tuner_on_modulator (GstTvHwVirtualCard * card)
{
  return ABS (freq_distance (card->tv_freq, card->mod_freq)) <=
      GST_TV_HW_VIRTUAL_FREQ_FINE;
}

/* card->lock held */
void
gst_tv_hw_virtual_tuner_receive (GstTvHwVirtualCard * card,
    v4l2_std_id antenna, GstTvHwVirtualReception * rx)
{
  gint32 delta = 0;
  gint found = -1;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (stations) && found < 0; i++) {
    delta = freq_distance (card->tv_freq, stations[i].frequency);
    if (ABS (delta) <= GST_TV_HW_VIRTUAL_FREQ_NEAR)
      found = i;
  }

  rx->station = 0;
  rx->pattern = 0;
  rx->afc = 0;
  rx->rxsubchans = 0;
  if (antenna == 0 || found < 0) {
    rx->quality = GST_TV_HW_VIRTUAL_QUALITY_SNOW;
    rx->std = 0;
    return;
  }
  rx->station = found;
  rx->pattern = found;
  /* V4L2: negative when the frequency is too low, positive too high */
  rx->afc = delta;
  rx->std = stations[found].std != 0 ? stations[found].std : antenna;
  if (ABS (delta) <= GST_TV_HW_VIRTUAL_FREQ_FINE) {
    rx->quality = GST_TV_HW_VIRTUAL_QUALITY_COLOUR;
    rx->rxsubchans = stations[found].rxsubchans;
  } else {
    /* chroma and the stereo pilot are lost first (vivid: grey, mono) */
    rx->quality = GST_TV_HW_VIRTUAL_QUALITY_GRAY;
    rx->rxsubchans = V4L2_TUNER_SUB_MONO;
  }
}

/* the input whose reception G_TUNER reports: the current input if it is a
 * tuner input, else the first tuner input */
static guint
tuner_input (GstTvHwVirtualCard * card)
{
  guint i;

  if (card->inputs[card->input].type == V4L2_INPUT_TYPE_TUNER)
    return card->input;
  for (i = 0; i < card->n_inputs; i++) {
    if (card->inputs[i].type == V4L2_INPUT_TYPE_TUNER)
      return i;
  }
  return 0;
}

/* card->lock held: whether @dev has tuner or modulator @index: -ENOTTY
 * when a capture node's card has no tuner input (the output node always
 * has its modulator), -EINVAL for an index other than 0 */
static gint
check_tuner_index (GstTvHwDevice * dev, guint32 index)
{
  if (!IS_OUTPUT (dev) && !gst_tv_hw_virtual_tuner_present (CARD (dev)))
    return -ENOTTY;
  return index == 0 ? 0 : -EINVAL;
}

/* --- the tuner (capture node) --- */

gint
gst_tv_hw_virtual_tuner_g_tuner (GstTvHwDevice * dev, struct v4l2_tuner *tuner)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualReception rx;
  guint32 index = tuner->index;
  gint ret = 0;

  if (IS_OUTPUT (dev))
    return -ENOTTY;

  g_mutex_lock (&card->lock);
  ret = check_tuner_index (dev, index);
  if (ret < 0)
    goto done;
  gst_tv_hw_virtual_node_update (card, &card->out);
  gst_tv_hw_virtual_cap_receive (card, tuner_input (card), &rx);

  memset (tuner, 0, sizeof (*tuner));
  tuner->index = index;
  g_strlcpy ((gchar *) tuner->name, "TV Tuner", sizeof (tuner->name));
  tuner->type = V4L2_TUNER_ANALOG_TV;
  tuner->capability = TUNER_CAPS | V4L2_TUNER_CAP_FREQ_BANDS;
  tuner->rangelow = GST_TV_HW_VIRTUAL_FREQ_LOW;
  tuner->rangehigh = GST_TV_HW_VIRTUAL_FREQ_HIGH;
  tuner->rxsubchans = rx.rxsubchans;
  tuner->audmode = card->tv_audmode;
  tuner->signal = rx.signal;
  tuner->afc = rx.afc;

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_tuner_s_tuner (GstTvHwDevice * dev,
    const struct v4l2_tuner *tuner)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint ret = 0;

  if (IS_OUTPUT (dev))
    return -ENOTTY;

  g_mutex_lock (&card->lock);
  ret = check_tuner_index (dev, tuner->index);
  if (ret == 0 && tuner->audmode > V4L2_TUNER_MODE_LANG1_LANG2)
    ret = -EINVAL;              /* vivid_video_s_tuner() */
  if (ret == 0)
    card->tv_audmode = tuner->audmode;
  g_mutex_unlock (&card->lock);

  return ret;
}

/* --- the modulator (output node) --- */

gint
gst_tv_hw_virtual_tuner_g_modulator (GstTvHwDevice * dev,
    struct v4l2_modulator *mod)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint32 index = mod->index;

  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  if (index != 0)
    return -EINVAL;

  memset (mod, 0, sizeof (*mod));
  mod->index = index;
  g_strlcpy ((gchar *) mod->name, "RF Modulator", sizeof (mod->name));
  mod->capability = MODULATOR_CAPS | V4L2_TUNER_CAP_FREQ_BANDS;
  mod->rangelow = GST_TV_HW_VIRTUAL_FREQ_LOW;
  mod->rangehigh = GST_TV_HW_VIRTUAL_FREQ_HIGH;
  mod->type = V4L2_TUNER_ANALOG_TV;
  g_mutex_lock (&card->lock);
  mod->txsubchans = card->mod_txsubchans;
  g_mutex_unlock (&card->lock);

  return 0;
}

gint
gst_tv_hw_virtual_tuner_s_modulator (GstTvHwDevice * dev,
    const struct v4l2_modulator *mod)
{
  GstTvHwVirtualCard *card = CARD (dev);

  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  if (mod->index != 0)
    return -EINVAL;
  /* as vivid's modulator: unknown subchannels are refused */
  if (mod->txsubchans & ~MODULATOR_SUBCHANS)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  card->mod_txsubchans = mod->txsubchans;
  g_mutex_unlock (&card->lock);

  return 0;
}

/* --- frequencies: the tuner's on the capture node, the modulator's on
 * the output node --- */

gint
gst_tv_hw_virtual_tuner_g_frequency (GstTvHwDevice * dev,
    struct v4l2_frequency *freq)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint32 tuner = freq->tuner;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  ret = check_tuner_index (dev, tuner);
  if (ret < 0)
    goto done;
  memset (freq, 0, sizeof (*freq));
  freq->tuner = tuner;
  freq->type = V4L2_TUNER_ANALOG_TV;
  freq->frequency = IS_OUTPUT (dev) ? card->mod_freq : card->tv_freq;

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_tuner_s_frequency (GstTvHwDevice * dev,
    const struct v4l2_frequency *freq)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint32 f;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  ret = check_tuner_index (dev, freq->tuner);
  if (ret < 0)
    goto done;
  /* v4l_s_frequency(): a video node's tuners are analog TV tuners */
  if (freq->type != V4L2_TUNER_ANALOG_TV) {
    ret = -EINVAL;
    goto done;
  }
  /* vivid clamps to the range */
  f = CLAMP (freq->frequency, GST_TV_HW_VIRTUAL_FREQ_LOW,
      GST_TV_HW_VIRTUAL_FREQ_HIGH);
  /* frames that are due were made at the old frequency (REALTIME) */
  gst_tv_hw_virtual_node_update (card, &card->cap);
  if (IS_OUTPUT (dev))
    card->mod_freq = f;
  else
    card->tv_freq = f;
  GST_DEBUG ("card %u: %s frequency %u (%u.%04u MHz)", card->index,
      IS_OUTPUT (dev) ? "modulator" : "tuner", f, f / 16, f % 16 * 625);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

/* --- test API --- */

/**
 * gst_tv_hw_virtual_get_stations:
 * @n_stations: (out): how many there are
 *
 * Returns: (transfer none) (array length=n_stations): the channel plan of
 * every virtual card's tuner, documented in tvhw-virtual.h
 */
const GstTvHwVirtualStation *
gst_tv_hw_virtual_get_stations (guint * n_stations)
{
  g_return_val_if_fail (n_stations != NULL, NULL);

  *n_stations = G_N_ELEMENTS (stations);
  return stations;
}
