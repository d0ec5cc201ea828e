/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: element registration declarations and the once-only init
 * shared by every element of the plugin.
 */
#ifndef __GST_V4L2_TV_ELEMENTS_H__
#define __GST_V4L2_TV_ELEMENTS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void v4l2_tv_element_init (GstPlugin * plugin);

GST_ELEMENT_REGISTER_DECLARE (v4l2tvsrc);
GST_ELEMENT_REGISTER_DECLARE (v4l2tvsink);

G_END_DECLS

#endif /* __GST_V4L2_TV_ELEMENTS_H__ */
