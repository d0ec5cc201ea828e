/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Signal loss in v4l2tvsrc, on the virtual TV card in real-time pacing:
 * the card stops delivering frames (no signal, with its no-signal frames
 * off, as em28xx or usbtv do), and the element must keep the stream going
 * with filler frames at the standard's rate (repeat or black, flagged
 * GAP), post v4l2tv-signal messages on each change, resume when frames
 * come back, and take transient EIO from DQBUF as lost frames.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 1
#define DEVICE "virtual:1"
#define COMPOSITE1 1

#define NTSC_PERIOD (gst_util_uint64_scale_int (GST_SECOND, 1001, 30000))
/* consecutive EIO that end the capture, as documented for
 * the capture-errors property */
#define GST_V4L2_TV_TEST_MAX_ERRORS 5

typedef struct
{
  GstClockTime pts, duration;
  gboolean gap, discont;
  gboolean black;
  guint32 hash;
} Frame;

typedef struct
{
  GMutex lock;
  GArray *frames;
  gboolean closed;              /* the test reads them: no more */
} Frames;

/* FNV-1a over the visible pixels */
static guint32
frame_hash (GstVideoFrame * f)
{
  guint32 h = 2166136261u;
  guint p, y, x;

  for (p = 0; p < GST_VIDEO_FRAME_N_PLANES (f); p++) {
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (f, p);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (f, p);
    guint h_p = GST_VIDEO_FRAME_COMP_HEIGHT (f, p == 0 ? 0 : 1);
    guint w_bytes = GST_VIDEO_FRAME_COMP_WIDTH (f, p == 0 ? 0 : 1) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (f, p == 0 ? 0 : 1);

    if (GST_VIDEO_FORMAT_INFO_IS_YUV (f->info.finfo) &&
        GST_VIDEO_FRAME_N_PLANES (f) == 1)
      w_bytes = GST_VIDEO_FRAME_WIDTH (f) * 2;  /* packed 4:2:2 */
    for (y = 0; y < h_p; y++)
      for (x = 0; x < w_bytes; x++) {
        h ^= data[y * stride + x];
        h *= 16777619u;
      }
  }
  return h;
}

/* every luma sample 16 and chroma 128 (limited range black) */
static gboolean
frame_is_black (GstVideoFrame * f)
{
  GstVideoFormat format = GST_VIDEO_FRAME_FORMAT (f);
  guint8 *d = GST_VIDEO_FRAME_PLANE_DATA (f, 0);
  gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (f, 0);
  guint w = GST_VIDEO_FRAME_WIDTH (f), h = GST_VIDEO_FRAME_HEIGHT (f);
  guint x, y, p;

  if (format == GST_VIDEO_FORMAT_YUY2 || format == GST_VIDEO_FORMAT_UYVY) {
    guint yoff = format == GST_VIDEO_FORMAT_YUY2 ? 0 : 1;

    for (y = 0; y < h; y++)
      for (x = 0; x < 2 * w; x++)
        if (d[y * stride + x] != ((x & 1) == yoff ? 16 : 128))
          return FALSE;
    return TRUE;
  }

  fail_unless_equals_int (format, GST_VIDEO_FORMAT_I420);
  for (p = 0; p < 3; p++) {
    guint8 *pd = GST_VIDEO_FRAME_PLANE_DATA (f, p);
    gint ps = GST_VIDEO_FRAME_PLANE_STRIDE (f, p);
    guint pw = GST_VIDEO_FRAME_COMP_WIDTH (f, p);
    guint ph = GST_VIDEO_FRAME_COMP_HEIGHT (f, p);

    for (y = 0; y < ph; y++)
      for (x = 0; x < pw; x++)
        if (pd[y * ps + x] != (p == 0 ? 16 : 128))
          return FALSE;
  }
  return TRUE;
}

static GstPadProbeReturn
collect (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Frames *frames = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoInfo vinfo;
  GstVideoFrame vf;
  Frame f = { 0, };

  fail_unless (caps != NULL);
  fail_unless (gst_video_info_from_caps (&vinfo, caps));
  gst_caps_unref (caps);

  f.pts = GST_BUFFER_PTS (buf);
  f.duration = GST_BUFFER_DURATION (buf);
  f.gap = GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP);
  f.discont = GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT);
  fail_unless (gst_video_frame_map (&vf, &vinfo, buf, GST_MAP_READ));
  f.hash = frame_hash (&vf);
  f.black = frame_is_black (&vf);
  gst_video_frame_unmap (&vf);

  g_mutex_lock (&frames->lock);
  if (!frames->closed)
    g_array_append_val (frames->frames, f);
  g_mutex_unlock (&frames->lock);

  return GST_PAD_PROBE_OK;
}

typedef struct
{
  GstElement *pipeline;
  GstElement *src;
  GstBus *bus;
  Frames *frames;               /* v4l2tv_check_track_data() */
  GList *msgs;                  /* the v4l2tv-signal messages since mark */
  guint mark;                   /* frames before the test's event */
} Run;

static void
frames_clear (gpointer data)
{
  Frames *frames = data;

  g_array_free (frames->frames, TRUE);
  g_mutex_clear (&frames->lock);
}

static void
run_start (Run * run, const gchar * props, const gchar * format)
{
  gchar *launch;
  GstPad *pad;

  launch = g_strdup_printf ("v4l2tvsrc name=src device=" DEVICE " input="
      "Composite1 norm=NTSC %s ! video/x-raw,format=%s ! fakesink sync=false",
      props, format);
  run->pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (run->pipeline);
  g_free (launch);
  fail_unless (run->pipeline != NULL);
  run->src = gst_bin_get_by_name (GST_BIN (run->pipeline), "src");
  run->bus = gst_element_get_bus (run->pipeline);
  run->msgs = NULL;
  run->mark = 0;
  run->frames = v4l2tv_check_track_data (run->pipeline, sizeof (Frames),
      frames_clear);
  g_mutex_init (&run->frames->lock);
  run->frames->frames = g_array_new (FALSE, TRUE, sizeof (Frame));
  run->frames->closed = FALSE;
  pad = gst_element_get_static_pad (run->src, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, collect, run->frames,
      NULL);
  gst_object_unref (pad);
  fail_unless (gst_element_set_state (run->pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
}

static guint
count_frames (Run * run, gboolean gap)
{
  guint i, n = 0;

  g_mutex_lock (&run->frames->lock);
  for (i = 0; i < run->frames->frames->len; i++)
    if (g_array_index (run->frames->frames, Frame, i).gap == gap)
      n++;
  g_mutex_unlock (&run->frames->lock);

  return n;
}

/* keeps the v4l2tv-signal messages of the bus (the others are dropped);
 * fails on an error */
static void
take_messages (Run * run)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (run->bus, GST_MESSAGE_ERROR |
              GST_MESSAGE_ELEMENT))) {
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      GError *err = NULL;

      gst_message_parse_error (msg, &err, NULL);
      fail ("error: %s", err->message);
    }
    if (gst_message_has_name (msg, "v4l2tv-signal"))
      run->msgs = g_list_append (run->msgs, msg);
    else
      gst_message_unref (msg);
  }
}

/* how many fillers the frames end with: the gap going on now */
static guint
trailing_fillers (Run * run)
{
  GArray *a;
  guint n = 0;

  g_mutex_lock (&run->frames->lock);
  a = run->frames->frames;
  while (n < a->len && g_array_index (a, Frame, a->len - 1 - n).gap)
    n++;
  g_mutex_unlock (&run->frames->lock);
  return n;
}

/* the v4l2tv-signal messages posted so far, in order (owned by @run) */
static GList *
signal_messages (Run * run)
{
  take_messages (run);
  return run->msgs;
}

/* what a wait counts: card frames, fillers, the fillers the frames end
 * with (the gap going on now), or v4l2tv-signal messages */
typedef enum
{
  COUNT_CARD_FRAMES,
  COUNT_FILLERS,
  COUNT_GAP,
  COUNT_MESSAGES,
} Count;

static guint
count (Run * run, Count what)
{
  switch (what) {
    case COUNT_CARD_FRAMES:
      return count_frames (run, FALSE);
    case COUNT_FILLERS:
      return count_frames (run, TRUE);
    case COUNT_GAP:
      return trailing_fillers (run);
    default:
      return g_list_length (signal_messages (run));
  }
}

/* waits (V4L2TV_CHECK_WAIT at most, failing then) until @what has come to
 * @n; fails on an error message */
static void
wait_count (Run * run, Count what, guint n)
{
  static const gchar *names[] = { "card frames", "fillers",
    "fillers in the gap", "signal messages"
  };
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

  while (count (run, what) < n) {
    take_messages (run);
    fail_unless (g_get_monotonic_time () < end, "only %u %s came",
        count (run, what), names[what]);
    g_usleep (5000);
  }
}

/* waits (V4L2TV_CHECK_WAIT at most, failing then) until the streaming
 * thread has taken every frame the card finished and waits on the card
 * with none left (gst_tv_hw_virtual_card_frames_taken(): with no frames
 * coming, in any pacing) */
static void
wait_card_drained (GstTvHwVirtualCard * card)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

  while (!gst_tv_hw_virtual_card_frames_taken (card)) {
    fail_unless (g_get_monotonic_time () < end, "the card's queue never "
        "drained");
    g_usleep (5000);
  }
}

static void
wait_frames (Run * run, gboolean gap, guint n)
{
  wait_count (run, gap ? COUNT_FILLERS : COUNT_CARD_FRAMES, n);
}

/* the pipeline to PAUSED; the frames are the test's to read from now
 * on: one the streaming thread was still pushing is not added */
static void
pause_run (Run * run)
{
  fail_unless_equals_int (gst_element_set_state (run->pipeline,
          GST_STATE_PAUSED), GST_STATE_CHANGE_NO_PREROLL);
  g_mutex_lock (&run->frames->lock);
  run->frames->closed = TRUE;
  g_mutex_unlock (&run->frames->lock);
}

static void
run_stop (Run * run)
{
  gst_element_set_state (run->pipeline, GST_STATE_NULL);
  gst_object_unref (run->src);
  gst_object_unref (run->bus);
  gst_object_unref (run->pipeline);
  g_list_free_full (run->msgs, (GDestroyNotify) gst_message_unref);
}

static void
check_message (GstMessage * msg, const gchar * status, gboolean signal,
    gboolean gap)
{
  const GstStructure *s = gst_message_get_structure (msg);
  gboolean b;
  guint index;
  guint64 rt;

  GST_INFO ("%" GST_PTR_FORMAT, s);
  fail_unless_equals_string (gst_structure_get_string (s, "device"), DEVICE);
  fail_unless_equals_string (gst_structure_get_string (s, "input"),
      "Composite1");
  fail_unless (gst_structure_get_uint (s, "input-index", &index));
  fail_unless_equals_int (index, COMPOSITE1);
  fail_unless_equals_string (gst_structure_get_string (s, "status"), status);
  fail_unless (gst_structure_get_boolean (s, "signal", &b));
  fail_unless_equals_int (b, signal);
  fail_unless (gst_structure_get_boolean (s, "gap", &b));
  fail_unless_equals_int (b, gap);
  fail_unless (gst_structure_get_uint64 (s, "running-time", &rt));
  fail_unless (GST_CLOCK_TIME_IS_VALID (rt));
  fail_unless (gst_structure_has_field_typed (s, "flags", GST_TYPE_ARRAY));
}

static gboolean
message_has_flag (GstMessage * msg, const gchar * flag)
{
  const GValue *flags =
      gst_structure_get_value (gst_message_get_structure (msg), "flags");
  guint i;

  for (i = 0; i < gst_value_array_get_size (flags); i++)
    if (g_str_equal (g_value_get_string (gst_value_array_get_value (flags,
                    i)), flag))
      return TRUE;
  return FALSE;
}

/* timestamps go up by a frame period or more; fillers exactly a period
 * after the buffer before them, the first filler of a gap and the first
 * card frame after it DISCONT. Returns the index of the first filler. */
static guint
check_timeline (Run * run)
{
  GArray *a = run->frames->frames;
  guint i, first_gap = G_MAXUINT;

  for (i = 1; i < a->len; i++) {
    Frame *prev = &g_array_index (a, Frame, i - 1);
    Frame *f = &g_array_index (a, Frame, i);

    fail_unless (f->pts > prev->pts, "frame %u: pts %" GST_TIME_FORMAT
        " after %" GST_TIME_FORMAT, i, GST_TIME_ARGS (f->pts),
        GST_TIME_ARGS (prev->pts));
    fail_unless_equals_uint64 (f->duration, NTSC_PERIOD);
    if (f->gap) {
      fail_unless_equals_uint64 (f->pts - prev->pts, NTSC_PERIOD);
      fail_unless_equals_int (f->discont, !prev->gap);
      if (first_gap == G_MAXUINT)
        first_gap = i;
    } else if (prev->gap) {
      fail_unless (f->discont, "frame %u after a gap is not DISCONT", i);
    }
  }
  return first_gap;
}

/* what happened until now is not the test's: under valgrind, a card
 * slow to start gives a gap of its own */
static void
mark (Run * run)
{
  take_messages (run);
  g_list_free_full (run->msgs, (GDestroyNotify) gst_message_unref);
  run->msgs = NULL;
  g_mutex_lock (&run->frames->lock);
  run->mark = run->frames->frames->len;
  g_mutex_unlock (&run->frames->lock);
}

/* the card's frames stop (no signal, no frames delivered) for a while and
 * come back */
static void
lose_signal (Run * run, GstTvHwVirtualCard * card, guint n_fillers)
{
  wait_frames (run, FALSE, 10);
  mark (run);
  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1, 0));
  /* a filler the card's lateness made earlier (a loaded machine,
   * valgrind) does not count */
  wait_count (run, COUNT_GAP, n_fillers);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1,
          V4L2_STD_NTSC_M));
  wait_frames (run, FALSE, count_frames (run, FALSE) + 10);
}

static gboolean
message_gap (GstMessage * msg)
{
  gboolean gap = FALSE;

  fail_unless (gst_structure_get_boolean (gst_message_get_structure (msg),
          "gap", &gap));
  return gap;
}

static void
check_gap_messages (Run * run)
{
  GList *l = signal_messages (run);
  gboolean gap;

  /* no signal (the status read at the first period without a frame),
   * the gap starting, (the signal back before its first frame, when a
   * filler's period falls between,) frames back with the signal. After
   * that the card itself can be late for frames (valgrind, or any loaded
   * machine): gaps with the signal there, "ok" with gap TRUE and then
   * FALSE, the last perhaps still open when the run paused. */
  fail_unless (g_list_length (l) >= 3);
  check_message (l->data, "no-signal", FALSE, FALSE);
  fail_unless (message_has_flag (l->data, "no-signal"));
  l = l->next;
  check_message (l->data, "no-signal", FALSE, TRUE);
  l = l->next;
  if (message_gap (l->data)) {
    check_message (l->data, "ok", TRUE, TRUE);
    l = l->next;
    fail_unless (l != NULL, "no message when the frames came back");
  }
  check_message (l->data, "ok", TRUE, FALSE);
  for (l = l->next, gap = TRUE; l; l = l->next, gap = !gap)
    check_message (l->data, "ok", TRUE, gap);
}

/* the fillers from @first on */
static guint
gap_length (GArray * a, guint first)
{
  guint i = first;

  while (i < a->len && g_array_index (a, Frame, i).gap)
    i++;
  return i - first;
}

GST_START_TEST (test_gap_repeat)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run run;
  guint first, i, n_gap = 0, longest = 0;
  guint64 gap_frames = 0;
  Frame *before;
  GArray *a;

  run_start (&run, "", "YUY2");
  lose_signal (&run, card, 10);
  g_object_get (run.src, "gap-frames", &gap_frames, NULL);
  pause_run (&run);

  check_timeline (&run);
  /* every filler counted */
  fail_unless_equals_uint64 (gap_frames, count_frames (&run, TRUE));
  /* the signal's gap is the longest run of fillers after the mark (the
   * card, late under load, can have made a short one before it) */
  a = run.frames->frames;
  first = a->len;
  for (i = run.mark; i < a->len;) {
    guint n = gap_length (a, i);

    if (n > longest) {
      longest = n;
      first = i;
    }
    i += MAX (n, 1);
  }
  fail_unless (first < a->len && first > 0);
  before = &g_array_index (a, Frame, first - 1);
  fail_if (before->gap);
  for (i = first; i < a->len; i++) {
    Frame *f = &g_array_index (a, Frame, i);

    if (!f->gap)
      break;
    /* the last card frame again */
    fail_unless_equals_int (f->hash, before->hash);
    fail_if (f->black);
    n_gap++;
  }
  fail_unless (n_gap >= 10);
  /* card frames differ from one another (the virtual card's marks) */
  fail_unless (i < a->len);
  fail_if (g_array_index (a, Frame, i).hash == before->hash);

  check_gap_messages (&run);
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* black fillers, in the card's format and in a converted one */
GST_START_TEST (test_gap_black)
{
  const gchar *formats[] = { "UYVY", "YUY2", "I420" };
  guint k;

  for (k = 0; k < G_N_ELEMENTS (formats); k++) {
    GstTvHwVirtualCard *card =
        v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
    Run run;
    guint i, first;

    run_start (&run, "signal-loss=black", formats[k]);
    lose_signal (&run, card, 5);
    pause_run (&run);
    first = check_timeline (&run);
    fail_unless (first != G_MAXUINT);
    fail_unless (count_frames (&run, TRUE) >= 5);
    for (i = 0; i < run.frames->frames->len; i++) {
      Frame *f = &g_array_index (run.frames->frames, Frame, i);

      fail_unless_equals_int (f->black, f->gap);
    }
    check_gap_messages (&run);
    run_stop (&run);
    v4l2tv_check_card_closed (CARD);
  }
}

GST_END_TEST;

/* the card late for frames after the signal came back, as on a loaded
 * machine: a gap of its own, with the signal there, after the no-signal
 * one (test_gap_black failed on it once in CI) */
GST_START_TEST (test_gap_then_card_late)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Run run;

  run_start (&run, "signal-loss=black", "UYVY");
  lose_signal (&run, card, 5);
  gst_tv_hw_virtual_card_drop_frames (card, 8);
  wait_frames (&run, FALSE, count_frames (&run, FALSE) + 10);
  pause_run (&run);
  check_timeline (&run);
  /* no signal, gap, (ok in the gap,) ok; ok in the card's gap, ok */
  fail_unless (g_list_length (signal_messages (&run)) >= 5);
  check_gap_messages (&run);
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* signal-loss=wait: nothing while the card delivers nothing, the
 * messages all the same */
GST_START_TEST (test_gap_wait)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  GList *msgs;
  Run run;
  guint n;

  run_start (&run, "signal-loss=wait", "YUY2");
  wait_frames (&run, FALSE, 10);
  mark (&run);
  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1, 0));
  /* once the element has read the status and said so (in the streaming
   * thread, which pushed the card's last frames before), a second of
   * nothing (it waits 4 periods at a time and reads the status at each) */
  wait_count (&run, COUNT_MESSAGES, 1);
  /* on a loaded machine the element can read the status while frames
   * the card finished before still wait in its queue: they come first */
  wait_card_drained (card);
  n = count_frames (&run, FALSE);
  g_usleep (G_USEC_PER_SEC / 2);
  fail_unless_equals_int (count_frames (&run, FALSE), n);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1,
          V4L2_STD_NTSC_M));
  wait_frames (&run, FALSE, n + 10);
  pause_run (&run);
  fail_unless_equals_int (count_frames (&run, TRUE), 0);
  check_timeline (&run);

  msgs = signal_messages (&run);
  fail_unless_equals_int (g_list_length (msgs), 2);
  check_message (g_list_nth_data (msgs, 0), "no-signal", FALSE, FALSE);
  check_message (g_list_nth_data (msgs, 1), "ok", TRUE, FALSE);
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a card that delivers snow without a signal (vivid, most PCI cards):
 * frames go on (signal-loss=wait, so only the card's), the status comes
 * in messages read every half second */
GST_START_TEST (test_snow_status)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  GList *msgs;
  Run run;

  run_start (&run, "signal-loss=wait", "YUY2");
  wait_frames (&run, FALSE, 5);
  mark (&run);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1, 0));
  /* the status is read every half second of stream time */
  wait_frames (&run, FALSE, count_frames (&run, FALSE) + 30);
  fail_unless (gst_tv_hw_virtual_card_set_input_status (card, COMPOSITE1,
          V4L2_IN_ST_MACROVISION));
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1,
          V4L2_STD_NTSC_M));
  wait_frames (&run, FALSE, count_frames (&run, FALSE) + 30);
  pause_run (&run);

  /* the card's two changes are not one: a status read between them
   * (a loaded machine) sees no signal with macrovision, and says so */
  msgs = signal_messages (&run);
  check_message (g_list_nth_data (msgs, 0), "no-signal", FALSE, FALSE);
  if (g_list_length (msgs) == 3) {
    check_message (g_list_nth_data (msgs, 1), "no-signal", FALSE, FALSE);
    fail_unless (message_has_flag (g_list_nth_data (msgs, 1), "macrovision"));
    msgs = g_list_next (msgs);
  }
  fail_unless_equals_int (g_list_length (msgs), 2);
  check_message (g_list_nth_data (msgs, 1), "macrovision", TRUE, FALSE);
  fail_unless (message_has_flag (g_list_nth_data (msgs, 1), "macrovision"));
  fail_if (message_has_flag (g_list_nth_data (msgs, 1), "no-signal"));
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* no frame at all from the start: black (nothing to repeat) after four
 * periods */
GST_START_TEST (test_gap_from_start)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  Frame *f;
  Run run;

  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, COMPOSITE1, 0));
  run_start (&run, "", "I420");
  wait_frames (&run, TRUE, 5);
  pause_run (&run);
  check_timeline (&run);
  f = &g_array_index (run.frames->frames, Frame, 0);
  fail_unless (f->gap && f->black && f->discont);
  fail_unless_equals_int (count_frames (&run, FALSE), 0);
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* EIO from DQBUF a few times: frames lost, the capture goes on */
GST_START_TEST (test_transient_eio)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  guint64 errors = 0;
  Run run;
  guint n;

  run_start (&run, "", "YUY2");
  wait_frames (&run, FALSE, 5);
  /* the video node's: the VBI node's DQBUF would take some of them */
  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  gst_tv_hw_virtual_card_inject_faults (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO, GST_V4L2_TV_TEST_MAX_ERRORS - 1);
  n = count_frames (&run, FALSE);
  wait_frames (&run, FALSE, n + 10);
  g_object_get (run.src, "capture-errors", &errors, NULL);
  fail_unless_equals_uint64 (errors, GST_V4L2_TV_TEST_MAX_ERRORS - 1);
  pause_run (&run);
  check_timeline (&run);
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* five in a row: an error that names the device and the input */
GST_START_TEST (test_eio_error)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL;
  guint64 errors = 0;
  Run run;

  run_start (&run, "", "YUY2");
  wait_frames (&run, FALSE, 5);
  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  gst_tv_hw_virtual_card_inject_faults (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
      EIO, GST_V4L2_TV_TEST_MAX_ERRORS);
  msg = gst_bus_timed_pop_filtered (run.bus, V4L2TV_CHECK_WAIT,
      GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error");
  gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("%s (%s)", err->message, debug);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_READ));
  fail_unless (strstr (err->message, "'" DEVICE "'") != NULL, "%s",
      err->message);
  fail_unless (strstr (debug, "input 'Composite1'") != NULL, "%s", debug);
  fail_unless (strstr (debug, "5 capture errors in a row") != NULL, "%s",
      debug);
  /* the property says as many as the error */
  g_object_get (run.src, "capture-errors", &errors, NULL);
  fail_unless_equals_uint64 (errors, GST_V4L2_TV_TEST_MAX_ERRORS);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);
  run_stop (&run);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the property */
GST_START_TEST (test_signal_loss_property)
{
  GstElement *src = gst_element_factory_make ("v4l2tvsrc", NULL);
  GParamSpec *pspec;
  gint mode = -1;
  guint64 gaps = 1, errors = 1;

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src),
      "signal-loss");
  fail_unless (pspec != NULL);
  fail_unless (pspec->flags & GST_PARAM_MUTABLE_PLAYING);
  g_object_get (src, "signal-loss", &mode, NULL);
  fail_unless_equals_int (mode, 0);     /* repeat */
  gst_util_set_object_arg (G_OBJECT (src), "signal-loss", "black");
  g_object_get (src, "signal-loss", &mode, NULL);
  fail_unless_equals_int (mode, 1);
  gst_util_set_object_arg (G_OBJECT (src), "signal-loss", "wait");
  g_object_get (src, "signal-loss", &mode, NULL);
  fail_unless_equals_int (mode, 2);
  g_object_get (src, "gap-frames", &gaps, "capture-errors", &errors, NULL);
  fail_unless_equals_uint64 (gaps, 0);
  fail_unless_equals_uint64 (errors, 0);
  gst_object_unref (src);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_signal_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-signal");
  TCase *tc = tcase_create ("signal");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_signal_loss_property);
  tcase_add_test (tc, test_gap_repeat);
  tcase_add_test (tc, test_gap_black);
  tcase_add_test (tc, test_gap_then_card_late);
  tcase_add_test (tc, test_gap_wait);
  tcase_add_test (tc, test_snow_status);
  tcase_add_test (tc, test_gap_from_start);
  tcase_add_test (tc, test_transient_eio);
  tcase_add_test (tc, test_eio_error);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_signal);
