/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: text from outside (URIs, property values) made safe to quote in
 * messages.
 */
#ifndef __V4L2TV_TEXT_H__
#define __V4L2TV_TEXT_H__

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL
gchar *gst_v4l2_tv_printable (const gchar * str);

G_END_DECLS

#endif /* __V4L2TV_TEXT_H__ */
