/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the hardware layer against the virtual TV card: inputs,
 * standards, formats, the MMAP queue in every pacing mode, flushing,
 * error injection, the generator's marks, the output node (outputs, its
 * own standard and format, display pacing, repeats), the output ->
 * capture loopback, the controls and what they do to the picture, the
 * tuner with its channel plan and the modulator, audio inputs and
 * outputs, and signal loss, status bits, dropped and corrupted frames. Through the public tvhw.h
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
      V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_TUNER | V4L2_CAP_AUDIO |
      V4L2_CAP_STREAMING);
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
    guint32 audioset;
  } expected[] = {
    {"Television", V4L2_INPUT_TYPE_TUNER, 0, 0x1},
    {"Composite1", V4L2_INPUT_TYPE_CAMERA, 0, 0x2},
    {"S-Video", V4L2_INPUT_TYPE_CAMERA, 0, 0x2},
    {"Composite2", V4L2_INPUT_TYPE_CAMERA, V4L2_IN_ST_NO_SIGNAL, 0x2},
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
    fail_unless_equals_int (input.audioset, expected[i].audioset);
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

/* --- the output node --- */

#define FRAME_625 (STRIDE * 576)
#define FRAME_525 (STRIDE * 480)

static GstTvHwDevice *
open_output (const gchar * location)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (location, GST_TV_HW_OUTPUT, &err);
  fail_unless (dev != NULL, "opening %s for output: %s", location,
      err ? err->message : "(no error)");
  fail_unless (err == NULL);
  return dev;
}

static void
set_output (GstTvHwDevice * dev, guint32 index)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_output (dev, index, &err),
      "S_OUTPUT: %s", err ? err->message : "");
}

static guint32
get_output (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 index = G_MAXUINT32;

  fail_unless (gst_tv_hw_device_get_output (dev, &index, &err));
  return index;
}

/* QBUF on an output node: @bytesused bytes, field ANY, timestamp @ts_us */
static void
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
static void
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
static void
fill_noise (guint8 * data, gsize size, guint32 seed)
{
  guint32 r = seed * 2654435761u + 1;
  gsize i;

  for (i = 0; i < size; i++) {
    r = r * 1103515245 + 12345;
    data[i] = r >> 24;
  }
}

static guint8
luma_at (const guint8 * data, guint32 fourcc, guint x, guint y)
{
  return data[(gsize) y * STRIDE + 2 * x + (fourcc == V4L2_PIX_FMT_UYVY)];
}

static void
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

static void
assert_counts (GstTvHwVirtualCard * card, guint32 displayed, guint32 repeated)
{
  guint32 d = G_MAXUINT32, r = G_MAXUINT32;

  gst_tv_hw_virtual_card_get_output_counts (card, &d, &r);
  fail_unless_equals_int (d, displayed);
  fail_unless_equals_int (r, repeated);
}

GST_START_TEST (test_open_output)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *out, *cap;
  struct v4l2_input input;
  v4l2_std_id std;
  guint32 index;
  GError *err = NULL;

  out = open_output ("virtual:0");
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 1);
  fail_unless_equals_int (gst_tv_hw_device_get_direction (out),
      GST_TV_HW_OUTPUT);
  fail_unless_equals_string (gst_tv_hw_device_get_driver (out), "tvhw-virtual");
  fail_unless_equals_string (gst_tv_hw_device_get_card (out),
      "Virtual TV card 0");
  fail_unless_equals_string (gst_tv_hw_device_get_bus_info (out),
      "platform:virtual-0");
  fail_unless_equals_int (gst_tv_hw_device_get_caps (out),
      V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_MODULATOR | V4L2_CAP_AUDIO |
      V4L2_CAP_STREAMING);
  fail_unless_equals_int (gst_tv_hw_device_get_buf_type (out),
      V4L2_BUF_TYPE_VIDEO_OUTPUT);
  /* the whole card's capabilities, the same on both nodes */
  fail_unless_equals_int (out->cap.capabilities, V4L2_CAP_VIDEO_CAPTURE |
      V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_TUNER | V4L2_CAP_MODULATOR |
      V4L2_CAP_AUDIO | V4L2_CAP_STREAMING | V4L2_CAP_DEVICE_CAPS);
  fail_unless_equals_int (out->cap.device_caps, V4L2_CAP_VIDEO_OUTPUT |
      V4L2_CAP_MODULATOR | V4L2_CAP_AUDIO | V4L2_CAP_STREAMING);

  /* the capture node of the same card, at the same time */
  cap = open_card ("virtual:0");
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 2);
  fail_unless_equals_int (cap->cap.capabilities, out->cap.capabilities);
  fail_unless_equals_int (cap->cap.device_caps, V4L2_CAP_VIDEO_CAPTURE |
      V4L2_CAP_TUNER | V4L2_CAP_AUDIO | V4L2_CAP_STREAMING);

  /* the output node has no inputs: ENOTTY */
  fail_if (gst_tv_hw_device_enum_input (out, 0, &input, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_input (out, &index, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_input (out, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_query_std (out, &std, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);

  gst_tv_hw_device_close (out);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 1);
  gst_tv_hw_device_close (cap);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);

  /* an open fault hits the output node too */
  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_OPEN,
      EBUSY);
  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_OUTPUT, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
}

GST_END_TEST;

GST_START_TEST (test_enum_outputs)
{
  static const struct
  {
    const gchar *name;
    guint32 type;
    guint32 audioset;
  } expected[] = {
    {"Composite Out", V4L2_OUTPUT_TYPE_ANALOG, 0x1},
    {"S-Video Out", V4L2_OUTPUT_TYPE_ANALOG, 0x1},
    {"RF Modulator", V4L2_OUTPUT_TYPE_MODULATOR, 0x2},
  };
  GstTvHwDevice *dev;
  struct v4l2_output output;
  GError *err = NULL;
  guint i, k;

  fresh_card (0);
  dev = open_output ("virtual:0");
  fail_unless_equals_int (G_N_ELEMENTS (expected), GST_TV_HW_VIRTUAL_N_OUTPUTS);

  for (i = 0; i < G_N_ELEMENTS (expected); i++) {
    gchar *name;

    fail_unless (gst_tv_hw_device_enum_output (dev, i, &output, &err));
    fail_unless (err == NULL);
    fail_unless_equals_int (output.index, i);
    name = GST_TV_HW_NAME (output.name);
    fail_unless_equals_string (name, expected[i].name);
    for (k = strlen (name); k < sizeof (output.name); k++)
      fail_unless_equals_int (output.name[k], 0);
    g_free (name);
    fail_unless_equals_int (output.type, expected[i].type);
    fail_unless_equals_int (output.audioset, expected[i].audioset);
    fail_unless_equals_int (output.modulator, 0);
    fail_unless_equals_uint64 (output.std, V4L2_STD_ALL);
    fail_unless_equals_int (output.capabilities, V4L2_OUT_CAP_STD);
    for (k = 0; k < G_N_ELEMENTS (output.reserved); k++)
      fail_unless_equals_int (output.reserved[k], 0);
  }

  /* EINVAL past the end: the end of the list, not an error */
  fail_if (gst_tv_hw_device_enum_output (dev, 3, &output, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_enum_output (dev, G_MAXUINT32, &output, &err));
  fail_unless (err == NULL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_set_output)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 i;

  dev = open_output ("virtual:0");
  fail_unless_equals_int (get_output (dev), 0);
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_OUTPUTS; i++) {
    set_output (dev, i);
    fail_unless_equals_int (get_output (dev), i);
  }
  /* the same output again is fine */
  set_output (dev, 2);

  fail_if (gst_tv_hw_device_set_output (dev, 3, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_output (dev, G_MAXUINT32, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_int (get_output (dev), 2);

  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT, EIO);
  fail_if (gst_tv_hw_device_set_output (dev, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  fail_unless_equals_int (get_output (dev), 2);
  set_output (dev, 1);

  /* the output's standard is not the capture's */
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_std)
{
  GstTvHwDevice *out, *cap;
  struct v4l2_standard std;
  struct v4l2_format fmt;
  struct v4l2_streamparm parm;
  struct v4l2_cropcap cc;
  GError *err = NULL;
  guint i, o;

  fresh_card (0);
  out = open_output ("virtual:0");
  cap = open_card ("virtual:0");

  /* every output lists every SDTV standard, as the capture inputs do */
  for (o = 0; o < GST_TV_HW_VIRTUAL_N_OUTPUTS; o++) {
    set_output (out, o);
    for (i = 0; i < G_N_ELEMENTS (all_stds); i++) {
      fail_unless (gst_tv_hw_device_enum_std (out, i, &std, &err));
      fail_unless_equals_uint64 (std.id, all_stds[i].id);
      fail_unless_equals_int (std.framelines, all_stds[i].lines);
      fail_unless_equals_int (std.frameperiod.numerator, all_stds[i].num);
      fail_unless_equals_int (std.frameperiod.denominator, all_stds[i].den);
    }
    fail_if (gst_tv_hw_device_enum_std (out, i, &std, &err));
    fail_unless (err == NULL);
  }

  /* power-on: PAL, 625 lines */
  fail_unless_equals_uint64 (get_std (out), GST_TV_HW_VIRTUAL_DEFAULT_STD);
  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  fail_unless (gst_tv_hw_device_get_parm (out, &parm, &err));
  fail_unless_equals_int (parm.parm.output.capability, V4L2_CAP_TIMEPERFRAME);
  fail_unless_equals_int (parm.parm.output.timeperframe.numerator, 1);
  fail_unless_equals_int (parm.parm.output.timeperframe.denominator, 25);
  fail_unless_equals_int (parm.parm.output.writebuffers, 0);
  fail_unless_equals_int (parm.parm.output.outputmode, 0);

  /* 525 lines: the geometry and the frame period follow */
  set_std (out, V4L2_STD_NTSC);
  fail_unless_equals_uint64 (get_std (out), 0xB000);
  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.width, 720);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);
  fail_unless_equals_int (fmt.fmt.pix.sizeimage, 691200);
  fail_unless (gst_tv_hw_device_get_parm (out, &parm, &err));
  fail_unless_equals_int (parm.parm.output.timeperframe.numerator, 1001);
  fail_unless_equals_int (parm.parm.output.timeperframe.denominator, 30000);
  fail_unless (gst_tv_hw_device_cropcap (out, &cc, &err));
  fail_unless_equals_int (cc.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
  fail_unless_equals_int (cc.bounds.height, 480);
  fail_unless_equals_int (cc.pixelaspect.numerator, 11);
  fail_unless_equals_int (cc.pixelaspect.denominator, 10);

  /* the capture side kept its own standard */
  fail_unless_equals_uint64 (get_std (cap), V4L2_STD_PAL);
  get_fmt (cap, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  set_std (cap, V4L2_STD_SECAM_L);
  fail_unless_equals_uint64 (get_std (out), 0xB000);

  /* masking, and nothing left */
  set_std (out, G_GUINT64_CONSTANT (0xFF00000000000000) | V4L2_STD_PAL_I);
  fail_unless_equals_uint64 (get_std (out), V4L2_STD_PAL_I);
  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  fail_if (gst_tv_hw_device_set_std (out, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_std (out, G_GUINT64_CONSTANT (0x100000000),
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_uint64 (get_std (out), V4L2_STD_PAL_I);
  /* an output switch keeps it: every output takes every standard */
  set_output (out, 2);
  fail_unless_equals_uint64 (get_std (out), V4L2_STD_PAL_I);

  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (cap);
}

GST_END_TEST;

GST_START_TEST (test_output_fmt)
{
  GstTvHwDevice *out, *cap;
  struct v4l2_fmtdesc desc;
  struct v4l2_format fmt;
  GError *err = NULL;

  fresh_card (0);
  out = open_output ("virtual:0");
  cap = open_card ("virtual:0");

  fail_unless (gst_tv_hw_device_enum_fmt (out, 0, &desc, &err));
  fail_unless_equals_int (desc.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_YUYV);
  fail_unless (gst_tv_hw_device_enum_fmt (out, 1, &desc, &err));
  fail_unless_equals_int (desc.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_if (gst_tv_hw_device_enum_fmt (out, 2, &desc, &err));
  fail_unless (err == NULL);

  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
  fail_unless_equals_int (fmt.fmt.pix.width, 720);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);
  fail_unless_equals_int (fmt.fmt.pix.field, V4L2_FIELD_INTERLACED);
  fail_unless_equals_int (fmt.fmt.pix.bytesperline, 1440);
  fail_unless_equals_int (fmt.fmt.pix.sizeimage, 829440);
  fail_unless_equals_int (fmt.fmt.pix.colorspace, V4L2_COLORSPACE_SMPTE170M);

  /* TRY_FMT answers the native format and changes nothing */
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;
  fmt.fmt.pix.width = 320;
  fmt.fmt.pix.height = 240;
  fmt.fmt.pix.field = V4L2_FIELD_NONE;
  fail_unless (gst_tv_hw_device_try_fmt (out, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_unless_equals_int (fmt.fmt.pix.width, 720);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  fail_unless_equals_int (fmt.fmt.pix.field, V4L2_FIELD_INTERLACED);
  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);

  /* S_FMT; the capture node keeps its own format */
  set_pixelformat (out, V4L2_PIX_FMT_UYVY);
  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_UYVY);
  get_fmt (cap, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);

  /* an unknown pixelformat becomes YUYV */
  get_fmt (out, &fmt);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_MJPEG;
  fail_unless (gst_tv_hw_device_set_fmt (out, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);

  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (cap);
}

GST_END_TEST;

GST_START_TEST (test_output_wrong_buf_type)
{
  GstTvHwDevice *dev;
  struct v4l2_format fmt;
  struct v4l2_fmtdesc desc;
  struct v4l2_cropcap cropcap;
  struct v4l2_streamparm parm;
  struct v4l2_requestbuffers req;
  struct v4l2_buffer buf;

  fresh_card (0);
  dev = open_output ("virtual:0");

  /* the capture node's buffer type on the output node */
  memset (&fmt, 0, sizeof (fmt));
  fmt.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  fail_unless_equals_int (dev->ops->g_fmt (dev, &fmt), -EINVAL);
  fail_unless_equals_int (dev->ops->s_fmt (dev, &fmt), -EINVAL);
  fail_unless_equals_int (dev->ops->try_fmt (dev, &fmt), -EINVAL);
  memset (&desc, 0, sizeof (desc));
  desc.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  fail_unless_equals_int (dev->ops->enum_fmt (dev, &desc), -EINVAL);
  memset (&cropcap, 0, sizeof (cropcap));
  cropcap.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  fail_unless_equals_int (dev->ops->cropcap (dev, &cropcap), -EINVAL);
  memset (&parm, 0, sizeof (parm));
  parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  fail_unless_equals_int (dev->ops->g_parm (dev, &parm), -EINVAL);
  memset (&req, 0, sizeof (req));
  req.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  req.memory = V4L2_MEMORY_MMAP;
  req.count = 2;
  fail_unless_equals_int (dev->ops->reqbufs (dev, &req), -EINVAL);
  req.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  fail_unless_equals_int (dev->ops->reqbufs (dev, &req), 0);
  memset (&buf, 0, sizeof (buf));
  buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  buf.memory = V4L2_MEMORY_MMAP;
  buf.bytesused = 100;
  fail_unless_equals_int (dev->ops->querybuf (dev, &buf), -EINVAL);
  fail_unless_equals_int (dev->ops->qbuf (dev, &buf), -EINVAL);
  fail_unless_equals_int (dev->ops->dqbuf (dev, &buf), -EINVAL);
  fail_unless_equals_int (dev->ops->streamon (dev,
          V4L2_BUF_TYPE_VIDEO_CAPTURE), -EINVAL);
  fail_unless_equals_int (dev->ops->streamoff (dev,
          V4L2_BUF_TYPE_VIDEO_CAPTURE), -EINVAL);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_busy)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *out, *cap;
  struct v4l2_format fmt;
  GError *err = NULL;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  out = open_output ("virtual:0");
  cap = open_card ("virtual:0");
  get_fmt (out, &fmt);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY;

  /* buffers allocated, not streaming: vb2_is_busy */
  stream_setup (&s, out, 2, FALSE);
  fail_unless_equals_int (s.size[0], 829440);
  fail_if (gst_tv_hw_device_set_output (out, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_std (out, V4L2_STD_NTSC, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_fmt (out, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  /* what changes nothing is fine */
  set_output (out, 0);
  set_std (out, V4L2_STD_PAL);

  /* streaming */
  queue_out (out, 0, s.size[0], 0);
  stream_on (out);
  fail_if (gst_tv_hw_device_set_output (out, 2, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_std (out, V4L2_STD_SECAM, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_set_fmt (out, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_request_buffers (out, 4, NULL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  /* the capture node is not held up by the output's buffers */
  set_input (cap, 1);
  set_std (cap, V4L2_STD_NTSC);
  set_pixelformat (cap, V4L2_PIX_FMT_UYVY);

  stream_off (out);
  fail_if (gst_tv_hw_device_set_std (out, V4L2_STD_NTSC, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_unless (gst_tv_hw_device_request_buffers (out, 0, NULL, &err));
  set_output (out, 2);
  set_std (out, V4L2_STD_NTSC);
  fail_unless (gst_tv_hw_device_set_fmt (out, &fmt, &err));
  get_fmt (out, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);

  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (cap);
}

GST_END_TEST;

GST_START_TEST (test_output_settings_persist)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_format fmt;

  dev = open_output ("virtual:0");
  set_output (dev, 2);
  set_std (dev, V4L2_STD_NTSC_M);
  set_pixelformat (dev, V4L2_PIX_FMT_UYVY);
  gst_tv_hw_device_close (dev);

  dev = open_output ("virtual:0");
  fail_unless_equals_int (get_output (dev), 2);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);
  gst_tv_hw_device_close (dev);

  /* the capture node never saw any of it */
  dev = open_card ("virtual:0");
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);
  gst_tv_hw_device_close (dev);

  /* a reset puts the output side back too */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_output ("virtual:0");
  fail_unless_equals_int (get_output (dev), 0);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_PAL);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_both_nodes_streaming)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *out, *cap, *out2;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream so, sc;
  guint32 k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  out = open_output ("virtual:0");
  cap = open_card ("virtual:0");
  out2 = open_output ("virtual:0");

  stream_setup (&so, out, 2, FALSE);
  stream_setup (&sc, cap, 2, TRUE);
  /* each node has its own queue and owner */
  fail_if (gst_tv_hw_device_request_buffers (out2, 2, NULL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  queue_out (out, 0, so.size[0], 0);
  queue_out (out, 1, so.size[1], 0);
  stream_on (cap);
  stream_on (out);
  fail_if (gst_tv_hw_device_stream_off (out2, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  for (k = 0; k < 6; k++) {
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    /* the capture input 0 (Television) is not looped by Composite Out */
    dequeue (cap, &buf);
    fail_unless_equals_int (buf.sequence, k);
    assert_frame (sc.data[buf.index], 576, 0, k, FALSE);
    queue (cap, buf.index);
    dequeue (out, &buf);
    fail_unless_equals_int (buf.sequence, k);
    fail_unless_equals_int (buf.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
    queue_out (out, buf.index, so.size[buf.index], 0);
  }

  /* closing the capture node leaves the output streaming */
  gst_tv_hw_device_close (cap);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (out, &buf);
  fail_unless_equals_int (buf.sequence, 6);
  assert_counts (card, 7, 0);

  /* and closing the output's owner frees its queue for another handle */
  gst_tv_hw_device_close (out);
  stream_setup (&so, out2, 3, FALSE);
  fail_unless_equals_int (so.n, 3);
  gst_tv_hw_device_close (out2);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
}

GST_END_TEST;

/* --- output streaming --- */

GST_START_TEST (test_output_manual_cycle)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  gint64 before, t0 = 0;
  Stream s;
  guint32 k, i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_output ("virtual:0");
  stream_setup (&s, dev, 3, FALSE);
  fail_unless_equals_int (s.size[0], FRAME_625);

  /* nothing displayed yet, and a queue that is not streaming: poll's
   * EPOLLERR (IO), DQBUF's EINVAL */
  fail_if (gst_tv_hw_virtual_card_peek_output (card, NULL, NULL, NULL, NULL));
  fail_if (gst_tv_hw_device_wait (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  for (i = 0; i < s.n; i++) {
    fill_noise (s.data[i], s.size[i], i);
    queue_out (dev, i, s.size[i], 1000000 + i * 1234567);
  }
  /* the application's timestamp is not taken (TIMESTAMP_MONOTONIC): a
   * queued buffer that was never displayed has none */
  fail_unless (gst_tv_hw_device_query_buffer (dev, 0, &buf, &err));
  fail_unless (buf.flags & V4L2_BUF_FLAG_QUEUED);
  fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  fail_unless_equals_int64 (timeval_us (&buf), 0);
  before = g_get_monotonic_time ();
  stream_on (dev);
  /* MANUAL: nothing is displayed until the card is told */
  assert_nothing_ready (dev);
  fail_if (gst_tv_hw_virtual_card_peek_output (card, NULL, NULL, NULL, NULL));

  for (k = 0; k < 10; k++) {
    guint8 *expected = g_memdup2 (s.data[k % s.n], FRAME_625);

    gst_tv_hw_virtual_card_emit_frames (card, 1);
    dequeue (dev, &buf);
    fail_unless_equals_int (buf.index, k % s.n);
    fail_unless_equals_int (buf.sequence, k);
    fail_unless_equals_int (buf.type, V4L2_BUF_TYPE_VIDEO_OUTPUT);
    fail_unless_equals_int (buf.bytesused, FRAME_625);
    fail_unless_equals_int (buf.length, FRAME_625);
    fail_unless_equals_int (buf.field, V4L2_FIELD_INTERLACED);
    /* the driver's display time, as vivid's: STREAMON + k frame periods
     * on CLOCK_MONOTONIC, whatever the application put in */
    fail_unless_equals_int (buf.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK,
        V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
    if (k == 0) {
      t0 = timeval_us (&buf);
      fail_unless (t0 >= before - 1 && t0 <= g_get_monotonic_time ());
    }
    fail_unless_equals_int64 (timeval_us (&buf) - t0, k * 40000);
    fail_if (buf.flags & (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE));
    fail_unless (buf.flags & V4L2_BUF_FLAG_MAPPED);
    /* what is on screen is exactly what was queued */
    assert_peek (card, expected, 576, V4L2_PIX_FMT_YUYV, k);
    assert_nothing_ready (dev);

    /* the application reuses the buffer: the screen keeps its copy */
    fill_noise (s.data[buf.index], FRAME_625, 100 + k);
    assert_peek (card, expected, 576, V4L2_PIX_FMT_YUYV, k);
    g_free (expected);
    queue_out (dev, buf.index, FRAME_625, 1000000 + (k + s.n) * 1234567);
  }
  assert_counts (card, 10, 0);

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_starved)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer a, b, c;
  Stream s;
  guint8 *last;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_output ("virtual:0");
  stream_setup (&s, dev, 2, FALSE);
  fill_fields (s.data[0], 576, V4L2_PIX_FMT_YUYV, 50, 60, 128, 128);
  fill_fields (s.data[1], 576, V4L2_PIX_FMT_YUYV, 70, 80, 128, 128);
  last = g_memdup2 (s.data[1], FRAME_625);
  queue_out (dev, 0, FRAME_625, 0);
  queue_out (dev, 1, FRAME_625, 0);
  stream_on (dev);

  gst_tv_hw_virtual_card_emit_frames (card, 2);
  dequeue (dev, &a);
  dequeue (dev, &b);
  fail_unless_equals_int (a.sequence, 0);
  fail_unless_equals_int (b.sequence, 1);
  assert_counts (card, 2, 0);

  /* nothing queued: frame 1 stays on screen, the sequence goes on */
  gst_tv_hw_virtual_card_emit_frames (card, 3);
  assert_nothing_ready (dev);
  assert_counts (card, 2, 3);
  assert_peek (card, last, 576, V4L2_PIX_FMT_YUYV, 1);

  fill_fields (s.data[a.index], 576, V4L2_PIX_FMT_YUYV, 90, 100, 128, 128);
  queue_out (dev, a.index, FRAME_625, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &c);
  /* the producer sees the gap */
  fail_unless_equals_int (c.sequence, 5);
  fail_unless_equals_int (c.index, a.index);
  assert_peek (card, s.data[a.index], 576, V4L2_PIX_FMT_YUYV, 5);
  assert_counts (card, 3, 3);

  /* STREAMOFF leaves the picture; STREAMON blanks the screen and the
   * counts, and starts the sequence over */
  stream_off (dev);
  assert_peek (card, s.data[a.index], 576, V4L2_PIX_FMT_YUYV, 5);
  stream_on (dev);
  fail_if (gst_tv_hw_virtual_card_peek_output (card, NULL, NULL, NULL, NULL));
  assert_counts (card, 0, 0);
  /* starved from the start: a blank screen that repeats */
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  fail_if (gst_tv_hw_virtual_card_peek_output (card, NULL, NULL, NULL, NULL));
  assert_counts (card, 0, 2);
  queue_out (dev, 1, FRAME_625, 0);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &c);
  fail_unless_equals_int (c.sequence, 2);
  assert_peek (card, last, 576, V4L2_PIX_FMT_YUYV, 2);
  assert_counts (card, 1, 2);

  g_free (last);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_freerun)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  gint64 t0 = 0;
  Stream s;
  guint32 k, i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  dev = open_output ("virtual:0");
  set_std (dev, V4L2_STD_NTSC_M);
  stream_setup (&s, dev, 3, FALSE);
  fail_unless_equals_int (s.size[0], FRAME_525);
  for (i = 0; i < s.n; i++) {
    fill_noise (s.data[i], FRAME_525, i);
    queue_out (dev, i, FRAME_525, i);
  }
  stream_on (dev);

  /* every queued buffer is displayed at once, one per frame period */
  for (k = 0; k < 30; k++) {
    fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
    fail_unless_equals_int (buf.sequence, k);
    fail_unless_equals_int (buf.index, k % s.n);
    /* the display time, one NTSC frame period apart (not the application's
     * timestamp) */
    if (k == 0)
      t0 = timeval_us (&buf);
    fail_unless_equals_int64 (timeval_us (&buf) - t0,
        (gint64) gst_util_uint64_scale (k, 1001 * G_USEC_PER_SEC, 30000));
    /* the last one queued is on screen already */
    assert_peek (card, s.data[(k + s.n - 1) % s.n], 480, V4L2_PIX_FMT_YUYV,
        k + s.n - 1);
    fill_noise (s.data[buf.index], FRAME_525, k + s.n);
    queue_out (dev, buf.index, FRAME_525, k + s.n);
    assert_peek (card, s.data[buf.index], 480, V4L2_PIX_FMT_YUYV, k + s.n);
  }
  /* FREERUN never starves */
  assert_counts (card, 30 + s.n, 0);

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_realtime)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  Stream s;
  gint64 before, now;
  guint32 displayed, repeated;

  /* REALTIME is the default */
  dev = open_output ("virtual:0");
  stream_setup (&s, dev, 2, FALSE);
  fill_noise (s.data[0], FRAME_625, 1);
  fill_noise (s.data[1], FRAME_625, 2);
  queue_out (dev, 0, FRAME_625, 0);
  queue_out (dev, 1, FRAME_625, 0);
  before = g_get_monotonic_time ();
  stream_on (dev);

  /* period 0 comes at STREAMON, period 1 a frame period later */
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  fail_unless_equals_int (buf.index, 0);
  dequeue (dev, &buf);
  now = g_get_monotonic_time ();
  fail_unless_equals_int (buf.sequence, 1);
  fail_unless_equals_int (buf.index, 1);
  fail_unless (now - before >= 40000, "displayed after %" G_GINT64_FORMAT
      " us", now - before);
  assert_peek (card, s.data[1], 576, V4L2_PIX_FMT_YUYV, 1);

  /* starved: the periods still pass */
  g_usleep (100 * 1000);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, &repeated);
  fail_unless_equals_int (displayed, 2);
  fail_unless (repeated >= 2, "%u repeats", repeated);
  assert_peek (card, s.data[1], 576, V4L2_PIX_FMT_YUYV, 1);

  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_qbuf_errors)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev, *other;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;
  static const guint32 bad_fields[] = {
    V4L2_FIELD_NONE, V4L2_FIELD_TOP, V4L2_FIELD_BOTTOM,
    V4L2_FIELD_SEQ_TB, V4L2_FIELD_ALTERNATE, V4L2_FIELD_INTERLACED_BT,
  };
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_output ("virtual:0");
  other = open_output ("virtual:0");
  stream_setup (&s, dev, 2, FALSE);

  /* bytesused must be 1 .. length */
  memset (&buf, 0, sizeof (buf));
  buf.index = 0;
  buf.field = V4L2_FIELD_INTERLACED;
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  buf.bytesused = FRAME_625 + 1;
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* only interlaced frames */
  for (i = 0; i < G_N_ELEMENTS (bad_fields); i++) {
    memset (&buf, 0, sizeof (buf));
    buf.index = 0;
    buf.bytesused = FRAME_625;
    buf.field = bad_fields[i];
    fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err), "field %u",
        bad_fields[i]);
    assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  }
  fail_unless (gst_tv_hw_device_query_buffer (dev, 0, &buf, &err));
  fail_if (buf.flags & V4L2_BUF_FLAG_QUEUED);

  /* INTERLACED, and a short payload, are fine */
  memset (&buf, 0, sizeof (buf));
  buf.index = 0;
  buf.bytesused = 1;
  buf.field = V4L2_FIELD_INTERLACED;
  fail_unless (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  fail_unless_equals_int (buf.bytesused, 1);
  /* twice is not */
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  buf.index = 2;
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* the queue belongs to its owner */
  buf.index = 1;
  buf.bytesused = FRAME_625;
  fail_if (gst_tv_hw_device_queue_buffer (other, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_if (gst_tv_hw_device_stream_on (other, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  /* a STREAMON fault hits the output node too */
  gst_tv_hw_virtual_card_inject_fault (card,
      GST_TV_HW_VIRTUAL_FAULT_STREAMON, EIO);
  fail_if (gst_tv_hw_device_stream_on (dev, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.bytesused, 1);

  gst_tv_hw_device_close (other);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_streamoff)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream s;
  guint32 i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_output ("virtual:0");
  stream_setup (&s, dev, 3, FALSE);
  for (i = 0; i < s.n; i++)
    queue_out (dev, i, FRAME_625, 0);
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
  /* poll and DQBUF fail at once on a queue that is not streaming (IO:
   * poll's EPOLLERR; EINVAL) */
  fail_if (gst_tv_hw_device_wait (dev, LONG_WAIT_NS, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_IO);
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  stream_off (dev);

  /* again from sequence 0 */
  for (i = 0; i < s.n; i++)
    queue_out (dev, i, FRAME_625, 0);
  stream_on (dev);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 0);
  fail_unless_equals_int (buf.index, 0);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_output_flushing)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  WaitData w = { NULL, };
  GThread *thread;
  struct v4l2_buffer buf;
  GError *err = NULL;
  gint64 flushed_at, emitted_at;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_output ("virtual:0");
  stream_setup (&s, dev, 2, FALSE);
  queue_out (dev, 0, FRAME_625, 0);
  stream_on (dev);

  /* nothing displayed: a waiter blocks until flushing wakes it */
  w.dev = dev;
  thread = g_thread_new ("waiter", wait_thread, &w);
  g_usleep (50 * 1000);
  flushed_at = g_get_monotonic_time ();
  gst_tv_hw_device_set_flushing (dev, TRUE);
  g_thread_join (thread);
  fail_if (w.ret);
  assert_tvhw_error (w.err, GST_TV_HW_ERROR_FLUSHING);
  fail_unless (w.returned_at - flushed_at < G_USEC_PER_SEC / 2);
  gst_tv_hw_device_set_flushing (dev, FALSE);

  /* a displayed frame wakes it: the buffer can be dequeued (writable) */
  memset (&w, 0, sizeof (w));
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

/* --- loopback --- */

/* a card in MANUAL pacing with a capture handle on input @input and an
 * output handle on output @output, both with mapped buffers (capture
 * buffers queued) */
typedef struct
{
  GstTvHwVirtualCard *card;
  GstTvHwDevice *cap, *out;
  Stream sc, so;
} Loop;

static void
loop_setup (Loop * l, guint input, guint output, guint32 cap_fourcc,
    guint32 out_fourcc, v4l2_std_id cap_std, v4l2_std_id out_std)
{
  memset (l, 0, sizeof (*l));
  l->card = fresh_card (0);
  gst_tv_hw_virtual_card_set_pacing (l->card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  l->cap = open_card ("virtual:0");
  l->out = open_output ("virtual:0");
  set_input (l->cap, input);
  set_std (l->cap, cap_std);
  set_pixelformat (l->cap, cap_fourcc);
  set_output (l->out, output);
  set_std (l->out, out_std);
  set_pixelformat (l->out, out_fourcc);
  stream_setup (&l->sc, l->cap, 2, TRUE);
  stream_setup (&l->so, l->out, 2, FALSE);
}

static void
loop_teardown (Loop * l)
{
  gst_tv_hw_device_close (l->cap);
  gst_tv_hw_device_close (l->out);
}

/* one period: capture the frame, hand it back, return a copy */
static guint8 *
loop_capture (Loop * l, guint32 * seq)
{
  struct v4l2_buffer buf;
  guint8 *frame;

  gst_tv_hw_virtual_card_emit_frames (l->card, 1);
  dequeue (l->cap, &buf);
  frame = g_memdup2 (l->sc.data[buf.index], buf.bytesused);
  if (seq)
    *seq = buf.sequence;
  queue (l->cap, buf.index);
  return frame;
}

static guint32
input_status (GstTvHwDevice * cap, guint index)
{
  struct v4l2_input input;
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_enum_input (cap, index, &input, &err));
  return input.status;
}

static v4l2_std_id
query_std (GstTvHwDevice * cap)
{
  GError *err = NULL;
  v4l2_std_id std = G_MAXUINT64;

  fail_unless (gst_tv_hw_device_query_std (cap, &std, &err), "QUERYSTD: %s",
      err ? err->message : "");
  return std;
}

GST_START_TEST (test_loopback_pairs)
{
  static const struct
  {
    guint output, input;
    gboolean own_signal;
  } pairs[] = {
    {0, 3, FALSE},              /* Composite Out -> Composite2 */
    {1, 2, TRUE},               /* S-Video Out -> S-Video */
    {2, 0, TRUE},               /* RF Modulator -> Television */
  };
  guint i, x;

  for (i = 0; i < G_N_ELEMENTS (pairs); i++) {
    guint input = pairs[i].input;
    guint8 *f;
    Loop l;

    loop_setup (&l, input, pairs[i].output, V4L2_PIX_FMT_YUYV,
        V4L2_PIX_FMT_YUYV, V4L2_STD_PAL, V4L2_STD_PAL_I);
    stream_on (l.cap);

    /* not looped yet: the input's own picture and status */
    f = loop_capture (&l, NULL);
    assert_frame (f, 576, input, 0, !pairs[i].own_signal);
    g_free (f);
    fail_unless_equals_int (input_status (l.cap, input),
        pairs[i].own_signal ? 0 : V4L2_IN_ST_NO_SIGNAL);

    /* streaming, but nothing displayed: still not looped */
    fill_fields (l.so.data[0], 576, V4L2_PIX_FMT_YUYV, 40, 200, 90, 160);
    stream_on (l.out);
    f = loop_capture (&l, NULL);
    queue_out (l.out, 0, FRAME_625, 0);
    assert_frame (f, 576, input, 1, !pairs[i].own_signal);
    g_free (f);

    /* looped: period 2 displays buffer 0 and captures it */
    f = loop_capture (&l, NULL);
    fail_unless (memcmp (f, l.so.data[0], FRAME_625) == 0, "output %u",
        pairs[i].output);
    /* line i is line i: the top field has luma 40, the bottom 200 */
    for (x = 0; x < WIDTH; x += 97) {
      fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, x, 0), 40);
      fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, x, 1), 200);
      fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, x, 574), 40);
      fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, x, 575), 200);
    }
    g_free (f);
    fail_unless_equals_int (input_status (l.cap, input), 0);
    /* QUERYSTD detects what the output sends */
    fail_unless_equals_uint64 (query_std (l.cap), V4L2_STD_PAL_I);

    /* only that input is looped: Composite2 still has no signal */
    if (input != 3)
      fail_unless_equals_int (input_status (l.cap, 3), V4L2_IN_ST_NO_SIGNAL);

    loop_teardown (&l);
  }
}

GST_END_TEST;

GST_START_TEST (test_loopback_follows_output)
{
  guint8 *f, *expected;
  guint32 seq, k;
  Loop l;

  loop_setup (&l, 2, 1, V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_YUYV,
      V4L2_STD_NTSC_M, V4L2_STD_NTSC_M);
  stream_on (l.cap);
  stream_on (l.out);

  /* capture period k shows output period k */
  for (k = 0; k < 6; k++) {
    struct v4l2_buffer buf;

    fill_fields (l.so.data[k % 2], 480, V4L2_PIX_FMT_YUYV, 20 + k, 120 + k,
        128, 128);
    queue_out (l.out, k % 2, FRAME_525, 0);
    f = loop_capture (&l, &seq);
    fail_unless_equals_int (seq, k);
    fail_unless (memcmp (f, l.so.data[k % 2], FRAME_525) == 0, "frame %u", k);
    g_free (f);
    dequeue (l.out, &buf);
    fail_unless_equals_int (buf.sequence, k);
  }

  /* the output starves: its last picture repeats on the capture side */
  expected = g_memdup2 (l.so.data[1], FRAME_525);
  fill_noise (l.so.data[1], FRAME_525, 7);
  for (k = 6; k < 9; k++) {
    f = loop_capture (&l, &seq);
    fail_unless_equals_int (seq, k);
    fail_unless (memcmp (f, expected, FRAME_525) == 0, "frame %u", k);
    g_free (f);
  }
  assert_counts (l.card, 6, 3);
  g_free (expected);

  /* the output stops: the input's own picture is back */
  stream_off (l.out);
  f = loop_capture (&l, &seq);
  assert_frame (f, 480, 2, seq, FALSE);
  g_free (f);
  fail_unless_equals_uint64 (query_std (l.cap), V4L2_STD_PAL_BG);

  loop_teardown (&l);
}

GST_END_TEST;

GST_START_TEST (test_loopback_conversion)
{
  static const struct
  {
    guint32 out, cap;
  } cases[] = {
    {V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_UYVY},
    {V4L2_PIX_FMT_UYVY, V4L2_PIX_FMT_YUYV},
    {V4L2_PIX_FMT_UYVY, V4L2_PIX_FMT_UYVY},
  };
  guint i, x, y;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint8 *f, *expected;
    Loop l;

    loop_setup (&l, 3, 0, cases[i].cap, cases[i].out, V4L2_STD_PAL,
        V4L2_STD_PAL);
    fill_fields (l.so.data[0], 576, cases[i].out, 30, 220, 70, 180);
    queue_out (l.out, 0, FRAME_625, 0);
    stream_on (l.out);
    stream_on (l.cap);
    f = loop_capture (&l, NULL);

    /* the same picture, in the capture's format */
    expected = g_malloc (FRAME_625);
    fill_fields (expected, 576, cases[i].cap, 30, 220, 70, 180);
    fail_unless (memcmp (f, expected, FRAME_625) == 0, "case %u", i);
    for (y = 0; y < 4; y++) {
      for (x = 0; x < WIDTH; x += 101)
        fail_unless_equals_int (luma_at (f, cases[i].cap, x, y),
            y & 1 ? 220 : 30);
    }
    g_free (expected);
    g_free (f);
    loop_teardown (&l);
  }
}

GST_END_TEST;

GST_START_TEST (test_loopback_marks)
{
  GstTvHwVirtualFrameInfo info;
  guint height;
  guint8 *src, *f;
  Loop l;

  /* frame 2 of Composite1, as the card drew it (YUYV) */
  src = grab_frames (1, V4L2_PIX_FMT_YUYV, 3, &height);
  fail_unless_equals_int (height, 576);

  /* sent out through Composite Out, captured on Composite2 in UYVY */
  loop_setup (&l, 3, 0, V4L2_PIX_FMT_UYVY, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL,
      V4L2_STD_PAL);
  memcpy (l.so.data[0], src + 2 * FRAME_625, FRAME_625);
  queue_out (l.out, 0, FRAME_625, 0);
  stream_on (l.out);
  stream_on (l.cap);
  f = loop_capture (&l, NULL);

  /* the marks survive: input 1, sequence 2, both fields in place */
  fail_unless (gst_tv_hw_virtual_decode (f + 1, 2, WIDTH, 576, STRIDE, &info));
  fail_unless_equals_int (info.input, 1);
  fail_unless_equals_int (info.sequence, 2);
  fail_unless (info.top_field_ok);
  fail_unless (info.bottom_field_ok);
  fail_if (info.no_signal);

  g_free (f);
  g_free (src);
  loop_teardown (&l);
}

GST_END_TEST;

GST_START_TEST (test_loopback_line_mismatch)
{
  GstTvHwVirtualFrameInfo info;
  GError *err = NULL;
  guint8 *f;
  guint32 seq;
  Loop l;

  /* a 525-line output into a 625-line decoder */
  loop_setup (&l, 3, 0, V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL,
      V4L2_STD_NTSC);
  fill_fields (l.so.data[0], 480, V4L2_PIX_FMT_YUYV, 40, 200, 128, 128);
  queue_out (l.out, 0, FRAME_525, 0);
  stream_on (l.out);
  stream_on (l.cap);
  f = loop_capture (&l, &seq);
  fail_unless (gst_tv_hw_virtual_card_peek_output (l.card, NULL, NULL, NULL,
          NULL));

  /* not looped: Composite2's own no-signal snow */
  decode_yuyv (f, 576, &info);
  fail_unless_equals_int (info.input, 3);
  fail_unless (info.no_signal);
  fail_unless_equals_int (info.sequence, seq);
  g_free (f);
  fail_unless_equals_int (input_status (l.cap, 3), V4L2_IN_ST_NO_SIGNAL);
  fail_unless_equals_uint64 (query_std (l.cap), 0);

  /* the decoder switched to 525 lines: looped */
  stream_off (l.cap);
  fail_unless (gst_tv_hw_device_request_buffers (l.cap, 0, NULL, &err));
  set_std (l.cap, V4L2_STD_NTSC_M);
  fail_unless_equals_int (input_status (l.cap, 3), 0);
  fail_unless_equals_uint64 (query_std (l.cap), V4L2_STD_NTSC);
  stream_setup (&l.sc, l.cap, 2, TRUE);
  stream_on (l.cap);
  f = loop_capture (&l, NULL);
  fail_unless (memcmp (f, l.so.data[0], FRAME_525) == 0);
  g_free (f);

  loop_teardown (&l);
}

GST_END_TEST;

GST_START_TEST (test_loopback_other_inputs)
{
  guint8 *f;
  guint32 seq;
  guint input;
  Loop l;

  /* Composite Out loops to Composite2 only */
  loop_setup (&l, 3, 0, V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL,
      V4L2_STD_PAL);
  fill_fields (l.so.data[0], 576, V4L2_PIX_FMT_YUYV, 40, 200, 128, 128);
  queue_out (l.out, 0, FRAME_625, 0);
  stream_on (l.out);
  gst_tv_hw_virtual_card_emit_frames (l.card, 1);
  fail_unless_equals_int (input_status (l.cap, 3), 0);
  /* the capture buffers go, so that the input can change */
  fail_unless (gst_tv_hw_device_request_buffers (l.cap, 0, NULL, NULL));

  for (input = 0; input < 3; input++) {
    set_input (l.cap, input);
    fail_unless_equals_int (input_status (l.cap, input), 0);
    stream_setup (&l.sc, l.cap, 2, TRUE);
    stream_on (l.cap);
    f = loop_capture (&l, &seq);
    /* their own picture, marks and all */
    assert_frame (f, 576, input, seq, FALSE);
    g_free (f);
    stream_off (l.cap);
    fail_unless (gst_tv_hw_device_request_buffers (l.cap, 0, NULL, NULL));
  }
  /* Composite2 itself, still looped */
  set_input (l.cap, 3);
  stream_setup (&l.sc, l.cap, 2, TRUE);
  stream_on (l.cap);
  f = loop_capture (&l, NULL);
  fail_unless (memcmp (f, l.so.data[0], FRAME_625) == 0);
  g_free (f);

  loop_teardown (&l);
}

GST_END_TEST;

GST_START_TEST (test_loopback_custom_inputs)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Camera", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0},
    {"S-Video", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, 0, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *cap, *out;
  Stream so;

  /* the loop goes by the input's name */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  cap = open_card ("virtual:0");
  out = open_output ("virtual:0");
  fail_unless_equals_int (input_status (cap, 1), V4L2_IN_ST_NO_SIGNAL);

  set_output (out, 1);
  stream_setup (&so, out, 2, FALSE);
  stream_on (out);
  queue_out (out, 0, FRAME_625, 0);
  fail_unless_equals_int (input_status (cap, 1), 0);
  fail_unless_equals_int (input_status (cap, 0), 0);
  gst_tv_hw_device_close (out);
  /* closing the output stops it */
  fail_unless_equals_int (input_status (cap, 1), V4L2_IN_ST_NO_SIGNAL);

  gst_tv_hw_device_close (cap);
}

GST_END_TEST;

GST_START_TEST (test_loopback_freerun)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *cap, *out;
  struct v4l2_buffer buf;
  GError *err = NULL;
  Stream sc, so;
  guint32 k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  cap = open_card ("virtual:0");
  out = open_output ("virtual:0");
  set_input (cap, 0);
  set_output (out, 2);
  stream_setup (&so, out, 2, FALSE);
  stream_setup (&sc, cap, 2, FALSE);
  stream_on (out);
  stream_on (cap);

  /* each capture frame shows what the output displayed last */
  for (k = 0; k < 5; k++) {
    fill_fields (so.data[k % 2], 576, V4L2_PIX_FMT_YUYV, 30 + k, 130 + k,
        128, 128);
    queue_out (out, k % 2, FRAME_625, 0);
    fail_unless (gst_tv_hw_device_dequeue_buffer (out, &buf, &err));
    fail_unless_equals_int (buf.sequence, k);
    queue (cap, 0);
    fail_unless (gst_tv_hw_device_dequeue_buffer (cap, &buf, &err));
    fail_unless_equals_int (buf.sequence, k);
    fail_unless (memcmp (sc.data[0], so.data[k % 2], FRAME_625) == 0,
        "frame %u", k);
  }

  gst_tv_hw_device_close (cap);
  gst_tv_hw_device_close (out);
}

GST_END_TEST;

/* --- controls --- */

static gint32
get_ctrl (GstTvHwDevice * dev, guint32 id)
{
  GError *err = NULL;
  gint32 value = G_MININT32;

  fail_unless (gst_tv_hw_device_get_ctrl (dev, id, &value, &err),
      "G_CTRL 0x%08x: %s", id, err ? err->message : "");
  return value;
}

static void
set_ctrl (GstTvHwDevice * dev, guint32 id, gint32 value)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_ctrl (dev, id, value, &err),
      "S_CTRL 0x%08x = %d: %s", id, value, err ? err->message : "");
}

/* frame 0 of the current input, copied out, from a stream of its own
 * (the card in MANUAL pacing): two grabs show the same moment, so only
 * what changed in between makes them differ */
static guint8 *
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
static guint8
chroma_at (const guint8 * data, guint32 fourcc, guint x, guint y, gboolean cr)
{
  gsize pair = (gsize) y * STRIDE + (x / 2) * 4;

  if (fourcc == V4L2_PIX_FMT_UYVY)
    return data[pair + (cr ? 2 : 0)];
  return data[pair + (cr ? 3 : 1)];
}

/* no colour right of the marks */
static gboolean
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

/* whether the marks bands of two frames are the same bytes */
static gboolean
marks_equal (const guint8 * a, const guint8 * b, guint height)
{
  guint y;

  for (y = 0; y < height; y++) {
    if (memcmp (a + y * STRIDE, b + y * STRIDE, MARK_COLUMNS * 2) != 0)
      return FALSE;
  }
  return TRUE;
}

/* the capture node's controls as vivid has them (video0-list-ctrls-menus:
 * brightness, contrast, saturation 0..255 default 128, hue -128..128
 * default 0, the flips), plus a menu */
static const struct
{
  guint32 id;
  guint32 type;
  const gchar *name;
  gint32 minimum, maximum, step, default_value;
  guint32 flags;
} expected_ctrls[] = {
  {V4L2_CID_USER_CLASS, V4L2_CTRL_TYPE_CTRL_CLASS, "User Controls", 0, 0, 0,
      0, V4L2_CTRL_FLAG_READ_ONLY | V4L2_CTRL_FLAG_WRITE_ONLY},
  {V4L2_CID_BRIGHTNESS, V4L2_CTRL_TYPE_INTEGER, "Brightness", 0, 255, 1, 128,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CONTRAST, V4L2_CTRL_TYPE_INTEGER, "Contrast", 0, 255, 1, 128,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SATURATION, V4L2_CTRL_TYPE_INTEGER, "Saturation", 0, 255, 1, 128,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HUE, V4L2_CTRL_TYPE_INTEGER, "Hue", -128, 128, 1, 0,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HFLIP, V4L2_CTRL_TYPE_BOOLEAN, "Horizontal Flip", 0, 1, 1, 0, 0},
  {V4L2_CID_VFLIP, V4L2_CTRL_TYPE_BOOLEAN, "Vertical Flip", 0, 1, 1, 0, 0},
  {V4L2_CID_COLORFX, V4L2_CTRL_TYPE_MENU, "Color Effects", 0, 3, 1, 0, 0},
};

static void
assert_qc (const struct v4l2_queryctrl *qc, guint i)
{
  fail_unless_equals_int (qc->id, expected_ctrls[i].id);
  fail_unless_equals_int (qc->type, expected_ctrls[i].type);
  fail_unless_equals_string ((const gchar *) qc->name, expected_ctrls[i].name);
  fail_unless_equals_int (qc->minimum, expected_ctrls[i].minimum);
  fail_unless_equals_int (qc->maximum, expected_ctrls[i].maximum);
  fail_unless_equals_int (qc->step, expected_ctrls[i].step);
  fail_unless_equals_int (qc->default_value, expected_ctrls[i].default_value);
  fail_unless_equals_int (qc->flags, expected_ctrls[i].flags);
  fail_unless_equals_int (qc->reserved[0], 0);
  fail_unless_equals_int (qc->reserved[1], 0);
}

GST_START_TEST (test_ctrl_enumerate)
{
  struct v4l2_queryctrl qc;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* NEXT_CTRL from 0: every control in id order, the class heading
   * first, then the end of the list without an error */
  memset (&qc, 0xff, sizeof (qc));
  qc.id = 0;
  for (i = 0; i < G_N_ELEMENTS (expected_ctrls); i++) {
    fail_unless (gst_tv_hw_device_next_ctrl (dev, &qc, &err), "control %u", i);
    fail_unless (err == NULL);
    assert_qc (&qc, i);
  }
  fail_if (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
  fail_unless (err == NULL);

  /* by id, and the current values are the defaults */
  for (i = 0; i < G_N_ELEMENTS (expected_ctrls); i++) {
    memset (&qc, 0xff, sizeof (qc));
    fail_unless (gst_tv_hw_device_query_ctrl (dev, expected_ctrls[i].id, &qc,
            &err));
    assert_qc (&qc, i);
    if (expected_ctrls[i].type != V4L2_CTRL_TYPE_CTRL_CLASS)
      fail_unless_equals_int (get_ctrl (dev, expected_ctrls[i].id),
          expected_ctrls[i].default_value);
  }

  /* NEXT_CTRL from the middle of a gap gives the next one */
  qc.id = V4L2_CID_HUE + 1;
  fail_unless (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
  fail_unless_equals_int (qc.id, V4L2_CID_HFLIP);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_errors)
{
  struct v4l2_queryctrl qc;
  struct v4l2_control ctrl;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  gint32 value;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* an id the card does not have: EINVAL everywhere */
  fail_if (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_GAMMA, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_GAMMA, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_GAMMA, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_query_ctrl (dev, 0, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* the class heading is neither readable nor writable: EACCES */
  fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_USER_CLASS, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_PERMISSION);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_USER_CLASS, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_PERMISSION);
  memset (&ctrl, 0, sizeof (ctrl));
  ctrl.id = V4L2_CID_USER_CLASS;
  fail_unless_equals_int (dev->ops->g_ctrl (dev, &ctrl), -EACCES);

  /* NEXT_COMPOUND alone: the card has no compound controls */
  memset (&qc, 0, sizeof (qc));
  qc.id = V4L2_CTRL_FLAG_NEXT_COMPOUND;
  fail_unless_equals_int (dev->ops->queryctrl (dev, &qc), -EINVAL);
  /* past the last control */
  qc.id = V4L2_CID_COLORFX | V4L2_CTRL_FLAG_NEXT_CTRL;
  fail_unless_equals_int (dev->ops->queryctrl (dev, &qc), -EINVAL);

  /* the output node has no controls at all: ENOTTY, an empty list */
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_query_ctrl (out, V4L2_CID_BRIGHTNESS, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_ctrl (out, V4L2_CID_BRIGHTNESS, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_ctrl (out, V4L2_CID_BRIGHTNESS, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  qc.id = 0;
  fail_if (gst_tv_hw_device_next_ctrl (out, &qc, &err));
  fail_unless (err == NULL);
  gst_tv_hw_device_close (out);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_clamp)
{
  static const struct
  {
    guint32 id;
    gint32 set, stored;
  } cases[] = {
    {V4L2_CID_BRIGHTNESS, 300, 255},
    {V4L2_CID_BRIGHTNESS, -5, 0},
    {V4L2_CID_BRIGHTNESS, 77, 77},
    {V4L2_CID_CONTRAST, G_MAXINT32, 255},
    {V4L2_CID_SATURATION, G_MININT32, 0},
    {V4L2_CID_HUE, 200, 128},
    {V4L2_CID_HUE, -200, -128},
    {V4L2_CID_HUE, -7, -7},
    {V4L2_CID_HFLIP, 5, 1},
    {V4L2_CID_HFLIP, 0, 0},
    {V4L2_CID_VFLIP, -1, 1},
  };
  struct v4l2_control ctrl;
  GstTvHwDevice *dev;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* the control framework clamps integers and normalises booleans, and
   * S_CTRL succeeds with the stored value written back */
  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    set_ctrl (dev, cases[i].id, cases[i].set);
    fail_unless_equals_int (get_ctrl (dev, cases[i].id), cases[i].stored);

    memset (&ctrl, 0, sizeof (ctrl));
    ctrl.id = cases[i].id;
    ctrl.value = cases[i].set;
    fail_unless_equals_int (dev->ops->s_ctrl (dev, &ctrl), 0);
    fail_unless_equals_int (ctrl.value, cases[i].stored);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_menu)
{
  static const gchar *names[] = { "None", "Black & White", NULL, "Negative" };
  struct v4l2_querymenu qm;
  struct v4l2_control ctrl;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* items 0, 1 and 3; 2 (Sepia) is skipped: EINVAL, not an error here */
  for (i = 0; i <= 3; i++) {
    memset (&qm, 0xff, sizeof (qm));
    if (names[i] == NULL) {
      fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, i, &qm,
              &err));
      fail_unless (err == NULL);
      continue;
    }
    fail_unless (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, i, &qm,
            &err));
    fail_unless_equals_int (qm.id, V4L2_CID_COLORFX);
    fail_unless_equals_int (qm.index, i);
    fail_unless_equals_string ((const gchar *) qm.name, names[i]);
    fail_unless_equals_int (qm.reserved, 0);
  }
  /* past the maximum, not a menu, no such control */
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, 4, &qm, &err));
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_COLORFX, G_MAXUINT32,
          &qm, &err));
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_BRIGHTNESS, 0, &qm, &err));
  fail_if (gst_tv_hw_device_enum_menu (dev, V4L2_CID_GAMMA, 0, &qm, &err));
  fail_unless (err == NULL);
  memset (&qm, 0, sizeof (qm));
  qm.id = V4L2_CID_COLORFX;
  qm.index = 2;
  fail_unless_equals_int (dev->ops->querymenu (dev, &qm), -EINVAL);

  /* S_CTRL: ERANGE out of range, EINVAL on a skipped item; both INVALID,
   * and the value stays */
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_NEGATIVE);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_COLORFX, 4, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_COLORFX, -1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_COLORFX,
          V4L2_COLORFX_SEPIA, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  memset (&ctrl, 0, sizeof (ctrl));
  ctrl.id = V4L2_CID_COLORFX;
  ctrl.value = 4;
  fail_unless_equals_int (dev->ops->s_ctrl (dev, &ctrl), -ERANGE);
  ctrl.value = V4L2_COLORFX_SEPIA;
  fail_unless_equals_int (dev->ops->s_ctrl (dev, &ctrl), -EINVAL);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_COLORFX),
      V4L2_COLORFX_NEGATIVE);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_persist)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev = open_card ("virtual:0");

  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 10);
  set_ctrl (dev, V4L2_CID_HUE, -20);
  set_ctrl (dev, V4L2_CID_VFLIP, 1);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_BW);
  gst_tv_hw_device_close (dev);

  /* the card keeps them between opens, for every handle */
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS), 10);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_HUE), -20);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_VFLIP), 1);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_COLORFX), V4L2_COLORFX_BW);
  gst_tv_hw_device_close (dev);

  /* reset: the defaults */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_BRIGHTNESS), 128);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_HUE), 0);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_VFLIP), 0);
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_COLORFX), 0);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* horizontal bars (input 1), column 400, far from the box: a line in the
 * white, yellow, red and black bars */
static const struct
{
  guint line;
  guint8 y, cb, cr;
} bar_points[] = {
  {36, 180, 128, 128},
  {108, 162, 44, 142},
  {396, 65, 100, 212},
  {540, 16, 128, 128},
};

#define BAR_X 400

/* the documented luma transfer of brightness and contrast */
static guint8
expected_luma (guint8 y, gint brightness, gint contrast)
{
  gint n = (y - 16) * contrast;
  gint scaled = n >= 0 ? (n + 64) / 128 : -((-n + 64) / 128);

  return CLAMP (16 + scaled + brightness - 128, 0, 255);
}

GST_START_TEST (test_ctrl_luma)
{
  static const gint settings[][2] = {
    {148, 128}, {0, 128}, {255, 128}, {128, 64}, {128, 0}, {128, 255},
    {255, 255}, {60, 200},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  guint8 *f;
  guint i, k;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 1);

  /* the defaults: the generator's values */
  f = grab (card, dev);
  for (k = 0; k < G_N_ELEMENTS (bar_points); k++) {
    fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X,
            bar_points[k].line), bar_points[k].y);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X,
            bar_points[k].line, FALSE), bar_points[k].cb);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X,
            bar_points[k].line, TRUE), bar_points[k].cr);
  }
  g_free (f);

  /* brightness is an offset, contrast a gain around black (16); the
   * chroma does not move */
  for (i = 0; i < G_N_ELEMENTS (settings); i++) {
    set_ctrl (dev, V4L2_CID_BRIGHTNESS, settings[i][0]);
    set_ctrl (dev, V4L2_CID_CONTRAST, settings[i][1]);
    f = grab (card, dev);
    for (k = 0; k < G_N_ELEMENTS (bar_points); k++) {
      guint line = bar_points[k].line;

      fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, line),
          expected_luma (bar_points[k].y, settings[i][0], settings[i][1]));
      fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, line,
              FALSE), bar_points[k].cb);
      fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, line,
              TRUE), bar_points[k].cr);
    }
    g_free (f);
  }

  /* a few literal values: white +20, half contrast */
  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 148);
  set_ctrl (dev, V4L2_CID_CONTRAST, 128);
  f = grab (card, dev);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36), 200);
  g_free (f);
  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 128);
  set_ctrl (dev, V4L2_CID_CONTRAST, 64);
  f = grab (card, dev);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36), 98);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 540), 16);
  g_free (f);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_chroma)
{
  static const struct
  {
    gint saturation, hue;
    guint8 cb, cr;              /* of the yellow bar: Cb 44, Cr 142 */
  } cases[] = {
    {128, 0, 44, 142},
    {0, 0, 128, 128},
    {64, 0, 86, 135},           /* half: -84 -> -42, 14 -> 7 */
    {255, 0, 0, 156},           /* -84 x 255/128 clips */
    {128, 64, 114, 44},         /* +90 degrees: (cb, cr) -> (-cr, cb) */
    {128, -64, 142, 212},       /* -90 degrees: (cb, cr) -> (cr, -cb) */
    {128, 128, 212, 114},       /* 180 degrees: (cb, cr) -> (-cb, -cr) */
    {128, -128, 212, 114},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  guint8 *f;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 1);

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    set_ctrl (dev, V4L2_CID_SATURATION, cases[i].saturation);
    set_ctrl (dev, V4L2_CID_HUE, cases[i].hue);
    f = grab (card, dev);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
            FALSE), cases[i].cb);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
            TRUE), cases[i].cr);
    /* neutral stays neutral, and the luma does not move */
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36,
            FALSE), 128);
    fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 36,
            TRUE), 128);
    fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108), 162);
    if (cases[i].saturation == 0)
      fail_unless (colourless (f, 576));
    g_free (f);
  }

  /* colour effects: black & white, negative */
  set_ctrl (dev, V4L2_CID_SATURATION, 128);
  set_ctrl (dev, V4L2_CID_HUE, 0);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_BW);
  f = grab (card, dev);
  fail_unless (colourless (f, 576));
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108), 162);
  g_free (f);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_NEGATIVE);
  f = grab (card, dev);
  fail_unless_equals_int (luma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108),
      255 - 162);
  fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
          FALSE), 212);
  fail_unless_equals_int (chroma_at (f, V4L2_PIX_FMT_YUYV, BAR_X, 108,
          TRUE), 114);
  g_free (f);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_marks_untouched)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  GstTvHwDevice *dev;
  guint8 *plain, *f;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  set_input (dev, 2);
  plain = grab (card, dev);

  /* everything at once, as far as it goes */
  set_ctrl (dev, V4L2_CID_BRIGHTNESS, 255);
  set_ctrl (dev, V4L2_CID_CONTRAST, 0);
  set_ctrl (dev, V4L2_CID_SATURATION, 255);
  set_ctrl (dev, V4L2_CID_HUE, 100);
  set_ctrl (dev, V4L2_CID_HFLIP, 1);
  set_ctrl (dev, V4L2_CID_VFLIP, 1);
  set_ctrl (dev, V4L2_CID_COLORFX, V4L2_COLORFX_NEGATIVE);
  f = grab (card, dev);

  /* the picture changed, the marks band did not, byte for byte */
  fail_unless (pictures_differ (plain, f, 576));
  fail_unless (marks_equal (plain, f, 576));
  decode_yuyv (f, 576, &info);
  fail_unless_equals_int (info.input, 2);
  fail_unless_equals_int (info.sequence, 0);
  fail_unless (info.top_field_ok && info.bottom_field_ok);
  fail_if (info.no_signal);
  g_free (f);
  g_free (plain);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_flips)
{
  static const guint32 fourccs[] = { V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_UYVY };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  guint8 *plain, *h, *v, *hv;
  guint i, x, y;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  for (i = 0; i < G_N_ELEMENTS (fourccs); i++) {
    guint32 fourcc = fourccs[i];
    GstTvHwVirtualFrameInfo info;

    set_pixelformat (dev, fourcc);
    set_ctrl (dev, V4L2_CID_HFLIP, 0);
    set_ctrl (dev, V4L2_CID_VFLIP, 0);
    plain = grab (card, dev);
    set_ctrl (dev, V4L2_CID_HFLIP, 1);
    h = grab (card, dev);
    set_ctrl (dev, V4L2_CID_VFLIP, 1);
    hv = grab (card, dev);
    set_ctrl (dev, V4L2_CID_HFLIP, 0);
    v = grab (card, dev);

    /* the picture (columns 80..719) mirrors within itself; the marks band
     * stays where it is */
    for (y = 0; y < 576; y += 5) {
      for (x = MARK_COLUMNS; x < WIDTH; x++) {
        guint mx = MARK_COLUMNS + WIDTH - 1 - x, my = 575 - y;

        fail_unless_equals_int (luma_at (h, fourcc, x, y),
            luma_at (plain, fourcc, mx, y));
        fail_unless_equals_int (luma_at (v, fourcc, x, y),
            luma_at (plain, fourcc, x, my));
        fail_unless_equals_int (luma_at (hv, fourcc, x, y),
            luma_at (plain, fourcc, mx, my));
        fail_unless_equals_int (chroma_at (h, fourcc, x, y, FALSE),
            chroma_at (plain, fourcc, mx, y, FALSE));
        fail_unless_equals_int (chroma_at (h, fourcc, x, y, TRUE),
            chroma_at (plain, fourcc, mx, y, TRUE));
        fail_unless_equals_int (chroma_at (v, fourcc, x, y, TRUE),
            chroma_at (plain, fourcc, x, my, TRUE));
      }
    }
    fail_unless (pictures_differ (plain, h, 576));
    fail_unless (pictures_differ (plain, v, 576));
    fail_unless (marks_equal (plain, h, 576));
    fail_unless (marks_equal (plain, v, 576));
    fail_unless (marks_equal (plain, hv, 576));
    fail_unless (gst_tv_hw_virtual_decode (hv + (fourcc ==
                V4L2_PIX_FMT_UYVY), 2, WIDTH, 576, STRIDE, &info));
    fail_unless_equals_int (info.input, 0);
    fail_unless (info.top_field_ok && info.bottom_field_ok);

    g_free (plain);
    g_free (h);
    g_free (v);
    g_free (hv);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_ctrl_no_flip_controls)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_queryctrl qc;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint8 *plain, *f;
  gint32 value;
  guint n = 0;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  plain = grab (card, dev);
  set_ctrl (dev, V4L2_CID_HFLIP, 1);

  /* a card without flips: the controls are gone, the picture unflipped */
  gst_tv_hw_virtual_card_set_flip_controls (card, FALSE);
  qc.id = 0;
  while (gst_tv_hw_device_next_ctrl (dev, &qc, &err)) {
    fail_if (qc.id == V4L2_CID_HFLIP || qc.id == V4L2_CID_VFLIP);
    n++;
  }
  fail_unless (err == NULL);
  fail_unless_equals_int (n, G_N_ELEMENTS (expected_ctrls) - 2);
  fail_if (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_HFLIP, &qc, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_VFLIP, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_HFLIP, &value, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  f = grab (card, dev);
  fail_unless (memcmp (f, plain, STRIDE * 576) == 0);
  g_free (f);

  /* back: off */
  gst_tv_hw_virtual_card_set_flip_controls (card, TRUE);
  fail_unless (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_HFLIP, &qc, &err));
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_HFLIP), 0);
  gst_tv_hw_device_close (dev);

  /* and a reset brings them back too */
  gst_tv_hw_virtual_card_set_flip_controls (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_ctrl (dev, V4L2_CID_VFLIP), 0);
  gst_tv_hw_device_close (dev);
  g_free (plain);
}

GST_END_TEST;

/* --- tuner, channel plan, modulator --- */

static void
get_tuner (GstTvHwDevice * dev, struct v4l2_tuner *tuner)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_get_tuner (dev, 0, tuner, &err),
      "G_TUNER: %s", err ? err->message : "");
}

static void
set_frequency (GstTvHwDevice * dev, guint32 frequency)
{
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
          frequency, &err), "S_FREQUENCY: %s", err ? err->message : "");
}

static guint32
get_frequency (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 frequency = 0;

  fail_unless (gst_tv_hw_device_get_frequency (dev, 0, &frequency, &err),
      "G_FREQUENCY: %s", err ? err->message : "");
  return frequency;
}

GST_START_TEST (test_tuner)
{
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  struct v4l2_input input;
  guint32 freq;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* vivid's TV tuner (video0-all.txt): 44 - 958 MHz in 62.5 kHz units,
   * multi-standard stereo lang1 lang2 freq-bands, audio mode stereo */
  memset (&tuner, 0xff, sizeof (tuner));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.index, 0);
  fail_unless_equals_string ((const gchar *) tuner.name, "TV Tuner");
  fail_unless_equals_int (tuner.type, V4L2_TUNER_ANALOG_TV);
  fail_unless_equals_int (tuner.capability, V4L2_TUNER_CAP_NORM |
      V4L2_TUNER_CAP_STEREO | V4L2_TUNER_CAP_LANG1 | V4L2_TUNER_CAP_LANG2 |
      V4L2_TUNER_CAP_FREQ_BANDS);
  fail_unless_equals_int (tuner.rangelow, 44 * 16);
  fail_unless_equals_int (tuner.rangehigh, 958 * 16);
  fail_unless_equals_int (tuner.rangelow, GST_TV_HW_VIRTUAL_FREQ_LOW);
  fail_unless_equals_int (tuner.rangehigh, GST_TV_HW_VIRTUAL_FREQ_HIGH);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_STEREO);
  /* on station E5 at power-on */
  fail_unless_equals_int (tuner.signal, 0xffff);
  fail_unless_equals_int (tuner.afc, 0);
  fail_unless_equals_int (tuner.rxsubchans, V4L2_TUNER_SUB_STEREO);
  fail_unless_equals_int (tuner.reserved[0], 0);
  fail_unless_equals_int (get_frequency (dev), GST_TV_HW_VIRTUAL_DEFAULT_FREQ);
  fail_unless_equals_int (get_frequency (dev), 2804);
  fail_unless_equals_int (gst_tv_hw_frequency_to_hz (get_frequency (dev),
          tuner.capability), 175250000);

  /* the Television input names tuner 0 */
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless_equals_int (input.tuner, 0);
  fail_unless_equals_int (input.type, V4L2_INPUT_TYPE_TUNER);

  /* bad tuner indices: EINVAL */
  fail_if (gst_tv_hw_device_get_tuner (dev, 1, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  memset (&tuner, 0, sizeof (tuner));
  tuner.index = 1;
  fail_if (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_frequency (dev, 1, V4L2_TUNER_ANALOG_TV,
          3028, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_get_frequency (dev, 7, &freq, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  /* a video node's tuner is an analog TV tuner (v4l_s_frequency) */
  fail_if (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_RADIO, 3028,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless_equals_int (get_frequency (dev), 2804);

  /* the capture node has no modulator, the output node no tuner */
  {
    struct v4l2_modulator mod;

    fail_if (gst_tv_hw_device_get_modulator (dev, 0, &mod, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  }
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_get_tuner (out, 0, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  gst_tv_hw_device_close (out);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_audmode)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;
  GError *err = NULL;

  dev = open_card ("virtual:0");
  get_tuner (dev, &tuner);
  tuner.audmode = V4L2_TUNER_MODE_LANG1_LANG2;
  fail_unless (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_LANG1_LANG2);
  /* vivid: audio modes past LANG1_LANG2 are EINVAL */
  tuner.audmode = V4L2_TUNER_MODE_LANG1_LANG2 + 1;
  fail_if (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_LANG1_LANG2);
  /* only the index and audmode count */
  memset (&tuner, 0xff, sizeof (tuner));
  tuner.index = 0;
  tuner.audmode = V4L2_TUNER_MODE_MONO;
  fail_unless (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  gst_tv_hw_device_close (dev);

  /* persists, and a reset restores stereo */
  dev = open_card ("virtual:0");
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_MONO);
  gst_tv_hw_device_close (dev);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.audmode, V4L2_TUNER_MODE_STEREO);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_frequency)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;

  dev = open_card ("virtual:0");
  set_frequency (dev, 3028);
  fail_unless_equals_int (get_frequency (dev), 3028);

  /* out of range: clamped, no error (vivid) */
  set_frequency (dev, 0);
  fail_unless_equals_int (get_frequency (dev), GST_TV_HW_VIRTUAL_FREQ_LOW);
  set_frequency (dev, 44 * 16 - 1);
  fail_unless_equals_int (get_frequency (dev), 44 * 16);
  set_frequency (dev, G_MAXUINT32);
  fail_unless_equals_int (get_frequency (dev), GST_TV_HW_VIRTUAL_FREQ_HIGH);
  set_frequency (dev, 958 * 16 + 1);
  fail_unless_equals_int (get_frequency (dev), 958 * 16);

  /* persists between opens; a reset goes back to E5 */
  set_frequency (dev, 7540);
  gst_tv_hw_device_close (dev);
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_frequency (dev), 7540);
  /* an input switch keeps it */
  set_input (dev, 2);
  set_input (dev, 0);
  fail_unless_equals_int (get_frequency (dev), 7540);
  gst_tv_hw_device_close (dev);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_frequency (dev), 2804);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_frequency_hz)
{
  const guint32 low = V4L2_TUNER_CAP_LOW, hz1 = V4L2_TUNER_CAP_1HZ;

  /* 62.5 kHz units */
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (2804, 0), 175250000);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (2804,
          V4L2_TUNER_CAP_NORM | V4L2_TUNER_CAP_STEREO), 175250000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175250000, 0), 2804);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (67250000, 0), 1076);
  /* rounded to the nearest unit */
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175281249, 0), 2804);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175281250, 0), 2805);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (175218750, 0), 2804);

  /* 62.5 Hz units */
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (16, low), 1000);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (1, low), 62);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (1600000, low),
      100000000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (100000000, low),
      1600000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (31, low), 0);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (32, low), 1);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (125, low), 2);

  /* 1 Hz units, and what does not fit */
  fail_unless_equals_uint64 (gst_tv_hw_frequency_to_hz (88000000, hz1 | low),
      88000000);
  fail_unless_equals_int (gst_tv_hw_frequency_from_hz (88000000, hz1),
      88000000);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_from_hz (G_GUINT64_CONSTANT
          (5000000000), hz1), G_MAXUINT32);
  fail_unless_equals_uint64 (gst_tv_hw_frequency_from_hz (G_MAXUINT64, low),
      G_MAXUINT32);
}

GST_END_TEST;

GST_START_TEST (test_channel_plan)
{
  static const struct
  {
    const gchar *channel;
    guint32 frequency;
    v4l2_std_id detected;
    guint32 rxsubchans;
  } plan[] = {
    {"E5", 2804, V4L2_STD_PAL_BG, V4L2_TUNER_SUB_STEREO},
    {"E7", 3028, V4L2_STD_PAL_BG, V4L2_TUNER_SUB_LANG1 | V4L2_TUNER_SUB_LANG2},
    {"US4", 1076, V4L2_STD_NTSC_M, V4L2_TUNER_SUB_MONO | V4L2_TUNER_SUB_SAP},
    {"E21", 7540, V4L2_STD_PAL_I, V4L2_TUNER_SUB_STEREO},
    {"E30", 8692, V4L2_STD_SECAM_L, V4L2_TUNER_SUB_MONO},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  const GstTvHwVirtualStation *stations;
  guint8 *frames[G_N_ELEMENTS (plan)];
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;
  guint i, j, n = 0;

  stations = gst_tv_hw_virtual_get_stations (&n);
  fail_unless_equals_int (n, G_N_ELEMENTS (plan));

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  for (i = 0; i < n; i++) {
    GstTvHwVirtualFrameInfo info;

    fail_unless_equals_string (stations[i].channel, plan[i].channel);
    fail_unless_equals_int (stations[i].frequency, plan[i].frequency);
    fail_unless_equals_int (stations[i].rxsubchans, plan[i].rxsubchans);

    set_frequency (dev, stations[i].frequency);
    get_tuner (dev, &tuner);
    fail_unless_equals_int (tuner.signal, 0xffff);
    fail_unless_equals_int (tuner.afc, 0);
    fail_unless_equals_int (tuner.rxsubchans, plan[i].rxsubchans);
    fail_unless_equals_int (input_status (dev, 0), 0);
    /* the station's standard, or the input's own (PAL-BG) */
    fail_unless_equals_uint64 (query_std (dev), plan[i].detected);

    /* its own picture, and the marks name the station */
    frames[i] = grab (card, dev);
    decode_yuyv (frames[i], 576, &info);
    fail_unless_equals_int (info.input, 0);
    fail_unless_equals_int (info.station, i);
    fail_if (info.no_signal);
    fail_unless (info.top_field_ok && info.bottom_field_ok);
    for (j = 0; j < i; j++)
      fail_unless (pictures_differ (frames[i], frames[j], 576),
          "stations %u and %u", i, j);
  }
  /* station 0 is the power-on picture of the Television input: the same
   * as before there was a tuner */
  fail_unless_equals_int (stations[0].frequency,
      GST_TV_HW_VIRTUAL_DEFAULT_FREQ);

  for (i = 0; i < n; i++)
    g_free (frames[i]);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_channel_reception)
{
  static const struct
  {
    gint offset;                /* from E21, in 62.5 kHz units */
    gint32 signal;
    guint32 status;
    guint32 rxsubchans;
    gint32 afc;
  } cases[] = {
    {0, 0xffff, 0, V4L2_TUNER_SUB_STEREO, 0},
    {4, 0xffff, 0, V4L2_TUNER_SUB_STEREO, 4},   /* +0.25 MHz: colour */
    {-4, 0xffff, 0, V4L2_TUNER_SUB_STEREO, -4},
    {5, 0x8000, V4L2_IN_ST_COLOR_KILL, V4L2_TUNER_SUB_MONO, 5},
    {-16, 0x8000, V4L2_IN_ST_COLOR_KILL, V4L2_TUNER_SUB_MONO, -16},
    {16, 0x8000, V4L2_IN_ST_COLOR_KILL, V4L2_TUNER_SUB_MONO, 16},
    {17, 0, V4L2_IN_ST_NO_SIGNAL, 0, 0},        /* past 1 MHz: snow */
    {-17, 0, V4L2_IN_ST_NO_SIGNAL, 0, 0},
    {-1000, 0, V4L2_IN_ST_NO_SIGNAL, 0, 0},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;
  guint8 *f;
  guint i;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    gboolean snow = cases[i].signal == 0;

    set_frequency (dev, 7540 + cases[i].offset);
    get_tuner (dev, &tuner);
    fail_unless_equals_int (tuner.signal, cases[i].signal);
    fail_unless_equals_int (tuner.afc, cases[i].afc);
    fail_unless_equals_int (tuner.rxsubchans, cases[i].rxsubchans);
    fail_unless_equals_int (input_status (dev, 0), cases[i].status);
    /* locked, with or without colour: PAL-I; snow: nothing */
    fail_unless_equals_uint64 (query_std (dev), snow ? 0 : V4L2_STD_PAL_I);

    f = grab (card, dev);
    decode_yuyv (f, 576, &info);
    fail_unless_equals_int (info.input, 0);
    fail_unless_equals_int (info.no_signal, snow);
    fail_unless_equals_int (info.station, snow ? 0 : 3);
    /* the colour goes first */
    fail_unless_equals_int (colourless (f, 576),
        snow || cases[i].signal == 0x8000);
    g_free (f);
  }

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_antenna)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev;

  dev = open_card ("virtual:0");

  /* no antenna (the Television input's signal 0): snow on every station */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, 0));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0);
  fail_unless_equals_int (input_status (dev, 0), V4L2_IN_ST_NO_SIGNAL);
  fail_unless_equals_uint64 (query_std (dev), 0);

  /* the local standard: stations E5 and E7 broadcast in it, the others in
   * their own */
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 0, V4L2_STD_SECAM_L));
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0xffff);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_SECAM_L);
  set_frequency (dev, 3028);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_SECAM_L);
  set_frequency (dev, 1076);
  fail_unless_equals_uint64 (query_std (dev), V4L2_STD_NTSC_M);

  /* G_TUNER reports the tuner input's reception from any input */
  set_input (dev, 3);
  set_frequency (dev, 6400);
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0);
  set_frequency (dev, 1076);
  get_tuner (dev, &tuner);
  fail_unless_equals_int (tuner.signal, 0xffff);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_tuner_while_streaming)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwVirtualFrameInfo info;
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  decode_yuyv (s.data[buf.index], 576, &info);
  fail_unless_equals_int (info.station, 0);
  queue (dev, buf.index);

  /* a channel change takes effect with the next frame; the stream and the
   * sequence go on */
  set_frequency (dev, 7540);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  decode_yuyv (s.data[buf.index], 576, &info);
  fail_unless_equals_int (info.station, 3);
  fail_if (info.no_signal);
  queue (dev, buf.index);

  set_frequency (dev, 6400);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  dequeue (dev, &buf);
  assert_frame (s.data[buf.index], 576, 0, 2, TRUE);
  queue (dev, buf.index);

  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_no_tuner)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Camera", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
    {"Composite", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x2},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_tuner tuner;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  guint32 freq;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_get_caps (dev) & V4L2_CAP_TUNER);
  fail_unless (gst_tv_hw_device_get_caps (dev) & V4L2_CAP_AUDIO);
  fail_if (gst_tv_hw_device_get_tuner (dev, 0, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  memset (&tuner, 0, sizeof (tuner));
  fail_if (gst_tv_hw_device_set_tuner (dev, &tuner, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_frequency (dev, 0, &freq, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
          2804, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);

  /* the output node keeps its modulator */
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_caps (out) & V4L2_CAP_MODULATOR);
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_if (out->cap.capabilities & V4L2_CAP_TUNER);
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_modulator)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_modulator mod;
  GstTvHwDevice *out, *cap;
  GError *err = NULL;
  guint32 freq = 0;

  out = open_output ("virtual:0");
  memset (&mod, 0xff, sizeof (mod));
  fail_unless (gst_tv_hw_device_get_modulator (out, 0, &mod, &err));
  fail_unless_equals_int (mod.index, 0);
  fail_unless_equals_string ((const gchar *) mod.name, "RF Modulator");
  fail_unless_equals_int (mod.capability, V4L2_TUNER_CAP_NORM |
      V4L2_TUNER_CAP_STEREO | V4L2_TUNER_CAP_FREQ_BANDS);
  fail_unless_equals_int (mod.rangelow, GST_TV_HW_VIRTUAL_FREQ_LOW);
  fail_unless_equals_int (mod.rangehigh, GST_TV_HW_VIRTUAL_FREQ_HIGH);
  fail_unless_equals_int (mod.txsubchans, V4L2_TUNER_SUB_STEREO);
  fail_unless_equals_int (mod.type, V4L2_TUNER_ANALOG_TV);
  fail_unless_equals_int (mod.reserved[0], 0);
  fail_unless_equals_int (mod.reserved[2], 0);

  /* txsubchans: mono and stereo only */
  mod.txsubchans = V4L2_TUNER_SUB_MONO;
  fail_unless (gst_tv_hw_device_set_modulator (out, &mod, &err));
  mod.txsubchans = V4L2_TUNER_SUB_LANG1;
  fail_if (gst_tv_hw_device_set_modulator (out, &mod, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_get_modulator (out, 0, &mod, &err));
  fail_unless_equals_int (mod.txsubchans, V4L2_TUNER_SUB_MONO);
  /* bad index */
  fail_if (gst_tv_hw_device_get_modulator (out, 1, &mod, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  mod.index = 1;
  fail_if (gst_tv_hw_device_set_modulator (out, &mod, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* its frequency, on the output node: E5 at power-on, clamped, separate
   * from the tuner's */
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, GST_TV_HW_VIRTUAL_DEFAULT_FREQ);
  fail_unless (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_ANALOG_TV,
          7540, &err));
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, 7540);
  fail_unless (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_ANALOG_TV,
          1, &err));
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, GST_TV_HW_VIRTUAL_FREQ_LOW);
  fail_if (gst_tv_hw_device_set_frequency (out, 1, V4L2_TUNER_ANALOG_TV,
          7540, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_RADIO, 7540,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  cap = open_card ("virtual:0");
  fail_unless_equals_int (get_frequency (cap), 2804);
  gst_tv_hw_device_close (cap);
  fail_unless (gst_tv_hw_device_set_frequency (out, 0, V4L2_TUNER_ANALOG_TV,
          8692, &err));
  gst_tv_hw_device_close (out);

  /* persists; a reset restores it */
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, 8692);
  gst_tv_hw_device_close (out);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_frequency (out, 0, &freq, &err));
  fail_unless_equals_int (freq, 2804);
  fail_unless (gst_tv_hw_device_get_modulator (out, 0, &mod, &err));
  fail_unless_equals_int (mod.txsubchans, V4L2_TUNER_SUB_STEREO);
  gst_tv_hw_device_close (out);
}

GST_END_TEST;

GST_START_TEST (test_loopback_rf_frequency)
{
  GstTvHwVirtualFrameInfo info;
  struct v4l2_tuner tuner;
  GError *err = NULL;
  guint8 *f;
  Loop l;

  loop_setup (&l, 0, 2, V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL,
      V4L2_STD_PAL_I);
  stream_on (l.cap);
  fill_fields (l.so.data[0], 576, V4L2_PIX_FMT_YUYV, 40, 200, 90, 160);
  stream_on (l.out);
  queue_out (l.out, 0, FRAME_625, 0);

  /* tuner and modulator both on E5 (power-on): the RF loop */
  f = loop_capture (&l, NULL);
  fail_unless (memcmp (f, l.so.data[0], FRAME_625) == 0);
  g_free (f);
  get_tuner (l.cap, &tuner);
  fail_unless_equals_int (tuner.signal, 0xffff);
  fail_unless_equals_uint64 (query_std (l.cap), V4L2_STD_PAL_I);

  /* the modulator moves to E21: the tuner gets station E5 again */
  fail_unless (gst_tv_hw_device_set_frequency (l.out, 0,
          V4L2_TUNER_ANALOG_TV, 7540, &err));
  f = loop_capture (&l, NULL);
  decode_yuyv (f, 576, &info);
  fail_unless_equals_int (info.input, 0);
  fail_unless_equals_int (info.station, 0);
  g_free (f);
  fail_unless_equals_uint64 (query_std (l.cap), V4L2_STD_PAL_BG);

  /* the tuner follows: the loop again, within +-0.25 MHz */
  set_frequency (l.cap, 7540 + 4);
  f = loop_capture (&l, NULL);
  fail_unless (memcmp (f, l.so.data[0], FRAME_625) == 0);
  g_free (f);
  get_tuner (l.cap, &tuner);
  fail_unless_equals_int (tuner.signal, 0xffff);
  fail_unless_equals_int (tuner.afc, 4);
  fail_unless_equals_int (input_status (l.cap, 0), 0);

  /* beyond: station E21 of the plan, weakly */
  set_frequency (l.cap, 7540 + 5);
  f = loop_capture (&l, NULL);
  decode_yuyv (f, 576, &info);
  fail_unless_equals_int (info.station, 3);
  g_free (f);
  fail_unless_equals_int (input_status (l.cap, 0), V4L2_IN_ST_COLOR_KILL);

  loop_teardown (&l);
}

GST_END_TEST;

/* --- audio inputs and outputs --- */

static guint32
get_audio (GstTvHwDevice * dev)
{
  struct v4l2_audio audio;
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_get_audio (dev, &audio, &err), "G_AUDIO: %s",
      err ? err->message : "");
  return audio.index;
}

GST_START_TEST (test_audio_enum)
{
  static const gchar *names[] = { "TV", "Line-In" };
  struct v4l2_audio audio;
  GstTvHwDevice *dev, *out;
  GError *err = NULL;
  guint i;

  fresh_card (0);
  dev = open_card ("virtual:0");

  /* vivid's two audio inputs */
  for (i = 0; i < G_N_ELEMENTS (names); i++) {
    memset (&audio, 0xff, sizeof (audio));
    fail_unless (gst_tv_hw_device_enum_audio (dev, i, &audio, &err));
    fail_unless_equals_int (audio.index, i);
    fail_unless_equals_string ((const gchar *) audio.name, names[i]);
    fail_unless_equals_int (audio.capability, V4L2_AUDCAP_STEREO);
    fail_unless_equals_int (audio.mode, 0);
    fail_unless_equals_int (audio.reserved[0], 0);
    fail_unless_equals_int (audio.reserved[1], 0);
  }
  fail_unless_equals_int (i, GST_TV_HW_VIRTUAL_N_AUDIO_INPUTS);
  fail_if (gst_tv_hw_device_enum_audio (dev, 2, &audio, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_enum_audio (dev, G_MAXUINT32, &audio, &err));
  fail_unless (err == NULL);

  /* G_AUDIO answers the whole description */
  fail_unless (gst_tv_hw_device_get_audio (dev, &audio, &err));
  fail_unless_equals_int (audio.index, 0);
  fail_unless_equals_string ((const gchar *) audio.name, "TV");

  /* audio inputs belong to the capture node, audio outputs to the output
   * node */
  out = open_output ("virtual:0");
  fail_if (gst_tv_hw_device_enum_audio (out, 0, &audio, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_get_audio (out, &audio, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  fail_if (gst_tv_hw_device_set_audio (out, 0, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  {
    struct v4l2_audioout audout;

    fail_if (gst_tv_hw_device_enum_audout (dev, 0, &audout, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    fail_if (gst_tv_hw_device_get_audout (dev, &audout, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    fail_if (gst_tv_hw_device_set_audout (dev, 0, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  }
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_audio_follows_input)
{
  static const GstTvHwVirtualInput inputs[] = {
    {"Camera", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
    {"Both", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x3},
  };
  static const GstTvHwVirtualInput bad[] = {
    {"Too many", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x4},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_audio audio;
  GstTvHwDevice *dev;
  GError *err = NULL;

  dev = open_card ("virtual:0");

  /* Television: TV audio only; S_AUDIO outside the audioset is EINVAL */
  fail_unless_equals_int (get_audio (dev), 0);
  fail_if (gst_tv_hw_device_set_audio (dev, 1, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  fail_if (gst_tv_hw_device_set_audio (dev, 2, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* the other inputs have Line-In: S_INPUT takes the audio input along */
  set_input (dev, 1);
  fail_unless_equals_int (get_audio (dev), 1);
  fail_if (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_set_audio (dev, 1, 0, &err));
  set_input (dev, 3);
  fail_unless_equals_int (get_audio (dev), 1);
  set_input (dev, 0);
  fail_unless_equals_int (get_audio (dev), 0);
  set_input (dev, 2);
  gst_tv_hw_device_close (dev);

  /* it persists */
  dev = open_card ("virtual:0");
  fail_unless_equals_int (get_audio (dev), 1);
  gst_tv_hw_device_close (dev);

  /* an input without audio has no current audio input (vivid: EINVAL); an
   * input with both can take either */
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, inputs, 2));
  fail_if (gst_tv_hw_virtual_card_set_inputs (card, bad, 1));
  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_get_audio (dev, &audio, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  set_input (dev, 1);
  fail_unless (gst_tv_hw_device_set_audio (dev, 0, 0, &err));
  fail_unless_equals_int (get_audio (dev), 0);
  fail_unless (gst_tv_hw_device_set_audio (dev, 1, 0, &err));
  fail_unless_equals_int (get_audio (dev), 1);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_audio_outputs)
{
  static const gchar *names[] = { "Line-Out", "Modulator Audio" };
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_audioout audout;
  GstTvHwDevice *out;
  GError *err = NULL;
  guint i;

  out = open_output ("virtual:0");
  for (i = 0; i < G_N_ELEMENTS (names); i++) {
    memset (&audout, 0xff, sizeof (audout));
    fail_unless (gst_tv_hw_device_enum_audout (out, i, &audout, &err));
    fail_unless_equals_int (audout.index, i);
    fail_unless_equals_string ((const gchar *) audout.name, names[i]);
    fail_unless_equals_int (audout.capability, 0);
    fail_unless_equals_int (audout.mode, 0);
    fail_unless_equals_int (audout.reserved[0], 0);
  }
  fail_unless_equals_int (i, GST_TV_HW_VIRTUAL_N_AUDIO_OUTPUTS);
  fail_if (gst_tv_hw_device_enum_audout (out, 2, &audout, &err));
  fail_unless (err == NULL);

  /* Composite Out: Line-Out; RF Modulator: the modulator's sound */
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 0);
  fail_if (gst_tv_hw_device_set_audout (out, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_if (gst_tv_hw_device_set_audout (out, 5, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  set_output (out, 2);
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 1);
  fail_unless_equals_string ((const gchar *) audout.name, "Modulator Audio");
  fail_if (gst_tv_hw_device_set_audout (out, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fail_unless (gst_tv_hw_device_set_audout (out, 1, &err));
  gst_tv_hw_device_close (out);

  /* persists; reset: output 0, Line-Out */
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 1);
  set_output (out, 1);
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 0);
  set_output (out, 2);
  gst_tv_hw_device_close (out);
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  out = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_get_audout (out, &audout, &err));
  fail_unless_equals_int (audout.index, 0);
  gst_tv_hw_device_close (out);
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

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);

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

GST_START_TEST (test_dqbuf_eio_recovery)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_buffer buf;
  GstTvHwDevice *dev;
  GError *err = NULL;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
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
  TCase *tc_outputs = tcase_create ("outputs");
  TCase *tc_out_stream = tcase_create ("output-streaming");
  TCase *tc_loop = tcase_create ("loopback");
  TCase *tc_ctrls = tcase_create ("controls");
  TCase *tc_tuner = tcase_create ("tuner");
  TCase *tc_audio = tcase_create ("audio");
  TCase *tc_signal = tcase_create ("signal");

  suite_add_tcase (s, tc_card);
  tcase_add_checked_fixture (tc_card, NULL, card_teardown);
  tcase_add_test (tc_card, test_open_close);
  tcase_add_test (tc_card, test_open_unknown_card);
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

  suite_add_tcase (s, tc_outputs);
  tcase_add_checked_fixture (tc_outputs, NULL, card_teardown);
  tcase_add_test (tc_outputs, test_open_output);
  tcase_add_test (tc_outputs, test_enum_outputs);
  tcase_add_test (tc_outputs, test_set_output);
  tcase_add_test (tc_outputs, test_output_std);
  tcase_add_test (tc_outputs, test_output_fmt);
  tcase_add_test (tc_outputs, test_output_wrong_buf_type);
  tcase_add_test (tc_outputs, test_output_busy);
  tcase_add_test (tc_outputs, test_output_settings_persist);
  tcase_add_test (tc_outputs, test_both_nodes_streaming);

  suite_add_tcase (s, tc_out_stream);
  tcase_add_checked_fixture (tc_out_stream, NULL, card_teardown);
  tcase_add_test (tc_out_stream, test_output_manual_cycle);
  tcase_add_test (tc_out_stream, test_output_starved);
  tcase_add_test (tc_out_stream, test_output_freerun);
  tcase_add_test (tc_out_stream, test_output_realtime);
  tcase_add_test (tc_out_stream, test_output_qbuf_errors);
  tcase_add_test (tc_out_stream, test_output_streamoff);
  tcase_add_test (tc_out_stream, test_output_flushing);

  suite_add_tcase (s, tc_loop);
  tcase_add_checked_fixture (tc_loop, NULL, card_teardown);
  tcase_add_test (tc_loop, test_loopback_pairs);
  tcase_add_test (tc_loop, test_loopback_follows_output);
  tcase_add_test (tc_loop, test_loopback_conversion);
  tcase_add_test (tc_loop, test_loopback_marks);
  tcase_add_test (tc_loop, test_loopback_line_mismatch);
  tcase_add_test (tc_loop, test_loopback_other_inputs);
  tcase_add_test (tc_loop, test_loopback_custom_inputs);
  tcase_add_test (tc_loop, test_loopback_freerun);
  tcase_add_test (tc_loop, test_loopback_rf_frequency);

  suite_add_tcase (s, tc_ctrls);
  tcase_add_checked_fixture (tc_ctrls, NULL, card_teardown);
  tcase_add_test (tc_ctrls, test_ctrl_enumerate);
  tcase_add_test (tc_ctrls, test_ctrl_errors);
  tcase_add_test (tc_ctrls, test_ctrl_clamp);
  tcase_add_test (tc_ctrls, test_ctrl_menu);
  tcase_add_test (tc_ctrls, test_ctrl_persist);
  tcase_add_test (tc_ctrls, test_ctrl_luma);
  tcase_add_test (tc_ctrls, test_ctrl_chroma);
  tcase_add_test (tc_ctrls, test_ctrl_marks_untouched);
  tcase_add_test (tc_ctrls, test_ctrl_flips);
  tcase_add_test (tc_ctrls, test_ctrl_no_flip_controls);

  suite_add_tcase (s, tc_tuner);
  tcase_add_checked_fixture (tc_tuner, NULL, card_teardown);
  tcase_add_test (tc_tuner, test_tuner);
  tcase_add_test (tc_tuner, test_tuner_audmode);
  tcase_add_test (tc_tuner, test_frequency);
  tcase_add_test (tc_tuner, test_frequency_hz);
  tcase_add_test (tc_tuner, test_channel_plan);
  tcase_add_test (tc_tuner, test_channel_reception);
  tcase_add_test (tc_tuner, test_tuner_antenna);
  tcase_add_test (tc_tuner, test_tuner_while_streaming);
  tcase_add_test (tc_tuner, test_no_tuner);
  tcase_add_test (tc_tuner, test_modulator);

  suite_add_tcase (s, tc_audio);
  tcase_add_checked_fixture (tc_audio, NULL, card_teardown);
  tcase_add_test (tc_audio, test_audio_enum);
  tcase_add_test (tc_audio, test_audio_follows_input);
  tcase_add_test (tc_audio, test_audio_outputs);

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
  tcase_add_test (tc_signal, test_dqbuf_eio_recovery);

  return s;
}

GST_CHECK_MAIN (tvhw);
