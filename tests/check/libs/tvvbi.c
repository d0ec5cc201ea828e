/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the VBI library (sys/v4l2tv/vbi): CEA-608 and WSS lines
 * encoded and sliced back (every byte value, every WSS word, both fields,
 * shifted and stretched timing, vivid's own waveform), parity errors
 * counted and dropped, noise and garbage giving nothing, raw frame
 * layout, sliced records and the caption text helpers.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>

#include "vbi/tvvbi.h"

/* an integer check that says where it failed: @fmt and its arguments
 * name the case */
#define fail_unless_equals_int_at(a, b, fmt, ...) G_STMT_START {        \
    gint _a = (a), _b = (b);                                            \
    fail_unless (_a == _b, "'%s' (%d) is not '%s' (%d), at " fmt, #a,   \
        _a, #b, _b, __VA_ARGS__);                                       \
  } G_STMT_END

/* what vivid's G_FMT answers on a raw VBI capture node
 * (vivid-vbi-cap.c: 27 MHz, offset 24, 1440 samples, ITU start + 9 / + 5,
 * 12 / 18 lines a field, not interlaced) */
static void
vivid_format (struct v4l2_vbi_format *fmt, gboolean is_525)
{
  memset (fmt, 0, sizeof (*fmt));
  fmt->sampling_rate = 27000000;
  fmt->offset = 24;
  fmt->samples_per_line = 1440;
  fmt->sample_format = V4L2_PIX_FMT_GREY;
  fmt->start[0] = is_525 ? V4L2_VBI_ITU_525_F1_START + 9 :
      V4L2_VBI_ITU_625_F1_START + 5;
  fmt->start[1] = is_525 ? V4L2_VBI_ITU_525_F2_START + 9 :
      V4L2_VBI_ITU_625_F2_START + 5;
  fmt->count[0] = fmt->count[1] = is_525 ? 12 : 18;
}

/* a bttv-like format: 8 x fsc (NTSC) or 35.47 MHz, 2048 samples from
 * 0H + 128 samples, interlaced */
static void
bttv_format (struct v4l2_vbi_format *fmt, gboolean is_525)
{
  memset (fmt, 0, sizeof (*fmt));
  fmt->sampling_rate = is_525 ? 28636363 : 35468950;
  fmt->offset = 128;
  fmt->samples_per_line = 2048;
  fmt->sample_format = V4L2_PIX_FMT_GREY;
  fmt->start[0] = is_525 ? 10 : 7;
  fmt->start[1] = is_525 ? 273 : 320;
  fmt->count[0] = fmt->count[1] = 17;
  fmt->flags = V4L2_VBI_INTERLACED;
}

/* ----------------------------------------------------------------------
 * formats and lines
 * ---------------------------------------------------------------------- */

GST_START_TEST (test_raw_format)
{
  struct v4l2_vbi_format fmt;
  GError *err = NULL;

  vivid_format (&fmt, TRUE);
  fail_unless (gst_tv_vbi_raw_format_check (&fmt, &err));
  fail_unless_equals_int (gst_tv_vbi_raw_frame_size (&fmt), 1440 * 24);
  /* line 21 is field 1's 12th line (10..21), field 2's line 284 the 12th
   * of 273..284 */
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 0, 21),
      11 * 1440);
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 1, 21),
      23 * 1440);
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 0, 22), -1);
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 0, 9), -1);
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 2, 21), -1);
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 524, 0, 21), -1);
  fmt.flags = V4L2_VBI_INTERLACED;
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 0, 21),
      22 * 1440);
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 1, 21),
      23 * 1440);
  fmt.start[0] = 0;
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 525, 0, 21), -1);

  vivid_format (&fmt, FALSE);
  fail_unless_equals_int (gst_tv_vbi_raw_frame_size (&fmt), 1440 * 36);
  /* line 23 is the 18th of 6..23 */
  fail_unless_equals_int (gst_tv_vbi_raw_line_offset (&fmt, 625, 0, 23),
      17 * 1440);

  /* refusals name the field */
  fmt.sample_format = V4L2_PIX_FMT_YUYV;
  fail_if (gst_tv_vbi_raw_format_check (&fmt, &err));
  fail_unless (g_error_matches (err, GST_TV_VBI_ERROR,
          GST_TV_VBI_ERROR_FORMAT));
  fail_unless (strstr (err->message, "YUYV") != NULL, "%s", err->message);
  g_clear_error (&err);
  vivid_format (&fmt, FALSE);
  fmt.sampling_rate = 1000;
  fail_if (gst_tv_vbi_raw_format_check (&fmt, &err));
  fail_unless (strstr (err->message, "1000 Hz") != NULL, "%s", err->message);
  g_clear_error (&err);
  vivid_format (&fmt, FALSE);
  fmt.samples_per_line = 0;
  fail_if (gst_tv_vbi_raw_format_check (&fmt, &err));
  fail_unless (strstr (err->message, "samples_per_line 0") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  vivid_format (&fmt, FALSE);
  fmt.flags = V4L2_VBI_INTERLACED;
  fmt.count[1] = 3;
  fail_if (gst_tv_vbi_raw_format_check (&fmt, &err));
  g_clear_error (&err);
}

GST_END_TEST;

/* ----------------------------------------------------------------------
 * CEA-608 lines
 * ---------------------------------------------------------------------- */

GST_START_TEST (test_cc_parity)
{
  guint v, n_ok = 0;

  for (v = 0; v < 256; v++) {
    guint8 p = gst_tv_vbi_cc_parity (v);

    fail_unless_equals_int (p & 0x7f, v & 0x7f);
    fail_unless (gst_tv_vbi_cc_parity_ok (p));
    fail_unless (gst_tv_vbi_cc_parity_ok (p ^ 0x80) == FALSE);
    if (gst_tv_vbi_cc_parity_ok (v))
      n_ok++;
  }
  fail_unless_equals_int (n_ok, 128);
  fail_unless_equals_int (gst_tv_vbi_cc_parity (0x00), 0x80);
  fail_unless_equals_int (gst_tv_vbi_cc_parity (0x14), 0x94);
  fail_unless_equals_int (gst_tv_vbi_cc_parity (0x20), 0x20);
}

GST_END_TEST;

/* every 7-bit value in both bytes of both fields, through a raw frame */
static void
check_cc_frames (const struct v4l2_vbi_format *fmt)
{
  gsize size = gst_tv_vbi_raw_frame_size (fmt);
  guint8 *frame = g_malloc (size);
  GstTvVbiStats stats = { 0 };
  guint v;

  for (v = 0; v < 128; v++) {
    GstTvVbiData in = { {0}
    }, out;
    GError *err = NULL;

    in.has_caption[0] = in.has_caption[1] = TRUE;
    in.caption[0][0] = gst_tv_vbi_cc_parity (v);
    in.caption[0][1] = gst_tv_vbi_cc_parity (127 - v);
    in.caption[1][0] = gst_tv_vbi_cc_parity (v ^ 0x55);
    in.caption[1][1] = gst_tv_vbi_cc_parity (v * 7);
    fail_unless (gst_tv_vbi_raw_encode_frame (fmt, 525, frame, size, &in,
            &err));
    fail_unless (gst_tv_vbi_raw_decode_frame (fmt, 525, frame, size, &out,
            &stats, &err));
    fail_unless (out.has_caption[0] && out.has_caption[1], "value 0x%02x", v);
    fail_unless_equals_int (out.caption[0][0], in.caption[0][0]);
    fail_unless_equals_int (out.caption[0][1], in.caption[0][1]);
    fail_unless_equals_int (out.caption[1][0], in.caption[1][0]);
    fail_unless_equals_int (out.caption[1][1], in.caption[1][1]);
    fail_if (out.has_wss);
  }
  fail_unless_equals_int (stats.captions, 256);
  fail_unless_equals_int (stats.caption_parity_errors, 0);
  g_free (frame);
}

GST_START_TEST (test_cc_round_trip)
{
  struct v4l2_vbi_format fmt;

  vivid_format (&fmt, TRUE);
  check_cc_frames (&fmt);
  bttv_format (&fmt, TRUE);
  check_cc_frames (&fmt);
  /* a slow card: 13.5 MHz, 720 samples */
  vivid_format (&fmt, TRUE);
  fmt.sampling_rate = 13500000;
  fmt.samples_per_line = 720;
  fmt.offset = 12;
  check_cc_frames (&fmt);
}

GST_END_TEST;

/* a line shifted by @shift samples (blank fills in) */
static void
shift_line (guint8 * line, guint n, gint shift)
{
  if (shift > 0) {
    memmove (line + shift, line, n - shift);
    memset (line, GST_TV_VBI_LEVEL_BLANK, shift);
  } else if (shift < 0) {
    memmove (line, line - shift, n + shift);
    memset (line + n + shift, GST_TV_VBI_LEVEL_BLANK, -shift);
  }
}

GST_START_TEST (test_cc_timing)
{
  struct v4l2_vbi_format fmt, dfmt;
  guint8 line[2048], b1, b2;
  gint shift, ppm;

  /* bttv's lines have room around the waveform: shifted either way */
  bttv_format (&fmt, TRUE);
  for (shift = -40; shift <= 40; shift += 3) {
    gst_tv_vbi_cc_encode_line (&fmt, line, 0x94, 0x2c);
    shift_line (line, fmt.samples_per_line, shift);
    fail_unless_equals_int (gst_tv_vbi_cc_decode_line (&fmt, line, &b1, &b2),
        GST_TV_VBI_OK);
    fail_unless_equals_int (b1, 0x94);
    fail_unless_equals_int (b2, 0x2c);
  }
  /* vivid's are full: a few samples */
  vivid_format (&fmt, TRUE);
  for (shift = -12; shift <= 12; shift++) {
    gst_tv_vbi_cc_encode_line (&fmt, line, 0xc1, 0x62);
    shift_line (line, fmt.samples_per_line, shift);
    fail_unless_equals_int_at (gst_tv_vbi_cc_decode_line (&fmt, line, &b1, &b2),
        GST_TV_VBI_OK, "shift %d", shift);
    fail_unless_equals_int (b1, 0xc1);
    fail_unless_equals_int (b2, 0x62);
  }
  /* a bit rate off by up to 6 % either way (a card's clock, a tape): the
   * decoder believes in a sampling rate that is not the line's */
  bttv_format (&fmt, TRUE);
  for (ppm = -60000; ppm <= 60000; ppm += 5000) {
    dfmt = fmt;
    dfmt.sampling_rate = (guint32) (fmt.sampling_rate * (1.0 + ppm / 1e6));
    gst_tv_vbi_cc_encode_line (&fmt, line, 0x57, 0xe5);
    fail_unless_equals_int_at (gst_tv_vbi_cc_decode_line (&dfmt, line, &b1,
            &b2), GST_TV_VBI_OK, "%d ppm", ppm);
    fail_unless_equals_int (b1, 0x57);
    fail_unless_equals_int (b2, 0xe5);
  }
}

GST_END_TEST;

/* vivid's own raw caption line, as vivid-vbi-gen.c draws it: elements of
 * 1 us (a 500 kbit/s rate, two elements a bit) from sample 0, 0x10 and
 * 0xc0, a square run-in 0101.., two 0 bits, the start bit, the bytes LSB
 * first */
static void
vivid_cc_line (const struct v4l2_vbi_format *fmt, guint8 * line, guint8 b1,
    guint8 b2)
{
  guint8 el[14 + 4 + 2 + 32];
  guint i, k, s = 0;

  for (i = 0; i < 14; i++)
    el[i] = i & 1;
  memset (el + 14, 0, 4);
  el[18] = el[19] = 1;
  for (i = 0; i < 16; i++) {
    guint8 bit = i < 8 ? (b1 >> i) & 1 : (b2 >> (i - 8)) & 1;

    el[20 + 2 * i] = el[21 + 2 * i] = bit;
  }
  memset (line, 0x10, fmt->samples_per_line);
  for (k = 0; k < sizeof (el); k++) {
    guint end = (k + 1) * (fmt->sampling_rate / 1000000);

    for (; s < end && s < fmt->samples_per_line; s++)
      line[s] = el[k] ? 0xc0 : 0x10;
  }
}

GST_START_TEST (test_cc_vivid_line)
{
  struct v4l2_vbi_format fmt;
  guint8 line[1440], b1, b2;
  guint v;

  vivid_format (&fmt, TRUE);
  for (v = 0; v < 128; v++) {
    vivid_cc_line (&fmt, line, gst_tv_vbi_cc_parity (v),
        gst_tv_vbi_cc_parity (v + 1));
    fail_unless_equals_int_at (gst_tv_vbi_cc_decode_line (&fmt, line, &b1, &b2),
        GST_TV_VBI_OK, "value 0x%02x", v);
    fail_unless_equals_int (b1, gst_tv_vbi_cc_parity (v));
    fail_unless_equals_int (b2, gst_tv_vbi_cc_parity (v + 1));
  }
}

GST_END_TEST;

GST_START_TEST (test_cc_parity_error)
{
  struct v4l2_vbi_format fmt;
  GstTvVbiData in = { {0} }, out;
  GstTvVbiStats stats = { 0 };
  guint8 frame[1440 * 24], b1, b2;

  vivid_format (&fmt, TRUE);
  /* the line reports what it carries, and that the parity is wrong */
  gst_tv_vbi_cc_encode_line (&fmt, frame, 0x14, 0x20);
  fail_unless_equals_int (gst_tv_vbi_cc_decode_line (&fmt, frame, &b1, &b2),
      GST_TV_VBI_PARITY_ERROR);
  fail_unless_equals_int (b1, 0x14);
  fail_unless_equals_int (b2, 0x20);
  gst_tv_vbi_cc_encode_line (&fmt, frame, 0x94, 0x21);
  fail_unless_equals_int (gst_tv_vbi_cc_decode_line (&fmt, frame, &b1, &b2),
      GST_TV_VBI_PARITY_ERROR);

  /* the frame drops the pair and counts it; the other field is kept */
  in.has_caption[0] = in.has_caption[1] = TRUE;
  in.caption[0][0] = 0x94;
  in.caption[0][1] = 0x21;      /* bad */
  in.caption[1][0] = 0x94;
  in.caption[1][1] = 0x20;
  fail_unless (gst_tv_vbi_raw_encode_frame (&fmt, 525, frame, sizeof (frame),
          &in, NULL));
  fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, 525, frame, sizeof (frame),
          &out, &stats, NULL));
  fail_if (out.has_caption[0]);
  fail_unless (out.has_caption[1]);
  fail_unless_equals_int (stats.caption_parity_errors, 1);
  fail_unless_equals_int (stats.captions, 1);
}

GST_END_TEST;

/* ----------------------------------------------------------------------
 * WSS
 * ---------------------------------------------------------------------- */

static const GstTvVbiWssAspect all_aspects[] = {
  GST_TV_VBI_WSS_4_3_FULL,
  GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE,
  GST_TV_VBI_WSS_14_9_LETTERBOX_TOP,
  GST_TV_VBI_WSS_16_9_LETTERBOX_CENTRE,
  GST_TV_VBI_WSS_16_9_LETTERBOX_TOP,
  GST_TV_VBI_WSS_ABOVE_16_9_LETTERBOX_CENTRE,
  GST_TV_VBI_WSS_14_9_FULL,
  GST_TV_VBI_WSS_16_9_ANAMORPHIC,
};

GST_START_TEST (test_wss_aspect)
{
  guint code, n_valid = 0, i;

  /* vivid's codes (vivid-vbi-cap.c): 4:3 0x08, 14:9 centre 0x01, 16:9
   * centre 0x0b, anamorphic 0x07 */
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (0x08),
      GST_TV_VBI_WSS_4_3_FULL);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (0x01),
      GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (0x0b),
      GST_TV_VBI_WSS_16_9_LETTERBOX_CENTRE);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (0x3f07),
      GST_TV_VBI_WSS_16_9_ANAMORPHIC);
  for (code = 0; code < 16; code++) {
    if (gst_tv_vbi_wss_aspect (code) != GST_TV_VBI_WSS_INVALID)
      n_valid++;
  }
  fail_unless_equals_int (n_valid, 8);
  for (i = 0; i < G_N_ELEMENTS (all_aspects); i++) {
    fail_unless_equals_int (gst_tv_vbi_wss_aspect (gst_tv_vbi_wss_word
            (all_aspects[i])), all_aspects[i]);
    fail_unless (strcmp (gst_tv_vbi_wss_aspect_name (all_aspects[i]),
            "invalid") != 0);
  }
  fail_unless_equals_string (gst_tv_vbi_wss_aspect_name
      (GST_TV_VBI_WSS_16_9_ANAMORPHIC), "16:9 full format (anamorphic)");
  fail_unless_equals_string (gst_tv_vbi_wss_aspect_name (0x3), "invalid");
}

GST_END_TEST;

/* every @step-th 14-bit word through a line of @fmt */
static void
check_wss_words (const struct v4l2_vbi_format *fmt, guint step)
{
  guint8 line[2048];
  guint w;

  for (w = 0; w <= GST_TV_VBI_WSS_MASK; w += step) {
    guint16 got = 0xffff;
    GstTvVbiResult res;

    gst_tv_vbi_wss_encode_line (fmt, line, w);
    res = gst_tv_vbi_wss_decode_line (fmt, line, &got);
    fail_unless_equals_int (res,
        gst_tv_vbi_wss_aspect (w) != GST_TV_VBI_WSS_INVALID ?
        GST_TV_VBI_OK : GST_TV_VBI_PARITY_ERROR);
    fail_unless_equals_int (got, w);
  }
}

GST_START_TEST (test_wss_round_trip)
{
  struct v4l2_vbi_format fmt;
  GstTvVbiStats stats = { 0 };
  guint8 frame[2048 * 34];
  guint i;

  vivid_format (&fmt, FALSE);
  check_wss_words (&fmt, 1);
  bttv_format (&fmt, FALSE);
  check_wss_words (&fmt, 7);

  /* and through frames, every aspect */
  for (i = 0; i < G_N_ELEMENTS (all_aspects); i++) {
    GstTvVbiData in = { {0}
    }, out;

    in.has_wss = TRUE;
    in.wss = gst_tv_vbi_wss_word (all_aspects[i]) | 0x1230;
    fail_unless (gst_tv_vbi_raw_encode_frame (&fmt, 625, frame,
            sizeof (frame), &in, NULL));
    fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, 625, frame,
            sizeof (frame), &out, &stats, NULL));
    fail_unless (out.has_wss);
    fail_unless_equals_int (out.wss, in.wss);
    fail_unless_equals_int (gst_tv_vbi_wss_aspect (out.wss), all_aspects[i]);
    fail_if (out.has_caption[0] || out.has_caption[1]);
  }
  fail_unless_equals_int (stats.wss, G_N_ELEMENTS (all_aspects));

  /* a bad aspect parity: dropped and counted */
  {
    GstTvVbiData in = { {0}
    }, out;

    in.has_wss = TRUE;
    in.wss = 0x0009;
    fail_unless (gst_tv_vbi_raw_encode_frame (&fmt, 625, frame,
            sizeof (frame), &in, NULL));
    fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, 625, frame,
            sizeof (frame), &out, &stats, NULL));
    fail_if (out.has_wss);
    fail_unless_equals_int (stats.wss_parity_errors, 1);
  }
}

GST_END_TEST;

GST_START_TEST (test_wss_timing)
{
  struct v4l2_vbi_format fmt, dfmt;
  guint8 line[1440];
  gint shift, ppm;
  guint16 w;

  vivid_format (&fmt, FALSE);
  for (shift = -50; shift <= 50; shift += 5) {
    gst_tv_vbi_wss_encode_line (&fmt, line, 0x2a07);
    shift_line (line, fmt.samples_per_line, shift);
    fail_unless_equals_int_at (gst_tv_vbi_wss_decode_line (&fmt, line, &w),
        GST_TV_VBI_OK, "shift %d", shift);
    fail_unless_equals_int (w, 0x2a07);
  }
  for (ppm = -30000; ppm <= 30000; ppm += 5000) {
    dfmt = fmt;
    dfmt.sampling_rate = (guint32) (fmt.sampling_rate * (1.0 + ppm / 1e6));
    gst_tv_vbi_wss_encode_line (&fmt, line, 0x1508);
    fail_unless_equals_int_at (gst_tv_vbi_wss_decode_line (&dfmt, line, &w),
        GST_TV_VBI_OK, "%d ppm", ppm);
    fail_unless_equals_int (w, 0x1508);
  }
}

GST_END_TEST;

/* vivid's raw WSS line (vivid-vbi-gen.c): elements of 200 ns from sample
 * 0, 0x10 and 0xc0 */
GST_START_TEST (test_wss_vivid_line)
{
  static const gchar header[] =
      "11111000111000111000111000111" "000111100011110000011111";
  struct v4l2_vbi_format fmt;
  guint8 el[53 + 84], line[1440];
  guint i, k, s = 0;
  guint16 w;

  vivid_format (&fmt, FALSE);
  for (i = 0; i < 53; i++)
    el[i] = header[i] - '0';
  for (i = 0; i < 14; i++) {
    gboolean one = (0x0008 >> i) & 1;

    for (k = 0; k < 6; k++)
      el[53 + 6 * i + k] = (k < 3) == one;
  }
  memset (line, 0x10, sizeof (line));
  for (k = 0; k < sizeof (el); k++) {
    guint end = ((k + 1) * fmt.sampling_rate) / 5000000;

    for (; s < end; s++)
      line[s] = el[k] ? 0xc0 : 0x10;
  }
  fail_unless_equals_int (gst_tv_vbi_wss_decode_line (&fmt, line, &w),
      GST_TV_VBI_OK);
  fail_unless_equals_int (w, 0x0008);
}

GST_END_TEST;

/* ----------------------------------------------------------------------
 * noise and garbage
 * ---------------------------------------------------------------------- */

static void
random_line (GRand * rand, guint8 * line, guint n, guint kind)
{
  guint i = 0;

  switch (kind) {
    case 0:                    /* white noise */
      for (i = 0; i < n; i++)
        line[i] = g_rand_int_range (rand, 0, 256);
      break;
    case 1:                    /* a flat level */
      memset (line, g_rand_int_range (rand, 0, 256), n);
      break;
    case 2:                    /* random levels held for random times */
      while (i < n) {
        guint len = g_rand_int_range (rand, 1, 200);
        guint8 v = g_rand_int_range (rand, 0, 256);

        for (; len > 0 && i < n; len--)
          line[i++] = v;
      }
      break;
    case 3:{                   /* random two-level bits at a random rate */
      gdouble period = g_rand_double_range (rand, 3, 120);

      for (i = 0; i < n; i++) {
        if (i == 0 || (guint) (i / period) != (guint) ((i - 1) / period))
          line[i] = g_rand_boolean (rand) ? 0xc0 : 0x10;
        else
          line[i] = line[i - 1];
      }
      break;
    }
    default:{                  /* a caption or WSS line with noise on it */
      struct v4l2_vbi_format fmt;

      vivid_format (&fmt, TRUE);
      if (g_rand_boolean (rand))
        gst_tv_vbi_cc_encode_line (&fmt, line, g_rand_int (rand),
            g_rand_int (rand));
      else
        gst_tv_vbi_wss_encode_line (&fmt, line, g_rand_int (rand));
      for (i = 0; i < n; i++)
        line[i] = CLAMP (line[i] + g_rand_int_range (rand, -120, 120), 0, 255);
      break;
    }
  }
}

GST_START_TEST (test_garbage)
{
  struct v4l2_vbi_format fmt;
  GRand *rand = g_rand_new_with_seed (608);
  guint8 line[1440];
  guint i, found[5] = { 0 };

  vivid_format (&fmt, TRUE);
  for (i = 0; i < 10000; i++) {
    guint kind = i % 5;
    guint8 b1, b2;
    guint16 w;

    random_line (rand, line, sizeof (line), kind);
    if (gst_tv_vbi_cc_decode_line (&fmt, line, &b1, &b2) != GST_TV_VBI_NONE)
      found[kind]++;
    if (gst_tv_vbi_wss_decode_line (&fmt, line, &w) != GST_TV_VBI_NONE)
      found[kind]++;
  }
  /* nothing from noise, flat lines, random levels and random bits; a
   * waveform drowned in +-120 levels of noise is garbage too */
  fail_unless_equals_int (found[0], 0);
  fail_unless_equals_int (found[1], 0);
  fail_unless_equals_int (found[2], 0);
  fail_unless_equals_int (found[3], 0);
  fail_unless_equals_int (found[4], 0);
  g_rand_free (rand);
}

GST_END_TEST;

/* a waveform cut short before its data (the run-in alone, part of the
 * WSS bits) is no data */
GST_START_TEST (test_truncated)
{
  struct v4l2_vbi_format fmt;
  guint8 line[1440], b1, b2;
  guint16 w;
  guint cut;

  vivid_format (&fmt, TRUE);
  /* vivid's line holds the caption from sample 44: the start bit rises at
   * 44 + 9 bits of 53.6 samples; WSS runs from 273 to 1013 */
  for (cut = 0; cut < 1000; cut += 7) {
    if (cut < 500) {
      gst_tv_vbi_cc_encode_line (&fmt, line, 0x94, 0x94);
      memset (line + cut, GST_TV_VBI_LEVEL_BLANK, sizeof (line) - cut);
      fail_unless_equals_int_at (gst_tv_vbi_cc_decode_line (&fmt, line, &b1,
              &b2), GST_TV_VBI_NONE, "cut at %u", cut);
    }
    gst_tv_vbi_wss_encode_line (&fmt, line, 0x0008);
    memset (line + cut, GST_TV_VBI_LEVEL_BLANK, sizeof (line) - cut);
    fail_unless_equals_int_at (gst_tv_vbi_wss_decode_line (&fmt, line, &w),
        GST_TV_VBI_NONE, "cut at %u", cut);
  }
}

GST_END_TEST;

/* the ends of the formats the library takes: slow and fast sampling,
 * short and long lines; a waveform that fits decodes, one that does not
 * gives nothing */
GST_START_TEST (test_format_range)
{
  static const guint32 rates[] = { 5000000, 13500000, 35468950, 100000000 };
  static const guint32 lengths[] = { 256, 720, 2048, 8192 };
  guint8 *line = g_malloc (8192);
  guint r, l;

  for (r = 0; r < G_N_ELEMENTS (rates); r++) {
    for (l = 0; l < G_N_ELEMENTS (lengths); l++) {
      struct v4l2_vbi_format fmt;
      GstTvVbiResult res;
      gdouble us = lengths[l] * 1e6 / rates[r];
      guint8 b1, b2;
      guint16 w;

      vivid_format (&fmt, TRUE);
      fmt.sampling_rate = rates[r];
      fmt.samples_per_line = lengths[l];
      fmt.offset = 0;
      fail_unless (gst_tv_vbi_raw_format_check (&fmt, NULL));

      /* a caption takes 26 bits of 1.99 us; at 5 MHz a bit is 10
       * samples, still enough; a line too short for it gives nothing, or
       * the bytes when it holds the middle of the last bit */
      gst_tv_vbi_cc_encode_line (&fmt, line, 0xae, 0x2f);
      res = gst_tv_vbi_cc_decode_line (&fmt, line, &b1, &b2);
      if (us > 26 * 1.99 + 1) {
        fail_unless_equals_int_at (res, GST_TV_VBI_OK, "%u Hz, %u samples",
            rates[r], lengths[l]);
        fail_unless_equals_int (b1, 0xae);
        fail_unless_equals_int (b2, 0x2f);
      } else if (res != GST_TV_VBI_NONE) {
        /* cut short, but up to the middle of its last bit */
        fail_unless_equals_int_at (b1, 0xae, "%u Hz, %u samples", rates[r],
            lengths[l]);
        fail_unless_equals_int (b2, 0x2f);
      }

      /* WSS: 11 us + 137 elements of 0.2 us; an element needs 2.5
       * samples (not at 5 MHz: 1 sample, no data) */
      gst_tv_vbi_wss_encode_line (&fmt, line, 0x0007);
      res = gst_tv_vbi_wss_decode_line (&fmt, line, &w);
      if (rates[r] >= 13500000 && us > 11 + 137 * 0.2 + 1) {
        fail_unless_equals_int_at (res, GST_TV_VBI_OK, "%u Hz, %u samples",
            rates[r], lengths[l]);
        fail_unless_equals_int (w, 0x0007);
      } else if (res != GST_TV_VBI_NONE) {
        fail_unless_equals_int_at (w, 0x0007, "%u Hz, %u samples", rates[r],
            lengths[l]);
      }
    }
  }
  g_free (line);
}

GST_END_TEST;

GST_START_TEST (test_frame_errors)
{
  struct v4l2_vbi_format fmt;
  GstTvVbiData data = { {0} };
  guint8 frame[16];
  GError *err = NULL;

  vivid_format (&fmt, TRUE);
  fail_if (gst_tv_vbi_raw_decode_frame (&fmt, 525, frame, sizeof (frame),
          &data, NULL, &err));
  fail_unless (g_error_matches (err, GST_TV_VBI_ERROR,
          GST_TV_VBI_ERROR_FORMAT));
  fail_unless (strstr (err->message, "16 bytes") != NULL, "%s", err->message);
  g_clear_error (&err);
  fail_if (gst_tv_vbi_raw_encode_frame (&fmt, 819, frame, sizeof (frame),
          &data, &err));
  fail_unless (g_error_matches (err, GST_TV_VBI_ERROR,
          GST_TV_VBI_ERROR_ARGUMENT));
  g_clear_error (&err);
}

GST_END_TEST;

/* ----------------------------------------------------------------------
 * sliced VBI
 * ---------------------------------------------------------------------- */

GST_START_TEST (test_sliced)
{
  struct v4l2_sliced_vbi_data recs[8], rec;
  GstTvVbiData in = { {0} }, out;
  GstTvVbiStats stats = { 0 };
  guint field;
  guint8 b1, b2;
  guint16 w;

  gst_tv_vbi_sliced_pack_caption (&rec, 1, 0x94, 0x2c);
  fail_unless_equals_int (rec.id, V4L2_SLICED_CAPTION_525);
  fail_unless_equals_int (rec.field, 1);
  fail_unless_equals_int (rec.line, 21);
  fail_unless (gst_tv_vbi_sliced_unpack_caption (&rec, &field, &b1, &b2));
  fail_unless_equals_int (field, 1);
  fail_unless_equals_int (b1, 0x94);
  fail_unless_equals_int (b2, 0x2c);
  fail_if (gst_tv_vbi_sliced_unpack_wss (&rec, &w));
  rec.line = 22;
  fail_if (gst_tv_vbi_sliced_unpack_caption (&rec, &field, &b1, &b2));
  rec.line = 0;
  fail_unless (gst_tv_vbi_sliced_unpack_caption (&rec, &field, &b1, &b2));
  rec.field = 2;
  fail_if (gst_tv_vbi_sliced_unpack_caption (&rec, &field, &b1, &b2));

  gst_tv_vbi_sliced_pack_wss (&rec, 0x3fff);
  fail_unless_equals_int (rec.id, V4L2_SLICED_WSS_625);
  fail_unless_equals_int (rec.line, 23);
  fail_unless_equals_int (rec.data[0], 0xff);
  fail_unless_equals_int (rec.data[1], 0x3f);
  fail_unless (gst_tv_vbi_sliced_unpack_wss (&rec, &w));
  fail_unless_equals_int (w, 0x3fff);
  rec.field = 1;
  fail_if (gst_tv_vbi_sliced_unpack_wss (&rec, &w));

  in.has_caption[0] = in.has_caption[1] = TRUE;
  in.caption[0][0] = 0x94;
  in.caption[0][1] = 0x20;
  in.caption[1][0] = 0x15;
  in.caption[1][1] = 0x2f;
  in.has_wss = TRUE;
  in.wss = 0x0007;
  memset (recs, 0xff, sizeof (recs));
  fail_unless_equals_int (gst_tv_vbi_sliced_encode_frame (&in, recs, 8), 3);
  fail_unless_equals_int (recs[3].id, 0);
  fail_unless_equals_int (recs[7].id, 0);
  gst_tv_vbi_sliced_decode_frame (recs, 8, &out, &stats);
  fail_unless (memcmp (&in, &out, sizeof (in)) == 0);
  fail_unless_equals_int (stats.captions, 2);
  fail_unless_equals_int (stats.wss, 1);

  /* parity errors are dropped and counted; unknown services skipped */
  recs[0].data[1] = 0x21;
  recs[2].data[0] = 0x06;
  recs[3].id = V4L2_SLICED_TELETEXT_B;
  gst_tv_vbi_sliced_decode_frame (recs, 8, &out, &stats);
  fail_if (out.has_caption[0]);
  fail_unless (out.has_caption[1]);
  fail_if (out.has_wss);
  fail_unless_equals_int (stats.caption_parity_errors, 1);
  fail_unless_equals_int (stats.wss_parity_errors, 1);

  /* too few records: what fits */
  fail_unless_equals_int (gst_tv_vbi_sliced_encode_frame (&in, recs, 1), 1);
  fail_unless_equals_int (gst_tv_vbi_sliced_encode_frame (&in, NULL, 0), 0);
}

GST_END_TEST;

GST_START_TEST (test_s334_1a)
{
  GstTvVbiData in = { {0}
  }, out = { {0}
  };
  guint8 bytes[6];
  static const guint8 other_line[] = { 0x8d, 0x94, 0x20, 0x0c, 0x15, 0x2f };

  /* field 1 line 21: 0x80 | 12; field 2 line 284: 0x00 | 12 */
  in.has_caption[0] = in.has_caption[1] = TRUE;
  in.caption[0][0] = 0x94;
  in.caption[0][1] = 0x20;
  in.caption[1][0] = 0x15;
  in.caption[1][1] = 0x2f;
  fail_unless_equals_int (gst_tv_vbi_s334_1a_pack (&in, bytes), 6);
  fail_unless_equals_int (bytes[0], 0x8c);
  fail_unless_equals_int (bytes[1], 0x94);
  fail_unless_equals_int (bytes[2], 0x20);
  fail_unless_equals_int (bytes[3], 0x0c);
  fail_unless_equals_int (bytes[4], 0x15);
  fail_unless_equals_int (bytes[5], 0x2f);
  out.has_wss = TRUE;
  fail_unless (gst_tv_vbi_s334_1a_unpack (bytes, 6, &out));
  fail_unless (out.has_wss);
  out.has_wss = FALSE;
  fail_unless (memcmp (&in, &out, sizeof (in)) == 0);

  /* field 2 alone */
  in.has_caption[0] = FALSE;
  fail_unless_equals_int (gst_tv_vbi_s334_1a_pack (&in, bytes), 3);
  fail_unless_equals_int (bytes[0], 0x0c);
  fail_unless (gst_tv_vbi_s334_1a_unpack (bytes, 3, &out));
  fail_if (out.has_caption[0]);
  fail_unless (out.has_caption[1]);

  /* another line is skipped, a broken size refused */
  fail_unless (gst_tv_vbi_s334_1a_unpack (other_line, 6, &out));
  fail_if (out.has_caption[0]);
  fail_unless (out.has_caption[1]);
  fail_if (gst_tv_vbi_s334_1a_unpack (other_line, 5, &out));
  fail_unless (gst_tv_vbi_s334_1a_unpack (NULL, 0, &out));
  fail_if (out.has_caption[0] || out.has_caption[1]);
}

GST_END_TEST;

/* ----------------------------------------------------------------------
 * caption text
 * ---------------------------------------------------------------------- */

static gchar *
decode_pairs (const GByteArray * pairs, guint channel)
{
  g_autoptr (GstTvVbiCcDecoder) dec = gst_tv_vbi_cc_decoder_new (channel);
  guint i;

  for (i = 0; i + 1 < pairs->len; i += 2)
    gst_tv_vbi_cc_decoder_feed (dec, pairs->data[i], pairs->data[i + 1]);
  return gst_tv_vbi_cc_decoder_get_text (dec);
}

GST_START_TEST (test_text_round_trip)
{
  static const gchar *texts[] = {
    "Hello world!",
    "Closed captions test",
    "A",
    "Odd length",
    "12345678901234567890123456789012",
    "Two rows\nof text",
    "Four\nrows\nof\ntext",
    "Caf\u00e9 \u00e0 la cr\u00e8me \u266a",
    "\u00bd price \u00ae\u00ae \u266a\u266a\u266a",
    "\u00d1and\u00fa \u2588 \u00f7 \u00e7",
  };
  guint i, channel, mode;

  for (i = 0; i < G_N_ELEMENTS (texts); i++) {
    for (channel = 1; channel <= 2; channel++) {
      for (mode = GST_TV_VBI_CC_POP_ON; mode <= GST_TV_VBI_CC_ROLL_UP; mode++) {
        GError *err = NULL;
        GByteArray *pairs = gst_tv_vbi_cc_encode_text (texts[i], mode,
            channel, &err);
        gchar *got;

        fail_unless (pairs != NULL, "%s", err ? err->message : "");
        got = decode_pairs (pairs, channel);
        fail_unless_equals_string (got, texts[i]);
        g_free (got);
        /* the other channel sees nothing */
        got = decode_pairs (pairs, 3 - channel);
        fail_unless_equals_string (got, "");
        g_free (got);
        g_byte_array_unref (pairs);
      }
    }
  }
}

GST_END_TEST;

GST_START_TEST (test_text_decoder)
{
  g_autoptr (GstTvVbiCcDecoder) dec = gst_tv_vbi_cc_decoder_new (1);
  GByteArray *a, *b;
  gchar *text;
  guint i;

  /* pop-on: nothing shows before EOC */
  a = gst_tv_vbi_cc_encode_text ("First", GST_TV_VBI_CC_POP_ON, 1, NULL);
  for (i = 0; i + 4 < a->len; i += 2)
    fail_if (gst_tv_vbi_cc_decoder_feed (dec, a->data[i], a->data[i + 1]));
  text = gst_tv_vbi_cc_decoder_get_text (dec);
  fail_unless_equals_string (text, "");
  g_free (text);
  /* EOC shows it; its repeat does nothing */
  fail_unless (gst_tv_vbi_cc_decoder_feed (dec, a->data[i], a->data[i + 1]));
  fail_if (gst_tv_vbi_cc_decoder_feed (dec, a->data[i + 2], a->data[i + 3]));
  text = gst_tv_vbi_cc_decoder_get_text (dec);
  fail_unless_equals_string (text, "First");
  g_free (text);

  /* the next caption replaces it; a pair with a parity error is ignored
   * and counted; XDS (field 2 style) between them is skipped */
  b = gst_tv_vbi_cc_encode_text ("Second", GST_TV_VBI_CC_POP_ON, 1, NULL);
  gst_tv_vbi_cc_decoder_feed (dec, b->data[0], b->data[1]);
  gst_tv_vbi_cc_decoder_feed (dec, gst_tv_vbi_cc_parity (0x01),
      gst_tv_vbi_cc_parity (0x03));
  gst_tv_vbi_cc_decoder_feed (dec, gst_tv_vbi_cc_parity ('X'),
      gst_tv_vbi_cc_parity ('D'));
  gst_tv_vbi_cc_decoder_feed (dec, gst_tv_vbi_cc_parity (0x0f),
      gst_tv_vbi_cc_parity (0x1d));
  gst_tv_vbi_cc_decoder_feed (dec, 'Q' | 0x80, gst_tv_vbi_cc_parity ('Q'));
  fail_unless_equals_int (gst_tv_vbi_cc_decoder_get_parity_errors (dec), 1);
  for (i = 2; i < b->len; i += 2)
    gst_tv_vbi_cc_decoder_feed (dec, b->data[i], b->data[i + 1]);
  text = gst_tv_vbi_cc_decoder_get_text (dec);
  fail_unless_equals_string (text, "Second");
  g_free (text);

  /* EDM clears the screen, sent once or twice */
  fail_unless (gst_tv_vbi_cc_decoder_feed (dec, 0x94, 0x2c));
  fail_if (gst_tv_vbi_cc_decoder_feed (dec, 0x94, 0x2c));
  text = gst_tv_vbi_cc_decoder_get_text (dec);
  fail_unless_equals_string (text, "");
  g_free (text);

  /* roll-up: rows scroll, two stay */
  g_byte_array_unref (a);
  g_byte_array_unref (b);
  a = gst_tv_vbi_cc_encode_text ("one\ntwo", GST_TV_VBI_CC_ROLL_UP, 1, NULL);
  for (i = 0; i < a->len; i += 2)
    gst_tv_vbi_cc_decoder_feed (dec, a->data[i], a->data[i + 1]);
  b = gst_tv_vbi_cc_encode_text ("three", GST_TV_VBI_CC_ROLL_UP, 1, NULL);
  for (i = 0; i < b->len; i += 2)
    gst_tv_vbi_cc_decoder_feed (dec, b->data[i], b->data[i + 1]);
  text = gst_tv_vbi_cc_decoder_get_text (dec);
  fail_unless_equals_string (text, "two\nthree");
  g_free (text);
  /* backspace */
  gst_tv_vbi_cc_decoder_feed (dec, 0x94, gst_tv_vbi_cc_parity (0x21));
  text = gst_tv_vbi_cc_decoder_get_text (dec);
  fail_unless_equals_string (text, "two\nthre");
  g_free (text);
  g_byte_array_unref (a);
  g_byte_array_unref (b);
}

GST_END_TEST;

GST_START_TEST (test_text_errors)
{
  GError *err = NULL;

  fail_unless (gst_tv_vbi_cc_encode_text ("a_b", GST_TV_VBI_CC_POP_ON, 1,
          &err) == NULL);
  fail_unless (g_error_matches (err, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT));
  fail_unless (strstr (err->message, "row 1, column 2") != NULL, "%s",
      err->message);
  fail_unless (strstr (err->message, "U+005F") != NULL, "%s", err->message);
  g_clear_error (&err);
  fail_unless (gst_tv_vbi_cc_encode_text
      ("123456789012345678901234567890123", GST_TV_VBI_CC_POP_ON, 1,
          &err) == NULL);
  fail_unless (strstr (err->message, "longer than 32") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  fail_unless (gst_tv_vbi_cc_encode_text ("1\n2\n3\n4\n5",
          GST_TV_VBI_CC_POP_ON, 1, &err) == NULL);
  fail_unless (strstr (err->message, "more than 4 rows") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  fail_unless (gst_tv_vbi_cc_encode_text ("ok", GST_TV_VBI_CC_POP_ON, 3,
          &err) == NULL);
  fail_unless (g_error_matches (err, GST_TV_VBI_ERROR,
          GST_TV_VBI_ERROR_ARGUMENT));
  g_clear_error (&err);
  fail_unless (gst_tv_vbi_cc_encode_text ("\xff", GST_TV_VBI_CC_POP_ON, 1,
          &err) == NULL);
  fail_unless (strstr (err->message, "UTF-8") != NULL, "%s", err->message);
  g_clear_error (&err);
  fail_unless (gst_tv_vbi_cc_encode_text (NULL, GST_TV_VBI_CC_POP_ON, 1,
          &err) == NULL);
  g_clear_error (&err);
}

GST_END_TEST;

/* text -> pairs -> raw lines of both fields -> slicer -> decoder -> text */
GST_START_TEST (test_text_through_lines)
{
  struct v4l2_vbi_format fmt;
  g_autoptr (GstTvVbiCcDecoder) dec1 = gst_tv_vbi_cc_decoder_new (1);
  g_autoptr (GstTvVbiCcDecoder) dec2 = gst_tv_vbi_cc_decoder_new (1);
  GByteArray *f1, *f2;
  guint8 frame[1440 * 24];
  gchar *text;
  guint i;

  vivid_format (&fmt, TRUE);
  f1 = gst_tv_vbi_cc_encode_text ("Field one", GST_TV_VBI_CC_POP_ON, 1, NULL);
  f2 = gst_tv_vbi_cc_encode_text ("Field two\nCC3", GST_TV_VBI_CC_POP_ON, 1,
      NULL);
  for (i = 0; i < MAX (f1->len, f2->len); i += 2) {
    GstTvVbiData in = { {0}
    }, out;

    in.has_caption[0] = in.has_caption[1] = TRUE;
    in.caption[0][0] = in.caption[0][1] = 0x80;
    in.caption[1][0] = in.caption[1][1] = 0x80;
    if (i < f1->len)
      memcpy (in.caption[0], f1->data + i, 2);
    if (i < f2->len)
      memcpy (in.caption[1], f2->data + i, 2);
    fail_unless (gst_tv_vbi_raw_encode_frame (&fmt, 525, frame,
            sizeof (frame), &in, NULL));
    fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, 525, frame,
            sizeof (frame), &out, NULL, NULL));
    fail_unless (out.has_caption[0] && out.has_caption[1]);
    gst_tv_vbi_cc_decoder_feed (dec1, out.caption[0][0], out.caption[0][1]);
    gst_tv_vbi_cc_decoder_feed (dec2, out.caption[1][0], out.caption[1][1]);
  }
  text = gst_tv_vbi_cc_decoder_get_text (dec1);
  fail_unless_equals_string (text, "Field one");
  g_free (text);
  text = gst_tv_vbi_cc_decoder_get_text (dec2);
  fail_unless_equals_string (text, "Field two\nCC3");
  g_free (text);
  g_byte_array_unref (f1);
  g_byte_array_unref (f2);
}

GST_END_TEST;

static Suite *
tvvbi_suite (void)
{
  Suite *s = suite_create ("tvvbi");
  TCase *tc_lines = tcase_create ("lines");
  TCase *tc_robust = tcase_create ("robustness");
  TCase *tc_sliced = tcase_create ("sliced");
  TCase *tc_text = tcase_create ("text");

  suite_add_tcase (s, tc_lines);
  tcase_add_test (tc_lines, test_raw_format);
  tcase_add_test (tc_lines, test_cc_parity);
  tcase_add_test (tc_lines, test_cc_round_trip);
  tcase_add_test (tc_lines, test_cc_timing);
  tcase_add_test (tc_lines, test_cc_vivid_line);
  tcase_add_test (tc_lines, test_cc_parity_error);
  tcase_add_test (tc_lines, test_wss_aspect);
  tcase_add_test (tc_lines, test_wss_round_trip);
  tcase_add_test (tc_lines, test_wss_timing);
  tcase_add_test (tc_lines, test_wss_vivid_line);

  suite_add_tcase (s, tc_robust);
  tcase_add_test (tc_robust, test_garbage);
  tcase_add_test (tc_robust, test_truncated);
  tcase_add_test (tc_robust, test_format_range);
  tcase_add_test (tc_robust, test_frame_errors);

  suite_add_tcase (s, tc_sliced);
  tcase_add_test (tc_sliced, test_sliced);
  tcase_add_test (tc_sliced, test_s334_1a);

  suite_add_tcase (s, tc_text);
  tcase_add_test (tc_text, test_text_round_trip);
  tcase_add_test (tc_text, test_text_decoder);
  tcase_add_test (tc_text, test_text_errors);
  tcase_add_test (tc_text, test_text_through_lines);

  return s;
}

GST_CHECK_MAIN (tvvbi);
