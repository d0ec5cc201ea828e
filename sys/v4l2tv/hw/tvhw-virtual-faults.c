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

/* one gated operation with one argument after the device */
/* *INDENT-OFF* */
#define GATED(op, fault, type)                                          \
static gint                                                             \
gated_##op (GstTvHwDevice * dev, type arg)                              \
{                                                                       \
  gint ret = gate (dev, GST_TV_HW_VIRTUAL_FAULT_##fault);               \
                                                                        \
  return ret < 0 ? ret : DRIVER.op (dev, arg);                          \
}

GATED (querycap, QUERYCAP, struct v4l2_capability *)
GATED (enum_input, ENUMINPUT, struct v4l2_input *)
GATED (g_input, G_INPUT, guint32 *)
GATED (s_input, S_INPUT, guint32)
GATED (enum_output, ENUMOUTPUT, struct v4l2_output *)
GATED (g_output, G_OUTPUT, guint32 *)
GATED (s_output, S_OUTPUT, guint32)
GATED (enumstd, ENUMSTD, struct v4l2_standard *)
GATED (g_std, G_STD, v4l2_std_id *)
GATED (s_std, S_STD, v4l2_std_id)
GATED (querystd, QUERYSTD, v4l2_std_id *)
GATED (enum_fmt, ENUM_FMT, struct v4l2_fmtdesc *)
GATED (g_fmt, G_FMT, struct v4l2_format *)
GATED (s_fmt, S_FMT, struct v4l2_format *)
GATED (try_fmt, TRY_FMT, struct v4l2_format *)
GATED (cropcap, CROPCAP, struct v4l2_cropcap *)
GATED (g_parm, G_PARM, struct v4l2_streamparm *)
GATED (queryctrl, QUERYCTRL, struct v4l2_queryctrl *)
GATED (querymenu, QUERYMENU, struct v4l2_querymenu *)
GATED (g_ctrl, G_CTRL, struct v4l2_control *)
GATED (s_ctrl, S_CTRL, struct v4l2_control *)
GATED (g_tuner, G_TUNER, struct v4l2_tuner *)
GATED (s_tuner, S_TUNER, const struct v4l2_tuner *)
GATED (g_modulator, G_MODULATOR, struct v4l2_modulator *)
GATED (s_modulator, S_MODULATOR, const struct v4l2_modulator *)
GATED (g_frequency, G_FREQUENCY, struct v4l2_frequency *)
GATED (s_frequency, S_FREQUENCY, const struct v4l2_frequency *)
GATED (enumaudio, ENUMAUDIO, struct v4l2_audio *)
GATED (g_audio, G_AUDIO, struct v4l2_audio *)
GATED (s_audio, S_AUDIO, const struct v4l2_audio *)
GATED (enumaudout, ENUMAUDOUT, struct v4l2_audioout *)
GATED (g_audout, G_AUDOUT, struct v4l2_audioout *)
GATED (s_audout, S_AUDOUT, const struct v4l2_audioout *)
GATED (reqbufs, REQBUFS, struct v4l2_requestbuffers *)
GATED (querybuf, QUERYBUF, struct v4l2_buffer *)
GATED (qbuf, QBUF, struct v4l2_buffer *)
GATED (dqbuf, DQBUF, struct v4l2_buffer *)
GATED (streamon, STREAMON, guint32)
GATED (streamoff, STREAMOFF, guint32)
GATED (poll, POLL, gint64)
GATED (g_selection, G_SELECTION, struct v4l2_selection *)
GATED (s_selection, S_SELECTION, struct v4l2_selection *)
GATED (g_sliced_vbi_cap, G_SLICED_VBI_CAP, struct v4l2_sliced_vbi_cap *)
/* *INDENT-ON* */

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
  GST_TV_HW_OPS_CALLS (gated)
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
