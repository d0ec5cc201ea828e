/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Benchmark of the tvconvert library (built, not run as a test).
 *
 * For each conversion of the fast-path table at 720x480, 720x576 and
 * 1920x1080 it prints frames/s and GB/s (bytes read + bytes written) of
 *   ours      gst_tv_convert_frame()
 *   orc       the same with its AVX2 rows turned off: the ORC kernels
 *             alone (only on CPUs with AVX2)
 *   gvc       GstVideoConverter with one thread (what videoconvert does)
 *   libyuv    its direct function, when built with libyuv-dev (per field
 *             with doubled strides for interlaced frames)
 *   swscale   sws_scale(), when built with libswscale-dev (progressive)
 *   memcpy    memcpy() of the source frame's bytes
 * in two modes: hot (one source and one destination frame, reused: the
 * data stays in cache) and streaming (rings of frames of at least 128 MiB
 * each, larger than the last-level cache, as fresh capture buffers are).
 * The implementations are interleaved in the same run: every repetition
 * runs a batch of each in turn; the medians of the repetitions are
 * printed, and the ratios ours/libyuv, ours/gvc and ours/memcpy (in
 * frames/s) close the output.
 *
 *   tvconvert [--mode hot|streaming] [--size WxH] [--only SUBSTRING]
 *             [--reps N] [--batch-ms MS] [--markdown]
 *
 * ORC_CODE=backup runs the C fallback of the kernels, without rebuilding;
 * GST_TV_CONVERT_AVX2=0 turns the AVX2 rows off ("ours" is then the ORC
 * kernels and the orc column is empty).
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/video/video.h>

#include "tvconvert.h"
#include "tvconvert-avx2.h"

#ifdef HAVE_LIBYUV
#include <libyuv.h>
#endif
#ifdef HAVE_SWSCALE
#include <libswscale/swscale.h>
#endif

#define F(fmt) GST_VIDEO_FORMAT_ ## fmt
#define RING_BYTES (128u << 20)

enum
{
  IMPL_OURS,
  IMPL_ORC,
  IMPL_GVC,
  IMPL_LIBYUV,
  IMPL_SWSCALE,
  IMPL_MEMCPY,
  N_IMPLS
};

static const gchar *impl_names[N_IMPLS] = {
  "ours", "orc", "gvc", "libyuv", "swscale", "memcpy"
};

typedef struct
{
  GstVideoFormat in, out;
  gboolean interlaced;
} Conversion;

static const Conversion conversions[] = {
  {F (UYVY), F (I420), FALSE},
  {F (UYVY), F (I420), TRUE},
  {F (UYVY), F (YV12), FALSE},
  {F (UYVY), F (NV12), FALSE},
  {F (UYVY), F (NV12), TRUE},
  {F (UYVY), F (Y42B), FALSE},
  {F (UYVY), F (BGRx), FALSE},
  {F (UYVY), F (BGRA), FALSE},
  {F (UYVY), F (RGBx), FALSE},
  {F (UYVY), F (xRGB), FALSE},
  {F (YUY2), F (I420), FALSE},
  {F (YUY2), F (YV12), FALSE},
  {F (YUY2), F (NV12), FALSE},
  {F (YUY2), F (Y42B), FALSE},
  {F (YUY2), F (BGRx), FALSE},
  {F (UYVY), F (YUY2), FALSE},
  {F (YUY2), F (UYVY), FALSE},
  {F (I420), F (UYVY), FALSE},
  {F (I420), F (UYVY), TRUE},
  {F (I420), F (YUY2), FALSE},
  {F (YV12), F (UYVY), FALSE},
  {F (NV12), F (UYVY), FALSE},
  {F (NV12), F (YUY2), FALSE},
};

typedef struct
{
  gint width, height;
} Size;

static const Size sizes[] = { {720, 480}, {720, 576}, {1920, 1080} };

/* a ring of frames of one format, mapped once */
typedef struct
{
  GstVideoInfo info;
  guint n_frames;
  guint8 *memory;
  GstBuffer **buffers;
  GstVideoFrame *frames;
} Ring;

/* @min_size: room for at least that much in every frame (memcpy) */
static void
ring_init (Ring * ring, const GstVideoInfo * info, gsize min_size,
    gboolean streaming, gboolean write, guint32 seed)
{
  gsize size = GST_ROUND_UP_64 (MAX (info->size, min_size)), total, i;
  guint32 x = seed;
  guint f;

  ring->info = *info;
  ring->n_frames = streaming ? MAX (2, (RING_BYTES + size - 1) / size) : 1;
  total = size * ring->n_frames;
  ring->memory = g_malloc (total);
  /* touch everything (no page faults in the timing); random-ish samples */
  for (i = 0; i + 4 <= total; i += 4) {
    x = x * 1664525u + 1013904223u;
    memcpy (ring->memory + i, &x, 4);
  }
  ring->buffers = g_new (GstBuffer *, ring->n_frames);
  ring->frames = g_new (GstVideoFrame, ring->n_frames);
  for (f = 0; f < ring->n_frames; f++) {
    ring->buffers[f] = gst_buffer_new_wrapped_full (0, ring->memory +
        f * size, size, 0, info->size, NULL, NULL);
    if (GST_VIDEO_INFO_INTERLACE_MODE (info) ==
        GST_VIDEO_INTERLACE_MODE_INTERLEAVED)
      GST_BUFFER_FLAG_SET (ring->buffers[f], GST_VIDEO_BUFFER_FLAG_INTERLACED);
    if (!gst_video_frame_map (&ring->frames[f], info, ring->buffers[f],
            write ? GST_MAP_READWRITE : GST_MAP_READ))
      g_error ("cannot map a frame");
  }
}

static void
ring_clear (Ring * ring)
{
  guint f;

  for (f = 0; f < ring->n_frames; f++) {
    gst_video_frame_unmap (&ring->frames[f]);
    gst_buffer_unref (ring->buffers[f]);
  }
  g_free (ring->frames);
  g_free (ring->buffers);
  g_free (ring->memory);
}

#define DATA(f, c) ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (f, c))
#define STRIDE(f, c) GST_VIDEO_FRAME_COMP_STRIDE (f, c)
#define PDATA(f) ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (f, 0))
#define PSTRIDE(f) GST_VIDEO_FRAME_PLANE_STRIDE (f, 0)

#ifdef HAVE_LIBYUV
/* one libyuv call over a picture, or over one field with @field_mul 2 */
static gboolean
libyuv_run (const Conversion * c, GstVideoFrame * s, GstVideoFrame * d,
    gint field, gint field_mul)
{
  gint w = GST_VIDEO_FRAME_WIDTH (s);
  gint h = (GST_VIDEO_FRAME_HEIGHT (s) + field_mul - 1 - field) / field_mul;
  gboolean uyvy = c->in == F (UYVY);
  gint k = field_mul;
  const guint8 *sp = PDATA (s) + field * PSTRIDE (s);
  gint ss = PSTRIDE (s) * k;

  switch (c->out) {
    case F (I420):
    case F (YV12):
      (uyvy ? UYVYToI420 : YUY2ToI420) (sp, ss,
          DATA (d, 0) + field * STRIDE (d, 0), STRIDE (d, 0) * k,
          DATA (d, 1) + field * STRIDE (d, 1), STRIDE (d, 1) * k,
          DATA (d, 2) + field * STRIDE (d, 2), STRIDE (d, 2) * k, w, h);
      return TRUE;
    case F (NV12):
      (uyvy ? UYVYToNV12 : YUY2ToNV12) (sp, ss,
          DATA (d, 0) + field * STRIDE (d, 0), STRIDE (d, 0) * k,
          DATA (d, 1) + field * STRIDE (d, 1), STRIDE (d, 1) * k, w, h);
      return TRUE;
    case F (Y42B):
      (uyvy ? UYVYToI422 : YUY2ToI422) (sp, ss,
          DATA (d, 0) + field * STRIDE (d, 0), STRIDE (d, 0) * k,
          DATA (d, 1) + field * STRIDE (d, 1), STRIDE (d, 1) * k,
          DATA (d, 2) + field * STRIDE (d, 2), STRIDE (d, 2) * k, w, h);
      return TRUE;
    case F (BGRx):
    case F (BGRA):
      /* libyuv's ARGB is B G R A in memory */
      (uyvy ? UYVYToARGB : YUY2ToARGB) (sp, ss,
          PDATA (d) + field * PSTRIDE (d), PSTRIDE (d) * k, w, h);
      return TRUE;
    case F (UYVY):
    case F (YUY2):
      if (c->in != F (I420) && c->in != F (YV12))
        return FALSE;
      (c->out == F (UYVY) ? I420ToUYVY : I420ToYUY2) (DATA (s, 0) +
          field * STRIDE (s, 0), STRIDE (s, 0) * k,
          DATA (s, 1) + field * STRIDE (s, 1), STRIDE (s, 1) * k,
          DATA (s, 2) + field * STRIDE (s, 2), STRIDE (s, 2) * k,
          PDATA (d) + field * PSTRIDE (d), PSTRIDE (d) * k, w, h);
      return TRUE;
    default:
      return FALSE;
  }
}

static gboolean
libyuv_convert (const Conversion * c, GstVideoFrame * s, GstVideoFrame * d)
{
  if (!c->interlaced)
    return libyuv_run (c, s, d, 0, 1);
  return libyuv_run (c, s, d, 0, 2) && libyuv_run (c, s, d, 1, 2);
}
#endif

#ifdef HAVE_SWSCALE
static enum AVPixelFormat
av_format (GstVideoFormat f)
{
  switch (f) {
    case F (UYVY):
      return AV_PIX_FMT_UYVY422;
    case F (YUY2):
      return AV_PIX_FMT_YUYV422;
    case F (I420):
    case F (YV12):
      return AV_PIX_FMT_YUV420P;
    case F (NV12):
      return AV_PIX_FMT_NV12;
    case F (Y42B):
      return AV_PIX_FMT_YUV422P;
    case F (BGRx):
      return AV_PIX_FMT_BGR0;
    case F (BGRA):
      return AV_PIX_FMT_BGRA;
    case F (RGBx):
      return AV_PIX_FMT_RGB0;
    case F (xRGB):
      return AV_PIX_FMT_0RGB;
    default:
      return AV_PIX_FMT_NONE;
  }
}

/* Y, U, V planes (YV12 as I420) or the planes as they are */
static void
av_planes (GstVideoFrame * f, guint8 * data[4], int stride[4])
{
  guint i, n = GST_VIDEO_FRAME_N_COMPONENTS (f);

  memset (data, 0, 4 * sizeof (data[0]));
  memset (stride, 0, 4 * sizeof (stride[0]));
  if (GST_VIDEO_FRAME_N_PLANES (f) == 3) {
    for (i = 0; i < 3 && i < n; i++) {
      data[i] = DATA (f, i);
      stride[i] = STRIDE (f, i);
    }
  } else {
    for (i = 0; i < GST_VIDEO_FRAME_N_PLANES (f); i++) {
      data[i] = GST_VIDEO_FRAME_PLANE_DATA (f, i);
      stride[i] = GST_VIDEO_FRAME_PLANE_STRIDE (f, i);
    }
  }
}
#endif

typedef struct
{
  const Conversion *conv;
  Ring *src, *dest;
  GstTvConvert *ours;
  GstVideoConverter *gvc;
#ifdef HAVE_SWSCALE
  struct SwsContext *sws;
#endif
  guint next;                   /* ring position, shared by all */
} Bench;

static gboolean
impl_available (Bench * b, gint impl)
{
  switch (impl) {
    case IMPL_ORC:
      /* only where the AVX2 rows run */
      return tv_convert_avx2_swap_row () != NULL;
    case IMPL_LIBYUV:
#ifdef HAVE_LIBYUV
      return libyuv_convert (b->conv, &b->src->frames[0], &b->dest->frames[0]);
#else
      return FALSE;
#endif
    case IMPL_SWSCALE:
#ifdef HAVE_SWSCALE
      return b->sws != NULL;
#else
      return FALSE;
#endif
    default:
      return TRUE;
  }
}

static void
run_frame (Bench * b, gint impl)
{
  GstVideoFrame *s = &b->src->frames[b->next % b->src->n_frames];
  GstVideoFrame *d = &b->dest->frames[b->next % b->dest->n_frames];

  b->next++;
  switch (impl) {
    case IMPL_OURS:
      gst_tv_convert_frame (b->ours, s, d);
      break;
    case IMPL_ORC:
      tv_convert_avx2_set_enabled (FALSE);
      gst_tv_convert_frame (b->ours, s, d);
      tv_convert_avx2_set_enabled (TRUE);
      break;
    case IMPL_GVC:
      gst_video_converter_frame (b->gvc, s, d);
      break;
    case IMPL_LIBYUV:
#ifdef HAVE_LIBYUV
      libyuv_convert (b->conv, s, d);
#endif
      break;
    case IMPL_SWSCALE:
#ifdef HAVE_SWSCALE
    {
      guint8 *sd[4], *dd[4];
      int sstr[4], dstr[4];

      av_planes (s, sd, sstr);
      av_planes (d, dd, dstr);
      sws_scale (b->sws, (const guint8 * const *) sd, sstr, 0,
          GST_VIDEO_FRAME_HEIGHT (s), dd, dstr);
    }
#endif
      break;
    case IMPL_MEMCPY:
      /* the destination frames have room for it */
      memcpy (PDATA (d), PDATA (s), b->src->info.size);
      break;
  }
}

static gint
compare_double (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

typedef struct
{
  gdouble fps[N_IMPLS];         /* 0: not measured */
} Result;

static void
bench_one (const Conversion * c, const Size * sz, gboolean streaming,
    guint reps, gdouble batch_ms, Result * res)
{
  GstVideoInterlaceMode mode = c->interlaced ?
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED :
      GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
  GstVideoInfo sinfo, dinfo;
  Ring src, dest;
  Bench b = { c, &src, &dest };
  gdouble *times[N_IMPLS];
  guint frames[N_IMPLS];
  gboolean avail[N_IMPLS];
  guint r, i;
  gint impl;

  gst_video_info_set_interlaced_format (&sinfo, c->in, mode, sz->width,
      sz->height);
  gst_video_info_set_interlaced_format (&dinfo, c->out, mode, sz->width,
      sz->height);
  /* analog TV is BT.601, at any size */
  sinfo.colorimetry.matrix = dinfo.colorimetry.matrix =
      GST_VIDEO_COLOR_MATRIX_BT601;
  ring_init (&src, &sinfo, 0, streaming, FALSE, 1);
  ring_init (&dest, &dinfo, sinfo.size, streaming, TRUE, 2);

  b.ours = gst_tv_convert_new (&sinfo, &dinfo);
  if (!gst_tv_convert_is_fast_path (b.ours))
    g_printerr ("warning: %s -> %s has no fast path\n",
        gst_video_format_to_string (c->in),
        gst_video_format_to_string (c->out));
  b.gvc = gst_video_converter_new (&sinfo, &dinfo,
      gst_structure_new ("GstVideoConverter",
          GST_VIDEO_CONVERTER_OPT_THREADS, G_TYPE_UINT, 1, NULL));
#ifdef HAVE_SWSCALE
  b.sws = NULL;
  if (!c->interlaced && av_format (c->in) != AV_PIX_FMT_NONE &&
      av_format (c->out) != AV_PIX_FMT_NONE)
    b.sws = sws_getContext (sz->width, sz->height, av_format (c->in),
        sz->width, sz->height, av_format (c->out), SWS_POINT, NULL, NULL, NULL);
#endif

  /* calibrate: frames per batch for about batch_ms */
  for (impl = 0; impl < N_IMPLS; impl++) {
    gint64 t0;
    gdouble t;

    avail[impl] = impl_available (&b, impl);
    times[impl] = g_new0 (gdouble, reps);
    frames[impl] = 0;
    if (!avail[impl])
      continue;
    run_frame (&b, impl);
    t0 = g_get_monotonic_time ();
    for (i = 0; i < 3; i++)
      run_frame (&b, impl);
    t = (g_get_monotonic_time () - t0) / 3000.0;
    frames[impl] = CLAMP (batch_ms / MAX (t, 0.001), 3, 100000);
  }

  /* interleaved: each repetition runs every implementation once */
  for (r = 0; r < reps; r++) {
    for (impl = 0; impl < N_IMPLS; impl++) {
      gint64 t0;

      if (!avail[impl])
        continue;
      t0 = g_get_monotonic_time ();
      for (i = 0; i < frames[impl]; i++)
        run_frame (&b, impl);
      times[impl][r] = (g_get_monotonic_time () - t0) / 1e6 / frames[impl];
    }
  }

  for (impl = 0; impl < N_IMPLS; impl++) {
    res->fps[impl] = 0;
    if (avail[impl]) {
      qsort (times[impl], reps, sizeof (gdouble), compare_double);
      res->fps[impl] = 1.0 / times[impl][reps / 2];
    }
    g_free (times[impl]);
  }

  gst_tv_convert_free (b.ours);
  gst_video_converter_free (b.gvc);
#ifdef HAVE_SWSCALE
  if (b.sws)
    sws_freeContext (b.sws);
#endif
  ring_clear (&src);
  ring_clear (&dest);
}

static gchar *
conv_name (const Conversion * c)
{
  return g_strdup_printf ("%s->%s%s", gst_video_format_to_string (c->in),
      gst_video_format_to_string (c->out), c->interlaced ? " (i)" : "");
}

static gsize
frame_bytes (GstVideoFormat f, const Size * sz)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, f, sz->width, sz->height);
  return info.size;
}

static void
print_ratio (gdouble a, gdouble b, gboolean markdown)
{
  if (a > 0 && b > 0)
    g_print (markdown ? " %.2f |" : " %7.2f", a / b);
  else
    g_print (markdown ? " - |" : " %7s", "-");
}

int
main (int argc, char **argv)
{
  gchar *mode_opt = NULL, *size_opt = NULL, *only = NULL;
  gint reps = 7;
  gdouble batch_ms = 40;
  gboolean markdown = FALSE;
  GOptionEntry entries[] = {
    {"mode", 0, 0, G_OPTION_ARG_STRING, &mode_opt,
        "hot or streaming (default: both)", "MODE"},
    {"size", 0, 0, G_OPTION_ARG_STRING, &size_opt,
        "only this size, WxH (default: 720x480, 720x576, 1920x1080)", "WxH"},
    {"only", 0, 0, G_OPTION_ARG_STRING, &only,
        "only conversions whose name contains this (e.g. UYVY->I420)", "S"},
    {"reps", 0, 0, G_OPTION_ARG_INT, &reps, "repetitions (median, 7)", "N"},
    {"batch-ms", 0, 0, G_OPTION_ARG_DOUBLE, &batch_ms,
        "length of one batch (40)", "MS"},
    {"markdown", 0, 0, G_OPTION_ARG_NONE, &markdown,
        "print Markdown tables", NULL},
    {NULL}
  };
  GOptionContext *ctx;
  GError *err = NULL;
  Size custom;
  const Size *size_list = sizes;
  guint n_sizes = G_N_ELEMENTS (sizes), s, m, ci, n_results = 0;
  Result *results;
  gint impl;

  ctx = g_option_context_new ("- benchmark tvconvert");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    return 2;
  }
  g_option_context_free (ctx);
  gst_init (NULL, NULL);
  reps = MAX (reps, 1);
  if (size_opt) {
    if (sscanf (size_opt, "%dx%d", &custom.width, &custom.height) != 2) {
      g_printerr ("bad --size\n");
      return 2;
    }
    size_list = &custom;
    n_sizes = 1;
  }

  g_print ("tvconvert benchmark: frames/s and GB/s (read + written), "
      "medians of %d, single thread%s\n", reps,
      g_getenv ("ORC_CODE") ? " (ORC_CODE set)" : "");
  g_print ("libyuv: %s, swscale: %s\n",
#ifdef HAVE_LIBYUV
      "yes",
#else
      "not built",
#endif
#ifdef HAVE_SWSCALE
      "yes"
#else
      "not built"
#endif
      );

  results = g_new0 (Result, 2 * n_sizes * G_N_ELEMENTS (conversions));
  for (m = 0; m < 2; m++) {
    gboolean streaming = m == 1;

    if (mode_opt && strcmp (mode_opt, streaming ? "streaming" : "hot"))
      continue;
    for (s = 0; s < n_sizes; s++) {
      const Size *sz = &size_list[s];

      if (markdown) {
        g_print ("\n### %s, %dx%d\n\n| conversion |", streaming ?
            "streaming" : "hot", sz->width, sz->height);
        for (impl = 0; impl < N_IMPLS; impl++)
          g_print (" %s fps (GB/s) |", impl_names[impl]);
        g_print (" ours/libyuv | ours/gvc | ours/memcpy |\n|---|");
        for (impl = 0; impl < N_IMPLS + 3; impl++)
          g_print ("---:|");
        g_print ("\n");
      } else {
        g_print ("\n%s %dx%d%*s", streaming ? "streaming" : "hot",
            sz->width, sz->height, 8, "");
        for (impl = 0; impl < N_IMPLS; impl++)
          g_print (" %16s", impl_names[impl]);
        g_print ("  /libyuv    /gvc /memcpy\n");
      }
      for (ci = 0; ci < G_N_ELEMENTS (conversions); ci++) {
        const Conversion *c = &conversions[ci];
        gchar *name = conv_name (c);
        Result *res = &results[(m * n_sizes + s) * G_N_ELEMENTS (conversions)
            + ci];
        gsize sb = frame_bytes (c->in, sz), db = frame_bytes (c->out, sz);

        if (only && !strstr (name, only)) {
          g_free (name);
          continue;
        }
        bench_one (c, sz, streaming, reps, batch_ms, res);
        n_results++;
        g_print (markdown ? "| %s |" : "%-22s", name);
        for (impl = 0; impl < N_IMPLS; impl++) {
          gdouble bytes = impl == IMPL_MEMCPY ? 2.0 * sb : sb + db;

          if (res->fps[impl] > 0)
            g_print (markdown ? " %.0f (%.1f) |" : " %8.0f (%5.2f)",
                res->fps[impl], res->fps[impl] * bytes / 1e9);
          else
            g_print (markdown ? " - |" : " %16s", "-");
        }
        print_ratio (res->fps[IMPL_OURS], res->fps[IMPL_LIBYUV], markdown);
        print_ratio (res->fps[IMPL_OURS], res->fps[IMPL_GVC], markdown);
        print_ratio (res->fps[IMPL_OURS], res->fps[IMPL_MEMCPY], markdown);
        g_print ("\n");
        g_free (name);
      }
    }
  }

  /* the ratios once more, together, at the end */
  g_print ("\nratios in frames/s (memcpy: of the source frame's bytes):\n");
  g_print ("%-10s %-10s %-22s %8s %8s %8s\n", "mode", "size", "conversion",
      "/libyuv", "/gvc", "/memcpy");
  for (m = 0; m < 2; m++)
    for (s = 0; s < n_sizes; s++)
      for (ci = 0; ci < G_N_ELEMENTS (conversions); ci++) {
        Result *res = &results[(m * n_sizes + s) * G_N_ELEMENTS (conversions)
            + ci];
        gchar *name, *size;

        if (res->fps[IMPL_OURS] == 0)
          continue;
        name = conv_name (&conversions[ci]);
        size = g_strdup_printf ("%dx%d", size_list[s].width,
            size_list[s].height);
        g_print ("%-10s %-10s %-22s", m ? "streaming" : "hot", size, name);
        print_ratio (res->fps[IMPL_OURS], res->fps[IMPL_LIBYUV], FALSE);
        print_ratio (res->fps[IMPL_OURS], res->fps[IMPL_GVC], FALSE);
        print_ratio (res->fps[IMPL_OURS], res->fps[IMPL_MEMCPY], FALSE);
        g_print ("\n");
        g_free (name);
        g_free (size);
      }
  g_free (results);
  return n_results > 0 ? 0 : 1;
}
