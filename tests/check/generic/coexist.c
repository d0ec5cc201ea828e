/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Our plugin and gst-plugins-good's video4linux2 plugin are installed side
 * by side on every real system, and gst-inspect-1.0 or an application
 * loads both into one process. A GType name registered by both (an enum
 * such as GstV4l2TvNorm, an interface such as GstTuner) makes GLib warn
 * "cannot register existing type" and leaves one plugin broken. This suite
 * loads both and fails on any GLib warning or critical (gst-check makes
 * them fatal).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>

/* every element of a plugin, with every property's default read, so that
 * each class and the types of its properties are registered */
static guint
instantiate_plugin (const gchar * plugin_name)
{
  GstRegistry *registry = gst_registry_get ();
  GList *features, *l;
  guint n = 0;

  features = gst_registry_get_feature_list_by_plugin (registry, plugin_name);
  for (l = features; l; l = l->next) {
    GstPluginFeature *f = l->data;
    GstElement *e;
    GParamSpec **props;
    guint n_props, i;

    if (!GST_IS_ELEMENT_FACTORY (f))
      continue;
    e = gst_element_factory_create (GST_ELEMENT_FACTORY (f), NULL);
    fail_unless (e != NULL, "could not create %s from %s",
        gst_plugin_feature_get_name (f), plugin_name);
    props = g_object_class_list_properties (G_OBJECT_GET_CLASS (e),
        &n_props);
    for (i = 0; i < n_props; i++) {
      GValue v = G_VALUE_INIT;

      if (!(props[i]->flags & G_PARAM_READABLE))
        continue;
      g_value_init (&v, props[i]->value_type);
      g_object_get_property (G_OBJECT (e), props[i]->name, &v);
      g_value_unset (&v);
    }
    g_free (props);
    gst_object_unref (e);
    n++;
  }
  gst_plugin_feature_list_free (features);
  return n;
}

static void
check_both (const gchar * first, const gchar * second)
{
  GstPlugin *a, *b;

  a = gst_registry_find_plugin (gst_registry_get (), first);
  b = gst_registry_find_plugin (gst_registry_get (), second);
  fail_unless (a != NULL, "plugin %s is not installed", first);
  fail_unless (b != NULL, "plugin %s is not installed", second);
  gst_object_unref (a);
  gst_object_unref (b);

  fail_unless (instantiate_plugin (first) > 0);
  fail_unless (instantiate_plugin (second) > 0);
}

GST_START_TEST (test_good_first)
{
  check_both ("video4linux2", "v4l2tv");
}

GST_END_TEST;

GST_START_TEST (test_ours_first)
{
  check_both ("v4l2tv", "video4linux2");
}

GST_END_TEST;

GST_START_TEST (test_type_names)
{
  GstElement *ours, *good;

  good = gst_element_factory_make ("v4l2src", NULL);
  ours = gst_element_factory_make ("v4l2tvsrc", NULL);
  fail_unless (good != NULL && ours != NULL);

  /* the two elements' norm enums are different types */
  {
    GParamSpec *gn = g_object_class_find_property (G_OBJECT_GET_CLASS (good),
        "norm");
    GParamSpec *on = g_object_class_find_property (G_OBJECT_GET_CLASS (ours),
        "norm");

    fail_unless (gn != NULL && on != NULL);
    fail_if (gn->value_type == on->value_type);
  }
  fail_if (G_OBJECT_TYPE (good) == G_OBJECT_TYPE (ours));

  gst_object_unref (ours);
  gst_object_unref (good);
}

GST_END_TEST;

static Suite *
coexist_suite (void)
{
  Suite *s = suite_create ("coexist");
  TCase *tc;

  /* each test runs in its own forked process, so each loads the plugins
   * in its own order */
  tc = tcase_create ("general");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_good_first);
  tcase_add_test (tc, test_ours_first);
  tcase_add_test (tc, test_type_names);

  return s;
}

GST_CHECK_MAIN (coexist);
