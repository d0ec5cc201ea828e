/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vivid-vbi-src: v4l2tvsrc's VBI on vivid's nodes (issue 14), in the
 * vivid guest with node_types=0xd0d (tests/vivid/meson.build, test
 * vivid-vbi):
 *
 *   vivid-vbi-src -d VIDEO --input N --norm NTSC|PAL [--expect-mode MODE]
 *     [--set PROP=VALUE]...
 *
 * runs `v4l2tvsrc device=VIDEO input=N norm=NORM PROP=VALUE... ! fakesink`
 * and watches the source's buffers and caps:
 * - NTSC: the GstVideoCaptionMeta (CEA608_S334_1A) on the frames decodes
 *   on CC1 (field 1 triplets) to vivid's "Hello world!" and "Closed
 *   captions test", and field 2 triplets (XDS) come apart from field 1;
 * - PAL: the caps keep the 4:3 pixel aspect ratio, 59/54, over the frames
 *   (vivid's WSS says 4:3 full format), a v4l2tv-wss message says 4:3
 *   full format and none 16:9.
 * The source's vbi-stats say the mode (sliced unless --expect-mode) and
 * count captions (NTSC) or WSS words (PAL). No error from the pipeline. Exit 0, 1 on a failure, 77 without a
 * device.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <gst/gst.h>
#include <gst/video/video.h>

#include "vbi/tvvbi.h"
#include "vivid-args.h"

/* vivid's two captions take about 40 frames, one cycle 60; WSS needs a
 * few. Enough cycles for one whole caption of each kind on a VM that runs
 * late (a frame number vivid skips or repeats spoils the caption it falls
 * in) */
#define MAX_NTSC_FRAMES 900
#define PAL_FRAMES 30
#define RUN_TIMEOUT (60 * GST_SECOND)

typedef struct
{
  GMutex lock;
  gboolean ntsc;
  guint frames, with_meta, field1, field2, bad_meta;
  guint64 last_offset;
  guint glitches;               /* frame numbers vivid skipped or repeated */
  GstTvVbiCcDecoder *cc1;
  gboolean hello, closed;
  gint par_n, par_d;
  guint par_changes;
  gboolean done;
} Watch;

static GstPadProbeReturn
probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Watch *w = user_data;

  g_mutex_lock (&w->lock);
  if (GST_PAD_PROBE_INFO_TYPE (info) & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM) {
    GstEvent *ev = GST_PAD_PROBE_INFO_EVENT (info);

    if (GST_EVENT_TYPE (ev) == GST_EVENT_CAPS) {
      GstCaps *caps;
      gint n = 0, d = 0;

      gst_event_parse_caps (ev, &caps);
      gst_structure_get_fraction (gst_caps_get_structure (caps, 0),
          "pixel-aspect-ratio", &n, &d);
      {
        gchar *str = gst_caps_to_string (caps);

        g_print ("      caps: %s\n", str);
        g_free (str);
      }
      if (w->par_n && (n != w->par_n || d != w->par_d))
        w->par_changes++;
      w->par_n = n;
      w->par_d = d;
    }
  } else if (GST_PAD_PROBE_INFO_TYPE (info) & GST_PAD_PROBE_TYPE_BUFFER) {
    GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
    GstVideoCaptionMeta *meta = gst_buffer_get_video_caption_meta (buf);

    w->frames++;
    /* vivid late (no KVM, a busy host) skips or repeats frame numbers, on
     * its VBI node as on its video node, and its caption stream with them:
     * the caption being built is spoilt, decoding starts over */
    if (w->frames > 1 && GST_BUFFER_OFFSET (buf) != w->last_offset + 1) {
      w->glitches++;
      gst_tv_vbi_cc_decoder_free (w->cc1);
      w->cc1 = gst_tv_vbi_cc_decoder_new (1);
    }
    w->last_offset = GST_BUFFER_OFFSET (buf);
    if (meta) {
      GstTvVbiData d;

      w->with_meta++;
      memset (&d, 0, sizeof (d));
      if (meta->caption_type != GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A ||
          !gst_tv_vbi_s334_1a_unpack (meta->data, meta->size, &d)) {
        w->bad_meta++;
      } else {
        if (d.has_caption[0]) {
          gchar *text;
          gboolean shown;

          w->field1++;
          shown = gst_tv_vbi_cc_decoder_feed (w->cc1, d.caption[0][0],
              d.caption[0][1]);
          text = gst_tv_vbi_cc_decoder_get_text (w->cc1);
          if (text && strstr (text, "Hello world!") && !w->hello) {
            g_print ("      CC1 \"Hello world!\" at frame %u\n", w->frames);
            w->hello = TRUE;
          }
          if (text && strstr (text, "Closed captions test") && !w->closed) {
            g_print ("      CC1 \"Closed captions test\" at frame %u\n",
                w->frames);
            w->closed = TRUE;
          }
          g_free (text);
          /* vivid's captions carry no preamble address code, so nothing
           * takes the cursor back to column 0: a decoder, like a TV set,
           * writes each caption on where the last one ended, and one pair
           * vivid skipped or repeated shifts every later caption off the
           * row's end. Each caption is decoded on its own instead. */
          if (shown) {
            gst_tv_vbi_cc_decoder_free (w->cc1);
            w->cc1 = gst_tv_vbi_cc_decoder_new (1);
          }
        }
        if (d.has_caption[1])
          w->field2++;
      }
    }
    if (w->ntsc ? (w->hello && w->closed && w->field2 > 0) ||
        w->frames >= MAX_NTSC_FRAMES : w->frames >= PAL_FRAMES)
      w->done = TRUE;
  }
  g_mutex_unlock (&w->lock);
  return GST_PAD_PROBE_OK;
}

int
main (int argc, char **argv)
{
  gchar *location, *out_location, *norm = NULL, **sets = NULL;
  gchar *expect_mode = NULL, *mode = NULL;
  GstStructure *stats = NULL;
  guint n_captions = 0, n_wss = 0;
  gint input = -1;
  GOptionEntry entries[] = {
    {"input", 0, 0, G_OPTION_ARG_INT, &input, "the input index", "N"},
    {"norm", 0, 0, G_OPTION_ARG_STRING, &norm, "NTSC or PAL", "NORM"},
    {"expect-mode", 0, 0, G_OPTION_ARG_STRING, &expect_mode,
        "the VBI mode vbi-stats must say (sliced, raw)", "MODE"},
    {"set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets,
        "a property of v4l2tvsrc (repeatable)", "PROP=VALUE"},
    {NULL}
  };
  GstElement *pipeline, *src, *sink;
  GstPad *pad;
  GstBus *bus;
  Watch w;
  gboolean error = FALSE, wss_16_9 = FALSE, wss_4_3 = FALSE, ok;
  GstClockTime waited = 0;
  gchar *input_str;
  guint i, failed = 0;
  gint ret;

  gst_init (&argc, &argv);
  ret = vivid_parse_args (&argc, &argv, "vivid-vbi-src",
      "- v4l2tvsrc's VBI on vivid", entries, &location, &out_location);
  if (ret != 0)
    return ret;
  if (input < 0 || norm == NULL || (g_ascii_strcasecmp (norm, "NTSC") != 0 &&
          g_ascii_strcasecmp (norm, "PAL") != 0)) {
    g_printerr ("vivid-vbi-src: --input N and --norm NTSC|PAL are needed\n");
    return 2;
  }

  memset (&w, 0, sizeof (w));
  g_mutex_init (&w.lock);
  w.ntsc = g_ascii_strcasecmp (norm, "NTSC") == 0;
  w.cc1 = gst_tv_vbi_cc_decoder_new (1);

  pipeline = gst_pipeline_new (NULL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  if (src == NULL) {
    g_printerr ("vivid-vbi-src: no v4l2tvsrc (GST_PLUGIN_PATH?)\n");
    return 1;
  }
  input_str = g_strdup_printf ("%d", input);
  g_object_set (src, "device", location, NULL);
  gst_util_set_object_arg (G_OBJECT (src), "input", input_str);
  gst_util_set_object_arg (G_OBJECT (src), "norm", norm);
  g_free (input_str);
  for (i = 0; sets && sets[i]; i++) {
    gchar **kv = g_strsplit (sets[i], "=", 2);

    if (kv[1] == NULL || g_object_class_find_property (G_OBJECT_GET_CLASS
            (src), kv[0]) == NULL) {
      g_printerr ("vivid-vbi-src: v4l2tvsrc has no property '%s'\n", kv[0]);
      return 2;
    }
    gst_util_set_object_arg (G_OBJECT (src), kv[0], kv[1]);
    g_strfreev (kv);
  }
  sink = gst_element_factory_make ("fakesink", NULL);
  g_object_set (sink, "sync", FALSE, NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  if (!gst_element_link (src, sink)) {
    g_printerr ("vivid-vbi-src: cannot link v4l2tvsrc to fakesink\n");
    return 1;
  }
  pad = gst_element_get_static_pad (src, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER |
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, probe, &w, NULL);
  gst_object_unref (pad);

  g_print ("vivid-vbi-src: %s input %d %s\n", location, input, norm);
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  for (;;) {
    GstMessage *msg = gst_bus_timed_pop (bus, 100 * GST_MSECOND);
    gboolean done;

    if (msg) {
      if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
        GError *err = NULL;

        gst_message_parse_error (msg, &err, NULL);
        g_print ("      error: %s\n", err->message);
        g_clear_error (&err);
        error = TRUE;
      } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING) {
        GError *err = NULL;

        gst_message_parse_warning (msg, &err, NULL);
        g_print ("      warning: %s\n", err->message);
        g_clear_error (&err);
      } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
          gst_message_has_name (msg, "v4l2tv-wss")) {
        const GstStructure *st = gst_message_get_structure (msg);
        guint word = 0;

        gchar *str = gst_structure_to_string (st);

        g_print ("      %s\n", str);
        g_free (str);
        if (gst_structure_get_uint (st, "word", &word) &&
            gst_tv_vbi_wss_aspect (word) == GST_TV_VBI_WSS_16_9_ANAMORPHIC)
          wss_16_9 = TRUE;
        if (gst_structure_get_uint (st, "word", &word) &&
            gst_tv_vbi_wss_aspect (word) == GST_TV_VBI_WSS_4_3_FULL)
          wss_4_3 = TRUE;
      }
      gst_message_unref (msg);
    } else {
      waited += 100 * GST_MSECOND;
    }
    g_mutex_lock (&w.lock);
    done = w.done;
    g_mutex_unlock (&w.lock);
    if (done || error || waited >= RUN_TIMEOUT)
      break;
  }
  /* what the source says it did, before it stops */
  g_object_get (src, "vbi-stats", &stats, NULL);
  if (stats) {
    gchar *str = gst_structure_to_string (stats);

    g_print ("      %s\n", str);
    g_free (str);
    mode = g_strdup (gst_structure_get_string (stats, "mode"));
    gst_structure_get_uint (stats, "captions", &n_captions);
    gst_structure_get_uint (stats, "wss", &n_wss);
    gst_structure_free (stats);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);

#define RESULT(cond, ...) G_STMT_START {                                \
    ok = (cond);                                                        \
    g_print (ok ? "ok    " : "FAIL  ");                                 \
    g_print (__VA_ARGS__);                                              \
    g_print ("\n");                                                     \
    failed += !ok;                                                      \
  } G_STMT_END

  RESULT (!error, "%s: no error", norm);
  RESULT (w.frames > 0 && waited < RUN_TIMEOUT, "%s: %u frames in time",
      norm, w.frames);
  RESULT (g_strcmp0 (mode, expect_mode ? expect_mode : "sliced") == 0,
      "%s: vbi-stats mode %s (want %s)", norm, mode ? mode : "(none)",
      expect_mode ? expect_mode : "sliced");
  if (w.ntsc) {
    RESULT (n_captions > 0, "NTSC: vbi-stats counts %u caption pairs",
        n_captions);
    RESULT (w.bad_meta == 0 && w.with_meta > 0, "NTSC: caption meta "
        "(S334-1A) on %u of %u frames, %u unreadable", w.with_meta,
        w.frames, w.bad_meta);
    RESULT (w.hello, "NTSC: \"Hello world!\" on CC1 (%u frames, %u frame "
        "numbers vivid skipped or repeated)", w.frames, w.glitches);
    RESULT (w.closed, "NTSC: \"Closed captions test\" on CC1");
    RESULT (w.field1 > 0 && w.field2 > 0, "NTSC: field 1 (%u) and field 2 "
        "(%u, XDS) triplets kept apart", w.field1, w.field2);
  } else {
    RESULT (w.par_n == 59 && w.par_d == 54 && w.par_changes == 0,
        "PAL: pixel-aspect-ratio 59/54 throughout (%d/%d, %u changes)",
        w.par_n, w.par_d, w.par_changes);
    RESULT (n_wss > 0, "PAL: vbi-stats counts %u WSS words", n_wss);
    RESULT (wss_4_3, "PAL: a v4l2tv-wss message with 4:3 full format");
    RESULT (!wss_16_9, "PAL: no 16:9 WSS message");
    RESULT (w.with_meta == 0, "PAL: no caption meta (%u)", w.with_meta);
  }
  g_print ("vivid-vbi-src: %s\n", failed ? "FAILED" : "passed");
  gst_tv_vbi_cc_decoder_free (w.cc1);
  g_strfreev (sets);
  g_free (mode);
  g_free (expect_mode);
  g_free (norm);
  g_free (location);
  g_free (out_location);
  return failed ? 1 : 0;
}
