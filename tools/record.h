/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record: the recorder behind the command-line program, as a small
 * static library that the program and its tests share (the tests run it
 * in-process, next to the virtual card's test API).
 */
#ifndef __V4L2TV_RECORD_H__
#define __V4L2TV_RECORD_H__

#include <stdio.h>
#include <gst/gst.h>

G_BEGIN_DECLS
#define V4L2TV_RECORD_ERROR (v4l2tv_record_error_quark ())
    GQuark v4l2tv_record_error_quark (void);

typedef enum
{
  V4L2TV_RECORD_ERROR_ARGS,     /* a bad argument */
  V4L2TV_RECORD_ERROR_MISSING,  /* an element (plugin) is not installed */
  V4L2TV_RECORD_ERROR_DEVICE,   /* the device refused to open or start */
  V4L2TV_RECORD_ERROR_UNSUPPORTED,      /* asked for what cannot be done */
  V4L2TV_RECORD_ERROR_FAILED,   /* the recording failed while running */
} V4l2TvRecordError;

typedef struct
{
  gchar *device;                /* default "/dev/video0" */
  gchar *input;                 /* NULL: the card's */
  gchar *norm;                  /* NULL: the card's; "auto" */
  gchar *audio;                 /* "auto" (default), "none", "test", ALSA */
  GstClockTime duration;        /* GST_CLOCK_TIME_NONE: until stopped */
  gchar *captions;              /* an SCC file (FILE.scc), or NULL */
  gchar *preset;                /* "archive" (default) or "small" */
  gchar *output;                /* FILE.mkv */
  gboolean overwrite;           /* replace an existing output or captions
                                 * file (and its numbered ones) */
  /* v4l2tvsrc's settings from the command line, each "property=value"
   * (signal-loss=black, crop-top=8, extra-controls=c,hue=5, ...), set on
   * the source of every file; NULL-terminated, or NULL. A wrong property
   * or value is refused by v4l2tv_record_new(), naming the option
   * (--property) and what it takes */
  gchar **source_settings;
  gchar *aspect;                /* "4:3" or "16:9": the standard's pixel
                                 * aspect for it, whatever WSS says; NULL:
                                 * the card's and WSS's */
  gboolean preview;             /* the picture on screen while recording,
                                 * through a leaky branch */
  gchar *preview_sink;          /* the preview's sink as a gst-launch
                                 * description; NULL: the display's (X11 or
                                 * Wayland) own sink */
  /* for tests: pretend the output's filesystem has this many bytes free
   * when the run starts (less what the run writes); 0: what it has */
  guint64 free_space;
  /* for tests: the worst-case bytes a second of the preset (the free
   * space needed: a minute of it to start, some seconds of it kept in
   * reserve while recording); 0: the preset's own estimate */
  guint64 worst_rate;
} V4l2TvRecordOptions;

typedef struct _V4l2TvRecord V4l2TvRecord;

/* called after each progress line (once a second), in the main context */
typedef void (*V4l2TvRecordTickFunc) (V4l2TvRecord * rec, gpointer user_data);

/* checks the options and that every element needed is installed */
V4l2TvRecord *v4l2tv_record_new (const V4l2TvRecordOptions * opts,
    FILE * out, GError ** error);
void v4l2tv_record_free (V4l2TvRecord * rec);
/* records until EOS (v4l2tv_record_stop, --duration) or an error; runs a
 * main loop on the thread-default context */
gboolean v4l2tv_record_run (V4l2TvRecord * rec, GError ** error);
/* ends the recording cleanly: EOS, the file is finalised; any thread */
void v4l2tv_record_stop (V4l2TvRecord * rec);
/* a second interrupt: stop now, the file may be unfinished */
void v4l2tv_record_abort (V4l2TvRecord * rec);
void v4l2tv_record_set_tick (V4l2TvRecord * rec, V4l2TvRecordTickFunc func,
    gpointer user_data);
/* whether the card's sound is resampled onto the picture's clock (TRUE,
 * the default; FALSE for tests that show the drift); before run */
void v4l2tv_record_set_audio_drift_correction (V4l2TvRecord * rec,
    gboolean enabled);

/* the current segment's v4l2tvsrc (a new one after a norm change), or
 * NULL; a new reference */
GstElement *v4l2tv_record_get_source (V4l2TvRecord * rec);
/* the input's status from the source's last v4l2tv-signal message: "ok",
 * "no-signal", ... */
const gchar *v4l2tv_record_get_signal (V4l2TvRecord * rec);
/* video frames that reached the muxer (what the files hold) so far */
guint64 v4l2tv_record_get_frames (V4l2TvRecord * rec);
/* --captions: the video frames whose field 1 carried a caption pair (not
 * a null pair), and the SCC files kept (those that received captions;
 * one per video file, FILE.scc, FILE-2.scc, ...) */
guint64 v4l2tv_record_get_captions (V4l2TvRecord * rec);
guint v4l2tv_record_get_n_caption_files (V4l2TvRecord * rec);
const gchar *v4l2tv_record_get_caption_file (V4l2TvRecord * rec, guint i);
/* the files written (one more after each norm change); a file that
 * holds no frame is removed at its end and not listed */
guint v4l2tv_record_get_n_files (V4l2TvRecord * rec);
const gchar *v4l2tv_record_get_file (V4l2TvRecord * rec, guint i);
/* --preview: the frames handed to the preview and those that reached its
 * sink (while recording, as far as its helper has told); FALSE when there
 * is no preview (no display, it did not start) */
gboolean v4l2tv_record_get_preview_counts (V4l2TvRecord * rec,
    guint64 * pushed, guint64 * shown);
/* the Debian package that has @element_name, or NULL */
const gchar *v4l2tv_record_package_of (const gchar * element_name);
/* "1:30", "90", "90s", "10m", "2h", "1:00:00.5" -> time */
gboolean v4l2tv_record_parse_duration (const gchar * str, GstClockTime * time);

G_END_DECLS
#endif /* __V4L2TV_RECORD_H__ */
