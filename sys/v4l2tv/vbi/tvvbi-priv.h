/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: helpers the line slicers and synthesisers share
 * (tvvbi-raw.c): edges with hysteresis, averages around a point, and
 * drawing a run of bits as band-limited steps. Nothing outside vbi/
 * includes it.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_TV_VBI_PRIV_H__
#define __GST_TV_VBI_PRIV_H__

#include "vbi/tvvbi.h"

G_BEGIN_DECLS

/* a crossing of the slicing level, at a fractional sample position */
typedef struct
{
  gdouble pos;
  gboolean rising;
} GstTvVbiEdge;

/* the most edges a line is searched for. A caption line has about 40 in
 * all, a WSS line about 50 where the slicer looks; a line with this many
 * is noise (snow), no data, and is not looked at further */
#define GST_TV_VBI_MAX_EDGES 128

/* the lowest and highest sample of @line */
void gst_tv_vbi_line_range (const guint8 * line, guint n, guint * lo,
    guint * hi);
/* the crossings of @thr with hysteresis @hyst (a crossing counts once
 * the signal is @hyst past @thr), at most @max; returns how many. Every
 * sample is looked at (sixteen at a time where SSE2 is). */
guint gst_tv_vbi_find_edges (const guint8 * line, guint n, gdouble thr,
    gdouble hyst, GstTvVbiEdge * edges, guint max);
/* floor () and ceil () of values well within gint's range, inline (the
 * libm calls cost more than the short sums they bound) */
static inline gint
gst_tv_vbi_floor_int (gdouble x)
{
  gint i = (gint) x;

  return i - (x < i);
}

static inline gint
gst_tv_vbi_ceil_int (gdouble x)
{
  gint i = (gint) x;

  return i + (x > i);
}

/* the mean of the samples within @half_width of @centre (at least the
 * nearest sample); -1 when @centre is outside the line. Inline: the
 * slicers call it a hundred times a line for a sum of a few samples */
static inline gdouble
gst_tv_vbi_average (const guint8 * line, guint n, gdouble centre,
    gdouble half_width)
{
  gint first, last, i;
  guint sum = 0;

  if (centre < 0 || centre >= n)
    return -1;
  first = MAX (gst_tv_vbi_ceil_int (centre - half_width), 0);
  last = MIN (gst_tv_vbi_floor_int (centre + half_width), (gint) n - 1);
  if (last < first)
    first = last = CLAMP (gst_tv_vbi_floor_int (centre), 0, (gint) n - 1);
  for (i = first; i <= last; i++)
    sum += line[i];
  return (gdouble) sum / (last - first + 1);
}
/* draws @n_units units (0 or 1 each, @unit samples long, the first at
 * sample position @t0) over @line as @lo / @hi levels; a sample an edge
 * falls into takes the mix of both, as a band-limited signal would */
void gst_tv_vbi_render_units (guint8 * line, guint n, gdouble t0,
    gdouble unit, const guint8 * units, guint n_units, guint8 lo, guint8 hi);

G_END_DECLS

#endif /* __GST_TV_VBI_PRIV_H__ */
