/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: channels
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TV_TUNER_CHANNEL_H__
#define __GST_TV_TUNER_CHANNEL_H__

#include <gst/tuner/tuner-prelude.h>
#include <gst/tuner/tuner-enumtypes.h>

G_BEGIN_DECLS

/**
 * GstTvTunerChannelFlags:
 * @GST_TV_TUNER_CHANNEL_INPUT: the channel is an input (something the
 *     device captures from)
 * @GST_TV_TUNER_CHANNEL_OUTPUT: the channel is an output (something the
 *     device plays to)
 * @GST_TV_TUNER_CHANNEL_FREQUENCY: the channel has a tuner: its frequency
 *     can be set and read and it reports a signal strength
 * @GST_TV_TUNER_CHANNEL_AUDIO: the channel carries audio
 *
 * What a #GstTvTunerChannel is. A channel is either an input or an output;
 * the other flags add to that.
 *
 * Since: 1.0
 */
typedef enum
{
  GST_TV_TUNER_CHANNEL_INPUT = (1 << 0),
  GST_TV_TUNER_CHANNEL_OUTPUT = (1 << 1),
  GST_TV_TUNER_CHANNEL_FREQUENCY = (1 << 2),
  GST_TV_TUNER_CHANNEL_AUDIO = (1 << 3)
} GstTvTunerChannelFlags;

/**
 * GST_TV_TUNER_SIGNAL_MAX:
 *
 * The strongest signal a tuner reports: signal strengths go from 0 (no
 * signal) to this value, as in V4L2's struct v4l2_tuner.
 *
 * Since: 1.0
 */
#define GST_TV_TUNER_SIGNAL_MAX 65535

/**
 * GST_TYPE_TV_TUNER_CHANNEL:
 *
 * The #GType of #GstTvTunerChannel.
 *
 * Since: 1.0
 */
#define GST_TYPE_TV_TUNER_CHANNEL (gst_tv_tuner_channel_get_type ())

GST_TV_TUNER_API
G_DECLARE_FINAL_TYPE (GstTvTunerChannel, gst_tv_tuner_channel, GST,
    TV_TUNER_CHANNEL, GObject)

GST_TV_TUNER_API
GstTvTunerChannel * gst_tv_tuner_channel_new (const gchar * label,
    GstTvTunerChannelFlags flags, guint index);

GST_TV_TUNER_API
const gchar * gst_tv_tuner_channel_get_label (GstTvTunerChannel * channel);

GST_TV_TUNER_API
GstTvTunerChannelFlags
gst_tv_tuner_channel_get_flags (GstTvTunerChannel * channel);

GST_TV_TUNER_API
guint gst_tv_tuner_channel_get_index (GstTvTunerChannel * channel);

GST_TV_TUNER_API
gdouble
gst_tv_tuner_channel_get_freq_multiplicator (GstTvTunerChannel * channel);

GST_TV_TUNER_API
gulong gst_tv_tuner_channel_get_min_frequency (GstTvTunerChannel * channel);

GST_TV_TUNER_API
gulong gst_tv_tuner_channel_get_max_frequency (GstTvTunerChannel * channel);

GST_TV_TUNER_API
gint gst_tv_tuner_channel_get_min_signal (GstTvTunerChannel * channel);

GST_TV_TUNER_API
gint gst_tv_tuner_channel_get_max_signal (GstTvTunerChannel * channel);

G_END_DECLS

#endif /* __GST_TV_TUNER_CHANNEL_H__ */
