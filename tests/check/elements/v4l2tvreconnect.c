/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsrc's on-disconnect (issue 13 item 5): a card unplugged while
 * capturing ends the stream with one error by default; with
 * on-disconnect=reconnect the fillers keep going, the messages say what
 * happened, and the same card (not another one at its location) is
 * reopened wherever it comes back, with its settings.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "v4l2tv-check.h"
#include "gstv4l2tvelements.h"
#include "hw/tvhw.h"

#define CARD 5
#define DEVICE "virtual:5"
#define OTHER 6
#define OTHER_DEVICE "virtual:6"
/* (not brightness: the card, as vivid, moves its range at S_INPUT, and
 * the source programs the controls before the input) */
#define CONTRAST 200

typedef struct
{
  GstElement *pipeline;
  GstElement *src;
  GstBus *bus;

  GMutex lock;
  GCond cond;
  /* lock */
  guint frames;                 /* from the card */
  guint fillers;                /* GAP */
  guint frames_after;           /* from the card since the last reconnect */
  guint wrong_input;            /* frames not from Composite1 */
  gboolean pts_backwards;
  GstClockTime last_pts;
  guint errors;
  GError *error;
  guint disconnected, reconnected;
  GstStructure *last_disconnected, *last_reconnected;
} Run;

static GstPadProbeReturn
on_buffer (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstTvHwVirtualFrameInfo fi;
  GstMapInfo map;
  gboolean decoded = FALSE;

  if (!GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP) &&
      gst_buffer_map (buf, &map, GST_MAP_READ)) {
    decoded = map.size >= 1440 * 480 &&
        gst_tv_hw_virtual_decode (map.data, 2, 720, 480, 1440, &fi);
    gst_buffer_unmap (buf, &map);
  }

  g_mutex_lock (&run->lock);
  if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP)) {
    run->fillers++;
  } else {
    run->frames++;
    run->frames_after++;
    if (!decoded || fi.input != 1)
      run->wrong_input++;
  }
  if (GST_CLOCK_TIME_IS_VALID (run->last_pts) &&
      GST_BUFFER_PTS (buf) <= run->last_pts)
    run->pts_backwards = TRUE;
  run->last_pts = GST_BUFFER_PTS (buf);
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->lock);

  return GST_PAD_PROBE_OK;
}

static GstBusSyncReply
on_message (GstBus * bus, GstMessage * msg, gpointer user_data)
{
  Run *run = user_data;
  const GstStructure *s = gst_message_get_structure (msg);

  g_mutex_lock (&run->lock);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    /* GstBaseSrc's own follow-up ("streaming stopped, reason error") is
     * not counted: the element's own error is */
    if (g_error_matches (err, GST_STREAM_ERROR, GST_STREAM_ERROR_FAILED) &&
        debug && strstr (debug, "streaming stopped, reason") != NULL) {
      g_clear_error (&err);
    } else {
      run->errors++;
      if (run->error == NULL)
        run->error = err;
      else
        g_clear_error (&err);
    }
    g_free (debug);
  } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
      gst_structure_has_name (s, "v4l2tv-disconnected")) {
    run->disconnected++;
    gst_clear_structure (&run->last_disconnected);
    run->last_disconnected = gst_structure_copy (s);
  } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
      gst_structure_has_name (s, "v4l2tv-reconnected")) {
    run->reconnected++;
    run->frames_after = 0;
    gst_clear_structure (&run->last_reconnected);
    run->last_reconnected = gst_structure_copy (s);
  }
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->lock);

  gst_message_unref (msg);
  return GST_BUS_DROP;
}

static void
run_clear (gpointer data)
{
  Run *run = data;

  g_clear_error (&run->error);
  gst_clear_structure (&run->last_disconnected);
  gst_clear_structure (&run->last_reconnected);
  g_mutex_clear (&run->lock);
  g_cond_clear (&run->cond);
}

/* a pipeline taken to @state; what its threads see, on the heap until
 * the test and the pipeline are done (v4l2tv_check_track_data()) */
static Run *
run_start_in (const gchar * props, GstState state)
{
  g_autofree gchar *launch = g_strdup_printf ("v4l2tvsrc name=src device="
      DEVICE " input=Composite1 norm=NTSC contrast=%d %s ! "
      "video/x-raw,format=YUY2 ! fakesink name=sink sync=false",
      CONTRAST, props);
  g_autoptr (GError) err = NULL;
  GstElement *pipeline, *sink;
  GstPad *pad;
  Run *run;

  pipeline = gst_parse_launch (launch, &err);
  fail_unless (pipeline != NULL, "%s: %s", launch, err ? err->message : "");
  v4l2tv_check_track (pipeline);
  run = v4l2tv_check_track_data (pipeline, sizeof (Run), run_clear);
  g_mutex_init (&run->lock);
  g_cond_init (&run->cond);
  run->last_pts = GST_CLOCK_TIME_NONE;
  run->pipeline = pipeline;
  run->src = gst_bin_get_by_name (GST_BIN (run->pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (run->pipeline), "sink");
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, on_buffer, run, NULL);
  gst_object_unref (pad);
  gst_object_unref (sink);
  run->bus = gst_element_get_bus (run->pipeline);
  gst_bus_set_sync_handler (run->bus, on_message, run, NULL);

  fail_unless (gst_element_set_state (run->pipeline, state) !=
      GST_STATE_CHANGE_FAILURE);
  return run;
}

/* a playing pipeline (run_start_in()) */
static Run *
run_start (const gchar * props)
{
  return run_start_in (props, GST_STATE_PLAYING);
}

/* the pipeline to NULL and released; what it saw stays readable until
 * the test ends */
static void
run_stop (Run * run)
{
  fail_unless (gst_element_set_state (run->pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  gst_bus_set_sync_handler (run->bus, NULL, NULL, NULL);
  gst_object_unref (run->bus);
  gst_object_unref (run->src);
  gst_object_unref (run->pipeline);
}

/* waits until *@counter (under the run's lock) reaches @n; FALSE after
 * V4L2TV_CHECK_WAIT (a guard against a hang) */
static gboolean
run_wait (Run * run, guint * counter, guint n)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  gboolean ok = TRUE;

  g_mutex_lock (&run->lock);
  while (*counter < n && ok)
    ok = g_cond_wait_until (&run->cond, &run->lock, end) || *counter >= n;
  g_mutex_unlock (&run->lock);
  return ok;
}

static guint
run_get (Run * run, guint * counter)
{
  guint v;

  g_mutex_lock (&run->lock);
  v = *counter;
  g_mutex_unlock (&run->lock);
  return v;
}

/* waits until the source closed the unplugged card */
static void
wait_card_closed (guint index)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (index);
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

  while (gst_tv_hw_virtual_card_get_open_count (card) > 0) {
    fail_unless (g_get_monotonic_time () < end, "the card stays open");
    g_usleep (1000);
  }
}

/* the card at @location is programmed as the source's properties say */
static void
check_card_settings (const gchar * location)
{
  g_autoptr (GError) err = NULL;
  GstTvHwDevice *dev = gst_tv_hw_device_open (location, GST_TV_HW_NODE_VIDEO_CAPTURE,
      &err);
  guint32 input = 0;
  v4l2_std_id std = 0;
  gint32 contrast = 0;

  fail_unless (dev != NULL, "%s", err ? err->message : "");
  fail_unless (gst_tv_hw_device_get_input (dev, &input, NULL));
  fail_unless (gst_tv_hw_device_get_std (dev, &std, NULL));
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_CONTRAST,
          &contrast, NULL));
  gst_tv_hw_device_close (dev);
  fail_unless_equals_int (input, 1);
  fail_unless ((std & V4L2_STD_NTSC) != 0 && (std & ~V4L2_STD_NTSC) == 0,
      "std 0x%" G_GINT64_MODIFIER "x", (guint64) std);
  fail_unless_equals_int (contrast, CONTRAST);
}

/* the card goes; the source posts the message, pushes fillers and closes
 * it */
static void
unplug_and_wait (Run * run, GstTvHwVirtualCard * card)
{
  guint fillers;

  fail_unless (run_wait (run, &run->frames, 3), "no frames");
  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (run_wait (run, &run->disconnected, 1), "no message");
  fillers = run_get (run, &run->fillers);
  fail_unless (run_wait (run, &run->fillers, fillers + 5), "no fillers");
  wait_card_closed (CARD);
}

static void
check_disconnected_message (const GstStructure * s)
{
  fail_unless (s != NULL);
  fail_unless_equals_string (gst_structure_get_string (s, "device"), DEVICE);
  fail_unless_equals_string (gst_structure_get_string (s, "bus-info"),
      "platform:virtual-5");
  fail_unless_equals_string (gst_structure_get_string (s, "card"),
      "Virtual TV card 5");
}

/* frames flow, the card is unplugged: one error, NOT_FOUND, "Device
 * 'virtual:5' was disconnected." */
static void
unplug_expect_error (Run * run, GstTvHwVirtualCard * card)
{
  fail_unless (run_wait (run, &run->frames, 2), "no frames");
  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (run_wait (run, &run->errors, 1), "no error");
  fail_unless (g_error_matches (run->error, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND), "%s", run->error->message);
  fail_unless (strstr (run->error->message, "was disconnected") != NULL,
      "%s", run->error->message);
  fail_unless (strstr (run->error->message, DEVICE) != NULL, "%s",
      run->error->message);
}

/* the default: one clear error, no reconnect message */
GST_START_TEST (test_error_mode)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run *run;

  run = run_start ("");
  unplug_expect_error (run, card);
  run_stop (run);
  fail_unless_equals_int (run->errors, 1);
  fail_unless_equals_int (run->disconnected, 0);
  v4l2tv_check_card_closed (CARD);
  gst_tv_hw_virtual_card_replug (card);
}

GST_END_TEST;

/* unplugged mid-stream: fillers, the message; back at the same location or
 * at another one (__i__ 1): the same card, reopened and programmed */
GST_START_TEST (test_reconnect)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  const gchar *back_at = __i__ ? OTHER_DEVICE : DEVICE;
  GstStructure *s, *d;
  gboolean pts_backwards;
  guint wrong_input, disconnected;
  Run *run;

  /* location 6 must be free: card 6 not plugged in there */
  if (__i__)
    gst_tv_hw_virtual_card_unplug (gst_tv_hw_virtual_card_get (OTHER));

  run = run_start ("on-disconnect=reconnect");
  fail_unless (run_wait (run, &run->frames, 2), "no frames");
  check_card_settings (DEVICE);
  unplug_and_wait (run, card);
  if (__i__) {
    /* back as another location, with its settings */
    fail_unless (gst_tv_hw_virtual_card_replug_as (card, OTHER));
  } else {
    /* back at its power-on defaults (reset plugs it in again): the source
     * programs it as before */
    fail_unless (gst_tv_hw_virtual_card_reset (card));
  }

  fail_unless (run_wait (run, &run->reconnected, 1), "not reconnected");
  fail_unless (run_wait (run, &run->frames_after, 5), "no frames after");
  fail_unless_equals_int (run_get (run, &run->errors), 0);
  /* read under the lock, checked without it: a failure must not leave
   * the lock taken, or the probe would wait for it for ever */
  g_mutex_lock (&run->lock);
  s = gst_structure_copy (run->last_reconnected);
  d = run->last_disconnected ? gst_structure_copy (run->last_disconnected) :
      NULL;
  pts_backwards = run->pts_backwards;
  wrong_input = run->wrong_input;
  disconnected = run->disconnected;
  g_mutex_unlock (&run->lock);
  fail_unless_equals_string (gst_structure_get_string (s, "device"), back_at);
  fail_unless_equals_string (gst_structure_get_string (s, "previous-device"),
      DEVICE);
  fail_unless_equals_string (gst_structure_get_string (s, "bus-info"),
      "platform:virtual-5");
  check_disconnected_message (d);
  fail_if (pts_backwards, "timestamps went backwards");
  fail_unless_equals_int (wrong_input, 0);
  fail_unless_equals_int (disconnected, 1);
  gst_structure_free (s);
  gst_structure_free (d);
  check_card_settings (back_at);

  /* and a second time, at its defaults, at home */
  unplug_and_wait (run, card);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  fail_unless (run_wait (run, &run->reconnected, 2), "not reconnected");
  fail_unless (run_wait (run, &run->frames_after, 3), "no frames after");
  check_card_settings (DEVICE);

  run_stop (run);
  fail_unless_equals_int (run->errors, 0);
  fail_if (run->pts_backwards, "timestamps went backwards");
  v4l2tv_check_card_closed (CARD);
  gst_tv_hw_virtual_card_replug (gst_tv_hw_virtual_card_get (OTHER));
}

GST_END_TEST;

/* another card at the location is not taken; the card, once back, is */
GST_START_TEST (test_other_card)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  GstTvHwVirtualCard *other =
      v4l2tv_check_setup_card (OTHER, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  guint fillers;
  Run *run;

  run = run_start ("on-disconnect=reconnect");
  unplug_and_wait (run, card);
  /* card 6 comes in at location 5 */
  fail_unless (gst_tv_hw_virtual_card_replug_as (other, CARD));
  /* the card's own location is taken */
  fail_if (gst_tv_hw_virtual_card_replug_as (card, CARD));
  fillers = run_get (run, &run->fillers);
  fail_unless (run_wait (run, &run->fillers, fillers + 15), "no fillers");
  fail_unless_equals_int (run_get (run, &run->reconnected), 0);
  fail_unless_equals_int (run_get (run, &run->errors), 0);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (other), 0);

  /* card 6 goes home, card 5 comes back */
  fail_unless (gst_tv_hw_virtual_card_replug_as (other, OTHER));
  fail_unless (gst_tv_hw_virtual_card_replug_as (card, CARD));
  fail_unless (run_wait (run, &run->reconnected, 1), "not reconnected");
  fail_unless (run_wait (run, &run->frames_after, 3), "no frames after");
  run_stop (run);
  fail_unless_equals_int (run->errors, 0);
  v4l2tv_check_card_closed (CARD);
  v4l2tv_check_card_closed (OTHER);
}

GST_END_TEST;

/* the card does not come back: one error when reconnect-timeout ends */
GST_START_TEST (test_timeout)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run *run;

  run = run_start ("on-disconnect=reconnect reconnect-timeout=300000000");
  unplug_expect_error (run, card);
  fail_unless_equals_int (run_get (run, &run->disconnected), 1);
  /* a replug now changes nothing: the stream has ended */
  gst_tv_hw_virtual_card_replug (card);
  run_stop (run);
  fail_unless_equals_int (run->errors, 1);
  fail_unless_equals_int (run->reconnected, 0);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* on-disconnect set to error while the card is away: the error, once */
GST_START_TEST (test_error_while_away)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run *run;

  run = run_start ("on-disconnect=reconnect");
  fail_unless (run_wait (run, &run->frames, 2), "no frames");
  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (run_wait (run, &run->disconnected, 1), "no message");
  fail_unless_equals_int (run_get (run, &run->errors), 0);
  gst_util_set_object_arg (G_OBJECT (run->src), "on-disconnect", "error");
  fail_unless (run_wait (run, &run->errors, 1), "no error");
  fail_unless (g_error_matches (run->error, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND), "%s", run->error->message);
  fail_unless (strstr (run->error->message, "was disconnected") != NULL,
      "%s", run->error->message);
  run_stop (run);
  fail_unless_equals_int (run->errors, 1);
  v4l2tv_check_card_closed (CARD);
  gst_tv_hw_virtual_card_replug (card);
}

GST_END_TEST;

/* stopping while the card is away returns at once (no hang), and so does
 * a flushing seek's unlock; the card is closed */
GST_START_TEST (test_stop_while_away)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run *run;

  run = run_start ("on-disconnect=reconnect signal-loss=wait");
  fail_unless (run_wait (run, &run->frames, 2), "no frames");
  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (run_wait (run, &run->disconnected, 1), "no message");
  fail_unless_equals_int (gst_element_set_state (run->pipeline,
          GST_STATE_PAUSED), GST_STATE_CHANGE_NO_PREROLL);
  /* (no buffer comes with signal-loss=wait: the sink stays ASYNC) */
  fail_if (gst_element_set_state (run->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  run_stop (run);
  fail_unless_equals_int (run->errors, 0);
  v4l2tv_check_card_closed (CARD);
  gst_tv_hw_virtual_card_replug (card);
}

GST_END_TEST;

/* the card goes away while the source is in READY, before it ever
 * streamed: with on-disconnect=reconnect, going to PLAYING waits for the
 * same card (the message, no error) and streams once it is back */
GST_START_TEST (test_reconnect_from_ready)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run *run;

  run = run_start_in ("on-disconnect=reconnect", GST_STATE_READY);
  gst_tv_hw_virtual_card_unplug (card);
  fail_if (gst_element_set_state (run->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  fail_unless (run_wait (run, &run->disconnected, 1), "no message");
  check_disconnected_message (run->last_disconnected);
  fail_unless_equals_int (run_get (run, &run->errors), 0);
  wait_card_closed (CARD);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  fail_unless (run_wait (run, &run->reconnected, 1), "not reconnected");
  fail_unless (run_wait (run, &run->frames_after, 3), "no frames after");
  check_card_settings (DEVICE);
  run_stop (run);
  fail_unless_equals_int (run->errors, 0);
  fail_unless_equals_int (run->wrong_input, 0);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the card goes away in PLAYING before its first frame: MANUAL pacing,
 * so that no frame comes before the unplug, wherever the streaming
 * thread is then (negotiating, allocating, starting, waiting) */
GST_START_TEST (test_reconnect_before_first_frame)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  Run *run;

  run = run_start_in ("on-disconnect=reconnect", GST_STATE_PLAYING);
  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (run_wait (run, &run->disconnected, 1), "no message");
  fail_unless_equals_int (run_get (run, &run->errors), 0);
  wait_card_closed (CARD);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  fail_unless (run_wait (run, &run->reconnected, 1), "not reconnected");
  fail_unless (run_wait (run, &run->frames_after, 3), "no frames after");
  run_stop (run);
  fail_unless_equals_int (run->errors, 0);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the locations the hardware layer lists */
GST_START_TEST (test_list_locations)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  gchar **locations;

  locations = gst_tv_hw_list_locations ();
  fail_unless (g_strv_contains ((const gchar * const *) locations, DEVICE));
  g_strfreev (locations);

  gst_tv_hw_virtual_card_unplug (card);
  locations = gst_tv_hw_list_locations ();
  fail_if (g_strv_contains ((const gchar * const *) locations, DEVICE));
  g_strfreev (locations);

  gst_tv_hw_virtual_card_unplug (gst_tv_hw_virtual_card_get (7));
  fail_unless (gst_tv_hw_virtual_card_replug_as (card, 7));
  locations = gst_tv_hw_list_locations ();
  fail_unless (g_strv_contains ((const gchar * const *) locations,
          "virtual:7"));
  fail_if (g_strv_contains ((const gchar * const *) locations, DEVICE));
  g_strfreev (locations);
  /* its old location is empty, out of range is refused */
  fail_if (gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, NULL) != NULL);
  fail_if (gst_tv_hw_virtual_card_replug_as (card, 8));

  fail_unless (gst_tv_hw_virtual_card_reset (card));
  gst_tv_hw_virtual_card_replug (gst_tv_hw_virtual_card_get (7));
}

GST_END_TEST;

static Suite *
v4l2tvreconnect_suite (void)
{
  Suite *s = suite_create ("v4l2tvreconnect");
  TCase *tc = tcase_create ("reconnect");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);

  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_list_locations);
  tcase_add_test (tc, test_error_mode);
  tcase_add_loop_test (tc, test_reconnect, 0, 2);
  tcase_add_test (tc, test_other_card);
  tcase_add_test (tc, test_timeout);
  tcase_add_test (tc, test_error_while_away);
  tcase_add_test (tc, test_stop_while_away);
  tcase_add_test (tc, test_reconnect_from_ready);
  tcase_add_test (tc, test_reconnect_before_first_frame);

  return s;
}

GST_CHECK_MAIN (v4l2tvreconnect);
