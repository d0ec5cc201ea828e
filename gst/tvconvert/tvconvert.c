/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvconvert: colourspace conversion for analog TV capture and output
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

/**
 * SECTION:tvconvert
 * @title: GstTvConvert
 * @short_description: ORC conversion between packed 4:2:2 and what
 *     pipelines want
 *
 * Analog capture cards deliver packed 4:2:2 (UYVY or YUY2); output cards
 * take it back. #GstTvConvert converts frames of the same size between
 * those and I420, YV12, NV12, Y42B and 32-bit RGB, with ORC kernels, one
 * line per kernel call and the loop over lines here.
 *
 * ## Fast paths
 *
 * The const table `transforms[]` lists `{in, out, interlace, function}`.
 * A pair that is not in it (or a size, matrix or range change) is handed
 * to a #GstVideoConverter with one thread, as videoconvert does; no
 * generic code of our own.
 *
 * ## Chroma siting
 *
 * The 4:2:2 input is taken as MPEG-2 / BT.601 sited: chroma co-sited with
 * the even luma sample horizontally. The output keeps that horizontally
 * (no horizontal filter) and, for 4:2:0, puts the chroma sample vertically
 * half-way between the two luma lines it is averaged from:
 *
 * - progressive: chroma line k = (line 2k + line 2k+1 + 1) / 2;
 * - interlaced: every field on its own. Chroma lines 2j and 2j+1 belong to
 *   the top and the bottom field; chroma line 2j+f = (line 4j+f +
 *   line 4j+2+f + 1) / 2, so half-way between two lines of the same field,
 *   never mixing the fields.
 *
 * That is GST_VIDEO_CHROMA_SITE_MPEG2 (gst_tv_convert_get_chroma_site()),
 * read per field for interlaced content, as GStreamer's own chroma
 * resampler reads it. The other direction (4:2:0 -> 4:2:2) interpolates
 * linearly in the same geometry: output line = (3 * nearest chroma line +
 * next nearest + 2) / 4, the two chroma lines from the output line's own
 * field when interlaced.
 *
 * RGB output uses BT.601 limited range (16-235, 16-240), within 1 of a
 * double-precision computation; the x of BGRx, RGBx, xRGB and xBGR is
 * 255, so they are the same bytes as BGRA, RGBA, ARGB and ABGR.
 *
 * ## AVX2
 *
 * On CPUs with AVX2, rows in 256-bit registers (tvconvert-avx2.c) do the
 * kernels' arithmetic on 16 to 64 pixels at a time and the kernels do the
 * rest of each line: ORC 0.4.33 has no AVX backend, and its SSE code ran
 * the RGB conversion at a third of libyuv's speed. The bytes are the same
 * either way; GST_TV_CONVERT_AVX2=0 in the environment turns the rows off.
 *
 * ## Streaming
 *
 * Each kernel reads a single source line from memory: for 4:2:0 output the
 * first line of a pair is split into luma and a line of chroma kept in an
 * L1-resident tmp line, and the second line is merged with it. Reading
 * both lines in the same loop is half as fast on fresh capture buffers;
 * see docs/tvconvert-benchmark.md. Y42B is written in two passes over the
 * line (chroma, then luma from L1). The tmp lines are allocated by
 * gst_tv_convert_new(); gst_tv_convert_frame() allocates nothing (except
 * in the unaligned case it documents).
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvconvert.h"
#include "tvconvert-orc.h"
#include "tvconvert-avx2.h"

GST_DEBUG_CATEGORY_STATIC (tv_convert_debug);
#define GST_CAT_DEFAULT tv_convert_debug

typedef enum
{
  TV_CONVERT_PROGRESSIVE = 1 << 0,
  TV_CONVERT_INTERLACED = 1 << 1,
  TV_CONVERT_ANY = TV_CONVERT_PROGRESSIVE | TV_CONVERT_INTERLACED,
} TvConvertFlags;

typedef void (*TvConvertFunc) (GstTvConvert * convert,
    const GstVideoFrame * src, GstVideoFrame * dest);

typedef struct
{
  GstVideoFormat in_format;
  GstVideoFormat out_format;
  TvConvertFlags flags;
  TvConvertFunc func;
} TvConvertTransform;

struct _GstTvConvert
{
  GstVideoInfo in_info;
  GstVideoInfo out_info;

  /* fast path for progressive and for interlaced frames; both are set
   * for interlace-mode=mixed, where the buffer flag decides */
  const TvConvertTransform *progressive;
  const TvConvertTransform *interlaced;

  /* everything else */
  GstVideoConverter *fallback;

  /* two lines of U V pairs (one per field), for the 4:2:0 outputs; one
   * 16-byte aligned RGB line, for RGB lines that are not 8-byte aligned */
  guint8 *tmp[2];

  /* created on the first frame whose planes don't have the alignment the
   * kernels need (see frame_aligned()) */
  GstVideoConverter *unaligned;

  /* gst_tv_convert_set_flip(): the source lines are read flipped; one
   * mirrored source line, and whether the current frame is flipped
   * within each field */
  gboolean hflip, vflip;

  /* the AVX2 rows of the 4:2:2 -> 4:2:0 passes, picked for each frame
   * (NULL: the kernels alone) */
  TvConvertSplitRow split_avx2;
  TvConvertMergeRow merge_avx2;
  guint8 *flip_line;
  gboolean flip_fields;
};

/* BT.601 limited range in the fixed point of tvconvert-orc.orc */
#define TV_KY 19003             /* 1.164383 * 64 * 65536 / 257 */
#define TV_YOFF (-1160)         /* -16 * 1.164383 * 64 + 32 */
#define TV_KUB 16525            /* 2.017232 * 32 * 256, doubled later */
#define TV_KVR 13075            /* 1.596027 * 32 * 256, doubled later */
#define TV_KGU (-6419)          /* -0.391762 * 64 * 256 */
#define TV_KGV (-13320)         /* -0.812968 * 64 * 256 */

/* line @row of component @comp: for the planar formats, where U and V
 * (NV12: the U V pairs) start; YV12 is I420 with the planes swapped */
#define LINE(frame, comp, row) \
  ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (frame, comp) + \
      (gsize) (row) * GST_VIDEO_FRAME_COMP_STRIDE (frame, comp))
/* line @row of a packed frame, from its first byte */
#define PACKED_LINE(frame, row) \
  ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, 0) + \
      (gsize) (row) * GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0))

static void
tv_convert_init_debug (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (tv_convert_debug, "tvconvert", 0,
        "analog TV colourspace conversion");
    g_once_init_leave (&done, 1);
  }
}

static inline gboolean
is_uyvy (const GstVideoFrame * frame)
{
  return GST_VIDEO_FRAME_FORMAT (frame) == GST_VIDEO_FORMAT_UYVY;
}

/* byte offsets of luma and chroma in a macropixel */
static inline void
packed_offsets (gboolean uyvy, guint * y0, guint * y1, guint * u, guint * v)
{
  *y0 = uyvy ? 1 : 0;
  *y1 = uyvy ? 3 : 2;
  *u = uyvy ? 0 : 1;
  *v = uyvy ? 2 : 3;
}

/* --- flipping ------------------------------------------------------ */

/**
 * gst_tv_convert_mirror_422:
 * @dest: (out caller-allocates): @pairs macropixels
 * @src: @pairs macropixels of packed 4:2:2, not overlapping @dest
 * @pairs: the number of macropixels (pixel pairs)
 * @uyvy: %TRUE for UYVY, %FALSE for YUY2 (YUYV)
 *
 * Mirrors a line of packed 4:2:2: pixel x of @dest is pixel
 * 2 * @pairs - 1 - x of @src, and each pixel pair keeps its chroma
 * (macropixel i of @dest is macropixel @pairs - 1 - i of @src with its two
 * luma samples swapped).
 */
void
gst_tv_convert_mirror_422 (guint8 * dest, const guint8 * src, guint pairs,
    gboolean uyvy)
{
  const guint8 *s = src + (gsize) pairs * 4;
  guint i;

  for (i = 0; i < pairs; i++, dest += 4) {
    s -= 4;
    if (uyvy) {
      dest[0] = s[0];
      dest[1] = s[3];
      dest[2] = s[2];
      dest[3] = s[1];
    } else {
      dest[0] = s[2];
      dest[1] = s[1];
      dest[2] = s[0];
      dest[3] = s[3];
    }
  }
}

/* the source line shown on line @row of a frame of @height lines flipped
 * vertically: a progressive frame is mirrored as a whole, an interlaced
 * one within each field (line 2j+f shows line 2(n_f-1-j)+f, n_f the
 * number of lines of field f), so that each field keeps its lines and the
 * field order stays right */
static inline gint
flip_row (gint row, gint height, gboolean fields)
{
  gint f, n;

  if (!fields)
    return height - 1 - row;
  f = row & 1;
  n = (height - f + 1) / 2;
  return 2 * (n - 1 - (row >> 1)) + f;
}

static const guint8 *
flipped_line (GstTvConvert * convert, const GstVideoFrame * src, gint row)
{
  const guint8 *s;

  if (convert->vflip)
    row = flip_row (row, GST_VIDEO_FRAME_HEIGHT (src), convert->flip_fields);
  s = PACKED_LINE (src, row);
  if (!convert->hflip)
    return s;
  gst_tv_convert_mirror_422 (convert->flip_line, s,
      GST_VIDEO_FRAME_WIDTH (src) / 2, is_uyvy (src));
  return convert->flip_line;
}

/* source line @row of a packed frame as the conversion reads it */
static inline const guint8 *
src_line (GstTvConvert * convert, const GstVideoFrame * src, gint row)
{
  if (G_LIKELY (!convert->hflip && !convert->vflip))
    return PACKED_LINE (src, row);
  return flipped_line (convert, src, row);
}

/* --- packed 4:2:2 -> 4:2:0 ------------------------------------------ */

/* first line of a pair: luma and the tmp chroma line */
static void
split_line (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest, guint row, guint8 * tmp)
{
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  const guint8 *s = src_line (convert, src, row);
  guint8 *y = LINE (dest, 0, row);
  guint n = width / 2, done = convert->split_avx2 ? n & ~15u : 0;
  guint y0, y1, u, v;

  /* where the CPU has AVX2, a row does all but the last (n % 16) */
  if (done > 0)
    convert->split_avx2 (y, tmp, s, n);
  if (n > done) {
    if (is_uyvy (src))
      tv_convert_orc_split_UYVY (y + done * 2, tmp + done * 2, s + done * 4,
          n - done);
    else
      tv_convert_orc_split_YUY2 (y + done * 2, tmp + done * 2, s + done * 4,
          n - done);
  }
  if (width & 1) {
    s += (width / 2) * 4;
    packed_offsets (is_uyvy (src), &y0, &y1, &u, &v);
    y[width - 1] = s[y0];
    tmp[(width / 2) * 2] = s[u];
    tmp[(width / 2) * 2 + 1] = s[v];
  }
}

/* second line of a pair: luma, and chroma line @crow from the average of
 * this line and the tmp line */
static void
merge_line (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest, guint row, const guint8 * tmp, guint crow)
{
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  gboolean nv12 = GST_VIDEO_FRAME_FORMAT (dest) == GST_VIDEO_FORMAT_NV12;
  const guint8 *s = src_line (convert, src, row);
  guint8 *y = LINE (dest, 0, row);
  guint8 *du = LINE (dest, 1, crow);
  guint8 *dv = LINE (dest, 2, crow);
  guint n = width / 2, done = convert->merge_avx2 ? n & ~15u : 0;
  guint m = n - done, c = nv12 ? done * 2 : done;
  guint y0, y1, u, v;

  /* where the CPU has AVX2, a row does all but the last (n % 16) */
  if (done > 0)
    convert->merge_avx2 (y, du, dv, s, tmp, n);
  if (m > 0) {
    guint8 *ry = y + done * 2;
    const guint8 *rs = s + done * 4, *rt = tmp + done * 2;

    if (nv12) {
      if (is_uyvy (src))
        tv_convert_orc_merge_UYVY_NV12 (ry, du + c, rs, rt, m);
      else
        tv_convert_orc_merge_YUY2_NV12 (ry, du + c, rs, rt, m);
    } else {
      if (is_uyvy (src))
        tv_convert_orc_merge_UYVY_I420 (ry, du + c, dv + c, rs, rt, m);
      else
        tv_convert_orc_merge_YUY2_I420 (ry, du + c, dv + c, rs, rt, m);
    }
  }
  if (width & 1) {
    s += n * 4;
    packed_offsets (is_uyvy (src), &y0, &y1, &u, &v);
    y[width - 1] = s[y0];
    /* COMP_DATA of NV12's V is one byte after U; the pixel stride is 2 */
    du[n * (nv12 ? 2 : 1)] = (s[u] + tmp[n * 2] + 1) >> 1;
    dv[n * (nv12 ? 2 : 1)] = (s[v] + tmp[n * 2 + 1] + 1) >> 1;
  }
}

/* the rows split_line() and merge_line() use for this frame */
static void
pick_420_rows (GstTvConvert * convert, const GstVideoFrame * src,
    const GstVideoFrame * dest)
{
  gboolean uyvy = is_uyvy (src);

  convert->split_avx2 = tv_convert_avx2_split_row (uyvy);
  convert->merge_avx2 = tv_convert_avx2_merge_row (uyvy,
      GST_VIDEO_FRAME_FORMAT (dest) == GST_VIDEO_FORMAT_NV12);
}

static void
convert_422_420_progressive (GstTvConvert * convert,
    const GstVideoFrame * src, GstVideoFrame * dest)
{
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  gint row;

  pick_420_rows (convert, src, dest);

  for (row = 0; row < height; row += 2) {
    split_line (convert, src, dest, row, convert->tmp[0]);
    /* a last lone line pairs with itself */
    merge_line (convert, src, dest, MIN (row + 1, height - 1),
        convert->tmp[0], row / 2);
  }
}

/* Lines 4j+f and 4j+2+f of field f make chroma line 2j+f. The source is
 * still read in order: 4j, 4j+1 (split), 4j+2, 4j+3 (merge). */
static void
convert_422_420_interlaced (GstTvConvert * convert,
    const GstVideoFrame * src, GstVideoFrame * dest)
{
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  gint cheight = GST_VIDEO_FRAME_COMP_HEIGHT (dest, 1);
  gint j, f;

  pick_420_rows (convert, src, dest);

  for (j = 0; 4 * j < height; j++) {
    for (f = 0; f < 2; f++) {
      if (4 * j + f < height)
        split_line (convert, src, dest, 4 * j + f, convert->tmp[f]);
    }
    for (f = 0; f < 2; f++) {
      gint a = 4 * j + f, b = 4 * j + 2 + f, c = 2 * j + f;

      if (a >= height)
        continue;
      if (b >= height)
        b = a;
      if (c < cheight)
        merge_line (convert, src, dest, b, convert->tmp[f], c);
      else if (b != a)
        /* a field line with no chroma line left (height % 4 == 2):
         * luma only */
        split_line (convert, src, dest, b, convert->tmp[f]);
    }
  }
}

/* --- packed 4:2:2 -> Y42B, and UYVY <-> YUY2 ---------------------------- */

static void
convert_422_Y42B (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest)
{
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  gboolean uyvy = is_uyvy (src);
  TvConvertY42BRow row_avx2 = tv_convert_avx2_y42b_row (uyvy);
  guint n = width / 2, done = row_avx2 ? n & ~31u : 0;
  guint y0, y1, u, v;
  gint row;

  packed_offsets (uyvy, &y0, &y1, &u, &v);
  for (row = 0; row < height; row++) {
    const guint8 *s = src_line (convert, src, row);
    guint8 *dy = LINE (dest, 0, row);
    guint8 *du = LINE (dest, 1, row);
    guint8 *dv = LINE (dest, 2, row);

    /* where the CPU has AVX2, a row does all but the last (n % 32) */
    if (done > 0)
      row_avx2 (dy, du, dv, s, n);
    if (n > done) {
      const guint8 *rest = s + done * 4;

      if (uyvy) {
        tv_convert_orc_split_UV_UYVY (du + done, dv + done, rest, n - done);
        tv_convert_orc_split_Y_UYVY (dy + done * 2, rest, n - done);
      } else {
        tv_convert_orc_split_UV_YUY2 (du + done, dv + done, rest, n - done);
        tv_convert_orc_split_Y_YUY2 (dy + done * 2, rest, n - done);
      }
    }
    if (width & 1) {
      dy[width - 1] = s[n * 4 + y0];
      du[n] = s[n * 4 + u];
      dv[n] = s[n * 4 + v];
    }
  }
}

static void
convert_swap_422 (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest)
{
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  TvConvertSwapRow row_avx2 = tv_convert_avx2_swap_row ();
  /* an odd width has a whole last macropixel in both formats */
  guint n = (width + 1) / 2, done = row_avx2 ? n & ~7u : 0;
  gint row;

  for (row = 0; row < height; row++) {
    const guint8 *s = src_line (convert, src, row);
    guint8 *d = PACKED_LINE (dest, row);

    /* where the CPU has AVX2, a row does all but the last (n % 8) */
    if (done > 0)
      row_avx2 (d, s, n);
    if (n > done)
      tv_convert_orc_convert_UYVY_YUY2 (d + done * 4, s + done * 4, n - done);
  }
}

/* --- packed 4:2:2 -> RGB -------------------------------------------------- */

typedef void (*TvRgbKernel) (guint8 * d, const guint8 * s, int k0, int k1,
    int kg0, int kg1, int ky, int yoff, int n);

/* the kernels' arithmetic, for the last pixel of an odd width */
static inline gint
rgb_clamp (gint v)
{
  v = CLAMP (v, G_MININT16, G_MAXINT16) >> 6;
  return CLAMP (v, 0, 255);
}

static void
rgb_pixel (guint8 * d, guint8 y, guint8 u, guint8 v, gboolean r_first,
    gboolean x_first)
{
  gint l = (((y * 257) * TV_KY) >> 16) + TV_YOFF;
  gint cu = (u - 128) * 256;
  gint cv = (v - 128) * 256;
  gint b = ((cu * TV_KUB) >> 16) * 2;
  gint r = ((cv * TV_KVR) >> 16) * 2;
  gint g = ((cu * TV_KGU) >> 16) + ((cv * TV_KGV) >> 16);
  guint8 c0, c2, c1 = rgb_clamp (l + g);

  c0 = rgb_clamp (l + (r_first ? r : b));
  c2 = rgb_clamp (l + (r_first ? b : r));
  if (x_first) {
    d[0] = 255;
    d[1] = c0;
    d[2] = c1;
    d[3] = c2;
  } else {
    d[0] = c0;
    d[1] = c1;
    d[2] = c2;
    d[3] = 255;
  }
}

static void
convert_422_rgb (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest)
{
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  gboolean uyvy = is_uyvy (src);
  gboolean r_first = FALSE, x_first = FALSE;
  static const gint k[6] = { TV_KY, TV_YOFF, TV_KUB, TV_KVR, TV_KGU, TV_KGV };
  TvConvertRgbRow row_avx2;
  TvRgbKernel kernel;
  guint n = width / 2, done = 0;
  guint y0, y1, u, v;
  gint row;

  switch (GST_VIDEO_FRAME_FORMAT (dest)) {
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_BGRA:
      kernel = uyvy ? tv_convert_orc_convert_UYVY_BGRA :
          tv_convert_orc_convert_YUY2_BGRA;
      break;
    case GST_VIDEO_FORMAT_RGBx:
    case GST_VIDEO_FORMAT_RGBA:
      r_first = TRUE;
      kernel = uyvy ? tv_convert_orc_convert_UYVY_RGBA :
          tv_convert_orc_convert_YUY2_RGBA;
      break;
    case GST_VIDEO_FORMAT_xRGB:
    case GST_VIDEO_FORMAT_ARGB:
      r_first = x_first = TRUE;
      kernel = uyvy ? tv_convert_orc_convert_UYVY_ARGB :
          tv_convert_orc_convert_YUY2_ARGB;
      break;
    case GST_VIDEO_FORMAT_xBGR:
    case GST_VIDEO_FORMAT_ABGR:
      x_first = TRUE;
      kernel = uyvy ? tv_convert_orc_convert_UYVY_ABGR :
          tv_convert_orc_convert_YUY2_ABGR;
      break;
    default:
      g_assert_not_reached ();
      return;
  }

  /* where the CPU has AVX2, a row with the kernels' arithmetic in 256-bit
   * registers (tvconvert-avx2.c says why) does all but the last (n % 8)
   * macropixels, which the kernel does */
  row_avx2 = tv_convert_avx2_rgb_row (uyvy, r_first, x_first);
  if (row_avx2)
    done = n & ~7u;

  packed_offsets (uyvy, &y0, &y1, &u, &v);
  for (row = 0; row < height; row++) {
    const guint8 *s = src_line (convert, src, row);
    guint8 *d = PACKED_LINE (dest, row);

    /* the kernels store 8-byte pixel pairs: a line that starts 4 bytes off
     * (odd width and stride) is converted in tmp and copied */
    guint8 *out = ((guintptr) d & 7) ? convert->tmp[0] : d;

    if (done > 0)
      row_avx2 (out, s, n, k);
    /* lane 0 holds V in the R-first kernels */
    if (n > done) {
      if (r_first)
        kernel (out + done * 8, s + done * 4, TV_KVR, TV_KUB, TV_KGV, TV_KGU,
            TV_KY, TV_YOFF, n - done);
      else
        kernel (out + done * 8, s + done * 4, TV_KUB, TV_KVR, TV_KGU, TV_KGV,
            TV_KY, TV_YOFF, n - done);
    }
    if (width & 1)
      rgb_pixel (out + n * 8, s[n * 4 + y0], s[n * 4 + u], s[n * 4 + v],
          r_first, x_first);
    if (out != d)
      memcpy (d, out, (gsize) width * 4);
  }
}

/* --- 4:2:0 -> packed 4:2:2 ------------------------------------------------ */

/* the two chroma lines for output line @row: @a nearest, @b next nearest */
static void
chroma_lines_420 (gint row, gint cheight, gboolean interlaced, gint * a,
    gint * b)
{
  if (!interlaced) {
    gint c = row / 2, n = (row & 1) ? c + 1 : c - 1;

    *a = MIN (c, cheight - 1);
    *b = CLAMP (n, 0, cheight - 1);
  } else {
    gint f = row & 1, frow = row / 2;
    /* chroma lines of field f: f, f + 2, ... */
    gint nfield = (cheight - f + 1) / 2;
    gint c = frow / 2, n = (frow & 1) ? c + 1 : c - 1;

    if (nfield == 0) {
      /* a field with no chroma line at all (height 2): use the other's */
      *a = *b = 0;
      return;
    }
    c = MIN (c, nfield - 1);
    n = CLAMP (n, 0, nfield - 1);
    *a = 2 * c + f;
    *b = 2 * n + f;
  }
}

static void
convert_420_422 (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest, gboolean interlaced)
{
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  gint cheight = GST_VIDEO_FRAME_COMP_HEIGHT (src, 1);
  gboolean nv12 = GST_VIDEO_FRAME_FORMAT (src) == GST_VIDEO_FORMAT_NV12;
  gboolean uyvy = is_uyvy (dest);
  TvConvertPackRow row_avx2 = tv_convert_avx2_pack_row (nv12, uyvy);
  guint n = width / 2, done = row_avx2 ? n & ~31u : 0;
  guint y0, y1, u, v;
  gint row;

  packed_offsets (uyvy, &y0, &y1, &u, &v);
  for (row = 0; row < height; row++) {
    const guint8 *sy = LINE (src, 0, row);
    guint8 *d = PACKED_LINE (dest, row);
    const guint8 *ua, *ub, *va, *vb;
    guint m = n - done, c = nv12 ? done * 2 : done;
    gint a, b;

    chroma_lines_420 (row, cheight, interlaced, &a, &b);
    ua = LINE (src, 1, a);
    ub = LINE (src, 1, b);
    va = LINE (src, 2, a);
    vb = LINE (src, 2, b);

    /* where the CPU has AVX2, a row does all but the last (n % 32) */
    if (done > 0)
      row_avx2 (d, sy, ua, va, ub, vb, n);
    if (m > 0) {
      if (nv12) {
        if (uyvy)
          tv_convert_orc_convert_NV12_UYVY (d + done * 4, sy + done * 2,
              ua + c, ub + c, m);
        else
          tv_convert_orc_convert_NV12_YUY2 (d + done * 4, sy + done * 2,
              ua + c, ub + c, m);
      } else {
        if (uyvy)
          tv_convert_orc_convert_I420_UYVY (d + done * 4, sy + done * 2,
              ua + c, va + c, ub + c, vb + c, m);
        else
          tv_convert_orc_convert_I420_YUY2 (d + done * 4, sy + done * 2,
              ua + c, va + c, ub + c, vb + c, m);
      }
    }
    if (width & 1) {
      guint i = nv12 ? n * 2 : n;

      d += n * 4;
      d[y0] = d[y1] = sy[width - 1];
      d[u] = (3 * ua[i] + ub[i] + 2) >> 2;
      d[v] = (3 * va[i] + vb[i] + 2) >> 2;
    }
  }
}

static void
convert_420_422_progressive (GstTvConvert * convert,
    const GstVideoFrame * src, GstVideoFrame * dest)
{
  convert_420_422 (convert, src, dest, FALSE);
}

static void
convert_420_422_interlaced (GstTvConvert * convert,
    const GstVideoFrame * src, GstVideoFrame * dest)
{
  convert_420_422 (convert, src, dest, TRUE);
}

/* --- the fast-path table ---------------------------------------------- */

#define P TV_CONVERT_PROGRESSIVE
#define I TV_CONVERT_INTERLACED
#define A TV_CONVERT_ANY
static const TvConvertTransform transforms[] = {
  /* capture: 4:2:2 -> 4:2:0, per field when interlaced */
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_I420, P,
      convert_422_420_progressive},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_I420, I, convert_422_420_interlaced},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_YV12, P,
      convert_422_420_progressive},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_YV12, I, convert_422_420_interlaced},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_NV12, P,
      convert_422_420_progressive},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_NV12, I, convert_422_420_interlaced},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_I420, P,
      convert_422_420_progressive},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_I420, I, convert_422_420_interlaced},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_YV12, P,
      convert_422_420_progressive},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_YV12, I, convert_422_420_interlaced},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_NV12, P,
      convert_422_420_progressive},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_NV12, I, convert_422_420_interlaced},
  /* capture: 4:2:2 -> planar 4:2:2 and RGB, line by line */
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_Y42B, A, convert_422_Y42B},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_Y42B, A, convert_422_Y42B},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_BGRx, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_BGRA, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_RGBx, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_RGBA, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_xRGB, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_ARGB, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_xBGR, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_ABGR, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_BGRx, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_BGRA, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_RGBx, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_RGBA, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_xRGB, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_ARGB, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_xBGR, A, convert_422_rgb},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_ABGR, A, convert_422_rgb},
  /* both ways between the two packed orders */
  {GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_YUY2, A, convert_swap_422},
  {GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY, A, convert_swap_422},
  /* output: 4:2:0 -> 4:2:2, per field when interlaced */
  {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_UYVY, P,
      convert_420_422_progressive},
  {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_UYVY, I, convert_420_422_interlaced},
  {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YUY2, P,
      convert_420_422_progressive},
  {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YUY2, I, convert_420_422_interlaced},
  {GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_UYVY, P,
      convert_420_422_progressive},
  {GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_UYVY, I, convert_420_422_interlaced},
  {GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_YUY2, P,
      convert_420_422_progressive},
  {GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_YUY2, I, convert_420_422_interlaced},
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_UYVY, P,
      convert_420_422_progressive},
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_UYVY, I, convert_420_422_interlaced},
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_YUY2, P,
      convert_420_422_progressive},
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_YUY2, I, convert_420_422_interlaced},
};

#undef P
#undef I
#undef A

static const TvConvertTransform *
find_transform (GstVideoFormat in_format, GstVideoFormat out_format,
    TvConvertFlags flags)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (transforms); i++) {
    if (transforms[i].in_format == in_format &&
        transforms[i].out_format == out_format &&
        (transforms[i].flags & flags) == flags)
      return &transforms[i];
  }
  return NULL;
}

static gboolean
is_rgb (GstVideoFormat format)
{
  return GST_VIDEO_FORMAT_INFO_IS_RGB (gst_video_format_get_info (format));
}

/* the fast paths convert formats, nothing else */
static gboolean
infos_allow_fast_path (const GstVideoInfo * in, const GstVideoInfo * out)
{
  const GstVideoColorimetry *cin = &in->colorimetry;
  const GstVideoColorimetry *cout = &out->colorimetry;

  if (GST_VIDEO_INFO_WIDTH (in) != GST_VIDEO_INFO_WIDTH (out) ||
      GST_VIDEO_INFO_HEIGHT (in) != GST_VIDEO_INFO_HEIGHT (out) ||
      GST_VIDEO_INFO_WIDTH (in) < 1 || GST_VIDEO_INFO_HEIGHT (in) < 1)
    return FALSE;
  if (GST_VIDEO_INFO_INTERLACE_MODE (in) != GST_VIDEO_INFO_INTERLACE_MODE (out))
    return FALSE;

  if (is_rgb (GST_VIDEO_INFO_FORMAT (out))) {
    /* the kernels' params are BT.601, limited range */
    if (cin->matrix != GST_VIDEO_COLOR_MATRIX_BT601 &&
        cin->matrix != GST_VIDEO_COLOR_MATRIX_UNKNOWN)
      return FALSE;
    if (cin->range == GST_VIDEO_COLOR_RANGE_0_255)
      return FALSE;
  } else {
    /* YUV to YUV: the same matrix and range on both sides */
    if (cin->matrix != cout->matrix && cin->matrix !=
        GST_VIDEO_COLOR_MATRIX_UNKNOWN
        && cout->matrix != GST_VIDEO_COLOR_MATRIX_UNKNOWN)
      return FALSE;
    if (cin->range != cout->range && cin->range !=
        GST_VIDEO_COLOR_RANGE_UNKNOWN
        && cout->range != GST_VIDEO_COLOR_RANGE_UNKNOWN)
      return FALSE;
  }
  return TRUE;
}

/**
 * gst_tv_convert_new:
 * @in_info: the frames that will be passed as source
 * @out_info: the frames that will be passed as destination
 *
 * Creates a converter. The fast path is chosen here from the formats and
 * GST_VIDEO_INFO_INTERLACE_MODE(): progressive, interleaved (every frame
 * interlaced), mixed (the buffer's GST_VIDEO_BUFFER_FLAG_INTERLACED decides
 * per frame) or alternate (one field per buffer, converted as a
 * progressive picture). Without a fast path, or when the sizes, the
 * interlace modes or (YUV to YUV) the matrices differ, or RGB is asked from
 * anything but BT.601 limited range, a #GstVideoConverter with one thread
 * does the work. This is the only function that allocates.
 *
 * Returns: (transfer full) (nullable): a new #GstTvConvert, or %NULL when
 *     not even #GstVideoConverter can convert between the two.
 */
GstTvConvert *
gst_tv_convert_new (const GstVideoInfo * in_info, const GstVideoInfo * out_info)
{
  GstTvConvert *convert;
  GstVideoFormat in_format, out_format;
  GstVideoInterlaceMode mode;
  gboolean need_p, need_i;

  g_return_val_if_fail (in_info != NULL, NULL);
  g_return_val_if_fail (out_info != NULL, NULL);

  tv_convert_init_debug ();

  convert = g_new0 (GstTvConvert, 1);
  convert->in_info = *in_info;
  convert->out_info = *out_info;
  in_format = GST_VIDEO_INFO_FORMAT (in_info);
  out_format = GST_VIDEO_INFO_FORMAT (out_info);
  mode = GST_VIDEO_INFO_INTERLACE_MODE (in_info);

  need_i = mode == GST_VIDEO_INTERLACE_MODE_INTERLEAVED ||
      mode == GST_VIDEO_INTERLACE_MODE_MIXED;
  need_p = !need_i || mode == GST_VIDEO_INTERLACE_MODE_MIXED;

  if (infos_allow_fast_path (in_info, out_info)) {
    if (need_p)
      convert->progressive = find_transform (in_format, out_format,
          TV_CONVERT_PROGRESSIVE);
    if (need_i)
      convert->interlaced = find_transform (in_format, out_format,
          TV_CONVERT_INTERLACED);
  }

  if ((need_p && !convert->progressive) || (need_i && !convert->interlaced)) {
    GstStructure *config;

    convert->progressive = convert->interlaced = NULL;
    config = gst_structure_new ("GstVideoConverter",
        GST_VIDEO_CONVERTER_OPT_THREADS, G_TYPE_UINT, 1, NULL);
    convert->fallback = gst_video_converter_new ((GstVideoInfo *) in_info,
        (GstVideoInfo *) out_info, config);
    if (convert->fallback == NULL) {
      GST_WARNING ("no conversion from %s to %s",
          gst_video_format_to_string (in_format),
          gst_video_format_to_string (out_format));
      g_free (convert);
      return NULL;
    }
    GST_INFO ("%s -> %s %dx%d: GstVideoConverter",
        gst_video_format_to_string (in_format),
        gst_video_format_to_string (out_format),
        GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info));
    return convert;
  }

  if (is_rgb (out_format)) {
    convert->tmp[0] = g_malloc0 ((GST_VIDEO_INFO_WIDTH (in_info) + 1) * 4);
  } else if (GST_VIDEO_FORMAT_INFO_H_SUB (out_info->finfo, 1) > 0) {
    /* 4:2:0 output: a line of U V pairs per field, plus the odd column */
    gsize size = GST_ROUND_UP_64 (GST_VIDEO_INFO_WIDTH (in_info) + 2);

    convert->tmp[0] = g_malloc0 (2 * size);
    convert->tmp[1] = convert->tmp[0] + size;
  }

  GST_INFO ("%s -> %s %dx%d %s: fast path",
      gst_video_format_to_string (in_format),
      gst_video_format_to_string (out_format),
      GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info),
      gst_video_interlace_mode_to_string (mode));
  return convert;
}

/**
 * gst_tv_convert_free:
 * @convert: (transfer full): a #GstTvConvert
 *
 * Frees @convert and its #GstVideoConverter, if it has one.
 */
void
gst_tv_convert_free (GstTvConvert * convert)
{
  g_return_if_fail (convert != NULL);

  if (convert->fallback)
    gst_video_converter_free (convert->fallback);
  if (convert->unaligned)
    gst_video_converter_free (convert->unaligned);
  g_free (convert->tmp[0]);
  g_free (convert->flip_line);
  g_free (convert);
}

/* ORC wants every array aligned to its element size: 4 bytes for packed
 * 4:2:2 (macropixels), 2 for luma (pairs) and NV12's U V pairs. GStreamer's
 * and V4L2's strides always are; RGB lines have their own way out. */
static gboolean
frame_aligned (const GstVideoFrame * frame)
{
  GstVideoFormat format = GST_VIDEO_FRAME_FORMAT (frame);
  guint p;

  if (is_rgb (format))
    return TRUE;
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    guintptr bits = (guintptr) GST_VIDEO_FRAME_PLANE_DATA (frame, p) |
        (guintptr) GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
    guintptr mask = 0;

    if (format == GST_VIDEO_FORMAT_UYVY || format == GST_VIDEO_FORMAT_YUY2)
      mask = 3;
    else if (p == 0 || format == GST_VIDEO_FORMAT_NV12)
      mask = 1;
    if (bits & mask)
      return FALSE;
  }
  return TRUE;
}

/* in interlace-mode=alternate a mapped buffer holds one field */
static gboolean
frame_matches (const GstVideoFrame * frame, const GstVideoInfo * info)
{
  gint height = GST_VIDEO_FRAME_HEIGHT (frame);

  return GST_VIDEO_FRAME_FORMAT (frame) == GST_VIDEO_INFO_FORMAT (info) &&
      GST_VIDEO_FRAME_WIDTH (frame) == GST_VIDEO_INFO_WIDTH (info) &&
      (height == GST_VIDEO_INFO_HEIGHT (info) ||
      (GST_VIDEO_INFO_INTERLACE_MODE (info) ==
          GST_VIDEO_INTERLACE_MODE_ALTERNATE &&
          height == GST_VIDEO_INFO_FIELD_HEIGHT (info)));
}

/**
 * gst_tv_convert_frame:
 * @convert: a #GstTvConvert
 * @src: a frame mapped for reading, with the format and size of @in_info
 * @dest: a frame mapped for writing, with the format and size of @out_info
 *
 * Converts @src into @dest. Any stride and plane offset the frames carry
 * is honoured. Plane starts and strides have to be multiples of 4 for
 * packed 4:2:2 and of 2 for luma and NV12 chroma (as GStreamer's and
 * V4L2's are); a frame that breaks this is converted by a
 * #GstVideoConverter created the first time, the only allocation outside
 * gst_tv_convert_new(). Call it from one thread at a time for a given
 * @convert (it has tmp lines).
 *
 * Returns: %TRUE, or %FALSE when the frames don't match the infos given to
 *     gst_tv_convert_new().
 */
gboolean
gst_tv_convert_frame (GstTvConvert * convert, const GstVideoFrame * src,
    GstVideoFrame * dest)
{
  const TvConvertTransform *t;
  gboolean interlaced;

  g_return_val_if_fail (convert != NULL, FALSE);
  g_return_val_if_fail (src != NULL && dest != NULL, FALSE);

  if (!frame_matches (src, &convert->in_info) ||
      !frame_matches (dest, &convert->out_info)) {
    GST_WARNING ("frames don't match the converter's video infos");
    return FALSE;
  }

  if (convert->fallback) {
    gst_video_converter_frame (convert->fallback, src, dest);
    return TRUE;
  }

  if (G_UNLIKELY ((convert->hflip || convert->vflip) &&
          (!frame_aligned (src) || !frame_aligned (dest)))) {
    GST_WARNING ("cannot flip unaligned frames");
    return FALSE;
  }

  if (G_UNLIKELY (!frame_aligned (src) || !frame_aligned (dest))) {
    /* never on the elements' hot path; allocates once */
    if (convert->unaligned == NULL) {
      GST_INFO ("unaligned planes or strides: GstVideoConverter");
      convert->unaligned = gst_video_converter_new (&convert->in_info,
          &convert->out_info, gst_structure_new ("GstVideoConverter",
              GST_VIDEO_CONVERTER_OPT_THREADS, G_TYPE_UINT, 1, NULL));
      if (convert->unaligned == NULL)
        return FALSE;
    }
    gst_video_converter_frame (convert->unaligned, src, dest);
    return TRUE;
  }

  switch (GST_VIDEO_INFO_INTERLACE_MODE (&convert->in_info)) {
    case GST_VIDEO_INTERLACE_MODE_INTERLEAVED:
      interlaced = TRUE;
      break;
    case GST_VIDEO_INTERLACE_MODE_MIXED:
      interlaced = GST_VIDEO_FRAME_IS_INTERLACED (src);
      break;
    default:
      interlaced = FALSE;
      break;
  }
  t = interlaced ? convert->interlaced : convert->progressive;
  convert->flip_fields = interlaced;
  GST_LOG ("%s frame", interlaced ? "interlaced" : "progressive");
  t->func (convert, src, dest);
  return TRUE;
}

/**
 * gst_tv_convert_is_fast_path:
 * @convert: a #GstTvConvert
 *
 * Returns: %TRUE when @convert uses its own kernels, %FALSE when it hands
 *     the frames to #GstVideoConverter.
 */
gboolean
gst_tv_convert_is_fast_path (const GstTvConvert * convert)
{
  g_return_val_if_fail (convert != NULL, FALSE);

  return convert->fallback == NULL;
}

/**
 * gst_tv_convert_has_fast_path:
 * @in_format: the source format
 * @out_format: the destination format
 * @interlaced: whether the frames are interlaced
 *
 * Returns: %TRUE when the fast-path table has an entry for the pair (for
 *     frames of the same size and matrix).
 */
gboolean
gst_tv_convert_has_fast_path (GstVideoFormat in_format,
    GstVideoFormat out_format, gboolean interlaced)
{
  return find_transform (in_format, out_format, interlaced ?
      TV_CONVERT_INTERLACED : TV_CONVERT_PROGRESSIVE) != NULL;
}

/**
 * gst_tv_convert_get_formats:
 * @native: the format the hardware uses
 * @direction: %GST_PAD_SRC for a capture card (formats the fast paths make
 *     from @native), %GST_PAD_SINK for an output card (formats the fast
 *     paths turn into @native)
 * @n_formats: (out): the number of formats returned
 *
 * Lists the formats to advertise in caps: @native first, then the others
 * in the order of the fast-path table, each once.
 *
 * Returns: (transfer full) (array length=n_formats): the formats, to be
 *     freed with g_free()
 */
GstVideoFormat *
gst_tv_convert_get_formats (GstVideoFormat native, GstPadDirection direction,
    guint * n_formats)
{
  GstVideoFormat *formats;
  guint i, j, n = 0;

  g_return_val_if_fail (n_formats != NULL, NULL);
  g_return_val_if_fail (direction == GST_PAD_SRC || direction == GST_PAD_SINK,
      NULL);

  formats = g_new (GstVideoFormat, G_N_ELEMENTS (transforms) + 1);
  formats[n++] = native;
  for (i = 0; i < G_N_ELEMENTS (transforms); i++) {
    GstVideoFormat other;

    if (direction == GST_PAD_SRC && transforms[i].in_format == native)
      other = transforms[i].out_format;
    else if (direction == GST_PAD_SINK && transforms[i].out_format == native)
      other = transforms[i].in_format;
    else
      continue;
    for (j = 0; j < n && formats[j] != other; j++);
    if (j == n)
      formats[n++] = other;
  }
  *n_formats = n;
  return formats;
}

/**
 * gst_tv_convert_get_chroma_site:
 * @format: a format produced by the fast paths
 *
 * The siting of the chroma that the fast paths produce, for the caps
 * (`chroma-site`): %GST_VIDEO_CHROMA_SITE_MPEG2 (horizontally co-sited
 * with the even luma sample, vertically half-way between the two luma
 * lines of the same field for 4:2:0) for YUV formats and
 * %GST_VIDEO_CHROMA_SITE_UNKNOWN for RGB.
 *
 * Returns: the #GstVideoChromaSite of @format's chroma
 */
GstVideoChromaSite
gst_tv_convert_get_chroma_site (GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);

  if (finfo == NULL || !GST_VIDEO_FORMAT_INFO_IS_YUV (finfo))
    return GST_VIDEO_CHROMA_SITE_UNKNOWN;
  return GST_VIDEO_CHROMA_SITE_MPEG2;
}

/**
 * gst_tv_convert_set_flip:
 * @convert: a #GstTvConvert
 * @hflip: mirror the picture horizontally
 * @vflip: mirror the picture vertically
 *
 * Makes gst_tv_convert_frame() flip the picture while converting, in the
 * same pass: the source lines are read in flipped order (an interlaced
 * frame is flipped within each field, so the field order stays right),
 * and each one is mirrored with gst_tv_convert_mirror_422() into a line
 * kept by @convert before its conversion. Only the fast paths from packed
 * 4:2:2 of an even width can flip; frames whose planes are not aligned
 * (see gst_tv_convert_frame()) then fail to convert.
 *
 * Returns: %TRUE, or %FALSE (nothing changed) when @convert cannot flip.
 */
gboolean
gst_tv_convert_set_flip (GstTvConvert * convert, gboolean hflip, gboolean vflip)
{
  GstVideoFormat in_format;

  g_return_val_if_fail (convert != NULL, FALSE);

  if (!hflip && !vflip) {
    convert->hflip = convert->vflip = FALSE;
    return TRUE;
  }
  in_format = GST_VIDEO_INFO_FORMAT (&convert->in_info);
  if (convert->fallback || (in_format != GST_VIDEO_FORMAT_UYVY &&
          in_format != GST_VIDEO_FORMAT_YUY2) ||
      (GST_VIDEO_INFO_WIDTH (&convert->in_info) & 1))
    return FALSE;
  if (convert->flip_line == NULL)
    convert->flip_line = g_malloc0 (GST_ROUND_UP_64
        (GST_VIDEO_INFO_WIDTH (&convert->in_info) * 2));
  convert->hflip = hflip != FALSE;
  convert->vflip = vflip != FALSE;
  return TRUE;
}

/**
 * gst_tv_convert_flip_packed:
 * @src: a packed 4:2:2 frame (UYVY or YUY2) mapped for reading
 * @dest: a frame of the same format and size mapped for writing
 * @hflip: mirror horizontally (the width has to be even)
 * @vflip: mirror vertically; an interlaced @src is flipped within each
 *   field, as in gst_tv_convert_set_flip()
 *
 * Copies @src into @dest flipped, for the frames that need no conversion.
 *
 * Returns: %FALSE when the frames are not packed 4:2:2 of the same format
 *     and size, or the width is odd with @hflip.
 */
gboolean
gst_tv_convert_flip_packed (const GstVideoFrame * src, GstVideoFrame * dest,
    gboolean hflip, gboolean vflip)
{
  GstVideoFormat format = GST_VIDEO_FRAME_FORMAT (src);
  gint width = GST_VIDEO_FRAME_WIDTH (src);
  gint height = GST_VIDEO_FRAME_HEIGHT (src);
  gboolean fields = GST_VIDEO_FRAME_IS_INTERLACED (src);
  gint row;

  g_return_val_if_fail (src != NULL && dest != NULL, FALSE);

  if ((format != GST_VIDEO_FORMAT_UYVY && format != GST_VIDEO_FORMAT_YUY2) ||
      GST_VIDEO_FRAME_FORMAT (dest) != format ||
      GST_VIDEO_FRAME_WIDTH (dest) != width ||
      GST_VIDEO_FRAME_HEIGHT (dest) != height || (hflip && (width & 1)))
    return FALSE;

  for (row = 0; row < height; row++) {
    const guint8 *s = PACKED_LINE (src, vflip ? flip_row (row, height,
            fields) : row);
    guint8 *d = PACKED_LINE (dest, row);

    if (hflip)
      gst_tv_convert_mirror_422 (d, s, width / 2,
          format == GST_VIDEO_FORMAT_UYVY);
    else
      memcpy (d, s, (gsize) ((width + 1) / 2) * 4);
  }
  return TRUE;
}
