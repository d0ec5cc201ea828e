/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: norms
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

/**
 * SECTION:gsttvtunernorm
 * @title: GstTvTunerNorm
 * @short_description: a TV norm of a #GstTvTuner
 * @see_also: #GstTvTuner
 *
 * A #GstTvTunerNorm is one analog TV standard a device can capture or
 * output, such as "PAL" or "NTSC-M": a #GstTvTunerNorm:label, the
 * #GstTvTunerNorm:framerate it implies and the V4L2 standard bits behind
 * it (#GstTvTunerNorm:std-id). gst_tv_tuner_list_norms() returns them and
 * gst_tv_tuner_set_norm() selects one.
 *
 * Implementations of #GstTvTuner create the norms with
 * gst_tv_tuner_norm_new(). A norm does not change once it is created, so
 * its getters can be called from any thread.
 *
 * Since: 1.0
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tvtunernorm.h"
#include "tvtunerfields.h"

struct _GstTvTunerNorm
{
  GObject parent;

  /* the properties, of their types (tvtunerfields.h) */
  GValue label;
  GValue framerate;
  GValue std_id;
};

#define FIELD(name) G_STRUCT_OFFSET (GstTvTunerNorm, name)

#define DEFAULT_LABEL NULL
#define DEFAULT_FPS_N 0
#define DEFAULT_FPS_D 1
#define DEFAULT_STD_ID 0

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_FRAMERATE,
  PROP_STD_ID
};

G_DEFINE_TYPE (GstTvTunerNorm, gst_tv_tuner_norm, G_TYPE_OBJECT);

static void
gst_tv_tuner_norm_class_init (GstTvTunerNormClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = TV_TUNER_FIELD_PARAM_FLAGS;

  tv_tuner_fields_class_init (gobject_class);

  /**
   * GstTvTunerNorm:label:
   *
   * The name of the norm, such as "PAL", "PAL-BG" or "NTSC-M" (for V4L2,
   * the name of struct v4l2_standard). Applications show it to users and
   * look norms up by it with gst_tv_tuner_find_norm_by_name().
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_LABEL, FIELD (label),
      g_param_spec_string ("label", "Label", "The name of the norm",
          DEFAULT_LABEL, flags));

  /**
   * GstTvTunerNorm:framerate:
   *
   * The frame rate of the norm, a #GstFraction: 25/1 for the 625-line
   * norms (PAL, SECAM), 30000/1001 for the 525-line ones (NTSC, PAL-M).
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_FRAMERATE, FIELD (framerate),
      gst_param_spec_fraction ("framerate", "Frame rate",
          "The frame rate of the norm", 0, 1, G_MAXINT, 1, DEFAULT_FPS_N,
          DEFAULT_FPS_D, flags));

  /**
   * GstTvTunerNorm:std-id:
   *
   * The V4L2 standard bits of the norm (a v4l2_std_id, the V4L2_STD_*
   * values of the kernel's videodev2.h), or 0 for a device that is not a
   * V4L2 one.
   *
   * Since: 1.0
   */
  tv_tuner_install_field (gobject_class, PROP_STD_ID, FIELD (std_id),
      g_param_spec_uint64 ("std-id", "Standard ID",
          "The V4L2 standard bits of the norm", 0, G_MAXUINT64,
          DEFAULT_STD_ID, flags));
}

/* the construct-only properties set every field, to its default if
 * g_object_new() was not given it */
static void
gst_tv_tuner_norm_init (GstTvTunerNorm * self)
{
}

/**
 * gst_tv_tuner_norm_new:
 * @label: the name of the norm
 * @fps_n: the numerator of its frame rate
 * @fps_d: the denominator of its frame rate
 * @std_id: its V4L2 standard bits, or 0
 *
 * Creates a norm, for implementations of #GstTvTuner.
 *
 * Returns: (transfer full): a new #GstTvTunerNorm
 *
 * Since: 1.0
 */
GstTvTunerNorm *
gst_tv_tuner_norm_new (const gchar * label, gint fps_n, gint fps_d,
    guint64 std_id)
{
  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (fps_n >= 0, NULL);
  g_return_val_if_fail (fps_d > 0, NULL);

  /* a GstFraction property takes two ints in a varargs list */
  return g_object_new (GST_TYPE_TV_TUNER_NORM, "label", label,
      "framerate", fps_n, fps_d, "std-id", std_id, NULL);
}

/**
 * gst_tv_tuner_norm_get_label:
 * @norm: a #GstTvTunerNorm
 *
 * The norm's name, as the element's norm property takes it ("PAL",
 * "NTSC-M").
 *
 * Returns: (transfer none) (nullable): the #GstTvTunerNorm:label of @norm,
 * valid as long as @norm is
 *
 * Since: 1.0
 */
const gchar *
gst_tv_tuner_norm_get_label (GstTvTunerNorm * norm)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_NORM (norm), NULL);

  return g_value_get_string (&norm->label);
}

/**
 * gst_tv_tuner_norm_get_framerate:
 * @norm: a #GstTvTunerNorm
 * @fps_n: (out) (optional): the numerator of the frame rate
 * @fps_d: (out) (optional): the denominator of the frame rate
 *
 * Gets the #GstTvTunerNorm:framerate of @norm as two integers.
 *
 * Since: 1.0
 */
void
gst_tv_tuner_norm_get_framerate (GstTvTunerNorm * norm, gint * fps_n,
    gint * fps_d)
{
  g_return_if_fail (GST_IS_TV_TUNER_NORM (norm));

  if (fps_n)
    *fps_n = gst_value_get_fraction_numerator (&norm->framerate);
  if (fps_d)
    *fps_d = gst_value_get_fraction_denominator (&norm->framerate);
}

/**
 * gst_tv_tuner_norm_get_std_id:
 * @norm: a #GstTvTunerNorm
 *
 * The V4L2 standard bits (v4l2_std_id) the norm stands for.
 *
 * Returns: the V4L2 standard bits of @norm (#GstTvTunerNorm:std-id)
 *
 * Since: 1.0
 */
guint64
gst_tv_tuner_norm_get_std_id (GstTvTunerNorm * norm)
{
  g_return_val_if_fail (GST_IS_TV_TUNER_NORM (norm), 0);

  return g_value_get_uint64 (&norm->std_id);
}
