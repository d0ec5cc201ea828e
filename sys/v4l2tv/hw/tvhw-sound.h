/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: a card's sound capture.
 *
 * A TV card's sound is its own capture device beside the video node: an
 * ALSA PCM on a real card (the one udev pairs with the video node,
 * gstv4l2tvudev.c), the card's own sound on the virtual card. Both give
 * 16-bit signed stereo at GST_TV_HW_SOUND_RATE in blocks, each block with
 * the time its first sample was captured, on the clock the card's video
 * frames are stamped with (CLOCK_MONOTONIC: V4L2's
 * V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, ALSA's monotonic htimestamp, the
 * virtual card's timeline). Those stamps are what lets the element slave
 * the sound to the picture (docs/design.md, "Clocks: picture and sound").
 *
 * Locations: "virtual" and "virtual:N" (or a device file the virtual card
 * answers at, gst_tv_hw_virtual_card_set_node()) open the virtual card's
 * sound; anything else is an ALSA PCM name ("hw:CARD=Em28xx,DEV=0"),
 * when the module is built with ALSA.
 *
 * A handle is used by one thread at a time, but for
 * gst_tv_hw_sound_set_flushing(), which any thread may call.
 */
#ifndef __GST_TV_HW_SOUND_H__
#define __GST_TV_HW_SOUND_H__

#include "hw/tvhw.h"

G_BEGIN_DECLS

/* the one format: S16LE, interleaved, 2 channels, 48 kHz nominal */
#define GST_TV_HW_SOUND_RATE 48000
#define GST_TV_HW_SOUND_CHANNELS 2
typedef struct _GstTvHwSound GstTvHwSound;

GstTvHwSound *gst_tv_hw_sound_open (const gchar * location, GError ** error);
void gst_tv_hw_sound_close (GstTvHwSound * sound);
const gchar *gst_tv_hw_sound_get_location (GstTvHwSound * sound);
/* the backend's name: "virtual" or "alsa" */
const gchar *gst_tv_hw_sound_get_backend (GstTvHwSound * sound);
gboolean gst_tv_hw_sound_read (GstTvHwSound * sound, gint16 * data,
    guint frames, GstClockTime * stamp, GError ** error);
void gst_tv_hw_sound_set_flushing (GstTvHwSound * sound, gboolean flushing);
/* whether the module was built with ALSA (real cards' sound) */
gboolean gst_tv_hw_sound_have_alsa (void);

G_END_DECLS
#endif /* __GST_TV_HW_SOUND_H__ */
