/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the objects and lists the elements hand to applications without
 * a reference, kept for the element's lifetime.
 *
 * GstTvTuner and GstColorBalance return their lists (and the channels and
 * norms in them) as transfer none, so an application cannot take a
 * reference before another thread may free them: a state change to NULL
 * in between, or an input switch, would leave it reading freed memory.
 * gst-plugins-good's v4l2 elements free theirs when the device closes and
 * leave it to the application not to race a state change; here nothing
 * handed out is ever freed or changed while the element lives. A list or
 * object is only replaced: the element builds a new one and keeps the old
 * one until it is finalized.
 *
 * So that an element taken through NULL and READY again and again does
 * not keep a new set each time, an object that says the same as one kept
 * (same label, range, ...: the caller's GstV4l2TvKeptSameFunc) is the kept
 * one, and a list with the same objects in the same order is the kept
 * list. What is kept is then bounded by what the cards the element opened
 * had, not by how often it opened them.
 *
 * A GstV4l2TvKept has no lock of its own: its users call it with their
 * device lock. The lists and objects it returns are read without any.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "v4l2tv-kept.h"

struct _GstV4l2TvKept
{
  GPtrArray *objects;           /* owned references */
  GPtrArray *lists;             /* GList *, the containers owned */
};

GstV4l2TvKept *
gst_v4l2_tv_kept_new (void)
{
  GstV4l2TvKept *kept = g_new0 (GstV4l2TvKept, 1);

  kept->objects = g_ptr_array_new_with_free_func (g_object_unref);
  kept->lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_list_free);
  return kept;
}

void
gst_v4l2_tv_kept_free (GstV4l2TvKept * kept)
{
  if (kept == NULL)
    return;
  /* the lists first: they point at the objects */
  g_ptr_array_unref (kept->lists);
  g_ptr_array_unref (kept->objects);
  g_free (kept);
}

/*
 * Takes @object (a new one, with a reference the caller gives up) and
 * returns the object to hand out for it: a kept one that is the same by
 * @same (@object is then released), or @object, kept from now on. The
 * returned object lives as long as @kept; no reference is returned.
 */
gpointer
gst_v4l2_tv_kept_object (GstV4l2TvKept * kept, gpointer object,
    GstV4l2TvKeptSameFunc same)
{
  guint i;

  for (i = 0; i < kept->objects->len; i++) {
    gpointer old = g_ptr_array_index (kept->objects, i);

    if (G_OBJECT_TYPE (old) == G_OBJECT_TYPE (object) && same (old, object)) {
      g_object_unref (object);
      return old;
    }
  }
  g_ptr_array_add (kept->objects, object);
  return object;
}

/* whether @object is one that @kept keeps (one this element handed out) */
gboolean
gst_v4l2_tv_kept_has (GstV4l2TvKept * kept, gpointer object)
{
  return object != NULL && g_ptr_array_find (kept->objects, object, NULL);
}

static gboolean
same_list (const GList * a, const GList * b)
{
  for (; a && b; a = a->next, b = b->next)
    if (a->data != b->data)
      return FALSE;
  return a == NULL && b == NULL;
}

/*
 * Takes @list (a new list of kept objects; its container, which the
 * caller gives up) and returns the list to hand out: a kept one with the
 * same objects in the same order (@list is then freed), or @list, kept
 * from now on and never changed. NULL for an empty list.
 */
const GList *
gst_v4l2_tv_kept_list (GstV4l2TvKept * kept, GList * list)
{
  guint i;

  if (list == NULL)
    return NULL;
  for (i = 0; i < kept->lists->len; i++) {
    const GList *old = g_ptr_array_index (kept->lists, i);

    if (same_list (old, list)) {
      g_list_free (list);
      return old;
    }
  }
  g_ptr_array_add (kept->lists, list);
  return list;
}
