/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: cropping, the crop-top, crop-bottom, crop-left and crop-right
 * properties of v4l2tvsrc.
 *
 * The values are pixels taken off each edge of the card's full frame (its
 * default crop rectangle, V4L2_SEL_TGT_CROP_DEFAULT: 720x576 or 720x480
 * on an analog input), as v4l2src's. The caps are the cropped size.
 *
 * Where the card can, the card crops: the rectangle is programmed with
 * S_SELECTION (V4L2_SEL_TGT_CROP) when the card is configured (at
 * open, at a switch of input or standard, whose S_STD resets a driver's
 * rectangle) and read back; no pixel is copied for it. With all four at 0
 * the card is set back to its default rectangle, so that what an earlier
 * user left does not stay.
 *
 * Where it cannot (no selection API: ENOTTY; none on this input: EINVAL,
 * ENODATA; or it refuses or adjusts the rectangle), v4l2tvsrc crops in
 * software: the card captures its full frame and every frame, in the
 * card's format or another, goes through the conversion pass
 * (gst/tvconvert), which reads the rectangle straight out of the card's
 * buffer (plane pointers moved by the offsets, width and height the
 * rectangle's) and writes downstream's buffer: one pass, no copy more
 * than a conversion makes. A frame in the card's own format is then
 * written too (it cannot go out as the card's buffer, which holds the
 * full frame) instead of being pushed without a copy.
 *
 * Every value is rounded up to an even number, with a warning on the bus
 * that says so: an odd crop-top would make the frame begin with the other
 * field, and the caps' field order would lie; crop-bottom keeps both
 * fields the same length; crop-left and crop-right keep the 4:2:2 pairs
 * (and drivers, vivid for one, align to even anyway). So the field order
 * in the caps stays the standard's: an odd number of lines asked for
 * crops one line more, never one less.
 *
 * Errors, which fail the start: a crop that leaves less than 16x16 of the
 * frame (the message gives the frame's size and the sums of the values);
 * a selection call that fails otherwise (EIO, EBUSY: the message names
 * the device and the rectangle). The properties are read when the card is configured: a change
 * in NULL or READY is applied (in READY the card is configured again at
 * once), a change while PAUSED or PLAYING is refused with a warning and
 * the value in force kept.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gst/video/video.h>

#include "gstv4l2tvcrop.h"
#include "v4l2tv-debug.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_crop_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_crop_debug

/* what must remain of the frame */
#define MIN_SIZE 16

enum
{
  TOP, BOTTOM, LEFT, RIGHT
};

static const gchar *const names[GST_V4L2_TV_CROP_N_PROPS] = {
  "crop-top", "crop-bottom", "crop-left", "crop-right"
};

struct _GstV4l2TvCrop
{
  GstV4l2TvObject *obj;         /* first: gst_v4l2_tv_object_new_part() */
  /* with the device lock */
  guint values[GST_V4L2_TV_CROP_N_PROPS];
  /* what is done, set by apply: the rectangle, by the card or (software)
   * in the conversion pass, in the card's frame of full_w x full_h */
  gboolean active;
  gboolean software;
  struct v4l2_rect rect;
};

GstV4l2TvCrop *
gst_v4l2_tv_crop_new (GstV4l2TvObject * obj)
{
  V4L2TV_DEBUG_INIT_ONCE (gst_v4l2_tv_crop_debug, "v4l2tvcrop",
      "v4l2tv cropping");
  return gst_v4l2_tv_object_new_part (obj, sizeof (GstV4l2TvCrop));
}

void
gst_v4l2_tv_crop_free (GstV4l2TvCrop * crop)
{
  g_free (crop);
}

void
gst_v4l2_tv_crop_install_properties (GObjectClass * gobject_class,
    guint first_prop_id)
{
  static const gchar *const nicks[GST_V4L2_TV_CROP_N_PROPS] = {
    "Crop top", "Crop bottom", "Crop left", "Crop right"
  };
  static const gchar *const blurbs[GST_V4L2_TV_CROP_N_PROPS] = {
    "Lines to crop off the top of the card's full frame, by the card or "
        "else in the conversion pass (rounded up to even: the field order "
        "stays)",
    "Lines to crop off the bottom of the card's full frame, by the card or "
        "else in the conversion pass (rounded up to even), e.g. a VCR's "
        "head-switching noise",
    "Columns to crop off the left of the card's full frame, by the card or "
        "else in the conversion pass (rounded up to even)",
    "Columns to crop off the right of the card's full frame, by the card "
        "or else in the conversion pass (rounded up to even)",
  };
  guint i;

  for (i = 0; i < GST_V4L2_TV_CROP_N_PROPS; i++)
    g_object_class_install_property (gobject_class, first_prop_id + i,
        g_param_spec_uint (names[i], nicks[i], blurbs[i], 0, G_MAXINT, 0,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_READY));
}

void
gst_v4l2_tv_crop_set_property (GstV4l2TvObject * obj, guint index,
    const GValue * value)
{
  GstV4l2TvCrop *crop = obj->crop;
  guint v = g_value_get_uint (value);
  guint old;
  gboolean started, open;

  g_return_if_fail (index < GST_V4L2_TV_CROP_N_PROPS);

  GST_OBJECT_LOCK (obj->element);
  started = GST_STATE (obj->element) > GST_STATE_READY ||
      GST_STATE_PENDING (obj->element) > GST_STATE_READY;
  GST_OBJECT_UNLOCK (obj->element);

  GST_V4L2_TV_DEVICE_LOCK (obj);
  old = crop->values[index];
  if (!started)
    crop->values[index] = v;
  open = obj->dev != NULL;
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  if (started && v != old) {
    g_autofree gchar *from = g_strdup_printf ("%u", old);
    g_autofree gchar *to = g_strdup_printf ("%u", v);

    GST_ELEMENT_WARNING (obj->element, RESOURCE, SETTINGS,
        (_("Cannot change %s to '%s' while the element is running: it stays "
                "'%s'. Set it in the %s state."), names[index], to, from,
            "NULL or READY"),
        ("%s is applied when the card is configured; the change was refused",
            names[index]));
    return;
  }
  /* READY: the card and the caps follow at once */
  if (open && v != old)
    gst_v4l2_tv_object_select (obj, FALSE);
}

void
gst_v4l2_tv_crop_get_property (GstV4l2TvObject * obj, guint index,
    GValue * value)
{
  GstV4l2TvCrop *crop = obj->crop;

  g_return_if_fail (index < GST_V4L2_TV_CROP_N_PROPS);
  GST_V4L2_TV_DEVICE_LOCK (obj);
  g_value_set_uint (value, crop->values[index]);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

/* an answer that means "not this way": no selection API (ENOTTY), not for
 * this input or rectangle (EINVAL, ERANGE, ENODATA) */
static gboolean
unsupported (const GError * err)
{
  return g_error_matches (err, GST_TV_HW_ERROR,
      GST_TV_HW_ERROR_NOT_SUPPORTED) ||
      g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID) ||
      g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NO_DATA);
}

/* the frame the card captures now (G_FMT), for a card without a crop
 * rectangle */
static gboolean
full_frame (GstV4l2TvObject * obj, struct v4l2_rect *r)
{
  struct v4l2_format fmt;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  memset (&fmt, 0, sizeof (fmt));
  if (!gst_tv_hw_device_get_fmt (obj->dev, &fmt, NULL) ||
      fmt.fmt.pix.width == 0 || fmt.fmt.pix.height == 0)
    return FALSE;
  r->left = r->top = 0;
  r->width = fmt.fmt.pix.width;
  r->height = fmt.fmt.pix.height;
  if (gst_tv_hw_line_system (obj->lines)) {
    r->width = gst_tv_hw_line_system (obj->lines)->width;
    r->height = gst_tv_hw_line_system (obj->lines)->height;
  }
  return TRUE;
}

/* the card's rectangle back to its default; quietly, as far as it can */
static void
reset (GstV4l2TvObject * obj)
{
  struct v4l2_rect def;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  if (gst_tv_hw_device_get_selection (obj->dev, V4L2_SEL_TGT_CROP_DEFAULT,
          &def, NULL) &&
      !gst_tv_hw_device_set_selection (obj->dev, V4L2_SEL_TGT_CROP, 0, &def,
          NULL))
    GST_DEBUG_OBJECT (obj->element, "could not reset the crop rectangle");
}

gboolean
gst_v4l2_tv_crop_apply (GstV4l2TvObject * obj)
{
  GstV4l2TvCrop *crop = obj->crop;
  const gchar *location = gst_tv_hw_device_get_location (obj->dev);
  g_autoptr (GError) err = NULL;
  struct v4l2_rect def, want, got;
  guint v[GST_V4L2_TV_CROP_N_PROPS], i;
  gboolean rounded = FALSE;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  if (crop == NULL)
    return TRUE;
  crop->active = FALSE;
  crop->software = FALSE;
  for (i = 0; i < GST_V4L2_TV_CROP_N_PROPS; i++) {
    v[i] = crop->values[i] + (crop->values[i] & 1);
    rounded |= v[i] != crop->values[i];
  }
  if (v[TOP] == 0 && v[BOTTOM] == 0 && v[LEFT] == 0 && v[RIGHT] == 0) {
    reset (obj);
    return TRUE;
  }

  if (!gst_tv_hw_device_get_selection (obj->dev, V4L2_SEL_TGT_CROP_DEFAULT,
          &def, &err)) {
    if (!unsupported (err) || !full_frame (obj, &def))
      goto no_selection;
    GST_DEBUG_OBJECT (obj->element, "%s has no crop rectangle (%s): "
        "cropping in software", location, err->message);
    g_clear_error (&err);
    crop->software = TRUE;
  }

  if ((guint64) v[LEFT] + v[RIGHT] + MIN_SIZE > def.width ||
      (guint64) v[TOP] + v[BOTTOM] + MIN_SIZE > def.height)
    goto too_much;

  if (rounded)
    GST_ELEMENT_WARNING (obj->element, RESOURCE, SETTINGS,
        (_("Device '%s' crops even numbers of lines and columns, so that "
                "the fields keep their order: cropping %u, %u, %u and %u "
                "(top, bottom, left, right) instead of %u, %u, %u and %u."),
            location, v[TOP], v[BOTTOM], v[LEFT], v[RIGHT],
            crop->values[TOP], crop->values[BOTTOM], crop->values[LEFT],
            crop->values[RIGHT]), ("odd crop values rounded up"));

  want.left = def.left + (gint) v[LEFT];
  want.top = def.top + (gint) v[TOP];
  want.width = def.width - v[LEFT] - v[RIGHT];
  want.height = def.height - v[TOP] - v[BOTTOM];
  got = want;
  if (crop->software)
    goto software;
  if (!gst_tv_hw_device_set_selection (obj->dev, V4L2_SEL_TGT_CROP, 0, &got,
          &err)) {
    if (!unsupported (err))
      goto refused;
    GST_DEBUG_OBJECT (obj->element, "%s refused the rectangle (%s): "
        "cropping in software", location, err->message);
    g_clear_error (&err);
    reset (obj);
    goto software;
  }
  if (memcmp (&got, &want, sizeof (got)) != 0) {
    GST_DEBUG_OBJECT (obj->element, "%s chose %ux%u at %d,%d: cropping in "
        "software", location, got.width, got.height, got.left, got.top);
    reset (obj);
    goto software;
  }

  GST_INFO_OBJECT (obj->element, "%s crops %ux%u at %d,%d of %ux%u",
      location, got.width, got.height, got.left, got.top, def.width,
      def.height);
  crop->active = TRUE;
  crop->rect = got;
  return TRUE;

software:
  /* in the card's buffer, whose first pixel is the default rectangle's */
  GST_INFO_OBJECT (obj->element, "%s: cropping %ux%u at %u,%u of %ux%u in "
      "the conversion pass", location, want.width, want.height, v[LEFT],
      v[TOP], def.width, def.height);
  crop->software = TRUE;
  crop->active = TRUE;
  crop->rect = want;
  crop->rect.left = v[LEFT];
  crop->rect.top = v[TOP];
  return TRUE;

  /* ERRORS */
no_selection:
  {
    GST_V4L2_TV_HW_ERROR (obj, err, SETTINGS,
        (_("Device '%s' cannot crop: it has no crop rectangle "
                "(selection API)."), location));
    return FALSE;
  }
too_much:
  {
    GST_ELEMENT_ERROR (obj->element, RESOURCE, SETTINGS,
        (_("Cannot crop %u columns (crop-left + crop-right) and %u lines "
                "(crop-top + crop-bottom) off the %ux%u frame of device "
                "'%s': at least %ux%u must remain."), v[LEFT] + v[RIGHT],
            v[TOP] + v[BOTTOM], def.width, def.height, location, MIN_SIZE,
            MIN_SIZE), ("crop %u %u %u %u", v[TOP], v[BOTTOM], v[LEFT],
            v[RIGHT]));
    return FALSE;
  }
refused:
  {
    GST_V4L2_TV_HW_ERROR (obj, err, SETTINGS,
        (_("Device '%s' cannot crop to %ux%u at %d,%d."), location,
            want.width, want.height, want.left, want.top));
    reset (obj);
    return FALSE;
  }
}

void
gst_v4l2_tv_crop_frame_size (GstV4l2TvObject * obj, guint * width,
    guint * height)
{
  if (obj->crop == NULL || !obj->crop->active || obj->crop->software)
    return;
  *width = obj->crop->rect.width;
  *height = obj->crop->rect.height;
}

/* --- software: in the conversion pass of v4l2tvsrc --- */

gboolean
gst_v4l2_tv_crop_in_software (GstV4l2TvObject * obj)
{
  return obj->crop && obj->crop->active && obj->crop->software;
}

static GstCaps *
set_size (GstCaps * caps, gint width, gint height)
{
  guint i;

  caps = gst_caps_make_writable (caps);
  for (i = 0; i < gst_caps_get_size (caps); i++)
    gst_structure_set (gst_caps_get_structure (caps, i), "width", G_TYPE_INT,
        width, "height", G_TYPE_INT, height, NULL);
  return caps;
}

GstCaps *
gst_v4l2_tv_crop_pad_caps (GstV4l2TvObject * obj, GstCaps * caps)
{
  if (!gst_v4l2_tv_crop_in_software (obj))
    return caps;
  return set_size (caps, obj->crop->rect.width, obj->crop->rect.height);
}

GstCaps *
gst_v4l2_tv_crop_card_caps (GstV4l2TvObject * obj, GstCaps * caps)
{
  g_autoptr (GstCaps) card = NULL;
  gint width, height;

  if (!gst_v4l2_tv_crop_in_software (obj))
    return gst_caps_ref (caps);
  card = gst_v4l2_tv_object_get_caps (obj);
  if (card == NULL || gst_caps_is_empty (card) ||
      !gst_structure_get_int (gst_caps_get_structure (card, 0), "width",
          &width) ||
      !gst_structure_get_int (gst_caps_get_structure (card, 0), "height",
          &height))
    return gst_caps_ref (caps);
  return set_size (gst_caps_ref (caps), width, height);
}

void
gst_v4l2_tv_crop_info (GstV4l2TvObject * obj, GstVideoInfo * info)
{
  if (!gst_v4l2_tv_crop_in_software (obj))
    return;
  GST_VIDEO_INFO_WIDTH (info) = obj->crop->rect.width;
  GST_VIDEO_INFO_HEIGHT (info) = obj->crop->rect.height;
}

void
gst_v4l2_tv_crop_frame (GstV4l2TvObject * obj, GstVideoFrame * frame)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  const struct v4l2_rect *r;
  guint p;

  if (!gst_v4l2_tv_crop_in_software (obj))
    return;
  r = &obj->crop->rect;
  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    guint c;
    gint x, y;
    gsize offset;

    /* the plane's first component: its subsampling and pixel stride */
    for (c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++)
      if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) == p)
        break;
    x = GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (finfo, c, r->left);
    y = GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, c, r->top);
    offset = y;
    offset *= GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
    offset += x * GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c);
    frame->data[p] = (guint8 *) frame->data[p] + offset;
  }
  GST_VIDEO_INFO_WIDTH (&frame->info) = r->width;
  GST_VIDEO_INFO_HEIGHT (&frame->info) = r->height;
}
