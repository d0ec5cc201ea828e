/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: registration declarations of the elements and the device
 * provider, and the once-only init they share.
 */
#ifndef __GST_V4L2_TV_ELEMENTS_H__
#define __GST_V4L2_TV_ELEMENTS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void v4l2_tv_element_init (GstPlugin * plugin);

GST_ELEMENT_REGISTER_DECLARE (v4l2tvsrc);
GST_ELEMENT_REGISTER_DECLARE (v4l2tvsink);
GST_ELEMENT_REGISTER_DECLARE (v4l2tvaudiosrc);
GST_DEVICE_PROVIDER_REGISTER_DECLARE (v4l2tvdeviceprovider);

G_END_DECLS

#endif /* __GST_V4L2_TV_ELEMENTS_H__ */
