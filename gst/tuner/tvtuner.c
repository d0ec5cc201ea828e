/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

/**
 * SECTION:gsttvtuner
 * @title: GstTvTuner
 * @short_description: the interface of analog TV capture and output
 *     elements: inputs, outputs, norms and tuners
 * @see_also: #GstTvTunerChannel, #GstTvTunerNorm
 *
 * #GstTvTuner is implemented by elements for analog TV cards, such as
 * v4l2tvsrc and v4l2tvsink. Through it an application lists the device's
 * channels (its inputs or outputs, see #GstTvTunerChannel) and norms (the
 * TV standards, see #GstTvTunerNorm), selects one of each, tunes a channel
 * that has a tuner (%GST_TV_TUNER_CHANNEL_FREQUENCY) and reads its signal
 * strength.
 *
 * Frequencies are in Hz throughout. Signal strengths go from 0 to
 * %GST_TV_TUNER_SIGNAL_MAX, as in V4L2.
 *
 * The channel and norm lists, and the objects in them, belong to the
 * element and come without a reference. An element keeps every list and
 * object it returned, unchanged, for as long as it exists: after its
 * device closed and opened again, or after a switch to another channel,
 * it may return other lists, but an application that still holds an
 * earlier one (another thread may change the element's state at any
 * time) reads valid memory. Implementations must keep this promise;
 * v4l2tvsrc and v4l2tvsink do.
 *
 * Elements announce every change, whether an application or something
 * else made it, with the #GstTvTuner::channel-changed,
 * #GstTvTuner::norm-changed, #GstTvTuner::frequency-changed and
 * #GstTvTuner::signal-changed signals. These may be emitted from any
 * thread.
 *
 * Like every GStreamer library, this one needs gst_init() to have been
 * called before its types are used.
 *
 * Only the interface's own type names are used here (GstTvTuner and so
 * on), so the library can be used in one process with gst-plugins-good's
 * video4linux2 plugin, which has a private interface named GstTuner.
 *
 * ## Selecting an input and a norm
 * |[<!-- language="C" -->
 * #include <gst/tuner/tuner.h>
 *
 * static gboolean
 * select_input (GstElement * src, const gchar * input, const gchar * norm_name)
 * {
 *   GstTvTuner *tuner = GST_TV_TUNER (src);   // after setting it to READY
 *   GstTvTunerChannel *channel;
 *   GstTvTunerNorm *norm;
 *
 *   channel = gst_tv_tuner_find_channel_by_name (tuner, input);
 *   norm = gst_tv_tuner_find_norm_by_name (tuner, norm_name);
 *   if (channel == NULL || norm == NULL)
 *     return FALSE;
 *   return gst_tv_tuner_set_channel (tuner, channel) &&
 *       gst_tv_tuner_set_norm (tuner, norm);
 * }
 * ]|
 *
 * Since: 1.0
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvtuner.h"

enum
{
  SIGNAL_CHANNEL_CHANGED,
  SIGNAL_NORM_CHANGED,
  SIGNAL_FREQUENCY_CHANGED,
  SIGNAL_SIGNAL_CHANGED,
  LAST_SIGNAL
};

static guint tuner_signals[LAST_SIGNAL] = { 0 };

G_DEFINE_INTERFACE (GstTvTuner, gst_tv_tuner, G_TYPE_OBJECT);

#define HAS_TUNER(channel) \
    ((gst_tv_tuner_channel_get_flags (channel) & \
      GST_TV_TUNER_CHANNEL_FREQUENCY) != 0)

/* returns what @tuner's implementation of @vfunc returns for (@tuner,
 * ...), or @fallback where the element does not implement it */
#define RETURN_IFACE_CALL(tuner, vfunc, fallback, ...) G_STMT_START {   \
  GstTvTunerInterface *iface_ = GST_TV_TUNER_GET_IFACE (tuner);         \
                                                                        \
  if (iface_->vfunc)                                                    \
    return iface_->vfunc ((tuner), ##__VA_ARGS__);                      \
  return (fallback);                                                    \
} G_STMT_END

static void
gst_tv_tuner_default_init (GstTvTunerInterface * iface)
{
  /**
   * GstTvTuner::channel-changed:
   * @tuner: the element
   * @channel: the channel that is now the current one
   *
   * Another channel became the current one.
   *
   * Since: 1.0
   */
  tuner_signals[SIGNAL_CHANNEL_CHANGED] =
      g_signal_new ("channel-changed", G_TYPE_FROM_INTERFACE (iface),
      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
      GST_TYPE_TV_TUNER_CHANNEL);

  /**
   * GstTvTuner::norm-changed:
   * @tuner: the element
   * @norm: the norm that is now the current one
   *
   * Another norm became the current one.
   *
   * Since: 1.0
   */
  tuner_signals[SIGNAL_NORM_CHANGED] =
      g_signal_new ("norm-changed", G_TYPE_FROM_INTERFACE (iface),
      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
      GST_TYPE_TV_TUNER_NORM);

  /**
   * GstTvTuner::frequency-changed:
   * @tuner: the element
   * @channel: the tuner channel whose frequency changed
   * @frequency: the new frequency, in Hz
   *
   * The tuner of @channel was tuned to another frequency.
   *
   * Since: 1.0
   */
  tuner_signals[SIGNAL_FREQUENCY_CHANGED] =
      g_signal_new ("frequency-changed", G_TYPE_FROM_INTERFACE (iface),
      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
      GST_TYPE_TV_TUNER_CHANNEL, G_TYPE_ULONG);

  /**
   * GstTvTuner::signal-changed:
   * @tuner: the element
   * @channel: the tuner channel whose signal strength changed
   * @strength: the new signal strength, from 0 to %GST_TV_TUNER_SIGNAL_MAX
   *
   * The signal strength of @channel changed.
   *
   * Since: 1.0
   */
  tuner_signals[SIGNAL_SIGNAL_CHANGED] =
      g_signal_new ("signal-changed", G_TYPE_FROM_INTERFACE (iface),
      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
      GST_TYPE_TV_TUNER_CHANNEL, G_TYPE_INT);
}

/**
 * gst_tv_tuner_list_channels:
 * @tuner: a #GstTvTuner
 *
 * Lists the channels of the device: its inputs for a capture element, its
 * outputs for an output element.
 *
 * Returns: (transfer none) (element-type GstTvTunerChannel) (nullable):
 * the channels, owned by @tuner and valid, unchanged, for as long as
 * @tuner exists (a later call may return another list), or %NULL if there
 * are none (the device is not open)
 *
 * Since: 1.0
 */
const GList *
gst_tv_tuner_list_channels (GstTvTuner * tuner)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), NULL);

  RETURN_IFACE_CALL (tuner, list_channels, NULL);
}

/**
 * gst_tv_tuner_set_channel:
 * @tuner: a #GstTvTuner
 * @channel: one of the channels of gst_tv_tuner_list_channels()
 *
 * Makes @channel the current input or output. On success the element
 * emits #GstTvTuner::channel-changed.
 *
 * Returns: %TRUE if @channel is now the current channel, %FALSE if it is
 * not one of @tuner's or the device refused it
 *
 * Since: 1.0
 */
gboolean
gst_tv_tuner_set_channel (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), FALSE);
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), FALSE);

  RETURN_IFACE_CALL (tuner, set_channel, FALSE, channel);
}

/**
 * gst_tv_tuner_get_channel:
 * @tuner: a #GstTvTuner
 *
 * The channel (input or output) selected now.
 *
 * Returns: (transfer none) (nullable): the current channel, owned by
 * @tuner and valid for as long as @tuner exists, or %NULL if there is
 * none (the device is not open)
 *
 * Since: 1.0
 */
GstTvTunerChannel *
gst_tv_tuner_get_channel (GstTvTuner * tuner)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), NULL);

  RETURN_IFACE_CALL (tuner, get_channel, NULL);
}

/**
 * gst_tv_tuner_list_norms:
 * @tuner: a #GstTvTuner
 *
 * Lists the norms (TV standards) the device supports on its current
 * channel.
 *
 * Returns: (transfer none) (element-type GstTvTunerNorm) (nullable): the
 * norms, owned by @tuner and valid, unchanged, for as long as @tuner
 * exists (a later call may return another list), or %NULL if there are
 * none (the device is not open, or the channel has no norms, as a digital
 * input)
 *
 * Since: 1.0
 */
const GList *
gst_tv_tuner_list_norms (GstTvTuner * tuner)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), NULL);

  RETURN_IFACE_CALL (tuner, list_norms, NULL);
}

/**
 * gst_tv_tuner_set_norm:
 * @tuner: a #GstTvTuner
 * @norm: one of the norms of gst_tv_tuner_list_norms()
 *
 * Makes @norm the current norm. On success the element emits
 * #GstTvTuner::norm-changed.
 *
 * Returns: %TRUE if @norm is now the current norm, %FALSE if it is not
 * one of @tuner's or the device refused it
 *
 * Since: 1.0
 */
gboolean
gst_tv_tuner_set_norm (GstTvTuner * tuner, GstTvTunerNorm * norm)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), FALSE);
  g_return_val_if_fail (GST_IS_TV_TUNER_NORM (norm), FALSE);

  RETURN_IFACE_CALL (tuner, set_norm, FALSE, norm);
}

/**
 * gst_tv_tuner_get_norm:
 * @tuner: a #GstTvTuner
 *
 * The norm (TV standard) set now.
 *
 * Returns: (transfer none) (nullable): the current norm, owned by @tuner
 * and valid for as long as @tuner exists, or %NULL if there is none (the
 * device is not open, or it has no norms)
 *
 * Since: 1.0
 */
GstTvTunerNorm *
gst_tv_tuner_get_norm (GstTvTuner * tuner)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), NULL);

  RETURN_IFACE_CALL (tuner, get_norm, NULL);
}

/**
 * gst_tv_tuner_set_frequency:
 * @tuner: a #GstTvTuner
 * @channel: a channel of @tuner with %GST_TV_TUNER_CHANNEL_FREQUENCY
 * @frequency: the frequency to tune to, in Hz
 *
 * Tunes the tuner of @channel to @frequency, which must lie between the
 * #GstTvTunerChannel:min-frequency and #GstTvTunerChannel:max-frequency
 * of @channel. The device rounds it to a multiple of its tuning step
 * (#GstTvTunerChannel:freq-multiplicator); gst_tv_tuner_get_frequency()
 * then returns the frequency it tuned to. @channel need not be the current
 * channel if the device can tune a tuner that is not in use. On success
 * the element emits #GstTvTuner::frequency-changed.
 *
 * Returns: %TRUE if the tuner is now tuned to @frequency, %FALSE if
 * @frequency is out of range or the device refused it
 *
 * Since: 1.0
 */
gboolean
gst_tv_tuner_set_frequency (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gulong frequency)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), FALSE);
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), FALSE);
  g_return_val_if_fail (HAS_TUNER (channel), FALSE);

  RETURN_IFACE_CALL (tuner, set_frequency, FALSE, channel, frequency);
}

/**
 * gst_tv_tuner_get_frequency:
 * @tuner: a #GstTvTuner
 * @channel: a channel of @tuner with %GST_TV_TUNER_CHANNEL_FREQUENCY
 *
 * The frequency the tuner of @channel is tuned to.
 *
 * Returns: the frequency the tuner of @channel is tuned to, in Hz, or 0
 * if it cannot be read
 *
 * Since: 1.0
 */
gulong
gst_tv_tuner_get_frequency (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), 0);
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);
  g_return_val_if_fail (HAS_TUNER (channel), 0);

  RETURN_IFACE_CALL (tuner, get_frequency, 0, channel);
}

/**
 * gst_tv_tuner_signal_strength:
 * @tuner: a #GstTvTuner
 * @channel: a channel of @tuner with %GST_TV_TUNER_CHANNEL_FREQUENCY
 *
 * Reads the strength of the signal the tuner of @channel receives at its
 * current frequency, which tells whether a station is there.
 *
 * Returns: the signal strength, from #GstTvTunerChannel:min-signal (no
 * signal) to #GstTvTunerChannel:max-signal, or 0 if it cannot be read
 *
 * Since: 1.0
 */
gint
gst_tv_tuner_signal_strength (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), 0);
  g_return_val_if_fail (GST_IS_TV_TUNER_CHANNEL (channel), 0);
  g_return_val_if_fail (HAS_TUNER (channel), 0);

  RETURN_IFACE_CALL (tuner, signal_strength, 0, channel);
}

typedef const gchar *(*GetLabelFunc) (gpointer object);

/* the object of @list whose label is @name: the same string, else the
 * same but for case (UTF-8 case folding) */
static gpointer
find_by_label (const GList * list, GetLabelFunc get_label, const gchar * name)
{
  g_autofree gchar *folded = g_utf8_casefold (name, -1);
  gpointer caseless = NULL;
  const GList *l;

  for (l = list; l != NULL; l = l->next) {
    const gchar *label = get_label (l->data);
    g_autofree gchar *label_folded = NULL;

    if (label == NULL)
      continue;
    if (strcmp (label, name) == 0)
      return l->data;
    label_folded = g_utf8_casefold (label, -1);
    if (caseless == NULL && strcmp (label_folded, folded) == 0)
      caseless = l->data;
  }

  return caseless;
}

/**
 * gst_tv_tuner_find_channel_by_name:
 * @tuner: a #GstTvTuner
 * @name: the #GstTvTunerChannel:label to look for
 *
 * Looks a channel up by its label, for instance to select an input given
 * on a command line. Case-insensitive, like the elements' input and output
 * properties: "s-video" finds "S-Video"; a label equal to @name wins over
 * one that differs from it in case only.
 *
 * Returns: (transfer none) (nullable): the first channel of @tuner whose
 * label is @name, or %NULL if there is none
 *
 * Since: 1.0
 */
GstTvTunerChannel *
gst_tv_tuner_find_channel_by_name (GstTvTuner * tuner, const gchar * name)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return find_by_label (gst_tv_tuner_list_channels (tuner),
      (GetLabelFunc) gst_tv_tuner_channel_get_label, name);
}

/**
 * gst_tv_tuner_find_norm_by_name:
 * @tuner: a #GstTvTuner
 * @name: the #GstTvTunerNorm:label to look for
 *
 * Looks a norm up by its label, for instance to select a norm given on a
 * command line. Case-insensitive ("pal-bg" finds "PAL-BG"); a label equal
 * to @name wins over one that differs from it in case only.
 *
 * Returns: (transfer none) (nullable): the first norm of @tuner whose
 * label is @name, or %NULL if there is none
 *
 * Since: 1.0
 */
GstTvTunerNorm *
gst_tv_tuner_find_norm_by_name (GstTvTuner * tuner, const gchar * name)
{
  g_return_val_if_fail (GST_IS_TV_TUNER (tuner), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return find_by_label (gst_tv_tuner_list_norms (tuner),
      (GetLabelFunc) gst_tv_tuner_norm_get_label, name);
}

/**
 * gst_tv_tuner_channel_changed:
 * @tuner: a #GstTvTuner
 * @channel: the channel that is now the current one
 *
 * Emits #GstTvTuner::channel-changed. Implementations call it after
 * every change of the current channel.
 *
 * Since: 1.0
 */
void
gst_tv_tuner_channel_changed (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  g_return_if_fail (GST_IS_TV_TUNER (tuner));
  g_return_if_fail (GST_IS_TV_TUNER_CHANNEL (channel));

  g_signal_emit (tuner, tuner_signals[SIGNAL_CHANNEL_CHANGED], 0, channel);
}

/**
 * gst_tv_tuner_norm_changed:
 * @tuner: a #GstTvTuner
 * @norm: the norm that is now the current one
 *
 * Emits #GstTvTuner::norm-changed. Implementations call it after every
 * change of the current norm.
 *
 * Since: 1.0
 */
void
gst_tv_tuner_norm_changed (GstTvTuner * tuner, GstTvTunerNorm * norm)
{
  g_return_if_fail (GST_IS_TV_TUNER (tuner));
  g_return_if_fail (GST_IS_TV_TUNER_NORM (norm));

  g_signal_emit (tuner, tuner_signals[SIGNAL_NORM_CHANGED], 0, norm);
}

/**
 * gst_tv_tuner_frequency_changed:
 * @tuner: a #GstTvTuner
 * @channel: the tuner channel whose frequency changed
 * @frequency: the new frequency, in Hz
 *
 * Emits #GstTvTuner::frequency-changed on @tuner, then
 * #GstTvTunerChannel::frequency-changed on @channel. Implementations call
 * it after every change of a tuner's frequency.
 *
 * Since: 1.0
 */
void
gst_tv_tuner_frequency_changed (GstTvTuner * tuner,
    GstTvTunerChannel * channel, gulong frequency)
{
  g_return_if_fail (GST_IS_TV_TUNER (tuner));
  g_return_if_fail (GST_IS_TV_TUNER_CHANNEL (channel));
  g_return_if_fail (HAS_TUNER (channel));

  g_signal_emit (tuner, tuner_signals[SIGNAL_FREQUENCY_CHANGED], 0,
      channel, frequency);
  g_signal_emit_by_name (channel, "frequency-changed", frequency);
}

/**
 * gst_tv_tuner_signal_changed:
 * @tuner: a #GstTvTuner
 * @channel: the tuner channel whose signal strength changed
 * @strength: the new signal strength, from 0 to %GST_TV_TUNER_SIGNAL_MAX
 *
 * Emits #GstTvTuner::signal-changed on @tuner, then
 * #GstTvTunerChannel::signal-changed on @channel. Implementations call it
 * when they notice that the signal strength changed.
 *
 * Since: 1.0
 */
void
gst_tv_tuner_signal_changed (GstTvTuner * tuner,
    GstTvTunerChannel * channel, gint strength)
{
  g_return_if_fail (GST_IS_TV_TUNER (tuner));
  g_return_if_fail (GST_IS_TV_TUNER_CHANNEL (channel));
  g_return_if_fail (HAS_TUNER (channel));

  g_signal_emit (tuner, tuner_signals[SIGNAL_SIGNAL_CHANGED], 0,
      channel, strength);
  g_signal_emit_by_name (channel, "signal-changed", strength);
}
