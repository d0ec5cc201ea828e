/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: runs the hardware layer's conformance checks against a
 * device and restores the device's settings afterwards.
 *
 *   tvhw-compliance [-d DEVICE] [-o] [-i INPUT | -O OUTPUT] [-s STD] [-v]
 *
 * DEVICE defaults to $V4L2TV_TEST_DEVICE, else "virtual:7"; -o opens it
 * as an output device. -i / -O select that input / output and -s that
 * standard (a name such as PAL or NTSC-M-JP, or a hex mask) before the
 * checks, as v4l2-compliance runs after `v4l2-ctl -i N -s STD`; the
 * original settings come back at the end. Exit status 0 when every check
 * passed, 1 when one failed, 2 for a usage error.
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
  {"VIDIOC_G/S_SELECTION (crop)", test_selection, TRUE, FALSE},
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
  if (gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE)
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
    if (gst_tv_hw_device_get_kind (dev) == GST_TV_HW_NODE_VIDEO_CAPTURE)
      gst_tv_hw_device_set_input (dev, s->io, NULL);
    else
      gst_tv_hw_device_set_output (dev, s->io, NULL);
  }
  if (s->have_std)
    gst_tv_hw_device_set_std (dev, s->std, NULL);
  if (s->have_fmt)
    gst_tv_hw_device_set_fmt (dev, &s->fmt, NULL);
}

/* the standards -s accepts by name (gst_tv_hw_std_name() spells them) */
static const v4l2_std_id named_stds[] = {
  V4L2_STD_NTSC, V4L2_STD_NTSC_M, V4L2_STD_NTSC_M_JP, V4L2_STD_NTSC_M_KR,
  V4L2_STD_NTSC_443, V4L2_STD_PAL, V4L2_STD_PAL_BG, V4L2_STD_PAL_B,
  V4L2_STD_PAL_B1, V4L2_STD_PAL_G, V4L2_STD_PAL_H, V4L2_STD_PAL_I,
  V4L2_STD_PAL_DK, V4L2_STD_PAL_D, V4L2_STD_PAL_D1, V4L2_STD_PAL_K,
  V4L2_STD_PAL_M, V4L2_STD_PAL_N, V4L2_STD_PAL_Nc, V4L2_STD_PAL_60,
  V4L2_STD_SECAM, V4L2_STD_SECAM_B, V4L2_STD_SECAM_G, V4L2_STD_SECAM_H,
  V4L2_STD_SECAM_DK, V4L2_STD_SECAM_D, V4L2_STD_SECAM_K, V4L2_STD_SECAM_K1,
  V4L2_STD_SECAM_L, V4L2_STD_SECAM_LC,
};

static gboolean
parse_std (const gchar * str, v4l2_std_id * std)
{
  gchar *end = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (named_stds); i++) {
    const gchar *name = gst_tv_hw_std_name (named_stds[i]);

    if (name && g_ascii_strcasecmp (name, str) == 0) {
      *std = named_stds[i];
      return TRUE;
    }
  }
  *std = g_ascii_strtoull (str, &end, 16);
  return end != str && *end == '\0' && *std != 0;
}

/* -i / -O / -s: FALSE (with a message) when the device refused */
static gboolean
select_settings (GstTvHwDevice * dev, gint input, gint output,
    const gchar * std_str)
{
  GError *err = NULL;
  v4l2_std_id std;

  if (input >= 0 && !gst_tv_hw_device_set_input (dev, input, &err))
    goto failed;
  if (output >= 0 && !gst_tv_hw_device_set_output (dev, output, &err))
    goto failed;
  if (std_str) {
    if (!parse_std (std_str, &std)) {
      g_printerr ("tvhw-compliance: unknown standard '%s'\n", std_str);
      return FALSE;
    }
    if (!gst_tv_hw_device_set_std (dev, std, &err))
      goto failed;
  }
  if (input >= 0)
    g_print ("\tinput %d selected\n", input);
  if (output >= 0)
    g_print ("\toutput %d selected\n", output);
  if (std_str)
    g_print ("\tstandard %s (0x%" G_GINT64_MODIFIER "x) selected\n",
        std_str, (guint64) std);
  return TRUE;

  /* ERRORS */
failed:
  {
    g_printerr ("tvhw-compliance: %s\n", err->message);
    g_clear_error (&err);
    return FALSE;
  }
}

int
main (int argc, char **argv)
{
  const gchar *location;
  gchar *device_opt = NULL;
  gboolean output = FALSE;
  gint select_input = -1, select_output = -1;
  gchar *std_str = NULL;
  GOptionEntry entries[] = {
    {"device", 'd', 0, G_OPTION_ARG_STRING, &device_opt,
        "the device: /dev/videoN, virtual or virtual:N", "DEVICE"},
    {"output", 'o', 0, G_OPTION_ARG_NONE, &output,
        "open it as a video output device", NULL},
    {"input", 'i', 0, G_OPTION_ARG_INT, &select_input,
        "select this input before the checks", "INPUT"},
    {"select-output", 'O', 0, G_OPTION_ARG_INT, &select_output,
        "select this output before the checks (with -o)", "OUTPUT"},
    {"std", 's', 0, G_OPTION_ARG_STRING, &std_str,
        "select this standard before the checks: a name (PAL, NTSC-M-JP) "
          "or a hex mask", "STD"},
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
  location = device_opt ? device_opt : g_getenv ("V4L2TV_TEST_DEVICE");
  if (location == NULL || *location == '\0')
    location = "virtual:7";
  if ((select_input >= 0 && output) || (select_output >= 0 && !output)) {
    g_printerr ("tvhw-compliance: -i goes with a capture device, -O with "
        "an output device (-o)\n");
    return 2;
  }

  dev = gst_tv_hw_device_open (location, output ? GST_TV_HW_NODE_VIDEO_OUTPUT :
      GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  if (dev == NULL) {
    g_printerr ("tvhw-compliance: cannot open '%s': %s\n", location,
        err->message);
    g_clear_error (&err);
    g_free (device_opt);
    g_free (std_str);
    return 1;
  }

  g_print ("tvhw-compliance on %s (backend %s, card '%s', driver '%s'):\n",
      location, gst_tv_hw_device_get_backend_name (dev),
      gst_tv_hw_device_get_card (dev), gst_tv_hw_device_get_driver (dev));

  save_state (dev, &saved);
  if (!select_settings (dev, select_input, select_output, std_str)) {
    restore_state (dev, &saved);
    gst_tv_hw_device_close (dev);
    gst_tv_hw_virtual_shutdown ();
    g_free (std_str);
    g_free (device_opt);
    return 1;
  }
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
  g_free (std_str);

  g_print ("Total for %s: %u, Succeeded: %u (%u not supported), "
      "Failed: %u\n", location, total, succeeded, unsupported, failed);
  g_free (device_opt);
  return failed ? 1 : 0;
}
