/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: backend dispatch, open/close, errno -> GError.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-backend.h"
#include "hw/tvhw-v4l2.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-debug.h"

GST_DEBUG_CATEGORY_STATIC (tvhw_debug);
#define GST_CAT_DEFAULT tvhw_debug

static void
tvhw_debug_init (void)
{
  V4L2TV_DEBUG_INIT_ONCE (tvhw_debug, "tvhw", "v4l2tv hardware layer");
}

/* indent would put spaces into the quark's name */
/* *INDENT-OFF* */
G_DEFINE_QUARK (gst-tv-hw-error-quark, gst_tv_hw_error);
/* *INDENT-ON* */

/**
 * gst_tv_hw_set_error_from_errno:
 * @dev: the device (may be %NULL before it has a location)
 * @error: (out) (optional): where to store the error
 * @err: a positive or negative errno value
 * @what: the operation that failed, e.g. "VIDIOC_S_STD"
 *
 * The one place where the layer's -errno become GErrors. The message is
 * developer text (operation, location, strerror), never translated; the
 * elements put their own translated sentence in front of it.
 */
void
gst_tv_hw_set_error_from_errno (GstTvHwDevice * dev, GError ** error,
    gint err, const gchar * what)
{
  gst_tv_hw_set_error_from_errno_at (dev ? dev->location : NULL,
      dev && dev->priv, error, err, what);
}

/**
 * gst_tv_hw_set_error_from_errno_at:
 * @location: (nullable): the device
 * @opened: whether the device was open (ENODEV: it went away)
 * @error: (out) (optional): where to store the error
 * @err: a positive or negative errno value
 * @what: the operation that failed
 *
 * gst_tv_hw_set_error_from_errno() for a device known by its location
 * alone (a card's sound device).
 */
void
gst_tv_hw_set_error_from_errno_at (const gchar * location, gboolean opened,
    GError ** error, gint err, const gchar * what)
{
  GstTvHwError code;

  if (err < 0)
    err = -err;

  switch (err) {
    case ENOENT:
    case ENXIO:
      code = GST_TV_HW_ERROR_NOT_FOUND;
      break;
    case ENODEV:
      /* at open the node is there but has no driver behind it; later the
       * device was unplugged */
      code = opened ? GST_TV_HW_ERROR_DISCONNECTED :
          GST_TV_HW_ERROR_NOT_FOUND;
      break;
    case EACCES:
    case EPERM:
    case EROFS:
      code = GST_TV_HW_ERROR_PERMISSION;
      break;
    case EBUSY:
      code = GST_TV_HW_ERROR_BUSY;
      break;
    case EINVAL:
    case ERANGE:
      code = GST_TV_HW_ERROR_INVALID;
      break;
    case ENODATA:
      code = GST_TV_HW_ERROR_NO_DATA;
      break;
    case EIO:
    case EPIPE:
      code = GST_TV_HW_ERROR_IO;
      break;
    case ENOTTY:
    case ENOSYS:
    case EOPNOTSUPP:
      code = GST_TV_HW_ERROR_NOT_SUPPORTED;
      break;
    case ETIMEDOUT:
    case EAGAIN:
      code = GST_TV_HW_ERROR_TIMEOUT;
      break;
    case ECANCELED:
      code = GST_TV_HW_ERROR_FLUSHING;
      break;
    case ENOMEM:
    case ENOSPC:
      code = GST_TV_HW_ERROR_NO_MEMORY;
      break;
    default:
      code = GST_TV_HW_ERROR_FAILED;
      break;
  }

  tvhw_debug_init ();
  GST_DEBUG ("%s on '%s' failed: %s (%d)", what,
      location ? location : "(none)", g_strerror (err), err);

  g_set_error (error, GST_TV_HW_ERROR, code, "%s on '%s' failed: %s (%d)",
      what, location ? location : "(none)", g_strerror (err), err);
}

/* --- the device lock --- */

/**
 * gst_tv_hw_lock_init:
 * @lock: a lock to initialise
 */
void
gst_tv_hw_lock_init (GstTvHwLock * lock)
{
  g_rec_mutex_init (&lock->mutex);
  g_atomic_pointer_set (&lock->owner, NULL);
  lock->depth = 0;
}

/**
 * gst_tv_hw_lock_clear:
 * @lock: a lock no thread holds
 */
void
gst_tv_hw_lock_clear (GstTvHwLock * lock)
{
  g_warn_if_fail (g_atomic_pointer_get (&lock->owner) == NULL);
  g_rec_mutex_clear (&lock->mutex);
}

/**
 * gst_tv_hw_lock_acquire:
 * @lock: a lock
 *
 * Takes @lock; a thread that holds it already takes it once more.
 */
void
gst_tv_hw_lock_acquire (GstTvHwLock * lock)
{
  g_rec_mutex_lock (&lock->mutex);
  if (lock->depth++ == 0)
    g_atomic_pointer_set (&lock->owner, g_thread_self ());
}

/**
 * gst_tv_hw_lock_release:
 * @lock: a lock the calling thread holds
 */
void
gst_tv_hw_lock_release (GstTvHwLock * lock)
{
  g_return_if_fail (gst_tv_hw_lock_is_held (lock));

  if (--lock->depth == 0)
    g_atomic_pointer_set (&lock->owner, NULL);
  g_rec_mutex_unlock (&lock->mutex);
}

/**
 * gst_tv_hw_lock_is_held:
 * @lock: a lock
 *
 * Returns: whether the calling thread holds @lock. (Only the holder ever
 * stores itself as the owner, so the answer is exact for the caller.)
 */
gboolean
gst_tv_hw_lock_is_held (GstTvHwLock * lock)
{
  return g_atomic_pointer_get (&lock->owner) == (gpointer) g_thread_self ();
}

/* every call into a device with a lock is made holding it */
static inline void
check_locked (GstTvHwDevice * dev, const gchar * op)
{
  if (G_UNLIKELY (dev->lock != NULL && !gst_tv_hw_lock_is_held (dev->lock)))
    g_critical ("'%s': %s called without the device lock", dev->location, op);
}

/* errno-returning dispatch: a NULL operation is an ioctl the driver does
 * not implement; a call a signal interrupted (EINTR) is made again, for
 * every backend (the V4L2 backend's xioctl retries too) */
#define CALL(dev, op, ...) G_GNUC_EXTENSION ({ \
      gint _ret; \
      check_locked ((dev), G_STRINGIFY (op)); \
      do { \
        _ret = (dev)->ops->op ? (dev)->ops->op ((dev), __VA_ARGS__) : \
            -ENOTTY; \
      } while (_ret == -EINTR); \
      _ret; \
    })

static gboolean
check (GstTvHwDevice * dev, gint ret, const gchar * what, GError ** error)
{
  if (ret == 0)
    return TRUE;
  gst_tv_hw_set_error_from_errno (dev, error, ret, what);
  return FALSE;
}

/* the end of an enumeration is not an error */
static gboolean
check_enum (GstTvHwDevice * dev, gint ret, const gchar * what, GError ** error)
{
  if (ret == -EINVAL || ret == -ENODATA) {
    GST_TRACE ("%s on '%s': end of the list", what, dev->location);
    return FALSE;
  }
  return check (dev, ret, what, error);
}

/**
 * gst_tv_hw_strndup:
 * @str: a fixed-size string from the driver
 * @size: the size of its array
 *
 * Returns: (transfer full): a NUL-terminated copy that never reads past
 * @size bytes, even when the driver filled the whole array
 */
gchar *
gst_tv_hw_strndup (const guint8 * str, gsize size)
{
  return g_strndup ((const gchar *) str, size);
}

/**
 * gst_tv_hw_location_is_virtual:
 * @location: a device string
 *
 * Returns: whether @location names the virtual card ("virtual",
 * "virtual:N")
 */
gboolean
gst_tv_hw_location_is_virtual (const gchar * location)
{
  return location && (g_strcmp0 (location, "virtual") == 0 ||
      g_str_has_prefix (location, "virtual:"));
}

/**
 * gst_tv_hw_virtual_n_cards:
 *
 * Returns: how many virtual cards there are: "virtual:0" up to
 * "virtual:N-1" exist, any other number does not
 */
guint
gst_tv_hw_virtual_n_cards (void)
{
  return GST_TV_HW_VIRTUAL_MAX_CARDS;
}

#define VIDEO_NODE_DIR "/dev"

/**
 * gst_tv_hw_list_locations:
 *
 * Returns: (transfer full): the locations a device may be at now:
 * /dev/videoN by N, then the virtual cards plugged in
 */
gchar **
gst_tv_hw_list_locations (void)
{
  g_autoptr (GError) err = NULL;
  GPtrArray *locations;

  locations = gst_tv_hw_v4l2_list_nodes (VIDEO_NODE_DIR,
      gst_tv_hw_v4l2_video_node_number, &err);
  if (locations == NULL) {
    GST_WARNING ("cannot list %s: %s", VIDEO_NODE_DIR, err->message);
    locations = g_ptr_array_new ();
  }
  /* the strings go to the caller */
  g_ptr_array_set_free_func (locations, NULL);
  gst_tv_hw_virtual_list_locations (locations);
  g_ptr_array_add (locations, NULL);

  return (gchar **) g_ptr_array_free (locations, FALSE);
}

static void
free_mappings (GstTvHwDevice * dev)
{
  guint i;

  for (i = 0; i < dev->n_mappings; i++) {
    if (dev->mappings[i].data)
      CALL (dev, munmap, dev->mappings[i].data, dev->mappings[i].length);
  }
  g_clear_pointer (&dev->mappings, g_free);
  dev->n_mappings = 0;
}

/* --- node kinds --- */

/* each kind is named as its buffer type and its capability bit are */
static const struct
{
  guint32 buf_type;
  guint32 capability;
  const gchar *name;
} node_kinds[GST_TV_HW_N_NODE_KINDS] = {
  [GST_TV_HW_NODE_VIDEO_CAPTURE] = {V4L2_BUF_TYPE_VIDEO_CAPTURE,
      V4L2_CAP_VIDEO_CAPTURE, "video capture"},
  [GST_TV_HW_NODE_VIDEO_OUTPUT] = {V4L2_BUF_TYPE_VIDEO_OUTPUT,
      V4L2_CAP_VIDEO_OUTPUT, "video output"},
  [GST_TV_HW_NODE_VBI_CAPTURE] = {V4L2_BUF_TYPE_VBI_CAPTURE,
      V4L2_CAP_VBI_CAPTURE, "VBI capture"},
  [GST_TV_HW_NODE_VBI_OUTPUT] = {V4L2_BUF_TYPE_VBI_OUTPUT,
      V4L2_CAP_VBI_OUTPUT, "VBI output"},
  [GST_TV_HW_NODE_SLICED_VBI_CAPTURE] = {V4L2_BUF_TYPE_SLICED_VBI_CAPTURE,
      V4L2_CAP_SLICED_VBI_CAPTURE, "sliced VBI capture"},
  [GST_TV_HW_NODE_SLICED_VBI_OUTPUT] = {V4L2_BUF_TYPE_SLICED_VBI_OUTPUT,
      V4L2_CAP_SLICED_VBI_OUTPUT, "sliced VBI output"},
};

gboolean
gst_tv_hw_node_kind_is_output (GstTvHwNodeKind kind)
{
  return kind == GST_TV_HW_NODE_VIDEO_OUTPUT ||
      kind == GST_TV_HW_NODE_VBI_OUTPUT ||
      kind == GST_TV_HW_NODE_SLICED_VBI_OUTPUT;
}

gboolean
gst_tv_hw_node_kind_is_vbi (GstTvHwNodeKind kind)
{
  return kind == GST_TV_HW_NODE_VBI_CAPTURE ||
      kind == GST_TV_HW_NODE_VBI_OUTPUT || gst_tv_hw_node_kind_is_sliced (kind);
}

gboolean
gst_tv_hw_node_kind_is_sliced (GstTvHwNodeKind kind)
{
  return kind == GST_TV_HW_NODE_SLICED_VBI_CAPTURE ||
      kind == GST_TV_HW_NODE_SLICED_VBI_OUTPUT;
}

guint32
gst_tv_hw_node_kind_buf_type (GstTvHwNodeKind kind)
{
  g_return_val_if_fail ((guint) kind < GST_TV_HW_N_NODE_KINDS, 0);
  return node_kinds[kind].buf_type;
}

guint32
gst_tv_hw_node_kind_capability (GstTvHwNodeKind kind)
{
  g_return_val_if_fail ((guint) kind < GST_TV_HW_N_NODE_KINDS, 0);
  return node_kinds[kind].capability;
}

const gchar *
gst_tv_hw_node_kind_name (GstTvHwNodeKind kind)
{
  g_return_val_if_fail ((guint) kind < GST_TV_HW_N_NODE_KINDS, "?");
  return node_kinds[kind].name;
}

/**
 * gst_tv_hw_device_open:
 * @location: "/dev/videoN" (any path), "virtual" or "virtual:N"
 * @kind: the kind of node wanted (video or VBI, capture or output)
 * @error: (out) (optional): why it failed
 *
 * Opens the device, asks it VIDIOC_QUERYCAP and checks that it is a node
 * of @kind (the capability of gst_tv_hw_node_kind_capability()) that
 * streams, using device_caps where the driver provides them. Every later
 * call that takes a v4l2_buf_type uses the one of @kind.
 *
 * Returns: (transfer full) (nullable): the device, or %NULL with @error
 */
GstTvHwDevice *
gst_tv_hw_device_open (const gchar * location, GstTvHwNodeKind kind,
    GError ** error)
{
  GstTvHwDevice *dev;
  gint ret;

  g_return_val_if_fail (location != NULL, NULL);
  g_return_val_if_fail ((guint) kind < GST_TV_HW_N_NODE_KINDS, NULL);

  tvhw_debug_init ();

  dev = g_new0 (GstTvHwDevice, 1);
  g_mutex_init (&dev->wake_lock);
  dev->location = g_strdup (location);
  dev->kind = kind;
  dev->buf_type = gst_tv_hw_node_kind_buf_type (kind);
  dev->ops = gst_tv_hw_location_is_virtual (location) ||
      gst_tv_hw_virtual_is_node (location) ? &gst_tv_hw_virtual_ops :
      &gst_tv_hw_v4l2_ops;

  GST_DEBUG ("opening '%s' with backend %s", location, dev->ops->name);

  do {
    ret = dev->ops->open (dev, location, kind);
  } while (ret == -EINTR);
  if (ret < 0)
    goto open_failed;

  memset (&dev->cap, 0, sizeof (dev->cap));
  ret = CALL (dev, querycap, &dev->cap);
  if (ret < 0)
    goto querycap_failed;

  dev->card = GST_TV_HW_NAME (dev->cap.card);
  dev->driver = GST_TV_HW_NAME (dev->cap.driver);
  dev->bus_info = GST_TV_HW_NAME (dev->cap.bus_info);
  if (dev->cap.capabilities & V4L2_CAP_DEVICE_CAPS)
    dev->device_caps = dev->cap.device_caps;
  else
    dev->device_caps = dev->cap.capabilities;

  if (!(dev->device_caps & gst_tv_hw_node_kind_capability (kind)))
    goto wrong_kind;
  if (!(dev->device_caps & V4L2_CAP_STREAMING))
    goto no_streaming;

  dev->quirks = dev->ops->quirks ? dev->ops->quirks (dev) :
      GST_TV_HW_QUIRK_NONE;

  GST_INFO ("opened '%s': card '%s', driver '%s', bus '%s', caps 0x%08x, "
      "quirks 0x%x", location, dev->card, dev->driver, dev->bus_info,
      dev->device_caps, (guint) dev->quirks);

  return dev;

  /* ERRORS */
open_failed:
  {
    if (ret == -ENOTTY)
      g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_V4L2,
          "'%s' is not a video device (not a character device)", location);
    else
      gst_tv_hw_set_error_from_errno (dev, error, ret, "open");
    dev->priv = NULL;
    goto failed;
  }
querycap_failed:
  {
    if (ret == -ENOTTY || ret == -EINVAL) {
      g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_V4L2,
          "'%s' is not a V4L2 device: VIDIOC_QUERYCAP failed: %s",
          location, g_strerror (-ret));
    } else {
      gst_tv_hw_set_error_from_errno (dev, error, ret, "VIDIOC_QUERYCAP");
    }
    goto failed;
  }
wrong_kind:
  {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_WRONG_DIRECTION,
        "'%s' (%s, driver %s) is not a %s device: this node does not "
        "support it (device caps 0x%08x)", location, dev->card, dev->driver,
        gst_tv_hw_node_kind_name (kind), dev->device_caps);
    goto failed;
  }
no_streaming:
  {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED,
        "'%s' (%s, driver %s) does not support streaming I/O "
        "(device caps 0x%08x)", location, dev->card, dev->driver,
        dev->device_caps);
    goto failed;
  }
failed:
  gst_tv_hw_device_close (dev);
  return NULL;
}

/**
 * gst_tv_hw_device_close:
 * @dev: (transfer full) (nullable): a device
 *
 * Stops streaming, unmaps and frees the buffers and closes the device.
 * The card's settings (input, standard, format) stay as they are.
 */
void
gst_tv_hw_device_close (GstTvHwDevice * dev)
{
  if (dev == NULL)
    return;

  GST_DEBUG ("closing '%s'", dev->location);
  check_locked (dev, "close");
  if (dev->priv) {
    free_mappings (dev);
    dev->ops->close (dev);
    dev->priv = NULL;
  }
  g_free (dev->mappings);
  g_free (dev->card);
  g_free (dev->driver);
  g_free (dev->bus_info);
  g_free (dev->location);
  g_mutex_clear (&dev->wake_lock);
  g_free (dev);
}

/**
 * gst_tv_hw_device_set_lock:
 * @dev: a device
 * @lock: (nullable): the lock every call into @dev will hold
 *
 * From now on each call into @dev, but gst_tv_hw_device_wait(),
 * gst_tv_hw_device_set_flushing() and gst_tv_hw_device_wake(), checks that
 * the calling thread holds @lock, and complains with g_critical() if not.
 */
void
gst_tv_hw_device_set_lock (GstTvHwDevice * dev, GstTvHwLock * lock)
{
  dev->lock = lock;
}

/**
 * gst_tv_hw_find_vbi_location:
 * @video: an open node of a card (usually its video capture or output
 *   node)
 * @kind: the VBI kind wanted (raw or sliced, capture or output)
 * @error: (out) (optional): NOT_FOUND when the card has no such node
 *
 * Finds the VBI node of @video's card through the backend's find_node
 * (see tvhw-backend.h): a node with @video's QUERYCAP card and bus_info
 * and @kind's capability.
 *
 * Returns: (transfer full) (nullable): its location, to open with
 * gst_tv_hw_device_open() and @kind; %NULL with @error
 */
gchar *
gst_tv_hw_find_vbi_location (GstTvHwDevice * video, GstTvHwNodeKind kind,
    GError ** error)
{
  gchar *location = NULL;
  gint ret;

  g_return_val_if_fail (video != NULL, NULL);
  g_return_val_if_fail (gst_tv_hw_node_kind_is_vbi (kind), NULL);

  check_locked (video, "find_vbi_location");
  do {
    ret = video->ops->find_node ? video->ops->find_node (video, kind,
        &location) : -ENOTTY;
  } while (ret == -EINTR);

  if (ret == 0) {
    GST_DEBUG ("'%s' (%s): its %s node is '%s'", video->location,
        video->card, gst_tv_hw_node_kind_name (kind), location);
    return location;
  }
  g_free (location);
  if (ret == -ENOENT) {
    GST_DEBUG ("'%s' (%s): no %s node", video->location, video->card,
        gst_tv_hw_node_kind_name (kind));
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_FOUND,
        "no %s node was found for '%s' (card '%s', bus '%s')",
        gst_tv_hw_node_kind_name (kind), video->location, video->card,
        video->bus_info);
  } else {
    gst_tv_hw_set_error_from_errno (video, error, ret, "finding the VBI node");
  }
  return NULL;
}

/**
 * gst_tv_hw_device_get_location:
 * @dev: a device
 *
 * Returns: the device string it was opened with
 */
const gchar *
gst_tv_hw_device_get_location (GstTvHwDevice * dev)
{
  return dev->location;
}

/**
 * gst_tv_hw_device_get_backend_name:
 * @dev: a device
 *
 * Returns: "v4l2" or "virtual"
 */
const gchar *
gst_tv_hw_device_get_backend_name (GstTvHwDevice * dev)
{
  return dev->ops->name;
}

/**
 * gst_tv_hw_device_get_kind:
 * @dev: a device
 *
 * Returns: the kind of node it was opened as
 */
GstTvHwNodeKind
gst_tv_hw_device_get_kind (GstTvHwDevice * dev)
{
  return dev->kind;
}

/**
 * gst_tv_hw_device_get_card:
 * @dev: a device
 *
 * Returns: the card name from VIDIOC_QUERYCAP
 */
const gchar *
gst_tv_hw_device_get_card (GstTvHwDevice * dev)
{
  return dev->card;
}

/**
 * gst_tv_hw_device_get_driver:
 * @dev: a device
 *
 * Returns: the driver name from VIDIOC_QUERYCAP
 */
const gchar *
gst_tv_hw_device_get_driver (GstTvHwDevice * dev)
{
  return dev->driver;
}

/**
 * gst_tv_hw_device_get_bus_info:
 * @dev: a device
 *
 * Returns: the bus info from VIDIOC_QUERYCAP
 */
const gchar *
gst_tv_hw_device_get_bus_info (GstTvHwDevice * dev)
{
  return dev->bus_info;
}

/**
 * gst_tv_hw_device_get_caps:
 * @dev: a device
 *
 * Returns: the node's capabilities (device_caps when the driver has them)
 */
guint32
gst_tv_hw_device_get_caps (GstTvHwDevice * dev)
{
  return dev->device_caps;
}

/**
 * gst_tv_hw_device_get_buf_type:
 * @dev: a device
 *
 * Returns: the v4l2_buf_type of its kind (gst_tv_hw_node_kind_buf_type())
 */
guint32
gst_tv_hw_device_get_buf_type (GstTvHwDevice * dev)
{
  return dev->buf_type;
}

/**
 * gst_tv_hw_device_get_quirks:
 * @dev: a device
 *
 * What the driver behind @dev does that the elements adapt to: the kernel
 * backend's quirk table row(s) of its QUERYCAP driver name, looked up at
 * open; none on the virtual card. Elements ask this, never the driver
 * name, so that they need not know which backend or driver they talk to.
 *
 * Returns: the driver's #GstTvHwQuirks
 */
GstTvHwQuirks
gst_tv_hw_device_get_quirks (GstTvHwDevice * dev)
{
  return dev->quirks;
}

/**
 * gst_tv_hw_device_enum_input:
 * @dev: a device
 * @index: the input to describe
 * @input: (out caller-allocates): filled by the driver
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Returns: TRUE when @index exists; FALSE past the last input (@error
 * untouched) or on failure (@error set)
 */
gboolean
gst_tv_hw_device_enum_input (GstTvHwDevice * dev, guint32 index,
    struct v4l2_input *input, GError ** error)
{
  memset (input, 0, sizeof (*input));
  input->index = index;
  return check_enum (dev, CALL (dev, enum_input, input), "VIDIOC_ENUMINPUT",
      error);
}

/**
 * gst_tv_hw_device_get_input:
 * @dev: a device
 * @index: (out): the current input
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_input (GstTvHwDevice * dev, guint32 * index,
    GError ** error)
{
  return check (dev, CALL (dev, g_input, index), "VIDIOC_G_INPUT", error);
}

/**
 * gst_tv_hw_device_set_input:
 * @dev: a device
 * @index: the input to select
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_input (GstTvHwDevice * dev, guint32 index, GError ** error)
{
  GST_DEBUG ("'%s': S_INPUT %u", dev->location, index);
  return check (dev, CALL (dev, s_input, index), "VIDIOC_S_INPUT", error);
}

/**
 * gst_tv_hw_device_enum_output:
 * @dev: a device
 * @index: the output to describe
 * @output: (out caller-allocates): filled by the driver
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Returns: TRUE when @index exists; FALSE past the last output
 */
gboolean
gst_tv_hw_device_enum_output (GstTvHwDevice * dev, guint32 index,
    struct v4l2_output *output, GError ** error)
{
  memset (output, 0, sizeof (*output));
  output->index = index;
  return check_enum (dev, CALL (dev, enum_output, output), "VIDIOC_ENUMOUTPUT",
      error);
}

/**
 * gst_tv_hw_device_get_output:
 * @dev: a device
 * @index: (out): the current output
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_output (GstTvHwDevice * dev, guint32 * index,
    GError ** error)
{
  return check (dev, CALL (dev, g_output, index), "VIDIOC_G_OUTPUT", error);
}

/**
 * gst_tv_hw_device_set_output:
 * @dev: a device
 * @index: the output to select
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_output (GstTvHwDevice * dev, guint32 index,
    GError ** error)
{
  GST_DEBUG ("'%s': S_OUTPUT %u", dev->location, index);
  return check (dev, CALL (dev, s_output, index), "VIDIOC_S_OUTPUT", error);
}

/**
 * gst_tv_hw_device_enum_std:
 * @dev: a device
 * @index: the entry to describe
 * @std: (out caller-allocates): filled by the driver
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Enumerates the standards of the current input (or output). An input
 * without standards has an empty list.
 *
 * Returns: TRUE when @index exists; FALSE past the last one
 */
gboolean
gst_tv_hw_device_enum_std (GstTvHwDevice * dev, guint32 index,
    struct v4l2_standard *std, GError ** error)
{
  memset (std, 0, sizeof (*std));
  std->index = index;
  return check_enum (dev, CALL (dev, enumstd, std), "VIDIOC_ENUMSTD", error);
}

/**
 * gst_tv_hw_device_get_std:
 * @dev: a device
 * @std: (out): the current standard
 * @error: (out) (optional): set on failure (NO_DATA on an input without
 *   standards)
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_std (GstTvHwDevice * dev, v4l2_std_id * std,
    GError ** error)
{
  return check (dev, CALL (dev, g_std, std), "VIDIOC_G_STD", error);
}

/**
 * gst_tv_hw_device_set_std:
 * @dev: a device
 * @std: the standard (or set of standards) to select
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_std (GstTvHwDevice * dev, v4l2_std_id std, GError ** error)
{
  GST_DEBUG ("'%s': S_STD 0x%016" G_GINT64_MODIFIER "x", dev->location,
      (guint64) std);
  return check (dev, CALL (dev, s_std, std), "VIDIOC_S_STD", error);
}

/**
 * gst_tv_hw_device_query_std:
 * @dev: a device
 * @std: (out): the standards the signal on the current input may be; 0
 *   (V4L2_STD_UNKNOWN) when there is no signal
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_query_std (GstTvHwDevice * dev, v4l2_std_id * std,
    GError ** error)
{
  return check (dev, CALL (dev, querystd, std), "VIDIOC_QUERYSTD", error);
}

/**
 * gst_tv_hw_device_enum_fmt:
 * @dev: a device
 * @index: the entry to describe
 * @desc: (out caller-allocates): filled by the driver
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Returns: TRUE when @index exists; FALSE past the last one
 */
gboolean
gst_tv_hw_device_enum_fmt (GstTvHwDevice * dev, guint32 index,
    struct v4l2_fmtdesc *desc, GError ** error)
{
  memset (desc, 0, sizeof (*desc));
  desc->index = index;
  desc->type = dev->buf_type;
  return check_enum (dev, CALL (dev, enum_fmt, desc), "VIDIOC_ENUM_FMT", error);
}

/**
 * gst_tv_hw_device_get_fmt:
 * @dev: a device
 * @fmt: (out caller-allocates): the current format (type is set here)
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt,
    GError ** error)
{
  memset (fmt, 0, sizeof (*fmt));
  fmt->type = dev->buf_type;
  return check (dev, CALL (dev, g_fmt, fmt), "VIDIOC_G_FMT", error);
}

/**
 * gst_tv_hw_device_set_fmt:
 * @dev: a device
 * @fmt: (inout): the wanted format; the driver writes back what it chose
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt,
    GError ** error)
{
  fmt->type = dev->buf_type;
  return check (dev, CALL (dev, s_fmt, fmt), "VIDIOC_S_FMT", error);
}

/**
 * gst_tv_hw_device_try_fmt:
 * @dev: a device
 * @fmt: (inout): the format to try; the driver writes back what it would
 *   choose, without changing anything
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_try_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt,
    GError ** error)
{
  fmt->type = dev->buf_type;
  return check (dev, CALL (dev, try_fmt, fmt), "VIDIOC_TRY_FMT", error);
}

/**
 * gst_tv_hw_device_cropcap:
 * @dev: a device
 * @cropcap: (out caller-allocates): bounds, default rectangle and pixel
 *   aspect (y/x) of the current standard
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_cropcap (GstTvHwDevice * dev, struct v4l2_cropcap *cropcap,
    GError ** error)
{
  memset (cropcap, 0, sizeof (*cropcap));
  cropcap->type = dev->buf_type;
  return check (dev, CALL (dev, cropcap, cropcap), "VIDIOC_CROPCAP", error);
}

/**
 * gst_tv_hw_device_get_parm:
 * @dev: a device
 * @parm: (out caller-allocates): streaming parameters (frame period)
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_parm (GstTvHwDevice * dev, struct v4l2_streamparm *parm,
    GError ** error)
{
  memset (parm, 0, sizeof (*parm));
  parm->type = dev->buf_type;
  return check (dev, CALL (dev, g_parm, parm), "VIDIOC_G_PARM", error);
}

/* G_SELECTION (@set FALSE) or S_SELECTION of @target: @rect in (S) and
 * out */
static gboolean
selection (GstTvHwDevice * dev, gboolean set, guint32 target, guint32 flags,
    struct v4l2_rect *rect, GError ** error)
{
  struct v4l2_selection sel;
  gint ret;

  memset (&sel, 0, sizeof (sel));
  sel.type = dev->buf_type;
  sel.target = target;
  sel.flags = flags;
  if (set) {
    sel.r = *rect;
    ret = CALL (dev, s_selection, &sel);
  } else {
    ret = CALL (dev, g_selection, &sel);
  }
  if (!check (dev, ret, set ? "VIDIOC_S_SELECTION" : "VIDIOC_G_SELECTION",
          error))
    return FALSE;
  *rect = sel.r;
  return TRUE;
}

/**
 * gst_tv_hw_device_get_selection:
 * @dev: a device
 * @target: V4L2_SEL_TGT_CROP, V4L2_SEL_TGT_CROP_DEFAULT,
 *   V4L2_SEL_TGT_CROP_BOUNDS, ...
 * @rect: (out caller-allocates): the rectangle
 * @error: (out) (optional): set on failure (NOT_SUPPORTED: no selection
 *   API; INVALID: not this target)
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_selection (GstTvHwDevice * dev, guint32 target,
    struct v4l2_rect *rect, GError ** error)
{
  return selection (dev, FALSE, target, 0, rect, error);
}

/**
 * gst_tv_hw_device_set_selection:
 * @dev: a device
 * @target: V4L2_SEL_TGT_CROP, ...
 * @flags: V4L2_SEL_FLAG_GE, V4L2_SEL_FLAG_LE or 0
 * @rect: (inout): the rectangle asked for; the driver writes back the one
 *   it chose (aligned, kept within the bounds)
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_selection (GstTvHwDevice * dev, guint32 target,
    guint32 flags, struct v4l2_rect *rect, GError ** error)
{
  return selection (dev, TRUE, target, flags, rect, error);
}

/* --- controls --- */

/**
 * gst_tv_hw_device_query_ctrl:
 * @dev: a device
 * @id: a control id (V4L2_CID_*)
 * @qc: (out caller-allocates): its description (type, range, default,
 *   flags)
 * @error: (out) (optional): INVALID for an id the device does not have,
 *   NOT_SUPPORTED on a device without controls
 *
 * Returns: TRUE when the device has control @id
 */
gboolean
gst_tv_hw_device_query_ctrl (GstTvHwDevice * dev, guint32 id,
    struct v4l2_queryctrl *qc, GError ** error)
{
  memset (qc, 0, sizeof (*qc));
  qc->id = id;
  return check (dev, CALL (dev, queryctrl, qc), "VIDIOC_QUERYCTRL", error);
}

/**
 * gst_tv_hw_device_next_ctrl:
 * @dev: a device
 * @qc: (inout caller-allocates): in: the previous control (qc->id 0 to
 *   start); out: the next one
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Enumerates the controls in the order of their ids, as
 * V4L2_CTRL_FLAG_NEXT_CTRL does, class headings
 * (V4L2_CTRL_TYPE_CTRL_CLASS) included. A device without controls (ENOTTY)
 * has an empty list.
 *
 * Returns: TRUE with the next control in @qc; FALSE after the last one
 * (@error untouched) or on failure (@error set)
 */
gboolean
gst_tv_hw_device_next_ctrl (GstTvHwDevice * dev, struct v4l2_queryctrl *qc,
    GError ** error)
{
  guint32 prev = qc->id & ~(V4L2_CTRL_FLAG_NEXT_CTRL |
      V4L2_CTRL_FLAG_NEXT_COMPOUND);
  gint ret;

  memset (qc, 0, sizeof (*qc));
  qc->id = prev | V4L2_CTRL_FLAG_NEXT_CTRL;
  ret = CALL (dev, queryctrl, qc);
  if (ret == -ENOTTY) {
    GST_TRACE ("'%s' has no controls", dev->location);
    return FALSE;
  }
  return check_enum (dev, ret, "VIDIOC_QUERYCTRL", error);
}

/**
 * gst_tv_hw_device_enum_menu:
 * @dev: a device
 * @id: a menu control
 * @index: a value of it, between its minimum and maximum
 * @qm: (out caller-allocates): the item's name
 * @error: (out) (optional): set on failure, not for a missing item
 *
 * A menu may skip values between its minimum and maximum: the driver
 * answers EINVAL for those, and for anything that is no item of a menu
 * control (an id that is not a menu, a value out of range).
 *
 * Returns: TRUE when @index is an item of menu @id; FALSE otherwise
 * (@error untouched) or on failure (@error set)
 */
gboolean
gst_tv_hw_device_enum_menu (GstTvHwDevice * dev, guint32 id, guint32 index,
    struct v4l2_querymenu *qm, GError ** error)
{
  memset (qm, 0, sizeof (*qm));
  qm->id = id;
  qm->index = index;
  return check_enum (dev, CALL (dev, querymenu, qm), "VIDIOC_QUERYMENU", error);
}

/**
 * gst_tv_hw_device_get_ctrl:
 * @dev: a device
 * @id: a control id
 * @value: (out): its current value
 * @error: (out) (optional): INVALID for an unknown id, PERMISSION for a
 *   write-only control
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_ctrl (GstTvHwDevice * dev, guint32 id, gint32 * value,
    GError ** error)
{
  struct v4l2_control ctrl;

  memset (&ctrl, 0, sizeof (ctrl));
  ctrl.id = id;
  if (!check (dev, CALL (dev, g_ctrl, &ctrl), "VIDIOC_G_CTRL", error))
    return FALSE;
  *value = ctrl.value;
  return TRUE;
}

/**
 * gst_tv_hw_device_set_ctrl:
 * @dev: a device
 * @id: a control id
 * @value: the new value
 * @error: (out) (optional): INVALID for an unknown id or a value the
 *   control cannot take (a menu item out of range, ERANGE, or skipped,
 *   EINVAL), PERMISSION for a read-only control
 *
 * Like the kernel's control framework, drivers clamp an integer to the
 * control's range and round it to its step, and turn any non-zero boolean
 * into 1, without an error: get_ctrl tells what was stored.
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_ctrl (GstTvHwDevice * dev, guint32 id, gint32 value,
    GError ** error)
{
  struct v4l2_control ctrl;

  memset (&ctrl, 0, sizeof (ctrl));
  ctrl.id = id;
  ctrl.value = value;
  GST_DEBUG ("'%s': S_CTRL 0x%08x = %d", dev->location, id, value);
  return check (dev, CALL (dev, s_ctrl, &ctrl), "VIDIOC_S_CTRL", error);
}

/* --- tuners and modulators --- */

/**
 * gst_tv_hw_device_get_tuner:
 * @dev: a capture device
 * @index: the tuner (v4l2_input.tuner of a tuner input)
 * @tuner: (out caller-allocates): its name, type, capabilities, range,
 *   signal strength, AFC, received subchannels and audio mode
 * @error: (out) (optional): INVALID for a bad index, NOT_SUPPORTED on a
 *   device without tuners
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_tuner (GstTvHwDevice * dev, guint32 index,
    struct v4l2_tuner *tuner, GError ** error)
{
  memset (tuner, 0, sizeof (*tuner));
  tuner->index = index;
  return check (dev, CALL (dev, g_tuner, tuner), "VIDIOC_G_TUNER", error);
}

/**
 * gst_tv_hw_device_set_tuner:
 * @dev: a capture device
 * @tuner: the tuner's index and the audio mode to use (audmode,
 *   V4L2_TUNER_MODE_*); the other fields are ignored
 * @error: (out) (optional): INVALID for a bad index or audio mode
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_tuner (GstTvHwDevice * dev,
    const struct v4l2_tuner *tuner, GError ** error)
{
  GST_DEBUG ("'%s': S_TUNER %u audmode %u", dev->location, tuner->index,
      tuner->audmode);
  return check (dev, CALL (dev, s_tuner, tuner), "VIDIOC_S_TUNER", error);
}

/**
 * gst_tv_hw_device_get_modulator:
 * @dev: an output device
 * @index: the modulator (v4l2_output.modulator of a modulator output)
 * @modulator: (out caller-allocates): its name, capabilities, range and
 *   transmitted subchannels
 * @error: (out) (optional): INVALID for a bad index, NOT_SUPPORTED on a
 *   device without modulators
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_modulator (GstTvHwDevice * dev, guint32 index,
    struct v4l2_modulator *modulator, GError ** error)
{
  memset (modulator, 0, sizeof (*modulator));
  modulator->index = index;
  return check (dev, CALL (dev, g_modulator, modulator), "VIDIOC_G_MODULATOR",
      error);
}

/**
 * gst_tv_hw_device_set_modulator:
 * @dev: an output device
 * @modulator: the modulator's index and the subchannels to transmit
 *   (txsubchans, V4L2_TUNER_SUB_*); the other fields are ignored
 * @error: (out) (optional): INVALID for a bad index or subchannels
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_modulator (GstTvHwDevice * dev,
    const struct v4l2_modulator *modulator, GError ** error)
{
  GST_DEBUG ("'%s': S_MODULATOR %u txsubchans 0x%x", dev->location,
      modulator->index, modulator->txsubchans);
  return check (dev, CALL (dev, s_modulator, modulator),
      "VIDIOC_S_MODULATOR", error);
}

/**
 * gst_tv_hw_device_get_frequency:
 * @dev: a device
 * @tuner: a tuner (capture) or modulator (output) index
 * @frequency: (out): its frequency, in its units (see
 *   gst_tv_hw_frequency_to_hz())
 * @error: (out) (optional): INVALID for a bad index
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_frequency (GstTvHwDevice * dev, guint32 tuner,
    guint32 * frequency, GError ** error)
{
  struct v4l2_frequency freq;

  memset (&freq, 0, sizeof (freq));
  freq.tuner = tuner;
  if (!check (dev, CALL (dev, g_frequency, &freq), "VIDIOC_G_FREQUENCY", error))
    return FALSE;
  *frequency = freq.frequency;
  return TRUE;
}

/**
 * gst_tv_hw_device_set_frequency:
 * @dev: a device
 * @tuner: a tuner (capture) or modulator (output) index
 * @type: the tuner's type: V4L2_TUNER_ANALOG_TV on a video node
 * @frequency: in the tuner's units
 * @error: (out) (optional): INVALID for a bad index or type
 *
 * Drivers clamp @frequency to the tuner's range without an error:
 * get_frequency tells what was set.
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_frequency (GstTvHwDevice * dev, guint32 tuner,
    guint32 type, guint32 frequency, GError ** error)
{
  struct v4l2_frequency freq;

  memset (&freq, 0, sizeof (freq));
  freq.tuner = tuner;
  freq.type = type;
  freq.frequency = frequency;
  GST_DEBUG ("'%s': S_FREQUENCY tuner %u: %u", dev->location, tuner, frequency);
  return check (dev, CALL (dev, s_frequency, &freq), "VIDIOC_S_FREQUENCY",
      error);
}

/* --- sliced VBI --- */

/**
 * gst_tv_hw_device_get_sliced_vbi_cap:
 * @dev: a device opened as a sliced VBI kind
 * @cap: (out caller-allocates): the services its slicer has at the
 *   current standard
 * @error: (out) (optional): set on failure
 *
 * cap->type is SLICED_VBI_OUTPUT on an output kind, SLICED_VBI_CAPTURE
 * otherwise.
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_sliced_vbi_cap (GstTvHwDevice * dev,
    struct v4l2_sliced_vbi_cap *cap, GError ** error)
{
  memset (cap, 0, sizeof (*cap));
  cap->type = gst_tv_hw_node_kind_is_output (dev->kind) ?
      V4L2_BUF_TYPE_SLICED_VBI_OUTPUT : V4L2_BUF_TYPE_SLICED_VBI_CAPTURE;
  return check (dev, CALL (dev, g_sliced_vbi_cap, cap),
      "VIDIOC_G_SLICED_VBI_CAP", error);
}

/* --- audio inputs and outputs --- */

/**
 * gst_tv_hw_device_enum_audio:
 * @dev: a capture device
 * @index: the audio input to describe
 * @audio: (out caller-allocates): filled by the driver
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Audio inputs go with video inputs: bit n of v4l2_input.audioset says
 * that audio input n can be selected with that video input.
 *
 * Returns: TRUE when @index exists; FALSE past the last audio input
 * (@error untouched) or on failure (@error set, NOT_SUPPORTED without
 * audio inputs)
 */
gboolean
gst_tv_hw_device_enum_audio (GstTvHwDevice * dev, guint32 index,
    struct v4l2_audio *audio, GError ** error)
{
  memset (audio, 0, sizeof (*audio));
  audio->index = index;
  return check_enum (dev, CALL (dev, enumaudio, audio), "VIDIOC_ENUMAUDIO",
      error);
}

/**
 * gst_tv_hw_device_get_audio:
 * @dev: a capture device
 * @audio: (out caller-allocates): the current audio input
 * @error: (out) (optional): INVALID when the current video input has no
 *   audio (audioset 0)
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_audio (GstTvHwDevice * dev, struct v4l2_audio *audio,
    GError ** error)
{
  memset (audio, 0, sizeof (*audio));
  return check (dev, CALL (dev, g_audio, audio), "VIDIOC_G_AUDIO", error);
}

/**
 * gst_tv_hw_device_set_audio:
 * @dev: a capture device
 * @index: the audio input to select, one of the current video input's
 *   audioset
 * @mode: V4L2_AUDMODE_* flags (0 unless the input has the capability)
 * @error: (out) (optional): INVALID for an index outside the audioset
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_audio (GstTvHwDevice * dev, guint32 index, guint32 mode,
    GError ** error)
{
  struct v4l2_audio audio;

  memset (&audio, 0, sizeof (audio));
  audio.index = index;
  audio.mode = mode;
  GST_DEBUG ("'%s': S_AUDIO %u", dev->location, index);
  return check (dev, CALL (dev, s_audio, &audio), "VIDIOC_S_AUDIO", error);
}

/**
 * gst_tv_hw_device_enum_audout:
 * @dev: an output device
 * @index: the audio output to describe
 * @audout: (out caller-allocates): filled by the driver
 * @error: (out) (optional): set on failure, not at the end of the list
 *
 * Returns: TRUE when @index exists; FALSE past the last audio output
 * (@error untouched) or on failure (@error set)
 */
gboolean
gst_tv_hw_device_enum_audout (GstTvHwDevice * dev, guint32 index,
    struct v4l2_audioout *audout, GError ** error)
{
  memset (audout, 0, sizeof (*audout));
  audout->index = index;
  return check_enum (dev, CALL (dev, enumaudout, audout), "VIDIOC_ENUMAUDOUT",
      error);
}

/**
 * gst_tv_hw_device_get_audout:
 * @dev: an output device
 * @audout: (out caller-allocates): the current audio output
 * @error: (out) (optional): INVALID when the current video output has no
 *   audio
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_get_audout (GstTvHwDevice * dev,
    struct v4l2_audioout *audout, GError ** error)
{
  memset (audout, 0, sizeof (*audout));
  return check (dev, CALL (dev, g_audout, audout), "VIDIOC_G_AUDOUT", error);
}

/**
 * gst_tv_hw_device_set_audout:
 * @dev: an output device
 * @index: the audio output to select, one of the current video output's
 *   audioset
 * @error: (out) (optional): INVALID for an index outside the audioset
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_set_audout (GstTvHwDevice * dev, guint32 index,
    GError ** error)
{
  struct v4l2_audioout audout;

  memset (&audout, 0, sizeof (audout));
  audout.index = index;
  GST_DEBUG ("'%s': S_AUDOUT %u", dev->location, index);
  return check (dev, CALL (dev, s_audout, &audout), "VIDIOC_S_AUDOUT", error);
}

/**
 * gst_tv_hw_device_request_buffers:
 * @dev: a device
 * @count: how many MMAP buffers to ask for; 0 frees them
 * @actual: (out) (optional): how many the driver gave
 * @error: (out) (optional): set on failure
 *
 * Any earlier mappings are released first.
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_request_buffers (GstTvHwDevice * dev, guint32 count,
    guint32 * actual, GError ** error)
{
  struct v4l2_requestbuffers req;
  gint ret;

  free_mappings (dev);

  memset (&req, 0, sizeof (req));
  req.count = count;
  req.type = dev->buf_type;
  req.memory = V4L2_MEMORY_MMAP;
  ret = CALL (dev, reqbufs, &req);
  if (ret < 0)
    return check (dev, ret, "VIDIOC_REQBUFS", error);

  GST_DEBUG ("'%s': asked for %u buffers, got %u", dev->location, count,
      req.count);
  if (req.count > 0) {
    dev->mappings = g_new0 (GstTvHwMapping, req.count);
    dev->n_mappings = req.count;
  }
  if (actual)
    *actual = req.count;
  return TRUE;
}

/**
 * gst_tv_hw_device_query_buffer:
 * @dev: a device
 * @index: a buffer index
 * @buf: (out caller-allocates): its state
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_query_buffer (GstTvHwDevice * dev, guint32 index,
    struct v4l2_buffer *buf, GError ** error)
{
  memset (buf, 0, sizeof (*buf));
  buf->index = index;
  buf->type = dev->buf_type;
  buf->memory = V4L2_MEMORY_MMAP;
  return check (dev, CALL (dev, querybuf, buf), "VIDIOC_QUERYBUF", error);
}

/**
 * gst_tv_hw_device_map_buffer:
 * @dev: a device
 * @index: a buffer index (below what request_buffers gave)
 * @data: (out): its memory
 * @size: (out) (optional): its length
 * @error: (out) (optional): set on failure
 *
 * Maps a buffer once; later calls return the same mapping. Mappings are
 * released by request_buffers and by close.
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_map_buffer (GstTvHwDevice * dev, guint32 index,
    gpointer * data, gsize * size, GError ** error)
{
  struct v4l2_buffer buf;
  GstTvHwMapping *m;
  gint ret;

  if (index >= dev->n_mappings) {
    gst_tv_hw_set_error_from_errno (dev, error, EINVAL, "mmap");
    return FALSE;
  }
  m = &dev->mappings[index];

  if (m->data == NULL) {
    if (!gst_tv_hw_device_query_buffer (dev, index, &buf, error))
      return FALSE;
    ret = CALL (dev, mmap, buf.m.offset, buf.length, &m->data);
    if (ret < 0) {
      m->data = NULL;
      return check (dev, ret, "mmap", error);
    }
    m->length = buf.length;
  }

  *data = m->data;
  if (size)
    *size = m->length;
  return TRUE;
}

/**
 * gst_tv_hw_device_queue_buffer:
 * @dev: a device
 * @buf: (inout): index (and, for output, bytesused, field, timestamp)
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_queue_buffer (GstTvHwDevice * dev, struct v4l2_buffer *buf,
    GError ** error)
{
  buf->type = dev->buf_type;
  buf->memory = V4L2_MEMORY_MMAP;
  return check (dev, CALL (dev, qbuf, buf), "VIDIOC_QBUF", error);
}

/**
 * gst_tv_hw_device_dequeue_buffer:
 * @dev: a device
 * @buf: (out caller-allocates): the buffer that is done
 * @error: (out) (optional): TIMEOUT when none is ready yet
 *
 * Never blocks; use gst_tv_hw_device_wait() first.
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_dequeue_buffer (GstTvHwDevice * dev,
    struct v4l2_buffer *buf, GError ** error)
{
  memset (buf, 0, sizeof (*buf));
  buf->type = dev->buf_type;
  buf->memory = V4L2_MEMORY_MMAP;
  return check (dev, CALL (dev, dqbuf, buf), "VIDIOC_DQBUF", error);
}

/**
 * gst_tv_hw_device_wait:
 * @dev: a device
 * @timeout_ns: how long to wait at most; negative waits forever
 * @error: (out) (optional): TIMEOUT, FLUSHING or the device's error
 *
 * Waits until a buffer can be dequeued.
 *
 * Returns: TRUE when one can
 */
gboolean
gst_tv_hw_device_wait (GstTvHwDevice * dev, gint64 timeout_ns, GError ** error)
{
  gint ret;

  /* the other threads may use the device while this one waits */
  if (G_UNLIKELY (dev->lock != NULL && gst_tv_hw_lock_is_held (dev->lock)))
    g_critical ("'%s': waiting for a frame with the device lock held",
        dev->location);

  for (;;) {
    g_mutex_lock (&dev->wake_lock);
    if (dev->flushing) {
      g_mutex_unlock (&dev->wake_lock);
      ret = -ECANCELED;
      break;
    }
    if (dev->wake_pending) {
      /* one wake, one WOKEN */
      dev->wake_pending = FALSE;
      if (dev->ops->interrupt)
        dev->ops->interrupt (dev, FALSE);
      g_mutex_unlock (&dev->wake_lock);
      GST_DEBUG ("'%s': woken", dev->location);
      g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_WOKEN,
          "the wait on '%s' was woken for a request", dev->location);
      return FALSE;
    }
    g_mutex_unlock (&dev->wake_lock);

    ret = dev->ops->poll ? dev->ops->poll (dev, timeout_ns) : -ENOTTY;
    /* interrupted: by a flush, a wake, or a flush that is already over;
     * the state above says which. A signal (EINTR): wait again. */
    if (ret != -ECANCELED && ret != -EINTR)
      break;
  }

  return check (dev, ret, "poll", error);
}

/**
 * gst_tv_hw_device_get_stamp_clock_time:
 * @dev: a device
 * @buf_flags: the flags of a dequeued buffer
 * @now: (out): the time now on the clock its timestamp claims, in ns
 *
 * Thread-safe; needs no lock.
 *
 * Returns: FALSE when the flags name no clock the backend can read
 */
gboolean
gst_tv_hw_device_get_stamp_clock_time (GstTvHwDevice * dev, guint32 buf_flags,
    GstClockTime * now)
{
  gint64 ns = 0;

  if (dev->ops->stamp_clock_time == NULL ||
      dev->ops->stamp_clock_time (dev, buf_flags, &ns) < 0 || ns < 0)
    return FALSE;
  *now = (GstClockTime) ns;
  return TRUE;
}

/**
 * gst_tv_hw_device_stream_on:
 * @dev: a device
 * @error: (out) (optional): set on failure
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_stream_on (GstTvHwDevice * dev, GError ** error)
{
  GST_DEBUG ("'%s': STREAMON", dev->location);
  return check (dev, CALL (dev, streamon, dev->buf_type), "VIDIOC_STREAMON",
      error);
}

/**
 * gst_tv_hw_device_stream_off:
 * @dev: a device
 * @error: (out) (optional): set on failure
 *
 * Returns every buffer to the application (dequeued state).
 *
 * Returns: TRUE on success
 */
gboolean
gst_tv_hw_device_stream_off (GstTvHwDevice * dev, GError ** error)
{
  GST_DEBUG ("'%s': STREAMOFF", dev->location);
  return check (dev, CALL (dev, streamoff, dev->buf_type),
      "VIDIOC_STREAMOFF", error);
}

/**
 * gst_tv_hw_device_set_flushing:
 * @dev: a device
 * @flushing: whether waits return FLUSHING
 *
 * Thread-safe: wakes a gst_tv_hw_device_wait() blocked in another thread.
 */
void
gst_tv_hw_device_set_flushing (GstTvHwDevice * dev, gboolean flushing)
{
  GST_DEBUG ("'%s': flushing %d", dev->location, flushing);
  g_mutex_lock (&dev->wake_lock);
  dev->flushing = flushing;
  /* a wake still pending keeps the poll interrupted */
  if (dev->ops->interrupt)
    dev->ops->interrupt (dev, flushing || dev->wake_pending);
  g_mutex_unlock (&dev->wake_lock);
}

/**
 * gst_tv_hw_device_wake:
 * @dev: a device
 *
 * Thread-safe: makes the gst_tv_hw_device_wait() in progress return
 * %GST_TV_HW_ERROR_WOKEN, or the next one if none is; once per call (calls
 * before the wait that consumes them count as one). A flush takes
 * precedence: while flushing, waits return FLUSHING and the wake stays
 * pending.
 */
void
gst_tv_hw_device_wake (GstTvHwDevice * dev)
{
  GST_DEBUG ("'%s': wake", dev->location);
  g_mutex_lock (&dev->wake_lock);
  dev->wake_pending = TRUE;
  if (dev->ops->interrupt)
    dev->ops->interrupt (dev, TRUE);
  g_mutex_unlock (&dev->wake_lock);
}

/* --- tuner frequencies --- */

/**
 * gst_tv_hw_frequency_to_hz:
 * @frequency: a frequency in the units of a tuner or modulator
 * @capability: that tuner's capability flags (V4L2_TUNER_CAP_*)
 *
 * V4L2 counts frequencies in units of 62.5 kHz, of 62.5 Hz when the tuner
 * has V4L2_TUNER_CAP_LOW, or of 1 Hz with V4L2_TUNER_CAP_1HZ.
 *
 * Returns: @frequency in Hz
 */
guint64
gst_tv_hw_frequency_to_hz (guint32 frequency, guint32 capability)
{
  if (capability & V4L2_TUNER_CAP_1HZ)
    return frequency;
  if (capability & V4L2_TUNER_CAP_LOW)
    return (guint64) frequency *125 / 2;
  return (guint64) frequency *62500;
}

/**
 * gst_tv_hw_frequency_from_hz:
 * @hz: a frequency in Hz
 * @capability: the capability flags (V4L2_TUNER_CAP_*) of the tuner it is
 *   for
 *
 * Returns: @hz in that tuner's units (see gst_tv_hw_frequency_to_hz()),
 * rounded to the nearest unit; G_MAXUINT32 when it does not fit
 */
guint32
gst_tv_hw_frequency_from_hz (guint64 hz, guint32 capability)
{
  guint64 units;

  if (capability & V4L2_TUNER_CAP_1HZ)
    units = hz;
  else if (capability & V4L2_TUNER_CAP_LOW)
    units = (hz / 125) * 2 + ((hz % 125) * 2 + 62) / 125;
  else
    units = hz / 62500 + (hz % 62500 >= 31250 ? 1 : 0);
  return units > G_MAXUINT32 ? G_MAXUINT32 : (guint32) units;
}
