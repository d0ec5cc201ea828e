/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the GstTvTuner interface of v4l2tvsrc and v4l2tvsink and
 * their "frequency" property, against the virtual TV card: the channel and
 * norm lists, selection through the interface being the same as through
 * the properties (live too), the signals (once per change), the errors,
 * tuning and the signal strength on and off a station of the card's
 * channel plan.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <gst/tuner/tuner.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 2
#define DEVICE "virtual:2"

#define MHZ(units) ((gulong) (units) * 62500)
/* the norm property's "auto" */
#define GST_V4L2_TV_TEST_NORM_AUTO (-1)

/* what the signals and notifications said */
typedef struct
{
  guint channel_changed, norm_changed, frequency_changed, signal_changed;
  guint notify_port, notify_norm, notify_frequency;
  GstTvTunerChannel *last_channel;
  GstTvTunerNorm *last_norm;
  gulong last_frequency;
  gint last_strength;
} Counts;

static GMutex counts_lock;

static void
on_channel_changed (GstTvTuner * tuner, GstTvTunerChannel * channel, Counts * c)
{
  g_mutex_lock (&counts_lock);
  c->channel_changed++;
  c->last_channel = channel;
  g_mutex_unlock (&counts_lock);
}

static void
on_norm_changed (GstTvTuner * tuner, GstTvTunerNorm * norm, Counts * c)
{
  g_mutex_lock (&counts_lock);
  c->norm_changed++;
  c->last_norm = norm;
  g_mutex_unlock (&counts_lock);
}

static void
on_frequency_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gulong frequency, Counts * c)
{
  g_mutex_lock (&counts_lock);
  c->frequency_changed++;
  c->last_frequency = frequency;
  g_mutex_unlock (&counts_lock);
}

static void
on_signal_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gint strength, Counts * c)
{
  g_mutex_lock (&counts_lock);
  c->signal_changed++;
  c->last_strength = strength;
  g_mutex_unlock (&counts_lock);
}

static void
on_notify (GObject * object, GParamSpec * pspec, Counts * c)
{
  g_mutex_lock (&counts_lock);
  if (g_str_equal (pspec->name, "input") || g_str_equal (pspec->name, "output"))
    c->notify_port++;
  else if (g_str_equal (pspec->name, "norm"))
    c->notify_norm++;
  else if (g_str_equal (pspec->name, "frequency"))
    c->notify_frequency++;
  g_mutex_unlock (&counts_lock);
}

/* what @element's signals and notifications say, counted from now on;
 * some come from its streaming thread: the counts are @element's
 * (v4l2tv_check_track_data()), on the heap until the test and @element
 * are done */
static Counts *
connect_counts (GstElement * element)
{
  Counts *c = v4l2tv_check_track_data (element, sizeof (Counts), NULL);

  c->last_strength = -1;
  g_signal_connect (element, "channel-changed",
      G_CALLBACK (on_channel_changed), c);
  g_signal_connect (element, "norm-changed", G_CALLBACK (on_norm_changed), c);
  g_signal_connect (element, "frequency-changed",
      G_CALLBACK (on_frequency_changed), c);
  g_signal_connect (element, "signal-changed",
      G_CALLBACK (on_signal_changed), c);
  g_signal_connect (element, "notify", G_CALLBACK (on_notify), c);

  return c;
}

static guint
get_count (guint * counter)
{
  guint ret;

  g_mutex_lock (&counts_lock);
  ret = *counter;
  g_mutex_unlock (&counts_lock);
  return ret;
}

static GstHarness *
new_src (const gchar * input, const gchar * norm)
{
  GstHarness *h = gst_harness_new ("v4l2tvsrc");

  v4l2tv_check_track (h->element);
  g_object_set (h->element, "device", DEVICE, NULL);
  if (input)
    g_object_set (h->element, "input", input, NULL);
  if (norm)
    gst_util_set_object_arg (G_OBJECT (h->element), "norm", norm);
  return h;
}

static void
decode (GstHarness * h, GstBuffer * buf, GstTvHwVirtualFrameInfo * fi)
{
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);
  GstVideoFrame frame;
  GstVideoInfo info;

  fail_unless (caps != NULL);
  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  fail_unless (gst_tv_hw_virtual_decode (GST_VIDEO_FRAME_COMP_DATA (&frame,
              0), GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, 0),
          GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
          GST_VIDEO_FRAME_COMP_STRIDE (&frame, 0), fi),
      "no marks in the frame");
  gst_video_frame_unmap (&frame);
  gst_caps_unref (caps);
}

/* pulls frames until one of input @input comes: the switch happened */
static void
pull_until_input (GstHarness * h, GstTvHwVirtualCard * card, guint input)
{
  guint i;

  for (i = 0; i < 100; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (h, card);
    GstTvHwVirtualFrameInfo fi;

    decode (h, buf, &fi);
    gst_buffer_unref (buf);
    if (fi.input == input)
      return;
  }
  fail ("never switched to input %u", input);
}

/* the next frame's marks */
static void
next_frame (GstHarness * h, GstTvHwVirtualCard * card,
    GstTvHwVirtualFrameInfo * fi)
{
  GstBuffer *buf;

  /* one frame may have been filled before the change */
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  buf = v4l2tv_check_pull_frame (h, card);
  decode (h, buf, fi);
  gst_buffer_unref (buf);
}

static GstTvTunerChannel *
find_channel (GstElement * element, const gchar * name)
{
  GstTvTunerChannel *channel =
      gst_tv_tuner_find_channel_by_name (GST_TV_TUNER (element), name);

  fail_unless (channel != NULL, "no channel '%s'", name);
  return channel;
}

static GstTvTunerNorm *
find_norm (GstElement * element, const gchar * name)
{
  GstTvTunerNorm *norm =
      gst_tv_tuner_find_norm_by_name (GST_TV_TUNER (element), name);

  fail_unless (norm != NULL, "no norm '%s'", name);
  return norm;
}

static gchar *
get_string (GstElement * element, const gchar * name)
{
  gchar *s = NULL;

  g_object_get (element, name, &s, NULL);
  return s;
}

static GstMessage *
pop_message (GstBus * bus, GstMessageType type)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT, type);

  fail_unless (msg != NULL, "no message");
  return msg;
}

/* a WARNING (or ERROR) of RESOURCE/SETTINGS whose text has @text */
static void
expect_settings_message (GstBus * bus, GstMessageType type, const gchar * text)
{
  GstMessage *msg = pop_message (bus, type);
  GError *err = NULL;
  gchar *debug = NULL;

  if (type == GST_MESSAGE_WARNING)
    gst_message_parse_warning (msg, &err, &debug);
  else
    gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("message: %s (%s)", err->message, debug);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS), "%s", err->message);
  fail_unless (strstr (err->message, text) != NULL, "'%s' lacks '%s'",
      err->message, text);
  fail_unless (strstr (err->message, DEVICE) != NULL, "'%s' lacks the "
      "device", err->message);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);
}

/* --- lists --- */

GST_START_TEST (test_src_lists)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src (NULL, NULL);
  GstTvTuner *tuner;
  GstTvTunerChannel *tv, *c1;
  GstTvTunerNorm *pal;
  const GList *l;
  const gchar *names[] = { "Television", "Composite1", "S-Video",
    "Composite2"
  };
  GstBuffer *buf;
  gint fps_n, fps_d;
  guint i;

  fail_unless (GST_IS_TV_TUNER (h->element));
  tuner = GST_TV_TUNER (h->element);
  /* closed: nothing, and no crash */
  fail_unless (gst_tv_tuner_list_channels (tuner) == NULL);
  fail_unless (gst_tv_tuner_list_norms (tuner) == NULL);
  fail_unless (gst_tv_tuner_get_channel (tuner) == NULL);
  fail_unless (gst_tv_tuner_get_norm (tuner) == NULL);

  /* the device opens in READY: the lists are there; three handles, the
   * video node's and the VBI node's two (sliced and raw, docs/vbi.md) */
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 3);
  fail_unless_equals_int (g_list_length ((GList *)
          gst_tv_tuner_list_channels (tuner)), 4);
  tv = find_channel (h->element, "Television");
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);
  pal = find_norm (h->element, "PAL");
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv),
      GST_TV_TUNER_SIGNAL_MAX);

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  /* the same objects while playing */
  fail_unless (find_channel (h->element, "Television") == tv);
  fail_unless (find_norm (h->element, "PAL") == pal);

  l = gst_tv_tuner_list_channels (tuner);
  fail_unless_equals_int (g_list_length ((GList *) l), 4);
  for (i = 0; l; l = l->next, i++) {
    fail_unless_equals_string (gst_tv_tuner_channel_get_label (l->data),
        names[i]);
    fail_unless_equals_int (gst_tv_tuner_channel_get_index (l->data), i);
  }

  fail_unless_equals_int (gst_tv_tuner_channel_get_flags (tv),
      GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY |
      GST_TV_TUNER_CHANNEL_AUDIO);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_min_frequency (tv),
      44000000);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_max_frequency (tv),
      958000000);
  fail_unless (gst_tv_tuner_channel_get_freq_multiplicator (tv) == 62500.0);
  fail_unless_equals_int (gst_tv_tuner_channel_get_max_signal (tv),
      GST_TV_TUNER_SIGNAL_MAX);
  c1 = find_channel (h->element, "Composite1");
  fail_unless_equals_int (gst_tv_tuner_channel_get_flags (c1),
      GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_AUDIO);

  /* the card's power-on input and standard */
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);
  l = gst_tv_tuner_list_norms (tuner);
  fail_unless (l != NULL);
  for (; l; l = l->next) {
    gst_tv_tuner_norm_get_framerate (l->data, &fps_n, &fps_d);
    fail_unless (fps_n > 0 && fps_d > 0);
    fail_unless (gst_tv_tuner_norm_get_std_id (l->data) != 0);
  }
  gst_tv_tuner_norm_get_framerate (pal, &fps_n, &fps_d);
  fail_unless_equals_int (fps_n, 25);
  fail_unless_equals_int (fps_d, 1);
  gst_tv_tuner_norm_get_framerate (find_norm (h->element, "NTSC"), &fps_n,
      &fps_d);
  fail_unless_equals_int (fps_n, 30000);
  fail_unless_equals_int (fps_d, 1001);
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);

  gst_element_set_state (h->element, GST_STATE_NULL);
  fail_unless (gst_tv_tuner_list_channels (tuner) == NULL);
  fail_unless (gst_tv_tuner_get_channel (tuner) == NULL);
  fail_unless (gst_tv_tuner_list_norms (tuner) == NULL);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static GstElement *
new_sink_pipeline (const gchar * output, GstElement ** sink)
{
  gchar *desc = g_strdup_printf ("videotestsrc is-live=true ! "
      "v4l2tvsink name=sink device=" DEVICE " output=\"%s\" norm=PAL",
      output);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  v4l2tv_check_track (pipeline);

  g_free (desc);
  fail_unless (pipeline != NULL);
  *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  return pipeline;
}

GST_START_TEST (test_sink_lists)
{
  GstElement *pipeline, *sink;
  GstTvTunerChannel *rf, *comp;
  GstTvTuner *tuner;
  GstBus *bus;
  Counts *c;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = new_sink_pipeline ("Composite Out", &sink);
  tuner = GST_TV_TUNER (sink);
  bus = gst_element_get_bus (pipeline);
  c = connect_counts (sink);
  fail_unless (gst_tv_tuner_list_channels (tuner) == NULL);

  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          GST_CLOCK_TIME_NONE) == GST_STATE_CHANGE_SUCCESS);

  fail_unless_equals_int (g_list_length ((GList *)
          gst_tv_tuner_list_channels (tuner)), 3);
  comp = find_channel (sink, "Composite Out");
  fail_unless_equals_int (gst_tv_tuner_channel_get_flags (comp),
      GST_TV_TUNER_CHANNEL_OUTPUT | GST_TV_TUNER_CHANNEL_AUDIO);
  find_channel (sink, "S-Video Out");
  rf = find_channel (sink, "RF Modulator");
  fail_unless_equals_int (gst_tv_tuner_channel_get_flags (rf),
      GST_TV_TUNER_CHANNEL_OUTPUT | GST_TV_TUNER_CHANNEL_FREQUENCY |
      GST_TV_TUNER_CHANNEL_AUDIO);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_min_frequency (rf),
      44000000);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_max_frequency (rf),
      958000000);
  fail_unless (gst_tv_tuner_get_channel (tuner) == comp);
  fail_unless (gst_tv_tuner_get_norm (tuner) == find_norm (sink, "PAL"));

  /* the modulator, tuned while the output is another one */
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, rf),
      MHZ (2804));
  fail_unless (gst_tv_tuner_set_frequency (tuner, rf, MHZ (3028)));
  fail_unless_equals_int (c->frequency_changed, 1);
  fail_unless_equals_uint64 (c->last_frequency, MHZ (3028));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, rf),
      MHZ (3028));
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, rf), 0);
  /* out of range */
  fail_if (gst_tv_tuner_set_frequency (tuner, rf, 1000000000));
  expect_settings_message (bus, GST_MESSAGE_WARNING, "958.000 MHz");
  fail_unless_equals_int (c->frequency_changed, 1);

  /* switching outputs through the interface, live: at the next frame */
  fail_unless (gst_tv_tuner_set_channel (tuner, rf));
  {
    gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

    while (get_count (&c->channel_changed) == 0) {
      fail_unless (g_get_monotonic_time () < end, "no channel-changed");
      g_usleep (1000);
    }
  }
  fail_unless (gst_tv_tuner_get_channel (tuner) == rf);
  fail_unless_equals_int (get_count (&c->channel_changed), 1);
  fail_unless_equals_int (get_count (&c->notify_port), 1);
  {
    gchar *s = get_string (sink, "output");

    fail_unless_equals_string (s, "RF Modulator");
    g_free (s);
  }

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the sink's frequency property tunes the RF modulator at start; an
 * output without a modulator refuses it */
GST_START_TEST (test_sink_frequency)
{
  GstElement *pipeline, *sink;
  GstTvTunerChannel *rf;
  GstBus *bus;
  gulong f = 0;
  Counts *c;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = new_sink_pipeline ("RF Modulator", &sink);
  c = connect_counts (sink);
  g_object_set (sink, "frequency", MHZ (8692), NULL);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          GST_CLOCK_TIME_NONE) == GST_STATE_CHANGE_SUCCESS);
  rf = find_channel (sink, "RF Modulator");
  fail_unless (gst_tv_tuner_get_channel (GST_TV_TUNER (sink)) == rf);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (GST_TV_TUNER (sink),
          rf), MHZ (8692));
  fail_unless_equals_int (get_count (&c->frequency_changed), 1);
  /* live, through the property */
  g_object_set (sink, "frequency", MHZ (7540), NULL);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (GST_TV_TUNER (sink),
          rf), MHZ (7540));
  fail_unless_equals_int (get_count (&c->frequency_changed), 2);
  g_object_get (sink, "frequency", &f, NULL);
  fail_unless_equals_uint64 (f, MHZ (7540));
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);

  /* no modulator on the composite output: an error at start */
  pipeline = new_sink_pipeline ("Composite Out", &sink);
  bus = gst_element_get_bus (pipeline);
  g_object_set (sink, "frequency", MHZ (8692), NULL);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  expect_settings_message (bus, GST_MESSAGE_ERROR, "has no modulator");
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- selection --- */

/* the getter and the "input" property agree, on @before or on @after,
 * while a switch from one to the other may land at any time: a property
 * read between two equal getter reads must say the same */
static void
check_channel_agrees (GstElement * element, const gchar * before,
    const gchar * after)
{
  GstTvTuner *tuner = GST_TV_TUNER (element);
  guint tries;

  for (tries = 0; tries < 100; tries++) {
    GstTvTunerChannel *c1 = gst_tv_tuner_get_channel (tuner), *c2;
    gchar *s = get_string (element, "input");

    c2 = gst_tv_tuner_get_channel (tuner);
    if (c1 != c2) {
      g_free (s);
      continue;
    }
    fail_unless (c1 == find_channel (element, before)
        || c1 == find_channel (element, after));
    fail_unless_equals_string (s, gst_tv_tuner_channel_get_label (c1));
    g_free (s);
    return;
  }
  fail ("the channel changed under every read");
}

GST_START_TEST (test_set_channel_and_norm)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src ("Television", "PAL");
  GstTvTuner *tuner = GST_TV_TUNER (h->element);
  GstTvTunerChannel *c1, *sv;
  GstTvTunerNorm *ntsc;
  GstBuffer *buf;
  gchar *s;
  Counts *c;

  c = connect_counts (h->element);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  /* starting is not a change */
  fail_unless_equals_int (get_count (&c->channel_changed), 0);
  fail_unless_equals_int (get_count (&c->norm_changed), 0);

  /* the interface sets the property, and the switch follows live; until
   * it has landed, the getter and the property say what is in force:
   * both still Television, or both already Composite1 (the streaming
   * thread may carry the switch out before a frame comes) */
  c1 = find_channel (h->element, "Composite1");
  fail_unless (gst_tv_tuner_set_channel (tuner, c1));
  check_channel_agrees (h->element, "Television", "Composite1");
  fail_unless_equals_int (get_count (&c->notify_port), 1);
  pull_until_input (h, card, 1);
  fail_unless (gst_tv_tuner_get_channel (tuner) == c1);
  s = get_string (h->element, "input");
  fail_unless_equals_string (s, "Composite1");
  g_free (s);
  fail_unless_equals_int (get_count (&c->channel_changed), 1);
  fail_unless (c->last_channel == c1);
  /* same standard (PAL) on the new input: no norm-changed */
  fail_unless_equals_int (get_count (&c->norm_changed), 0);

  /* a norm of the new input's list */
  ntsc = find_norm (h->element, "NTSC");
  fail_unless (gst_tv_tuner_set_norm (tuner, ntsc));
  fail_unless_equals_int (get_count (&c->notify_norm), 1);
  {
    guint i;

    for (i = 0; i < 50 && gst_tv_tuner_get_norm (tuner) != ntsc; i++)
      gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  }
  fail_unless (gst_tv_tuner_get_norm (tuner) == ntsc);
  {
    gint norm = 0;

    g_object_get (h->element, "norm", &norm, NULL);
    fail_unless_equals_int (norm, (gint) V4L2_STD_NTSC);
  }
  fail_unless_equals_int (get_count (&c->norm_changed), 1);
  fail_unless (c->last_norm == ntsc);
  {
    /* the caps follow with the first frame of the new standard (the
     * getter may say NTSC before that frame has been pushed) */
    gint height = 0;
    guint i;

    for (i = 0; i < 50; i++) {
      GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);

      gst_structure_get_int (gst_caps_get_structure (caps, 0), "height",
          &height);
      gst_caps_unref (caps);
      if (height == 480)
        break;
      gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
    }
    fail_unless_equals_int (height, 480);
  }

  /* the property gives the same signal */
  g_object_set (h->element, "input", "s-video", NULL);
  pull_until_input (h, card, 2);
  sv = find_channel (h->element, "S-Video");
  fail_unless (gst_tv_tuner_get_channel (tuner) == sv);
  fail_unless_equals_int (get_count (&c->channel_changed), 2);
  fail_unless (c->last_channel == sv);

  /* selecting the current channel again changes nothing */
  fail_unless (gst_tv_tuner_set_channel (tuner, sv));
  gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  fail_unless_equals_int (get_count (&c->channel_changed), 2);
  fail_unless_equals_int (get_count (&c->norm_changed), 1);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a card whose inputs accept different standards */
static const GstTvHwVirtualInput split_inputs[] = {
  {"PAL-only", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_PAL, V4L2_STD_PAL_BG, 0},
  {"NTSC-only", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_NTSC, V4L2_STD_NTSC_M, 0},
};

/* in READY the device is open and programmed: the lists show what the
 * card is on, and a selection through the interface or the properties is
 * programmed at once (channel-changed then, not again at start); a
 * frequency the card cannot take is refused at once with a warning, and
 * the getters and the properties agree throughout, after a reopen too */
GST_START_TEST (test_select_in_ready)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src (NULL, NULL);
  GstTvTuner *tuner = GST_TV_TUNER (h->element);
  GstTvTunerChannel *tv, *c1;
  GstTvHwVirtualFrameInfo fi;
  GstBus *bus = gst_bus_new ();
  GstTvHwDevice *dev;
  GError *err = NULL;
  GstMessage *msg;
  gulong hz = 1;
  gchar *s;
  Counts *c;

  /* someone left the card on Composite1 */
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_input (dev, 1, &err));
  gst_tv_hw_device_close (dev);

  gst_element_set_bus (h->element, bus);
  c = connect_counts (h->element);
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
  tv = find_channel (h->element, "Television");
  c1 = find_channel (h->element, "Composite1");
  fail_unless (gst_tv_tuner_get_channel (tuner) == c1);
  s = get_string (h->element, "input");
  fail_unless_equals_string (s, "Composite1");
  g_free (s);

  /* on an input without a tuner: refused now, and nothing is in force */
  g_object_set (h->element, "frequency", MHZ (3028), NULL);
  expect_settings_message (bus, GST_MESSAGE_WARNING, "has no tuner");
  g_object_get (h->element, "frequency", &hz, NULL);
  fail_unless_equals_uint64 (hz, 0);

  /* the interface programs the card at once */
  fail_unless (gst_tv_tuner_set_channel (tuner, tv));
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);
  fail_unless_equals_int (get_count (&c->channel_changed), 1);
  fail_unless (c->last_channel == tv);
  fail_unless_equals_int (get_count (&c->notify_port), 1);
  s = get_string (h->element, "input");
  fail_unless_equals_string (s, "Television");
  g_free (s);

  /* now the tuner input takes it, at once too */
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv),
      MHZ (2804));
  g_object_set (h->element, "frequency", MHZ (3028), NULL);
  fail_unless_equals_int (get_count (&c->frequency_changed), 1);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv),
      MHZ (3028));
  g_object_get (h->element, "frequency", &hz, NULL);
  fail_unless_equals_uint64 (hz, MHZ (3028));

  /* and after a reopen the card is where the properties say */
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
  tv = find_channel (h->element, "Television");
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv),
      MHZ (3028));

  /* starting is not a change */
  gst_harness_play (h);
  next_frame (h, card, &fi);
  fail_unless_equals_int (fi.input, 0);
  fail_unless_equals_int (fi.station, 1);
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);
  fail_unless_equals_int (get_count (&c->channel_changed), 1);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR | GST_MESSAGE_WARNING);
  fail_unless (msg == NULL);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* set_norm in READY programs the standard at once; it replaces norm=auto
 * (with notify::norm); a norm the input refuses is FALSE with a warning
 * and changes nothing; lookups by name are case-insensitive */
GST_START_TEST (test_norm_in_ready)
{
  GstHarness *h;
  GstTvTuner *tuner;
  GstTvTunerNorm *pal, *ntsc, *before;
  GstBus *bus = gst_bus_new ();
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  gint norm = 0;
  Counts *c;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, split_inputs,
          G_N_ELEMENTS (split_inputs)));
  h = new_src ("pal-only", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "auto");
  tuner = GST_TV_TUNER (h->element);
  gst_element_set_bus (h->element, bus);
  c = connect_counts (h->element);
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);

  /* case-insensitive, like the properties */
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "ntsc-ONLY") ==
      find_channel (h->element, "NTSC-only"));
  pal = gst_tv_tuner_find_norm_by_name (tuner, "pal-bg");
  fail_unless (pal != NULL);
  fail_unless_equals_string (gst_tv_tuner_norm_get_label (pal), "PAL-BG");

  /* an explicit norm replaces auto, at once */
  g_object_get (h->element, "norm", &norm, NULL);
  fail_unless_equals_int (norm, GST_V4L2_TV_TEST_NORM_AUTO);
  before = gst_tv_tuner_get_norm (tuner);
  fail_unless (before != NULL);
  fail_unless (gst_tv_tuner_set_norm (tuner, pal));
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);
  fail_unless_equals_int (get_count (&c->notify_norm), 1);
  g_object_get (h->element, "norm", &norm, NULL);
  fail_unless_equals_int (norm, (gint) V4L2_STD_PAL_BG);

  /* a norm of another input: FALSE, a warning, nothing changes */
  fail_unless (gst_tv_tuner_set_channel (tuner,
          find_channel (h->element, "NTSC-only")));
  ntsc = gst_tv_tuner_get_norm (tuner);
  fail_unless (ntsc != NULL);
  fail_unless (gst_tv_tuner_norm_get_std_id (ntsc) & V4L2_STD_NTSC);
  fail_if (gst_tv_tuner_set_norm (tuner, pal));
  expect_settings_message (bus, GST_MESSAGE_WARNING, "does not support norm");
  fail_unless (gst_tv_tuner_get_norm (tuner) == ntsc);
  g_object_get (h->element, "norm", &norm, NULL);
  fail_unless_equals_int (norm, (gint) gst_tv_tuner_norm_get_std_id (ntsc));

  gst_element_set_state (h->element, GST_STATE_NULL);
  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;


/* an input of PAL-B and PAL-G only: ENUMSTD lists the two, as the kernel
 * does when no group is whole */
static const GstTvHwVirtualInput bg_inputs[] = {
  {"BG", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_PAL_B | V4L2_STD_PAL_G,
      V4L2_STD_PAL_B, 0x2},
};

/* the norms of single standards (PAL-B, PAL-G, ...): the property and the
 * interface agree, and the property names what the interface set */
GST_START_TEST (test_variant_norms)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h;
  GstTvTuner *tuner;
  GstTvTunerNorm *norm;
  GstTvHwDevice *dev;
  GValue v = G_VALUE_INIT;
  v4l2_std_id std = 0;
  gchar *str;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, bg_inputs,
          G_N_ELEMENTS (bg_inputs)));
  h = new_src ("BG", "PAL-B");
  tuner = GST_TV_TUNER (h->element);
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
  norm = gst_tv_tuner_get_norm (tuner);
  fail_unless (norm != NULL);
  fail_unless_equals_string (gst_tv_tuner_norm_get_label (norm), "PAL-B");
  fail_unless_equals_uint64 (gst_tv_tuner_norm_get_std_id (norm),
      V4L2_STD_PAL_B);

  /* the interface sets PAL-G: the card has it, the property names it */
  norm = gst_tv_tuner_find_norm_by_name (tuner, "PAL-G");
  fail_unless (norm != NULL);
  fail_unless (gst_tv_tuner_set_norm (tuner, norm));
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, NULL);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_std (dev, &std, NULL));
  gst_tv_hw_device_close (dev);
  fail_unless_equals_uint64 (std, V4L2_STD_PAL_G);
  g_value_init (&v, G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property
          (G_OBJECT_GET_CLASS (h->element), "norm")));
  g_object_get_property (G_OBJECT (h->element), "norm", &v);
  str = gst_value_serialize (&v);
  fail_unless_equals_string (str, "PAL-G");
  g_free (str);
  g_value_unset (&v);

  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_errors)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h;
  GstTvTuner *tuner;
  GstTvTunerChannel *foreign, *ntsc_only;
  GstTvTunerNorm *foreign_norm, *pal;
  GstBus *bus = gst_bus_new ();
  gchar *s;
  Counts *c;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, split_inputs,
          G_N_ELEMENTS (split_inputs)));
  h = new_src ("PAL-only", "PAL");
  tuner = GST_TV_TUNER (h->element);
  gst_element_set_bus (h->element, bus);
  c = connect_counts (h->element);

  /* closed: nothing can be set */
  foreign = gst_tv_tuner_channel_new ("NTSC-only",
      GST_TV_TUNER_CHANNEL_INPUT, 1);
  fail_if (gst_tv_tuner_set_channel (tuner, foreign));

  gst_harness_play (h);
  gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  pal = find_norm (h->element, "PAL");

  /* a channel or norm of someone else, even with our names */
  fail_if (gst_tv_tuner_set_channel (tuner, foreign));
  s = get_string (h->element, "input");
  fail_unless_equals_string (s, "PAL-only");
  g_free (s);
  foreign_norm = gst_tv_tuner_norm_new ("PAL", 25, 1, V4L2_STD_PAL);
  fail_if (gst_tv_tuner_set_norm (tuner, foreign_norm));
  fail_unless_equals_int (get_count (&c->notify_port), 0);
  fail_unless_equals_int (get_count (&c->notify_norm), 0);

  /* the NTSC input does not take our PAL norm: the property path says so
   * with a warning, and capture goes on; the interface refuses it with
   * the same kind of warning */
  ntsc_only = find_channel (h->element, "NTSC-only");
  fail_unless (gst_tv_tuner_set_channel (tuner, ntsc_only));
  expect_settings_message (bus, GST_MESSAGE_WARNING, "does not support norm");
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "NTSC");
  pull_until_input (h, card, 1);
  fail_unless (gst_tv_tuner_get_channel (tuner) == ntsc_only);
  fail_unless (gst_tv_tuner_list_norms (tuner) != NULL);
  fail_if (g_list_find ((GList *) gst_tv_tuner_list_norms (tuner), pal));
  fail_if (gst_tv_tuner_set_norm (tuner, pal));
  expect_settings_message (bus, GST_MESSAGE_WARNING, "does not support norm "
      "PAL");

  /* a frequency on an input without a tuner */
  g_object_set (h->element, "frequency", (gulong) 175250000, NULL);
  expect_settings_message (bus, GST_MESSAGE_WARNING, "has no tuner");
  fail_unless_equals_int (get_count (&c->frequency_changed), 0);

  gst_harness_teardown (h);
  g_object_unref (foreign);
  g_object_unref (foreign_norm);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a frequency that cannot be set is an error at start */
GST_START_TEST (test_frequency_errors_at_start)
{
  struct
  {
    const gchar *input;
    gulong frequency;
    const gchar *text;
  } cases[] = {
    {"Composite1", 175250000, "has no tuner"},
    {"Television", 20000000, "44.000 to 958.000 MHz"},
    {"Television", 1000000000, "44.000 to 958.000 MHz"},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstElement *src;
    GstBus *bus;

    v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
    src = gst_element_factory_make ("v4l2tvsrc", NULL);
    v4l2tv_check_track (src);
    bus = gst_bus_new ();
    gst_element_set_bus (src, bus);
    g_object_set (src, "device", DEVICE, "input", cases[i].input,
        "frequency", cases[i].frequency, NULL);
    fail_unless_equals_int (gst_element_set_state (src, GST_STATE_PAUSED),
        GST_STATE_CHANGE_FAILURE);
    expect_settings_message (bus, GST_MESSAGE_ERROR, cases[i].text);
    gst_element_set_state (src, GST_STATE_NULL);
    gst_bus_set_flushing (bus, TRUE);
    gst_object_unref (bus);
    gst_object_unref (src);
    v4l2tv_check_card_closed (CARD);
  }
}

GST_END_TEST;

/* --- tuning --- */

GST_START_TEST (test_frequency_and_signal)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src ("Television", "PAL");
  GstTvTuner *tuner = GST_TV_TUNER (h->element);
  GstTvHwVirtualFrameInfo fi;
  const GstTvHwVirtualStation *stations;
  GstTvTunerChannel *tv;
  guint n_stations;
  gulong f;
  Counts *c;

  stations = gst_tv_hw_virtual_get_stations (&n_stations);
  fail_unless (n_stations >= 2);
  /* set before start: applied at start */
  g_object_set (h->element, "frequency", MHZ (stations[1].frequency), NULL);
  c = connect_counts (h->element);
  gst_harness_play (h);
  next_frame (h, card, &fi);
  tv = find_channel (h->element, "Television");

  /* on station 1 (E7): its picture, full strength */
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv),
      MHZ (stations[1].frequency));
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv),
      GST_TV_TUNER_SIGNAL_MAX);
  fail_if (fi.no_signal);
  fail_unless_equals_int (fi.station, 1);
  fail_unless_equals_int (get_count (&c->frequency_changed), 1);

  /* off any station (3 MHz above E7): snow, no signal */
  f = MHZ (stations[1].frequency) + 3000000;
  fail_unless (gst_tv_tuner_set_frequency (tuner, tv, f));
  fail_unless_equals_int (get_count (&c->frequency_changed), 2);
  fail_unless_equals_uint64 (c->last_frequency, f);
  fail_unless_equals_int (get_count (&c->notify_frequency), 1);
  g_object_get (h->element, "frequency", &f, NULL);
  fail_unless_equals_uint64 (f, MHZ (stations[1].frequency) + 3000000);
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv), 0);
  fail_unless_equals_int (get_count (&c->signal_changed), 1);
  fail_unless_equals_int (c->last_strength, 0);
  next_frame (h, card, &fi);
  fail_unless (fi.no_signal);

  /* back on station 0 through the property */
  g_object_set (h->element, "frequency", MHZ (stations[0].frequency), NULL);
  fail_unless_equals_int (get_count (&c->frequency_changed), 3);
  fail_unless_equals_int (get_count (&c->signal_changed), 2);
  fail_unless_equals_int (c->last_strength, GST_TV_TUNER_SIGNAL_MAX);
  next_frame (h, card, &fi);
  fail_if (fi.no_signal);
  fail_unless_equals_int (fi.station, 0);

  /* out of range through the interface: refused, nothing changes */
  fail_if (gst_tv_tuner_set_frequency (tuner, tv, 10000000));
  fail_unless_equals_int (get_count (&c->frequency_changed), 3);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv),
      MHZ (stations[0].frequency));

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the streaming thread notices a change of the signal it did not make:
 * another handle retunes the card */
GST_START_TEST (test_signal_polled)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src ("Television", "PAL");
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint i;
  Counts *c;

  c = connect_counts (h->element);
  gst_harness_play (h);
  gst_buffer_unref (v4l2tv_check_pull_frame (h, card));

  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_frequency (dev, 0,
          V4L2_TUNER_ANALOG_TV, 2804 + 100, &err));
  gst_tv_hw_device_close (dev);

  /* half a second of PAL is 13 frames */
  for (i = 0; i < 30 && get_count (&c->signal_changed) == 0; i++)
    gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  fail_unless_equals_int (get_count (&c->signal_changed), 1);
  fail_unless_equals_int (c->last_strength, 0);
  fail_unless (i >= 10, "polled after %u frames", i);
  /* and only once for one change */
  for (i = 0; i < 30; i++)
    gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  fail_unless_equals_int (get_count (&c->signal_changed), 1);
  fail_unless_equals_int (get_count (&c->frequency_changed), 0);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the labels of a channel list, in order */
static GPtrArray *
channel_labels (const GList * l)
{
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);

  for (; l; l = l->next)
    g_ptr_array_add (labels,
        g_strdup (gst_tv_tuner_channel_get_label (l->data)));
  return labels;
}

/* whether channel list @l has the labels @labels, in order */
static gboolean
has_labels (const GList * l, GPtrArray * labels)
{
  guint i;

  for (i = 0; l && i < labels->len; l = l->next, i++)
    if (g_strcmp0 (gst_tv_tuner_channel_get_label (l->data),
            g_ptr_array_index (labels, i)) != 0)
      return FALSE;
  return l == NULL && i == labels->len;
}

/* number of times test_lists_kept_across_opens opens the same card */
#define REOPENS 5

/* The lists and objects handed out stay valid while the element lives
 * (v4l2tv-kept.c), and what the element keeps for that is bounded by the
 * cards it opened, not by how often: a reopen of the same card hands out
 * the very lists and objects of the first open, and after another card
 * (other inputs and standards) the first card's come back. The other
 * card's lists are new, and the first card's still read as they did. */
GST_START_TEST (test_lists_kept_across_opens)
{
  GstTvHwVirtualCard *usbtv;
  GstElement *src;
  GstTvTuner *tuner;
  GstColorBalance *balance;
  const GList *channels, *norms, *balance_channels;
  GstTvTunerChannel *tv;
  GstTvTunerNorm *pal;
  g_autoptr (GPtrArray) labels = NULL;
  g_autoptr (GPtrArray) usbtv_labels = NULL;
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  usbtv = gst_tv_hw_virtual_card_get_profile ("usbtv");
  fail_unless (usbtv != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (usbtv),
      "a handle is still open on virtual:usbtv");
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  tuner = GST_TV_TUNER (src);
  balance = GST_COLOR_BALANCE (src);
  g_object_set (src, "device", DEVICE, NULL);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  channels = gst_tv_tuner_list_channels (tuner);
  norms = gst_tv_tuner_list_norms (tuner);
  balance_channels = gst_color_balance_list_channels (balance);
  fail_unless (channels && norms && balance_channels);
  tv = find_channel (src, "Television");
  pal = find_norm (src, "PAL");
  labels = channel_labels (channels);

  /* the same card again: the same lists and objects, nothing new kept */
  for (i = 0; i < REOPENS; i++) {
    fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    fail_unless (gst_tv_tuner_list_channels (tuner) == NULL);
    fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
        GST_STATE_CHANGE_SUCCESS);
    fail_unless (gst_tv_tuner_list_channels (tuner) == channels,
        "open %u: a new channel list for the same card", i + 2);
    fail_unless (gst_tv_tuner_list_norms (tuner) == norms,
        "open %u: a new norm list for the same card", i + 2);
    fail_unless (gst_color_balance_list_channels (balance) ==
        balance_channels, "open %u: a new colour balance list for the same "
        "card", i + 2);
    fail_unless (find_channel (src, "Television") == tv);
    fail_unless (find_norm (src, "PAL") == pal);
  }

  /* another card: its own lists; the first card's still read the same */
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  g_object_set (src, "device", "virtual:usbtv", NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  usbtv_labels = channel_labels (gst_tv_tuner_list_channels (tuner));
  fail_unless_equals_int (usbtv_labels->len, 2);
  fail_unless_equals_string (g_ptr_array_index (usbtv_labels, 0), "Composite");
  fail_if (gst_tv_tuner_list_norms (tuner) == norms);
  fail_unless (has_labels (channels, labels));
  fail_unless_equals_string (gst_tv_tuner_norm_get_label (pal), "PAL");
  fail_unless (gst_tv_tuner_norm_get_std_id (pal) & V4L2_STD_PAL);

  /* back on the first card: its kept lists and objects */
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  g_object_set (src, "device", DEVICE, NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (gst_tv_tuner_list_channels (tuner) == channels);
  fail_unless (gst_tv_tuner_list_norms (tuner) == norms);
  fail_unless (gst_color_balance_list_channels (balance) == balance_channels);
  fail_unless (find_norm (src, "PAL") == pal);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (usbtv), 0);
}

GST_END_TEST;

static Suite *
v4l2tvtuner_suite (void)
{
  Suite *s = suite_create ("v4l2tvtuner");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc);

  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_src_lists);
  tcase_add_test (tc, test_sink_lists);
  tcase_add_test (tc, test_sink_frequency);
  tcase_add_test (tc, test_set_channel_and_norm);
  tcase_add_test (tc, test_select_in_ready);
  tcase_add_test (tc, test_norm_in_ready);
  tcase_add_test (tc, test_variant_norms);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_frequency_errors_at_start);
  tcase_add_test (tc, test_frequency_and_signal);
  tcase_add_test (tc, test_signal_polled);
  tcase_add_test (tc, test_lists_kept_across_opens);

  return s;
}

GST_CHECK_MAIN (v4l2tvtuner);
