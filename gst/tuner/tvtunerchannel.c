/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: channels
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

/**
 * SECTION:gsttvtunerchannel
 * @title: GstTvTunerChannel
 * @short_description: an input or output of a #GstTvTuner
 * @see_also: #GstTvTuner
 *
 * A #GstTvTunerChannel is one input or output of a device: a tuner, a
 * composite or S-Video connector. gst_tv_tuner_list_channels() returns them
 * and gst_tv_tuner_set_channel() selects one.
 *
 * Its #GstTvTunerChannelFlags say what it is. A channel with
 * %GST_TV_TUNER_CHANNEL_FREQUENCY has a tuner: its frequency range is
 * #GstTvTunerChannel:min-frequency to #GstTvTunerChannel:max-frequency,
 * in Hz, and its signal strength goes from #GstTvTunerChannel:min-signal
 * to #GstTvTunerChannel:max-signal (at most %GST_TV_TUNER_SIGNAL_MAX).
 *
 * Implementations of #GstTvTuner create the channels, with
 * gst_tv_tuner_channel_new() or g_object_new() and the construct
 * properties. A channel does not change once it is created, so its getters
 * can be called from any thread.
 *
 * Since: 1.0
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tvtunerchannel.h"
#include "tvtunerfields.h"

struct _GstTvTunerChannel
{
  GObject parent;

  /* the properties, of their types (tvtunerfields.h) */
  GValue label;
  GValue flags;
  GValue index;
  GValue freq_multiplicator;
  GValue min_frequency;
  GValue max_frequency;
  GValue min_signal;
  GValue max_signal;
};

#define FIELD(name) G_STRUCT_OFFSET (GstTvTunerChannel, name)

#define DEFAULT_LABEL NULL
#define DEFAULT_FLAGS 0
#define DEFAULT_INDEX 0
#define DEFAULT_FREQ_MULTIPLICATOR 1.0
#define DEFAULT_MIN_FREQUENCY 0
#define DEFAULT_MAX_FREQUENCY 0
#define DEFAULT_MIN_SIGNAL 0
#define DEFAULT_MAX_SIGNAL GST_TV_TUNER_SIGNAL_MAX

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_FLAGS,
  PROP_INDEX,
  PROP_FREQ_MULTIPLICATOR,
  PROP_MIN_FREQUENCY,
  PROP_MAX_FREQUENCY,
  PROP_MIN_SIGNAL,
  PROP_MAX_SIGNAL
};

enum
{
  SIGNAL_FREQUENCY_CHANGED,
  SIGNAL_SIGNAL_CHANGED,
  LAST_SIGNAL
};

static guint channel_signals[LAST_SIGNAL] = { 0 };

G_DEFINE_TYPE (GstTvTunerChannel, gst_tv_tuner_channel, G_TYPE_OBJECT);

static void
gst_tv_tuner_channel_class_init (GstTvTunerChannelClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = TV_TUNER_FIELD_PARAM_FLAGS;

  tv_tuner_fields_class_init (gobject_class);

  /**
   * GstTvTunerChannel:label:
   *
   * The name of the channel as the device gives it, such as "Television"
   * or "Composite1". Applications show it to users and look channels up
   * by it with gst_tv_tuner_find_channel_by_name().
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_LABEL, FIELD (label),
      g_param_spec_string ("label", "Label", "The name of the channel",
          DEFAULT_LABEL, flags));

  /**
   * GstTvTunerChannel:flags:
   *
   * What the channel is: an input or an output, with a tuner or not,
   * carrying audio or not.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_FLAGS, FIELD (flags),
      g_param_spec_flags ("flags", "Flags", "What the channel is",
          GST_TYPE_TV_TUNER_CHANNEL_FLAGS, DEFAULT_FLAGS, flags));

  /**
   * GstTvTunerChannel:index:
   *
   * The device's own number for the channel: for V4L2, the index of the
   * input or output (struct v4l2_input or v4l2_output). Implementations use
   * it to find the device input behind a channel object.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_INDEX, FIELD (index),
      g_param_spec_uint ("index", "Index",
          "The device's index of the input or output", 0, G_MAXUINT,
          DEFAULT_INDEX, flags));

  /**
   * GstTvTunerChannel:freq-multiplicator:
   *
   * The size in Hz of the device's frequency unit, that is of its smallest
   * tuning step: 62500 for a V4L2 tuner that counts in units of 62.5 kHz,
   * 62.5 for one with V4L2_TUNER_CAP_LOW. Frequencies in this API are
   * always in Hz; the device rounds them to a multiple of this step.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_FREQ_MULTIPLICATOR,
      FIELD (freq_multiplicator),
      g_param_spec_double ("freq-multiplicator", "Frequency multiplicator",
          "The size in Hz of one tuning step", 0.0, G_MAXDOUBLE,
          DEFAULT_FREQ_MULTIPLICATOR, flags));

  /**
   * GstTvTunerChannel:min-frequency:
   *
   * The lowest frequency, in Hz, the tuner of a channel with
   * %GST_TV_TUNER_CHANNEL_FREQUENCY can be tuned to.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_MIN_FREQUENCY,
      FIELD (min_frequency),
      g_param_spec_ulong ("min-frequency", "Minimum frequency",
          "The lowest frequency of the tuner, in Hz", 0, G_MAXULONG,
          DEFAULT_MIN_FREQUENCY, flags));

  /**
   * GstTvTunerChannel:max-frequency:
   *
   * The highest frequency, in Hz, the tuner of a channel with
   * %GST_TV_TUNER_CHANNEL_FREQUENCY can be tuned to.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_MAX_FREQUENCY,
      FIELD (max_frequency),
      g_param_spec_ulong ("max-frequency", "Maximum frequency",
          "The highest frequency of the tuner, in Hz", 0, G_MAXULONG,
          DEFAULT_MAX_FREQUENCY, flags));

  /**
   * GstTvTunerChannel:min-signal:
   *
   * The weakest signal strength gst_tv_tuner_signal_strength() reports for
   * this channel (no signal at all).
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_MIN_SIGNAL, FIELD (min_signal),
      g_param_spec_int ("min-signal", "Minimum signal",
          "The weakest signal strength", 0, GST_TV_TUNER_SIGNAL_MAX,
          DEFAULT_MIN_SIGNAL, flags));

  /**
   * GstTvTunerChannel:max-signal:
   *
   * The strongest signal strength gst_tv_tuner_signal_strength() reports
   * for this channel. V4L2 tuners use the whole range, up to
   * %GST_TV_TUNER_SIGNAL_MAX.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_MAX_SIGNAL, FIELD (max_signal),
      g_param_spec_int ("max-signal", "Maximum signal",
          "The strongest signal strength", 0, GST_TV_TUNER_SIGNAL_MAX,
          DEFAULT_MAX_SIGNAL, flags));

  /**
   * GstTvTunerChannel::frequency-changed:
   * @channel: the tuner channel
   * @frequency: the new frequency, in Hz
   *
   * The tuner of this channel was tuned to another frequency. It is
   * emitted together with #GstTvTuner::frequency-changed, possibly from a
   * streaming thread.
   *
   * Since: 1.0
   */
  channel_signals[SIGNAL_FREQUENCY_CHANGED] =
      g_signal_new ("frequency-changed", G_TYPE_FROM_CLASS (klass),
      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ULONG);

  /**
   * GstTvTunerChannel::signal-changed:
   * @channel: the tuner channel
   * @strength: the new signal strength, from #GstTvTunerChannel:min-signal
   *     to #GstTvTunerChannel:max-signal
   *
   * The signal strength of this channel changed. It is emitted together
   * with #GstTvTuner::signal-changed, possibly from a streaming thread.
   *
   * Since: 1.0
   */
  channel_signals[SIGNAL_SIGNAL_CHANGED] =
      g_signal_new ("signal-changed", G_TYPE_FROM_CLASS (klass),
      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

/* the construct-only properties set every field, to its default if
 * g_object_new() was not given it */
static void
gst_tv_tuner_channel_init (GstTvTunerChannel * self)
{
}

/**
 * gst_tv_tuner_channel_new:
 * @label: the name of the channel
 * @flags: what the channel is
 * @index: the device's index of the input or output
 *
 * Creates a channel with the default frequency and signal ranges. An
 * implementation that needs to set those creates the channel with
 * g_object_new() and the construct properties instead.
 *
 * Returns: (transfer full): a new #GstTvTunerChannel
 *
 * Since: 1.0
 */
GstTvTunerChannel *
gst_tv_tuner_channel_new (const gchar * label, GstTvTunerChannelFlags flags,
    guint index)
{
  g_return_val_if_fail (label != NULL, NULL);

  return g_object_new (GST_TYPE_TV_TUNER_CHANNEL, "label", label,
      "flags", flags, "index", index, NULL);
}

/**
 * gst_tv_tuner_channel_get_label:
 * @channel: a #GstTvTunerChannel
 *
 * The channel's name, as the card gives it ("Composite1", "S-Video").
 *
 * Returns: (transfer none) (nullable): the #GstTvTunerChannel:label of
 * @channel, valid as long as @channel is
 *
 * Since: 1.0
 */
const gchar *
gst_tv_tuner_channel_get_label (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), NULL);

  return g_value_get_string (&channel->label);
}

/**
 * gst_tv_tuner_channel_get_flags:
 * @channel: a #GstTvTunerChannel
 *
 * What the channel is: an input or an output, with a tuner or a
 * modulator (%GST_TV_TUNER_CHANNEL_FREQUENCY), with sound.
 *
 * Returns: the #GstTvTunerChannel:flags of @channel
 *
 * Since: 1.0
 */
GstTvTunerChannelFlags
gst_tv_tuner_channel_get_flags (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);

  return g_value_get_flags (&channel->flags);
}

/**
 * gst_tv_tuner_channel_get_index:
 * @channel: a #GstTvTunerChannel
 *
 * The channel's index on the device (the V4L2 input or output number).
 *
 * Returns: the device's index of the input or output behind @channel
 * (#GstTvTunerChannel:index)
 *
 * Since: 1.0
 */
guint
gst_tv_tuner_channel_get_index (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);

  return g_value_get_uint (&channel->index);
}

/**
 * gst_tv_tuner_channel_get_freq_multiplicator:
 * @channel: a #GstTvTunerChannel
 *
 * The step of the channel's tuner, in Hz.
 *
 * Returns: the size in Hz of the tuning step of @channel
 * (#GstTvTunerChannel:freq-multiplicator)
 *
 * Since: 1.0
 */
gdouble
gst_tv_tuner_channel_get_freq_multiplicator (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0.0);

  return g_value_get_double (&channel->freq_multiplicator);
}

/**
 * gst_tv_tuner_channel_get_min_frequency:
 * @channel: a #GstTvTunerChannel
 *
 * The lowest frequency the channel's tuner reaches, in Hz.
 *
 * Returns: the lowest frequency of the tuner of @channel, in Hz
 * (#GstTvTunerChannel:min-frequency)
 *
 * Since: 1.0
 */
gulong
gst_tv_tuner_channel_get_min_frequency (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);

  return g_value_get_ulong (&channel->min_frequency);
}

/**
 * gst_tv_tuner_channel_get_max_frequency:
 * @channel: a #GstTvTunerChannel
 *
 * The highest frequency the channel's tuner reaches, in Hz.
 *
 * Returns: the highest frequency of the tuner of @channel, in Hz
 * (#GstTvTunerChannel:max-frequency)
 *
 * Since: 1.0
 */
gulong
gst_tv_tuner_channel_get_max_frequency (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);

  return g_value_get_ulong (&channel->max_frequency);
}

/**
 * gst_tv_tuner_channel_get_min_signal:
 * @channel: a #GstTvTunerChannel
 *
 * The lowest signal strength the channel reports.
 *
 * Returns: the weakest signal strength of @channel
 * (#GstTvTunerChannel:min-signal)
 *
 * Since: 1.0
 */
gint
gst_tv_tuner_channel_get_min_signal (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);

  return g_value_get_int (&channel->min_signal);
}

/**
 * gst_tv_tuner_channel_get_max_signal:
 * @channel: a #GstTvTunerChannel
 *
 * The highest signal strength the channel reports.
 *
 * Returns: the strongest signal strength of @channel
 * (#GstTvTunerChannel:max-signal)
 *
 * Since: 1.0
 */
gint
gst_tv_tuner_channel_get_max_signal (GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);

  return g_value_get_int (&channel->max_signal);
}
