/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the element suites (see v4l2tv-check.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "v4l2tv-check.h"

/* virtual card @index at power-on defaults, with @pacing: fails if a
 * previous test left a handle open on it */
GstTvHwVirtualCard *
v4l2tv_check_setup_card (guint index, GstTvHwVirtualPacing pacing)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (index);

  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (card),
      "a handle is still open on the card");
  gst_tv_hw_virtual_card_set_pacing (card, pacing);

  return card;
}

/* fails unless every handle on virtual card @index is closed */
void
v4l2tv_check_card_closed (guint index)
{
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count
      (gst_tv_hw_virtual_card_get (index)), 0);
}

/* MANUAL pacing: emits frame periods until the source in @h pushes a
 * frame; fails after a minute without one */
GstBuffer *
v4l2tv_check_pull_frame (GstHarness * h, GstTvHwVirtualCard * card)
{
  gint64 end = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;
  GstBuffer *buf;

  while ((buf = gst_harness_try_pull (h)) == NULL) {
    gint i;

    fail_unless (g_get_monotonic_time () < end, "no frame came out");
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    for (i = 0; i < 20 && (buf = gst_harness_try_pull (h)) == NULL; i++)
      g_usleep (1000);
    if (buf)
      break;
  }
  return buf;
}

/* fails on any error left on @bus but GStreamer's generic "Internal data
 * stream error" (GST_STREAM_ERROR_FAILED), which a source posts after a
 * failure while streaming: an element's own error has to be the only
 * specific one. @launch names the pipeline in the failure. */
void
v4l2tv_check_stream_errors_only (GstBus * bus, const gchar * launch)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR))) {
    GError *err = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    fail_unless (g_error_matches (err, GST_STREAM_ERROR,
            GST_STREAM_ERROR_FAILED), "%s: a second error: %s (%s)", launch,
        err->message, debug);
    g_clear_error (&err);
    g_free (debug);
    gst_message_unref (msg);
  }
}
