/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: formats, the geometry each standard implies, CROPCAP.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvhw-compliance.h"

static gint
check_pix (GstTvHwDevice * dev, const struct v4l2_pix_format *pix)
{
  fail_on_test (pix->width == 0 || pix->height == 0);
  fail_on_test (pix->pixelformat == 0);
  fail_on_test (pix->field == V4L2_FIELD_ANY);
  fail_on_test (pix->bytesperline == 0);
  fail_on_test (pix->sizeimage < pix->bytesperline * pix->height);
  fail_on_test (pix->colorspace == V4L2_COLORSPACE_DEFAULT &&
      gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE);
  return 0;
}

gint
test_enum_fmt (GstTvHwDevice * dev)
{
  struct v4l2_fmtdesc desc;
  GError *err = NULL;
  guint i;

  for (i = 0; gst_tv_hw_device_enum_fmt (dev, i, &desc, &err); i++) {
    fail_on_test (desc.index != i);
    fail_on_test (desc.type != gst_tv_hw_device_get_buf_type (dev));
    fail_on_test (desc.pixelformat == 0);
    fail_on_test (desc.description[0] == '\0');
    fail_on_test (memchr (desc.description, '\0',
            sizeof (desc.description)) == NULL);
    info ("format %u: %.4s '%.32s'\n", i, (const gchar *) &desc.pixelformat,
        desc.description);
  }
  fail_on_test (err != NULL);
  fail_on_test (i == 0);
  return 0;
}

gint
test_g_s_try_fmt (GstTvHwDevice * dev)
{
  struct v4l2_fmtdesc desc;
  struct v4l2_format cur, fmt, after;
  GError *err = NULL;
  guint i;

  fail_on_error (gst_tv_hw_device_get_fmt (dev, &cur, &err), err);
  fail_on_test (check_pix (dev, &cur.fmt.pix));

  for (i = 0; gst_tv_hw_device_enum_fmt (dev, i, &desc, NULL); i++) {
    struct v4l2_format before;

    /* TRY_FMT answers for every listed format and changes nothing. The
     * reference is the format of the moment: the S_FMT of the previous
     * round changed it (comparing with the format at the start only
     * passed on a device whose first two formats are all it has). */
    fail_on_error (gst_tv_hw_device_get_fmt (dev, &before, &err), err);
    fmt = cur;
    fmt.fmt.pix.pixelformat = desc.pixelformat;
    fail_on_error (gst_tv_hw_device_try_fmt (dev, &fmt, &err), err);
    fail_on_test (fmt.fmt.pix.pixelformat != desc.pixelformat);
    fail_on_test (check_pix (dev, &fmt.fmt.pix));
    fail_on_error (gst_tv_hw_device_get_fmt (dev, &after, &err), err);
    fail_on_test (memcmp (&after.fmt.pix, &before.fmt.pix,
            sizeof (before.fmt.pix)) != 0);

    /* S_FMT does what TRY_FMT said */
    after = fmt;
    fail_on_error (gst_tv_hw_device_set_fmt (dev, &after, &err), err);
    fail_on_test (memcmp (&after.fmt.pix, &fmt.fmt.pix,
            sizeof (fmt.fmt.pix)) != 0);
  }

  /* an unknown pixel format is replaced, not refused */
  fmt = cur;
  fmt.fmt.pix.pixelformat = v4l2_fourcc ('X', 'X', 'X', 'X');
  fail_on_error (gst_tv_hw_device_try_fmt (dev, &fmt, &err), err);
  fail_on_test (fmt.fmt.pix.pixelformat == v4l2_fourcc ('X', 'X', 'X', 'X'));

  fail_on_error (gst_tv_hw_device_set_fmt (dev, &cur, &err), err);
  return 0;
}

/* on every standard of every input: asking for the standard's native
 * size gives it, interlaced */
gint
test_std_geometry (GstTvHwDevice * dev)
{
  gboolean capture =
      gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE;
  GError *err = NULL;
  guint32 cur, i, n;
  gboolean any = FALSE;

  n = capture ? compliance_count_inputs (dev) : compliance_count_outputs (dev);
  if (capture)
    fail_on_error (gst_tv_hw_device_get_input (dev, &cur, &err), err);
  else
    fail_on_error (gst_tv_hw_device_get_output (dev, &cur, &err), err);

  for (i = 0; i < n; i++) {
    struct v4l2_standard std;
    guint s;

    if (capture)
      fail_on_error (gst_tv_hw_device_set_input (dev, i, &err), err);
    else
      fail_on_error (gst_tv_hw_device_set_output (dev, i, &err), err);

    for (s = 0; gst_tv_hw_device_enum_std (dev, s, &std, NULL); s++) {
      struct v4l2_format fmt;
      guint height = std.framelines == 525 ? 480 : 576;

      fail_on_error (gst_tv_hw_device_set_std (dev, std.id, &err), err);
      fail_on_error (gst_tv_hw_device_get_fmt (dev, &fmt, &err), err);
      fmt.fmt.pix.width = 720;
      fmt.fmt.pix.height = height;
      fmt.fmt.pix.field = V4L2_FIELD_INTERLACED;
      fmt.fmt.pix.bytesperline = 0;
      fail_on_error (gst_tv_hw_device_set_fmt (dev, &fmt, &err), err);
      fail_on_test (fmt.fmt.pix.width != 720);
      fail_on_test (fmt.fmt.pix.height != height);
      fail_on_test (fmt.fmt.pix.field != V4L2_FIELD_INTERLACED &&
          fmt.fmt.pix.field != V4L2_FIELD_INTERLACED_TB &&
          fmt.fmt.pix.field != V4L2_FIELD_INTERLACED_BT);
      any = TRUE;
    }
  }
  if (capture)
    fail_on_error (gst_tv_hw_device_set_input (dev, cur, &err), err);
  else
    fail_on_error (gst_tv_hw_device_set_output (dev, cur, &err), err);
  return any ? 0 : ENOTTY;
}

gint
test_cropcap (GstTvHwDevice * dev)
{
  struct v4l2_cropcap cc;
  GError *err = NULL;
  v4l2_std_id std;
  guint lines;

  if (!gst_tv_hw_device_get_std (dev, &std, NULL))
    return ENOTTY;
  if (!gst_tv_hw_device_cropcap (dev, &cc, &err)) {
    if (compliance_error_is (&err, GST_TV_HW_ERROR_NOT_SUPPORTED))
      return ENOTTY;
    return -1;
  }
  fail_on_test (cc.bounds.width == 0 || cc.bounds.height == 0);
  fail_on_test (cc.defrect.width == 0 || cc.defrect.height == 0);
  fail_on_test (cc.defrect.width > cc.bounds.width);
  fail_on_test (cc.defrect.height > cc.bounds.height);
  fail_on_test (cc.pixelaspect.numerator == 0 ||
      cc.pixelaspect.denominator == 0);

  lines = gst_tv_hw_std_lines (std);
  info ("cropcap %ux%u pixelaspect %u/%u\n", cc.defrect.width,
      cc.defrect.height, cc.pixelaspect.numerator, cc.pixelaspect.denominator);
  /* ITU-R BT.601 sampling: pixelaspect (y/x) 11/10 for 525 lines, 54/59
   * for 625 lines. vivid and our virtual card report exactly that; real
   * cards sample at other rates, so they are only checked for sanity. */
  if (strcmp (gst_tv_hw_device_get_driver (dev), "vivid") != 0 &&
      strcmp (gst_tv_hw_device_get_backend_name (dev), "virtual") != 0)
    return 0;
  if (lines == 525)
    fail_on_test (cc.pixelaspect.numerator * 10 !=
        cc.pixelaspect.denominator * 11);
  else if (lines == 625)
    fail_on_test (cc.pixelaspect.numerator * 59 !=
        cc.pixelaspect.denominator * 54);
  return 0;
}

static gboolean
rect_inside (const struct v4l2_rect *r, const struct v4l2_rect *bounds)
{
  return r->width > 0 && r->height > 0 && r->left >= bounds->left &&
      r->top >= bounds->top &&
      (gint64) r->left + r->width <= (gint64) bounds->left + bounds->width &&
      (gint64) r->top + r->height <= (gint64) bounds->top + bounds->height;
}

/* the crop targets: the default and the rectangle in force inside the
 * bounds; a smaller rectangle set reads back as the driver answered, in
 * the bounds; the default set back at the end */
gint
test_selection (GstTvHwDevice * dev)
{
  struct v4l2_rect bounds, def, cur, want, got;
  GError *err = NULL;

  if (!gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP_DEFAULT, &def,
          &err)) {
    /* no selection API, or none on this input */
    if (compliance_error_is (&err, GST_TV_HW_ERROR_NOT_SUPPORTED) ||
        compliance_error_is (&err, GST_TV_HW_ERROR_NO_DATA) ||
        compliance_error_is (&err, GST_TV_HW_ERROR_INVALID))
      return ENOTTY;
    return -1;
  }
  fail_on_error (gst_tv_hw_device_get_selection (dev,
          V4L2_SEL_TGT_CROP_BOUNDS, &bounds, &err), err);
  fail_on_error (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP,
          &cur, &err), err);
  fail_on_test (!rect_inside (&def, &bounds));
  fail_on_test (!rect_inside (&cur, &bounds));
  info ("crop bounds %ux%u at %d,%d, default %ux%u at %d,%d\n",
      bounds.width, bounds.height, bounds.left, bounds.top, def.width,
      def.height, def.left, def.top);

  want = def;
  want.left += 16;
  want.top += 8;
  want.width = def.width > 64 ? def.width - 32 : def.width;
  want.height = def.height > 32 ? def.height - 16 : def.height;
  got = want;
  fail_on_error (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP, 0,
          &got, &err), err);
  fail_on_test (!rect_inside (&got, &bounds));
  fail_on_error (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP,
          &cur, &err), err);
  fail_on_test (memcmp (&cur, &got, sizeof (cur)) != 0);

  got = def;
  fail_on_error (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP, 0,
          &got, &err), err);
  fail_on_test (memcmp (&got, &def, sizeof (got)) != 0);
  return 0;
}
