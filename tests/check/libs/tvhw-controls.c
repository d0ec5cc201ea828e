/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the hardware layer against the virtual TV card: the
 * controls and what they do to the picture, the tuner with its channel
 * plan and the modulator, audio inputs and outputs. Through the public
 * tvhw.h API, with tvhw-virtual.h to configure the card; tvhw-backend.h
 * only where the public API cannot express a call.
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
#include "hw/tvhw-backend.h"
#include "hw/tvhw-virtual.h"

#include "tvhw-common.h"

/* --- controls --- */

static gint32
get_ctrl (GstTvHwDevice * dev, guint32 id)
{
  GError *err = NULL;
  gint32 value = G_MININT32;

  fail_unless (gst_tv_hw_device_get_ctrl (dev, id, &value, &err),
      "G_CTRL 0x%08x: %s", id, err ? err->message : "");
  return value;
}

static void
set_ctrl (GstTvHwDevice * dev, guint32 id, gint32 value)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_ctrl (dev, id, value, &err),
      "S_CTRL 0x%08x = %d: %s", id, value, err ? err->message : "");
}

/* whether the marks bands of two frames are the same bytes */
static gboolean
marks_equal (const guint8 * a, const guint8 * b, guint height)
{
  guint y;

  for (y = 0; y < height; y++) {
    if (memcmp (a + y * STRIDE, b + y * STRIDE, MARK_COLUMNS * 2) != 0)
      return FALSE;
  }
  return TRUE;
}

/* the capture node's controls as vivid has them (video0-list-ctrls-menus:
 * brightness, contrast, saturation 0..255 default 128, hue -128..128
 * default 0, the flips), plus a menu */
static const struct
{
  guint32 id;
  guint32 type;
  const gchar *name;
  gint32 minimum, maximum, step, default_value;
  guint32 flags;
} expected_ctrls[] = {
  {V4L2_CID_USER_CLASS, V4L2_CTRL_TYPE_CTRL_CLASS, "User Controls", 0, 0, 0,
      0, V4L2_CTRL_FLAG_READ_ONLY | V4L2_CTRL_FLAG_WRITE_ONLY},
  {V4L2_CID_BRIGHTNESS, V4L2_CTRL_TYPE_INTEGER, "Brightness", 0, 255, 1, 128,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CONTRAST, V4L2_CTRL_TYPE_INTEGER, "Contrast", 0, 255, 1, 128,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SATURATION, V4L2_CTRL_TYPE_INTEGER, "Saturation", 0, 255, 1, 128,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HUE, V4L2_CTRL_TYPE_INTEGER, "Hue", -128, 128, 1, 0,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HFLIP, V4L2_CTRL_TYPE_BOOLEAN, "Horizontal Flip", 0, 1, 1, 0, 0},
  {V4L2_CID_VFLIP, V4L2_CTRL_TYPE_BOOLEAN, "Vertical Flip", 0, 1, 1, 0, 0},
  {V4L2_CID_COLORFX, V4L2_CTRL_TYPE_MENU, "Color Effects", 0, 3, 1, 0, 0},
};

static void
assert_qc (const struct v4l2_queryctrl *qc, guint i)
{
  fail_unless_equals_int (qc->id, expected_ctrls[i].id);
  fail_unless_equals_int (qc->type, expected_ctrls[i].type);
  fail_unless_equals_string ((const gchar *) qc->name, expected_ctrls[i].name);
  fail_unless_equals_int (qc->minimum, expected_ctrls[i].minimum);
  fail_unless_equals_int (qc->maximum, expected_ctrls[i].maximum);
  fail_unless_equals_int (qc->step, expected_ctrls[i].step);
  fail_unless_equals_int (qc->default_value, expected_ctrls[i].default_value);
  fail_unless_equals_int (qc->flags, expected_ctrls[i].flags);
  fail_unless_equals_int (qc->reserved[0], 0);
  fail_unless_equals_int (qc->reserved[1], 0);
}

GST_START_TEST (test_ctrl_enumerate)
{
  struct v4l2_queryctrl qc;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* NEXT_CTRL from 0: every control in id order, the class heading
   * first, then the end of the list without an error */
  memset (&qc, 0xff, sizeof (qc));
  qc.id = 0;
  for (i = 0; i < G_N_ELEMENTS (expected_ctrls); i++) {
    fail_unless (gst_tv_hw_device_next_ctrl (dev, &qc, &err), "control %u", i);
    fail_unless (err == NULL);
    assert_qc (&qc, i);
  }
  fail_if (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
  fail_unless (err == NULL);

  /* by id, and the current values are the defaults */
  for (i = 0; i < G_N_ELEMENTS (expected_ctrls); i++) {
    memset (&qc, 0xff, sizeof (qc));
    fail_unless (gst_tv_hw_device_query_ctrl (dev, expected_ctrls[i].id, &qc,
            &err));
    assert_qc (&qc, i);
    if (expected_ctrls[i].type != V4L2_CTRL_TYPE_CTRL_CLASS)
      fail_unless_equals_int (get_ctrl (dev, expected_ctrls[i].id),
          expected_ctrls[i].default_value);
  }

  /* NEXT_CTRL from the middle of a gap gives the next one */
  qc.id = V4L2_CID_HUE + 1;
  fail_unless (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
  fail_unless_equals_int (qc.id, V4L2_CID_HFLIP);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_errors)
{
  struct v4l2_queryctrl qc;
  struct v4l2_control ctrl;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  gint32 value;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* an id the card does not have: EINVAL everywhere */
  fail_if (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_GAMMA, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_GAMMA, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_GAMMA, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_query_ctrl (dev, 0, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* the class heading is neither readable nor writable: EACCES */
  fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_USER_CLASS, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_PERMISSION);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_USER_CLASS, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_PERMISSION);
  memset (&ctrl, 0, sizeof (ctrl));
  ctrl.id = V4L2_CID_USER_CLASS;
  fail_unless_equals_int (dev->ops->g_ctrl (dev, &ctrl), -EACCES);

  /* NEXT_COMPOUND alone: the card has no compound controls */
  memset (&qc, 0, sizeof (qc));
  qc.id = V4L2_CTRL_FLAG_NEXT_COMPOUND;
  fail_unless_equals_int (dev->ops->queryctrl (dev, &qc), -EINVAL);
  /* past the last control */
  qc.id = V4L2_CID_COLORFX | V4L2_CTRL_FLAG_NEXT_CTRL;
  fail_unless_equals_int (dev->ops->queryctrl (dev, &qc), -EINVAL);

  /* the output node has no controls at all: ENOTTY, an empty list */
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_query_ctrl (out, V4L2_CID_BRIGHTNESS, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_ctrl (out, V4L2_CID_BRIGHTNESS, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_ctrl (out, V4L2_CID_BRIGHTNESS, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  qc.id = 0;
  fail_if (gst_tv_hw_device_next_ctrl (out, &qc, &err));
  fail_unless (err == NULL);
  gst_tv_hw_device_close (out);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_clamp)
{
  static const struct
  {
    guint32 id;
    gint32 set, stored;
  } cases[] = {
    {V4L2_CID_BRIGHTNESS, 300, 255},
    {V4L2_CID_BRIGHTNESS, -5, 0},
    {V4L2_CID_BRIGHTNESS, 77, 77},
    {V4L2_CID_CONTRAST, G_MAXINT32, 255},
    {V4L2_CID_SATURATION, G_MININT32, 0},
    {V4L2_CID_HUE, 200, 128},
    {V4L2_CID_HUE, -200, -128},
    {V4L2_CID_HUE, -7, -7},
    {V4L2_CID_HFLIP, 5, 1},
    {V4L2_CID_HFLIP, 0, 0},
    {V4L2_CID_VFLIP, -1, 1},
  };
  struct v4l2_control ctrl;
  GstTvHwDevice *dev;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* the control framework clamps integers and normalises booleans, and
   * S_CTRL succeeds with the stored value written back */
  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    set_ctrl (dev, cases[i].id, cases[i].set);
    fail_unless_equals_int (get_ctrl (dev, cases[i].id), cases[i].stored);

    memset (&ctrl, 0, sizeof (ctrl));
    ctrl.id = cases[i].id;
    ctrl.value = cases[i].set;
    fail_unless_equals_int (dev->ops->s_ctrl (dev, &ctrl), 0);
    fail_unless_equals_int (ctrl.value, cases[i].stored);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_menu)
{
  static const gchar *names[] = { "None", "Black & White", NULL, "Negative" };
  struct v4l2_querymenu qm;
  struct v4l2_control ctrl;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* items 0, 1 and 3; 2 (Sepia) is skipped: EINVAL, not an error here */
  for (i = 0; i <= 3; i++) {
    memset (&qm, 0xff, sizeof (qm));
    if (names[i] == NULL) {
      fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, i, &qm,
              &err));
      fail_unless (err == NULL);
      continue;
    }
    fail_unless (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, i, &qm,
            &err));
    fail_unless_equals_int (qm.id, V4L2_CID_COLORFX);
    fail_unless_equals_int (qm.index, i);
    fail_unless_equals_string ((const gchar *) qm.name, names[i]);
    fail_unless_equals_int (qm.reserved, 0);
  }
  /* past the maximum, not a menu, no such control */
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, 4, &qm, &err));
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, G_MAXUINT32,
          &qm, &err));
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_BRIGHTNESS, 0, &qm, &err));
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_GAMMA, 0, &qm, &err));
  fail_unless (err == NULL);
  memset (&qm, 0, sizeof (qm));
  qm.id = V4L2_CID_COLORFX;
  qm.index = 2;
  fail_unless_equals_int (dev->ops->querymenu (dev, &qm), -EINVAL);

  /* S_CTRL: ERANGE out of range, EINVAL on a skipped item; both INVALID,
   * and the value stays */
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_NEGATIVE);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_COLORFX, 4, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_COLORFX, -1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_COLORFX,
          V4L2_COLORFX_SEPIA, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  memset (&ctrl, 0, sizeof (ctrl));
  ctrl.id = V4L2_CID_COLORFX;
  ctrl.value = 4;
  fail_unless_equals_int (dev->ops->s_ctrl (dev, &ctrl), -ERANGE);
  ctrl.value = V4L2_COLORFX_SEPIA;
  fail_unless_equals_int (dev->ops->s_ctrl (dev, &ctrl), -EINVAL);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_COLORFX),
      V4L2_COLORFX_NEGATIVE);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_persist)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");

  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 10);
  set_ctrl (dev, V4L2_CID_HUE, -20);
  set_ctrl (dev, V4L2_CID_VFLIP, 1);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_BW);
  gst_tv_hw_device_close (dev);

  /* the card keeps them between opens, for every handle */
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS), 10);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_HUE), -20);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_VFLIP), 1);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_COLORFX), V4L2_COLORFX_BW);
  gst_tv_hw_device_close (dev);

  /* reset: the defaults */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS), 128);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_HUE), 0);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_VFLIP), 0);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_COLORFX), 0);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* horizontal bars (input 1), column 400, far from the box: a line in the
 * white, yellow, red and black bars */
static const struct
{
  guint line;
  guint8 y, cb, cr;
} bar_points[] = {
  {36, 180, 128, 128},
  {108, 162, 44, 142},
  {396, 65, 100, 212},
  {540, 16, 128, 128},
};

#define BAR_X 400

/* the documented luma transfer of brightness and contrast */
static guint8
expected_luma (guint8 y, gint brightness, gint contrast)
{
  gint n = (y - 16) * contrast;
  gint scaled = n >= 0 ? (n + 64) / 128 : -((-n + 64) / 128);

  return CLAMP (16 + scaled + brightness - 128, 0, 255);
}

/* vivid moves brightness's range by 128 an input and keeps a value per
 * input; the other controls stay as they are */
GST_START_TEST (test_ctrl_range_per_input)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  struct v4l2_queryctrl qc = { 0, };
  GError *err = NULL;
  guint32 i;

  for (i = 0; i < 3; i++) {
    set_input (dev, i);
    fail_unless (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_BRIGHTNESS, &qc,
            &err));
    fail_unless_equals_int (qc.minimum, 128 * i);
    fail_unless_equals_int (qc.maximum, 255 + 128 * i);
    fail_unless_equals_int (qc.default_value, 128 + 128 * i);
    /* the value of an input never set is its default */
    fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS),
        128 + 128 * i);
    /* clamped to this input's range */
    set_ctrl (dev, V4L2_CID_BRIGHTNESS, 0);
    fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS), 128 * i);
    set_ctrl (dev, V4L2_CID_BRIGHTNESS, 140 + 128 * i + (gint32) i);
    fail_unless (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_CONTRAST, &qc,
            &err));
    fail_unless_equals_int (qc.minimum, 0);
    fail_unless_equals_int (qc.maximum, 255);
  }
  /* each input kept its own */
  for (i = 0; i < 3; i++) {
    set_input (dev, i);
    fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS),
        140 + 128 * i + i);
  }
  /* and so does the card, between opens */
  gst_tv_hw_device_close (dev);
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS), 140 + 2 * 128
      + 2);
  gst_tv_hw_device_close (dev);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
}

GST_END_TEST;

GST_START_TEST (test_ctrl_luma)
{
  static const gint settings[][2] = {
    {148, 128}, {0, 128}, {255, 128}, {128, 64}, {128, 0}, {128, 255},
    {255, 255}, {60, 200},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  guint8 *f;
  guint i, k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 1);

  /* the defaults: the generator's values */
  f = grab (card, dev);
  for (k = 0; k < G_N_ELEMENTS (bar_points); k++) {
    fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X,
            bar_points[k].line), bar_points[k].y);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X,
            bar_points[k].line, FALSE), bar_points[k].cb);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X,
            bar_points[k].line, TRUE), bar_points[k].cr);
  }
  g_free (f);

  /* brightness is an offset, contrast a gain around black (16); the
   * chroma does not move. Input 1's brightness ranges 128..383 (vivid's
   * per-input range), the picture takes the value less 128. */
  for (i = 0; i < G_N_ELEMENTS (settings); i++) {
    set_ctrl (dev, V4L2_CID_BRIGHTNESS, 128 + settings[i][0]);
    set_ctrl (dev, V4L2_CID_CONTRAST, settings[i][1]);
    f = grab (card, dev);
    for (k = 0; k < G_N_ELEMENTS (bar_points); k++) {
      guint line = bar_points[k].line;

      fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, line),
          expected_luma (bar_points[k].y, settings[i][0], settings[i][1]));
      fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, line,
              FALSE), bar_points[k].cb);
      fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, line,
              TRUE), bar_points[k].cr);
    }
    g_free (f);
  }

  /* a few literal values (input 1: 128 is brightness's bottom, 256 its
   * middle): white +20, half contrast */
  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 128 + 148);
  set_ctrl (dev, V4L2_CID_CONTRAST, 128);
  f = grab (card, dev);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36), 200);
  g_free (f);
  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 128 + 128);
  set_ctrl (dev, V4L2_CID_CONTRAST, 64);
  f = grab (card, dev);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36), 98);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 540), 16);
  g_free (f);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_chroma)
{
  static const struct
  {
    gint saturation, hue;
    guint8 cb, cr;              /* of the yellow bar: Cb 44, Cr 142 */
  } cases[] = {
    {128, 0, 44, 142},
    {0, 0, 128, 128},
    {64, 0, 86, 135},           /* half: -84 -> -42, 14 -> 7 */
    {255, 0, 0, 156},           /* -84 x 255/128 clips */
    {128, 64, 114, 44},         /* +90 degrees: (cb, cr) -> (-cr, cb) */
    {128, -64, 142, 212},       /* -90 degrees: (cb, cr) -> (cr, -cb) */
    {128, 128, 212, 114},       /* 180 degrees: (cb, cr) -> (-cb, -cr) */
    {128, -128, 212, 114},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  guint8 *f;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 1);

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    set_ctrl (dev, V4L2_CID_SATURATION, cases[i].saturation);
    set_ctrl (dev, V4L2_CID_HUE, cases[i].hue);
    f = grab (card, dev);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
            FALSE), cases[i].cb);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
            TRUE), cases[i].cr);
    /* neutral stays neutral, and the luma does not move */
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36,
            FALSE), 128);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36,
            TRUE), 128);
    fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108), 162);
    if (cases[i].saturation == 0)
      fail_unless (colourless (f, 576));
    g_free (f);
  }

  /* colour effects: black & white, negative */
  set_ctrl (dev, V4L2_CID_SATURATION, 128);
  set_ctrl (dev, V4L2_CID_HUE, 0);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_BW);
  f = grab (card, dev);
  fail_unless (colourless (f, 576));
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108), 162);
  g_free (f);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_NEGATIVE);
  f = grab (card, dev);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108),
      255 - 162);
  fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
          FALSE), 212);
  fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
          TRUE), 114);
  g_free (f);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_marks_untouched)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  GstTvHwDevice *dev;
  guint8 *plain, *f;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 2);
  plain = grab (card, dev);

  /* everything at once, as far as it goes */
  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 255);
  set_ctrl (dev, V4L2_CID_CONTRAST, 0);
  set_ctrl (dev, V4L2_CID_SATURATION, 255);
  set_ctrl (dev, V4L2_CID_HUE, 100);
  set_ctrl (dev, V4L2_CID_HFLIP, 1);
  set_ctrl (dev, V4L2_CID_VFLIP, 1);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_NEGATIVE);
  f = grab (card, dev);

  /* the picture changed, the marks band did not, byte for byte */
  fail_unless (pictures_differ (plain, f, 576));
  fail_unless (marks_equal (plain, f, 576));
  decode_yuyv (f, 576, &info);
  fail_unless_equals_int (info.input, 2);
  fail_unless_equals_int (info.sequence, 0);
  fail_unless (info.top_field_ok && info.bottom_field_ok);
  fail_if (info.no_signal);
  g_free (f);
  g_free (plain);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_flips)
{
  static const guint32 fourccs[] = { V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_UYVY };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  guint8 *plain, *h, *v, *hv;
  guint i, x, y;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  for (i = 0; i < G_N_ELEMENTS (fourccs); i++) {
    guint32 fourcc = fourccs[i];
    GstTvHwVirtualFrameInfo info;

    set_pixelformat (dev, fourcc);
    set_ctrl (dev, V4L2_CID_HFLIP, 0);
    set_ctrl (dev, V4L2_CID_VFLIP, 0);
    plain = grab (card, dev);
    set_ctrl (dev, V4L2_CID_HFLIP, 1);
    h = grab (card, dev);
    set_ctrl (dev, V4L2_CID_VFLIP, 1);
    hv = grab (card, dev);
    set_ctrl (dev, V4L2_CID_HFLIP, 0);
    v = grab (card, dev);

    /* the picture (columns 80..719) mirrors within itself; the marks band
     * stays where it is */
    for (y = 0; y < 576; y += 5) {
      for (x = MARK_COLUMNS; x < WIDTH; x++) {
        guint mx = MARK_COLUMNS + WIDTH - 1 - x, my = 575 - y;

        fail_unless_equals_int (luma_at (h, fourcc, x, y),
            luma_at (plain, fourcc, mx, y));
        fail_unless_equals_int (luma_at (v, fourcc, x, y),
            luma_at (plain, fourcc, x, my));
        fail_unless_equals_int (luma_at (hv, fourcc, x, y),
            luma_at (plain, fourcc, mx, my));
        fail_unless_equals_int (chroma_at (h, fourcc, x, y, FALSE),
            chroma_at (plain, fourcc, mx, y, FALSE));
        fail_unless_equals_int (chroma_at (h, fourcc, x, y, TRUE),
            chroma_at (plain, fourcc, mx, y, TRUE));
        fail_unless_equals_int (chroma_at (v, fourcc, x, y, TRUE),
            chroma_at (plain, fourcc, x, my, TRUE));
      }
    }
    fail_unless (pictures_differ (plain, h, 576));
    fail_unless (pictures_differ (plain, v, 576));
    fail_unless (marks_equal (plain, h, 576));
    fail_unless (marks_equal (plain, v, 576));
    fail_unless (marks_equal (plain, hv, 576));
    fail_unless (gst_tv_hw_virtual_decode (hv + (fourcc ==
                V4L2_PIX_FMT_UYVY), 2, WIDTH, 576, STRIDE, &info));
    fail_unless_equals_int (info.input, 0);
    fail_unless (info.top_field_ok && info.bottom_field_ok);

    g_free (plain);
    g_free (h);
    g_free (v);
    g_free (hv);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_no_flip_controls)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_queryctrl qc;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint8 *plain, *f;
  gint32 value;
  guint n = 0;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  plain = grab (card, dev);
  set_ctrl (dev, V4L2_CID_HFLIP, 1);

  /* a card without flips: the controls are gone, the picture unflipped */
  gst_tv_hw_virtual_card_set_flip_controls (card, FALSE);
  qc.id = 0;
  while (gst_tv_hw_device_next_ctrl (dev, &qc, &err)) {
    fail_if (qc.id == V4L2_CID_HFLIP || qc.id == V4L2_CID_VFLIP);
    n++;
  }
  fail_unless (err == NULL);
  fail_unless_equals_int (n, G_N_ELEMENTS (expected_ctrls) - 2);
  fail_if (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_HFLIP, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_VFLIP, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_HFLIP, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  f = grab (card, dev);
  fail_unless (memcmp (f, plain, STRIDE * 576) == 0);
  g_free (f);

  /* back: off */
  gst_tv_hw_virtual_card_set_flip_controls (card, TRUE);
  fail_unless (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_HFLIP, &qc, &err));
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_HFLIP), 0);
  gst_tv_hw_device_close (dev);

  /* and a reset brings them back too */
  gst_tv_hw_virtual_card_set_flip_controls (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_VFLIP), 0);
  gst_tv_hw_device_close (dev);
  g_free (plain);
}

GST_END_TEST;

/* --- tuner, channel plan, modulator --- */

static guint32
get_frequency (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 frequency = 0;

  fail_unless (gst_tv_hw_device_get_frequency (dev, 0, &frequency, &err),
      "G_FREQUENCY: %s", err ? err->message : "");
  return frequency;
}

GST_START_TEST (test_tuner)
{
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  struct v4l2_input input;
  guint32 freq;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* vivid's TV tuner (video0-all.txt): 44 - 958 MHz in 62.5 kHz units,
   * multi-standard stereo lang1 lang2 freq-bands, audio mode stereo */
  memset (&tuner, 0xff, sizeof (tuner));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.index, 0);
  fail_unless_equals_string ((const gchar *) tuner.name, "TV Tuner");
  fail_unless_equals_int (tuner.type, V4L2_TUNER_ANALOG_TV);
  fail_unless_equals_int (tuner.capability, V4L2_TUNER_CAP_NORM |
      V4L2_TUNER_CAP_STEREO | V4L2_TUNER_CAP_LANG1 | V4L2_TUNER_CAP_LANG2 |
      V4L2_TUNER_CAP_FREQ_BANDS);
  fail_unless_equals_int (tuner.rangelow, 44 * 16);
  fail_unless_equals_int (tuner.rangehigh, 958 * 16);
  fail_unless_equals_int (tuner.rangelow, GST_TV_HW_VIRTUAL_FREQ_LOW);
  fail_unless_equals_int (tuner.rangehigh, GST_TV_HW_VIRTUAL_FREQ_HIGH);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_STEREO);
  /* on station E5 at power-on */
  fail_unless_equals_int (tuner.signal, 0xffff);
  fail_unless_equals_int (tuner.afc, 0);
  fail_unless_equals_int (tuner.rxsubchans, V4L2_TUNER_SUB_STEREO);
  fail_unless_equals_int (tuner.reserved[0], 0);
  fail_unless_equals_int (get_frequency (dev), GST_TV_HW_VIRTUAL_DEFAULT_FREQ);
  fail_unless_equals_int (get_frequency (dev), 2804);
  fail_unless_equals_int (gst_tv_hw_frequency_to_hz (get_frequency (dev),
          tuner.capability), 175250000);

  /* the Television input names tuner 0 */
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless_equals_int (input.tuner, 0);
  fail_unless_equals_int (input.type, V4L2_INPUT_TYPE_TUNER);

  /* bad tuner indices: EINVAL */
  fail_if (gst_tv_hw_device_get_tuner (dev, 1, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  memset (&tuner, 0, sizeof (tuner));
  tuner.index = 1;
  fail_if (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_frequency (dev, 1, V4L2_TUNER_ANALOG_TV,
          3028, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_get_frequency (dev, 7, &freq, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  /* a video node's tuner is an analog TV tuner (v4l_s_frequency) */
  fail_if (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_RADIO, 3028,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_int (get_frequency (dev), 2804);

  /* the capture node has no modulator, the output node no tuner */
  {
    struct v4l2_modulator mod;

    fail_if (gst_tv_hw_device_get_modulator (dev, 0, &mod, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  }
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_get_tuner (out, 0, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  gst_tv_hw_device_close (out);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_audmode)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;
  GError *err = NULL;

  dev = open_card ("virtual:0");
  get_tuner (dev, &tuner);
  tuner.audmode = V4L2_TUNER_MODE_LANG1_LANG2;
  fail_unless (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_LANG1_LANG2);
  /* vivid: audio modes past LANG1_LANG2 are EINVAL */
  tuner.audmode = V4L2_TUNER_MODE_LANG1_LANG2 + 1;
  fail_if (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_LANG1_LANG2);
  /* only the index and audmode count */
  memset (&tuner, 0xff, sizeof (tuner));
  tuner.index = 0;
  tuner.audmode = V4L2_TUNER_MODE_MONO;
  fail_unless (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  gst_tv_hw_device_close (dev);

  /* persists, and a reset restores stereo */
  dev = open_card ("virtual:0");
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_MONO);
  gst_tv_hw_device_close (dev);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_STEREO);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_frequency)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;

  dev = open_card ("virtual:0");
  set_frequency (dev, 3028);
  fail_unless_equals_int (get_frequency (dev), 3028);

  /* out of range: clamped, no error (vivid) */
  set_frequency (dev, 0);
  fail_unless_equals_int (get_frequency (dev), GST_TV_HW_VIRTUAL_FREQ_LOW);
  set_frequency (dev, 44 * 16 - 1);
  fail_unless_equals_int (get_frequency (dev), 44 * 16);
  set_frequency (dev, G_MAXUINT32);
  fail_unless_equals_int (get_frequency (dev), GST_TV_HW_VIRTUAL_FREQ_HIGH);
  set_frequency (dev, 958 * 16 + 1);
  fail_unless_equals_int (get_frequency (dev), 958 * 16);

  /* persists between opens; a reset goes back to E5 */
  set_frequency (dev, 7540);
  gst_tv_hw_device_close (dev);
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_frequency (dev), 7540);
  /* an input switch keeps it */
  set_input (dev, 2);
  set_input (dev, 0);
  fail_unless_equals_int (get_frequency (dev), 7540);
  gst_tv_hw_device_close (dev);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_frequency (dev), 2804);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_frequency_hz)
{
  const guint32 low = V4L2_TUNER_CAP_LOW, hz1 = V4L2_TUNER_CAP_1HZ;

  /* 62.5 kHz units */
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (2804, 0), 175250000);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (2804,
          V4L2_TUNER_CAP_NORM | V4L2_TUNER_CAP_STEREO), 175250000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175250000, 0), 2804);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (67250000, 0), 1076);
  /* rounded to the nearest unit */
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175281249, 0), 2804);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175281250, 0), 2805);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175218750, 0), 2804);

  /* 62.5 Hz units */
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (16, low), 1000);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (1, low), 62);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (1600000, low),
      100000000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (100000000, low),
      1600000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (31, low), 0);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (32, low), 1);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (125, low), 2);

  /* 1 Hz units, and what does not fit */
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (88000000, hz1 | low),
      88000000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (88000000, hz1),
      88000000);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_from_hz (G_GUINT64_CONSTANT
          (5000000000), hz1), G_MAXUINT32);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_from_hz (G_MAXUINT64, low),
      G_MAXUINT32);
}

GST_END_TEST;

GST_START_TEST (test_channel_plan)
{
  static const struct
  {
    const gchar *channel;
    guint32 frequency;
    v4l2_std_id detected;
    guint32 rxsubchans;
  } plan[] = {
    {"E5", 2804, V4L2_STD_PAL_BG, V4L2_TUNER_SUB_STEREO},
    {"E7", 3028, V4L2_STD_PAL_BG, V4L2_TUNER_SUB_LANG1 | V4L2_TUNER_SUB_LANG2},
    {"US4", 1076, V4L2_STD_NTSC_M, V4L2_TUNER_SUB_MONO | V4L2_TUNER_SUB_SAP},
    {"E21", 7540, V4L2_STD_PAL_I, V4L2_TUNER_SUB_STEREO},
    {"E30", 8692, V4L2_STD_SECAM_L, V4L2_TUNER_SUB_MONO},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  const GstTvHwVirtualStation *stations;
  guint8 *frames[G_N_ELEMENTS (plan)];
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;
  guint i, j, n = 0;

  stations = gst_tv_hw_virtual_get_stations (&n);
  fail_unless_equals_int (n, G_N_ELEMENTS (plan));

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  for (i = 0; i < n; i++) {
    GstTvHwVirtualFrameInfo info;

    fail_unless_equals_string (stations[i].channel, plan[i].channel);
    fail_unless_equals_int (stations[i].frequency, plan[i].frequency);
    fail_unless_equals_int (stations[i].rxsubchans, plan[i].rxsubchans);

    set_frequency (dev, stations[i].frequency);
    get_tuner (dev, &tuner);
    fail_unless_equals_int (tuner.signal, 0xffff);
    fail_unless_equals_int (tuner.afc, 0);
    fail_unless_equals_int (tuner.rxsubchans, plan[i].rxsubchans);
    fail_unless_equals_int (input_status (dev, 0), 0);
    /* the station's standard, or the input's own (PAL-BG) */
    fail_unless_equals_uint64 (query_std (dev), plan[i].detected);

    /* its own picture, and the marks name the station */
    frames[i] = grab (card, dev);
    decode_yuyv (frames[i], 576, &info);
    fail_unless_equals_int (info.input, 0);
    fail_unless_equals_int (info.station, i);
    fail_if (info.no_signal);
    fail_unless (info.top_field_ok && info.bottom_field_ok);
    for (j = 0; j < i; j++)
      fail_unless (pictures_differ (frames[i], frames[j], 576),
          "stations %u and %u", i, j);
  }
  /* station 0 is the power-on picture of the Television input: the same
   * as before there was a tuner */
  fail_unless_equals_int (stations[0].frequency,
      GST_TV_HW_VIRTUAL_DEFAULT_FREQ);

  for (i = 0; i < n; i++)
    g_free (frames[i]);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_channel_reception)
{
  static const struct
  {
    gint offset;                /* from E21, in 62.5 kHz units */
    gint32 signal;
    guint32 status;
    guint32 rxsubchans;
    gint32 afc;
  } cases[] = {
    {0, 0xffff, 0, V4L2_TUNER_SUB_STEREO, 0},
    {4, 0xffff, 0, V4L2_TUNER_SUB_STEREO, 4},   /* +0.25 MHz: colour */
    {-4, 0xffff, 0, V4L2_TUNER_SUB_STEREO, -4},
    {5, 0x8000, V4L2_IN_ST_COLOR_KILL, V4L2_TUNER_SUB_MONO, 5},
    {-16, 0x8000, V4L2_IN_ST_COLOR_KILL, V4L2_TUNER_SUB_MONO, -16},
    {16, 0x8000, V4L2_IN_ST_COLOR_KILL, V4L2_TUNER_SUB_MONO, 16},
    {17, 0, V4L2_IN_ST_NO_SIGNAL, 0, 0},        /* past 1 MHz: snow */
    {-17, 0, V4L2_IN_ST_NO_SIGNAL, 0, 0},
    {-1000, 0, V4L2_IN_ST_NO_SIGNAL, 0, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;
  guint8 *f;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    gboolean snow = cases[i].signal == 0;

    set_frequency (dev, 7540 + cases[i].offset);
    get_tuner (dev, &tuner);
    fail_unless_equals_int (tuner.signal, cases[i].signal);
    fail_unless_equals_int (tuner.afc, cases[i].afc);
    fail_unless_equals_int (tuner.rxsubchans, cases[i].rxsubchans);
    fail_unless_equals_int (input_status (dev, 0), cases[i].status);
    /* locked, with or without colour: PAL-I; snow: nothing */
    fail_unless_equals_uint64 (query_std (dev), snow ? 0 : V4L2_STD_PAL_I);

    f = grab (card, dev);
    decode_yuyv (f, 576, &info);
    fail_unless_equals_int (info.input, 0);
    fail_unless_equals_int (info.no_signal, snow);
    fail_unless_equals_int (info.station, snow ? 0 : 3);
    /* the colour goes first */
    fail_unless_equals_int (colourless (f, 576),
        snow || cases[i].signal == 0x8000);
    g_free (f);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_antenna)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;

  dev = open_card ("virtual:0");

  /* no antenna (the Television input's signal 0): snow on every station */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, 0));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0);
  fail_unless_equals_int (input_status (dev, 0), V4L2_IN_ST_NO_SIGNAL);
  fail_unless_equals_uint64 (query_std (dev), 0);

  /* the local standard: stations E5 and E7 broadcast in it, the others in
   * their own */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, V4L2_STD_SECAM_L));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0xffff);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_SECAM_L);
  set_frequency (dev, 3028);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_SECAM_L);
  set_frequency (dev, 1076);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_NTSC_M);

  /* G_TUNER reports the tuner input's reception from any input */
  set_input (dev, 3);
  set_frequency (dev, 6400);
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0);
  set_frequency (dev, 1076);
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0xffff);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_while_streaming)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  decode_yuyv (s.data[buf.index], 576, &info);
  fail_unless_equals_int (info.station, 0);
  queue (dev, buf.index);

  /* a channel change takes effect with the next frame; the stream and the
   * sequence go on */
  set_frequency (dev, 7540);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  decode_yuyv (s.data[buf.index], 576, &info);
  fail_unless_equals_int (info.station, 3);
  fail_if (info.no_signal);
  queue (dev, buf.index);

  set_frequency (dev, 6400);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 2, TRUE);
  queue (dev, buf.index);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_no_tuner)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Camera", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
    {"Composite", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x2},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  guint32 freq;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_get_caps (dev) & V4L2_CAP_TUNER);
  fail_unless (gst_tv_hw_device_get_caps (dev) & V4L2_CAP_AUDIO);
  fail_if (gst_tv_hw_device_get_tuner (dev, 0, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  memset (&tuner, 0, sizeof (tuner));
  fail_if (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_frequency (dev, 0, &freq, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
          2804, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);

  /* the output node keeps its modulator */
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_caps (out) & V4L2_CAP_MODULATOR);
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_if (out->cap.capabilities & V4L2_CAP_TUNER);
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_modulator)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_modulator mod;
  GstTvHwDevice *out, *cap;
  GError *err = NULL;
  guint32 freq = 0;

  out = open_output ("virtual:0");
  memset (&mod, 0xff, sizeof (mod));
  fail_unless (gst_tv_hw_device_get_modulator (out, 0, &mod, &err));
  fail_unless_equals_int (mod.index, 0);
  fail_unless_equals_string ((const gchar *) mod.name, "RF Modulator");
  fail_unless_equals_int (mod.capability, V4L2_TUNER_CAP_NORM |
      V4L2_TUNER_CAP_STEREO | V4L2_TUNER_CAP_FREQ_BANDS);
  fail_unless_equals_int (mod.rangelow, GST_TV_HW_VIRTUAL_FREQ_LOW);
  fail_unless_equals_int (mod.rangehigh, GST_TV_HW_VIRTUAL_FREQ_HIGH);
  fail_unless_equals_int (mod.txsubchans, V4L2_TUNER_SUB_STEREO);
  fail_unless_equals_int (mod.type, V4L2_TUNER_ANALOG_TV);
  fail_unless_equals_int (mod.reserved[0], 0);
  fail_unless_equals_int (mod.reserved[2], 0);

  /* txsubchans: mono and stereo only */
  mod.txsubchans = V4L2_TUNER_SUB_MONO;
  fail_unless (gst_tv_hw_device_set_modulator (out, &mod, &err));
  mod.txsubchans = V4L2_TUNER_SUB_LANG1;
  fail_if (gst_tv_hw_device_set_modulator (out, &mod, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_get_modulator (out, 0, &mod, &err));
  fail_unless_equals_int (mod.txsubchans, V4L2_TUNER_SUB_MONO);
  /* bad index */
  fail_if (gst_tv_hw_device_get_modulator (out, 1, &mod, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  mod.index = 1;
  fail_if (gst_tv_hw_device_set_modulator (out, &mod, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* its frequency, on the output node: E5 at power-on, clamped, separate
   * from the tuner's */
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, GST_TV_HW_VIRTUAL_DEFAULT_FREQ);
  fail_unless (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_ANALOG_TV,
          7540, &err));
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, 7540);
  fail_unless (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_ANALOG_TV,
          1, &err));
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, GST_TV_HW_VIRTUAL_FREQ_LOW);
  fail_if (gst_tv_hw_device_set_frequency (out, 1, V4L2_TUNER_ANALOG_TV,
          7540, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_RADIO, 7540,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  cap = open_card ("virtual:0");
  fail_unless_equals_int (get_frequency (cap), 2804);
  gst_tv_hw_device_close (cap);
  fail_unless (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_ANALOG_TV,
          8692, &err));
  gst_tv_hw_device_close (out);

  /* persists; a reset restores it */
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, 8692);
  gst_tv_hw_device_close (out);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, 2804);
  fail_unless (gst_tv_hw_device_get_modulator (out, 0, &mod, &err));
  fail_unless_equals_int (mod.txsubchans, V4L2_TUNER_SUB_STEREO);
  gst_tv_hw_device_close (out);
}

GST_END_TEST;

/* --- audio inputs and outputs --- */

static guint32
get_audio (GstTvHwDevice * dev)
{
  struct v4l2_audio audio;
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_get_audio (dev, &audio, &err), "G_AUDIO: %s",
      err ? err->message : "");
  return audio.index;
}

GST_START_TEST (test_audio_enum)
{
  static const gchar *names[] = { "TV", "Line-In" };
  struct v4l2_audio audio;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* vivid's two audio inputs */
  for (i = 0; i < G_N_ELEMENTS (names); i++) {
    memset (&audio, 0xff, sizeof (audio));
    fail_unless (gst_tv_hw_device_enum_audio (dev, i, &audio, &err));
    fail_unless_equals_int (audio.index, i);
    fail_unless_equals_string ((const gchar *) audio.name, names[i]);
    fail_unless_equals_int (audio.capability, V4L2_AUDCAP_STEREO);
    fail_unless_equals_int (audio.mode, 0);
    fail_unless_equals_int (audio.reserved[0], 0);
    fail_unless_equals_int (audio.reserved[1], 0);
  }
  fail_unless_equals_int (i, GST_TV_HW_VIRTUAL_N_AUDIO_INPUTS);
  fail_if (gst_tv_hw_device_enum_audio (dev, 2, &audio, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_enum_audio (dev, G_MAXUINT32, &audio, &err));
  fail_unless (err == NULL);

  /* G_AUDIO answers the whole description */
  fail_unless (gst_tv_hw_device_get_audio (dev, &audio, &err));
  fail_unless_equals_int (audio.index, 0);
  fail_unless_equals_string ((const gchar *) audio.name, "TV");

  /* audio inputs belong to the capture node, audio outputs to the output
   * node */
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_enum_audio (out, 0, &audio, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_audio (out, &audio, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_audio (out, 0, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  {
    struct v4l2_audioout audout;

    fail_if (gst_tv_hw_device_enum_audout (dev, 0, &audout, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    fail_if (gst_tv_hw_device_get_audout (dev, &audout, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    fail_if (gst_tv_hw_device_set_audout (dev, 0, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  }
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_audio_follows_input)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Camera", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
    {"Both", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x3},
  };
  static const GstTvHwVirtualInput bad[] = {
    {"Too many", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x4},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_audio audio;
  GstTvHwDevice *dev;
  GError *err = NULL;

  dev = open_card ("virtual:0");

  /* Television: TV audio only; S_AUDIO outside the audioset is EINVAL */
  fail_unless_equals_int (get_audio (dev), 0);
  fail_if (gst_tv_hw_device_set_audio (dev, 1, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  fail_if (gst_tv_hw_device_set_audio (dev, 2, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* the other inputs have Line-In: S_INPUT takes the audio input along */
  set_input (dev, 1);
  fail_unless_equals_int (get_audio (dev), 1);
  fail_if (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_set_audio (dev, 1, 0, &err));
  set_input (dev, 3);
  fail_unless_equals_int (get_audio (dev), 1);
  set_input (dev, 0);
  fail_unless_equals_int (get_audio (dev), 0);
  set_input (dev, 2);
  gst_tv_hw_device_close (dev);

  /* it persists */
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_audio (dev), 1);
  gst_tv_hw_device_close (dev);

  /* an input without audio has no current audio input (vivid: EINVAL); an
   * input with both can take either */
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  fail_if (gst_tv_hw_virtual_card_set_inputs (card, bad, 1));
  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_get_audio (dev, &audio, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  set_input (dev, 1);
  fail_unless (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  fail_unless_equals_int (get_audio (dev), 0);
  fail_unless (gst_tv_hw_device_set_audio (dev, 1, 0, &err));
  fail_unless_equals_int (get_audio (dev), 1);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_audio_outputs)
{
  static const gchar *names[] = { "Line-Out", "Modulator Audio" };
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_audioout audout;
  GstTvHwDevice *out;
  GError *err = NULL;
  guint i;

  out = open_output ("virtual:0");
  for (i = 0; i < G_N_ELEMENTS (names); i++) {
    memset (&audout, 0xff, sizeof (audout));
    fail_unless (gst_tv_hw_device_enum_audout (out, i, &audout, &err));
    fail_unless_equals_int (audout.index, i);
    fail_unless_equals_string ((const gchar *) audout.name, names[i]);
    fail_unless_equals_int (audout.capability, 0);
    fail_unless_equals_int (audout.mode, 0);
    fail_unless_equals_int (audout.reserved[0], 0);
  }
  fail_unless_equals_int (i, GST_TV_HW_VIRTUAL_N_AUDIO_OUTPUTS);
  fail_if (gst_tv_hw_device_enum_audout (out, 2, &audout, &err));
  fail_unless (err == NULL);

  /* Composite Out: Line-Out; RF Modulator: the modulator's sound */
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 0);
  fail_if (gst_tv_hw_device_set_audout (out, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_audout (out, 5, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  set_output (out, 2);
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 1);
  fail_unless_equals_string ((const gchar *) audout.name, "Modulator Audio");
  fail_if (gst_tv_hw_device_set_audout (out, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_set_audout (out, 1, &err));
  gst_tv_hw_device_close (out);

  /* persists; reset: output 0, Line-Out */
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 1);
  set_output (out, 1);
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 0);
  set_output (out, 2);
  gst_tv_hw_device_close (out);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 0);
  gst_tv_hw_device_close (out);
}

GST_END_TEST;

static Suite *
tvhw_controls_suite (void)
{
  Suite *s = suite_create ("tvhw-controls");
  TCase *tc_ctrls = tcase_create ("controls");
  TCase *tc_tuner = tcase_create ("tuner");
  TCase *tc_audio = tcase_create ("audio");

  suite_add_tcase (s, tc_ctrls);
  tcase_add_checked_fixture (tc_ctrls, NULL, card_teardown);
  tcase_add_test (tc_ctrls, test_ctrl_enumerate);
  tcase_add_test (tc_ctrls, test_ctrl_errors);
  tcase_add_test (tc_ctrls, test_ctrl_clamp);
  tcase_add_test (tc_ctrls, test_ctrl_menu);
  tcase_add_test (tc_ctrls, test_ctrl_persist);
  tcase_add_test (tc_ctrls, test_ctrl_range_per_input);
  tcase_add_test (tc_ctrls, test_ctrl_luma);
  tcase_add_test (tc_ctrls, test_ctrl_chroma);
  tcase_add_test (tc_ctrls, test_ctrl_marks_untouched);
  tcase_add_test (tc_ctrls, test_ctrl_flips);
  tcase_add_test (tc_ctrls, test_ctrl_no_flip_controls);

  suite_add_tcase (s, tc_tuner);
  tcase_add_checked_fixture (tc_tuner, NULL, card_teardown);
  tcase_add_test (tc_tuner, test_tuner);
  tcase_add_test (tc_tuner, test_tuner_audmode);
  tcase_add_test (tc_tuner, test_frequency);
  tcase_add_test (tc_tuner, test_frequency_hz);
  tcase_add_test (tc_tuner, test_channel_plan);
  tcase_add_test (tc_tuner, test_channel_reception);
  tcase_add_test (tc_tuner, test_tuner_antenna);
  tcase_add_test (tc_tuner, test_tuner_while_streaming);
  tcase_add_test (tc_tuner, test_no_tuner);
  tcase_add_test (tc_tuner, test_modulator);

  suite_add_tcase (s, tc_audio);
  tcase_add_checked_fixture (tc_audio, NULL, card_teardown);
  tcase_add_test (tc_audio, test_audio_enum);
  tcase_add_test (tc_audio, test_audio_follows_input);
  tcase_add_test (tc_audio, test_audio_outputs);

  return s;
}

GST_CHECK_MAIN (tvhw_controls);
