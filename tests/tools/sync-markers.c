/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The virtual card's sync markers found again (sync-markers.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <gst/app/app.h>
#include <gst/video/video.h>

#include "sync-markers.h"

/* a flash: at least this share of the picture (but for the marks band,
 * the first 80 columns) is this bright; the card's patterns never are */
#define FLASH_LUMA 220
#define FLASH_SHARE 0.95
/* a beep: louder than the programme's tones (0.1 of full scale) can be;
 * the next one no sooner than this after the last loud sample */
#define BEEP_LEVEL (0.25 * 32767)
#define BEEP_GAP (500 * GST_MSECOND)
/* how far a buffer's timestamp may be from where the samples before it
 * put it: Matroska keeps times to the ms */
#define SOUND_ROUNDING (GST_MSECOND + GST_MSECOND / 2)

void
sync_markers_init (SyncMarkers * m, GstClockTime period)
{
  memset (m, 0, sizeof (*m));
  m->period = period;
  m->first_pts = GST_CLOCK_TIME_NONE;
  m->sound_pts = GST_CLOCK_TIME_NONE;
  m->last_loud = GST_CLOCK_TIME_NONE;
  m->flashes = g_array_new (FALSE, FALSE, sizeof (GstClockTime));
  m->beeps = g_array_new (FALSE, FALSE, sizeof (GstClockTime));
}

void
sync_markers_clear (SyncMarkers * m)
{
  g_array_unref (m->flashes);
  g_array_unref (m->beeps);
}

void
sync_markers_add_frame (SyncMarkers * m, GstClockTime pts,
    const guint8 * luma, guint width, guint height, guint stride, guint step)
{
  guint x, y, bright = 0, all = 0;
  GstClockTimeDiff off;

  if (!GST_CLOCK_TIME_IS_VALID (m->first_pts))
    m->first_pts = pts;
  off = GST_CLOCK_DIFF (m->first_pts + m->frames * m->period, pts);
  if (ABS (off) > ABS (m->worst_grid))
    m->worst_grid = off;
  m->frames++;

  for (y = 8; y < height - 8; y += 9)
    for (x = 96; x < width - 8; x += 7) {
      all++;
      bright += luma[(gsize) y * stride + (gsize) x * step] >= FLASH_LUMA;
    }
  if (all > 0 && bright >= FLASH_SHARE * all)
    g_array_append_val (m->flashes, pts);
}

void
sync_markers_add_sound (SyncMarkers * m, GstClockTime pts,
    const gint16 * samples, guint n, guint channels)
{
  GstClockTimeDiff off;
  guint i;

  if (!GST_CLOCK_TIME_IS_VALID (m->sound_pts)) {
    m->sound_pts = m->anchor_pts = pts;
    m->anchor_samples = 0;
  }
  off = GST_CLOCK_DIFF (m->anchor_pts + gst_util_uint64_scale (m->samples -
          m->anchor_samples, GST_SECOND, 48000), pts);
  if (m->sound_buffers == 1)
    m->first_sound_jump = off;
  else if (ABS (off) > ABS (m->worst_sound_gap))
    m->worst_sound_gap = off;
  /* more than the file's rounding: the sound goes on from here */
  if (ABS (off) > SOUND_ROUNDING) {
    m->anchor_pts = pts;
    m->anchor_samples = m->samples;
  }
  m->sound_buffers++;

  for (i = 0; i < n; i++) {
    GstClockTime t;

    if (abs (samples[i * channels]) < BEEP_LEVEL)
      continue;
    /* the samples' times by their count from the first: the file's
     * timestamps are rounded (Matroska: to the ms) */
    t = m->anchor_pts + gst_util_uint64_scale (m->samples - m->anchor_samples
        + i, GST_SECOND, 48000);
    if (!GST_CLOCK_TIME_IS_VALID (m->last_loud) || t - m->last_loud > BEEP_GAP)
      g_array_append_val (m->beeps, t);
    m->last_loud = t;
  }
  m->samples += n;
}

static void
add_video_sample (SyncMarkers * m, GstSample * sample)
{
  GstBuffer *buf = gst_sample_get_buffer (sample);
  GstVideoInfo info;
  GstVideoFrame frame;

  if (!gst_video_info_from_caps (&info, gst_sample_get_caps (sample)) ||
      !gst_video_frame_map (&frame, &info, buf, GST_MAP_READ))
    return;
  sync_markers_add_frame (m, GST_BUFFER_PTS (buf),
      GST_VIDEO_FRAME_PLANE_DATA (&frame, 0), GST_VIDEO_INFO_WIDTH (&info),
      GST_VIDEO_INFO_HEIGHT (&info), GST_VIDEO_FRAME_PLANE_STRIDE (&frame,
          0), 1);
  gst_video_frame_unmap (&frame);
}

static void
add_audio_sample (SyncMarkers * m, GstSample * sample)
{
  GstBuffer *buf = gst_sample_get_buffer (sample);
  GstMapInfo map;

  if (!gst_buffer_map (buf, &map, GST_MAP_READ))
    return;
  sync_markers_add_sound (m, GST_BUFFER_PTS (buf), (const gint16 *) map.data,
      map.size / 2, 1);
  gst_buffer_unmap (buf, &map);
}

gboolean
sync_markers_read_file (SyncMarkers * m, const gchar * file, GError ** error)
{
  g_autofree gchar *desc = NULL;
  g_autoptr (GstElement) pipeline = NULL;
  g_autoptr (GstElement) vsink = NULL;
  g_autoptr (GstElement) asink = NULL;
  g_autoptr (GstBus) bus = NULL;
  gboolean ok = FALSE, vdone = FALSE, adone = FALSE;

  desc = g_strdup_printf ("filesrc location=\"%s\" ! decodebin name=d "
      "d. ! queue ! videoconvert ! video/x-raw,format=GRAY8 ! "
      "appsink name=v sync=false max-buffers=8 "
      "d. ! queue ! audioconvert ! audio/x-raw,format=S16LE,channels=1 ! "
      "appsink name=a sync=false max-buffers=64", file);
  pipeline = gst_parse_launch (desc, error);
  if (pipeline == NULL)
    return FALSE;
  vsink = gst_bin_get_by_name (GST_BIN (pipeline), "v");
  asink = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  bus = gst_element_get_bus (pipeline);
  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_STATE_CHANGE,
        "cannot play '%s'", file);
    return FALSE;
  }
  while (!(vdone && adone)) {
    g_autoptr (GstMessage) msg = NULL;
    GstSample *s;

    if (!vdone) {
      s = gst_app_sink_try_pull_sample (GST_APP_SINK (vsink), 10 * GST_MSECOND);
      if (s) {
        add_video_sample (m, s);
        gst_sample_unref (s);
      } else if (gst_app_sink_is_eos (GST_APP_SINK (vsink))) {
        vdone = TRUE;
      }
    }
    if (!adone) {
      s = gst_app_sink_try_pull_sample (GST_APP_SINK (asink), 10 * GST_MSECOND);
      if (s) {
        add_audio_sample (m, s);
        gst_sample_unref (s);
      } else if (gst_app_sink_is_eos (GST_APP_SINK (asink))) {
        adone = TRUE;
      }
    }
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
    if (msg) {
      gst_message_parse_error (msg, error, NULL);
      goto done;
    }
  }
  ok = TRUE;
done:
  gst_element_set_state (pipeline, GST_STATE_NULL);
  return ok;
}

GstClockTime
sync_markers_sound_end (SyncMarkers * m)
{
  return m->anchor_pts + gst_util_uint64_scale (m->samples -
      m->anchor_samples, GST_SECOND, 48000);
}

/* whether @t lies @margin or more inside both the picture and the sound
 * (a marker at either end may have only one half in the file) */
static gboolean
in_both (SyncMarkers * m, GstClockTime t, GstClockTime margin)
{
  GstClockTime vend = m->first_pts + m->frames * m->period;
  GstClockTime send = sync_markers_sound_end (m);

  return t >= MAX (m->first_pts, m->sound_pts) + margin &&
      t + margin < MIN (vend, send);
}

/* the index of the beep nearest @t, from @j on (the flashes come in
 * order); beeps->len when there is none */
static guint
nearest_beep (SyncMarkers * m, GstClockTime t, guint j)
{
  if (j >= m->beeps->len)
    return m->beeps->len;
  while (j + 1 < m->beeps->len &&
      ABS (GST_CLOCK_DIFF (t, g_array_index (m->beeps, GstClockTime,
                  j + 1))) <= ABS (GST_CLOCK_DIFF (t,
              g_array_index (m->beeps, GstClockTime, j))))
    j++;
  return j;
}

/* Each flash a period or more inside both halves is paired with its
 * nearest beep, which lies in the file then (it follows the flash within
 * a period, or is reported as far off). A beep two periods inside would
 * have its flash among those: a beep there that no flash took is one
 * without a flash. The margins differ so that a marker at either end is
 * never counted on one side only, wherever the sound ends. @used (beeps
 * long, or NULL) gets the beeps taken. */
static gboolean
pair_markers (SyncMarkers * m, gboolean * used, guint * pairs,
    GstClockTimeDiff * worst, GstClockTimeDiff * first, GstClockTimeDiff * last)
{
  g_autofree gboolean *taken = g_new0 (gboolean, m->beeps->len + 1);
  guint i, j = 0, flashes = 0;
  gboolean all = TRUE;

  *pairs = 0;
  *worst = *first = *last = 0;
  for (i = 0; i < m->flashes->len; i++) {
    GstClockTime f = g_array_index (m->flashes, GstClockTime, i);
    GstClockTimeDiff off;

    if (!in_both (m, f, m->period))
      continue;
    flashes++;
    j = nearest_beep (m, f, j);
    if (j >= m->beeps->len)
      break;
    taken[j] = TRUE;
    off = GST_CLOCK_DIFF (f, g_array_index (m->beeps, GstClockTime, j));
    if (*pairs == 0)
      *first = off;
    *last = off;
    if (ABS (off) > ABS (*worst))
      *worst = off;
    (*pairs)++;
  }
  for (i = 0; i < m->beeps->len; i++) {
    if (!taken[i] && in_both (m, g_array_index (m->beeps, GstClockTime, i),
            2 * m->period))
      all = FALSE;
    if (used)
      used[i] = taken[i];
  }
  return all && *pairs == flashes;
}

gboolean
sync_markers_pair (SyncMarkers * m, guint * pairs, GstClockTimeDiff * worst,
    GstClockTimeDiff * first, GstClockTimeDiff * last)
{
  return pair_markers (m, NULL, pairs, worst, first, last);
}

gchar *
sync_markers_describe (SyncMarkers * m)
{
  g_autofree gboolean *used = g_new0 (gboolean, m->beeps->len + 1);
  GString *s = g_string_new (NULL);
  GstClockTimeDiff worst, first, last;
  guint i, pairs, n = 0;

  pair_markers (m, used, &pairs, &worst, &first, &last);
  g_string_append_printf (s, "picture %.3f-%.3f s, sound %.3f-%.3f s "
      "(its largest jump %+.3f ms), %u pairs", m->first_pts / 1e9,
      (m->first_pts + m->frames * m->period) / 1e9, m->sound_pts / 1e9,
      sync_markers_sound_end (m) / 1e9, m->worst_sound_gap / 1e6, pairs);
  for (i = 0; i < m->beeps->len; i++) {
    GstClockTime t = g_array_index (m->beeps, GstClockTime, i);

    if (used[i] || !in_both (m, t, 2 * m->period))
      continue;
    g_string_append_printf (s, "%s%.3f s", n++ ? ", " :
        "; beeps without a flash: ", t / 1e9);
  }
  return g_string_free (s, FALSE);
}
