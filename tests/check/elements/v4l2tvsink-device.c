/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsink on a device: the same tests on the virtual TV card's output
 * node and on a real driver's (the kernel's vivid, booted by
 * tests/vivid/vivid-run).
 *
 * The device is $V4L2TV_TEST_OUTPUT_DEVICE, "virtual:6" (its output node)
 * when unset; a virtual card runs FREERUN (every queued frame is shown at
 * once). The outputs are found through the hardware layer (ENUMOUTPUT:
 * names, which have standards), and what the card is set to is read back
 * from a second handle (G_OUTPUT, G_STD, G_FMT). Frames come from
 * videotestsrc, a few per run; the sink posts EOS only once the card has
 * displayed the last one, so EOS and the sink's rendered count prove that
 * the frames went out. On the virtual card the test also counts what the
 * card displayed.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>
#include <gst/video/colorbalance.h>
#include <gst/video/videoorientation.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define DEFAULT_DEVICE "virtual:6"

/* frames per run, and how long a run may take */
#define N_FRAMES 5
#define RUN_TIMEOUT (V4L2TV_CHECK_WAIT)

typedef struct
{
  guint index;
  gchar *name;
  v4l2_std_id std;
} Output;

static const gchar *device;
static gboolean virtual_device;
static GArray *outputs;         /* of Output */

static GstTvHwVirtualCard *
virtual_card (void)
{
  guint64 n = 0;

  if (g_str_has_prefix (device, "virtual:"))
    fail_unless (g_ascii_string_to_unsigned (device + strlen ("virtual:"),
            10, 0, GST_TV_HW_VIRTUAL_MAX_CARDS - 1, &n, NULL));
  return gst_tv_hw_virtual_card_get ((guint) n);
}

static GstTvHwDevice *
open_device (void)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (device, GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (dev != NULL, "cannot open %s: %s", device,
      err ? err->message : "");
  return dev;
}

static const Output *
output_at (guint i)
{
  return &g_array_index (outputs, Output, i);
}

static gboolean
has_525_and_625 (const Output * out)
{
  return (out->std & V4L2_STD_525_60) && (out->std & V4L2_STD_625_50);
}

/* the fixture: a virtual card at power-on, FREERUN; the device's outputs;
 * the card on its first output with standards, in PAL */
static void
setup (void)
{
  GstTvHwDevice *dev;
  struct v4l2_output vout;
  guint i;

  device = g_getenv ("V4L2TV_TEST_OUTPUT_DEVICE");
  if (device == NULL || *device == '\0')
    device = DEFAULT_DEVICE;
  virtual_device = gst_tv_hw_location_is_virtual (device);
  GST_INFO ("device %s", device);

  if (virtual_device) {
    GstTvHwVirtualCard *card = virtual_card ();

    fail_unless (card != NULL);
    fail_unless (gst_tv_hw_virtual_card_reset (card),
        "a handle is still open on %s", device);
    gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  }

  dev = open_device ();
  outputs = g_array_new (FALSE, TRUE, sizeof (Output));
  for (i = 0; gst_tv_hw_device_enum_output (dev, i, &vout, NULL); i++) {
    Output out;

    out.index = i;
    out.name = GST_TV_HW_NAME (vout.name);
    out.std = vout.std;
    g_array_append_val (outputs, out);
    GST_INFO ("output %u: '%s', standards 0x%" G_GINT64_MODIFIER "x", i,
        out.name, (guint64) out.std);
  }
  fail_unless (outputs->len > 0, "%s has no outputs", device);

  for (i = 0; i < outputs->len; i++) {
    if (output_at (i)->std == 0)
      continue;
    fail_unless (gst_tv_hw_device_set_output (dev, i, NULL));
    fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, NULL));
    break;
  }
  gst_tv_hw_device_close (dev);
}

static void
teardown (void)
{
  guint i;

  v4l2tv_check_teardown ();
  for (i = 0; i < outputs->len; i++)
    g_free (output_at (i)->name);
  g_clear_pointer (&outputs, g_array_unref);
  if (virtual_device)
    fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count
        (virtual_card ()), 0);
}

/* --- playing --- */

typedef struct
{
  GstElement *pipeline;
  GstElement *sink;
  GstBus *bus;
} Play;

static void
play_init (Play * p, const gchar * output, const gchar * norm)
{
  gchar *launch = g_strdup_printf ("videotestsrc num-buffers=%u ! "
      "v4l2tvsink name=sink sync=false", N_FRAMES);

  p->pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (p->pipeline);
  g_free (launch);
  fail_unless (p->pipeline != NULL);
  p->sink = gst_bin_get_by_name (GST_BIN (p->pipeline), "sink");
  p->bus = gst_element_get_bus (p->pipeline);
  g_object_set (p->sink, "device", device, NULL);
  if (output)
    g_object_set (p->sink, "output", output, NULL);
  if (norm)
    gst_util_set_object_arg (G_OBJECT (p->sink), "norm", norm);
}

static void
play_clear (Play * p)
{
  gst_element_set_state (p->pipeline, GST_STATE_NULL);
  gst_object_unref (p->sink);
  gst_object_unref (p->bus);
  gst_object_unref (p->pipeline);
}

/* plays N_FRAMES to EOS (every frame displayed) and returns the caps the
 * sink took; the pipeline stays PLAYING */
static GstCaps *
play_to_eos (Play * p)
{
  GstStructure *stats = NULL;
  guint64 rendered = 0;
  GstMessage *msg;
  GstCaps *caps;
  GstPad *pad;

  gst_element_set_state (p->pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (p->bus, RUN_TIMEOUT,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no EOS within %" GST_TIME_FORMAT " on %s",
      GST_TIME_ARGS (RUN_TIMEOUT), device);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    fail ("error from %s: %s (%s)", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
        err->message, debug);
  }
  gst_message_unref (msg);

  g_object_get (p->sink, "stats", &stats, NULL);
  fail_unless (gst_structure_get_uint64 (stats, "rendered", &rendered));
  fail_unless_equals_uint64 (rendered, N_FRAMES);
  gst_structure_free (stats);

  pad = gst_element_get_static_pad (p->sink, "sink");
  caps = gst_pad_get_current_caps (pad);
  gst_object_unref (pad);
  fail_unless (caps != NULL);
  return caps;
}

/* what the card is set to, through a second handle */
static void
card_settings (guint32 * output, v4l2_std_id * std, struct v4l2_format *fmt)
{
  GstTvHwDevice *dev = open_device ();

  fail_unless (gst_tv_hw_device_get_output (dev, output, NULL));
  if (std)
    fail_unless (gst_tv_hw_device_get_std (dev, std, NULL));
  if (fmt) {
    memset (fmt, 0, sizeof (*fmt));
    fail_unless (gst_tv_hw_device_get_fmt (dev, fmt, NULL));
  }
  gst_tv_hw_device_close (dev);
}

/* on the virtual card: every frame was displayed, at @height lines */
static void
check_displayed (gint height)
{
  struct v4l2_pix_format fmt;
  guint32 displayed = 0, repeated = 0;

  if (!virtual_device)
    return;
  gst_tv_hw_virtual_card_get_output_counts (virtual_card (), &displayed,
      &repeated);
  fail_unless_equals_int (displayed, N_FRAMES);
  fail_unless (gst_tv_hw_virtual_card_peek_output (virtual_card (), NULL,
          NULL, &fmt, NULL));
  fail_unless_equals_int (fmt.width, 720);
  fail_unless_equals_int (fmt.height, height);
}

/* puts the card on output @index and, if it has standards, on @std: what
 * a test starts from, so that the element has to change it */
static void
preset_card (guint index, v4l2_std_id std)
{
  GstTvHwDevice *dev = open_device ();
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_output (dev, index, &err),
      "S_OUTPUT %u: %s", index, err ? err->message : "");
  if (output_at (index)->std & std)
    fail_unless (gst_tv_hw_device_set_std (dev, std, &err), "S_STD: %s",
        err ? err->message : "");
  gst_tv_hw_device_close (dev);
}

/* @name in lower case, or in upper case when that is no change */
static gchar *
other_case (const gchar * name)
{
  gchar *s = g_ascii_strdown (name, -1);

  if (strcmp (s, name) == 0) {
    g_free (s);
    s = g_ascii_strup (name, -1);
  }
  return s;
}

/* --- outputs --- */

GST_START_TEST (test_outputs)
{
  guint i, j, n_std = 0;

  for (i = 0; i < outputs->len; i++) {
    const Output *out = output_at (i);

    fail_unless (out->name[0] != '\0', "output %u has no name", i);
    for (j = 0; j < i; j++)
      fail_if (g_ascii_strcasecmp (out->name, output_at (j)->name) == 0,
          "outputs %u and %u are both called '%s'", j, i, out->name);
    if (out->std)
      n_std++;
  }
  fail_unless (n_std > 0, "no output with TV standards");
  GST_INFO ("%u outputs, %u with standards", outputs->len, n_std);
}

GST_END_TEST;

/* selects every output with standards by @how ("name", "index") and plays
 * out of it */
static void
check_output_selection (const gchar * how)
{
  guint i, n = 0;

  for (i = 0; i < outputs->len; i++) {
    const Output *out = output_at (i);
    guint32 cur = G_MAXUINT32;
    GstCaps *caps;
    gchar *sel;
    Play p;

    if (!has_525_and_625 (out))
      continue;
    if (g_str_equal (how, "name"))
      sel = other_case (out->name);
    else
      sel = g_strdup_printf ("%u", out->index);
    GST_INFO ("output '%s' as '%s'", out->name, sel);

    /* the card starts on another output */
    preset_card ((out->index + 1) % outputs->len, V4L2_STD_NTSC);
    play_init (&p, sel, "PAL");
    caps = play_to_eos (&p);
    card_settings (&cur, NULL, NULL);
    fail_unless_equals_int (cur, out->index);
    check_displayed (576);
    gst_caps_unref (caps);
    play_clear (&p);
    g_free (sel);
    n++;
  }
  fail_unless (n > 0, "no output with both 525- and 625-line standards");
}

/* the colour balance channels are the output's balance controls (none on
 * vivid's output node nor on the virtual card's); a flip the output
 * cannot do is refused */
GST_START_TEST (test_balance_channels)
{
  static const guint32 cids[] = {
    V4L2_CID_BRIGHTNESS, V4L2_CID_CONTRAST, V4L2_CID_SATURATION, V4L2_CID_HUE
  };
  GstTvHwDevice *dev;
  GstElement *sink;
  GstBus *bus;
  GstMessage *msg;
  guint i, n_present = 0;
  gboolean can_hflip;
  struct v4l2_queryctrl qc;

  dev = open_device ();
  for (i = 0; i < G_N_ELEMENTS (cids); i++)
    if (gst_tv_hw_device_query_ctrl (dev, cids[i], &qc, NULL) &&
        !(qc.flags & V4L2_CTRL_FLAG_DISABLED))
      n_present++;
  can_hflip = gst_tv_hw_device_query_ctrl (dev, V4L2_CID_HFLIP, &qc, NULL);
  gst_tv_hw_device_close (dev);

  sink = gst_element_factory_make ("v4l2tvsink", NULL);
  v4l2tv_check_track (sink);
  bus = gst_bus_new ();
  gst_element_set_bus (sink, bus);
  g_object_set (sink, "device", device, NULL);
  fail_unless_equals_int (gst_element_set_state (sink, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (g_list_length ((GList *)
          gst_color_balance_list_channels (GST_COLOR_BALANCE (sink))),
      n_present);
  if (!can_hflip) {
    fail_if (gst_video_orientation_set_hflip (GST_VIDEO_ORIENTATION (sink),
            TRUE));
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING);
    fail_unless (msg != NULL, "no warning for a flip %s cannot do", device);
    gst_message_unref (msg);
  }
  fail_unless_equals_int (gst_element_set_state (sink, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (sink, NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
}

GST_END_TEST;

GST_START_TEST (test_output_by_name)
{
  check_output_selection ("name");
}

GST_END_TEST;

GST_START_TEST (test_output_by_index)
{
  check_output_selection ("index");
}

GST_END_TEST;

/* --- standards --- */

/* *INDENT-OFF* */
static const struct
{
  const gchar *norm;
  v4l2_std_id std;
  gboolean every_output;        /* else only the first */
  gint height, fps_n, fps_d;
} norm_cases[] = {
  { "NTSC", V4L2_STD_NTSC, TRUE, 480, 30000, 1001 },
  { "PAL", V4L2_STD_PAL, TRUE, 576, 25, 1 },
  { "PAL-M", V4L2_STD_PAL_M, FALSE, 480, 30000, 1001 },
  { "SECAM", V4L2_STD_SECAM, FALSE, 576, 25, 1 },
  /* single standards of the PAL and SECAM groups */
  { "PAL-B", V4L2_STD_PAL_B, FALSE, 576, 25, 1 },
  { "SECAM-K1", V4L2_STD_SECAM_K1, FALSE, 576, 25, 1 },
};
/* *INDENT-ON* */

GST_START_TEST (test_norm)
{
  guint i, n = 0;

  for (i = 0; i < outputs->len; i++) {
    const Output *out = output_at (i);
    struct v4l2_format fmt;
    v4l2_std_id std = 0;
    guint32 cur = G_MAXUINT32;
    GstStructure *s;
    GstCaps *caps;
    gint num, den;
    Play p;

    if (!has_525_and_625 (out))
      continue;
    if (n > 0 && !norm_cases[__i__].every_output)
      break;
    n++;
    GST_INFO ("output '%s', norm %s", out->name, norm_cases[__i__].norm);

    /* the card starts on the other line count */
    preset_card (out->index, (norm_cases[__i__].std & V4L2_STD_525_60) ?
        V4L2_STD_PAL : V4L2_STD_NTSC);
    play_init (&p, out->name, norm_cases[__i__].norm);
    caps = play_to_eos (&p);
    GST_INFO ("caps %" GST_PTR_FORMAT, caps);
    s = gst_caps_get_structure (caps, 0);
    fail_unless (gst_structure_get_int (s, "width", &num));
    fail_unless_equals_int (num, 720);
    fail_unless (gst_structure_get_int (s, "height", &num));
    fail_unless_equals_int (num, norm_cases[__i__].height);
    fail_unless (gst_structure_get_fraction (s, "framerate", &num, &den));
    fail_unless_equals_int (num, norm_cases[__i__].fps_n);
    fail_unless_equals_int (den, norm_cases[__i__].fps_d);
    gst_caps_unref (caps);

    card_settings (&cur, &std, &fmt);
    fail_unless_equals_int (cur, out->index);
    fail_unless (std != 0 && (std & ~norm_cases[__i__].std) == 0,
        "G_STD 0x%" G_GINT64_MODIFIER "x for %s", (guint64) std,
        norm_cases[__i__].norm);
    fail_unless_equals_int (fmt.fmt.pix.width, 720);
    fail_unless_equals_int (fmt.fmt.pix.height, norm_cases[__i__].height);
    check_displayed (norm_cases[__i__].height);
    play_clear (&p);
  }
  fail_unless (n > 0, "no output with both 525- and 625-line standards");
}

GST_END_TEST;

/* --- errors --- */

/* starting with @output and @norm fails with a RESOURCE error of @code
 * from the sink, and leaves the card's output alone */
static void
expect_error (const gchar * output, const gchar * norm, gint code)
{
  guint32 before = G_MAXUINT32, after = G_MAXUINT32;
  GError *err = NULL;
  gchar *debug = NULL;
  GstMessage *msg;
  Play p;

  card_settings (&before, NULL, NULL);
  play_init (&p, output, norm);
  gst_element_set_state (p.pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (p.bus, RUN_TIMEOUT,
      GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
  fail_unless (msg != NULL, "no error for output '%s' norm %s", output, norm);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (p.sink));
  gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("output '%s' norm %s: %s (%s)", output, norm, err->message, debug);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR, code),
      "got %s/%d: %s", g_quark_to_string (err->domain), err->code,
      err->message);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);
  play_clear (&p);

  card_settings (&after, NULL, NULL);
  fail_unless_equals_int (after, before);
}

/* a norm on an output without standards (vivid's HDMI output) */
GST_START_TEST (test_error_norm_without_standards)
{
  guint i, n = 0;

  for (i = 0; i < outputs->len; i++) {
    if (output_at (i)->std != 0)
      continue;
    expect_error (output_at (i)->name, "PAL", GST_RESOURCE_ERROR_SETTINGS);
    expect_error (output_at (i)->name, "NTSC", GST_RESOURCE_ERROR_SETTINGS);
    n++;
  }
  if (n == 0)
    GST_INFO ("%s has no output without standards", device);
}

GST_END_TEST;

GST_START_TEST (test_error_unknown_output)
{
  gchar *past = g_strdup_printf ("%u", outputs->len);

  expect_error ("no such output", "PAL", GST_RESOURCE_ERROR_SETTINGS);
  expect_error (past, "PAL", GST_RESOURCE_ERROR_SETTINGS);
  g_free (past);
}

GST_END_TEST;

static Suite *
v4l2tvsink_device_suite (void)
{
  Suite *s = suite_create ("v4l2tvsink-device");
  TCase *tc_outputs = tcase_create ("outputs");
  TCase *tc_norms = tcase_create ("norms");
  TCase *tc_errors = tcase_create ("errors");

  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc_outputs);
  tcase_add_checked_fixture (tc_outputs, setup, teardown);
  tcase_add_test (tc_outputs, test_outputs);
  tcase_add_test (tc_outputs, test_output_by_name);
  tcase_add_test (tc_outputs, test_output_by_index);
  tcase_add_test (tc_outputs, test_balance_channels);

  suite_add_tcase (s, tc_norms);
  tcase_add_checked_fixture (tc_norms, setup, teardown);
  tcase_add_loop_test (tc_norms, test_norm, 0, G_N_ELEMENTS (norm_cases));

  suite_add_tcase (s, tc_errors);
  tcase_add_checked_fixture (tc_errors, setup, teardown);
  tcase_add_test (tc_errors, test_error_norm_without_standards);
  tcase_add_test (tc_errors, test_error_unknown_output);

  return s;
}

GST_CHECK_MAIN (v4l2tvsink_device);
