/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the one table of analog TV standards.
 *
 * Every rule that follows from a standard (its name, line count, picture
 * size, frame rate, field order, pixel aspect, colour, VBI window) is read
 * from here: by the elements (norm=, caps, crop), the virtual card (ENUMSTD,
 * formats, VBI), the tuner interface and the recorder. Adding a standard is
 * one row of gst_tv_hw_standards. GLib only, so that the recorder can link
 * this file alone.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "hw/tvhw-std.h"

/* The caps of both systems say "bt601": GStreamer's name for the BT.601
 * matrix and transfer with SMPTE 170M primaries. At 625 lines the
 * primaries are BT.470 System B, G, which the recorder writes into its
 * files (colour_primaries); the caps have said bt601 since the first
 * release, and changing what they say at 625 lines is a change of
 * negotiation with every sink and encoder downstream, left for its own
 * issue. */
static const GstTvHwLineSystem system_525 = {
  .lines = 525,
  .width = 720,
  .height = 480,
  .period_num = 1001,
  .period_den = 30000,
  .top_field_first = FALSE,
  .par_n = 10,
  .par_d = 11,
  .wide_par_n = 40,
  .wide_par_d = 33,
  .colour_primaries = 6,
  .transfer = 6,
  .matrix = 6,
  .v4l2_colorspace = V4L2_COLORSPACE_SMPTE170M,
  .colorimetry = "bt601",
  .field_start = {V4L2_VBI_ITU_525_F1_START, V4L2_VBI_ITU_525_F2_START},
  .vbi_start = {V4L2_VBI_ITU_525_F1_START + 9, V4L2_VBI_ITU_525_F2_START + 9},
  .vbi_count = 12,
};

static const GstTvHwLineSystem system_625 = {
  .lines = 625,
  .width = 720,
  .height = 576,
  .period_num = 1,
  .period_den = 25,
  .top_field_first = TRUE,
  .par_n = 59,
  .par_d = 54,
  .wide_par_n = 118,
  .wide_par_d = 81,
  .colour_primaries = 5,
  .transfer = 5,
  .matrix = 5,
  .v4l2_colorspace = V4L2_COLORSPACE_470_SYSTEM_BG,
  .colorimetry = "bt601",
  .field_start = {V4L2_VBI_ITU_625_F1_START, V4L2_VBI_ITU_625_F2_START},
  .vbi_start = {V4L2_VBI_ITU_625_F1_START + 5, V4L2_VBI_ITU_625_F2_START + 5},
  .vbi_count = 18,
};

/* *INDENT-OFF* */
const GstTvHwStandard gst_tv_hw_standards[] = {
  {V4L2_STD_NTSC, "NTSC",
    "NTSC, any of NTSC-M, NTSC-M-JP, NTSC-M-KR (525 lines)", &system_525},
  {V4L2_STD_NTSC_M, "NTSC-M",
    "NTSC-M (North America, 525 lines)", &system_525},
  {V4L2_STD_NTSC_M_JP, "NTSC-M-JP",
    "NTSC-M-JP (Japan, 525 lines)", &system_525},
  {V4L2_STD_NTSC_M_KR, "NTSC-M-KR",
    "NTSC-M-KR (South Korea, 525 lines)", &system_525},
  {V4L2_STD_NTSC_443, "NTSC-443",
    "NTSC-443 (525 lines, 4.43 MHz colour carrier)", &system_525},
  {V4L2_STD_PAL, "PAL",
    "PAL, any of PAL-B/B1/G/H/I/D/D1/K (625 lines)", &system_625},
  {V4L2_STD_PAL_BG, "PAL-BG",
    "PAL-B/B1/G (western Europe, 625 lines)", &system_625},
  {V4L2_STD_PAL_B, "PAL-B",
    "PAL-B (625 lines, VHF, 7 MHz channels)", &system_625},
  {V4L2_STD_PAL_B1, "PAL-B1",
    "PAL-B1 (a PAL-B variant, 625 lines)", &system_625},
  {V4L2_STD_PAL_G, "PAL-G",
    "PAL-G (625 lines, UHF, 8 MHz channels)", &system_625},
  {V4L2_STD_PAL_H, "PAL-H",
    "PAL-H (Belgium, 625 lines)", &system_625},
  {V4L2_STD_PAL_I, "PAL-I",
    "PAL-I (United Kingdom, Ireland, 625 lines)", &system_625},
  {V4L2_STD_PAL_DK, "PAL-DK",
    "PAL-D/D1/K (China, eastern Europe, 625 lines)", &system_625},
  {V4L2_STD_PAL_D, "PAL-D",
    "PAL-D (625 lines, VHF)", &system_625},
  {V4L2_STD_PAL_D1, "PAL-D1",
    "PAL-D1 (a PAL-D variant, 625 lines)", &system_625},
  {V4L2_STD_PAL_K, "PAL-K",
    "PAL-K (625 lines, UHF)", &system_625},
  {V4L2_STD_PAL_M, "PAL-M",
    "PAL-M (Brazil, 525 lines)", &system_525},
  {V4L2_STD_PAL_N, "PAL-N",
    "PAL-N (Paraguay, Uruguay, 625 lines)", &system_625},
  {V4L2_STD_PAL_Nc, "PAL-Nc",
    "PAL-Nc (Argentina, 625 lines)", &system_625},
  {V4L2_STD_PAL_60, "PAL-60",
    "PAL-60 (525 lines, 60 Hz)", &system_525},
  {V4L2_STD_SECAM, "SECAM",
    "SECAM, any of SECAM-B/G/H/D/K/K1/L/Lc (625 lines)", &system_625},
  {V4L2_STD_SECAM_B, "SECAM-B",
    "SECAM-B (625 lines)", &system_625},
  {V4L2_STD_SECAM_G, "SECAM-G",
    "SECAM-G (625 lines)", &system_625},
  {V4L2_STD_SECAM_H, "SECAM-H",
    "SECAM-H (625 lines)", &system_625},
  {V4L2_STD_SECAM_DK, "SECAM-DK",
    "SECAM-D/K/K1 (eastern Europe, 625 lines)", &system_625},
  {V4L2_STD_SECAM_D, "SECAM-D",
    "SECAM-D (625 lines, VHF)", &system_625},
  {V4L2_STD_SECAM_K, "SECAM-K",
    "SECAM-K (625 lines, UHF)", &system_625},
  {V4L2_STD_SECAM_K1, "SECAM-K1",
    "SECAM-K1 (French overseas territories, 625 lines)", &system_625},
  {V4L2_STD_SECAM_L, "SECAM-L",
    "SECAM-L (France, 625 lines)", &system_625},
  {V4L2_STD_SECAM_LC, "SECAM-Lc",
    "SECAM-L' (France, band I, 625 lines)", &system_625},
};
/* *INDENT-ON* */

const guint gst_tv_hw_n_standards = G_N_ELEMENTS (gst_tv_hw_standards);

/**
 * gst_tv_hw_std_find:
 * @std: a standard or group of standards
 *
 * Returns: (nullable): the table's row of exactly @std
 */
const GstTvHwStandard *
gst_tv_hw_std_find (v4l2_std_id std)
{
  guint i;

  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    if (gst_tv_hw_standards[i].id == std)
      return &gst_tv_hw_standards[i];
  }
  return NULL;
}

/**
 * gst_tv_hw_std_system:
 * @std: a standard or set of standards
 *
 * Bits the table does not know (ATSC, ...) are ignored.
 *
 * Returns: (nullable): the line system all the known bits of @std belong
 * to; %NULL when it has none or mixes 525 and 625 lines
 */
const GstTvHwLineSystem *
gst_tv_hw_std_system (v4l2_std_id std)
{
  const GstTvHwLineSystem *system = NULL;
  guint i;

  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *row = &gst_tv_hw_standards[i];

    if ((std & row->id) == 0)
      continue;
    if (system != NULL && system != row->system)
      return NULL;
    system = row->system;
  }
  return system;
}

/**
 * gst_tv_hw_line_system:
 * @lines: a line count
 *
 * Returns: (nullable): the line system of @lines lines, %NULL unless 525
 * or 625
 */
const GstTvHwLineSystem *
gst_tv_hw_line_system (guint lines)
{
  if (lines == system_525.lines)
    return &system_525;
  if (lines == system_625.lines)
    return &system_625;
  return NULL;
}

/**
 * gst_tv_hw_line_system_for_rate:
 * @fps_n: a frame rate, numerator
 * @fps_d: its denominator
 *
 * Returns: (nullable): the line system whose frame rate is exactly
 * @fps_n/@fps_d (30000/1001, 25/1 or any multiple), %NULL if none
 */
const GstTvHwLineSystem *
gst_tv_hw_line_system_for_rate (gint fps_n, gint fps_d)
{
  const GstTvHwLineSystem *systems[] = { &system_525, &system_625 };
  guint i;

  if (fps_n <= 0 || fps_d <= 0)
    return NULL;
  for (i = 0; i < G_N_ELEMENTS (systems); i++) {
    /* fps_n / fps_d == period_den / period_num */
    if ((guint64) fps_n * systems[i]->period_num ==
        (guint64) fps_d * systems[i]->period_den)
      return systems[i];
  }
  return NULL;
}

/**
 * gst_tv_hw_std_lines:
 * @std: a standard or set of standards
 *
 * Returns: 525 (NTSC, NTSC-443, PAL-M, PAL-60), 625 (the others), or 0
 * when @std is empty or mixes both
 */
guint
gst_tv_hw_std_lines (v4l2_std_id std)
{
  const GstTvHwLineSystem *system = gst_tv_hw_std_system (std);

  return system ? system->lines : 0;
}

/**
 * gst_tv_hw_std_frame_period:
 * @std: a standard or set of standards of one line count
 * @num: (out): numerator of the frame period in seconds
 * @den: (out): denominator
 *
 * Returns: FALSE when @std has no single line count
 */
gboolean
gst_tv_hw_std_frame_period (v4l2_std_id std, guint * num, guint * den)
{
  const GstTvHwLineSystem *system = gst_tv_hw_std_system (std);

  if (system == NULL)
    return FALSE;
  *num = system->period_num;
  *den = system->period_den;
  return TRUE;
}

/**
 * gst_tv_hw_std_name:
 * @std: a standard
 *
 * Returns: (nullable): the kernel's name for exactly @std ("NTSC-M",
 * "PAL-BG", "PAL"), or %NULL when it has none
 */
const gchar *
gst_tv_hw_std_name (v4l2_std_id std)
{
  const GstTvHwStandard *row = gst_tv_hw_std_find (std);

  return row ? row->name : NULL;
}
