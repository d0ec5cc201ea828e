/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: properties kept in GValue fields of
 * the instance (private)
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tvtunerfields.h"

/* the offset of a property's field, kept on its GParamSpec */
static G_DEFINE_QUARK (gst-tv-tuner-field-offset, field);

/* the field of @pspec in @object, or NULL for a property not installed
 * with tv_tuner_install_field() (offset 0 is the GObject, never a field) */
static GValue *
field_of (GObject * object, GParamSpec * pspec)
{
  gsize offset =
      GPOINTER_TO_SIZE (g_param_spec_get_qdata (pspec, field_quark ()));

  return offset ? G_STRUCT_MEMBER_P (object, offset) : NULL;
}

static void
tv_tuner_fields_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GValue *field = field_of (object, pspec);

  if (field == NULL) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    return;
  }

  /* the instance starts zeroed: an unset GValue of no type */
  if (G_VALUE_TYPE (field) == G_TYPE_INVALID)
    g_value_init (field, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_value_copy (value, field);
}

static void
tv_tuner_fields_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GValue *field = field_of (object, pspec);

  if (field == NULL) {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    return;
  }

  g_value_copy (field, value);
}

/* unsets the fields, then finalizes as the parent class does */
static void
tv_tuner_fields_finalize (GObject * object)
{
  GObjectClass *klass = G_OBJECT_GET_CLASS (object);
  GParamSpec **pspecs;
  guint i, n;

  pspecs = g_object_class_list_properties (klass, &n);
  for (i = 0; i < n; i++) {
    GValue *field = field_of (object, pspecs[i]);

    if (field && G_VALUE_TYPE (field) != G_TYPE_INVALID)
      g_value_unset (field);
  }
  g_free (pspecs);

  /* a final type: the object's class is the one whose parent to chain to */
  G_OBJECT_CLASS (g_type_class_peek_parent (klass))->finalize (object);
}

void
tv_tuner_fields_class_init (GObjectClass * klass)
{
  klass->finalize = tv_tuner_fields_finalize;
  klass->set_property = tv_tuner_fields_set_property;
  klass->get_property = tv_tuner_fields_get_property;
}

void
tv_tuner_install_field (GObjectClass * klass, guint prop_id, gsize offset,
    GParamSpec * pspec)
{
  g_assert (offset >= sizeof (GObject));

  g_param_spec_set_qdata (pspec, field_quark (), GSIZE_TO_POINTER (offset));
  g_object_class_install_property (klass, prop_id, pspec);
}
