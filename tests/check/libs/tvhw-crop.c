/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer tests: the selection API (VIDIOC_G/S_SELECTION,
 * crop targets) of the virtual card's capture node, modelled on vivid's
 * TV input with cropping on and no scaler: the driver's adjustments, the
 * format that follows the rectangle, resets, EBUSY, the picture, faults.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include <gst/check/gstcheck.h>

#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"

#include "tvhw-common.h"

#define assert_rect(r, l, t, w, h) G_STMT_START {                          \
  fail_unless ((r).left == (l) && (r).top == (t) && (r).width == (w) &&    \
      (r).height == (h), "rectangle %ux%u at %d,%d, expected %ux%u at %d,%d",\
      (r).width, (r).height, (r).left, (r).top, (w), (h), (l), (t));       \
} G_STMT_END

static struct v4l2_rect
rect (gint left, gint top, guint width, guint height)
{
  struct v4l2_rect r = { left, top, width, height };

  return r;
}

static void
set_crop (GstTvHwDevice * dev, guint32 flags, struct v4l2_rect *r)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP, flags,
          r, &err), "S_SELECTION: %s", err ? err->message : "");
}

GST_START_TEST (test_selection_targets)
{
  GstTvHwDevice *dev, *out;
  struct v4l2_rect r;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, &r,
          &err));
  assert_rect (r, 0, 0, 720, 576);
  fail_unless (gst_tv_hw_device_get_selection (dev,
          V4L2_SEL_TGT_CROP_DEFAULT, &r, &err));
  assert_rect (r, 0, 0, 720, 576);
  fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP_BOUNDS,
          &r, &err));
  assert_rect (r, 0, 0, 720, 576);

  set_std (dev, V4L2_STD_NTSC_M);
  fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP_BOUNDS,
          &r, &err));
  assert_rect (r, 0, 0, 720, 480);

  /* no composing, no other target */
  fail_if (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_COMPOSE, &r,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  r = rect (0, 0, 64, 64);
  fail_if (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP_BOUNDS, 0,
          &r, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  gst_tv_hw_device_close (dev);

  /* the output node has no selection API */
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_get_selection (out, V4L2_SEL_TGT_CROP, &r, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  r = rect (0, 0, 64, 64);
  fail_if (gst_tv_hw_device_set_selection (out, V4L2_SEL_TGT_CROP, 0, &r,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  gst_tv_hw_device_close (out);
}

GST_END_TEST;

GST_START_TEST (test_crop_adjust)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  struct v4l2_rect r;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* exact: kept, and the format follows */
  r = rect (8, 10, 704, 560);
  set_crop (dev, 0, &r);
  assert_rect (r, 8, 10, 704, 560);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.width, 704);
  fail_unless_equals_int (fmt.fmt.pix.height, 560);
  fail_unless_equals_int (fmt.fmt.pix.bytesperline, 704 * 2);
  fail_unless_equals_int (fmt.fmt.pix.sizeimage, 704 * 2 * 560);
  fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, &r,
          &err));
  assert_rect (r, 8, 10, 704, 560);
  /* TRY_FMT and S_FMT answer the same size */
  fmt.fmt.pix.width = 720;
  fmt.fmt.pix.height = 576;
  fail_unless (gst_tv_hw_device_try_fmt (dev, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.width, 704);
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.height, 560);

  /* odd: the position down to even, the size up to even */
  r = rect (3, 5, 101, 77);
  set_crop (dev, 0, &r);
  assert_rect (r, 2, 4, 102, 78);
  /* V4L2_SEL_FLAG_LE: the size down */
  r = rect (3, 5, 101, 77);
  set_crop (dev, V4L2_SEL_FLAG_LE, &r);
  assert_rect (r, 2, 4, 100, 76);
  /* GE and LE: exactly, or ERANGE */
  r = rect (3, 5, 101, 77);
  fail_if (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP,
          V4L2_SEL_FLAG_GE | V4L2_SEL_FLAG_LE, &r, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  /* too large: the frame; too small: 16x16; over the edge: moved in;
   * negative: 0 */
  r = rect (0, 0, 5000, 5000);
  set_crop (dev, 0, &r);
  assert_rect (r, 0, 0, 720, 576);
  r = rect (100, 100, 2, 2);
  set_crop (dev, 0, &r);
  assert_rect (r, 100, 100, 16, 16);
  r = rect (700, 570, 64, 32);
  set_crop (dev, 0, &r);
  assert_rect (r, 656, 544, 64, 32);
  r = rect (-10, -4, 64, 32);
  set_crop (dev, 0, &r);
  assert_rect (r, 0, 0, 64, 32);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* a new standard or input: the full frame again; the rectangle persists
 * between opens otherwise */
GST_START_TEST (test_crop_reset)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  struct v4l2_rect r;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");
  r = rect (0, 2, 720, 570);
  set_crop (dev, 0, &r);
  gst_tv_hw_device_close (dev);
  dev = open_card ("virtual:0");
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 570);

  set_std (dev, V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);
  set_std (dev, V4L2_STD_PAL_BG);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);

  r = rect (0, 2, 720, 570);
  set_crop (dev, 0, &r);
  set_input (dev, 2);
  fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, &r,
          &err));
  assert_rect (r, 0, 0, 720, 576);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.sizeimage, FRAME_625);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* no scaler: a rectangle of another size while buffers exist is EBUSY,
 * one of the same size elsewhere is fine */
GST_START_TEST (test_crop_busy)
{
  GstTvHwDevice *dev;
  struct v4l2_rect r;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");
  r = rect (0, 0, 640, 480);
  set_crop (dev, 0, &r);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, NULL, &err));
  r = rect (0, 0, 320, 240);
  fail_if (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP, 0, &r,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  r = rect (80, 96, 640, 480);
  set_crop (dev, 0, &r);
  assert_rect (r, 80, 96, 640, 480);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  r = rect (0, 0, 320, 240);
  set_crop (dev, 0, &r);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* the captured picture is the rectangle of the whole frame */
GST_START_TEST (test_crop_picture)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_rect r;
  guint8 *whole, *cropped;
  guint y;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  whole = grab (card, dev);
  r = rect (100, 21, 500, 401);
  set_crop (dev, 0, &r);
  assert_rect (r, 100, 20, 500, 402);
  cropped = grab (card, dev);
  for (y = 0; y < r.height; y++)
    fail_unless (memcmp (cropped + y * r.width * 2,
            whole + (r.top + y) * STRIDE + r.left * 2, r.width * 2) == 0,
        "line %u of the crop is not line %u of the frame", y, r.top + y);
  g_free (cropped);
  g_free (whole);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_crop_faults)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_rect r;
  GError *err = NULL;

  dev = open_card ("virtual:0");
  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_S_SELECTION, EIO);
  r = rect (0, 0, 64, 64);
  fail_if (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP, 0, &r,
          &err));
  fail_unless (strstr (err->message, "VIDIOC_S_SELECTION") != NULL, "%s",
      err->message);
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  /* nothing changed */
  fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, &r,
          &err));
  assert_rect (r, 0, 0, 720, 576);

  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_G_SELECTION, EINVAL);
  fail_if (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, &r, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_string (gst_tv_hw_virtual_fault_name
      (GST_TV_HW_VIRTUAL_FAULT_G_SELECTION), "VIDIOC_G_SELECTION");

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

static Suite *
tvhw_crop_suite (void)
{
  Suite *s = suite_create ("tvhw-crop");
  TCase *tc = tcase_create ("selection");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, NULL, card_teardown);
  tcase_add_test (tc, test_selection_targets);
  tcase_add_test (tc, test_crop_adjust);
  tcase_add_test (tc, test_crop_reset);
  tcase_add_test (tc, test_crop_busy);
  tcase_add_test (tc, test_crop_picture);
  tcase_add_test (tc, test_crop_faults);

  return s;
}

GST_CHECK_MAIN (tvhw_crop);
