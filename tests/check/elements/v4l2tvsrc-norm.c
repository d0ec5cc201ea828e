/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * norm=auto on v4l2tvsrc, against the virtual TV card: the standard
 * detected with VIDIOC_QUERYSTD and set, several candidates resolved the
 * documented way, no signal a warning and a fallback, a live input switch
 * detecting again, the v4l2tv-norm-detected message and the detected-norm
 * property; the sink refusing auto; norm=auto in a URI. And the
 * audio-input property, checked against the video input's audioset.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 1
#define DEVICE "virtual:1"
#define COMPOSITE1 1

typedef struct
{
  GList *detected;              /* v4l2tv-norm-detected messages */
  GList *warnings;              /* their messages' texts */
  gint height;                  /* of the caps at the end */
  gchar *detected_norm;         /* the property at the end */
} Result;

static void
result_clear (Result * r)
{
  g_list_free_full (r->detected, (GDestroyNotify) gst_message_unref);
  g_list_free_full (r->warnings, g_free);
  g_free (r->detected_norm);
  memset (r, 0, sizeof (*r));
}

/* keeps what the test looks at from the bus; fails on an error */
static gboolean
take_message (Result * r, GstMessage * msg)
{
  GError *err = NULL;
  gboolean eos = FALSE;

  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ERROR:
      gst_message_parse_error (msg, &err, NULL);
      fail ("error: %s", err->message);
      break;
    case GST_MESSAGE_WARNING:
      gst_message_parse_warning (msg, &err, NULL);
      GST_INFO ("warning: %s", err->message);
      r->warnings = g_list_append (r->warnings, g_strdup (err->message));
      g_clear_error (&err);
      break;
    case GST_MESSAGE_ELEMENT:
      if (gst_message_has_name (msg, "v4l2tv-norm-detected")) {
        GST_INFO ("%" GST_PTR_FORMAT, gst_message_get_structure (msg));
        r->detected = g_list_append (r->detected, gst_message_ref (msg));
      }
      break;
    case GST_MESSAGE_EOS:
      eos = TRUE;
      break;
    default:
      break;
  }
  gst_message_unref (msg);
  return eos;
}

/* runs v4l2tvsrc with @props for a few frames */
static void
run (const gchar * props, Result * r)
{
  GstElement *pipeline, *src;
  GstMessage *msg;
  GstCaps *caps;
  GstPad *pad;
  GstBus *bus;
  gchar *launch;

  memset (r, 0, sizeof (*r));
  launch = g_strdup_printf ("v4l2tvsrc name=src device=" DEVICE " %s "
      "num-buffers=3 ! fakesink", props);
  pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (pipeline);
  g_free (launch);
  fail_unless (pipeline != NULL);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  bus = gst_element_get_bus (pipeline);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  do {
    msg = gst_bus_timed_pop (bus, V4L2TV_CHECK_WAIT);
    fail_unless (msg != NULL, "no EOS");
  } while (!take_message (r, msg));

  pad = gst_element_get_static_pad (src, "src");
  caps = gst_pad_get_current_caps (pad);
  fail_unless (caps != NULL);
  fail_unless (gst_structure_get_int (gst_caps_get_structure (caps, 0),
          "height", &r->height));
  gst_caps_unref (caps);
  gst_object_unref (pad);
  g_object_get (src, "detected-norm", &r->detected_norm, NULL);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

static void
check_detected (GstMessage * msg, const gchar * input, guint index,
    const gchar * detected, const gchar * chosen, gboolean fallback)
{
  const GstStructure *s = gst_message_get_structure (msg);
  gboolean b;
  guint i;
  guint64 bits;

  fail_unless_equals_string (gst_structure_get_string (s, "device"), DEVICE);
  fail_unless_equals_string (gst_structure_get_string (s, "input"), input);
  fail_unless (gst_structure_get_uint (s, "input-index", &i));
  fail_unless_equals_int (i, index);
  fail_unless_equals_string (gst_structure_get_string (s, "detected"),
      detected);
  fail_unless (gst_structure_get_uint64 (s, "detected-bits", &bits));
  fail_unless_equals_int (bits == 0, fallback);
  fail_unless_equals_string (gst_structure_get_string (s, "chosen"), chosen);
  fail_unless (gst_structure_get_boolean (s, "fallback", &b));
  fail_unless_equals_int (b, fallback);
}

/* each input of the card carries one standard: it is found and set */
GST_START_TEST (test_auto_detects)
{
  Result r;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run ("input=Composite1 norm=auto", &r);
  fail_unless_equals_int (g_list_length (r.detected), 1);
  check_detected (r.detected->data, "Composite1", 1, "NTSC-M", "NTSC-M", FALSE);
  fail_unless_equals_int (r.height, 480);
  fail_unless_equals_string (r.detected_norm, "NTSC-M");
  fail_unless (r.warnings == NULL);
  result_clear (&r);

  run ("input=S-Video norm=auto", &r);
  fail_unless_equals_int (g_list_length (r.detected), 1);
  check_detected (r.detected->data, "S-Video", 2, "PAL-BG", "PAL-BG", FALSE);
  fail_unless_equals_int (r.height, 576);
  fail_unless_equals_string (r.detected_norm, "PAL-BG");
  result_clear (&r);

  /* without auto: no detection, no message */
  run ("input=S-Video norm=PAL", &r);
  fail_unless (r.detected == NULL);
  fail_unless (r.detected_norm == NULL);
  result_clear (&r);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a signal the card only knows to be 525-line: the current standard when
 * it is a candidate, else the first name of the list all candidates */
GST_START_TEST (test_auto_candidates)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  Result r;

  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1,
          V4L2_STD_525_60));
  /* the card is on PAL-M (settings persist), a candidate: kept */
  run ("input=Composite1 norm=PAL-M", &r);
  result_clear (&r);
  run ("input=Composite1 norm=auto", &r);
  fail_unless_equals_int (g_list_length (r.detected), 1);
  check_detected (r.detected->data, "Composite1", 1,
      "NTSC, NTSC-443, PAL-M, PAL-60", "PAL-M", FALSE);
  fail_unless_equals_int (r.height, 480);
  result_clear (&r);

  /* on PAL-BG, not a candidate: NTSC, the first name */
  run ("input=Composite1 norm=PAL-BG", &r);
  result_clear (&r);
  run ("input=Composite1 norm=auto", &r);
  check_detected (r.detected->data, "Composite1", 1,
      "NTSC, NTSC-443, PAL-M, PAL-60", "NTSC", FALSE);
  fail_unless_equals_string (r.detected_norm, "NTSC");
  fail_unless_equals_int (r.height, 480);
  result_clear (&r);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* nothing connected: a warning naming input and device, the fallback */
GST_START_TEST (test_auto_no_signal)
{
  Result r;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  /* the card's standard PAL-BG, kept */
  run ("input=Composite2 norm=PAL-BG", &r);
  result_clear (&r);
  run ("input=Composite2 norm=auto", &r);
  fail_unless_equals_int (g_list_length (r.detected), 1);
  check_detected (r.detected->data, "Composite2", 3, "", "PAL-BG", TRUE);
  fail_unless (r.detected_norm == NULL);
  fail_unless_equals_int (g_list_length (r.warnings), 1);
  fail_unless_equals_string (r.warnings->data, "No signal on input "
      "'Composite2' of device '" DEVICE "' to detect its standard from; "
      "using PAL-BG.");
  fail_unless_equals_int (r.height, 576);
  result_clear (&r);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a card that cannot detect a standard at all (QUERYSTD answered ENOTTY,
 * as usbtv's driver has no such ioctl): the warning says so, not that
 * there is no signal; the card's standard is kept */
GST_START_TEST (test_auto_no_detection)
{
  GstTvHwVirtualCard *card;
  Result r;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run ("input=Composite1 norm=PAL-BG", &r);
  result_clear (&r);
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_QUERYSTD,
      ENOTTY);
  run ("input=Composite1 norm=auto", &r);
  fail_unless_equals_int (g_list_length (r.detected), 1);
  check_detected (r.detected->data, "Composite1", 1, "", "PAL-BG", TRUE);
  fail_unless (r.detected_norm == NULL);
  fail_unless_equals_int (g_list_length (r.warnings), 1);
  fail_unless_equals_string (r.warnings->data, "Device '" DEVICE "' cannot "
      "detect the standard of a signal; using PAL-BG on input 'Composite1'. "
      "Set norm to the standard of the source.");
  fail_unless_equals_int (r.height, 576);
  result_clear (&r);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a switch of input while playing detects again */
GST_START_TEST (test_auto_switch_live)
{
  GstElement *pipeline, *src;
  GstMessage *msg;
  GstBus *bus;
  Result r;
  GstCaps *caps;
  GstPad *pad;
  gint height = 0;
  gint64 end;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  memset (&r, 0, sizeof (r));
  pipeline = gst_parse_launch ("v4l2tvsrc name=src device=" DEVICE
      " input=Composite1 norm=auto ! fakesink", NULL);
  v4l2tv_check_track (pipeline);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  bus = gst_element_get_bus (pipeline);
  pad = gst_element_get_static_pad (src, "src");
  fail_unless_equals_int (gst_element_set_state (pipeline,
          GST_STATE_PLAYING), GST_STATE_CHANGE_ASYNC);
  fail_unless_equals_int (gst_element_get_state (pipeline, NULL, NULL,
          V4L2TV_CHECK_WAIT), GST_STATE_CHANGE_SUCCESS);
  g_object_set (src, "input", "S-Video", NULL);

  end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  while (height != 576) {
    fail_unless (g_get_monotonic_time () < end, "no switch");
    while ((msg = gst_bus_pop (bus)))
      take_message (&r, msg);
    caps = gst_pad_get_current_caps (pad);
    if (caps) {
      gst_structure_get_int (gst_caps_get_structure (caps, 0), "height",
          &height);
      gst_caps_unref (caps);
    }
    g_usleep (10000);
  }
  while ((msg = gst_bus_pop (bus)))
    take_message (&r, msg);
  fail_unless_equals_int (g_list_length (r.detected), 2);
  check_detected (r.detected->data, "Composite1", 1, "NTSC-M", "NTSC-M", FALSE);
  check_detected (r.detected->next->data, "S-Video", 2, "PAL-BG", "PAL-BG",
      FALSE);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  result_clear (&r);
  gst_object_unref (pad);
  gst_object_unref (src);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* an output has no signal to detect */
GST_START_TEST (test_sink_refuses_auto)
{
  GstElement *pipeline;
  GstMessage *msg;
  GError *err = NULL;
  GstBus *bus;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = gst_parse_launch ("videotestsrc ! v4l2tvsink name=sink device="
      DEVICE " output=0 norm=auto", NULL);
  v4l2tv_check_track (pipeline);
  bus = gst_element_get_bus (pipeline);
  fail_unless_equals_int (gst_element_set_state (pipeline,
          GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  gst_message_parse_error (msg, &err, NULL);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS));
  fail_unless_equals_string (err->message, "norm auto detects the standard "
      "of a signal coming in, so an output cannot have it: output 'Composite "
      "Out' of device '" DEVICE "' needs a norm, one of: NTSC, NTSC-443, "
      "PAL, PAL-M, PAL-N, PAL-Nc, PAL-60, SECAM.");
  g_clear_error (&err);
  gst_message_unref (msg);
  /* ours only */
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR) == NULL);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the property and the URI take "auto" */
GST_START_TEST (test_auto_property_and_uri)
{
  GstElement *src;
  GError *err = NULL;
  GValue norm = G_VALUE_INIT;
  gchar *str, *detected = (gchar *) "unset";

  src = gst_element_make_from_uri (GST_URI_SRC,
      "v4l2tv://" DEVICE "?input=S-Video&norm=auto", NULL, &err);
  v4l2tv_check_track (src);
  fail_unless (src != NULL, "%s", err ? err->message : "");
  g_value_init (&norm, G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property
          (G_OBJECT_GET_CLASS (src), "norm")));
  g_object_get_property (G_OBJECT (src), "norm", &norm);
  str = gst_value_serialize (&norm);
  fail_unless_equals_string (str, "auto");
  g_free (str);
  g_value_unset (&norm);
  /* nothing detected before it runs */
  g_object_get (src, "detected-norm", &detected, NULL);
  fail_unless (detected == NULL);
  gst_object_unref (src);
}

GST_END_TEST;

/* --- audio-input --- */

/* the card's audio input now, through a handle of our own */
static guint32
card_audio_input (void)
{
  GstTvHwDevice *dev =
      gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE,
      NULL);
  struct v4l2_audio audio;

  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_audio (dev, &audio, NULL));
  gst_tv_hw_device_close (dev);

  return audio.index;
}

/* @props fail to start with a settings error saying @text */
static void
expect_error (const gchar * props, const gchar * text)
{
  GstElement *pipeline;
  GstMessage *msg;
  GError *err = NULL;
  GstBus *bus;
  gchar *launch;

  launch = g_strdup_printf ("v4l2tvsrc name=src device=" DEVICE " %s "
      "num-buffers=3 ! fakesink", props);
  pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (pipeline);
  g_free (launch);
  bus = gst_element_get_bus (pipeline);
  fail_unless_equals_int (gst_element_set_state (pipeline,
          GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  gst_message_parse_error (msg, &err, NULL);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS));
  fail_unless_equals_string (err->message, text);
  g_clear_error (&err);
  gst_message_unref (msg);
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR) == NULL);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

/* a tuner input with both audio inputs (as vivid's), one with none */
static const GstTvHwVirtualInput audio_inputs[] = {
  {"Tuner", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0x3},
  {"Camera", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0},
};

GST_START_TEST (test_audio_input)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  Result r;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, audio_inputs,
          G_N_ELEMENTS (audio_inputs)));
  /* by name, case-insensitive, and by index */
  run ("input=Tuner audio-input=line-in", &r);
  result_clear (&r);
  fail_unless_equals_int (card_audio_input (), 1);
  run ("input=Tuner audio-input=0", &r);
  result_clear (&r);
  fail_unless_equals_int (card_audio_input (), 0);
  run ("input=Tuner audio-input=Line-In", &r);
  result_clear (&r);
  fail_unless_equals_int (card_audio_input (), 1);
  /* unset: kept */
  run ("input=Tuner", &r);
  result_clear (&r);
  fail_unless_equals_int (card_audio_input (), 1);

  expect_error ("input=Tuner audio-input=Radio", "Device '" DEVICE "' has "
      "no audio input 'Radio'; its audio inputs are: TV, Line-In.");
  expect_error ("input=Tuner audio-input=2", "Device '" DEVICE "' has "
      "no audio input '2'; its audio inputs are: TV, Line-In.");
  expect_error ("input=Camera audio-input=TV", "Input 'Camera' of device '"
      DEVICE "' has no audio inputs, so audio input 'TV' cannot go with it; "
      "leave audio-input unset.");
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the card's own inputs: Television with TV, the others with Line-In */
GST_START_TEST (test_audio_input_pairs)
{
  Result r;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run ("input=Television audio-input=TV", &r);
  result_clear (&r);
  fail_unless_equals_int (card_audio_input (), 0);
  run ("input=S-Video audio-input=Line-In", &r);
  result_clear (&r);
  fail_unless_equals_int (card_audio_input (), 1);
  expect_error ("input=Composite1 audio-input=TV", "Audio input 'TV' of "
      "device '" DEVICE "' does not go with input 'Composite1'; the audio "
      "inputs that do are: Line-In.");
  expect_error ("input=Television audio-input=line-in", "Audio input "
      "'Line-In' of device '" DEVICE "' does not go with input 'Television'; "
      "the audio inputs that do are: TV.");
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- names of single standards --- */

/* the card's standard now, through a handle of our own */
static v4l2_std_id
card_std (void)
{
  GstTvHwDevice *dev =
      gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE,
      NULL);
  v4l2_std_id std = 0;

  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_std (dev, &std, NULL));
  gst_tv_hw_device_close (dev);

  return std;
}

/* the element @uri makes captures a few frames */
static void
run_uri (const gchar * uri)
{
  GstElement *pipeline, *src, *sink;
  GstMessage *msg;
  GError *err = NULL;
  GstBus *bus;

  src = gst_element_make_from_uri (GST_URI_SRC, uri, NULL, &err);
  fail_unless (src != NULL, "%s", err ? err->message : "");
  g_object_set (src, "num-buffers", 3, NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  pipeline = gst_pipeline_new (NULL);
  v4l2tv_check_track (pipeline);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  fail_unless (gst_element_link (src, sink));
  bus = gst_element_get_bus (pipeline);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no EOS");
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

/* PAL-B, SECAM-K1, ...: one standard each, set as it is named, in the
 * property and in a URI; a group keeps meaning all its variants */
GST_START_TEST (test_variants)
{
  GstElement *src;
  Result r;
  gchar *uri;
  gint norm = 0;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run ("input=S-Video norm=PAL-B", &r);
  fail_unless_equals_int (r.height, 576);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_PAL_B);
  run ("input=S-Video norm=SECAM-K1", &r);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_SECAM_K1);
  run ("input=S-Video norm=PAL-D", &r);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_PAL_D);
  /* the groups: every variant */
  run ("input=S-Video norm=PAL-DK", &r);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_PAL_DK);
  run ("input=S-Video norm=SECAM", &r);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_SECAM);

  /* the URI takes them, and gives them back */
  run_uri ("v4l2tv://" DEVICE "?input=S-Video&norm=PAL-G");
  fail_unless_equals_uint64 (card_std (), V4L2_STD_PAL_G);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  gst_util_set_object_arg (G_OBJECT (src), "norm", "SECAM-K");
  g_object_get (src, "norm", &norm, NULL);
  fail_unless_equals_uint64 ((guint64) norm, V4L2_STD_SECAM_K);
  g_object_set (src, "device", DEVICE, "input", "S-Video", NULL);
  uri = gst_uri_handler_get_uri (GST_URI_HANDLER (src));
  fail_unless_equals_string (uri,
      "v4l2tv://" DEVICE "?input=S-Video&norm=SECAM-K");
  g_free (uri);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* an input of PAL-B and PAL-G only (no PAL-B1), as some cards have */
static const GstTvHwVirtualInput variant_inputs[] = {
  {"BG", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_PAL_B | V4L2_STD_PAL_G,
      V4L2_STD_PAL_B, 0x2},
  {"SECAM-D/K", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_SECAM_D | V4L2_STD_SECAM_K,
      V4L2_STD_SECAM_K, 0x2},
};

/* what an input does not take is refused, listing valid norm= names */
GST_START_TEST (test_variants_refused)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  Result r;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, variant_inputs,
          G_N_ELEMENTS (variant_inputs)));
  /* a group: the card gets the variants it has */
  run ("input=BG norm=PAL-BG", &r);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_PAL_B | V4L2_STD_PAL_G);
  run ("input=BG norm=PAL-G", &r);
  result_clear (&r);
  fail_unless_equals_uint64 (card_std (), V4L2_STD_PAL_G);

  expect_error ("input=BG norm=PAL-B1", "Input 'BG' of device '" DEVICE
      "' does not support norm PAL-B1; it supports: PAL-B, PAL-G.");
  expect_error ("input=BG norm=PAL-DK", "Input 'BG' of device '" DEVICE
      "' does not support norm PAL-DK; it supports: PAL-B, PAL-G.");
  expect_error ("input=SECAM-D/K norm=SECAM-K1", "Input 'SECAM-D/K' of "
      "device '" DEVICE "' does not support norm SECAM-K1; it supports: "
      "SECAM-D, SECAM-K.");
  expect_error ("input=SECAM-D/K norm=PAL", "Input 'SECAM-D/K' of "
      "device '" DEVICE "' does not support norm PAL; it supports: "
      "SECAM-D, SECAM-K.");
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_norm_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-norm");
  TCase *tc = tcase_create ("auto");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_auto_detects);
  tcase_add_test (tc, test_auto_candidates);
  tcase_add_test (tc, test_auto_no_signal);
  tcase_add_test (tc, test_auto_no_detection);
  tcase_add_test (tc, test_auto_switch_live);
  tcase_add_test (tc, test_sink_refuses_auto);
  tcase_add_test (tc, test_auto_property_and_uri);
  tc = tcase_create ("audio");
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_audio_input);
  tcase_add_test (tc, test_audio_input_pairs);
  tcase_add_test (tc, test_variants);
  tcase_add_test (tc, test_variants_refused);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_norm);
