/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the one table of analog TV standards.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __TVHW_STD_H__
#define __TVHW_STD_H__

#include <glib.h>
#include "ext/videodev2.h"

G_BEGIN_DECLS

/**
 * GstTvHwLineSystem:
 * @lines: 525 or 625
 * @width: width of the active picture a card samples (ITU-R BT.601: 720)
 * @height: its height: 480 or 576 lines
 * @period_num: frame period in seconds, numerator (1001, 1)
 * @period_den: its denominator (30000, 25)
 * @top_field_first: the field order V4L2_FIELD_INTERLACED stands for
 *   (bottom field first at 525 lines, top field first at 625)
 * @par_n: pixel aspect ratio of a 4:3 picture, numerator (10/11, 59/54)
 * @par_d: its denominator
 * @wide_par_n: pixel aspect ratio of a 16:9 anamorphic picture (40/33,
 *   118/81), numerator
 * @wide_par_d: its denominator
 * @colour_primaries: ISO/IEC 23091-2 (H.273) code point of the colour
 *   primaries: 6 (SMPTE 170M) at 525 lines, 5 (BT.470 System B, G) at 625;
 *   what a Matroska file's colour elements take
 * @transfer: H.273 code point of the transfer characteristics (6, 5)
 * @matrix: H.273 code point of the matrix coefficients (6, 5: both BT.601)
 * @v4l2_colorspace: what a driver reports for it (V4L2_COLORSPACE_SMPTE170M,
 *   V4L2_COLORSPACE_470_SYSTEM_BG)
 * @colorimetry: what the elements put into caps ("bt601" for both, see
 *   tvhw-std.c)
 * @field_start: the ITU line number of each field's first line (1 and
 *   264 at 525 lines, 1 and 314 at 625), from which raw VBI counts
 * @vbi_start: the first line of each field's vertical blanking that a card
 *   samples as raw VBI (10 and 273, 6 and 319: vivid's window)
 * @vbi_count: how many lines of each field it samples (12, 18)
 *
 * The properties that follow from a standard's line count: every standard
 * of the table points to one of the two.
 */
typedef struct
{
  guint lines;
  guint width;
  guint height;
  guint period_num;
  guint period_den;
  gboolean top_field_first;
  guint par_n;
  guint par_d;
  guint wide_par_n;
  guint wide_par_d;
  guint colour_primaries;
  guint transfer;
  guint matrix;
  guint32 v4l2_colorspace;
  const gchar *colorimetry;
  guint field_start[2];
  guint vbi_start[2];
  guint vbi_count;
} GstTvHwLineSystem;

/**
 * GstTvHwStandard:
 * @id: the standard's v4l2_std_id: one bit, or for a group (NTSC, PAL,
 *   PAL-BG, SECAM-DK, ...) the bits of its members
 * @name: the kernel's name of it ("PAL-BG"), which is also the norm=
 *   value of the elements
 * @description: what the elements' norm= enum says of it
 * @system: the line system all of its bits belong to
 *
 * One row of the table of analog standards.
 */
typedef struct
{
  v4l2_std_id id;
  const gchar *name;
  const gchar *description;
  const GstTvHwLineSystem *system;
} GstTvHwStandard;

/* the table: the kernel's SDTV standards in its own ENUMSTD order (the
 * table of v4l2-ioctl.c), a group before its members */
extern const GstTvHwStandard gst_tv_hw_standards[];
extern const guint gst_tv_hw_n_standards;

/* the line system of @std, NULL if @std is empty or mixes 525 and 625 */
const GstTvHwLineSystem *gst_tv_hw_std_system (v4l2_std_id std);
/* the line system of @lines (525 or 625), NULL for any other count */
const GstTvHwLineSystem *gst_tv_hw_line_system (guint lines);
/* the line system whose frame rate is @fps_n/@fps_d, NULL if none */
const GstTvHwLineSystem *gst_tv_hw_line_system_for_rate (gint fps_n,
    gint fps_d);
/* the row of exactly @std, NULL if the table has none */
const GstTvHwStandard *gst_tv_hw_std_find (v4l2_std_id std);

/* 525 or 625 (0 if @std mixes both or is empty) */
guint gst_tv_hw_std_lines (v4l2_std_id std);
/* frame period of @std as a fraction (1001/30000 or 1/25) */
gboolean gst_tv_hw_std_frame_period (v4l2_std_id std, guint * num,
    guint * den);
/* "NTSC-M", "PAL-BG", ...: the kernel's name for exactly @std, or NULL */
const gchar *gst_tv_hw_std_name (v4l2_std_id std);

G_END_DECLS

#endif /* __TVHW_STD_H__ */
