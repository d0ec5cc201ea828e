/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the flips, through GstVideoOrientation (set_hflip, set_vflip)
 * and the GstVideoDirection "video-direction" property.
 *
 * The card flips (hardware path): V4L2_CID_HFLIP and V4L2_CID_VFLIP,
 * found with QUERYCTRL when the device opens (READY). A flip asked
 * for before the device opens is set then; while it is open, at once.
 * Of the directions only identity, horiz, vert and 180 (both flips) are
 * flips; the rotations by 90 degrees, the transpositions and auto are
 * refused with a warning that lists these four, and the direction stays.
 * A refusal before the device opens (gst-launch sets properties before
 * the element has a bus, and a bin in NULL flushes its bus) is kept and
 * posted when the device opens, so a gst-launch user sees it.
 *
 * Software path (v4l2tvsrc only): when the capture card has no control
 * for a flip, v4l2tvsrc does it itself, from the next frame on. When it
 * converts, the flip is fused into the conversion pass (tvconvert reads
 * the card's lines in flipped order and mirrors each one into a line of
 * its own before converting it, gst_tv_convert_set_flip()); when the
 * card's format goes out as it is (zero-copy), each frame is copied
 * flipped into a buffer of the copy pool instead
 * (gst_tv_convert_flip_packed()). A software vertical flip of an
 * interlaced frame mirrors each field on its own (line 2j+f shows the
 * line of field f as far from the bottom of the field as 2j+f is from its
 * top), so the fields stay in their lines and the caps' field order stays
 * right. A conversion that tvconvert hands to GstVideoConverter cannot
 * flip: a warning says so once, and those frames go out unflipped. The
 * path taken (hardware or software) is logged at INFO.
 *
 * A sink's card without a flip control cannot flip: asking for that flip
 * is a warning that says so (and set_hflip / set_vflip answer FALSE), and
 * the picture stays as it is. On an interlaced picture the card's
 * vertical flip also swaps the fields (the top line becomes the bottom
 * one), which is what the kernel's drivers do; the caps' field order is
 * the card's.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "gstv4l2tvvidorient.h"
#include "v4l2tv-debug.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_orient_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_orient_debug

enum
{
  FLIP_H,
  FLIP_V,
  N_FLIPS
};

static const struct
{
  guint32 cid;
  const gchar *name;            /* translated in the messages */
  const gchar *cid_name;
} flips[N_FLIPS] = {
  {V4L2_CID_HFLIP, N_("horizontal flip"), "V4L2_CID_HFLIP"},
  {V4L2_CID_VFLIP, N_("vertical flip"), "V4L2_CID_VFLIP"},
};

struct _GstV4l2TvOrient
{
  GstV4l2TvObject *obj;         /* first: gst_v4l2_tv_object_new_part() */

  GList *pending;               /* GstMessage: GST_V4L2_TV_QUEUE_WARNING */
  /* a direction refused before open (IDENTITY: none); its warning is
   * made when the device opens: a message kept until then would hold a
   * reference to the element, which holds it, and neither were freed */
  GstVideoOrientationMethod refused;
  gboolean open;
  gboolean has[N_FLIPS];        /* the card has the control */
  gboolean want[N_FLIPS];       /* asked for */
  gboolean set[N_FLIPS];        /* asked for at all: applied on open */
  gboolean convert_warned;      /* a conversion could not flip */
};

GstV4l2TvOrient *
gst_v4l2_tv_orient_new (GstV4l2TvObject * obj)
{
  V4L2TV_DEBUG_INIT_ONCE (gst_v4l2_tv_orient_debug, "v4l2tvorient",
      "v4l2tv flips");
  return gst_v4l2_tv_object_new_part (obj, sizeof (GstV4l2TvOrient));
}

void
gst_v4l2_tv_orient_free (GstV4l2TvOrient * orient)
{
  g_list_free_full (orient->pending, (GDestroyNotify) gst_message_unref);
  g_free (orient);
}

/* queues on @list the warning that refuses @method (a rotation, a
 * transposition or auto) */
static void
queue_refusal (GstV4l2TvObject * obj, GList ** list,
    GstVideoOrientationMethod method)
{
  GEnumValue *ev = g_enum_get_value (g_type_class_peek
      (GST_TYPE_VIDEO_ORIENTATION_METHOD), method);
  const gchar *nick = ev ? ev->value_nick : "?";

  GST_V4L2_TV_QUEUE_WARNING (list, obj->element,
      (_("Video direction '%s' is not supported: a TV card can only "
              "flip (identity, horiz, vert, 180)."), nick),
      ("video-direction %s (%d) refused; the direction stays", nick, method));
}

/* with the lock, open: sets flip @f to want[f]; FALSE with a warning
 * posted when the card cannot */
static gboolean
apply_unlocked (GstV4l2TvOrient * orient, guint f)
{
  GstV4l2TvObject *obj = orient->obj;
  const gchar *location = gst_tv_hw_device_get_location (obj->dev);
  g_autoptr (GError) err = NULL;
  gint32 got;

  if (!orient->has[f] && !gst_tv_hw_node_kind_is_output (obj->kind)) {
    GST_INFO_OBJECT (obj->element, "%s: %s %s in software (no %s)", location,
        flips[f].name, orient->want[f] ? "on" : "off", flips[f].cid_name);
    return TRUE;
  }
  if (!orient->has[f]) {
    if (!orient->want[f]) {
      GST_DEBUG_OBJECT (obj->element, "%s off: nothing to do without %s",
          flips[f].name, flips[f].cid_name);
      return TRUE;
    }
    GST_V4L2_TV_QUEUE_WARNING (&orient->pending, obj->element,
        (_("Device '%s' cannot flip the picture (it has no %s control), "
                "and flipping in software is not supported."), location,
            _(flips[f].name)),
        ("%s has no %s; the %s is not done", location, flips[f].cid_name,
            flips[f].name));
    return FALSE;
  }
  if (!gst_tv_hw_device_set_ctrl (obj->dev, flips[f].cid, orient->want[f],
          &err) || !gst_tv_hw_device_get_ctrl (obj->dev, flips[f].cid, &got,
          &err)) {
    GST_V4L2_TV_QUEUE_WARNING (&orient->pending, obj->element,
        (_("Could not set the %s of device '%s'."), _(flips[f].name),
            location), ("%s", err->message));
    return FALSE;
  }
  GST_INFO_OBJECT (obj->element, "%s %s in hardware (%s = %d)",
      flips[f].name, orient->want[f] ? "on" : "off", flips[f].cid_name, got);
  return (got != 0) == orient->want[f];
}

void
gst_v4l2_tv_orient_opened (GstV4l2TvObject * obj)
{
  GList *pending;
  GstV4l2TvOrient *orient = obj->orient;
  guint f;

  GST_V4L2_TV_DEVICE_LOCK (orient->obj);
  for (f = 0; f < N_FLIPS; f++) {
    struct v4l2_queryctrl qc;

    orient->has[f] = gst_tv_hw_device_query_ctrl (obj->dev, flips[f].cid, &qc,
        NULL) && qc.type == V4L2_CTRL_TYPE_BOOLEAN
        && !(qc.flags & (V4L2_CTRL_FLAG_DISABLED | V4L2_CTRL_FLAG_READ_ONLY));
    GST_DEBUG_OBJECT (obj->element, "%s: %s %s",
        gst_tv_hw_device_get_location (obj->dev), flips[f].cid_name,
        orient->has[f] ? "present: flips in hardware" : "missing");
  }
  orient->open = TRUE;
  /* a refusal from before the element had a bus (gst-launch sets the
   * properties before it builds the pipeline): the user sees it now */
  if (orient->refused != GST_VIDEO_ORIENTATION_IDENTITY) {
    GList *refusal = NULL;

    queue_refusal (orient->obj, &refusal, orient->refused);
    orient->pending = g_list_concat (refusal, orient->pending);
    orient->refused = GST_VIDEO_ORIENTATION_IDENTITY;
  }
  for (f = 0; f < N_FLIPS; f++)
    if (orient->set[f])
      apply_unlocked (orient, f);
  pending = g_steal_pointer (&orient->pending);
  GST_V4L2_TV_DEVICE_UNLOCK (orient->obj);
  gst_v4l2_tv_object_post_messages (orient->obj->element, pending);
}

void
gst_v4l2_tv_orient_closing (GstV4l2TvObject * obj)
{
  GST_V4L2_TV_DEVICE_LOCK (obj);
  obj->orient->open = FALSE;
  obj->orient->has[FLIP_H] = obj->orient->has[FLIP_V] = FALSE;
  obj->orient->convert_warned = FALSE;
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

/* asks for the flips in @mask (FLIP_H / FLIP_V bits) to be @want_h,
 * @want_v; TRUE if the card did them (or will on open) */
static gboolean
set_flips (GstV4l2TvObject * obj, guint mask, gboolean want_h, gboolean want_v)
{
  GList *pending;
  GstV4l2TvOrient *orient = obj->orient;
  gboolean want[N_FLIPS] = { want_h, want_v };
  gboolean ok = TRUE;
  guint f;

  GST_V4L2_TV_DEVICE_LOCK (orient->obj);
  for (f = 0; f < N_FLIPS; f++) {
    if (!(mask & (1 << f)))
      continue;
    orient->want[f] = want[f];
    orient->set[f] = TRUE;
    if (orient->open && !apply_unlocked (orient, f))
      ok = FALSE;
  }
  pending = g_steal_pointer (&orient->pending);
  GST_V4L2_TV_DEVICE_UNLOCK (orient->obj);
  gst_v4l2_tv_object_post_messages (orient->obj->element, pending);
  return ok;
}

/* --- the software path --- */

gboolean
gst_v4l2_tv_orient_get_software (GstV4l2TvObject * obj, gboolean * hflip,
    gboolean * vflip)
{
  GstV4l2TvOrient *orient = obj->orient;
  gboolean sw;

  GST_V4L2_TV_DEVICE_LOCK (orient->obj);
  sw = orient->open && !gst_tv_hw_node_kind_is_output (obj->kind);
  *hflip = sw && orient->want[FLIP_H] && !orient->has[FLIP_H];
  *vflip = sw && orient->want[FLIP_V] && !orient->has[FLIP_V];
  GST_V4L2_TV_DEVICE_UNLOCK (orient->obj);
  return *hflip || *vflip;
}

void
gst_v4l2_tv_orient_prepare_convert (GstV4l2TvObject * obj,
    GstTvConvert * convert)
{
  GList *pending;
  GstV4l2TvOrient *orient = obj->orient;
  gboolean h, v;

  gst_v4l2_tv_orient_get_software (obj, &h, &v);
  if (gst_tv_convert_set_flip (convert, h, v))
    return;
  gst_tv_convert_set_flip (convert, FALSE, FALSE);
  GST_V4L2_TV_DEVICE_LOCK (orient->obj);
  if (!orient->convert_warned) {
    orient->convert_warned = TRUE;
    GST_V4L2_TV_QUEUE_WARNING (&orient->pending, obj->element,
        (_("Cannot flip the picture of device '%s' in this format."),
            gst_tv_hw_device_get_location (obj->dev)),
        ("the card has no flip control and this conversion "
            "(GstVideoConverter) cannot flip: frames go out unflipped"));
  }
  pending = g_steal_pointer (&orient->pending);
  GST_V4L2_TV_DEVICE_UNLOCK (orient->obj);
  gst_v4l2_tv_object_post_messages (orient->obj->element, pending);
}

/* --- GstVideoOrientation --- */

static gboolean
get_flip (GstV4l2TvObject * obj, guint f, gboolean * flip)
{
  GstV4l2TvOrient *orient = obj->orient;
  gboolean ok = TRUE;

  GST_V4L2_TV_DEVICE_LOCK (orient->obj);
  if (orient->open && orient->has[f]) {
    gint32 v;

    ok = gst_tv_hw_device_get_ctrl (obj->dev, flips[f].cid, &v, NULL);
    if (ok)
      *flip = v != 0;
  } else if (orient->open && gst_tv_hw_node_kind_is_output (obj->kind)) {
    /* no control, no flip */
    *flip = FALSE;
  } else {
    *flip = orient->want[f];
  }
  GST_V4L2_TV_DEVICE_UNLOCK (orient->obj);
  return ok;
}

static gboolean
gst_v4l2_tv_orient_get_hflip (GstVideoOrientation * element, gboolean * flip)
{
  return get_flip (gst_v4l2_tv_object_from_element (element), FLIP_H, flip);
}

static gboolean
gst_v4l2_tv_orient_get_vflip (GstVideoOrientation * element, gboolean * flip)
{
  return get_flip (gst_v4l2_tv_object_from_element (element), FLIP_V, flip);
}

static gboolean
gst_v4l2_tv_orient_set_hflip (GstVideoOrientation * element, gboolean flip)
{
  return set_flips (gst_v4l2_tv_object_from_element (element), 1 << FLIP_H,
      flip, FALSE);
}

static gboolean
gst_v4l2_tv_orient_set_vflip (GstVideoOrientation * element, gboolean flip)
{
  return set_flips (gst_v4l2_tv_object_from_element (element), 1 << FLIP_V,
      FALSE, flip);
}

void
gst_v4l2_tv_orient_interface_init (gpointer g_iface, gpointer iface_data)
{
  GstVideoOrientationInterface *iface = g_iface;

  iface->get_hflip = gst_v4l2_tv_orient_get_hflip;
  iface->get_vflip = gst_v4l2_tv_orient_get_vflip;
  iface->set_hflip = gst_v4l2_tv_orient_set_hflip;
  iface->set_vflip = gst_v4l2_tv_orient_set_vflip;
}

/* --- GstVideoDirection --- */

void
gst_v4l2_tv_direction_interface_init (gpointer g_iface, gpointer iface_data)
{
  /* the interface is its "video-direction" property */
}

void
gst_v4l2_tv_orient_install_properties (GObjectClass * gobject_class,
    guint prop_id)
{
  /**
   * GstV4l2TvSrc:video-direction:
   *
   * The #GstVideoDirection property: identity, horiz (mirror), vert
   * (upside down) or 180 (both), done by the card's flip controls
   * (V4L2_CID_HFLIP, V4L2_CID_VFLIP) when the device opens and at once
   * while it is open; v4l2tvsrc flips in software when the card has no
   * control for a flip (an interlaced picture within each field). The
   * rotations by 90 degrees, the transpositions and auto are refused with
   * a warning (posted when the device opens if set before), as is, on
   * v4l2tvsink, a flip the card has no control for.
   */
  g_object_class_override_property (gobject_class, prop_id, "video-direction");
}

void
gst_v4l2_tv_orient_set_direction_property (GstV4l2TvObject * obj,
    const GValue * value)
{
  GstVideoOrientationMethod method = g_value_get_enum (value);
  gboolean h, v;

  switch (method) {
    case GST_VIDEO_ORIENTATION_IDENTITY:
      h = v = FALSE;
      break;
    case GST_VIDEO_ORIENTATION_HORIZ:
      h = TRUE;
      v = FALSE;
      break;
    case GST_VIDEO_ORIENTATION_VERT:
      h = FALSE;
      v = TRUE;
      break;
    case GST_VIDEO_ORIENTATION_180:
      h = v = TRUE;
      break;
    default:
    {
      GstV4l2TvOrient *orient = obj->orient;
      GList *refusal = NULL;

      /* before the device opens the element may have no bus yet, or a
       * flushing one (a pipeline in NULL): keep the latest refusal and
       * post it when the device opens (NULL to READY) */
      GST_V4L2_TV_DEVICE_LOCK (obj);
      if (!orient->open) {
        orient->refused = method;
        GST_V4L2_TV_DEVICE_UNLOCK (obj);
        GST_DEBUG_OBJECT (obj->element, "video-direction %d refused; the "
            "warning is posted when the device opens", method);
        return;
      }
      GST_V4L2_TV_DEVICE_UNLOCK (obj);
      queue_refusal (obj, &refusal, method);
      gst_v4l2_tv_object_post_messages (obj->element, refusal);
      return;
    }
  }
  set_flips (obj, (1 << FLIP_H) | (1 << FLIP_V), h, v);
}

void
gst_v4l2_tv_orient_get_direction_property (GstV4l2TvObject * obj,
    GValue * value)
{
  gboolean h = FALSE, v = FALSE;

  get_flip (obj, FLIP_H, &h);
  get_flip (obj, FLIP_V, &v);
  if (h && v)
    g_value_set_enum (value, GST_VIDEO_ORIENTATION_180);
  else if (h)
    g_value_set_enum (value, GST_VIDEO_ORIENTATION_HORIZ);
  else if (v)
    g_value_set_enum (value, GST_VIDEO_ORIENTATION_VERT);
  else
    g_value_set_enum (value, GST_VIDEO_ORIENTATION_IDENTITY);
}
