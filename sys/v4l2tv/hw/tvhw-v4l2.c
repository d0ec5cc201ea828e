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
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "hw/tvhw-backend.h"
#include "hw/tvhw-v4l2.h"
#include "v4l2tv-debug.h"

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

static void
ensure_debug_category (void)
{
  V4L2TV_DEBUG_INIT_ONCE (tvhw_v4l2_debug, "tvhw-v4l2",
      "v4l2tv hardware layer, kernel backend");
}

static gint
v4l2_open (GstTvHwDevice * dev, const gchar * location, GstTvHwNodeKind kind)
{
  struct stat st;
  V4l2Priv *priv;
  gint fd;

  ensure_debug_category ();

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

/* The ioctls that only pass their argument on. The kernel reads a
 * struct and writes its answer into it (_IOWR); an _IOW ioctl on a const
 * struct gets a copy, so that the caller's const struct is never handed
 * to it as writable; an index or buffer type goes to the kernel as an
 * int. */

static gint
v4l2_querycap (GstTvHwDevice * dev, struct v4l2_capability *arg)
{
  return XIOCTL (dev, VIDIOC_QUERYCAP, arg);
}

static gint
v4l2_enum_input (GstTvHwDevice * dev, struct v4l2_input *arg)
{
  return XIOCTL (dev, VIDIOC_ENUMINPUT, arg);
}

static gint
v4l2_g_input (GstTvHwDevice * dev, guint32 * value)
{
  gint v = 0;
  gint ret = XIOCTL (dev, VIDIOC_G_INPUT, &v);

  if (ret == 0)
    *value = v;
  return ret;
}

static gint
v4l2_s_input (GstTvHwDevice * dev, guint32 value)
{
  gint v = value;

  return XIOCTL (dev, VIDIOC_S_INPUT, &v);
}

static gint
v4l2_enum_output (GstTvHwDevice * dev, struct v4l2_output *arg)
{
  return XIOCTL (dev, VIDIOC_ENUMOUTPUT, arg);
}

static gint
v4l2_g_output (GstTvHwDevice * dev, guint32 * value)
{
  gint v = 0;
  gint ret = XIOCTL (dev, VIDIOC_G_OUTPUT, &v);

  if (ret == 0)
    *value = v;
  return ret;
}

static gint
v4l2_s_output (GstTvHwDevice * dev, guint32 value)
{
  gint v = value;

  return XIOCTL (dev, VIDIOC_S_OUTPUT, &v);
}

/* an output node takes VIDIOC_ENUMSTD too: the kernel enumerates the
 * standards of the current output */
static gint
v4l2_enumstd (GstTvHwDevice * dev, struct v4l2_standard *arg)
{
  return XIOCTL (dev, VIDIOC_ENUMSTD, arg);
}

static gint
v4l2_g_std (GstTvHwDevice * dev, v4l2_std_id * arg)
{
  return XIOCTL (dev, VIDIOC_G_STD, arg);
}

static gint
v4l2_querystd (GstTvHwDevice * dev, v4l2_std_id * arg)
{
  return XIOCTL (dev, VIDIOC_QUERYSTD, arg);
}

static gint
v4l2_enum_fmt (GstTvHwDevice * dev, struct v4l2_fmtdesc *arg)
{
  return XIOCTL (dev, VIDIOC_ENUM_FMT, arg);
}

static gint
v4l2_g_fmt (GstTvHwDevice * dev, struct v4l2_format *arg)
{
  return XIOCTL (dev, VIDIOC_G_FMT, arg);
}

static gint
v4l2_s_fmt (GstTvHwDevice * dev, struct v4l2_format *arg)
{
  return XIOCTL (dev, VIDIOC_S_FMT, arg);
}

static gint
v4l2_try_fmt (GstTvHwDevice * dev, struct v4l2_format *arg)
{
  return XIOCTL (dev, VIDIOC_TRY_FMT, arg);
}

static gint
v4l2_cropcap (GstTvHwDevice * dev, struct v4l2_cropcap *arg)
{
  return XIOCTL (dev, VIDIOC_CROPCAP, arg);
}

static gint
v4l2_g_parm (GstTvHwDevice * dev, struct v4l2_streamparm *arg)
{
  return XIOCTL (dev, VIDIOC_G_PARM, arg);
}

static gint
v4l2_g_selection (GstTvHwDevice * dev, struct v4l2_selection *arg)
{
  return XIOCTL (dev, VIDIOC_G_SELECTION, arg);
}

static gint
v4l2_s_selection (GstTvHwDevice * dev, struct v4l2_selection *arg)
{
  return XIOCTL (dev, VIDIOC_S_SELECTION, arg);
}

static gint
v4l2_queryctrl (GstTvHwDevice * dev, struct v4l2_queryctrl *arg)
{
  return XIOCTL (dev, VIDIOC_QUERYCTRL, arg);
}

static gint
v4l2_querymenu (GstTvHwDevice * dev, struct v4l2_querymenu *arg)
{
  return XIOCTL (dev, VIDIOC_QUERYMENU, arg);
}

static gint
v4l2_g_ctrl (GstTvHwDevice * dev, struct v4l2_control *arg)
{
  return XIOCTL (dev, VIDIOC_G_CTRL, arg);
}

/* _IOWR: the driver writes back the value it stored */
static gint
v4l2_s_ctrl (GstTvHwDevice * dev, struct v4l2_control *arg)
{
  return XIOCTL (dev, VIDIOC_S_CTRL, arg);
}

static gint
v4l2_g_tuner (GstTvHwDevice * dev, struct v4l2_tuner *arg)
{
  return XIOCTL (dev, VIDIOC_G_TUNER, arg);
}

static gint
v4l2_s_tuner (GstTvHwDevice * dev, const struct v4l2_tuner *arg)
{
  struct v4l2_tuner copy = *arg;

  return XIOCTL (dev, VIDIOC_S_TUNER, &copy);
}

static gint
v4l2_g_modulator (GstTvHwDevice * dev, struct v4l2_modulator *arg)
{
  return XIOCTL (dev, VIDIOC_G_MODULATOR, arg);
}

static gint
v4l2_s_modulator (GstTvHwDevice * dev, const struct v4l2_modulator *arg)
{
  struct v4l2_modulator copy = *arg;

  return XIOCTL (dev, VIDIOC_S_MODULATOR, &copy);
}

static gint
v4l2_g_frequency (GstTvHwDevice * dev, struct v4l2_frequency *arg)
{
  return XIOCTL (dev, VIDIOC_G_FREQUENCY, arg);
}

static gint
v4l2_s_frequency (GstTvHwDevice * dev, const struct v4l2_frequency *arg)
{
  struct v4l2_frequency copy = *arg;

  return XIOCTL (dev, VIDIOC_S_FREQUENCY, &copy);
}

static gint
v4l2_enumaudio (GstTvHwDevice * dev, struct v4l2_audio *arg)
{
  return XIOCTL (dev, VIDIOC_ENUMAUDIO, arg);
}

static gint
v4l2_g_audio (GstTvHwDevice * dev, struct v4l2_audio *arg)
{
  return XIOCTL (dev, VIDIOC_G_AUDIO, arg);
}

static gint
v4l2_s_audio (GstTvHwDevice * dev, const struct v4l2_audio *arg)
{
  struct v4l2_audio copy = *arg;

  return XIOCTL (dev, VIDIOC_S_AUDIO, &copy);
}

static gint
v4l2_enumaudout (GstTvHwDevice * dev, struct v4l2_audioout *arg)
{
  return XIOCTL (dev, VIDIOC_ENUMAUDOUT, arg);
}

static gint
v4l2_g_audout (GstTvHwDevice * dev, struct v4l2_audioout *arg)
{
  return XIOCTL (dev, VIDIOC_G_AUDOUT, arg);
}

static gint
v4l2_s_audout (GstTvHwDevice * dev, const struct v4l2_audioout *arg)
{
  struct v4l2_audioout copy = *arg;

  return XIOCTL (dev, VIDIOC_S_AUDOUT, &copy);
}

static gint
v4l2_reqbufs (GstTvHwDevice * dev, struct v4l2_requestbuffers *arg)
{
  return XIOCTL (dev, VIDIOC_REQBUFS, arg);
}

static gint
v4l2_querybuf (GstTvHwDevice * dev, struct v4l2_buffer *arg)
{
  return XIOCTL (dev, VIDIOC_QUERYBUF, arg);
}

static gint
v4l2_qbuf (GstTvHwDevice * dev, struct v4l2_buffer *arg)
{
  return XIOCTL (dev, VIDIOC_QBUF, arg);
}

/* the fd is O_NONBLOCK: EAGAIN when nothing is ready */
static gint
v4l2_dqbuf (GstTvHwDevice * dev, struct v4l2_buffer *arg)
{
  return XIOCTL (dev, VIDIOC_DQBUF, arg);
}

static gint
v4l2_streamon (GstTvHwDevice * dev, guint32 value)
{
  gint v = value;

  return XIOCTL (dev, VIDIOC_STREAMON, &v);
}

static gint
v4l2_streamoff (GstTvHwDevice * dev, guint32 value)
{
  gint v = value;

  return XIOCTL (dev, VIDIOC_STREAMOFF, &v);
}

static gint
v4l2_g_sliced_vbi_cap (GstTvHwDevice * dev, struct v4l2_sliced_vbi_cap *arg)
{
  return XIOCTL (dev, VIDIOC_G_SLICED_VBI_CAP, arg);
}

static gint
v4l2_s_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  return XIOCTL (dev, VIDIOC_S_STD, &std);
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

/* --- the nodes in /dev --- */

#define VIDEO_PREFIX "video"

gint64
gst_tv_hw_v4l2_video_node_number (const gchar * name)
{
  guint64 n;

  g_return_val_if_fail (name != NULL, -1);

  if (!g_str_has_prefix (name, VIDEO_PREFIX) ||
      !g_ascii_string_to_unsigned (name + strlen (VIDEO_PREFIX), 10, 0,
          G_MAXINT, &n, NULL))
    return -1;
  return n;
}

/* the NAME of DIR/NAME */
static const gchar *
node_name (const gchar * path)
{
  const gchar *slash = strrchr (path, '/');

  return slash ? slash + 1 : path;
}

static gint
compare_nodes (gconstpointer a, gconstpointer b, gpointer user_data)
{
  GstTvHwV4l2NodeNumberFunc number =
      *(const GstTvHwV4l2NodeNumberFunc *) user_data;
  gint64 na = number (node_name (*(const gchar **) a));
  gint64 nb = number (node_name (*(const gchar **) b));

  return na < nb ? -1 : na > nb;
}

void
gst_tv_hw_v4l2_sort_nodes (GPtrArray * paths, GstTvHwV4l2NodeNumberFunc number)
{
  g_return_if_fail (paths != NULL);
  g_return_if_fail (number != NULL);

  g_ptr_array_sort_with_data (paths, compare_nodes, &number);
}

GPtrArray *
gst_tv_hw_v4l2_list_nodes (const gchar * dir, GstTvHwV4l2NodeNumberFunc number,
    GError ** error)
{
  GPtrArray *nodes;
  const gchar *name;
  GDir *d;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (number != NULL, NULL);

  d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;
  nodes = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (d))) {
    if (number (name) >= 0)
      g_ptr_array_add (nodes, g_build_filename (dir, name, NULL));
  }
  g_dir_close (d);
  gst_tv_hw_v4l2_sort_nodes (nodes, number);
  return nodes;
}

/* --- finding the card's VBI node --- */

#define VBI_PREFIX "vbi"
#define VBI_DEV_DIR "/dev"

gint64
gst_tv_hw_v4l2_vbi_node_number (const gchar * name)
{
  const gchar *digits;
  guint64 n;

  g_return_val_if_fail (name != NULL, -1);

  if (!g_str_has_prefix (name, VBI_PREFIX))
    return -1;
  digits = name + strlen (VBI_PREFIX);
  /* "vbi01" is not a node the kernel names */
  if (digits[0] == '0' && digits[1] != '\0')
    return -1;
  if (!g_ascii_string_to_unsigned (digits, 10, 0, G_MAXINT, &n, NULL))
    return -1;
  return n;
}

GPtrArray *
gst_tv_hw_v4l2_list_vbi_nodes (const gchar * dir)
{
  g_autoptr (GError) err = NULL;
  GPtrArray *nodes;

  g_return_val_if_fail (dir != NULL, g_ptr_array_new_with_free_func (g_free));
  ensure_debug_category ();

  nodes = gst_tv_hw_v4l2_list_nodes (dir, gst_tv_hw_v4l2_vbi_node_number, &err);
  if (nodes == NULL) {
    GST_DEBUG ("cannot list %s: %s", dir, err->message);
    nodes = g_ptr_array_new_with_free_func (g_free);
  }
  return nodes;
}

/* QUERYCAP's strings are NUL-padded arrays that the kernel fills with
 * strscpy(), but a driver could fill one to the last byte */
static gboolean
cap_string_equal (const guint8 * field, gsize size, const gchar * s)
{
  gsize len = strnlen ((const gchar *) field, size);

  return s != NULL && strlen (s) == len && memcmp (field, s, len) == 0;
}

gboolean
gst_tv_hw_v4l2_vbi_node_matches (const struct v4l2_capability *cap,
    const gchar * card, const gchar * bus_info, guint32 capability)
{
  guint32 caps;

  g_return_val_if_fail (cap != NULL, FALSE);

  caps = (cap->capabilities & V4L2_CAP_DEVICE_CAPS) ?
      cap->device_caps : cap->capabilities;
  return (caps & capability) != 0 &&
      cap_string_equal (cap->card, sizeof (cap->card), card) &&
      cap_string_equal (cap->bus_info, sizeof (cap->bus_info), bus_info);
}

gchar *
gst_tv_hw_v4l2_scan_vbi_nodes (const gchar * dir, const gchar * card,
    const gchar * bus_info, guint32 capability,
    GstTvHwV4l2QuerycapFunc querycap, gpointer user_data)
{
  g_autoptr (GPtrArray) nodes = NULL;
  guint i;

  g_return_val_if_fail (dir != NULL && querycap != NULL, NULL);

  nodes = gst_tv_hw_v4l2_list_vbi_nodes (dir);
  for (i = 0; i < nodes->len; i++) {
    const gchar *path = g_ptr_array_index (nodes, i);
    struct v4l2_capability cap;
    gint ret;

    memset (&cap, 0, sizeof (cap));
    ret = querycap (path, &cap, user_data);
    if (ret < 0) {
      /* busy (a driver that allows one open), no permission, gone */
      GST_DEBUG ("skipping %s: %s", path, g_strerror (-ret));
      continue;
    }
    if (gst_tv_hw_v4l2_vbi_node_matches (&cap, card, bus_info, capability)) {
      GST_DEBUG ("%s is the VBI node (caps 0x%08x) of '%s' at '%s'", path,
          capability, card, bus_info);
      return g_strdup (path);
    }
    GST_DEBUG ("%s ('%.*s' at '%.*s') is not a VBI node (caps 0x%08x) of "
        "'%s' at '%s'", path, (gint) sizeof (cap.card), cap.card,
        (gint) sizeof (cap.bus_info), cap.bus_info, capability, card, bus_info);
  }
  return NULL;
}

/* QUERYCAP on a node that is not open yet: opened for the call only */
static gint
querycap_path (const gchar * path, struct v4l2_capability *cap,
    gpointer user_data)
{
  gint fd, ret;

  do {
    fd = open (path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return -errno;
  do {
    ret = ioctl (fd, VIDIOC_QUERYCAP, cap);
  } while (ret == -1 && errno == EINTR);
  ret = ret == -1 ? -errno : 0;
  close (fd);
  return ret;
}

/* gst_tv_hw_find_vbi_location(): the first /dev/vbiN, by N, of the same
 * card (QUERYCAP card and bus_info) with the kind's capability; a node
 * that cannot be opened or queried (busy, no permission) is skipped */
static gint
v4l2_find_node (GstTvHwDevice * video, GstTvHwNodeKind kind, gchar ** location)
{
  struct v4l2_capability cap;
  gint ret;

  /* the video node first: an unplugged card has no VBI node either */
  memset (&cap, 0, sizeof (cap));
  ret = XIOCTL (video, VIDIOC_QUERYCAP, &cap);
  if (ret < 0)
    return ret;
  *location = gst_tv_hw_v4l2_scan_vbi_nodes (VBI_DEV_DIR, video->card,
      video->bus_info, gst_tv_hw_node_kind_capability (kind), querycap_path,
      NULL);
  if (*location == NULL) {
    GST_DEBUG ("'%s': no %s node of '%s' at '%s' in %s/vbi*",
        video->location, gst_tv_hw_node_kind_name (kind), video->card,
        video->bus_info, VBI_DEV_DIR);
    return -ENOENT;
  }
  return 0;
}

/* --- driver quirks --- */

/*
 * The quirk table: what a driver does that the elements have to adapt to
 * (GstTvHwQuirks, hw/tvhw.h). Looked up once at open by the driver name
 * QUERYCAP reports (the string the driver's querycap copies into
 * cap->driver, not always its module's name) and kept by the device for
 * gst_tv_hw_device_get_quirks().
 *
 * The rules:
 * - one row per behaviour: the driver, its card when only some boards of
 *   the driver do it (QUERYCAP's card, exactly), one flag, and where the
 *   driver's source shows it: the file and function in Linux 6.1, e.g.
 *   "drivers/media/usb/usbtv/usbtv-video.c, usbtv_ioctl_ops";
 * - a row comes with its flag and with the code that consults the flag;
 *   what the elements handle for every driver (an ioctl answered ENOTTY,
 *   a frame flagged V4L2_BUF_FLAG_ERROR or shorter than the format) needs
 *   no row;
 * - where an element must adapt to a driver, the adaptation is a flag
 *   here that the element asks for, never a test of the driver's name in
 *   the element.
 *
 * Empty for now: no driver behaviour met so far needs more than what the
 * elements do for every driver.
 */
const GstTvHwV4l2Quirk gst_tv_hw_v4l2_quirks[] = {
  {NULL, NULL, GST_TV_HW_QUIRK_NONE, NULL}
};

GstTvHwQuirks
gst_tv_hw_v4l2_lookup_quirks (const GstTvHwV4l2Quirk * table,
    const gchar * driver, const gchar * card)
{
  const GstTvHwV4l2Quirk *row;
  GstTvHwQuirks quirks = GST_TV_HW_QUIRK_NONE;

  g_return_val_if_fail (table != NULL, GST_TV_HW_QUIRK_NONE);

  if (driver == NULL)
    return GST_TV_HW_QUIRK_NONE;
  for (row = table; row->driver != NULL; row++) {
    if (strcmp (row->driver, driver) != 0)
      continue;
    if (row->card != NULL && g_strcmp0 (row->card, card) != 0)
      continue;
    quirks |= row->quirk;
  }
  return quirks;
}

static GstTvHwQuirks
v4l2_quirks (GstTvHwDevice * dev)
{
  GstTvHwQuirks quirks = gst_tv_hw_v4l2_lookup_quirks (gst_tv_hw_v4l2_quirks,
      dev->driver, dev->card);

  ensure_debug_category ();
  GST_DEBUG ("'%s': driver '%s', card '%s': quirks 0x%x", dev->location,
      dev->driver, dev->card, (guint) quirks);
  return quirks;
}

/**
 * gst_tv_hw_v4l2_ops:
 *
 * The kernel backend's operations.
 */
/* vb2 drivers stamp on CLOCK_MONOTONIC and say so; no other clock is
 * named by the flags (TIMESTAMP_UNKNOWN: the driver does not say) */
static gint
v4l2_stamp_clock_time (GstTvHwDevice * dev, guint32 buf_flags,
    gint64 * now_ns)
{
  struct timespec ts;

  if ((buf_flags & V4L2_BUF_FLAG_TIMESTAMP_MASK) !=
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
    return -EINVAL;
  if (clock_gettime (CLOCK_MONOTONIC, &ts) < 0)
    return -errno;
  *now_ns = (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
  return 0;
}

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
  .g_selection = v4l2_g_selection,
  .s_selection = v4l2_s_selection,
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
  .g_sliced_vbi_cap = v4l2_g_sliced_vbi_cap,
  .find_node = v4l2_find_node,
  .stamp_clock_time = v4l2_stamp_clock_time,
  .quirks = v4l2_quirks,
};
