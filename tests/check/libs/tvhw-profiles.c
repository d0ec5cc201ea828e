/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tests of the virtual card's driver profiles (issue 29): the card at
 * "virtual:NAME" answers through the hardware layer what its profile's
 * table says (tvhw-virtual-profiles.c). The table is the one truth: every
 * answer is checked against it, so that the card cannot drift from it.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <gst/check/gstcheck.h>

#include "hw/tvhw.h"
#include "hw/tvhw-std.h"
#include "hw/tvhw-virtual.h"

#include "tvhw-common.h"

static GstTvHwDevice *
open_profile (const GstTvHwVirtualProfile * p)
{
  gchar *location = g_strdup_printf ("virtual:%s", p->name);
  GstTvHwDevice *dev = open_card (location);

  g_free (location);
  return dev;
}

/* the first of @p's formats the virtual card makes (it makes packed
 * 4:2:2 only): what G_FMT answers at power-on (bttv lists GREY and RGB
 * formats before YUYV) */
static guint32
first_made_format (const GstTvHwVirtualProfile * p)
{
  guint k;

  for (k = 0; k < p->n_formats; k++) {
    if (p->formats[k] == V4L2_PIX_FMT_YUYV ||
        p->formats[k] == V4L2_PIX_FMT_UYVY)
      return p->formats[k];
  }
  return V4L2_PIX_FMT_YUYV;
}

/* every fact of every profile has its source */
GST_START_TEST (test_sources)
{
  const GstTvHwVirtualProfile *profiles;
  guint n, i;

  profiles = gst_tv_hw_virtual_profiles (&n);
  fail_unless_equals_int (n, GST_TV_HW_VIRTUAL_N_PROFILES);
  for (i = 0; i < n; i++) {
    const GstTvHwVirtualProfile *p = &profiles[i];
    const gchar *sources[] = { p->kernel, p->querycap_source,
      p->inputs_source, p->inputs_signal_source, p->power_on_std_source,
      p->querystd_source, p->s_std_source, p->s_input_source,
      p->formats_source, p->sizes_source, p->ioctls_source,
      p->ctrls_source, p->nodes_source, p->buffers_source, p->sound_source
    };
    guint k;

    fail_unless (gst_tv_hw_virtual_profile_find (p->name) == p);
    for (k = 0; k < G_N_ELEMENTS (sources); k++)
      fail_unless (sources[k] != NULL && strlen (sources[k]) > 10,
          "profile %s: source %u missing", p->name, k);
    fail_unless (p->n_inputs > 0 && p->n_formats > 0);
    fail_unless (p->n_formats <= GST_TV_HW_VIRTUAL_MAX_FORMATS);
    /* the bus_info form starts with the prefix the card answers */
    fail_unless (p->bus_prefix != NULL &&
        g_str_has_prefix (p->bus_info, p->bus_prefix), "profile %s", p->name);
  }
  fail_unless (gst_tv_hw_virtual_profile_find ("nosuchdriver") == NULL);
  fail_unless (gst_tv_hw_virtual_card_get_profile ("nosuchdriver") == NULL);
}

GST_END_TEST;

/* QUERYCAP, ENUMINPUT, the standards, QUERYSTD, the formats, the ioctls
 * the driver lacks, as the table says */
GST_START_TEST (test_answers)
{
  const GstTvHwVirtualProfile *profiles;
  guint n, i;

  profiles = gst_tv_hw_virtual_profiles (&n);
  for (i = 0; i < n; i++) {
    const GstTvHwVirtualProfile *p = &profiles[i];
    GstTvHwDevice *dev = open_profile (p);
    struct v4l2_input input;
    struct v4l2_standard std;
    struct v4l2_fmtdesc desc;
    struct v4l2_format fmt;
    struct v4l2_streamparm parm;
    struct v4l2_cropcap cropcap;
    struct v4l2_audio audio;
    v4l2_std_id id, all = 0;
    GError *err = NULL;
    gchar *card;
    guint num, den, k;

    fail_unless_equals_string (gst_tv_hw_device_get_driver (dev), p->driver);
    /* the driver's strscpy() into the 32 bytes of cap->card keeps 31
     * characters (em28xx's board names are longer) */
    card = g_strndup (p->card, 31);
    fail_unless_equals_string (gst_tv_hw_device_get_card (dev), card);
    g_free (card);
    fail_unless (g_str_has_prefix (gst_tv_hw_device_get_bus_info (dev),
            p->bus_prefix), "%s: %s", p->name,
        gst_tv_hw_device_get_bus_info (dev));
    fail_unless_equals_int (gst_tv_hw_device_get_caps (dev), p->device_caps);

    for (k = 0; k < p->n_inputs; k++) {
      fail_unless (gst_tv_hw_device_enum_input (dev, k, &input, &err));
      fail_unless_equals_string ((gchar *) input.name, p->inputs[k].name);
      fail_unless_equals_int (input.type, p->inputs[k].type);
      fail_unless_equals_uint64 (input.std, p->inputs[k].std);
      fail_unless_equals_int (input.audioset, p->inputs[k].audioset);
      fail_unless_equals_int (input.capabilities, V4L2_IN_CAP_STD);
      if (!p->input_status)
        fail_unless_equals_int (input.status, 0);
    }
    /* the end of the list */
    fail_if (gst_tv_hw_device_enum_input (dev, p->n_inputs, &input, &err));
    g_clear_error (&err);

    /* ENUMSTD lists the input's standards and nothing else */
    for (k = 0; gst_tv_hw_device_enum_std (dev, k, &std, &err); k++) {
      fail_unless ((std.id & ~p->inputs[0].std) == 0, "0x%llx",
          (unsigned long long) std.id);
      all |= std.id;
    }
    g_clear_error (&err);
    fail_unless_equals_uint64 (all, p->inputs[0].std);
    fail_unless_equals_uint64 (get_std (dev), p->power_on_std);

    if (!p->querystd) {
      fail_if (gst_tv_hw_device_query_std (dev, &id, &err));
      assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    } else if (!p->querystd_lines_only) {
      /* the decoder finds what the virtual source sends */
      fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
      fail_unless_equals_uint64 (id, p->inputs[0].signal_std);
    } else {
      /* the decoder tells the field rate of what the source sends: the
       * input's standards of its line system */
      fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
      fail_unless_equals_uint64 (id, p->inputs[0].std &
          ((p->inputs[0].signal_std & V4L2_STD_525_60) ? V4L2_STD_525_60 :
              V4L2_STD_625_50));
    }

    for (k = 0; k < p->n_formats; k++) {
      fail_unless (gst_tv_hw_device_enum_fmt (dev, k, &desc, &err));
      fail_unless_equals_int (desc.pixelformat, p->formats[k]);
    }
    fail_if (gst_tv_hw_device_enum_fmt (dev, p->n_formats, &desc, &err));
    g_clear_error (&err);
    get_fmt (dev, &fmt);
    fail_unless_equals_int (fmt.fmt.pix.pixelformat, first_made_format (p));
    fail_unless_equals_int (fmt.fmt.pix.width, 720);
    fail_unless_equals_int (fmt.fmt.pix.height,
        (p->power_on_std & V4L2_STD_525_60) ? 480 : 576);
    fail_unless_equals_int (fmt.fmt.pix.field, p->buf_field);
    fail_unless_equals_int (fmt.fmt.pix.bytesperline, 720 * 2);
    /* a format the driver does not list becomes its first (usbtv and
     * stk1160: the only one; em28xx: format[0]), or is refused (bttv:
     * format_by_fourcc()) */
    memset (&fmt, 0, sizeof (fmt));
    fmt.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_YVYU;
    fmt.fmt.pix.width = 320;
    fmt.fmt.pix.height = 240;
    if (p->fmt_unlisted_einval) {
      fail_if (gst_tv_hw_device_try_fmt (dev, &fmt, &err));
      assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
      fmt.fmt.pix.pixelformat = p->formats[0];
    }
    fail_unless (gst_tv_hw_device_try_fmt (dev, &fmt, &err));
    fail_unless_equals_int (fmt.fmt.pix.pixelformat, first_made_format (p));
    /* no scaling on the virtual card (em28xx, stk1160 and bttv scale: see
     * their sizes_source) */
    fail_unless_equals_int (fmt.fmt.pix.width, 720);

    memset (&parm, 0, sizeof (parm));
    parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    fail_unless_equals_int (gst_tv_hw_device_get_parm (dev, &parm, &err),
        p->g_parm);
    if (!p->g_parm) {
      assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    } else {
      fail_unless (gst_tv_hw_std_frame_period (p->power_on_std, &num, &den));
      fail_unless_equals_int (parm.parm.capture.capability,
          V4L2_CAP_TIMEPERFRAME);
      fail_unless_equals_int (parm.parm.capture.timeperframe.numerator, num);
      fail_unless_equals_int (parm.parm.capture.timeperframe.denominator, den);
      fail_unless_equals_int (parm.parm.capture.readbuffers, p->readbuffers);
    }
    memset (&cropcap, 0, sizeof (cropcap));
    cropcap.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    fail_unless_equals_int (gst_tv_hw_device_cropcap (dev, &cropcap, &err),
        p->cropcap);
    if (!p->cropcap)
      assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    if (!p->v4l2_audio) {
      fail_if (gst_tv_hw_device_enum_audio (dev, 0, &audio, &err));
      assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    } else {
      for (k = 0; k < p->n_audio_inputs; k++) {
        fail_unless (gst_tv_hw_device_enum_audio (dev, k, &audio, &err));
        fail_unless_equals_string ((gchar *) audio.name,
            p->audio_inputs[k].name);
        fail_unless_equals_int (audio.capability,
            p->audio_inputs[k].capability);
      }
      fail_if (gst_tv_hw_device_enum_audio (dev, k, &audio, &err));
      g_clear_error (&err);
      /* the first audio input of input 0's set is the current one */
      fail_unless (gst_tv_hw_device_get_audio (dev, &audio, &err));
      fail_unless_equals_int (audio.index,
          g_bit_nth_lsf (p->inputs[0].audioset, -1));
    }
    gst_tv_hw_device_close (dev);
  }
}

GST_END_TEST;

static gint
compare_ctrl_ids (gconstpointer a, gconstpointer b)
{
  const GstTvHwVirtualProfileCtrl *ca = *(GstTvHwVirtualProfileCtrl **) a;
  const GstTvHwVirtualProfileCtrl *cb = *(GstTvHwVirtualProfileCtrl **) b;

  return ca->id < cb->id ? -1 : ca->id > cb->id;
}

/* the controls of @p's two tables, the bridge's and its decoder's, sorted
 * by id: the order the control framework lists them in */
static GPtrArray *
profile_ctrls_by_id (const GstTvHwVirtualProfile * p)
{
  GPtrArray *all = g_ptr_array_new ();
  guint k;

  for (k = 0; k < p->n_ctrls; k++)
    g_ptr_array_add (all, (gpointer) & p->ctrls[k]);
  for (k = 0; k < p->n_decoder_ctrls; k++)
    g_ptr_array_add (all, (gpointer) & p->decoder_ctrls[k]);
  g_ptr_array_sort (all, compare_ctrl_ids);
  fail_unless_equals_int (all->len, gst_tv_hw_virtual_profile_n_ctrls (p));
  return all;
}

/* the controls: the class heading, then the tables' in id order, with
 * their ranges and defaults; S_CTRL clamps */
GST_START_TEST (test_controls)
{
  const GstTvHwVirtualProfile *profiles;
  guint n, i;

  profiles = gst_tv_hw_virtual_profiles (&n);
  for (i = 0; i < n; i++) {
    const GstTvHwVirtualProfile *p = &profiles[i];
    GstTvHwDevice *dev = open_profile (p);
    struct v4l2_queryctrl qc;
    GError *err = NULL;
    gint32 value;
    guint k;

    GPtrArray *all = profile_ctrls_by_id (p);

    memset (&qc, 0, sizeof (qc));
    fail_unless (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
    fail_unless_equals_int (qc.id, V4L2_CID_USER_CLASS);
    for (k = 0; k < all->len; k++) {
      const GstTvHwVirtualProfileCtrl *c = g_ptr_array_index (all, k);

      fail_unless (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
      fail_unless_equals_int (qc.id, c->id);
      fail_unless_equals_string ((gchar *) qc.name, c->name);
      fail_unless_equals_int (qc.type, c->type != 0 ? c->type :
          V4L2_CTRL_TYPE_INTEGER);
      fail_unless_equals_int (qc.minimum, c->minimum);
      fail_unless_equals_int (qc.maximum, c->maximum);
      fail_unless_equals_int (qc.step, c->step);
      fail_unless_equals_int (qc.default_value, c->default_value);
      fail_unless_equals_int (qc.flags, c->flags);
      fail_unless (gst_tv_hw_device_get_ctrl (dev, c->id, &value, &err));
      fail_unless_equals_int (value, c->default_value);
      fail_unless (gst_tv_hw_device_set_ctrl (dev, c->id, c->maximum + 100,
              &err));
      fail_unless (gst_tv_hw_device_get_ctrl (dev, c->id, &value, &err));
      fail_unless_equals_int (value, c->maximum);
      /* below the range: the minimum, but a boolean is 1 for anything
       * but 0 (the control framework's std_validate()) */
      fail_unless (gst_tv_hw_device_set_ctrl (dev, c->id, c->minimum - 7,
              &err));
      fail_unless (gst_tv_hw_device_get_ctrl (dev, c->id, &value, &err));
      fail_unless_equals_int (value, c->type == V4L2_CTRL_TYPE_BOOLEAN ? 1 :
          c->minimum);
    }
    fail_if (gst_tv_hw_device_next_ctrl (dev, &qc, &err));
    fail_unless (err == NULL);
    /* a control the driver does not have */
    fail_if (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_HFLIP, &value, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
    gst_tv_hw_device_close (dev);

    /* power-on again: the defaults */
    fail_unless (gst_tv_hw_virtual_card_reset
        (gst_tv_hw_virtual_card_get_profile (p->name)));
    dev = open_profile (p);
    for (k = 0; k < all->len; k++) {
      const GstTvHwVirtualProfileCtrl *c = g_ptr_array_index (all, k);

      fail_unless (gst_tv_hw_device_get_ctrl (dev, c->id, &value, &err));
      fail_unless_equals_int (value, c->default_value);
    }
    gst_tv_hw_device_close (dev);
    g_ptr_array_unref (all);
  }
}

GST_END_TEST;

/* the card made from profile @name, free-running, with only its capture
 * node (no output or VBI node: open ENOENT), and a tuner (G_TUNER answers,
 * input 0 is "Television") if @tuner, else none (ENOTTY); a handle on
 * that capture node */
static GstTvHwDevice *
open_capture_only (const gchar * name, gboolean tuner)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get_profile (name);
  gchar *location = g_strdup_printf ("virtual:%s", name);
  GstTvHwDevice *dev, *other;
  struct v4l2_tuner t;
  struct v4l2_input input;
  GError *err = NULL;

  fail_unless (card != NULL);
  fail_unless (gst_tv_hw_virtual_card_get_profile (name) == card);
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);

  other = gst_tv_hw_device_open (location, GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (other == NULL);
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  other = gst_tv_hw_device_open (location, GST_TV_HW_NODE_VBI_CAPTURE, &err);
  fail_unless (other == NULL);
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);

  dev = open_card (location);
  g_free (location);
  if (!tuner) {
    fail_if (gst_tv_hw_device_get_tuner (dev, 0, &t, &err));
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    return dev;
  }
  fail_unless (gst_tv_hw_device_get_tuner (dev, 0, &t, &err), "G_TUNER: %s",
      err ? err->message : "");
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless_equals_string ((gchar *) input.name, "Television");
  fail_unless_equals_int (input.type, V4L2_INPUT_TYPE_TUNER);
  return dev;
}

/* STREAMON and frame 0: an interlaced frame of @lines lines, 720 wide in
 * a packed 4:2:2 format (usbtv_image_chunk(), em28xx finish_buffer(),
 * stk1160_buffer_done()), queued again */
static void
stream_first_frame (GstTvHwDevice * dev, guint lines)
{
  struct v4l2_buffer buf;

  stream_on (dev);
  dequeue (dev, &buf);
  fail_unless_equals_int (buf.field, V4L2_FIELD_INTERLACED);
  fail_unless_equals_int (buf.sequence, 0);
  fail_unless_equals_int (buf.bytesused, 720 * 2 * lines);
  queue (dev, buf.index);
}

/* the next frame is frame 1 (the sequence counts frames from STREAMON);
 * STREAMOFF */
static void
stream_second_frame_and_off (GstTvHwDevice * dev)
{
  struct v4l2_buffer buf;

  dequeue (dev, &buf);
  fail_unless_equals_int (buf.sequence, 1);
  stream_off (dev);
}

/* usbtv: S_INPUT and S_STD to a standard of the same size work while
 * streaming; a standard of another size is EBUSY; no output, VBI or
 * tuner; the sizes per standard; frames come in */
GST_START_TEST (test_usbtv_streaming)
{
  GstTvHwDevice *dev = open_capture_only ("usbtv", FALSE);
  struct v4l2_format fmt;
  GError *err = NULL;
  Stream s;

  set_std (dev, V4L2_STD_PAL);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  set_std (dev, V4L2_STD_SECAM);
  set_std (dev, V4L2_STD_PAL_Nc);
  set_std (dev, V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);
  /* PAL-N is not among its standards */
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL_N, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  stream_setup (&s, dev, 4, TRUE);
  stream_first_frame (dev, 480);

  /* usbtv_s_input(): no busy check */
  set_input (dev, 1);
  fail_unless_equals_int (get_input (dev), 1);
  /* usbtv_configure_for_norm(): the same size is fine, another EBUSY */
  set_std (dev, V4L2_STD_PAL_M);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  /* usbtv_fmt_vid_cap(): S_FMT changes nothing and is never busy */
  get_fmt (dev, &fmt);
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));

  stream_second_frame_and_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* em28xx: S_STD is refused while streaming, whatever the size, but not
 * with buffers alone (vidioc_s_std(): streaming_users); S_FMT is refused
 * with buffers (vb2_is_busy()); S_INPUT never; any standard of
 * V4L2_STD_ALL; G_PARM's period follows the standard; frames come in */
GST_START_TEST (test_em28xx_streaming)
{
  GstTvHwDevice *dev = open_capture_only ("em28xx", FALSE);
  struct v4l2_streamparm parm;
  struct v4l2_format fmt;
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 i;
  Stream s;

  /* PAL-N, which usbtv lacks, is among them */
  set_std (dev, V4L2_STD_PAL_N);
  set_std (dev, V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 480);
  memset (&parm, 0, sizeof (parm));
  parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  fail_unless (gst_tv_hw_device_get_parm (dev, &parm, &err));
  fail_unless_equals_int (parm.parm.capture.timeperframe.numerator, 1001);
  fail_unless_equals_int (parm.parm.capture.timeperframe.denominator, 30000);

  /* buffers but no streaming: S_STD still works, to another size too,
   * S_FMT does not; a buffer too small for the new size cannot be queued
   * (buffer_prepare()) */
  stream_setup (&s, dev, 4, FALSE);
  set_std (dev, V4L2_STD_PAL_BG);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  memset (&buf, 0, sizeof (buf));
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  set_std (dev, V4L2_STD_PAL_M);
  for (i = 0; i < s.n; i++)
    queue (dev, i);

  stream_first_frame (dev, 480);

  /* streaming: another standard of the same size is busy too; the same
   * one is fine; the input switches */
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC_M, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  set_std (dev, V4L2_STD_PAL_M);
  set_input (dev, 1);
  fail_unless_equals_int (get_input (dev), 1);

  stream_second_frame_and_off (dev);
  /* stopped: the standard may change again */
  set_std (dev, V4L2_STD_SECAM);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* stk1160: S_STD is refused as soon as there are buffers, even for the
 * same size, and S_FMT too (vb2_is_busy()); S_INPUT never; five inputs,
 * the last S-Video; UYVY frames come in */
GST_START_TEST (test_stk1160_streaming)
{
  GstTvHwDevice *dev = open_capture_only ("stk1160", FALSE);
  struct v4l2_input input;
  struct v4l2_format fmt;
  GError *err = NULL;
  Stream s;

  fail_unless (gst_tv_hw_device_enum_input (dev, 4, &input, &err));
  fail_unless_equals_string ((gchar *) input.name, "S-Video");
  set_std (dev, V4L2_STD_PAL_N);
  set_std (dev, V4L2_STD_NTSC_M);

  stream_setup (&s, dev, 4, TRUE);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL_M, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_UYVY);
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  stream_first_frame (dev, 480);
  set_input (dev, 4);
  fail_unless_equals_int (get_input (dev), 4);
  stream_second_frame_and_off (dev);
  /* still busy: the buffers are there */
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL_M, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* bttv (BTTV_BOARD_HAUPPAUGE878): a PCI card with a tuner on input 0
 * (bttv_enum_input(): "Television"), so G_TUNER answers; no VBI or output
 * node here (see its nodes_source); S_STD and S_INPUT never busy, even
 * while streaming (bttv_s_std(), bttv_s_input()); S_FMT busy while
 * streaming and EINVAL for a format formats[] lacks; controls rounded to
 * their step (0x100 for brightness); a buffer made at 525 lines cannot
 * be queued again once the standard has 625 */
GST_START_TEST (test_bttv_streaming)
{
  GstTvHwDevice *dev = open_capture_only ("bttv", TRUE);
  struct v4l2_input input;
  struct v4l2_format fmt;
  struct v4l2_buffer buf;
  GError *err = NULL;
  gint32 value;
  Stream s;

  fail_unless (gst_tv_hw_device_enum_input (dev, 2, &input, &err));
  fail_unless_equals_string ((gchar *) input.name, "S-Video");
  /* bttv_enum_input() reports the signal status: at power-on the tuner
   * is on a station, off it there is no signal (100 MHz: no station of
   * the virtual card's plan) */
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless_equals_int (input.status & V4L2_IN_ST_NO_SIGNAL, 0);
  fail_unless (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
          100 * 16, &err));
  fail_unless (gst_tv_hw_device_enum_input (dev, 0, &input, &err));
  fail_unless (input.status & V4L2_IN_ST_NO_SIGNAL, "status 0x%x",
      input.status);
  fail_unless (gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
          GST_TV_HW_VIRTUAL_DEFAULT_FREQ, &err));

  /* the control framework rounds to the step */
  fail_unless (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_BRIGHTNESS, 0x1234,
          &err));
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_BRIGHTNESS, &value,
          &err));
  fail_unless_equals_int (value, 0x1200);

  /* S_FMT: a format formats[] lacks is EINVAL; a listed one the card
   * cannot make comes back as YUYV */
  get_fmt (dev, &fmt);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_YVYU;
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_GREY;
  fail_unless (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  fail_unless_equals_int (fmt.fmt.pix.pixelformat, V4L2_PIX_FMT_YUYV);

  set_std (dev, V4L2_STD_NTSC_M);
  stream_setup (&s, dev, 4, TRUE);
  stream_first_frame (dev, 480);

  /* streaming: another standard, of another size too, and another input */
  set_std (dev, V4L2_STD_PAL_M);
  set_std (dev, V4L2_STD_PAL);
  get_fmt (dev, &fmt);
  fail_unless_equals_int (fmt.fmt.pix.height, 576);
  set_input (dev, 3);
  fail_unless_equals_int (get_input (dev), 3);
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  /* the next buffer was made for 480 lines: it comes back, but cannot be
   * queued for 576 */
  dequeue (dev, &buf);
  fail_unless (buf.bytesused <= (guint32) FRAME_525);
  fail_if (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  stream_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* cx88 (CX88_BOARD_HAUPPAUGE): a tuner on input 0 and the board's
 * debug slot listed as input 1 (cx88_enum_input()); no VBI node here;
 * S_STD refused as soon as there are buffers, streaming or not, but not
 * for the same standard (cx88_set_tvnorm()); S_INPUT never busy; S_FMT of
 * an unlisted format EINVAL, and busy with buffers */
GST_START_TEST (test_cx88_streaming)
{
  GstTvHwDevice *dev = open_capture_only ("cx88", TRUE);
  struct v4l2_input input;
  struct v4l2_format fmt;
  GError *err = NULL;
  Stream s;

  fail_unless_equals_string (gst_tv_hw_device_get_driver (dev), "cx8800");
  fail_unless (gst_tv_hw_device_enum_input (dev, 1, &input, &err));
  fail_unless_equals_string ((gchar *) input.name, "for debug only");
  fail_unless_equals_int (input.type, V4L2_INPUT_TYPE_CAMERA);
  /* CX88_NORMS lacks PAL-H */
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL_H, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);
  /* and NTSC-M-KR: NTSC is masked to NTSC-M and -JP (v4l_s_std()) */
  set_std (dev, V4L2_STD_NTSC);
  fail_unless_equals_uint64 (get_std (dev), V4L2_STD_NTSC_M |
      V4L2_STD_NTSC_M_JP);
  set_std (dev, V4L2_STD_NTSC_M);

  get_fmt (dev, &fmt);
  fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_YVYU;
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_INVALID);

  /* buffers, not streaming: another standard is busy, the same is not */
  stream_setup (&s, dev, 4, TRUE);
  fail_if (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL_M, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  set_std (dev, V4L2_STD_NTSC_M);
  get_fmt (dev, &fmt);
  fail_if (gst_tv_hw_device_set_fmt (dev, &fmt, &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);

  stream_first_frame (dev, 480);
  set_input (dev, 3);
  fail_unless_equals_int (get_input (dev), 3);
  stream_second_frame_and_off (dev);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

/* the generic cards stay what they were */
GST_START_TEST (test_generic_unchanged)
{
  GstTvHwDevice *dev = open_card ("virtual:0");
  v4l2_std_id id;
  GError *err = NULL;

  fail_unless_equals_string (gst_tv_hw_device_get_driver (dev), "tvhw-virtual");
  fail_unless (gst_tv_hw_device_query_std (dev, &id, &err));
  gst_tv_hw_device_close (dev);
  fail_unless (gst_tv_hw_device_open ("virtual:nosuchdriver",
          GST_TV_HW_NODE_VIDEO_CAPTURE, &err) == NULL);
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
}

GST_END_TEST;

static Suite *
tvhw_profiles_suite (void)
{
  Suite *s = suite_create ("tvhw-profiles");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, NULL, card_teardown);
  tcase_add_test (tc, test_sources);
  tcase_add_test (tc, test_answers);
  tcase_add_test (tc, test_controls);
  tcase_add_test (tc, test_usbtv_streaming);
  tcase_add_test (tc, test_em28xx_streaming);
  tcase_add_test (tc, test_stk1160_streaming);
  tcase_add_test (tc, test_bttv_streaming);
  tcase_add_test (tc, test_cx88_streaming);
  tcase_add_test (tc, test_generic_unchanged);
  return s;
}

GST_CHECK_MAIN (tvhw_profiles);
