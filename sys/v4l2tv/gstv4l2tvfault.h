/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: what v4l2tvsrc and v4l2tvsink do when the device fails while
 * streaming, one policy for both: a disconnected device is an error that
 * says so; a transient I/O error (EIO from the driver) is a lost frame,
 * and GST_V4L2_TV_MAX_IO_ERRORS of them in a row are an error.
 */
#ifndef __GST_V4L2_TV_FAULT_H__
#define __GST_V4L2_TV_FAULT_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* consecutive transient I/O errors that end streaming */
#define GST_V4L2_TV_MAX_IO_ERRORS 5

/**
 * GstV4l2TvIoVerdict:
 * @GST_V4L2_TV_IO_FATAL: not a transient error: the caller posts its error
 * @GST_V4L2_TV_IO_TRANSIENT: a transient error, counted: a frame is lost,
 *   streaming goes on
 * @GST_V4L2_TV_IO_TOO_MANY: the GST_V4L2_TV_MAX_IO_ERRORS-th transient
 *   error in a row: the caller posts its error
 */
typedef enum
{
  GST_V4L2_TV_IO_FATAL,
  GST_V4L2_TV_IO_TRANSIENT,
  GST_V4L2_TV_IO_TOO_MANY,
} GstV4l2TvIoVerdict;

/* judges @err from a streaming call; @in_row counts the transient errors
 * since the last call that worked (set it to 0 then) */
G_GNUC_INTERNAL
GstV4l2TvIoVerdict gst_v4l2_tv_io_error (guint * in_row, const GError * err);

/* when @err says the device went away (GST_TV_HW_ERROR_DISCONNECTED):
 * posts "Device '@location' was disconnected." (RESOURCE NOT_FOUND) on
 * @element and returns TRUE; otherwise posts nothing and returns FALSE */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_post_disconnected (GstElement * element,
    const gchar * location, const GError * err);

G_END_DECLS

#endif /* __GST_V4L2_TV_FAULT_H__ */
