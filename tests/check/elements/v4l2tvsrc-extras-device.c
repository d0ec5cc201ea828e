/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsrc's crop-* and extra-controls on a device: the same tests on
 * the virtual TV card and on a real driver (the kernel's vivid, booted by
 * tests/vivid/vivid-run, whose TV input crops with the default module
 * parameters and has no selection API with ccs_cap_mode=0).
 *
 * The device is $V4L2TV_TEST_DEVICE, "virtual:7" when unset. The tests
 * use the first input with standards (the tuner's if there is one) in
 * PAL and NTSC. Crop: the caps and frames are the cropped size, with the
 * standard's field order; if the card answers V4L2_SEL_TGT_CROP_DEFAULT
 * its rectangle (read from a second handle while the element streams) is
 * the one asked for, otherwise it captures its full frame (the element
 * crops in software). Controls: found through the hardware layer
 * (QUERYCTRL), so that the same test sets an integer control (within its
 * range, which vivid moves with the input), a boolean, a menu item by
 * name, and gets the errors for an unknown name, a value out of range, an
 * item the menu does not have and, where the card has them, a read-only
 * control and a type extra-controls does not handle.
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
#include "gstv4l2tvextractrls.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define DEFAULT_DEVICE "virtual:7"
#define FRAME_TIMEOUT (V4L2TV_CHECK_WAIT)

static const gchar *device;
static guint tv_input;

#define open_device() v4l2tv_check_open_capture (device)

/* the first input with standards, the tuner's if there is one, in PAL */
static void
setup (void)
{
  gboolean found = FALSE;
  struct v4l2_input vin;
  GstTvHwDevice *dev;
  guint i;

  device = v4l2tv_check_test_device (DEFAULT_DEVICE);
  if (gst_tv_hw_location_is_virtual (device)) {
    GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (7);

    fail_unless (g_str_equal (device, DEFAULT_DEVICE));
    fail_unless (gst_tv_hw_virtual_card_reset (card));
    gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  }
  dev = open_device ();
  for (i = 0; gst_tv_hw_device_enum_input (dev, i, &vin, NULL); i++) {
    if (vin.std == 0 || (found && vin.type != V4L2_INPUT_TYPE_TUNER))
      continue;
    if (!found || vin.type == V4L2_INPUT_TYPE_TUNER)
      tv_input = i;
    if (vin.type == V4L2_INPUT_TYPE_TUNER)
      break;
    found = TRUE;
  }
  fail_unless (gst_tv_hw_device_set_input (dev, tv_input, NULL));
  fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, NULL));
  gst_tv_hw_device_close (dev);
  GST_INFO ("device %s, input %u", device, tv_input);
}

static void
teardown (void)
{
  v4l2tv_check_teardown ();
}

/* whether the TV input in @std has a crop rectangle */
static gboolean
can_crop (v4l2_std_id std)
{
  GstTvHwDevice *dev = open_device ();
  struct v4l2_rect r;
  gboolean ret;

  fail_unless (gst_tv_hw_device_set_input (dev, tv_input, NULL));
  fail_unless (gst_tv_hw_device_set_std (dev, std, NULL));
  ret = gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP_DEFAULT, &r,
      NULL);
  gst_tv_hw_device_close (dev);
  return ret;
}

static GstElement *
launch (const gchar * props, GstElement ** src, GstElement ** sink)
{
  gchar *desc = g_strdup_printf ("v4l2tvsrc name=src device=%s input=%u %s "
      "! video/x-raw,format=YUY2 ! appsink name=sink max-buffers=1 "
      "sync=false", device, tv_input, props);
  GstElement *pipe = gst_parse_launch (desc, NULL);

  fail_unless (pipe != NULL, "%s", desc);
  g_free (desc);
  v4l2tv_check_track (pipe);
  *src = gst_bin_get_by_name (GST_BIN (pipe), "src");
  *sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
  return pipe;
}

static void
stop (GstElement * pipe, GstElement * src, GstElement * sink)
{
  fail_unless_equals_int (gst_element_set_state (pipe, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipe);
}

/* the next error on @pipe's bus: RESOURCE SETTINGS, with every one of
 * the NULL-terminated strings in its text */
#define expect_error(pipe, ...) G_STMT_START {                           \
  GstBus *_bus = gst_element_get_bus (pipe);                            \
  v4l2tv_check_expect_message (_bus, GST_MESSAGE_ERROR, FRAME_TIMEOUT,  \
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS, __VA_ARGS__);    \
  gst_object_unref (_bus);                                              \
} G_STMT_END

static void
check_crop (const gchar * norm, v4l2_std_id std, guint full_height,
    const gchar * field_order)
{
  const guint top = 8, bottom = 6, left = 16, right = 24;
  GstElement *pipe, *src, *sink;
  GstSample *sample = NULL;
  GstVideoInfo info;
  gchar *props;
  gboolean crops = can_crop (std);

  props = g_strdup_printf ("norm=%s crop-top=%u crop-bottom=%u "
      "crop-left=%u crop-right=%u", norm, top, bottom, left, right);
  pipe = launch (props, &src, &sink);
  g_free (props);

  GST_INFO ("%s %s", device, crops ? "crops" : "cannot crop: software");
  fail_unless (gst_element_set_state (pipe, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  g_signal_emit_by_name (sink, "try-pull-sample", FRAME_TIMEOUT, &sample);
  fail_unless (sample != NULL, "no frame from %s", device);
  fail_unless (gst_video_info_from_caps (&info, gst_sample_get_caps (sample)));
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&info), 720 - left - right);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&info),
      full_height - top - bottom);
  fail_unless_equals_string (gst_video_field_order_to_string
      (GST_VIDEO_INFO_FIELD_ORDER (&info)), field_order);
  fail_unless (gst_buffer_get_size (gst_sample_get_buffer (sample)) >=
      GST_VIDEO_INFO_SIZE (&info));
  gst_sample_unref (sample);

  /* the card itself crops, or captures its full frame */
  if (crops) {
    GstTvHwDevice *dev = open_device ();
    struct v4l2_rect r;

    fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, &r,
            NULL));
    fail_unless_equals_int (r.left, left);
    fail_unless_equals_int (r.top, top);
    fail_unless_equals_int (r.width, 720 - left - right);
    fail_unless_equals_int (r.height, full_height - top - bottom);
    gst_tv_hw_device_close (dev);
  } else {
    GstTvHwDevice *dev = open_device ();
    struct v4l2_format fmt;

    fail_unless (gst_tv_hw_device_get_fmt (dev, &fmt, NULL));
    fail_unless_equals_int (fmt.fmt.pix.width, 720);
    fail_unless_equals_int (fmt.fmt.pix.height, full_height);
    gst_tv_hw_device_close (dev);
  }
  stop (pipe, src, sink);
}

GST_START_TEST (test_crop_pal)
{
  check_crop ("PAL", V4L2_STD_PAL, 576, "top-field-first");
}

GST_END_TEST;

GST_START_TEST (test_crop_ntsc)
{
  check_crop ("NTSC", V4L2_STD_NTSC, 480, "bottom-field-first");
}

GST_END_TEST;

GST_START_TEST (test_crop_too_much)
{
  GstElement *pipe, *src, *sink;

  pipe = launch ("norm=PAL crop-top=300 crop-bottom=300", &src, &sink);
  fail_unless_equals_int (gst_element_set_state (pipe, GST_STATE_PLAYING),
      GST_STATE_CHANGE_FAILURE);
  expect_error (pipe, device, "600 lines", "720x576", NULL);
  stop (pipe, src, sink);
}

GST_END_TEST;

typedef struct
{
  struct v4l2_queryctrl qc;
  gchar *name;
} Ctrl;

/* the first control of @type that is writable (and, with @need_range, has
 * room above its maximum in a gint32); FALSE if none */
static gboolean
find_ctrl (GstTvHwDevice * dev, guint32 type, gboolean want_read_only,
    Ctrl * out)
{
  struct v4l2_queryctrl qc = { 0, };

  while (gst_tv_hw_device_next_ctrl (dev, &qc, NULL)) {
    gchar *raw;

    if (qc.type != type || (qc.flags & V4L2_CTRL_FLAG_DISABLED) ||
        !!(qc.flags & V4L2_CTRL_FLAG_READ_ONLY) != want_read_only ||
        (qc.flags & V4L2_CTRL_FLAG_INACTIVE) ||
        (type == V4L2_CTRL_TYPE_INTEGER && qc.maximum == G_MAXINT32))
      continue;
    out->qc = qc;
    raw = GST_TV_HW_NAME (qc.name);
    out->name = gst_v4l2_tv_extra_ctrls_normalise (raw);
    g_free (raw);
    return TRUE;
  }
  return FALSE;
}

/* starts (READY) with extra-controls=@controls: TRUE if it worked; else
 * the error contains @want */
static gboolean
open_with (const gchar * controls, const gchar * want1, const gchar * want2)
{
  GstElement *pipe, *src, *sink;
  GstStructure *s = gst_structure_from_string (controls, NULL);
  GstStateChangeReturn ret;

  fail_unless (s != NULL, "%s", controls);
  pipe = launch ("norm=PAL", &src, &sink);
  g_object_set (src, "extra-controls", s, NULL);
  gst_structure_free (s);
  ret = gst_element_set_state (pipe, GST_STATE_READY);
  if (want1) {
    fail_unless_equals_int (ret, GST_STATE_CHANGE_FAILURE);
    expect_error (pipe, device, want1, want2, NULL);
  } else {
    fail_unless_equals_int (ret, GST_STATE_CHANGE_SUCCESS);
  }
  stop (pipe, src, sink);
  return ret == GST_STATE_CHANGE_SUCCESS;
}

#define ctrl_value(id) v4l2tv_check_get_ctrl (device, id)

GST_START_TEST (test_extra_controls)
{
  GstTvHwDevice *dev;
  Ctrl num = { {0,}, NULL }, flag = { {0,}, NULL }, menu = { {0,}, NULL };
  Ctrl ro = { {0,}, NULL }, i64 = { {0,}, NULL };
  gboolean have_flag, have_menu, have_ro, have_i64;
  gchar *str, *range;
  gint32 v, item = -1, missing = -1, i;
  gchar *item_name = NULL;

  dev = open_device ();
  fail_unless (gst_tv_hw_device_set_input (dev, tv_input, NULL));
  fail_unless (find_ctrl (dev, V4L2_CTRL_TYPE_INTEGER, FALSE, &num),
      "%s has no integer control", device);
  have_flag = find_ctrl (dev, V4L2_CTRL_TYPE_BOOLEAN, FALSE, &flag);
  have_menu = find_ctrl (dev, V4L2_CTRL_TYPE_MENU, FALSE, &menu);
  have_ro = find_ctrl (dev, V4L2_CTRL_TYPE_INTEGER, TRUE, &ro);
  have_i64 = find_ctrl (dev, V4L2_CTRL_TYPE_INTEGER64, FALSE, &i64);
  if (have_menu) {
    /* the last item it has, and an index in range it skips */
    for (i = menu.qc.minimum; i <= menu.qc.maximum; i++) {
      struct v4l2_querymenu qm;

      if (gst_tv_hw_device_enum_menu (dev, menu.qc.id, i, &qm, NULL)) {
        item = i;
        g_free (item_name);
        item_name = GST_TV_HW_NAME (qm.name);
      } else {
        missing = i;
      }
    }
  }
  gst_tv_hw_device_close (dev);
  GST_INFO ("integer %s %d..%d, boolean %s, menu %s, read-only %s, "
      "int64 %s", num.name, num.qc.minimum, num.qc.maximum,
      have_flag ? flag.name : "-", have_menu ? menu.name : "-",
      have_ro ? ro.name : "-", have_i64 ? i64.name : "-");

  /* an integer on its step within the range, any case */
  v = num.qc.minimum + num.qc.step;
  str = g_ascii_strup (num.name, -1);
  {
    gchar *c = g_strdup_printf ("c,%s=%d", str, v);

    fail_unless (open_with (c, NULL, NULL));
    g_free (c);
  }
  g_free (str);
  fail_unless_equals_int (ctrl_value (num.qc.id), v);

  /* out of range: the range and step in the message */
  range = g_strdup_printf ("from %d to %d in steps of %d", num.qc.minimum,
      num.qc.maximum, MAX (num.qc.step, 1));
  str = g_strdup_printf ("c,%s=%d", num.name, num.qc.maximum + 1);
  open_with (str, num.name, range);
  g_free (str);
  g_free (range);

  /* an unknown name: the card's names in the message */
  open_with ("c,no_such_control=1", "no_such_control", num.name);

  if (have_flag) {
    gint32 want = ctrl_value (flag.qc.id) ? 0 : 1;

    str = g_strdup_printf ("c,%s=%s", flag.name, want ? "true" : "false");
    fail_unless (open_with (str, NULL, NULL));
    g_free (str);
    fail_unless_equals_int (ctrl_value (flag.qc.id), want);
    str = g_strdup_printf ("c,%s=maybe", flag.name);
    open_with (str, flag.name, "from 0 to 1");
    g_free (str);
  }
  if (have_menu && item >= 0) {
    gchar *quoted = g_strdup_printf ("\"%s\"", item_name);

    str = g_strdup_printf ("c,%s=%s", menu.name, quoted);
    fail_unless (open_with (str, NULL, NULL));
    g_free (str);
    g_free (quoted);
    fail_unless_equals_int (ctrl_value (menu.qc.id), item);
    str = g_strdup_printf ("c,%s=%d", menu.name, menu.qc.maximum + 1);
    open_with (str, menu.name, item_name);
    g_free (str);
    if (missing >= 0) {
      str = g_strdup_printf ("c,%s=%d", menu.name, missing);
      open_with (str, menu.name, item_name);
      g_free (str);
    }
  }
  if (have_ro) {
    str = g_strdup_printf ("c,%s=%d", ro.name, ro.qc.minimum);
    open_with (str, ro.name, "read-only");
    g_free (str);
  }
  if (have_i64) {
    str = g_strdup_printf ("c,%s=1", i64.name);
    open_with (str, i64.name, "cannot be set");
    g_free (str);
  }

  g_free (item_name);
  g_free (num.name);
  g_free (flag.name);
  g_free (menu.name);
  g_free (ro.name);
  g_free (i64.name);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_extras_device_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-extras-device");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_crop_pal);
  tcase_add_test (tc, test_crop_ntsc);
  tcase_add_test (tc, test_crop_too_much);
  tcase_add_test (tc, test_extra_controls);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_extras_device);
