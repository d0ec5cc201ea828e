/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for what v4l2tvsrc makes of a frame's VBI data
 * (gstv4l2tvvbi.c): caption meta (CEA608_S334_1A, both fields kept
 * apart) on the frame the pairs came with, and the WSS aspect, taken
 * after three frames in a row, with its pixel aspect ratio and message.
 * The data comes from the virtual card's own VBI lines where it can, so
 * the card, the VBI library and this step are tested together.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "gstv4l2tvvbi.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 7

/* virtual card CARD, reset, on input @input at standard @std (settings
 * persist after the close, as a driver's do) */
static GstTvHwVirtualCard *
card_on_input (guint32 input, v4l2_std_id std)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (CARD);
  gchar *location = g_strdup_printf ("virtual:%d", CARD);
  GstTvHwDevice *dev;
  GError *err = NULL;

  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = v4l2tv_check_open_capture (location);
  fail_unless (gst_tv_hw_device_set_input (dev, input, &err), "%s",
      err ? err->message : "");
  fail_unless (gst_tv_hw_device_set_std (dev, std, &err), "%s",
      err ? err->message : "");
  gst_tv_hw_device_close (dev);
  g_free (location);
  return card;
}

/* the caption meta of @buf (exactly one), or NULL when it has none */
static GstVideoCaptionMeta *
caption_meta (GstBuffer * buf)
{
  GstVideoCaptionMeta *meta = NULL, *m;
  gpointer state = NULL;

  while ((m = (GstVideoCaptionMeta *) gst_buffer_iterate_meta_filtered (buf,
              &state, GST_VIDEO_CAPTION_META_API_TYPE))) {
    fail_unless (meta == NULL, "more than one caption meta on a frame");
    meta = m;
  }
  return meta;
}

static GstTvVbiData
caption_data (gboolean f1, gboolean f2)
{
  GstTvVbiData data = { {0} };

  data.has_caption[0] = f1;
  data.caption[0][0] = gst_tv_vbi_cc_parity ('H');
  data.caption[0][1] = gst_tv_vbi_cc_parity ('i');
  data.has_caption[1] = f2;
  data.caption[1][0] = gst_tv_vbi_cc_parity (0x01);
  data.caption[1][1] = gst_tv_vbi_cc_parity (0x02);
  return data;
}

GST_START_TEST (test_captions_both_fields)
{
  GstTvVbiData in = caption_data (TRUE, TRUE), out;
  GstV4l2TvVbi vbi;
  GstVideoCaptionMeta *meta;
  GstBuffer *buf = gst_buffer_new ();

  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 525);
  fail_if (gst_v4l2_tv_vbi_frame (&vbi, &in, buf));
  meta = caption_meta (buf);
  fail_unless (meta != NULL);
  fail_unless_equals_int (meta->caption_type,
      GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A);
  fail_unless_equals_int (meta->size, 6);
  /* field 1 first, its field bit set; field 2 without; line 21 / 284 */
  fail_unless_equals_int (meta->data[0], 0x80 | 12);
  fail_unless_equals_int (meta->data[1], in.caption[0][0]);
  fail_unless_equals_int (meta->data[2], in.caption[0][1]);
  fail_unless_equals_int (meta->data[3], 12);
  fail_unless_equals_int (meta->data[4], in.caption[1][0]);
  fail_unless_equals_int (meta->data[5], in.caption[1][1]);
  fail_unless (gst_tv_vbi_s334_1a_unpack (meta->data, meta->size, &out));
  fail_unless (memcmp (out.caption, in.caption, sizeof (in.caption)) == 0);
  gst_buffer_unref (buf);
}

GST_END_TEST;

GST_START_TEST (test_captions_one_field)
{
  GstTvVbiData f2 = caption_data (FALSE, TRUE), none = caption_data (FALSE,
      FALSE), out;
  GstV4l2TvVbi vbi;
  GstVideoCaptionMeta *meta;
  GstBuffer *buf = gst_buffer_new (), *empty = gst_buffer_new ();

  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 525);
  gst_v4l2_tv_vbi_frame (&vbi, &f2, buf);
  meta = caption_meta (buf);
  fail_unless (meta != NULL);
  fail_unless_equals_int (meta->size, 3);
  fail_unless_equals_int (meta->data[0], 12);
  fail_unless (gst_tv_vbi_s334_1a_unpack (meta->data, meta->size, &out));
  fail_if (out.has_caption[0]);
  fail_unless (out.has_caption[1]);

  /* a frame whose lines carried nothing (or failed parity) has no meta */
  gst_v4l2_tv_vbi_frame (&vbi, &none, empty);
  fail_unless (caption_meta (empty) == NULL);
  gst_buffer_unref (buf);
  gst_buffer_unref (empty);
}

GST_END_TEST;

GST_START_TEST (test_captions_off)
{
  GstTvVbiData in = caption_data (TRUE, TRUE);
  GstV4l2TvVbi vbi;
  GstBuffer *buf = gst_buffer_new ();

  /* not among the services */
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_WSS, 525);
  gst_v4l2_tv_vbi_frame (&vbi, &in, buf);
  fail_unless (caption_meta (buf) == NULL);
  /* CEA-608 belongs to 525-line video */
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 625);
  gst_v4l2_tv_vbi_frame (&vbi, &in, buf);
  fail_unless (caption_meta (buf) == NULL);
  gst_buffer_unref (buf);
}

GST_END_TEST;

/* the virtual card's NTSC input: its frames' VBI, sliced by the library,
 * put on buffers, read back through the meta, give the card's pairs */
GST_START_TEST (test_captions_from_card)
{
  GstTvHwVirtualCard *card = card_on_input (1, V4L2_STD_NTSC_M);   /* Composite1 */
  struct v4l2_vbi_format fmt;
  GstV4l2TvVbi vbi;
  guint32 seq;
  guint with_meta = 0;

  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 525);
  for (seq = 0; seq < 120; seq++) {
    gsize size = gst_tv_vbi_raw_frame_size (&fmt);
    guint8 *raw = g_malloc (size);
    GstTvVbiData data, back;
    GstVideoCaptionMeta *meta;
    GstBuffer *buf = gst_buffer_new ();

    fail_unless (gst_tv_hw_virtual_card_generate_vbi_raw (card, seq, raw,
            size));
    fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, 525, raw, size, &data,
            NULL, NULL));
    gst_v4l2_tv_vbi_frame (&vbi, &data, buf);
    meta = caption_meta (buf);
    if (data.has_caption[0] || data.has_caption[1]) {
      fail_unless (meta != NULL, "frame %u: pairs but no meta", seq);
      fail_unless (gst_tv_vbi_s334_1a_unpack (meta->data, meta->size,
              &back));
      fail_unless_equals_int (back.has_caption[0], data.has_caption[0]);
      fail_unless_equals_int (back.has_caption[1], data.has_caption[1]);
      fail_unless (memcmp (back.caption, data.caption,
              sizeof (data.caption)) == 0);
      with_meta++;
    } else {
      fail_unless (meta == NULL);
    }
    gst_buffer_unref (buf);
    g_free (raw);
  }
  /* the card sends a pair on every frame of its caption input */
  fail_unless_equals_int (with_meta, 120);
  gst_tv_hw_virtual_card_reset (card);
}

GST_END_TEST;

static GstTvVbiData
wss_data (GstTvVbiWssAspect aspect)
{
  GstTvVbiData data = { {0} };

  data.has_wss = TRUE;
  data.wss = gst_tv_vbi_wss_word (aspect);
  return data;
}

/* @n frames of @data; TRUE when the last one changed the aspect, FALSE
 * when none did (fails if an earlier one did) */
static gboolean
feed (GstV4l2TvVbi * vbi, const GstTvVbiData * data, guint n)
{
  GstBuffer *buf = gst_buffer_new ();
  gboolean changed = FALSE;
  guint i;

  for (i = 0; i < n; i++) {
    fail_if (changed, "the aspect changed before frame %u of %u", i + 1, n);
    changed = gst_v4l2_tv_vbi_frame (vbi, data, buf);
  }
  gst_buffer_unref (buf);
  return changed;
}

GST_START_TEST (test_wss_takes_three_frames)
{
  GstTvVbiData wide = wss_data (GST_TV_VBI_WSS_16_9_ANAMORPHIC);
  GstTvVbiData normal = wss_data (GST_TV_VBI_WSS_4_3_FULL);
  GstV4l2TvVbi vbi;
  gint n, d;

  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 625);
  gst_v4l2_tv_vbi_pixel_aspect (&vbi, 59, 54, &n, &d);
  fail_unless (n == 59 && d == 54);

  fail_unless (feed (&vbi, &normal, GST_V4L2_TV_VBI_WSS_FRAMES));
  fail_if (gst_v4l2_tv_vbi_is_anamorphic (&vbi));
  fail_unless (feed (&vbi, &wide, GST_V4L2_TV_VBI_WSS_FRAMES));
  fail_unless (gst_v4l2_tv_vbi_is_anamorphic (&vbi));
  gst_v4l2_tv_vbi_pixel_aspect (&vbi, 59, 54, &n, &d);
  fail_unless (n == 118 && d == 81, "16:9 at 625 lines: %d/%d", n, d);
  gst_v4l2_tv_vbi_pixel_aspect (&vbi, 10, 11, &n, &d);
  fail_unless (n == 40 && d == 33, "16:9 at 525 lines: %d/%d", n, d);
  /* the same aspect again changes nothing */
  fail_if (feed (&vbi, &wide, 10));
}

GST_END_TEST;

GST_START_TEST (test_wss_glitches)
{
  GstTvVbiData wide = wss_data (GST_TV_VBI_WSS_16_9_ANAMORPHIC);
  GstTvVbiData normal = wss_data (GST_TV_VBI_WSS_4_3_FULL);
  GstTvVbiData bad = normal, missing = { {0} };
  GstV4l2TvVbi vbi;

  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 625);
  fail_unless (feed (&vbi, &normal, GST_V4L2_TV_VBI_WSS_FRAMES));

  /* one bad line, then the old aspect: no flip, and the count starts
   * over */
  fail_if (feed (&vbi, &wide, GST_V4L2_TV_VBI_WSS_FRAMES - 1));
  fail_if (feed (&vbi, &normal, 1));
  fail_if (feed (&vbi, &wide, GST_V4L2_TV_VBI_WSS_FRAMES - 1));
  fail_if (gst_v4l2_tv_vbi_is_anamorphic (&vbi));

  /* a dropout or a word with the wrong aspect parity is no vote either
   * way: the third good frame still takes the change */
  bad.wss ^= 0x1;
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (bad.wss),
      GST_TV_VBI_WSS_INVALID);
  fail_if (feed (&vbi, &missing, 5));
  fail_if (feed (&vbi, &bad, 5));
  fail_unless (feed (&vbi, &wide, 1));
  fail_unless (gst_v4l2_tv_vbi_is_anamorphic (&vbi));

  /* WSS belongs to 625-line video, and may be turned off */
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 525);
  fail_if (feed (&vbi, &wide, 10));
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_CAPTIONS, 625);
  fail_if (feed (&vbi, &wide, 10));
  fail_if (gst_v4l2_tv_vbi_is_anamorphic (&vbi));
}

GST_END_TEST;

static void
check_message (GstV4l2TvVbi * vbi, GstTvVbiWssAspect aspect,
    gboolean anamorphic, gboolean letterbox)
{
  GstMessage *msg = gst_v4l2_tv_vbi_wss_message (vbi, NULL);
  const GstStructure *s = gst_message_get_structure (msg);
  gboolean b;
  guint word;

  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ELEMENT);
  fail_unless (gst_structure_has_name (s, "v4l2tv-wss"));
  fail_unless_equals_string (gst_structure_get_string (s, "aspect"),
      gst_tv_vbi_wss_aspect_name (aspect));
  fail_unless (gst_structure_get_uint (s, "word", &word));
  fail_unless_equals_int (word, gst_tv_vbi_wss_word (aspect));
  fail_unless (gst_structure_get_boolean (s, "anamorphic", &b));
  fail_unless_equals_int (b, anamorphic);
  fail_unless (gst_structure_get_boolean (s, "letterbox", &b));
  fail_unless_equals_int (b, letterbox);
  gst_message_unref (msg);
}

GST_START_TEST (test_wss_message)
{
  static const struct
  {
    GstTvVbiWssAspect aspect;
    gboolean anamorphic, letterbox;
  } cases[] = {
    {GST_TV_VBI_WSS_4_3_FULL, FALSE, FALSE},
    {GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE, FALSE, TRUE},
    {GST_TV_VBI_WSS_14_9_LETTERBOX_TOP, FALSE, TRUE},
    {GST_TV_VBI_WSS_16_9_LETTERBOX_CENTRE, FALSE, TRUE},
    {GST_TV_VBI_WSS_16_9_LETTERBOX_TOP, FALSE, TRUE},
    {GST_TV_VBI_WSS_ABOVE_16_9_LETTERBOX_CENTRE, FALSE, TRUE},
    {GST_TV_VBI_WSS_14_9_FULL, FALSE, FALSE},
    {GST_TV_VBI_WSS_16_9_ANAMORPHIC, TRUE, FALSE},
  };
  GstV4l2TvVbi vbi;
  guint i;

  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 625);
  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstTvVbiData data = wss_data (cases[i].aspect);
    gint n, d;

    fail_unless (feed (&vbi, &data, GST_V4L2_TV_VBI_WSS_FRAMES),
        "case %u", i);
    check_message (&vbi, cases[i].aspect, cases[i].anamorphic,
        cases[i].letterbox);
    /* only the anamorphic picture changes the pixels' shape */
    gst_v4l2_tv_vbi_pixel_aspect (&vbi, 59, 54, &n, &d);
    fail_unless_equals_int (n, cases[i].anamorphic ? 118 : 59);
    fail_unless_equals_int (d, cases[i].anamorphic ? 81 : 54);
  }
}

GST_END_TEST;

/* the virtual card's PAL inputs carry WSS 4:3 (its E7 channel 16:9) */
GST_START_TEST (test_wss_from_card)
{
  GstTvHwVirtualCard *card = card_on_input (2, V4L2_STD_PAL_BG);    /* S-Video */
  struct v4l2_vbi_format fmt;
  GstV4l2TvVbi vbi;
  guint32 seq;
  gboolean changed = FALSE;

  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 625);
  for (seq = 0; seq < 10; seq++) {
    gsize size = gst_tv_vbi_raw_frame_size (&fmt);
    guint8 *raw = g_malloc (size);
    GstTvVbiData data;
    GstBuffer *buf = gst_buffer_new ();

    fail_unless (gst_tv_hw_virtual_card_generate_vbi_raw (card, seq, raw,
            size));
    fail_unless (gst_tv_vbi_raw_decode_frame (&fmt, 625, raw, size, &data,
            &vbi.stats, NULL));
    changed |= gst_v4l2_tv_vbi_frame (&vbi, &data, buf);
    fail_unless (caption_meta (buf) == NULL);
    gst_buffer_unref (buf);
    g_free (raw);
  }
  fail_unless (changed);
  fail_unless_equals_int (vbi.aspect, GST_TV_VBI_WSS_4_3_FULL);
  fail_unless_equals_int (vbi.stats.wss, 10);
  gst_tv_hw_virtual_card_reset (card);
}

GST_END_TEST;

GST_START_TEST (test_services_flags)
{
  GFlagsClass *klass = g_type_class_ref (GST_TYPE_V4L2_TV_VBI_SERVICES);
  GValue v = G_VALUE_INIT;

  fail_unless (g_flags_get_value_by_nick (klass, "captions") != NULL);
  fail_unless (g_flags_get_value_by_nick (klass, "wss") != NULL);
  g_value_init (&v, GST_TYPE_V4L2_TV_VBI_SERVICES);
  fail_unless (gst_value_deserialize (&v, "captions+wss"));
  fail_unless_equals_int (g_value_get_flags (&v), GST_V4L2_TV_VBI_ALL);
  fail_if (gst_value_deserialize (&v, "teletext"));
  g_value_unset (&v);
  g_type_class_unref (klass);
}

GST_END_TEST;

/* the sink's side: every caption type GStreamer has, back to pairs */
GST_START_TEST (test_meta_to_pairs)
{
  guint8 f1a = gst_tv_vbi_cc_parity ('A'), f1b = gst_tv_vbi_cc_parity ('b');
  guint8 f2a = gst_tv_vbi_cc_parity (0x14), f2b = gst_tv_vbi_cc_parity (0x2c);
  const guint8 s334[] = { 0x80 | 12, f1a, f1b, 12, f2a, f2b };
  const guint8 raw608[] = { f1a, f1b };
  /* cc_data: field 2, a DTVCC pair to skip, an invalid field 1, field 1 */
  const guint8 cc708[] = { 0xfd, f2a, f2b, 0xfe, 0x01, 0x02, 0xf8, 0x11,
    0x22, 0xfc, f1a, f1b
  };
  /* a CDP with a time code and cc_data (2 triplets), then its footer */
  const guint8 cdp[] = { 0x96, 0x69, 25, 0x4f, 0xc3, 0x12, 0x34,
    0x71, 0xc0, 0x80, 0x80, 0x80,
    0x72, 0xe2, 0xfc, f1a, f1b, 0xfd, f2a, f2b,
    0x74, 0x12, 0x34, 0x00
  };
  const struct
  {
    GstVideoCaptionType type;
    const guint8 *bytes;
    gsize size;
    gboolean f1, f2;
  } cases[] = {
    {GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A, s334, sizeof (s334), TRUE, TRUE},
    {GST_VIDEO_CAPTION_TYPE_CEA608_RAW, raw608, sizeof (raw608), TRUE, FALSE},
    {GST_VIDEO_CAPTION_TYPE_CEA708_RAW, cc708, sizeof (cc708), TRUE, TRUE},
    {GST_VIDEO_CAPTION_TYPE_CEA708_CDP, cdp, sizeof (cdp), TRUE, TRUE},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstBuffer *buf = gst_buffer_new ();
    GstTvVbiData data;

    gst_buffer_add_video_caption_meta (buf, cases[i].type, cases[i].bytes,
        cases[i].size);
    fail_unless (gst_v4l2_tv_vbi_captions_from_buffer (buf, &data),
        "case %u", i);
    fail_unless_equals_int (data.has_caption[0], cases[i].f1);
    fail_unless_equals_int (data.has_caption[1], cases[i].f2);
    if (cases[i].f1) {
      fail_unless_equals_int (data.caption[0][0], f1a);
      fail_unless_equals_int (data.caption[0][1], f1b);
    }
    if (cases[i].f2) {
      fail_unless_equals_int (data.caption[1][0], f2a);
      fail_unless_equals_int (data.caption[1][1], f2b);
    }
    fail_if (data.has_wss);
    gst_buffer_unref (buf);
  }
}

GST_END_TEST;

GST_START_TEST (test_meta_to_pairs_bad)
{
  guint8 f1a = gst_tv_vbi_cc_parity ('A'), f1b = gst_tv_vbi_cc_parity ('b');
  const guint8 short_s334[] = { 0x80 | 12, f1a };
  const guint8 other_line[] = { 0x80 | 5, f1a, f1b };
  const guint8 no_cc_data[] = { 0x96, 0x69, 11, 0x4f, 0x03, 0x00, 0x01,
    0x74, 0x00, 0x01, 0x00
  };
  const guint8 cut_cdp[] = { 0x96, 0x69, 60, 0x4f, 0x43, 0x00, 0x01,
    0x72, 0xea, 0xfc, f1a, f1b
  };
  const guint8 not_cdp[] = { 0x69, 0x96, 9, 0x4f, 0x43, 0x00, 0x01, 0x72,
    0xe0
  };
  const guint8 one_byte[] = { f1a };
  const struct
  {
    GstVideoCaptionType type;
    const guint8 *bytes;
    gsize size;
  } cases[] = {
    {GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A, short_s334, sizeof (short_s334)},
    {GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A, other_line, sizeof (other_line)},
    {GST_VIDEO_CAPTION_TYPE_CEA708_CDP, no_cc_data, sizeof (no_cc_data)},
    {GST_VIDEO_CAPTION_TYPE_CEA708_CDP, cut_cdp, sizeof (cut_cdp)},
    {GST_VIDEO_CAPTION_TYPE_CEA708_CDP, not_cdp, sizeof (not_cdp)},
    {GST_VIDEO_CAPTION_TYPE_CEA608_RAW, one_byte, sizeof (one_byte)},
  };
  GstBuffer *buf = gst_buffer_new ();
  GstTvVbiData data;
  guint i;

  /* no meta at all */
  fail_if (gst_v4l2_tv_vbi_captions_from_buffer (buf, &data));
  fail_if (data.has_caption[0] || data.has_caption[1]);
  gst_buffer_unref (buf);

  /* what cannot be read is skipped, never read past its end */
  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    buf = gst_buffer_new ();
    gst_buffer_add_video_caption_meta (buf, cases[i].type, cases[i].bytes,
        cases[i].size);
    fail_if (gst_v4l2_tv_vbi_captions_from_buffer (buf, &data), "case %u", i);
    gst_buffer_unref (buf);
  }
}

GST_END_TEST;

/* what gst-plugins-bad's ccconverter makes of our S334-1A meta bytes, as
 * CEA-708 cc_data and as CDP, reads back to the same pairs: the two ends
 * agree with GStreamer's own caption code, not only with each other */
static void
check_through_ccconverter (const gchar * caps, GstVideoCaptionType type)
{
  gchar *launch = g_strdup_printf ("ccconverter ! capsfilter caps=%s", caps);
  GstHarness *h;
  GstV4l2TvVbi vbi;
  guint i, pairs = 0;

  fail_unless (gst_registry_check_feature_version (gst_registry_get (),
          "ccconverter", 1, 22, 0),
      "ccconverter is missing: install gstreamer1.0-plugins-bad "
      "(scripts/install-deps.sh)");
  h = gst_harness_new_parse (launch);
  gst_harness_set_src_caps_str (h, "closedcaption/x-cea-608,"
      "format=s334-1a,framerate=30000/1001");
  gst_v4l2_tv_vbi_reset (&vbi, GST_V4L2_TV_VBI_ALL, 525);
  for (i = 0; i < 60; i++) {
    GstTvVbiData in = { {0} };
    GstVideoCaptionMeta *meta;
    GstBuffer *video = gst_buffer_new (), *cc;

    /* a count that runs through both fields, with good parity */
    in.has_caption[0] = in.has_caption[1] = TRUE;
    in.caption[0][0] = gst_tv_vbi_cc_parity (0x20 + i);
    in.caption[0][1] = gst_tv_vbi_cc_parity (0x21 + i);
    in.caption[1][0] = gst_tv_vbi_cc_parity (0x40 + i);
    in.caption[1][1] = gst_tv_vbi_cc_parity (0x41 + i);
    gst_v4l2_tv_vbi_frame (&vbi, &in, video);
    meta = caption_meta (video);
    fail_unless (meta != NULL);
    cc = gst_buffer_new_memdup (meta->data, meta->size);
    GST_BUFFER_PTS (cc) = gst_util_uint64_scale (i, GST_SECOND * 1001, 30000);
    GST_BUFFER_DURATION (cc) = gst_util_uint64_scale (1, GST_SECOND * 1001,
        30000);
    fail_unless_equals_int (gst_harness_push (h, cc), GST_FLOW_OK);
    gst_buffer_unref (video);

    while (gst_harness_buffers_in_queue (h) > 0) {
      GstBuffer *out = gst_harness_pull (h), *framed = gst_buffer_new ();
      GstTvVbiData back;
      GstMapInfo map;

      fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
      gst_buffer_add_video_caption_meta (framed, type, map.data, map.size);
      gst_buffer_unmap (out, &map);
      if (gst_v4l2_tv_vbi_captions_from_buffer (framed, &back)) {
        /* the pairs come out in order, none lost, none made up */
        fail_unless (back.has_caption[0] && back.has_caption[1]);
        fail_unless_equals_int (back.caption[0][0],
            gst_tv_vbi_cc_parity (0x20 + pairs));
        fail_unless_equals_int (back.caption[0][1],
            gst_tv_vbi_cc_parity (0x21 + pairs));
        fail_unless_equals_int (back.caption[1][0],
            gst_tv_vbi_cc_parity (0x40 + pairs));
        fail_unless_equals_int (back.caption[1][1],
            gst_tv_vbi_cc_parity (0x41 + pairs));
        pairs++;
      }
      gst_buffer_unref (framed);
      gst_buffer_unref (out);
    }
  }
  /* a converter may hold a frame or two back */
  fail_unless (pairs >= 55, "%u pairs of 60 came back", pairs);
  gst_harness_teardown (h);
  g_free (launch);
}

GST_START_TEST (test_ccconverter_cc_data)
{
  check_through_ccconverter ("closedcaption/x-cea-708,format=cc_data,"
      "framerate=30000/1001",
      GST_VIDEO_CAPTION_TYPE_CEA708_RAW);
}

GST_END_TEST;

GST_START_TEST (test_ccconverter_cdp)
{
  check_through_ccconverter ("closedcaption/x-cea-708,format=cdp,"
      "framerate=30000/1001",
      GST_VIDEO_CAPTION_TYPE_CEA708_CDP);
}

GST_END_TEST;

static Suite *
v4l2tvvbi_suite (void)
{
  Suite *s = suite_create ("v4l2tvvbi");
  TCase *tc = tcase_create ("captions");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_captions_both_fields);
  tcase_add_test (tc, test_captions_one_field);
  tcase_add_test (tc, test_captions_off);
  tcase_add_test (tc, test_captions_from_card);

  tc = tcase_create ("wss");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_wss_takes_three_frames);
  tcase_add_test (tc, test_wss_glitches);
  tcase_add_test (tc, test_wss_message);
  tcase_add_test (tc, test_wss_from_card);
  tcase_add_test (tc, test_services_flags);

  tc = tcase_create ("sink");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_meta_to_pairs);
  tcase_add_test (tc, test_meta_to_pairs_bad);
  tcase_add_test (tc, test_ccconverter_cc_data);
  tcase_add_test (tc, test_ccconverter_cdp);
  return s;
}

GST_CHECK_MAIN (v4l2tvvbi);
