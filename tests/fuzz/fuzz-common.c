/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the libFuzzer harnesses (see fuzz-common.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/video/video.h>

#include "fuzz-common.h"
#include "gstv4l2tvelements.h"

/* warnings and messages are expected (bad input gets a clear error) and
 * would only slow the fuzzer down; criticals are bugs: abort, so that
 * libFuzzer reports the input */
/* UBSan reports and goes on by default: a fuzzer must stop at the first
 * report, as at a crash, so that the input is saved (UBSAN_OPTIONS in the
 * environment still wins) */
const char *__ubsan_default_options (void);

const char *
__ubsan_default_options (void)
{
  return "halt_on_error=1:print_stacktrace=1";
}

static gint tolerate_criticals;

void
fuzz_tolerate_criticals (gboolean tolerate)
{
  g_atomic_int_set (&tolerate_criticals, tolerate);
}

static void
log_handler (const gchar * domain, GLogLevelFlags level, const gchar * msg,
    gpointer user_data)
{
  if ((level & G_LOG_LEVEL_ERROR) || ((level & G_LOG_LEVEL_CRITICAL) &&
          !g_atomic_int_get (&tolerate_criticals))) {
    fprintf (stderr, "%s-CRITICAL: %s\n", domain ? domain : "?", msg);
    abort ();
  }
  if (g_getenv ("V4L2TV_FUZZ_VERBOSE"))
    fprintf (stderr, "%s: %s\n", domain ? domain : "?", msg);
}

void
fuzz_init (void)
{
  static gboolean done = FALSE;

  if (done)
    return;
  done = TRUE;

  /* no plugin from disk (no registry scan, no plugin scanner): the
   * harnesses need only our elements, registered below, and GStreamer's
   * core */
  g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", "", TRUE);
  g_setenv ("GST_PLUGIN_PATH_1_0", "", TRUE);
  g_setenv ("GST_REGISTRY_UPDATE", "no", TRUE);
  g_setenv ("GST_REGISTRY_1_0", "/nonexistent/v4l2tv-fuzz.registry", TRUE);
  /* frames only when a harness emits them: nothing sleeps */
  g_setenv ("V4L2TV_VIRTUAL_PACING", "manual", TRUE);

  /* the handler aborts on criticals itself (unless tolerated), so that
   * a critical is not fatal where it is expected */
  g_log_set_default_handler (log_handler, NULL);
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR);

  gst_init (NULL, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  fuzz_warm_up ();
}

/* One of each thing the caps parser and the video library make a type,
 * a quark or a table for on first use. Well-formed (each is checked to
 * parse), so that no leak of GStreamer's parser is made here. */
static const gchar *const warm_up_caps[] = {
  "video/x-raw, format=(string){ YUY2, UYVY, I420 }, "
      "width=(int)[ 1, 2147483647 ], height=(int)576, "
      "framerate=(fraction)[ 0/1, 2147483647/1 ], "
      "interlace-mode=(string)interleaved, "
      "field-order=(string)top-field-first, pixel-aspect-ratio=(fraction)59/54, "
      "colorimetry=(string)bt601, chroma-site=(string)mpeg2, "
      "multiview-mode=(string)mono",
  "video/x-raw(memory:SystemMemory, meta:GstVideoOverlayComposition), "
      "format=NV12",
  "video/x-raw(memory:DMABuf), format=NV12",
  "video/x-raw(memory:GLMemory), format=RGBA, texture-target=2D",
  "video/x-raw(ANY)",
  "audio/x-raw, format=S16LE, rate=(int)48000, channels=(int)2, "
      "layout=interleaved, channel-mask=(bitmask)0x3",
  "image/jpeg; image/png; application/x-rtp, media=video, "
      "clock-rate=(int)90000, payload=(int)96",
  "closedcaption/x-cea-608, format=raw; closedcaption/x-cea-708, format=cdp; "
      "text/x-raw, format=utf8; application/x-teletext",
  "test/x-types, i=(int)-1, u=(uint)1, i64=(gint64)-2, u64=(guint64)2, "
      "d=(double)1.5, f=(float)2.5, b=(boolean)true, s=(string)\"a b\", "
      "fr=(fraction)1/2, ir=(int)[ 2, 6, 2 ], i64r=(gint64)[ 1, 5 ], "
      "dr=(double)[ 0.5, 1.5 ], frr=(fraction)[ 1/2, 3/4 ], l={ 1, 2 }, "
      "a=< 1, 2 >, bm=(bitmask)0xff, fs=(GstFlagSet)0x3:0xf, "
      "dt=(datetime)2026-01-01T00:00:00Z, date=(date)2026-01-01, "
      "c=(GstCaps)\"video/x-raw\", st=(structure)\"s\\,\\ a\\=\\(int\\)1\\;\"",
  "EMPTY", "ANY", "NONE",
};

static void
warm_up_caps_parser (void)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (warm_up_caps); i++) {
    GstCaps *caps = gst_caps_from_string (warm_up_caps[i]);
    GstCaps *copy;
    gchar *str;

    if (caps == NULL) {
      fprintf (stderr, "fuzz: the warm-up caps do not parse: %s\n",
          warm_up_caps[i]);
      abort ();
    }
    str = gst_caps_to_string (caps);
    g_free (str);
    copy = gst_caps_intersect (caps, caps);
    gst_caps_unref (copy);
    if (!gst_caps_is_any (caps) && !gst_caps_is_empty (caps))
      gst_caps_unref (gst_caps_fixate (gst_caps_copy (caps)));
    gst_caps_unref (caps);
  }
}

/* every format's table entry and the colorimetry/size rules that
 * gst_video_info_from_caps() uses */
static void
warm_up_video_formats (void)
{
  gint f;

  for (f = GST_VIDEO_FORMAT_I420; f < 256; f++) {
    const gchar *name = gst_video_format_to_string (f);
    GstVideoInfo info;
    GstCaps *caps;

    if (name == NULL || g_strcmp0 (name, "UNKNOWN") == 0)
      break;
    caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
        name, "width", G_TYPE_INT, 720, "height", G_TYPE_INT, 576,
        "framerate", GST_TYPE_FRACTION, 25, 1, "interlace-mode",
        G_TYPE_STRING, "interleaved", NULL);
    (void) gst_video_info_from_caps (&info, caps);
    gst_caps_unref (caps);
  }
}

/* each element once through READY on the virtual card, with a caps query
 * and an accept-caps query for each structure of its template: the
 * element's and GstBaseSrc/GstBaseSink's classes, the card's tables */
static void
warm_up_element (const gchar * factory, const gchar * pad_name)
{
  GstElement *e = gst_element_factory_make (factory, NULL);
  GstPad *pad;
  GstCaps *templ, *caps;
  guint i;

  if (e == NULL)
    abort ();
  gst_object_ref_sink (e);
  g_object_set (e, "device", "virtual:0", NULL);
  pad = gst_element_get_static_pad (e, pad_name);
  if (gst_element_set_state (e, GST_STATE_READY) == GST_STATE_CHANGE_SUCCESS) {
    caps = gst_pad_query_caps (pad, NULL);
    gst_caps_unref (caps);
    templ = gst_pad_get_pad_template_caps (pad);
    for (i = 0; i < gst_caps_get_size (templ); i++) {
      caps = gst_caps_copy_nth (templ, i);
      caps = gst_caps_fixate (caps);
      gst_pad_query_accept_caps (pad, caps);
      gst_caps_unref (caps);
    }
    gst_caps_unref (templ);
  }
  fuzz_element_to_null (e, factory);
  gst_object_unref (pad);
  gst_object_unref (e);
}

/* libFuzzer runs LeakSanitizer after each input that freed less than it
 * allocated. What GLib and GStreamer allocate once, on first use, makes
 * the first input that reaches it look so (and costs a leak check), and
 * the one such allocation that drops an older block, GLib's quark table
 * growing, is a leak LeakSanitizer reports unless suppressed
 * (tests/lsan.supp). Done here, before the first input, the first inputs
 * allocate only what they free, and the seeds' run starts from the state
 * every later input sees. */
void
fuzz_warm_up (void)
{
  warm_up_caps_parser ();
  warm_up_video_formats ();
  warm_up_element ("v4l2tvsrc", "src");
  warm_up_element ("v4l2tvsink", "sink");
  fuzz_reset_cards (GST_TV_HW_VIRTUAL_PACING_MANUAL);
}

/* kept out of line, so that its name is in the leak's stack */
G_GNUC_NO_INLINE void
fuzz_plant_leak (void)
{
  static gint plant = -1;
  GstCaps *leaked;

  if (plant < 0)
    plant = g_strcmp0 (g_getenv ("V4L2TV_FUZZ_PLANT_LEAK"), "1") == 0;
  if (!plant)
    return;
  leaked = gst_caps_from_string ("video/x-raw, format=I420");
  GST_LOG ("planted leak %p", leaked);
}

void
fuzz_reader_init (FuzzReader * r, const guint8 * data, gsize size)
{
  r->data = data;
  r->size = size;
  r->pos = 0;
}

gboolean
fuzz_reader_done (const FuzzReader * r)
{
  return r->pos >= r->size;
}

guint8
fuzz_u8 (FuzzReader * r)
{
  return r->pos < r->size ? r->data[r->pos++] : 0;
}

guint16
fuzz_u16 (FuzzReader * r)
{
  guint16 v = fuzz_u8 (r);

  return v | (fuzz_u8 (r) << 8);
}

guint32
fuzz_u32 (FuzzReader * r)
{
  guint32 v = fuzz_u16 (r);

  return v | ((guint32) fuzz_u16 (r) << 16);
}

guint64
fuzz_u64 (FuzzReader * r)
{
  guint64 v = fuzz_u32 (r);

  return v | ((guint64) fuzz_u32 (r) << 32);
}

gchar *
fuzz_string (FuzzReader * r)
{
  const guint8 *start = r->data + r->pos;
  const guint8 *nul;
  gsize len;

  if (r->pos >= r->size)
    return g_strdup ("");
  nul = memchr (start, 0, r->size - r->pos);
  len = nul ? (gsize) (nul - start) : r->size - r->pos;
  r->pos += len + (nul ? 1 : 0);

  return g_strndup ((const gchar *) start, len);
}

void
fuzz_reset_cards (GstTvHwVirtualPacing pacing)
{
  guint i;

  for (i = 0; i < FUZZ_N_CARDS; i++) {
    GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (i);

    if (!gst_tv_hw_virtual_card_reset (card)) {
      fprintf (stderr, "virtual:%u: %u handle(s) still open\n", i,
          gst_tv_hw_virtual_card_get_open_count (card));
      abort ();
    }
    gst_tv_hw_virtual_card_set_pacing (card, pacing);
  }
}

void
fuzz_element_to_null (GstElement * element, const gchar * what)
{
  if (gst_element_set_state (element, GST_STATE_NULL) !=
      GST_STATE_CHANGE_SUCCESS) {
    fprintf (stderr, "%s: could not go to NULL\n", what);
    abort ();
  }
}
