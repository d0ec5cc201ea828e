/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the driver quirks (GstTvHwQuirks, hw/tvhw.h): the kernel
 * backend's lookup by QUERYCAP driver and card, without a kernel device
 * (hw/tvhw-v4l2.h); the rows of its table, each one behaviour of one
 * driver with where the driver's source shows it; the backend's op that
 * answers them at open (hw/tvhw-backend.h); and the virtual card, which
 * has none.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <gst/check/gstcheck.h>

#include "hw/tvhw.h"
#include "hw/tvhw-backend.h"
#include "hw/tvhw-v4l2.h"

#include "tvhw-common.h"

/* every GstTvHwQuirks flag: a flag added to the enum is added here */
#define KNOWN_QUIRKS 0

/* flags for a table of the test's own: the lookup does not interpret
 * them */
#define QUIRK_A ((GstTvHwQuirks) (1 << 0))
#define QUIRK_B ((GstTvHwQuirks) (1 << 1))
#define QUIRK_C ((GstTvHwQuirks) (1 << 2))

static const GstTvHwV4l2Quirk test_table[] = {
  {"drv-a", NULL, QUIRK_A, "drivers/media/test/drv-a.c, drv_a_ioctl_ops"},
  {"drv-b", "Board X", QUIRK_C, "drivers/media/test/drv-b.c, drv_b_boards"},
  {"drv-a", NULL, QUIRK_B, "drivers/media/test/drv-a.c, drv_a_irq"},
  {NULL, NULL, GST_TV_HW_QUIRK_NONE, NULL}
};

GST_START_TEST (test_lookup)
{
  /* every row of the driver, in any order */
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table, "drv-a",
          "any card"), QUIRK_A | QUIRK_B);
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table, "drv-a",
          NULL), QUIRK_A | QUIRK_B);
  /* a row with a card: that card only */
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table, "drv-b",
          "Board X"), QUIRK_C);
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table, "drv-b",
          "Board Y"), GST_TV_HW_QUIRK_NONE);
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table, "drv-b",
          NULL), GST_TV_HW_QUIRK_NONE);
}

GST_END_TEST;

GST_START_TEST (test_lookup_unknown)
{
  static const GstTvHwV4l2Quirk empty[] = {
    {NULL, NULL, GST_TV_HW_QUIRK_NONE, NULL}
  };
  const gchar *unknown[] = { "vivid", "", "drv", "drv-a2", "DRV-A", "drv-a " };
  guint i;

  /* the name exactly, as QUERYCAP reports it */
  for (i = 0; i < G_N_ELEMENTS (unknown); i++)
    fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table,
            unknown[i], "Board X"), GST_TV_HW_QUIRK_NONE);
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (test_table, NULL,
          "Board X"), GST_TV_HW_QUIRK_NONE);
  fail_unless_equals_int (gst_tv_hw_v4l2_lookup_quirks (empty, "drv-a",
          NULL), GST_TV_HW_QUIRK_NONE);
}

GST_END_TEST;

/* each row: a driver and card QUERYCAP can report (their arrays are 16
 * and 32 bytes with the NUL), one known flag, a source in the kernel's
 * driver tree; no row twice */
GST_START_TEST (test_table_well_formed)
{
  const GstTvHwV4l2Quirk *row, *other;
  struct v4l2_capability cap;

  for (row = gst_tv_hw_v4l2_quirks; row->driver != NULL; row++) {
    fail_unless (row->driver[0] != '\0', "a row without a driver");
    fail_unless (strlen (row->driver) < sizeof (cap.driver), "%s", row->driver);
    fail_unless (row->card == NULL || (row->card[0] != '\0' &&
            strlen (row->card) < sizeof (cap.card)), "%s", row->driver);
    fail_unless (row->quirk != 0 && (row->quirk & (row->quirk - 1)) == 0,
        "%s: 0x%x is not one flag", row->driver, (guint) row->quirk);
    fail_unless ((row->quirk & ~KNOWN_QUIRKS) == 0,
        "%s: 0x%x is not a GstTvHwQuirks flag", row->driver,
        (guint) row->quirk);
    fail_unless (row->source != NULL &&
        g_str_has_prefix (row->source, "drivers/media/") &&
        strchr (row->source, ',') != NULL,
        "%s: no source (\"drivers/media/FILE, FUNCTION\")", row->driver);
    for (other = row + 1; other->driver != NULL; other++)
      fail_if (strcmp (other->driver, row->driver) == 0 &&
          g_strcmp0 (other->card, row->card) == 0 &&
          other->quirk == row->quirk, "%s: 0x%x twice", row->driver,
          (guint) row->quirk);
  }
}

GST_END_TEST;

/* the kernel backend answers its table's rows at open: its op, called
 * with what QUERYCAP would have set */
GST_START_TEST (test_kernel_backend_op)
{
  const GstTvHwV4l2Quirk *row;
  GstTvHwDevice dev;

  fail_unless (gst_tv_hw_v4l2_ops.quirks != NULL);

  memset (&dev, 0, sizeof (dev));
  dev.ops = &gst_tv_hw_v4l2_ops;
  dev.location = (gchar *) "/dev/video99";
  dev.driver = (gchar *) "no-such-driver";
  dev.card = (gchar *) "No such card";
  fail_unless_equals_int (gst_tv_hw_v4l2_ops.quirks (&dev),
      GST_TV_HW_QUIRK_NONE);

  for (row = gst_tv_hw_v4l2_quirks; row->driver != NULL; row++) {
    dev.driver = (gchar *) row->driver;
    dev.card = (gchar *) (row->card ? row->card : "any card");
    fail_unless ((gst_tv_hw_v4l2_ops.quirks (&dev) & row->quirk) ==
        row->quirk, "%s", row->driver);
  }
}

GST_END_TEST;

GST_START_TEST (test_virtual_has_none)
{
  GstTvHwDevice *cap, *out;

  fresh_card (0);
  cap = open_card ("virtual:0");
  out = open_output ("virtual:0");

  fail_unless_equals_int (gst_tv_hw_device_get_quirks (cap),
      GST_TV_HW_QUIRK_NONE);
  fail_unless_equals_int (gst_tv_hw_device_get_quirks (out),
      GST_TV_HW_QUIRK_NONE);

  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (cap);
}

GST_END_TEST;

static Suite *
tvhw_v4l2quirks_suite (void)
{
  Suite *s = suite_create ("tvhw-v4l2quirks");
  TCase *tc = tcase_create ("general");
  TCase *tc_card = tcase_create ("card");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_lookup);
  tcase_add_test (tc, test_lookup_unknown);
  tcase_add_test (tc, test_table_well_formed);
  tcase_add_test (tc, test_kernel_backend_op);

  suite_add_tcase (s, tc_card);
  tcase_add_checked_fixture (tc_card, NULL, card_teardown);
  tcase_add_test (tc_card, test_virtual_has_none);
  return s;
}

GST_CHECK_MAIN (tvhw_v4l2quirks);
