/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the tvconvert library against a scalar reference: every
 * pair of the fast-path table, progressive and interlaced, odd and even
 * widths down to 1, 720 and 1920, tight and padded strides (with a check
 * that nothing outside the picture is written), the fixed-point RGB model
 * bit for bit and BT.601 within 1 of double precision, and the
 * GstVideoConverter fallback.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "tvconvert.h"
#include "tvconvert-avx2.h"

#define F(fmt) GST_VIDEO_FORMAT_ ## fmt

/* check records every assertion that passes (a write to its pipe): per
 * pixel, only a failure may reach it */
#define CHECK_EQ(a, b) G_STMT_START {                                   \
  gint _a = (a), _b = (b);                                              \
  if (G_UNLIKELY (_a != _b))                                            \
    fail ("%s:%d: '%s' (%d) != '%s' (%d)", __FILE__, __LINE__, #a, _a,  \
        #b, _b);                                                        \
} G_STMT_END

typedef struct
{
  gint width, height;
} Size;

static const Size sizes[] = {
  {1, 1}, {2, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 7}, {6, 6}, {17, 9},
  {30, 10}, {34, 13}, {720, 16}, {718, 14}, {1920, 8},
};

static const GstVideoFormat packed[] = { F (UYVY), F (YUY2) };
static const GstVideoFormat planar420[] = { F (I420), F (YV12), F (NV12) };

static const GstVideoFormat rgbs[] = {
  F (BGRx), F (BGRA), F (RGBx), F (RGBA), F (xRGB), F (ARGB), F (xBGR),
  F (ABGR),
};

/* --- frames with optional padding -------------------------------------- */

typedef struct
{
  GstVideoInfo info;
  GstBuffer *buffer;
  GstVideoFrame frame;
  guint8 *before;               /* the dest bytes before the conversion */
} TestFrame;

/* @pad extra bytes at the end of every line and between planes, so that
 * strides are odd-sized multiples of 4 and planes start unaligned */
static void
make_info (GstVideoInfo * info, GstVideoFormat format, gint width,
    gint height, GstVideoInterlaceMode mode, guint pad)
{
  const GstVideoFormatInfo *finfo;
  gsize offset = pad ? 12 : 0;
  guint p;

  fail_unless (gst_video_info_set_interlaced_format (info, format, mode,
          width, height));
  if (!pad)
    return;
  finfo = info->finfo;
  for (p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    gint ph;

    gst_video_format_info_component (finfo, p, comp);
    ph = GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, comp[0], height);
    info->stride[p] = GST_ROUND_UP_4 (info->stride[p] + pad);
    info->offset[p] = offset;
    offset += (gsize) info->stride[p] * ph + pad;
  }
  info->size = offset;
}

/* bytes a line of plane @p really uses */
static gsize
used_bytes (const GstVideoInfo * info, guint p)
{
  const GstVideoFormatInfo *finfo = info->finfo;
  gint comp[GST_VIDEO_MAX_COMPONENTS];
  gint w = GST_VIDEO_INFO_WIDTH (info);

  switch (GST_VIDEO_INFO_FORMAT (info)) {
    case F (UYVY):
    case F (YUY2):
      return (gsize) GST_ROUND_UP_2 (w) * 2;
    default:
      gst_video_format_info_component (finfo, p, comp);
      return (gsize) GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (finfo, comp[0], w) *
          GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, comp[0]);
  }
}

static void
test_frame_init (TestFrame * tf, GstVideoFormat format, gint width,
    gint height, GstVideoInterlaceMode mode, guint pad, gboolean dest,
    GRand * rand)
{
  GstMapInfo map;
  gsize i;

  make_info (&tf->info, format, width, height, mode, pad);
  tf->buffer = gst_buffer_new_allocate (NULL, tf->info.size, NULL);
  fail_unless (gst_buffer_map (tf->buffer, &map, GST_MAP_WRITE));
  for (i = 0; i < map.size; i++)
    map.data[i] = dest ? 0xa5 : g_rand_int_range (rand, 0, 256);
  gst_buffer_unmap (tf->buffer, &map);
  if (mode == GST_VIDEO_INTERLACE_MODE_MIXED)
    GST_BUFFER_FLAG_SET (tf->buffer, GST_VIDEO_BUFFER_FLAG_INTERLACED);
  fail_unless (gst_video_frame_map (&tf->frame, &tf->info, tf->buffer,
          dest ? GST_MAP_READWRITE : GST_MAP_READ));
  tf->before = NULL;
  if (dest)
    tf->before = g_memdup2 ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&tf->frame,
            0) - tf->info.offset[0], tf->info.size);
}

static void
test_frame_clear (TestFrame * tf)
{
  gst_video_frame_unmap (&tf->frame);
  gst_buffer_unref (tf->buffer);
  g_free (tf->before);
}

/* nothing outside the lines' used bytes may change */
static void
check_untouched (TestFrame * tf)
{
  const guint8 *base = (const guint8 *)
      GST_VIDEO_FRAME_PLANE_DATA (&tf->frame, 0) - tf->info.offset[0];
  guint8 *inside = g_malloc0 (tf->info.size);
  const GstVideoFormatInfo *finfo = tf->info.finfo;
  gsize i;
  guint p;

  for (p = 0; p < GST_VIDEO_INFO_N_PLANES (&tf->info); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS], row, ph;

    gst_video_format_info_component (finfo, p, comp);
    ph = GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, comp[0],
        GST_VIDEO_INFO_HEIGHT (&tf->info));
    for (row = 0; row < ph; row++)
      memset (inside + tf->info.offset[p] +
          (gsize) row * tf->info.stride[p], 1, used_bytes (&tf->info, p));
  }
  for (i = 0; i < tf->info.size; i++) {
    if (!inside[i] && base[i] != tf->before[i])
      fail ("%s %dx%d: byte %" G_GSIZE_FORMAT " outside the picture written",
          gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (&tf->info)),
          GST_VIDEO_INFO_WIDTH (&tf->info), GST_VIDEO_INFO_HEIGHT (&tf->info),
          i);
  }
  g_free (inside);
}

/* component @c of pixel (x, y); chroma of 4:2:x at its subsampled place */
static guint8
px (const GstVideoFrame * f, guint c, gint x, gint y)
{
  const GstVideoFormatInfo *finfo = f->info.finfo;
  const guint8 *d = GST_VIDEO_FRAME_COMP_DATA (f, c);
  gint sx = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c);
  gint sy = GST_VIDEO_FORMAT_INFO_H_SUB (finfo, c);
  gint ps = GST_VIDEO_FRAME_COMP_PSTRIDE (f, c);

  if (GST_VIDEO_FRAME_FORMAT (f) == F (UYVY) ||
      GST_VIDEO_FRAME_FORMAT (f) == F (YUY2))
    ps = c == 0 ? 2 : 4;
  return d[(gsize) (y >> sy) * GST_VIDEO_FRAME_COMP_STRIDE (f, c) +
      (x >> sx) * ps];
}

/* line @row of a packed frame */
#define PLINE(f, row) ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (f, 0) + \
    (gsize) (row) * GST_VIDEO_FRAME_PLANE_STRIDE (f, 0))

/* --- the scalar reference ---------------------------------------------- */

/* the two source lines that make chroma line @c of a 4:2:0 picture */
static void
ref_420_lines (gint c, gint height, gboolean interlaced, gint * a, gint * b)
{
  if (!interlaced) {
    *a = 2 * c;
    *b = MIN (2 * c + 1, height - 1);
  } else {
    gint f = c & 1, j = c / 2;

    *a = 4 * j + f;
    *b = 4 * j + 2 + f;
    if (*b >= height)
      *b = *a;
  }
}

static void
check_422_420 (const GstVideoFrame * s, const GstVideoFrame * d,
    gboolean interlaced)
{
  gint w = GST_VIDEO_FRAME_WIDTH (s), h = GST_VIDEO_FRAME_HEIGHT (s);
  gint x, y, c, comp;

  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      CHECK_EQ (px (d, 0, x, y), px (s, 0, x, y));
  for (c = 0; c < (h + 1) / 2; c++) {
    gint a, b;

    ref_420_lines (c, h, interlaced, &a, &b);
    for (x = 0; x < w; x += 2)
      for (comp = 1; comp < 3; comp++) {
        gint want = (px (s, comp, x, a) + px (s, comp, x, b) + 1) >> 1;

        if (px (d, comp, x, 2 * c) != want)
          fail ("%s -> %s %dx%d %s: comp %d at %d,%d is %d, not %d",
              gst_video_format_to_string (GST_VIDEO_FRAME_FORMAT (s)),
              gst_video_format_to_string (GST_VIDEO_FRAME_FORMAT (d)), w, h,
              interlaced ? "interlaced" : "progressive", comp, x, c,
              px (d, comp, x, 2 * c), want);
      }
  }
}

static void
check_same_422 (const GstVideoFrame * s, const GstVideoFrame * d)
{
  gint w = GST_VIDEO_FRAME_WIDTH (s), h = GST_VIDEO_FRAME_HEIGHT (s);
  gint x, y, comp;

  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      for (comp = 0; comp < 3; comp++)
        CHECK_EQ (px (d, comp, x, y), px (s, comp, x, y));
}

/* the two chroma lines for 4:2:2 output line @y: (3 * a + b + 2) / 4 */
static void
ref_422_lines (gint y, gint cheight, gboolean interlaced, gint * a, gint * b)
{
  if (!interlaced) {
    *a = y / 2;
    *b = CLAMP ((y & 1) ? y / 2 + 1 : y / 2 - 1, 0, cheight - 1);
  } else {
    gint f = y & 1, fy = y / 2;
    gint n = (cheight - f + 1) / 2;     /* chroma lines in field f */
    gint c = fy / 2, o = (fy & 1) ? c + 1 : c - 1;

    if (n == 0) {
      *a = *b = 0;
      return;
    }
    *a = 2 * MIN (c, n - 1) + f;
    *b = 2 * CLAMP (o, 0, n - 1) + f;
  }
}

static void
check_420_422 (const GstVideoFrame * s, const GstVideoFrame * d,
    gboolean interlaced)
{
  gint w = GST_VIDEO_FRAME_WIDTH (s), h = GST_VIDEO_FRAME_HEIGHT (s);
  gint ch = (h + 1) / 2;
  gint x, y, comp;

  for (y = 0; y < h; y++) {
    gint a, b;

    ref_422_lines (y, ch, interlaced, &a, &b);
    for (x = 0; x < w; x++) {
      CHECK_EQ (px (d, 0, x, y), px (s, 0, x, y));
      if (x & 1)
        continue;
      for (comp = 1; comp < 3; comp++) {
        gint want = (3 * px (s, comp, x, 2 * a) + px (s, comp, x, 2 * b) +
            2) >> 2;

        if (px (d, comp, x, y) != want)
          fail ("%s -> %s %dx%d %s: comp %d at %d,%d is %d, not %d",
              gst_video_format_to_string (GST_VIDEO_FRAME_FORMAT (s)),
              gst_video_format_to_string (GST_VIDEO_FRAME_FORMAT (d)), w, h,
              interlaced ? "interlaced" : "progressive", comp, x, y,
              px (d, comp, x, y), want);
      }
    }
    /* an odd width's padding luma repeats the last pixel */
    if (w & 1) {
      const guint8 *l = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (d, 0) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (d, 0) + (w / 2) * 4;
      gboolean uyvy = GST_VIDEO_FRAME_FORMAT (d) == F (UYVY);

      CHECK_EQ (l[uyvy ? 3 : 2], l[uyvy ? 1 : 0]);
    }
  }
}

/* the kernels' fixed point (tvconvert-orc.orc), to check bit-exactness */
static gint
model_clamp (gint v)
{
  v = CLAMP (v, G_MININT16, G_MAXINT16) >> 6;
  return CLAMP (v, 0, 255);
}

static void
model_rgb (guint8 y, guint8 u, guint8 v, gint rgb[3])
{
  gint l = (((y * 257) * 19003) >> 16) - 1160;
  gint cu = (u - 128) * 256, cv = (v - 128) * 256;

  rgb[0] = model_clamp (l + ((cv * 13075) >> 16) * 2);
  rgb[1] = model_clamp (l + ((cu * -6419) >> 16) + ((cv * -13320) >> 16));
  rgb[2] = model_clamp (l + ((cu * 16525) >> 16) * 2);
}

static void
double_rgb (guint8 y, guint8 u, guint8 v, gdouble rgb[3])
{
  gdouble yy = (y - 16) * 255.0 / 219.0;
  gdouble pb = (u - 128) * 255.0 / 224.0, pr = (v - 128) * 255.0 / 224.0;
  gint i;

  /* BT.601: Kr = 0.299, Kb = 0.114 */
  rgb[0] = yy + 2 * (1 - 0.299) * pr;
  rgb[1] = yy - 2 * (1 - 0.114) * 0.114 / 0.587 * pb -
      2 * (1 - 0.299) * 0.299 / 0.587 * pr;
  rgb[2] = yy + 2 * (1 - 0.114) * pb;
  for (i = 0; i < 3; i++)
    rgb[i] = CLAMP (rgb[i], 0.0, 255.0);
}

static gint max_rgb_error;

static void
check_422_rgb (const GstVideoFrame * s, const GstVideoFrame * d)
{
  const GstVideoFormatInfo *finfo = d->info.finfo;
  gint w = GST_VIDEO_FRAME_WIDTH (s), h = GST_VIDEO_FRAME_HEIGHT (s);
  gint x, y, i;

  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++) {
      guint8 sy = px (s, 0, x, y), su = px (s, 1, x, y), sv = px (s, 2, x, y);
      gint model[3];
      gdouble ref[3];
      const guint8 *p = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (d, 0) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (d, 0) + x * 4;
      guint alpha = 0;

      model_rgb (sy, su, sv, model);
      double_rgb (sy, su, sv, ref);
      for (i = 0; i < 3; i++) {
        gint got = p[GST_VIDEO_FORMAT_INFO_POFFSET (finfo, i)];
        /* ref is clamped to 0..255: + 0.5 and truncation round it */
        gint err = ABS (got - (gint) (ref[i] + 0.5));

        alpha |= 1 << GST_VIDEO_FORMAT_INFO_POFFSET (finfo, i);
        if (got != model[i] || err > 1)
          fail ("%s %dx%d at %d,%d (Y %d U %d V %d) comp %d: %d, model %d, "
              "reference %.3f", gst_video_format_to_string (finfo->format),
              w, h, x, y, sy, su, sv, i, got, model[i], ref[i]);
        max_rgb_error = MAX (max_rgb_error, err);
      }
      /* the 4th byte, x or A, is 255 */
      for (i = 0; i < 4; i++)
        if (!(alpha & (1 << i)))
          CHECK_EQ (p[i], 255);
    }
}

/* --- running one conversion -------------------------------------------- */

static void
run_one (GstVideoFormat in, GstVideoFormat out, gint width, gint height,
    GstVideoInterlaceMode mode, guint pad, GRand * rand)
{
  gboolean interlaced = mode != GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
  TestFrame s, d;
  GstTvConvert *conv;

  test_frame_init (&s, in, width, height, mode, pad, FALSE, rand);
  test_frame_init (&d, out, width, height, mode, pad, TRUE, rand);
  /* the defaults are BT.709 above 576 lines, and RGB is BT.601 only */
  s.info.colorimetry.matrix = d.info.colorimetry.matrix =
      GST_VIDEO_COLOR_MATRIX_BT601;
  conv = gst_tv_convert_new (&s.info, &d.info);
  fail_unless (conv != NULL);
  fail_unless (gst_tv_convert_is_fast_path (conv),
      "%s -> %s has no fast path", gst_video_format_to_string (in),
      gst_video_format_to_string (out));
  fail_unless (gst_tv_convert_frame (conv, &s.frame, &d.frame));

  if (GST_VIDEO_FORMAT_INFO_IS_RGB (d.info.finfo))
    check_422_rgb (&s.frame, &d.frame);
  else if (GST_VIDEO_FORMAT_INFO_H_SUB (d.info.finfo, 1) > 0)
    check_422_420 (&s.frame, &d.frame, interlaced);
  else if (GST_VIDEO_FORMAT_INFO_H_SUB (s.info.finfo, 1) > 0)
    check_420_422 (&s.frame, &d.frame, interlaced);
  else
    check_same_422 (&s.frame, &d.frame);
  check_untouched (&d);

  gst_tv_convert_free (conv);
  test_frame_clear (&s);
  test_frame_clear (&d);
}

static void
run_sizes (GstVideoFormat in, GstVideoFormat out)
{
  static const GstVideoInterlaceMode modes[] = {
    GST_VIDEO_INTERLACE_MODE_PROGRESSIVE,
    GST_VIDEO_INTERLACE_MODE_INTERLEAVED,
    GST_VIDEO_INTERLACE_MODE_MIXED,
  };
  GRand *rand = g_rand_new_with_seed (in * 1000 + out);
  guint i, m, pad;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (m = 0; m < G_N_ELEMENTS (modes); m++)
      for (pad = 0; pad <= 36; pad += 36)
        run_one (in, out, sizes[i].width, sizes[i].height, modes[m], pad, rand);
  g_rand_free (rand);
}

/* --- the tests ---------------------------------------------------------- */

/* every conversion has AVX2 rows: the tests run every pair with the rows
 * (where the CPU has AVX2), then with the ORC kernels alone */
static void
on_both_paths (const GstVideoFormat * ins, guint n_ins,
    const GstVideoFormat * outs, guint n_outs)
{
  guint pass, i, j;

  for (pass = 0; pass < 2; pass++) {
    GST_INFO ("AVX2 rows: %s", tv_convert_avx2_set_enabled (pass == 0) ?
        "on" : "off");
    for (i = 0; i < n_ins; i++)
      for (j = 0; j < n_outs; j++)
        if (ins[i] != outs[j])
          run_sizes (ins[i], outs[j]);
  }
  tv_convert_avx2_set_enabled (TRUE);
}

GST_START_TEST (test_422_to_420)
{
  on_both_paths (packed, G_N_ELEMENTS (packed), planar420,
      G_N_ELEMENTS (planar420));
}

GST_END_TEST;

GST_START_TEST (test_422_to_Y42B)
{
  static const GstVideoFormat y42b[] = { F (Y42B) };

  on_both_paths (packed, G_N_ELEMENTS (packed), y42b, 1);
}

GST_END_TEST;

GST_START_TEST (test_422_to_rgb)
{
  max_rgb_error = 0;
  on_both_paths (packed, G_N_ELEMENTS (packed), rgbs, G_N_ELEMENTS (rgbs));
  GST_INFO ("largest RGB error against double precision: %d", max_rgb_error);
}

GST_END_TEST;

/* the AVX2 rows run where the CPU has AVX2 (so that the tests above cover
 * them), and can be turned off */
GST_START_TEST (test_avx2_dispatch)
{
#if TV_CONVERT_HAVE_AVX2
  __builtin_cpu_init ();
  fail_unless_equals_int (tv_convert_avx2_set_enabled (TRUE),
      __builtin_cpu_supports ("avx2") != 0);
#else
  fail_if (tv_convert_avx2_set_enabled (TRUE));
#endif
  fail_unless_equals_int (tv_convert_avx2_rgb_row (TRUE, FALSE, FALSE) != NULL,
      tv_convert_avx2_set_enabled (TRUE));
  fail_unless_equals_int (tv_convert_avx2_y42b_row (FALSE) != NULL,
      tv_convert_avx2_set_enabled (TRUE));
  fail_unless_equals_int (tv_convert_avx2_swap_row () != NULL,
      tv_convert_avx2_set_enabled (TRUE));
  fail_unless_equals_int (tv_convert_avx2_split_row (TRUE) != NULL,
      tv_convert_avx2_set_enabled (TRUE));
  fail_unless_equals_int (tv_convert_avx2_merge_row (FALSE, TRUE) != NULL,
      tv_convert_avx2_set_enabled (TRUE));
  fail_unless_equals_int (tv_convert_avx2_pack_row (TRUE, TRUE) != NULL,
      tv_convert_avx2_set_enabled (TRUE));
  fail_if (tv_convert_avx2_set_enabled (FALSE));
  fail_unless (tv_convert_avx2_rgb_row (FALSE, TRUE, TRUE) == NULL);
  fail_unless (tv_convert_avx2_y42b_row (TRUE) == NULL);
  fail_unless (tv_convert_avx2_swap_row () == NULL);
  fail_unless (tv_convert_avx2_split_row (FALSE) == NULL);
  fail_unless (tv_convert_avx2_merge_row (TRUE, FALSE) == NULL);
  fail_unless (tv_convert_avx2_pack_row (FALSE, FALSE) == NULL);
  tv_convert_avx2_set_enabled (TRUE);
}

GST_END_TEST;

GST_START_TEST (test_swap_422)
{
  on_both_paths (packed, G_N_ELEMENTS (packed), packed, G_N_ELEMENTS (packed));
}

GST_END_TEST;

GST_START_TEST (test_420_to_422)
{
  on_both_paths (planar420, G_N_ELEMENTS (planar420), packed,
      G_N_ELEMENTS (packed));
}

GST_END_TEST;

/* full-size frames, once each, in both directions */
GST_START_TEST (test_full_size)
{
  static const Size full[] = { {720, 480}, {720, 576}, {1920, 1080} };
  GRand *rand = g_rand_new_with_seed (42);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (full); i++) {
    gint w = full[i].width, h = full[i].height;

    run_one (F (UYVY), F (I420), w, h, GST_VIDEO_INTERLACE_MODE_INTERLEAVED,
        0, rand);
    run_one (F (YUY2), F (NV12), w, h, GST_VIDEO_INTERLACE_MODE_PROGRESSIVE,
        36, rand);
    run_one (F (UYVY), F (BGRx), w, h, GST_VIDEO_INTERLACE_MODE_PROGRESSIVE,
        0, rand);
    run_one (F (I420), F (UYVY), w, h, GST_VIDEO_INTERLACE_MODE_INTERLEAVED,
        36, rand);
    run_one (F (NV12), F (YUY2), w, h, GST_VIDEO_INTERLACE_MODE_PROGRESSIVE,
        0, rand);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* every Y, U and V combination (U, V in steps of 3) through the RGB path */
GST_START_TEST (test_rgb_all_values)
{
  GstVideoInfo sinfo, dinfo;
  GstBuffer *sbuf, *dbuf;
  GstVideoFrame s, d;
  GstTvConvert *conv;
  gint u, v, y, row = 0;
  guint8 *line;
  guint pass;

  /* one line per (U, V): 256 pixels of every Y */
  gst_video_info_set_format (&sinfo, F (UYVY), 256, 86 * 86);
  gst_video_info_set_format (&dinfo, F (BGRx), 256, 86 * 86);
  sinfo.colorimetry.matrix = GST_VIDEO_COLOR_MATRIX_BT601;
  sbuf = gst_buffer_new_allocate (NULL, sinfo.size, NULL);
  dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
  fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_WRITE));
  for (u = 0; u < 256; u += 3)
    for (v = 0; v < 256; v += 3, row++) {
      line = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&s, 0) +
          row * GST_VIDEO_FRAME_PLANE_STRIDE (&s, 0);
      for (y = 0; y < 256; y += 2) {
        line[y * 2] = u;
        line[y * 2 + 1] = y;
        line[y * 2 + 2] = v;
        line[y * 2 + 3] = y + 1;
      }
    }
  gst_video_frame_unmap (&s);
  fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&d, &dinfo, dbuf, GST_MAP_WRITE));

  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_unless (gst_tv_convert_is_fast_path (conv));
  /* the AVX2 rows (where the CPU has AVX2), then the ORC kernels */
  for (pass = 0; pass < 2; pass++) {
    tv_convert_avx2_set_enabled (pass == 0);
    memset (GST_VIDEO_FRAME_PLANE_DATA (&d, 0), 0, dinfo.size);
    fail_unless (gst_tv_convert_frame (conv, &s, &d));
    max_rgb_error = 0;
    check_422_rgb (&s, &d);
    fail_unless (max_rgb_error <= 1);
  }
  tv_convert_avx2_set_enabled (TRUE);

  gst_tv_convert_free (conv);
  gst_video_frame_unmap (&s);
  gst_video_frame_unmap (&d);
  gst_buffer_unref (sbuf);
  gst_buffer_unref (dbuf);
}

GST_END_TEST;

/* top field chroma 0, bottom field 255: nothing may mix the two */
GST_START_TEST (test_fields_not_mixed)
{
  GstVideoInfo pinfo, linfo;
  GstBuffer *pbuf, *lbuf, *back;
  GstVideoFrame p, l, b;
  GstTvConvert *down, *up;
  gint x, y;

  gst_video_info_set_interlaced_format (&pinfo, F (UYVY),
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 64, 24);
  gst_video_info_set_interlaced_format (&linfo, F (I420),
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 64, 24);
  pbuf = gst_buffer_new_allocate (NULL, pinfo.size, NULL);
  lbuf = gst_buffer_new_allocate (NULL, linfo.size, NULL);
  back = gst_buffer_new_allocate (NULL, pinfo.size, NULL);

  fail_unless (gst_video_frame_map (&p, &pinfo, pbuf, GST_MAP_WRITE));
  for (y = 0; y < 24; y++) {
    guint8 *line = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&p, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&p, 0);

    for (x = 0; x < 64 * 2; x++)
      line[x] = (x & 1) ? 128 : ((y & 1) ? 255 : 0);
  }
  gst_video_frame_unmap (&p);

  down = gst_tv_convert_new (&pinfo, &linfo);
  up = gst_tv_convert_new (&linfo, &pinfo);
  fail_unless (gst_tv_convert_is_fast_path (down));
  fail_unless (gst_tv_convert_is_fast_path (up));

  fail_unless (gst_video_frame_map (&p, &pinfo, pbuf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&l, &linfo, lbuf, GST_MAP_READWRITE));
  fail_unless (gst_tv_convert_frame (down, &p, &l));
  for (y = 0; y < 12; y++)
    for (x = 0; x < 32; x++) {
      CHECK_EQ (px (&l, 1, 2 * x, 2 * y), (y & 1) ? 255 : 0);
      CHECK_EQ (px (&l, 2, 2 * x, 2 * y), (y & 1) ? 255 : 0);
    }

  fail_unless (gst_video_frame_map (&b, &pinfo, back, GST_MAP_WRITE));
  fail_unless (gst_tv_convert_frame (up, &l, &b));
  for (y = 0; y < 24; y++)
    for (x = 0; x < 64; x += 2)
      CHECK_EQ (px (&b, 1, x, y), (y & 1) ? 255 : 0);

  gst_video_frame_unmap (&p);
  gst_video_frame_unmap (&l);
  gst_video_frame_unmap (&b);
  gst_tv_convert_free (down);
  gst_tv_convert_free (up);
  gst_buffer_unref (pbuf);
  gst_buffer_unref (lbuf);
  gst_buffer_unref (back);
}

GST_END_TEST;

/* interlace-mode=mixed: the buffer flag picks the field-wise path */
GST_START_TEST (test_mixed_flag)
{
  GstVideoInfo sinfo, dinfo;
  GstBuffer *sbuf, *dbuf;
  GstVideoFrame s, d;
  GstTvConvert *conv;
  GRand *rand = g_rand_new_with_seed (7);
  GstMapInfo map;
  gsize i;
  gint flagged;

  gst_video_info_set_interlaced_format (&sinfo, F (YUY2),
      GST_VIDEO_INTERLACE_MODE_MIXED, 40, 12);
  gst_video_info_set_interlaced_format (&dinfo, F (NV12),
      GST_VIDEO_INTERLACE_MODE_MIXED, 40, 12);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_unless (gst_tv_convert_is_fast_path (conv));

  for (flagged = 0; flagged < 2; flagged++) {
    sbuf = gst_buffer_new_allocate (NULL, sinfo.size, NULL);
    dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
    gst_buffer_map (sbuf, &map, GST_MAP_WRITE);
    for (i = 0; i < map.size; i++)
      map.data[i] = g_rand_int_range (rand, 0, 256);
    gst_buffer_unmap (sbuf, &map);
    if (flagged)
      GST_BUFFER_FLAG_SET (sbuf, GST_VIDEO_BUFFER_FLAG_INTERLACED);
    fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_READ));
    fail_unless (gst_video_frame_map (&d, &dinfo, dbuf, GST_MAP_WRITE));
    fail_unless (gst_tv_convert_frame (conv, &s, &d));
    check_422_420 (&s, &d, flagged);
    gst_video_frame_unmap (&s);
    gst_video_frame_unmap (&d);
    gst_buffer_unref (sbuf);
    gst_buffer_unref (dbuf);
  }
  gst_tv_convert_free (conv);
  g_rand_free (rand);
}

GST_END_TEST;

/* pairs outside the table, and size changes, go to GstVideoConverter */
GST_START_TEST (test_fallback)
{
  GstVideoInfo sinfo, dinfo;
  GstBuffer *sbuf, *dbuf;
  GstVideoFrame s, d;
  GstTvConvert *conv;
  GstMapInfo map;
  gint b;

  gst_video_info_set_format (&sinfo, F (I420), 64, 48);
  gst_video_info_set_format (&dinfo, F (BGRx), 64, 48);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_unless (conv != NULL);
  fail_if (gst_tv_convert_is_fast_path (conv));

  sbuf = gst_buffer_new_allocate (NULL, sinfo.size, NULL);
  dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
  /* mid grey: Y 126, U = V = 128 */
  gst_buffer_map (sbuf, &map, GST_MAP_WRITE);
  memset (map.data, 128, map.size);
  memset (map.data, 126, 64 * 48);
  gst_buffer_unmap (sbuf, &map);
  fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&d, &dinfo, dbuf, GST_MAP_WRITE));
  fail_unless (gst_tv_convert_frame (conv, &s, &d));
  /* a grey (GstVideoConverter's own rounding is not ours to test) */
  b = ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&d, 0))[0];
  fail_unless (b >= 124 && b <= 130, "B %d", b);
  gst_video_frame_unmap (&s);
  gst_video_frame_unmap (&d);
  gst_tv_convert_free (conv);
  gst_buffer_unref (sbuf);
  gst_buffer_unref (dbuf);

  /* scaling */
  gst_video_info_set_format (&sinfo, F (UYVY), 64, 48);
  gst_video_info_set_format (&dinfo, F (I420), 32, 24);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_unless (conv != NULL);
  fail_if (gst_tv_convert_is_fast_path (conv));
  gst_tv_convert_free (conv);

  /* RGB from full range is not BT.601 limited range */
  gst_video_info_set_format (&sinfo, F (UYVY), 64, 48);
  sinfo.colorimetry.range = GST_VIDEO_COLOR_RANGE_0_255;
  gst_video_info_set_format (&dinfo, F (BGRx), 64, 48);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_if (gst_tv_convert_is_fast_path (conv));
  gst_tv_convert_free (conv);
}

GST_END_TEST;

/* a stride the kernels can't take (not a multiple of 4 for UYVY): still
 * converted, by GstVideoConverter */
GST_START_TEST (test_unaligned_stride)
{
  GstVideoInfo sinfo, dinfo;
  GstBuffer *sbuf, *dbuf;
  GstVideoFrame s, d;
  GstTvConvert *conv;
  GstMapInfo map;
  gsize i;
  gint x, y;

  gst_video_info_set_format (&sinfo, F (UYVY), 30, 8);
  gst_video_info_set_format (&dinfo, F (I420), 30, 8);
  sinfo.stride[0] = 62;
  sinfo.size = 62 * 8;
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_unless (gst_tv_convert_is_fast_path (conv));

  sbuf = gst_buffer_new_allocate (NULL, sinfo.size, NULL);
  dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
  gst_buffer_map (sbuf, &map, GST_MAP_WRITE);
  for (i = 0; i < map.size; i++)
    map.data[i] = i * 13;
  gst_buffer_unmap (sbuf, &map);
  fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&d, &dinfo, dbuf, GST_MAP_WRITE));
  fail_unless (gst_tv_convert_frame (conv, &s, &d));
  for (y = 0; y < 8; y++)
    for (x = 0; x < 30; x++)
      CHECK_EQ (px (&d, 0, x, y), px (&s, 0, x, y));
  gst_video_frame_unmap (&s);
  gst_video_frame_unmap (&d);
  gst_tv_convert_free (conv);
  gst_buffer_unref (sbuf);
  gst_buffer_unref (dbuf);
}

GST_END_TEST;

GST_START_TEST (test_frame_mismatch)
{
  GstVideoInfo sinfo, dinfo, other;
  GstBuffer *sbuf, *dbuf;
  GstVideoFrame s, d;
  GstTvConvert *conv;

  gst_video_info_set_format (&sinfo, F (UYVY), 64, 48);
  gst_video_info_set_format (&dinfo, F (I420), 64, 48);
  gst_video_info_set_format (&other, F (I420), 64, 46);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  sbuf = gst_buffer_new_allocate (NULL, sinfo.size, NULL);
  dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
  fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&d, &other, dbuf, GST_MAP_WRITE));
  fail_if (gst_tv_convert_frame (conv, &s, &d));
  gst_video_frame_unmap (&s);
  gst_video_frame_unmap (&d);
  gst_tv_convert_free (conv);
  gst_buffer_unref (sbuf);
  gst_buffer_unref (dbuf);
}

GST_END_TEST;

static gboolean
has_format (const GstVideoFormat * formats, guint n, GstVideoFormat f)
{
  guint i;

  for (i = 0; i < n; i++)
    if (formats[i] == f)
      return TRUE;
  return FALSE;
}

GST_START_TEST (test_formats)
{
  GstVideoFormat *formats;
  guint n, i;

  /* a capture card */
  formats = gst_tv_convert_get_formats (F (UYVY), GST_PAD_SRC, &n);
  fail_unless_equals_int (formats[0], F (UYVY));
  fail_unless_equals_int (n, 14);
  fail_unless (has_format (formats, n, F (I420)));
  fail_unless (has_format (formats, n, F (YV12)));
  fail_unless (has_format (formats, n, F (NV12)));
  fail_unless (has_format (formats, n, F (Y42B)));
  fail_unless (has_format (formats, n, F (YUY2)));
  for (i = 0; i < G_N_ELEMENTS (rgbs); i++)
    fail_unless (has_format (formats, n, rgbs[i]));
  g_free (formats);

  /* an output card: what converts into YUY2 */
  formats = gst_tv_convert_get_formats (F (YUY2), GST_PAD_SINK, &n);
  fail_unless_equals_int (n, 5);
  fail_unless_equals_int (formats[0], F (YUY2));
  fail_unless (has_format (formats, n, F (UYVY)));
  fail_unless (has_format (formats, n, F (I420)));
  fail_unless (has_format (formats, n, F (YV12)));
  fail_unless (has_format (formats, n, F (NV12)));
  fail_if (has_format (formats, n, F (BGRx)));
  g_free (formats);

  formats = gst_tv_convert_get_formats (F (I420), GST_PAD_SRC, &n);
  fail_unless_equals_int (n, 3);
  g_free (formats);

  formats = gst_tv_convert_get_formats (F (GRAY8), GST_PAD_SRC, &n);
  fail_unless_equals_int (n, 1);
  g_free (formats);

  fail_unless (gst_tv_convert_has_fast_path (F (UYVY), F (I420), TRUE));
  fail_unless (gst_tv_convert_has_fast_path (F (UYVY), F (I420), FALSE));
  fail_unless (gst_tv_convert_has_fast_path (F (NV12), F (YUY2), TRUE));
  fail_unless (gst_tv_convert_has_fast_path (F (YUY2), F (xRGB), TRUE));
  fail_if (gst_tv_convert_has_fast_path (F (I420), F (NV12), FALSE));
  fail_if (gst_tv_convert_has_fast_path (F (UYVY), F (RGB16), FALSE));
}

GST_END_TEST;

GST_START_TEST (test_chroma_site)
{
  fail_unless_equals_int (gst_tv_convert_get_chroma_site (F (I420)),
      GST_VIDEO_CHROMA_SITE_MPEG2);
  fail_unless_equals_int (gst_tv_convert_get_chroma_site (F (NV12)),
      GST_VIDEO_CHROMA_SITE_MPEG2);
  fail_unless_equals_int (gst_tv_convert_get_chroma_site (F (UYVY)),
      GST_VIDEO_CHROMA_SITE_MPEG2);
  fail_unless_equals_int (gst_tv_convert_get_chroma_site (F (BGRx)),
      GST_VIDEO_CHROMA_SITE_UNKNOWN);
}

GST_END_TEST;

/* --- flipping ------------------------------------------------------------ */

/* byte offsets of pixel @x's luma, U and V in a packed 4:2:2 line */
static void
packed_px (gboolean uyvy, gint x, gsize * y, gsize * u, gsize * v)
{
  gsize pair = (gsize) (x / 2) * 4;

  if (uyvy) {
    *y = pair + 1 + 2 * (x & 1);
    *u = pair;
    *v = pair + 2;
  } else {
    *y = pair + 2 * (x & 1);
    *u = pair + 1;
    *v = pair + 3;
  }
}

/* the scalar reference of a flip: the source pixel of dest pixel (x, y);
 * an interlaced frame flips within each field: the k-th line of a field
 * from the top shows its k-th line from the bottom */
static void
ref_source_pixel (gint x, gint y, gint width, gint height, gboolean hflip,
    gboolean vflip, gboolean fields, gint * sx, gint * sy)
{
  *sx = hflip ? width - 1 - x : x;
  if (!vflip) {
    *sy = y;
  } else if (!fields) {
    *sy = height - 1 - y;
  } else {
    gint f = y & 1;
    gint last = height - 1 - ((height - 1 - f) & 1);

    *sy = last - (y - f);
  }
}

/* @d (same format and size as @s) := @s flipped, pixel by pixel */
static void
ref_flip (const GstVideoFrame * s, GstVideoFrame * d, gboolean hflip,
    gboolean vflip, gboolean fields)
{
  gboolean uyvy = GST_VIDEO_FRAME_FORMAT (s) == F (UYVY);
  gint width = GST_VIDEO_FRAME_WIDTH (s), height = GST_VIDEO_FRAME_HEIGHT (s);
  gint x, y;

  for (y = 0; y < height; y++) {
    for (x = 0; x < width; x++) {
      const guint8 *sl;
      guint8 *dl = PLINE (d, y);
      gsize dy, du, dv, sy_, su, sv;
      gint sx, sy;

      ref_source_pixel (x, y, width, height, hflip, vflip, fields, &sx, &sy);
      sl = PLINE (s, sy);
      packed_px (uyvy, x, &dy, &du, &dv);
      packed_px (uyvy, sx, &sy_, &su, &sv);
      dl[dy] = sl[sy_];
      /* each pixel pair keeps its chroma */
      dl[du] = sl[su];
      dl[dv] = sl[sv];
    }
  }
}

GST_START_TEST (test_mirror_422)
{
  static const guint pairs[] = { 1, 2, 3, 8, 15, 360, 961 };
  GRand *rand = g_rand_new_with_seed (4242);
  guint i, u;

  for (u = 0; u < 2; u++) {
    for (i = 0; i < G_N_ELEMENTS (pairs); i++) {
      guint n = pairs[i], w = 2 * n, j;
      gint x;
      guint8 *src = g_malloc (n * 4), *dst = g_malloc (n * 4 + 4);

      for (j = 0; j < n * 4; j++)
        src[j] = g_rand_int_range (rand, 0, 256);
      dst[n * 4] = 0x5a;
      gst_tv_convert_mirror_422 (dst, src, n, u);
      for (x = 0; x < (gint) w; x++) {
        gsize dy, du, dv, sy, su, sv;

        packed_px (u, x, &dy, &du, &dv);
        packed_px (u, w - 1 - x, &sy, &su, &sv);
        fail_unless_equals_int (dst[dy], src[sy]);
        fail_unless_equals_int (dst[du], src[su]);
        fail_unless_equals_int (dst[dv], src[sv]);
      }
      fail_unless_equals_int (dst[n * 4], 0x5a);
      g_free (src);
      g_free (dst);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* gst_tv_convert_flip_packed() is the reference flip, on padded frames */
GST_START_TEST (test_flip_packed)
{
  static const GstVideoInterlaceMode modes[] = {
    GST_VIDEO_INTERLACE_MODE_PROGRESSIVE,
    GST_VIDEO_INTERLACE_MODE_INTERLEAVED,
  };
  GRand *rand = g_rand_new_with_seed (77);
  guint f, i, m, flip;

  for (f = 0; f < G_N_ELEMENTS (packed); f++)
    for (i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (m = 0; m < G_N_ELEMENTS (modes); m++)
        for (flip = 1; flip < 4; flip++) {
          gint w = sizes[i].width, h = sizes[i].height;
          gboolean hflip = flip & 1, vflip = (flip & 2) != 0;
          TestFrame s, d, r;

          if (w & 1)
            continue;
          test_frame_init (&s, packed[f], w, h, modes[m], 36, FALSE, rand);
          test_frame_init (&d, packed[f], w, h, modes[m], 36, TRUE, rand);
          test_frame_init (&r, packed[f], w, h, modes[m], 0, TRUE, rand);
          fail_unless (gst_tv_convert_flip_packed (&s.frame, &d.frame, hflip,
                  vflip));
          ref_flip (&s.frame, &r.frame, hflip, vflip, m == 1);
          check_same_422 (&r.frame, &d.frame);
          check_untouched (&d);
          test_frame_clear (&s);
          test_frame_clear (&d);
          test_frame_clear (&r);
        }
  g_rand_free (rand);
}

GST_END_TEST;

/* converting with a flip is converting the flipped source, bit for bit */
GST_START_TEST (test_convert_flip)
{
  static const GstVideoFormat outs[] = {
    F (I420), F (NV12), F (YV12), F (Y42B), F (UYVY), F (YUY2), F (BGRx),
    F (RGBA),
  };
  static const GstVideoInterlaceMode modes[] = {
    GST_VIDEO_INTERLACE_MODE_PROGRESSIVE,
    GST_VIDEO_INTERLACE_MODE_INTERLEAVED,
  };
  GRand *rand = g_rand_new_with_seed (99);
  guint f, o, i, m, flip;

  for (f = 0; f < G_N_ELEMENTS (packed); f++)
    for (o = 0; o < G_N_ELEMENTS (outs); o++)
      for (i = 0; i < G_N_ELEMENTS (sizes); i++)
        for (m = 0; m < G_N_ELEMENTS (modes); m++)
          for (flip = 1; flip < 4; flip++) {
            gint w = sizes[i].width, h = sizes[i].height;
            gboolean hflip = flip & 1, vflip = (flip & 2) != 0;
            GstTvConvert *plain, *flipping;
            TestFrame s, r, d1, d2;

            if (w & 1 || outs[o] == packed[f])
              continue;
            test_frame_init (&s, packed[f], w, h, modes[m], 0, FALSE, rand);
            test_frame_init (&r, packed[f], w, h, modes[m], 0, TRUE, rand);
            test_frame_init (&d1, outs[o], w, h, modes[m], 0, TRUE, rand);
            test_frame_init (&d2, outs[o], w, h, modes[m], 0, TRUE, rand);
            s.info.colorimetry.matrix = r.info.colorimetry.matrix =
                d1.info.colorimetry.matrix = d2.info.colorimetry.matrix =
                GST_VIDEO_COLOR_MATRIX_BT601;
            ref_flip (&s.frame, &r.frame, hflip, vflip, m == 1);

            plain = gst_tv_convert_new (&r.info, &d1.info);
            flipping = gst_tv_convert_new (&s.info, &d2.info);
            fail_unless (gst_tv_convert_is_fast_path (flipping));
            fail_unless (gst_tv_convert_set_flip (flipping, hflip, vflip));
            fail_unless (gst_tv_convert_frame (plain, &r.frame, &d1.frame));
            fail_unless (gst_tv_convert_frame (flipping, &s.frame, &d2.frame));
            fail_unless (memcmp (GST_VIDEO_FRAME_PLANE_DATA (&d1.frame, 0),
                    GST_VIDEO_FRAME_PLANE_DATA (&d2.frame, 0),
                    d1.info.size) == 0, "%s -> %s %dx%d %s hflip %d vflip %d "
                "differs from converting the flipped frame",
                gst_video_format_to_string (packed[f]),
                gst_video_format_to_string (outs[o]), w, h,
                m ? "interlaced" : "progressive", hflip, vflip);

            /* and off again */
            fail_unless (gst_tv_convert_set_flip (flipping, FALSE, FALSE));
            fail_unless (gst_tv_convert_frame (flipping, &r.frame, &d2.frame));
            fail_unless (memcmp (GST_VIDEO_FRAME_PLANE_DATA (&d1.frame, 0),
                    GST_VIDEO_FRAME_PLANE_DATA (&d2.frame, 0),
                    d1.info.size) == 0);

            gst_tv_convert_free (plain);
            gst_tv_convert_free (flipping);
            test_frame_clear (&s);
            test_frame_clear (&r);
            test_frame_clear (&d1);
            test_frame_clear (&d2);
          }
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_flip_refused)
{
  GstVideoInfo sinfo, dinfo;
  GstTvConvert *conv;
  GstVideoFrame s, d;
  GstBuffer *sbuf, *dbuf;

  /* no fast path */
  gst_video_info_set_format (&sinfo, F (I420), 64, 48);
  gst_video_info_set_format (&dinfo, F (BGRx), 64, 48);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_if (gst_tv_convert_set_flip (conv, TRUE, FALSE));
  fail_if (gst_tv_convert_set_flip (conv, FALSE, TRUE));
  fail_unless (gst_tv_convert_set_flip (conv, FALSE, FALSE));
  gst_tv_convert_free (conv);

  /* odd width */
  gst_video_info_set_format (&sinfo, F (UYVY), 33, 8);
  gst_video_info_set_format (&dinfo, F (I420), 33, 8);
  conv = gst_tv_convert_new (&sinfo, &dinfo);
  fail_unless (gst_tv_convert_is_fast_path (conv));
  fail_if (gst_tv_convert_set_flip (conv, TRUE, TRUE));
  gst_tv_convert_free (conv);

  /* flip_packed: formats and sizes must match, no odd width */
  gst_video_info_set_format (&sinfo, F (UYVY), 33, 8);
  gst_video_info_set_format (&dinfo, F (UYVY), 33, 8);
  sbuf = gst_buffer_new_allocate (NULL, sinfo.size, NULL);
  dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
  fail_unless (gst_video_frame_map (&s, &sinfo, sbuf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&d, &dinfo, dbuf, GST_MAP_WRITE));
  fail_if (gst_tv_convert_flip_packed (&s, &d, TRUE, FALSE));
  fail_unless (gst_tv_convert_flip_packed (&s, &d, FALSE, TRUE));
  gst_video_frame_unmap (&d);
  gst_buffer_unref (dbuf);
  gst_video_info_set_format (&dinfo, F (YUY2), 33, 8);
  dbuf = gst_buffer_new_allocate (NULL, dinfo.size, NULL);
  fail_unless (gst_video_frame_map (&d, &dinfo, dbuf, GST_MAP_WRITE));
  fail_if (gst_tv_convert_flip_packed (&s, &d, FALSE, TRUE));
  gst_video_frame_unmap (&d);
  gst_video_frame_unmap (&s);
  gst_buffer_unref (dbuf);
  gst_buffer_unref (sbuf);
}

GST_END_TEST;

static Suite *
tvconvert_suite (void)
{
  Suite *s = suite_create ("tvconvert");
  TCase *tc_paths = tcase_create ("paths");
  TCase *tc_api = tcase_create ("api");

  suite_add_tcase (s, tc_paths);
  tcase_add_test (tc_paths, test_422_to_420);
  tcase_add_test (tc_paths, test_422_to_Y42B);
  tcase_add_test (tc_paths, test_422_to_rgb);
  tcase_add_test (tc_paths, test_avx2_dispatch);
  tcase_add_test (tc_paths, test_swap_422);
  tcase_add_test (tc_paths, test_420_to_422);
  tcase_add_test (tc_paths, test_full_size);
  tcase_add_test (tc_paths, test_rgb_all_values);
  tcase_add_test (tc_paths, test_fields_not_mixed);
  tcase_add_test (tc_paths, test_mixed_flag);
  tcase_add_test (tc_paths, test_mirror_422);
  tcase_add_test (tc_paths, test_flip_packed);
  tcase_add_test (tc_paths, test_convert_flip);
  tcase_add_test (tc_api, test_flip_refused);

  suite_add_tcase (s, tc_api);
  tcase_add_test (tc_api, test_fallback);
  tcase_add_test (tc_api, test_unaligned_stride);
  tcase_add_test (tc_api, test_frame_mismatch);
  tcase_add_test (tc_api, test_formats);
  tcase_add_test (tc_api, test_chroma_site);

  return s;
}

GST_CHECK_MAIN (tvconvert);
