/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the element benchmarks share: playing a pipeline to its end, the
 * process's CPU time, medians.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __BENCH_COMMON_H__
#define __BENCH_COMMON_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* plays @pipeline (made from @launch) until EOS, then sets it to NULL and
 * drops it; on an error or after ten minutes, says so on stderr with the
 * frames *@count had seen and returns FALSE */
gboolean bench_play_to_eos (GstElement * pipeline, const gchar * launch,
    const guint * count);

/* makes a pipeline of @launch, calls @probe (with @user_data) on each
 * buffer through pad @pad of its element named @element, and plays it to
 * EOS as bench_play_to_eos() does (@count for its message); TRUE when it
 * got there */
gboolean bench_run_launch (const gchar * launch, const gchar * element,
    const gchar * pad, GstPadProbeCallback probe, gpointer user_data,
    const guint * count);

/* the CPU time this process has used, in nanoseconds */
gint64 bench_process_cpu_ns (void);

/* the median of @n values (n > 0); sorts them in place, so that [0] and
 * [n - 1] are the extremes afterwards */
gdouble bench_median (gdouble * values, guint n);

G_END_DECLS

#endif /* __BENCH_COMMON_H__ */
