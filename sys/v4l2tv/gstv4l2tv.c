/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: analog TV capture and output for Video4Linux2 cards.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/gst.h>

#include "gstv4l2tvelements.h"

static gboolean
plugin_init (GstPlugin * plugin)
{
  gboolean ret = FALSE;

  /* rescan the plugin when video nodes come and go, as sys/v4l2 does */
  gst_plugin_add_dependency_simple (plugin, NULL, "/dev", "video",
      GST_PLUGIN_DEPENDENCY_FLAG_FILE_NAME_IS_PREFIX);

  ret |= GST_ELEMENT_REGISTER (v4l2tvsrc, plugin);
  ret |= GST_ELEMENT_REGISTER (v4l2tvsink, plugin);
  ret |= GST_ELEMENT_REGISTER (v4l2tvaudiosrc, plugin);
  ret |= GST_DEVICE_PROVIDER_REGISTER (v4l2tvdeviceprovider, plugin);

  return ret;
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR,
    GST_VERSION_MINOR,
    v4l2tv,
    "Analog TV (NTSC, PAL, SECAM) capture and output for Video4Linux2 cards",
    plugin_init, VERSION, GST_LICENSE, GST_PACKAGE_NAME, GST_PACKAGE_ORIGIN)
