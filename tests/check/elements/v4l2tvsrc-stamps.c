/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsrc and a card whose timestamps lie (issue 27): stamps in the
 * future (as vivid's), on CLOCK_REALTIME while the buffers claim
 * CLOCK_MONOTONIC, a minute in the past (another clock), stuck at one
 * value, or on no clock at all (V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN). Each
 * time the source must take the frame's arrival on the pipeline's clock
 * (less the known delay, 0 here: the virtual card in MANUAL pacing hands a
 * frame over the moment it is finished) as the time the card finished it,
 * stamp it a frame period earlier (when the card began it), keep the
 * timestamps increasing, and say once (one warning, not one per frame)
 * that it fell back. True stamps are used as they are, said once.
 *
 * On the harness's test clock, the time at each frame is the test's:
 * the PTS must be exactly the running time when the frame came, less a
 * period. On the monotonic system clock (a pipeline's default, where the
 * source takes a trusted stamp as it is), the PTS plus a period must lie
 * between the running time just before the frame was emitted and just
 * after it was pulled: a frame cannot be finished before it was made nor
 * after it was received (no timing threshold: only the order of events).
 *
 * The test emits each frame only once the source waits for it
 * (gst_tv_hw_virtual_card_frames_taken()), so that the source sees it
 * arrive, as it does a real card's frames.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/check/gsttestclock.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 5
#define DEVICE "virtual:5"
#define PAL_PERIOD (40 * GST_MSECOND)
#define N_FRAMES 8

typedef struct
{
  const gchar *name;
  GstTvHwVirtualStamps stamps;
  gint64 offset_us;
  guint32 flags;
  /* what the warning says; NULL: the stamps are true, no warning */
  const gchar *reason;
  /* frames whose stamps are trusted before the fallback */
  guint trusted;
  /* how far off the trusted frames' timestamps are (a lie believed) */
  GstClockTimeDiff trusted_error;
} Lie;

static const Lie lies[] = {
  {"true", GST_TV_HW_VIRTUAL_STAMPS_TRUE, 0,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, NULL, N_FRAMES},
  {"future", GST_TV_HW_VIRTUAL_STAMPS_OFFSET, 35 * G_TIME_SPAN_MILLISECOND,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, "in the future", 0},
  {"realtime", GST_TV_HW_VIRTUAL_STAMPS_REALTIME, 0,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, "in the future", 0},
  {"past", GST_TV_HW_VIRTUAL_STAMPS_OFFSET, -60 * G_TIME_SPAN_SECOND,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, "too old", 0},
  /* a second in the past: believed, as a late machine looks the same */
  {"a second past", GST_TV_HW_VIRTUAL_STAMPS_OFFSET,
        -1 * G_TIME_SPAN_SECOND, V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC,
      NULL, N_FRAMES, -1 * GST_SECOND},
  {"stuck", GST_TV_HW_VIRTUAL_STAMPS_STUCK, 0,
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, "stuck", 1},
  {"no clock", GST_TV_HW_VIRTUAL_STAMPS_TRUE, 0,
      V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN, "on no clock", 0},
  /* true stamps of the frames' start: a period before they are finished */
  {"start", GST_TV_HW_VIRTUAL_STAMPS_OFFSET, -40 * G_TIME_SPAN_MILLISECOND,
        V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_TSTAMP_SRC_SOE, NULL,
      N_FRAMES},
};

/* the source's "timestamps:" messages, counted by a log function (the
 * streaming thread logs them: static, so they outlive a failed test) */
static gint n_warnings, n_infos;
static gchar *last_warning;
static GMutex log_lock;

static void
count_log (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  const gchar *text;

  if (!g_str_equal (gst_debug_category_get_name (category), "v4l2tvsrc"))
    return;
  text = gst_debug_message_get (message);
  if (text == NULL || !g_str_has_prefix (text, "timestamps:"))
    return;
  if (level == GST_LEVEL_WARNING) {
    g_atomic_int_inc (&n_warnings);
    g_mutex_lock (&log_lock);
    g_free (last_warning);
    last_warning = g_strdup (text);
    g_mutex_unlock (&log_lock);
  } else if (level == GST_LEVEL_INFO) {
    g_atomic_int_inc (&n_infos);
  }
}

static void
log_start (void)
{
  g_atomic_int_set (&n_warnings, 0);
  g_atomic_int_set (&n_infos, 0);
  g_mutex_lock (&log_lock);
  g_clear_pointer (&last_warning, g_free);
  g_mutex_unlock (&log_lock);
  gst_debug_set_threshold_for_name ("v4l2tvsrc", GST_LEVEL_INFO);
  gst_debug_add_log_function (count_log, NULL, NULL);
}

static void
log_stop (void)
{
  gst_debug_remove_log_function (count_log);
  gst_debug_unset_threshold_for_name ("v4l2tvsrc");
}

static GstHarness *
new_harness (void)
{
  GstHarness *h = gst_harness_new ("v4l2tvsrc");

  v4l2tv_check_track (h->element);
  /* no fillers: the test's frame periods are not real time */
  g_object_set (h->element, "device", DEVICE, "input", "S-Video", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  gst_util_set_object_arg (G_OBJECT (h->element), "signal-loss", "wait");

  return h;
}

/* the running time of @h's element now */
static GstClockTime
running_time (GstHarness * h)
{
  GstClock *clock = gst_element_get_clock (h->element);
  GstClockTime now, base = gst_element_get_base_time (h->element);

  fail_unless (clock != NULL);
  now = gst_clock_get_time (clock);
  gst_object_unref (clock);
  return now > base ? now - base : 0;
}

/* until the source has taken every frame and waits on the card */
static void
wait_source_waits (GstTvHwVirtualCard * card)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

  while (!gst_tv_hw_virtual_card_frames_taken (card)) {
    fail_unless (g_get_monotonic_time () < end, "the source never waited");
    g_usleep (1000);
  }
}

/* the next buffer out of @h, failing (not hanging) when none comes within
 * the checks' wait */
static GstBuffer *
pull_within (GstHarness * h, const gchar * what)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  GstBuffer *buf;

  while ((buf = gst_harness_try_pull (h)) == NULL) {
    fail_unless (g_get_monotonic_time () < end, "no buffer came: %s", what);
    g_usleep (1000);
  }
  return buf;
}

/* a harness on the MANUAL card, signal-loss=repeat, its test clock in
 * *@clock, playing */
static GstHarness *
play_repeat (GstTestClock ** clock)
{
  GstHarness *h = new_harness ();

  gst_util_set_object_arg (G_OBJECT (h->element), "signal-loss", "repeat");
  *clock = gst_harness_get_testclock (h);
  gst_harness_play (h);
  return h;
}

/* once the source waits for a frame, one frame period passes on the
 * card; the frame the source pushes. *@before is the running time just
 * before the frame was made. With @pace, a frame period passes on the
 * wall clock first: the card's frame n ends n + 1 periods after STREAMON
 * on its own time, which then does not run ahead of CLOCK_MONOTONIC. */
static GstBuffer *
next_frame_paced (GstHarness * h, GstTvHwVirtualCard * card,
    GstClockTime * before, gboolean pace)
{
  GstBuffer *buf;

  wait_source_waits (card);
  if (pace)
    g_usleep (PAL_PERIOD / GST_USECOND);
  *before = running_time (h);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  buf = gst_harness_pull (h);
  fail_unless (buf != NULL, "no frame came out");

  return buf;
}

static GstBuffer *
next_frame (GstHarness * h, GstTvHwVirtualCard * card, GstClockTime * before)
{
  return next_frame_paced (h, card, before, FALSE);
}

static void
check_lie (const Lie * lie, gboolean test_clock)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ();
  GstTestClock *clock = NULL;
  GstClockTime last = GST_CLOCK_TIME_NONE;
  guint i;

  GST_INFO ("stamps %s on the %s clock", lie->name,
      test_clock ? "test" : "system");
  gst_tv_hw_virtual_card_set_stamps (card, lie->stamps, lie->offset_us,
      lie->flags);
  if (test_clock)
    clock = gst_harness_get_testclock (h);
  else
    gst_harness_use_systemclock (h);
  log_start ();
  gst_harness_play (h);
  /* room before the first frame for a lie that makes it older */
  if (clock)
    gst_test_clock_advance_time (clock, 2 * GST_SECOND);

  for (i = 0; i < N_FRAMES; i++) {
    GstClockTime before, after, pts;
    GstBuffer *buf;

    if (clock)
      gst_test_clock_advance_time (clock, PAL_PERIOD);
    /* on the system clock, the card's time keeps to the wall clock's */
    buf = next_frame_paced (h, card, &before, clock == NULL);
    after = running_time (h);
    pts = GST_BUFFER_PTS (buf);
    GST_INFO ("frame %u: pts %" GST_TIME_FORMAT " made after %"
        GST_TIME_FORMAT ", pulled before %" GST_TIME_FORMAT, i,
        GST_TIME_ARGS (pts), GST_TIME_ARGS (before), GST_TIME_ARGS (after));
    fail_unless (GST_CLOCK_TIME_IS_VALID (pts));
    fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), i);
    gst_buffer_unref (buf);

    /* timestamps go up */
    if (GST_CLOCK_TIME_IS_VALID (last))
      fail_unless (pts > last, "stamps %s: frame %u at %" GST_TIME_FORMAT
          ", after %" GST_TIME_FORMAT, lie->name, i, GST_TIME_ARGS (pts),
          GST_TIME_ARGS (last));
    last = pts;

    if (clock) {
      /* the frame came when the test clock said this; the card began it
       * a period before (as far off as a believed lie, while it is) */
      fail_unless_equals_int64 ((GstClockTimeDiff) pts,
          (GstClockTimeDiff) (after - PAL_PERIOD) +
          (i < lie->trusted ? lie->trusted_error : 0));
    } else if (i >= lie->trusted) {
      /* stamped on arrival: between its making and its pull, less the
       * period the card took to make it */
      fail_unless (pts + PAL_PERIOD >= before && pts + PAL_PERIOD <= after,
          "stamps %s: frame %u at %" GST_TIME_FORMAT ", made after %"
          GST_TIME_FORMAT " and pulled before %" GST_TIME_FORMAT " (less "
          "a period)", lie->name, i, GST_TIME_ARGS (pts),
          GST_TIME_ARGS (before), GST_TIME_ARGS (after));
    }
  }

  /* the choice, and the fallback, said once */
  fail_unless_equals_int (g_atomic_int_get (&n_infos), lie->trusted ? 1 : 0);
  fail_unless_equals_int (g_atomic_int_get (&n_warnings), lie->reason ? 1 : 0);
  if (lie->reason) {
    g_mutex_lock (&log_lock);
    fail_unless (last_warning && strstr (last_warning, lie->reason),
        "stamps %s: the warning says '%s', not '%s'", lie->name,
        GST_STR_NULL (last_warning), lie->reason);
    g_mutex_unlock (&log_lock);
  }

  log_stop ();
  gst_clear_object (&clock);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_stamps_test_clock)
{
  check_lie (&lies[__i__], TRUE);
}

GST_END_TEST;

GST_START_TEST (test_stamps_system_clock)
{
  check_lie (&lies[__i__], FALSE);
}

GST_END_TEST;

/*
 * A frame's timestamp is when the card began it: the frame of the period
 * after the last frame's is due a period after that period's timestamp,
 * and no filler goes out for it before (signal-loss=repeat). The test
 * clock stands exactly where each frame is due, not later, while the
 * source waits; a filler pushed for a frame on time would come out of the
 * harness before it. The test lets a frame period pass on the wall clock
 * before it makes each frame, so that a source that thought a filler
 * due has woken up to push it (the source's waits on the card are on the
 * wall clock); nothing is asserted about that time.
 */
GST_START_TEST (test_frames_on_time_no_filler)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstTestClock *clock;
  GstHarness *h = play_repeat (&clock);
  guint i;

  for (i = 0; i < N_FRAMES; i++) {
    GstClockTime before, after;
    GstBuffer *buf;

    gst_test_clock_advance_time (clock, PAL_PERIOD);
    g_usleep (PAL_PERIOD / GST_USECOND);
    buf = next_frame (h, card, &before);
    after = running_time (h);
    fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP),
        "buffer %u (pts %" GST_TIME_FORMAT ", the frame due at %"
        GST_TIME_FORMAT ") is a filler", i, GST_TIME_ARGS (GST_BUFFER_PTS
            (buf)), GST_TIME_ARGS (after));
    fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), i);
    fail_unless_equals_uint64 (GST_BUFFER_PTS (buf), after - PAL_PERIOD);
    gst_buffer_unref (buf);
  }
  /* and nothing else */
  fail_unless_equals_int (gst_harness_buffers_received (h), N_FRAMES);

  gst_object_unref (clock);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/*
 * A frame that comes after the filler of its own period went out (the
 * card, or the source's thread, later than the filler delay) is dropped:
 * the filler holds its place, and the next frame is on its own slot. On
 * the test clock the frame's time is the clock's now less how long the
 * card has had it: frames 1 and 2 come together once the filler of
 * frame 1's period is out, frame 1 a period old.
 */
GST_START_TEST (test_late_frame_after_its_filler)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstTestClock *clock;
  GstHarness *h = play_repeat (&clock);
  GstClockTime before, pts0;
  GstBuffer *buf;

  gst_test_clock_advance_time (clock, PAL_PERIOD);
  buf = next_frame (h, card, &before);
  pts0 = GST_BUFFER_PTS (buf);
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), 0);
  gst_buffer_unref (buf);

  /* frame 1 is due at pts0 + 2 periods: the clock past its filler
   * delay, not yet frame 2's */
  gst_test_clock_advance_time (clock, 2 * PAL_PERIOD);
  buf = gst_harness_pull (h);
  fail_unless (buf != NULL);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP));
  fail_unless_equals_uint64 (GST_BUFFER_PTS (buf), pts0 + PAL_PERIOD);
  gst_buffer_unref (buf);

  wait_source_waits (card);
  gst_tv_hw_virtual_card_emit_frames (card, 2);

  /* frame 1 dropped; frame 2 on its slot, ending the gap */
  buf = gst_harness_pull (h);
  fail_unless (buf != NULL);
  fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP));
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), 2);
  fail_unless_equals_uint64 (GST_BUFFER_PTS (buf), pts0 + 2 * PAL_PERIOD);
  gst_buffer_unref (buf);
  fail_unless_equals_int (gst_harness_buffers_received (h), 3);

  gst_object_unref (clock);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/*
 * Never two frames in a row dropped for coming after their filler: a
 * driver that hands every frame over 20 ms after its stamp (more than the
 * filler delay) would otherwise leave nothing but fillers. Frame 1 comes
 * after its period's filler and is dropped; frame 2 comes after its own
 * filler too, and is pushed after it all the same.
 */
GST_START_TEST (test_late_frames_not_dropped_twice)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstTestClock *clock;
  GstHarness *h;
  GstClockTime before, pts0;
  GstBuffer *buf;
  guint i;

  gst_tv_hw_virtual_card_set_stamps (card, GST_TV_HW_VIRTUAL_STAMPS_OFFSET,
      -20 * G_TIME_SPAN_MILLISECOND, V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC);
  h = play_repeat (&clock);
  /* room before the first frame, which is 20 ms older */
  gst_test_clock_advance_time (clock, 5 * PAL_PERIOD);
  buf = next_frame (h, card, &before);
  pts0 = GST_BUFFER_PTS (buf);
  gst_buffer_unref (buf);

  for (i = 1; i <= 2; i++) {
    /* the filler of frame i's period, then frame i, 20 ms too late (the
     * clock moves on once the source has dealt with the frame before) */
    wait_source_waits (card);
    gst_test_clock_advance_time (clock, PAL_PERIOD);
    buf = gst_harness_pull (h);
    fail_unless (buf != NULL);
    fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP));
    fail_unless_equals_uint64 (GST_BUFFER_PTS (buf), pts0 + i * PAL_PERIOD);
    gst_buffer_unref (buf);
    wait_source_waits (card);
    gst_tv_hw_virtual_card_emit_frames (card, 1);
  }

  /* frame 1 dropped, frame 2 pushed after its filler */
  buf = pull_within (h, "frame 2 dropped too");
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), 2);
  fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP));
  fail_unless_equals_uint64 (GST_BUFFER_PTS (buf), pts0 + 2 * PAL_PERIOD + 1);
  gst_buffer_unref (buf);
  fail_unless_equals_int (gst_harness_buffers_received (h), 4);

  gst_object_unref (clock);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_stamps_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-stamps");
  TCase *tc = tcase_create ("stamps");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_loop_test (tc, test_stamps_test_clock, 0, G_N_ELEMENTS (lies));
  tcase_add_loop_test (tc, test_stamps_system_clock, 0, G_N_ELEMENTS (lies));
  tcase_add_test (tc, test_frames_on_time_no_filler);
  tcase_add_test (tc, test_late_frame_after_its_filler);
  tcase_add_test (tc, test_late_frames_not_dropped_twice);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_stamps);
