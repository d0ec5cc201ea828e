/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the hardware layer against the virtual TV card: the MMAP
 * queue in every pacing mode, flushing, the generator's marks, and signal
 * loss, status bits, dropped and corrupted frames. Through the public
 * tvhw.h API, with tvhw-virtual.h to configure the card; tvhw-backend.h
 * only where the public API cannot express a call.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include <gst/check/gstcheck.h>

#include "hw/tvhw.h"
#include "hw/tvhw-backend.h"
#include "hw/tvhw-virtual.h"

#include "tvhw-common.h"

/* --- buffers and streaming --- */

/* @card (virtual:0) paced by hand, streaming with two buffers queued */
static GstTvHwDevice *
open_manual_stream (GstTvHwVirtualCard * card, Stream * s)
{
  GstTvHwDevice *dev;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (s, dev, 2, TRUE);
  stream_on (dev);
  return dev;
}

GST_START_TEST (test_reqbufs)
{
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 n, i, j;
  gpointer data;
  gsize size;

  fresh_card (0);
  dev = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_request_buffers (dev, 1, &n, &err));
  fail_unless_equals_int (n, 2);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 1000, &n, &err));
  fail_unless_equals_int (n, 32);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 4, &n, &err));
  fail_unless_equals_int (n, 4);

  for (i = 0; i < n; i++) {
    fail_unless (gst_tv_hw_device_query_buffer (dev, i, &buf, &err));
    fail_unless_equals_int (buf.index, i);
    fail_unless_equals_int (buf.type, V4L2_BUF_TYPE_VIDEO_CAPTURE);
    fail_unless_equals_int (buf.memory, V4L2_MEMORY_MMAP);
    fail_unless_equals_int (buf.length, 829440);
    fail_unless_equals_int (buf.flags & (V4L2_BUF_FLAG_MAPPED |
            V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE), 0);
    fail_unless (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
    for (j = 0; j < i; j++) {
      struct v4l2_buffer other;

      fail_unless (gst_tv_hw_device_query_buffer (dev, j, &other, &err));
      fail_if (other.m.offset == buf.m.offset);
    }
  }
  fail_if (gst_tv_hw_device_query_buffer (dev, n, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  fail_unless (gst_tv_hw_device_map_buffer (dev, 1, &data, &size, &err));
  fail_unless_equals_int (size, 829440);
  fail_unless (gst_tv_hw_device_query_buffer (dev, 1, &buf, &err));
  fail_unless (buf.flags & V4L2_BUF_FLAG_MAPPED);

  /* freeing */
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, &n, &err));
  fail_unless_equals_int (n, 0);
  fail_if (gst_tv_hw_device_query_buffer (dev, 0, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_mmap_rules)
{
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  struct v4l2_requestbuffers req;
  GError *err = NULL;
  gpointer data, other;

  fresh_card (0);
  dev = open_card ("virtual:0");
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, NULL, &err));
  fail_unless (gst_tv_hw_device_query_buffer (dev, 1, &buf, &err));

  fail_unless_equals_int (dev->ops->mmap (dev, buf.m.offset + 1, buf.length,
          &data), -EINVAL);
  fail_unless_equals_int (dev->ops->mmap (dev, buf.m.offset,
          buf.length + 1, &data), -EINVAL);
  fail_unless_equals_int (dev->ops->mmap (dev, buf.m.offset, buf.length,
          &data), 0);
  fail_unless_equals_int (dev->ops->munmap (dev, &other, buf.length), -EINVAL);

  /* an orphaned buffer stays valid until it is unmapped (vb2) */
  memset (&req, 0, sizeof (req));
  req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  req.memory = V4L2_MEMORY_MMAP;
  fail_unless_equals_int (dev->ops->reqbufs (dev, &req), 0);
  memset (data, 0x42, buf.length);
  fail_unless_equals_int (dev->ops->munmap (dev, data, buf.length), 0);
  fail_unless_equals_int (dev->ops->munmap (dev, data, buf.length), -EINVAL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_manual_cycle)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;
  gint64 t0 = 0, before;
  guint32 k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 4, TRUE);
  before = g_get_monotonic_time ();
  stream_on (dev);

  /* nothing until the card is told to produce a frame */
  assert_nothing_ready (dev);

  for (k = 0; k < 10; k++) {
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (dev, &buf);
    fail_unless_equals_int (buf.sequence, k);
    fail_unless_equals_int (buf.index, k % s.n);
    fail_unless_equals_int (buf.bytesused, 829440);
    fail_unless_equals_int (buf.length, 829440);
    fail_unless_equals_int (buf.field, V4L2_FIELD_INTERLACED);
    fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
        V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
    fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TSTAMP_SRC_MASK,
        V4L2_BUF_FLAG_TSTAMP_SRC_EOF);
    fail_if (buf.flags & (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE));
    fail_unless (buf.flags & V4L2_BUF_FLAG_MAPPED);
    if (k == 0) {
      t0 = timeval_us (&buf);
      /* on CLOCK_MONOTONIC, a frame period after the start of streaming
       * (when the card began frame 0) */
      fail_unless (t0 >= before + 40000 - 1 &&
          t0 <= g_get_monotonic_time () + 40000);
    }
    /* exactly one frame period (1/25 s) per frame */
    fail_unless_equals_int64 (timeval_us (&buf) - t0, k * 40000);
    assert_frame (s.data[buf.index], 576, 0, k, FALSE);
    assert_nothing_ready (dev);
    queue (dev, buf.index);
  }

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_manual_ntsc_timestamps)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;
  gint64 t0 = 0;
  guint32 k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_std (dev, V4L2_STD_NTSC_M);
  stream_setup (&s, dev, 3, TRUE);
  fail_unless_equals_int (s.size[0], 691200);
  stream_on (dev);

  for (k = 0; k < 31; k++) {
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (dev, &buf);
    if (k == 0)
      t0 = timeval_us (&buf);
    fail_unless_equals_int64 (timeval_us (&buf) - t0,
        gst_util_uint64_scale (k, 1001 * G_USEC_PER_SEC, 30000));
    assert_frame (s.data[buf.index], 480, 0, k, FALSE);
    queue (dev, buf.index);
  }
  /* 30 NTSC frames are 1.001 s */
  fail_unless_equals_int64 (timeval_us (&buf) - t0, 1001000);

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* the card's clock (MANUAL pacing: the time of the latest frame period,
 * one period before STREAMON's before the first) and stamps that lie as
 * gst_tv_hw_virtual_card_set_stamps() says; the frames do not change */
GST_START_TEST (test_manual_stamps)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GstClockTime now = 0, before = 0;
  gint64 t0, real;
  Stream s;
  guint32 k;

  dev = open_manual_stream (card, &s);
  fail_unless (gst_tv_hw_device_get_stamp_clock_time (dev,
          V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, &before));
  /* no clock for stamps that name none */
  fail_if (gst_tv_hw_device_get_stamp_clock_time (dev,
          V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN, &now));
  fail_if (gst_tv_hw_device_get_stamp_clock_time (dev,
          V4L2_BUF_FLAG_TIMESTAMP_COPY, &now));

  /* true: the frame's time, on the card's clock */
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  t0 = timeval_us (&buf);
  fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  fail_unless (gst_tv_hw_device_get_stamp_clock_time (dev, buf.flags, &now));
  fail_unless_equals_uint64 (now, (guint64) t0 * 1000);
  fail_unless_equals_uint64 (now - before, 40 * GST_MSECOND);
  queue (dev, buf.index);

  /* 35 ms in the future: the card's clock is where it was */
  gst_tv_hw_virtual_card_set_stamps (card, GST_TV_HW_VIRTUAL_STAMPS_OFFSET,
      35000, V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int64 (timeval_us (&buf), t0 + 40000 + 35000);
  fail_unless (gst_tv_hw_device_get_stamp_clock_time (dev, buf.flags, &now));
  fail_unless_equals_uint64 (now, (guint64) (t0 + 40000) * 1000);
  assert_frame (s.data[buf.index], 576, 0, 1, FALSE);
  queue (dev, buf.index);

  /* on CLOCK_REALTIME, still claiming CLOCK_MONOTONIC */
  gst_tv_hw_virtual_card_set_stamps (card, GST_TV_HW_VIRTUAL_STAMPS_REALTIME,
      0, V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  real = g_get_real_time () - g_get_monotonic_time ();
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  /* the two clocks' difference, read a moment apart */
  fail_unless (ABS (timeval_us (&buf) - (t0 + 80000 + real)) <
      10 * G_USEC_PER_SEC);
  fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  queue (dev, buf.index);

  /* stuck: the first frame's stamp (10 s back) again and again, claiming
   * no clock */
  gst_tv_hw_virtual_card_set_stamps (card, GST_TV_HW_VIRTUAL_STAMPS_STUCK,
      -10 * G_USEC_PER_SEC, V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN);
  for (k = 3; k < 6; k++) {
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (dev, &buf);
    fail_unless_equals_int64 (timeval_us (&buf),
        t0 + 3 * 40000 - 10 * G_USEC_PER_SEC);
    fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
        V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN);
    fail_unless_equals_int (buf.sequence, k);
    queue (dev, buf.index);
  }

  /* stamps that say they mark the frame's start (40 ms before its end),
   * on CLOCK_MONOTONIC */
  gst_tv_hw_virtual_card_set_stamps (card, GST_TV_HW_VIRTUAL_STAMPS_OFFSET,
      -40000, V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_TSTAMP_SRC_SOE);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int64 (timeval_us (&buf), t0 + 5 * 40000);
  fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TSTAMP_SRC_MASK,
      V4L2_BUF_FLAG_TSTAMP_SRC_SOE);
  queue (dev, buf.index);

  /* back to the truth, of the frame's end */
  gst_tv_hw_virtual_card_set_stamps (card, GST_TV_HW_VIRTUAL_STAMPS_TRUE, 0,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int64 (timeval_us (&buf), t0 + 7 * 40000);
  fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TSTAMP_SRC_MASK,
      V4L2_BUF_FLAG_TSTAMP_SRC_EOF);
  queue (dev, buf.index);

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_manual_dropped_frames)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer a, b, c;
  Stream s;

  dev = open_manual_stream (card, &s);

  /* two buffers take frames 0 and 1, frames 2..4 have nowhere to go */
  gst_tv_hw_virtual_card_emit_frames (card, 5);
  dequeue (dev, &a);
  dequeue (dev, &b);
  fail_unless_equals_int (a.sequence, 0);
  fail_unless_equals_int (b.sequence, 1);
  assert_nothing_ready (dev);

  queue (dev, a.index);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &c);
  /* the consumer sees the gap */
  fail_unless_equals_int (c.sequence, 5);
  fail_unless_equals_int64 (timeval_us (&c) - timeval_us (&a), 5 * 40000);
  assert_frame (s.data[c.index], 576, 0, 5, FALSE);

  /* emitting while not streaming does nothing */
  stream_off (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 3);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_streamoff_returns_buffers)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;
  guint32 i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 3, TRUE);
  stream_on (dev);
  /* a STREAMON that is already on succeeds */
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  fail_unless (gst_tv_hw_device_query_buffer (dev, 0, &buf, &err));
  fail_unless (buf.flags & V4L2_BUF_FLAG_DONE);
  fail_unless (gst_tv_hw_device_query_buffer (dev, 1, &buf, &err));
  fail_unless (buf.flags & V4L2_BUF_FLAG_QUEUED);

  stream_off (dev);
  for (i = 0; i < s.n; i++) {
    fail_unless (gst_tv_hw_device_query_buffer (dev, i, &buf, &err));
    fail_if (buf.flags & (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE));
  }
  /* DQBUF and wait while not streaming: EINVAL, and poll's EPOLLERR
   * (IO, as the V4L2 backend reports vivid's) */
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  /* STREAMOFF twice is fine */
  stream_off (dev);

  /* all can be queued again, and the sequence starts over */
  for (i = 0; i < s.n; i++)
    queue (dev, i);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  fail_unless_equals_int (buf.index, 0);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_queue_errors)
{
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* no buffers yet */
  memset (&buf, 0, sizeof (buf));
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_stream_on (dev, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, NULL, &err));
  buf.index = 2;
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  queue (dev, 1);
  memset (&buf, 0, sizeof (buf));
  buf.index = 1;
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_busy_while_streaming)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  GError *err = NULL;
  Stream s;

  dev = open_manual_stream (card, &s);

  get_fmt (dev, &fmt);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_input (dev, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_request_buffers (dev, 4, NULL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  /* what changes nothing is fine */
  set_input (dev, 0);
  set_std (dev, V4L2_STD_PAL);
  fail_unless_equals_int (get_input (dev), 0);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);

  /* still busy after STREAMOFF while buffers exist (vb2_is_busy) */
  stream_off (dev);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  set_std (dev, V4L2_STD_NTSC);
  set_input (dev, 1);
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_UYVY, 480);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_queue_owner)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *a, *b;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  a = open_card ("virtual:0");
  b = open_card ("virtual:0");
  stream_setup (&s, a, 2, TRUE);

  /* the other handle may look, not touch */
  fail_unless_equals_int (get_input (b), 0);
  fail_unless (gst_tv_hw_device_query_buffer (b, 0, &buf, &err));
  fail_if (gst_tv_hw_device_request_buffers (b, 2, NULL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  memset (&buf, 0, sizeof (buf));
  fail_if (gst_tv_hw_device_queue_buffer (b, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_stream_on (b, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_input (b, 2, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  stream_on (a);
  fail_if (gst_tv_hw_device_dequeue_buffer (b, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_stream_off (b, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  /* closing the owner frees the queue */
  gst_tv_hw_device_close (a);
  set_input (b, 2);
  stream_setup (&s, b, 2, TRUE);
  stream_on (b);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (b, &buf);
  assert_frame (s.data[buf.index], 576, 2, 0, FALSE);
  gst_tv_hw_device_close (b);
}

GST_END_TEST;

GST_START_TEST (test_freerun)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;
  gint64 t0 = 0;
  guint32 k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 3, TRUE);
  stream_on (dev);

  /* every queued buffer is ready at once, frame after frame */
  for (k = 0; k < 50; k++) {
    GError *err = NULL;

    fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
    fail_unless_equals_int (buf.sequence, k);
    if (k == 0)
      t0 = timeval_us (&buf);
    fail_unless_equals_int64 (timeval_us (&buf) - t0, k * 40000);
    assert_frame (s.data[buf.index], 576, 0, k, FALSE);
    queue (dev, buf.index);
  }

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_realtime)
{
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;
  gint64 t0 = 0, now;
  guint32 seq0 = 0, last = 0, k;

  /* REALTIME is the default */
  fresh_card (0);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 3, TRUE);
  stream_on (dev);

  for (k = 0; k < 4; k++) {
    dequeue (dev, &buf);
    now = g_get_monotonic_time ();
    /* a frame is ready only once its timestamp has passed */
    fail_unless (now >= timeval_us (&buf), "frame %u early by %"
        G_GINT64_FORMAT " us", buf.sequence, timeval_us (&buf) - now);
    if (k == 0) {
      seq0 = buf.sequence;
      t0 = timeval_us (&buf);
    } else {
      /* a slow consumer (valgrind) may see gaps, never disorder */
      fail_unless (buf.sequence > last);
    }
    last = buf.sequence;
    fail_unless_equals_int64 (timeval_us (&buf) - t0,
        (gint64) (buf.sequence - seq0) * 40000);
    assert_frame (s.data[buf.index], 576, 0, buf.sequence, FALSE);
    queue (dev, buf.index);
  }
  fail_unless_equals_int (seq0, 0);

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_pacing_env)
{
  GstTvHwVirtualCard *card;
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;

  g_setenv ("V4L2TV_VIRTUAL_PACING", "freerun", TRUE);
  card = fresh_card (0);
  g_unsetenv ("V4L2TV_VIRTUAL_PACING");
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  fail_unless_equals_int (buf.sequence, 1);
  gst_tv_hw_device_close (dev);

  fail_unless (gst_tv_hw_virtual_card_reset (card));
}

GST_END_TEST;

GST_START_TEST (test_flushing_wakes_wait)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  WaitData w = { NULL, };
  GThread *thread;
  GError *err = NULL;
  Stream s;

  dev = open_manual_stream (card, &s);

  w.dev = dev;
  thread = g_thread_new ("waiter", wait_thread, &w);
  /* give it time to block; the result does not depend on it */
  g_usleep (50 * 1000);
  gst_tv_hw_device_set_flushing (dev, TRUE);
  g_thread_join (thread);

  fail_if (w.ret);
  assert_tvhw_error (w.err, GST_TV_HW_ERROR_FLUSHING);

  /* flushing sticks until cleared, even with a frame ready */
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_FLUSHING);
  gst_tv_hw_device_set_flushing (dev, FALSE);
  fail_unless (gst_tv_hw_device_wait (dev, 0, &err));

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_emit_wakes_wait)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  WaitData w = { NULL, };
  GThread *thread;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;

  dev = open_manual_stream (card, &s);

  w.dev = dev;
  thread = g_thread_new ("waiter", wait_thread, &w);
  g_usleep (50 * 1000);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  g_thread_join (thread);

  fail_unless (w.ret, "wait: %s", w.err ? w.err->message : "");
  fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  fail_unless_equals_int (buf.sequence, 0);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* a wake ends the wait in progress (or the next one) once, as WOKEN,
 * apart from flushing, which takes precedence and keeps the wake pending */
GST_START_TEST (test_wake_wait)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  WaitData w = { NULL, };
  GThread *thread;
  GError *err = NULL;
  Stream s;

  dev = open_manual_stream (card, &s);

  /* a blocked wait (no frame ever comes in MANUAL pacing) */
  w.dev = dev;
  thread = g_thread_new ("waiter", wait_thread, &w);
  gst_tv_hw_device_wake (dev);
  g_thread_join (thread);
  fail_if (w.ret);
  assert_tvhw_error (w.err, GST_TV_HW_ERROR_WOKEN);

  /* once: the next wait waits again */
  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);

  /* several wakes before a wait are one */
  gst_tv_hw_device_wake (dev);
  gst_tv_hw_device_wake (dev);
  fail_if (gst_tv_hw_device_wait (dev, -1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_WOKEN);
  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);

  /* flushing wins and the wake waits for it to end */
  gst_tv_hw_device_wake (dev);
  gst_tv_hw_device_set_flushing (dev, TRUE);
  fail_if (gst_tv_hw_device_wait (dev, -1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_FLUSHING);
  gst_tv_hw_device_set_flushing (dev, FALSE);
  fail_if (gst_tv_hw_device_wait (dev, -1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_WOKEN);

  /* a frame is still a frame after all that */
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  fail_unless (gst_tv_hw_device_wait (dev, -1, &err));

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* with a lock set, every call must hold it, and a wait must not */
GST_START_TEST (test_device_lock)
{
  GstTvHwLock lock;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 index = 9;

  fresh_card (0);
  gst_tv_hw_lock_init (&lock);
  dev = open_card ("virtual:0");
  gst_tv_hw_device_set_lock (dev, &lock);

  fail_if (gst_tv_hw_lock_is_held (&lock));
  ASSERT_CRITICAL (gst_tv_hw_device_get_input (dev, &index, &err));
  g_clear_error (&err);

  gst_tv_hw_lock_acquire (&lock);
  fail_unless (gst_tv_hw_lock_is_held (&lock));
  /* recursive */
  gst_tv_hw_lock_acquire (&lock);
  fail_unless (gst_tv_hw_device_get_input (dev, &index, &err));
  fail_unless_equals_int (index, 0);
  gst_tv_hw_lock_release (&lock);
  fail_unless (gst_tv_hw_lock_is_held (&lock));
  ASSERT_CRITICAL (gst_tv_hw_device_wait (dev, 0, &err));
  g_clear_error (&err);
  gst_tv_hw_lock_release (&lock);
  fail_if (gst_tv_hw_lock_is_held (&lock));

  /* flushing and waking need no lock */
  gst_tv_hw_device_set_flushing (dev, TRUE);
  gst_tv_hw_device_set_flushing (dev, FALSE);
  gst_tv_hw_device_wake (dev);

  gst_tv_hw_lock_acquire (&lock);
  gst_tv_hw_device_close (dev);
  gst_tv_hw_lock_release (&lock);
  gst_tv_hw_lock_clear (&lock);
}

GST_END_TEST;

GST_START_TEST (test_wait_timeout)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GError *err = NULL;
  gint64 start, elapsed;
  Stream s;

  dev = open_manual_stream (card, &s);

  start = g_get_monotonic_time ();
  fail_if (gst_tv_hw_device_wait (dev, 20 * GST_MSECOND, &err));
  elapsed = g_get_monotonic_time () - start;
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
  /* never early; how late depends on the machine's load, not asserted */
  fail_unless (elapsed >= 20000, "returned after %" G_GINT64_FORMAT " us",
      elapsed);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- the generator's marks --- */

GST_START_TEST (test_decode_inputs)
{
  guint input, height;

  for (input = 0; input < 4; input++) {
    guint8 *f = grab_frames (input, V4L2_PIX_FMT_YUYV, 3, &height);

    fail_unless_equals_int (height, 576);
    assert_frame (f + 2 * STRIDE * height, height, input, 2, input == 3);
    g_free (f);
  }
}

GST_END_TEST;

GST_START_TEST (test_decode_uyvy)
{
  GstTvHwVirtualFrameInfo info;
  guint height;
  guint8 *f = grab_frames (2, V4L2_PIX_FMT_UYVY, 2, &height);

  fail_unless (gst_tv_hw_virtual_decode (f + STRIDE * height + 1, 2, WIDTH,
          height, STRIDE, &info));
  fail_unless_equals_int (info.input, 2);
  fail_unless_equals_int (info.sequence, 1);
  fail_unless (info.top_field_ok && info.bottom_field_ok);
  /* reading chroma as luma finds nothing */
  fail_if (gst_tv_hw_virtual_decode (f, 2, WIDTH, height, STRIDE, &info));
  g_free (f);
}

GST_END_TEST;

GST_START_TEST (test_decode_ntsc_sequence)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;

  /* a sequence number over 8 bits, on a 525-line frame */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 1);
  set_std (dev, V4L2_STD_NTSC_M);
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 70000);
  dequeue (dev, &buf);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  queue (dev, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 70000);
  assert_frame (s.data[buf.index], 480, 1, 70000, FALSE);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_decode_fields)
{
  GstTvHwVirtualFrameInfo info;
  guint height, y;
  guint8 *f = grab_frames (0, V4L2_PIX_FMT_YUYV, 2, &height);
  guint8 *a = f, *b = f + STRIDE * height;
  guint8 *mix = g_malloc (STRIDE * height);

  /* top field of frame 0, bottom field of frame 1 */
  for (y = 0; y < height; y++)
    memcpy (mix + y * STRIDE, (y & 1 ? b : a) + y * STRIDE, STRIDE);
  decode_yuyv (mix, height, &info);
  fail_unless_equals_int (info.sequence, 0);
  fail_unless (info.top_field_ok);
  fail_if (info.bottom_field_ok);

  /* fields swapped: each line pair exchanged */
  for (y = 0; y + 1 < height; y += 2) {
    memcpy (mix + y * STRIDE, a + (y + 1) * STRIDE, STRIDE);
    memcpy (mix + (y + 1) * STRIDE, a + y * STRIDE, STRIDE);
  }
  decode_yuyv (mix, height, &info);
  fail_unless_equals_int (info.sequence, 0);
  fail_if (info.top_field_ok);
  fail_if (info.bottom_field_ok);

  /* one field alone (V4L2_FIELD_TOP-like): it decodes as a top field */
  for (y = 0; y < height / 2; y++)
    memcpy (mix + y * STRIDE, a + 2 * y * STRIDE, STRIDE);
  decode_yuyv (mix, height / 2, &info);
  fail_unless_equals_int (info.sequence, 0);
  fail_unless (info.top_field_ok);
  fail_if (info.bottom_field_ok);

  /* one damaged line spoils its field only */
  memcpy (mix, a, STRIDE * height);
  memset (mix + 101 * STRIDE, 0x80, STRIDE);
  decode_yuyv (mix, height, &info);
  fail_unless (info.top_field_ok);
  fail_if (info.bottom_field_ok);

  g_free (mix);
  g_free (f);
}

GST_END_TEST;

GST_START_TEST (test_decode_robust)
{
  GstTvHwVirtualFrameInfo info;
  guint height, x, y;
  guint8 *f = grab_frames (1, V4L2_PIX_FMT_YUYV, 1, &height);
  guint8 *plane = g_malloc (WIDTH * height);
  guint32 r = 12345;

  /* +-4 on every sample, then only the luma plane (4:2:0 would keep it) */
  for (y = 0; y < height; y++) {
    for (x = 0; x < WIDTH * 2; x++) {
      guint8 *p = f + y * STRIDE + x;
      gint v;

      r = r * 1103515245 + 12345;
      v = *p + (gint) ((r >> 16) % 9) - 4;
      *p = CLAMP (v, 0, 255);
    }
    for (x = 0; x < WIDTH; x++)
      plane[y * WIDTH + x] = f[y * STRIDE + 2 * x];
  }
  decode_yuyv (f, height, &info);
  fail_unless_equals_int (info.input, 1);
  fail_unless (info.top_field_ok && info.bottom_field_ok);
  fail_unless (gst_tv_hw_virtual_decode (plane, 1, WIDTH, height, WIDTH,
          &info));
  fail_unless_equals_int (info.input, 1);
  fail_unless_equals_int (info.sequence, 0);
  fail_unless (info.top_field_ok && info.bottom_field_ok);

  /* no marks: black, grey, noise, too narrow */
  memset (plane, 16, WIDTH * height);
  fail_if (gst_tv_hw_virtual_decode (plane, 1, WIDTH, height, WIDTH, &info));
  memset (plane, 128, WIDTH * height);
  fail_if (gst_tv_hw_virtual_decode (plane, 1, WIDTH, height, WIDTH, &info));
  for (x = 0; x < WIDTH * height; x++) {
    r = r * 1103515245 + 12345;
    plane[x] = r >> 24;
  }
  fail_if (gst_tv_hw_virtual_decode (plane, 1, WIDTH, height, WIDTH, &info));
  fail_if (gst_tv_hw_virtual_decode (f, 2, 40, height, STRIDE, &info));

  g_free (plane);
  g_free (f);
}

GST_END_TEST;

GST_START_TEST (test_pictures)
{
  guint height, input;
  guint8 *first[4];
  guint8 *again;

  for (input = 0; input < 4; input++)
    first[input] = grab_frames (input, V4L2_PIX_FMT_YUYV, 2, &height);

  for (input = 0; input < 4; input++) {
    guint8 *f0 = first[input], *f1 = first[input] + STRIDE * height;

    /* things move (the box, or the snow) */
    fail_unless (pictures_differ (f0, f1, height), "input %u", input);
    /* and each input looks different */
    if (input > 0)
      fail_unless (pictures_differ (f0, first[input - 1], height));
  }

  /* deterministic: the same frame of the same input is the same picture */
  again = grab_frames (0, V4L2_PIX_FMT_YUYV, 2, &height);
  fail_unless (memcmp (again, first[0], STRIDE * height * 2) == 0);
  g_free (again);
  again = grab_frames (3, V4L2_PIX_FMT_YUYV, 1, &height);
  fail_unless (memcmp (again, first[3], STRIDE * height) == 0);
  g_free (again);

  for (input = 0; input < 4; input++)
    g_free (first[input]);
}

GST_END_TEST;

GST_START_TEST (test_signal_while_streaming)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;

  dev = open_manual_stream (card, &s);

  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 0, FALSE);
  queue (dev, buf.index);

  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, 0));
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 1, TRUE);
  queue (dev, buf.index);

  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, V4L2_STD_PAL_I));
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 2, FALSE);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- signal loss, status, dropped and corrupted frames --- */

GST_START_TEST (test_no_signal_snow)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  guint32 k;
  Stream s;

  dev = open_manual_stream (card, &s);

  /* the power-on behaviour: frames keep coming, as snow */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, 0));
  fail_unless_equals_int (input_status (dev, 0), V4L2_IN_ST_NO_SIGNAL);
  fail_unless_equals_uint64 (query_std (dev), 0);
  for (k = 0; k < 3; k++) {
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (dev, &buf);
    fail_unless_equals_int (buf.sequence, k);
    fail_if (buf.flags & V4L2_BUF_FLAG_ERROR);
    assert_frame (s.data[buf.index], 576, 0, k, TRUE);
    queue (dev, buf.index);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_no_signal_no_frames)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 0, FALSE);
  queue (dev, buf.index);

  /* the signal goes: frames stop, the buffers stay queued, the status
   * says why */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, 0));
  gst_tv_hw_virtual_card_emit_frames (card, 3);
  assert_nothing_ready (dev);
  fail_unless_equals_int (input_status (dev, 0), V4L2_IN_ST_NO_SIGNAL);

  /* it comes back: a sequence gap covers the silent periods */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, V4L2_STD_PAL_BG));
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 4, FALSE);
  queue (dev, buf.index);

  /* the tuner off every station is the same */
  set_frequency (dev, 6400);
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  assert_nothing_ready (dev);
  set_frequency (dev, 3028);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 7);
  gst_tv_hw_device_close (dev);

  /* a reset delivers snow again */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 3);
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 3, 0, TRUE);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_no_signal_no_frames_freerun)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  Stream s;

  /* FREERUN: no time passes while nothing comes */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  dev = open_card ("virtual:0");
  set_input (dev, 3);
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  assert_nothing_ready (dev);
  assert_nothing_ready (dev);

  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 3, V4L2_STD_PAL));
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 3, 0, FALSE);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_no_signal_no_frames_realtime)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  GError *err = NULL;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  dev = open_card ("virtual:0");
  set_input (dev, 3);
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  /* a wait times out, never stalls */
  fail_if (gst_tv_hw_device_wait (dev, 100 * GST_MSECOND, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);

  /* the picture comes back, after a gap */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 3, V4L2_STD_PAL));
  dequeue (dev, &buf);
  fail_unless (buf.sequence >= 2, "sequence %u", buf.sequence);
  assert_frame (s.data[buf.index], 576, 3, buf.sequence, FALSE);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_input_status)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  GstTvHwDevice *dev;
  guint8 *plain, *f;
  guint y;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  /* lost horizontal lock on Composite1: reported as such (with its
   * signal still there), snow, no standard detected */
  set_input (dev, 1);
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 1,
          V4L2_IN_ST_NO_H_LOCK));
  fail_unless_equals_int (input_status (dev, 1), V4L2_IN_ST_NO_H_LOCK);
  fail_unless_equals_int (input_status (dev, 2), 0);
  fail_unless_equals_uint64 (query_std (dev), 0);
  f = grab (card, dev);
  assert_frame (f, 576, 1, 0, TRUE);
  g_free (f);
  /* cleared */
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 1, 0));
  fail_unless_equals_int (input_status (dev, 1), 0);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_NTSC_M);

  /* Macrovision on S-Video: only reported */
  set_input (dev, 2);
  plain = grab (card, dev);
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 2,
          V4L2_IN_ST_MACROVISION));
  fail_unless_equals_int (input_status (dev, 2), V4L2_IN_ST_MACROVISION);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_PAL_BG);
  f = grab (card, dev);
  fail_unless (memcmp (f, plain, STRIDE * 576) == 0);
  g_free (f);

  /* no colour: the picture loses its chroma, the luma stays */
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 2,
          V4L2_IN_ST_NO_COLOR | V4L2_IN_ST_MACROVISION));
  fail_unless_equals_int (input_status (dev, 2),
      V4L2_IN_ST_NO_COLOR | V4L2_IN_ST_MACROVISION);
  f = grab (card, dev);
  fail_unless (colourless (f, 576));
  fail_if (colourless (plain, 576));
  for (y = 0; y < 576; y += 7)
    fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, 300, y),
        luma_at (plain, V4L2_PIX_FMT_YUYV, 300, y));
  decode_yuyv (f, 576, &info);
  fail_if (info.no_signal);
  g_free (f);
  g_free (plain);

  /* the bits add to the input's own: Composite2 has no signal anyway */
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 3,
          V4L2_IN_ST_NO_POWER));
  fail_unless_equals_int (input_status (dev, 3),
      V4L2_IN_ST_NO_SIGNAL | V4L2_IN_ST_NO_POWER);

  fail_if (gst_tv_hw_virtual_card_set_input_status (card, 4, 0));
  gst_tv_hw_device_close (dev);

  /* a reset clears them */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (input_status (dev, 2), 0);
  fail_unless_equals_int (input_status (dev, 3), V4L2_IN_ST_NO_SIGNAL);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_input_status_no_frames)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  Stream s;

  /* a lost lock stops the frames too, when no-signal frames are off */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 0,
          V4L2_IN_ST_NO_V_LOCK));
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  assert_nothing_ready (dev);
  /* a colour killer does not */
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, 0,
          V4L2_IN_ST_COLOR_KILL));
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 2, FALSE);
  fail_unless (colourless (s.data[buf.index], 576));
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_drop_frames)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  guint32 i;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 4, TRUE);
  stream_on (dev);

  /* two periods deliver nothing although buffers wait */
  gst_tv_hw_virtual_card_drop_frames (card, 2);
  gst_tv_hw_virtual_card_emit_frames (card, 4);
  for (i = 2; i < 4; i++) {
    dequeue (dev, &buf);
    fail_unless_equals_int (buf.sequence, i);
    assert_frame (s.data[buf.index], 576, 0, i, FALSE);
    queue (dev, buf.index);
  }
  assert_nothing_ready (dev);

  /* pending drops add up */
  gst_tv_hw_virtual_card_drop_frames (card, 1);
  gst_tv_hw_virtual_card_drop_frames (card, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 3);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 6);
  queue (dev, buf.index);
  stream_off (dev);

  /* FREERUN: dropped as soon as buffers are there */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  gst_tv_hw_virtual_card_drop_frames (card, 3);
  for (i = 0; i < s.n; i++)
    queue (dev, i);
  stream_on (dev);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 3);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 4);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_drop_frames_without_buffers)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  Stream s;

  /* periods that had no buffer anyway use up the drops */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, FALSE);
  stream_on (dev);
  gst_tv_hw_virtual_card_drop_frames (card, 2);
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  queue (dev, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 2);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_corrupt_frames)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf, q;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 index;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 3, TRUE);
  stream_on (dev);

  /* vb2: the buffer comes back (no errno) with V4L2_BUF_FLAG_ERROR */
  gst_tv_hw_virtual_card_corrupt_frames (card, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  fail_unless (buf.flags & V4L2_BUF_FLAG_ERROR);
  fail_unless (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  fail_unless_equals_int (buf.bytesused, FRAME_625);
  index = buf.index;
  fail_unless (gst_tv_hw_device_query_buffer (dev, index, &q, &err));
  fail_unless (q.flags & V4L2_BUF_FLAG_ERROR);
  /* the next one is fine */
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  fail_if (buf.flags & V4L2_BUF_FLAG_ERROR);

  /* queued again, the flag is gone */
  queue (dev, index);
  fail_unless (gst_tv_hw_device_query_buffer (dev, index, &q, &err));
  fail_if (q.flags & V4L2_BUF_FLAG_ERROR);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 2);
  fail_if (buf.flags & V4L2_BUF_FLAG_ERROR);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* short and empty frames, a bogus index: no errno, no flag, only
 * bytesused (and the index) say so */
GST_START_TEST (test_frame_faults)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  guint8 *data;
  guint32 index;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, FALSE);
  stream_on (dev);

  /* buffer 0 holds frame 0 */
  queue (dev, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.bytesused, FRAME_625);
  data = s.data[0];

  /* an empty frame writes nothing */
  gst_tv_hw_virtual_card_inject_frame_faults (card,
      GST_TV_HW_VIRTUAL_FRAME_EMPTY, 1);
  queue (dev, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.index, 0);
  fail_unless_equals_int (buf.sequence, 1);
  fail_unless_equals_int (buf.bytesused, 0);
  fail_if (buf.flags & V4L2_BUF_FLAG_ERROR);
  assert_frame (data, 576, 0, 0, FALSE);

  /* a short frame: the top half is frame 2, the bottom half still 0 */
  gst_tv_hw_virtual_card_inject_frame_faults (card,
      GST_TV_HW_VIRTUAL_FRAME_SHORT, 1);
  queue (dev, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 2);
  fail_unless_equals_int (buf.bytesused, FRAME_625 / 2);
  fail_if (buf.flags & V4L2_BUF_FLAG_ERROR);
  assert_frame (data, 288, 0, 2, FALSE);

  /* a bogus index; the frame after it is whole again */
  gst_tv_hw_virtual_card_inject_frame_faults (card,
      GST_TV_HW_VIRTUAL_FRAME_BAD_INDEX, 1);
  queue (dev, 0);
  queue (dev, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  dequeue (dev, &buf);
  fail_unless (buf.index >= s.n, "index %u", buf.index);
  dequeue (dev, &buf);
  index = buf.index;
  fail_unless (index < s.n);
  fail_unless_equals_int (buf.sequence, 4);
  fail_unless_equals_int (buf.bytesused, FRAME_625);
  assert_frame (s.data[index], 576, 0, 4, FALSE);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* a bogus sequence number once, a jump, a wrap-around; timestamps go on */
GST_START_TEST (test_sequence_faults)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  static const guint32 expected[] = { 0, 0xfffffff0, 2, 3, 0xfffffffe,
    0xffffffff, 0, 1
  };
  gint64 start = 0;
  guint i;
  Stream s;

  dev = open_manual_stream (card, &s);

  for (i = 0; i < G_N_ELEMENTS (expected); i++) {
    if (i == 1)
      gst_tv_hw_virtual_card_set_sequence (card, 0xfffffff0, TRUE);
    else if (i == 4)
      gst_tv_hw_virtual_card_set_sequence (card, 0xfffffffe, FALSE);
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (dev, &buf);
    fail_unless_equals_int64 ((gint64) buf.sequence, (gint64) expected[i]);
    assert_frame (s.data[buf.index], 576, 0, expected[i], FALSE);
    if (i == 0)
      start = timeval_us (&buf);
    fail_unless_equals_int64 (timeval_us (&buf) - start, i * 40000);
    queue (dev, buf.index);
  }

  /* STREAMON starts at 0 again */
  stream_off (dev);
  queue (dev, 0);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_dqbuf_eio_recovery)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  GError *err = NULL;
  Stream s;

  dev = open_manual_stream (card, &s);
  gst_tv_hw_virtual_card_emit_frames (card, 1);

  /* a transient DQBUF failure with a frame waiting: the frame is not
   * lost, the next DQBUF returns it */
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO);
  fail_unless (gst_tv_hw_device_wait (dev, 0, &err));
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  fail_if (buf.flags & V4L2_BUF_FLAG_ERROR);
  assert_frame (s.data[buf.index], 576, 0, 0, FALSE);

  /* and the stream goes on with the buffer queued back */
  queue (dev, buf.index);
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 2);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

static Suite *
tvhw_streaming_suite (void)
{
  Suite *s = suite_create ("tvhw-streaming");
  TCase *tc_stream = tcase_create ("streaming");
  TCase *tc_gen = tcase_create ("generator");
  TCase *tc_signal = tcase_create ("signal");

  suite_add_tcase (s, tc_stream);
  tcase_add_checked_fixture (tc_stream, NULL, card_teardown);
  tcase_add_test (tc_stream, test_reqbufs);
  tcase_add_test (tc_stream, test_mmap_rules);
  tcase_add_test (tc_stream, test_manual_cycle);
  tcase_add_test (tc_stream, test_manual_ntsc_timestamps);
  tcase_add_test (tc_stream, test_manual_stamps);
  tcase_add_test (tc_stream, test_manual_dropped_frames);
  tcase_add_test (tc_stream, test_streamoff_returns_buffers);
  tcase_add_test (tc_stream, test_queue_errors);
  tcase_add_test (tc_stream, test_busy_while_streaming);
  tcase_add_test (tc_stream, test_queue_owner);
  tcase_add_test (tc_stream, test_freerun);
  tcase_add_test (tc_stream, test_realtime);
  tcase_add_test (tc_stream, test_pacing_env);
  tcase_add_test (tc_stream, test_flushing_wakes_wait);
  tcase_add_test (tc_stream, test_emit_wakes_wait);
  tcase_add_test (tc_stream, test_wait_timeout);
  tcase_add_test (tc_stream, test_wake_wait);
  tcase_add_test (tc_stream, test_device_lock);

  suite_add_tcase (s, tc_gen);
  tcase_add_checked_fixture (tc_gen, NULL, card_teardown);
  tcase_add_test (tc_gen, test_decode_inputs);
  tcase_add_test (tc_gen, test_decode_uyvy);
  tcase_add_test (tc_gen, test_decode_ntsc_sequence);
  tcase_add_test (tc_gen, test_decode_fields);
  tcase_add_test (tc_gen, test_decode_robust);
  tcase_add_test (tc_gen, test_pictures);
  tcase_add_test (tc_gen, test_signal_while_streaming);

  suite_add_tcase (s, tc_signal);
  tcase_add_checked_fixture (tc_signal, NULL, card_teardown);
  tcase_add_test (tc_signal, test_no_signal_snow);
  tcase_add_test (tc_signal, test_no_signal_no_frames);
  tcase_add_test (tc_signal, test_no_signal_no_frames_freerun);
  tcase_add_test (tc_signal, test_no_signal_no_frames_realtime);
  tcase_add_test (tc_signal, test_input_status);
  tcase_add_test (tc_signal, test_input_status_no_frames);
  tcase_add_test (tc_signal, test_drop_frames);
  tcase_add_test (tc_signal, test_drop_frames_without_buffers);
  tcase_add_test (tc_signal, test_corrupt_frames);
  tcase_add_test (tc_signal, test_frame_faults);
  tcase_add_test (tc_signal, test_sequence_faults);
  tcase_add_test (tc_signal, test_dqbuf_eio_recovery);

  return s;
}

GST_CHECK_MAIN (tvhw_streaming);
