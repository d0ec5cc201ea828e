/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's controls (vivid's
 * vivid-ctrls.c), on the capture node only, and what they do to the
 * captured picture.
 *
 * The V4L2 control framework's part is emulated as well: enumeration with
 * V4L2_CTRL_FLAG_NEXT_CTRL in id order with the class heading first, the
 * validation of S_CTRL (integers clamped to the range and rounded to the
 * step, booleans made 0/1, menus ERANGE out of range and EINVAL on a
 * skipped item), EACCES on the class heading, EINVAL on an unknown id.
 * The output node has no controls: ENOTTY, as for a driver without a
 * control handler.
 *
 * The processing (documented in tvhw-virtual.h) works on packed 4:2:2 and
 * leaves the marks band, the first GST_TV_HW_VIRTUAL_MARK_WIDTH columns,
 * alone. At the defaults it is skipped, so a frame is bit-exact what the
 * generator (or the loop) made.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

/* V4L2_CID_COLORFX: the items the card has; Sepia (2) is skipped */
static const gchar *const colorfx_menu[] = {
  "None", "Black & White", "Sepia", "Negative"
};

#define COLORFX_SKIP (1 << V4L2_COLORFX_SEPIA)

/* the controls, in id order (the order of GstTvHwVirtualCtrl); names,
 * flags and ranges as the kernel's control framework (v4l2_ctrl_fill)
 * and vivid give them */
static const struct
{
  guint32 id;
  guint32 type;
  const gchar *name;
  gint32 minimum, maximum, step, default_value;
  guint32 flags;
  guint64 skip;                 /* menus: the items that do not exist */
  gboolean flip;                /* hidden by set_flip_controls (FALSE) */
} ctrls[GST_TV_HW_VIRTUAL_N_CTRLS] = {
  {V4L2_CID_USER_CLASS, V4L2_CTRL_TYPE_CTRL_CLASS, "User Controls",
        0, 0, 0, 0, V4L2_CTRL_FLAG_READ_ONLY | V4L2_CTRL_FLAG_WRITE_ONLY, 0,
      FALSE},
  {V4L2_CID_BRIGHTNESS, V4L2_CTRL_TYPE_INTEGER, "Brightness",
      0, 255, 1, 128, V4L2_CTRL_FLAG_SLIDER, 0, FALSE},
  {V4L2_CID_CONTRAST, V4L2_CTRL_TYPE_INTEGER, "Contrast",
      0, 255, 1, 128, V4L2_CTRL_FLAG_SLIDER, 0, FALSE},
  {V4L2_CID_SATURATION, V4L2_CTRL_TYPE_INTEGER, "Saturation",
      0, 255, 1, 128, V4L2_CTRL_FLAG_SLIDER, 0, FALSE},
  {V4L2_CID_HUE, V4L2_CTRL_TYPE_INTEGER, "Hue",
      -128, 128, 1, 0, V4L2_CTRL_FLAG_SLIDER, 0, FALSE},
  {V4L2_CID_HFLIP, V4L2_CTRL_TYPE_BOOLEAN, "Horizontal Flip",
      0, 1, 1, 0, 0, 0, TRUE},
  {V4L2_CID_VFLIP, V4L2_CTRL_TYPE_BOOLEAN, "Vertical Flip",
      0, 1, 1, 0, 0, 0, TRUE},
  {V4L2_CID_COLORFX, V4L2_CTRL_TYPE_MENU, "Color Effects",
        V4L2_COLORFX_NONE, V4L2_COLORFX_NEGATIVE, 1, V4L2_COLORFX_NONE, 0,
      COLORFX_SKIP, FALSE},
};

/* card->lock held, no handle open */
void
gst_tv_hw_virtual_ctrls_set_defaults (GstTvHwVirtualCard * card)
{
  guint i;

  for (i = 0; i < GST_TV_HW_VIRTUAL_N_CTRLS; i++)
    card->ctrls[i] = ctrls[i].default_value;
  for (i = 0; i < GST_TV_HW_VIRTUAL_MAX_INPUTS; i++)
    card->input_brightness[i] =
        ctrls[GST_TV_HW_VIRTUAL_CTRL_BRIGHTNESS].default_value;
  card->flip_ctrls = TRUE;
  gst_tv_hw_virtual_ctrls_input_changed (card);
}

/* vivid gives brightness another range on every input: 128 * input to
 * 255 + 128 * input, default 128 + 128 * input, and keeps a value per
 * input (vivid-vid-cap.c, "to test if applications can handle control
 * range modifications"). The offset of control @i on the current input. */
/* an integer control's value as S_CTRL stores it (the control
 * framework's ROUND_TO_RANGE): to the nearest step from @min, within
 * @min..@max */
static gint64
round_to_range (gint64 v, gint64 min, gint64 max, gint64 step)
{
  if (max >= 0 && v >= max - step / 2)
    v = max;
  else
    v += step / 2;
  v = CLAMP (v, min, max);
  return min + (v - min) / step * step;
}

static gint32
range_offset (GstTvHwVirtualCard * card, guint i)
{
  return i == GST_TV_HW_VIRTUAL_CTRL_BRIGHTNESS ? 128 * (gint32) card->input :
      0;
}

/* card->lock held: the capture input changed, brightness takes the new
 * input's range and the value kept for it */
void
gst_tv_hw_virtual_ctrls_input_changed (GstTvHwVirtualCard * card)
{
  guint b = GST_TV_HW_VIRTUAL_CTRL_BRIGHTNESS;

  card->ctrls[b] = range_offset (card, b) + card->input_brightness[card->input];
}

static gboolean
ctrl_present (GstTvHwVirtualCard * card, guint i)
{
  return !ctrls[i].flip || card->flip_ctrls;
}

/* the index of control @id, or -1 when the card does not have it now */
static gint
find_ctrl (GstTvHwVirtualCard * card, guint32 id)
{
  guint i;

  for (i = 0; i < GST_TV_HW_VIRTUAL_N_CTRLS; i++) {
    if (ctrls[i].id == id)
      return ctrl_present (card, i) ? (gint) i : -1;
  }
  return -1;
}

/* v4l2_queryctrl(): the fields the old QUERYCTRL has; a class heading
 * has no range */
static void
fill_queryctrl (GstTvHwVirtualCard * card, guint i, struct v4l2_queryctrl *qc)
{
  gint32 offset = range_offset (card, i);

  memset (qc, 0, sizeof (*qc));
  qc->id = ctrls[i].id;
  qc->type = ctrls[i].type;
  g_strlcpy ((gchar *) qc->name, ctrls[i].name, sizeof (qc->name));
  qc->minimum = ctrls[i].minimum + offset;
  qc->maximum = ctrls[i].maximum + offset;
  qc->step = ctrls[i].step;
  qc->default_value = ctrls[i].default_value + offset;
  qc->flags = ctrls[i].flags;
}

/* --- a driver profile's controls (tvhw-virtual-profiles.c): the class
 * heading, then the integer and boolean controls of the bridge and of its
 * decoder subdevice, merged in id order as the control framework lists
 * the one handler they share; the values live in card->profile_ctrls[]
 * and do not touch the picture --- */

/* the profile's control @id: its index (gst_tv_hw_virtual_profile_ctrl()),
 * -1 for the class heading, -2 for none */
static gint
profile_find (const GstTvHwVirtualProfile * profile, guint32 id)
{
  guint i, n = gst_tv_hw_virtual_profile_n_ctrls (profile);

  if (id == V4L2_CID_USER_CLASS)
    return -1;
  for (i = 0; i < n; i++) {
    if (gst_tv_hw_virtual_profile_ctrl (profile, i)->id == id)
      return i;
  }
  return -2;
}

/* the index of the profile's control with the lowest id above @id, -2 for
 * none */
static gint
profile_find_next (const GstTvHwVirtualProfile * profile, guint32 id)
{
  guint i, n = gst_tv_hw_virtual_profile_n_ctrls (profile);
  gint found = -2;
  guint32 found_id = 0;

  for (i = 0; i < n; i++) {
    guint32 c = gst_tv_hw_virtual_profile_ctrl (profile, i)->id;

    if (c > id && (found == -2 || c < found_id)) {
      found = i;
      found_id = c;
    }
  }
  return found;
}

static gint
profile_queryctrl (const GstTvHwVirtualProfile * profile,
    struct v4l2_queryctrl *qc)
{
  const guint32 next_flags = V4L2_CTRL_FLAG_NEXT_CTRL |
      V4L2_CTRL_FLAG_NEXT_COMPOUND;
  guint32 id = qc->id & ~next_flags;
  guint32 next = qc->id & next_flags;
  const GstTvHwVirtualProfileCtrl *c;
  gint found = -2;

  if (next == 0) {
    found = profile_find (profile, id);
  } else if (next & V4L2_CTRL_FLAG_NEXT_CTRL) {
    if (id < V4L2_CID_USER_CLASS &&
        gst_tv_hw_virtual_profile_n_ctrls (profile) > 0)
      found = -1;
    else
      found = profile_find_next (profile, id);
  }
  if (found == -2)
    return -EINVAL;

  memset (qc, 0, sizeof (*qc));
  if (found == -1) {
    qc->id = ctrls[GST_TV_HW_VIRTUAL_CTRL_USER_CLASS].id;
    qc->type = ctrls[GST_TV_HW_VIRTUAL_CTRL_USER_CLASS].type;
    g_strlcpy ((gchar *) qc->name,
        ctrls[GST_TV_HW_VIRTUAL_CTRL_USER_CLASS].name, sizeof (qc->name));
    qc->flags = ctrls[GST_TV_HW_VIRTUAL_CTRL_USER_CLASS].flags;
    return 0;
  }
  c = gst_tv_hw_virtual_profile_ctrl (profile, found);
  qc->id = c->id;
  qc->type = c->type != 0 ? c->type : V4L2_CTRL_TYPE_INTEGER;
  g_strlcpy ((gchar *) qc->name, c->name, sizeof (qc->name));
  qc->minimum = c->minimum;
  qc->maximum = c->maximum;
  qc->step = c->step;
  qc->default_value = c->default_value;
  qc->flags = c->flags;
  return 0;
}

/* card->lock held: G_CTRL (@set FALSE) or S_CTRL, the control framework's
 * rules for an integer (rounded to the step and clamped) or a boolean */
static gint
profile_ctrl (GstTvHwVirtualCard * card, struct v4l2_control *ctrl,
    gboolean set)
{
  const GstTvHwVirtualProfileCtrl *c;
  gint i = profile_find (card->profile, ctrl->id);
  gint64 v, min, max, step;

  if (i == -2)
    return -EINVAL;
  if (i == -1)
    return -EACCES;
  if (!set) {
    ctrl->value = card->profile_ctrls[i];
    return 0;
  }
  c = gst_tv_hw_virtual_profile_ctrl (card->profile, i);
  v = ctrl->value;
  min = c->minimum;
  max = c->maximum;
  step = c->step;
  /* the control framework's std_validate(): a boolean is 0 or 1 */
  if (c->type == V4L2_CTRL_TYPE_BOOLEAN)
    v = v != 0;
  else
    v = round_to_range (v, min, max, step);
  card->profile_ctrls[i] = (gint32) v;
  ctrl->value = (gint32) v;
  GST_DEBUG ("card %u: %s = %d", card->index, c->name, ctrl->value);
  return 0;
}

gint
gst_tv_hw_virtual_ctrls_queryctrl (GstTvHwDevice * dev,
    struct v4l2_queryctrl *qc)
{
  GstTvHwVirtualCard *card = CARD (dev);
  const guint32 next_flags = V4L2_CTRL_FLAG_NEXT_CTRL |
      V4L2_CTRL_FLAG_NEXT_COMPOUND;
  guint32 id = qc->id & ~next_flags;
  guint32 next = qc->id & next_flags;
  gint found = -1;
  guint i;

  if (IS_OUTPUT (dev))
    return -ENOTTY;
  if (card->profile != NULL)
    return profile_queryctrl (card->profile, qc);

  g_mutex_lock (&card->lock);
  if (next == 0) {
    found = find_ctrl (card, id);
  } else if (next & V4L2_CTRL_FLAG_NEXT_CTRL) {
    /* the first control with a higher id; NEXT_COMPOUND alone asks for
     * compound controls, and the card has none */
    for (i = 0; i < GST_TV_HW_VIRTUAL_N_CTRLS && found < 0; i++) {
      if (ctrls[i].id > id && ctrl_present (card, i))
        found = i;
    }
  }
  if (found >= 0)
    fill_queryctrl (card, found, qc);
  g_mutex_unlock (&card->lock);

  return found >= 0 ? 0 : -EINVAL;
}

gint
gst_tv_hw_virtual_ctrls_querymenu (GstTvHwDevice * dev,
    struct v4l2_querymenu *qm)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint32 index = qm->index;
  gint i;

  if (IS_OUTPUT (dev))
    return -ENOTTY;
  /* a profile's controls are integers and booleans: no menus */
  if (card->profile != NULL)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  i = find_ctrl (card, qm->id);
  g_mutex_unlock (&card->lock);

  /* v4l2_querymenu(): menus only; an item in range, not skipped */
  if (i < 0 || ctrls[i].type != V4L2_CTRL_TYPE_MENU)
    return -EINVAL;
  if ((gint64) index < ctrls[i].minimum || (gint64) index > ctrls[i].maximum)
    return -EINVAL;
  if (ctrls[i].skip & (G_GUINT64_CONSTANT (1) << index))
    return -EINVAL;

  memset (qm->name, 0, sizeof (qm->name));
  qm->reserved = 0;
  g_strlcpy ((gchar *) qm->name, colorfx_menu[index], sizeof (qm->name));
  return 0;
}

gint
gst_tv_hw_virtual_ctrls_g_ctrl (GstTvHwDevice * dev, struct v4l2_control *ctrl)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint i, ret = 0;

  if (IS_OUTPUT (dev))
    return -ENOTTY;

  g_mutex_lock (&card->lock);
  if (card->profile != NULL) {
    ret = profile_ctrl (card, ctrl, FALSE);
    g_mutex_unlock (&card->lock);
    return ret;
  }
  i = find_ctrl (card, ctrl->id);
  if (i < 0)
    ret = -EINVAL;
  else if (ctrls[i].flags & V4L2_CTRL_FLAG_WRITE_ONLY)
    ret = -EACCES;
  else
    ctrl->value = card->ctrls[i];
  g_mutex_unlock (&card->lock);

  return ret;
}

/* the control framework's validation (std_validate_elem): integers are
 * rounded to the step and clamped, booleans become 0 or 1, menus refuse
 * what they do not have */
static gint
validate (GstTvHwVirtualCard * card, guint i, gint32 * value)
{
  gint64 v = *value;

  switch (ctrls[i].type) {
    case V4L2_CTRL_TYPE_INTEGER:
    {
      gint64 step = ctrls[i].step;
      gint64 min = ctrls[i].minimum + range_offset (card, i);
      gint64 max = ctrls[i].maximum + range_offset (card, i);

      *value = (gint32) round_to_range (v, min, max, step);
      return 0;
    }
    case V4L2_CTRL_TYPE_BOOLEAN:
      *value = v != 0;
      return 0;
    case V4L2_CTRL_TYPE_MENU:
      if (v < ctrls[i].minimum || v > ctrls[i].maximum)
        return -ERANGE;
      if (ctrls[i].skip & (G_GUINT64_CONSTANT (1) << v))
        return -EINVAL;
      return 0;
    default:
      return -EINVAL;
  }
}

gint
gst_tv_hw_virtual_ctrls_s_ctrl (GstTvHwDevice * dev, struct v4l2_control *ctrl)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint32 value = ctrl->value;
  gint i, ret;

  if (IS_OUTPUT (dev))
    return -ENOTTY;

  g_mutex_lock (&card->lock);
  if (card->profile != NULL) {
    ret = profile_ctrl (card, ctrl, TRUE);
    goto done;
  }
  i = find_ctrl (card, ctrl->id);
  if (i < 0) {
    ret = -EINVAL;
    goto done;
  }
  if (ctrls[i].flags & V4L2_CTRL_FLAG_READ_ONLY) {
    ret = -EACCES;
    goto done;
  }
  ret = validate (card, i, &value);
  if (ret < 0)
    goto done;
  card->ctrls[i] = value;
  if (i == GST_TV_HW_VIRTUAL_CTRL_BRIGHTNESS)
    card->input_brightness[card->input] = value - range_offset (card, i);
  /* S_CTRL answers what was stored */
  ctrl->value = value;
  GST_DEBUG ("card %u: %s = %d", card->index, ctrls[i].name, value);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

/* --- the picture --- */

/* n / d rounded to the nearest, halves away from zero */
static inline gint
div_round (gint n, gint d)
{
  return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

static inline guint8
clamp8 (gint v)
{
  return (guint8) CLAMP (v, 0, 255);
}

/* sin (x) for |x| <= pi / 2, by its Taylor series (no libm here) */
static gdouble
sin_series (gdouble x)
{
  gdouble x2 = x * x, term = x, sum = x;
  gint n;

  for (n = 1; n <= 10; n++) {
    term *= -x2 / ((2 * n) * (2 * n + 1));
    sum += term;
  }
  return sum;
}

static gdouble
sin_any (gdouble x)
{
  while (x > G_PI)
    x -= 2 * G_PI;
  while (x < -G_PI)
    x += 2 * G_PI;
  if (x > G_PI / 2)
    x = G_PI - x;
  else if (x < -G_PI / 2)
    x = -G_PI - x;
  return sin_series (x);
}

static gint
fixed14 (gdouble v)
{
  v *= 1 << 14;
  return v >= 0 ? (gint) (v + 0.5) : -(gint) (-v + 0.5);
}

typedef struct
{
  guint8 luma[256];
  /* chroma: (cb, cr) -> (a cb - b cr, b cb + a cr) / 2^14 */
  gint a, b;
  gint colorfx;
} Proc;

static void
proc_init (GstTvHwVirtualCard * card, Proc * p)
{
  gint brightness = card->input_brightness[card->input];
  gint contrast = card->ctrls[GST_TV_HW_VIRTUAL_CTRL_CONTRAST];
  gint saturation = card->ctrls[GST_TV_HW_VIRTUAL_CTRL_SATURATION];
  gdouble angle = card->ctrls[GST_TV_HW_VIRTUAL_CTRL_HUE] * G_PI / 128;
  gint y;

  for (y = 0; y < 256; y++) {
    p->luma[y] = clamp8 (16 + div_round ((y - 16) * contrast, 128) +
        brightness - 128);
  }
  p->a = fixed14 (saturation * sin_any (angle + G_PI / 2) / 128);
  p->b = fixed14 (saturation * sin_any (angle) / 128);
  p->colorfx = card->ctrls[GST_TV_HW_VIRTUAL_CTRL_COLORFX];
}

/* one line of packed 4:2:2 from the marks band on: luma offsets @y0, @y1,
 * chroma @u, @v within each 4-byte pair */
static void
proc_line (const Proc * p, guint8 * line, guint pairs, guint y0, guint y1,
    guint u, guint v)
{
  guint k;

  for (k = 0; k < pairs; k++, line += 4) {
    gint cb = line[u] - 128, cr = line[v] - 128;
    gint l0 = p->luma[line[y0]], l1 = p->luma[line[y1]];
    gint cb2 = div_round (p->a * cb - p->b * cr, 1 << 14);
    gint cr2 = div_round (p->b * cb + p->a * cr, 1 << 14);

    switch (p->colorfx) {
      case V4L2_COLORFX_BW:
        cb2 = cr2 = 0;
        break;
      case V4L2_COLORFX_NEGATIVE:
        l0 = 255 - l0;
        l1 = 255 - l1;
        cb2 = -cb2;
        cr2 = -cr2;
        break;
      default:
        break;
    }
    line[y0] = l0;
    line[y1] = l1;
    line[u] = clamp8 (128 + cb2);
    line[v] = clamp8 (128 + cr2);
  }
}

/* mirrors the pixel pairs of a line (two pixels each, their luma
 * swapped); the chroma of a pair stays with it */
static void
hflip_line (guint8 * line, guint pairs, guint y0, guint y1)
{
  guint8 *l = line, *r = line + (pairs - 1) * 4;
  guint8 tmp[4];

  for (; l < r; l += 4, r -= 4) {
    memcpy (tmp, l, 4);
    memcpy (l, r, 4);
    memcpy (r, tmp, 4);
  }
  for (l = line; l < line + pairs * 4; l += 4) {
    guint8 t = l[y0];

    l[y0] = l[y1];
    l[y1] = t;
  }
}

/* card->lock held */
void
gst_tv_hw_virtual_ctrls_apply (GstTvHwVirtualCard * card, guint8 * data,
    guint32 pixelformat, guint width, guint height, guint stride)
{
  gboolean uyvy = pixelformat == V4L2_PIX_FMT_UYVY;
  guint y0 = uyvy ? 1 : 0, y1 = uyvy ? 3 : 2;
  guint u = uyvy ? 0 : 1, v = uyvy ? 2 : 3;
  gboolean hflip = card->ctrls[GST_TV_HW_VIRTUAL_CTRL_HFLIP] != 0;
  gboolean vflip = card->ctrls[GST_TV_HW_VIRTUAL_CTRL_VFLIP] != 0;
  gboolean proc = FALSE;
  guint first = GST_TV_HW_VIRTUAL_MARK_WIDTH * 2;
  guint pairs, y, i;
  Proc p;

  /* a driver profile's controls keep their values only */
  if (width <= GST_TV_HW_VIRTUAL_MARK_WIDTH || card->profile != NULL)
    return;
  pairs = (width - GST_TV_HW_VIRTUAL_MARK_WIDTH) / 2;

  for (i = GST_TV_HW_VIRTUAL_CTRL_BRIGHTNESS; i < GST_TV_HW_VIRTUAL_N_CTRLS;
      i++) {
    if (i != GST_TV_HW_VIRTUAL_CTRL_HFLIP && i != GST_TV_HW_VIRTUAL_CTRL_VFLIP
        && card->ctrls[i] != ctrls[i].default_value + range_offset (card, i))
      proc = TRUE;
  }
  if (!proc && !hflip && !vflip)
    return;

  if (proc) {
    proc_init (card, &p);
    for (y = 0; y < height; y++)
      proc_line (&p, data + (gsize) y * stride + first, pairs, y0, y1, u, v);
  }
  if (hflip) {
    for (y = 0; y < height; y++)
      hflip_line (data + (gsize) y * stride + first, pairs, y0, y1);
  }
  if (vflip) {
    gsize len = (gsize) pairs * 4;
    guint8 *tmp = g_malloc (len);

    for (y = 0; y < height / 2; y++) {
      guint8 *a = data + (gsize) y * stride + first;
      guint8 *b = data + (gsize) (height - 1 - y) * stride + first;

      memcpy (tmp, a, len);
      memcpy (a, b, len);
      memcpy (b, tmp, len);
    }
    g_free (tmp);
  }
}

/* --- test API --- */

/**
 * gst_tv_hw_virtual_card_set_flip_controls:
 * @card: a card
 * @present: whether the capture node has V4L2_CID_HFLIP and
 *   V4L2_CID_VFLIP
 *
 * Makes the card one without flip controls (QUERYCTRL, G_CTRL and S_CTRL
 * answer EINVAL for them), so that software flipping can be tested.
 * Either way both flips go back to off.
 */
void
gst_tv_hw_virtual_card_set_flip_controls (GstTvHwVirtualCard * card,
    gboolean present)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  card->flip_ctrls = present;
  card->ctrls[GST_TV_HW_VIRTUAL_CTRL_HFLIP] = 0;
  card->ctrls[GST_TV_HW_VIRTUAL_CTRL_VFLIP] = 0;
  g_mutex_unlock (&card->lock);
}
