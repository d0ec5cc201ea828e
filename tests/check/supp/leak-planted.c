/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program with a leak of ours, for check-valgrind-supp: it grows GLib's
 * quark table past three blocks (which GLib drops on purpose, suppressed
 * by gst-plugins-tv.supp), then leaks one GstCaps. Under the valgrind
 * setup's options the caps must still be reported.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#include <gst/gst.h>

/* out of line, so that its name is in the leak's stack */
static G_GNUC_NO_INLINE void
plant_leak (void)
{
  GstCaps *leaked = gst_caps_from_string ("video/x-raw, format=I420");

  GST_LOG ("planted leak %p", leaked);
}

int
main (int argc, char **argv)
{
  guint i;

  gst_init (&argc, &argv);
  for (i = 0; i < 3 * 2048; i++) {
    gchar name[32];

    g_snprintf (name, sizeof (name), "v4l2tv-supp-check-%u", i);
    g_quark_from_string (name);
  }
  plant_leak ();

  return 0;
}
