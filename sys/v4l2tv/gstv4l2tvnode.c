/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the lifecycle of a node (see gstv4l2tvnode.h), shared by
 * v4l2tvsrc, v4l2tvsink and, next, the VBI path.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <glib/gi18n-lib.h>

#include "gstv4l2tvnode.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

#define IS_OUTPUT(obj) gst_tv_hw_node_kind_is_output ((obj)->kind)

void
gst_v4l2_tv_node_post_alloc_error (GstV4l2TvObject * obj, const GError * err,
    const gchar * debug)
{
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  GstResourceError code;
  gchar *text;

  if (IS_OUTPUT (obj)) {
    code = GST_RESOURCE_ERROR_WRITE;
    text = g_strdup_printf (_("Could not get output buffers from device "
            "'%s'."), location);
  } else {
    code = GST_RESOURCE_ERROR_READ;
    text = g_strdup_printf (_("Could not get capture buffers from device "
            "'%s'."), location);
  }
  /* the card's error can say why (busy, gone) and may start a reconnect */
  if (err != NULL)
    gst_v4l2_tv_object_post_hw_error (obj, GST_MESSAGE_ERROR, err, code,
        text, __FILE__, GST_FUNCTION, __LINE__);
  else
    gst_element_message_full (obj->element, GST_MESSAGE_ERROR,
        GST_RESOURCE_ERROR, code, text, g_strdup (debug), __FILE__,
        GST_FUNCTION, __LINE__);
}

/**
 * gst_v4l2_tv_node_change_state:
 *
 * The element's change_state: the device opens and is programmed in
 * NULL->READY and closes in READY->NULL (the object's pre and post
 * steps), around @parent_class's.
 */
GstStateChangeReturn
gst_v4l2_tv_node_change_state (GstV4l2TvObject * obj,
    GstElementClass * parent_class, GstStateChange transition)
{
  GstStateChangeReturn ret;

  if (!gst_v4l2_tv_object_change_state_pre (obj, transition))
    return GST_STATE_CHANGE_FAILURE;
  ret = parent_class->change_state (obj->element, transition);

  return gst_v4l2_tv_object_change_state_post (obj, transition, ret);
}

GstCaps *
gst_v4l2_tv_node_filter_caps (GstCaps * caps, GstCaps * filter)
{
  GstCaps *ret;

  if (filter == NULL)
    return caps;
  ret = gst_caps_intersect_full (filter, caps, GST_CAPS_INTERSECT_FIRST);
  gst_caps_unref (caps);
  return ret;
}

GstFlowReturn
gst_v4l2_tv_node_switch (GstV4l2TvObject * obj, GFunc release,
    gpointer user_data, gboolean * switched)
{
  GstV4l2TvSwitchResult res;

  res = gst_v4l2_tv_object_switch (obj, release, user_data);
  *switched = res == GST_V4L2_TV_SWITCH_DONE;
  return res == GST_V4L2_TV_SWITCH_ERROR ? GST_FLOW_ERROR : GST_FLOW_OK;
}

/* the one buffer cycle of every node, video and VBI, capture and output:
 * REQBUFS and the mappings (gst_v4l2_tv_node_map), QBUF
 * (gst_tv_hw_device_queue_buffer), DQBUF (gst_v4l2_tv_node_dequeue),
 * REQBUFS 0 (gst_v4l2_tv_node_unmap); the functions on the object below
 * are the video node's, which take the device lock and post the element's
 * errors */

GstV4l2TvMapping *
gst_v4l2_tv_node_map (GstTvHwDevice * dev, guint count, guint min,
    gsize frame_size, guint * n, GError ** error)
{
  GstV4l2TvMapping *maps = NULL;
  guint32 actual = 0, i;

  *n = 0;
  if (!gst_tv_hw_device_request_buffers (dev, count, &actual, error))
    return NULL;
  if (actual < MAX (min, 1)) {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FAILED,
        "the driver granted %u %s buffers, %u are needed", actual,
        gst_tv_hw_node_kind_name (gst_tv_hw_device_get_kind (dev)),
        MAX (min, 1));
    goto failed;
  }

  maps = g_new0 (GstV4l2TvMapping, actual);
  for (i = 0; i < actual; i++) {
    if (!gst_tv_hw_device_map_buffer (dev, i, &maps[i].data, &maps[i].size,
            error))
      goto failed;
    if (maps[i].size < frame_size) {
      g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FAILED,
          "buffer %u has %" G_GSIZE_FORMAT " bytes, a frame %"
          G_GSIZE_FORMAT, i, maps[i].size, frame_size);
      goto failed;
    }
  }
  GST_INFO ("'%s': %u %s buffers of %" G_GSIZE_FORMAT " bytes",
      gst_tv_hw_device_get_location (dev), actual,
      gst_tv_hw_node_kind_name (gst_tv_hw_device_get_kind (dev)), frame_size);
  *n = actual;
  return maps;

failed:
  g_free (maps);
  if (actual > 0)
    gst_v4l2_tv_node_unmap (dev, NULL);
  return NULL;
}

gboolean
gst_v4l2_tv_node_unmap (GstTvHwDevice * dev, GError ** error)
{
  guint32 actual;

  return gst_tv_hw_device_request_buffers (dev, 0, &actual, error);
}

gboolean
gst_v4l2_tv_node_dequeue (GstTvHwDevice * dev, guint n_buffers,
    struct v4l2_buffer *vbuf, GError ** error)
{
  if (!gst_tv_hw_device_dequeue_buffer (dev, vbuf, error))
    return FALSE;
  if (G_LIKELY (vbuf->index < n_buffers))
    return TRUE;
  /* a driver bug: that buffer is lost to us, and never an index into the
   * caller's arrays */
  g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FAILED,
      "the driver returned buffer index %u, but only %u buffers exist",
      vbuf->index, n_buffers);
  return FALSE;
}

/* with the device lock, so that no other thread's call comes in between
 * REQBUFS and the mappings */
GstV4l2TvMapping *
gst_v4l2_tv_node_request_buffers (GstV4l2TvObject * obj, guint count,
    guint min, gsize frame_size, guint * n)
{
  GError *err = NULL;
  GstV4l2TvMapping *maps;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  maps = gst_v4l2_tv_node_map (obj->dev, count, min, frame_size, n, &err);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
  if (maps == NULL) {
    gst_v4l2_tv_node_post_alloc_error (obj, err, NULL);
    g_error_free (err);
  }

  return maps;
}

void
gst_v4l2_tv_node_free_buffers (GstV4l2TvObject * obj)
{
  g_autoptr (GError) err = NULL;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  if (!gst_v4l2_tv_node_unmap (obj->dev, &err))
    GST_WARNING_OBJECT (obj->element, "freeing buffers: %s", err->message);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

gboolean
gst_v4l2_tv_node_queue (GstV4l2TvObject * obj, struct v4l2_buffer *vbuf,
    GError ** error)
{
  gboolean ok;

  vbuf->type = gst_tv_hw_node_kind_buf_type (obj->kind);
  vbuf->memory = V4L2_MEMORY_MMAP;
  GST_V4L2_TV_DEVICE_LOCK (obj);
  ok = gst_tv_hw_device_queue_buffer (obj->dev, vbuf, error);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  return ok;
}

gboolean
gst_v4l2_tv_node_stream_on (GstV4l2TvObject * obj)
{
  g_autoptr (GError) err = NULL;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  gboolean ok;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  ok = gst_tv_hw_device_stream_on (obj->dev, &err);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
  if (ok)
    return TRUE;

  gst_v4l2_tv_object_post_hw_error (obj, GST_MESSAGE_ERROR, err,
      GST_RESOURCE_ERROR_FAILED, IS_OUTPUT (obj) ?
      g_strdup_printf (_("Could not start output on device '%s'."),
          location) :
      g_strdup_printf (_("Could not start capturing from device '%s'."),
          location), __FILE__, GST_FUNCTION, __LINE__);
  return FALSE;
}

void
gst_v4l2_tv_node_stream_off (GstV4l2TvObject * obj)
{
  g_autoptr (GError) err = NULL;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  if (!gst_tv_hw_device_stream_off (obj->dev, &err))
    GST_WARNING_OBJECT (obj->element, "STREAMOFF: %s", err->message);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}
