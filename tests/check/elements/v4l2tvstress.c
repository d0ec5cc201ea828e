/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The device lock under load: while v4l2tvsrc streams, four application
 * threads use every way into the card at once, STRESS_CALLS calls in all:
 *  - the tuner: set_channel, set_norm and set_frequency (GstTvTuner) and
 *    the input / norm properties;
 *  - colour balance: GstColorBalance set_value and get_value;
 *  - orientation: the video-direction property, set and read;
 *  - readers: every property and getter the others change.
 * The tuner thread lets a frame go by every 100 calls, so that switches
 * land while the others go on. Nothing may crash or deadlock (a deadlock
 * is this test's timeout), the frames keep coming during and after, and once the threads are done the
 * state read back is the last one each thread set.
 *
 * The device is $V4L2TV_TEST_DEVICE ("virtual:5", REALTIME pacing, when
 * unset), so that the same test runs against the kernel's vivid in the
 * vivid suite; only inputs with analog standards are switched to (vivid's
 * webcam and HDMI inputs are slow or have none).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>
#include <gst/video/colorbalance.h>
#include <gst/tuner/tuner.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw.h"
#include "v4l2tv-check.h"

#define DEFAULT_DEVICE "virtual:5"
#define VIRTUAL_CARD 5

/* in all, over the four threads */
#define STRESS_CALLS 10000
#define N_THREADS 4

/* a hang guard for the frames that must keep coming, not a measurement */
#define FRAME_DEADLINE (120 * G_TIME_SPAN_SECOND)

typedef struct
{
  GstElement *pipeline, *src;
  const gchar *device;

  /* the inputs with analog standards, from ENUMINPUT */
  GPtrArray *inputs;            /* gchar * */
  GArray *input_stds;           /* v4l2_std_id */
  /* the colour controls' ranges on each of those inputs (QUERYCTRL after
   * S_INPUT; vivid moves brightness by 128 an input), and over all */
  struct
  {
    gint32 min, max;
  } range[8][4];
  gint32 lo[4], hi[4];
  gboolean per_input[4];        /* the range differs between inputs */

  GMutex lock;
  GCond cond;
  guint64 frames;

  /* what each thread set last, read after they are done */
  gchar *last_input;
  v4l2_std_id last_norm;
  gint last_balance[4];
  gboolean have_balance[4];
  gchar *last_direction;
  gulong last_frequency;
  GstTvTunerChannel *tuner_channel;     /* the input with a tuner */
} Stress;

static void
on_handoff (GstElement * sink, GstBuffer * buf, GstPad * pad, Stress * st)
{
  g_mutex_lock (&st->lock);
  st->frames++;
  g_cond_broadcast (&st->cond);
  g_mutex_unlock (&st->lock);
}

static guint64
frames_now (Stress * st)
{
  guint64 n;

  g_mutex_lock (&st->lock);
  n = st->frames;
  g_mutex_unlock (&st->lock);
  return n;
}

/* waits for @n more frames than @since; fails after FRAME_DEADLINE */
static void
wait_frames (Stress * st, guint64 since, guint n)
{
  gint64 end = g_get_monotonic_time () + FRAME_DEADLINE;

  g_mutex_lock (&st->lock);
  while (st->frames < since + n) {
    if (!g_cond_wait_until (&st->cond, &st->lock, end)) {
      guint64 got = st->frames - since;

      g_mutex_unlock (&st->lock);
      fail ("%" G_GUINT64_FORMAT " frames of %u came from '%s'", got, n,
          st->device);
    }
  }
  g_mutex_unlock (&st->lock);
}

static const guint32 balance_cids[4] = { V4L2_CID_BRIGHTNESS,
  V4L2_CID_CONTRAST, V4L2_CID_SATURATION, V4L2_CID_HUE
};

static const gchar *balance_labels[4] = { "BRIGHTNESS", "CONTRAST",
  "SATURATION", "HUE"
};

static guint
balance_index (GstColorBalanceChannel * c)
{
  guint k;

  for (k = 0; k < 4; k++)
    if (g_str_equal (c->label, balance_labels[k]))
      return k;
  fail ("unknown channel %s", c->label);
  return 0;
}

static guint
input_index (Stress * st, const gchar * name)
{
  guint i;

  for (i = 0; i < st->inputs->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (st->inputs, i), name) == 0)
      return i;
  fail ("unknown input %s", name);
  return 0;
}

/* the inputs with standards (ENUMINPUT) and the norm= value to use on
 * each; the colour controls' ranges on each */
static void
find_inputs (Stress * st)
{
  GError *err = NULL;
  GstTvHwDevice *dev;
  guint32 i, k, n, was = 0;
  guint32 index[G_N_ELEMENTS (st->range)];

  dev = gst_tv_hw_device_open (st->device, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL, "%s", err ? err->message : "");
  for (i = 0; st->inputs->len < G_N_ELEMENTS (st->range); i++) {
    struct v4l2_input input;

    if (!gst_tv_hw_device_enum_input (dev, i, &input, &err))
      break;
    if (input.std != 0) {
      index[st->inputs->len] = i;
      g_ptr_array_add (st->inputs, GST_TV_HW_NAME (input.name));
      g_array_append_val (st->input_stds, input.std);
    }
  }
  fail_unless (err == NULL);

  fail_unless (gst_tv_hw_device_get_input (dev, &was, &err));
  for (k = 0; k < 4; k++) {
    st->lo[k] = G_MAXINT32;
    st->hi[k] = G_MININT32;
  }
  for (n = 0; n < st->inputs->len; n++) {
    fail_unless (gst_tv_hw_device_set_input (dev, index[n], &err), "%s",
        err ? err->message : "");
    for (k = 0; k < 4; k++) {
      struct v4l2_queryctrl qc = { 0, };

      if (!gst_tv_hw_device_query_ctrl (dev, balance_cids[k], &qc, NULL))
        continue;
      st->range[n][k].min = qc.minimum;
      st->range[n][k].max = qc.maximum;
      st->lo[k] = MIN (st->lo[k], qc.minimum);
      st->hi[k] = MAX (st->hi[k], qc.maximum);
      if (n > 0 && (qc.minimum != st->range[0][k].min ||
              qc.maximum != st->range[0][k].max))
        st->per_input[k] = TRUE;
    }
  }
  fail_unless (gst_tv_hw_device_set_input (dev, was, &err));
  gst_tv_hw_device_close (dev);
  fail_unless (st->inputs->len > 0, "'%s' has no input with standards",
      st->device);
}

/* a norm= value that @stds accepts: the 625-line group first */
static v4l2_std_id
norm_for (v4l2_std_id stds, gboolean pal)
{
  if (pal && (stds & V4L2_STD_PAL) == V4L2_STD_PAL)
    return V4L2_STD_PAL;
  if ((stds & V4L2_STD_NTSC) == V4L2_STD_NTSC)
    return V4L2_STD_NTSC;
  if ((stds & V4L2_STD_PAL) == V4L2_STD_PAL)
    return V4L2_STD_PAL;
  return 0;
}

static GstTvTunerChannel *
channel_named (GstTvTuner * tuner, const gchar * name)
{
  GstTvTunerChannel *c = gst_tv_tuner_find_channel_by_name (tuner, name);

  fail_unless (c != NULL, "no channel '%s'", name);
  return c;
}

/* --- the threads --- */

static gpointer
tuner_thread (gpointer data)
{
  Stress *st = data;
  GstTvTuner *tuner = GST_TV_TUNER (st->src);
  GRand *rand = g_rand_new_with_seed (1);
  guint i, n = STRESS_CALLS / N_THREADS;

  for (i = 0; i < n; i++) {
    guint k = g_rand_int_range (rand, 0, st->inputs->len);
    const gchar *name = g_ptr_array_index (st->inputs, k);
    v4l2_std_id stds = g_array_index (st->input_stds, v4l2_std_id, k);

    /* let the streaming thread carry some switches out meanwhile */
    if (i % 100 == 99)
      wait_frames (st, frames_now (st), 1);

    switch (i % 4) {
      case 0:
        /* switching is requested; it lands at a frame */
        fail_unless (gst_tv_tuner_set_channel (tuner,
                channel_named (tuner, name)));
        break;
      case 1:{
        /* a norm of the current input: refused (FALSE) when a switch got
         * in between, which is fine here */
        const GList *norms = gst_tv_tuner_list_norms (tuner);
        guint len = g_list_length ((GList *) norms);

        if (len > 0)
          gst_tv_tuner_set_norm (tuner, g_list_nth_data ((GList *) norms,
                  g_rand_int_range (rand, 0, len)));
        break;
      }
      case 2:
        if (st->tuner_channel)
          gst_tv_tuner_set_frequency (tuner, st->tuner_channel,
              (gulong) g_rand_int_range (rand, 1000, 9000) * 62500);
        break;
      default:
        g_object_set (st->src, "input", name, "norm",
            (gint) norm_for (stds, g_rand_boolean (rand)), NULL);
        break;
    }
  }

  /* the last word: an input and norm by the properties, a frequency */
  st->last_input = g_strdup (g_ptr_array_index (st->inputs, 0));
  st->last_norm = norm_for (g_array_index (st->input_stds, v4l2_std_id, 0),
      TRUE);
  fail_unless (st->last_norm != 0);
  g_object_set (st->src, "input", st->last_input, "norm", (gint) st->last_norm,
      NULL);
  if (st->tuner_channel) {
    st->last_frequency = 3028 * 62500;
    fail_unless (gst_tv_tuner_set_frequency (tuner, st->tuner_channel,
            st->last_frequency));
  }

  g_rand_free (rand);
  return NULL;
}

static gpointer
balance_thread (gpointer data)
{
  Stress *st = data;
  GstColorBalance *balance = GST_COLOR_BALANCE (st->src);
  const GList *channels = gst_color_balance_list_channels (balance);
  guint len = g_list_length ((GList *) channels), i;
  guint n = STRESS_CALLS / N_THREADS;
  GRand *rand = g_rand_new_with_seed (2);

  for (i = 0; i < n && len > 0; i++) {
    guint k = g_rand_int_range (rand, 0, MIN (len, 4));
    GstColorBalanceChannel *c = g_list_nth_data ((GList *) channels, k);
    guint b = balance_index (c);
    /* within what any input allows (out of the current range is clamped);
     * not the channel's own range: the input it was made for may no
     * longer be the current one */
    gint v = g_rand_int_range (rand, st->lo[b], st->hi[b] + 1);

    if (i % 2 == 0) {
      gst_color_balance_set_value (balance, c, v);
      st->last_balance[k] = v;
      st->have_balance[k] = TRUE;
    } else {
      /* the range is the current input's, which may change under us:
       * within what any input allows */
      v = gst_color_balance_get_value (balance, c);
      fail_unless (v >= st->lo[b] && v <= st->hi[b],
          "%s reads %d, outside %d..%d", c->label, v, st->lo[b], st->hi[b]);
    }
  }
  /* with no channels, the same number of calls that find none */
  for (; i < n; i++)
    fail_unless (gst_color_balance_list_channels (balance) == NULL);

  g_rand_free (rand);
  return NULL;
}

static gpointer
orientation_thread (gpointer data)
{
  static const gchar *directions[] = { "identity", "horiz", "vert", "180" };
  Stress *st = data;
  guint n = STRESS_CALLS / N_THREADS, i;
  GRand *rand = g_rand_new_with_seed (3);

  for (i = 0; i < n; i++) {
    if (i % 2 == 0) {
      const gchar *d = directions[g_rand_int_range (rand, 0, 4)];

      gst_util_set_object_arg (G_OBJECT (st->src), "video-direction", d);
      g_free (st->last_direction);
      st->last_direction = g_strdup (d);
    } else {
      gint v = -1;

      g_object_get (st->src, "video-direction", &v, NULL);
      fail_unless (v >= 0);
    }
  }

  g_rand_free (rand);
  return NULL;
}

static gpointer
reader_thread (gpointer data)
{
  Stress *st = data;
  GstTvTuner *tuner = GST_TV_TUNER (st->src);
  guint n = STRESS_CALLS / N_THREADS, i;

  for (i = 0; i < n; i++) {
    gchar *s = NULL;
    gint norm = 0, b = 0;
    gulong hz = 0;

    switch (i % 6) {
      case 0:
        g_object_get (st->src, "input", &s, NULL);
        fail_unless (s != NULL);
        break;
      case 1:
        g_object_get (st->src, "norm", &norm, NULL);
        break;
      case 2:
        g_object_get (st->src, "frequency", &hz, "brightness", &b, NULL);
        break;
      case 3:
        g_object_get (st->src, "device-name", &s, NULL);
        fail_unless (s != NULL);
        break;
      case 4:
        fail_unless (gst_tv_tuner_get_channel (tuner) != NULL);
        gst_tv_tuner_get_norm (tuner);
        break;
      default:
        if (st->tuner_channel) {
          gst_tv_tuner_get_frequency (tuner, st->tuner_channel);
          gst_tv_tuner_signal_strength (tuner, st->tuner_channel);
        }
        break;
    }
    g_free (s);
  }
  return NULL;
}

/* --- the test --- */

static void
stress_clear (gpointer data)
{
  Stress *st = data;

  g_clear_pointer (&st->inputs, g_ptr_array_unref);
  g_clear_pointer (&st->input_stds, g_array_unref);
  g_free (st->last_input);
  g_free (st->last_direction);
  g_mutex_clear (&st->lock);
  g_cond_clear (&st->cond);
}

static gboolean
state_settled (Stress * st)
{
  GstTvTuner *tuner = GST_TV_TUNER (st->src);
  GstTvTunerChannel *channel = gst_tv_tuner_get_channel (tuner);
  GstTvTunerNorm *norm = gst_tv_tuner_get_norm (tuner);
  gchar *input = NULL;
  gint value = 0;
  gboolean ret;

  g_object_get (st->src, "input", &input, "norm", &value, NULL);
  ret = channel != NULL && norm != NULL &&
      g_ascii_strcasecmp (gst_tv_tuner_channel_get_label (channel),
      st->last_input) == 0 && g_ascii_strcasecmp (input, st->last_input) == 0
      && (v4l2_std_id) value == st->last_norm &&
      (gst_tv_tuner_norm_get_std_id (norm) & st->last_norm) != 0;
  g_free (input);
  return ret;
}

GST_START_TEST (test_stress)
{
  GThreadFunc funcs[N_THREADS] = { tuner_thread, balance_thread,
    orientation_thread, reader_thread
  };
  const gchar *names[N_THREADS] = { "tuner", "balance", "orient", "reader" };
  GThread *threads[N_THREADS];
  Stress *st;
  GstElement *pipeline, *sink;
  GstBus *bus;
  GstMessage *msg;
  const GList *l;
  guint64 before;
  gint64 end;
  guint i;

  pipeline = gst_pipeline_new (NULL);
  v4l2tv_check_track (pipeline);
  st = v4l2tv_check_track_data (pipeline, sizeof (Stress), stress_clear);
  st->pipeline = pipeline;
  st->device = g_getenv ("V4L2TV_TEST_DEVICE");
  if (st->device == NULL || *st->device == '\0') {
    st->device = DEFAULT_DEVICE;
    v4l2tv_check_setup_card (VIRTUAL_CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  }
  g_mutex_init (&st->lock);
  g_cond_init (&st->cond);
  st->inputs = g_ptr_array_new_with_free_func (g_free);
  st->input_stds = g_array_new (FALSE, FALSE, sizeof (v4l2_std_id));
  find_inputs (st);

  st->src = gst_element_factory_make ("v4l2tvsrc", NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  fail_unless (st->src && sink);
  g_object_set (st->src, "device", st->device, "input",
      g_ptr_array_index (st->inputs, 0), NULL);
  g_object_set (sink, "sync", FALSE, "signal-handoffs", TRUE, NULL);
  g_signal_connect (sink, "handoff", G_CALLBACK (on_handoff), st);
  gst_bin_add_many (GST_BIN (st->pipeline), st->src, sink, NULL);
  fail_unless (gst_element_link (st->src, sink));
  bus = gst_element_get_bus (st->pipeline);

  fail_if (gst_element_set_state (st->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  wait_frames (st, 0, 2);

  for (l = gst_tv_tuner_list_channels (GST_TV_TUNER (st->src)); l; l = l->next)
    if (gst_tv_tuner_channel_get_flags (l->data) &
        GST_TV_TUNER_CHANNEL_FREQUENCY)
      st->tuner_channel = l->data;

  before = frames_now (st);
  for (i = 0; i < N_THREADS; i++)
    threads[i] = g_thread_new (names[i], funcs[i], st);
  for (i = 0; i < N_THREADS; i++)
    g_thread_join (threads[i]);
  GST_INFO ("%u calls from %u threads, %" G_GUINT64_FORMAT " frames meanwhile",
      STRESS_CALLS, N_THREADS, frames_now (st) - before);
  fail_unless (frames_now (st) > before, "no frame while the threads ran");

  /* frames keep coming, and the last switch lands */
  before = frames_now (st);
  end = g_get_monotonic_time () + FRAME_DEADLINE;
  while (!state_settled (st)) {
    fail_unless (g_get_monotonic_time () < end, "the last switch never "
        "landed");
    wait_frames (st, frames_now (st), 1);
  }
  wait_frames (st, before, 3);

  /* the last values set; a control the driver keeps per input (vivid's
   * brightness) has the range and a value of the last input instead */
  for (i = 0, l = gst_color_balance_list_channels (GST_COLOR_BALANCE
          (st->src)); l && i < 4; l = l->next, i++) {
    GstColorBalanceChannel *c = l->data;
    guint b = balance_index (c), n = input_index (st, st->last_input);
    gint v = gst_color_balance_get_value (GST_COLOR_BALANCE (st->src), c);

    fail_unless_equals_int (c->min_value, st->range[n][b].min);
    fail_unless_equals_int (c->max_value, st->range[n][b].max);
    if (st->per_input[b])
      fail_unless (v >= c->min_value && v <= c->max_value, "%s: %d",
          c->label, v);
    else if (st->have_balance[i])
      fail_unless_equals_int (v, st->last_balance[i]);
  }
  if (st->last_direction) {
    gchar *d = NULL;
    GValue v = G_VALUE_INIT;

    g_value_init (&v, GST_TYPE_VIDEO_ORIENTATION_METHOD);
    g_object_get_property (G_OBJECT (st->src), "video-direction", &v);
    d = gst_value_serialize (&v);
    fail_unless_equals_string (d, st->last_direction);
    g_free (d);
    g_value_unset (&v);
  }
  if (st->tuner_channel)
    fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (GST_TV_TUNER
            (st->src), st->tuner_channel), st->last_frequency);

  /* no error on the bus (warnings are fine: refused norms, flips a card
   * cannot do) */
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  if (msg) {
    GError *err = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    fail ("error: %s (%s)", err->message, debug);
  }

  fail_unless_equals_int (gst_element_set_state (st->pipeline,
          GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (st->pipeline);
  if (st->device == (const gchar *) DEFAULT_DEVICE)
    v4l2tv_check_card_closed (VIRTUAL_CARD);
}

GST_END_TEST;

/* --- the lists across state changes --- */

/* state cycles of test_lists_across_states */
#define STATE_CYCLES 200

typedef struct
{
  GstElement *src;              /* a reference of the reader's own */
  GThread *thread;
  gint stop;                    /* atomic: the reader ends */
  gint found;                   /* atomic: its rounds that found lists */
} ListReader;

/* what an application does from a thread of its own: reads the lists the
 * interfaces give (transfer none) and every object in them, and looks
 * names up in them, while the element may be changing state */
static gpointer
list_reader_thread (gpointer data)
{
  ListReader *r = data;
  GstTvTuner *tuner = GST_TV_TUNER (r->src);
  GstColorBalance *balance = GST_COLOR_BALANCE (r->src);

  while (!g_atomic_int_get (&r->stop)) {
    GstTvTunerChannel *channel;
    GstTvTunerNorm *norm;
    const GList *l;
    guint n = 0;

    for (l = gst_tv_tuner_list_channels (tuner); l; l = l->next) {
      fail_unless (gst_tv_tuner_channel_get_label (l->data) != NULL);
      n++;
    }
    for (l = gst_tv_tuner_list_norms (tuner); l; l = l->next) {
      fail_unless (gst_tv_tuner_norm_get_std_id (l->data) != 0);
      n++;
    }
    norm = gst_tv_tuner_find_norm_by_name (tuner, "PAL");
    if (norm)
      fail_unless (gst_tv_tuner_norm_get_std_id (norm) & V4L2_STD_PAL);
    channel = gst_tv_tuner_find_channel_by_name (tuner, "Television");
    if (channel)
      fail_unless (gst_tv_tuner_channel_get_index (channel) < 64);
    channel = gst_tv_tuner_get_channel (tuner);
    if (channel)
      fail_unless (gst_tv_tuner_channel_get_label (channel) != NULL);
    norm = gst_tv_tuner_get_norm (tuner);
    if (norm)
      fail_unless (gst_tv_tuner_norm_get_label (norm) != NULL);
    for (l = gst_color_balance_list_channels (balance); l; l = l->next) {
      GstColorBalanceChannel *c = l->data;

      fail_unless (c->label != NULL && c->min_value <= c->max_value);
      n++;
    }
    if (n > 0)
      g_atomic_int_inc (&r->found);
  }
  return NULL;
}

/* the reader's end, also after a failed assertion (the teardown) */
static void
list_reader_clear (gpointer data)
{
  ListReader *r = data;

  g_atomic_int_set (&r->stop, 1);
  if (r->thread)
    g_thread_join (g_steal_pointer (&r->thread));
  gst_clear_object (&r->src);
}

/* until the reader has found the lists again since @since; a hang guard */
static void
wait_reader (ListReader * r, gint since)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

  while (g_atomic_int_get (&r->found) <= since) {
    fail_unless (g_get_monotonic_time () < end, "the reader never found the "
        "lists");
    g_usleep (100);
  }
}

/* STATE_CYCLES times: @top to READY, @element's @port property to @a or
 * @b in turn, @top to @high (READY or PLAYING) and to NULL, while the
 * reader of @r reads @element's lists from its thread; the reader has
 * found the lists at each step before the next. Ends the reader. */
static void
cycle_under_reader (ListReader * r, GstElement * top, GstElement * element,
    const gchar * port, const gchar * a, const gchar * b, GstState high)
{
  guint i;

  r->src = gst_object_ref (element);
  r->thread = g_thread_new ("lists", list_reader_thread, r);
  for (i = 0; i < STATE_CYCLES; i++) {
    fail_unless_equals_int (gst_element_set_state (top, GST_STATE_READY),
        GST_STATE_CHANGE_SUCCESS);
    wait_reader (r, g_atomic_int_get (&r->found));
    g_object_set (element, port, i % 2 ? a : b, NULL);
    wait_reader (r, g_atomic_int_get (&r->found));
    if (high > GST_STATE_READY) {
      fail_if (gst_element_set_state (top, high) == GST_STATE_CHANGE_FAILURE);
      wait_reader (r, g_atomic_int_get (&r->found));
    }
    fail_unless_equals_int (gst_element_set_state (top, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
  }
  list_reader_clear (r);
}

/* The lists GstTvTuner and GstColorBalance return, and the channels and
 * norms in them, belong to the element and come without a reference: a
 * thread that reads them while another one takes the element through
 * NULL, READY and PLAYING and switches inputs must never read freed
 * memory (the ASan build with G_SLICE=always-malloc sees it at once;
 * elsewhere it fails the type checks, crashes or reads garbage), nor a
 * channel's range while a switch writes it (the TSan build). Inputs 1 and
 * 2 have standards on the virtual card and on vivid, and brightness has
 * another range on each. */
GST_START_TEST (test_lists_across_states)
{
  ListReader *r;
  GstElement *pipeline, *src, *sink;
  const gchar *device;

  device = v4l2tv_check_test_device (DEFAULT_DEVICE);
  if (device == (const gchar *) DEFAULT_DEVICE)
    v4l2tv_check_setup_card (VIRTUAL_CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);

  pipeline = gst_pipeline_new (NULL);
  v4l2tv_check_track (pipeline);
  r = v4l2tv_check_track_data (pipeline, sizeof (ListReader),
      list_reader_clear);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  fail_unless (src && sink);
  g_object_set (src, "device", device, NULL);
  g_object_set (sink, "sync", FALSE, NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  fail_unless (gst_element_link (src, sink));

  cycle_under_reader (r, pipeline, src, "input", "1", "2", GST_STATE_PLAYING);

  gst_object_unref (pipeline);
  if (device == (const gchar *) DEFAULT_DEVICE)
    v4l2tv_check_card_closed (VIRTUAL_CARD);
}

GST_END_TEST;

/* the same for v4l2tvsink, whose channels are the card's outputs: taken
 * between NULL and READY (its device is open from READY on) and switched
 * between two outputs while a thread reads its lists; always on the
 * virtual card, whose outputs have analog standards */
GST_START_TEST (test_sink_lists_across_states)
{
  ListReader *r;
  GstElement *sink;

  v4l2tv_check_setup_card (VIRTUAL_CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  sink = gst_element_factory_make ("v4l2tvsink", NULL);
  fail_unless (sink != NULL);
  v4l2tv_check_track (sink);
  r = v4l2tv_check_track_data (sink, sizeof (ListReader), list_reader_clear);
  g_object_set (sink, "device", DEFAULT_DEVICE, NULL);

  cycle_under_reader (r, sink, sink, "output", "Composite Out",
      "RF Modulator", GST_STATE_READY);

  gst_object_unref (sink);
  v4l2tv_check_card_closed (VIRTUAL_CARD);
}

GST_END_TEST;

static Suite *
v4l2tvstress_suite (void)
{
  Suite *s = suite_create ("v4l2tvstress");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_stress);
  tcase_add_test (tc, test_lists_across_states);
  tcase_add_test (tc, test_sink_lists_across_states);

  return s;
}

GST_CHECK_MAIN (v4l2tvstress);
