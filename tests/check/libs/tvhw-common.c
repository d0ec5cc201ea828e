/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the hardware layer's unit tests: see tvhw-common.h.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>

#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"

#include "tvhw-common.h"

GstTvHwVirtualCard *
fresh_card (guint n)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (n);

  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  return card;
}

GstTvHwDevice *
open_card (const gchar * location)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (location, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL, "opening %s: %s", location,
      err ? err->message : "(no error)");
  fail_unless (err == NULL);
  return dev;
}

void
set_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_std (dev, std, &err), "S_STD: %s",
      err ? err->message : "");
}

v4l2_std_id
get_std (GstTvHwDevice * dev)
{
  GError *err = NULL;
  v4l2_std_id std = 0;

  fail_unless (gst_tv_hw_device_get_std (dev, &std, &err), "G_STD: %s",
      err ? err->message : "");
  return std;
}

void
set_input (GstTvHwDevice * dev, guint32 index)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_input (dev, index, &err), "S_INPUT: %s",
      err ? err->message : "");
}

guint32
get_input (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 index = G_MAXUINT32;

  fail_unless (gst_tv_hw_device_get_input (dev, &index, &err));
  return index;
}

void
get_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_get_fmt (dev, fmt, &err), "G_FMT: %s",
      err ? err->message : "");
}

void
set_pixelformat (GstTvHwDevice * dev, guint32 fourcc)
{
  struct v4l2_format fmt;
  GError *err = NULL;

  get_fmt (dev, &fmt);
  fmt.fmt.pix.pixelformat = fourcc;
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, fourcc);
}

gint64
timeval_us (const struct v4l2_buffer *buf)
{
  return (gint64) buf->timestamp.tv_sec * G_USEC_PER_SEC +
      buf->timestamp.tv_usec;
}

void
stream_setup (Stream * s, GstTvHwDevice * dev, guint32 count,
    gboolean queue_all)
{
  GError *err = NULL;
  guint32 i;

  memset (s, 0, sizeof (*s));
  s->dev = dev;
  fail_unless (gst_tv_hw_device_request_buffers (dev, count, &s->n, &err),
      "REQBUFS: %s", err ? err->message : "");
  fail_unless (s->n >= 2 && s->n <= 32);
  for (i = 0; i < s->n; i++) {
    fail_unless (gst_tv_hw_device_map_buffer (dev, i, &s->data[i],
            &s->size[i], &err));
    fail_unless (s->data[i] != NULL);
  }
  if (queue_all) {
    for (i = 0; i < s->n; i++) {
      struct v4l2_buffer buf;

      memset (&buf, 0, sizeof (buf));
      buf.index = i;
      fail_unless (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
    }
  }
}

void
queue (GstTvHwDevice * dev, guint32 index)
{
  struct v4l2_buffer buf;
  GError *err = NULL;

  memset (&buf, 0, sizeof (buf));
  buf.index = index;
  fail_unless (gst_tv_hw_device_queue_buffer (dev, &buf, &err), "QBUF: %s",
      err ? err->message : "");
  fail_unless (buf.flags & V4L2_BUF_FLAG_QUEUED);
}

void
stream_on (GstTvHwDevice * dev)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_stream_on (dev, &err), "STREAMON: %s",
      err ? err->message : "");
}

void
stream_off (GstTvHwDevice * dev)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_stream_off (dev, &err), "STREAMOFF: %s",
      err ? err->message : "");
}

/* waits (bounded) for a frame and dequeues it */
void
dequeue (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_wait (dev, LONG_WAIT_NS, &err), "wait: %s",
      err ? err->message : "");
  fail_unless (gst_tv_hw_device_dequeue_buffer (dev, buf, &err),
      "DQBUF: %s", err ? err->message : "");
}

void
assert_nothing_ready (GstTvHwDevice * dev)
{
  struct v4l2_buffer buf;
  GError *err = NULL;

  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
}

void
decode_yuyv (gconstpointer data, guint height, GstTvHwVirtualFrameInfo * info)
{
  fail_unless (gst_tv_hw_virtual_decode (data, 2, WIDTH, height, STRIDE,
          info), "no marks in the frame");
}

void
assert_frame (gconstpointer data, guint height, guint input, guint32 seq,
    gboolean no_signal)
{
  GstTvHwVirtualFrameInfo info;

  decode_yuyv (data, height, &info);
  fail_unless_equals_int (info.input, input);
  fail_unless_equals_int (info.sequence, seq);
  fail_unless (info.top_field_ok);
  fail_unless (info.bottom_field_ok);
  fail_unless_equals_int (info.no_signal, no_signal);
}

/* whether two frames differ to the right of the marks */
gboolean
pictures_differ (const guint8 * a, const guint8 * b, guint height)
{
  guint y;

  for (y = 0; y < height; y++) {
    if (memcmp (a + y * STRIDE + MARK_COLUMNS * 2,
            b + y * STRIDE + MARK_COLUMNS * 2, (WIDTH - MARK_COLUMNS) * 2) != 0)
      return TRUE;
  }
  return FALSE;
}

void
card_teardown (void)
{
  /* every card is closed by now: start the next test from scratch and
   * leave nothing for valgrind */
  gst_tv_hw_virtual_shutdown ();
}

const TvHwTestStd all_stds[] = {
  {0xB000, "NTSC", 1001, 30000, 525},
  {0x1000, "NTSC-M", 1001, 30000, 525},
  {0x2000, "NTSC-M-JP", 1001, 30000, 525},
  {0x8000, "NTSC-M-KR", 1001, 30000, 525},
  {0x4000, "NTSC-443", 1001, 30000, 525},
  {0xFF, "PAL", 1, 25, 625},
  {0x07, "PAL-BG", 1, 25, 625},
  {0x08, "PAL-H", 1, 25, 625},
  {0x10, "PAL-I", 1, 25, 625},
  {0xE0, "PAL-DK", 1, 25, 625},
  {0x100, "PAL-M", 1001, 30000, 525},
  {0x200, "PAL-N", 1, 25, 625},
  {0x400, "PAL-Nc", 1, 25, 625},
  {0x800, "PAL-60", 1001, 30000, 525},
  {0xFF0000, "SECAM", 1, 25, 625},
  {0x10000, "SECAM-B", 1, 25, 625},
  {0x40000, "SECAM-G", 1, 25, 625},
  {0x80000, "SECAM-H", 1, 25, 625},
  {0x320000, "SECAM-DK", 1, 25, 625},
  {0x400000, "SECAM-L", 1, 25, 625},
  {0x800000, "SECAM-Lc", 1, 25, 625},
};

void
assert_native_fmt (const struct v4l2_format *fmt, guint32 fourcc, guint height)
{
  fail_unless_equals_int (fmt->type, V4L2_BUF_TYPE_VIDEO_CAPTURE);
  fail_unless_equals_int (fmt->fmt.pix.width, 720);
  fail_unless_equals_int (fmt->fmt.pix.height, height);
  fail_unless_equals_int (fmt->fmt.pix.pixelformat, fourcc);
  fail_unless_equals_int (fmt->fmt.pix.field, V4L2_FIELD_INTERLACED);
  fail_unless_equals_int (fmt->fmt.pix.bytesperline, 1440);
  fail_unless_equals_int (fmt->fmt.pix.sizeimage, 1440 * height);
  fail_unless_equals_int (fmt->fmt.pix.colorspace, V4L2_COLORSPACE_SMPTE170M);
  fail_unless_equals_int (fmt->fmt.pix.ycbcr_enc, V4L2_YCBCR_ENC_DEFAULT);
  fail_unless_equals_int (fmt->fmt.pix.quantization, V4L2_QUANTIZATION_DEFAULT);
  fail_unless_equals_int (fmt->fmt.pix.xfer_func, V4L2_XFER_FUNC_DEFAULT);
  fail_unless_equals_int (fmt->fmt.pix.flags, 0);
}

gpointer
wait_thread (gpointer user_data)
{
  WaitData *w = user_data;

  w->ret = gst_tv_hw_device_wait (w->dev, -1, &w->err);
  return NULL;
}

/* one frame of @input in FREERUN pacing, copied out */
guint8 *
grab_frames (guint input, guint32 fourcc, guint n, guint * height)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  struct v4l2_format fmt;
  GError *err = NULL;
  guint8 *frames;
  Stream s;
  guint k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  dev = open_card ("virtual:0");
  set_input (dev, input);
  set_pixelformat (dev, fourcc);
  get_fmt (dev, &fmt);
  *height = fmt.fmt.pix.height;
  frames = g_malloc ((gsize) n * fmt.fmt.pix.sizeimage);

  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  for (k = 0; k < n; k++) {
    fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
    fail_unless_equals_int (buf.sequence, k);
    memcpy (frames + (gsize) k * fmt.fmt.pix.sizeimage, s.data[buf.index],
        fmt.fmt.pix.sizeimage);
    queue (dev, buf.index);
  }
  gst_tv_hw_device_close (dev);

  return frames;
}

GstTvHwDevice *
open_output (const gchar * location)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (location, GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (dev != NULL, "opening %s for output: %s", location,
      err ? err->message : "(no error)");
  fail_unless (err == NULL);
  return dev;
}

void
set_output (GstTvHwDevice * dev, guint32 index)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_output (dev, index, &err),
      "S_OUTPUT: %s", err ? err->message : "");
}

guint32
get_output (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 index = G_MAXUINT32;

  fail_unless (gst_tv_hw_device_get_output (dev, &index, &err));
  return index;
}

/* QBUF on an output node: @bytesused bytes, field ANY, timestamp @ts_us */
void
queue_out (GstTvHwDevice * dev, guint32 index, guint32 bytesused, gint64 ts_us)
{
  struct v4l2_buffer buf;
  GError *err = NULL;

  memset (&buf, 0, sizeof (buf));
  buf.index = index;
  buf.bytesused = bytesused;
  buf.field = V4L2_FIELD_ANY;
  buf.timestamp.tv_sec = ts_us / G_USEC_PER_SEC;
  buf.timestamp.tv_usec = ts_us % G_USEC_PER_SEC;
  fail_unless (gst_tv_hw_device_queue_buffer (dev, &buf, &err),
      "QBUF (output): %s", err ? err->message : "");
  fail_unless (buf.flags & V4L2_BUF_FLAG_QUEUED);
  fail_unless_equals_int (buf.field, V4L2_FIELD_INTERLACED);
}

/* a packed 4:2:2 frame whose two fields differ: luma @even on the top
 * field (even lines), @odd on the bottom field, chroma @u / @v */
void
fill_fields (guint8 * data, guint height, guint32 fourcc, guint8 even,
    guint8 odd, guint8 u, guint8 v)
{
  gboolean uyvy = fourcc == V4L2_PIX_FMT_UYVY;
  guint x, y;

  for (y = 0; y < height; y++) {
    guint8 *p = data + (gsize) y * STRIDE;
    guint8 l = y & 1 ? odd : even;

    for (x = 0; x < WIDTH; x += 2, p += 4) {
      p[0] = uyvy ? u : l;
      p[1] = uyvy ? l : u;
      p[2] = uyvy ? v : l;
      p[3] = uyvy ? l : v;
    }
  }
}

/* deterministic noise, different for every @seed */
void
fill_noise (guint8 * data, gsize size, guint32 seed)
{
  guint32 r = seed * 2654435761u + 1;
  gsize i;

  for (i = 0; i < size; i++) {
    r = r * 1103515245 + 12345;
    data[i] = r >> 24;
  }
}

guint8
luma_at (const guint8 * data, guint32 fourcc, guint x, guint y)
{
  return data[(gsize) y * STRIDE + 2 * x + (fourcc == V4L2_PIX_FMT_UYVY)];
}

void
assert_peek (GstTvHwVirtualCard * card, gconstpointer expected, guint height,
    guint32 fourcc, guint32 seq)
{
  struct v4l2_pix_format fmt;
  guint8 *data = NULL;
  gsize size = 0;
  guint32 got_seq = G_MAXUINT32;

  fail_unless (gst_tv_hw_virtual_card_peek_output (card, &data, &size, &fmt,
          &got_seq), "nothing on the output's screen");
  fail_unless_equals_int (size, STRIDE * height);
  fail_unless_equals_int (fmt.width, WIDTH);
  fail_unless_equals_int (fmt.height, height);
  fail_unless_equals_int (fmt.pixelformat, fourcc);
  fail_unless_equals_int (fmt.field, V4L2_FIELD_INTERLACED);
  fail_unless_equals_int (fmt.bytesperline, STRIDE);
  fail_unless_equals_int (fmt.sizeimage, size);
  fail_unless_equals_int (got_seq, seq);
  fail_unless (memcmp (data, expected, size) == 0,
      "the screen is not what was queued");
  g_free (data);
}

void
assert_counts (GstTvHwVirtualCard * card, guint32 displayed, guint32 repeated)
{
  guint32 d = G_MAXUINT32, r = G_MAXUINT32;

  gst_tv_hw_virtual_card_get_output_counts (card, &d, &r);
  fail_unless_equals_int (d, displayed);
  fail_unless_equals_int (r, repeated);
}

guint32
input_status (GstTvHwDevice * cap, guint index)
{
  struct v4l2_input input;
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_enum_input (cap, index, &input, &err));
  return input.status;
}

v4l2_std_id
query_std (GstTvHwDevice * cap)
{
  GError *err = NULL;
  v4l2_std_id std = G_MAXUINT64;

  fail_unless (gst_tv_hw_device_query_std (cap, &std, &err), "QUERYSTD: %s",
      err ? err->message : "");
  return std;
}

/* frame 0 of the current input, copied out, from a stream of its own
 * (the card in MANUAL pacing): two grabs show the same moment, so only
 * what changed in between makes them differ */
guint8 *
grab (GstTvHwVirtualCard * card, GstTvHwDevice * dev)
{
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint8 *frame;
  Stream s;

  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  frame = g_memdup2 (s.data[buf.index], buf.bytesused);
  stream_off (dev);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  return frame;
}

/* the Cb (@cr FALSE) or Cr sample that pixel (@x, @y) shares */
guint8
chroma_at (const guint8 * data, guint32 fourcc, guint x, guint y, gboolean cr)
{
  gsize pair = (gsize) y * STRIDE + (x / 2) * 4;

  if (fourcc == V4L2_PIX_FMT_UYVY)
    return data[pair + (cr ? 2 : 0)];
  return data[pair + (cr ? 3 : 1)];
}

/* no colour right of the marks */
gboolean
colourless (const guint8 * data, guint height)
{
  guint x, y;

  for (y = 0; y < height; y++) {
    for (x = MARK_COLUMNS; x < WIDTH; x += 2) {
      if (chroma_at (data, V4L2_PIX_FMT_YUYV, x, y, FALSE) != 128 ||
          chroma_at (data, V4L2_PIX_FMT_YUYV, x, y, TRUE) != 128)
        return FALSE;
    }
  }
  return TRUE;
}

void
get_tuner (GstTvHwDevice * dev, struct v4l2_tuner *tuner)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_get_tuner (dev, 0, tuner, &err),
      "G_TUNER: %s", err ? err->message : "");
}

void
set_frequency (GstTvHwDevice * dev, guint32 frequency)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
          frequency, &err), "S_FREQUENCY: %s", err ? err->message : "");
}
