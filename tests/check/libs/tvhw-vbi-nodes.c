/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the virtual card's VBI nodes (hw/tvhw-virtual-vbi-nodes.c
 * and the queue they share with the video nodes): formats and
 * G_SLICED_VBI_CAP per standard; raw and sliced capture frame by frame
 * beside the video node (same sequence and timestamp) in every pacing,
 * decoding to the card's captions and WSS; the raw/sliced switch refused
 * while buffers exist; the sliced VBI output looped back to a capture
 * input; finding the VBI nodes; faults on the VBI nodes alone; unplug.
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
#define N_RECS 36
#define REC_SIZE sizeof (struct v4l2_sliced_vbi_data)
#define E7 3028

static GstTvHwDevice *
open_kind (const gchar * location, GstTvHwNodeKind kind)
{
  GError *err = NULL;
  GstTvHwDevice *dev = gst_tv_hw_device_open (location, kind, &err);

  fail_unless (dev != NULL, "opening %s as %s: %s", location,
      gst_tv_hw_node_kind_name (kind), err ? err->message : "");
  return dev;
}

/* S_FMT of the VBI kind of @dev: raw (vivid's format) or sliced @services */
static void
set_vbi_fmt (GstTvHwDevice * dev, guint16 services, struct v4l2_format *fmt)
{
  GError *err = NULL;

  memset (fmt, 0, sizeof (*fmt));
  fmt->fmt.sliced.service_set = services;
  if (!gst_tv_hw_node_kind_is_sliced (gst_tv_hw_device_get_kind (dev)))
    gst_tv_hw_virtual_card_get_vbi_format (gst_tv_hw_virtual_card_get (0),
        &fmt->fmt.vbi);
  fail_unless (gst_tv_hw_device_set_fmt (dev, fmt, &err), "S_FMT: %s",
      err ? err->message : "");
}

/* the captions and WSS of one dequeued VBI buffer */
static void
decode_vbi (GstTvHwDevice * dev, const struct v4l2_format *fmt,
    gconstpointer data, const struct v4l2_buffer *buf, GstTvVbiData * out)
{
  GError *err = NULL;

  if (gst_tv_hw_node_kind_is_sliced (gst_tv_hw_device_get_kind (dev))) {
    fail_unless_equals_int (buf->bytesused, N_RECS * REC_SIZE);
    gst_tv_vbi_sliced_decode_frame (data, N_RECS, out, NULL);
  } else {
    guint lines = fmt->fmt.vbi.start[1] > 313 ? 625 : 525;

    fail_unless_equals_int (buf->bytesused,
        gst_tv_vbi_raw_frame_size (&fmt->fmt.vbi));
    fail_unless (gst_tv_vbi_raw_decode_frame (&fmt->fmt.vbi, lines, data,
            buf->bytesused, out, NULL, &err), "%s", err ? err->message : "");
  }
}

/* --- formats --- */

GST_START_TEST (test_formats)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *video = open_card ("virtual:0");
  GstTvHwDevice *raw = open_kind ("virtual:0", GST_TV_HW_NODE_VBI_CAPTURE);
  GstTvHwDevice *sliced = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  GstTvHwDevice *out = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_OUTPUT);
  struct v4l2_sliced_vbi_cap cap;
  struct v4l2_fmtdesc desc;
  struct v4l2_cropcap cropcap;
  struct v4l2_format fmt;
  GError *err = NULL;
  guint32 index;

  /* raw: vivid's format at the card's standard (PAL) */
  fail_unless (gst_tv_hw_device_get_fmt (raw, &fmt, &err));
  fail_unless_equals_int (fmt.type, V4L2_BUF_TYPE_VBI_CAPTURE);
  fail_unless_equals_int (fmt.fmt.vbi.samples_per_line, 1440);
  fail_unless_equals_int (fmt.fmt.vbi.start[0], 6);
  fail_unless_equals_int (fmt.fmt.vbi.count[0], 18);

  /* sliced at 625 lines: WSS on line 23 of field 1 */
  fail_unless (gst_tv_hw_device_get_fmt (sliced, &fmt, &err));
  fail_unless_equals_int (fmt.type, V4L2_BUF_TYPE_SLICED_VBI_CAPTURE);
  fail_unless_equals_int (fmt.fmt.sliced.service_set, V4L2_SLICED_WSS_625);
  fail_unless_equals_int (fmt.fmt.sliced.service_lines[0][23],
      V4L2_SLICED_WSS_625);
  fail_unless_equals_int (fmt.fmt.sliced.service_lines[1][23], 0);
  fail_unless_equals_int (fmt.fmt.sliced.io_size, N_RECS * REC_SIZE);
  fail_unless (gst_tv_hw_device_get_sliced_vbi_cap (sliced, &cap, &err));
  fail_unless_equals_int (cap.type, V4L2_BUF_TYPE_SLICED_VBI_CAPTURE);
  fail_unless_equals_int (cap.service_set, V4L2_SLICED_WSS_625);
  fail_unless_equals_int (cap.service_lines[0][23], V4L2_SLICED_WSS_625);
  fail_unless_equals_int (cap.service_lines[0][21], 0);
  /* the raw kind of the same node answers too */
  fail_unless (gst_tv_hw_device_get_sliced_vbi_cap (raw, &cap, &err));
  fail_unless_equals_int (cap.service_set, V4L2_SLICED_WSS_625);
  /* captions do not exist at 625 lines: S_FMT keeps nothing of them */
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.sliced.service_set = V4L2_SLICED_CAPTION_525;
  fail_unless (gst_tv_hw_device_try_fmt (sliced, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.sliced.service_set, 0);
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.sliced.service_lines[0][23] = V4L2_SLICED_WSS_625;
  fail_unless (gst_tv_hw_device_try_fmt (sliced, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.sliced.service_set, V4L2_SLICED_WSS_625);

  /* the VBI node's S_STD and S_INPUT are the card's */
  set_input (sliced, 1);
  fail_unless_equals_int (get_input (video), 1);
  set_std (sliced, V4L2_STD_NTSC_M);
  fail_unless_equals_int (get_std (video), V4L2_STD_NTSC_M);
  /* 525 lines: captions on line 21 of both fields */
  fail_unless (gst_tv_hw_device_get_sliced_vbi_cap (sliced, &cap, &err));
  fail_unless_equals_int (cap.service_set, V4L2_SLICED_CAPTION_525);
  fail_unless_equals_int (cap.service_lines[0][21], V4L2_SLICED_CAPTION_525);
  fail_unless_equals_int (cap.service_lines[1][21], V4L2_SLICED_CAPTION_525);
  fail_unless_equals_int (cap.service_lines[0][23], 0);
  fail_unless (gst_tv_hw_device_get_fmt (raw, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.vbi.start[0], 10);
  fail_unless_equals_int (fmt.fmt.vbi.count[1], 12);
  fail_unless (gst_tv_hw_device_get_input (raw, &index, &err));
  fail_unless_equals_int (index, 1);

  /* the output node, at the output's standard (PAL) */
  fail_unless (gst_tv_hw_device_get_sliced_vbi_cap (out, &cap, &err));
  fail_unless_equals_int (cap.type, V4L2_BUF_TYPE_SLICED_VBI_OUTPUT);
  fail_unless_equals_int (cap.service_set, V4L2_SLICED_WSS_625);

  /* a slicer without services: nothing to slice (use raw) */
  fail_unless (gst_tv_hw_virtual_card_set_vbi_services (card, 0));
  fail_if (gst_tv_hw_virtual_card_set_vbi_services (card, 0x8000));
  fail_unless (gst_tv_hw_device_get_sliced_vbi_cap (sliced, &cap, &err));
  fail_unless_equals_int (cap.service_set, 0);
  fail_unless_equals_int (cap.service_lines[0][21], 0);

  /* no pixel formats, crop or frame rate on a VBI node */
  fail_if (gst_tv_hw_device_enum_fmt (raw, 0, &desc, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_cropcap (raw, &cropcap, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  /* no G_SLICED_VBI_CAP on a video node */
  fail_if (gst_tv_hw_device_get_sliced_vbi_cap (video, &cap, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  /* ... nor on a VBI node that does not slice */
  gst_tv_hw_device_close (sliced);
  fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (card,
          GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE));
  fail_if (gst_tv_hw_device_get_sliced_vbi_cap (raw, &cap, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);

  gst_tv_hw_device_close (raw);
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (video);
}

GST_END_TEST;

/* raw or sliced chosen by S_FMT; not while the queue has buffers */
GST_START_TEST (test_type_switch_busy)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *raw = open_kind ("virtual:0", GST_TV_HW_NODE_VBI_CAPTURE);
  GstTvHwDevice *sliced = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  GstTvHwDevice *video = open_card ("virtual:0");
  struct v4l2_format fmt;
  GError *err = NULL;
  guint32 n;

  set_vbi_fmt (raw, 0, &fmt);
  fail_unless (gst_tv_hw_device_request_buffers (raw, 2, &n, &err));
  /* the other type: EBUSY, from either handle; the sliced handle has no
   * buffers of its type either */
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.sliced.service_set = V4L2_SLICED_WSS_625;
  fail_if (gst_tv_hw_device_set_fmt (sliced, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_request_buffers (sliced, 2, &n, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  /* the card's standard and input too, from any node */
  fail_if (gst_tv_hw_device_set_std (video, V4L2_STD_NTSC_M, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_input (video, 2, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  /* and the nodes the card has */
  fail_if (gst_tv_hw_virtual_card_set_vbi_nodes (card, 0));

  fail_unless (gst_tv_hw_device_request_buffers (raw, 0, NULL, &err));
  set_vbi_fmt (sliced, V4L2_SLICED_WSS_625, &fmt);
  fail_unless_equals_int (fmt.fmt.sliced.service_set, V4L2_SLICED_WSS_625);
  fail_unless (gst_tv_hw_device_request_buffers (sliced, 2, &n, &err));
  /* now the raw handle's type is the wrong one */
  fail_if (gst_tv_hw_device_request_buffers (raw, 2, &n, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  gst_tv_hw_device_close (sliced);
  /* closing the owner freed its buffers: raw again */
  set_vbi_fmt (raw, 0, &fmt);
  gst_tv_hw_device_close (raw);
  gst_tv_hw_device_close (video);
}

GST_END_TEST;

/* --- capture beside the video node --- */

/* dequeues from @a and @b until both have the same frame (REALTIME: one
 * may have begun a frame earlier), giving the skipped buffers back */
static void
dequeue_same_frame (GstTvHwDevice * a, struct v4l2_buffer *ab,
    GstTvHwDevice * b, struct v4l2_buffer *bb)
{
  guint tries;

  dequeue (a, ab);
  dequeue (b, bb);
  for (tries = 0; tries < 8 && ab->sequence != bb->sequence; tries++) {
    if (ab->sequence < bb->sequence) {
      queue (a, ab->index);
      dequeue (a, ab);
    } else {
      queue (b, bb->index);
      dequeue (b, bb);
    }
  }
}

/* @n frames from the video node (@video_buffers buffers) and the VBI
 * node of kind @kind (4 buffers) at once in @pacing, on input @input at
 * @std: each VBI frame has the video frame's sequence and timestamp, the
 * first frame of both is 0 (but in REALTIME, where the two STREAMONs may
 * fall into different frame periods), and outside REALTIME no frame is
 * missing on either node. The buffers are queued after both STREAMONs, so
 * that FREERUN does not run one node ahead. Returns what each VBI frame
 * carried. */
static GstTvVbiData *
capture_both (GstTvHwVirtualPacing pacing, GstTvHwNodeKind kind,
    guint input, v4l2_std_id std, guint32 frequency, guint n,
    guint video_buffers)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *video = open_card ("virtual:0");
  GstTvHwDevice *vbi = open_kind ("virtual:0", kind);
  GstTvVbiData *data = g_new0 (GstTvVbiData, n);
  struct v4l2_format fmt;
  Stream vs, bs;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, pacing);
  set_input (video, input);
  if (frequency)
    set_frequency (video, frequency);
  set_std (vbi, std);
  set_vbi_fmt (vbi, V4L2_SLICED_CAPTION_525 | V4L2_SLICED_WSS_625, &fmt);
  stream_setup (&bs, vbi, 4, FALSE);
  stream_setup (&vs, video, video_buffers, FALSE);
  stream_on (vbi);
  stream_on (video);
  for (i = 0; i < MAX (4, video_buffers); i++) {
    if (i < 4)
      queue (vbi, i);
    if (i < video_buffers)
      queue (video, i);
  }

  for (i = 0; i < n; i++) {
    struct v4l2_buffer vb, bb;

    if (pacing == GST_TV_HW_VIRTUAL_PACING_MANUAL)
      gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue_same_frame (video, &vb, vbi, &bb);
    fail_unless_equals_int (bb.sequence, vb.sequence);
    fail_unless_equals_int64 (timeval_us (&bb), timeval_us (&vb));
    fail_unless_equals_int (bb.field, V4L2_FIELD_NONE);
    if (pacing != GST_TV_HW_VIRTUAL_PACING_REALTIME) {
      fail_unless_equals_int (vb.sequence, i);
      fail_unless_equals_int (bb.sequence, i);
    }
    decode_vbi (vbi, &fmt, bs.data[bb.index], &bb, &data[i]);
    /* FREERUN: a video QBUF makes the frame, which the VBI buffer
     * queued before it takes */
    queue (vbi, bb.index);
    queue (video, vb.index);
  }
  stream_off (video);
  stream_off (vbi);
  gst_tv_hw_device_close (vbi);
  gst_tv_hw_device_close (video);
  return data;
}

/* the text frames @data (frames 0 .. @n - 1) show on @field */
static gchar *
caption_text (const GstTvVbiData * data, guint n, guint field)
{
  g_autoptr (GstTvVbiCcDecoder) dec = gst_tv_vbi_cc_decoder_new (1);
  guint i;

  for (i = 0; i < n; i++) {
    fail_unless (data[i].has_caption[field], "frame %u field %u", i, field);
    gst_tv_vbi_cc_decoder_feed (dec, data[i].caption[field][0],
        data[i].caption[field][1]);
  }
  return gst_tv_vbi_cc_decoder_get_text (dec);
}

static void
check_ntsc_captions (GstTvHwVirtualPacing pacing, GstTvHwNodeKind kind,
    guint video_buffers)
{
  /* Composite1, NTSC-M */
  GstTvVbiData *data = capture_both (pacing, kind, 1, V4L2_STD_NTSC_M, 0,
      CYCLE, video_buffers);
  gchar *text1 = caption_text (data, CYCLE, 0);
  gchar *text2 = caption_text (data, CYCLE, 1);

  fail_unless_equals_string (text1, "Virtual card 0 caption 0");
  fail_unless_equals_string (text2, "CC3 caption 0");
  fail_if (data[0].has_wss);
  g_free (text1);
  g_free (text2);
  g_free (data);
}

GST_START_TEST (test_raw_captions_manual)
{
  check_ntsc_captions (GST_TV_HW_VIRTUAL_PACING_MANUAL,
      GST_TV_HW_NODE_VBI_CAPTURE, 4);
}

GST_END_TEST;

GST_START_TEST (test_sliced_captions_manual)
{
  check_ntsc_captions (GST_TV_HW_VIRTUAL_PACING_MANUAL,
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE, 4);
}

GST_END_TEST;

GST_START_TEST (test_captions_freerun)
{
  check_ntsc_captions (GST_TV_HW_VIRTUAL_PACING_FREERUN,
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE, 4);
  check_ntsc_captions (GST_TV_HW_VIRTUAL_PACING_FREERUN,
      GST_TV_HW_NODE_VBI_CAPTURE, 4);
  /* a video queue deeper than the VBI one: the video frames wait for a
   * queued VBI buffer, no VBI frame is skipped */
  check_ntsc_captions (GST_TV_HW_VIRTUAL_PACING_FREERUN,
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE, 8);
}

GST_END_TEST;

/* REALTIME: a few frames, same numbers and times on both nodes */
GST_START_TEST (test_realtime_in_step)
{
  g_free (capture_both (GST_TV_HW_VIRTUAL_PACING_REALTIME,
          GST_TV_HW_NODE_SLICED_VBI_CAPTURE, 0, V4L2_STD_PAL_BG, 0, 4, 4));
}

GST_END_TEST;

GST_START_TEST (test_wss)
{
  GstTvVbiData *data;
  guint i;

  /* the tuner on E7: 16:9, raw and sliced */
  data = capture_both (GST_TV_HW_VIRTUAL_PACING_MANUAL,
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE, 0, V4L2_STD_PAL_BG, E7, 3, 4);
  for (i = 0; i < 3; i++) {
    fail_unless (data[i].has_wss);
    fail_unless_equals_int (gst_tv_vbi_wss_aspect (data[i].wss),
        GST_TV_VBI_WSS_16_9_ANAMORPHIC);
    fail_if (data[i].has_caption[0] || data[i].has_caption[1]);
  }
  g_free (data);
  data = capture_both (GST_TV_HW_VIRTUAL_PACING_MANUAL,
      GST_TV_HW_NODE_VBI_CAPTURE, 0, V4L2_STD_PAL_BG, E7, 1, 4);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (data[0].wss),
      GST_TV_VBI_WSS_16_9_ANAMORPHIC);
  g_free (data);
  /* the tuner on E5 and S-Video: 4:3 */
  data = capture_both (GST_TV_HW_VIRTUAL_PACING_MANUAL,
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE, 0, V4L2_STD_PAL_BG, 0, 1, 4);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (data[0].wss),
      GST_TV_VBI_WSS_4_3_FULL);
  g_free (data);
  data = capture_both (GST_TV_HW_VIRTUAL_PACING_MANUAL,
      GST_TV_HW_NODE_VBI_CAPTURE, 2, V4L2_STD_PAL_BG, 0, 1, 4);
  fail_unless (data[0].has_wss);
  fail_unless_equals_int (gst_tv_vbi_wss_aspect (data[0].wss),
      GST_TV_VBI_WSS_4_3_FULL);
  g_free (data);
}

GST_END_TEST;

/* a slicer without WSS delivers no WSS record; raw still carries it */
GST_START_TEST (test_services_narrowed)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *sliced = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  struct v4l2_sliced_vbi_data *recs;
  struct v4l2_format fmt;
  struct v4l2_buffer buf;
  Stream s;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fail_unless (gst_tv_hw_virtual_card_set_vbi_services (card,
          V4L2_SLICED_CAPTION_525));
  set_vbi_fmt (sliced, V4L2_SLICED_WSS_625, &fmt);
  fail_unless_equals_int (fmt.fmt.sliced.service_set, 0);
  stream_setup (&s, sliced, 2, TRUE);
  stream_on (sliced);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (sliced, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  recs = s.data[buf.index];
  for (i = 0; i < N_RECS; i++)
    fail_unless_equals_int (recs[i].id, 0);
  stream_off (sliced);
  gst_tv_hw_device_close (sliced);
}

GST_END_TEST;

/* --- the VBI output looped back --- */

GST_START_TEST (test_loopback)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *vout = open_output ("virtual:0");
  GstTvHwDevice *out = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_OUTPUT);
  GstTvHwDevice *cap = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  struct v4l2_format fmt;
  Stream os, cs, vs;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  /* Composite Out loops to Composite2 once it shows a picture, both
   * NTSC */
  set_std (vout, V4L2_STD_NTSC_M);
  set_input (cap, 3);
  set_std (cap, V4L2_STD_NTSC_M);
  stream_setup (&vs, vout, 2, FALSE);
  queue_out (vout, 0, vs.size[0], 0);
  stream_on (vout);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  set_vbi_fmt (out, V4L2_SLICED_CAPTION_525, &fmt);
  fail_unless_equals_int (fmt.fmt.sliced.service_set, V4L2_SLICED_CAPTION_525);
  set_vbi_fmt (cap, V4L2_SLICED_CAPTION_525, &fmt);
  stream_setup (&os, out, 4, FALSE);
  stream_setup (&cs, cap, 4, TRUE);
  stream_on (out);
  stream_on (cap);

  for (i = 0; i < 6; i++) {
    struct v4l2_sliced_vbi_data *recs;
    struct v4l2_buffer buf;
    GstTvVbiData got;
    guint8 b1 = gst_tv_vbi_cc_parity (0x41 + i);
    guint8 b2 = gst_tv_vbi_cc_parity (0x61 + i);

    /* frames 0..3 send a pair on field 1 (frame 1 on field 2 too, with
     * a bad parity, which an encoder sends as given); 4 and 5 nothing */
    if (i < 4) {
      GError *err = NULL;

      memset (&buf, 0, sizeof (buf));
      buf.index = i;
      recs = os.data[i];
      memset (recs, 0, os.size[i]);
      gst_tv_vbi_sliced_pack_caption (&recs[0], 0, b1, b2);
      if (i == 1)
        gst_tv_vbi_sliced_pack_caption (&recs[1], 1, 0x01, 0x02);
      buf.bytesused = 2 * REC_SIZE;
      fail_unless (gst_tv_hw_device_queue_buffer (out, &buf, &err), "%s",
          err ? err->message : "");
    }
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (cap, &buf);
    fail_unless_equals_int (buf.sequence, i);
    recs = cs.data[buf.index];
    if (i < 4) {
      guint field;
      guint8 c1, c2;

      fail_unless (gst_tv_vbi_sliced_unpack_caption (&recs[0], &field, &c1,
              &c2));
      fail_unless_equals_int (field, 0);
      fail_unless_equals_int (c1, b1);
      fail_unless_equals_int (c2, b2);
      if (i == 1) {
        fail_unless (gst_tv_vbi_sliced_unpack_caption (&recs[1], &field,
                &c1, &c2));
        fail_unless_equals_int (field, 1);
        fail_unless_equals_int (c1, 0x01);
        fail_unless_equals_int (c2, 0x02);
      } else {
        fail_unless_equals_int (recs[1].id, 0);
      }
    } else {
      /* a frame the output did not send carries nothing */
      gst_tv_vbi_sliced_decode_frame (recs, N_RECS, &got, NULL);
      fail_if (got.has_caption[0] || got.has_caption[1] || got.has_wss);
    }
    queue (cap, buf.index);
  }
  stream_off (cap);
  stream_off (out);
  stream_off (vout);
  gst_tv_hw_device_close (cap);
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (vout);
}

GST_END_TEST;

/* --- finding the nodes, faults, unplug --- */

GST_START_TEST (test_find_location)
{
  GstTvHwVirtualCard *card = fresh_card (1);
  GstTvHwDevice *video = open_card ("virtual:1");
  GError *err = NULL;
  GstTvHwNodeKind kind;
  gchar *loc;

  for (kind = GST_TV_HW_NODE_VBI_CAPTURE; kind < GST_TV_HW_N_NODE_KINDS; kind++) {
    loc = gst_tv_hw_find_vbi_location (video, kind, &err);
    if (kind == GST_TV_HW_NODE_VBI_OUTPUT) {
      /* no raw VBI output */
      fail_unless (loc == NULL);
      assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
      continue;
    }
    fail_unless_equals_string (loc, "virtual:1");
    g_free (loc);
  }
  /* only the sliced capture left */
  fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (card,
          GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE));
  fail_if (gst_tv_hw_find_vbi_location (video, GST_TV_HW_NODE_VBI_CAPTURE,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  fail_if (gst_tv_hw_find_vbi_location (video,
          GST_TV_HW_NODE_SLICED_VBI_OUTPUT, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  loc = gst_tv_hw_find_vbi_location (video,
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE, &err);
  fail_unless_equals_string (loc, "virtual:1");
  g_free (loc);
  gst_tv_hw_device_close (video);
}

GST_END_TEST;

/* each fault on the VBI nodes fails the VBI call only */
GST_START_TEST (test_vbi_faults)
{
  static const GstTvHwVirtualFault faults[] = {
    GST_TV_HW_VIRTUAL_FAULT_S_FMT, GST_TV_HW_VIRTUAL_FAULT_REQBUFS,
    GST_TV_HW_VIRTUAL_FAULT_STREAMON, GST_TV_HW_VIRTUAL_FAULT_QBUF,
    GST_TV_HW_VIRTUAL_FAULT_DQBUF, GST_TV_HW_VIRTUAL_FAULT_G_SLICED_VBI_CAP,
  };
  guint f;

  for (f = 0; f < G_N_ELEMENTS (faults); f++) {
    GstTvHwVirtualCard *card = fresh_card (0);
    GstTvHwDevice *video = open_card ("virtual:0");
    GstTvHwDevice *vbi = open_kind ("virtual:0",
        GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
    GstTvHwVirtualFault fault = faults[f];
    struct v4l2_sliced_vbi_cap cap;
    struct v4l2_format fmt;
    struct v4l2_buffer buf;
    GError *err = NULL;
    gboolean ok = TRUE;
    guint hits;
    Stream vs;

    gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
    gst_tv_hw_virtual_card_set_fault_nodes (card,
        GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES);
    gst_tv_hw_virtual_card_inject_fault (card, fault, EIO);

    /* the video node streams untouched */
    stream_setup (&vs, video, 2, TRUE);
    stream_on (video);
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (video, &buf);
    queue (video, buf.index);
    fail_unless (gst_tv_hw_device_get_fmt (video, &fmt, &err));
    fail_unless_equals_int (gst_tv_hw_virtual_card_get_fault_stats (card,
            fault, NULL, &hits), 1);
    fail_unless_equals_int (hits, 0);

    /* the VBI node meets it at its call */
    memset (&fmt, 0, sizeof (fmt));
    fmt.fmt.sliced.service_set = V4L2_SLICED_WSS_625;
    ok &= gst_tv_hw_device_set_fmt (vbi, &fmt, &err);
    ok &= ok && gst_tv_hw_device_get_sliced_vbi_cap (vbi, &cap, &err);
    ok &= ok && gst_tv_hw_device_request_buffers (vbi, 2, NULL, &err);
    if (ok) {
      memset (&buf, 0, sizeof (buf));
      buf.index = 0;
      ok &= gst_tv_hw_device_queue_buffer (vbi, &buf, &err);
    }
    ok &= ok && gst_tv_hw_device_stream_on (vbi, &err);
    if (ok) {
      gst_tv_hw_virtual_card_emit_frames (card, 1);
      ok &= gst_tv_hw_device_dequeue_buffer (vbi, &buf, &err);
    }
    fail_if (ok, "%s did not fail", gst_tv_hw_virtual_fault_name (fault));
    assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
    gst_tv_hw_virtual_card_get_fault_stats (card, fault, NULL, &hits);
    fail_unless_equals_int (hits, 1);

    /* and the video node still works */
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (video, &buf);
    stream_off (video);
    gst_tv_hw_device_close (vbi);
    gst_tv_hw_device_close (video);
  }
}

GST_END_TEST;

/* the other way round: faults on the video nodes leave the VBI node be */
GST_START_TEST (test_video_faults_spare_vbi)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *video = open_card ("virtual:0");
  GstTvHwDevice *vbi = open_kind ("virtual:0", GST_TV_HW_NODE_VBI_CAPTURE);
  GError *err = NULL;
  guint32 n;

  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_REQBUFS,
      ENOMEM);
  fail_unless (gst_tv_hw_device_request_buffers (vbi, 2, &n, &err));
  fail_if (gst_tv_hw_device_request_buffers (video, 2, &n, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NO_MEMORY);
  gst_tv_hw_device_close (vbi);
  gst_tv_hw_device_close (video);
}

GST_END_TEST;

GST_START_TEST (test_unplug)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *video = open_card ("virtual:0");
  GstTvHwDevice *vbi = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  GstTvHwDevice *out = open_kind ("virtual:0",
      GST_TV_HW_NODE_SLICED_VBI_OUTPUT);
  struct v4l2_sliced_vbi_cap cap;
  struct v4l2_format fmt;
  GError *err = NULL;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  set_vbi_fmt (vbi, V4L2_SLICED_WSS_625, &fmt);
  stream_setup (&s, vbi, 2, TRUE);
  stream_on (vbi);
  gst_tv_hw_virtual_card_unplug (card);

  /* every VBI handle: ENODEV; the wait fails at once */
  fail_if (gst_tv_hw_device_get_sliced_vbi_cap (vbi, &cap, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_DISCONNECTED);
  fail_if (gst_tv_hw_device_get_fmt (out, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_DISCONNECTED);
  fail_if (gst_tv_hw_device_wait (vbi, LONG_WAIT_NS, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_DISCONNECTED);
  /* finding the node from the dead video handle, opening it anew */
  fail_if (gst_tv_hw_find_vbi_location (video,
          GST_TV_HW_NODE_SLICED_VBI_CAPTURE, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_DISCONNECTED);
  fail_if (gst_tv_hw_device_open ("virtual:0",
          GST_TV_HW_NODE_SLICED_VBI_CAPTURE, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);

  gst_tv_hw_device_close (vbi);
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (video);
  gst_tv_hw_virtual_card_replug (card);
  vbi = open_kind ("virtual:0", GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  gst_tv_hw_device_close (vbi);
}

GST_END_TEST;

static Suite *
tvhw_vbi_nodes_suite (void)
{
  Suite *s = suite_create ("tvhw_vbi_nodes");
  TCase *tc_fmt = tcase_create ("formats");
  TCase *tc_cap = tcase_create ("capture");
  TCase *tc_out = tcase_create ("output");
  TCase *tc_misc = tcase_create ("nodes");

  suite_add_tcase (s, tc_fmt);
  tcase_add_checked_fixture (tc_fmt, NULL, card_teardown);
  tcase_add_test (tc_fmt, test_formats);
  tcase_add_test (tc_fmt, test_type_switch_busy);

  suite_add_tcase (s, tc_cap);
  tcase_add_checked_fixture (tc_cap, NULL, card_teardown);
  tcase_add_test (tc_cap, test_raw_captions_manual);
  tcase_add_test (tc_cap, test_sliced_captions_manual);
  tcase_add_test (tc_cap, test_captions_freerun);
  tcase_add_test (tc_cap, test_realtime_in_step);
  tcase_add_test (tc_cap, test_wss);
  tcase_add_test (tc_cap, test_services_narrowed);

  suite_add_tcase (s, tc_out);
  tcase_add_checked_fixture (tc_out, NULL, card_teardown);
  tcase_add_test (tc_out, test_loopback);

  suite_add_tcase (s, tc_misc);
  tcase_add_checked_fixture (tc_misc, NULL, card_teardown);
  tcase_add_test (tc_misc, test_find_location);
  tcase_add_test (tc_misc, test_vbi_faults);
  tcase_add_test (tc_misc, test_video_faults_spare_vbi);
  tcase_add_test (tc_misc, test_unplug);

  return s;
}

GST_CHECK_MAIN (tvhw_vbi_nodes);
