/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the hardware layer's unit tests (tvhw.c,
 * tvhw-streaming.c, tvhw-output.c, tvhw-controls.c): opening and
 * resetting virtual cards, settings, MMAP streams on either node, frame
 * helpers and the fixture that shuts the virtual cards down after each
 * test. They fail the current check on error, as gst-check's assertions
 * do.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __TVHW_COMMON_H__
#define __TVHW_COMMON_H__

#include <gst/check/gstcheck.h>

#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"

G_BEGIN_DECLS

#define WIDTH 720
#define STRIDE (WIDTH * 2)
#define MARK_COLUMNS 80         /* the generator's marks band */
#define LONG_WAIT_NS (5 * GST_SECOND)

#define assert_tvhw_error(err, expected) G_STMT_START {                   \
  fail_unless ((err) != NULL, "expected error %d, got none", (expected)); \
  fail_unless_equals_int ((err)->domain == GST_TV_HW_ERROR, TRUE);        \
  fail_unless ((err)->code == (expected), "expected error %d, got %d: %s",\
      (expected), (err)->code, (err)->message);                           \
  g_clear_error (&(err));                                                 \
} G_STMT_END

/* a stream of @count MMAP buffers, all mapped */
typedef struct
{
  GstTvHwDevice *dev;
  guint32 n;
  gpointer data[32];
  gsize size[32];
} Stream;

typedef struct
{
  GstTvHwDevice *dev;
  gboolean ret;
  GError *err;
} WaitData;

#define FRAME_625 (STRIDE * 576)
#define FRAME_525 (STRIDE * 480)

/* the kernel's standards with their names, frame periods and lines */
typedef struct
{
  v4l2_std_id id;
  const gchar *name;
  guint num, den, lines;
} TvHwTestStd;

extern const TvHwTestStd all_stds[21];

GstTvHwVirtualCard *fresh_card (guint n);
GstTvHwDevice *open_card (const gchar * location);
void set_std (GstTvHwDevice * dev, v4l2_std_id std);
v4l2_std_id get_std (GstTvHwDevice * dev);
void set_input (GstTvHwDevice * dev, guint32 index);
guint32 get_input (GstTvHwDevice * dev);
void get_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt);
void set_pixelformat (GstTvHwDevice * dev, guint32 fourcc);
gint64 timeval_us (const struct v4l2_buffer *buf);
void stream_setup (Stream * s, GstTvHwDevice * dev, guint32 count, gboolean queue_all);
void queue (GstTvHwDevice * dev, guint32 index);
void stream_on (GstTvHwDevice * dev);
void stream_off (GstTvHwDevice * dev);
void dequeue (GstTvHwDevice * dev, struct v4l2_buffer *buf);
void assert_nothing_ready (GstTvHwDevice * dev);
void decode_yuyv (gconstpointer data, guint height, GstTvHwVirtualFrameInfo * info);
void assert_frame (gconstpointer data, guint height, guint input, guint32 seq, gboolean no_signal);
gboolean pictures_differ (const guint8 * a, const guint8 * b, guint height);
void card_teardown (void);
void assert_native_fmt (const struct v4l2_format *fmt, guint32 fourcc, guint height);
gpointer wait_thread (gpointer user_data);
guint8 *grab_frames (guint input, guint32 fourcc, guint n, guint * height);
GstTvHwDevice *open_output (const gchar * location);
void set_output (GstTvHwDevice * dev, guint32 index);
guint32 get_output (GstTvHwDevice * dev);
void queue_out (GstTvHwDevice * dev, guint32 index, guint32 bytesused, gint64 ts_us);
void fill_fields (guint8 * data, guint height, guint32 fourcc, guint8 even, guint8 odd, guint8 u, guint8 v);
void fill_noise (guint8 * data, gsize size, guint32 seed);
guint8 luma_at (const guint8 * data, guint32 fourcc, guint x, guint y);
void assert_peek (GstTvHwVirtualCard * card, gconstpointer expected, guint height, guint32 fourcc, guint32 seq);
void assert_counts (GstTvHwVirtualCard * card, guint32 displayed, guint32 repeated);
guint32 input_status (GstTvHwDevice * cap, guint index);
v4l2_std_id query_std (GstTvHwDevice * cap);
guint8 *grab (GstTvHwVirtualCard * card, GstTvHwDevice * dev);
guint8 chroma_at (const guint8 * data, guint32 fourcc, guint x, guint y, gboolean cr);
gboolean colourless (const guint8 * data, guint height);
void get_tuner (GstTvHwDevice * dev, struct v4l2_tuner *tuner);
void set_frequency (GstTvHwDevice * dev, guint32 frequency);

G_END_DECLS

#endif /* __TVHW_COMMON_H__ */
