/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the extra-controls property of v4l2tvsrc and v4l2tvsink
 * against the virtual TV card: controls by name (any case, normalised as
 * v4l2src does), integers, booleans, menus by index and by item name,
 * set at open after the element's own settings and at once while open;
 * the errors for unknown controls, wrong types and values out of range or
 * off the step, which name the device, the control and the choices, and
 * leave every control as it was.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include <gst/check/gstcheck.h>

#include "gstv4l2tvelements.h"
#include "gstv4l2tvextractrls.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 5
#define DEVICE "virtual:5"

#define card_ctrl(cid) v4l2tv_check_get_ctrl (DEVICE, cid)

static GstElement *
make (const gchar * factory, GstBus ** bus)
{
  GstElement *e = gst_element_factory_make (factory, NULL);

  fail_unless (e != NULL);
  v4l2tv_check_track (e);
  *bus = gst_bus_new ();
  gst_element_set_bus (e, *bus);
  g_object_set (e, "device", DEVICE, NULL);
  return e;
}

static void
set_controls (GstElement * e, const gchar * str)
{
  GstStructure *s = gst_structure_from_string (str, NULL);

  fail_unless (s != NULL, "bad structure %s", str);
  g_object_set (e, "extra-controls", s, NULL);
  gst_structure_free (s);
}

/* the next error or warning on @bus: RESOURCE SETTINGS, with every one of
 * the NULL-terminated strings in its text */
#define expect_message(bus, type, ...) \
    v4l2tv_check_expect_message (bus, type, 0, GST_RESOURCE_ERROR, \
        GST_RESOURCE_ERROR_SETTINGS, __VA_ARGS__)

static void
check_no_message (GstBus * bus)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR |
      GST_MESSAGE_WARNING);

  if (msg) {
    GError *err = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
      gst_message_parse_error (msg, &err, NULL);
    else
      gst_message_parse_warning (msg, &err, NULL);
    fail ("unexpected message: %s", err->message);
  }
}

static void
finish (GstElement * e, GstBus * bus)
{
  v4l2tv_check_release (e, bus, CARD);
}

GST_START_TEST (test_normalise)
{
  const gchar *cases[][2] = {
    {"Brightness", "brightness"},
    {"Chroma AGC", "chroma_agc"},
    {"Contrast, Adjust", "contrast_adjust"},
    {" -Black & White- ", "black_white"},
    {"wrap_timestamp", "wrap_timestamp"},
    {"", ""},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *n = gst_v4l2_tv_extra_ctrls_normalise (cases[i][0]);

    fail_unless_equals_string (n, cases[i][1]);
    g_free (n);
  }
}

GST_END_TEST;

/* set at open, after the element's own settings (brightness= is applied
 * first, so the extra control wins), and read back as given */
GST_START_TEST (test_at_open)
{
  GstStructure *got;
  GstElement *src;
  GstBus *bus;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = make ("v4l2tvsrc", &bus);
  g_object_get (src, "extra-controls", &got, NULL);
  fail_unless (got == NULL);
  g_object_set (src, "brightness", 10, NULL);
  set_controls (src, "c,BRIGHTNESS=140,hue=-5,vertical_flip=true,"
      "Horizontal-Flip=1,color_effects=\"negative\",saturation=200");
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 140);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), -5);
  fail_unless_equals_int (card_ctrl (V4L2_CID_VFLIP), 1);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HFLIP), 1);
  fail_unless_equals_int (card_ctrl (V4L2_CID_COLORFX), 3);
  fail_unless_equals_int (card_ctrl (V4L2_CID_SATURATION), 200);
  check_no_message (bus);

  g_object_get (src, "extra-controls", &got, NULL);
  fail_unless (got != NULL);
  fail_unless (gst_structure_has_field (got, "BRIGHTNESS"));
  gst_structure_free (got);

  /* the menu by index, the item "Black & White" by its normalised name */
  set_controls (src, "c,color_effects=0");
  fail_unless_equals_int (card_ctrl (V4L2_CID_COLORFX), 0);
  set_controls (src, "c,color_effects=black_white");
  fail_unless_equals_int (card_ctrl (V4L2_CID_COLORFX), 1);
  check_no_message (bus);
  finish (src, bus);
}

GST_END_TEST;

/* at once while open, in PLAYING too */
GST_START_TEST (test_while_playing)
{
  GstTvHwVirtualCard *card;
  GstHarness *h;
  GstBuffer *buf;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  h = gst_harness_new_parse ("v4l2tvsrc device=" DEVICE
      " extra-controls=\"c,contrast=90\"");
  v4l2tv_check_track (h->element);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  fail_unless_equals_int (card_ctrl (V4L2_CID_CONTRAST), 90);
  {
    GstElement *src = gst_harness_find_element (h, "v4l2tvsrc");
    GstStructure *s = gst_structure_new ("c", "contrast", G_TYPE_INT, 30,
        NULL);

    fail_unless (src != NULL);
    g_object_set (src, "extra-controls", s, NULL);
    gst_structure_free (s);
    gst_object_unref (src);
  }
  fail_unless_equals_int (card_ctrl (V4L2_CID_CONTRAST), 30);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* every error at open fails the state change, names the device, the
 * control and the choices, and changes nothing (the good fields before
 * the bad one are not set either) */
GST_START_TEST (test_errors_at_open)
{
  const struct
  {
    const gchar *controls;
    const gchar *want[4];
  } cases[] = {
    {"c,brightness=50,bogus=1", {"'bogus'", DEVICE,
            "brightness, contrast, saturation, hue", NULL}},
    {"c,brightness=50,hue=999", {"'hue'", DEVICE, "from -128 to 128",
            "999"}},
    {"c,brightness=50,hue=-129", {"'hue'", "from -128 to 128", "-129",
            NULL}},
    {"c,brightness=50,contrast=abc", {"'contrast'", "0 to 255", "abc",
            NULL}},
    {"c,brightness=50,contrast=1.5", {"'contrast'", "0 to 255", "1.5",
            NULL}},
    {"c,brightness=50,vertical_flip=2", {"'vertical_flip'", "from 0 to 1",
            "2", NULL}},
    {"c,brightness=50,vertical_flip=yes_please", {"'vertical_flip'",
            "from 0 to 1", NULL}},
    {"c,brightness=50,color_effects=7", {"'color_effects'",
            "0: None, 1: Black & White, 3: Negative", "7", NULL}},
    /* an item the menu skips (QUERYMENU EINVAL), by index and by name */
    {"c,brightness=50,color_effects=2", {"'color_effects'", "3: Negative",
            NULL}},
    {"c,brightness=50,color_effects=sepia", {"'color_effects'", "sepia",
            NULL}},
    {"c,brightness=50,color_effects=purple", {"'color_effects'", "Negative",
            "purple", NULL}},
    {"c,brightness=50,color_effects=true", {"'color_effects'", "Negative",
            NULL}},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstElement *src;
    GstBus *bus;

    v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
    src = make ("v4l2tvsrc", &bus);
    set_controls (src, cases[i].controls);
    fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
        GST_STATE_CHANGE_FAILURE);
    expect_message (bus, GST_MESSAGE_ERROR, cases[i].want[0],
        cases[i].want[1], cases[i].want[2], cases[i].want[3], NULL);
    fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 128);
    finish (src, bus);
  }
}

GST_END_TEST;

/* while open: a warning, nothing changed, the stream goes on; the next
 * open fails with the error */
GST_START_TEST (test_errors_while_open)
{
  GstElement *src;
  GstBus *bus;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = make ("v4l2tvsrc", &bus);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  set_controls (src, "c,saturation=10,Hue=300");
  expect_message (bus, GST_MESSAGE_WARNING, "'hue'", DEVICE,
      "from -128 to 128", "300", NULL);
  fail_unless_equals_int (card_ctrl (V4L2_CID_SATURATION), 128);
  set_controls (src, "c,saturation=10,sharpness=3");
  expect_message (bus, GST_MESSAGE_WARNING, "no control 'sharpness'",
      "color_effects", NULL);
  fail_unless_equals_int (card_ctrl (V4L2_CID_SATURATION), 128);
  check_no_message (bus);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  expect_message (bus, GST_MESSAGE_ERROR, "'sharpness'", NULL);

  /* the control itself fails on the card */
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  set_controls (src, "c,saturation=10");
  gst_tv_hw_virtual_card_inject_faults (gst_tv_hw_virtual_card_get (CARD),
      GST_TV_HW_VIRTUAL_FAULT_S_CTRL, EIO, 100);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  expect_message (bus, GST_MESSAGE_ERROR, DEVICE, "refused 10",
      "'saturation'", NULL);
  finish (src, bus);
}

GST_END_TEST;

/* the sink: the output node of the virtual card has no controls */
GST_START_TEST (test_sink)
{
  GstElement *sink;
  GstBus *bus;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  sink = make ("v4l2tvsink", &bus);
  fail_unless (g_object_class_find_property (G_OBJECT_GET_CLASS (sink),
          "extra-controls") != NULL);
  set_controls (sink, "c,brightness=1");
  fail_unless_equals_int (gst_element_set_state (sink, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  expect_message (bus, GST_MESSAGE_ERROR, "no control 'brightness'",
      "(none)", NULL);
  /* an empty structure sets nothing */
  set_controls (sink, "c");
  fail_unless_equals_int (gst_element_set_state (sink, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_set (sink, "extra-controls", NULL, NULL);
  check_no_message (bus);
  finish (sink, bus);
}

GST_END_TEST;

static Suite *
v4l2tvextractrls_suite (void)
{
  Suite *s = suite_create ("v4l2tvextractrls");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_normalise);
  tcase_add_test (tc, test_at_open);
  tcase_add_test (tc, test_while_playing);
  tcase_add_test (tc, test_errors_at_open);
  tcase_add_test (tc, test_errors_while_open);
  tcase_add_test (tc, test_sink);

  return s;
}

GST_CHECK_MAIN (v4l2tvextractrls);
