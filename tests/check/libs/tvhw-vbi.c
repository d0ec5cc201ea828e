/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the virtual card's VBI data (hw/tvhw-virtual-vbi.c):
 * captions on its NTSC inputs that decode back to the card's text on both
 * fields, raw and sliced alike; WSS 4:3 on its PAL inputs and 16:9 on
 * station E7; the test API that changes the text and the WSS word; no
 * data without a picture or at the wrong line count; bad arguments.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvhw-common.h"
#include "vbi/tvvbi.h"

#define CYCLE GST_TV_HW_VIRTUAL_CAPTION_CYCLE
#define N_RECS 36               /* vivid's sliced io_size */
#define E7 3028
#define US4 1076

/* what frame @seq carries, from the raw lines and from the sliced
 * records, which must agree */
static void
frame_data (GstTvHwVirtualCard * card, guint32 seq, GstTvVbiData * data,
    GstTvVbiStats * stats)
{
  struct v4l2_vbi_format fmt;
  struct v4l2_sliced_vbi_data recs[N_RECS];
  GstTvVbiData sliced;
  GError *err = NULL;
  guint8 *raw;
  gsize size;
  guint lines;

  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  fail_unless (gst_tv_vbi_raw_format_check (&fmt, &err));
  lines = fmt.start[1] > 313 ? 625 : 525;
  size = gst_tv_vbi_raw_frame_size (&fmt);
  raw = g_malloc (size);
  fail_unless (gst_tv_hw_virtual_card_generate_vbi_raw (card, seq, raw, size));
  fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, lines, raw, size, data,
          stats, &err), "%s", err ? err->message : "");
  g_free (raw);

  gst_tv_hw_virtual_card_generate_vbi_sliced (card, seq, recs, N_RECS);
  gst_tv_vbi_sliced_decode_frame (recs, N_RECS, &sliced, NULL);
  fail_unless (memcmp (data, &sliced, sizeof (sliced)) == 0,
      "frame %u: raw and sliced VBI differ", seq);
}

/* decodes frames @first .. @first + @n - 1 and returns the text on
 * screen of field 1 and 2 */
static void
decode_captions (GstTvHwVirtualCard * card, guint32 first, guint n,
    gchar ** text1, gchar ** text2)
{
  g_autoptr (GstTvVbiCcDecoder) dec1 = gst_tv_vbi_cc_decoder_new (1);
  g_autoptr (GstTvVbiCcDecoder) dec2 = gst_tv_vbi_cc_decoder_new (1);
  GstTvVbiStats stats = { 0 };
  guint32 seq;

  for (seq = first; seq < first + n; seq++) {
    GstTvVbiData data;

    frame_data (card, seq, &data, &stats);
    fail_unless (data.has_caption[0] && data.has_caption[1], "frame %u", seq);
    fail_if (data.has_wss);
    gst_tv_vbi_cc_decoder_feed (dec1, data.caption[0][0], data.caption[0][1]);
    gst_tv_vbi_cc_decoder_feed (dec2, data.caption[1][0], data.caption[1][1]);
  }
  fail_unless_equals_int (stats.captions, 2 * n);
  fail_unless_equals_int (stats.caption_parity_errors, 0);
  *text1 = gst_tv_vbi_cc_decoder_get_text (dec1);
  *text2 = gst_tv_vbi_cc_decoder_get_text (dec2);
}

static void
check_captions (GstTvHwVirtualCard * card, guint32 first, guint n,
    const gchar * want1, const gchar * want2)
{
  gchar *text1, *text2;

  decode_captions (card, first, n, &text1, &text2);
  fail_unless_equals_string (text1, want1);
  fail_unless_equals_string (text2, want2);
  g_free (text1);
  g_free (text2);
}

/* the WSS word of frame @seq, or -1 for none */
static gint
frame_wss (GstTvHwVirtualCard * card, guint32 seq)
{
  GstTvVbiData data;

  frame_data (card, seq, &data, NULL);
  fail_if (data.has_caption[0] || data.has_caption[1]);
  return data.has_wss ? data.wss : -1;
}

GST_START_TEST (test_vbi_format)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  struct v4l2_vbi_format fmt;

  /* vivid's: PAL at power-on */
  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  fail_unless_equals_int (fmt.sampling_rate, 27000000);
  fail_unless_equals_int (fmt.offset, 24);
  fail_unless_equals_int (fmt.samples_per_line, 1440);
  fail_unless_equals_int (fmt.sample_format, V4L2_PIX_FMT_GREY);
  fail_unless_equals_int (fmt.start[0], 6);
  fail_unless_equals_int (fmt.start[1], 319);
  fail_unless_equals_int (fmt.count[0], 18);
  fail_unless_equals_int (fmt.count[1], 18);
  fail_unless_equals_int (fmt.flags, 0);

  set_std (dev, V4L2_STD_NTSC_M);
  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  fail_unless_equals_int (fmt.start[0], 10);
  fail_unless_equals_int (fmt.start[1], 273);
  fail_unless_equals_int (fmt.count[0], 12);
  fail_unless_equals_int (fmt.count[1], 12);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ntsc_captions)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  gchar *want;
  guint32 first;

  set_input (dev, 1);           /* Composite1, NTSC-M */
  set_std (dev, V4L2_STD_NTSC_M);

  /* each caption cycle decodes to its own numbered text, on both fields
   * apart */
  for (first = 0; first < 3 * CYCLE; first += CYCLE) {
    want = gst_tv_hw_virtual_card_get_caption_text (card, 1, first);
    fail_unless (g_str_has_prefix (want, "Virtual card 0 caption "));
    g_free (want);
  }
  check_captions (card, 0, CYCLE, "Virtual card 0 caption 0", "CC3 caption 0");
  check_captions (card, CYCLE, CYCLE, "Virtual card 0 caption 1",
      "CC3 caption 1");
  /* any frames N .. N + k that hold a whole caption; far sequence
   * numbers too */
  check_captions (card, 7 * CYCLE, CYCLE + 13, "Virtual card 0 caption 7",
      "CC3 caption 7");
  check_captions (card, 1000 * CYCLE, CYCLE, "Virtual card 0 caption 1000",
      "CC3 caption 1000");
  want = gst_tv_hw_virtual_card_get_caption_text (card, 2, 1000 * CYCLE + 5);
  fail_unless_equals_string (want, "CC3 caption 1000");
  g_free (want);
  /* half a caption is not shown yet (pop-on) */
  check_captions (card, 2 * CYCLE, 10, "", "");

  /* the other card numbers its own */
  gst_tv_hw_device_close (dev);
  card = fresh_card (1);
  dev = open_card ("virtual:1");
  set_input (dev, 1);
  set_std (dev, V4L2_STD_NTSC_M);
  check_captions (card, 0, CYCLE, "Virtual card 1 caption 0", "CC3 caption 0");
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_caption_text)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  GError *err = NULL;
  gchar *text;
  guint32 seq;

  set_input (dev, 1);
  set_std (dev, V4L2_STD_NTSC_M);

  fail_unless (gst_tv_hw_virtual_card_set_caption_text (card, 1,
          "Hello world!", &err));
  fail_unless (gst_tv_hw_virtual_card_set_caption_text (card, 2,
          "Closed captions\ntest \u266a", &err));
  check_captions (card, 3 * CYCLE, CYCLE, "Hello world!",
      "Closed captions\ntest \u266a");
  text = gst_tv_hw_virtual_card_get_caption_text (card, 1, 3 * CYCLE);
  fail_unless_equals_string (text, "Hello world!");
  g_free (text);

  /* a change in the middle of a caption waits for the next one */
  {
    g_autoptr (GstTvVbiCcDecoder) dec = gst_tv_vbi_cc_decoder_new (1);

    for (seq = 4 * CYCLE; seq < 6 * CYCLE; seq++) {
      GstTvVbiData data;

      if (seq == 4 * CYCLE + 5)
        fail_unless (gst_tv_hw_virtual_card_set_caption_text (card, 1,
                "Changed text", &err));
      frame_data (card, seq, &data, NULL);
      gst_tv_vbi_cc_decoder_feed (dec, data.caption[0][0], data.caption[0][1]);
      if (seq == 5 * CYCLE - 1) {
        text = gst_tv_vbi_cc_decoder_get_text (dec);
        fail_unless_equals_string (text, "Hello world!");
        g_free (text);
        text = gst_tv_hw_virtual_card_get_caption_text (card, 1, seq);
        fail_unless_equals_string (text, "Hello world!");
        g_free (text);
      }
    }
    text = gst_tv_vbi_cc_decoder_get_text (dec);
    fail_unless_equals_string (text, "Changed text");
    g_free (text);
  }

  /* NULL: the numbered captions again */
  fail_unless (gst_tv_hw_virtual_card_set_caption_text (card, 1, NULL, &err));
  check_captions (card, 9 * CYCLE, CYCLE, "Virtual card 0 caption 9",
      "Closed captions\ntest \u266a");

  /* a reset forgets the text */
  gst_tv_hw_device_close (dev);
  card = fresh_card (0);
  dev = open_card ("virtual:0");
  set_input (dev, 1);
  set_std (dev, V4L2_STD_NTSC_M);
  check_captions (card, 0, CYCLE, "Virtual card 0 caption 0", "CC3 caption 0");
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_captions)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");

  /* Television on US4 (NTSC-M) at an NTSC capture standard */
  set_frequency (dev, US4);
  set_std (dev, V4L2_STD_NTSC_M);
  check_captions (card, 0, CYCLE, "Virtual card 0 caption 0", "CC3 caption 0");
  /* near the station (no colour) the captions still come */
  set_frequency (dev, US4 + 10);
  check_captions (card, CYCLE, CYCLE, "Virtual card 0 caption 1",
      "CC3 caption 1");
  /* at a PAL capture standard the decoder does not lock: nothing */
  set_frequency (dev, US4);
  set_std (dev, V4L2_STD_PAL);
  fail_unless_equals_int (frame_wss (card, 0), -1);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_pal_wss)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  guint32 seq;

  /* Television on E5 (PAL-BG) at power-on: 4:3 on every frame */
  for (seq = 0; seq < 5; seq++) {
    gint wss = frame_wss (card, seq);

    fail_unless_equals_int (wss, 0x0008);
    fail_unless_equals_int (gst_tv_vbi_wss_aspect (wss),
        GST_TV_VBI_WSS_4_3_FULL);
  }
  /* E7: 16:9 anamorphic; the other PAL and SECAM stations 4:3 */
  set_frequency (dev, E7);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (frame_wss (card, 5)),
      GST_TV_VBI_WSS_16_9_ANAMORPHIC);
  set_frequency (dev, 7540);    /* E21, PAL-I */
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (frame_wss (card, 6)),
      GST_TV_VBI_WSS_4_3_FULL);
  set_frequency (dev, 8692);    /* E30, SECAM-L */
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (frame_wss (card, 7)),
      GST_TV_VBI_WSS_4_3_FULL);
  /* off every station: snow, no WSS (the raw lines are noise) */
  set_frequency (dev, 5000);
  fail_unless_equals_int (frame_wss (card, 8), -1);

  /* S-Video (PAL-BG): 4:3, also with the tuner on E7 */
  set_frequency (dev, E7);
  set_input (dev, 2);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (frame_wss (card, 9)),
      GST_TV_VBI_WSS_4_3_FULL);
  /* Composite1 (NTSC) at a PAL capture standard: no lock, nothing */
  set_input (dev, 1);
  fail_unless_equals_int (frame_wss (card, 10), -1);
  /* Composite2: no signal */
  set_input (dev, 3);
  fail_unless_equals_int (frame_wss (card, 11), -1);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_wss)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  GError *err = NULL;
  GstTvVbiStats stats = { 0 };
  GstTvVbiData data;

  fail_unless (gst_tv_hw_virtual_card_set_wss (card,
          gst_tv_vbi_wss_word (GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE) | 0x0800,
          &err));
  fail_unless_equals_int (frame_wss (card, 0), 0x0801);
  set_frequency (dev, E7);      /* the word wins over the channel plan */
  fail_unless_equals_int (frame_wss (card, 1), 0x0801);

  /* a bad aspect parity reaches the decoder, which drops and counts it */
  fail_unless (gst_tv_hw_virtual_card_set_wss (card, 0x0003, &err));
  frame_data (card, 2, &data, &stats);
  fail_if (data.has_wss);
  fail_unless_equals_int (stats.wss_parity_errors, 1);

  fail_unless (gst_tv_hw_virtual_card_set_wss (card,
          GST_TV_HW_VIRTUAL_WSS_NONE, &err));
  fail_unless_equals_int (frame_wss (card, 3), -1);
  fail_unless (gst_tv_hw_virtual_card_set_wss (card,
          GST_TV_HW_VIRTUAL_WSS_DEFAULT, &err));
  fail_unless_equals_int (frame_wss (card, 4), 0x0007);

  /* out of range: refused with the valid values, nothing changes */
  fail_if (gst_tv_hw_virtual_card_set_wss (card, 0x4000, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_virtual_card_set_wss (card, -3, &err));
  fail_unless (strstr (err->message, "0 .. 16383") != NULL, "%s", err->message);
  g_clear_error (&err);
  fail_unless_equals_int (frame_wss (card, 5), 0x0007);

  /* a reset brings the default back */
  fail_unless (gst_tv_hw_virtual_card_set_wss (card, 0x0001, &err));
  gst_tv_hw_device_close (dev);
  card = fresh_card (0);
  fail_unless_equals_int (frame_wss (card, 0), 0x0008);
}

GST_END_TEST;

GST_START_TEST (test_no_picture)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  struct v4l2_sliced_vbi_data recs[N_RECS];
  struct v4l2_vbi_format fmt;
  guint8 raw[1440 * 24];
  guint i, noisy = 0;

  /* Composite1 with its lock forced off: snow */
  set_input (dev, 1);
  set_std (dev, V4L2_STD_NTSC_M);
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 1,
          V4L2_IN_ST_NO_H_LOCK));
  memset (recs, 0xff, sizeof (recs));
  fail_unless_equals_int (gst_tv_hw_virtual_card_generate_vbi_sliced (card,
          0, recs, N_RECS), 0);
  for (i = 0; i < N_RECS; i++)
    fail_unless_equals_int (recs[i].id, 0);
  /* raw: noise, which decodes to nothing */
  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  fail_unless (gst_tv_hw_virtual_card_generate_vbi_raw (card, 0, raw,
          sizeof (raw)));
  for (i = 1; i < sizeof (raw); i++)
    noisy += raw[i] != raw[i - 1];
  fail_unless (noisy > sizeof (raw) / 2);
  for (i = 0; i < 30; i++) {
    GstTvVbiData data;

    frame_data (card, i, &data, NULL);
    fail_if (data.has_caption[0] || data.has_caption[1] || data.has_wss);
  }

  /* a buffer too small for the frame */
  fail_if (gst_tv_hw_virtual_card_generate_vbi_raw (card, 0, raw, 100));
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_caption_text_errors)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GError *err = NULL;
  GString *notes = g_string_new (NULL);
  guint i;

  fail_if (gst_tv_hw_virtual_card_set_caption_text (card, 0, "x", &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_virtual_card_set_caption_text (card, 3, "x", &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  fail_if (gst_tv_hw_virtual_card_set_caption_text (card, 1, "a\nb\nc", &err));
  fail_unless (strstr (err->message, "3 rows") != NULL, "%s", err->message);
  g_clear_error (&err);

  fail_if (gst_tv_hw_virtual_card_set_caption_text (card, 1, "tab\there",
          &err));
  fail_unless (g_error_matches (err, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT));
  fail_unless (strstr (err->message, "virtual card 0, field 1") != NULL,
      "%s", err->message);
  fail_unless (strstr (err->message, "U+0009") != NULL, "%s", err->message);
  g_clear_error (&err);

  /* two rows of 32 special characters need 128 pairs */
  for (i = 0; i < 32; i++)
    g_string_append (notes, "\u266a");
  g_string_append_c (notes, '\n');
  for (i = 0; i < 32; i++)
    g_string_append (notes, "\u266a");
  fail_if (gst_tv_hw_virtual_card_set_caption_text (card, 2, notes->str, &err));
  fail_unless (strstr (err->message, "byte pairs") != NULL, "%s", err->message);
  g_clear_error (&err);
  g_string_free (notes, TRUE);

  /* the longest text that fits */
  fail_unless (gst_tv_hw_virtual_card_set_caption_text (card, 2,
          "12345678901234567890123456789012\n"
          "12345678901234567890123456789012", &err));
}

GST_END_TEST;

static Suite *
tvhw_vbi_suite (void)
{
  Suite *s = suite_create ("tvhw-vbi");
  TCase *tc_captions = tcase_create ("captions");
  TCase *tc_wss = tcase_create ("wss");

  suite_add_tcase (s, tc_captions);
  tcase_add_checked_fixture (tc_captions, NULL, card_teardown);
  tcase_add_test (tc_captions, test_vbi_format);
  tcase_add_test (tc_captions, test_ntsc_captions);
  tcase_add_test (tc_captions, test_caption_text);
  tcase_add_test (tc_captions, test_tuner_captions);
  tcase_add_test (tc_captions, test_no_picture);
  tcase_add_test (tc_captions, test_caption_text_errors);

  suite_add_tcase (s, tc_wss);
  tcase_add_checked_fixture (tc_wss, NULL, card_teardown);
  tcase_add_test (tc_wss, test_pal_wss);
  tcase_add_test (tc_wss, test_set_wss);

  return s;
}

GST_CHECK_MAIN (tvhw_vbi);
