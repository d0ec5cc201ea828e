/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the hardware layer against the virtual TV card: the
 * output node (outputs, its own standard and format, display pacing,
 * repeats) and the output -> capture loopback, the RF loop through the
 * modulator and the tuner included. Through the public tvhw.h API, with
 * tvhw-virtual.h to configure the card; tvhw-backend.h only where the
 * public API cannot express a call (a wrong buffer type).
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

/* --- the output node --- */

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
  fail_unless_equals_int (gst_tv_hw_device_get_kind (out),
      GST_TV_HW_NODE_VIDEO_OUTPUT);
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
  /* the whole card's capabilities, the same on every node: the VBI
   * nodes' too */
  fail_unless_equals_int (out->cap.capabilities, V4L2_CAP_VIDEO_CAPTURE |
      V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_TUNER | V4L2_CAP_MODULATOR |
      V4L2_CAP_AUDIO | V4L2_CAP_STREAMING | V4L2_CAP_VBI_CAPTURE |
      V4L2_CAP_SLICED_VBI_CAPTURE | V4L2_CAP_SLICED_VBI_OUTPUT |
      V4L2_CAP_DEVICE_CAPS);
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
  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_NODE_VIDEO_OUTPUT,
          &err));
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

/* fewer outputs, none at all, an output without standards */
GST_START_TEST (test_configure_outputs)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  struct v4l2_output output;
  struct v4l2_standard std;
  GstTvHwDevice *dev;
  GError *err = NULL;
  v4l2_std_id id;
  guint32 n = 0;

  fail_if (gst_tv_hw_virtual_card_set_n_outputs (card,
          GST_TV_HW_VIRTUAL_N_OUTPUTS + 1));
  fail_unless (gst_tv_hw_virtual_card_set_n_outputs (card, 1));
  fail_if (gst_tv_hw_virtual_card_set_output_std (card, 1, 0));
  fail_unless (gst_tv_hw_virtual_card_set_output_std (card, 0, 0));
  dev = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_enum_output (dev, 0, &output, &err));
  fail_unless_equals_uint64 (output.std, 0);
  fail_unless_equals_int (output.capabilities, 0);
  fail_if (gst_tv_hw_device_enum_output (dev, 1, &output, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_set_output (dev, 1, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  g_clear_error (&err);
  /* no standards: ENUMSTD lists none, G_STD has none */
  fail_if (gst_tv_hw_device_enum_std (dev, 0, &std, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_get_std (dev, &id, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NO_DATA);
  g_clear_error (&err);

  /* not while buffers are allocated */
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, &n, &err));
  fail_if (gst_tv_hw_virtual_card_set_n_outputs (card, 0));
  fail_if (gst_tv_hw_virtual_card_set_output_std (card, 0, V4L2_STD_ALL));
  fail_unless (gst_tv_hw_device_request_buffers (dev, 0, &n, &err));

  /* none at all */
  fail_unless (gst_tv_hw_virtual_card_set_n_outputs (card, 0));
  fail_if (gst_tv_hw_device_enum_output (dev, 0, &output, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_set_output (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  g_clear_error (&err);
  gst_tv_hw_device_close (dev);

  /* a reset brings them back */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_output ("virtual:0");
  fail_unless (gst_tv_hw_device_enum_output (dev, 2, &output, &err));
  fail_unless (gst_tv_hw_device_enum_output (dev, 0, &output, &err));
  fail_unless_equals_uint64 (output.std, V4L2_STD_ALL);
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
  gst_tv_hw_device_set_flushing (dev, TRUE);
  g_thread_join (thread);
  fail_if (w.ret);
  assert_tvhw_error (w.err, GST_TV_HW_ERROR_FLUSHING);
  gst_tv_hw_device_set_flushing (dev, FALSE);

  /* a displayed frame wakes it: the buffer can be dequeued (writable) */
  memset (&w, 0, sizeof (w));
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

static Suite *
tvhw_output_suite (void)
{
  Suite *s = suite_create ("tvhw-output");
  TCase *tc_outputs = tcase_create ("outputs");
  TCase *tc_out_stream = tcase_create ("output-streaming");
  TCase *tc_loop = tcase_create ("loopback");

  suite_add_tcase (s, tc_outputs);
  tcase_add_checked_fixture (tc_outputs, NULL, card_teardown);
  tcase_add_test (tc_outputs, test_open_output);
  tcase_add_test (tc_outputs, test_enum_outputs);
  tcase_add_test (tc_outputs, test_set_output);
  tcase_add_test (tc_outputs, test_configure_outputs);
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

  return s;
}

GST_CHECK_MAIN (tvhw_output);
