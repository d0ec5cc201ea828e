/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The table of analog TV standards (hw/tvhw-std.c): its rows agree with
 * the kernel's masks and with each other, and the lookups the elements,
 * the virtual card and the recorder make answer from it.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>

#include "hw/tvhw-std.h"

/* each row: a known name, its bits all of its own line system (the
 * kernel's V4L2_STD_525_60 / V4L2_STD_625_50), a description that says
 * the same line count, and no id twice */
GST_START_TEST (test_rows_agree_with_kernel_masks)
{
  guint i, j;

  fail_unless_equals_int (gst_tv_hw_n_standards, 30);
  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *row = &gst_tv_hw_standards[i];
    v4l2_std_id own = row->system->lines == 525 ? V4L2_STD_525_60 :
        V4L2_STD_625_50;
    g_autofree gchar *lines = g_strdup_printf ("%u lines", row->system->lines);

    fail_unless (row->id != 0 && row->name && *row->name, "row %u", i);
    fail_unless ((row->id & own) == row->id, "%s: bits outside the %u-line "
        "standards", row->name, row->system->lines);
    fail_unless (strstr (row->description, lines) != NULL,
        "%s: '%s' does not say %s", row->name, row->description, lines);
    fail_unless (gst_tv_hw_std_find (row->id) == row, "%s", row->name);
    fail_unless_equals_string (gst_tv_hw_std_name (row->id), row->name);
    for (j = i + 1; j < gst_tv_hw_n_standards; j++)
      fail_unless (gst_tv_hw_standards[j].id != row->id, "%s twice", row->name);
  }
}

GST_END_TEST;

/* the kernel's order: a group comes before each of its members, so that
 * a walk of the table (ENUMSTD, the norm list of an error) names the
 * group when all of it is there */
GST_START_TEST (test_groups_before_members)
{
  guint i, j;

  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *member = &gst_tv_hw_standards[i];

    for (j = i + 1; j < gst_tv_hw_n_standards; j++) {
      const GstTvHwStandard *later = &gst_tv_hw_standards[j];

      fail_if ((later->id & member->id) == member->id,
          "group %s after its member %s", later->name, member->name);
    }
  }
  /* the table covers every SDTV bit the kernel names */
  {
    v4l2_std_id all = 0;

    for (i = 0; i < gst_tv_hw_n_standards; i++)
      all |= gst_tv_hw_standards[i].id;
    fail_unless_equals_uint64 (all, V4L2_STD_525_60 | V4L2_STD_625_50);
  }
}

GST_END_TEST;

GST_START_TEST (test_line_systems)
{
  const GstTvHwLineSystem *s525 = gst_tv_hw_line_system (525);
  const GstTvHwLineSystem *s625 = gst_tv_hw_line_system (625);
  guint num = 0, den = 0;

  fail_unless (s525 != NULL && s625 != NULL && s525 != s625);
  fail_unless (gst_tv_hw_line_system (0) == NULL);
  fail_unless (gst_tv_hw_line_system (480) == NULL);

  /* BT.601 sampling of both */
  fail_unless_equals_int (s525->width, 720);
  fail_unless_equals_int (s525->height, 480);
  fail_unless_equals_int (s625->width, 720);
  fail_unless_equals_int (s625->height, 576);
  fail_if (s525->top_field_first);
  fail_unless (s625->top_field_first);
  /* 16:9 anamorphic is 4/3 of the 4:3 pixel aspect */
  fail_unless_equals_uint64 ((guint64) s525->wide_par_n * s525->par_d * 3,
      (guint64) s525->par_n * s525->wide_par_d * 4);
  fail_unless_equals_uint64 ((guint64) s625->wide_par_n * s625->par_d * 3,
      (guint64) s625->par_n * s625->wide_par_d * 4);
  /* raw VBI lines are in the field's blanking, before the picture */
  fail_unless (s525->vbi_start[0] > s525->field_start[0]);
  fail_unless (s525->vbi_start[1] > s525->field_start[1]);
  fail_unless (s625->vbi_start[1] + s625->vbi_count <=
      s625->field_start[1] + 25);

  fail_unless (gst_tv_hw_std_system (V4L2_STD_NTSC_M) == s525);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_PAL_M) == s525);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_PAL_60) == s525);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_PAL_Nc) == s625);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_SECAM_LC) == s625);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_NTSC | V4L2_STD_PAL_M) == s525);
  /* empty, mixed, or only bits the table does not know */
  fail_unless (gst_tv_hw_std_system (0) == NULL);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_ALL) == NULL);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_ATSC) == NULL);
  fail_unless (gst_tv_hw_std_system (V4L2_STD_ATSC | V4L2_STD_PAL) == s625);

  fail_unless_equals_int (gst_tv_hw_std_lines (V4L2_STD_NTSC_443), 525);
  fail_unless_equals_int (gst_tv_hw_std_lines (V4L2_STD_SECAM), 625);
  fail_unless_equals_int (gst_tv_hw_std_lines (V4L2_STD_ALL), 0);
  fail_unless (gst_tv_hw_std_frame_period (V4L2_STD_PAL_M, &num, &den));
  fail_unless_equals_int (num, 1001);
  fail_unless_equals_int (den, 30000);
  fail_unless (gst_tv_hw_std_frame_period (V4L2_STD_PAL_I, &num, &den));
  fail_unless_equals_int (num, 1);
  fail_unless_equals_int (den, 25);
  fail_if (gst_tv_hw_std_frame_period (V4L2_STD_ALL, &num, &den));

  fail_unless (gst_tv_hw_line_system_for_rate (30000, 1001) == s525);
  fail_unless (gst_tv_hw_line_system_for_rate (25, 1) == s625);
  fail_unless (gst_tv_hw_line_system_for_rate (50, 2) == s625);
  fail_unless (gst_tv_hw_line_system_for_rate (30, 1) == NULL);
  fail_unless (gst_tv_hw_line_system_for_rate (0, 1) == NULL);
  fail_unless (gst_tv_hw_line_system_for_rate (25, 0) == NULL);
  fail_unless (gst_tv_hw_line_system_for_rate (-25, -1) == NULL);

  fail_unless (gst_tv_hw_std_name (V4L2_STD_NTSC_M | V4L2_STD_PAL) == NULL);
  fail_unless_equals_string (gst_tv_hw_std_name (V4L2_STD_SECAM_LC),
      "SECAM-Lc");
}

GST_END_TEST;

static Suite *
tvhw_std_suite (void)
{
  Suite *s = suite_create ("tvhw-std");
  TCase *tc = tcase_create ("table");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_rows_agree_with_kernel_masks);
  tcase_add_test (tc, test_groups_before_members);
  tcase_add_test (tc, test_line_systems);
  return s;
}

GST_CHECK_MAIN (tvhw_std);
