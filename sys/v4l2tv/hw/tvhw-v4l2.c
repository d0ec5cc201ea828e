/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the kernel backend (/dev/videoN).
 *
 * The only file of the project that calls ioctl(), mmap() and poll() on a
 * device. Every operation is a thin wrapper around xioctl(), which
 * retries on EINTR and returns 0 or -errno.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "hw/tvhw-backend.h"

GST_DEBUG_CATEGORY_STATIC (tvhw_v4l2_debug);
#define GST_CAT_DEFAULT tvhw_v4l2_debug

typedef struct
{
  gint fd;
  /* the device fd plus a control fd, for an interruptible wait */
  GstPoll *poll;
  GstPollFD pollfd;
} V4l2Priv;

#define PRIV(dev) ((V4l2Priv *) (dev)->priv)

static gint
xioctl (GstTvHwDevice * dev, gulong request, const gchar * name, gpointer arg)
{
  gint ret;

  do {
    ret = ioctl (PRIV (dev)->fd, request, arg);
  } while (ret == -1 && errno == EINTR);

  if (ret == -1) {
    ret = -errno;
    GST_TRACE ("%s on '%s': %s", name, dev->location, g_strerror (-ret));
    return ret;
  }
  GST_TRACE ("%s on '%s': ok", name, dev->location);
  return 0;
}

#define XIOCTL(dev, req, arg) xioctl ((dev), (req), #req, (arg))

static gint
v4l2_open (GstTvHwDevice * dev, const gchar * location, GstTvHwNodeKind kind)
{
  struct stat st;
  V4l2Priv *priv;
  gint fd;

  {
    static gsize done = 0;
    if (g_once_init_enter (&done)) {
      GST_DEBUG_CATEGORY_INIT (tvhw_v4l2_debug, "tvhw-v4l2", 0,
          "v4l2tv hardware layer, kernel backend");
      g_once_init_leave (&done, 1);
    }
  }

  if (stat (location, &st) < 0)
    return -errno;
  if (!S_ISCHR (st.st_mode)) {
    GST_DEBUG ("'%s' is not a character device", location);
    return -ENOTTY;
  }

  do {
    fd = open (location, O_RDWR | O_NONBLOCK | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return -errno;

  priv = g_new0 (V4l2Priv, 1);
  priv->fd = fd;
  priv->poll = gst_poll_new (TRUE);
  gst_poll_fd_init (&priv->pollfd);
  priv->pollfd.fd = fd;
  gst_poll_add_fd (priv->poll, &priv->pollfd);
  if (!gst_tv_hw_node_kind_is_output (kind))
    gst_poll_fd_ctl_read (priv->poll, &priv->pollfd, TRUE);
  else
    gst_poll_fd_ctl_write (priv->poll, &priv->pollfd, TRUE);
  gst_poll_fd_ctl_pri (priv->poll, &priv->pollfd, TRUE);
  dev->priv = priv;

  return 0;
}

static void
v4l2_close (GstTvHwDevice * dev)
{
  V4l2Priv *priv = PRIV (dev);

  gst_poll_free (priv->poll);
  close (priv->fd);
  g_free (priv);
}

static gint
v4l2_querycap (GstTvHwDevice * dev, struct v4l2_capability *cap)
{
  return XIOCTL (dev, VIDIOC_QUERYCAP, cap);
}

static gint
v4l2_enum_input (GstTvHwDevice * dev, struct v4l2_input *input)
{
  return XIOCTL (dev, VIDIOC_ENUMINPUT, input);
}

static gint
v4l2_g_input (GstTvHwDevice * dev, guint32 * index)
{
  gint v = 0;
  gint ret = XIOCTL (dev, VIDIOC_G_INPUT, &v);

  if (ret == 0)
    *index = v;
  return ret;
}

static gint
v4l2_s_input (GstTvHwDevice * dev, guint32 index)
{
  gint v = index;

  return XIOCTL (dev, VIDIOC_S_INPUT, &v);
}

static gint
v4l2_enum_output (GstTvHwDevice * dev, struct v4l2_output *output)
{
  return XIOCTL (dev, VIDIOC_ENUMOUTPUT, output);
}

static gint
v4l2_g_output (GstTvHwDevice * dev, guint32 * index)
{
  gint v = 0;
  gint ret = XIOCTL (dev, VIDIOC_G_OUTPUT, &v);

  if (ret == 0)
    *index = v;
  return ret;
}

static gint
v4l2_s_output (GstTvHwDevice * dev, guint32 index)
{
  gint v = index;

  return XIOCTL (dev, VIDIOC_S_OUTPUT, &v);
}

static gint
v4l2_enumstd (GstTvHwDevice * dev, struct v4l2_standard *std)
{
  /* an output node takes VIDIOC_ENUMSTD too: the kernel enumerates the
   * standards of the current output */
  return XIOCTL (dev, VIDIOC_ENUMSTD, std);
}

static gint
v4l2_g_std (GstTvHwDevice * dev, v4l2_std_id * std)
{
  return XIOCTL (dev, VIDIOC_G_STD, std);
}

static gint
v4l2_s_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  return XIOCTL (dev, VIDIOC_S_STD, &std);
}

static gint
v4l2_querystd (GstTvHwDevice * dev, v4l2_std_id * std)
{
  return XIOCTL (dev, VIDIOC_QUERYSTD, std);
}

static gint
v4l2_enum_fmt (GstTvHwDevice * dev, struct v4l2_fmtdesc *desc)
{
  return XIOCTL (dev, VIDIOC_ENUM_FMT, desc);
}

static gint
v4l2_g_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return XIOCTL (dev, VIDIOC_G_FMT, fmt);
}

static gint
v4l2_s_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return XIOCTL (dev, VIDIOC_S_FMT, fmt);
}

static gint
v4l2_try_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return XIOCTL (dev, VIDIOC_TRY_FMT, fmt);
}

static gint
v4l2_cropcap (GstTvHwDevice * dev, struct v4l2_cropcap *cropcap)
{
  return XIOCTL (dev, VIDIOC_CROPCAP, cropcap);
}

static gint
v4l2_g_parm (GstTvHwDevice * dev, struct v4l2_streamparm *parm)
{
  return XIOCTL (dev, VIDIOC_G_PARM, parm);
}

static gint
v4l2_queryctrl (GstTvHwDevice * dev, struct v4l2_queryctrl *qc)
{
  return XIOCTL (dev, VIDIOC_QUERYCTRL, qc);
}

static gint
v4l2_querymenu (GstTvHwDevice * dev, struct v4l2_querymenu *qm)
{
  return XIOCTL (dev, VIDIOC_QUERYMENU, qm);
}

static gint
v4l2_g_ctrl (GstTvHwDevice * dev, struct v4l2_control *ctrl)
{
  return XIOCTL (dev, VIDIOC_G_CTRL, ctrl);
}

static gint
v4l2_s_ctrl (GstTvHwDevice * dev, struct v4l2_control *ctrl)
{
  /* _IOWR: the driver writes back the value it stored */
  return XIOCTL (dev, VIDIOC_S_CTRL, ctrl);
}

static gint
v4l2_g_tuner (GstTvHwDevice * dev, struct v4l2_tuner *tuner)
{
  return XIOCTL (dev, VIDIOC_G_TUNER, tuner);
}

/* the _IOW ioctls take a copy, so that the caller's const struct is never
 * handed to the kernel as writable */
static gint
v4l2_s_tuner (GstTvHwDevice * dev, const struct v4l2_tuner *tuner)
{
  struct v4l2_tuner t = *tuner;

  return XIOCTL (dev, VIDIOC_S_TUNER, &t);
}

static gint
v4l2_g_modulator (GstTvHwDevice * dev, struct v4l2_modulator *mod)
{
  return XIOCTL (dev, VIDIOC_G_MODULATOR, mod);
}

static gint
v4l2_s_modulator (GstTvHwDevice * dev, const struct v4l2_modulator *mod)
{
  struct v4l2_modulator m = *mod;

  return XIOCTL (dev, VIDIOC_S_MODULATOR, &m);
}

static gint
v4l2_g_frequency (GstTvHwDevice * dev, struct v4l2_frequency *freq)
{
  return XIOCTL (dev, VIDIOC_G_FREQUENCY, freq);
}

static gint
v4l2_s_frequency (GstTvHwDevice * dev, const struct v4l2_frequency *freq)
{
  struct v4l2_frequency f = *freq;

  return XIOCTL (dev, VIDIOC_S_FREQUENCY, &f);
}

static gint
v4l2_enumaudio (GstTvHwDevice * dev, struct v4l2_audio *audio)
{
  return XIOCTL (dev, VIDIOC_ENUMAUDIO, audio);
}

static gint
v4l2_g_audio (GstTvHwDevice * dev, struct v4l2_audio *audio)
{
  return XIOCTL (dev, VIDIOC_G_AUDIO, audio);
}

static gint
v4l2_s_audio (GstTvHwDevice * dev, const struct v4l2_audio *audio)
{
  struct v4l2_audio a = *audio;

  return XIOCTL (dev, VIDIOC_S_AUDIO, &a);
}

static gint
v4l2_enumaudout (GstTvHwDevice * dev, struct v4l2_audioout *audout)
{
  return XIOCTL (dev, VIDIOC_ENUMAUDOUT, audout);
}

static gint
v4l2_g_audout (GstTvHwDevice * dev, struct v4l2_audioout *audout)
{
  return XIOCTL (dev, VIDIOC_G_AUDOUT, audout);
}

static gint
v4l2_s_audout (GstTvHwDevice * dev, const struct v4l2_audioout *audout)
{
  struct v4l2_audioout a = *audout;

  return XIOCTL (dev, VIDIOC_S_AUDOUT, &a);
}

static gint
v4l2_reqbufs (GstTvHwDevice * dev, struct v4l2_requestbuffers *req)
{
  return XIOCTL (dev, VIDIOC_REQBUFS, req);
}

static gint
v4l2_querybuf (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  return XIOCTL (dev, VIDIOC_QUERYBUF, buf);
}

static gint
v4l2_qbuf (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  return XIOCTL (dev, VIDIOC_QBUF, buf);
}

static gint
v4l2_dqbuf (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  /* the fd is O_NONBLOCK: EAGAIN when nothing is ready */
  return XIOCTL (dev, VIDIOC_DQBUF, buf);
}

static gint
v4l2_streamon (GstTvHwDevice * dev, guint32 type)
{
  gint t = type;

  return XIOCTL (dev, VIDIOC_STREAMON, &t);
}

static gint
v4l2_streamoff (GstTvHwDevice * dev, guint32 type)
{
  gint t = type;

  return XIOCTL (dev, VIDIOC_STREAMOFF, &t);
}

static gint
v4l2_mmap (GstTvHwDevice * dev, guint32 offset, gsize length, gpointer * data)
{
  gpointer p;

  p = mmap (NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, PRIV (dev)->fd,
      offset);
  if (p == MAP_FAILED)
    return -errno;
  *data = p;
  return 0;
}

static gint
v4l2_munmap (GstTvHwDevice * dev, gpointer data, gsize length)
{
  if (munmap (data, length) < 0)
    return -errno;
  return 0;
}

static gint
v4l2_poll (GstTvHwDevice * dev, gint64 timeout_ns)
{
  V4l2Priv *priv = PRIV (dev);
  GstClockTime timeout =
      timeout_ns < 0 ? GST_CLOCK_TIME_NONE : (GstClockTime) timeout_ns;
  gint ret;

  for (;;) {
    ret = gst_poll_wait (priv->poll, timeout);
    if (ret > 0)
      break;
    if (ret == 0)
      return -ETIMEDOUT;
    if (errno == EBUSY)
      return -ECANCELED;        /* set_flushing (TRUE) */
    if (errno == EINTR || errno == EAGAIN)
      continue;
    return -errno;
  }

  /* POLLHUP first: an unregistered node (unplugged, vivid's disconnect
   * control) answers POLLERR | POLLHUP | POLLPRI (v4l2-dev.c v4l2_poll),
   * a queue that is not streaming POLLERR alone (vb2_core_poll) */
  if (gst_poll_fd_has_closed (priv->poll, &priv->pollfd)) {
    GST_DEBUG ("'%s': POLLHUP, disconnected", dev->location);
    return -ENODEV;
  }
  if (gst_poll_fd_has_error (priv->poll, &priv->pollfd)) {
    GST_DEBUG ("'%s': POLLERR", dev->location);
    return -EIO;
  }
  return 0;
}

static void
v4l2_interrupt (GstTvHwDevice * dev, gboolean flushing)
{
  gst_poll_set_flushing (PRIV (dev)->poll, flushing);
}

/**
 * gst_tv_hw_v4l2_ops:
 *
 * The kernel backend's operations.
 */
const GstTvHwOps gst_tv_hw_v4l2_ops = {
  .name = "v4l2",
  .open = v4l2_open,
  .close = v4l2_close,
  .querycap = v4l2_querycap,
  .enum_input = v4l2_enum_input,
  .g_input = v4l2_g_input,
  .s_input = v4l2_s_input,
  .enum_output = v4l2_enum_output,
  .g_output = v4l2_g_output,
  .s_output = v4l2_s_output,
  .enumstd = v4l2_enumstd,
  .g_std = v4l2_g_std,
  .s_std = v4l2_s_std,
  .querystd = v4l2_querystd,
  .enum_fmt = v4l2_enum_fmt,
  .g_fmt = v4l2_g_fmt,
  .s_fmt = v4l2_s_fmt,
  .try_fmt = v4l2_try_fmt,
  .cropcap = v4l2_cropcap,
  .g_parm = v4l2_g_parm,
  .queryctrl = v4l2_queryctrl,
  .querymenu = v4l2_querymenu,
  .g_ctrl = v4l2_g_ctrl,
  .s_ctrl = v4l2_s_ctrl,
  .g_tuner = v4l2_g_tuner,
  .s_tuner = v4l2_s_tuner,
  .g_modulator = v4l2_g_modulator,
  .s_modulator = v4l2_s_modulator,
  .g_frequency = v4l2_g_frequency,
  .s_frequency = v4l2_s_frequency,
  .enumaudio = v4l2_enumaudio,
  .g_audio = v4l2_g_audio,
  .s_audio = v4l2_s_audio,
  .enumaudout = v4l2_enumaudout,
  .g_audout = v4l2_g_audout,
  .s_audout = v4l2_s_audout,
  .reqbufs = v4l2_reqbufs,
  .querybuf = v4l2_querybuf,
  .qbuf = v4l2_qbuf,
  .dqbuf = v4l2_dqbuf,
  .streamon = v4l2_streamon,
  .streamoff = v4l2_streamoff,
  .mmap = v4l2_mmap,
  .munmap = v4l2_munmap,
  .poll = v4l2_poll,
  .interrupt = v4l2_interrupt,
};
