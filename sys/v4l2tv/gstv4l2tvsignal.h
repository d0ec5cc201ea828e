/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: what v4l2tvsrc does while its input has no signal: the input's
 * status (ENUMINPUT) watched and posted as element messages, and
 * filler frames that keep the stream at the standard's rate while the
 * card delivers nothing.
 */
#ifndef __GST_V4L2_TV_SIGNAL_H__
#define __GST_V4L2_TV_SIGNAL_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

/**
 * GstV4l2TvSignalLoss:
 * @GST_V4L2_TV_SIGNAL_LOSS_REPEAT: repeat the last frame
 * @GST_V4L2_TV_SIGNAL_LOSS_BLACK: push black frames
 * @GST_V4L2_TV_SIGNAL_LOSS_WAIT: push nothing and wait for the card
 *
 * What v4l2tvsrc pushes while the card delivers no frames.
 */
typedef enum
{
  GST_V4L2_TV_SIGNAL_LOSS_REPEAT,
  GST_V4L2_TV_SIGNAL_LOSS_BLACK,
  GST_V4L2_TV_SIGNAL_LOSS_WAIT,
} GstV4l2TvSignalLoss;

#define GST_TYPE_V4L2_TV_SIGNAL_LOSS (gst_v4l2_tv_signal_loss_get_type ())
G_GNUC_INTERNAL GType gst_v4l2_tv_signal_loss_get_type (void);

/**
 * GstV4l2TvCorruptedFrames:
 * @GST_V4L2_TV_CORRUPTED_FRAMES_MARK: push them flagged
 *   GST_BUFFER_FLAG_CORRUPTED
 * @GST_V4L2_TV_CORRUPTED_FRAMES_DROP: drop them
 *
 * What v4l2tvsrc does with a frame the card did not complete: flagged
 * V4L2_BUF_FLAG_ERROR, or shorter than a frame (bytesused).
 */
typedef enum
{
  GST_V4L2_TV_CORRUPTED_FRAMES_MARK,
  GST_V4L2_TV_CORRUPTED_FRAMES_DROP,
} GstV4l2TvCorruptedFrames;

#define GST_TYPE_V4L2_TV_CORRUPTED_FRAMES \
    (gst_v4l2_tv_corrupted_frames_get_type ())
G_GNUC_INTERNAL GType gst_v4l2_tv_corrupted_frames_get_type (void);

/* consecutive failed DQBUFs that end the capture */
#define GST_V4L2_TV_MAX_CAPTURE_ERRORS 5

typedef struct
{
  GstElement *element;          /* not reffed: it owns us */
  GstV4l2TvObject *obj;

  /* the streaming thread */
  gboolean posted;              /* a message went out since start */
  guint32 status;               /* V4L2_IN_ST_* last posted */
  gboolean gap;                 /* filler frames are going out */
  gboolean stalled;             /* a frame period went without a frame */
  GstClockTime since_poll;      /* stream time since the status was read */
  GstBuffer *last;              /* the last frame pushed */
  GstBuffer *filler;            /* what a filler frame holds, in a gap */
  GstClockTime last_pts;        /* of the last buffer pushed */
  GstClockTime wait_start;      /* no buffer yet: when the wait began */
  guint errors_in_row;
  gboolean corrupted;           /* the last frame from the card was */
  guint64 corrupted_count;      /* corrupted frames since start */
} GstV4l2TvSignal;

G_GNUC_INTERNAL
void gst_v4l2_tv_signal_init (GstV4l2TvSignal * sig, GstElement * element,
    GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_signal_reset (GstV4l2TvSignal * sig);
G_GNUC_INTERNAL void gst_v4l2_tv_signal_release (GstV4l2TvSignal * sig);

G_GNUC_INTERNAL
void gst_v4l2_tv_signal_poll (GstV4l2TvSignal * sig, GstClockTime elapsed,
    GstClockTime running_time);
G_GNUC_INTERNAL
void gst_v4l2_tv_signal_frame (GstV4l2TvSignal * sig, GstBuffer * buf,
    gboolean keep);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_signal_has_picture (GstV4l2TvSignal * sig);
G_GNUC_INTERNAL
void gst_v4l2_tv_signal_corrupted (GstV4l2TvSignal * sig, gboolean corrupted,
    GstClockTime running_time);
G_GNUC_INTERNAL
GstBuffer *gst_v4l2_tv_signal_make_filler (GstV4l2TvSignal * sig,
    GstV4l2TvSignalLoss mode, GstCaps * caps, GstClockTime pts,
    GstClockTime duration);

G_END_DECLS

#endif /* __GST_V4L2_TV_SIGNAL_H__ */
