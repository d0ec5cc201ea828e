/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvconvert: the packed 4:2:2 -> 32-bit RGB row in AVX2
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

/*
 * Why this file exists next to the ORC kernels: ORC 0.4.33 has only an SSE
 * backend, and a kernel runs all of its variables at one element rate. The
 * RGB kernels write 8 bytes per macropixel, so each SSE register holds two
 * macropixels and the chroma arithmetic uses a quarter to a half of it
 * (`orcc --assembly`: 36 instructions per 4 pixels). That left them at
 * 0.35x libyuv (docs/tvconvert-benchmark.md). This row does the same
 * arithmetic, operation for operation (mulhuw, mulhsw, shlw, addw, addssw,
 * shrsw, convsuswb of tvconvert-orc.orc), 16 pixels per iteration in
 * 256-bit registers, so its bytes are those of the ORC kernel and of its C
 * backup: tests/check/libs/tvconvert.c checks both paths against the same
 * fixed-point model. The ORC kernel converts what is left of a line (under
 * 8 macropixels), and everything on CPUs without AVX2.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tvconvert-avx2.h"

#if TV_CONVERT_HAVE_AVX2

#include <immintrin.h>

#define AVX2 __attribute__ ((target ("avx2")))

/* one 16-byte pshufb pattern in both 128-bit lanes (-1: a zero byte) */
#define LANES(a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p) \
  _mm256_setr_epi8 (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, \
      a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)

/* 8 macropixels (32 source bytes, 16 pixels) -> 64 bytes of RGB. The
 * quadwords are reordered so that the 128-bit lanes hold pixels 0-3 and
 * 8-11, and 4-7 and 12-15: the in-lane unpacks at the end then give
 * pixels 0-7 and 8-15 in order. Per pixel, Y as words y * 257 and its
 * macropixel's U and V as words (C - 128) << 8; channel words are added to
 * luma with signed saturation, shifted by 6 and packed unsigned, as the
 * ORC kernels do. @order gives which channel goes to byte 0..3 of a pixel:
 * 0 B, 1 G, 2 R, 3 the x/A byte (255). */
static inline __attribute__ ((always_inline)) AVX2 void
rgb_row (guint8 * d, const guint8 * s, guint n, gboolean uyvy,
    const guint8 order[4], gint ky, gint yoff, gint kub, gint kvr, gint kgu,
    gint kgv)
{
  /* per lane: macropixels 0 1 (bytes 0-7) and 4 5 (bytes 8-15) */
  const __m256i ymask = uyvy ?
      LANES (1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15) :
      LANES (0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14);
  const __m256i umask = uyvy ?
      LANES (-1, 0, -1, 0, -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12) :
      LANES (-1, 1, -1, 1, -1, 5, -1, 5, -1, 9, -1, 9, -1, 13, -1, 13);
  const __m256i vmask = uyvy ?
      LANES (-1, 2, -1, 2, -1, 6, -1, 6, -1, 10, -1, 10, -1, 14, -1, 14) :
      LANES (-1, 3, -1, 3, -1, 7, -1, 7, -1, 11, -1, 11, -1, 15, -1, 15);
  const __m256i vky = _mm256_set1_epi16 (ky);
  const __m256i vyoff = _mm256_set1_epi16 (yoff);
  /* C ^ 0x80 = C - 128 as a signed byte: in the high byte of a word with a
   * zero low byte, (C - 128) << 8 */
  const __m256i bias = _mm256_set1_epi32 (uyvy ? 0x00800080 : (gint) 0x80008000);
  const __m256i vkub = _mm256_set1_epi16 (kub);
  const __m256i vkvr = _mm256_set1_epi16 (kvr);
  const __m256i vkgu = _mm256_set1_epi16 (kgu);
  const __m256i vkgv = _mm256_set1_epi16 (kgv);
  const __m256i opaque = _mm256_set1_epi16 (255);
  guint i;

  for (i = 0; i + 8 <= n; i += 8) {
    __m256i src = _mm256_loadu_si256 ((const __m256i *) (s + i * 4));
    __m256i luma, cu, cv, ch[4], p02, p13, lo, hi;

    src = _mm256_permute4x64_epi64 (src, _MM_SHUFFLE (3, 1, 2, 0));
    luma = _mm256_shuffle_epi8 (src, ymask);
    luma = _mm256_add_epi16 (_mm256_mulhi_epu16 (luma, vky), vyoff);
    src = _mm256_xor_si256 (src, bias);
    cu = _mm256_shuffle_epi8 (src, umask);
    cv = _mm256_shuffle_epi8 (src, vmask);

    ch[0] = _mm256_slli_epi16 (_mm256_mulhi_epi16 (cu, vkub), 1);
    ch[1] = _mm256_add_epi16 (_mm256_mulhi_epi16 (cu, vkgu),
        _mm256_mulhi_epi16 (cv, vkgv));
    ch[2] = _mm256_slli_epi16 (_mm256_mulhi_epi16 (cv, vkvr), 1);
    ch[0] = _mm256_srai_epi16 (_mm256_adds_epi16 (luma, ch[0]), 6);
    ch[1] = _mm256_srai_epi16 (_mm256_adds_epi16 (luma, ch[1]), 6);
    ch[2] = _mm256_srai_epi16 (_mm256_adds_epi16 (luma, ch[2]), 6);
    ch[3] = opaque;

    /* bytes 0 and 2, 1 and 3 of 8 pixels per lane, then interleaved */
    p02 = _mm256_packus_epi16 (ch[order[0]], ch[order[2]]);
    p13 = _mm256_packus_epi16 (ch[order[1]], ch[order[3]]);
    lo = _mm256_unpacklo_epi8 (p02, p13);
    hi = _mm256_unpackhi_epi8 (p02, p13);
    _mm256_storeu_si256 ((__m256i *) (d + i * 8),
        _mm256_unpacklo_epi16 (lo, hi));
    _mm256_storeu_si256 ((__m256i *) (d + i * 8 + 32),
        _mm256_unpackhi_epi16 (lo, hi));
  }
}

#define ROW(name, uyvy, a, b, c, x) \
static AVX2 void \
name (guint8 * d, const guint8 * s, guint n, const gint k[6]) \
{ \
  static const guint8 order[4] = { a, b, c, x }; \
  rgb_row (d, s, n, uyvy, order, k[0], k[1], k[2], k[3], k[4], k[5]); \
}

ROW (uyvy_bgra, TRUE, 0, 1, 2, 3);
ROW (uyvy_rgba, TRUE, 2, 1, 0, 3);
ROW (uyvy_argb, TRUE, 3, 2, 1, 0);
ROW (uyvy_abgr, TRUE, 3, 0, 1, 2);
ROW (yuy2_bgra, FALSE, 0, 1, 2, 3);
ROW (yuy2_rgba, FALSE, 2, 1, 0, 3);
ROW (yuy2_argb, FALSE, 3, 2, 1, 0);
ROW (yuy2_abgr, FALSE, 3, 0, 1, 2);

static gint use_avx2 = -1;

static gboolean
cpu_has_avx2 (void)
{
  __builtin_cpu_init ();
  return __builtin_cpu_supports ("avx2");
}

static gboolean
avx2_enabled (void)
{
  if (G_UNLIKELY (g_atomic_int_get (&use_avx2) < 0)) {
    const gchar *env = g_getenv ("GST_TV_CONVERT_AVX2");

    g_atomic_int_set (&use_avx2, cpu_has_avx2 () &&
        g_strcmp0 (env, "0") != 0);
  }
  return g_atomic_int_get (&use_avx2) > 0;
}

gboolean
tv_convert_avx2_set_enabled (gboolean enabled)
{
  gboolean on = enabled && cpu_has_avx2 ();

  g_atomic_int_set (&use_avx2, on);
  return on;
}

TvConvertRgbRow
tv_convert_avx2_rgb_row (gboolean uyvy, gboolean r_first, gboolean x_first)
{
  if (!avx2_enabled ())
    return NULL;
  if (x_first)
    return r_first ? (uyvy ? uyvy_argb : yuy2_argb) :
        (uyvy ? uyvy_abgr : yuy2_abgr);
  return r_first ? (uyvy ? uyvy_rgba : yuy2_rgba) :
      (uyvy ? uyvy_bgra : yuy2_bgra);
}

#else /* !TV_CONVERT_HAVE_AVX2 */

gboolean
tv_convert_avx2_set_enabled (gboolean enabled)
{
  return FALSE;
}

TvConvertRgbRow
tv_convert_avx2_rgb_row (gboolean uyvy, gboolean r_first, gboolean x_first)
{
  return NULL;
}

#endif
