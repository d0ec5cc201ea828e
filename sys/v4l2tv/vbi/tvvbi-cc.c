/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: the CEA-608 line 21 waveform. Seven cycles of clock
 * run-in at the bit rate 32 fH (503.5 kHz), two 0 bits and the start bit
 * 1, then two bytes LSB first, each with an odd parity bit 7. The slicer
 * measures the bit period on the run-in, finds the start bit's edge and
 * samples the middle of every bit; it refuses a line unless all of it
 * is there (a regular run-in, the zeros, the start bit, clean levels).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "vbi/tvvbi-priv.h"

/* 32 x the 525-line fH, 4.5 MHz / 286 */
#define CC_BIT_RATE (32.0 * 4500000.0 / 286.0)
/* where the run-in starts after 0H */
#define CC_START_US 10.5
#define CC_RUN_IN_BITS 7
/* run-in, the two zeros, the start bit, 16 data bits */
#define CC_BITS (CC_RUN_IN_BITS + 3 + 16)
/* the run-in cycles a line needs at least */
#define CC_MIN_RUN_IN 6
/* the smallest swing between the levels a caption line has */
#define CC_MIN_SWING 32
/* a caption line crosses its middle level some 35 times (the sync tip,
 * the run-in, the bits); one with this many is noise */
#define CC_MAX_EDGES 64

guint8
gst_tv_vbi_cc_parity (guint8 b)
{
  b &= 0x7f;
  return __builtin_popcount (b) % 2 == 0 ? (b | 0x80) : b;
}

gboolean
gst_tv_vbi_cc_parity_ok (guint8 b)
{
  return __builtin_popcount (b) % 2 == 1;
}

/* the samples a bit takes in @fmt */
static gdouble
bit_period (const struct v4l2_vbi_format *fmt)
{
  return fmt->sampling_rate / CC_BIT_RATE;
}

/* the level around @centre, averaged over a quarter bit: 1 high, 0 low,
 * -1 too close to @thr (by @margin) or outside the line */
static gint
level (const guint8 * line, guint n, gdouble centre, gdouble p, gdouble thr,
    gdouble margin)
{
  gdouble v = gst_tv_vbi_average (line, n, centre, p / 8);

  if (v < 0 || fabs (v - thr) < margin)
    return -1;
  return v > thr;
}

/* the run-in ends at rise @r (edge index) with period @p: checks the
 * zeros and the start bit and reads the bytes */
static GstTvVbiResult
read_bytes (const guint8 * line, guint n, const GstTvVbiEdge * edges,
    guint n_edges, guint r, gdouble p, gdouble thr, gdouble margin,
    guint8 * b1, guint8 * b2)
{
  gdouble last = edges[r].pos, start = -1;
  guint16 word = 0;
  guint e, i;

  /* the fall of the last run-in cycle, then the start bit's rise */
  if (r + 2 >= n_edges || edges[r + 1].rising || !edges[r + 2].rising)
    return GST_TV_VBI_NONE;
  if (fabs (edges[r + 1].pos - last - p / 2) > p / 4)
    return GST_TV_VBI_NONE;
  start = edges[r + 2].pos;
  if (fabs (start - last - 2.5 * p) > 0.4 * p)
    return GST_TV_VBI_NONE;
  if (start + 16.75 * p > n)
    return GST_TV_VBI_NONE;

  /* the two zeros and the start bit */
  if (level (line, n, start - 1.5 * p, p, thr, margin) != 0
      || level (line, n, start - 0.5 * p, p, thr, margin) != 0
      || level (line, n, start + 0.5 * p, p, thr, margin) != 1)
    return GST_TV_VBI_NONE;

  for (i = 0; i < 16; i++) {
    gint bit = level (line, n, start + (1.5 + i) * p, p, thr, margin);

    if (bit < 0)
      return GST_TV_VBI_NONE;
    word |= bit << i;
  }

  /* a bit edge stays within its bit: every edge past the start bit lies
   * near a bit boundary */
  for (e = r + 3; e < n_edges && edges[e].pos < start + 17 * p; e++) {
    gdouble bits = (edges[e].pos - start) / p;

    if (fabs (bits - floor (bits + 0.5)) > 0.3)
      return GST_TV_VBI_NONE;
  }

  *b1 = word & 0xff;
  *b2 = word >> 8;
  if (!gst_tv_vbi_cc_parity_ok (*b1) || !gst_tv_vbi_cc_parity_ok (*b2))
    return GST_TV_VBI_PARITY_ERROR;
  return GST_TV_VBI_OK;
}

/**
 * gst_tv_vbi_cc_decode_line:
 * @fmt: the raw format (sampling rate, samples per line)
 * @line: fmt->samples_per_line samples
 * @b1: (out): the first byte, parity bit included
 * @b2: (out): the second byte
 *
 * Returns: what the line carries
 */
GstTvVbiResult
gst_tv_vbi_cc_decode_line (const struct v4l2_vbi_format *fmt,
    const guint8 * line, guint8 * b1, guint8 * b2)
{
  GstTvVbiEdge edges[CC_MAX_EDGES];
  guint n = fmt->samples_per_line;
  guint lo, hi, n_edges, i;
  gdouble thr, p0, margin;

  g_return_val_if_fail (fmt != NULL, GST_TV_VBI_NONE);
  g_return_val_if_fail (line != NULL, GST_TV_VBI_NONE);
  g_return_val_if_fail (b1 != NULL && b2 != NULL, GST_TV_VBI_NONE);

  if (fmt->sampling_rate == 0 || n == 0)
    return GST_TV_VBI_NONE;
  p0 = bit_period (fmt);
  gst_tv_vbi_line_range (line, n, &lo, &hi);
  if (hi - lo < CC_MIN_SWING)
    return GST_TV_VBI_NONE;
  thr = (lo + hi) / 2.0;
  margin = (hi - lo) / 5.0;
  n_edges = gst_tv_vbi_find_edges (line, n, thr, (hi - lo) / 6.0,
      edges, CC_MAX_EDGES);
  if (n_edges == CC_MAX_EDGES)
    return GST_TV_VBI_NONE;

  /* runs of rises one bit period apart, each cycle falling half way */
  for (i = 0; i < n_edges; i++) {
    guint rises = 1, r = i, k;
    gdouble p;
    GstTvVbiResult res;

    if (!edges[i].rising)
      continue;
    while (r + 2 < n_edges) {
      gdouble d = edges[r + 2].pos - edges[r].pos;
      gdouble h = edges[r + 1].pos - edges[r].pos;

      if (d < 0.9 * p0 || d > 1.1 * p0 || h < 0.3 * d || h > 0.7 * d)
        break;
      r += 2;
      rises++;
    }
    if (rises < CC_MIN_RUN_IN) {
      continue;
    }
    /* the whole run-in keeps one period */
    p = (edges[r].pos - edges[i].pos) / (rises - 1);
    for (k = i; k + 2 <= r; k += 2) {
      if (fabs (edges[k + 2].pos - edges[k].pos - p) > 0.08 * p)
        break;
    }
    if (k + 2 <= r) {
      continue;
    }
    res = read_bytes (line, n, edges, n_edges, r, p, thr, margin, b1, b2);
    if (res != GST_TV_VBI_NONE)
      return res;
    /* not followed by a caption: look further */
    i = r;
  }
  return GST_TV_VBI_NONE;
}

/**
 * gst_tv_vbi_cc_encode_line:
 * @fmt: the raw format
 * @line: (out): fmt->samples_per_line samples
 * @b1: the first byte, sent as given
 * @b2: the second byte
 */
void
gst_tv_vbi_cc_encode_line (const struct v4l2_vbi_format *fmt,
    guint8 * line, guint8 b1, guint8 b2)
{
  guint8 units[CC_BITS - CC_RUN_IN_BITS];
  guint n = fmt->samples_per_line;
  gdouble p, t0, mid, amp;
  guint i;

  g_return_if_fail (fmt != NULL);
  g_return_if_fail (line != NULL);

  memset (line, GST_TV_VBI_LEVEL_BLANK, n);
  if (fmt->sampling_rate == 0)
    return;
  p = bit_period (fmt);
  t0 = CC_START_US * 1e-6 * fmt->sampling_rate - fmt->offset;
  /* a line too short for the standard timing holds the waveform earlier
   * (vivid's 1440 samples at 27 MHz end 54 us after 0H) */
  if (t0 + CC_BITS * p + 2 > n)
    t0 = n - CC_BITS * p - 2;
  t0 = MAX (t0, 0.0);

  /* the run-in, a sine that rises through the middle level half way
   * through each bit */
  mid = (GST_TV_VBI_LEVEL_BLANK + GST_TV_VBI_LEVEL_CC) / 2.0;
  amp = (GST_TV_VBI_LEVEL_CC - GST_TV_VBI_LEVEL_BLANK) / 2.0;
  i = (guint) ceil (t0);
  if (i < n && i < t0 + CC_RUN_IN_BITS * p) {
    /* sin (2 pi (i + 0.5 - t0) / p), one sample on from the last by a
     * rotation instead of a sin() a sample (the card draws this line every
     * frame); over a run-in's few hundred samples the rounding drifts by
     * far less than a level */
    gdouble step = 2 * G_PI / p, cs = cos (step), sn = sin (step);
    gdouble theta = 2 * G_PI * (i + 0.5 - t0) / p;
    gdouble s = sin (theta), c = cos (theta), next;

    for (; i < n && i < t0 + CC_RUN_IN_BITS * p; i++) {
      line[i] = (guint8) (mid - amp * s + 0.5);       /* > 0: rounds */
      next = s * cs + c * sn;
      c = c * cs - s * sn;
      s = next;
    }
  }

  /* then the zeros, the start bit and the bytes, LSB first */
  units[0] = units[1] = 0;
  units[2] = 1;
  for (i = 0; i < 8; i++) {
    units[3 + i] = (b1 >> i) & 1;
    units[11 + i] = (b2 >> i) & 1;
  }
  gst_tv_vbi_render_units (line, n, t0 + CC_RUN_IN_BITS * p, p, units,
      G_N_ELEMENTS (units), GST_TV_VBI_LEVEL_BLANK, GST_TV_VBI_LEVEL_CC);
}
