/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the streaming error policy v4l2tvsrc and v4l2tvsink share (see
 * gstv4l2tvfault.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "gstv4l2tvfault.h"
#include "hw/tvhw.h"

GstV4l2TvIoVerdict
gst_v4l2_tv_io_error (guint * in_row, const GError * err)
{
  if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_IO))
    return GST_V4L2_TV_IO_FATAL;
  if (++*in_row >= GST_V4L2_TV_MAX_IO_ERRORS)
    return GST_V4L2_TV_IO_TOO_MANY;
  return GST_V4L2_TV_IO_TRANSIENT;
}

gboolean
gst_v4l2_tv_post_disconnected (GstElement * element, const gchar * location,
    const GError * err)
{
  if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_DISCONNECTED))
    return FALSE;
  GST_ELEMENT_ERROR (element, RESOURCE, NOT_FOUND,
      (_("Device '%s' was disconnected."), location), ("%s", err->message));
  return TRUE;
}
