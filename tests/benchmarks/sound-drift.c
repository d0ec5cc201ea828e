/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How far the card's sound drifts from its picture over a long tape
 * (docs/design.md, "Clocks: picture and sound"): the virtual card, in
 * FREERUN pacing (its timeline runs as fast as the machine goes, so a
 * two-hour tape takes minutes, and no wall clock is measured), with its
 * sound crystal +PPM and then -PPM off the picture's, captured by
 * v4l2tvsrc and v4l2tvaudiosrc side by side. Every sync marker (a white
 * frame, a beep starting with it, once a second) is found again in the
 * buffers; the beep's onset is taken from the sound's sample count, the
 * flash from its frame's timestamp. Prints, for each stretch of the tape,
 * the worst |beep - flash| in it, and the worst of all.
 *
 *   build/tests/benchmarks/sound-drift [--minutes 120] [--ppm 100]
 *       [--every 10] [--no-correction]
 *
 * --no-correction sets v4l2tvaudiosrc's drift-correction off: the
 * samples as captured, at the nominal rate (the drift then grows by ppm x
 * the tape's length).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <gst/app/app.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "sync-markers.h"

#define CARD 0
#define PERIOD (40 * GST_MSECOND)
/* a beep belongs to the flash it is nearest to, within this */
#define PAIR_WINDOW (400 * GST_MSECOND)

typedef struct
{
  GMutex lock;
  SyncMarkers m;
} Capture;

static GstFlowReturn
on_video (GstAppSink * sink, gpointer user_data)
{
  Capture *c = user_data;
  GstSample *s = gst_app_sink_pull_sample (sink);
  GstVideoInfo info;
  GstVideoFrame frame;

  if (s == NULL)
    return GST_FLOW_EOS;
  if (gst_video_info_from_caps (&info, gst_sample_get_caps (s)) &&
      gst_video_frame_map (&frame, &info, gst_sample_get_buffer (s),
          GST_MAP_READ)) {
    g_mutex_lock (&c->lock);
    sync_markers_add_frame (&c->m, GST_BUFFER_PTS (frame.buffer),
        GST_VIDEO_FRAME_PLANE_DATA (&frame, 0), GST_VIDEO_INFO_WIDTH (&info),
        GST_VIDEO_INFO_HEIGHT (&info), GST_VIDEO_FRAME_PLANE_STRIDE (&frame,
            0), 1);
    g_mutex_unlock (&c->lock);
    gst_video_frame_unmap (&frame);
  }
  gst_sample_unref (s);
  return GST_FLOW_OK;
}

static GstFlowReturn
on_audio (GstAppSink * sink, gpointer user_data)
{
  Capture *c = user_data;
  GstSample *s = gst_app_sink_pull_sample (sink);
  GstBuffer *buf;
  GstMapInfo map;

  if (s == NULL)
    return GST_FLOW_EOS;
  buf = gst_sample_get_buffer (s);
  if (gst_buffer_map (buf, &map, GST_MAP_READ)) {
    g_mutex_lock (&c->lock);
    sync_markers_add_sound (&c->m, GST_BUFFER_PTS (buf),
        (const gint16 *) map.data, map.size / 4, 2);
    g_mutex_unlock (&c->lock);
    gst_buffer_unmap (buf, &map);
  }
  gst_sample_unref (s);
  return GST_FLOW_OK;
}

/* captures @minutes of the virtual card with its sound crystal @ppm off
 * into @c; FALSE on an error */
static gboolean
capture (gdouble ppm, guint minutes, gboolean correct, Capture * c)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (CARD);
  GstAppSinkCallbacks vcb = { NULL, NULL, on_video };
  GstAppSinkCallbacks acb = { NULL, NULL, on_audio };
  g_autofree gchar *launch = NULL;
  GstElement *pipeline, *vsink, *asink;
  GstMessage *msg;
  GstBus *bus;
  GError *err = NULL;
  gboolean ok;
  guint64 frames = (guint64) minutes * 60 * 25;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  gst_tv_hw_virtual_card_set_sound_error (card, ppm);
  gst_tv_hw_virtual_card_set_sync_marker (card, TRUE);

  /* the sound comes only as far as the picture got: it stops a second
   * before the picture, so that both end */
  launch = g_strdup_printf ("v4l2tvsrc device=virtual:%u input=S-Video "
      "norm=PAL num-buffers=%" G_GUINT64_FORMAT " ! video/x-raw,format=Y42B "
      "! appsink name=v sync=false "
      "v4l2tvaudiosrc device=virtual:%u drift-correction=%s "
      "num-buffers=%" G_GUINT64_FORMAT " ! appsink name=a sync=false",
      CARD, frames, CARD, correct ? "true" : "false",
      ((guint64) minutes * 60 - 1) * 100);
  pipeline = gst_parse_launch (launch, &err);
  if (pipeline == NULL) {
    g_printerr ("%s: %s\n", launch, err->message);
    g_error_free (err);
    return FALSE;
  }
  g_mutex_init (&c->lock);
  sync_markers_init (&c->m, PERIOD);
  vsink = gst_bin_get_by_name (GST_BIN (pipeline), "v");
  asink = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  gst_app_sink_set_callbacks (GST_APP_SINK (vsink), &vcb, c, NULL);
  gst_app_sink_set_callbacks (GST_APP_SINK (asink), &acb, c, NULL);
  gst_object_unref (vsink);
  gst_object_unref (asink);

  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  ok = GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS;
  if (!ok) {
    gst_message_parse_error (msg, &err, NULL);
    g_printerr ("error: %s\n", err->message);
    g_error_free (err);
  }
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  return ok;
}

/* prints the offsets of @c stretch by stretch; the worst of all in
 * @worst_out */
static void
report (Capture * c, gdouble ppm, guint every, GstClockTimeDiff * worst_out)
{
  SyncMarkers *m = &c->m;
  GstClockTime stretch = (GstClockTime) every * 60 * GST_SECOND;
  GstClockTimeDiff worst = 0, in_stretch = 0;
  guint i, j = 0, paired = 0, unpaired = 0, stretch_no = 0;

  g_print ("crystal %+.0f ppm: %" G_GUINT64_FORMAT " frames (worst %+.3f ms "
      "off the 40 ms grid), %u flashes, %u beeps, %.3f s of sound\n", ppm,
      m->frames, m->worst_grid / 1e6, m->flashes->len, m->beeps->len,
      m->samples / 48000.0);
  for (i = 0; i < m->flashes->len; i++) {
    GstClockTime f = g_array_index (m->flashes, GstClockTime, i);
    GstClockTimeDiff off;

    while (f - m->first_pts >= (stretch_no + 1) * stretch) {
      g_print ("  %4u-%4u min: worst beep - flash %+8.3f ms\n",
          stretch_no * every, (stretch_no + 1) * every, in_stretch / 1e6);
      stretch_no++;
      in_stretch = 0;
    }
    while (j + 1 < m->beeps->len &&
        g_array_index (m->beeps, GstClockTime, j + 1) <= f + PAIR_WINDOW &&
        ABS (GST_CLOCK_DIFF (f, g_array_index (m->beeps, GstClockTime,
                    j + 1))) <= ABS (GST_CLOCK_DIFF (f,
                g_array_index (m->beeps, GstClockTime, j))))
      j++;
    if (j >= m->beeps->len ||
        ABS (GST_CLOCK_DIFF (f, g_array_index (m->beeps, GstClockTime,
                    j))) > PAIR_WINDOW) {
      unpaired++;
      continue;
    }
    off = GST_CLOCK_DIFF (f, g_array_index (m->beeps, GstClockTime, j));
    paired++;
    if (ABS (off) > ABS (in_stretch))
      in_stretch = off;
    if (ABS (off) > ABS (worst))
      worst = off;
  }
  g_print ("  %4u-%4u min: worst beep - flash %+8.3f ms\n", stretch_no * every,
      (stretch_no + 1) * every, in_stretch / 1e6);
  g_print ("  %u markers paired, %u flashes without a beep within %.0f ms; "
      "worst of all %+.3f ms\n", paired, unpaired, PAIR_WINDOW / 1e6,
      worst / 1e6);
  *worst_out = worst;
}

int
main (int argc, char **argv)
{
  gint minutes = 120, every = 10;
  gdouble ppm = 100;
  gboolean no_correction = FALSE;
  GOptionEntry entries[] = {
    {"minutes", 0, 0, G_OPTION_ARG_INT, &minutes,
        "the tape's length in minutes of stream time (120)", "N"},
    {"ppm", 0, 0, G_OPTION_ARG_DOUBLE, &ppm,
        "the sound crystal's error, run at +PPM and -PPM (100)", "PPM"},
    {"every", 0, 0, G_OPTION_ARG_INT, &every,
        "minutes of a stretch in the report (10)", "N"},
    {"no-correction", 0, 0, G_OPTION_ARG_NONE, &no_correction,
        "v4l2tvaudiosrc drift-correction=false", NULL},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("- the card's sound against "
      "its picture over a long tape (virtual card)");
  GError *err = NULL;
  gint sign;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    return 2;
  }
  g_option_context_free (ctx);
  if (minutes < 1 || every < 1 || !(ppm > -100000 && ppm < 100000)) {
    g_printerr ("--minutes and --every: 1 or more; --ppm: within +-100000\n");
    return 2;
  }
  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvaudiosrc, NULL);

  g_print ("%d min of PAL from virtual:%u (FREERUN), sound crystal at "
      "+-%.0f ppm, drift correction %s\n", minutes, CARD, ppm,
      no_correction ? "off" : "on");
  for (sign = 1; sign >= -1; sign -= 2) {
    Capture c;
    GstClockTimeDiff worst;

    if (!capture (sign * ppm, minutes, !no_correction, &c))
      return 1;
    report (&c, sign * ppm, every, &worst);
    sync_markers_clear (&c.m);
    g_mutex_clear (&c.lock);
    if (ABS (worst) > PERIOD)
      status = 1;
  }
  return status;
}
