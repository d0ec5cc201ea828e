/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: raw VBI formats, where a line sits in a frame, the
 * frame-level decoder and synthesiser over the line codes of
 * tvvbi-cc.c and tvvbi-wss.c, and the signal helpers they share.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "vbi/tvvbi-priv.h"

G_DEFINE_QUARK (gst - tv - vbi - error - quark, gst_tv_vbi_error);

#define MIN_RATE 5000000
#define MAX_RATE 100000000
#define MIN_SAMPLES 256
#define MAX_SAMPLES 8192
#define MAX_COUNT 1024

/* ITU line number of field 2's first line minus 1: field 2 line L is ITU
 * line L + this */
static guint
field2_base (guint system_lines)
{
  return system_lines == 525 ? 263 : 313;
}

/**
 * gst_tv_vbi_raw_format_check:
 * @fmt: a raw VBI format, as G_FMT answered it
 * @error: where to put the reason it is refused
 *
 * Returns: whether the library reads and writes raw VBI in @fmt
 */
gboolean
gst_tv_vbi_raw_format_check (const struct v4l2_vbi_format *fmt, GError ** error)
{
  g_return_val_if_fail (fmt != NULL, FALSE);

  if (fmt->sample_format != V4L2_PIX_FMT_GREY) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "raw VBI sample format 0x%08x ('%c%c%c%c') is not supported: only "
        "8-bit samples, V4L2_PIX_FMT_GREY ('GREY')", fmt->sample_format,
        g_ascii_isprint (fmt->sample_format & 0xff) ?
        fmt->sample_format & 0xff : '?',
        g_ascii_isprint ((fmt->sample_format >> 8) & 0xff) ?
        (fmt->sample_format >> 8) & 0xff : '?',
        g_ascii_isprint ((fmt->sample_format >> 16) & 0xff) ?
        (fmt->sample_format >> 16) & 0xff : '?',
        g_ascii_isprint ((fmt->sample_format >> 24) & 0xff) ?
        (fmt->sample_format >> 24) & 0xff : '?');
    return FALSE;
  }
  if (fmt->sampling_rate < MIN_RATE || fmt->sampling_rate > MAX_RATE) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "raw VBI sampling rate %u Hz is out of range (%u .. %u Hz)",
        fmt->sampling_rate, MIN_RATE, MAX_RATE);
    return FALSE;
  }
  if (fmt->samples_per_line < MIN_SAMPLES
      || fmt->samples_per_line > MAX_SAMPLES) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "raw VBI samples_per_line %u is out of range (%u .. %u)",
        fmt->samples_per_line, MIN_SAMPLES, MAX_SAMPLES);
    return FALSE;
  }
  if (fmt->count[0] > MAX_COUNT || fmt->count[1] > MAX_COUNT) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "raw VBI line counts %u and %u: at most %u lines a field",
        fmt->count[0], fmt->count[1], MAX_COUNT);
    return FALSE;
  }
  if ((fmt->flags & V4L2_VBI_INTERLACED) && fmt->count[0] != fmt->count[1]) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "interlaced raw VBI with %u lines in field 1 but %u in field 2: "
        "interlaced needs the same count in both", fmt->count[0],
        fmt->count[1]);
    return FALSE;
  }
  return TRUE;
}

/**
 * gst_tv_vbi_raw_frame_size:
 * @fmt: a raw VBI format
 *
 * Returns: the size of a frame of @fmt in bytes, both fields
 */
gsize
gst_tv_vbi_raw_frame_size (const struct v4l2_vbi_format *fmt)
{
  g_return_val_if_fail (fmt != NULL, 0);

  return (gsize) (fmt->count[0] + fmt->count[1]) * fmt->samples_per_line;
}

/**
 * gst_tv_vbi_raw_line_offset:
 * @fmt: a raw VBI format
 * @system_lines: 525 or 625
 * @field: 0 or 1
 * @line: the line, counted from the start of its field
 *
 * Returns: the line's byte offset in a frame, -1 when not captured
 */
gssize
gst_tv_vbi_raw_line_offset (const struct v4l2_vbi_format *fmt,
    guint system_lines, guint field, guint line)
{
  guint itu, index, row;

  g_return_val_if_fail (fmt != NULL, -1);

  if (field > 1 || (system_lines != 525 && system_lines != 625))
    return -1;
  /* start 0: the driver cannot tell where its lines are */
  if (fmt->start[field] == 0)
    return -1;
  itu = line + (field == 1 ? field2_base (system_lines) : 0);
  if (itu < fmt->start[field] || itu - fmt->start[field] >= fmt->count[field])
    return -1;
  index = itu - fmt->start[field];
  if (fmt->flags & V4L2_VBI_INTERLACED)
    row = index * 2 + field;
  else
    row = index + (field == 1 ? fmt->count[0] : 0);
  return (gssize) row *fmt->samples_per_line;
}

/* --- signal helpers (tvvbi-priv.h) --- */

void
gst_tv_vbi_line_range (const guint8 * line, guint n, guint * lo, guint * hi)
{
  guint i = 0, l = 255, h = 0;

#ifdef __SSE2__
  /* sixteen samples at a time: this look at every sample costs less than
   * a scalar look at every eighth */
  if (n >= 16) {
    __m128i vl = _mm_set1_epi8 ((gchar) 0xff), vh = _mm_setzero_si128 ();
    guint8 ls[16], hs[16];
    guint k;

    for (; i + 16 <= n; i += 16) {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (line + i));

      vl = _mm_min_epu8 (vl, v);
      vh = _mm_max_epu8 (vh, v);
    }
    _mm_storeu_si128 ((__m128i *) ls, vl);
    _mm_storeu_si128 ((__m128i *) hs, vh);
    for (k = 0; k < 16; k++) {
      l = MIN (l, ls[k]);
      h = MAX (h, hs[k]);
    }
  }
#endif
  for (; i < n; i++) {
    l = MIN (l, line[i]);
    h = MAX (h, line[i]);
  }
  *lo = l;
  *hi = h;
}

/* where the signal crossed @thr between the samples before @i; @above
 * is the integer test "sample > thr" */
static gdouble
crossing (const guint8 * line, guint from, guint i, gdouble thr, gint above)
{
  gboolean side = line[i] > above;
  guint j = i;

  /* back to the last sample on the other side of the level */
  while (j > from && (line[j - 1] > above) == side)
    j--;
  if (j == 0)
    return 0.0;
  if (line[j] == line[j - 1])
    return j;
  return (j - 1) + (thr - line[j - 1]) / ((gdouble) line[j] - line[j - 1]);
}

/* the first sample from @i on that is at or above @level (@rising) or
 * at or below it; @n if none is */
static guint
next_past (const guint8 * line, guint i, guint n, gboolean rising,
    guint8 level)
{
#ifdef __SSE2__
  /* sixteen samples a compare: a line is mostly flat between its edges */
  __m128i t = _mm_set1_epi8 ((gchar) level);

  for (; i + 16 <= n; i += 16) {
    __m128i v = _mm_loadu_si128 ((const __m128i *) (line + i));
    __m128i past = rising ? _mm_cmpeq_epi8 (_mm_max_epu8 (v, t), v) :
        _mm_cmpeq_epi8 (_mm_min_epu8 (v, t), v);
    gint mask = _mm_movemask_epi8 (past);

    if (mask)
      return i + __builtin_ctz (mask);
  }
#endif
  for (; i < n; i++) {
    if (rising ? line[i] >= level : line[i] <= level)
      return i;
  }
  return n;
}

guint
gst_tv_vbi_find_edges (const guint8 * line, guint n, gdouble thr,
    gdouble hyst, GstTvVbiEdge * edges, guint max)
{
  gboolean high;
  guint i, n_edges = 0, last = 0;
  gint rise_at, fall_at, above;

  if (n == 0)
    return 0;
  /* the samples are integers: "at or past thr +- hyst" is "at or past
   * the integer level that rounds it inwards" */
  rise_at = CLAMP ((gint) ceil (thr + hyst), 0, 255);
  fall_at = CLAMP ((gint) floor (thr - hyst), 0, 255);
  above = (gint) floor (thr);
  /* a line that starts high starts with a rise (vivid draws WSS from
   * sample 0) */
  high = FALSE;
  if (line[0] >= rise_at && max > 0) {
    edges[n_edges].pos = 0.0;
    edges[n_edges++].rising = TRUE;
    high = TRUE;
  } else if (line[0] > thr) {
    high = TRUE;
  }
  for (i = 1; n_edges < max; i++) {
    i = next_past (line, i, n, !high, high ? fall_at : rise_at);
    if (i >= n)
      break;
    high = !high;
    edges[n_edges].pos = crossing (line, last, i, thr, above);
    edges[n_edges++].rising = high;
    last = i;
  }
  return n_edges;
}

void
gst_tv_vbi_render_units (guint8 * line, guint n, gdouble t0, gdouble unit,
    const guint8 * units, guint n_units, guint8 lo, guint8 hi)
{
  gint first, last, i;

  first = MAX ((gint) floor (t0), 0);
  last = MIN ((gint) ceil (t0 + n_units * unit), (gint) n);
  for (i = first; i < last; i++) {
    /* the sample covers [i, i + 1): the share of it each unit holds */
    gdouble a = (i - t0) / unit, b = (i + 1 - t0) / unit;
    gdouble level = 0.0;
    gint u = (gint) floor (a);

    /* most samples lie inside one unit: its level, without the mix (the
     * mix below gives the same byte at many times the cost), for this
     * sample and those after it up to one sample short of the unit's end
     * (that margin leaves the samples rounding could place either way to
     * the mix) */
    if (u >= 0 && u < (gint) n_units && b <= u + 1) {
      gint end = MIN ((gint) floor (t0 + (u + 1) * unit) - 1, last);

      end = MAX (end, i + 1);
      memset (line + i, units[u] ? hi : lo, end - i);
      i = end - 1;
      continue;
    }
    for (; u < b && u < (gint) n_units; u++) {
      gdouble from = MAX (a, (gdouble) u), to = MIN (b, (gdouble) u + 1);
      gdouble v = (u >= 0 && units[u]) ? hi : lo;

      if (to > from)
        level += v * (to - from);
    }
    /* the parts of the sample outside the waveform are at @lo */
    if (a < 0)
      level += lo * (MIN (b, 0.0) - a);
    if (b > n_units)
      level += lo * (b - MAX (a, (gdouble) n_units));
    line[i] = (guint8) CLAMP (lround (level / (b - a)), 0, 255);
  }
}

/* --- frames --- */

static gboolean
check_frame (const struct v4l2_vbi_format *fmt, guint system_lines,
    gsize size, GError ** error)
{
  if (!gst_tv_vbi_raw_format_check (fmt, error))
    return FALSE;
  if (system_lines != 525 && system_lines != 625) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_ARGUMENT,
        "%u-line video has no VBI services here: 525 or 625 lines",
        system_lines);
    return FALSE;
  }
  if (size < gst_tv_vbi_raw_frame_size (fmt)) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "raw VBI frame of %" G_GSIZE_FORMAT " bytes is too small for its "
        "format: %u + %u lines of %u samples need %" G_GSIZE_FORMAT, size,
        fmt->count[0], fmt->count[1], fmt->samples_per_line,
        gst_tv_vbi_raw_frame_size (fmt));
    return FALSE;
  }
  return TRUE;
}

/* counts a decoded line: a good one in @good, a bad parity in
 * @parity_errors; TRUE for a good one */
static gboolean
tally (GstTvVbiResult result, guint * good, guint * parity_errors)
{
  if (result == GST_TV_VBI_OK)
    (*good)++;
  else if (result == GST_TV_VBI_PARITY_ERROR)
    (*parity_errors)++;
  return result == GST_TV_VBI_OK;
}

/**
 * gst_tv_vbi_raw_decode_frame:
 * @fmt: the frame's format
 * @system_lines: 525 or 625
 * @frame: the samples
 * @size: bytes in @frame
 * @data: (out): what the frame carries
 * @stats: (inout) (nullable): counters to add to
 * @error: where to put why the frame cannot be read
 *
 * Returns: FALSE when @fmt, @system_lines or @size are unusable
 */
gboolean
gst_tv_vbi_raw_decode_frame (const struct v4l2_vbi_format *fmt,
    guint system_lines, const guint8 * frame, gsize size,
    GstTvVbiData * data, GstTvVbiStats * stats, GError ** error)
{
  GstTvVbiStats ignored;
  GstTvVbiResult r;
  gssize off;
  guint field;

  g_return_val_if_fail (fmt != NULL, FALSE);
  g_return_val_if_fail (frame != NULL || size == 0, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  memset (data, 0, sizeof (*data));
  if (!check_frame (fmt, system_lines, size, error))
    return FALSE;
  if (stats == NULL) {
    memset (&ignored, 0, sizeof (ignored));
    stats = &ignored;
  }

  if (system_lines == 525) {
    for (field = 0; field < 2; field++) {
      guint8 b1, b2;

      off = gst_tv_vbi_raw_line_offset (fmt, 525, field,
          GST_TV_VBI_CAPTION_LINE);
      if (off < 0)
        continue;
      r = gst_tv_vbi_cc_decode_line (fmt, frame + off, &b1, &b2);
      if (tally (r, &stats->captions, &stats->caption_parity_errors)) {
        data->has_caption[field] = TRUE;
        data->caption[field][0] = b1;
        data->caption[field][1] = b2;
      }
    }
  } else {
    guint16 word;

    off = gst_tv_vbi_raw_line_offset (fmt, 625, 0, GST_TV_VBI_WSS_LINE);
    if (off >= 0) {
      r = gst_tv_vbi_wss_decode_line (fmt, frame + off, &word);
      if (tally (r, &stats->wss, &stats->wss_parity_errors)) {
        data->has_wss = TRUE;
        data->wss = word;
      }
    }
  }
  return TRUE;
}

/**
 * gst_tv_vbi_raw_encode_frame:
 * @fmt: the frame's format
 * @system_lines: 525 or 625
 * @frame: (out): the samples
 * @size: bytes in @frame
 * @data: what to send: captions on 525 lines, WSS on 625 (the other
 *   system's services are not sent)
 * @error: where to put why the frame cannot be written
 *
 * Returns: FALSE when @fmt, @system_lines or @size are unusable
 */
gboolean
gst_tv_vbi_raw_encode_frame (const struct v4l2_vbi_format *fmt,
    guint system_lines, guint8 * frame, gsize size,
    const GstTvVbiData * data, GError ** error)
{
  gssize off;
  guint field;

  g_return_val_if_fail (fmt != NULL, FALSE);
  g_return_val_if_fail (frame != NULL || size == 0, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (!check_frame (fmt, system_lines, size, error))
    return FALSE;

  memset (frame, GST_TV_VBI_LEVEL_BLANK, gst_tv_vbi_raw_frame_size (fmt));
  if (system_lines == 525) {
    for (field = 0; field < 2; field++) {
      if (!data->has_caption[field])
        continue;
      off = gst_tv_vbi_raw_line_offset (fmt, 525, field,
          GST_TV_VBI_CAPTION_LINE);
      if (off >= 0)
        gst_tv_vbi_cc_encode_line (fmt, frame + off, data->caption[field][0],
            data->caption[field][1]);
    }
  } else if (data->has_wss) {
    off = gst_tv_vbi_raw_line_offset (fmt, 625, 0, GST_TV_VBI_WSS_LINE);
    if (off >= 0)
      gst_tv_vbi_wss_encode_line (fmt, frame + off, data->wss);
  }
  return TRUE;
}
