/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: v4l2tvsrc's on-disconnect=reconnect (see gstv4l2tvreconnect.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 *
 * The streaming thread does it all, in create() and in the negotiation
 * GstBaseSrc runs in that thread before the first create() (a card that
 * went in READY, or before the first frame, is found there): a call that
 * fails with GST_TV_HW_ERROR_DISCONNECTED posts no error (intercept) but
 * marks the card lost; the negotiation then succeeds with no caps, the
 * source releases its buffers; run() then posts
 * "v4l2tv-disconnected", closes the device and, until the card is back,
 * returns the source's fillers at the standard's rate and looks for the
 * card every RECONNECT_POLL: first at its old location, then at every
 * location gst_tv_hw_list_locations() gives, taking only a node whose
 * bus_info and card name are the old ones. The device found is programmed
 * as at open (gst_v4l2_tv_object_reopen()), "v4l2tv-reconnected" goes
 * out, and the source negotiates and streams again.
 *
 * Nothing here blocks unlock(): the wait between fillers and searches is
 * on our own condition, which set_flushing() signals; the device itself
 * is opened and closed only by the streaming thread, under the object's
 * locks, so unlock() sees either the old device, none, or the new one
 * with the flushing state already applied (gst_v4l2_tv_object_reopen()).
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "gstv4l2tvreconnect.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* how often the locations are searched while the card is away */
#define RECONNECT_POLL (100 * GST_MSECOND)
#define DEFAULT_ON_DISCONNECT GST_V4L2_TV_ON_DISCONNECT_ERROR
#define DEFAULT_RECONNECT_TIMEOUT 0

typedef enum
{
  STATE_CONNECTED,
  STATE_LOST,                   /* a call said so; the device still open */
  STATE_AWAY,                   /* closed, looking for it */
} State;

struct _GstV4l2TvReconnect
{
  GstElement *element;          /* not reffed: it owns us */
  GstV4l2TvObject *obj;
  GstV4l2TvGapFunc gap;

  GMutex lock;
  GCond cond;
  /* lock */
  gboolean flushing;
  GThread *thread;              /* the streaming thread, in run() */
  gboolean lost;                /* intercept() saw the card go */

  /* GST_OBJECT_LOCK (element) */
  GstV4l2TvOnDisconnect mode;
  guint64 timeout;

  /* the streaming thread */
  State state;
  gchar *location, *bus_info, *card;    /* of the card that went away */
  gint64 since;                 /* g_get_monotonic_time () it went */
  gint64 next_search;
};

/* the element's GstV4l2TvReconnect, for gst_v4l2_tv_reconnect_intercept() */
static G_DEFINE_QUARK (gst-v4l2-tv-reconnect, reconnect);

GType
gst_v4l2_tv_on_disconnect_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {GST_V4L2_TV_ON_DISCONNECT_ERROR,
        "The disconnect is an error that ends the stream", "error"},
    {GST_V4L2_TV_ON_DISCONNECT_RECONNECT,
          "Fill the gap and reopen the same card when it comes back",
        "reconnect"},
    {0, NULL, NULL},
  };

  return gst_v4l2_tv_register_enum (&type, "GstV4l2TvOnDisconnect", values);
}

GstV4l2TvReconnect *
gst_v4l2_tv_reconnect_new (GstElement * element, GstV4l2TvObject * obj,
    GstV4l2TvGapFunc gap)
{
  GstV4l2TvReconnect *rc = g_new0 (GstV4l2TvReconnect, 1);

  g_object_set_qdata (G_OBJECT (element), reconnect_quark (), rc);

  rc->element = element;
  rc->obj = obj;
  rc->gap = gap;
  g_mutex_init (&rc->lock);
  g_cond_init (&rc->cond);
  rc->mode = DEFAULT_ON_DISCONNECT;
  rc->timeout = DEFAULT_RECONNECT_TIMEOUT;
  rc->state = STATE_CONNECTED;

  return rc;
}

static void
forget_card (GstV4l2TvReconnect * rc)
{
  g_clear_pointer (&rc->location, g_free);
  g_clear_pointer (&rc->bus_info, g_free);
  g_clear_pointer (&rc->card, g_free);
}

void
gst_v4l2_tv_reconnect_free (GstV4l2TvReconnect * rc)
{
  g_object_set_qdata (G_OBJECT (rc->element), reconnect_quark (), NULL);
  forget_card (rc);
  g_mutex_clear (&rc->lock);
  g_cond_clear (&rc->cond);
  g_free (rc);
}

void
gst_v4l2_tv_reconnect_install_properties (GObjectClass * klass,
    guint first_prop)
{
  /**
   * GstV4l2TvSrc:on-disconnect:
   *
   * What happens when the card goes away while capturing (a USB grabber
   * unplugged or reset, the driver unbound). `error` (the default): the
   * error "Device ... was disconnected." ends the stream. `reconnect`: the
   * stream goes on with the fillers of `signal-loss` at the standard's
   * rate (black: the card's buffers are gone; nothing with
   * `signal-loss=wait`), counted in `gap-frames`; the element message
   * `v4l2tv-disconnected` goes out; the card is looked for every 100 ms
   * at its old location and at every /dev/videoN (and virtual card), and
   * only the same card is taken: the same bus_info and card name
   * (QUERYCAP), wherever it comes back. It is reopened and programmed as
   * before (input, norm, frequency, audio input, colour controls,
   * flips: what was in force, or what was asked for meanwhile), the
   * element message `v4l2tv-reconnected` goes out, the caps change only if
   * the format did, and capture resumes (DISCONT). See
   * `reconnect-timeout`.
   *
   * The messages' fields:
   * - `v4l2tv-disconnected`: `device` (string, the location it was at),
   *   `bus-info` (string), `card` (string)
   * - `v4l2tv-reconnected`: `device` (string, where it is now, which may
   *   be another /dev/videoN), `previous-device` (string), `bus-info`,
   *   `card` (strings)
   */
  g_object_class_install_property (klass, first_prop,
      g_param_spec_enum ("on-disconnect", "On disconnect",
          "What happens when the card goes away while capturing: an error, "
          "or fillers until the same card (bus_info and card name) comes "
          "back, wherever it comes back, and is reopened with its settings",
          GST_TYPE_V4L2_TV_ON_DISCONNECT, DEFAULT_ON_DISCONNECT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  /**
   * GstV4l2TvSrc:reconnect-timeout:
   *
   * With `on-disconnect=reconnect`: how long to wait for the card to come
   * back, in nanoseconds; 0 (the default) waits for ever. When it runs
   * out, the stream ends with the disconnect's error ("Device ... was
   * disconnected."), once; so it does when `on-disconnect` is set to
   * `error` while the card is away.
   */
  g_object_class_install_property (klass, first_prop + 1,
      g_param_spec_uint64 ("reconnect-timeout", "Reconnect timeout",
          "With on-disconnect=reconnect: how long to wait for the card to "
          "come back (in ns), then the disconnect is an error; 0: for ever",
          0, G_MAXUINT64, DEFAULT_RECONNECT_TIMEOUT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
}

gboolean
gst_v4l2_tv_reconnect_set_property (GstV4l2TvReconnect * rc, guint prop_id,
    const GValue * value)
{
  GST_OBJECT_LOCK (rc->element);
  switch (prop_id) {
    case 0:
      rc->mode = g_value_get_enum (value);
      break;
    case 1:
      rc->timeout = g_value_get_uint64 (value);
      break;
    default:
      GST_OBJECT_UNLOCK (rc->element);
      return FALSE;
  }
  GST_OBJECT_UNLOCK (rc->element);
  /* a new timeout counts at once */
  g_mutex_lock (&rc->lock);
  g_cond_broadcast (&rc->cond);
  g_mutex_unlock (&rc->lock);
  return TRUE;
}

gboolean
gst_v4l2_tv_reconnect_get_property (GstV4l2TvReconnect * rc, guint prop_id,
    GValue * value)
{
  GST_OBJECT_LOCK (rc->element);
  switch (prop_id) {
    case 0:
      g_value_set_enum (value, rc->mode);
      break;
    case 1:
      g_value_set_uint64 (value, rc->timeout);
      break;
    default:
      GST_OBJECT_UNLOCK (rc->element);
      return FALSE;
  }
  GST_OBJECT_UNLOCK (rc->element);
  return TRUE;
}

gboolean
gst_v4l2_tv_reconnect_intercept (GstElement * element, const GError * err)
{
  GstV4l2TvReconnect *rc;
  gboolean reconnect, ours;

  if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_DISCONNECTED))
    return FALSE;
  rc = g_object_get_qdata (G_OBJECT (element), reconnect_quark ());
  if (rc == NULL)
    return FALSE;

  GST_OBJECT_LOCK (element);
  reconnect = rc->mode == GST_V4L2_TV_ON_DISCONNECT_RECONNECT;
  GST_OBJECT_UNLOCK (element);
  if (!reconnect)
    return FALSE;

  g_mutex_lock (&rc->lock);
  ours = rc->thread == g_thread_self ();
  if (ours)
    rc->lost = TRUE;
  g_mutex_unlock (&rc->lock);
  if (ours)
    GST_INFO_OBJECT (element, "the card went away (%s): reconnecting",
        err->message);
  return ours;
}

void
gst_v4l2_tv_reconnect_set_flushing (GstV4l2TvReconnect * rc,
    gboolean flushing)
{
  g_mutex_lock (&rc->lock);
  rc->flushing = flushing;
  g_cond_broadcast (&rc->cond);
  g_mutex_unlock (&rc->lock);
}

void
gst_v4l2_tv_reconnect_start (GstV4l2TvReconnect * rc)
{
  /* in READY after a disconnect, the device stays closed: keep looking */
  if (rc->obj->dev == NULL && rc->state == STATE_AWAY)
    return;
  rc->state = STATE_CONNECTED;
  forget_card (rc);
  g_mutex_lock (&rc->lock);
  rc->lost = FALSE;
  g_mutex_unlock (&rc->lock);
}

void
gst_v4l2_tv_reconnect_enter (GstV4l2TvReconnect * rc)
{
  g_mutex_lock (&rc->lock);
  rc->thread = g_thread_self ();
  g_mutex_unlock (&rc->lock);
}

gboolean
gst_v4l2_tv_reconnect_pending (GstV4l2TvReconnect * rc)
{
  gboolean lost;

  g_mutex_lock (&rc->lock);
  lost = rc->lost;
  g_mutex_unlock (&rc->lock);
  return lost;
}

gboolean
gst_v4l2_tv_reconnect_lost (GstV4l2TvReconnect * rc)
{
  gboolean lost;

  g_mutex_lock (&rc->lock);
  lost = rc->lost;
  rc->lost = FALSE;
  g_mutex_unlock (&rc->lock);
  if (lost)
    rc->state = STATE_LOST;
  return lost;
}

static void
post_message (GstV4l2TvReconnect * rc, GstStructure * s)
{
  gst_element_post_message (rc->element,
      gst_message_new_element (GST_OBJECT_CAST (rc->element), s));
}

/* the card went: note who it was, close it, say so */
static void
gst_v4l2_tv_reconnect_begin (GstV4l2TvReconnect * rc)
{
  GstV4l2TvObject *obj = rc->obj;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  /* (a card lost while reopening has gone already) */
  if (obj->dev) {
    forget_card (rc);
    rc->location = g_strdup (gst_tv_hw_device_get_location (obj->dev));
    rc->bus_info = g_strdup (gst_tv_hw_device_get_bus_info (obj->dev));
    rc->card = g_strdup (gst_tv_hw_device_get_card (obj->dev));
  }
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
  gst_v4l2_tv_object_close (obj);

  rc->since = g_get_monotonic_time ();
  GST_WARNING_OBJECT (rc->element, "card '%s' (%s) at %s went away, "
      "waiting for it to come back", rc->card, rc->bus_info, rc->location);
  post_message (rc, gst_structure_new ("v4l2tv-disconnected",
          "device", G_TYPE_STRING, rc->location,
          "bus-info", G_TYPE_STRING, rc->bus_info,
          "card", G_TYPE_STRING, rc->card, NULL));
  rc->state = STATE_AWAY;
  rc->next_search = rc->since + RECONNECT_POLL / GST_USECOND;
}

/* @location opened as a capture node, if it is the card that went away */
static GstTvHwDevice *
gst_v4l2_tv_reconnect_try (GstV4l2TvReconnect * rc, const gchar * location)
{
  g_autoptr (GError) err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (location, rc->obj->kind, &err);
  if (dev == NULL) {
    GST_LOG_OBJECT (rc->element, "%s: %s", location, err->message);
    return NULL;
  }
  if (g_strcmp0 (gst_tv_hw_device_get_bus_info (dev), rc->bus_info) == 0 &&
      g_strcmp0 (gst_tv_hw_device_get_card (dev), rc->card) == 0)
    return dev;

  GST_LOG_OBJECT (rc->element, "%s is card '%s' (%s), not ours", location,
      gst_tv_hw_device_get_card (dev), gst_tv_hw_device_get_bus_info (dev));
  gst_tv_hw_device_close (dev);
  return NULL;
}

/* the card at its old location, or at any other */
static GstTvHwDevice *
gst_v4l2_tv_reconnect_search (GstV4l2TvReconnect * rc)
{
  GstTvHwDevice *dev = gst_v4l2_tv_reconnect_try (rc, rc->location);
  gchar **locations;
  guint i;

  if (dev)
    return dev;
  locations = gst_tv_hw_list_locations ();
  for (i = 0; dev == NULL && locations[i]; i++)
    if (g_strcmp0 (locations[i], rc->location) != 0)
      dev = gst_v4l2_tv_reconnect_try (rc, locations[i]);
  g_strfreev (locations);

  return dev;
}

/* the card is back at @dev: programmed as before */
static GstFlowReturn
gst_v4l2_tv_reconnect_resume (GstV4l2TvReconnect * rc, GstTvHwDevice * dev)
{
  g_autofree gchar *location = g_strdup (gst_tv_hw_device_get_location (dev));

  if (!gst_v4l2_tv_object_reopen (rc->obj, dev)) {
    /* gone again while programming it: keep looking */
    if (gst_v4l2_tv_reconnect_lost (rc)) {
      rc->state = STATE_AWAY;
      return GST_V4L2_TV_FLOW_NO_FILLER;
    }
    /* it refused its settings: that error is posted */
    return GST_FLOW_ERROR;
  }

  GST_INFO_OBJECT (rc->element, "card '%s' (%s) is back at %s (was %s)",
      rc->card, rc->bus_info, location, rc->location);
  post_message (rc, gst_structure_new ("v4l2tv-reconnected",
          "device", G_TYPE_STRING, location,
          "previous-device", G_TYPE_STRING, rc->location,
          "bus-info", G_TYPE_STRING, rc->bus_info,
          "card", G_TYPE_STRING, rc->card, NULL));
  rc->state = STATE_CONNECTED;
  forget_card (rc);
  return GST_V4L2_TV_FLOW_RECONNECTED;
}

/* the wait ends: reconnect-timeout ran out (@timeout), or on-disconnect
 * became error meanwhile (0) */
static GstFlowReturn
gst_v4l2_tv_reconnect_give_up (GstV4l2TvReconnect * rc, guint64 timeout)
{
  if (timeout > 0)
    GST_ELEMENT_ERROR (rc->element, RESOURCE, NOT_FOUND,
        (_("Device '%s' was disconnected."), rc->location),
        ("card '%s' (%s) did not come back within %" GST_TIME_FORMAT,
            rc->card, rc->bus_info, GST_TIME_ARGS (timeout)));
  else
    GST_ELEMENT_ERROR (rc->element, RESOURCE, NOT_FOUND,
        (_("Device '%s' was disconnected."), rc->location),
        ("card '%s' (%s) did not come back, and on-disconnect is error now",
            rc->card, rc->bus_info));
  return GST_FLOW_ERROR;
}

GstFlowReturn
gst_v4l2_tv_reconnect_run (GstV4l2TvReconnect * rc, GstBuffer ** outbuf)
{
  GstFlowReturn ret;
  guint64 timeout;
  gboolean flushing, reconnect;

  gst_v4l2_tv_reconnect_enter (rc);
  if (rc->state == STATE_CONNECTED)
    return GST_V4L2_TV_FLOW_CONNECTED;
  if (rc->state == STATE_LOST)
    gst_v4l2_tv_reconnect_begin (rc);

  for (;;) {
    GstClockTime wait = RECONNECT_POLL;
    gint64 now, until;

    g_mutex_lock (&rc->lock);
    flushing = rc->flushing;
    g_mutex_unlock (&rc->lock);
    if (flushing)
      return GST_FLOW_FLUSHING;

    GST_OBJECT_LOCK (rc->element);
    timeout = rc->timeout;
    reconnect = rc->mode == GST_V4L2_TV_ON_DISCONNECT_RECONNECT;
    GST_OBJECT_UNLOCK (rc->element);
    now = g_get_monotonic_time ();
    if (!reconnect)
      return gst_v4l2_tv_reconnect_give_up (rc, 0);
    if (timeout > 0 && (guint64) (now - rc->since) * GST_USECOND >= timeout)
      return gst_v4l2_tv_reconnect_give_up (rc, timeout);

    if (now >= rc->next_search) {
      GstTvHwDevice *dev = gst_v4l2_tv_reconnect_search (rc);

      rc->next_search = g_get_monotonic_time () + RECONNECT_POLL / GST_USECOND;
      if (dev) {
        ret = gst_v4l2_tv_reconnect_resume (rc, dev);
        if (ret != GST_V4L2_TV_FLOW_NO_FILLER)
          return ret;
      }
    }

    ret = rc->gap (rc->element, &wait, outbuf);
    if (ret != GST_V4L2_TV_FLOW_NO_FILLER)
      return ret;

    /* until the next filler, search or timeout, or a flush */
    now = g_get_monotonic_time ();
    until = MIN (rc->next_search, now + (gint64) (wait / GST_USECOND));
    if (timeout > 0)
      until = MIN (until, rc->since + (gint64) (timeout / GST_USECOND));
    g_mutex_lock (&rc->lock);
    if (!rc->flushing)
      g_cond_wait_until (&rc->cond, &rc->lock, MAX (until, now));
    g_mutex_unlock (&rc->lock);
  }
}
