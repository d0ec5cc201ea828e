/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tests of v4l2tvsrc on the virtual card's driver profiles (issue 29),
 * each test run over every profile (device=virtual:usbtv,
 * virtual:em28xx, virtual:stk1160, virtual:bttv, virtual:cx88): captures
 * at the profile's standards with its caps,
 * switches its inputs, detects the standard or says that it cannot, and
 * names its real inputs when asked for one it does not have.
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

typedef struct
{
  GList *warnings;              /* the warnings' texts */
  gchar *error;                 /* the error's text, if any */
  GstCaps *caps;                /* at the end */
  gchar *input;                 /* the input property at the end */
  gchar *detected;              /* the detected-norm property at the end */
} Result;

static void
result_clear (Result * r)
{
  g_list_free_full (r->warnings, g_free);
  g_free (r->error);
  g_free (r->input);
  g_free (r->detected);
  gst_clear_caps (&r->caps);
  memset (r, 0, sizeof (*r));
}

/* profile @i (a loop test's _i), its card at power-on and free-running */
static const GstTvHwVirtualProfile *
setup_profile (gint i)
{
  const GstTvHwVirtualProfile *p;
  GstTvHwVirtualCard *card;
  guint n;

  p = &gst_tv_hw_virtual_profiles (&n)[i];
  fail_unless ((guint) i < n);
  card = gst_tv_hw_virtual_card_get_profile (p->name);
  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (card),
      "a handle is still open on the card");
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  return p;
}

/* runs v4l2tvsrc on profile @p's card with @props for 3 frames, or until
 * an error */
static void
run (const GstTvHwVirtualProfile * p, const gchar * props, Result * r)
{
  GstElement *pipeline, *src;
  GstMessage *msg;
  GstPad *pad;
  GstBus *bus;
  gchar *launch;
  GError *err = NULL;
  gboolean done = FALSE;

  memset (r, 0, sizeof (*r));
  launch = g_strdup_printf ("v4l2tvsrc name=src device=virtual:%s %s "
      "num-buffers=3 ! fakesink", p->name, props);
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
  g_object_get (src, "input", &r->input, "detected-norm", &r->detected, NULL);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

/* the first of @p's formats (in ENUM_FMT order) that the virtual card
 * makes, packed 4:2:2: the one v4l2tvsrc picks (usbtv
 * usbtv_enum_fmt_vid_cap() and em28xx format[0]: YUYV; stk1160 format[]:
 * UYVY; bttv formats[]: GREY and RGB first, which the card answers as
 * YUYV, so TRY_FMT leaves them out, then YUYV) */
static guint32
first_made_format (const GstTvHwVirtualProfile * p)
{
  guint k;

  for (k = 0; k < p->n_formats; k++) {
    if (p->formats[k] == V4L2_PIX_FMT_YUYV ||
        p->formats[k] == V4L2_PIX_FMT_UYVY)
      return p->formats[k];
  }
  return 0;
}

/* @p's caps at a standard of @lines lines: 720 wide (usbtv
 * norm_params[], em28xx norm_maxw(), stk1160_try_fmt(); bttv scales, the
 * virtual card does not), first_made_format() (YUYV is GStreamer's
 * YUY2), interlaced (usbtv usbtv_fmt_vid_cap(), em28xx
 * vidioc_g_fmt_vid_cap(), stk1160 vidioc_g_fmt_vid_cap(), bttv
 * bttv_g_fmt_vid_cap()) */
static void
check_caps (const GstTvHwVirtualProfile * p, GstCaps * caps, guint lines)
{
  GstStructure *s;
  gint width = 0, height = 0, fps_n = 0, fps_d = 0;
  guint32 made = first_made_format (p);

  fail_unless (caps != NULL, "no caps");
  s = gst_caps_get_structure (caps, 0);
  fail_unless_equals_string (gst_structure_get_name (s), "video/x-raw");
  fail_unless (made != 0, "%s lists no packed 4:2:2 format", p->name);
  fail_unless_equals_string (gst_structure_get_string (s, "format"),
      made == V4L2_PIX_FMT_YUYV ? "YUY2" : "UYVY");
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

/* the lines of a standard mask (a 525-line bit makes a 525-line picture) */
static guint
std_lines (v4l2_std_id std)
{
  return (std & V4L2_STD_525_60) ? 525 : 625;
}

/* the power-on standard (usbtv: V4L2_STD_525_60, usbtv_video_init();
 * em28xx: V4L2_STD_PAL, em28xx_v4l2_init(); stk1160: V4L2_STD_NTSC_M,
 * stk1160_video_register()) and input 0 without a norm or input asked
 * for */
GST_START_TEST (test_power_on)
{
  const GstTvHwVirtualProfile *p = setup_profile (__i__);
  Result r;

  run (p, "", &r);
  fail_unless (r.error == NULL, "%s: %s", p->name, r.error);
  check_caps (p, r.caps, std_lines (p->power_on_std));
  fail_unless_equals_string (r.input, p->inputs[0].name);
  result_clear (&r);
}

GST_END_TEST;

/* every named standard the profile lists gives its size and rate; the
 * first one it has no part of (usbtv: PAL-N; em28xx lists them all) is
 * refused. One it has only a part of (cx88: NTSC without NTSC-M-KR) is
 * not refused, as v4l_s_std() masks the request with tvnorms first, and
 * is left out here */
GST_START_TEST (test_each_standard)
{
  const GstTvHwVirtualProfile *p = setup_profile (__i__);
  const GstTvHwStandard *missing = NULL;
  guint i, n = 0;
  Result r;

  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *std = &gst_tv_hw_standards[i];
    gchar *props;

    if ((std->id & ~p->inputs[0].std) != 0) {
      if (missing == NULL && (std->id & p->inputs[0].std) == 0)
        missing = std;
      continue;
    }
    setup_profile (__i__);
    props = g_strdup_printf ("norm=%s", std->name);
    run (p, props, &r);
    fail_unless (r.error == NULL, "%s %s: %s", p->name, props, r.error);
    check_caps (p, r.caps, std->system->lines);
    result_clear (&r);
    g_free (props);
    n++;
  }
  /* NTSC-M, -JP, -KR, NTSC-443, PAL-M, PAL-60, the PALs, PAL-Nc, the
   * SECAMs at least */
  fail_unless (n >= 10, "%s: only %u standards", p->name, n);

  if (missing != NULL) {
    gchar *props = g_strdup_printf ("norm=%s", missing->name);

    setup_profile (__i__);
    run (p, props, &r);
    fail_unless (r.error != NULL, "%s %s: no error", p->name, props);
    result_clear (&r);
    g_free (props);
  }
}

GST_END_TEST;

/* the second input by name (S-Video on usbtv, usbtv_enum_input(), and on
 * em28xx's DVC 90, its input[] in em28xx-cards.c; Composite1 on stk1160,
 * vidioc_enum_input(), and on bttv's Hauppauge, bttv_enum_input(); the
 * board's debug slot on cx88's Hauppauge, cx88_enum_input()) at a
 * 625-line standard */
GST_START_TEST (test_second_input)
{
  const GstTvHwVirtualProfile *p = setup_profile (__i__);
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get_profile (p->name);
  gchar *props;
  Result r;

  fail_unless (p->n_inputs >= 2);
  /* quoted: cx88's is "for debug only" */
  props = g_strdup_printf ("input=\"%s\" norm=PAL", p->inputs[1].name);
  run (p, props, &r);
  g_free (props);
  fail_unless (r.error == NULL, "%s: %s", p->name, r.error);
  check_caps (p, r.caps, 625);
  fail_unless_equals_string (r.input, p->inputs[1].name);
  result_clear (&r);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
}

GST_END_TEST;

/* what norm=auto settles on for the source on @p's input 0: the
 * QUERYSTD answer is the source's standard, or with a decoder that tells
 * the field rate only (the SAA7113 of em28xx's DVC 90 and of stk1160,
 * saa711x_querystd()) every standard of the input of that line system;
 * the element takes the first norm= name (gst_tv_hw_standards' order)
 * whose standards are all in the answer */
static const gchar *
expected_detection (const GstTvHwVirtualProfile * p)
{
  v4l2_std_id signal = p->inputs[0].signal_std, answer = signal;
  guint i;

  if (p->querystd_lines_only)
    answer = p->inputs[0].std & ((signal & V4L2_STD_525_60) ?
        V4L2_STD_525_60 : V4L2_STD_625_50);
  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    if ((gst_tv_hw_standards[i].id & ~answer) == 0)
      return gst_tv_hw_standards[i].name;
  }
  fail ("no standard within 0x%llx", (unsigned long long) answer);
  return NULL;
}

/* norm=auto after a norm of the other line count than the source's was
 * used. usbtv has no QUERYSTD: the warning says so and the standard in
 * force stays. em28xx and stk1160 ask their SAA7113, which tells 50 from
 * 60 Hz: a standard of the source's line system is found and used,
 * without a warning. */
GST_START_TEST (test_auto)
{
  const GstTvHwVirtualProfile *p = setup_profile (__i__);
  const gchar *input = p->inputs[0].name;
  const gchar *before = std_lines (p->inputs[0].signal_std) == 525 ?
      "PAL-BG" : "NTSC-M";
  gchar *props, *warning;
  Result r;

  props = g_strdup_printf ("input=%s norm=%s", input, before);
  run (p, props, &r);
  g_free (props);
  fail_unless (r.error == NULL, "%s: %s", p->name, r.error);
  result_clear (&r);

  props = g_strdup_printf ("input=%s norm=auto", input);
  run (p, props, &r);
  g_free (props);
  fail_unless (r.error == NULL, "%s: %s", p->name, r.error);
  if (!p->querystd) {
    fail_unless_equals_int (g_list_length (r.warnings), 1);
    warning = g_strdup_printf ("Device 'virtual:%s' cannot detect the "
        "standard of a signal; using %s on input '%s'. Set norm to the "
        "standard of the source.", p->name, before, input);
    fail_unless_equals_string (r.warnings->data, warning);
    g_free (warning);
    /* the standard set before: of the other line count */
    check_caps (p, r.caps, std_lines (p->inputs[0].signal_std) == 525 ?
        625 : 525);
    fail_unless (r.detected == NULL, "%s", r.detected);
  } else {
    fail_unless (r.warnings == NULL, "%s: %s", p->name,
        (gchar *) r.warnings->data);
    check_caps (p, r.caps, std_lines (p->inputs[0].signal_std));
    fail_unless_equals_string (r.detected, expected_detection (p));
  }
  result_clear (&r);
}

GST_END_TEST;

/* a wrong input name, and an index past the last: the error lists the
 * profile's real inputs */
GST_START_TEST (test_wrong_input)
{
  const GstTvHwVirtualProfile *p = setup_profile (__i__);
  GString *list = g_string_new (NULL);
  gchar *expected, *props;
  guint i;
  Result r;

  for (i = 0; i < p->n_inputs; i++)
    g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", p->inputs[i].name);

  /* a name no profile has (bttv has a "Television") */
  run (p, "input=SCART", &r);
  fail_unless (r.error != NULL);
  expected = g_strdup_printf ("Device 'virtual:%s' has no input "
      "'SCART'; its inputs are: %s.", p->name, list->str);
  fail_unless_equals_string (r.error, expected);
  g_free (expected);
  result_clear (&r);

  props = g_strdup_printf ("input=%u", p->n_inputs);
  run (p, props, &r);
  g_free (props);
  fail_unless (r.error != NULL);
  expected = g_strdup_printf ("its inputs are: %s.", list->str);
  fail_unless (strstr (r.error, expected) != NULL, "%s", r.error);
  g_free (expected);
  result_clear (&r);
  g_string_free (list, TRUE);
}

GST_END_TEST;

/* audio-input: the profile's V4L2 audio inputs by name, and a name it
 * lacks refused with the list (em28xx: Line In, em28xx_fill_audio_input());
 * a profile without V4L2 audio (usbtv, stk1160) says it has none */
GST_START_TEST (test_audio_input)
{
  const GstTvHwVirtualProfile *p = setup_profile (__i__);
  gchar *props, *expected;
  GString *list;
  guint i;
  Result r;

  if (p->v4l2_audio) {
    fail_unless (p->n_audio_inputs > 0);
    props = g_strdup_printf ("audio-input=\"%s\"", p->audio_inputs[0].name);
    run (p, props, &r);
    g_free (props);
    fail_unless (r.error == NULL, "%s: %s", p->name, r.error);
    result_clear (&r);
  }

  run (p, "audio-input=TV", &r);
  fail_unless (r.error != NULL, "%s: no error", p->name);
  if (p->v4l2_audio) {
    list = g_string_new (NULL);
    for (i = 0; i < p->n_audio_inputs; i++)
      g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
          p->audio_inputs[i].name);
    expected = g_strdup_printf ("Device 'virtual:%s' has no audio input "
        "'TV'; its audio inputs are: %s.", p->name, list->str);
    g_string_free (list, TRUE);
  } else {
    expected = g_strdup_printf ("Device 'virtual:%s' has no audio inputs, "
        "so audio-input 'TV' cannot be set; leave it unset.", p->name);
  }
  fail_unless_equals_string (r.error, expected);
  g_free (expected);
  result_clear (&r);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_profiles_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-profiles");
  TCase *tc = tcase_create ("profiles");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, 120);
  v4l2tv_check_add_teardown (tc);
  /* each test once per profile (tvhw-virtual-profiles.c) */
  tcase_add_loop_test (tc, test_power_on, 0, GST_TV_HW_VIRTUAL_N_PROFILES);
  tcase_add_loop_test (tc, test_each_standard, 0, GST_TV_HW_VIRTUAL_N_PROFILES);
  tcase_add_loop_test (tc, test_second_input, 0, GST_TV_HW_VIRTUAL_N_PROFILES);
  tcase_add_loop_test (tc, test_auto, 0, GST_TV_HW_VIRTUAL_N_PROFILES);
  tcase_add_loop_test (tc, test_wrong_input, 0, GST_TV_HW_VIRTUAL_N_PROFILES);
  tcase_add_loop_test (tc, test_audio_input, 0, GST_TV_HW_VIRTUAL_N_PROFILES);
  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_profiles);
