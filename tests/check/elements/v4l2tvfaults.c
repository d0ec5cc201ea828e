/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The fault matrix (issue 13, item 15): every operation of the hardware
 * layer the elements call x {EIO, ENODEV, EBUSY, ENOMEM, EINTR, EAGAIN} x
 * every stage (open, configure, allocate, stream, switch, stop, close),
 * for v4l2tvsrc and v4l2tvsink, on the virtual card. Each cell runs the
 * element's whole life with the fault armed at its stage and asserts the
 * outcome class: exactly one error of the element's own (GStreamer's
 * generic "Internal data stream error" may follow it), or the documented
 * recovery (EINTR is retried; EAGAIN from DQBUF is "no frame yet"; one
 * EIO from DQBUF or poll while streaming is a lost frame), never a hang;
 * the device is closed afterwards in every cell. An operation that the
 * element does not call at a stage (found by a run without faults) is
 * counted "not called" and not run. The counts go to the test log
 * ("fault matrix: ...").
 *
 * Also here: the unplug of a card while streaming (item 4) and the
 * transient-error policy the source and the sink share (item 6).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "v4l2tv-check.h"
#include "gstv4l2tvelements.h"
#include "gstv4l2tvfault.h"

#define CARD 3
#define DEVICE "virtual:3"

/* how long a cell may go without progress before it counts as a hang
 * (a guard, not a measurement: cells take milliseconds) */
#define HANG_SECONDS 60
/* frames that must pass after the fault for a recovery */
#define FRAMES_AFTER 4

typedef enum
{
  ELEMENT_SRC,
  ELEMENT_SINK,
  N_ELEMENTS
} Element;


/* the card, its faults on the video nodes: the VBI nodes' faults are
 * only warnings (pipelines/loopback-vbi.c) */
static GstTvHwVirtualCard *
setup_card (GstTvHwVirtualPacing pacing)
{
  GstTvHwVirtualCard *card = v4l2tv_check_setup_card (CARD, pacing);

  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  return card;
}

static const gchar *const element_names[] = { "v4l2tvsrc", "v4l2tvsink" };

static const gchar *const launches[] = {
  "v4l2tvsrc name=el device=" DEVICE " input=Composite1 norm=NTSC ! "
      "fakesink sync=false",
  "videotestsrc ! v4l2tvsink name=el device=" DEVICE " output=0 norm=NTSC "
      "sync=false",
};

typedef enum
{
  STAGE_OPEN,                   /* NULL -> READY */
  STAGE_CONFIGURE,              /* READY -> PLAYING, up to the first frame */
  STAGE_ALLOCATE,               /* from the first REQBUFS on */
  STAGE_STREAM,                 /* after frames went through */
  STAGE_SWITCH,                 /* a live input (output) and norm switch */
  STAGE_STOP,                   /* PLAYING -> NULL */
  STAGE_CLOSE,                  /* READY -> NULL */
  N_STAGES
} Stage;

static const gchar *const stage_names[] = { "open", "configure", "allocate",
  "stream", "switch", "stop", "close"
};

static const gint errnos[] = { EIO, ENODEV, EBUSY, ENOMEM, EINTR, EAGAIN };

static const gchar *const errno_names[] = { "EIO", "ENODEV", "EBUSY",
  "ENOMEM", "EINTR", "EAGAIN"
};

#define N_ERRNOS G_N_ELEMENTS (errnos)

typedef enum
{
  OUTCOME_NOT_CALLED,
  OUTCOME_ERROR,
  OUTCOME_RECOVERED,
  N_OUTCOMES
} Outcome;

/* in the log: (not called), error, recovered */
static const gchar *const outcome_names[] = { "-", "error", "ok" };

/* the counts of the whole matrix, printed at the end */
static guint counts[N_ELEMENTS][N_STAGES][N_OUTCOMES];

/* what one run saw */
typedef struct
{
  GstElement *pipeline;
  GstBus *bus;
  GstElement *el;
  gint frames;                  /* atomic: buffers through the element */
  guint own_errors;
  guint other_errors;           /* generic ones */
  GMutex lock;
  guint bad_errors;             /* neither ours nor the generic one */
  gchar *first_error;
  GError *own;
  guint calls[GST_TV_HW_VIRTUAL_N_FAULTS];
} Run;

static GstBusSyncReply on_message (GstBus * bus, GstMessage * msg,
    gpointer user_data);

/* the pipeline to NULL and released; what it saw stays readable until
 * the test ends */
static void
run_free (Run * run)
{
  gst_element_set_state (run->pipeline, GST_STATE_NULL);
  gst_bus_set_sync_handler (run->bus, NULL, NULL, NULL);
  gst_object_unref (run->el);
  gst_object_unref (run->bus);
  gst_object_unref (run->pipeline);
}

static void
run_clear (gpointer data)
{
  Run *run = data;

  g_free (run->first_error);
  g_clear_error (&run->own);
  g_mutex_clear (&run->lock);
}

static GstPadProbeReturn
count_frame (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;

  g_atomic_int_inc (&run->frames);
  return GST_PAD_PROBE_OK;
}

/* the pipeline of element @e, in NULL; what its threads see, on the heap
 * until the test and the pipeline are done (v4l2tv_check_track_data()) */
static Run *
run_start (Element e)
{
  GstElement *pipeline = gst_parse_launch (launches[e], NULL);
  GstPad *pad;
  Run *run;

  fail_unless (pipeline != NULL);
  v4l2tv_check_track (pipeline);
  run = v4l2tv_check_track_data (pipeline, sizeof (Run), run_clear);
  run->pipeline = pipeline;
  run->bus = gst_element_get_bus (run->pipeline);
  run->el = gst_bin_get_by_name (GST_BIN (run->pipeline), "el");
  g_mutex_init (&run->lock);
  gst_bus_set_sync_handler (run->bus, on_message, run, NULL);
  pad = gst_element_get_static_pad (run->el, e == ELEMENT_SRC ? "src" : "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_frame, run, NULL);
  gst_object_unref (pad);

  return run;
}

/* every error, from whichever thread posts it (the bus is flushed in
 * NULL, so they are taken as they come) */
static GstBusSyncReply
on_message (GstBus * bus, GstMessage * msg, gpointer user_data)
{
  Run *run = user_data;
  GError *err = NULL;
  gchar *debug = NULL;
  gboolean generic;

  if (GST_MESSAGE_TYPE (msg) != GST_MESSAGE_ERROR)
    return GST_BUS_PASS;

  gst_message_parse_error (msg, &err, &debug);
  /* GstBaseSrc's own follow-up, from the source itself or from
   * videotestsrc */
  generic = g_error_matches (err, GST_STREAM_ERROR, GST_STREAM_ERROR_FAILED)
      && debug && strstr (debug, "streaming stopped, reason") != NULL;
  g_mutex_lock (&run->lock);
  if (GST_MESSAGE_SRC (msg) == GST_OBJECT (run->el) && !generic) {
    run->own_errors++;
    if (run->own == NULL)
      run->own = g_error_copy (err);
  } else if (generic) {
    run->other_errors++;
  } else {
    run->bad_errors++;
  }
  if (run->first_error == NULL)
    run->first_error = g_strdup_printf ("%s: %s (%s)",
        GST_MESSAGE_SRC_NAME (msg), err->message, debug);
  g_mutex_unlock (&run->lock);
  g_clear_error (&err);
  g_free (debug);

  return GST_BUS_PASS;
}

/* TRUE when an error came; fails on an error of another element that is
 * not the generic one */
static gboolean
run_poll_bus (Run * run, GstClockTime timeout)
{
  gboolean got;

  if (timeout > 0)
    g_usleep (timeout / GST_USECOND);
  g_mutex_lock (&run->lock);
  fail_unless (run->bad_errors == 0, "an error from another element: %s",
      run->first_error);
  got = run->own_errors + run->other_errors > 0;
  g_mutex_unlock (&run->lock);

  return got;
}

/* waits until @n more frames went through, or an error came; FALSE on
 * an error or when the pipeline stopped moving */
static gboolean
run_wait_frames (Run * run, gint n)
{
  gint target = g_atomic_int_get (&run->frames) + n;
  gint64 end = g_get_monotonic_time () + HANG_SECONDS * G_TIME_SPAN_SECOND;
  gint last = -1;

  for (;;) {
    gint now = g_atomic_int_get (&run->frames);

    if (run_poll_bus (run, 5 * GST_MSECOND))
      return FALSE;
    if (now >= target)
      return TRUE;
    if (now != last) {
      last = now;
      end = g_get_monotonic_time () + HANG_SECONDS * G_TIME_SPAN_SECOND;
    }
    if (g_get_monotonic_time () > end)
      return FALSE;
  }
}

static gboolean
run_set_state (Run * run, GstState state)
{
  GstStateChangeReturn ret = gst_element_set_state (run->pipeline, state);

  if (ret == GST_STATE_CHANGE_ASYNC)
    ret = gst_element_get_state (run->pipeline, NULL, NULL,
        HANG_SECONDS * GST_SECOND);
  return ret != GST_STATE_CHANGE_FAILURE && ret != GST_STATE_CHANGE_ASYNC;
}

static void
run_snapshot (GstTvHwVirtualCard * card, guint * calls)
{
  guint f;

  for (f = 0; f < GST_TV_HW_VIRTUAL_N_FAULTS; f++)
    gst_tv_hw_virtual_card_get_fault_stats (card, f, &calls[f], NULL);
}

static void
cancel_fault (GstTvHwVirtualCard * card, GstTvHwVirtualFault fault,
    GstTvHwVirtualFault trigger)
{
  if (trigger < GST_TV_HW_VIRTUAL_N_FAULTS)
    gst_tv_hw_virtual_card_inject_faults_on (card, trigger, fault, 0, 0);
  gst_tv_hw_virtual_card_inject_fault (card, fault, 0);
}

/*
 * One cell: @fault (or none, for the dry run: -1) with @err at @stage of
 * element @e. @stage_calls (optional) gets the number of calls of each
 * operation during the stage's window. Returns the outcome, and fails the
 * test on anything that is no outcome (two errors of our own, an error
 * without the fault, a hang, a device left open).
 */
static Outcome
run_cell (Element e, Stage stage, gint fault, gint err, guint * stage_calls)
{
  GstTvHwVirtualCard *card =
      setup_card ( GST_TV_HW_VIRTUAL_PACING_FREERUN);
  GstTvHwVirtualFault trigger = GST_TV_HW_VIRTUAL_N_FAULTS;
  guint before[GST_TV_HW_VIRTUAL_N_FAULTS], after[GST_TV_HW_VIRTUAL_N_FAULTS];
  const gchar *what = fault >= 0 ? gst_tv_hw_virtual_fault_name (fault) :
      "(none)";
  gboolean alive = TRUE, recovered = FALSE;
  guint hits = 0, f;
  gint frames_at_fault = 0;
  Outcome outcome;
  Run *run;

#define ARM() G_STMT_START { \
    run_snapshot (card, before); \
    if (fault >= 0) \
      gst_tv_hw_virtual_card_inject_fault (card, fault, err); \
  } G_STMT_END
#define ARM_ON(t) G_STMT_START { \
    run_snapshot (card, before); \
    trigger = (t); \
    if (fault >= 0) \
      gst_tv_hw_virtual_card_inject_faults_on (card, trigger, fault, err, 1); \
  } G_STMT_END
#define DISARM() G_STMT_START { \
    run_snapshot (card, after); \
    if (fault >= 0) \
      cancel_fault (card, fault, trigger); \
  } G_STMT_END

  run = run_start (e);

  switch (stage) {
    case STAGE_OPEN:
      ARM ();
      alive = run_set_state (run, GST_STATE_READY);
      DISARM ();
      if (alive)
        alive = run_set_state (run, GST_STATE_PLAYING) &&
            run_wait_frames (run, FRAMES_AFTER);
      break;
    case STAGE_CONFIGURE:
    case STAGE_ALLOCATE:
      alive = run_set_state (run, GST_STATE_READY);
      fail_unless (alive, "READY failed without a fault");
      if (stage == STAGE_CONFIGURE)
        ARM ();
      else
        ARM_ON (GST_TV_HW_VIRTUAL_FAULT_REQBUFS);
      alive = run_set_state (run, GST_STATE_PLAYING) &&
          run_wait_frames (run, 1);
      DISARM ();
      if (alive)
        alive = run_wait_frames (run, FRAMES_AFTER);
      break;
    case STAGE_STREAM:
    case STAGE_SWITCH:
      alive = run_set_state (run, GST_STATE_PLAYING) &&
          run_wait_frames (run, 2);
      fail_unless (alive, "no frames without a fault: %s", run->first_error);
      if (stage == STAGE_STREAM) {
        ARM ();
      } else {
        ARM_ON (GST_TV_HW_VIRTUAL_FAULT_STREAMOFF);
        if (e == ELEMENT_SRC) {
          g_object_set (run->el, "input", "S-Video", NULL);
          gst_util_set_object_arg (G_OBJECT (run->el), "norm", "PAL");
        } else {
          g_object_set (run->el, "output", "1", NULL);
        }
      }
      frames_at_fault = g_atomic_int_get (&run->frames);
      alive = run_wait_frames (run, 2 * FRAMES_AFTER);
      DISARM ();
      break;
    case STAGE_STOP:
      alive = run_set_state (run, GST_STATE_PLAYING) &&
          run_wait_frames (run, 2);
      fail_unless (alive, "no frames without a fault: %s", run->first_error);
      ARM_ON (GST_TV_HW_VIRTUAL_FAULT_STREAMOFF);
      break;
    case STAGE_CLOSE:
      alive = run_set_state (run, GST_STATE_READY);
      fail_unless (alive, "READY failed without a fault");
      ARM ();
      break;
    default:
      g_assert_not_reached ();
  }

  /* the end of every run: NULL must come, and close the card */
  fail_unless (run_set_state (run, GST_STATE_NULL), "%s %s %s %s: NULL "
      "failed", element_names[e], stage_names[stage], what, g_strerror (err));
  if (stage == STAGE_STOP || stage == STAGE_CLOSE)
    DISARM ();
  run_poll_bus (run, 0);
  v4l2tv_check_card_closed (CARD);

  if (fault >= 0)
    gst_tv_hw_virtual_card_get_fault_stats (card, fault, NULL, &hits);
  if (stage_calls) {
    for (f = 0; f < GST_TV_HW_VIRTUAL_N_FAULTS; f++)
      stage_calls[f] = after[f] - before[f];
  }

  GST_INFO ("%s %s %s %s: %u hit(s), %u own error(s) (%s), %d frames",
      element_names[e], stage_names[stage], what, g_strerror (err), hits,
      run->own_errors, run->first_error ? run->first_error : "none",
      g_atomic_int_get (&run->frames));

  /* exactly one error of our own, or none */
  fail_unless (run->own_errors <= 1, "%s %s %s %s: %u errors of the "
      "element's own, the first %s", element_names[e], stage_names[stage],
      what, g_strerror (err), run->own_errors, run->first_error);
  /* a generic error only follows ours */
  fail_unless (run->other_errors == 0 || run->own_errors == 1,
      "%s %s %s %s: %s", element_names[e], stage_names[stage], what,
      g_strerror (err), run->first_error);

  if (run->own_errors == 1) {
    fail_unless (hits > 0, "%s %s %s %s: an error without the fault: %s",
        element_names[e], stage_names[stage], what, g_strerror (err),
        run->first_error);
    /* the device goes away: the message says so once it is open (a
     * failed STREAMOFF is only a warning: what fails after it is
     * reported, with its own errno) */
    if (err == ENODEV && stage >= STAGE_CONFIGURE && stage <= STAGE_SWITCH
        && fault != GST_TV_HW_VIRTUAL_FAULT_STREAMOFF)
      fail_unless (g_error_matches (run->own, GST_RESOURCE_ERROR,
              GST_RESOURCE_ERROR_NOT_FOUND) &&
          strstr (run->own->message, "disconnected") != NULL,
          "%s %s %s ENODEV: %s", element_names[e], stage_names[stage], what,
          run->first_error);
    outcome = OUTCOME_ERROR;
  } else {
    /* no error: the stream went on (or stopped as asked) */
    if (stage == STAGE_STOP || stage == STAGE_CLOSE)
      recovered = TRUE;
    else
      recovered = alive;
    fail_unless (recovered, "%s %s %s %s: no error, but no frames either "
        "(%d frames, %d when the fault was armed)", element_names[e],
        stage_names[stage], what, g_strerror (err),
        g_atomic_int_get (&run->frames), frames_at_fault);
    outcome = hits > 0 ? OUTCOME_RECOVERED : OUTCOME_NOT_CALLED;
  }

  run_free (run);

#undef ARM
#undef ARM_ON
#undef DISARM

  return outcome;
}

/* the outcome each errno may have where it hits (documented recovery):
 * EINTR is retried, so never an error; the other errnos are either */
static void
check_cell (Element e, Stage stage, GstTvHwVirtualFault fault, gint err,
    Outcome outcome)
{
  const gchar *what = gst_tv_hw_virtual_fault_name (fault);

  if (outcome == OUTCOME_NOT_CALLED)
    return;
  if (err == EINTR)
    fail_unless (outcome == OUTCOME_RECOVERED,
        "%s %s %s EINTR: not retried", element_names[e], stage_names[stage],
        what);
  /* no frame yet */
  if (err == EAGAIN && fault == GST_TV_HW_VIRTUAL_FAULT_DQBUF)
    fail_unless (outcome == OUTCOME_RECOVERED,
        "%s %s DQBUF EAGAIN: not taken as 'no frame yet'",
        element_names[e], stage_names[stage]);
  /* one transient EIO from DQBUF while streaming is a lost frame */
  if (err == EIO && fault == GST_TV_HW_VIRTUAL_FAULT_DQBUF &&
      stage == STAGE_STREAM)
    fail_unless (outcome == OUTCOME_RECOVERED,
        "%s stream DQBUF EIO: not a lost frame", element_names[e]);
  /* a disconnect while streaming is an error */
  if (err == ENODEV && stage == STAGE_STREAM &&
      (fault == GST_TV_HW_VIRTUAL_FAULT_DQBUF ||
          fault == GST_TV_HW_VIRTUAL_FAULT_POLL))
    fail_unless (outcome == OUTCOME_ERROR,
        "%s stream %s ENODEV: no error", element_names[e], what);
}

/* one element at one stage: a run without faults finds the operations
 * the stage calls, then every one of them with every errno */
static void
run_stage (Element e, Stage stage)
{
  guint calls[GST_TV_HW_VIRTUAL_N_FAULTS];
  guint f, i, called = 0;
  GString *line;

  run_cell (e, stage, -1, 0, calls);
  for (f = 0; f < GST_TV_HW_VIRTUAL_N_FAULTS; f++) {
    if (calls[f] == 0) {
      counts[e][stage][OUTCOME_NOT_CALLED] += N_ERRNOS;
      continue;
    }
    called++;
    line = g_string_new (NULL);
    g_string_append_printf (line, "fault matrix: %s %s %s:",
        element_names[e], stage_names[stage], gst_tv_hw_virtual_fault_name (f));
    for (i = 0; i < N_ERRNOS; i++) {
      Outcome o = run_cell (e, stage, f, errnos[i], NULL);

      check_cell (e, stage, f, errnos[i], o);
      counts[e][stage][o]++;
      g_string_append_printf (line, " %s=%s", errno_names[i], outcome_names[o]);
    }
    g_print ("%s\n", line->str);
    g_string_free (line, TRUE);
  }
  GST_INFO ("%s %s: %u operations called", element_names[e],
      stage_names[stage], called);
  fail_unless (called > 0 || stage == STAGE_CLOSE,
      "%s %s: the stage called nothing", element_names[e], stage_names[stage]);
}

GST_START_TEST (test_matrix)
{
  Element e = __i__ / N_STAGES;
  Stage stage = __i__ % N_STAGES;
  guint *c = counts[e][stage];

  run_stage (e, stage);
  g_print ("fault matrix: %s %s: %u cells, %u errors, %u recoveries, "
      "%u not called\n", element_names[e], stage_names[stage],
      c[OUTCOME_NOT_CALLED] + c[OUTCOME_ERROR] + c[OUTCOME_RECOVERED],
      c[OUTCOME_ERROR], c[OUTCOME_RECOVERED], c[OUTCOME_NOT_CALLED]);
}

GST_END_TEST;

/* --- unplug (item 4) --- */

/* the card unplugged while streaming: one error, RESOURCE NOT_FOUND,
 * "Device '...' was disconnected.", the device closed; the node is gone
 * (a new start fails with NOT_FOUND) until replugged */
GST_START_TEST (test_unplug)
{
  Element e = __i__;
  GstTvHwVirtualCard *card;
  Run *run;

  card = setup_card ( GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run = run_start (e);
  fail_unless (run_set_state (run, GST_STATE_PLAYING));
  fail_unless (run_wait_frames (run, 2), "no frames: %s", run->first_error);

  gst_tv_hw_virtual_card_unplug (card);
  fail_if (run_wait_frames (run, 1000000), "frames after the unplug");
  run_poll_bus (run, 0);
  fail_unless_equals_int (run->own_errors, 1);
  fail_unless (g_error_matches (run->own, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND), "%s", run->first_error);
  fail_unless (strstr (run->own->message, "was disconnected") != NULL,
      "%s", run->first_error);
  fail_unless (strstr (run->own->message, DEVICE) != NULL, "%s",
      run->first_error);
  fail_unless (run_set_state (run, GST_STATE_NULL));
  v4l2tv_check_card_closed (CARD);
  g_clear_pointer (&run->first_error, g_free);
  g_clear_error (&run->own);
  run->own_errors = run->other_errors = 0;

  /* the node is gone */
  fail_if (run_set_state (run, GST_STATE_READY));
  run_poll_bus (run, 0);
  fail_unless (g_error_matches (run->own, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND), "%s", run->first_error);
  fail_unless_equals_int (run->own_errors, 1);
  fail_unless (run_set_state (run, GST_STATE_NULL));
  g_clear_pointer (&run->first_error, g_free);
  g_clear_error (&run->own);
  run->own_errors = run->other_errors = 0;

  /* back: the same pipeline plays again */
  gst_tv_hw_virtual_card_replug (card);
  fail_unless (run_set_state (run, GST_STATE_PLAYING));
  fail_unless (run_wait_frames (run, 2), "no frames after the replug: %s",
      run->first_error);
  fail_unless (run_set_state (run, GST_STATE_NULL));
  v4l2tv_check_card_closed (CARD);

  run_free (run);
}

GST_END_TEST;

/* the sink unplugged with a frame still at the card (manual pacing: the
 * card displays none, and the preroll frame is queued in PAUSED): its one
 * error at the next frame, then upstream's EOS, whose drain must not meet
 * the dead card and post the error a second time */
GST_START_TEST (test_unplug_sink_queued)
{
  GstTvHwVirtualCard *card;
  GstMessage *eos;
  Run *run;

  card = setup_card ( GST_TV_HW_VIRTUAL_PACING_MANUAL);
  run = run_start (ELEMENT_SINK);
  fail_unless (run_set_state (run, GST_STATE_PAUSED));
  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (run_set_state (run, GST_STATE_PLAYING));
  fail_if (run_wait_frames (run, 1000000), "no error after the unplug");
  /* the EOS is handled (the drain done) before the sink posts it */
  eos = gst_bus_timed_pop_filtered (run->bus, HANG_SECONDS * GST_SECOND,
      GST_MESSAGE_EOS);
  fail_unless (eos != NULL, "no EOS after the error");
  gst_message_unref (eos);
  run_poll_bus (run, 0);
  fail_unless_equals_int (run->own_errors, 1);
  fail_unless (g_error_matches (run->own, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND), "%s", run->first_error);
  fail_unless (run_set_state (run, GST_STATE_NULL));
  v4l2tv_check_card_closed (CARD);
  gst_tv_hw_virtual_card_replug (card);

  run_free (run);
}

GST_END_TEST;

/* the hardware layer on an unplugged card, as the kernel answers */
GST_START_TEST (test_unplug_hw)
{
  GstTvHwVirtualCard *card =
      setup_card ( GST_TV_HW_VIRTUAL_PACING_FREERUN);
  GstTvHwDevice *dev, *dev2;
  GError *err = NULL;
  struct v4l2_buffer buf;
  guint32 n = 0, index;
  gpointer data;
  gsize size;

  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, &n, &err));
  fail_unless (gst_tv_hw_device_map_buffer (dev, 0, &data, &size, &err));
  for (index = 0; index < n; index++) {
    memset (&buf, 0, sizeof (buf));
    buf.index = index;
    fail_unless (gst_tv_hw_device_queue_buffer (dev, &buf, &err));
  }
  fail_unless (gst_tv_hw_device_stream_on (dev, &err));

  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (gst_tv_hw_virtual_card_is_unplugged (card));
  /* every call: ENODEV, which the layer calls DISCONNECTED */
  fail_if (gst_tv_hw_device_wait (dev, -1, &err));
  fail_unless (g_error_matches (err, GST_TV_HW_ERROR,
          GST_TV_HW_ERROR_DISCONNECTED), "%s", err->message);
  g_clear_error (&err);
  fail_if (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
  fail_unless (g_error_matches (err, GST_TV_HW_ERROR,
          GST_TV_HW_ERROR_DISCONNECTED));
  g_clear_error (&err);
  fail_if (gst_tv_hw_device_get_input (dev, &index, &err));
  fail_unless (g_error_matches (err, GST_TV_HW_ERROR,
          GST_TV_HW_ERROR_DISCONNECTED));
  g_clear_error (&err);
  /* the mapping stays readable */
  fail_unless (((volatile guint8 *) data)[size - 1] <= 255);

  /* the node is gone */
  dev2 = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev2 == NULL);
  fail_unless (g_error_matches (err, GST_TV_HW_ERROR,
          GST_TV_HW_ERROR_NOT_FOUND));
  g_clear_error (&err);

  /* replugged: new handles work, the old one stays dead */
  gst_tv_hw_virtual_card_replug (card);
  dev2 = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev2 != NULL);
  fail_unless (gst_tv_hw_device_get_input (dev2, &index, &err));
  /* the queue is free: the dead handle no longer owns it */
  fail_unless (gst_tv_hw_device_request_buffers (dev2, 2, &n, &err));
  fail_unless (gst_tv_hw_device_request_buffers (dev2, 0, &n, &err));
  fail_if (gst_tv_hw_device_get_input (dev, &index, &err));
  fail_unless (g_error_matches (err, GST_TV_HW_ERROR,
          GST_TV_HW_ERROR_DISCONNECTED));
  g_clear_error (&err);

  gst_tv_hw_device_close (dev2);
  gst_tv_hw_device_close (dev);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- transient errors (item 6): one policy for the source and the sink */

/* GST_V4L2_TV_MAX_IO_ERRORS - 1 EIO in a row from DQBUF: frames lost, the
 * stream goes on; GST_V4L2_TV_MAX_IO_ERRORS: exactly one error of ours */
GST_START_TEST (test_transient_eio)
{
  Element e = __i__ / 2;
  gboolean too_many = __i__ % 2;
  guint n = too_many ? GST_V4L2_TV_MAX_IO_ERRORS :
      GST_V4L2_TV_MAX_IO_ERRORS - 1;
  GstTvHwVirtualCard *card;
  guint hits = 0;
  Run *run;

  fail_unless_equals_int (GST_V4L2_TV_MAX_IO_ERRORS, 5);
  card = setup_card ( GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run = run_start (e);
  fail_unless (run_set_state (run, GST_STATE_PLAYING));
  fail_unless (run_wait_frames (run, 2), "no frames: %s", run->first_error);

  gst_tv_hw_virtual_card_inject_faults (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO, n);
  if (too_many) {
    fail_if (run_wait_frames (run, 1000000), "no error");
  } else {
    fail_unless (run_wait_frames (run, FRAMES_AFTER), "%s", run->first_error);
  }
  fail_unless (run_set_state (run, GST_STATE_NULL));
  run_poll_bus (run, 0);
  gst_tv_hw_virtual_card_get_fault_stats (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      NULL, &hits);
  fail_unless_equals_int (hits, n);
  if (too_many) {
    fail_unless_equals_int (run->own_errors, 1);
    fail_unless (run->other_errors <= 1);
    fail_unless (g_error_matches (run->own, GST_RESOURCE_ERROR,
            e == ELEMENT_SRC ? GST_RESOURCE_ERROR_READ :
            GST_RESOURCE_ERROR_WRITE), "%s", run->first_error);
  } else {
    fail_unless_equals_int (run->own_errors, 0);
    fail_unless_equals_int (run->other_errors, 0);
  }
  v4l2tv_check_card_closed (CARD);

  run_free (run);
}

GST_END_TEST;

static Suite *
v4l2tvfaults_suite (void)
{
  Suite *s = suite_create ("v4l2tvfaults");
  TCase *tc_unplug = tcase_create ("unplug");
  TCase *tc_transient = tcase_create ("transient");
  TCase *tc_matrix = tcase_create ("matrix");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc_unplug);
  v4l2tv_check_add_teardown (tc_unplug);
  tcase_add_test (tc_unplug, test_unplug_hw);
  tcase_add_loop_test (tc_unplug, test_unplug, 0, N_ELEMENTS);
  tcase_add_test (tc_unplug, test_unplug_sink_queued);

  suite_add_tcase (s, tc_transient);
  v4l2tv_check_add_teardown (tc_transient);
  tcase_add_loop_test (tc_transient, test_transient_eio, 0, 2 * N_ELEMENTS);

  suite_add_tcase (s, tc_matrix);
  v4l2tv_check_add_teardown (tc_matrix);
  tcase_add_loop_test (tc_matrix, test_matrix, 0, N_ELEMENTS * N_STAGES);

  return s;
}

GST_CHECK_MAIN (v4l2tvfaults);
