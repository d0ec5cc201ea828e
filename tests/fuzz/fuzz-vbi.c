/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer harness: the VBI library (sys/v4l2tv/vbi), what a capture
 * card's VBI node hands the elements: raw frames in any raw VBI format,
 * sliced records, S334-1A triplets, caption byte pairs, and caption
 * texts for the encoder.
 *
 * Input: a 14-byte header, then the payload.
 *   byte 0: flags: bit 0 a 525-line standard (else 625), bit 1
 *           V4L2_VBI_INTERLACED, bit 2 the sample format is not GREY
 *   bytes 1-2: sampling rate in 100 kHz units (little endian)
 *   bytes 3-4: offset (signed), 5-6: samples_per_line, 7-8: start[0],
 *   9-10: start[1], 11: count[0], 12: count[1], 13: caption channel and
 *   mode for the text encoder (bit 0: channel 2, bit 1: roll-up)
 *
 * Checks, besides "no crash, leak or undefined behaviour": a refused
 * format or frame comes with a GST_TV_VBI_ERROR; what the decoders
 * deliver has the right parity (captions) or a valid aspect (WSS); the
 * caption decoder's text is valid UTF-8; a text the encoder takes decodes
 * back to itself.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vbi/tvvbi.h"

#define HEADER 14
/* the largest raw frame tried: 2 x 1024 lines of 8192 samples would be
 * 16 MB; a few hundred kB say as much */
#define MAX_FRAME (256 * 1024)

int LLVMFuzzerTestOneInput (const guint8 * data, size_t size);

static void
fail (const gchar * what, const gchar * detail)
{
  fprintf (stderr, "fuzz-vbi: %s\n  %s\n", what, detail ? detail : "");
  abort ();
}

static guint
u16 (const guint8 * p)
{
  return p[0] | (p[1] << 8);
}

static void
check_data (const GstTvVbiData * d)
{
  guint f;

  for (f = 0; f < 2; f++) {
    if (d->has_caption[f] && (!gst_tv_vbi_cc_parity_ok (d->caption[f][0])
            || !gst_tv_vbi_cc_parity_ok (d->caption[f][1])))
      fail ("a caption pair with a parity error was delivered", NULL);
  }
  if (d->has_wss && gst_tv_vbi_wss_aspect (d->wss) == GST_TV_VBI_WSS_INVALID)
    fail ("a WSS word with a bad aspect parity was delivered", NULL);
}

static void
check_error (GError * err, const gchar * what)
{
  if (err == NULL || err->domain != GST_TV_VBI_ERROR || err->message == NULL
      || *err->message == '\0')
    fail (what, "refused without a GST_TV_VBI_ERROR and a message");
}

static void
raw (guint8 flags, const struct v4l2_vbi_format *fmt, const guint8 * payload,
    gsize size)
{
  guint lines = (flags & 1) ? 525 : 625;
  GstTvVbiStats stats = { 0 };
  GstTvVbiData d;
  GError *err = NULL;
  gsize frame_size;
  guint8 *frame;
  guint i;

  /* the payload as it is, possibly too short */
  if (!gst_tv_vbi_raw_decode_frame (fmt, lines, payload, size, &d, &stats,
          &err)) {
    check_error (err, "raw frame");
    g_clear_error (&err);
  } else {
    check_data (&d);
  }

  if (!gst_tv_vbi_raw_format_check (fmt, &err)) {
    check_error (err, "raw format");
    g_clear_error (&err);
    return;
  }
  frame_size = gst_tv_vbi_raw_frame_size (fmt);
  if (frame_size == 0 || frame_size > MAX_FRAME)
    return;

  /* a whole frame, the payload repeated */
  frame = g_malloc (frame_size);
  for (i = 0; i < frame_size; i++)
    frame[i] = size > 0 ? payload[i % size] : 0;
  if (!gst_tv_vbi_raw_decode_frame (fmt, lines, frame, frame_size, &d,
          &stats, &err))
    fail ("a valid format's whole frame was refused", err->message);
  check_data (&d);

  /* every line through both slicers */
  for (i = 0; i + fmt->samples_per_line <= frame_size;
      i += fmt->samples_per_line) {
    guint8 b1, b2;
    guint16 w = 0;

    if (gst_tv_vbi_cc_decode_line (fmt, frame + i, &b1, &b2) == GST_TV_VBI_OK
        && (!gst_tv_vbi_cc_parity_ok (b1) || !gst_tv_vbi_cc_parity_ok (b2)))
      fail ("the caption slicer said OK to a parity error", NULL);
    if (gst_tv_vbi_wss_decode_line (fmt, frame + i, &w) == GST_TV_VBI_OK
        && gst_tv_vbi_wss_aspect (w) == GST_TV_VBI_WSS_INVALID)
      fail ("the WSS slicer said OK to a bad aspect parity", NULL);
    if (w > GST_TV_VBI_WSS_MASK)
      fail ("a WSS word of more than 14 bits", NULL);
  }

  /* and the synthesiser writes inside the frame (ASan) */
  d.has_caption[0] = d.has_caption[1] = d.has_wss = TRUE;
  if (!gst_tv_vbi_raw_encode_frame (fmt, lines, frame, frame_size, &d, &err))
    fail ("a valid format's frame was not written", err->message);
  g_free (frame);
}

static void
sliced (const guint8 * payload, gsize size)
{
  guint n = size / sizeof (struct v4l2_sliced_vbi_data);
  struct v4l2_sliced_vbi_data *recs;
  struct v4l2_sliced_vbi_data out[4];
  GstTvVbiData d, d2;

  recs = g_memdup2 (payload, n * sizeof (*recs));
  gst_tv_vbi_sliced_decode_frame (recs, n, &d, NULL);
  check_data (&d);
  /* what was read writes back to the same */
  gst_tv_vbi_sliced_decode_frame (out, gst_tv_vbi_sliced_encode_frame (&d,
          out, G_N_ELEMENTS (out)), &d2, NULL);
  if (memcmp (&d, &d2, sizeof (d)) != 0)
    fail ("sliced records did not read back", NULL);
  g_free (recs);
}

static void
captions (const guint8 * payload, gsize size)
{
  g_autoptr (GstTvVbiCcDecoder) dec1 = gst_tv_vbi_cc_decoder_new (1);
  g_autoptr (GstTvVbiCcDecoder) dec2 = gst_tv_vbi_cc_decoder_new (2);
  g_autofree gchar *t1 = NULL, *t2 = NULL;
  GstTvVbiData d = { {0} };
  gsize i;

  for (i = 0; i + 1 < size; i += 2) {
    gst_tv_vbi_cc_decoder_feed (dec1, payload[i], payload[i + 1]);
    gst_tv_vbi_cc_decoder_feed (dec2, payload[i], payload[i + 1]);
  }
  t1 = gst_tv_vbi_cc_decoder_get_text (dec1);
  t2 = gst_tv_vbi_cc_decoder_get_text (dec2);
  if (!g_utf8_validate (t1, -1, NULL) || !g_utf8_validate (t2, -1, NULL))
    fail ("the caption decoder's text is not UTF-8", NULL);

  if (gst_tv_vbi_s334_1a_unpack (payload, size, &d) != (size % 3 == 0))
    fail ("S334-1A unpacking took a size that is no multiple of 3", NULL);
}

/* rows the decoder gives back as they are: not empty, no spaces at
 * either end */
static gboolean
plain_rows (const gchar * text)
{
  g_auto (GStrv) rows = g_strsplit (text, "\n", -1);
  guint i;

  for (i = 0; rows[i] != NULL; i++) {
    gsize len = strlen (rows[i]);

    if (len == 0 || rows[i][0] == ' ' || rows[i][len - 1] == ' ')
      return FALSE;
  }
  return TRUE;
}

static void
text (guint8 how, const guint8 * payload, gsize size)
{
  g_autofree gchar *str = g_strndup ((const gchar *) payload, size);
  guint channel = (how & 1) ? 2 : 1;
  GstTvVbiCcMode mode = (how & 2) ? GST_TV_VBI_CC_ROLL_UP :
      GST_TV_VBI_CC_POP_ON;
  g_autoptr (GstTvVbiCcDecoder) dec = NULL;
  g_autofree gchar *got = NULL;
  GError *err = NULL;
  GByteArray *pairs;
  guint i;

  pairs = gst_tv_vbi_cc_encode_text (str, mode, channel, &err);
  if (pairs == NULL) {
    check_error (err, "caption text");
    g_clear_error (&err);
    return;
  }
  dec = gst_tv_vbi_cc_decoder_new (channel);
  for (i = 0; i + 1 < pairs->len; i += 2)
    gst_tv_vbi_cc_decoder_feed (dec, pairs->data[i], pairs->data[i + 1]);
  got = gst_tv_vbi_cc_decoder_get_text (dec);
  if (*str != '\0' && plain_rows (str) && strcmp (got, str) != 0)
    fail ("a caption text did not decode back to itself", str);
  g_byte_array_unref (pairs);
}

int
LLVMFuzzerTestOneInput (const guint8 * data, size_t size)
{
  struct v4l2_vbi_format fmt;
  const guint8 *payload = data + HEADER;
  gsize n;

  if (size < HEADER)
    return 0;
  n = size - HEADER;

  memset (&fmt, 0, sizeof (fmt));
  fmt.sampling_rate = u16 (data + 1) * 100000;
  fmt.offset = (gint16) u16 (data + 3);
  fmt.samples_per_line = u16 (data + 5);
  fmt.start[0] = u16 (data + 7);
  fmt.start[1] = u16 (data + 9);
  fmt.count[0] = data[11];
  fmt.count[1] = data[12];
  fmt.sample_format = (data[0] & 4) ? V4L2_PIX_FMT_YUYV : V4L2_PIX_FMT_GREY;
  fmt.flags = (data[0] & 2) ? V4L2_VBI_INTERLACED : 0;

  raw (data[0], &fmt, payload, n);
  sliced (payload, n);
  captions (payload, n);
  text (data[13], payload, n);
  return 0;
}
