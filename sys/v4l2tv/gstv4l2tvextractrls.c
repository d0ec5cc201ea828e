/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: "extra-controls", any V4L2 control of the card by name.
 *
 * A GstStructure whose name is ignored and whose fields are controls,
 * e.g. extra-controls="c,brightness=140,hue=5,chroma_agc=false". A field
 * names a control as v4l2src does: the driver's name in lower case with
 * every run of other characters made one '_' ("Chroma AGC" is chroma_agc),
 * matched without regard to case. The values:
 *
 * - integer controls: an integer within the control's range, on its step;
 * - boolean controls: true/false or 0/1;
 * - menu controls: the item's index, or its name (a string, matched like
 *   the control names: "64 Bit", "64_bit");
 * - integer menus: the item's index;
 * - buttons: any value (the button is pressed).
 *
 * Other types (64-bit, string, compound) and read-only controls cannot be
 * set. Nothing is clamped: a name the card does not have, a value of the
 * wrong type or out of range is an error that names the device, the
 * control and the valid choices (the card's control names, the range and
 * step, the menu items), and then no control of the structure is set.
 *
 * The controls are set when the device opens (READY), after the element's
 * own settings (input or output, standard, frequency): an error then
 * fails the state change. Set while the device is open (READY, PAUSED,
 * PLAYING) they are set at once; an error then is a warning on the bus
 * (the stream goes on) and the property keeps the new value, so that the
 * next open fails with the error. The controls stay as set when the
 * device closes, as V4L2 expects.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gstv4l2tvextractrls.h"
#include "v4l2tv-debug.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_extra_ctrls_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_extra_ctrls_debug

struct _GstV4l2TvExtraCtrls
{
  GstV4l2TvObject *obj;         /* first: gst_v4l2_tv_object_new_part() */
  GstStructure *controls;       /* with the device lock; NULL: none */
};

/* one control of the card */
typedef struct
{
  struct v4l2_queryctrl qc;
  gchar *name;                  /* normalised */
} Control;

/* one control to set */
typedef struct
{
  guint32 id;
  gint32 value;
  const gchar *name;
} Setting;

GstV4l2TvExtraCtrls *
gst_v4l2_tv_extra_ctrls_new (GstV4l2TvObject * obj)
{
  V4L2TV_DEBUG_INIT_ONCE (gst_v4l2_tv_extra_ctrls_debug, "v4l2tvextractrls",
      "v4l2tv extra-controls");
  return gst_v4l2_tv_object_new_part (obj, sizeof (GstV4l2TvExtraCtrls));
}

void
gst_v4l2_tv_extra_ctrls_free (GstV4l2TvExtraCtrls * ctrls)
{
  if (ctrls->controls)
    gst_structure_free (ctrls->controls);
  g_free (ctrls);
}

void
gst_v4l2_tv_extra_ctrls_install_property (GObjectClass * gobject_class,
    guint prop_id)
{
  g_object_class_install_property (gobject_class, prop_id,
      g_param_spec_boxed ("extra-controls", "Extra Controls",
          "Any control of the card by name, set when the device opens and "
          "at once while it is open, e.g. \"c,brightness=140,hue=5\": names "
          "as v4l2-ctl --list-ctrls shows them (any case); integers within "
          "the range and step, booleans, menu items by index or by name",
          GST_TYPE_STRUCTURE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
}

gchar *
gst_v4l2_tv_extra_ctrls_normalise (const gchar * name)
{
  GString *s = g_string_new (NULL);
  gboolean gap = FALSE;

  for (; *name; name++) {
    if (!g_ascii_isalnum (*name)) {
      gap = TRUE;
      continue;
    }
    if (gap && s->len > 0)
      g_string_append_c (s, '_');
    gap = FALSE;
    g_string_append_c (s, g_ascii_tolower (*name));
  }
  return g_string_free (s, FALSE);
}

static void
control_clear (gpointer data)
{
  g_free (((Control *) data)->name);
}

/* with the device lock: the card's controls, class headings and disabled
 * controls left out */
static GArray *
enumerate (GstV4l2TvObject * obj)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (Control));
  struct v4l2_queryctrl qc = { 0, };
  g_autoptr (GError) err = NULL;

  g_array_set_clear_func (list, control_clear);
  while (gst_tv_hw_device_next_ctrl (obj->dev, &qc, &err)) {
    Control c;
    g_autofree gchar *raw = NULL;

    if (qc.type == V4L2_CTRL_TYPE_CTRL_CLASS ||
        (qc.flags & V4L2_CTRL_FLAG_DISABLED))
      continue;
    raw = GST_TV_HW_NAME (qc.name);
    c.qc = qc;
    c.name = gst_v4l2_tv_extra_ctrls_normalise (raw);
    g_array_append_val (list, c);
  }
  if (err)
    GST_WARNING_OBJECT (obj->element, "enumerating the controls of %s: %s",
        gst_tv_hw_device_get_location (obj->dev), err->message);
  return list;
}

static gchar *
list_names (GArray * list)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < list->len; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "",
        g_array_index (list, Control, i).name);
  if (list->len == 0)
    g_string_append (s, "(none)");
  return g_string_free (s, FALSE);
}

/* with the device lock: "0: None, 1: 64 Bit, 2: 32 Bit"; *@index the item
 * whose name matches @want (if not NULL and found) */
static gchar *
list_menu (GstV4l2TvObject * obj, const Control * c, const gchar * want,
    gint * index)
{
  g_autofree gchar *want_norm = want ?
      gst_v4l2_tv_extra_ctrls_normalise (want) : NULL;
  GString *s = g_string_new (NULL);
  gint i;

  for (i = c->qc.minimum; i <= c->qc.maximum && i >= c->qc.minimum; i++) {
    struct v4l2_querymenu qm;

    if (!gst_tv_hw_device_enum_menu (obj->dev, c->qc.id, i, &qm, NULL))
      continue;
    if (s->len)
      g_string_append (s, ", ");
    if (c->qc.type == V4L2_CTRL_TYPE_INTEGER_MENU) {
      g_string_append_printf (s, "%d: %" G_GINT64_FORMAT, i, (gint64) qm.value);
    } else {
      g_autofree gchar *item = GST_TV_HW_NAME (qm.name);
      g_autofree gchar *norm = gst_v4l2_tv_extra_ctrls_normalise (item);

      g_string_append_printf (s, "%d: %s", i, item);
      if (want_norm && *want_norm && !strcmp (norm, want_norm))
        *index = i;
    }
  }
  return g_string_free (s, FALSE);
}

static gboolean
value_to_int (const GValue * v, gint64 * out)
{
  if (G_VALUE_HOLDS_INT (v))
    *out = g_value_get_int (v);
  else if (G_VALUE_HOLDS_UINT (v))
    *out = g_value_get_uint (v);
  else if (G_VALUE_HOLDS_INT64 (v))
    *out = g_value_get_int64 (v);
  else if (G_VALUE_HOLDS_UINT64 (v))
    *out = (gint64) MIN (g_value_get_uint64 (v), (guint64) G_MAXINT64);
  else
    return FALSE;
  return TRUE;
}

static gboolean
menu_has (GstV4l2TvObject * obj, const Control * c, gint64 index)
{
  struct v4l2_querymenu qm;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  return index >= c->qc.minimum && index <= c->qc.maximum &&
      gst_tv_hw_device_enum_menu (obj->dev, c->qc.id, index, &qm, NULL);
}

/* with the device lock: the value to set for @field = @value of control
 * @c, or FALSE with @text and @debug saying why */
static gboolean
check_value (GstV4l2TvObject * obj, const Control * c, const GValue * value,
    gint32 * out, gchar ** text, gchar ** debug)
{
  const gchar *location = gst_tv_hw_device_get_location (obj->dev);
  g_autofree gchar *shown = gst_value_serialize (value);
  gint64 v = 0;
  gint index = -1;

  if (shown == NULL)
    shown = g_strdup (G_VALUE_TYPE_NAME (value));
  *debug = g_strdup_printf ("control %s (0x%08x), type %u, flags 0x%x, "
      "%d..%d step %d; value %s of type %s", c->name, c->qc.id, c->qc.type,
      c->qc.flags, c->qc.minimum, c->qc.maximum, c->qc.step, shown,
      G_VALUE_TYPE_NAME (value));

  if (c->qc.flags & V4L2_CTRL_FLAG_READ_ONLY) {
    *text = g_strdup_printf (_("Control '%s' of device '%s' cannot be set "
            "from extra-controls (%s)."), c->name, location, "read-only");
    return FALSE;
  }

  switch (c->qc.type) {
    case V4L2_CTRL_TYPE_BUTTON:
      *out = 0;
      return TRUE;
    case V4L2_CTRL_TYPE_BOOLEAN:
      if (G_VALUE_HOLDS_BOOLEAN (value)) {
        *out = g_value_get_boolean (value) ? 1 : 0;
        return TRUE;
      }
      /* fall through: 0 or 1 */
    case V4L2_CTRL_TYPE_INTEGER:
      if (value_to_int (value, &v) && v >= c->qc.minimum &&
          v <= c->qc.maximum && (c->qc.step <= 1 ||
              (v - c->qc.minimum) % c->qc.step == 0)) {
        *out = (gint32) v;
        return TRUE;
      }
      *text = g_strdup_printf (_("Control '%s' of device '%s' takes an "
              "integer from %d to %d in steps of %d, not %s."), c->name,
          location, c->qc.minimum, c->qc.maximum, MAX (c->qc.step, 1), shown);
      return FALSE;
    case V4L2_CTRL_TYPE_MENU:
    case V4L2_CTRL_TYPE_INTEGER_MENU:{
      const gchar *want = G_VALUE_HOLDS_STRING (value) ?
          g_value_get_string (value) : NULL;
      g_autofree gchar *items = list_menu (obj, c, want, &index);

      if (value_to_int (value, &v) && menu_has (obj, c, v)) {
        *out = (gint32) v;
        return TRUE;
      }
      if (index >= 0) {
        *out = index;
        return TRUE;
      }
      *text = g_strdup_printf (_("Control '%s' of device '%s' takes one of "
              "these menu items, by index or by name: %s; not %s."), c->name,
          location, items, shown);
      return FALSE;
    }
    default:
      *text = g_strdup_printf (_("Control '%s' of device '%s' cannot be set "
              "from extra-controls (%s)."), c->name, location,
          "only integer, boolean, menu and button controls can");
      return FALSE;
  }
}

/* with the device lock, open: checks every field of @s against the card,
 * then sets them all in order; FALSE with @text and @debug (to free) if a
 * field is wrong (nothing set) or the card refuses one */
static gboolean
apply_unlocked (GstV4l2TvObject * obj, const GstStructure * s, gchar ** text,
    gchar ** debug)
{
  const gchar *location = gst_tv_hw_device_get_location (obj->dev);
  GArray *list = enumerate (obj);
  GArray *settings = g_array_new (FALSE, FALSE, sizeof (Setting));
  gboolean ok = TRUE;
  gint n = gst_structure_n_fields (s), i;
  guint k;

  for (i = 0; ok && i < n; i++) {
    const gchar *field = gst_structure_nth_field_name (s, i);
    g_autofree gchar *want = gst_v4l2_tv_extra_ctrls_normalise (field);
    const Control *c = NULL;
    Setting set;

    for (k = 0; k < list->len && c == NULL; k++)
      if (!strcmp (g_array_index (list, Control, k).name, want))
        c = &g_array_index (list, Control, k);
    if (c == NULL) {
      g_autofree gchar *names = list_names (list);

      *text = g_strdup_printf (_("Device '%s' has no control '%s'. Its "
              "controls are: %s."), location, field, names);
      *debug = g_strdup_printf ("no control named %s (%s)", want, field);
      ok = FALSE;
      break;
    }
    set.id = c->qc.id;
    set.name = c->name;
    ok = check_value (obj, c, gst_structure_get_value (s, field), &set.value,
        text, debug);
    if (ok) {
      g_free (*debug);
      *debug = NULL;
      g_array_append_val (settings, set);
    }
  }

  for (k = 0; ok && k < settings->len; k++) {
    const Setting *set = &g_array_index (settings, Setting, k);
    g_autoptr (GError) err = NULL;

    if (!gst_tv_hw_device_set_ctrl (obj->dev, set->id, set->value, &err)) {
      *text = g_strdup_printf (_("Device '%s' refused %d for control '%s'."),
          location, set->value, set->name);
      *debug = g_strdup (err->message);
      ok = FALSE;
    } else {
      GST_INFO_OBJECT (obj->element, "%s: control %s (0x%08x) set to %d",
          location, set->name, set->id, set->value);
    }
  }

  g_array_free (settings, TRUE);
  g_array_free (list, TRUE);
  return ok;
}

gboolean
gst_v4l2_tv_extra_ctrls_opened (GstV4l2TvObject * obj)
{
  GstV4l2TvExtraCtrls *ctrls = obj->extra_ctrls;
  g_autofree gchar *text = NULL;
  g_autofree gchar *debug = NULL;

  if (ctrls->controls == NULL)
    return TRUE;
  if (apply_unlocked (obj, ctrls->controls, &text, &debug))
    return TRUE;
  GST_ELEMENT_ERROR (obj->element, RESOURCE, SETTINGS, ("%s", text),
      ("%s", debug));
  return FALSE;
}

void
gst_v4l2_tv_extra_ctrls_set_property (GstV4l2TvObject * obj,
    const GValue * value)
{
  GstV4l2TvExtraCtrls *ctrls = obj->extra_ctrls;
  const GstStructure *s = gst_value_get_structure (value);
  g_autofree gchar *text = NULL;
  g_autofree gchar *debug = NULL;
  gboolean ok = TRUE;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  if (ctrls->controls)
    gst_structure_free (ctrls->controls);
  ctrls->controls = s ? gst_structure_copy (s) : NULL;
  if (obj->dev && s)
    ok = apply_unlocked (obj, s, &text, &debug);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  if (!ok)
    GST_ELEMENT_WARNING (obj->element, RESOURCE, SETTINGS, ("%s", text),
        ("%s", debug));
}

void
gst_v4l2_tv_extra_ctrls_get_property (GstV4l2TvObject * obj, GValue * value)
{
  GstV4l2TvExtraCtrls *ctrls = obj->extra_ctrls;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  gst_value_set_structure (value, ctrls->controls);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}
