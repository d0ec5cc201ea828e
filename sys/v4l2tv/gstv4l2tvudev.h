/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: what udev knows of the cards (libgudev): the video4linux nodes,
 * each card's ALSA capture device, and cards plugged in and out. Reads
 * sysfs only; never talks to a device (that is the hardware layer's job).
 * Built without libgudev, it knows nothing: no nodes, no sound devices, no
 * hotplug, and the device provider probes /dev instead.
 */
#ifndef __GST_V4L2_TV_UDEV_H__
#define __GST_V4L2_TV_UDEV_H__

#include <glib.h>

G_BEGIN_DECLS

gboolean gst_v4l2_tv_udev_is_active (void);

GPtrArray *gst_v4l2_tv_udev_list_nodes (void);

gchar *gst_v4l2_tv_udev_find_audio_device (const gchar * node);

/**
 * GstV4l2TvUdevFunc:
 * @node: the device file, "/dev/videoN"
 * @added: %TRUE when it was plugged in, %FALSE when it went away
 * @user_data: what gst_v4l2_tv_udev_monitor_new() was given
 *
 * Called from the monitor's own thread.
 */
typedef void (*GstV4l2TvUdevFunc) (const gchar * node, gboolean added,
    gpointer user_data);

typedef struct _GstV4l2TvUdevMonitor GstV4l2TvUdevMonitor;

GstV4l2TvUdevMonitor *gst_v4l2_tv_udev_monitor_new (GstV4l2TvUdevFunc func,
    gpointer user_data);
void gst_v4l2_tv_udev_monitor_free (GstV4l2TvUdevMonitor * monitor);

G_END_DECLS
#endif /* __GST_V4L2_TV_UDEV_H__ */
