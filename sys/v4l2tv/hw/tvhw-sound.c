/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: a card's sound capture (tvhw-sound.h), the
 * dispatch to the virtual card's sound (tvhw-virtual-sound.c) or ALSA
 * (tvhw-alsa.c).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>

#include "hw/tvhw-backend.h"
#include "hw/tvhw-sound.h"
#include "hw/tvhw-virtual.h"

/* "virtual", "virtual:N", or a device file the virtual card answers at */
static gboolean
is_virtual (const gchar * location)
{
  return g_strcmp0 (location, "virtual") == 0 ||
      g_str_has_prefix (location, "virtual:") ||
      gst_tv_hw_virtual_is_node (location);
}

/**
 * gst_tv_hw_sound_have_alsa:
 *
 * Returns: whether real cards' sound (ALSA) was built in
 */
gboolean
gst_tv_hw_sound_have_alsa (void)
{
#ifdef HAVE_ALSA
  return TRUE;
#else
  return FALSE;
#endif
}

/**
 * gst_tv_hw_sound_open:
 * @location: "virtual:N", or an ALSA PCM name
 * @error: (out) (optional): where to store the reason of a failure
 *
 * Opens the sound capture at @location and gets it ready to deliver
 * S16LE stereo at GST_TV_HW_SOUND_RATE (the first read starts it).
 *
 * Returns: (transfer full) (nullable): the handle, or %NULL with @error
 */
GstTvHwSound *
gst_tv_hw_sound_open (const gchar * location, GError ** error)
{
  const GstTvHwSoundOps *ops;
  GstTvHwSound *sound;
  gint ret;

  g_return_val_if_fail (location != NULL, NULL);

  if (is_virtual (location)) {
    ops = &gst_tv_hw_virtual_sound_ops;
  } else {
#ifdef HAVE_ALSA
    ops = &gst_tv_hw_alsa_sound_ops;
#else
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED,
        "cannot open sound device '%s': the module was built without ALSA "
        "(libasound2-dev)", location);
    return NULL;
#endif
  }

  sound = g_new0 (GstTvHwSound, 1);
  sound->ops = ops;
  sound->location = g_strdup (location);
  ret = ops->open (sound, location);
  if (ret < 0) {
    gst_tv_hw_set_error_from_errno_at (location, FALSE, error, ret,
        "opening the sound capture");
    g_free (sound->location);
    g_free (sound);
    return NULL;
  }
  return sound;
}

/**
 * gst_tv_hw_sound_close:
 * @sound: (transfer full): a handle
 */
void
gst_tv_hw_sound_close (GstTvHwSound * sound)
{
  if (sound == NULL)
    return;
  sound->ops->close (sound);
  g_free (sound->location);
  g_free (sound);
}

/**
 * gst_tv_hw_sound_get_location:
 * @sound: a handle
 *
 * Returns: the location it was opened at
 */
const gchar *
gst_tv_hw_sound_get_location (GstTvHwSound * sound)
{
  return sound->location;
}

/**
 * gst_tv_hw_sound_get_backend:
 * @sound: a handle
 *
 * Returns: "virtual" or "alsa"
 */
const gchar *
gst_tv_hw_sound_get_backend (GstTvHwSound * sound)
{
  return sound->ops->name;
}

/**
 * gst_tv_hw_sound_read:
 * @sound: a handle
 * @data: room for @frames frames (2 x @frames samples)
 * @frames: how many frames to read
 * @stamp: (out): the capture time of the first frame, CLOCK_MONOTONIC
 * @error: (out) (optional): where to store the reason of a failure
 *
 * Waits for @frames frames and reads them. Interrupted by
 * gst_tv_hw_sound_set_flushing() with GST_TV_HW_ERROR_FLUSHING.
 *
 * Returns: %TRUE when @data holds @frames frames
 */
gboolean
gst_tv_hw_sound_read (GstTvHwSound * sound, gint16 * data, guint frames,
    GstClockTime * stamp, GError ** error)
{
  gint64 ns = 0;
  gint ret;

  ret = sound->ops->read (sound, data, frames, &ns);
  if (ret < 0) {
    gst_tv_hw_set_error_from_errno_at (sound->location, TRUE, error, ret,
        "reading the sound");
    return FALSE;
  }
  *stamp = ns > 0 ? (GstClockTime) ns : 0;
  return TRUE;
}

/**
 * gst_tv_hw_sound_set_flushing:
 * @sound: a handle
 * @flushing: whether reads fail at once (and a blocked read returns)
 *
 * Any thread.
 */
void
gst_tv_hw_sound_set_flushing (GstTvHwSound * sound, gboolean flushing)
{
  sound->ops->interrupt (sound, flushing);
}
