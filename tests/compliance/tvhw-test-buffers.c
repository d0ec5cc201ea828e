/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: MMAP buffers and streaming.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvhw-compliance.h"

#define N_BUFFERS 4
#define N_FRAMES 8
/* generous: a real driver under qemu without KVM is slow */
#define FRAME_TIMEOUT (2 * GST_SECOND)

/* streaming off and buffers freed, whatever state a failed check left
 * behind, so that one failure does not make the next tests fail with
 * EBUSY */
static void
cleanup (GstTvHwDevice * dev)
{
  gst_tv_hw_device_stream_off (dev, NULL);
  gst_tv_hw_device_request_buffers (dev, 0, NULL, NULL);
}

/* @fmt with another pixel format the device lists: a real change of
 * format. A driver must refuse that while buffers exist; S_FMT of the
 * format it already has may succeed (vivid's HDMI output takes it, to
 * change the colorimetry on the fly, as HDMI transmitters can).
 * FALSE when the device has a single format. */
static gboolean
other_format (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  struct v4l2_fmtdesc desc;
  guint i;

  for (i = 0; gst_tv_hw_device_enum_fmt (dev, i, &desc, NULL); i++) {
    if (desc.pixelformat != fmt->fmt.pix.pixelformat) {
      fmt->fmt.pix.pixelformat = desc.pixelformat;
      fmt->fmt.pix.bytesperline = 0;
      fmt->fmt.pix.sizeimage = 0;
      return TRUE;
    }
  }
  return FALSE;
}

static gint
check_reqbufs (GstTvHwDevice * dev)
{
  struct v4l2_format fmt, other;
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 count, i;
  gpointer data;
  gsize size;

  fail_on_error (gst_tv_hw_device_get_fmt (dev, &fmt, &err), err);
  fail_on_error (gst_tv_hw_device_request_buffers (dev, N_BUFFERS, &count,
          &err), err);
  fail_on_test (count < 1);

  for (i = 0; i < count; i++) {
    fail_on_error (gst_tv_hw_device_query_buffer (dev, i, &buf, &err), err);
    fail_on_test (buf.index != i);
    fail_on_test (buf.type != gst_tv_hw_device_get_buf_type (dev));
    fail_on_test (buf.memory != V4L2_MEMORY_MMAP);
    fail_on_test (buf.length < fmt.fmt.pix.sizeimage);
    fail_on_test (buf.flags & (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE));
    fail_on_error (gst_tv_hw_device_map_buffer (dev, i, &data, &size, &err),
        err);
    fail_on_test (data == NULL || size != buf.length);
    /* the memory is really there */
    memset (data, 0x80, size);
  }
  /* past the last buffer */
  fail_on_test (gst_tv_hw_device_query_buffer (dev, count, &buf, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));

  /* a format change while buffers exist is refused */
  other = fmt;
  if (other_format (dev, &other)) {
    fail_on_test (gst_tv_hw_device_set_fmt (dev, &other, &err));
    fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_BUSY));
  }

  fail_on_error (gst_tv_hw_device_request_buffers (dev, 0, &count, &err), err);
  fail_on_test (count != 0);
  /* and allowed again once they are freed */
  fail_on_error (gst_tv_hw_device_set_fmt (dev, &fmt, &err), err);
  return 0;
}

gint
test_reqbufs (GstTvHwDevice * dev)
{
  if (check_reqbufs (dev)) {
    cleanup (dev);
    return -1;
  }
  return 0;
}

static gint
start_queue (GstTvHwDevice * dev, guint32 * count)
{
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 i;

  fail_on_error (gst_tv_hw_device_request_buffers (dev, N_BUFFERS, count,
          &err), err);
  for (i = 0; i < *count; i++) {
    memset (&buf, 0, sizeof (buf));
    buf.index = i;
    fail_on_error (gst_tv_hw_device_queue_buffer (dev, &buf, &err), err);
  }
  /* queueing it twice is an error */
  memset (&buf, 0, sizeof (buf));
  buf.index = 0;
  fail_on_test (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_INVALID));

  fail_on_error (gst_tv_hw_device_stream_on (dev, &err), err);
  return 0;
}

static gint
start (GstTvHwDevice * dev, guint32 * count)
{
  if (start_queue (dev, count)) {
    cleanup (dev);
    return -1;
  }
  return 0;
}

static gint
stop (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 count;

  fail_on_error (gst_tv_hw_device_stream_off (dev, &err), err);
  fail_on_error (gst_tv_hw_device_request_buffers (dev, 0, &count, &err), err);
  return 0;
}

/* N_FRAMES frames from a streaming queue of @count buffers */
static gint
check_frames (GstTvHwDevice * dev, guint32 count)
{
  struct v4l2_format fmt;
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 i, first_seq = 0, last_seq = 0;
  guint64 first_ts = 0, last_ts = 0;
  v4l2_std_id std;
  guint num, den;
  gboolean have_period, exact;

  fail_on_error (gst_tv_hw_device_get_fmt (dev, &fmt, &err), err);
  have_period = gst_tv_hw_device_get_std (dev, &std, NULL) &&
      gst_tv_hw_std_frame_period (std, &num, &den);
  /* The virtual card stamps frame n with start + n x period, exactly. A
   * real driver stamps a frame when it is done (vivid: ktime_get_ns() when
   * its thread fills the buffer), so single periods jitter with the
   * scheduler (a lot under qemu without KVM); only the average over the
   * run is checked there. */
  exact = strcmp (gst_tv_hw_device_get_backend_name (dev), "virtual") == 0;

  for (i = 0; i < N_FRAMES; i++) {
    guint64 ts;

    fail_on_error (gst_tv_hw_device_wait (dev, FRAME_TIMEOUT, &err), err);
    fail_on_error (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err), err);
    fail_on_test (buf.index >= count);
    fail_on_test (buf.bytesused == 0 || buf.bytesused > fmt.fmt.pix.sizeimage);
    fail_on_test (buf.field != fmt.fmt.pix.field &&
        !(fmt.fmt.pix.field == V4L2_FIELD_INTERLACED &&
            (buf.field == V4L2_FIELD_INTERLACED_TB ||
                buf.field == V4L2_FIELD_INTERLACED_BT)));
    fail_on_test ((buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK) !=
        V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
    fail_on_test (buf.flags & V4L2_BUF_FLAG_QUEUED);
    ts = (guint64) buf.timestamp.tv_sec * G_USEC_PER_SEC +
        buf.timestamp.tv_usec;
    fail_on_test (ts == 0);
    info ("frame %u: buffer %u sequence %u timestamp %" G_GUINT64_FORMAT
        " us\n", i, buf.index, buf.sequence, ts);
    if (i == 0) {
      first_seq = buf.sequence;
      first_ts = ts;
    } else {
      /* sequence numbers and timestamps only go forward. vivid under a
       * slow qemu gives a sequence number twice now and then (its thread
       * counts frames in jiffies); v4l2-compliance only warns about
       * that, so only the virtual card fails on it. With
       * V4L2_FIELD_ALTERNATE both fields of a frame share its number. */
      fail_on_test (buf.sequence < last_seq);
      if (buf.sequence == last_seq && buf.field != V4L2_FIELD_TOP &&
          buf.field != V4L2_FIELD_BOTTOM) {
        fail_on_test (exact);
        g_print ("\t\twarn: %s(%d): sequence %u twice\n", __FILE__,
            __LINE__, buf.sequence);
      }
      fail_on_test (ts <= last_ts);
      /* a frame period per sequence step, within 1 ms per frame */
      if (have_period && exact) {
        guint64 expected = gst_util_uint64_scale (buf.sequence - last_seq,
            (guint64) num * G_USEC_PER_SEC, den);
        fail_on_test (ts - last_ts + 1000 * (buf.sequence - last_seq) <
            expected);
      }
    }
    last_seq = buf.sequence;
    last_ts = ts;
    fail_on_error (gst_tv_hw_device_queue_buffer (dev, &buf, &err), err);
  }

  if (have_period && !exact) {
    guint64 period = gst_util_uint64_scale (1, (guint64) num *
        G_USEC_PER_SEC, den);
    guint64 expected = period * (last_seq - first_seq);
    guint64 span = last_ts - first_ts;

    /* the timestamps follow the standard's frame rate on average: within
     * two frame periods over the run */
    info ("%u frames in %" G_GUINT64_FORMAT " us, expected %"
        G_GUINT64_FORMAT " us\n", last_seq - first_seq, span, expected);
    fail_on_test (span + 2 * period < expected);
    fail_on_test (span > expected + 2 * period);
  }
  return 0;
}

gint
test_streaming (GstTvHwDevice * dev)
{
  guint32 count;

  if (start (dev, &count))
    return -1;
  if (check_frames (dev, count)) {
    cleanup (dev);
    return -1;
  }
  return stop (dev);
}

gint
test_busy_while_streaming (GstTvHwDevice * dev)
{
  struct v4l2_format fmt;
  GError *err = NULL;
  guint32 count, input;
  v4l2_std_id std;
  gint ret = 0;

  fail_on_error (gst_tv_hw_device_get_fmt (dev, &fmt, &err), err);
  fail_on_error (gst_tv_hw_device_get_input (dev, &input, &err), err);
  if (start (dev, &count))
    return -1;

  if (other_format (dev, &fmt) && (gst_tv_hw_device_set_fmt (dev, &fmt,
              &err) || !compliance_error_is (&err, GST_TV_HW_ERROR_BUSY))) {
    compliance_fail (__FILE__, __LINE__, "S_FMT while streaming not EBUSY");
    ret = -1;
  }
  if (gst_tv_hw_device_get_std (dev, &std, NULL)) {
    /* a standard of the other line count would change the format */
    v4l2_std_id other = gst_tv_hw_std_lines (std) == 525 ?
        V4L2_STD_PAL : V4L2_STD_NTSC;

    if (gst_tv_hw_device_set_std (dev, other, &err) ||
        !compliance_error_is (&err, GST_TV_HW_ERROR_BUSY)) {
      compliance_fail (__FILE__, __LINE__, "S_STD while streaming not EBUSY");
      ret = -1;
    }
  }
  if (compliance_count_inputs (dev) > 1) {
    guint32 other = input == 0 ? 1 : 0;

    if (gst_tv_hw_device_set_input (dev, other, &err) ||
        !compliance_error_is (&err, GST_TV_HW_ERROR_BUSY)) {
      compliance_fail (__FILE__, __LINE__, "S_INPUT while streaming not EBUSY");
      ret = -1;
    }
  }

  if (stop (dev))
    return -1;
  return ret;
}

typedef struct
{
  GstTvHwDevice *dev;
  gint64 woken_at;
  gboolean flushing_error;
} WaitData;

static gpointer
blocked_wait (gpointer user_data)
{
  WaitData *wd = user_data;
  GError *err = NULL;

  /* nothing is queued, so only the flush can end this wait */
  gst_tv_hw_device_wait (wd->dev, 10 * GST_SECOND, &err);
  wd->woken_at = g_get_monotonic_time ();
  wd->flushing_error = g_error_matches (err, GST_TV_HW_ERROR,
      GST_TV_HW_ERROR_FLUSHING);
  g_clear_error (&err);
  return NULL;
}

static gint
check_flushing (GstTvHwDevice * dev, guint32 count)
{
  struct v4l2_buffer buf;
  GError *err = NULL;
  WaitData wd = { dev, 0, FALSE };
  GThread *thread;
  gint64 flushed_at;
  guint32 i;

  for (i = 0; i < count; i++) {
    fail_on_error (gst_tv_hw_device_wait (dev, FRAME_TIMEOUT, &err), err);
    fail_on_error (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err), err);
  }

  thread = g_thread_new ("blocked-wait", blocked_wait, &wd);
  g_usleep (100 * 1000);
  flushed_at = g_get_monotonic_time ();
  gst_tv_hw_device_set_flushing (dev, TRUE);
  g_thread_join (thread);
  gst_tv_hw_device_set_flushing (dev, FALSE);

  fail_on_test (wd.woken_at < flushed_at);
  fail_on_test (!wd.flushing_error);
  /* woken promptly, not by the 10 s timeout */
  fail_on_test (wd.woken_at - flushed_at > G_USEC_PER_SEC);

  /* after flushing is cleared, a wait times out normally */
  fail_on_test (gst_tv_hw_device_wait (dev, 50 * GST_MSECOND, &err));
  fail_on_test (!compliance_error_is (&err, GST_TV_HW_ERROR_TIMEOUT));
  return 0;
}

gint
test_flushing (GstTvHwDevice * dev)
{
  guint32 count;

  /* streaming, with every buffer dequeued and none queued again: a wait
   * has nothing to wait for (a vb2 driver reports POLLERR only before the
   * first QBUF, so queue them all once) */
  if (start (dev, &count))
    return -1;
  if (check_flushing (dev, count)) {
    cleanup (dev);
    return -1;
  }
  return stop (dev);
}
