/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Benchmark: the CPU that VBI adds to a capture, per frame, beside the
 * conversion of the same frame to I420 (issue 14's goal: under 5 %).
 * Raw VBI in vivid's format (2 caption lines a 525-line frame, 1 WSS line
 * a 625-line frame, and the worst case, a frame of noise: snow) and
 * sliced VBI (vivid's 36 records), sliced by the VBI library; the
 * conversion is tvconvert's YUYV -> I420 of an interlaced 720x480 or
 * 720x576 frame. Median of a few rounds, printed side by side.
 *
 *   build/tests/benchmarks/tvvbi [--frames 300] [--rounds 7]
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/video/video.h>

#include "tvconvert.h"
#include "vbi/tvvbi.h"

#define N_RECS 36

static gint n_frames = 300;
static gint n_rounds = 7;

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

typedef void (*Work) (gpointer user_data, guint frame);

/* microseconds per frame, the median of the rounds */
static gdouble
measure (Work work, gpointer user_data)
{
  gdouble *rounds = g_new (gdouble, n_rounds);
  gdouble median;
  gint r, f;

  work (user_data, 0);          /* warm up */
  for (r = 0; r < n_rounds; r++) {
    gint64 start = g_get_monotonic_time ();

    for (f = 0; f < n_frames; f++)
      work (user_data, f);
    rounds[r] = (gdouble) (g_get_monotonic_time () - start) / n_frames;
  }
  qsort (rounds, n_rounds, sizeof (gdouble), compare_doubles);
  median = rounds[n_rounds / 2];
  g_free (rounds);
  return median;
}

typedef struct
{
  GstTvConvert *convert;
  GstVideoFrame in, out;
  GstBuffer *inbuf, *outbuf;
} Convert;

static void
convert_work (gpointer user_data, guint frame)
{
  Convert *c = user_data;

  gst_tv_convert_frame (c->convert, &c->in, &c->out);
}

static void
convert_setup (Convert * c, guint height)
{
  GstVideoInfo in_info, out_info;
  GstMapInfo map;

  gst_video_info_set_interlaced_format (&in_info, GST_VIDEO_FORMAT_YUY2,
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 720, height);
  gst_video_info_set_interlaced_format (&out_info, GST_VIDEO_FORMAT_I420,
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 720, height);
  c->convert = gst_tv_convert_new (&in_info, &out_info);
  c->inbuf = gst_buffer_new_allocate (NULL, in_info.size, NULL);
  c->outbuf = gst_buffer_new_allocate (NULL, out_info.size, NULL);
  gst_buffer_map (c->inbuf, &map, GST_MAP_WRITE);
  memset (map.data, 0x80, map.size);
  gst_buffer_unmap (c->inbuf, &map);
  gst_video_frame_map (&c->in, &in_info, c->inbuf, GST_MAP_READ);
  gst_video_frame_map (&c->out, &out_info, c->outbuf, GST_MAP_WRITE);
}

static void
convert_clear (Convert * c)
{
  gst_video_frame_unmap (&c->in);
  gst_video_frame_unmap (&c->out);
  gst_buffer_unref (c->inbuf);
  gst_buffer_unref (c->outbuf);
  gst_tv_convert_free (c->convert);
}

typedef struct
{
  struct v4l2_vbi_format fmt;
  guint lines;
  guint8 *raw;
  gsize size;
  struct v4l2_sliced_vbi_data recs[N_RECS];
  GstTvVbiStats stats;
} Vbi;

static void
raw_work (gpointer user_data, guint frame)
{
  Vbi *v = user_data;
  GstTvVbiData data;

  gst_tv_vbi_raw_decode_frame (&v->fmt, v->lines, v->raw, v->size, &data,
      &v->stats, NULL);
}

static void
sliced_work (gpointer user_data, guint frame)
{
  Vbi *v = user_data;
  GstTvVbiData data;

  gst_tv_vbi_sliced_decode_frame (v->recs, N_RECS, &data, &v->stats);
}

/* vivid's raw format; a frame with captions (525) or WSS (625), or of
 * noise */
static void
vbi_setup (Vbi * v, gboolean is_525, gboolean noise)
{
  GstTvVbiData data = { {0} };

  memset (v, 0, sizeof (*v));
  v->fmt.sampling_rate = 27000000;
  v->fmt.offset = 24;
  v->fmt.samples_per_line = 1440;
  v->fmt.sample_format = V4L2_PIX_FMT_GREY;
  v->fmt.start[0] = is_525 ? 10 : 6;
  v->fmt.start[1] = is_525 ? 273 : 319;
  v->fmt.count[0] = v->fmt.count[1] = is_525 ? 12 : 18;
  v->lines = is_525 ? 525 : 625;
  v->size = gst_tv_vbi_raw_frame_size (&v->fmt);
  v->raw = g_malloc (v->size);
  if (is_525) {
    data.has_caption[0] = data.has_caption[1] = TRUE;
    data.caption[0][0] = gst_tv_vbi_cc_parity ('H');
    data.caption[0][1] = gst_tv_vbi_cc_parity ('i');
    data.caption[1][0] = data.caption[1][1] = gst_tv_vbi_cc_parity (0);
  } else {
    data.has_wss = TRUE;
    data.wss = gst_tv_vbi_wss_word (GST_TV_VBI_WSS_16_9_ANAMORPHIC);
  }
  if (noise) {
    GRand *rand = g_rand_new_with_seed (1);
    gsize i;

    for (i = 0; i < v->size; i++)
      v->raw[i] = g_rand_int_range (rand, 0, 256);
    g_rand_free (rand);
  } else {
    gst_tv_vbi_raw_encode_frame (&v->fmt, v->lines, v->raw, v->size, &data,
        NULL);
  }
  gst_tv_vbi_sliced_encode_frame (&data, v->recs, N_RECS);
}

int
main (int argc, char **argv)
{
  GOptionEntry entries[] = {
    {"frames", 0, 0, G_OPTION_ARG_INT, &n_frames, "frames a round", "N"},
    {"rounds", 0, 0, G_OPTION_ARG_INT, &n_rounds, "rounds (median)", "N"},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("- VBI cost per frame");
  GError *err = NULL;
  guint s;

  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    return 1;
  }
  g_option_context_free (ctx);
  if (n_frames < 1 || n_rounds < 1) {
    g_printerr ("--frames and --rounds must be at least 1\n");
    return 1;
  }

  g_print ("us per frame, median of %d rounds of %d frames\n\n", n_rounds,
      n_frames);
  g_print ("%-6s %-22s %10s %12s %8s\n", "system", "VBI", "VBI us",
      "->I420 us", "VBI %");
  for (s = 0; s < 2; s++) {
    gboolean is_525 = s == 0;
    Convert c;
    Vbi raw, snow;
    gdouble conv, t;

    convert_setup (&c, is_525 ? 480 : 576);
    conv = measure (convert_work, &c);
    vbi_setup (&raw, is_525, FALSE);
    vbi_setup (&snow, is_525, TRUE);

    t = measure (raw_work, &raw);
    g_print ("%-6s %-22s %10.2f %12.2f %7.2f%%\n", is_525 ? "525" : "625",
        is_525 ? "raw, 2 caption lines" : "raw, 1 WSS line", t, conv,
        100 * t / conv);
    t = measure (raw_work, &snow);
    g_print ("%-6s %-22s %10.2f %12.2f %7.2f%%\n", is_525 ? "525" : "625",
        "raw, noise (snow)", t, conv, 100 * t / conv);
    t = measure (sliced_work, &raw);
    g_print ("%-6s %-22s %10.2f %12.2f %7.2f%%\n", is_525 ? "525" : "625",
        "sliced, 36 records", t, conv, 100 * t / conv);

    if (raw.stats.captions + raw.stats.wss == 0 || snow.stats.captions != 0
        || snow.stats.wss != 0) {
      g_printerr ("the decoder did not find what the frames carry\n");
      return 1;
    }
    g_free (raw.raw);
    g_free (snow.raw);
    convert_clear (&c);
  }
  return 0;
}
