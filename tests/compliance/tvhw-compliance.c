/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: runs the hardware layer's conformance checks against a
 * device and restores the device's settings afterwards.
 *
 *   tvhw-compliance [-d DEVICE] [-o] [-v]
 *
 * DEVICE defaults to $V4L2TV_TEST_DEVICE, else "virtual:7"; -o opens it
 * as an output device. Exit status 0 when every check passed.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvhw-compliance.h"
#include "hw/tvhw-virtual.h"

gboolean compliance_verbose = FALSE;

void
compliance_fail (const gchar * file, gint line, const gchar * cond)
{
  g_print ("\t\tfail: %s(%d): %s\n", file, line, cond);
}

gboolean
compliance_error_is (GError ** err, GstTvHwError code)
{
  gboolean ret = *err && g_error_matches (*err, GST_TV_HW_ERROR, code);

  if (*err && !ret)
    g_print ("\t\tunexpected error: %s\n", (*err)->message);
  g_clear_error (err);
  return ret;
}

gboolean
compliance_is_zero (gconstpointer p, gsize size)
{
  const guint8 *b = p;
  gsize i;

  for (i = 0; i < size; i++) {
    if (b[i])
      return FALSE;
  }
  return TRUE;
}

guint
compliance_count_inputs (GstTvHwDevice * dev)
{
  struct v4l2_input input;
  guint n = 0;

  while (gst_tv_hw_device_enum_input (dev, n, &input, NULL))
    n++;
  return n;
}

guint
compliance_count_outputs (GstTvHwDevice * dev)
{
  struct v4l2_output output;
  guint n = 0;

  while (gst_tv_hw_device_enum_output (dev, n, &output, NULL))
    n++;
  return n;
}

typedef struct
{
  const gchar *name;
  gint (*func) (GstTvHwDevice * dev);
  gboolean capture, output;
} Test;

static const Test tests[] = {
  {"VIDIOC_QUERYCAP", test_querycap, TRUE, TRUE},
  {"VIDIOC_ENUMINPUT", test_enum_input, TRUE, FALSE},
  {"VIDIOC_G/S_INPUT", test_g_s_input, TRUE, FALSE},
  {"VIDIOC_ENUMOUTPUT", test_enum_output, FALSE, TRUE},
  {"VIDIOC_G/S_OUTPUT", test_g_s_output, FALSE, TRUE},
  {"VIDIOC_ENUMSTD", test_enumstd, TRUE, TRUE},
  {"VIDIOC_G/S_STD", test_g_s_std, TRUE, TRUE},
  {"VIDIOC_QUERYSTD", test_querystd, TRUE, FALSE},
  {"VIDIOC_ENUM_FMT", test_enum_fmt, TRUE, TRUE},
  {"VIDIOC_G/S/TRY_FMT", test_g_s_try_fmt, TRUE, TRUE},
  {"geometry per standard", test_std_geometry, TRUE, TRUE},
  {"VIDIOC_CROPCAP", test_cropcap, TRUE, FALSE},
  {"VIDIOC_REQBUFS/QUERYBUF", test_reqbufs, TRUE, TRUE},
  {"MMAP streaming", test_streaming, TRUE, FALSE},
  {"EBUSY while streaming", test_busy_while_streaming, TRUE, FALSE},
  {"interruptible wait", test_flushing, TRUE, FALSE},
};

typedef struct
{
  gboolean have_io, have_std, have_fmt;
  guint32 io;
  v4l2_std_id std;
  struct v4l2_format fmt;
} SavedState;

static void
save_state (GstTvHwDevice * dev, SavedState * s)
{
  memset (s, 0, sizeof (*s));
  if (gst_tv_hw_device_get_direction (dev) == GST_TV_HW_CAPTURE)
    s->have_io = gst_tv_hw_device_get_input (dev, &s->io, NULL);
  else
    s->have_io = gst_tv_hw_device_get_output (dev, &s->io, NULL);
  s->have_std = gst_tv_hw_device_get_std (dev, &s->std, NULL);
  s->have_fmt = gst_tv_hw_device_get_fmt (dev, &s->fmt, NULL);
}

static void
restore_state (GstTvHwDevice * dev, SavedState * s)
{
  if (s->have_io) {
    if (gst_tv_hw_device_get_direction (dev) == GST_TV_HW_CAPTURE)
      gst_tv_hw_device_set_input (dev, s->io, NULL);
    else
      gst_tv_hw_device_set_output (dev, s->io, NULL);
  }
  if (s->have_std)
    gst_tv_hw_device_set_std (dev, s->std, NULL);
  if (s->have_fmt)
    gst_tv_hw_device_set_fmt (dev, &s->fmt, NULL);
}

int
main (int argc, char **argv)
{
  const gchar *location = g_getenv ("V4L2TV_TEST_DEVICE");
  gboolean output = FALSE;
  GOptionEntry entries[] = {
    {"device", 'd', 0, G_OPTION_ARG_STRING, &location,
        "the device: /dev/videoN, virtual or virtual:N", "DEVICE"},
    {"output", 'o', 0, G_OPTION_ARG_NONE, &output,
        "open it as a video output device", NULL},
    {"verbose", 'v', 0, G_OPTION_ARG_NONE, &compliance_verbose,
        "say more", NULL},
    {NULL}
  };
  GOptionContext *ctx;
  GstTvHwDevice *dev;
  GError *err = NULL;
  SavedState saved;
  guint i, total = 0, succeeded = 0, failed = 0, unsupported = 0;

  gst_init (&argc, &argv);
  ctx = g_option_context_new ("- V4L2 TV device conformance checks");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("tvhw-compliance: %s\n", err->message);
    return 2;
  }
  g_option_context_free (ctx);
  if (location == NULL || *location == '\0')
    location = "virtual:7";

  dev = gst_tv_hw_device_open (location, output ? GST_TV_HW_OUTPUT :
      GST_TV_HW_CAPTURE, &err);
  if (dev == NULL) {
    g_printerr ("tvhw-compliance: cannot open '%s': %s\n", location,
        err->message);
    return 1;
  }

  g_print ("tvhw-compliance on %s (backend %s, card '%s', driver '%s'):\n",
      location, gst_tv_hw_device_get_backend_name (dev),
      gst_tv_hw_device_get_card (dev), gst_tv_hw_device_get_driver (dev));

  save_state (dev, &saved);
  for (i = 0; i < G_N_ELEMENTS (tests); i++) {
    gint ret;

    if (output ? !tests[i].output : !tests[i].capture)
      continue;
    ret = tests[i].func (dev);
    total++;
    if (ret == 0) {
      succeeded++;
      g_print ("\ttest %s: OK\n", tests[i].name);
    } else if (ret == ENOTTY) {
      succeeded++;
      unsupported++;
      g_print ("\ttest %s: OK (Not Supported)\n", tests[i].name);
    } else {
      failed++;
      g_print ("\ttest %s: FAIL\n", tests[i].name);
    }
  }
  restore_state (dev, &saved);
  gst_tv_hw_device_close (dev);
  /* the virtual cards live until exit; free them for leak checkers */
  gst_tv_hw_virtual_shutdown ();

  g_print ("Total for %s: %u, Succeeded: %u (%u not supported), "
      "Failed: %u\n", location, total, succeeded, unsupported, failed);
  return failed ? 1 : 0;
}
