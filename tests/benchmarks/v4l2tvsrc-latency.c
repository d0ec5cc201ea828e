/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The latency of v4l2tvsrc as a player feels it (built, not run as a
 * test), two figures per frame, on the pipeline's clock:
 * - push to render: from the moment the source pushes a frame (a probe
 *   on its pad) to the moment `queue ! fakesink sync=true` renders it (its
 *   handoff, after the sink waited for the frame's PTS plus the pipeline's
 *   latency): what a synchronised sink adds to a frame the source has,
 *   which is PTS + latency - push. A PTS later than the frame's true time
 *   (a driver stamp ahead of the clock taken as it is) shows here;
 * - PTS to push: the running time at the push minus the buffer's PTS,
 *   how long after its timestamp a frame leaves the source (the wait's
 *   wake-up, the DQBUF, the element's own work and, converting, the
 *   conversion, when the PTS is the card's time of the frame).
 * Median, 99th percentile, minimum and maximum, in milliseconds, and the
 * latency the sink was configured with (the source's reported latency
 * plus the sink's processing deadline, 20 ms). Then the medians of push
 * to render side by side: v4l2tvsrc's against v4l2src's (ratio and
 * difference; on a real device only: v4l2src cannot open a virtual card,
 * which lives in this process) and against the sink's processing
 * deadline, what a frame stamped at its arrival less one period and
 * pushed at once waits in the sink. A benchmark: it prints, it asserts
 * nothing.
 *
 * On a virtual card (REALTIME pacing: a frame is ready when its timestamp
 * comes) it compares v4l2tvsrc pushing the card's buffers (YUY2) and
 * converting them (I420). On a real device (/dev/videoN) it adds v4l2src
 * from gst-plugins-good on the same device, in the same run, with the
 * same caps: v4l2tvsrc selects the input and norm first and v4l2src
 * keeps them (it has no input property). v4l2src's PTS is the driver's
 * timestamp too when it trusts it; it ignores timestamps that are ahead
 * of the clock (vivid stamps the nominal end of a frame) and then stamps
 * "now - one frame period": its figure is then about one period plus its
 * work, which the output says.
 *
 * The pipelines (SRC ! CAPS ! queue ! fakesink sync=true) run one after the other
 * in each round, --rounds rounds, --frames frames each after --warmup;
 * the figures are over all rounds. Filler frames (signal loss) are left
 * out and counted.
 *
 *   ninja -C build tests/benchmarks/v4l2tvsrc-latency
 *   build/tests/benchmarks/v4l2tvsrc-latency [--device virtual:2]
 *       [--input S-Video] [--norm PAL] [--frames 200] [--rounds 3]
 *       [--warmup 10]
 *   tests/vivid/vivid-run -- build/tests/benchmarks/v4l2tvsrc-latency \
 *       --input 1 --norm PAL          # device: $V4L2TV_TEST_DEVICE
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/base/gstbasesink.h>

#include "bench-common.h"

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"

typedef struct
{
  const gchar *name;            /* what the table says */
  gboolean v4l2src;
  const gchar *format;
} Config;

static const Config configs[] = {
  {"v4l2tvsrc", FALSE, "YUY2"},
  {"v4l2tvsrc (converting)", FALSE, "I420"},
  {"v4l2src", TRUE, "YUY2"},
};

#define N_CONFIGS G_N_ELEMENTS (configs)

typedef struct
{
  guint warmup, frames;
  guint count;                  /* buffers seen, fillers aside */
  guint gaps;                   /* fillers seen */
  GArray *delays;               /* gint64 ns, appended to: PTS to push */
  GArray *renders;              /* push to render */
  GMutex lock;
  GHashTable *pushed;           /* PTS -> running time of the push + 1 */
  GstClockTime sink_latency;
  GstClockTime deadline;        /* the sink's processing deadline */
} Run;

/* the running time now on @element's clock; GST_CLOCK_TIME_NONE
 * without one */
static GstClockTime
running_time (GstElement * element)
{
  GstClock *clock = gst_element_get_clock (element);
  GstClockTime now;

  if (clock == NULL)
    return GST_CLOCK_TIME_NONE;
  now = gst_clock_get_time (clock) - gst_element_get_base_time (element);
  gst_object_unref (clock);
  return now;
}

static GstPadProbeReturn
on_push (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstElement *src;
  GstClockTime now;
  gint64 delay;

  if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP)) {
    run->gaps++;
    return GST_PAD_PROBE_OK;
  }
  if (run->count++ < run->warmup || !GST_BUFFER_PTS_IS_VALID (buf))
    return GST_PAD_PROBE_OK;

  src = gst_pad_get_parent_element (pad);
  now = running_time (src);
  if (GST_CLOCK_TIME_IS_VALID (now)) {
    delay = (gint64) now - (gint64) GST_BUFFER_PTS (buf);
    g_array_append_val (run->delays, delay);
    g_mutex_lock (&run->lock);
    g_hash_table_insert (run->pushed, g_memdup2 (&GST_BUFFER_PTS (buf),
            sizeof (GstClockTime)), g_memdup2 (&now, sizeof (now)));
    g_mutex_unlock (&run->lock);
  }
  gst_object_unref (src);

  return GST_PAD_PROBE_OK;
}

/* fakesink's handoff: the frame is rendered now */
static void
on_render (GstElement * sink, GstBuffer * buf, GstPad * pad, gpointer user_data)
{
  Run *run = user_data;
  GstClockTime now = running_time (sink), pts = GST_BUFFER_PTS (buf);
  GstClockTime *pushed;
  gint64 delay;

  if (!GST_CLOCK_TIME_IS_VALID (now))
    return;
  g_mutex_lock (&run->lock);
  pushed = g_hash_table_lookup (run->pushed, &pts);
  if (pushed) {
    delay = (gint64) now - (gint64) * pushed;
    g_array_append_val (run->renders, delay);
    g_hash_table_remove (run->pushed, &pts);
  }
  run->sink_latency = gst_base_sink_get_latency (GST_BASE_SINK (sink));
  run->deadline = gst_base_sink_get_processing_deadline (GST_BASE_SINK (sink));
  g_mutex_unlock (&run->lock);
}

static gboolean
run_pipeline (const gchar * launch, Run * run)
{
  g_autoptr (GError) err = NULL;
  GstElement *pipeline, *e;
  GstPad *p;
  gboolean ok;

  pipeline = gst_parse_launch (launch, &err);
  if (pipeline == NULL) {
    g_printerr ("%s: %s\n", launch, err->message);
    return FALSE;
  }
  g_mutex_init (&run->lock);
  run->pushed = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
      g_free);
  e = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  p = gst_element_get_static_pad (e, "src");
  gst_pad_add_probe (p, GST_PAD_PROBE_TYPE_BUFFER, on_push, run, NULL);
  gst_object_unref (p);
  gst_object_unref (e);
  e = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_signal_connect (e, "handoff", G_CALLBACK (on_render), run);
  gst_object_unref (e);

  ok = bench_play_to_eos (pipeline, launch, &run->count);
  g_hash_table_unref (run->pushed);
  g_mutex_clear (&run->lock);
  return ok;
}

static void print_row (const Config * config, GArray * v, guint gaps,
    GstClockTime latency);

static gint
compare_int64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* the value below which a fraction @q of the sorted @v lies (nearest
 * rank) */
static gdouble
quantile_ms (GArray * v, gdouble q)
{
  guint i = (guint) (q * v->len + 0.999999);

  i = CLAMP (i, 1, v->len) - 1;
  return g_array_index (v, gint64, i) / 1e6;
}

static void
print_header (void)
{
  printf ("| source | format | frames | median ms | p99 ms | min ms | "
      "max ms | fillers | sink latency ms |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
}

/* one row of figures (sorts @v) */
static void
print_row (const Config * config, GArray * v, guint gaps, GstClockTime latency)
{
  gdouble lat = GST_CLOCK_TIME_IS_VALID (latency) ? latency / 1e6 : -1;

  if (v->len == 0) {
    printf ("| %s | %s | 0 | | | | | %u | %.1f |\n", config->name,
        config->format, gaps, lat);
    return;
  }
  g_array_sort (v, compare_int64);
  printf ("| %s | %s | %u | %.2f | %.2f | %.2f | %.2f | %u | %.1f |\n",
      config->name, config->format, v->len, quantile_ms (v, 0.5),
      quantile_ms (v, 0.99), g_array_index (v, gint64, 0) / 1e6,
      g_array_index (v, gint64, v->len - 1) / 1e6, gaps, lat);
}

/*
 * The medians of push to render side by side: each v4l2tvsrc's against
 * v4l2src's (the last config, on a real device) and against the sink's
 * processing deadline, what a frame stamped at its arrival less one
 * period and pushed at once waits in the sink (the least it can).
 */
static void
print_ratios (const gdouble * median, guint n_configs, GstClockTime deadline)
{
  gdouble ideal = GST_CLOCK_TIME_IS_VALID (deadline) ? deadline / 1e6 : -1;
  gdouble theirs = -1;
  guint c;

  if (n_configs == N_CONFIGS && configs[N_CONFIGS - 1].v4l2src)
    theirs = median[N_CONFIGS - 1];
  printf ("\nMedians of push to render side by side:\n"
      "| source | format | median ms | v4l2src's ms | ratio | difference ms "
      "| sink's deadline ms | ratio |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|\n");
  for (c = 0; c < n_configs; c++) {
    if (configs[c].v4l2src || median[c] < 0)
      continue;
    printf ("| %s | %s | %.2f |", configs[c].name, configs[c].format,
        median[c]);
    if (theirs > 0)
      printf (" %.2f | %.2f | %+.2f |", theirs, median[c] / theirs,
          median[c] - theirs);
    else
      printf (" (no v4l2src%s) | | |", n_configs < N_CONFIGS ?
          " on this device" : " frames");
    if (ideal > 0)
      printf (" %.1f | %.2f |\n", ideal, median[c] / ideal);
    else
      printf (" | |\n");
  }
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) err = NULL;
  g_autoptr (GOptionContext) ctx = NULL;
  gint frames = 200, rounds = 3, warmup = 10;
  gchar *device = NULL, *input = NULL, *norm = NULL;
  GOptionEntry entries[] = {
    {"device", 0, 0, G_OPTION_ARG_STRING, &device,
          "virtual:N or /dev/videoN (virtual:2, or $V4L2TV_TEST_DEVICE)",
        "DEV"},
    {"input", 0, 0, G_OPTION_ARG_STRING, &input,
          "input name or index (S-Video on a virtual card, else the card's)",
        "INPUT"},
    {"norm", 0, 0, G_OPTION_ARG_STRING, &norm, "norm (PAL)", "NORM"},
    {"frames", 0, 0, G_OPTION_ARG_INT, &frames,
        "frames measured per run (200)", "N"},
    {"rounds", 0, 0, G_OPTION_ARG_INT, &rounds,
        "rounds of all pipelines, interleaved (3)", "N"},
    {"warmup", 0, 0, G_OPTION_ARG_INT, &warmup,
        "frames before the measurement starts (10)", "N"},
    {NULL}
  };
  GArray *delays[N_CONFIGS], *renders[N_CONFIGS];
  GstClockTime latency[N_CONFIGS], deadline = GST_CLOCK_TIME_NONE;
  gdouble median[N_CONFIGS];
  guint gaps[N_CONFIGS] = { 0, };
  guint n_configs, c, r, height;
  gboolean virtual;
  g_autofree gchar *input_prop = NULL;

  ctx = g_option_context_new ("- how late v4l2tvsrc pushes a frame");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    return 2;
  }
  if (frames < 1 || rounds < 1 || warmup < 0) {
    g_printerr ("--frames and --rounds must be at least 1, --warmup 0\n");
    return 2;
  }
  if (device == NULL)
    device = g_strdup (g_getenv ("V4L2TV_TEST_DEVICE") ?
        g_getenv ("V4L2TV_TEST_DEVICE") : "virtual:2");
  if (norm == NULL)
    norm = g_strdup ("PAL");
  virtual = g_str_has_prefix (device, "virtual");
  if (input == NULL && virtual)
    input = g_strdup ("S-Video");
  if (input)
    input_prop = g_strdup_printf (" input=\"%s\"", input);

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  if (virtual) {
    guint index = 0;

    if (device[7] == ':' && sscanf (device + 8, "%u", &index) != 1) {
      g_printerr ("--device: virtual:N or /dev/videoN\n");
      return 2;
    }
    gst_tv_hw_virtual_card_set_pacing (gst_tv_hw_virtual_card_get (index),
        GST_TV_HW_VIRTUAL_PACING_REALTIME);
    n_configs = 2;
  } else {
    GstElementFactory *f = gst_element_factory_find ("v4l2src");

    n_configs = f ? 3 : 2;
    if (f == NULL)
      g_printerr ("v4l2src not found: v4l2tvsrc alone\n");
    gst_clear_object (&f);
  }
  /* the standard's native size, which both sources must deliver */
  height = g_str_has_prefix (norm, "NTSC") || g_str_equal (norm, "PAL-M") ||
      g_str_equal (norm, "PAL-60") ? 480 : 576;

  printf ("Push to render in queue ! fakesink sync=true, and PTS to push "
      "(running time at the source's pad minus PTS): %s%s norm=%s%s, %d "
      "frames per run after %d, %d rounds, %s\n", device,
      input_prop ? input_prop : "", norm, virtual ? ", REALTIME pacing" : "",
      frames, warmup, rounds, gst_version_string ());

  for (c = 0; c < n_configs; c++) {
    delays[c] = g_array_new (FALSE, FALSE, sizeof (gint64));
    renders[c] = g_array_new (FALSE, FALSE, sizeof (gint64));
    latency[c] = GST_CLOCK_TIME_NONE;
  }

  for (r = 0; r < (guint) rounds; r++) {
    for (c = 0; c < n_configs; c++) {
      g_autofree gchar *launch = NULL;
      Run run = { 0, };

      if (configs[c].v4l2src)
        launch = g_strdup_printf ("v4l2src name=src device=%s norm=%s "
            "num-buffers=%u ! video/x-raw,format=%s,width=720,height=%u ! "
            "queue ! fakesink name=sink sync=true signal-handoffs=true",
            device, norm, warmup + frames, configs[c].format, height);
      else
        launch = g_strdup_printf ("v4l2tvsrc name=src device=%s%s norm=%s "
            "num-buffers=%u ! video/x-raw,format=%s ! queue ! fakesink "
            "name=sink sync=true signal-handoffs=true",
            device, input_prop ? input_prop : "", norm, warmup + frames,
            configs[c].format);
      run.warmup = warmup;
      run.frames = frames;
      run.delays = delays[c];
      run.renders = renders[c];
      run.sink_latency = GST_CLOCK_TIME_NONE;
      run.deadline = GST_CLOCK_TIME_NONE;
      if (!run_pipeline (launch, &run))
        return 1;
      gaps[c] += run.gaps;
      latency[c] = run.sink_latency;
      if (GST_CLOCK_TIME_IS_VALID (run.deadline))
        deadline = run.deadline;
    }
    fprintf (stderr, "round %u of %d\n", r + 1, rounds);
  }

  printf ("\nPush to render (what a synchronised sink adds):\n");
  print_header ();
  for (c = 0; c < n_configs; c++) {
    print_row (&configs[c], renders[c], gaps[c], latency[c]);
    median[c] = renders[c]->len ? quantile_ms (renders[c], 0.5) : -1;
  }
  print_ratios (median, n_configs, deadline);
  printf ("\nPTS to push:\n");
  print_header ();
  for (c = 0; c < n_configs; c++)
    print_row (&configs[c], delays[c], gaps[c], latency[c]);
  for (c = 0; c < n_configs; c++) {
    g_array_free (delays[c], TRUE);
    g_array_free (renders[c], TRUE);
  }

  g_free (device);
  g_free (input);
  g_free (norm);

  return 0;
}
