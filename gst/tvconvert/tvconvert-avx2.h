/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvconvert: the packed 4:2:2 -> 32-bit RGB row in AVX2 (private)
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __TV_CONVERT_AVX2_H__
#define __TV_CONVERT_AVX2_H__

#include <glib.h>

G_BEGIN_DECLS

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TV_CONVERT_HAVE_AVX2 1
#else
#define TV_CONVERT_HAVE_AVX2 0
#endif

/* converts the first (@n / 8) * 8 of @n macropixels of the line @s into
 * @d (8 bytes per macropixel); @k: ky, yoff, kub, kvr, kgu, kgv */
typedef void (*TvConvertRgbRow) (guint8 * d, const guint8 * s, guint n,
    const gint k[6]);

/* the row for this byte order, or NULL when the CPU has no AVX2 or it is
 * turned off (GST_TV_CONVERT_AVX2=0 in the environment) */
TvConvertRgbRow tv_convert_avx2_rgb_row      (gboolean uyvy,
                                              gboolean r_first,
                                              gboolean x_first);

/* for tests and benchmarks: use the rows (if the CPU has AVX2) or not;
 * returns whether they are used now */
gboolean        tv_convert_avx2_set_enabled  (gboolean enabled);

G_END_DECLS

#endif /* __TV_CONVERT_AVX2_H__ */
