/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: once-only initialisation shared by the elements (debug
 * categories, translations). Each element's GST_ELEMENT_REGISTER_DEFINE
 * calls v4l2_tv_element_init(), so it runs whether the elements are
 * registered by the plugin or in-process by a unit test.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "gstv4l2tvelements.h"

/* the shared object's category ("v4l2tv"); declared extern where used */
GST_DEBUG_CATEGORY (gst_v4l2_tv_debug);

void
v4l2_tv_element_init (GstPlugin * plugin)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (gst_v4l2_tv_debug, "v4l2tv", 0,
        "analog TV device handling shared by v4l2tvsrc and v4l2tvsink");
#ifdef ENABLE_NLS
    bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
    bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
#endif
    g_once_init_leave (&done, 1);
  }
}
