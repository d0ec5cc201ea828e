/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: video standards, checked on every input (or output).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvhw-compliance.h"

static gboolean
is_capture (GstTvHwDevice * dev)
{
  return gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE;
}

/* the standards the current input or output accepts (0: none) */
static gint
current_io_std (GstTvHwDevice * dev, v4l2_std_id * std)
{
  GError *err = NULL;
  guint32 cur;

  if (is_capture (dev)) {
    struct v4l2_input input;

    fail_on_error (gst_tv_hw_device_get_input (dev, &cur, &err), err);
    fail_on_error (gst_tv_hw_device_enum_input (dev, cur, &input, &err),
        err);
    *std = input.std;
  } else {
    struct v4l2_output output;

    fail_on_error (gst_tv_hw_device_get_output (dev, &cur, &err), err);
    fail_on_error (gst_tv_hw_device_enum_output (dev, cur, &output, &err),
        err);
    *std = output.std;
  }
  return 0;
}

static guint
count_io (GstTvHwDevice * dev)
{
  return is_capture (dev) ? compliance_count_inputs (dev) :
      compliance_count_outputs (dev);
}

static gboolean
select_io (GstTvHwDevice * dev, guint32 i, GError ** err)
{
  return is_capture (dev) ? gst_tv_hw_device_set_input (dev, i, err) :
      gst_tv_hw_device_set_output (dev, i, err);
}

static gboolean
get_io (GstTvHwDevice * dev, guint32 * i, GError ** err)
{
  return is_capture (dev) ? gst_tv_hw_device_get_input (dev, i, err) :
      gst_tv_hw_device_get_output (dev, i, err);
}

static gint
check_enumstd_on_current (GstTvHwDevice * dev)
{
  struct v4l2_standard std;
  GError *err = NULL;
  v4l2_std_id io_std, seen = 0;
  guint i;

  fail_on_test (current_io_std (dev, &io_std));

  if (io_std == 0) {
    /* no standards: an empty list, not an error */
    fail_on_test (gst_tv_hw_device_enum_std (dev, 0, &std, &err));
    fail_on_test (err != NULL);
    return 0;
  }

  for (i = 0; gst_tv_hw_device_enum_std (dev, i, &std, &err); i++) {
    guint lines = gst_tv_hw_std_lines (std.id);

    fail_on_test (std.index != i);
    fail_on_test (std.id == 0);
    fail_on_test ((std.id & io_std) != std.id);
    fail_on_test (std.name[0] == '\0');
    fail_on_test (memchr (std.name, '\0', sizeof (std.name)) == NULL);
    fail_on_test (!compliance_is_zero (std.reserved, sizeof (std.reserved)));
    /* the line count and the frame period agree with the standard */
    fail_on_test (lines != 525 && lines != 625);
    fail_on_test (std.framelines != lines);
    if (lines == 525) {
      fail_on_test (std.frameperiod.numerator != 1001 ||
          std.frameperiod.denominator != 30000);
    } else {
      fail_on_test (std.frameperiod.numerator != 1 ||
          std.frameperiod.denominator != 25);
    }
    /* the kernel's canonical names */
    if (gst_tv_hw_std_name (std.id))
      fail_on_test (strcmp ((const gchar *) std.name,
              gst_tv_hw_std_name (std.id)) != 0);
    seen |= std.id;
    info ("std %u: 0x%llx '%.24s'\n", i, (unsigned long long) std.id,
        std.name);
  }
  fail_on_test (err != NULL);
  fail_on_test (i == 0);
  /* every standard of the input is reachable through the list */
  fail_on_test ((seen & io_std) != io_std);
  return 0;
}

gint
test_enumstd (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 cur, i, n = count_io (dev);

  fail_on_error (get_io (dev, &cur, &err), err);
  for (i = 0; i < n; i++) {
    fail_on_error (select_io (dev, i, &err), err);
    if (check_enumstd_on_current (dev))
      return -1;
  }
  fail_on_error (select_io (dev, cur, &err), err);
  return 0;
}

static gint
check_g_s_std_on_current (GstTvHwDevice * dev)
{
  struct v4l2_standard std;
  GError *err = NULL;
  v4l2_std_id io_std, got;
  guint i;

  fail_on_test (current_io_std (dev, &io_std));

  if (io_std == 0) {
    fail_on_test (gst_tv_hw_device_get_std (dev, &got, &err));
    fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_NO_DATA));
    fail_on_test (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, &err));
    fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_NO_DATA));
    return 0;
  }

  /* a standard is always set, even before anybody set one */
  fail_on_error (gst_tv_hw_device_get_std (dev, &got, &err), err);
  fail_on_test (got == 0);
  fail_on_test ((got & io_std) != got);

  for (i = 0; gst_tv_hw_device_enum_std (dev, i, &std, &err); i++) {
    fail_on_error (gst_tv_hw_device_set_std (dev, std.id, &err), err);
    fail_on_error (gst_tv_hw_device_get_std (dev, &got, &err), err);
    fail_on_test (got == 0);
    fail_on_test ((got & io_std) != got);
    /* the driver may widen or narrow the set, never change its lines */
    fail_on_test (gst_tv_hw_std_lines (got) !=
        gst_tv_hw_std_lines (std.id));
  }
  fail_on_test (err != NULL);

  /* no standard at all, and standards the input does not have */
  fail_on_test (gst_tv_hw_device_set_std (dev, 0, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));
  if (~io_std & V4L2_STD_ALL) {
    fail_on_test (gst_tv_hw_device_set_std (dev, ~io_std & V4L2_STD_ALL,
            &err));
    fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));
  }
  return 0;
}

gint
test_g_s_std (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 cur, i, n = count_io (dev);
  v4l2_std_id saved = 0;
  gboolean have_saved;

  fail_on_error (get_io (dev, &cur, &err), err);
  have_saved = gst_tv_hw_device_get_std (dev, &saved, NULL);
  for (i = 0; i < n; i++) {
    fail_on_error (select_io (dev, i, &err), err);
    if (check_g_s_std_on_current (dev))
      return -1;
  }
  fail_on_error (select_io (dev, cur, &err), err);
  if (have_saved)
    fail_on_error (gst_tv_hw_device_set_std (dev, saved, &err), err);
  return 0;
}

gint
test_querystd (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 cur, i, n = count_io (dev);
  gboolean any = FALSE;

  fail_on_error (gst_tv_hw_device_get_input (dev, &cur, &err), err);
  for (i = 0; i < n; i++) {
    struct v4l2_input input;
    v4l2_std_id detected = 0;

    fail_on_error (gst_tv_hw_device_set_input (dev, i, &err), err);
    fail_on_error (gst_tv_hw_device_enum_input (dev, i, &input, &err), err);
    if (!gst_tv_hw_device_query_std (dev, &detected, &err)) {
      if (g_error_matches (err, GST_TV_HW_ERROR,
              GST_TV_HW_ERROR_NOT_SUPPORTED)) {
        g_clear_error (&err);
        continue;
      }
      /* only an input without standards may answer ENODATA */
      fail_on_test (input.std != 0 &&
          g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NO_DATA));
      fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_NO_DATA));
      any = TRUE;
      continue;
    }
    any = TRUE;
    fail_on_test (input.std == 0);
    /* what was detected is something the input can take */
    fail_on_test ((detected & input.std) != detected);
    /* no signal: nothing detected */
    if (input.status & V4L2_IN_ST_NO_SIGNAL)
      fail_on_test (detected != 0);
    info ("input %u: QUERYSTD 0x%llx, status 0x%x\n", i,
        (unsigned long long) detected, input.status);
  }
  fail_on_error (gst_tv_hw_device_set_input (dev, cur, &err), err);
  return any ? 0 : ENOTTY;
}
