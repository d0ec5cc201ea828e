/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvtuner-example: drives a v4l2tvsrc through the GstTvTuner interface
 * alone (no element properties): lists the card's channels and norms,
 * switches inputs and norms while playing, tunes the Television input to
 * a station and off it and reads the signal strength. Prints what it does
 * and exits non-zero when the card did not do what was asked.
 *
 *   tvtuner-example [DEVICE [STATION-HZ]]
 *
 * DEVICE defaults to virtual:0 (the built-in virtual card, whose tuner
 * receives channel E7 at 189.25 MHz); on a real card give /dev/videoN and
 * the frequency of a local station.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#include <stdlib.h>
#include <gst/gst.h>
#include <gst/tuner/tuner.h>

#define TIMEOUT_US (5 * G_TIME_SPAN_SECOND)

static gint failures;

static void
check (gboolean ok, const gchar * what)
{
  g_print ("%s - %s\n", ok ? "ok" : "FAIL", what);
  if (!ok)
    failures++;
}

static void
on_channel_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gpointer user_data)
{
  g_print ("  [signal] channel-changed: %s\n",
      gst_tv_tuner_channel_get_label (channel));
}

static void
on_norm_changed (GstTvTuner * tuner, GstTvTunerNorm * norm, gpointer user_data)
{
  g_print ("  [signal] norm-changed: %s\n", gst_tv_tuner_norm_get_label (norm));
}

static void
on_frequency_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gulong frequency, gpointer user_data)
{
  g_print ("  [signal] frequency-changed: %s %.3f MHz\n",
      gst_tv_tuner_channel_get_label (channel), frequency / 1e6);
}

static void
on_signal_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gint strength, gpointer user_data)
{
  g_print ("  [signal] signal-changed: %s %d\n",
      gst_tv_tuner_channel_get_label (channel), strength);
}

/* an error on the bus ends the example */
static void
check_bus (GstBus * bus)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ERROR | GST_MESSAGE_WARNING))) {
    GError *err = NULL;
    gchar *debug = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
      gst_message_parse_error (msg, &err, &debug);
    else
      gst_message_parse_warning (msg, &err, &debug);
    g_printerr ("%s: %s (%s)\n", GST_MESSAGE_TYPE_NAME (msg), err->message,
        debug);
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
      exit (1);
    failures++;
    g_clear_error (&err);
    g_free (debug);
    gst_message_unref (msg);
  }
}

/* waits until the card is on @channel (a switch happens in the streaming
 * thread at the next frame) */
static gboolean
wait_channel (GstTvTuner * tuner, GstBus * bus, GstTvTunerChannel * channel)
{
  gint64 end = g_get_monotonic_time () + TIMEOUT_US;

  while (gst_tv_tuner_get_channel (tuner) != channel) {
    check_bus (bus);
    if (g_get_monotonic_time () > end)
      return FALSE;
    g_usleep (10000);
  }
  return TRUE;
}

static gboolean
wait_norm (GstTvTuner * tuner, GstBus * bus, GstTvTunerNorm * norm)
{
  gint64 end = g_get_monotonic_time () + TIMEOUT_US;

  while (gst_tv_tuner_get_norm (tuner) != norm) {
    check_bus (bus);
    if (g_get_monotonic_time () > end)
      return FALSE;
    g_usleep (10000);
  }
  return TRUE;
}

static void
list (GstTvTuner * tuner)
{
  const GList *l;

  g_print ("channels:\n");
  for (l = gst_tv_tuner_list_channels (tuner); l; l = l->next) {
    GstTvTunerChannel *c = l->data;
    GstTvTunerChannelFlags flags = gst_tv_tuner_channel_get_flags (c);

    g_print ("  %u: %s%s%s%s", gst_tv_tuner_channel_get_index (c),
        gst_tv_tuner_channel_get_label (c),
        flags & GST_TV_TUNER_CHANNEL_INPUT ? " [input]" : " [output]",
        flags & GST_TV_TUNER_CHANNEL_AUDIO ? " [audio]" : "",
        flags & GST_TV_TUNER_CHANNEL_FREQUENCY ? " [tuner]" : "");
    if (flags & GST_TV_TUNER_CHANNEL_FREQUENCY)
      g_print (" %.3f-%.3f MHz, now %.3f MHz, signal %d",
          gst_tv_tuner_channel_get_min_frequency (c) / 1e6,
          gst_tv_tuner_channel_get_max_frequency (c) / 1e6,
          gst_tv_tuner_get_frequency (tuner, c) / 1e6,
          gst_tv_tuner_signal_strength (tuner, c));
    g_print ("%s\n", c == gst_tv_tuner_get_channel (tuner) ? " (current)" : "");
  }
  g_print ("norms of the current channel:\n");
  for (l = gst_tv_tuner_list_norms (tuner); l; l = l->next) {
    GstTvTunerNorm *n = l->data;
    gint fps_n, fps_d;

    gst_tv_tuner_norm_get_framerate (n, &fps_n, &fps_d);
    g_print ("  %s, %d/%d fps%s\n", gst_tv_tuner_norm_get_label (n), fps_n,
        fps_d, n == gst_tv_tuner_get_norm (tuner) ? " (current)" : "");
  }
}

/* selects @name and, if given, the norm @norm_name of its list */
static void
switch_to (GstTvTuner * tuner, GstBus * bus, const gchar * name,
    const gchar * norm_name)
{
  GstTvTunerChannel *channel = gst_tv_tuner_find_channel_by_name (tuner, name);
  GstTvTunerNorm *norm;
  gchar *what;

  if (channel == NULL) {
    g_print ("(no channel %s on this card, skipped)\n", name);
    return;
  }
  g_print ("switching to %s\n", name);
  what = g_strdup_printf ("now on channel %s", name);
  check (gst_tv_tuner_set_channel (tuner, channel) &&
      wait_channel (tuner, bus, channel), what);
  g_free (what);
  if (norm_name == NULL)
    return;

  norm = gst_tv_tuner_find_norm_by_name (tuner, norm_name);
  if (norm == NULL) {
    g_print ("(%s has no norm %s, skipped)\n", name, norm_name);
    return;
  }
  g_print ("switching to norm %s\n", norm_name);
  what = g_strdup_printf ("now on norm %s", norm_name);
  check (gst_tv_tuner_set_norm (tuner, norm) && wait_norm (tuner, bus, norm),
      what);
  g_free (what);
}

static void
tune (GstTvTuner * tuner, gulong station)
{
  GstTvTunerChannel *tv = NULL;
  const GList *l;
  gint on, off;

  for (l = gst_tv_tuner_list_channels (tuner); l && !tv; l = l->next)
    if (gst_tv_tuner_channel_get_flags (l->data) &
        GST_TV_TUNER_CHANNEL_FREQUENCY)
      tv = l->data;
  if (tv == NULL) {
    g_print ("(no tuner on this card, skipped)\n");
    return;
  }

  g_print ("tuning %s to %.3f MHz\n", gst_tv_tuner_channel_get_label (tv),
      station / 1e6);
  check (gst_tv_tuner_set_frequency (tuner, tv, station), "tuned");
  check (labs ((glong) gst_tv_tuner_get_frequency (tuner, tv) -
          (glong) station) < 62500, "the tuner is on the station");
  on = gst_tv_tuner_signal_strength (tuner, tv);
  g_print ("signal strength there: %d\n", on);
  check (on > 0, "a station is received");

  g_print ("tuning 3 MHz above it\n");
  check (gst_tv_tuner_set_frequency (tuner, tv, station + 3000000), "tuned");
  off = gst_tv_tuner_signal_strength (tuner, tv);
  g_print ("signal strength there: %d\n", off);
  check (off < on, "the signal is weaker off the station");

  check (gst_tv_tuner_set_frequency (tuner, tv, station), "tuned back");
}

int
main (int argc, char **argv)
{
  const gchar *device = argc > 1 ? argv[1] : "virtual:0";
  gulong station = argc > 2 ? strtoul (argv[2], NULL, 10) : 189250000;
  GstElement *pipeline, *src;
  GstTvTuner *tuner;
  GstBus *bus;
  gchar *desc;

  gst_init (&argc, &argv);

  desc = g_strdup_printf ("v4l2tvsrc name=src device=\"%s\" ! "
      "fakesink sync=false", device);
  pipeline = gst_parse_launch (desc, NULL);
  g_free (desc);
  if (pipeline == NULL) {
    g_printerr ("no v4l2tvsrc (set GST_PLUGIN_PATH_1_0)\n");
    return 1;
  }
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  tuner = GST_TV_TUNER (src);
  bus = gst_element_get_bus (pipeline);
  g_signal_connect (tuner, "channel-changed", G_CALLBACK (on_channel_changed),
      NULL);
  g_signal_connect (tuner, "norm-changed", G_CALLBACK (on_norm_changed), NULL);
  g_signal_connect (tuner, "frequency-changed",
      G_CALLBACK (on_frequency_changed), NULL);
  g_signal_connect (tuner, "signal-changed", G_CALLBACK (on_signal_changed),
      NULL);

  /* the lists exist while the device is open, from READY on */
  if (gst_element_set_state (pipeline, GST_STATE_READY) ==
      GST_STATE_CHANGE_FAILURE) {
    check_bus (bus);
    return 1;
  }
  check (gst_tv_tuner_list_channels (tuner) != NULL, "the card has channels");
  g_print ("in READY, before capturing:\n");
  list (tuner);

  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    check_bus (bus);
    return 1;
  }
  gst_element_get_state (pipeline, NULL, NULL, 5 * GST_SECOND);
  check_bus (bus);
  g_print ("playing:\n");

  switch_to (tuner, bus, "Composite1", "NTSC");
  switch_to (tuner, bus, "S-Video", "PAL");
  list (tuner);
  switch_to (tuner, bus, "Television", NULL);
  tune (tuner, station);
  list (tuner);

  check_bus (bus);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (pipeline);

  g_print ("%s\n", failures ? "FAILED" : "all done");
  return failures ? 1 : 0;
}
