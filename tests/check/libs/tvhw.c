/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests of the hardware layer against the virtual TV card: the card
 * and its handles, inputs, standards, formats and error injection.
 * Through the public tvhw.h API, with tvhw-virtual.h to configure the
 * card; tvhw-backend.h only where the public API cannot express a call (a
 * wrong buffer type). The other parts of the hardware layer's tests are
 * in tvhw-streaming.c, tvhw-output.c and tvhw-controls.c; their shared
 * helpers in tvhw-common.c.
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

    fail_if (gst_tv_hw_device_open (bad[i], GST_TV_HW_NODE_VIDEO_CAPTURE, &err),
        "%s", bad[i]);
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  }
  fail_unless (gst_tv_hw_virtual_card_get (GST_TV_HW_VIRTUAL_MAX_CARDS) ==
      NULL);
}

GST_END_TEST;

/* an open refused for a node without the capability of @name */
static void
assert_wrong_kind (GstTvHwDevice * dev, GError ** error, const gchar * name)
{
  GError *err = *error;

  *error = NULL;
  fail_unless (dev == NULL, "%s", name);
  fail_unless (err != NULL);
  fail_unless (strstr (err->message, name) != NULL, "%s", err->message);
  fail_unless (strstr (err->message, "virtual:0") != NULL, "%s", err->message);
  fail_unless (strstr (err->message, "does not support") != NULL, "%s",
      err->message);
  assert_tvhw_error (err, GST_TV_HW_ERROR_WRONG_DIRECTION);
}

GST_START_TEST (test_node_kinds)
{
  static const struct
  {
    GstTvHwNodeKind kind;
    guint32 buf_type, capability;
    const gchar *name;
    gboolean output, vbi;
  } kinds[] = {
    {GST_TV_HW_NODE_VIDEO_CAPTURE, V4L2_BUF_TYPE_VIDEO_CAPTURE,
        V4L2_CAP_VIDEO_CAPTURE, "video capture", FALSE, FALSE},
    {GST_TV_HW_NODE_VIDEO_OUTPUT, V4L2_BUF_TYPE_VIDEO_OUTPUT,
        V4L2_CAP_VIDEO_OUTPUT, "video output", TRUE, FALSE},
    {GST_TV_HW_NODE_VBI_CAPTURE, V4L2_BUF_TYPE_VBI_CAPTURE,
        V4L2_CAP_VBI_CAPTURE, "VBI capture", FALSE, TRUE},
    {GST_TV_HW_NODE_VBI_OUTPUT, V4L2_BUF_TYPE_VBI_OUTPUT,
        V4L2_CAP_VBI_OUTPUT, "VBI output", TRUE, TRUE},
    {GST_TV_HW_NODE_SLICED_VBI_CAPTURE, V4L2_BUF_TYPE_SLICED_VBI_CAPTURE,
        V4L2_CAP_SLICED_VBI_CAPTURE, "sliced VBI capture", FALSE, TRUE},
    {GST_TV_HW_NODE_SLICED_VBI_OUTPUT, V4L2_BUF_TYPE_SLICED_VBI_OUTPUT,
        V4L2_CAP_SLICED_VBI_OUTPUT, "sliced VBI output", TRUE, TRUE},
  };
  GstTvHwVirtualCard *card = fresh_card (0);
  guint i;

  fail_unless_equals_int (G_N_ELEMENTS (kinds), GST_TV_HW_N_NODE_KINDS);
  for (i = 0; i < G_N_ELEMENTS (kinds); i++) {
    GstTvHwNodeKind kind = kinds[i].kind;
    GError *err = NULL;
    GstTvHwDevice *dev;

    fail_unless_equals_int (gst_tv_hw_node_kind_buf_type (kind),
        kinds[i].buf_type);
    fail_unless_equals_int (gst_tv_hw_node_kind_capability (kind),
        kinds[i].capability);
    fail_unless_equals_string (gst_tv_hw_node_kind_name (kind), kinds[i].name);
    fail_unless_equals_int (gst_tv_hw_node_kind_is_output (kind),
        kinds[i].output);
    fail_unless_equals_int (gst_tv_hw_node_kind_is_vbi (kind), kinds[i].vbi);
    fail_unless_equals_int (gst_tv_hw_node_kind_is_sliced (kind),
        kinds[i].buf_type == V4L2_BUF_TYPE_SLICED_VBI_CAPTURE ||
        kinds[i].buf_type == V4L2_BUF_TYPE_SLICED_VBI_OUTPUT);

    /* every kind the card has opens its node, and every call takes its
     * type; the VBI output node is sliced only */
    dev = gst_tv_hw_device_open ("virtual:0", kind, &err);
    if (kind != GST_TV_HW_NODE_VBI_OUTPUT) {
      fail_unless (dev != NULL, "%s: %s", kinds[i].name,
          err ? err->message : "");
      fail_unless_equals_int (gst_tv_hw_device_get_kind (dev), kind);
      fail_unless_equals_int (gst_tv_hw_device_get_buf_type (dev),
          kinds[i].buf_type);
      fail_unless (gst_tv_hw_device_get_caps (dev) & kinds[i].capability);
      gst_tv_hw_device_close (dev);
      fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
    } else {
      assert_wrong_kind (dev, &err, kinds[i].name);
    }
    if (!kinds[i].vbi || kinds[i].output)
      continue;

    /* a VBI capture node without that capability: refused, saying so */
    fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (card,
            kind == GST_TV_HW_NODE_VBI_CAPTURE ?
            GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE :
            GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE));
    dev = gst_tv_hw_device_open ("virtual:0", kind, &err);
    assert_wrong_kind (dev, &err, kinds[i].name);
    fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (card,
            GST_TV_HW_VIRTUAL_VBI_ALL_NODES));
    fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
  }
}

GST_END_TEST;

/* a card without VBI nodes: NOT_FOUND, naming the video node, the card
 * and the kind; no open of a VBI kind; a video node answers ENOTTY to
 * G_SLICED_VBI_CAP */
GST_START_TEST (test_find_vbi_location_none)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwNodeKind kind;
  GstTvHwDevice *dev;
  struct v4l2_sliced_vbi_cap cap;
  GError *err = NULL;

  fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (card, 0));
  fail_if (gst_tv_hw_virtual_card_set_vbi_nodes (card, 0x100));
  dev = open_card ("virtual:0");
  for (kind = GST_TV_HW_NODE_VBI_CAPTURE; kind < GST_TV_HW_N_NODE_KINDS; kind++) {
    fail_if (gst_tv_hw_find_vbi_location (dev, kind, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
    fail_if (gst_tv_hw_device_open ("virtual:0", kind, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  }
  fail_unless (gst_tv_hw_device_get_caps (dev) & V4L2_CAP_VIDEO_CAPTURE);
  fail_if (dev->cap.capabilities & (V4L2_CAP_VBI_CAPTURE |
          V4L2_CAP_SLICED_VBI_CAPTURE | V4L2_CAP_SLICED_VBI_OUTPUT));
  fail_if (gst_tv_hw_find_vbi_location (dev,
          GST_TV_HW_NODE_SLICED_VBI_CAPTURE, &err));
  fail_unless (strstr (err->message, "virtual:0") != NULL, "%s", err->message);
  fail_unless (strstr (err->message, "Virtual TV card 0") != NULL, "%s",
      err->message);
  fail_unless (strstr (err->message, "sliced VBI capture") != NULL, "%s",
      err->message);
  g_clear_error (&err);

  fail_if (gst_tv_hw_device_get_sliced_vbi_cap (dev, &cap, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
  gst_tv_hw_device_close (dev);
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
  /* a broken driver without inputs */
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, NULL, 0));
  dev = open_card ("virtual:0");
  fail_if (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_set_input (dev, 0, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  g_clear_error (&err);
  gst_tv_hw_device_close (dev);

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

/* a driver that lists other formats, or none */
GST_START_TEST (test_set_formats)
{
  static const guint32 mjpg[] = { V4L2_PIX_FMT_MJPEG, V4L2_PIX_FMT_UYVY };
  GstTvHwVirtualCard *card = fresh_card (0);
  guint32 too_many[GST_TV_HW_VIRTUAL_MAX_FORMATS + 1];
  GstTvHwDevice *dev, *out;
  struct v4l2_fmtdesc desc;
  GError *err = NULL;
  gchar *descr;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (too_many); i++)
    too_many[i] = V4L2_PIX_FMT_YUYV;
  fail_if (gst_tv_hw_virtual_card_set_formats (card, too_many,
          G_N_ELEMENTS (too_many)));
  too_many[0] = 0;
  fail_if (gst_tv_hw_virtual_card_set_formats (card, too_many, 1));

  fail_unless (gst_tv_hw_virtual_card_set_formats (card, mjpg, 2));
  dev = open_card ("virtual:0");
  out = gst_tv_hw_device_open ("virtual:0", GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (out != NULL);
  fail_unless (gst_tv_hw_device_enum_fmt (dev, 0, &desc, &err));
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_MJPEG);
  descr = GST_TV_HW_NAME (desc.description);
  fail_unless_equals_string (descr, "MJPG");
  g_free (descr);
  fail_unless (gst_tv_hw_device_enum_fmt (dev, 1, &desc, &err));
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_if (gst_tv_hw_device_enum_fmt (dev, 2, &desc, &err));
  fail_unless (err == NULL);
  fail_unless (gst_tv_hw_device_enum_fmt (out, 0, &desc, &err));
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_MJPEG);

  fail_unless (gst_tv_hw_virtual_card_set_formats (card, NULL, 0));
  fail_if (gst_tv_hw_device_enum_fmt (dev, 0, &desc, &err));
  fail_unless (err == NULL);
  fail_if (gst_tv_hw_device_enum_fmt (out, 0, &desc, &err));
  fail_unless (err == NULL);
  gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (dev);

  /* a reset brings YUYV and UYVY back */
  fail_unless (gst_tv_hw_virtual_card_reset (card));
  dev = open_card ("virtual:0");
  fail_unless (gst_tv_hw_device_enum_fmt (dev, 1, &desc, &err));
  fail_unless_equals_int (desc.pixelformat, V4L2_PIX_FMT_UYVY);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

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

/* --- faults --- */

GST_START_TEST (test_fault_open)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GError *err = NULL;

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_OPEN,
      EBUSY);
  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_NODE_VIDEO_CAPTURE,
          &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_OPEN,
      -EACCES);
  fail_if (gst_tv_hw_device_open ("virtual:0", GST_TV_HW_NODE_VIDEO_CAPTURE,
          &err));
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

static Suite *
tvhw_suite (void)
{
  Suite *s = suite_create ("tvhw");
  TCase *tc_card = tcase_create ("card");
  TCase *tc_inputs = tcase_create ("inputs");
  TCase *tc_std = tcase_create ("standards");
  TCase *tc_fmt = tcase_create ("formats");
  TCase *tc_faults = tcase_create ("faults");

  suite_add_tcase (s, tc_card);
  tcase_add_checked_fixture (tc_card, NULL, card_teardown);
  tcase_add_test (tc_card, test_open_close);
  tcase_add_test (tc_card, test_find_vbi_location_none);
  tcase_add_test (tc_card, test_open_unknown_card);
  tcase_add_test (tc_card, test_node_kinds);
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
  tcase_add_test (tc_fmt, test_set_formats);
  tcase_add_test (tc_fmt, test_fmt_follows_std);
  tcase_add_test (tc_fmt, test_set_fmt);
  tcase_add_test (tc_fmt, test_try_fmt);
  tcase_add_test (tc_fmt, test_cropcap);
  tcase_add_test (tc_fmt, test_g_parm);

  suite_add_tcase (s, tc_faults);
  tcase_add_checked_fixture (tc_faults, NULL, card_teardown);
  tcase_add_test (tc_faults, test_fault_open);
  tcase_add_test (tc_faults, test_fault_settings);
  tcase_add_test (tc_faults, test_fault_streaming);

  return s;
}

GST_CHECK_MAIN (tvhw);
