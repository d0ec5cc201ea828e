/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the element suites (see v4l2tv-check.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <gst/video/video.h>

#include "v4l2tv-check.h"

/* weak references (GWeakRef *) to what the current test registered: the
 * test keeps owning its objects, so a passing test frees them when it
 * always did */
static GPtrArray *tracked;

/* a block of v4l2tv_check_track_data(): held by its element and by the
 * test, freed when both let go */
typedef struct
{
  gint refs;                    /* atomic */
  GDestroyNotify clear;
  gpointer data;
} TrackedData;

/* the current test's holds on its blocks (TrackedData *), let go by the
 * teardown */
static GPtrArray *tracked_data;

/* an element's holds on its blocks: a GPtrArray of TrackedData * */
static GQuark tracked_data_q;

static void
free_weak_ref (gpointer data)
{
  GWeakRef *ref = data;

  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
teardown_at_exit (void)
{
  /* registered after gst_check_init()'s gst_deinit handler, so it runs
   * before it: a forked child that failed exits with its pipelines in
   * NULL */
  v4l2tv_check_teardown ();
}

/* registers @element (a GstElement: a pipeline, a harness's element) for
 * the teardown; returns it */
gpointer
v4l2tv_check_track (gpointer element)
{
  GWeakRef *ref;

  fail_unless (GST_IS_ELEMENT (element));
  if (tracked == NULL) {
    tracked = g_ptr_array_new_with_free_func (free_weak_ref);
    atexit (teardown_at_exit);
  }
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, element);
  g_ptr_array_add (tracked, ref);

  return element;
}

static void
tracked_data_unref (gpointer ptr)
{
  TrackedData *td = ptr;

  if (!g_atomic_int_dec_and_test (&td->refs))
    return;
  if (td->clear)
    td->clear (td->data);
  g_free (td->data);
  g_free (td);
}

/* @size bytes, zeroed, for what a streaming thread or a bus sync handler
 * of @element (a GstElement: the pipeline, or the element whose pad is
 * probed) shares with the test: a probe's or a signal handler's user
 * data, with its lock. They are freed, after @clear (may be NULL) is
 * called on them, once @element is finalized and the test has ended (the
 * checked teardown, v4l2tv_check_add_teardown()), whichever comes last:
 * the test may read them after it released @element. After a failure the
 * test's references to @element leak, so they stay valid while the
 * teardown stops its threads. @element must be registered with
 * v4l2tv_check_track() (or belong to a pipeline that is); @clear must not
 * drop a reference to @element (it would never be finalized) and may run
 * in any thread. Called from the test's thread. */
gpointer
v4l2tv_check_track_data (gpointer element, gsize size, GDestroyNotify clear)
{
  GPtrArray *held;
  TrackedData *td;

  fail_unless (GST_IS_ELEMENT (element));
  fail_unless (size > 0);
  if (tracked_data == NULL) {
    tracked_data = g_ptr_array_new_with_free_func (tracked_data_unref);
    tracked_data_q = g_quark_from_static_string ("v4l2tv-check-data");
  }
  td = g_new0 (TrackedData, 1);
  td->refs = 2;
  td->clear = clear;
  td->data = g_malloc0 (size);

  held = g_object_get_qdata (element, tracked_data_q);
  if (held == NULL) {
    held = g_ptr_array_new_with_free_func (tracked_data_unref);
    g_object_set_qdata_full (element, tracked_data_q, held,
        (GDestroyNotify) g_ptr_array_unref);
  }
  g_ptr_array_add (held, td);
  g_ptr_array_add (tracked_data, td);

  return td->data;
}

/* the checked teardown: sets every registered element still alive to NULL,
 * newest first (after a failure, the test's own references leak: the
 * test has failed already), and forgets them; then lets go of the test's
 * data (v4l2tv_check_track_data()), no streaming thread running any more */
void
v4l2tv_check_teardown (void)
{
  guint i;

  for (i = tracked ? tracked->len : 0; i > 0; i--) {
    GstElement *element = g_weak_ref_get (g_ptr_array_index (tracked, i - 1));

    if (element) {
      GST_INFO ("%" GST_PTR_FORMAT " left alive by the test: to NULL", element);
      gst_element_set_state (element, GST_STATE_NULL);
      gst_object_unref (element);
    }
  }
  if (tracked)
    g_ptr_array_set_size (tracked, 0);
  if (tracked_data)
    g_ptr_array_set_size (tracked_data, 0);
}

/* every test of @tc ends with v4l2tv_check_teardown(), passed or failed */
void
v4l2tv_check_add_teardown (TCase * tc)
{
  tcase_add_checked_fixture (tc, NULL, v4l2tv_check_teardown);
}

/* V4L2TV_CHECK_WAIT (see v4l2tv-check.h) */
GstClockTime
v4l2tv_check_wait (void)
{
  const gchar *ms = g_getenv ("V4L2TV_CHECK_WAIT_MS");

  if (ms && *ms)
    return g_ascii_strtoull (ms, NULL, 10) * GST_MSECOND;
  return g_getenv ("GST_TV_UNDER_VALGRIND") ? 120 * GST_SECOND :
      30 * GST_SECOND;
}

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
 * frame; fails after V4L2TV_CHECK_WAIT without one. The next period only
 * once the source has taken the last and waits again (it may skip a
 * frame): never a second frame while the first is on its way, which a
 * slow machine would otherwise find in the harness at the next pull. */
GstBuffer *
v4l2tv_check_pull_frame (GstHarness * h, GstTvHwVirtualCard * card)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  GstBuffer *buf;

  if ((buf = gst_harness_try_pull (h)))
    return buf;
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  for (;;) {
    /* taken first: a frame pushed before the source waits again is in
     * the harness by then */
    gboolean taken = gst_tv_hw_virtual_card_frames_taken (card);

    if ((buf = gst_harness_try_pull (h)))
      return buf;
    fail_unless (g_get_monotonic_time () < end, "no frame came out");
    if (taken)
      gst_tv_hw_virtual_card_emit_frames (card, 1);
    else
      g_usleep (1000);
  }
}

static GQuark frame_caps_q;

/* set in the test's thread by v4l2tv_check_record_caps(), before any
 * streaming thread reads it */
static GQuark
frame_caps_quark (void)
{
  return frame_caps_q;
}

static GstPadProbeReturn
attach_caps (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);

  /* in the streaming thread, in order: the caps event before the buffer
   * has been stored on the pad */
  gst_mini_object_set_qdata (GST_MINI_OBJECT (buf), frame_caps_quark (),
      gst_pad_get_current_caps (pad), (GDestroyNotify) gst_caps_unref);
  return GST_PAD_PROBE_OK;
}

/* every buffer reaching @h's sink pad carries the caps it came with, for
 * v4l2tv_check_frame_caps(): the pad's current caps, read after a pull, may
 * already be those of a later frame (a switch renegotiates while the test
 * looks at the frame before it) */
void
v4l2tv_check_record_caps (GstHarness * h)
{
  if (frame_caps_q == 0)
    frame_caps_q = g_quark_from_static_string ("v4l2tv-check-frame-caps");
  gst_pad_add_probe (h->sinkpad, GST_PAD_PROBE_TYPE_BUFFER, attach_caps, NULL,
      NULL);
}

/* the caps @buf came with (a new reference), through a harness set up with
 * v4l2tv_check_record_caps() */
GstCaps *
v4l2tv_check_frame_caps (GstBuffer * buf)
{
  GstCaps *caps = gst_mini_object_get_qdata (GST_MINI_OBJECT (buf),
      frame_caps_quark ());

  fail_unless (caps != NULL, "no caps recorded with the frame");
  return gst_caps_ref (caps);
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

/* the device of @devices with device.path @path and class @klass; fails
 * if there is none */
GstDevice *
v4l2tv_check_find_device (GList * devices, const gchar * path,
    const gchar * klass)
{
  GList *l;

  for (l = devices; l; l = l->next) {
    GstStructure *props = gst_device_get_properties (l->data);
    gboolean match = g_strcmp0 (gst_structure_get_string (props,
            "device.path"), path) == 0 &&
        gst_device_has_classes (l->data, klass);

    gst_structure_free (props);
    if (match)
      return l->data;
  }
  fail ("no %s device %s", klass, path);
  return NULL;
}

/* the next message of @type (GST_MESSAGE_ERROR or _WARNING) on @bus,
 * within @timeout (0: already there): fails unless it is @domain / @code
 * and its text contains every one of the NULL-terminated strings that
 * follow */
void
v4l2tv_check_expect_message (GstBus * bus, GstMessageType type,
    GstClockTime timeout, GQuark domain, gint code, ...)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, timeout, type);
  GError *err = NULL;
  const gchar *want;
  va_list args;

  fail_unless (msg != NULL, "no %s was posted",
      gst_message_type_get_name (type));
  if (type == GST_MESSAGE_ERROR)
    gst_message_parse_error (msg, &err, NULL);
  else
    gst_message_parse_warning (msg, &err, NULL);
  fail_unless (err->domain == domain && err->code == code,
      "%s: not the expected domain and code", err->message);
  va_start (args, code);
  while ((want = va_arg (args, const gchar *)) != NULL)
      fail_unless (strstr (err->message, want) != NULL, "'%s' lacks '%s'",
        err->message, want);
  va_end (args);
  g_error_free (err);
  gst_message_unref (msg);
}

/* @element to NULL and released with the bus @bus it was given; fails
 * unless virtual card @card has no handle open then */
void
v4l2tv_check_release (GstElement * element, GstBus * bus, guint card)
{
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (element, NULL);
  gst_object_unref (bus);
  gst_object_unref (element);
  v4l2tv_check_card_closed (card);
}

/* a handle of our own on capture @device; fails if it cannot be opened */
GstTvHwDevice *
v4l2tv_check_open_capture (const gchar * device)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (device, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL, "cannot open %s: %s", device,
      err ? err->message : "");
  return dev;
}

/* control @cid of capture @device, read through a handle of our own */
gint32
v4l2tv_check_get_ctrl (const gchar * device, guint32 cid)
{
  GstTvHwDevice *dev = v4l2tv_check_open_capture (device);
  gint32 v = G_MININT32;

  fail_unless (gst_tv_hw_device_get_ctrl (dev, cid, &v, NULL));
  gst_tv_hw_device_close (dev);
  return v;
}

/* the device a device suite runs on: $V4L2TV_TEST_DEVICE (vivid's node in
 * tests/vivid), else @fallback (a virtual card) */
const gchar *
v4l2tv_check_test_device (const gchar * fallback)
{
  const gchar *device = g_getenv ("V4L2TV_TEST_DEVICE");

  return device && *device ? device : fallback;
}

/* a started v4l2tvsink harness on @output of @device at @norm, not
 * syncing, its messages on @bus (may be NULL: none), with the properties
 * that follow (NULL-terminated name/value pairs) set before it starts */
GstHarness *
v4l2tv_check_new_sink (const gchar * device, const gchar * output,
    const gchar * norm, GstBus * bus, const gchar * first_property, ...)
{
  GstElement *sink = gst_element_factory_make ("v4l2tvsink", NULL);
  GstHarness *h;
  va_list args;

  fail_unless (sink != NULL);
  g_object_set (sink, "device", device, "output", output, "sync", FALSE, NULL);
  va_start (args, first_property);
  if (first_property)
    g_object_set_valist (G_OBJECT (sink), first_property, args);
  va_end (args);
  gst_util_set_object_arg (G_OBJECT (sink), "norm", norm);
  if (bus)
    gst_element_set_bus (sink, bus);
  /* the harness starts it at once */
  h = gst_harness_new_with_element (sink, "sink", NULL);
  v4l2tv_check_track (h->element);
  gst_object_unref (sink);

  return h;
}

/* a playing v4l2tvsrc harness on @input of @device at @norm */
GstHarness *
v4l2tv_check_new_src (const gchar * device, const gchar * input,
    const gchar * norm)
{
  GstHarness *h = gst_harness_new ("v4l2tvsrc");

  v4l2tv_check_track (h->element);
  g_object_set (h->element, "device", device, "input", input, NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", norm);
  gst_harness_play (h);

  return h;
}

/* the caption pairs of @buf's caption meta (CEA608_S334_1A, one at most);
 * FALSE without one, @data's captions cleared */
gboolean
v4l2tv_check_frame_captions (GstBuffer * buf, GstTvVbiData * data)
{
  GstVideoCaptionMeta *meta = NULL, *m;
  gpointer state = NULL;

  memset (data, 0, sizeof (*data));
  while ((m = (GstVideoCaptionMeta *) gst_buffer_iterate_meta_filtered (buf,
              &state, GST_VIDEO_CAPTION_META_API_TYPE))) {
    fail_unless (meta == NULL, "two caption metas on a frame");
    meta = m;
  }
  if (meta == NULL)
    return FALSE;
  fail_unless_equals_int (meta->caption_type,
      GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A);
  fail_unless (gst_tv_vbi_s334_1a_unpack (meta->data, meta->size, data));
  return TRUE;
}
