/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the device provider that lists analog TV capture and output
 * nodes (and the virtual TV cards) for GstDeviceMonitor.
 */
#ifndef __GST_V4L2_TV_DEVICE_PROVIDER_H__
#define __GST_V4L2_TV_DEVICE_PROVIDER_H__

#include <gst/gst.h>

G_BEGIN_DECLS
#define GST_TYPE_V4L2_TV_DEVICE_PROVIDER \
    (gst_v4l2_tv_device_provider_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvDeviceProvider, gst_v4l2_tv_device_provider,
    GST, V4L2_TV_DEVICE_PROVIDER, GstDeviceProvider)
#define GST_TYPE_V4L2_TV_DEVICE (gst_v4l2_tv_device_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvDevice, gst_v4l2_tv_device, GST,
    V4L2_TV_DEVICE, GstDevice)
    G_END_DECLS
#endif                          /* __GST_V4L2_TV_DEVICE_PROVIDER_H__ */
