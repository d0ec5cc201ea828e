/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TV_TUNER_H__
#define __GST_TV_TUNER_H__

#include <gst/tuner/tuner-prelude.h>
#include <gst/tuner/tvtunerchannel.h>
#include <gst/tuner/tvtunernorm.h>

G_BEGIN_DECLS

/**
 * GST_TYPE_TV_TUNER:
 *
 * The #GType of the #GstTvTuner interface.
 *
 * Since: 1.0
 */
#define GST_TYPE_TV_TUNER (gst_tv_tuner_get_type ())

GST_TV_TUNER_API
G_DECLARE_INTERFACE (GstTvTuner, gst_tv_tuner, GST, TV_TUNER, GObject)

/**
 * GstTvTunerInterface:
 * @iface: the parent interface
 * @list_channels: returns the channels, owned by the implementation
 * @set_channel: makes a channel the current one
 * @get_channel: returns the current channel, owned by the implementation
 * @list_norms: returns the norms, owned by the implementation
 * @set_norm: makes a norm the current one
 * @get_norm: returns the current norm, owned by the implementation
 * @set_frequency: tunes a channel with %GST_TV_TUNER_CHANNEL_FREQUENCY to a
 *     frequency in Hz
 * @get_frequency: returns the frequency in Hz a tuner channel is tuned to
 * @signal_strength: returns the signal strength of a tuner channel, from 0
 *     to %GST_TV_TUNER_SIGNAL_MAX
 *
 * The virtual functions an element implements. The public wrappers
 * (gst_tv_tuner_list_channels() and so on) check their arguments before
 * calling them, so an implementation gets a valid channel or norm object
 * (though not necessarily one of its own), and a tuner channel in
 * @set_frequency, @get_frequency and @signal_strength. A virtual function
 * left %NULL makes its wrapper return %NULL, %FALSE or 0.
 *
 * The lists and objects @list_channels, @get_channel, @list_norms and
 * @get_norm return come without a reference, and an application may still
 * read them while another thread changes the element's state: the
 * implementation keeps every one it returned, unchanged, until it is
 * finalized. A later call may return other ones (after the device closed
 * and opened again, or after a switch); returning the same ones again
 * when they would say the same keeps what is kept bounded.
 *
 * After a change, however it came about, an implementation calls
 * gst_tv_tuner_channel_changed(), gst_tv_tuner_norm_changed(),
 * gst_tv_tuner_frequency_changed() or gst_tv_tuner_signal_changed() so
 * that applications hear of it.
 *
 * Since: 1.0
 */
struct _GstTvTunerInterface
{
  GTypeInterface iface;

  /* virtual functions */
  const GList *       (*list_channels)   (GstTvTuner * tuner);
  gboolean            (*set_channel)     (GstTvTuner * tuner,
                                          GstTvTunerChannel * channel);
  GstTvTunerChannel * (*get_channel)     (GstTvTuner * tuner);

  const GList *       (*list_norms)      (GstTvTuner * tuner);
  gboolean            (*set_norm)        (GstTvTuner * tuner,
                                          GstTvTunerNorm * norm);
  GstTvTunerNorm *    (*get_norm)        (GstTvTuner * tuner);

  gboolean            (*set_frequency)   (GstTvTuner * tuner,
                                          GstTvTunerChannel * channel,
                                          gulong frequency);
  gulong              (*get_frequency)   (GstTvTuner * tuner,
                                          GstTvTunerChannel * channel);
  gint                (*signal_strength) (GstTvTuner * tuner,
                                          GstTvTunerChannel * channel);

  /*< private >*/
  gpointer _gst_reserved[GST_PADDING];
};

/* virtual function wrappers */
GST_TV_TUNER_API
const GList * gst_tv_tuner_list_channels (GstTvTuner * tuner);

GST_TV_TUNER_API
gboolean gst_tv_tuner_set_channel (GstTvTuner * tuner,
    GstTvTunerChannel * channel);

GST_TV_TUNER_API
GstTvTunerChannel * gst_tv_tuner_get_channel (GstTvTuner * tuner);

GST_TV_TUNER_API
const GList * gst_tv_tuner_list_norms (GstTvTuner * tuner);

GST_TV_TUNER_API
gboolean gst_tv_tuner_set_norm (GstTvTuner * tuner, GstTvTunerNorm * norm);

GST_TV_TUNER_API
GstTvTunerNorm * gst_tv_tuner_get_norm (GstTvTuner * tuner);

GST_TV_TUNER_API
gboolean gst_tv_tuner_set_frequency (GstTvTuner * tuner,
    GstTvTunerChannel * channel, gulong frequency);

GST_TV_TUNER_API
gulong gst_tv_tuner_get_frequency (GstTvTuner * tuner,
    GstTvTunerChannel * channel);

GST_TV_TUNER_API
gint gst_tv_tuner_signal_strength (GstTvTuner * tuner,
    GstTvTunerChannel * channel);

/* lookup helpers */
GST_TV_TUNER_API
GstTvTunerChannel * gst_tv_tuner_find_channel_by_name (GstTvTuner * tuner,
    const gchar * name);

GST_TV_TUNER_API
GstTvTunerNorm * gst_tv_tuner_find_norm_by_name (GstTvTuner * tuner,
    const gchar * name);

/* for implementations: signal emission */
GST_TV_TUNER_API
void gst_tv_tuner_channel_changed (GstTvTuner * tuner,
    GstTvTunerChannel * channel);

GST_TV_TUNER_API
void gst_tv_tuner_norm_changed (GstTvTuner * tuner, GstTvTunerNorm * norm);

GST_TV_TUNER_API
void gst_tv_tuner_frequency_changed (GstTvTuner * tuner,
    GstTvTunerChannel * channel, gulong frequency);

GST_TV_TUNER_API
void gst_tv_tuner_signal_changed (GstTvTuner * tuner,
    GstTvTunerChannel * channel, gint strength);

G_END_DECLS

#endif /* __GST_TV_TUNER_H__ */
