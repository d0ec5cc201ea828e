/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tests of v4l2tvsrc on the virtual card's driver profiles (issue 29):
 * device=virtual:usbtv captures at usbtv's standards with usbtv's caps,
 * switches its inputs, says that it cannot detect a standard, and names
 * its real inputs when asked for one it does not have.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-std.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define DEVICE "virtual:usbtv"

typedef struct
{
  GList *warnings;              /* the warnings' texts */
  gchar *error;                 /* the error's text, if any */
  GstCaps *caps;                /* at the end */
  gchar *input;                 /* the input property at the end */
} Result;

static void
result_clear (Result * r)
{
  g_list_free_full (r->warnings, g_free);
  g_free (r->error);
  g_free (r->input);
  gst_clear_caps (&r->caps);
  memset (r, 0, sizeof (*r));
}

static GstTvHwVirtualCard *
setup_usbtv (void)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get_profile ("usbtv");

  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (card),
      "a handle is still open on the card");
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  return card;
}

/* runs v4l2tvsrc on usbtv with @props for 3 frames, or until an error */
static void
run (const gchar * props, Result * r)
{
  GstElement *pipeline, *src;
  GstMessage *msg;
  GstPad *pad;
  GstBus *bus;
  gchar *launch;
  GError *err = NULL;
  gboolean done = FALSE;

  memset (r, 0, sizeof (*r));
  launch = g_strdup_printf ("v4l2tvsrc name=src device=" DEVICE " %s "
      "num-buffers=3 ! fakesink", props);
  pipeline = gst_parse_launch (launch, NULL);
  g_free (launch);
  fail_unless (pipeline != NULL);
  v4l2tv_check_track (pipeline);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (!done) {
    msg = gst_bus_timed_pop (bus, V4L2TV_CHECK_WAIT);
    fail_unless (msg != NULL, "no EOS or error");
    switch (GST_MESSAGE_TYPE (msg)) {
      case GST_MESSAGE_ERROR:
        gst_message_parse_error (msg, &err, NULL);
        r->error = g_strdup (err->message);
        g_clear_error (&err);
        done = TRUE;
        break;
      case GST_MESSAGE_WARNING:
        gst_message_parse_warning (msg, &err, NULL);
        r->warnings = g_list_append (r->warnings, g_strdup (err->message));
        g_clear_error (&err);
        break;
      case GST_MESSAGE_EOS:
        done = TRUE;
        break;
      default:
        break;
    }
    gst_message_unref (msg);
  }
  pad = gst_element_get_static_pad (src, "src");
  r->caps = gst_pad_get_current_caps (pad);
  gst_object_unref (pad);
  g_object_get (src, "input", &r->input, NULL);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

/* usbtv's caps at a standard of @lines lines: 720 wide (norm_params[]),
 * YUYV only (usbtv_enum_fmt_vid_cap), interlaced (usbtv_fmt_vid_cap) */
static void
check_caps (GstCaps * caps, guint lines)
{
  GstStructure *s;
  gint width = 0, height = 0, fps_n = 0, fps_d = 0;

  fail_unless (caps != NULL, "no caps");
  s = gst_caps_get_structure (caps, 0);
  fail_unless_equals_string (gst_structure_get_name (s), "video/x-raw");
  fail_unless_equals_string (gst_structure_get_string (s, "format"), "YUY2");
  fail_unless (gst_structure_get_int (s, "width", &width));
  fail_unless (gst_structure_get_int (s, "height", &height));
  fail_unless (gst_structure_get_fraction (s, "framerate", &fps_n, &fps_d));
  fail_unless_equals_int (width, 720);
  fail_unless_equals_string (gst_structure_get_string (s, "interlace-mode"),
      "interleaved");
  if (lines == 525) {
    fail_unless_equals_int (height, 480);
    fail_unless_equals_int (fps_n, 30000);
    fail_unless_equals_int (fps_d, 1001);
    fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
        "bottom-field-first");
  } else {
    fail_unless_equals_int (height, 576);
    fail_unless_equals_int (fps_n, 25);
    fail_unless_equals_int (fps_d, 1);
    fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
        "top-field-first");
  }
}

/* the power-on standard (V4L2_STD_525_60, usbtv_video_init()) without a
 * norm asked for */
GST_START_TEST (test_power_on)
{
  Result r;

  setup_usbtv ();
  run ("", &r);
  fail_unless (r.error == NULL, "%s", r.error);
  check_caps (r.caps, 525);
  fail_unless_equals_string (r.input, "Composite");
  result_clear (&r);
}

GST_END_TEST;

/* every named standard the profile lists gives its size and rate; one
 * it does not list (PAL-N, NTSC... are in; PAL-N is out) is refused */
GST_START_TEST (test_each_standard)
{
  const GstTvHwVirtualProfile *p = gst_tv_hw_virtual_profile_find ("usbtv");
  guint i, n = 0;
  Result r;

  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *std = &gst_tv_hw_standards[i];
    gchar *props;

    if ((std->id & ~p->inputs[0].std) != 0)
      continue;
    setup_usbtv ();
    props = g_strdup_printf ("norm=%s", std->name);
    run (props, &r);
    fail_unless (r.error == NULL, "%s: %s", props, r.error);
    check_caps (r.caps, std->system->lines);
    result_clear (&r);
    g_free (props);
    n++;
  }
  /* NTSC-M, -JP, -KR, NTSC-443, PAL-M, PAL-60, the PALs, PAL-Nc, the
   * SECAMs at least */
  fail_unless (n >= 10, "only %u standards", n);

  setup_usbtv ();
  run ("norm=PAL-N", &r);
  fail_unless (r.error != NULL);
  result_clear (&r);
}

GST_END_TEST;

/* input=S-Video switches (usbtv_enum_input()'s second input) */
GST_START_TEST (test_svideo)
{
  GstTvHwVirtualCard *card;
  Result r;

  card = setup_usbtv ();
  run ("input=S-Video norm=PAL", &r);
  fail_unless (r.error == NULL, "%s", r.error);
  check_caps (r.caps, 625);
  fail_unless_equals_string (r.input, "S-Video");
  result_clear (&r);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
}

GST_END_TEST;

/* norm=auto: no QUERYSTD on usbtv, the warning says so and the standard
 * in force stays */
GST_START_TEST (test_auto_cannot_detect)
{
  Result r;

  setup_usbtv ();
  run ("input=Composite norm=PAL-BG", &r);
  result_clear (&r);
  run ("input=Composite norm=auto", &r);
  fail_unless (r.error == NULL, "%s", r.error);
  fail_unless_equals_int (g_list_length (r.warnings), 1);
  fail_unless_equals_string (r.warnings->data, "Device '" DEVICE "' cannot "
      "detect the standard of a signal; using PAL-BG on input 'Composite'. "
      "Set norm to the standard of the source.");
  check_caps (r.caps, 625);
  result_clear (&r);
}

GST_END_TEST;

/* a wrong input name: the error lists usbtv's real inputs */
GST_START_TEST (test_wrong_input)
{
  Result r;

  setup_usbtv ();
  run ("input=Television", &r);
  fail_unless (r.error != NULL);
  fail_unless_equals_string (r.error, "Device '" DEVICE "' has no input "
      "'Television'; its inputs are: Composite, S-Video.");
  result_clear (&r);
  /* past the last index */
  run ("input=2", &r);
  fail_unless (r.error != NULL);
  fail_unless (strstr (r.error, "its inputs are: Composite, S-Video.") != NULL,
      "%s", r.error);
  result_clear (&r);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_profiles_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-profiles");
  TCase *tc = tcase_create ("usbtv");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, 120);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_power_on);
  tcase_add_test (tc, test_each_standard);
  tcase_add_test (tc, test_svideo);
  tcase_add_test (tc, test_auto_cannot_detect);
  tcase_add_test (tc, test_wrong_input);
  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_profiles);
