/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's faults. Every operation
 * the core calls goes through a gate in front of the driver
 * (gst_tv_hw_virtual_driver_ops, tvhw-virtual.c and the files it names)
 * that
 *   - counts the call (gst_tv_hw_virtual_card_get_fault_stats),
 *   - arms the faults a test tied to this operation
 *     (gst_tv_hw_virtual_card_inject_faults_on),
 *   - answers ENODEV on a handle opened before an unplug, as the V4L2 core
 *     does once video_unregister_device() ran (v4l2-dev.c: every ioctl and
 *     mmap of an unregistered node fails with ENODEV, poll returns
 *     POLLERR | POLLHUP, release still works),
 *   - and fails the call with an injected errno on entry. The faults the
 *     driver takes itself at the exact place vivid does (OPEN, S_INPUT,
 *     S_STD, S_FMT, REQBUFS, STREAMON, DQBUF, S_OUTPUT; see
 *     GstTvHwVirtualFault) are left to it.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

/* indexed by GstTvHwVirtualFault */
static const struct
{
  const gchar *name;
  gboolean in_driver;           /* taken by the driver, not the gate */
} fault_info[GST_TV_HW_VIRTUAL_N_FAULTS] = {
  [GST_TV_HW_VIRTUAL_FAULT_OPEN] = {"open", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_S_INPUT] = {"VIDIOC_S_INPUT", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_S_STD] = {"VIDIOC_S_STD", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_S_FMT] = {"VIDIOC_S_FMT", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_REQBUFS] = {"VIDIOC_REQBUFS", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_STREAMON] = {"VIDIOC_STREAMON", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_DQBUF] = {"VIDIOC_DQBUF", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT] = {"VIDIOC_S_OUTPUT", TRUE},
  [GST_TV_HW_VIRTUAL_FAULT_QUERYCAP] = {"VIDIOC_QUERYCAP", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_ENUMINPUT] = {"VIDIOC_ENUMINPUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_INPUT] = {"VIDIOC_G_INPUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_ENUMOUTPUT] = {"VIDIOC_ENUMOUTPUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_OUTPUT] = {"VIDIOC_G_OUTPUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_ENUMSTD] = {"VIDIOC_ENUMSTD", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_STD] = {"VIDIOC_G_STD", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_QUERYSTD] = {"VIDIOC_QUERYSTD", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_ENUM_FMT] = {"VIDIOC_ENUM_FMT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_FMT] = {"VIDIOC_G_FMT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_TRY_FMT] = {"VIDIOC_TRY_FMT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_CROPCAP] = {"VIDIOC_CROPCAP", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_PARM] = {"VIDIOC_G_PARM", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_QUERYCTRL] = {"VIDIOC_QUERYCTRL", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_QUERYMENU] = {"VIDIOC_QUERYMENU", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_CTRL] = {"VIDIOC_G_CTRL", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_CTRL] = {"VIDIOC_S_CTRL", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_TUNER] = {"VIDIOC_G_TUNER", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_TUNER] = {"VIDIOC_S_TUNER", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_MODULATOR] = {"VIDIOC_G_MODULATOR", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_MODULATOR] = {"VIDIOC_S_MODULATOR", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_FREQUENCY] = {"VIDIOC_G_FREQUENCY", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_FREQUENCY] = {"VIDIOC_S_FREQUENCY", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_ENUMAUDIO] = {"VIDIOC_ENUMAUDIO", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_AUDIO] = {"VIDIOC_G_AUDIO", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_AUDIO] = {"VIDIOC_S_AUDIO", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_ENUMAUDOUT] = {"VIDIOC_ENUMAUDOUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_AUDOUT] = {"VIDIOC_G_AUDOUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_AUDOUT] = {"VIDIOC_S_AUDOUT", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_QUERYBUF] = {"VIDIOC_QUERYBUF", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_QBUF] = {"VIDIOC_QBUF", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_STREAMOFF] = {"VIDIOC_STREAMOFF", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_MMAP] = {"mmap", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_POLL] = {"poll", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_SELECTION] = {"VIDIOC_G_SELECTION", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_S_SELECTION] = {"VIDIOC_S_SELECTION", FALSE},
  [GST_TV_HW_VIRTUAL_FAULT_G_SLICED_VBI_CAP] =
      {"VIDIOC_G_SLICED_VBI_CAP", FALSE},
};

/**
 * gst_tv_hw_virtual_fault_name:
 * @fault: an injection point
 *
 * Returns: the name of its operation ("VIDIOC_S_STD", "mmap", "poll"), or
 * %NULL for a value out of range
 */
const gchar *
gst_tv_hw_virtual_fault_name (GstTvHwVirtualFault fault)
{
  if ((guint) fault >= GST_TV_HW_VIRTUAL_N_FAULTS)
    return NULL;
  return fault_info[fault].name;
}

/* card->lock held */
void
gst_tv_hw_virtual_faults_reset (GstTvHwVirtualCard * card)
{
  memset (card->fault_calls, 0, sizeof (card->fault_calls));
  memset (card->fault_hits, 0, sizeof (card->fault_hits));
  memset (card->trigger_fault, 0, sizeof (card->trigger_fault));
  memset (card->trigger_err, 0, sizeof (card->trigger_err));
  memset (card->trigger_count, 0, sizeof (card->trigger_count));
  card->unplugged = FALSE;
}

/* card->lock held */
gboolean
gst_tv_hw_virtual_handle_dead (GstTvHwVirtualHandle * handle)
{
  GstTvHwVirtualCard *card = handle->card;

  return card->unplugged || handle->generation != card->generation;
}

/* card->lock held: inject_faults() now, inject_faults_on() at its trigger */
static void
arm (GstTvHwVirtualCard * card, GstTvHwVirtualFault fault, gint err,
    guint count)
{
  card->faults[fault] = count > 0 ? ABS (err) : 0;
  card->fault_repeats[fault] = err != 0 && count > 1 ? count - 1 : 0;
  /* a pending DQBUF fault makes poll report "ready" */
  g_cond_broadcast (&card->cond);
}

/* in front of every operation on an open handle: 0 to go on to the
 * driver, or the -errno the call fails with */
static gint
gate (GstTvHwDevice * dev, GstTvHwVirtualFault fault)
{
  GstTvHwVirtualHandle *handle = dev->priv;
  GstTvHwVirtualCard *card = handle->card;
  gint ret = 0, armed;

  g_mutex_lock (&card->lock);
  card->fault_calls[fault]++;
  armed = card->trigger_fault[fault];
  if (armed > 0) {
    card->trigger_fault[fault] = 0;
    GST_DEBUG ("card %u: %s arms a fault on %s", card->index,
        fault_info[fault].name, fault_info[armed - 1].name);
    arm (card, armed - 1, card->trigger_err[fault], card->trigger_count[fault]);
  }
  if (gst_tv_hw_virtual_handle_dead (handle)) {
    GST_LOG ("card %u: %s on a handle of an unplugged card", card->index,
        fault_info[fault].name);
    ret = -ENODEV;
  } else if (!fault_info[fault].in_driver) {
    ret = gst_tv_hw_virtual_take_fault (card,
        gst_tv_hw_virtual_handle_node (handle), fault);
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

#define DRIVER gst_tv_hw_virtual_driver_ops

/* the operations with one argument after the device: the gate, then
 * the driver */
static gint
gated_querycap (GstTvHwDevice * dev, struct v4l2_capability *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_QUERYCAP);

  return ret < 0 ? ret : DRIVER.querycap (dev, arg);
}

static gint
gated_enum_input (GstTvHwDevice * dev, struct v4l2_input *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_ENUMINPUT);

  return ret < 0 ? ret : DRIVER.enum_input (dev, arg);
}

static gint
gated_g_input (GstTvHwDevice * dev, guint32 * arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_INPUT);

  return ret < 0 ? ret : DRIVER.g_input (dev, arg);
}

static gint
gated_s_input (GstTvHwDevice * dev, guint32 arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_INPUT);

  return ret < 0 ? ret : DRIVER.s_input (dev, arg);
}

static gint
gated_enum_output (GstTvHwDevice * dev, struct v4l2_output *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_ENUMOUTPUT);

  return ret < 0 ? ret : DRIVER.enum_output (dev, arg);
}

static gint
gated_g_output (GstTvHwDevice * dev, guint32 * arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_OUTPUT);

  return ret < 0 ? ret : DRIVER.g_output (dev, arg);
}

static gint
gated_s_output (GstTvHwDevice * dev, guint32 arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT);

  return ret < 0 ? ret : DRIVER.s_output (dev, arg);
}

static gint
gated_enumstd (GstTvHwDevice * dev, struct v4l2_standard *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_ENUMSTD);

  return ret < 0 ? ret : DRIVER.enumstd (dev, arg);
}

static gint
gated_g_std (GstTvHwDevice * dev, v4l2_std_id * arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_STD);

  return ret < 0 ? ret : DRIVER.g_std (dev, arg);
}

static gint
gated_s_std (GstTvHwDevice * dev, v4l2_std_id arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_STD);

  return ret < 0 ? ret : DRIVER.s_std (dev, arg);
}

static gint
gated_querystd (GstTvHwDevice * dev, v4l2_std_id * arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_QUERYSTD);

  return ret < 0 ? ret : DRIVER.querystd (dev, arg);
}

static gint
gated_enum_fmt (GstTvHwDevice * dev, struct v4l2_fmtdesc *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_ENUM_FMT);

  return ret < 0 ? ret : DRIVER.enum_fmt (dev, arg);
}

static gint
gated_g_fmt (GstTvHwDevice * dev, struct v4l2_format *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_FMT);

  return ret < 0 ? ret : DRIVER.g_fmt (dev, arg);
}

static gint
gated_s_fmt (GstTvHwDevice * dev, struct v4l2_format *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_FMT);

  return ret < 0 ? ret : DRIVER.s_fmt (dev, arg);
}

static gint
gated_try_fmt (GstTvHwDevice * dev, struct v4l2_format *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_TRY_FMT);

  return ret < 0 ? ret : DRIVER.try_fmt (dev, arg);
}

static gint
gated_cropcap (GstTvHwDevice * dev, struct v4l2_cropcap *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_CROPCAP);

  return ret < 0 ? ret : DRIVER.cropcap (dev, arg);
}

static gint
gated_g_parm (GstTvHwDevice * dev, struct v4l2_streamparm *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_PARM);

  return ret < 0 ? ret : DRIVER.g_parm (dev, arg);
}

static gint
gated_queryctrl (GstTvHwDevice * dev, struct v4l2_queryctrl *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_QUERYCTRL);

  return ret < 0 ? ret : DRIVER.queryctrl (dev, arg);
}

static gint
gated_querymenu (GstTvHwDevice * dev, struct v4l2_querymenu *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_QUERYMENU);

  return ret < 0 ? ret : DRIVER.querymenu (dev, arg);
}

static gint
gated_g_ctrl (GstTvHwDevice * dev, struct v4l2_control *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_CTRL);

  return ret < 0 ? ret : DRIVER.g_ctrl (dev, arg);
}

static gint
gated_s_ctrl (GstTvHwDevice * dev, struct v4l2_control *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_CTRL);

  return ret < 0 ? ret : DRIVER.s_ctrl (dev, arg);
}

static gint
gated_g_tuner (GstTvHwDevice * dev, struct v4l2_tuner *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_TUNER);

  return ret < 0 ? ret : DRIVER.g_tuner (dev, arg);
}

static gint
gated_s_tuner (GstTvHwDevice * dev, const struct v4l2_tuner *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_TUNER);

  return ret < 0 ? ret : DRIVER.s_tuner (dev, arg);
}

static gint
gated_g_modulator (GstTvHwDevice * dev, struct v4l2_modulator *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_MODULATOR);

  return ret < 0 ? ret : DRIVER.g_modulator (dev, arg);
}

static gint
gated_s_modulator (GstTvHwDevice * dev, const struct v4l2_modulator *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_MODULATOR);

  return ret < 0 ? ret : DRIVER.s_modulator (dev, arg);
}

static gint
gated_g_frequency (GstTvHwDevice * dev, struct v4l2_frequency *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_FREQUENCY);

  return ret < 0 ? ret : DRIVER.g_frequency (dev, arg);
}

static gint
gated_s_frequency (GstTvHwDevice * dev, const struct v4l2_frequency *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_FREQUENCY);

  return ret < 0 ? ret : DRIVER.s_frequency (dev, arg);
}

static gint
gated_enumaudio (GstTvHwDevice * dev, struct v4l2_audio *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_ENUMAUDIO);

  return ret < 0 ? ret : DRIVER.enumaudio (dev, arg);
}

static gint
gated_g_audio (GstTvHwDevice * dev, struct v4l2_audio *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_AUDIO);

  return ret < 0 ? ret : DRIVER.g_audio (dev, arg);
}

static gint
gated_s_audio (GstTvHwDevice * dev, const struct v4l2_audio *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_AUDIO);

  return ret < 0 ? ret : DRIVER.s_audio (dev, arg);
}

static gint
gated_enumaudout (GstTvHwDevice * dev, struct v4l2_audioout *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_ENUMAUDOUT);

  return ret < 0 ? ret : DRIVER.enumaudout (dev, arg);
}

static gint
gated_g_audout (GstTvHwDevice * dev, struct v4l2_audioout *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_AUDOUT);

  return ret < 0 ? ret : DRIVER.g_audout (dev, arg);
}

static gint
gated_s_audout (GstTvHwDevice * dev, const struct v4l2_audioout *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_AUDOUT);

  return ret < 0 ? ret : DRIVER.s_audout (dev, arg);
}

static gint
gated_reqbufs (GstTvHwDevice * dev, struct v4l2_requestbuffers *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_REQBUFS);

  return ret < 0 ? ret : DRIVER.reqbufs (dev, arg);
}

static gint
gated_querybuf (GstTvHwDevice * dev, struct v4l2_buffer *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_QUERYBUF);

  return ret < 0 ? ret : DRIVER.querybuf (dev, arg);
}

static gint
gated_qbuf (GstTvHwDevice * dev, struct v4l2_buffer *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_QBUF);

  return ret < 0 ? ret : DRIVER.qbuf (dev, arg);
}

static gint
gated_dqbuf (GstTvHwDevice * dev, struct v4l2_buffer *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_DQBUF);

  return ret < 0 ? ret : DRIVER.dqbuf (dev, arg);
}

static gint
gated_streamon (GstTvHwDevice * dev, guint32 arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_STREAMON);

  return ret < 0 ? ret : DRIVER.streamon (dev, arg);
}

static gint
gated_streamoff (GstTvHwDevice * dev, guint32 arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_STREAMOFF);

  return ret < 0 ? ret : DRIVER.streamoff (dev, arg);
}

static gint
gated_poll (GstTvHwDevice * dev, gint64 arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_POLL);

  return ret < 0 ? ret : DRIVER.poll (dev, arg);
}

static gint
gated_g_selection (GstTvHwDevice * dev, struct v4l2_selection *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_SELECTION);

  return ret < 0 ? ret : DRIVER.g_selection (dev, arg);
}

static gint
gated_s_selection (GstTvHwDevice * dev, struct v4l2_selection *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_S_SELECTION);

  return ret < 0 ? ret : DRIVER.s_selection (dev, arg);
}

static gint
gated_g_sliced_vbi_cap (GstTvHwDevice * dev, struct v4l2_sliced_vbi_cap *arg)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_G_SLICED_VBI_CAP);

  return ret < 0 ? ret : DRIVER.g_sliced_vbi_cap (dev, arg);
}

static gint
gated_mmap (GstTvHwDevice * dev, guint32 offset, gsize length, gpointer * data)
{
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_MMAP);

  return ret < 0 ? ret : DRIVER.mmap (dev, offset, length, data);
}

/* open, close, munmap and interrupt go straight to the driver (the gates
 * of munmap and interrupt are always open): open answers ENOENT itself
 * while the card is unplugged; the others work on a dead handle, as
 * release, munmap and a signal do in the kernel */
static gint
pass_open (GstTvHwDevice * dev, const gchar * location, GstTvHwNodeKind kind)
{
  return DRIVER.open (dev, location, kind);
}

static void
pass_close (GstTvHwDevice * dev)
{
  DRIVER.close (dev);
}

static gint
gated_munmap (GstTvHwDevice * dev, gpointer data, gsize length)
{
  return DRIVER.munmap (dev, data, length);
}

static void
gated_interrupt (GstTvHwDevice * dev, gboolean flushing)
{
  DRIVER.interrupt (dev, flushing);
}

/* not an ioctl of the node: no fault of its own, but a dead handle's card
 * has no nodes left */
static gint
gated_find_node (GstTvHwDevice * video, GstTvHwNodeKind kind, gchar ** location)
{
  GstTvHwVirtualHandle *handle = video->priv;
  gboolean dead;

  g_mutex_lock (&handle->card->lock);
  dead = gst_tv_hw_virtual_handle_dead (handle);
  g_mutex_unlock (&handle->card->lock);

  return dead ? -ENODEV : DRIVER.find_node (video, kind, location);
}

const GstTvHwOps gst_tv_hw_virtual_ops = {
  .name = "virtual",
  .open = pass_open,
  .close = pass_close,
  .querycap = gated_querycap,
  .enum_input = gated_enum_input,
  .g_input = gated_g_input,
  .s_input = gated_s_input,
  .enum_output = gated_enum_output,
  .g_output = gated_g_output,
  .s_output = gated_s_output,
  .enumstd = gated_enumstd,
  .g_std = gated_g_std,
  .s_std = gated_s_std,
  .querystd = gated_querystd,
  .enum_fmt = gated_enum_fmt,
  .g_fmt = gated_g_fmt,
  .s_fmt = gated_s_fmt,
  .try_fmt = gated_try_fmt,
  .cropcap = gated_cropcap,
  .g_parm = gated_g_parm,
  .g_selection = gated_g_selection,
  .s_selection = gated_s_selection,
  .queryctrl = gated_queryctrl,
  .querymenu = gated_querymenu,
  .g_ctrl = gated_g_ctrl,
  .s_ctrl = gated_s_ctrl,
  .g_tuner = gated_g_tuner,
  .s_tuner = gated_s_tuner,
  .g_modulator = gated_g_modulator,
  .s_modulator = gated_s_modulator,
  .g_frequency = gated_g_frequency,
  .s_frequency = gated_s_frequency,
  .enumaudio = gated_enumaudio,
  .g_audio = gated_g_audio,
  .s_audio = gated_s_audio,
  .enumaudout = gated_enumaudout,
  .g_audout = gated_g_audout,
  .s_audout = gated_s_audout,
  .reqbufs = gated_reqbufs,
  .querybuf = gated_querybuf,
  .qbuf = gated_qbuf,
  .dqbuf = gated_dqbuf,
  .streamon = gated_streamon,
  .streamoff = gated_streamoff,
  .mmap = gated_mmap,
  .munmap = gated_munmap,
  .poll = gated_poll,
  .interrupt = gated_interrupt,
  .g_sliced_vbi_cap = gated_g_sliced_vbi_cap,
  .find_node = gated_find_node,
  .stamp_clock_time = gst_tv_hw_virtual_queue_stamp_clock_time,
};

/**
 * gst_tv_hw_virtual_card_inject_fault:
 * @card: a card
 * @fault: where
 * @err: the errno (positive or negative) the next such call returns, on
 *   either node; 0 cancels a pending fault
 */
void
gst_tv_hw_virtual_card_inject_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, gint err)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (fault < GST_TV_HW_VIRTUAL_N_FAULTS);

  gst_tv_hw_virtual_card_inject_faults (card, fault, err, 1);
}

/**
 * gst_tv_hw_virtual_card_inject_faults:
 * @card: a card
 * @fault: where
 * @err: the errno (positive or negative) the next @count such calls
 *   return, on either node; 0 cancels pending faults
 * @count: how many calls in a row fail
 */
void
gst_tv_hw_virtual_card_inject_faults (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, gint err, guint count)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (fault < GST_TV_HW_VIRTUAL_N_FAULTS);

  g_mutex_lock (&card->lock);
  arm (card, fault, err, count);
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_inject_faults_on:
 * @card: a card
 * @trigger: the operation whose next call injects the fault
 * @fault: where
 * @err: the errno (positive or negative); 0 cancels a pending trigger
 * @count: how many calls in a row fail
 *
 * The fault is armed as by gst_tv_hw_virtual_card_inject_faults() when
 * @trigger is next called on either node, before that call runs (so that
 * @trigger itself fails when @fault is @trigger).
 */
void
gst_tv_hw_virtual_card_inject_faults_on (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault trigger, GstTvHwVirtualFault fault, gint err,
    guint count)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (trigger < GST_TV_HW_VIRTUAL_N_FAULTS);
  g_return_if_fail (fault < GST_TV_HW_VIRTUAL_N_FAULTS);

  g_mutex_lock (&card->lock);
  if (err == 0 || count == 0) {
    card->trigger_fault[trigger] = 0;
  } else {
    card->trigger_fault[trigger] = fault + 1;
    card->trigger_err[trigger] = err;
    card->trigger_count[trigger] = count;
  }
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_set_fault_nodes:
 * @card: a card
 * @nodes: the nodes whose calls injected faults hit
 *
 * See tvhw-virtual.h; back to all nodes at reset.
 */
void
gst_tv_hw_virtual_card_set_fault_nodes (GstTvHwVirtualCard * card,
    GstTvHwVirtualFaultNodes nodes)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (nodes <= GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES);

  g_mutex_lock (&card->lock);
  card->fault_nodes = nodes;
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_get_fault_stats:
 * @card: a card
 * @fault: an operation
 * @calls: (out) (optional): how often it was called since power-on
 * @hits: (out) (optional): how many of those calls an injected fault
 *   failed
 *
 * Returns: how many injected failures of @fault are still pending
 */
guint
gst_tv_hw_virtual_card_get_fault_stats (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, guint * calls, guint * hits)
{
  guint pending;

  g_return_val_if_fail (card != NULL, 0);
  g_return_val_if_fail (fault < GST_TV_HW_VIRTUAL_N_FAULTS, 0);

  g_mutex_lock (&card->lock);
  if (calls)
    *calls = card->fault_calls[fault];
  if (hits)
    *hits = card->fault_hits[fault];
  pending = card->faults[fault] ? card->fault_repeats[fault] + 1 : 0;
  g_mutex_unlock (&card->lock);

  return pending;
}

/**
 * gst_tv_hw_virtual_card_unplug:
 * @card: a card
 *
 * See tvhw-virtual.h.
 */
void
gst_tv_hw_virtual_card_unplug (GstTvHwVirtualCard * card)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  if (!card->unplugged) {
    card->unplugged = TRUE;
    card->generation++;
    gst_tv_hw_virtual_queue_disconnect (card, &card->cap);
    gst_tv_hw_virtual_queue_disconnect (card, &card->out);
    gst_tv_hw_virtual_queue_disconnect (card, &card->vbi_cap);
    gst_tv_hw_virtual_queue_disconnect (card, &card->vbi_out);
    GST_INFO ("card %u unplugged (%u handle(s) open)", card->index,
        card->open_count);
  }
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_replug:
 * @card: a card
 *
 * See tvhw-virtual.h.
 */
void
gst_tv_hw_virtual_card_replug (GstTvHwVirtualCard * card)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  if (card->unplugged)
    GST_INFO ("card %u plugged in again", card->index);
  card->unplugged = FALSE;
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_is_unplugged:
 * @card: a card
 *
 * Returns: whether the card is unplugged now
 */
gboolean
gst_tv_hw_virtual_card_is_unplugged (GstTvHwVirtualCard * card)
{
  gboolean ret;

  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  ret = card->unplugged;
  g_mutex_unlock (&card->lock);

  return ret;
}
