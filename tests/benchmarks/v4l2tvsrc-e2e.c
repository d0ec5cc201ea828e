/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * End-to-end benchmark of v4l2tvsrc's own conversion (built, not run as a
 * test).
 *
 * Process CPU time per frame of a capture pipeline on the virtual TV card,
 * in FREERUN pacing (every queued buffer is filled at once, so the
 * pipeline is CPU-bound, not paced by the standard's frame rate), for
 *
 *   direct        v4l2tvsrc ! video/x-raw,format=F ! fakesink
 *                 (v4l2tvsrc converts with tvconvert, straight from the
 *                 card's buffer into the pushed one)
 *   videoconvert  v4l2tvsrc ! video/x-raw,format=YUY2 ! videoconvert !
 *                 video/x-raw,format=F ! fakesink
 *                 (the card's buffer goes out as it is, videoconvert
 *                 converts, one thread)
 *   native        v4l2tvsrc ! video/x-raw,format=YUY2 ! fakesink
 *                 (no conversion at all: what capturing alone costs)
 *
 * for F = I420 and NV12. The element is registered in-process
 * (GST_ELEMENT_REGISTER), so the program shares the virtual cards with it
 * and needs no GST_PLUGIN_PATH. Each run captures --warmup frames, then
 * --frames frames between two readings of CLOCK_PROCESS_CPUTIME_ID (all
 * threads of the process) taken in a probe on the sink; the pipelines run
 * one after the other in every round, --rounds rounds, and the medians are
 * printed with the ratio videoconvert / direct: the median of the ratios
 * of each round (the two ran back to back, so slow phases of a shared
 * machine cancel out), and the ratio of the medians.
 *
 *   ninja -C build tests/benchmarks/v4l2tvsrc-e2e
 *   build/tests/benchmarks/v4l2tvsrc-e2e [--frames 600] [--rounds 9]
 *       [--warmup 50] [--device virtual:2] [--input S-Video] [--norm PAL]
 *
 * ORC_CODE=backup runs tvconvert's C fallback (videoconvert's ORC code
 * too), without rebuilding; GST_TV_CONVERT_AVX2=0 turns tvconvert's AVX2
 * rows off.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gst/gst.h>

#include "bench-common.h"

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"

typedef struct
{
  const gchar *name;
  const gchar *format;          /* what the sink gets */
  const gchar *chain;           /* after v4l2tvsrc, before the sink */
} Config;

static const Config configs[] = {
  {"direct", "I420", "video/x-raw,format=I420"},
  {"videoconvert", "I420",
      "video/x-raw,format=YUY2 ! videoconvert ! video/x-raw,format=I420"},
  {"direct", "NV12", "video/x-raw,format=NV12"},
  {"videoconvert", "NV12",
      "video/x-raw,format=YUY2 ! videoconvert ! video/x-raw,format=NV12"},
  {"native", "YUY2", "video/x-raw,format=YUY2"},
};

#define N_CONFIGS G_N_ELEMENTS (configs)

typedef struct
{
  guint warmup, frames;
  guint count;
  gint64 cpu_start, cpu_end;    /* ns */
  gint64 wall_start, wall_end;  /* us */
} Run;

static GstPadProbeReturn
count_frame (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;

  run->count++;
  if (run->count == run->warmup) {
    run->cpu_start = bench_process_cpu_ns ();
    run->wall_start = g_get_monotonic_time ();
  } else if (run->count == run->warmup + run->frames) {
    run->cpu_end = bench_process_cpu_ns ();
    run->wall_end = g_get_monotonic_time ();
  }
  return GST_PAD_PROBE_OK;
}

/* runs @config to EOS; FALSE on an error */
static gboolean
run_pipeline (const Config * config, const gchar * src, Run * run)
{
  g_autofree gchar *launch = NULL;

  launch = g_strdup_printf ("%s num-buffers=%u ! %s ! fakesink name=sink",
      src, run->warmup + run->frames, config->chain);
  return bench_run_launch (launch, "sink", "sink", count_frame, run,
      &run->count) && run->count == run->warmup + run->frames;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) err = NULL;
  g_autoptr (GOptionContext) ctx = NULL;
  g_autofree gchar *src = NULL;
  gint frames = 600, rounds = 9, warmup = 50;
  gchar *device = NULL, *input = NULL, *norm = NULL;
  GOptionEntry entries[] = {
    {"frames", 0, 0, G_OPTION_ARG_INT, &frames,
        "frames measured per run (600)", "N"},
    {"rounds", 0, 0, G_OPTION_ARG_INT, &rounds,
        "rounds of all pipelines, interleaved (median, 9)", "N"},
    {"warmup", 0, 0, G_OPTION_ARG_INT, &warmup,
        "frames before the measurement starts (50)", "N"},
    {"device", 0, 0, G_OPTION_ARG_STRING, &device,
        "virtual card (virtual:2)", "virtual:N"},
    {"input", 0, 0, G_OPTION_ARG_STRING, &input, "input (S-Video)", "NAME"},
    {"norm", 0, 0, G_OPTION_ARG_STRING, &norm, "norm (PAL)", "NORM"},
    {NULL}
  };
  gdouble *cpu[N_CONFIGS], *wall[N_CONFIGS], med_cpu[N_CONFIGS];
  gdouble *ratio[N_CONFIGS / 2];
  guint card_index = 2, c, r;

  ctx = g_option_context_new ("- v4l2tvsrc's conversion against videoconvert");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    return 2;
  }
  if (frames < 1 || rounds < 1 || warmup < 1) {
    g_printerr ("--frames, --rounds and --warmup must be at least 1\n");
    return 2;
  }
  if (device == NULL)
    device = g_strdup ("virtual:2");
  if (input == NULL)
    input = g_strdup ("S-Video");
  if (norm == NULL)
    norm = g_strdup ("PAL");
  if (!g_str_has_prefix (device, "virtual") ||
      (device[7] == ':' && sscanf (device + 8, "%u", &card_index) != 1) ||
      (device[7] != ':' && device[7] != '\0')) {
    g_printerr ("--device: a virtual card, virtual:N\n");
    return 2;
  }
  if (device[7] == '\0')
    card_index = 0;

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  gst_tv_hw_virtual_card_set_pacing (gst_tv_hw_virtual_card_get (card_index),
      GST_TV_HW_VIRTUAL_PACING_FREERUN);
  src = g_strdup_printf ("v4l2tvsrc device=%s input=\"%s\" norm=%s", device,
      input, norm);

  for (c = 0; c < N_CONFIGS; c++) {
    cpu[c] = g_new0 (gdouble, rounds);
    wall[c] = g_new0 (gdouble, rounds);
  }
  for (c = 0; c < N_CONFIGS / 2; c++)
    ratio[c] = g_new0 (gdouble, rounds);

  printf ("v4l2tvsrc end to end: %s, FREERUN pacing, %d frames per run "
      "after %d, %d rounds, %s%s%s%s%s\n", src, frames, warmup, rounds,
      gst_version_string (), g_getenv ("ORC_CODE") ? ", ORC_CODE=" : "",
      g_getenv ("ORC_CODE") ? g_getenv ("ORC_CODE") : "",
      g_getenv ("GST_TV_CONVERT_AVX2") ? ", GST_TV_CONVERT_AVX2=" : "",
      g_getenv ("GST_TV_CONVERT_AVX2") ? g_getenv ("GST_TV_CONVERT_AVX2") : "");

  for (r = 0; r < (guint) rounds; r++) {
    for (c = 0; c < N_CONFIGS; c++) {
      Run run = { 0, };

      run.warmup = warmup;
      run.frames = frames;
      if (!run_pipeline (&configs[c], src, &run))
        return 1;
      cpu[c][r] = (gdouble) (run.cpu_end - run.cpu_start) / frames / 1000.0;
      wall[c][r] = G_USEC_PER_SEC * (gdouble) frames /
          MAX (run.wall_end - run.wall_start, 1);
    }
    for (c = 0; c < N_CONFIGS / 2; c++)
      ratio[c][r] = cpu[2 * c + 1][r] / cpu[2 * c][r];
    fprintf (stderr, "round %u of %d\n", r + 1, rounds);
  }

  printf ("\n| pipeline | format | CPU us/frame (median) | min | max | "
      "frames/s (median) |\n|---|---|---:|---:|---:|---:|\n");
  for (c = 0; c < N_CONFIGS; c++) {
    gdouble lo, hi;

    med_cpu[c] = bench_median (cpu[c], rounds);
    lo = cpu[c][0];
    hi = cpu[c][rounds - 1];
    printf ("| %s | %s | %.0f | %.0f | %.0f | %.0f |\n", configs[c].name,
        configs[c].format, med_cpu[c], lo, hi, bench_median (wall[c], rounds));
  }

  printf ("\n");
  for (c = 0; c < N_CONFIGS / 2; c++) {
    gdouble base = med_cpu[N_CONFIGS - 1];
    gdouble direct = med_cpu[2 * c], vc = med_cpu[2 * c + 1];
    gdouble lo, hi, med;

    med = bench_median (ratio[c], rounds);
    lo = ratio[c][0];
    hi = ratio[c][rounds - 1];
    printf ("%s: videoconvert / direct = %.2f (median of the rounds' "
        "ratios; %.2f to %.2f), %.2f (ratio of the medians); conversion "
        "alone (minus native) %.0f us vs %.0f us = %.2f\n",
        configs[2 * c].format, med, lo, hi, vc / direct, direct - base,
        vc - base, (vc - base) / (direct - base));
  }

  for (c = 0; c < N_CONFIGS; c++) {
    g_free (cpu[c]);
    g_free (wall[c]);
  }
  for (c = 0; c < N_CONFIGS / 2; c++)
    g_free (ratio[c]);
  g_free (device);
  g_free (input);
  g_free (norm);

  return 0;
}
