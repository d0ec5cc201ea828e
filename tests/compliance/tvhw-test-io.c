/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: capabilities, inputs and outputs.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvhw-compliance.h"

gint
test_querycap (GstTvHwDevice * dev)
{
  guint32 caps = gst_tv_hw_device_get_caps (dev);

  fail_on_test (gst_tv_hw_device_get_card (dev) == NULL);
  fail_on_test (*gst_tv_hw_device_get_card (dev) == '\0');
  fail_on_test (*gst_tv_hw_device_get_driver (dev) == '\0');
  fail_on_test (!(caps & V4L2_CAP_STREAMING));
  if (gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE)
    fail_on_test (!(caps & V4L2_CAP_VIDEO_CAPTURE));
  else
    fail_on_test (!(caps & V4L2_CAP_VIDEO_OUTPUT));
  /* a node's device_caps never has the DEVICE_CAPS bit itself */
  fail_on_test (caps & V4L2_CAP_DEVICE_CAPS);
  return 0;
}

/* the name fits its array with a NUL, and is not empty */
static gint
check_name (const guint8 * name, gsize size)
{
  fail_on_test (name[0] == '\0');
  fail_on_test (memchr (name, '\0', size) == NULL);
  return 0;
}

gint
test_enum_input (GstTvHwDevice * dev)
{
  struct v4l2_input input;
  GError *err = NULL;
  guint i, n = compliance_count_inputs (dev);

  /* input 0 always exists */
  fail_on_test (n == 0);

  for (i = 0; i < n; i++) {
    fail_on_error (gst_tv_hw_device_enum_input (dev, i, &input, &err), err);
    fail_on_test (input.index != i);
    fail_on_test (check_name (input.name, sizeof (input.name)));
    fail_on_test (input.type != V4L2_INPUT_TYPE_TUNER &&
        input.type != V4L2_INPUT_TYPE_CAMERA &&
        input.type != V4L2_INPUT_TYPE_TOUCH);
    fail_on_test (!compliance_is_zero (input.reserved,
            sizeof (input.reserved)));
    /* standards and the STD capability go together */
    fail_on_test ((input.std != 0) !=
        ((input.capabilities & V4L2_IN_CAP_STD) != 0));
    fail_on_test (input.std & ~V4L2_STD_ALL);
    info ("input %u '%.32s' type %u std 0x%llx status 0x%x\n", i,
        input.name, input.type, (unsigned long long) input.std,
        input.status);
  }

  /* EINVAL past the end, and far past it: the end of the list */
  fail_on_test (gst_tv_hw_device_enum_input (dev, n, &input, &err));
  fail_on_test (err != NULL);
  fail_on_test (gst_tv_hw_device_enum_input (dev, G_MAXUINT32, &input,
          &err));
  fail_on_test (err != NULL);
  return 0;
}

gint
test_g_s_input (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 cur, got, i, n = compliance_count_inputs (dev);

  fail_on_error (gst_tv_hw_device_get_input (dev, &cur, &err), err);
  fail_on_test (cur >= n);

  for (i = 0; i < n; i++) {
    fail_on_error (gst_tv_hw_device_set_input (dev, i, &err), err);
    fail_on_error (gst_tv_hw_device_get_input (dev, &got, &err), err);
    fail_on_test (got != i);
  }

  /* a bogus index is EINVAL and changes nothing */
  fail_on_test (gst_tv_hw_device_set_input (dev, n, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));
  fail_on_test (gst_tv_hw_device_set_input (dev, G_MAXUINT32, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));
  fail_on_error (gst_tv_hw_device_get_input (dev, &got, &err), err);
  fail_on_test (got != n - 1);

  fail_on_error (gst_tv_hw_device_set_input (dev, cur, &err), err);
  return 0;
}

gint
test_enum_output (GstTvHwDevice * dev)
{
  struct v4l2_output output;
  GError *err = NULL;
  guint i, n = compliance_count_outputs (dev);

  fail_on_test (n == 0);
  for (i = 0; i < n; i++) {
    fail_on_error (gst_tv_hw_device_enum_output (dev, i, &output, &err),
        err);
    fail_on_test (output.index != i);
    fail_on_test (check_name (output.name, sizeof (output.name)));
    fail_on_test (output.type != V4L2_OUTPUT_TYPE_MODULATOR &&
        output.type != V4L2_OUTPUT_TYPE_ANALOG &&
        output.type != V4L2_OUTPUT_TYPE_ANALOGVGAOVERLAY);
    fail_on_test (!compliance_is_zero (output.reserved,
            sizeof (output.reserved)));
    fail_on_test ((output.std != 0) !=
        ((output.capabilities & V4L2_OUT_CAP_STD) != 0));
    info ("output %u '%.32s' type %u std 0x%llx\n", i, output.name,
        output.type, (unsigned long long) output.std);
  }
  fail_on_test (gst_tv_hw_device_enum_output (dev, n, &output, &err));
  fail_on_test (err != NULL);
  return 0;
}

gint
test_g_s_output (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 cur, got, i, n = compliance_count_outputs (dev);

  fail_on_error (gst_tv_hw_device_get_output (dev, &cur, &err), err);
  fail_on_test (cur >= n);
  for (i = 0; i < n; i++) {
    fail_on_error (gst_tv_hw_device_set_output (dev, i, &err), err);
    fail_on_error (gst_tv_hw_device_get_output (dev, &got, &err), err);
    fail_on_test (got != i);
  }
  fail_on_test (gst_tv_hw_device_set_output (dev, n, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));
  fail_on_error (gst_tv_hw_device_set_output (dev, cur, &err), err);
  return 0;
}
