/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvconvert: AVX2 rows next to the ORC kernels
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
 *
 * The same holds, less dramatically, for the other conversions, whose
 * kernels write 1- to 4-byte elements: 4:2:2 -> 4:2:0 (the split and merge
 * passes), Y42B and UYVY <-> YUY2 (shuffles) and 4:2:0 -> 4:2:2 (the
 * interpolation avgub/xorb/andb/subb/avgub). With the data in cache they
 * ran at 0.4-0.9x libyuv and GStreamer's converter; on fresh capture
 * buffers, which are memory-bound, the rows gain less (see
 * docs/tvconvert-benchmark.md). Every row gives the kernels' bytes and
 * keeps their passes over a line (one line read from memory per pass).
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tvconvert-avx2.h"

#if TV_CONVERT_HAVE_AVX2

#include <immintrin.h>

#define AVX2 __attribute__ ((target ("avx2")))
#define AVX2_INLINE static inline __attribute__ ((always_inline, target ("avx2")))

/* one 16-byte pshufb pattern in both 128-bit lanes (-1: a zero byte) */
#define LANES(a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p) \
  _mm256_setr_epi8 (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, \
      a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)

/* --- packed 4:2:2 -> RGB ------------------------------------------------- */

/* 8 macropixels (32 source bytes, 16 pixels) -> 64 bytes of RGB. The
 * quadwords are reordered so that the 128-bit lanes hold pixels 0-3 and
 * 8-11, and 4-7 and 12-15: the in-lane unpacks at the end then give
 * pixels 0-7 and 8-15 in order. Per pixel, Y as words y * 257 and its
 * macropixel's U and V as words (C - 128) << 8; channel words are added to
 * luma with signed saturation, shifted by 6 and packed unsigned, as the
 * ORC kernels do. @order gives which channel goes to byte 0..3 of a pixel:
 * 0 B, 1 G, 2 R, 3 the x/A byte (255). */
AVX2_INLINE void
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
  const __m256i bias =
      _mm256_set1_epi32 (uyvy ? 0x00800080 : (gint) 0x80008000);
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

/* the eight rows: the packing, then where B, G, R and X go in a pixel */
static AVX2 void
uyvy_bgra (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 0, 1, 2, 3 };

  rgb_row (d, s, n, TRUE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
uyvy_rgba (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 2, 1, 0, 3 };

  rgb_row (d, s, n, TRUE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
uyvy_argb (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 3, 2, 1, 0 };

  rgb_row (d, s, n, TRUE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
uyvy_abgr (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 3, 0, 1, 2 };

  rgb_row (d, s, n, TRUE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
yuy2_bgra (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 0, 1, 2, 3 };

  rgb_row (d, s, n, FALSE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
yuy2_rgba (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 2, 1, 0, 3 };

  rgb_row (d, s, n, FALSE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
yuy2_argb (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 3, 2, 1, 0 };

  rgb_row (d, s, n, FALSE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

static AVX2 void
yuy2_abgr (guint8 * d, const guint8 * s, guint n, const gint k[6])
{
  static const guint8 order[4] = { 3, 0, 1, 2 };

  rgb_row (d, s, n, FALSE, order, k[0], k[1], k[2], k[3], k[4], k[5]);
}

/* --- UYVY <-> YUY2 ------------------------------------------------------- */

/* the bytes of every word swapped, 8 macropixels per iteration, in two
 * 16-byte halves: with 32-byte loads and stores the row ran 5-7 % slower
 * than the ORC kernel on fresh buffers (and 15 % faster in cache) */
static AVX2 void
swap_row (guint8 * d, const guint8 * s, guint n)
{
  const __m128i swap = _mm_setr_epi8 (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10,
      13, 12, 15, 14);
  guint i;

  for (i = 0; i + 8 <= n; i += 8) {
    const __m128i *p = (const __m128i *) (s + i * 4);

    _mm_storeu_si128 ((__m128i *) (d + i * 4),
        _mm_shuffle_epi8 (_mm_loadu_si128 (p), swap));
    _mm_storeu_si128 ((__m128i *) (d + i * 4 + 16),
        _mm_shuffle_epi8 (_mm_loadu_si128 (p + 1), swap));
  }
}

/* --- packed 4:2:2 -> 4:2:0 --------------------------------------------- */

/* 16 macropixels (64 source bytes) -> 32 luma bytes in @y and 16 chroma
 * pairs (U V ...) returned; each lane is shuffled to Y(8) C(8), the
 * quadwords gathered and put in order */
AVX2_INLINE __m256i
split_32 (guint8 * y, const guint8 * s, __m256i split)
{
  __m256i a = _mm256_shuffle_epi8 (_mm256_loadu_si256 ((const __m256i *) s),
      split);
  __m256i b = _mm256_shuffle_epi8 (_mm256_loadu_si256 ((const __m256i *)
          (s + 32)), split);

  _mm256_storeu_si256 ((__m256i *) y, _mm256_permute4x64_epi64
      (_mm256_unpacklo_epi64 (a, b), _MM_SHUFFLE (3, 1, 2, 0)));
  return _mm256_permute4x64_epi64 (_mm256_unpackhi_epi64 (a, b),
      _MM_SHUFFLE (3, 1, 2, 0));
}

#define SPLIT_MASK(uyvy) ((uyvy) ? \
    LANES (1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 14) : \
    LANES (0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15))

/* first line of a pair: luma to @y, chroma pairs to the L1 line @c */
AVX2_INLINE void
split_row (guint8 * y, guint8 * c, const guint8 * s, guint n, gboolean uyvy)
{
  const __m256i split = SPLIT_MASK (uyvy);
  guint i;

  for (i = 0; i + 16 <= n; i += 16)
    _mm256_storeu_si256 ((__m256i *) (c + i * 2), split_32 (y + i * 2,
            s + i * 4, split));
}

/* second line of a pair: luma to @y, chroma avgub'd with the L1 line @c,
 * to @u (NV12: the pairs) or split to @u and @v */
AVX2_INLINE void
merge_row (guint8 * y, guint8 * u, guint8 * v, const guint8 * s,
    const guint8 * c, guint n, gboolean uyvy, gboolean nv12)
{
  const __m256i split = SPLIT_MASK (uyvy);
  const __m256i uv = LANES (0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13,
      15);
  guint i;

  for (i = 0; i + 16 <= n; i += 16) {
    __m256i pairs = _mm256_avg_epu8 (split_32 (y + i * 2, s + i * 4, split),
        _mm256_loadu_si256 ((const __m256i *) (c + i * 2)));

    if (nv12) {
      _mm256_storeu_si256 ((__m256i *) (u + i * 2), pairs);
    } else {
      pairs = _mm256_permute4x64_epi64 (_mm256_shuffle_epi8 (pairs, uv),
          _MM_SHUFFLE (3, 1, 2, 0));
      _mm_storeu_si128 ((__m128i *) (u + i), _mm256_castsi256_si128 (pairs));
      _mm_storeu_si128 ((__m128i *) (v + i),
          _mm256_extracti128_si256 (pairs, 1));
    }
  }
}

static AVX2 void
uyvy_split (guint8 * y, guint8 * c, const guint8 * s, guint n)
{
  split_row (y, c, s, n, TRUE);
}

static AVX2 void
yuy2_split (guint8 * y, guint8 * c, const guint8 * s, guint n)
{
  split_row (y, c, s, n, FALSE);
}

static AVX2 void
uyvy_merge_i420 (guint8 * y, guint8 * u, guint8 * v, const guint8 * s,
    const guint8 * c, guint n)
{
  merge_row (y, u, v, s, c, n, TRUE, FALSE);
}

static AVX2 void
yuy2_merge_i420 (guint8 * y, guint8 * u, guint8 * v, const guint8 * s,
    const guint8 * c, guint n)
{
  merge_row (y, u, v, s, c, n, FALSE, FALSE);
}

static AVX2 void
uyvy_merge_nv12 (guint8 * y, guint8 * u, guint8 * v, const guint8 * s,
    const guint8 * c, guint n)
{
  merge_row (y, u, v, s, c, n, TRUE, TRUE);
}

static AVX2 void
yuy2_merge_nv12 (guint8 * y, guint8 * u, guint8 * v, const guint8 * s,
    const guint8 * c, guint n)
{
  merge_row (y, u, v, s, c, n, FALSE, TRUE);
}

/* --- packed 4:2:2 -> Y42B ------------------------------------------------ */

/* 32 macropixels (128 source bytes) per step, in two passes over the line
 * as the kernels do: U and V first, then Y from L1 (two output streams at
 * a time are faster than three on fresh capture buffers). Each 32-byte
 * load is shuffled in-lane to Y(8) U(4) V(4) and its dwords gathered to
 * Y(16) U(8) V(8). */
AVX2_INLINE void
y42b_row (guint8 * y, guint8 * u, guint8 * v, const guint8 * s, guint n,
    gboolean uyvy)
{
  const __m256i split = uyvy ?
      LANES (1, 3, 5, 7, 9, 11, 13, 15, 0, 4, 8, 12, 2, 6, 10, 14) :
      LANES (0, 2, 4, 6, 8, 10, 12, 14, 1, 5, 9, 13, 3, 7, 11, 15);
  const __m256i gather = _mm256_setr_epi32 (0, 1, 4, 5, 2, 6, 3, 7);
  guint i, k;

#define SPLIT(p) _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8 \
    (_mm256_loadu_si256 (p), split), gather)

  for (i = 0; i + 32 <= n; i += 32) {
    const __m256i *p = (const __m256i *) (s + i * 4);
    __m256i ac = _mm256_permute2x128_si256 (SPLIT (p), SPLIT (p + 2), 0x31);
    __m256i bd = _mm256_permute2x128_si256 (SPLIT (p + 1), SPLIT (p + 3),
        0x31);

    _mm256_storeu_si256 ((__m256i *) (u + i), _mm256_unpacklo_epi64 (ac, bd));
    _mm256_storeu_si256 ((__m256i *) (v + i), _mm256_unpackhi_epi64 (ac, bd));
  }
  for (k = 0; k + 16 <= i; k += 16) {
    const __m256i *p = (const __m256i *) (s + k * 4);

    _mm256_storeu_si256 ((__m256i *) (y + k * 2),
        _mm256_permute2x128_si256 (SPLIT (p), SPLIT (p + 1), 0x20));
  }
#undef SPLIT
}

static AVX2 void
uyvy_y42b (guint8 * y, guint8 * u, guint8 * v, const guint8 * s, guint n)
{
  y42b_row (y, u, v, s, n, TRUE);
}

static AVX2 void
yuy2_y42b (guint8 * y, guint8 * u, guint8 * v, const guint8 * s, guint n)
{
  y42b_row (y, u, v, s, n, FALSE);
}

/* --- 4:2:0 -> packed 4:2:2 ----------------------------------------------- */

/* (3a + b + 2) >> 2 per byte, as the kernels compute it */
AVX2_INLINE __m256i
interpolate (__m256i a, __m256i b)
{
  __m256i t = _mm256_avg_epu8 (a, b);

  t = _mm256_sub_epi8 (t, _mm256_and_si256 (_mm256_xor_si256 (a, b),
          _mm256_set1_epi8 (1)));
  return _mm256_avg_epu8 (a, t);
}

/* two 16-byte loads in one register */
AVX2_INLINE __m256i
load_2x128 (const guint8 * lo, const guint8 * hi)
{
  return _mm256_inserti128_si256 (_mm256_castsi128_si256 (_mm_loadu_si128
          ((const __m128i *) lo)), _mm_loadu_si128 ((const __m128i *) hi), 1);
}

/* 8 chroma pairs and 16 luma bytes in each lane -> 32 bytes per lane,
 * the low lane's to @d, the high lane's to @d + @hi */
AVX2_INLINE void
pack_lanes (guint8 * d, gsize hi, __m256i c, __m256i y, gboolean uyvy)
{
  __m256i a = uyvy ? _mm256_unpacklo_epi8 (c, y) : _mm256_unpacklo_epi8 (y, c);
  __m256i b = uyvy ? _mm256_unpackhi_epi8 (c, y) : _mm256_unpackhi_epi8 (y, c);

  _mm256_storeu_si256 ((__m256i *) d, _mm256_permute2x128_si256 (a, b, 0x20));
  _mm256_storeu_si256 ((__m256i *) (d + hi),
      _mm256_permute2x128_si256 (a, b, 0x31));
}

/* 32 macropixels per iteration; @va and @vb are not used for NV12, where
 * @ua and @ub are the interleaved chroma lines. The in-lane unpacks of the
 * chroma planes give pairs 0-7 and 16-23, 8-15 and 24-31 (I420), or the
 * NV12 lines hold pairs 0-15 and 16-31, so luma is loaded in the same
 * lane order */
AVX2_INLINE void
pack_row (guint8 * d, const guint8 * y, const guint8 * ua, const guint8 * va,
    const guint8 * ub, const guint8 * vb, guint n, gboolean nv12, gboolean uyvy)
{
  guint i;

  for (i = 0; i + 32 <= n; i += 32) {
    const guint8 *yp = y + i * 2;
    guint8 *dp = d + i * 4;

    if (nv12) {
      const __m256i *a = (const __m256i *) (ua + i * 2);
      const __m256i *b = (const __m256i *) (ub + i * 2);
      /* lanes: pairs 0-7 | 8-15, and 16-23 | 24-31 */
      __m256i c0 = interpolate (_mm256_loadu_si256 (a),
          _mm256_loadu_si256 (b));
      __m256i c1 = interpolate (_mm256_loadu_si256 (a + 1),
          _mm256_loadu_si256 (b + 1));

      pack_lanes (dp, 32, c0, load_2x128 (yp, yp + 16), uyvy);
      pack_lanes (dp + 64, 32, c1, load_2x128 (yp + 32, yp + 48), uyvy);
    } else {
      __m256i cu = interpolate (_mm256_loadu_si256 ((const __m256i *) (ua +
                  i)), _mm256_loadu_si256 ((const __m256i *) (ub + i)));
      __m256i cv = interpolate (_mm256_loadu_si256 ((const __m256i *) (va +
                  i)), _mm256_loadu_si256 ((const __m256i *) (vb + i)));

      /* lanes: pairs 0-7 | 16-23, and 8-15 | 24-31 */
      pack_lanes (dp, 64, _mm256_unpacklo_epi8 (cu, cv),
          load_2x128 (yp, yp + 32), uyvy);
      pack_lanes (dp + 32, 64, _mm256_unpackhi_epi8 (cu, cv),
          load_2x128 (yp + 16, yp + 48), uyvy);
    }
  }
}

static AVX2 void
i420_uyvy (guint8 * d, const guint8 * y, const guint8 * ua, const guint8 * va,
    const guint8 * ub, const guint8 * vb, guint n)
{
  pack_row (d, y, ua, va, ub, vb, n, FALSE, TRUE);
}

static AVX2 void
i420_yuy2 (guint8 * d, const guint8 * y, const guint8 * ua, const guint8 * va,
    const guint8 * ub, const guint8 * vb, guint n)
{
  pack_row (d, y, ua, va, ub, vb, n, FALSE, FALSE);
}

static AVX2 void
nv12_uyvy (guint8 * d, const guint8 * y, const guint8 * ua, const guint8 * va,
    const guint8 * ub, const guint8 * vb, guint n)
{
  pack_row (d, y, ua, va, ub, vb, n, TRUE, TRUE);
}

static AVX2 void
nv12_yuy2 (guint8 * d, const guint8 * y, const guint8 * ua, const guint8 * va,
    const guint8 * ub, const guint8 * vb, guint n)
{
  pack_row (d, y, ua, va, ub, vb, n, TRUE, FALSE);
}

/* --- dispatch ------------------------------------------------------------ */

static gboolean
cpu_has_avx2 (void)
{
  __builtin_cpu_init ();
  return __builtin_cpu_supports ("avx2");
}

/* the rows by [uyvy] and the other choices, FALSE before TRUE */
static const TvConvertRgbRow rgb_rows[2][2][2] = {
  {{yuy2_bgra, yuy2_abgr}, {yuy2_rgba, yuy2_argb}},
  {{uyvy_bgra, uyvy_abgr}, {uyvy_rgba, uyvy_argb}},
};
static const TvConvertSwapRow swap_rows[1] = { swap_row };
static const TvConvertSplitRow split_rows[2] = { yuy2_split, uyvy_split };

static const TvConvertMergeRow merge_rows[2][2] = {
  {yuy2_merge_i420, yuy2_merge_nv12}, {uyvy_merge_i420, uyvy_merge_nv12},
};
static const TvConvertY42BRow y42b_rows[2] = { yuy2_y42b, uyvy_y42b };

static const TvConvertPackRow pack_rows[2][2] = {
  {i420_yuy2, nv12_yuy2}, {i420_uyvy, nv12_uyvy},
};

#else /* !TV_CONVERT_HAVE_AVX2: no rows */

static gboolean
cpu_has_avx2 (void)
{
  return FALSE;
}

static const TvConvertRgbRow rgb_rows[2][2][2];
static const TvConvertSwapRow swap_rows[1];
static const TvConvertSplitRow split_rows[2];
static const TvConvertMergeRow merge_rows[2][2];
static const TvConvertY42BRow y42b_rows[2];
static const TvConvertPackRow pack_rows[2][2];

#endif

static gint use_avx2 = -1;

static gboolean
avx2_enabled (void)
{
  if (G_UNLIKELY (g_atomic_int_get (&use_avx2) < 0)) {
    const gchar *env = g_getenv ("GST_TV_CONVERT_AVX2");

    g_atomic_int_set (&use_avx2, cpu_has_avx2 () && g_strcmp0 (env, "0") != 0);
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

/* the getters of tvconvert-avx2.h: the row the table holds for the
 * choices, or NULL while the rows are off */
TvConvertRgbRow
tv_convert_avx2_rgb_row (gboolean uyvy, gboolean r_first, gboolean x_first)
{
  return avx2_enabled ()? rgb_rows[!!uyvy][!!r_first][!!x_first] : NULL;
}

TvConvertSwapRow
tv_convert_avx2_swap_row (void)
{
  return avx2_enabled ()? swap_rows[0] : NULL;
}

TvConvertSplitRow
tv_convert_avx2_split_row (gboolean uyvy)
{
  return avx2_enabled ()? split_rows[!!uyvy] : NULL;
}

TvConvertMergeRow
tv_convert_avx2_merge_row (gboolean uyvy, gboolean nv12)
{
  return avx2_enabled ()? merge_rows[!!uyvy][!!nv12] : NULL;
}

TvConvertY42BRow
tv_convert_avx2_y42b_row (gboolean uyvy)
{
  return avx2_enabled ()? y42b_rows[!!uyvy] : NULL;
}

TvConvertPackRow
tv_convert_avx2_pack_row (gboolean nv12, gboolean uyvy)
{
  return avx2_enabled ()? pack_rows[!!uyvy][!!nv12] : NULL;
}
