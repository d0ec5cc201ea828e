/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the hardware layer against the virtual TV card: inputs,
 * standards, formats, the MMAP queue in every pacing mode, flushing,
 * error injection and the generator's marks. Through the public tvhw.h
 * API, with tvhw-virtual.h to configure the card; tvhw-backend.h only
 * where the public API cannot express a call (a wrong buffer type).
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

#define WIDTH 720
#define STRIDE (WIDTH * 2)
#define MARK_COLUMNS 80         /* the generator's marks band */
#define LONG_WAIT_NS (5 * GST_SECOND)

/* --- helpers --- */

#define assert_tvhw_error(err, expected) G_STMT_START {                   \
  fail_unless ((err) != NULL, "expected error %d, got none", (expected)); \
  fail_unless_equals_int ((err)->domain == GST_TV_HW_ERROR, TRUE);        \
  fail_unless ((err)->code == (expected), "expected error %d, got %d: %s",\
      (expected), (err)->code, (err)->message);                           \
  g_clear_error (&(err));                                                 \
} G_STMT_END

static GstTvHwVirtualCard *
fresh_card (guint n)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (n);

  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  return card;
}

static GstTvHwDevice *
open_card (const gchar * location)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (location, GST_TV_HW_CAPTURE, &err);
  fail_unless (dev != NULL, "opening %s: %s", location,
      err ? err->message : "(no error)");
  fail_unless (err == NULL);
  return dev;
}

static void
set_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_std (dev, std, &err), "S_STD: %s",
      err ? err->message : "");
}

static v4l2_std_id
get_std (GstTvHwDevice * dev)
{
  GError *err = NULL;
  v4l2_std_id std = 0;

  fail_unless (gst_tv_hw_device_get_std (dev, &std, &err), "G_STD: %s",
      err ? err->message : "");
  return std;
}

static void
set_input (GstTvHwDevice * dev, guint32 index)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_input (dev, index, &err), "S_INPUT: %s",
      err ? err->message : "");
}

static guint32
get_input (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 index = G_MAXUINT32;

  fail_unless (gst_tv_hw_device_get_input (dev, &index, &err));
  return index;
}

static void
get_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_get_fmt (dev, fmt, &err), "G_FMT: %s",
      err ? err->message : "");
}

static void
set_pixelformat (GstTvHwDevice * dev, guint32 fourcc)
{
  struct v4l2_format fmt;
  GError *err = NULL;

  get_fmt (dev, &fmt);
  fmt.fmt.pix.pixelformat = fourcc;
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, fourcc);
}

static gint64
timeval_us (const struct v4l2_buffer *buf)
{
  return (gint64) buf->timestamp.tv_sec * G_USEC_PER_SEC +
      buf->timestamp.tv_usec;
}

/* a stream of @count MMAP buffers, all mapped */
typedef struct
{
  GstTvHwDevice *dev;
  guint32 n;
  gpointer data[32];
  gsize size[32];
} Stream;

static void
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

static void
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

static void
stream_on (GstTvHwDevice * dev)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_stream_on (dev, &err), "STREAMON: %s",
      err ? err->message : "");
}

static void
stream_off (GstTvHwDevice * dev)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_stream_off (dev, &err), "STREAMOFF: %s",
      err ? err->message : "");
}

/* waits (bounded) for a frame and dequeues it */
static void
dequeue (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_wait (dev, LONG_WAIT_NS, &err), "wait: %s",
      err ? err->message : "");
  fail_unless (gst_tv_hw_device_dequeue_buffer (dev, buf, &err),
      "DQBUF: %s", err ? err->message : "");
}

static void
assert_nothing_ready (GstTvHwDevice * dev)
{
  struct v4l2_buffer buf;
  GError *err = NULL;

  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
}

static void
decode_yuyv (gconstpointer data, guint height, GstTvHwVirtualFrameInfo * info)
{
  fail_unless (gst_tv_hw_virtual_decode (data, 2, WIDTH, height, STRIDE,
          info), "no marks in the frame");
}

static void
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
static gboolean
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

static void
card_teardown (void)
{
  /* every card is closed by now: start the next test from scratch and
   * leave nothing for valgrind */
  gst_tv_hw_virtual_shutdown ();
}

/* --- card and device --- */

GST_START_TEST (test_open_close)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *a, *b;

  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
  a = open_card ("virtual");
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 1);
  b = open_card ("virtual:0");
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 2);

  fail_unless_equals_string (gst_tv_hw_device_get_backend_name (a), "virtual");
  fail_unless_equals_string (gst_tv_hw_device_get_location (b), "virtual:0");
  fail_unless_equals_string (gst_tv_hw_device_get_driver (a), "tvhw-virtual");
  fail_unless_equals_string (gst_tv_hw_device_get_card (a),
      "Virtual TV card 0");
  fail_unless_equals_string (gst_tv_hw_device_get_bus_info (a),
      "platform:virtual-0");
  fail_unless_equals_int (gst_tv_hw_device_get_caps (a),
      V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING);
  fail_unless_equals_int (gst_tv_hw_device_get_buf_type (a),
      V4L2_BUF_TYPE_VIDEO_CAPTURE);

  gst_tv_hw_device_close (a);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 1);
  gst_tv_hw_device_close (b);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
}

GST_END_TEST;

GST_START_TEST (test_open_unknown_card)
{
  const gchar *bad[] = { "virtual:8", "virtual:", "virtual:x", "virtual:1x",
    "virtual:-1", "virtual:99999999999999999999"
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++) {
    GError *err = NULL;

    fail_if (gst_tv_hw_device_open (bad[i], GST_TV_HW_CAPTURE, &err), "%s",
        bad[i]);
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  }
  fail_unless (gst_tv_hw_virtual_card_get (GST_TV_HW_VIRTUAL_MAX_CARDS) ==
      NULL);
}

GST_END_TEST;

GST_START_TEST (test_open_output_refused)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GError *err = NULL;

  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_OUTPUT, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_WRONG_DIRECTION);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
}

GST_END_TEST;

GST_START_TEST (test_reset_refused_while_open)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");

  set_input (dev, 2);
  fail_if (gst_tv_hw_virtual_card_reset (card));
  fail_unless_equals_int (get_input (dev), 2);
  gst_tv_hw_device_close (dev);

  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_input (dev), 0);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_settings_persist)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");
  struct v4l2_format fmt;

  set_input (dev, 1);
  set_std (dev, V4L2_STD_NTSC);
  set_pixelformat (dev, V4L2_PIX_FMT_UYVY);
  gst_tv_hw_device_close (dev);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);

  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_input (dev), 1);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_NTSC);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_cards_independent)
{
  GstTvHwVirtualCard *c0 = fresh_card (0);
  GstTvHwVirtualCard *c1 = fresh_card (1);
  GstTvHwDevice *d0, *d1;

  fail_unless (c0 != c1);
  d0 = open_card ("virtual");
  d1 = open_card ("virtual:1");
  fail_unless_equals_string (gst_tv_hw_device_get_card (d1),
      "Virtual TV card 1");
  set_input (d1, 3);
  set_std (d1, V4L2_STD_SECAM);
  fail_unless_equals_int (get_input (d0), 0);
  fail_unless_equals_uint64 (get_std (d0), GST_TV_HW_VIRTUAL_DEFAULT_STD);
  fail_unless_equals_int (get_input (d1), 3);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (c0), 1);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (c1), 1);
  gst_tv_hw_device_close (d0);
  gst_tv_hw_device_close (d1);
}

GST_END_TEST;

GST_START_TEST (test_unimplemented_is_not_supported)
{
  GstTvHwDevice *dev;
  struct v4l2_output out;
  guint32 index;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");
  /* the capture node has no outputs: ENOTTY, as the kernel says */
  fail_if (gst_tv_hw_device_get_output (dev, &index, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_enum_output (dev, 0, &out, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_wrong_buf_type)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  struct v4l2_fmtdesc desc;
  struct v4l2_cropcap cropcap;
  struct v4l2_streamparm parm;
  struct v4l2_requestbuffers req;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* through the operations: the public API always passes the right type */
  memset (&fmt, 0, sizeof (fmt));
  fmt.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  fail_unless_equals_int (dev->ops->g_fmt (dev, &fmt), -EINVAL);
  fail_unless_equals_int (dev->ops->s_fmt (dev, &fmt), -EINVAL);
  fail_unless_equals_int (dev->ops->try_fmt (dev, &fmt), -EINVAL);
  memset (&desc, 0, sizeof (desc));
  desc.type = V4L2_BUF_TYPE_VBI_CAPTURE;
  fail_unless_equals_int (dev->ops->enum_fmt (dev, &desc), -EINVAL);
  memset (&cropcap, 0, sizeof (cropcap));
  cropcap.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  fail_unless_equals_int (dev->ops->cropcap (dev, &cropcap), -EINVAL);
  memset (&parm, 0, sizeof (parm));
  parm.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  fail_unless_equals_int (dev->ops->g_parm (dev, &parm), -EINVAL);
  memset (&req, 0, sizeof (req));
  req.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  req.memory = V4L2_MEMORY_MMAP;
  req.count = 2;
  fail_unless_equals_int (dev->ops->reqbufs (dev, &req), -EINVAL);
  /* and USERPTR is not supported */
  req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  req.memory = V4L2_MEMORY_USERPTR;
  fail_unless_equals_int (dev->ops->reqbufs (dev, &req), -EINVAL);
  fail_unless (req.capabilities & V4L2_BUF_CAP_SUPPORTS_MMAP);
  fail_if (req.capabilities & V4L2_BUF_CAP_SUPPORTS_USERPTR);
  fail_unless_equals_int (dev->ops->streamon (dev,
          V4L2_BUF_TYPE_VIDEO_OUTPUT), -EINVAL);
  fail_unless_equals_int (dev->ops->streamoff (dev,
          V4L2_BUF_TYPE_VIDEO_OUTPUT), -EINVAL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- inputs --- */

GST_START_TEST (test_enum_inputs)
{
  static const struct
  {
    const gchar *name;
    guint32 type;
    guint32 status;
  } expected[] = {
    {"Television", V4L2_INPUT_TYPE_TUNER, 0},
    {"Composite1", V4L2_INPUT_TYPE_CAMERA, 0},
    {"S-Video", V4L2_INPUT_TYPE_CAMERA, 0},
    {"Composite2", V4L2_INPUT_TYPE_CAMERA, V4L2_IN_ST_NO_SIGNAL},
  };
  GstTvHwDevice *dev;
  struct v4l2_input input;
  GError *err = NULL;
  guint i, k;

  fresh_card (0);
  dev = open_card ("virtual:0");

  for (i = 0; i < G_N_ELEMENTS (expected); i++) {
    gchar *name;
    gsize len;

    fail_unless (gst_tv_hw_device_enum_input (dev, i, &input, &err));
    fail_unless (err == NULL);
    fail_unless_equals_int (input.index, i);
    name = GST_TV_HW_NAME (input.name);
    fail_unless_equals_string (name, expected[i].name);
    /* NUL-padded */
    len = strlen (name);
    for (k = len; k < sizeof (input.name); k++)
      fail_unless_equals_int (input.name[k], 0);
    g_free (name);
    fail_unless_equals_int (input.type, expected[i].type);
    fail_unless_equals_int (input.tuner, 0);
    fail_unless_equals_uint64 (input.std, V4L2_STD_ALL);
    fail_unless_equals_uint64 (input.std, 0xFFFFFF);
    fail_unless_equals_int (input.status, expected[i].status);
    fail_unless_equals_int (input.capabilities, V4L2_IN_CAP_STD);
    fail_unless_equals_int (input.audioset, 0);
    for (k = 0; k < G_N_ELEMENTS (input.reserved); k++)
      fail_unless_equals_int (input.reserved[k], 0);
  }

  /* the end of the list is not an error */
  fail_if (gst_tv_hw_device_enum_input (dev, 4, &input, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_enum_input (dev, G_MAXUINT32, &input, &err));
  fail_unless (err == NULL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_input)
{
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 i;

  fresh_card (0);
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_input (dev), 0);

  for (i = 0; i < 4; i++) {
    set_input (dev, i);
    fail_unless_equals_int (get_input (dev), i);
  }
  /* the same input again is fine */
  set_input (dev, 3);

  fail_if (gst_tv_hw_device_set_input (dev, 4, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_input (dev, G_MAXUINT32, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_int (get_input (dev), 3);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_inputs)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Webcam", V4L2_INPUT_TYPE_CAMERA, 0, V4L2_STD_PAL, 0},
    {"Antenna with a name that is much longer than 31 bytes",
        V4L2_INPUT_TYPE_TUNER, V4L2_STD_NTSC_M, V4L2_STD_NTSC_M, 0x3},
  };
  GstTvHwVirtualInput too_many[GST_TV_HW_VIRTUAL_MAX_INPUTS + 1];
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_input input;
  GError *err = NULL;
  gchar *name;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (too_many); i++)
    too_many[i] = inputs[1];
  fail_if (gst_tv_hw_virtual_card_set_inputs (card, inputs, 0));
  fail_if (gst_tv_hw_virtual_card_set_inputs (card, too_many,
          G_N_ELEMENTS (too_many)));
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, too_many,
          GST_TV_HW_VIRTUAL_MAX_INPUTS));
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));

  dev = open_card ("virtual:0");
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless_equals_int (input.capabilities, 0);
  fail_unless_equals_uint64 (input.std, 0);
  fail_unless_equals_int (input.status, 0);
  fail_unless (gst_tv_hw_device_enum_input (dev, 1, &input, &err));
  name = GST_TV_HW_NAME (input.name);
  fail_unless_equals_string (name, "Antenna with a name that is muc");
  g_free (name);
  fail_unless_equals_int (input.name[31], 0);
  fail_unless_equals_int (input.audioset, 0x3);
  fail_unless_equals_int (input.type, V4L2_INPUT_TYPE_TUNER);
  fail_unless_equals_uint64 (input.std, V4L2_STD_NTSC_M);
  fail_if (gst_tv_hw_device_enum_input (dev, 2, &input, &err));
  fail_unless (err == NULL);

  /* not while buffers are allocated */
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, NULL, &err));
  fail_if (gst_tv_hw_virtual_card_set_inputs (card, inputs, 1));
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 1));

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- standards --- */

static const struct
{
  v4l2_std_id id;
  const gchar *name;
  guint num, den, lines;
} all_stds[] = {
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

GST_START_TEST (test_enum_std)
{
  GstTvHwDevice *dev;
  struct v4l2_standard std;
  GError *err = NULL;
  guint i, input;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* every input has the same list, vivid-observed/video0-input1.txt's */
  for (input = 0; input < 4; input++) {
    set_input (dev, input);
    for (i = 0; i < G_N_ELEMENTS (all_stds); i++) {
      gchar *name;

      fail_unless (gst_tv_hw_device_enum_std (dev, i, &std, &err),
          "ENUMSTD %u: %s", i, err ? err->message : "end of list");
      fail_unless_equals_int (std.index, i);
      fail_unless_equals_uint64 (std.id, all_stds[i].id);
      name = GST_TV_HW_NAME (std.name);
      fail_unless_equals_string (name, all_stds[i].name);
      g_free (name);
      fail_unless_equals_int (std.frameperiod.numerator, all_stds[i].num);
      fail_unless_equals_int (std.frameperiod.denominator, all_stds[i].den);
      fail_unless_equals_int (std.framelines, all_stds[i].lines);
      fail_unless_equals_int (std.reserved[0], 0);
      fail_unless_equals_int (std.reserved[3], 0);
    }
    fail_if (gst_tv_hw_device_enum_std (dev, i, &std, &err));
    fail_unless (err == NULL);
  }
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_enum_std_filtered)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"PAL-BG only", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_PAL_BG, V4L2_STD_PAL_B,
        0},
    {"M only", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_MN & V4L2_STD_525_60,
        V4L2_STD_PAL_M, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_standard std;
  GError *err = NULL;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  dev = open_card ("virtual:0");

  /* PAL-BG swallows PAL-B, PAL-B1 and PAL-G */
  fail_unless (gst_tv_hw_device_enum_std (dev, 0, &std, &err));
  fail_unless_equals_uint64 (std.id, V4L2_STD_PAL_BG);
  fail_if (gst_tv_hw_device_enum_std (dev, 1, &std, &err));
  fail_unless (err == NULL);

  /* the 525-line M/N standards: NTSC composite first, then what's left */
  set_input (dev, 1);
  fail_unless (gst_tv_hw_device_enum_std (dev, 0, &std, &err));
  fail_unless_equals_uint64 (std.id, V4L2_STD_NTSC);
  fail_unless (gst_tv_hw_device_enum_std (dev, 1, &std, &err));
  fail_unless_equals_uint64 (std.id, V4L2_STD_NTSC_M);
  fail_unless (gst_tv_hw_device_enum_std (dev, 2, &std, &err));
  fail_unless_equals_uint64 (std.id, V4L2_STD_NTSC_M_JP);
  fail_unless (gst_tv_hw_device_enum_std (dev, 3, &std, &err));
  fail_unless_equals_uint64 (std.id, V4L2_STD_NTSC_M_KR);
  fail_unless (gst_tv_hw_device_enum_std (dev, 4, &std, &err));
  fail_unless_equals_uint64 (std.id, V4L2_STD_PAL_M);
  fail_if (gst_tv_hw_device_enum_std (dev, 5, &std, &err));
  fail_unless (err == NULL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_std)
{
  static const struct
  {
    v4l2_std_id request, stored;
  } cases[] = {
    /* vivid-observed/video0-input1-std-*.txt */
    {V4L2_STD_NTSC, 0xB000},
    {V4L2_STD_NTSC_M_JP, 0x2000},
    {V4L2_STD_PAL_M, 0x100},
    {V4L2_STD_PAL_Nc, 0x400},
    {V4L2_STD_PAL, 0xFF},
    {V4L2_STD_SECAM, 0xFF0000},
    /* bits the input does not have are dropped */
    {G_GUINT64_CONSTANT (0xFF00000000000000) | V4L2_STD_NTSC_M, 0x1000},
    {G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF), 0xFFFFFF},
  };
  GstTvHwDevice *dev;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  fail_unless_equals_uint64 (get_std (dev), GST_TV_HW_VIRTUAL_DEFAULT_STD);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    set_std (dev, cases[i].request);
    fail_unless_equals_uint64 (get_std (dev), cases[i].stored);
  }
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_std_invalid)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"PAL only", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_PAL, V4L2_STD_PAL_I, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GError *err = NULL;

  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_set_std (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_std (dev,
          G_GUINT64_CONSTANT (0x100000000), &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  gst_tv_hw_device_close (dev);

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 1));
  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_SECAM_L, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  set_std (dev, V4L2_STD_PAL_I | V4L2_STD_NTSC_M);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL_I);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_input_without_std)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Webcam", V4L2_INPUT_TYPE_CAMERA, 0, V4L2_STD_PAL_BG, 0},
    {"TV", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_standard std;
  v4l2_std_id id;
  GError *err = NULL;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_input (dev), 0);

  /* ENODATA at index 0 is the end of an empty list, not an error */
  fail_if (gst_tv_hw_device_enum_std (dev, 0, &std, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_get_std (dev, &id, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NO_DATA);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NO_DATA);
  fail_if (gst_tv_hw_device_query_std (dev, &id, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NO_DATA);

  /* the standard is still the card's on the next input */
  set_input (dev, 1);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  fail_unless (gst_tv_hw_device_enum_std (dev, 0, &std, &err));
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_input_switch_adjusts_std)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Any", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0},
    {"US", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_NTSC_M, V4L2_STD_NTSC_M, 0},
    {"BG", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_PAL_BG, V4L2_STD_PAL_BG, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_format fmt;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 3));
  dev = open_card ("virtual:0");
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);

  /* nothing in common: the input's first standard */
  set_input (dev, 1);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);

  /* accepted as it is */
  set_input (dev, 0);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_NTSC_M);

  /* narrowed */
  set_std (dev, V4L2_STD_PAL);
  set_input (dev, 2);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL_BG);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_query_std)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_input input;
  v4l2_std_id id;
  GError *err = NULL;

  dev = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  fail_unless_equals_uint64 (id, V4L2_STD_PAL_BG);
  set_input (dev, 1);
  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  fail_unless_equals_uint64 (id, V4L2_STD_NTSC_M);
  /* the signal does not change the standard */
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  set_input (dev, 2);
  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  fail_unless_equals_uint64 (id, V4L2_STD_PAL_BG);

  /* no signal: V4L2_STD_UNKNOWN, and success (vivid's No Signal mode) */
  set_input (dev, 3);
  id = V4L2_STD_ALL;
  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  fail_unless (err == NULL);
  fail_unless_equals_uint64 (id, V4L2_STD_UNKNOWN);

  /* plugging and unplugging */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 3, V4L2_STD_SECAM_L));
  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  fail_unless_equals_uint64 (id, V4L2_STD_SECAM_L);
  fail_unless (gst_tv_hw_device_enum_input (dev, 3, &input, &err));
  fail_unless_equals_int (input.status, 0);

  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, 0));
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless_equals_int (input.status, V4L2_IN_ST_NO_SIGNAL);
  set_input (dev, 0);
  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  fail_unless_equals_uint64 (id, 0);

  fail_if (gst_tv_hw_virtual_card_set_signal (card, 4, V4L2_STD_PAL));

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- formats --- */

GST_START_TEST (test_enum_fmt)
{
  GstTvHwDevice *dev;
  struct v4l2_fmtdesc desc;
  GError *err = NULL;
  gchar *descr;

  fresh_card (0);
  dev = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_enum_fmt (dev, 0, &desc, &err));
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_YUYV);
  fail_unless_equals_int (desc.type, V4L2_BUF_TYPE_VIDEO_CAPTURE);
  fail_unless_equals_int (desc.flags, 0);
  descr = GST_TV_HW_NAME (desc.description);
  fail_unless_equals_string (descr, "YUYV 4:2:2");
  g_free (descr);

  fail_unless (gst_tv_hw_device_enum_fmt (dev, 1, &desc, &err));
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_UYVY);
  descr = GST_TV_HW_NAME (desc.description);
  fail_unless_equals_string (descr, "UYVY 4:2:2");
  g_free (descr);

  fail_if (gst_tv_hw_device_enum_fmt (dev, 2, &desc, &err));
  fail_unless (err == NULL);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

static void
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

GST_START_TEST (test_fmt_follows_std)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;

  fresh_card (0);
  dev = open_card ("virtual:0");

  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_YUYV, 576);
  fail_unless_equals_int (fmt.fmt.pix.sizeimage, 829440);

  set_std (dev, V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_YUYV, 480);
  fail_unless_equals_int (fmt.fmt.pix.sizeimage, 691200);

  set_std (dev, V4L2_STD_PAL_60);
  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_YUYV, 480);

  set_std (dev, V4L2_STD_SECAM_DK);
  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_YUYV, 576);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_fmt)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* no scaler, interlaced only, no padding: the native format comes back */
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.pix.width = 640;
  fmt.fmt.pix.height = 480;
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fmt.fmt.pix.field = V4L2_FIELD_NONE;
  fmt.fmt.pix.bytesperline = 2048;
  fmt.fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_native_fmt (&fmt, V4L2_PIX_FMT_UYVY, 576);
  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_UYVY, 576);

  /* an unknown pixelformat becomes the default, YUYV */
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_MJPEG;
  fmt.fmt.pix.width = 1920;
  fmt.fmt.pix.height = 1080;
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_native_fmt (&fmt, V4L2_PIX_FMT_YUYV, 576);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_try_fmt)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fmt.fmt.pix.width = 100;
  fmt.fmt.pix.height = 100;
  fmt.fmt.pix.field = V4L2_FIELD_BOTTOM;
  fail_unless (gst_tv_hw_device_try_fmt (dev, &fmt, &err));
  assert_native_fmt (&fmt, V4L2_PIX_FMT_UYVY, 576);

  /* nothing changed */
  get_fmt (dev, &fmt);
  assert_native_fmt (&fmt, V4L2_PIX_FMT_YUYV, 576);

  /* TRY_FMT is allowed while buffers exist, S_FMT is not */
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, NULL, &err));
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fail_unless (gst_tv_hw_device_try_fmt (dev, &fmt, &err));
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_cropcap)
{
  GstTvHwDevice *dev;
  struct v4l2_cropcap cc;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_cropcap (dev, &cc, &err));
  fail_unless_equals_int (cc.bounds.left, 0);
  fail_unless_equals_int (cc.bounds.top, 0);
  fail_unless_equals_int (cc.bounds.width, 720);
  fail_unless_equals_int (cc.bounds.height, 576);
  fail_unless_equals_int (cc.defrect.width, 720);
  fail_unless_equals_int (cc.defrect.height, 576);
  fail_unless_equals_int (cc.pixelaspect.numerator, 54);
  fail_unless_equals_int (cc.pixelaspect.denominator, 59);

  set_std (dev, V4L2_STD_NTSC);
  fail_unless (gst_tv_hw_device_cropcap (dev, &cc, &err));
  fail_unless_equals_int (cc.bounds.height, 480);
  fail_unless_equals_int (cc.defrect.height, 480);
  fail_unless_equals_int (cc.pixelaspect.numerator, 11);
  fail_unless_equals_int (cc.pixelaspect.denominator, 10);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_g_parm)
{
  GstTvHwDevice *dev;
  struct v4l2_streamparm parm;
  GError *err = NULL;

  fresh_card (0);
  dev = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_get_parm (dev, &parm, &err));
  fail_unless_equals_int (parm.parm.capture.capability, V4L2_CAP_TIMEPERFRAME);
  fail_unless_equals_int (parm.parm.capture.timeperframe.numerator, 1);
  fail_unless_equals_int (parm.parm.capture.timeperframe.denominator, 25);
  fail_unless_equals_int (parm.parm.capture.readbuffers, 0);

  set_std (dev, V4L2_STD_PAL_M);
  fail_unless (gst_tv_hw_device_get_parm (dev, &parm, &err));
  fail_unless_equals_int (parm.parm.capture.timeperframe.numerator, 1001);
  fail_unless_equals_int (parm.parm.capture.timeperframe.denominator, 30000);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- buffers and streaming --- */

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
      /* start of streaming on CLOCK_MONOTONIC */
      fail_unless (t0 >= before - 1 && t0 <= g_get_monotonic_time ());
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

GST_START_TEST (test_manual_dropped_frames)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer a, b, c;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

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
  /* DQBUF and wait while not streaming */
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
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

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

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

typedef struct
{
  GstTvHwDevice *dev;
  gboolean ret;
  GError *err;
  gint64 returned_at;
} WaitData;

static gpointer
wait_thread (gpointer user_data)
{
  WaitData *w = user_data;

  w->ret = gst_tv_hw_device_wait (w->dev, -1, &w->err);
  w->returned_at = g_get_monotonic_time ();
  return NULL;
}

GST_START_TEST (test_flushing_wakes_wait)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  WaitData w = { NULL, };
  GThread *thread;
  GError *err = NULL;
  gint64 flushed_at;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  w.dev = dev;
  thread = g_thread_new ("waiter", wait_thread, &w);
  /* give it time to block; the result does not depend on it */
  g_usleep (50 * 1000);
  flushed_at = g_get_monotonic_time ();
  gst_tv_hw_device_set_flushing (dev, TRUE);
  g_thread_join (thread);

  fail_if (w.ret);
  assert_tvhw_error (w.err, GST_TV_HW_ERROR_FLUSHING);
  fail_unless (w.returned_at - flushed_at < G_USEC_PER_SEC / 2,
      "woken after %" G_GINT64_FORMAT " us", w.returned_at - flushed_at);

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
  gint64 emitted_at;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  w.dev = dev;
  thread = g_thread_new ("waiter", wait_thread, &w);
  g_usleep (50 * 1000);
  emitted_at = g_get_monotonic_time ();
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  g_thread_join (thread);

  fail_unless (w.ret, "wait: %s", w.err ? w.err->message : "");
  fail_unless (w.returned_at - emitted_at < G_USEC_PER_SEC / 2);
  fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  fail_unless_equals_int (buf.sequence, 0);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_wait_timeout)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GError *err = NULL;
  gint64 start, elapsed;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  start = g_get_monotonic_time ();
  fail_if (gst_tv_hw_device_wait (dev, 20 * GST_MSECOND, &err));
  elapsed = g_get_monotonic_time () - start;
  assert_tvhw_error (err, GST_TV_HW_ERROR_TIMEOUT);
  fail_unless (elapsed >= 20000, "returned after %" G_GINT64_FORMAT " us",
      elapsed);
  fail_unless (elapsed < G_USEC_PER_SEC);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- faults --- */

GST_START_TEST (test_fault_open)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GError *err = NULL;

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_OPEN,
      EBUSY);
  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_CAPTURE, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_OPEN,
      -EACCES);
  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_CAPTURE, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_PERMISSION);

  /* one-shot */
  dev = open_card ("virtual:0");
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_fault_settings)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  GError *err = NULL;

  dev = open_card ("virtual:0");

  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_S_INPUT, EIO);
  fail_if (gst_tv_hw_device_set_input (dev, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  fail_unless_equals_int (get_input (dev), 0);
  set_input (dev, 1);

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_STD,
      EIO);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  set_std (dev, V4L2_STD_NTSC);

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_FMT,
      EIO);
  get_fmt (dev, &fmt);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);

  /* cancelled before it fires */
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_FMT,
      EIO);
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_FMT, 0);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_fault_streaming)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_REQBUFS, ENOMEM);
  /* freeing is never hit */
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, NULL, &err));
  fail_if (gst_tv_hw_device_request_buffers (dev, 2, NULL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NO_MEMORY);

  stream_setup (&s, dev, 2, TRUE);
  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_STREAMON, EIO);
  fail_if (gst_tv_hw_device_stream_on (dev, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  stream_on (dev);

  /* a pending DQBUF error wakes the waiter, which then meets it */
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO);
  fail_unless (gst_tv_hw_device_wait (dev, 0, &err));
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  /* and the stream goes on */
  assert_nothing_ready (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* --- the generator's marks --- */

/* one frame of @input in FREERUN pacing, copied out */
static guint8 *
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

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

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

static Suite *
tvhw_suite (void)
{
  Suite *s = suite_create ("tvhw");
  TCase *tc_card = tcase_create ("card");
  TCase *tc_inputs = tcase_create ("inputs");
  TCase *tc_std = tcase_create ("standards");
  TCase *tc_fmt = tcase_create ("formats");
  TCase *tc_stream = tcase_create ("streaming");
  TCase *tc_faults = tcase_create ("faults");
  TCase *tc_gen = tcase_create ("generator");

  suite_add_tcase (s, tc_card);
  tcase_add_checked_fixture (tc_card, NULL, card_teardown);
  tcase_add_test (tc_card, test_open_close);
  tcase_add_test (tc_card, test_open_unknown_card);
  tcase_add_test (tc_card, test_open_output_refused);
  tcase_add_test (tc_card, test_reset_refused_while_open);
  tcase_add_test (tc_card, test_settings_persist);
  tcase_add_test (tc_card, test_cards_independent);
  tcase_add_test (tc_card, test_unimplemented_is_not_supported);
  tcase_add_test (tc_card, test_wrong_buf_type);

  suite_add_tcase (s, tc_inputs);
  tcase_add_checked_fixture (tc_inputs, NULL, card_teardown);
  tcase_add_test (tc_inputs, test_enum_inputs);
  tcase_add_test (tc_inputs, test_set_input);
  tcase_add_test (tc_inputs, test_set_inputs);

  suite_add_tcase (s, tc_std);
  tcase_add_checked_fixture (tc_std, NULL, card_teardown);
  tcase_add_test (tc_std, test_enum_std);
  tcase_add_test (tc_std, test_enum_std_filtered);
  tcase_add_test (tc_std, test_set_std);
  tcase_add_test (tc_std, test_set_std_invalid);
  tcase_add_test (tc_std, test_input_without_std);
  tcase_add_test (tc_std, test_input_switch_adjusts_std);
  tcase_add_test (tc_std, test_query_std);

  suite_add_tcase (s, tc_fmt);
  tcase_add_checked_fixture (tc_fmt, NULL, card_teardown);
  tcase_add_test (tc_fmt, test_enum_fmt);
  tcase_add_test (tc_fmt, test_fmt_follows_std);
  tcase_add_test (tc_fmt, test_set_fmt);
  tcase_add_test (tc_fmt, test_try_fmt);
  tcase_add_test (tc_fmt, test_cropcap);
  tcase_add_test (tc_fmt, test_g_parm);

  suite_add_tcase (s, tc_stream);
  tcase_add_checked_fixture (tc_stream, NULL, card_teardown);
  tcase_add_test (tc_stream, test_reqbufs);
  tcase_add_test (tc_stream, test_mmap_rules);
  tcase_add_test (tc_stream, test_manual_cycle);
  tcase_add_test (tc_stream, test_manual_ntsc_timestamps);
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

  suite_add_tcase (s, tc_faults);
  tcase_add_checked_fixture (tc_faults, NULL, card_teardown);
  tcase_add_test (tc_faults, test_fault_open);
  tcase_add_test (tc_faults, test_fault_settings);
  tcase_add_test (tc_faults, test_fault_streaming);

  suite_add_tcase (s, tc_gen);
  tcase_add_checked_fixture (tc_gen, NULL, card_teardown);
  tcase_add_test (tc_gen, test_decode_inputs);
  tcase_add_test (tc_gen, test_decode_uyvy);
  tcase_add_test (tc_gen, test_decode_ntsc_sequence);
  tcase_add_test (tc_gen, test_decode_fields);
  tcase_add_test (tc_gen, test_decode_robust);
  tcase_add_test (tc_gen, test_pictures);
  tcase_add_test (tc_gen, test_signal_while_streaming);

  return s;
}

GST_CHECK_MAIN (tvhw);
