/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer harness: the virtual TV card's call surface, through the
 * hardware layer (sys/v4l2tv/hw/tvhw.h) as the elements call it: random
 * sequences of gst_tv_hw_device_* calls with random arguments, on up to
 * four handles opened at "virtual..." (capture and output nodes, on one
 * card or several), mixed with the card's test API
 * (sys/v4l2tv/hw/tvhw-virtual.h: frames, inputs, signals, faults, pacing)
 * and the pure helpers on standards and frequencies.
 *
 * Input: a sequence of operations, each a byte choosing the call (and the
 * handle, bits 6-7) followed by its arguments, decoded as the call needs
 * them (fuzz_u8/u16/u32/u64/string; zeros once the input ends). At most
 * MAX_OPS operations; then every handle is closed and the cards are
 * reset, so that each input starts from power-on.
 *
 * Checks: no crash, leak, undefined behaviour, critical or hang (waits
 * are at most 2 ms); the layer's convention holds: a call that fails sets
 * a GError in GST_TV_HW_ERROR, except an enumeration's end (FALSE with no
 * error); a mapped buffer is readable and writable to its size; names
 * are NUL-terminated.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 * data, size_t size);

#define N_SLOTS 4
#define MAX_OPS 256

static GstTvHwDevice *slots[N_SLOTS];

static const guint32 pixelformats[] = {
  V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_UYVY, V4L2_PIX_FMT_YUV420,
  V4L2_PIX_FMT_NV12, V4L2_PIX_FMT_RGB24, 0,
};

static const guint32 ctrl_ids[] = {
  V4L2_CID_USER_CLASS, V4L2_CID_BRIGHTNESS, V4L2_CID_CONTRAST,
  V4L2_CID_SATURATION, V4L2_CID_HUE, V4L2_CID_HFLIP, V4L2_CID_VFLIP,
  V4L2_CID_COLORFX, V4L2_CID_AUDIO_VOLUME, 0,
};

static const gint errnos[] = {
  EIO, ENODEV, EBUSY, ENOMEM, EINTR, EAGAIN, EINVAL, EACCES, ENOSPC, EPIPE,
};

static const v4l2_std_id stds[] = {
  V4L2_STD_PAL, V4L2_STD_NTSC, V4L2_STD_SECAM, V4L2_STD_PAL_M,
  V4L2_STD_NTSC_M_JP, V4L2_STD_PAL_60, V4L2_STD_ALL, V4L2_STD_525_60,
  V4L2_STD_625_50, V4L2_STD_PAL_BG, V4L2_STD_SECAM_L, 0,
};

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

/* the convention of tvhw.h: FALSE comes with an error, but an
 * enumeration's end may come without */
static void
check (const gchar * call, gboolean ok, GError ** error, gboolean is_enum)
{
  if (ok && *error != NULL) {
    fprintf (stderr, "fuzz-tvhw: %s succeeded with an error: %s\n", call,
        (*error)->message);
    abort ();
  }
  if (!ok && *error == NULL && !is_enum) {
    fprintf (stderr, "fuzz-tvhw: %s failed without an error\n", call);
    abort ();
  }
  if (*error != NULL && ((*error)->domain != GST_TV_HW_ERROR ||
          (*error)->message == NULL)) {
    fprintf (stderr, "fuzz-tvhw: %s: an error of domain %s\n", call,
        g_quark_to_string ((*error)->domain));
    abort ();
  }
  g_clear_error (error);
}

#define CHECK(call, is_enum) check (#call, (call), &error, is_enum)

static v4l2_std_id
fuzz_std (FuzzReader * r)
{
  guint8 sel = fuzz_u8 (r);

  if (sel < 0x80)
    return stds[sel % G_N_ELEMENTS (stds)];
  return fuzz_u64 (r);
}

static guint32
fuzz_buf_type (FuzzReader * r)
{
  guint8 sel = fuzz_u8 (r);

  if (sel < 0x70)
    return V4L2_BUF_TYPE_VIDEO_CAPTURE;
  if (sel < 0xe0)
    return V4L2_BUF_TYPE_VIDEO_OUTPUT;
  return sel & 0x1f;
}

static guint32
fuzz_ctrl_id (FuzzReader * r)
{
  guint8 sel = fuzz_u8 (r);

  if (sel < 0xc0)
    return ctrl_ids[sel % G_N_ELEMENTS (ctrl_ids)];
  return fuzz_u32 (r);
}

static void
fuzz_format (FuzzReader * r, GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  guint8 sel = fuzz_u8 (r);

  memset (fmt, 0, sizeof (*fmt));
  fmt->type = (sel & 1) ? fuzz_buf_type (r) :
      gst_tv_hw_device_get_buf_type (dev);
  fmt->fmt.pix.pixelformat = (sel & 2) ? fuzz_u32 (r) :
      pixelformats[fuzz_u8 (r) % G_N_ELEMENTS (pixelformats)];
  if (sel & 4) {
    fmt->fmt.pix.width = fuzz_u32 (r);
    fmt->fmt.pix.height = fuzz_u32 (r);
    fmt->fmt.pix.bytesperline = fuzz_u32 (r);
    fmt->fmt.pix.sizeimage = fuzz_u32 (r);
  }
  fmt->fmt.pix.field = (sel & 8) ? fuzz_u32 (r) : V4L2_FIELD_INTERLACED;
  if (sel & 16)
    fmt->fmt.pix.colorspace = fuzz_u32 (r);
}

static void
test_api (FuzzReader * r)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (fuzz_u8 (r) % 4);
  guint8 op = fuzz_u8 (r);

  switch (op % 14) {
    case 0:
      gst_tv_hw_virtual_card_emit_frames (card, fuzz_u8 (r) % 4);
      break;
    case 1:{
      GstTvHwVirtualInput inputs[GST_TV_HW_VIRTUAL_MAX_INPUTS + 1];
      gchar *names[G_N_ELEMENTS (inputs)];
      guint n = fuzz_u8 (r) % G_N_ELEMENTS (inputs), i;

      for (i = 0; i < n; i++) {
        names[i] = fuzz_string (r);
        inputs[i].name = names[i];
        inputs[i].type = fuzz_u8 (r) % 3;
        inputs[i].std = fuzz_std (r);
        inputs[i].signal_std = fuzz_std (r);
        inputs[i].audioset = fuzz_u8 (r) % 5;
      }
      if (n > 0)
        gst_tv_hw_virtual_card_set_inputs (card, inputs, n);
      for (i = 0; i < n; i++)
        g_free (names[i]);
      break;
    }
    case 2:
      gst_tv_hw_virtual_card_set_signal (card, fuzz_u8 (r) % 10, fuzz_std (r));
      break;
    case 3:{
      GstTvHwVirtualFault fault = fuzz_u8 (r) % GST_TV_HW_VIRTUAL_N_FAULTS;
      gint err = errnos[fuzz_u8 (r) % G_N_ELEMENTS (errnos)];

      gst_tv_hw_virtual_card_inject_faults (card, fault, err, fuzz_u8 (r) % 4);
      break;
    }
    case 4:
      gst_tv_hw_virtual_card_set_input_status (card, fuzz_u8 (r) % 10,
          fuzz_u32 (r));
      break;
    case 5:
      gst_tv_hw_virtual_card_drop_frames (card, fuzz_u8 (r) % 8);
      break;
    case 6:
      gst_tv_hw_virtual_card_corrupt_frames (card, fuzz_u8 (r) % 8);
      break;
    case 7:
      gst_tv_hw_virtual_card_set_flip_controls (card, fuzz_u8 (r) & 1);
      break;
    case 8:
      gst_tv_hw_virtual_card_set_no_signal_frames (card, fuzz_u8 (r) & 1);
      break;
    case 9:{
      guint8 *data = NULL;
      gsize size = 0;
      struct v4l2_pix_format fmt;
      guint32 seq;

      if (gst_tv_hw_virtual_card_peek_output (card, &data, &size, &fmt,
              &seq) && size > 0)
        data[size - 1] ^= data[0];
      g_free (data);
      break;
    }
    case 10:{
      guint32 displayed, repeated;

      gst_tv_hw_virtual_card_get_output_counts (card, &displayed, &repeated);
      break;
    }
    case 11:
      /* no REALTIME: a wait of at most 2 ms would rarely see a frame */
      gst_tv_hw_virtual_card_set_pacing (card, (fuzz_u8 (r) & 1) ?
          GST_TV_HW_VIRTUAL_PACING_FREERUN : GST_TV_HW_VIRTUAL_PACING_MANUAL);
      break;
    case 12:
      gst_tv_hw_virtual_card_get_open_count (card);
      break;
    default:{
      guint n;
      const GstTvHwVirtualStation *st = gst_tv_hw_virtual_get_stations (&n);

      if (n > 0 && st[fuzz_u8 (r) % n].channel == NULL)
        abort ();
      break;
    }
  }
}

static void
helpers (FuzzReader * r)
{
  v4l2_std_id std = fuzz_std (r);
  guint num = 0, den = 0;
  const gchar *name;
  guint32 cap = fuzz_u32 (r);
  guint64 hz = fuzz_u64 (r);

  gst_tv_hw_std_lines (std);
  if (gst_tv_hw_std_frame_period (std, &num, &den) && den == 0)
    abort ();
  name = gst_tv_hw_std_name (std);
  if (name && *name == '\0')
    abort ();
  gst_tv_hw_frequency_to_hz (fuzz_u32 (r), cap);
  gst_tv_hw_frequency_from_hz (hz, cap);
}

static void
open_slot (FuzzReader * r, guint slot)
{
  guint8 sel = fuzz_u8 (r);
  /* bit 0: the direction; bits 4-5: video, raw VBI or sliced VBI */
  static const GstTvHwNodeKind kinds[4][2] = {
    {GST_TV_HW_NODE_VIDEO_CAPTURE, GST_TV_HW_NODE_VIDEO_OUTPUT},
    {GST_TV_HW_NODE_VBI_CAPTURE, GST_TV_HW_NODE_VBI_OUTPUT},
    {GST_TV_HW_NODE_SLICED_VBI_CAPTURE, GST_TV_HW_NODE_SLICED_VBI_OUTPUT},
    {GST_TV_HW_NODE_VIDEO_CAPTURE, GST_TV_HW_NODE_VIDEO_OUTPUT},
  };
  GstTvHwNodeKind dir = kinds[(sel >> 4) & 3][sel & 1];
  g_autofree gchar *location = NULL;
  GError *error = NULL;

  if (slots[slot])
    gst_tv_hw_device_close (slots[slot]);
  if (sel & 0x80) {
    /* anything after "virtual:": never a real device */
    g_autofree gchar *tail = fuzz_string (r);

    location = g_strconcat ("virtual:", tail, NULL);
  } else if ((sel >> 1) % 8 == 7) {
    location = g_strdup ("virtual");
  } else {
    location = g_strdup_printf ("virtual:%u", (sel >> 1) % 5);
  }
  slots[slot] = gst_tv_hw_device_open (location, dir, &error);
  check ("open", slots[slot] != NULL, &error, FALSE);
  if (slots[slot]) {
    /* the QUERYCAP copies are strings (ASan sees a read past the end) */
    if (strlen (gst_tv_hw_device_get_card (slots[slot])) +
        strlen (gst_tv_hw_device_get_driver (slots[slot])) +
        strlen (gst_tv_hw_device_get_bus_info (slots[slot])) +
        strlen (gst_tv_hw_device_get_location (slots[slot])) == 0)
      abort ();
    gst_tv_hw_device_get_backend_name (slots[slot]);
    gst_tv_hw_device_get_kind (slots[slot]);
    gst_tv_hw_device_get_caps (slots[slot]);
  }
}

static void
device_op (FuzzReader * r, GstTvHwDevice * dev, guint8 op)
{
  GError *error = NULL;

  switch (op) {
    case 0:{
      struct v4l2_input in;

      CHECK (gst_tv_hw_device_enum_input (dev, fuzz_u8 (r) % 12, &in,
              &error), TRUE);
      break;
    }
    case 1:{
      guint32 index;

      CHECK (gst_tv_hw_device_get_input (dev, &index, &error), FALSE);
      break;
    }
    case 2:
      CHECK (gst_tv_hw_device_set_input (dev, fuzz_u8 (r) < 0xf0 ?
              fuzz_u8 (r) % 10 : fuzz_u32 (r), &error), FALSE);
      break;
    case 3:{
      struct v4l2_output out;

      CHECK (gst_tv_hw_device_enum_output (dev, fuzz_u8 (r) % 6, &out,
              &error), TRUE);
      break;
    }
    case 4:{
      guint32 index;

      CHECK (gst_tv_hw_device_get_output (dev, &index, &error), FALSE);
      break;
    }
    case 5:
      CHECK (gst_tv_hw_device_set_output (dev, fuzz_u8 (r) < 0xf0 ?
              fuzz_u8 (r) % 6 : fuzz_u32 (r), &error), FALSE);
      break;
    case 6:{
      struct v4l2_standard std;

      CHECK (gst_tv_hw_device_enum_std (dev, fuzz_u8 (r) % 48, &std,
              &error), TRUE);
      break;
    }
    case 7:{
      v4l2_std_id std;

      CHECK (gst_tv_hw_device_get_std (dev, &std, &error), FALSE);
      break;
    }
    case 8:
      CHECK (gst_tv_hw_device_set_std (dev, fuzz_std (r), &error), FALSE);
      break;
    case 9:{
      v4l2_std_id std;

      CHECK (gst_tv_hw_device_query_std (dev, &std, &error), FALSE);
      break;
    }
    case 10:{
      struct v4l2_fmtdesc desc;

      CHECK (gst_tv_hw_device_enum_fmt (dev, fuzz_u8 (r) % 6, &desc,
              &error), TRUE);
      break;
    }
    case 11:{
      struct v4l2_format fmt;

      memset (&fmt, 0, sizeof (fmt));
      fmt.type = (fuzz_u8 (r) & 1) ? fuzz_buf_type (r) :
          gst_tv_hw_device_get_buf_type (dev);
      CHECK (gst_tv_hw_device_get_fmt (dev, &fmt, &error), FALSE);
      break;
    }
    case 12:{
      struct v4l2_format fmt;

      fuzz_format (r, dev, &fmt);
      CHECK (gst_tv_hw_device_set_fmt (dev, &fmt, &error), FALSE);
      break;
    }
    case 13:{
      struct v4l2_format fmt;

      fuzz_format (r, dev, &fmt);
      CHECK (gst_tv_hw_device_try_fmt (dev, &fmt, &error), FALSE);
      break;
    }
    case 14:{
      struct v4l2_cropcap cc;

      memset (&cc, 0, sizeof (cc));
      cc.type = fuzz_buf_type (r);
      CHECK (gst_tv_hw_device_cropcap (dev, &cc, &error), FALSE);
      break;
    }
    case 15:{
      struct v4l2_streamparm parm;

      memset (&parm, 0, sizeof (parm));
      parm.type = fuzz_buf_type (r);
      CHECK (gst_tv_hw_device_get_parm (dev, &parm, &error), FALSE);
      break;
    }
    case 16:{
      struct v4l2_queryctrl qc;

      CHECK (gst_tv_hw_device_query_ctrl (dev, fuzz_ctrl_id (r), &qc,
              &error), FALSE);
      break;
    }
    case 17:{
      struct v4l2_queryctrl qc;
      guint n = 0;

      memset (&qc, 0, sizeof (qc));
      qc.id = (fuzz_u8 (r) & 1) ? fuzz_ctrl_id (r) : 0;
      while (n++ < 32 && gst_tv_hw_device_next_ctrl (dev, &qc, &error));
      check ("gst_tv_hw_device_next_ctrl", FALSE, &error, TRUE);
      break;
    }
    case 18:{
      struct v4l2_querymenu qm;

      CHECK (gst_tv_hw_device_enum_menu (dev, fuzz_ctrl_id (r),
              fuzz_u8 (r) < 0xf0 ? fuzz_u8 (r) % 6 : fuzz_u32 (r), &qm,
              &error), TRUE);
      break;
    }
    case 19:{
      gint32 value;

      CHECK (gst_tv_hw_device_get_ctrl (dev, fuzz_ctrl_id (r), &value,
              &error), FALSE);
      break;
    }
    case 20:
      CHECK (gst_tv_hw_device_set_ctrl (dev, fuzz_ctrl_id (r),
              (gint32) fuzz_u32 (r), &error), FALSE);
      break;
    case 21:{
      struct v4l2_tuner t;

      CHECK (gst_tv_hw_device_get_tuner (dev, fuzz_u8 (r) % 3, &t, &error),
          FALSE);
      break;
    }
    case 22:{
      struct v4l2_tuner t;

      memset (&t, 0, sizeof (t));
      t.index = fuzz_u8 (r) % 3;
      t.audmode = fuzz_u8 (r) < 0xf0 ? fuzz_u8 (r) % 6 : fuzz_u32 (r);
      t.type = fuzz_u8 (r) % 4;
      CHECK (gst_tv_hw_device_set_tuner (dev, &t, &error), FALSE);
      break;
    }
    case 23:{
      struct v4l2_modulator m;

      CHECK (gst_tv_hw_device_get_modulator (dev, fuzz_u8 (r) % 3, &m,
              &error), FALSE);
      break;
    }
    case 24:{
      struct v4l2_modulator m;

      memset (&m, 0, sizeof (m));
      m.index = fuzz_u8 (r) % 3;
      m.txsubchans = fuzz_u8 (r) < 0xf0 ? fuzz_u8 (r) % 8 : fuzz_u32 (r);
      CHECK (gst_tv_hw_device_set_modulator (dev, &m, &error), FALSE);
      break;
    }
    case 25:{
      guint32 f;

      CHECK (gst_tv_hw_device_get_frequency (dev, fuzz_u8 (r) % 3, &f,
              &error), FALSE);
      break;
    }
    case 26:
      CHECK (gst_tv_hw_device_set_frequency (dev, fuzz_u8 (r) % 3,
              fuzz_u8 (r) % 5, fuzz_u32 (r), &error), FALSE);
      break;
    case 27:{
      struct v4l2_audio a;

      CHECK (gst_tv_hw_device_enum_audio (dev, fuzz_u8 (r) % 4, &a, &error),
          TRUE);
      break;
    }
    case 28:{
      struct v4l2_audio a;

      CHECK (gst_tv_hw_device_get_audio (dev, &a, &error), FALSE);
      break;
    }
    case 29:
      CHECK (gst_tv_hw_device_set_audio (dev, fuzz_u8 (r) % 4,
              fuzz_u8 (r) % 4, &error), FALSE);
      break;
    case 30:{
      struct v4l2_audioout a;

      CHECK (gst_tv_hw_device_enum_audout (dev, fuzz_u8 (r) % 4, &a,
              &error), TRUE);
      break;
    }
    case 31:{
      struct v4l2_audioout a;

      CHECK (gst_tv_hw_device_get_audout (dev, &a, &error), FALSE);
      break;
    }
    case 32:
      CHECK (gst_tv_hw_device_set_audout (dev, fuzz_u8 (r) % 4, &error), FALSE);
      break;
    case 33:{
      guint32 actual;

      CHECK (gst_tv_hw_device_request_buffers (dev, fuzz_u8 (r) % 40,
              &actual, &error), FALSE);
      break;
    }
    case 34:{
      struct v4l2_buffer buf;

      CHECK (gst_tv_hw_device_query_buffer (dev, fuzz_u8 (r) % 36, &buf,
              &error), FALSE);
      break;
    }
    case 35:{
      gpointer data = NULL;
      gsize size = 0;
      guint8 fill = fuzz_u8 (r);
      gboolean ok = gst_tv_hw_device_map_buffer (dev, fuzz_u8 (r) % 36,
          &data, &size, &error);

      check ("gst_tv_hw_device_map_buffer", ok, &error, FALSE);
      /* the whole mapping is ours to read and write */
      if (ok && size > 0) {
        guint8 *p = data;

        if (fill & 1)
          memset (p, fill, size);
        else
          p[size - 1] ^= p[0];
      }
      break;
    }
    case 36:{
      struct v4l2_buffer buf;
      guint8 sel = fuzz_u8 (r);

      memset (&buf, 0, sizeof (buf));
      buf.index = (sel & 1) ? fuzz_u32 (r) : fuzz_u8 (r) % 36;
      buf.type = (sel & 2) ? fuzz_buf_type (r) :
          gst_tv_hw_device_get_buf_type (dev);
      buf.memory = (sel & 4) ? fuzz_u8 (r) % 6 : V4L2_MEMORY_MMAP;
      buf.bytesused = (sel & 8) ? fuzz_u32 (r) : 829440;
      buf.field = (sel & 16) ? fuzz_u8 (r) % 12 : V4L2_FIELD_INTERLACED;
      buf.flags = (sel & 32) ? fuzz_u32 (r) : 0;
      buf.length = (sel & 64) ? fuzz_u32 (r) : 0;
      CHECK (gst_tv_hw_device_queue_buffer (dev, &buf, &error), FALSE);
      break;
    }
    case 37:{
      struct v4l2_buffer buf;

      memset (&buf, 0, sizeof (buf));
      buf.type = gst_tv_hw_device_get_buf_type (dev);
      buf.memory = V4L2_MEMORY_MMAP;
      CHECK (gst_tv_hw_device_dequeue_buffer (dev, &buf, &error), FALSE);
      break;
    }
    case 38:
      CHECK (gst_tv_hw_device_wait (dev, (fuzz_u8 (r) % 3) * GST_MSECOND,
              &error), FALSE);
      break;
    case 39:
      CHECK (gst_tv_hw_device_stream_on (dev, &error), FALSE);
      break;
    case 40:
      CHECK (gst_tv_hw_device_stream_off (dev, &error), FALSE);
      break;
    case 41:
      gst_tv_hw_device_set_flushing (dev, fuzz_u8 (r) & 1);
      break;
    default:{
      /* a captured frame's marks, read where the format says; on a VBI
       * node its VBI calls */
      struct v4l2_format fmt;
      struct v4l2_buffer buf;
      gpointer data;
      gsize size;
      GstTvHwVirtualFrameInfo info;

      if (gst_tv_hw_node_kind_is_vbi (gst_tv_hw_device_get_kind (dev))) {
        struct v4l2_sliced_vbi_cap cap;
        gchar *loc;

        CHECK (gst_tv_hw_device_get_sliced_vbi_cap (dev, &cap, &error), FALSE);
        loc = gst_tv_hw_find_vbi_location (dev, gst_tv_hw_device_get_kind
            (dev), &error);
        check ("find_vbi_location", loc != NULL, &error, FALSE);
        g_free (loc);
        break;
      }

      memset (&fmt, 0, sizeof (fmt));
      fmt.type = gst_tv_hw_device_get_buf_type (dev);
      memset (&buf, 0, sizeof (buf));
      buf.type = fmt.type;
      buf.memory = V4L2_MEMORY_MMAP;
      if (gst_tv_hw_device_get_fmt (dev, &fmt, NULL) &&
          gst_tv_hw_device_dequeue_buffer (dev, &buf, NULL) &&
          gst_tv_hw_device_map_buffer (dev, buf.index, &data, &size, NULL) &&
          (gsize) fmt.fmt.pix.bytesperline * fmt.fmt.pix.height <= size &&
          fmt.fmt.pix.bytesperline >= 2 * fmt.fmt.pix.width)
        gst_tv_hw_virtual_decode ((const guint8 *) data +
            (fmt.fmt.pix.pixelformat == V4L2_PIX_FMT_UYVY), 2,
            fmt.fmt.pix.width, fmt.fmt.pix.height, fmt.fmt.pix.bytesperline,
            &info);
      break;
    }
  }
}

#define N_DEVICE_OPS 43

int
LLVMFuzzerTestOneInput (const guint8 * data, size_t size)
{
  FuzzReader r;
  guint n, i;

  fuzz_reader_init (&r, data, size);
  for (n = 0; n < MAX_OPS && !fuzz_reader_done (&r); n++) {
    guint8 op = fuzz_u8 (&r);
    guint slot = op >> 6;
    guint8 what = op & 0x3f;

    if (what < N_DEVICE_OPS) {
      if (slots[slot])
        device_op (&r, slots[slot], what);
    } else if (what < 50) {
      open_slot (&r, slot);
    } else if (what < 54) {
      if (slots[slot]) {
        gst_tv_hw_device_close (slots[slot]);
        slots[slot] = NULL;
      }
    } else if (what < 62) {
      test_api (&r);
    } else {
      helpers (&r);
    }
  }

  for (i = 0; i < N_SLOTS; i++) {
    if (slots[i]) {
      gst_tv_hw_device_close (slots[i]);
      slots[i] = NULL;
    }
  }
  fuzz_reset_cards (GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fuzz_plant_leak ();

  return 0;
}
