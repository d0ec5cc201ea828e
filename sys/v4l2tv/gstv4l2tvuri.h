/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstURIHandler of v4l2tvsrc and v4l2tvsink (protocol
 * "v4l2tv"), one implementation for both, working through the elements'
 * device, input/output and norm properties.
 */
#ifndef __GST_V4L2_TV_URI_H__
#define __GST_V4L2_TV_URI_H__

#include <gst/gst.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL
void gst_v4l2_tv_src_uri_handler_init (gpointer g_iface, gpointer iface_data);
G_GNUC_INTERNAL
void gst_v4l2_tv_sink_uri_handler_init (gpointer g_iface, gpointer iface_data);

G_END_DECLS

#endif /* __GST_V4L2_TV_URI_H__ */
