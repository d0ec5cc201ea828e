/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What VBI capture adds to a capture, end to end (built, not run as a
 * test; issue 14's goal: under 5 % of a capture to I420).
 *
 * Process CPU time per frame of
 *
 *   v4l2tvsrc device=virtual:N input=I norm=S <vbi> num-buffers=... !
 *       video/x-raw,format=I420 ! fakesink
 *
 * on the virtual TV card in FREERUN pacing (every queued buffer filled at
 * once: CPU-bound), with <vbi>
 *
 *   off      vbi-device="" (no VBI node)
 *   raw      the card's slicer has no service (the test API), so
 *            v4l2tvsrc captures raw VBI lines and slices them itself
 *   sliced   the card slices: v4l2tvsrc reads its records
 *
 * The three run one after the other in every round, --rounds rounds; the
 * medians are printed, and what raw and sliced add over off, per frame
 * and as a share of the off pipeline (the median of each round's share:
 * the runs were back to back). The frames that carried caption meta (or,
 * at 625 lines, the runs that saw WSS) are counted, to show VBI worked.
 * The virtual card draws its raw VBI lines in this process, which a real
 * card's hardware does: each round also times that drawing alone for as
 * many frames, and raw's figure less it is v4l2tvsrc's own part.
 *
 *   ninja -C build tests/benchmarks/v4l2tvsrc-vbi
 *   build/tests/benchmarks/v4l2tvsrc-vbi [--frames 600] [--rounds 9]
 *       [--warmup 50] [--card 2] [--input Composite1] [--norm NTSC]
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gst/gst.h>
#include <gst/video/video.h>

#include "bench-common.h"

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"

typedef struct
{
  const gchar *name;
  const gchar *props;           /* on v4l2tvsrc */
  guint16 slicer;               /* the card's slicer services */
} Config;

static const Config configs[] = {
  {"off", "vbi-device=\"\"", GST_TV_HW_VIRTUAL_VBI_SERVICES},
  {"raw", "", 0},
  {"sliced", "", GST_TV_HW_VIRTUAL_VBI_SERVICES},
};

#define N_CONFIGS G_N_ELEMENTS (configs)

typedef struct
{
  guint warmup, frames;
  guint count, with_meta;
  gint64 cpu_start, cpu_end;    /* ns */
} Run;

static GstPadProbeReturn
count_frame (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;

  if (gst_buffer_get_meta (GST_PAD_PROBE_INFO_BUFFER (info),
          GST_VIDEO_CAPTION_META_API_TYPE))
    run->with_meta++;
  run->count++;
  if (run->count == run->warmup)
    run->cpu_start = bench_process_cpu_ns ();
  else if (run->count == run->warmup + run->frames)
    run->cpu_end = bench_process_cpu_ns ();
  return GST_PAD_PROBE_OK;
}

static gboolean
run_pipeline (const Config * config, const gchar * src, Run * run)
{
  g_autofree gchar *launch = NULL;

  launch = g_strdup_printf ("%s %s num-buffers=%u ! video/x-raw,format=I420 "
      "! fakesink name=sink", src, config->props, run->warmup + run->frames);
  return bench_run_launch (launch, "sink", "sink", count_frame, run,
      &run->count) && run->count == run->warmup + run->frames;
}

/* the virtual card synthesises the raw lines in this process (a real
 * card's hardware does it): its CPU per frame, to take out of raw's figure */
static gdouble
card_synthesis_us (GstTvHwVirtualCard * card, guint frames)
{
  struct v4l2_vbi_format fmt;
  gsize size;
  guint8 *lines;
  gint64 t0;
  guint i;

  gst_tv_hw_virtual_card_get_vbi_format (card, &fmt);
  size = (gsize) fmt.samples_per_line * (fmt.count[0] + fmt.count[1]);
  lines = g_malloc (size);
  t0 = bench_process_cpu_ns ();
  for (i = 0; i < frames; i++)
    gst_tv_hw_virtual_card_generate_vbi_raw (card, i, lines, size);
  t0 = bench_process_cpu_ns () - t0;
  g_free (lines);
  return (gdouble) t0 / frames / 1000.0;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) err = NULL;
  g_autoptr (GOptionContext) ctx = NULL;
  g_autofree gchar *src = NULL;
  gint frames = 600, rounds = 9, warmup = 50, card_index = 2;
  gchar *input = NULL, *norm = NULL;
  GOptionEntry entries[] = {
    {"frames", 0, 0, G_OPTION_ARG_INT, &frames,
        "frames measured per run (600)", "N"},
    {"rounds", 0, 0, G_OPTION_ARG_INT, &rounds,
        "rounds of the three pipelines, interleaved (median, 9)", "N"},
    {"warmup", 0, 0, G_OPTION_ARG_INT, &warmup,
        "frames before the measurement starts (50)", "N"},
    {"card", 0, 0, G_OPTION_ARG_INT, &card_index, "virtual card (2)", "N"},
    {"input", 0, 0, G_OPTION_ARG_STRING, &input, "input (Composite1)",
        "NAME"},
    {"norm", 0, 0, G_OPTION_ARG_STRING, &norm, "norm (NTSC)", "NORM"},
    {NULL}
  };
  gdouble *cpu[N_CONFIGS], *share[N_CONFIGS], med[N_CONFIGS];
  gdouble *synth, *own, med_synth, med_own;
  guint meta[N_CONFIGS] = { 0, };
  GstTvHwVirtualCard *card;
  guint c, r;

  ctx = g_option_context_new ("- the CPU VBI capture adds to v4l2tvsrc");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &err)) {
    g_printerr ("%s\n", err->message);
    return 2;
  }
  if (frames < 1 || rounds < 1 || warmup < 1 || card_index < 0 ||
      card_index >= GST_TV_HW_VIRTUAL_MAX_CARDS) {
    g_printerr ("--frames, --rounds and --warmup must be at least 1, --card "
        "below %d\n", GST_TV_HW_VIRTUAL_MAX_CARDS);
    return 2;
  }
  if (input == NULL)
    input = g_strdup ("Composite1");
  if (norm == NULL)
    norm = g_strdup ("NTSC");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  card = gst_tv_hw_virtual_card_get (card_index);
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  src = g_strdup_printf ("v4l2tvsrc device=virtual:%d input=\"%s\" norm=%s",
      card_index, input, norm);

  for (c = 0; c < N_CONFIGS; c++) {
    cpu[c] = g_new0 (gdouble, rounds);
    share[c] = g_new0 (gdouble, rounds);
  }
  synth = g_new0 (gdouble, rounds);
  own = g_new0 (gdouble, rounds);

  printf ("VBI capture cost: %s ! video/x-raw,format=I420 ! fakesink, "
      "FREERUN pacing, %d frames per run after %d, %d rounds, %s\n", src,
      frames, warmup, rounds, gst_version_string ());

  for (r = 0; r < (guint) rounds; r++) {
    for (c = 0; c < N_CONFIGS; c++) {
      Run run = { 0, };

      if (!gst_tv_hw_virtual_card_set_vbi_services (card, configs[c].slicer)) {
        g_printerr ("cannot set the card's slicer services\n");
        return 1;
      }
      run.warmup = warmup;
      run.frames = frames;
      if (!run_pipeline (&configs[c], src, &run))
        return 1;
      cpu[c][r] = (gdouble) (run.cpu_end - run.cpu_start) / frames / 1000.0;
      meta[c] += run.with_meta;
    }
    for (c = 1; c < N_CONFIGS; c++)
      share[c][r] = 100.0 * (cpu[c][r] - cpu[0][r]) / cpu[0][r];
    synth[r] = card_synthesis_us (card, frames);
    own[r] = 100.0 * (cpu[1][r] - cpu[0][r] - synth[r]) / cpu[0][r];
    fprintf (stderr, "round %u of %d\n", r + 1, rounds);
  }

  printf ("\n| VBI | CPU us/frame (median) | min | max | frames with caption "
      "meta |\n|---|---:|---:|---:|---:|\n");
  for (c = 0; c < N_CONFIGS; c++) {
    med[c] = bench_median (cpu[c], rounds);
    printf ("| %s | %.1f | %.1f | %.1f | %u of %u |\n", configs[c].name,
        med[c], cpu[c][0], cpu[c][rounds - 1], meta[c],
        rounds * (frames + warmup));
  }
  printf ("\n");
  for (c = 1; c < N_CONFIGS; c++) {
    gdouble m = bench_median (share[c], rounds);

    printf ("%s VBI adds %.1f us a frame: %.1f %% of the capture to I420 "
        "(median of the rounds' shares; %.1f to %.1f %%), %.1f %% by the "
        "medians\n", configs[c].name, med[c] - med[0], m, share[c][0],
        share[c][rounds - 1], 100.0 * (med[c] - med[0]) / med[0]);
  }

  /* the medians first: median() sorts, so [0] and [rounds - 1] are the
   * extremes only after it */
  med_synth = bench_median (synth, rounds);
  med_own = bench_median (own, rounds);
  printf ("\nthe virtual card's own synthesis of a raw VBI frame: %.1f us "
      "(%.1f to %.1f; in raw's figure, where a real card's hardware does it)\n"
      "raw VBI without it, v4l2tvsrc's own part: %.1f us a frame, %.1f %% of "
      "the capture to I420 (median of the rounds' shares; %.1f to %.1f %%)\n",
      med_synth, synth[0], synth[rounds - 1], med[1] - med[0] - med_synth,
      med_own, own[0], own[rounds - 1]);

  gst_tv_hw_virtual_card_set_vbi_services (card,
      GST_TV_HW_VIRTUAL_VBI_SERVICES);
  for (c = 0; c < N_CONFIGS; c++) {
    g_free (cpu[c]);
    g_free (share[c]);
  }
  g_free (synth);
  g_free (own);
  g_free (input);
  g_free (norm);

  return 0;
}
