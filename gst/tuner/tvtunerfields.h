/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: properties kept in GValue fields of
 * the instance (private, not installed)
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __TV_TUNER_FIELDS_H__
#define __TV_TUNER_FIELDS_H__

#include <gst/tuner/tuner-prelude.h>

G_BEGIN_DECLS

/* GstTvTunerChannel and GstTvTunerNorm are records: each property is
 * construct-only and kept in a GValue field of the instance, which a
 * getter reads. Rather than a set_property and get_property switch and a
 * finalize in each class, a class installs its properties with the offsets
 * of their fields and one implementation serves them all. */

/* the flags of every such property */
#define TV_TUNER_FIELD_PARAM_FLAGS \
    (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS)

/* sets the finalize, set_property and get_property of @klass, a final type
 * whose properties are all installed with tv_tuner_install_field() */
G_GNUC_INTERNAL
void tv_tuner_fields_class_init (GObjectClass * klass);

/* installs @pspec as property @prop_id of @klass, kept in the GValue at
 * @offset of the instance struct (G_STRUCT_OFFSET) */
G_GNUC_INTERNAL
void tv_tuner_install_field (GObjectClass * klass, guint prop_id,
    gsize offset, GParamSpec * pspec);

G_END_DECLS

#endif /* __TV_TUNER_FIELDS_H__ */
