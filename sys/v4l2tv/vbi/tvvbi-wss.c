/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: the widescreen signal of 625-line video (ETSI EN
 * 300 294) on the first half of line 23. Elements of 200 ns (5 MHz): 29
 * of run-in, 24 of start code, then 14 bits b0..b13 of 6 elements each
 * in biphase (1: 111000, 0: 000111). Bits b0..b3 are the aspect-ratio
 * group, b3 its odd parity; b4..b7 enhanced services, b8..b10 subtitles,
 * b11..b13 surround sound and copy protection (no parity).
 *
 * The slicer looks for the run-in's first rise, measures the element on
 * the run-in (its rise 26 elements later), checks the whole run-in and
 * start code and reads each bit as the difference of its two halves.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "vbi/tvvbi-priv.h"

#define WSS_ELEMENT_RATE 5000000.0
#define WSS_START_US 11.0
#define WSS_RUN_IN 29
#define WSS_START_CODE 24
#define WSS_HEADER (WSS_RUN_IN + WSS_START_CODE)
#define WSS_BITS 14
#define WSS_ELEMENTS (WSS_HEADER + WSS_BITS * 6)
#define WSS_MIN_SWING 32

/* run-in 1 1111 0001 1100 0111 0001 1100 0111, start code 0001 1110 0011
 * 1100 0001 1111, first element first */
static const gchar header[WSS_HEADER + 1] =
    "11111000111000111000111000111" "000111100011110000011111";

/* the aspects' names by code (b0..b3); the codes with even parity have
 * none */
static const gchar *const aspect_names[16] = {
  [GST_TV_VBI_WSS_4_3_FULL] = "4:3 full format",
  [GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE] = "14:9 letterbox centre",
  [GST_TV_VBI_WSS_14_9_LETTERBOX_TOP] = "14:9 letterbox top",
  [GST_TV_VBI_WSS_16_9_LETTERBOX_CENTRE] = "16:9 letterbox centre",
  [GST_TV_VBI_WSS_16_9_LETTERBOX_TOP] = "16:9 letterbox top",
  [GST_TV_VBI_WSS_ABOVE_16_9_LETTERBOX_CENTRE] = ">16:9 letterbox centre",
  [GST_TV_VBI_WSS_14_9_FULL] = "14:9 full format",
  [GST_TV_VBI_WSS_16_9_ANAMORPHIC] = "16:9 full format (anamorphic)",
};

/**
 * gst_tv_vbi_wss_aspect:
 * @word: a WSS word
 *
 * Returns: its aspect-ratio group, %GST_TV_VBI_WSS_INVALID when b0..b3
 * do not have odd parity
 */
GstTvVbiWssAspect
gst_tv_vbi_wss_aspect (guint16 word)
{
  guint code = word & 0xf;

  /* the eight codes with odd parity are exactly the eight aspects */
  if (__builtin_popcount (code) % 2 == 0)
    return GST_TV_VBI_WSS_INVALID;
  return (GstTvVbiWssAspect) code;
}

const gchar *
gst_tv_vbi_wss_aspect_name (GstTvVbiWssAspect aspect)
{
  const gchar *name = NULL;

  if ((guint) aspect < G_N_ELEMENTS (aspect_names))
    name = aspect_names[aspect];
  return name != NULL ? name : "invalid";
}

guint16
gst_tv_vbi_wss_word (GstTvVbiWssAspect aspect)
{
  return aspect & 0xf;
}

/* the element at @k from the run-in's start @e0, @spe samples long:
 * 1, 0, or -1 for a level too close to the threshold */
static gint
element (const guint8 * line, guint n, gdouble e0, gdouble spe, guint k,
    gdouble thr)
{
  gdouble v = gst_tv_vbi_average (line, n, e0 + (k + 0.5) * spe, spe / 4);

  if (v < 0)
    return -1;
  return v > thr;
}

static GstTvVbiResult
read_at (const guint8 * line, guint n, const GstTvVbiEdge * edges,
    guint n_edges, guint e, gdouble spe0, gdouble thr, gdouble swing,
    guint16 * word)
{
  gdouble e0 = edges[e].pos, spe = spe0;
  guint16 w = 0;
  guint k, miss = 0;

  /* the element length, between the run-in's second and last rises
   * (elements 8 and 26: the same interpolation error on both) */
  {
    gdouble e8 = -1, e26 = -1;

    for (k = e + 1; k < n_edges && edges[k].pos < e0 + 30 * spe0; k++) {
      if (!edges[k].rising)
        continue;
      if (e8 < 0 && fabs (edges[k].pos - e0 - 8 * spe0) < 1.5 * spe0)
        e8 = edges[k].pos;
      else if (fabs (edges[k].pos - e0 - 26 * spe0) < 2 * spe0)
        e26 = edges[k].pos;
    }
    if (e8 < 0 || e26 < 0)
      return GST_TV_VBI_NONE;
    spe = (e26 - e8) / 18;
    if (fabs (spe - spe0) > 0.05 * spe0)
      return GST_TV_VBI_NONE;
    e0 = e8 - 8 * spe;
  }
  if (e0 + WSS_ELEMENTS * spe > n)
    return GST_TV_VBI_NONE;

  for (k = 0; k < WSS_HEADER; k++) {
    if (element (line, n, e0, spe, k, thr) != header[k] - '0')
      miss++;
  }
  if (miss > 1)
    return GST_TV_VBI_NONE;

  /* then the line through every edge of the run-in and start code, by
   * least squares: the data bits lie far from the run-in */
  {
    gdouble sk = 0, sp = 0, skk = 0, skp = 0;
    guint m = 0;

    for (k = e + 1; k < n_edges && edges[k].pos < e0 + WSS_HEADER * spe; k++) {
      gdouble x = (edges[k].pos - e0) / spe;
      gdouble kk = floor (x + 0.5);

      if (kk < 1 || fabs (x - kk) > 0.3)
        continue;
      sk += kk;
      sp += edges[k].pos;
      skk += kk * kk;
      skp += kk * edges[k].pos;
      m++;
    }
    if (m >= 6 && m * skk - sk * sk > 0) {
      gdouble b = (m * skp - sk * sp) / (m * skk - sk * sk);

      if (fabs (b - spe0) <= 0.05 * spe0) {
        spe = b;
        e0 = (sp - b * sk) / m;
      }
    }
  }
  if (e0 + WSS_ELEMENTS * spe > n)
    return GST_TV_VBI_NONE;

  for (k = 0; k < WSS_BITS; k++) {
    gdouble first = 0, second = 0;
    guint j;

    for (j = 0; j < 3; j++) {
      first += gst_tv_vbi_average (line, n,
          e0 + (WSS_HEADER + 6 * k + j + 0.5) * spe, spe / 4);
      second += gst_tv_vbi_average (line, n,
          e0 + (WSS_HEADER + 6 * k + 3 + j + 0.5) * spe, spe / 4);
    }
    /* biphase: the halves differ by the full swing; less is no WSS */
    if (fabs (first - second) / 3 < swing / 2)
      return GST_TV_VBI_NONE;
    if (first > second)
      w |= 1 << k;
  }
  *word = w;
  return gst_tv_vbi_wss_aspect (w) == GST_TV_VBI_WSS_INVALID ?
      GST_TV_VBI_PARITY_ERROR : GST_TV_VBI_OK;
}

/**
 * gst_tv_vbi_wss_decode_line:
 * @fmt: the raw format
 * @line: fmt->samples_per_line samples of line 23
 * @word: (out): the 14 bits
 *
 * Returns: what the line carries
 */
GstTvVbiResult
gst_tv_vbi_wss_decode_line (const struct v4l2_vbi_format *fmt,
    const guint8 * line, guint16 * word)
{
  GstTvVbiEdge edges[GST_TV_VBI_MAX_EDGES];
  guint n = fmt->samples_per_line;
  guint lo, hi, n_edges, i, end;
  gdouble thr, spe0;

  g_return_val_if_fail (fmt != NULL, GST_TV_VBI_NONE);
  g_return_val_if_fail (line != NULL, GST_TV_VBI_NONE);
  g_return_val_if_fail (word != NULL, GST_TV_VBI_NONE);

  if (fmt->sampling_rate == 0 || n == 0)
    return GST_TV_VBI_NONE;
  /* an element lasts 5.4 samples at 27 MHz; the edges of the run-in and
   * start code are all the search needs, so it stops where the data
   * bits of a run-in starting there would no longer fit the line */
  spe0 = fmt->sampling_rate / WSS_ELEMENT_RATE;
  end = n - MIN (n, (guint) ((WSS_ELEMENTS - WSS_HEADER) * spe0 * 0.95));
  gst_tv_vbi_line_range (line, n, &lo, &hi);
  if (hi - lo < WSS_MIN_SWING)
    return GST_TV_VBI_NONE;
  thr = (lo + hi) / 2.0;
  n_edges = gst_tv_vbi_find_edges (line, end, thr, (hi - lo) / 6.0,
      edges, G_N_ELEMENTS (edges));
  if (n_edges == G_N_ELEMENTS (edges))
    return GST_TV_VBI_NONE;

  for (i = 0; i < n_edges; i++) {
    GstTvVbiResult res;

    if (!edges[i].rising)
      continue;
    if (edges[i].pos + WSS_ELEMENTS * spe0 * 0.95 > n)
      break;
    /* the run-in opens with 5 elements high */
    if (i + 1 >= n_edges
        || fabs (edges[i + 1].pos - edges[i].pos - 5 * spe0) > 1.5 * spe0)
      continue;
    res = read_at (line, n, edges, n_edges, i, spe0, thr, hi - lo, word);
    if (res != GST_TV_VBI_NONE)
      return res;
  }
  return GST_TV_VBI_NONE;
}

/**
 * gst_tv_vbi_wss_encode_line:
 * @fmt: the raw format
 * @line: (out): fmt->samples_per_line samples
 * @word: the 14 bits to send
 */
void
gst_tv_vbi_wss_encode_line (const struct v4l2_vbi_format *fmt,
    guint8 * line, guint16 word)
{
  guint8 units[WSS_ELEMENTS];
  gdouble spe, t0;
  guint k, j;

  g_return_if_fail (fmt != NULL);
  g_return_if_fail (line != NULL);

  memset (line, GST_TV_VBI_LEVEL_BLANK, fmt->samples_per_line);
  if (fmt->sampling_rate == 0)
    return;
  for (k = 0; k < WSS_HEADER; k++)
    units[k] = header[k] - '0';
  for (k = 0; k < WSS_BITS; k++) {
    gboolean one = (word >> k) & 1;

    for (j = 0; j < 6; j++)
      units[WSS_HEADER + 6 * k + j] = (j < 3) == one;
  }
  spe = fmt->sampling_rate / WSS_ELEMENT_RATE;
  t0 = MAX (WSS_START_US * 1e-6 * fmt->sampling_rate - fmt->offset, 0.0);
  gst_tv_vbi_render_units (line, fmt->samples_per_line, t0, spe, units,
      G_N_ELEMENTS (units), GST_TV_VBI_LEVEL_BLANK, GST_TV_VBI_LEVEL_WSS);
}
