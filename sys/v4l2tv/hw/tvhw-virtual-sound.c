/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's sound (tvhw-virtual.h,
 * "Sound"). Its samples are taken on the card's own crystal, whose rate
 * differs from the picture's by a settable error, and stamped on the
 * picture's timeline, as a real card's ALSA device stamps its periods on
 * the clock its video frames are stamped with. The sync marker (a beep
 * with a white frame) lets a test measure how far sound and picture
 * drift apart in what a pipeline writes.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <math.h>

#include "hw/tvhw-virtual-priv.h"

/* a handle: one capture stream */
typedef struct
{
  GstTvHwVirtualCard *card;
  guint generation;
  gboolean flushing;
  gdouble start_us;             /* the time of sample 0 */
  gdouble rate;                 /* samples per second of the picture's */
  guint64 next;                 /* the index of the next sample */
} VirtualSound;

#define SOUND(s) ((VirtualSound *) (s)->priv)

/* how long a read waits at most before it looks again */
#define POLL_US (20 * G_TIME_SPAN_MILLISECOND)

/* card->lock held */
void
gst_tv_hw_virtual_sound_set_defaults (GstTvHwVirtualCard * card)
{
  const gchar *ppm = g_getenv ("V4L2TV_VIRTUAL_SOUND_PPM");
  const gchar *marker = g_getenv ("V4L2TV_VIRTUAL_SYNC_MARKER");

  card->sound_ppm = 0;
  if (ppm && *ppm) {
    gchar *end = NULL;
    gdouble v = g_ascii_strtod (ppm, &end);

    if (end && *end == '\0' && fabs (v) < 100000)
      card->sound_ppm = v;
    else
      GST_WARNING ("V4L2TV_VIRTUAL_SOUND_PPM='%s' is not a number of parts "
          "per million within +-100000, using 0", ppm);
  }
  card->sync_marker = marker && g_strcmp0 (marker, "1") == 0;
}

guint
gst_tv_hw_virtual_sync_marker_frames (v4l2_std_id std)
{
  return gst_tv_hw_virtual_std_lines (std) == 525 ? 30 : 25;
}

gdouble
gst_tv_hw_virtual_sound_frequency (guint input, gboolean tuner, guint station)
{
  if (tuner)
    return 440.0 + 110.0 * station;
  return 200.0 + 100.0 * input;
}

/* card->lock held: the frame periods between two markers of the
 * streaming capture node */
static guint
marker_frames (GstTvHwVirtualCard * card)
{
  return gst_tv_hw_virtual_sync_marker_frames (card->cap.std);
}

gboolean
gst_tv_hw_virtual_sound_flash_period (GstTvHwVirtualCard * card, guint32 period)
{
  return card->sync_marker && period % marker_frames (card) == 0;
}

gboolean
gst_tv_hw_virtual_card_set_sound_error (GstTvHwVirtualCard * card, gdouble ppm)
{
  g_return_val_if_fail (card != NULL, FALSE);

  if (!(fabs (ppm) < 100000))
    return FALSE;
  g_mutex_lock (&card->lock);
  card->sound_ppm = ppm;
  g_mutex_unlock (&card->lock);
  return TRUE;
}

void
gst_tv_hw_virtual_card_set_sync_marker (GstTvHwVirtualCard * card,
    gboolean enabled)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  card->sync_marker = enabled;
  g_mutex_unlock (&card->lock);
}

/* card->lock held: how far the card's time has got, for the sound */
static gint64
card_now (GstTvHwVirtualCard * card)
{
  if (card->pacing != GST_TV_HW_VIRTUAL_PACING_REALTIME && card->cap.streaming)
    return gst_tv_hw_virtual_node_frame_time (&card->cap, card->cap.next_seq);
  return g_get_monotonic_time ();
}

static gboolean
dead (VirtualSound * vs)
{
  return vs->card->unplugged || vs->generation != vs->card->generation;
}

static gint
virtual_sound_open (GstTvHwSound * sound, const gchar * location)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_lookup (location);
  VirtualSound *vs;

  if (card == NULL)
    return -ENOENT;
  g_mutex_lock (&card->lock);
  if (card->unplugged) {
    g_mutex_unlock (&card->lock);
    return -ENOENT;
  }
  if (card->sound_busy) {
    g_mutex_unlock (&card->lock);
    return -EBUSY;
  }
  card->sound_busy = TRUE;
  card->open_count++;
  vs = g_new0 (VirtualSound, 1);
  vs->card = card;
  vs->generation = card->generation;
  /* the capture starts now, on the crystal in force */
  vs->start_us = card_now (card);
  vs->rate = GST_TV_HW_SOUND_RATE * (1 + card->sound_ppm / 1e6);
  GST_INFO ("card %u sound opened, starts at %.0f us, %.3f Hz", card->index,
      vs->start_us, vs->rate);
  g_mutex_unlock (&card->lock);

  sound->priv = vs;
  return 0;
}

static void
virtual_sound_close (GstTvHwSound * sound)
{
  VirtualSound *vs = SOUND (sound);
  GstTvHwVirtualCard *card = vs->card;

  g_mutex_lock (&card->lock);
  card->sound_busy = FALSE;
  card->open_count--;
  GST_INFO ("card %u sound closed", card->index);
  g_mutex_unlock (&card->lock);
  g_free (vs);
}

/* card->lock held: the time of sample @k */
static gdouble
sample_time (VirtualSound * vs, guint64 k)
{
  return vs->start_us + (gdouble) k *G_USEC_PER_SEC / vs->rate;
}

/* card->lock held: the frequency of the current input's programme now,
 * 0 for silence */
static gdouble
programme (GstTvHwVirtualCard * card)
{
  GstTvHwVirtualReception rx;
  gboolean tuner;

  if (card->n_inputs == 0)
    return 0;
  gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
  if (rx.quality == GST_TV_HW_VIRTUAL_QUALITY_SNOW || rx.looped)
    return 0;
  tuner = card->inputs[card->input].type == V4L2_INPUT_TYPE_TUNER;
  return gst_tv_hw_virtual_sound_frequency (card->input, tuner, rx.station);
}

/* card->lock held: the time the last marker flash began at or before @t
 * (us), or -1. A frame's stamp is when the card finished it; the white
 * frame began a frame period before, and a source stamps a frame with
 * when it began (as the sound's samples are stamped with when they were
 * taken): the beep starts then, with the flash's first line. */
static gdouble
last_flash (GstTvHwVirtualCard * card, gdouble t)
{
  GstTvHwVirtualNode *cap = &card->cap;
  guint n_frames = marker_frames (card);
  gdouble every, frame, f;
  gint64 n;

  if (t < cap->start_us)
    return -1;
  frame = (gdouble) cap->period_num * G_USEC_PER_SEC / cap->period_den;
  every = n_frames * frame;
  n = (gint64) ((t - cap->start_us + frame) / every);
  for (; n >= 0; n--) {
    guint64 period = (guint64) n * n_frames;

    if (period > G_MAXUINT32)
      return -1;
    f = gst_tv_hw_virtual_node_frame_time (cap, (guint32) period) - frame;
    if (f <= t)
      return f;
  }
  return -1;
}

/* card->lock held: samples @vs->next .. + @frames of the programme */
static void
generate (VirtualSound * vs, gint16 * data, guint frames)
{
  GstTvHwVirtualCard *card = vs->card;
  gdouble freq = programme (card);
  gboolean marker = card->sync_marker && freq > 0 && card->cap.streaming;
  guint i;

  for (i = 0; i < frames; i++) {
    gdouble t = sample_time (vs, vs->next + i), v = 0, flash;

    if (marker && (flash = last_flash (card, t)) >= 0 &&
        t - flash < GST_TV_HW_VIRTUAL_BEEP_US)
      v = GST_TV_HW_VIRTUAL_BEEP_LEVEL * sin (2 * G_PI *
          GST_TV_HW_VIRTUAL_BEEP_HZ * (t - flash) / G_USEC_PER_SEC);
    else if (freq > 0)
      v = GST_TV_HW_VIRTUAL_TONE_LEVEL * sin (2 * G_PI * freq *
          (t - vs->start_us) / G_USEC_PER_SEC);
    data[2 * i] = data[2 * i + 1] = (gint16) lrint (v * 32767);
  }
}

static gint
virtual_sound_read (GstTvHwSound * sound, gint16 * data, guint frames,
    gint64 * stamp_ns)
{
  VirtualSound *vs = SOUND (sound);
  GstTvHwVirtualCard *card = vs->card;
  gdouble end;

  g_mutex_lock (&card->lock);
  /* the block is there once its last sample was taken */
  end = sample_time (vs, vs->next + frames - 1);
  for (;;) {
    gint64 now, deadline;

    if (dead (vs)) {
      g_mutex_unlock (&card->lock);
      return -ENODEV;
    }
    if (vs->flushing) {
      g_mutex_unlock (&card->lock);
      return -ECANCELED;
    }
    gst_tv_hw_virtual_node_update (card, &card->cap);
    now = card_now (card);
    if (end <= now)
      break;
    deadline = g_get_monotonic_time () + POLL_US;
    /* on CLOCK_MONOTONIC the block's own time is when to look again */
    if (card->pacing == GST_TV_HW_VIRTUAL_PACING_REALTIME ||
        !card->cap.streaming)
      deadline = MIN (deadline, (gint64) ceil (end) + 1);
    g_cond_wait_until (&card->cond, &card->lock, deadline);
  }
  generate (vs, data, frames);
  *stamp_ns = (gint64) llround (sample_time (vs, vs->next) * 1000);
  vs->next += frames;
  g_mutex_unlock (&card->lock);
  return 0;
}

static void
virtual_sound_interrupt (GstTvHwSound * sound, gboolean flushing)
{
  VirtualSound *vs = SOUND (sound);

  g_mutex_lock (&vs->card->lock);
  vs->flushing = flushing;
  g_cond_broadcast (&vs->card->cond);
  g_mutex_unlock (&vs->card->lock);
}

const GstTvHwSoundOps gst_tv_hw_virtual_sound_ops = {
  .name = "virtual",
  .open = virtual_sound_open,
  .close = virtual_sound_close,
  .read = virtual_sound_read,
  .interrupt = virtual_sound_interrupt,
};
