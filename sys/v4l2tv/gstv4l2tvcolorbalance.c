/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstColorBalance interface and the colour balance properties.
 *
 * The channels are the card's V4L2_CID_BRIGHTNESS, V4L2_CID_CONTRAST,
 * V4L2_CID_SATURATION and V4L2_CID_HUE, as far as it has them (a control
 * flagged disabled counts as missing), with the ranges QUERYCTRL
 * gives. They exist while the device is open (READY and up); the balance
 * type is hardware: the card changes the picture.
 *
 * The list and the channels are handed out without a reference and an
 * application reads the channels' fields without a lock, so none is ever
 * changed or freed while the element lives (v4l2tv-kept.c). When an input
 * switch gives a control another range, the control gets a new channel
 * object with the new range and list_channels() a new list; a channel an
 * application holds keeps the range it had and still sets and reads the
 * control.
 *
 * Values out of a control's range, from the properties or from
 * gst_color_balance_set_value(), are clamped to the range with a warning
 * on the bus that names the device, the control and the range. A property
 * for a control the card does not have is a warning as well; the value is
 * kept for a later device that has it.
 *
 * A property is unset (GST_V4L2_TV_BALANCE_UNSET, G_MININT) until the
 * application sets it, and can be set back to unset: the card's value is
 * then kept (not changed at once, nor at the next open). The interface
 * has no "unset": G_MININT through gst_color_balance_set_value() is a
 * value below any range, clamped to the minimum.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "gstv4l2tvcolorbalance.h"
#include "v4l2tv-debug.h"
#include "v4l2tv-kept.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_balance_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_balance_debug

static const struct
{
  guint32 cid;
  const gchar *label;           /* the channel's label, as v4l2src has it */
  const gchar *prop;
  const gchar *nick;
  guint prop_id;
} controls[GST_V4L2_TV_BALANCE_N_PROPS] = {
  {V4L2_CID_BRIGHTNESS, "BRIGHTNESS", "brightness", "Brightness",
      GST_V4L2_TV_OBJECT_PROP_BRIGHTNESS},
  {V4L2_CID_CONTRAST, "CONTRAST", "contrast", "Contrast",
      GST_V4L2_TV_OBJECT_PROP_CONTRAST},
  {V4L2_CID_SATURATION, "SATURATION", "saturation", "Saturation",
      GST_V4L2_TV_OBJECT_PROP_SATURATION},
  {V4L2_CID_HUE, "HUE", "hue", "Hue", GST_V4L2_TV_OBJECT_PROP_HUE},
};


struct _GstV4l2TvBalance
{
  GstV4l2TvObject *obj;         /* first: gst_v4l2_tv_object_new_part() */

  GList *pending;               /* GstMessage: GST_V4L2_TV_QUEUE_WARNING */
  /* every channel and list handed out */
  GstV4l2TvKept *kept;
  /* while the device is open: the channels (kept) of the controls the
   * card has, in the order of controls[]; chans[i] NULL for a missing
   * one */
  gboolean open;
  const GList *channels;
  GstColorBalanceChannel *chans[GST_V4L2_TV_BALANCE_N_PROPS];
  gchar *names[GST_V4L2_TV_BALANCE_N_PROPS];    /* the driver's names */
  /* the properties: set[i] once the application gave one and did not set
   * it back to unset; values[i] GST_V4L2_TV_BALANCE_UNSET while not */
  gint values[GST_V4L2_TV_BALANCE_N_PROPS];
  gboolean set[GST_V4L2_TV_BALANCE_N_PROPS];
};

GstV4l2TvBalance *
gst_v4l2_tv_balance_new (GstV4l2TvObject * obj)
{
  GstV4l2TvBalance *balance;
  guint i;

  V4L2TV_DEBUG_INIT_ONCE (gst_v4l2_tv_balance_debug, "v4l2tvbalance",
      "v4l2tv colour balance and orientation");

  balance = gst_v4l2_tv_object_new_part (obj, sizeof (GstV4l2TvBalance));
  balance->kept = gst_v4l2_tv_kept_new ();
  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++)
    balance->values[i] = GST_V4L2_TV_BALANCE_UNSET;
  return balance;
}

/* with the lock: the channels and lists handed out stay in balance->kept */
static void
clear_unlocked (GstV4l2TvBalance * balance)
{
  guint i;

  balance->channels = NULL;
  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++) {
    balance->chans[i] = NULL;
    g_clear_pointer (&balance->names[i], g_free);
  }
  balance->open = FALSE;
}

void
gst_v4l2_tv_balance_free (GstV4l2TvBalance * balance)
{
  clear_unlocked (balance);
  gst_v4l2_tv_kept_free (balance->kept);
  g_list_free_full (balance->pending, (GDestroyNotify) gst_message_unref);
  g_free (balance);
}

/* the control whose V4L2 id (or, with @by_prop, property id) is @key, -1
 * if it is none of the four */
static gint
find_control (guint32 key, gboolean by_prop)
{
  guint i;

  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++)
    if ((by_prop ? controls[i].prop_id : controls[i].cid) == key)
      return i;
  return -1;
}

#define index_of_cid(cid) find_control ((cid), FALSE)

/* whether two channels say the same */
static gboolean
same_channel (gpointer a, gpointer b)
{
  GstColorBalanceChannel *ca = a, *cb = b;

  return g_strcmp0 (ca->label, cb->label) == 0 &&
      ca->min_value == cb->min_value && ca->max_value == cb->max_value;
}

/* with the lock: the channel to hand out for control @k ranging
 * @min..@max, a kept one if one says the same */
static GstColorBalanceChannel *
channel_unlocked (GstV4l2TvBalance * balance, guint k, gint min, gint max)
{
  GstColorBalanceChannel *chan =
      g_object_new (GST_TYPE_COLOR_BALANCE_CHANNEL, NULL);

  chan->label = g_strdup (controls[k].label);
  chan->min_value = min;
  chan->max_value = max;
  return gst_v4l2_tv_kept_object (balance->kept, chan, same_channel);
}

/* with the lock: the list of the channels the card has, in the order of
 * controls[] whatever order the driver has */
static void
list_channels_unlocked (GstV4l2TvBalance * balance)
{
  GList *channels = NULL;
  gint i;

  for (i = GST_V4L2_TV_BALANCE_N_PROPS - 1; i >= 0; i--)
    if (balance->chans[i])
      channels = g_list_prepend (channels, balance->chans[i]);
  balance->channels = gst_v4l2_tv_kept_list (balance->kept, channels);
}

/* with the lock, open: clamps @value to the range of control @i (with a
 * warning), sets it and answers what the card stored; FALSE with a
 * warning posted when the card refused */
static gboolean
apply_unlocked (GstV4l2TvBalance * balance, guint i, gint value, gint * got)
{
  GstV4l2TvObject *obj = balance->obj;
  GstColorBalanceChannel *chan = balance->chans[i];
  const gchar *location = gst_tv_hw_device_get_location (obj->dev);
  g_autoptr (GError) err = NULL;
  gint32 stored;

  if (value < chan->min_value || value > chan->max_value) {
    gint clamped = CLAMP (value, chan->min_value, chan->max_value);

    GST_V4L2_TV_QUEUE_WARNING (&balance->pending, obj->element,
        (_("%s %d is outside the range of device '%s' (%d to %d), using "
                "%d."), balance->names[i], value, location, chan->min_value,
            chan->max_value, clamped),
        ("control %s (0x%08x) of %s: %d out of %d..%d, clamped to %d",
            controls[i].prop, controls[i].cid, location, value,
            chan->min_value, chan->max_value, clamped));
    value = clamped;
  }

  if (!gst_tv_hw_device_set_ctrl (obj->dev, controls[i].cid, value, &err) ||
      !gst_tv_hw_device_get_ctrl (obj->dev, controls[i].cid, &stored, &err)) {
    GST_V4L2_TV_QUEUE_WARNING (&balance->pending, obj->element,
        (_("Could not set %s of device '%s' to %d."), balance->names[i],
            location, value), ("%s", err->message));
    return FALSE;
  }
  GST_DEBUG_OBJECT (obj->element, "%s of %s set to %d, the card has %d",
      controls[i].prop, location, value, stored);
  *got = stored;
  return TRUE;
}

void
gst_v4l2_tv_balance_opened (GstV4l2TvObject * obj)
{
  GList *pending;
  GstV4l2TvBalance *balance = obj->balance;
  GstColorBalanceChannel *changed[GST_V4L2_TV_BALANCE_N_PROPS] = { NULL, };
  gint changed_values[GST_V4L2_TV_BALANCE_N_PROPS];
  const gchar *location = gst_tv_hw_device_get_location (obj->dev);
  struct v4l2_queryctrl qc = { 0, };
  g_autoptr (GError) err = NULL;
  guint i;

  GST_V4L2_TV_DEVICE_LOCK (balance->obj);
  clear_unlocked (balance);

  while (gst_tv_hw_device_next_ctrl (obj->dev, &qc, &err)) {
    gint k = index_of_cid (qc.id);

    if (k < 0 || qc.type != V4L2_CTRL_TYPE_INTEGER ||
        (qc.flags & V4L2_CTRL_FLAG_DISABLED))
      continue;
    balance->chans[k] = channel_unlocked (balance, k, qc.minimum, qc.maximum);
    balance->names[k] = g_strndup ((const gchar *) qc.name, sizeof (qc.name));
    GST_DEBUG_OBJECT (obj->element, "%s: %s (0x%08x) %d..%d step %d, "
        "default %d", location, balance->names[k], qc.id, qc.minimum,
        qc.maximum, qc.step, qc.default_value);
  }
  if (err != NULL)
    GST_WARNING_OBJECT (obj->element, "enumerating the controls of %s: %s",
        location, err->message);

  list_channels_unlocked (balance);
  balance->open = TRUE;

  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++) {
    gint got;

    if (!balance->set[i])
      continue;
    if (balance->chans[i] == NULL) {
      GST_V4L2_TV_QUEUE_WARNING (&balance->pending, obj->element,
          (_("Device '%s' has no %s control."), location, controls[i].prop),
          ("the %s property was set, but %s has no control 0x%08x",
              controls[i].prop, location, controls[i].cid));
      continue;
    }
    if (apply_unlocked (balance, i, balance->values[i], &got)) {
      changed[i] = g_object_ref (balance->chans[i]);
      changed_values[i] = got;
    }
  }
  pending = g_steal_pointer (&balance->pending);
  GST_V4L2_TV_DEVICE_UNLOCK (balance->obj);
  gst_v4l2_tv_object_post_messages (balance->obj->element, pending);

  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++) {
    if (changed[i]) {
      gst_color_balance_value_changed (GST_COLOR_BALANCE (obj->element),
          changed[i], changed_values[i]);
      g_object_unref (changed[i]);
    }
  }
}

/*
 * With the device lock, after the card switched input or output: drivers
 * may give a control another range on another port (vivid moves
 * brightness up by 128 an input; cards with several decoders do the
 * same), so the channels take the ranges the card has now. A channel
 * object never changes (applications read its fields with no lock): a
 * new range is a new channel (or the one kept from an earlier visit to
 * that port) in a new list.
 */
void
gst_v4l2_tv_balance_port_changed_unlocked (GstV4l2TvObject * obj)
{
  GstV4l2TvBalance *balance = obj->balance;
  gboolean changed = FALSE;
  guint i;

  if (!balance->open)
    return;
  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++) {
    GstColorBalanceChannel *chan = balance->chans[i];
    struct v4l2_queryctrl qc = { 0, };
    g_autoptr (GError) err = NULL;

    if (chan == NULL)
      continue;
    if (!gst_tv_hw_device_query_ctrl (obj->dev, controls[i].cid, &qc, &err)) {
      GST_WARNING_OBJECT (obj->element, "querying %s after a switch: %s",
          controls[i].prop, err->message);
      continue;
    }
    if (qc.minimum == chan->min_value && qc.maximum == chan->max_value)
      continue;
    GST_INFO_OBJECT (obj->element, "%s now ranges %d..%d (was %d..%d)",
        controls[i].prop, qc.minimum, qc.maximum, chan->min_value,
        chan->max_value);
    balance->chans[i] = channel_unlocked (balance, i, qc.minimum, qc.maximum);
    changed = TRUE;
  }
  if (changed)
    list_channels_unlocked (balance);
}

void
gst_v4l2_tv_balance_closing (GstV4l2TvObject * obj)
{
  GST_V4L2_TV_DEVICE_LOCK (obj);
  clear_unlocked (obj->balance);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

/* sets control @i now if the device is open (emitting value-changed),
 * remembers the value for the next open if @remember */
static void
set_value (GstV4l2TvObject * obj, guint i, gint value, gboolean remember)
{
  GList *pending;
  GstV4l2TvBalance *balance = obj->balance;
  GstColorBalanceChannel *chan = NULL;
  gint got = 0;

  GST_V4L2_TV_DEVICE_LOCK (balance->obj);
  if (remember) {
    balance->values[i] = value;
    balance->set[i] = TRUE;
  }
  if (balance->open) {
    if (balance->chans[i] == NULL) {
      const gchar *location = gst_tv_hw_device_get_location (obj->dev);

      GST_V4L2_TV_QUEUE_WARNING (&balance->pending, obj->element,
          (_("Device '%s' has no %s control."), location, controls[i].prop),
          ("%s has no control 0x%08x", location, controls[i].cid));
    } else if (apply_unlocked (balance, i, value, &got)) {
      chan = g_object_ref (balance->chans[i]);
    }
  }
  pending = g_steal_pointer (&balance->pending);
  GST_V4L2_TV_DEVICE_UNLOCK (balance->obj);
  gst_v4l2_tv_object_post_messages (balance->obj->element, pending);

  if (chan) {
    gst_color_balance_value_changed (GST_COLOR_BALANCE (obj->element), chan,
        got);
    g_object_unref (chan);
  }
}

/* --- the properties --- */

void
gst_v4l2_tv_balance_install_properties (GObjectClass * gobject_class)
{
  /**
   * GstV4l2TvSrc:brightness:
   *
   * The card's V4L2_CID_BRIGHTNESS, set when the device opens (NULL to
   * READY) and at once while it is open. Its range is the card's
   * (QUERYCTRL; 0 to 255 on most cards): a value outside is
   * clamped to it with a warning that names the range. Unset (the
   * default, -2147483648 = G_MININT, a value no card has) the card's value
   * is kept; setting it back to unset leaves the card as it is and stops
   * applying a value at the next open. Read while the device is open, it
   * gives the card's value; closed, what was set, or -2147483648 when
   * unset. The #GstColorBalance interface gives the same, with the range.
   *
   * #GstV4l2TvSink has the same four properties (one table,
   * gst_v4l2_tv_object_install_properties()), for the controls of the
   * card's output node.
   */
  /**
   * GstV4l2TvSrc:contrast:
   *
   * The card's V4L2_CID_CONTRAST, as #GstV4l2TvSrc:brightness.
   */
  /**
   * GstV4l2TvSrc:saturation:
   *
   * The card's V4L2_CID_SATURATION, as #GstV4l2TvSrc:brightness.
   */
  /**
   * GstV4l2TvSrc:hue:
   *
   * The card's V4L2_CID_HUE, as #GstV4l2TvSrc:brightness (its range is
   * often centred on 0, e.g. -128 to 127).
   */
  guint i;

  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++) {
    g_autofree gchar *blurb =
        g_strdup_printf ("The card's %s control (V4L2 %s), applied when the "
        "device opens and at once while open; clamped to the card's range "
        "with a warning. Unset (-2147483648, the default) keeps the card's "
        "value. Reads give the card's value while the device is open",
        controls[i].nick, controls[i].label);

    g_object_class_install_property (gobject_class, controls[i].prop_id,
        g_param_spec_int (controls[i].prop, controls[i].nick,
            g_intern_string (blurb), G_MININT, G_MAXINT,
            GST_V4L2_TV_BALANCE_UNSET,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_PLAYING));
  }
}

gboolean
gst_v4l2_tv_balance_set_property (GstV4l2TvObject * obj, guint prop_id,
    const GValue * value)
{
  GstV4l2TvBalance *balance = obj->balance;
  gint index = find_control (prop_id, TRUE);
  gint v;

  if (index < 0)
    return FALSE;
  v = g_value_get_int (value);
  if (v != GST_V4L2_TV_BALANCE_UNSET) {
    set_value (obj, index, v, TRUE);
    return TRUE;
  }
  /* back to unset: the card keeps what it has, now and at the next open */
  GST_V4L2_TV_DEVICE_LOCK (balance->obj);
  balance->values[index] = GST_V4L2_TV_BALANCE_UNSET;
  balance->set[index] = FALSE;
  GST_V4L2_TV_DEVICE_UNLOCK (balance->obj);
  GST_DEBUG_OBJECT (obj->element, "%s unset", controls[index].prop);
  return TRUE;
}

gboolean
gst_v4l2_tv_balance_get_property (GstV4l2TvObject * obj, guint prop_id,
    GValue * value)
{
  GstV4l2TvBalance *balance = obj->balance;
  gint index = find_control (prop_id, TRUE);
  gint v;

  if (index < 0)
    return FALSE;

  GST_V4L2_TV_DEVICE_LOCK (balance->obj);
  v = balance->values[index];
  if (balance->open && balance->chans[index]) {
    gint32 got;

    if (gst_tv_hw_device_get_ctrl (obj->dev, controls[index].cid, &got, NULL))
      v = got;
  }
  GST_V4L2_TV_DEVICE_UNLOCK (balance->obj);
  g_value_set_int (value, v);
  return TRUE;
}

/* --- the interface --- */

static const GList *
gst_v4l2_tv_balance_list_channels (GstColorBalance * element)
{
  GstV4l2TvBalance *balance =
      gst_v4l2_tv_object_from_element (element)->balance;
  const GList *ret;

  GST_V4L2_TV_DEVICE_LOCK (balance->obj);
  ret = balance->channels;
  GST_V4L2_TV_DEVICE_UNLOCK (balance->obj);
  return ret;
}

/* with the lock: the index of @channel, -1 if not one of ours; a channel
 * handed out before a switch changed its range (or before the device
 * closed) is still the control of its label */
static gint
index_of_channel_unlocked (GstV4l2TvBalance * balance,
    GstColorBalanceChannel * channel)
{
  guint i;

  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++)
    if (channel != NULL && balance->chans[i] == channel)
      return i;
  if (!gst_v4l2_tv_kept_has (balance->kept, channel))
    return -1;
  for (i = 0; i < GST_V4L2_TV_BALANCE_N_PROPS; i++)
    if (balance->chans[i] && g_str_equal (channel->label, controls[i].label))
      return i;
  return -1;
}

static void
gst_v4l2_tv_balance_set_value (GstColorBalance * element,
    GstColorBalanceChannel * channel, gint value)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  gint i;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  i = index_of_channel_unlocked (obj->balance, channel);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  if (i < 0) {
    GST_WARNING_OBJECT (obj->element, "channel %" GST_PTR_FORMAT " (%s) is "
        "not one of the current device's", channel,
        GST_IS_COLOR_BALANCE_CHANNEL (channel) ? channel->label : "?");
    return;
  }
  /* no "unset" here: below any range, so the minimum */
  if (value == GST_V4L2_TV_BALANCE_UNSET)
    value++;
  /* like the property: a later open applies it again */
  set_value (obj, i, value, TRUE);
}

static gint
gst_v4l2_tv_balance_get_value (GstColorBalance * element,
    GstColorBalanceChannel * channel)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  GstV4l2TvBalance *balance = obj->balance;
  gint i, ret = 0;

  GST_V4L2_TV_DEVICE_LOCK (balance->obj);
  i = index_of_channel_unlocked (balance, channel);
  if (i >= 0) {
    gint32 got;
    g_autoptr (GError) err = NULL;

    if (gst_tv_hw_device_get_ctrl (obj->dev, controls[i].cid, &got, &err))
      ret = got;
    else
      GST_WARNING_OBJECT (obj->element, "reading %s: %s", controls[i].prop,
          err->message);
  } else {
    GST_WARNING_OBJECT (obj->element, "channel %p is not one of the current "
        "device's", channel);
  }
  GST_V4L2_TV_DEVICE_UNLOCK (balance->obj);
  return ret;
}

static GstColorBalanceType
gst_v4l2_tv_balance_get_balance_type (GstColorBalance * element)
{
  return GST_COLOR_BALANCE_HARDWARE;
}

void
gst_v4l2_tv_balance_interface_init (gpointer g_iface, gpointer iface_data)
{
  GstColorBalanceInterface *iface = g_iface;

  iface->list_channels = gst_v4l2_tv_balance_list_channels;
  iface->set_value = gst_v4l2_tv_balance_set_value;
  iface->get_value = gst_v4l2_tv_balance_get_value;
  iface->get_balance_type = gst_v4l2_tv_balance_get_balance_type;
}
