/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the VBI companion node (gstv4l2tvvbinode.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <glib/gi18n-lib.h>

#include "gstv4l2tvfault.h"
#include "gstv4l2tvnode.h"
#include "gstv4l2tvvbinode.h"
#include "v4l2tv-text.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

#define VBI_BUFFERS 4

/* which frame a buffer is: its timestamp where the driver gave one (the
 * same clock for video and VBI), its sequence number otherwise */
typedef struct
{
  guint32 sequence;
  GstClockTime timestamp;       /* GST_CLOCK_TIME_NONE: none */
  guint32 clock;                /* V4L2_BUF_FLAG_TIMESTAMP_* */
  gboolean soe;                 /* stamped at the start of the frame */
} FrameKey;

/* one decoded VBI frame waiting for its video frame */
typedef struct
{
  FrameKey key;
  GstTvVbiData data;
} QueuedFrame;

struct _GstV4l2TvVbiNode
{
  GstV4l2TvObject *obj;         /* first: gst_v4l2_tv_object_new_part() */

  /* GST_OBJECT_LOCK (element) */
  gchar *device;                /* the property: NULL finds, "" is off */
  GstV4l2TvVbiServices services;

  /* the device lock */
  gchar *location;              /* the node in use, NULL: VBI off */
  gboolean explicit_device;     /* vbi-device named it */
  GstTvHwDevice *sliced;        /* opened as the sliced kind, or NULL */
  GstTvHwDevice *raw;           /* opened as the raw kind, or NULL */
  gboolean failed;              /* warned: off until _reset() */

  /* the streaming thread (with the device lock around device calls) */
  GstTvHwDevice *dev;           /* the handle streaming, or NULL */
  GstV4l2TvVbiMode mode;
  GstV4l2TvMapping *maps;
  guint n_buffers;
  gboolean *owned;              /* output: buffers that are ours to fill */
  struct v4l2_vbi_format raw_fmt;
  guint system_lines;
  QueuedFrame queue[GST_V4L2_TV_VBI_NODE_QUEUE];
  guint n_queue;
  FrameKey newest;              /* the last VBI frame dequeued */
  gboolean have_newest;
  gboolean missed;              /* a wait for a due frame timed out */
  guint errors_in_row;          /* transient DQBUF errors since one worked */
  guint generation;             /* one more at each stop */
};

#define IS_OUTPUT(vbi) gst_tv_hw_node_kind_is_output ((vbi)->obj->kind)

GstV4l2TvVbiNode *
gst_v4l2_tv_vbi_node_new (GstV4l2TvObject * obj)
{
  GstV4l2TvVbiNode *vbi =
      gst_v4l2_tv_object_new_part (obj, sizeof (GstV4l2TvVbiNode));

  vbi->services = IS_OUTPUT (vbi) ? GST_V4L2_TV_VBI_CAPTIONS :
      GST_V4L2_TV_VBI_ALL;
  return vbi;
}

void
gst_v4l2_tv_vbi_node_free (GstV4l2TvVbiNode * vbi)
{
  if (vbi == NULL)
    return;
  gst_v4l2_tv_vbi_node_close (vbi);
  g_free (vbi->device);
  g_free (vbi);
}

void
gst_v4l2_tv_vbi_node_set_device (GstV4l2TvVbiNode * vbi, const gchar * device)
{
  GST_OBJECT_LOCK (vbi->obj->element);
  g_free (vbi->device);
  vbi->device = g_strdup (device);
  GST_OBJECT_UNLOCK (vbi->obj->element);
}

gchar *
gst_v4l2_tv_vbi_node_get_device (GstV4l2TvVbiNode * vbi)
{
  gchar *device;

  GST_OBJECT_LOCK (vbi->obj->element);
  device = g_strdup (vbi->device);
  GST_OBJECT_UNLOCK (vbi->obj->element);
  return device;
}

void
gst_v4l2_tv_vbi_node_set_services (GstV4l2TvVbiNode * vbi,
    GstV4l2TvVbiServices services)
{
  GST_OBJECT_LOCK (vbi->obj->element);
  vbi->services = services;
  GST_OBJECT_UNLOCK (vbi->obj->element);
}

GstV4l2TvVbiServices
gst_v4l2_tv_vbi_node_get_services (GstV4l2TvVbiNode * vbi)
{
  GstV4l2TvVbiServices services;

  GST_OBJECT_LOCK (vbi->obj->element);
  services = vbi->services;
  GST_OBJECT_UNLOCK (vbi->obj->element);
  return services;
}

/* the one warning of a failure: names the node and says why; VBI is off
 * until _reset() */
static void
vbi_failed (GstV4l2TvVbiNode * vbi, const gchar * location,
    const gchar * what, const GError * err)
{
  g_autofree gchar *shown = gst_v4l2_tv_printable (location);
  g_autofree gchar *why = g_strdup_printf ("%s: %s", what,
      err ? err->message : "failed");
  g_autofree gchar *reason = gst_v4l2_tv_printable (why);

  vbi->failed = TRUE;
  if (IS_OUTPUT (vbi))
    GST_ELEMENT_WARNING (vbi->obj->element, RESOURCE, SETTINGS,
        (_("Cannot use VBI device '%s' (%s): captions are not sent, the "
                "video goes on."), shown, reason), ("%s", why));
  else
    GST_ELEMENT_WARNING (vbi->obj->element, RESOURCE, SETTINGS,
        (_("Cannot use VBI device '%s' (%s): captions and widescreen "
                "signalling are off, the video goes on."), shown, reason),
        ("%s", why));
}

/* whether @dev, the node vbi-device named, is a node of the card the
 * element opened (the same QUERYCAP card and bus_info, what the search
 * for the card's own node goes by); the one warning if not: the VBI of
 * another card would put its captions and WSS on this card's frames */
static gboolean
same_card (GstV4l2TvVbiNode * vbi, const gchar * location, GstTvHwDevice * dev)
{
  GstTvHwDevice *video = vbi->obj->dev;
  g_autofree gchar *shown = NULL;

  if (g_strcmp0 (gst_tv_hw_device_get_card (dev),
          gst_tv_hw_device_get_card (video)) == 0 &&
      g_strcmp0 (gst_tv_hw_device_get_bus_info (dev),
          gst_tv_hw_device_get_bus_info (video)) == 0)
    return TRUE;

  shown = gst_v4l2_tv_printable (location);
  vbi->failed = TRUE;
  if (IS_OUTPUT (vbi))
    GST_ELEMENT_WARNING (vbi->obj->element, RESOURCE, SETTINGS,
        (_("VBI device '%s' belongs to card '%s' (%s), not to card '%s' (%s) "
                "of device '%s': captions are not sent, the video goes on."),
            shown, gst_tv_hw_device_get_card (dev),
            gst_tv_hw_device_get_bus_info (dev),
            gst_tv_hw_device_get_card (video),
            gst_tv_hw_device_get_bus_info (video),
            gst_tv_hw_device_get_location (video)),
        ("vbi-device is another card's node; unset it to find the card's own"));
  else
    GST_ELEMENT_WARNING (vbi->obj->element, RESOURCE, SETTINGS,
        (_("VBI device '%s' belongs to card '%s' (%s), not to card '%s' (%s) "
                "of device '%s': captions and widescreen signalling are off, "
                "the video goes on."), shown, gst_tv_hw_device_get_card (dev),
            gst_tv_hw_device_get_bus_info (dev),
            gst_tv_hw_device_get_card (video),
            gst_tv_hw_device_get_bus_info (video),
            gst_tv_hw_device_get_location (video)),
        ("vbi-device is another card's node; unset it to find the card's own"));
  return FALSE;
}

static GstTvHwNodeKind
sliced_kind (GstV4l2TvVbiNode * vbi)
{
  return IS_OUTPUT (vbi) ? GST_TV_HW_NODE_SLICED_VBI_OUTPUT :
      GST_TV_HW_NODE_SLICED_VBI_CAPTURE;
}

static GstTvHwNodeKind
raw_kind (GstV4l2TvVbiNode * vbi)
{
  return IS_OUTPUT (vbi) ? GST_TV_HW_NODE_VBI_OUTPUT :
      GST_TV_HW_NODE_VBI_CAPTURE;
}

/* @location opened as @kind, the device lock set; NULL with @error */
static GstTvHwDevice *
open_kind (GstV4l2TvVbiNode * vbi, const gchar * location,
    GstTvHwNodeKind kind, GError ** error)
{
  GstTvHwDevice *dev = gst_tv_hw_device_open (location, kind, error);

  if (dev)
    gst_tv_hw_device_set_lock (dev, &vbi->obj->lock);
  return dev;
}

/* the card's own VBI node: sliced kind first, then raw; NULL in silence
 * when it has none */
static gchar *
find_location (GstV4l2TvVbiNode * vbi)
{
  g_autoptr (GError) err = NULL;
  gchar *location;

  location = gst_tv_hw_find_vbi_location (vbi->obj->dev, sliced_kind (vbi),
      &err);
  if (location)
    return location;
  GST_DEBUG_OBJECT (vbi->obj->element, "no %s node: %s",
      gst_tv_hw_node_kind_name (sliced_kind (vbi)), err->message);
  g_clear_error (&err);
  location = gst_tv_hw_find_vbi_location (vbi->obj->dev, raw_kind (vbi), &err);
  if (location == NULL)
    GST_INFO_OBJECT (vbi->obj->element, "no VBI node, VBI is off: %s",
        err->message);
  return location;
}

void
gst_v4l2_tv_vbi_node_open (GstV4l2TvVbiNode * vbi)
{
  g_autoptr (GError) serr = NULL;
  g_autoptr (GError) rerr = NULL;
  g_autofree gchar *device = NULL;
  GstV4l2TvVbiServices services;
  gchar *location;

  GST_OBJECT_LOCK (vbi->obj->element);
  device = g_strdup (vbi->device);
  services = vbi->services;
  GST_OBJECT_UNLOCK (vbi->obj->element);

  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  gst_v4l2_tv_vbi_node_close (vbi);
  if (services == 0 || (device && *device == '\0')) {
    GST_INFO_OBJECT (vbi->obj->element, "VBI is off (%s)", services == 0 ?
        "no VBI services asked for" : "vbi-device is empty");
    goto done;
  }
  vbi->explicit_device = device != NULL;
  location = device ? g_strdup (device) : find_location (vbi);
  if (location == NULL)
    goto done;

  vbi->sliced = open_kind (vbi, location, sliced_kind (vbi), &serr);
  /* a capture slices in software what the card cannot */
  if (!IS_OUTPUT (vbi))
    vbi->raw = open_kind (vbi, location, raw_kind (vbi), &rerr);
  if (vbi->sliced == NULL && vbi->raw == NULL) {
    /* the raw kind's error unless it only lacks the kind */
    GError *err = rerr && !g_error_matches (rerr, GST_TV_HW_ERROR,
        GST_TV_HW_ERROR_WRONG_DIRECTION) ? rerr : serr;

    vbi_failed (vbi, location, "open", err);
    g_free (location);
    goto done;
  }
  if (vbi->explicit_device && !same_card (vbi, location,
          vbi->sliced ? vbi->sliced : vbi->raw)) {
    g_clear_pointer (&vbi->sliced, gst_tv_hw_device_close);
    g_clear_pointer (&vbi->raw, gst_tv_hw_device_close);
    g_free (location);
    goto done;
  }
  vbi->location = location;
  GST_INFO_OBJECT (vbi->obj->element, "VBI node %s (%s%s%s)", location,
      vbi->sliced ? "sliced" : "", vbi->sliced && vbi->raw ? ", " : "",
      vbi->raw ? "raw" : "");

done:
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
}

void
gst_v4l2_tv_vbi_node_close (GstV4l2TvVbiNode * vbi)
{
  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  gst_v4l2_tv_vbi_node_stop (vbi);
  g_clear_pointer (&vbi->sliced, gst_tv_hw_device_close);
  g_clear_pointer (&vbi->raw, gst_tv_hw_device_close);
  g_clear_pointer (&vbi->location, g_free);
  vbi->failed = FALSE;
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
}

void
gst_v4l2_tv_vbi_node_reset (GstV4l2TvVbiNode * vbi)
{
  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  vbi->failed = FALSE;
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
}

const gchar *
gst_v4l2_tv_vbi_node_get_location (GstV4l2TvVbiNode * vbi)
{
  return vbi->location;
}

GstV4l2TvVbiMode
gst_v4l2_tv_vbi_node_get_mode (GstV4l2TvVbiNode * vbi)
{
  return vbi->mode;
}

/* the V4L2 services wanted at @lines */
static guint16
services_at (GstV4l2TvVbiNode * vbi, guint lines)
{
  GstV4l2TvVbiServices services = gst_v4l2_tv_vbi_node_get_services (vbi);

  if (lines == 525 && (services & GST_V4L2_TV_VBI_CAPTIONS))
    return V4L2_SLICED_CAPTION_525;
  if (lines == 625 && (services & GST_V4L2_TV_VBI_WSS) && !IS_OUTPUT (vbi))
    return V4L2_SLICED_WSS_625;
  return 0;
}

/* whether the sliced node slices @want now: FALSE with @error for a
 * failure (a driver without G_SLICED_VBI_CAP only says no) */
static gboolean
slicer_has (GstV4l2TvVbiNode * vbi, guint16 want, gboolean * has,
    GError ** error)
{
  g_autoptr (GError) err = NULL;
  struct v4l2_sliced_vbi_cap cap;

  GST_V4L2_TV_DEVICE_LOCK_HELD (vbi->obj);

  *has = FALSE;
  if (vbi->sliced == NULL)
    return TRUE;
  memset (&cap, 0, sizeof (cap));
  if (!gst_tv_hw_device_get_sliced_vbi_cap (vbi->sliced, &cap, &err)) {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED)
        || g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID)) {
      GST_DEBUG_OBJECT (vbi->obj->element, "G_SLICED_VBI_CAP: %s",
          err->message);
      return TRUE;
    }
    g_propagate_error (error, g_steal_pointer (&err));
    return FALSE;
  }
  *has = (cap.service_set & want) != 0;
  GST_DEBUG_OBJECT (vbi->obj->element, "the slicer has 0x%04x, 0x%04x "
      "wanted", cap.service_set, want);
  return TRUE;
}

/* S_FMT sliced with @want; FALSE with @error */
static gboolean
set_sliced (GstV4l2TvVbiNode * vbi, guint16 want, GError ** error)
{
  struct v4l2_format fmt;

  GST_V4L2_TV_DEVICE_LOCK_HELD (vbi->obj);

  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.sliced.service_set = want;
  if (!gst_tv_hw_device_set_fmt (vbi->sliced, &fmt, error))
    return FALSE;
  if ((fmt.fmt.sliced.service_set & want) == 0) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID,
        "the driver refused the sliced service 0x%04x (it set 0x%04x)",
        want, fmt.fmt.sliced.service_set);
    return FALSE;
  }
  vbi->dev = vbi->sliced;
  return TRUE;
}

/* the raw format, checked; FALSE with @error */
static gboolean
set_raw (GstV4l2TvVbiNode * vbi, GError ** error)
{
  struct v4l2_format fmt;

  GST_V4L2_TV_DEVICE_LOCK_HELD (vbi->obj);

  if (vbi->raw == NULL) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED,
        "the node does not slice the service and has no raw VBI");
    return FALSE;
  }
  memset (&fmt, 0, sizeof (fmt));
  if (!gst_tv_hw_device_get_fmt (vbi->raw, &fmt, error))
    return FALSE;
  /* S_FMT takes the node for raw VBI (it may have been sliced) */
  if (!gst_tv_hw_device_set_fmt (vbi->raw, &fmt, error))
    return FALSE;
  if (!gst_tv_vbi_raw_format_check (&fmt.fmt.vbi, error))
    return FALSE;
  if (fmt.fmt.vbi.start[0] == 0) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_FORMAT,
        "the raw VBI format does not say which lines it holds (start 0)");
    return FALSE;
  }
  vbi->raw_fmt = fmt.fmt.vbi;
  vbi->dev = vbi->raw;
  return TRUE;
}

static void
free_buffers (GstV4l2TvVbiNode * vbi)
{
  if (vbi->dev && vbi->n_buffers > 0)
    gst_v4l2_tv_node_unmap (vbi->dev, NULL);
  g_clear_pointer (&vbi->maps, g_free);
  g_clear_pointer (&vbi->owned, g_free);
  vbi->n_buffers = 0;
}

static gboolean
queue_index (GstV4l2TvVbiNode * vbi, guint32 index, guint32 bytesused,
    GstClockTime timestamp, GError ** error)
{
  struct v4l2_buffer buf;

  GST_V4L2_TV_DEVICE_LOCK_HELD (vbi->obj);

  memset (&buf, 0, sizeof (buf));
  buf.index = index;
  buf.type = gst_tv_hw_device_get_buf_type (vbi->dev);
  buf.memory = V4L2_MEMORY_MMAP;
  buf.bytesused = bytesused;
  buf.field = V4L2_FIELD_NONE;
  /* output: the video frame's, which the driver hands back with it */
  if (GST_CLOCK_TIME_IS_VALID (timestamp))
    GST_TIME_TO_TIMEVAL (timestamp, buf.timestamp);
  return gst_tv_hw_device_queue_buffer (vbi->dev, &buf, error);
}

/* REQBUFS, map, (capture) QBUF all, STREAMON; FALSE with @error and no
 * buffers left */
static gboolean
stream_on (GstV4l2TvVbiNode * vbi, const gchar ** what, GError ** error)
{
  guint i;

  GST_V4L2_TV_DEVICE_LOCK_HELD (vbi->obj);

  *what = "REQBUFS/mmap";
  vbi->maps = gst_v4l2_tv_node_map (vbi->dev, VBI_BUFFERS, 1, 0,
      &vbi->n_buffers, error);
  if (vbi->maps == NULL)
    return FALSE;
  vbi->owned = g_new0 (gboolean, vbi->n_buffers);
  for (i = 0; i < vbi->n_buffers; i++) {
    vbi->owned[i] = TRUE;
    if (IS_OUTPUT (vbi))
      continue;
    *what = "QBUF";
    if (!queue_index (vbi, i, 0, GST_CLOCK_TIME_NONE, error))
      goto failed;
    vbi->owned[i] = FALSE;
  }
  *what = "STREAMON";
  if (!gst_tv_hw_device_stream_on (vbi->dev, error))
    goto failed;
  return TRUE;

failed:
  free_buffers (vbi);
  return FALSE;
}

GstV4l2TvVbiMode
gst_v4l2_tv_vbi_node_start (GstV4l2TvVbiNode * vbi)
{
  g_autoptr (GError) err = NULL;
  const gchar *what = "S_FMT";
  gboolean has_sliced;
  guint16 want;

  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  gst_v4l2_tv_vbi_node_stop (vbi);
  if (vbi->location == NULL || vbi->failed)
    goto off;
  vbi->system_lines = vbi->obj->lines;
  want = services_at (vbi, vbi->system_lines);
  if (want == 0) {
    GST_DEBUG_OBJECT (vbi->obj->element, "no VBI service wanted at %u lines",
        vbi->system_lines);
    goto off;
  }

  what = "G_SLICED_VBI_CAP";
  if (!slicer_has (vbi, want, &has_sliced, &err))
    goto failed;
  what = "S_FMT";
  if (has_sliced ? !set_sliced (vbi, want, &err) : !set_raw (vbi, &err))
    goto failed;
  if (!stream_on (vbi, &what, &err))
    goto failed;

  vbi->mode = has_sliced ? GST_V4L2_TV_VBI_MODE_SLICED :
      GST_V4L2_TV_VBI_MODE_RAW;
  vbi->n_queue = 0;
  GST_INFO_OBJECT (vbi->obj->element, "VBI %s streaming %s, %u buffers, "
      "services 0x%04x", vbi->location, has_sliced ? "sliced" : "raw",
      vbi->n_buffers, want);
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
  return vbi->mode;

failed:
  vbi_failed (vbi, vbi->location, what, err);
  vbi->dev = NULL;
off:
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
  return GST_V4L2_TV_VBI_MODE_OFF;
}

void
gst_v4l2_tv_vbi_node_stop (GstV4l2TvVbiNode * vbi)
{
  g_autoptr (GError) err = NULL;

  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  if (vbi->dev) {
    if (vbi->mode != GST_V4L2_TV_VBI_MODE_OFF &&
        !gst_tv_hw_device_stream_off (vbi->dev, &err))
      GST_WARNING_OBJECT (vbi->obj->element, "VBI STREAMOFF: %s",
          err->message);
    free_buffers (vbi);
  }
  vbi->dev = NULL;
  vbi->mode = GST_V4L2_TV_VBI_MODE_OFF;
  vbi->n_queue = 0;
  vbi->have_newest = vbi->missed = FALSE;
  vbi->errors_in_row = 0;
  vbi->generation++;
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
}

/* a failure while streaming: one warning, VBI off */
static void
stream_failed (GstV4l2TvVbiNode * vbi, const gchar * what, const GError * err)
{
  vbi_failed (vbi, vbi->location, what, err);
  gst_v4l2_tv_vbi_node_stop (vbi);
}

/* DQBUF failed with @err while streaming. A transient error (EIO) loses
 * a VBI frame and VBI goes on, as the video node does (gstv4l2tvfault.h);
 * the GST_V4L2_TV_MAX_IO_ERRORS-th in a row, or any other error, is the
 * one warning and VBI is off. FALSE then. */
static gboolean
dequeue_failed (GstV4l2TvVbiNode * vbi, const GError * err,
    GstTvVbiStats * stats)
{
  g_autofree gchar *what = NULL;

  switch (gst_v4l2_tv_io_error (&vbi->errors_in_row, err)) {
    case GST_V4L2_TV_IO_TRANSIENT:
      GST_DEBUG_OBJECT (vbi->obj->element, "VBI DQBUF: %s (%u in a row): a "
          "VBI frame lost", err->message, vbi->errors_in_row);
      if (stats)
        stats->frames_lost++;
      return TRUE;
    case GST_V4L2_TV_IO_TOO_MANY:
      /* that frame is lost too: frames-lost agrees with "N in a row" */
      if (stats)
        stats->frames_lost++;
      what = g_strdup_printf ("DQBUF, %u times in a row", vbi->errors_in_row);
      stream_failed (vbi, what, err);
      return FALSE;
    default:
      stream_failed (vbi, "DQBUF", err);
      return FALSE;
  }
}

/* the VBI frame in buffer @index decoded into the queue */
static void
decode_into_queue (GstV4l2TvVbiNode * vbi, const struct v4l2_buffer *buf,
    GstTvVbiStats * stats)
{
  g_autoptr (GError) err = NULL;
  const guint8 *data = vbi->maps[buf->index].data;
  gsize size = MIN (buf->bytesused, vbi->maps[buf->index].size);
  QueuedFrame *q;

  if (vbi->n_queue == GST_V4L2_TV_VBI_NODE_QUEUE) {
    /* the oldest never found its video frame */
    memmove (&vbi->queue[0], &vbi->queue[1],
        sizeof (QueuedFrame) * (GST_V4L2_TV_VBI_NODE_QUEUE - 1));
    vbi->n_queue--;
  }
  q = &vbi->queue[vbi->n_queue];
  q->key = vbi->newest;
  if (vbi->mode == GST_V4L2_TV_VBI_MODE_SLICED) {
    gst_tv_vbi_sliced_decode_frame ((const struct v4l2_sliced_vbi_data *)
        data, size / sizeof (struct v4l2_sliced_vbi_data), &q->data, stats);
  } else if (!gst_tv_vbi_raw_decode_frame (&vbi->raw_fmt, vbi->system_lines,
          data, size, &q->data, stats, &err)) {
    /* a short buffer: nothing from it */
    GST_DEBUG_OBJECT (vbi->obj->element, "VBI frame %u: %s", buf->sequence,
        err->message);
    return;
  }
  vbi->n_queue++;
}

static void
frame_key (const struct v4l2_buffer *buf, FrameKey * key)
{
  key->sequence = buf->sequence;
  key->clock = buf->flags & V4L2_BUF_FLAG_TIMESTAMP_MASK;
  key->soe = (buf->flags & V4L2_BUF_FLAG_TSTAMP_SRC_MASK) ==
      V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
  key->timestamp = buf->timestamp.tv_sec || buf->timestamp.tv_usec ?
      GST_TIMEVAL_TO_TIME (buf->timestamp) : GST_CLOCK_TIME_NONE;
}

static gint64 vbi_period_ns (GstV4l2TvVbiNode * vbi);

/* when the frame of @key ended, as far as its timestamp says */
static gint64
frame_end (GstV4l2TvVbiNode * vbi, const FrameKey * key)
{
  return (gint64) key->timestamp + (key->soe ? vbi_period_ns (vbi) : 0);
}

/* how many frames the VBI frame @vbi_key is older than the video frame
 * @video: 0 is the same frame, below 0 a newer one.
 *
 * By timestamp when both have one of the same clock: a driver's VBI and
 * video sequence counters may differ (separate counters that start at
 * each node's STREAMON, or that jump after a stall, as vivid's do under
 * load), the time of the frame does not. A frame's VBI buffer is complete
 * before its video buffer (half a frame before at most: the blanking
 * lines of the second field come mid-frame, which is when bttv-like
 * cards finish it) or just after it (vivid stamps it 5 % of a period
 * later): so the VBI frame belongs to the video frame that ends between a
 * quarter of a period before it and three quarters after it.
 *
 * By sequence number otherwise (they wrap). */
static gint64
frame_age (GstV4l2TvVbiNode * vbi, const FrameKey * vbi_key,
    const FrameKey * video)
{
  if (GST_CLOCK_TIME_IS_VALID (vbi_key->timestamp) &&
      GST_CLOCK_TIME_IS_VALID (video->timestamp) &&
      vbi_key->clock == video->clock) {
    gint64 p = vbi_period_ns (vbi);
    gint64 d = frame_end (vbi, video) - frame_end (vbi, vbi_key) + p / 4;

    /* rounded down */
    return d >= 0 ? d / p : -((-d + p - 1) / p);
  }
  return (gint32) (video->sequence - vbi_key->sequence);
}

/* whether the VBI frame of video frame @video is due now and worth a short
 * wait: the VBI stream is in step (its last frame is the one before, or it
 * has just started) and the last wait did not time out (a VBI stream that
 * stopped delivering costs one wait, not one a frame) */
static gboolean
worth_a_wait (GstV4l2TvVbiNode * vbi, const FrameKey * video)
{
  return !vbi->missed && (!vbi->have_newest ||
      frame_age (vbi, &vbi->newest, video) == 1);
}

/* a frame period at the standard in force */
static gint64
vbi_period_ns (GstV4l2TvVbiNode * vbi)
{
  const GstTvHwLineSystem *system =
      gst_tv_hw_line_system (vbi->system_lines == 525 ? 525 : 625);

  return (gint64) gst_util_uint64_scale (GST_SECOND, system->period_num,
      system->period_den);
}

/* half a frame period at the standard in force: a driver that completes
 * the VBI buffer of a frame after its video buffer (vivid does, in the same
 * tick) is given that long, which stays inside the one frame of latency
 * the source reports */
static gint64
vbi_wait_ns (GstV4l2TvVbiNode * vbi)
{
  return vbi_period_ns (vbi) / 2;
}

/* waits for the VBI node without the device lock (called with it held
 * once, returns with it held); FALSE when the node was stopped or
 * restarted meanwhile */
static gboolean
wait_unlocked (GstV4l2TvVbiNode * vbi)
{
  GstTvHwDevice *dev = vbi->dev;
  guint generation = vbi->generation;
  g_autoptr (GError) err = NULL;
  gboolean ready;

  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
  ready = gst_tv_hw_device_wait (dev, vbi_wait_ns (vbi), &err);
  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  if (vbi->generation != generation || vbi->dev != dev)
    return FALSE;
  if (!ready) {
    GST_DEBUG_OBJECT (vbi->obj->element, "no VBI frame in %" GST_TIME_FORMAT
        ": %s", GST_TIME_ARGS (vbi_wait_ns (vbi)), err->message);
    vbi->missed = TRUE;
  }
  return TRUE;
}

gboolean
gst_v4l2_tv_vbi_node_take (GstV4l2TvVbiNode * vbi,
    const struct v4l2_buffer *video, GstTvVbiData * data,
    GstTvVbiStats * stats)
{
  g_autoptr (GError) err = NULL;
  gboolean found = FALSE, waited = FALSE;
  FrameKey key;
  guint i, kept;

  if (vbi->mode == GST_V4L2_TV_VBI_MODE_OFF || IS_OUTPUT (vbi))
    return FALSE;

  frame_key (video, &key);
  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  /* until the frame of @video (or a newer one) is there: the frames after
   * it wait in the driver's queue, in the order they came */
  while (vbi->n_queue == 0 ||
      frame_age (vbi, &vbi->queue[vbi->n_queue - 1].key, &key) > 0) {
    struct v4l2_buffer buf;

    if (!gst_v4l2_tv_node_dequeue (vbi->dev, vbi->n_buffers, &buf, &err)) {
      if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_TIMEOUT)) {
        /* a frame lost: no caption for this video frame */
        if (!dequeue_failed (vbi, err, stats))
          goto done;
        break;
      }
      g_clear_error (&err);
      /* not there yet: once per frame, a short wait when it is due */
      if (waited || !worth_a_wait (vbi, &key))
        break;
      waited = TRUE;
      if (!wait_unlocked (vbi))
        goto done;
      if (vbi->missed)
        break;
      continue;
    }
    frame_key (&buf, &vbi->newest);
    vbi->have_newest = TRUE;
    vbi->missed = FALSE;
    vbi->errors_in_row = 0;
    GST_LOG_OBJECT (vbi->obj->element, "VBI frame %u at %" GST_TIME_FORMAT
        " (video frame %u at %" GST_TIME_FORMAT ")", buf.sequence,
        GST_TIME_ARGS (vbi->newest.timestamp), key.sequence,
        GST_TIME_ARGS (key.timestamp));
    if (!(buf.flags & V4L2_BUF_FLAG_ERROR))
      decode_into_queue (vbi, &buf, stats);
    if (!queue_index (vbi, buf.index, 0, GST_CLOCK_TIME_NONE, &err)) {
      stream_failed (vbi, "QBUF", err);
      goto done;
    }
  }

  /* older frames go, newer ones wait */
  for (i = 0, kept = 0; i < vbi->n_queue; i++) {
    gint64 age = frame_age (vbi, &vbi->queue[i].key, &key);

    if (age == 0) {
      *data = vbi->queue[i].data;
      found = TRUE;
    } else if (age < 0) {
      vbi->queue[kept++] = vbi->queue[i];
    }
  }
  vbi->n_queue = kept;

done:
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
  return found;
}

gboolean
gst_v4l2_tv_vbi_node_send (GstV4l2TvVbiNode * vbi, const GstTvVbiData * data,
    GstClockTime timestamp)
{
  g_autoptr (GError) err = NULL;
  struct v4l2_buffer buf;
  gboolean sent = FALSE;
  guint i, n_recs;

  if (vbi->mode == GST_V4L2_TV_VBI_MODE_OFF || !IS_OUTPUT (vbi))
    return FALSE;

  GST_V4L2_TV_DEVICE_LOCK (vbi->obj);
  /* the buffers the card has sent come back */
  for (;;) {
    if (gst_v4l2_tv_node_dequeue (vbi->dev, vbi->n_buffers, &buf, &err)) {
      vbi->errors_in_row = 0;
      vbi->owned[buf.index] = TRUE;
      continue;
    }
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_TIMEOUT))
      break;
    /* transient: the buffers stay with the card until the next frame */
    if (!dequeue_failed (vbi, err, NULL))
      goto done;
    break;
  }
  g_clear_error (&err);
  for (i = 0; i < vbi->n_buffers && !vbi->owned[i]; i++);
  if (i == vbi->n_buffers) {
    GST_LOG_OBJECT (vbi->obj->element, "no free VBI output buffer");
    goto done;
  }
  n_recs = vbi->maps[i].size / sizeof (struct v4l2_sliced_vbi_data);
  gst_tv_vbi_sliced_encode_frame (data, vbi->maps[i].data, n_recs);
  if (!queue_index (vbi, i, n_recs * sizeof (struct v4l2_sliced_vbi_data),
          timestamp, &err)) {
    stream_failed (vbi, "QBUF", err);
    goto done;
  }
  vbi->owned[i] = FALSE;
  sent = TRUE;

done:
  GST_V4L2_TV_DEVICE_UNLOCK (vbi->obj);
  return sent;
}
