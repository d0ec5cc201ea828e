/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record: what makes a recorded file a preservation master
 * (record-archive.c). One V4l2TvArchive goes with each Matroska file the
 * recorder writes (FILE.mkv, FILE-2.mkv, ...):
 *
 *   - FILE.log, the capture log: the card, its settings, the encoders,
 *     the software and every event of the recording (drops, gaps, signal
 *     lost and back, corrupted frames, norm and aspect changes,
 *     disconnects, sound dropouts, the file's end) with its file time and
 *     frame number; attached to the Matroska file when it is finished;
 *   - FILE.framemd5 (lossless presets): the MD5 of each video frame as it
 *     went into the encoder, in FFmpeg's framemd5 format, equal to what
 *     `ffmpeg -i FILE.mkv -map 0:v -fflags +bitexact -f framemd5 -` gives
 *     for the finished file;
 *   - after the file is finalised (in a thread of its own, so that a new
 *     file starts at once): mkvpropedit writes what GStreamer 1.22's
 *     matroskamux cannot (FieldOrder, the standard's colour elements, the
 *     exact pixel aspect through the display size) and attaches FILE.log;
 *     then FILE.md5, the MD5 of the whole file in md5sum's format.
 *
 * Every sidecar is created with O_EXCL: an existing file is never
 * overwritten.
 */
#ifndef __V4L2TV_RECORD_ARCHIVE_H__
#define __V4L2TV_RECORD_ARCHIVE_H__

#include <stdio.h>
#include <gst/gst.h>

G_BEGIN_DECLS typedef struct _V4l2TvArchive V4l2TvArchive;

/* the sidecar of @file with @ext instead of its extension ("log",
 * "framemd5", "md5"): tape.mkv -> tape.log */
gchar *v4l2tv_archive_sidecar (const gchar * file, const gchar * ext);

/* creates @file's capture log (and its framemd5 file when @framemd5),
 * with O_EXCL; NULL with an error naming the file when one cannot be
 * created (it exists already and @overwrite is not given, it is not a
 * regular file, a directory is missing, ...). With @overwrite, an
 * existing regular sidecar (log, framemd5, md5) is removed first. @out:
 * where the post-processing reports (stdout) */
V4l2TvArchive *v4l2tv_archive_new (const gchar * file, gboolean framemd5,
    gboolean overwrite, FILE * out, GError ** error);

/* the log's header, once the source has the device open (READY): the
 * card and its settings from @src, the encoders' settings, the sound
 * (@sound: an ALSA device, "test tone" or NULL), @norm the standard
 * asked for (NULL: the card's), @previous the file this one continues
 * (NULL for the first) */
void v4l2tv_archive_describe (V4l2TvArchive * a, GstElement * src,
    const gchar * norm, const gchar * preset, GstElement * venc,
    GstElement * aenc, const gchar * sound, const gchar * previous);

/* a line in the log's events at the file's current end (after the last
 * frame), from any thread */
void
v4l2tv_archive_note (V4l2TvArchive * a, const gchar * format, ...)
G_GNUC_PRINTF (2, 3);

/* the video streaming thread, for each frame at the encoder's input
 * (@pad: a pad it passes, with its caps and segment): the file's clock
 * starts at the first frame; the frame's MD5 goes to the framemd5 file */
     void v4l2tv_archive_video (V4l2TvArchive * a, GstPad * pad,
    GstBuffer * buf);

/* the file's length from its first frame (the rest of --duration), set
 * before it starts; the sound past it is cut */
     void v4l2tv_archive_set_length (V4l2TvArchive * a, GstClockTime length);

/* the file ends at running time @rt (its picture ended there: a split),
 * if that is sooner than its length; FALSE before its first frame */
     gboolean v4l2tv_archive_end_at (V4l2TvArchive * a, GstClockTime rt);

/* the sound's streaming thread, for each buffer before the encoder
 * (@pad: a pad it passes, with its caps and segment; @buf taken): the
 * part of @buf that goes into the file, or NULL for none. The sound
 * starts with the file's first video frame, to the sample, and ends at
 * its length when it has one (@ended: TRUE from the buffer that reaches
 * it on); a discontinuity (samples lost) is logged */
     GstBuffer *v4l2tv_archive_audio (V4l2TvArchive * a, GstPad * pad,
    GstBuffer * buf, gboolean * ended);

/* a message from the segment's bus (main thread): the source's events
 * (v4l2tv-signal, v4l2tv-norm-detected, v4l2tv-wss, v4l2tv-disconnected,
 * v4l2tv-reconnected, QoS for dropped and corrupted frames), warnings and
 * errors go into the log */
     void v4l2tv_archive_message (V4l2TvArchive * a, GstMessage * msg);

/* the file is finished and closed (its pipeline is down): the log and
 * the framemd5 file are completed and closed, @why says how it ended
 * ("stopped", "the standard changed: continues in FILE-2.mkv", ...), and
 * the post-processing of the file starts in a thread: mkvpropedit only
 * when @finalised (a file that is not, its muxer stopped by an error, is
 * left as written), the checksum always */
     void v4l2tv_archive_finish (V4l2TvArchive * a, const gchar * why,
    gboolean finalised);

/* the file holds no frame and was removed: so are its sidecars */
     void v4l2tv_archive_discard (V4l2TvArchive * a);

/* waits for the post-processing; FALSE when a part of it failed (said on
 * stderr) */
     gboolean v4l2tv_archive_wait (V4l2TvArchive * a);

/* waits too */
     void v4l2tv_archive_free (V4l2TvArchive * a);

G_END_DECLS
#endif /* __V4L2TV_RECORD_ARCHIVE_H__ */
