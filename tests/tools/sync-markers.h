/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The virtual card's sync markers (hw/tvhw-virtual.h, "Sound": a white
 * frame and a beep starting with it, about once a second) found again in
 * what a pipeline made: in a written file (sync_markers_read_file) or in
 * buffers fed one by one (sync_markers_add_frame, _add_sound). Shared by
 * the recorder's sync test and the drift benchmark.
 */
#ifndef __SYNC_MARKERS_H__
#define __SYNC_MARKERS_H__

#include <gst/gst.h>

G_BEGIN_DECLS typedef struct
{
  /* the video: frames, the first one's time, the largest distance of a
   * frame from its place on the grid first + i x period */
  guint64 frames;
  GstClockTime first_pts;
  GstClockTime period;
  GstClockTimeDiff worst_grid;
  /* the flash frames' times, the beeps' onsets */
  GArray *flashes;              /* GstClockTime */
  GArray *beeps;                /* GstClockTime */
  /* the sound: samples, the first one's time, the largest distance of a
   * buffer from where the samples before it put it */
  guint64 samples;
  GstClockTime sound_pts;
  GstClockTimeDiff worst_sound_gap;
  /* the jump from the first buffer to the second, which is not counted
   * in worst_sound_gap: a decoder may stamp its first buffer a few ms
   * off (Opus's pre-skip comes out as 7 ms in a Matroska file) */
  GstClockTimeDiff first_sound_jump;
  /* a sample's time is that of the buffer the last jump came with (or
   * the first), plus the samples since: the count, not the rounded
   * timestamps, but a hole moves what follows */
  guint64 sound_buffers;
  GstClockTime anchor_pts;
  guint64 anchor_samples;
  GstClockTime last_loud;       /* of the last loud sample, or NONE */
} SyncMarkers;

void sync_markers_init (SyncMarkers * m, GstClockTime period);
void sync_markers_clear (SyncMarkers * m);
/* a video frame at @pts whose luma plane (8 bits) is @luma, @stride bytes
 * a line, @step bytes between samples */
void sync_markers_add_frame (SyncMarkers * m, GstClockTime pts,
    const guint8 * luma, guint width, guint height, guint stride, guint step);
/* @n frames of S16 sound (@channels interleaved) starting at @pts */
void sync_markers_add_sound (SyncMarkers * m, GstClockTime pts,
    const gint16 * samples, guint n, guint channels);
/* decodes @file (any container and codecs GStreamer reads) and adds all
 * its frames and sound; FALSE with @error when it cannot */
gboolean sync_markers_read_file (SyncMarkers * m, const gchar * file,
    GError ** error);
/* each flash where both picture and sound were recorded (a period in
 * from either end) paired with the beep nearest it: the number of pairs,
 * the largest |beep - flash| (and its sign in @worst), and the offset of
 * the first and the last pair; FALSE when a marker has no partner (a beep
 * two periods in from either end that no flash took, or no beep at all) */
gboolean sync_markers_pair (SyncMarkers * m, guint * pairs,
    GstClockTimeDiff * worst, GstClockTimeDiff * first,
    GstClockTimeDiff * last);
/* the time of the sound's end: after its last jump, by the samples since
 * (a decoder may stamp the first buffer off: Opus) */
GstClockTime sync_markers_sound_end (SyncMarkers * m);
/* where the picture and the sound of @m lie, the pairs, and the beeps
 * without a flash (free the text) */
gchar *sync_markers_describe (SyncMarkers * m);

G_END_DECLS
#endif /* __SYNC_MARKERS_H__ */
