/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The latency of v4l2tvsrc, on the virtual TV card: one frame period
 * (40 ms for PAL, 33.4 ms for NTSC) in every signal-loss mode, as the
 * LATENCY query answers and as a synchronised sink is configured; and the
 * filler frames of a signal loss reaching a synchronised sink on time,
 * under a GstTestClock (the pipeline's time moves only when the test says
 * so: nothing here depends on how fast the machine is).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gsttestclock.h>
#include <gst/base/gstbasesink.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 1
#define DEVICE "virtual:1"

/* how long the test waits for the element (on the wall clock) before it
 * fails instead of hanging; never reached when all is well */
#define GUARD_MS 60000

static const struct
{
  const gchar *norm;
  GstClockTime period;
} norms[] = {
  {"PAL", 40 * GST_MSECOND},
  {"NTSC", 33366666},           /* 1001/30000 s, rounded down */
};

static const gchar *modes[] = { "repeat", "black", "wait" };

static GstElement *
make_pipeline (const gchar * norm, const gchar * mode, GstElement ** src,
    GstElement ** sink)
{
  g_autofree gchar *launch = NULL;
  GError *err = NULL;
  GstElement *pipeline;

  /* async=false: the sink does not wait for a preroll buffer, so the base
   * time is chosen once, when the pipeline goes to PLAYING */
  launch = g_strdup_printf ("v4l2tvsrc name=src device=" DEVICE
      " input=Composite1 norm=%s signal-loss=%s ! fakesink name=sink "
      "sync=true async=false qos=true max-lateness=0", norm, mode);
  pipeline = gst_parse_launch (launch, &err);
  fail_unless (pipeline != NULL && err == NULL, "%s: %s", launch,
      err ? err->message : "");
  v4l2tv_check_track (pipeline);
  *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");

  return pipeline;
}

static void
fail_on_error (GstElement * pipeline)
{
  GstMessage *msg = gst_bus_pop_filtered (GST_ELEMENT_BUS (pipeline),
      GST_MESSAGE_ERROR);

  if (msg) {
    GError *err = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    fail ("error from %s: %s (%s)", GST_OBJECT_NAME (msg->src), err->message,
        GST_STR_NULL (debug));
  }
}

/* PAL and NTSC, every signal-loss mode: the source answers the LATENCY
 * query with one frame period, and the pipeline configures the sink with
 * that plus the sink's own processing deadline */
GST_START_TEST (test_latency_one_period)
{
  guint n, m;

  for (n = 0; n < G_N_ELEMENTS (norms); n++) {
    for (m = 0; m < G_N_ELEMENTS (modes); m++) {
      GstElement *pipeline, *src, *sink;
      GstClockTime min = 0, max = 0, expected;
      GstQuery *query;
      gboolean live = FALSE;
      gint64 end;

      GST_INFO ("norm %s, signal-loss %s", norms[n].norm, modes[m]);
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
      pipeline = make_pipeline (norms[n].norm, modes[m], &src, &sink);
      fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
          GST_STATE_CHANGE_FAILURE);

      query = gst_query_new_latency ();
      fail_unless (gst_element_query (src, query));
      gst_query_parse_latency (query, &live, &min, &max);
      gst_query_unref (query);
      fail_unless (live);
      fail_unless_equals_uint64 (min, norms[n].period);
      fail_unless (GST_CLOCK_TIME_IS_VALID (max) && max >= min);

      /* the LATENCY event the pipeline sent at PLAYING */
      expected = norms[n].period +
          gst_base_sink_get_processing_deadline (GST_BASE_SINK (sink));
      end = g_get_monotonic_time () + GUARD_MS * G_TIME_SPAN_MILLISECOND;
      while (gst_base_sink_get_latency (GST_BASE_SINK (sink)) != expected) {
        fail_on_error (pipeline);
        fail_unless (g_get_monotonic_time () < end, "sink latency %"
            GST_TIME_FORMAT ", expected %" GST_TIME_FORMAT,
            GST_TIME_ARGS (gst_base_sink_get_latency (GST_BASE_SINK (sink))),
            GST_TIME_ARGS (expected));
        g_usleep (1000);
      }

      gst_element_set_state (pipeline, GST_STATE_NULL);
      gst_object_unref (src);
      gst_object_unref (sink);
      gst_object_unref (pipeline);
      v4l2tv_check_card_closed (CARD);
    }
  }
}

GST_END_TEST;

typedef struct
{
  GstClockTime pts;
  GstClockTime now;             /* the running time when it reached the sink */
  gboolean gap, discont;
} Arrival;

typedef struct
{
  GMutex lock;
  GCond cond;
  GstClock *clock;
  GArray *arrivals;
} Arrivals;

static GstPadProbeReturn
arrive (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Arrivals *arrivals = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstElement *sink = gst_pad_get_parent_element (pad);
  Arrival a;

  a.pts = GST_BUFFER_PTS (buf);
  a.now = gst_clock_get_time (arrivals->clock) -
      gst_element_get_base_time (sink);
  a.gap = GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP);
  a.discont = GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT);
  gst_object_unref (sink);

  g_mutex_lock (&arrivals->lock);
  g_array_append_val (arrivals->arrivals, a);
  g_cond_broadcast (&arrivals->cond);
  g_mutex_unlock (&arrivals->lock);

  return GST_PAD_PROBE_OK;
}

static void
arrivals_clear (gpointer data)
{
  Arrivals *arrivals = data;

  g_array_free (arrivals->arrivals, TRUE);
  g_cond_clear (&arrivals->cond);
  g_mutex_clear (&arrivals->lock);
}

/* arrival @k, once it came; fails after GUARD_MS */
static Arrival
wait_arrival (Arrivals * arrivals, guint k, GstElement * pipeline)
{
  gint64 end = g_get_monotonic_time () + GUARD_MS * G_TIME_SPAN_MILLISECOND;
  Arrival a;

  g_mutex_lock (&arrivals->lock);
  while (arrivals->arrivals->len <= k) {
    if (!g_cond_wait_until (&arrivals->cond, &arrivals->lock, end))
      break;
  }
  if (arrivals->arrivals->len <= k) {
    g_mutex_unlock (&arrivals->lock);
    fail_on_error (pipeline);
    fail ("buffer %u never reached the sink", k);
  }
  a = g_array_index (arrivals->arrivals, Arrival, k);
  g_mutex_unlock (&arrivals->lock);

  return a;
}

#define N_FILLERS 6

/*
 * No frame ever comes from the card (MANUAL pacing, never advanced): the
 * source pushes fillers, the first four frame periods after it began to
 * wait, then one every period. The test clock stands still but where the
 * test puts it: at each filler the latest time at which it is still on
 * time at the sink (its timestamp + the sink's latency: one period, the
 * source's, plus the sink's processing deadline, less 1 ns). A filler
 * stands for a frame the card did not finish: a frame's timestamp is when
 * the card began it, so the filler can only be known to be needed once
 * the frame is late, after timestamp + one period; it goes out within the
 * processing deadline, as a card's frame handed over late does. Each
 * filler must come by then (pushed when its time came on the pipeline's
 * clock, not later) and be before its time at the sink, which waits for
 * timestamp + latency and renders it, not dropping it as late
 * (max-lateness=0).
 */
static void
check_fillers_on_time (const gchar * norm, GstClockTime period,
    const gchar * mode)
{
  GstTvHwVirtualCard *card;
  GstElement *pipeline, *src, *sink;
  GstClock *clock;
  GstTestClock *test_clock;
  GstClockTime base, latency, prev_pts = GST_CLOCK_TIME_NONE;
  GstStructure *stats;
  Arrivals *arrivals;
  guint64 errors = 0, dropped = 1;
  gint64 end;
  GstPad *pad;
  guint k;

  GST_INFO ("norm %s, signal-loss %s", norm, mode);
  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  /* one DQBUF fails: when capture-errors says so, the source has begun to
   * wait for frames, on the test clock's time as it is */
  gst_tv_hw_virtual_card_inject_faults (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO, 1);

  clock = gst_test_clock_new_with_start_time (GST_SECOND);
  test_clock = GST_TEST_CLOCK (clock);
  pipeline = make_pipeline (norm, mode, &src, &sink);
  gst_pipeline_use_clock (GST_PIPELINE (pipeline), clock);

  arrivals = v4l2tv_check_track_data (pipeline, sizeof (Arrivals),
      arrivals_clear);
  g_mutex_init (&arrivals->lock);
  g_cond_init (&arrivals->cond);
  arrivals->clock = clock;
  arrivals->arrivals = g_array_new (FALSE, TRUE, sizeof (Arrival));
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, arrive, arrivals, NULL);
  gst_object_unref (pad);

  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  base = gst_element_get_base_time (pipeline);

  end = g_get_monotonic_time () + GUARD_MS * G_TIME_SPAN_MILLISECOND;
  while (errors == 0) {
    fail_on_error (pipeline);
    fail_unless (g_get_monotonic_time () < end, "the source never waited");
    g_usleep (1000);
    g_object_get (src, "capture-errors", &errors, NULL);
  }
  fail_unless_equals_uint64 (errors, 1);

  /* the first filler is due four periods after the wait began */
  gst_test_clock_set_time (test_clock, base + 4 * period);

  for (k = 0; k < N_FILLERS; k++) {
    Arrival a = wait_arrival (arrivals, k, pipeline);
    GstClockID id = NULL, processed;
    GList *ids = NULL;
    GstClockTime next;

    GST_INFO ("buffer %u: pts %" GST_TIME_FORMAT " reached the sink at %"
        GST_TIME_FORMAT, k, GST_TIME_ARGS (a.pts), GST_TIME_ARGS (a.now));
    fail_unless (a.gap, "buffer %u is not a filler", k);
    fail_unless_equals_int (a.discont, k == 0);
    if (k > 0)
      fail_unless_equals_uint64 (a.pts, prev_pts + period);
    prev_pts = a.pts;
    /* on time: the sink shows it at pts + latency */
    latency = gst_base_sink_get_latency (GST_BASE_SINK (sink));
    fail_unless_equals_uint64 (latency, period +
        gst_base_sink_get_processing_deadline (GST_BASE_SINK (sink)));
    fail_unless (a.now < a.pts + latency, "filler %u (pts %" GST_TIME_FORMAT
        ") pushed at running time %" GST_TIME_FORMAT ", after its time + "
        "the sink's latency", k, GST_TIME_ARGS (a.pts), GST_TIME_ARGS (a.now));

    /* the sink waits for it on the clock */
    fail_unless (gst_test_clock_timed_wait_for_multiple_pending_ids
        (test_clock, 1, GUARD_MS, &ids), "the sink did not wait for "
        "filler %u", k);
    id = ids->data;
    fail_unless_equals_uint64 (gst_clock_id_get_time (id),
        base + a.pts + latency);
    /* the wait began before its time (GST_CLOCK_OK, not EARLY): only the
     * test moves the clock, so it still shows the time the wait began at.
     * (The entry's status after processing cannot tell: the sink reuses
     * the entry for the next filler, BUSY again at once.) */
    fail_unless (gst_clock_get_time (clock) <= gst_clock_id_get_time (id),
        "the sink began to wait for filler %u at %" GST_TIME_FORMAT
        ", after its time %" GST_TIME_FORMAT, k,
        GST_TIME_ARGS (gst_clock_get_time (clock)),
        GST_TIME_ARGS (gst_clock_id_get_time (id)));

    /* on to the latest time the next filler can come on time; the sink
     * renders this one */
    next = base + a.pts + period + latency - 1;
    gst_test_clock_set_time (test_clock, MAX (next,
            gst_clock_id_get_time (id)));
    processed = gst_test_clock_process_next_clock_id (test_clock);
    fail_unless (processed == id, "not the sink's wait for filler %u", k);
    gst_clock_id_unref (processed);
    g_list_free_full (ids, (GDestroyNotify) gst_clock_id_unref);
  }

  /* nothing dropped as late */
  g_object_get (sink, "stats", &stats, NULL);
  fail_unless (gst_structure_get_uint64 (stats, "dropped", &dropped));
  fail_unless_equals_uint64 (dropped, 0);
  gst_structure_free (stats);
  fail_on_error (pipeline);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  gst_object_unref (clock);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_fillers_on_time)
{
  guint n, m;

  for (n = 0; n < G_N_ELEMENTS (norms); n++)
    for (m = 0; m < G_N_ELEMENTS (modes); m++)
      if (!g_str_equal (modes[m], "wait"))
        check_fillers_on_time (norms[n].norm, norms[n].period, modes[m]);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_latency_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-latency");
  TCase *tc = tcase_create ("latency");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_latency_one_period);
  tcase_add_test (tc, test_fillers_on_time);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_latency);
