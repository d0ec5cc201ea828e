/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the element benchmarks share: playing a pipeline to its end, the
 * process's CPU time, medians.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <time.h>

#include "bench-common.h"

gboolean
bench_play_to_eos (GstElement * pipeline, const gchar * launch,
    const guint * count)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  gboolean ok;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 600 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  ok = msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS;
  if (!ok) {
    g_printerr ("%s: %s after %u frames\n", launch, msg ? "error" : "timeout",
        *count);
    if (msg != NULL) {
      g_autoptr (GError) err = NULL;
      g_autofree gchar *debug = NULL;

      gst_message_parse_error (msg, &err, &debug);
      g_printerr ("  %s (%s)\n", err->message, debug);
    }
  }
  gst_clear_message (&msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);

  return ok;
}

gint64
bench_process_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

gdouble
bench_median (gdouble * values, guint n)
{
  qsort (values, n, sizeof (gdouble), compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

gboolean
bench_run_launch (const gchar * launch, const gchar * element,
    const gchar * pad, GstPadProbeCallback probe, gpointer user_data,
    const guint * count)
{
  g_autoptr (GError) err = NULL;
  GstElement *pipeline, *e;
  GstPad *p;

  pipeline = gst_parse_launch (launch, &err);
  if (pipeline == NULL) {
    g_printerr ("%s: %s\n", launch, err->message);
    return FALSE;
  }
  e = gst_bin_get_by_name (GST_BIN (pipeline), element);
  p = gst_element_get_static_pad (e, pad);
  gst_pad_add_probe (p, GST_PAD_PROBE_TYPE_BUFFER, probe, user_data, NULL);
  gst_object_unref (p);
  gst_object_unref (e);

  return bench_play_to_eos (pipeline, launch, count);
}
