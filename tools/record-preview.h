/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record --preview: the picture being recorded on screen, in a
 * pipeline of its own that the recording never waits for.
 */
#ifndef __V4L2TV_RECORD_PREVIEW_H__
#define __V4L2TV_RECORD_PREVIEW_H__

#include <stdio.h>
#include <gst/gst.h>

G_BEGIN_DECLS typedef struct _V4l2TvPreview V4l2TvPreview;

/* a preview showing through @sink (a gst-launch description; NULL: the
 * first of the display's sinks, xvimagesink, ..., that opens it), its
 * notes on @out; NULL and a note on @out when there is no display or the
 * sink cannot start: the recording goes on without */
V4l2TvPreview *v4l2tv_preview_new (const gchar * sink, FILE * out);
/* ends the preview: its helper's last notes are out when it returns */
void v4l2tv_preview_close (V4l2TvPreview * p);
void v4l2tv_preview_free (V4l2TvPreview * p);
/* a frame to show, with its caps, from the video streaming thread: never
 * blocks, the preview drops what it has no time for */
void v4l2tv_preview_push (V4l2TvPreview * p, GstCaps * caps, GstBuffer * buf);
/* the line over the picture (time, sound level), main context */
void v4l2tv_preview_set_text (V4l2TvPreview * p, const gchar * text);
/* frames handed to the preview, and those that reached its sink (as the
 * helper says at its end: after v4l2tv_preview_close) */
void v4l2tv_preview_get_counts (V4l2TvPreview * p, guint64 * pushed,
    guint64 * shown);

/* v4l2tv-record --preview-helper [--preview-sink SINK]: the preview's
 * own process, reading the socket on stdin; its notes and its count of
 * frames shown on stdout; returns the exit status */
gint v4l2tv_preview_helper_main (const gchar * sink);

G_END_DECLS
#endif /* __V4L2TV_RECORD_PREVIEW_H__ */
