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

/* the most edges a line is searched for: a noise line has far more, and
 * is no data anyway */
#define GST_TV_VBI_MAX_EDGES 512

/* the lowest and highest of every @step-th sample of @line (a step below
 * the shortest level a waveform holds finds its levels) */
void gst_tv_vbi_line_range (const guint8 * line, guint n, guint step,
    guint * lo, guint * hi);
/* the crossings of @thr with hysteresis @hyst (a crossing counts once
 * the signal is @hyst past @thr), at most @max; returns how many. Every
 * @step-th sample is looked at, then the samples before one that crossed
 * for where it crossed: a waveform whose levels last longer than @step
 * samples gives the same edges as a look at every sample. */
guint gst_tv_vbi_find_edges (const guint8 * line, guint n, guint step,
    gdouble thr, gdouble hyst, GstTvVbiEdge * edges, guint max);
/* the mean of the samples within @half_width of @centre (at least the
 * nearest sample); -1 when @centre is outside the line */
gdouble gst_tv_vbi_average (const guint8 * line, guint n, gdouble centre,
    gdouble half_width);
/* draws @n_units units (0 or 1 each, @unit samples long, the first at
 * sample position @t0) over @line as @lo / @hi levels; a sample an edge
 * falls into takes the mix of both, as a band-limited signal would */
void gst_tv_vbi_render_units (guint8 * line, guint n, gdouble t0,
    gdouble unit, const guint8 * units, guint n_units, guint8 lo, guint8 hi);

G_END_DECLS

#endif /* __GST_TV_VBI_PRIV_H__ */
