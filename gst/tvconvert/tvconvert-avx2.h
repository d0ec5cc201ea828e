/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvconvert: AVX2 rows next to the ORC kernels (private)
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __TV_CONVERT_AVX2_H__
#define __TV_CONVERT_AVX2_H__

#include <glib.h>

G_BEGIN_DECLS

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(TV_CONVERT_NO_AVX2)
#define TV_CONVERT_HAVE_AVX2 1
#else
#define TV_CONVERT_HAVE_AVX2 0
#endif

/* converts the first (@n / 8) * 8 of @n macropixels of the line @s into
 * @d (8 bytes per macropixel); @k: ky, yoff, kub, kvr, kgu, kgv */
typedef void (*TvConvertRgbRow) (guint8 * d, const guint8 * s, guint n,
    const gint k[6]);

/* UYVY <-> YUY2, the first (@n / 8) * 8 of @n macropixels */
typedef void (*TvConvertSwapRow) (guint8 * d, const guint8 * s, guint n);

/* 4:2:2 -> 4:2:0, the first (@n / 16) * 16 of @n macropixels: the first
 * line of a pair to luma @y and chroma pairs @c (an L1 line), the second
 * to luma @y and the average of its chroma and @c to @u and @v (NV12: the
 * pairs to @u, @v unused) */
typedef void (*TvConvertSplitRow) (guint8 * y, guint8 * c, const guint8 * s,
    guint n);
typedef void (*TvConvertMergeRow) (guint8 * y, guint8 * u, guint8 * v,
    const guint8 * s, const guint8 * c, guint n);

/* converts the first (@n / 32) * 32 of @n macropixels of @s into the
 * planes @y, @u and @v */
typedef void (*TvConvertY42BRow) (guint8 * y, guint8 * u, guint8 * v,
    const guint8 * s, guint n);

/* converts the first (@n / 32) * 32 of @n output macropixels from luma
 * @y, the nearest chroma lines @ua, @va and the next nearest @ub, @vb
 * (NV12: @ua and @ub interleaved, @va and @vb unused) into @d */
typedef void (*TvConvertPackRow) (guint8 * d, const guint8 * y,
    const guint8 * ua, const guint8 * va, const guint8 * ub,
    const guint8 * vb, guint n);

/* the row for this byte order, or NULL when the CPU has no AVX2 or it is
 * turned off (GST_TV_CONVERT_AVX2=0 in the environment) */
TvConvertRgbRow tv_convert_avx2_rgb_row      (gboolean uyvy,
                                              gboolean r_first,
                                              gboolean x_first);

TvConvertSwapRow tv_convert_avx2_swap_row   (void);

TvConvertSplitRow tv_convert_avx2_split_row (gboolean uyvy);

TvConvertMergeRow tv_convert_avx2_merge_row (gboolean uyvy,
                                             gboolean nv12);

TvConvertY42BRow tv_convert_avx2_y42b_row   (gboolean uyvy);

TvConvertPackRow tv_convert_avx2_pack_row   (gboolean nv12,
                                             gboolean uyvy);

/* for tests and benchmarks: use the rows (if the CPU has AVX2) or not;
 * returns whether they are used now */
gboolean        tv_convert_avx2_set_enabled  (gboolean enabled);

G_END_DECLS

#endif /* __TV_CONVERT_AVX2_H__ */
