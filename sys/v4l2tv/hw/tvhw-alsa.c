/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: a real card's sound, an ALSA capture PCM
 * (tvhw-sound.h), through libasound: S16LE stereo at 48 kHz, 10 ms
 * periods, and the PCM's monotonic timestamps (snd_pcm_htimestamp with
 * SND_PCM_TSTAMP_TYPE_MONOTONIC), the clock V4L2 stamps the card's frames
 * with, so that the element can slave the sound to the picture. Reads
 * wait in poll() on the PCM's descriptors and a wake-up pipe, so that
 * flushing interrupts them. An overrun (EPIPE) restarts the PCM; the
 * next block's stamp shows the gap.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <poll.h>
#include <unistd.h>
#include <glib-unix.h>
#include <alsa/asoundlib.h>

#include "hw/tvhw-backend.h"

GST_DEBUG_CATEGORY_STATIC (tvhw_alsa_debug);
#define GST_CAT_DEFAULT tvhw_alsa_debug

#define PERIOD_FRAMES (GST_TV_HW_SOUND_RATE / 100)
#define PERIODS 16

typedef struct
{
  snd_pcm_t *pcm;
  gint wake[2];                 /* a pipe: flushing writes a byte */
  GMutex lock;                  /* flushing */
  gboolean flushing;
} AlsaSound;

#define ALSA(s) ((AlsaSound *) (s)->priv)

/* snd_* return -errno */
static gint
configure (snd_pcm_t * pcm)
{
  snd_pcm_hw_params_t *hw;
  snd_pcm_sw_params_t *sw;
  unsigned int rate = GST_TV_HW_SOUND_RATE;
  snd_pcm_uframes_t period = PERIOD_FRAMES, buffer = PERIOD_FRAMES * PERIODS;
  gint ret;

  snd_pcm_hw_params_alloca (&hw);
  snd_pcm_sw_params_alloca (&sw);
  if ((ret = snd_pcm_hw_params_any (pcm, hw)) < 0 ||
      (ret = snd_pcm_hw_params_set_access (pcm, hw,
              SND_PCM_ACCESS_RW_INTERLEAVED)) < 0 ||
      (ret = snd_pcm_hw_params_set_format (pcm, hw,
              SND_PCM_FORMAT_S16_LE)) < 0 ||
      (ret = snd_pcm_hw_params_set_channels (pcm, hw,
              GST_TV_HW_SOUND_CHANNELS)) < 0 ||
      (ret = snd_pcm_hw_params_set_rate (pcm, hw, rate, 0)) < 0 ||
      (ret = snd_pcm_hw_params_set_period_size_near (pcm, hw, &period,
              NULL)) < 0 ||
      (ret = snd_pcm_hw_params_set_buffer_size_near (pcm, hw, &buffer)) < 0 ||
      (ret = snd_pcm_hw_params (pcm, hw)) < 0)
    return ret;
  if ((ret = snd_pcm_sw_params_current (pcm, sw)) < 0 ||
      (ret = snd_pcm_sw_params_set_tstamp_mode (pcm, sw,
              SND_PCM_TSTAMP_ENABLE)) < 0 ||
      (ret = snd_pcm_sw_params_set_tstamp_type (pcm, sw,
              SND_PCM_TSTAMP_TYPE_MONOTONIC)) < 0 ||
      (ret = snd_pcm_sw_params (pcm, sw)) < 0)
    return ret;
  GST_INFO ("period %lu, buffer %lu frames", (gulong) period, (gulong) buffer);
  return snd_pcm_prepare (pcm);
}

static gint
alsa_sound_open (GstTvHwSound * sound, const gchar * location)
{
  AlsaSound *as;
  snd_pcm_t *pcm = NULL;
  gint ret;

  GST_DEBUG_CATEGORY_INIT (tvhw_alsa_debug, "tvhw-alsa", 0,
      "v4l2tv hardware layer: ALSA sound capture");
  ret = snd_pcm_open (&pcm, location, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK);
  if (ret < 0) {
    GST_DEBUG ("snd_pcm_open '%s': %s", location, snd_strerror (ret));
    return ret;
  }
  ret = configure (pcm);
  if (ret < 0) {
    GST_DEBUG ("'%s' refused 48 kHz S16LE stereo: %s", location,
        snd_strerror (ret));
    snd_pcm_close (pcm);
    return ret;
  }
  as = g_new0 (AlsaSound, 1);
  as->pcm = pcm;
  g_mutex_init (&as->lock);
  if (!g_unix_open_pipe (as->wake, FD_CLOEXEC, NULL)) {
    snd_pcm_close (pcm);
    g_mutex_clear (&as->lock);
    g_free (as);
    return -EMFILE;
  }
  g_unix_set_fd_nonblocking (as->wake[0], TRUE, NULL);
  g_unix_set_fd_nonblocking (as->wake[1], TRUE, NULL);
  sound->priv = as;
  return 0;
}

static void
alsa_sound_close (GstTvHwSound * sound)
{
  AlsaSound *as = ALSA (sound);

  snd_pcm_drop (as->pcm);
  snd_pcm_close (as->pcm);
  close (as->wake[0]);
  close (as->wake[1]);
  g_mutex_clear (&as->lock);
  g_free (as);
}

static gboolean
is_flushing (AlsaSound * as)
{
  gboolean f;

  g_mutex_lock (&as->lock);
  f = as->flushing;
  g_mutex_unlock (&as->lock);
  return f;
}

/* waits until the PCM has something or the pipe wakes us */
static gint
wait_pcm (AlsaSound * as)
{
  struct pollfd fds[8];
  gint n, ret;
  unsigned short revents = 0;

  fds[0].fd = as->wake[0];
  fds[0].events = POLLIN;
  n = snd_pcm_poll_descriptors (as->pcm, fds + 1, G_N_ELEMENTS (fds) - 1);
  if (n < 0)
    return n;
  ret = poll (fds, n + 1, 100);
  if (ret < 0)
    return errno == EINTR ? 0 : -errno;
  if (fds[0].revents) {
    gchar c;

    while (read (as->wake[0], &c, 1) == 1);
  }
  if (n > 0)
    snd_pcm_poll_descriptors_revents (as->pcm, fds + 1, n, &revents);
  if (revents & POLLERR)
    return -EIO;
  return 0;
}

static gint
alsa_sound_read (GstTvHwSound * sound, gint16 * data, guint frames,
    gint64 * stamp_ns)
{
  AlsaSound *as = ALSA (sound);
  guint got = 0;

  while (got < frames) {
    snd_pcm_sframes_t avail, n;
    snd_pcm_uframes_t av = 0;
    snd_htimestamp_t ts;
    gint ret;

    if (is_flushing (as))
      return -ECANCELED;
    if (snd_pcm_state (as->pcm) == SND_PCM_STATE_PREPARED &&
        (ret = snd_pcm_start (as->pcm)) < 0)
      return ret;
    avail = snd_pcm_avail_update (as->pcm);
    if (avail == -EPIPE) {
      GST_WARNING ("overrun, restarting the capture");
      if ((ret = snd_pcm_prepare (as->pcm)) < 0)
        return ret;
      continue;
    }
    if (avail < 0)
      return (gint) avail;
    if (avail == 0) {
      if ((ret = wait_pcm (as)) < 0)
        return ret;
      continue;
    }
    if (got == 0) {
      /* the time of the newest sample captured, and how many wait: the
       * oldest of them, the block's first, is that many periods older */
      if (snd_pcm_htimestamp (as->pcm, &av, &ts) == 0 &&
          (ts.tv_sec != 0 || ts.tv_nsec != 0))
        *stamp_ns = (gint64) ts.tv_sec * GST_SECOND + ts.tv_nsec -
            (gint64) gst_util_uint64_scale (av, GST_SECOND,
            GST_TV_HW_SOUND_RATE);
      else
        *stamp_ns = g_get_monotonic_time () * 1000 -
            (gint64) gst_util_uint64_scale (avail, GST_SECOND,
            GST_TV_HW_SOUND_RATE);
    }
    n = snd_pcm_readi (as->pcm, data + 2 * got, MIN ((guint) avail,
            frames - got));
    if (n == -EAGAIN)
      continue;
    if (n == -EPIPE) {
      GST_WARNING ("overrun, restarting the capture");
      got = 0;
      if ((ret = snd_pcm_prepare (as->pcm)) < 0)
        return ret;
      continue;
    }
    if (n < 0)
      return (gint) n;
    got += n;
  }
  return 0;
}

static void
alsa_sound_interrupt (GstTvHwSound * sound, gboolean flushing)
{
  AlsaSound *as = ALSA (sound);
  gchar c = 1;

  g_mutex_lock (&as->lock);
  as->flushing = flushing;
  g_mutex_unlock (&as->lock);
  if (flushing && write (as->wake[1], &c, 1) < 0)
    GST_DEBUG ("wake-up pipe full");
}

const GstTvHwSoundOps gst_tv_hw_alsa_sound_ops = {
  .name = "alsa",
  .open = alsa_sound_open,
  .close = alsa_sound_close,
  .read = alsa_sound_read,
  .interrupt = alsa_sound_interrupt,
};
